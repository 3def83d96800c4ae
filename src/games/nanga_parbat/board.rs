//! Nanga Parbat board data: the section adjacency shared by the six regions, the dotted
//! paths between regions, the points chart, the score track and the supplies, parsed with
//! [`crate::engine::board`] from `board_art/nanga_parbat/board.txt`.
//!
//! Invariants of a [`NangaData`] returned by [`parse_board`]:
//! - the mountain has [`REGIONS`] regions of [`SECTIONS`] sections; a section is a cell
//!   `region * 6 + section` (both 0-based), written `r.s` (both 1-based) in notation;
//! - adjacency (`adj`, `adj_mask`) is symmetric and irreflexive: the `edge` pairs repeated
//!   in every region plus the `path` pairs, which join sections of different regions;
//!   every section is reachable from every other one;
//! - the chart has 3 rows by 5 columns; needs are 1 to 6 and never fall from left to right;
//!   VP are 1 to 20 and never fall from left to right within a row;
//! - 6 animals of each kind (one per section), 1 to 17 hikers, 0 to 15 camps, 1 to 7 cubes
//!   per player, and a track of 20 to 200 spaces.

use crate::engine::board::{check_connected, records, Record};
use crate::engine::BoardError;
use std::fmt;

/// Regions on the mountain.
pub const REGIONS: usize = 6;
/// Sections per region.
pub const SECTIONS: usize = 6;
/// Sections on the mountain.
pub const CELLS: usize = REGIONS * SECTIONS;
/// Columns of the points chart.
pub const COLUMNS: usize = 5;
/// Rows of the points chart: build camps, trade different kinds, trade the same kind.
pub const ROWS: usize = 3;

const GAME: &str = "Nanga Parbat";

/// What a row of the points chart asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum RowKind {
    /// Turn that many adjacent hikers into camps.
    Camps,
    /// Hand in that many animals, all of different kinds.
    Different,
    /// Hand in that many animals, all of one kind.
    Same,
}

impl RowKind {
    pub fn name(self) -> &'static str {
        match self {
            RowKind::Camps => "build camps",
            RowKind::Different => "trade different animals",
            RowKind::Same => "trade the same animal",
        }
    }
}

/// Row kinds in chart order (rows A, B, C).
pub const ROW_KINDS: [RowKind; ROWS] = [RowKind::Camps, RowKind::Different, RowKind::Same];
/// Row letters in chart order.
pub const ROW_LETTERS: [char; ROWS] = ['A', 'B', 'C'];

/// The parsed, validated board. See the module docs for its invariants.
pub struct NangaData {
    /// Section pairs (0-based) sharing a border, the same in every region.
    pub edges: Vec<(u8, u8)>,
    /// Dotted paths between cells of different regions.
    pub paths: Vec<(u8, u8)>,
    /// Neighbour lists by cell, ascending.
    pub adj: Vec<Vec<u8>>,
    /// Neighbour bit masks by cell.
    pub adj_mask: Vec<u64>,
    /// Needed count per column.
    pub need: [u8; COLUMNS],
    /// VP per square, `vp[row][column]`.
    pub vp: [[u8; COLUMNS]; ROWS],
    /// Score track spaces after 0.
    pub track: u32,
    pub hikers: u8,
    pub camps: u8,
    pub cubes: u8,
    /// Animals of each kind.
    pub per_kind: u8,
    /// Static picture layer, drawn once.
    pub layer: crate::render::LayerCache,
}

impl fmt::Debug for NangaData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("NangaData")
            .field("edges", &self.edges.len())
            .field("paths", &self.paths.len())
            .field("need", &self.need)
            .finish()
    }
}

/// The cell of region `r` and section `s` (both 0-based).
pub fn cell(r: usize, s: usize) -> u8 {
    (r * SECTIONS + s) as u8
}

/// `r.s` (1-based) of a cell.
pub fn cell_name(c: u8) -> String {
    format!(
        "{}.{}",
        c as usize / SECTIONS + 1,
        c as usize % SECTIONS + 1
    )
}

/// Parse `r.s` (both 1 to 6) into a cell.
pub fn parse_cell(s: &str) -> Option<u8> {
    let (a, b) = s.split_once('.')?;
    let (r, s): (usize, usize) = (a.parse().ok()?, b.parse().ok()?);
    if (1..=REGIONS).contains(&r) && (1..=SECTIONS).contains(&s) && a.len() == 1 && b.len() == 1 {
        Some(cell(r - 1, s - 1))
    } else {
        None
    }
}

/// Square name, e.g. `B3` (row letter, column 1-5).
pub fn square_name(sq: u8) -> String {
    format!(
        "{}{}",
        ROW_LETTERS[sq as usize / COLUMNS],
        sq as usize % COLUMNS + 1
    )
}

/// Parse a square name (`a1`..`c5`, any case).
pub fn parse_square(s: &str) -> Option<u8> {
    let mut ch = s.chars();
    let l = ch.next()?.to_ascii_uppercase();
    let d = ch.next()?;
    if ch.next().is_some() {
        return None;
    }
    let row = ROW_LETTERS.iter().position(|&x| x == l)?;
    let col = d.to_digit(10)? as usize;
    (1..=COLUMNS)
        .contains(&col)
        .then(|| (row * COLUMNS + col - 1) as u8)
}

impl NangaData {
    /// Are cells `a` and `b` adjacent (shared border or dotted path)?
    pub fn adjacent(&self, a: u8, b: u8) -> bool {
        self.adj_mask[a as usize] & (1u64 << b) != 0
    }
    /// What square `sq` asks for, and how many.
    pub fn square(&self, sq: u8) -> (RowKind, u8, u8) {
        let (r, c) = (sq as usize / COLUMNS, sq as usize % COLUMNS);
        (ROW_KINDS[r], self.need[c], self.vp[r][c])
    }
}

fn cell_arg(r: &Record, i: usize) -> Result<u8, BoardError> {
    let t = r.token(i, "a section `r.s`")?;
    parse_cell(t).ok_or_else(|| {
        r.error(format!(
            "expected a section `r.s` with region and section from 1 to 6, found `{}`",
            t.chars().take(20).collect::<String>()
        ))
    })
}

/// Parse and validate a board text (see the module docs for what is checked).
pub fn parse_board(text: &str) -> Result<NangaData, BoardError> {
    let mut reader = Reader::default();
    for r in &records(GAME, text) {
        reader.read(r)?;
    }
    reader.finish()
}

/// Every record keyword of the board file.
const KNOWN: [&str; 6] = ["edge", "path", "need", "row", "track", "supply"];

/// What the board file has said so far; one reader per record keyword.
#[derive(Default)]
struct Reader {
    edges: Vec<(u8, u8)>,
    paths: Vec<(u8, u8)>,
    need: Option<[u8; COLUMNS]>,
    vp: [Option<[u8; COLUMNS]>; ROWS],
    track: Option<u32>,
    supply: Option<(u8, u8, u8, u8)>,
}

impl Reader {
    /// One record, by its keyword.
    fn read(&mut self, r: &Record) -> Result<(), BoardError> {
        match r.keyword {
            "edge" => self.read_edge(r),
            "path" => self.read_path(r),
            "need" => self.read_need(r),
            "row" => self.read_row(r),
            "track" => self.read_track(r),
            "supply" => self.read_supply(r),
            _ => Err(r.unknown(&KNOWN)),
        }
    }

    /// `edge <a> <b>`: two sections of every region touch.
    fn read_edge(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(2, 2, "edge <a> <b>")?;
        let a: u8 = r.num_in(0, "a section", 1, SECTIONS as u8)?;
        let b: u8 = r.num_in(1, "a section", 1, SECTIONS as u8)?;
        if a == b {
            return Err(r.error("an edge joins two different sections"));
        }
        let e = (a.min(b) - 1, a.max(b) - 1);
        if self.edges.contains(&e) {
            return Err(r.error(format!("edge {a} {b} is listed twice")));
        }
        self.edges.push(e);
        Ok(())
    }

    /// `path <r.s> <r.s>`: a dotted path between sections of two regions.
    fn read_path(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(2, 2, "path <r.s> <r.s>")?;
        let a = cell_arg(r, 0)?;
        let b = cell_arg(r, 1)?;
        if a as usize / SECTIONS == b as usize / SECTIONS {
            return Err(r.error(
                "a path joins sections of two different regions (use `edge` inside a region)",
            ));
        }
        let e = (a.min(b), a.max(b));
        if self.paths.contains(&e) {
            return Err(r.error("this path is listed twice"));
        }
        self.paths.push(e);
        Ok(())
    }

    /// `need <n> <n> <n> <n> <n>`: the animals each chart column asks for.
    fn read_need(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(COLUMNS, COLUMNS, "need <n> <n> <n> <n> <n>")?;
        if self.need.is_some() {
            return Err(r.error("`need` is given twice"));
        }
        let mut v = [0u8; COLUMNS];
        for (i, x) in v.iter_mut().enumerate() {
            *x = r.num_in(i, "a needed count", 1, 6)?;
        }
        if v.windows(2).any(|w| w[1] < w[0]) {
            return Err(r.error("needs never fall from left to right"));
        }
        self.need = Some(v);
        Ok(())
    }

    /// `row <A|B|C> <camps|different|same> <vp> <vp> <vp> <vp> <vp>`
    fn read_row(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(
            COLUMNS + 2,
            COLUMNS + 2,
            "row <A|B|C> <camps|different|same> <vp> <vp> <vp> <vp> <vp>",
        )?;
        let i = r.choice(0, "a row letter", &["A", "B", "C"])?;
        let k = r.choice(1, "a row kind", &["camps", "different", "same"])?;
        if k != i {
            return Err(r.error(format!(
                "row {} is `{}`: rows are A camps, B different, C same",
                ROW_LETTERS[i],
                ["camps", "different", "same"][i]
            )));
        }
        if self.vp[i].is_some() {
            return Err(r.error(format!("row {} is given twice", ROW_LETTERS[i])));
        }
        let mut v = [0u8; COLUMNS];
        for (j, x) in v.iter_mut().enumerate() {
            *x = r.num_in(j + 2, "a VP value", 1, 20)?;
        }
        if v.windows(2).any(|w| w[1] < w[0]) {
            return Err(r.error("VP never fall from left to right"));
        }
        self.vp[i] = Some(v);
        Ok(())
    }

    /// `track <spaces>`
    fn read_track(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(1, 1, "track <spaces>")?;
        self.track = Some(r.num_in(0, "the track length", 20, 200)?);
        Ok(())
    }

    /// `supply <hikers> <camps> <cubes> <animals of each kind>`
    fn read_supply(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(
            4,
            4,
            "supply <hikers> <camps> <cubes> <animals of each kind>",
        )?;
        let h = r.num_in(0, "hikers per player", 1, 17)?;
        let c = r.num_in(1, "camps per player", 0, 15)?;
        let q = r.num_in(2, "cubes per player", 1, 7)?;
        let k = r.num_in(3, "animals of each kind", 6, 6)?;
        self.supply = Some((h, c, q, k));
        Ok(())
    }

    /// The whole-file checks, then the board.
    fn finish(self) -> Result<NangaData, BoardError> {
        let need = self
            .need
            .ok_or_else(|| BoardError::file(GAME, "missing the `need` line"))?;
        let mut rows = [[0u8; COLUMNS]; ROWS];
        for i in 0..ROWS {
            rows[i] = self.vp[i].ok_or_else(|| {
                BoardError::file(GAME, format!("missing `row {}`", ROW_LETTERS[i]))
            })?;
        }
        let track = self
            .track
            .ok_or_else(|| BoardError::file(GAME, "missing the `track` line"))?;
        let (hikers, camps, cubes, per_kind) = self
            .supply
            .ok_or_else(|| BoardError::file(GAME, "missing the `supply` line"))?;
        let all = self.adjacency()?;
        let mut adj_mask = vec![0u64; CELLS];
        for &(a, b) in &all {
            adj_mask[a] |= 1 << b;
            adj_mask[b] |= 1 << a;
        }
        let adj = adj_mask
            .iter()
            .map(|m| (0..CELLS as u8).filter(|&c| m & (1 << c) != 0).collect())
            .collect();
        Ok(NangaData {
            edges: self.edges,
            paths: self.paths,
            adj,
            adj_mask,
            need,
            vp: rows,
            track,
            hikers,
            camps,
            cubes,
            per_kind,
            layer: crate::render::LayerCache::new(),
        })
    }

    /// Every adjacent pair of cells (each region's edges, then the paths), checked to
    /// hang together: each region by its own edges, and the whole mountain.
    fn adjacency(&self) -> Result<Vec<(usize, usize)>, BoardError> {
        let mut all: Vec<(usize, usize)> = Vec::new();
        for r in 0..REGIONS {
            for &(a, b) in &self.edges {
                all.push((cell(r, a as usize) as usize, cell(r, b as usize) as usize));
            }
        }
        all.extend(self.paths.iter().map(|&(a, b)| (a as usize, b as usize)));
        let names: Vec<String> = (0..CELLS as u8).map(cell_name).collect();
        let local: Vec<(usize, usize)> = self
            .edges
            .iter()
            .map(|&(a, b)| (a as usize, b as usize))
            .collect();
        check_connected(GAME, "section of a region", &names[..SECTIONS], &local)?;
        check_connected(GAME, "section", &names, &all)?;
        Ok(all)
    }
}
