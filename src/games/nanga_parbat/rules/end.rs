//! The end of the game and the final result.

use super::*;

impl NangaParbat {
    /// NAN-END-3: most points wins; NAN-END-5 reading: a tie (only at 0) is shared.
    pub(super) fn finish(&mut self, events: &mut Vec<Event>) {
        let places = places_by_key(&self.score);
        let mut note = verdict(&self.names, &places);
        if places.iter().all(|&p| p == 1) {
            let _ = write!(
                note,
                " (tied on {} VP; markers share a space only at 0, and such a tie is shared)",
                self.score[0]
            );
        }
        let over = EndEvent::Over { note: note.clone() };
        self.happen(events, over);
        let breakdown = match &self.points_by_source {
            Some(tally) => tally.iter().map(|t| t.parts(self.opts.areas)).collect(),
            None => Vec::new(),
        };
        let result = FinalResult {
            scores: self.score.clone(),
            places,
            note,
            shown: Vec::new(),
            breakdown,
        };
        self.result = Some(result);
        self.phase = Phase::Over;
        self.pending = None;
    }
}

impl NangaParbat {
    /// The evaluation hint (see [`crate::engine::Game::hint`]): each seat's points so far,
    /// plus, in the area variant before the regions are scored, the region points its
    /// pieces would score now. All of it is on the board for everyone.
    pub(in crate::games::nanga_parbat) fn hint_points(&self) -> Vec<f64> {
        let pending_areas = self.opts.areas && self.area_points.is_none();
        (0..self.score.len())
            .map(|seat| {
                let areas: i64 = if pending_areas {
                    (0..REGIONS).map(|r| self.region_area_points(seat, r)).sum()
                } else {
                    0
                };
                (self.score[seat] + areas) as f64
            })
            .collect()
    }
}
