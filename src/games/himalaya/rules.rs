//! The rules of Himalaya, in rulebook order, under one banner per phase.
//!
//! `legality`, `candidates` and `perform` (in `mod.rs`) dispatch by phase onto the helpers
//! here: each phase's `*_candidates`, `*_ok` (the legality of its steps, with the reason and
//! rules topic of a refusal) and the code performing its steps sit under its banner.
//! Between player decisions [`Himalaya::advance`] runs the automatic parts (resolution,
//! refill, inventory) until a choice is needed.

use super::view::{FinalLine, InventoryReveal};
use super::*;
use crate::engine::rank::{assign_places, verdict};
use crate::engine::{Applied, Event, FinalResult, GameRng, RuleError, Rules, Seat, SetupError};
use sha2::{Digest, Sha256};

/// A refusal under one of the game's rules topics.
pub(super) fn rule(topic: Topic, reason: impl Into<String>) -> RuleError {
    RuleError::new(topic.id(), reason)
}

/// What a step's performing compares against to tell whether it can be taken back.
pub(super) struct Marks {
    pub(super) rng: GameRng,
    inventory: Option<InventoryReveal>,
}

// ==== Shared counts ====

impl Himalaya {
    pub(super) fn n(&self) -> usize {
        self.players.len()
    }

    /// Seat at position `k` of this turn's order.
    pub(super) fn order_seat(&self, k: usize) -> Seat {
        (self.first + k) % self.n()
    }

    pub(super) fn stupas_left(&self, seat: Seat) -> u32 {
        STUPAS - self.stupas.iter().filter(|s| **s == Some(seat)).count() as u32
    }

    pub(super) fn delegations_left(&self, seat: Seat) -> u32 {
        DELEGATIONS - self.delegations.iter().map(|r| r[seat]).sum::<u32>()
    }

    pub(super) fn yacks(&self, data: &HimalayaData, seat: Seat) -> u32 {
        self.kept[seat]
            .iter()
            .map(|&o| data.orders[o].yacks)
            .sum::<u32>()
            + self.markers[seat] * data.inventory_yacks
    }

    pub(super) fn has_goods(&self, v: usize) -> bool {
        self.village_goods[v].iter().any(|&c| c > 0)
    }

    /// A seat's name for refusals (also for a seat number outside the table).
    pub(super) fn seat_name(&self, seat: Seat) -> String {
        self.players
            .get(seat)
            .cloned()
            .unwrap_or_else(|| format!("seat {seat}"))
    }

    /// May `seat` take any step now? (The seats that must act, and a sealed seat, which
    /// may take its program back.)
    pub(super) fn may_step(&self, seat: Seat) -> bool {
        match &self.phase {
            Phase::Finished => false,
            Phase::Placement { k } | Phase::Events { k } => {
                *k < self.n() && self.order_seat(*k) == seat
            }
            Phase::Programming => seat < self.n(),
            Phase::Resolution | Phase::Inventory => {
                self.pending.as_ref().is_some_and(|p| p.seat() == seat)
            }
        }
    }
}

// ==== Performing a step: what every phase shares ====

impl Himalaya {
    pub(super) fn marks(&self) -> Marks {
        Marks {
            rng: self.rng.clone(),
            inventory: self.last_inventory.clone(),
        }
    }

    /// After a phase performed a step: advance to the next decision, then tell whether the
    /// step can be taken back. Irreversible = the step drew game randomness (dice, bag
    /// draws) or revealed hidden information (programs, inventory stocks, the final
    /// screens). The commitment salt drawn by `seal` is not counted (`seal` moves the mark
    /// past it): it decides nothing, and `unseal` takes a seal back.
    pub(super) fn settle(&mut self, data: &HimalayaData, marks: Marks, applied: &mut Applied) {
        self.advance(data, &mut applied.events);
        if self.rng != marks.rng
            || self.last_inventory != marks.inventory
            || self.phase == Phase::Finished
        {
            applied.irreversible = true;
        }
    }
}

// ==== Setup ====

impl Himalaya {
    /// A new game: empty board, full bags, then the setup rolls for goods and orders.
    pub(super) fn new(
        data: &HimalayaData,
        players: &[String],
        options: &Opts,
        seed: u64,
    ) -> Result<Self, SetupError> {
        let n = players.len();
        let advanced = options.advanced;
        let mut g = Himalaya {
            players: players.to_vec(),
            advanced,
            rng: GameRng::new(seed),
            turn: 0,
            first: 0,
            phase: Phase::Placement { k: 0 },
            caravans: vec![None; n],
            in_storm: vec![None; n],
            village_goods: vec![[0; 5]; VILLAGES],
            village_order: vec![None; VILLAGES],
            goods_bag: data.goods,
            orders_bag: (0..data.orders.len()).collect(),
            hands: vec![[0; 5]; n],
            kept: vec![Vec::new(); n],
            markers: vec![0; n],
            markers_left: data.inventory_markers,
            stupas: vec![None; VILLAGES],
            delegations: vec![vec![0; n]; data.regions.len()],
            events_used: vec![[false; 3]; n],
            board_events: BoardEvents::default(),
            plans: vec![Vec::new(); n],
            seals: vec![None; n],
            revealed: Vec::new(),
            revealed_seals: Vec::new(),
            revealed_turn: 0,
            cursor: (0, 0),
            took: vec![Vec::new(); n],
            pending: None,
            inventory_queue: Vec::new(),
            last_inventory: None,
            result: None,
            final_lines: Vec::new(),
        };
        let mut ev = Vec::new();
        g.refill(&mut ev);
        Ok(g)
    }
}

impl Himalaya {
    pub(super) fn next_empty(&self, from: usize) -> usize {
        (0..VILLAGES)
            .map(|i| (from + i) % VILLAGES)
            .find(|&v| !self.has_goods(v) && self.village_order[v].is_none())
            .unwrap_or(from)
    }

    pub(super) fn draw_good(&mut self) -> Option<Good> {
        let total: u32 = self.goods_bag.iter().sum();
        if total == 0 {
            return None;
        }
        let mut r = self.rng.below(total as usize) as u32;
        for g in Good::ALL {
            if r < self.goods_bag[g.index()] {
                self.goods_bag[g.index()] -= 1;
                return Some(g);
            }
            r -= self.goods_bag[g.index()];
        }
        None
    }
}

// ==== Caravan placement (Setup) ====

impl Himalaya {
    /// The free villages. (A taken village is no candidate, so that `start 2` is never read
    /// as `start 20`, HIM-SETUP-11.)
    pub(super) fn placement_candidates(&self) -> Vec<Step> {
        (0..VILLAGES)
            .filter(|v| !self.caravans.contains(&Some(*v)))
            .map(Step::Start)
            .collect()
    }

    /// The seat at position `k` of the order puts its caravan on a free village.
    pub(super) fn placement_ok(&self, seat: Seat, k: usize, step: &Step) -> Result<(), RuleError> {
        let name = self.seat_name(seat);
        if self.order_seat(k) != seat {
            let why = format!("it is not {name}'s turn to place a caravan");
            return Err(rule(Topic::Setup, why));
        }
        let Step::Start(v) = *step else {
            let why = format!("{name} places a caravan now: `start <village>`");
            return Err(rule(Topic::Setup, why));
        };
        if v >= VILLAGES {
            let why = format!(
                "there is no village {}: villages are 1 to {VILLAGES}",
                v + 1
            );
            return Err(rule(Topic::Setup, why));
        }
        if self.caravans.contains(&Some(v)) {
            let why = format!("village {} already holds a caravan", v + 1);
            return Err(rule(Topic::Setup, why));
        }
        Ok(())
    }

    pub(super) fn place_caravan(&mut self, seat: Seat, k: usize, step: &Step) -> Applied {
        let mut events = Vec::new();
        let Step::Start(v) = *step else {
            unreachable!("placement_ok accepts only `start`")
        };
        self.caravans[seat] = Some(v);
        events.push(Event::public(format!(
            "{} places a caravan at village {}.",
            self.players[seat],
            v + 1
        )));
        if k + 1 >= self.n() {
            self.start_turn(&mut events);
        } else {
            self.phase = Phase::Placement { k: k + 1 };
        }
        Applied {
            events,
            turn_ended: true,
            ..Applied::default()
        }
    }
}

// ==== Turn flow: turn marker and first caravaneer (Phase 1) ====

impl Himalaya {
    /// Run automatic play until a player must decide or the game ends.
    pub(super) fn advance(&mut self, data: &HimalayaData, events: &mut Vec<Event>) {
        loop {
            if self.pending.is_some() {
                return;
            }
            match self.phase.clone() {
                Phase::Placement { .. } | Phase::Programming | Phase::Finished => return,
                Phase::Events { k } => {
                    if k >= self.n() {
                        self.phase = Phase::Programming;
                        events.push(Event::public(format!(
                            "Turn {}: every caravaneer programs 6 actions in secret.",
                            self.turn
                        )));
                        return;
                    }
                    if !self.can_place_event(self.order_seat(k)) {
                        self.phase = Phase::Events { k: k + 1 };
                        continue;
                    }
                    return;
                }
                Phase::Resolution => {
                    if self.cursor.0 >= ACTIONS {
                        self.end_of_turn(events);
                        continue;
                    }
                    self.resolve_one(data, events);
                }
                Phase::Inventory => {
                    if let Some((good, seat)) = self.inventory_queue.first().copied() {
                        self.inventory_queue.remove(0);
                        self.start_inventory_reward(data, good, seat, events);
                        continue;
                    }
                    if self.turn >= TURNS {
                        self.finish(data, events);
                        return;
                    }
                    self.start_turn(events);
                }
            }
        }
    }

    pub(super) fn start_turn(&mut self, events: &mut Vec<Event>) {
        if self.turn >= 1 {
            self.first = (self.first + 1) % self.n();
        }
        self.turn += 1;
        self.plans = vec![Vec::new(); self.n()];
        self.seals = vec![None; self.n()];
        self.took = vec![Vec::new(); self.n()];
        self.board_events = BoardEvents::default();
        events.push(Event::public(format!(
            "Turn {} begins; {} is the first caravaneer.",
            self.turn, self.players[self.first]
        )));
        self.phase = if self.advanced {
            Phase::Events { k: 0 }
        } else {
            Phase::Programming
        };
        if !self.advanced {
            events.push(Event::public(format!(
                "Turn {}: every caravaneer programs 6 actions in secret.",
                self.turn
            )));
        }
    }

    pub(super) fn end_of_turn(&mut self, events: &mut Vec<Event>) {
        self.board_events = BoardEvents::default();
        self.refill(events);
        if self.turn % 4 == 0 {
            self.inventory(events);
            self.phase = Phase::Inventory;
        } else {
            self.start_turn(events);
        }
    }
}

// ==== Events (Phase 1, advanced rules) ====

impl Himalaya {
    /// Every event placement on the board (legal or not), `pass` last. Market day is only
    /// offered in villages with goods, so that `market 2` is never read as `market 20`
    /// (HIM-EVENT-10).
    pub(super) fn event_candidates(&self, data: &HimalayaData) -> Vec<Step> {
        let mut out: Vec<Step> = (0..data.paths.len()).map(Step::Yeti).collect();
        out.extend((0..data.paths.len()).map(Step::Storm));
        out.extend(
            (0..VILLAGES)
                .filter(|&v| self.has_goods(v))
                .map(Step::Market),
        );
        out.push(Step::Pass);
        out
    }

    /// May `seat` still lay its marker of `kind` this turn? Only the stated limits
    /// (HIM-EVENT-3, -4, -6): each marker once a game, one of each kind on the board. A yeti
    /// and a snowstorm may share a path (HIM-EVENT-11).
    fn marker_free(&self, seat: Seat, kind: EventKind) -> bool {
        let on_board = match kind {
            EventKind::Yeti => self.board_events.yeti.is_some(),
            EventKind::Storm => self.board_events.storm.is_some(),
            EventKind::Market => self.board_events.market.is_some(),
        };
        !self.events_used[seat][kind.index()] && !on_board
    }

    /// Can `seat` lay any marker now? (Market day needs a village with goods.)
    pub(super) fn can_place_event(&self, seat: Seat) -> bool {
        self.marker_free(seat, EventKind::Yeti)
            || self.marker_free(seat, EventKind::Storm)
            || (self.marker_free(seat, EventKind::Market)
                && (0..VILLAGES).any(|v| self.has_goods(v)))
    }

    /// A cheap test that legality refuses an event step, for the legal list.
    pub(super) fn event_hopeless(&self, seat: Seat, step: &Step) -> bool {
        match *step {
            Step::Yeti(_) => !self.marker_free(seat, EventKind::Yeti),
            Step::Storm(_) => !self.marker_free(seat, EventKind::Storm),
            Step::Market(v) => !self.marker_free(seat, EventKind::Market) || !self.has_goods(v),
            _ => false,
        }
    }

    /// The seat at position `k` of the order lays one unused marker or passes.
    pub(super) fn event_ok(
        &self,
        data: &HimalayaData,
        seat: Seat,
        k: usize,
        step: &Step,
    ) -> Result<(), RuleError> {
        let name = self.seat_name(seat);
        let refuse = |why: String| {
            let reason = format!("{name} cannot place that event marker now: {why}");
            Err(rule(Topic::Events, reason))
        };
        if k >= self.n() || self.order_seat(k) != seat {
            return refuse("markers are laid one player at a time, in turn order".into());
        }
        let kind = match *step {
            Step::Yeti(p) | Step::Storm(p) if p >= data.paths.len() => {
                return refuse(format!("there is no path number {}", p + 1));
            }
            Step::Market(v) if v >= VILLAGES => {
                return refuse(format!("villages are 1 to {VILLAGES}"));
            }
            Step::Yeti(_) => EventKind::Yeti,
            Step::Storm(_) => EventKind::Storm,
            Step::Market(_) => EventKind::Market,
            Step::Pass => return Ok(()),
            _ => {
                let why = format!(
                    "{name} cannot do that now: lay an event marker (`yeti a-b`, `storm a-b`, \
                     `market <village>`) or `pass`"
                );
                return Err(rule(Topic::Events, why));
            }
        };
        if self.events_used[seat][kind.index()] {
            return refuse(format!(
                "{name}'s {} marker is used (each marker once a game)",
                kind.name()
            ));
        }
        if !self.marker_free(seat, kind) {
            return refuse(format!(
                "a {} marker is on the board this turn (one of each kind)",
                kind.name()
            ));
        }
        match *step {
            Step::Market(v) if !self.has_goods(v) => refuse(format!(
                "market day needs a village with goods; village {} has none",
                v + 1
            )),
            _ => Ok(()),
        }
    }

    pub(super) fn place_event(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        k: usize,
        step: &Step,
    ) -> Applied {
        let name = self.players[seat].clone();
        let text = match *step {
            Step::Yeti(p) => {
                self.board_events.yeti = Some((p, seat));
                self.events_used[seat][EventKind::Yeti.index()] = true;
                format!("{name} puts the yeti on path {}.", data.path_name(p))
            }
            Step::Storm(p) => {
                self.board_events.storm = Some((p, seat));
                self.events_used[seat][EventKind::Storm.index()] = true;
                format!("{name} puts a snowstorm on path {}.", data.path_name(p))
            }
            Step::Market(v) => {
                self.board_events.market = Some((v, seat));
                self.events_used[seat][EventKind::Market.index()] = true;
                format!("{name} declares market day at village {}.", v + 1)
            }
            _ => format!("{name} places no event marker."),
        };
        self.phase = Phase::Events { k: k + 1 };
        Applied {
            events: vec![Event::public(text)],
            turn_ended: true,
            ..Applied::default()
        }
    }
}

// ==== Programming (Phase 2) ====

/// Commitment for a sealed program: the first 12 hex digits of SHA-256 over `salt:program`.
pub fn commitment(salt: &str, program: &str) -> String {
    let digest = Sha256::digest(format!("{salt}:{program}").as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    hex[..12].to_string()
}

/// A program as text, e.g. `ice deal deal stone rest dirt`.
pub fn program_text(p: &[Action]) -> String {
    p.iter().map(|a| a.name()).collect::<Vec<_>>().join(" ")
}

impl Himalaya {
    pub(super) fn reveal(&mut self, events: &mut Vec<Event>) {
        self.revealed = self.plans.clone();
        self.revealed_seals = self
            .seals
            .iter()
            .map(|s| {
                s.clone().unwrap_or(Seal {
                    salt: String::new(),
                    commitment: String::new(),
                })
            })
            .collect();
        self.revealed_turn = self.turn;
        let lines: Vec<String> = (0..self.n())
            .map(|s| {
                format!(
                    "{}: {} (salt {}, commitment {})",
                    self.players[s],
                    program_text(&self.revealed[s]),
                    self.revealed_seals[s].salt,
                    self.revealed_seals[s].commitment
                )
            })
            .collect();
        events.push(Event::public(format!(
            "Programs revealed for turn {}: {}.",
            self.turn,
            lines.join("; ")
        )));
        self.plans = vec![Vec::new(); self.n()];
        self.seals = vec![None; self.n()];
        self.cursor = (0, 0);
        self.took = vec![Vec::new(); self.n()];
        self.phase = Phase::Resolution;
    }
}

impl Himalaya {
    pub(super) fn programming_candidates(&self) -> Vec<Step> {
        let mut out: Vec<Step> = Action::ALL.into_iter().map(Step::Plan).collect();
        out.extend([Step::Unplan, Step::Seal, Step::Unseal]);
        out
    }

    /// Plan up to 6 actions, take the last back, seal exactly 6, unseal until all sealed.
    pub(super) fn programming_ok(&self, seat: Seat, step: &Step) -> Result<(), RuleError> {
        let name = self.seat_name(seat);
        let refuse = |why: String| Err(rule(Topic::Programming, why));
        if seat >= self.n() {
            return refuse(format!("{name} cannot do that while programming"));
        }
        let sealed = self.seals[seat].is_some();
        let planned = self.plans[seat].len();
        match step {
            Step::Plan(_) | Step::Unplan | Step::Seal if sealed => {
                refuse("your program is sealed; `unseal` first".into())
            }
            Step::Plan(_) if planned >= ACTIONS => {
                refuse("a program holds 6 actions; `unplan` to change the last one".into())
            }
            Step::Unplan if planned == 0 => refuse(format!(
                "{name} cannot do that while programming: no action is planned yet"
            )),
            Step::Seal if planned != ACTIONS => {
                refuse("a program needs exactly 6 actions before sealing".into())
            }
            Step::Unseal if !sealed => refuse(format!(
                "{name} cannot do that while programming: there is no sealed program to take back"
            )),
            Step::Plan(_) | Step::Unplan | Step::Seal | Step::Unseal => Ok(()),
            _ => refuse(format!("{name} cannot do that while programming")),
        }
    }

    /// `seal` draws the commitment salt and moves `marks` past it (see [`Himalaya::settle`]).
    pub(super) fn program(&mut self, seat: Seat, step: &Step, marks: &mut Marks) -> Applied {
        let mut applied = Applied {
            secret: true,
            ..Applied::default()
        };
        match step {
            Step::Plan(a) => self.plans[seat].push(*a),
            Step::Unplan => {
                self.plans[seat].pop();
            }
            Step::Seal => {
                self.seal(seat, &mut applied.events);
                marks.rng = self.rng.clone();
                applied.turn_ended = true;
                if self.seals.iter().all(|s| s.is_some()) {
                    self.reveal(&mut applied.events);
                    applied.irreversible = true;
                }
            }
            _ => {
                self.seals[seat] = None;
                applied.events.push(Event::public(format!(
                    "{} takes back their sealed program.",
                    self.players[seat]
                )));
            }
        }
        applied
    }

    fn seal(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let salt = format!("{:016x}", self.rng.next_u64());
        let program = program_text(&self.plans[seat]);
        let c = commitment(&salt, &program);
        events.push(Event::public(format!(
            "{} sealed a program, commitment {c}.",
            self.players[seat]
        )));
        events.push(Event::private(
            seat,
            format!("Sealed `{program}` with salt {salt}."),
        ));
        self.seals[seat] = Some(Seal {
            salt,
            commitment: c,
        });
    }
}

impl Himalaya {
    /// The step taken for a seat that does not act in time (a game deadline). During
    /// programming an unsealed seat keeps what it has planned and fills the rest with
    /// `rest`, then seals (HIM-PROG-4): at most 7 steps. A sealed seat has nothing to do.
    /// Elsewhere: `pass` if listed, else the first listed step.
    pub(super) fn default_for(&self, data: &HimalayaData, seat: Seat) -> Option<Step> {
        if self.phase == Phase::Programming {
            if seat >= self.n() || self.seals[seat].is_some() {
                return None;
            }
            return Some(if self.plans[seat].len() < ACTIONS {
                Step::Plan(Action::Rest)
            } else {
                Step::Seal
            });
        }
        let legal = self.legal_steps(data, seat);
        legal
            .iter()
            .find(|s| **s == Step::Pass)
            .or_else(|| legal.first())
            .cloned()
    }
}

// ==== Resolution (Phase 3): moves and deals ====

impl Himalaya {
    pub(super) fn resolve_one(&mut self, data: &HimalayaData, events: &mut Vec<Event>) {
        let (slot, k) = self.cursor;
        let seat = self.order_seat(k);
        self.cursor = if k + 1 >= self.n() {
            (slot + 1, 0)
        } else {
            (slot, k + 1)
        };
        let action = self.revealed[seat][slot];
        let name = self.players[seat].clone();
        let Some(v) = self.caravans[seat] else { return };
        if let Some((path, dest)) = self.in_storm[seat] {
            self.in_storm[seat] = None;
            self.caravans[seat] = Some(dest);
            events.push(Event::public(format!(
                "{name} crosses the snowstorm on path {} and reaches village {}.",
                data.path_name(path),
                dest + 1
            )));
            return;
        }
        match action {
            Action::Rest => {}
            Action::Move(t) => {
                let Some((path, dest)) = data.path_from(v, t) else {
                    events.push(Event::public(format!(
                        "{name}'s {} move is ignored: village {} has no {} path.",
                        t.name(),
                        v + 1,
                        t.name()
                    )));
                    return;
                };
                if self.board_events.yeti.map(|e| e.0) == Some(path) {
                    events.push(Event::public(format!(
                        "{name}'s {} move is ignored: the yeti blocks path {}.",
                        t.name(),
                        data.path_name(path)
                    )));
                    return;
                }
                if self.board_events.storm.map(|e| e.0) == Some(path) {
                    let next = self.revealed[seat].get(slot + 1).copied();
                    if next == Some(Action::Move(t)) {
                        self.in_storm[seat] = Some((path, dest));
                        events.push(Event::public(format!(
                            "{name} enters the snowstorm on path {}.",
                            data.path_name(path)
                        )));
                    } else {
                        events.push(Event::public(format!(
                            "{name}'s {} move is ignored: crossing the snowstorm on path {} needs a second {} move right after, and no one may stop in it.",
                            t.name(),
                            data.path_name(path),
                            t.name()
                        )));
                    }
                    return;
                }
                self.caravans[seat] = Some(dest);
                events.push(Event::public(format!(
                    "{name} moves by {} from {} to {}.",
                    t.name(),
                    v + 1,
                    dest + 1
                )));
            }
            Action::Deal => self.deal(data, seat, v, events),
        }
    }

    pub(super) fn deal(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        v: usize,
        events: &mut Vec<Event>,
    ) {
        let name = self.players[seat].clone();
        if self.has_goods(v) {
            if self.took[seat].contains(&v) {
                events.push(Event::public(format!(
                    "{name}'s deal at village {} is cancelled: one good per village per turn.",
                    v + 1
                )));
                return;
            }
            let kinds = self.village_goods[v].iter().filter(|&&c| c > 0).count();
            if self.board_events.market.map(|e| e.0) == Some(v) && kinds > 1 {
                self.pending = Some(Pending::Take { seat, village: v });
                return;
            }
            let g = Good::ALL
                .into_iter()
                .find(|g| self.village_goods[v][g.index()] > 0)
                .unwrap_or(Good::Salt);
            self.take_good(seat, v, g, events);
            return;
        }
        if let Some(o) = self.village_order[v] {
            let needs = data.orders[o].needs();
            if (0..5).all(|i| self.hands[seat][i] >= needs[i]) {
                for (i, &n) in needs.iter().enumerate() {
                    self.hands[seat][i] -= n;
                    self.goods_bag[i] += n as u32;
                }
                self.village_order[v] = None;
                events.push(Event::public(format!(
                    "{name} fills the order at village {} ({}); the goods go back to the bag.",
                    v + 1,
                    data.orders[o].label()
                )));
                self.offer_rewards(data, seat, v, o, events);
                return;
            }
            events.push(Event::public(format!(
                "{name}'s deal at village {} is cancelled: they cannot pay the order.",
                v + 1
            )));
            return;
        }
        events.push(Event::public(format!(
            "{name}'s deal at village {} is cancelled: nothing to trade there.",
            v + 1
        )));
    }

    pub(super) fn take_good(&mut self, seat: Seat, v: usize, g: Good, events: &mut Vec<Event>) {
        self.village_goods[v][g.index()] -= 1;
        self.hands[seat][g.index()] += 1;
        self.took[seat].push(v);
        events.push(Event::public(format!(
            "{} takes a good at village {}.",
            self.players[seat],
            v + 1
        )));
        events.push(Event::private(
            seat,
            format!("You took {} at village {}.", g.name(), v + 1),
        ));
    }
}

// ==== Orders and rewards ====

impl Himalaya {
    pub(super) fn reward_options(&self, seat: Seat, v: usize) -> Vec<Reward> {
        let mut r = vec![Reward::Barter];
        if self.stupas[v].is_none() && self.stupas_left(seat) > 0 {
            r.push(Reward::Stupa);
        }
        if self.delegations_left(seat) > 0 {
            r.push(Reward::Delegations);
        }
        r
    }

    pub(super) fn offer_rewards(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        v: usize,
        o: usize,
        events: &mut Vec<Event>,
    ) {
        let opts = self.reward_options(seat, v);
        if opts.len() == 3 {
            self.pending = Some(Pending::Reward {
                seat,
                village: v,
                order: o,
            });
        } else {
            self.give_rewards(data, seat, v, o, &opts, events);
        }
    }

    pub(super) fn give_rewards(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        v: usize,
        o: usize,
        rewards: &[Reward],
        events: &mut Vec<Event>,
    ) {
        let name = self.players[seat].clone();
        if rewards.contains(&Reward::Barter) {
            self.kept[seat].push(o);
            events.push(Event::private(
                seat,
                format!(
                    "You keep the order {} behind your screen: {} yacks.",
                    data.orders[o].label(),
                    data.orders[o].yacks
                ),
            ));
        } else {
            self.orders_bag.push(o);
        }
        if rewards.contains(&Reward::Stupa) {
            self.stupas[v] = Some(seat);
            events.push(Event::public(format!(
                "{name} builds a stupa at village {}.",
                v + 1
            )));
        }
        if rewards.contains(&Reward::Delegations) {
            let n = (data.villages[v].level as u32).min(self.delegations_left(seat));
            self.send_delegations(data, seat, data.villages[v].regions.clone(), n, events);
        }
    }

    pub(super) fn send_delegations(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        regions: Vec<usize>,
        n: u32,
        events: &mut Vec<Event>,
    ) {
        if n == 0 || regions.is_empty() {
            return;
        }
        if regions.len() == 1 {
            self.delegations[regions[0]][seat] += n;
            events.push(Event::public(format!(
                "{} sends {n} delegation(s) to {}.",
                self.players[seat], data.regions[regions[0]].name
            )));
            return;
        }
        self.pending = Some(Pending::Delegate {
            seat,
            regions,
            left: n,
        });
    }

    /// The choices of the decision pending now (legal or not).
    pub(super) fn pending_candidates(&self) -> Vec<Step> {
        match &self.pending {
            None => Vec::new(),
            Some(Pending::Take { .. }) => Good::ALL.into_iter().map(Step::Take).collect(),
            Some(Pending::Reward { .. }) => REWARD_PAIRS
                .into_iter()
                .map(|(a, b)| Step::Reward(a, b))
                .collect(),
            Some(Pending::Delegate { regions, .. }) => {
                regions.iter().map(|&r| Step::Delegate(r)).collect()
            }
            Some(Pending::Inventory { .. }) => {
                let mut out = vec![Step::InventoryMarker, Step::InventoryDelegations];
                out.extend((0..VILLAGES).map(Step::InventoryStupa));
                out
            }
        }
    }

    /// The pending decision's seat answers it: a good on market day, two rewards, a
    /// delegation's region, an inventory reward.
    pub(super) fn pending_ok(
        &self,
        data: &HimalayaData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), RuleError> {
        let name = self.seat_name(seat);
        let Some(p) = self.pending.as_ref().filter(|p| p.seat() == seat) else {
            let why = format!("{name} has no such choice to make now");
            return Err(rule(Topic::Resolution, why));
        };
        match (p, *step) {
            (Pending::Take { village, .. }, Step::Take(g)) => {
                if self.village_goods[*village][g.index()] > 0 {
                    return Ok(());
                }
                let left = goods_list(&self.village_goods[*village]);
                let why = format!("village {} has no {} ({left})", village + 1, g.name());
                Err(rule(Topic::Deal, why))
            }
            (Pending::Reward { .. }, Step::Reward(a, b)) if REWARD_PAIRS.contains(&(a, b)) => {
                Ok(())
            }
            (Pending::Delegate { regions, .. }, Step::Delegate(r)) if regions.contains(&r) => {
                Ok(())
            }
            (Pending::Inventory { .. }, Step::InventoryMarker) if self.markers_left == 0 => {
                Err(rule(Topic::Inventory, "no inventory marker is left"))
            }
            (Pending::Inventory { .. }, Step::InventoryDelegations)
                if self.delegations_left(seat) == 0 || self.caravans[seat].is_none() =>
            {
                Err(rule(
                    Topic::Inventory,
                    "you have no delegation left to send",
                ))
            }
            (Pending::Inventory { .. }, Step::InventoryMarker | Step::InventoryDelegations) => {
                Ok(())
            }
            (Pending::Inventory { .. }, Step::InventoryStupa(v)) => {
                self.inventory_stupa_ok(data, seat, v)
            }
            (p, _) => {
                let why = format!(
                    "{name} has no such choice to make now: {}",
                    self.pending_hint(data, p)
                );
                Err(rule(p.topic(), why))
            }
        }
    }

    /// What the pending decision accepts, in words.
    fn pending_hint(&self, data: &HimalayaData, p: &Pending) -> String {
        match p {
            Pending::Take { .. } => "choose the good to take: `take <good>`".into(),
            Pending::Reward { .. } => "choose two rewards: `reward barter stupa`, `reward barter \
                                       delegations` or `reward stupa delegations`"
                .into(),
            Pending::Delegate { regions, .. } => {
                let names: Vec<&str> = regions
                    .iter()
                    .map(|&r| data.regions[r].name.as_str())
                    .collect();
                format!(
                    "send a delegation: `delegate <region>`, one of {}",
                    names.join(", ")
                )
            }
            Pending::Inventory { .. } => "choose an inventory reward: `inventory marker`, \
                                          `inventory delegations` or `inventory stupa <village>`"
                .into(),
        }
    }

    /// Answer the pending decision (accepted by [`Himalaya::pending_ok`]).
    pub(super) fn choose(&mut self, data: &HimalayaData, seat: Seat, step: &Step) -> Applied {
        let mut events = Vec::new();
        let pending = self.pending.take();
        match (pending, *step) {
            (Some(Pending::Take { village, .. }), Step::Take(g)) => {
                self.take_good(seat, village, g, &mut events)
            }
            (Some(Pending::Reward { village, order, .. }), Step::Reward(a, b)) => {
                self.give_rewards(data, seat, village, order, &[a, b], &mut events)
            }
            (Some(Pending::Delegate { regions, left, .. }), Step::Delegate(r)) => {
                self.delegate(data, seat, r, regions, left, &mut events)
            }
            (_, Step::InventoryMarker) => {
                self.markers_left -= 1;
                self.markers[seat] += 1;
                events.push(Event::public(format!(
                    "{} takes an inventory marker.",
                    self.players[seat]
                )));
            }
            (_, Step::InventoryDelegations) => {
                let c = self.caravans[seat].unwrap_or(0);
                let n = 2.min(self.delegations_left(seat));
                self.send_delegations(data, seat, data.villages[c].regions.clone(), n, &mut events);
            }
            (_, Step::InventoryStupa(v)) => {
                self.stupas[v] = Some(seat);
                events.push(Event::public(format!(
                    "{} builds a stupa at village {}.",
                    self.players[seat],
                    v + 1
                )));
            }
            _ => unreachable!("pending_ok accepts only the pending decision's answers"),
        }
        Applied {
            events,
            ..Applied::default()
        }
    }

    fn delegate(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        r: usize,
        regions: Vec<usize>,
        left: u32,
        events: &mut Vec<Event>,
    ) {
        self.delegations[r][seat] += 1;
        events.push(Event::public(format!(
            "{} sends a delegation to {}.",
            self.players[seat], data.regions[r].name
        )));
        if left > 1 {
            self.pending = Some(Pending::Delegate {
                seat,
                regions,
                left: left - 1,
            });
        }
    }
}

/// The two rewards of a filled order, in the order `reward` names them.
const REWARD_PAIRS: [(Reward, Reward); 3] = [
    (Reward::Barter, Reward::Stupa),
    (Reward::Barter, Reward::Delegations),
    (Reward::Stupa, Reward::Delegations),
];

// ==== Refill (Phase 4) ====

impl Himalaya {
    /// Refill goods, then orders, to [`FILLED`] villages each, by d20 and the next-empty rule.
    pub(super) fn refill(&mut self, events: &mut Vec<Event>) {
        while (0..VILLAGES).filter(|&v| self.has_goods(v)).count() < FILLED
            && self.goods_bag.iter().sum::<u32>() > 0
        {
            let roll = self.rng.die(VILLAGES as u32) as usize;
            let v = self.next_empty(roll - 1);
            let mut got = [0u8; 5];
            for _ in 0..GOODS_PER_VILLAGE {
                if let Some(g) = self.draw_good() {
                    got[g.index()] += 1;
                }
            }
            self.village_goods[v] = got;
            events.push(Event::public(format!(
                "The d20 rolls {roll}: goods go to village {} ({}).",
                v + 1,
                goods_list(&got)
            )));
        }
        while self.village_order.iter().filter(|o| o.is_some()).count() < FILLED
            && !self.orders_bag.is_empty()
        {
            let roll = self.rng.die(VILLAGES as u32) as usize;
            let v = self.next_empty(roll - 1);
            let i = self.rng.below(self.orders_bag.len());
            let o = self.orders_bag.remove(i);
            self.village_order[v] = Some(o);
            events.push(Event::public(format!(
                "The d20 rolls {roll}: an order goes to village {}.",
                v + 1
            )));
        }
    }
}

// ==== Inventory (Phase 5) ====

impl Himalaya {
    /// Reveal stocks, find the sole majority per good and queue or give the rewards.
    pub(super) fn inventory(&mut self, events: &mut Vec<Event>) {
        let stock = self.hands.clone();
        let mut winners = Vec::new();
        let mut lines = Vec::new();
        for g in Good::ALL {
            let best = stock.iter().map(|h| h[g.index()]).max().unwrap_or(0);
            let who: Vec<Seat> = (0..self.n())
                .filter(|&s| stock[s][g.index()] == best)
                .collect();
            let w = if best > 0 && who.len() == 1 {
                Some(who[0])
            } else {
                None
            };
            winners.push(w);
            let counts: Vec<String> = (0..self.n())
                .map(|s| format!("{} {}", self.players[s], stock[s][g.index()]))
                .collect();
            lines.push(format!(
                "{}: {} → {}",
                g.name(),
                counts.join(", "),
                w.map(|s| self.players[s].clone())
                    .unwrap_or_else(|| "no sole majority".into())
            ));
            if let Some(s) = w {
                if self.advanced {
                    self.inventory_queue.push((g, s));
                } else if self.markers_left > 0 {
                    self.markers_left -= 1;
                    self.markers[s] += 1;
                }
            }
        }
        events.push(Event::public(format!(
            "Inventory after turn {}: {}.",
            self.turn,
            lines.join("; ")
        )));
        self.last_inventory = Some(InventoryReveal {
            turn: self.turn,
            stock: stock.iter().map(goods_map).collect(),
            winners,
        });
    }

    /// An inventory's stupa goes on a free house (level-1 village) in a region touching
    /// the caravan's village (HIM-INV-7).
    fn inventory_stupa_ok(
        &self,
        data: &HimalayaData,
        seat: Seat,
        v: usize,
    ) -> Result<(), RuleError> {
        let refuse = |why: String| Err(rule(Topic::Inventory, why));
        let Some(c) = self.caravans[seat] else {
            return refuse("your caravan is not on the board".into());
        };
        if self.stupas_left(seat) == 0 {
            return refuse("you have no stupa left".into());
        }
        if v >= VILLAGES {
            return refuse(format!("villages are 1 to {VILLAGES}"));
        }
        if data.villages[v].level != 1 {
            return refuse(format!("village {} is not a house (level 1)", v + 1));
        }
        if self.stupas[v].is_some() {
            return refuse(format!("village {} already has a stupa", v + 1));
        }
        let regs = &data.villages[c].regions;
        if !data.villages[v].regions.iter().any(|r| regs.contains(r)) {
            let why = format!(
                "village {} is in no region touching your caravan's village",
                v + 1
            );
            return refuse(why);
        }
        Ok(())
    }

    /// Is any inventory reward left for `seat` to take?
    fn inventory_reward_possible(&self, data: &HimalayaData, seat: Seat) -> bool {
        self.markers_left > 0
            || (self.delegations_left(seat) > 0 && self.caravans[seat].is_some())
            || !self.inventory_stupa_targets(data, seat).is_empty()
    }

    pub(super) fn inventory_stupa_targets(&self, data: &HimalayaData, seat: Seat) -> Vec<usize> {
        let Some(c) = self.caravans[seat] else {
            return Vec::new();
        };
        if self.stupas_left(seat) == 0 {
            return Vec::new();
        }
        let regs = &data.villages[c].regions;
        (0..VILLAGES)
            .filter(|&v| {
                data.villages[v].level == 1
                    && self.stupas[v].is_none()
                    && data.villages[v].regions.iter().any(|r| regs.contains(r))
            })
            .collect()
    }

    pub(super) fn start_inventory_reward(
        &mut self,
        data: &HimalayaData,
        good: Good,
        seat: Seat,
        events: &mut Vec<Event>,
    ) {
        if self.inventory_reward_possible(data, seat) {
            self.pending = Some(Pending::Inventory { seat, good });
        } else {
            events.push(Event::public(format!(
                "{} has the majority in {} but no reward is left to take.",
                self.players[seat],
                good.name()
            )));
        }
    }
}

// ==== Scoring and the end of the game ====

impl Himalaya {
    pub(super) fn finish(&mut self, data: &HimalayaData, events: &mut Vec<Event>) {
        let n = self.n();
        let mut infl = Vec::new();
        for s in 0..n {
            let religious: u32 = (0..VILLAGES)
                .filter(|&v| self.stupas[v] == Some(s))
                .map(|v| data.villages[v].level as u32)
                .sum();
            let political = (0..data.regions.len())
                .filter(|&r| {
                    let mine = self.delegations[r][s];
                    mine > 0 && (0..n).all(|o| o == s || self.delegations[r][o] < mine)
                })
                .count() as u32;
            infl.push(Influence {
                religious,
                political,
                economic: self.yacks(data, s),
                stupas: STUPAS - self.stupas_left(s),
                delegations: DELEGATIONS - self.delegations_left(s),
            });
        }
        let (places, note) = rank(&self.players, &infl);
        self.final_lines = (0..n)
            .map(|s| FinalLine {
                seat: s,
                name: self.players[s].clone(),
                religious: infl[s].religious,
                political: infl[s].political,
                economic: infl[s].economic,
                stupas: infl[s].stupas,
                delegations: infl[s].delegations,
                goods: goods_map(&self.hands[s]),
                kept_orders: self.kept[s]
                    .iter()
                    .map(|&o| OrderView::of(&data.orders[o]))
                    .collect(),
                inventory_markers: self.markers[s],
                place: places[s],
            })
            .collect();
        events.push(Event::public(format!("The game is over. {note}")));
        self.result = Some(FinalResult {
            scores: infl.iter().map(|i| i.economic as i64).collect(),
            places,
            note,
        });
        self.phase = Phase::Finished;
    }
}

/// One seat's influence at the end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Influence {
    pub religious: u32,
    pub political: u32,
    pub economic: u32,
    pub stupas: u32,
    pub delegations: u32,
}

/// Places (1 = winner, ties share) and a one-line note, by the 3- or 4-player rule.
pub fn rank(names: &[String], infl: &[Influence]) -> (Vec<u32>, String) {
    let n = infl.len();
    let summary: Vec<String> = (0..n)
        .map(|s| {
            format!(
                "{} R{} P{} E{}",
                names[s], infl[s].religious, infl[s].political, infl[s].economic
            )
        })
        .collect();
    if n == 3 {
        rank_three(names, infl, &summary)
    } else {
        rank_by_elimination(names, infl, &summary)
    }
}

/// Places `from..` for `seats` by economic, then political, then religious influence
/// (higher is better), ties sharing (engine::rank).
fn assign_by_influence(places: &mut [u32], infl: &[Influence], seats: &[usize], from: u32) {
    let key = |s: usize| (infl[s].economic, infl[s].political, infl[s].religious);
    assign_places(places, seats, from, |a, b| key(b).cmp(&key(a)))
}

/// Three players: whoever alone leads two influences wins; otherwise by influence.
fn rank_three(names: &[String], infl: &[Influence], summary: &[String]) -> (Vec<u32>, String) {
    let n = infl.len();
    let mut places = vec![0u32; n];
    let sole = |f: &dyn Fn(usize) -> u32, s: usize| (0..n).all(|o| o == s || f(o) < f(s));
    let leads: Vec<usize> = (0..n)
        .map(|s| {
            [
                sole(&|x| infl[x].religious, s),
                sole(&|x| infl[x].political, s),
                sole(&|x| infl[x].economic, s),
            ]
            .iter()
            .filter(|b| **b)
            .count()
        })
        .collect();
    if let Some(w) = (0..n).find(|&s| leads[s] >= 2) {
        places[w] = 1;
        let rest: Vec<usize> = (0..n).filter(|&s| s != w).collect();
        assign_by_influence(&mut places, infl, &rest, 2);
        let note = format!(
            "{} leads {} of the 3 influences and wins; others by economic, political, religious ({}).",
            names[w],
            leads[w],
            summary.join(", ")
        );
        return (places, note);
    }
    let all: Vec<usize> = (0..n).collect();
    assign_by_influence(&mut places, infl, &all, 1);
    let note = format!(
        "No one leads 2 influences; ranked by economic, then political, then religious ({}).",
        summary.join(", ")
    );
    (places, note)
}

/// Four players (and any other count): elimination on religious, then political
/// influence, the rest by economic influence.
fn rank_by_elimination(
    names: &[String],
    infl: &[Influence],
    summary: &[String],
) -> (Vec<u32>, String) {
    let n = infl.len();
    let mut places = vec![0u32; n];
    // Four players (and any other count): elimination.
    let mut remaining: Vec<usize> = (0..n).collect();
    let mut notes = Vec::new();
    type Key = fn(&Influence) -> (u32, u32, u32);
    let rounds: [(&str, Key); 2] = [
        ("religious", |i| (i.religious, i.stupas, i.economic)),
        ("political", |i| (i.political, i.delegations, i.economic)),
    ];
    for (what, k) in rounds {
        // Elimination stops once two players are left: the last two are always compared on
        // economic influence, even if two went out together at the first step (HIM-WIN-10).
        if remaining.len() <= 2 {
            break;
        }
        let low = remaining
            .iter()
            .map(|&s| k(&infl[s]))
            .min()
            .unwrap_or_default();
        let out: Vec<usize> = remaining
            .iter()
            .copied()
            .filter(|&s| k(&infl[s]) == low)
            .collect();
        if out.len() == remaining.len() {
            notes.push(format!("all tie on {what} influence, no one is eliminated"));
            continue;
        }
        let place = (remaining.len() - out.len() + 1) as u32;
        for &s in &out {
            places[s] = place;
        }
        let who: Vec<&str> = out.iter().map(|&s| names[s].as_str()).collect();
        notes.push(format!(
            "{} out on least {what} influence",
            who.join(" and ")
        ));
        remaining.retain(|s| !out.contains(s));
    }
    assign_by_influence(&mut places, infl, &remaining, 1);
    let verdict = verdict(names, &places);
    let note = format!(
        "{}; {verdict} on economic influence (ties: political, then religious) ({}).",
        notes.join("; "),
        summary.join(", ")
    );
    (places, note)
}

pub(crate) fn goods_list(g: &[u8; 5]) -> String {
    let v: Vec<String> = Good::ALL
        .iter()
        .filter(|k| g[k.index()] > 0)
        .map(|k| format!("{} {}", g[k.index()], k.name()))
        .collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

pub(crate) fn goods_map(g: &[u8; 5]) -> std::collections::BTreeMap<String, u8> {
    Good::ALL
        .iter()
        .map(|k| (k.name().to_string(), g[k.index()]))
        .collect()
}
