//! Tests of Setup (`rules/setup.rs`): the components, the bags and the setup draws.

use super::*;

// HIM-SETUP-2, HIM-SETUP-4, HIM-SETUP-6, HIM-SETUP-12 (five rolls each: 35 goods and 35 orders stay in the bags)
#[test]
fn him_setup_8_setup_puts_goods_in_five_villages_and_orders_in_five_others() {
    let d = data();
    for seed in 0..20 {
        let g =
            crate::engine::setup_checked::<Himalaya>(&d, &names(3), &opts("basic"), seed).unwrap();
        let goods: Vec<usize> = (0..VILLAGES).filter(|&v| g.has_goods(v)).collect();
        let orders: Vec<usize> = (0..VILLAGES)
            .filter(|&v| g.village_order[v].is_some())
            .collect();
        assert_eq!(goods.len(), 5);
        assert_eq!(orders.len(), 5);
        assert!(goods.iter().all(|v| !orders.contains(v)));
        for &v in &goods {
            assert_eq!(g.village_goods[v].iter().map(|&c| c as u32).sum::<u32>(), 5);
        }
        assert_eq!(g.goods_bag.iter().sum::<u32>(), 35);
        assert_eq!(g.orders_bag.len(), 35);
    }
}

// HIM-SETUP-7
#[test]
fn him_setup_5_next_empty_rule_skips_filled_villages_and_wraps_from_20_to_1() {
    // Seed 72 draws goods at 20 and an order at 1, and nothing at 2 or 5.
    let g = position("players Ann Bo Cy\nseed 72");
    assert!(g.has_goods(19) && g.village_order[0].is_some());
    assert!(!g.has_goods(1) && g.village_order[1].is_none());
    assert!(!g.has_goods(4) && g.village_order[4].is_none());
    assert_eq!(
        g.next_empty(19) + 1,
        2,
        "20 has goods, 1 an order: next empty is 2"
    );
    assert_eq!(
        g.next_empty(4) + 1,
        5,
        "an empty rolled village is used as is"
    );
}

// HIM-COMP-1: 3 or 4 players only.
#[test]
fn him_comp_1_three_or_four_players_only() {
    let d = data();
    assert_eq!((Himalaya::MIN_PLAYERS, Himalaya::MAX_PLAYERS), (3, 4));
    for n in [1, 2, 5, 6] {
        let players: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
        assert!(
            crate::engine::setup_checked::<Himalaya>(&d, &players, &opts("basic"), 1).is_err(),
            "{n} players refused"
        );
    }
    for n in [3, 4] {
        assert!(crate::engine::setup_checked::<Himalaya>(&d, &names(n), &opts("basic"), 1).is_ok());
    }
}

// HIM-COMP-9, HIM-COMP-11 (reading: 5 stupas each, as setup says), HIM-SETUP-3: literal
// numbers, not the constants.
#[test]
fn him_comp_9_each_player_has_15_delegations_and_5_stupas() {
    let d = data();
    for n in [3, 4] {
        let g = crate::engine::setup_checked::<Himalaya>(&d, &names(n), &opts("basic"), 7).unwrap();
        let view = g.view(&d, Viewer::Spectator);
        for s in 0..n {
            assert_eq!(g.delegations_left(s), 15);
            assert_eq!(g.stupas_left(s), 5);
            assert_eq!(view.players[s].delegations_left, 15);
            assert_eq!(view.players[s].stupas_left, 5);
        }
    }
    // A player with all 5 stupas built has none left for an offering: whole games of
    // stupa-taking traders until a player builds the fifth.
    let (_, g) = first_step(
        &d,
        (4, "advanced", 64),
        trader_wanting(&d, "stupa"),
        "a player with five stupas built",
        |_, a| (0..4).any(|s| a.stupas_left(s) == 0),
    );
    let s = (0..4).find(|&s| g.stupas_left(s) == 0).unwrap();
    let free = (0..VILLAGES).find(|&v| g.stupas[v].is_none()).unwrap();
    let mut want = vec![Reward::Barter];
    if g.delegations_left(s) > 0 {
        want.push(Reward::Delegations);
    }
    assert_eq!(g.reward_options(s, free), want);
}

// HIM-COMP-10: in the advanced game each player starts with one yeti, one snowstorm and one
// market-day marker; HIM-EVENT-1: none in the basic game.
#[test]
fn him_comp_10_each_player_has_one_event_marker_of_each_kind() {
    let d = data();
    let g = position(
        "players Ann Bo Cy Di
         option rules advanced
         Ann: start 1
         Bo: start 5
         Cy: start 20
         Di: start 12",
    );
    let view = g.view(&d, Viewer::Spectator);
    for p in &view.players {
        assert_eq!(
            p.events_left,
            vec![EventKind::Yeti, EventKind::Storm, EventKind::Market]
        );
    }
    assert!(matches!(g.phase, Phase::Events { .. }));
}
