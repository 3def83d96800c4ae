//! Sealed choices: several seats choose in secret at the same time (Himalaya's programs,
//! Peloria's Call to Heroes bids). Each seat drafts privately, then seals: the channel sees
//! a salted commitment; when every seat has sealed, the choices are revealed with their
//! salts, and anyone can check each commitment.
//!
//! Recipe (stated in the games' `commitment` rules topics): the commitment is the first 12
//! hex digits of SHA-256 over `"{salt}:{choice}"`, where `salt` is 16 hex digits drawn from
//! the game's RNG and `choice` is the canonical text of the choice.
//!
//! Invariants:
//! - A draft or a sealed choice is hidden information of its seat until the reveal; only
//!   the commitment of a sealed choice is public.
//! - A sealed draft cannot change until it is unsealed.
//! - Salts come from the game's [`GameRng`], so replay gives the same commitments.

use super::{GameRng, Seat};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The first 12 hex digits of SHA-256 over `"{salt}:{choice}"`. Hashed in parts and only
/// the 6 bytes shown written out, without formatting: a search's playouts seal programs
/// by the thousand (Himalaya).
pub fn commitment(salt: &str, choice: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let digest = Sha256::new()
        .chain_update(salt)
        .chain_update(":")
        .chain_update(choice)
        .finalize();
    let mut out = String::with_capacity(12);
    for b in &digest[..6] {
        out.push(HEX[usize::from(b >> 4)] as char);
        out.push(HEX[usize::from(b & 15)] as char);
    }
    out
}

/// A sealed choice's salt and public commitment.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seal {
    /// 16 hex digits; secret until the reveal.
    pub salt: String,
    /// Public from the moment of sealing.
    pub commitment: String,
}

impl Seal {
    /// Seal `choice` with a fresh salt from the game's RNG.
    pub fn new(rng: &mut GameRng, choice: &str) -> Seal {
        let salt = format!("{:016x}", rng.next_u64());
        let commitment = commitment(&salt, choice);
        Seal { salt, commitment }
    }
    /// Does `choice` match this seal?
    pub fn verifies(&self, choice: &str) -> bool {
        commitment(&self.salt, choice) == self.commitment
    }
}

/// One seat's revealed choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Revealed<T> {
    pub choice: T,
    pub seal: Seal,
}

/// The drafts and seals of one round of simultaneous secret choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedChoices<T> {
    drafts: Vec<T>,
    seals: Vec<Option<Seal>>,
}

impl<T: Clone + Default> SealedChoices<T> {
    /// Empty drafts for `seats` seats, none sealed.
    pub fn new(seats: usize) -> Self {
        SealedChoices {
            drafts: vec![T::default(); seats],
            seals: vec![None; seats],
        }
    }

    /// Number of seats.
    pub fn len(&self) -> usize {
        self.drafts.len()
    }

    /// True when there are no seats.
    pub fn is_empty(&self) -> bool {
        self.drafts.is_empty()
    }

    /// The seat's draft (hidden information of that seat).
    pub fn draft(&self, seat: Seat) -> &T {
        &self.drafts[seat]
    }

    /// The seat's draft for changing, or `None` once sealed.
    pub fn draft_mut(&mut self, seat: Seat) -> Option<&mut T> {
        if self.seals[seat].is_some() {
            return None;
        }
        Some(&mut self.drafts[seat])
    }

    /// Replace the draft of an unsealed seat (scrambling in tests, defaults). Returns false
    /// if the seat has sealed.
    pub fn set_draft(&mut self, seat: Seat, draft: T) -> bool {
        match self.draft_mut(seat) {
            Some(d) => {
                *d = draft;
                true
            }
            None => false,
        }
    }

    /// Replace the seat's choice, sealed or not, for a scrambled copy of the game (see
    /// [`crate::engine::Game::scramble`]): a sealed choice also gets a fresh salt from
    /// `rng` and keeps its public commitment, which then no longer verifies (such a copy is
    /// a computer player's imagined world, never a played game).
    pub fn replace_for_scramble(&mut self, seat: Seat, choice: T, rng: &mut GameRng) {
        self.drafts[seat] = choice;
        if let Some(seal) = &mut self.seals[seat] {
            seal.salt = format!("{:016x}", rng.next_u64());
        }
    }

    /// Seal the seat's draft, whose canonical text is `text`. Returns the commitment.
    pub fn seal(&mut self, seat: Seat, rng: &mut GameRng, text: &str) -> String {
        let seal = Seal::new(rng, text);
        let c = seal.commitment.clone();
        self.seals[seat] = Some(seal);
        c
    }

    /// Take a seal back (the draft stays, to be changed and sealed again).
    pub fn unseal(&mut self, seat: Seat) {
        self.seals[seat] = None;
    }

    pub fn is_sealed(&self, seat: Seat) -> bool {
        self.seals[seat].is_some()
    }

    /// The seat's seal (its salt is secret until the reveal).
    pub fn seal_of(&self, seat: Seat) -> Option<&Seal> {
        self.seals[seat].as_ref()
    }

    /// The public commitment of a sealed seat.
    pub fn commitment(&self, seat: Seat) -> Option<&str> {
        self.seals[seat].as_ref().map(|s| s.commitment.as_str())
    }

    /// Seats that have not sealed yet, in seat order.
    pub fn unsealed(&self) -> Vec<Seat> {
        (0..self.len()).filter(|&s| !self.is_sealed(s)).collect()
    }

    pub fn all_sealed(&self) -> bool {
        self.seals.iter().all(Option::is_some)
    }

    /// Reveal every choice with its seal and start a fresh round. Seats that never sealed
    /// (only possible when the caller reveals early) get an empty seal.
    pub fn reveal(&mut self) -> Vec<Revealed<T>> {
        let n = self.len();
        let drafts = std::mem::replace(&mut self.drafts, vec![T::default(); n]);
        let seals = std::mem::replace(&mut self.seals, vec![None; n]);
        drafts
            .into_iter()
            .zip(seals)
            .map(|(choice, seal)| Revealed {
                choice,
                seal: seal.unwrap_or(Seal {
                    salt: String::new(),
                    commitment: String::new(),
                }),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commitment_recipe_is_first_12_hex_of_sha256_of_salt_colon_choice() {
        // echo -n 'abc:rest' | sha256sum
        let c = commitment("abc", "rest");
        assert_eq!(c.len(), 12);
        let full = Sha256::digest(b"abc:rest");
        let hex: String = full.iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(c, hex[..12]);
    }

    #[test]
    fn seal_unseal_reveal_round() {
        let mut rng = GameRng::new(1);
        let mut sc: SealedChoices<Vec<u8>> = SealedChoices::new(2);
        sc.draft_mut(0).unwrap().push(3);
        let c = sc.seal(0, &mut rng, "3");
        assert!(sc.draft_mut(0).is_none(), "a sealed draft is frozen");
        assert!(!sc.set_draft(0, vec![9]));
        assert_eq!(sc.commitment(0), Some(c.as_str()));
        assert_eq!(sc.unsealed(), vec![1]);
        sc.unseal(0);
        assert!(sc.draft_mut(0).is_some());
        sc.seal(0, &mut rng, "3");
        sc.draft_mut(1).unwrap().push(4);
        sc.seal(1, &mut rng, "4");
        assert!(sc.all_sealed());
        let r = sc.reveal();
        assert_eq!(r[0].choice, vec![3]);
        assert!(r[0].seal.verifies("3"));
        assert!(!r[0].seal.verifies("4"));
        assert!(r[1].seal.verifies("4"));
        assert_eq!(
            sc.draft(0),
            &Vec::<u8>::new(),
            "a fresh round after the reveal"
        );
        assert!(!sc.is_sealed(0));
    }

    #[test]
    fn salts_come_from_the_game_rng() {
        let a = Seal::new(&mut GameRng::new(5), "x");
        let b = Seal::new(&mut GameRng::new(5), "x");
        assert_eq!(a, b);
        assert_eq!(a.salt.len(), 16);
    }
}
