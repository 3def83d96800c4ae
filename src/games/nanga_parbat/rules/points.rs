//! Trajectoire de pointage: the points track.

use super::*;

impl NangaParbat {
    /// Move `seat`'s marker `pts` spaces on, with the track rule (NAN-TRACK-1, -2): a marker
    /// that would land on the opponent's space scores 1 more and goes on to the next one.
    pub(in crate::games::nanga_parbat) fn gain(
        &mut self,
        seat: usize,
        pts: i64,
        why: &str,
        events: &mut Vec<Event>,
    ) {
        if pts <= 0 {
            return;
        }
        let mut to = self.score[seat] + pts;
        let mut text = format!("{} scores {pts} ({why})", self.names[seat]);
        if to == self.score[Self::opp(seat)] {
            to += 1;
            text.push_str(&format!(
                " and lands on {}'s space: 1 more",
                self.names[Self::opp(seat)]
            ));
        }
        self.score[seat] = to;
        text.push_str(&format!(", now {to}"));
        events.push(Event::public(text));
    }
}
