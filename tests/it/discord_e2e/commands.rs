//! Slash commands: registration, help, errors, autocomplete, a game played and its votes,
//! malformed interactions, export and status.

use super::*;

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
