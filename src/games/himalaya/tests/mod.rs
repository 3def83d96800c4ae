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
/// it stands for. Rules tests start from one, or from a line of real play steered to a position
/// many turns in ([`trader`], [`first_step`]).
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

/// Where `seat`'s caravan will stand after the moves it has planned so far this turn
/// (events aside), and the villages where it plans to deal before that.
fn planned_walk(g: &Himalaya, d: &HimalayaData, seat: Seat) -> (usize, Vec<usize>) {
    let mut at = g.caravans[seat].unwrap_or(0);
    let mut dealt = Vec::new();
    for a in &g.plans[seat] {
        match *a {
            Action::Move(kind) => {
                if let Some((_, to)) = d.path_from(at, kind) {
                    at = to;
                }
            }
            Action::Deal => dealt.push(at),
            Action::Rest => {}
        }
    }
    (at, dealt)
}

/// A steering for whole games of real play ([`steered_play_until`]): each caravan plans
/// its six actions to trade, dealing where it will stand when that village holds goods it
/// has not planned to take yet or an order its hand pays, else moving along a path to such
/// a village, else along any path. Every other step (a start, a seal, a reward, an event)
/// ranks 1, all alike; taking a plan or a seal back ranks lowest.
fn trader(g: &Himalaya, d: &HimalayaData, seat: Seat, text: &str) -> i32 {
    walker(g, d, seat, text, true)
}

/// [`trader`] that goes only for goods, never for an order (it still fills one when it
/// deals where an order waits and its hand pays): hands grow and the goods bag empties.
fn hoarder(g: &Himalaya, d: &HimalayaData, seat: Seat, text: &str) -> i32 {
    walker(g, d, seat, text, false)
}

fn walker(g: &Himalaya, d: &HimalayaData, seat: Seat, text: &str, orders: bool) -> i32 {
    let Some(word) = text.strip_prefix("plan ") else {
        return if text.starts_with("un") { -1 } else { 1 };
    };
    let (at, dealt) = planned_walk(g, d, seat);
    let worth = |v: usize| {
        let pays = |o: usize| {
            let needs = d.orders[o].needs();
            orders && (0..5).all(|i| g.hands[seat][i] >= needs[i])
        };
        (g.has_goods(v) && !dealt.contains(&v)) || g.village_order[v].is_some_and(pays)
    };
    match Action::ALL.into_iter().find(|a| a.name() == word) {
        Some(Action::Deal) if worth(at) => 4,
        Some(Action::Move(kind)) => match d.path_from(at, kind) {
            Some((_, to)) if worth(to) => 3,
            Some(_) => 2,
            None => 0,
        },
        _ => 0,
    }
}

/// [`trader`], ranking a reward (an order's pair or an inventory's) that names `want` above
/// the others.
fn trader_wanting<'a>(
    d: &'a HimalayaData,
    want: &'a str,
) -> impl Fn(&Himalaya, Seat, &str) -> i32 + 'a {
    move |g, s, t| {
        let reward = t.starts_with("reward") || t.starts_with("inventory");
        trader(g, d, s, t) + i32::from(reward && t.contains(want))
    }
}

/// The first step of whole games of `n` players under `rules` (seeds 0, 1, … below `seeds`,
/// played by `prefer`) for which `found(before, after)` holds: the game before that step
/// and after it. Panics naming `what` if no step of those games shows it.
fn first_step(
    d: &HimalayaData,
    (n, rules, seeds): (usize, &str, u64),
    prefer: impl Fn(&Himalaya, Seat, &str) -> i32,
    what: &str,
    found: impl Fn(&Himalaya, &Himalaya) -> bool,
) -> (Himalaya, Himalaya) {
    for seed in 0..seeds {
        let mut g = crate::engine::setup_checked::<Himalaya>(d, &names(n), &opts(rules), seed)
            .expect("setup");
        let before: std::cell::RefCell<Option<Himalaya>> = Default::default();
        let stop = |g: &Himalaya| {
            if before.borrow().as_ref().is_some_and(|b| found(b, g)) {
                return true;
            }
            *before.borrow_mut() = Some(g.clone());
            false
        };
        let mut pick = GameRng::new(seed);
        if steered_play_until(&mut g, d, 20_000, &mut pick, &prefer, stop) {
            return (before.take().unwrap(), g);
        }
    }
    panic!("no step of the {n}-player {rules} games of seeds 0..{seeds} shows {what}")
}

/// A whole game of `n` players under `rules`, set up with `seed` and played to its end
/// by `prefer` (its picks drawn from the same seed).
fn played_out(
    d: &HimalayaData,
    n: usize,
    rules: &str,
    seed: u64,
    prefer: impl Fn(&Himalaya, Seat, &str) -> i32,
) -> Himalaya {
    let mut g =
        crate::engine::setup_checked::<Himalaya>(d, &names(n), &opts(rules), seed).expect("setup");
    let mut pick = GameRng::new(seed);
    let done = |g: &Himalaya| g.phase == Phase::Finished;
    assert!(
        steered_play_until(&mut g, d, 20_000, &mut pick, prefer, done),
        "seed {seed}: the game ends"
    );
    g
}
