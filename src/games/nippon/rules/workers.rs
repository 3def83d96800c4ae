//! Taking a worker and refilling the action slots and the scoring track (rulebook: a player's turn, NIP-WORK, NIP-TRIG).

use super::*;

/// Some check passed (`Ok`), else the first refusal; `None` for no check at all.
fn any_of<E>(mut checks: impl Iterator<Item = Result<(), E>>) -> Option<Result<(), E>> {
    let first = checks.next()?;
    if first.is_ok() || checks.any(|c| c.is_ok()) {
        return Some(Ok(()));
    }
    Some(first)
}

// ==== Take a worker (NIP-WORK) ====

impl Nippon {
    /// Every `take <slot> <colour>`, then `consolidate`.
    pub(crate) fn start_candidates(data: &NipponData) -> Vec<Step> {
        let mut v = Vec::new();
        for s in 1..=data.slots.len() as u8 {
            for c in 0..data.worker_colours.len() as u8 {
                v.push(Step::Take { slot: s, colour: c });
            }
        }
        v.push(Step::Consolidate);
        v
    }

    /// NIP-TURN-2: take a worker (or consolidate, always allowed).
    pub(crate) fn can_take(
        &self,
        data: &NipponData,
        seat: Seat,
        slot: u8,
        colour: u8,
    ) -> Result<(), Forbidden> {
        if self.players[seat].workers.len() >= MAX_WORKERS {
            return Err(Forbidden::SixWorkers);
        }
        let s = (slot as usize).wrapping_sub(1);
        if self.slots.get(s).is_none_or(|w| !w.contains(&colour)) {
            return Err(Forbidden::NoWorker { slot, colour });
        }
        let mut why = [None; 2];
        for (i, &a) in data.slots[s].iter().enumerate() {
            match self.feasible(data, seat, a) {
                Ok(()) => return Ok(()),
                Err(w) => {
                    if let Some(x) = why.get_mut(i) {
                        *x = Some((a, w));
                    }
                }
            }
        }
        Err(Forbidden::SlotUnfeasible { slot, why })
    }

    /// Can `seat` carry out action `a` completely ([`Nippon::feasible`])?
    pub(crate) fn action_feasible(&self, data: &NipponData, seat: Seat, a: Action) -> bool {
        self.feasible(data, seat, a).is_ok()
    }

    /// NIP-WORK-5: can `seat` carry out action `a` completely? `Err`: why not (for a
    /// factory, train or ship, the reason of the first good or region).
    pub(crate) fn feasible(
        &self,
        data: &NipponData,
        seat: Seat,
        a: Action,
    ) -> Result<(), ActionWhy> {
        let ng = data.goods.len() as u8;
        match a {
            Action::Factory => any_of((0..ng).map(|g| self.build_ok(data, seat, g as usize)))
                .unwrap_or(Err(ActionWhy::NoFactoryBuildable)),
            Action::Machinery => self.afford_machine(data, seat),
            Action::Produce => match any_of((0..ng).map(|g| self.run_ok(data, seat, g as usize))) {
                Some(Ok(())) => Ok(()),
                _ => Err(ActionWhy::NoFactoryRuns),
            },
            Action::Knowledge => self.up_ok(data, seat, TrackKind::Knowledge, 1),
            Action::Coal => self.up_ok(data, seat, TrackKind::Coal, 1),
            Action::Trains | Action::Ships => any_of(
                (0..data.regions.len())
                    .map(|r| self.rail_ok(data, seat, a == Action::Ships, &[], r)),
            )
            .unwrap_or(Err(ActionWhy::NoRegionRoom)),
            Action::Export => {
                if (1..=data.contracts.len() as u8)
                    .any(|k| self.can_contract(data, seat, k).is_ok())
                {
                    Ok(())
                } else {
                    Err(ActionWhy::NoContract)
                }
            }
            Action::Market if self.may_place_a_tile(data, seat) => Ok(()),
            Action::Market => Err(ActionWhy::NoTilePlaceable),
        }
    }

    /// Can `seat` place at least one influence tile (some `tile <value> <good> <cubes>`
    /// that [`Nippon::can_tile`] accepts, values 1 to 7)? For each good and number of
    /// cubes its storage holds, only the highest tile those cubes allow is tried: a slot
    /// that takes a tile takes any higher one too ([`Nippon::slot_blocker`]).
    pub(crate) fn may_place_a_tile(&self, data: &NipponData, seat: Seat) -> bool {
        let p = &self.players[seat];
        (0..data.goods.len()).any(|g| {
            let stored = p.factories[g].map_or(0, |f| f.goods);
            (1..=stored.min(3)).any(|c| {
                let max = data.max_value(g, c).min(7);
                let best = p
                    .tiles
                    .iter()
                    .copied()
                    .filter(|v| (1..=max).contains(v))
                    .max();
                best.is_some_and(|v| self.tile_has_a_city(data, None, v, g))
            })
        })
    }

    /// `take <slot> <colour>`: the worker goes onto the player board; a slot with one
    /// feasible action starts it at once.
    pub(crate) fn take(
        &mut self,
        data: &NipponData,
        seat: Seat,
        slot: u8,
        colour: u8,
        ev: &mut Vec<Event>,
    ) {
        let s = slot as usize - 1;
        let i = self.slots[s]
            .iter()
            .position(|&c| c == colour)
            .expect("checked");
        self.slots[s].remove(i);
        self.players[seat].workers.push(colour);
        self.taken_from = Some(s as u8);
        self.say(data, ev, WorkersEvent::Took { seat, colour, slot });
        let doable: Vec<Action> = data.slots[s]
            .iter()
            .copied()
            .filter(|&a| self.action_feasible(data, seat, a))
            .collect();
        if doable.len() == 1 {
            self.start_action(doable[0]);
            self.begun = Some(doable[0]);
        } else {
            self.stage = Stage::Choose;
        }
    }

    /// NIP-WORK-3, -5: one action of the slot the worker came from, if it can be done.
    pub(crate) fn choose_ok(
        &self,
        data: &NipponData,
        seat: Seat,
        a: Action,
    ) -> Result<(), Forbidden> {
        let slot = self.taken_from.expect("a worker was taken") as usize;
        if !data.slots[slot].contains(&a) {
            return Err(Forbidden::NotOffered {
                slot: slot as u8 + 1,
                action: a,
            });
        }
        self.feasible(data, seat, a).map_err(Forbidden::Action)
    }

    /// The stage that starts action `a`.
    pub(crate) fn start_action(&mut self, a: Action) {
        self.stage = match a {
            Action::Factory => Stage::Factory,
            Action::Machinery => Stage::Machinery { n: 0 },
            Action::Produce => Stage::Produce { ran: Vec::new() },
            Action::Knowledge => Stage::Track {
                track: TrackKind::Knowledge,
            },
            Action::Coal => Stage::Track {
                track: TrackKind::Coal,
            },
            Action::Trains => Stage::Rail {
                ship: false,
                regions: Vec::new(),
            },
            Action::Ships => Stage::Rail {
                ship: true,
                regions: Vec::new(),
            },
            Action::Export => Stage::Export {
                done: 0,
                open: None,
            },
            Action::Market => Stage::Market(Market {
                region: None,
                placed: 0,
                tile: None,
                city: None,
            }),
        };
    }
}

// ==== Refill of the action slots and the scoring track (NIP-WORK-7..13, NIP-TRIG) ====

impl Nippon {
    /// NIP-WORK-7..11: refill an emptied action slot.
    pub(crate) fn refill_slot(&mut self, data: &NipponData, s: usize, ev: &mut Vec<Event>) {
        if let Some(r) = self.rows.iter().position(|r| !r.is_empty()) {
            let row = std::mem::take(&mut self.rows[r]);
            self.slots[s] = row;
            self.say(data, ev, WorkersEvent::RowMoved { row: r, slot: s });
            return;
        }
        // Every row is empty: full refill.
        self.refill_owed = true;
        self.complete_refill(data);
        self.say(data, ev, WorkersEvent::FullRefill);
        if self.final_turns.is_none() {
            self.advance_marker(data, ev);
        }
    }

    /// Top every action slot up to 3, then the rows from the top, as far as the bag allows
    /// (NIP-WORK-9, -10, -12).
    pub(crate) fn complete_refill(&mut self, data: &NipponData) {
        if !self.refill_owed {
            return;
        }
        let per_row = data.rows_for(self.n()).per_row;
        for s in 0..self.slots.len() {
            while self.slots[s].len() < data.workers_per_slot {
                match self.draw() {
                    Some(w) => self.slots[s].push(w),
                    None => return,
                }
            }
        }
        for r in 0..self.rows.len() {
            while self.rows[r].len() < per_row {
                match self.draw() {
                    Some(w) => self.rows[r].push(w),
                    None => return,
                }
            }
        }
        self.refill_owed = false;
    }

    /// NIP-WORK-11, NIP-TRIG-2..4: the scoring marker moves one slot to the right.
    pub(crate) fn advance_marker(&mut self, data: &NipponData, ev: &mut Vec<Event>) {
        let from = self.marker;
        self.marker += 1;
        self.say(data, ev, WorkersEvent::MarkerMoved { slot: self.marker });
        if from == data.symbols[0] {
            self.score_regions(data, 0, ev);
        }
        if from == data.symbols[1] {
            self.score_regions(data, 1, ev);
        }
        if self.marker == data.first_golden && self.final_turns.is_none() {
            self.final_turns = Some(3 * self.n() as u32);
            self.say(data, ev, WorkersEvent::LastRounds);
        }
    }

    /// The action (or the consolidation) is over. NIP-TURN-3: the turn is still the
    /// player's, so while they could spend blueprints it waits for them or `done`;
    /// otherwise it ends at once.
    pub(crate) fn end_action(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        self.stage = Stage::Spend;
        let tracks: Vec<TrackKind> = TrackKind::ALL
            .into_iter()
            .filter(|&t| self.may_raise_with_blueprints(data, seat, t))
            .collect();
        if !tracks.is_empty() {
            let blueprints = self.players[seat].blueprints;
            self.say(
                data,
                ev,
                TurnEvent::BlueprintsLeft {
                    seat,
                    blueprints,
                    tracks,
                },
            );
        } else {
            self.end_turn(data, ev);
        }
    }

    /// After a complete turn: refill the emptied slot, count the last rounds, pass the turn.
    pub(crate) fn end_turn(&mut self, data: &NipponData, ev: &mut Vec<Event>) {
        let in_final = self.final_turns.is_some();
        if let Some(s) = self.taken_from.take() {
            if self.slots[s as usize].is_empty() {
                self.refill_slot(data, s as usize, ev);
            }
        }
        self.stage = Stage::Start;
        self.last_player = Some(self.current);
        self.turn += 1;
        if in_final {
            let left = self.final_turns.expect("in the last rounds") - 1;
            self.final_turns = Some(left);
            if left % self.n() as u32 == 0 {
                self.marker += 1;
                self.say(data, ev, WorkersEvent::MarkerMoved { slot: self.marker });
            }
            if left == 0 {
                self.score_regions(data, 2, ev);
                self.finish(data, ev);
                return;
            }
        }
        self.current = (self.current + 1) % self.n();
    }
}
