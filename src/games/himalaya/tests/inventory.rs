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
    // Seed 40: turn 1 Ann takes salt at 2 and barley at 3, Bo salt at 7, Cy salt at 9; turn
    // 2 Ann takes barley at 3 again, Bo and Cy salt again.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules basic
         Ann: start 2
         Bo: start 7
         Cy: start 9
         Ann: program deal ice deal rest rest rest
         Bo: program deal rest rest rest rest rest
         Cy: program deal rest rest rest rest rest
         Ann: program deal rest rest rest rest rest
         Bo: program deal rest rest rest rest rest
         Cy: program deal rest rest rest rest rest"
    ));
    assert_eq!(g.turn, 3);
    to_inventory(&mut g, &d);
    // salt: Bo 2 and Cy 2 tie (Ann 1); barley: Ann 2 (sole).
    assert_eq!(g.markers, vec![1, 0, 0]);
    assert_eq!(g.markers_left, 14);
    assert_eq!(g.yacks(&d, 0), 3);
    let inv = g.last_inventory.clone().unwrap();
    assert_eq!(inv.turn, 4);
    assert_eq!(inv.winners, vec![None, Some(0), None, None, None]);
    assert_eq!(g.turn, 5);
    assert_eq!(g.hands[0], [1, 2, 0, 0, 0], "shown goods are kept");
    assert_eq!(g.hands[1], [2, 0, 0, 0, 0]);
    assert_eq!(g.hands[2], [2, 0, 0, 0, 0]);
}

// HIM-INV-7 (reading: neighbouring the caravan's village)
#[test]
fn him_inv_6_advanced_inventory_offers_marker_delegations_or_a_house_stupa_nearby() {
    let d = data();
    // Ann takes salt at 9, Bo barley at 3 (touching Dolpo only); everyone passes on events.
    let mut g = ann_and_bo_deal(&d, "advanced", true);
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
    assert_eq!(g.status(), Status::Acting(vec![1]), "then barley");
    // Bo's caravan is at village 3, touching Dolpo only: both delegations go there.
    play(&mut g, &d, 1, "inventory delegations");
    let m = d.region_by_name("Dolpo").unwrap();
    assert_eq!(g.delegations[m][1], 2);
    assert_eq!(g.turn, 5);
}

/// Seed 40 (see [`SEED_40`]) with `rules`, caravans at 9, 3 (a house touching Dolpo only)
/// and 20, turn 1 played: Ann took salt at 9 and Bo barley at 3 (when `bo_deals`), Cy
/// rested, everyone passed on events; turn 2 waits.
fn ann_and_bo_deal(d: &HimalayaData, rules: &str, bo_deals: bool) -> Himalaya {
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules {rules}
         Ann: start 9
         Bo: start 3
         Cy: start 20"
    ));
    skip_events(&mut g, d);
    let bo = if bo_deals {
        "deal rest rest rest rest rest"
    } else {
        REST
    };
    program_all(&mut g, d, &["deal rest rest rest rest rest", bo, REST]);
    assert_eq!(g.hands[0], [1, 0, 0, 0, 0]);
    g
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
    let mut g = position(AT_1_5_20);
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
    let mut g = ann_and_bo_deal(&d, "advanced", true);
    // No game reaches an inventory with the marker supply empty: 15 markers, at most one
    // per good at each of the three inventories, so only the last award of turn 12 can take
    // the last one. All 15 delegations sent (five filled orders at least) come with it here
    // so that both refusals show at one inventory.
    g.markers_left = 0; // why: above
    g.delegations[7][0] = DELEGATIONS; // why: above
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
    assert_eq!(g.status(), Status::Acting(vec![1]), "then barley");
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
    let mut g = ann_and_bo_deal(&d, "basic", true);
    // Fourteen markers gone takes seven inventories of two winners: more than a game has.
    g.markers_left = 1; // why: above
    to_inventory(&mut g, &d);
    let inv = g.last_inventory.clone().unwrap();
    assert_eq!(inv.winners, vec![Some(0), Some(1), None, None, None]);
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
    let mut g = ann_and_bo_deal(&d, "advanced", false);
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
    // Seed 40: village 2 holds 1 salt, 2 barley, 1 tea and 1 jade; the board is full.
    let mut g = position(&format!(
        "players Ann Bo Cy
         {SEED_40}
         option rules advanced
         Ann: start 2
         Bo: start 1
         Cy: start 20"
    ));
    while g.turn < 4 {
        skip_events(&mut g, &d);
        program_all(&mut g, &d, &[REST, REST, REST]);
    }
    assert_eq!(g.first, 0);
    play(&mut g, &d, 0, "market 2");
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
    let a = play(&mut g, &d, 0, "take jade");
    assert_eq!(g.rng, rng, "the board stayed full: nothing was rolled");
    assert_eq!(g.last_inventory.as_ref().map(|i| i.turn), Some(4));
    assert!(a.irreversible, "the inventory showed everyone's goods");
}
