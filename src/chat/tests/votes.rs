//! Vote tests: kicks, aborts and resignations, their buttons and deadlines.

use super::*;

#[test]
fn kick_needs_every_other_players_vote_or_an_admin() {
    let t = bob_votes_to_kick_ann();
    assert!(!t.chat.lock().store.log().seats(1).unwrap()[0].resigned);
    t.ok("cy", "game kick ann");
    assert!(t.chat.lock().store.log().seats(1).unwrap()[0].resigned);
    // ann's pending turn was played automatically: now bob acts.
    assert_eq!(t.log(), vec!["end"]);
    let mut r = req("dee", "game kick bob");
    r.user.is_channel_admin = true;
    assert!(!t.chat.handle(&r)[0].is_error);
    assert!(t.chat.lock().store.log().seats(1).unwrap()[1].resigned);
}

#[test]
fn abort_needs_all_players_or_an_admin() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "game abort");
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .is_some());
    assert!(t.err("zed", "game abort").contains("only players"));
    t.ok("bob", "game abort");
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .is_none());
}

#[test]
fn resign_plays_the_resigned_seat_automatically_to_the_end() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "game resign");
    // bob adds to ten over several turns; ann's turns pass by themselves.
    for _ in 0..5 {
        t.ok("bob", "move add 1; add 1; end");
    }
    let g = t
        .chat
        .lock()
        .store
        .log()
        .latest_game("discord", "c1")
        .unwrap()
        .unwrap();
    assert_eq!(g.status, crate::store::GameStatus::Finished);
}

// Issue 11, point 5: a button carries the game version; a stale "vote to remove" button
// does nothing but explain, and its vote does not count.
#[test]
fn a_stale_kick_button_does_not_count_as_a_vote() {
    let t = T::started(&["ann", "bob", "cy"]);
    let old = t.version();
    t.ok("ann", "move add 1; end");
    let id = t
        .chat
        .lock()
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap()
        .id;
    // bob, whose turn it is, has been waited for past the default deadline.
    t.clock
        .fetch_add(crate::chat::votes::DEFAULT_KICK_AFTER, Ordering::SeqCst);
    let mut press = req("cy", "game kick bob");
    press.expected_version = Some(old);
    let r = t.chat.handle(&press);
    assert!(
        r.len() == 1 && r[0].is_error && r[0].pings.is_empty(),
        "{r:?}"
    );
    assert!(
        r[0].text.to_string().contains("earlier moment"),
        "{}",
        r[0].text
    );
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .voters(id, "kick:1")
        .unwrap()
        .is_empty());
    press.expected_version = Some(t.version());
    let r = t.chat.handle(&press);
    assert!(!r[0].is_error, "{r:?}");
    assert_eq!(
        t.chat.lock().store.log().voters(id, "kick:1").unwrap(),
        vec!["id-cy".to_string()]
    );
}

// Issue 11, point 5: a repeated identical vote changes nothing and pings nobody; the voter
// alone is told their vote is already in.
#[test]
fn a_repeated_vote_changes_nothing_and_pings_nobody() {
    let t = T::started(&["ann", "bob", "cy"]);
    let first = t.ok("bob", "game abort");
    assert!(!first[0].pings.is_empty(), "the first vote asks the others");
    let v = t.version();
    let again = t.say("bob", "game abort");
    assert_eq!(again.len(), 1, "{again:?}");
    assert!(again[0].is_error && again[0].pings.is_empty(), "{again:?}");
    assert_eq!(again[0].visibility, Visibility::Private("id-bob".into()));
    let text = again[0].text.to_string();
    assert!(
        text.contains("already in") && text.contains("ann"),
        "{text}"
    );
    assert_eq!(t.version(), v);
}

fn times_in(r: &Reply) -> Vec<i64> {
    r.text
        .0
        .iter()
        .filter_map(|s| match s {
            Seg::Time { at, .. } => Some(*at),
            _ => None,
        })
        .collect()
}

// Issue 11, point 6: a kick needs a reason in the game's clock. With a third player out,
// one of the last two cannot remove the other alone unless the game has waited for that
// player past the deadline (72 h without one); the refusal says why and from when.
#[test]
fn kick_by_vote_needs_the_target_waited_on_past_the_deadline() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("cy", "game resign");
    let v = t.version();
    // ann acts (since the start at 1000) but has not been waited for long enough.
    let r = t.say("bob", "game kick ann");
    assert!(
        r.len() == 1 && r[0].is_error && r[0].pings.is_empty(),
        "{r:?}"
    );
    let text = r[0].text.to_string();
    assert!(text.contains("ann") && text.contains("3d"), "{text}");
    assert!(
        times_in(&r[0]).contains(&(1_000 + crate::chat::votes::DEFAULT_KICK_AFTER)),
        "the refusal says when the kick becomes possible: {:?}",
        r[0].text
    );
    // bob is not the one the game waits for: never by vote, whatever the clock.
    t.clock.fetch_add(
        10 * crate::chat::votes::DEFAULT_KICK_AFTER,
        Ordering::SeqCst,
    );
    let text = t.err("ann", "game kick bob");
    assert!(text.contains("not waiting for them"), "{text}");
    assert_eq!(t.version(), v, "refusals change nothing");
    assert!(t
        .chat
        .lock()
        .store
        .log()
        .voters(1, "kick:1")
        .unwrap()
        .is_empty());
    // Past the deadline, bob's vote alone (cy is out) removes ann.
    t.ok("bob", "game kick ann");
    assert!(t.chat.lock().store.log().seats(1).unwrap()[0].resigned);
}

// Issue 11, point 6: the game's own deadline (`remind deadline`) replaces the default, and
// the clock is the injected one; a channel admin can always remove a player.
#[test]
fn kick_by_vote_follows_the_games_deadline_and_admins_need_none() {
    let t = T::started(&["ann", "bob"]);
    t.ok("bob", "remind deadline 2h");
    t.clock.store(1_000 + 2 * 3600 - 60, Ordering::SeqCst);
    let r = t.say("bob", "game kick ann");
    assert!(r[0].is_error, "{r:?}");
    assert!(
        times_in(&r[0]).contains(&(1_000 + 2 * 3600)),
        "{:?}",
        r[0].text
    );
    t.clock.store(1_000 + 2 * 3600, Ordering::SeqCst);
    t.ok("bob", "game kick ann");
    assert!(t.chat.lock().store.log().seats(1).unwrap()[0].resigned);

    let t = T::started(&["ann", "bob"]);
    let mut r = req("dee", "game kick bob");
    r.user.is_channel_admin = true;
    assert!(!t.chat.handle(&r)[0].is_error);
    assert!(t.chat.lock().store.log().seats(1).unwrap()[1].resigned);
    // Abort keeps its vote: no clock needed.
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "game abort");
    t.ok("bob", "game abort");
}

/// ann, bob and cy, ann waited for longer than the default deadline, and bob's vote to
/// remove her in.
fn bob_votes_to_kick_ann() -> T {
    let t = T::started(&["ann", "bob", "cy"]);
    t.clock
        .fetch_add(crate::chat::votes::DEFAULT_KICK_AFTER, Ordering::SeqCst);
    t.ok("bob", "game kick ann");
    t
}

/// One of `replies` says `what`.
fn assert_said(replies: &[Reply], what: &str) {
    assert!(
        replies.iter().any(|r| r.text.to_string().contains(what)),
        "{what}: {replies:?}"
    );
}

fn motions(t: &T) -> Vec<String> {
    t.chat.lock().store.log().motions(1).unwrap()
}

// A vote that waited only for a player who then resigns passes at once: their resignation
// leaves every player with a vote agreed, as if the last vote had come.
#[test]
fn an_abort_that_waited_only_for_a_player_who_resigns_passes() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("ann", "game abort");
    t.ok("bob", "game abort");
    assert!(t.active(), "cy's vote is still needed");
    let r = t.ok("cy", "game resign");
    assert_said(&r, "The vote to abort the game now waits for no one");
    assert_said(&r, "The game was aborted");
    assert!(!t.active());
}

// A vote that still waits for someone else stays open when a player resigns.
#[test]
fn an_abort_still_waiting_for_another_player_stays_open_after_a_resignation() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("ann", "game abort");
    t.ok("cy", "game resign");
    assert!(t.active(), "bob has not voted");
    assert_eq!(motions(&t), vec!["abort".to_string()]);
    t.ok("bob", "game abort");
    assert!(!t.active());
}

// The vote to remove a player closes when that player resigns (they are out already), and
// the channel is told.
#[test]
fn a_kick_vote_closes_when_its_player_resigns() {
    let t = bob_votes_to_kick_ann();
    assert_eq!(motions(&t), vec!["kick:0".to_string()]);
    let r = t.ok("ann", "game resign");
    assert_said(&r, "The vote to remove **ann** is closed");
    assert!(motions(&t).is_empty());
    assert!(t.active());
}

// A player removed by a channel admin no longer holds up a vote either.
#[test]
fn an_abort_passes_when_an_admin_removes_the_last_player_it_waited_for() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("ann", "game abort");
    t.ok("bob", "game abort");
    let mut r = req("dee", "game kick cy");
    r.user.is_channel_admin = true;
    let out = t.chat.handle(&r);
    assert!(!out.iter().any(|r| r.is_error), "{out:?}");
    assert!(!t.active());
}

// A vote whose every voter has left closes rather than passes: the last player is not
// removed by a vote of players who are gone.
#[test]
fn a_vote_whose_voters_all_left_closes_instead_of_passing() {
    let t = bob_votes_to_kick_ann();
    t.ok("bob", "game resign");
    assert_eq!(
        motions(&t),
        vec!["kick:0".to_string()],
        "cy's vote is needed"
    );
    let r = t.ok("cy", "game resign");
    assert_said(&r, "everyone who voted for it has left the game");
    assert!(motions(&t).is_empty());
    assert!(!t.chat.lock().store.log().seats(1).unwrap()[0].resigned);
}
