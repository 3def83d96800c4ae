//! Issue 36: AI seats (`game join ai`), Sherpa's turns (`ai_job`, `think`, `commit_ai`),
//! and the caretaker and `absent=…` at a deadline.

use super::*;
use crate::ai::Budget;

/// A deterministic budget: playouts, no time limit.
const SMALL: Budget = Budget {
    playouts: 4,
    millis: None,
};

fn builtin_chat() -> T {
    chat_on(Registry::builtin(), false)
}

fn admin(text: &str) -> Request {
    Request::new(
        place(),
        User {
            id: "id-admin".into(),
            name: "admin".into(),
            is_channel_admin: true,
        },
        text,
    )
}

fn seats(t: &T) -> Vec<SeatRow> {
    let inner = t.chat.lock();
    let g = inner
        .store
        .log()
        .latest_game("discord", "c1")
        .unwrap()
        .unwrap();
    inner.store.log().seats(g.id).unwrap()
}

fn game_id(t: &T) -> i64 {
    let inner = t.chat.lock();
    let g = inner.store.log().latest_game("discord", "c1").unwrap();
    g.unwrap().id
}

/// Play every Sherpa turn due (at most `cap`); how many were committed.
fn play_ai(t: &T, cap: usize) -> usize {
    let mut n = 0;
    while let Some(job) = t.chat.ai_job(&place()) {
        assert!(n < cap, "Sherpa kept playing");
        let turn = job.think_with(SMALL);
        let r = t.chat.commit_ai(&job, turn).unwrap();
        assert!(!r.is_empty(), "a current job commits");
        n += 1;
    }
    n
}

/// Ann's default step in Nanga Parbat, played by her.
fn ann_plays(t: &T) {
    let l = t.chat.load_active(&place()).unwrap();
    let step = l.game.unwrap().default_step(0).unwrap();
    t.ok("ann", &format!("move {step}"));
}

/// Ann against Sherpa (normal) in Nanga Parbat, started.
fn ann_against_sherpa(absent: &str) -> T {
    let t = builtin_chat();
    t.ok("ann", &format!("game new nanga-parbat {absent}"));
    t.ok("ann", "game join ai");
    t.ok("ann", "game start");
    t
}

#[test]
fn join_ai_seats_sherpa_players_by_level_and_leave_ai_removes_the_last_joined() {
    let t = chat();
    t.ok("ann", "game new count");
    let r = t.ok("ann", "game join ai");
    assert_eq!(
        r[0].text.to_string(),
        "**Sherpa (normal)** joined (2 of 2 to 3 players: ann, Sherpa (normal))."
    );
    t.ok("ann", "game ai normal");
    let s = seats(&t);
    assert_eq!(
        s.iter()
            .map(|s| (s.user_id.as_str(), s.name.as_str()))
            .collect::<Vec<_>>(),
        vec![
            ("id-ann", "ann"),
            ("sherpa:ai:normal", "Sherpa (normal)"),
            ("sherpa:ai:normal#2", "Sherpa (normal) 2"),
        ]
    );
    assert_eq!(ai::ai_level(&s[2].user_id), Some(crate::ai::Level::Normal));
    assert_eq!(ai::ai_level(&s[0].user_id), None);
    let r = t.ok("ann", "game leave ai");
    assert_eq!(
        r[0].text.to_string(),
        "**Sherpa (normal) 2** left the game."
    );
    t.ok("ann", "game join ai strong");
    let r = t.ok("ann", "game leave ai normal");
    assert_eq!(r[0].text.to_string(), "**Sherpa (normal)** left the game.");
    let s = seats(&t);
    assert_eq!(s.len(), 2);
    assert_eq!(s[1].user_id, "sherpa:ai:strong");
}

#[test]
fn join_and_leave_ai_refusals_say_why_and_change_nothing() {
    let t = chat();
    assert!(
        t.err("ann", "game join ai").contains("no game here"),
        "no lobby here"
    );
    t.ok("ann", "game new count");
    let v = t.version();
    let e = t.err("ann", "game join ai huge");
    assert!(
        e.contains("`huge`") && e.contains("easy, normal, strong"),
        "{e}"
    );
    let e = t.err("ann", "game ai huge");
    assert!(e.contains("easy, normal, strong"), "{e}");
    let e = t.err("ann", "game join banana");
    assert!(e.contains("`banana`") && e.contains("ai"), "{e}");
    let e = t.err("ann", "game leave ai");
    assert!(e.contains("no Sherpa player sits"), "{e}");
    let e = t.err("bob", "game join ai");
    assert!(e.contains("only a player who joined"), "{e}");
    assert_eq!(t.version(), v, "nothing changed");
    t.clock.fetch_add(60, Ordering::SeqCst);
    t.ok("ann", "game join ai easy");
    let e = t.err("ann", "game leave ai strong");
    assert!(e.contains("no Sherpa player of level strong"), "{e}");
    t.ok("ann", "game join ai");
    let v = t.version();
    let e = t.err("ann", "game join ai");
    assert!(
        e.contains("the game is full") && e.contains("takes 2 to 3 players"),
        "{e}"
    );
    assert_eq!(t.version(), v, "nothing changed");
    assert_eq!(seats(&t).len(), 3);
    t.ok("ann", "game start");
    let e = t.err("ann", "game join ai");
    assert!(e.contains("already started"), "{e}");
    let e = t.err("ann", "game leave ai");
    assert!(e.contains("already started"), "{e}");
}

#[test]
fn a_lobby_left_with_only_sherpa_players_closes() {
    let t = chat();
    t.ok("ann", "game new count");
    t.ok("ann", "game join ai");
    let r = t.ok("ann", "game leave");
    assert!(r[0].text.contains("the game is closed"), "{}", r[0].text);
    assert!(t.chat.load_active(&place()).is_err());
}

#[test]
fn a_human_against_sherpa_advances_with_one_public_message_per_turn_pinging_the_human() {
    let t = ann_against_sherpa("");
    let id = game_id(&t);
    // Sherpa acts first (it places the guide): nobody is waited for or reminded.
    assert!(t.chat.ai_job(&place()).is_some());
    assert_eq!(t.chat.lock().store.schedules().waits(id).unwrap(), vec![]);
    let mut turns = 0;
    for _ in 0..6 {
        let Some(job) = t.chat.ai_job(&place()) else {
            ann_plays(&t);
            continue;
        };
        assert_eq!(job.seat(), 1);
        assert_eq!(job.name(), "Sherpa (normal)");
        assert!(!job.is_caretaker());
        let before = t.log().len();
        let turn = job.think_with(SMALL);
        assert!(!turn.steps().is_empty());
        let r = t.chat.commit_ai(&job, turn.clone()).unwrap();
        turns += 1;
        assert_eq!(t.log().len(), before + turn.steps().len(), "logged");
        let public: Vec<&Reply> = r
            .iter()
            .filter(|r| r.visibility == Visibility::Public)
            .collect();
        assert_eq!(public.len(), 1, "one public message: {r:?}");
        assert!(r
            .iter()
            .all(|r| r.pings.iter().all(|p| !p.starts_with("sherpa:"))));
        assert!(r
            .iter()
            .all(|r| r.visibility != Visibility::Private("sherpa:ai:normal".into())));
        if t.chat.ai_job(&place()).is_none() {
            assert_eq!(public[0].pings, vec!["id-ann"], "the next human is pinged");
            assert!(
                public[0].text.mentions() == vec!["id-ann"],
                "{}",
                public[0].text
            );
        }
        // The reminder schedule never waits for Sherpa.
        let waits = t.chat.lock().store.schedules().waits(id).unwrap();
        assert!(waits.iter().all(|(u, _)| u == "id-ann"), "{waits:?}");
    }
    assert!(turns > 1, "Sherpa played its turns: {turns}");
    t.chat.verify(id).unwrap();
}

#[test]
fn a_stale_job_commits_nothing() {
    let t = ann_against_sherpa("");
    let job = t.chat.ai_job(&place()).expect("Sherpa's turn");
    let again = t.chat.ai_job(&place()).expect("the same turn");
    let (a, b) = (job.think_with(SMALL), again.think_with(SMALL));
    assert_eq!(a, b, "the same job thinks the same turn");
    t.chat.commit_ai(&job, a).unwrap();
    let (log, v) = (t.log(), t.version());
    let r = t.chat.commit_ai(&again, b).unwrap();
    assert!(r.is_empty(), "{r:?}");
    assert_eq!((t.log(), t.version()), (log, v), "nothing committed");
}

#[test]
fn two_sherpa_players_play_nanga_parbat_to_its_end_and_the_log_replays() {
    let t = builtin_chat();
    t.ok("ann", "game new nanga-parbat");
    t.ok("ann", "game join ai");
    t.ok("ann", "game kick ann");
    let r = t.chat.handle(&admin("game join ai easy"));
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    let r = t.chat.handle(&admin("game start"));
    assert!(!r.iter().any(|r| r.is_error), "{r:?}");
    let id = game_id(&t);
    let turns = play_ai(&t, 5_000);
    assert!(turns > 2, "{turns}");
    let row = t.chat.lock().store.log().game(id).unwrap();
    assert_eq!(row.status, crate::store::GameStatus::Finished);
    t.chat.verify(id).unwrap();
    // The log rebuilds the same state from the seed.
    let (actions, seats) = {
        let inner = t.chat.lock();
        (
            inner.store.log().actions(id).unwrap(),
            inner.store.log().seats(id).unwrap(),
        )
    };
    let kind = Registry::builtin().get("nanga-parbat").unwrap();
    let rebuilt = replay(
        kind,
        &seats,
        &row.options,
        (row.seed, row.rules_version),
        &actions,
    )
    .unwrap();
    let l = t.chat.load_active_or_finished(&place()).unwrap();
    assert!(rebuilt.same_state(&**l.game.as_ref().unwrap()));
    assert!(
        t.chat.ai_jobs().is_empty(),
        "nothing due once the game ended"
    );
}

#[test]
fn ai_jobs_lists_every_place_with_a_turn_of_sherpa_due() {
    let t = ann_against_sherpa("");
    // Sherpa (seat 1) places Nanga Parbat's guide first.
    let jobs = t.chat.ai_jobs();
    assert_eq!(jobs.len(), 1);
    assert_eq!(jobs[0].place(), &place());
    play_ai(&t, 50);
    assert!(t.chat.ai_jobs().is_empty(), "ann's turn");
}

/// Sherpa's steps after ann's are taken back with hers (Sherpa consents at once), so
/// her turn comes back instead of Sherpa playing again.
#[test]
fn an_undo_after_sherpas_reply_takes_back_sherpas_steps_and_the_players_own() {
    let t = ann_against_sherpa("");
    let id = game_id(&t);
    play_ai(&t, 50);
    let mut mine = Vec::new();
    for _ in 0..50 {
        if t.chat.ai_job(&place()).is_some() {
            break;
        }
        mine = t.log();
        ann_plays(&t);
    }
    let sherpa = play_ai(&t, 50);
    assert!(sherpa > 0, "Sherpa played after ann");
    let before = t.log();
    let r = t.ok("ann", "undo");
    let said: String = r.iter().map(|r| r.text.to_string()).collect();
    assert!(said.contains("**Sherpa (normal)** took back"), "{said}");
    assert!(said.contains("**ann** took back"), "{said}");
    assert!(r
        .iter()
        .all(|r| r.pings.iter().all(|p| !p.starts_with("sherpa:"))));
    let after = t.log();
    let undos = after.len() - before.len();
    assert!(undos >= 2 && after[before.len()..].iter().all(|a| a == "undo"));
    assert!(
        t.chat.ai_job(&place()).is_none(),
        "ann's turn again: {after:?}"
    );
    let l = t.chat.load_active(&place()).unwrap();
    assert_eq!(l.game.unwrap().status().acting(), [0]);
    let effective = effective_steps(&t.chat.lock().store.log().actions(id).unwrap())
        .into_iter()
        .map(|a| a.step.clone())
        .collect::<Vec<_>>();
    let mine: Vec<String> = mine.into_iter().filter(|s| s != "undo").collect();
    assert_eq!(effective, mine, "the log is back to before ann's step");
    assert!(
        t.chat.lock().store.log().motions(id).unwrap().is_empty(),
        "no vote left open"
    );
}

#[test]
fn an_undo_when_only_sherpa_has_played_is_refused_and_changes_nothing() {
    let t = ann_against_sherpa("");
    assert!(play_ai(&t, 50) > 0, "Sherpa places the guide first");
    let before = t.log();
    let r = t.chat.handle(&req("ann", "undo"));
    assert!(r[0].is_error, "{r:?}");
    assert!(
        r[0].text.contains("only Sherpa players have played so far"),
        "{}",
        r[0].text
    );
    assert_eq!(t.log(), before);
    assert!(t.chat.ai_job(&place()).is_none(), "ann's turn");
}

/// Ann against Bob in Nanga Parbat with `absent`, the clock moved past the 72-hour
/// deadline of bob's first wait (he places the guide first): the due notices.
fn bob_misses_his_deadline(absent: &str) -> (T, Vec<DueNotice>) {
    let t = ann_against_bob(absent);
    let due = past_bobs_deadline(&t);
    (t, due)
}

/// Ann against Bob in Nanga Parbat with `absent`, started (bob places the guide first).
fn ann_against_bob(absent: &str) -> T {
    let t = builtin_chat();
    t.ok("ann", &format!("game new nanga-parbat {absent}"));
    t.ok("bob", "game join");
    t.ok("ann", "game start");
    t
}

/// The clock moved past the 72-hour deadline of bob's wait since the start's time: the
/// due notices.
fn past_bobs_deadline(t: &T) -> Vec<DueNotice> {
    let defaults = crate::reminders::ReminderDefaults {
        enabled: false,
        ..Default::default()
    };
    t.clock.store(1_000 + 72 * 3600 + 1, Ordering::SeqCst);
    t.chat.due_notices("discord", &defaults).unwrap()
}

/// Every public reply text of the due notices, one a line.
fn due_texts(due: &[DueNotice]) -> String {
    let mut said = Vec::new();
    for d in due {
        if let Notice::Replies(r) = &d.send {
            said.extend(r.iter().map(|r| r.text.to_string()));
        }
    }
    said.join("\n")
}

/// `user` (seat `seat`) plays their default steps until the game waits for the other seat.
fn plays_until_the_other(t: &T, user: &str, seat: Seat) {
    for _ in 0..50 {
        let g = t.chat.load_active(&place()).unwrap().game.unwrap();
        if !g.status().acting().contains(&seat) {
            return;
        }
        let step = g.default_step(seat).unwrap();
        t.ok(user, &format!("move {step}"));
    }
    panic!("{user}'s turn did not end");
}

#[test]
fn the_caretaker_plays_for_a_player_past_the_deadline_until_any_command_of_theirs() {
    let (t, due) = bob_misses_his_deadline("");
    assert_eq!(due.len(), 1, "{due:?}");
    let Notice::Replies(r) = &due[0].send else {
        panic!("{due:?}")
    };
    assert!(
        r[0].text.contains("**bob** is away") && r[0].text.contains("Sherpa"),
        "{}",
        r[0].text
    );
    let id = game_id(&t);
    assert_eq!(t.chat.lock().store.log().caretaken(id).unwrap(), vec![1]);
    let s = t.ok("ann", "game status")[0].text.to_string();
    assert!(s.contains("**bob**: away; Sherpa plays for them"), "{s}");
    let job = t.chat.ai_job(&place()).expect("the caretaker's turn");
    assert!(job.is_caretaker());
    assert_eq!((job.seat(), job.level()), (1, crate::ai::Level::Normal));
    let r = t.chat.commit_ai(&job, job.think_with(SMALL)).unwrap();
    assert!(
        r[0].text.contains("Sherpa plays for **bob**"),
        "{}",
        r[0].text
    );
    assert_eq!(r[0].pings, vec!["id-ann"], "{r:?}");
    assert!(t.chat.ai_job(&place()).is_none(), "ann's turn now");
    // Any command of bob's takes his seat back, and the answer says so.
    let r = t.ok("bob", "board");
    assert!(
        r.iter().any(|r| r.text.contains("Welcome back, **bob**")),
        "{r:?}"
    );
    assert!(t.chat.lock().store.log().caretaken(id).unwrap().is_empty());
    let r = t.ok("bob", "board");
    assert!(
        !r.iter().any(|r| r.text.contains("Welcome back")),
        "once: {r:?}"
    );
    // His next turn is his again.
    for _ in 0..50 {
        let l = t.chat.load_active(&place()).unwrap();
        if l.game.unwrap().status().acting().contains(&1) {
            break;
        }
        ann_plays(&t);
    }
    assert!(t.chat.ai_job(&place()).is_none(), "bob plays his own turn");
    t.chat.verify(id).unwrap();
}

/// Issue #53: a seat in the caretaker's hands answers votes as its absent player would be
/// expected to: it abstains on an abort (the vote does not wait for it), and the channel
/// is told so.
#[test]
fn the_caretaker_abstains_on_an_abort_for_the_absent_player() {
    let (t, _) = bob_misses_his_deadline("");
    let id = game_id(&t);
    assert_eq!(t.chat.lock().store.log().caretaken(id).unwrap(), vec![1]);
    let r = t.ok("ann", "game abort");
    let said: Vec<String> = r.iter().map(|r| r.text.to_string()).collect();
    let said = said.join("\n");
    abstained_for_bob_and_aborted(&t, &said);
}

/// The channel read that Sherpa abstained for bob on the abort, which passed: no game runs.
fn abstained_for_bob_and_aborted(t: &T, said: &str) {
    assert!(
        said.contains(
            "Sherpa, minding **bob**'s seat while they are away, abstains for them on the vote to abort the game"
        ),
        "{said}"
    );
    assert!(said.contains("The game was aborted"), "{said}");
    assert!(
        t.chat.load_active(&place()).is_err(),
        "no game running in the channel"
    );
}

/// A seat in the caretaker's hands consents to an undo for its absent player, and the
/// channel is told so.
#[test]
fn the_caretaker_consents_to_an_undo_for_the_absent_player() {
    let (t, _) = bob_misses_his_deadline("");
    play_ai(&t, 5);
    for _ in 0..50 {
        let l = t.chat.load_active(&place()).unwrap();
        if !l.game.unwrap().status().acting().contains(&0) {
            break;
        }
        ann_plays(&t);
    }
    let before = t.log();
    let r = t.ok("ann", "undo");
    let said: Vec<String> = r.iter().map(|r| r.text.to_string()).collect();
    let said = said.join("\n");
    assert!(
        said.contains("Sherpa, minding **bob**'s seat while they are away, agrees to take back the last step for them"),
        "{said}"
    );
    let after = t.log();
    assert_eq!(after.len(), before.len() + 1, "{after:?}");
    assert_eq!(after.last().map(String::as_str), Some("undo"));
    let id = game_id(&t);
    assert!(t.chat.lock().store.log().motions(id).unwrap().is_empty());
}

/// Issue #53: a vote opened before a seat passes into the caretaker's hands counts the
/// caretaker's answer at once. Ann's abort waited for bob alone, so it passes when his
/// deadline hands his seat to Sherpa, who abstains for him.
#[test]
fn an_abort_that_waited_for_bob_alone_passes_when_the_caretaker_takes_his_seat() {
    let t = ann_against_bob("");
    let r = t.ok("ann", "game abort");
    assert!(r[0].text.to_string().contains("Still needed: bob"), "{r:?}");
    let said = due_texts(&past_bobs_deadline(&t));
    assert!(said.contains("**bob** is away"), "{said}");
    abstained_for_bob_and_aborted(&t, &said);
}

/// Issue #53: ann asks to take back the step that ended her turn, which waits for bob's
/// consent; when his deadline hands his seat to Sherpa, the caretaker consents for him
/// and the step is taken back at once (the vote is not dropped by the takeover).
#[test]
fn an_undo_that_waited_for_bob_alone_is_taken_back_when_the_caretaker_takes_his_seat() {
    let t = ann_against_bob("");
    plays_until_the_other(&t, "bob", 1);
    plays_until_the_other(&t, "ann", 0);
    let before = t.log();
    let r = t.ok("ann", "undo");
    assert!(r[0].text.to_string().contains("asks to take back"), "{r:?}");
    let id = game_id(&t);
    assert_eq!(t.chat.lock().store.log().motions(id).unwrap(), vec!["undo"]);
    let said = due_texts(&past_bobs_deadline(&t));
    assert!(said.contains("**bob** is away"), "{said}");
    assert!(
        said.contains("Sherpa, minding **bob**'s seat while they are away, agrees to take back the last step for them"),
        "{said}"
    );
    let after = t.log();
    assert_eq!(after.len(), before.len() + 1, "{after:?}");
    assert_eq!(after.last().map(String::as_str), Some("undo"));
    assert!(t.chat.lock().store.log().motions(id).unwrap().is_empty());
    let g = t.chat.load_active(&place()).unwrap().game.unwrap();
    assert!(g.status().acting().contains(&0), "ann's turn again");
    t.chat.verify(id).unwrap();
}

#[test]
fn a_job_thought_before_the_player_came_back_commits_nothing() {
    let (t, _) = bob_misses_his_deadline("absent=caretaker");
    let job = t.chat.ai_job(&place()).expect("the caretaker's turn");
    let turn = job.think_with(SMALL);
    t.ok("bob", "game status");
    let log = t.log();
    assert!(t.chat.commit_ai(&job, turn).unwrap().is_empty());
    assert_eq!(t.log(), log);
    assert!(t.chat.ai_job(&place()).is_none(), "bob is back");
}

#[test]
fn absent_kick_removes_the_late_player_at_the_deadline() {
    let (t, due) = bob_misses_his_deadline("absent=kick");
    let Notice::Replies(r) = &due[0].send else {
        panic!("{due:?}")
    };
    assert!(
        r[0].text.contains("**bob** ran out of time and is removed"),
        "{}",
        r[0].text
    );
    assert!(seats(&t)[1].resigned);
    assert!(
        t.chat.ai_job(&place()).is_none(),
        "the autopilot plays a removed seat"
    );
}

// A vote that waited only for the late player passes when the deadline removes them.
#[test]
fn absent_kick_passes_a_vote_that_waited_only_for_the_late_player() {
    let t = ann_against_bob("absent=kick");
    t.ok("ann", "game abort");
    let due = past_bobs_deadline(&t);
    let said = due_texts(&due);
    assert!(
        said.contains("**bob** ran out of time and is removed"),
        "{said}"
    );
    assert!(
        said.contains("The vote to abort the game now waits for no one"),
        "{said}"
    );
    assert!(said.contains("The game was aborted"), "{said}");
    assert!(t.chat.load_active(&place()).is_err(), "the game is over");
}

#[test]
fn absent_wait_keeps_the_plain_deadline_notice_and_no_default_deadline() {
    let (t, due) = bob_misses_his_deadline("absent=wait");
    assert!(
        due.is_empty(),
        "a waiting table has no deadline unless set: {due:?}"
    );
    t.ok("bob", "remind deadline 1h");
    let defaults = crate::reminders::ReminderDefaults {
        enabled: false,
        ..Default::default()
    };
    let due = t.chat.due_notices("discord", &defaults).unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    assert!(matches!(due[0].send, Notice::Message(_)), "{due:?}");
    assert!(t.chat.ai_job(&place()).is_none(), "nobody plays for bob");
    let id = game_id(&t);
    assert!(t.chat.lock().store.log().caretaken(id).unwrap().is_empty());
}

#[test]
fn a_bad_absent_value_is_refused_and_the_option_is_no_rules_option() {
    let t = builtin_chat();
    let e = t.err("ann", "game new nanga-parbat absent=never");
    assert!(
        e.contains("absent=caretaker") && e.contains("absent=kick"),
        "{e}"
    );
    let r = t.ok("ann", "game new nanga-parbat absent=kick");
    assert!(r[0].text.contains("absent=kick"), "{}", r[0].text);
    let inner = t.chat.lock();
    let g = inner
        .store
        .log()
        .latest_game("discord", "c1")
        .unwrap()
        .unwrap();
    assert!(!g.options.contains_key("absent"), "{:?}", g.options);
    assert_eq!(
        inner.store.log().absent(g.id).unwrap(),
        crate::store::Absent::Kick
    );
}

// Issue 51 (front ends only deliver): after an answer that leaves Sherpa to act, the chat
// says a Sherpa turn is due; once it has played and the human is to act, nothing is.
#[test]
fn follow_ups_name_sherpas_turn_while_a_sherpa_seat_is_to_act() {
    let t = ann_against_sherpa("");
    let r = t.ok("ann", "game status");
    assert_eq!(
        t.chat.follow_ups(&place(), &r),
        vec![crate::chat::FollowUp::AiTurn],
        "Sherpa places the guide first"
    );
    play_ai(&t, 3);
    let r = t.ok("ann", "game status");
    assert_eq!(t.chat.follow_ups(&place(), &r), vec![]);
    // Ann's steps until her turn ends: each answer leaves Sherpa due exactly when its
    // seat is the one to act.
    for _ in 0..6 {
        let l = t.chat.load_active(&place()).unwrap();
        let step = l.game.unwrap().default_step(0).unwrap();
        let r = t.ok("ann", &format!("move {step}"));
        let sherpa_acts = t.chat.ai_job(&place()).is_some();
        let due = t.chat.follow_ups(&place(), &r);
        assert_eq!(due.contains(&crate::chat::FollowUp::AiTurn), sherpa_acts);
        if sherpa_acts {
            return;
        }
    }
    panic!("ann's turn never ended");
}
