//! The rules of Nanga Parbat, one file per rulebook part in rulebook order (`setup`,
//! `forbidden`, `turn`, `trap`, `activations`, `claim`, `points`, `area_scoring`, `end`,
//! `notation`); this file holds the imports the parts share.
//!
//! In each part's file: the candidates of its steps, their `*_ok` checks and the code
//! performing them. [`NangaParbat::step_ok`] is the one legality decision (a dispatcher onto
//! the `*_ok` helpers): the engine's legal list keeps the candidates it accepts, and a
//! refused step gets its [`Forbidden`] reason with a typed rules topic.

mod activations;
mod area_scoring;
mod claim;
mod end;
mod forbidden;
mod notation;
mod points;
mod setup;
mod trap;
mod turn;

pub use forbidden::Forbidden;
pub use points::PointsBySource;

use super::board::{parse_cell, parse_square, square_name, CELLS, REGIONS, SECTIONS};
use super::happening::{
    ActivationEvent, ClaimEvent, EndEvent, Gain, Happening, PointsEvent, TrapEvent, TurnEvent,
};
use super::topics::Topic;
use super::{
    Animal, NangaData, NangaParbat, Opts, Pending, Phase, Piece, RowKind, Step, COLUMNS, ROWS,
};
use crate::engine::rank::{places_by_key, verdict};
use crate::engine::FinalResult;
use crate::engine::{one_seat_acts, Game, GameRng, ParseError, Rules};
use crate::engine::{Audience, Event, Seat, SetupError};
use std::fmt::Write as _;
