//! Replay tests: `game history`, `game export` and the end files owed after the last move.

use super::*;

// Issue 11, point 7: after the end, `game history` answers from the channel's last finished
// game, like `game status` and `board`; `game export` attaches the replay file with the seed.
#[test]
fn history_and_export_answer_after_the_end() {
    let t = T::started(&["ann", "bob"]);
    for i in 0..4 {
        t.ok("ann", "move add 2; add 1; end");
        if i < 3 {
            t.ok("bob", "move add 1; end");
        }
    }
    assert!(t.chat.status_json(&place())["status"]
        .get("Finished")
        .is_some());
    t.ok("bob", "game status");
    t.ok("bob", "board");
    let r = t.ok("bob", "game history 100");
    let text = r[0].text.to_string();
    assert!(
        text.contains("add 2") && text.contains("end"),
        "the finished game's log: {text}"
    );
    let r = t.ok("cy", "game export");
    let (name, bytes) = r[0].file.as_ref().expect("the replay file is attached");
    assert!(name.ends_with(".json"), "{name}");
    let json = String::from_utf8(bytes.clone()).unwrap();
    assert!(json.contains("\"seed\": 77"), "the seed is in: {json}");
    assert!(r[0].text.contains("with the seed"), "{}", r[0].text);
}

// Issue 35: `game history` marks a step that was taken back, and the undo names it; the
// steps in effect read as played.
#[test]
fn history_marks_undone_steps_as_taken_back() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2");
    t.ok("ann", "undo");
    t.ok("ann", "move add 1");
    let h = t.ok("bob", "game history")[0].text.to_string();
    assert!(h.contains("#1 ann: add 2 (taken back)"), "{h}");
    assert!(h.contains("#2 ann took back #1"), "{h}");
    assert!(
        h.contains("#3 ann: add 1\n") || h.ends_with("#3 ann: add 1"),
        "{h}"
    );
    assert!(!h.contains("add 1 (taken back)"), "{h}");
}

// Issue 35: the move that ends a game is answered like any other, without the timelapse or
// the replay file (they take seconds to build); they follow, posted from the owed list the
// finishing change wrote, once however often they are asked for.
#[test]
fn the_last_move_is_answered_without_the_end_files_which_follow_once() {
    let t = T::started(&["ann", "bob"]);
    assert!(t
        .chat
        .owed_end_files("discord", None, 0)
        .unwrap()
        .is_empty());
    t.ok("ann", "move add 2; add 2; end");
    t.ok("bob", "move end");
    t.ok("ann", "move add 2; add 2; end");
    t.ok("bob", "move end");
    assert!(
        t.chat
            .owed_end_files("discord", None, 0)
            .unwrap()
            .is_empty(),
        "nothing owed while the game runs"
    );
    let last = t.ok("ann", "move add 2; add 2; end");
    assert!(t.chat.status_json(&place())["status"]
        .get("Finished")
        .is_some());
    assert!(
        last.iter().all(|r| r.file.is_none()),
        "the answer holds no timelapse or replay file: {last:?}"
    );
    assert!(last.iter().any(|r| r.image.is_some()), "the final board");
    assert_eq!(t.chat.owed_end_files("discord", None, 0).unwrap(), [1]);
    assert_eq!(
        t.chat.owed_end_files("discord", Some("c1"), 0).unwrap(),
        [1]
    );
    assert!(t
        .chat
        .owed_end_files("discord", Some("c2"), 0)
        .unwrap()
        .is_empty());
    let posted = t.chat.post_owed_end_files("discord", Some("c1"), 0);
    assert_eq!(posted.len(), 1);
    let f = &posted[0];
    assert_eq!((f.game_id, f.place.clone()), (1, place()));
    let names: Vec<&str> = f
        .replies
        .iter()
        .map(|r| r.file.as_ref().expect("each carries its file").0.as_str())
        .collect();
    assert_eq!(
        names,
        ["sherpa-count-1-timelapse.gif", "sherpa-count-1.json"]
    );
    assert!(f
        .replies
        .iter()
        .all(|r| r.visibility == Visibility::Public && r.outbox.is_some()));
    // In the outbox after the move's replies, undelivered until the front end sends them.
    let last_row = last.iter().filter_map(|r| r.outbox).max().unwrap();
    let undelivered: Vec<i64> = t
        .chat
        .undelivered("discord", i64::MAX, 0)
        .iter()
        .filter_map(|u| u.reply.outbox)
        .collect();
    let files: Vec<i64> = f.replies.iter().filter_map(|r| r.outbox).collect();
    assert!(files
        .iter()
        .all(|id| *id > last_row && undelivered.contains(id)));
    // Posting again posts nothing.
    assert!(t.chat.post_end_files(1).unwrap().is_none());
    assert!(t.chat.post_owed_end_files("discord", None, 0).is_empty());
    assert!(t
        .chat
        .owed_end_files("discord", None, 0)
        .unwrap()
        .is_empty());
}

// Issue 35: a process that stops between the last move's answer and the end files (the
// chat dropped) posts them once after the restart.
#[test]
fn end_files_owed_when_the_chat_stops_are_posted_once_after_a_restart() {
    let dir = std::env::temp_dir().join(format!("sherpa-chat-endfiles-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("c.db");
    let open = || T {
        chat: Chat::new(Store::open(&db).unwrap(), registry(), Env::fixed(1_000, 77)),
        clock: Arc::new(AtomicI64::new(0)),
    };
    let t = open();
    t.ok("ann", "game new count");
    t.ok("bob", "game join");
    t.ok("ann", "game start");
    t.ann_wins_against("bob");
    drop(t);
    let t = open();
    let posted = t.chat.post_owed_end_files("discord", None, 0);
    assert_eq!(posted.len(), 1, "posted after the restart");
    assert_eq!(posted[0].replies.len(), 2);
    assert!(posted[0].replies.iter().all(|r| r.file.is_some()));
    drop(t);
    let t = open();
    assert!(
        t.chat.post_owed_end_files("discord", None, 0).is_empty(),
        "and only once"
    );
    drop(t);
    let _ = std::fs::remove_dir_all(&dir);
}

// Issue 35: an aborted game owes no end files.
#[test]
fn an_aborted_game_owes_no_end_files() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "game resign");
    t.ok("bob", "game resign");
    let status = t.chat.lock().store.log().game(1).unwrap().status;
    assert_eq!(status, crate::store::GameStatus::Aborted);
    assert!(t
        .chat
        .owed_end_files("discord", None, 0)
        .unwrap()
        .is_empty());
}

// Issue 51 (front ends only deliver): what is due after an answer is the chat's call. A
// move that keeps the game going leaves nothing due; the move that ends it leaves its end
// files due, once: after they are posted, the same answer leaves nothing due.
#[test]
fn follow_ups_name_the_end_files_after_the_move_that_ends_the_game_only() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move add 2; add 2; end");
    assert_eq!(t.chat.follow_ups(&place(), &r), vec![]);
    t.ok("bob", "move end");
    t.ok("ann", "move add 2; add 2; end");
    let refused = t.say("bob", "move add 9");
    assert_eq!(t.chat.follow_ups(&place(), &refused), vec![]);
    t.ok("bob", "move end");
    let last = t.ok("ann", "move add 2; add 2; end");
    assert_eq!(
        t.chat.follow_ups(&place(), &last),
        vec![crate::chat::FollowUp::EndFiles]
    );
    let posted = t.chat.post_owed_end_files("discord", Some("c1"), 0);
    assert_eq!(posted.len(), 1);
    assert_eq!(t.chat.follow_ups(&place(), &last), vec![]);
}
