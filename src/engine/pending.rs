//! Pending decisions as a stack.
//!
//! Games resolve by themselves until some seat must decide something, and that seat is not
//! always the one whose turn it is: a battle asks the defender to assign hits, then the
//! attacker to retreat; filling an order asks for rewards, and a reward asks where to place
//! delegations. Each such question is a *prompt* pushed on a stack kept in the game state.
//! The seats that must act are those of the top prompt; answering it pops it (or replaces
//! it with the next question), and a prompt may push a nested one.
//!
//! Invariants:
//! - While the stack is not empty, the acting seats are exactly [`Prompt::seats`] of its
//!   top, never empty.
//! - The stack is part of the serialized state, so a game can stop between any two
//!   decisions and resume after a restart.

use super::Seat;
use serde::{Deserialize, Serialize};

/// A question waiting for an answer from some seats.
pub trait Prompt {
    /// The seats that must answer (at least one).
    fn seats(&self) -> Vec<Seat>;
}

/// A stack of pending prompts; the top one is asked now.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Prompts<P> {
    stack: Vec<P>,
}

impl<P> Default for Prompts<P> {
    fn default() -> Self {
        Prompts { stack: Vec::new() }
    }
}

impl<P: Prompt> Prompts<P> {
    pub fn new() -> Self {
        Self::default()
    }
    /// Ask `p` now; the current top waits until `p` is answered.
    pub fn push(&mut self, p: P) {
        self.stack.push(p);
    }
    /// Remove the top prompt (it was answered).
    pub fn pop(&mut self) -> Option<P> {
        self.stack.pop()
    }
    /// Replace the top prompt by `p` (the answer leads to a follow-up question).
    pub fn replace_top(&mut self, p: P) {
        self.stack.pop();
        self.stack.push(p);
    }
    /// The prompt asked now.
    pub fn top(&self) -> Option<&P> {
        self.stack.last()
    }
    pub fn top_mut(&mut self) -> Option<&mut P> {
        self.stack.last_mut()
    }
    pub fn is_empty(&self) -> bool {
        self.stack.is_empty()
    }
    pub fn len(&self) -> usize {
        self.stack.len()
    }
    /// The seats that must act now, if a prompt is pending.
    pub fn acting(&self) -> Option<Vec<Seat>> {
        self.top().map(Prompt::seats)
    }
    /// Is `seat` asked by the top prompt?
    pub fn asks(&self, seat: Seat) -> bool {
        self.top().is_some_and(|p| p.seats().contains(&seat))
    }
    /// All prompts, bottom first.
    pub fn iter(&self) -> impl Iterator<Item = &P> {
        self.stack.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    enum Q {
        Hits { defender: Seat },
        Retreat { attacker: Seat },
    }
    impl Prompt for Q {
        fn seats(&self) -> Vec<Seat> {
            match self {
                Q::Hits { defender } => vec![*defender],
                Q::Retreat { attacker } => vec![*attacker],
            }
        }
    }

    #[test]
    fn the_top_prompt_decides_who_acts_and_nests() {
        let mut p: Prompts<Q> = Prompts::new();
        assert_eq!(p.acting(), None);
        p.push(Q::Retreat { attacker: 0 });
        p.push(Q::Hits { defender: 2 });
        assert_eq!(p.acting(), Some(vec![2]));
        assert!(p.asks(2) && !p.asks(0));
        p.pop();
        assert_eq!(p.acting(), Some(vec![0]));
        p.replace_top(Q::Hits { defender: 1 });
        assert_eq!(p.len(), 1);
        let json = serde_json::to_string(&p).unwrap();
        let back: Prompts<Q> = serde_json::from_str(&json).unwrap();
        assert_eq!(back, p);
    }
}
