//! Tests of the caravans' placement (`rules/placement.rs`).

use super::*;

// HIM-SETUP-11, HIM-SETUP-9 (seat 1 is the first caravaneer), HIM-SETUP-1 (play starts on turn 1)
#[test]
fn him_setup_10_caravans_start_on_distinct_villages_in_turn_order() {
    let d = data();
    let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), 1).unwrap();
    assert_eq!(g.status(), Status::Acting(vec![0]));
    assert!(g.legal_steps(&d, 1).is_empty());
    play(&mut g, &d, 0, "start 5");
    let e = refused_step(&mut g, &d, 1, &Step::Start(4));
    assert!(e.reason.contains("already holds a caravan"), "{e}");
    play(&mut g, &d, 1, "start 6");
    play(&mut g, &d, 2, "start 20");
    assert_eq!(g.caravans, vec![Some(4), Some(5), Some(19)]);
    assert_eq!(g.turn, 1);
    assert_eq!(g.status(), Status::Acting(vec![0, 1, 2]));
}

// HIM-SETUP-11: numbers match only exactly: with village 2 taken, `start 2` is refused and
// not read as `start 20`.
#[test]
fn him_setup_11_start_number_matches_only_exactly() {
    let d = data();
    let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), 3).unwrap();
    play(&mut g, &d, 0, "start 2");
    // Village 2, refused by its rule: never `start 20`.
    assert_eq!(g.parse_step(&d, 1, "start 2"), Ok(Step::Start(1)));
    let before = g.clone();
    assert!(g.check(&d, 1, &Step::Start(1)).is_err());
    assert_eq!(g, before);
    play(&mut g, &d, 1, "start 20");
    assert_eq!(g.caravans[1], Some(19));
}

// HIM-SETUP-10: caravans are placed in turn order: a seat placing out of turn is refused
// under the setup topic, told it is not its turn (not that the village is taken).
#[test]
fn him_setup_10_placing_a_caravan_out_of_turn_is_refused_as_not_your_turn() {
    let d = data();
    let mut g = crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), 1).unwrap();
    let e = refused_step(&mut g, &d, 1, &Step::Start(4));
    assert_eq!(e.topic, "setup");
    assert!(e.reason.contains("not your turn to place a caravan"), "{e}");
    assert_eq!(g.caravans, vec![None; 3], "nothing changed");
}
