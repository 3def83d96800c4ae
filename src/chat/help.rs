//! `help` (from the command table) and `rules` (a game's rules-lookup topics).

use super::core::{match_game_id, Chat};
use super::error::{topic_error, CoreError};
use super::lookup::{self, Found};
use super::table::{Command, COMMANDS};
use super::text::{CmdRef, Seg, Text};
use super::types::{Reply, Request};
use crate::engine::notation::clip;
use crate::engine::{GameKind, RulesTopic};
use crate::games::Registry;

impl Chat {
    pub(crate) fn cmd_help(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, HelpError> {
        Ok(vec![Reply::private(&req.user.id, help(rest)?)])
    }

    /// `rules <game> [words]`; inside a running game `rules <words>` means that game.
    pub(crate) fn cmd_rules(&self, req: &Request, rest: &str) -> Result<Vec<Reply>, HelpError> {
        let here = || {
            let inner = self.lock();
            let row = inner
                .store
                .log()
                .active_game(&req.place.platform, &req.place.channel);
            row.ok().flatten().map(|r| r.kind)
        };
        Ok(vec![Reply::private(
            &req.user.id,
            rules_here(self.registry, rest, here)?,
        )])
    }
}

fn entry(c: &Command) -> Text {
    // The heading is a command reference, so each front end names it in its own syntax
    // (`/game join` on Discord, `game join` in the terminal).
    let name = Text(vec![Seg::Command(CmdRef {
        path: c.path,
        args: vec![],
    })]);
    let mut t = Text::new()
        .p("**")
        .then(name)
        .p("** — ")
        .then(Text::template(c.help));
    if !c.aliases.is_empty() {
        t.push_plain(format!(" (also: {})", c.aliases.join(", ")));
    }
    t
}

/// `help [command]`: every command, or one command (or subcommand, `help game join`) with
/// its usage. A unique beginning of a command's name is enough.
pub fn help(topic: &str) -> Result<Text, HelpError> {
    let words: Vec<String> = topic
        .split_whitespace()
        .map(|w| w.trim_start_matches('/').to_lowercase())
        .collect();
    let Some(first) = words.first() else {
        let mut t = Text::from("**Sherpa** hosts board games in this channel.");
        for c in COMMANDS {
            t.line(Text::new().p("• ").then(entry(c)));
        }
        return Ok(t);
    };
    let pick = |list: &'static [Command], w: &str| -> Option<&'static Command> {
        list.iter()
            .find(|c| c.name == w || c.aliases.contains(&w))
            .or_else(|| {
                let hits: Vec<&Command> = list.iter().filter(|c| c.name.starts_with(w)).collect();
                (hits.len() == 1).then(|| hits[0])
            })
    };
    let c = match pick(COMMANDS, first) {
        Some(top) => match words.get(1) {
            Some(w) if !top.subcommands.is_empty() => {
                pick(top.subcommands, w).ok_or_else(|| HelpError::NoHelp(topic.to_string()))?
            }
            _ => top,
        },
        // `help kick` for `help game kick`: a sub-command named alone, if only one command
        // has it.
        None => subcommand_named(first).ok_or_else(|| HelpError::NoHelp(topic.to_string()))?,
    };
    let mut t = entry(c);
    if c.subcommands.is_empty() {
        t.line(
            Text::new()
                .p("Usage: ")
                .then(Text(vec![Seg::Command(c.reference())])),
        );
    } else {
        for s in c.subcommands {
            t.line(
                Text::new()
                    .p("• ")
                    .then(Text(vec![Seg::Command(s.reference())]))
                    .p(format!(" — {}", s.about)),
            );
        }
    }
    Ok(t)
}

/// The one sub-command of any command named `word` (or with it as an alias), if exactly
/// one command has such a sub-command.
fn subcommand_named(word: &str) -> Option<&'static Command> {
    let hits: Vec<&'static Command> = COMMANDS
        .iter()
        .flat_map(|c| c.subcommands.iter())
        .filter(|s| s.name == word || s.aliases.contains(&word))
        .collect();
    (hits.len() == 1).then(|| hits[0])
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

/// `rules <game> [topic]`. The game may be a unique beginning of its id; the topic a
/// unique beginning of a topic's id or title, or a question in a player's words.
pub fn rules(registry: &Registry, args: &str) -> Result<Text, HelpError> {
    rules_here(registry, args, || None)
}

/// [`rules`] where a game may be running: `here` gives its kind (called only when the
/// first word names no game), and then all the words ask about that game.
pub fn rules_here(
    registry: &Registry,
    args: &str,
    here: impl FnOnce() -> Option<String>,
) -> Result<Text, HelpError> {
    let mut it = args.split_whitespace();
    let first = it.next();
    let named = first.map(|g| match_game_id(&registry.ids(), g));
    let (id, rest): (&str, Vec<&str>) = match named {
        Some(Ok(id)) => (id, it.collect()),
        Some(Err(e)) => match here().and_then(|k| registry.get(&k)) {
            Some(kind) => (kind.id(), args.split_whitespace().collect()),
            None => return Err(e.into()),
        },
        None => match here().and_then(|k| registry.get(&k)) {
            Some(kind) => (kind.id(), Vec::new()),
            None => {
                return Err(CoreError::NameAGame {
                    command: "rules",
                    games: registry.ids(),
                }
                .into())
            }
        },
    };
    let kind = registry.get(id).ok_or(CoreError::Internal)?;
    let it = rest.into_iter();
    let topics = kind.rules_topics();
    let topic: Vec<&str> = it.collect();
    if topic.is_empty() {
        let list: Vec<String> = topics
            .iter()
            .map(|t| format!("`{}` ({})", t.id, t.title))
            .collect();
        return Ok(Text::from(format!(
            "**{}** rules topics: {}.\n{}.",
            kind.name(),
            list.join(", "),
            options_text(kind)
        )));
    }
    let q = topic.join(" ");
    match lookup::find_with(topics, kind.rules_synonyms(), &q) {
        Found::One { topic, also } => Ok(topic_text(kind, topic, &also)),
        Found::Several(many) => Err(HelpError::AmbiguousTopic {
            game_id: kind.id(),
            got: q,
            candidates: many.iter().map(|t| t.id).collect(),
        }),
        Found::Nothing { did_you_mean } => Err(HelpError::NoTopic {
            game: kind.name(),
            got: q,
            did_you_mean,
            topics: topics.iter().map(|t| t.id).collect(),
        }),
    }
}

/// One topic, and the other topics a word search also found.
fn topic_text(kind: &dyn GameKind, t: &RulesTopic, also: &[&RulesTopic]) -> Text {
    let mut text = format!(
        "**{} — {}** (rulebook: {})\n{}",
        kind.name(),
        t.title,
        t.section,
        t.text
    );
    if !also.is_empty() {
        let more: Vec<String> = also
            .iter()
            .take(2)
            .map(|t| format!("`{}` ({})", t.id, t.title))
            .collect();
        text.push_str(&format!("\nSee also: {}.", more.join(", ")));
    }
    Text::from(text)
}

#[derive(Clone, Debug, PartialEq)]
/// Why `help` or `rules` found nothing to show.
pub enum HelpError {
    NoHelp(String),
    NoTopic {
        game: &'static str,
        got: String,
        did_you_mean: Vec<&'static str>,
        topics: Vec<&'static str>,
    },
    AmbiguousTopic {
        /// The game's id, for the `rules <game> <topic>` references.
        game_id: &'static str,
        got: String,
        candidates: Vec<&'static str>,
    },
    /// A shared error (finding the game, steps, the store).
    Core(CoreError),
}

impl HelpError {
    /// The message, with commands as references.
    pub fn text(&self) -> Text {
        use HelpError::*;
        let t = Text::new();
        match self {
            NoHelp(got) => t
                .p(format!("no help on `{}`. Commands: ", clip(got)))
                .then(super::table::command_list())
                .p("."),
            NoTopic {
                game,
                got,
                did_you_mean,
                topics,
            } => {
                let t = t.p(format!("{game} has no rules topic on `{}`", clip(got)));
                let t = if did_you_mean.is_empty() {
                    t.p(".")
                } else {
                    let near: Vec<String> = did_you_mean.iter().map(|n| format!("`{n}`")).collect();
                    t.p(format!("; did you mean {}?", near.join(" or ")))
                };
                t.p(format!(" Topics: {}.", topics.join(", ")))
            }
            AmbiguousTopic {
                game_id,
                got,
                candidates,
            } => {
                let mut t = t.p(format!("`{}` is in several topics: ", clip(got)));
                for (i, c) in candidates.iter().enumerate() {
                    if i > 0 {
                        t = t.p(", ");
                    }
                    t = t.cmd("rules", &[game_id, c]);
                }
                t.p("; pick one")
            }
            Core(e) => e.text(),
        }
    }
}

topic_error!(HelpError);
