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

    /// NIP-WORK-5: can `seat` carry out action `a` completely?
    pub(crate) fn feasible(
        &self,
        data: &NipponData,
        seat: Seat,
        a: Action,
    ) -> Result<(), RuleError> {
        let ng = data.goods.len();
        let first_err = |errs: Vec<RuleError>, topic: Topic, none: &str| {
            errs.into_iter()
                .next()
                .unwrap_or_else(|| rule(topic, none.to_string()))
        };
        match a {
            Action::Factory => {
                // The reasons are worded only when every good fails.
                if (0..ng).any(|g| self.build_blocker(data, seat, g).is_none()) {
                    return Ok(());
                }
                // The first good's refusal (only it is worded).
                let errs: Vec<RuleError> = (0..ng)
                    .filter_map(|g| self.can_build(data, seat, g).err())
                    .take(1)
                    .collect();
                Err(first_err(errs, Topic::Factory, "no factory can be built"))
            }
            Action::Machinery => self.afford_machine(data, seat),
            Action::Produce => {
                if (0..ng).any(|g| self.can_run(data, seat, g).is_ok()) {
                    Ok(())
                } else {
                    Err(rule(
                        Topic::Produce,
                        "none of your factories can run (coal or storage)",
                    ))
                }
            }
            Action::Knowledge => self.can_up(data, seat, TrackKind::Knowledge, 1),
            Action::Coal => self.can_up(data, seat, TrackKind::Coal, 1),
            Action::Trains | Action::Ships => {
                let ship = a == Action::Ships;
                let regions = 0..data.regions.len();
                if regions
                    .clone()
                    .any(|r| self.rail_blocker(data, seat, ship, &[], r).is_none())
                {
                    return Ok(());
                }
                // The first region's refusal (only it is worded).
                let errs: Vec<RuleError> = regions
                    .filter_map(|r| self.can_rail(data, seat, ship, &[], r).err())
                    .take(1)
                    .collect();
                Err(first_err(errs, Topic::Rail, "no region has room"))
            }
            Action::Export => {
                if (1..=data.contracts.len() as u8)
                    .any(|k| self.can_contract(data, seat, k).is_ok())
                {
                    Ok(())
                } else {
                    Err(rule(
                        Topic::Export,
                        "you cannot fulfil any of your face-up contracts with your goods",
                    ))
                }
            }
            Action::Market => self.market_feasible(data, seat),
        }
    }

    /// Can `seat` place at least one influence tile?
    fn market_feasible(&self, data: &NipponData, seat: Seat) -> Result<(), RuleError> {
        for v in 1..=7 {
            for g in 0..data.goods.len() {
                for c in 1..=3 {
                    if self.tile_short(data, seat, v, g, c).is_none()
                        && self.can_tile(data, seat, None, v, g, c).is_ok()
                    {
                        return Ok(());
                    }
                }
            }
        }
        Err(rule(
            Topic::Market,
            "you cannot place any influence tile with your goods",
        ))
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
            .filter(|&a| self.feasible(data, seat, a).is_ok())
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
            .filter(|&t| self.can_raise_with_blueprints(data, seat, t).is_ok())
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
