//! Nippon board data: goods and factories, action slots, workers, player-board tracks,
//! the scoring track and scoring tables, influence values, contracts, city tiles, regions,
//! reward tiles and achievement spaces, parsed from `board_art/nippon/board.txt` with the
//! shared reader [`crate::engine::board`]; the records' reader and the whole board's
//! checks are `reader.rs`.
//!
//! Invariants of a [`NipponData`] returned by [`parse_board`]:
//! - exactly 6 goods with distinct names, levels 1..=3 (two per level), positive coal and
//!   storage; index `g` in `goods` is the good's id everywhere.
//! - exactly 5 action slots numbered 1..=5; together they offer each of the 9 actions
//!   exactly once, 1 or 2 actions per slot.
//! - worker colours: at least 1; rows for 2, 3 and 4 players; every track has at least 2
//!   slots, starts with a number, and its start value is printed on it.
//! - 3 scorings with VP for 3 places; symbol 1 before symbol 2 before the first golden
//!   slot.
//! - influence values for levels 1..=3 and 1..=3 cubes, non-decreasing in cubes.
//! - 8 contracts numbered 1..=8, each needing 1 to 4 different goods, 1..=3 of each.
//! - at least 8 city tiles, each with 4 distinct goods; 4 regions with 2 cities each and
//!   4 slot numbers per city; names are single distinct tokens.
//! - reward tiles: multipliers 2..=5, bonuses from the three kinds.

use crate::engine::board::{records, BoardError};
use serde::{Deserialize, Serialize};
use std::fmt;

mod reader;
use reader::Reader;

const GAME: &str = "Nippon";

/// The 9 actions. Their rules are code; which slot offers them is data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Action {
    Factory,
    Machinery,
    Produce,
    Knowledge,
    Coal,
    Trains,
    Ships,
    Export,
    Market,
}

impl Action {
    pub const ALL: [Action; 9] = [
        Action::Factory,
        Action::Machinery,
        Action::Produce,
        Action::Knowledge,
        Action::Coal,
        Action::Trains,
        Action::Ships,
        Action::Export,
        Action::Market,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Action::Factory => "factory",
            Action::Machinery => "machinery",
            Action::Produce => "produce",
            Action::Knowledge => "knowledge",
            Action::Coal => "coal",
            Action::Trains => "trains",
            Action::Ships => "ships",
            Action::Export => "export",
            Action::Market => "market",
        }
    }
    pub fn parse(s: &str) -> Option<Action> {
        Action::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(s))
    }
}

/// A one-off bonus (region bonus, reward tile front, factory synergy).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Bonus {
    Yen(u32),
    Coal(u32),
    Blueprints(u32),
    Vp(u32),
    /// Knowledge track steps.
    Knowledge(u32),
    /// Money track steps.
    Money(u32),
    /// Counts as one knowledge star at the final scoring (no immediate effect).
    Star,
}

impl Bonus {
    fn parse(s: &str) -> Option<Bonus> {
        if s == "star" {
            return Some(Bonus::Star);
        }
        let split = s.find(|c: char| !c.is_ascii_digit())?;
        let (a, b) = s.split_at(split);
        // Either `yen5000` (name then number) or `5000yen` (number then name).
        let (name, num) = if a.is_empty() {
            let k = s.find(|c: char| c.is_ascii_digit())?;
            (&s[..k], &s[k..])
        } else {
            (b, a)
        };
        let n: u32 = num.parse().ok()?;
        match name {
            "yen" => Some(Bonus::Yen(n)),
            "coal" => Some(Bonus::Coal(n)),
            "blueprints" => Some(Bonus::Blueprints(n)),
            "vp" => Some(Bonus::Vp(n)),
            "knowledge" => Some(Bonus::Knowledge(n)),
            "money" => Some(Bonus::Money(n)),
            _ => None,
        }
    }
    /// Short word for notation of reward tiles: `yen`, `coal`, `blueprints`.
    pub fn word(self) -> &'static str {
        match self {
            Bonus::Yen(_) => "yen",
            Bonus::Coal(_) => "coal",
            Bonus::Blueprints(_) => "blueprints",
            Bonus::Vp(_) => "vp",
            Bonus::Knowledge(_) => "knowledge",
            Bonus::Money(_) => "money",
            Bonus::Star => "star",
        }
    }
}

impl fmt::Display for Bonus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Bonus::Yen(n) => f.write_str(&yen(*n)),
            Bonus::Coal(n) => write!(f, "{n} coal"),
            Bonus::Blueprints(n) => write!(f, "{}", crate::engine::counted(n, "blueprint")),
            Bonus::Vp(n) => write!(f, "{n} VP"),
            Bonus::Knowledge(n) => write!(f, "{}", crate::engine::counted(n, "knowledge step")),
            Bonus::Money(n) => write!(f, "{}", crate::engine::counted(n, "money step")),
            Bonus::Star => write!(f, "a knowledge star"),
        }
    }
}

/// A good and its factory tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoodDef {
    pub name: String,
    pub level: u8,
    pub coal: u32,
    pub storage: u8,
    pub synergy: Bonus,
    pub color: [u8; 3],
}

/// A player-board track: the value of each slot, bottom first, and its stars.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    pub values: Vec<u32>,
    /// Whether a number is printed at the slot (else it is a gap slot).
    pub printed: Vec<bool>,
    pub stars: Vec<bool>,
    /// Slot index where the marker starts.
    pub start: usize,
}

impl Track {
    pub fn top(&self) -> usize {
        self.values.len() - 1
    }
}

/// Which player-board track.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TrackKind {
    Money,
    Coal,
    Knowledge,
}

impl TrackKind {
    pub const ALL: [TrackKind; 3] = [TrackKind::Money, TrackKind::Coal, TrackKind::Knowledge];
    pub fn name(self) -> &'static str {
        match self {
            TrackKind::Money => "money",
            TrackKind::Coal => "coal",
            TrackKind::Knowledge => "knowledge",
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Worker rows by player count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rows {
    pub rows: usize,
    pub per_row: usize,
    pub removed_per_colour: usize,
}

/// A contract tile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contract {
    /// Cubes of each different good, largest first (e.g. `[2, 1]`).
    pub needs: Vec<u8>,
    /// `Yen` or `Vp`.
    pub bonus: Bonus,
    pub money_steps: u32,
}

/// A region with its two cities.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub name: String,
    pub bonus: Bonus,
    pub cities: [String; 2],
    /// Overseas numbers printed at the 4 influence slots of each city (side 0..4).
    pub slots: [[u32; 4]; 2],
}

/// A stack of reward tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RewardStack {
    pub multiplier: u32,
    pub bonus: Bonus,
    pub tiles: u32,
}

/// What an achievement space counts (one VP per unit before its multiplier).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Achievement {
    pub name: String,
    pub printed: u32,
    pub what: String,
}

/// The parsed, validated board. See the module docs for its invariants.
pub struct NipponData {
    pub goods: Vec<GoodDef>,
    pub factories_per_good: u32,
    /// Actions offered by each of the 5 slots.
    pub slots: Vec<Vec<Action>>,
    pub worker_colours: Vec<(String, [u8; 3])>,
    pub workers_per_colour: usize,
    /// Rows for 2, 3, 4 players (index players - 2).
    pub rows: [Rows; 3],
    pub workers_per_slot: usize,
    /// Money, coal, knowledge (index [`TrackKind::index`]).
    pub tracks: [Track; 3],
    pub start_yen: u32,
    pub start_coal: u32,
    pub start_blueprints: u32,
    pub start_vp: [i64; 4],
    pub worker_slot_levels: Vec<u32>,
    pub train_money: Vec<usize>,
    pub ship_money: Vec<usize>,
    pub ship_stars: Vec<usize>,
    pub cost_factory: u32,
    pub cost_machine: u32,
    pub cost_train: u32,
    pub cost_ship: u32,
    pub cost_worker_colour: u32,
    /// Cost of 1, 2, 3 track steps.
    pub track_cost: [u32; 3],
    pub unpaid_colour_vp: i64,
    pub blueprints_per_step: u32,
    /// Scoring symbols: the marker passing from this slot to the next scores (1st, 2nd).
    pub symbols: [usize; 2],
    pub first_golden: usize,
    pub golden_count: usize,
    /// VP for 1st, 2nd, 3rd in each scoring.
    pub scoring_vp: [[i64; 3]; 3],
    /// Influence tile value by good level (index level - 1) and cubes (index cubes - 1).
    pub influence_value: [[u8; 3]; 3],
    pub influence_tiles: Vec<u8>,
    /// Tiles allowed around a city with 2, 3, 4 players (None = no limit).
    pub city_limit: [Option<usize>; 3],
    pub contracts: Vec<Contract>,
    /// Goods (indices) of each city tile, side 0..4.
    pub city_tiles: Vec<[usize; 4]>,
    pub regions: Vec<Region>,
    /// Train/ship slots per region for 2, 3, 4 players.
    pub rail_slots: [usize; 3],
    pub train_influence: u32,
    pub ship_vp: i64,
    pub rewards: Vec<RewardStack>,
    pub multiplier_tiles: u32,
    pub achievements: Vec<Achievement>,
    /// Static picture layer, drawn once.
    pub layer: crate::render::LayerCache,
}

impl fmt::Debug for NipponData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NipponData")
            .field("goods", &self.goods.len())
            .field("contracts", &self.contracts.len())
            .field("city_tiles", &self.city_tiles.len())
            .finish()
    }
}

impl NipponData {
    /// Good index by (case-insensitive) name.
    pub fn good(&self, name: &str) -> Option<usize> {
        self.goods
            .iter()
            .position(|g| g.name.eq_ignore_ascii_case(name))
    }
    /// City index (region * 2 + k) by name.
    pub fn city(&self, name: &str) -> Option<usize> {
        self.regions
            .iter()
            .flat_map(|r| r.cities.iter())
            .position(|c| c.eq_ignore_ascii_case(name))
    }
    pub fn city_name(&self, c: usize) -> &str {
        &self.regions[c / 2].cities[c % 2]
    }
    /// The label the map shows for city `c`, large enough to read inline: its name when
    /// that is short (five letters at most), else the shortest start of it, four letters
    /// or more, that no other city's name starts with, which `city` reads as that city.
    pub fn city_label(&self, c: usize) -> &str {
        let name = self.city_name(c);
        if name.chars().count() <= 5 {
            return name;
        }
        let names: Vec<&str> = self
            .regions
            .iter()
            .flat_map(|r| r.cities.iter())
            .map(String::as_str)
            .collect();
        crate::engine::notation::unique_prefix(name, &names, 4)
    }
    pub fn region(&self, name: &str) -> Option<usize> {
        self.regions
            .iter()
            .position(|r| r.name.eq_ignore_ascii_case(name))
    }
    pub fn achievement(&self, name: &str) -> Option<usize> {
        self.achievements
            .iter()
            .position(|a| a.name.eq_ignore_ascii_case(name))
    }
    pub fn track(&self, k: TrackKind) -> &Track {
        &self.tracks[k.index()]
    }
    /// The highest influence tile value a good of `good` allows for `cubes` (1..=3).
    pub fn max_value(&self, good: usize, cubes: u8) -> u8 {
        self.influence_value[self.goods[good].level as usize - 1][cubes as usize - 1]
    }
    pub fn rows_for(&self, players: usize) -> Rows {
        self.rows[players - 2]
    }
}

/// Parse and validate a board text. Errors name the line and what was expected.
pub fn parse_board(text: &str) -> Result<NipponData, BoardError> {
    let mut reader = Reader::new();
    for r in records(GAME, text) {
        reader.read(&r)?;
    }
    reader.finish()
}
/// An amount of money as the log shows it, digits grouped by thousands: `14,000 yen`.
pub(crate) fn yen(n: u32) -> String {
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

/// A contract's needs as texts show them: `1+2+3`.
pub(crate) fn needs_text(n: &[u8]) -> String {
    n.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join("+")
}
