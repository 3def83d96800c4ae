//! A finished game's result: each seat's score and place, the parts of each score
//! ("regions 16, claims 5") and the standings as text.

use super::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Final scores and ranking (made by [`rank`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalResult {
    /// Score per seat, indexed by seat.
    pub scores: Vec<i64>,
    /// Place per seat, 1 = winner; tied seats share a place.
    pub places: Vec<u32>,
    /// Who won, then how ties were broken, if any.
    pub note: String,
    /// What each seat's standings line shows instead of its score, by seat; empty: the
    /// score. For a game not won on one score (Himalaya: the influences and tie-breaks).
    #[serde(default)]
    pub shown: Vec<String>,
    /// How each seat's score was made, by seat: named parts, in the game's own words, that
    /// add up to its score (the numbers the game's final picture shows too); empty: the
    /// totals only (a game finished before breakdowns were kept).
    #[serde(default)]
    pub breakdown: Vec<Vec<ScorePart>>,
}

/// One named part of a seat's final score: "regions 16".
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScorePart {
    pub name: String,
    pub points: i64,
}

impl ScorePart {
    pub fn new(name: impl Into<String>, points: i64) -> Self {
        ScorePart {
            name: name.into(),
            points,
        }
    }
}

/// Score parts as text: `regions 16, claims 5` (empty for none).
pub fn parts_text(parts: &[ScorePart]) -> String {
    let words: Vec<String> = parts
        .iter()
        .map(|p| format!("{} {}", p.name, p.points))
        .collect();
    words.join(", ")
}

/// A seat's score parts that do not add up to its score (a game's scoring bug).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BreakdownMismatch {
    pub seat: Seat,
    pub score: i64,
    pub parts_sum: i64,
}

impl fmt::Display for BreakdownMismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "seat {}'s score parts add up to {}, not to its score {}",
            self.seat, self.parts_sum, self.score
        )
    }
}
impl std::error::Error for BreakdownMismatch {}

impl FinalResult {
    /// The place of `seat` (1 = winner; 0 for a seat the result does not list).
    pub fn place_of(&self, seat: Seat) -> u32 {
        self.places.get(seat).copied().unwrap_or(0)
    }

    /// This result with `breakdown` (by seat) as the parts of each seat's score.
    pub fn with_breakdown(mut self, breakdown: Vec<Vec<ScorePart>>) -> Self {
        self.breakdown = breakdown;
        self
    }

    /// The parts of `seat`'s score as text, `regions 16, claims 5` (empty without them).
    pub fn breakdown_text(&self, seat: Seat) -> String {
        parts_text(self.breakdown.get(seat).map(Vec::as_slice).unwrap_or(&[]))
    }

    /// ` (regions 16, claims 5)`: the parts of `seat`'s score in brackets after a space
    /// (empty without them).
    pub fn parts_in_brackets(&self, seat: Seat) -> String {
        match self.breakdown_text(seat) {
            parts if parts.is_empty() => parts,
            parts => format!(" ({parts})"),
        }
    }

    /// `34 (regions 16, claims 5, ...)`: `seat`'s score and its parts, or the score alone
    /// without them.
    pub fn score_text(&self, seat: Seat) -> String {
        let score = self.scores.get(seat).copied().unwrap_or(0);
        format!("{score}{}", self.parts_in_brackets(seat))
    }

    /// Checks that each seat's parts add up to its score (a result without a breakdown
    /// passes).
    pub fn check_breakdown(&self) -> Result<(), BreakdownMismatch> {
        for (seat, parts) in self.breakdown.iter().enumerate() {
            let parts_sum: i64 = parts.iter().map(|p| p.points).sum();
            let score = self.scores.get(seat).copied().unwrap_or(0);
            if parts_sum != score {
                return Err(BreakdownMismatch {
                    seat,
                    score,
                    parts_sum,
                });
            }
        }
        Ok(())
    }

    /// The standings as lines, best place first (seat order within a place): `1. ann: 34
    /// (regions 16, ...)` for each seat, its score and the parts of it (or what
    /// [`FinalResult::shown`] holds for it, which then words the parts itself), named by
    /// `names` (by seat; `?` past its end), then the note.
    pub fn standings(&self, names: &[&str]) -> String {
        let mut order: Vec<usize> = (0..self.scores.len()).collect();
        order.sort_by_key(|&i| (self.places.get(i).copied().unwrap_or(u32::MAX), i));
        let mut lines: Vec<String> = order
            .iter()
            .map(|&i| {
                let name = names.get(i).copied().unwrap_or("?");
                match self.shown.get(i) {
                    Some(shown) => format!("{}. {name}: {shown}", self.place_of(i)),
                    None => format!("{}. {name}: {}", self.place_of(i), self.score_text(i)),
                }
            })
            .collect();
        if !self.note.is_empty() {
            lines.push(self.note.clone());
        }
        lines.join("\n")
    }
}
