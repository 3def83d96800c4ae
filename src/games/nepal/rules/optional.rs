//! Optional Rules: the start placement and the fortress.

use super::*;

impl Nepal {
    pub(super) fn place_ok(
        &self,
        data: &NepalData,
        seat: Seat,
        province: u8,
    ) -> Result<(), Forbidden> {
        if self.hand[seat] == 0 {
            return Err(Forbidden::HandEmpty);
        }
        let p = province as usize;
        if let Some(limit) = data.limit(p, self.opts.boom) {
            let total: u32 = (0..self.n()).map(|s| self.pieces_at(p, s) as u32).sum();
            if total >= limit as u32 {
                return Err(Forbidden::ProvinceFull { province });
            }
        }
        Ok(())
    }

    pub(super) fn fortress_ok(
        &self,
        data: &NepalData,
        seat: Seat,
        province: u8,
    ) -> Result<(), Forbidden> {
        if !self.opts.fortress {
            return Err(Forbidden::FortressOff);
        }
        if self.fortress_built[seat] {
            return Err(Forbidden::FortressBuilt);
        }
        if self.actions > 0 {
            return Err(Forbidden::FortressNeedsWholeTurn);
        }
        if province as usize == data.kathmandu {
            return Err(Forbidden::FortressInKathmandu);
        }
        if self.fortress[province as usize].is_some() {
            return Err(Forbidden::FortressTaken { province });
        }
        if self.hand[seat] < 2 {
            return Err(Forbidden::FortressHand);
        }
        Ok(())
    }

    /// Start placement: one piece from the hand anywhere within the limits; after the
    /// last one the first player starts the game proper.
    pub(in crate::games::nepal) fn place(
        &mut self,
        data: &NepalData,
        seat: usize,
        p: u8,
    ) -> Applied {
        self.piece_from_hand(seat, p);
        self.placements_left -= 1;
        let ev = self.say(
            data,
            OptionEvent::Placed {
                seat,
                province: p as usize,
            },
        );
        if self.placements_left == 0 {
            self.phase = Phase::Play;
            self.current = 0;
            self.moves = 0;
            self.grows = 0;
            self.actions = 0;
            self.this_turn.clear();
        } else {
            self.next_seat();
        }
        Applied {
            events: vec![ev],
            irreversible: false,
            turn_ended: true,
            secret: false,
            reveals: false,
        }
    }

    /// Fortress: two pieces from the hand, all three actions of the turn.
    pub(in crate::games::nepal) fn build_fortress(
        &mut self,
        data: &NepalData,
        seat: usize,
        p: u8,
    ) -> Applied {
        self.fortress[p as usize] = Some(seat as u8);
        self.fortress_built[seat] = true;
        self.hand[seat] -= 2;
        self.actions = 3;
        self.this_turn.push(Step::Fortress(p));
        self.said(
            data,
            OptionEvent::FortressBuilt {
                seat,
                province: p as usize,
            },
        )
    }
}
