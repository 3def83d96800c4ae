//! Durability tests: the log, snapshots, the outbox, the game cache and the start-up check.

use super::*;

#[test]
fn export_of_a_running_game_leaves_out_the_seed_and_the_finished_one_rebuilds() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2");
    let file = t.chat.export(1).unwrap();
    assert_eq!(file.seed, None);
    let r = t.ok("ann", "game export");
    let text = String::from_utf8(r[0].file.as_ref().unwrap().1.clone()).unwrap();
    assert!(!text.contains("\"seed\": 77"), "{text}");
    for i in 0..4 {
        t.ok("ann", "move add 2; end");
        if i < 3 {
            t.ok("bob", "move end");
        }
    }
    let file = t.chat.export(1).unwrap();
    assert_eq!(file.seed, Some(77));
    // After the end, the channel's export and status still answer (from the last game).
    let r = t.ok("bob", "game export");
    assert!(r[0].file.is_some());
    assert!(t.chat.status_json(&place())["status"]
        .get("Finished")
        .is_some());
    let other = Place {
        channel: "c2".into(),
        ..place()
    };
    let id = t.chat.import(&file, &other).unwrap();
    assert_eq!(
        t.chat.lock().store.log().game(id).unwrap().status,
        crate::store::GameStatus::Finished
    );
}

#[test]
fn corrupt_snapshot_is_rebuilt_from_the_log() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2; end");
    {
        let mut inner = t.chat.lock();
        inner
            .store
            .debug_corrupt(1, None, Some(b"not json"))
            .unwrap();
        inner.cache.clear();
    }
    t.ok("bob", "move add 1");
    let inner = t.chat.lock();
    let g: Count =
        serde_json::from_slice(&inner.store.log().snapshot(1).unwrap().unwrap().1).unwrap();
    assert_eq!(g.pos, vec![2, 1]);
}

#[test]
fn unknown_game_kind_breaks_only_that_game() {
    let t = T::started(&["ann", "bob"]);
    let other = Place {
        channel: "c2".into(),
        ..place()
    };
    let mut r = req("ann", "game new count");
    r.place = other.clone();
    assert!(!t.chat.handle(&r)[0].is_error);
    {
        let mut inner = t.chat.lock();
        inner
            .store
            .debug_corrupt(1, Some("chess-variant"), None)
            .unwrap();
        inner.cache.clear();
    }
    let broken = t.chat.check_games();
    assert_eq!(
        broken.len(),
        1,
        "start-up check reports exactly the broken game: {broken:?}"
    );
    assert_eq!(broken[0].0, 1);
    assert!(t.err("ann", "move add 1").contains("does not know"));
    assert!(t.chat.lock().store.log().game(1).unwrap().broken.is_some());
    let mut r = req("bob", "game join");
    r.place = other;
    assert!(
        !t.chat.handle(&r)[0].is_error,
        "the other channel's game keeps working"
    );
}

// Issue 15 (two threads): each committed change of a game on a database file forces the
// log to the disk once, after the chat's lock is released (another channel's request is
// not held up by the fsync) and before the answer is returned (an answered step survives
// a power cut).
#[test]
fn a_steps_fsync_runs_outside_the_lock_and_before_the_answer() {
    let dir = std::env::temp_dir().join(format!("sherpa-chat-sync-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let t = chat();
    let t = T {
        chat: Chat::new(
            Store::open(&dir.join("c.db")).unwrap(),
            registry(),
            Env::fixed(1_000, 77),
        ),
        clock: t.clock,
    };
    let syncs = || t.chat.lock().store.log_syncs();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    assert_eq!(syncs(), 0, "the lobby commits at once");
    t.ok("ann", "game start");
    assert_eq!(syncs(), 1, "the start is a change of the game");
    t.ok("ann", "move end");
    assert_eq!(syncs(), 2);
    t.err("ann", "move end");
    assert_eq!(syncs(), 2, "a refused step commits nothing");
    assert_eq!(
        *t.chat.waits_unlocked.lock().unwrap(),
        vec![true, true],
        "the lock was free at each wait"
    );
    drop(t);
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 11, point 1: the replies of a committed step are in the outbox, written in the
// step's transaction, and read back equal to what the step returned.
#[test]
fn outbox_holds_a_committed_steps_replies_until_marked_delivered() {
    let t = T::started(&["ann", "bob"]);
    // The start's replies are delivered by the front end; here nobody marked them.
    let start_rows = t.chat.undelivered("discord", i64::MAX, 0).len();
    assert!(start_rows >= 1, "the start's replies are in the outbox");
    t.chat.mark_delivered_ids(
        &t.chat
            .undelivered("discord", i64::MAX, 0)
            .iter()
            .filter_map(|u| u.reply.outbox)
            .collect::<Vec<_>>(),
    );
    let mark = t.chat.outbox_mark();
    let replies = t.ok("ann", "move add 1; end");
    assert!(replies.iter().all(|r| r.outbox.is_some()), "{replies:?}");
    let stored = t.chat.undelivered("discord", mark, 0);
    assert!(stored.is_empty(), "rows after the mark are not offered");
    let stored = t.chat.undelivered("discord", i64::MAX, 0);
    assert_eq!(stored.len(), replies.len());
    for (s, r) in stored.iter().zip(&replies) {
        assert_eq!(s.place, place());
        assert_eq!(s.reply.text, r.text);
        assert_eq!(s.reply.visibility, r.visibility);
        assert_eq!(s.reply.pings, r.pings);
        assert_eq!(s.reply.buttons, r.buttons);
        assert_eq!(s.reply.image, r.image);
        assert_eq!(s.reply.outbox, r.outbox);
    }
    t.chat.mark_delivered(&replies.iter().collect::<Vec<_>>());
    assert!(t.chat.undelivered("discord", i64::MAX, 0).is_empty());
    // A refused step writes nothing.
    t.err("ann", "move add 1");
    assert!(t.chat.undelivered("discord", i64::MAX, 0).is_empty());
}

// Issue 11, point 1: a change that loses the race (stale version) stores no reply.
#[test]
fn outbox_gets_nothing_from_a_commit_that_is_refused() {
    let t = T::started(&["ann", "bob"]);
    let all: Vec<i64> = t
        .chat
        .undelivered("discord", i64::MAX, 0)
        .iter()
        .filter_map(|u| u.reply.outbox)
        .collect();
    t.chat.mark_delivered_ids(&all);
    let id = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap()
        .id;
    let v = t.version();
    let mut inner = t.chat.lock();
    let change = |p: &str| crate::store::Change {
        outbox: vec![crate::store::OutboxEntry {
            payload: p.into(),
            ..Default::default()
        }],
        ..Default::default()
    };
    inner
        .store
        .log_mut()
        .commit_full(id, v, change("a"), 1)
        .unwrap();
    assert!(inner
        .store
        .log_mut()
        .commit_full(id, v, change("b"), 1)
        .is_err());
    let left = inner
        .store
        .outbox()
        .undelivered("discord", i64::MAX, i64::MAX)
        .unwrap();
    assert_eq!(
        left.iter()
            .map(|p| p.entry.payload.as_str())
            .collect::<Vec<_>>(),
        vec!["a"]
    );
}

/// Speed and scale: the loaded-game cache is bounded, and a game evicted from it reloads
/// from its snapshot (no replay of the log).
#[test]
fn game_cache_is_bounded_and_evicted_games_reload_from_their_snapshot() {
    let t = T::started(&["ann", "bob"]);
    t.chat.set_cache_capacity(1);
    let other = Place {
        channel: "c2".into(),
        ..place()
    };
    let in_other = |user: &str, text: &str| {
        let mut r = req(user, text);
        r.place = other.clone();
        let out = t.chat.handle(&r);
        assert!(
            !out.iter().any(|r| r.is_error),
            "`{text}`: {:?}",
            out[0].text
        );
    };
    in_other("cy", "game new count");
    in_other("dee", "game join");
    in_other("cy", "game start");
    for _ in 0..3 {
        t.ok("ann", "move add 1; end");
        in_other("cy", "move add 2; end");
        t.ok("bob", "move add 1; end");
        in_other("dee", "move add 1; end");
        assert!(
            t.chat.lock().cache.ids().len() <= 1,
            "the cache holds one game"
        );
    }
    assert_eq!(
        t.chat.lock().replays,
        0,
        "evicted games came back from snapshots"
    );
    let inner = t.chat.lock();
    let pos = |id: i64| -> Vec<u32> {
        let g: Count =
            serde_json::from_slice(&inner.store.log().snapshot(id).unwrap().unwrap().1).unwrap();
        g.pos
    };
    assert_eq!(pos(1), vec![3, 3]);
    assert_eq!(pos(2), vec![6, 3]);
}

/// Speed and scale: start-up does not load healthy games (they load lazily); a game with a
/// missing snapshot is rebuilt by replay at start-up, one of an unknown kind is reported.
#[test]
fn start_up_check_loads_only_games_that_need_it() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2; end");
    let other = Place {
        channel: "c2".into(),
        ..place()
    };
    for (user, text) in [
        ("cy", "game new count"),
        ("dee", "game join"),
        ("cy", "game start"),
    ] {
        let mut r = req(user, text);
        r.place = other.clone();
        assert!(!t.chat.handle(&r)[0].is_error);
    }
    {
        let mut inner = t.chat.lock();
        inner.store.debug_drop_snapshot(1).unwrap();
        inner.cache.clear();
    }
    assert!(t.chat.check_games().is_empty());
    {
        let inner = t.chat.lock();
        assert_eq!(
            inner.cache.ids(),
            vec![1],
            "only the game without a snapshot was loaded"
        );
        assert_eq!(inner.replays, 1);
        assert!(
            inner.store.log().snapshot(1).unwrap().is_some(),
            "and its snapshot rebuilt"
        );
    }
    t.ok("bob", "move add 1");
    let mut r = req("cy", "move add 1");
    r.place = other;
    assert!(
        !t.chat.handle(&r)[0].is_error,
        "the lazily loaded game plays"
    );
}

fn stored_count(t: &T) -> Count {
    serde_json::from_slice(&t.chat.lock().store.log().snapshot(1).unwrap().unwrap().1).unwrap()
}

/// Speed and scale: an undo late in a long game replays from the nearest checkpoint still
/// on the line of play, not from the seed. The checkpoint is tampered with so the result
/// shows whether it was used.
#[test]
fn undo_replays_from_the_nearest_checkpoint_still_in_effect() {
    let t = T::started(&["ann", "bob"]);
    // Slowly enough for the rate limit.
    let ok = |text: &str| {
        t.clock.fetch_add(5, Ordering::SeqCst);
        t.ok("ann", text);
    };
    for _ in 0..105 {
        ok("move hide");
    }
    assert_eq!(
        t.chat.lock().store.log().checkpoint_seqs(1).unwrap(),
        vec![crate::store::CHECKPOINT_EVERY]
    );
    let mut tampered = stored_count(&t);
    tampered.hidden[0] = 1000;
    t.chat
        .lock()
        .store
        .debug_set_checkpoint(1, 100, &serde_json::to_vec(&tampered).unwrap())
        .unwrap();
    // 105 hides in effect; the undo leaves 104: checkpoint (100) + 4 replayed steps.
    ok("undo");
    assert_eq!(
        stored_count(&t).hidden[0],
        1004,
        "rebuilt from the checkpoint"
    );
    // Back below the checkpoint: it no longer describes the line of play.
    for _ in 0..5 {
        ok("undo");
    }
    assert_eq!(stored_count(&t).hidden[0], 99, "rebuilt from the seed");
    // A new line of play past the checkpoint's depth: same depth, other steps.
    ok("move hide");
    ok("move hide");
    ok("undo");
    assert_eq!(
        stored_count(&t).hidden[0],
        100,
        "a checkpoint whose steps were taken back is not used"
    );
}

#[test]
fn lock_timing_counts_only_while_turned_on() {
    let mut t = T::started(&["ann", "bob"]);
    let timer = Arc::new(LockTimer::default());
    t.chat.set_hooks(timer.clone());
    assert_eq!(timer.times(), LockTimes::default(), "off by default");
    t.ok("ann", "move add 1");
    assert_eq!(
        timer.times(),
        LockTimes::default(),
        "nothing counted while off"
    );
    timer.time(true);
    t.ok("ann", "move add 1; end");
    let on = timer.times();
    // A move reads the game and commits it: at least two separate holds of the lock.
    assert!(on.taken >= 2, "{on:?}");
    assert!(on.held > std::time::Duration::ZERO, "{on:?}");
    timer.time(false);
    assert_eq!(
        timer.times(),
        LockTimes::default(),
        "turning it off resets it"
    );
    t.ok("bob", "move add 2");
    assert_eq!(timer.times(), LockTimes::default());
}
