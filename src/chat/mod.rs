//! The platform-neutral command layer. Discord and the terminal both turn their input into
//! a [`Request`] and render the [`Reply`]s in their own syntax.
//!
//! Layers, each importing only from its own and the layers below it (no import circle;
//! this file only declares the modules and re-exports; `cargo xtask tidy` checks both, its
//! `CHAT_LAYERS` listing these):
//! 1. Text and shapes: `menus.rs` (a player's steps as buttons and select menus within
//!    the platforms' limits; the ids that carry a pick), `ai_seat.rs` (who is a Sherpa player: AI seats' user ids, names and
//!    levels), `text.rs` (reply text as segments: mentions, times, commands,
//!    rendered by the front ends), `types.rs` (requests and replies), `steplist.rs` (a
//!    player's legal steps worded for `move` alone: completing steps first, the rest grouped), `table.rs` (the one
//!    table of commands: names, aliases, subcommands, arguments, help; the command line's
//!    own checks and `LineError`; it feeds the dispatcher, `help`, the error wording and
//!    Discord's registration), `weblink.rs` (the signed links to a game's web page).
//! 2. Shared errors, hooks and the viewer filter: `hooks.rs` (what tests and measurements
//!    hook into the core: commit moments, lock times), `error.rs` (`CoreError`, what any command may
//!    raise, and the frame of every topic's error enum), `filter.rs` (the one per-viewer
//!    filter every outgoing payload is built through).
//! 3. The core: `core.rs` (the [`Chat`] struct, its lock and game cache, loading a place's
//!    game, rebuilding a game from its log, name matching).
//! 4. Command topics and what they share, each topic with its parser, its own error enum
//!    and its wording: `outbox.rs` (stored answers and replies to deliver), `due.rs` (what
//!    falls due with time: reminders, deadline notices, daily digests), `games.rs` (a
//!    player's games across the server's channels), `lookup.rs` (finding a rules topic by
//!    id, alias or words; "did you mean"), `help.rs` (help, rules, `HelpError`),
//!    `stats.rs` (ratings and records, the results a finished game records, `StatsError`),
//!    `replay.rs` (history, export, import, verify, `ReplayError`), `remind.rs` (reminder
//!    settings and deadlines, `RemindError`), `since.rs` (`game since`: the catch-up since
//!    a player's own last step), `picks.rs` (`move` alone as components, and a component
//!    used: refused, narrowed or handed to the dispatcher as `move <step>`); then `commit.rs` (the one function that changes
//!    a running game: version check, request id, autopilot for resigned seats, status,
//!    votes cleared, reminder schedule, replies) and `timelapse.rs` (the animated GIF of a
//!    finished game); then the topics that commit: `turns.rs` (move, resign, board,
//!    `TurnError`), `votes.rs` (kick, abort, undo and its consent, `VoteError`),
//!    `deadline.rs` (a passed deadline, as the table's `absent` option says: the
//!    caretaker, a kick, or a late seat's default steps), `caretaker.rs` (Sherpa minding an
//!    absent player's seat, and handing it back), `handover.rs` (`game sub`: a seat handed to
//!    another player, `store::handover`'s row, never a step); `lobby.rs` (new, join, leave, start,
//!    seating and removing Sherpa players,
//!    status; a new game's plan for a thread of its own; `LobbyError`); `rematch.rs` (play
//!    again with the same seats); `webpage.rs` (a game's web page as one viewer sees it,
//!    built through `filter`, and `game web`); `terminal.rs` (what `sherpa local` needs besides
//!    commands: the saved table, script lines' recorded answers, its movable clock).
//! 5. The dispatcher: `dispatch.rs` ([`Chat::handle`]: line, rate, request id, button
//!    version, the table's command, its handler, then a caretaker's seat handed back and
//!    Sherpa's votes; [`ChatError`] wraps every topic's error); beside it `ai.rs`
//!    (Sherpa's turns: [`Chat::ai_job`], [`ai::AiJob::think`] off the lock,
//!    [`Chat::commit_ai`] through `commit.rs`; AI seats' consent to votes, cast with the
//!    dispatcher's own handlers); `follow_up.rs` ([`Chat::follow_ups`]: what is due at a
//!    place after an answer, end files then a Sherpa turn, which every front end only
//!    delivers).
//!
//! Invariants:
//! - Nothing a user types changes state unless it was legal; every error says what was
//!   wrong and what is accepted; no input panics.
//! - Everything sent about a game is built by `filter` for one viewer: public replies with
//!   the spectator's view, private ones with their seat's.
//! - Each accepted command is one store transaction (see `store::GameLog::commit`); the game
//!   version it was checked against must still be current.
//! - The clock and fresh seeds come only from the injected [`Env`] (the one exception: a
//!   [`LockTimer`] passed in as hooks reads the monotonic clock for a measurement no reply
//!   uses).

pub mod ai;
pub mod ai_seat;
pub mod caretaker;
pub mod commit;
pub mod core;
pub mod deadline;
pub mod dispatch;
pub mod due;
pub mod error;
pub mod filter;
pub mod follow_up;
pub mod games;
pub mod handover;
pub mod help;
pub mod hooks;
pub mod lobby;
pub mod lookup;
pub mod menus;
pub mod outbox;
pub mod picks;
pub mod rematch;
pub mod remind;
pub mod replay;
pub mod since;
pub mod stats;
pub mod steplist;
pub mod table;
pub mod terminal;
pub mod text;
pub mod timelapse;
pub mod turns;
pub mod types;
pub mod votes;
pub mod weblink;
pub mod webpage;

pub use self::core::{
    clean_name, effective_steps, match_game_id, replay, replay_from_checkpoints, Chat, Env,
    GameInfo, Roster, CACHE_GAMES,
};
pub use dispatch::{ChatError, RATE_LIMIT};
pub use due::{DueNotice, Message, Notice};
pub use error::CoreError;
pub use follow_up::FollowUp;
pub use games::Digest;
pub use help::HelpError;
pub use hooks::{ChatHooks, LockTimer, LockTimes, OnceHooks};
pub use lobby::{LobbyError, NewGamePlan, MAX_THREAD_NAME};
pub use outbox::Undelivered;
pub use remind::RemindError;
pub use replay::{ReplayError, ReplayFile};
pub use stats::StatsError;
pub use table::{LineError, MAX_COMMAND_LEN};
pub use terminal::{AskedGame, SavedTable};
pub use text::{CmdRef, Plain, Seg, Syntax, Text, TimeStyle};
pub use timelapse::EndFiles;
pub use turns::TurnError;
pub use types::{Button, MentionedUser, Place, Reply, Request, User, Visibility};
pub use votes::VoteError;

#[cfg(test)]
mod history_tests;
#[cfg(test)]
mod tests;
