//! `sherpa bench` (and `cargo bench`, which runs it): speed of each game through the whole
//! stack, each figure beside a floor measured in the same run. A module of the `sherpa`
//! binary: it uses only the library's public API.
//!
//! For each game: a chat round trip (parse, check, apply, commit to an on-disk SQLite in
//! WAL mode, and for turn-ending steps render + PNG encode), render and encode alone,
//! listing legal steps, random-playout steps per second, and moves per second with one and
//! with two threads playing in different channels. Absolute times drift between machines;
//! the ratio of a figure to its floor, measured in the same process, does not:
//! - commit floor: one transaction inserting one row the size of a step's snapshot, with
//!   the store's pragmas ([`Store::commit_floor`]);
//! - render floor: copying a board-sized image (what drawing the cached static layer costs
//!   at least) plus encoding the same pixels with the fastest PNG setting.
//!
//! Round trips with a board are compared with commit + render floors, without a board with
//! the commit floor, render + encode with the render floor. A move that ends a game is
//! reported as its own figure and never counted in the mid-game round trips; it is answered
//! like any other, and the end files that follow it (the timelapse and the replay file,
//! seconds rather than milliseconds) are built and stored after the answer, as the front
//! ends do, and timed apart (`end_files`). `sherpa bench --game-endings N` plays N games
//! of each picked game to their end and reports only those two figures.
//!
//! Given a PostgreSQL database (`--postgres URL`, or `--postgres auto` for a throwaway
//! cluster), each game's round trips are also measured on it, beside a PostgreSQL commit
//! floor (the same one-row transaction on that server, [`Store::postgres_commit_floor`]). `one_move` and `one_floor` are
//! what `--callgrind` runs, for instruction counts under valgrind.

use image::RgbaImage;
use sherpa::chat::{Chat, Env, LockTimer, Place, Request, User};
use sherpa::engine::{AnyGame, GameKind, GameRng, Status, Viewer};
use sherpa::games::Registry;
use sherpa::store::Store;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Samples per figure at `--scale 1`.
pub const SAMPLES: usize = 1000;

/// Median and 99th percentile in microseconds.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Stat {
    pub samples: usize,
    pub median_us: f64,
    pub p99_us: f64,
}

fn stat(mut v: Vec<Duration>) -> Stat {
    v.sort();
    let at = |q: f64| {
        v.get(((v.len() as f64 - 1.0) * q).round() as usize)
            .map(|d| d.as_secs_f64() * 1e6)
            .unwrap_or(0.0)
    };
    Stat {
        samples: v.len(),
        median_us: at(0.5),
        p99_us: at(0.99),
    }
}

/// A figure with the floor it is compared with, and their ratios.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Figure {
    pub samples: usize,
    pub median_us: f64,
    pub p99_us: f64,
    pub floor_median_us: f64,
    pub floor_p99_us: f64,
    /// `median_us / floor_median_us`.
    pub ratio_median: f64,
    /// `p99_us / floor_p99_us`.
    pub ratio_p99: f64,
}

fn figure(v: Vec<Duration>, floor: Vec<Duration>) -> Figure {
    let (a, f) = (stat(v), stat(floor));
    let ratio = |x: f64, y: f64| if y > 0.0 { x / y } else { 0.0 };
    Figure {
        samples: a.samples,
        median_us: a.median_us,
        p99_us: a.p99_us,
        floor_median_us: f.median_us,
        floor_p99_us: f.p99_us,
        ratio_median: ratio(a.median_us, f.median_us),
        ratio_p99: ratio(a.p99_us, f.p99_us),
    }
}

/// Sample-wise sums of floors (each list cycled to the longest).
fn add(a: &[Duration], b: &[Duration]) -> Vec<Duration> {
    let n = a.len().max(b.len());
    if a.is_empty() || b.is_empty() {
        return a.iter().chain(b).copied().collect();
    }
    (0..n).map(|i| a[i % a.len()] + b[i % b.len()]).collect()
}

/// Moves per second through the chat core with one thread, and with two threads playing
/// in different channels at once.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Throughput {
    pub moves_per_thread: usize,
    pub one_thread_moves_per_s: f64,
    pub two_threads_moves_per_s: f64,
    /// `two_threads / one_thread`; 2.0 would be perfect scaling.
    pub ratio: f64,
    /// The floor: the same two threads, each with a chat and a database file of its own,
    /// so that they share nothing of ours (only the machine: cores, caches, memory, disk).
    pub two_apart_moves_per_s: f64,
    /// `two_apart / one_thread`: the scaling the machine gives this work.
    pub machine_ratio: f64,
    /// The chat's one lock (store and game cache), per move: microseconds held with one
    /// thread, then held and waited for with two threads on the same chat. Only one
    /// thread holds it at a time, so its share of a thread's time bounds the scaling.
    pub lock_held_us_one_thread: f64,
    pub lock_held_us_two_threads: f64,
    pub lock_waited_us_two_threads: f64,
}

/// Results for one game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameBench {
    pub game: String,
    pub players: usize,
    pub round_trip_with_render: Figure,
    pub round_trip_without_render: Figure,
    /// Moves that ended a game (their answer: the final board), kept apart from the
    /// mid-game round trips above; as many as games ended during the samples, so possibly
    /// none.
    pub game_ending_move: Stat,
    /// Building and storing the end files (timelapse, replay file) that follow each of
    /// those moves ([`sherpa::chat::Chat::post_end_files`]).
    pub end_files: Stat,
    pub render_and_encode: Figure,
    pub legal_steps: Stat,
    /// Random playouts on typed steps (`legal_steps` then `apply`, the engine alone).
    pub playout_steps_per_second: f64,
    /// The same through the notation layer: every legal step formatted and labelled, the
    /// chosen one parsed back, checked and applied (what a chat move costs in the engine).
    pub playout_text_steps_per_second: f64,
    pub throughput: Throughput,
    /// Undo and reload in a game whose log has 5,000 rows.
    pub long_game: LongGame,
    /// Largest board PNG among the samples.
    pub png_bytes: usize,
    /// Largest snapshot (the row a step commits) among the samples.
    pub snapshot_bytes: usize,
    /// The round trips on PostgreSQL, when the bench was given a database.
    pub postgres: Option<PostgresRoundTrip>,
    /// A move's answer in one channel while a Sherpa player thinks in another.
    pub beside_ai: BesideAi,
}

/// A game's round trips through the chat core on PostgreSQL, each beside the PostgreSQL
/// commit floor (plus the render floor for the one with a board).
#[derive(Clone, Debug, serde::Serialize)]
pub struct PostgresRoundTrip {
    pub round_trip_with_render: Figure,
    pub round_trip_without_render: Figure,
    /// As [`GameBench::game_ending_move`], on PostgreSQL.
    pub game_ending_move: Stat,
    /// As [`GameBench::end_files`], on PostgreSQL.
    pub end_files: Stat,
}

fn req(channel: &str, user: usize, text: &str) -> Request {
    let place = Place {
        platform: "bench".into(),
        guild: None,
        channel: channel.to_string(),
    };
    let user = User {
        id: format!("u{user}"),
        name: format!("p{user}"),
        is_channel_admin: false,
    };
    Request::new(place, user, text)
}

/// Plays random legal moves of one game kind through a chat, one channel per game,
/// starting a new game in a new channel when one ends. It keeps its own copy of the game
/// (same seed) to pick legal steps without asking the chat.
pub struct Driver<'a> {
    chat: &'a Chat,
    kind: &'static dyn GameKind,
    players: usize,
    prefix: String,
    games: usize,
    channel: String,
    g: Box<dyn AnyGame>,
    pick: GameRng,
    /// Moves played in the current game.
    played: usize,
    /// When set, moves carry request ids (as Discord's interactions do), counted from it.
    next_id: Option<u64>,
    /// The time of each game's end files, posted after the move that ended it.
    end_files: Vec<Duration>,
}

const SEED: u64 = 12345;

impl<'a> Driver<'a> {
    fn new(
        chat: &'a Chat,
        kind: &'static dyn GameKind,
        prefix: &str,
        pick: u64,
    ) -> anyhow::Result<Self> {
        let players = kind.min_players().max(2).min(kind.max_players());
        let mut d = Driver {
            chat,
            kind,
            players,
            prefix: prefix.to_string(),
            games: 0,
            channel: String::new(),
            g: setup(kind, players, SEED)?,
            pick: GameRng::new(pick),
            played: 0,
            next_id: None,
            end_files: Vec::new(),
        };
        d.restart()?;
        Ok(d)
    }

    fn restart(&mut self) -> anyhow::Result<()> {
        self.games += 1;
        self.channel = format!("{}{}", self.prefix, self.games);
        self.g = setup(self.kind, self.players, SEED)?;
        self.played = 0;
        let ch = self.channel.clone();
        let check = |r: Vec<sherpa::chat::Reply>, what: &str| -> anyhow::Result<()> {
            match r.iter().find(|r| r.is_error) {
                Some(e) => anyhow::bail!("bench `{what}` failed: {}", e.text),
                None => Ok(()),
            }
        };
        check(
            self.chat
                .handle(&req(&ch, 0, &format!("game new {}", self.kind.id()))),
            "game new",
        )?;
        for p in 1..self.players {
            check(self.chat.handle(&req(&ch, p, "game join")), "game join")?;
        }
        check(self.chat.handle(&req(&ch, 0, "game start")), "game start")
    }

    /// Pick a random legal move and play it on the driver's copy (starting a new game
    /// when this one has ended): the seat, the step, and whether it ends the turn.
    fn next(&mut self) -> anyhow::Result<(usize, String, bool)> {
        let (seat, step, applied) = self.next_applied()?;
        Ok((seat, step, applied.turn_ended))
    }

    fn next_applied(&mut self) -> anyhow::Result<(usize, String, sherpa::engine::Applied)> {
        match random_step(&mut *self.g, &mut self.pick)? {
            Some(played) => Ok(played),
            None => {
                self.restart()?;
                self.next_applied()
            }
        }
    }

    /// Send `text` for `seat` as is; fails on an error reply.
    fn say(&self, seat: usize, text: &str) -> anyhow::Result<Duration> {
        let t = Instant::now();
        let replies = self.chat.handle(&req(&self.channel, seat, text));
        let d = t.elapsed();
        if let Some(e) = replies.iter().find(|r| r.is_error) {
            anyhow::bail!("bench `{text}` failed: {}", e.text);
        }
        self.chat
            .mark_delivered(&replies.iter().collect::<Vec<_>>());
        Ok(d)
    }

    /// Send a move chosen by [`Driver::next`] through the chat: its time and whether the
    /// answer carried a board.
    fn send(&mut self, seat: usize, step: &str) -> anyhow::Result<(Duration, bool)> {
        let mut r = req(&self.channel, seat, &format!("move {step}"));
        if let Some(n) = &mut self.next_id {
            *n += 1;
            r.request_id = Some(format!("i{n}"));
        }
        let t = Instant::now();
        let replies = self.chat.handle(&r);
        let d = t.elapsed();
        if let Some(e) = replies.iter().find(|r| r.is_error) {
            anyhow::bail!("bench step `{step}` failed: {}", e.text);
        }
        // As a front end does once the platform took them (untimed): the outbox drops the
        // delivered boards, so the database does not grow by a PNG per turn.
        self.chat
            .mark_delivered(&replies.iter().collect::<Vec<_>>());
        self.played += 1;
        if !matches!(self.g.status(), Status::Acting(_)) {
            self.post_end_files()?;
        }
        Ok((d, replies.iter().any(|r| r.image.is_some())))
    }

    /// After the answer to the move that ended the game, as the front ends do: build and
    /// store its end files (timed apart), then mark them delivered.
    fn post_end_files(&mut self) -> anyhow::Result<()> {
        let t = Instant::now();
        let posted = self
            .chat
            .post_owed_end_files("bench", Some(&self.channel), 0);
        let d = t.elapsed();
        anyhow::ensure!(
            posted.len() == 1,
            "{}: the game that ended posted {} sets of end files",
            self.kind.id(),
            posted.len()
        );
        for f in &posted {
            self.chat
                .mark_delivered(&f.replies.iter().collect::<Vec<_>>());
        }
        self.end_files.push(d);
        Ok(())
    }

    /// One random legal move through the chat.
    fn step(&mut self) -> anyhow::Result<(Duration, bool)> {
        let (seat, step, _) = self.next()?;
        self.send(seat, &step)
    }
}

/// Play one random legal step (seat and step picked by `pick`) on `g`: the seat, the
/// step's notation and what it did; `None` once the game has ended.
fn random_step(
    g: &mut dyn AnyGame,
    pick: &mut GameRng,
) -> anyhow::Result<Option<(usize, String, sherpa::engine::Applied)>> {
    let Status::Acting(a) = g.status() else {
        return Ok(None);
    };
    let seat = a[pick.below(a.len())];
    let legal = g.legal(seat);
    let step = legal[pick.below(legal.len())].notation.clone();
    let (notation, applied) = g.play(seat, &step).map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(Some((seat, notation, applied)))
}

fn setup(
    kind: &'static dyn GameKind,
    players: usize,
    seed: u64,
) -> anyhow::Result<Box<dyn AnyGame>> {
    let names: Vec<String> = (0..players).map(|p| format!("p{p}")).collect();
    kind.setup(&names, &Default::default(), seed)
        .map_err(|e| anyhow::anyhow!("{e}"))
}

/// Round trips of `kind` through a chat on PostgreSQL at `url` (channels named after the
/// kind, so several kinds share one database), beside the PostgreSQL commit floor.
fn postgres_round_trip(
    kind: &'static dyn GameKind,
    url: &str,
    samples: usize,
    snapshot_bytes: usize,
    render_floor: &[Duration],
) -> anyhow::Result<PostgresRoundTrip> {
    let system = Env::system();
    let chat = Chat::new(
        Store::connect_postgres(url)?,
        Registry::builtin(),
        Env {
            now: system.now,
            seed: Box::new(|| SEED),
            rate_limit: false,
        },
    );
    let mut d = Driver::new(&chat, kind, &format!("pg-{}-", kind.id()), 99)?;
    let mut moves = Moves::default();
    let mut guard = 0usize;
    while !moves.full(samples) {
        guard += 1;
        anyhow::ensure!(
            guard < samples * 200,
            "{} on PostgreSQL: the bench made no progress",
            kind.id()
        );
        let (t, board) = d.step()?;
        if d.played < WARM_UP {
            continue;
        }
        let ended = !matches!(d.g.status(), Status::Acting(_));
        moves.keep(samples, t, board, ended);
    }
    let end_files = std::mem::take(&mut d.end_files);
    drop(d);
    let floor = Store::postgres_commit_floor(url, snapshot_bytes, samples)?;
    Ok(PostgresRoundTrip {
        round_trip_with_render: figure(moves.with, add(&floor, render_floor)),
        round_trip_without_render: figure(moves.without, floor),
        game_ending_move: stat(moves.ending),
        end_files: stat(end_files),
    })
}

fn bench_chat(db: &std::path::Path) -> anyhow::Result<Chat> {
    remove_db(db);
    bench_chat_keep(db)
}

/// A chat on the database at `db` as it is.
fn bench_chat_keep(db: &std::path::Path) -> anyhow::Result<Chat> {
    let system = Env::system();
    Ok(Chat::new(
        Store::open(db)?,
        Registry::builtin(),
        Env {
            now: system.now,
            seed: Box::new(|| SEED),
            rate_limit: false,
        },
    ))
}

fn remove_db(db: &std::path::Path) {
    for suffix in ["", "-wal", "-shm"] {
        let mut p = db.as_os_str().to_owned();
        p.push(suffix);
        let _ = std::fs::remove_file(p);
    }
}

/// Moves a game has played before it counts as mid-game.
const WARM_UP: usize = 20;

/// Run the benchmarks. `scale` multiplies the number of samples ([`SAMPLES`] at 1.0).
/// With `postgres` (a database URL), the round trips are measured on it too.
pub fn run(
    kinds: &[&'static dyn GameKind],
    scale: f64,
    postgres: Option<&str>,
) -> anyhow::Result<Vec<GameBench>> {
    let dir = std::env::temp_dir().join(format!("sherpa-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let samples = ((SAMPLES as f64 * scale).ceil() as usize).max(10);
    let mut out = Vec::new();
    for &kind in kinds {
        out.push(bench_game(kind, &dir, samples, scale, postgres)?);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out)
}

/// One game's figures (see [`run`]), on a database in `dir`.
fn bench_game(
    kind: &'static dyn GameKind,
    dir: &std::path::Path,
    samples: usize,
    scale: f64,
    postgres: Option<&str>,
) -> anyhow::Result<GameBench> {
    let db = dir.join(format!("{}.db", kind.id()));
    let chat = bench_chat(&db)?;
    let s = sample_moves(&mut Driver::new(&chat, kind, "b", 99)?, samples)?;
    let render_floor = add(&s.copy_floor, &s.encode_floor);
    let commit_floor = Store::commit_floor(&dir.join("floor.db"), s.snapshot_bytes, samples)?;
    let throughput = throughput(kind, dir, samples.min(400))?;
    let long_game = long_game(kind, dir, 5000, samples.min(300))?;
    let beside_ai = beside_ai(kind, dir, samples.min(BESIDE_AI_SAMPLES))?;
    let postgres = match postgres {
        Some(url) => Some(postgres_round_trip(
            kind,
            url,
            samples,
            s.snapshot_bytes,
            &render_floor,
        )?),
        None => None,
    };
    let bench = GameBench {
        game: kind.id().to_string(),
        players: kind.min_players().max(2).min(kind.max_players()),
        round_trip_with_render: figure(s.moves.with, add(&commit_floor, &render_floor)),
        round_trip_without_render: figure(s.moves.without, commit_floor.clone()),
        game_ending_move: stat(s.moves.ending),
        end_files: stat(s.end_files),
        render_and_encode: figure(s.render, render_floor),
        legal_steps: stat(s.legal),
        playout_steps_per_second: playouts(kind, scale, false)?,
        playout_text_steps_per_second: playouts(kind, scale, true)?,
        throughput,
        long_game,
        png_bytes: s.png_bytes,
        snapshot_bytes: s.snapshot_bytes,
        postgres,
        beside_ai,
    };
    drop(chat);
    remove_db(&db);
    Ok(bench)
}

/// What [`sample_moves`] timed.
#[derive(Default)]
struct Samples {
    moves: Moves,
    legal: Vec<Duration>,
    render: Vec<Duration>,
    copy_floor: Vec<Duration>,
    encode_floor: Vec<Duration>,
    png_bytes: usize,
    snapshot_bytes: usize,
    /// The end files of the games that ended.
    end_files: Vec<Duration>,
}

/// Play moves through the chat until `samples` of each kind are timed: round trips with
/// and without a board, listing the legal steps, rendering, and the render floor.
fn sample_moves(d: &mut Driver, samples: usize) -> anyhow::Result<Samples> {
    let mut s = Samples::default();
    let mut pixels: Option<RgbaImage> = None;
    let mut guard = 0usize;
    while !s.moves.full(samples) || s.render.len() < samples {
        guard += 1;
        anyhow::ensure!(
            guard < samples * 200,
            "{}: the bench made no progress",
            d.kind.id()
        );
        let (t, board) = d.step()?;
        if d.played < WARM_UP {
            continue;
        }
        let Status::Acting(a) = d.g.status() else {
            s.moves.keep(samples, t, board, true);
            continue;
        };
        s.moves.keep(samples, t, board, false);
        if s.legal.len() < samples {
            let t = Instant::now();
            let _ = d.g.legal(a[0]);
            s.legal.push(t.elapsed());
        }
        if s.render.len() < samples {
            let t = Instant::now();
            let png = d.g.render(Viewer::Spectator);
            s.render.push(t.elapsed());
            s.png_bytes = s.png_bytes.max(png.len());
            s.snapshot_bytes = s.snapshot_bytes.max(d.g.snapshot().len());
            // The floor encodes the pixels of a recent board (drawn again now and then).
            if s.render.len() % 50 == 1 {
                pixels = Some(d.g.picture(Viewer::Spectator));
            }
            if let Some(img) = &pixels {
                let t = Instant::now();
                let copy = img.clone();
                s.copy_floor.push(t.elapsed());
                let t = Instant::now();
                let _ = sherpa::render::png::encode_fastest(&copy);
                s.encode_floor.push(t.elapsed());
            }
        }
    }
    s.end_files = std::mem::take(&mut d.end_files);
    Ok(s)
}

/// The moves that end a game and their end files (`sherpa bench --game-endings N`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameEndings {
    pub game: String,
    pub players: usize,
    /// The answer to the move that ended each game (its final board).
    pub game_ending_move: Stat,
    /// Building and storing each game's timelapse and replay file, after that answer.
    pub end_files: Stat,
}

/// Play `games` random games of each of `kinds` through the chat to their end, on a
/// database file: the time of each game's last move and of its end files.
pub fn game_endings(
    kinds: &[&'static dyn GameKind],
    games: usize,
) -> anyhow::Result<Vec<GameEndings>> {
    let dir = std::env::temp_dir().join(format!("sherpa-bench-end-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut out = Vec::new();
    for &kind in kinds {
        let db = dir.join(format!("{}.db", kind.id()));
        let chat = bench_chat(&db)?;
        let mut d = Driver::new(&chat, kind, "e", 31)?;
        let mut ending = Vec::new();
        let mut guard = 0usize;
        while ending.len() < games {
            guard += 1;
            anyhow::ensure!(guard < 10_000_000, "{}: no game ended", kind.id());
            let (t, _) = d.step()?;
            if !matches!(d.g.status(), Status::Acting(_)) {
                ending.push(t);
            }
        }
        out.push(GameEndings {
            game: kind.id().to_string(),
            players: d.players,
            game_ending_move: stat(ending),
            end_files: stat(std::mem::take(&mut d.end_files)),
        });
        drop(d);
        drop(chat);
        remove_db(&db);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out)
}

/// The table of [`game_endings`].
pub fn endings_table(results: &[GameEndings]) -> String {
    let mut s = String::new();
    for r in results {
        s.push_str(&format!("{} ({} players)\n", r.game, r.players));
        s.push_str(&ending_line("game-ending move", &r.game_ending_move));
        s.push_str(&end_files_line("end files", &r.end_files));
    }
    s
}

/// The games `names` picks (ids or unique beginnings), in the registry's order; every
/// game when `names` is empty. An unknown or ambiguous name is an error naming the games.
pub fn pick_games(
    registry: &'static Registry,
    names: &[String],
) -> anyhow::Result<Vec<&'static dyn GameKind>> {
    if names.is_empty() {
        return Ok(registry.all().to_vec());
    }
    let ids = registry.ids();
    let mut want = Vec::new();
    for n in names {
        let id = sherpa::chat::match_game_id(&ids, n)
            .map_err(|e| anyhow::anyhow!("--game {n}: {}", e.text()))?;
        want.push(id);
    }
    Ok(registry
        .all()
        .iter()
        .copied()
        .filter(|k| want.contains(&k.id()))
        .collect())
}

/// Undo and reload late in a long game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct LongGame {
    /// Action rows in the game's log when the samples were taken (at least the target).
    pub log_rows: usize,
    /// `undo` of the last step (the step is then played again).
    pub undo: Stat,
    /// `game status` right after the game was dropped from memory: it reloads from its
    /// snapshot.
    pub reload: Stat,
}

/// Grow one game's log to `rows` action rows through the chat (each undoable step is
/// taken back and played again, as indecisive players do), then measure `undo` and a
/// move after a reload, `samples` times each.
fn long_game(
    kind: &'static dyn GameKind,
    dir: &std::path::Path,
    rows: usize,
    samples: usize,
) -> anyhow::Result<LongGame> {
    let db = dir.join(format!("{}-long.db", kind.id()));
    let chat = bench_chat(&db)?;
    let mut d = Driver::new(&chat, kind, "l", 5)?;
    let mut log_rows = 0usize;
    let (mut undo, mut reload) = (vec![], vec![]);
    let mut guard = 0usize;
    while undo.len() < samples || reload.len() < samples {
        guard += 1;
        anyhow::ensure!(
            guard < 1_000_000,
            "{}: the long game made no progress",
            kind.id()
        );
        let games = d.games;
        let (seat, step, applied) = d.next_applied()?;
        if d.games != games {
            log_rows = 0; // a new game began: its log starts empty
        }
        // Only a step its player may take back alone, in a game that goes on.
        let undoable = !applied.irreversible
            && !applied.turn_ended
            && matches!(d.g.status(), Status::Acting(_));
        if log_rows >= rows && reload.len() < samples {
            // A reload: drop every loaded game, then `game status` loads it again.
            chat.set_cache_capacity(sherpa::chat::CACHE_GAMES);
            reload.push(d.say(seat, "game status")?);
        }
        d.send(seat, &step)?;
        log_rows += 1;
        if !undoable {
            continue;
        }
        // Grow the log at the first step that can be taken back (some games have few).
        let cycles = if log_rows >= rows {
            1
        } else {
            ((rows - log_rows) / 2).max(1)
        };
        for _ in 0..cycles {
            let t = d.say(seat, "undo")?;
            if log_rows >= rows && undo.len() < samples {
                undo.push(t);
            }
            d.say(seat, &format!("move {step}"))?;
            log_rows += 2;
        }
    }
    drop(d);
    drop(chat);
    remove_db(&db);
    Ok(LongGame {
        log_rows,
        undo: stat(undo),
        reload: stat(reload),
    })
}

/// Round-trip samples filed by what the move answered.
#[derive(Default)]
struct Moves {
    /// Mid-game moves whose answer carried a board.
    with: Vec<Duration>,
    /// Mid-game moves answered without a board.
    without: Vec<Duration>,
    /// Moves that ended a game: besides the final board they build the timelapse (a
    /// replay of the whole game, one rendered frame per turn) and the replay file, which
    /// costs seconds, so they are a figure of their own and never mixed into the
    /// mid-game percentiles.
    ending: Vec<Duration>,
}

impl Moves {
    /// File one move's time `t`: a game-ending move (`ended`) always, a mid-game one among
    /// the moves with a board or without until that list has `samples`.
    fn keep(&mut self, samples: usize, t: Duration, board: bool, ended: bool) {
        let v = if ended {
            &mut self.ending
        } else if board {
            &mut self.with
        } else {
            &mut self.without
        };
        if ended || v.len() < samples {
            v.push(t);
        }
    }

    /// Whether both mid-game lists have `samples`.
    fn full(&self, samples: usize) -> bool {
        self.with.len() >= samples && self.without.len() >= samples
    }
}

/// Random playouts in memory: steps per second, on typed steps or (`text`) through the
/// notation layer.
fn playouts(kind: &'static dyn GameKind, scale: f64, text: bool) -> anyhow::Result<f64> {
    let players = kind.min_players().max(2).min(kind.max_players());
    let budget = Duration::from_secs_f64((0.7 * scale).clamp(0.2, 5.0));
    let mut pick = GameRng::new(7);
    let t = Instant::now();
    let mut steps = 0u64;
    let mut seed = 0;
    while t.elapsed() < budget {
        let mut g = setup(kind, players, seed)?;
        seed += 1;
        loop {
            let more = if text {
                random_step(&mut *g, &mut pick)?.is_some()
            } else {
                let Status::Acting(a) = g.status() else {
                    break;
                };
                let seat = a[pick.below(a.len())];
                g.play_random(seat, &mut pick)
                    .map_err(|e| anyhow::anyhow!("{e}"))?
                    .is_some()
            };
            if !more {
                break;
            }
            steps += 1;
        }
    }
    Ok(steps as f64 / t.elapsed().as_secs_f64())
}

/// `moves` moves in one channel on one thread, then `moves` moves in each of two channels
/// on two threads at once, all through one chat on one database; then the floor: two
/// threads again, each through a chat on a database of its own.
fn throughput(
    kind: &'static dyn GameKind,
    dir: &std::path::Path,
    moves: usize,
) -> anyhow::Result<Throughput> {
    let db = dir.join(format!("{}-threads.db", kind.id()));
    let mut chat = bench_chat(&db)?;
    let timer = Arc::new(LockTimer::default());
    chat.set_hooks(timer.clone());
    let mut one = Driver::new(&chat, kind, "t", 1)?;
    timer.time(true);
    let t = Instant::now();
    for _ in 0..moves {
        one.step()?;
    }
    let one_rate = moves as f64 / t.elapsed().as_secs_f64();
    let one_lock = timer.times();
    drop(one);
    timer.time(true);
    let two_rate = two_threads(kind, moves, [&chat, &chat])?;
    let two_lock = timer.times();
    timer.time(false);
    drop(chat);
    let per_move = |d: Duration, n: usize| d.as_secs_f64() * 1e6 / n as f64;
    remove_db(&db);
    let apart: Vec<std::path::PathBuf> = ["x", "y"]
        .iter()
        .map(|p| dir.join(format!("{}-apart-{p}.db", kind.id())))
        .collect();
    let (a, b) = (bench_chat(&apart[0])?, bench_chat(&apart[1])?);
    let apart_rate = two_threads(kind, moves, [&a, &b])?;
    drop((a, b));
    apart.iter().for_each(|p| remove_db(p));
    Ok(Throughput {
        moves_per_thread: moves,
        one_thread_moves_per_s: one_rate,
        two_threads_moves_per_s: two_rate,
        ratio: two_rate / one_rate,
        two_apart_moves_per_s: apart_rate,
        machine_ratio: apart_rate / one_rate,
        lock_held_us_one_thread: per_move(one_lock.held, moves),
        lock_held_us_two_threads: per_move(two_lock.held, 2 * moves),
        lock_waited_us_two_threads: per_move(two_lock.waited, 2 * moves),
    })
}

/// Moves per second of two threads playing `moves` moves each at once, the first
/// through `chats[0]` and the second through `chats[1]`, in channels of their own.
fn two_threads(
    kind: &'static dyn GameKind,
    moves: usize,
    chats: [&Chat; 2],
) -> anyhow::Result<f64> {
    let t = Instant::now();
    let results: Vec<anyhow::Result<()>> = std::thread::scope(|s| {
        let handles: Vec<_> = ["x", "y"]
            .iter()
            .zip(chats)
            .enumerate()
            .map(|(i, (prefix, chat))| {
                s.spawn(move || -> anyhow::Result<()> {
                    let mut d = Driver::new(chat, kind, prefix, 2 + i as u64)?;
                    for _ in 0..moves {
                        d.step()?;
                    }
                    Ok(())
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(anyhow::anyhow!("bench thread panicked")))
            })
            .collect()
    });
    let rate = (2 * moves) as f64 / t.elapsed().as_secs_f64();
    for r in results {
        r?;
    }
    Ok(rate)
}

/// Human-readable table: each figure with its ratio to its floor.
pub fn table(results: &[GameBench]) -> String {
    let ms = |us: f64| us / 1000.0;
    let mut s = String::new();
    for r in results {
        s.push_str(&format!("{} ({} players)\n", r.game, r.players));
        for (name, f) in [
            ("round trip + board", &r.round_trip_with_render),
            ("round trip, no board", &r.round_trip_without_render),
            ("render + encode", &r.render_and_encode),
        ] {
            s.push_str(&figure_line(name, f));
        }
        s.push_str(&ending_line("game-ending move", &r.game_ending_move));
        s.push_str(&end_files_line("end files", &r.end_files));
        if let Some(pg) = &r.postgres {
            for (name, f) in [
                ("PostgreSQL + board", &pg.round_trip_with_render),
                ("PostgreSQL, no board", &pg.round_trip_without_render),
            ] {
                s.push_str(&figure_line(name, f));
            }
            s.push_str(&ending_line("PostgreSQL game end", &pg.game_ending_move));
            s.push_str(&end_files_line("PostgreSQL end files", &pg.end_files));
        }
        s.push_str(&format!(
            "  legal steps median {:.1} µs · playouts {:.0} steps/s ({:.0} through notation) · moves/s 1 thread {:.0}, 2 threads {:.0} (x{:.2}; floor: 2 threads sharing nothing {:.0}, x{:.2}) · PNG {} KB · snapshot {} B\n",
            r.legal_steps.median_us,
            r.playout_steps_per_second,
            r.playout_text_steps_per_second,
            r.throughput.one_thread_moves_per_s,
            r.throughput.two_threads_moves_per_s,
            r.throughput.ratio,
            r.throughput.two_apart_moves_per_s,
            r.throughput.machine_ratio,
            r.png_bytes / 1024,
            r.snapshot_bytes
        ));
        s.push_str(&format!(
            "  chat lock per move: held {:.0} µs with 1 thread; with 2, held {:.0} µs and waited for {:.0} µs\n",
            r.throughput.lock_held_us_one_thread,
            r.throughput.lock_held_us_two_threads,
            r.throughput.lock_waited_us_two_threads,
        ));
        s.push_str(&beside_ai_line(&r.beside_ai));
        s.push_str(&format!(
            "  {} log rows: undo median {:.2} ms p99 {:.2} ms · reload (game status) median {:.2} ms p99 {:.2} ms\n",
            r.long_game.log_rows,
            ms(r.long_game.undo.median_us),
            ms(r.long_game.undo.p99_us),
            ms(r.long_game.reload.median_us),
            ms(r.long_game.reload.p99_us),
        ));
    }
    s
}

/// One figure of the table with its floor and their ratio (times in ms).
fn figure_line(name: &str, f: &Figure) -> String {
    let ms = |us: f64| us / 1000.0;
    format!(
        "  {name:<22} median {:>7.3} ms  p99 {:>7.3} ms  ({} samples)  floor p99 {:>7.3} ms  ratio p99 {:>5.2}\n",
        ms(f.median_us),
        ms(f.p99_us),
        f.samples,
        ms(f.floor_p99_us),
        f.ratio_p99
    )
}

/// The table's line for game-ending moves: median and slowest, or that none ended.
fn ending_line(name: &str, st: &Stat) -> String {
    sample_line(name, st, "the answer: final board")
}

/// The table's line for the end files that follow those moves.
fn end_files_line(name: &str, st: &Stat) -> String {
    sample_line(name, st, "timelapse and replay file, after the answer")
}

/// A line of a figure with few samples: median and slowest, what it is, or that no game
/// ended.
fn sample_line(name: &str, st: &Stat, what: &str) -> String {
    if st.samples == 0 {
        return format!("  {name:<22} (no game ended during the samples)\n");
    }
    format!(
        "  {name:<22} median {:>7.1} ms  p99 {:>7.1} ms  ({} sample{}: {what})\n",
        st.median_us / 1000.0,
        st.p99_us / 1000.0,
        st.samples,
        if st.samples == 1 { "" } else { "s" }
    )
}

/// Moves timed alone and beside a Sherpa player's search, at most.
const BESIDE_AI_SAMPLES: usize = 200;

/// A move's answer time in channel A while a Sherpa player thinks in channel B (on its
/// own thread, as the bot's AI pool of one thread does: think off the chat's lock, commit
/// through it), beside the same kind of move with channel B quiet. The target: the median
/// beside the search at most 1.5 times the median alone, or 20 ms more (a search must not
/// delay another channel's move).
#[derive(Clone, Debug, serde::Serialize)]
pub struct BesideAi {
    /// Moves in channel A with no search running.
    pub alone: Stat,
    /// Moves in channel A while channel B's Sherpa player thinks.
    pub beside_search: Stat,
    /// `beside_search.median_us / alone.median_us`.
    pub ratio_median: f64,
    /// The largest median allowed beside the search: max(1.5 × alone, alone + 20 ms).
    pub target_median_us: f64,
    pub within_target: bool,
    /// AI turns channel B committed during the moves beside it (it was really thinking).
    pub ai_turns: usize,
}

/// [`BesideAi`] for `kind`: channel A is a game of humans played by a [`Driver`]; channel B
/// a game of Sherpa players only (each seat `sherpa:ai:normal`, `…#2`, …, stored directly:
/// the lobby wants a human), thinking at the normal level's own budget, a new one in a new
/// channel whenever one ends.
fn beside_ai(
    kind: &'static dyn GameKind,
    dir: &std::path::Path,
    samples: usize,
) -> anyhow::Result<BesideAi> {
    let db = dir.join(format!("{}-ai.db", kind.id()));
    let chat = bench_chat(&db)?;
    let mut d = Driver::new(&chat, kind, "ai-a", 11)?;
    for _ in 0..WARM_UP {
        d.step()?;
    }
    let alone = (0..samples)
        .map(|_| d.step().map(|(t, _)| t))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let stop = std::sync::atomic::AtomicBool::new(false);
    let (beside, ai_turns) = std::thread::scope(|s| {
        let search = s.spawn(|| ai_channel(&chat, kind, &db, &stop));
        let timed = (0..samples)
            .map(|_| d.step().map(|(t, _)| t))
            .collect::<anyhow::Result<Vec<_>>>();
        stop.store(true, std::sync::atomic::Ordering::SeqCst);
        let turns = search
            .join()
            .unwrap_or_else(|_| Err(anyhow::anyhow!("the AI thread panicked")));
        anyhow::Ok((timed?, turns?))
    })?;
    drop(d);
    drop(chat);
    remove_db(&db);
    let (alone, beside_search) = (stat(alone), stat(beside));
    let target_median_us = (alone.median_us * 1.5).max(alone.median_us + 20_000.0);
    Ok(BesideAi {
        ratio_median: beside_search.median_us / alone.median_us.max(1e-9),
        within_target: beside_search.median_us <= target_median_us,
        target_median_us,
        alone,
        beside_search,
        ai_turns,
    })
}

/// Channel B of [`beside_ai`]: until `stop`, think the turn due (off the chat's lock) and
/// commit it, as the bot's AI loop does; a finished game is followed by a new one. The
/// turns committed.
fn ai_channel(
    chat: &Chat,
    kind: &'static dyn GameKind,
    db: &std::path::Path,
    stop: &std::sync::atomic::AtomicBool,
) -> anyhow::Result<usize> {
    let mut store = Store::open(db)?;
    let players = kind.min_players().max(2).min(kind.max_players());
    let mut place = None;
    let (mut games, mut turns) = (0u64, 0usize);
    while !stop.load(std::sync::atomic::Ordering::SeqCst) {
        let job = place.as_ref().and_then(|p| chat.ai_job(p));
        let Some(job) = job else {
            games += 1;
            anyhow::ensure!(games < 1000, "{}: no AI turn is ever due", kind.id());
            place = Some(ai_only_game(&mut store, kind, players, games)?);
            continue;
        };
        let turn = job.think(None);
        let replies = chat
            .commit_ai(&job, turn)
            .map_err(|e| anyhow::anyhow!("{}: committing an AI turn: {e}", kind.id()))?;
        chat.mark_delivered(&replies.iter().collect::<Vec<_>>());
        turns += 1;
    }
    Ok(turns)
}

/// Store a running game of `players` Sherpa players of the normal level in a channel of
/// its own (`ai-b<n>`): its place.
fn ai_only_game(
    store: &mut Store,
    kind: &'static dyn GameKind,
    players: usize,
    n: u64,
) -> anyhow::Result<Place> {
    let g = setup(kind, players, SEED + n)?;
    let seats: Vec<sherpa::store::SeatRow> = (0..players)
        .map(|p| {
            let (user_id, name) =
                sherpa::chat::ai::ai_identity(sherpa::ai::Level::Normal, p as u32 + 1);
            sherpa::store::SeatRow {
                seat: p,
                user_id,
                name,
                resigned: false,
            }
        })
        .collect();
    let channel = format!("ai-b{n}");
    store.log_mut().import_game(
        "bench",
        &channel,
        kind.id(),
        &Default::default(),
        SEED + n,
        &seats,
        &[],
        sherpa::store::GameStatus::Running,
        &g.snapshot(),
        g.rules_version(),
        0,
    )?;
    Ok(Place {
        platform: "bench".into(),
        guild: None,
        channel,
    })
}

/// The table's line of [`BesideAi`].
fn beside_ai_line(b: &BesideAi) -> String {
    format!(
        "  move beside an AI search: median {:.2} ms (alone {:.2} ms, x{:.2}; target at most {:.2} ms: {}) · p99 {:.2} ms (alone {:.2} ms) · {} AI turns meanwhile\n",
        b.beside_search.median_us / 1000.0,
        b.alone.median_us / 1000.0,
        b.ratio_median,
        b.target_median_us / 1000.0,
        if b.within_target { "met" } else { "MISSED" },
        b.beside_search.p99_us / 1000.0,
        b.alone.p99_us / 1000.0,
        b.ai_turns
    )
}

/// Start-up and memory with many stored games (`sherpa bench --stored-games N`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct StoredGames {
    pub games: usize,
    pub active: usize,
    /// Writing the games (each one transaction, as an import).
    pub create_s: f64,
    /// Opening the database and the start-up check: until the bot can answer.
    pub start_up_ms: f64,
    /// Resident memory after the start-up check.
    pub rss_after_start_up_mb: f64,
    /// Resident memory after one board request in each of `active` games.
    pub rss_after_active_mb: f64,
    /// Peak resident memory of the process.
    pub peak_rss_mb: f64,
    /// Loaded games kept in memory (the cache bound).
    pub cache_bound: usize,
}

/// Resident and peak resident memory of this process in MB (Linux; 0 elsewhere).
fn rss_mb() -> (f64, f64) {
    let Ok(s) = std::fs::read_to_string("/proc/self/status") else {
        return (0.0, 0.0);
    };
    let field = |name: &str| {
        s.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse::<f64>().ok())
            .map(|kb| kb / 1024.0)
            .unwrap_or(0.0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Write `games` running games to the database at `db`: the built-in kinds in turn, each
/// 30 random steps in, each one transaction (as an import).
fn write_stored_games(
    registry: &'static Registry,
    db: &std::path::Path,
    games: usize,
) -> anyhow::Result<()> {
    let mut store = Store::open(db)?;
    let kinds = registry.all();
    for i in 0..games {
        let kind = kinds[i % kinds.len()];
        let players = kind.min_players().max(2).min(kind.max_players());
        let mut g = setup(kind, players, i as u64)?;
        let mut pick = GameRng::new(i as u64);
        let mut actions = Vec::new();
        for _ in 0..30 {
            let Some((seat, notation, applied)) = random_step(&mut *g, &mut pick)? else {
                break;
            };
            actions.push(sherpa::store::NewAction {
                seat,
                kind: sherpa::store::ActionKind::Step,
                step: notation,
                secret: applied.secret,
                barrier: applied.irreversible,
                turn_end: applied.turn_ended,
            });
        }
        let seats: Vec<sherpa::store::SeatRow> = (0..players)
            .map(|p| sherpa::store::SeatRow {
                seat: p,
                user_id: format!("u{p}"),
                name: format!("p{p}"),
                resigned: false,
            })
            .collect();
        store.log_mut().import_game(
            "bench",
            &format!("s{i}"),
            kind.id(),
            &Default::default(),
            i as u64,
            &seats,
            &actions,
            sherpa::store::GameStatus::Running,
            &g.snapshot(),
            g.rules_version(),
            0,
        )?;
    }
    Ok(())
}

/// Store `games` running games (the built-in kinds in turn, each 30 random steps in) in a
/// fresh database, then measure what `sherpa run` does at start-up (open + start-up check)
/// and the memory after `active` of them answered a `board` request. Memory is this
/// process's: the chat core and games, without the Discord client.
pub fn stored_games(
    registry: &'static Registry,
    games: usize,
    active: usize,
) -> anyhow::Result<StoredGames> {
    let dir = std::env::temp_dir().join(format!("sherpa-stored-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = dir.join("games.db");
    remove_db(&db);
    let t = Instant::now();
    write_stored_games(registry, &db, games)?;
    let create_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let chat = bench_chat_keep(&db)?;
    let broken = chat.check_games();
    let start_up_ms = t.elapsed().as_secs_f64() * 1000.0;
    anyhow::ensure!(broken.is_empty(), "stored games failed to load: {broken:?}");
    let (rss_after_start_up_mb, _) = rss_mb();
    for i in 0..active.min(games) {
        let r = chat.handle(&req(&format!("s{}", i * games / active.max(1)), 0, "board"));
        if let Some(e) = r.iter().find(|r| r.is_error) {
            anyhow::bail!("board in stored game {i}: {}", e.text);
        }
    }
    let (rss_after_active_mb, peak_rss_mb) = rss_mb();
    drop(chat);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(StoredGames {
        games,
        active,
        create_s,
        start_up_ms,
        rss_after_start_up_mb,
        rss_after_active_mb,
        peak_rss_mb,
        cache_bound: sherpa::chat::CACHE_GAMES,
    })
}

/// The reminder task's tick over many stored games (`sherpa bench --reminder-tick N`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ReminderTick {
    pub games: usize,
    /// Players waiting (one per game, all seats in every tenth game).
    pub waits: usize,
    /// The backend: `sqlite` or `postgres`.
    pub backend: String,
    /// The first tick (every wait's schedule read once), seconds of wall time.
    pub first_tick_s: f64,
    /// CPU seconds of this process during the first tick.
    pub first_tick_cpu_s: f64,
    /// Reminders the first tick handed out (then marked sent, untimed).
    pub first_tick_due: usize,
    /// Later ticks, a minute apart (the steady state): median wall seconds.
    pub tick_s: f64,
    /// Later ticks: median CPU seconds of this process.
    pub tick_cpu_s: f64,
    /// Reminders the later ticks handed out, in all.
    pub ticks_due: usize,
    /// How many later ticks were timed.
    pub ticks: usize,
}

/// CPU time (user + system) of this process so far, in seconds.
fn cpu_seconds() -> f64 {
    // SAFETY: getrusage only writes the struct it is given.
    let mut u: libc::rusage = unsafe { std::mem::zeroed() };
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut u) } != 0 {
        return 0.0;
    }
    let t = |v: libc::timeval| v.tv_sec as f64 + v.tv_usec as f64 / 1e6;
    t(u.ru_utime) + t(u.ru_stime)
}

/// Store `games` running games (3 seats each, waiting for one player, or all three in
/// every tenth game; the waits began at spread times over the last three days), then time
/// the reminder task's tick (`Store::claim_due_reminders` with the default settings of
/// `config.example.toml`): the first one, then `ticks` more a minute apart, marking what
/// each hands out as sent (untimed), as the task does. On `store` (fresh: SQLite or
/// PostgreSQL).
pub fn reminder_tick(
    mut store: Store,
    backend: &str,
    games: usize,
    ticks: usize,
) -> anyhow::Result<ReminderTick> {
    const NOW: i64 = 1_800_000_000;
    let waits = sherpa::store::fixtures::waiting_games(&mut store, games, NOW)?;
    let defaults = sherpa::reminders::ReminderDefaults::default();
    let tick = |store: &mut Store, now: i64| -> anyhow::Result<(f64, f64, usize)> {
        let (t, c) = (Instant::now(), cpu_seconds());
        let due = store
            .schedules_mut()
            .claim_due_reminders("discord", now, &defaults)?;
        let (wall, cpu) = (t.elapsed().as_secs_f64(), cpu_seconds() - c);
        for d in &due {
            store.schedules_mut().mark_sent(&d.key, now)?;
        }
        Ok((wall, cpu, due.len()))
    };
    let (first_tick_s, first_tick_cpu_s, first_tick_due) = tick(&mut store, NOW)?;
    let (mut walls, mut cpus, mut ticks_due) = (Vec::new(), Vec::new(), 0);
    for k in 1..=ticks {
        let (w, c, d) = tick(&mut store, NOW + 60 * k as i64)?;
        walls.push(w);
        cpus.push(c);
        ticks_due += d;
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    Ok(ReminderTick {
        games,
        waits,
        backend: backend.to_string(),
        first_tick_s,
        first_tick_cpu_s,
        first_tick_due,
        tick_s: median(walls),
        tick_cpu_s: median(cpus),
        ticks_due,
        ticks,
    })
}

/// [`reminder_tick`] on a fresh SQLite file in the temporary folder.
pub fn reminder_tick_sqlite(games: usize, ticks: usize) -> anyhow::Result<ReminderTick> {
    let dir = std::env::temp_dir().join(format!("sherpa-tick-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = dir.join("games.db");
    remove_db(&db);
    let r = reminder_tick(Store::open(&db)?, "sqlite", games, ticks);
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// The database's size before and after pruning (`sherpa bench --retention MOVES`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct RetentionSize {
    pub backend: String,
    pub moves: usize,
    pub games_finished: usize,
    /// Bytes of live data (after VACUUM) once the moves were played and their replies
    /// delivered, per 1,000 moves.
    pub bytes_per_1000_moves: f64,
    /// The same after pruning 40 days later with the default `[retention]` settings.
    pub bytes_per_1000_moves_after_prune: f64,
    /// Rows deleted by the pruning, by table.
    pub pruned: Vec<(String, u64)>,
}

/// Play `moves` random moves of Nepal through a chat on `store` (each with a request id,
/// every reply marked delivered as a front end does, games started anew as they end), then
/// measure the database's live size, prune it as `sherpa run` would 40 days later, and
/// measure again.
pub fn retention_size(
    loc: &sherpa::store::DbLocation,
    registry: &'static Registry,
    moves: usize,
) -> anyhow::Result<RetentionSize> {
    let backend = match loc {
        sherpa::store::DbLocation::Sqlite(_) => "sqlite",
        sherpa::store::DbLocation::Postgres(_) => "postgres",
    };
    let store = Store::open_location(loc)?;
    let mut probe = Store::open_location(loc)?;
    let system = Env::system();
    let chat = Chat::new(
        store,
        registry,
        Env {
            now: system.now,
            seed: Box::new(|| SEED),
            rate_limit: false,
        },
    );
    let kind = registry
        .get("nepal")
        .ok_or_else(|| anyhow::anyhow!("no nepal"))?;
    let mut d = Driver::new(&chat, kind, "ret-", 7)?;
    d.next_id = Some(0);
    for _ in 0..moves {
        d.step()?;
    }
    let games_finished = d.games - 1;
    drop(d);
    let vacuum = if backend == "postgres" {
        "VACUUM FULL"
    } else {
        "VACUUM"
    };
    probe.debug_exec(vacuum)?;
    let before = probe.used_bytes()?;
    let later = chat.now() + 40 * 86_400;
    let pruned = probe.prune(&sherpa::store::Retention::default(), later)?;
    probe.debug_exec(vacuum)?;
    let after = probe.used_bytes()?;
    let per = |b: i64| b as f64 * 1000.0 / moves as f64;
    Ok(RetentionSize {
        backend: backend.to_string(),
        moves,
        games_finished,
        bytes_per_1000_moves: per(before),
        bytes_per_1000_moves_after_prune: per(after),
        pruned: pruned
            .rows
            .into_iter()
            .map(|(t, n)| (t.to_string(), n))
            .collect(),
    })
}

/// What `sherpa bench --callgrind GAME` runs: a game played through the chat to mid-game,
/// then one move that ends a turn (so the answer carries the board) inside [`one_move`],
/// then its floor inside [`one_floor`]: the commit of one row the size of the game's
/// snapshot, a copy of the board's pixels and their fastest PNG encoding. Run it as
/// `valgrind --tool=callgrind --toggle-collect='*bench*one_move*' sherpa bench --callgrind
/// nepal` (and `'*bench*one_floor*'`) to count the instructions of each alone.
pub fn callgrind(registry: &'static Registry, game: &str) -> anyhow::Result<String> {
    let kind = registry
        .get(game)
        .ok_or_else(|| anyhow::anyhow!("no game `{game}`; games: {}", registry.ids().join(", ")))?;
    let dir = std::env::temp_dir().join(format!("sherpa-callgrind-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let db = dir.join("move.db");
    let chat = bench_chat(&db)?;
    let mut d = Driver::new(&chat, kind, "c", 99)?;
    for _ in 0..WARM_UP * 3 {
        d.step()?;
    }
    let (seat, step, rendered) = loop {
        // A board is posted when the seats to act change (not at every turn end: a
        // Peloria player often plays the next nation too), so pick such a step.
        let before = d.g.status();
        let (seat, step, ends) = d.next()?;
        let moves_on = before != d.g.status();
        if ends && moves_on && d.played >= WARM_UP {
            let (_, board) = one_move(&mut d, seat, &step)?;
            break (seat, step, board);
        }
        d.send(seat, &step)?;
    };
    let img = d.g.picture(Viewer::Spectator);
    let row = vec![0x5au8; d.g.snapshot().len()];
    let mut floor = sherpa::store::FloorDb::open(&dir.join("floor.db"))?;
    floor.commit(&row)?; // warm: the first commit creates the WAL
    one_floor(&mut floor, &row, &img)?;
    drop(floor);
    drop(d);
    drop(chat);
    let _ = std::fs::remove_dir_all(&dir);
    Ok(format!(
        "{game}: seat {seat} played `{step}` ({}), then the floor ({} byte row, {}x{} pixels)",
        if rendered {
            "with its board"
        } else {
            "no board was posted"
        },
        row.len(),
        img.width(),
        img.height()
    ))
}

/// One move through the chat (measured alone under callgrind).
#[inline(never)]
pub fn one_move(d: &mut Driver, seat: usize, step: &str) -> anyhow::Result<(Duration, bool)> {
    d.send(seat, step)
}

/// The floor of one move with its board (measured alone under callgrind).
#[inline(never)]
pub fn one_floor(
    db: &mut sherpa::store::FloorDb,
    row: &[u8],
    img: &RgbaImage,
) -> anyhow::Result<()> {
    db.commit(row)?;
    let copy = img.clone();
    let png = sherpa::render::png::encode_fastest(&copy);
    std::hint::black_box(png);
    Ok(())
}

/// A position `steps` random steps into a game of `players` seats (seeded), for size
/// checks. Stops early if the game ends.
#[cfg(test)]
fn position_after(
    kind: &'static dyn sherpa::engine::GameKind,
    players: usize,
    steps: usize,
    seed: u64,
) -> anyhow::Result<Box<dyn sherpa::engine::AnyGame>> {
    let mut g = setup(kind, players, seed)?;
    let mut pick = GameRng::new(seed ^ 0x5eed);
    for _ in 0..steps {
        if random_step(&mut *g, &mut pick)?.is_none() {
            break;
        }
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `sherpa bench --game`: ids or unique beginnings pick games in the registry's order;
    /// none picks all; an unknown or ambiguous name is refused with the games to choose.
    #[test]
    fn bench_game_names_pick_games_and_bad_names_are_refused() {
        let reg = Registry::builtin();
        let ids = |v: Vec<&'static dyn GameKind>| v.iter().map(|k| k.id()).collect::<Vec<_>>();
        assert_eq!(ids(pick_games(reg, &[]).unwrap()), reg.ids());
        let two = ["pel".to_string(), "Nippon".to_string()];
        assert_eq!(ids(pick_games(reg, &two).unwrap()), ["nippon", "peloria"]);
        let e = pick_games(reg, &["chess".to_string()])
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(e.contains("--game chess") && e.contains("nepal"), "{e}");
        let e = pick_games(reg, &["n".to_string()])
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(e.contains("nanga-parbat") && e.contains("nippon"), "{e}");
    }

    /// Boards go to phones on every turn: each game's mid-game board, for every player
    /// count, is at most 150 KB (issue: speed and scale).
    #[test]
    fn mid_game_board_png_is_at_most_150_kb_for_every_game() {
        for kind in Registry::builtin().all() {
            for players in kind.min_players()..=kind.max_players() {
                for seed in [1, 2] {
                    let g = position_after(*kind, players, 60, seed).unwrap();
                    let png = g.render(Viewer::Spectator);
                    assert!(
                        png.len() <= 150 * 1024,
                        "{} with {players} players: board PNG is {} KB",
                        kind.id(),
                        png.len() / 1024
                    );
                }
            }
        }
    }

    /// The typed playout path plays only legal steps: a typed random playout of every game
    /// reaches its end, and replaying the same choices through the notation layer (the
    /// same `pick` seed, the same legal list order) gives the same final state.
    #[test]
    fn typed_playouts_end_every_game_and_match_the_notation_path() {
        for kind in Registry::builtin().all() {
            let players = kind.min_players().max(2).min(kind.max_players());
            let mut typed = setup(*kind, players, 3).unwrap();
            let mut text = setup(*kind, players, 3).unwrap();
            let (mut p1, mut p2) = (GameRng::new(9), GameRng::new(9));
            let mut steps = 0;
            while let Status::Acting(a) = typed.status() {
                let seat = a[p1.below(a.len())];
                assert!(typed.play_random(seat, &mut p1).unwrap().is_some());
                random_step(&mut *text, &mut p2).unwrap().unwrap();
                steps += 1;
                assert!(steps < 100_000, "{}: no end", kind.id());
            }
            assert!(
                matches!(typed.status(), Status::Finished(_)),
                "{}",
                kind.id()
            );
            assert!(typed.same_state(&*text), "{}", kind.id());
        }
    }

    /// Issue "speed and scale": the move that ends a game (final board, timelapse, replay
    /// file) is filed apart, whatever its board flag, and never fills a mid-game list.
    #[test]
    fn a_game_ending_move_is_its_own_figure_never_a_mid_game_sample() {
        let ms = Duration::from_millis;
        let mut m = Moves::default();
        m.keep(2, ms(5), true, false);
        m.keep(2, ms(3000), true, true);
        m.keep(2, ms(6), true, false);
        m.keep(2, ms(7), true, false); // past `samples`: dropped
        m.keep(2, ms(1), false, false);
        m.keep(2, ms(2500), false, true);
        assert_eq!(m.with, vec![ms(5), ms(6)]);
        assert_eq!(m.without, vec![ms(1)]);
        assert_eq!(m.ending, vec![ms(3000), ms(2500)]);
        assert!(!m.full(2));
        m.keep(2, ms(2), false, false);
        assert!(m.full(2));
        let line = ending_line("game-ending move", &stat(m.ending));
        assert!(line.contains("2 samples"), "{line}");
        assert!(ending_line("x", &stat(vec![])).contains("no game ended"));
        assert!(ending_line("x", &stat(vec![ms(900)])).contains("(1 sample: "));
    }
}
