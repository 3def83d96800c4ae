//! The rules of Nippon, one file per rulebook part in rulebook order (`setup`, `turn`,
//! `workers`, `factories`, `knowledge`, `transport`, `export`, `market`, `consolidate`,
//! `scoring`); this file holds the counts they share.
//!
//! The [`Game`] impl in `../mod.rs` holds the thin dispatchers: `candidates` matches on
//! the stage of the turn ([`Stage`]: a compound action is answered one decision at a
//! time), `forbidden` on the pair (stage, step) and `perform` on the step, and they call
//! that part's `*_candidates`, `can_*`/`*_ok` and perform functions, which sit together
//! under the part's banner. A step the stage does not take is refused in one place
//! (`wrong_stage`). `forbidden` is the one legality decision: its typed refusals
//! ([`Forbidden`], worded with their rules topic in `forbidden.rs`) are what the engine
//! words for `check` and `apply`, and what the legal list filters with.

mod consolidate;
mod export;
mod factories;
mod forbidden;
mod knowledge;
mod market;
mod scoring;
mod setup;
mod transport;
mod turn;
mod workers;

pub(super) use super::board::{needs_text, yen};
pub use forbidden::{ActionWhy, BuildWhy, Forbidden, Needs, Now, RailWhy, RunWhy, UpWhy};
pub(super) use scoring::VpBySource;
pub(super) use turn::need_one;

use super::happening::{
    ConsolidateEvent, ExportEvent, FactoriesEvent, Happening, MarketEvent, RailEvent, ScoringEvent,
    TracksEvent, TurnEvent, WorkersEvent,
};
use super::*;
use crate::engine::rank::{rank, TieBreak};
use crate::engine::Event;

// ==== Shared counts ====

impl Nippon {
    /// The value at the marker of `seat`'s track (the number at or just below it).
    pub fn track_value(&self, data: &NipponData, seat: Seat, t: TrackKind) -> u32 {
        data.track(t).values[self.players[seat].tracks[t.index()]]
    }

    /// Knowledge level (NIP-FAC-7).
    pub fn knowledge(&self, data: &NipponData, seat: Seat) -> u32 {
        self.track_value(data, seat, TrackKind::Knowledge)
    }

    /// Move a marker up `steps`, never beyond the top slot (NIP-COMP-5). Returns the steps
    /// actually moved.
    fn raise(&mut self, data: &NipponData, seat: Seat, t: TrackKind, steps: u32) -> u32 {
        let top = data.track(t).top();
        let m = &mut self.players[seat].tracks[t.index()];
        let moved = (top - *m).min(steps as usize);
        *m += moved;
        moved as u32
    }

    /// Receive a bonus from the supply.
    fn gain(&mut self, data: &NipponData, seat: Seat, b: Bonus) {
        let p = &mut self.players[seat];
        match b {
            Bonus::Yen(n) => p.yen += n,
            Bonus::Coal(n) => p.coal += n,
            Bonus::Blueprints(n) => p.blueprints += n,
            Bonus::Vp(n) => {
                p.vp += n as i64;
                self.tally_vp(seat, |t| t.bonuses += n as i64);
            }
            Bonus::Knowledge(n) => {
                self.raise(data, seat, TrackKind::Knowledge, n);
            }
            Bonus::Money(n) => {
                self.raise(data, seat, TrackKind::Money, n);
            }
            Bonus::Star => {}
        }
    }

    /// Which side of the city slot `c` shows good `g`, if any (after the tile's rotation).
    pub fn side_of(&self, data: &NipponData, c: usize, g: usize) -> Option<usize> {
        let (tile, rot) = self.cities[c];
        (0..4).find(|&s| data.city_tiles[tile as usize][(s + rot as usize) % 4] == g)
    }

    /// The good shown beside side `s` of city slot `c`.
    pub fn good_at(&self, data: &NipponData, c: usize, s: usize) -> usize {
        let (tile, rot) = self.cities[c];
        data.city_tiles[tile as usize][(s + rot as usize) % 4]
    }

    /// Word a happening (the one place: [`Happening::text`]) as a public event of this
    /// step. Nothing in Nippon is hidden.
    fn say(&self, data: &NipponData, ev: &mut Vec<Event>, what: impl Into<Happening>) {
        ev.push(Event::public(what.into().text(data, &self.names)));
    }
}

// ==== Reward tiles in steps ====

/// Bonus kind index used in `reward` steps: 0 yen, 1 coal, 2 blueprints.
pub(super) fn bonus_kind(b: Bonus) -> u8 {
    match b {
        Bonus::Coal(_) => 1,
        Bonus::Blueprints(_) => 2,
        _ => 0,
    }
}

pub(super) const BONUS_WORDS: [&str; 3] = ["yen", "coal", "blueprints"];
