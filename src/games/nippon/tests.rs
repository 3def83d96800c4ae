//! Nippon tests, named after the clause ids of `../shared/clauses/nippon.md`. Positions are
//! built by setting the state directly (this module is inside the game), then steps are
//! played through the notation, as a player types them, with the engine's shared harness
//! (`crate::engine::testing`): `play_now` and `rejected_now` act for `current`.

use super::*;
use crate::engine::conformance::{run, Suite};
use crate::engine::testing::{
    assert_nobody_scramble_changes_only, legal, play, play_all, play_now, refused_step,
    rejected_now, said,
};
use crate::engine::{setup_checked, Options};
use crate::engine::{Rules, ScorePart};

fn data() -> NipponData {
    parse_board(BOARD).expect("board parses")
}

fn names(n: usize) -> Vec<String> {
    ["purple", "blue", "red", "yellow"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// A fresh game with seat 0 to play.
fn fresh(d: &NipponData, n: usize) -> Nippon {
    let mut g = setup_checked::<Nippon>(d, &names(n), &Options::new(), 11).expect("setup");
    g.current = 0;
    g
}

fn gi(d: &NipponData, name: &str) -> usize {
    d.good(name).expect("a good")
}

fn give_factory(g: &mut Nippon, d: &NipponData, seat: Seat, good: &str, machine: u8, goods: u8) {
    g.players[seat].factories[gi(d, good)] = Some(Factory { machine, goods });
}

/// Put seat 0 in the middle of action `a` (a worker taken from its slot).
fn in_action(g: &mut Nippon, d: &NipponData, a: Action) {
    let slot = d.slots.iter().position(|s| s.contains(&a)).unwrap();
    g.slots[slot].pop();
    g.players[g.current].workers.push(0);
    g.taken_from = Some(slot as u8);
    g.start_action(a);
}

fn workers_total(g: &Nippon) -> u32 {
    g.bag.iter().sum::<u32>()
        + g.slots.iter().map(|s| s.len() as u32).sum::<u32>()
        + g.rows.iter().map(|s| s.len() as u32).sum::<u32>()
        + g.players
            .iter()
            .map(|p| p.workers.len() as u32)
            .sum::<u32>()
}

// ---- Contract and board data ----

#[test]
fn conformance_two_to_four_players() {
    let d = data();
    let mut s = Suite::<Nippon>::new(&d);
    s.render = Some(render::render);
    s.games = 2;
    let r = run(&s);
    assert_eq!(r.games, 6);
    assert!(r.max_legal <= 40, "one decision per step: {}", r.max_legal);
}

#[test]
fn board_file_errors_name_the_line() {
    let bad = BOARD.replace("slot 5 market", "slot 5 market,bogus");
    let e = parse_board(&bad).unwrap_err();
    assert!(e.line > 0 && e.message.contains("bogus"), "{e}");
    let e = parse_board(&BOARD.replace("slot 5 market", "")).unwrap_err();
    assert!(e.message.contains("slot 5"), "{e}");
    let e = parse_board(&BOARD.replace(
        "citytile 3 bento,lenses,clocks,bulbs",
        "citytile 3 bento,bento,clocks,bulbs",
    ))
    .unwrap_err();
    assert!(e.message.contains("4 different goods"), "{e}");
}

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
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 0, 0);
    g.players[0].coal = 5;
    in_action(&mut g, &d, Action::Produce);
    let tracks = g.players[0].tracks;
    play_now(&mut g, &d, "run silk");
    // Coal left the budget, one good entered the silk storage, markers stayed.
    assert_eq!(g.players[0].coal, 3);
    assert_eq!(g.players[0].factories[gi(&d, "silk")].unwrap().goods, 1);
    assert_eq!(g.players[0].tracks, tracks);
}

// NIP-COMP-5
#[test]
fn nip_comp_5_markers_never_pass_the_top() {
    let d = data();
    let mut g = fresh(&d, 2);
    let top = d.tracks[0].top();
    g.players[0].tracks[0] = top - 1;
    give_factory(&mut g, &d, 0, "silk", 0, 3);
    give_factory(&mut g, &d, 0, "paper", 0, 3);
    g.players[0].fulfilled = vec![true; 8];
    g.players[0].fulfilled[2] = false; // contract 3: 1+1+1, money +2
    give_factory(&mut g, &d, 0, "bento", 0, 3);
    in_action(&mut g, &d, Action::Export);
    play_all(
        &mut g,
        &d,
        0,
        "contract 3; pay silk 1; pay paper 1; pay bento 1",
    );
    assert_eq!(g.players[0].tracks[0], top);
    g.players[1].blueprints = 3;
    g.players[1].tracks[0] = top;
    g.current = 1;
    g.stage = Stage::Start;
    assert!(rejected_now(&mut g, &d, "blueprints money").contains("top slot"));
}

// NIP-COMP-6
#[test]
fn nip_comp_6_the_supply_never_runs_out() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.players[0].yen = 200_000;
    for _ in 0..4 {
        in_action(&mut g, &d, Action::Machinery);
        play_all(
            &mut g,
            &d,
            0,
            "improve supply; improve supply; improve supply",
        );
        g.current = 0;
    }
    assert_eq!(g.players[0].machines, 12);
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
    g.current = 2;
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.current, 0, "after the last seat comes the first");
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.current, 1);
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
    let mut g = fresh(&d, 2);
    // Gain: a tile in Kansai (bonus 2 VP).
    for f in 0..6 {
        g.players[0].factories[f] = Some(Factory {
            machine: 0,
            goods: 3,
        });
    }
    in_action(&mut g, &d, Action::Market);
    let vp = g.players[0].vp;
    let (c, good) = (6..8)
        .flat_map(|c| (0..6).map(move |good| (c, good)))
        .find(|&(c, good)| g.side_of(&d, c, good).is_some())
        .unwrap();
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 1 {} 1; city {}", d.goods[good].name, d.city_name(c)),
    );
    assert_eq!(g.players[0].vp, vp + 2);
    // Loss: unpaid worker colours (12,000 yen pays 4 of 5).
    let mut g = fresh(&d, 2);
    g.players[0].workers = vec![0, 1, 2, 3, 4];
    g.rewards = vec![0; 12];
    g.multipliers = 0;
    let before = g.players[0].vp;
    play_now(&mut g, &d, "consolidate");
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
    let mut g = fresh(&d, 2);
    g.players[0].tracks[2] = 0;
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

fn per_multiplier(d: &NipponData, g: &Nippon) -> Vec<u32> {
    (2..=5)
        .map(|m| {
            (0..12)
                .filter(|&i| d.rewards[i].multiplier == m)
                .map(|i| g.rewards[i])
                .sum()
        })
        .collect()
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
    let mut g = fresh(&d, 2);
    g.players[0].tracks[2] = 1; // knowledge 2
    in_action(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build silk");
    assert_eq!(g.players[0].yen, 6_000);
    assert_eq!(g.players[0].coal, 4, "silk synergy: 2 coal received");
}

// NIP-SETUP-28, NIP-SETUP-29, NIP-CONS-9
#[test]
fn nip_setup_28_blueprints_count_by_value() {
    let d = data();
    let mut g = fresh(&d, 4);
    g.players[0].workers = vec![0, 1, 2];
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
    let mut g = fresh(&d, 4);
    g.players[0].workers = vec![0, 1, 2];
    // The budget's coal from two steps up the coal track (3), so that adding the reward's 2
    // and multiplying by 2 differ.
    g.players[0].tracks[TrackKind::Coal.index()] = 2;
    let budget = g.track_value(&d, 0, TrackKind::Coal);
    assert_ne!(budget, 2);
    play_all(&mut g, &d, 0, "consolidate; reward 2 coal");
    assert_eq!(g.players[0].coal, budget + 2);
    let mut g = fresh(&d, 4);
    g.players[0].workers = vec![0, 1, 2];
    play_all(&mut g, &d, 0, "consolidate; reward 2 yen");
    assert_eq!(g.players[0].yen, 12_000 + 5_000);
}

// ---- Sequence of play ----

// NIP-TURN-2, NIP-CONS-1
#[test]
fn nip_turn_2_take_a_worker_or_consolidate() {
    let d = data();
    let mut g = fresh(&d, 2);
    for s in legal(&g, &d, g.current) {
        assert!(s.starts_with("take ") || s == "consolidate", "{s}");
    }
    assert!(legal(&g, &d, g.current).contains(&"consolidate".to_string()));
    // No `run` now: the answer says which steps there are instead.
    let e = rejected_now(&mut g, &d, "run silk");
    assert!(
        e.contains("no step starts with `run`") && e.contains("`take`"),
        "{e}"
    );
}

// NIP-TURN-3
#[test]
fn nip_turn_3_blueprints_raise_a_track_any_time_of_ones_turn() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.players[0].blueprints = 7;
    play_all(&mut g, &d, 0, "blueprints coal; blueprints coal");
    assert_eq!(g.players[0].blueprints, 1);
    assert_eq!(g.players[0].tracks[1], 2);
    assert!(rejected_now(&mut g, &d, "blueprints coal").contains("blueprint"));
    // In the middle of an action too, but never on another player's turn.
    g.players[0].blueprints = 3;
    in_action(&mut g, &d, Action::Machinery);
    play_now(&mut g, &d, "blueprints money");
    assert_eq!(g.players[0].tracks[0], 1);
    g.players[1].blueprints = 3;
    let e = g
        .check(&d, 1, &Step::Blueprints(TrackKind::Money))
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("it is not your turn: purple plays now"),
        "{e}"
    );
}

// NIP-TURN-3: not in a way that leaves the action impossible to finish.
#[test]
fn nip_turn_3_blueprints_cannot_strand_an_action() {
    let d = data();
    let mut g = fresh(&d, 2);
    // Knowledge 1, 3 blueprints: a silk factory needs 1 blueprint.
    g.players[0].blueprints = 3;
    g.players[0].tracks[2] = 0;
    in_action(&mut g, &d, Action::Factory);
    assert!(rejected_now(&mut g, &d, "blueprints money").contains("impossible"));
    // Raising knowledge to 2 covers the need instead.
    play_all(&mut g, &d, 0, "blueprints knowledge; build silk");
}

/// A coal action that `take` began by itself (its slot offered no other action the player
/// could do), the coal marker one slot below the top, and 4 blueprints: the position of
/// the reproduction `blueprints-coal-stuck.2p-seed31` (issue #47).
fn coal_action_one_below_the_top(d: &NipponData) -> Nippon {
    let mut g = fresh(d, 2);
    let top = d.track(TrackKind::Coal).top();
    g.players[0].tracks[TrackKind::Coal.index()] = top - 1;
    g.players[0].blueprints = 4;
    g.players[0].yen = 20_000;
    in_action(&mut g, d, Action::Coal);
    g.begun = Some(Action::Coal);
    g
}

// NIP-TURN-3: blueprints may not leave the running action impossible to finish, also when
// the only other step left is the `do coal` that `take` left to confirm (every step ends
// that one, so it is no way on): raising coal to the top would leave no coal move.
#[test]
fn nip_turn_3_blueprints_cannot_take_the_actions_own_marker_to_the_top() {
    let d = data();
    let mut g = coal_action_one_below_the_top(&d);
    assert_eq!(g.rules_version, Nippon::RULES_VERSION);
    let e = rejected_now(&mut g, &d, "blueprints coal");
    assert!(e.contains("impossible to finish"), "{e}");
    let l = legal(&g, &d, 0);
    assert!(l.contains(&"up 1".to_string()), "{l:?}");
    assert!(!l.contains(&"blueprints coal".to_string()), "{l:?}");
    // Another track is fine, and the coal move is still there after it.
    play_now(&mut g, &d, "blueprints money");
    assert!(legal(&g, &d, 0).contains(&"up 1".to_string()));
    play_now(&mut g, &d, "up 1");
    assert_eq!(
        g.players[0].tracks[TrackKind::Coal.index()],
        d.track(TrackKind::Coal).top()
    );
}

// NIP-TURN-3 under rules version 1 (a game begun before the fix): the blueprints are
// accepted as they were then, and the action, left without a possible step, ends as it
// stands instead of waiting for a coal move nobody can make. The game goes on.
#[test]
fn nip_turn_3_a_version_1_game_whose_action_was_made_impossible_ends_that_action() {
    let d = data();
    let mut g = coal_action_one_below_the_top(&d);
    g.rules_version = 1;
    let a = play_now(&mut g, &d, "blueprints coal");
    assert!(
        said(&a, "\n").contains("No step can carry on purple's action"),
        "{}",
        said(&a, "\n")
    );
    assert_eq!(g.players[0].blueprints, 1);
    // 1 blueprint left: nothing to spend, so the turn passed.
    assert_eq!(g.current, 1);
    for seat in g.status().acting().to_vec() {
        assert!(!g.legal_steps(&d, seat).is_empty(), "seat {seat} can act");
    }
    // Every seat the status names as acting can act, from then on to the end.
    let kind = Kind::<Nippon>::leak(d, render::render);
    let mut any = kind.restore(&serde_json::to_vec(&g).unwrap()).unwrap();
    assert_eq!(any.rules_version(), 1);
    let mut pick = GameRng::new(3);
    let mut chooser = GameRng::new(4);
    crate::engine::conformance::check_liveness(&mut *any, 20_000, &mut pick, |_, _, c| {
        chooser.below(c.len())
    });
}

// NIP-TURN-3 and rules versions: the reproduction of issue #47 (`blueprints coal` in a coal
// action `take` began by itself, the coal marker one below the top), played under rules
// version 1 as it was (each line all or nothing, as the chat plays a chain), ends with the
// game going on; under version 2 its last line is refused as impossible to finish.
#[test]
fn nip_turn_3_the_stuck_reproduction_replays_under_version_1_and_goes_on() {
    let d = data();
    let names: Vec<String> = ["ann", "bob"].iter().map(|s| s.to_string()).collect();
    let log = include_str!("../../../tests/data/rules_versions/nippon-blueprints-coal-seed31.log");
    let lines: Vec<(Seat, &str)> = log
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (who, typed) = l.split_once(':').expect("`name: steps`");
            (usize::from(who.trim() == "bob"), typed.trim())
        })
        .collect();
    // A line's steps one after the other; a refused step leaves the game as it was. `undo`
    // takes back the seat's own last step when the chat would alone (not past the end of
    // its turn, nor a step that drew at random). `taken` holds each step's state before it.
    type Taken = Vec<(Seat, bool, Nippon)>;
    let line = |g: &mut Nippon, taken: &mut Taken, seat: Seat, typed: &str| -> bool {
        if typed == "undo" {
            return match taken.last() {
                Some((s, alone, _)) if *s == seat && *alone => {
                    *g = taken.pop().expect("a step").2;
                    true
                }
                _ => false,
            };
        }
        let mut c = g.clone();
        let mut steps = Vec::new();
        for t in typed.split(';').map(str::trim) {
            let before = c.clone();
            let Ok(a) = c.parse_step(&d, seat, t).map(|s| c.apply(&d, seat, &s)) else {
                return false;
            };
            let Ok(a) = a else { return false };
            steps.push((seat, !a.irreversible && !a.turn_ended, before));
        }
        taken.extend(steps);
        *g = c;
        true
    };
    let (last, before) = lines.split_last().expect("lines");
    assert_eq!(*last, (1, "blueprints coal"));
    let mut g = setup_checked::<Nippon>(&d, &names, &Options::new(), 31).expect("setup");
    g.set_rules_version(1);
    let mut refused = Vec::new();
    let mut taken = Vec::new();
    for (seat, typed) in before {
        if !line(&mut g, &mut taken, *seat, typed) {
            refused.push(*typed);
        }
    }
    assert!(
        refused.len() < 60,
        "the reproduction plays (refused: {refused:?})"
    );
    let why = g
        .parse_step(&d, 1, "blueprints coal")
        .map(|s| g.check(&d, 1, &s));
    assert!(
        line(&mut g, &mut taken, 1, "blueprints coal"),
        "version 1 takes them: {why:?}; refused before: {refused:?}; stage {:?}, begun {:?}",
        g.stage,
        g.begun
    );
    assert!(g
        .log
        .iter()
        .any(|l| l.contains("No step can carry on bob's action")));
    for seat in g.status().acting().to_vec() {
        assert!(!g.legal_steps(&d, seat).is_empty(), "seat {seat} can act");
    }
    let mut g = setup_checked::<Nippon>(&d, &names, &Options::new(), 31).expect("setup");
    let mut taken = Vec::new();
    for (seat, typed) in before {
        line(&mut g, &mut taken, *seat, typed);
    }
    let e = crate::engine::testing::rejected(&mut g, &d, 1, "blueprints coal");
    assert!(e.contains("impossible to finish"), "{e}");
}

// NIP-TURN-3: "at any moment during their own turn", so also after the step that ends the
// action: the blueprints a clocks factory's synergy gives can be spent before the turn
// passes, and `done` then ends the turn. Without 3 blueprints there is nothing to ask.
#[test]
fn nip_turn_3_blueprints_won_on_the_last_step_are_spent_before_the_turn_passes() {
    let d = data();
    let six = d.tracks[2].values.iter().position(|&v| v == 6).unwrap();
    let mut g = fresh(&d, 2);
    g.players[0].tracks[2] = six;
    g.players[0].blueprints = 1;
    in_action(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build clocks");
    assert_eq!(g.players[0].blueprints, 3);
    assert_eq!(g.current, 0, "the turn is still purple's");
    assert_eq!(g.status(), Status::Acting(vec![0]));
    let l = legal(&g, &d, g.current);
    for s in [
        "done",
        "blueprints money",
        "blueprints coal",
        "blueprints knowledge",
    ] {
        assert!(l.contains(&s.to_string()), "{s} in {l:?}");
    }
    assert!(rejected_now(&mut g, &d, "take 1 black").contains("done"));
    let money = g.players[0].tracks[0];
    let a = play_now(&mut g, &d, "blueprints money");
    assert_eq!(g.players[0].tracks[0], money + 1);
    // None left to spend: the turn passes without a question.
    assert!(a.turn_ended);
    assert_eq!(g.current, 1);

    // `done` ends the turn with the blueprints kept.
    let mut g = fresh(&d, 2);
    g.players[0].tracks[2] = six;
    g.players[0].blueprints = 1;
    in_action(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build clocks");
    let a = play_now(&mut g, &d, "done");
    assert!(a.turn_ended);
    assert_eq!((g.current, g.players[0].blueprints), (1, 3));

    // The prompt names only the tracks the blueprints can still raise.
    let mut g = fresh(&d, 2);
    g.players[0].tracks[2] = six;
    g.players[0].tracks[0] = d.tracks[0].top();
    g.players[0].blueprints = 1;
    in_action(&mut g, &d, Action::Factory);
    let a = play_now(&mut g, &d, "build clocks");
    let texts: Vec<&str> = a.events.iter().map(|e| e.text.as_str()).collect();
    assert!(
        texts
            .iter()
            .any(|t| t.contains("`blueprints <coal|knowledge>`")),
        "{texts:?}"
    );

    // Fewer than 3 blueprints after the last step: the turn passes at once.
    let mut g = fresh(&d, 2);
    g.players[0].tracks[2] = six;
    g.players[0].blueprints = 0;
    in_action(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build clocks");
    assert_eq!((g.current, g.players[0].blueprints), (1, 2));
}

// NIP-TURN-3, NIP-TRIG-4: a player's last turn of the game is still their turn after its
// action, so blueprints held then are not lost to the end of the game.
#[test]
fn nip_turn_3_blueprints_can_be_spent_on_the_last_turn_of_the_game() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.final_turns = Some(1);
    g.players[0].blueprints = 3;
    let knowledge = g.players[0].tracks[2];
    in_action(&mut g, &d, Action::Coal);
    play_now(&mut g, &d, "up 1");
    assert!(g.result.is_none(), "the game waits for the last player");
    assert_eq!(g.status(), Status::Acting(vec![0]));
    play_now(&mut g, &d, "blueprints knowledge");
    assert_eq!(g.players[0].tracks[2], knowledge + 1);
    assert!(g.result.is_some(), "then the game ends");
}

// NIP-TURN-4, NIP-TRIG-6, NIP-END-1
#[test]
fn nip_turn_4_three_scorings_then_the_end() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.marker = d.first_golden - 1;
    g.scorings = 2;
    g.rows = vec![vec![], vec![]];
    g.slots[4] = vec![0];
    give_factory(&mut g, &d, 0, "silk", 0, 3);
    // Take the last worker of slot 5 and place a tile: the full refill moves the marker.
    play_now(&mut g, &d, "take 5 black");
    let c = (0..8).find(|&c| g.side_of(&d, c, 0).is_some()).unwrap();
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 1 silk 1; city {}; done", d.city_name(c)),
    );
    assert_eq!(g.marker, d.first_golden);
    assert_eq!(g.final_turns, Some(6));
    for _ in 0..6 {
        assert!(g.result.is_none());
        play_now(&mut g, &d, "consolidate");
        // A player still able to spend blueprints ends the turn with `done` (NIP-TURN-3).
        if g.stage == Stage::Spend {
            play_now(&mut g, &d, "done");
        }
    }
    assert_eq!(g.scorings, 3);
    assert!(g.status().is_finished());
    assert!(g.legal_steps(&d, 0).is_empty() && g.legal_steps(&d, 1).is_empty());
}

// ---- Taking a worker ----

// NIP-WORK-1, NIP-WORK-2, NIP-WORK-6
#[test]
fn nip_work_1_take_a_worker_to_the_leftmost_slot() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.slots[1] = vec![3, 4, 5];
    g.players[0].workers = vec![1];
    play_now(&mut g, &d, "take 2 pink");
    assert_eq!(g.slots[1], vec![4, 5]);
    assert_eq!(g.players[0].workers, vec![1, 3]);
    // NIP-WORK-6: the colour does not change the choice offered.
    let a = legal(&g, &d, g.current);
    let mut h = fresh(&d, 2);
    h.slots[1] = vec![3, 4, 5];
    h.players[0].workers = vec![1];
    play_now(&mut h, &d, "take 2 brown");
    assert_eq!(a, legal(&h, &d, h.current));
}

// NIP-WORK-1: the worker is taken from the slot, so a shortened colour means the worker of
// that slot it fits (the only `b` worker of slot 2 is black), not every colour the game knows;
// when it fits two workers there, both are named.
#[test]
fn nip_work_1_a_shortened_colour_means_the_worker_in_that_slot() {
    let d = data();
    let black = d
        .worker_colours
        .iter()
        .position(|c| c.0 == "black")
        .unwrap() as u8;
    let brown = d
        .worker_colours
        .iter()
        .position(|c| c.0 == "brown")
        .unwrap() as u8;
    let white = d
        .worker_colours
        .iter()
        .position(|c| c.0 == "white")
        .unwrap() as u8;
    let mut g = fresh(&d, 2);
    g.slots[1] = vec![black, white, white];
    play_now(&mut g, &d, "take 2 b");
    assert_eq!(g.players[0].workers, vec![black]);
    let mut g = fresh(&d, 2);
    g.slots[1] = vec![black, brown, white];
    let e = rejected_now(&mut g, &d, "take 2 b");
    assert!(
        e.contains("`take 2 black`") && e.contains("`take 2 brown`"),
        "{e}"
    );
    // A colour the slot does not hold is still refused with the rule's reason.
    g.slots[1] = vec![black, black, black];
    let e = rejected_now(&mut g, &d, "take 2 white");
    assert!(e.contains("white"), "{e}");
}

// NIP-WORK-3, NIP-WORK-14
#[test]
fn nip_work_3_choose_one_action_of_the_slot() {
    let d = data();
    assert_eq!(
        d.slots[4],
        vec![Action::Market],
        "Local Market alone on the rightmost slot"
    );
    assert_eq!(d.slots.iter().map(|s| s.len()).sum::<usize>(), 9);
    let mut g = fresh(&d, 2);
    g.slots[1] = vec![0, 0, 0];
    play_now(&mut g, &d, "take 2 black");
    assert_eq!(legal(&g, &d, g.current), ["do knowledge", "do coal"]);
    assert!(rejected_now(&mut g, &d, "do trains").contains("does not offer"));
    play_all(&mut g, &d, 0, "do coal; up 1");
    assert_eq!(g.players[0].tracks[1], 1);
}

// NIP-WORK-4
#[test]
fn nip_work_4_six_workers_must_consolidate() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.players[0].workers = vec![0; 6];
    assert_eq!(legal(&g, &d, g.current), ["consolidate"]);
    g.slots[1] = vec![0, 1, 2];
    assert!(rejected_now(&mut g, &d, "take 2 black").contains("must consolidate"));
}

// NIP-WORK-5
#[test]
fn nip_work_5_only_an_action_that_can_be_completed() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.players[0].yen = 0;
    g.slots[0] = vec![0, 1, 2];
    // Factory and machinery both need yen.
    let e = rejected_now(&mut g, &d, "take 1 black");
    assert!(e.contains("completely"), "{e}");
    // With 5,000 yen only machinery is possible: it starts at once.
    g.players[0].yen = 5_000;
    play_now(&mut g, &d, "take 1 black");
    assert_eq!(g.stage, Stage::Machinery { n: 0 });
    // And must be carried out: `done` needs one improvement first.
    assert!(rejected_now(&mut g, &d, "done").contains("at least one"));
}

// NIP-WORK-7, NIP-WORK-8
#[test]
fn nip_work_7_emptied_slot_takes_the_uppermost_row() {
    let d = data();
    let mut g = fresh(&d, 4);
    g.rows[0] = vec![];
    g.rows[1] = vec![3, 4, 5];
    g.slots[1] = vec![0];
    play_now(&mut g, &d, "take 2 black");
    assert!(g.slots[1].is_empty(), "not before the turn is over");
    play_all(&mut g, &d, 0, "do coal; up 1");
    assert_eq!(g.slots[1], vec![3, 4, 5], "the whole row moves");
    assert!(g.rows[1].is_empty());
    assert_eq!(g.rows[2].len(), 3);
}

// NIP-WORK-9, NIP-WORK-10, NIP-WORK-11, NIP-WORK-13
#[test]
fn nip_work_9_full_refill_when_every_row_is_empty() {
    let d = data();
    for n in [2, 4] {
        let mut g = fresh(&d, n);
        let total = workers_total(&g);
        g.rows.iter_mut().for_each(|r| r.clear());
        g.slots[1] = vec![0];
        g.slots[3] = vec![1];
        g.bag = vec![0; 6];
        let rest = total - workers_total(&g);
        g.bag[2] = rest;
        play_all(&mut g, &d, 0, "take 2 black; do coal; up 1");
        assert!(
            g.slots.iter().all(|s| s.len() == 3),
            "{n}p: every slot topped up to 3"
        );
        let per = if n == 2 { 2 } else { 3 };
        assert!(g.rows.iter().all(|r| r.len() == per), "{n}p: rows of {per}");
        assert_eq!(g.marker, 1, "the scoring marker moves");
        assert_eq!(workers_total(&g), total);
    }
}

// NIP-WORK-12, NIP-CONS-17
#[test]
fn nip_work_12_short_bag_is_completed_at_consolidation() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.rows.iter_mut().for_each(|r| r.clear());
    g.slots[1] = vec![0];
    g.bag = vec![1, 0, 0, 0, 0, 0];
    g.players[1].workers = vec![1; 6];
    g.rewards = vec![0; 12];
    g.multipliers = 0;
    play_all(&mut g, &d, 0, "take 2 black; do coal; up 1");
    assert!(g.refill_owed, "the bag ran short");
    assert_eq!(g.slots[1].len(), 1);
    assert_eq!(g.marker, 1, "the marker moved anyway");
    // Player 1 consolidates: 6 workers go back and the refill completes. Drawing from the
    // bag is random, so the step cannot be taken back (though the marker stays).
    let a = play_now(&mut g, &d, "consolidate");
    assert!(a.irreversible, "the refill drew from the bag");
    assert!(g.players[1].workers.is_empty());
    assert!(!g.refill_owed);
    assert!(g.slots.iter().all(|s| s.len() == 3));
    assert!(g.rows.iter().all(|r| r.len() == 2));
    assert_eq!(g.bag.iter().sum::<u32>(), 0);
    assert_eq!(
        g.marker, 1,
        "completing a refill does not move the marker again"
    );
}

// ---- Scoring track ----

fn tile(g: &mut Nippon, c: usize, s: usize, seat: u8, value: u8) {
    g.influence[c][s] = Some(Placed { seat, value });
}

// NIP-TRIG-1, NIP-TRIG-2, NIP-TRIG-7
#[test]
fn nip_trig_2_first_scoring_when_the_marker_passes_the_first_symbol() {
    let d = data();
    assert_eq!(d.symbols, [2, 5]);
    assert_eq!(d.first_golden, 8);
    let mut g = fresh(&d, 2);
    // Seat 0 has a value-7 tile in every region.
    for r in 0..4 {
        tile(&mut g, 2 * r, 0, 0, 7);
    }
    let vp = g.players[0].vp;
    let mut ev = Vec::new();
    g.marker = 1;
    g.advance_marker(&d, &mut ev);
    assert_eq!(g.scorings, 0, "reaching slot 2 is not passing the symbol");
    g.advance_marker(&d, &mut ev);
    assert_eq!(g.scorings, 1);
    // NIP-TRIG-4: the last turns start only at the first golden slot.
    assert_eq!(g.final_turns, None);
    // The message names each region's scorers, never a player who scored 0 (blue).
    let text = &ev
        .iter()
        .find(|e| e.text.starts_with("Scoring 1"))
        .unwrap()
        .text;
    assert!(
        text.matches("purple ").count() == 4 && !text.contains("blue"),
        "{text}"
    );
    assert!(g.players[0].vp > vp + 4 * 5, "every region scored");
    let won: i64 = (0..4).map(|r| g.region_vp(&d, r, 0)[0]).sum();
    assert_eq!(g.players[0].vp, vp + won);
}

// NIP-TRIG-3
#[test]
fn nip_trig_3_second_scoring_at_the_second_symbol() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.marker = 5;
    g.scorings = 1;
    let mut ev = Vec::new();
    g.advance_marker(&d, &mut ev);
    assert_eq!(g.scorings, 2);
    assert!(ev.iter().any(|e| e.text.starts_with("Scoring 2")));
}

// NIP-TRIG-4, NIP-TRIG-5
#[test]
fn nip_trig_5_three_more_turns_each_after_the_golden_slot() {
    // Purple, Blue, Red (seats 0, 1, 2); Blue's refill reaches the first golden slot.
    let d = data();
    let mut g = fresh(&d, 3);
    g.marker = d.first_golden - 1;
    g.scorings = 2;
    g.current = 1;
    g.rows.iter_mut().for_each(|r| r.clear());
    g.slots[1] = vec![0];
    play_all(&mut g, &d, 1, "take 2 black; do coal; up 1");
    assert_eq!(g.marker, d.first_golden);
    let mut order = Vec::new();
    for round in 0..3 {
        for _ in 0..3 {
            assert!(g.result.is_none());
            order.push(g.current);
            play_now(&mut g, &d, "consolidate");
        }
        assert_eq!(
            g.marker,
            d.first_golden + round + 1,
            "marker moves after each round"
        );
    }
    assert_eq!(
        order,
        [2, 0, 1, 2, 0, 1, 2, 0, 1],
        "Red, Purple, Blue three times"
    );
    assert_eq!(g.scorings, 3);
    assert!(
        g.result.is_some(),
        "the 3rd scoring follows Blue's 3rd turn"
    );
    assert_eq!(g.last_player, Some(1));
}

// ---- Invest in a new industry ----

// NIP-FAC-1, NIP-FAC-5, NIP-FAC-12, NIP-FAC-10
#[test]
fn nip_fac_1_build_exactly_one_factory() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.players[0].tracks[2] = 3; // knowledge 3
    g.players[0].yen = 30_000;
    in_action(&mut g, &d, Action::Factory);
    g.players[0].blueprints = 0;
    assert_eq!(
        legal(&g, &d, g.current)
            .iter()
            .filter(|s| s.starts_with("build"))
            .count(),
        2
    );
    let a = play_now(&mut g, &d, "build paper");
    assert!(a.turn_ended, "one factory, then the turn ends");
    assert!(g.players[0].factories[gi(&d, "paper")].is_some());
    assert_eq!(g.built[gi(&d, "paper")], 1);
    // NIP-FAC-10: knowledge is not spent.
    assert_eq!(g.knowledge(&d, 0), 3);
}

// NIP-FAC-2, NIP-FAC-14
#[test]
fn nip_fac_2_factory_tile_data() {
    let d = data();
    let silk = &d.goods[gi(&d, "silk")];
    assert_eq!((silk.level, silk.coal, silk.storage), (1, 2, 4));
    assert!(d.goods.iter().all(|g| g.coal >= 1 && g.storage >= 1));
    // NIP-FAC-14 (reading): the synergy bonus comes once, at building.
    let mut g = fresh(&d, 2);
    g.players[0].tracks[2] = 11;
    in_action(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build clocks");
    assert_eq!(g.players[0].blueprints, 1 + 2);
}

// NIP-FAC-7, NIP-FAC-8
#[test]
fn nip_fac_8_knowledge_level_is_the_number_at_or_below() {
    let d = data();
    let mut g = fresh(&d, 2);
    let t = d.track(TrackKind::Knowledge);
    let three = (0..t.values.len())
        .find(|&i| t.printed[i] && t.values[i] == 3)
        .unwrap();
    assert!(!t.printed[three + 1], "a gap slot between 3 and 4");
    g.players[0].tracks[2] = three + 1;
    assert_eq!(g.knowledge(&d, 0), 3);
    g.players[0].tracks[2] = three + 2;
    assert_eq!(g.knowledge(&d, 0), 4);
}

// NIP-FAC-9, NIP-FAC-11
#[test]
fn nip_fac_11_missing_knowledge_costs_blueprints() {
    let d = data();
    let mut g = fresh(&d, 2);
    let t = d.track(TrackKind::Knowledge);
    g.players[0].tracks[2] = (0..t.values.len()).find(|&i| t.values[i] == 3).unwrap();
    g.players[0].blueprints = 1;
    in_action(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build bento");
    assert_eq!(
        g.players[0].blueprints, 0,
        "knowledge 3 for a level-2 factory: 1 blueprint"
    );
    // Without enough blueprints it cannot be built.
    let mut g = fresh(&d, 2);
    g.players[0].tracks[2] = 0;
    g.players[0].blueprints = 2;
    in_action(&mut g, &d, Action::Factory);
    assert!(rejected_now(&mut g, &d, "build lenses").contains("short"));
}

// NIP-FAC-13
#[test]
fn nip_fac_13_one_factory_per_good() {
    let d = data();
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 0, 0);
    g.players[0].tracks[2] = 1;
    in_action(&mut g, &d, Action::Factory);
    assert!(rejected_now(&mut g, &d, "build silk").contains("already have"));
}

// ---- Machinery ----

// NIP-MACH-1, NIP-MACH-2, NIP-MACH-3, NIP-MACH-4, NIP-MACH-7
#[test]
fn nip_mach_7_install_and_upgrade_in_one_action() {
    let d = data();
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 0, 0);
    in_action(&mut g, &d, Action::Machinery);
    play_now(&mut g, &d, "improve silk");
    assert_eq!(g.players[0].factories[0].unwrap().machine, 1);
    // 2,000 yen left: `done` is all there is, and the game plays it.
    play_now(&mut g, &d, "improve silk");
    assert_eq!(g.current, 1, "the action ended by itself");
    assert_eq!(g.players[0].factories[0].unwrap().machine, 2);
    assert_eq!(g.players[0].yen, 2_000, "10,000 yen for two improvements");
}

// NIP-MACH-1: at most 3 improvements.
#[test]
fn nip_mach_1_one_to_three_improvements() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.players[0].yen = 50_000;
    in_action(&mut g, &d, Action::Machinery);
    let a = play_all(
        &mut g,
        &d,
        0,
        "improve supply; improve supply; improve supply",
    );
    assert!(a.turn_ended, "the third improvement ends the action");
    assert_eq!(g.players[0].machines, 3);
    assert_eq!(g.players[0].yen, 35_000);
}

// NIP-MACH-5, NIP-MACH-6
#[test]
fn nip_mach_5_plus_two_is_final() {
    let d = data();
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 2, 0);
    in_action(&mut g, &d, Action::Machinery);
    assert!(rejected_now(&mut g, &d, "improve silk").contains("already +2"));
    // NIP-MACH-6: no step moves or removes an installed machine.
    assert!(legal(&g, &d, g.current).iter().all(|s| !s.contains("silk")));
}

// NIP-MACH-8, NIP-MACH-9
#[test]
fn nip_mach_8_factories_first_then_supply() {
    let d = data();
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 1, 0);
    in_action(&mut g, &d, Action::Machinery);
    assert!(rejected_now(&mut g, &d, "improve supply").contains("can still take"));
    play_all(&mut g, &d, 0, "improve silk; improve supply");
    assert_eq!(g.players[0].machines, 1);
}

// NIP-MACH-10, NIP-MACH-11, NIP-MACH-12
#[test]
fn nip_mach_12_supply_machines_go_on_the_next_factory() {
    let d = data();
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 1, 0);
    g.players[0].yen = 21_000;
    in_action(&mut g, &d, Action::Machinery);
    play_all(
        &mut g,
        &d,
        0,
        "improve silk; improve supply; improve supply",
    );
    assert_eq!(g.players[0].yen, 6_000, "15,000 yen");
    assert_eq!(g.players[0].machines, 2);
    g.current = 0;
    g.players[0].tracks[2] = 1;
    in_action(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build paper");
    assert_eq!(g.players[0].factories[gi(&d, "paper")].unwrap().machine, 2);
    assert_eq!(g.players[0].machines, 0, "the other machine is discarded");
    // With a single machine in supply it goes on as +1.
    let mut g = fresh(&d, 2);
    g.players[0].machines = 1;
    g.players[0].tracks[2] = 1;
    in_action(&mut g, &d, Action::Factory);
    play_now(&mut g, &d, "build silk");
    assert_eq!(g.players[0].factories[0].unwrap().machine, 1);
}

// ---- Produce goods ----

// NIP-PROD-1, NIP-PROD-2, NIP-PROD-5
#[test]
fn nip_prod_1_run_one_to_three_factories_once_each() {
    let d = data();
    let mut g = fresh(&d, 2);
    for f in ["silk", "paper", "bento", "lenses"] {
        give_factory(&mut g, &d, 0, f, 0, 0);
    }
    g.players[0].coal = 20;
    in_action(&mut g, &d, Action::Produce);
    play_now(&mut g, &d, "run silk");
    assert!(rejected_now(&mut g, &d, "run silk").contains("already ran"));
    let a = play_all(&mut g, &d, 0, "run paper; run bento");
    assert!(a.turn_ended, "three factories at most");
    assert_eq!(g.players[0].coal, 20 - 2 - 2 - 3);
}

// NIP-PROD-2, NIP-PROD-3
#[test]
fn nip_prod_2_coal_and_storage_needed() {
    let d = data();
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "bento", 0, 0);
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    g.players[0].coal = 2;
    give_factory(&mut g, &d, 0, "paper", 0, 0);
    in_action(&mut g, &d, Action::Produce);
    assert!(rejected_now(&mut g, &d, "run bento").contains("needs 3 coal"));
    assert!(rejected_now(&mut g, &d, "run silk").contains("full"));
    play_now(&mut g, &d, "run paper");
}

// NIP-PROD-4, NIP-PROD-6
#[test]
fn nip_prod_6_machine_bonus_limited_by_storage() {
    let d = data();
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 2, 2);
    g.players[0].coal = 2;
    in_action(&mut g, &d, Action::Produce);
    play_now(&mut g, &d, "run silk");
    assert_eq!(g.players[0].coal, 0, "2 coal");
    assert_eq!(
        g.players[0].factories[0].unwrap().goods,
        4,
        "3 made, room for 2"
    );
    // With room, +1 gives 2 goods.
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "paper", 1, 0);
    in_action(&mut g, &d, Action::Produce);
    play_now(&mut g, &d, "run paper");
    assert_eq!(g.players[0].factories[1].unwrap().goods, 2);
}

// ---- Knowledge and mines ----

// NIP-KNOW-1, NIP-KNOW-2, NIP-COAL-1, NIP-COAL-2
#[test]
fn nip_know_2_track_steps_cost_1_3_6_thousand() {
    let d = data();
    for (a, t) in [(Action::Knowledge, 2), (Action::Coal, 1)] {
        for (k, cost) in [(1, 1_000), (2, 3_000), (3, 6_000)] {
            let mut g = fresh(&d, 2);
            in_action(&mut g, &d, a);
            play_now(&mut g, &d, &format!("up {k}"));
            assert_eq!(g.players[0].tracks[t], k);
            assert_eq!(g.players[0].yen, 12_000 - cost);
        }
    }
    let mut g = fresh(&d, 2);
    g.players[0].yen = 2_000;
    in_action(&mut g, &d, Action::Coal);
    assert!(rejected_now(&mut g, &d, "up 2").contains("cost"));
    // Exactly the price is enough.
    g.players[0].yen = 3_000;
    play_now(&mut g, &d, "up 2");
    assert_eq!(g.players[0].yen, 0);
}

// NIP-KNOW-3, NIP-COAL-3
#[test]
fn nip_know_3_no_step_beyond_the_top() {
    let d = data();
    for (a, t) in [(Action::Knowledge, 2), (Action::Coal, 1)] {
        let mut g = fresh(&d, 2);
        g.players[0].tracks[t] = d.tracks[t].top() - 1;
        in_action(&mut g, &d, a);
        assert!(rejected_now(&mut g, &d, "up 2").contains("beyond the top"));
        assert_eq!(legal(&g, &d, g.current), ["up 1"]);
        // Three below the top, all three moves are open, the longest to the top slot.
        let mut g = fresh(&d, 2);
        g.players[0].tracks[t] = d.tracks[t].top() - 3;
        in_action(&mut g, &d, a);
        assert_eq!(legal(&g, &d, g.current), ["up 1", "up 2", "up 3"]);
        play_now(&mut g, &d, "up 3");
        assert_eq!(g.players[0].tracks[t], d.tracks[t].top());
    }
}

// NIP-COAL-1: the coal action raises the coal marker, and consolidation pays its value.
#[test]
fn nip_coal_1_mines_raise_coal_income() {
    let d = data();
    let mut g = fresh(&d, 2);
    in_action(&mut g, &d, Action::Coal);
    play_now(&mut g, &d, "up 2");
    g.current = 0;
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.players[0].coal, 3);
}

// ---- Trains and ships ----

// NIP-TRAIN-1, NIP-TRAIN-2, NIP-TRAIN-3, NIP-TRAIN-4
#[test]
fn nip_train_4_one_to_three_trains_in_different_regions() {
    let d = data();
    let mut g = fresh(&d, 4);
    g.players[0].yen = 20_000;
    in_action(&mut g, &d, Action::Trains);
    play_now(&mut g, &d, "train hokkaido");
    assert!(rejected_now(&mut g, &d, "train hokkaido").contains("different regions"));
    let a = play_all(&mut g, &d, 0, "train tohoku; train kanto");
    assert!(a.turn_ended);
    assert_eq!(g.players[0].yen, 5_000);
    assert_eq!(g.players[0].trains, 3, "taken from the left: 3 gone");
    assert_eq!(g.rail[0], vec![(0, false)]);
}

// NIP-SHIP-1, NIP-SHIP-2, NIP-SHIP-3, NIP-SHIP-4
#[test]
fn nip_ship_4_one_to_three_ships_in_different_regions() {
    let d = data();
    let mut g = fresh(&d, 4);
    in_action(&mut g, &d, Action::Ships);
    play_now(&mut g, &d, "ship kansai");
    assert!(rejected_now(&mut g, &d, "ship kansai").contains("different regions"));
    assert!(rejected_now(&mut g, &d, "train tohoku").contains("ship"));
    // 2,000 yen left: no third ship, so the action ends by itself.
    play_now(&mut g, &d, "ship kanto");
    assert_eq!(g.current, 1);
    assert_eq!(g.players[0].ships, 2);
    assert_eq!(g.players[0].yen, 2_000);
    assert_eq!(g.rail[3], vec![(0, true)]);
}

// NIP-SLOT-1
#[test]
fn nip_slot_1_slots_per_region_by_player_count() {
    let d = data();
    for (n, slots) in [(2, 4), (3, 6), (4, 8)] {
        let mut g = fresh(&d, n);
        g.rail[0] = vec![(1, false); slots];
        g.players[0].yen = 10_000;
        in_action(&mut g, &d, Action::Trains);
        assert!(rejected_now(&mut g, &d, "train hokkaido").contains("every train/ship slot"));
        g.rail[0].pop();
        play_now(&mut g, &d, "train hokkaido");
    }
}

// NIP-SLOT-2, NIP-SLOT-3
#[test]
fn nip_slot_2_uncovered_money_symbol_raises_money() {
    let d = data();
    assert_eq!(d.train_money, [2, 4, 6]);
    let mut g = fresh(&d, 4);
    g.players[0].yen = 20_000;
    in_action(&mut g, &d, Action::Trains);
    let a = play_now(&mut g, &d, "train hokkaido");
    assert_eq!(g.players[0].tracks[0], 0);
    assert!(a.events.iter().all(|e| !e.text.contains("money symbol")));
    let a = play_now(&mut g, &d, "train tohoku");
    assert_eq!(
        g.players[0].tracks[0], 1,
        "the 2nd train uncovers a money symbol"
    );
    assert!(a
        .events
        .iter()
        .any(|e| e.text.contains("revealing a money symbol (money +1)")));
}

// NIP-TRAIN-2: exactly the price of a train is enough.
#[test]
fn nip_train_2_exactly_the_price_of_a_train_is_enough() {
    let d = data();
    let mut g = fresh(&d, 4);
    g.players[0].yen = d.cost_train - 1;
    in_action(&mut g, &d, Action::Trains);
    assert!(rejected_now(&mut g, &d, "train hokkaido").contains("a train costs"));
    g.players[0].yen = d.cost_train;
    play_now(&mut g, &d, "train hokkaido");
    assert_eq!(g.players[0].yen, 0);
}

// ---- Export ----

// NIP-EXP-1, NIP-EXP-2, NIP-EXP-3, NIP-EXP-5, NIP-EXP-6, NIP-EXP-7, NIP-EXP-8, NIP-EXP-9
#[test]
fn nip_exp_5_contract_paid_from_different_factories() {
    let d = data();
    assert_eq!(d.contracts[1].needs, [2, 1]);
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 0, 3);
    give_factory(&mut g, &d, 0, "paper", 0, 1);
    in_action(&mut g, &d, Action::Export);
    play_now(&mut g, &d, "contract 2");
    assert!(rejected_now(&mut g, &d, "pay paper 2").contains("holds 1"));
    play_now(&mut g, &d, "pay silk 2");
    assert!(rejected_now(&mut g, &d, "pay silk 1").contains("different factory"));
    play_now(&mut g, &d, "pay paper 1");
    let p = &g.players[0];
    assert_eq!(p.factories[0].unwrap().goods, 1);
    assert_eq!(p.factories[1].unwrap().goods, 0);
    assert_eq!(p.yen, 12_000 + 6_000, "bonus 6,000 yen");
    assert_eq!(p.tracks[0], 1, "money +1");
    assert!(p.fulfilled[1], "face down");
    // NIP-EXP-8: it cannot be fulfilled again (nor any other contract now: the action
    // ended by itself).
    let e = crate::engine::Forbid::rule_error(g.can_contract(&d, 0, 2).unwrap_err(), &d);
    assert!(e.reason.contains("already fulfilled"), "{e}");
    assert_eq!(g.current, 1);
}

// NIP-EXP-4
#[test]
fn nip_exp_4_a_contract_is_paid_all_at_once() {
    let d = data();
    let mut g = fresh(&d, 2);
    // Contract 4 (2+2) with 2 silk and 1 paper cannot start.
    give_factory(&mut g, &d, 0, "silk", 0, 2);
    give_factory(&mut g, &d, 0, "paper", 0, 1);
    give_factory(&mut g, &d, 0, "bento", 0, 1);
    in_action(&mut g, &d, Action::Export);
    let why = rejected_now(&mut g, &d, "contract 4");
    assert!(
        why.contains("contract 4 needs 2+2 from different factories") && why.contains("cannot pay"),
        "{why}"
    );
    // Contract 2 (2+1): paying the 1 from silk would leave no 2: refused.
    play_now(&mut g, &d, "contract 2");
    assert!(rejected_now(&mut g, &d, "pay silk 1").contains("all at once"));
    assert!(rejected_now(&mut g, &d, "done").contains("finish contract 2"));
}

// NIP-EXP-1: at most 3 contracts, `done` after one.
#[test]
fn nip_exp_1_one_to_three_contracts() {
    let d = data();
    let mut g = fresh(&d, 2);
    for f in ["silk", "paper", "bento", "lenses"] {
        give_factory(&mut g, &d, 0, f, 0, 4);
    }
    in_action(&mut g, &d, Action::Export);
    assert!(rejected_now(&mut g, &d, "done").contains("at least one"));
    play_all(&mut g, &d, 0, "contract 1; pay silk 1; pay paper 1");
    play_all(
        &mut g,
        &d,
        0,
        "contract 3; pay silk 1; pay paper 1; pay bento 1",
    );
    let a = play_all(&mut g, &d, 0, "contract 2; pay lenses 2; pay bento 1");
    assert!(a.turn_ended);
}

// ---- Local market ----

fn city_with(g: &Nippon, d: &NipponData, region: Option<usize>, good: &str) -> usize {
    (0..8)
        .filter(|&c| region.is_none_or(|r| c / 2 == r))
        .find(|&c| g.side_of(d, c, gi(d, good)).is_some())
        .expect("a city wants it")
}

// NIP-CITY-3
#[test]
fn nip_city_3_a_tile_of_lenses_paper_silk_bulbs() {
    let d = data();
    let goods: Vec<&str> = d.city_tiles[6]
        .iter()
        .map(|&g| d.goods[g].name.as_str())
        .collect();
    assert_eq!(goods, ["lenses", "paper", "silk", "bulbs"]);
    // Each good is wanted on 6 of the 9 tiles.
    for g in 0..6 {
        assert_eq!(d.city_tiles.iter().filter(|t| t.contains(&g)).count(), 6);
    }
}

// NIP-CITY-4, NIP-SCORE-3
#[test]
fn nip_city_4_overseas_count_only_uncovered_slots() {
    let d = data();
    let mut g = fresh(&d, 2);
    let all: u32 = d.regions[0].slots.iter().flatten().sum();
    assert_eq!(g.region_influence(&d, 0).1, all);
    tile(&mut g, 0, 0, 1, 2);
    assert_eq!(g.region_influence(&d, 0).1, all - d.regions[0].slots[0][0]);
}

// NIP-MKT-1, NIP-MKT-2, NIP-MKT-3, NIP-MKT-4
#[test]
fn nip_mkt_4_tiles_beside_the_supplied_good_in_one_region() {
    let d = data();
    let mut g = fresh(&d, 4);
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    in_action(&mut g, &d, Action::Market);
    let c = city_with(&g, &d, None, "silk");
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 2 silk 2; city {}", d.city_name(c)),
    );
    let s = g.side_of(&d, c, 0).unwrap();
    assert_eq!(g.influence[c][s], Some(Placed { seat: 0, value: 2 }));
    assert_eq!(g.players[0].factories[0].unwrap().goods, 2);
    // A city without silk refuses the silk tile; another region refuses too.
    if let Some(other) = (0..8).find(|&o| o / 2 != c / 2 && g.side_of(&d, o, 0).is_some()) {
        play_now(&mut g, &d, "tile 1 silk 1");
        assert!(
            rejected_now(&mut g, &d, &format!("city {}", d.city_name(other))).contains("all go to")
        );
    }
}

// NIP-MKT-5
#[test]
fn nip_mkt_5_region_bonus_per_tile() {
    let d = data();
    let names: Vec<String> = d.regions.iter().map(|r| format!("{}", r.bonus)).collect();
    assert_eq!(names, ["2 coal", "2 blueprints", "5,000 yen", "2 VP"]);
    let mut g = fresh(&d, 4);
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    give_factory(&mut g, &d, 0, "paper", 0, 4);
    g.players[0].factories[gi(&d, "bento")] = Some(Factory {
        machine: 0,
        goods: 4,
    });
    in_action(&mut g, &d, Action::Market);
    // Two tiles in Kanto: 10,000 yen.
    let mut placed = 0;
    for good in ["silk", "paper", "bento"] {
        if placed == 2 {
            break;
        }
        let Some(c) = (4..6).find(|&c| g.side_of(&d, c, gi(&d, good)).is_some()) else {
            continue;
        };
        play_all(
            &mut g,
            &d,
            0,
            &format!(
                "tile {k} {good} {k}; city {}",
                d.city_name(c),
                k = placed + 1
            ),
        );
        placed += 1;
    }
    assert_eq!(placed, 2);
    assert_eq!(g.players[0].yen, 12_000 + placed * 5_000);
}

// NIP-MKT-6, NIP-MKT-7, NIP-MKT-8, NIP-MKT-9
#[test]
fn nip_mkt_8_tile_value_by_good_and_cubes() {
    let d = data();
    assert_eq!(d.influence_value, [[1, 2, 3], [3, 4, 5], [5, 6, 7]]);
    let mut g = fresh(&d, 4);
    give_factory(&mut g, &d, 0, "paper", 0, 3);
    give_factory(&mut g, &d, 0, "clocks", 0, 3);
    in_action(&mut g, &d, Action::Market);
    assert!(rejected_now(&mut g, &d, "tile 4 paper 3").contains("value 3 at most"));
    assert!(rejected_now(&mut g, &d, "tile 7 clocks 2").contains("value 6 at most"));
    let l = legal(&g, &d, g.current);
    assert!(l.contains(&"tile 3 paper 3".into()) && l.contains(&"tile 6 clocks 2".into()));
    // NIP-MKT-7: lower values are always allowed.
    assert!(l.contains(&"tile 1 clocks 3".into()));
}

// NIP-MKT-10, NIP-MKT-11
#[test]
fn nip_mkt_11_split_cubes_among_tiles() {
    let d = data();
    let mut g = fresh(&d, 4);
    give_factory(&mut g, &d, 0, "clocks", 0, 3);
    in_action(&mut g, &d, Action::Market);
    let cs: Vec<usize> = (0..8).filter(|&c| g.side_of(&d, c, 4).is_some()).collect();
    let r = cs[0] / 2;
    let two: Vec<usize> = cs.iter().copied().filter(|&c| c / 2 == r).collect();
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 5 clocks 1; city {}", d.city_name(two[0])),
    );
    if two.len() > 1 {
        play_all(
            &mut g,
            &d,
            0,
            &format!("tile 6 clocks 2; city {}", d.city_name(two[1])),
        );
        assert_eq!(g.players[0].factories[4].unwrap().goods, 0);
    } else {
        // The same slot takes the higher tile, returning the first to its owner.
        play_all(
            &mut g,
            &d,
            0,
            &format!("tile 6 clocks 2; city {}", d.city_name(two[0])),
        );
        assert!(g.players[0].tiles.contains(&5));
    }
}

// NIP-MKT-12, NIP-MKT-13, NIP-MKT-14
#[test]
fn nip_mkt_14_a_higher_tile_replaces_a_lower_one() {
    let d = data();
    let mut g = fresh(&d, 4);
    let clocks = gi(&d, "clocks");
    let c = city_with(&g, &d, None, "clocks");
    let s = g.side_of(&d, c, clocks).unwrap();
    // Purple (seat 0) placed a value-5 tile earlier.
    let i = g.players[0].tiles.iter().position(|&v| v == 5).unwrap();
    g.players[0].tiles.remove(i);
    tile(&mut g, c, s, 0, 5);
    let purple_tiles = g.players[0].tiles.len();
    g.current = 1;
    give_factory(&mut g, &d, 1, "clocks", 0, 3);
    in_action(&mut g, &d, Action::Market);
    play_all(
        &mut g,
        &d,
        1,
        &format!("tile 7 clocks 3; city {}", d.city_name(c)),
    );
    assert_eq!(g.influence[c][s], Some(Placed { seat: 1, value: 7 }));
    assert_eq!(g.players[0].tiles.len(), purple_tiles + 1, "back to Purple");
    // Equal is not enough, even for one's own tile.
    let mut h = fresh(&d, 4);
    tile(&mut h, c, s, 0, 5);
    give_factory(&mut h, &d, 0, "clocks", 0, 3);
    in_action(&mut h, &d, Action::Market);
    play_now(&mut h, &d, "tile 5 clocks 1");
    assert!(
        rejected_now(&mut h, &d, &format!("city {}", d.city_name(c)))
            .contains("only a higher tile")
    );
}

// NIP-MKT-15, NIP-MKT-16, NIP-MKT-17
#[test]
fn nip_mkt_17_two_player_city_limit() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.current = 1; // Blue
    let c = city_with(&g, &d, None, "clocks");
    let clocks = g.side_of(&d, c, 4).unwrap();
    let others: Vec<usize> = (0..4).filter(|&s| s != clocks).collect();
    tile(&mut g, c, others[0], 0, 3); // Red's value 3 (seat 0 here)
    tile(&mut g, c, others[1], 1, 4); // Blue's own value 4
    give_factory(&mut g, &d, 1, "clocks", 0, 3);
    in_action(&mut g, &d, Action::Market);
    play_now(&mut g, &d, "tile 3 clocks 1");
    assert!(
        rejected_now(&mut g, &d, &format!("city {}", d.city_name(c))).contains("beat the lowest")
    );
    let mut g2 = g.clone();
    g2.stage = Stage::Market(Market {
        region: None,
        placed: 0,
        tile: None,
        city: None,
    });
    play_all(
        &mut g2,
        &d,
        1,
        &format!("tile 5 clocks 1; city {}", d.city_name(c)),
    );
    assert_eq!(
        g2.influence[c][others[0]], None,
        "Red's value-3 tile goes back"
    );
    assert_eq!(g2.influence[c].iter().flatten().count(), 2);
    assert!(g2.players[0].tiles.contains(&3));
}

// NIP-MKT-16: tied lowest tiles: the active player chooses.
#[test]
fn nip_mkt_16_active_player_chooses_between_tied_lowest() {
    let d = data();
    let mut g = fresh(&d, 3);
    let c = city_with(&g, &d, None, "clocks");
    let clocks = g.side_of(&d, c, 4).unwrap();
    let others: Vec<usize> = (0..4).filter(|&s| s != clocks).collect();
    tile(&mut g, c, others[0], 1, 2);
    tile(&mut g, c, others[1], 2, 2);
    tile(&mut g, c, others[2], 1, 6);
    give_factory(&mut g, &d, 0, "clocks", 0, 3);
    in_action(&mut g, &d, Action::Market);
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 5 clocks 1; city {}", d.city_name(c)),
    );
    let choices = legal(&g, &d, g.current);
    assert_eq!(
        choices.iter().filter(|s| s.starts_with("remove")).count(),
        2
    );
    // Any other step now is told to choose the tile to remove.
    let e = g.check(&d, 0, &Step::Done).unwrap_err().to_string();
    assert!(e.contains("choose the tile to remove"), "{e}");
    let g2 = g.good_at(&d, c, others[1]);
    play_now(&mut g, &d, &format!("remove {}", d.goods[g2].name));
    assert_eq!(g.influence[c][others[1]], None);
    assert!(g.influence[c][others[0]].is_some());
    assert_eq!(g.influence[c][clocks], Some(Placed { seat: 0, value: 5 }));
}

// NIP-MKT-1: at most 3 tiles, then the action ends.
#[test]
fn nip_mkt_1_up_to_three_tiles() {
    let d = data();
    let mut g = fresh(&d, 4);
    for f in 0..6 {
        g.players[0].factories[f] = Some(Factory {
            machine: 0,
            goods: 3,
        });
    }
    in_action(&mut g, &d, Action::Market);
    let mut placed = 0;
    let mut ended = false;
    for good in 0..6 {
        if let Some(c) = (0..2).find(|&c| {
            g.side_of(&d, c, good).is_some()
                && g.influence[c][g.side_of(&d, c, good).unwrap()].is_none()
        }) {
            let a = play_all(
                &mut g,
                &d,
                0,
                &format!(
                    "tile {k} {} {k}; city {}",
                    d.goods[good].name,
                    d.city_name(c),
                    k = placed + 1
                ),
            );
            placed += 1;
            if placed == 3 {
                ended = a.turn_ended;
                break;
            }
        }
    }
    assert_eq!(placed, 3);
    assert!(ended);
}

// ---- Consolidate ----

// NIP-CONS-2, NIP-CONS-3, NIP-CONS-4, NIP-CONS-5
#[test]
fn nip_cons_4_budget_replaces_yen_and_coal() {
    let d = data();
    let mut g = fresh(&d, 2);
    let m = &d.tracks[0];
    g.players[0].tracks[0] = m.values.iter().position(|&v| v == 16).unwrap();
    let c = &d.tracks[1];
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
    let mut g = fresh(&d, 4);
    g.players[0].workers = vec![0, 1, 2, 3, 4];
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
    let mut g = fresh(&d, 4);
    g.players[0].workers = vec![0, 1, 2, 3];
    play_now(&mut g, &d, "consolidate");
    let l = legal(&g, &d, g.current);
    assert!(l.contains(&"reward 3 coal".into()) && l.contains(&"reward 2 yen".into()));
    assert!(rejected_now(&mut g, &d, "reward 4 coal").contains("up to level 3"));
    // Fewer than 3 workers: no reward.
    let mut g = fresh(&d, 4);
    g.players[0].workers = vec![0, 1];
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.current, 1);
}

// NIP-CONS-7
#[test]
fn nip_cons_7_only_higher_rewards_left_skips() {
    let d = data();
    let mut g = fresh(&d, 4);
    for i in 0..12 {
        if d.rewards[i].multiplier < 5 {
            g.rewards[i] = 0;
        }
    }
    g.players[0].workers = vec![0, 1, 2];
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.current, 1, "skipped");
    assert!(g.players[0].achievements.iter().all(|a| a.is_none()));
}

// NIP-CONS-8
#[test]
fn nip_cons_8_multiplier_tiles_when_rewards_run_out() {
    let d = data();
    let mut g = fresh(&d, 4);
    g.rewards = vec![0; 12];
    g.players[0].workers = vec![0, 1, 2];
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.stage, Stage::Space { multiplier: 2 });
    play_now(&mut g, &d, "space ships");
    assert_eq!(g.multipliers, 3);
    assert_eq!(
        g.players[0].achievements[d.achievement("ships").unwrap()],
        Some(2)
    );
    let mut g = fresh(&d, 4);
    g.rewards = vec![0; 12];
    g.multipliers = 0;
    g.players[0].workers = vec![0, 1, 2];
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.current, 1, "nothing left: skipped");
    // Fewer than 3 workers: no multiplier tile either.
    let mut g = fresh(&d, 4);
    g.rewards = vec![0; 12];
    g.players[0].workers = vec![0, 1];
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
    let mut g = fresh(&d, 2);
    let last = (0..d.rewards.len())
        .find(|&i| d.rewards[i].multiplier == 2 && rules::bonus_kind(d.rewards[i].bonus) == 0)
        .unwrap();
    g.rewards = vec![0; d.rewards.len()];
    g.rewards[last] = 1;
    g.players[0].achievements = vec![Some(3); 6];
    g.players[0].workers = vec![0, 1, 2];
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
    let mut g = fresh(&d, 4);
    g.players[0].workers = vec![0, 1, 2];
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
    let mut g = fresh(&d, 4);
    g.players[0].workers = vec![0, 1, 2];
    g.players[0].achievements = vec![Some(2); 6];
    play_all(&mut g, &d, 0, "consolidate; reward 2 coal");
    assert_eq!(g.current, 1);
    assert_eq!(g.players[0].achievements, vec![Some(2); 6]);
    // ...but a multiplier tile, which has no bonus, is left for the others.
    let mut g = fresh(&d, 4);
    g.rewards = vec![0; 12];
    g.players[0].workers = vec![0, 1, 2];
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
    let mut g = fresh(&d, 2);
    g.bag[1] -= 1;
    g.players[0].workers = vec![1];
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
    let mut g = fresh(&d, 2);
    g.players[0].workers = vec![0, 0, 1, 2];
    g.rewards = vec![0; 12];
    g.multipliers = 0;
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.players[0].yen, 12_000 - 9_000);
}

// NIP-CONS-14, NIP-CONS-18
#[test]
fn nip_cons_18_unpaid_colours_lose_2_vp_each() {
    let d = data();
    let mut g = fresh(&d, 2);
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
    let mut g = fresh(&d, 2);
    let total = workers_total(&g);
    g.bag[3] -= 2;
    g.players[0].workers = vec![3, 3];
    assert_eq!(workers_total(&g), total);
    let bag = g.bag[3];
    play_now(&mut g, &d, "consolidate");
    assert_eq!(g.bag[3], bag + 2);
    assert_eq!(workers_total(&g), total);
}

// ---- Scorings ----

// NIP-SCORE-1, NIP-SCORE-2, NIP-SCORE-4
#[test]
fn nip_score_2_trains_count_only_with_a_tile() {
    let d = data();
    let mut g = fresh(&d, 3);
    tile(&mut g, 0, 0, 0, 3);
    tile(&mut g, 1, 1, 0, 2);
    g.rail[0] = vec![(0, false), (0, false), (1, false), (0, true)];
    let (infl, _) = g.region_influence(&d, 0);
    assert_eq!(infl, [3 + 2 + 4, 0, 0]);
}

// NIP-SCORE-5, NIP-SCORE-6
#[test]
fn nip_score_6_tie_for_first_shares_rounded_down() {
    let d = data();
    let mut g = fresh(&d, 3);
    // Purple 0, Blue 1, Red 2 in Hokkaido, every slot covered (overseas 0).
    let plan = [
        (0, 0, 0, 1),
        (0, 1, 0, 2),
        (0, 2, 0, 3),
        (0, 3, 2, 1),
        (1, 0, 2, 2),
        (1, 1, 2, 3),
        (1, 2, 1, 1),
        (1, 3, 1, 3),
    ];
    for (c, s, seat, v) in plan {
        tile(&mut g, c, s, seat, v);
    }
    assert_eq!(g.region_influence(&d, 0), (vec![6, 4, 6], 0));
    assert_eq!(g.region_vp(&d, 0, 0), [8, 5, 8]);
}

// NIP-SCORE-7, NIP-SCORE-8, NIP-SCORE-10
#[test]
fn nip_score_8_overseas_first_purple_second_blue_third() {
    let d = data();
    let mut g = fresh(&d, 3);
    // Empty: Sapporo side 0 (3), Sapporo side 1 (1), Hakodate side 2 (3) = 7.
    let plan = [
        (0, 2, 0, 1),
        (0, 3, 0, 1),
        (1, 0, 0, 2),
        (1, 1, 0, 2),
        (1, 3, 1, 1),
    ];
    for (c, s, seat, v) in plan {
        tile(&mut g, c, s, seat, v);
    }
    g.rail[0] = vec![(1, false), (1, false), (2, false), (2, false), (0, true)];
    let (infl, overseas) = g.region_influence(&d, 0);
    assert_eq!(overseas, 7);
    assert_eq!(infl, [6, 5, 0]);
    assert_eq!(g.region_vp(&d, 0, 1), [11 + 2, 8, 0]);
}

// NIP-SCORE-9
#[test]
fn nip_score_9_three_way_tie_with_ships() {
    let d = data();
    let mut g = fresh(&d, 3);
    // Only Sapporo side 2 (value 2) is empty.
    let plan = [
        (0, 0, 0, 6),
        (0, 1, 0, 1),
        (0, 3, 0, 1),
        (1, 0, 1, 5),
        (1, 1, 1, 3),
        (1, 2, 2, 4),
        (1, 3, 2, 4),
    ];
    for (c, s, seat, v) in plan {
        tile(&mut g, c, s, seat, v);
    }
    g.rail[0] = vec![(0, true), (1, true), (2, true)];
    assert_eq!(g.region_influence(&d, 0), (vec![8, 8, 8], 2));
    let share = (10 + 7 + 5) / 3;
    assert_eq!(g.region_vp(&d, 0, 0), [share + 2, share + 2, share + 2]);
}

// NIP-SCORE-11 (reading: only ships in the scored region, 2 VP each)
#[test]
fn nip_score_11_ships_of_the_region_only() {
    let d = data();
    let mut g = fresh(&d, 2);
    for s in 0..4 {
        tile(&mut g, 0, s, 0, 7);
    }
    g.rail[1] = vec![(0, true)];
    g.rail[0] = vec![(0, true), (0, true)];
    let won = g.region_vp(&d, 0, 0);
    assert_eq!(won[0], 10 + 4);
}

// NIP-SCORE-12 (reading: influence 0 takes no place)
#[test]
fn nip_score_12_zero_influence_scores_nothing() {
    let d = data();
    let mut g = fresh(&d, 3);
    tile(&mut g, 0, 0, 0, 1);
    // Overseas first, seat 0 second; seats 1 and 2 have 0 and do not share third.
    assert_eq!(g.region_vp(&d, 0, 0), [7, 0, 0]);
    g.rail[0] = vec![(1, true)];
    assert_eq!(g.region_vp(&d, 0, 0)[1], 0, "no ships VP without a place");
}

// ---- End ----

// NIP-END-2, NIP-END-3
#[test]
fn nip_end_3_tie_goes_to_the_last_player_or_closest_before() {
    let d = data();
    let mut g = fresh(&d, 4);
    for p in &mut g.players {
        p.vp = 30;
        p.tracks[0] = 0;
    }
    g.players[3].vp = 20;
    g.last_player = Some(2);
    let mut ev = Vec::new();
    g.finish(&d, &mut ev);
    let r = g.result.clone().unwrap();
    assert_eq!(r.places[2], 1, "{}", r.note);
    assert_eq!(r.places[1], 2);
    assert_eq!(r.places[0], 3);
    assert_eq!(r.places[3], 4);
    // Last player not tied: the closest counter-clockwise among the tied wins.
    let mut g = fresh(&d, 4);
    for p in &mut g.players {
        p.vp = 30;
        p.tracks[0] = 0;
    }
    g.players[2].vp = 10;
    g.last_player = Some(2);
    g.finish(&d, &mut ev);
    let r = g.result.clone().unwrap();
    assert_eq!(r.places[1], 1, "{}", r.note);
    // NIP-END-2: otherwise most VP wins.
    let mut g = fresh(&d, 4);
    g.players[3].vp = 99;
    g.finish(&d, &mut ev);
    assert_eq!(g.result.unwrap().places[3], 1);
}

// NIP-END-4: final budget and workforce.
#[test]
fn nip_end_4_final_budget_and_unpaid_workers() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.players[0].workers = vec![0, 1, 2, 3, 4];
    g.players[0].yen = 100_000;
    let vp = g.players[0].vp;
    let mut ev = Vec::new();
    g.finish(&d, &mut ev);
    // 12,000 from the money track pays 4 colours, the 5th costs 2 VP; money 0 VP.
    assert_eq!(g.players[0].yen, 0);
    let fac = 0;
    assert_eq!(g.players[0].vp, vp - 2 + fac);
    // The final breakdown shows the loss as a minus.
    let lines = &g.result.as_ref().unwrap().breakdown[0];
    assert!(
        lines.contains(&ScorePart::new("unpaid workers", -2)),
        "{lines:?}"
    );
}

// NIP-MACH-2: a machine costs 5,000 yen: exactly that much is enough.
#[test]
fn nip_mach_2_exactly_the_price_of_a_machine_is_enough() {
    let d = data();
    assert_eq!(d.cost_machine, 5_000);
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 0, 0);
    g.players[0].yen = 4_999;
    in_action(&mut g, &d, Action::Machinery);
    assert!(rejected_now(&mut g, &d, "improve silk").contains("a machine costs 5,000 yen"));
    g.players[0].yen = 5_000;
    play_now(&mut g, &d, "improve silk");
    assert_eq!(g.players[0].yen, 0);
}

// NIP-WORK-5: whether a player could carry out a Local Market action is decided by trying
// only the highest tile each good and number of cubes allows; at every position of random
// games, for every seat, that agrees with trying every `tile <value> <good> <cubes>`.
#[test]
fn nip_work_5_the_market_check_agrees_with_trying_every_tile() {
    let d = data();
    let (mut can, mut cannot) = (0, 0);
    for seed in 0..6 {
        let n = 2 + seed as usize % 3;
        let mut g = setup_checked::<Nippon>(&d, &names(n), &Options::new(), seed).unwrap();
        let mut rng = crate::engine::GameRng::new(seed);
        while g.result.is_none() {
            for seat in 0..n {
                let every = (1..=7).any(|v| {
                    (0..d.goods.len())
                        .any(|gd| (1..=3).any(|c| g.can_tile(&d, seat, None, v, gd, c).is_ok()))
                });
                assert_eq!(g.may_place_a_tile(&d, seat), every, "turn {}", g.turn);
                if every {
                    can += 1;
                } else {
                    cannot += 1;
                }
            }
            let seat = g.current;
            let legal = g.legal_steps(&d, seat);
            let step = legal[rng.below(legal.len())];
            g.apply(&d, seat, &step).unwrap();
        }
    }
    assert!(can > 100 && cannot > 100, "{can} could, {cannot} could not");
}

// NIP-EXP-4, NIP-EXP-5: while a contract is being paid, the check that the rest can still
// be paid leaves out every factory already used for it, not only the one paying now.
#[test]
fn nip_exp_4_the_rest_of_a_contract_cannot_count_on_a_factory_already_used() {
    let d = data();
    assert_eq!(d.contracts[5].needs, [2, 2, 1]);
    let mut g = fresh(&d, 2);
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    give_factory(&mut g, &d, 0, "paper", 0, 2);
    give_factory(&mut g, &d, 0, "bento", 0, 1);
    in_action(&mut g, &d, Action::Export);
    play_now(&mut g, &d, "contract 6");
    play_now(&mut g, &d, "pay silk 2");
    // Paper for the 1 would leave a 2 that only silk (used) could still pay.
    assert!(rejected_now(&mut g, &d, "pay paper 1").contains("could not be paid"));
    play_now(&mut g, &d, "pay paper 2");
    play_now(&mut g, &d, "pay bento 1");
    assert!(g.players[0].fulfilled[5]);
    assert_eq!(g.players[0].factories[gi(&d, "silk")].unwrap().goods, 2);
}

/// Money in the log reads with its digits grouped by thousands.
#[test]
fn money_in_the_log_reads_with_digits_grouped_by_thousands() {
    let yen = rules::yen;
    assert_eq!(yen(0), "0 yen");
    assert_eq!(yen(500), "500 yen");
    assert_eq!(yen(1000), "1,000 yen");
    assert_eq!(yen(2500), "2,500 yen");
    assert_eq!(yen(14000), "14,000 yen");
    assert_eq!(yen(120000), "120,000 yen");
    assert_eq!(yen(1234567), "1,234,567 yen");
    assert_eq!(yen(u32::MAX), "4,294,967,295 yen");
}

// NIP-SETUP-2: each player has the 8 contracts, numbered 1 to 8: the last one can be
// picked like the others, and numbers outside 1 to 8 are refused by name.
#[test]
fn nip_exp_2_every_one_of_the_eight_contracts_can_be_picked() {
    let d = data();
    assert_eq!(d.contracts.len(), 8);
    let mut g = fresh(&d, 2);
    for f in ["silk", "paper", "bento", "lenses"] {
        give_factory(&mut g, &d, 0, f, 0, 4);
    }
    in_action(&mut g, &d, Action::Export);
    for bad in ["contract 0", "contract 9"] {
        let why = rejected_now(&mut g, &d, bad);
        assert!(why.contains("`contract 1`"), "{bad}: {why}");
    }
    // The same steps built directly (a replay file, a hand-made step) get the rule's
    // reason.
    for k in [0, 9] {
        let mut c = g.clone();
        let e = refused_step(&mut c, &d, 0, &Step::Contract(k)).to_string();
        assert!(e.contains("numbered 1 to 8"), "contract {k}: {e}");
        assert_eq!(c, g);
    }
    // Contract 8 needs 2+2+1+1.
    assert_eq!(d.contracts[7].needs, [2, 2, 1, 1]);
    assert!(legal(&g, &d, g.current).iter().any(|s| s == "contract 8"));
    play_now(&mut g, &d, "contract 8");
}

// NIP-TRAIN-1, NIP-SHIP-1: a trains action places trains only and a ships action ships
// only, also for steps built directly (a replay file), which get the stage's reason.
#[test]
fn nip_ship_1_a_ships_action_places_no_train_and_a_trains_action_no_ship() {
    let d = data();
    let mut g = fresh(&d, 4);
    g.players[0].yen = 20_000;
    in_action(&mut g, &d, Action::Ships);
    let e = g.check(&d, 0, &Step::Train(1)).unwrap_err().to_string();
    assert!(
        e.contains("`ship <region>`") && !e.contains("`done`"),
        "{e}"
    );
    assert!(g.check(&d, 0, &Step::Ship(1)).is_ok());
    let mut g = fresh(&d, 4);
    g.players[0].yen = 20_000;
    in_action(&mut g, &d, Action::Trains);
    let e = g.check(&d, 0, &Step::Ship(1)).unwrap_err().to_string();
    assert!(
        e.contains("`train <region>`") && !e.contains("`done`"),
        "{e}"
    );
    assert!(g.check(&d, 0, &Step::Train(1)).is_ok());
}

// NIP-MKT-1: one tile at a time: once a tile is chosen, its city comes next, and a
// second tile is refused even when built directly.
#[test]
fn nip_mkt_1_a_second_tile_waits_until_the_first_has_its_city() {
    let d = data();
    let mut g = fresh(&d, 4);
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    in_action(&mut g, &d, Action::Market);
    let silk = gi(&d, "silk") as u8;
    assert!(g
        .check(
            &d,
            0,
            &Step::Tile {
                value: 1,
                good: silk,
                cubes: 1,
            }
        )
        .is_ok());
    let e = g.check(&d, 0, &Step::Run(silk)).unwrap_err().to_string();
    assert!(e.contains("`tile <value> <good> <cubes>`"), "{e}");
    play_now(&mut g, &d, "tile 2 silk 2");
    for step in [
        Step::Tile {
            value: 1,
            good: silk,
            cubes: 1,
        },
        Step::Done,
    ] {
        let e = g.check(&d, 0, &step).unwrap_err().to_string();
        assert!(e.contains("now choose the city"), "{step:?}: {e}");
    }
    // Also after a first tile is placed: `done` must wait for the second tile's city.
    let c = (0..8)
        .find(|&c| g.check(&d, 0, &Step::City(c as u8)).is_ok())
        .unwrap();
    play_now(&mut g, &d, &format!("city {}", d.city_name(c)));
    assert!(g
        .check(
            &d,
            0,
            &Step::Tile {
                value: 1,
                good: silk,
                cubes: 1,
            }
        )
        .is_ok());
    play_now(&mut g, &d, "tile 1 silk 1");
    let e = g.check(&d, 0, &Step::Done).unwrap_err().to_string();
    assert!(e.contains("now choose the city"), "{e}");
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
    g.players[0].tracks[TrackKind::Knowledge.index()] = 5;
    assert_eq!(units(&g, "knowledge"), 2);
    give_factory(&mut g, &d, 0, "silk", 0, 0);
    assert_eq!(units(&g, "knowledge"), 2, "silk has no star synergy");
    give_factory(&mut g, &d, 0, "paper", 0, 0);
    assert_eq!(
        units(&g, "knowledge"),
        3,
        "a paper factory is one more star"
    );
    assert_eq!(units(&g, "factories"), 2);
    g.players[0].yen = 13_000;
    assert_eq!(units(&g, "money"), 2);
    assert_eq!(units(&g, "influence"), 0);
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

// The log keeps the last 60 lines, newest last, however many lines a step adds.
#[test]
fn the_log_keeps_its_last_sixty_lines() {
    let d = data();
    let p = Suite::<Nippon>::new(&d).playout(4, &Options::new(), 7);
    let mut g = setup_checked::<Nippon>(&d, &names(4), &Options::new(), 7).unwrap();
    let mut all: Vec<String> = g.log.clone();
    for (s, t) in &p.log {
        let a = play(&mut g, &d, *s, t);
        all.extend(a.events.iter().map(|e| e.text.clone()));
        assert!(g.log.len() <= 60, "{} lines", g.log.len());
        assert_eq!(g.log[..], all[all.len() - g.log.len()..]);
    }
    assert_eq!(g.log.len(), 60);
}

// A step that draws nothing from the bag and leaves the scoring marker can be taken back.
#[test]
fn a_step_without_a_draw_or_a_marker_move_can_be_taken_back() {
    let d = data();
    let mut g = fresh(&d, 2);
    let first = legal(&g, &d, g.current)[0].clone();
    assert!(first.starts_with("take "), "{first}");
    let a = play_now(&mut g, &d, &first);
    assert!(!a.irreversible && !a.turn_ended);
}

// Each offered step has a button label of its own, saying what it does.
#[test]
fn offered_steps_have_labels_of_their_own() {
    let d = data();
    let p = Suite::<Nippon>::new(&d).playout(3, &Options::new(), 4);
    let mut g = setup_checked::<Nippon>(&d, &names(3), &Options::new(), 4).unwrap();
    for (s, t) in p.log.iter().take(120) {
        let steps = g.legal_steps(&d, *s);
        let labels: std::collections::HashSet<String> =
            steps.iter().map(|x| Nippon::label_step(&d, x)).collect();
        assert_eq!(labels.len(), steps.len(), "two steps share a label");
        play(&mut g, &d, *s, t);
    }
    let g = fresh(&d, 2);
    let take = g.legal_steps(&d, 0)[0];
    assert!(Nippon::label_step(&d, &take).starts_with("Take a worker ("));
    assert_eq!(
        Nippon::label_step(&d, &Step::Consolidate),
        "Consolidate: budget, Emperor's reward, pay the workers"
    );
}

// NIP-MKT-16: only a full city loses a tile: below the limit (none with 4 players), a
// tile on an empty side leaves the other tiles of the city where they are.
#[test]
fn nip_mkt_16_a_city_below_its_limit_keeps_its_other_tiles() {
    let d = data();
    let mut g = fresh(&d, 4);
    give_factory(&mut g, &d, 0, "silk", 0, 4);
    let c = city_with(&g, &d, None, "silk");
    let silk = g.side_of(&d, c, gi(&d, "silk")).unwrap();
    let other = (0..4).find(|&s| s != silk).unwrap();
    tile(&mut g, c, other, 1, 1);
    in_action(&mut g, &d, Action::Market);
    play_all(
        &mut g,
        &d,
        0,
        &format!("tile 2 silk 2; city {}", d.city_name(c)),
    );
    assert_eq!(g.influence[c][other], Some(Placed { seat: 1, value: 1 }));
    assert_eq!(g.influence[c][silk], Some(Placed { seat: 0, value: 2 }));
}

/// The typed topics refusals name are exactly the rules topics, in the table's order, so a
/// refusal can only cite a topic that exists.
#[test]
fn typed_topics_are_the_rules_topics() {
    let typed: Vec<&str> = Topic::ALL.iter().map(|t| t.id()).collect();
    let table: Vec<&str> = topics::TOPICS.iter().map(|t| t.id).collect();
    assert_eq!(typed, table);
}

// ---- Issue #35: the rulebook's words, refusals, topics ----

/// The name of a worker colour standing on action slot `slot` (1-based).
fn colour_on(g: &Nippon, d: &NipponData, slot: usize) -> String {
    d.worker_colours[g.slots[slot - 1][0] as usize].0.clone()
}

/// NIP-WORK-3: "take a worker and do the action": on a slot with one action the player can
/// do, `take` begins it, and the rulebook's `do <action>` is still accepted, once, changing
/// nothing.
#[test]
fn nip_work_3_do_is_accepted_when_the_slot_offers_one_action() {
    let d = data();
    let mut g = fresh(&d, 3);
    give_factory(&mut g, &d, 0, "silk", 0, 3);
    let c = colour_on(&g, &d, 5);
    play_now(&mut g, &d, &format!("take 5 {c}"));
    assert!(matches!(g.stage, Stage::Market(_)));
    let before = g.stage.clone();
    play_now(&mut g, &d, "do market");
    assert_eq!(g.stage, before, "the redundant `do` changes nothing");
    let e = rejected_now(&mut g, &d, "do market");
    assert!(e.contains("market"), "accepted once only: {e}");
}

/// A refusal names its reason and only steps that are legal now: in a produce action with
/// nothing run yet, `done` is not legal and must not be offered.
#[test]
fn nip_prod_refusal_names_only_legal_steps() {
    let d = data();
    let mut g = fresh(&d, 3);
    give_factory(&mut g, &d, 0, "silk", 0, 0);
    g.players[0].coal = 5;
    in_action(&mut g, &d, Action::Produce);
    let e = g.check(&d, 0, &Step::Consolidate).unwrap_err().reason;
    assert!(!e.contains("`done`"), "done is not legal yet: {e}");
    assert!(e.contains("`run silk`"), "names the legal step: {e}");
    let legal = legal(&g, &d, 0);
    for step in e.split('`').skip(1).step_by(2) {
        if !step.contains('<') {
            assert!(legal.contains(&step.to_string()), "`{step}` is legal: {e}");
        }
    }
}

/// When `done` is all a seat could do, the game plays it: the turn passes by itself.
#[test]
fn nip_turn_3_done_as_the_only_step_is_played_by_itself() {
    let d = data();
    let mut g = fresh(&d, 3);
    give_factory(&mut g, &d, 0, "silk", 0, 0);
    g.players[0].coal = 2;
    g.players[0].blueprints = 0;
    in_action(&mut g, &d, Action::Produce);
    let a = play_now(&mut g, &d, "run silk");
    assert_eq!(g.current, 1, "the turn passed: {}", said(&a, " | "));
    assert_eq!(g.stage, Stage::Start);
    assert!(
        said(&a, " | ").contains("can do nothing more"),
        "{}",
        said(&a, " | ")
    );
}

/// Every step example in the topics (backquoted, without `<...>` placeholders) is a step
/// the game reads.
#[test]
fn every_example_in_the_topics_parses() {
    let d = data();
    let mut all: Vec<Step> = Nippon::start_candidates(&d);
    all.extend(Action::ALL.into_iter().map(Step::Do));
    all.extend(Nippon::factory_candidates(&d));
    all.extend(Nippon::machinery_candidates(&d));
    all.extend(Nippon::produce_candidates(&d));
    all.extend(Nippon::track_candidates());
    all.extend(Nippon::rail_candidates(&d, false));
    all.extend(Nippon::rail_candidates(&d, true));
    all.extend(Nippon::export_candidates(&d));
    all.extend(Nippon::market_candidates(&d));
    all.extend(Nippon::reward_candidates(&d));
    all.extend(Nippon::space_candidates(&d));
    all.extend(TrackKind::ALL.into_iter().map(Step::Blueprints));
    let names: Vec<String> = all.iter().map(|s| Nippon::format_step(&d, s)).collect();
    let mut seen = 0;
    for t in topics::TOPICS {
        for quoted in t.text.split('`').skip(1).step_by(2) {
            for example in quoted.split(';').map(str::trim).filter(|x| !x.is_empty()) {
                if example.contains('<') {
                    continue;
                }
                crate::engine::notation::match_step(example, &names)
                    .unwrap_or_else(|e| panic!("topic `{}`: `{example}`: {e}", t.id));
                seen += 1;
            }
        }
    }
    assert!(seen >= 20, "the notation topic has examples: {seen}");
}

/// No internal clause id in what a player reads: topics, refusals, the log.
#[test]
fn no_clause_ids_in_player_text() {
    use crate::engine::conformance::clause_id_in;
    let id = |s: &str| clause_id_in(s).map(str::to_string);
    assert_eq!(id("see NIP-CONS-12 there"), Some("NIP-CONS-12".into()));
    for t in topics::TOPICS {
        assert_eq!(id(t.text), None, "topic {}", t.id);
        assert_eq!(id(t.title), None, "topic {}", t.id);
        assert_eq!(id(t.section), None, "topic {}", t.id);
    }
    let d = data();
    let mut texts = Vec::new();
    for seed in 0..3 {
        let names = names(2 + seed as usize % 3);
        let mut g = setup_checked::<Nippon>(&d, &names, &Options::new(), seed).unwrap();
        let mut rng = crate::engine::GameRng::new(seed);
        while g.result.is_none() {
            let seat = g.current;
            for c in g.candidates(&d, seat).iter().take(12) {
                if let Err(e) = g.check(&d, seat, c) {
                    texts.push(e.reason);
                }
            }
            let legal = g.legal_steps(&d, seat);
            let step = legal[rng.below(legal.len())];
            let a = g.apply(&d, seat, &step).unwrap();
            texts.extend(a.events.into_iter().map(|e| e.text));
        }
        texts.push(describe(&d, &g.view(&d, Viewer::Spectator)));
    }
    for t in &texts {
        assert_eq!(id(t), None, "{t}");
    }
}

/// Every topic is found by a word players use besides its id.
#[test]
fn every_topic_has_aliases_in_lower_case() {
    for t in topics::TOPICS {
        assert!(!t.aliases.is_empty(), "topic {} has aliases", t.id);
        for a in t.aliases {
            assert_eq!(*a, a.to_lowercase(), "topic {}", t.id);
        }
    }
    let find = |w: &str| {
        topics::TOPICS
            .iter()
            .find(|t| t.aliases.contains(&w))
            .map(|t| t.id)
    };
    assert_eq!(find("contract"), Some("export"));
    assert_eq!(find("workers"), Some("take"));
    assert_eq!(find("coal"), Some("tracks"));
}

/// The board's last-turn panel: the public events of the last complete turn.
#[test]
fn the_view_keeps_the_last_turns_events() {
    let d = data();
    let mut g = fresh(&d, 3);
    play_now(&mut g, &d, "consolidate");
    let v = g.view(&d, Viewer::Spectator);
    assert!(
        v.last_turn.iter().any(|l| l.contains("consolidates")),
        "{:?}",
        v.last_turn
    );
    let json = serde_json::to_string(&g).unwrap();
    let old = json.replace(",\"begun\":null", "");
    let back: Nippon = serde_json::from_str(&old.replace(",\"this_turn\":[]", "")).unwrap();
    assert_eq!(back.current, g.current, "an older snapshot still loads");
}

// NIP-WORK-5, NIP-TURN-2: a take typed without its colour (as players say it) is refused
// with the rule's reason, or answered with the whole steps it could be.
#[test]
fn nip_work_5_a_take_without_its_colour_gets_the_reason_or_the_whole_steps() {
    let d = data();
    let mut g = fresh(&d, 2);
    g.players[0].yen = 0;
    g.slots[0] = vec![0, 1, 2];
    let e = rejected_now(&mut g, &d, "take 1");
    assert!(e.contains("completely"), "{e}");
    assert!(e.contains("rules topic `take`"), "{e}");
    g.players[0].yen = 5_000;
    let e = rejected_now(&mut g, &d, "take 1");
    assert!(e.contains("not a whole step"), "{e}");
    for s in legal(&g, &d, g.current)
        .iter()
        .filter(|s| s.starts_with("take 1 "))
    {
        assert!(e.contains(s.as_str()), "{e} lacks {s}");
    }
}

/// The final breakdown: the VP each player starts with, then the VP by source over the
/// game, then the achievements; they add up to the score. A game restored from a snapshot
/// taken before the VP were kept by source still ends, with the totals only.
// NIP-SETUP-6, NIP-END-4
#[test]
fn nip_end_4_the_result_gives_the_vp_by_source_and_an_older_snapshot_the_totals() {
    let d = data();
    let mut g = fresh(&d, 2);
    let older = {
        let mut json = serde_json::to_value(&g).unwrap();
        json.as_object_mut().unwrap().remove("vp_by_source");
        serde_json::to_string(&json).unwrap()
    };
    let start = g.vp();
    g.finish(&d, &mut Vec::new());
    let r = g.result.clone().unwrap();
    assert_eq!(r.check_breakdown(), Ok(()));
    assert_eq!(r.breakdown.len(), 2, "a breakdown per seat");
    for (parts, start) in r.breakdown.iter().zip(start) {
        assert_eq!(parts[0], ScorePart::new("start", start));
        let names: Vec<&str> = parts.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names[..4],
            ["start", "scorings", "bonuses", "unpaid workers"],
            "{names:?}"
        );
        assert_eq!(names.len(), 4 + d.achievements.len());
    }
    let mut old: Nippon = serde_json::from_str(&older).expect("an older snapshot loads");
    old.finish(&d, &mut Vec::new());
    let r = old.result.clone().unwrap();
    assert!(r.breakdown.is_empty());
    assert_eq!(r.scores, g.vp());
}

// ---- For computer players: the evaluation hint and determinisation ----

// NIP-CONS-11, NIP-SCORE-1: the hint is each seat's VP plus the achievement spaces as the
// final scoring would score them now, plus the scorings still to come at today's influence.
#[test]
fn nip_cons_11_the_hint_adds_the_achievements_and_the_scorings_to_come_to_the_vp() {
    let d = data();
    let mut g = fresh(&d, 2);
    let ships = d.achievement("ships").unwrap();
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
    g.influence[0][0] = Some(Placed { seat: 1, value: 9 });
    assert_eq!(g.hint(&d), expected(&g));
    assert!(g.hint(&d)[1] > before, "{before} then {:?}", g.hint(&d));
}

#[test]
fn scrambling_nobody_reseeds_the_rng_and_nothing_else() {
    let d = data();
    let g = fresh(&d, 3);
    assert_nobody_scramble_changes_only(&g, &d, true, |s, g| s.rng = g.rng.clone());
}

/// Every region, city and action slot a player types is drawn legibly at the inline width
/// (from the renderer's own record of its text), and the notation reads it as written;
/// each player's panel shows its money, coal and knowledge as counters in large type.
#[test]
fn typed_labels_are_legible_inline_and_read_as_written() {
    use crate::engine::notation::match_step;
    let d = data();
    let g = fresh(&d, 3);
    let mut labels = Vec::new();
    let trains: Vec<String> = (0..d.regions.len())
        .map(|r| Nippon::format_step(&d, &Step::Train(r as u8)))
        .collect();
    for (r, reg) in d.regions.iter().enumerate() {
        assert_eq!(match_step(&format!("train {}", reg.name), &trains), Ok(r));
        labels.push(reg.name.clone());
    }
    let cities: Vec<String> = (0..2 * d.regions.len())
        .map(|c| Nippon::format_step(&d, &Step::City(c as u8)))
        .collect();
    for c in 0..cities.len() {
        let label = d.city_label(c);
        assert_eq!(
            match_step(&format!("city {label}"), &cities),
            Ok(c),
            "{label}"
        );
        labels.push(label.to_string());
    }
    labels.extend((1..=d.slots.len()).map(|s| s.to_string()));
    let view = g.view(&d, Viewer::Spectator);
    let cv = render::render_canvas(&d, &view);
    let faults = crate::render::typed_label_faults(&cv, &labels);
    assert!(faults.is_empty(), "{faults:#?}");
    let p = &view.players[0];
    let counters = [
        render::money(p),
        p.coal.to_string(),
        p.levels[2].to_string(),
    ];
    let faults = crate::render::typed_label_faults(&cv, &counters);
    assert!(faults.is_empty(), "{faults:#?}");
}
