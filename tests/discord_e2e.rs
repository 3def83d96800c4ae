//! End-to-end tests of the Discord front end: the real serenity/poise client against the
//! fake Discord in `tests/fake_discord` (loopback only). Every wait is bounded.

mod fake_discord;

use fake_discord::{FakeDiscord, FakeUser, CHANNEL_ID, GUILD_ID, SUPPRESS_NOTIFICATIONS};
use serde_json::{json, Value};
use sherpa::config::Config;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn all_commands_register_with_their_docs_as_descriptions() {
    let (_fake, bot, _db, commands) = started("register").await;
    let names: Vec<&str> = commands
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    for n in ["game", "move", "undo", "board", "rules", "remind", "help"] {
        assert!(names.contains(&n), "{n} registered: {names:?}");
    }
    let game = commands
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "game")
        .unwrap();
    let subs: Vec<&str> = game["options"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    for s in [
        "new", "join", "leave", "start", "status", "history", "resign", "kick", "abort", "export",
    ] {
        assert!(subs.contains(&s), "/game {s} registered: {subs:?}");
    }
    let mv = commands
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == "move")
        .unwrap();
    assert!(mv["description"].as_str().unwrap().contains("move"));
    assert_eq!(
        mv["options"][0]["autocomplete"], true,
        "/move steps autocomplete"
    );
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn help_is_answered_ephemerally() {
    let (fake, bot, _db, _) = started("help").await;
    let (ann, _, _) = users();
    let token = fake.slash(&ann, &["help"], json!([]));
    let r = fake.response(&token).await;
    assert_eq!(r.json["type"], 4);
    assert!(r.is_ephemeral(), "help is private: {:?}", r.json);
    assert!(!r.content().is_empty());
    assert!(r.allowed_users().is_empty(), "help pings nobody");
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn errors_are_ephemeral_and_say_what_to_do() {
    let (fake, bot, _db, _) = started("errors").await;
    let (ann, _, _) = users();
    // A game index that is not one of the choices.
    let t = fake.slash(
        &ann,
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": 999}]),
    );
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "{:?}", r.json);
    assert!(
        r.content().to_lowercase().contains("game"),
        "{}",
        r.content()
    );
    // Rules of an unknown game.
    let t = fake.slash(
        &ann,
        &["rules"],
        json!([{"name": "game", "type": 3, "value": "no-such-game"}]),
    );
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "{:?}", r.json);
    // A bad reminder value explains the accepted form.
    let t = fake.slash(
        &ann,
        &["remind"],
        json!([{"name": "setting", "type": 4, "value": REMIND_QUIET}, {"name": "value", "type": 3, "value": "late"}]),
    );
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral());
    assert!(r.content().contains("HH:MM"), "{}", r.content());
    // A stale or foreign button is answered, never ignored.
    let t = fake.press(&ann, "sherpa:999:game status");
    let r = fake.response(&t).await;
    assert_eq!(r.json["type"], 4);
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_autocomplete_answers_with_at_most_25_choices() {
    let (fake, bot, _db, _) = started("autocomplete").await;
    let (ann, _, _) = users();
    let choices = fake
        .autocomplete(
            &ann,
            &["move"],
            json!([{"name": "steps", "type": 3, "value": "", "focused": true}]),
        )
        .await;
    assert!(choices.len() <= 25);
    let choices = fake
        .autocomplete(
            &ann,
            &["rules"],
            json!([{"name": "game", "type": 3, "value": "", "focused": true}]),
        )
        .await;
    assert!(choices.len() <= 25);
    bot.stop().await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reminders_fire_silently_persist_settings_and_survive_a_restart() {
    let (ann, bob, _) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("reminders");
    seed_game(&db, &ann, &bob);
    // Ann has been waiting two hours: her first reminder is due.
    sherpa::store::Store::open(&db)
        .unwrap()
        .on_turn_change(1, std::slice::from_ref(&ann.id), now() - 7200)
        .unwrap();

    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let ann_reminder = fake
        .wait_for("ann's reminder", Duration::from_secs(20), |calls| {
            calls
                .iter()
                .find(|c| {
                    c.path
                        .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
                        && c.content().contains(&ann.id)
                })
                .cloned()
        })
        .await;
    assert_ne!(
        ann_reminder.flags() & SUPPRESS_NOTIFICATIONS,
        0,
        "channel reminders are silent"
    );
    assert_eq!(
        ann_reminder.allowed_users(),
        vec![ann.id.clone()],
        "only ann may be pinged"
    );
    assert!(
        ann_reminder.content().contains("<t:"),
        "times as Discord timestamps: {}",
        ann_reminder.content()
    );

    // Bob asks for reminders by DM (persisted in SQLite through the slash command).
    let t = fake.slash(
        &bob,
        &["remind"],
        json!([{"name": "setting", "type": 4, "value": REMIND_DM}, {"name": "value", "type": 3, "value": "on"}]),
    );
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "settings are private: {:?}", r.json);
    bot.stop().await;

    // While the bot is down, bob starts waiting (also for two hours).
    sherpa::store::Store::open(&db)
        .unwrap()
        .on_turn_change(1, &[ann.id.clone(), bob.id.clone()], now() - 7200)
        .unwrap();

    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(2).await;
    let dm_channel = format!("9{}", &bob.id[1..]);
    let bob_reminder = fake
        .wait_for("bob's reminder by DM", Duration::from_secs(20), |calls| {
            calls
                .iter()
                .find(|c| {
                    c.path
                        .ends_with(&format!("/channels/{dm_channel}/messages"))
                })
                .cloned()
        })
        .await;
    assert!(bob_reminder.content().contains(&bob.id));
    assert!(fake
        .calls()
        .iter()
        .any(|c| c.path.ends_with("/users/@me/channels") && c.json["recipient_id"] == bob.id));
    // Ann's reminder was recorded as sent before the restart: it is not repeated (it would have
    // been sent in the same check as bob's, before it).
    let ann_count = fake
        .channel_messages()
        .iter()
        .filter(|c| {
            c.path
                .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
                && c.content().contains(&ann.id)
        })
        .count();
    assert_eq!(
        ann_count,
        1,
        "no reminder repeated after a restart: {:#?}",
        fake.summary()
    );
    bot.stop().await;
}
