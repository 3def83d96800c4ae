//! The rules of Nippon, one file per rulebook part in rulebook order (`setup`, `workers`,
//! `factories`, `knowledge`, `transport`, `export`, `market`, `consolidate`, `scoring`);
//! this file holds the shared counts, the legality dispatcher and the perform dispatcher.
//!
//! [`Nippon::legality`] is the one legality function: `legal_steps` filters the
//! well-formed candidates of the current stage through it, `check` is it, and `apply`
//! calls it before [`Nippon::perform`] changes anything. A compound action is a stage of
//! the turn ([`Stage`]) answered one decision at a time.

mod consolidate;
mod export;
mod factories;
mod knowledge;
mod market;
mod notation;
mod scoring;
mod setup;
mod transport;
mod workers;

pub(super) use export::needs_text;

use super::*;
use crate::engine::rank::{rank, TieBreak};
use crate::engine::{Event, Rules};

pub(super) fn rule(topic: Topic, reason: impl Into<String>) -> RuleError {
    RuleError::new(topic.id(), reason)
}

/// An amount of money as the log shows it, digits grouped by thousands: `14,000 yen`.
pub(super) fn yen(n: u32) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + 8);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out.push_str(" yen");
    out
}

// ==== Shared counts ====

impl Nippon {
    /// The value at the marker of `seat`'s track (the number at or just below it).
    pub fn track_value(&self, data: &NipponData, seat: Seat, t: TrackKind) -> u32 {
        data.track(t).values[self.players[seat].tracks[t.index()]]
    }

    /// Knowledge level (NIP-FAC-7).
    pub fn knowledge(&self, data: &NipponData, seat: Seat) -> u32 {
        self.track_value(data, seat, TrackKind::Knowledge)
    }

    /// Move a marker up `steps`, never beyond the top slot (NIP-COMP-5). Returns the steps
    /// actually moved.
    fn raise(&mut self, data: &NipponData, seat: Seat, t: TrackKind, steps: u32) -> u32 {
        let top = data.track(t).top();
        let m = &mut self.players[seat].tracks[t.index()];
        let moved = (top - *m).min(steps as usize);
        *m += moved;
        moved as u32
    }

    /// Receive a bonus from the supply.
    fn gain(&mut self, data: &NipponData, seat: Seat, b: Bonus) {
        let p = &mut self.players[seat];
        match b {
            Bonus::Yen(n) => p.yen += n,
            Bonus::Coal(n) => p.coal += n,
            Bonus::Blueprints(n) => p.blueprints += n,
            Bonus::Vp(n) => p.vp += n as i64,
            Bonus::Knowledge(n) => {
                self.raise(data, seat, TrackKind::Knowledge, n);
            }
            Bonus::Money(n) => {
                self.raise(data, seat, TrackKind::Money, n);
            }
            Bonus::Star => {}
        }
    }

    /// Which side of the city slot `c` shows good `g`, if any (after the tile's rotation).
    pub fn side_of(&self, data: &NipponData, c: usize, g: usize) -> Option<usize> {
        let (tile, rot) = self.cities[c];
        (0..4).find(|&s| data.city_tiles[tile as usize][(s + rot as usize) % 4] == g)
    }

    /// The good shown beside side `s` of city slot `c`.
    pub fn good_at(&self, data: &NipponData, c: usize, s: usize) -> usize {
        let (tile, rot) = self.cities[c];
        data.city_tiles[tile as usize][(s + rot as usize) % 4]
    }

    fn name(&self, s: Seat) -> &str {
        &self.names[s]
    }
}

// ==== Legality: the one function ====

impl Nippon {
    /// The well-formed steps of the current stage (legal or not), in a stable order; the
    /// blueprint steps come last.
    pub(super) fn candidate_steps(&self, data: &NipponData, _seat: Seat) -> Vec<Step> {
        if self.result.is_some() {
            return Vec::new();
        }
        let ng = data.goods.len() as u8;
        let mut v = Vec::new();
        match &self.stage {
            Stage::Start => {
                for s in 1..=data.slots.len() as u8 {
                    for c in 0..data.worker_colours.len() as u8 {
                        v.push(Step::Take(s, c));
                    }
                }
                v.push(Step::Consolidate);
            }
            Stage::Choose => v.extend(Action::ALL.into_iter().map(Step::Do)),
            Stage::Factory => v.extend((0..ng).map(Step::Build)),
            Stage::Machinery { .. } => {
                v.extend((0..ng).map(Step::Improve));
                v.push(Step::ToSupply);
                v.push(Step::Done);
            }
            Stage::Produce { .. } => {
                v.extend((0..ng).map(Step::Run));
                v.push(Step::Done);
            }
            Stage::Track { .. } => v.extend((1..=3).map(Step::Up)),
            Stage::Rail { ship, .. } => {
                for r in 0..data.regions.len() as u8 {
                    v.push(if *ship { Step::Ship(r) } else { Step::Train(r) });
                }
                v.push(Step::Done);
            }
            Stage::Export { .. } => {
                v.extend((1..=data.contracts.len() as u8).map(Step::Contract));
                for g in 0..ng {
                    for n in 1..=3 {
                        v.push(Step::Pay(g, n));
                    }
                }
                v.push(Step::Done);
            }
            Stage::Market(_) => {
                for val in 1..=7 {
                    for g in 0..ng {
                        for c in 1..=3 {
                            v.push(Step::Tile(val, g, c));
                        }
                    }
                }
                v.extend((0..8).map(Step::City));
                v.extend((0..ng).map(Step::Remove));
                v.push(Step::Done);
            }
            Stage::Reward => {
                for r in &data.rewards {
                    let s = Step::Reward(r.multiplier as u8, bonus_kind(r.bonus));
                    if !v.contains(&s) {
                        v.push(s);
                    }
                }
            }
            Stage::Space { .. } => v.extend((0..data.achievements.len() as u8).map(Step::Space)),
            Stage::Spend => v.push(Step::Done),
        }
        v.extend(TrackKind::ALL.into_iter().map(Step::Blueprints));
        v
    }

    /// A quick test that `step` is sure to be refused, without wording why: the scan of
    /// the legal steps skips these candidates (hundreds of market tiles, absent worker
    /// colours) instead of building each one's reason. Never decides legality: a step it
    /// passes still goes through [`Nippon::legality`]; a step it rejects is one that
    /// legality refuses (tested over random games).
    pub(super) fn hopeless_step(&self, data: &NipponData, seat: Seat, step: &Step) -> bool {
        match (&self.stage, *step) {
            (Stage::Start, Step::Take(s, c)) => self
                .slots
                .get((s as usize).wrapping_sub(1))
                .is_none_or(|slot| !slot.contains(&c)),
            (Stage::Market(m), Step::Tile(v, g, c)) if m.tile.is_none() && seat < self.n() => {
                (g as usize) < data.goods.len()
                    && self.tile_short(data, seat, v, g as usize, c).is_some()
            }
            _ => false,
        }
    }

    /// The step played for a seat that does not act: consolidate at the start of a turn,
    /// `done` where allowed, else the first legal step.
    pub(super) fn default_for(&self, data: &NipponData, seat: Seat) -> Option<Step> {
        let legal = self.legal_steps(data, seat);
        [Step::Consolidate, Step::Done]
            .into_iter()
            .find(|s| legal.contains(s))
            .or_else(|| legal.first().copied())
    }

    /// Is `step` legal for `seat` now? The one legality function.
    pub(super) fn legality_of(
        &self,
        data: &NipponData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), RuleError> {
        if self.result.is_some() {
            return Err(rule(Topic::End, "the game is over"));
        }
        if seat >= self.n() || seat != self.current {
            return Err(rule(
                Topic::Turn,
                format!("it is {}'s turn, not yours", self.name(self.current)),
            ));
        }
        let p = &self.players[seat];
        // NIP-TURN-3: 3 blueprints raise a track, any time during one's turn.
        if let Step::Blueprints(t) = step {
            self.can_raise_with_blueprints(data, seat, *t)?;
            let mut c = self.clone();
            c.spend_blueprints(data, seat, *t);
            let stuck = !c
                .candidates(data, seat)
                .iter()
                .filter(|s| !matches!(s, Step::Blueprints(_)))
                .any(|s| c.legality(data, seat, s).is_ok());
            if stuck {
                return Err(rule(
                    Topic::Blueprints,
                    "that would leave your current action impossible to finish",
                ));
            }
            return Ok(());
        }
        match (&self.stage, step) {
            (Stage::Start, Step::Consolidate) => Ok(()),
            (Stage::Start, Step::Take(slot, colour)) => self.can_take(data, seat, *slot, *colour),
            (Stage::Choose, Step::Do(a)) => {
                let slot = self.taken_from.expect("a worker was taken") as usize;
                if !data.slots[slot].contains(a) {
                    return Err(rule(
                        Topic::Take,
                        format!("slot {} does not offer {}", slot + 1, a.name()),
                    ));
                }
                self.feasible(data, seat, *a)
            }
            (Stage::Factory, Step::Build(g)) => self.can_build(data, seat, *g as usize),
            (Stage::Machinery { .. }, Step::Improve(g)) => {
                self.can_improve(data, seat, *g as usize)
            }
            (Stage::Machinery { .. }, Step::ToSupply) => {
                if p.yen < data.cost_machine {
                    return Err(rule(
                        Topic::Machinery,
                        format!("a machine costs {}", yen(data.cost_machine)),
                    ));
                }
                if let Some(g) =
                    (0..data.goods.len()).find(|&g| self.can_improve(data, seat, g).is_ok())
                {
                    return Err(rule(
                        Topic::Machinery,
                        format!(
                            "your {} factory can still take a machine; improvements go to your factories while they can",
                            data.goods[g].name
                        ),
                    ));
                }
                Ok(())
            }
            (Stage::Machinery { n }, Step::Done) => need_one(*n as usize, Topic::Machinery),
            (Stage::Produce { ran }, Step::Run(g)) => {
                if ran.contains(g) {
                    return Err(rule(
                        Topic::Produce,
                        format!(
                            "your {} factory already ran in this action",
                            data.goods[*g as usize].name
                        ),
                    ));
                }
                self.can_run(data, seat, *g as usize)
            }
            (Stage::Produce { ran }, Step::Done) => need_one(ran.len(), Topic::Produce),
            (Stage::Track { track }, Step::Up(k)) => self.can_up(data, seat, *track, *k),
            (Stage::Rail { ship, regions }, Step::Train(r)) if !ship => {
                self.can_rail(data, seat, false, regions, *r as usize)
            }
            (Stage::Rail { ship, regions }, Step::Ship(r)) if *ship => {
                self.can_rail(data, seat, true, regions, *r as usize)
            }
            (Stage::Rail { regions, .. }, Step::Done) => need_one(regions.len(), Topic::Rail),
            (Stage::Export { open: None, .. }, Step::Contract(k)) => {
                self.can_contract(data, seat, *k)
            }
            (Stage::Export { open: None, done }, Step::Done) => {
                need_one(*done as usize, Topic::Export)
            }
            (Stage::Export { open: Some(o), .. }, Step::Pay(g, n)) => {
                self.can_pay(data, seat, o, *g, *n)
            }
            (Stage::Export { open: Some(o), .. }, _) if !matches!(step, Step::Pay(..)) => {
                Err(rule(
                    Topic::Export,
                    format!(
                        "finish contract {} first: pay `pay <good> <cubes>` for {}",
                        o.contract,
                        o.remaining
                            .iter()
                            .map(|n| n.to_string())
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                ))
            }
            (Stage::Market(m), Step::Tile(v, g, c)) if m.tile.is_none() => {
                self.can_tile(data, seat, m.region, *v, *g as usize, *c)
            }
            (Stage::Market(m), Step::City(c)) if m.tile.is_some() && m.city.is_none() => {
                let (v, g, _) = m.tile.expect("checked");
                self.can_city(data, m.region, *c as usize, v, g as usize)
            }
            (Stage::Market(m), Step::Remove(g)) if m.city.is_some() => {
                let c = m.city.expect("checked") as usize;
                let tied = self.tied_lowest(c);
                match self.side_of(data, c, *g as usize) {
                    Some(s) if tied.contains(&s) => Ok(()),
                    _ => Err(rule(
                        Topic::Market,
                        format!(
                            "remove one of the lowest tiles around {}: {}",
                            data.city_name(c),
                            tied.iter()
                                .map(|&s| data.goods[self.good_at(data, c, s)].name.clone())
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    )),
                }
            }
            (Stage::Market(m), Step::Done) if m.tile.is_none() => {
                need_one(m.placed as usize, Topic::Market)
            }
            (Stage::Spend, Step::Done) => Ok(()),
            (Stage::Reward, Step::Reward(mult, b)) => self.can_reward(data, seat, *mult as u32, *b),
            (Stage::Space { .. }, Step::Space(a)) => {
                if p.achievements.get(*a as usize).is_some_and(|x| x.is_none()) {
                    Ok(())
                } else {
                    Err(rule(
                        Topic::Consolidate,
                        "that achievement space already holds a tile",
                    ))
                }
            }
            _ => Err(self.wrong_stage(data)),
        }
    }

    /// NIP-TURN-3: has `seat` the blueprints to raise track `t`, and is `t` below its top?
    /// (Whether spending them would strand the current action is [`Nippon::legality`]'s.)
    fn can_raise_with_blueprints(
        &self,
        data: &NipponData,
        seat: Seat,
        t: TrackKind,
    ) -> Result<(), RuleError> {
        let p = &self.players[seat];
        if p.blueprints < data.blueprints_per_step {
            return Err(rule(
                Topic::Blueprints,
                format!(
                    "you have {} blueprint(s); raising a track costs {}",
                    p.blueprints, data.blueprints_per_step
                ),
            ));
        }
        if p.tracks[t.index()] >= data.track(t).top() {
            return Err(rule(
                Topic::Blueprints,
                format!("your {} marker is already on the top slot", t.name()),
            ));
        }
        Ok(())
    }

    /// Could `seat` spend blueprints on some track now, once the action is over?
    fn can_spend_blueprints(&self, data: &NipponData, seat: Seat) -> bool {
        TrackKind::ALL
            .into_iter()
            .any(|t| self.can_raise_with_blueprints(data, seat, t).is_ok())
    }

    /// The refusal for a step that does not belong to the current stage.
    fn wrong_stage(&self, data: &NipponData) -> RuleError {
        let (topic, what): (Topic, String) = match &self.stage {
            Stage::Start => (
                Topic::Turn,
                "take a worker (`take <slot> <colour>`) or `consolidate`".into(),
            ),
            Stage::Choose => {
                let slot = self.taken_from.unwrap_or(0) as usize;
                let acts: Vec<String> = data.slots[slot]
                    .iter()
                    .map(|a| format!("`do {}`", a.name()))
                    .collect();
                (
                    Topic::Take,
                    format!("choose the action: {}", acts.join(" or ")),
                )
            }
            Stage::Factory => (Topic::Factory, "build a factory: `build <good>`".into()),
            Stage::Machinery { .. } => (
                Topic::Machinery,
                "`improve <good>`, `improve supply` or `done`".into(),
            ),
            Stage::Produce { .. } => (Topic::Produce, "`run <good>` or `done`".into()),
            Stage::Track { track } => (
                Topic::Tracks,
                format!(
                    "move your {} marker: `up 1`, `up 2` or `up 3`",
                    track.name()
                ),
            ),
            Stage::Rail { ship: false, .. } => (Topic::Rail, "`train <region>` or `done`".into()),
            Stage::Rail { ship: true, .. } => (Topic::Rail, "`ship <region>` or `done`".into()),
            Stage::Export { .. } => (
                Topic::Export,
                "`contract <number>`, then `pay <good> <cubes>`; or `done`".into(),
            ),
            Stage::Market(m) if m.city.is_some() => (
                Topic::Market,
                "choose the tile to remove: `remove <good>`".into(),
            ),
            Stage::Market(m) if m.tile.is_some() => {
                (Topic::Market, "choose the city: `city <city>`".into())
            }
            Stage::Market(_) => (
                Topic::Market,
                "`tile <value> <good> <cubes>` or `done`".into(),
            ),
            Stage::Reward => (
                Topic::Consolidate,
                "choose a reward tile: `reward <multiplier> <bonus>`".into(),
            ),
            Stage::Space { .. } => (
                Topic::Consolidate,
                "place the tile: `space <achievement>`".into(),
            ),
            Stage::Spend => (
                Topic::Blueprints,
                "spend blueprints (`blueprints <track>`) or end your turn with `done`".into(),
            ),
        };
        rule(topic, format!("now {what}"))
    }
}

fn need_one(n: usize, topic: Topic) -> Result<(), RuleError> {
    if n == 0 {
        Err(rule(
            topic,
            "do at least one before `done`: the action must be carried out",
        ))
    } else {
        Ok(())
    }
}

/// Bonus kind index used in `reward` steps: 0 yen, 1 coal, 2 blueprints.
pub(super) fn bonus_kind(b: Bonus) -> u8 {
    match b {
        Bonus::Coal(_) => 1,
        Bonus::Blueprints(_) => 2,
        _ => 0,
    }
}

pub(super) const BONUS_WORDS: [&str; 3] = ["yen", "coal", "blueprints"];

// ==== Applying a step ====

impl Nippon {
    fn spend_blueprints(&mut self, data: &NipponData, seat: Seat, t: TrackKind) {
        self.players[seat].blueprints -= data.blueprints_per_step;
        self.raise(data, seat, t, 1);
    }

    /// Carry out a step already found legal by [`Nippon::legality`].
    pub(super) fn perform_step(&mut self, data: &NipponData, seat: Seat, step: &Step) -> Applied {
        let mut ev = Vec::new();
        let turn_before = self.turn;
        let bag_before = self.bag.clone();
        let rng_before = self.rng.clone();
        let marker_before = self.marker;
        match *step {
            Step::Blueprints(t) => {
                self.spend_blueprints(data, seat, t);
                ev.push(Event::public(format!(
                    "{} discards {} blueprints: {} +1.",
                    self.names[seat],
                    data.blueprints_per_step,
                    t.name()
                )));
                // After the action: the turn ends once nothing more can be spent.
                if self.stage == Stage::Spend && !self.can_spend_blueprints(data, seat) {
                    self.end_turn(data, &mut ev);
                }
            }
            Step::Consolidate => self.consolidate(data, seat, &mut ev),
            Step::Take(slot, colour) => {
                let s = slot as usize - 1;
                let i = self.slots[s]
                    .iter()
                    .position(|&c| c == colour)
                    .expect("checked");
                self.slots[s].remove(i);
                self.players[seat].workers.push(colour);
                self.taken_from = Some(s as u8);
                let name = &data.worker_colours[colour as usize].0;
                let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
                    "an"
                } else {
                    "a"
                };
                ev.push(Event::public(format!(
                    "{} takes {article} {name} worker from action slot {slot}.",
                    self.names[seat]
                )));
                let doable: Vec<Action> = data.slots[s]
                    .iter()
                    .copied()
                    .filter(|&a| self.feasible(data, seat, a).is_ok())
                    .collect();
                if doable.len() == 1 {
                    self.start_action(doable[0]);
                } else {
                    self.stage = Stage::Choose;
                }
            }
            Step::Do(a) => self.start_action(a),
            Step::Build(g) => {
                self.build(data, seat, g as usize, &mut ev);
                self.end_action(data, seat, &mut ev);
            }
            Step::Improve(g) => {
                let p = &mut self.players[seat];
                p.yen -= data.cost_machine;
                let f = p.factories[g as usize].as_mut().expect("checked");
                f.machine += 1;
                let m = f.machine;
                ev.push(Event::public(format!(
                    "{} {} the machine of the {} factory (+{m}).",
                    self.names[seat],
                    if m == 1 { "installs" } else { "upgrades" },
                    data.goods[g as usize].name
                )));
                self.count_improvement(data, seat, &mut ev);
            }
            Step::ToSupply => {
                let p = &mut self.players[seat];
                p.yen -= data.cost_machine;
                p.machines += 1;
                ev.push(Event::public(format!(
                    "{} takes a +1 machine into supply.",
                    self.names[seat]
                )));
                self.count_improvement(data, seat, &mut ev);
            }
            Step::Run(g) => {
                self.run(data, seat, g as usize, &mut ev);
                if let Stage::Produce { ran } = &mut self.stage {
                    ran.push(g);
                    if ran.len() >= MAX_PER_ACTION as usize {
                        self.end_action(data, seat, &mut ev);
                    }
                }
            }
            Step::Up(k) => {
                let Stage::Track { track } = self.stage else {
                    unreachable!("checked")
                };
                let cost = data.track_cost[k as usize - 1];
                self.players[seat].yen -= cost;
                self.raise(data, seat, track, k as u32);
                ev.push(Event::public(format!(
                    "{} pays {} to move the {} marker up {k}.",
                    self.names[seat],
                    yen(cost),
                    track.name()
                )));
                self.end_action(data, seat, &mut ev);
            }
            Step::Train(r) | Step::Ship(r) => {
                let ship = matches!(step, Step::Ship(_));
                self.place_rail(data, seat, ship, r as usize, &mut ev);
                if let Stage::Rail { regions, .. } = &mut self.stage {
                    regions.push(r);
                    if regions.len() >= MAX_PER_ACTION as usize {
                        self.end_action(data, seat, &mut ev);
                    }
                }
            }
            Step::Contract(k) => {
                if let Stage::Export { open, .. } = &mut self.stage {
                    *open = Some(OpenContract {
                        contract: k,
                        remaining: data.contracts[k as usize - 1].needs.clone(),
                        used: Vec::new(),
                    });
                }
            }
            Step::Pay(g, n) => {
                self.pay(data, seat, g, n, &mut ev);
                if matches!(self.stage, Stage::Export { done, open: None } if done >= MAX_PER_ACTION)
                {
                    self.end_action(data, seat, &mut ev);
                }
            }
            Step::Tile(v, g, c) => {
                if let Stage::Market(m) = &mut self.stage {
                    m.tile = Some((v, g, c));
                }
            }
            Step::City(c) => {
                let c = c as usize;
                let Stage::Market(m) = &self.stage else {
                    unreachable!("checked")
                };
                let (_, g, _) = m.tile.expect("checked");
                let s = self.side_of(data, c, g as usize).expect("checked");
                let full = self.influence[c][s].is_none()
                    && data.city_limit[self.n() - 2].is_some_and(|l| self.tiles_around(c) >= l);
                if full {
                    let tied = self.tied_lowest(c);
                    if tied.len() > 1 {
                        if let Stage::Market(m) = &mut self.stage {
                            m.city = Some(c as u8);
                        }
                    } else {
                        self.place_tile(data, seat, c, tied.first().copied(), &mut ev);
                    }
                } else {
                    self.place_tile(data, seat, c, None, &mut ev);
                }
                self.market_maybe_done(data, seat, &mut ev);
            }
            Step::Remove(g) => {
                let Stage::Market(m) = &self.stage else {
                    unreachable!("checked")
                };
                let c = m.city.expect("checked") as usize;
                let side = self.side_of(data, c, g as usize);
                self.place_tile(data, seat, c, side, &mut ev);
                self.market_maybe_done(data, seat, &mut ev);
            }
            Step::Reward(mult, b) => {
                let i = (0..data.rewards.len())
                    .find(|&i| {
                        data.rewards[i].multiplier == mult as u32
                            && bonus_kind(data.rewards[i].bonus) == b
                            && self.rewards[i] > 0
                    })
                    .expect("checked");
                self.rewards[i] -= 1;
                let bonus = data.rewards[i].bonus;
                self.gain(data, seat, bonus);
                ev.push(Event::public(format!(
                    "{} takes a x{mult} reward tile: {bonus}.",
                    self.names[seat]
                )));
                if self.has_empty_space(seat) {
                    self.stage = Stage::Space {
                        multiplier: mult as u32,
                    };
                } else {
                    ev.push(Event::public(format!(
                        "Every achievement space of {} is covered: the tile is set aside and scores nothing.",
                        self.names[seat]
                    )));
                    self.workforce(data, seat, &mut ev);
                }
            }
            Step::Space(a) => {
                let Stage::Space { multiplier } = self.stage else {
                    unreachable!("checked")
                };
                self.players[seat].achievements[a as usize] = Some(multiplier);
                ev.push(Event::public(format!(
                    "{} puts the x{multiplier} tile on the {} achievement.",
                    self.names[seat], data.achievements[a as usize].name
                )));
                self.workforce(data, seat, &mut ev);
            }
            Step::Done => {
                self.end_turn(data, &mut ev);
            }
        }
        for e in &ev {
            self.log.push(e.text.clone());
        }
        if self.log.len() > 60 {
            let cut = self.log.len() - 60;
            self.log.drain(..cut);
        }
        Applied {
            // Anything drawn at random (the bag's workers, even when the bag ends as it
            // began) or a move of the scoring marker (a scoring) cannot be taken back.
            irreversible: self.rng != rng_before
                || self.bag != bag_before
                || self.marker != marker_before,
            turn_ended: self.turn != turn_before,
            secret: false,
            events: ev,
        }
    }

    fn count_improvement(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        if let Stage::Machinery { n } = &mut self.stage {
            *n += 1;
            if *n >= MAX_PER_ACTION {
                self.end_action(data, seat, ev);
            }
        }
    }

    fn market_maybe_done(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        if matches!(&self.stage, Stage::Market(m) if m.placed >= MAX_PER_ACTION) {
            self.end_action(data, seat, ev);
        }
    }
}
