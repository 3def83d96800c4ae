//! Tests of the orders fulfilled and their rewards (`rules/orders.rs`).

use super::*;

/// The one order a step filled with its rewards given without a choice (`b` before the
/// step, `a` after): the seat that keeps it and the village where `b` showed it.
fn filled_without_asking(b: &Himalaya, a: &Himalaya) -> Option<(Seat, usize)> {
    let grew: Vec<Seat> = (0..b.n())
        .filter(|&s| a.kept[s].len() > b.kept[s].len())
        .collect();
    let [s] = grew[..] else { return None };
    let o = *a.kept[s].last()?;
    let v = b.village_order.iter().position(|&x| x == Some(o))?;
    (a.kept[s].len() == b.kept[s].len() + 1).then_some((s, v))
}

// HIM-REWARD-8 (reading: the two possible rewards are given)
#[test]
fn him_reward_4_stupa_reward_needs_a_village_without_a_stupa() {
    let d = data();
    // Whole games of stupa-taking traders until an order is filled in a village that
    // already has a stupa by a player with delegations left.
    let (b, a) = first_step(
        &d,
        (3, "basic", 64),
        trader_wanting(&d, "stupa"),
        "an order filled in a village with a stupa",
        |b, a| {
            filled_without_asking(b, a)
                .is_some_and(|(s, v)| b.stupas[v].is_some() && b.delegations_left(s) > 0)
        },
    );
    let (s, v) = filled_without_asking(&b, &a).unwrap();
    assert_eq!(
        b.reward_options(s, v),
        vec![Reward::Barter, Reward::Delegations]
    );
    // Only barter and delegations remain: both given without a choice, the stupa stays.
    assert_eq!(a.stupas[v], b.stupas[v]);
    let regions = &d.villages[v].regions;
    let sent = (d.villages[v].level as u32).min(b.delegations_left(s));
    if let [r] = regions[..] {
        assert_eq!(a.delegations[r][s], b.delegations[r][s] + sent);
    } else {
        assert_eq!(
            a.pending,
            Some(Pending::Delegate {
                seat: s,
                regions: regions.clone(),
                left: sent
            })
        );
        assert_eq!(
            a.legal_steps(&d, s).len(),
            regions.len(),
            "one step per touching region"
        );
    }
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
    // Whole games of traders taking delegations (for orders and inventories) until a player
    // who has sent all 15 fills an order in a village without a stupa.
    let (b, a) = first_step(
        &d,
        (3, "advanced", 64),
        trader_wanting(&d, "delegations"),
        "an order filled without a stupa by a player with no delegation left",
        |b, a| {
            filled_without_asking(b, a).is_some_and(|(s, v)| {
                b.delegations_left(s) == 0 && b.stupas[v].is_none() && b.stupas_left(s) > 0
            })
        },
    );
    let (s, v) = filled_without_asking(&b, &a).unwrap();
    assert_eq!(b.reward_options(s, v), vec![Reward::Barter, Reward::Stupa]);
    assert!(
        !matches!(a.pending, Some(Pending::Reward { .. })),
        "no choice to make"
    );
    assert_eq!(a.stupas[v], Some(s));
    assert_eq!(a.delegations_left(s), 0);
}
