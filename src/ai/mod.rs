//! Sherpa's computer player, written once for every game against [`AnyGame`]: legal
//! choices, typed steps, `scrambled` and the game's evaluation hint ([`crate::engine::Game::hint`]).
//!
//! - `easy` looks one step ahead and takes the step whose position the hint likes best
//!   ([`greedy`]).
//! - `normal` and `strong` run an information-set Monte Carlo tree search ([`search`]):
//!   before each iteration the search re-deals every hidden thing its seat may not see
//!   (every other seat's hand, goods, drafts and sealed choices, the deck order and the
//!   game's future randomness) with [`AnyGame::scrambled`], so it decides from what its
//!   seat sees, then plays random steps for a while and scores the position reached.
//!
//! Invariants:
//! - **Secrecy:** a decision depends only on what the seat may see. Every position the
//!   search looks at is a determinisation; with a fixed seed and a budget of playouts (no
//!   time), scrambling another holder's hidden information leaves the decision identical
//!   (tested for every game and player count, see `tests.rs`).
//! - A decision is one step, always one of the seat's legal steps in the real game.
//! - Pure computation on the caller's copy: no lock, no IO. The one clock read is the
//!   budget's time limit ([`Budget::millis`]); a budget without time is deterministic.

mod greedy;
mod search;
#[cfg(test)]
mod tests;

use crate::engine::{AnyGame, FinalResult, GameRng, Holder, Seat, Status};
use std::fmt;
use std::str::FromStr;

/// How hard a Sherpa player thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// One step ahead, greedy on the game's hint.
    Easy,
    /// A tree search of a few thousand playouts, under half a second a step.
    Normal,
    /// A longer, deeper search: a few seconds a step at most.
    Strong,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];

    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }

    /// The level's own thinking budget per step.
    pub fn budget(self) -> Budget {
        match self {
            Level::Easy => Budget {
                playouts: 0,
                millis: None,
            },
            Level::Normal => Budget {
                playouts: 3_000,
                millis: Some(400),
            },
            Level::Strong => Budget {
                playouts: 20_000,
                millis: Some(2_500),
            },
        }
    }

    /// How many random steps a playout takes before the hint scores its position.
    fn playout_depth(self) -> usize {
        match self {
            Level::Easy => 0,
            Level::Normal => 40,
            Level::Strong => 80,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a Sherpa level; the levels are easy, normal and strong",
            self.0
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.trim().to_string()))
    }
}

/// How long a search may think for one step: at most `playouts` iterations, and at most
/// `millis` milliseconds if given (then the decision depends on the machine's speed).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub playouts: u32,
    pub millis: Option<u64>,
}

impl Budget {
    /// This budget with its time replaced (`sherpa arena --budget-ms`, `[ai] budget_ms`).
    pub fn with_millis(self, ms: u64) -> Budget {
        Budget {
            millis: Some(ms),
            ..self
        }
    }
    /// This budget's playouts and time both multiplied by `factor` (each at least 1), so
    /// levels scaled alike keep their ratio (`sherpa arena --scale`).
    pub fn scaled(self, factor: f64) -> Budget {
        let scale = |v: f64| (v * factor).round().max(1.0);
        Budget {
            playouts: match self.playouts {
                0 => 0,
                p => scale(p as f64).min(u32::MAX as f64) as u32,
            },
            millis: self.millis.map(|ms| scale(ms as f64) as u64),
        }
    }
    /// Only playouts, no time: the same seed then gives the same decision on any machine.
    pub fn playouts_only(playouts: u32) -> Budget {
        Budget {
            playouts,
            millis: None,
        }
    }
}

/// A step decided, and how the search weighed the choices.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    /// The step's notation: one of the seat's legal steps.
    pub step: String,
    /// Search iterations run (0: the step was forced, or the level does not search).
    pub playouts: u32,
    /// Every legal step with how often the search chose it first (easy: its outlook score
    /// rounded to thousandths).
    pub choices: Vec<(String, u32)>,
}

/// The step `seat` should take now, or `None` when it does not act or has no legal step.
/// Deterministic for a fixed `seed` and a budget without time. Takes up to the budget's
/// time: call it off any lock. The first decision of a turn; within a turn use
/// [`decide_in_turn`], which never wastes steps.
pub fn decide(
    game: &dyn AnyGame,
    seat: Seat,
    level: Level,
    budget: Budget,
    seed: u64,
) -> Option<Decision> {
    decide_in_turn(game, seat, level, budget, seed, &[])
}

/// [`decide`] within a turn whose positions so far had the keys `seen` (see
/// [`TurnKeys`]): a step back to one of them (there and back, undoing one's own
/// placement) is never chosen, unless every legal step is one.
pub fn decide_in_turn(
    game: &dyn AnyGame,
    seat: Seat,
    level: Level,
    budget: Budget,
    seed: u64,
    seen: &[u64],
) -> Option<Decision> {
    if !game.status().acting().contains(&seat) {
        return None;
    }
    let choices = game.choices(seat);
    let allowed = fresh_choices(game, seat, choices.len(), seen);
    match allowed.as_slice() {
        [] => None,
        &[only] => Some(Decision {
            step: choices[only].clone(),
            playouts: 0,
            choices: choices.iter().map(|c| (c.clone(), 0)).collect(),
        }),
        _ => {
            let mut rng = GameRng::new(seed);
            match level {
                Level::Easy => Some(greedy::choose(game, seat, &choices, &allowed, &mut rng)),
                Level::Normal | Level::Strong => Some(search::choose(
                    game,
                    seat,
                    &choices,
                    &allowed,
                    search::Settings {
                        budget,
                        depth: level.playout_depth(),
                    },
                    &mut rng,
                )),
            }
        }
    }
}

/// The indices of `seat`'s `count` legal steps that do not bring its view back to a key in
/// `seen`; all of them when every one does. A step that reveals hidden information or draws
/// at random is never a step back (and its outcome, unknown to the seat, is not looked at).
fn fresh_choices(game: &dyn AnyGame, seat: Seat, count: usize, seen: &[u64]) -> Vec<usize> {
    let all: Vec<usize> = (0..count).collect();
    if seen.is_empty() {
        return all;
    }
    let fresh: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&i| {
            let mut g = game.box_clone();
            match g.play_choice(seat, i) {
                Some(applied) => applied.irreversible || !seen.contains(&g.position_key(seat)),
                None => true,
            }
        })
        .collect();
    if fresh.is_empty() {
        all
    } else {
        fresh
    }
}

/// The position keys ([`AnyGame::position_key`]) a seat's view has had in its turn so far:
/// what [`decide_in_turn`] must not return to. A turn runs until the seat's step ends it or
/// another seat acts.
#[derive(Clone, Debug, Default)]
pub struct TurnKeys {
    seat: Option<Seat>,
    keys: Vec<u64>,
}

impl TurnKeys {
    pub fn new() -> TurnKeys {
        TurnKeys::default()
    }

    /// Before `seat` decides in `game`: a turn of another seat is over, and the position
    /// now is one `seat` has seen.
    pub fn before(&mut self, game: &dyn AnyGame, seat: Seat) {
        if self.seat != Some(seat) {
            self.end();
            self.seat = Some(seat);
        }
        let key = game.position_key(seat);
        if !self.keys.contains(&key) {
            self.keys.push(key);
        }
    }

    /// After `seat`'s step in `game` (`turn_ended`: the step ended its turn): whether the
    /// step brought its view back to a key seen earlier in the turn (a repeat).
    pub fn after(&mut self, game: &dyn AnyGame, seat: Seat, turn_ended: bool) -> bool {
        let key = game.position_key(seat);
        let repeat = self.seat == Some(seat) && self.keys.contains(&key);
        if turn_ended {
            self.end();
        } else {
            self.before(game, seat);
        }
        repeat
    }

    /// Forget the turn.
    pub fn end(&mut self) {
        self.seat = None;
        self.keys.clear();
    }

    /// The keys seen in the turn so far.
    pub fn seen(&self) -> &[u64] {
        &self.keys
    }
}

/// A uniformly random legal step of `seat` (the arena's `random` player), if it acts.
pub fn random_step(game: &dyn AnyGame, seat: Seat, seed: u64) -> Option<String> {
    if !game.status().acting().contains(&seat) {
        return None;
    }
    let mut choices = game.choices(seat);
    if choices.is_empty() {
        return None;
    }
    let i = GameRng::new(seed).below(choices.len());
    Some(choices.swap_remove(i))
}

/// A copy of `game` as `me` may imagine it: every hidden thing `me` does not see re-dealt
/// (every other seat's, then nobody's: deck order and future randomness). Each scramble
/// replaces its holder's information whatever it was, so the copy does not depend on it.
/// One copy, re-dealt in place holder by holder, and hushed ([`AnyGame::hush`]): nobody
/// reads its events.
fn determinise(game: &dyn AnyGame, me: Seat, rng: &mut GameRng) -> Box<dyn AnyGame> {
    let mut g = game.box_clone();
    g.hush();
    g.scramble_in_place(Holder::Nobody, rng.next_u64());
    for s in (0..game.kind().max_players()).filter(|&s| s != me) {
        g.scramble_in_place(Holder::Seat(s), rng.next_u64());
    }
    g
}

/// How many seats play: the hint's length, else the most the game takes.
fn seat_count(game: &dyn AnyGame) -> usize {
    match game.hint().len() {
        0 => game.kind().max_players(),
        n => n,
    }
}

/// The seat whose step comes next in an imagined line of play: `me` while it acts (its
/// own steps are what the tree decides), otherwise one acting seat at random.
fn next_actor(status: &Status, me: Seat, rng: &mut GameRng) -> Option<Seat> {
    let acting = status.acting();
    if acting.contains(&me) {
        return Some(me);
    }
    (!acting.is_empty()).then(|| acting[rng.below(acting.len())])
}

/// How good a position is for each seat, in `0..=1` (seats `0..seats`). A finished game:
/// by place (first 1, last 0, ties share). A running one: by the hint, mostly by rank,
/// partly by margin; all 0.5 when the game has no hint.
fn rewards(game: &dyn AnyGame, seats: usize) -> Vec<f64> {
    match game.status() {
        Status::Finished(r) => place_rewards(&r, seats),
        Status::Acting(_) => hint_rewards(&game.hint(), seats),
    }
}

fn place_rewards(r: &FinalResult, seats: usize) -> Vec<f64> {
    let values: Vec<f64> = (0..seats)
        .map(|s| -(r.places.get(s).copied().unwrap_or(u32::MAX) as f64))
        .collect();
    rank_shares(&values)
}

fn hint_rewards(hint: &[f64], seats: usize) -> Vec<f64> {
    if hint.is_empty() {
        return vec![0.5; seats];
    }
    let values: Vec<f64> = (0..seats)
        .map(|s| hint.get(s).copied().unwrap_or(f64::MIN))
        .collect();
    let ranks = rank_shares(&values);
    let (lo, hi) = values
        .iter()
        .fold((f64::MAX, f64::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let spread = (hi - lo).max(1.0);
    ranks
        .iter()
        .zip(&values)
        .map(|(rank, v)| 0.75 * rank + 0.25 * (v - lo) / spread)
        .collect()
}

/// Each value's share of the others it beats: 1 beats every other seat, 0 none, a tie
/// counts half.
fn rank_shares(values: &[f64]) -> Vec<f64> {
    let n = values.len();
    if n < 2 {
        return vec![1.0; n];
    }
    values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let beaten: f64 = values
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, w)| match v.partial_cmp(w) {
                    Some(std::cmp::Ordering::Greater) => 1.0,
                    Some(std::cmp::Ordering::Equal) => 0.5,
                    _ => 0.0,
                })
                .sum();
            beaten / (n - 1) as f64
        })
        .collect()
}
