//! Nippon tests of consolidation (NIP-CONS), mirroring `rules/consolidate.rs`.

use super::*;

// ---- Consolidate ----

// NIP-CONS-2, NIP-CONS-3, NIP-CONS-4, NIP-CONS-5
#[test]
fn nip_cons_4_budget_replaces_yen_and_coal() {
    let d = data();
    // Purple holds 11,000 yen and some coal after a coal move: the budget replaces both.
    let mut g = purple_takes(1);
    let p = &g.players[0];
    assert!(
        p.yen == 11_000 && p.coal > 0,
        "{} yen, {} coal",
        p.yen,
        p.coal
    );
    let money = g.track_value(&d, 0, TrackKind::Money) * 1_000;
    let coal = g.track_value(&d, 0, TrackKind::Coal);
    play_now(&mut g, &d, "consolidate");
    // One worker colour is paid from the budget.
    assert_eq!((g.players[0].yen, g.players[0].coal), (money - 3_000, coal));
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
    let mut g = only_fives_left();
    let s = g.current;
    let before = g.players[s].achievements.clone();
    let a = play_now(&mut g, &d, "consolidate");
    assert!(
        g.current != s && g.stage == Stage::Start,
        "skipped: {}",
        said(&a, " | ")
    );
    assert_eq!(g.players[s].achievements, before);
}

// NIP-CONS-8
#[test]
fn nip_cons_8_multiplier_tiles_when_rewards_run_out() {
    let d = data();
    let mut g = rewards_gone(3..=6, |g| g.multipliers > 0 && g.has_empty_space(g.current));
    let (s, left) = (g.current, g.multipliers);
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.stage, Stage::Space { multiplier: 2 });
    let space = legal(&g, &d, s)[0].clone();
    let a = d.achievement(&space["space ".len()..]).unwrap();
    play_now(&mut g, &d, &space);
    assert_eq!(g.multipliers, left - 1);
    assert_eq!(g.players[s].achievements[a], Some(2));
    let mut g = purple_takes(3);
    // why: the 4 multiplier tiles all taken, then a consolidation with 3 workers: no
    // steered line of 300 (4 players taking reward and multiplier tiles) reached it; with two
    // seats keeping their spaces empty for the multipliers one line of 300 used them up, four
    // steps before the game ended (measured, session 19)
    g.rewards = vec![0; 12];
    g.multipliers = 0;
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.current, 1, "nothing left: skipped");
    // Fewer than 3 workers: no multiplier tile either.
    let mut g = rewards_gone(1..=2, |g| g.multipliers > 0);
    let (s, left) = (g.current, g.multipliers);
    play_now(&mut g, &d, "consolidate");
    assert_eq!((g.current == s, g.multipliers), (false, left));
}

// NIP-CONS-8, NIP-CONS-6, NIP-CONS-12 (reading): a player with every achievement space
// covered must still take a reward tile (its bonus counts; the tile is set aside and scores
// nothing), so the reward tiles run out while others still have empty spaces, and the next
// consolidating player takes a 2x multiplier tile (as in the test above).
#[test]
fn nip_cons_8_multiplier_tiles_are_reached_once_the_reward_tiles_run_out() {
    let d = data();
    let mut g = last_reward_to_a_full_board();
    let s = g.current;
    let full = g.players[s].achievements.clone();
    play_now(&mut g, &d, "consolidate");
    assert_eq!(
        g.stage,
        Stage::Reward,
        "a full board still takes a reward tile"
    );
    let reward = legal(&g, &d, s)[0].clone();
    play_now(&mut g, &d, &reward);
    assert_eq!(g.players[s].achievements, full, "nothing moves");
    assert!(g.rewards.iter().all(|&n| n == 0));
    assert!(
        g.multipliers > 0,
        "the multiplier tiles are next (nip_cons_8 above)"
    );
}

// NIP-CONS-10, NIP-CONS-12
#[test]
fn nip_cons_12_tiles_go_on_an_empty_achievement_space_for_good() {
    let d = data();
    let hungry = reward_hungry(&d);
    let mut g = steered(2, &hungry, |g| {
        let a = &g.players[g.current].achievements;
        starts_holding(g, 3..=6)
            && in_reach(g, &d, g.current)
            && a.iter().any(|x| x.is_some())
            && a.iter().any(|x| x.is_none())
    });
    let s = g.current;
    let covered = (0..6)
        .find(|&a| g.players[s].achievements[a].is_some())
        .unwrap();
    let empty = (0..6)
        .find(|&a| g.players[s].achievements[a].is_none())
        .unwrap();
    let held = g.players[s].achievements[covered];
    play_now(&mut g, &d, "consolidate");
    let reward = legal(&g, &d, s)[0].clone();
    let m: u32 = reward["reward ".len()..][..1].parse().unwrap();
    play_now(&mut g, &d, &reward);
    let name = |a: usize| format!("space {}", d.achievements[a].name);
    assert!(rejected_now(&mut g, &d, &name(covered)).contains("already holds"));
    play_now(&mut g, &d, &name(empty));
    assert_eq!(g.players[s].achievements[covered], held, "never moved");
    assert_eq!(g.players[s].achievements[empty], Some(m));
    // Every space full: the reward tile is still taken for its bonus and set aside.
    let full = |g: &Nippon| {
        g.players[g.current]
            .achievements
            .iter()
            .all(|a| a.is_some())
    };
    let mut g = steered(4, &hungry, |g| {
        starts_holding(g, 3..=6) && in_reach(g, &d, g.current) && full(g)
    });
    let s = g.current;
    let before = g.players[s].achievements.clone();
    play_now(&mut g, &d, "consolidate");
    let reward = legal(&g, &d, s)
        .into_iter()
        .find(|r| !r.ends_with("blueprints"));
    play_now(&mut g, &d, &reward.expect("a reward without blueprints"));
    assert!(g.current != s, "the turn passed");
    assert_eq!(g.players[s].achievements, before);
    // ...but a multiplier tile, which has no bonus, is left for the others.
    let mut g = rewards_gone(3..=6, |g| g.multipliers > 0 && full(g));
    let (s, left) = (g.current, g.multipliers);
    play_now(&mut g, &d, "consolidate");
    assert_eq!((g.current == s, g.multipliers), (false, left));
}

// NIP-CONS-11, NIP-END-4
#[test]
fn nip_cons_11_achievements_scored_with_multipliers() {
    let d = data();
    // Whole games played (rush: few consolidations, so spaces stay empty): each achievement
    // line of the final breakdown is its units times the tile's multiplier, else the
    // printed one; played until one game scored both kinds.
    let (mut tiled, mut printed) = (0, 0);
    for seed in 1..=20 {
        let mut g = fresh(&d, 2);
        let ended = |g: &Nippon| g.result.is_some();
        steered_play_until(&mut g, &d, 3_000, &mut GameRng::new(seed), rush, ended);
        let b = g.result.clone().expect("the game ended").breakdown;
        (tiled, printed) = (0, 0);
        for (s, lines) in b.iter().enumerate() {
            for (a, space) in d.achievements.iter().enumerate() {
                let line = lines.iter().find(|l| l.name == space.name).unwrap().points;
                let units = g.achievement_units(&d, s, a);
                let times = match g.players[s].achievements[a] {
                    Some(m) => {
                        tiled += usize::from(units > 0);
                        m
                    }
                    None => {
                        printed += usize::from(units > 0);
                        space.printed
                    }
                };
                assert_eq!(line, units * times as i64, "seat {s}, {}", space.name);
            }
        }
        if tiled > 0 && printed > 0 {
            break;
        }
    }
    assert!(
        tiled > 0 && printed > 0,
        "{tiled} with a tile, {printed} printed"
    );
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
    // Five colours (15,000 yen) against a budget of 12,000 and a reward of coal: one unpaid.
    let mut g = five_colours();
    let vp = g.players[0].vp;
    play_all(&mut g, &d, 0, "consolidate; reward 2 coal; space money");
    assert_eq!(g.players[0].yen, 0);
    assert_eq!(g.players[0].vp, vp - 2);
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
    let a = d
        .achievements
        .iter()
        .position(|a| a.name == "contracts")
        .unwrap();
    // Whole games played out (those of the scoring tests); on each, every seat's units
    // counted against its fulfilled contracts halved, until a seat ends with an odd count
    // of 3 or more (the half rounded down).
    let odd = |g: &Nippon, s: Seat| {
        let done = g.players[s].fulfilled.iter().filter(|&&f| f).count();
        done >= 3 && done % 2 == 1
    };
    let mut found = None;
    for (n, seed) in super::scoring::games() {
        let g = super::scoring::played_out(&d, n, seed).g;
        for s in 0..n {
            let done = g.players[s].fulfilled.iter().filter(|&&f| f).count();
            assert_eq!(
                g.achievement_units(&d, s, a),
                (done / 2) as i64,
                "{done} fulfilled"
            );
        }
        if let Some(s) = (0..n).find(|&s| odd(&g, s)) {
            found = Some((g, s));
            break;
        }
    }
    let (g, s) = found.expect("a game ending with an odd count of 3 contracts or more");
    let done = g.players[s].fulfilled.iter().filter(|&&f| f).count() as i64;
    assert_eq!(g.achievement_units(&d, s, a), (done - 1) / 2);
}

// NIP-CONS-11, NIP-FAC-14: each achievement space counts its own picture: pairs of
// fulfilled contracts, 6,000 yen, knowledge stars (the track's passed stars plus a paper
// factory's star), ships past a star, factories and influence tiles on the map; so at
// every position of a whole game played.
#[test]
fn nip_cons_11_each_achievement_counts_its_own_picture() {
    let d = data();
    // Knowledge track `1 2 -* 3 - 4* ...`: at its 6th slot two stars are passed.
    let t = d.track(TrackKind::Knowledge);
    assert_eq!((t.stars[2], t.stars[4], t.stars[5]), (true, false, true));
    assert_eq!(d.goods[gi(&d, "paper")].synergy, Bonus::Star);
    assert_ne!(d.goods[gi(&d, "silk")].synergy, Bonus::Star);
    let picture = |g: &Nippon, s: Seat, name: &str| -> i64 {
        let p = &g.players[s];
        let n = match name {
            "contracts" => p.fulfilled.iter().filter(|&&f| f).count() / 2,
            "money" => p.yen as usize / 6_000,
            "knowledge" => {
                let stars = (0..=p.tracks[2]).filter(|&i| t.stars[i]).count();
                let paper = (0..d.goods.len())
                    .filter(|&f| p.factories[f].is_some() && d.goods[f].synergy == Bonus::Star)
                    .count();
                stars + paper
            }
            "ships" => d
                .ship_stars
                .iter()
                .filter(|&&k| k <= p.ships as usize)
                .count(),
            "factories" => p.factories.iter().flatten().count(),
            _ => g
                .influence
                .iter()
                .flatten()
                .flatten()
                .filter(|x| x.seat as usize == s)
                .count(),
        };
        n as i64
    };
    let mut g = fresh(&d, 2);
    let mut pick = GameRng::new(2);
    let mut seen = vec![0; d.achievements.len()];
    while g.result.is_none() {
        for s in 0..2 {
            for (a, space) in d.achievements.iter().enumerate() {
                let units = g.achievement_units(&d, s, a);
                assert_eq!(units, picture(&g, s, &space.name), "{}", space.name);
                seen[a] += usize::from(units > 0);
            }
        }
        steered_play_until(&mut g, &d, 1, &mut pick, industry, |_| false);
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every picture counted: {seen:?}"
    );
}

// ---- For computer players: the evaluation hint and determinisation ----

// NIP-CONS-11, NIP-SCORE-1: the hint is each seat's VP plus the achievement spaces as the
// final scoring would score them now, plus the scorings still to come at today's influence:
// so at every position of a whole game played (steered to take the reward tiles).
#[test]
fn nip_cons_11_the_hint_adds_the_achievements_and_the_scorings_to_come_to_the_vp() {
    let d = data();
    let expected = |g: &Nippon| -> Vec<(i64, i64, i64)> {
        (0..2)
            .map(|s| {
                let achieved: i64 = (0..d.achievements.len())
                    .map(|a| g.achievement_vp(&d, s, a))
                    .sum();
                let scorings: i64 = (g.scorings as usize..3)
                    .flat_map(|k| (0..d.regions.len()).map(move |r| (r, k)))
                    .map(|(r, k)| g.region_vp(&d, r, k)[s])
                    .sum();
                (g.players[s].vp, achieved, scorings)
            })
            .collect()
    };
    let mut g = fresh(&d, 2);
    let mut pick = GameRng::new(1);
    let (mut achieved, mut to_come) = (0, 0);
    while g.result.is_none() {
        let parts = expected(&g);
        let sums: Vec<f64> = parts.iter().map(|(v, a, s)| (v + a + s) as f64).collect();
        assert_eq!(g.hint(&d), sums);
        achieved += parts.iter().filter(|p| p.1 > 0).count();
        to_come += parts.iter().filter(|p| p.2 > 0).count();
        steered_play_until(&mut g, &d, 1, &mut pick, reward_hungry(&d), |_| false);
    }
    assert!(
        achieved > 0 && to_come > 0,
        "both parts count: {achieved}, {to_come}"
    );
}
