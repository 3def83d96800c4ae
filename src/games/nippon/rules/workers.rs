//! Taking a worker and refilling the action slots and the scoring track (rulebook: a player's turn, NIP-WORK, NIP-TRIG).

use super::*;

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
    ) -> Result<(), RuleError> {
        let p = &self.players[seat];
        if p.workers.len() >= MAX_WORKERS {
            return Err(rule(
                Topic::Take,
                format!("you have {MAX_WORKERS} workers and must consolidate"),
            ));
        }
        let s = slot as usize - 1;
        if !self.slots[s].contains(&colour) {
            return Err(rule(
                Topic::Take,
                format!(
                    "action slot {slot} has no {} worker",
                    data.worker_colours[colour as usize].0
                ),
            ));
        }
        let mut why = Vec::new();
        for &a in &data.slots[s] {
            match self.feasible(data, seat, a) {
                Ok(()) => return Ok(()),
                Err(e) => why.push(format!("{}: {}", a.name(), e.reason)),
            }
        }
        Err(rule(
            Topic::Take,
            format!(
                "you could not carry out an action of slot {slot} completely ({})",
                why.join("; ")
            ),
        ))
    }

    /// [`Nippon::can_take`] without wording a refusal.
    pub(crate) fn take_blocked(&self, data: &NipponData, seat: Seat, slot: u8, colour: u8) -> bool {
        let s = (slot as usize).wrapping_sub(1);
        self.players[seat].workers.len() >= MAX_WORKERS
            || self.slots.get(s).is_none_or(|w| !w.contains(&colour))
            || !data.slots[s]
                .iter()
                .any(|&a| self.action_feasible(data, seat, a))
    }

    /// [`Nippon::feasible`] without wording a refusal: can `seat` carry out action `a`
    /// completely?
    pub(crate) fn action_feasible(&self, data: &NipponData, seat: Seat, a: Action) -> bool {
        let ng = data.goods.len();
        match a {
            Action::Factory => (0..ng).any(|g| self.build_blocker(data, seat, g).is_none()),
            Action::Machinery => self.players[seat].yen >= data.cost_machine,
            Action::Produce => (0..ng).any(|g| self.run_blocker(data, seat, g).is_none()),
            Action::Knowledge => self
                .up_blocker(data, seat, TrackKind::Knowledge, 1)
                .is_none(),
            Action::Coal => self.up_blocker(data, seat, TrackKind::Coal, 1).is_none(),
            Action::Trains | Action::Ships => (0..data.regions.len()).any(|r| {
                self.rail_blocker(data, seat, a == Action::Ships, &[], r)
                    .is_none()
            }),
            Action::Export => (1..=data.contracts.len() as u8)
                .any(|k| self.contract_blocker(data, seat, k).is_none()),
            Action::Market => self.may_place_a_tile(data, seat),
        }
    }

    /// [`Nippon::choose_ok`] without wording a refusal.
    pub(crate) fn choose_blocked(&self, data: &NipponData, seat: Seat, a: Action) -> bool {
        let slot = self.taken_from.expect("a worker was taken") as usize;
        !data.slots[slot].contains(&a) || !self.action_feasible(data, seat, a)
    }

    /// NIP-WORK-5: can `seat` carry out action `a` completely? The reasons are worded
    /// only for an action that cannot be ([`Nippon::action_feasible`] decides).
    pub(crate) fn feasible(
        &self,
        data: &NipponData,
        seat: Seat,
        a: Action,
    ) -> Result<(), RuleError> {
        if self.action_feasible(data, seat, a) {
            return Ok(());
        }
        let ng = data.goods.len();
        Err(match a {
            // The first good's (or region's) refusal: only it is worded.
            Action::Factory => (0..ng)
                .find_map(|g| self.can_build(data, seat, g).err())
                .unwrap_or_else(|| rule(Topic::Factory, "no factory can be built")),
            Action::Machinery => return self.afford_machine(data, seat),
            Action::Produce => rule(
                Topic::Produce,
                "none of your factories can run (coal or storage)",
            ),
            Action::Knowledge => return self.can_up(data, seat, TrackKind::Knowledge, 1),
            Action::Coal => return self.can_up(data, seat, TrackKind::Coal, 1),
            Action::Trains | Action::Ships => (0..data.regions.len())
                .find_map(|r| self.can_rail(data, seat, a == Action::Ships, &[], r).err())
                .unwrap_or_else(|| rule(Topic::Rail, "no region has room")),
            Action::Export => rule(
                Topic::Export,
                "you cannot fulfil any of your face-up contracts with your goods",
            ),
            Action::Market => rule(
                Topic::Market,
                "you cannot place any influence tile with your goods",
            ),
        })
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
    ) -> Result<(), RuleError> {
        let slot = self.taken_from.expect("a worker was taken") as usize;
        if !data.slots[slot].contains(&a) {
            return Err(rule(
                Topic::Take,
                format!("slot {} does not offer {}", slot + 1, a.name()),
            ));
        }
        self.feasible(data, seat, a)
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
