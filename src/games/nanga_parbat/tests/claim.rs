//! Tests of step 4 (`rules/claim.rs`): the chart and its claims, by camps or trades.
//!
//! The positions are seed 1's mountain (see [`STARTED`]) after real turns; each fixture
//! says what Ann holds when she is to claim.

use super::*;

/// Seed 1: Ann traps a tahr (1.6) and, after Bob's deer at 6.1, a yak (1.1).
const TAHR_THEN_YAK: &str = "players Ann Bob
                             seed 1
                             Bob: guide 1
                             Ann: trap 1.6
                             Ann: end
                             Bob: trap 6.1
                             Bob: end
                             Ann: trap 1.1";

/// Seed 1: Ann traps a tahr (1.6) and, after Bob's yak at 6.3, a bharal (3.2).
const TAHR_THEN_BHARAL: &str = "players Ann Bob
                                seed 1
                                Bob: guide 1
                                Ann: trap 1.6
                                Ann: end
                                Bob: trap 6.3
                                Bob: end
                                Ann: trap 3.2";

/// Seed 1: Ann traps yaks at 1.3 and 6.3, then a tahr at 1.6 (Bob a deer and a yak).
const YAKS_AND_TAHR: &str = "players Ann Bob
                             seed 1
                             Bob: guide 1
                             Ann: trap 1.3
                             Ann: end
                             Bob: trap 3.6
                             Bob: end
                             Ann: trap 6.3
                             Ann: end
                             Bob: trap 3.1
                             Bob: end
                             Ann: trap 1.6";

/// Seed 1: Ann traps a yak (1.1), then a second one (6.3) after Bob's tahr at 1.6.
const TWO_YAKS: &str = "players Ann Bob
                        seed 1
                        Bob: guide 1
                        Ann: trap 1.1
                        Ann: end
                        Bob: trap 1.6
                        Bob: end
                        Ann: trap 6.3";

// NAN-CHART-3
#[test]
fn nan_chart_1_fifteen_squares_in_three_rows_of_five() {
    let d = data();
    let g = started(false);
    assert_eq!(g.chart.len(), 15);
    assert_eq!(square_name(0), "A1");
    assert_eq!(square_name(14), "C5");
    assert_eq!(parse_square("b3"), Some(7));
    assert_eq!(parse_square("D1"), None);
    assert_eq!(parse_square("A6"), None);
    assert_eq!(d.square(0).0, RowKind::Camps);
    assert_eq!(d.square(5).0, RowKind::Different);
    assert_eq!(d.square(10).0, RowKind::Same);
    assert_eq!(d.square(7), (RowKind::Different, 2, 3));
    assert!(matches!(
        g.parse_step(d, 0, "claim D1"),
        Err(ParseError::Syntax(m)) if m.contains("A1 to C5")
    ));
}

// NAN-CHART-2: the column's number is the count asked for.
#[test]
fn nan_chart_2_column_number_is_the_count_needed() {
    // Seed 1: the yak Ann traps at 1.1 is her one animal: B1 (needs 1) is open, B2 (needs
    // 2) is not.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1"));
    assert!(legal(&g, data(), 0).contains(&"claim B1".to_string()));
    let e = refused(&mut g, data(), 0, "claim B2");
    assert_eq!(e.topic, "trade");
    // A yak, a tahr and a leopard: three different kinds for B4 (needs 3).
    let mut g = position(YAK_TAHR_LEOPARD);
    play(&mut g, data(), 0, "claim B4");
    play(&mut g, data(), 0, "give yak");
    play(&mut g, data(), 0, "give tahr");
    assert!(g.pending.is_some(), "two of three handed in");
    play(&mut g, data(), 0, "give leopard");
    assert!(g.pending.is_none());
    assert_eq!(g.score[0], 4);
}

// NAN-BUILD-12
#[test]
fn nan_chart_3_a_square_scores_its_vp() {
    for (sq, vp) in [("C1", 2), ("C2", 3)] {
        let mut g = position(TWO_TAHRS);
        play(&mut g, data(), 0, &format!("claim {sq}"));
        while g.pending.is_some() {
            play(&mut g, data(), 0, "give tahr");
        }
        assert_eq!(g.score[0], vp, "{sq}");
    }
}

// NAN-CHART-4
#[test]
fn nan_chart_4_a_claim_puts_one_of_the_five_cubes_on_the_square() {
    // Seed 1: Ann traps the yak at 1.1 and pays B1 with it.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1"));
    play(&mut g, data(), 0, "claim B1");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.cubes, vec![4, 5]);
    assert_eq!(g.chart[5], Some(0));
    assert_eq!(g.view(data(), Viewer::Spectator).chart[5], Some(0));
}

#[test]
fn nan_chart_5_at_most_one_claim_per_turn() {
    // Seed 1: Ann pays B1 with the yak she traps at 1.1.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1"));
    play(&mut g, data(), 0, "claim B1");
    play(&mut g, data(), 0, "give yak");
    let e = refused(&mut g, data(), 0, "claim C1");
    assert_eq!(e.topic, "chart");
    assert!(e.reason.contains("one per turn"));
    play(&mut g, data(), 0, "end");
    // Next turn of Ann (Bob's tahr at 1.6 sends the guide to region 6): allowed again.
    play_all(&mut g, data(), 1, "trap 1.6; end");
    play(&mut g, data(), 0, "trap 6.1");
    play(&mut g, data(), 0, "claim C1");
}

#[test]
fn nan_chart_6_a_claimed_square_is_closed_to_both_players() {
    // Seed 1: Ann claims B1 with her yak from 1.1; Bob's tahr at 1.6 pays for C1.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1"));
    play_all(&mut g, data(), 0, "claim B1; give yak; end");
    play(&mut g, data(), 1, "trap 1.6");
    let e = refused(&mut g, data(), 1, "claim B1");
    assert!(e.reason.contains("already claimed"), "{e}");
    play_all(&mut g, data(), 1, "claim C1; give tahr; end");
    play(&mut g, data(), 0, "trap 6.1");
    refused(&mut g, data(), 0, "claim B1");
    refused(&mut g, data(), 0, "claim C1");
}

#[test]
fn nan_chart_7_the_two_rightmost_columns_both_need_3_but_score_differently() {
    let d = data();
    assert_eq!(d.need[3], 3);
    assert_eq!(d.need[4], 3);
    assert!(d.need[2] < 3);
    for r in 0..3 {
        assert!(d.vp[r][4] > d.vp[r][3], "row {r}: E scores more than D");
        assert!(
            d.vp[r].windows(2).all(|w| w[0] < w[1]),
            "values rise left to right"
        );
    }
}

// NAN-CHART-8 reading: rows B and C count animals from anywhere on the board (no
// adjacency); row A counts adjacent hikers.
#[test]
fn nan_chart_8_trades_count_animals_and_camps_count_adjacent_hikers() {
    // Seed 1: Ann traps the yak at 1.1 and, after Bob's yak at 1.3, the deer at 3.6.
    let mut g = position(&format!(
        "{STARTED}\nAnn: trap 1.1\nAnn: end\nBob: trap 1.3\nBob: end\nAnn: trap 3.6"
    ));
    // Two hikers, on 1.1 and 3.6: not adjacent.
    assert!(!data().adjacent(c("1.1"), c("3.6")));
    let e = refused(&mut g, data(), 0, "claim A2");
    assert_eq!(e.topic, "camps");
    // The two animals, from far apart on the mountain, trade for B2.
    play(&mut g, data(), 0, "claim B2");
    play(&mut g, data(), 0, "give deer");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.score[0], 2);
}

#[test]
fn nan_build_1_a_square_may_be_claimed_only_if_its_conditions_are_met() {
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1"));
    let l = legal(&g, data(), 0);
    // One yak, one hiker: A1 (1 camp), B1, C1 (1 animal); nothing needing 2.
    for sq in ["A1", "B1", "C1"] {
        assert!(l.contains(&format!("claim {sq}")), "{sq} {l:?}");
    }
    for sq in ["A2", "B2", "C2", "A4", "C5"] {
        assert!(!l.contains(&format!("claim {sq}")), "{sq}");
    }
    let e = refused(&mut g, data(), 0, "claim C2");
    assert_eq!(e.topic, "trade");
}

// NAN-BUILD-10: adjacency through a dotted path
#[test]
fn nan_build_2_row_a_turns_adjacent_hikers_of_ones_own_into_camps() {
    let mut g = position(PATH_PAIR);
    assert!(data().adjacent(c("1.6"), c("3.1")));
    play(&mut g, data(), 0, "claim A2");
    let e = refused(&mut g, data(), 0, "camp 6.3");
    assert!(e.reason.contains("one of your hikers"), "{e}");
    play(&mut g, data(), 0, "camp 3.1");
    play(&mut g, data(), 0, "camp 1.6");
    assert_eq!(g.cells[c("1.6") as usize], Piece::Camp(0));
    assert_eq!(g.cells[c("3.1") as usize], Piece::Camp(0));
    assert_eq!(g.score[0], 2);
}

#[test]
fn nan_build_3_enough_camps_must_be_left() {
    let mut g = position(PATH_PAIR);
    // why: unreachable in real play on the authored board: fewer camps than a free row-A
    // square needs, with a cube left, takes 10 camps built in at most 4 claims, i.e. A2 to
    // A5 (2 + 2 + 3 + 3), and the square then left, A1, needs 1 (board.txt: 12 camps).
    g.camps[0] = 1;
    let e = refused(&mut g, data(), 0, "claim A2");
    assert!(e.reason.contains("more camps than you have left"), "{e}");
    play(&mut g, data(), 0, "claim A1");
    play(&mut g, data(), 0, "camp 3.1");
    assert_eq!(g.camps[0], 0);
}

#[test]
fn nan_build_4_converted_hikers_are_discarded_not_returned() {
    let mut g = position(PATH_PAIR);
    assert_eq!(g.hikers[0], 13);
    play(&mut g, data(), 0, "claim A2");
    play(&mut g, data(), 0, "camp 3.1");
    play(&mut g, data(), 0, "camp 1.6");
    assert_eq!(g.hikers[0], 13, "the supply does not get them back");
    assert_eq!(g.camps[0], 10);
    let hikers_on = g.cells.iter().filter(|p| **p == Piece::Hiker(0)).count();
    assert_eq!(hikers_on, 0);
}

#[test]
fn nan_build_5_row_b_trades_animals_of_different_kinds() {
    let mut g = position(YAKS_AND_TAHR);
    play(&mut g, data(), 0, "claim B2");
    play(&mut g, data(), 0, "give yak");
    let e = refused(&mut g, data(), 0, "give yak");
    assert!(e.reason.contains("could not be completed"), "{e}");
    play(&mut g, data(), 0, "give tahr");
    assert_eq!(g.fresh[0][Animal::Yak.index()], 1);
    assert_eq!(g.score[0], 2);
}

#[test]
fn nan_build_6_row_c_trades_animals_of_one_kind() {
    let mut g = position(YAKS_AND_TAHR);
    play(&mut g, data(), 0, "claim C2");
    play(&mut g, data(), 0, "give yak");
    let e = refused(&mut g, data(), 0, "give tahr");
    assert_eq!(e.topic, "trade");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.score[0], 3);
    // Without two of a kind (a tahr and a yak), C2 is not offered.
    let mut h = position(TAHR_THEN_YAK);
    refused(&mut h, data(), 0, "claim C2");
}

// NAN-ACT-10
#[test]
fn nan_build_7_bharal_is_wild_in_both_trades() {
    // Same kind: tahr + bharal.
    let mut g = position(TAHR_THEN_BHARAL);
    play(&mut g, data(), 0, "claim C2");
    play(&mut g, data(), 0, "give tahr");
    play(&mut g, data(), 0, "give bharal");
    assert_eq!(g.score[0], 3);
    // Different kinds: two bharals (Bob's tahr at 2.5 sends Ann to 5.1's) and a tahr make
    // three kinds.
    let mut g = position(&format!(
        "{TAHR_THEN_BHARAL}\nAnn: end\nBob: trap 2.5\nBob: end\nAnn: trap 5.1"
    ));
    play(&mut g, data(), 0, "claim B4");
    play(&mut g, data(), 0, "give bharal");
    play(&mut g, data(), 0, "give bharal");
    play(&mut g, data(), 0, "give tahr");
    assert_eq!(g.score[0], 4);
    // Without the bharal, a tahr and a yak are no pair of one kind.
    let mut h = position(TAHR_THEN_YAK);
    refused(&mut h, data(), 0, "claim C2");
}

// NAN-ACT-2 (can still be traded)
#[test]
fn nan_build_8_activated_animals_may_be_traded() {
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1  # a yak"));
    play(&mut g, data(), 0, "yak 2");
    assert_eq!(g.fresh[0][Animal::Yak.index()], 0);
    play(&mut g, data(), 0, "claim C1");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.used[0][Animal::Yak.index()], 0);
    assert_eq!(g.score[0], 2);
}

#[test]
fn nan_build_9_traded_animals_leave_the_board_and_cannot_be_activated() {
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1  # a yak"));
    play(&mut g, data(), 0, "claim C1");
    play(&mut g, data(), 0, "give yak");
    assert_eq!(g.fresh[0], [0; 6]);
    let e = refused(&mut g, data(), 0, "yak 3");
    assert_eq!(e.topic, "activate");
    // An activated one goes first, keeping the fresh one usable.
    let mut h = position(TWO_YAKS);
    play(&mut h, data(), 0, "yak 2");
    play(&mut h, data(), 0, "claim C1");
    play(&mut h, data(), 0, "give yak");
    assert_eq!((h.fresh[0][3], h.used[0][3]), (1, 0));
}

#[test]
fn nan_build_10_hikers_joined_by_a_dotted_path_are_adjacent() {
    let d = data();
    for &(a, b) in &d.paths {
        assert_ne!(a / 6, b / 6);
        assert!(d.adjacent(a, b) && d.adjacent(b, a));
    }
    // Ann on 1.6 and 3.1 (a path), and on 4.2 after Bob's leopard at 1.4.
    let mut g = position(&format!(
        "{PATH_PAIR}\nAnn: end\nBob: trap 1.4\nBob: end\nAnn: trap 4.2"
    ));
    // 4.2 is not adjacent to the others, but 1.6-3.1 is a pair.
    play(&mut g, data(), 0, "claim A2");
    let e = refused(&mut g, data(), 0, "camp 4.2");
    assert!(e.reason.contains("one group"), "{e}");
    play(&mut g, data(), 0, "camp 3.1");
    play(&mut g, data(), 0, "camp 1.6");
    assert_eq!(g.score[0], 2);
}

#[test]
fn nan_build_11_after_five_cubes_step_4_is_skipped() {
    // Seed 1, the traps of NO_PANDA_GAME: Ann claims B1 and C1 with her yaks, A1 with the
    // hiker on 2.4, B2 and C2 with her tahrs and bharals, and traps again.
    let mut g = position(
        "option scoring areas
         players Ann Bob
         seed 1
         Bob: guide 1
         Ann: trap 1.1
         Ann: end
         Bob: trap 1.3
         Bob: end
         Ann: trap 3.1
         Ann: claim B1
         Ann: give yak
         Ann: end
         Bob: trap 1.4
         Bob: end
         Ann: trap 4.2
         Ann: claim C1
         Ann: give yak
         Ann: end
         Bob: trap 2.2
         Bob: end
         Ann: trap 2.4
         Ann: claim A1
         Ann: camp 2.4
         Ann: end
         Bob: trap 4.3
         Bob: end
         Ann: trap 3.2
         Ann: claim B2
         Ann: give tahr
         Ann: give bharal
         Ann: end
         Bob: trap 2.5
         Bob: end
         Ann: trap 5.1
         Ann: claim C2
         Ann: give tahr
         Ann: give bharal
         Ann: end
         Bob: trap 1.5
         Bob: end
         Ann: trap 5.3",
    );
    assert_eq!(g.cubes[0], 0);
    let e = refused(&mut g, data(), 0, "claim B3");
    assert!(e.reason.contains("all your cubes"), "{e}");
    assert!(!legal(&g, data(), 0).iter().any(|s| s.starts_with("claim")));
}

#[test]
fn nan_build_12_claiming_scores_the_squares_vp_on_the_track() {
    // Seed 1: Ann's yak at 1.3, leopard at 1.5 and tahr at 1.6 leave three hikers that
    // border each other (Bob's yak at 3.1 and bharal at 5.1 bring the guide back).
    let mut g = position(&format!(
        "{STARTED}\nAnn: trap 1.3\nAnn: end\nBob: trap 3.1\nBob: end
         Ann: trap 1.5\nAnn: end\nBob: trap 5.1\nBob: end\nAnn: trap 1.6"
    ));
    play(&mut g, data(), 0, "claim A4");
    play(&mut g, data(), 0, "camp 1.5");
    play(&mut g, data(), 0, "camp 1.6");
    assert_eq!(g.score[0], 0, "scored once complete");
    let a = play(&mut g, data(), 0, "camp 1.3");
    assert_eq!(g.score[0], 5);
    assert!(said(&a, " | ").contains("scores 5"));
}

// NAN-BUILD-13 reading: one connected group, camps where the hikers were, exact numbers.
#[test]
fn nan_build_13_camps_form_one_group_and_trades_hand_in_exactly_the_number() {
    // Seed 1: Ann on 1.3, 3.1 and 1.6 (a yak, a yak, a tahr): 1.3-1.6 share a border and
    // 1.6-3.1 a path, 1.3-3.1 neither.
    let mut g = position(&format!(
        "{STARTED}\nAnn: trap 1.3\nAnn: end\nBob: trap 3.3\nBob: end
         Ann: trap 3.1\nAnn: end\nBob: trap 1.1\nBob: end\nAnn: trap 1.6"
    ));
    play(&mut g, data(), 0, "claim A2");
    play(&mut g, data(), 0, "camp 1.3");
    let e = refused(&mut g, data(), 0, "camp 3.1");
    assert!(e.reason.contains("one group"), "{e}");
    play(&mut g, data(), 0, "camp 1.6");
    assert_eq!(g.cells[c("1.3") as usize], Piece::Camp(0));
    assert_eq!(g.cells[c("1.6") as usize], Piece::Camp(0));
    assert_eq!(
        g.cells[c("3.1") as usize],
        Piece::Hiker(0),
        "the third hiker stays"
    );
    // A trade hands in exactly the number shown: two of Ann's three yaks (1.1, 3.1, 6.3).
    let mut h = position(&format!(
        "{STARTED}\nAnn: trap 1.1\nAnn: end\nBob: trap 1.3\nBob: end
         Ann: trap 3.1\nAnn: end\nBob: trap 1.6\nBob: end\nAnn: trap 6.3"
    ));
    play(&mut h, data(), 0, "claim C2");
    play(&mut h, data(), 0, "give yak");
    play(&mut h, data(), 0, "give yak");
    assert!(h.pending.is_none());
    assert_eq!(h.fresh[0][Animal::Yak.index()], 1);
}

/// Issue 35: `move` alone lists the steps that complete something first: the claims and
/// `end`, which used to be hidden behind the activations.
#[test]
fn nan_claim_1_claims_and_end_are_the_steps_that_complete_something() {
    let mut g = fresh_game(false, DEMO_SEED);
    let mut rng = GameRng::new(3);
    let mut claims_seen = 0;
    while g.phase != Phase::Over {
        let seat = g.current;
        let legal = g.legal_steps(data(), seat);
        for step in &legal {
            let expected = matches!(step, Step::Claim(_) | Step::End);
            assert_eq!(NangaParbat::completes(data(), step), expected, "{step:?}");
            claims_seen += usize::from(matches!(step, Step::Claim(_)));
        }
        let step = legal[rng.below(legal.len())];
        g.apply(data(), seat, &step).unwrap();
    }
    assert!(claims_seen > 0);
}

// NAN-BUILD-2: each hiker picked for the camps must form one group of adjacent hikers
// with the hikers picked before it, not merely with some other hiker of the player.
#[test]
fn nan_build_2_a_later_camp_must_join_the_hikers_already_picked() {
    // Ann: 1.1 and 1.3 (a border), 4.2 and 4.3 (a border), neither pair next to the other;
    // Bob's yak at 3.1 brings the guide back to region 1 for Ann's 1.3.
    let mut g = position(&format!(
        "{YAK_TAHR_LEOPARD}\nAnn: end\nBob: trap 3.1\nBob: end\nAnn: trap 1.3"
    ));
    assert!(data().adjacent(c("4.2"), c("4.3")));
    assert!(!data().adjacent(c("1.1"), c("4.2")));
    play(&mut g, data(), 0, "claim A2");
    play(&mut g, data(), 0, "camp 1.1");
    let e = refused(&mut g, data(), 0, "camp 4.2");
    assert_eq!(e.topic, "camps", "{e}");
    play(&mut g, data(), 0, "camp 1.3");
    assert_eq!(g.cells[c("1.3") as usize], Piece::Camp(0));
    assert_eq!(g.cells[c("4.2") as usize], Piece::Hiker(0));
}
