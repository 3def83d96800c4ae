//! The per-viewer view of a Nippon game, and its text summary.
//!
//! Visibility (decided here only): everything in Nippon is open information. Player
//! boards, goods, contracts, workers on slots, rows and boards, the bag's contents per
//! colour (its draw order does not exist until drawn), the influence tiles and the reward
//! stacks are seen by every viewer alike, so every viewer gets the same view. The one
//! hidden thing is nobody's: the RNG's future draws ([`scramble`] re-seeds it).

use super::rules::{needs_text, BONUS_WORDS};
use super::{Nippon, NipponData, Stage, TrackKind};
use crate::engine::{FinalResult, GameRng, Holder, Seat, Viewer};
use serde::Serialize;

/// Player colours by seat (NIP-SETUP-1).
pub const PLAYER_COLOURS: [&str; 4] = ["yellow", "red", "purple", "blue"];

/// One factory as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FactoryView {
    pub good: usize,
    pub machine: u8,
    pub goods: u8,
}

/// One player's board as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerView {
    pub name: String,
    /// The player colour (NIP-SETUP-1), by seat: yellow, red, purple, blue.
    pub colour: &'static str,
    pub vp: i64,
    pub yen: u32,
    pub coal: u32,
    pub blueprints: u32,
    /// Marker slots on money, coal, knowledge.
    pub tracks: [usize; 3],
    /// Values at the markers (income, coal income, knowledge level).
    pub levels: [u32; 3],
    pub factories: Vec<FactoryView>,
    pub machines: u32,
    /// Contract numbers still face up.
    pub contracts_open: Vec<u8>,
    pub trains_left: u8,
    pub ships_left: u8,
    pub tiles: Vec<u8>,
    pub workers: Vec<u8>,
    pub achievements: Vec<Option<u32>>,
}

/// A placed influence tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TileView {
    pub seat: Seat,
    pub value: u8,
}

/// A city slot as shown: its name, the good and overseas number of each side, and tiles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CityView {
    pub name: String,
    pub goods: [usize; 4],
    pub overseas: [u32; 4],
    pub tiles: [Option<TileView>; 4],
}

/// The local-market tile the current player chose and has not placed yet (`tile`, then
/// `city`): its value, good and cubes, and the city chosen where a tie there still asks
/// which tile goes back (`remove`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PendingTile {
    pub value: u8,
    pub good: usize,
    pub cubes: u8,
    pub city: Option<usize>,
}

/// The whole view (the same for every viewer).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct View {
    pub viewer: Viewer,
    pub players: Vec<PlayerView>,
    pub current: Seat,
    /// What the current player is asked, in words.
    pub asking: String,
    pub slots: Vec<Vec<u8>>,
    pub rows: Vec<Vec<u8>>,
    pub bag: Vec<u32>,
    pub marker: usize,
    pub scorings: u8,
    pub final_turns: Option<u32>,
    pub cities: Vec<CityView>,
    /// Trains and ships per region: (seat, is ship).
    pub rail: Vec<Vec<(Seat, bool)>>,
    pub rail_slots: usize,
    pub rewards: Vec<u32>,
    pub multipliers: u32,
    /// The chosen local-market tile still to place, if any.
    pub pending_tile: Option<PendingTile>,
    pub log: Vec<String>,
    /// The public events of the last complete turn (everything in Nippon is public).
    pub last_turn: Vec<String>,
    pub result: Option<FinalResult>,
}

impl Nippon {
    pub(super) fn view_for(&self, data: &NipponData, viewer: Viewer) -> View {
        let players = (0..self.n()).map(|s| self.player_view(data, s)).collect();
        let cities = (0..8)
            .map(|c| CityView {
                name: data.city_name(c).to_string(),
                goods: [0, 1, 2, 3].map(|s| self.good_at(data, c, s)),
                overseas: data.regions[c / 2].slots[c % 2],
                tiles: self.influence[c].map(|t| {
                    t.map(|t| TileView {
                        seat: t.seat as usize,
                        value: t.value,
                    })
                }),
            })
            .collect();
        View {
            viewer,
            players,
            current: self.current,
            asking: self.asking(data),
            slots: self.slots.clone(),
            rows: self.rows.clone(),
            bag: self.bag.clone(),
            marker: self.marker,
            scorings: self.scorings,
            final_turns: self.final_turns,
            cities,
            rail: self
                .rail
                .iter()
                .map(|r| r.iter().map(|&(s, sh)| (s as usize, sh)).collect())
                .collect(),
            rail_slots: data.rail_slots[self.n() - 2],
            rewards: self.rewards.clone(),
            multipliers: self.multipliers,
            pending_tile: self.pending_tile(),
            log: self.log.iter().rev().take(8).rev().cloned().collect(),
            last_turn: self.last_turn.clone(),
            result: self.result.clone(),
        }
    }

    /// One player's board as every viewer sees it.
    fn player_view(&self, data: &NipponData, s: usize) -> PlayerView {
        let p = &self.players[s];
        PlayerView {
            name: self.names[s].clone(),
            colour: PLAYER_COLOURS[s],
            vp: p.vp,
            yen: p.yen,
            coal: p.coal,
            blueprints: p.blueprints,
            tracks: p.tracks,
            levels: [
                self.track_value(data, s, TrackKind::Money),
                self.track_value(data, s, TrackKind::Coal),
                self.track_value(data, s, TrackKind::Knowledge),
            ],
            factories: p
                .factories
                .iter()
                .enumerate()
                .filter_map(|(g, f)| {
                    f.map(|f| FactoryView {
                        good: g,
                        machine: f.machine,
                        goods: f.goods,
                    })
                })
                .collect(),
            machines: p.machines,
            contracts_open: (0..p.fulfilled.len())
                .filter(|&k| !p.fulfilled[k])
                .map(|k| k as u8 + 1)
                .collect(),
            trains_left: super::RAIL_TILES - p.trains,
            ships_left: super::RAIL_TILES - p.ships,
            tiles: p.tiles.clone(),
            workers: p.workers.clone(),
            achievements: p.achievements.clone(),
        }
    }

    /// The local-market tile chosen and not yet placed, if any.
    fn pending_tile(&self) -> Option<PendingTile> {
        match &self.stage {
            Stage::Market(m) => m.tile.map(|(value, good, cubes)| PendingTile {
                value,
                good: good as usize,
                cubes,
                city: m.city.map(usize::from),
            }),
            _ => None,
        }
    }

    fn asking(&self, data: &NipponData) -> String {
        if self.result.is_some() {
            return "the game is over".into();
        }
        match &self.stage {
            Stage::Start => "take a worker or consolidate".into(),
            Stage::Choose => "choose the action of the slot".into(),
            Stage::Factory => "build a factory".into(),
            Stage::Machinery { n } => format!("machinery: {n} of 3 improvements done"),
            Stage::Produce { ran } => format!("produce: {} of 3 factories run", ran.len()),
            Stage::Track { track } => format!("move the {} marker 1-3 steps", track.name()),
            Stage::Rail { ship, regions } => format!(
                "{}: {} of 3 built",
                if *ship { "ships" } else { "trains" },
                regions.len()
            ),
            Stage::Export { done, open } => match open {
                Some(o) => format!(
                    "export: paying contract {} (still {})",
                    o.contract,
                    needs_text(&o.remaining)
                ),
                None => format!("export: {done} of 3 contracts fulfilled"),
            },
            Stage::Market(m) => format!(
                "local market: {}{} of 3 tiles placed{}",
                m.tile
                    .map(|(v, g, c)| format!(
                        "tile {v} ({c} {}) chosen, to place; ",
                        data.goods[g as usize].name
                    ))
                    .unwrap_or_default(),
                m.placed,
                m.region
                    .map(|r| format!(" in {}", data.regions[r as usize].name))
                    .unwrap_or_default()
            ),
            Stage::Reward => "choose an Emperor's reward tile".into(),
            Stage::Spend => "spend blueprints or end the turn with `done`".into(),
            Stage::Space { multiplier } => {
                format!("place the x{multiplier} tile on an achievement")
            }
        }
    }
}

/// A short text summary: scores, whose turn and what is asked, the action slots.
pub fn describe(data: &NipponData, v: &View) -> String {
    let mut out = String::new();
    if let Some(r) = &v.result {
        out.push_str(&format!("Game over: {}\n", r.note));
    } else {
        out.push_str(&format!(
            "{} to play: {}. Scoring marker on slot {}{}.\n",
            v.players[v.current].name,
            v.asking,
            v.marker,
            v.final_turns
                .map(|t| format!(", {} left", crate::engine::counted(t, "turn")))
                .unwrap_or_default()
        ));
    }
    let colour = |c: &u8| data.worker_colours[*c as usize].0.clone();
    for (i, s) in v.slots.iter().enumerate() {
        let acts: Vec<&str> = data.slots[i].iter().map(|a| a.name()).collect();
        out.push_str(&format!(
            "Slot {} ({}): {}\n",
            i + 1,
            acts.join("/"),
            if s.is_empty() {
                "empty".to_string()
            } else {
                s.iter().map(colour).collect::<Vec<_>>().join(", ")
            }
        ));
    }
    for p in &v.players {
        let facts: Vec<String> = p
            .factories
            .iter()
            .map(|f| {
                format!(
                    "{}{}:{}",
                    data.goods[f.good].name,
                    if f.machine > 0 {
                        format!("+{}", f.machine)
                    } else {
                        String::new()
                    },
                    f.goods
                )
            })
            .collect();
        out.push_str(&format!(
            "{}: {} VP, {}, {} coal, {} bp, income {}k/{}c, knowledge {}, workers {}, factories [{}], contracts {:?}\n",
            p.name,
            p.vp,
            super::board::yen(p.yen),
            p.coal,
            p.blueprints,
            p.levels[0],
            p.levels[1],
            p.levels[2],
            p.workers.len(),
            facts.join(" "),
            p.contracts_open
        ));
    }
    let _ = BONUS_WORDS;
    out
}

/// `holder`'s hidden information redrawn (see [`crate::engine::Game::scramble`]): no seat
/// holds any; nobody's is the RNG, whose future draws (the bag's workers, the reward
/// tiles) are re-seeded from `rng`.
pub(super) fn scramble(g: &mut Nippon, holder: Holder, rng: &mut GameRng) {
    if holder == Holder::Nobody {
        g.rng = GameRng::new(rng.next_u64());
    }
}
