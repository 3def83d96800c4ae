//! `sherpa local`: play in the terminal through the same chat core and store as Discord.
//!
//! Each input line is `<player>: <command>`. Replies print as text (or one JSON object per
//! line with `--json`); board images are written to the output folder. The game lives in a
//! SQLite file, so a killed session resumes where it stopped when started again.
//!
//! Replies are rendered in the terminal's syntax: players by name, times in the local time
//! zone, commands as typed here (`game join`).

mod files;

pub use files::{migrate_db, parse_options, playout, replay_file, Playout, Replayed};

use crate::chat::{Chat, Env, FollowUp, Place, Plain, Reply, Request, User, Visibility};
use crate::games::Registry;
use crate::store::{GameStatus, Store};
use anyhow::{bail, Context};
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

/// Settings of a local session.
#[derive(clap::Args, Debug)]
pub struct LocalOptions {
    /// The game: nepal, himalaya…
    pub game: String,
    /// Comma-separated player names in turn order; `ai` or `ai:<level>` (easy, normal,
    /// strong) is a Sherpa player.
    #[arg(long, value_delimiter = ',', required = true)]
    pub players: Vec<String>,
    /// Sherpa's thinking time per decision, in milliseconds, instead of its level's.
    #[arg(long)]
    pub ai_ms: Option<u64>,
    /// Sherpa's playouts per decision instead of its level's, with no time limit unless
    /// `--ai-ms` is given: the same game then plays the same way (tests, scripts).
    #[arg(long)]
    pub ai_playouts: Option<u32>,
    /// Seed for the game's random draws (default: unpredictable).
    #[arg(long)]
    pub seed: Option<u64>,
    /// A game option, `key=value`; repeatable.
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// SQLite file holding the game (or a `postgres://` URL); a game already in it is
    /// resumed.
    #[arg(long, default_value = "sherpa-local.db")]
    pub db: PathBuf,
    /// Folder for board images and exports.
    #[arg(long, default_value = "sherpa-out")]
    pub out: PathBuf,
    /// Read commands from this file (`-` for standard input) instead of interactively.
    #[arg(long)]
    pub script: Option<String>,
    /// Print one JSON object per input line.
    #[arg(long)]
    pub json: bool,
    /// Where `sherpa web --db` serves this database's game pages: `game web` answers with
    /// links under this address (signed by a secret kept in the database).
    #[arg(long, value_name = "URL")]
    pub web_url: Option<String>,
}

/// The channel local games live in.
pub fn place() -> Place {
    Place {
        platform: "local".into(),
        guild: None,
        channel: "table".into(),
    }
}

fn request(user: &str, text: &str, id: Option<String>) -> Request {
    let user = User {
        id: user.to_string(),
        name: user.to_string(),
        // The table's host sets up a game of Sherpa players only (and starts it).
        is_channel_admin: user == HOST,
    };
    Request {
        request_id: id,
        ..Request::new(place(), user, text)
    }
}

/// Who opens a game whose first player is a Sherpa player: seated at the opening (the
/// opener always is), removed again before the start.
const HOST: &str = "sherpa-table";

/// The most Sherpa turns played in a row after one command (a whole game of Sherpa
/// players only plays within it).
pub const LOCAL_AI_TURNS: usize = 20_000;

/// `ai` or `ai:<level>` in `--players`: that Sherpa player's level.
fn ai_player(name: &str) -> Option<Result<crate::ai::Level, String>> {
    let rest = name.strip_prefix("ai")?;
    if rest.is_empty() {
        return Some(Ok(crate::ai::Level::Normal));
    }
    let level = rest.strip_prefix(':')?;
    Some(
        level
            .to_ascii_lowercase()
            .parse()
            .map_err(|_| format!("`{name}`: Sherpa's levels are easy, normal and strong")),
    )
}

/// A `--players` word as it is compared with a saved game's players: `ai` is
/// `ai:normal`, and names are compared without regard to case.
fn player_word(p: &str) -> String {
    match ai_player(p) {
        Some(Ok(level)) => format!("ai:{level}"),
        _ => p.to_lowercase(),
    }
}

/// The terminal's syntax: names, local times (relative ones from `now`), text commands.
pub fn terminal_syntax(now: Option<i64>) -> Plain {
    Plain {
        utc_offset_min: local_utc_offset_min(),
        now,
    }
}

/// The local time zone's offset from UTC now, in minutes (0 if unknown).
fn local_utc_offset_min() -> i32 {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as libc::time_t)
        .unwrap_or(0);
    // SAFETY: `localtime_r` writes into the `tm` we own and reads `now`; both outlive the call.
    unsafe {
        let mut tm: libc::tm = std::mem::zeroed();
        if libc::localtime_r(&now, &mut tm).is_null() {
            return 0;
        }
        (tm.tm_gmtoff / 60) as i32
    }
}

/// Run a local session to the end of its input.
pub fn run(opts: LocalOptions, registry: &'static Registry) -> anyhow::Result<()> {
    let id = crate::chat::match_game_id(&registry.ids(), &opts.game)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let kind = registry.get(id).context("the registry lost a game")?;
    check_players(&opts.players, kind)?;
    std::fs::create_dir_all(&opts.out)
        .with_context(|| format!("cannot create the output folder {}", opts.out.display()))?;
    let clock = Arc::new(AtomicI64::new(0));
    let chat = open_chat(&opts, registry, clock.clone())?;
    let moved = chat
        .clock_moved(&place().platform)
        .map_err(|e| anyhow::anyhow!("cannot read the database: {e}"))?;
    clock.store(moved, Ordering::SeqCst);
    // A script file is read whole and checked against what earlier runs played before
    // anything is played; standard input is read as it comes.
    let script = match opts.script.as_deref() {
        None | Some("-") => None,
        Some(path) => Some(Script::read(path, &chat)?),
    };
    let mut session = Session {
        out: std::io::stdout().lock(),
        opts: &opts,
        chat: &chat,
        images: last_board_number(&opts.out),
        clock,
        names: Vec::new(),
    };
    // A saved game other than the one asked for is refused before anything is shown.
    let saved = session.saved_game(kind)?;
    session.print_pending()?;
    session.set_up(kind, saved)?;
    session.due()?;
    session.ai_turns()?;
    let input: Box<dyn BufRead> = match &script {
        Some(s) => Box::new(std::io::Cursor::new(s.text.clone())),
        None => Box::new(std::io::stdin().lock()),
    };
    session.play(input, script.as_ref())
}

/// The highest number of a `board-NNNN.png` already in `dir` (0 if none): a resumed
/// session, or a new game in the same folder, numbers its pictures after it and never
/// overwrites an earlier one.
fn last_board_number(dir: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            name.strip_prefix("board-")?
                .strip_suffix(".png")?
                .parse::<usize>()
                .ok()
        })
        .max()
        .unwrap_or(0)
}

/// The player count fits the game and every name is one word without `:`.
fn check_players(players: &[String], kind: &dyn crate::engine::GameKind) -> anyhow::Result<()> {
    if players.len() < kind.min_players() || players.len() > kind.max_players() {
        bail!(
            "{} takes {}; --players gave {}",
            kind.name(),
            crate::engine::player_counts(kind.min_players(), kind.max_players()),
            players.len()
        );
    }
    for (i, p) in players.iter().enumerate() {
        let human = ai_player(p).is_none();
        if human && players[..i].iter().any(|q| q.eq_ignore_ascii_case(p)) {
            bail!("`{p}` is in --players twice (names are the same whatever their case)");
        }
        if let Some(level) = ai_player(p) {
            level.map_err(|e| anyhow::anyhow!(e))?;
            continue;
        }
        if p.is_empty() || p.contains(':') || p.chars().any(char::is_whitespace) || p == HOST {
            bail!("player names must be single words without `:` (got `{p}`); `ai` or `ai:<level>` is a Sherpa player");
        }
    }
    Ok(())
}

/// The joins that seat `players` (in order) at a table where `seated` (names) sit: a
/// human joins; a Sherpa player is seated by `opener` (`game join ai <level>`) unless
/// enough Sherpa players of its level already sit there (a resumed setup).
fn joins(players: &[String], seated: &[&str], opener: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut wanted = std::collections::HashMap::new();
    for p in players {
        match ai_player(p) {
            Some(Ok(level)) => {
                let n = wanted.entry(level).or_insert(0usize);
                *n += 1;
                let (_, name) = crate::chat::ai::ai_identity(level, *n as u32);
                if !seated.contains(&name.as_str()) {
                    out.push((opener.to_string(), format!("game join ai {level}")));
                }
            }
            _ if !seated.contains(&p.as_str()) => out.push((p.clone(), "game join".into())),
            _ => {}
        }
    }
    out
}

/// The chat core over the session's database, with the session's seed for new games and
/// the terminal's clock (the wall clock moved on by `moved` seconds).
fn open_chat(
    opts: &LocalOptions,
    registry: &'static Registry,
    moved: Arc<AtomicI64>,
) -> anyhow::Result<Chat> {
    let db = crate::store::DbLocation::parse(&opts.db.to_string_lossy())?;
    let store =
        Store::open_location(&db).with_context(|| format!("cannot open the database {db}"))?;
    let system = Env::system();
    let seed = opts.seed.unwrap_or_else(|| (system.seed)());
    let wall = system.now;
    let env = Env {
        // The terminal's clock: the wall clock, moved on by `time +<duration>` lines.
        now: Box::new(move || wall() + moved.load(Ordering::SeqCst)),
        seed: Box::new(move || seed),
        rate_limit: false,
    };
    let mut chat = Chat::new(store, registry, env);
    if let Some(url) = &opts.web_url {
        let links = crate::web::stored_links(&chat, url, false)?;
        chat.set_web_links(links);
    }
    Ok(chat)
}

/// A terminal session: where replies print and board images go.
struct Session<'a, W: Write> {
    out: W,
    opts: &'a LocalOptions,
    chat: &'a Chat,
    /// Board images written so far (they are numbered in order).
    images: usize,
    /// How far `time` lines moved the clock, in seconds (the chat's clock reads it).
    clock: Arc<AtomicI64>,
    /// Player names typed so far that name nobody in `--players` or the saved game: the
    /// first spelling of each, so that `Dan:` and `dan:` are one person.
    names: Vec<String>,
}

impl<W: Write> Session<'_, W> {
    /// Replies of steps committed before an interruption but never printed: print them
    /// once now (each reply is marked delivered once printed).
    fn print_pending(&mut self) -> anyhow::Result<()> {
        let pending: Vec<Reply> = self
            .chat
            .undelivered(&place().platform, i64::MAX, 0)
            .into_iter()
            .filter(|u| u.place.channel == place().channel)
            .map(|u| u.reply)
            .collect();
        if !pending.is_empty() {
            self.emit(
                "(replies not shown before the interruption)",
                &pending,
                false,
            )?;
        }
        // A game that ended just before the interruption still owes its end files.
        self.post_end_files()
    }

    /// Post the end files (timelapse, replay file) owed for this table's games: right
    /// after the answer to the move that ended one, and at start-up for a game that ended
    /// just before an interruption. Each goes as its own output (a JSON object of its own
    /// with `--json`, whose `end_files` names the game).
    fn post_end_files(&mut self) -> anyhow::Result<()> {
        let here = place();
        for f in self
            .chat
            .post_owed_end_files(&here.platform, Some(&here.channel), 0)
        {
            self.emit_as(
                &format!("(game #{}: timelapse and replay file)", f.game_id),
                &f.replies,
                false,
                Some(f.game_id),
            )?;
        }
        Ok(())
    }

    /// Resume the game in this database, or set up a new one. Each setup step is checked
    /// against what is already there, so a session killed during setup resumes cleanly. A
    /// saved game other than the one the command line asks for (game, players, seed,
    /// options) is refused, never resumed nor replaced; a finished one is said to be over.
    fn set_up(
        &mut self,
        kind: &dyn crate::engine::GameKind,
        saved: Option<crate::chat::SavedTable>,
    ) -> anyhow::Result<()> {
        let opts = self.opts;
        let mut setup: Vec<(String, String)> = Vec::new();
        // A first player who is a Sherpa player cannot open the game: the host does, seats
        // everyone, leaves and starts it.
        let host_opens = ai_player(&opts.players[0]).is_some();
        let opener = if host_opens { HOST } else { &opts.players[0] };
        let mut seated: Vec<String> = Vec::new();
        match &saved {
            None => {
                let new = format!("game new {} {}", kind.id(), opts.options.join(" "));
                setup.push((opener.to_string(), new.trim().to_string()));
            }
            Some(t) => {
                let theirs = t.players.iter().filter(|p| ai_player(p).is_none());
                self.names.extend(theirs.cloned());
                let lobby = t.latest.id == t.first.id && t.first.status == GameStatus::Lobby;
                if !lobby {
                    return self.say_resuming(t);
                }
                let active = self.chat.status_json(&place());
                seated = active["players"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|p| p.as_str().map(str::to_string))
                    .collect();
            }
        }
        let fresh = saved.is_none();
        let seated: Vec<&str> = seated.iter().map(String::as_str).collect();
        let first = if host_opens { 0 } else { 1 };
        let mut seat = joins(&opts.players[first..], &seated, opener);
        if host_opens && (fresh || seated.contains(&HOST)) {
            // The host makes room once the first Sherpa player sits.
            let at = seat.len().min(1);
            seat.insert(at, (HOST.to_string(), format!("game kick {HOST}")));
        }
        setup.extend(seat);
        setup.push((opener.to_string(), "game start".into()));
        for (who, text) in setup {
            let replies = self.chat.handle(&request(&who, &text, None));
            if let Some(e) = replies.iter().find(|r| r.is_error) {
                bail!("could not set up the game (`{who}: {text}`): {}", e.text);
            }
            self.emit(&format!("{who}: {text}"), &replies, false)?;
        }
        Ok(())
    }

    /// The game saved at the table, if it is the one the command line asks for (else the
    /// refusal, see [`Session::check_same_game`]).
    fn saved_game(
        &self,
        kind: &dyn crate::engine::GameKind,
    ) -> anyhow::Result<Option<crate::chat::SavedTable>> {
        let saved = self
            .chat
            .saved_table(&place())
            .map_err(|e| anyhow::anyhow!("cannot read the database: {e}"))?;
        if let Some(t) = &saved {
            self.check_same_game(t, kind)?;
        }
        Ok(saved)
    }

    /// Refuse a saved game other than the one the command line asks for: another game,
    /// other options, another seed (when `--seed` is given) or other players. The message
    /// names the saved game and says how to resume it or start another.
    fn check_same_game(
        &self,
        t: &crate::chat::SavedTable,
        kind: &dyn crate::engine::GameKind,
    ) -> anyhow::Result<()> {
        let opts = self.opts;
        let words = format!("{} {}", kind.id(), opts.options.join(" "));
        let asked = self
            .chat
            .asked_game(&words)
            .map_err(|e| anyhow::anyhow!(e))?;
        let mut differs = Vec::new();
        if asked.kind != t.first.kind {
            differs.push(format!(
                "the game ({} there, {} asked for)",
                t.game_name,
                kind.name()
            ));
        } else if asked.options != t.first.options || asked.absent != t.absent {
            differs.push("the options".to_string());
        }
        if let Some(seed) = opts.seed.filter(|s| *s != t.first.seed) {
            differs.push(format!(
                "the seed ({} there, {seed} asked for)",
                t.first.seed
            ));
        }
        let same_players = same_players(t, &opts.players);
        if !same_players {
            differs.push(format!(
                "the players ({} there, {} asked for)",
                t.players.join(","),
                opts.players.join(",")
            ));
        }
        if differs.is_empty() {
            return Ok(());
        }
        let db = opts.db.display();
        let resume = resume_command(t);
        bail!(
            "{db} holds game #{} of {} with {}, which is not the game asked for: {} differ{}. \
             Nothing was played. To resume that game: `{resume} --db {db}`; to start another \
             game, give another database with `--db FILE`.",
            t.first.id,
            t.game_name,
            t.players.join(", "),
            differs.join(", "),
            if differs.len() == 1 { "s" } else { "" },
        )
    }

    /// Say which game is resumed (to standard error with `--json`), and that a finished
    /// one is over and how to start another.
    fn say_resuming(&mut self, t: &crate::chat::SavedTable) -> anyhow::Result<()> {
        let db = self.opts.db.display();
        let id = t.latest.id;
        let words = if t.latest.status == GameStatus::Finished {
            format!(
                "Game #{id} of {} in {db} is over; lines an earlier run played are answered \
                 as they were. Type `game rematch` for a new game with the same players, or \
                 start another game with another database (`--db FILE`).",
                t.game_name
            )
        } else {
            format!("Resuming the game in {db} (game #{id}).")
        };
        self.say(&words)
    }

    /// Words about the session, not answers to a line: to standard output, or to standard
    /// error with `--json` (whose standard output holds only JSON).
    fn say(&mut self, words: &str) -> anyhow::Result<()> {
        if self.opts.json {
            eprintln!("{words}");
        } else {
            writeln!(self.out, "{words}")?;
        }
        Ok(())
    }

    /// Run each `<player>: <command>` line of `input` until its end or `quit`. A script's
    /// lines (`script`) carry their identity: a line an earlier run answered is answered
    /// again as it was then, never played again; only new lines are played.
    fn play(&mut self, input: Box<dyn BufRead>, script: Option<&Script>) -> anyhow::Result<()> {
        let first = &self.opts.players[0];
        if self.opts.script.is_none() && !self.opts.json {
            writeln!(
                self.out,
                "Type `<player>: <command>`, e.g. `{first}: move end` or `{first}: help`; `time +72h` moves the clock on; `quit` to leave."
            )?;
        }
        let mut position = 0;
        for (n, line) in input.lines().enumerate() {
            let line = line.context("reading input")?;
            let Some(trimmed) = command_line(&line) else {
                continue;
            };
            if trimmed == "quit" || trimmed == "exit" {
                break;
            }
            position += 1;
            let id = script.map(|s| s.id(position, trimmed));
            let earlier = script.and_then(|s| s.played.get(&position));
            if earlier.is_some() && !self.opts.json {
                writeln!(
                    self.out,
                    "(line {}: played in an earlier run of this script; its answer again)",
                    n + 1
                )?;
            }
            if let Some(duration) = time_line(trimmed) {
                self.move_time(trimmed, duration, id, earlier)?;
                self.ai_turns()?;
                continue;
            }
            let Some((who, text)) = trimmed.split_once(':') else {
                let hint = format!("start the line with a player name, e.g. `{first}: move end`, or move the clock with `time +72h`");
                let replies = match earlier {
                    Some(e) => e.answer(),
                    None => vec![Reply::error("local", hint)],
                };
                self.record(id.as_deref(), &replies)?;
                self.emit(trimmed, &replies, earlier.is_some())?;
                continue;
            };
            let who = self.player_name(who.trim());
            let req = request(&who, text.trim(), id);
            let replies = self.chat.handle(&req);
            if earlier.is_none() {
                self.chat
                    .record_answer(&req, &replies)
                    .map_err(|e| anyhow::anyhow!("cannot record the line's answer: {e}"))?;
            }
            self.emit(trimmed, &replies, earlier.is_some())?;
            self.catch_up(&replies)?;
            self.follow_up(&replies)?;
        }
        Ok(())
    }

    /// Deliver what the chat says is due after an answer ([`Chat::follow_ups`]): the end
    /// files of a game it ended, then Sherpa's turns.
    fn follow_up(&mut self, replies: &[Reply]) -> anyhow::Result<()> {
        for due in self.chat.follow_ups(&place(), replies) {
            match due {
                FollowUp::EndFiles => self.post_end_files()?,
                FollowUp::AiTurn => self.ai_turns()?,
            }
        }
        Ok(())
    }

    /// The end files an answer left owed, when the chat says so (Sherpa's turns are the
    /// caller's loop).
    fn end_files_after(&mut self, replies: &[Reply]) -> anyhow::Result<()> {
        let due = self.chat.follow_ups(&place(), replies);
        if due.contains(&FollowUp::EndFiles) {
            self.post_end_files()?;
        }
        Ok(())
    }

    /// Before the prompt of each player an answer pings (their turn came): what happened
    /// since their own last step (`game since`), in text mode.
    fn catch_up(&mut self, replies: &[Reply]) -> anyhow::Result<()> {
        if self.opts.json {
            return Ok(());
        }
        let syntax = terminal_syntax(Some(self.chat.now()));
        for u in replies.iter().flat_map(|r| &r.pings) {
            if let Some(text) = self.chat.catch_up_if_acting(&place(), u) {
                writeln!(self.out, "[to {u} only] {}", text.render(&syntax))?;
            }
        }
        Ok(())
    }

    /// Record the answer of a line the terminal answers itself (not a chat command).
    fn record(&self, id: Option<&str>, replies: &[Reply]) -> anyhow::Result<()> {
        let Some(id) = id else { return Ok(()) };
        let req = request("local", "", Some(id.to_string()));
        self.chat
            .record_answer(&req, replies)
            .map_err(|e| anyhow::anyhow!("cannot record the line's answer: {e}"))
    }

    /// The name a line's player goes by: a name of `--players` or of the saved game, or
    /// one typed before, written the same way without regard to case (`Ann:` is `ann`).
    fn player_name(&mut self, who: &str) -> String {
        let known = self
            .opts
            .players
            .iter()
            .filter(|p| ai_player(p).is_none())
            .chain(self.names.iter())
            .find(|k| k.eq_ignore_ascii_case(who));
        if let Some(k) = known {
            return k.clone();
        }
        self.names.push(who.to_string());
        who.to_string()
    }

    /// `time +<duration>`: move the terminal's clock on, then deliver what fell due (turn
    /// reminders, a passed deadline and what the table's `absent` option makes of it) as a
    /// Discord channel would get it. A line an earlier run answered moves nothing.
    fn move_time(
        &mut self,
        line: &str,
        duration: &str,
        id: Option<String>,
        earlier: Option<&Played>,
    ) -> anyhow::Result<()> {
        if let Some(e) = earlier {
            return self.emit(line, &e.answer(), true);
        }
        let secs = match crate::reminders::parse_duration(duration) {
            Ok(secs) if secs > 0 => secs,
            _ => {
                let error = Reply::error(
                    "local",
                    format!("`time` moves the clock on by a duration, e.g. `time +72h`, `time +30m` or `time +3d`; `{duration}` is not one"),
                );
                self.record(id.as_deref(), std::slice::from_ref(&error))?;
                return self.emit(line, &[error], false);
            }
        };
        let now = self.chat.now() + secs;
        let text = crate::chat::Text::new()
            .p(format!(
                "The clock moves on {}: it is now ",
                crate::reminders::format_duration(secs)
            ))
            .time(now, crate::chat::TimeStyle::Full)
            .p(".");
        let replies = vec![Reply::public(text)];
        self.chat
            .move_clock(
                &place().platform,
                secs,
                id.as_deref().map(|id| (id, &replies[..])),
            )
            .map_err(|e| anyhow::anyhow!("cannot move the clock: {e}"))?;
        self.clock.fetch_add(secs, Ordering::SeqCst);
        self.emit(line, &replies, false)?;
        self.due()
    }

    /// Deliver what is due at the table now (reminders, deadline notices, the replies of
    /// what a passed deadline did), as the bot's reminder task does for a channel, each
    /// as the answer to a line `(time passes)`.
    fn due(&mut self) -> anyhow::Result<()> {
        let defaults = crate::reminders::ReminderDefaults::default();
        let notices = self
            .chat
            .due_notices(&place().platform, &defaults)
            .map_err(|e| anyhow::anyhow!("cannot read what is due: {e}"))?;
        for n in notices {
            let replies = match &n.send {
                crate::chat::Notice::Replies(r) => r.clone(),
                crate::chat::Notice::Message(m) => vec![m.here.clone()],
            };
            self.emit("(time passes)", &replies, false)?;
            self.chat
                .mark_sent(&n)
                .map_err(|e| anyhow::anyhow!("cannot record a sent notice: {e}"))?;
            self.end_files_after(&replies)?;
        }
        Ok(())
    }

    /// Play every Sherpa turn due at the table (contract 3's loop), printing each turn's
    /// replies as the answer to a line `<name>: (Sherpa's turn)`; at most
    /// [`LOCAL_AI_TURNS`] in a row.
    fn ai_turns(&mut self) -> anyhow::Result<()> {
        for _ in 0..LOCAL_AI_TURNS {
            let Some(job) = self.chat.ai_job(&place()) else {
                return Ok(());
            };
            let budget = match self.opts.ai_playouts {
                Some(playouts) => {
                    let b = crate::ai::Budget {
                        playouts,
                        millis: None,
                    };
                    self.opts.ai_ms.map_or(b, |ms| b.with_millis(ms))
                }
                None => job.budget(self.opts.ai_ms),
            };
            let turn = job.think_with(budget);
            let input = format!("{}: (Sherpa's turn)", job.name());
            match self.chat.commit_ai(&job, turn) {
                Ok(replies) => {
                    self.emit(&input, &replies, false)?;
                    self.end_files_after(&replies)?;
                }
                Err(e) => {
                    let error = Reply::error("local", format!("Sherpa could not play: {e}"));
                    return self.emit(&input, &[error], false);
                }
            }
        }
        if !self.opts.json {
            writeln!(
                self.out,
                "(Sherpa played {LOCAL_AI_TURNS} turns in a row and pauses; any command goes on)"
            )?;
        }
        Ok(())
    }

    /// Print replies (text, or one JSON object with `--json`, whose `repeat` says the line
    /// was played in an earlier run), write their images and files, and mark them delivered.
    fn emit(&mut self, input: &str, replies: &[Reply], repeat: bool) -> anyhow::Result<()> {
        self.emit_as(input, replies, repeat, None)
    }

    /// [`Session::emit`]; `end_files`: these are the end files of that game (said in the
    /// JSON object as `end_files`).
    fn emit_as(
        &mut self,
        input: &str,
        replies: &[Reply],
        repeat: bool,
        end_files: Option<i64>,
    ) -> anyhow::Result<()> {
        let syntax = terminal_syntax(Some(self.chat.now()));
        let paths = self.write_files(replies)?;
        if self.opts.json {
            let mut obj = self.json_line(input, replies, &paths, &syntax);
            if repeat {
                obj["repeat"] = serde_json::Value::Bool(true);
            }
            if let Some(game) = end_files {
                obj["end_files"] = serde_json::Value::from(game);
            }
            writeln!(self.out, "{obj}")?;
        } else {
            self.print_text(replies, &paths, &syntax)?;
        }
        self.out.flush()?;
        self.chat
            .mark_delivered(&replies.iter().collect::<Vec<_>>());
        Ok(())
    }

    /// Write each reply's board image (numbered) and file; the image paths, per reply.
    fn write_files(&mut self, replies: &[Reply]) -> anyhow::Result<Vec<Option<PathBuf>>> {
        let mut paths = Vec::new();
        for r in replies {
            let mut path = None;
            if let Some(png) = &r.image {
                self.images += 1;
                let p = self.opts.out.join(format!("board-{:04}.png", self.images));
                std::fs::write(&p, png).with_context(|| format!("cannot write {}", p.display()))?;
                path = Some(p);
            }
            if let Some((name, bytes)) = &r.file {
                let p = self.opts.out.join(name);
                std::fs::write(&p, bytes)
                    .with_context(|| format!("cannot write {}", p.display()))?;
            }
            paths.push(path);
        }
        Ok(paths)
    }

    fn json_line(
        &self,
        input: &str,
        replies: &[Reply],
        paths: &[Option<PathBuf>],
        syntax: &Plain,
    ) -> serde_json::Value {
        let out = &self.opts.out;
        let error = replies
            .iter()
            .find(|r| r.is_error)
            .map(|r| r.text.render(syntax));
        serde_json::json!({
            "input": input,
            "ok": error.is_none(),
            "error": error,
            "replies": replies.iter().zip(paths).map(|(r, p)| serde_json::json!({
                "text": r.text.render(syntax),
                "visibility": match &r.visibility { Visibility::Public => "public".to_string(), Visibility::Private(u) => format!("private:{u}") },
                "pings": r.pings,
                "image": p.as_ref().map(|p| p.display().to_string()),
                "file": r.file.as_ref().map(|(n, _)| out.join(n).display().to_string()),
            })).collect::<Vec<_>>(),
            "status": self.chat.status_json(&place()),
        })
    }

    fn print_text(
        &mut self,
        replies: &[Reply],
        paths: &[Option<PathBuf>],
        syntax: &Plain,
    ) -> anyhow::Result<()> {
        for (r, p) in replies.iter().zip(paths) {
            let tag = match &r.visibility {
                Visibility::Public => "".to_string(),
                Visibility::Private(u) if r.is_error => format!("[error, to {u}] "),
                Visibility::Private(u) => format!("[to {u} only] "),
            };
            writeln!(self.out, "{tag}{}", r.text.render(syntax))?;
            if let Some(p) = p {
                writeln!(self.out, "  (board image: {})", p.display())?;
            }
            if let Some((n, _)) = &r.file {
                writeln!(self.out, "  (file: {})", self.opts.out.join(n).display())?;
            }
        }
        Ok(())
    }
}

/// A line to play, if it is one: trimmed, and neither blank nor a `#` comment.
fn command_line(line: &str) -> Option<&str> {
    let trimmed = line.trim();
    (!trimmed.is_empty() && !trimmed.starts_with('#')).then_some(trimmed)
}

/// `time +<duration>` (or `time <duration>`): the duration, for a line that moves the
/// terminal's clock.
fn time_line(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("time")?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let d = rest.trim();
    Some(d.strip_prefix('+').unwrap_or(d).trim())
}

/// A line an earlier run of a script played: its text and its recorded answer.
struct Played {
    text: String,
    answer: Option<String>,
}

impl Played {
    /// The recorded answer of a line the terminal answered itself.
    fn answer(&self) -> Vec<Reply> {
        self.answer
            .as_deref()
            .and_then(|a| serde_json::from_str(a).ok())
            .unwrap_or_default()
    }
}

/// A script file, read whole, and what earlier runs of it played on this database.
///
/// A line's identity is (script, position, text): the script is its file's full path, the
/// position counts its lines to play (blank lines, `#` comments and `quit` left out) and
/// the text is the line trimmed; the request id holds all three
/// (`script:<hash of the path>:<position>:<text>`). A resumed run answers every line an
/// earlier run answered as it did then, in order, refused lines included, and plays only
/// the lines after them; a script whose earlier line was changed is refused whole.
struct Script {
    text: String,
    key: String,
    played: std::collections::BTreeMap<usize, Played>,
}

impl Script {
    /// Read the script at `path` and what earlier runs of it played; refuse it (nothing
    /// played) if a line that was played has changed since.
    fn read(path: &str, chat: &Chat) -> anyhow::Result<Script> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the script {path}"))?;
        let full = std::fs::canonicalize(path).unwrap_or_else(|_| PathBuf::from(path));
        let key = format!("{:016x}", fnv1a(full.to_string_lossy().as_bytes()));
        let prefix = format!("script:{key}:");
        let mut played = std::collections::BTreeMap::new();
        let recorded = chat
            .recorded_under(&place().platform, &prefix)
            .map_err(|e| anyhow::anyhow!("cannot read the database: {e}"))?;
        for (id, answer) in recorded {
            let rest = &id[prefix.len()..];
            if let Some((pos, line)) = rest.split_once(':') {
                if let Ok(pos) = pos.parse::<usize>() {
                    let text = line.to_string();
                    played.insert(pos, Played { text, answer });
                }
            }
        }
        let script = Script { text, key, played };
        script.check(path)?;
        Ok(script)
    }

    /// Every line an earlier run played is still there, unchanged, at its position.
    fn check(&self, path: &str) -> anyhow::Result<()> {
        let lines = self
            .text
            .lines()
            .enumerate()
            .filter_map(|(n, l)| Some((n + 1, command_line(l)?)))
            .filter(|(_, l)| *l != "quit" && *l != "exit");
        for (position, (n, line)) in (1..).zip(lines) {
            let Some(was) = self.played.get(&position) else {
                continue;
            };
            if was.text != line {
                bail!(
                    "line {n} of the script {path} is `{line}`, but an earlier run of this script \
                     played `{}` there. A line once played stays played, so nothing was played \
                     now: put the line back as it was (and add new lines at the end), or play \
                     the changed script in a new game with another database (`--db FILE`).",
                    was.text
                );
            }
        }
        Ok(())
    }

    /// The request id of the line at `position` (from 1) with this text.
    fn id(&self, position: usize, line: &str) -> String {
        format!("script:{}:{position}:{line}", self.key)
    }
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Whether the saved table has the players asked for (in any case): the same players in the
/// same order once the game runs; in a lobby, every saved player among those asked.
fn same_players(t: &crate::chat::SavedTable, asked: &[String]) -> bool {
    let asked_players: Vec<String> = asked.iter().map(|p| player_word(p)).collect();
    let saved_players: Vec<String> = t
        .players
        .iter()
        .filter(|p| p.as_str() != HOST)
        .map(|p| p.to_lowercase())
        .collect();
    if t.first.status == GameStatus::Lobby {
        let mut left = asked_players.clone();
        saved_players
            .iter()
            .all(|p| match left.iter().position(|a| a == p) {
                Some(i) => {
                    left.remove(i);
                    true
                }
                None => false,
            })
    } else {
        saved_players == asked_players
    }
}

/// The command line that resumes the saved table's game.
fn resume_command(t: &crate::chat::SavedTable) -> String {
    let mut resume = format!(
        "sherpa local {} --players {} --seed {}",
        t.first.kind,
        t.players.join(","),
        t.first.seed
    );
    for (k, v) in &t.first.options {
        resume.push_str(&format!(" --option {k}={v}"));
    }
    if t.absent != crate::store::Absent::Caretaker {
        resume.push_str(&format!(" --option absent={}", t.absent.as_str()));
    }
    resume
}
