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
