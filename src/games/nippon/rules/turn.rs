//! A player's turn (rulebook: a player's turn, NIP-TURN): who may act, what the current
//! stage accepts, and the blueprints a player may spend at any time of their turn.

use super::*;

// ==== Who may act (NIP-TURN-1) ====

impl Nippon {
    /// Is the game still running and is it `seat`'s turn? The first check of
    /// [`Nippon::forbidden`](Game::forbidden).
    pub(crate) fn seat_may_act(&self, seat: Seat) -> Result<(), Forbidden> {
        crate::engine::one_seat_acts(
            self.result.is_some(),
            seat,
            self.current,
            (Forbidden::GameOver, Forbidden::NotYourTurn),
        )
    }

    /// The refusal for a step that does not belong to the current stage: what it takes.
    pub(crate) fn wrong_stage(&self, data: &NipponData) -> Forbidden {
        let now = match &self.stage {
            Stage::Start => Now::Start,
            Stage::Choose => {
                let slot = self.taken_from.unwrap_or(0) as usize;
                let actions = Action::ALL
                    .iter()
                    .enumerate()
                    .filter(|(_, a)| {
                        data.slots[slot].contains(a)
                            && self.action_feasible(data, self.current, **a)
                    })
                    .fold(0u16, |bits, (i, _)| bits | 1 << i);
                Now::Choose { actions }
            }
            Stage::Factory => Now::Factory,
            Stage::Machinery { .. } => Now::Machinery,
            Stage::Produce { .. } => Now::Produce,
            Stage::Track { track } => Now::Track(*track),
            Stage::Rail { ship, .. } => Now::Rail { ship: *ship },
            Stage::Export { .. } => Now::Export,
            Stage::Market(m) if m.city.is_some() => Now::MarketRemove,
            Stage::Market(m) if m.tile.is_some() => Now::MarketCity,
            Stage::Market(_) => Now::MarketTile,
            Stage::Reward => Now::Reward,
            Stage::Space { .. } => Now::Space,
            Stage::Spend => Now::Spend,
        };
        Forbidden::WrongStage(now)
    }
}

// ==== The game goes on by itself; the log ====

impl Nippon {
    /// A seat whose only legal step is `done` is not asked for it: the action ends. An
    /// action left with no legal step at all (blueprints that took its track to the top in
    /// a game of rules version 1) cannot be finished: it ends as it stands (NIP-TURN-3), so
    /// the game never waits for a step nobody can make.
    pub(crate) fn play_forced_done(&mut self, data: &NipponData, ev: &mut Vec<Event>) {
        if self.result.is_some() {
            return;
        }
        let seat = self.current;
        match self.steps_left(data) {
            StepsLeft::OnlyDone => {
                self.say(data, ev, TurnEvent::NothingMore { seat });
                self.end_turn(data, ev);
            }
            StepsLeft::None => {
                self.say(data, ev, TurnEvent::ActionCannotGoOn { seat });
                self.end_action(data, seat, ev);
            }
            StepsLeft::Others => {}
        }
    }

    /// What the current seat may still do: nothing, only `done`, or more. Stops at the
    /// first legal step other than `done`, without listing them all.
    fn steps_left(&self, data: &NipponData) -> StepsLeft {
        let seat = self.current;
        let mut dones = 0;
        for c in self.candidates(data, seat) {
            if self.forbidden(data, seat, &c).is_err() {
                continue;
            }
            if c != Step::Done {
                return StepsLeft::Others;
            }
            dones += 1;
        }
        match dones {
            0 => StepsLeft::None,
            1 => StepsLeft::OnlyDone,
            _ => StepsLeft::Others,
        }
    }

    /// Keep the step's events for the view: the recent log, and the turn's events (moved
    /// to the last turn's when `turn_ended`).
    pub(crate) fn keep_log(&mut self, ev: &[Event], turn_ended: bool) {
        let texts = ev.iter().map(|e| e.text.clone());
        self.log.extend(texts.clone());
        if self.log.len() > LOG_KEEP {
            let cut = self.log.len() - LOG_KEEP;
            self.log.drain(..cut);
        }
        self.this_turn.extend(texts);
        if turn_ended {
            self.last_turn = std::mem::take(&mut self.this_turn);
        }
    }
}

/// What the acting seat may still do ([`Nippon::steps_left`]).
enum StepsLeft {
    None,
    OnlyDone,
    Others,
}

/// `done` ends an action only once it was carried out at least once (`n` times).
pub(crate) fn need_one(n: usize, topic: Topic) -> Result<(), Forbidden> {
    if n == 0 {
        Err(Forbidden::NeedOne(topic))
    } else {
        Ok(())
    }
}

// ==== Blueprints, any time of one's turn (NIP-TURN-3) ====

impl Nippon {
    /// NIP-TURN-3: 3 blueprints raise a track, any time during one's turn, unless that
    /// leaves the current action impossible to finish.
    pub(crate) fn blueprints_ok(
        &self,
        data: &NipponData,
        seat: Seat,
        t: TrackKind,
    ) -> Result<(), Forbidden> {
        self.can_raise_with_blueprints(data, seat, t)?;
        if self.blueprints_would_strand(data, seat, t) {
            return Err(Forbidden::BlueprintsStrand);
        }
        Ok(())
    }

    /// Would spending blueprints on track `t` leave no step but blueprints legal (the
    /// current action impossible to finish)? Tried on a copy without the log.
    fn blueprints_would_strand(&self, data: &NipponData, seat: Seat, t: TrackKind) -> bool {
        // `consolidate` at the start of a turn, and `done` once the action is over, stay
        // legal whatever the tracks and blueprints.
        if matches!(self.stage, Stage::Start | Stage::Spend) {
            return false;
        }
        let mut c = self.copy_without_log();
        // Every step ends the `do` that `take` left to confirm (see `perform`), so after
        // the blueprints only the action's own steps are left. Version 1 of the rules
        // still counted that `do` as a way on.
        if self.rules_version >= 2 {
            c.begun = None;
        }
        c.spend_blueprints(data, seat, t);
        !c.candidates(data, seat)
            .iter()
            .filter(|s| !matches!(s, Step::Blueprints(_)))
            .any(|s| c.forbidden(data, seat, s).is_ok())
    }

    /// A copy of the state for trying a step out, without the log and the turn's events
    /// (which no check reads): cheaper than a clone.
    fn copy_without_log(&self) -> Nippon {
        Nippon {
            names: self.names.clone(),
            players: self.players.clone(),
            slots: self.slots.clone(),
            rows: self.rows.clone(),
            bag: self.bag.clone(),
            marker: self.marker,
            scorings: self.scorings,
            final_turns: self.final_turns,
            refill_owed: self.refill_owed,
            cities: self.cities.clone(),
            influence: self.influence.clone(),
            rail: self.rail.clone(),
            rewards: self.rewards.clone(),
            multipliers: self.multipliers,
            built: self.built.clone(),
            current: self.current,
            stage: self.stage.clone(),
            taken_from: self.taken_from,
            last_player: self.last_player,
            turn: self.turn,
            result: self.result.clone(),
            vp_by_source: self.vp_by_source.clone(),
            log: Vec::new(),
            rng: self.rng.clone(),
            begun: self.begun,
            this_turn: Vec::new(),
            last_turn: Vec::new(),
            rules_version: self.rules_version,
        }
    }

    /// NIP-TURN-3: has `seat` the blueprints to raise track `t`, and is `t` below its top?
    /// (Whether spending them would strand the current action is [`Nippon::blueprints_ok`]'s.)
    pub(crate) fn can_raise_with_blueprints(
        &self,
        data: &NipponData,
        seat: Seat,
        t: TrackKind,
    ) -> Result<(), Forbidden> {
        let p = &self.players[seat];
        if p.blueprints < data.blueprints_per_step {
            return Err(Forbidden::BlueprintsShort { have: p.blueprints });
        }
        if p.tracks[t.index()] >= data.track(t).top() {
            return Err(Forbidden::TrackAtTop(t));
        }
        Ok(())
    }

    /// Has `seat` the blueprints to raise track `t`, below its top?
    pub(crate) fn may_raise_with_blueprints(
        &self,
        data: &NipponData,
        seat: Seat,
        t: TrackKind,
    ) -> bool {
        self.can_raise_with_blueprints(data, seat, t).is_ok()
    }

    /// Could `seat` spend blueprints on some track now, once the action is over?
    pub(crate) fn can_spend_blueprints(&self, data: &NipponData, seat: Seat) -> bool {
        TrackKind::ALL
            .into_iter()
            .any(|t| self.may_raise_with_blueprints(data, seat, t))
    }

    fn spend_blueprints(&mut self, data: &NipponData, seat: Seat, t: TrackKind) {
        self.players[seat].blueprints -= data.blueprints_per_step;
        self.raise(data, seat, t, 1);
    }

    /// `blueprints <track>`: spend them; after the action the turn ends once nothing more
    /// can be spent.
    pub(crate) fn blueprints(
        &mut self,
        data: &NipponData,
        seat: Seat,
        t: TrackKind,
        ev: &mut Vec<Event>,
    ) {
        self.spend_blueprints(data, seat, t);
        self.say(data, ev, TurnEvent::BlueprintsSpent { seat, track: t });
        if self.stage == Stage::Spend && !self.can_spend_blueprints(data, seat) {
            self.end_turn(data, ev);
        }
    }
}
