//! The rules of Nippon, in rulebook order, under one banner per part.
//!
//! [`Nippon::legality`] is the one legality function: `legal_steps` filters the
//! well-formed candidates of the current stage through it, `check` is it, and `apply`
//! calls it before [`Nippon::perform`] changes anything. A compound action is a stage of
//! the turn ([`Stage`]) answered one decision at a time.

use super::*;
use crate::engine::rank::{rank, TieBreak};
use crate::engine::{Event, Rules};

pub(super) fn rule(topic: &'static str, reason: impl Into<String>) -> RuleError {
    RuleError::new(topic, reason)
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

// ==== Setup ====

impl Nippon {
    pub(super) fn setup_game(
        data: &NipponData,
        names: &[String],
        seed: u64,
    ) -> Result<Self, SetupError> {
        let n = names.len();
        if !(2..=4).contains(&n) {
            return Err(SetupError(format!("Nippon takes 2 to 4 players, not {n}")));
        }
        let mut rng = GameRng::new(seed);
        // NIP-SETUP-5: a random first player; seats go clockwise from seat 0.
        let first = rng.below(n);
        let rows_def = data.rows_for(n);
        let players = (0..n)
            .map(|s| Player {
                yen: data.start_yen,
                coal: data.start_coal,
                blueprints: data.start_blueprints,
                // NIP-SETUP-6: 10, 11, 12, 13 by position from the first player.
                vp: data.start_vp[(s + n - first) % n],
                tracks: [
                    data.tracks[0].start,
                    data.tracks[1].start,
                    data.tracks[2].start,
                ],
                factories: vec![None; data.goods.len()],
                machines: 0,
                fulfilled: vec![false; data.contracts.len()],
                trains: 0,
                ships: 0,
                tiles: data.influence_tiles.clone(),
                workers: Vec::new(),
                achievements: vec![None; data.achievements.len()],
            })
            .collect();
        // NIP-SETUP-22: fewer workers with fewer players.
        let bag = vec![
            (data.workers_per_colour - rows_def.removed_per_colour) as u32;
            data.worker_colours.len()
        ];
        // NIP-SETUP-20: 8 of the city tiles, random places and orientations.
        let mut tiles: Vec<u8> = (0..data.city_tiles.len() as u8).collect();
        rng.shuffle(&mut tiles);
        let cities: Vec<(u8, u8)> = tiles[..8]
            .iter()
            .map(|&t| (t, rng.below(4) as u8))
            .collect();
        // NIP-SETUP-17..19: remove reward tiles from the multiplier stacks.
        let mut rewards: Vec<u32> = data.rewards.iter().map(|r| r.tiles).collect();
        let remove = 4 - n;
        let mut mults: Vec<u32> = data.rewards.iter().map(|r| r.multiplier).collect();
        mults.sort_unstable();
        mults.dedup();
        for m in mults {
            for _ in 0..remove {
                let idx: Vec<usize> = (0..rewards.len())
                    .filter(|&i| data.rewards[i].multiplier == m)
                    .collect();
                let total: u32 = idx.iter().map(|&i| rewards[i]).sum();
                if total == 0 {
                    break;
                }
                let mut k = rng.below(total as usize) as u32;
                for &i in &idx {
                    if k < rewards[i] {
                        rewards[i] -= 1;
                        break;
                    }
                    k -= rewards[i];
                }
            }
        }
        let mut g = Nippon {
            names: names.to_vec(),
            players,
            slots: vec![Vec::new(); data.slots.len()],
            rows: vec![Vec::new(); rows_def.rows],
            bag,
            marker: 0,
            scorings: 0,
            final_turns: None,
            refill_owed: false,
            cities,
            influence: vec![[None; 4]; 8],
            rail: vec![Vec::new(); data.regions.len()],
            rewards,
            multipliers: data.multiplier_tiles,
            built: vec![0; data.goods.len()],
            current: first,
            stage: Stage::Start,
            taken_from: None,
            last_player: None,
            turn: 1,
            result: None,
            breakdown: None,
            log: Vec::new(),
            rng,
        };
        // NIP-SETUP-23..26: 3 workers per action slot, then the rows.
        for s in 0..g.slots.len() {
            for _ in 0..data.workers_per_slot {
                let w = g.draw().expect("the bag holds enough workers at setup");
                g.slots[s].push(w);
            }
        }
        for r in 0..g.rows.len() {
            for _ in 0..rows_def.per_row {
                let w = g.draw().expect("the bag holds enough workers at setup");
                g.rows[r].push(w);
            }
        }
        g.log
            .push(format!("{} is the first player", g.names[first]));
        Ok(g)
    }

    /// Draw one worker at random from the bag.
    fn draw(&mut self) -> Option<u8> {
        let total: u32 = self.bag.iter().sum();
        if total == 0 {
            return None;
        }
        let mut k = self.rng.below(total as usize) as u32;
        for (c, n) in self.bag.iter_mut().enumerate() {
            if k < *n {
                *n -= 1;
                return Some(c as u8);
            }
            k -= *n;
        }
        None
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
            return Err(rule("end", "the game is over"));
        }
        if seat >= self.n() || seat != self.current {
            return Err(rule(
                "turn",
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
                    "blueprints",
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
                        "take",
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
                        "machinery",
                        format!("a machine costs {}", yen(data.cost_machine)),
                    ));
                }
                if let Some(g) =
                    (0..data.goods.len()).find(|&g| self.can_improve(data, seat, g).is_ok())
                {
                    return Err(rule(
                        "machinery",
                        format!(
                            "your {} factory can still take a machine; improvements go to your factories while they can",
                            data.goods[g].name
                        ),
                    ));
                }
                Ok(())
            }
            (Stage::Machinery { n }, Step::Done) => need_one(*n as usize, "machinery"),
            (Stage::Produce { ran }, Step::Run(g)) => {
                if ran.contains(g) {
                    return Err(rule(
                        "produce",
                        format!(
                            "your {} factory already ran in this action",
                            data.goods[*g as usize].name
                        ),
                    ));
                }
                self.can_run(data, seat, *g as usize)
            }
            (Stage::Produce { ran }, Step::Done) => need_one(ran.len(), "produce"),
            (Stage::Track { track }, Step::Up(k)) => self.can_up(data, seat, *track, *k),
            (Stage::Rail { ship, regions }, Step::Train(r)) if !ship => {
                self.can_rail(data, seat, false, regions, *r as usize)
            }
            (Stage::Rail { ship, regions }, Step::Ship(r)) if *ship => {
                self.can_rail(data, seat, true, regions, *r as usize)
            }
            (Stage::Rail { regions, .. }, Step::Done) => need_one(regions.len(), "rail"),
            (Stage::Export { open: None, .. }, Step::Contract(k)) => {
                self.can_contract(data, seat, *k)
            }
            (Stage::Export { open: None, done }, Step::Done) => need_one(*done as usize, "export"),
            (Stage::Export { open: Some(o), .. }, Step::Pay(g, n)) => {
                self.can_pay(data, seat, o, *g, *n)
            }
            (Stage::Export { open: Some(o), .. }, _) if !matches!(step, Step::Pay(..)) => {
                Err(rule(
                    "export",
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
                        "market",
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
                need_one(m.placed as usize, "market")
            }
            (Stage::Spend, Step::Done) => Ok(()),
            (Stage::Reward, Step::Reward(mult, b)) => self.can_reward(data, seat, *mult as u32, *b),
            (Stage::Space { .. }, Step::Space(a)) => {
                if p.achievements.get(*a as usize).is_some_and(|x| x.is_none()) {
                    Ok(())
                } else {
                    Err(rule(
                        "consolidate",
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
                "blueprints",
                format!(
                    "you have {} blueprint(s); raising a track costs {}",
                    p.blueprints, data.blueprints_per_step
                ),
            ));
        }
        if p.tracks[t.index()] >= data.track(t).top() {
            return Err(rule(
                "blueprints",
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
        let (topic, what): (&'static str, String) = match &self.stage {
            Stage::Start => (
                "turn",
                "take a worker (`take <slot> <colour>`) or `consolidate`".into(),
            ),
            Stage::Choose => {
                let slot = self.taken_from.unwrap_or(0) as usize;
                let acts: Vec<String> = data.slots[slot]
                    .iter()
                    .map(|a| format!("`do {}`", a.name()))
                    .collect();
                ("take", format!("choose the action: {}", acts.join(" or ")))
            }
            Stage::Factory => ("factory", "build a factory: `build <good>`".into()),
            Stage::Machinery { .. } => (
                "machinery",
                "`improve <good>`, `improve supply` or `done`".into(),
            ),
            Stage::Produce { .. } => ("produce", "`run <good>` or `done`".into()),
            Stage::Track { track } => (
                "tracks",
                format!(
                    "move your {} marker: `up 1`, `up 2` or `up 3`",
                    track.name()
                ),
            ),
            Stage::Rail { ship: false, .. } => ("rail", "`train <region>` or `done`".into()),
            Stage::Rail { ship: true, .. } => ("rail", "`ship <region>` or `done`".into()),
            Stage::Export { .. } => (
                "export",
                "`contract <number>`, then `pay <good> <cubes>`; or `done`".into(),
            ),
            Stage::Market(m) if m.city.is_some() => (
                "market",
                "choose the tile to remove: `remove <good>`".into(),
            ),
            Stage::Market(m) if m.tile.is_some() => {
                ("market", "choose the city: `city <city>`".into())
            }
            Stage::Market(_) => ("market", "`tile <value> <good> <cubes>` or `done`".into()),
            Stage::Reward => (
                "consolidate",
                "choose a reward tile: `reward <multiplier> <bonus>`".into(),
            ),
            Stage::Space { .. } => (
                "consolidate",
                "place the tile: `space <achievement>`".into(),
            ),
            Stage::Spend => (
                "blueprints",
                "spend blueprints (`blueprints <track>`) or end your turn with `done`".into(),
            ),
        };
        rule(topic, format!("now {what}"))
    }
}

fn need_one(n: usize, topic: &'static str) -> Result<(), RuleError> {
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

// ==== Take a worker (NIP-WORK) ====

impl Nippon {
    fn can_take(
        &self,
        data: &NipponData,
        seat: Seat,
        slot: u8,
        colour: u8,
    ) -> Result<(), RuleError> {
        let p = &self.players[seat];
        if p.workers.len() >= MAX_WORKERS {
            return Err(rule(
                "take",
                format!("you have {MAX_WORKERS} workers and must consolidate"),
            ));
        }
        let s = slot as usize - 1;
        if !self.slots[s].contains(&colour) {
            return Err(rule(
                "take",
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
            "take",
            format!(
                "you could not carry out an action of slot {slot} completely ({})",
                why.join("; ")
            ),
        ))
    }

    /// NIP-WORK-5: can `seat` carry out action `a` completely?
    pub(super) fn feasible(
        &self,
        data: &NipponData,
        seat: Seat,
        a: Action,
    ) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let ng = data.goods.len();
        let first_err = |errs: Vec<RuleError>, topic: &'static str, none: &str| {
            errs.into_iter()
                .next()
                .unwrap_or_else(|| rule(topic, none.to_string()))
        };
        match a {
            Action::Factory => {
                // The reasons are worded only when every good fails.
                if (0..ng).any(|g| self.can_build(data, seat, g).is_ok()) {
                    return Ok(());
                }
                let errs: Vec<RuleError> = (0..ng)
                    .filter_map(|g| self.can_build(data, seat, g).err())
                    .collect();
                Err(first_err(errs, "factory", "no factory can be built"))
            }
            Action::Machinery => {
                if p.yen < data.cost_machine {
                    Err(rule(
                        "machinery",
                        format!("a machine costs {}", yen(data.cost_machine)),
                    ))
                } else {
                    Ok(())
                }
            }
            Action::Produce => {
                if (0..ng).any(|g| self.can_run(data, seat, g).is_ok()) {
                    Ok(())
                } else {
                    Err(rule(
                        "produce",
                        "none of your factories can run (coal or storage)",
                    ))
                }
            }
            Action::Knowledge => self.can_up(data, seat, TrackKind::Knowledge, 1),
            Action::Coal => self.can_up(data, seat, TrackKind::Coal, 1),
            Action::Trains | Action::Ships => {
                let ship = a == Action::Ships;
                if (0..data.regions.len()).any(|r| self.can_rail(data, seat, ship, &[], r).is_ok())
                {
                    return Ok(());
                }
                let errs: Vec<RuleError> = (0..data.regions.len())
                    .filter_map(|r| self.can_rail(data, seat, ship, &[], r).err())
                    .collect();
                Err(first_err(errs, "rail", "no region has room"))
            }
            Action::Export => {
                if (1..=data.contracts.len() as u8)
                    .any(|k| self.can_contract(data, seat, k).is_ok())
                {
                    Ok(())
                } else {
                    Err(rule(
                        "export",
                        "you cannot fulfil any of your face-up contracts with your goods",
                    ))
                }
            }
            Action::Market => {
                for v in 1..=7 {
                    for g in 0..ng {
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
                    "market",
                    "you cannot place any influence tile with your goods",
                ))
            }
        }
    }

    /// The stage that starts action `a`.
    pub(super) fn start_action(&mut self, a: Action) {
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

/// Why a tile cannot be supplied at all (see [`Nippon::tile_short`]).
enum TileShort {
    /// Not 1 to 3 cubes.
    Cubes,
    /// The storage holds only this many.
    Stored(u8),
    /// The cubes allow at most this value.
    Value(u8),
    /// No tile of that value left.
    NoTile,
}

// ==== Refill of the action slots and the scoring track (NIP-WORK-7..13, NIP-TRIG) ====

impl Nippon {
    /// NIP-WORK-7..11: refill an emptied action slot.
    pub(super) fn refill_slot(&mut self, data: &NipponData, s: usize, ev: &mut Vec<Event>) {
        if let Some(r) = self.rows.iter().position(|r| !r.is_empty()) {
            let row = std::mem::take(&mut self.rows[r]);
            self.slots[s] = row;
            ev.push(Event::public(format!(
                "Worker row {} moves onto action slot {}.",
                r + 1,
                s + 1
            )));
            return;
        }
        // Every row is empty: full refill.
        self.refill_owed = true;
        self.complete_refill(data);
        ev.push(Event::public(
            "Every worker row was empty: the action slots and rows are refilled from the bag.",
        ));
        if self.final_turns.is_none() {
            self.advance_marker(data, ev);
        }
    }

    /// Top every action slot up to 3, then the rows from the top, as far as the bag allows
    /// (NIP-WORK-9, -10, -12).
    fn complete_refill(&mut self, data: &NipponData) {
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
    pub(super) fn advance_marker(&mut self, data: &NipponData, ev: &mut Vec<Event>) {
        let from = self.marker;
        self.marker += 1;
        ev.push(Event::public(format!(
            "The scoring marker moves to slot {}.",
            self.marker
        )));
        if from == data.symbols[0] {
            self.score_regions(data, 0, ev);
        }
        if from == data.symbols[1] {
            self.score_regions(data, 1, ev);
        }
        if self.marker == data.first_golden && self.final_turns.is_none() {
            self.final_turns = Some(3 * self.n() as u32);
            ev.push(Event::public(
                "The marker reached the first golden slot: every player has exactly 3 more turns.",
            ));
        }
    }

    /// The action (or the consolidation) is over. NIP-TURN-3: the turn is still the
    /// player's, so while they could spend blueprints it waits for them or `done`;
    /// otherwise it ends at once.
    pub(super) fn end_action(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        self.stage = Stage::Spend;
        let tracks: Vec<&str> = TrackKind::ALL
            .into_iter()
            .filter(|&t| self.can_raise_with_blueprints(data, seat, t).is_ok())
            .map(TrackKind::name)
            .collect();
        if !tracks.is_empty() {
            ev.push(Event::public(format!(
                "{} holds {} blueprints: `blueprints <{}>` spends {}, `done` ends the turn.",
                self.names[seat],
                self.players[seat].blueprints,
                tracks.join("|"),
                data.blueprints_per_step
            )));
        } else {
            self.end_turn(data, ev);
        }
    }

    /// After a complete turn: refill the emptied slot, count the last rounds, pass the turn.
    pub(super) fn end_turn(&mut self, data: &NipponData, ev: &mut Vec<Event>) {
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
                ev.push(Event::public(format!(
                    "The scoring marker moves to slot {}.",
                    self.marker
                )));
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

// ==== Invest in a new industry (NIP-FAC, NIP-MACH-10..12) ====

impl Nippon {
    fn can_build(&self, data: &NipponData, seat: Seat, g: usize) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let good = &data.goods[g];
        if p.factories[g].is_some() {
            return Err(rule(
                "factory",
                format!("you already have a {} factory", good.name),
            ));
        }
        if self.built[g] >= data.factories_per_good {
            return Err(rule(
                "factory",
                format!("no {} factory tile is left", good.name),
            ));
        }
        if p.yen < data.cost_factory {
            return Err(rule(
                "factory",
                format!(
                    "a factory costs {}; you have {}",
                    yen(data.cost_factory),
                    yen(p.yen)
                ),
            ));
        }
        let short = self.shortfall(data, seat, g);
        if p.blueprints < short {
            return Err(rule(
                "factory",
                format!(
                    "a {} factory needs knowledge {}; you are {} short and have {} blueprint(s)",
                    good.name,
                    2 * good.level as u32,
                    short,
                    p.blueprints
                ),
            ));
        }
        Ok(())
    }

    /// Knowledge missing for a factory of good `g` (NIP-FAC-4, -9).
    pub fn shortfall(&self, data: &NipponData, seat: Seat, g: usize) -> u32 {
        (2 * data.goods[g].level as u32).saturating_sub(self.knowledge(data, seat))
    }

    fn build(&mut self, data: &NipponData, seat: Seat, g: usize, ev: &mut Vec<Event>) {
        let short = self.shortfall(data, seat, g);
        let p = &mut self.players[seat];
        p.yen -= data.cost_factory;
        p.blueprints -= short;
        let mut f = Factory {
            machine: 0,
            goods: 0,
        };
        // NIP-MACH-10, -11: a machine from supply goes on at once, upgraded if possible.
        if p.machines > 0 {
            p.machines -= 1;
            f.machine = 1;
            if p.machines > 0 {
                p.machines -= 1;
                f.machine = 2;
            }
        }
        p.factories[g] = Some(f);
        self.built[g] += 1;
        let syn = data.goods[g].synergy;
        self.gain(data, seat, syn);
        ev.push(Event::public(format!(
            "{} builds a {} factory for {}{}{} (synergy: {}).",
            self.name(seat),
            data.goods[g].name,
            yen(data.cost_factory),
            if short > 0 {
                format!(" and {short} blueprint(s)")
            } else {
                String::new()
            },
            match f.machine {
                1 => ", installing a +1 machine from supply",
                2 => ", installing a +2 machine from supply",
                _ => "",
            },
            syn
        )));
    }
}

// ==== Machinery (NIP-MACH) ====

impl Nippon {
    fn can_improve(&self, data: &NipponData, seat: Seat, g: usize) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let name = &data.goods[g].name;
        if p.yen < data.cost_machine {
            return Err(rule(
                "machinery",
                format!("a machine costs {}", yen(data.cost_machine)),
            ));
        }
        match p.factories[g] {
            None => Err(rule("machinery", format!("you have no {name} factory"))),
            Some(f) if f.machine >= 2 => Err(rule(
                "machinery",
                format!("the machine of your {name} factory is already +2"),
            )),
            Some(_) => Ok(()),
        }
    }
}

// ==== Produce goods (NIP-PROD) ====

impl Nippon {
    fn can_run(&self, data: &NipponData, seat: Seat, g: usize) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let d = &data.goods[g];
        match p.factories[g] {
            None => Err(rule("produce", format!("you have no {} factory", d.name))),
            Some(_) if p.coal < d.coal => Err(rule(
                "produce",
                format!(
                    "your {} factory needs {} coal; you have {}",
                    d.name, d.coal, p.coal
                ),
            )),
            Some(f) if f.goods >= d.storage => Err(rule(
                "produce",
                format!("the storage of your {} factory is full", d.name),
            )),
            Some(_) => Ok(()),
        }
    }

    fn run(&mut self, data: &NipponData, seat: Seat, g: usize, ev: &mut Vec<Event>) -> u8 {
        let d = &data.goods[g];
        let p = &mut self.players[seat];
        p.coal -= d.coal;
        let f = p.factories[g].as_mut().expect("checked");
        let made = (1 + f.machine).min(d.storage - f.goods);
        f.goods += made;
        ev.push(Event::public(format!(
            "{} runs the {} factory for {} coal: {} good(s).",
            self.names[seat], d.name, d.coal, made
        )));
        made
    }
}

// ==== Knowledge and mines (NIP-KNOW, NIP-COAL) ====

impl Nippon {
    fn can_up(&self, data: &NipponData, seat: Seat, t: TrackKind, k: u8) -> Result<(), RuleError> {
        let p = &self.players[seat];
        if !(1..=3).contains(&k) {
            return Err(rule("tracks", "move 1, 2 or 3 steps"));
        }
        let cost = data.track_cost[k as usize - 1];
        if p.tracks[t.index()] + k as usize > data.track(t).top() {
            return Err(rule(
                "tracks",
                format!(
                    "your {} marker cannot move {k} step(s) beyond the top slot",
                    t.name()
                ),
            ));
        }
        if p.yen < cost {
            return Err(rule(
                "tracks",
                format!("{k} step(s) cost {}; you have {}", yen(cost), yen(p.yen)),
            ));
        }
        Ok(())
    }
}

// ==== Trains and ships (NIP-TRAIN, NIP-SHIP, NIP-SLOT) ====

impl Nippon {
    fn can_rail(
        &self,
        data: &NipponData,
        seat: Seat,
        ship: bool,
        used: &[u8],
        r: usize,
    ) -> Result<(), RuleError> {
        let p = &self.players[seat];
        let what = if ship { "ship" } else { "train" };
        let built = if ship { p.ships } else { p.trains };
        let cost = if ship {
            data.cost_ship
        } else {
            data.cost_train
        };
        if built >= RAIL_TILES {
            return Err(rule("rail", format!("you have no {what} tile left")));
        }
        if p.yen < cost {
            return Err(rule("rail", format!("a {what} costs {}", yen(cost))));
        }
        if used.contains(&(r as u8)) {
            return Err(rule(
                "rail",
                format!(
                    "tiles of one action go to different regions; {} already has one",
                    data.regions[r].name
                ),
            ));
        }
        if self.rail[r].len() >= data.rail_slots[self.n() - 2] {
            return Err(rule(
                "rail",
                format!("every train/ship slot of {} is taken", data.regions[r].name),
            ));
        }
        Ok(())
    }

    fn place_rail(
        &mut self,
        data: &NipponData,
        seat: Seat,
        ship: bool,
        r: usize,
        ev: &mut Vec<Event>,
    ) {
        let p = &mut self.players[seat];
        let (k, symbols) = if ship {
            p.yen -= data.cost_ship;
            p.ships += 1;
            (p.ships as usize, &data.ship_money)
        } else {
            p.yen -= data.cost_train;
            p.trains += 1;
            (p.trains as usize, &data.train_money)
        };
        self.rail[r].push((seat as u8, ship));
        let mut msg = format!(
            "{} builds a {} in {}",
            self.names[seat],
            if ship { "ship" } else { "train" },
            data.regions[r].name
        );
        // NIP-SLOT-2: a fully revealed money symbol raises the money marker.
        if symbols.contains(&k) && self.raise(data, seat, TrackKind::Money, 1) == 1 {
            msg.push_str(", revealing a money symbol (money +1)");
        }
        msg.push('.');
        ev.push(Event::public(msg));
    }
}

// ==== Export (NIP-EXP) ====

/// Can requirements `needs` be met from different goods with these stocks?
fn satisfiable(needs: &[u8], stock: &[u8]) -> bool {
    let Some((&first, rest)) = needs.split_first() else {
        return true;
    };
    (0..stock.len()).any(|g| {
        stock[g] >= first && {
            let mut s = stock.to_vec();
            s[g] = 0;
            satisfiable(rest, &s)
        }
    })
}

impl Nippon {
    /// Goods in storage per good (0 without a factory), except the goods in `used`.
    fn stock(&self, seat: Seat, used: &[u8]) -> Vec<u8> {
        self.players[seat]
            .factories
            .iter()
            .enumerate()
            .map(|(g, f)| match f {
                Some(f) if !used.contains(&(g as u8)) => f.goods,
                _ => 0,
            })
            .collect()
    }

    fn can_contract(&self, data: &NipponData, seat: Seat, k: u8) -> Result<(), RuleError> {
        let p = &self.players[seat];
        if k == 0 || k as usize > data.contracts.len() {
            return Err(rule("export", "contracts are numbered 1 to 8"));
        }
        if p.fulfilled[k as usize - 1] {
            return Err(rule(
                "export",
                format!("contract {k} is already fulfilled (face down)"),
            ));
        }
        let c = &data.contracts[k as usize - 1];
        if !satisfiable(&c.needs, &self.stock(seat, &[])) {
            return Err(rule(
                "export",
                format!(
                    "contract {k} needs {} from different factories; your storage cannot pay it",
                    needs_text(&c.needs)
                ),
            ));
        }
        Ok(())
    }

    fn can_pay(
        &self,
        data: &NipponData,
        seat: Seat,
        o: &OpenContract,
        g: u8,
        n: u8,
    ) -> Result<(), RuleError> {
        let Some(i) = o.remaining.iter().position(|&x| x == n) else {
            return Err(rule(
                "export",
                format!(
                    "contract {} still needs {}",
                    o.contract,
                    needs_text(&o.remaining)
                ),
            ));
        };
        if o.used.contains(&g) {
            return Err(rule(
                "export",
                format!(
                    "each requirement comes from a different factory; {} is already used",
                    data.goods[g as usize].name
                ),
            ));
        }
        let stock = self.stock(seat, &o.used);
        if stock[g as usize] < n {
            return Err(rule(
                "export",
                format!(
                    "your {} storage holds {} good(s), not {n}",
                    data.goods[g as usize].name, stock[g as usize]
                ),
            ));
        }
        let mut rest = o.remaining.clone();
        rest.remove(i);
        let mut s2 = stock;
        s2[g as usize] = 0;
        if !satisfiable(&rest, &s2) {
            return Err(rule(
                "export",
                "then the rest of the contract could not be paid; the contract is fulfilled all at once",
            ));
        }
        Ok(())
    }

    fn pay(&mut self, data: &NipponData, seat: Seat, g: u8, n: u8, ev: &mut Vec<Event>) {
        let Stage::Export {
            done,
            open: Some(o),
        } = &mut self.stage
        else {
            return;
        };
        let i = o.remaining.iter().position(|&x| x == n).expect("checked");
        o.remaining.remove(i);
        o.used.push(g);
        let finished = o.remaining.is_empty();
        let k = o.contract as usize - 1;
        if let Some(f) = self.players[seat].factories[g as usize].as_mut() {
            f.goods -= n;
        }
        if finished {
            *done += 1;
            let c = &data.contracts[k];
            self.players[seat].fulfilled[k] = true;
            self.gain(data, seat, c.bonus);
            let moved = self.raise(data, seat, TrackKind::Money, c.money_steps);
            ev.push(Event::public(format!(
                "{} fulfils contract {} ({}): {}, money +{}.",
                self.names[seat],
                k + 1,
                needs_text(&c.needs),
                c.bonus,
                moved
            )));
            if let Stage::Export { open, .. } = &mut self.stage {
                *open = None;
            }
        }
    }
}

pub(super) fn needs_text(n: &[u8]) -> String {
    n.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join("+")
}

// ==== Local Market (NIP-CITY, NIP-MKT) ====

impl Nippon {
    /// Tiles around city `c`.
    fn tiles_around(&self, c: usize) -> usize {
        self.influence[c].iter().filter(|x| x.is_some()).count()
    }

    /// Sides of city `c` holding its lowest tiles.
    fn tied_lowest(&self, c: usize) -> Vec<usize> {
        let min = self.influence[c].iter().flatten().map(|t| t.value).min();
        (0..4)
            .filter(|&s| self.influence[c][s].is_some_and(|t| Some(t.value) == min))
            .collect()
    }

    /// NIP-MKT-12, -15, -16: may a tile of `value` go beside good `g` of city `c`?
    fn slot_available(
        &self,
        data: &NipponData,
        c: usize,
        g: usize,
        value: u8,
    ) -> Result<(), RuleError> {
        let city = data.city_name(c);
        let Some(s) = self.side_of(data, c, g) else {
            return Err(rule(
                "market",
                format!("{city} does not want {}", data.goods[g].name),
            ));
        };
        if let Some(t) = self.influence[c][s] {
            if t.value >= value {
                return Err(rule(
                    "market",
                    format!(
                        "the {} slot of {city} holds a value-{} tile; only a higher tile replaces it",
                        data.goods[g].name, t.value
                    ),
                ));
            }
            return Ok(());
        }
        if let Some(limit) = data.city_limit[self.n() - 2] {
            if self.tiles_around(c) >= limit {
                let min = self.influence[c]
                    .iter()
                    .flatten()
                    .map(|t| t.value)
                    .min()
                    .unwrap_or(0);
                if value <= min {
                    return Err(rule(
                        "market",
                        format!(
                            "{city} already has {limit} tiles; a new one must beat the lowest there (value {min})"
                        ),
                    ));
                }
            }
        }
        Ok(())
    }

    /// What the seat lacks to supply `c` cubes of good `g` for a value-`v` tile, before any
    /// city is looked at (NIP-MKT-2, NIP-MKT-6). No text is built here: scans of the legal steps
    /// meet these failures by the hundred; [`Nippon::can_tile`] words them.
    fn tile_short(
        &self,
        data: &NipponData,
        seat: Seat,
        v: u8,
        g: usize,
        c: u8,
    ) -> Option<TileShort> {
        let p = &self.players[seat];
        if !(1..=3).contains(&c) {
            return Some(TileShort::Cubes);
        }
        let stored = p.factories[g].map(|f| f.goods).unwrap_or(0);
        if stored < c {
            return Some(TileShort::Stored(stored));
        }
        let max = data.max_value(g, c);
        if v > max {
            return Some(TileShort::Value(max));
        }
        if !p.tiles.contains(&v) {
            return Some(TileShort::NoTile);
        }
        None
    }

    fn can_tile(
        &self,
        data: &NipponData,
        seat: Seat,
        region: Option<u8>,
        v: u8,
        g: usize,
        c: u8,
    ) -> Result<(), RuleError> {
        let name = &data.goods[g].name;
        match self.tile_short(data, seat, v, g, c) {
            None => {}
            Some(TileShort::Cubes) => return Err(rule("market", "supply 1, 2 or 3 cubes")),
            Some(TileShort::Stored(stored)) => {
                return Err(rule(
                    "market",
                    format!("your {name} storage holds {stored} good(s), not {c}"),
                ))
            }
            Some(TileShort::Value(max)) => {
                return Err(rule(
                    "market",
                    format!("{c} {name} cube(s) allow a tile of value {max} at most"),
                ))
            }
            Some(TileShort::NoTile) => {
                return Err(rule(
                    "market",
                    format!("you have no value-{v} influence tile left"),
                ))
            }
        }
        let regions: Vec<usize> = match region {
            Some(r) => vec![r as usize],
            None => (0..data.regions.len()).collect(),
        };
        let ok = regions
            .iter()
            .flat_map(|&r| [2 * r, 2 * r + 1])
            .any(|city| self.slot_available(data, city, g, v).is_ok());
        if !ok {
            return Err(rule(
                "market",
                format!(
                    "no available {name} slot for a value-{v} tile{}",
                    region
                        .map(|r| format!(" in {}", data.regions[r as usize].name))
                        .unwrap_or_default()
                ),
            ));
        }
        Ok(())
    }

    fn can_city(
        &self,
        data: &NipponData,
        region: Option<u8>,
        c: usize,
        v: u8,
        g: usize,
    ) -> Result<(), RuleError> {
        if c >= 8 {
            return Err(rule("market", "there are 8 cities"));
        }
        if let Some(r) = region {
            if c / 2 != r as usize {
                return Err(rule(
                    "market",
                    format!(
                        "this action's tiles all go to {}; {} is elsewhere",
                        data.regions[r as usize].name,
                        data.city_name(c)
                    ),
                ));
            }
        }
        self.slot_available(data, c, g, v)
    }

    /// Put the chosen tile beside good `g` of city `c`, removing the tile at side `remove`
    /// (a full city in 2-3 player games), and give the region bonus.
    fn place_tile(
        &mut self,
        data: &NipponData,
        seat: Seat,
        c: usize,
        remove: Option<usize>,
        ev: &mut Vec<Event>,
    ) {
        let Stage::Market(m) = &self.stage else {
            return;
        };
        let (v, g, cubes) = m.tile.expect("a tile was chosen");
        let s = self.side_of(data, c, g as usize).expect("checked");
        let p = &mut self.players[seat];
        if let Some(f) = p.factories[g as usize].as_mut() {
            f.goods -= cubes;
        }
        let i = p.tiles.iter().position(|&x| x == v).expect("checked");
        p.tiles.remove(i);
        let mut msg = format!(
            "{} supplies {} {} to {} and places a value-{v} tile",
            self.names[seat],
            cubes,
            data.goods[g as usize].name,
            data.city_name(c)
        );
        for side in [Some(s), remove].into_iter().flatten() {
            if let Some(old) = self.influence[c][side].take() {
                let owner = &mut self.players[old.seat as usize];
                owner.tiles.push(old.value);
                owner.tiles.sort_unstable();
                msg.push_str(&format!(
                    ", returning {}'s value-{} tile",
                    self.names[old.seat as usize], old.value
                ));
            }
        }
        self.influence[c][s] = Some(Placed {
            seat: seat as u8,
            value: v,
        });
        let r = c / 2;
        let bonus = data.regions[r].bonus;
        self.gain(data, seat, bonus);
        msg.push_str(&format!("; region bonus {bonus}."));
        ev.push(Event::public(msg));
        if let Stage::Market(m) = &mut self.stage {
            m.region = Some(r as u8);
            m.placed += 1;
            m.tile = None;
            m.city = None;
        }
    }
}

// ==== Consolidate (NIP-CONS) ====

impl Nippon {
    /// The highest reward level `seat` may take: the level above the rightmost occupied
    /// worker slot (0 with fewer than 3 workers).
    pub fn reward_level(&self, data: &NipponData, seat: Seat) -> u32 {
        let w = self.players[seat].workers.len();
        if w == 0 {
            0
        } else {
            data.worker_slot_levels[w - 1]
        }
    }

    /// Has `seat` an achievement space without a tile?
    fn has_empty_space(&self, seat: Seat) -> bool {
        self.players[seat].achievements.iter().any(|a| a.is_none())
    }

    fn can_reward(&self, data: &NipponData, seat: Seat, mult: u32, b: u8) -> Result<(), RuleError> {
        let lvl = self.reward_level(data, seat);
        if mult > lvl {
            return Err(rule(
                "consolidate",
                format!("your rightmost worker allows reward tiles up to level {lvl}"),
            ));
        }
        let left = data
            .rewards
            .iter()
            .zip(&self.rewards)
            .any(|(r, &n)| r.multiplier == mult && bonus_kind(r.bonus) == b && n > 0);
        if !left {
            return Err(rule("consolidate", "no reward tile of that kind is left"));
        }
        Ok(())
    }

    fn consolidate(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        // 1. Budget (NIP-CONS-3, -5): discard, then take the track values.
        let money = self.track_value(data, seat, TrackKind::Money) * 1000;
        let coal = self.track_value(data, seat, TrackKind::Coal);
        let p = &mut self.players[seat];
        p.yen = money;
        p.coal = coal;
        ev.push(Event::public(format!(
            "{} consolidates: budget {} and {coal} coal.",
            self.names[seat],
            yen(money)
        )));
        // 2. Emperor's reward (NIP-CONS-6..8, -12). A reward tile is taken even with
        // every achievement space covered (for its bonus); a multiplier tile only onto an
        // empty space.
        let p = &self.players[seat];
        if p.workers.len() >= 3 {
            let any_left = self.rewards.iter().any(|&n| n > 0);
            if any_left {
                let lvl = self.reward_level(data, seat);
                let reachable = data
                    .rewards
                    .iter()
                    .zip(&self.rewards)
                    .any(|(r, &n)| n > 0 && r.multiplier <= lvl);
                if reachable {
                    self.stage = Stage::Reward;
                    return;
                }
                ev.push(Event::public(
                    "Only higher reward tiles are left: no Emperor's reward.",
                ));
            } else if self.multipliers > 0 && self.has_empty_space(seat) {
                self.multipliers -= 1;
                self.stage = Stage::Space { multiplier: 2 };
                ev.push(Event::public(format!(
                    "No reward tile is left: {} takes a 2x multiplier tile.",
                    self.names[seat]
                )));
                return;
            }
        }
        self.workforce(data, seat, ev);
    }

    /// 3. Workforce (NIP-CONS-13..17), then the turn ends.
    fn workforce(&mut self, data: &NipponData, seat: Seat, ev: &mut Vec<Event>) {
        let p = &mut self.players[seat];
        let mut colours = p.workers.clone();
        colours.sort_unstable();
        colours.dedup();
        let k = colours.len() as u32;
        let paid = k.min(p.yen / data.cost_worker_colour);
        p.yen -= paid * data.cost_worker_colour;
        let lost = (k - paid) as i64 * data.unpaid_colour_vp;
        p.vp -= lost;
        for w in std::mem::take(&mut p.workers) {
            self.bag[w as usize] += 1;
        }
        // No workers: nothing to pay and nothing to say.
        if k > 0 {
            ev.push(Event::public(format!(
                "{} pays {} for {k} worker colour(s){}; the workers go back to the bag.",
                self.names[seat],
                yen(paid * data.cost_worker_colour),
                if lost > 0 {
                    format!(" and loses {lost} VP")
                } else {
                    String::new()
                }
            )));
        }
        self.complete_refill(data);
        self.end_action(data, seat, ev);
    }
}

// ==== Scorings (NIP-SCORE) ====

impl Nippon {
    /// Influence per seat in region `r` (NIP-SCORE-1, -2) and the overseas companies'
    /// (NIP-SCORE-3).
    pub fn region_influence(&self, data: &NipponData, r: usize) -> (Vec<u32>, u32) {
        let n = self.n();
        let mut infl = vec![0u32; n];
        let mut has_tile = vec![false; n];
        let mut overseas = 0;
        for k in 0..2 {
            let c = 2 * r + k;
            for s in 0..4 {
                match self.influence[c][s] {
                    Some(t) => {
                        infl[t.seat as usize] += t.value as u32;
                        has_tile[t.seat as usize] = true;
                    }
                    None => overseas += data.regions[r].slots[k][s],
                }
            }
        }
        for &(seat, ship) in &self.rail[r] {
            if !ship && has_tile[seat as usize] {
                infl[seat as usize] += data.train_influence;
            }
        }
        (infl, overseas)
    }

    /// VP won per seat in region `r` at scoring `k` (0-based), ships included.
    pub fn region_vp(&self, data: &NipponData, r: usize, k: usize) -> Vec<i64> {
        let n = self.n();
        let (infl, overseas) = self.region_influence(data, r);
        // Entities: seats, then the overseas companies (index n). Influence 0 takes no place.
        let mut vals: Vec<(usize, u32)> = infl.iter().copied().enumerate().collect();
        vals.push((n, overseas));
        vals.retain(|&(_, v)| v > 0);
        vals.sort_by_key(|v| std::cmp::Reverse(v.1));
        let mut out = vec![0i64; n];
        let mut pos = 0;
        while pos < vals.len() {
            let v = vals[pos].1;
            let group: Vec<usize> = vals.iter().filter(|x| x.1 == v).map(|x| x.0).collect();
            let sum: i64 = (pos..pos + group.len())
                .filter(|&i| i < 3)
                .map(|i| data.scoring_vp[k][i])
                .sum();
            let share = sum / group.len() as i64;
            for &e in &group {
                if e < n {
                    out[e] += share;
                    if pos <= 1 {
                        let ships = self.rail[r]
                            .iter()
                            .filter(|&&(s, sh)| sh && s as usize == e)
                            .count();
                        out[e] += ships as i64 * data.ship_vp;
                    }
                }
            }
            pos += group.len();
        }
        out
    }

    /// Scoring `k` (0-based): every region.
    pub(super) fn score_regions(&mut self, data: &NipponData, k: usize, ev: &mut Vec<Event>) {
        let mut parts = Vec::new();
        for r in 0..data.regions.len() {
            let won = self.region_vp(data, r, k);
            let mut bits = Vec::new();
            for (s, vp) in won.iter().enumerate() {
                if *vp > 0 {
                    self.players[s].vp += vp;
                    bits.push(format!("{} {vp}", self.names[s]));
                }
            }
            if !bits.is_empty() {
                parts.push(format!("{}: {}", data.regions[r].name, bits.join(", ")));
            }
        }
        self.scorings = k as u8 + 1;
        ev.push(Event::public(format!(
            "Scoring {}: {}.",
            k + 1,
            if parts.is_empty() {
                "nobody scores".to_string()
            } else {
                parts.join("; ")
            }
        )));
    }
}

// ==== End of the game and final scoring (NIP-END) ====

impl Nippon {
    /// Units counted by achievement space `a` for `seat` (at the final scoring).
    pub fn achievement_units(&self, data: &NipponData, seat: Seat, a: usize) -> i64 {
        let p = &self.players[seat];
        match data.achievements[a].name.as_str() {
            "contracts" => (p.fulfilled.iter().filter(|x| **x).count() / 2) as i64,
            "money" => (p.yen / 6000) as i64,
            "knowledge" => {
                let t = data.track(TrackKind::Knowledge);
                let stars = (0..=p.tracks[2]).filter(|&i| t.stars[i]).count();
                let extra = p
                    .factories
                    .iter()
                    .enumerate()
                    .filter(|(g, f)| f.is_some() && data.goods[*g].synergy == Bonus::Star)
                    .count();
                (stars + extra) as i64
            }
            "ships" => data
                .ship_stars
                .iter()
                .filter(|&&k| k <= p.ships as usize)
                .count() as i64,
            "factories" => p.factories.iter().flatten().count() as i64,
            "influence" => self
                .influence
                .iter()
                .flatten()
                .flatten()
                .filter(|t| t.seat as usize == seat)
                .count() as i64,
            _ => 0,
        }
    }

    pub(super) fn finish(&mut self, data: &NipponData, ev: &mut Vec<Event>) {
        let n = self.n();
        let mut breakdown = Vec::new();
        for s in 0..n {
            let mut lines = Vec::new();
            // Budget and workforce at the end (NIP-END-4 reading).
            let money = self.track_value(data, s, TrackKind::Money) * 1000;
            let p = &mut self.players[s];
            p.yen = money;
            let mut colours = p.workers.clone();
            colours.sort_unstable();
            colours.dedup();
            let k = colours.len() as u32;
            let paid = k.min(p.yen / data.cost_worker_colour);
            p.yen -= paid * data.cost_worker_colour;
            let lost = (k - paid) as i64 * data.unpaid_colour_vp;
            p.vp -= lost;
            lines.push(("unpaid workers".to_string(), -lost));
            for a in 0..data.achievements.len() {
                let mult =
                    self.players[s].achievements[a].unwrap_or(data.achievements[a].printed) as i64;
                let vp = self.achievement_units(data, s, a) * mult;
                self.players[s].vp += vp;
                lines.push((data.achievements[a].name.clone(), vp));
            }
            breakdown.push(lines);
        }
        let scores = self.vp();
        let last = self.last_player.unwrap_or(self.current);
        let dist: Vec<i64> = (0..n).map(|s| ((last + n - s) % n) as i64).collect();
        let result = rank(
            &self.names,
            &scores,
            "VP",
            &[TieBreak::fewest(
                format!(
                    "played last or sits closest before {} (counter-clockwise)",
                    self.names[last]
                ),
                dist,
            )],
        );
        ev.push(Event::public(format!("The game ends. {}", result.note)));
        self.breakdown = Some(breakdown);
        self.result = Some(result);
    }
}

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

// ==== Notation ====

impl Nippon {
    pub(super) fn step_text(data: &NipponData, step: &Step) -> String {
        let good = |g: u8| data.goods[g as usize].name.clone();
        match *step {
            Step::Take(s, c) => format!("take {s} {}", data.worker_colours[c as usize].0),
            Step::Consolidate => "consolidate".into(),
            Step::Do(a) => format!("do {}", a.name()),
            Step::Build(g) => format!("build {}", good(g)),
            Step::Improve(g) => format!("improve {}", good(g)),
            Step::ToSupply => "improve supply".into(),
            Step::Run(g) => format!("run {}", good(g)),
            Step::Up(k) => format!("up {k}"),
            Step::Train(r) => format!("train {}", data.regions[r as usize].name),
            Step::Ship(r) => format!("ship {}", data.regions[r as usize].name),
            Step::Contract(k) => format!("contract {k}"),
            Step::Pay(g, n) => format!("pay {} {n}", good(g)),
            Step::Tile(v, g, c) => format!("tile {v} {} {c}", good(g)),
            Step::City(c) => format!("city {}", data.city_name(c as usize)),
            Step::Remove(g) => format!("remove {}", good(g)),
            Step::Reward(m, b) => format!("reward {m} {}", BONUS_WORDS[b as usize]),
            Step::Space(a) => format!("space {}", data.achievements[a as usize].name),
            Step::Blueprints(t) => format!("blueprints {}", t.name()),
            Step::Done => "done".into(),
        }
    }

    pub(super) fn step_label(data: &NipponData, step: &Step) -> String {
        let good = |g: u8| data.goods[g as usize].name.clone();
        match *step {
            Step::Take(s, c) => format!(
                "Take a worker ({}) from action slot {s}: {}",
                data.worker_colours[c as usize].0,
                data.slots[s as usize - 1]
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Step::Consolidate => "Consolidate: budget, Emperor's reward, pay the workers".into(),
            Step::Do(a) => format!("Do the {} action", a.name()),
            Step::Build(g) => format!("Build a {} factory", good(g)),
            Step::Improve(g) => format!("Install or upgrade a machine on the {} factory", good(g)),
            Step::ToSupply => "Take a machine into your supply".into(),
            Step::Run(g) => format!("Run the {} factory", good(g)),
            Step::Up(k) => format!("Move the marker up {k} step(s)"),
            Step::Train(r) => format!("Build a train in {}", data.regions[r as usize].name),
            Step::Ship(r) => format!("Build a ship in {}", data.regions[r as usize].name),
            Step::Contract(k) => format!(
                "Fulfil contract {k} ({})",
                needs_text(&data.contracts[k as usize - 1].needs)
            ),
            Step::Pay(g, n) => format!("Pay {n} {} to the contract", good(g)),
            Step::Tile(v, g, c) => format!("Supply {c} {} for a value-{v} influence tile", good(g)),
            Step::City(c) => format!("Place the tile at {}", data.city_name(c as usize)),
            Step::Remove(g) => format!("Return the lowest tile beside {}", good(g)),
            Step::Reward(m, b) => format!("Take a x{m} reward tile ({})", BONUS_WORDS[b as usize]),
            Step::Space(a) => format!(
                "Put the tile on the {} achievement",
                data.achievements[a as usize].name
            ),
            Step::Blueprints(t) => format!("Discard 3 blueprints: {} +1", t.name()),
            Step::Done => "Done: end the action and your turn".into(),
        }
    }
}
