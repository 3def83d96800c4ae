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
    /// Index of the province without a limit.
    pub kathmandu: usize,
    /// Static picture layer, drawn once.
    pub layer: crate::render::LayerCache,
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

/// Odd-r neighbours of a hex.
fn neighbours(col: i32, row: i32) -> [(i32, i32); 6] {
    if row.rem_euclid(2) == 0 {
        [
            (col + 1, row),
            (col - 1, row),
            (col - 1, row - 1),
            (col, row - 1),
            (col - 1, row + 1),
            (col, row + 1),
        ]
    } else {
        [
            (col + 1, row),
            (col - 1, row),
            (col, row - 1),
            (col + 1, row - 1),
            (col, row + 1),
            (col + 1, row + 1),
        ]
    }
}

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

/// Parse and validate a board file. Errors name the line and what is wrong.
pub fn parse_board(text: &str) -> Result<NepalData, BoardError> {
    let mut regions: Vec<(Region, usize)> = Vec::new();
    let mut provinces: Vec<(Province, usize)> = Vec::new();
    // outside: (name, col, row, arrow names, line)
    let mut outside_raw: Vec<(String, i32, i32, Vec<String>, usize)> = Vec::new();
    let mut cards_raw: Vec<RawCard> = Vec::new();
    // name -> (kind, line, province index for cities)
    let mut names: HashMap<String, (&'static str, usize)> = HashMap::new();

    for (i, raw) in text.lines().enumerate() {
        let ln = i + 1;
        let content = strip_comment(raw);
        let w: Vec<&str> = content.split_whitespace().collect();
        if w.is_empty() {
            continue;
        }
        match w[0] {
            "region" => {
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
                if regions.iter().any(|(r, _)| r.id.eq_ignore_ascii_case(&id)) {
                    return Err(BoardError::at(
                        ln,
                        format!("region `{id}` is defined twice"),
                    ));
                }
                regions.push((
                    Region {
                        id,
                        name: nm,
                        color: [byte(0), byte(2), byte(4)],
                    },
                    ln,
                ));
            }
            "province" => {
                if w.len() < 6 || w.len() > 8 {
                    return Err(BoardError::at(
                        ln,
                        "a province line is `province <Name> <col> <row> <RegionId> <limit 1-4|none> [City] [City]` (at most 2 cities)",
                    ));
                }
                let nm = name(ln, "province name", w[1])?;
                let col = int(ln, "column", w[2])?;
                let row = int(ln, "row", w[3])?;
                let region = regions
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
                let limit = if w[5].eq_ignore_ascii_case("none") {
                    None
                } else {
                    match w[5].parse::<u8>() {
                        Ok(v) if (1..=4).contains(&v) => Some(v),
                        _ => {
                            return Err(BoardError::at(
                                ln,
                                format!(
                                    "population limit `{}` must be 1 to 4, or `none` for Kathmandu",
                                    w[5]
                                ),
                            ))
                        }
                    }
                };
                let key = nm.to_lowercase();
                if let Some((kind, l)) = names.get(&key) {
                    return Err(BoardError::at(
                        ln,
                        format!("name `{nm}` is already used by a {kind} on line {l}"),
                    ));
                }
                if let Some((p, l)) = provinces.iter().find(|(p, _)| p.col == col && p.row == row) {
                    return Err(BoardError::at(
                        ln,
                        format!(
                            "hex {col} {row} is already province `{}` (line {l})",
                            p.name
                        ),
                    ));
                }
                names.insert(key, ("province", ln));
                let mut cities = Vec::new();
                for c in &w[6..] {
                    let c = name(ln, "city name", c)?;
                    let ck = c.to_lowercase();
                    if ck == nm.to_lowercase() {
                        // A city may share its own province's name.
                        names.insert(format!("city:{ck}"), ("city", ln));
                    } else {
                        if let Some((kind, l)) =
                            names.get(&ck).or_else(|| names.get(&format!("city:{ck}")))
                        {
                            return Err(BoardError::at(
                                ln,
                                format!("name `{c}` is already used by a {kind} on line {l}"),
                            ));
                        }
                        names.insert(ck, ("city", ln));
                    }
                    cities.push(c);
                }
                provinces.push((
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
            }
            "outside" => {
                if w.len() < 5 || w.len() > 6 {
                    return Err(BoardError::at(
                        ln,
                        "an outside line is `outside <Name> <col> <row> <Province> [<Province>]` (1 or 2 arrows)",
                    ));
                }
                let nm = name(ln, "outside location", w[1])?;
                let key = nm.to_lowercase();
                if let Some((kind, l)) = names
                    .get(&key)
                    .or_else(|| names.get(&format!("city:{key}")))
                {
                    return Err(BoardError::at(
                        ln,
                        format!("name `{nm}` is already used by a {kind} on line {l}"),
                    ));
                }
                names.insert(key, ("outside location", ln));
                let col = int(ln, "column", w[2])?;
                let row = int(ln, "row", w[3])?;
                outside_raw.push((
                    nm,
                    col,
                    row,
                    w[4..].iter().map(|s| s.to_string()).collect(),
                    ln,
                ));
            }
            "card" => {
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
                cards_raw.push((w[1].to_string(), w[2].to_string(), hi, lo, ln));
            }
            other => {
                return Err(BoardError::at(
                    ln,
                    format!(
                    "unknown record `{other}`; lines start with region, province, outside or card"
                ),
                ))
            }
        }
    }

    // Whole-map checks.
    if regions.len() != REGIONS {
        return Err(BoardError::at(
            regions.last().map(|r| r.1).unwrap_or(0),
            format!(
                "the map needs exactly {REGIONS} regions, found {}",
                regions.len()
            ),
        ));
    }
    let np = provinces.len();
    if !(30..=45).contains(&np) {
        return Err(BoardError::at(
            provinces.last().map(|p| p.1).unwrap_or(0),
            format!("the map needs 30 to 45 provinces, found {np}"),
        ));
    }
    let unlimited: Vec<usize> = (0..np)
        .filter(|&i| provinces[i].0.limit.is_none())
        .collect();
    let kathmandu = match unlimited.as_slice() {
        [k] => *k,
        [] => {
            return Err(BoardError::at(
                0,
                "no province has limit `none`; the Kathmandu province needs it",
            ))
        }
        [_, second, ..] => {
            return Err(BoardError::at(
                provinces[*second].1,
                "only one province (Kathmandu) may have limit `none`",
            ))
        }
    };
    for (r, (reg, ln)) in regions.iter().enumerate() {
        let n = provinces.iter().filter(|(p, _)| p.region == r).count();
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

    // Adjacency from coordinates.
    let mut at: HashMap<(i32, i32), usize> = HashMap::new();
    for (i, (p, _)) in provinces.iter().enumerate() {
        at.insert((p.col, p.row), i);
    }
    let adj: Vec<Vec<u8>> = provinces
        .iter()
        .map(|(p, _)| {
            neighbours(p.col, p.row)
                .iter()
                .filter_map(|c| at.get(c).map(|&j| j as u8))
                .collect()
        })
        .collect();
    let adj_mask: Vec<u64> = adj
        .iter()
        .map(|a| a.iter().fold(0u64, |m, &j| m | 1 << j))
        .collect();
    // Connected?
    let mut seen = vec![false; np];
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
            provinces[i].1,
            format!(
                "province `{}` cannot be reached from `{}`: the map must be connected",
                provinces[i].0.name, provinces[0].0.name
            ),
        ));
    }

    let find_province = |n: &str| {
        provinces
            .iter()
            .position(|(p, _)| p.name.eq_ignore_ascii_case(n))
    };
    let mut outside = Vec::new();
    for (nm, col, row, arrows, ln) in outside_raw {
        if at.contains_key(&(col, row)) {
            return Err(BoardError::at(
                ln,
                format!("outside location `{nm}` sits on a province hex ({col} {row})"),
            ));
        }
        let mut idx = Vec::new();
        for a in &arrows {
            let p = find_province(a)
                .ok_or_else(|| BoardError::at(ln, format!("arrow to unknown province `{a}`")))?;
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

    // Trade cards.
    let end_mask = |n: &str| -> Option<u64> {
        if let Some(o) = outside.iter().find(|o| o.name.eq_ignore_ascii_case(n)) {
            return Some(o.arrows.iter().fold(0u64, |m, &p| m | 1 << p));
        }
        provinces
            .iter()
            .position(|(p, _)| p.cities.iter().any(|c| c.eq_ignore_ascii_case(n)))
            .map(|p| 1u64 << p)
    };
    let mut cards: Vec<Card> = Vec::new();
    for (a, b, hi, lo, ln) in cards_raw {
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
        let length = chain_length(&adj_mask, ma, mb);
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

    let region_mask = (0..REGIONS)
        .map(|r| {
            provinces
                .iter()
                .enumerate()
                .filter(|(_, (p, _))| p.region == r)
                .fold(0u64, |m, (i, _)| m | 1 << i)
        })
        .collect();
    let lower = provinces
        .iter()
        .map(|(p, _)| p.name.to_lowercase())
        .collect();
    Ok(NepalData {
        regions: regions.into_iter().map(|r| r.0).collect(),
        provinces: provinces.into_iter().map(|p| p.0).collect(),
        outside,
        cards,
        lower,
        adj,
        adj_mask,
        region_mask,
        kathmandu,
        layer: crate::render::LayerCache::new(),
    })
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
