//! The `easy` level: one step ahead. Each legal step is tried on one determinisation and
//! the position it leads to is scored by the game's hint (a finished game by place); the
//! best score wins, ties drawn at random.

use super::{determinise, rewards, seat_count, Decision};
use crate::engine::{AnyGame, GameRng, Seat};

pub(super) fn choose(
    game: &dyn AnyGame,
    me: Seat,
    legal: &[String],
    rng: &mut GameRng,
) -> Decision {
    let imagined = determinise(game, me, rng);
    let seats = seat_count(game);
    let scores: Vec<f64> = (0..legal.len())
        .map(|i| {
            let mut g = imagined.box_clone();
            g.play_choice(me, i);
            rewards(&*g, seats).get(me).copied().unwrap_or(0.0)
        })
        .collect();
    let top = scores.iter().copied().fold(f64::MIN, f64::max);
    let best: Vec<usize> = (0..legal.len()).filter(|&i| scores[i] >= top).collect();
    let pick = best[rng.below(best.len())];
    Decision {
        step: legal[pick].clone(),
        playouts: 0,
        choices: legal
            .iter()
            .zip(&scores)
            .map(|(s, v)| (s.clone(), (v * 1000.0).round() as u32))
            .collect(),
    }
}
