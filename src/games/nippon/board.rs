//! Nippon board data: goods and factories, action slots, workers, player-board tracks,
//! the scoring track and scoring tables, influence values, contracts, city tiles, regions,
//! reward tiles and achievement spaces, parsed from `board_art/nippon/board.txt` with the
//! shared reader [`crate::engine::board`].
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

use crate::engine::board::{records, BoardError, Record};
use serde::{Deserialize, Serialize};
use std::fmt;

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
            Bonus::Yen(n) => f.write_str(&super::rules::yen(*n)),
            Bonus::Coal(n) => write!(f, "{n} coal"),
            Bonus::Blueprints(n) => write!(f, "{n} blueprints"),
            Bonus::Vp(n) => write!(f, "{n} VP"),
            Bonus::Knowledge(n) => write!(f, "{n} knowledge step(s)"),
            Bonus::Money(n) => write!(f, "{n} money step(s)"),
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

fn goods_list(r: &Record, i: usize, goods: &[GoodDef]) -> Result<Vec<usize>, BoardError> {
    r.list(i, ',', "goods")?
        .into_iter()
        .map(|g| {
            goods
                .iter()
                .position(|d| d.name == g)
                .ok_or_else(|| r.error(format!("unknown good `{g}` (declare it with `good`)")))
        })
        .collect()
}

fn bonus(r: &Record, i: usize, what: &str) -> Result<Bonus, BoardError> {
    let t = r.token(i, what)?;
    Bonus::parse(t).ok_or_else(|| {
        r.error(format!(
            "expected {what} such as yen5000, coal2, blueprints2, vp2, knowledge1, money1 or star, found `{t}`"
        ))
    })
}

fn parse_track(r: &Record) -> Result<Track, BoardError> {
    let mut values = Vec::new();
    let mut printed = Vec::new();
    let mut stars = Vec::new();
    for t in r.rest(1) {
        let star = t.ends_with('*');
        let body = t.trim_end_matches('*');
        if body == "-" {
            let last = *values.last().ok_or_else(|| {
                r.error("a track starts with a printed number, not `-`".to_string())
            })?;
            values.push(last);
            printed.push(false);
        } else {
            let v: u32 = body.parse().map_err(|_| {
                r.error(format!(
                    "expected a number, `-` or either with `*`, found `{t}`"
                ))
            })?;
            if values.last().is_some_and(|&l| v <= l) {
                return Err(r.error("track numbers must increase"));
            }
            values.push(v);
            printed.push(true);
        }
        stars.push(star);
    }
    if values.len() < 2 {
        return Err(r.error("a track has at least 2 slots"));
    }
    Ok(Track {
        values,
        printed,
        stars,
        start: 0,
    })
}

/// Parse and validate a board text. Errors name the line and what was expected.
pub fn parse_board(text: &str) -> Result<NipponData, BoardError> {
    let mut goods: Vec<GoodDef> = Vec::new();
    let mut factories_per_good = 0;
    let mut slots: Vec<Option<Vec<Action>>> = vec![None; 5];
    let mut colours = Vec::new();
    let mut per_colour = 0;
    let mut rows: [Option<Rows>; 3] = [None; 3];
    let mut per_slot = 0;
    let mut tracks: [Option<Track>; 3] = [None, None, None];
    let mut starts: Vec<(TrackKind, u32, usize)> = Vec::new();
    let (mut start_yen, mut start_coal, mut start_bp) = (None, None, None);
    let mut start_vp = None;
    let mut worker_slots = Vec::new();
    let (mut train_money, mut ship_money, mut ship_stars) = (Vec::new(), Vec::new(), Vec::new());
    let mut costs: Vec<(&str, u32)> = Vec::new();
    let mut track_cost = None;
    let mut unpaid = None;
    let mut bp_step = None;
    let mut symbols = [None, None];
    let mut golden = None;
    let mut scoring: [Option<[i64; 3]>; 3] = [None; 3];
    let mut infl: [Option<[u8; 3]>; 3] = [None; 3];
    let mut infl_tiles = Vec::new();
    let mut city_limit: [Option<usize>; 3] = [None; 3];
    let mut contracts: Vec<Option<Contract>> = vec![None; 8];
    let mut city_tiles: Vec<[usize; 4]> = Vec::new();
    let mut regions: Vec<Region> = Vec::new();
    let mut rail: [Option<usize>; 3] = [None; 3];
    let mut train_influence = None;
    let mut ship_vp = None;
    let mut rewards = Vec::new();
    let mut multiplier_tiles = None;
    let mut achievements: Vec<Achievement> = Vec::new();
    const KNOWN: &[&str] = &[
        "good",
        "factories",
        "slot",
        "worker",
        "workers_per_colour",
        "rows",
        "workers_per_slot",
        "track",
        "start",
        "start_vp",
        "worker_slots",
        "train_money",
        "ship_money",
        "ship_stars",
        "cost",
        "track_cost",
        "unpaid_colour_vp",
        "blueprints_per_step",
        "symbol",
        "golden",
        "scoring",
        "influence_value",
        "influence_tiles",
        "city_limit",
        "contract",
        "citytile",
        "region",
        "rail_slots",
        "train_influence",
        "ship_vp",
        "reward",
        "multiplier_tiles",
        "achievement",
    ];
    let nums = |r: &Record, from: usize, lo: usize, hi: usize| -> Result<Vec<usize>, BoardError> {
        (from..r.args.len())
            .map(|i| r.num_in(i, "a number", lo, hi))
            .collect()
    };
    let used_name = |names: &[String], r: &Record, n: &str| -> Result<(), BoardError> {
        if names.iter().any(|x| x.eq_ignore_ascii_case(n)) {
            Err(r.error(format!("the name `{n}` is used twice")))
        } else {
            Ok(())
        }
    };
    for r in records(GAME, text) {
        match r.keyword {
            "good" => {
                r.arity(
                    6,
                    6,
                    "good <name> <level> <coal> <storage> <synergy> <#rrggbb>",
                )?;
                let name = r.token(0, "a good name")?;
                if goods.iter().any(|g| g.name == name) {
                    return Err(r.error(format!("good `{name}` is declared twice")));
                }
                goods.push(GoodDef {
                    name: name.to_string(),
                    level: r.num_in(1, "a level", 1, 3)?,
                    coal: r.num_in(2, "coal to run", 1, 20)?,
                    storage: r.num_in(3, "a storage size", 1, 10)?,
                    synergy: bonus(&r, 4, "a synergy bonus")?,
                    color: r.color(5, "the good's colour")?,
                });
            }
            "factories" => {
                r.arity(1, 1, "factories <tiles per good>")?;
                factories_per_good = r.num_in(0, "tiles per good", 1, 10)?;
            }
            "slot" => {
                r.arity(2, 2, "slot <1-5> <action>[,<action>]")?;
                let k: usize = r.num_in(0, "a slot number", 1, 5)?;
                let mut acts = Vec::new();
                for a in r.list(1, ',', "actions")? {
                    acts.push(Action::parse(a).ok_or_else(|| {
                        r.error(format!(
                            "unknown action `{a}`; expected one of factory machinery produce knowledge coal trains ships export market"
                        ))
                    })?);
                }
                if acts.len() > 2 {
                    return Err(r.error("a slot offers 1 or 2 actions"));
                }
                if slots[k - 1].is_some() {
                    return Err(r.error(format!("slot {k} is declared twice")));
                }
                slots[k - 1] = Some(acts);
            }
            "worker" => {
                r.arity(2, 2, "worker <colour name> <#rrggbb>")?;
                let n = r.token(0, "a colour name")?;
                let names: Vec<String> = colours.iter().map(|(n, _)| n).cloned().collect();
                used_name(&names, &r, n)?;
                colours.push((n.to_string(), r.color(1, "the worker colour")?));
            }
            "workers_per_colour" => {
                r.arity(1, 1, "workers_per_colour <n>")?;
                per_colour = r.num_in(0, "workers per colour", 1, 20)?;
            }
            "rows" => {
                r.arity(4, 4, "rows <players> <rows> <per row> <removed per colour>")?;
                let p: usize = r.num_in(0, "a player count", 2, 4)?;
                rows[p - 2] = Some(Rows {
                    rows: r.num_in(1, "rows", 1, 6)?,
                    per_row: r.num_in(2, "workers per row", 1, 6)?,
                    removed_per_colour: r.num_in(3, "workers removed per colour", 0, 10)?,
                });
            }
            "workers_per_slot" => {
                r.arity(1, 1, "workers_per_slot <n>")?;
                per_slot = r.num_in(0, "workers per slot", 1, 6)?;
            }
            "track" => {
                r.arity(3, 40, "track <money|coal|knowledge> <slot>...")?;
                let k = r.choice(0, "a track", &["money", "coal", "knowledge"])?;
                tracks[k] = Some(parse_track(&r)?);
            }
            "start" => {
                r.arity(
                    2,
                    2,
                    "start <money|coal|knowledge|yen|coal_cubes|blueprints> <n>",
                )?;
                let k = r.choice(
                    0,
                    "a start item",
                    &[
                        "money",
                        "coal",
                        "knowledge",
                        "yen",
                        "coal_cubes",
                        "blueprints",
                    ],
                )?;
                let v: u32 = r.num_in(1, "a value", 0, 100_000)?;
                match k {
                    0..=2 => starts.push((TrackKind::ALL[k], v, r.line)),
                    3 => start_yen = Some(v),
                    4 => start_coal = Some(v),
                    _ => start_bp = Some(v),
                }
            }
            "start_vp" => {
                r.arity(4, 4, "start_vp <seat 1> <seat 2> <seat 3> <seat 4>")?;
                let v = nums(&r, 0, 0, 100)?;
                start_vp = Some([v[0] as i64, v[1] as i64, v[2] as i64, v[3] as i64]);
            }
            "worker_slots" => {
                r.arity(6, 6, "worker_slots <level above each of the 6 slots>")?;
                worker_slots = nums(&r, 0, 0, 5)?.into_iter().map(|v| v as u32).collect();
            }
            "train_money" => train_money = nums(&r, 0, 1, 6)?,
            "ship_money" => ship_money = nums(&r, 0, 1, 6)?,
            "ship_stars" => ship_stars = nums(&r, 0, 1, 6)?,
            "cost" => {
                r.arity(
                    2,
                    2,
                    "cost <factory|machine|train|ship|worker_colour> <yen>",
                )?;
                let k = r.choice(
                    0,
                    "a cost",
                    &["factory", "machine", "train", "ship", "worker_colour"],
                )?;
                let names = ["factory", "machine", "train", "ship", "worker_colour"];
                costs.push((names[k], r.num_in(1, "yen", 0, 100_000)?));
            }
            "track_cost" => {
                r.arity(3, 3, "track_cost <1 step> <2 steps> <3 steps>")?;
                let v = nums(&r, 0, 0, 100_000)?;
                track_cost = Some([v[0] as u32, v[1] as u32, v[2] as u32]);
            }
            "unpaid_colour_vp" => {
                r.arity(1, 1, "unpaid_colour_vp <VP>")?;
                unpaid = Some(r.num_in::<i64>(0, "VP", 0, 20)?);
            }
            "blueprints_per_step" => {
                r.arity(1, 1, "blueprints_per_step <n>")?;
                bp_step = Some(r.num_in(0, "blueprints", 1, 10)?);
            }
            "symbol" => {
                r.arity(2, 2, "symbol <1|2> <after slot>")?;
                let k: usize = r.num_in(0, "a scoring symbol", 1, 2)?;
                symbols[k - 1] = Some(r.num_in(1, "a slot", 0, 40)?);
            }
            "golden" => {
                r.arity(2, 2, "golden <first slot> <count>")?;
                golden = Some((
                    r.num_in(0, "a slot", 1, 40)?,
                    r.num_in(1, "a count", 2, 10)?,
                ));
            }
            "scoring" => {
                r.arity(4, 4, "scoring <1-3> <VP 1st> <VP 2nd> <VP 3rd>")?;
                let k: usize = r.num_in(0, "a scoring", 1, 3)?;
                let v = nums(&r, 1, 0, 100)?;
                scoring[k - 1] = Some([v[0] as i64, v[1] as i64, v[2] as i64]);
            }
            "influence_value" => {
                r.arity(4, 4, "influence_value <level> <1 cube> <2 cubes> <3 cubes>")?;
                let k: usize = r.num_in(0, "a level", 1, 3)?;
                let v = nums(&r, 1, 1, 7)?;
                if v[0] > v[1] || v[1] > v[2] {
                    return Err(r.error("influence values do not decrease with more cubes"));
                }
                infl[k - 1] = Some([v[0] as u8, v[1] as u8, v[2] as u8]);
            }
            "influence_tiles" => {
                r.arity(1, 20, "influence_tiles <value>...")?;
                infl_tiles = nums(&r, 0, 1, 7)?.into_iter().map(|v| v as u8).collect();
            }
            "city_limit" => {
                r.arity(2, 2, "city_limit <players> <tiles>")?;
                let p: usize = r.num_in(0, "a player count", 2, 4)?;
                city_limit[p - 2] = Some(r.num_in(1, "tiles", 1, 4)?);
            }
            "contract" => {
                r.arity(4, 4, "contract <1-8> <needs> <bonus> <money steps>")?;
                let k: usize = r.num_in(0, "a contract number", 1, 8)?;
                let mut needs = Vec::new();
                for t in r.list(1, ',', "cubes per good")? {
                    let n: u8 =
                        t.parse()
                            .ok()
                            .filter(|n| (1..=3).contains(n))
                            .ok_or_else(|| {
                                r.error(format!("expected cubes per good from 1 to 3, found `{t}`"))
                            })?;
                    needs.push(n);
                }
                if needs.len() > 4 {
                    return Err(r.error("a contract needs at most 4 different goods"));
                }
                needs.sort_unstable_by(|a, b| b.cmp(a));
                let b = bonus(&r, 2, "a contract bonus")?;
                if !matches!(b, Bonus::Yen(_) | Bonus::Vp(_)) {
                    return Err(r.error("a contract bonus is yen or VP"));
                }
                if contracts[k - 1].is_some() {
                    return Err(r.error(format!("contract {k} is declared twice")));
                }
                contracts[k - 1] = Some(Contract {
                    needs,
                    bonus: b,
                    money_steps: r.num_in(3, "money steps", 0, 3)?,
                });
            }
            "citytile" => {
                r.arity(2, 2, "citytile <number> <good>,<good>,<good>,<good>")?;
                let k: usize = r.num_in(0, "a tile number", 1, 20)?;
                if k != city_tiles.len() + 1 {
                    return Err(r.error(format!(
                        "city tiles are numbered in order; expected {}",
                        city_tiles.len() + 1
                    )));
                }
                let g = goods_list(&r, 1, &goods)?;
                let mut s = g.clone();
                s.sort_unstable();
                s.dedup();
                if g.len() != 4 || s.len() != 4 {
                    return Err(r.error("a city tile shows 4 different goods"));
                }
                city_tiles.push([g[0], g[1], g[2], g[3]]);
            }
            "region" => {
                r.arity(
                    6,
                    6,
                    "region <name> <bonus> <city> <n,n,n,n> <city> <n,n,n,n>",
                )?;
                let name = r.token(0, "a region name")?;
                let mut names: Vec<String> = Vec::new();
                for g in &regions {
                    names.push(g.name.clone());
                    names.extend(g.cities.iter().cloned());
                }
                used_name(&names, &r, name)?;
                let b = bonus(&r, 1, "a region bonus")?;
                let mut cities = [String::new(), String::new()];
                let mut slot_nums = [[0u32; 4]; 2];
                for k in 0..2 {
                    let c = r.token(2 + 2 * k, "a city name")?;
                    used_name(&names, &r, c)?;
                    if c.eq_ignore_ascii_case(name)
                        || (k == 1 && c.eq_ignore_ascii_case(&cities[0]))
                    {
                        return Err(r.error(format!("the name `{c}` is used twice")));
                    }
                    cities[k] = c.to_string();
                    let l = r.list(3 + 2 * k, ',', "slot numbers")?;
                    if l.len() != 4 {
                        return Err(r.error("a city has 4 influence slot numbers"));
                    }
                    for (i, t) in l.iter().enumerate() {
                        slot_nums[k][i] = t.parse().ok().filter(|v| *v <= 9).ok_or_else(|| {
                            r.error(format!("expected a slot number from 0 to 9, found `{t}`"))
                        })?;
                    }
                }
                regions.push(Region {
                    name: name.to_string(),
                    bonus: b,
                    cities,
                    slots: slot_nums,
                });
            }
            "rail_slots" => {
                r.arity(2, 2, "rail_slots <players> <slots per region>")?;
                let p: usize = r.num_in(0, "a player count", 2, 4)?;
                rail[p - 2] = Some(r.num_in(1, "slots", 1, 24)?);
            }
            "train_influence" => {
                r.arity(1, 1, "train_influence <n>")?;
                train_influence = Some(r.num_in(0, "influence", 0, 9)?);
            }
            "ship_vp" => {
                r.arity(1, 1, "ship_vp <VP>")?;
                ship_vp = Some(r.num_in(0, "VP", 0, 9)?);
            }
            "reward" => {
                r.arity(3, 3, "reward <multiplier 2-5> <bonus> <tiles>")?;
                let b = bonus(&r, 1, "a reward bonus")?;
                if !matches!(b, Bonus::Yen(_) | Bonus::Coal(_) | Bonus::Blueprints(_)) {
                    return Err(r.error("a reward bonus is yen, coal or blueprints"));
                }
                rewards.push(RewardStack {
                    multiplier: r.num_in(0, "a multiplier", 2, 5)?,
                    bonus: b,
                    tiles: r.num_in(2, "tiles", 1, 10)?,
                });
            }
            "multiplier_tiles" => {
                r.arity(1, 1, "multiplier_tiles <n>")?;
                multiplier_tiles = Some(r.num_in(0, "tiles", 0, 10)?);
            }
            "achievement" => {
                r.arity(3, 3, "achievement <name> <printed multiplier> <what>")?;
                let n = r.token(0, "a name")?;
                let names: Vec<String> = achievements.iter().map(|a| a.name.clone()).collect();
                used_name(&names, &r, n)?;
                achievements.push(Achievement {
                    name: n.to_string(),
                    printed: r.num_in(1, "a multiplier", 0, 5)?,
                    what: r.token(2, "a description")?.replace('-', " "),
                });
            }
            _ => return Err(r.unknown(KNOWN)),
        }
    }
    let missing = |what: &str| BoardError::file(GAME, format!("missing `{what}`"));
    if goods.len() != 6 {
        return Err(BoardError::file(
            GAME,
            format!("expected 6 goods, found {}", goods.len()),
        ));
    }
    for lvl in 1..=3 {
        if goods.iter().filter(|g| g.level == lvl).count() != 2 {
            return Err(BoardError::file(
                GAME,
                format!("expected 2 goods of level {lvl}"),
            ));
        }
    }
    let slots: Vec<Vec<Action>> = slots
        .into_iter()
        .enumerate()
        .map(|(i, s)| s.ok_or_else(|| missing(&format!("slot {}", i + 1))))
        .collect::<Result<_, _>>()?;
    for a in Action::ALL {
        let n = slots.iter().flatten().filter(|x| **x == a).count();
        if n != 1 {
            return Err(BoardError::file(
                GAME,
                format!(
                    "action `{}` must be offered by exactly one slot, found {n}",
                    a.name()
                ),
            ));
        }
    }
    if colours.is_empty() || per_colour == 0 {
        return Err(missing("worker / workers_per_colour"));
    }
    let rows = [
        rows[0].ok_or_else(|| missing("rows 2"))?,
        rows[1].ok_or_else(|| missing("rows 3"))?,
        rows[2].ok_or_else(|| missing("rows 4"))?,
    ];
    for r in rows {
        if r.removed_per_colour >= per_colour {
            return Err(BoardError::file(
                GAME,
                "rows remove every worker of a colour",
            ));
        }
    }
    if per_slot == 0 {
        return Err(missing("workers_per_slot"));
    }
    let mut tracks = [
        tracks[0].take().ok_or_else(|| missing("track money"))?,
        tracks[1].take().ok_or_else(|| missing("track coal"))?,
        tracks[2].take().ok_or_else(|| missing("track knowledge"))?,
    ];
    for k in TrackKind::ALL {
        let (_, v, line) = *starts
            .iter()
            .find(|s| s.0 == k)
            .ok_or_else(|| missing(&format!("start {}", k.name())))?;
        let t = &mut tracks[k.index()];
        t.start = (0..t.values.len())
            .find(|&i| t.printed[i] && t.values[i] == v)
            .ok_or_else(|| {
                BoardError::at(
                    GAME,
                    line,
                    format!("{v} is not printed on the {} track", k.name()),
                )
            })?;
    }
    if worker_slots.len() != 6 {
        return Err(missing("worker_slots"));
    }
    let cost = |n: &str| {
        costs
            .iter()
            .find(|c| c.0 == n)
            .map(|c| c.1)
            .ok_or_else(|| missing(&format!("cost {n}")))
    };
    let symbols = [
        symbols[0].ok_or_else(|| missing("symbol 1"))?,
        symbols[1].ok_or_else(|| missing("symbol 2"))?,
    ];
    let (first_golden, golden_count) = golden.ok_or_else(|| missing("golden"))?;
    if !(symbols[0] < symbols[1] && symbols[1] < first_golden) {
        return Err(BoardError::file(
            GAME,
            "the scoring symbols come before the first golden slot, symbol 1 first",
        ));
    }
    let scoring_vp = [
        scoring[0].ok_or_else(|| missing("scoring 1"))?,
        scoring[1].ok_or_else(|| missing("scoring 2"))?,
        scoring[2].ok_or_else(|| missing("scoring 3"))?,
    ];
    let influence_value = [
        infl[0].ok_or_else(|| missing("influence_value 1"))?,
        infl[1].ok_or_else(|| missing("influence_value 2"))?,
        infl[2].ok_or_else(|| missing("influence_value 3"))?,
    ];
    if infl_tiles.is_empty() {
        return Err(missing("influence_tiles"));
    }
    let contracts: Vec<Contract> = contracts
        .into_iter()
        .enumerate()
        .map(|(i, c)| c.ok_or_else(|| missing(&format!("contract {}", i + 1))))
        .collect::<Result<_, _>>()?;
    if city_tiles.len() < 8 {
        return Err(BoardError::file(GAME, "expected at least 8 city tiles"));
    }
    if regions.len() != 4 {
        return Err(BoardError::file(
            GAME,
            format!("expected 4 regions, found {}", regions.len()),
        ));
    }
    let rail_slots = [
        rail[0].ok_or_else(|| missing("rail_slots 2"))?,
        rail[1].ok_or_else(|| missing("rail_slots 3"))?,
        rail[2].ok_or_else(|| missing("rail_slots 4"))?,
    ];
    if rewards.is_empty() {
        return Err(missing("reward"));
    }
    if achievements.is_empty() {
        return Err(missing("achievement"));
    }
    Ok(NipponData {
        goods,
        factories_per_good,
        slots,
        worker_colours: colours,
        workers_per_colour: per_colour,
        rows,
        workers_per_slot: per_slot,
        tracks,
        start_yen: start_yen.ok_or_else(|| missing("start yen"))?,
        start_coal: start_coal.ok_or_else(|| missing("start coal_cubes"))?,
        start_blueprints: start_bp.ok_or_else(|| missing("start blueprints"))?,
        start_vp: start_vp.ok_or_else(|| missing("start_vp"))?,
        worker_slot_levels: worker_slots,
        train_money,
        ship_money,
        ship_stars,
        cost_factory: cost("factory")?,
        cost_machine: cost("machine")?,
        cost_train: cost("train")?,
        cost_ship: cost("ship")?,
        cost_worker_colour: cost("worker_colour")?,
        track_cost: track_cost.ok_or_else(|| missing("track_cost"))?,
        unpaid_colour_vp: unpaid.ok_or_else(|| missing("unpaid_colour_vp"))?,
        blueprints_per_step: bp_step.ok_or_else(|| missing("blueprints_per_step"))?,
        symbols,
        first_golden,
        golden_count,
        scoring_vp,
        influence_value,
        influence_tiles: infl_tiles,
        city_limit,
        contracts,
        city_tiles,
        regions,
        rail_slots,
        train_influence: train_influence.ok_or_else(|| missing("train_influence"))?,
        ship_vp: ship_vp.ok_or_else(|| missing("ship_vp"))?,
        rewards,
        multiplier_tiles: multiplier_tiles.ok_or_else(|| missing("multiplier_tiles"))?,
        achievements,
        layer: crate::render::LayerCache::new(),
    })
}
