//! Turn tests: steps typed, chained, refused, undone, the buttons and the suggestions.

use super::*;

#[test]
fn not_your_turn_is_refused_and_changes_nothing() {
    let t = T::started(&["ann", "bob"]);
    let v = t.version();
    assert!(t.err("bob", "move add 1").contains("not your turn"));
    assert!(t.err("cy", "move add 1").contains("not playing"));
    assert_eq!(t.version(), v);
}

#[test]
fn illegal_step_lists_the_legal_ones_and_changes_nothing() {
    let t = T::started(&["ann", "bob"]);
    let v = t.version();
    let e = t.err("ann", "move fly");
    assert!(
        e.contains("no step starts with `fly`; steps you can take now start with `add`")
            && e.contains("`end`"),
        "{e}"
    );
    assert_eq!(t.version(), v);
}

#[test]
fn a_refused_step_says_its_rule_and_text_fitting_nothing_suggests_only_legal_steps() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 1; add 2");
    let v = t.version();
    let e = t.err("ann", "move add 1");
    assert!(
        e.contains("added twice") && e.contains("`rules count turn`"),
        "{e}"
    );
    let e = t.err("ann", "move fly");
    assert!(
        e.contains("`end`") && !e.contains("`add") && !e.contains("`unhide`"),
        "{e}"
    );
    assert_eq!(t.version(), v);
}

#[test]
fn move_alone_lists_the_step_that_ends_the_turn_first() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move");
    let text = r[0].text.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Your legal steps (6):");
    assert_eq!(lines[1], "`end`", "{}", r[0].text);
}

#[test]
fn a_chain_may_end_with_steps_the_end_of_the_game_made_void() {
    let t = T::started(&["ann", "bob"]);
    for _ in 0..2 {
        t.ok("ann", "move add 2; add 2; end");
        t.ok("bob", "move end");
    }
    let r = t.ok("ann", "move add 2; add 2; end; end");
    assert!(
        r.iter().any(|r| r.text.contains("so `end` was not played")),
        "{r:?}"
    );
    assert_eq!(
        t.log().len(),
        11,
        "the game-ending steps are played: {:?}",
        t.log()
    );
    let e = t.err("ann", "move end");
    assert!(e.contains("has ended"), "{e}");
}

#[test]
fn an_unknown_command_suggests_the_near_command_or_move_for_a_step() {
    let t = T::started(&["ann", "bob"]);
    let v = t.version();
    let e = t.err("ann", "end");
    assert!(e.contains("write `move end`"), "{e}");
    let e = t.err("ann", "gmae status");
    assert!(e.contains("did you mean `game`?"), "{e}");
    // A near command and a step alike (Himalaya's `start 7` is near `stats`): both are
    // offered, in sentences that end once.
    let e = t.err("ann", "start 7");
    assert!(
        e.contains("did you mean `stats`? To play it as a step, write `move start 7`."),
        "{e}"
    );
    assert!(!e.contains("?."), "{e}");
    assert_eq!(t.version(), v);
}

#[test]
fn the_game_ending_message_keeps_every_event_even_one_said_twice() {
    let t = T::started(&["ann", "bob"]);
    for _ in 0..2 {
        t.ok("ann", "move add 2; add 2; end");
        t.ok("bob", "move end");
    }
    let r = t.ok("ann", "move add 2; shout; shout; add 2; end");
    let text = r[0].text.to_string();
    assert_eq!(text.matches("Hey!").count(), 2, "{text}");
    assert!(text.contains("The game is over"), "{text}");
}

#[test]
fn chained_steps_apply_together_or_not_at_all() {
    let t = T::started(&["ann", "bob"]);
    t.err("ann", "move add 1; add 2; add 1");
    assert!(t.log().is_empty(), "a failing chain plays nothing");
    let r = t.ok("ann", "move add 1; add 2; end");
    assert_eq!(t.log(), vec!["add 1", "add 2", "end"]);
    assert_eq!(
        r[0].pings,
        vec!["id-bob"],
        "exactly the next player is pinged"
    );
    assert!(r[0].image.is_some());
}

#[test]
fn undo_own_step_within_the_turn() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move add 2");
    t.ok("ann", "undo");
    let inner = t.chat.lock();
    let id = inner
        .store
        .log()
        .active_game("discord", "c1")
        .unwrap()
        .unwrap()
        .id;
    let snap = inner.store.log().snapshot(id).unwrap().unwrap().1;
    let g: Count = serde_json::from_slice(&snap).unwrap();
    assert_eq!(g.pos, vec![0, 0]);
}

#[test]
fn undo_after_a_random_draw_needs_everyone_else() {
    let t = T::started(&["ann", "bob", "cy"]);
    t.ok("ann", "move draw");
    let r = t.ok("ann", "undo");
    assert!(r[0].text.contains("undo accept"));
    assert_eq!(r[0].pings, vec!["id-bob", "id-cy"]);
    t.ok("bob", "undo accept");
    assert_eq!(t.log(), vec!["draw"], "not yet: cy has not agreed");
    t.ok("cy", "undo accept");
    assert_eq!(t.log(), vec!["draw", "undo"]);
}

#[test]
fn undo_reject_keeps_the_step() {
    let t = T::started(&["ann", "bob"]);
    t.ok("ann", "move end");
    t.ok("ann", "undo");
    t.ok("bob", "undo reject");
    assert!(t.err("bob", "undo accept").contains("no undo request"));
    assert_eq!(t.log(), vec!["end"]);
}

#[test]
fn stale_button_does_nothing_but_explain() {
    let t = T::started(&["ann", "bob"]);
    let v = t.version();
    t.ok("ann", "move add 1");
    let mut r = req("ann", "move end");
    r.expected_version = Some(v);
    let out = t.chat.handle(&r);
    assert!(out[0].is_error && out[0].text.contains("earlier moment"));
    assert_eq!(t.log(), vec!["add 1"]);
}

#[test]
fn buttons_offer_single_word_steps_at_the_current_version() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move add 1");
    let v = t.version();
    assert!(r[0]
        .buttons
        .iter()
        .any(|b| b.command == "move end" && b.version == v));
}

#[test]
fn same_request_id_is_applied_once() {
    let t = T::started(&["ann", "bob"]);
    let mut r = req("ann", "move add 1");
    r.request_id = Some("interaction-1".into());
    let first = t.chat.handle(&r);
    assert!(!first[0].is_error);
    // The repeat is answered with the first handling's replies, and changes nothing.
    let again = t.chat.handle(&r);
    let texts = |v: &[Reply]| v.iter().map(|r| r.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&again), texts(&first));
    assert_eq!(t.log(), vec!["add 1"]);
}

#[test]
fn private_events_go_only_to_their_player() {
    let t = T::started(&["ann", "bob"]);
    let r = t.ok("ann", "move draw");
    for reply in &r {
        if reply.text.contains("SECRET-") {
            assert_eq!(reply.visibility, Visibility::Private("id-ann".into()));
        }
    }
    let public = t.ok("bob", "board");
    assert!(!public[0].text.contains("SECRET-"));
    let private = t.ok("ann", "board private");
    assert_eq!(private[0].visibility, Visibility::Private("id-ann".into()));
    assert!(private[0].text.contains("SECRET-"));
}

#[test]
fn autocomplete_offers_matching_legal_steps_after_earlier_ones() {
    let t = T::started(&["ann", "bob"]);
    let s = t.chat.suggest_steps(&place(), "id-ann", "ad", 25);
    assert_eq!(
        s.iter().map(|s| s.notation.as_str()).collect::<Vec<_>>(),
        vec!["add 1", "add 2"]
    );
    let s = t
        .chat
        .suggest_steps(&place(), "id-ann", "add 1; add 1; a", 25);
    assert!(s.is_empty(), "two adds used up: {s:?}");
    let s = t.chat.suggest_steps(&place(), "id-ann", "add 1; e", 25);
    assert_eq!(s[0].notation, "add 1; end");
    assert!(
        t.chat.suggest_steps(&place(), "id-bob", "", 25).is_empty(),
        "not bob's turn"
    );
}

// Issue 11, point 8: the final message of a four-player Himalaya game played to the end
// never repeats a line (it said "The game is over" twice).
#[test]
fn the_final_message_of_a_four_player_himalaya_game_repeats_no_line() {
    let reg = Registry::builtin();
    let Some(kind) = reg.get("himalaya") else {
        return;
    };
    let names = ["ann", "bob", "cy", "dee"];
    let t = T {
        chat: Chat::new(Store::open_in_memory().unwrap(), reg, Env::fixed(1_000, 77)),
        clock: Arc::new(AtomicI64::new(0)),
    };
    t.ok("ann", "game new himalaya");
    for p in &names[1..] {
        t.ok(p, "game join");
    }
    t.ok("ann", "game start");
    let players: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    let mut mirror = kind.setup(&players, &Options::new(), 77).unwrap();
    let mut last = Vec::new();
    let mut pick = GameRng::new(11);
    for _ in 0..20_000 {
        let Status::Acting(a) = mirror.status() else {
            break;
        };
        let seat = a[0];
        // Mostly random legal steps (a varied game), with defaults to move it along.
        let legal = mirror.legal(seat);
        let step = if pick.below(3) > 0 && !legal.is_empty() {
            legal[pick.below(legal.len())].notation.clone()
        } else {
            mirror.default_step(seat).expect("a default step")
        };
        mirror.play(seat, &step).unwrap();
        last = t.ok(names[seat], &format!("move {step}"));
    }
    assert!(mirror.status().is_finished(), "the game ended");
    // The final message answers the move; the timelapse and the replay file follow it
    // (issue 35: posted after the answer), each with its file.
    let files: Vec<String> = t
        .chat
        .post_end_files(1)
        .unwrap()
        .expect("the end files are owed")
        .replies
        .iter()
        .filter_map(|r| r.file.as_ref().map(|f| f.0.clone()))
        .collect();
    assert_eq!(
        files,
        ["sherpa-himalaya-1-timelapse.gif", "sherpa-himalaya-1.json"]
    );
    let public: Vec<&Reply> = public(&last);
    assert!(public.iter().all(|r| r.file.is_none()), "{last:?}");
    assert_eq!(public.len(), 1, "{last:?}");
    let text = public[0].text.to_string();
    eprintln!("final message ({} bytes):\n{text}", text.len());
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    for (i, a) in lines.iter().enumerate() {
        for b in &lines[i + 1..] {
            assert_ne!(a, b, "line repeated:\n{text}");
            if a.len().min(b.len()) >= 20 {
                assert!(
                    !a.contains(b) && !b.contains(a),
                    "a line repeated inside another:\n{a}\n{b}"
                );
            }
        }
    }
    assert_eq!(
        text.to_lowercase().matches("the game is over").count(),
        1,
        "{text}"
    );
}

// Issue 11, point 10: the suggestions rank the short steps that end or pass a turn first
// (so `end` is among even the first few), and a chain longer than Discord's 100 characters
// still gets suggestions for its last step, whose text plays the same steps.
#[test]
fn autocomplete_ranks_turn_ending_steps_first_and_fits_long_chains() {
    let t = T::started(&["ann", "bob"]);
    let s = t.chat.suggest_steps(&place(), "id-ann", "", 2);
    assert_eq!(s[0].notation, "end", "{s:?}");
    assert_eq!(s[1].notation, "add 1", "then the game's order: {s:?}");
    let chain = "hide; ".repeat(20);
    assert!(chain.len() > 100);
    let s = t
        .chat
        .suggest_steps_within(&place(), "id-ann", &format!("{chain}en"), 25, 100);
    assert_eq!(s.len(), 1, "{s:?}");
    assert!(s[0].notation.chars().count() <= 100, "{}", s[0].notation);
    assert!(s[0].notation.ends_with("end"), "{}", s[0].notation);
    let s = t
        .chat
        .suggest_steps_within(&place(), "id-ann", &chain, 25, 100);
    assert!(s.len() >= 4 && s[0].notation.ends_with("end"), "{s:?}");
    // The shortened text plays the same 20 hides and the end.
    let s = t
        .chat
        .suggest_steps_within(&place(), "id-ann", &format!("{chain}en"), 25, 100);
    t.ok("ann", &format!("move {}", s[0].notation));
    let log = t.log();
    assert_eq!(log.iter().filter(|s| *s == "hide").count(), 20, "{log:?}");
    assert_eq!(log.last().map(String::as_str), Some("end"));
}

// Issue 35: `move` (or `game join`) after the end says the game here has ended and where
// its result is, not "no game here" while `game status` still shows the finished game.
#[test]
fn move_after_the_end_says_the_game_has_ended_and_where_its_result_is() {
    let t = T::started(&["ann", "bob"]);
    t.ann_wins_against("bob");
    for text in ["move end", "move", "game join"] {
        let e = t.err("bob", text);
        assert!(
            e.contains("the game of Count here has ended"),
            "{text}: {e}"
        );
        assert!(
            e.contains("game status") && e.contains("game rematch"),
            "{e}"
        );
        assert!(!e.contains("no game here"), "{e}");
    }
    let status = t.ok("bob", "game status")[0].text.to_string();
    assert!(!status.contains("no game here"), "{status}");
}

// Issue 35: Himalaya's `unseal` makes its sender act again; the reply names them but never
// pings the player who just sent it.
#[test]
fn himalaya_unseal_does_not_ping_its_sender() {
    let t = T {
        chat: Chat::new(
            Store::open_in_memory().unwrap(),
            Registry::builtin(),
            Env::fixed(1_000, 99),
        ),
        clock: Arc::new(AtomicI64::new(0)),
    };
    t.ok("ann", "game new himalaya");
    t.ok("bob", "game join");
    t.ok("cy", "game join");
    t.ok("ann", "game start");
    // Caravan placement: whoever acts takes the first village they may.
    while t.chat.status_json(&place())["acting"]
        .as_array()
        .unwrap()
        .len()
        == 1
    {
        let who = t.chat.status_json(&place())["acting"][0]
            .as_str()
            .unwrap()
            .to_string();
        let placed = (1..=20).any(|v| {
            let r = t.say(&who, &format!("move start {v}"));
            !r.iter().any(|r| r.is_error)
        });
        assert!(placed, "{who} could place a caravan");
    }
    t.ok("ann", "move program rest rest rest rest rest rest");
    let r = t.ok("ann", "move unseal");
    assert!(
        r.iter().all(|r| !r.pings.contains(&"id-ann".to_string())),
        "{r:?}"
    );
}
