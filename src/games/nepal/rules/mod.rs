//! The rules of Nepal, one file per rulebook part in rulebook order (`setup`, `forbidden`,
//! `turn`, `actions`, `trade_routes`, `conflict`, `end`, `scoring`, `optional`,
//! `notation`); this file holds the imports the parts share.
//!
//! In each part's file: the candidates of its steps, their `*_ok` checks and the code
//! performing them. [`Nepal::step_ok`] is the one legality decision (a dispatcher onto the
//! `*_ok` helpers): the engine's legal list keeps the candidates it accepts, and a refused
//! step gets its [`Forbidden`] reason with a typed rules topic.

mod actions;
mod conflict;
mod end;
mod forbidden;
mod notation;
mod optional;
mod scoring;
mod setup;
mod trade_routes;
mod turn;

pub use forbidden::Forbidden;

use super::board::spread;
use super::happening::{
    ActionEvent, ConflictEvent, EndCause, EndEvent, Happening, OptionEvent, RouteEvent, TurnEvent,
};
use super::topics::Topic;
use super::{
    Breakdown, Card, EndTrigger, InPlay, Nepal, NepalData, Opts, Phase, Step, DECK_SIZE, FACE_UP,
    PIECES, REGIONS,
};
use crate::engine::rank::{places_by_key, verdict};
use crate::engine::{match_step, one_seat_acts, Game, GameRng, ParseError, Rules};
use crate::engine::{Applied, Event, FinalResult, Seat, SetupError};
use std::fmt::Write as _;

impl Nepal {
    /// Word a happening (the one place: [`Happening::text`]) as a public event.
    fn say(&self, data: &NepalData, what: impl Into<Happening>) -> Event {
        Event::public(what.into().text(data, &self.names))
    }

    /// The result of an action whose only effect on the log is `what`.
    fn said(&self, data: &NepalData, what: impl Into<Happening>) -> Applied {
        Applied {
            events: vec![self.say(data, what)],
            ..Applied::default()
        }
    }
}
