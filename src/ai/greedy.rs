//! The `easy` level, a beginner: one step ahead. Each allowed step is tried on one
//! determinisation and the position it leads to is scored by the game's outlook for the
//! seat (the hint, with what the seat has committed to carried out and its own holdings
//! counted: [`crate::engine::Game::outlook`]) as a beginner reads a score sheet: its own
//! points ahead of (or behind) the best other seat's
//! (a finished game: first place far above the rest), plus a little noise so that steps
//! worth about the same are taken alike and the beginner is not predictable.

use super::{determinise, Decision};
use crate::engine::{AnyGame, GameRng, Seat, Status};

/// The noise added to each step's score, in the hint's points: at most this much either way.
pub(super) const NOISE: f64 = 0.25;

pub(super) fn choose(
    game: &dyn AnyGame,
    me: Seat,
    legal: &[String],
    allowed: &[usize],
    rng: &mut GameRng,
) -> Decision {
    let imagined = determinise(game, me, rng);
    let mut scores: Vec<Option<f64>> = vec![None; legal.len()];
    for &i in allowed {
        let mut g = imagined.box_clone();
        g.play_choice(me, i);
        let noise = (rng.below(1_001) as f64 / 500.0 - 1.0) * NOISE;
        scores[i] = Some(lead(&*g, me) + noise);
    }
    let pick = allowed
        .iter()
        .copied()
        .max_by(|&a, &b| {
            let (x, y) = (scores[a].unwrap_or(f64::MIN), scores[b].unwrap_or(f64::MIN));
            x.total_cmp(&y).then(b.cmp(&a))
        })
        .unwrap_or(0);
    let base = scores.iter().flatten().copied().fold(f64::MAX, f64::min);
    Decision {
        step: legal[pick].clone(),
        playouts: 0,
        choices: legal
            .iter()
            .zip(&scores)
            .map(|(s, v)| {
                let shown = v.map_or(0, |v| ((v - base) * 1000.0).round() as u32);
                (s.clone(), shown)
            })
            .collect(),
    }
}

/// How far `me` is ahead of the best other seat by its outlook (behind: negative); a
/// finished game by place, far beyond any outlook.
pub(super) fn lead(g: &dyn AnyGame, me: Seat) -> f64 {
    if let Status::Finished(r) = g.status() {
        let place = r.places.get(me).copied().unwrap_or(u32::MAX) as f64;
        return 1e9 - place * 1e6;
    }
    crate::engine::rank::lead(&g.outlook(me), me)
}
