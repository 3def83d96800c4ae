//! Sherpa's seats, the caretaker and handing a seat over.

use super::*;

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
