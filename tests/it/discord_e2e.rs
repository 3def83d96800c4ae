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
        .schedules_mut()
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
        .schedules_mut()
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

/// A reminder asked for by DM, to a player whose DMs are closed, comes silently in the
/// game's channel instead of being lost, pinging only that player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_reminder_to_closed_dms_comes_silently_in_the_channel() {
    let (ann, bob, _) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("remind-dm-closed");
    seed_game(&db, &ann, &bob);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let t = fake.slash(
        &bob,
        &["remind"],
        json!([{"name": "setting", "type": 4, "value": REMIND_DM}, {"name": "value", "type": 3, "value": "on"}]),
    );
    assert!(fake.response(&t).await.is_ephemeral());
    fake.close_dms(&bob);
    off_runtime(|| {
        store_at(&db)
            .schedules_mut()
            .on_turn_change(1, std::slice::from_ref(&bob.id), now() - 7200)
            .unwrap()
    });
    let in_channel = format!("/channels/{CHANNEL_ID}/messages");
    let msg = fake
        .wait_for(
            "bob's reminder in the channel",
            Duration::from_secs(20),
            |calls| {
                calls
                    .iter()
                    .find(|c| c.path.ends_with(&in_channel) && c.content().contains(&bob.id))
                    .cloned()
            },
        )
        .await;
    assert_eq!(msg.flags() & SUPPRESS_NOTIFICATIONS, SUPPRESS_NOTIFICATIONS);
    assert_eq!(msg.allowed_users(), vec![bob.id.clone()]);
    assert!(
        msg.content().contains("it is your turn"),
        "{}",
        msg.content()
    );
    assert!(!msg.content().contains("Game channel"), "{}", msg.content());
    let dm_tried = fake
        .calls()
        .iter()
        .any(|c| c.path.ends_with("/users/@me/channels") && c.json["recipient_id"] == bob.id);
    assert!(dm_tried, "the DM was tried first: {:#?}", fake.summary());
    bot.stop().await;
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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_play_through_slash_commands_and_autocomplete() {
    let (fake, bot, _db, commands) = started("game").await;
    let (ann, bob, cy) = users();
    let players = [ann.clone(), bob.clone(), cy.clone()];
    // The game choice: index of a 3-player game among the registered choices.
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
    let choices = new["options"][0]["choices"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let Some(idx) = choices
        .iter()
        .position(|c| c["name"].as_str().unwrap_or("").contains("3-"))
    else {
        panic!("no 3-player game among the choices: {choices:?}");
    };
    // Options autocomplete offers key=value words of the chosen game.
    let opts = fake
        .autocomplete(
            &ann,
            &["game", "new"],
            json!([{"name": "game", "type": 4, "value": idx}, {"name": "options", "type": 3, "value": "", "focused": true}]),
        )
        .await;
    assert!(
        opts.len() <= 25
            && opts
                .iter()
                .all(|c| c["value"].as_str().unwrap_or("").contains('=')),
        "{opts:?}"
    );
    // Rules topics autocomplete for the typed game, and a rules answer.
    let game_id = fake
        .autocomplete(
            &ann,
            &["rules"],
            json!([{"name": "game", "type": 3, "value": "", "focused": true}]),
        )
        .await[0]["value"]
        .as_str()
        .unwrap()
        .to_string();
    let topics = fake
        .autocomplete(
            &ann,
            &["rules"],
            json!([{"name": "game", "type": 3, "value": game_id}, {"name": "topic", "type": 3, "value": "", "focused": true}]),
        )
        .await;
    assert!(
        !topics.is_empty() && topics.len() <= 25,
        "rules topics offered: {topics:?}"
    );
    let t = fake.slash(
        &ann,
        &["rules"],
        json!([{"name": "game", "type": 3, "value": game_id}, {"name": "topic", "type": 3, "value": topics[0]["value"]}]),
    );
    let r = answer(&fake, &t).await;
    assert!(!r[0].content().is_empty());
    let t = fake.slash(
        &ann,
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": idx}]),
    );
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert!(
        !r[0].is_ephemeral(),
        "the new game is announced: {}",
        r[0].content()
    );
    for p in [&bob, &cy] {
        let t = fake.slash(p, &["game", "join"], json!([]));
        let r = answer(&fake, &t).await;
        assert!(!r[0].is_ephemeral(), "{}", r[0].content());
    }
    let t = fake.slash(&ann, &["game", "start"], json!([]));
    let r = answer(&fake, &t).await;
    check_messages(&r);
    let start = r
        .iter()
        .find(|m| !m.is_ephemeral())
        .expect("a public start message");
    assert_eq!(start.pngs().len(), 1, "the board PNG is attached");
    let mut acting = start.allowed_users();
    assert!(
        !acting.is_empty(),
        "someone is pinged to act: {}",
        start.content()
    );

    let mut moves = 0;
    let mut boards = 1;
    'play: for _round in 0..20 {
        let mut next = Vec::new();
        for uid in acting.clone() {
            let p = players
                .iter()
                .find(|p| p.id == uid)
                .expect("only players are pinged");
            let choices = fake
                .autocomplete(
                    p,
                    &["move"],
                    json!([{"name": "steps", "type": 3, "value": "", "focused": true}]),
                )
                .await;
            assert!(choices.len() <= 25);
            assert!(!choices.is_empty(), "an acting player is offered steps");
            let step = choices[0]["value"].as_str().unwrap().to_string();
            let t = fake.slash(
                p,
                &["move"],
                json!([{"name": "steps", "type": 3, "value": step}]),
            );
            let r = answer(&fake, &t).await;
            check_messages(&r);
            let public: Vec<_> = r.iter().filter(|m| !m.is_ephemeral()).collect();
            assert!(
                !public.is_empty() || r.iter().any(|m| m.is_ephemeral()),
                "an answer to /move"
            );
            moves += 1;
            boards += public.iter().map(|m| m.pngs().len()).sum::<usize>();
            if public.iter().any(|m| m.content().contains("game is over")) {
                break 'play;
            }
            for m in &public {
                let u = m.allowed_users();
                if !u.is_empty() {
                    next = u;
                }
            }
        }
        if !next.is_empty() {
            acting = next;
        }
    }
    eprintln!("played {moves} moves, {boards} boards");
    assert!(moves >= 3, "several moves were played: {moves}");
    assert!(boards >= 2, "boards were posted after turns");
    // Status and board answer; history and export too.
    for path in [
        &["game", "status"][..],
        &["board"][..],
        &["game", "history"][..],
        &["game", "export"][..],
    ] {
        let t = fake.slash(&bob, path, json!([]));
        let r = answer(&fake, &t).await;
        check_messages(&r);
        assert!(!r.is_empty(), "{path:?} answered");
    }
    // A stale button (version 0) does nothing but explain.
    let t = fake.press(&cy, "sherpa:0:move end");
    let r = answer(&fake, &t).await;
    assert!(
        r[0].is_ephemeral(),
        "a stale button is explained privately: {}",
        r[0].content()
    );
    // A channel admin (Manage Channels) who is not playing aborts at once, without a vote.
    let dan = FakeUser {
        admin: true,
        ..FakeUser::new(3_000_000_000_000_000_004, "dan")
    };
    let t = fake.slash(&dan, &["game", "abort"], json!([]));
    let r = answer(&fake, &t).await;
    assert!(
        !r[0].is_ephemeral(),
        "the abort is announced: {}",
        r[0].content()
    );
    let t = fake.slash(&bob, &["board"], json!([]));
    let r = answer(&fake, &t).await;
    assert!(r[0].is_ephemeral(), "no game any more: {}", r[0].content());
    bot.stop().await;
}

/// The lobby and game-management commands the long game does not use: `/game leave`,
/// `/undo`, `/game resign` and `/game kick` (a user option, sent resolved like Discord does).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn leave_undo_resign_and_kick_work_through_slash_commands() {
    let (fake, _bot, _db, commands) = started("lifecycle").await;
    let (ann, bob, cy) = users();
    let dee = FakeUser::new(3_000_000_000_000_000_004, "dee");
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
    let choices = new["options"][0]["choices"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let idx = choices
        .iter()
        .position(|c| c["name"].as_str().unwrap_or("").contains("Nepal"))
        .expect("Nepal is offered");
    let say = |user: &FakeUser, path: &[&str], options: Value| fake.slash(user, path, options);
    let t = say(
        &ann,
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": idx}]),
    );
    answer(&fake, &t).await;
    for p in [&bob, &cy, &dee] {
        let t = say(p, &["game", "join"], json!([]));
        answer(&fake, &t).await;
    }
    let t = say(&dee, &["game", "leave"], json!([]));
    let r = answer(&fake, &t).await;
    assert!(r[0].content().contains("left"), "{}", r[0].content());
    let t = say(&ann, &["game", "start"], json!([]));
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert_eq!(
        r.iter()
            .find(|m| !m.is_ephemeral())
            .unwrap()
            .allowed_users(),
        vec![ann.id.clone()]
    );

    let t = say(
        &ann,
        &["move"],
        json!([{"name": "steps", "type": 3, "value": "grow Kathmandu"}]),
    );
    let r = answer(&fake, &t).await;
    assert!(
        r[0].content().contains("grow Kathmandu") && !r[0].is_ephemeral(),
        "{}",
        r[0].content()
    );
    let t = say(&ann, &["undo"], json!([]));
    let r = answer(&fake, &t).await;
    assert!(r[0].content().contains("took back"), "{}", r[0].content());
    let t = say(
        &ann,
        &["move"],
        json!([{"name": "steps", "type": 3, "value": "end"}]),
    );
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert!(
        r.iter().any(|m| m.allowed_users() == vec![bob.id.clone()]),
        "bob is pinged next"
    );

    let t = say(&bob, &["game", "resign"], json!([]));
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert!(r[0].content().contains("resigned"), "{}", r[0].content());

    // With bob out, cy cannot remove ann alone: the game is not waiting for ann (issue 11,
    // point 6). The refusal is private and says why.
    let t = fake.slash_with_users(
        &cy,
        &["game", "kick"],
        json!([{"name": "player", "type": 6, "value": ann.id}]),
        &[&ann],
    );
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert!(
        r[0].is_ephemeral()
            && r[0].content().contains("ann")
            && r[0].content().contains("not waiting for them"),
        "{}",
        r[0].content()
    );
    assert!(r[0].allowed_users().is_empty(), "a refusal pings nobody");
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

/// Issue 11, point 1 (outbox): the bot is killed with SIGKILL at each point between the
/// commit of a step and the delivery of its answer; after a restart the answer has been
/// delivered exactly once (as a channel message when the interaction's answer was lost)
/// and the step is in the log once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outbox_delivers_a_committed_steps_answer_once_after_sigkill() {
    outbox_after_sigkill(false).await;
}

/// The same on PostgreSQL (issue 16: the crash tests run on both backends).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn outbox_delivers_a_committed_steps_answer_once_after_sigkill_on_postgres() {
    outbox_after_sigkill(true).await;
}

async fn outbox_after_sigkill(postgres: bool) {
    let (ann, bob, cy) = users();
    for (point, answered_before_kill) in [("after_commit", 0), ("after_reply:1", 1)] {
        let fake = FakeDiscord::start().await;
        let db = if postgres {
            let url = tokio::task::spawn_blocking(sherpa::store::pg_cluster::test_database)
                .await
                .unwrap();
            PathBuf::from(url)
        } else {
            temp_db(&format!("outbox-{}", point.replace(':', "-")))
        };
        seed_nepal_3(&db, [&ann, &bob, &cy]);
        let proc = BotProcess::start(&fake, &db, point);
        fake.wait_ready(1).await;
        let t = fake.slash(
            &ann,
            &["move"],
            json!([{"name": "steps", "type": 3, "value": "end"}]),
        );
        tokio::task::spawn_blocking({
            let point = point.to_string();
            move || proc.kill_at_crash_point(&point)
        })
        .await
        .unwrap();
        assert_eq!(
            db_count(&db, "SELECT COUNT(*) FROM actions WHERE game_id = 1"),
            1,
            "{point}: the step was committed before the kill"
        );
        // The reminder schedule moved with the step, in its transaction: the game waits
        // for bob, not ann, even though the process died right after the commit.
        assert_eq!(
            db_count(
                &db,
                &format!(
                    "SELECT COUNT(*) FROM reminder_waits WHERE game_id = 1 AND user_id = '{}'",
                    bob.id
                )
            ),
            1,
            "{point}: the game waits for bob after the kill"
        );
        assert_eq!(
            db_count(&db, "SELECT COUNT(*) FROM reminder_waits WHERE game_id = 1"),
            1,
            "{point}: and for nobody else"
        );
        assert_eq!(
            messages_with(&fake, "**ann**: end\n"),
            answered_before_kill,
            "{point}: answers sent before the kill: {:#?}",
            fake.summary()
        );
        assert_eq!(
            db_count(
                &db,
                "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL"
            ),
            1 - answered_before_kill as i64,
            "{point}: what was sent is marked delivered, what was not is waiting"
        );

        let bot = Bot::start(&fake, &db).await;
        fake.wait_ready(2).await;
        let delivered = fake
            .wait_for("the answer to the step", Duration::from_secs(20), |calls| {
                calls
                    .iter()
                    .find(|c| c.method == "POST" && c.content().contains("**ann**: end\n"))
                    .cloned()
            })
            .await;
        if answered_before_kill == 0 {
            assert!(
                delivered
                    .path
                    .ends_with(&format!("/channels/{CHANNEL_ID}/messages")),
                "{point}: delivered as a channel message: {}",
                delivered.path
            );
            assert!(
                delivered.allowed_users().contains(&bob.id),
                "{point}: the next player is pinged: {:?}",
                delivered.json
            );
        } else {
            assert_eq!(delivered.token().as_deref(), Some(t.as_str()));
        }
        // A later command is answered; by then the start-up delivery has run.
        let t2 = fake.slash(&bob, &["board"], json!([]));
        fake.response(&t2).await;
        bot.stop().await;
        assert_eq!(
            messages_with(&fake, "**ann**: end\n"),
            1,
            "{point}: the answer went out exactly once: {:#?}",
            fake.summary()
        );
        assert_eq!(
            db_count(
                &db,
                "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL"
            ),
            0,
            "{point}: nothing is left to deliver at the next start"
        );
        assert_eq!(
            db_count(&db, "SELECT COUNT(*) FROM actions WHERE game_id = 1"),
            1,
            "{point}: the step is in the log once"
        );
    }
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

/// Issue 11, point 4: with Discord unreachable (the gateway refuses every connection, so
/// the shard keeps reconnecting), SIGTERM stops the bot within 5 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_exits_within_5s_while_the_gateway_is_refused() {
    let fake = FakeDiscord::start().await;
    fake.refuse_gateway
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let db = temp_db("sigterm-gateway");
    let proc = BotProcess::start(&fake, &db, "none");
    fake.wait_for("a gateway lookup", Duration::from_secs(20), |calls| {
        calls
            .iter()
            .any(|c| c.path.contains("/gateway"))
            .then_some(())
    })
    .await;
    // Let it fail to connect and back off.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let took = tokio::task::spawn_blocking(move || proc.sigterm_and_time_exit())
        .await
        .unwrap();
    assert!(
        took < Duration::from_secs(5),
        "stopped {took:?} after SIGTERM"
    );
}

/// Issue 11, point 4: a command in flight while Discord stops answering REST calls (its
/// reply cannot be sent): SIGTERM still stops the bot within 5 s, the step committed and
/// its reply kept in the outbox for the next start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_exits_within_5s_with_a_command_in_flight_and_rest_hanging() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("sigterm-rest");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let proc = BotProcess::start(&fake, &db, "none");
    fake.wait_ready(1).await;
    fake.hang_rest
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let _t = fake.slash(
        &ann,
        &["move"],
        json!([{"name": "steps", "type": 3, "value": "end"}]),
    );
    // The step is committed; its answer hangs.
    for _ in 0..200 {
        if db_count(&db, "SELECT COUNT(*) FROM actions WHERE game_id = 1") == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        db_count(&db, "SELECT COUNT(*) FROM actions WHERE game_id = 1"),
        1
    );
    let took = tokio::task::spawn_blocking(move || proc.sigterm_and_time_exit())
        .await
        .unwrap();
    assert!(
        took < Duration::from_secs(5),
        "stopped {took:?} after SIGTERM"
    );
    assert_eq!(
        db_count(
            &db,
            "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL"
        ),
        1,
        "the unsent answer waits in the outbox"
    );
}

/// Issue 11, point 5: malformed or out-of-date interactions (a command or subcommand this
/// version does not have, a missing required option, an option of the wrong type, a
/// choice index out of range, a huge number) all get an ephemeral answer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_interactions_get_an_ephemeral_answer() {
    let (fake, bot, _db, _) = started("malformed").await;
    let (ann, _, _) = users();
    let cases: Vec<(&str, Vec<&str>, Value)> = vec![
        ("unknown command", vec!["frobnicate"], json!([])),
        ("unknown subcommand", vec!["game", "frobnicate"], json!([])),
        ("missing required option", vec!["game", "new"], json!([])),
        (
            "wrong option type",
            vec!["game", "new"],
            json!([{"name": "game", "type": 3, "value": "nepal"}]),
        ),
        (
            "choice out of range",
            vec!["game", "new"],
            json!([{"name": "game", "type": 4, "value": 4_000_000}]),
        ),
        // Discord bounds integer options to ±2^53; the largest is still answered.
        (
            "huge number",
            vec!["game", "new"],
            json!([{"name": "game", "type": 4, "value": 9_007_199_254_740_991i64}]),
        ),
        (
            "negative number",
            vec!["game", "new"],
            json!([{"name": "game", "type": 4, "value": -9_007_199_254_740_991i64}]),
        ),
    ];
    for (what, path, options) in cases {
        let t = fake.slash(&ann, &path, options);
        let r = fake.response(&t).await;
        assert_eq!(r.json["type"], 4, "{what}: a message answer: {:?}", r.json);
        assert!(r.is_ephemeral(), "{what}: answered privately: {:?}", r.json);
        assert!(!r.content().is_empty(), "{what}: says what was wrong");
    }
    bot.stop().await;
}

/// Issue 11, point 7: `/game export` attaches the replay file (a running game's, without
/// the seed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_export_attaches_the_replay_file() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("export");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let t = fake.slash(&bob, &["game", "export"], json!([]));
    let msgs = answer(&fake, &t).await;
    let files: Vec<&(String, Vec<u8>)> = msgs
        .iter()
        .flat_map(|m| m.files.iter())
        .filter(|(_, b)| !b.starts_with(b"\x89PNG"))
        .collect();
    assert_eq!(files.len(), 1, "one replay file: {:#?}", fake.summary());
    let text = String::from_utf8_lossy(&files[0].1);
    assert!(text.contains("nepal"), "{text}");
    assert!(
        !text.contains("\"seed\": 7") && !text.contains("\"seed\":7"),
        "no seed while running: {text}"
    );
    bot.stop().await;
}

/// Issue 11, point 10: `/move` suggestions rank the step that ends the turn first, and a
/// typed chain longer than Discord's 100 characters still gets suggestions for its last
/// step (the earlier steps shortened so the choice fits).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_autocomplete_ranks_end_first_and_fits_long_chains() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("autocomplete-long");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let choices = fake
        .autocomplete(
            &ann,
            &["move"],
            json!([{"name": "steps", "type": 3, "value": "", "focused": true}]),
        )
        .await;
    assert!(!choices.is_empty() && choices.len() <= 25);
    assert_eq!(choices[0]["value"], "end", "{choices:?}");
    let long = format!("grow{}Kathmandu; en", " ".repeat(120));
    let choices = fake
        .autocomplete(
            &ann,
            &["move"],
            json!([{"name": "steps", "type": 3, "value": long, "focused": true}]),
        )
        .await;
    assert_eq!(choices.len(), 1, "{choices:?}");
    let v = choices[0]["value"].as_str().unwrap();
    assert!(v.chars().count() <= 100 && v.ends_with(";end"), "{v}");
    assert!(
        choices[0]["name"].as_str().unwrap().chars().count() <= 100,
        "{choices:?}"
    );
    bot.stop().await;
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

/// Issue 17, timelapse: the move that ends a game posts the final board, an animated GIF
/// of the public board after each turn, and the replay file with the seed (issue 35: the
/// answer holds the final board; the two files follow it as channel messages).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_move_posts_the_final_board_the_timelapse_and_the_replay_file() {
    let (fake, bot, _db, t) = last_nepal_move("timelapse").await;
    let posted = end_files_posted(&fake).await;
    let answer = answer_until(&fake, &t, |_| true).await;
    check_messages(&answer);
    check_messages(&posted);
    assert!(
        answer
            .iter()
            .flat_map(|m| m.files.iter())
            .all(|(n, _)| n == "board.png"),
        "the answer holds the board, not the end files"
    );
    let msgs: Vec<_> = answer.iter().chain(&posted).cloned().collect();
    let files: Vec<&(String, Vec<u8>)> = msgs.iter().flat_map(|m| m.files.iter()).collect();
    let board = files.iter().find(|(n, _)| n == "board.png");
    assert!(
        board.is_some_and(|(_, b)| b.starts_with(b"\x89PNG")),
        "{:#?}",
        fake.summary()
    );
    let (name, gif) = files
        .iter()
        .find(|(n, _)| n.ends_with("-timelapse.gif"))
        .expect("the timelapse is attached");
    assert_eq!(name, "sherpa-nepal-1-timelapse.gif");
    assert!(
        gif.starts_with(b"GIF89a") && gif.len() <= 8_000_000,
        "{}",
        gif.len()
    );
    let (_, replay) = files.iter().find(|(n, _)| n.ends_with(".json")).unwrap();
    let replay = String::from_utf8_lossy(replay);
    assert!(
        replay.contains("\"seed\": 7"),
        "the finished game's replay has the seed"
    );
    // (A deferred answer's "thinking" and its "Done." are private; the rest is public.)
    for m in msgs.iter().filter(|m| !m.files.is_empty()) {
        assert!(!m.is_ephemeral(), "the end is public: {}", m.content());
    }
    assert!(msgs
        .iter()
        .any(|m| m.content().contains("Timelapse of game #1")));
    bot.stop().await;
}

/// Issue 17, status with time: `/game status` says since when the game waits for each
/// acting player and when their deadline falls, as Discord timestamps.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_status_shows_each_wait_and_deadline_as_discord_timestamps() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("status-time");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let since = now() - 3 * 3600;
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute(
            "INSERT INTO reminder_waits (game_id, user_id, since) VALUES (1, ?1, ?2)",
            rusqlite::params![ann.id, since],
        )
        .unwrap();
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let t = fake.slash(&bob, &["game", "status"], json!([]));
    let r = answer(&fake, &t).await;
    let text: String = r.iter().map(|m| m.content() + "\n").collect();
    assert!(
        text.contains(&format!("**ann**: waiting since <t:{since}:R>")),
        "{text}"
    );
    let kick = since + 72 * 3600;
    assert!(
        text.contains(&format!("vote to kick <t:{kick}:R> (<t:{kick}:f>)")),
        "{text}"
    );
    bot.stop().await;
}

/// Issue 17, `/games`: a player's games in this server (privately), the ones waiting for
/// them first, each with a link to its channel, whose turn and since when; `/games
/// scope:all` lists every game in the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_lists_your_games_with_channel_links_and_all_lists_the_servers() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("games");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let other = "1000000000000000042";
    let t0 = now() - 7200;
    let c = rusqlite::Connection::open(&db).unwrap();
    c.execute(
        "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
         VALUES (2, 'discord', ?1, ?2, 'nanga-parbat', '{}', 9, 'running', ?3, ?4, ?4)",
        rusqlite::params![GUILD_ID, other, bob.id, t0],
    )
    .unwrap();
    for (i, p) in [&bob, &ann].iter().enumerate() {
        c.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (2, ?1, ?2, ?3)",
            rusqlite::params![i as i64, p.id, p.name],
        )
        .unwrap();
    }
    for (game, user, since) in [(1, &ann.id, t0 + 60), (2, &bob.id, t0)] {
        c.execute(
            "INSERT INTO reminder_waits (game_id, user_id, since) VALUES (?1, ?2, ?3)",
            rusqlite::params![game, user, since],
        )
        .unwrap();
    }
    drop(c);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;

    let t = fake.slash(&ann, &["games"], json!([]));
    let r = answer(&fake, &t).await;
    assert!(r[0].is_ephemeral(), "{}", r[0].content());
    let text = r[0].content();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Your games in this server (2):", "{text}");
    assert_eq!(
        lines[1],
        format!(
            "- **Nepal** #1 in <#{CHANNEL_ID}>: **your turn** since <t:{}:R>.",
            t0 + 60
        ),
        "{text}"
    );
    assert_eq!(
        lines[2],
        format!("- **Nanga Parbat** #2 in <#{other}>: waiting for **bob** since <t:{t0}:R>."),
        "{text}"
    );
    assert!(r[0].allowed_users().is_empty(), "nobody is pinged");

    // cy plays only in this channel's game; `scope:all` (choice 0) shows both.
    let all = json!([{"name": "scope", "type": 4, "value": 0}]);
    let t = fake.slash(&cy, &["games"], json!([]));
    let text = answer(&fake, &t).await[0].content();
    assert!(text.starts_with("Your games in this server (1):"), "{text}");
    fake.channels
        .lock()
        .unwrap()
        .push((other.to_string(), None));
    let t = fake.slash(&cy, &["games"], all.clone());
    let r = answer(&fake, &t).await;
    assert!(r[0].is_ephemeral());
    let text = r[0].content();
    assert!(text.starts_with("Games in this server (2):"), "{text}");
    assert!(text.contains(&format!("<#{other}>")), "{text}");
    bot.stop().await;
}

/// Issue 17, `/games all` and private channels: another channel's game is listed only to
/// members who may view that channel (Discord's roles and overwrites) or who are seated
/// in it; the channel asked in always counts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_all_lists_a_private_channels_game_only_to_those_who_may_see_it() {
    let (ann, bob, cy) = users();
    let dan = FakeUser::new(3_000_000_000_000_000_004, "dan");
    let eve = FakeUser::new(3_000_000_000_000_000_005, "eve");
    let fake = FakeDiscord::start().await;
    let db = temp_db("games-private");
    seed_nepal_3(&db, [&ann, &bob, &cy]); // in the public channel
    let secret = "1000000000000000077";
    fake.channels
        .lock()
        .unwrap()
        .push((secret.to_string(), Some(vec![dan.id.clone()])));
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let t = fake.slash_in(
        (GUILD_ID, secret),
        &dan,
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": 0}]),
    );
    let r = answer(&fake, &t).await;
    assert!(!r[0].is_ephemeral(), "{}", r[0].content());
    let all = json!([{"name": "scope", "type": 4, "value": 0}]);

    // eve (no seat, no access) asks in the public channel: the secret lobby is hidden.
    let t = fake.slash(&eve, &["games"], all.clone());
    let text = answer(&fake, &t).await[0].content();
    assert!(text.starts_with("Games in this server (1):"), "{text}");
    assert!(!text.contains(secret) && !text.contains("dan"), "{text}");
    // ann is in neither the lobby nor the channel's members: hidden from her as well.
    let t = fake.slash(&ann, &["games"], all.clone());
    let text = answer(&fake, &t).await[0].content();
    assert!(!text.contains(secret), "{text}");
    // Allowed in by an overwrite (and asking from there), dan sees both games.
    let t = fake.slash_in((GUILD_ID, secret), &dan, &["games"], all.clone());
    let text = answer(&fake, &t).await[0].content();
    assert!(text.starts_with("Games in this server (2):"), "{text}");
    assert!(text.contains(&format!("<#{secret}>")), "{text}");
    assert!(text.contains(&format!("<#{CHANNEL_ID}>")), "{text}");
    // Once ann holds a seat in the lobby, she sees it from anywhere.
    let allow = |f: &FakeDiscord, add: Option<&str>| {
        let mut chans = f.channels.lock().unwrap();
        let members = chans[1].1.as_mut().unwrap();
        members.retain(|u| *u == dan.id);
        members.extend(add.map(str::to_string));
    };
    allow(&fake, Some(&ann.id));
    let t = fake.slash_in((GUILD_ID, secret), &ann, &["game", "join"], json!([]));
    answer(&fake, &t).await;
    allow(&fake, None);
    let t = fake.slash(&ann, &["games"], all);
    let text = answer(&fake, &t).await[0].content();
    assert!(text.starts_with("Games in this server (2):"), "{text}");
    assert!(text.contains(&format!("<#{secret}>")), "{text}");
    bot.stop().await;
}

/// Issue 17, rematch: the finished game's Rematch button opens a lobby with the same seats,
/// pinging the other players; once they have joined, the game deals itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rematch_button_opens_a_lobby_that_starts_when_all_are_back() {
    let (ann, bob, cy) = users();
    let (fake, bot, _db, t) = last_nepal_move("rematch").await;
    end_files_posted(&fake).await;
    let msgs = answer_until(&fake, &t, |_| true).await;
    let custom_id = msgs
        .iter()
        .flat_map(|m| {
            m.message()["components"]
                .as_array()
                .cloned()
                .unwrap_or_default()
        })
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .find(|b| b["label"] == "Rematch")
        .and_then(|b| b["custom_id"].as_str().map(str::to_string))
        .expect("a Rematch button under the final board");
    let t = fake.press(&bob, &custom_id);
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert!(!r[0].is_ephemeral(), "{}", r[0].content());
    assert!(
        r[0].content().contains("rematch of game #1"),
        "{}",
        r[0].content()
    );
    let mut pinged = r[0].allowed_users();
    pinged.sort();
    assert_eq!(pinged, [ann.id.clone(), cy.id.clone()]);
    let t = fake.slash(&cy, &["game", "join"], json!([]));
    answer(&fake, &t).await;
    let t = fake.slash(&ann, &["game", "join"], json!([]));
    let r = answer(&fake, &t).await;
    let text: String = r.iter().map(|m| m.content() + "\n").collect();
    assert!(text.contains("begins with ann, bob, cy"), "{text}");
    bot.stop().await;
}

// ---- thread per game (issue #17) ----

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

/// Issue 17, a thread per game: `/game new … thread:True` opens a public thread named after
/// the game and its opener, opens the game there (the lobby message is posted in the
/// thread) and answers in the channel with one line linking to it. The players join, start
/// and move inside the thread; the channel gets nothing else, and `/games` links the thread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_new_with_thread_opens_the_game_in_a_thread_linked_from_the_channel() {
    let (fake, bot, db, commands) = started("thread").await;
    let (ann, bob, cy) = users();
    let players = [&ann, &bob, &cy];
    let nepal = game_choice(&commands, "Nepal");
    let registered = commands.to_string();
    assert!(
        registered.contains("\"name\":\"thread\""),
        "/game new has a thread option"
    );
    let new_token = fake.slash(
        &ann,
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": nepal}, {"name": "thread", "type": 5, "value": true}]),
    );
    let r = answer(&fake, &new_token).await;
    check_messages(&r);
    let threads = fake.threads();
    assert_eq!(threads.len(), 1, "one thread: {threads:?}");
    let (thread, parent, name) = threads[0].clone();
    assert_eq!(parent, CHANNEL_ID);
    assert_eq!(name, "Nepal — ann's table");
    let create = thread_creations(&fake);
    assert_eq!(create.len(), 1);
    assert_eq!(
        create[0].path,
        format!("/api/v10/channels/{CHANNEL_ID}/threads")
    );
    assert_eq!(create[0].json["type"], 11, "a public thread");
    assert_eq!(create[0].json["auto_archive_duration"], 10080);
    // The answer in the channel: one public line linking to the thread.
    assert_eq!(r.len(), 1, "{:?}", fake.summary());
    assert!(!r[0].is_ephemeral());
    assert_eq!(
        r[0].content(),
        format!(
            "**ann** opened a game of **Nepal** in its own thread: <#{thread}>. Join it there with `/game join`."
        )
    );
    // The lobby message is in the thread.
    let lobby = fake.messages_in(&thread);
    assert_eq!(lobby.len(), 1, "{:?}", fake.summary());
    assert!(
        lobby[0]
            .content()
            .contains("**ann** opened a game of **Nepal**")
            && lobby[0].content().contains("`/game join`"),
        "{}",
        lobby[0].content()
    );
    // The game lives in the thread, not in the channel: the channel points to it (#35).
    let status_token = fake.slash(&bob, &["game", "status"], json!([]));
    let r = answer(&fake, &status_token).await;
    assert!(
        r[0].is_ephemeral()
            && r[0]
                .content()
                .contains(&format!("in the thread <#{thread}>")),
        "{}",
        r[0].content()
    );

    // Join, start and move inside the thread.
    let place = (GUILD_ID, thread.as_str());
    for p in [&bob, &cy] {
        let t = fake.slash_in(place, p, &["game", "join"], json!([]));
        let r = answer(&fake, &t).await;
        assert!(!r[0].is_ephemeral(), "{}", r[0].content());
        assert!(r[0].content().contains("joined"), "{}", r[0].content());
    }
    let t = fake.slash_in(place, &ann, &["game", "start"], json!([]));
    let r = answer(&fake, &t).await;
    check_messages(&r);
    let start = r
        .iter()
        .find(|m| !m.is_ephemeral())
        .expect("a public start message");
    assert!(
        start.content().contains("begins with ann, bob, cy"),
        "{}",
        start.content()
    );
    let acting = start.allowed_users();
    let mover = players
        .iter()
        .find(|p| acting.contains(&p.id))
        .expect("a player is pinged to act");
    let choices = fake
        .autocomplete_in(
            place,
            mover,
            &["move"],
            json!([{"name": "steps", "type": 3, "value": "", "focused": true}]),
        )
        .await;
    assert!(!choices.is_empty(), "the acting player is offered steps");
    let step = choices[0]["value"].as_str().unwrap().to_string();
    let t = fake.slash_in(
        place,
        mover,
        &["move"],
        json!([{"name": "steps", "type": 3, "value": step}]),
    );
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert!(
        r.iter().any(|m| !m.is_ephemeral()),
        "the move is announced in the thread"
    );
    assert_eq!(
        db_count(
            &db,
            &format!(
                "SELECT COUNT(*) FROM games WHERE channel = '{thread}' AND status = 'running'"
            )
        ),
        1,
        "the running game's channel is the thread"
    );
    assert_eq!(
        db_count(&db, "SELECT COUNT(*) FROM actions"),
        1,
        "the move is logged"
    );

    // `/games` links the thread like any channel.
    let games_token = fake.slash(&bob, &["games"], json!([]));
    let r = answer(&fake, &games_token).await;
    assert!(r[0].is_ephemeral());
    assert!(
        r[0].content()
            .contains(&format!("- **Nepal** #1 in <#{thread}>:")),
        "{}",
        r[0].content()
    );
    // dan, seated nowhere, sees the game through `/games all`: a public thread of a
    // channel he may view is visible to him.
    let dan = FakeUser::new(3_000_000_000_000_000_004, "dan");
    let all_token = fake.slash(
        &dan,
        &["games"],
        json!([{"name": "scope", "type": 4, "value": 0}]),
    );
    let r = answer(&fake, &all_token).await;
    assert!(
        r[0].content().contains(&format!("<#{thread}>")),
        "{}",
        r[0].content()
    );

    // The channel got the one line and nothing else.
    assert!(
        fake.messages_in(CHANNEL_ID).is_empty(),
        "{:?}",
        fake.summary()
    );
    let public_in_channel: Vec<String> = [&new_token, &status_token, &games_token, &all_token]
        .iter()
        .flat_map(|t| {
            fake.calls()
                .into_iter()
                .filter(move |c| c.token().as_deref() == Some(t.as_str()))
        })
        .filter(|c| !c.is_ephemeral())
        .map(|c| c.content())
        .collect();
    assert_eq!(public_in_channel.len(), 1, "{public_in_channel:?}");
    assert_eq!(fake.threads().len(), 1, "no other thread");
    bot.stop().await;
}

/// Issue 17, a thread per game, refusals: when Discord refuses the thread (a missing
/// permission), the options are bad, the command comes from inside a thread, or the asker
/// is rate-limited (checked before the thread is made, issue 35), the invoker gets an
/// ephemeral error that says why, and no game and no thread are left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_new_with_thread_refusals_leave_no_game_and_no_thread() {
    let (fake, bot, db, commands) = started("thread-refused").await;
    let (ann, _, _) = users();
    let nepal = game_choice(&commands, "Nepal");
    let with_thread = |extra: Option<&str>| {
        let mut o = vec![
            json!({"name": "game", "type": 4, "value": nepal}),
            json!({"name": "thread", "type": 5, "value": true}),
        ];
        if let Some(x) = extra {
            o.insert(1, json!({"name": "options", "type": 3, "value": x}));
        }
        Value::Array(o)
    };
    let games = |db: &Path| db_count(db, "SELECT COUNT(*) FROM games");

    // Discord refuses to create the thread.
    fake.refuse_threads(Some(403));
    let t = fake.slash(&ann, &["game", "new"], with_thread(None));
    let r = answer(&fake, &t).await;
    assert_eq!(r.len(), 1);
    assert!(r[0].is_ephemeral(), "{}", r[0].content());
    assert!(
        r[0].content().contains("403 Missing Permissions")
            && r[0].content().contains("nothing was created"),
        "{}",
        r[0].content()
    );
    fake.refuse_threads(None);
    assert_eq!(thread_creations(&fake).len(), 1, "one attempt");
    assert!(fake.threads().is_empty());
    assert_eq!(games(&db), 0, "no game row");

    // Bad options are refused before any thread is made.
    for (opts, want) in [
        ("boom=maybe", "boom"),
        ("thread=maybe", "`thread` is `true`"),
    ] {
        let t = fake.slash(&ann, &["game", "new"], with_thread(Some(opts)));
        let r = answer(&fake, &t).await;
        assert!(r[0].is_ephemeral(), "{}", r[0].content());
        assert!(r[0].content().contains(want), "{opts}: {}", r[0].content());
    }
    assert_eq!(thread_creations(&fake).len(), 1, "no new attempt");

    // From inside a thread: refused, nothing made.
    let inner = "1000000000000000077";
    fake.add_thread(inner, CHANNEL_ID);
    let t = fake.slash_in((GUILD_ID, inner), &ann, &["game", "new"], with_thread(None));
    let r = answer(&fake, &t).await;
    assert!(r[0].is_ephemeral(), "{}", r[0].content());
    assert!(
        r[0].content().contains("already a thread"),
        "{}",
        r[0].content()
    );
    assert_eq!(thread_creations(&fake).len(), 1, "no new attempt");
    assert_eq!(games(&db), 0);

    // Rate-limited (issue 35): refused before any thread is made, so Discord shows no
    // "started a thread" notice and nothing is deleted.
    let dan = FakeUser::new(3_000_000_000_000_000_004, "dan");
    for _ in 0..sherpa::chat::RATE_LIMIT.0 {
        let t = fake.slash(&dan, &["help"], json!([]));
        fake.response(&t).await;
    }
    let t = fake.slash(&dan, &["game", "new"], with_thread(None));
    let r = answer(&fake, &t).await;
    assert!(r[0].is_ephemeral(), "{}", r[0].content());
    assert!(r[0].content().contains("too fast"), "{}", r[0].content());
    assert_eq!(
        thread_creations(&fake).len(),
        1,
        "no thread was made: {:?}",
        fake.summary()
    );
    let deleted = fake.calls().into_iter().filter(|c| c.method == "DELETE");
    assert_eq!(deleted.count(), 0, "{:?}", fake.summary());
    let threads = fake.threads();
    assert_eq!(
        threads.len(),
        1,
        "only the thread marked above: {threads:?}"
    );
    assert_eq!(threads[0].0, inner);
    assert_eq!(games(&db), 0, "no game row");
    bot.stop().await;
}

// ---- ratings and stats (issue 17) ----

/// Issue 17, ratings: the move that ends a game records each player's place; `/stats
/// game:nepal` then shows the server's table (public, pinging nobody), `/stats
/// game:nepal player:@…` one player's figures, and `/stats` the asker's own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_shows_in_stats_through_slash_commands() {
    let (ann, bob, cy) = users();
    let players = [&ann, &bob, &cy];
    let fake = FakeDiscord::start().await;
    let db = temp_db("stats");
    let (seat, step) = seed_nepal_3_before_the_end(&db, players);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;

    // Before the end: nothing to show.
    let t = fake.slash(
        &ann,
        &["stats"],
        json!([{"name": "game", "type": 3, "value": "nepal"}]),
    );
    let text = answer(&fake, &t).await[0].content();
    assert!(text.contains("No game of **Nepal** has finished"), "{text}");

    let t = fake.slash(
        players[seat],
        &["move"],
        json!([{"name": "steps", "type": 3, "value": step}]),
    );
    end_files_posted(&fake).await;
    answer_until(&fake, &t, |_| true).await;
    // The results, as stored by the final move, and the ratings they give.
    let rows = off_runtime(|| store_at(&db).results().game_results(1).unwrap());
    assert_eq!(rows.len(), 3, "one result per player");
    assert!(rows.iter().any(|r| r.place == 1 && r.won));
    let placings: Vec<sherpa::ratings::Placing> = rows
        .iter()
        .map(|r| sherpa::ratings::Placing {
            user_id: r.user_id.clone(),
            name: r.name.clone(),
            place: r.place,
            won: r.won,
        })
        .collect();
    let rated = sherpa::ratings::rate(&[placings]);

    let t = fake.slash(
        &bob,
        &["stats"],
        json!([{"name": "game", "type": 3, "value": "nepal"}]),
    );
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert!(!r[0].is_ephemeral(), "stats are public: {}", r[0].content());
    assert!(r[0].allowed_users().is_empty(), "stats ping nobody");
    let text = r[0].content();
    assert!(
        text.starts_with("**Nepal** ratings in this server (top 3 of 3 players, 1 finished game"),
        "{text}"
    );
    for (i, p) in rated.iter().enumerate() {
        let line = format!("{}. **{}** — rating {:.1} (μ ", i + 1, p.name, p.rating());
        assert!(text.contains(&line), "{line} in {text}");
    }

    // One player, by user option.
    let t = fake.slash_with_users(
        &bob,
        &["stats"],
        json!([
            {"name": "game", "type": 3, "value": "nepal"},
            {"name": "player", "type": 6, "value": cy.id}
        ]),
        &[&cy],
    );
    let text = answer(&fake, &t).await[0].content();
    let cy_rated = rated.iter().find(|p| p.user_id == cy.id).unwrap();
    let cy_place = rows.iter().find(|r| r.user_id == cy.id).unwrap().place;
    assert!(text.starts_with("**cy** in this server"), "{text}");
    assert!(
        text.contains(&format!(
            "- **Nepal**: rating {:.1} (μ {:.1} ± {:.1}), 1 game, ",
            cy_rated.rating(),
            cy_rated.mu,
            cy_rated.sigma
        )),
        "{text}"
    );
    assert!(
        text.contains(&format!("average place {cy_place}.00")),
        "{text}"
    );

    // The asker's own figures, with no option.
    let t = fake.slash(&ann, &["stats"], json!([]));
    let text = answer(&fake, &t).await[0].content();
    assert!(text.starts_with("**ann** in this server"), "{text}");
    assert!(text.contains("- **Nepal**: rating "), "{text}");
    bot.stop().await;
}

// ---- digest ----

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

/// Issue 17, digest: `/remind setting:digest value:daily HH:MM` is stored per server; once
/// its time has come, ann gets ONE direct message listing both games waiting for her (with
/// channel links and since when) and no per-game reminder, while bob (no digest) still gets
/// his; a restart sends no second digest for the same day.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn digest_sends_one_dm_listing_the_waiting_games_and_none_again_after_a_restart() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("digest");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let other = "1000000000000000042";
    seed_second_game(&db, &ann, &bob, other);

    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let hhmm = utc_hhmm_now();
    let t = fake.slash(
        &ann,
        &["remind"],
        json!([{"name": "setting", "type": 4, "value": REMIND_DIGEST},
               {"name": "value", "type": 3, "value": format!("daily {hhmm}")}]),
    );
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "settings are private: {:?}", r.json);
    assert!(
        r.content().contains(&format!("Daily digest set to {hhmm}")),
        "{}",
        r.content()
    );
    let t = fake.slash(&ann, &["remind"], json!([]));
    let shown = fake.response(&t).await.content();
    assert!(
        shown.contains(&format!("Daily digest in this server: **{hhmm}**")),
        "{shown}"
    );
    bot.stop().await;

    // While the bot is down: the digest was set yesterday (so today's slot, which has just
    // passed, is due), and both games wait for ann; game 2 also waits for bob.
    let (since1, since2) = (now() - 7200, now() - 3600);
    {
        let c = rusqlite::Connection::open(&db).unwrap();
        assert_eq!(
            c.execute(
                "UPDATE digest_prefs SET set_at = set_at - 86400 WHERE user_id = ?1 AND guild = ?2",
                rusqlite::params![ann.id, GUILD_ID],
            )
            .unwrap(),
            1,
            "the digest is stored for ann in this server"
        );
        for (game, user, since) in [
            (1, &ann.id, since1),
            (2, &ann.id, since2),
            (2, &bob.id, since1),
        ] {
            c.execute(
                "INSERT INTO reminder_waits (game_id, user_id, since) VALUES (?1, ?2, ?3)",
                rusqlite::params![game, user, since],
            )
            .unwrap();
        }
    }

    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(2).await;
    let ann_dm = FakeDiscord::dm_channel(&ann);
    let digest = fake
        .wait_for("ann's digest by DM", Duration::from_secs(20), |calls| {
            calls
                .iter()
                .find(|c| {
                    c.method == "POST" && c.path.ends_with(&format!("/channels/{ann_dm}/messages"))
                })
                .cloned()
        })
        .await;
    let text = digest.content();
    assert!(
        text.contains("2 games in this server wait for you"),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1],
        format!("- **Nepal** #1 in <#{CHANNEL_ID}>: **your turn** since <t:{since1}:R>."),
        "the longest wait first: {text}"
    );
    assert!(
        lines[2].starts_with(&format!(
            "- **Nanga Parbat** #2 in <#{other}>: **your turn** since <t:{since2}:R>"
        )),
        "{text}"
    );
    assert_eq!(
        digest.allowed_users(),
        vec![ann.id.clone()],
        "only ann may be pinged"
    );
    // Bob's per-game reminder (claimed in the same check, after the digests) arrives.
    fake.wait_for("bob's reminder", Duration::from_secs(20), |calls| {
        calls
            .iter()
            .find(|c| {
                c.path.ends_with(&format!("/channels/{other}/messages"))
                    && c.content().contains(&bob.id)
            })
            .cloned()
    })
    .await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(
        posts_in(&fake, &ann_dm, "").len(),
        1,
        "one digest: {:#?}",
        fake.summary()
    );
    for ch in [CHANNEL_ID, other] {
        assert!(
            posts_in(&fake, ch, &ann.id).is_empty(),
            "the digest replaces ann's per-game reminders: {:#?}",
            fake.summary()
        );
    }
    bot.stop().await;

    // A restart the same day sends no second digest, also once the first process's claim
    // has expired (only the log of sent digests stands in the way then).
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute("UPDATE digest_claims SET lease_until = 0", [])
        .unwrap();
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(3).await;
    tokio::time::sleep(Duration::from_millis(3500)).await;
    assert_eq!(
        posts_in(&fake, &ann_dm, "").len(),
        1,
        "{:#?}",
        fake.summary()
    );
    assert_eq!(db_count(&db, "SELECT COUNT(*) FROM digest_log"), 1);
    bot.stop().await;
}

/// Issue 17, digest: when ann's direct messages are closed, her digest is ONE silent
/// message (SUPPRESS_NOTIFICATIONS) in the channel of the game waiting longest, pinging
/// only her.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn digest_falls_back_to_one_silent_channel_message_when_dms_are_closed() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("digest-closed");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let since = now() - 7200;
    {
        let mut s = store_at(&db);
        s.schedules_mut()
            .on_turn_change(1, std::slice::from_ref(&ann.id), since)
            .unwrap();
        let m = now().rem_euclid(86_400) / 60;
        s.schedules_mut()
            .set_digest(
                "discord",
                Some(GUILD_ID),
                &ann.id,
                Some(m as u32),
                now() - 86_400,
            )
            .unwrap();
    }
    fake.close_dms(&ann);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let msg = fake
        .wait_for(
            "ann's digest in the channel",
            Duration::from_secs(20),
            |calls| {
                calls
                    .iter()
                    .find(|c| {
                        c.path
                            .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
                            && c.content().contains(&ann.id)
                    })
                    .cloned()
            },
        )
        .await;
    assert!(
        msg.content().contains("your daily digest: 1 game"),
        "{}",
        msg.content()
    );
    assert!(
        msg.content().contains(&format!("<t:{since}:R>")),
        "{}",
        msg.content()
    );
    assert_ne!(
        msg.flags() & SUPPRESS_NOTIFICATIONS,
        0,
        "the fallback is silent"
    );
    assert_eq!(msg.allowed_users(), vec![ann.id.clone()]);
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(
        posts_in(&fake, &FakeDiscord::dm_channel(&ann), "").len(),
        1,
        "one refused DM: {:#?}",
        fake.summary()
    );
    assert_eq!(
        posts_in(&fake, CHANNEL_ID, &ann.id).len(),
        1,
        "one message in all, no per-game reminder: {:#?}",
        fake.summary()
    );
    bot.stop().await;
}

// ---- end files after the last move (issue 35) ----

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

/// Issue 35: the move that ends a game is answered before its timelapse is posted: the
/// interaction's answer (the final board) comes first, the timelapse and the replay file
/// follow in the channel, each once; the answer holds neither.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_last_moves_answer_comes_before_the_timelapse() {
    let (fake, bot, db, t) = last_nepal_move("endfiles-order").await;
    end_files_posted(&fake).await;
    let calls = fake.calls();
    let is_answer = |c: &fake_discord::Call| c.token().as_deref() == Some(t.as_str());
    let first_answer = calls
        .iter()
        .position(|c| is_answer(c) && !c.files.is_empty())
        .expect("the answer carries the final board");
    let timelapse = calls
        .iter()
        .position(|c| c.files.iter().any(|(n, _)| n.ends_with("-timelapse.gif")))
        .expect("the timelapse is posted");
    assert!(
        first_answer < timelapse,
        "the answer (call {first_answer}) before the timelapse (call {timelapse}): {:#?}",
        fake.summary()
    );
    assert!(
        calls
            .iter()
            .filter(|c| is_answer(c))
            .flat_map(|c| c.files.iter())
            .all(|(n, _)| n == "board.png"),
        "the answer holds neither end file"
    );
    // Each end file once, even after the reminder tick has run again.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    for suffix in ["-timelapse.gif", ".json"] {
        let n = fake
            .calls()
            .iter()
            .flat_map(|c| c.files.iter())
            .filter(|(n, _)| n.ends_with(suffix))
            .count();
        assert_eq!(n, 1, "{suffix} posted once");
    }
    assert_eq!(
        db_count(&db, "SELECT COUNT(*) FROM end_files_owed"),
        0,
        "nothing owed any more"
    );
    bot.stop().await;
}

// ---- Discord answers that make sense (issue 35) ----

/// Issue 35, `/remind` from a direct message: the digest's own text prints `/remind
/// setting:digest value:off`, so it works there. From a DM the digest settings apply to
/// every server where the player has one, each named by a channel of their games there;
/// nothing claims a change that was not made, and a first digest or a deadline is pointed
/// to a server's channel.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn remind_from_a_dm_changes_the_servers_digest_and_says_where() {
    let (ann, bob, cy) = users();
    let fake = FakeDiscord::start().await;
    let db = temp_db("remind-dm");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let digest = |v: &str| {
        json!([{"name": "setting", "type": 4, "value": REMIND_DIGEST},
               {"name": "value", "type": 3, "value": v}])
    };
    let digests_of_ann = |guild: Option<&str>| {
        let only = guild.map_or(String::new(), |g| format!(" AND guild = '{g}'"));
        db_count(
            &db,
            &format!(
                "SELECT COUNT(*) FROM digest_prefs WHERE user_id = '{}'{only}",
                ann.id
            ),
        )
    };
    let t = fake.slash(&ann, &["remind"], digest("daily 09:00"));
    fake.response(&t).await;
    assert_eq!(digests_of_ann(Some(GUILD_ID)), 1);

    // Shown from the DM: the server is named by the channel of ann's game there.
    let t = fake.slash_dm(&ann, &["remind"], json!([]));
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "{:?}", r.json);
    let shown = r.content();
    assert!(
        shown.contains(&format!(
            "Daily digest in the server of <#{CHANNEL_ID}>: **09:00**"
        )),
        "{shown}"
    );
    assert!(!shown.contains("this server"), "{shown}");

    // Turned off from the DM: the server's digest is off, and the answer says where.
    let t = fake.slash_dm(&ann, &["remind"], digest("off"));
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "{:?}", r.json);
    let text = r.content();
    assert!(
        text.starts_with(&format!(
            "Daily digest turned off in the server of <#{CHANNEL_ID}>: reminders come one per game again."
        )),
        "{text}"
    );
    assert!(text.contains("Daily digest: off in every server"), "{text}");
    assert_eq!(
        digests_of_ann(None),
        0,
        "off in the server, none made elsewhere"
    );
    let t = fake.slash_dm(&ann, &["remind"], digest("off"));
    let text = fake.response(&t).await.content();
    assert!(
        text.starts_with("You have no daily digest in any server; nothing changed."),
        "{text}"
    );

    // A first digest lists one server's games: set in that server, not from the DM.
    let t = fake.slash_dm(&ann, &["remind"], digest("daily 08:00"));
    let r = fake.response(&t).await;
    assert!(r.is_ephemeral(), "{:?}", r.json);
    let text = r.content();
    assert!(
        text.contains("/remind setting:digest value:daily 09:00")
            && text.contains("in a channel of the server")
            && text.contains("Nothing was changed"),
        "{text}"
    );
    assert_eq!(digests_of_ann(None), 0, "nothing stored");
    // A digest set in the server is moved from the DM, and the answer names the server.
    let t = fake.slash(&ann, &["remind"], digest("daily 09:00"));
    fake.response(&t).await;
    let t = fake.slash_dm(&ann, &["remind"], digest("daily 07:30"));
    let text = fake.response(&t).await.content();
    assert!(
        text.starts_with(&format!(
            "Daily digest moved to 07:30 at UTC+00:00 in the server of <#{CHANNEL_ID}>."
        )),
        "{text}"
    );
    assert_eq!(
        db_count(
            &db,
            &format!(
                "SELECT at_minute FROM digest_prefs WHERE user_id = '{}' AND guild = '{GUILD_ID}'",
                ann.id
            )
        ),
        7 * 60 + 30
    );
    // A deadline is a game's: pointed to the game's channel.
    let deadline = json!([{"name": "setting", "type": 4, "value": 10},
                          {"name": "value", "type": 3, "value": "72h"}]);
    let t = fake.slash_dm(&ann, &["remind"], deadline);
    let text = fake.response(&t).await.content();
    assert!(text.contains("in the game's channel"), "{text}");
    bot.stop().await;
}

/// Issue 35, `/games all` while Discord's server look-ups are slow: the list never claims
/// that no game runs; it says it is incomplete and why, and lists everything once Discord
/// answers again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_all_says_the_list_is_incomplete_when_discord_is_slow() {
    let (ann, bob, cy) = users();
    let eve = FakeUser::new(3_000_000_000_000_000_005, "eve");
    let fake = FakeDiscord::start().await;
    let db = temp_db("games-slow");
    seed_nepal_3(&db, [&ann, &bob, &cy]);
    let other = "1000000000000000042";
    fake.channels
        .lock()
        .unwrap()
        .push((other.to_string(), None));
    let bot = Bot::start(&fake, &db).await;
    fake.wait_ready(1).await;
    let all = json!([{"name": "scope", "type": 4, "value": 0}]);

    fake.slow_guild_lookups
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let t = fake.slash_in((GUILD_ID, other), &eve, &["games"], all.clone());
    let r = answer(&fake, &t).await;
    let text = r.last().unwrap().content();
    assert!(!text.contains("No game is running"), "{text}");
    assert!(
        text.starts_with("No game can be listed yet (the list is incomplete):"),
        "{text}"
    );
    assert!(
        text.contains("games in other channels where you have no seat")
            && text.contains("Try again in a moment"),
        "{text}"
    );
    // ann is seated in the game: it is listed, and the list still says it is incomplete
    // only if something was left out (nothing was).
    let t = fake.slash_in((GUILD_ID, other), &ann, &["games"], all.clone());
    let text = answer(&fake, &t).await.last().unwrap().content();
    assert!(text.starts_with("Games in this server (1):"), "{text}");

    fake.slow_guild_lookups
        .store(false, std::sync::atomic::Ordering::SeqCst);
    let t = fake.slash_in((GUILD_ID, other), &eve, &["games"], all);
    let text = answer(&fake, &t).await.last().unwrap().content();
    assert!(text.starts_with("Games in this server (1):"), "{text}");
    assert!(!text.contains("incomplete"), "{text}");
    bot.stop().await;
}

/// Issue 35, a game in a thread: `/game join`, `/game status` and `/move` in the channel the
/// thread belongs to point to the thread (a link to it and the command to run there)
/// instead of saying there is no game; nothing is done; in the thread they work.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_commands_in_the_channel_of_a_game_thread_point_to_the_thread() {
    let (fake, bot, db, commands) = started("thread-pointer").await;
    let (ann, bob, _) = users();
    let nepal = game_choice(&commands, "Nepal");
    let t = fake.slash(
        &ann,
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": nepal},
               {"name": "thread", "type": 5, "value": true}]),
    );
    answer(&fake, &t).await;
    let threads = fake.threads();
    assert_eq!(threads.len(), 1, "{:?}", fake.summary());
    let thread = threads[0].0.clone();
    let seats = || db_count(&db, "SELECT COUNT(*) FROM seats");
    assert_eq!(seats(), 1);

    for (path, options, command) in [
        (vec!["game", "join"], json!([]), "/game join"),
        (vec!["game", "status"], json!([]), "/game status"),
        (
            vec!["move"],
            json!([{"name": "steps", "type": 3, "value": "end"}]),
            "/move",
        ),
    ] {
        let t = fake.slash(&bob, &path, options);
        let r = answer(&fake, &t).await;
        assert_eq!(r.len(), 1, "{path:?}: {:?}", fake.summary());
        assert!(r[0].is_ephemeral(), "{path:?}: {}", r[0].content());
        let text = r[0].content();
        assert!(!text.contains("no game here"), "{path:?}: {text}");
        assert!(
            text.starts_with(&format!(
                "No game is open in this channel; its game is played in the thread <#{thread}>: run `{command}` there."
            )),
            "{path:?}: {text}"
        );
        assert!(
            text.contains(&format!("- **Nepal** #1 in <#{thread}>: waiting to start")),
            "{path:?}: {text}"
        );
    }
    assert_eq!(seats(), 1, "nothing was done");
    let t = fake.slash_in(
        (GUILD_ID, thread.as_str()),
        &bob,
        &["game", "join"],
        json!([]),
    );
    let r = answer(&fake, &t).await;
    assert!(r[0].content().contains("joined"), "{}", r[0].content());
    assert_eq!(seats(), 2);
    bot.stop().await;
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

/// Issue 36: a game of two Sherpa players is played to its end by the bot alone (found at
/// start-up, then turn after turn on the AI pool): each turn is one public message that
/// pings nobody (no human plays), the steps are in the log, and the end files follow.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_sherpa_players_play_a_game_to_its_end_on_their_own() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("two-sherpas");
    seed_two_sherpas(&db);
    let bot = start_bot_with(&fake, &db, QUICK_AI);
    fake.wait_ready(1).await;
    let posted = end_files_posted(&fake).await;
    assert_eq!(game_status(&db), "finished", "{:#?}", fake.summary());
    let msgs = fake.messages_in(CHANNEL_ID);
    check_messages(&msgs);
    let turns: Vec<_> = msgs
        .iter()
        .filter(|m| m.files.iter().all(|(n, _)| !n.ends_with(".json")))
        .collect();
    assert!(
        turns.len() >= 4,
        "one message per turn: {:#?}",
        fake.summary()
    );
    for m in &msgs {
        assert!(
            m.allowed_users().is_empty(),
            "nobody to ping: {}",
            m.content()
        );
        assert!(!m.is_ephemeral());
    }
    let steps = db_count(&db, "SELECT COUNT(*) FROM actions WHERE game_id = 1");
    assert!(
        steps >= turns.len() as i64,
        "{steps} steps for {} turns",
        turns.len()
    );
    assert!(
        posted
            .iter()
            .flat_map(|m| m.files.iter())
            .any(|(n, _)| n.ends_with("-timelapse.gif")),
        "the end files follow the last turn"
    );
    // The channel looked up before the first turn (a gone channel is left alone), not
    // before each turn: once, or twice when the start-up sweep and the first reminder
    // tick looked at the same moment.
    let lookups = fake
        .calls()
        .iter()
        .filter(|c| c.method == "GET" && c.path.ends_with(&format!("/channels/{CHANNEL_ID}")))
        .count();
    assert!(
        (1..=2).contains(&lookups),
        "{lookups}: {:#?}",
        fake.summary()
    );
    bot.stop().await;
}

/// Issue 36: the game of a deleted channel is left alone: its Sherpa players never act
/// (nothing is committed, nothing is sent there).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sherpa_never_acts_in_a_game_whose_channel_is_gone() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("sherpa-gone");
    seed_two_sherpas(&db);
    fake.delete_channel(CHANNEL_ID);
    let bot = start_bot_with(&fake, &db, QUICK_AI);
    fake.wait_ready(1).await;
    // The start-up sweep and a few reminder ticks (one a second) look, and leave it.
    fake.wait_for("the channel looked up", Duration::from_secs(20), |calls| {
        calls
            .iter()
            .find(|c| c.method == "GET" && c.path.ends_with(&format!("/channels/{CHANNEL_ID}")))
            .map(|_| ())
    })
    .await;
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(db_count(&db, "SELECT COUNT(*) FROM actions"), 0);
    assert!(
        fake.messages_in(CHANNEL_ID).is_empty(),
        "{:#?}",
        fake.summary()
    );
    assert_eq!(game_status(&db), "running");
    bot.stop().await;
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

/// Issue 36: a channel deleted while its Sherpa players play: the turn whose message finds
/// the channel gone is the last one played there; the reminder ticks after it (one a
/// second, each looking for AI turns due) leave the game alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sherpa_stops_for_good_once_a_turns_message_finds_its_channel_gone() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("sherpa-gone-later");
    seed_two_sherpas(&db);
    // Slower turns than the other tests', so that the game is far from its end when the
    // channel goes.
    let bot = start_bot_with(&fake, &db, "[ai]\nthreads = 1\nbudget_ms = 100\n");
    fake.wait_ready(1).await;
    let posts = || fake.messages_in(CHANNEL_ID).len();
    let posted = |calls: &[fake_discord::Call]| channel_posts(calls).len();
    fake.wait_for("Sherpa's first turn", Duration::from_secs(30), |calls| {
        (posted(calls) > 0).then_some(())
    })
    .await;
    fake.delete_channel(CHANNEL_ID);
    let at_deletion = posts();
    // The next turn's message is refused (at most one more was on its way meanwhile).
    fake.wait_for("a message refused", Duration::from_secs(30), |calls| {
        (posted(calls) > at_deletion).then_some(())
    })
    .await;
    tokio::time::sleep(Duration::from_secs(6)).await;
    let after = posts() - at_deletion;
    assert!(
        after <= 2,
        "{after} turns sent to the deleted channel: {:#?}",
        fake.summary()
    );
    assert_eq!(game_status(&db), "running", "the game was left unfinished");
    let steps = db_count(&db, "SELECT COUNT(*) FROM actions");
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(
        db_count(&db, "SELECT COUNT(*) FROM actions"),
        steps,
        "no turn played there any more"
    );
    bot.stop().await;
}

/// Issue 36, `/game ai`: it seats a Sherpa player of the level chosen in the lobby (a full
/// lobby refuses another, privately, changing nothing); once the game runs, each move of
/// the human is answered, then Sherpa's turn follows as one channel message pinging the
/// human, whose turn it is again (the reminder tick is turned off: the answered request
/// alone sets Sherpa thinking).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_ai_seats_a_sherpa_player_whose_turns_follow_each_move() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("game-ai");
    let bot = start_bot_without_ticks(&fake, &db);
    let commands = fake.wait_ready(1).await;
    let (ann, _, _) = users();
    let nanga = game_choice(&commands, "Nanga");
    let t = fake.slash(
        &ann,
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": nanga}]),
    );
    answer(&fake, &t).await;
    // `level` is a choice: poise sends its index (easy, normal, strong).
    let t = fake.slash(
        &ann,
        &["game", "ai"],
        json!([{"name": "level", "type": 4, "value": 2}]),
    );
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert!(
        r[0].content().contains("Sherpa (strong)"),
        "{}",
        r[0].content()
    );
    assert_eq!(
        db_count(
            &db,
            "SELECT COUNT(*) FROM seats WHERE user_id = 'sherpa:ai:strong'"
        ),
        1
    );
    let t = fake.slash(&ann, &["game", "ai"], json!([]));
    let r = answer(&fake, &t).await;
    assert!(
        r[0].is_ephemeral(),
        "a full lobby refuses: {}",
        r[0].content()
    );
    assert_eq!(
        db_count(&db, "SELECT COUNT(*) FROM seats"),
        2,
        "nothing changed"
    );
    let t = fake.slash(&ann, &["game", "start"], json!([]));
    answer(&fake, &t).await;
    let sherpa_turns = || {
        fake.messages_in(CHANNEL_ID)
            .into_iter()
            .filter(|m| m.allowed_users() == vec![ann.id.clone()])
            .collect::<Vec<_>>()
    };
    let mut moves = 0;
    while sherpa_turns().len() < 2 && moves < 30 {
        let before = sherpa_turns().len();
        let choices = fake
            .autocomplete(
                &ann,
                &["move"],
                json!([{"name": "steps", "type": 3, "value": "", "focused": true}]),
            )
            .await;
        if choices.is_empty() {
            // Sherpa acts (first, or still thinking): its message comes.
            fake.wait_for("Sherpa's turn", Duration::from_secs(30), |calls| {
                let turns = channel_posts(calls)
                    .into_iter()
                    .filter(|m| m.allowed_users() == vec![ann.id.clone()])
                    .count();
                (turns > before).then_some(())
            })
            .await;
            continue;
        }
        let step = choices[0]["value"].as_str().unwrap().to_string();
        let t = fake.slash(
            &ann,
            &["move"],
            json!([{"name": "steps", "type": 3, "value": step}]),
        );
        let r = answer(&fake, &t).await;
        check_messages(&r);
        moves += 1;
    }
    let turns = sherpa_turns();
    assert!(turns.len() >= 2, "Sherpa answered: {:#?}", fake.summary());
    check_messages(&turns);
    for m in &turns {
        assert!(!m.is_ephemeral());
        assert!(
            m.content().contains(&format!("<@{}>", ann.id)),
            "{}",
            m.content()
        );
    }
    bot.stop().await;
}

/// Issue 36, the caretaker: when a player's deadline passes (the game's default
/// `absent=caretaker`), the reminder tick hands the seat to Sherpa, which plays that
/// player's turn at once: the channel is told, and the turn's message pings the other
/// player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_caretaker_plays_an_absent_players_turn_after_the_deadline() {
    let fake = FakeDiscord::start().await;
    let db = temp_db("caretaker");
    let bot = start_bot_with(&fake, &db, QUICK_AI);
    let commands = fake.wait_ready(1).await;
    let (ann, bob, _) = users();
    let r = start_nanga_parbat(&fake, &commands, &ann, &bob).await;
    let start = r
        .iter()
        .find(|m| !m.is_ephemeral())
        .expect("the start message");
    let late = start.allowed_users();
    assert_eq!(late.len(), 1, "{}", start.content());
    let (late, other) = if late[0] == ann.id {
        (&ann, &bob)
    } else {
        (&bob, &ann)
    };
    assert_eq!(db_count(&db, "SELECT COUNT(*) FROM actions"), 0);
    // The late player has waited 73 hours: past the 72-hour deadline.
    off_runtime(|| {
        store_at(&db)
            .debug_exec(&format!(
                "UPDATE reminder_waits SET since = since - 73 * 3600 WHERE user_id = '{}'",
                late.id
            ))
            .unwrap()
    });
    let played = fake
        .wait_for("the caretaker's turn", Duration::from_secs(30), |calls| {
            calls
                .iter()
                .filter(|c| {
                    c.method == "POST"
                        && c.path
                            .ends_with(&format!("/channels/{CHANNEL_ID}/messages"))
                })
                .find(|c| {
                    c.content().contains("Sherpa plays for")
                        && c.allowed_users() == vec![other.id.clone()]
                })
                .cloned()
        })
        .await;
    assert!(
        played.content().contains(&late.name),
        "{}",
        played.content()
    );
    check_messages(&fake.messages_in(CHANNEL_ID));
    assert!(
        db_count(&db, "SELECT COUNT(*) FROM actions") >= 1,
        "the turn is in the log"
    );
    bot.stop().await;
}

/// Issue 36, handover: `/game sub player:` by the seated player hands the seat to someone
/// not playing (sent resolved, as Discord does): the channel is told, pinging the new
/// player, who then plays the seat's turn with `/move`; handing it to someone already
/// seated is refused privately, changing nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_sub_hands_a_seat_to_someone_who_then_plays_it() {
    let (fake, bot, db, commands) = started("handover").await;
    let (ann, bob, cy) = users();
    let r = start_nanga_parbat(&fake, &commands, &ann, &bob).await;
    let start = r
        .iter()
        .find(|m| !m.is_ephemeral())
        .expect("the start message");
    let first = start.allowed_users();
    let (mover, other) = if first == vec![ann.id.clone()] {
        (&ann, &bob)
    } else {
        (&bob, &ann)
    };
    let seat_of = |user: &FakeUser| {
        db_count(
            &db,
            &format!("SELECT COUNT(*) FROM seats WHERE user_id = '{}'", user.id),
        )
    };
    // Someone already seated cannot take the seat.
    let t = fake.slash_with_users(
        mover,
        &["game", "sub"],
        json!([{"name": "player", "type": 6, "value": other.id}]),
        &[other],
    );
    let r = answer(&fake, &t).await;
    assert!(r[0].is_ephemeral(), "{}", r[0].content());
    assert_eq!((seat_of(mover), seat_of(&cy)), (1, 0), "nothing changed");
    let t = fake.slash_with_users(
        mover,
        &["game", "sub"],
        json!([{"name": "player", "type": 6, "value": cy.id}]),
        &[&cy],
    );
    let r = answer(&fake, &t).await;
    check_messages(&r);
    let told = r
        .iter()
        .find(|m| !m.is_ephemeral())
        .expect("the channel is told");
    assert!(told.content().contains("handed over"), "{}", told.content());
    assert_eq!(told.allowed_users(), vec![cy.id.clone()]);
    assert_eq!((seat_of(mover), seat_of(&cy)), (0, 1));
    // The new player plays the seat's turn.
    let choices = fake
        .autocomplete(
            &cy,
            &["move"],
            json!([{"name": "steps", "type": 3, "value": "", "focused": true}]),
        )
        .await;
    assert!(!choices.is_empty(), "cy is offered the seat's steps");
    let step = choices[0]["value"].as_str().unwrap().to_string();
    let t = fake.slash(
        &cy,
        &["move"],
        json!([{"name": "steps", "type": 3, "value": step}]),
    );
    let r = answer(&fake, &t).await;
    check_messages(&r);
    assert!(r.iter().any(|m| !m.is_ephemeral()), "cy's move is public");
    assert!(db_count(&db, "SELECT COUNT(*) FROM actions WHERE kind = 'step'") >= 1);
    bot.stop().await;
}

/// Issue 36: `/game sub player:@dee` hands ann's seat over through Discord: the channel is
/// told (pinging dee alone), dee is sent the seat's view by direct message, and the
/// interaction's resolved users name dee; a second `/game sub` to a seated player is a
/// private refusal that pings nobody.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_is_handed_over_through_the_slash_command() {
    let (fake, bot, _db, commands) = started("handover-dm").await;
    let (ann, bob, _cy) = users();
    let dee = FakeUser::new(3_000_000_000_000_000_004, "dee");
    start_nanga_parbat(&fake, &commands, &ann, &bob).await;

    let t = fake.slash_with_users(
        &ann,
        &["game", "sub"],
        json!([{"name": "player", "type": 6, "value": dee.id}]),
        &[&dee],
    );
    let r = answer(&fake, &t).await;
    check_messages(&r);
    let public = r
        .iter()
        .find(|m| !m.is_ephemeral())
        .expect("a public message");
    assert!(
        public.content().contains("Seat 1: **ann** handed over to")
            && public.content().contains(&format!("<@{}>", dee.id)),
        "{}",
        public.content()
    );
    assert_eq!(public.allowed_users(), vec![dee.id.clone()]);
    let dm = FakeDiscord::dm_channel(&dee);
    let sent = fake
        .wait_for("dee's view by DM", Duration::from_secs(20), |calls| {
            calls
                .iter()
                .find(|c| {
                    c.method == "POST"
                        && c.path.ends_with(&format!("/channels/{dm}/messages"))
                        && c.content().contains("You now hold seat 1")
                })
                .cloned()
        })
        .await;
    assert!(sent.content().contains("was ann's"), "{}", sent.content());

    // dee is seated now: handing bob's seat to dee is refused privately, pinging nobody.
    let t = fake.slash_with_users(
        &bob,
        &["game", "sub"],
        json!([{"name": "player", "type": 6, "value": dee.id}]),
        &[&dee],
    );
    let r = answer(&fake, &t).await;
    assert!(
        r[0].is_ephemeral() && r[0].content().contains("dee already plays in this game"),
        "{}",
        r[0].content()
    );
    assert!(r[0].allowed_users().is_empty());
    bot.stop().await;
}

/// Issue 36: `/game sub player:` naming a bot account (Discord marks it so among the
/// interaction's resolved users) is refused privately, saying that a person must take the
/// seat and with which command; nobody is pinged, the seat stays with its holder, no vote
/// is opened and the channel is told nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_sub_to_a_bot_is_refused_privately_and_changes_nothing() {
    let (fake, bot, db, commands) = started("handover-bot").await;
    let (ann, bob, _cy) = users();
    let helper = FakeUser {
        bot: true,
        ..FakeUser::new(3_000_000_000_000_000_005, "helperbot")
    };
    start_nanga_parbat(&fake, &commands, &ann, &bob).await;
    let posted = fake.messages_in(CHANNEL_ID).len();
    let t = fake.slash_with_users(
        &ann,
        &["game", "sub"],
        json!([{"name": "player", "type": 6, "value": helper.id}]),
        &[&helper],
    );
    let r = answer(&fake, &t).await;
    assert_eq!(r.len(), 1, "one answer: {:#?}", fake.summary());
    let refusal = r[0].content();
    assert!(r[0].is_ephemeral(), "{refusal}");
    assert!(
        refusal.contains("helperbot is a bot and cannot take a seat")
            && refusal.contains("/game sub"),
        "{refusal}"
    );
    assert!(r[0].allowed_users().is_empty(), "{refusal}");
    let count = |sql: &str| db_count(&db, sql);
    assert_eq!(
        count(&format!(
            "SELECT COUNT(*) FROM seats WHERE game_id = 1 AND user_id = '{}'",
            ann.id
        )),
        1,
        "ann keeps her seat"
    );
    assert_eq!(
        count(&format!(
            "SELECT COUNT(*) FROM seats WHERE user_id = '{}'",
            helper.id
        )),
        0
    );
    assert_eq!(count("SELECT COUNT(*) FROM seat_handovers"), 0);
    assert_eq!(count("SELECT COUNT(*) FROM votes"), 0);
    assert_eq!(
        fake.messages_in(CHANNEL_ID).len(),
        posted,
        "{:#?}",
        fake.summary()
    );
    bot.stop().await;
}

// ---- issue 50: playing by components, and catching up ----

/// A component of a bot message: a button (custom id, label) or a select menu (custom id,
/// its options' values).
#[derive(Clone, Debug)]
enum Comp {
    Button(String, String),
    Menu(String, Vec<String>),
}

fn comps(c: &fake_discord::Call) -> Vec<Comp> {
    let mut out = Vec::new();
    for row in c.message()["components"].as_array().into_iter().flatten() {
        for i in row["components"].as_array().into_iter().flatten() {
            let id = i["custom_id"].as_str().unwrap_or("").to_string();
            if i["type"] == 2 {
                out.push(Comp::Button(id, i["label"].as_str().unwrap_or("").into()));
            } else {
                let values = i["options"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|o| o["value"].as_str().map(str::to_string))
                    .collect();
                out.push(Comp::Menu(id, values));
            }
        }
    }
    out
}

/// A message only its player sees: ephemeral, or the update of the private message a
/// component was picked on (callback type 7).
fn is_private_answer(c: &fake_discord::Call) -> bool {
    c.is_ephemeral() || (c.path.ends_with("/callback") && c.json["type"] == 7)
}

/// The pick components (steps and menus, custom ids `p:…`) of a message.
fn picks_of(c: &fake_discord::Call) -> Vec<Comp> {
    comps(c)
        .into_iter()
        .filter(|x| match x {
            Comp::Button(id, _) | Comp::Menu(id, _) => id.starts_with("p:"),
        })
        .collect()
}

/// The newest public message carrying a **Move** button: the button's custom id and the
/// users the message pings.
fn latest_move_button(fake: &FakeDiscord) -> Option<(String, Vec<String>)> {
    fake.calls().iter().rev().find_map(|c| {
        if c.is_ephemeral() {
            return None;
        }
        comps(c).into_iter().find_map(|x| match x {
            Comp::Button(id, label) if label == "Move" => Some((id, c.allowed_users())),
            _ => None,
        })
    })
}

/// Use one component as `user` (a button press, or the option `value` of a menu) and wait
/// for the whole answer.
async fn use_comp(
    fake: &FakeDiscord,
    user: &FakeUser,
    comp: &Comp,
    value: &str,
) -> Vec<fake_discord::Call> {
    // A player tapping fast meets the rate limit as a typing one does: wait, tap again.
    for _ in 0..5 {
        let t = match comp {
            Comp::Button(id, _) => fake.press(user, id),
            Comp::Menu(id, _) => fake.select(user, id, value),
        };
        let msgs = answer(fake, &t).await;
        if !msgs
            .iter()
            .any(|m| m.content().contains("sending commands too fast"))
        {
            return msgs;
        }
        tokio::time::sleep(Duration::from_secs(3)).await;
    }
    panic!("still rate limited after waiting");
}

/// A tiny deterministic random walk over the components.
fn next_rand(state: &mut u64) -> usize {
    *state = state
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*state >> 33) as usize
}

/// Play the game of the channel using only components: the pinged player presses the
/// newest **Move** button, then picks buttons and menu options (a menu that narrows leads
/// to the next) until the turn passes; `picks` component uses at most, stopping when the
/// game is over. Every message must keep Discord's limits and no answer may be an error.
/// Returns the number of component uses.
async fn play_by_components(
    fake: &FakeDiscord,
    players: &[&FakeUser],
    picks: usize,
    seed: u64,
) -> usize {
    let mut rng = seed;
    let mut pending: Option<(FakeUser, Vec<Comp>)> = None;
    let mut used = 0;
    while used < picks {
        if fake
            .calls()
            .iter()
            .any(|c| c.content().contains("The game is over"))
        {
            break;
        }
        let (user, options) = match pending.take() {
            Some(p) => p,
            None => {
                let (id, pinged) = latest_move_button(fake).expect("a Move button pings someone");
                // In a simultaneous phase some pinged players may be done already: the
                // first (from a random one on) whose Move opens steps plays.
                let who: Vec<&FakeUser> = players
                    .iter()
                    .copied()
                    .filter(|p| pinged.contains(&p.id))
                    .collect();
                assert!(
                    !who.is_empty(),
                    "the Move message pings a player: {pinged:?}"
                );
                let first = next_rand(&mut rng);
                let mut found = None;
                let mut said = Vec::new();
                for k in 0..who.len() {
                    let user = who[(first + k) % who.len()].clone();
                    let button = Comp::Button(id.clone(), "Move".into());
                    let msgs = use_comp(fake, &user, &button, "").await;
                    said.extend(msgs.iter().map(|m| m.json.to_string()));
                    if let Some(m) = msgs
                        .iter()
                        .find(|m| is_private_answer(m) && !picks_of(m).is_empty())
                    {
                        found = Some((user, picks_of(m)));
                        break;
                    }
                }
                found.unwrap_or_else(|| {
                    panic!("Move opens private steps for one of {pinged:?}: {said:?}")
                })
            }
        };
        // Steps that complete something now and then; menus otherwise.
        let menus: Vec<&Comp> = options
            .iter()
            .filter(|c| matches!(c, Comp::Menu(..)))
            .collect();
        let taps: Vec<&Comp> = options
            .iter()
            .filter(|c| matches!(c, Comp::Button(..)))
            .collect();
        let comp = if !taps.is_empty() && (menus.is_empty() || next_rand(&mut rng) % 4 == 0) {
            taps[next_rand(&mut rng) % taps.len()]
        } else {
            menus[next_rand(&mut rng) % menus.len()]
        };
        let value = match comp {
            Comp::Menu(_, values) => values[next_rand(&mut rng) % values.len()].clone(),
            Comp::Button(..) => String::new(),
        };
        let msgs = use_comp(fake, &user, comp, &value).await;
        used += 1;
        check_messages(&msgs);
        for m in &msgs {
            fake_discord::check_component_limits(m);
            assert!(
                !m.content().contains("nothing was played")
                    && !m.content().contains("earlier moment"),
                "a current pick is never refused: {}",
                m.content()
            );
        }
        pending = msgs
            .iter()
            .find(|m| is_private_answer(m) && !picks_of(m).is_empty())
            .map(|m| (user.clone(), picks_of(m)));
    }
    for c in fake.calls() {
        fake_discord::check_component_limits(&c);
    }
    used
}

/// `ann` opens the game whose name starts with `name`, the others join, `ann` starts it.
async fn start_game(fake: &FakeDiscord, commands: &Value, name: &str, players: &[&FakeUser]) {
    let choice = game_choice(commands, name);
    let t = fake.slash(
        players[0],
        &["game", "new"],
        json!([{"name": "game", "type": 4, "value": choice}]),
    );
    answer(fake, &t).await;
    for p in &players[1..] {
        let t = fake.slash(p, &["game", "join"], json!([]));
        answer(fake, &t).await;
    }
    let t = fake.slash(players[0], &["game", "start"], json!([]));
    answer(fake, &t).await;
}

/// Issue 50: a whole game of Nanga Parbat played from the start to its end by tapping only
/// (no typed step), every request within Discord's limits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nanga_parbat_is_played_to_its_end_by_components_only() {
    let (fake, bot, db, commands) = started("components-nanga").await;
    let (ann, bob, _) = users();
    start_game(&fake, &commands, "Nanga", &[&ann, &bob]).await;
    play_by_components(&fake, &[&ann, &bob], 3000, 7).await;
    assert!(
        fake.calls()
            .iter()
            .any(|c| c.content().contains("The game is over")),
        "the game ended"
    );
    assert_eq!(
        db_count(&db, "SELECT COUNT(*) FROM games WHERE status = 'finished'"),
        1
    );
    assert!(db_count(&db, "SELECT COUNT(*) FROM actions") > 20);
    bot.stop().await;
}

/// Issue 50: the longer games, each played from the start by components only for a few
/// dozen steps (Himalaya's programs and every simultaneous choice privately).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_longer_games_are_played_for_dozens_of_steps_by_components_only() {
    let (fake, bot, db, commands) = started("components-long").await;
    let (ann, bob, cy) = users();
    let dee = FakeUser::new(3_000_000_000_000_000_004, "dee");
    let games: [(&str, Vec<&FakeUser>); 4] = [
        ("Nepal", vec![&ann, &bob, &cy]),
        ("Himalaya", vec![&ann, &bob, &cy]),
        ("Nippon", vec![&ann, &bob, &cy]),
        ("History", vec![&ann, &bob, &cy, &dee]),
    ];
    for (name, players) in games {
        start_game(&fake, &commands, name, &players).await;
        let before = db_count(&db, "SELECT COUNT(*) FROM actions");
        play_by_components(&fake, &players, 60, 11).await;
        let played = db_count(&db, "SELECT COUNT(*) FROM actions") - before;
        assert!(
            played >= 24,
            "{name}: only {played} steps played by components"
        );
        // The next game opens in the same channel: the admin-free way is every player's vote,
        // each after the rate limit's window (a player who just tapped a dozen menus may be
        // over it, and a refused vote would leave the game running).
        tokio::time::sleep(Duration::from_secs(sherpa::chat::RATE_LIMIT.1 as u64)).await;
        for p in &players {
            let t = fake.slash(p, &["game", "abort"], json!([]));
            answer(&fake, &t).await;
        }
        assert_eq!(
            db_count(
                &db,
                "SELECT COUNT(*) FROM games WHERE status IN ('running', 'lobby')"
            ),
            0,
            "{name} was aborted"
        );
    }
    bot.stop().await;
}
