//! Before and around play: `game new`, `join`, `leave`, `start`, `status`.

use super::commit::Turn;
use super::core::{clean_name, seat_of, Chat, Loaded};
use super::error::topic_error;
use super::error::CoreError;
use super::filter::{self, Line};
use super::help;
use super::table::{self, check_line, split_word, LineError};
use super::text::{Text, TimeStyle};
use super::types::{Reply, Request};
use crate::engine::notation::clip;
use crate::engine::{GameKind, Seat, SetupError};
use crate::engine::{Options, Status, Viewer};
use crate::reminders::Consequence;
use crate::store::SeatRow;
use crate::store::{Change, GameStatus};

impl Chat {
    pub(crate) fn game_new(&self, req: &Request, args: &str) -> Result<Vec<Reply>, LobbyError> {
        let new = self.parse_new(args)?;
        if new.thread {
            // A front end that opens threads (Discord) takes the thread word out before the
            // command gets here (see [`Chat::plan_new_game`]): this place has none.
            return Err(LobbyError::NoThreadsHere);
        }
        let (kind, options) = (new.kind, new.options);
        let seed = self.fresh_seed();
        let name = clean_name(&req.user.name);
        let mut inner = self.lock();
        let id = inner
            .store
            .log_mut()
            .create_game(
                &req.place.platform,
                req.place.guild.as_deref(),
                &req.place.channel,
                kind.id(),
                &options,
                seed,
                (&req.user.id, &name),
                Self::request_key(req),
                self.now(),
            )
            .map_err(CoreError::opening)?;
        let opt_text: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        Ok(vec![Reply::public(
            Text::new()
                .p(format!(
                    "**{name}** opened a game of **{}** (game #{id}; {}; options: {}). Others: ",
                    kind.name(),
                    crate::engine::player_counts(kind.min_players(), kind.max_players()),
                    if opt_text.is_empty() {
                        "none".into()
                    } else {
                        opt_text.join(", ")
                    }
                ))
                .cmd("game join", &[])
                .p(". When everyone is in: ")
                .cmd("game start", &[])
                .p("."),
        )])
    }

    fn lobby(&self, req: &Request) -> Result<Loaded, LobbyError> {
        let l = self.load_active(&req.place)?;
        if l.row.status != GameStatus::Lobby {
            return Err(LobbyError::AlreadyStarted);
        }
        Ok(l)
    }

    /// Write a lobby's seats (renumbered in order), checked against the loaded version.
    pub(crate) fn save_lobby_seats(
        &self,
        l: &Loaded,
        mut seats: Vec<SeatRow>,
        req: &Request,
    ) -> Result<(), CoreError> {
        for (i, s) in seats.iter_mut().enumerate() {
            s.seat = i;
        }
        self.lock().store.log_mut().set_seats(
            l.row.id,
            l.row.version,
            &seats,
            Self::request_key(req),
            self.now(),
        )?;
        Ok(())
    }

    pub(crate) fn game_join(&self, req: &Request, _args: &str) -> Result<Vec<Reply>, LobbyError> {
        let l = self.lobby(req)?;
        let kind = self
            .registry
            .get(&l.row.kind)
            .ok_or_else(|| CoreError::UnknownKind(l.row.kind.clone()))?;
        if seat_of(&l.seats, &req.user.id).is_some() {
            return Err(LobbyError::AlreadyJoined);
        }
        if l.seats.len() >= kind.max_players() {
            return Err(LobbyError::GameFull {
                max: kind.max_players(),
            });
        }
        // A rematch keeps the previous seats and names, and deals once all are back.
        let (seats, all_back) = match self.rematch_seats(&l, &req.user.id)? {
            Some(r) => r,
            None => {
                let mut seats = l.seats.clone();
                seats.push(SeatRow {
                    seat: seats.len(),
                    user_id: req.user.id.clone(),
                    name: unique_name(&l.seats, &clean_name(&req.user.name)),
                    resigned: false,
                });
                (seats, false)
            }
        };
        let name = seats
            .iter()
            .find(|s| s.user_id == req.user.id)
            .map(|s| s.name.clone())
            .unwrap_or_default();
        self.save_lobby_seats(&l, seats.clone(), req)?;
        let mut out = vec![self.joined(&name, &seats, kind)];
        if all_back {
            // The join is committed with the request's id; the start is a change of its own.
            let start = Request {
                request_id: None,
                expected_version: None,
                visible_channels: None,
                ..req.clone()
            };
            match self.game_start(&start, "") {
                Ok(r) => out.extend(r),
                Err(e) => out.push(Reply::error(&req.user.id, e.text())),
            }
        }
        Ok(out)
    }

    fn joined(&self, name: &str, seats: &[SeatRow], kind: &dyn GameKind) -> Reply {
        Reply::public(format!(
            "**{name}** joined ({} of {}: {}).",
            seats.len(),
            crate::engine::player_counts(kind.min_players(), kind.max_players()),
            seats
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ))
    }

    pub(crate) fn game_leave(&self, req: &Request, _args: &str) -> Result<Vec<Reply>, LobbyError> {
        let l = self.load_active(&req.place)?;
        if l.row.status == GameStatus::Running {
            return Err(LobbyError::LeaveRunning);
        }
        let me = seat_of(&l.seats, &req.user.id).ok_or(LobbyError::NotJoined)?;
        let seats: Vec<SeatRow> = l.seats.iter().filter(|s| s.seat != me).cloned().collect();
        if seats.is_empty() {
            self.close_game(&l, req)?;
            return Ok(vec![Reply::public(format!(
                "**{}** left; nobody is left, so the game is closed.",
                l.seats[me].name
            ))]);
        }
        self.save_lobby_seats(&l, seats, req)?;
        Ok(vec![Reply::public(format!(
            "**{}** left the game.",
            l.seats[me].name
        ))])
    }

    pub(crate) fn game_start(&self, req: &Request, _args: &str) -> Result<Vec<Reply>, LobbyError> {
        let l = self.lobby(req)?;
        let kind = self
            .registry
            .get(&l.row.kind)
            .ok_or_else(|| CoreError::UnknownKind(l.row.kind.clone()))?;
        if seat_of(&l.seats, &req.user.id).is_none() && !req.user.is_channel_admin {
            return Err(LobbyError::OnlyPlayersStart);
        }
        let names: Vec<String> = l.seats.iter().map(|s| s.name.clone()).collect();
        let game = kind
            .setup(&names, &l.row.options, l.row.seed)
            .map_err(LobbyError::CannotStart)?;
        let mut t = Turn::new(game);
        t.start = true;
        t.notes.push(Line::public(format!(
            "The game of **{}** begins with {}.",
            kind.name(),
            names.join(", ")
        )));
        Ok(self.commit_turn(req, &l, vec![], t)?)
    }

    pub(crate) fn game_status(&self, req: &Request, args: &str) -> Result<Vec<Reply>, LobbyError> {
        if !args.is_empty() {
            return Err(CoreError::BadArgument {
                command: "game status",
                got: args.to_string(),
            }
            .into());
        }
        let l = self.load_active_or_finished(&req.place)?;
        if l.row.status == GameStatus::Finished {
            let g = l.game.as_ref().ok_or(CoreError::Internal)?;
            return Ok(vec![Reply::public(format!(
                "No game is running here. The last game (#{}) ended:\n{}",
                l.row.id,
                filter::final_text(&l.seats, &g.status())
            ))]);
        }
        let kind = self
            .registry
            .get(&l.row.kind)
            .map(|k| k.name())
            .unwrap_or("?");
        let seats_text = l
            .seats
            .iter()
            .map(|s| format!("{}{}", s.name, if s.resigned { " (resigned)" } else { "" }))
            .collect::<Vec<_>>()
            .join(", ");
        let Some(g) = &l.game else {
            return Ok(vec![Reply::public(
                Text::new()
                    .p(format!(
                        "Game #{} of **{kind}** is waiting to start. Players: {seats_text}. ",
                        l.row.id
                    ))
                    .cmd("game join", &[])
                    .p(" to join, ")
                    .cmd("game start", &[])
                    .p(" to begin."),
            )]);
        };
        let motions = self.lock().store.log().motions(l.row.id)?;
        let mut text = Text::from(format!(
            "Game #{} of **{kind}**. Players: {seats_text}.",
            l.row.id
        ));
        text.line(filter::describe(&**g, Viewer::Spectator));
        if let Status::Acting(a) = g.status() {
            text.line(format!("Waiting for: {}.", names(&l.seats, &a)));
            for line in self.wait_lines(&l, &a)? {
                text.line(line);
            }
        }
        if !motions.is_empty() {
            text.line(format!("Open votes: {}.", motions.join(", ")));
        }
        Ok(vec![Reply::public(text)])
    }

    /// One line per acting seat (resigned ones are played automatically and left out):
    /// how long the game has waited for them, and when their deadline falls (the game's
    /// own, with its consequence; without one, when the others may vote to kick them),
    /// counted after a vacation as the deadline itself is.
    pub(crate) fn wait_lines(&self, l: &Loaded, acting: &[Seat]) -> Result<Vec<Text>, CoreError> {
        let (waits, deadline) = {
            let inner = self.lock();
            (
                inner.store.schedules().waits(l.row.id)?,
                inner.store.schedules().game_deadline(l.row.id)?,
            )
        };
        let mut out = Vec::new();
        for s in acting.iter().filter_map(|&i| l.seats.get(i)) {
            if s.resigned {
                continue;
            }
            let Some(&(_, since)) = waits.iter().find(|(u, _)| *u == s.user_id) else {
                continue;
            };
            let vacation = self
                .lock()
                .store
                .schedules()
                .reminder_prefs(&s.user_id)?
                .vacation_until;
            let mut t = Text::new()
                .p(format!("- **{}**: waiting since ", s.name))
                .time(since, TimeStyle::Relative)
                .p("; ");
            match deadline {
                Some((secs, consequence)) => {
                    let at = crate::reminders::deadline_at(secs, since, vacation);
                    t = t
                        .p("deadline ")
                        .time(at, TimeStyle::Relative)
                        .p(" (")
                        .time(at, TimeStyle::Full)
                        .p(match consequence {
                            Consequence::Notify => "), then the channel is told.",
                            Consequence::Kick => "), then the others may vote to kick.",
                        });
                }
                None => {
                    let at = crate::reminders::deadline_at(
                        super::votes::DEFAULT_KICK_AFTER,
                        since,
                        vacation,
                    );
                    t = t
                        .p("no game deadline; the others may vote to kick ")
                        .time(at, TimeStyle::Relative)
                        .p(" (")
                        .time(at, TimeStyle::Full)
                        .p(").");
                }
            }
            out.push(t);
        }
        Ok(out)
    }

    /// End a game without a result (abort, or the last player left the lobby).
    pub(crate) fn close_game(&self, l: &Loaded, req: &Request) -> Result<(), CoreError> {
        let mut inner = self.lock();
        let change = Change {
            status: Some(GameStatus::Aborted),
            request: Self::request_key(req),
            ..Default::default()
        };
        inner
            .store
            .log_mut()
            .commit(l.row.id, l.row.version, change, self.now())?;
        self.forget(&mut inner, l.row.id);
        Ok(())
    }
}

/// Seats' names in bold, comma-separated.
pub(crate) fn names(seats: &[SeatRow], list: &[Seat]) -> String {
    list.iter()
        .filter_map(|&i| seats.get(i))
        .map(|s| format!("**{}**", s.name))
        .collect::<Vec<_>>()
        .join(", ")
}

fn example_option(kind: &dyn GameKind) -> String {
    kind.options()
        .first()
        .map(|o| format!("{}={}", o.key, o.values.last().unwrap_or(&"")))
        .unwrap_or_else(|| "key=value".into())
}

fn unique_name(seats: &[SeatRow], name: &str) -> String {
    let mut n = name.to_string();
    let mut i = 2;
    while seats.iter().any(|s| s.name.eq_ignore_ascii_case(&n)) {
        n = format!("{name}{i}");
        i += 1;
    }
    n
}

/// Discord's limit on a thread's name.
pub const MAX_THREAD_NAME: usize = 100;

/// `game new`'s arguments, read and checked: the game, its options with defaults filled
/// in, the option words as typed (without the thread word), and whether a thread was asked
/// for.
pub(crate) struct NewArgs {
    pub kind: &'static dyn GameKind,
    pub options: Options,
    pub words: Vec<String>,
    pub thread: bool,
}

/// A `game new` command checked without creating anything, for a front end that opens the
/// game in a thread of its own (Discord): the thread's name, the command to run in the
/// thread, and the line that links the channel to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGamePlan {
    /// The command asked for a thread (`thread`, `thread=true` or `thread:true`).
    pub thread: bool,
    /// The command to run in the thread: `game new <game> [key=value …]` as typed, without
    /// the thread word.
    pub command: String,
    /// The thread's name, `<Game> — <opener>'s table`: at most [`MAX_THREAD_NAME`]
    /// characters, the opener's name cleaned like a seat's name.
    pub thread_name: String,
    /// The game's display name.
    pub game_name: String,
    /// The opener's name, cleaned.
    pub opener: String,
}

impl NewGamePlan {
    /// The one public line for the channel the command came from: who opened which game,
    /// and a link to the thread (`thread`: its channel id) where it lives.
    pub fn link_line(&self, thread: &str) -> Reply {
        Reply::public(
            Text::new()
                .p(format!(
                    "**{}** opened a game of **{}** in its own thread: ",
                    self.opener, self.game_name
                ))
                .channel(thread)
                .p(". Join it there with ")
                .cmd("game join", &[])
                .p("."),
        )
    }
}

/// Whether an option word asks for a thread: `Some(wanted)` for `thread`, `thread=…` or
/// `thread:…` (any case), `None` for other words.
fn thread_word(word: &str) -> Option<Result<bool, LobbyError>> {
    let (key, value) = match word.find(['=', ':']) {
        Some(i) => (&word[..i], Some(&word[i + 1..])),
        None => (word, None),
    };
    if !key.eq_ignore_ascii_case("thread") {
        return None;
    }
    Some(match value.map(str::to_ascii_lowercase).as_deref() {
        None | Some("true" | "yes" | "on") => Ok(true),
        Some("false" | "no" | "off") => Ok(false),
        Some(_) => Err(LobbyError::BadThreadValue {
            got: word.to_string(),
        }),
    })
}

impl Chat {
    /// Read `game new`'s arguments: the game (a unique beginning of its id), `key=value`
    /// options checked against the game's, and the thread word. Creates nothing.
    pub(crate) fn parse_new(&self, args: &str) -> Result<NewArgs, LobbyError> {
        let (game, opts) = split_word(args);
        if game.is_empty() {
            return Err(CoreError::NameAGame {
                command: "game new",
                games: self.registry.ids(),
            }
            .into());
        }
        let kind = self.find_game(game)?;
        let mut options = Options::new();
        let mut words = Vec::new();
        let mut thread = false;
        for o in opts.split_whitespace() {
            if let Some(t) = thread_word(o) {
                thread = t?;
                continue;
            }
            let (k, v) = o.split_once('=').ok_or_else(|| LobbyError::OptionSyntax {
                got: o.to_string(),
                example: example_option(kind),
                options: help::options_text(kind),
            })?;
            options.insert(k.to_string(), v.to_string());
            words.push(o.to_string());
        }
        let options = crate::engine::resolve_options(kind.options(), &options)
            .map_err(|reason| LobbyError::BadOptions {
                reason,
                options: help::options_text(kind),
            })?
            .text()
            .clone();
        Ok(NewArgs {
            kind,
            options,
            words,
            thread,
        })
    }

    /// Check a `game new` request as the command itself would (the line, the game, its
    /// options), without creating anything, and say how to open it in a thread: for a front
    /// end that creates the thread first and then runs [`NewGamePlan::command`] there. The
    /// rate limit and the store are checked when that command runs.
    pub fn plan_new_game(&self, req: &Request) -> Result<NewGamePlan, LobbyError> {
        let text = req.text.trim();
        check_line(text)?;
        let (command, args) = table::resolve(text)?;
        if command.path != "game new" {
            return Err(CoreError::Internal.into());
        }
        let new = self.parse_new(args)?;
        let mut line = format!("game new {}", new.kind.id());
        for w in &new.words {
            line.push(' ');
            line.push_str(w);
        }
        let opener = clean_name(&req.user.name);
        let thread_name: String = format!("{} — {opener}'s table", new.kind.name())
            .chars()
            .take(MAX_THREAD_NAME)
            .collect();
        Ok(NewGamePlan {
            thread: new.thread,
            command: line,
            thread_name: thread_name.trim().to_string(),
            game_name: new.kind.name().to_string(),
            opener,
        })
    }
}

#[derive(Clone, Debug, PartialEq)]
/// Why opening, joining, leaving, starting or rematching a game was refused.
pub enum LobbyError {
    AlreadyStarted,
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
    AlreadyJoined,
    GameFull {
        max: usize,
    },
    NotJoined,
    LeaveRunning,
    OnlyPlayersStart,
    /// `game rematch` with no finished game as the channel's last one.
    NothingToRematch,
    /// `game rematch` where no game was ever played.
    NoGamePlayedHere,
    /// `game rematch` by someone who did not play the last game (its players).
    NotInLastGame {
        players: Vec<String>,
    },
    /// `game join` in a rematch lobby by someone who did not play the previous game.
    RematchPlayersOnly {
        players: Vec<String>,
    },
    /// A line that is no `game new` command (checking a plan for a thread).
    Line(LineError),
    /// A shared error (finding the game, steps, the store).
    Core(CoreError),
}

impl LobbyError {
    /// The message, with commands as references.
    pub fn text(&self) -> Text {
        use LobbyError::*;
        let t = Text::new();
        match self {
            AlreadyStarted => t
                .p("the game here has already started; you can watch it with ")
                .cmd("board", &[]),
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
            NoGamePlayedHere => t
                .p("no game has been played here yet, so there is nothing to play again; ")
                .cmd("game new", &["<game>"])
                .p(" opens one"),
            NothingToRematch => t
                .p("the last game here did not finish (it was aborted), so there is nothing to play again; ")
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
            Line(e) => e.text(),
            Core(e) => e.text(),
        }
    }
}

topic_error!(LobbyError);

impl From<LineError> for LobbyError {
    fn from(e: LineError) -> Self {
        LobbyError::Line(e)
    }
}
