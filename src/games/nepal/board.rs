//! Nepal board data: provinces on a hex grid, regions, outside locations and the trade deck,
//! parsed from the line-based text file `board_art/nepal/board.txt`.
//!
//! Invariants of a [`NepalData`] returned by [`parse_board`]:
//! - 30 to 45 provinces with distinct names and hexes; the map is connected; adjacency is
//!   derived from the hex coordinates, so it is symmetric by construction.
//! - exactly one province has no population limit (the Kathmandu province); every other
//!   limit is 1 to 4; each province has 0 to 2 cities.
//! - 5 regions of 5 to 10 provinces each.
//! - 6 to 10 outside locations, each with arrows to 1 or 2 border provinces.
//! - 26 to 200 trade cards, each linking two distinct cities/outside locations, no pair
//!   twice, with `high >= low >= 1`.
//! - all names (provinces, cities, outside locations) are single tokens and distinct,
//!   except that a city may share its name with the province it lies in.

use crate::engine::board::hex_neighbours;
use std::collections::{HashMap, VecDeque};
use std::fmt;

/// Number of regions the board must have.
pub const REGIONS: usize = 5;

/// A board file problem: the 1-based line (0 = the file as a whole) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    pub line: usize,
    pub message: String,
}

impl BoardError {
    fn at(line: usize, message: impl Into<String>) -> Self {
        BoardError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "Nepal board: {}", self.message)
        } else {
            write!(f, "Nepal board line {}: {}", self.line, self.message)
        }
    }
}
impl std::error::Error for BoardError {}

/// A colour region of the map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub id: String,
    pub name: String,
    pub color: [u8; 3],
}

/// A hex province. `limit == None` only for the Kathmandu province.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Province {
    pub name: String,
    /// Odd-r offset coordinates (odd rows shifted half a hex east).
    pub col: i32,
    pub row: i32,
    pub region: usize,
    pub limit: Option<u8>,
    pub cities: Vec<String>,
}

/// A trade partner outside Nepal, reached through its arrow provinces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outside {
    pub name: String,
    /// Where the label is drawn (odd-r offset coordinates, off the map).
    pub col: i32,
    pub row: i32,
    /// Arrow provinces (1 or 2 border provinces).
    pub arrows: Vec<usize>,
}

/// A trade card linking two ends (cities or outside locations).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub a: String,
    pub b: String,
    pub high: u8,
    pub high_star: bool,
    pub low: u8,
    pub low_star: bool,
    /// Province masks of each end (the city's province, or the arrow provinces).
    pub ends: [u64; 2],
    /// Provinces in the shortest chain linking the two ends (route length).
    pub length: u8,
}

impl Card {
    /// The card's label, e.g. `Kathmandu ↔ Pokhara`. Also used as the deck secret marker,
    /// so it must only appear in views for cards that are in play.
    pub fn label(&self) -> String {
        format!("{} \u{2194} {}", self.a, self.b)
    }
    /// Points of the high number for `players` seats (starred numbers need 4-5 players).
    pub fn high_points(&self, players: usize) -> i64 {
        if self.high_star && players < 4 {
            0
        } else {
            self.high as i64
        }
    }
    /// Points of the low number for `players` seats.
    pub fn low_points(&self, players: usize) -> i64 {
        if self.low_star && players < 4 {
            0
        } else {
            self.low as i64
        }
    }
}

/// The parsed, validated board. See the module docs for its invariants.
pub struct NepalData {
    pub regions: Vec<Region>,
    pub provinces: Vec<Province>,
    pub outside: Vec<Outside>,
    pub cards: Vec<Card>,
    /// Neighbour lists, by province index.
    pub adj: Vec<Vec<u8>>,
    /// Neighbour bit masks, by province index.
    pub adj_mask: Vec<u64>,
    /// Province masks per region.
    pub region_mask: Vec<u64>,
    /// Lower-case province names (for fast step matching).
    pub lower: Vec<String>,
    /// Map labels by province ([`NepalData::short_label`]).
    pub labels: Vec<String>,
    /// Index of the province without a limit.
    pub kathmandu: usize,
    /// Static picture layer, drawn once.
    pub layer: crate::render::LayerCache,
    /// The same with the boom option's raised limits (see [`NepalData::limit`]).
    pub boom_layer: crate::render::LayerCache,
}

impl fmt::Debug for NepalData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NepalData")
            .field("provinces", &self.provinces.len())
            .field("outside", &self.outside.len())
            .field("cards", &self.cards.len())
            .finish()
    }
}

impl NepalData {
    /// Province index by exact (case-insensitive) name.
    pub fn province(&self, name: &str) -> Option<usize> {
        self.provinces
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
    }
    /// Name of province `p`, or `?` for an index off the board.
    pub fn province_name(&self, p: u8) -> &str {
        self.provinces
            .get(p as usize)
            .map(|x| x.name.as_str())
            .unwrap_or("?")
    }
    /// The label the map shows for province `p` (large enough to read inline): its name
    /// when that is short (five letters at most), else the shortest start of it, four
    /// letters or more, that no other province's name starts with, which `move` reads as
    /// that province (names match by unique prefix).
    pub fn short_label(&self, p: usize) -> &str {
        self.labels.get(p).map(String::as_str).unwrap_or("?")
    }
    /// The rule of [`NepalData::short_label`], applied once when the board is read.
    fn label_for(&self, p: usize) -> &str {
        let Some(name) = self.provinces.get(p).map(|x| x.name.as_str()) else {
            return "?";
        };
        if name.chars().count() <= 5 {
            return name;
        }
        let names: Vec<&str> = self.provinces.iter().map(|x| x.name.as_str()).collect();
        crate::engine::notation::unique_prefix(name, &names, 4)
    }
    /// Population limit of province `p` under the boom option; `None` = no limit.
    pub fn limit(&self, p: usize, boom: bool) -> Option<u8> {
        let pr = &self.provinces[p];
        pr.limit.map(|l| {
            if boom && !pr.cities.is_empty() {
                l + 1
            } else {
                l
            }
        })
    }
    /// Hex centre in hex-size units (pointy top, size 1): x = √3·(col + row%2 / 2), y = 1.5·row.
    pub fn hex_center(col: i32, row: i32) -> (f32, f32) {
        let x = 3f32.sqrt() * (col as f32 + 0.5 * (row.rem_euclid(2)) as f32);
        (x, 1.5 * row as f32)
    }
}

/// A card line before validation: ends, (high, star), (low, star), line.
type RawCard = (String, String, (u8, bool), (u8, bool), usize);

/// Drop a comment: a line starting with `#`, or a `#` at the start of a word and followed by a space or the line end
/// (so colours like `#a1b2c3` are kept).
fn strip_comment(line: &str) -> &str {
    if line.trim_start().starts_with('#') {
        return "";
    }
    let b = line.as_bytes();
    for (i, &c) in b.iter().enumerate() {
        if c == b'#'
            && (i == 0 || b[i - 1].is_ascii_whitespace())
            && (i + 1 == b.len() || b[i + 1].is_ascii_whitespace())
        {
            return &line[..i];
        }
    }
    line
}

fn is_name(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_alphabetic())
        && s.chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '\'')
}

fn int(line: usize, what: &str, s: &str) -> Result<i32, BoardError> {
    s.parse::<i32>()
        .ok()
        .filter(|v| v.abs() <= 1000)
        .ok_or_else(|| {
            BoardError::at(
                line,
                format!("{what} `{s}` is not a whole number between -1000 and 1000"),
            )
        })
}

fn name(line: usize, what: &str, s: &str) -> Result<String, BoardError> {
    if is_name(s) {
        Ok(s.to_string())
    } else {
        Err(BoardError::at(
            line,
            format!("{what} `{s}` is not a name: use letters, digits and hyphens, starting with a letter"),
        ))
    }
}

/// A population limit: 1 to 4, or `none` (Kathmandu).
fn population_limit(line: usize, s: &str) -> Result<Option<u8>, BoardError> {
    if s.eq_ignore_ascii_case("none") {
        return Ok(None);
    }
    match s.parse::<u8>() {
        Ok(v) if (1..=4).contains(&v) => Ok(Some(v)),
        _ => Err(BoardError::at(
            line,
            format!("population limit `{s}` must be 1 to 4, or `none` for Kathmandu"),
        )),
    }
}

fn card_number(line: usize, s: &str) -> Result<(u8, bool), BoardError> {
    let (num, star) = match s.strip_suffix('*') {
        Some(n) => (n, true),
        None => (s, false),
    };
    match num.parse::<u8>() {
        Ok(v) if (1..=20).contains(&v) => Ok((v, star)),
        _ => Err(BoardError::at(
            line,
            format!(
                "card value `{s}` must be 1 to 20, optionally followed by `*` (4-5 players only)"
            ),
        )),
    }
}

/// The records read so far, before the whole-map checks. One method per record keyword.
#[derive(Default)]
struct Reader {
    regions: Vec<(Region, usize)>,
    provinces: Vec<(Province, usize)>,
    /// (name, col, row, arrow names, line)
    outside_raw: Vec<(String, i32, i32, Vec<String>, usize)>,
    cards_raw: Vec<RawCard>,
    /// name -> (kind, line)
    names: HashMap<String, (&'static str, usize)>,
}

/// A record reader: the line number and the words of the line.
type RecordFn = fn(&mut Reader, usize, &[&str]) -> Result<(), BoardError>;

/// Each record keyword and its reader.
const RECORDS: [(&str, RecordFn); 4] = [
    ("region", Reader::region),
    ("province", Reader::province),
    ("outside", Reader::outside),
    ("card", Reader::card),
];

impl Reader {
    /// `region <Id> <Name> <#rrggbb>`
    fn region(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() != 4 {
            return Err(BoardError::at(
                ln,
                "a region line is `region <Id> <Name> <#rrggbb>`",
            ));
        }
        let id = name(ln, "region id", w[1])?;
        let nm = name(ln, "region name", w[2])?;
        let hex = w[3]
            .strip_prefix('#')
            .filter(|h| h.len() == 6 && h.chars().all(|c| c.is_ascii_hexdigit()));
        let Some(hex) = hex else {
            return Err(BoardError::at(
                ln,
                format!("region colour `{}` must look like #a1b2c3", w[3]),
            ));
        };
        let byte = |k: usize| u8::from_str_radix(&hex[k..k + 2], 16).unwrap_or(0);
        if self
            .regions
            .iter()
            .any(|(r, _)| r.id.eq_ignore_ascii_case(&id))
        {
            return Err(BoardError::at(
                ln,
                format!("region `{id}` is defined twice"),
            ));
        }
        self.regions.push((
            Region {
                id,
                name: nm,
                color: [byte(0), byte(2), byte(4)],
            },
            ln,
        ));
        Ok(())
    }

    /// `province <Name> <col> <row> <RegionId> <limit 1-4|none> [City] [City]`
    fn province(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() < 6 || w.len() > 8 {
            return Err(BoardError::at(
                ln,
                "a province line is `province <Name> <col> <row> <RegionId> <limit 1-4|none> [City] [City]` (at most 2 cities)",
            ));
        }
        let nm = name(ln, "province name", w[1])?;
        let col = int(ln, "column", w[2])?;
        let row = int(ln, "row", w[3])?;
        let region = self
            .regions
            .iter()
            .position(|(r, _)| r.id.eq_ignore_ascii_case(w[4]))
            .ok_or_else(|| {
                BoardError::at(
                    ln,
                    format!(
                        "unknown region `{}` (define it first with a `region` line)",
                        w[4]
                    ),
                )
            })?;
        let limit = population_limit(ln, w[5])?;
        let key = nm.to_lowercase();
        if let Some((kind, l)) = self.names.get(&key) {
            return Err(BoardError::at(
                ln,
                format!("name `{nm}` is already used by a {kind} on line {l}"),
            ));
        }
        if let Some((p, l)) = self
            .provinces
            .iter()
            .find(|(p, _)| p.col == col && p.row == row)
        {
            return Err(BoardError::at(
                ln,
                format!(
                    "hex {col} {row} is already province `{}` (line {l})",
                    p.name
                ),
            ));
        }
        self.names.insert(key, ("province", ln));
        let cities = self.cities(ln, &nm, &w[6..])?;
        self.provinces.push((
            Province {
                name: nm,
                col,
                row,
                region,
                limit,
                cities,
            },
            ln,
        ));
        Ok(())
    }

    /// The cities of a province line: names not used before, except the province's own.
    fn cities(&mut self, ln: usize, nm: &str, words: &[&str]) -> Result<Vec<String>, BoardError> {
        let mut cities = Vec::new();
        for c in words {
            let c = name(ln, "city name", c)?;
            let ck = c.to_lowercase();
            if ck == nm.to_lowercase() {
                // A city may share its own province's name.
                self.names.insert(format!("city:{ck}"), ("city", ln));
            } else {
                if let Some((kind, l)) = self
                    .names
                    .get(&ck)
                    .or_else(|| self.names.get(&format!("city:{ck}")))
                {
                    return Err(BoardError::at(
                        ln,
                        format!("name `{c}` is already used by a {kind} on line {l}"),
                    ));
                }
                self.names.insert(ck, ("city", ln));
            }
            cities.push(c);
        }
        Ok(cities)
    }

    /// `outside <Name> <col> <row> <Province> [<Province>]`
    fn outside(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() < 5 || w.len() > 6 {
            return Err(BoardError::at(
                ln,
                "an outside line is `outside <Name> <col> <row> <Province> [<Province>]` (1 or 2 arrows)",
            ));
        }
        let nm = name(ln, "outside location", w[1])?;
        let key = nm.to_lowercase();
        if let Some((kind, l)) = self
            .names
            .get(&key)
            .or_else(|| self.names.get(&format!("city:{key}")))
        {
            return Err(BoardError::at(
                ln,
                format!("name `{nm}` is already used by a {kind} on line {l}"),
            ));
        }
        self.names.insert(key, ("outside location", ln));
        let col = int(ln, "column", w[2])?;
        let row = int(ln, "row", w[3])?;
        self.outside_raw.push((
            nm,
            col,
            row,
            w[4..].iter().map(|s| s.to_string()).collect(),
            ln,
        ));
        Ok(())
    }

    /// `card <EndA> <EndB> <high>[*] <low>[*]`
    fn card(&mut self, ln: usize, w: &[&str]) -> Result<(), BoardError> {
        if w.len() != 5 {
            return Err(BoardError::at(
                ln,
                "a card line is `card <EndA> <EndB> <high>[*] <low>[*]`",
            ));
        }
        let hi = card_number(ln, w[3])?;
        let lo = card_number(ln, w[4])?;
        if lo.0 > hi.0 {
            return Err(BoardError::at(
                ln,
                format!("the low value {} is above the high value {}", lo.0, hi.0),
            ));
        }
        self.cards_raw
            .push((w[1].to_string(), w[2].to_string(), hi, lo, ln));
        Ok(())
    }
}

/// Parse and validate a board file. Errors name the line and what is wrong.
pub fn parse_board(text: &str) -> Result<NepalData, BoardError> {
    let mut reader = Reader::default();
    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let w: Vec<&str> = strip_comment(raw).split_whitespace().collect();
        let Some(first) = w.first() else {
            continue;
        };
        let Some((_, read)) = RECORDS.iter().find(|(k, _)| k == first) else {
            return Err(BoardError::at(
                ln,
                format!(
                    "unknown record `{first}`; lines start with region, province, outside or card"
                ),
            ));
        };
        read(&mut reader, ln, &w)?;
    }
    reader.finish()
}

impl Reader {
    /// The whole-map checks, then the derived tables.
    fn finish(self) -> Result<NepalData, BoardError> {
        self.check_counts()?;
        let kathmandu = self.kathmandu()?;
        self.check_region_sizes()?;
        let (at, adj, adj_mask) = self.adjacency();
        self.check_connected(&adj)?;
        let outside = self.outside_locations(&at, &adj)?;
        let cards = self.trade_cards(&outside, &adj_mask)?;
        let region_mask = (0..REGIONS)
            .map(|r| {
                self.provinces
                    .iter()
                    .enumerate()
                    .filter(|(_, (p, _))| p.region == r)
                    .fold(0u64, |m, (i, _)| m | 1 << i)
            })
            .collect();
        let lower = self
            .provinces
            .iter()
            .map(|(p, _)| p.name.to_lowercase())
            .collect();
        let mut data = NepalData {
            regions: self.regions.into_iter().map(|r| r.0).collect(),
            provinces: self.provinces.into_iter().map(|p| p.0).collect(),
            outside,
            cards,
            lower,
            labels: Vec::new(),
            adj,
            adj_mask,
            region_mask,
            kathmandu,
            layer: crate::render::LayerCache::new(),
            boom_layer: crate::render::LayerCache::new(),
        };
        data.labels = (0..data.provinces.len())
            .map(|p| data.label_for(p).to_string())
            .collect();
        Ok(data)
    }

    fn check_counts(&self) -> Result<(), BoardError> {
        if self.regions.len() != REGIONS {
            return Err(BoardError::at(
                self.regions.last().map(|r| r.1).unwrap_or(0),
                format!(
                    "the map needs exactly {REGIONS} regions, found {}",
                    self.regions.len()
                ),
            ));
        }
        let np = self.provinces.len();
        if !(30..=45).contains(&np) {
            return Err(BoardError::at(
                self.provinces.last().map(|p| p.1).unwrap_or(0),
                format!("the map needs 30 to 45 provinces, found {np}"),
            ));
        }
        Ok(())
    }

    /// The one province without a population limit.
    fn kathmandu(&self) -> Result<usize, BoardError> {
        let unlimited: Vec<usize> = (0..self.provinces.len())
            .filter(|&i| self.provinces[i].0.limit.is_none())
            .collect();
        match unlimited.as_slice() {
            [k] => Ok(*k),
            [] => Err(BoardError::at(
                0,
                "no province has limit `none`; the Kathmandu province needs it",
            )),
            [_, second, ..] => Err(BoardError::at(
                self.provinces[*second].1,
                "only one province (Kathmandu) may have limit `none`",
            )),
        }
    }

    fn check_region_sizes(&self) -> Result<(), BoardError> {
        for (r, (reg, ln)) in self.regions.iter().enumerate() {
            let n = self.provinces.iter().filter(|(p, _)| p.region == r).count();
            if !(5..=10).contains(&n) {
                return Err(BoardError::at(
                    *ln,
                    format!(
                        "region `{}` has {n} provinces; each region needs 5 to 10",
                        reg.id
                    ),
                ));
            }
        }

        Ok(())
    }

    /// Province at each hex, neighbours from coordinates, and the neighbour masks.
    #[allow(clippy::type_complexity)]
    fn adjacency(&self) -> (HashMap<(i32, i32), usize>, Vec<Vec<u8>>, Vec<u64>) {
        let mut at: HashMap<(i32, i32), usize> = HashMap::new();
        for (i, (p, _)) in self.provinces.iter().enumerate() {
            at.insert((p.col, p.row), i);
        }
        let adj: Vec<Vec<u8>> = self
            .provinces
            .iter()
            .map(|(p, _)| {
                hex_neighbours(p.col, p.row)
                    .iter()
                    .filter_map(|c| at.get(c).map(|&j| j as u8))
                    .collect()
            })
            .collect();
        let adj_mask: Vec<u64> = adj
            .iter()
            .map(|a| a.iter().fold(0u64, |m, &j| m | 1 << j))
            .collect();
        (at, adj, adj_mask)
    }

    fn check_connected(&self, adj: &[Vec<u8>]) -> Result<(), BoardError> {
        let mut seen = vec![false; self.provinces.len()];
        let mut queue = VecDeque::from([0usize]);
        seen[0] = true;
        while let Some(u) = queue.pop_front() {
            for &v in &adj[u] {
                if !seen[v as usize] {
                    seen[v as usize] = true;
                    queue.push_back(v as usize);
                }
            }
        }
        if let Some(i) = seen.iter().position(|s| !s) {
            return Err(BoardError::at(
                self.provinces[i].1,
                format!(
                    "province `{}` cannot be reached from `{}`: the map must be connected",
                    self.provinces[i].0.name, self.provinces[0].0.name
                ),
            ));
        }

        Ok(())
    }

    fn outside_locations(
        &self,
        at: &HashMap<(i32, i32), usize>,
        adj: &[Vec<u8>],
    ) -> Result<Vec<Outside>, BoardError> {
        let find_province = |n: &str| {
            self.provinces
                .iter()
                .position(|(p, _)| p.name.eq_ignore_ascii_case(n))
        };
        let mut outside = Vec::new();
        for (nm, col, row, arrows, ln) in self.outside_raw.iter().cloned() {
            if at.contains_key(&(col, row)) {
                return Err(BoardError::at(
                    ln,
                    format!("outside location `{nm}` sits on a province hex ({col} {row})"),
                ));
            }
            let mut idx = Vec::new();
            for a in &arrows {
                let p = find_province(a).ok_or_else(|| {
                    BoardError::at(ln, format!("arrow to unknown province `{a}`"))
                })?;
                if adj[p].len() == 6 {
                    return Err(BoardError::at(
                        ln,
                        format!("arrow province `{a}` is not on the border (all six neighbours are provinces)"),
                    ));
                }
                if idx.contains(&p) {
                    return Err(BoardError::at(ln, format!("arrow to `{a}` is given twice")));
                }
                idx.push(p);
            }
            outside.push(Outside {
                name: nm,
                col,
                row,
                arrows: idx,
            });
        }
        if !(6..=10).contains(&outside.len()) {
            return Err(BoardError::at(
                0,
                format!(
                    "the map needs 6 to 10 outside locations, found {}",
                    outside.len()
                ),
            ));
        }

        Ok(outside)
    }

    fn trade_cards(&self, outside: &[Outside], adj_mask: &[u64]) -> Result<Vec<Card>, BoardError> {
        let end_mask = |n: &str| -> Option<u64> {
            if let Some(o) = outside.iter().find(|o| o.name.eq_ignore_ascii_case(n)) {
                return Some(o.arrows.iter().fold(0u64, |m, &p| m | 1 << p));
            }
            self.provinces
                .iter()
                .position(|(p, _)| p.cities.iter().any(|c| c.eq_ignore_ascii_case(n)))
                .map(|p| 1u64 << p)
        };
        let mut cards: Vec<Card> = Vec::new();
        for (a, b, hi, lo, ln) in self.cards_raw.iter().cloned() {
            let ma = end_mask(&a).ok_or_else(|| {
                BoardError::at(
                    ln,
                    format!("card end `{a}` is neither a city nor an outside location"),
                )
            })?;
            let mb = end_mask(&b).ok_or_else(|| {
                BoardError::at(
                    ln,
                    format!("card end `{b}` is neither a city nor an outside location"),
                )
            })?;
            if a.eq_ignore_ascii_case(&b) {
                return Err(BoardError::at(ln, format!("card links `{a}` to itself")));
            }
            let same = |c: &Card| {
                (c.a.eq_ignore_ascii_case(&a) && c.b.eq_ignore_ascii_case(&b))
                    || (c.a.eq_ignore_ascii_case(&b) && c.b.eq_ignore_ascii_case(&a))
            };
            if cards.iter().any(same) {
                return Err(BoardError::at(
                    ln,
                    format!("a card linking `{a}` and `{b}` already exists"),
                ));
            }
            let length = chain_length(adj_mask, ma, mb);
            cards.push(Card {
                a,
                b,
                high: hi.0,
                high_star: hi.1,
                low: lo.0,
                low_star: lo.1,
                ends: [ma, mb],
                length,
            });
        }
        if cards.len() > 200 {
            return Err(BoardError::at(
                0,
                format!(
                    "the trade deck may have at most 200 cards, found {}",
                    cards.len()
                ),
            ));
        }
        if cards.len() < 26 {
            return Err(BoardError::at(
                0,
                format!(
                    "the trade deck needs at least 26 cards, found {}",
                    cards.len()
                ),
            ));
        }

        Ok(cards)
    }
}

/// Union of neighbours of every province in `mask`.
pub fn spread(adj_mask: &[u64], mask: u64) -> u64 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        out |= adj_mask[i];
        m &= m - 1;
    }
    out
}

/// Number of provinces in the shortest chain from a province in `a` to one in `b`
/// (1 if they share a province). The map is connected, so this is finite.
fn chain_length(adj_mask: &[u64], a: u64, b: u64) -> u8 {
    let mut reached = a;
    let mut len = 1u8;
    while reached & b == 0 && len < 64 {
        reached |= spread(adj_mask, reached);
        len += 1;
    }
    len
}
