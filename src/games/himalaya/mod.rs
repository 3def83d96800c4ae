//! Himalaya (Régis Bonnessée) for 3 or 4 players, basic and advanced rules.
//!
//! Layout: this file holds the state, the step type [`Step`], the options [`Opts`] and the
//! [`Game`] impl, whose `candidates`, `legality` and `perform` dispatch by phase onto
//! `rules.rs` (the rules in rulebook order, each phase's `*_ok` checks beside the code
//! performing its steps) and `view.rs` (the per-viewer [`View`], `scramble`,
//! `describe`). The rules say what happened as a typed [`happening::Happening`]; its
//! `text` (`happening.rs`) is the one place the log's sentences are worded.
//!
//! Readings of the ambiguous clauses (also in the rules topics, `topics.rs`):
//! - HIM-COMP-11: 5 stupas per player (the setup's number). HIM-SETUP-12: five rolls in all.
//! - HIM-TURN-5: no hand-over of the first caravaneer before turn 1.
//! - HIM-EVENT-12: market day serves every player dealing in that village.
//! - HIM-EVENT-13: the second storm move must be of the same type; a lone first move into
//!   the storm is ignored. HIM-PROG-6: an action may be programmed any number of times.
//! - HIM-RES-5: the board never has two paths of one type at a village (checked on load).
//! - HIM-REWARD-7: an order not bartered goes back to the order bag. HIM-REWARD-8: when one
//!   reward is impossible the other two are given. HIM-REWARD-9: delegations may be split.
//! - HIM-INV-7: "neighbouring" means touching the caravan's village; the 2 delegations may
//!   be split. HIM-INV-8: goods shown at an inventory are kept.
//! - HIM-WIN-3: a majority is strictly the highest; the tie-breaks rank everyone when no one
//!   leads two influences. HIM-WIN-10: players tied after every tie-break go out together;
//!   if all remaining tie, no one goes out; the last two always compare economic influence.
//!   HIM-WIN-11: "fewest delegations" counts the delegations placed on the board.
//! - HIM-PROG-4: at a game deadline an unsealed program is kept, filled with `rest`, sealed.
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
pub mod happening;
pub mod render;
mod rules;
#[cfg(test)]
mod tests;
mod topics;
mod view;

pub use board::{
    parse_board, BoardError, Good, HimalayaData, OrderCard, Path, PathType, Region, Village,
    REGIONS, VILLAGES,
};
pub use view::{
    EventMarker, FinalLine, InventoryReveal, OrderView, PhaseView, PlayerView, PrivateView,
    RevealedProgram, View, VillageView,
};

pub use rules::{commitment, program_text, rank, Influence};
pub use topics::Topic;

use crate::engine::{
    Applied, FinalResult, Game, GameKind, GameOptions, GameRng, Holder, Kind, OptionSpec, Resolved,
    RulesTopic, Seat, SetupError, Status, Viewer,
};
use serde::{Deserialize, Serialize};

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
pub struct Opts {
    pub advanced: bool,
}

impl GameOptions for Opts {
    fn specs() -> &'static [OptionSpec] {
        OPTIONS
    }
    fn from_resolved(o: &Resolved) -> Self {
        Opts {
            advanced: o.get("rules") == "advanced",
        }
    }
}

/// Number of turns in a game.
pub const TURNS: u32 = 12;
/// Actions programmed per turn.
pub const ACTIONS: usize = 6;
/// The most actions a refused `program` command reports (more count as this many).
pub const PROGRAM_GIVEN_MAX: usize = 2 * ACTIONS;
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
    pub(super) fn index(self) -> usize {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// A `program` command with another number of actions than 6 (the number given, at
    /// most [`PROGRAM_GIVEN_MAX`]): [`Game::expand`] turns it into `program <n>`, which is
    /// always refused, saying a program is 6 actions.
    WrongProgram(usize),
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
    /// What the decision accepts, for a refusal of another step.
    fn awaited(&self) -> rules::Awaited {
        match self {
            Pending::Take { .. } => rules::Awaited::Take,
            Pending::Reward { .. } => rules::Awaited::Reward,
            Pending::Delegate { regions, .. } => rules::Awaited::Delegate {
                regions: regions.iter().fold(0, |m, &r| m | 1 << r),
            },
            Pending::Inventory { .. } => rules::Awaited::Inventory,
        }
    }

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
    /// The public lines of the last step performed and what it set in motion (never a
    /// line told to one seat), for the board's "Last turn" panel.
    #[serde(default)]
    last_turn: Vec<String>,
    /// A search's imagined copy words nothing ([`Game::hush`]); not part of the state.
    #[serde(skip)]
    hushed: Hushed,
}

/// Whether a copy of the game stopped wording its events ([`Game::hush`]): never
/// serialized, and equal in every copy, so it is no part of the state.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Hushed(bool);

impl PartialEq for Hushed {
    fn eq(&self, _: &Hushed) -> bool {
        true
    }
}

static OPTIONS: &[OptionSpec] = &[OptionSpec {
    key: "rules",
    help: "basic, or advanced (event markers, inventory choices)",
    values: &["basic", "advanced"],
}];

impl Game for Himalaya {
    type Step = Step;
    type Data = HimalayaData;
    type View = View;
    type Options = Opts;
    type Forbidden = rules::Forbidden;

    const ID: &'static str = ID;
    const NAME: &'static str = "Himalaya";
    const MIN_PLAYERS: usize = 3;
    const MAX_PLAYERS: usize = 4;

    fn rename_seat(&mut self, seat: Seat, name: &str) {
        if let Some(n) = self.players.get_mut(seat) {
            *n = name.to_string();
        }
    }

    /// A search's copy builds no event texts: most of a playout's cost was wording them
    /// (docs/strength.md).
    fn hush(&mut self) {
        self.hushed = Hushed(true);
    }

    fn setup(
        data: &HimalayaData,
        players: &[String],
        options: &Opts,
        seed: u64,
    ) -> Result<Self, SetupError> {
        Himalaya::new(data, players, options, seed)
    }

    fn status(&self) -> Status {
        match &self.phase {
            Phase::Finished => Status::Finished(self.result.clone().unwrap_or(FinalResult {
                scores: vec![0; self.n()],
                places: vec![1; self.n()],
                note: String::new(),
                shown: Vec::new(),
                breakdown: Vec::new(),
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

    fn candidates(&self, data: &HimalayaData, _seat: Seat) -> Vec<Step> {
        match &self.phase {
            Phase::Placement { .. } => self.placement_candidates(),
            Phase::Events { .. } => self.event_candidates(data),
            Phase::Programming => self.programming_candidates(),
            Phase::Resolution | Phase::Inventory => self.pending_candidates(),
            Phase::Finished => Vec::new(),
        }
    }

    /// The one decision, by phase onto each part's `*_ok` check; the engine words it and
    /// filters the legal list with it.
    fn forbidden(
        &self,
        data: &HimalayaData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), rules::Forbidden> {
        match &self.phase {
            Phase::Placement { k } => self.placement_ok(seat, *k, step),
            Phase::Events { k } => self.event_ok(data, seat, *k, step),
            Phase::Programming => self.programming_ok(seat, step),
            Phase::Resolution | Phase::Inventory => self.pending_ok(data, seat, step),
            Phase::Finished => Err(rules::Forbidden::GameOver),
        }
    }

    /// What a word of a step names, for "there is no village `25`".
    fn noun(verb: &str, index: usize) -> Option<&'static str> {
        match (verb, index) {
            ("start" | "market", 1) | ("inventory", 2) => Some("village"),
            ("yeti" | "storm", 1) => Some("path"),
            ("plan" | "program", _) => Some("action"),
            ("take", 1) => Some("good"),
            ("delegate", 1) => Some("region"),
            ("reward", _) => Some("reward"),
            _ => None,
        }
    }

    fn perform(&mut self, data: &HimalayaData, seat: Seat, step: &Step) -> Applied {
        let mut marks = self.marks();
        let mut applied = match self.phase {
            Phase::Placement { k } => self.place_caravan(data, seat, k, step),
            Phase::Events { k } => self.place_event(data, seat, k, step),
            Phase::Programming => self.program(data, seat, step, &mut marks),
            Phase::Resolution | Phase::Inventory | Phase::Finished => self.choose(data, seat, step),
        };
        self.settle(data, marks, &mut applied);
        applied
    }

    fn default_step(&self, data: &HimalayaData, seat: Seat) -> Option<Step> {
        self.default_for(data, seat)
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
            Step::WrongProgram(n) => format!("program {n}"),
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
            Step::WrongProgram(n) => format!("A program of {n} actions (a program is 6)"),
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
        let given = words.len() - 1;
        if given != ACTIONS {
            return Some(vec![format!("program {}", given.min(PROGRAM_GIVEN_MAX))]);
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
        out.push("seal".to_string());
        Some(out)
    }

    fn view(&self, data: &HimalayaData, viewer: Viewer) -> View {
        view::build(self, data, viewer)
    }

    fn describe(data: &HimalayaData, view: &View) -> String {
        view::describe(data, view)
    }

    fn private_markers(&self, data: &HimalayaData, seat: Seat) -> Vec<String> {
        view::private_markers(self, data, seat)
    }

    /// The seat's view without the lines of the last step: the turn's bookkeeping, which a step
    /// back to an earlier position changes (see [`Game::position_key`]).
    fn position_key(&self, data: &HimalayaData, seat: crate::engine::Seat) -> u64 {
        let mut v = self.view(data, Viewer::Seat(seat));
        v.last_turn.clear();
        crate::engine::view_key(&v)
    }

    fn hint(&self, data: &HimalayaData) -> Vec<f64> {
        self.hint_places(data)
    }

    fn outlook(&self, data: &HimalayaData, seat: Seat) -> Vec<f64> {
        self.outlook_for(data, seat)
    }

    fn scramble_into(&mut self, data: &HimalayaData, holder: Holder, rng: &mut GameRng) {
        view::scramble(self, data, holder, rng)
    }

    fn rules_topics() -> &'static [RulesTopic] {
        topics::TOPICS
    }

    fn rules_synonyms() -> &'static [(&'static str, &'static str)] {
        topics::SYNONYMS
    }
}
