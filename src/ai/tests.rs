//! Tests of Sherpa's players: a decision is the same whatever another holder hides
//! (secrecy), one of the seat's legal steps, repeated with its seed, none for a seat that
//! waits; the search, the levels and their budgets, the rewards; and every game played to
//! its end by random and Sherpa's players with a step for every seat named as acting.

use super::*;
use crate::games::Registry;

/// Positions of every game and player count: after setup, and after some random steps.
fn positions() -> Vec<(String, Box<dyn AnyGame>)> {
    let mut out = Vec::new();
    for kind in Registry::builtin().all() {
        for n in kind.min_players()..=kind.max_players() {
            let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
            let mut g = kind
                .setup(&names, &Default::default(), 40 + n as u64)
                .expect("setup");
            let mut pick = GameRng::new(5);
            let mut played = 0;
            for stop in [0, 30, 150] {
                while played < stop && !g.status().is_finished() {
                    let seat = g.status().acting()[0];
                    g.play_random(seat, &mut pick).expect("legal");
                    played += 1;
                }
                if !g.status().is_finished() {
                    out.push((format!("{} {n}p after {played}", kind.id()), g.box_clone()));
                }
            }
        }
    }
    out
}

fn budget() -> Budget {
    Budget::playouts_only(40)
}

/// The secrecy test: the decision with a fixed seed is identical when any holder the
/// deciding seat may not see has its hidden information scrambled (non-interference
/// applied to decisions), for every game and player count.
#[test]
fn a_decision_is_the_same_whatever_another_holder_hides() {
    for (name, g) in positions() {
        let me = g.status().acting()[0];
        for level in [Level::Easy, Level::Normal] {
            let want = decide(&*g, me, level, budget(), 9).expect("acting");
            let seats = g.kind().max_players();
            let others = (0..seats)
                .filter(|&s| s != me)
                .map(Holder::Seat)
                .chain([Holder::Nobody]);
            for holder in others {
                for salt in [1, 2] {
                    let scrambled = g.scrambled(holder, salt);
                    let got = decide(&*scrambled, me, level, budget(), 9).expect("acting");
                    assert_eq!(got, want, "{name}, {level}, {holder:?} scrambled ({salt})");
                }
            }
        }
    }
}

#[test]
fn a_decision_is_one_of_the_seats_legal_steps_and_repeats_with_its_seed() {
    for (name, g) in positions() {
        let me = g.status().acting()[0];
        let legal = g.choices(me);
        for level in Level::ALL {
            let d = decide(&*g, me, level, budget(), 3).expect("acting");
            assert!(legal.contains(&d.step), "{name}: {} is not legal", d.step);
            assert_eq!(d.choices.len(), legal.len(), "{name}");
            assert_eq!(decide(&*g, me, level, budget(), 3), Some(d), "{name}");
        }
    }
}

#[test]
fn a_seat_that_does_not_act_gets_no_decision() {
    let (_, g) = positions().remove(0);
    let acting = g.status().acting().to_vec();
    let idle = (0..g.kind().max_players())
        .find(|s| !acting.contains(s))
        .expect("a seat waits");
    assert_eq!(decide(&*g, idle, Level::Normal, budget(), 1), None);
    assert_eq!(random_step(&*g, idle, 1), None);
}

#[test]
fn a_search_spends_its_playouts_on_the_legal_steps() {
    let (name, g) = positions()
        .into_iter()
        .find(|(_, g)| g.choices(g.status().acting()[0]).len() > 1)
        .expect("a position with a choice");
    let me = g.status().acting()[0];
    let d = decide(&*g, me, Level::Normal, Budget::playouts_only(200), 4).expect("acting");
    assert_eq!(d.playouts, 200, "{name}");
    let visits: u32 = d.choices.iter().map(|(_, v)| v).sum();
    assert_eq!(
        visits, 200,
        "{name}: every iteration starts with one of my steps"
    );
    let most = d.choices.iter().map(|(_, v)| *v).max().unwrap_or(0);
    let chosen = d
        .choices
        .iter()
        .find(|(s, _)| *s == d.step)
        .map(|(_, v)| *v);
    assert_eq!(
        chosen,
        Some(most),
        "{name}: the most visited step is chosen"
    );
}

#[test]
fn a_forced_step_is_taken_without_searching() {
    let g = positions()
        .into_iter()
        .map(|(_, g)| g)
        .find(|g| g.choices(g.status().acting()[0]).len() == 1);
    if let Some(g) = g {
        let me = g.status().acting()[0];
        let d = decide(&*g, me, Level::Strong, budget(), 1).expect("acting");
        assert_eq!(d.playouts, 0);
        assert_eq!(vec![d.step], g.choices(me));
    }
}

/// Normal's search starts from easy's judgement (the prior at the root): in every position
/// of every game where one step leads clearly ahead of the others by the outlook, one step
/// ahead, and no step reveals or draws anything (so every determinisation sees the same),
/// normal on a single playout takes that step, as easy would, where without the prior it
/// would try one step at random.
#[test]
fn normal_on_few_playouts_takes_the_step_clearly_best_one_step_ahead() {
    let mut checked = 0;
    for (name, g) in positions() {
        let me = g.status().acting()[0];
        let count = g.choices(me).len();
        let leads: Option<Vec<f64>> = (0..count)
            .map(|i| {
                let mut after = g.box_clone();
                let applied = after.play_choice(me, i)?;
                (!applied.irreversible).then(|| greedy::lead(&*after, me))
            })
            .collect();
        let Some(leads) = leads.filter(|l| l.len() > 2) else {
            continue;
        };
        let best = (0..count)
            .max_by(|&a, &b| leads[a].total_cmp(&leads[b]))
            .expect("steps");
        let runner_up = (0..count)
            .filter(|&i| i != best)
            .map(|i| leads[i])
            .fold(f64::MIN, f64::max);
        if leads[best] < runner_up + 1.0 {
            continue;
        }
        let want = g.choices(me)[best].clone();
        for seed in [1, 2, 3] {
            let d = decide(&*g, me, Level::Normal, Budget::playouts_only(1), seed);
            assert_eq!(d.map(|d| d.step), Some(want.clone()), "{name}, seed {seed}");
        }
        checked += 1;
    }
    assert!(
        checked >= 3,
        "only {checked} positions with a clear best step"
    );
}

#[test]
fn levels_read_back_from_their_names_and_refuse_others() {
    for level in Level::ALL {
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert_eq!(" Strong ".parse::<Level>(), Ok(Level::Strong));
    let e = "hard".parse::<Level>().unwrap_err();
    assert_eq!(
        e.to_string(),
        "`hard` is not a Sherpa level; the levels are easy, normal and strong"
    );
}

#[test]
fn rewards_share_the_seats_beaten_and_ties_count_half() {
    assert_eq!(rank_shares(&[3.0, 1.0, 3.0]), vec![0.75, 0.0, 0.75]);
    assert_eq!(rank_shares(&[2.0, 1.0]), vec![1.0, 0.0]);
    assert_eq!(hint_rewards(&[], 3), vec![0.5; 3]);
    let r = hint_rewards(&[10.0, 0.0, 5.0], 3);
    assert_eq!(r, vec![1.0, 0.0, 0.375 + 0.125]);
}

#[test]
fn a_scaled_budget_keeps_the_levels_ratio_and_never_reaches_zero() {
    let normal = Level::Normal.budget().scaled(0.05);
    let strong = Level::Strong.budget().scaled(0.05);
    assert_eq!(
        normal,
        Budget {
            playouts: 150,
            millis: Some(20)
        }
    );
    assert_eq!(
        strong,
        Budget {
            playouts: 1_000,
            millis: Some(125)
        }
    );
    let tiny = Level::Normal.budget().scaled(1e-9);
    assert_eq!(
        tiny,
        Budget {
            playouts: 1,
            millis: Some(1)
        }
    );
    assert_eq!(Level::Easy.budget().scaled(0.5), Level::Easy.budget());
    assert_eq!(Level::Strong.budget().scaled(1.0), Level::Strong.budget());
}

/// Liveness, engine-wide (`engine::conformance::check_liveness`): in games of every kind
/// and player count played to the end by random players, and by Sherpa's easy players
/// (each deciding within its turn as the bot has it decide, never stepping back),
/// every seat the status names as acting always has a legal step (a stuck game is a bug of
/// the engine's contract, whatever game it is in).
#[test]
fn every_game_runs_to_its_end_with_a_step_for_every_seat_named_as_acting() {
    use crate::engine::conformance::check_liveness;
    const RANDOM_GAMES: u64 = 6;
    const STEP_CAP: usize = 40_000;
    for kind in Registry::builtin().all() {
        for n in kind.min_players()..=kind.max_players() {
            let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
            for k in 0..RANDOM_GAMES {
                let seed = 1000 + 17 * k + n as u64;
                let mut g = kind
                    .setup(&names, &Default::default(), seed)
                    .expect("setup");
                let mut pick = GameRng::new(seed);
                let mut chooser = GameRng::new(seed ^ 0xc0ffee);
                check_liveness(&mut *g, STEP_CAP, &mut pick, |_, _, c| {
                    chooser.below(c.len())
                });
            }
            let seed = 7 + n as u64;
            let mut g = kind
                .setup(&names, &Default::default(), seed)
                .expect("setup");
            let mut pick = GameRng::new(seed);
            let mut turn = 0u64;
            let mut keys = TurnKeys::new();
            check_liveness(&mut *g, STEP_CAP, &mut pick, |g, seat, choices| {
                turn += 1;
                keys.before(g, seat);
                let d = decide_in_turn(g, seat, Level::Easy, budget(), turn, keys.seen())
                    .expect("an acting seat");
                choices
                    .iter()
                    .position(|c| *c == d.step)
                    .expect("Sherpa plays a legal step")
            });
        }
    }
}

/// The key of `seat`'s view after its `index`-th legal step in `g`, if the step is one a
/// player could take back (it neither reveals nor draws).
fn key_after(g: &dyn AnyGame, seat: Seat, index: usize) -> Option<u64> {
    let mut after = g.box_clone();
    let applied = after.play_choice(seat, index)?;
    (!applied.irreversible).then(|| after.position_key(seat))
}

/// Issue #53: in Nepal, a move there and back (`move Bajhang Achham`, then `move Achham
/// Bajhang`) brings the seat's view back to the turn's start, whatever the actions left
/// say; Sherpa never plays the way back, at any level.
#[test]
fn nepal_a_move_there_and_back_is_never_chosen() {
    let mut checked = 0;
    for (name, g) in positions()
        .into_iter()
        .filter(|(n, _)| n.starts_with("nepal"))
    {
        let me = g.status().acting()[0];
        for there in g.choices(me).into_iter().filter(|c| c.starts_with("move ")) {
            let words: Vec<&str> = there.split_whitespace().collect();
            let [_, from, to] = words[..] else { continue };
            let back = format!("move {to} {from}");
            let mut turn = TurnKeys::new();
            let mut h = g.box_clone();
            turn.before(&*h, me);
            let start = h.position_key(me);
            let (_, applied) = h.play(me, &there).expect("legal");
            if applied.turn_ended || !h.choices(me).contains(&back) {
                continue;
            }
            turn.after(&*h, me, false);
            let mut undone = h.box_clone();
            undone.play(me, &back).expect("legal");
            assert_eq!(
                undone.position_key(me),
                start,
                "{name}: `{there}` then `{back}` is where the turn started"
            );
            for level in [Level::Easy, Level::Normal] {
                for seed in 0..3 {
                    let d = decide_in_turn(&*h, me, level, budget(), seed, turn.seen())
                        .expect("acting");
                    assert_ne!(d.step, back, "{name}, {level}: `{there}` then `{back}`");
                }
            }
            checked += 1;
            if checked >= 6 {
                return;
            }
        }
    }
    assert!(checked > 0, "no Nepal position with a move there and back");
}

/// The filter bites in every game: with the position of the step a level would choose
/// counted as seen this turn, it chooses a step that leads elsewhere.
#[test]
fn a_step_back_to_a_position_seen_this_turn_is_never_chosen_in_any_game() {
    for kind in Registry::builtin().all() {
        let mut checked = 0;
        for (name, g) in positions()
            .into_iter()
            .filter(|(n, _)| n.starts_with(&format!("{} ", kind.id())))
        {
            let me = g.status().acting()[0];
            let legal = g.choices(me);
            let keys: Vec<Option<u64>> = (0..legal.len()).map(|i| key_after(&*g, me, i)).collect();
            for level in [Level::Easy, Level::Normal] {
                let first = decide(&*g, me, level, budget(), 11).expect("acting");
                let i = legal.iter().position(|s| *s == first.step).expect("legal");
                let Some(seen) = keys[i] else { continue };
                if keys.iter().all(|k| *k == Some(seen)) {
                    continue;
                }
                let again = decide_in_turn(&*g, me, level, budget(), 11, &[seen]).expect("acting");
                let j = legal.iter().position(|s| *s == again.step).expect("legal");
                assert_ne!(
                    keys[j],
                    Some(seen),
                    "{name}, {level}: `{}` leads back to a position seen this turn",
                    again.step
                );
                checked += 1;
            }
        }
        assert!(
            checked > 0,
            "{}: no position to try the filter on",
            kind.id()
        );
    }
}

/// When every step leads back to a position seen this turn, one is still chosen.
#[test]
fn a_seat_whose_every_step_leads_back_still_gets_a_step() {
    let (name, g) = positions()
        .into_iter()
        .find(|(_, g)| g.choices(g.status().acting()[0]).len() > 1)
        .expect("a position with a choice");
    let me = g.status().acting()[0];
    let seen: Vec<u64> = (0..g.choices(me).len())
        .filter_map(|i| key_after(&*g, me, i))
        .collect();
    for level in Level::ALL {
        let d = decide_in_turn(&*g, me, level, budget(), 2, &seen);
        assert!(d.is_some(), "{name}, {level}");
    }
}

/// Issue #53, Nippon: a local market's `tile` step (the tile chosen, its city not yet)
/// leaves the view as it was, so only the position key tells the positions apart. In
/// positions of Nippon games reached by real steps, the turn's keys kept as the arena keeps
/// them, neither level chooses a step back to a position of the turn where a tile is to
/// be chosen (before the key held the turn's stage, every `tile` step was one).
#[test]
fn nippon_choosing_a_local_market_tile_is_not_a_step_back() {
    let kind = Registry::builtin().get("nippon").expect("nippon");
    let names: Vec<String> = (0..3).map(|i| format!("p{i}")).collect();
    let mut checked = 0;
    for seed in 0..20 {
        let mut g = kind
            .setup(&names, &Default::default(), seed)
            .expect("setup");
        let mut pick = GameRng::new(seed);
        let mut turn = TurnKeys::new();
        while let Status::Acting(acting) = g.status() {
            let me = acting[0];
            turn.before(&*g, me);
            let choices = g.choices(me);
            if choices.len() > 1 && choices.iter().any(|c| c.starts_with("tile ")) {
                for level in [Level::Easy, Level::Normal] {
                    let d = decide_in_turn(&*g, me, level, budget(), seed, turn.seen())
                        .expect("acting");
                    let i = choices.iter().position(|c| *c == d.step).expect("legal");
                    if let Some(key) = key_after(&*g, me, i) {
                        assert!(
                            !turn.seen().contains(&key),
                            "seed {seed}, {level}: `{}` leads back to a position of the turn \
                             (choices {choices:?})",
                            d.step
                        );
                    }
                }
                checked += 1;
                if checked >= 6 {
                    return;
                }
            }
            let applied = g.play_choice(me, pick.below(choices.len())).expect("legal");
            turn.after(&*g, me, applied.turn_ended);
        }
    }
    assert!(
        checked > 0,
        "no Nippon position with a local market tile to choose"
    );
}

/// The playouts' draw (`AnyGame::play_sampled`) plays only legal steps, and every legal
/// step in time: in positions of every game, the states it reaches over many draws are
/// exactly the states the legal steps lead to.
#[test]
fn a_sampled_playout_step_is_a_legal_step_and_every_one_comes_up() {
    for (name, g) in positions() {
        let me = g.status().acting()[0];
        let count = g.choices(me).len();
        let legal: Vec<Vec<u8>> = (0..count)
            .map(|i| {
                let mut h = g.box_clone();
                h.play_choice(me, i).expect("legal");
                h.snapshot()
            })
            .collect();
        let mut seen = vec![false; count];
        let mut pick = GameRng::new(17);
        for _ in 0..(30 * count).max(60) {
            let mut h = g.box_clone();
            h.play_sampled(me, &mut pick).expect("a legal step");
            let i = legal.iter().position(|s| *s == h.snapshot());
            let i = i.unwrap_or_else(|| panic!("{name}: a sampled step no legal step gives"));
            seen[i] = true;
        }
        let missed: Vec<String> = (0..count)
            .filter(|&i| !seen[i])
            .map(|i| g.choices(me)[i].clone())
            .collect();
        assert!(missed.is_empty(), "{name}: never drawn: {missed:?}");
    }
}

/// Easy judges a Himalaya program by what it would do when carried out (the seat's
/// outlook, [`crate::engine::Game::outlook`]): at the start of a program, where a deal
/// first would take a good (or fill an order), planning it leads resting by more than
/// twice easy's noise, and easy plans it, though by the hint alone (nothing public changes
/// while programming) the two look alike.
#[test]
fn himalaya_easy_plans_a_deal_where_its_caravan_would_trade() {
    let kind = Registry::builtin().get("himalaya").expect("himalaya");
    let names: Vec<String> = (0..3).map(|i| format!("p{i}")).collect();
    let mut found = 0;
    for seed in 1..12 {
        let mut g = kind
            .setup(&names, &Default::default(), seed)
            .expect("setup");
        let mut pick = GameRng::new(seed);
        while found < 3 && !g.status().is_finished() {
            let me = g.status().acting()[0];
            let legal = g.choices(me);
            let fresh = |s: &str| legal.iter().any(|l| l == s);
            if fresh("plan deal") && !fresh("unplan") {
                let after = |step: &str| {
                    let mut a = g.box_clone();
                    a.play(me, step).expect("legal");
                    a
                };
                let (deal, rest) = (after("plan deal"), after("plan rest"));
                assert_eq!(deal.hint(), rest.hint(), "seed {seed}");
                if deal.outlook(me)[me] > rest.outlook(me)[me] + 2.0 * greedy::NOISE {
                    for s in 1..4 {
                        let d = decide(&*g, me, Level::Easy, budget(), s).expect("acting");
                        assert_eq!(d.step, "plan deal", "seed {seed}, decision seed {s}");
                    }
                    found += 1;
                }
            }
            g.play_random(me, &mut pick).expect("legal");
        }
        if found >= 3 {
            break;
        }
    }
    assert!(
        found >= 3,
        "only {found} program starts where a first deal would trade"
    );
}
