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
//! steps `legal_steps` lists (both use [`Nippon::legality`]). Nothing is hidden: the bag
//! draws are random but no viewer sees anything the others do not.

mod board;
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

use crate::engine::{
    Applied, Game, GameKind, Kind, NoOptions, RuleError, RulesTopic, Seat, SetupError, Status,
    Viewer,
};
use crate::engine::{FinalResult, GameRng};
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

/// One step: one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Step {
    /// `take <slot> <colour>`: take a worker of that colour from action slot 1-5.
    Take(u8, u8),
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
    Pay(u8, u8),
    /// `tile <value> <good> <cubes>`: supply a good with 1-3 cubes for a tile of that value.
    Tile(u8, u8, u8),
    /// `city <city>`: where the chosen tile goes (beside the supplied good).
    City(u8),
    /// `remove <good>`: which of the tied lowest tiles around the full city goes back.
    Remove(u8),
    /// `reward <multiplier> <yen|coal|blueprints>`: an Emperor's reward tile.
    Reward(u8, u8),
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
    breakdown: Option<Vec<Vec<(String, i64)>>>,
    log: Vec<String>,
    rng: GameRng,
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

    const ID: &'static str = ID;
    const NAME: &'static str = "Nippon";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;

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

    fn candidates(&self, data: &NipponData, seat: Seat) -> Vec<Step> {
        self.candidate_steps(data, seat)
    }

    fn legality(&self, data: &NipponData, seat: Seat, step: &Step) -> Result<(), RuleError> {
        self.legality_of(data, seat, step)
    }

    fn perform(&mut self, data: &NipponData, seat: Seat, step: &Step) -> Applied {
        self.perform_step(data, seat, step)
    }

    fn hopeless(&self, data: &NipponData, seat: Seat, step: &Step) -> bool {
        self.hopeless_step(data, seat, step)
    }

    fn format_step(data: &NipponData, step: &Step) -> String {
        Self::step_text(data, step)
    }

    fn label_step(data: &NipponData, step: &Step) -> String {
        Self::step_label(data, step)
    }

    fn default_step(&self, data: &NipponData, seat: Seat) -> Option<Step> {
        self.default_for(data, seat)
    }

    fn view(&self, data: &NipponData, viewer: Viewer) -> View {
        self.view_for(data, viewer)
    }

    fn describe(data: &NipponData, view: &View) -> String {
        describe(data, view)
    }

    fn rules_topics() -> &'static [RulesTopic] {
        topics::TOPICS
    }
}
