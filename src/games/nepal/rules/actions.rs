//! Rules of Play > Movement and Grow: the two actions.

use super::*;

impl Nepal {
    /// A province index checked to be on the board: every step's first check, made once by
    /// `step_ok` before the step's own check.
    pub(super) fn on_board(data: &NepalData, p: u8) -> Result<u8, Forbidden> {
        if (p as usize) < data.provinces.len() {
            Ok(p)
        } else {
            Err(Forbidden::UnknownProvince)
        }
    }

    /// A step of one kind in every province, legal or not (the rules refuse the others
    /// with their reason).
    pub(in crate::games::nepal) fn every_province(
        data: &NepalData,
        steps: &mut Vec<Step>,
        step: fn(u8) -> Step,
    ) {
        steps.extend((0..data.provinces.len() as u8).map(step));
    }

    /// Three actions a turn, at most two of one kind (`done` of that kind so far).
    fn action_left(&self, done: u8, third: Forbidden) -> Result<(), Forbidden> {
        if self.actions >= 3 {
            Err(Forbidden::NoActionsLeft)
        } else if done >= 2 {
            Err(third)
        } else {
            Ok(())
        }
    }

    /// Every step the notation can name, in any phase, legal or not (placements, moves,
    /// grows, fortresses, `end`): what tests offer to see each refusal worded.
    #[cfg(test)]
    pub(in crate::games::nepal) fn every_step(data: &NepalData) -> Vec<Step> {
        let mut steps = Vec::new();
        Self::every_province(data, &mut steps, Step::Place);
        Self::move_candidates(data, &mut steps);
        Self::every_province(data, &mut steps, Step::Grow);
        Self::every_province(data, &mut steps, Step::Fortress);
        steps.push(Step::End);
        steps
    }

    /// Every move the notation can name, legal or not: from each province to its neighbours
    /// first (the order of the legal list), then to every other province.
    #[cfg(test)]
    fn move_candidates(data: &NepalData, steps: &mut Vec<Step>) {
        let np = data.provinces.len() as u8;
        for from in 0..np {
            let near = data.adj_mask[from as usize];
            let far = (0..np).filter(|&to| near & (1 << to) == 0);
            steps.extend(
                data.adj[from as usize]
                    .iter()
                    .copied()
                    .chain(far)
                    .map(|to| Step::Move { from, to }),
            );
        }
    }

    /// The moves `seat` may make, legal or not otherwise: from each province holding its
    /// piece to each neighbour, in the order of [`Nepal::move_candidates`].
    pub(in crate::games::nepal) fn own_move_candidates(
        &self,
        data: &NepalData,
        seat: Seat,
        steps: &mut Vec<Step>,
    ) {
        for (from, near) in data.adj.iter().enumerate() {
            if self.pieces_at(from, seat) > 0 {
                let from = from as u8;
                steps.extend(near.iter().map(|&to| Step::Move { from, to }));
            }
        }
    }

    pub(super) fn move_ok(
        &self,
        data: &NepalData,
        seat: Seat,
        from: u8,
        to: u8,
    ) -> Result<(), Forbidden> {
        self.action_left(self.moves, Forbidden::ThirdMove)?;
        if self.pieces_at(from as usize, seat) == 0 {
            return Err(Forbidden::NoPieceThere { from });
        }
        if data.adj_mask[from as usize] & (1 << to) == 0 {
            return Err(Forbidden::NotAdjacent { from, to });
        }
        Ok(())
    }

    pub(super) fn grow_ok(
        &self,
        data: &NepalData,
        seat: Seat,
        province: u8,
    ) -> Result<(), Forbidden> {
        self.action_left(self.grows, Forbidden::ThirdGrow)?;
        if self.hand[seat] == 0 {
            return Err(Forbidden::HandEmpty);
        }
        let p = province as usize;
        if self.pieces_at(p, seat) == 0 && !self.exempt(p, seat, data) {
            return Err(Forbidden::GrowNeedsPiece { province });
        }
        Ok(())
    }

    /// Move one of `seat`'s pieces to an adjacent province (limits are only enforced by
    /// the conflict at the end of the turn).
    pub(in crate::games::nepal) fn move_piece(
        &mut self,
        data: &NepalData,
        seat: usize,
        f: u8,
        t: u8,
    ) -> Applied {
        let n = self.n();
        self.pieces[f as usize * n + seat] -= 1;
        self.pieces[t as usize * n + seat] += 1;
        self.moves += 1;
        self.actions += 1;
        self.this_turn.push(Step::Move { from: f, to: t });
        self.said(
            data,
            ActionEvent::Moved {
                seat,
                from: f as usize,
                to: t as usize,
            },
        )
    }

    /// One piece of `seat`'s hand onto province `p` (a grow, or a start placement).
    pub(in crate::games::nepal) fn piece_from_hand(&mut self, seat: usize, p: u8) {
        let n = self.n();
        self.pieces[p as usize * n + seat] += 1;
        self.hand[seat] -= 1;
    }

    /// Grow: one piece from the hand onto the map.
    pub(in crate::games::nepal) fn grow(
        &mut self,
        data: &NepalData,
        seat: usize,
        p: u8,
    ) -> Applied {
        self.piece_from_hand(seat, p);
        self.grows += 1;
        self.actions += 1;
        self.this_turn.push(Step::Grow(p));
        self.said(
            data,
            ActionEvent::Grew {
                seat,
                province: p as usize,
            },
        )
    }
}
