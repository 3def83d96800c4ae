//! Game End: what ends the game.

use super::*;

impl Nepal {
    /// After the conflict of `seat`'s turn (NEP-END-5 reading): an empty hand or an empty
    /// deck triggers the end; then every player, `seat` included, plays one more turn.
    /// Returns whether this turn was the last one.
    pub(super) fn check_end(
        &mut self,
        data: &NepalData,
        seat: usize,
        events: &mut Vec<Event>,
    ) -> bool {
        let n = self.n();
        if let Some(t) = &mut self.end {
            t.turns_left -= 1;
            return t.turns_left == 0;
        }
        let cause = if let Some(s) = (0..n).find(|&s| self.hand[s] == 0) {
            Some(EndCause::HandEmpty { seat: s })
        } else if self.deck.is_empty() {
            Some(EndCause::DeckExhausted)
        } else {
            None
        };
        if let Some(cause) = cause {
            events.push(self.say(data, EndEvent::Triggered { seat, cause }));
            self.end = Some(EndTrigger {
                by: seat,
                reason: cause.text(&self.names),
                turns_left: n,
            });
        }
        false
    }
}
