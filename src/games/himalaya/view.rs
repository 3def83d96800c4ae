//! The per-viewer view of a Himalaya game, and its text summary.
//!
//! Visibility (decided here only):
//! - public: the board (goods and orders on villages, caravans, stupas, delegations, event
//!   markers), who has sealed and each commitment, revealed programs with their salts,
//!   inventory markers won (taken in the open), the stock shown at the last inventory;
//! - private to a seat until the end: its goods, kept orders, yacks and its program while
//!   being planned or sealed;
//! - at the end everything is shown.

use super::board::goods_map;
use super::{
    program_text, Action, EventKind, Good, Himalaya, HimalayaData, OrderCard, Pending, Phase,
    ACTIONS, TURNS,
};
use crate::engine::{parts_text, Game, GameRng, Holder, ScorePart, Seat, Viewer};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The phase of the turn, as shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PhaseView {
    Placement,
    Events,
    Programming,
    Resolution,
    Inventory,
    Finished,
}

impl PhaseView {
    pub fn name(self) -> &'static str {
        match self {
            PhaseView::Placement => "placement",
            PhaseView::Events => "events",
            PhaseView::Programming => "programming",
            PhaseView::Resolution => "resolution",
            PhaseView::Inventory => "inventory",
            PhaseView::Finished => "finished",
        }
    }
}

/// An event marker on the board this turn. Paths and villages are indices into the board
/// data (0-based; notation adds 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum EventMarker {
    Yeti { path: usize, seat: Seat },
    Storm { path: usize, seat: Seat },
    Market { village: usize, seat: Seat },
}

impl EventMarker {
    pub fn kind(self) -> EventKind {
        match self {
            EventMarker::Yeti { .. } => EventKind::Yeti,
            EventMarker::Storm { .. } => EventKind::Storm,
            EventMarker::Market { .. } => EventKind::Market,
        }
    }
    /// The seat that placed it.
    pub fn seat(self) -> Seat {
        match self {
            EventMarker::Yeti { seat, .. }
            | EventMarker::Storm { seat, .. }
            | EventMarker::Market { seat, .. } => seat,
        }
    }
    /// Target in notation: `a-b` for a path, the village number for market day.
    pub fn target(self, data: &HimalayaData) -> String {
        match self {
            EventMarker::Yeti { path, .. } | EventMarker::Storm { path, .. } => {
                data.path_name(path)
            }
            EventMarker::Market { village, .. } => (village + 1).to_string(),
        }
    }
}

/// An order as shown: the goods it asks for (cheapest first) and its yack value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderView {
    pub goods: Vec<Good>,
    pub yacks: u32,
}

impl OrderView {
    pub fn of(card: &OrderCard) -> Self {
        OrderView {
            goods: card.goods.clone(),
            yacks: card.yacks,
        }
    }
    /// e.g. `salt+salt+tea=5`.
    pub fn label(&self) -> String {
        let g: Vec<&str> = self.goods.iter().map(|g| g.name()).collect();
        format!("{}={}", g.join("+"), self.yacks)
    }
}

fn labels(orders: &[OrderView]) -> Vec<String> {
    orders.iter().map(|o| o.label()).collect()
}

/// What one viewer sees.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub viewer: Viewer,
    pub advanced: bool,
    /// 0 during caravan placement, then 1..=12.
    pub turn: u32,
    pub turns: u32,
    pub first: Seat,
    pub phase: PhaseView,
    pub acting: Vec<Seat>,
    /// What the game waits for, in words.
    pub prompt: String,
    pub players: Vec<PlayerView>,
    pub villages: Vec<VillageView>,
    /// Delegations per region (index as in the board data) per seat.
    pub delegations: Vec<Vec<u32>>,
    /// Event markers on the board this turn.
    pub events: Vec<EventMarker>,
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
    /// The public lines of the last step and what it set in motion (the same for every
    /// viewer; never a line told to one seat).
    pub last_turn: Vec<String>,
}

/// Public facts about one player.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    pub seat: Seat,
    pub name: String,
    /// Village number (1-based) of the caravan.
    pub caravan: Option<usize>,
    /// Path (index into the board data) if the caravan is inside a snowstorm.
    pub in_storm: Option<usize>,
    pub stupas_left: u32,
    pub delegations_left: u32,
    pub inventory_markers: u32,
    /// Event markers still unused (advanced).
    pub events_left: Vec<EventKind>,
    pub sealed: bool,
    pub commitment: Option<String>,
}

/// One village as seen by everyone.
#[derive(Clone, Debug, Serialize)]
pub struct VillageView {
    pub number: usize,
    pub level: u8,
    pub goods: BTreeMap<String, u8>,
    pub order: Option<OrderView>,
    pub stupa: Option<Seat>,
    pub caravans: Vec<Seat>,
}

/// A revealed program and the salt proving its commitment.
#[derive(Clone, Debug, Serialize)]
pub struct RevealedProgram {
    pub seat: Seat,
    pub program: Vec<Action>,
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
    pub kept_orders: Vec<OrderView>,
    pub yacks: u32,
    /// The actions planned this turn (not yet revealed).
    pub plan: Vec<Action>,
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
    pub kept_orders: Vec<OrderView>,
    pub inventory_markers: u32,
    pub place: u32,
    /// The parts of the economic influence (the result's breakdown; empty in a game
    /// finished before they were kept).
    #[serde(default)]
    pub economic_parts: Vec<ScorePart>,
}

impl FinalLine {
    /// ` = kept orders 14, inventory markers 6`: the parts of the economic influence (empty
    /// without them).
    pub fn economic_parts_text(&self) -> String {
        match parts_text(&self.economic_parts) {
            parts if parts.is_empty() => parts,
            parts => format!(" = {parts}"),
        }
    }
}

pub(super) fn private_view(g: &Himalaya, data: &HimalayaData, seat: Seat) -> PrivateView {
    PrivateView {
        seat,
        name: g.players[seat].clone(),
        goods: goods_map(&g.hands[seat]),
        kept_orders: g.kept[seat]
            .iter()
            .map(|&o| OrderView::of(&data.orders[o]))
            .collect(),
        yacks: g.yacks(data, seat),
        plan: g.plans[seat].clone(),
        sealed_as: g.seals[seat]
            .as_ref()
            .map(|s| format!("{}:{}", s.salt, program_text(&g.plans[seat]))),
    }
}

fn phase_view(p: &Phase) -> PhaseView {
    match p {
        Phase::Placement { .. } => PhaseView::Placement,
        Phase::Events { .. } => PhaseView::Events,
        Phase::Programming => PhaseView::Programming,
        Phase::Resolution => PhaseView::Resolution,
        Phase::Inventory => PhaseView::Inventory,
        Phase::Finished => PhaseView::Finished,
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
            format!(
                "{}: place {}, `delegate <{}>`.",
                name(*seat),
                crate::engine::counted(left, "delegation"),
                r.join("|")
            )
        }
        (_, Some(Pending::Inventory { seat, good })) => format!(
            "{}: majority in {}, choose `inventory marker`, `inventory delegations` or `inventory stupa <village>`.",
            name(*seat),
            good.name()
        ),
        _ => String::new(),
    }
}

pub(super) fn build(g: &Himalaya, data: &HimalayaData, viewer: Viewer) -> View {
    let n = g.n();
    let finished = g.phase == Phase::Finished;
    let players = player_views(g);
    let villages = (0..super::VILLAGES)
        .map(|v| VillageView {
            number: v + 1,
            level: data.villages[v].level,
            goods: goods_map(&g.village_goods[v]),
            order: g.village_order[v].map(|o| OrderView::of(&data.orders[o])),
            stupa: g.stupas[v],
            caravans: (0..n).filter(|&s| g.caravans[s] == Some(v)).collect(),
        })
        .collect();
    let events = event_markers(g);
    let revealed = (0..g.revealed.len())
        .map(|s| RevealedProgram {
            seat: s,
            program: g.revealed[s].clone(),
            salt: g.revealed_seals[s].salt.clone(),
            commitment: g.revealed_seals[s].commitment.clone(),
        })
        .collect();
    let me = match viewer {
        Viewer::Seat(s) if s < n => Some(private_view(g, data, s)),
        _ => None,
    };
    View {
        viewer,
        advanced: g.advanced,
        turn: g.turn,
        turns: TURNS,
        first: g.first,
        phase: phase_view(&g.phase),
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
        last_turn: g.last_turn.clone(),
    }
}

/// The event markers on the board.
fn event_markers(g: &Himalaya) -> Vec<EventMarker> {
    let mut events = Vec::new();
    if let Some((path, seat)) = g.board_events.yeti {
        events.push(EventMarker::Yeti { path, seat });
    }
    if let Some((path, seat)) = g.board_events.storm {
        events.push(EventMarker::Storm { path, seat });
    }
    if let Some((village, seat)) = g.board_events.market {
        events.push(EventMarker::Market { village, seat });
    }
    events
}

/// Every player's public side: caravan, stock left, events left, seal.
fn player_views(g: &Himalaya) -> Vec<PlayerView> {
    let n = g.n();
    let players: Vec<PlayerView> = (0..n)
        .map(|s| PlayerView {
            seat: s,
            name: g.players[s].clone(),
            caravan: g.caravans[s].map(|v| v + 1),
            in_storm: g.in_storm[s].map(|(p, _)| p),
            stupas_left: g.stupas_left(s),
            delegations_left: g.delegations_left(s),
            inventory_markers: g.markers[s],
            events_left: if g.advanced {
                EventKind::ALL
                    .into_iter()
                    .filter(|k| !g.events_used[s][k.index()])
                    .collect()
            } else {
                Vec::new()
            },
            sealed: g.seals[s].is_some(),
            commitment: g.seals[s].as_ref().map(|x| x.commitment.clone()),
        })
        .collect();
    players
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
pub(super) fn describe(data: &HimalayaData, v: &View) -> String {
    let mut out = Vec::new();
    let turn = if v.turn == 0 {
        "setup".to_string()
    } else {
        format!("turn {}/{}", v.turn, v.turns)
    };
    out.push(format!(
        "Himalaya ({} rules), {turn}, phase {}.",
        if v.advanced { "advanced" } else { "basic" },
        v.phase.name()
    ));
    for p in &v.players {
        let line = player_line(data, v, p);
        out.push(line);
    }
    out.extend(board_lines(data, v));
    if !v.events.is_empty() {
        let e: Vec<String> = v
            .events
            .iter()
            .map(|e| format!("{} on {}", e.kind().name(), e.target(data)))
            .collect();
        out.push(format!("Events this turn: {}.", e.join(", ")));
    }
    if !v.revealed.is_empty() {
        let r: Vec<String> = v
            .revealed
            .iter()
            .map(|r| format!("{}: {}", v.players[r.seat].name, program_text(&r.program)))
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
                labels(&me.kept_orders).join(", ")
            },
            me.yacks,
            if me.plan.is_empty() {
                String::new()
            } else {
                format!("; plan: {}", program_text(&me.plan))
            }
        ));
    }
    out.extend(place_lines(v));
    if let Some(n) = &v.result_note {
        out.push(n.clone());
    }
    if !v.prompt.is_empty() && v.phase != PhaseView::Finished {
        out.push(v.prompt.clone());
    }
    out.join("\n")
}

/// The final places, best first.
fn place_lines(v: &View) -> Vec<String> {
    let mut out = Vec::new();
    let mut finals: Vec<&FinalLine> = v.final_lines.iter().collect();
    finals.sort_by_key(|f| (f.place, f.seat));
    for f in finals {
        out.push(format!(
            "Place {}: {} — religious {}, political {}, economic {}{} (goods {}; orders {})",
            f.place,
            f.name,
            f.religious,
            f.political,
            f.economic,
            f.economic_parts_text(),
            goods_text(&f.goods),
            if f.kept_orders.is_empty() {
                "none".into()
            } else {
                labels(&f.kept_orders).join(", ")
            }
        ));
    }
    out
}

/// What lies on the board: goods, orders, stupas and delegations.
fn board_lines(data: &HimalayaData, v: &View) -> Vec<String> {
    let mut out = Vec::new();
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
        .filter_map(|x| {
            x.order
                .as_ref()
                .map(|o| format!("{}: {}", x.number, o.label()))
        })
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
    out
}

/// One player's line: caravan, stock left, storm, events left, seal.
fn player_line(data: &HimalayaData, v: &View, p: &PlayerView) -> String {
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
    if let Some(s) = p.in_storm {
        line.push_str(&format!(", in the snowstorm on {}", data.path_name(s)));
    }
    if v.advanced {
        line.push_str(&format!(
            ", events left: {}",
            if p.events_left.is_empty() {
                "none".into()
            } else {
                p.events_left
                    .iter()
                    .map(|k| k.name())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        ));
    }
    if let Some(c) = &p.commitment {
        line.push_str(&format!(", sealed ({c})"));
    }
    line
}

/// What [`crate::engine::Game::private_markers`] reports: strings that must never reach
/// another viewer while the game runs.
pub(super) fn private_markers(g: &Himalaya, data: &HimalayaData, seat: Seat) -> Vec<String> {
    if g.phase == Phase::Finished || seat >= g.n() {
        return Vec::new();
    }
    let mut out = Vec::new();
    if let Ok(s) = serde_json::to_string(&private_view(g, data, seat)) {
        out.push(s);
    }
    if let Some(seal) = &g.seals[seat] {
        // The sealed program with its salt: the string the commitment hashes. (Not the
        // bare salt: the reveal legitimately publishes it, next to the program.)
        out.push(format!("{}:{}", seal.salt, program_text(&g.plans[seat])));
    }
    out
}

/// `holder`'s hidden information redrawn in every way the rules allow, in place (see
/// [`crate::engine::Game::scramble`]).
pub(super) fn scramble(g: &mut Himalaya, data: &HimalayaData, holder: Holder, rng: &mut GameRng) {
    let Holder::Seat(seat) = holder else {
        // Nobody's: the RNG's future draws (dice, bag draws, salts). The bags are multisets
        // drawn uniformly: they hold no hidden order.
        g.rng = GameRng::new(rng.next_u64());
        return;
    };
    if g.phase == Phase::Finished || seat >= g.n() {
        return;
    }
    // Goods in hand: another mix of the same number of goods.
    let total: u32 = g.hands[seat].iter().map(|&c| c as u32).sum();
    let mut hand = [0u8; 5];
    for _ in 0..total {
        hand[rng.below(5)] += 1;
    }
    g.hands[seat] = hand;
    // Kept orders: other orders, as many.
    let kept = g.kept[seat].len();
    g.kept[seat] = (0..kept).map(|_| rng.below(data.orders.len())).collect();
    // A program being drafted: any other draft. A sealed program: any other program of 6
    // actions, under another salt and the same public commitment (which the copy's reveal
    // then does not verify: such a copy is only a computer player's imagined world).
    let len = match &mut g.seals[seat] {
        None => rng.below(ACTIONS + 1),
        Some(seal) => {
            seal.salt = format!("{:016x}", rng.next_u64());
            ACTIONS
        }
    };
    g.plans[seat] = (0..len)
        .map(|_| Action::ALL[rng.below(Action::ALL.len())])
        .collect();
}
