//! The slash commands. Each builds a chat command line and hands it to `send::run_command`
//! (`send::run_game_command` for a command on the channel's game).
//! Names, descriptions and help come from the chat layer's command table
//! ([`crate::chat::table`]): [`all`] writes them into the poise commands, and a test checks
//! that the slash commands, subcommands and options are exactly the table's.

use super::send::{run_command, run_command_seeing_channels, run_game_command, DiscordSyntax};
use super::{Ctx, Data, Error};
use crate::chat::table::{self, COMMANDS};
use crate::chat::{GameInfo, Text};
use poise::serenity_prelude as serenity;

/// Discord's limit on autocomplete suggestions.
const MAX_SUGGESTIONS: usize = 25;
/// Discord's limit on a choice's name and value.
const MAX_CHOICE: usize = 100;

/// All commands, in the order shown in Discord, described from the command table.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    let mut cmds = vec![
        game(),
        r#move(),
        undo(),
        board(),
        rules(),
        remind(),
        games(),
        stats(),
        help(),
    ];
    for c in cmds.iter_mut() {
        if let Some(spec) = COMMANDS.iter().find(|s| s.name == c.name) {
            describe(c, spec);
        }
    }
    cmds
}

/// Write a table entry's description, help and option descriptions into a poise command
/// (and its subcommands).
fn describe(c: &mut poise::Command<Data, Error>, spec: &'static table::Command) {
    c.description = Some(spec.about.into());
    c.help_text = Some(Text::template(spec.help).render(&DiscordSyntax).into());
    for p in c.parameters.iter_mut() {
        if let Some(a) = spec.args.iter().find(|a| a.name == p.name) {
            p.description = Some(a.about.into());
        }
    }
    for sub in c.subcommands.iter_mut() {
        if let Some(s) = spec.subcommands.iter().find(|s| s.name == sub.name) {
            describe(sub, s);
        }
    }
}

/// Offer the installed games as the choices of `/game new game:` (known only at run time).
pub fn set_game_choices(cmds: &mut [poise::Command<Data, Error>], games: &[GameInfo]) {
    for c in cmds.iter_mut().filter(|c| c.name == "game") {
        for sub in c.subcommands.iter_mut().filter(|s| s.name == "new") {
            for p in sub.parameters.iter_mut().filter(|p| p.name == "game") {
                p.choices = games
                    .iter()
                    .take(MAX_SUGGESTIONS)
                    .map(|g| poise::CommandParameterChoice {
                        name: format!("{} ({}-{} players)", g.name, g.min_players, g.max_players)
                            .into(),
                        localizations: Default::default(),
                        __non_exhaustive: (),
                    })
                    .collect::<Vec<_>>()
                    .into();
            }
        }
    }
}

fn clip(s: &str) -> String {
    s.chars().take(MAX_CHOICE).collect()
}

/// The value of another option of the command being autocompleted.
fn other_option<'a>(ctx: &'a Ctx<'_>, name: &str) -> Option<&'a serenity::ResolvedValue<'a>> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    a.args.iter().find(|o| o.name == name).map(|o| &o.value)
}

fn place(ctx: &Ctx<'_>) -> crate::chat::Place {
    crate::chat::Place {
        platform: "discord".into(),
        guild: ctx.guild_id().map(|g| g.to_string()),
        channel: ctx.channel_id().to_string(),
    }
}

// Described by the command table.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "game_new", "join", "leave", "game_ai", "start", "status", "history", "since", "resign",
        "kick", "sub", "abort", "export", "rematch", "web"
    ),
    subcommand_required
)]
pub async fn game(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

async fn ac_options(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let game = match other_option(&ctx, "game") {
        Some(serenity::ResolvedValue::Integer(i)) => ctx.data().games.get(*i as usize),
        _ => None,
    };
    let Some(game) = game else {
        return serenity::CreateAutocompleteResponse::new();
    };
    // Complete the last `key=value` word; keep what was typed before it.
    let (head, last) = match partial.rfind(' ') {
        Some(i) => (&partial[..=i], &partial[i + 1..]),
        None => ("", partial),
    };
    let mut choices = Vec::new();
    for o in game.options {
        if head
            .split_whitespace()
            .any(|w| w.split('=').next() == Some(o.key))
        {
            continue;
        }
        for v in o.values {
            let kv = format!("{}={}", o.key, v);
            if kv.starts_with(last) {
                let full = format!("{head}{kv}");
                choices.push(serenity::AutocompleteChoice::new(
                    clip(&format!("{full} — {}", o.help)),
                    clip(&full),
                ));
            }
        }
    }
    choices.truncate(MAX_SUGGESTIONS);
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

// Described by the command table.
#[poise::command(slash_command, rename = "new")]
pub async fn game_new(
    ctx: Ctx<'_>,
    game: i64,
    #[autocomplete = "ac_options"] options: Option<String>,
    thread: Option<bool>,
) -> Result<(), Error> {
    let id = match ctx.data().games.get(game as usize) {
        Some(g) => g.id.to_string(),
        None => {
            let names: Vec<&str> = ctx.data().games.iter().map(|g| g.id).collect();
            ctx.send(
                poise::CreateReply::default()
                    .content(format!("Pick a game from the list: {}.", names.join(", ")))
                    .ephemeral(true),
            )
            .await?;
            return Ok(());
        }
    };
    let mut text = format!("game new {id}");
    if let Some(o) = options {
        text.push(' ');
        text.push_str(o.trim());
    }
    // A thread asked for by the option, or by a thread word among the options.
    if thread == Some(true) || text.to_ascii_lowercase().contains("thread") {
        return super::thread::game_new(ctx, text, thread).await;
    }
    run_command(ctx, text).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn join(ctx: Ctx<'_>, ai: Option<String>) -> Result<(), Error> {
    run_game_command(ctx, with_words("game join", ai)).await
}

/// A command line and the words typed in its free-text option, if any.
fn with_words(command: &str, words: Option<String>) -> String {
    match words.as_deref().map(str::trim).filter(|w| !w.is_empty()) {
        Some(w) => format!("{command} {w}"),
        None => command.to_string(),
    }
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn leave(ctx: Ctx<'_>, ai: Option<String>) -> Result<(), Error> {
    run_game_command(ctx, with_words("game leave", ai)).await
}

#[derive(Debug, poise::ChoiceParameter)]
pub enum AiLevel {
    #[name = "easy"]
    Easy,
    #[name = "normal"]
    Normal,
    #[name = "strong"]
    Strong,
}

impl AiLevel {
    fn word(&self) -> &'static str {
        match self {
            AiLevel::Easy => "easy",
            AiLevel::Normal => "normal",
            AiLevel::Strong => "strong",
        }
    }
}

// Described by the command table.
#[poise::command(slash_command, rename = "ai")]
pub async fn game_ai(ctx: Ctx<'_>, level: Option<AiLevel>) -> Result<(), Error> {
    let text = match level {
        Some(l) => format!("game ai {}", l.word()),
        None => "game ai".to_string(),
    };
    run_game_command(ctx, text).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn start(ctx: Ctx<'_>) -> Result<(), Error> {
    run_game_command(ctx, "game start".into()).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn status(ctx: Ctx<'_>) -> Result<(), Error> {
    run_game_command(ctx, "game status".into()).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn history(
    ctx: Ctx<'_>,
    #[min = 1]
    #[max = 100]
    n: Option<u32>,
) -> Result<(), Error> {
    run_game_command(
        ctx,
        n.map_or("game history".into(), |n| format!("game history {n}")),
    )
    .await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn since(ctx: Ctx<'_>) -> Result<(), Error> {
    run_game_command(ctx, "game since".into()).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn resign(ctx: Ctx<'_>) -> Result<(), Error> {
    run_game_command(ctx, "game resign".into()).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn kick(ctx: Ctx<'_>, player: serenity::User) -> Result<(), Error> {
    run_game_command(ctx, format!("game kick {}", player.id)).await
}

// Described by the command table. The text puts the absent player first, as typed.
#[poise::command(slash_command)]
pub async fn sub(
    ctx: Ctx<'_>,
    absent: Option<serenity::User>,
    player: Option<serenity::User>,
) -> Result<(), Error> {
    let text = match (absent, player) {
        (Some(a), Some(p)) => format!("game sub <@{}> <@{}>", a.id, p.id),
        (None, Some(p)) => format!("game sub <@{}>", p.id),
        // Without the player the seat goes to, the chat's refusal says what is accepted.
        (Some(a), None) => format!("game sub <@{}> (nobody to take the seat)", a.id),
        (None, None) => "game sub".into(),
    };
    run_game_command(ctx, text).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn abort(ctx: Ctx<'_>) -> Result<(), Error> {
    run_game_command(ctx, "game abort".into()).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn export(ctx: Ctx<'_>) -> Result<(), Error> {
    run_game_command(ctx, "game export".into()).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn web(ctx: Ctx<'_>) -> Result<(), Error> {
    run_game_command(ctx, "game web".into()).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn rematch(ctx: Ctx<'_>) -> Result<(), Error> {
    run_command(ctx, "game rematch".into()).await
}

async fn ac_move(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let chat = ctx.data().chat.clone();
    let place = place(&ctx);
    let user = ctx.author().id.to_string();
    let typed = partial.to_string();
    let steps = tokio::task::spawn_blocking(move || {
        chat.suggest_steps_within(&place, &user, &typed, MAX_SUGGESTIONS, MAX_CHOICE)
    })
    .await
    .unwrap_or_default();
    // Each suggestion is the whole text to submit (earlier `;` steps included).
    let choices = steps
        .into_iter()
        .filter(|s| s.notation.chars().count() <= MAX_CHOICE)
        .take(MAX_SUGGESTIONS)
        .map(|s| {
            let name = if s.label.is_empty() || s.label == s.notation {
                s.notation.clone()
            } else {
                format!("{} — {}", s.notation, s.label)
            };
            serenity::AutocompleteChoice::new(clip(&name), s.notation)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

// Described by the command table.
#[poise::command(slash_command, rename = "move", guild_only)]
pub async fn r#move(
    ctx: Ctx<'_>,
    #[autocomplete = "ac_move"] steps: Option<String>,
) -> Result<(), Error> {
    let steps = steps.unwrap_or_default();
    run_game_command(ctx, format!("move {}", steps.trim()).trim_end().to_string()).await
}

#[derive(Debug, poise::ChoiceParameter)]
pub enum UndoAnswer {
    #[name = "accept"]
    Accept,
    #[name = "reject"]
    Reject,
}

// Described by the command table.
#[poise::command(slash_command, guild_only)]
pub async fn undo(ctx: Ctx<'_>, answer: Option<UndoAnswer>) -> Result<(), Error> {
    let text = match answer {
        None => "undo".to_string(),
        Some(UndoAnswer::Accept) => "undo accept".to_string(),
        Some(UndoAnswer::Reject) => "undo reject".to_string(),
    };
    run_game_command(ctx, text).await
}

// Described by the command table.
#[poise::command(slash_command, guild_only)]
pub async fn board(ctx: Ctx<'_>, private: Option<bool>) -> Result<(), Error> {
    run_game_command(
        ctx,
        if private == Some(true) {
            "board private".into()
        } else {
            "board".into()
        },
    )
    .await
}

async fn ac_game(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let p = partial.to_lowercase();
    let choices = ctx
        .data()
        .games
        .iter()
        .filter(|g| g.id.contains(&p) || g.name.to_lowercase().contains(&p))
        .take(MAX_SUGGESTIONS)
        .map(|g| serenity::AutocompleteChoice::new(clip(g.name), g.id))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

async fn ac_topic(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let game = match other_option(&ctx, "game") {
        Some(serenity::ResolvedValue::String(s)) => s.to_string(),
        _ => return serenity::CreateAutocompleteResponse::new(),
    };
    let chat = ctx.data().chat.clone();
    let topics = tokio::task::spawn_blocking(move || chat.rules_topics(&game))
        .await
        .unwrap_or_default();
    let p = partial.to_lowercase();
    let choices = topics
        .into_iter()
        .filter(|(id, title)| id.to_lowercase().contains(&p) || title.to_lowercase().contains(&p))
        .take(MAX_SUGGESTIONS)
        .filter(|(id, _)| id.chars().count() <= MAX_CHOICE)
        .map(|(id, title)| serenity::AutocompleteChoice::new(clip(&title), id))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Ctx<'_>,
    #[autocomplete = "ac_game"] game: String,
    #[autocomplete = "ac_topic"] topic: Option<String>,
) -> Result<(), Error> {
    let mut text = format!("rules {}", game.trim());
    if let Some(t) = topic {
        text.push(' ');
        text.push_str(t.trim());
    }
    run_command(ctx, text).await
}

#[derive(Debug, poise::ChoiceParameter)]
pub enum RemindSetting {
    #[name = "show"]
    Show,
    #[name = "on"]
    On,
    #[name = "off"]
    Off,
    #[name = "delay (first reminder after, e.g. 12h)"]
    Delay,
    #[name = "interval (between reminders, e.g. 24h)"]
    Interval,
    #[name = "max (reminders per turn, e.g. 3)"]
    Max,
    #[name = "quiet (hours, e.g. 22:00-08:00 tz=+02:00, or off)"]
    Quiet,
    #[name = "tz (your UTC offset, e.g. +02:00)"]
    Tz,
    #[name = "dm (on or off)"]
    Dm,
    #[name = "vacation (e.g. 3d, or off)"]
    Vacation,
    #[name = "deadline (this game, e.g. 72h kick, or off)"]
    Deadline,
    #[name = "reset"]
    Reset,
    #[name = "digest (daily 09:00, or off)"]
    Digest,
}

impl RemindSetting {
    fn word(&self) -> &'static str {
        match self {
            RemindSetting::Show => "show",
            RemindSetting::On => "on",
            RemindSetting::Off => "off",
            RemindSetting::Delay => "delay",
            RemindSetting::Interval => "interval",
            RemindSetting::Max => "max",
            RemindSetting::Quiet => "quiet",
            RemindSetting::Tz => "tz",
            RemindSetting::Dm => "dm",
            RemindSetting::Vacation => "vacation",
            RemindSetting::Deadline => "deadline",
            RemindSetting::Reset => "reset",
            RemindSetting::Digest => "digest",
        }
    }
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn remind(
    ctx: Ctx<'_>,
    setting: Option<RemindSetting>,
    value: Option<String>,
) -> Result<(), Error> {
    let mut text = format!("remind {}", setting.as_ref().map_or("show", |s| s.word()));
    if let Some(v) = value {
        text.push(' ');
        text.push_str(v.trim());
    }
    run_command(ctx, text).await
}

#[derive(Debug, poise::ChoiceParameter)]
pub enum GamesScope {
    #[name = "all"]
    All,
}

// Described by the command table.
#[poise::command(slash_command, guild_only)]
pub async fn games(ctx: Ctx<'_>, scope: Option<GamesScope>) -> Result<(), Error> {
    match scope {
        None => run_command(ctx, "games".into()).await,
        // Other channels' games only where the asker may see the channel.
        Some(GamesScope::All) => run_command_seeing_channels(ctx, "games all".into()).await,
    }
}

// Described by the command table.
#[poise::command(slash_command, guild_only)]
pub async fn stats(
    ctx: Ctx<'_>,
    #[autocomplete = "ac_game"] game: Option<String>,
    player: Option<serenity::User>,
) -> Result<(), Error> {
    let mut text = "stats".to_string();
    if let Some(g) = game.as_deref().map(str::trim).filter(|g| !g.is_empty()) {
        // One word: a game typed with a space (`nanga parbat`) still names one game.
        text.push(' ');
        text.push_str(&g.replace(char::is_whitespace, "-"));
    }
    if let Some(p) = player {
        text.push(' ');
        text.push_str(&p.id.to_string());
    }
    run_command(ctx, text).await
}

// Described by the command table.
#[poise::command(slash_command)]
pub async fn help(ctx: Ctx<'_>, command: Option<String>) -> Result<(), Error> {
    run_command(
        ctx,
        command.map_or("help".into(), |c| {
            format!("help {}", c.trim().trim_start_matches('/'))
        }),
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use poise::ChoiceParameter;

    fn check(c: &poise::Command<Data, Error>, spec: &table::Command) {
        assert_eq!(c.name, spec.name);
        assert_eq!(c.description.as_deref(), Some(spec.about), "{}", spec.path);
        assert_eq!(
            c.help_text.as_deref(),
            Some(Text::template(spec.help).render(&DiscordSyntax).as_str()),
            "{}",
            spec.path
        );
        let params: Vec<(&str, bool)> = c
            .parameters
            .iter()
            .map(|p| (p.name.as_ref(), p.required))
            .collect();
        let args: Vec<(&str, bool)> = spec.args.iter().map(|a| (a.name, a.required)).collect();
        assert_eq!(
            params, args,
            "/{}: options are the table's arguments",
            spec.path
        );
        for p in &c.parameters {
            let a = spec.args.iter().find(|a| a.name == p.name).unwrap();
            assert_eq!(
                p.description.as_deref(),
                Some(a.about),
                "{} {}",
                spec.path,
                a.name
            );
        }
        let subs: Vec<&str> = c.subcommands.iter().map(|s| s.name.as_ref()).collect();
        let want: Vec<&str> = spec.subcommands.iter().map(|s| s.name).collect();
        assert_eq!(subs, want, "/{}: subcommands are the table's", spec.path);
        for (sub, s) in c.subcommands.iter().zip(spec.subcommands) {
            check(sub, s);
        }
    }

    #[test]
    fn slash_commands_are_exactly_the_command_table() {
        let cmds = all();
        let names: Vec<&str> = cmds.iter().map(|c| c.name.as_ref()).collect();
        let want: Vec<&str> = COMMANDS.iter().map(|c| c.name).collect();
        assert_eq!(names, want);
        for (c, spec) in cmds.iter().zip(COMMANDS) {
            check(c, spec);
        }
    }

    #[test]
    fn choice_options_follow_the_table() {
        let words: Vec<String> = RemindSetting::list()
            .iter()
            .map(|c| c.name.split_whitespace().next().unwrap().to_string())
            .collect();
        assert_eq!(words, table::REMIND_SETTINGS);
        for (i, w) in table::REMIND_SETTINGS.iter().enumerate() {
            assert_eq!(RemindSetting::from_index(i).unwrap().word(), *w);
        }
        let undo = table::find_path("undo").unwrap();
        let table::ArgKind::Choice(answers) = undo.args[0].kind else {
            panic!("undo takes a choice")
        };
        let names: Vec<String> = UndoAnswer::list()
            .iter()
            .map(|c| c.name.to_string())
            .collect();
        assert_eq!(names, answers);
        let games = table::find_path("games").unwrap();
        let table::ArgKind::Choice(scopes) = games.args[0].kind else {
            panic!("games takes a choice")
        };
        let names: Vec<String> = GamesScope::list()
            .iter()
            .map(|c| c.name.to_string())
            .collect();
        assert_eq!(names, scopes);
        let ai = table::find_path("game ai").unwrap();
        let table::ArgKind::Choice(levels) = ai.args[0].kind else {
            panic!("game ai takes a choice")
        };
        let names: Vec<String> = AiLevel::list().iter().map(|c| c.name.to_string()).collect();
        assert_eq!(names, levels);
        for (i, l) in levels.iter().enumerate() {
            assert_eq!(AiLevel::from_index(i).unwrap().word(), *l);
        }
    }

    // Issue 35: `/game history n` declares its minimum and maximum, so Discord enforces them.
    #[test]
    fn game_history_n_declares_its_minimum_and_maximum_to_discord() {
        let game = all().into_iter().find(|c| c.name == "game").unwrap();
        let json = serde_json::to_value(game.create_as_slash_command().unwrap()).unwrap();
        let subs = json["options"].as_array().unwrap();
        let history = subs.iter().find(|s| s["name"] == "history").unwrap();
        let n = &history["options"][0];
        assert_eq!(n["name"], "n", "{json}");
        assert_eq!(n["min_value"].as_f64(), Some(1.0), "{json}");
        assert_eq!(n["max_value"].as_f64(), Some(100.0), "{json}");
    }
}
