//! Nippon tests of a player's turn and blueprints (NIP-TURN), mirroring `rules/turn.rs`.

use super::*;

// ---- Sequence of play ----

// NIP-TURN-2, NIP-CONS-1
#[test]
fn nip_turn_2_take_a_worker_or_consolidate() {
    let d = data();
    let mut g = fresh(&d, 2);
    for s in legal(&g, &d, g.current) {
        assert!(s.starts_with("take ") || s == "consolidate", "{s}");
    }
    assert!(legal(&g, &d, g.current).contains(&"consolidate".to_string()));
    // No `run` now: the answer says which steps there are instead.
    let e = rejected_now(&mut g, &d, "run silk");
    assert!(
        e.contains("no step starts with `run`") && e.contains("`take`"),
        "{e}"
    );
}

// NIP-TURN-3
#[test]
fn nip_turn_3_blueprints_raise_a_track_any_time_of_ones_turn() {
    let d = data();
    // Both players gathered 3 blueprints or more; purple holds 3 to 5 and plays.
    let g = steered(2, keep_blueprints, |g| {
        g.current == 0
            && g.stage == Stage::Start
            && (3..=5).contains(&g.players[0].blueprints)
            && g.players[1].blueprints >= 3
    });
    let (b, coal) = (g.players[0].blueprints, g.players[0].tracks[1]);
    let mut h = g.clone();
    play_now(&mut h, &d, "blueprints coal");
    assert_eq!(
        (h.players[0].blueprints, h.players[0].tracks[1]),
        (b - 3, coal + 1)
    );
    assert!(rejected_now(&mut h, &d, "blueprints coal").contains("blueprint"));
    // In the middle of an action too, but never on another player's turn.
    let mut h = g.clone();
    let take = legal(&h, &d, 0)
        .into_iter()
        .find(|t| t.starts_with("take"))
        .unwrap();
    play_now(&mut h, &d, &take);
    if h.stage == Stage::Choose {
        let what = legal(&h, &d, 0)
            .into_iter()
            .find(|t| t.starts_with("do"))
            .unwrap();
        play_now(&mut h, &d, &what);
    }
    let money = h.players[0].tracks[0];
    play_now(&mut h, &d, "blueprints money");
    assert_eq!(h.players[0].tracks[0], money + 1);
    let e = g
        .check(&d, 1, &Step::Blueprints(TrackKind::Money))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("it is not your turn: purple plays now"),
        "{e}"
    );
}

// NIP-TURN-3: not in a way that leaves the action impossible to finish.
#[test]
fn nip_turn_3_blueprints_cannot_strand_an_action() {
    let d = data();
    // Knowledge 1, 3 blueprints (a reward of 2 for three workers of two colours), 6,000
    // yen: a silk factory needs 1 blueprint.
    let mut g = position(&format!(
        "{TWO_SEED_11}{}
         purple: take 4 black
         purple: do trains
         purple: train hokkaido
         purple: done
         blue: consolidate{}
         purple: consolidate
         purple: reward 2 blueprints
         purple: space contracts
         purple: done         # the turn waited: 3 blueprints could be spent
         blue: consolidate",
        coal_takes(&["black"]),
        coal_takes(&["brown"])
    ));
    assert_eq!((g.players[0].blueprints, g.players[0].yen), (3, 6_000));
    begin(&mut g, &d, Action::Factory);
    assert!(rejected_now(&mut g, &d, "blueprints money").contains("impossible"));
    // Raising knowledge to 2 covers the need instead.
    play_all(&mut g, &d, 0, "blueprints knowledge; build silk");
}

// NIP-TURN-3: blueprints may not leave the running action impossible to finish, also when
// the only other step left is the `do coal` that `take` left to confirm (every step ends
// that one, so it is no way on): raising coal to the top would leave no coal move.
#[test]
fn nip_turn_3_blueprints_cannot_take_the_actions_own_marker_to_the_top() {
    let d = data();
    let (mut g, _, _) = seed31_before_its_last_line(&d, Nippon::RULES_VERSION);
    let e = rejected_now(&mut g, &d, "blueprints coal");
    assert!(e.contains("impossible to finish"), "{e}");
    let l = legal(&g, &d, 1);
    assert!(l.contains(&"up 1".to_string()), "{l:?}");
    assert!(!l.contains(&"blueprints coal".to_string()), "{l:?}");
    // Another track is fine, and the coal move is still there after it.
    play_now(&mut g, &d, "blueprints money");
    assert!(legal(&g, &d, 1).contains(&"up 1".to_string()));
    play_now(&mut g, &d, "up 1");
    assert_eq!(
        g.players[1].tracks[TrackKind::Coal.index()],
        d.track(TrackKind::Coal).top()
    );
}

// NIP-TURN-3 under rules version 1 (a game begun before the fix): the blueprints are
// accepted as they were then, and the action, left without a possible step, ends as it
// stands instead of waiting for a coal move nobody can make. The game goes on.
#[test]
fn nip_turn_3_a_version_1_game_whose_action_was_made_impossible_ends_that_action() {
    let d = data();
    let (mut g, _, _) = seed31_before_its_last_line(&d, 1);
    let a = play_now(&mut g, &d, "blueprints coal");
    assert!(
        said(&a, "\n").contains("No step can carry on bob's action"),
        "{}",
        said(&a, "\n")
    );
    assert_eq!(g.players[1].blueprints, 1);
    // 1 blueprint left: nothing to spend, so the turn passed.
    assert_eq!(g.current, 0);
    for seat in g.status().acting().to_vec() {
        assert!(!g.legal_steps(&d, seat).is_empty(), "seat {seat} can act");
    }
    // Every seat the status names as acting can act, from then on to the end.
    let kind = Kind::<Nippon>::leak(d, render::render);
    let mut any = kind.restore(&serde_json::to_vec(&g).unwrap()).unwrap();
    assert_eq!(any.rules_version(), 1);
    let mut pick = GameRng::new(3);
    let mut chooser = GameRng::new(4);
    crate::engine::conformance::check_liveness(&mut *any, 20_000, &mut pick, |_, _, c| {
        chooser.below(c.len())
    });
}

// NIP-TURN-3 and rules versions: the reproduction of issue #47 (`blueprints coal` in a coal
// action `take` began by itself, the coal marker one below the top), played under rules
// version 1 as it was (each line all or nothing, as the chat plays a chain), ends with the
// game going on; under version 2 its last line is refused as impossible to finish.
#[test]
fn nip_turn_3_the_stuck_reproduction_replays_under_version_1_and_goes_on() {
    let d = data();
    let (mut g, mut taken, refused) = seed31_before_its_last_line(&d, 1);
    assert!(
        refused.len() < 60,
        "the reproduction plays (refused: {refused:?})"
    );
    let why = g
        .parse_step(&d, 1, "blueprints coal")
        .map(|s| g.check(&d, 1, &s));
    assert!(
        replay_line(&mut g, &d, &mut taken, 1, "blueprints coal"),
        "version 1 takes them: {why:?}; refused before: {refused:?}; stage {:?}, begun {:?}",
        g.stage,
        g.begun
    );
    assert!(g
        .log
        .iter()
        .any(|l| l.contains("No step can carry on bob's action")));
    for seat in g.status().acting().to_vec() {
        assert!(!g.legal_steps(&d, seat).is_empty(), "seat {seat} can act");
    }
    let (mut g, _, _) = seed31_before_its_last_line(&d, Nippon::RULES_VERSION);
    let e = crate::engine::testing::rejected(&mut g, &d, 1, "blueprints coal");
    assert!(e.contains("impossible to finish"), "{e}");
}

// NIP-TURN-3: "at any moment during their own turn", so also after the step that ends the
// action: the blueprints a clocks factory's synergy gives can be spent before the turn
// passes, and `done` then ends the turn. Without 3 blueprints there is nothing to ask.
#[test]
fn nip_turn_3_blueprints_won_on_the_last_step_are_spent_before_the_turn_passes() {
    let d = data();
    let one = about_to_build_clocks(1, 0);
    let mut g = one.clone();
    play_now(&mut g, &d, "build clocks");
    assert_eq!(g.players[0].blueprints, 3);
    assert_eq!(g.current, 0, "the turn is still purple's");
    assert_eq!(g.status(), Status::Acting(vec![0]));
    let l = legal(&g, &d, g.current);
    for s in ["done", "blueprints money", "blueprints coal"] {
        assert!(l.contains(&s.to_string()), "{s} in {l:?}");
    }
    assert!(rejected_now(&mut g, &d, "take 1 black").contains("done"));
    let money = g.players[0].tracks[0];
    let a = play_now(&mut g, &d, "blueprints money");
    assert_eq!(g.players[0].tracks[0], money + 1);
    // None left to spend: the turn passes without a question.
    assert!(a.turn_ended);
    assert_eq!(g.current, 1);

    // `done` ends the turn with the blueprints kept.
    let mut g = one.clone();
    play_now(&mut g, &d, "build clocks");
    let a = play_now(&mut g, &d, "done");
    assert!(a.turn_ended);
    assert_eq!((g.current, g.players[0].blueprints), (1, 3));

    // The prompt names only the tracks the blueprints can still raise.
    let mut g = about_to_build_clocks_at_the_knowledge_top();
    let a = play_now(&mut g, &d, "build clocks");
    let l = legal(&g, &d, 0);
    let tracks: Vec<&str> = l
        .iter()
        .filter_map(|t| t.strip_prefix("blueprints "))
        .collect();
    assert!(
        !tracks.contains(&"knowledge") && !tracks.is_empty(),
        "{tracks:?}"
    );
    let prompt = format!("`blueprints <{}>`", tracks.join("|"));
    assert!(said(&a, " | ").contains(&prompt), "{}", said(&a, " | "));

    // Fewer than 3 blueprints after the last step: the turn passes at once (one knowledge
    // level short costs the one blueprint, the synergy gives 2).
    let mut g = about_to_build_clocks(1, 1);
    play_now(&mut g, &d, "build clocks");
    assert_eq!((g.current, g.players[0].blueprints), (1, 2));
}

// NIP-TURN-3, NIP-TRIG-4: a player's last turn of the game is still their turn after its
// action, so blueprints held then are not lost to the end of the game.
#[test]
fn nip_turn_3_blueprints_can_be_spent_on_the_last_turn_of_the_game() {
    let d = data();
    let mut g = steered(2, keep_blueprints, |g| {
        g.final_turns == Some(1)
            && g.stage == Stage::Start
            && (3..=5).contains(&g.players[g.current].blueprints)
    });
    let s = g.current;
    steer_on(&mut g, keep_blueprints, |g| g.stage == Stage::Spend);
    assert!(g.result.is_none(), "the game waits for the last player");
    assert_eq!(g.status(), Status::Acting(vec![s]));
    let spend = legal(&g, &d, s)
        .into_iter()
        .find(|t| t.starts_with("blueprints "));
    let spend = spend.expect("blueprints to spend");
    play_now(&mut g, &d, &spend);
    assert!(g.result.is_some(), "then the game ends");
}

// NIP-TURN-4, NIP-TRIG-6, NIP-END-1
#[test]
fn nip_turn_4_three_scorings_then_the_end() {
    let d = data();
    // A game played on until a full refill moves the marker onto the first golden slot.
    let mut g = steered(2, rush, |g| g.final_turns.is_some());
    assert_eq!((g.marker, g.scorings), (d.first_golden, 2));
    assert_eq!(g.final_turns, Some(6));
    for _ in 0..6 {
        assert!(g.result.is_none());
        consolidate_turn(&mut g, &d);
    }
    assert_eq!(g.scorings, 3);
    assert!(g.status().is_finished());
    assert!(g.legal_steps(&d, 0).is_empty() && g.legal_steps(&d, 1).is_empty());
}

/// When `done` is all a seat could do, the game plays it: the turn passes by itself.
#[test]
fn nip_turn_3_done_as_the_only_step_is_played_by_itself() {
    let d = data();
    let mut g = position(SILK_BUILT);
    assert_eq!(g.players[0].blueprints, 0);
    begin(&mut g, &d, Action::Produce);
    let a = play_now(&mut g, &d, "run silk");
    assert_eq!(g.current, 1, "the turn passed: {}", said(&a, " | "));
    assert_eq!(g.stage, Stage::Start);
    assert!(
        said(&a, " | ").contains("can do nothing more"),
        "{}",
        said(&a, " | ")
    );
}
