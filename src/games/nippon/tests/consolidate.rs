//! Nippon tests of consolidation (NIP-CONS), mirroring `rules/consolidate.rs`.

use super::*;

// ---- Consolidate ----

// NIP-CONS-2, NIP-CONS-3, NIP-CONS-4, NIP-CONS-5
#[test]
fn nip_cons_4_budget_replaces_yen_and_coal() {
    let d = data();
    let mut g = fresh(&d, 2);
    let m = &d.tracks[0];
    // why: money track 16 and coal 5 with 3,000 yen are rounds of actions and incomes away; the
    // budget's sum is the point
    g.players[0].tracks[0] = m.values.iter().position(|&v| v == 16).unwrap();
    let c = &d.tracks[1];
    // why: above
    g.players[0].tracks[1] = c.values.iter().position(|&v| v == 5).unwrap();
    g.players[0].yen = 3_000;
    g.players[0].coal = 7;
    play_now(&mut g, &d, "consolidate");
    assert_eq!((g.players[0].yen, g.players[0].coal), (16_000, 5));
}

// NIP-CONS-2: budget, then reward, then workforce (the reward's yen helps pay).
#[test]
fn nip_cons_2_steps_in_order() {
    let d = data();
    let mut g = five_colours();
    assert_eq!(g.players[0].workers.len(), 6);
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.players[0].yen, 12_000, "budget first");
    assert_eq!(g.stage, Stage::Reward);
    play_all(&mut g, &d, 0, "reward 2 yen; space money");
    assert_eq!(g.players[0].yen, 12_000 + 5_000 - 5 * 3_000);
    assert!(g.players[0].workers.is_empty());
}

// NIP-CONS-6
#[test]
fn nip_cons_6_reward_level_from_the_rightmost_worker() {
    let d = data();
    assert_eq!(d.worker_slot_levels, [0, 0, 2, 3, 4, 5]);
    let mut g = purple_takes(4);
    play_now(&mut g, &d, "consolidate");
    let l = legal(&g, &d, g.current);
    assert!(l.contains(&"reward 3 coal".into()) && l.contains(&"reward 2 yen".into()));
    assert!(rejected_now(&mut g, &d, "reward 4 coal").contains("up to level 3"));
    // Fewer than 3 workers: no reward.
    let mut g = purple_takes(2);
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.current, 1);
}

// NIP-CONS-7
#[test]
fn nip_cons_7_only_higher_rewards_left_skips() {
    let d = data();
    let mut g = purple_takes(3);
    for i in 0..12 {
        if d.rewards[i].multiplier < 5 {
            // why: REWARDS (mod.rs): emptying the lower stacks is 12 consolidations, 140+ steps
            g.rewards[i] = 0;
        }
    }
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.current, 1, "skipped");
    assert!(g.players[0].achievements.iter().all(|a| a.is_none()));
}

// NIP-CONS-8
#[test]
fn nip_cons_8_multiplier_tiles_when_rewards_run_out() {
    let d = data();
    let mut g = purple_takes(3);
    // why: REWARDS (mod.rs): every stack emptied is 16 consolidations, 190+ steps
    g.rewards = vec![0; 12];
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.stage, Stage::Space { multiplier: 2 });
    play_now(&mut g, &d, "space ships");
    assert_eq!(g.multipliers, 3);
    assert_eq!(
        g.players[0].achievements[d.achievement("ships").unwrap()],
        Some(2)
    );
    let mut g = purple_takes(3);
    // why: above
    g.rewards = vec![0; 12];
    g.multipliers = 0;
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.current, 1, "nothing left: skipped");
    // Fewer than 3 workers: no multiplier tile either.
    let mut g = purple_takes(2);
    // why: above
    g.rewards = vec![0; 12];
    play_now(&mut g, &d, "consolidate");
    assert_eq!((g.current, g.multipliers), (1, 4));
}

// NIP-CONS-8, NIP-CONS-6, NIP-CONS-12 (reading): a player with every achievement space
// covered must still take a reward tile (its bonus counts; the tile is set aside and scores
// nothing), so the reward tiles run out while others still have empty spaces, and the next
// consolidating player takes a 2x multiplier tile.
#[test]
fn nip_cons_8_multiplier_tiles_are_reached_once_the_reward_tiles_run_out() {
    let d = data();
    let mut g = purple_takes(3);
    let last = (0..d.rewards.len())
        .find(|&i| d.rewards[i].multiplier == 2 && rules::bonus_kind(d.rewards[i].bonus) == 0)
        .unwrap();
    // why: REWARDS (mod.rs): every stack emptied is 16 consolidations, 190+ steps
    g.rewards = vec![0; d.rewards.len()];
    g.rewards[last] = 1;
    g.players[0].achievements = vec![Some(3); 6];
    play_now(&mut g, &d, "consolidate");
    assert_eq!(
        g.stage,
        Stage::Reward,
        "a full board still takes a reward tile"
    );
    play_now(&mut g, &d, "reward 2 yen");
    assert_eq!(g.players[0].yen, 12_000 + 5_000 - 9_000, "the bonus counts");
    assert_eq!(g.players[0].achievements, vec![Some(3); 6], "nothing moves");
    assert!(g.rewards.iter().all(|&n| n == 0));
    assert_eq!(g.current, 1);
    // why: above
    g.players[1].workers = vec![0, 1, 2];
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.stage, Stage::Space { multiplier: 2 });
    play_now(&mut g, &d, "space money");
    assert_eq!(g.multipliers, 3);
    assert_eq!(
        g.players[1].achievements[d.achievement("money").unwrap()],
        Some(2)
    );
}

// NIP-CONS-10, NIP-CONS-12
#[test]
fn nip_cons_12_tiles_go_on_an_empty_achievement_space_for_good() {
    let d = data();
    let mut g = purple_takes(3);
    // why: REWARDS (mod.rs): a covered space is a consolidation with 3+ workers (12+ steps);
    // six covered spaces are six of them, 72+ steps
    g.players[0].achievements[0] = Some(3);
    play_all(&mut g, &d, 0, "consolidate; reward 2 coal");
    assert!(rejected_now(&mut g, &d, "space contracts").contains("already holds"));
    play_now(&mut g, &d, "space factories");
    assert_eq!(g.players[0].achievements[0], Some(3), "never moved");
    assert_eq!(
        g.players[0].achievements[d.achievement("factories").unwrap()],
        Some(2)
    );
    // Every space full: the reward tile is still taken for its bonus and set aside.
    let mut g = purple_takes(3);
    // why: above
    g.players[0].achievements = vec![Some(2); 6];
    play_all(&mut g, &d, 0, "consolidate; reward 2 coal");
    assert_eq!(g.current, 1);
    assert_eq!(g.players[0].achievements, vec![Some(2); 6]);
    // ...but a multiplier tile, which has no bonus, is left for the others.
    let mut g = purple_takes(3);
    // why: above
    g.rewards = vec![0; 12];
    g.players[0].achievements = vec![Some(2); 6];
    play_now(&mut g, &d, "consolidate");
    assert_eq!((g.current, g.multipliers), (1, 4));
}

// NIP-CONS-11, NIP-END-4
#[test]
fn nip_cons_11_achievements_scored_with_multipliers() {
    let d = data();
    let mut g = fresh(&d, 2);
    let ships = d.achievement("ships").unwrap();
    let money = d.achievement("money").unwrap();
    let contracts = d.achievement("contracts").unwrap();
    // why: six ships, fulfilled contracts and a high money track: a whole game's actions
    g.players[0].ships = 6; // 3 stars uncovered
    g.players[0].achievements[ships] = Some(2);
    g.players[0].fulfilled = vec![true, true, true, false, false, false, false, false];
    g.players[1].tracks[0] = d.tracks[0].values.iter().position(|&v| v == 14).unwrap(); // 14,000 - 0 workers
    let vp = g.vp();
    let mut ev = Vec::new();
    g.finish(&d, &mut ev);
    let b = g.result.clone().unwrap().breakdown;
    let line = |s: usize, a: usize| {
        b[s].iter()
            .find(|l| l.name == d.achievements[a].name)
            .unwrap()
            .points
    };
    assert_eq!(line(0, ships), 6, "2x tile and 3 stars = 6 VP");
    assert_eq!(line(0, contracts), 0, "no tile, no printed multiplier");
    assert_eq!(line(1, money), 2, "14,000 yen, printed 1x: 2 VP");
    assert_eq!(line(0, money), 2, "12,000 yen: 2 VP");
    assert_eq!(g.players[0].vp, vp[0] + 6 + 2);
}

// NIP-CONS-13: the payment is for the colours on the board; with no workers there is
// nothing to pay, and the log says nothing about it.
#[test]
fn nip_cons_13_no_workers_no_payment_line() {
    let d = data();
    let mut g = fresh(&d, 2);
    let a = play_now(&mut g, &d, "consolidate");
    let texts: Vec<&str> = a.events.iter().map(|e| e.text.as_str()).collect();
    assert!(
        texts.iter().any(|t| t.contains("consolidates")),
        "{texts:?}"
    );
    assert!(!texts.iter().any(|t| t.contains("worker")), "{texts:?}");
    let mut g = purple_takes(1);
    let a = play_now(&mut g, &d, "consolidate");
    assert!(
        a.events
            .iter()
            .any(|e| e.text.contains("pays 3,000 yen for 1 worker colour")),
        "{:?}",
        a.events
    );
}

// NIP-CONS-13, NIP-CONS-15
#[test]
fn nip_cons_15_three_colours_cost_9000() {
    let d = data();
    // Four workers of three colours: black, brown, green, brown.
    let mut g = purple_takes(4);
    play_all(&mut g, &d, 0, "consolidate; reward 2 yen; space money");
    assert_eq!(g.players[0].yen, 12_000 + 5_000 - 9_000);
}

// NIP-CONS-14, NIP-CONS-18
#[test]
fn nip_cons_18_unpaid_colours_lose_2_vp_each() {
    let d = data();
    let mut g = fresh(&d, 2);
    // why: REWARDS (mod.rs); and six colours at once: seed 11 has orange and pink only on
    // slots 1, 3 and 4 (5,000 yen or goods each), more than one 12,000-yen purse pays
    g.players[0].workers = vec![0, 1, 2, 3, 4, 5];
    g.rewards = vec![0; 12];
    g.multipliers = 0;
    let vp = g.players[0].vp;
    play_now(&mut g, &d, "consolidate");
    // 12,000 yen pays 4 colours; 2 colours unpaid.
    assert_eq!(g.players[0].yen, 0);
    assert_eq!(g.players[0].vp, vp - 4);
}

// NIP-CONS-16: workers back to the bag.
#[test]
fn nip_cons_16_workers_go_back_to_the_bag() {
    let d = data();
    // Seed 11: slot 4 (trains or ships) holds pink pink black; purple takes both pinks.
    let mut g = position(&format!(
        "{TWO_SEED_11}
         purple: take 4 pink
         purple: do trains
         purple: train hokkaido
         purple: done
         blue: consolidate
         purple: take 4 pink
         purple: do trains
         purple: train tohoku   # 2,000 yen left: the action ends
         blue: consolidate"
    ));
    assert_eq!(g.players[0].workers, vec![3, 3]);
    let total = workers_total(&g);
    let bag = g.bag[3];
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.bag[3], bag + 2);
    assert_eq!(workers_total(&g), total);
}

// NIP-CONS-11: the contracts achievement counts each 2 fulfilled contracts.
#[test]
fn nip_cons_11_the_contracts_achievement_counts_pairs_of_fulfilled_contracts() {
    let d = data();
    let mut g = fresh(&d, 2);
    let a = d
        .achievements
        .iter()
        .position(|a| a.name == "contracts")
        .unwrap();
    for (done, units) in [(0, 0), (1, 0), (2, 1), (5, 2), (8, 4)] {
        for k in 0..8 {
            // why: each count of fulfilled contracts (0 to 8) would be its own long game
            g.players[0].fulfilled[k] = k < done;
        }
        assert_eq!(g.achievement_units(&d, 0, a), units, "{done} fulfilled");
    }
}

// NIP-CONS-11, NIP-FAC-14: each achievement space counts its own picture: pairs of
// fulfilled contracts, 6,000 yen, knowledge stars (the track's passed stars plus a paper
// factory's star), factories and influence tiles on the map.
#[test]
fn nip_cons_11_each_achievement_counts_its_own_picture() {
    let d = data();
    let mut g = fresh(&d, 2);
    let units = |g: &Nippon, name: &str| {
        let a = d.achievements.iter().position(|a| a.name == name).unwrap();
        g.achievement_units(&d, 0, a)
    };
    // Knowledge track `1 2 -* 3 - 4* ...`: at its 6th slot two stars are passed.
    let t = d.track(TrackKind::Knowledge);
    assert_eq!((t.stars[2], t.stars[4], t.stars[5]), (true, false, true));
    // why: knowledge 5, two factories, yen and three influence tiles: a long game's actions
    g.players[0].tracks[TrackKind::Knowledge.index()] = 5;
    assert_eq!(units(&g, "knowledge"), 2);
    // why: above
    give_factory(&mut g, &d, 0, "silk", 0, 0);
    assert_eq!(units(&g, "knowledge"), 2, "silk has no star synergy");
    // why: above
    give_factory(&mut g, &d, 0, "paper", 0, 0);
    assert_eq!(
        units(&g, "knowledge"),
        3,
        "a paper factory is one more star"
    );
    assert_eq!(units(&g, "factories"), 2);
    // why: above
    g.players[0].yen = 13_000;
    assert_eq!(units(&g, "money"), 2);
    assert_eq!(units(&g, "influence"), 0);
    // why: above
    tile(&mut g, 0, 0, 0, 3);
    tile(&mut g, 2, 1, 0, 2);
    tile(&mut g, 4, 0, 1, 5);
    assert_eq!(units(&g, "influence"), 2, "only seat 0's tiles");
    // Seat 1 owns the third tile.
    let a = d
        .achievements
        .iter()
        .position(|a| a.name == "influence")
        .unwrap();
    assert_eq!(g.achievement_units(&d, 1, a), 1);
}

// ---- For computer players: the evaluation hint and determinisation ----

// NIP-CONS-11, NIP-SCORE-1: the hint is each seat's VP plus the achievement spaces as the
// final scoring would score them now, plus the scorings still to come at today's influence.
#[test]
fn nip_cons_11_the_hint_adds_the_achievements_and_the_scorings_to_come_to_the_vp() {
    let d = data();
    let mut g = fresh(&d, 2);
    let ships = d.achievement("ships").unwrap();
    // why: six ships and an influence tile are a long game's actions
    g.players[0].ships = 6;
    g.players[0].achievements[ships] = Some(2);
    let expected = |g: &Nippon| -> Vec<f64> {
        (0..2)
            .map(|s| {
                let achieved: i64 = (0..d.achievements.len())
                    .map(|a| g.achievement_vp(&d, s, a))
                    .sum();
                let scorings: i64 = (g.scorings as usize..3)
                    .flat_map(|k| (0..d.regions.len()).map(move |r| (r, k)))
                    .map(|(r, k)| g.region_vp(&d, r, k)[s])
                    .sum();
                (g.players[s].vp + achieved + scorings) as f64
            })
            .collect()
    };
    let hint = g.hint(&d);
    assert_eq!(hint, expected(&g));
    assert!(
        hint[0] >= g.players[0].vp as f64 + 6.0,
        "the ships achievement counts: {hint:?}"
    );
    // An influence tile of seat 1 makes it win region VP at every scoring to come.
    let before = g.hint(&d)[1];
    // why: above
    g.influence[0][0] = Some(Placed { seat: 1, value: 9 });
    assert_eq!(g.hint(&d), expected(&g));
    assert!(g.hint(&d)[1] > before, "{before} then {:?}", g.hint(&d));
}
