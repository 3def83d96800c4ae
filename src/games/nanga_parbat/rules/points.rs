//! Trajectoire de pointage: the points track.

use super::*;

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
