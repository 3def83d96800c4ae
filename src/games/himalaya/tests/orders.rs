//! Tests of the orders fulfilled and their rewards (`rules/orders.rs`).

use super::*;

// HIM-REWARD-8 (reading: the two possible rewards are given)
#[test]
fn him_reward_4_stupa_reward_needs_a_village_without_a_stupa() {
    let d = data();
    // A second order on a village that already has a stupa: the refill's d20 would have to
    // put one back on 10 after a fill there, which no fixture's steps choose.
    let mut g = placed(&d, "basic", &[10, 1, 20]); // why: above
    put_order(&mut g, 10, 4); // why: above
    give(&mut g, 0, [1, 0, 1, 0, 0]); // why: above
    g.stupas[9] = Some(2); // why: above
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    // Only barter and delegations remain: both given without a choice; 3 delegations
    // (monastery) wait for their regions.
    assert_eq!(g.kept[0], vec![4]);
    assert_eq!(g.stupas[9], Some(2));
    assert_eq!(
        g.legal_steps(&d, 0).len(),
        4,
        "one step per touching region"
    );
}

// HIM-REWARD-7 (reading: an order not bartered goes back to the bag), HIM-REWARD-9 (reading: split allowed)
#[test]
fn him_reward_6_delegations_follow_the_village_level_into_touching_regions() {
    let d = data();
    let mut g = position(ANN_FILLS_AT_10);
    play(&mut g, &d, 0, "reward stupa delegations");
    let offered: Vec<String> = g
        .legal_steps(&d, 0)
        .iter()
        .map(|s| Himalaya::format_step(&d, s))
        .collect();
    assert_eq!(
        offered,
        vec![
            "delegate Dolpo",
            "delegate Mustang",
            "delegate Langtang",
            "delegate Khumbu"
        ]
    );
    assert!(
        g.parse_step(&d, 0, "delegate Humla").is_err(),
        "Humla does not touch village 10"
    );
    play(&mut g, &d, 0, "delegate Dolpo");
    play(&mut g, &d, 0, "delegate Dolpo");
    play(&mut g, &d, 0, "delegate Khumbu");
    let dolpo = d.region_by_name("Dolpo").unwrap();
    let khumbu = d.region_by_name("Khumbu").unwrap();
    assert_eq!(g.delegations[dolpo][0], 2);
    assert_eq!(g.delegations[khumbu][0], 1);
    assert_eq!(
        g.delegations_left(0),
        DELEGATIONS - 3,
        "a monastery sends 3"
    );
    assert_eq!(
        g.kept[0],
        Vec::<usize>::new(),
        "not bartered: the order went back to the bag"
    );
    assert!(g.orders_bag.contains(&0) || g.village_order.contains(&Some(0)));
    assert_eq!(g.turn, 2);
}

#[test]
fn him_reward_5_house_sends_one_delegation_to_its_only_region_without_asking() {
    let d = data();
    // Seed 1: Ann takes salt at 3 (3 salt, 1 barley, 1 tea) and at 10 (1 salt, 1 barley, 2
    // tea, 1 jade) and fills the order "salt salt" at house 18, which touches Khumbu only.
    let mut g = position(
        "players Ann Bo Cy
         seed 1
         option rules basic
         Ann: start 3
         Bo: start 1
         Cy: start 20
         Bo: program rest rest rest rest rest rest
         Cy: program rest rest rest rest rest rest
         Ann: program deal stone deal dirt ice deal",
    );
    assert_eq!(d.villages[17].level, 1);
    play(&mut g, &d, 0, "reward stupa delegations");
    let khumbu = d.region_by_name("Khumbu").unwrap();
    assert_eq!(g.delegations[khumbu][0], 1);
    assert_eq!(g.delegations_left(0), DELEGATIONS - 1);
    assert_eq!(g.stupas[17], Some(0));
    assert_eq!(g.turn, 2);
}

// HIM-REWARD-5: a temple sends 2 delegations (village 17, a temple touching Khumbu only).
#[test]
fn him_reward_5_a_temple_sends_two_delegations() {
    let d = data();
    assert_eq!(d.villages[16].level, 2);
    // Seed 146: Ann walks 12 -ice-> 20 -stone-> 19 taking salt at both (1 salt, 2 barley, 1
    // tea, 1 gold at 20; 4 salt, 1 barley at 19) and fills "salt salt" at 17 by ice.
    let mut g = position(
        "players Ann Bo Cy
         seed 146
         option rules basic
         Ann: start 12
         Bo: start 1
         Cy: start 3
         Bo: program rest rest rest rest rest rest
         Cy: program rest rest rest rest rest rest
         Ann: program ice deal stone deal ice deal",
    );
    play(&mut g, &d, 0, "reward stupa delegations");
    let khumbu = d.region_by_name("Khumbu").unwrap();
    assert_eq!(g.delegations[khumbu][0], 2);
    assert_eq!(g.delegations_left(0), 13);
}

// HIM-REWARD-8 (reading: the two possible rewards are given): a player with no delegation
// left who fills an order gets barter and offering without a choice.
#[test]
fn him_reward_8_no_delegation_left_gives_barter_and_offering_without_asking() {
    let d = data();
    // All 15 delegations sent takes at least five filled orders (a monastery sends 3): more
    // turns than a fixture's steps reach.
    let mut g = placed(&d, "basic", &[10, 1, 20]); // why: above
    put_order(&mut g, 10, 4); // why: above
    give(&mut g, 0, [1, 0, 1, 0, 0]); // why: above
    g.delegations[0][0] = DELEGATIONS; // all 15 sent to Humla (why: above)
    assert_eq!(g.delegations_left(0), 0);
    assert_eq!(g.reward_options(0, 9), vec![Reward::Barter, Reward::Stupa]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(g.pending, None, "no choice to make");
    assert_eq!(g.kept[0], vec![4]);
    assert_eq!(g.stupas[9], Some(0));
    assert_eq!(g.delegations_left(0), 0);
    assert_eq!(g.turn, 2);
}
