//! The rules of Himalaya, one file per rulebook part in rulebook order (`setup`,
//! `placement`, `turn`, `events`, `programming`, `resolution`, `orders`, `refill`,
//! `inventory`, `scoring`); this file holds the shared counts and what performing a step
//! shares in every phase.
//!
//! `legality`, `candidates` and `perform` (in `../mod.rs`) dispatch by phase onto the
//! helpers in the part files: each phase's `*_candidates`, `*_ok` (the legality of its
//! steps, with the reason and rules topic of a refusal) and the code performing its steps
//! sit together in the part's file. Between player decisions [`Himalaya::advance`]
//! (`turn.rs`) runs the automatic parts (resolution, refill, inventory) until a choice is
//! needed.

mod events;
mod forbidden;
mod inventory;
mod orders;
mod placement;
mod programming;
mod refill;
mod resolution;
mod scoring;
mod setup;
mod turn;

pub(crate) use super::board::{goods_list, goods_map};
pub use forbidden::{Awaited, Forbidden};
#[cfg(test)]
pub(super) use orders::REWARD_PAIRS;
pub use programming::{commitment, program_text};
pub use scoring::{rank, Influence};

use super::happening::{
    DealCancelled, Happening, InventoryEvent, MarkerEvent, ProgramEvent, RefillEvent,
    ResolutionEvent, RewardEvent, ScoringEvent, SetupEvent, TurnEvent,
};
use super::view::{FinalLine, InventoryReveal};
use super::*;
use crate::engine::rank::{assign_places, verdict};
use crate::engine::{Applied, Audience, Event, FinalResult, GameRng, Rules, Seat, SetupError};

/// What a step's performing compares against to tell whether it can be taken back.
pub(super) struct Marks {
    pub(super) rng: GameRng,
    inventory: Option<InventoryReveal>,
}

// ==== Shared counts ====

impl Himalaya {
    pub(super) fn n(&self) -> usize {
        self.players.len()
    }

    /// Seat at position `k` of this turn's order.
    pub(super) fn order_seat(&self, k: usize) -> Seat {
        (self.first + k) % self.n()
    }

    pub(super) fn stupas_left(&self, seat: Seat) -> u32 {
        STUPAS - self.stupas.iter().filter(|s| **s == Some(seat)).count() as u32
    }

    pub(super) fn delegations_left(&self, seat: Seat) -> u32 {
        DELEGATIONS - self.delegations.iter().map(|r| r[seat]).sum::<u32>()
    }

    pub(super) fn yacks(&self, data: &HimalayaData, seat: Seat) -> u32 {
        let parts = self.yacks_parts(data, seat);
        parts.iter().map(|p| p.points).sum::<i64>() as u32
    }

    pub(super) fn has_goods(&self, v: usize) -> bool {
        self.village_goods[v].iter().any(|&c| c > 0)
    }
}

// ==== Performing a step: what every phase shares ====

impl Himalaya {
    /// Word a happening for everyone (the one place: [`Happening::text`]).
    pub(super) fn say(
        &mut self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
        what: impl Into<Happening>,
    ) {
        if !self.hushed.0 {
            events.push(Event::public(what.into().text(data, &self.players)));
        }
    }

    /// Word a happening told to `seat` only.
    pub(super) fn tell(
        &self,
        data: &HimalayaData,
        events: &mut Vec<Event>,
        seat: Seat,
        what: impl Into<Happening>,
    ) {
        if !self.hushed.0 {
            events.push(Event::private(seat, what.into().text(data, &self.players)));
        }
    }

    pub(super) fn marks(&self) -> Marks {
        Marks {
            rng: self.rng.clone(),
            inventory: self.last_inventory.clone(),
        }
    }

    /// After a phase performed a step: advance to the next decision, then tell whether the
    /// step can be taken back. Irreversible = the step drew game randomness (dice, bag
    /// draws) or revealed hidden information (programs, inventory stocks, the final
    /// screens). The commitment salt drawn by `seal` is not counted (`seal` moves the mark
    /// past it): it decides nothing, and `unseal` takes a seal back.
    pub(super) fn settle(&mut self, data: &HimalayaData, marks: Marks, applied: &mut Applied) {
        self.advance(data, &mut applied.events);
        self.keep_last_turn(&applied.events);
        if self.rng != marks.rng
            || self.last_inventory != marks.inventory
            || self.phase == Phase::Finished
        {
            applied.irreversible = true;
        }
    }

    /// Keep the public lines of the step just performed (and what it set in motion) for
    /// the board's "Last turn" panel. Lines told to one seat are never kept; a step that
    /// said nothing in public leaves the previous lines in place.
    fn keep_last_turn(&mut self, events: &[Event]) {
        let public: Vec<String> = events
            .iter()
            .filter(|e| e.audience == Audience::Public)
            .map(|e| e.text.clone())
            .collect();
        if !public.is_empty() {
            self.last_turn = public;
        }
    }
}
