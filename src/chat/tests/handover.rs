//! Handover tests (issue 36): `game sub` and ratings with Sherpa seats.

use super::*;

// A seated player hands their seat on: the new player holds its hidden information (the
// private view, sent at once and on `board private`), its place in the reminder schedule,
// and its result at the end; the log shows the handover and replays the same game.
#[test]
fn a_player_hands_their_seat_over_with_its_view_reminders_and_result() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move draw");
    let secret = {
        let l = t.chat.load_active(&place()).unwrap();
        l.game.unwrap().private_markers(0)[0].clone()
    };
    assert_eq!(t.waiting_users(), ["id-ann"]);
    let r = t.sub("ann", "game sub @dee", &[("dee", false)]);
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    assert_eq!(t.seat_users(), ["id-dee", "id-bob"]);
    let public = &r[0];
    assert_eq!(public.visibility, Visibility::Public);
    assert_eq!(public.pings, ["id-dee"]);
    assert!(
        public
            .text
            .to_string()
            .contains("Seat 1: **ann** handed over to"),
        "{}",
        public.text
    );
    let private = r
        .iter()
        .find(|r| r.visibility == Visibility::Private("id-dee".into()))
        .expect("the new holder is shown the seat's view");
    assert!(private.text.contains(&secret), "{}", private.text);
    assert!(
        r.iter().all(|r| r.outbox.is_some()),
        "written to the outbox"
    );
    // The view follows the seat: dee sees its secret, ann no longer has a private view.
    let mine = t.ok("dee", "board private");
    assert!(mine[0].text.contains(&secret), "{}", mine[0].text);
    assert!(t.err("ann", "board private").contains("not playing"));
    // Reminders: dee is waited for (from the handover on), ann no longer.
    assert_eq!(t.waiting_users(), ["id-dee"]);
    // ann cannot play the seat any more; dee can.
    assert!(t.say("ann", "move end")[0].is_error);
    // The history shows the handover among the steps; the replay is the same game.
    let h = t.ok("bob", "game history").remove(0).text.to_string();
    assert!(
        h.contains("#1 ann: draw\nseat 1: ann handed over to dee"),
        "{h}"
    );
    assert_eq!(t.chat.verify(1), Ok(()));
    // dee plays the seat to a win: the result is dee's, not ann's.
    t.ok("dee", "move add 2; add 2; end");
    for _ in 0..2 {
        t.ok("bob", "move end");
        t.ok("dee", "move add 2; add 2; end");
    }
    let results = t
        .chat
        .lock()
        .store
        .results()
        .results_in("discord", Some("g"), None)
        .unwrap();
    let users: Vec<(&str, u32)> = results
        .iter()
        .map(|r| (r.user_id.as_str(), r.place))
        .collect();
    assert_eq!(users, [("id-dee", 1), ("id-bob", 2)]);
    // The finished game's export records the handover after the first action; imported,
    // it rebuilds and shows it again, and an old file without handovers still imports.
    let file = t.chat.export(1).unwrap();
    assert_eq!(file.players, ["dee", "bob"]);
    assert_eq!(
        file.handovers,
        [crate::chat::replay::ReplayHandover {
            seat: 0,
            after: 1,
            from: "ann".into(),
            to: "dee".into(),
            how: crate::store::HandoverHow::Holder,
        }]
    );
    let json = serde_json::to_string(&file).unwrap();
    let back: ReplayFile = serde_json::from_str(&json).unwrap();
    let other = Place {
        channel: "c9".into(),
        ..place()
    };
    let id = t.chat.import(&back, &other).unwrap();
    assert_eq!(t.chat.verify(id), Ok(()));
    let h = t
        .chat
        .handle(&Request::new(
            other.clone(),
            req("bob", "").user,
            "game history 100",
        ))
        .remove(0)
        .text
        .to_string();
    assert!(h.contains("seat 1: ann handed over to dee"), "{h}");
    let mut old: serde_json::Value = serde_json::from_str(&json).unwrap();
    old.as_object_mut().unwrap().remove("handovers");
    let old: ReplayFile = serde_json::from_value(old).unwrap();
    assert!(old.handovers.is_empty());
    let elsewhere = Place {
        channel: "c10".into(),
        ..place()
    };
    let id = t.chat.import(&old, &elsewhere).unwrap();
    assert_eq!(t.chat.verify(id), Ok(()));
}

// In a lobby, a player hands their own seat on; the creator or an admin hands anyone's.
#[test]
fn a_lobby_seat_can_be_handed_over_before_the_start() {
    let t = chat();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    let r = t.sub("bob", "game sub @cy", &[("cy", false)]);
    assert!(!r[0].is_error, "{r:?}");
    assert!(
        r[0].text.to_string().contains("once the game starts"),
        "{}",
        r[0].text
    );
    assert_eq!(t.seat_users(), ["id-ann", "id-cy"]);
    let v = t.version();
    let text = t.sub("cy", "game sub @ann @dee", &[("dee", false)])[0]
        .text
        .to_string();
    assert!(text.contains("before the start"), "{text}");
    assert_eq!(t.version(), v);
    t.sub("ann", "game sub @cy @dee", &[("dee", false)]);
    assert_eq!(t.seat_users(), ["id-ann", "id-dee"]);
    t.ok("ann", "game start");
    assert_eq!(t.waiting_users(), ["id-ann"]);
}

// Every refusal says what would be accepted and changes nothing (no seat, no vote, no
// version).
#[test]
fn game_sub_refusals_say_what_is_accepted_and_change_nothing() {
    let t = T::started(&["ann", "bob", "cy"]);
    let v = t.version();
    let refused = |user: &str, text: &str, mentioned: &[(&str, bool)], want: &str| {
        // Past the rate limit's window each time (minutes, far from any deadline).
        t.clock.fetch_add(11, Ordering::SeqCst);
        let r = t.sub(user, text, mentioned);
        assert!(r.len() == 1 && r[0].is_error, "`{text}`: {r:?}");
        let s = r[0].text.to_string();
        assert!(s.contains(want), "`{text}`: {s}");
        s
    };
    // To a bot (the platform says so).
    let mut bot = req("ann", "game sub <@555>");
    bot.mentioned = vec![MentionedUser {
        id: "555".into(),
        name: "Botty".into(),
        is_bot: true,
    }];
    let s = t.chat.handle(&bot)[0].text.to_string();
    assert!(
        s.contains("Botty is a bot") && s.contains("game sub @player"),
        "{s}"
    );
    // To someone already seated here, to yourself, by a non-player.
    refused(
        "ann",
        "game sub @bob",
        &[("bob", false)],
        "bob already plays in this game",
    );
    refused(
        "ann",
        "game sub @ann",
        &[("ann", false)],
        "that seat is already yours",
    );
    refused(
        "bob",
        "game sub @ann @ann",
        &[("ann", false)],
        "ann already holds that seat",
    );
    let s = refused(
        "dee",
        "game sub @eve",
        &[("eve", false)],
        "only a player in this game",
    );
    assert!(s.contains("game sub @absent @player"), "{s}");
    // Of a player not absent past the deadline, by a non-admin: not waiting for bob at all,
    // and ann (acting) not yet for long enough.
    refused(
        "ann",
        "game sub @bob @eve",
        &[("eve", false)],
        "not waiting for them",
    );
    let s = refused(
        "bob",
        "game sub @ann @eve",
        &[("eve", false)],
        "cannot be handed over by vote yet",
    );
    assert!(
        s.contains("a channel admin can hand it over at once"),
        "{s}"
    );
    // Malformed mentions and wrong word counts.
    for text in [
        "game sub <@abc>",
        "game sub <@12",
        "game sub @",
        "game sub a*b",
    ] {
        refused("ann", text, &[], "is not a player I can seat");
    }
    refused("ann", "game sub", &[], "is not a handover");
    refused("ann", "game sub @a @b @c", &[], "is not a handover");
    // A name the platform did not resolve as a mention (Discord needs one).
    refused("ann", "game sub @zed", &[], "is not a player I can seat");
    // No game here.
    let mut elsewhere = req_mentioning("ann", "game sub @dee", &[("dee", false)]);
    elsewhere.place.channel = "c2".into();
    let r = t.chat.handle(&elsewhere);
    assert!(
        r[0].is_error && r[0].text.to_string().contains("game new"),
        "{:?}",
        r[0].text
    );
    assert_eq!(t.version(), v, "refusals change nothing");
    assert_eq!(t.seat_users(), ["id-ann", "id-bob", "id-cy"]);
    assert!(t.chat.lock().store.log().motions(1).unwrap().is_empty());
    assert!(t.chat.lock().store.log().handovers(1).unwrap().is_empty());
}

// For a player absent past the deadline: every other player votes (a motion per seat and
// new player), or a channel admin hands the seat over at once.
#[test]
fn an_absent_players_seat_is_handed_over_by_vote_or_by_an_admin() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.clock
        .fetch_add(crate::chat::votes::DEFAULT_KICK_AFTER + 1, Ordering::SeqCst);
    let v = t.version();
    let r = t.sub("bob", "game sub @ann @dee", &[("dee", false)]);
    assert!(!r[0].is_error, "{r:?}");
    let s = r[0].text.to_string();
    assert!(
        s.contains("votes to hand **ann**'s seat to **dee**") && s.contains("cy"),
        "{s}"
    );
    assert_eq!(r[0].pings, ["id-cy"]);
    assert_eq!(t.version(), v, "a vote alone changes no seat");
    // A vote for another new player is another motion.
    t.sub("cy", "game sub @ann @eve", &[("eve", false)]);
    assert_eq!(t.seat_users()[0], "id-ann");
    let again = t.sub("bob", "game sub @ann @dee", &[("dee", false)]);
    assert!(again[0].is_error && again[0].text.to_string().contains("already in"));
    t.sub("cy", "game sub @ann @dee", &[("dee", false)]);
    assert_eq!(t.seat_users(), ["id-dee", "id-bob", "id-cy"]);
    assert!(
        t.chat.lock().store.log().motions(1).unwrap().is_empty(),
        "the seat's votes are cleared"
    );
    assert_eq!(t.waiting_users(), ["id-dee"], "dee waits afresh");
    let h = t.ok("bob", "game history").remove(0).text.to_string();
    assert!(
        h.contains("seat 1: ann handed over to dee (by the other players' vote)"),
        "{h}"
    );

    // A channel admin needs neither votes nor the deadline.
    let t = T::started(&["ann", "bob"]);
    let mut r = req_mentioning("eve", "game sub @bob @dee", &[("dee", false)]);
    r.user.is_channel_admin = true;
    assert!(!t.chat.handle(&r)[0].is_error);
    assert_eq!(t.seat_users(), ["id-ann", "id-dee"]);
}

// `game status` lists each open vote in words, as the vote was announced (whose seat goes
// to whom, who would be removed, an abort), never a motion's stored form; a second vote
// on a handover whose mention resolved to another name is the same vote.
#[test]
fn game_status_lists_open_votes_in_words() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.clock
        .fetch_add(crate::chat::votes::DEFAULT_KICK_AFTER + 1, Ordering::SeqCst);
    // `game sub @ann <@4>` by `user`, the platform resolving user 4's name as `name`.
    let sub_to_4 = |user: &str, name: &str| {
        let mut r = req(user, "game sub @ann <@4>");
        r.mentioned = vec![MentionedUser {
            id: "4".into(),
            name: name.into(),
            is_bot: false,
        }];
        t.chat.handle(&r)
    };
    assert!(!sub_to_4("bob", "dee")[0].is_error);
    t.ok("bob", "game kick ann");
    t.ok("cy", "game abort");
    let s = t.ok("cy", "game status")[0].text.to_string();
    let votes = s
        .lines()
        .find(|l| l.starts_with("Open votes: "))
        .unwrap_or_else(|| panic!("{s}"));
    for want in [
        "hand **ann**'s seat to **dee**",
        "remove **ann** from the game",
        "abort the game",
    ] {
        assert!(votes.contains(want), "{want}: {votes}");
    }
    assert!(
        !votes.contains("sub:") && !votes.contains("kick:") && !votes.contains(":4"),
        "{votes}"
    );
    // The repeated vote names the handover the same way.
    let again = sub_to_4("bob", "dee")[0].text.to_string();
    assert!(
        again.contains("your vote to hand **ann**'s seat to **dee** is already in"),
        "{again}"
    );
    // cy's mention of user 4 resolved to another name: still the same vote, which passes.
    let r = sub_to_4("cy", "Dee the Second");
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    assert_eq!(t.seat_users(), ["4", "id-bob", "id-cy"]);
    // The vote to kick ann does not pass to the seat's new holder; the abort vote stays.
    let s = t.ok("cy", "game status")[0].text.to_string();
    let votes = s
        .lines()
        .find(|l| l.starts_with("Open votes: "))
        .unwrap_or_else(|| panic!("{s}"));
    assert!(votes.contains("abort the game"), "{votes}");
    assert!(!votes.contains("remove"), "{votes}");
}

/// A started Count game at `place()` whose seats are `users` (user id, name): a Sherpa seat
/// is one whose user id is `sherpa:ai:<level>` (issue 36, contract 4).
fn started_with_seats(users: &[(&str, &str)]) -> T {
    let t = chat();
    t.ok("ann", "game new count");
    let seats: Vec<SeatRow> = users
        .iter()
        .enumerate()
        .map(|(seat, (id, name))| SeatRow {
            seat,
            user_id: id.to_string(),
            name: name.to_string(),
            resigned: false,
        })
        .collect();
    let v = t.version();
    t.chat
        .lock()
        .store
        .log_mut()
        .set_seats(1, v, &seats, None, 1_000)
        .unwrap();
    t.ok("ann", "game start");
    t
}

/// `text` sent as the user `id`.
fn as_user(t: &T, id: &str, text: &str) -> Vec<Reply> {
    let mut r = req("x", text);
    r.user.id = id.into();
    t.chat.handle(&r)
}

// A Sherpa seat's consent is automatic: the vote to hand an absent player's seat on needs
// only the other humans; and a Sherpa seat can be handed to a person by their vote.
#[test]
fn sherpa_seats_agree_to_a_handover_automatically() {
    let t = started_with_seats(&[
        ("id-ann", "ann"),
        ("sherpa:ai:normal", "Sherpa (normal)"),
        ("id-bob", "bob"),
    ]);
    t.clock
        .fetch_add(crate::chat::votes::DEFAULT_KICK_AFTER + 1, Ordering::SeqCst);
    t.sub("bob", "game sub @ann @dee", &[("dee", false)]);
    assert_eq!(t.seat_users()[0], "id-dee", "bob's vote was enough");
    // A person takes the Sherpa seat over by the humans' vote (dee and bob), no clock.
    t.sub("dee", "game sub @sherpa @eve", &[("eve", false)]);
    assert_eq!(t.seat_users()[1], "sherpa:ai:normal");
    t.sub("bob", "game sub @sherpa @eve", &[("eve", false)]);
    assert_eq!(t.seat_users(), ["id-dee", "id-eve", "id-bob"]);
}

// Ratings: each Sherpa level is a rated player of its own; two seats of one level in one
// game count once, by the better place; a human's rating counts games with Sherpa seats.
#[test]
fn each_sherpa_level_is_rated_once_per_game_and_humans_count_those_games() {
    let t = started_with_seats(&[
        ("id-ann", "ann"),
        ("sherpa:ai:normal", "Sherpa (normal)"),
        ("sherpa:ai:normal#2", "Sherpa (normal) 2"),
    ]);
    // ann and the first Sherpa seat pass; the second Sherpa seat wins.
    for i in 0..3 {
        t.ok("ann", "move end");
        assert!(!as_user(&t, "sherpa:ai:normal", "move end")[0].is_error);
        let r = as_user(&t, "sherpa:ai:normal#2", "move add 2; add 2; end");
        assert!(!r.iter().any(|r| r.is_error), "{i}: {r:?}");
    }
    let top = t.ok("ann", "stats count").remove(0).text.to_string();
    assert!(top.contains("of 2 players, 1 finished game"), "{top}");
    assert_eq!(top.matches("Sherpa (normal)").count(), 1, "{top}");
    assert!(top.contains("1. **Sherpa (normal)** —"), "{top}");
    let one = t
        .ok("ann", "stats count Sherpa (normal)")
        .remove(0)
        .text
        .to_string();
    assert!(
        one.contains("**Sherpa (normal)** in this server")
            && one.contains("1 game, 1 win, average place 1.00"),
        "{one}"
    );
    let ann = t.ok("ann", "stats").remove(0).text.to_string();
    assert!(ann.contains("1 game, 0 wins, average place 2.00"), "{ann}");
}

/// The (user id, name) of each seat of game `id`, in seat order.
fn seats_of(t: &T, id: i64) -> Vec<(String, String)> {
    let inner = t.chat.lock();
    let seats = inner.store.log().seats(id).unwrap();
    seats.into_iter().map(|s| (s.user_id, s.name)).collect()
}

// A rematch of a game with a Sherpa seat: the Sherpa player is seated again at once, at
// its level and in its previous seat; only the humans are asked to join (and mentioned,
// and pinged), and the game deals itself once they are back.
#[test]
fn a_rematch_seats_the_sherpa_players_again_and_deals_once_the_humans_are_back() {
    let t = started_with_seats(&[
        ("id-ann", "ann"),
        ("sherpa:ai:easy", "Sherpa (easy)"),
        ("id-bob", "bob"),
    ]);
    for _ in 0..3 {
        t.ok("ann", "move end");
        assert!(!as_user(&t, "sherpa:ai:easy", "move end")[0].is_error);
        t.ok("bob", "move add 2; add 2; end");
    }
    let r = t.ok("bob", "game rematch");
    let asked = r[0].text.to_string();
    assert_eq!(r[0].pings, ["id-ann"], "{asked}");
    assert_eq!(r[0].text.mentions(), ["id-ann"], "{asked}");
    assert!(
        asked.contains("**Sherpa (easy)** takes its seat again"),
        "{asked}"
    );
    let lobby = t.latest_id();
    assert_eq!(
        seats_of(&t, lobby),
        [
            ("sherpa:ai:easy".into(), "Sherpa (easy)".into()),
            ("id-bob".into(), "bob".into())
        ],
        "seated at once, before bob as before"
    );
    let r = t.ok("ann", "game join");
    assert!(
        r.iter()
            .any(|r| r.text.contains("begins with ann, Sherpa (easy), bob")),
        "the humans are back: it deals itself, in the old seat order: {r:?}"
    );
    assert_eq!(
        t.chat.lock().store.log().game(lobby).unwrap().status,
        crate::store::GameStatus::Running
    );
    assert_eq!(
        seats_of(&t, lobby)
            .iter()
            .map(|s| s.0.as_str())
            .collect::<Vec<_>>(),
        ["id-ann", "sherpa:ai:easy", "id-bob"]
    );
}

// A rematch asked for by the only human of a game against Sherpa deals at once: nobody
// else is to come back, so nobody has to type anything more; Sherpa keeps its level and
// its seat (first here, so its turn is due at once).
#[test]
fn a_rematch_against_sherpa_alone_deals_at_once() {
    let t = started_with_seats(&[("sherpa:ai:strong", "Sherpa (strong)"), ("id-ann", "ann")]);
    for _ in 0..3 {
        assert!(!as_user(&t, "sherpa:ai:strong", "move end")[0].is_error);
        t.ok("ann", "move add 2; add 2; end");
    }
    assert_eq!(
        t.chat.lock().store.log().game(1).unwrap().status,
        crate::store::GameStatus::Finished
    );
    let r = t.ok("ann", "game rematch");
    let all: String = r.iter().map(|r| r.text.to_string() + "\n").collect();
    assert!(all.contains("rematch of game #1"), "{all}");
    assert!(all.contains("begins with Sherpa (strong), ann"), "{all}");
    assert!(
        !all.contains("game join") && !all.contains("game start"),
        "{all}"
    );
    assert!(
        r.iter().all(|r| r
            .pings
            .iter()
            .map(String::as_str)
            .chain(r.text.mentions())
            .all(|u| !u.starts_with("sherpa:"))),
        "{r:?}"
    );
    let id = t.latest_id();
    assert_eq!(
        seats_of(&t, id),
        [
            ("sherpa:ai:strong".into(), "Sherpa (strong)".into()),
            ("id-ann".into(), "ann".into())
        ]
    );
    let job = t.chat.ai_job(&place()).expect("Sherpa's turn is due");
    assert_eq!((job.seat(), job.level()), (0, crate::ai::Level::Strong));
}

// A handover in a real game (whose state names its players): the state is rebuilt with
// the seat renamed at the handover, so the stored game equals the replay of its log.
#[test]
fn a_handover_in_a_real_game_keeps_the_snapshot_equal_to_the_replay() {
    let chat = Chat::new(
        Store::open_in_memory().unwrap(),
        Registry::builtin(),
        Env::fixed(1_000, 77),
    );
    let local = Place {
        platform: "local".into(),
        guild: None,
        channel: "terminal".into(),
    };
    let say = |who: &str, text: &str| {
        let user = User {
            id: who.into(),
            name: who.into(),
            is_channel_admin: false,
        };
        chat.handle(&Request::new(local.clone(), user, text))
    };
    say("ann", "game new nanga-parbat");
    say("bob", "game join");
    say("ann", "game start");
    let l = chat.load_active(&local).unwrap();
    let g = l.game.unwrap();
    let first = g.status().acting()[0];
    let name = ["ann", "bob"][first];
    let step = filter::legal_list(&*g, first)[0].notation.clone();
    let r = say(name, &format!("move {step}"));
    assert!(!r[0].is_error, "{r:?}");
    // The terminal names players by name: no mention needed.
    let r = say("bob", "game sub carl");
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    assert_eq!(chat.verify(1), Ok(()));
    let view = chat.status_json(&local)["view"].to_string();
    assert!(view.contains("carl") && !view.contains("\"bob\""), "{view}");
    // A repeat of the whole game from its log (no snapshot) is the same game.
    chat.lock().store.debug_drop_snapshot(1).unwrap();
    chat.lock().cache.clear();
    assert!(!say("carl", "game status")[0].is_error);
    assert_eq!(chat.verify(1), Ok(()));
}
