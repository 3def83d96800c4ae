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
    let mut g = fresh(&d, 2);
    // why: 7 and 3 blueprints are many synergy bonuses and rewards away
    g.players[0].blueprints = 7;
    play_all(&mut g, &d, 0, "blueprints coal; blueprints coal");
    assert_eq!(g.players[0].blueprints, 1);
    assert_eq!(g.players[0].tracks[1], 2);
    assert!(rejected_now(&mut g, &d, "blueprints coal").contains("blueprint"));
    // In the middle of an action too, but never on another player's turn.
    g.players[0].blueprints = 3;
    begin(&mut g, &d, Action::Machinery);
    play_now(&mut g, &d, "blueprints money");
    assert_eq!(g.players[0].tracks[0], 1);
    // why: above
    g.players[1].blueprints = 3;
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
    let mut g = coal_action_one_below_the_top(&d);
    assert_eq!(g.rules_version, Nippon::RULES_VERSION);
    let e = rejected_now(&mut g, &d, "blueprints coal");
    assert!(e.contains("impossible to finish"), "{e}");
    let l = legal(&g, &d, 0);
    assert!(l.contains(&"up 1".to_string()), "{l:?}");
    assert!(!l.contains(&"blueprints coal".to_string()), "{l:?}");
    // Another track is fine, and the coal move is still there after it.
    play_now(&mut g, &d, "blueprints money");
    assert!(legal(&g, &d, 0).contains(&"up 1".to_string()));
    play_now(&mut g, &d, "up 1");
    assert_eq!(
        g.players[0].tracks[TrackKind::Coal.index()],
        d.track(TrackKind::Coal).top()
    );
}

// NIP-TURN-3 under rules version 1 (a game begun before the fix): the blueprints are
// accepted as they were then, and the action, left without a possible step, ends as it
// stands instead of waiting for a coal move nobody can make. The game goes on.
#[test]
fn nip_turn_3_a_version_1_game_whose_action_was_made_impossible_ends_that_action() {
    let d = data();
    let mut g = coal_action_one_below_the_top(&d);
    // why: a game stored under rules version 1: no step makes one
    g.rules_version = 1;
    let a = play_now(&mut g, &d, "blueprints coal");
    assert!(
        said(&a, "\n").contains("No step can carry on purple's action"),
        "{}",
        said(&a, "\n")
    );
    assert_eq!(g.players[0].blueprints, 1);
    // 1 blueprint left: nothing to spend, so the turn passed.
    assert_eq!(g.current, 1);
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
    let names: Vec<String> = ["ann", "bob"].iter().map(|s| s.to_string()).collect();
    let log =
        include_str!("../../../../tests/data/rules_versions/nippon-blueprints-coal-seed31.log");
    let lines: Vec<(Seat, &str)> = log
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (who, typed) = l.split_once(':').expect("`name: steps`");
            (usize::from(who.trim() == "bob"), typed.trim())
        })
        .collect();
    // A line's steps one after the other; a refused step leaves the game as it was. `undo`
    // takes back the seat's own last step when the chat would alone (not past the end of
    // its turn, nor a step that drew at random). `taken` holds each step's state before it.
    type Taken = Vec<(Seat, bool, Nippon)>;
    let line = |g: &mut Nippon, taken: &mut Taken, seat: Seat, typed: &str| -> bool {
        if typed == "undo" {
            return match taken.last() {
                Some((s, alone, _)) if *s == seat && *alone => {
                    *g = taken.pop().expect("a step").2;
                    true
                }
                _ => false,
            };
        }
        let mut c = g.clone();
        let mut steps = Vec::new();
        for t in typed.split(';').map(str::trim) {
            let before = c.clone();
            let Ok(a) = c.parse_step(&d, seat, t).map(|s| c.apply(&d, seat, &s)) else {
                return false;
            };
            let Ok(a) = a else { return false };
            steps.push((seat, !a.irreversible && !a.turn_ended, before));
        }
        taken.extend(steps);
        *g = c;
        true
    };
    let (last, before) = lines.split_last().expect("lines");
    assert_eq!(*last, (1, "blueprints coal"));
    let mut g = setup_checked::<Nippon>(&d, &names, &Options::new(), 31).expect("setup");
    g.set_rules_version(1);
    let mut refused = Vec::new();
    let mut taken = Vec::new();
    for (seat, typed) in before {
        if !line(&mut g, &mut taken, *seat, typed) {
            refused.push(*typed);
        }
    }
    assert!(
        refused.len() < 60,
        "the reproduction plays (refused: {refused:?})"
    );
    let why = g
        .parse_step(&d, 1, "blueprints coal")
        .map(|s| g.check(&d, 1, &s));
    assert!(
        line(&mut g, &mut taken, 1, "blueprints coal"),
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
    let mut g = setup_checked::<Nippon>(&d, &names, &Options::new(), 31).expect("setup");
    let mut taken = Vec::new();
    for (seat, typed) in before {
        line(&mut g, &mut taken, *seat, typed);
    }
    let e = crate::engine::testing::rejected(&mut g, &d, 1, "blueprints coal");
    assert!(e.contains("impossible to finish"), "{e}");
}

// NIP-TURN-3: "at any moment during their own turn", so also after the step that ends the
// action: the blueprints a clocks factory's synergy gives can be spent before the turn
// passes, and `done` then ends the turn. Without 3 blueprints there is nothing to ask.
#[test]
fn nip_turn_3_blueprints_won_on_the_last_step_are_spent_before_the_turn_passes() {
    let d = data();
    let six = d.tracks[2].values.iter().position(|&v| v == 6).unwrap();
    let mut g = fresh(&d, 2);
    // why: knowledge 6 and tracks at the top: a whole game's actions
    g.players[0].tracks[2] = six;
    g.players[0].blueprints = 1;
    begin(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build clocks");
    assert_eq!(g.players[0].blueprints, 3);
    assert_eq!(g.current, 0, "the turn is still purple's");
    assert_eq!(g.status(), Status::Acting(vec![0]));
    let l = legal(&g, &d, g.current);
    for s in [
        "done",
        "blueprints money",
        "blueprints coal",
        "blueprints knowledge",
    ] {
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
    let mut g = fresh(&d, 2);
    // why: above
    g.players[0].tracks[2] = six;
    g.players[0].blueprints = 1;
    begin(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build clocks");
    let a = play_now(&mut g, &d, "done");
    assert!(a.turn_ended);
    assert_eq!((g.current, g.players[0].blueprints), (1, 3));

    // The prompt names only the tracks the blueprints can still raise.
    let mut g = fresh(&d, 2);
    // why: above
    g.players[0].tracks[2] = six;
    g.players[0].tracks[0] = d.tracks[0].top();
    g.players[0].blueprints = 1;
    begin(&mut g, &d, Action::Factory);
    let a = play_now(&mut g, &d, "build clocks");
    let texts: Vec<&str> = a.events.iter().map(|e| e.text.as_str()).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("`blueprints <coal|knowledge>`")),
        "{texts:?}"
    );

    // Fewer than 3 blueprints after the last step: the turn passes at once.
    let mut g = fresh(&d, 2);
    // why: above
    g.players[0].tracks[2] = six;
    g.players[0].blueprints = 0;
    begin(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build clocks");
    assert_eq!((g.current, g.players[0].blueprints), (1, 2));
}

// NIP-TURN-3, NIP-TRIG-4: a player's last turn of the game is still their turn after its
// action, so blueprints held then are not lost to the end of the game.
#[test]
fn nip_turn_3_blueprints_can_be_spent_on_the_last_turn_of_the_game() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: REFILL (mod.rs): the final turns start at the golden slot, 56+ takes, 168+ steps
    g.final_turns = Some(1);
    g.players[0].blueprints = 3;
    let knowledge = g.players[0].tracks[2];
    // why: above
    begin(&mut g, &d, Action::Coal);
    play_now(&mut g, &d, "up 1");
    assert!(g.result.is_none(), "the game waits for the last player");
    assert_eq!(g.status(), Status::Acting(vec![0]));
    play_now(&mut g, &d, "blueprints knowledge");
    assert_eq!(g.players[0].tracks[2], knowledge + 1);
    assert!(g.result.is_some(), "then the game ends");
}

// NIP-TURN-4, NIP-TRIG-6, NIP-END-1
#[test]
fn nip_turn_4_three_scorings_then_the_end() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: REFILL (mod.rs): the marker at slot 7 is 7 full refills, 49+ takes, 147+ steps
    g.marker = d.first_golden - 1;
    g.scorings = 2;
    g.rows = vec![vec![], vec![]];
    g.slots[4] = vec![0];
    give_factory(&mut g, &d, 0, "silk", 0, 3);
    // Take the last worker of slot 5 and place a tile: the full refill moves the marker.
    play_now(&mut g, &d, "take 5 black");
    let c = (0..8).find(|&c| g.side_of(&d, c, 0).is_some()).unwrap();
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 1 silk 1; city {}; done", d.city_name(c)),
    );
    assert_eq!(g.marker, d.first_golden);
    assert_eq!(g.final_turns, Some(6));
    for _ in 0..6 {
        assert!(g.result.is_none());
        play_now(&mut g, &d, "consolidate");
        // A player still able to spend blueprints ends the turn with `done` (NIP-TURN-3).
        if g.stage == Stage::Spend {
            play_now(&mut g, &d, "done");
        }
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
