//! Détail des étapes, step 4: claim a square of the chart by building camps or trading
//! animals (NAN-BUILD-1..13, NAN-CHART-4..6).

use super::*;

impl NangaParbat {
    /// After the trap: every square, and `end`.
    pub(in crate::games::nanga_parbat) fn claim_candidates(&self, steps: &mut Vec<Step>) {
        if self.trapped {
            steps.extend((0..(ROWS * COLUMNS) as u8).map(Step::Claim));
            steps.push(Step::End);
        }
    }

    /// While a claim is being completed: its hikers or its animals.
    pub(in crate::games::nanga_parbat) fn pending_candidates(pending: &Pending) -> Vec<Step> {
        match pending {
            Pending::Deer { .. } => (0..CELLS as u8).map(Step::Deer).collect(),
            Pending::Build { .. } => (0..CELLS as u8).map(Step::Camp).collect(),
            Pending::Trade { .. } => Animal::ALL.iter().map(|&a| Step::Give(a)).collect(),
        }
    }

    pub(super) fn claim_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        square: u8,
    ) -> Result<(), Forbidden> {
        if square as usize >= ROWS * COLUMNS {
            return Err(Forbidden::UnknownPlace);
        }
        if !self.trapped {
            return Err(Forbidden::TrapFirst);
        }
        if self.cubes[seat] == 0 {
            return Err(Forbidden::NoCubes);
        }
        if self.claimed {
            return Err(Forbidden::ClaimedThisTurn);
        }
        if self.chart[square as usize].is_some() {
            return Err(Forbidden::SquareTaken { square });
        }
        let (kind, need, _) = data.square(square);
        match kind {
            RowKind::Camps if self.camps[seat] < need => Err(Forbidden::NotEnoughCamps { square }),
            RowKind::Camps if !self.camp_group_possible(data, seat, need, 0) => {
                Err(Forbidden::NoCampGroup { square })
            }
            RowKind::Camps => Ok(()),
            RowKind::Different | RowKind::Same => {
                if self.trade_possible(seat, need, kind == RowKind::Same, &[]) {
                    Ok(())
                } else {
                    Err(Forbidden::NotEnoughAnimals { square })
                }
            }
        }
    }

    /// The next hiker of a camp group (NAN-BUILD-13 reading: one connected group).
    pub(super) fn camp_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        square: u8,
        picked: &[u8],
        c: u8,
    ) -> Result<(), Forbidden> {
        Self::cell_ok(c)?;
        if self.cells[c as usize] != Piece::Hiker(seat as u8) {
            return Err(Forbidden::NotYourHiker);
        }
        if picked.contains(&c) {
            return Err(Forbidden::AlreadyPicked);
        }
        let mask = picked.iter().fold(1u64 << c, |m, &p| m | 1 << p);
        let (_, need, _) = data.square(square);
        if !self.camp_group_possible(data, seat, need, mask) {
            return Err(Forbidden::CampBreaksGroup);
        }
        Ok(())
    }

    /// The next animal of a trade: one held, after which the trade can still be completed.
    pub(super) fn give_ok(
        &self,
        data: &NangaData,
        seat: Seat,
        square: u8,
        given: &[Animal],
        a: Animal,
    ) -> Result<(), Forbidden> {
        if self.held(seat, a) == 0 {
            return Err(Forbidden::NoSuchAnimal(a));
        }
        let (kind, need, _) = data.square(square);
        let mut after_given = given.to_vec();
        after_given.push(a);
        let mut after = self.clone();
        after.take_animal(seat, a);
        if !after.trade_possible(seat, need, kind == RowKind::Same, &after_given) {
            return Err(Forbidden::TradeCannotFinish(a));
        }
        Ok(())
    }

    fn held(&self, seat: usize, a: Animal) -> u8 {
        self.fresh[seat][a.index()] + self.used[seat][a.index()]
    }

    /// Is `cells` (a bit mask) one connected group of adjacent sections?
    fn connected(data: &NangaData, mask: u64) -> bool {
        if mask == 0 {
            return true;
        }
        let start = mask.trailing_zeros();
        let mut seen = 1u64 << start;
        let mut stack = vec![start as usize];
        while let Some(c) = stack.pop() {
            let next = data.adj_mask[c] & mask & !seen;
            seen |= next;
            let mut m = next;
            while m != 0 {
                stack.push(m.trailing_zeros() as usize);
                m &= m - 1;
            }
        }
        seen == mask
    }

    /// Can `picked` (mask) grow into one connected group of exactly `need` of `seat`'s
    /// hikers (NAN-BUILD-2, NAN-BUILD-13 reading)?
    fn camp_group_possible(&self, data: &NangaData, seat: usize, need: u8, picked: u64) -> bool {
        let own: Vec<usize> = (0..CELLS)
            .filter(|&c| self.cells[c] == Piece::Hiker(seat as u8))
            .collect();
        let need = need as usize;
        if own.len() < need || picked.count_ones() as usize > need {
            return false;
        }
        // Enumerate subsets of size `need` (at most C(17, 6)).
        fn rec(
            data: &NangaData,
            own: &[usize],
            from: usize,
            left: usize,
            mask: u64,
            picked: u64,
        ) -> bool {
            if left == 0 {
                return mask & picked == picked && NangaParbat::connected(data, mask);
            }
            (from..own.len()).any(|i| {
                own.len() - i >= left && rec(data, own, i + 1, left - 1, mask | 1 << own[i], picked)
            })
        }
        rec(data, &own, 0, need, 0, picked)
    }

    /// Can a trade of `need` animals (all different, or all the same) be finished, given the
    /// kinds handed in so far and what is left on the board? Bharal is wild (NAN-ACT-10).
    fn trade_possible(&self, seat: usize, need: u8, same: bool, given: &[Animal]) -> bool {
        let left = need as i32 - given.len() as i32;
        if left < 0 {
            return false;
        }
        let held = |a: Animal| self.held(seat, a) as i32;
        let named: Vec<Animal> = given
            .iter()
            .copied()
            .filter(|&a| a != Animal::Bharal)
            .collect();
        let wild = held(Animal::Bharal);
        if same {
            let mut kinds = named.clone();
            kinds.dedup();
            match kinds.as_slice() {
                [] => {
                    wild >= left
                        || Animal::ALL
                            .iter()
                            .any(|&a| a != Animal::Bharal && held(a) + wild >= left)
                }
                [k] if named.iter().all(|a| a == k) => held(*k) + wild >= left,
                _ => false,
            }
        } else {
            let mut sorted = named.clone();
            sorted.sort();
            sorted.dedup();
            if sorted.len() != named.len() {
                return false;
            }
            let others = Animal::ALL
                .iter()
                .filter(|&&a| a != Animal::Bharal && !named.contains(&a) && held(a) > 0)
                .count() as i32;
            others + wild >= left
        }
    }

    pub(in crate::games::nanga_parbat) fn claim(
        &mut self,
        data: &NangaData,
        seat: usize,
        q: u8,
        events: &mut Vec<Event>,
    ) {
        let (kind, need, vp) = data.square(q);
        self.claimed = true;
        self.chart[q as usize] = Some(seat as u8);
        self.cubes[seat] -= 1;
        let claimed = ClaimEvent::Claimed {
            seat,
            square: q,
            kind,
            need,
            vp,
        };
        self.happen(events, claimed);
        self.pending = Some(match kind {
            RowKind::Camps => Pending::Build {
                square: q,
                picked: Vec::new(),
            },
            _ => Pending::Trade {
                square: q,
                given: Vec::new(),
            },
        });
    }

    pub(in crate::games::nanga_parbat) fn pick_camp(
        &mut self,
        data: &NangaData,
        seat: usize,
        c: u8,
        events: &mut Vec<Event>,
    ) {
        let Some(Pending::Build { square, mut picked }) = self.pending.take() else {
            return;
        };
        picked.push(c);
        let (_, need, vp) = data.square(square);
        if picked.len() < need as usize {
            self.pending = Some(Pending::Build { square, picked });
            self.happen(events, ClaimEvent::CampPicked { seat, cell: c });
            return;
        }
        // NAN-BUILD-2..4: the hikers become camps where they stand; the hikers are discarded.
        for &p in &picked {
            self.cells[p as usize] = Piece::Camp(seat as u8);
        }
        self.camps[seat] -= need;
        self.happen(
            events,
            ClaimEvent::CampsBuilt {
                seat,
                cells: picked,
            },
        );
        self.complete_claim(seat, square, vp, events);
    }

    pub(in crate::games::nanga_parbat) fn give(
        &mut self,
        data: &NangaData,
        seat: usize,
        a: Animal,
        events: &mut Vec<Event>,
    ) {
        let Some(Pending::Trade { square, mut given }) = self.pending.take() else {
            return;
        };
        // NAN-BUILD-8, NAN-BUILD-9: activated or not, a traded animal leaves the board.
        self.take_animal(seat, a);
        given.push(a);
        let (_, need, vp) = data.square(square);
        self.happen(events, ClaimEvent::HandedIn { seat, animal: a });
        if given.len() < need as usize {
            self.pending = Some(Pending::Trade { square, given });
            return;
        }
        self.complete_claim(seat, square, vp, events);
    }

    /// Hand one animal of kind `a` in, an activated one first (it can do nothing more).
    fn take_animal(&mut self, seat: usize, a: Animal) {
        if self.used[seat][a.index()] > 0 {
            self.used[seat][a.index()] -= 1;
        } else {
            self.fresh[seat][a.index()] -= 1;
        }
    }

    /// NAN-BUILD-12: the square's VP, then the end by cubes (NAN-END-2).
    fn complete_claim(&mut self, seat: usize, square: u8, vp: u8, events: &mut Vec<Event>) {
        self.gain(seat, vp as i64, Gain::Square(square), events);
        if !self.opts.areas && self.cubes.iter().all(|&c| c == 0) {
            self.happen(events, EndEvent::CubesPlaced);
            self.finish(events);
        }
    }
}
