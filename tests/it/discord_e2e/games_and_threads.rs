//! A game's end, the games lists, rematches, games in threads of their own, and stats.

use super::*;

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
