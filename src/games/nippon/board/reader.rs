//! The Nippon board file's reader: one small function per record keyword ([`Reader`]),
//! then the checks of the whole board ([`Reader::finish`]) that build a [`NipponData`].

use super::*;
use crate::engine::board::Record;

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

/// The cost names of `cost <name> <yen>`.
const COSTS: [&str; 5] = ["factory", "machine", "train", "ship", "worker_colour"];

/// The records read so far; [`Reader::finish`] checks the whole and builds the data.
pub(super) struct Reader {
    goods: Vec<GoodDef>,
    factories_per_good: u32,
    slots: Vec<Option<Vec<Action>>>,
    colours: Vec<(String, [u8; 3])>,
    per_colour: usize,
    rows: [Option<Rows>; 3],
    per_slot: usize,
    tracks: [Option<Track>; 3],
    /// Track, start value, line.
    starts: Vec<(TrackKind, u32, usize)>,
    start_yen: Option<u32>,
    start_coal: Option<u32>,
    start_bp: Option<u32>,
    start_vp: Option<[i64; 4]>,
    worker_slots: Vec<u32>,
    train_money: Vec<usize>,
    ship_money: Vec<usize>,
    ship_stars: Vec<usize>,
    costs: Vec<(&'static str, u32)>,
    track_cost: Option<[u32; 3]>,
    unpaid: Option<i64>,
    bp_step: Option<u32>,
    symbols: [Option<usize>; 2],
    golden: Option<(usize, usize)>,
    scoring: [Option<[i64; 3]>; 3],
    infl: [Option<[u8; 3]>; 3],
    infl_tiles: Vec<u8>,
    city_limit: [Option<usize>; 3],
    contracts: Vec<Option<Contract>>,
    city_tiles: Vec<[usize; 4]>,
    regions: Vec<Region>,
    rail: [Option<usize>; 3],
    train_influence: Option<u32>,
    ship_vp: Option<i64>,
    rewards: Vec<RewardStack>,
    multiplier_tiles: Option<u32>,
    achievements: Vec<Achievement>,
}

fn missing(what: &str) -> BoardError {
    BoardError::file(GAME, format!("missing `{what}`"))
}

/// The numbers from argument `from` on, each in `lo..=hi`.
fn nums(r: &Record, from: usize, lo: usize, hi: usize) -> Result<Vec<usize>, BoardError> {
    (from..r.args.len())
        .map(|i| r.num_in(i, "a number", lo, hi))
        .collect()
}

/// Refuse a name already in `names` (case-insensitive).
fn used_name(names: &[String], r: &Record, n: &str) -> Result<(), BoardError> {
    if names.iter().any(|x| x.eq_ignore_ascii_case(n)) {
        Err(r.error(format!("the name `{n}` is used twice")))
    } else {
        Ok(())
    }
}

/// All three of a record kept per player count (`first` = 2) or per number (`first` = 1).
fn all_three<T: Copy>(v: [Option<T>; 3], what: &str, first: usize) -> Result<[T; 3], BoardError> {
    let get = |i: usize| v[i].ok_or_else(|| missing(&format!("{what} {}", first + i)));
    Ok([get(0)?, get(1)?, get(2)?])
}

impl Reader {
    pub(super) fn new() -> Self {
        Reader {
            goods: Vec::new(),
            factories_per_good: 0,
            slots: vec![None; 5],
            colours: Vec::new(),
            per_colour: 0,
            rows: [None; 3],
            per_slot: 0,
            tracks: [None, None, None],
            starts: Vec::new(),
            start_yen: None,
            start_coal: None,
            start_bp: None,
            start_vp: None,
            worker_slots: Vec::new(),
            train_money: Vec::new(),
            ship_money: Vec::new(),
            ship_stars: Vec::new(),
            costs: Vec::new(),
            track_cost: None,
            unpaid: None,
            bp_step: None,
            symbols: [None, None],
            golden: None,
            scoring: [None; 3],
            infl: [None; 3],
            infl_tiles: Vec::new(),
            city_limit: [None; 3],
            contracts: vec![None; 8],
            city_tiles: Vec::new(),
            regions: Vec::new(),
            rail: [None; 3],
            train_influence: None,
            ship_vp: None,
            rewards: Vec::new(),
            multiplier_tiles: None,
            achievements: Vec::new(),
        }
    }

    /// One record, by its keyword.
    pub(super) fn read(&mut self, r: &Record) -> Result<(), BoardError> {
        match r.keyword {
            "good" => self.read_good(r),
            "factories" => {
                r.arity(1, 1, "factories <tiles per good>")?;
                self.factories_per_good = r.num_in(0, "tiles per good", 1, 10)?;
                Ok(())
            }
            "slot" => self.read_slot(r),
            "worker" => self.read_worker(r),
            "workers_per_colour" => {
                r.arity(1, 1, "workers_per_colour <n>")?;
                self.per_colour = r.num_in(0, "workers per colour", 1, 20)?;
                Ok(())
            }
            "rows" => self.read_rows(r),
            "workers_per_slot" => {
                r.arity(1, 1, "workers_per_slot <n>")?;
                self.per_slot = r.num_in(0, "workers per slot", 1, 6)?;
                Ok(())
            }
            "track" => {
                r.arity(3, 40, "track <money|coal|knowledge> <slot>...")?;
                let k = r.choice(0, "a track", &["money", "coal", "knowledge"])?;
                self.tracks[k] = Some(parse_track(r)?);
                Ok(())
            }
            "start" => self.read_start(r),
            "start_vp" => {
                r.arity(4, 4, "start_vp <seat 1> <seat 2> <seat 3> <seat 4>")?;
                let v = nums(r, 0, 0, 100)?;
                self.start_vp = Some([v[0] as i64, v[1] as i64, v[2] as i64, v[3] as i64]);
                Ok(())
            }
            "worker_slots" => {
                r.arity(6, 6, "worker_slots <level above each of the 6 slots>")?;
                self.worker_slots = nums(r, 0, 0, 5)?.into_iter().map(|v| v as u32).collect();
                Ok(())
            }
            "train_money" | "ship_money" | "ship_stars" => self.read_rail_symbols(r),
            "cost" => self.read_cost(r),
            "track_cost" => {
                r.arity(3, 3, "track_cost <1 step> <2 steps> <3 steps>")?;
                let v = nums(r, 0, 0, 100_000)?;
                self.track_cost = Some([v[0] as u32, v[1] as u32, v[2] as u32]);
                Ok(())
            }
            "unpaid_colour_vp" => {
                r.arity(1, 1, "unpaid_colour_vp <VP>")?;
                self.unpaid = Some(r.num_in::<i64>(0, "VP", 0, 20)?);
                Ok(())
            }
            "blueprints_per_step" => {
                r.arity(1, 1, "blueprints_per_step <n>")?;
                self.bp_step = Some(r.num_in(0, "blueprints", 1, 10)?);
                Ok(())
            }
            _ => self.read_scoring_record(r),
        }
    }

    /// The records of the scoring track, the map and the end (see [`Reader::read`]).
    fn read_scoring_record(&mut self, r: &Record) -> Result<(), BoardError> {
        match r.keyword {
            "symbol" => {
                r.arity(2, 2, "symbol <1|2> <after slot>")?;
                let k: usize = r.num_in(0, "a scoring symbol", 1, 2)?;
                self.symbols[k - 1] = Some(r.num_in(1, "a slot", 0, 40)?);
                Ok(())
            }
            "golden" => {
                r.arity(2, 2, "golden <first slot> <count>")?;
                self.golden = Some((
                    r.num_in(0, "a slot", 1, 40)?,
                    r.num_in(1, "a count", 2, 10)?,
                ));
                Ok(())
            }
            "scoring" => {
                r.arity(4, 4, "scoring <1-3> <VP 1st> <VP 2nd> <VP 3rd>")?;
                let k: usize = r.num_in(0, "a scoring", 1, 3)?;
                let v = nums(r, 1, 0, 100)?;
                self.scoring[k - 1] = Some([v[0] as i64, v[1] as i64, v[2] as i64]);
                Ok(())
            }
            "influence_value" => self.read_influence_value(r),
            "influence_tiles" => {
                r.arity(1, 20, "influence_tiles <value>...")?;
                self.infl_tiles = nums(r, 0, 1, 7)?.into_iter().map(|v| v as u8).collect();
                Ok(())
            }
            "city_limit" => {
                r.arity(2, 2, "city_limit <players> <tiles>")?;
                let p: usize = r.num_in(0, "a player count", 2, 4)?;
                self.city_limit[p - 2] = Some(r.num_in(1, "tiles", 1, 4)?);
                Ok(())
            }
            "contract" => self.read_contract(r),
            "citytile" => self.read_citytile(r),
            "region" => self.read_region(r),
            _ => self.read_end_record(r),
        }
    }

    /// The records of trains, ships, rewards and achievements (see [`Reader::read`]).
    fn read_end_record(&mut self, r: &Record) -> Result<(), BoardError> {
        match r.keyword {
            "rail_slots" => {
                r.arity(2, 2, "rail_slots <players> <slots per region>")?;
                let p: usize = r.num_in(0, "a player count", 2, 4)?;
                self.rail[p - 2] = Some(r.num_in(1, "slots", 1, 24)?);
                Ok(())
            }
            "train_influence" => {
                r.arity(1, 1, "train_influence <n>")?;
                self.train_influence = Some(r.num_in(0, "influence", 0, 9)?);
                Ok(())
            }
            "ship_vp" => {
                r.arity(1, 1, "ship_vp <VP>")?;
                self.ship_vp = Some(r.num_in(0, "VP", 0, 9)?);
                Ok(())
            }
            "reward" => self.read_reward(r),
            "multiplier_tiles" => {
                r.arity(1, 1, "multiplier_tiles <n>")?;
                self.multiplier_tiles = Some(r.num_in(0, "tiles", 0, 10)?);
                Ok(())
            }
            "achievement" => self.read_achievement(r),
            _ => Err(r.unknown(KNOWN)),
        }
    }

    fn read_good(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(
            6,
            6,
            "good <name> <level> <coal> <storage> <synergy> <#rrggbb>",
        )?;
        let name = r.token(0, "a good name")?;
        if self.goods.iter().any(|g| g.name == name) {
            return Err(r.error(format!("good `{name}` is declared twice")));
        }
        self.goods.push(GoodDef {
            name: name.to_string(),
            level: r.num_in(1, "a level", 1, 3)?,
            coal: r.num_in(2, "coal to run", 1, 20)?,
            storage: r.num_in(3, "a storage size", 1, 10)?,
            synergy: bonus(r, 4, "a synergy bonus")?,
            color: r.color(5, "the good's colour")?,
        });
        Ok(())
    }

    fn read_slot(&mut self, r: &Record) -> Result<(), BoardError> {
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
        if self.slots[k - 1].is_some() {
            return Err(r.error(format!("slot {k} is declared twice")));
        }
        self.slots[k - 1] = Some(acts);
        Ok(())
    }

    fn read_worker(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(2, 2, "worker <colour name> <#rrggbb>")?;
        let n = r.token(0, "a colour name")?;
        let names: Vec<String> = self.colours.iter().map(|(n, _)| n).cloned().collect();
        used_name(&names, r, n)?;
        self.colours
            .push((n.to_string(), r.color(1, "the worker colour")?));
        Ok(())
    }

    fn read_rows(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(4, 4, "rows <players> <rows> <per row> <removed per colour>")?;
        let p: usize = r.num_in(0, "a player count", 2, 4)?;
        self.rows[p - 2] = Some(Rows {
            rows: r.num_in(1, "rows", 1, 6)?,
            per_row: r.num_in(2, "workers per row", 1, 6)?,
            removed_per_colour: r.num_in(3, "workers removed per colour", 0, 10)?,
        });
        Ok(())
    }

    fn read_start(&mut self, r: &Record) -> Result<(), BoardError> {
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
            0..=2 => self.starts.push((TrackKind::ALL[k], v, r.line)),
            3 => self.start_yen = Some(v),
            4 => self.start_coal = Some(v),
            _ => self.start_bp = Some(v),
        }
        Ok(())
    }

    /// `train_money`, `ship_money`, `ship_stars`: the tiles (1-6) whose space shows one.
    fn read_rail_symbols(&mut self, r: &Record) -> Result<(), BoardError> {
        let tiles = nums(r, 0, 1, 6)?;
        match r.keyword {
            "train_money" => self.train_money = tiles,
            "ship_money" => self.ship_money = tiles,
            _ => self.ship_stars = tiles,
        }
        Ok(())
    }

    fn read_cost(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(
            2,
            2,
            "cost <factory|machine|train|ship|worker_colour> <yen>",
        )?;
        let k = r.choice(0, "a cost", &COSTS)?;
        self.costs.push((COSTS[k], r.num_in(1, "yen", 0, 100_000)?));
        Ok(())
    }

    fn read_influence_value(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(4, 4, "influence_value <level> <1 cube> <2 cubes> <3 cubes>")?;
        let k: usize = r.num_in(0, "a level", 1, 3)?;
        let v = nums(r, 1, 1, 7)?;
        if v[0] > v[1] || v[1] > v[2] {
            return Err(r.error("influence values do not decrease with more cubes"));
        }
        self.infl[k - 1] = Some([v[0] as u8, v[1] as u8, v[2] as u8]);
        Ok(())
    }

    fn read_contract(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(4, 4, "contract <1-8> <needs> <bonus> <money steps>")?;
        let k: usize = r.num_in(0, "a contract number", 1, 8)?;
        let mut needs = Vec::new();
        for t in r.list(1, ',', "cubes per good")? {
            let n: u8 = t
                .parse()
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
        let b = bonus(r, 2, "a contract bonus")?;
        if !matches!(b, Bonus::Yen(_) | Bonus::Vp(_)) {
            return Err(r.error("a contract bonus is yen or VP"));
        }
        if self.contracts[k - 1].is_some() {
            return Err(r.error(format!("contract {k} is declared twice")));
        }
        self.contracts[k - 1] = Some(Contract {
            needs,
            bonus: b,
            money_steps: r.num_in(3, "money steps", 0, 3)?,
        });
        Ok(())
    }

    fn read_citytile(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(2, 2, "citytile <number> <good>,<good>,<good>,<good>")?;
        let k: usize = r.num_in(0, "a tile number", 1, 20)?;
        if k != self.city_tiles.len() + 1 {
            return Err(r.error(format!(
                "city tiles are numbered in order; expected {}",
                self.city_tiles.len() + 1
            )));
        }
        let g = goods_list(r, 1, &self.goods)?;
        let mut s = g.clone();
        s.sort_unstable();
        s.dedup();
        if g.len() != 4 || s.len() != 4 {
            return Err(r.error("a city tile shows 4 different goods"));
        }
        self.city_tiles.push([g[0], g[1], g[2], g[3]]);
        Ok(())
    }

    fn read_region(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(
            6,
            6,
            "region <name> <bonus> <city> <n,n,n,n> <city> <n,n,n,n>",
        )?;
        let name = r.token(0, "a region name")?;
        let mut names: Vec<String> = Vec::new();
        for g in &self.regions {
            names.push(g.name.clone());
            names.extend(g.cities.iter().cloned());
        }
        used_name(&names, r, name)?;
        let b = bonus(r, 1, "a region bonus")?;
        let mut cities = [String::new(), String::new()];
        let mut slot_nums = [[0u32; 4]; 2];
        for k in 0..2 {
            let c = r.token(2 + 2 * k, "a city name")?;
            used_name(&names, r, c)?;
            if c.eq_ignore_ascii_case(name) || (k == 1 && c.eq_ignore_ascii_case(&cities[0])) {
                return Err(r.error(format!("the name `{c}` is used twice")));
            }
            cities[k] = c.to_string();
            slot_nums[k] = city_slot_numbers(r, 3 + 2 * k)?;
        }
        self.regions.push(Region {
            name: name.to_string(),
            bonus: b,
            cities,
            slots: slot_nums,
        });
        Ok(())
    }

    fn read_reward(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(3, 3, "reward <multiplier 2-5> <bonus> <tiles>")?;
        let b = bonus(r, 1, "a reward bonus")?;
        if !matches!(b, Bonus::Yen(_) | Bonus::Coal(_) | Bonus::Blueprints(_)) {
            return Err(r.error("a reward bonus is yen, coal or blueprints"));
        }
        self.rewards.push(RewardStack {
            multiplier: r.num_in(0, "a multiplier", 2, 5)?,
            bonus: b,
            tiles: r.num_in(2, "tiles", 1, 10)?,
        });
        Ok(())
    }

    fn read_achievement(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(3, 3, "achievement <name> <printed multiplier> <what>")?;
        let n = r.token(0, "a name")?;
        let names: Vec<String> = self.achievements.iter().map(|a| a.name.clone()).collect();
        used_name(&names, r, n)?;
        self.achievements.push(Achievement {
            name: n.to_string(),
            printed: r.num_in(1, "a multiplier", 0, 5)?,
            what: r.token(2, "a description")?.replace('-', " "),
        });
        Ok(())
    }
}

/// The 4 influence slot numbers of a city, argument `i` of a `region` record.
fn city_slot_numbers(r: &Record, i: usize) -> Result<[u32; 4], BoardError> {
    let l = r.list(i, ',', "slot numbers")?;
    if l.len() != 4 {
        return Err(r.error("a city has 4 influence slot numbers"));
    }
    let mut out = [0u32; 4];
    for (k, t) in l.iter().enumerate() {
        out[k] =
            t.parse().ok().filter(|v| *v <= 9).ok_or_else(|| {
                r.error(format!("expected a slot number from 0 to 9, found `{t}`"))
            })?;
    }
    Ok(out)
}

// ---- Whole-file checks ----

impl Reader {
    /// Check the whole file, in a fixed order (the first missing or wrong part is named),
    /// and build the data.
    pub(super) fn finish(mut self) -> Result<NipponData, BoardError> {
        self.check_goods()?;
        let slots = self.action_slots()?;
        let rows = self.worker_rows()?;
        let tracks = self.tracks_with_starts()?;
        if self.worker_slots.len() != 6 {
            return Err(missing("worker_slots"));
        }
        let (symbols, first_golden, golden_count) = self.scoring_track()?;
        let scoring_vp = all_three(self.scoring, "scoring", 1)?;
        let influence_value = all_three(self.infl, "influence_value", 1)?;
        if self.infl_tiles.is_empty() {
            return Err(missing("influence_tiles"));
        }
        let contracts: Vec<Contract> = std::mem::take(&mut self.contracts)
            .into_iter()
            .enumerate()
            .map(|(i, c)| c.ok_or_else(|| missing(&format!("contract {}", i + 1))))
            .collect::<Result<_, _>>()?;
        self.check_map()?;
        let rail_slots = all_three(self.rail, "rail_slots", 2)?;
        if self.rewards.is_empty() {
            return Err(missing("reward"));
        }
        if self.achievements.is_empty() {
            return Err(missing("achievement"));
        }
        self.into_data(Checked {
            slots,
            rows,
            tracks,
            symbols,
            first_golden,
            golden_count,
            scoring_vp,
            influence_value,
            contracts,
            rail_slots,
        })
    }

    fn check_goods(&self) -> Result<(), BoardError> {
        if self.goods.len() != 6 {
            return Err(BoardError::file(
                GAME,
                format!("expected 6 goods, found {}", self.goods.len()),
            ));
        }
        for lvl in 1..=3 {
            if self.goods.iter().filter(|g| g.level == lvl).count() != 2 {
                return Err(BoardError::file(
                    GAME,
                    format!("expected 2 goods of level {lvl}"),
                ));
            }
        }
        Ok(())
    }

    /// The 5 action slots, offering each action exactly once.
    fn action_slots(&mut self) -> Result<Vec<Vec<Action>>, BoardError> {
        let slots: Vec<Vec<Action>> = std::mem::take(&mut self.slots)
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
        Ok(slots)
    }

    /// Worker colours, the rows per player count and the workers per slot.
    fn worker_rows(&self) -> Result<[Rows; 3], BoardError> {
        if self.colours.is_empty() || self.per_colour == 0 {
            return Err(missing("worker / workers_per_colour"));
        }
        let rows = all_three(self.rows, "rows", 2)?;
        for r in rows {
            if r.removed_per_colour >= self.per_colour {
                return Err(BoardError::file(
                    GAME,
                    "rows remove every worker of a colour",
                ));
            }
        }
        if self.per_slot == 0 {
            return Err(missing("workers_per_slot"));
        }
        Ok(rows)
    }

    /// The 3 tracks, each with its start slot (a printed slot showing the start value).
    fn tracks_with_starts(&mut self) -> Result<[Track; 3], BoardError> {
        let mut tracks = [
            self.tracks[0]
                .take()
                .ok_or_else(|| missing("track money"))?,
            self.tracks[1].take().ok_or_else(|| missing("track coal"))?,
            self.tracks[2]
                .take()
                .ok_or_else(|| missing("track knowledge"))?,
        ];
        for k in TrackKind::ALL {
            let (_, v, line) = *self
                .starts
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
        Ok(tracks)
    }

    /// The scoring symbols and the golden slots: (symbols, first golden slot, count).
    fn scoring_track(&self) -> Result<([usize; 2], usize, usize), BoardError> {
        let symbols = [
            self.symbols[0].ok_or_else(|| missing("symbol 1"))?,
            self.symbols[1].ok_or_else(|| missing("symbol 2"))?,
        ];
        let (first_golden, golden_count) = self.golden.ok_or_else(|| missing("golden"))?;
        if !(symbols[0] < symbols[1] && symbols[1] < first_golden) {
            return Err(BoardError::file(
                GAME,
                "the scoring symbols come before the first golden slot, symbol 1 first",
            ));
        }
        Ok((symbols, first_golden, golden_count))
    }

    /// At least 8 city tiles and 4 regions.
    fn check_map(&self) -> Result<(), BoardError> {
        if self.city_tiles.len() < 8 {
            return Err(BoardError::file(GAME, "expected at least 8 city tiles"));
        }
        if self.regions.len() != 4 {
            return Err(BoardError::file(
                GAME,
                format!("expected 4 regions, found {}", self.regions.len()),
            ));
        }
        Ok(())
    }

    fn cost(&self, n: &str) -> Result<u32, BoardError> {
        self.costs
            .iter()
            .find(|c| c.0 == n)
            .map(|c| c.1)
            .ok_or_else(|| missing(&format!("cost {n}")))
    }

    /// The data, from the checked parts and the single values (the first missing one is
    /// named).
    fn into_data(self, c: Checked) -> Result<NipponData, BoardError> {
        Ok(NipponData {
            start_yen: self.start_yen.ok_or_else(|| missing("start yen"))?,
            start_coal: self.start_coal.ok_or_else(|| missing("start coal_cubes"))?,
            start_blueprints: self.start_bp.ok_or_else(|| missing("start blueprints"))?,
            start_vp: self.start_vp.ok_or_else(|| missing("start_vp"))?,
            cost_factory: self.cost("factory")?,
            cost_machine: self.cost("machine")?,
            cost_train: self.cost("train")?,
            cost_ship: self.cost("ship")?,
            cost_worker_colour: self.cost("worker_colour")?,
            track_cost: self.track_cost.ok_or_else(|| missing("track_cost"))?,
            unpaid_colour_vp: self.unpaid.ok_or_else(|| missing("unpaid_colour_vp"))?,
            blueprints_per_step: self.bp_step.ok_or_else(|| missing("blueprints_per_step"))?,
            train_influence: self
                .train_influence
                .ok_or_else(|| missing("train_influence"))?,
            ship_vp: self.ship_vp.ok_or_else(|| missing("ship_vp"))?,
            multiplier_tiles: self
                .multiplier_tiles
                .ok_or_else(|| missing("multiplier_tiles"))?,
            goods: self.goods,
            factories_per_good: self.factories_per_good,
            slots: c.slots,
            worker_colours: self.colours,
            workers_per_colour: self.per_colour,
            rows: c.rows,
            workers_per_slot: self.per_slot,
            tracks: c.tracks,
            worker_slot_levels: self.worker_slots,
            train_money: self.train_money,
            ship_money: self.ship_money,
            ship_stars: self.ship_stars,
            symbols: c.symbols,
            first_golden: c.first_golden,
            golden_count: c.golden_count,
            scoring_vp: c.scoring_vp,
            influence_value: c.influence_value,
            influence_tiles: self.infl_tiles,
            city_limit: self.city_limit,
            contracts: c.contracts,
            city_tiles: self.city_tiles,
            regions: self.regions,
            rail_slots: c.rail_slots,
            rewards: self.rewards,
            achievements: self.achievements,
            layer: crate::render::LayerCache::new(),
        })
    }
}

/// The parts [`Reader::finish`] checked as a whole.
struct Checked {
    slots: Vec<Vec<Action>>,
    rows: [Rows; 3],
    tracks: [Track; 3],
    symbols: [usize; 2],
    first_golden: usize,
    golden_count: usize,
    scoring_vp: [[i64; 3]; 3],
    influence_value: [[u8; 3]; 3],
    contracts: Vec<Contract>,
    rail_slots: [usize; 3],
}
