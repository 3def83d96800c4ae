//! Nippon (What's Your Game?, 2015), 2 to 4 players: take workers to build factories,
//! produce goods, export them or sell them to the cities of Japan for influence, and score
//! the regions three times.
//!
//! Readings chosen for the clauses the rulebook leaves open (each also explained in a rules
//! topic, and tested by the test named after the clause):
//! - NIP-SETUP-19: reward tiles are removed from the 4 multiplier stacks (6 tiles each),
//!   before they are split by bonus: 1 per stack with 3 players, 2 with 2 players, at random.
//! - NIP-WORK-8: the whole uppermost non-empty worker row moves onto the emptied slot.
//! - NIP-WORK-13: with 2 players the action slots are still topped up to 3 workers.
//! - NIP-WORK-14: which actions share a slot is authored in `board_art/nippon/board.txt`
//!   (Local Market alone on slot 5).
//! - NIP-TRIG-7: the scoring symbols and golden slots are authored (board file); a full
//!   refill during the last three rounds refills but does not move the marker.
//! - NIP-FAC-14: a factory's synergy bonus is authored and given once, when it is built.
//! - NIP-SLOT-3: the money symbols under the train and ship areas are authored.
//! - NIP-EXP-9: the 8 contracts are authored.
//! - NIP-CONS-5: consolidation discards the old yen and coal before taking the budget.
//! - NIP-CONS-12: the player puts each reward or multiplier tile on an empty achievement
//!   space of their choice. With every space covered a reward tile is still taken (it must
//!   be, NIP-CONS-6) for its bonus and set aside, scoring nothing; a multiplier tile (no
//!   bonus) is then not taken. So the reward tiles run out while some boards still have
//!   empty spaces, and NIP-CONS-8's 2x tiles can be reached.
//! - NIP-CONS-18: a player short of yen pays for as many colours as they can and loses 2
//!   VP for each colour left unpaid.
//! - NIP-SCORE-11: only ships in the scored region count, 2 VP each.
//! - NIP-SCORE-12: influence 0 never takes a scoring place (players or overseas).
//! - NIP-END-4: the final scoring follows the reference sheet as summarised in the game
//!   data: discard yen and take the money-track income, pay the workers still on the board
//!   (2 VP per unpaid colour), then score the achievement spaces.
//!
//! Invariants of a [`Nippon`] state: workers are conserved (bag + slots + rows + player
//! boards = the game's workers); yen, coal and blueprints never go below 0; each player
//! holds at most 6 workers and at most one factory per good; `apply` accepts exactly the
//! steps `legal_steps` lists (both decided by one function, `forbidden`). Nothing is hidden: the bag
//! draws are random but no viewer sees anything the others do not.

mod board;
pub mod happening;
pub mod render;
mod rules;
#[cfg(test)]
mod tests;
mod topics;
pub use topics::Topic;
mod view;

pub use board::{
    parse_board, Achievement, Action, Bonus, Contract, GoodDef, NipponData, Region, RewardStack,
    TrackKind,
};
pub use view::{describe, View};

use crate::engine::notation::verb;
use crate::engine::{
    Applied, Game, GameKind, Holder, Kind, NoOptions, RuleError, RulesTopic, Seat, SetupError,
    Status, Viewer,
};
use crate::engine::{FinalResult, GameRng, Rules};
use rules::{need_one, needs_text, BONUS_WORDS};
use serde::{Deserialize, Serialize};

/// The game's id in commands.
pub const ID: &str = "nippon";

/// The authored board file, embedded at compile time.
pub const BOARD: &str = include_str!("../../../board_art/nippon/board.txt");

/// Parse a board text and register the game with its renderer (see `games::GAMES`).
pub fn kind(text: &str) -> Result<&'static dyn GameKind, crate::engine::BoardError> {
    let data = parse_board(text)?;
    Ok(Kind::<Nippon>::leak(data, render::render))
}

/// Most workers a player board holds.
pub const MAX_WORKERS: usize = 6;
/// Most improvements, runs, trains, ships, contracts or tiles in one action.
pub const MAX_PER_ACTION: u8 = 3;
/// Train tiles and ship tiles per player.
pub const RAIL_TILES: u8 = 6;
/// Log lines kept for the view.
const LOG_KEEP: usize = 60;

/// One step: one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// `take <slot> <colour>`: take a worker of that colour from action slot 1-5.
    Take { slot: u8, colour: u8 },
    /// `consolidate`.
    Consolidate,
    /// `do <action>`: choose one of the two actions of the slot.
    Do(Action),
    /// `build <good>`: build that factory.
    Build(u8),
    /// `improve <good>`: install or upgrade a machine on that factory.
    Improve(u8),
    /// `improve supply`: take a machine into one's supply (no factory can take one).
    ToSupply,
    /// `run <good>`: run that factory.
    Run(u8),
    /// `up <steps>`: move the knowledge or coal marker 1-3 steps.
    Up(u8),
    /// `train <region>`.
    Train(u8),
    /// `ship <region>`.
    Ship(u8),
    /// `contract <1-8>`: start fulfilling a contract.
    Contract(u8),
    /// `pay <good> <cubes>`: pay one of the open contract's requirements from that factory.
    Pay { good: u8, cubes: u8 },
    /// `tile <value> <good> <cubes>`: supply a good with 1-3 cubes for a tile of that value.
    Tile { value: u8, good: u8, cubes: u8 },
    /// `city <city>`: where the chosen tile goes (beside the supplied good).
    City(u8),
    /// `remove <good>`: which of the tied lowest tiles around the full city goes back.
    Remove(u8),
    /// `reward <multiplier> <yen|coal|blueprints>`: an Emperor's reward tile (`bonus`: 0
    /// yen, 1 coal, 2 blueprints).
    Reward { multiplier: u8, bonus: u8 },
    /// `space <achievement>`: where the reward (or multiplier) tile goes.
    Space(u8),
    /// `blueprints <money|coal|knowledge>`: discard 3 blueprints, raise that track 1 step.
    Blueprints(TrackKind),
    /// `done`: stop the current action early, or end the turn after it (NIP-TURN-3).
    Done,
}

/// Where the turn is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Take a worker or consolidate.
    Start,
    /// Choose one of the slot's actions.
    Choose,
    Factory,
    Machinery {
        n: u8,
    },
    Produce {
        ran: Vec<u8>,
    },
    Track {
        track: TrackKind,
    },
    Rail {
        ship: bool,
        regions: Vec<u8>,
    },
    Export {
        done: u8,
        open: Option<OpenContract>,
    },
    Market(Market),
    /// Consolidation: choose an Emperor's reward tile.
    Reward,
    /// Consolidation: place the tile (multiplier 2 from a 2x tile).
    Space {
        multiplier: u32,
    },
    /// The action (or consolidation) is over and the player could still spend blueprints:
    /// the turn waits for `blueprints <track>` or `done` (NIP-TURN-3).
    Spend,
}

/// A contract being paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenContract {
    pub contract: u8,
    /// Requirements still to pay (cubes of one good each).
    pub remaining: Vec<u8>,
    /// Goods already used for it.
    pub used: Vec<u8>,
}

/// A Local Market action in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Market {
    pub region: Option<u8>,
    pub placed: u8,
    /// The chosen tile: value, good, cubes.
    pub tile: Option<(u8, u8, u8)>,
    /// A city chosen whose tied lowest tiles need a choice.
    pub city: Option<u8>,
}

/// A factory on a player board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Factory {
    /// 0 = empty machinery slot, 1 = "+1", 2 = "+2".
    pub machine: u8,
    /// Goods in storage.
    pub goods: u8,
}

/// A player's board and supply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub yen: u32,
    pub coal: u32,
    pub blueprints: u32,
    pub vp: i64,
    /// Marker slot on the money, coal and knowledge tracks.
    pub tracks: [usize; 3],
    /// Factory per good index.
    pub factories: Vec<Option<Factory>>,
    /// "+1" machines in the player's supply.
    pub machines: u32,
    /// Face-down (fulfilled) contracts.
    pub fulfilled: Vec<bool>,
    pub trains: u8,
    pub ships: u8,
    /// Influence tiles not on the map (values).
    pub tiles: Vec<u8>,
    /// Worker colours on the board, leftmost first.
    pub workers: Vec<u8>,
    /// Multiplier of the tile on each achievement space.
    pub achievements: Vec<Option<u32>>,
}

/// A tile on an influence slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    pub seat: u8,
    pub value: u8,
}

/// The game state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nippon {
    names: Vec<String>,
    players: Vec<Player>,
    /// Worker colours on each action slot.
    slots: Vec<Vec<u8>>,
    rows: Vec<Vec<u8>>,
    /// Workers in the bag, per colour.
    bag: Vec<u32>,
    /// Scoring marker slot.
    marker: usize,
    scorings: u8,
    /// Turns left once the first golden slot was reached.
    final_turns: Option<u32>,
    /// A full refill could not be completed (the bag ran short).
    refill_owed: bool,
    /// City tile and rotation on each of the 8 city slots.
    cities: Vec<(u8, u8)>,
    /// Influence tile on each slot: `influence[city][side]`.
    influence: Vec<[Option<Placed>; 4]>,
    /// Trains and ships per region: (seat, is ship).
    rail: Vec<Vec<(u8, bool)>>,
    /// Reward tiles left per stack of the board data.
    rewards: Vec<u32>,
    multipliers: u32,
    /// Factories built per good (all players).
    built: Vec<u32>,
    current: Seat,
    stage: Stage,
    /// The action slot the current worker came from.
    taken_from: Option<u8>,
    /// The seat that played the last complete turn.
    last_player: Option<Seat>,
    turn: u32,
    result: Option<FinalResult>,
    /// Each seat's VP by source (None in a game begun before they were kept: its result then
    /// gives the totals only).
    #[serde(default)]
    vp_by_source: Option<Vec<rules::VpBySource>>,
    log: Vec<String>,
    rng: GameRng,
    /// The action `take` began by itself (its slot offered no other the player could do):
    /// the rulebook's `do <action>` is still accepted once, as a step that changes nothing.
    #[serde(default)]
    begun: Option<Action>,
    /// The public events of the turn in progress, and of the last complete turn (the
    /// board's last-turn panel).
    #[serde(default)]
    this_turn: Vec<String>,
    #[serde(default)]
    last_turn: Vec<String>,
    /// The rules version the game plays by (see [`Game::RULES_VERSION`]); a game stored
    /// before versions were kept plays by version 1, and a version-1 state is stored
    /// without it, byte for byte as before.
    #[serde(
        default = "crate::engine::first_rules_version",
        skip_serializing_if = "crate::engine::is_first_rules_version"
    )]
    rules_version: u32,
}

impl Nippon {
    pub fn n(&self) -> usize {
        self.names.len()
    }
    pub fn player(&self, s: Seat) -> &Player {
        &self.players[s]
    }
    pub fn vp(&self) -> Vec<i64> {
        self.players.iter().map(|p| p.vp).collect()
    }
    pub fn current(&self) -> Seat {
        self.current
    }
    pub fn stage(&self) -> &Stage {
        &self.stage
    }
}

impl Game for Nippon {
    type Step = Step;
    type Data = NipponData;
    type View = View;
    type Options = NoOptions;
    /// Every reason a step is refused, with its rules topic (`rules/forbidden.rs`).
    type Forbidden = rules::Forbidden;

    const ID: &'static str = ID;
    const NAME: &'static str = "Nippon";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;
    /// 2: blueprints may not leave the action a `take` began by itself impossible to
    /// finish (NIP-TURN-3); version 1 accepted them and the action then ended by itself.
    const RULES_VERSION: u32 = 2;

    fn rules_version(&self) -> u32 {
        self.rules_version
    }

    fn set_rules_version(&mut self, version: u32) {
        self.rules_version = version;
    }

    fn rename_seat(&mut self, seat: Seat, name: &str) {
        if let Some(n) = self.names.get_mut(seat) {
            *n = name.to_string();
        }
    }

    fn setup(
        data: &NipponData,
        players: &[String],
        _opts: &NoOptions,
        seed: u64,
    ) -> Result<Self, SetupError> {
        Self::setup_game(data, players, seed)
    }

    fn status(&self) -> Status {
        match &self.result {
            Some(r) => Status::Finished(r.clone()),
            None => Status::Acting(vec![self.current]),
        }
    }

    /// The well-formed steps of the current stage (legal or not), from the part of the
    /// rules now played, in a stable order; the blueprint steps come last.
    fn candidates(&self, data: &NipponData, _seat: Seat) -> Vec<Step> {
        if self.result.is_some() {
            return Vec::new();
        }
        let mut v = match &self.stage {
            Stage::Start => Self::start_candidates(data),
            Stage::Choose => Action::ALL.into_iter().map(Step::Do).collect(),
            Stage::Factory => Self::factory_candidates(data),
            Stage::Machinery { .. } => Self::machinery_candidates(data),
            Stage::Produce { .. } => Self::produce_candidates(data),
            Stage::Track { .. } => Self::track_candidates(),
            Stage::Rail { ship, .. } => Self::rail_candidates(data, *ship),
            Stage::Export { .. } => Self::export_candidates(data),
            Stage::Market(_) => Self::market_candidates(data),
            Stage::Reward => Self::reward_candidates(data),
            Stage::Space { .. } => Self::space_candidates(data),
            Stage::Spend => vec![Step::Done],
        };
        v.extend(self.begun.map(Step::Do));
        v.extend(TrackKind::ALL.into_iter().map(Step::Blueprints));
        v
    }

    /// The one legality decision: may `seat` act, then blueprints (any time of one's
    /// turn) or the check of the step the current stage accepts (each in its part of
    /// `rules/`); a step the stage does not accept is refused once, by `wrong_stage`.
    fn forbidden(
        &self,
        data: &NipponData,
        seat: Seat,
        step: &Step,
    ) -> Result<(), rules::Forbidden> {
        self.seat_may_act(seat)?;
        let action = rules::Forbidden::Action;
        match (&self.stage, *step) {
            (_, Step::Blueprints(t)) => self.blueprints_ok(data, seat, t),
            (Stage::Start, Step::Consolidate) => Ok(()),
            (Stage::Start, Step::Take { slot, colour }) => self.can_take(data, seat, slot, colour),
            (Stage::Choose, Step::Do(a)) => self.choose_ok(data, seat, a),
            (_, Step::Do(a)) if self.begun == Some(a) => Ok(()),
            (Stage::Factory, Step::Build(g)) => {
                self.build_ok(data, seat, g as usize).map_err(action)
            }
            (Stage::Machinery { .. }, Step::Improve(g)) => self.can_improve(data, seat, g as usize),
            (Stage::Machinery { .. }, Step::ToSupply) => self.machine_to_supply_ok(data, seat),
            (Stage::Machinery { n }, Step::Done) => need_one(*n as usize, Topic::Machinery),
            (Stage::Produce { ran }, Step::Run(g)) => self.produce_ok(data, seat, ran, g),
            (Stage::Produce { ran }, Step::Done) => need_one(ran.len(), Topic::Produce),
            (Stage::Track { track }, Step::Up(k)) => {
                self.up_ok(data, seat, *track, k).map_err(action)
            }
            (Stage::Rail { ship, regions }, Step::Train(r) | Step::Ship(r))
                if *ship == matches!(step, Step::Ship(_)) =>
            {
                self.rail_ok(data, seat, *ship, regions, r as usize)
                    .map_err(action)
            }
            (Stage::Rail { regions, .. }, Step::Done) => need_one(regions.len(), Topic::Rail),
            (Stage::Export { open: None, .. }, Step::Contract(k)) => {
                self.can_contract(data, seat, k)
            }
            (Stage::Export { done, open: None }, Step::Done) => {
                need_one(*done as usize, Topic::Export)
            }
            (Stage::Export { open: Some(o), .. }, Step::Pay { good, cubes }) => {
                self.can_pay(seat, o, good, cubes)
            }
            (Stage::Export { open: Some(o), .. }, _) => Err(Self::finish_contract_first(o)),
            (Stage::Market(m), _) => self.market_ok(data, seat, m, step),
            (Stage::Reward, Step::Reward { multiplier, bonus }) => {
                self.can_reward(data, seat, multiplier as u32, bonus)
            }
            (Stage::Space { .. }, Step::Space(a)) => self.space_ok(seat, a),
            (Stage::Spend, Step::Done) => Ok(()),
            _ => Err(self.wrong_stage(data)),
        }
    }

    /// Carry out a step found legal by `forbidden`: the perform function of its part of
    /// `rules/`, then the log.
    fn perform(&mut self, data: &NipponData, seat: Seat, step: &Step) -> Applied {
        let mut ev = Vec::new();
        let turn_before = self.turn;
        let bag_before = self.bag.clone();
        let rng_before = self.rng.clone();
        let marker_before = self.marker;
        let begun = self.begun.take();
        match *step {
            Step::Blueprints(t) => self.blueprints(data, seat, t, &mut ev),
            Step::Consolidate => self.consolidate(data, seat, &mut ev),
            Step::Take { slot, colour } => self.take(data, seat, slot, colour, &mut ev),
            // The action `take` began by itself: the redundant `do` changes nothing.
            Step::Do(a) if begun == Some(a) => {}
            Step::Do(a) => self.start_action(a),
            Step::Build(g) => self.build(data, seat, g as usize, &mut ev),
            Step::Improve(g) => self.improve(data, seat, g, &mut ev),
            Step::ToSupply => self.machine_to_supply(data, seat, &mut ev),
            Step::Run(g) => self.run(data, seat, g, &mut ev),
            Step::Up(k) => self.up(data, seat, k, &mut ev),
            Step::Train(r) => self.place_rail(data, seat, false, r as usize, &mut ev),
            Step::Ship(r) => self.place_rail(data, seat, true, r as usize, &mut ev),
            Step::Contract(k) => self.open_contract(data, k),
            Step::Pay { good, cubes } => self.pay(data, seat, good, cubes, &mut ev),
            Step::Tile { value, good, cubes } => self.choose_tile(value, good, cubes),
            Step::City(c) => self.choose_city(data, seat, c, &mut ev),
            Step::Remove(g) => self.remove_tile(data, seat, g, &mut ev),
            Step::Reward { multiplier, bonus } => {
                self.take_reward(data, seat, multiplier, bonus, &mut ev)
            }
            Step::Space(a) => self.place_on_space(data, seat, a, &mut ev),
            Step::Done => self.end_turn(data, &mut ev),
        }
        self.play_forced_done(data, &mut ev);
        self.keep_log(&ev, self.turn != turn_before);
        Applied {
            // Anything drawn at random (the bag's workers, even when the bag ends as it
            // began) or a move of the scoring marker (a scoring) cannot be taken back.
            irreversible: self.rng != rng_before
                || self.bag != bag_before
                || self.marker != marker_before,
            turn_ended: self.turn != turn_before,
            secret: false,
            reveals: false,
            events: ev,
        }
    }

    /// The step played for a seat that does not act: consolidate at the start of a turn,
    /// `done` where allowed, else the first legal step.
    fn default_step(&self, data: &NipponData, seat: Seat) -> Option<Step> {
        let legal = self.legal_steps(data, seat);
        [Step::Consolidate, Step::Done]
            .into_iter()
            .find(|s| legal.contains(s))
            .or_else(|| legal.first().copied())
    }

    /// What a word of a step names, for "there is no slot `9`".
    fn noun(verb: &str, index: usize) -> Option<&'static str> {
        match (verb, index) {
            ("take", 1) => Some("action slot"),
            ("take", 2) => Some("worker colour"),
            ("build" | "improve" | "run" | "pay" | "remove", 1) | ("tile", 2) => Some("good"),
            ("train" | "ship", 1) => Some("region"),
            ("city", 1) => Some("city"),
            ("do", 1) => Some("action"),
            ("contract", 1) => Some("contract"),
            ("space", 1) => Some("achievement"),
            _ => None,
        }
    }

    fn format_step(data: &NipponData, step: &Step) -> String {
        let good = |g: u8| data.goods[g as usize].name.clone();
        match *step {
            Step::Take { slot: s, colour: c } => {
                format!("take {s} {}", data.worker_colours[c as usize].0)
            }
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
            Step::Pay { good: g, cubes: n } => format!("pay {} {n}", good(g)),
            Step::Tile {
                value: v,
                good: g,
                cubes: c,
            } => format!("tile {v} {} {c}", good(g)),
            Step::City(c) => format!("city {}", data.city_name(c as usize)),
            Step::Remove(g) => format!("remove {}", good(g)),
            Step::Reward {
                multiplier: m,
                bonus: b,
            } => format!("reward {m} {}", BONUS_WORDS[b as usize]),
            Step::Space(a) => format!("space {}", data.achievements[a as usize].name),
            Step::Blueprints(t) => format!("blueprints {}", t.name()),
            Step::Done => "done".into(),
        }
    }

    fn label_step(data: &NipponData, step: &Step) -> String {
        let good = |g: u8| data.goods[g as usize].name.clone();
        match *step {
            Step::Take { slot: s, colour: c } => format!(
                "Take a worker ({}) from action slot {s}: {}",
                data.worker_colours[c as usize].0,
                data.slots[s as usize - 1]
                    .iter()
                    .map(|a| a.name())
                    .collect::<Vec<_>>()
                    .join(" or ")
            ),
            Step::Consolidate => "Consolidate: budget, Emperor's reward, pay the workers".into(),
            Step::Do(a) => format!(
                "Do the {} action (begun already if it is the only one)",
                a.name()
            ),
            Step::Build(g) => format!("Build {} factory", crate::engine::a_or_an(&good(g))),
            Step::Improve(g) => format!("Install or upgrade a machine on the {} factory", good(g)),
            Step::ToSupply => "Take a machine into your supply".into(),
            Step::Run(g) => format!("Run the {} factory", good(g)),
            Step::Up(k) => format!("Move the marker up {}", crate::engine::counted(k, "step")),
            Step::Train(r) => format!("Build a train in {}", data.regions[r as usize].name),
            Step::Ship(r) => format!("Build a ship in {}", data.regions[r as usize].name),
            Step::Contract(k) => format!(
                "Fulfil contract {k} ({})",
                needs_text(&data.contracts[k as usize - 1].needs)
            ),
            Step::Pay { good: g, cubes: n } => format!("Pay {n} {} to the contract", good(g)),
            Step::Tile {
                value: v,
                good: g,
                cubes: c,
            } => format!("Supply {c} {} for a value-{v} influence tile", good(g)),
            Step::City(c) => format!("Place the tile at {}", data.city_name(c as usize)),
            Step::Remove(g) => format!("Return the lowest tile beside {}", good(g)),
            Step::Reward {
                multiplier: m,
                bonus: b,
            } => format!("Take a x{m} reward tile ({})", BONUS_WORDS[b as usize]),
            Step::Space(a) => format!(
                "Put the tile on the {} achievement",
                data.achievements[a as usize].name
            ),
            Step::Blueprints(t) => format!("Discard 3 blueprints: {} +1", t.name()),
            Step::Done => "Done: end the action and your turn".into(),
        }
    }

    /// A refused step of the acting seat ends with the steps accepted now (those of the
    /// same verb, else all), so a refusal names only legal steps besides its reason. A
    /// step on another player's turn says whose turn it is.
    fn explain(&self, data: &NipponData, seat: Seat, step: &Step, mut e: RuleError) -> RuleError {
        if self.result.is_some() {
            return e;
        }
        if seat != self.current {
            e.reason = format!("{}: {} plays now", e.reason, self.names[self.current]);
            return e;
        }
        let legal: Vec<String> = self
            .legal_steps(data, seat)
            .iter()
            .map(|s| Self::format_step(data, s))
            .collect();
        let typed = Self::format_step(data, step);
        let same: Vec<String> = legal
            .iter()
            .filter(|s| verb(s) == verb(&typed))
            .cloned()
            .collect();
        e.with_accepted(if same.is_empty() { &legal } else { &same })
    }

    fn view(&self, data: &NipponData, viewer: Viewer) -> View {
        self.view_for(data, viewer)
    }

    fn describe(data: &NipponData, view: &View) -> String {
        describe(data, view)
    }

    /// The seat's view without the log of the steps (the turn's bookkeeping, which a step
    /// back to an earlier position changes; see [`Game::position_key`]), with the stage of
    /// the turn: the view once did not show a local market's chosen tile before its city
    /// (it shows it as pending now, but not every part of a stage), and without the stage
    /// `tile` looked like a step back.
    fn position_key(&self, data: &NipponData, seat: crate::engine::Seat) -> u64 {
        let mut v = self.view(data, Viewer::Seat(seat));
        v.log.clear();
        crate::engine::view_key(&(v, &self.stage))
    }

    fn hint(&self, data: &NipponData) -> Vec<f64> {
        self.hint_vp(data)
    }

    fn scramble_into(&mut self, _data: &NipponData, holder: Holder, rng: &mut GameRng) {
        view::scramble(self, holder, rng)
    }

    fn rules_topics() -> &'static [RulesTopic] {
        topics::TOPICS
    }

    fn rules_synonyms() -> &'static [(&'static str, &'static str)] {
        topics::SYNONYMS
    }
}
