//! Why a chat command was refused. Each error says what was wrong and what is accepted;
//! commands it names are [`CmdRef`](super::text::CmdRef)s, so each front end shows its own
//! syntax. `Display` is the platform-neutral text.

use super::remind::RemindError;
use super::table;
use super::text::Text;
use crate::engine::notation::clip;
use crate::engine::{ParseError, PlayError, SetupError};
use crate::store::StoreError;
use std::fmt;

/// A refused chat command. Nothing was changed.
#[derive(Clone, Debug, PartialEq)]
pub enum ChatError {
    // ---- The command line ----
    TooLong {
        len: usize,
    },
    ControlChar(char),
    RateLimited {
        wait: i64,
    },
    AlreadyHandled,
    NoCommand,
    UnknownCommand(String),
    UnknownSubcommand {
        command: &'static str,
        got: String,
    },
    /// An argument of `command` (a table path) is not one it takes.
    BadArgument {
        command: &'static str,
        got: String,
    },
    NoHelp(String),

    // ---- Finding the game ----
    NoGameHere {
        games: Vec<&'static str>,
    },
    NameAGame {
        command: &'static str,
        games: Vec<&'static str>,
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
    AlreadyStarted,
    NotStarted,
    /// The stored game's kind is not one this binary knows.
    UnknownKind(String),
    /// The game cannot be rebuilt (why).
    Broken(String),
    NothingToExport,
    /// `game rematch` with no finished game as the channel's last one.
    NothingToRematch,
    /// `game rematch` by someone who did not play the last game (its players).
    NotInLastGame {
        players: Vec<String>,
    },
    /// `game join` in a rematch lobby by someone who did not play the previous game.
    RematchPlayersOnly {
        players: Vec<String>,
    },

    // ---- Setting up ----
    OptionSyntax {
        got: String,
        example: String,
        options: String,
    },
    BadOptions {
        reason: SetupError,
        options: String,
    },
    CannotStart(SetupError),
    /// `game new … thread` where the front end opens no threads (the terminal).
    NoThreadsHere,
    /// `thread=…` with a value other than true or false.
    BadThreadValue {
        got: String,
    },

    // ---- Seats and roles ----
    AlreadyJoined,
    GameFull {
        max: usize,
    },
    NotJoined,
    LeaveRunning,
    OnlyPlayersStart,
    NotPlaying,
    NoPrivateView,
    AlreadyResigned,
    NotYourTurn {
        waiting: Vec<String>,
    },
    GameOver,
    KickWho,
    NoSuchPlayer {
        got: String,
        players: Vec<String>,
    },
    AmbiguousPlayer {
        got: String,
        candidates: Vec<String>,
    },
    OnlyCreatorBeforeStart,
    AlreadyOut(String),
    OnlyPlayersVote {
        motion: &'static str,
    },
    KickYourself,
    /// A vote to remove `name` while the game is not waiting for them: only a player the
    /// game has waited for longer than the deadline (`after` seconds) can be voted out.
    KickNotWaiting {
        name: String,
        after: i64,
    },
    /// The game waits for `name` since `since`, but the deadline (`after` seconds) passes
    /// only `at`: a vote to remove them is possible from then on.
    KickTooEarly {
        name: String,
        since: i64,
        at: i64,
        after: i64,
    },
    /// The user already voted for this motion: nothing changed, nobody pinged.
    VoteAlreadyIn {
        motion: String,
        missing: Vec<String>,
    },

    // ---- Steps ----
    Play(PlayError),
    ChainFailed {
        step: String,
        earlier: usize,
        error: PlayError,
    },
    NoStep,
    StaleButton {
        was: i64,
        now: i64,
    },
    Autopilot(String),

    // ---- Undo ----
    NothingToUndo,
    UndoAlreadyOpen,
    NoUndoRequest {
        answer: &'static str,
    },

    // ---- Rules ----
    NoTopic {
        game: &'static str,
        got: String,
        topics: Vec<&'static str>,
    },
    AmbiguousTopic {
        got: String,
        candidates: Vec<&'static str>,
    },

    // ---- Stats ----
    /// `stats` names a player with no finished game here (of `game`, if given); `players`
    /// are those who have one. Without a game, `games` lists the games (the word may have
    /// been meant as one).
    NoStatsFor {
        got: String,
        game: Option<String>,
        players: Vec<String>,
        games: Vec<&'static str>,
    },

    // ---- Replay files ----
    NotAReplayFile {
        format: String,
    },
    NoSeedInReplay,
    /// The log does not replay (which step, why).
    Replay(String),

    // ---- Reminders ----
    Remind(RemindError),

    // ---- Below the chat layer ----
    Store(StoreError),
    /// A bug; nothing was changed.
    Internal,
}

impl From<StoreError> for ChatError {
    fn from(e: StoreError) -> Self {
        ChatError::Store(e)
    }
}

impl ChatError {
    /// The database failure behind this error, if it is one (for the log: players see
    /// only a short message).
    pub fn store_failure(&self) -> Option<&StoreError> {
        match self {
            ChatError::Store(e) | ChatError::Remind(RemindError::Store(e)) if e.is_failure() => {
                Some(e)
            }
            _ => None,
        }
    }

    /// A store error of opening a lobby: a conflict means the channel already has an open
    /// game.
    pub(crate) fn opening(e: StoreError) -> Self {
        match e {
            StoreError::Conflict(_) => ChatError::GameAlreadyOpen,
            other => ChatError::Store(other),
        }
    }
}

impl From<RemindError> for ChatError {
    fn from(e: RemindError) -> Self {
        ChatError::Remind(e)
    }
}

fn quoted(list: &[impl AsRef<str>], sep: &str) -> String {
    list.iter()
        .map(|s| format!("`{}`", s.as_ref()))
        .collect::<Vec<_>>()
        .join(sep)
}

fn bold(list: &[String]) -> String {
    list.iter()
        .map(|s| format!("**{s}**"))
        .collect::<Vec<_>>()
        .join(", ")
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

fn play_text(e: &PlayError) -> Text {
    match e {
        PlayError::Parse(ParseError::Empty) => ChatError::NoStep.text(),
        other => Text::from(other.to_string()),
    }
}

impl ChatError {
    /// The message, with commands as references.
    pub fn text(&self) -> Text {
        use ChatError::*;
        let t = Text::new();
        match self {
            TooLong { len } => t.p(format!(
                "that command is {len} characters long; the limit is {}",
                super::MAX_COMMAND_LEN
            )),
            ControlChar(c) => t.p(format!(
                "the command contains a control character (U+{:04X}); use plain text",
                *c as u32
            )),
            RateLimited { wait } => t.p(format!(
                "you are sending commands too fast (more than {} in {} seconds); wait {} s and try again",
                super::RATE_LIMIT.0,
                super::RATE_LIMIT.1,
                (*wait).max(1)
            )),
            AlreadyHandled => t.p("this request was already handled; nothing more was done"),
            NoCommand => t
                .p("no command given. Commands: ")
                .then(table::command_list())
                .p("."),
            UnknownCommand(c) => t
                .p(format!("unknown command `{}`. Commands: ", clip(c)))
                .then(table::command_list())
                .p("."),
            UnknownSubcommand { command, got } => {
                let subs: Vec<&str> = table::find_path(command)
                    .map(|c| c.subcommands.iter().map(|s| s.name).collect())
                    .unwrap_or_default();
                t.p(format!(
                    "unknown `{command}` command `{}`; use one of: {}",
                    clip(got),
                    subs.join(", ")
                ))
            }
            BadArgument { command, got } => match table::find_path(command) {
                Some(c) => {
                    let takes = if c.args.is_empty() {
                        "nothing more".to_string()
                    } else {
                        c.args.iter().map(accepts).collect::<Vec<_>>().join(", then ")
                    };
                    let path: Vec<&str> = c.path.split(' ').collect();
                    t.cmd(c.path, &[])
                        .p(format!(" takes {takes}, not `{}`; see ", clip(got)))
                        .cmd("help", &[&path.join(" ")])
                        .p(".")
                }
                None => t.p(format!("`{}` is not accepted here", clip(got))),
            },
            NoHelp(got) => t
                .p(format!("no help on `{}`. Commands: ", clip(got)))
                .then(table::command_list())
                .p("."),
            NoGameHere { games } => t
                .p("no game here. Start one with ")
                .cmd("game new", &["<game>"])
                .p(format!("; games: {}", games.join(", "))),
            NameAGame { command, games } => {
                let r = table::find_path(command)
                    .map(|c| c.reference())
                    .map(|r| Text(vec![super::text::Seg::Command(r)]))
                    .unwrap_or_default();
                t.p("name a game: ")
                    .then(r)
                    .p(format!("; games: {}", games.join(", ")))
            }
            UnknownGame { got, games } => t.p(format!(
                "there is no game `{}`; games: {}",
                clip(got),
                games.join(", ")
            )),
            AmbiguousGame { got, candidates } => t.p(format!(
                "`{}` could be {}; type more of the game's name",
                clip(got),
                quoted(candidates, " or ")
            )),
            GameAlreadyOpen => t
                .p("a game is already open in this channel; finish or ")
                .cmd("game abort", &[])
                .p(" it, or start a thread for another game"),
            AlreadyStarted => t
                .p("the game here has already started; you can watch it with ")
                .cmd("board", &[]),
            NotStarted => t
                .p("the game has not started yet; ")
                .cmd("game start", &[])
                .p(" begins it"),
            UnknownKind(kind) => t
                .p(format!(
                    "this game is of kind `{}`, which this version of Sherpa does not know; an admin can ",
                    clip(kind)
                ))
                .cmd("game abort", &[])
                .p(" it"),
            Broken(why) => t.p(format!("{why}; an admin can ")).cmd("game abort", &[]).p(" it"),
            NothingToExport => t.p("no game here to export"),
            NothingToRematch => t
                .p("the last game here has not finished, so there is nothing to play again; ")
                .cmd("game new", &["<game>"])
                .p(" opens a new one"),
            NotInLastGame { players } => t
                .p(format!(
                    "only the last game's players ({}) can ask for a rematch; ",
                    players.join(", ")
                ))
                .cmd("game new", &["<game>"])
                .p(" opens a new game"),
            RematchPlayersOnly { players } => t
                .p(format!(
                    "this is a rematch, so only the last game's players ({}) join it; ",
                    players.join(", ")
                ))
                .cmd("game new", &["<game>"])
                .p(" in a thread opens another game"),
            OptionSyntax {
                got,
                example,
                options,
            } => t.p(format!(
                "options are written `key=value` (e.g. `{example}`), not `{}`; {options}",
                clip(got)
            )),
            BadOptions { reason, options } => t.p(format!("{reason}. {options}")),
            CannotStart(e) => t.p(format!("cannot start: {e}")),
            NoThreadsHere => t
                .p("games open in a thread of their own only on Discord, where threads exist; nothing was created. Here, open the game without `thread`: ")
                .cmd("game new", &["<game>", "[key=value …]"]),
            BadThreadValue { got } => t.p(format!(
                "`{}`: `thread` is `true` (open the game in a new thread of this channel) or `false`; nothing was created",
                clip(got)
            )),
            AlreadyJoined => t.p("you have already joined this game"),
            GameFull { max } => t.p(format!("the game is full ({max} players at most)")),
            NotJoined => t.p("you have not joined this game"),
            LeaveRunning => t
                .p("the game has started; to stop playing use ")
                .cmd("game resign", &[]),
            OnlyPlayersStart => t
                .p("only a player who joined can start the game (")
                .cmd("game join", &[])
                .p(" first)"),
            NotPlaying => t
                .p("you are not playing in this game; anyone can look with ")
                .cmd("board", &[]),
            NoPrivateView => t
                .p("you are not playing in this game, so there is no private view for you; ")
                .cmd("board", &[])
                .p(" shows the public one"),
            AlreadyResigned => t.p("you have already resigned"),
            NotYourTurn { waiting } => {
                t.p(format!("it is not your turn; waiting for {}", bold(waiting)))
            }
            GameOver => t.p("the game is over"),
            KickWho => t.p("name the player to kick: ").cmd("game kick", &["<player>"]),
            NoSuchPlayer { got, players } => t.p(format!(
                "no player `{}` in this game; players: {}",
                clip(got),
                players.join(", ")
            )),
            AmbiguousPlayer { got, candidates } => t.p(format!(
                "`{}` could be {}; type more of the name",
                clip(got),
                candidates.join(" or ")
            )),
            OnlyCreatorBeforeStart => t.p(
                "before the start, only the game's creator or a channel admin can remove a player",
            ),
            AlreadyOut(name) => t.p(format!("{name} is already out of the game")),
            OnlyPlayersVote { motion } => t.p(format!(
                "only players in this game (or a channel admin) can vote to {motion}"
            )),
            KickYourself => t
                .p("to leave a running game use ")
                .cmd("game resign", &[]),
            KickNotWaiting { name, after } => t
                .p(format!(
                    "{name} cannot be voted out now: the game is not waiting for them. A vote to remove a player is possible only once the game has waited for that player for longer than the deadline ({}); a channel admin can always remove a player. To leave yourself, use ",
                    crate::reminders::format_duration(*after)
                ))
                .cmd("game resign", &[]),
            KickTooEarly { name, since, at, after } => t
                .p(format!("{name} cannot be voted out yet: the game has waited for them since "))
                .time(*since, super::text::TimeStyle::Full)
                .p(format!(
                    ", less than the deadline ({}). A vote to remove them becomes possible ",
                    crate::reminders::format_duration(*after)
                ))
                .time(*at, super::text::TimeStyle::Relative)
                .p(" (at ")
                .time(*at, super::text::TimeStyle::Full)
                .p(") if they have not acted by then; a channel admin can remove them at once"),
            VoteAlreadyIn { motion, missing } => t.p(format!(
                "your vote to {motion} is already in; nothing changed. Still needed: {}",
                if missing.is_empty() { "nobody".to_string() } else { missing.join(", ") }
            )),
            Play(e) => play_text(e),
            ChainFailed {
                step,
                earlier,
                error,
            } => t
                .p(format!(
                    "step `{}` failed after {earlier} earlier step(s), so nothing was played: ",
                    clip(step)
                ))
                .then(play_text(error)),
            NoStep => t
                .p("no step given; e.g. ")
                .cmd("move", &["end"])
                .p(". ")
                .cmd("move", &[])
                .p(" with no steps lists your legal steps"),
            StaleButton { was, now } => t.p(format!(
                "that button belongs to an earlier moment of the game (version {was}; now {now}); nothing was done. Look at the latest board."
            )),
            Autopilot(why) => t.p(format!(
                "the automatic player for resigned seats failed ({why}); nothing was changed"
            )),
            NothingToUndo => t.p("there is nothing to undo yet"),
            UndoAlreadyOpen => t
                .p("an undo request is already open; answer it with ")
                .cmd("undo", &["accept"])
                .p(" or ")
                .cmd("undo", &["reject"]),
            NoUndoRequest { answer } => t.p(format!("there is no undo request to {answer}")),
            NoTopic { game, got, topics } => t.p(format!(
                "{game} has no rules topic `{}`; topics: {}",
                clip(got),
                topics.join(", ")
            )),
            AmbiguousTopic { got, candidates } => t.p(format!(
                "`{}` could be {}; type more",
                clip(got),
                candidates.join(", ")
            )),
            NoStatsFor { got, game, players, games } => {
                let of = game.as_ref().map(|g| format!(" of {g}")).unwrap_or_default();
                let not_a_game = if games.is_empty() {
                    String::new()
                } else {
                    format!(", and it is not a game either (games: {})", games.join(", "))
                };
                let t = t.p(format!(
                    "no finished game{of} in this server by a player `{}` (a name, a unique beginning of one, or a mention){not_a_game}; ",
                    clip(got)
                ));
                if players.is_empty() {
                    t.p("nobody has one yet")
                } else {
                    let shown = players.len().min(super::stats::NAMES_LISTED);
                    let more = players.len() - shown;
                    t.p(format!(
                        "players with one: {}{}",
                        players[..shown].join(", "),
                        if more > 0 { format!(" and {more} more") } else { String::new() }
                    ))
                }
                .p(". ")
                .cmd("stats", &["<game>"])
                .p(" lists a game's top ten")
            }
            NotAReplayFile { format } => t.p(format!(
                "not a Sherpa replay file (format `{}`, expected `{}`)",
                clip(format),
                super::replay::REPLAY_FORMAT
            )),
            NoSeedInReplay => t.p(
                "this replay was exported while the game was running, so it has no seed and cannot be rebuilt",
            ),
            Replay(why) => t.p(format!("the game's log does not replay: {why}")),
            Remind(e) => e.text(),
            Store(e) => t.p(e.player_text()),
            Internal => t
                .p("internal error while handling that command; nothing was changed. Please report it with ")
                .cmd("game export", &[])
                .p("."),
        }
    }
}

impl fmt::Display for ChatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}
impl std::error::Error for ChatError {}
