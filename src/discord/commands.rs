//! The slash commands. Each builds a chat command line and hands it to `send::run_command`.
//! A command's `///` doc is its help text on Discord.

use super::send::run_command;
use super::{Ctx, Data, Error};
use crate::chat::GameInfo;
use poise::serenity_prelude as serenity;

/// Discord's limit on autocomplete suggestions.
const MAX_SUGGESTIONS: usize = 25;
/// Discord's limit on a choice's name and value.
const MAX_CHOICE: usize = 100;

/// All commands, in the order shown in Discord.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![game(), r#move(), undo(), board(), rules(), remind(), help()]
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

/// Play board games in this channel: create, join, start and manage a game.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "game_new", "join", "leave", "start", "status", "history", "resign", "kick", "abort",
        "export"
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

/// Create a game in this channel; others then /game join and the creator /game start.
#[poise::command(slash_command, rename = "new")]
pub async fn game_new(
    ctx: Ctx<'_>,
    #[description = "Which game"] game: i64,
    #[description = "Options as key=value words, e.g. boom=on"]
    #[autocomplete = "ac_options"]
    options: Option<String>,
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
    run_command(ctx, text).await
}

/// Take a seat in the game waiting in this channel.
#[poise::command(slash_command)]
pub async fn join(ctx: Ctx<'_>) -> Result<(), Error> {
    run_command(ctx, "game join".into()).await
}

/// Leave the game before it starts.
#[poise::command(slash_command)]
pub async fn leave(ctx: Ctx<'_>) -> Result<(), Error> {
    run_command(ctx, "game leave".into()).await
}

/// Start the game with the players seated so far.
#[poise::command(slash_command)]
pub async fn start(ctx: Ctx<'_>) -> Result<(), Error> {
    run_command(ctx, "game start".into()).await
}

/// Show the game's status: whose turn it is, scores, deadlines.
#[poise::command(slash_command)]
pub async fn status(ctx: Ctx<'_>) -> Result<(), Error> {
    run_command(ctx, "game status".into()).await
}

/// Show the last moves of the game.
#[poise::command(slash_command)]
pub async fn history(
    ctx: Ctx<'_>,
    #[description = "How many moves (default: a few)"]
    #[min = 1]
    #[max = 100]
    n: Option<u32>,
) -> Result<(), Error> {
    run_command(
        ctx,
        n.map_or("game history".into(), |n| format!("game history {n}")),
    )
    .await
}

/// Give up: you leave the game, which goes on without you.
#[poise::command(slash_command)]
pub async fn resign(ctx: Ctx<'_>) -> Result<(), Error> {
    run_command(ctx, "game resign".into()).await
}

/// Vote to remove a player (channel admins remove at once).
#[poise::command(slash_command)]
pub async fn kick(
    ctx: Ctx<'_>,
    #[description = "The player to remove"] player: serenity::User,
) -> Result<(), Error> {
    run_command(ctx, format!("game kick {}", player.id)).await
}

/// Vote to abort the game (channel admins abort at once).
#[poise::command(slash_command)]
pub async fn abort(ctx: Ctx<'_>) -> Result<(), Error> {
    run_command(ctx, "game abort".into()).await
}

/// Export the game as a replay file.
#[poise::command(slash_command)]
pub async fn export(ctx: Ctx<'_>) -> Result<(), Error> {
    run_command(ctx, "game export".into()).await
}

async fn ac_move(ctx: Ctx<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let chat = ctx.data().chat.clone();
    let place = place(&ctx);
    let user = ctx.author().id.to_string();
    let typed = partial.to_string();
    let steps = tokio::task::spawn_blocking(move || {
        chat.suggest_steps(&place, &user, &typed, MAX_SUGGESTIONS)
    })
    .await
    .unwrap_or_default();
    // Each suggestion is the whole text to submit (earlier `;` steps included).
    let choices = steps
        .into_iter()
        .take(MAX_SUGGESTIONS)
        .filter(|s| s.notation.chars().count() <= MAX_CHOICE)
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

/// Make your move: one or more steps separated by `;`, e.g. `grow Kathmandu; end`.
#[poise::command(slash_command, rename = "move", guild_only)]
pub async fn r#move(
    ctx: Ctx<'_>,
    #[description = "Your steps; start typing to see the legal ones"]
    #[autocomplete = "ac_move"]
    steps: String,
) -> Result<(), Error> {
    run_command(ctx, format!("move {}", steps.trim())).await
}

#[derive(Debug, poise::ChoiceParameter)]
pub enum UndoAnswer {
    #[name = "accept"]
    Accept,
    #[name = "reject"]
    Reject,
}

/// Take back your last step, or answer another player's undo request.
#[poise::command(slash_command, guild_only)]
pub async fn undo(
    ctx: Ctx<'_>,
    #[description = "Answer a pending undo request"] answer: Option<UndoAnswer>,
) -> Result<(), Error> {
    let text = match answer {
        None => "undo".to_string(),
        Some(UndoAnswer::Accept) => "undo accept".to_string(),
        Some(UndoAnswer::Reject) => "undo reject".to_string(),
    };
    run_command(ctx, text).await
}

/// Show the board; `private: true` shows it with your own hidden information, only to you.
#[poise::command(slash_command, guild_only)]
pub async fn board(
    ctx: Ctx<'_>,
    #[description = "Include your private information (only you see it)"] private: Option<bool>,
) -> Result<(), Error> {
    run_command(
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

/// Look up a game's rules; answers cite the rulebook section.
#[poise::command(slash_command)]
pub async fn rules(
    ctx: Ctx<'_>,
    #[description = "Which game"]
    #[autocomplete = "ac_game"]
    game: String,
    #[description = "A topic; start typing to see them"]
    #[autocomplete = "ac_topic"]
    topic: Option<String>,
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
        }
    }
}

/// Your turn reminders (delay, interval, quiet hours, DM, vacation) and this game's deadline.
#[poise::command(slash_command)]
pub async fn remind(
    ctx: Ctx<'_>,
    #[description = "What to set (default: show your settings)"] setting: Option<RemindSetting>,
    #[description = "The value, e.g. 12h, 22:00-08:00 tz=+02:00, on, 72h kick"] value: Option<
        String,
    >,
) -> Result<(), Error> {
    let mut text = format!("remind {}", setting.as_ref().map_or("show", |s| s.word()));
    if let Some(v) = value {
        text.push(' ');
        text.push_str(v.trim());
    }
    run_command(ctx, text).await
}

/// How to play with Sherpa; `/help command:move` explains one command.
#[poise::command(slash_command)]
pub async fn help(
    ctx: Ctx<'_>,
    #[description = "A command, e.g. move"] command: Option<String>,
) -> Result<(), Error> {
    run_command(
        ctx,
        command.map_or("help".into(), |c| {
            format!("help {}", c.trim().trim_start_matches('/'))
        }),
    )
    .await
}
