//! The refusals of `remind …`, each worded with what is accepted.

use crate::chat::table;
use crate::chat::text::Text;
use crate::engine::notation::clip;
use crate::store::StoreError;
use std::fmt;

/// A refused `remind …` command.
#[derive(Clone, Debug, PartialEq)]
pub enum RemindError {
    TooManyWords(String),
    /// A duration, offset or quiet-hours value did not parse (the parser's message).
    Value(String),
    NeedValue {
        setting: &'static str,
        example: &'static str,
    },
    TooShort {
        setting: &'static str,
        min: &'static str,
    },
    BadMax,
    BadOnOff(&'static str),
    ZeroVacation,
    UnknownSetting(String),
    NoGame,
    NotPlayerOrAdmin,
    BadConsequence(String),
    DeadlineUsage,
    /// `remind digest` with words other than `daily HH:MM` or `off`.
    DigestUsage(String),
    /// `remind digest daily HH:MM` from a direct message with no digest in any server: a
    /// digest lists one server's games, so it is set there.
    DigestNeedsServer,
    /// `remind deadline …` from a direct message: a deadline is a game's, set in its channel.
    DeadlineInDirectMessage,
    Store(StoreError),
}

impl RemindError {
    /// The refusal in words: one line of wording per variant; a mistake in a setting's
    /// words is followed by the usage of every setting.
    pub fn text(&self) -> Text {
        use RemindError::*;
        match self {
            TooManyWords(cmd) => with_usage(too_many_words(cmd)),
            Value(e) => with_usage(Text::from(e.clone())),
            NeedValue { setting, example } => with_usage(need_value(setting, example)),
            TooShort { setting, min } => {
                with_usage(Text::from(format!("The {setting} must be at least {min}.")))
            }
            BadMax => with_usage(example("Give a number from 0 to 20, e.g. ", &["max", "3"])),
            BadOnOff(setting) => with_usage(example(
                &format!("The {setting} setting takes on or off, e.g. "),
                &[setting, "on"],
            )),
            ZeroVacation => with_usage(Text::from("A vacation must last more than zero.")),
            UnknownSetting(s) => with_usage(unknown_setting(s)),
            DigestUsage(got) => with_usage(digest_usage(got)),
            NoGame => no_game(),
            NotPlayerOrAdmin => {
                Text::from("Only the game's players or a channel admin can set its deadline.")
            }
            BadConsequence(c) => Text::from(format!(
                "`{}` is not a consequence; use `notify` or `kick`.",
                clip(c)
            )),
            DeadlineUsage => deadline_usage(),
            DigestNeedsServer => digest_needs_server(),
            DeadlineInDirectMessage => deadline_in_direct_message(),
            Store(e) => Text::from(format!(
                "Could not read or save reminder settings: {}",
                e.player_text()
            )),
        }
    }
}

/// `t`, then the usage of every setting of `remind`.
fn with_usage(t: Text) -> Text {
    t.p("\nUsage: ")
        .cmd("remind", &[])
        .p(format!(" {}", table::remind_usage()))
}

/// `lead`, then the command `remind <words>` as an example, then a full stop.
fn example(lead: &str, words: &[&str]) -> Text {
    Text::from(lead).cmd("remind", words).p(".")
}

fn too_many_words(cmd: &str) -> Text {
    Text::from("Too many words after ")
        .cmd("remind", &[&clip(cmd)])
        .p(".")
}

fn need_value(setting: &str, example_value: &str) -> Text {
    example("Give a value, e.g. ", &[setting, example_value])
}

fn unknown_setting(s: &str) -> Text {
    Text::from(format!(
        "Unknown reminder setting `{}`; settings: {}.",
        clip(s),
        table::REMIND_SETTINGS.join(", ")
    ))
}

fn digest_usage(got: &str) -> Text {
    Text::from(format!("`{}` is not a digest setting; use ", clip(got)))
        .cmd("remind", &["digest", "daily 09:00"])
        .p(" (a time of day in your UTC offset) or ")
        .cmd("remind", &["digest", "off"])
        .p(".")
}

fn no_game() -> Text {
    Text::from("There is no game in this channel; start one with ")
        .cmd("game new", &["<game>"])
        .p(" first.")
}

fn deadline_usage() -> Text {
    Text::from("Usage: ")
        .cmd("remind", &["deadline", "<72h> [notify|kick]"])
        .p(" or ")
        .cmd("remind", &["deadline", "off"])
        .p(".")
}

fn digest_needs_server() -> Text {
    Text::from("A daily digest lists one server's games, so it is set in that server: run ")
        .cmd("remind", &["digest", "daily 09:00"])
        .p(" in a channel of the server. Nothing was changed.")
}

fn deadline_in_direct_message() -> Text {
    Text::from("A deadline belongs to one game: run ")
        .cmd("remind", &["deadline", "<72h> [notify|kick]"])
        .p(" in the game's channel. Nothing was changed.")
}

impl fmt::Display for RemindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}
impl std::error::Error for RemindError {}
