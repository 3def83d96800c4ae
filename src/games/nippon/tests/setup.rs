//! Nippon tests of setup and components (NIP-SETUP, NIP-COMP), mirroring `rules/setup.rs`.

use super::*;

// ---- Components ----

// NIP-COMP-1
#[test]
fn nip_comp_1_two_to_four_players() {
    let d = data();
    for n in [1, 5] {
        assert!(
            setup_checked::<Nippon>(&d, &vec!["x".to_string(); n], &Options::new(), 1).is_err()
        );
    }
    for n in 2..=4 {
        assert_eq!(fresh(&d, n).players.len(), n);
    }
}

// NIP-COMP-2, NIP-SETUP-21
#[test]
fn nip_comp_2_forty_eight_workers_in_six_colours() {
    let d = data();
    assert_eq!(d.worker_colours.len(), 6);
    assert_eq!(d.workers_per_colour, 8);
    let g = fresh(&d, 4);
    assert_eq!(workers_total(&g), 48);
    // NIP-SETUP-21: every worker not on the board is in the bag.
    let on_board: u32 = g.slots.iter().chain(&g.rows).map(|s| s.len() as u32).sum();
    assert_eq!(g.bag.iter().sum::<u32>(), 48 - on_board);
}

// NIP-COMP-3, NIP-SETUP-4
#[test]
fn nip_comp_3_trains_ships_and_influence_tiles_per_player() {
    let d = data();
    let g = fresh(&d, 4);
    let v = g.view(&d, Viewer::Spectator);
    for p in &v.players {
        assert_eq!((p.trains_left, p.ships_left), (6, 6));
        assert_eq!(p.tiles.len(), 10);
        assert!(p.tiles.iter().all(|&t| (1..=7).contains(&t)));
        assert!(p.tiles.contains(&1) && p.tiles.contains(&7));
    }
}

// NIP-COMP-4, NIP-PROD-7
#[test]
fn nip_comp_4_cubes_are_coal_markers_or_goods_by_place() {
    let d = data();
    let mut g = position(SILK_BUILT);
    begin(&mut g, &d, Action::Produce);
    let (tracks, coal) = (g.players[0].tracks, g.players[0].coal);
    play_now(&mut g, &d, "run silk");
    // Coal left the budget, one good entered the silk storage, markers stayed.
    assert_eq!(g.players[0].coal, coal - 2);
    assert_eq!(g.players[0].factories[gi(&d, "silk")].unwrap().goods, 1);
    assert_eq!(g.players[0].tracks, tracks);
}

// NIP-COMP-5
#[test]
fn nip_comp_5_markers_never_pass_the_top() {
    let d = data();
    let k = TrackKind::Knowledge.index();
    // Purple steered to knowledge's top slot, in a factory action where lenses (whose
    // synergy is a knowledge step) may be built: the step is lost, the marker stays.
    let mut g = about_to_build("lenses", |g| knowledge_at_top(g, &d));
    play_now(&mut g, &d, "build lenses");
    assert_eq!(g.players[0].tracks[k], d.track(TrackKind::Knowledge).top());
    // Blueprints never raise a track at its top: clocks' synergy brings purple to 3
    // blueprints with knowledge at its top.
    let mut g = about_to_build_clocks_at_the_knowledge_top();
    play_now(&mut g, &d, "build clocks");
    assert_eq!(g.players[0].blueprints, 3);
    assert!(rejected_now(&mut g, &d, "blueprints knowledge").contains("top slot"));
}

// NIP-COMP-6
#[test]
fn nip_comp_6_the_supply_never_runs_out() {
    let d = data();
    // Machines bought into the supply whenever possible (no factory ever built), until a
    // machinery action begins for a seat already holding 12 and able to pay another.
    let hoarder = |g: &Nippon, s: Seat, t: &str| {
        if t == "consolidate" {
            return i32::from(g.players[s].workers.len() >= 3) * 5;
        }
        by(&["improve supply", "do machinery", "take"], t)
    };
    let mut g = steered(2, hoarder, |g| {
        let p = &g.players[g.current];
        g.stage == (Stage::Machinery { n: 0 }) && p.machines >= 12 && p.yen >= d.cost_machine
    });
    let (s, held) = (g.current, g.players[g.current].machines);
    play_now(&mut g, &d, "improve supply");
    assert_eq!(g.players[s].machines, held + 1);
}

// NIP-COMP-7
#[test]
fn nip_comp_7_fewer_players_use_fewer_pieces() {
    let d = data();
    let g = fresh(&d, 3);
    assert_eq!(g.players.len(), 3);
    assert_eq!(workers_total(&g), 42);
    let v = g.view(&d, Viewer::Spectator);
    assert_eq!(v.players.len(), 3);
    assert_eq!(v.rail_slots, 6);
}

// ---- Setup ----

// NIP-SETUP-1
#[test]
fn nip_setup_1_player_colours() {
    let d = data();
    let g = fresh(&d, 4);
    let v = g.view(&d, Viewer::Spectator);
    let c: Vec<&str> = v.players.iter().map(|p| p.colour).collect();
    assert_eq!(c, ["yellow", "red", "purple", "blue"]);
}

// NIP-SETUP-2, NIP-SETUP-3, NIP-SETUP-9, NIP-SETUP-10, NIP-SETUP-11, NIP-SETUP-12
#[test]
fn nip_setup_2_player_supplies_and_boards() {
    let d = data();
    let g = fresh(&d, 4);
    let v = g.view(&d, Viewer::Spectator);
    for p in &v.players {
        assert_eq!(p.contracts_open, (1..=8).collect::<Vec<u8>>());
        assert_eq!(p.blueprints, 1);
        assert_eq!((p.yen, p.coal), (12_000, 2));
        assert_eq!((p.ships_left, p.trains_left), (6, 6));
        assert_eq!(p.levels, [12, 2, 1]);
    }
}

// NIP-SETUP-5, NIP-TURN-1
#[test]
fn nip_setup_5_random_first_player_then_clockwise() {
    let d = data();
    let firsts: std::collections::BTreeSet<usize> = (0..30)
        .map(|s| {
            setup_checked::<Nippon>(&d, &names(4), &Options::new(), s)
                .unwrap()
                .current
        })
        .collect();
    assert!(firsts.len() > 1, "the first player varies with the seed");
    let mut g = fresh(&d, 3);
    for next in [1, 2, 0, 1] {
        play_now(&mut g, &d, "consolidate");
        assert_eq!(g.current, next, "after the last seat comes the first");
    }
}

// NIP-SETUP-6
#[test]
fn nip_setup_6_start_vp_by_position() {
    let d = data();
    for seed in 0..8 {
        let g = setup_checked::<Nippon>(&d, &names(4), &Options::new(), seed).unwrap();
        let f = g.current;
        for k in 0..4 {
            assert_eq!(g.players[(f + k) % 4].vp, 10 + k as i64);
        }
    }
}

// NIP-SETUP-7, NIP-MKT-5
#[test]
fn nip_setup_7_vp_move_forward_and_back() {
    let d = data();
    // Gain: a tile in Kansai (bonus 2 VP): played on until a market action begins where a
    // tile can go to one of Kansai's cities (tried on a copy).
    let kansai = |c: usize| c / 2 == 3;
    let mut g = steered(2, industry, |g| {
        market_begun(g) && place_tiles(&mut g.clone(), &d, 1, kansai) == 1
    });
    let (s, vp) = (g.current, g.players[g.current].vp);
    assert_eq!(place_tiles(&mut g, &d, 1, kansai), 1);
    assert_eq!(g.players[s].vp, vp + 2);
    // Loss: unpaid worker colours (12,000 yen pays 4 of 5).
    let mut g = five_colours();
    let before = g.players[0].vp;
    play_all(&mut g, &d, 0, "consolidate; reward 2 coal; space ships");
    assert_eq!(g.players[0].vp, before - 2);
}

// NIP-SETUP-8
#[test]
fn nip_setup_8_scoring_marker_starts_leftmost() {
    let d = data();
    assert_eq!(fresh(&d, 3).marker, 0);
}

// NIP-SETUP-13
#[test]
fn nip_setup_13_four_multiplier_tiles() {
    let d = data();
    assert_eq!(fresh(&d, 2).multipliers, 4);
}

// NIP-SETUP-14, NIP-SETUP-15, NIP-FAC-3, NIP-FAC-4
#[test]
fn nip_setup_14_factory_tiles_by_good_and_levels() {
    let d = data();
    let names: Vec<&str> = d.goods.iter().map(|g| g.name.as_str()).collect();
    assert_eq!(
        names,
        ["silk", "paper", "bento", "lenses", "clocks", "bulbs"]
    );
    let lv: Vec<u8> = d.goods.iter().map(|g| g.level).collect();
    assert_eq!(lv, [1, 1, 2, 2, 3, 3]);
    assert_eq!(d.factories_per_good, 4);
    // Knowledge 1, where a player starts.
    let g = position(TWO_SEED_11);
    assert_eq!(g.shortfall(&d, 0, gi(&d, "silk")), 1);
    assert_eq!(g.shortfall(&d, 0, gi(&d, "lenses")), 3);
    assert_eq!(g.shortfall(&d, 0, gi(&d, "clocks")), 5);
}

// NIP-SETUP-15
#[test]
fn nip_setup_15_six_goods() {
    let d = data();
    assert_eq!(d.goods.len(), 6);
    assert!(d.good("bulbs").is_some() && d.good("lenses").is_some());
}

// NIP-SETUP-16
#[test]
fn nip_setup_16_twelve_reward_stacks() {
    let d = data();
    assert_eq!(d.rewards.len(), 12);
    for m in 2..=5 {
        let kinds: Vec<u8> = d
            .rewards
            .iter()
            .filter(|r| r.multiplier == m)
            .map(|r| rules::bonus_kind(r.bonus))
            .collect();
        assert_eq!(kinds, [2, 1, 0], "x{m}: blueprints, coal, yen");
    }
    let g = fresh(&d, 4);
    assert_eq!(g.rewards.iter().sum::<u32>(), 24);
}

// NIP-SETUP-17
#[test]
fn nip_setup_17_three_players_remove_one_per_stack() {
    let d = data();
    let g = fresh(&d, 3);
    assert_eq!(per_multiplier(&d, &g), [5, 5, 5, 5]);
}

// NIP-SETUP-17: "at random" is uniform: with 3 players each of a stack's 6 tiles (3
// bonuses, 2 tiles each) is the one removed equally often, so each bonus loses its tile
// in a third of the games.
#[test]
fn nip_setup_17_each_tile_of_a_stack_is_equally_likely_to_be_removed() {
    let d = data();
    let games = 600;
    let mut lost = vec![0u32; d.rewards.len()];
    for seed in 0..games {
        let g = setup_checked::<Nippon>(&d, &names(3), &Options::new(), seed).unwrap();
        for (i, r) in d.rewards.iter().enumerate() {
            lost[i] += r.tiles - g.rewards[i];
        }
    }
    for (i, r) in d.rewards.iter().enumerate() {
        let share = f64::from(lost[i]) / games as f64;
        assert!(
            (share - 1.0 / 3.0).abs() < 0.08,
            "x{} {}: removed in {:.2} of the games",
            r.multiplier,
            r.bonus,
            share
        );
    }
}

// NIP-SETUP-18
#[test]
fn nip_setup_18_two_players_remove_two_per_stack() {
    let d = data();
    let g = fresh(&d, 2);
    assert_eq!(per_multiplier(&d, &g), [4, 4, 4, 4]);
}

// NIP-SETUP-19 (reading: the removal is from the 4 multiplier stacks, so a bonus stack
// may lose both its tiles, and which bonus loses one varies with the seed)
#[test]
fn nip_setup_19_removal_from_multiplier_stacks() {
    let d = data();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let g = setup_checked::<Nippon>(&d, &names(2), &Options::new(), seed).unwrap();
        assert_eq!(per_multiplier(&d, &g), [4, 4, 4, 4]);
        seen.insert(g.rewards.clone());
    }
    assert!(seen.len() > 5, "the removed tiles are random");
    assert!(
        seen.iter().any(|r| r.contains(&0)),
        "a bonus stack can lose both tiles"
    );
}

// NIP-SETUP-20, NIP-CITY-1, NIP-CITY-2
#[test]
fn nip_setup_20_random_city_tiles_and_orientation() {
    let d = data();
    assert_eq!(d.city_tiles.len(), 9);
    let mut rots = std::collections::BTreeSet::new();
    let mut unused = std::collections::BTreeSet::new();
    for seed in 0..20 {
        let g = setup_checked::<Nippon>(&d, &names(2), &Options::new(), seed).unwrap();
        assert_eq!(g.cities.len(), 8, "2 cities in each of 4 regions");
        let mut t: Vec<u8> = g.cities.iter().map(|c| c.0).collect();
        t.sort_unstable();
        t.dedup();
        assert_eq!(t.len(), 8, "8 different tiles");
        unused.insert((0..9u8).find(|x| !t.contains(x)).unwrap());
        rots.extend(g.cities.iter().map(|c| c.1));
        // Every city shows 4 goods on 4 influence slots.
        for c in 0..8 {
            let goods: std::collections::BTreeSet<usize> =
                (0..4).map(|s| g.good_at(&d, c, s)).collect();
            assert_eq!(goods.len(), 4);
        }
    }
    assert_eq!(rots.len(), 4, "every orientation occurs");
    assert!(unused.len() > 1, "the tile left out varies");
}

// NIP-SETUP-22
#[test]
fn nip_setup_22_workers_removed_with_fewer_players() {
    let d = data();
    assert_eq!(workers_total(&fresh(&d, 3)), 42);
    assert_eq!(workers_total(&fresh(&d, 2)), 36);
    let g = fresh(&d, 2);
    let mut per = vec![0u32; 6];
    for (c, n) in g.bag.iter().enumerate() {
        per[c] += n;
    }
    for w in g.slots.iter().chain(&g.rows).flatten() {
        per[*w as usize] += 1;
    }
    assert_eq!(per, vec![6; 6]);
}

// NIP-SETUP-23, NIP-SETUP-24, NIP-SETUP-25, NIP-SETUP-26
#[test]
fn nip_setup_23_action_slots_and_worker_rows() {
    let d = data();
    for (n, rows, per) in [(4, 4, 3), (3, 3, 3), (2, 2, 2)] {
        let g = fresh(&d, n);
        assert!(g.slots.iter().all(|s| s.len() == 3), "{n} players");
        assert_eq!(g.rows.len(), rows, "{n} players");
        assert!(g.rows.iter().all(|r| r.len() == per), "{n} players");
    }
}

// NIP-SETUP-27, NIP-FAC-6
#[test]
fn nip_setup_27_paying_and_receiving_yen() {
    let d = data();
    // Seed 11: slot 1 (factory or machinery) holds a black worker.
    let mut g = position(&format!(
        "{TWO_SEED_11}
         purple: take 1 black
         purple: do factory"
    ));
    play_now(&mut g, &d, "build silk");
    assert_eq!(g.players[0].yen, 6_000);
    assert_eq!(g.players[0].coal, 4, "silk synergy: 2 coal received");
}

// NIP-SETUP-28, NIP-SETUP-29, NIP-CONS-9
#[test]
fn nip_setup_28_blueprints_count_by_value() {
    let d = data();
    let mut g = purple_takes(3);
    let left: u32 = g.rewards.iter().sum();
    play_all(&mut g, &d, 0, "consolidate; reward 2 blueprints");
    assert_eq!(g.players[0].blueprints, 3, "1 + a reward of 2 blueprints");
    assert_eq!(
        g.rewards.iter().sum::<u32>(),
        left - 1,
        "the tile leaves the supply"
    );
    play_now(&mut g, &d, "space contracts");
    // Another reward: 2 coal; another: 5,000 yen.
    // The budget's coal from three steps up the coal track (3), so that adding the
    // reward's 2 and multiplying by 2 differ.
    let mut g = purple_takes(3);
    let budget = g.track_value(&d, 0, TrackKind::Coal);
    assert_ne!(budget, 2);
    play_all(&mut g, &d, 0, "consolidate; reward 2 coal");
    assert_eq!(g.players[0].coal, budget + 2);
    let mut g = purple_takes(3);
    play_all(&mut g, &d, 0, "consolidate; reward 2 yen");
    assert_eq!(g.players[0].yen, 12_000 + 5_000);
}
