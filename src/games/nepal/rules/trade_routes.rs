//! Rules of Play > Claim Trade Routes and Reveal New Trade Routes.

use super::*;

impl Nepal {
    /// Provinces `seat` controls for routes: a regular piece or its fortress.
    pub(super) fn control_mask(&self, seat: usize) -> u64 {
        let n = self.n();
        let mut m = 0u64;
        for (p, f) in self.fortress.iter().enumerate() {
            if self.pieces[p * n + seat] > 0 || *f == Some(seat as u8) {
                m |= 1 << p;
            }
        }
        m
    }

    /// Is there a chain of adjacent controlled provinces from one end of `card` to the
    /// other? (An outside end is reached through the provinces its arrows point to.)
    pub(super) fn route_linked(data: &NepalData, ctrl: u64, card: &Card) -> bool {
        let mut comp = ctrl & card.ends[0];
        if comp == 0 || ctrl & card.ends[1] == 0 {
            return false;
        }
        loop {
            if comp & card.ends[1] != 0 {
                return true;
            }
            let next = comp | (spread(&data.adj_mask, comp) & ctrl);
            if next == comp {
                return false;
            }
            comp = next;
        }
    }

    /// Does `seat` have an unbroken chain for `card` now?
    pub fn controls_route(&self, data: &NepalData, seat: usize, card: usize) -> bool {
        Self::route_linked(data, self.control_mask(seat), &data.cards[card])
    }

    /// The claim step of `seat`'s turn: every card in play before this step that `seat`
    /// links now and has not marked yet gets a marker from the hand (none with an empty
    /// hand), 3 VP for the first marker, 2 for the second, 0 later. A first marker reveals
    /// a new card, which cannot be claimed in this step. Returns whether a card was drawn.
    pub(super) fn claim_routes(
        &mut self,
        data: &NepalData,
        seat: usize,
        events: &mut Vec<Event>,
    ) -> bool {
        let mut revealed = false;
        let ctrl = self.control_mask(seat);
        let in_play = self.cards.len();
        for ci in 0..in_play {
            let card = self.cards[ci].card as usize;
            if self.cards[ci].claims.contains(&(seat as u8))
                || !Self::route_linked(data, ctrl, &data.cards[card])
            {
                continue;
            }
            if self.hand[seat] == 0 {
                events.push(self.say(data, RouteEvent::LinkedUnmarked { seat, card }));
                continue;
            }
            self.hand[seat] -= 1;
            self.cards[ci].claims.push(seat as u8);
            let position = self.cards[ci].claims.len();
            let points = match position {
                1 => 3,
                2 => 2,
                _ => 0,
            };
            self.score[seat] += points;
            events.push(self.say(
                data,
                RouteEvent::Claimed {
                    seat,
                    card,
                    position,
                    points,
                },
            ));
            if position == 1 {
                revealed |= self.reveal(data, events);
            }
        }
        revealed
    }
}

// ==== Reveal new trade routes ====

impl Nepal {
    /// Turn up the next card of the deck, if any. Returns whether a card was drawn.
    fn reveal(&mut self, data: &NepalData, events: &mut Vec<Event>) -> bool {
        let Some(c) = self.deck.pop() else {
            return false;
        };
        self.cards.push(InPlay {
            card: c,
            claims: Vec::new(),
            revealed_turn: self.turn,
        });
        events.push(self.say(data, RouteEvent::Revealed { card: c as usize }));
        true
    }
}
