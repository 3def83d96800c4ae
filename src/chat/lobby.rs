//! Before and around play: `game new`, `join`, `leave`, `start`, `status`.

use super::ai_seat::{ai_identity, ai_level};
use super::commit::Turn;
use super::core::{clean_name, seat_of, Chat, Loaded};
use super::error::topic_error;
use super::error::CoreError;
use super::filter::{self, Line};
use super::help;
use super::table::{self, check_line, split_word, LineError};
use super::text::{Text, TimeStyle};
use super::types::{Reply, Request};
use crate::ai::Level;
use crate::engine::notation::clip;
use crate::engine::{GameKind, Seat, SetupError};
use crate::engine::{Options, Status, Viewer};
use crate::store::SeatRow;
use crate::store::{Absent, Change, GameStatus, NewGame};

impl Chat {
    /// Deal the lobby whose last player just took a seat (a rematch's `game join`, or a
    /// rematch with no other human), appending the start's replies (or its refusal) to
    /// `out`. The seat was committed with the request's id; the start is a change of its own.
    pub(crate) fn deal_now_all_are_back(&self, req: &Request, out: &mut Vec<Reply>) {
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

    pub(crate) fn game_new(&self, req: &Request, args: &str) -> Result<Vec<Reply>, LobbyError> {
        let new = self.parse_new(args)?;
        if new.thread {
            // A front end that opens threads (Discord) takes the thread word out before the
            // command gets here (see [`Chat::plan_new_game`]): this place has none.
            return Err(LobbyError::NoThreadsHere);
        }
        let (kind, options, absent) = (new.kind, new.options, new.absent);
        let seed = self.fresh_seed();
        let name = clean_name(&req.user.name);
        // A table that acts when a player is away gets the usual 72-hour deadline
        // (`remind deadline` changes or removes it); a waiting table has none unless set.
        let deadline = (absent != Absent::Wait).then_some(super::votes::DEFAULT_KICK_AFTER);
        let mut inner = self.lock();
        let new_game = NewGame {
            platform: &req.place.platform,
            guild: req.place.guild.as_deref(),
            channel: &req.place.channel,
            kind: kind.id(),
            options: &options,
            seed,
            creator: (&req.user.id, &name),
        };
        let id = inner
            .store
            .log_mut()
            .create_table(
                &new_game,
                absent,
                deadline,
                Self::request_key(req),
                self.now(),
            )
            .map_err(CoreError::opening)?;
        let opt_text: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        Ok(vec![Reply::public(
            Text::new()
                .p(format!(
                    "**{name}** opened a game of **{}** (game #{id}; {}; options: {}; {}). Others: ",
                    kind.name(),
                    crate::engine::player_counts(kind.min_players(), kind.max_players()),
                    if opt_text.is_empty() {
                        "none".into()
                    } else {
                        opt_text.join(", ")
                    },
                    absent_text(absent)
                ))
                .cmd("game join", &[])
                .p(" (")
                .cmd("game ai", &["[level]"])
                .p(" seats Sherpa). When everyone is in: ")
                .cmd("game start", &[])
                .p("."),
        )])
    }

    /// The game kind of a loaded game.
    fn kind_of(&self, l: &Loaded) -> Result<&'static dyn GameKind, CoreError> {
        self.registry
            .get(&l.row.kind)
            .ok_or_else(|| CoreError::UnknownKind(l.row.kind.clone()))
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

    pub(crate) fn game_join(&self, req: &Request, args: &str) -> Result<Vec<Reply>, LobbyError> {
        if let Some(level) = ai_words("game join", args)? {
            return self.join_ai(req, level);
        }
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
            self.deal_now_all_are_back(req, &mut out);
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

    pub(crate) fn game_leave(&self, req: &Request, args: &str) -> Result<Vec<Reply>, LobbyError> {
        if let Some(level) = ai_words("game leave", args)? {
            return self.leave_ai(req, level);
        }
        let l = self.load_active(&req.place)?;
        if l.row.status == GameStatus::Running {
            return Err(LobbyError::LeaveRunning);
        }
        let me = seat_of(&l.seats, &req.user.id).ok_or(LobbyError::NotJoined)?;
        let seats: Vec<SeatRow> = l.seats.iter().filter(|s| s.seat != me).cloned().collect();
        // Sherpa players do not keep a lobby open by themselves.
        if seats.iter().all(|s| ai_level(&s.user_id).is_some()) {
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
        let kind = self.kind_of(&l)?;
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
        // A lobby starts on the newest rules; a running game names the version it plays by.
        let rules = match &l.game {
            Some(g) => g.rules_version(),
            None => self
                .registry
                .get(&l.row.kind)
                .map_or(l.row.rules_version, |k| k.rules_version()),
        };
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
                        "Game #{} of **{kind}** (rules version {rules}) is waiting to start. \
                         Players: {seats_text}. ",
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
            "Game #{} of **{kind}** (rules version {rules}). Players: {seats_text}.",
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
            let open: Vec<String> = motions
                .iter()
                .map(|m| super::votes::motion_text(m, &l.seats))
                .collect();
            text.line(format!("Open votes: {}.", open.join("; ")));
        }
        Ok(vec![Reply::public(text)])
    }

    /// One line per acting seat (resigned ones are played automatically and left out):
    /// how long the game has waited for them, and when their deadline falls (the game's
    /// own, with its consequence; without one, when the others may vote to kick them),
    /// counted after a vacation as the deadline itself is.
    pub(crate) fn wait_lines(&self, l: &Loaded, acting: &[Seat]) -> Result<Vec<Text>, CoreError> {
        let (waits, deadline, absent, caretaken) = {
            let inner = self.lock();
            (
                inner.store.schedules().waits(l.row.id)?,
                inner.store.schedules().game_deadline(l.row.id)?,
                inner.store.log().absent(l.row.id)?,
                inner.store.log().caretaken(l.row.id)?,
            )
        };
        let mut out = Vec::new();
        for s in acting.iter().filter_map(|&i| l.seats.get(i)) {
            if s.resigned || ai_level(&s.user_id).is_some() {
                continue;
            }
            if caretaken.contains(&s.seat) {
                out.push(Text::from(format!(
                    "- **{}**: away; Sherpa plays for them until they send any command here.",
                    s.name
                )));
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
                        .p(format!(
                            "), then {}.",
                            super::remind::at_deadline(absent, consequence)
                        ));
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

/// `ai [level]` after `game join` / `game leave`: `Some(level text)` (empty: none given),
/// `None` for no words at all; anything else is refused, naming what is accepted.
fn ai_words<'a>(command: &'static str, args: &'a str) -> Result<Option<&'a str>, LobbyError> {
    let (word, rest) = split_word(args);
    if word.is_empty() {
        return Ok(None);
    }
    if !word.eq_ignore_ascii_case("ai") {
        return Err(LobbyError::NotAi {
            command,
            got: args.trim().to_string(),
        });
    }
    Ok(Some(rest.trim()))
}

/// A level of Sherpa as typed (`normal` when none is given).
pub(crate) fn parse_level(text: &str) -> Result<Level, LobbyError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Level::Normal);
    }
    text.to_ascii_lowercase()
        .parse()
        .map_err(|_| LobbyError::UnknownLevel {
            got: text.to_string(),
        })
}

impl Chat {
    /// `game join ai [level]` / `game ai [level]`: seat a Sherpa player of that level (by
    /// a seated player, or a channel admin).
    pub(crate) fn join_ai(&self, req: &Request, level: &str) -> Result<Vec<Reply>, LobbyError> {
        let level = parse_level(level)?;
        let l = self.lobby(req)?;
        let kind = self.kind_of(&l)?;
        if seat_of(&l.seats, &req.user.id).is_none() && !req.user.is_channel_admin {
            return Err(LobbyError::OnlyPlayersSeatAi);
        }
        if l.seats.len() >= kind.max_players() {
            return Err(LobbyError::NoSeatForAi {
                game: kind.name().to_string(),
                takes: crate::engine::player_counts(kind.min_players(), kind.max_players()),
            });
        }
        let n = (1..)
            .find(|&n| {
                let (id, _) = ai_identity(level, n);
                !l.seats.iter().any(|s| s.user_id == id)
            })
            .unwrap_or(1);
        let (user_id, name) = ai_identity(level, n);
        let mut seats = l.seats.clone();
        seats.push(SeatRow {
            seat: seats.len(),
            user_id,
            name: unique_name(&l.seats, &name),
            resigned: false,
        });
        self.save_lobby_seats(&l, seats.clone(), req)?;
        let name = seats.last().map(|s| s.name.clone()).unwrap_or_default();
        Ok(vec![self.joined(&name, &seats, kind)])
    }

    /// `game leave ai [level]`: remove the Sherpa player of that level who joined last (any
    /// level when none is given).
    pub(crate) fn leave_ai(&self, req: &Request, level: &str) -> Result<Vec<Reply>, LobbyError> {
        let level = if level.trim().is_empty() {
            None
        } else {
            Some(parse_level(level)?)
        };
        let l = self.lobby(req)?;
        if seat_of(&l.seats, &req.user.id).is_none() && !req.user.is_channel_admin {
            return Err(LobbyError::OnlyPlayersSeatAi);
        }
        let gone = l
            .seats
            .iter()
            .rev()
            .find(|s| ai_level(&s.user_id).is_some_and(|a| level.is_none_or(|l| l == a)))
            .ok_or(LobbyError::NoAiSeated { level })?;
        let seats: Vec<SeatRow> = l
            .seats
            .iter()
            .filter(|s| s.seat != gone.seat)
            .cloned()
            .collect();
        self.save_lobby_seats(&l, seats, req)?;
        Ok(vec![Reply::public(format!(
            "**{}** left the game.",
            gone.name
        ))])
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
    /// The table option `absent=…` (not a rules option: kept apart from `options`).
    pub absent: Absent,
}

/// Whether an option word is the table's `absent=…`: `Some(value)` for it (any case),
/// `None` for other words.
fn absent_word(word: &str) -> Option<Result<Absent, LobbyError>> {
    let (key, value) = word.split_once('=')?;
    if !key.eq_ignore_ascii_case("absent") {
        return None;
    }
    Some(Absent::parse(value).ok_or_else(|| LobbyError::BadAbsent {
        got: word.to_string(),
    }))
}

/// What a table does when a player is away, for the opening message.
fn absent_text(absent: Absent) -> &'static str {
    match absent {
        Absent::Caretaker => {
            "a player away past the deadline: Sherpa plays for them (absent=caretaker)"
        }
        Absent::Wait => "a player away past the deadline: the game waits (absent=wait)",
        Absent::Kick => "a player away past the deadline: removed (absent=kick)",
    }
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
        let mut absent = Absent::Caretaker;
        for o in opts.split_whitespace() {
            if let Some(t) = thread_word(o) {
                thread = t?;
                continue;
            }
            if let Some(a) = absent_word(o) {
                absent = a?;
                words.push(o.to_string());
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
            absent,
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
    /// `game join …` / `game leave …` with words other than `ai [level]`.
    NotAi {
        command: &'static str,
        got: String,
    },
    /// `absent=…` with a value other than caretaker, wait or kick.
    BadAbsent {
        got: String,
    },
    /// A level of Sherpa that does not exist.
    UnknownLevel {
        got: String,
    },
    /// `game join ai` in a full lobby: how many players the game takes.
    NoSeatForAi {
        game: String,
        takes: String,
    },
    /// `game join ai` / `game leave ai` by someone not seated (and no channel admin).
    OnlyPlayersSeatAi,
    /// `game leave ai [level]` with no Sherpa player (of that level) seated.
    NoAiSeated {
        level: Option<Level>,
    },
    /// A line that is no `game new` command (checking a plan for a thread).
    Line(LineError),
    /// A shared error (finding the game, steps, the store).
    Core(CoreError),
}

impl LobbyError {
    /// The message, with commands as references: one wording per variant.
    pub fn text(&self) -> Text {
        use LobbyError::*;
        match self {
            AlreadyStarted => {
                Text::from("the game here has already started; you can watch it with ")
                    .cmd("board", &[])
            }
            OptionSyntax {
                got,
                example,
                options,
            } => option_syntax_text(got, example, options),
            BadOptions { reason, options } => Text::from(format!("{reason}. {options}")),
            CannotStart(e) => Text::from(format!("cannot start: {e}")),
            NoThreadsHere => no_threads_here(),
            BadThreadValue { got } => bad_thread_value(got),
            AlreadyJoined => Text::from("you have already joined this game"),
            GameFull { max } => Text::from(format!("the game is full ({max} players at most)")),
            NotJoined => Text::from("you have not joined this game"),
            LeaveRunning => {
                Text::from("the game has started; to stop playing use ").cmd("game resign", &[])
            }
            OnlyPlayersStart => only_players_start(),
            NoGamePlayedHere => nothing_to_play_again("no game has been played here yet", "one"),
            NothingToRematch => nothing_to_play_again(
                "the last game here did not finish (it was aborted)",
                "a new one",
            ),
            NotInLastGame { players } => last_games_players_only(
                "only",
                players,
                "can ask for a rematch",
                " opens a new game",
            ),
            RematchPlayersOnly { players } => last_games_players_only(
                "this is a rematch, so only",
                players,
                "join it",
                " in a thread opens another game",
            ),
            NotAi { command, got } => not_ai_text(command, got),
            BadAbsent { got } => bad_absent(got),
            UnknownLevel { got } => unknown_level(got),
            NoSeatForAi { game, takes } => no_seat_for_ai(game, takes),
            OnlyPlayersSeatAi => only_players_seat_ai(),
            NoAiSeated { level } => no_ai_seated(*level),
            Line(e) => e.text(),
            Core(e) => e.text(),
        }
    }
}

// ---- The wording of each refusal ----

fn no_threads_here() -> Text {
    Text::from("games open in a thread of their own only on Discord, where threads exist; nothing was created. Here, open the game without `thread`: ")
        .cmd("game new", &["<game>", "[key=value …]"])
}

fn bad_thread_value(got: &str) -> Text {
    Text::from(format!(
        "`{}`: `thread` is `true` (open the game in a new thread of this channel) or `false`; nothing was created",
        clip(got)
    ))
}

fn only_players_start() -> Text {
    Text::from("only a player who joined can start the game (")
        .cmd("game join", &[])
        .p(" first)")
}

/// A rematch with no finished game to play again: why, and `game new` opens `what`.
fn nothing_to_play_again(why: &str, what: &str) -> Text {
    Text::from(format!("{why}, so there is nothing to play again; "))
        .cmd("game new", &["<game>"])
        .p(format!(" opens {what}"))
}

/// A rematch's seats are the last game's players': `lead` them `may`; `game new` `opens`.
fn last_games_players_only(lead: &str, players: &[String], may: &str, opens: &str) -> Text {
    Text::from(format!(
        "{lead} the last game's players ({}) {may}; ",
        players.join(", ")
    ))
    .cmd("game new", &["<game>"])
    .p(opens)
}

fn bad_absent(got: &str) -> Text {
    Text::from(format!(
        "`{}`: `absent` says what happens when a player's deadline passes: `absent=caretaker` (Sherpa plays for them until they are back; the default), `absent=wait` (the game waits) or `absent=kick` (they are removed); nothing was created",
        clip(got)
    ))
}

fn unknown_level(got: &str) -> Text {
    Text::from(format!(
        "`{}` is not a level of Sherpa; the levels are {} (normal if none is given)",
        clip(got),
        level_names()
    ))
}

fn no_seat_for_ai(game: &str, takes: &str) -> Text {
    Text::from(format!(
        "the game is full: {game} takes {takes}, so there is no seat left for Sherpa; nothing changed"
    ))
}

fn only_players_seat_ai() -> Text {
    Text::from("only a player who joined (or a channel admin) can seat or remove a Sherpa player; ")
        .cmd("game join", &[])
        .p(" first")
}

fn no_ai_seated(level: Option<Level>) -> Text {
    match level {
        Some(l) => Text::from(format!(
            "no Sherpa player of level {l} sits in this game; nothing changed"
        )),
        None => Text::from("no Sherpa player sits in this game; nothing changed"),
    }
}

topic_error!(LobbyError);

/// Sherpa's levels, comma-separated (`easy, normal, strong`).
pub(crate) fn level_names() -> String {
    Level::ALL
        .iter()
        .map(|l| l.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl From<LineError> for LobbyError {
    fn from(e: LineError) -> Self {
        LobbyError::Line(e)
    }
}

/// Options not written `key=value`: the form, an example, and the game's options.
fn option_syntax_text(got: &str, example: &str, options: &str) -> Text {
    Text::new().p(format!(
        "options are written `key=value` (e.g. `{example}`), not `{}`; {options}",
        clip(got)
    ))
}

/// Words after `game join`/`game leave` that are not `ai [level]`: the two forms.
fn not_ai_text(command: &'static str, got: &str) -> Text {
    Text::new()
        .p(format!(
            "`{}` is not something `{command}` takes: ",
            clip(got)
        ))
        .cmd(command, &[])
        .p(format!(
            " alone for yourself, or `{command} ai [easy|normal|strong]` for a Sherpa player"
        ))
}
