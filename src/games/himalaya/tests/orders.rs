//! Tests of the orders fulfilled and their rewards (`rules/orders.rs`).

use super::*;

// HIM-REWARD-8 (reading: the two possible rewards are given)
#[test]
fn him_reward_4_stupa_reward_needs_a_village_without_a_stupa() {
    let d = data();
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    g.stupas[9] = Some(2);
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
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
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
    assert!(g.orders_bag.contains(&4) || g.village_order.contains(&Some(4)));
    assert_eq!(g.turn, 2);
}

#[test]
fn him_reward_5_house_sends_one_delegation_to_its_only_region_without_asking() {
    let d = data();
    let mut g = placed(&d, "basic", &[1, 5, 20]);
    put_order(&mut g, 1, 0); // salt salt
    give(&mut g, 0, [2, 0, 0, 0, 0]);
    g.stupas[0] = Some(1);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    let humla = d.region_by_name("Humla").unwrap();
    assert_eq!(g.delegations[humla][0], 1);
    assert_eq!(g.turn, 2);
}

// HIM-REWARD-5: a temple sends 2 delegations (village 17, a temple touching Khumbu only).
#[test]
fn him_reward_5_a_temple_sends_two_delegations() {
    let d = data();
    assert_eq!(d.villages[16].level, 2);
    let mut g = placed(&d, "basic", &[17, 1, 20]);
    put_order(&mut g, 17, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
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
    let mut g = placed(&d, "basic", &[10, 1, 20]);
    put_order(&mut g, 10, 4);
    give(&mut g, 0, [1, 0, 1, 0, 0]);
    g.delegations[0][0] = DELEGATIONS; // all 15 sent to Humla
    assert_eq!(g.delegations_left(0), 0);
    assert_eq!(g.reward_options(0, 9), vec![Reward::Barter, Reward::Stupa]);
    program_all(&mut g, &d, &["deal rest rest rest rest rest", REST, REST]);
    assert_eq!(g.pending, None, "no choice to make");
    assert_eq!(g.kept[0], vec![4]);
    assert_eq!(g.stupas[9], Some(0));
    assert_eq!(g.delegations_left(0), 0);
    assert_eq!(g.turn, 2);
}
