//! The top of the chat layer: the dispatcher. [`Chat::handle`] checks a command line,
//! the user's rate, the request id and the button's game version, resolves the command in
//! [`table`] and runs its handler (the map from a table path to a topic's handler is
//! [`handler`]). [`ChatError`] wraps every topic's error for the front ends.

use super::ai_seat::is_ai;
use super::core::Chat;
use super::error::CoreError;
use super::help::HelpError;
use super::lobby::{LobbyError, NewGamePlan};
use super::picks::Picked;
use super::remind::RemindError;
use super::replay::ReplayError;
use super::stats::StatsError;
use super::table::{self, check_line, LineError};
use super::text::Text;
use super::turns::TurnError;
use super::types::{Reply, Request};
use super::votes::VoteError;
use crate::store::StoreError;
use std::fmt;

/// How many commands one user may send per window before being asked to slow down.
pub const RATE_LIMIT: (u32, i64) = (12, 10);

/// A command handler: the chat core, the request, and the text after the command words.
pub type Handler = fn(&Chat, &Request, &str) -> Result<Vec<Reply>, ChatError>;

/// The handler of the table's command at `path` (`None` for a command with subcommands).
pub fn handler(path: &str) -> Option<Handler> {
    let run: Handler = match path {
        "game new" => |c, r, a| Ok(c.game_new(r, a)?),
        "game join" => |c, r, a| Ok(c.game_join(r, a)?),
        "game leave" => |c, r, a| Ok(c.game_leave(r, a)?),
        "game ai" => |c, r, a| Ok(c.join_ai(r, a)?),
        "game start" => |c, r, a| Ok(c.game_start(r, a)?),
        "game status" => |c, r, a| Ok(c.game_status(r, a)?),
        "game history" => |c, r, a| Ok(c.game_history(r, a)?),
        "game resign" => |c, r, a| Ok(c.game_resign(r, a)?),
        "game kick" => |c, r, a| Ok(c.game_kick(r, a)?),
        "game sub" => |c, r, a| Ok(c.game_sub(r, a)?),
        "game abort" => |c, r, a| Ok(c.game_abort(r, a)?),
        "game export" => |c, r, a| Ok(c.game_export(r, a)?),
        "game rematch" => |c, r, a| Ok(c.game_rematch(r, a)?),
        "game web" => |c, r, a| Ok(c.game_web(r, a)?),
        "game since" => |c, r, a| Ok(c.game_since(r, a)?),
        "move" => |c, r, a| Ok(c.cmd_move(r, a)?),
        "undo" => |c, r, a| Ok(c.cmd_undo(r, a)?),
        "board" => |c, r, a| Ok(c.cmd_board(r, a)?),
        "rules" => |c, r, a| Ok(c.cmd_rules(r, a)?),
        "remind" => |c, r, a| Ok(c.cmd_remind(r, a)?),
        "games" => |c, r, a| Ok(c.cmd_games(r, a)?),
        "stats" => |c, r, a| Ok(c.cmd_stats(r, a)?),
        "help" => |c, r, a| Ok(c.cmd_help(r, a)?),
        _ => return None,
    };
    Some(run)
}

impl Chat {
    /// Handle one request. Never panics on user input; errors come back as replies.
    pub fn handle(&self, req: &Request) -> Vec<Reply> {
        // A bug in a game must not take the bot down: nothing is committed before the
        // end of a handler, so a panic leaves the store as it was.
        let result =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.handle_inner(req)));
        let mut replies = match result {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => {
                if let Some(failure) = e.store_failure() {
                    tracing::error!(command = %req.text, "the game store failed: {failure}");
                }
                vec![Reply::error(&req.user.id, e.text())]
            }
            Err(_) => {
                self.lock().cache.clear();
                vec![Reply::error(&req.user.id, CoreError::Internal.text())]
            }
        };
        // Sherpa's players are never pinged (a vote names them; they answer at once).
        for r in &mut replies {
            r.pings.retain(|u| !is_ai(u));
        }
        replies
    }

    fn handle_inner(&self, req: &Request) -> Result<Vec<Reply>, ChatError> {
        let text = req.text.trim();
        check_line(text)?;
        if self.env.rate_limit {
            // A pick that only opens narrower menus plays nothing: it is checked, not
            // counted, so choosing a step through several menus costs one command.
            let narrows = req.pick.as_ref().is_some_and(|p| p.target.narrows());
            self.rate(&req.user.id, !narrows)?;
        }
        self.run_request(req)
    }

    /// A checked request: its answer again if its id was seen, else its command run (and
    /// its answer saved under its id).
    fn run_request(&self, req: &Request) -> Result<Vec<Reply>, ChatError> {
        let text = req.text.trim();
        if let Some(id) = &req.request_id {
            if self
                .lock()
                .store
                .log()
                .request_seen(&req.place.platform, id)?
            {
                return Ok(self.repeat_answer(req, id)?);
            }
        }
        if let Some(pick) = &req.pick {
            return match self.read_pick(req, pick)? {
                Picked::Answer(r) => Ok(r),
                Picked::Play { step, version } => {
                    // Exactly as typed, at the menu's version.
                    let play = Request {
                        text: format!("move {step}"),
                        expected_version: Some(version),
                        pick: None,
                        ..req.clone()
                    };
                    check_line(play.text.trim())?;
                    let mut replies = self.run_request(&play)?;
                    self.after_pick(req, &mut replies);
                    Ok(replies)
                }
            };
        }
        let result = self.after_command(req, self.run_command(req, text));
        let Some(id) = &req.request_id else {
            return result;
        };
        match result {
            Ok(replies) => {
                self.save_answer(req, &replies);
                Ok(replies)
            }
            // Refused, or beaten to its change, because another process handled the same
            // request meanwhile (the refusal then read the state it left): answered as that
            // one was.
            Err(e) => self.repeat_if_seen(req, id, e),
        }
    }

    /// Was the request with this id already handled (its answer is then repeated, not
    /// played again)? A store error counts as not handled: handling it will say so.
    pub fn request_handled(&self, platform: &str, id: &str) -> bool {
        self.lock()
            .store
            .log()
            .request_seen(platform, id)
            .unwrap_or(false)
    }

    /// After an error: the first handling's answer if the request id is recorded by now
    /// (see [`Chat::repeat_answer`]), else the error.
    fn repeat_if_seen(
        &self,
        req: &Request,
        id: &str,
        e: ChatError,
    ) -> Result<Vec<Reply>, ChatError> {
        let seen = self
            .lock()
            .store
            .log()
            .request_seen(&req.place.platform, id);
        match seen {
            Ok(true) => Ok(self.repeat_answer(req, id)?),
            _ => Err(e),
        }
    }

    /// Resolve and run the command of `text`.
    fn run_command(&self, req: &Request, text: &str) -> Result<Vec<Reply>, ChatError> {
        let (command, args) = table::resolve(text)?;
        // Every button carries the game version it was made for: pressed after the game
        // moved on, it does nothing but explain (a stale vote never counts).
        // `move` alone (the Move button) and `game since` only show: any version will do.
        let shows =
            (command.path == "move" && args.trim().is_empty()) || command.path == "game since";
        if let (Some(v), false) = (req.expected_version, shows) {
            // With no game open here, the buttons of the channel's finished game (Rematch)
            // are current until another game opens.
            let now = {
                let inner = self.lock();
                let (p, c) = (&req.place.platform, &req.place.channel);
                match inner.store.log().active_game(p, c)? {
                    Some(g) => Some(g.version),
                    None => inner
                        .store
                        .log()
                        .latest_game(p, c)?
                        .filter(|g| g.status == crate::store::GameStatus::Finished)
                        .map(|g| g.version),
                }
            };
            if now != Some(v) {
                // A Rematch pressed again, or after the rematch began: the player asks to
                // play the game that is here now, so join it (its lobby says if it cannot).
                if command.path == "game rematch" {
                    let join = handler("game join").ok_or(CoreError::Internal)?;
                    return join(self, req, "");
                }
                return Err(CoreError::StaleButton.into());
            }
        }
        let run = handler(command.path).ok_or(CoreError::Internal)?;
        run(self, req, args)
    }

    /// What follows any command: its sender takes back a seat the caretaker minds (the
    /// answer says so, also after a refusal), and after a vote Sherpa's players give
    /// their consent.
    fn after_command(
        &self,
        req: &Request,
        result: Result<Vec<Reply>, ChatError>,
    ) -> Result<Vec<Reply>, ChatError> {
        let mut more = self.welcome_back(req);
        let vote = matches!(
            table::resolve(req.text.trim()).map(|(c, _)| c.path),
            Ok("undo" | "game abort" | "game kick")
        );
        if vote && result.is_ok() {
            more.extend(self.ai_consent(&req.place));
        }
        if more.is_empty() {
            return result;
        }
        let mut replies = match result {
            Ok(r) => r,
            Err(e) => vec![Reply::error(&req.user.id, e.text())],
        };
        replies.extend(more);
        Ok(replies)
    }

    /// Whether one more command of `user` would be refused by [`RATE_LIMIT`] now; `count`:
    /// whether this command is counted (a check ahead of the command itself counts nothing).
    fn rate(&self, user: &str, count: bool) -> Result<(), ChatError> {
        let now = self.now();
        let mut inner = self.lock();
        let mut window = inner.rate.get(user).copied().unwrap_or((now, 0));
        if now - window.0 >= RATE_LIMIT.1 {
            window = (now, 0);
        }
        window.1 += 1;
        if count {
            inner.rate.insert(user.to_string(), window);
        }
        if window.1 > RATE_LIMIT.0 {
            return Err(ChatError::RateLimited {
                wait: RATE_LIMIT.1 - (now - window.0),
            });
        }
        Ok(())
    }

    /// Everything `game new … thread` would be refused for that is known before its thread
    /// exists: the line, the asker's rate (checked, not counted: the command run in the
    /// thread counts), the game and its options (see [`Chat::plan_new_game`]). Changes
    /// nothing. A front end that creates the thread first calls this before creating it.
    pub fn check_new_game(&self, req: &Request) -> Result<NewGamePlan, ChatError> {
        check_line(req.text.trim())?;
        if self.env.rate_limit {
            self.rate(&req.user.id, false)?;
        }
        Ok(self.plan_new_game(req)?)
    }
}

/// The dispatcher's [`ChatError`]: its own refusals, and a variant wrapping each part's
/// error, with `From` for each (so handlers' errors turn into it with `?`) and its text.
macro_rules! chat_error {
    ($($(#[$doc:meta])* $variant:ident($error:ty)),* $(,)?) => {
        /// A refused chat command: the dispatcher's own refusals and each topic's error.
        /// Nothing was changed.
        #[derive(Clone, Debug, PartialEq)]
        pub enum ChatError {
            /// More than [`RATE_LIMIT`] commands in its window (seconds to wait).
            RateLimited { wait: i64 },
            $($(#[$doc])* $variant($error)),*
        }

        $(impl From<$error> for ChatError {
            fn from(e: $error) -> Self {
                ChatError::$variant(e)
            }
        })*

        impl ChatError {
            /// The message, with commands as references.
            pub fn text(&self) -> Text {
                match self {
                    ChatError::RateLimited { wait } => Text::new().p(format!(
                        "you are sending commands too fast (more than {} in {} seconds); wait {} s and try again",
                        RATE_LIMIT.0,
                        RATE_LIMIT.1,
                        (*wait).max(1)
                    )),
                    $(ChatError::$variant(e) => e.text()),*
                }
            }
        }
    };
}

chat_error!(
    /// The line is not a command of the table.
    Line(LineError),
    Core(CoreError),
    Lobby(LobbyError),
    Turn(TurnError),
    Vote(VoteError),
    Help(HelpError),
    Stats(StatsError),
    Replay(ReplayError),
    Remind(RemindError),
);

impl ChatError {
    /// The database failure behind this error, if it is one (for the log: players see
    /// only a short message).
    pub fn store_failure(&self) -> Option<&StoreError> {
        use ChatError::*;
        let core = match self {
            Remind(RemindError::Store(e)) if e.is_failure() => return Some(e),
            Core(e)
            | Lobby(LobbyError::Core(e))
            | Turn(TurnError::Core(e))
            | Vote(VoteError::Core(e))
            | Help(HelpError::Core(e))
            | Stats(StatsError::Core(e))
            | Replay(ReplayError::Core(e)) => e,
            _ => return None,
        };
        core.store_failure()
    }
}

impl From<StoreError> for ChatError {
    fn from(e: StoreError) -> Self {
        ChatError::Core(CoreError::Store(e))
    }
}

impl fmt::Display for ChatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.text().fmt(f)
    }
}
impl std::error::Error for ChatError {}
