//! End-to-end tests of the Discord front end: the real serenity/poise client against the
//! fake Discord in `tests/it/fake_discord` (loopback only). Every wait is bounded.

use crate::fake_discord;

use fake_discord::{FakeDiscord, FakeUser, CHANNEL_ID, GUILD_ID, SUPPRESS_NOTIFICATIONS};
use serde_json::{json, Value};
use sherpa::config::Config;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

mod commands;
mod components;
mod games_and_threads;
mod process;
mod reminders;
mod sherpa_seats;

/// Index of each `/remind setting:` choice (poise sends choices by index).
const REMIND_DM: u64 = 8;
const REMIND_QUIET: u64 = 6;

struct Bot {
    stop: Option<oneshot::Sender<()>>,
    handle: JoinHandle<anyhow::Result<()>>,
}

impl Bot {
    async fn start(fake: &FakeDiscord, db: &Path) -> Bot {
        let text = format!(
            "token = \"fake-token\"\ndatabase = \"{}\"\napi_base = \"{}\"\nlog_level = \"warn\"\n\
             [reminders]\nfirst_after = \"1m\"\ninterval = \"1h\"\nmax = 3\ncheck_every = \"1s\"\n",
            db.display(),
            fake.api_base()
        );
        let config = Config::from_toml(&text, None, None).expect("test config");
        let (tx, rx) = oneshot::channel::<()>();
        let handle = tokio::spawn(sherpa::discord::run_until(config, async move {
            let _ = rx.await;
        }));
        Bot {
            stop: Some(tx),
            handle,
        }
    }

    /// Graceful shutdown; the bot must stop within a bounded time.
    async fn stop(mut self) {
        let _ = self.stop.take().unwrap().send(());
        let res = tokio::time::timeout(Duration::from_secs(20), self.handle)
            .await
            .expect("the bot stops in time");
        res.expect("bot task").expect("bot ran without error");
    }
}

fn temp_db(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sherpa-e2e-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir.join("sherpa.db")
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

fn users() -> (FakeUser, FakeUser, FakeUser) {
    (
        FakeUser::new(3_000_000_000_000_000_001, "ann"),
        FakeUser::new(3_000_000_000_000_000_002, "bob"),
        FakeUser::new(3_000_000_000_000_000_003, "cy"),
    )
}

async fn started(name: &str) -> (Arc<FakeDiscord>, Bot, PathBuf, Value) {
    let fake = FakeDiscord::start().await;
    let db = temp_db(name);
    let bot = Bot::start(&fake, &db).await;
    let commands = fake.wait_ready(1).await;
    (fake, bot, db, commands)
}

/// A running game with seats for ann and bob, created directly in the database.
fn seed_game(db: &Path, ann: &FakeUser, bob: &FakeUser) {
    let _ = sherpa::store::Store::open(db).unwrap();
    let c = rusqlite::Connection::open(db).unwrap();
    let t = now();
    c.execute(
        "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
         VALUES (1, 'discord', ?1, ?2, 'nepal', '{}', 7, 'running', ?3, ?4, ?4)",
        rusqlite::params![GUILD_ID, CHANNEL_ID, ann.id, t],
    )
    .unwrap();
    c.execute(
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, ?1, 'ann'), (1, 1, ?2, 'bob')",
        rusqlite::params![ann.id, bob.id],
    )
    .unwrap();
}

/// Mentions `<@id>` in a message's text.
fn mentioned(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("<@") {
        rest = &rest[i + 2..];
        let id: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        if !id.is_empty() && !out.contains(&id) {
            out.push(id);
        }
    }
    out
}

/// Every message for `token`, once its interaction has been answered and `n` messages exist.
async fn answer(fake: &FakeDiscord, token: &str) -> Vec<fake_discord::Call> {
    let first = fake.response(token).await;
    // A request slower than `DEFER_AFTER` (a loaded machine) is answered by a private
    // "thinking" callback, then a private "Done." and the replies as follow-ups once the
    // work is done: wait for them, and leave both placeholders out, so that a test sees
    // the same answer either way.
    let deferred = is_deferral(&first);
    if deferred {
        fake.responses(token, 2).await;
    }
    // Follow-ups are sent right after the response; give them a bounded moment to arrive.
    let mut last = 0;
    for _ in 0..20 {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let n = fake
            .calls()
            .iter()
            .filter(|c| c.token().as_deref() == Some(token))
            .count();
        if n == last {
            break;
        }
        last = n;
    }
    let mut calls: Vec<fake_discord::Call> = fake
        .calls()
        .into_iter()
        .filter(|c| c.token().as_deref() == Some(token) && !is_deferral(c))
        .collect();
    if deferred && calls.len() > 1 && calls[0].is_ephemeral() && calls[0].content() == "Done." {
        calls.remove(0);
    }
    calls
}

/// An interaction callback that defers the answer (type 5: "thinking").
fn is_deferral(c: &fake_discord::Call) -> bool {
    c.path.ends_with("/callback") && c.json["type"].as_u64() == Some(5)
}

/// Check the invariants every bot message must keep: pings are exactly the mentions, and a
/// sealed choice shown privately never appears in a public message of the same answer.
fn check_messages(msgs: &[fake_discord::Call]) {
    for m in msgs {
        if !m.is_ephemeral() {
            let mut allowed = m.allowed_users();
            let mut want = mentioned(&m.content());
            allowed.sort();
            want.sort();
            assert_eq!(
                allowed,
                want,
                "allowed mentions are exactly the pinged players: {}",
                m.content()
            );
        }
    }
    for p in msgs.iter().filter(|m| m.is_ephemeral()) {
        if let Some(secret) = p.content().split("hidden from the others): ").nth(1) {
            for m in msgs.iter().filter(|m| !m.is_ephemeral()) {
                assert!(
                    !m.content().contains(secret.trim()),
                    "sealed `{secret}` leaked into public: {}",
                    m.content()
                );
            }
        }
    }
}

/// The config text of a bot talking to `fake`, storing in `db`.
fn config_text(fake: &FakeDiscord, db: &Path) -> String {
    format!(
        "token = \"fake-token\"\ndatabase = \"{}\"\napi_base = \"{}\"\nlog_level = \"warn\"\n\
         [reminders]\nfirst_after = \"1m\"\ninterval = \"1h\"\nmax = 3\ncheck_every = \"1s\"\n",
        db.display(),
        fake.api_base()
    )
}

/// The store at `db`: a SQLite file, or a PostgreSQL URL held in a path.
fn store_at(db: &Path) -> sherpa::store::Store {
    let loc = sherpa::store::DbLocation::parse(db.to_str().unwrap()).unwrap();
    sherpa::store::Store::open_location(&loc).unwrap()
}

/// A running 3-player Nepal game (seed 7) for ann, bob and cy, created in the database
/// (either backend: `db` may hold a PostgreSQL URL).
fn seed_nepal_3(db: &Path, players: [&FakeUser; 3]) {
    off_runtime(|| seed_nepal_3_now(db, players))
}

fn seed_nepal_3_now(db: &Path, players: [&FakeUser; 3]) {
    let mut s = store_at(db);
    let t = now();
    let mut sql = format!(
        "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
         VALUES (1, 'discord', '{GUILD_ID}', '{CHANNEL_ID}', 'nepal', '{{}}', 7, 'running', '{}', {t}, {t});",
        players[0].id
    );
    for (i, p) in players.iter().enumerate() {
        sql.push_str(&format!(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, {i}, '{}', '{}');",
            p.id, p.name
        ));
    }
    s.debug_exec(&sql).unwrap();
}

fn db_count(db: &Path, sql: &str) -> i64 {
    off_runtime(|| store_at(db).debug_query_i64(sql).unwrap())
}

/// Run `f` on a plain thread: the synchronous PostgreSQL client may not block a thread
/// that drives async tasks.
fn off_runtime<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|sc| sc.spawn(f).join().unwrap())
}

/// The bot as a separate process (`sherpa run`) that stops at a crash point (see
/// `SHERPA_TEST_CRASH_AT` in `src/discord/send.rs`); the test kills it there with SIGKILL.
struct BotProcess {
    child: std::process::Child,
    crashed: std::sync::mpsc::Receiver<String>,
}

impl BotProcess {
    fn start(fake: &FakeDiscord, db: &Path, crash_at: &str) -> BotProcess {
        use std::io::BufRead;
        // Beside the database file; for a PostgreSQL URL, in a fresh temporary folder.
        let cfg = if db.to_str().unwrap_or("").starts_with("postgres") {
            temp_db("pg-config").with_file_name("config.toml")
        } else {
            db.with_file_name("config.toml")
        };
        std::fs::write(&cfg, config_text(fake, db)).unwrap();
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_sherpa"))
            .args(["run", "--config"])
            .arg(&cfg)
            .env("SHERPA_TEST_CRASH_AT", crash_at)
            .env_remove("DISCORD_TOKEN")
            .env_remove("SHERPA_DISCORD_API_BASE")
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("start sherpa run");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(p) = line.strip_prefix("SHERPA_CRASH_POINT ") {
                    let _ = tx.send(p.to_string());
                }
            }
        });
        BotProcess { child, crashed: rx }
    }

    /// Wait until the process stopped at its crash point, then SIGKILL it.
    fn kill_at_crash_point(mut self, point: &str) {
        let got = self.crashed.recv_timeout(Duration::from_secs(20));
        self.child.kill().unwrap(); // SIGKILL
        self.child.wait().unwrap();
        assert_eq!(got.as_deref(), Ok(point), "the bot reached the crash point");
    }
}

/// Messages (interaction answers and channel messages) whose text contains `needle`.
fn messages_with(fake: &FakeDiscord, needle: &str) -> usize {
    fake.calls()
        .iter()
        .filter(|c| c.method == "POST" && c.content().contains(needle))
        .count()
}

impl BotProcess {
    /// Send SIGTERM and return how long the process took to exit (bounded: 20 s).
    fn sigterm_and_time_exit(mut self) -> Duration {
        let pid = self.child.id().to_string();
        let t0 = std::time::Instant::now();
        let ok = std::process::Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .unwrap()
            .success();
        assert!(ok, "kill -TERM {pid}");
        loop {
            if self.child.try_wait().unwrap().is_some() {
                return t0.elapsed();
            }
            if t0.elapsed() > Duration::from_secs(20) {
                self.child.kill().unwrap();
                self.child.wait().unwrap();
                return t0.elapsed();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Every message and follow-up for `token`, waiting (bounded) until one satisfies `done`.
async fn answer_until(
    fake: &FakeDiscord,
    token: &str,
    done: impl Fn(&[fake_discord::Call]) -> bool,
) -> Vec<fake_discord::Call> {
    fake.response(token).await;
    for _ in 0..1200 {
        let calls: Vec<fake_discord::Call> = fake
            .calls()
            .into_iter()
            .filter(|c| c.token().as_deref() == Some(token))
            .collect();
        if done(&calls) {
            return calls;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no complete answer within 120 s: {:#?}", fake.summary());
}

/// A random legal Nepal game of ann, bob and cy (seed 7) stored up to one step before its
/// end; returns the seat and text of that last step.
fn seed_nepal_3_before_the_end(db: &Path, players: [&FakeUser; 3]) -> (usize, String) {
    seed_nepal_3(db, players);
    let kind = sherpa::games::Registry::builtin().get("nepal").unwrap();
    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let mut g = kind.setup(&names, &Default::default(), 7).unwrap();
    let mut pick = sherpa::engine::GameRng::new(8);
    let mut steps = Vec::new();
    while let sherpa::engine::Status::Acting(a) = g.status() {
        let seat = a[pick.below(a.len())];
        let legal = g.legal(seat);
        let step = legal[pick.below(legal.len())].notation.clone();
        g.play(seat, &step).unwrap();
        steps.push((seat, step));
    }
    let last = steps.pop().unwrap();
    let c = rusqlite::Connection::open(db).unwrap();
    for (i, (seat, step)) in steps.iter().enumerate() {
        c.execute(
            "INSERT INTO actions (game_id, seq, seat, kind, step, at) VALUES (1, ?1, ?2, 'step', ?3, ?4)",
            rusqlite::params![i as i64 + 1, *seat as i64, step, now()],
        )
        .unwrap();
    }
    last
}

/// The index of the `/game new game:` choice whose name starts with `name`.
/// `ann` opens a Nanga Parbat game, `bob` joins, `ann` starts it: the start's messages.
async fn start_nanga_parbat(
    fake: &FakeDiscord,
    commands: &Value,
    ann: &FakeUser,
    bob: &FakeUser,
) -> Vec<fake_discord::Call> {
    let nanga = game_choice(commands, "Nanga");
    let t = fake.slash(
        ann,
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": nanga}]),
    );
    answer(fake, &t).await;
    let t = fake.slash(bob, &["game", "join"], json!([]));
    answer(fake, &t).await;
    let t = fake.slash(ann, &["game", "start"], json!([]));
    answer(fake, &t).await
}

fn game_choice(commands: &Value, name: &str) -> u64 {
    let game = commands
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "game")
        .unwrap();
    let new = game["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "new")
        .unwrap();
    let choices = new["options"][0]["choices"].as_array().unwrap();
    choices
        .iter()
        .position(|c| c["name"].as_str().unwrap_or("").starts_with(name))
        .unwrap_or_else(|| panic!("no {name} among {choices:?}")) as u64
}

/// Calls that create a thread.
fn thread_creations(fake: &FakeDiscord) -> Vec<fake_discord::Call> {
    fake.calls()
        .into_iter()
        .filter(|c| c.method == "POST" && c.path.ends_with("/threads"))
        .collect()
}

/// Index of the `/remind setting:` choice `digest` (appended after `reset`).
const REMIND_DIGEST: u64 = 12;

/// The current UTC time of day as `HH:MM` (the digest slot that has just passed).
fn utc_hhmm_now() -> String {
    let m = now().rem_euclid(86_400) / 60;
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// A second running game (Nanga Parbat, in channel `other`) for ann and bob.
fn seed_second_game(db: &Path, ann: &FakeUser, bob: &FakeUser, other: &str) {
    let c = rusqlite::Connection::open(db).unwrap();
    let t = now() - 7200;
    c.execute(
        "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
         VALUES (2, 'discord', ?1, ?2, 'nanga-parbat', '{}', 9, 'running', ?3, ?4, ?4)",
        rusqlite::params![GUILD_ID, other, bob.id, t],
    )
    .unwrap();
    for (i, p) in [bob, ann].iter().enumerate() {
        c.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (2, ?1, ?2, ?3)",
            rusqlite::params![i as i64, p.id, p.name],
        )
        .unwrap();
    }
}

/// Messages posted to `channel` whose text contains `needle` (refused ones included).
fn posts_in(fake: &FakeDiscord, channel: &str, needle: &str) -> Vec<fake_discord::Call> {
    fake.calls()
        .into_iter()
        .filter(|c| {
            c.method == "POST"
                && c.path.ends_with(&format!("/channels/{channel}/messages"))
                && c.content().contains(needle)
        })
        .collect()
}

/// A bot on a Nepal game of ann, bob and cy one step before its end (database `name`), and
/// the token of the slash command that plays that step.
async fn last_nepal_move(name: &str) -> (Arc<FakeDiscord>, Bot, PathBuf, String) {
    let (ann, bob, cy) = users();
    let players = [&ann, &bob, &cy];
    let fake = FakeDiscord::start().await;
    let db = temp_db(name);
    let (seat, step) = seed_nepal_3_before_the_end(&db, players);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let t = fake.slash(
        players[seat],
        &["move"],
        json!([{"name": "steps", "type": 3, "value": step}]),
    );
    (fake, bot, db, t)
}

/// The channel messages carrying files, once the replay file of a finished game is among
/// them (the end files follow the answer to the game's last move).
async fn end_files_posted(fake: &FakeDiscord) -> Vec<fake_discord::Call> {
    for _ in 0..1200 {
        let msgs: Vec<fake_discord::Call> = fake
            .messages_in(CHANNEL_ID)
            .into_iter()
            .filter(|m| !m.files.is_empty())
            .collect();
        if msgs
            .iter()
            .flat_map(|m| m.files.iter())
            .any(|(n, _)| n.ends_with(".json"))
        {
            return msgs;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no end files within 120 s: {:#?}", fake.summary());
}

/// A bot with `extra` appended to the usual test config (e.g. an `[ai]` table).
fn start_bot_with(fake: &FakeDiscord, db: &Path, extra: &str) -> Bot {
    start_bot_on(&format!("{}{extra}", config_text(fake, db)))
}

/// A bot on this config text.
fn start_bot_on(text: &str) -> Bot {
    let config = Config::from_toml(text, None, None).expect("test config");
    let (tx, rx) = oneshot::channel::<()>();
    let handle = tokio::spawn(sherpa::discord::run_until(config, async move {
        let _ = rx.await;
    }));
    Bot {
        stop: Some(tx),
        handle,
    }
}

/// Sherpa thinks a few milliseconds a decision in these tests.
const QUICK_AI: &str = "[ai]\nthreads = 1\nbudget_ms = 2\n";

/// A bot whose reminder tick comes once an hour (only at start-up, in a test): Sherpa's
/// turns then follow the requests alone.
fn start_bot_without_ticks(fake: &FakeDiscord, db: &Path) -> Bot {
    let text = format!("{}{QUICK_AI}", config_text(fake, db))
        .replace("check_every = \"1s\"", "check_every = \"1h\"");
    assert!(text.contains("\"1h\""));
    start_bot_on(&text)
}

/// A running Nanga Parbat game (seed 5) in the test channel whose two seats are Sherpa
/// players (`sherpa:ai:normal` and `sherpa:ai:easy`), stored directly: the lobby always
/// keeps a human.
fn seed_two_sherpas(db: &Path) {
    off_runtime(|| {
        let mut s = store_at(db);
        let t = now();
        s.debug_exec(&format!(
            "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
             VALUES (1, 'discord', '{GUILD_ID}', '{CHANNEL_ID}', 'nanga-parbat', '{{}}', 5, 'running', 'sherpa:ai:normal', {t}, {t});
             INSERT INTO seats (game_id, seat, user_id, name) VALUES
               (1, 0, 'sherpa:ai:normal', 'Sherpa (normal)'), (1, 1, 'sherpa:ai:easy', 'Sherpa (easy)');"
        ))
        .unwrap()
    })
}

/// The game's status in the database.
fn game_status(db: &Path) -> String {
    off_runtime(|| {
        let c = rusqlite::Connection::open(db).unwrap();
        c.query_row("SELECT status FROM games WHERE id = 1", [], |r| r.get(0))
            .unwrap()
    })
}

/// The messages posted to the test channel among `calls`: for a wait's predicate, which
/// may not ask the fake itself (it runs under the fake's lock).
fn channel_posts(calls: &[fake_discord::Call]) -> Vec<&fake_discord::Call> {
    let path = format!("/api/v10/channels/{CHANNEL_ID}/messages");
    calls
        .iter()
        .filter(|c| c.method == "POST" && c.path.split('?').next() == Some(path.as_str()))
        .collect()
}
