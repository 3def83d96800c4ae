//! The per-viewer view of a Nepal game, its text summary, and the scramble of hidden
//! information. Nothing is private to one seat (hands are public counts); the face-down
//! deck is hidden from everyone, so no view carries it.

use super::{Breakdown, EndTrigger, Nepal, NepalData, Opts, Phase};
use crate::engine::{FinalResult, Game, GameRng, Holder, Viewer};
use serde::Serialize;
use std::fmt::Write as _;

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
pub struct View {
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
    /// The last turn's public log: its actions, then what its `end` did.
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

impl View {
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

impl Nepal {
    pub(super) fn view_for(&self, data: &NepalData, viewer: Viewer) -> View {
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
        View {
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
                .map(|s| <Self as Game>::format_step(data, s))
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

    /// `holder`'s hidden information redrawn, in place (see
    /// [`crate::engine::Game::scramble`]).
    pub(super) fn scramble_deck(&mut self, data: &NepalData, holder: Holder, rng: &mut GameRng) {
        // The only hidden information is nobody's: the face-down deck (which of the cards
        // not yet revealed are in it, and their order) and the RNG's future draws.
        if holder != Holder::Nobody {
            return;
        }
        self.rng = GameRng::new(rng.next_u64());
        let revealed: Vec<u8> = self.cards.iter().map(|c| c.card).collect();
        let mut pool: Vec<u8> = (0..data.cards.len() as u8)
            .filter(|c| !revealed.contains(c))
            .collect();
        rng.shuffle(&mut pool);
        pool.truncate(self.deck.len());
        self.deck = pool;
    }
}

/// Text summary of a view: whose turn, actions, scores, hands, cards with markers.
pub fn describe(data: &NepalData, view: &View) -> String {
    let mut out = String::new();
    write_turn(&mut out, view);
    write_players(&mut out, view);
    write_map_and_cards(&mut out, data, view);
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

/// Who is where on the map, and the trade cards in play with their claims.
fn write_map_and_cards(out: &mut String, data: &NepalData, view: &View) {
    let name = |s: usize| view.players.get(s).map(|p| p.name.as_str()).unwrap_or("?");
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
}

/// One line per player: score (and its breakdown at the end), hand, map, fortress.
fn write_players(out: &mut String, view: &View) {
    let _ = writeln!(out, "Players:");
    for (s, p) in view.players.iter().enumerate() {
        let mark = if view.current == Some(s) { "▶" } else { " " };
        let extra = view
            .final_result
            .as_ref()
            .map(|r| r.parts_in_brackets(s))
            .unwrap_or_default();
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
}

/// Whose turn it is and what they may do, or the result; the end trigger.
fn write_turn(out: &mut String, view: &View) {
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
                "Nepal — turn {}: {} to act, {} left (taken: {taken}). Type `end` to finish.",
                view.turn,
                name(c),
                crate::engine::counted(view.actions_left, "action")
            );
        }
        _ => {}
    }
    if let Some(t) = &view.end_trigger {
        if view.final_result.is_none() {
            let _ = writeln!(
                out,
                "End triggered by {} ({}): {} left.",
                name(t.by),
                t.reason,
                crate::engine::counted(t.turns_left, "turn")
            );
        }
    }
}
