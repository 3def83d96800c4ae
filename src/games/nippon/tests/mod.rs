//! Nippon tests, named after the clause ids of `../shared/clauses/nippon.md`. A test starts
//! from a [`position`] fixture reached by real steps: a fresh game of a seed where purple
//! plays first ([`fresh`]), a seed picked for the workers it draws into the slots, a line
//! of play ([`purple_takes`]), or a position far into a game reached by steered play
//! ([`steered`]: every seat plays a step a preference such as [`rush`], [`reward_hungry`],
//! [`industry`] or [`keep_blueprints`] ranks highest, until a condition holds, the first
//! line of 300 that reaches it); an action is begun by a real `take` and `do` ([`begin`]).
//! Where a position is out of reach the test sets the state directly (`give_factory`:
//! this module is inside the game), each write under a `// why:` comment that says what
//! a search of steered play measured. Steps are played through the notation, as a
//! player types them, with the engine's shared harness (`crate::engine::testing`):
//! `play_now` and `rejected_now` act for `current`.
//!
//! One file per rulebook part, mirroring `rules/`; the shared helpers, the conformance
//! suite and the tests of the board file, the log, the labels and the topics are here.

mod consolidate;
mod export;
mod factories;
mod knowledge;
mod market;
mod scoring;
mod setup;
mod transport;
mod turn;
mod workers;

use super::*;
use crate::engine::conformance::{run, Suite};
use crate::engine::testing::{
    assert_nobody_scramble_changes_only, first_acting, legal, play, play_all, play_now,
    refused_step, rejected_now, said, steered_play_until,
};
use crate::engine::{setup_checked, GameRng, Options};
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

/// The position a fixture reaches by real steps, typed as the players type them (see
/// [`crate::engine::testing::position`]).
fn position(fixture: &str) -> Nippon {
    crate::engine::testing::position(&data(), fixture)
}

/// Seed 11 with two players: purple plays first, and the slots hold the workers 1 black
/// orange brown, 2 green brown black, 3 black orange white, 4 pink pink black, 5 white brown
/// green; each player has 12,000 yen.
const TWO_SEED_11: &str = "players purple blue\nseed 11";

/// The seed of a fresh game, by player count (2, 3, 4), where purple (seat 0) plays first.
/// Seed 11 (2 players): see [`TWO_SEED_11`]. Seed 3 (3 players): the slots hold 1 white
/// black brown, 2 brown green black, 3 pink white green, 4 orange green orange, 5 pink
/// orange orange. Seed 0 (4 players): 1 orange black brown, 2 white pink black, 3 orange
/// pink orange, 4 pink white brown, 5 white white white.
const SEAT_0_FIRST: [u64; 3] = [11, 3, 0];

/// Seed 11, two players: purple takes slot 2's workers one after the other (each time
/// `do coal; up 1` for 1,000 yen), blue consolidating in between; an emptied slot 2 takes
/// the top row. After `k` takes (at most 6) purple holds the workers black, brown, green,
/// brown, white, green (the first `k`), and plays next.
fn purple_takes(k: usize) -> Nippon {
    let colours = ["black", "brown", "green", "brown", "white", "green"];
    position(&format!("{TWO_SEED_11}{}", coal_takes(&colours[..k])))
}

/// [`purple_takes`]`(5)`, then slot 4's pink for a train (5,000 yen, the action ends with
/// 2,000 left): purple holds six workers of five colours (black, brown, green, brown,
/// white, pink) and plays next.
fn five_colours() -> Nippon {
    let takes = coal_takes(&["black", "brown", "green", "brown", "white"]);
    position(&format!(
        "{TWO_SEED_11}{takes}
         purple: take 4 pink
         purple: do trains
         purple: train hokkaido
         blue: consolidate"
    ))
}

/// Fixture lines: for each colour purple takes that worker from slot 2 and moves coal up 1
/// (1,000 yen), then blue consolidates.
fn coal_takes(colours: &[&str]) -> String {
    colours
        .iter()
        .map(|c| format!("\npurple: take 2 {c}\npurple: do coal\npurple: up 1\nblue: consolidate"))
        .collect()
}

/// Seed 11: purple raises knowledge by each of `ups` in turn (at most 3 moves), on slot 2's
/// black, brown and green workers (1,000, 3,000 or 6,000 yen a move), blue consolidating
/// in between: purple plays next with 12,000 yen less those costs.
fn knowledge_ups(ups: &[u8]) -> Nippon {
    let mut f = TWO_SEED_11.to_string();
    for (c, k) in ["black", "brown", "green"].iter().zip(ups) {
        f += &format!(
            "\npurple: take 2 {c}\npurple: do knowledge\npurple: up {k}\nblue: consolidate"
        );
    }
    position(&f)
}

/// Seed 11: purple builds a silk factory with slot 1's black worker (6,000 yen; the one
/// blueprint she starts with covers the knowledge short; its synergy gives 2 coal), blue
/// consolidates: purple plays next with an empty silk factory, 6,000 yen, 4 coal and no
/// blueprint.
const SILK_BUILT: &str = "players purple blue
    seed 11
    purple: take 1 black
    purple: do factory
    purple: build silk
    blue: consolidate";

/// [`SILK_BUILT`], then purple takes slot 2's black and brown workers (coal up 1 each),
/// and consolidates with 3 workers for a 5,000-yen reward tile (on the money space):
/// 12,000 + 5,000 - 6,000 for two colours. Purple plays next with an empty silk factory,
/// 11,000 yen and no blueprint (so no factory action is open).
fn silk_and_11_000_yen() -> String {
    format!(
        "{SILK_BUILT}{}
         purple: consolidate
         purple: reward 2 yen
         purple: space money
         blue: consolidate",
        coal_takes(&["black", "brown"])
    )
}

/// [`silk_and_11_000_yen`], then purple improves silk twice with slot 1's orange worker
/// (10,000 yen) and consolidates for the yen: purple plays next with silk at +2, a budget
/// of 12,000 yen less the workers and no blueprint.
fn silk_at_plus_two() -> Nippon {
    let g = position(&format!(
        "{}
         purple: take 1 orange
         purple: do machinery
         purple: improve silk
         purple: improve silk
         blue: consolidate
         purple: consolidate
         blue: consolidate",
        silk_and_11_000_yen()
    ));
    assert_eq!(g.players[0].factories[0].unwrap().machine, 2);
    g
}

/// [`SILK_BUILT`], then purple runs silk three times with slot 3's black, orange and white
/// workers (2 coal a run; a consolidation for the budget's 2 coal before the 2nd and 3rd),
/// blue consolidating in between: purple plays next with 3 silk, 9,000 yen and no coal.
fn silk_with_three_goods() -> Nippon {
    let mut f = SILK_BUILT.to_string();
    for (i, c) in ["black", "orange", "white"].iter().enumerate() {
        if i > 0 {
            f += "\npurple: consolidate\nblue: consolidate";
        }
        f += &format!(
            "\npurple: take 3 {c}\npurple: do produce\npurple: run silk\nblue: consolidate"
        );
    }
    position(&f)
}

/// A fresh game of `n` players with purple (seat 0) to play first.
fn fresh(d: &NipponData, n: usize) -> Nippon {
    crate::engine::testing::position(
        d,
        &format!(
            "players {}\nseed {}",
            names(n).join(" "),
            SEAT_0_FIRST[n - 2]
        ),
    )
}

/// A steering preference: the rank of step `t` by the first of `order`'s prefixes it starts
/// with, the first ranking highest; a step matching none ranks lowest (0).
fn by(order: &[&str], t: &str) -> i32 {
    order
        .iter()
        .position(|p| t.starts_with(p))
        .map_or(0, |i| (order.len() - i) as i32)
}

/// A fresh game of `n` players ([`fresh`]) played on by steered play
/// ([`steered_play_until`]): each seat plays a step `prefer` ranks highest, at random among
/// equals, until `stop` holds before a step. The picks' seed is the first from 1 whose line
/// reaches `stop` (a search among lines of real play, a few ms a game); panics if none of
/// 300 does, so a change of rules that makes the position unreachable fails loudly.
fn steered(
    n: usize,
    prefer: impl Fn(&Nippon, Seat, &str) -> i32,
    stop: impl Fn(&Nippon) -> bool,
) -> Nippon {
    let d = data();
    for seed in 1..=300 {
        let mut g = fresh(&d, n);
        if steered_play_until(&mut g, &d, 3_000, &mut GameRng::new(seed), &prefer, &stop) {
            return g;
        }
    }
    panic!("no steered line of 300 reaches the position");
}

/// Play `g` on by steered play (picks seeded 1) until `stop` holds; panics if the game ends
/// first.
fn steer_on(
    g: &mut Nippon,
    prefer: impl Fn(&Nippon, Seat, &str) -> i32,
    stop: impl Fn(&Nippon) -> bool,
) {
    let d = data();
    let reached = steered_play_until(g, &d, 3_000, &mut GameRng::new(1), prefer, stop);
    assert!(reached, "the line played on reaches its position");
}

/// Steering that empties the reward stacks: a seat consolidates as soon as a reward tile is
/// in its reach (or, with none left, a multiplier tile) and takes the highest it may;
/// otherwise it takes workers (consolidating only with 6 workers or nothing else to do).
/// Blueprints are kept (`done` before `blueprints`).
fn reward_hungry(d: &NipponData) -> impl Fn(&Nippon, Seat, &str) -> i32 + '_ {
    move |g, s, t| {
        if t == "consolidate" {
            let multiplier = g.rewards.iter().all(|&n| n == 0)
                && g.multipliers > 0
                && g.has_empty_space(s)
                && g.players[s].workers.len() >= 3;
            return if in_reach(g, d, s) || multiplier {
                20
            } else {
                0
            };
        }
        if let Some(m) = t.strip_prefix("reward ") {
            return 10 + m[..1].parse::<i32>().unwrap_or(0);
        }
        by(
            &[
                "take", "do", "up", "build", "run", "train", "ship", "space", "done",
            ],
            t,
        )
    }
}

/// Could `seat` take a reward tile by consolidating now (one is left at its level)?
fn in_reach(g: &Nippon, d: &NipponData, seat: Seat) -> bool {
    let level = g.reward_level(d, seat);
    d.rewards
        .iter()
        .zip(&g.rewards)
        .any(|(r, &n)| n > 0 && r.multiplier <= level)
}

/// The seat to play is at the start of its turn holding `workers` workers (a count in the
/// range) and fewer than 3 blueprints (so its consolidation ends its turn).
fn starts_holding(g: &Nippon, workers: std::ops::RangeInclusive<usize>) -> bool {
    let p = &g.players[g.current];
    g.stage == Stage::Start && workers.contains(&p.workers.len()) && p.blueprints < 3
}

/// Steering that moves the game on fast: take a worker whenever one can be taken, consolidate
/// only when nothing else is possible, and end a turn with `done` rather than spend.
fn rush(_: &Nippon, _: Seat, t: &str) -> i32 {
    match t {
        "consolidate" => 0,
        "done" => 1,
        _ if t.starts_with("take") => 3,
        _ => 2,
    }
}

/// Steering that gathers blueprints: reward tiles of blueprints first, consolidating with
/// 3 workers or more; blueprints are never spent (`done` first).
fn keep_blueprints(g: &Nippon, s: Seat, t: &str) -> i32 {
    if t.starts_with("blueprints") {
        return -1;
    }
    if t.starts_with("reward") && t.ends_with("blueprints") {
        return 9;
    }
    if t == "consolidate" {
        return if g.players[s].workers.len() >= 3 {
            8
        } else {
            0
        };
    }
    by(&["done", "take"], t) + 1
}

/// Four players steered to empty the reward stacks ([`reward_hungry`]) until only 5x reward
/// tiles are left and the seat to play holds 3 to 5 workers: none is in its reach.
fn only_fives_left() -> Nippon {
    let d = data();
    let g = steered(4, reward_hungry(&d), |g| {
        let low_gone =
            (0..d.rewards.len()).all(|i| d.rewards[i].multiplier == 5 || g.rewards[i] == 0);
        low_gone && g.rewards.iter().any(|&n| n > 0) && starts_holding(g, 3..=5)
    });
    assert!(!in_reach(&g, &d, g.current));
    g
}

/// Four players steered to empty the reward stacks ([`reward_hungry`]) until none is left
/// and the seat to play holds a count of `workers` (and fewer than 3 blueprints), where
/// `extra` holds too.
fn rewards_gone(
    workers: std::ops::RangeInclusive<usize>,
    extra: impl Fn(&Nippon) -> bool,
) -> Nippon {
    let d = data();
    let g = steered(4, reward_hungry(&d), |g| {
        g.rewards.iter().all(|&n| n == 0) && starts_holding(g, workers.clone()) && extra(g)
    });
    assert!(g.rewards.iter().all(|&n| n == 0));
    g
}

/// Four players steered to empty the reward stacks ([`reward_hungry`]) until one reward tile
/// is left, in the reach of the seat to play, whose achievement spaces are all covered;
/// multiplier tiles are left.
fn last_reward_to_a_full_board() -> Nippon {
    let d = data();
    let g = steered(4, reward_hungry(&d), |g| {
        g.rewards.iter().sum::<u32>() == 1
            && starts_holding(g, 3..=6)
            && in_reach(g, &d, g.current)
            && !g.has_empty_space(g.current)
            && g.multipliers > 0
    });
    assert_eq!(g.rewards.iter().sum::<u32>(), 1);
    g
}

/// Purple steered towards a clocks factory (knowledge moves and factory actions first,
/// never `build clocks` nor a blueprint spent; blue consolidates) until she is in a factory
/// action where `build clocks` is legal, holding `blueprints` and `short` knowledge levels
/// short of clocks (each short level costs a blueprint).
fn about_to_build_clocks(blueprints: u32, short: u32) -> Nippon {
    let d = data();
    let clocks = gi(&d, "clocks");
    about_to_build("clocks", |g| {
        g.players[0].blueprints == blueprints && g.shortfall(&d, 0, clocks) == short
    })
}

/// Purple steered as for [`about_to_build_clocks`] (never building `good`) until she is in
/// a factory action where `build <good>` is legal and `also` holds.
fn about_to_build(good: &str, also: impl Fn(&Nippon) -> bool) -> Nippon {
    let d = data();
    let f = gi(&d, good);
    let build = format!("build {good}");
    let prefer = |_: &Nippon, s: Seat, t: &str| {
        if t == build || t.starts_with("blueprints") {
            -1
        } else if s == 0 {
            by(
                &["do knowledge", "up 3", "up 2", "do factory", "take", "done"],
                t,
            )
        } else {
            by(&["consolidate"], t)
        }
    };
    let g = steered(2, prefer, |g| {
        g.current == 0
            && g.stage == Stage::Factory
            && also(g)
            && g.check(&d, 0, &Step::Build(f as u8)).is_ok()
    });
    assert!(g.players[0].factories[f].is_none());
    g
}

/// [`about_to_build_clocks`]`(1, 0)` with purple's knowledge at its top slot.
fn about_to_build_clocks_at_the_knowledge_top() -> Nippon {
    let d = data();
    let clocks = gi(&d, "clocks");
    about_to_build("clocks", |g| {
        let one = g.players[0].blueprints == 1 && g.shortfall(&d, 0, clocks) == 0;
        one && knowledge_at_top(g, &d)
    })
}

/// Is purple's knowledge marker on its track's top slot?
fn knowledge_at_top(g: &Nippon, d: &NipponData) -> bool {
    let k = TrackKind::Knowledge;
    g.players[0].tracks[k.index()] == d.track(k).top()
}

/// Steering towards goods and their use: export, market, produce and factory actions first
/// (paying, placing tiles, running, building), consolidating with 3 workers or more.
fn industry(g: &Nippon, s: Seat, t: &str) -> i32 {
    if t == "consolidate" {
        return if g.players[s].workers.len() >= 3 {
            5
        } else {
            0
        };
    }
    let order = [
        "pay",
        "contract",
        "tile",
        "city",
        "run",
        "build",
        "do export",
        "do market",
        "do produce",
        "do factory",
        "do knowledge",
        "up",
        "take",
    ];
    by(&order, t)
}

/// Is the seat to play at the start of an export action (no contract taken yet)?
fn export_begun(g: &Nippon) -> bool {
    matches!(
        g.stage,
        Stage::Export {
            done: 0,
            open: None
        }
    )
}

/// Is the seat to play at the start of a market action (no tile chosen yet)?
fn market_begun(g: &Nippon) -> bool {
    matches!(
        g.stage,
        Stage::Market(Market {
            placed: 0,
            tile: None,
            ..
        })
    )
}

/// Place tiles greedily in the market action under way, each time the first legal tile with
/// a legal city among those `to` accepts (the first such city; the first tile to remove
/// when asked): how many were placed when the turn passed, no tile fitted or `most` were
/// placed.
fn place_tiles(g: &mut Nippon, d: &NipponData, most: usize, to: impl Fn(usize) -> bool) -> usize {
    let s = g.current;
    let mut placed = 0;
    while placed < most && g.current == s && matches!(g.stage, Stage::Market(_)) {
        let tiles = legal(g, d, s).into_iter().filter(|t| t.starts_with("tile"));
        let next = tiles.into_iter().find_map(|t| {
            let mut h = g.clone();
            play(&mut h, d, s, &t);
            let l = legal(&h, d, s);
            let cities = (0..8)
                .filter(|&c| to(c))
                .map(|c| format!("city {}", d.city_name(c)));
            cities.into_iter().find(|c| l.contains(c)).map(|c| (t, c))
        });
        let Some((tile, city)) = next else {
            break;
        };
        play(g, d, s, &tile);
        play(g, d, s, &city);
        if let Some(r) = legal(g, d, s).into_iter().find(|t| t.starts_with("remove")) {
            play(g, d, s, &r);
        }
        placed += 1;
    }
    placed
}

/// At the start of a market action: a tile the seat to play may choose and a city slot for
/// its good where `want` holds (given the game after the choice, on a copy, the city, the
/// slot's side and the tile's value): the tile, the city and the side.
fn slot_where(
    g: &Nippon,
    d: &NipponData,
    want: impl Fn(&Nippon, usize, usize, u8) -> bool,
) -> Option<(String, usize, usize)> {
    if !market_begun(g) {
        return None;
    }
    let s = g.current;
    let tiles = legal(g, d, s).into_iter().filter(|t| t.starts_with("tile"));
    tiles.into_iter().find_map(|t| {
        let mut h = g.clone();
        play(&mut h, d, s, &t);
        let Stage::Market(Market {
            tile: Some((v, good, _)),
            ..
        }) = h.stage
        else {
            return None;
        };
        (0..8).find_map(|c| {
            let side = h.side_of(d, c, good as usize)?;
            want(&h, c, side, v).then(|| (t.clone(), c, side))
        })
    })
}

/// The seat to play consolidates, and ends its turn/// The seat to play consolidates, and ends its turn: a reward tile and its space when it
/// earns one, `done` when it could spend blueprints (NIP-TURN-3).
fn consolidate_turn(g: &mut Nippon, d: &NipponData) {
    play_now(g, d, "consolidate");
    while g.stage != Stage::Start && g.result.is_none() {
        let s = first_acting(g);
        let step = legal(g, d, s)
            .into_iter()
            .max_by_key(|x| by(&["done", "reward", "space"], x))
            .unwrap();
        play_now(g, d, &step);
    }
}

fn gi(d: &NipponData, name: &str) -> usize {
    d.good(name).expect("a good")
}

/// A factory handed to `seat`; each use says why on its line.
fn give_factory(g: &mut Nippon, d: &NipponData, seat: Seat, good: &str, machine: u8, goods: u8) {
    g.players[seat].factories[gi(d, good)] = Some(Factory { machine, goods });
}

/// The seat to play takes a worker (black if the slot holds one, else the first) from the
/// slot offering `a` and chooses `a`: the real steps `take <slot> <colour>; do <action>`
/// (the `do` is accepted once when the take began the action by itself).
fn begin(g: &mut Nippon, d: &NipponData, a: Action) {
    let slot = d.slots.iter().position(|s| s.contains(&a)).unwrap();
    let colour = if g.slots[slot].contains(&0) {
        d.worker_colours[0].0.clone()
    } else {
        colour_on(g, d, slot + 1)
    };
    let seat = g.current;
    play_all(
        g,
        d,
        seat,
        &format!("take {} {colour}; do {}", slot + 1, a.name()),
    );
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

/// Steps taken, as the chat keeps them for `undo`: the seat, whether the step could be taken
/// back alone, and the state before it.
type Taken = Vec<(Seat, bool, Nippon)>;

/// Play one line of a reproduction as the chat plays a `move`: its steps one after the
/// other, all or nothing (a refused step leaves the game as it was: false). `undo` takes
/// back the seat's own last step when the chat would alone (not past the end of its turn,
/// nor a step that drew at random).
fn replay_line(g: &mut Nippon, d: &NipponData, taken: &mut Taken, seat: Seat, typed: &str) -> bool {
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
        let Ok(Ok(a)) = c.parse_step(d, seat, t).map(|s| c.apply(d, seat, &s)) else {
            return false;
        };
        steps.push((seat, !a.irreversible && !a.turn_ended, before));
    }
    taken.extend(steps);
    *g = c;
    true
}

/// The reproduction `blueprints-coal-stuck.2p-seed31` of issue #47 (ann and bob, seed 31)
/// replayed under rules `version` up to its last line, bob's `blueprints coal`: bob is in a
/// coal action that `take` began by itself (its slot offered no other action he could do),
/// the coal marker one below the top, 4 blueprints. Also the lines refused on the way (a
/// chain the chat refused as a whole).
fn seed31_before_its_last_line(d: &NipponData, version: u32) -> (Nippon, Taken, Vec<&'static str>) {
    let log =
        include_str!("../../../../tests/data/rules_versions/nippon-blueprints-coal-seed31.log");
    let lines: Vec<(Seat, &str)> = log
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (who, typed) = l.split_once(':').expect("`name: steps`");
            (usize::from(who.trim() == "bob"), typed.trim())
        })
        .collect();
    let (last, before) = lines.split_last().expect("lines");
    assert_eq!(*last, (1, "blueprints coal"));
    let names: Vec<String> = ["ann", "bob"].iter().map(|s| s.to_string()).collect();
    let mut g = setup_checked::<Nippon>(d, &names, &Options::new(), 31).expect("setup");
    g.set_rules_version(version);
    let (mut taken, mut refused) = (Vec::new(), Vec::new());
    for (seat, typed) in before {
        if !replay_line(&mut g, d, &mut taken, *seat, typed) {
            refused.push(*typed);
        }
    }
    let coal = g.players[1].tracks[TrackKind::Coal.index()];
    assert_eq!(
        coal + 1,
        d.track(TrackKind::Coal).top(),
        "coal one below the top"
    );
    assert_eq!(
        (g.current, g.begun, g.players[1].blueprints),
        (1, Some(Action::Coal), 4)
    );
    (g, taken, refused)
}

// ---- Scoring track ----

// ---- Local market ----

fn city_with(g: &Nippon, d: &NipponData, region: Option<usize>, good: &str) -> usize {
    (0..8)
        .filter(|&c| region.is_none_or(|r| c / 2 == r))
        .find(|&c| g.side_of(d, c, gi(d, good)).is_some())
        .expect("a city wants it")
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
