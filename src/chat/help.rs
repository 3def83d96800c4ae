//! Help and rules-lookup text.

use crate::engine::notation::clip;
use crate::engine::GameKind;
use crate::games::Registry;

pub const COMMAND_LIST: &str = "Commands: `game new|join|leave|start|status|history|resign|kick|abort|export`, `move <step>[; <step>…]`, `undo [accept|reject]`, `board [private]`, `rules <game> [topic]`, `remind …`, `help [command]`.";

const HELP: &[(&str, &str)] = &[
    ("game", "`game new <game> [key=value …]` opens a game in this channel (one per channel; use a thread for another). `game join` / `game leave` before the start; `game start` deals the game. `game status` shows whose turn it is, `game history [n]` the last n moves. `game resign` leaves a running game (your turns are then played automatically). `game kick <player>` and `game abort` need every other player's vote, or a channel admin. `game export` attaches the replay file."),
    ("move", "`move <step>` plays one step, e.g. `move grow Kathmandu`; chain steps with `;` (`move grow Kathmandu; move Kathmandu Dhading; end`) — they are played together or not at all. Names may be shortened to any unique prefix (`move gr kat` for `grow Kathmandu`). `move` alone lists your legal steps."),
    ("undo", "`undo` takes back your last step if it is still your turn and the step revealed nothing and drew nothing at random. Anything further back asks every other player: they answer `undo accept` or `undo reject`."),
    ("board", "`board` shows the public board; `board private` shows your own view (your hidden cards, goods or plans) only to you."),
    ("rules", "`rules <game>` lists the topics of a game's rules; `rules <game> <topic>` explains one, citing the rulebook section."),
    ("remind", "`remind` shows or changes your reminder settings for this game (delay, interval, quiet hours, vacation)."),
];

/// `help [command]`.
pub fn help(topic: &str) -> String {
    let t = topic.trim().to_lowercase();
    if t.is_empty() {
        let mut s = String::from("**Sherpa** hosts board games in this channel.\n");
        for (k, v) in HELP {
            s.push_str(&format!("• **{k}** — {v}\n"));
        }
        return s;
    }
    match HELP.iter().find(|(k, _)| k.starts_with(t.as_str())) {
        Some((k, v)) => format!("**{k}** — {v}"),
        None => format!("no help on `{}`. {COMMAND_LIST}", clip(&t)),
    }
}

/// Describe a game's options.
pub fn options_text(kind: &dyn GameKind) -> String {
    if kind.options().is_empty() {
        return format!("{} has no options", kind.name());
    }
    let parts: Vec<String> = kind
        .options()
        .iter()
        .map(|o| format!("`{}={}` ({})", o.key, o.values.join("|"), o.help))
        .collect();
    format!(
        "{} options (first value is the default): {}",
        kind.name(),
        parts.join("; ")
    )
}

/// `rules <game> [topic]`.
pub fn rules(registry: &Registry, args: &str) -> Result<String, String> {
    let mut it = args.split_whitespace();
    let ids = registry.ids().join(", ");
    let Some(game) = it.next() else {
        return Err(format!("name a game: `rules <game> [topic]`; games: {ids}"));
    };
    let kind = registry
        .get(game)
        .ok_or_else(|| format!("there is no game `{}`; games: {ids}", clip(game)))?;
    let topics = kind.rules_topics();
    let topic: Vec<&str> = it.collect();
    if topic.is_empty() {
        let list: Vec<String> = topics
            .iter()
            .map(|t| format!("`{}` ({})", t.id, t.title))
            .collect();
        return Ok(format!(
            "**{}** rules topics: {}.\n{}.",
            kind.name(),
            list.join(", "),
            options_text(kind)
        ));
    }
    let q = topic.join(" ").to_lowercase();
    let exact = topics.iter().find(|t| t.id == q);
    let hits: Vec<_> = match exact {
        Some(t) => vec![t],
        None => topics
            .iter()
            .filter(|t| t.id.starts_with(&q) || t.title.to_lowercase().starts_with(&q))
            .collect(),
    };
    match hits.as_slice() {
        [t] => Ok(format!(
            "**{} — {}** (rulebook: {})\n{}",
            kind.name(),
            t.title,
            t.section,
            t.text
        )),
        [] => Err(format!(
            "{} has no rules topic `{}`; topics: {}",
            kind.name(),
            clip(&q),
            topics.iter().map(|t| t.id).collect::<Vec<_>>().join(", ")
        )),
        many => Err(format!(
            "`{}` could be {}; type more",
            clip(&q),
            many.iter().map(|t| t.id).collect::<Vec<_>>().join(", ")
        )),
    }
}
