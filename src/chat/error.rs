//! The errors every command may raise (finding the game, playing steps, the store), and
//! the frame of each topic's own error enum. Each error says what was wrong and what is
//! accepted; commands it names are [`CmdRef`](super::text::CmdRef)s, so each front end
//! shows its own syntax. `Display` is the platform-neutral text.
//!
//! The errors of one command topic live in its module (`lobby::LobbyError`,
//! `remind::RemindError`, …) and wrap these as their `Core` variant; the dispatcher's
//! `ChatError` wraps them all.

use super::table;
use super::text::{Seg, Text};
use crate::engine::notation::clip;
use crate::engine::{ParseError, PlayError};
use crate::store::StoreError;
use std::fmt;

#[derive(Clone, Debug, PartialEq)]
/// A refused chat command, for a reason any command may have. Nothing was changed.
pub enum CoreError {
    /// An argument of `command` (a table path) is not one it takes.
    BadArgument {
        command: &'static str,
        got: String,
    },
    NameAGame {
        command: &'static str,
        games: Vec<&'static str>,
    },
    NoGameHere {
        games: Vec<&'static str>,
    },
    /// No game is open here, and the last one (of `game`) has ended.
    GameEnded {
        game: String,
    },
    UnknownGame {
        got: String,
        games: Vec<&'static str>,
    },
    AmbiguousGame {
        got: String,
        candidates: Vec<&'static str>,
    },
    GameAlreadyOpen,
    NotStarted,
    /// The stored game's kind is not one this binary knows.
    UnknownKind(String),
    /// The game cannot be rebuilt (why).
    Broken(String),
    NotPlaying,
    AmbiguousPlayer {
        got: String,
        candidates: Vec<String>,
    },
    Play(PlayError),
    NoStep,
    /// A button pressed after the game moved on (players never see version numbers).
    StaleButton,
    Autopilot(String),
    /// The log does not replay (which step, why).
    Replay(String),
    AlreadyHandled,
    Store(StoreError),
    /// A bug; nothing was changed.
    Internal,
}

impl CoreError {
    /// The message, with commands as references: one wording per variant.
    pub fn text(&self) -> Text {
        use CoreError::*;
        match self {
            BadArgument { command, got } => bad_argument(command, got),
            NameAGame { command, games } => name_a_game(command, games),
            NoGameHere { games } => no_game_here(games),
            GameEnded { game } => game_ended(game),
            UnknownGame { got, games } => unknown_game(got, games),
            AmbiguousGame { got, candidates } => ambiguous_game(got, candidates),
            GameAlreadyOpen => game_already_open(),
            NotStarted => not_started(),
            UnknownKind(kind) => unknown_kind(kind),
            Broken(why) => Text::from(format!("{why}; an admin can ")).cmd("game abort", &[]).p(" it"),
            NotPlaying => not_playing(),
            AmbiguousPlayer { got, candidates } => ambiguous_player(got, candidates),
            Play(e) => play_text(e),
            NoStep => no_step(),
            StaleButton => Text::from("that button belongs to an earlier moment of the game; nothing was done. Look at the latest board."),
            Autopilot(why) => Text::from(format!("the automatic player for resigned seats failed ({why}); nothing was changed")),
            Replay(why) => Text::from(format!("the game's log does not replay: {why}")),
            AlreadyHandled => Text::from("this request was already handled; nothing more was done"),
            Store(e) => Text::from(e.player_text()),
            Internal => internal(),
        }
    }
}

// ---- The wording of each refusal ----

fn name_a_game(command: &str, games: &[&str]) -> Text {
    Text::from("name a game: ")
        .then(reference(command))
        .p(format!("; games: {}", games.join(", ")))
}

fn no_game_here(games: &[&str]) -> Text {
    Text::from("no game here. Start one with ")
        .cmd("game new", &["<game>"])
        .p(format!("; games: {}", games.join(", ")))
}

fn game_ended(game: &str) -> Text {
    Text::from(format!("the game of {game} here has ended: "))
        .cmd("game status", &[])
        .p(" shows the result and ")
        .cmd("game history", &[])
        .p(" its moves. Play again with ")
        .cmd("game rematch", &[])
        .p(" or open another with ")
        .cmd("game new", &["<game>"])
}

fn unknown_game(got: &str, games: &[&str]) -> Text {
    Text::from(format!(
        "there is no game `{}`; games: {}",
        clip(got),
        games.join(", ")
    ))
}

fn ambiguous_game(got: &str, candidates: &[&str]) -> Text {
    Text::from(format!(
        "`{}` could be {}; type more of the game's name",
        clip(got),
        quoted(candidates, " or ")
    ))
}

fn game_already_open() -> Text {
    Text::from("a game is already open in this channel; finish or ")
        .cmd("game abort", &[])
        .p(" it, or start a thread for another game")
}

fn not_started() -> Text {
    Text::from("the game has not started yet; ")
        .cmd("game start", &[])
        .p(" begins it")
}

fn unknown_kind(kind: &str) -> Text {
    Text::from(format!(
        "this game is of kind `{}`, which this version of Sherpa does not know; an admin can ",
        clip(kind)
    ))
    .cmd("game abort", &[])
    .p(" it")
}

fn not_playing() -> Text {
    Text::from("you are not playing in this game; anyone can look with ").cmd("board", &[])
}

fn ambiguous_player(got: &str, candidates: &[String]) -> Text {
    Text::from(format!(
        "`{}` could be {}; type more of the name",
        clip(got),
        candidates.join(" or ")
    ))
}

fn no_step() -> Text {
    Text::from("no step given; e.g. ")
        .cmd("move", &["end"])
        .p(". ")
        .cmd("move", &[])
        .p(" with no steps lists your legal steps")
}

fn internal() -> Text {
    Text::from(
        "internal error while handling that command; nothing was changed. Please report it with ",
    )
    .cmd("game export", &[])
    .p(".")
}

impl From<StoreError> for CoreError {
    fn from(e: StoreError) -> Self {
        CoreError::Store(e)
    }
}

impl CoreError {
    /// The database failure behind this error, if it is one (for the log: players see
    /// only a short message).
    pub fn store_failure(&self) -> Option<&StoreError> {
        match self {
            CoreError::Store(e) if e.is_failure() => Some(e),
            _ => None,
        }
    }

    /// A store error of opening a lobby: a conflict means the channel already has an open
    /// game.
    pub(crate) fn opening(e: StoreError) -> Self {
        match e {
            StoreError::Conflict(_) => CoreError::GameAlreadyOpen,
            other => CoreError::Store(other),
        }
    }
}

impl fmt::Display for CoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}
impl std::error::Error for CoreError {}

/// The frame of a command topic's error enum, which has a `Core(CoreError)` variant and a
/// `text` method: `?` turns core and store errors into it, and `Display` is its text.
macro_rules! topic_error {
    ($name:ident) => {
        impl From<$crate::chat::error::CoreError> for $name {
            fn from(e: $crate::chat::error::CoreError) -> Self {
                $name::Core(e)
            }
        }
        impl From<$crate::store::StoreError> for $name {
            fn from(e: $crate::store::StoreError) -> Self {
                $name::Core($crate::chat::error::CoreError::Store(e))
            }
        }
        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.text().fmt(f)
            }
        }
        impl std::error::Error for $name {}
    };
}
pub(crate) use topic_error;

/// A list of words in backticks.
pub(crate) fn quoted(list: &[impl AsRef<str>], sep: &str) -> String {
    list.iter()
        .map(|s| format!("`{}`", s.as_ref()))
        .collect::<Vec<_>>()
        .join(sep)
}

/// A list of names in bold.
pub(crate) fn bold(list: &[String]) -> String {
    list.iter()
        .map(|s| format!("**{s}**"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// `command` (a table path) takes other arguments than `got`: what it takes, in words.
fn bad_argument(command: &str, got: &str) -> Text {
    let Some(c) = table::find_path(command) else {
        return Text::new().p(format!("`{}` is not accepted here", clip(got)));
    };
    let takes = if c.args.is_empty() {
        "nothing more".to_string()
    } else {
        c.args
            .iter()
            .map(accepts)
            .collect::<Vec<_>>()
            .join(", then ")
    };
    let path: Vec<&str> = c.path.split(' ').collect();
    Text::new()
        .cmd(c.path, &[])
        .p(format!(" takes {takes}, not `{}`; see ", clip(got)))
        .cmd("help", &[&path.join(" ")])
        .p(".")
}

/// The command at a table path with placeholders for its arguments (nothing if no
/// command has the path).
fn reference(command: &str) -> Text {
    table::find_path(command)
        .map(|c| Text(vec![Seg::Command(c.reference())]))
        .unwrap_or_default()
}

/// What an argument accepts, in words.
fn accepts(a: &table::Arg) -> String {
    let what = match a.kind {
        table::ArgKind::Count { min, max } => format!("a number from {min} to {max}"),
        table::ArgKind::Choice(words) => format!("`{}`", words.join("`, `")),
        table::ArgKind::Switch => format!("`{}`", a.name),
        _ => format!("`{}`", a.shown),
    };
    if a.required {
        what
    } else {
        format!("{what} or nothing")
    }
}

/// A refused step, in words.
pub(crate) fn play_text(e: &PlayError) -> Text {
    match e {
        PlayError::Parse(ParseError::Empty) => CoreError::NoStep.text(),
        other => Text::from(other.to_string()),
    }
}
