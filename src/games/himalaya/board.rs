//! Himalaya board data: villages, regions, paths, goods, orders and inventory markers,
//! parsed from the line-based text in `board_art/himalaya/board.txt`.
//!
//! Invariants of a parsed [`HimalayaData`] (checked by [`parse_board`]):
//! - villages are numbered 1..=20 with no gap, each with a level 1..=3 and at least one
//!   region; index `i` in `villages` is village number `i + 1`;
//! - exactly 8 regions with distinct one-token names, each touched by some village;
//! - every path joins two distinct villages, no pair twice; a village has at most one path
//!   of each type (so a programmed move is never ambiguous) and paths of at least two types;
//! - every village is reachable from every other one;
//! - goods: every kind has a positive count; orders: 1 to 4 goods and a positive value.

use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of villages (the d20 picks one).
pub const VILLAGES: usize = 20;
/// Number of regions.
pub const REGIONS: usize = 8;

/// A kind of good, ranked from cheapest (`Salt`) to dearest (`Gold`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Good {
    Salt,
    Barley,
    Tea,
    Jade,
    Gold,
}

impl Good {
    /// All kinds, cheapest first.
    pub const ALL: [Good; 5] = [Good::Salt, Good::Barley, Good::Tea, Good::Jade, Good::Gold];
    pub fn name(self) -> &'static str {
        match self {
            Good::Salt => "salt",
            Good::Barley => "barley",
            Good::Tea => "tea",
            Good::Jade => "jade",
            Good::Gold => "gold",
        }
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn parse(s: &str) -> Option<Good> {
        Good::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s))
    }
}

/// A path type; a programmed move follows the path of that type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum PathType {
    Dirt,
    Ice,
    Stone,
}

impl PathType {
    pub const ALL: [PathType; 3] = [PathType::Dirt, PathType::Ice, PathType::Stone];
    pub fn name(self) -> &'static str {
        match self {
            PathType::Dirt => "dirt",
            PathType::Ice => "ice",
            PathType::Stone => "stone",
        }
    }
    pub fn parse(s: &str) -> Option<PathType> {
        PathType::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s))
    }
}

/// One village. `level` is 1 (house), 2 (temple) or 3 (monastery).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Village {
    pub number: u8,
    pub level: u8,
    pub x: f32,
    pub y: f32,
    /// Indices into [`HimalayaData::regions`] of the regions the village touches.
    pub regions: Vec<usize>,
}

/// One region, with its rectangle on the drawing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Region {
    pub name: String,
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
    /// Where the region's name is drawn (delegations are drawn next to it).
    pub label_x: f32,
    pub label_y: f32,
}

/// A path between two villages (indices, `a < b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Path {
    pub a: usize,
    pub b: usize,
    pub kind: PathType,
}

/// An order marker: the goods it asks for (sorted, cheapest first) and its yack value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OrderCard {
    pub goods: Vec<Good>,
    pub yacks: u32,
}

impl OrderCard {
    /// Goods needed, counted per kind.
    pub fn needs(&self) -> [u8; 5] {
        let mut n = [0u8; 5];
        for g in &self.goods {
            n[g.index()] += 1;
        }
        n
    }
    /// e.g. `salt+salt+tea=5`.
    pub fn label(&self) -> String {
        let g: Vec<&str> = self.goods.iter().map(|g| g.name()).collect();
        format!("{}={}", g.join("+"), self.yacks)
    }
}

/// The parsed, validated board. See the module invariants.
pub struct HimalayaData {
    pub villages: Vec<Village>,
    pub regions: Vec<Region>,
    pub paths: Vec<Path>,
    /// Goods per kind in the game (index = [`Good::index`]).
    pub goods: [u32; 5],
    pub orders: Vec<OrderCard>,
    /// The yacks of all the order cards together (what a kept order is worth on average is
    /// this over their number), summed once here for the hint.
    pub orders_yacks: u32,
    pub inventory_markers: u32,
    pub inventory_yacks: u32,
    /// Static board layer for the renderer.
    pub layer: crate::render::LayerCache,
}

impl fmt::Debug for HimalayaData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HimalayaData")
            .field("villages", &self.villages.len())
            .field("paths", &self.paths.len())
            .field("orders", &self.orders.len())
            .finish()
    }
}

impl HimalayaData {
    /// The path of type `kind` leaving village `v`, as (path index, other end).
    pub fn path_from(&self, v: usize, kind: PathType) -> Option<(usize, usize)> {
        self.paths.iter().enumerate().find_map(|(i, p)| {
            if p.kind != kind {
                None
            } else if p.a == v {
                Some((i, p.b))
            } else if p.b == v {
                Some((i, p.a))
            } else {
                None
            }
        })
    }
    /// Notation of a path, e.g. `3-10`.
    pub fn path_name(&self, i: usize) -> String {
        let p = &self.paths[i];
        format!("{}-{}", p.a + 1, p.b + 1)
    }
    /// Region index by case-insensitive name.
    pub fn region_by_name(&self, s: &str) -> Option<usize> {
        self.regions
            .iter()
            .position(|r| r.name.eq_ignore_ascii_case(s))
    }
    /// Total number of goods in the game.
    pub fn total_goods(&self) -> u32 {
        self.goods.iter().sum()
    }
}

/// Why board data was refused: the 1-based line (0 for whole-file checks) and the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "himalaya board: {}", self.reason)
        } else {
            write!(f, "himalaya board line {}: {}", self.line, self.reason)
        }
    }
}
impl std::error::Error for BoardError {}

fn err(line: usize, reason: impl Into<String>) -> BoardError {
    BoardError {
        line,
        reason: reason.into(),
    }
}

fn num<T: std::str::FromStr>(line: usize, what: &str, s: &str) -> Result<T, BoardError> {
    s.parse()
        .map_err(|_| err(line, format!("{what} must be a number, not `{s}`")))
}

/// A village line before the whole-board checks: (line, number, level, x, y, region names).
type RawVillage = (usize, u8, u8, f32, f32, Vec<String>);
/// A path line before the whole-board checks: (line, a, b, type).
type RawPath = (usize, usize, usize, PathType);

/// The records read so far, before the whole-board checks. One method per record keyword.
#[derive(Default)]
struct Reader {
    regions: Vec<Region>,
    villages: Vec<RawVillage>,
    paths: Vec<RawPath>,
    goods: [Option<u32>; 5],
    orders: Vec<OrderCard>,
    inventory: Option<(u32, u32)>,
}

/// A record reader: the line number and the words of the line.
type RecordFn = fn(&mut Reader, usize, &[&str]) -> Result<(), BoardError>;

/// Each record keyword and its reader.
const RECORDS: [(&str, RecordFn); 6] = [
    ("region", Reader::region),
    ("village", Reader::village),
    ("path", Reader::path),
    ("goods", Reader::goods),
    ("order", Reader::order),
    ("inventory", Reader::inventory),
];

/// Parse and validate the board text. Errors name the line and say what is accepted.
pub fn parse_board(text: &str) -> Result<HimalayaData, BoardError> {
    let mut reader = Reader::default();
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let w: Vec<&str> = line.split_whitespace().collect();
        let Some((_, read)) = RECORDS.iter().find(|(k, _)| *k == w[0]) else {
            return Err(err(
                ln,
                format!("unknown line kind `{}`; lines start with region, village, path, goods, order or inventory", w[0]),
            ));
        };
        read(&mut reader, ln, &w)?;
    }
    reader.finish()
}

fn good(ln: usize, s: &str) -> Result<Good, BoardError> {
    Good::parse(s).ok_or_else(|| {
        err(
            ln,
            format!("good `{s}` unknown; use salt, barley, tea, jade or gold"),
        )
    })
}

impl Reader {
    /// `region <Name> <x> <y> <w> <h> <label-x> <label-y>`
    fn region(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() != 8 {
            return Err(err(
                ln,
                "expected `region <Name> <x> <y> <w> <h> <label-x> <label-y>`",
            ));
        }
        if self
            .regions
            .iter()
            .any(|r| r.name.eq_ignore_ascii_case(w[1]))
        {
            return Err(err(ln, format!("region `{}` is listed twice", w[1])));
        }
        if !w[1].chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
            return Err(err(
                ln,
                "a region name is one word of letters, digits and hyphens",
            ));
        }
        self.regions.push(Region {
            name: w[1].to_string(),
            x: num(ln, "x", w[2])?,
            y: num(ln, "y", w[3])?,
            w: num(ln, "width", w[4])?,
            h: num(ln, "height", w[5])?,
            label_x: num(ln, "label x", w[6])?,
            label_y: num(ln, "label y", w[7])?,
        });
        Ok(())
    }

    /// `village <n> <house|temple|monastery> <x> <y> <Region,Region,...>`
    fn village(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() != 6 {
            return Err(err(
                ln,
                "expected `village <n> <house|temple|monastery> <x> <y> <Region,Region,...>`",
            ));
        }
        let n: u8 = num(ln, "village number", w[1])?;
        if !(1..=VILLAGES as u8).contains(&n) {
            return Err(err(
                ln,
                format!("village numbers run from 1 to {VILLAGES}, not {n}"),
            ));
        }
        let level = match w[2] {
            "house" => 1,
            "temple" => 2,
            "monastery" => 3,
            o => {
                return Err(err(
                    ln,
                    format!("village level `{o}` unknown; use house, temple or monastery"),
                ))
            }
        };
        let regs: Vec<String> = w[5]
            .split(',')
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        self.villages
            .push((ln, n, level, num(ln, "x", w[3])?, num(ln, "y", w[4])?, regs));
        Ok(())
    }

    /// `path <a> <b> <dirt|ice|stone>`
    fn path(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() != 4 {
            return Err(err(ln, "expected `path <a> <b> <dirt|ice|stone>`"));
        }
        let a: usize = num(ln, "village number", w[1])?;
        let b: usize = num(ln, "village number", w[2])?;
        let kind = PathType::parse(w[3]).ok_or_else(|| {
            err(
                ln,
                format!("path type `{}` unknown; use dirt, ice or stone", w[3]),
            )
        })?;
        self.paths.push((ln, a, b, kind));
        Ok(())
    }

    /// `goods <salt|barley|tea|jade|gold> <count>`
    fn goods(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() != 3 {
            return Err(err(
                ln,
                "expected `goods <salt|barley|tea|jade|gold> <count>`",
            ));
        }
        let g = good(ln, w[1])?;
        if self.goods[g.index()].is_some() {
            return Err(err(ln, format!("goods `{}` listed twice", w[1])));
        }
        let c: u32 = num(ln, "count", w[2])?;
        if c == 0 {
            return Err(err(ln, "a goods count must be positive"));
        }
        self.goods[g.index()] = Some(c);
        Ok(())
    }

    /// `order <yacks> <good> ...` with 1 to 4 goods
    fn order(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() < 3 || w.len() > 6 {
            return Err(err(
                ln,
                "expected `order <yacks> <good> ...` with 1 to 4 goods",
            ));
        }
        let yacks: u32 = num(ln, "yack value", w[1])?;
        if yacks == 0 {
            return Err(err(ln, "an order's yack value must be positive"));
        }
        let mut goods = w[2..]
            .iter()
            .map(|s| good(ln, s))
            .collect::<Result<Vec<Good>, BoardError>>()?;
        goods.sort();
        self.orders.push(OrderCard { goods, yacks });
        Ok(())
    }

    /// `inventory <count> <yacks each>`
    fn inventory(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() != 3 {
            return Err(err(ln, "expected `inventory <count> <yacks each>`"));
        }
        if self.inventory.is_some() {
            return Err(err(ln, "`inventory` given twice"));
        }
        self.inventory = Some((num(ln, "count", w[1])?, num(ln, "yack value", w[2])?));
        Ok(())
    }
}

impl Reader {
    /// The whole-board checks, then the board.
    fn finish(self) -> Result<HimalayaData, BoardError> {
        if self.regions.len() != REGIONS {
            return Err(err(
                0,
                format!("expected {REGIONS} regions, found {}", self.regions.len()),
            ));
        }
        let villages = villages(&self.regions, self.villages)?;
        let paths = paths(self.paths)?;
        check_path_types(&paths)?;
        check_reachable(&paths)?;
        let mut goods = [0u32; 5];
        for g in Good::ALL {
            goods[g.index()] = self.goods[g.index()]
                .ok_or_else(|| err(0, format!("no `goods {}` line", g.name())))?;
        }
        if self.orders.is_empty() {
            return Err(err(0, "no orders"));
        }
        let (inventory_markers, inventory_yacks) = self
            .inventory
            .ok_or_else(|| err(0, "no `inventory` line"))?;
        Ok(HimalayaData {
            villages,
            regions: self.regions,
            paths,
            goods,
            orders_yacks: self.orders.iter().map(|o| o.yacks).sum(),
            orders: self.orders,
            inventory_markers,
            inventory_yacks,
            layer: crate::render::LayerCache::new(),
        })
    }
}

/// Every village once, each on declared regions; every region touched by a village.
fn villages(regions: &[Region], raw: Vec<RawVillage>) -> Result<Vec<Village>, BoardError> {
    let mut slots: Vec<Option<Village>> = vec![None; VILLAGES];
    for (ln, n, level, x, y, regs) in raw {
        if slots[n as usize - 1].is_some() {
            return Err(err(ln, format!("village {n} is listed twice")));
        }
        if regs.is_empty() {
            return Err(err(
                ln,
                format!("village {n} must touch at least one region"),
            ));
        }
        let mut idx = Vec::new();
        for r in regs {
            let i = regions.iter().position(|g| g.name == r).ok_or_else(|| {
                err(
                    ln,
                    format!("region `{r}` is not declared (declare regions before villages)"),
                )
            })?;
            if idx.contains(&i) {
                return Err(err(
                    ln,
                    format!("region `{r}` listed twice for village {n}"),
                ));
            }
            idx.push(i);
        }
        slots[n as usize - 1] = Some(Village {
            number: n,
            level,
            x,
            y,
            regions: idx,
        });
    }
    let mut villages = Vec::new();
    for (i, v) in slots.into_iter().enumerate() {
        villages.push(v.ok_or_else(|| err(0, format!("village {} is missing", i + 1)))?);
    }
    for (ri, r) in regions.iter().enumerate() {
        if !villages.iter().any(|v| v.regions.contains(&ri)) {
            return Err(err(
                0,
                format!("region {} is touched by no village", r.name),
            ));
        }
    }
    Ok(villages)
}

/// The paths, each between two known villages, once, at most one of each type per village.
fn paths(raw: Vec<RawPath>) -> Result<Vec<Path>, BoardError> {
    let mut paths: Vec<Path> = Vec::new();
    for (ln, a, b, kind) in raw {
        for v in [a, b] {
            if !(1..=VILLAGES).contains(&v) {
                return Err(err(
                    ln,
                    format!("village numbers run from 1 to {VILLAGES}, not {v}"),
                ));
            }
        }
        if a == b {
            return Err(err(ln, "a path joins two different villages"));
        }
        let (a, b) = (a.min(b) - 1, a.max(b) - 1);
        if paths.iter().any(|p| p.a == a && p.b == b) {
            return Err(err(
                ln,
                format!("a path between {} and {} is listed twice", a + 1, b + 1),
            ));
        }
        for v in [a, b] {
            if paths
                .iter()
                .any(|p| p.kind == kind && (p.a == v || p.b == v))
            {
                return Err(err(
                    ln,
                    format!("village {} already has {} path; each village has at most one path of each type", v + 1, crate::engine::a_or_an(kind.name())),
                ));
            }
        }
        paths.push(Path { a, b, kind });
    }
    Ok(paths)
}

/// Every village has paths of at least two types.
fn check_path_types(paths: &[Path]) -> Result<(), BoardError> {
    for v in 0..VILLAGES {
        let kinds = PathType::ALL
            .iter()
            .filter(|k| {
                paths
                    .iter()
                    .any(|p| p.kind == **k && (p.a == v || p.b == v))
            })
            .count();
        if kinds < 2 {
            return Err(err(
                0,
                format!(
                    "village {} needs paths of at least two types, has {kinds}",
                    v + 1
                ),
            ));
        }
    }
    Ok(())
}

/// Every village can be reached from village 1.
fn check_reachable(paths: &[Path]) -> Result<(), BoardError> {
    let edges: Vec<(usize, usize)> = paths.iter().map(|p| (p.a, p.b)).collect();
    match crate::engine::board::unreachable(VILLAGES, &edges).first() {
        Some(v) => Err(err(
            0,
            format!("village {} cannot be reached from village 1", v + 1),
        )),
        None => Ok(()),
    }
}

/// A hand or a stock of goods in words: `2 salt, 1 tea`, or `none`.
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

/// A hand or a stock of goods by name, every good listed (for views).
pub(crate) fn goods_map(g: &[u8; 5]) -> std::collections::BTreeMap<String, u8> {
    Good::ALL
        .iter()
        .map(|k| (k.name().to_string(), g[k.index()]))
        .collect()
}
