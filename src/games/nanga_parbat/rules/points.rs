//! Trajectoire de pointage: the points track.

use super::*;
use crate::engine::ScorePart;
use serde::{Deserialize, Serialize};

impl NangaParbat {
    /// Move `seat`'s marker `pts` spaces on, with the track rule (NAN-TRACK-1, -2): a marker
    /// that would land on the opponent's space scores 1 more and goes on to the next one.
    pub(in crate::games::nanga_parbat) fn gain(
        &mut self,
        seat: usize,
        pts: i64,
        why: Gain,
        events: &mut Vec<Event>,
    ) {
        if pts <= 0 {
            return;
        }
        let mut to = self.score[seat] + pts;
        let bonus = to == self.score[Self::opp(seat)];
        if bonus {
            to += 1;
        }
        self.score[seat] = to;
        if let Some(tally) = self.points_by_source.as_mut().and_then(|t| t.get_mut(seat)) {
            tally.add(why, pts, bonus);
        }
        let scored = PointsEvent::Scored {
            seat,
            points: pts,
            why,
            bonus,
            now: to,
        };
        self.happen(events, scored);
    }
}

/// A seat's points by where they came from, for the final breakdown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsBySource {
    /// Squares of the points chart claimed.
    pub squares: i64,
    pub red_pandas: i64,
    /// The regions at the end (area scoring).
    pub regions: i64,
    /// The 1 more each time the marker would land on the opponent's space.
    pub track_bonus: i64,
}

impl PointsBySource {
    fn add(&mut self, why: Gain, points: i64, bonus: bool) {
        match why {
            Gain::Square(_) => self.squares += points,
            Gain::RedPanda => self.red_pandas += points,
            Gain::Region(_) => self.regions += points,
        }
        self.track_bonus += bonus as i64;
    }

    /// The parts of the score (the regions only with area scoring, `areas`).
    pub fn parts(&self, areas: bool) -> Vec<ScorePart> {
        let mut parts = vec![
            ScorePart::new("squares", self.squares),
            ScorePart::new("red pandas", self.red_pandas),
        ];
        if areas {
            parts.push(ScorePart::new("regions", self.regions));
        }
        parts.push(ScorePart::new("track bonus", self.track_bonus));
        parts
    }
}
