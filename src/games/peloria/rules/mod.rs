//! The rules of History of Peloria, one file per part of the rulebook, in its order:
//! setup, the round and nation turn, population increase, movement (with stacking),
//! battles, retreats, overpopulation, scoring, the Emperors, the Call to Heroes.
//!
//! The [`Game`] impl in `../mod.rs` holds the thin dispatchers: `candidates`, `forbidden`
//! and `perform` match on the pending prompt or the phase and call that part's
//! `*_candidates`, `*_ok` and perform functions, which sit together in the part's file.
//! `forbidden` is the one legality decision, returning a typed [`Forbidden`] worded apart
//! (`forbidden.rs`): the engine derives `check`, `apply`'s check and the legal list
//! (the candidates filtered through it) from it.
//! Between player decisions [`Peloria::advance`] (`turn.rs`) runs the automatic parts
//! (arrivals, population counts, battle dice, scoring) until a seat must choose.

use super::happening::{
    BattleEvent, Happening, HeroesEvent, MoveNote, MovementEvent, NextUp, ScoringEvent, TurnEvent,
};
use super::topics::Topic;
use super::*;
use crate::engine::rank::{rank, TieBreak};
use crate::engine::sealed::Revealed;
use crate::engine::{match_step, notation, FinalResult, Game, ParseError, Rules};
use std::ops::ControlFlow;

mod battle;
mod emperors;
mod forbidden;
mod heroes;
mod movement;
mod overpopulation;
mod population;
mod retreat;
mod scoring;
mod setup;
mod shared;
mod turn;

pub use forbidden::Forbidden;
use forbidden::{ix, seat_bits};
pub(crate) use heroes::bid_text_of;
pub use heroes::hero_awards;
use shared::lacks_unit;

/// Most areas a piece of regalia moves in one movement phase (authored, as cavalry).
pub const REGALIA_MOVES: u8 = 3;
/// Most units that may attack in one area (PEL-BAT-10).
pub const MAX_ATTACKERS: usize = 5;
/// Log lines kept for the view.
pub(crate) const LOG_KEEP: usize = 14;

/// The unit kinds that move, fight and retreat (all but forest counters).
pub(crate) const ARMY_KINDS: [Kind; 4] = [Kind::Infantry, Kind::Cavalry, Kind::Dragon, Kind::Bat];

// ==== Who may act ====

impl Peloria {
    /// Is `seat` the one to decide now (the game not over, a prompt asking it, or the
    /// turn's owner)? The first check of [`Game::forbidden`].
    pub(crate) fn seat_may_act(&self, d: &PeloriaData, seat: Seat) -> Result<(), Forbidden> {
        if self.result.is_some() {
            return Err(Forbidden::GameOver);
        }
        if seat >= PLAYERS {
            return Err(Forbidden::NoSuchSeat);
        }
        if let Some(p) = self.prompts.top() {
            if p.asks(seat) {
                return Ok(());
            }
            let asked = seat_bits(&p.seats());
            return Err(match p {
                Pending::Heroes { .. } => Forbidden::HeroesWaiting {
                    seat: ix(seat),
                    asked,
                },
                _ => Forbidden::DecideFirst { asked },
            });
        }
        let n = self.turn;
        if self.phase == Phase::Bids || self.owner(d, n) == seat {
            return Ok(());
        }
        Err(Forbidden::NotYourTurn { nation: ix(n) })
    }

    /// The refusal of a step of the wrong sort for the phase of the nation turn.
    pub(crate) fn not_now(&self) -> Forbidden {
        Forbidden::NotNow {
            nation: ix(self.turn),
            phase: phase_name(&self.phase),
        }
    }

    /// Does `seat` have a legal step matching `pred`? Stops at the first one (the same
    /// candidates and decision as the engine's legal list, without building the list).
    pub(crate) fn has_step(
        &self,
        d: &PeloriaData,
        seat: Seat,
        pred: impl Fn(&Step) -> bool,
    ) -> bool {
        self.candidates(d, seat)
            .iter()
            .any(|s| pred(s) && self.forbidden(d, seat, s).is_ok())
    }
}

impl Peloria {
    /// Is `done` the one legal step of the turn's owner in the movement phase (which then
    /// ends by itself)? No other legal step, and `done` legal. One pass over the move
    /// candidates, in their order, without listing them: it stops at the first legal step
    /// other than `done`. Called by [`Peloria::advance`] with no prompt open and the game
    /// not over, where the owner's candidates are the move candidates.
    pub(crate) fn only_done_left(&self, d: &PeloriaData) -> bool {
        let seat = self.owner(d, self.turn);
        let mut done = false;
        let froms = self.move_froms();
        let scan = self.each_move_candidate(d, &froms, |s| {
            if self.forbidden(d, seat, &s).is_err() {
                return ControlFlow::Continue(());
            }
            if s != Step::Done {
                return ControlFlow::Break(());
            }
            done = true;
            ControlFlow::Continue(())
        });
        scan.is_continue() && done
    }
}

pub(crate) fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Place { .. } => "population increase",
        Phase::Move { .. } => "movement",
        Phase::Battle { .. } => "battle",
        Phase::Overpop => "overpopulation",
        Phase::Stacking { .. } => "end-of-movement stacking",
        Phase::Bids => "Call to Heroes",
        Phase::Removals => "Call to Heroes removals",
        Phase::Finished => "final",
    }
}

// ==== Reading steps ====

impl Peloria {
    /// Short names the parser also accepts: a Call to Heroes removal may leave out the kind
    /// when the nation has only one kind of unit in that area (`remove Pelorians Lenshi`),
    /// and a retreat where only one kind can make that move.
    pub(crate) fn short_forms(&self, d: &PeloriaData, cands: &[Step]) -> Vec<(Step, String)> {
        let mut short = Vec::new();
        if let Some(Pending::Heroes { .. }) = self.prompts.top() {
            for s in cands {
                if let Step::Hero {
                    nation: n, area: a, ..
                } = s
                {
                    let kinds = cands
                        .iter()
                        .filter(|c| matches!(c, Step::Hero { nation: m, area: b, .. } if m == n && b == a))
                        .count();
                    if kinds == 1 {
                        short.push((
                            s.clone(),
                            format!("remove {} {}", d.nations[*n].name, d.areas[*a].name),
                        ));
                    }
                }
            }
        }
        let with_heroes: Vec<Step> = cands
            .iter()
            .chain(short.iter().map(|x| &x.0))
            .cloned()
            .collect();
        for s in &with_heroes {
            if let Step::Retreat { from: f, to: t, .. } = s {
                let kinds = with_heroes
                    .iter()
                    .filter(
                        |c| matches!(c, Step::Retreat { from: g, to: u, .. } if g == f && u == t),
                    )
                    .count();
                if kinds == 1 {
                    let name = format!("retreat {} {}", d.areas[*f].name, d.areas[*t].name);
                    short.push((s.clone(), name));
                }
            }
        }
        short
    }

    /// Text that names no candidate whole is answered from the legal steps (the closest
    /// ones, or those it leaves words out of), not from the candidates (which include
    /// refused ones, e.g. a regalia move into an area the Emperor does not hold). Text that
    /// leaves words out of refused steps only is the first of them (`names` are the
    /// `cands`' notations), which the rules then refuse with their reason.
    pub(crate) fn unmatched(
        &self,
        d: &PeloriaData,
        seat: Seat,
        text: &str,
        e: ParseError,
        (cands, names): (&[Step], &[String]),
    ) -> Result<Step, ParseError> {
        if !matches!(
            e,
            ParseError::NoMatch { .. } | ParseError::Incomplete { .. }
        ) {
            return Err(e);
        }
        // A move written whole between two areas of the board that no step offers (not
        // next door, or not this nation's turn): read as typed, so the rules say why.
        if let Some(step) = whole_move(d, text) {
            return Ok(step);
        }
        let legal: Vec<String> = self
            .legal_steps(d, seat)
            .iter()
            .map(|s| Peloria::format_step(d, s))
            .collect();
        // What it cannot read, stage 1 names (the word, and why).
        let why = || notation::unreadable(text, names, &legal, &<Peloria as Game>::noun);
        match (match_step(text, &legal), e) {
            (Err(legal_e @ ParseError::Incomplete { .. }), _) => Err(legal_e),
            (Err(ParseError::NoMatch { .. }), e @ ParseError::Incomplete { .. }) => {
                notation::first_completion(&e, names)
                    .map(|i| cands[i].clone())
                    .ok_or_else(why)
            }
            (Err(ParseError::NoMatch { .. }), _) => Err(why()),
            (_, e) => Err(e),
        }
    }
}

/// `move <area> <area> <kind>` (the verb may be left out) with two whole area names of the
/// board and a unit kind: the step as typed, whatever the rules say of it.
fn whole_move(d: &PeloriaData, text: &str) -> Option<Step> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let words = match words.split_first() {
        Some((verb, rest)) if verb.eq_ignore_ascii_case("move") => rest,
        _ => &words[..],
    };
    let [from, to, kind] = words else {
        return None;
    };
    Some(Step::Move {
        from: d.area(from)?,
        to: d.area(to)?,
        kind: Kind::parse(kind)?,
    })
}
