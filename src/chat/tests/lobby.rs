//! Lobby tests: a new game, joining and leaving, one game per channel, threads, rematches.

use super::*;

#[test]
fn game_new_join_start_pings_the_first_player_with_a_board() {
    let t = chat();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    let r = t.ok("ann", "game start");
    assert_eq!(r[0].visibility, Visibility::Public);
    assert!(r[0].image.is_some(), "the start shows the board");
    assert_eq!(r[0].pings, vec!["id-ann"]);
    // A structured mention: each front end writes it in its own way.
    assert_eq!(r[0].text.mentions(), vec!["id-ann"]);
    assert!(
        !r[0].text.contains("<@"),
        "no Discord markup: {}",
        r[0].text
    );
}

#[test]
fn unknown_game_and_bad_options_say_what_is_accepted() {
    let t = chat();
    assert!(t.err("ann", "game new chess").contains("games: count"));
    assert!(t.err("ann", "game new count goal=7").contains("6"));
    assert!(t.err("ann", "game new count speed=fast").contains("goal"));
    assert!(t.err("ann", "game new count goal").contains("key=value"));
    assert!(
        t.chat
            .lock()
            .store
            .log()
            .active_game("discord", "c1")
            .unwrap()
            .is_none(),
        "nothing was created"
    );
}

#[test]
fn one_game_per_channel() {
    let t = chat();
    t.ok("ann", "game new count");
    assert!(t.err("bob", "game new count").contains("already open"));
}

#[test]
fn lobby_leave_and_kick_renumber_the_seats() {
    let t = chat();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    t.ok("cy", "game join");
    assert!(t.err("bob", "game join").contains("already joined"));
    t.ok("bob", "game leave");
    assert!(
        t.err("cy", "game kick ann").contains("creator"),
        "only the creator or an admin removes players before the start"
    );
    t.ok("ann", "game kick cy");
    t.ok("dee", "game join");
    let seats = t.chat.lock().store.log().seats(1).unwrap();
    let names: Vec<(usize, &str)> = seats.iter().map(|s| (s.seat, s.name.as_str())).collect();
    assert_eq!(names, vec![(0, "ann"), (1, "dee")]);
    t.ok("ann", "game leave");
    t.ok("dee", "game leave");
    assert!(
        t.chat
            .lock()
            .store
            .log()
            .active_game("discord", "c1")
            .unwrap()
            .is_none(),
        "an empty lobby closes"
    );
}

/// Issue 17, rematch: the final message carries a Rematch button; pressed (or `game
/// rematch`) by a player of the finished game it opens a lobby in the same channel with
/// the same game and options and a new seed, pinging the others; only they may join, they
/// keep their seats whatever order they join in, and the game deals itself once all are
/// back.
#[test]
fn rematch_opens_a_lobby_with_the_same_seats_and_deals_once_all_are_back() {
    let seeds = Arc::new(AtomicI64::new(77));
    let s2 = seeds.clone();
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            registry(),
            Env {
                now: Box::new(|| 1_000),
                seed: Box::new(move || s2.fetch_add(1, Ordering::SeqCst) as u64),
                rate_limit: false,
            },
        ),
        clock: Arc::new(AtomicI64::new(1_000)),
    };
    t.ok("ann", "game new count goal=6");
    t.ok("bob", "game join");
    t.ok("ann", "game start");
    let e = t.err("ann", "game rematch");
    assert!(e.contains("game abort"), "a game is open here: {e}");
    let mut last = vec![];
    for i in 0..3 {
        last = t.ok("ann", "move add 2; add 2; end");
        if i < 2 {
            t.ok("bob", "move end");
        }
    }
    let store_game = |id: i64| t.chat.lock().store.log().game(id).unwrap();
    assert_eq!(store_game(1).status, crate::store::GameStatus::Finished);
    let button = last
        .iter()
        .flat_map(|r| r.buttons.iter())
        .find(|b| b.label == "Rematch")
        .expect("a Rematch button under the final message")
        .clone();
    assert_eq!(button.command, "game rematch");
    let press = |user: &str, version: i64| {
        t.chat.handle(&Request {
            expected_version: Some(version),
            visible_channels: None,
            ..req(user, &button.command)
        })
    };
    let r = press("cy", button.version);
    assert!(
        r[0].is_error
            && r[0]
                .text
                .contains("only the last game's players (ann, bob)")
    );
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .is_none());

    let r = press("bob", button.version);
    assert!(!r[0].is_error, "{}", r[0].text);
    assert_eq!(r[0].visibility, Visibility::Public);
    assert_eq!(r[0].pings, ["id-ann"]);
    assert!(r[0].text.contains("rematch of game #1"), "{}", r[0].text);
    let lobby = store_game(2);
    assert_eq!(lobby.status, crate::store::GameStatus::Lobby);
    assert_eq!(
        (lobby.kind.as_str(), lobby.channel.as_str()),
        ("count", "c1")
    );
    assert_eq!(lobby.options, store_game(1).options);
    assert_eq!(lobby.options.get("goal").map(String::as_str), Some("6"));
    assert_ne!(lobby.seed, store_game(1).seed, "a new deal");
    // Issue 35: the Rematch pressed again while its lobby is open joins (or says why not),
    // never a version number.
    let again = press("bob", button.version);
    assert!(
        again[0].is_error && !again[0].text.contains("version"),
        "{}",
        again[0].text
    );
    assert!(t.err("cy", "game join").contains("this is a rematch"));

    let r = press("ann", button.version);
    assert!(
        r.iter().any(|r| r.text.contains("begins with ann, bob")),
        "all are back: it deals itself, in the old seat order: {r:?}"
    );
    let seats = t.chat.lock().store.log().seats(2).unwrap();
    let order: Vec<(&str, usize)> = seats.iter().map(|s| (s.user_id.as_str(), s.seat)).collect();
    assert_eq!(order, [("id-ann", 0), ("id-bob", 1)]);
    assert_eq!(store_game(2).status, crate::store::GameStatus::Running);
    assert!(
        t.err("bob", "move end").contains("ann"),
        "ann, seat 1, acts first"
    );
    // An old Rematch after the rematch began: the same answer as `game join`, no version.
    let late = press("bob", button.version);
    assert!(
        late[0].is_error && late[0].text.contains("already started"),
        "{}",
        late[0].text
    );
}

/// Where there are no threads (the terminal, or any front end that does not take the thread
/// word out first), `game new … thread` is refused with a clear reason and creates nothing;
/// `thread=false` is accepted and is not a game option; a bad value says what is accepted.
#[test]
fn game_new_with_thread_is_refused_where_threads_do_not_exist() {
    let t = chat();
    for text in [
        "game new count thread=true",
        "game new count thread:true",
        "game new count goal=6 thread",
        "game new count THREAD=Yes",
    ] {
        let e = t.err("ann", text);
        assert!(
            e.contains("only on Discord") && e.contains("nothing was created"),
            "{text}: {e}"
        );
        assert!(e.contains("game new <game> [key=value …]"), "{text}: {e}");
    }
    let e = t.err("ann", "game new count thread=maybe");
    assert!(
        e.contains("`thread` is `true`") && e.contains("`false`"),
        "{e}"
    );
    let none = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap();
    assert!(none.is_none(), "nothing was created");
    let r = t.ok("ann", "game new count thread=false goal=6");
    assert!(r[0].text.contains("options: goal=6;"), "{}", r[0].text);
    let g = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap();
    assert!(!g.options.contains_key("thread"), "{:?}", g.options);
}

/// The plan of a `game new` for a thread: checked like the command (a bad game or option
/// is refused and nothing is created), the command without the thread word, the thread's
/// name from the game and the cleaned opener's name, and the linking line.
#[test]
fn plan_new_game_checks_the_command_and_names_the_thread() {
    let t = chat();
    let plan = t
        .chat
        .plan_new_game(&req("ann", "game new co goal=6 thread:true"))
        .unwrap();
    assert_eq!(
        plan,
        NewGamePlan {
            thread: true,
            command: "game new count goal=6".into(),
            thread_name: "Count — ann's table".into(),
            game_name: "Count".into(),
            opener: "ann".into(),
        }
    );
    let plain = t.chat.plan_new_game(&req("ann", "g new count")).unwrap();
    assert!(!plain.thread);
    assert_eq!(plain.command, "game new count");
    // The opener's name is cleaned like a seat's: no mentions or markup in a thread name.
    let odd = t
        .chat
        .plan_new_game(&req("@everyone <#1> **x**", "game new count thread"))
        .unwrap();
    assert_eq!(odd.thread_name, "Count — -everyone --1- --x--'s table");
    assert!(odd.thread_name.chars().count() <= MAX_THREAD_NAME);
    let long = t
        .chat
        .plan_new_game(&req(&"n".repeat(500), "game new count thread"))
        .unwrap();
    assert!(long.thread_name.chars().count() <= MAX_THREAD_NAME);
    for (text, want) in [
        ("game new chess thread", "games: count"),
        ("game new count goal=7 thread", "6"),
        ("game new count goal thread", "key=value"),
        ("game new count thread=maybe", "`thread` is `true`"),
        ("game new", "name a game"),
    ] {
        let e = t.chat.plan_new_game(&req("ann", text)).unwrap_err();
        assert!(e.to_string().contains(want), "{text}: {e}");
    }
    assert_eq!(
        t.chat.plan_new_game(&req("ann", "game join")),
        Err(LobbyError::Core(CoreError::Internal)),
        "only game new has a plan"
    );
    assert!(
        t.chat
            .lock()
            .store
            .log()
            .active_game("discord", "c1")
            .unwrap()
            .is_none(),
        "planning creates nothing"
    );
    let line = plan.link_line("T1");
    assert_eq!(line.visibility, Visibility::Public);
    assert!(line.pings.is_empty());
    assert_eq!(
        line.text.to_string(),
        "**ann** opened a game of **Count** in its own thread: #T1. Join it there with `game join`."
    );
}

/// `thread` is the word for a thread, so no game may have an option of that name.
#[test]
fn no_game_has_an_option_named_thread() {
    for kind in Registry::builtin().all() {
        assert!(
            kind.options()
                .iter()
                .all(|o| !o.key.eq_ignore_ascii_case("thread")),
            "{}",
            kind.id()
        );
    }
}

// Issue 35: `game rematch` where no game was ever played says so (not "the last game has not
// finished"); after an aborted game it says the game did not finish.
#[test]
fn rematch_where_no_game_was_played_or_the_last_was_aborted_says_which() {
    let t = chat();
    let e = t.err("ann", "game rematch");
    assert!(e.contains("no game has been played here yet"), "{e}");
    assert!(!e.contains("has not finished"), "{e}");
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    t.ok("ann", "game start");
    let admin = Request {
        user: User {
            id: "id-ann".into(),
            name: "ann".into(),
            is_channel_admin: true,
        },
        ..req("ann", "game abort")
    };
    assert!(!t.chat.handle(&admin).iter().any(|r| r.is_error));
    let e = t.err("ann", "game rematch");
    assert!(e.contains("did not finish (it was aborted)"), "{e}");
}

/// Issue 35: `game new … thread` checks the asker's rate before its thread is made, and the
/// check counts nothing (the command then run in the thread is the one counted).
#[test]
fn check_new_game_refuses_a_rate_limited_asker_and_counts_nothing() {
    let t = chat();
    for _ in 0..RATE_LIMIT.0 - 1 {
        t.ok("ann", "help");
    }
    let thread = req("ann", "game new count thread");
    for _ in 0..3 {
        let plan = t.chat.check_new_game(&thread).unwrap();
        assert_eq!(plan.command, "game new count");
    }
    t.ok("ann", "help");
    let e = t.chat.check_new_game(&thread).unwrap_err();
    assert!(matches!(e, ChatError::RateLimited { .. }), "{e}");
    assert!(e.to_string().contains("too fast"), "{e}");
    let e = t
        .chat
        .check_new_game(&req("ann", "game new chess thread"))
        .unwrap_err();
    assert!(e.to_string().contains("too fast"), "the rate first: {e}");
    assert!(t
        .chat
        .check_new_game(&req("bob", "game new count thread"))
        .is_ok());
    t.clock.fetch_add(RATE_LIMIT.1, Ordering::SeqCst);
    assert!(t.chat.check_new_game(&thread).is_ok());
    let e = t
        .chat
        .check_new_game(&req("ann", "game new chess thread"))
        .unwrap_err();
    assert!(e.to_string().contains("games: count"), "{e}");
}

/// Issue 35: a command on the channel's game where the channel has none for it, but one of
/// its threads has one, is pointed to the thread (with the command to run there) and does
/// nothing; a channel with a game of its own, a finished game for `game status`, and other
/// commands are left alone.
#[test]
fn game_commands_where_the_game_lives_in_a_thread_point_to_it() {
    let t = chat();
    let in_thread = |user: &str, text: &str| req_in(user, "g", "t1", text);
    t.chat.handle(&in_thread("ann", "game new count"));
    let threads = vec!["t1".to_string(), "t9".to_string()];
    for (text, command) in [
        ("game join", "game join"),
        ("game status", "game status"),
        ("move add 1", "move"),
        ("board", "board"),
    ] {
        let r = req("bob", text);
        assert!(t.chat.wants_a_game_here(&r), "{text}");
        let reply = t.chat.game_in_a_thread(&r, &threads).expect(text);
        assert!(reply.is_error, "nothing was done: {text}");
        assert_eq!(reply.visibility, Visibility::Private("id-bob".into()));
        let s = reply.text.to_string();
        assert!(
            s.starts_with(&format!(
                "No game is open in this channel; its game is played in the thread #t1: run `{command}` there."
            )),
            "{text}: {s}"
        );
        assert!(s.contains("- **Count** #1 in #t1: waiting to start"), "{s}");
    }
    assert!(t
        .chat
        .game_in_a_thread(&req("bob", "game join"), &["t9".into()])
        .is_none());
    assert!(!t.chat.wants_a_game_here(&req("bob", "help")));
    assert!(!t.chat.wants_a_game_here(&req("bob", "game new count")));
    // Two thread games: both listed, the command to run in the one meant.
    t.chat.handle(&req_in("cy", "g", "t9", "game new count"));
    let s = t
        .chat
        .game_in_a_thread(&req("bob", "game join"), &threads)
        .unwrap()
        .text
        .to_string();
    assert!(
        s.starts_with("No game is open in this channel; 2 games are played in its threads: run `game join` in the thread of the one you mean."),
        "{s}"
    );
    assert!(s.contains("#t1") && s.contains("#t9"), "{s}");
    // A game here: the command runs here.
    t.ok("dan", "game new count");
    assert!(!t.chat.wants_a_game_here(&req("bob", "game join")));
    // A finished game here still answers `game status` itself, but `game join` is pointed on.
    let t = T::started(&["ann", "bob"]);
    t.ann_wins_against("bob");
    assert!(!t.chat.wants_a_game_here(&req("ann", "game status")));
    assert!(t.chat.wants_a_game_here(&req("ann", "game join")));
}

/// Issue 35: the join line counts players in words, never a range from a number to itself
/// ("2 of 2–2 players").
#[test]
fn a_join_line_gives_the_player_count_without_a_range_to_itself() {
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            Registry::builtin(),
            Env::fixed(1_000, 77),
        ),
        clock: Arc::new(AtomicI64::new(1_000)),
    };
    t.ok("ann", "game new nanga-parbat");
    let r = t.ok("bob", "game join");
    assert_eq!(
        r[0].text.to_string(),
        "**bob** joined (2 of 2 players: ann, bob)."
    );
    let t = chat();
    t.ok("ann", "game new count");
    let r = t.ok("bob", "game join");
    assert_eq!(
        r[0].text.to_string(),
        "**bob** joined (2 of 2 to 3 players: ann, bob)."
    );
}
