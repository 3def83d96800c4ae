//! Himalaya tests, each named after the clause id it checks (`../shared/clauses/himalaya.md`),
//! further ids in a comment above it. Every clause has a test; none is untestable. The
//! ambiguous clauses are tested in the reading that `topics.rs` states.

#![allow(clippy::needless_range_loop)]

use super::*;
use crate::engine::conformance::{assert_non_interference, run_suite};
use crate::engine::testing::{
    assert_nobody_scramble_changes_only, has_clause_id, play, refused_step, said,
    steered_play_until,
};
use crate::engine::Options;
use crate::engine::Rules;

mod board_file;
mod events;
mod inventory;
mod orders;
mod placement;
mod programming;
mod refill;
mod resolution;
mod scoring;
mod setup;
mod suite;
mod turn;
mod views;
mod wording;

fn data() -> HimalayaData {
    parse_board(BOARD).expect("board parses")
}

fn opts(rules: &str) -> Options {
    let mut o = Options::new();
    o.insert("rules".into(), rules.into());
    o
}

fn names(n: usize) -> Vec<String> {
    ["Ann", "Bo", "Cy", "Di"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// The position a fixture reaches by real steps, typed as the players type them (see
/// [`crate::engine::testing::position`]); a `program …` line plays the plan and seal steps
/// it stands for. Rules tests start from one; the few that still use [`placed`] (an emptied
/// board with goods, orders and hands set by hand) say beside it why play cannot reach it.
fn position(fixture: &str) -> Himalaya {
    crate::engine::testing::position(&data(), fixture)
}

/// Three players of the basic game, their caravans on villages 1, 2 and 3 (seed 1): turn 1
/// waits for the programs.
const AT_1_2_3: &str = "players Ann Bo Cy
                        option rules basic
                        Ann: start 1
                        Bo: start 2
                        Cy: start 3";

/// The same on villages 1, 5 and 20.
const AT_1_5_20: &str = "players Ann Bo Cy
                         option rules basic
                         Ann: start 1
                         Bo: start 5
                         Cy: start 20";

/// The advanced game on villages 1, 5 and 20: turn 1 waits for the event markers.
const ADVANCED_AT_1_5_20: &str = "players Ann Bo Cy
                                  option rules advanced
                                  Ann: start 1
                                  Bo: start 5
                                  Cy: start 20";

/// Seed 67 draws, for three players: 1 salt, 1 barley and 3 jade at village 18; salt,
/// barley, tea and 2 gold at 19; one good of each kind at 2; the order "salt tea" (4
/// yacks) at temple 9 and "salt salt" (2 yacks, order 0) at monastery 20; villages 1, 3
/// and 10 hold no goods, 3 and 10 no order either. The same in the advanced game.
const SEED_67: &str = "seed 67";

/// Seed 40 draws, for three players: goods at village 2 (1 salt, 2 barley, 1 tea, 1 jade),
/// 3 (3 barley, 1 jade, 1 gold), 6 (1 salt, 3 barley, 1 jade), 7 (3 salt, 2 barley) and 9
/// (2 salt, 1 tea, 2 gold); the order "salt salt" (2 yacks, order 0) at monastery 10, "salt
/// salt" (order 1) at 4, "salt tea" (order 4) at 8 and two more at 1 and 14. The same in the
/// advanced game. Villages 2 and 9 are joined by dirt, 2 and 3 by ice, 3 and 10 by stone.
const SEED_40: &str = "seed 40";

/// Seed 40 (see [`SEED_40`]): Ann, starting at 9, takes the salt of 9 and of 2 and fills
/// the order "salt salt" at monastery 10 with her last action; the game waits for her
/// choice of rewards.
const ANN_FILLS_AT_10: &str = "players Ann Bo Cy
                               seed 40
                               option rules basic
                               Ann: start 9
                               Bo: start 1
                               Cy: start 20
                               Bo: program rest rest rest rest rest rest
                               Cy: program rest rest rest rest rest rest
                               Ann: program deal dirt deal ice stone deal";

/// Set up, empty the board back into the bags, and place caravans at `starts` (village
/// numbers, seat order). The game then waits in turn 1. Only for the positions play cannot
/// reach in a fixture's steps (each use says why).
fn placed(d: &HimalayaData, rules: &str, starts: &[usize]) -> Himalaya {
    let mut g = crate::engine::setup_checked::<Himalaya>(d, &names(starts.len()), &opts(rules), 42)
        .unwrap();
    // why: each caller's position is one play cannot reach in a fixture's steps, and says
    // why at its call.
    for v in 0..VILLAGES {
        for i in 0..5 {
            g.goods_bag[i] += g.village_goods[v][i] as u32;
        }
        g.village_goods[v] = [0; 5];
        if let Some(o) = g.village_order[v].take() {
            g.orders_bag.push(o);
        }
    }
    for (s, &v) in starts.iter().enumerate() {
        play(&mut g, d, s, &format!("start {v}"));
    }
    assert_eq!(g.turn, 1);
    g
}

fn put_order(g: &mut Himalaya, village: usize, order: usize) {
    // why: a chosen order in a village; each caller says why at its call.
    g.orders_bag.retain(|&o| o != order);
    g.village_order[village - 1] = Some(order);
}

fn give(g: &mut Himalaya, seat: Seat, goods: [u8; 5]) {
    // why: chosen goods in a hand; each caller says why at its call.
    for i in 0..5 {
        g.goods_bag[i] -= goods[i] as u32;
        g.hands[seat][i] += goods[i];
    }
}

/// Program every seat through the `program` command; the last seal reveals.
fn program_all(g: &mut Himalaya, d: &HimalayaData, programs: &[&str]) {
    for (s, p) in programs.iter().enumerate() {
        for t in g
            .expand(d, s, &format!("program {p}"))
            .expect("program expands")
        {
            play(g, d, s, &t);
        }
    }
}

const REST: &str = "rest rest rest rest rest rest";

fn v(g: &Himalaya, seat: Seat) -> usize {
    g.caravans[seat].unwrap() + 1
}
