//! Peloria board and nation data, parsed from `board_art/peloria/board.txt` with the shared
//! reader [`crate::engine::board`].
//!
//! Invariants of a [`PeloriaData`] returned by [`parse_board`]:
//! - 60 to 90 areas with distinct single-token names and distinct hex cells; adjacency is
//!   derived from the hex grid (minus `noadj` cuts), so it is symmetric; the map is
//!   connected; every area named in the rules and the published data exists; every sea
//!   touches a land area a Pelandan may stop in; exactly three Tripolis areas (Henjarl,
//!   Vonlath, Esvuthil).
//! - exactly 16 nations in turn order, four per player, each with a scoring rule, and with
//!   arrivals in its first round; arrivals never exceed a nation's unit limits.
//! - exactly 10 regalia on known areas; rounds 1..=16 each listed once.
//! - the Kartolin Pass joins two adjacent areas (Karia and Dorastor).

use crate::engine::board::{check_connected, hex_neighbours, records, BoardError, Record};
use serde::{Deserialize, Serialize};
use std::fmt;

const GAME: &str = "Peloria";

/// Number of rounds (PEL-DIFF-2 reading: 16).
pub const ROUNDS: u8 = 16;
/// Number of nations.
pub const NATIONS: usize = 16;
/// Longest map label of an area (`area` lines' optional `<Short>`), so that it reads at
/// Discord's inline size.
pub const MAX_SHORT: usize = 9;

/// Number of players.
pub const PLAYERS: usize = 4;

/// Areas the rules text and the published data name; the board must have each.
pub const NAMED_AREAS: &[&str] = &[
    "Naveria",
    "Lenshi",
    "Dog-Plains",
    "Imther",
    "Kostaddi",
    "Dikoria",
    "Darsen",
    "Rinliddi",
    "Kestinlands",
    "Dara-Ni",
    "Lakrene",
    "Darjiin",
    "Sanken",
    "Vanch",
    "Doblian",
    "Saird",
    "Sylila",
    "Rist",
    "Erigia",
    "Elder-Wilds",
    "Vanstal",
    "Vonlath",
    "Tork",
    "Henjarl",
    "Esvuthil",
    "Raibanth",
    "Bindle",
    "Dragon-Pass",
    "Mountains-of-Ralios",
    "Hungry-Plateau",
    "Dorastor",
    "Sweet-Sea",
    "Elf-Sea",
    "White-Sea",
    "Birin",
    "Karia",
    "Ralios",
    "Charg",
    "Baloris",
    "Brolia",
    "Broken-Pot",
    "Anadikki",
    "Talastar",
    "Skanthi",
    "Aggar",
    "Ivory-Plinth",
    "Votankiland",
];

/// Terrain of an area.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Terrain {
    Open,
    River,
    Rough,
    Mountain,
    Forest,
    Sea,
    Plateau,
    Tripolis,
}

impl Terrain {
    pub const NAMES: [&'static str; 8] = [
        "open", "river", "rough", "mountain", "forest", "sea", "plateau", "tripolis",
    ];
    const ALL: [Terrain; 8] = [
        Terrain::Open,
        Terrain::River,
        Terrain::Rough,
        Terrain::Mountain,
        Terrain::Forest,
        Terrain::Sea,
        Terrain::Plateau,
        Terrain::Tripolis,
    ];
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
    /// Open terrain for stacking, overstacks and defending cavalry (open, river, Tripolis,
    /// the Hungry Plateau).
    pub fn is_open(self) -> bool {
        matches!(
            self,
            Terrain::Open | Terrain::River | Terrain::Tripolis | Terrain::Plateau
        )
    }
    /// Rough for movement, stacking and battle (rough, and mountains and permanent forest
    /// for the nations that may enter them).
    pub fn is_rough(self) -> bool {
        matches!(self, Terrain::Rough | Terrain::Mountain | Terrain::Forest)
    }
    pub fn is_land(self) -> bool {
        self != Terrain::Sea
    }
    /// Stacking limit (PEL-STACK-2..5); seas have none (nobody stops there).
    pub fn stack_limit(self) -> usize {
        match self {
            Terrain::Rough | Terrain::Mountain | Terrain::Forest => 2,
            Terrain::Open | Terrain::Plateau => 3,
            Terrain::River => 4,
            Terrain::Tripolis => 5,
            Terrain::Sea => 0,
        }
    }
}

/// A kind of unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Kind {
    Infantry,
    Cavalry,
    Dragon,
    Bat,
    Forest,
}

impl Kind {
    pub const ALL: [Kind; 5] = [
        Kind::Infantry,
        Kind::Cavalry,
        Kind::Dragon,
        Kind::Bat,
        Kind::Forest,
    ];
    pub const NAMES: [&'static str; 5] = ["infantry", "cavalry", "dragon", "bat", "forest"];
    pub fn name(self) -> &'static str {
        Self::NAMES[self as usize]
    }
    pub fn index(self) -> usize {
        self as usize
    }
    pub fn parse(s: &str) -> Option<Kind> {
        Self::ALL
            .into_iter()
            .find(|k| k.name().eq_ignore_ascii_case(s))
    }
    /// Areas a unit moves in one movement phase (PEL-MOVE-2, PEL-MOVE-3; dragons and the Bat
    /// move as cavalry; forest counters never move).
    pub fn moves(self) -> u8 {
        match self {
            Kind::Infantry => 2,
            Kind::Cavalry | Kind::Dragon | Kind::Bat => 3,
            Kind::Forest => 0,
        }
    }
    /// Dice per unit in battle before a nation's multiplier (PEL-BAT-2).
    pub fn dice(self) -> u32 {
        match self {
            Kind::Dragon => 4,
            Kind::Bat => 6,
            _ => 1,
        }
    }
}

/// A nation's special abilities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    /// May move through seas but not stop there (Pelanda).
    pub sea: bool,
    /// May enter permanent forest (Aldryami).
    pub forest: bool,
    /// May enter mountains, as rough (Digijelm, Telmori).
    pub mountain: bool,
    /// Need not stop on entering enemy areas (Digijelm).
    pub nostop: bool,
    /// Two dice per unit (Alkoth).
    pub dice2: bool,
    /// −1 to every die roll (Pelorians).
    pub minus1: bool,
    /// Cannot be killed, must retreat, ignores the curse of Dorastor (Telmori).
    pub immortal: bool,
    /// Counts the Hungry Plateau for population and places new units only there (Praxians).
    pub plateau: bool,
}

/// How a nation scores in nation-scoring rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreRule {
    /// VP per land area held.
    Area(i64),
    /// VP per open area held.
    Open(i64),
    /// VP per unit on the board.
    Unit(i64),
    /// VP per forest counter.
    Forest(i64),
    /// VP for holding one area.
    Place(i64, usize),
    None,
}

/// One of the 16 nations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nation {
    pub name: String,
    /// Two letters drawn on the map.
    pub letters: String,
    pub color: [u8; 3],
    /// Seat of the owner (0..4).
    pub player: usize,
    pub first_round: u8,
    /// Kinds population increase makes.
    pub pop_kinds: Vec<Kind>,
    /// Most units of each kind (indexed by [`Kind::index`]).
    pub limits: [u8; 5],
    pub flags: Flags,
    pub score: ScoreRule,
    /// (area, VP) captured once.
    pub captures: Vec<(usize, i64)>,
    /// (victim nation or any, VP per unit killed).
    pub kills: Vec<(Option<usize>, i64)>,
    /// (edge, VP per unit exiting).
    pub exits: Vec<(usize, i64)>,
    /// Rounds that are invasion turns for this nation.
    pub invasions: Vec<u8>,
}

/// A land or sea area.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Area {
    pub name: String,
    /// The label drawn on the map: an authored start of the name of at most
    /// [`MAX_SHORT`] characters that names this area alone as `move` reads names
    /// (checked when the board is read), or the name. The picture lists every label
    /// that differs from the name in a legend.
    pub short: String,
    pub col: i32,
    pub row: i32,
    pub terrain: Terrain,
    pub adj: Vec<usize>,
    /// Exit edges next to this area.
    pub exits: Vec<usize>,
}

/// An exit edge beyond the map (Pent).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Edge {
    pub name: String,
    pub areas: Vec<usize>,
}

/// Units entering the board in a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arrival {
    pub nation: usize,
    pub round: u8,
    pub area: usize,
    pub kind: Kind,
    pub count: u8,
}

/// One piece of the regalia.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub name: String,
    pub area: usize,
    pub round: u8,
    /// Appears at the start of this nation's turn (else at the start of the round).
    pub with_turn: Option<usize>,
    /// Never moves (the Low Crown of Rule).
    pub fixed: bool,
    /// Counts only for the holder of the Bow (the Feathered Cap).
    pub needs_bow: bool,
}

/// What a round scores.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundKinds {
    pub nation: bool,
    pub jenarong: bool,
    pub khordavu: bool,
    pub complete: bool,
    pub heroes: bool,
    pub shah: bool,
}

/// The parsed, validated board. See the module docs for its invariants.
pub struct PeloriaData {
    pub areas: Vec<Area>,
    pub edges: Vec<Edge>,
    pub nations: Vec<Nation>,
    pub arrivals: Vec<Arrival>,
    pub regalia: Vec<Piece>,
    /// Indexed by round − 1.
    pub rounds: Vec<RoundKinds>,
    /// Per area: does not count for the Shah of Carmania.
    pub shah_excluded: Vec<bool>,
    /// Per nation: may bid at the Call to Heroes.
    pub heroes: Vec<bool>,
    /// Per area: units there cannot be removed at the Call to Heroes.
    pub heroes_excluded: Vec<bool>,
    /// The Kartolin Pass: (name, from, to) — Karia, Dorastor.
    pub pass: (String, usize, usize),
    pub cursed: Option<usize>,
    /// Index of Vonlath (the Crown's area).
    pub vonlath: usize,
    /// Index of the Bow of Domination.
    pub bow: usize,
    /// Static picture layer, drawn once.
    pub layer: crate::render::LayerCache,
}

impl fmt::Debug for PeloriaData {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PeloriaData")
            .field("areas", &self.areas.len())
            .field("nations", &self.nations.len())
            .finish()
    }
}

impl PeloriaData {
    pub fn area(&self, name: &str) -> Option<usize> {
        self.areas
            .iter()
            .position(|a| a.name.eq_ignore_ascii_case(name))
    }
    pub fn nation(&self, name: &str) -> Option<usize> {
        self.nations
            .iter()
            .position(|n| n.name.eq_ignore_ascii_case(name))
    }
    pub fn edge(&self, name: &str) -> Option<usize> {
        self.edges
            .iter()
            .position(|e| e.name.eq_ignore_ascii_case(name))
    }
    pub fn piece(&self, name: &str) -> Option<usize> {
        self.regalia
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(name))
    }
    pub fn round(&self, r: u8) -> RoundKinds {
        self.rounds
            .get((r as usize).wrapping_sub(1))
            .copied()
            .unwrap_or_default()
    }
    pub fn terrain(&self, a: usize) -> Terrain {
        self.areas[a].terrain
    }
    /// Is `n` in an invasion turn in round `r`?
    pub fn invasion(&self, n: usize, r: u8) -> bool {
        self.nations[n].invasions.contains(&r)
    }
}

fn name_ok(r: &Record, s: &str) -> Result<(), BoardError> {
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
        return Err(r.error(format!(
            "a name is one word of letters, digits and hyphens, found `{s}`"
        )));
    }
    Ok(())
}

struct Ctx<'a> {
    areas: &'a [Area],
    nations: &'a [Nation],
    edges: &'a [Edge],
}

impl Ctx<'_> {
    fn area(&self, r: &Record, i: usize) -> Result<usize, BoardError> {
        let t = r.token(i, "an area name")?;
        self.areas
            .iter()
            .position(|a| a.name == t)
            .ok_or_else(|| r.error(format!("unknown area `{t}` (areas come before this line)")))
    }
    fn area_name(&self, r: &Record, t: &str) -> Result<usize, BoardError> {
        self.areas
            .iter()
            .position(|a| a.name == t)
            .ok_or_else(|| r.error(format!("unknown area `{t}`")))
    }
    fn nation(&self, r: &Record, i: usize) -> Result<usize, BoardError> {
        let t = r.token(i, "a nation name")?;
        self.nations
            .iter()
            .position(|n| n.name == t)
            .ok_or_else(|| {
                r.error(format!(
                    "unknown nation `{t}` (nations come before this line)"
                ))
            })
    }
    fn edge(&self, r: &Record, i: usize) -> Result<usize, BoardError> {
        let t = r.token(i, "an exit edge")?;
        self.edges
            .iter()
            .position(|e| e.name == t)
            .ok_or_else(|| r.error(format!("unknown exit edge `{t}`")))
    }
}

fn kind(r: &Record, t: &str) -> Result<Kind, BoardError> {
    Kind::parse(t).ok_or_else(|| {
        r.error(format!(
            "expected a unit kind, one of {}, found `{t}`",
            Kind::NAMES.join("|")
        ))
    })
}

/// Parse and validate the board text.
pub fn parse_board(text: &str) -> Result<PeloriaData, BoardError> {
    let mut reader = Reader::new();
    for r in &records(GAME, text) {
        reader.read(r)?;
    }
    reader.finish()
}

/// Every record keyword of the board file.
const KNOWN: &[&str] = &[
    "area",
    "noadj",
    "pass",
    "cursed",
    "exit",
    "nation",
    "arrive",
    "invasion",
    "score",
    "capture",
    "kill",
    "exitvp",
    "regalia",
    "round",
    "shah_excluded",
    "heroes",
    "heroes_excluded",
];

/// What the board file has said so far; one reader per record keyword.
struct Reader {
    areas: Vec<Area>,
    edges: Vec<Edge>,
    nations: Vec<Nation>,
    arrivals: Vec<Arrival>,
    regalia: Vec<Piece>,
    rounds: Vec<Option<RoundKinds>>,
    noadj: Vec<(usize, usize)>,
    /// Name, the two areas, and the line (for the adjacency check after the grid).
    pass: Option<(String, usize, usize, usize)>,
    cursed: Option<usize>,
    shah_excluded: Vec<bool>,
    heroes: Vec<bool>,
    heroes_excluded: Vec<bool>,
    /// Nations with a `score` line.
    scored: Vec<usize>,
}

impl Reader {
    fn new() -> Self {
        Reader {
            areas: Vec::new(),
            edges: Vec::new(),
            nations: Vec::new(),
            arrivals: Vec::new(),
            regalia: Vec::new(),
            rounds: vec![None; ROUNDS as usize],
            noadj: Vec::new(),
            pass: None,
            cursed: None,
            shah_excluded: Vec::new(),
            heroes: Vec::new(),
            heroes_excluded: Vec::new(),
            scored: Vec::new(),
        }
    }

    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            areas: &self.areas,
            nations: &self.nations,
            edges: &self.edges,
        }
    }

    /// One record, by its keyword; the `area` lines come first.
    fn read(&mut self, r: &Record) -> Result<(), BoardError> {
        match r.keyword {
            "area" => self.read_area(r),
            _ if self.areas.is_empty() => Err(r.error("the `area` lines come first")),
            "noadj" => self.read_noadj(r),
            "pass" => self.read_pass(r),
            "cursed" => self.read_cursed(r),
            "exit" => self.read_exit(r),
            "nation" => self.read_nation(r),
            "arrive" => self.read_arrive(r),
            "invasion" => self.read_invasion(r),
            "score" => self.read_score(r),
            "capture" => self.read_capture(r),
            "kill" => self.read_kill(r),
            "exitvp" => self.read_exitvp(r),
            "regalia" => self.read_regalia(r),
            "round" => self.read_round(r),
            "shah_excluded" | "heroes_excluded" => self.read_excluded_areas(r),
            "heroes" => self.read_heroes(r),
            _ => Err(r.unknown(KNOWN)),
        }
    }

    fn read_area(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(4, 5, "area <Name> <col> <row> <terrain> [<Short>]")?;
        let name = r.token(0, "an area name")?;
        name_ok(r, name)?;
        let short = match r.args.get(4) {
            Some(s) => {
                if s.chars().count() > MAX_SHORT || !s.chars().all(|c| c.is_ascii_graphic()) {
                    return Err(r.error(format!(
                        "a map label is at most {MAX_SHORT} letters, digits, dots or hyphens, found `{s}`"
                    )));
                }
                s.to_string()
            }
            None => name.to_string(),
        };
        if self.areas.iter().any(|a| a.name.eq_ignore_ascii_case(name)) {
            return Err(r.error(format!("area `{name}` is listed twice")));
        }
        let col = r.num_in(1, "a column", 0, 30)?;
        let row = r.num_in(2, "a row", 0, 30)?;
        if self.areas.iter().any(|a| a.col == col && a.row == row) {
            return Err(r.error(format!("two areas on the hex {col} {row}")));
        }
        let t = r.choice(3, "a terrain", &Terrain::NAMES)?;
        self.areas.push(Area {
            name: name.to_string(),
            short,
            col,
            row,
            terrain: Terrain::ALL[t],
            adj: Vec::new(),
            exits: Vec::new(),
        });
        Ok(())
    }

    fn read_noadj(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(2, 2, "noadj <A> <B>")?;
        let c = self.ctx();
        self.noadj.push((c.area(r, 0)?, c.area(r, 1)?));
        Ok(())
    }

    fn read_pass(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(3, 3, "pass <Name> <A> <B>")?;
        let c = self.ctx();
        self.pass = Some((
            r.token(0, "a name")?.to_string(),
            c.area(r, 1)?,
            c.area(r, 2)?,
            r.line,
        ));
        Ok(())
    }

    fn read_cursed(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(1, 1, "cursed <Area>")?;
        let c = self.ctx();
        self.cursed = Some(c.area(r, 0)?);
        Ok(())
    }

    fn read_exit(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(2, 2, "exit <Edge> <Area,...>")?;
        let name = r.token(0, "an edge name")?;
        name_ok(r, name)?;
        let c = self.ctx();
        if c.areas.iter().any(|a| a.name == name) || self.edges.iter().any(|e| e.name == name) {
            return Err(r.error(format!("`{name}` is already an area or an edge")));
        }
        let list = r
            .list(1, ',', "areas")?
            .into_iter()
            .map(|t| c.area_name(r, t))
            .collect::<Result<Vec<_>, _>>()?;
        self.edges.push(Edge {
            name: name.to_string(),
            areas: list,
        });
        Ok(())
    }

    fn read_nation(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(
            7,
            15,
            "nation <Name> <LL> <#rrggbb> <player> <round> <pop kinds> <limits> [flags]",
        )?;
        let name = r.token(0, "a nation name")?;
        name_ok(r, name)?;
        if self
            .nations
            .iter()
            .any(|n| n.name.eq_ignore_ascii_case(name))
        {
            return Err(r.error(format!("nation `{name}` is listed twice")));
        }
        let letters = r.token(1, "two letters")?;
        if letters.chars().count() != 2 || !letters.chars().all(|c| c.is_ascii_uppercase()) {
            return Err(r.error(format!("expected two capital letters, found `{letters}`")));
        }
        let color = r.color(2, "a colour")?;
        let player: usize = r.num_in(3, "a player", 1, PLAYERS)?;
        let first_round: u8 = r.num_in(4, "a first round", 1, ROUNDS)?;
        let pop_kinds = r
            .list(5, ',', "population kinds")?
            .into_iter()
            .map(|t| kind(r, t))
            .collect::<Result<Vec<_>, _>>()?;
        let mut limits = [0u8; 5];
        for part in r.list(6, ',', "limits")? {
            let (k, n) = part
                .split_once('=')
                .ok_or_else(|| r.error(format!("expected a limit `kind=n`, found `{part}`")))?;
            let k = kind(r, k)?;
            limits[k.index()] = n
                .parse()
                .ok()
                .filter(|&n: &u8| (1..=40).contains(&n))
                .ok_or_else(|| r.error(format!("expected a limit from 1 to 40, found `{n}`")))?;
        }
        if let Some(k) = pop_kinds.iter().find(|k| limits[k.index()] == 0) {
            return Err(r.error(format!(
                "population makes {} but the nation has no limit for it",
                k.name()
            )));
        }
        let mut flags = Flags::default();
        for f in r.rest(7) {
            match *f {
                "sea" => flags.sea = true,
                "forest" => flags.forest = true,
                "mountain" => flags.mountain = true,
                "nostop" => flags.nostop = true,
                "dice2" => flags.dice2 = true,
                "minus1" => flags.minus1 = true,
                "immortal" => flags.immortal = true,
                "plateau" => flags.plateau = true,
                other => {
                    return Err(r.error(format!(
                        "unknown flag `{other}`; expected sea forest mountain nostop dice2 minus1 immortal plateau"
                    )))
                }
            }
        }
        self.nations.push(Nation {
            name: name.to_string(),
            letters: letters.to_string(),
            color,
            player: player - 1,
            first_round,
            pop_kinds,
            limits,
            flags,
            score: ScoreRule::None,
            captures: Vec::new(),
            kills: Vec::new(),
            exits: Vec::new(),
            invasions: Vec::new(),
        });
        Ok(())
    }

    fn read_arrive(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(5, 5, "arrive <Nation> <round> <Area> <kind> <count>")?;
        let c = self.ctx();
        let nation = c.nation(r, 0)?;
        let round = r.num_in(1, "a round", 1, ROUNDS)?;
        if round < self.nations[nation].first_round {
            return Err(r.error("an arrival before the nation's first round"));
        }
        let area = c.area(r, 2)?;
        if !self.areas[area].terrain.is_land() {
            return Err(r.error("units arrive on land"));
        }
        let kind = kind(r, r.token(3, "a kind")?)?;
        let count = r.num_in(4, "a count", 1, 30)?;
        self.arrivals.push(Arrival {
            nation,
            round,
            area,
            kind,
            count,
        });
        Ok(())
    }

    fn read_invasion(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(2, 2, "invasion <Nation> <round>")?;
        let c = self.ctx();
        let n = c.nation(r, 0)?;
        let round = r.num_in(1, "a round", 1, ROUNDS)?;
        self.nations[n].invasions.push(round);
        Ok(())
    }

    fn read_score(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(3, 4, "score <Nation> <rule> <vp> [Area]")?;
        let c = self.ctx();
        let n = c.nation(r, 0)?;
        if self.scored.contains(&n) {
            return Err(r.error("a nation has one `score` line"));
        }
        let rule = r.choice(
            1,
            "a scoring rule",
            &["area", "open", "unit", "forest", "place", "none"],
        )?;
        let vp: i64 = r.num_in(2, "VP", 0, 50)?;
        let place = if rule == 4 { Some(c.area(r, 3)?) } else { None };
        self.nations[n].score = match rule {
            0 => ScoreRule::Area(vp),
            1 => ScoreRule::Open(vp),
            2 => ScoreRule::Unit(vp),
            3 => ScoreRule::Forest(vp),
            4 => ScoreRule::Place(vp, place.unwrap_or(0)),
            _ => ScoreRule::None,
        };
        self.scored.push(n);
        Ok(())
    }

    fn read_capture(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(3, 3, "capture <Nation> <Area> <vp>")?;
        let c = self.ctx();
        let n = c.nation(r, 0)?;
        let a = c.area(r, 1)?;
        let vp = r.num_in(2, "VP", 1, 50)?;
        self.nations[n].captures.push((a, vp));
        Ok(())
    }

    fn read_kill(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(3, 3, "kill <Nation> <Victim|any> <vp>")?;
        let c = self.ctx();
        let n = c.nation(r, 0)?;
        let v = if r.token(1, "a victim")? == "any" {
            None
        } else {
            Some(c.nation(r, 1)?)
        };
        let vp = r.num_in(2, "VP", 1, 50)?;
        self.nations[n].kills.push((v, vp));
        Ok(())
    }

    fn read_exitvp(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(3, 3, "exitvp <Nation> <Edge> <vp>")?;
        let c = self.ctx();
        let n = c.nation(r, 0)?;
        let e = c.edge(r, 1)?;
        let vp = r.num_in(2, "VP", 1, 50)?;
        self.nations[n].exits.push((e, vp));
        Ok(())
    }

    fn read_regalia(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(
            4,
            6,
            "regalia <Name> <Area> <round> <start|Nation> [fixed] [bow]",
        )?;
        let name = r.token(0, "a piece name")?;
        name_ok(r, name)?;
        if self
            .regalia
            .iter()
            .any(|p| p.name.eq_ignore_ascii_case(name))
        {
            return Err(r.error(format!("piece `{name}` is listed twice")));
        }
        let c = self.ctx();
        let area = c.area(r, 1)?;
        let round = r.num_in(2, "a round", 1, ROUNDS)?;
        let with_turn = if r.token(3, "start or a nation")? == "start" {
            None
        } else {
            Some(c.nation(r, 3)?)
        };
        let mut fixed = false;
        let mut needs_bow = false;
        for f in r.rest(4) {
            match *f {
                "fixed" => fixed = true,
                "bow" => needs_bow = true,
                other => {
                    return Err(r.error(format!(
                        "unknown piece flag `{other}`; expected fixed or bow"
                    )))
                }
            }
        }
        self.regalia.push(Piece {
            name: name.to_string(),
            area,
            round,
            with_turn,
            fixed,
            needs_bow,
        });
        Ok(())
    }

    fn read_round(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(2, 2, "round <n> <kinds>")?;
        let n: u8 = r.num_in(0, "a round", 1, ROUNDS)?;
        if self.rounds[n as usize - 1].is_some() {
            return Err(r.error(format!("round {n} is listed twice")));
        }
        let mut k = RoundKinds::default();
        if r.token(1, "kinds")? != "-" {
            for t in r.list(1, ',', "round kinds")? {
                match t {
                    "nation" => k.nation = true,
                    "jenarong" => k.jenarong = true,
                    "khordavu" => k.khordavu = true,
                    "complete" => k.complete = true,
                    "heroes" => k.heroes = true,
                    "shah" => k.shah = true,
                    other => return Err(r.error(format!(
                        "unknown round kind `{other}`; expected nation jenarong khordavu complete heroes shah"
                    ))),
                }
            }
        }
        self.rounds[n as usize - 1] = Some(k);
        Ok(())
    }

    fn read_excluded_areas(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(1, 1, "<keyword> <Area,...>")?;
        let c = self.ctx();
        let mut v = vec![false; self.areas.len()];
        for t in r.list(0, ',', "areas")? {
            v[c.area_name(r, t)?] = true;
        }
        if r.keyword == "shah_excluded" {
            self.shah_excluded = v;
        } else {
            self.heroes_excluded = v;
        }
        Ok(())
    }

    fn read_heroes(&mut self, r: &Record) -> Result<(), BoardError> {
        r.arity(1, 1, "heroes <Nation,...>")?;
        let c = self.ctx();
        let mut v = vec![false; self.nations.len()];
        for t in r.list(0, ',', "nations")? {
            let n = c
                .nations
                .iter()
                .position(|n| n.name == t)
                .ok_or_else(|| r.error(format!("unknown nation `{t}`")))?;
            v[n] = true;
        }
        self.heroes = v;
        Ok(())
    }
}

impl Reader {
    /// The checks of the whole file, then the data.
    fn finish(self) -> Result<PeloriaData, BoardError> {
        let Reader {
            mut areas,
            edges,
            nations,
            arrivals,
            regalia,
            rounds,
            noadj,
            pass,
            cursed,
            shah_excluded,
            heroes,
            heroes_excluded,
            scored,
        } = self;
        let file = |m: String| BoardError::file(GAME, m);
        link_areas(&mut areas, &edges, &noadj)?;
        check_map_labels(&areas, &edges)?;
        check_nations(&nations, &arrivals, &scored)?;
        if regalia.len() != 10 {
            return Err(file(format!(
                "expected 10 regalia, found {}",
                regalia.len()
            )));
        }
        let vonlath = areas
            .iter()
            .position(|a| a.name == "Vonlath")
            .ok_or_else(|| file("Vonlath is missing".into()))?;
        let bow = regalia
            .iter()
            .position(|p| p.name == "Bow")
            .ok_or_else(|| file("the regalia need the `Bow` (of Domination)".into()))?;
        if !regalia.iter().any(|p| p.fixed && p.area == vonlath) {
            return Err(file(
                "the fixed piece (the Low Crown) lies in Vonlath".into(),
            ));
        }
        let rounds: Vec<RoundKinds> = rounds
            .into_iter()
            .enumerate()
            .map(|(i, r)| r.ok_or_else(|| file(format!("round {} is not listed", i + 1))))
            .collect::<Result<_, _>>()?;
        let (pname, pa, pb, pline) =
            pass.ok_or_else(|| file("the Kartolin `pass` line is missing".into()))?;
        if !areas[pa].adj.contains(&pb) {
            return Err(BoardError::at(
                GAME,
                pline,
                "the pass must join two adjacent areas",
            ));
        }
        if shah_excluded.len() != areas.len()
            || heroes.len() != nations.len()
            || heroes_excluded.len() != areas.len()
        {
            return Err(file(
                "the `shah_excluded`, `heroes` and `heroes_excluded` lines are required".into(),
            ));
        }
        Ok(PeloriaData {
            areas,
            edges,
            nations,
            arrivals,
            regalia,
            rounds,
            shah_excluded,
            heroes,
            heroes_excluded,
            pass: (pname, pa, pb),
            cursed,
            vonlath,
            bow,
            layer: crate::render::LayerCache::new(),
        })
    }
}

/// The areas' adjacency (from the grid, less the `noadj` pairs) and exits, and the checks
/// of the map: area count, named areas, connected, seas, the Tripolis.
fn link_areas(
    areas: &mut [Area],
    edges: &[Edge],
    noadj: &[(usize, usize)],
) -> Result<(), BoardError> {
    let file = |m: String| BoardError::file(GAME, m);
    if !(60..=90).contains(&areas.len()) {
        return Err(file(format!(
            "expected 60 to 90 areas, found {}",
            areas.len()
        )));
    }
    for name in NAMED_AREAS {
        if !areas.iter().any(|a| a.name == *name) {
            return Err(file(format!(
                "the area `{name}` named in the rules is missing"
            )));
        }
    }
    // Adjacency from the grid.
    let n = areas.len();
    let mut edges_list = Vec::new();
    for i in 0..n {
        for (c, r) in hex_neighbours(areas[i].col, areas[i].row) {
            if let Some(j) = areas.iter().position(|a| a.col == c && a.row == r) {
                if noadj.contains(&(i, j)) || noadj.contains(&(j, i)) {
                    continue;
                }
                areas[i].adj.push(j);
                if i < j {
                    edges_list.push((i, j));
                }
            }
        }
        areas[i].adj.sort_unstable();
    }
    let names: Vec<String> = areas.iter().map(|a| a.name.clone()).collect();
    check_connected(GAME, "area", &names, &edges_list)?;
    for (i, e) in edges.iter().enumerate() {
        for &a in &e.areas {
            areas[a].exits.push(i);
        }
    }
    for a in areas.iter() {
        if a.terrain == Terrain::Sea
            && !a.adj.iter().any(|&b| {
                matches!(
                    areas[b].terrain,
                    Terrain::Open | Terrain::River | Terrain::Rough | Terrain::Tripolis
                )
            })
        {
            return Err(file(format!(
                "the sea `{}` touches no land a Pelandan may stop in",
                a.name
            )));
        }
    }
    let tripolis: Vec<&str> = areas
        .iter()
        .filter(|a| a.terrain == Terrain::Tripolis)
        .map(|a| a.name.as_str())
        .collect();
    if tripolis != ["Henjarl", "Vonlath", "Esvuthil"] {
        return Err(file(format!(
            "the Tripolis areas are Henjarl, Vonlath and Esvuthil, found {}",
            tripolis.join(", ")
        )));
    }
    Ok(())
}

/// The nations' checks: 16 of them, 4 per player, each scored, arriving in its first round
/// within its limits.
fn check_nations(
    nations: &[Nation],
    arrivals: &[Arrival],
    scored: &[usize],
) -> Result<(), BoardError> {
    let file = |m: String| BoardError::file(GAME, m);
    if nations.len() != NATIONS {
        return Err(file(format!(
            "expected 16 nations, found {}",
            nations.len()
        )));
    }
    for p in 0..PLAYERS {
        let c = nations.iter().filter(|x| x.player == p).count();
        if c != 4 {
            return Err(file(format!(
                "player {} has {c} nations; each player has 4",
                p + 1
            )));
        }
    }
    for (i, nat) in nations.iter().enumerate() {
        if !scored.contains(&i) {
            return Err(file(format!("nation `{}` has no `score` line", nat.name)));
        }
        if !arrivals
            .iter()
            .any(|a| a.nation == i && a.round == nat.first_round)
        {
            return Err(file(format!(
                "nation `{}` has no arrival in its first round",
                nat.name
            )));
        }
        for k in Kind::ALL {
            let total: u32 = arrivals
                .iter()
                .filter(|a| a.nation == i && a.kind == k)
                .map(|a| a.count as u32)
                .sum();
            if total > nat.limits[k.index()] as u32 {
                return Err(file(format!(
                    "nation `{}` has {total} {} arriving but a limit of {}",
                    nat.name,
                    k.name(),
                    nat.limits[k.index()]
                )));
            }
        }
    }
    Ok(())
}

/// Every authored map label is a start of its area's name that no other area or exit
/// starts with ([`crate::engine::notation::unique_prefix`], the rule `move` reads names
/// by), so a label on the map is always a way to type that area.
fn check_map_labels(areas: &[Area], edges: &[Edge]) -> Result<(), BoardError> {
    let names: Vec<&str> = areas
        .iter()
        .map(|a| a.name.as_str())
        .chain(edges.iter().map(|e| e.name.as_str()))
        .collect();
    for a in areas.iter().filter(|a| a.short != a.name) {
        let shortest = crate::engine::notation::unique_prefix(&a.name, &names, 1);
        let starts = a.name.to_lowercase().starts_with(&a.short.to_lowercase());
        if !starts || a.short.len() < shortest.len() {
            return Err(BoardError::file(
                GAME,
                format!(
                    "the map label `{}` of {} must be a start of the name that no other \
                     area or exit starts with (at least `{shortest}`), so that `move` reads it",
                    a.short, a.name
                ),
            ));
        }
    }
    Ok(())
}
