//! Himalaya (Régis Bonnessée) for 3 or 4 players, basic and advanced rules.
//!
//! Invariants:
//! - All randomness (d20 rolls, bag draws, commitment salts) comes from the state's
//!   [`GameRng`]; the bags are multisets drawn uniformly, so they hold no hidden order.
//! - A village holds goods or an order, never both (the next-empty rule keeps them apart),
//!   so a deal never has to choose between taking a good and filling an order.
//! - Goods in hand, kept orders, yacks and unrevealed programs are private to their seat
//!   until the game ends; [`Game::view`] is the only place deciding that.
//! - Between player decisions the game advances by itself ([`Himalaya::advance`]): it
//!   resolves actions, refills the villages and runs inventories until a choice is needed.

mod board;
pub mod render;
mod topics;
mod view;

#[cfg(test)]
mod tests;

pub use board::{
    parse_board, BoardError, Good, HimalayaData, OrderCard, Path, PathType, Region, Village,
    REGIONS, VILLAGES,
};
pub use view::{
    FinalLine, HimalayaView, InventoryReveal, PlayerView, PrivateView, RevealedProgram, VillageView,
};

use crate::engine::{
    Applied, Event, FinalResult, Game, GameKind, GameOptions, GameRng, Holder, Kind, OptionSpec,
    Resolved, RuleError, RulesTopic, Seat, SetupError, Status, Viewer,
};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The game's id in commands.
pub const ID: &str = "himalaya";

/// The board file, embedded.
pub const BOARD: &str = include_str!("../../../board_art/himalaya/board.txt");

/// Parse a board text and register the game with its renderer (see `games::GAMES`).
pub fn kind(text: &str) -> Result<&'static dyn GameKind, crate::engine::BoardError> {
    let data = parse_board(text).map_err(|e| crate::engine::BoardError {
        game: "Himalaya",
        line: e.line,
        message: e.reason,
    })?;
    Ok(Kind::<Himalaya>::leak(data, render::render))
}

/// Options: the basic or the advanced rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HimalayaOptions {
    pub advanced: bool,
}

impl GameOptions for HimalayaOptions {
    fn specs() -> &'static [OptionSpec] {
        OPTIONS
    }
    fn from_resolved(o: &Resolved) -> Self {
        HimalayaOptions {
            advanced: o.get("rules") == "advanced",
        }
    }
}

/// Number of turns in a game.
pub const TURNS: u32 = 12;
/// Actions programmed per turn.
pub const ACTIONS: usize = 6;
/// Stupas per player.
pub const STUPAS: u32 = 5;
/// Delegations per player.
pub const DELEGATIONS: u32 = 15;
/// Villages holding goods, and villages holding orders, after each refill.
pub const FILLED: usize = 5;
/// Goods placed in a village by one refill roll.
pub const GOODS_PER_VILLAGE: u32 = 5;

/// One programmed action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Move(PathType),
    Deal,
    Rest,
}

impl Action {
    /// Listing order of `plan` steps. Rest comes first so that a player on autopilot (which
    /// takes the first legal step) rests rather than wandering.
    pub const ALL: [Action; 5] = [
        Action::Rest,
        Action::Move(PathType::Dirt),
        Action::Move(PathType::Ice),
        Action::Move(PathType::Stone),
        Action::Deal,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Action::Move(p) => p.name(),
            Action::Deal => "deal",
            Action::Rest => "rest",
        }
    }
}

/// An event marker kind (advanced rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventKind {
    Yeti,
    Storm,
    Market,
}

impl EventKind {
    pub const ALL: [EventKind; 3] = [EventKind::Yeti, EventKind::Storm, EventKind::Market];
    pub fn name(self) -> &'static str {
        match self {
            EventKind::Yeti => "yeti",
            EventKind::Storm => "storm",
            EventKind::Market => "market",
        }
    }
    fn index(self) -> usize {
        self as usize
    }
}

/// A reward for filling an order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Reward {
    Barter,
    Stupa,
    Delegations,
}

impl Reward {
    pub fn name(self) -> &'static str {
        match self {
            Reward::Barter => "barter",
            Reward::Stupa => "stupa",
            Reward::Delegations => "delegations",
        }
    }
}

/// A step. Villages and paths are indices into the board data (notation is 1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// `start <village>`: place the caravan before turn 1.
    Start(usize),
    /// `yeti <a>-<b>`: block a path this turn (advanced).
    Yeti(usize),
    /// `storm <a>-<b>`: snowstorm on a path this turn (advanced).
    Storm(usize),
    /// `market <village>`: market day in a goods village this turn (advanced).
    Market(usize),
    /// `pass`: place no event marker this turn.
    Pass,
    /// `plan <action>`: append an action to the secret program.
    Plan(Action),
    /// `unplan`: remove the last planned action.
    Unplan,
    /// `seal`: commit to the 6 planned actions.
    Seal,
    /// `unseal`: take back a sealed program before everyone has sealed.
    Unseal,
    /// `take <good>`: on market day, the good taken by a deal.
    Take(Good),
    /// `reward <a> <b>`: the two rewards for a filled order.
    Reward(Reward, Reward),
    /// `delegate <Region>`: place one delegation.
    Delegate(usize),
    /// `inventory marker` (advanced inventory reward).
    InventoryMarker,
    /// `inventory delegations` (advanced inventory reward: 2 delegations).
    InventoryDelegations,
    /// `inventory stupa <village>` (advanced inventory reward: a stupa on a house).
    InventoryStupa(usize),
}

/// A sealed program's public commitment and private salt.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seal {
    pub salt: String,
    pub commitment: String,
}

/// Event markers on the board this turn: (target, seat that placed it).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct BoardEvents {
    /// Path index.
    pub yeti: Option<(usize, Seat)>,
    /// Path index.
    pub storm: Option<(usize, Seat)>,
    /// Village index.
    pub market: Option<(usize, Seat)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Phase {
    /// Caravans being placed; `k` counts placed caravans in turn order.
    Placement {
        k: usize,
    },
    /// Event markers being placed; `k` indexes the turn order from the first caravaneer.
    Events {
        k: usize,
    },
    Programming,
    Resolution,
    Inventory,
    Finished,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Pending {
    /// Market day: which good to take.
    Take { seat: Seat, village: usize },
    /// Which two rewards for the order just filled.
    Reward {
        seat: Seat,
        village: usize,
        order: usize,
    },
    /// `left` delegations to place in `regions`.
    Delegate {
        seat: Seat,
        regions: Vec<usize>,
        left: u32,
    },
    /// Advanced inventory: the reward for the majority in `good`.
    Inventory { seat: Seat, good: Good },
}

impl Pending {
    fn seat(&self) -> Seat {
        match self {
            Pending::Take { seat, .. }
            | Pending::Reward { seat, .. }
            | Pending::Delegate { seat, .. }
            | Pending::Inventory { seat, .. } => *seat,
        }
    }
}

/// The game state (serializable snapshot).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Himalaya {
    players: Vec<String>,
    advanced: bool,
    rng: GameRng,
    /// 1..=12 once play starts; 0 during caravan placement.
    turn: u32,
    /// First caravaneer this turn.
    first: Seat,
    phase: Phase,
    /// Village index per seat.
    caravans: Vec<Option<usize>>,
    /// Seat inside a snowstorm: (path, destination village).
    in_storm: Vec<Option<(usize, usize)>>,
    village_goods: Vec<[u8; 5]>,
    village_order: Vec<Option<usize>>,
    goods_bag: [u32; 5],
    orders_bag: Vec<usize>,
    hands: Vec<[u8; 5]>,
    kept: Vec<Vec<usize>>,
    markers: Vec<u32>,
    markers_left: u32,
    /// Owner of the stupa per village.
    stupas: Vec<Option<Seat>>,
    /// Delegations per region per seat.
    delegations: Vec<Vec<u32>>,
    /// Event markers already used, per seat, indexed by [`EventKind`].
    events_used: Vec<[bool; 3]>,
    board_events: BoardEvents,
    plans: Vec<Vec<Action>>,
    seals: Vec<Option<Seal>>,
    /// Programs revealed this turn (kept visible until the next reveal): per seat.
    revealed: Vec<Vec<Action>>,
    revealed_seals: Vec<Seal>,
    revealed_turn: u32,
    /// Next action to resolve: (slot, position in turn order).
    cursor: (usize, usize),
    /// Per seat, villages where it took a good this turn.
    took: Vec<Vec<usize>>,
    pending: Option<Pending>,
    /// Inventory rewards still to hand out (advanced): (good, winner).
    inventory_queue: Vec<(Good, Seat)>,
    last_inventory: Option<InventoryReveal>,
    result: Option<FinalResult>,
    final_lines: Vec<FinalLine>,
}

fn rule(name: &'static str, reason: impl Into<String>) -> RuleError {
    RuleError::new(name, reason)
}

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
    fn n(&self) -> usize {
        self.players.len()
    }

    /// Seat at position `k` of this turn's order.
    fn order_seat(&self, k: usize) -> Seat {
        (self.first + k) % self.n()
    }

    fn stupas_left(&self, seat: Seat) -> u32 {
        STUPAS - self.stupas.iter().filter(|s| **s == Some(seat)).count() as u32
    }

    fn delegations_left(&self, seat: Seat) -> u32 {
        DELEGATIONS - self.delegations.iter().map(|r| r[seat]).sum::<u32>()
    }

    fn yacks(&self, data: &HimalayaData, seat: Seat) -> u32 {
        self.kept[seat]
            .iter()
            .map(|&o| data.orders[o].yacks)
            .sum::<u32>()
            + self.markers[seat] * data.inventory_yacks
    }

    fn has_goods(&self, v: usize) -> bool {
        self.village_goods[v].iter().any(|&c| c > 0)
    }

    fn next_empty(&self, from: usize) -> usize {
        (0..VILLAGES)
            .map(|i| (from + i) % VILLAGES)
            .find(|&v| !self.has_goods(v) && self.village_order[v].is_none())
            .unwrap_or(from)
    }

    fn draw_good(&mut self) -> Option<Good> {
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

    /// Refill goods, then orders, to [`FILLED`] villages each, by d20 and the next-empty rule.
    fn refill(&mut self, events: &mut Vec<Event>) {
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

    /// Run automatic play until a player must decide or the game ends.
    fn advance(&mut self, data: &HimalayaData, events: &mut Vec<Event>) {
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
                    if self.event_steps(data, self.order_seat(k)).is_empty() {
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

    fn start_turn(&mut self, events: &mut Vec<Event>) {
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

    fn end_of_turn(&mut self, events: &mut Vec<Event>) {
        self.board_events = BoardEvents::default();
        self.refill(events);
        if self.turn % 4 == 0 {
            self.inventory(events);
            self.phase = Phase::Inventory;
        } else {
            self.start_turn(events);
        }
    }

    /// Reveal stocks, find the sole majority per good and queue or give the rewards.
    fn inventory(&mut self, events: &mut Vec<Event>) {
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

    fn inventory_stupa_targets(&self, data: &HimalayaData, seat: Seat) -> Vec<usize> {
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

    fn start_inventory_reward(
        &mut self,
        data: &HimalayaData,
        good: Good,
        seat: Seat,
        events: &mut Vec<Event>,
    ) {
        let p = Pending::Inventory { seat, good };
        self.pending = Some(p);
        let steps = self.pending_steps(data, seat);
        if steps.is_empty() {
            self.pending = None;
            events.push(Event::public(format!(
                "{} has the majority in {} but no reward is left to take.",
                self.players[seat],
                good.name()
            )));
        }
    }

    fn resolve_one(&mut self, data: &HimalayaData, events: &mut Vec<Event>) {
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

    fn deal(&mut self, data: &HimalayaData, seat: Seat, v: usize, events: &mut Vec<Event>) {
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

    fn take_good(&mut self, seat: Seat, v: usize, g: Good, events: &mut Vec<Event>) {
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

    fn reward_options(&self, seat: Seat, v: usize) -> Vec<Reward> {
        let mut r = vec![Reward::Barter];
        if self.stupas[v].is_none() && self.stupas_left(seat) > 0 {
            r.push(Reward::Stupa);
        }
        if self.delegations_left(seat) > 0 {
            r.push(Reward::Delegations);
        }
        r
    }

    fn offer_rewards(
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

    fn give_rewards(
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

    fn send_delegations(
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

    /// Legal event placements for `seat` now (empty if none), `pass` last.
    fn event_steps(&self, data: &HimalayaData, seat: Seat) -> Vec<Step> {
        let mut out = Vec::new();
        let used = self.events_used[seat];
        let be = &self.board_events;
        if !used[EventKind::Yeti.index()] && be.yeti.is_none() {
            for p in 0..data.paths.len() {
                if be.storm.map(|e| e.0) != Some(p) {
                    out.push(Step::Yeti(p));
                }
            }
        }
        if !used[EventKind::Storm.index()] && be.storm.is_none() {
            for p in 0..data.paths.len() {
                if be.yeti.map(|e| e.0) != Some(p) {
                    out.push(Step::Storm(p));
                }
            }
        }
        if !used[EventKind::Market.index()] && be.market.is_none() {
            for v in 0..VILLAGES {
                if self.has_goods(v) {
                    out.push(Step::Market(v));
                }
            }
        }
        if !out.is_empty() {
            out.push(Step::Pass);
        }
        out
    }

    fn pending_steps(&self, data: &HimalayaData, seat: Seat) -> Vec<Step> {
        let Some(p) = &self.pending else {
            return Vec::new();
        };
        if p.seat() != seat {
            return Vec::new();
        }
        match p {
            Pending::Take { village, .. } => Good::ALL
                .into_iter()
                .filter(|g| self.village_goods[*village][g.index()] > 0)
                .map(Step::Take)
                .collect(),
            Pending::Reward { .. } => vec![
                Step::Reward(Reward::Barter, Reward::Stupa),
                Step::Reward(Reward::Barter, Reward::Delegations),
                Step::Reward(Reward::Stupa, Reward::Delegations),
            ],
            Pending::Delegate { regions, .. } => {
                regions.iter().map(|&r| Step::Delegate(r)).collect()
            }
            Pending::Inventory { .. } => {
                let mut out = Vec::new();
                if self.markers_left > 0 {
                    out.push(Step::InventoryMarker);
                }
                if self.delegations_left(seat) > 0 && self.caravans[seat].is_some() {
                    out.push(Step::InventoryDelegations);
                }
                out.extend(
                    self.inventory_stupa_targets(data, seat)
                        .into_iter()
                        .map(Step::InventoryStupa),
                );
                out
            }
        }
    }

    fn reveal(&mut self, events: &mut Vec<Event>) {
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

    fn finish(&mut self, data: &HimalayaData, events: &mut Vec<Event>) {
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
                    .map(|&o| data.orders[o].label())
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

    /// Legal steps for `seat`, the single source of legality.
    fn steps_for(&self, data: &HimalayaData, seat: Seat) -> Vec<Step> {
        if seat >= self.n() {
            return Vec::new();
        }
        match &self.phase {
            Phase::Finished => Vec::new(),
            Phase::Placement { k } => {
                if self.order_seat(*k) != seat {
                    return Vec::new();
                }
                (0..VILLAGES)
                    .filter(|v| !self.caravans.contains(&Some(*v)))
                    .map(Step::Start)
                    .collect()
            }
            Phase::Events { k } => {
                if *k < self.n() && self.order_seat(*k) == seat {
                    self.event_steps(data, seat)
                } else {
                    Vec::new()
                }
            }
            Phase::Programming => {
                if self.seals[seat].is_some() {
                    return vec![Step::Unseal];
                }
                let mut out = Vec::new();
                if self.plans[seat].len() < ACTIONS {
                    out.extend(Action::ALL.into_iter().map(Step::Plan));
                }
                if !self.plans[seat].is_empty() {
                    out.push(Step::Unplan);
                }
                if self.plans[seat].len() == ACTIONS {
                    out.push(Step::Seal);
                }
                out
            }
            Phase::Resolution | Phase::Inventory => self.pending_steps(data, seat),
        }
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
    let key = |s: usize| (infl[s].economic, infl[s].political, infl[s].religious);
    let mut places = vec![0u32; n];
    // Assign places `from..` to `seats` ordered by key (descending), ties sharing.
    let assign = |places: &mut Vec<u32>, seats: &[usize], from: u32| {
        let mut v = seats.to_vec();
        v.sort_by(|&a, &b| key(b).cmp(&key(a)).then(a.cmp(&b)));
        for (i, &s) in v.iter().enumerate() {
            places[s] = if i > 0 && key(v[i - 1]) == key(s) {
                places[v[i - 1]]
            } else {
                from + i as u32
            };
        }
    };
    if n == 3 {
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
            assign(&mut places, &rest, 2);
            let note = format!(
                "{} leads {} of the 3 influences and wins; others by economic, political, religious ({}).",
                names[w],
                leads[w],
                summary.join(", ")
            );
            return (places, note);
        }
        let all: Vec<usize> = (0..n).collect();
        assign(&mut places, &all, 1);
        let note = format!(
            "No one leads 2 influences; ranked by economic, then political, then religious ({}).",
            summary.join(", ")
        );
        return (places, note);
    }
    // Four players (and any other count): elimination.
    let mut remaining: Vec<usize> = (0..n).collect();
    let mut notes = Vec::new();
    type Key = fn(&Influence) -> (u32, u32, u32);
    let rounds: [(&str, Key); 2] = [
        ("religious", |i| (i.religious, i.stupas, i.economic)),
        ("political", |i| (i.political, i.delegations, i.economic)),
    ];
    for (what, k) in rounds {
        if remaining.len() <= 1 {
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
    assign(&mut places, &remaining, 1);
    let winners: Vec<&str> = remaining
        .iter()
        .filter(|&&s| places[s] == 1)
        .map(|&s| names[s].as_str())
        .collect();
    let verdict = if winners.len() == 1 {
        format!("{} wins", winners[0])
    } else {
        format!("{} share the win", winners.join(" and "))
    };
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

static OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "rules",
    help: "basic, or advanced (event markers, inventory choices)",
    values: &["basic", "advanced"],
}];

impl Game for Himalaya {
    type Step = Step;
    type Data = HimalayaData;
    type View = HimalayaView;
    type Options = HimalayaOptions;

    const ID: &'static str = ID;
    const NAME: &'static str = "Himalaya";
    const MIN_PLAYERS: usize = 3;
    const MAX_PLAYERS: usize = 4;

    fn setup(
        data: &HimalayaData,
        players: &[String],
        options: &HimalayaOptions,
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

    fn status(&self) -> Status {
        match &self.phase {
            Phase::Finished => Status::Finished(self.result.clone().unwrap_or(FinalResult {
                scores: vec![0; self.n()],
                places: vec![1; self.n()],
                note: String::new(),
            })),
            Phase::Placement { k } | Phase::Events { k } => {
                Status::Acting(vec![self.order_seat(*k)])
            }
            Phase::Programming => {
                Status::Acting((0..self.n()).filter(|&s| self.seals[s].is_none()).collect())
            }
            Phase::Resolution | Phase::Inventory => {
                Status::Acting(self.pending.iter().map(|p| p.seat()).collect())
            }
        }
    }

    fn legal_steps(&self, data: &HimalayaData, seat: Seat) -> Vec<Step> {
        self.steps_for(data, seat)
    }

    fn check(&self, data: &HimalayaData, seat: Seat, step: &Step) -> Result<(), RuleError> {
        if self.phase == Phase::Finished {
            return Err(rule("winning", "the game is over"));
        }
        if !self.steps_for(data, seat).contains(step) {
            let name = self
                .players
                .get(seat)
                .cloned()
                .unwrap_or_else(|| format!("seat {seat}"));
            let (r, why): (&'static str, String) = match (&self.phase, step) {
                (Phase::Placement { .. }, Step::Start(v)) if self.caravans.contains(&Some(*v)) => {
                    ("setup", format!("village {} already holds a caravan", v + 1))
                }
                (Phase::Placement { .. }, _) => ("setup", format!("it is not {name}'s turn to place a caravan")),
                (Phase::Events { .. }, _) => (
                    "events",
                    format!("{name} cannot place that event marker now (one per player per turn, one of each kind on the board, each marker once a game)"),
                ),
                (Phase::Programming, Step::Seal) => ("programming", "a program needs exactly 6 actions before sealing".into()),
                (Phase::Programming, Step::Plan(_)) if self.seals[seat].is_some() => {
                    ("programming", "your program is sealed; `unseal` first".into())
                }
                (Phase::Programming, Step::Plan(_)) => ("programming", "a program holds 6 actions; `unplan` to change the last one".into()),
                (Phase::Programming, _) => ("programming", format!("{name} cannot do that while programming")),
                _ => ("resolution", format!("{name} has no such choice to make now")),
            };
            return Err(rule(r, why));
        }
        Ok(())
    }

    fn apply(
        &mut self,
        data: &HimalayaData,
        seat: Seat,
        step: &Step,
    ) -> Result<Applied, RuleError> {
        self.check(data, seat, step)?;
        let mut events = Vec::new();
        let mut applied = Applied::default();
        // Irreversible = the step drew game randomness (dice, bag draws) or revealed hidden
        // information (programs, inventory stocks, the final screens). The commitment salt
        // drawn by `seal` is not counted: it decides nothing, and `unseal` takes a seal back.
        let mut rng_mark = self.rng.clone();
        let inventory_mark = self.last_inventory.clone();
        match step {
            Step::Start(v) => {
                self.caravans[seat] = Some(*v);
                events.push(Event::public(format!(
                    "{} places a caravan at village {}.",
                    self.players[seat],
                    v + 1
                )));
                let Phase::Placement { k } = self.phase else {
                    unreachable!()
                };
                if k + 1 >= self.n() {
                    self.start_turn(&mut events);
                } else {
                    self.phase = Phase::Placement { k: k + 1 };
                }
                applied.turn_ended = true;
            }
            Step::Yeti(_) | Step::Storm(_) | Step::Market(_) | Step::Pass => {
                let name = self.players[seat].clone();
                match step {
                    Step::Yeti(p) => {
                        self.board_events.yeti = Some((*p, seat));
                        self.events_used[seat][EventKind::Yeti.index()] = true;
                        events.push(Event::public(format!(
                            "{name} puts the yeti on path {}.",
                            data.path_name(*p)
                        )));
                    }
                    Step::Storm(p) => {
                        self.board_events.storm = Some((*p, seat));
                        self.events_used[seat][EventKind::Storm.index()] = true;
                        events.push(Event::public(format!(
                            "{name} puts a snowstorm on path {}.",
                            data.path_name(*p)
                        )));
                    }
                    Step::Market(v) => {
                        self.board_events.market = Some((*v, seat));
                        self.events_used[seat][EventKind::Market.index()] = true;
                        events.push(Event::public(format!(
                            "{name} declares market day at village {}.",
                            v + 1
                        )));
                    }
                    _ => events.push(Event::public(format!("{name} places no event marker."))),
                }
                let Phase::Events { k } = self.phase else {
                    unreachable!()
                };
                self.phase = Phase::Events { k: k + 1 };
                applied.turn_ended = true;
            }
            Step::Plan(a) => {
                self.plans[seat].push(*a);
                applied.secret = true;
            }
            Step::Unplan => {
                self.plans[seat].pop();
                applied.secret = true;
            }
            Step::Seal => {
                let salt = format!("{:016x}", self.rng.next_u64());
                rng_mark = self.rng.clone();
                let c = commitment(&salt, &program_text(&self.plans[seat]));
                events.push(Event::public(format!(
                    "{} sealed a program, commitment {c}.",
                    self.players[seat]
                )));
                events.push(Event::private(
                    seat,
                    format!(
                        "Sealed `{}` with salt {salt}.",
                        program_text(&self.plans[seat])
                    ),
                ));
                self.seals[seat] = Some(Seal {
                    salt,
                    commitment: c,
                });
                applied.secret = true;
                applied.turn_ended = true;
                if self.seals.iter().all(|s| s.is_some()) {
                    self.reveal(&mut events);
                    applied.irreversible = true;
                }
            }
            Step::Unseal => {
                self.seals[seat] = None;
                events.push(Event::public(format!(
                    "{} takes back their sealed program.",
                    self.players[seat]
                )));
                applied.secret = true;
            }
            Step::Take(g) => {
                let Some(Pending::Take { village, .. }) = self.pending.take() else {
                    unreachable!()
                };
                self.take_good(seat, village, *g, &mut events);
            }
            Step::Reward(a, b) => {
                let Some(Pending::Reward { village, order, .. }) = self.pending.take() else {
                    unreachable!()
                };
                self.give_rewards(data, seat, village, order, &[*a, *b], &mut events);
            }
            Step::Delegate(r) => {
                let Some(Pending::Delegate { regions, left, .. }) = self.pending.take() else {
                    unreachable!()
                };
                self.delegations[*r][seat] += 1;
                events.push(Event::public(format!(
                    "{} sends a delegation to {}.",
                    self.players[seat], data.regions[*r].name
                )));
                if left > 1 {
                    self.pending = Some(Pending::Delegate {
                        seat,
                        regions,
                        left: left - 1,
                    });
                }
            }
            Step::InventoryMarker => {
                self.pending = None;
                self.markers_left -= 1;
                self.markers[seat] += 1;
                events.push(Event::public(format!(
                    "{} takes an inventory marker.",
                    self.players[seat]
                )));
            }
            Step::InventoryDelegations => {
                self.pending = None;
                let c = self.caravans[seat].unwrap_or(0);
                let n = 2.min(self.delegations_left(seat));
                self.send_delegations(data, seat, data.villages[c].regions.clone(), n, &mut events);
            }
            Step::InventoryStupa(v) => {
                self.pending = None;
                self.stupas[*v] = Some(seat);
                events.push(Event::public(format!(
                    "{} builds a stupa at village {}.",
                    self.players[seat],
                    v + 1
                )));
            }
        }
        self.advance(data, &mut events);
        if self.rng != rng_mark
            || self.last_inventory != inventory_mark
            || self.phase == Phase::Finished
        {
            applied.irreversible = true;
        }
        applied.events = events;
        Ok(applied)
    }

    fn format_step(data: &HimalayaData, step: &Step) -> String {
        match step {
            Step::Start(v) => format!("start {}", v + 1),
            Step::Yeti(p) => format!("yeti {}", data.path_name(*p)),
            Step::Storm(p) => format!("storm {}", data.path_name(*p)),
            Step::Market(v) => format!("market {}", v + 1),
            Step::Pass => "pass".into(),
            Step::Plan(a) => format!("plan {}", a.name()),
            Step::Unplan => "unplan".into(),
            Step::Seal => "seal".into(),
            Step::Unseal => "unseal".into(),
            Step::Take(g) => format!("take {}", g.name()),
            Step::Reward(a, b) => format!("reward {} {}", a.name(), b.name()),
            Step::Delegate(r) => format!("delegate {}", data.regions[*r].name),
            Step::InventoryMarker => "inventory marker".into(),
            Step::InventoryDelegations => "inventory delegations".into(),
            Step::InventoryStupa(v) => format!("inventory stupa {}", v + 1),
        }
    }

    fn label_step(data: &HimalayaData, step: &Step) -> String {
        match step {
            Step::Start(v) => format!("Start your caravan at village {}", v + 1),
            Step::Yeti(p) => format!("Yeti blocks path {} this turn", data.path_name(*p)),
            Step::Storm(p) => format!("Snowstorm on path {} this turn", data.path_name(*p)),
            Step::Market(v) => format!("Market day at village {} this turn", v + 1),
            Step::Pass => "Place no event marker".into(),
            Step::Plan(Action::Move(t)) => format!("Add a move along the {} path", t.name()),
            Step::Plan(Action::Deal) => "Add a deal".into(),
            Step::Plan(Action::Rest) => "Add a rest".into(),
            Step::Unplan => "Remove the last planned action".into(),
            Step::Seal => "Seal your 6 actions".into(),
            Step::Unseal => "Take back your sealed program".into(),
            Step::Take(g) => format!("Take {}", g.name()),
            Step::Reward(a, b) => format!("Rewards: {} and {}", a.name(), b.name()),
            Step::Delegate(r) => format!("Send a delegation to {}", data.regions[*r].name),
            Step::InventoryMarker => "Take an inventory marker (3 yacks)".into(),
            Step::InventoryDelegations => {
                "Send 2 delegations to regions next to your caravan".into()
            }
            Step::InventoryStupa(v) => format!("Build a stupa at village {}", v + 1),
        }
    }

    fn expand(&self, _data: &HimalayaData, seat: Seat, text: &str) -> Option<Vec<String>> {
        let words = crate::engine::notation::words(text).ok()?;
        if words[0] != "program" || self.phase != Phase::Programming || seat >= self.n() {
            return None;
        }
        let mut out = Vec::new();
        if self.seals[seat].is_some() {
            out.push("unseal".to_string());
        }
        out.extend(std::iter::repeat_n(
            "unplan".to_string(),
            self.plans[seat].len(),
        ));
        out.extend(words[1..].iter().map(|w| format!("plan {w}")));
        if words.len() - 1 == ACTIONS {
            out.push("seal".to_string());
        }
        Some(out)
    }

    fn view(&self, data: &HimalayaData, viewer: Viewer) -> HimalayaView {
        view::build(self, data, viewer)
    }

    fn describe(data: &HimalayaData, view: &HimalayaView) -> String {
        view::describe(data, view)
    }

    fn private_markers(&self, data: &HimalayaData, seat: Seat) -> Vec<String> {
        if self.phase == Phase::Finished || seat >= self.n() {
            return Vec::new();
        }
        let mut out = Vec::new();
        if let Ok(s) = serde_json::to_string(&view::private_view(self, data, seat)) {
            out.push(s);
        }
        if let Some(seal) = &self.seals[seat] {
            // The sealed program with its salt: the string the commitment hashes. (Not the
            // bare salt: the reveal legitimately publishes it, next to the program.)
            out.push(format!("{}:{}", seal.salt, program_text(&self.plans[seat])));
        }
        out
    }

    fn scramble(&self, data: &HimalayaData, holder: Holder, rng: &mut GameRng) -> Self {
        let mut g = self.clone();
        let Holder::Seat(seat) = holder else {
            // The bags are multisets drawn uniformly: they hold no hidden order.
            return g;
        };
        if self.phase == Phase::Finished || seat >= self.n() {
            return g;
        }
        // Goods in hand: another mix of the same number of goods.
        let total: u32 = g.hands[seat].iter().map(|&c| c as u32).sum();
        let mut hand = [0u8; 5];
        for _ in 0..total {
            hand[rng.below(5)] += 1;
        }
        g.hands[seat] = hand;
        // Kept orders: other orders, as many.
        let kept = g.kept[seat].len();
        g.kept[seat] = (0..kept).map(|_| rng.below(data.orders.len())).collect();
        // A program being drafted (not sealed): any other draft.
        if self.seals[seat].is_none() {
            let len = rng.below(ACTIONS + 1);
            g.plans[seat] = (0..len)
                .map(|_| Action::ALL[rng.below(Action::ALL.len())])
                .collect();
        }
        g
    }

    fn rules_topics() -> &'static [RulesTopic] {
        topics::TOPICS
    }
}
