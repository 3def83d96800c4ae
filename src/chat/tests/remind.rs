//! Reminder tests: the waits written with each step, due notices, deadlines and `remind`.

use super::*;

// Issue 11, point 2: the reminder schedule (who the game waits for, since when) is written
// in the step's own transaction. The after-commit hook panics like a process killed right
// after the commit: the schedule already names the new waiter.
#[test]
fn reminder_wait_moves_to_the_next_player_in_the_steps_transaction() {
    let mut t = T::started(&["ann", "bob"]);
    let id = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap()
        .id;
    assert_eq!(
        t.chat.lock().store.schedules().waits(id).unwrap(),
        vec![("id-ann".to_string(), 1_000)],
        "the start names the first player"
    );
    t.clock.store(2_000, Ordering::SeqCst);
    t.chat
        .set_hooks(Arc::new(OnceHooks::after_commit(Box::new(|| {
            panic!("killed right after the commit")
        }))));
    let r = t.say("ann", "move end");
    assert!(r[0].is_error, "the simulated crash surfaced: {r:?}");
    assert_eq!(t.log(), vec!["end"], "the step was committed");
    assert_eq!(
        t.chat.lock().store.schedules().waits(id).unwrap(),
        vec![("id-bob".to_string(), 2_000)],
        "the schedule names bob, waiting since the step, with no further call"
    );
}

// HIM-PROG-4 (issue 11, point 3): in play-by-post, when the game's deadline passes for a
// seat during the simultaneous programming, a default program is sealed for that seat and
// committed like any step; the channel hears who ran out of time and the commitment, never
// the program; a second call for the same wait changes nothing.
#[test]
fn him_prog_4_deadline_seals_a_default_program_for_the_late_seat() {
    let reg = Registry::builtin();
    if reg.get("himalaya").is_none() {
        return;
    }
    let clock = Arc::new(AtomicI64::new(1_000));
    let c2 = clock.clone();
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            reg,
            Env {
                now: Box::new(move || c2.load(Ordering::SeqCst)),
                seed: Box::new(|| 77),
                rate_limit: false,
            },
        ),
        clock,
    };
    t.ok("ann", "game new himalaya absent=wait");
    t.ok("bob", "game join");
    t.ok("cy", "game join");
    t.ok("ann", "game start");
    t.ok("ann", "remind deadline 24h");
    let load = || {
        let l = t.chat.load_active(&place()).unwrap();
        let acting = l.game.as_ref().unwrap().status().acting().to_vec();
        (l.row.id, acting)
    };
    // Set-up steps (one seat at a time) until the simultaneous programming begins.
    let names = ["ann", "bob", "cy"];
    for _ in 0..200 {
        let l = t.chat.load_active(&place()).unwrap();
        let g = l.game.unwrap();
        let acting = g.status().acting().to_vec();
        if acting.len() >= 2 {
            break;
        }
        let step = g.default_step(acting[0]).unwrap();
        t.ok(names[acting[0]], &format!("move {step}"));
    }
    let (id, acting) = load();
    assert!(acting.len() >= 2, "programming is simultaneous: {acting:?}");
    assert!(acting.contains(&1), "bob must program: {acting:?}");
    let since = t
        .chat
        .lock()
        .store
        .schedules()
        .waits(id)
        .unwrap()
        .into_iter()
        .find(|(u, _)| u == "id-bob")
        .unwrap()
        .1;
    // A call for another wait (wrong start) does nothing.
    assert!(t
        .chat
        .deadline_passed(&place(), "id-bob", since + 1)
        .is_empty());
    t.clock.store(since + 25 * 3600, Ordering::SeqCst);
    let before = t.log().len();
    let r = t.chat.deadline_passed(&place(), "id-bob", since);
    let (_, acting_after) = load();
    assert!(
        !acting_after.contains(&1),
        "bob has sealed: {acting_after:?}"
    );
    let log = t.log();
    assert!(log.len() > before, "the default program is in the log");
    let bob_steps: Vec<String> = {
        let inner = t.chat.lock();
        inner
            .store
            .log()
            .actions(id)
            .unwrap()
            .into_iter()
            .skip(before)
            .filter(|a| a.seat == 1)
            .map(|a| a.step)
            .collect()
    };
    assert!(!bob_steps.is_empty());
    let public: Vec<String> = r
        .iter()
        .filter(|r| r.visibility == Visibility::Public)
        .map(|r| r.text.to_string())
        .collect();
    let text = public.join("\n");
    assert!(
        text.contains("**bob** ran out of time; a default program was sealed for them."),
        "{text}"
    );
    assert!(
        text.to_lowercase().contains("commit"),
        "the commitment is announced: {text}"
    );
    for s in &bob_steps {
        // A step that is not the seal itself (the program's content) never shows publicly.
        if s != "seal" {
            assert!(!text.contains(s.as_str()), "`{s}` leaked: {text}");
        }
    }
    let again = t.chat.deadline_passed(&place(), "id-bob", since);
    assert!(
        again.is_empty(),
        "a repeated call changes nothing: {again:?}"
    );
    assert_eq!(t.log(), log);
}

/// `remind reset` puts everything back to the defaults, the daily digest of this server
/// included (in one transaction with the settings); another server's digest is its own.
#[test]
fn remind_reset_turns_this_servers_digest_off_too() {
    let t = T::started(&["ann", "bob"]);
    let syntax = Plain {
        utc_offset_min: 0,
        now: None,
    };
    let say = |guild: &str, text: &str| {
        let r = t.chat.handle(&req_in("ann", guild, "c1", text));
        assert!(!r[0].is_error, "{text}: {}", r[0].text.render(&syntax));
        r[0].text.render(&syntax)
    };
    say("g", "remind digest daily 09:00");
    say("other", "remind digest daily 10:00");
    say("g", "remind delay 5h");
    let s = say("g", "remind reset");
    assert!(s.contains("daily digest here turned off"), "{s}");
    let s = say("g", "remind");
    assert!(s.contains("Daily digest in this server: off"), "{s}");
    assert!(
        s.contains("first after 12h"),
        "the delay is back to its default: {s}"
    );
    let s = say("other", "remind");
    assert!(s.contains("Daily digest in this server: **10:00**"), "{s}");
    // With no digest on, the reset says nothing about one.
    let s = say("other", "remind digest off");
    assert!(s.contains("turned off"), "{s}");
    let s = say("other", "remind reset");
    assert!(!s.contains("digest here turned off"), "{s}");
}

/// The text of a due notice's message in the channel, rendered as on Discord's side (the
/// platform-neutral rendering with the mention's id).
fn notice_here(n: &DueNotice) -> &Reply {
    match &n.send {
        Notice::Message(m) => &m.here,
        Notice::Replies(r) => panic!("a message was expected, not replies: {r:?}"),
    }
}

#[test]
fn a_due_reminder_is_worded_by_the_chat_core_and_claimed_once() {
    let t = T::started(&["ann", "bob"]);
    let defaults = crate::reminders::ReminderDefaults::default();
    assert!(t.chat.due_notices("discord", &defaults).unwrap().is_empty());
    let start = t.clock.load(Ordering::SeqCst);
    t.clock.store(start + 13 * 3600, Ordering::SeqCst);
    let due = t.chat.due_notices("discord", &defaults).unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    let n = &due[0];
    assert_eq!(n.place, place());
    let Notice::Message(m) = &n.send else {
        panic!("{n:?}")
    };
    let here = &m.here;
    assert_eq!(m.channel, "c1");
    assert!(m.direct.is_none(), "reminders go to the channel by default");
    assert!(m.silent, "a reminder in the channel is silent");
    assert_eq!(here.pings, vec!["id-ann"]);
    assert_eq!(here.text.mentions(), vec!["id-ann"]);
    assert!(
        !here.text.contains("<@"),
        "no Discord markup: {}",
        here.text
    );
    let shown = here.text.to_string();
    assert!(
        shown.starts_with("@ann, it is your turn in **count** (waiting since"),
        "{shown}"
    );
    assert!(
        shown.contains("Reminder 1 of 3; `remind` changes these."),
        "{shown}"
    );
    // Claimed: not offered again within the claim's lease; once marked, never again.
    assert!(t.chat.due_notices("discord", &defaults).unwrap().is_empty());
    t.chat.mark_sent(n).unwrap();
    t.clock.store(
        start + 13 * 3600 + crate::store::CLAIM_LEASE_SECS + 1,
        Ordering::SeqCst,
    );
    assert!(t.chat.due_notices("discord", &defaults).unwrap().is_empty());
}

#[test]
fn a_reminder_by_direct_message_links_the_channel_and_falls_back_without_the_link() {
    let t = T::started(&["ann", "bob"]);
    let defaults = crate::reminders::ReminderDefaults {
        dm: true,
        ..Default::default()
    };
    let start = t.clock.load(Ordering::SeqCst);
    t.clock.store(start + 13 * 3600, Ordering::SeqCst);
    let due = t.chat.due_notices("discord", &defaults).unwrap();
    let Notice::Message(m) = &due[0].send else {
        panic!("{due:?}")
    };
    let (here, direct) = (&m.here, m.direct.as_ref().expect("by direct message"));
    assert!(
        direct.text.to_string().ends_with("Game channel: #c1"),
        "{}",
        direct.text
    );
    assert!(!here.text.contains("Game channel"), "{}", here.text);
    assert_eq!(notice_here(&due[0]).pings, vec!["id-ann"]);
}

/// The reminder task used to open its own connection once, when it started, and stayed
/// off for the whole run when the database could not be reached then. Due notices are now
/// claimed by the chat core, which opens that connection on a later tick once PostgreSQL
/// is back.
#[test]
fn due_notices_resume_when_the_database_was_down_at_the_first_tick() {
    use crate::store::{pg_cluster, DbLocation};
    // A cluster of its own: it is stopped and started under the chat.
    let cluster = pg_cluster::Cluster::start().unwrap();
    let url = cluster.create_database("due_notices").unwrap();
    let chat = Chat::open(&DbLocation::Postgres(url.clone())).unwrap();
    let say = |user: &str, text: &str| {
        let r = chat.handle(&req(user, text));
        assert!(!r.iter().any(|r| r.is_error), "{text}: {}", r[0].text);
    };
    say("ann", "game new nanga-parbat");
    say("bob", "game join");
    say("ann", "game start");
    let defaults = crate::reminders::ReminderDefaults {
        first_after: 3600,
        ..Default::default()
    };
    cluster.stop_fast().unwrap();
    assert!(
        chat.due_notices("discord", &defaults).is_err(),
        "the database is down"
    );
    cluster.start_again().unwrap();
    Store::connect_postgres(&url)
        .unwrap()
        .debug_exec("UPDATE reminder_waits SET since = since - 7200, due_at = 0")
        .unwrap();
    let t0 = std::time::Instant::now();
    let due = loop {
        match chat.due_notices("discord", &defaults) {
            Ok(due) => break due,
            Err(e) => assert!(t0.elapsed().as_secs() < 20, "still failing: {e}"),
        }
        std::thread::sleep(std::time::Duration::from_millis(200));
    };
    assert_eq!(due.len(), 1, "{due:?}");
    assert!(notice_here(&due[0]).text.contains("it is your turn"));
    chat.mark_sent(&due[0]).unwrap();
}

#[test]
fn a_passed_kick_deadline_is_announced_with_a_button_to_vote_the_player_out() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "remind deadline 1h kick");
    let defaults = crate::reminders::ReminderDefaults {
        enabled: false,
        ..Default::default()
    };
    let start = t.clock.load(Ordering::SeqCst);
    t.clock.store(start + 3601, Ordering::SeqCst);
    let due = t.chat.due_notices("discord", &defaults).unwrap();
    assert_eq!(due.len(), 1, "{due:?}");
    let Notice::Message(m) = &due[0].send else {
        panic!("{due:?}")
    };
    assert!(!m.silent, "a deadline notice notifies the channel");
    let shown = m.here.text.to_string();
    assert!(
        shown.starts_with("@ann (ann) has not acted since")
            && shown.ends_with(
                "the game's deadline passed. The other players may vote to remove them with `game kick`."
            ),
        "{shown}"
    );
    assert_eq!(m.here.buttons.len(), 1);
    assert_eq!(m.here.buttons[0].command, "game kick id-ann");
    assert_eq!(m.here.buttons[0].label, "Vote to remove ann");
    assert_eq!(m.here.buttons[0].version, t.version());
}

/// The configured reminder defaults are the chat's own (passed in, no process-wide
/// setting): `remind` shows them to a player who chose nothing, and another chat keeps
/// its own.
#[test]
fn remind_shows_the_reminder_defaults_this_chat_was_given() {
    let mut t = chat();
    t.chat
        .set_reminder_defaults(crate::reminders::ReminderDefaults {
            first_after: 2 * 3600,
            interval: 5 * 3600,
            max: 7,
            ..Default::default()
        });
    let shown = t.ok("ann", "remind")[0].text.to_string();
    assert!(
        shown.contains("first after 2h, then every 5h, at most 7 per turn"),
        "{shown}"
    );
    let other = chat();
    let shown = other.ok("ann", "remind")[0].text.to_string();
    assert!(
        shown.contains("first after 12h, then every 1d, at most 3 per turn"),
        "{shown}"
    );
}
