//! Game End: what ends the game.

use super::*;

impl Nepal {
    /// After the conflict of `seat`'s turn (NEP-END-5 reading): an empty hand or an empty
    /// deck triggers the end; then every player, `seat` included, plays one more turn.
    /// Returns whether this turn was the last one.
    pub(super) fn check_end(&mut self, seat: usize, events: &mut Vec<Event>) -> bool {
        let n = self.n();
        match &mut self.end {
            None => {
                let reason = if let Some(s) = (0..n).find(|&s| self.hand[s] == 0) {
                    Some(format!("{} has no pieces left in hand", self.names[s]))
                } else if self.deck.is_empty() {
                    Some("the trade deck is exhausted".to_string())
                } else {
                    None
                };
                if let Some(reason) = reason {
                    events.push(Event::public(format!(
                        "the end is triggered ({reason}): every player, {} included, plays one more turn",
                        self.names[seat]
                    )));
                    self.end = Some(EndTrigger {
                        by: seat,
                        reason,
                        turns_left: n,
                    });
                }
                false
            }
            Some(t) => {
                t.turns_left -= 1;
                t.turns_left == 0
            }
        }
    }
}
