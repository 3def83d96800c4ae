//! The per-viewer view of a Himalaya game, and its text summary.
//!
//! Visibility (decided here only):
//! - public: the board (goods and orders on villages, caravans, stupas, delegations, event
//!   markers), who has sealed and each commitment, revealed programs with their salts,
//!   inventory markers won (taken in the open), the stock shown at the last inventory;
//! - private to a seat until the end: its goods, kept orders, yacks and its program while
//!   being planned or sealed;
//! - at the end everything is shown.

use super::{
    goods_map, program_text, Good, Himalaya, HimalayaData, Pending, Phase, ACTIONS, TURNS,
};
use crate::engine::{Game, Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// What one viewer sees.
#[derive(Clone, Debug, Serialize)]
pub struct HimalayaView {
    pub viewer: Viewer,
    pub advanced: bool,
    /// 0 during caravan placement, then 1..=12.
    pub turn: u32,
    pub turns: u32,
    pub first: Seat,
    /// placement, events, programming, resolution, inventory or finished.
    pub phase: String,
    pub acting: Vec<Seat>,
    /// What the game waits for, in words.
    pub prompt: String,
    pub players: Vec<PlayerView>,
    pub villages: Vec<VillageView>,
    /// Delegations per region (index as in the board data) per seat.
    pub delegations: Vec<Vec<u32>>,
    /// Event markers on the board: (kind, target notation, seat).
    pub events: Vec<(String, String, Seat)>,
    pub inventory_markers_left: u32,
    /// Programs revealed at `revealed_turn` (empty before the first reveal).
    pub revealed: Vec<RevealedProgram>,
    pub revealed_turn: u32,
    /// During resolution: the next action slot (1-based) and the seat to act on it.
    pub next_action: Option<(usize, Seat)>,
    pub last_inventory: Option<InventoryReveal>,
    /// The viewer's own screen (None for spectators).
    pub me: Option<PrivateView>,
    /// Every seat's totals once the game is over.
    pub final_lines: Vec<FinalLine>,
    pub result_note: Option<String>,
}

/// Public facts about one player.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub name: String,
    /// Village number (1-based) of the caravan.
    pub caravan: Option<usize>,
    /// Path (notation `a-b`) if the caravan is inside a snowstorm.
    pub in_storm: Option<String>,
    pub stupas_left: u32,
    pub delegations_left: u32,
    pub inventory_markers: u32,
    /// Event markers still unused (advanced).
    pub events_left: Vec<String>,
    pub sealed: bool,
    pub commitment: Option<String>,
}

/// One village as seen by everyone.
#[derive(Clone, Debug, Serialize)]
pub struct VillageView {
    pub number: usize,
    pub level: u8,
    pub goods: BTreeMap<String, u8>,
    /// e.g. `salt+tea=4`.
    pub order: Option<String>,
    pub stupa: Option<Seat>,
    pub caravans: Vec<Seat>,
}

/// A revealed program and the salt proving its commitment.
#[derive(Clone, Debug, Serialize)]
pub struct RevealedProgram {
    pub seat: Seat,
    pub program: Vec<String>,
    pub salt: String,
    pub commitment: String,
}

/// Stocks shown at an inventory and the sole majority per good.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct InventoryReveal {
    pub turn: u32,
    pub stock: Vec<BTreeMap<String, u8>>,
    /// Winner per good, salt first.
    pub winners: Vec<Option<Seat>>,
}

/// A player's own screen. Contains its seat and name, so each seat's is distinct.
#[derive(Clone, Debug, Serialize)]
pub struct PrivateView {
    pub seat: Seat,
    pub name: String,
    pub goods: BTreeMap<String, u8>,
    pub kept_orders: Vec<String>,
    pub yacks: u32,
    /// The actions planned this turn (not yet revealed).
    pub plan: Vec<String>,
    /// `salt:program` once sealed, to check the commitment.
    pub sealed_as: Option<String>,
}

/// End-of-game totals for one seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinalLine {
    pub seat: Seat,
    pub name: String,
    pub religious: u32,
    pub political: u32,
    pub economic: u32,
    pub stupas: u32,
    pub delegations: u32,
    pub goods: BTreeMap<String, u8>,
    pub kept_orders: Vec<String>,
    pub inventory_markers: u32,
    pub place: u32,
}

pub(super) fn private_view(g: &Himalaya, data: &HimalayaData, seat: Seat) -> PrivateView {
    PrivateView {
        seat,
        name: g.players[seat].clone(),
        goods: goods_map(&g.hands[seat]),
        kept_orders: g.kept[seat]
            .iter()
            .map(|&o| data.orders[o].label())
            .collect(),
        yacks: g.yacks(data, seat),
        plan: g.plans[seat].iter().map(|a| a.name().to_string()).collect(),
        sealed_as: g.seals[seat]
            .as_ref()
            .map(|s| format!("{}:{}", s.salt, program_text(&g.plans[seat]))),
    }
}

fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Placement { .. } => "placement",
        Phase::Events { .. } => "events",
        Phase::Programming => "programming",
        Phase::Resolution => "resolution",
        Phase::Inventory => "inventory",
        Phase::Finished => "finished",
    }
}

fn prompt(g: &Himalaya, data: &HimalayaData) -> String {
    let name = |s: Seat| g.players[s].clone();
    match (&g.phase, &g.pending) {
        (Phase::Finished, _) => "The game is over.".into(),
        (Phase::Placement { k }, _) => format!("{} places a caravan: `start <village>`.", name(g.order_seat(*k))),
        (Phase::Events { k }, _) => format!(
            "{} may place an event marker: `yeti <path>`, `storm <path>`, `market <village>` or `pass`.",
            name(g.order_seat((*k).min(g.n() - 1)))
        ),
        (Phase::Programming, _) => {
            let waiting: Vec<String> = (0..g.n()).filter(|&s| g.seals[s].is_none()).map(name).collect();
            format!(
                "Waiting for {} to program {ACTIONS} actions: `program dirt ice stone deal rest ...` or `plan`/`unplan`/`seal`.",
                waiting.join(", ")
            )
        }
        (_, Some(Pending::Take { seat, village })) => {
            format!("{}: market day at village {}, `take <good>`.", name(*seat), village + 1)
        }
        (_, Some(Pending::Reward { seat, .. })) => {
            format!("{}: choose two rewards, `reward barter stupa|barter delegations|stupa delegations`.", name(*seat))
        }
        (_, Some(Pending::Delegate { seat, regions, left })) => {
            let r: Vec<&str> = regions.iter().map(|&r| data.regions[r].name.as_str()).collect();
            format!("{}: place {left} delegation(s), `delegate <{}>`.", name(*seat), r.join("|"))
        }
        (_, Some(Pending::Inventory { seat, good })) => format!(
            "{}: majority in {}, choose `inventory marker`, `inventory delegations` or `inventory stupa <village>`.",
            name(*seat),
            good.name()
        ),
        _ => String::new(),
    }
}

pub(super) fn build(g: &Himalaya, data: &HimalayaData, viewer: Viewer) -> HimalayaView {
    let n = g.n();
    let finished = g.phase == Phase::Finished;
    let players = (0..n)
        .map(|s| PlayerView {
            seat: s,
            name: g.players[s].clone(),
            caravan: g.caravans[s].map(|v| v + 1),
            in_storm: g.in_storm[s].map(|(p, _)| data.path_name(p)),
            stupas_left: g.stupas_left(s),
            delegations_left: g.delegations_left(s),
            inventory_markers: g.markers[s],
            events_left: if g.advanced {
                super::EventKind::ALL
                    .iter()
                    .filter(|k| !g.events_used[s][k.index()])
                    .map(|k| k.name().to_string())
                    .collect()
            } else {
                Vec::new()
            },
            sealed: g.seals[s].is_some(),
            commitment: g.seals[s].as_ref().map(|x| x.commitment.clone()),
        })
        .collect();
    let villages = (0..super::VILLAGES)
        .map(|v| VillageView {
            number: v + 1,
            level: data.villages[v].level,
            goods: goods_map(&g.village_goods[v]),
            order: g.village_order[v].map(|o| data.orders[o].label()),
            stupa: g.stupas[v],
            caravans: (0..n).filter(|&s| g.caravans[s] == Some(v)).collect(),
        })
        .collect();
    let mut events = Vec::new();
    if let Some((p, s)) = g.board_events.yeti {
        events.push(("yeti".to_string(), data.path_name(p), s));
    }
    if let Some((p, s)) = g.board_events.storm {
        events.push(("storm".to_string(), data.path_name(p), s));
    }
    if let Some((v, s)) = g.board_events.market {
        events.push(("market".to_string(), (v + 1).to_string(), s));
    }
    let revealed = (0..g.revealed.len())
        .map(|s| RevealedProgram {
            seat: s,
            program: g.revealed[s].iter().map(|a| a.name().to_string()).collect(),
            salt: g.revealed_seals[s].salt.clone(),
            commitment: g.revealed_seals[s].commitment.clone(),
        })
        .collect();
    let me = match viewer {
        Viewer::Seat(s) if s < n => Some(private_view(g, data, s)),
        _ => None,
    };
    HimalayaView {
        viewer,
        advanced: g.advanced,
        turn: g.turn,
        turns: TURNS,
        first: g.first,
        phase: phase_name(&g.phase).to_string(),
        acting: g.status().acting().to_vec(),
        prompt: prompt(g, data),
        players,
        villages,
        delegations: g.delegations.clone(),
        events,
        inventory_markers_left: g.markers_left,
        revealed,
        revealed_turn: g.revealed_turn,
        next_action: if g.phase == Phase::Resolution && g.cursor.0 < ACTIONS {
            Some((g.cursor.0 + 1, g.order_seat(g.cursor.1)))
        } else {
            None
        },
        last_inventory: g.last_inventory.clone(),
        me,
        final_lines: if finished {
            g.final_lines.clone()
        } else {
            Vec::new()
        },
        result_note: g.result.as_ref().map(|r| r.note.clone()),
    }
}

fn goods_text(m: &BTreeMap<String, u8>) -> String {
    let v: Vec<String> = Good::ALL
        .iter()
        .filter_map(|g| {
            m.get(g.name())
                .filter(|c| **c > 0)
                .map(|c| format!("{c} {}", g.name()))
        })
        .collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// A readable text summary of a view.
pub(super) fn describe(data: &HimalayaData, v: &HimalayaView) -> String {
    let mut out = Vec::new();
    let turn = if v.turn == 0 {
        "setup".to_string()
    } else {
        format!("turn {}/{}", v.turn, v.turns)
    };
    out.push(format!(
        "Himalaya ({} rules), {turn}, phase {}.",
        if v.advanced { "advanced" } else { "basic" },
        v.phase
    ));
    for p in &v.players {
        let mut line = format!(
            "{}{}: caravan at {}, stupas left {}, delegations left {}, inventory markers {}",
            if p.seat == v.first { "* " } else { "  " },
            p.name,
            p.caravan
                .map(|c| c.to_string())
                .unwrap_or_else(|| "-".into()),
            p.stupas_left,
            p.delegations_left,
            p.inventory_markers
        );
        if let Some(s) = &p.in_storm {
            line.push_str(&format!(", in the snowstorm on {s}"));
        }
        if v.advanced {
            line.push_str(&format!(
                ", events left: {}",
                if p.events_left.is_empty() {
                    "none".into()
                } else {
                    p.events_left.join(" ")
                }
            ));
        }
        if let Some(c) = &p.commitment {
            line.push_str(&format!(", sealed ({c})"));
        }
        out.push(line);
    }
    let goods: Vec<String> = v
        .villages
        .iter()
        .filter(|x| x.goods.values().any(|c| *c > 0))
        .map(|x| format!("{}: {}", x.number, goods_text(&x.goods)))
        .collect();
    out.push(format!("Goods: {}.", goods.join("; ")));
    let orders: Vec<String> = v
        .villages
        .iter()
        .filter_map(|x| x.order.as_ref().map(|o| format!("{}: {o}", x.number)))
        .collect();
    out.push(format!("Orders: {}.", orders.join("; ")));
    let stupas: Vec<String> = v
        .villages
        .iter()
        .filter_map(|x| {
            x.stupa
                .map(|s| format!("{} ({})", x.number, v.players[s].name))
        })
        .collect();
    if !stupas.is_empty() {
        out.push(format!("Stupas: {}.", stupas.join(", ")));
    }
    let regions: Vec<String> = v
        .delegations
        .iter()
        .enumerate()
        .filter(|(_, r)| r.iter().any(|c| *c > 0))
        .map(|(i, r)| {
            let who: Vec<String> = r
                .iter()
                .enumerate()
                .filter(|(_, c)| **c > 0)
                .map(|(s, c)| format!("{} {c}", v.players[s].name))
                .collect();
            format!("{}: {}", data.regions[i].name, who.join(", "))
        })
        .collect();
    if !regions.is_empty() {
        out.push(format!("Delegations: {}.", regions.join("; ")));
    }
    if !v.events.is_empty() {
        let e: Vec<String> = v
            .events
            .iter()
            .map(|(k, t, _)| format!("{k} on {t}"))
            .collect();
        out.push(format!("Events this turn: {}.", e.join(", ")));
    }
    if !v.revealed.is_empty() {
        let r: Vec<String> = v
            .revealed
            .iter()
            .map(|r| format!("{}: {}", v.players[r.seat].name, r.program.join(" ")))
            .collect();
        out.push(format!(
            "Programs of turn {}: {}.",
            v.revealed_turn,
            r.join("; ")
        ));
    }
    if let Some(me) = &v.me {
        out.push(format!(
            "Your screen: goods {}; kept orders {}; {} yacks{}.",
            goods_text(&me.goods),
            if me.kept_orders.is_empty() {
                "none".into()
            } else {
                me.kept_orders.join(", ")
            },
            me.yacks,
            if me.plan.is_empty() {
                String::new()
            } else {
                format!("; plan: {}", me.plan.join(" "))
            }
        ));
    }
    let mut finals: Vec<&FinalLine> = v.final_lines.iter().collect();
    finals.sort_by_key(|f| (f.place, f.seat));
    for f in finals {
        out.push(format!(
            "Place {}: {} — religious {}, political {}, economic {} (goods {}; orders {})",
            f.place,
            f.name,
            f.religious,
            f.political,
            f.economic,
            goods_text(&f.goods),
            if f.kept_orders.is_empty() {
                "none".into()
            } else {
                f.kept_orders.join(", ")
            }
        ));
    }
    if let Some(n) = &v.result_note {
        out.push(n.clone());
    }
    if !v.prompt.is_empty() && v.phase != "finished" {
        out.push(v.prompt.clone());
    }
    out.join("\n")
}
