//! Tests of the animals' activations (`rules/activations.rs`).

use super::*;

#[test]
fn nan_act_1_any_number_of_activations_at_any_moment_of_ones_turn() {
    // Ann holds three yaks and starts her turn on the empty region 1.
    let mut g = position(REGION_1_EMPTIED);
    play(&mut g, data(), 0, "yak 2");
    play(&mut g, data(), 0, "yak 3");
    play(&mut g, data(), 0, "trap 3.4"); // a fourth yak
    play(&mut g, data(), 0, "yak 6");
    assert_eq!(g.used[0][Animal::Yak.index()], 3);
    assert_eq!(g.guide, Some(5));
    // Not in the opponent's turn.
    play(&mut g, data(), 0, "end");
    assert_eq!(g.fresh[0][Animal::Yak.index()], 1);
    assert_eq!(g.apply(data(), 0, &Step::Yak(1)).unwrap_err().topic, "turn");
}

#[test]
fn nan_act_2_an_activated_animal_cannot_be_activated_again() {
    // Seed 1: Ann traps the yak at 1.1.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1"));
    play(&mut g, data(), 0, "yak 2");
    let e = refused(&mut g, data(), 0, "yak 3");
    assert!(e.reason.contains("not yet activated"), "{e}");
    // It can still be traded.
    play(&mut g, data(), 0, "claim B1");
    play(&mut g, data(), 0, "give yak");
}

#[test]
fn nan_act_3_an_animal_may_be_activated_the_turn_it_is_trapped() {
    // Seed 1: a yak at 1.1; trapping it leaves the guide on region 1.
    let mut g = position(STARTED);
    refused(&mut g, data(), 0, "yak 2");
    play(&mut g, data(), 0, "trap 1.1");
    assert_eq!(g.guide, Some(0));
    play(&mut g, data(), 0, "yak 2");
    assert_eq!(g.guide, Some(1));
}

#[test]
fn nan_act_4_snow_leopard_swaps_two_adjacent_hikers() {
    let mut g = position(LEOPARD_BY_BOB);
    play(&mut g, data(), 0, "leopard 4.4 4.2");
    assert_eq!(g.cells[c("4.2") as usize], Piece::Hiker(1));
    assert_eq!(g.cells[c("4.4") as usize], Piece::Hiker(0));
    assert_eq!(g.used[0][Animal::Leopard.index()], 1);
}

#[test]
fn nan_act_5_tahr_swaps_a_hiker_with_an_adjacent_animal() {
    // Ann holds two tahrs; her hiker on 1.6 borders the yak on 1.3.
    let mut g = position(TWO_TAHRS);
    play(&mut g, data(), 0, "tahr 1.6 1.3");
    assert_eq!(g.cells[c("1.6") as usize], Piece::Animal(Animal::Yak));
    assert_eq!(g.cells[c("1.3") as usize], Piece::Hiker(0));
    // Either order is understood: animal first (the leopard on 1.5), hiker second.
    play(&mut g, data(), 0, "tahr 1.5 1.3");
    assert_eq!(g.cells[c("1.5") as usize], Piece::Hiker(0));
    assert_eq!(g.cells[c("1.3") as usize], Piece::Animal(Animal::Leopard));
    let e = refused(&mut g, data(), 0, "tahr 1.5 1.2");
    assert_eq!(e.topic, "activate", "no tahr left");
}

#[test]
fn nan_act_6_leopard_and_tahr_need_adjacency_and_never_move_camps() {
    // Ann turns her hiker on 3.1 into a camp (A1), then holds a tahr, a yak and the
    // leopard she traps at 1.5; her hikers on 1.5 and 1.6, Bob's on 1.1 and 6.3.
    let mut g = position(&format!(
        "{PATH_PAIR}\nAnn: claim A1\nAnn: camp 3.1\nAnn: end\nBob: trap 1.1\nBob: end
         Ann: trap 1.5"
    ));
    let e = refused(&mut g, data(), 0, "leopard 1.5 1.1");
    assert_eq!(e.topic, "adjacency");
    let e = refused(&mut g, data(), 0, "tahr 1.6 1.2");
    assert_eq!(e.topic, "adjacency");
    let e = refused(&mut g, data(), 0, "leopard 3.1 1.6");
    assert!(e.reason.contains("camps never move"), "{e}");
    let e = refused(&mut g, data(), 0, "tahr 3.1 3.2");
    assert!(e.reason.contains("camps never move"), "{e}");
    // Across a border it works: the hiker on 1.6 and the yak on 1.3.
    play(&mut g, data(), 0, "tahr 1.6 1.3");
}

#[test]
fn nan_act_7_musk_deer_swaps_two_animals_anywhere() {
    let mut g = position(DEER_AT_TURN_START);
    assert!(!data().adjacent(c("1.2"), c("6.6")));
    play(&mut g, data(), 0, "deer 1.2");
    // Only the second pick is open now.
    let l = legal(&g, data(), 0);
    assert!(l.iter().all(|s| s.starts_with("deer")), "{l:?}");
    refused(&mut g, data(), 0, "trap 3.1");
    let e = refused(&mut g, data(), 0, "deer 2.1");
    assert!(e.reason.contains("same kind"), "{e}");
    play(&mut g, data(), 0, "deer 6.6");
    assert_eq!(g.cells[c("1.2") as usize], Piece::Animal(Animal::Deer));
    assert_eq!(g.cells[c("6.6") as usize], Piece::Animal(Animal::Panda));
    assert!(g.pending.is_none());
    // A hiker is not an animal.
    let mut h = position(DEER_AT_TURN_START);
    let e = refused(&mut h, data(), 0, "deer 1.1");
    assert_eq!(e.topic, "deer");
}

#[test]
fn nan_act_8_yak_moves_the_guide_to_another_region() {
    // Seed 1: Ann traps the yak at 1.1, which leaves the guide on region 1.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.1"));
    assert_eq!(g.guide, Some(0));
    let e = refused(&mut g, data(), 0, "yak 1");
    assert_eq!(e.topic, "yak");
    play(&mut g, data(), 0, "yak 4");
    assert_eq!(g.guide, Some(3));
}

#[test]
fn nan_act_9_bharal_and_red_panda_are_never_activated() {
    // Seed 1: Ann traps the red panda at 1.2, a tahr at 2.4 and the bharal at 2.6.
    let g = position(&format!(
        "{STARTED}\nAnn: trap 1.2\nAnn: end\nBob: trap 2.2\nBob: end
         Ann: trap 2.4\nAnn: end\nBob: trap 4.2\nBob: end\nAnn: trap 2.6"
    ));
    assert!(!Animal::Bharal.activates() && !Animal::Panda.activates());
    assert!(Animal::ALL[..4].iter().all(|a| a.activates()));
    for w in ["bharal 1.1", "panda 1.1"] {
        assert!(g.parse_step(data(), 0, w).is_err(), "{w}");
    }
    // Every listed step is a claim, the tahr's activation, or end.
    let l = legal(&g, data(), 0);
    for s in &l {
        let w = s.split(' ').next().unwrap().to_string();
        assert!(["claim", "end", "tahr"].contains(&w.as_str()), "{s}");
    }
    assert!(l.iter().any(|s| s.starts_with("tahr")), "{l:?}");
}

#[test]
fn nan_act_10_bharal_counts_as_any_kind_when_trading() {
    // Seed 1 with the guide put on region 2: Ann traps the bharals at 2.6, 3.2 and 5.1.
    let mut g = position(
        "players Ann Bob
         seed 1
         Bob: guide 2
         Ann: trap 2.6
         Ann: end
         Bob: trap 6.3
         Bob: end
         Ann: trap 3.2
         Ann: end
         Bob: trap 2.5
         Bob: end
         Ann: trap 5.1",
    );
    // Three bharals: both C4 (same) and B4 (different) are open.
    let l = legal(&g, data(), 0);
    assert!(l.contains(&"claim C4".to_string()) && l.contains(&"claim B4".to_string()));
    play(&mut g, data(), 0, "claim C5");
    for _ in 0..3 {
        play(&mut g, data(), 0, "give bharal");
    }
    assert_eq!(g.score[0], 7);
}

#[test]
fn nan_act_11_red_panda_scores_1_for_a_catcher_not_ahead() {
    // Seed 1's red pandas: 1.2, 2.1, 2.3, 3.5, 4.1 and 5.2; each trap sends the guide to
    // the region numbered like its section.
    // Equal: scores.
    let mut g = position(&format!("{STARTED}\nAnn: trap 1.2"));
    assert_eq!(g.score, vec![1, 0]);
    play(&mut g, data(), 0, "end");
    // Bob is behind: scores.
    play(&mut g, data(), 1, "trap 2.3");
    assert_eq!(g.score, vec![1, 2], "1 + landing on Ann's 1 = 2");
    play(&mut g, data(), 1, "end");
    // Ann is behind (1 < 2): scores, landing on 2 -> 3.
    play(&mut g, data(), 0, "trap 3.5");
    assert_eq!(g.score, vec![3, 2]);
    play(&mut g, data(), 0, "end");
    // Bob is behind again: scores 2 -> 3 is Ann's, so 4.
    play(&mut g, data(), 1, "trap 5.2");
    assert_eq!(g.score, vec![3, 4]);
    play(&mut g, data(), 1, "end");
    // Ann is behind (3 < 4): scores, 4 is Bob's, so 5; now she leads.
    play(&mut g, data(), 0, "trap 2.1");
    assert_eq!(g.score, vec![5, 4]);
    play(&mut g, data(), 0, "end");
    // Bob's leopard at 1.4 sends the guide to region 4 and scores nothing.
    play(&mut g, data(), 1, "trap 1.4");
    play(&mut g, data(), 1, "end");
    assert_eq!(g.score, vec![5, 4], "another animal never scores");
    play(&mut g, data(), 0, "trap 4.1");
    assert_eq!(g.score, vec![5, 4], "a leader scores nothing for a panda");
    // Another animal never scores.
    let h = position(&format!("{STARTED}\nAnn: trap 1.5\nAnn: end"));
    assert_eq!(h.score, vec![0, 0]);
}

// NAN-ACT-12 reading: leopard needs one hiker of each player; tahr takes anyone's hiker;
// the yak may go to a region without animals.
#[test]
fn nan_act_12_whose_hikers_and_where_the_yak_may_go() {
    // Ann holds yaks, leopards and a tahr; region 1 is all hikers (Bob's on 1.2), Bob's
    // hiker on 2.1 borders the red panda on 2.3.
    let mut g = position(REGION_1_EMPTIED);
    let e = refused(&mut g, data(), 0, "leopard 1.1 1.3");
    assert!(e.reason.contains("same player"), "{e}");
    play(&mut g, data(), 0, "tahr 2.1 2.3"); // Bob's hiker swaps with the red panda
    assert_eq!(g.cells[c("2.1") as usize], Piece::Animal(Animal::Panda));
    assert_eq!(g.cells[c("2.3") as usize], Piece::Hiker(1));
    play(&mut g, data(), 0, "leopard 1.1 1.2");
    // The yak may send the guide back to region 1, which has no animal.
    play(&mut g, data(), 0, "yak 2");
    assert!(!g.region_has_animal(0));
    play(&mut g, data(), 0, "yak 1");
    assert_eq!(g.guide, Some(0));
}

/// `tahr` takes its hiker and animal in either order; with two animals (or two hikers)
/// named, the order typed is kept, so the refusal names the piece that is wrong.
#[test]
fn nan_act_5_tahr_puts_the_hiker_first_and_otherwise_keeps_the_order_typed() {
    let g = started(false);
    let d = data();
    let of = |want: fn(&Piece) -> bool| -> Vec<u8> {
        (0..36u8).filter(|&x| want(&g.cells[x as usize])).collect()
    };
    let animals = of(|p| matches!(p, Piece::Animal(_)));
    let hikers = of(|p| matches!(p, Piece::Hiker(_)));
    let name = |x: u8| cell_name(x);
    let (a, b) = (animals[0], animals[1]);
    let text = |x: u8, y: u8| format!("tahr {} {}", name(x), name(y));
    assert_eq!(
        g.parse_step(d, 0, &text(a, b)).unwrap(),
        Step::Tahr {
            hiker: a,
            animal: b
        }
    );
    assert_eq!(
        g.parse_step(d, 0, &text(b, a)).unwrap(),
        Step::Tahr {
            hiker: b,
            animal: a
        }
    );
    if let [h, k, ..] = hikers[..] {
        assert_eq!(
            g.parse_step(d, 0, &text(h, k)).unwrap(),
            Step::Tahr {
                hiker: h,
                animal: k
            }
        );
        assert_eq!(
            g.parse_step(d, 0, &text(a, h)).unwrap(),
            Step::Tahr {
                hiker: h,
                animal: a
            }
        );
        assert_eq!(
            g.parse_step(d, 0, &text(h, a)).unwrap(),
            Step::Tahr {
                hiker: h,
                animal: a
            }
        );
    }
}

// NAN-ACT-4, NAN-ACT-6: with a snow leopard ready, every swap of two adjacent hikers of
// different players is offered, each pair once.
#[test]
fn nan_act_4_leopard_swaps_of_adjacent_hikers_are_offered_once() {
    let g = position(LEOPARD_BY_BOB);
    let l = legal(&g, data(), 0);
    let leopards: Vec<&String> = l.iter().filter(|s| s.starts_with("leopard")).collect();
    assert_eq!(leopards, ["leopard 4.2 4.4"], "{l:?}");
}

// NAN-ACT-7: a refused step says which steps of its kind are accepted now, at most eight
// of them and how many more.
#[test]
fn nan_act_7_a_refused_deer_pick_lists_the_picks_accepted_now() {
    // Ann holds a deer; four animals are trapped, 32 left on the mountain.
    let mut g = position(DEER_AT_TURN_START);
    let picks = legal(&g, data(), 0)
        .iter()
        .filter(|s| s.starts_with("deer"))
        .count();
    assert_eq!(picks, 32, "every animal on the mountain");
    let e = refused(&mut g, data(), 0, "deer 1.1");
    let (_, accepted) = e
        .reason
        .split_once("accepted now: ")
        .unwrap_or_else(|| panic!("{e}"));
    assert_eq!(accepted.matches("`deer ").count(), 6, "{e}");
    assert!(
        !accepted.contains("`leopard") && !accepted.contains("`trap"),
        "{e}"
    );
    // The other 26 picks (and any step about the same sections) are counted, not shown.
    let more: usize = accepted
        .rsplit_once(" and ")
        .and_then(|(_, n)| n.strip_suffix(" more")?.parse().ok())
        .unwrap_or_else(|| panic!("{e}"));
    assert!(more >= 26, "{e}");
    // Six or fewer are all shown, with no count: in the last turn of NO_PANDA_GAME Bob,
    // holding deer, has trapped the last animal but the six red pandas; a deer on Ann's
    // hiker at 1.1 lists the two steps about 1.1.
    let mut h = position(&before_the_last_turn(false));
    play(&mut h, data(), 1, "trap 6.4");
    let e = refused(&mut h, data(), 1, "deer 1.1");
    assert!(
        e.reason
            .ends_with("accepted now: `leopard 1.1 1.3`, `tahr 1.1 1.2`"),
        "{e}"
    );
}
