//! The one source of randomness a game may use. Its state is serialized with the game
//! state, so replaying the same steps from the same seed draws the same numbers.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// Seeded ChaCha RNG stored inside the game state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRng(ChaCha8Rng);

impl GameRng {
    pub fn new(seed: u64) -> Self {
        GameRng(ChaCha8Rng::seed_from_u64(seed))
    }
    /// Uniform in `0..n`. `n` must be positive.
    pub fn below(&mut self, n: usize) -> usize {
        assert!(n > 0, "GameRng::below(0)");
        self.0.gen_range(0..n)
    }
    /// A die roll in `1..=sides`.
    pub fn die(&mut self, sides: u32) -> u32 {
        self.0.gen_range(1..=sides)
    }
    /// Fisher–Yates shuffle.
    pub fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            let j = self.below(i + 1);
            v.swap(i, j);
        }
    }
    /// A raw 64-bit value (e.g. for salts derived inside a game).
    pub fn next_u64(&mut self) -> u64 {
        self.0.gen()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn same_seed_same_draws_after_serde_round_trip() {
        let mut a = GameRng::new(7);
        a.below(10);
        let mut b: GameRng = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        let xs: Vec<usize> = (0..20).map(|_| a.below(100)).collect();
        let ys: Vec<usize> = (0..20).map(|_| b.below(100)).collect();
        assert_eq!(xs, ys);
    }
}
