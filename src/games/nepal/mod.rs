//! Nepal (Blue Panther, Steve Jones), 3 to 5 players: spread your pieces over a hex map of
//! Nepal, link cities named on face-up trade cards, and dominate the five regions.
//!
//! Rule readings chosen here (each also explained in a rules topic):
//! - A claim marker is a piece taken from the claimant's hand. With an empty hand a route
//!   cannot be marked (it may be marked on a later turn once a piece comes back).
//! - Conflict ("and so on"): holders are ranked by their count when a pass starts; groups
//!   of equal count remove one piece each, smallest group first, stopping as soon as the
//!   province is within its limit. If a whole pass is not enough, a new pass starts from
//!   the (new) smallest holder. A lone holder over the limit is cut down the same way.
//! - A fortress owner's pieces in that province neither count toward its population nor
//!   are ever removed there; the other players resolve conflict among themselves.
//! - The end is checked after each turn's conflict: a player with an empty hand, or an
//!   empty trade deck, triggers it; then every player, the triggering one included, plays
//!   one more turn.
//! - Region domination: groups of fully tied players (same pieces, same provinces) share
//!   the points of the places they occupy (5 and 3, later places 0), rounded down: two tied
//!   for first get 4 each, three tied for first get 2 each, two tied for second get 1 each.
//!
//! Invariants of a [`Nepal`] state: piece counts per seat add up (hand + map + fortress 2 +
//! claim markers = starting pieces); the deck order is hidden from every view; `apply`
//! accepts exactly the steps `legal_steps` lists (both use [`Nepal::refusal`]).

mod board;
pub mod render;
#[cfg(test)]
mod tests;
mod topics;

use board::spread;
pub use board::{parse_board, BoardError, Card, NepalData, Outside, Province, Region, REGIONS};

use crate::engine::{match_step, notation, GameRng, Holder, ParseError};
use crate::engine::{
    Applied, Event, FinalResult, Game, GameKind, GameOptions, Kind, OptionSpec, Resolved,
    RuleError, RulesTopic, Seat, SetupError, Status, Viewer,
};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// The game's id in commands.
pub const ID: &str = "nepal";

/// The authored board file, embedded at compile time.
pub const BOARD: &str = include_str!("../../../board_art/nepal/board.txt");

/// Parse a board text and register the game with its renderer (see `games::GAMES`).
pub fn kind(text: &str) -> Result<&'static dyn GameKind, crate::engine::BoardError> {
    let data = parse_board(text).map_err(|e| crate::engine::BoardError {
        game: "Nepal",
        line: e.line,
        message: e.message,
    })?;
    Ok(Kind::<Nepal>::leak(data, render::render))
}

/// Pieces per player for 3, 4, 5 players.
pub const PIECES: [u16; 3] = [40, 35, 30];
/// Trade cards used for 3, 4, 5 players.
pub const DECK_SIZE: [usize; 3] = [20, 23, 26];
/// Face-up unclaimed cards at the start.
pub const FACE_UP: usize = 5;

/// One step. Province indices refer to [`NepalData::provinces`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NepalStep {
    /// Move one of your pieces to an adjacent province.
    Move(u8, u8),
    /// Add a piece from your hand to a province.
    Grow(u8),
    /// Build your fortress (option): two pieces, the whole turn's three actions.
    Fortress(u8),
    /// Start placement (option): put one piece anywhere within the limits.
    Place(u8),
    /// End the turn: claim routes, reveal cards, resolve conflict.
    End,
}

/// Chosen options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    pub placement: bool,
    pub boom: bool,
    pub fortress: bool,
}

impl GameOptions for Opts {
    fn specs() -> &'static [OptionSpec] {
        OPTIONS
    }
    fn from_resolved(o: &Resolved) -> Self {
        Opts {
            placement: o.get("start") == "placement",
            boom: o.on("boom"),
            fortress: o.on("fortress"),
        }
    }
}

/// Game phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Placement,
    Play,
    Over,
}

/// A trade card in play (face up), with claim markers in claim order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InPlay {
    pub card: u8,
    pub claims: Vec<u8>,
    pub revealed_turn: u32,
}

/// The end has been triggered: `turns_left` turns remain before final scoring.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndTrigger {
    pub by: usize,
    pub reason: String,
    pub turns_left: usize,
}

/// Final score detail for one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Breakdown {
    pub during_game: i64,
    /// Domination points per region.
    pub regions: Vec<i64>,
    pub cards: i64,
    pub total: i64,
    pub pieces_on_board: u32,
    pub longest_route: u8,
}

/// The game state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Nepal {
    names: Vec<String>,
    opts: Opts,
    phase: Phase,
    /// Regular pieces: `pieces[p * n + seat]`.
    pieces: Vec<u8>,
    /// Fortress owner per province.
    fortress: Vec<Option<u8>>,
    fortress_built: Vec<bool>,
    hand: Vec<u16>,
    score: Vec<i64>,
    /// Face-down deck; the next card is the last one. Hidden from every view.
    deck: Vec<u8>,
    cards: Vec<InPlay>,
    current: usize,
    moves: u8,
    grows: u8,
    actions: u8,
    this_turn: Vec<NepalStep>,
    turn: u32,
    placements_left: u8,
    end: Option<EndTrigger>,
    result: Option<FinalResult>,
    breakdown: Option<Vec<Breakdown>>,
    last_turn: Vec<String>,
    rng: GameRng,
}

/// Why a step is not legal (cheap to compute; turned into a [`RuleError`] by `apply`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    NotYourTurn,
    PlacementFirst,
    NotPlacement,
    UnknownProvince,
    NoActionsLeft,
    ThirdMove,
    ThirdGrow,
    NoPieceThere,
    NotAdjacent,
    HandEmpty,
    GrowNeedsPiece,
    FortressOff,
    FortressBuilt,
    FortressNeedsWholeTurn,
    FortressInKathmandu,
    FortressTaken,
    FortressHand,
    ProvinceFull,
}

impl Refusal {
    fn error(self, data: &NepalData, step: &NepalStep) -> RuleError {
        let pname = |p: u8| {
            data.provinces
                .get(p as usize)
                .map(|x| x.name.as_str())
                .unwrap_or("?")
        };
        let (rule, reason): (&'static str, String) = match self {
            Refusal::GameOver => ("end", "the game is over".into()),
            Refusal::NotYourTurn => ("turn", "it is not your turn".into()),
            Refusal::PlacementFirst => (
                "option-start",
                "the start placement comes first: use `place <province>`".into(),
            ),
            Refusal::NotPlacement => (
                "option-start",
                "`place` is only used during the start placement".into(),
            ),
            Refusal::UnknownProvince => ("board", "no such province".into()),
            Refusal::NoActionsLeft => (
                "actions",
                "you have used your three actions this turn; type `end`".into(),
            ),
            Refusal::ThirdMove => (
                "actions",
                "you cannot take three actions of the same kind: a third move is not allowed"
                    .into(),
            ),
            Refusal::ThirdGrow => (
                "actions",
                "you cannot take three actions of the same kind: a third grow is not allowed"
                    .into(),
            ),
            Refusal::NoPieceThere => {
                let from = if let NepalStep::Move(f, _) = step {
                    pname(*f)
                } else {
                    "?"
                };
                ("move", format!("you have no movable piece in {from}"))
            }
            Refusal::NotAdjacent => {
                let (f, t) = if let NepalStep::Move(f, t) = step {
                    (pname(*f), pname(*t))
                } else {
                    ("?", "?")
                };
                ("move", format!("{t} is not adjacent to {f}"))
            }
            Refusal::HandEmpty => ("grow", "you have no pieces left in your hand".into()),
            Refusal::GrowNeedsPiece => {
                let p = match step {
                    NepalStep::Grow(p) => pname(*p),
                    _ => "?",
                };
                (
                    "grow",
                    format!("you can only grow where you already have a piece (or in Kathmandu); you have none in {p}"),
                )
            }
            Refusal::FortressOff => (
                "option-fortress",
                "the fortress option is off in this game".into(),
            ),
            Refusal::FortressBuilt => (
                "option-fortress",
                "you have already built your fortress (once per game)".into(),
            ),
            Refusal::FortressNeedsWholeTurn => (
                "option-fortress",
                "a fortress takes all three actions: build it before any other action this turn"
                    .into(),
            ),
            Refusal::FortressInKathmandu => (
                "option-fortress",
                "a fortress cannot be built in Kathmandu".into(),
            ),
            Refusal::FortressTaken => (
                "option-fortress",
                "that province already has a fortress".into(),
            ),
            Refusal::FortressHand => (
                "option-fortress",
                "a fortress needs two pieces from your hand".into(),
            ),
            Refusal::ProvinceFull => (
                "option-start",
                "that province is already at its population limit".into(),
            ),
        };
        RuleError::new(rule, reason)
    }
}

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "start",
        help: "kathmandu: everyone starts with one piece in Kathmandu; placement: then three rounds of placing one piece anywhere within the limits",
        values: &["kathmandu", "placement"],
    },
    OptionSpec {
        key: "boom",
        help: "population boom: provinces with a city get +1 population limit",
        values: &["off", "on"],
    },
    OptionSpec {
        key: "fortress",
        help: "fortress: once per game, spend a whole turn to build a two-piece fortress that acts like Kathmandu for you",
        values: &["off", "on"],
    },
];

impl Nepal {
    fn n(&self) -> usize {
        self.names.len()
    }

    /// Regular pieces of `seat` in province `p`.
    pub fn pieces_at(&self, p: usize, seat: usize) -> u8 {
        self.pieces[p * self.n() + seat]
    }

    /// Pieces in hand per seat.
    pub fn hands(&self) -> &[u16] {
        &self.hand
    }

    /// Scores so far per seat (final totals once over).
    pub fn scores(&self) -> &[i64] {
        &self.score
    }

    fn exempt(&self, p: usize, seat: usize, data: &NepalData) -> bool {
        p == data.kathmandu || self.fortress[p] == Some(seat as u8)
    }

    /// Population of `p` that counts against its limit (fortress owner's pieces excluded).
    fn counted_population(&self, data: &NepalData, p: usize) -> u32 {
        (0..self.n())
            .filter(|&s| !self.exempt(p, s, data))
            .map(|s| self.pieces_at(p, s) as u32)
            .sum()
    }

    /// Provinces `seat` controls for routes: a regular piece or its fortress.
    fn control_mask(&self, seat: usize) -> u64 {
        let n = self.n();
        let mut m = 0u64;
        for (p, f) in self.fortress.iter().enumerate() {
            if self.pieces[p * n + seat] > 0 || *f == Some(seat as u8) {
                m |= 1 << p;
            }
        }
        m
    }

    fn route_linked(data: &NepalData, ctrl: u64, card: &Card) -> bool {
        let mut comp = ctrl & card.ends[0];
        if comp == 0 || ctrl & card.ends[1] == 0 {
            return false;
        }
        loop {
            if comp & card.ends[1] != 0 {
                return true;
            }
            let next = comp | (spread(&data.adj_mask, comp) & ctrl);
            if next == comp {
                return false;
            }
            comp = next;
        }
    }

    /// Does `seat` have an unbroken chain for `card` now?
    pub fn controls_route(&self, data: &NepalData, seat: usize, card: usize) -> bool {
        Self::route_linked(data, self.control_mask(seat), &data.cards[card])
    }

    /// The single legality check: `None` if `seat` may take `step` now.
    pub fn refusal(&self, data: &NepalData, seat: Seat, step: &NepalStep) -> Option<Refusal> {
        if self.phase == Phase::Over {
            return Some(Refusal::GameOver);
        }
        if seat != self.current {
            return Some(Refusal::NotYourTurn);
        }
        let np = data.provinces.len();
        let valid = |p: u8| (p as usize) < np;
        if self.phase == Phase::Placement {
            let NepalStep::Place(p) = *step else {
                return Some(Refusal::PlacementFirst);
            };
            if !valid(p) {
                return Some(Refusal::UnknownProvince);
            }
            if self.hand[seat] == 0 {
                return Some(Refusal::HandEmpty);
            }
            let p = p as usize;
            if let Some(lim) = data.limit(p, self.opts.boom) {
                let total: u32 = (0..self.n()).map(|s| self.pieces_at(p, s) as u32).sum();
                if total >= lim as u32 {
                    return Some(Refusal::ProvinceFull);
                }
            }
            return None;
        }
        match *step {
            NepalStep::End => None,
            NepalStep::Place(_) => Some(Refusal::NotPlacement),
            NepalStep::Move(from, to) => {
                if !valid(from) || !valid(to) {
                    return Some(Refusal::UnknownProvince);
                }
                if self.actions >= 3 {
                    return Some(Refusal::NoActionsLeft);
                }
                if self.moves >= 2 {
                    return Some(Refusal::ThirdMove);
                }
                if self.pieces_at(from as usize, seat) == 0 {
                    return Some(Refusal::NoPieceThere);
                }
                if data.adj_mask[from as usize] & (1 << to) == 0 {
                    return Some(Refusal::NotAdjacent);
                }
                None
            }
            NepalStep::Grow(p) => {
                if !valid(p) {
                    return Some(Refusal::UnknownProvince);
                }
                if self.actions >= 3 {
                    return Some(Refusal::NoActionsLeft);
                }
                if self.grows >= 2 {
                    return Some(Refusal::ThirdGrow);
                }
                if self.hand[seat] == 0 {
                    return Some(Refusal::HandEmpty);
                }
                let p = p as usize;
                if self.pieces_at(p, seat) == 0 && !self.exempt(p, seat, data) {
                    return Some(Refusal::GrowNeedsPiece);
                }
                None
            }
            NepalStep::Fortress(p) => {
                if !valid(p) {
                    return Some(Refusal::UnknownProvince);
                }
                if !self.opts.fortress {
                    return Some(Refusal::FortressOff);
                }
                if self.fortress_built[seat] {
                    return Some(Refusal::FortressBuilt);
                }
                if self.actions > 0 {
                    return Some(Refusal::FortressNeedsWholeTurn);
                }
                if p as usize == data.kathmandu {
                    return Some(Refusal::FortressInKathmandu);
                }
                if self.fortress[p as usize].is_some() {
                    return Some(Refusal::FortressTaken);
                }
                if self.hand[seat] < 2 {
                    return Some(Refusal::FortressHand);
                }
                None
            }
        }
    }

    fn candidates(&self, data: &NepalData, seat: Seat) -> Vec<NepalStep> {
        let np = data.provinces.len() as u8;
        if self.phase == Phase::Placement {
            return (0..np).map(NepalStep::Place).collect();
        }
        let mut v = Vec::with_capacity(64);
        if self.actions < 3 {
            if self.moves < 2 {
                for p in 0..np {
                    if self.pieces_at(p as usize, seat) > 0 {
                        for &q in &data.adj[p as usize] {
                            v.push(NepalStep::Move(p, q));
                        }
                    }
                }
            }
            if self.grows < 2 && self.hand[seat] > 0 {
                v.extend((0..np).map(NepalStep::Grow));
            }
            if self.opts.fortress && self.actions == 0 && !self.fortress_built[seat] {
                v.extend((0..np).map(NepalStep::Fortress));
            }
        }
        v.push(NepalStep::End);
        v
    }

    fn next_seat(&mut self) {
        self.current = (self.current + 1) % self.n();
        self.moves = 0;
        self.grows = 0;
        self.actions = 0;
        self.this_turn.clear();
    }

    /// Conflict in province `p`: returns (seat, pieces removed) per affected seat.
    fn resolve_conflict(&mut self, data: &NepalData, p: usize) -> Vec<(usize, u8)> {
        let n = self.n();
        let Some(limit) = data.limit(p, self.opts.boom) else {
            return Vec::new();
        };
        let limit = limit as u32;
        let mut removed = vec![0u8; n];
        let involved: Vec<usize> = (0..n).filter(|&s| !self.exempt(p, s, data)).collect();
        loop {
            let total: u32 = involved
                .iter()
                .map(|&s| self.pieces[p * n + s] as u32)
                .sum();
            if total <= limit {
                break;
            }
            // One pass: groups by count at the start of the pass, smallest first.
            let mut counts: Vec<u8> = involved
                .iter()
                .map(|&s| self.pieces[p * n + s])
                .filter(|&c| c > 0)
                .collect();
            counts.sort_unstable();
            counts.dedup();
            let mut total = total;
            for c in counts {
                if total <= limit {
                    break;
                }
                for &s in &involved {
                    if self.pieces[p * n + s] == c {
                        self.pieces[p * n + s] -= 1;
                        self.hand[s] += 1;
                        removed[s] += 1;
                        total -= 1;
                    }
                }
            }
        }
        removed
            .iter()
            .enumerate()
            .filter(|(_, &r)| r > 0)
            .map(|(s, &r)| (s, r))
            .collect()
    }

    fn end_turn(&mut self, data: &NepalData, seat: usize) -> Applied {
        let n = self.n();
        let mut events = Vec::new();
        let mut irreversible = false;
        let who = self.names[seat].clone();
        // Claim trade routes (only cards in play before this turn's reveals).
        let ctrl = self.control_mask(seat);
        let in_play = self.cards.len();
        for ci in 0..in_play {
            let card = &data.cards[self.cards[ci].card as usize];
            if self.cards[ci].claims.contains(&(seat as u8))
                || !Self::route_linked(data, ctrl, card)
            {
                continue;
            }
            if self.hand[seat] == 0 {
                events.push(Event::public(format!(
                    "{who} links {} but has no piece in hand to mark it",
                    card.label()
                )));
                continue;
            }
            self.hand[seat] -= 1;
            self.cards[ci].claims.push(seat as u8);
            let pos = self.cards[ci].claims.len();
            let pts = match pos {
                1 => 3,
                2 => 2,
                _ => 0,
            };
            self.score[seat] += pts;
            events.push(Event::public(format!(
                "{who} claims {} as claimant #{pos} (+{pts} VP)",
                card.label()
            )));
            if pos == 1 {
                if let Some(c) = self.deck.pop() {
                    irreversible = true;
                    self.cards.push(InPlay {
                        card: c,
                        claims: Vec::new(),
                        revealed_turn: self.turn,
                    });
                    events.push(Event::public(format!(
                        "new trade card revealed: {}",
                        data.cards[c as usize].label()
                    )));
                }
            }
        }
        // Conflict everywhere except Kathmandu.
        for p in 0..data.provinces.len() {
            if p == data.kathmandu {
                continue;
            }
            let Some(limit) = data.limit(p, self.opts.boom) else {
                continue;
            };
            if self.counted_population(data, p) <= limit as u32 {
                continue;
            }
            let removed = self.resolve_conflict(data, p);
            let parts: Vec<String> = removed
                .iter()
                .map(|(s, r)| format!("{} loses {r}", self.names[*s]))
                .collect();
            events.push(Event::public(format!(
                "conflict in {} (limit {limit}): {}",
                data.provinces[p].name,
                parts.join(", ")
            )));
        }
        // End of game.
        let mut finished = false;
        match &mut self.end {
            None => {
                let reason = if let Some(s) = (0..n).find(|&s| self.hand[s] == 0) {
                    Some(format!("{} has no pieces left in hand", self.names[s]))
                } else if self.deck.is_empty() {
                    Some("the trade deck is exhausted".to_string())
                } else {
                    None
                };
                if let Some(reason) = reason {
                    events.push(Event::public(format!(
                        "the end is triggered ({reason}): every player, {who} included, plays one more turn"
                    )));
                    self.end = Some(EndTrigger {
                        by: seat,
                        reason,
                        turns_left: n,
                    });
                }
            }
            Some(t) => {
                t.turns_left -= 1;
                finished = t.turns_left == 0;
            }
        }
        events.insert(0, Event::public(format!("{who} ends the turn")));
        self.last_turn = events.iter().map(|e| e.text.clone()).collect();
        self.turn += 1;
        if finished {
            self.finish(data);
            events.push(Event::public(format!(
                "game over: {}",
                self.result
                    .as_ref()
                    .map(|r| r.note.clone())
                    .unwrap_or_default()
            )));
            self.last_turn = events.iter().map(|e| e.text.clone()).collect();
        } else {
            self.next_seat();
        }
        Applied {
            events,
            irreversible,
            turn_ended: true,
            secret: false,
        }
    }

    /// Domination points per seat in region `r`.
    fn region_points(&self, data: &NepalData, r: usize) -> Vec<i64> {
        let n = self.n();
        let mut stats: Vec<(u32, u32, usize)> = Vec::new();
        for s in 0..n {
            let (mut pcs, mut provs) = (0u32, 0u32);
            for p in 0..data.provinces.len() {
                if data.region_mask[r] & (1 << p) == 0 {
                    continue;
                }
                let c = self.pieces_at(p, s) as u32;
                pcs += c;
                provs += (c > 0) as u32;
                if self.fortress[p] == Some(s as u8) {
                    pcs += 2;
                    provs += 1;
                }
            }
            if pcs > 0 {
                stats.push((pcs, provs, s));
            }
        }
        stats.sort_by_key(|a| std::cmp::Reverse((a.0, a.1)));
        let pool = [5i64, 3];
        let mut pts = vec![0i64; n];
        let mut pos = 0;
        let mut i = 0;
        while i < stats.len() {
            let mut j = i;
            while j < stats.len() && (stats[j].0, stats[j].1) == (stats[i].0, stats[i].1) {
                j += 1;
            }
            let k = j - i;
            let share: i64 = (pos..pos + k)
                .map(|x| pool.get(x).copied().unwrap_or(0))
                .sum::<i64>()
                / k as i64;
            for st in &stats[i..j] {
                pts[st.2] = share;
            }
            pos += k;
            i = j;
        }
        pts
    }

    fn pieces_on_board(&self, seat: usize) -> u32 {
        let n = self.n();
        let regular: u32 = (0..self.fortress.len())
            .map(|p| self.pieces[p * n + seat] as u32)
            .sum();
        regular
            + 2 * self
                .fortress
                .iter()
                .filter(|f| **f == Some(seat as u8))
                .count() as u32
    }

    /// Final scoring; sets the result and switches to [`Phase::Over`].
    fn finish(&mut self, data: &NepalData) {
        let n = self.n();
        let ctrl: Vec<u64> = (0..n).map(|s| self.control_mask(s)).collect();
        let mut bd: Vec<Breakdown> = (0..n)
            .map(|s| Breakdown {
                during_game: self.score[s],
                regions: vec![0; REGIONS],
                cards: 0,
                total: 0,
                pieces_on_board: self.pieces_on_board(s),
                longest_route: 0,
            })
            .collect();
        for r in 0..REGIONS {
            for (s, pts) in self.region_points(data, r).into_iter().enumerate() {
                bd[s].regions[r] = pts;
            }
        }
        for ip in &self.cards {
            let card = &data.cards[ip.card as usize];
            for (s, b) in bd.iter_mut().enumerate() {
                if Self::route_linked(data, ctrl[s], card) {
                    b.longest_route = b.longest_route.max(card.length);
                }
            }
            let mut holders = ip
                .claims
                .iter()
                .map(|&s| s as usize)
                .filter(|&s| Self::route_linked(data, ctrl[s], card));
            if let Some(s) = holders.next() {
                bd[s].cards += card.high_points(n);
            }
            if let Some(s) = holders.next() {
                bd[s].cards += card.low_points(n);
            }
        }
        for b in bd.iter_mut() {
            b.total = b.during_game + b.regions.iter().sum::<i64>() + b.cards;
        }
        let key = |s: usize| {
            (
                -bd[s].total,
                bd[s].pieces_on_board as i64,
                -(bd[s].longest_route as i64),
            )
        };
        let places: Vec<u32> = (0..n)
            .map(|s| 1 + (0..n).filter(|&o| key(o) < key(s)).count() as u32)
            .collect();
        // Note on ties.
        let mut notes = Vec::new();
        let mut seen_scores = Vec::new();
        for s in 0..n {
            let t = bd[s].total;
            if seen_scores.contains(&t) {
                continue;
            }
            let tied: Vec<usize> = (0..n).filter(|&o| bd[o].total == t).collect();
            if tied.len() > 1 {
                seen_scores.push(t);
                let desc: Vec<String> = tied
                    .iter()
                    .map(|&o| {
                        format!(
                            "{} ({} on board, longest route {})",
                            self.names[o], bd[o].pieces_on_board, bd[o].longest_route
                        )
                    })
                    .collect();
                notes.push(format!(
                    "tie on {t} VP broken by fewer pieces on the board, then the longest controlled route: {}",
                    desc.join(", ")
                ));
            }
        }
        let winners: Vec<&str> = (0..n)
            .filter(|&s| places[s] == 1)
            .map(|s| self.names[s].as_str())
            .collect();
        let mut note = format!("{} wins", winners.join(" and "));
        if winners.len() > 1 {
            note = format!("{} share the win", winners.join(" and "));
        }
        for x in notes {
            let _ = write!(note, "; {x}");
        }
        self.score = bd.iter().map(|b| b.total).collect();
        self.result = Some(FinalResult {
            scores: self.score.clone(),
            places,
            note,
        });
        self.breakdown = Some(bd);
        self.phase = Phase::Over;
    }
}

/// A player as seen by everyone (nothing in Nepal is private except the deck order).
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    pub name: String,
    pub hand: u16,
    pub score: i64,
    pub on_board: u32,
    pub fortress_built: bool,
}

/// A trade card in play.
#[derive(Clone, Debug, Serialize)]
pub struct CardView {
    /// Index into [`NepalData::cards`] (ends, values, stars, route length).
    pub card: usize,
    pub label: String,
    /// Claimants in claim order.
    pub claims: Vec<usize>,
    /// Revealed at the end of the previous turn (shown as new).
    #[serde(skip_serializing_if = "is_false")]
    pub just_revealed: bool,
}

/// What a viewer sees. Never contains the deck order.
#[derive(Clone, Debug, Serialize)]
pub struct NepalView {
    pub viewer: Option<usize>,
    pub players: Vec<PlayerView>,
    /// Regular pieces: `pieces[province][seat]` (provinces indexed like
    /// [`NepalData::provinces`], which holds names, limits and cities). Serialized sparsely
    /// as `{"<province index>": [count per seat], ...}` for occupied provinces only.
    #[serde(serialize_with = "sparse_pieces")]
    pub pieces: Vec<Vec<u8>>,
    /// Fortresses as (province, owner).
    pub fortresses: Vec<(usize, usize)>,
    /// Provinces over their limit: conflict there at the end of the turn.
    pub over_limit: Vec<usize>,
    pub cards: Vec<CardView>,
    pub deck_left: usize,
    pub phase: Phase,
    /// Seat to act (None once over).
    pub current: Option<usize>,
    pub turn: u32,
    /// Steps taken so far this turn, in notation.
    pub actions_taken: Vec<String>,
    pub actions_left: u8,
    pub placements_left: u8,
    pub options: Opts,
    pub end_trigger: Option<EndTrigger>,
    /// What happened at the last `end`.
    pub last_turn: Vec<String>,
    pub final_result: Option<FinalResult>,
    pub breakdown: Option<Vec<Breakdown>>,
}

fn sparse_pieces<S: serde::Serializer>(pieces: &[Vec<u8>], ser: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let occupied = pieces.iter().filter(|v| v.iter().any(|&c| c > 0)).count();
    let mut m = ser.serialize_map(Some(occupied))?;
    for (p, v) in pieces.iter().enumerate() {
        if v.iter().any(|&c| c > 0) {
            m.serialize_entry(&p, v)?;
        }
    }
    m.end()
}

impl NepalView {
    /// Pieces in province `p` that count against its limit (a fortress owner's are left
    /// out).
    pub fn population(&self, data: &NepalData, p: usize) -> u32 {
        let owner = self.fortresses.iter().find(|f| f.0 == p).map(|f| f.1);
        self.pieces[p]
            .iter()
            .enumerate()
            .filter(|(s, _)| Some(*s) != owner)
            .map(|(_, &c)| c as u32)
            .sum::<u32>()
            * (p != data.kathmandu) as u32
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn fmt_num(v: u8, star: bool) -> String {
    if star {
        format!("{v}*")
    } else {
        v.to_string()
    }
}

impl Game for Nepal {
    type Step = NepalStep;
    type Data = NepalData;
    type View = NepalView;
    type Options = Opts;

    const ID: &'static str = ID;
    const NAME: &'static str = "Nepal";
    const MIN_PLAYERS: usize = 3;
    const MAX_PLAYERS: usize = 5;

    fn setup(
        data: &NepalData,
        players: &[String],
        opts: &Opts,
        seed: u64,
    ) -> Result<Self, SetupError> {
        let n = players.len();
        let opts = *opts;
        let used = DECK_SIZE[n - 3];
        if data.cards.len() < used {
            return Err(SetupError(format!(
                "the board has {} trade cards; {n} players need {used}",
                data.cards.len()
            )));
        }
        let mut rng = GameRng::new(seed);
        let mut order: Vec<u8> = (0..data.cards.len() as u8).collect();
        rng.shuffle(&mut order);
        order.truncate(used);
        let face: Vec<u8> = order.split_off(used - FACE_UP);
        let np = data.provinces.len();
        let mut pieces = vec![0u8; np * n];
        for s in 0..n {
            pieces[data.kathmandu * n + s] = 1;
        }
        Ok(Nepal {
            names: players.to_vec(),
            opts,
            phase: if opts.placement {
                Phase::Placement
            } else {
                Phase::Play
            },
            pieces,
            fortress: vec![None; np],
            fortress_built: vec![false; n],
            hand: vec![PIECES[n - 3] - 1; n],
            score: vec![0; n],
            deck: order,
            cards: face
                .into_iter()
                .map(|c| InPlay {
                    card: c,
                    claims: Vec::new(),
                    revealed_turn: 0,
                })
                .collect(),
            current: 0,
            moves: 0,
            grows: 0,
            actions: 0,
            this_turn: Vec::new(),
            turn: 1,
            placements_left: if opts.placement { 3 * n as u8 } else { 0 },
            end: None,
            result: None,
            breakdown: None,
            last_turn: Vec::new(),
            rng,
        })
    }

    fn status(&self) -> Status {
        match &self.result {
            Some(r) => Status::Finished(r.clone()),
            None => Status::Acting(vec![self.current]),
        }
    }

    fn legal_steps(&self, data: &NepalData, seat: Seat) -> Vec<NepalStep> {
        if self.phase == Phase::Over || seat != self.current {
            return Vec::new();
        }
        let mut v = self.candidates(data, seat);
        v.retain(|s| self.refusal(data, seat, s).is_none());
        v
    }

    fn check(&self, data: &NepalData, seat: Seat, step: &NepalStep) -> Result<(), RuleError> {
        match self.refusal(data, seat, step) {
            Some(r) => Err(r.error(data, step)),
            None => Ok(()),
        }
    }

    fn apply(
        &mut self,
        data: &NepalData,
        seat: Seat,
        step: &NepalStep,
    ) -> Result<Applied, RuleError> {
        self.check(data, seat, step)?;
        let n = self.n();
        let who = self.names[seat].clone();
        let pname = |p: u8| data.provinces[p as usize].name.as_str();
        let applied = match *step {
            NepalStep::Place(p) => {
                self.pieces[p as usize * n + seat] += 1;
                self.hand[seat] -= 1;
                self.placements_left -= 1;
                let ev = Event::public(format!("{who} places a piece in {}", pname(p)));
                if self.placements_left == 0 {
                    self.phase = Phase::Play;
                    self.current = 0;
                    self.moves = 0;
                    self.grows = 0;
                    self.actions = 0;
                    self.this_turn.clear();
                } else {
                    self.next_seat();
                }
                Applied {
                    events: vec![ev],
                    irreversible: false,
                    turn_ended: true,
                    secret: false,
                }
            }
            NepalStep::Move(f, t) => {
                self.pieces[f as usize * n + seat] -= 1;
                self.pieces[t as usize * n + seat] += 1;
                self.moves += 1;
                self.actions += 1;
                self.this_turn.push(*step);
                Applied {
                    events: vec![Event::public(format!(
                        "{who} moves a piece from {} to {}",
                        pname(f),
                        pname(t)
                    ))],
                    ..Applied::default()
                }
            }
            NepalStep::Grow(p) => {
                self.pieces[p as usize * n + seat] += 1;
                self.hand[seat] -= 1;
                self.grows += 1;
                self.actions += 1;
                self.this_turn.push(*step);
                Applied {
                    events: vec![Event::public(format!("{who} grows in {}", pname(p)))],
                    ..Applied::default()
                }
            }
            NepalStep::Fortress(p) => {
                self.fortress[p as usize] = Some(seat as u8);
                self.fortress_built[seat] = true;
                self.hand[seat] -= 2;
                self.actions = 3;
                self.this_turn.push(*step);
                Applied {
                    events: vec![Event::public(format!(
                        "{who} builds a fortress in {}",
                        pname(p)
                    ))],
                    ..Applied::default()
                }
            }
            NepalStep::End => self.end_turn(data, seat),
        };
        Ok(applied)
    }

    fn format_step(data: &NepalData, step: &NepalStep) -> String {
        let pname = |p: u8| {
            data.provinces
                .get(p as usize)
                .map(|x| x.name.as_str())
                .unwrap_or("?")
        };
        match *step {
            NepalStep::Move(f, t) => format!("move {} {}", pname(f), pname(t)),
            NepalStep::Grow(p) => format!("grow {}", pname(p)),
            NepalStep::Fortress(p) => format!("fortress {}", pname(p)),
            NepalStep::Place(p) => format!("place {}", pname(p)),
            NepalStep::End => "end".to_string(),
        }
    }

    fn label_step(data: &NepalData, step: &NepalStep) -> String {
        let pname = |p: u8| {
            data.provinces
                .get(p as usize)
                .map(|x| x.name.as_str())
                .unwrap_or("?")
        };
        match *step {
            NepalStep::Move(f, t) => format!("Move a piece from {} to {}", pname(f), pname(t)),
            NepalStep::Grow(p) => format!("Grow: add a piece in {}", pname(p)),
            NepalStep::Fortress(p) => {
                format!("Build your fortress in {} (uses the whole turn)", pname(p))
            }
            NepalStep::Place(p) => format!("Place a starting piece in {}", pname(p)),
            NepalStep::End => "End the turn (claim routes, then conflict)".to_string(),
        }
    }

    /// Same matching rules as the default (`engine::match_step` over the legal steps: an
    /// exact match wins, else a unique per-word prefix match), computed from the words
    /// instead of formatting every legal step: the kind and province names are matched by
    /// prefix, the few resulting steps are checked with [`Nepal::refusal`]. Errors are
    /// worded by the shared matcher.
    fn parse_step(
        &self,
        data: &NepalData,
        seat: Seat,
        text: &str,
    ) -> Result<NepalStep, ParseError> {
        let words = notation::words(text)?;
        let matching = |w: &str| -> Vec<(u8, bool)> {
            data.lower
                .iter()
                .enumerate()
                .filter(|(_, n)| n.starts_with(w))
                .map(|(i, n)| (i as u8, n == w))
                .collect()
        };
        let mut hits: Vec<NepalStep> = Vec::new();
        const KINDS: [(&str, usize); 5] = [
            ("move", 2),
            ("grow", 1),
            ("fortress", 1),
            ("place", 1),
            ("end", 0),
        ];
        for (kind, arity) in KINDS {
            if words.len() != 1 + arity || !kind.starts_with(words[0].as_str()) {
                continue;
            }
            let kexact = kind == words[0];
            let mut steps: Vec<(NepalStep, bool)> = Vec::new();
            match arity {
                0 => steps.push((NepalStep::End, kexact)),
                1 => {
                    for (p, e) in matching(&words[1]) {
                        let st = match kind {
                            "grow" => NepalStep::Grow(p),
                            "fortress" => NepalStep::Fortress(p),
                            _ => NepalStep::Place(p),
                        };
                        steps.push((st, kexact && e));
                    }
                }
                _ => {
                    let to = matching(&words[2]);
                    for (f, e1) in matching(&words[1]) {
                        for &(t, e2) in &to {
                            steps.push((NepalStep::Move(f, t), kexact && e1 && e2));
                        }
                    }
                }
            }
            for (st, exact) in steps {
                if self.refusal(data, seat, &st).is_none() {
                    if exact {
                        return Ok(st);
                    }
                    hits.push(st);
                }
            }
        }
        if hits.len() == 1 {
            return Ok(hits[0]);
        }
        // No match or several: let the shared matcher word the error.
        let legal = self.legal_steps(data, seat);
        let names: Vec<String> = legal.iter().map(|s| Self::format_step(data, s)).collect();
        let i = match_step(text, &names)?;
        Ok(legal[i])
    }

    fn view(&self, data: &NepalData, viewer: Viewer) -> NepalView {
        let n = self.n();
        let np = data.provinces.len();
        let pieces = (0..np)
            .map(|p| self.pieces[p * n..(p + 1) * n].to_vec())
            .collect();
        let fortresses = (0..np)
            .filter_map(|p| self.fortress[p].map(|s| (p, s as usize)))
            .collect();
        let over_limit = (0..np)
            .filter(|&p| {
                data.limit(p, self.opts.boom)
                    .is_some_and(|l| self.counted_population(data, p) > l as u32)
            })
            .collect();
        let cards = self
            .cards
            .iter()
            .map(|ip| {
                let c = &data.cards[ip.card as usize];
                CardView {
                    card: ip.card as usize,
                    label: c.label(),
                    claims: ip.claims.iter().map(|&s| s as usize).collect(),
                    just_revealed: ip.revealed_turn > 0 && ip.revealed_turn + 1 == self.turn,
                }
            })
            .collect();
        NepalView {
            viewer: match viewer {
                Viewer::Seat(s) if s < n => Some(s),
                _ => None,
            },
            players: (0..n)
                .map(|s| PlayerView {
                    name: self.names[s].clone(),
                    hand: self.hand[s],
                    score: self.score[s],
                    on_board: self.pieces_on_board(s),
                    fortress_built: self.fortress_built[s],
                })
                .collect(),
            pieces,
            fortresses,
            over_limit,
            cards,
            deck_left: self.deck.len(),
            phase: self.phase,
            current: (self.phase != Phase::Over).then_some(self.current),
            turn: self.turn,
            actions_taken: self
                .this_turn
                .iter()
                .map(|s| Self::format_step(data, s))
                .collect(),
            actions_left: 3 - self.actions.min(3),
            placements_left: self.placements_left,
            options: self.opts,
            end_trigger: self.end.clone(),
            last_turn: self.last_turn.clone(),
            final_result: self.result.clone(),
            breakdown: self.breakdown.clone(),
        }
    }

    fn describe(data: &NepalData, view: &NepalView) -> String {
        describe(data, view)
    }

    fn private_markers(&self, _data: &NepalData, _seat: Seat) -> Vec<String> {
        // Nothing in Nepal is private to one seat: hands are public piece counts.
        Vec::new()
    }

    fn scramble(&self, data: &NepalData, holder: Holder, rng: &mut GameRng) -> Self {
        // The only hidden information is the face-down deck, hidden from everyone: which of
        // the cards not yet revealed are in it, and their order.
        let mut g = self.clone();
        if holder != Holder::Nobody {
            return g;
        }
        let revealed: Vec<u8> = self.cards.iter().map(|c| c.card).collect();
        let mut pool: Vec<u8> = (0..data.cards.len() as u8)
            .filter(|c| !revealed.contains(c))
            .collect();
        rng.shuffle(&mut pool);
        pool.truncate(self.deck.len());
        g.deck = pool;
        g
    }

    fn rules_topics() -> &'static [RulesTopic] {
        topics::TOPICS
    }
}

/// Seed of the scripted demo game ([`demo_script`]).
pub const DEMO_SEED: u64 = 2;
/// Players in the scripted demo game.
pub const DEMO_PLAYERS: usize = 3;

/// A complete 3-player game with default options from seed [`DEMO_SEED`] on the embedded
/// board, as (seat, step) pairs. Outcome (checked by a test): Ann 5, Bob 8, Cy 14 VP.
/// Ann only grows in Kathmandu and empties her hand in round 20, which triggers the end;
/// Bob claims Kathmandu-Lhasa first then loses it (and a piece to conflict in Gorkha);
/// Cy claims Kathmandu-Birgunj first and Kathmandu-Lhasa second.
pub fn demo_script() -> Vec<(usize, &'static str)> {
    let mut v: Vec<(usize, &'static str)> = vec![
        (0, "grow Kathmandu"),
        (0, "grow Kathmandu"),
        (0, "end"),
        (1, "move Kathmandu Rasuwa"),
        (1, "grow Kathmandu"),
        (1, "end"),
        (2, "move Kathmandu Makwanpur"),
        (2, "grow Makwanpur"),
        (2, "move Makwanpur Parsa"),
        (2, "end"),
        (0, "grow Kathmandu"),
        (0, "grow Kathmandu"),
        (0, "end"),
        (1, "move Rasuwa Gorkha"),
        (1, "grow Gorkha"),
        (1, "grow Gorkha"),
        (1, "end"),
        (2, "grow Kathmandu"),
        (2, "move Kathmandu Sindhupalchok"),
        (2, "grow Kathmandu"),
        (2, "end"),
        (0, "grow Kathmandu"),
        (0, "grow Kathmandu"),
        (0, "end"),
        (1, "move Gorkha Dhading"),
        (1, "end"),
        (2, "end"),
    ];
    for _ in 4..=19 {
        v.extend([
            (0, "grow Kathmandu"),
            (0, "grow Kathmandu"),
            (0, "end"),
            (1, "end"),
            (2, "end"),
        ]);
    }
    v.extend([
        (0, "grow Kathmandu"),
        (0, "end"),
        (1, "end"),
        (2, "end"),
        (0, "end"),
    ]);
    v
}

/// Text summary of a view: whose turn, actions, scores, hands, cards with markers.
pub fn describe(data: &NepalData, view: &NepalView) -> String {
    let mut out = String::new();
    let name = |s: usize| view.players.get(s).map(|p| p.name.as_str()).unwrap_or("?");
    match (&view.final_result, view.current) {
        (Some(r), _) => {
            let _ = writeln!(out, "Nepal — game over. {}", r.note);
        }
        (None, Some(c)) if view.phase == Phase::Placement => {
            let _ = writeln!(
                out,
                "Nepal — start placement: {} places a piece ({} placements left). Use `place <province>`.",
                name(c),
                view.placements_left
            );
        }
        (None, Some(c)) => {
            let taken = if view.actions_taken.is_empty() {
                "none yet".to_string()
            } else {
                view.actions_taken.join(", ")
            };
            let _ = writeln!(
                out,
                "Nepal — turn {}: {} to act, {} action(s) left (taken: {taken}). Type `end` to finish.",
                view.turn,
                name(c),
                view.actions_left
            );
        }
        _ => {}
    }
    if let Some(t) = &view.end_trigger {
        if view.final_result.is_none() {
            let _ = writeln!(
                out,
                "End triggered by {} ({}): {} turn(s) left.",
                name(t.by),
                t.reason,
                t.turns_left
            );
        }
    }
    let _ = writeln!(out, "Players:");
    for (s, p) in view.players.iter().enumerate() {
        let mark = if view.current == Some(s) { "▶" } else { " " };
        let extra = match &view.breakdown {
            Some(b) => {
                let b = &b[s];
                format!(
                    " (game {} + regions {} + cards {})",
                    b.during_game,
                    b.regions.iter().sum::<i64>(),
                    b.cards
                )
            }
            None => String::new(),
        };
        let place = view
            .final_result
            .as_ref()
            .map(|r| format!(" place {}", r.places[s]))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{mark} {}: {} VP{extra}{place}, {} in hand, {} on the map{}",
            p.name,
            p.score,
            p.hand,
            p.on_board,
            if p.fortress_built {
                ", fortress built"
            } else {
                ""
            }
        );
    }
    let mut map = Vec::new();
    for (p, counts) in view.pieces.iter().enumerate() {
        let fort = view.fortresses.iter().find(|f| f.0 == p).map(|f| f.1);
        let mut parts: Vec<String> = counts
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(s, &c)| format!("{} {c}", name(s)))
            .collect();
        if let Some(o) = fort {
            parts.push(format!("{}'s fortress", name(o)));
        }
        if !parts.is_empty() {
            map.push(format!("{} ({})", data.provinces[p].name, parts.join(", ")));
        }
    }
    if !map.is_empty() {
        let _ = writeln!(out, "Map: {}", map.join("; "));
    }
    let _ = writeln!(
        out,
        "Trade cards in play ({} left in the deck):",
        view.deck_left
    );
    for cv in &view.cards {
        let c = &data.cards[cv.card];
        let claims: Vec<&str> = cv.claims.iter().map(|&s| name(s)).collect();
        let _ = writeln!(
            out,
            "  {} [{}/{}]{}{}",
            cv.label,
            fmt_num(c.high, c.high_star),
            fmt_num(c.low, c.low_star),
            if claims.is_empty() {
                " unclaimed".to_string()
            } else {
                format!(" claimed by {}", claims.join(", "))
            },
            if cv.just_revealed { " (new)" } else { "" }
        );
    }
    let over: Vec<String> = view
        .over_limit
        .iter()
        .map(|&p| {
            format!(
                "{} ({}/{})",
                data.provinces[p].name,
                view.population(data, p),
                data.limit(p, view.options.boom).unwrap_or(0)
            )
        })
        .collect();
    if !over.is_empty() {
        let _ = writeln!(
            out,
            "Over the limit (conflict at end of turn): {}",
            over.join(", ")
        );
    }
    if !view.last_turn.is_empty() {
        let _ = writeln!(out, "Last turn: {}", view.last_turn.join("; "));
    }
    out.trim_end().to_string()
}
