//! Tests of Phase 5, the inventory of turns 4, 8 and 12 (`rules/inventory.rs`).

use super::*;

fn to_inventory(g: &mut Himalaya, d: &HimalayaData) {
    while g.turn < 4 {
        program_all(g, d, &vec![REST; g.n()]);
    }
    // Turn 4's programs trigger the inventory.
    program_all(g, d, &vec![REST; g.n()]);
}

// HIM-INV-1, HIM-INV-2, HIM-INV-3, HIM-INV-5, HIM-INV-8 (reading: goods are kept)
#[test]
fn him_inv_4_inventory_sole_majority_takes_a_marker_and_ties_take_nothing() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    give(&mut g, 0, [2, 1, 0, 0, 0]);
    give(&mut g, 1, [1, 1, 0, 0, 1]);
    to_inventory(&mut g, &d);
    // salt: Ann 2 (sole); barley: tie; gold: Bo sole.
    assert_eq!(g.markers, vec![1, 1, 0]);
    assert_eq!(g.markers_left, 13);
    assert_eq!(g.yacks(&d, 0), 3);
    let inv = g.last_inventory.clone().unwrap();
    assert_eq!(inv.turn, 4);
    assert_eq!(inv.winners, vec![Some(0), None, None, None, Some(1)]);
    assert_eq!(g.turn, 5);
    assert_eq!(g.hands[0], [2, 1, 0, 0, 0], "shown goods are kept");
    assert_eq!(g.hands[1], [1, 1, 0, 0, 1]);
}

// HIM-INV-7 (reading: neighbouring the caravan's village)
#[test]
fn him_inv_6_advanced_inventory_offers_marker_delegations_or_a_house_stupa_nearby() {
    let d = data();
    let mut g = placed(&d, "advanced", &[9, 5, 20]);
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    give(&mut g, 1, [0, 0, 0, 0, 1]);
    // Everyone passes on events each turn.
    while !(g.turn == 4 && g.phase == Phase::Programming) {
        skip_events(&mut g, &d);
        program_all(&mut g, &d, &[REST, REST, REST]);
        skip_events(&mut g, &d);
    }
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(g.phase, Phase::Inventory);
    assert_eq!(g.status(), Status::Acting(vec![0]), "salt is settled first");
    let offered: Vec<String> = g
        .legal_steps(&d, 0)
        .iter()
        .map(|s| Himalaya::format_step(&d, s))
        .collect();
    // Village 9 touches Humla, Dolpo, Gorkha, Langtang: houses there are 1, 3, 8, 14, 16.
    assert_eq!(
        offered,
        vec![
            "inventory marker",
            "inventory delegations",
            "inventory stupa 1",
            "inventory stupa 3",
            "inventory stupa 8",
            "inventory stupa 14",
            "inventory stupa 16"
        ]
    );
    play(&mut g, &d, 0, "inventory stupa 3");
    assert_eq!(g.stupas[2], Some(0));
    assert_eq!(g.status(), Status::Acting(vec![1]), "then gold");
    // Bo's caravan is at village 5, touching Mustang only: both delegations go there.
    play(&mut g, &d, 1, "inventory delegations");
    let m = d.region_by_name("Mustang").unwrap();
    assert_eq!(g.delegations[m][1], 2);
    assert_eq!(g.turn, 5);
}

fn skip_events(g: &mut Himalaya, d: &HimalayaData) {
    while let Phase::Events { k } = g.phase {
        let s = g.order_seat(k);
        play(g, d, s, "pass");
    }
}

// HIM-INV-1: inventories only after turns 4, 8 and 12.
#[test]
fn him_inv_1_inventory_only_after_turns_4_8_and_12() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    let mut seen = Vec::new();
    while g.phase != Phase::Finished {
        program_all(&mut g, &d, &[REST, REST, REST]);
        if let Some(i) = &g.last_inventory {
            if seen.last() != Some(&i.turn) {
                seen.push(i.turn);
            }
        }
    }
    assert_eq!(seen, vec![4, 8, 12]);
}

// HIM-INV-6 (HIM-COMP-7, HIM-COMP-9): an advanced inventory reward offers only what is left:
// no inventory marker once the supply of 15 is empty, no delegations to a player who has sent
// all 15.
#[test]
fn him_inv_6_advanced_inventory_offers_only_the_rewards_left() {
    let d = data();
    let mut g = placed(&d, "advanced", &[9, 5, 20]);
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    give(&mut g, 1, [0, 0, 0, 0, 1]);
    g.markers_left = 0;
    g.delegations[7][0] = DELEGATIONS;
    while !(g.turn == 4 && g.phase == Phase::Programming) {
        skip_events(&mut g, &d);
        program_all(&mut g, &d, &[REST, REST, REST]);
        skip_events(&mut g, &d);
    }
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(g.status(), Status::Acting(vec![0]), "salt is settled first");
    let offered = |g: &Himalaya, s: Seat| -> Vec<String> {
        g.legal_steps(&d, s)
            .iter()
            .map(|s| Himalaya::format_step(&d, s))
            .collect()
    };
    assert_eq!(
        offered(&g, 0),
        vec![
            "inventory stupa 1",
            "inventory stupa 3",
            "inventory stupa 8",
            "inventory stupa 14",
            "inventory stupa 16"
        ]
    );
    play(&mut g, &d, 0, "inventory stupa 3");
    assert_eq!(g.status(), Status::Acting(vec![1]), "then gold");
    let bo = offered(&g, 1);
    assert_eq!(bo[0], "inventory delegations", "{bo:?}");
    assert!(!bo.contains(&"inventory marker".to_string()), "{bo:?}");
    play(&mut g, &d, 1, "inventory delegations");
    assert_eq!((g.markers_left, g.markers.clone()), (0, vec![0, 0, 0]));
    assert_eq!(g.turn, 5);
}

// HIM-INV-5 (HIM-COMP-7): in the basic game the 15 inventory markers are a shared supply:
// once it is empty, a sole majority takes nothing.
#[test]
fn him_inv_5_basic_inventory_gives_markers_only_while_the_supply_lasts() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    give(&mut g, 1, [0, 0, 0, 0, 1]);
    g.markers_left = 1;
    to_inventory(&mut g, &d);
    let inv = g.last_inventory.clone().unwrap();
    assert_eq!(inv.winners, vec![Some(0), None, None, None, Some(1)]);
    assert_eq!(
        g.markers,
        vec![1, 0, 0],
        "salt comes first and takes the last marker"
    );
    assert_eq!(g.markers_left, 0);
    assert_eq!(g.turn, 5);
}

// HIM-INV-6 (HIM-COMP-7, HIM-SCORE-4): the marker reward of an advanced inventory moves one
// marker from the shared supply to the winner's screen, worth 3 yacks.
#[test]
fn him_inv_6_the_marker_reward_comes_out_of_the_shared_supply() {
    let d = data();
    let mut g = placed(&d, "advanced", &[9, 5, 20]);
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    while !(g.turn == 4 && g.phase == Phase::Programming) {
        skip_events(&mut g, &d);
        program_all(&mut g, &d, &[REST, REST, REST]);
        skip_events(&mut g, &d);
    }
    program_all(&mut g, &d, &[REST, REST, REST]);
    assert_eq!(
        g.status(),
        Status::Acting(vec![0]),
        "Ann holds the most salt"
    );
    assert_eq!(g.markers_left, 15);
    play(&mut g, &d, 0, "inventory marker");
    assert_eq!((g.markers_left, g.markers.clone()), (14, vec![1, 0, 0]));
    assert_eq!(g.yacks(&d, 0), 3);
    assert_eq!(g.turn, 5);
}

// HIM-INV-2 (HIM-EVENT-10): the step that brings on an inventory reveals every player's
// goods, so it is irreversible even when nothing is rolled: here the market-day choice that
// ends turn 4 on a full board (no refill roll).
#[test]
fn him_inv_2_the_step_that_brings_on_an_inventory_is_irreversible_without_a_roll() {
    let d = data();
    let mut g = placed(&d, "advanced", &[5, 1, 20]);
    put_goods(&mut g, 5, [2, 0, 0, 1, 1]);
    g.refill(&d, &mut Vec::new());
    while g.turn < 4 {
        skip_events(&mut g, &d);
        program_all(&mut g, &d, &[REST, REST, REST]);
    }
    assert_eq!(g.first, 0);
    play(&mut g, &d, 0, "market 5");
    play(&mut g, &d, 1, "pass");
    play(&mut g, &d, 2, "pass");
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(
        g.status(),
        Status::Acting(vec![0]),
        "market day: Ann chooses"
    );
    assert_eq!(g.last_inventory, None);
    let rng = g.rng.clone();
    let a = play(&mut g, &d, 0, "take gold");
    assert_eq!(g.rng, rng, "the board stayed full: nothing was rolled");
    assert_eq!(g.last_inventory.as_ref().map(|i| i.turn), Some(4));
    assert!(a.irreversible, "the inventory showed everyone's goods");
}
