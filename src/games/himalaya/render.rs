//! Himalaya board image: regions, coloured paths, villages by level, goods and orders,
//! caravans, stupas, delegations, event markers, the turn track and a side panel with what
//! the status strip under the board does not show, legible inline: each player's stupas
//! and delegations placed, inventory markers and events left, the revealed programs as
//! tiles, the last inventory as a table and the viewer's own screen. Whose turn, what is
//! asked and the last turn are in the headline and the strip only.
//!
//! Pure function of (board data, view). The static layer (regions, paths, villages, turn
//! track frame, legend) is drawn once and cached in [`HimalayaData::layer`].

use crate::games::himalaya::{
    Action, EventKind, EventMarker, Good, HimalayaData, InventoryReveal, PathType, PhaseView,
    PrivateView, View,
};
use crate::render::*;

const W: u32 = 1600;
const H: u32 = 880;
/// Board drawing origin and scale (board data uses a 1400 x 900 frame).
const OX: f32 = 20.0;
const OY: f32 = 86.0;
const SCALE: f32 = 0.8;
const SIDE_X: f32 = 1164.0;
/// Right edge of the board drawing.
const BOARD_RIGHT: f32 = OX + 1400.0 * SCALE;
const SIDE_W: f32 = 420.0;

fn bx(x: f32) -> f32 {
    OX + x * SCALE
}
fn by(y: f32) -> f32 {
    OY + y * SCALE
}

fn path_color(t: PathType) -> Color {
    match t {
        PathType::Dirt => rgb(150, 95, 45),
        PathType::Ice => rgb(70, 160, 235),
        PathType::Stone => rgb(60, 60, 70),
    }
}

/// Cube colours of the physical goods.
pub fn good_color(g: Good) -> Color {
    match g {
        Good::Salt => rgb(250, 250, 250),
        Good::Barley => rgb(235, 145, 35),
        Good::Tea => rgb(35, 35, 35),
        Good::Jade => rgb(40, 165, 85),
        Good::Gold => rgb(245, 205, 40),
    }
}

const REGION_TINTS: [Color; 8] = [
    rgb(226, 236, 214),
    rgb(236, 228, 210),
    rgb(220, 230, 238),
    rgb(238, 222, 226),
    rgb(236, 232, 212),
    rgb(216, 234, 226),
    rgb(232, 224, 238),
    rgb(224, 236, 236),
];

fn village_radius(level: u8) -> f32 {
    match level {
        3 => 27.0,
        2 => 24.0,
        _ => 21.0,
    }
}

/// Size of the village numbers and region names players type: 9 px when the board is
/// shown 550 px wide.
const TYPED_PX: f32 = 27.0;

fn level_name(level: u8) -> &'static str {
    match level {
        3 => "monastery",
        2 => "temple",
        _ => "house",
    }
}

fn draw_static(data: &HimalayaData) -> Canvas {
    let mut c = Canvas::board(W, H, PAPER);
    draw_regions(&mut c, data);
    draw_paths(&mut c, data);
    draw_village_circles(&mut c, data);
    draw_turn_track(&mut c);
    draw_legend(&mut c);
    c
}

/// The tinted regions with their names, and the board frame.
fn draw_regions(c: &mut Canvas, data: &HimalayaData) {
    // Regions.
    for (i, r) in data.regions.iter().enumerate() {
        c.fill_rect(
            bx(r.x),
            by(r.y),
            r.w * SCALE,
            r.h * SCALE,
            REGION_TINTS[i % REGION_TINTS.len()],
        );
    }
    for r in &data.regions {
        c.stroke_rect(
            bx(r.x),
            by(r.y),
            r.w * SCALE,
            r.h * SCALE,
            with_alpha(MUTED, 90),
            1.5,
        );
        // Region name at its authored label point (clear of villages and paths).
        c.text_centered(
            bx(r.label_x),
            by(r.label_y),
            TYPED_PX,
            with_alpha(MUTED, 220),
            &r.name.to_uppercase(),
            true,
        );
    }
    c.stroke_rect(OX, OY, 1400.0 * SCALE, 900.0 * SCALE, INK, 2.0);
}

/// The paths between villages, coloured by type.
fn draw_paths(c: &mut Canvas, data: &HimalayaData) {
    // Paths: a pale casing, then the coloured line; ice dashed look via a white core.
    for p in &data.paths {
        let (a, b) = (&data.villages[p.a], &data.villages[p.b]);
        let (x0, y0, x1, y1) = (bx(a.x), by(a.y), bx(b.x), by(b.y));
        c.line(x0, y0, x1, y1, WHITE, 11.0);
        c.line(x0, y0, x1, y1, path_color(p.kind), 7.0);
        if p.kind == PathType::Stone {
            c.dashed_line(x0, y0, x1, y1, rgb(170, 170, 180), 2.0, 8.0);
        }
        if p.kind == PathType::Ice {
            c.line(x0, y0, x1, y1, rgb(215, 240, 255), 2.0);
        }
    }
}

/// Each village, shaded by level, with its number.
fn draw_village_circles(c: &mut Canvas, data: &HimalayaData) {
    // Villages.
    for v in &data.villages {
        let (x, y, r) = (bx(v.x), by(v.y), village_radius(v.level));
        let (fill, text) = match v.level {
            3 => (rgb(120, 40, 40), WHITE),
            2 => (rgb(205, 120, 60), WHITE),
            _ => (rgb(250, 244, 228), INK),
        };
        c.fill_circle(x + 1.5, y + 2.0, r, rgba(0, 0, 0, 60));
        c.fill_circle(x, y, r, fill);
        c.stroke_circle(x, y, r, INK, 2.5);
        if v.level >= 2 {
            c.stroke_circle(x, y, r - 5.0, with_alpha(WHITE, 180), 1.5);
        }
        c.text_centered(x, y, TYPED_PX, text, &v.number.to_string(), true);
    }
}

/// The title and the empty turn track.
fn draw_turn_track(c: &mut Canvas) {
    // Turn track frame.
    c.text_bold(OX, 14.0, 24.0, INK, "HIMALAYA", Align::Left);
    for t in 1..=12u32 {
        let x = 200.0 + (t - 1) as f32 * 52.0;
        let inv = t % 4 == 0;
        c.fill_rounded_rect(
            x,
            12.0,
            46.0,
            34.0,
            5.0,
            if inv { rgb(235, 225, 250) } else { WHITE },
        );
        c.stroke_rounded_rect(x, 12.0, 46.0, 34.0, 5.0, INK, 1.5);
        c.text_centered(x + 23.0, 29.0, 18.0, INK, &t.to_string(), true);
    }
    c.text(
        200.0,
        50.0,
        14.0,
        MUTED,
        "turn track · shaded turns end with an inventory",
        Align::Left,
    );
}

/// The legend under the board: path types, village levels, goods.
fn draw_legend(c: &mut Canvas) {
    // Legend under the board.
    let ly = OY + 900.0 * SCALE + 12.0;
    let mut x = OX;
    for t in PathType::ALL {
        c.line(x, ly + 10.0, x + 36.0, ly + 10.0, path_color(t), 7.0);
        c.text(x + 42.0, ly + 1.0, 15.0, INK, t.name(), Align::Left);
        x += 100.0;
    }
    for lvl in 1..=3u8 {
        let r = village_radius(lvl) * 0.6;
        let fill = match lvl {
            3 => rgb(120, 40, 40),
            2 => rgb(205, 120, 60),
            _ => rgb(250, 244, 228),
        };
        c.fill_circle(x + r, ly + 10.0, r, fill);
        c.stroke_circle(x + r, ly + 10.0, r, INK, 1.5);
        let label = format!("{} ({lvl})", level_name(lvl));
        c.text(x + 2.0 * r + 6.0, ly + 1.0, 15.0, INK, &label, Align::Left);
        x += 2.0 * r + 16.0 + c.text_width(15.0, &label);
    }
    for g in Good::ALL {
        c.fill_rect(x, ly + 3.0, 14.0, 14.0, good_color(g));
        c.stroke_rect(x, ly + 3.0, 14.0, 14.0, INK, 1.2);
        c.text(x + 18.0, ly + 1.0, 15.0, INK, g.name(), Align::Left);
        x += 26.0 + c.text_width(15.0, g.name());
    }
}

fn cube(c: &mut Canvas, x: f32, y: f32, s: f32, g: Good) {
    c.fill_rect(x, y, s, s, good_color(g));
    c.stroke_rect(x, y, s, s, INK, 1.2);
}

fn goods_of(m: &std::collections::BTreeMap<String, u8>) -> Vec<Good> {
    let mut v = Vec::new();
    for g in Good::ALL {
        for _ in 0..m.get(g.name()).copied().unwrap_or(0) {
            v.push(g);
        }
    }
    v
}

/// The view's picture (the engine encodes it as PNG).
pub fn render(data: &HimalayaData, view: &View) -> RgbaImage {
    render_canvas(data, view).into_image()
}

/// The view's picture on its canvas, with the record of every text drawn on it
/// ([`Canvas::marks`]) for the layout tests.
/// Draw the view.
pub fn render_canvas(data: &HimalayaData, view: &View) -> Canvas {
    let layer = data.layer.get_or_draw(|| draw_static(data));
    let mut c = Canvas::from_layer(layer);
    let styles: Vec<PlayerStyle> = view
        .players
        .iter()
        .map(|p| player_style(p.seat, &p.name))
        .collect();

    draw_turn(&mut c, view);
    draw_event_markers(&mut c, data, view, &styles);
    draw_villages(&mut c, data, view, &styles);
    draw_caravans(&mut c, data, view, &styles);
    draw_delegations(&mut c, data, view, &styles);
    draw_side_panel(&mut c, view, &styles);
    // Whose move (or the result), large enough to read at a chat client's inline size.
    // The players, what is asked and the last turn again, below the board, in type that
    // reads inline.
    let (status, last_turn) = strip_lines(view);
    c.with_headline(&headline(view), HEADLINE_BG, INK)
        .with_status_strip(&StatusStrip {
            players: &score_rows(view, &styles),
            status: &status,
            last_turn_title: "Last turn",
            last_turn: &last_turn,
        })
}

/// The status strip's lines: what is asked now (or the final result), and the last turn
/// (none once the game is over) as the strip words it ([`strip_wording`]).
fn strip_lines(view: &View) -> (Vec<String>, Vec<String>) {
    if view.phase == PhaseView::Finished {
        return (final_rows(view), vec![]);
    }
    let asked = Some(&view.prompt).filter(|p| !p.is_empty());
    let last_turn = view.last_turn.iter().map(|l| strip_wording(l)).collect();
    (asked.cloned().into_iter().collect(), last_turn)
}

/// A line of the last turn as the strip shows it: a sealed program without its
/// commitment, the revealed programs without their salts and commitments (the side panel
/// shows the programs, and `game history` keeps every line whole), so that a turn's every
/// event fits the strip and the picture its size.
fn strip_wording(line: &str) -> String {
    if let Some((who, _)) = line.split_once(" sealed a program, commitment ") {
        return format!("{who} sealed a program.");
    }
    if !line.starts_with("Programs revealed for turn ") {
        return line.to_string();
    }
    let mut out = String::new();
    let mut rest = line;
    while let Some(open) = rest.find(" (salt ") {
        out.push_str(&rest[..open]);
        rest = rest[open..]
            .find(')')
            .map_or("", |close| &rest[open + close + 1..]);
    }
    out.push_str(rest);
    out
}

/// The turn marker on the track and the rules and phase beside it.
fn draw_turn(c: &mut Canvas, view: &View) {
    // Turn marker.
    if view.turn >= 1 {
        let x = 200.0 + (view.turn.min(12) - 1) as f32 * 52.0;
        c.stroke_rounded_rect(x - 3.0, 9.0, 52.0, 40.0, 7.0, rgb(200, 30, 30), 4.0);
    }
    let phase = format!(
        "{} · {}",
        if view.advanced { "advanced" } else { "basic" },
        view.phase.name()
    );
    c.text_bold(
        200.0 + 12.0 * 52.0 + 10.0,
        18.0,
        18.0,
        INK,
        &phase,
        Align::Left,
    );
}

/// Height of an event marker's label box.
const MARKER_H: f32 = 26.0;

/// The event markers on their paths and villages. The yeti and the storm sit on their
/// path's middle; the market label takes the first side of its village (left, right,
/// below, above) where it does not cover another marker.
fn draw_event_markers(c: &mut Canvas, data: &HimalayaData, view: &View, styles: &[PlayerStyle]) {
    let mut placed: Vec<[f32; 4]> = Vec::new();
    for e in &view.events {
        let (EventMarker::Yeti { path, .. } | EventMarker::Storm { path, .. }) = *e else {
            continue;
        };
        let (mx, my) = path_middle(data, path);
        let (label, bg) = if e.kind() == EventKind::Yeti {
            ("YETI", rgb(250, 250, 250))
        } else {
            ("STORM", rgb(200, 225, 250))
        };
        placed.push(draw_marker(c, mx, my, label, bg, styles[e.seat()].color));
    }
    for e in &view.events {
        let EventMarker::Market { village, .. } = *e else {
            continue;
        };
        let v = &data.villages[village.min(data.villages.len() - 1)];
        let (x, y, r) = (bx(v.x), by(v.y), village_radius(v.level));
        let w = marker_width(c, "MARKET");
        let sides = [
            (x - r - w / 2.0 - 4.0, y),
            (x + r + w / 2.0 + 4.0, y),
            (x, y + r + MARKER_H / 2.0 + 28.0),
            (x, y - r - MARKER_H / 2.0 - 32.0),
        ];
        let (cx, cy) = sides
            .iter()
            .copied()
            .find(|&(cx, cy)| {
                let rect = marker_rect(cx, cy, w);
                !placed.iter().any(|p| overlaps(p, &rect))
            })
            .unwrap_or(sides[0]);
        let color = styles[e.seat()].color;
        placed.push(draw_marker(c, cx, cy, "MARKET", rgb(255, 236, 150), color));
    }
}

/// The middle of a path on the drawing.
fn path_middle(data: &HimalayaData, path: usize) -> (f32, f32) {
    let p = &data.paths[path.min(data.paths.len() - 1)];
    let (va, vb) = (&data.villages[p.a], &data.villages[p.b]);
    ((bx(va.x) + bx(vb.x)) / 2.0, (by(va.y) + by(vb.y)) / 2.0)
}

fn marker_width(c: &Canvas, label: &str) -> f32 {
    c.text_width_bold(14.0, label) + 16.0
}

/// The box of a marker label centred on (cx, cy): [left, top, right, bottom].
fn marker_rect(cx: f32, cy: f32, w: f32) -> [f32; 4] {
    [
        cx - w / 2.0,
        cy - MARKER_H / 2.0,
        cx + w / 2.0,
        cy + MARKER_H / 2.0,
    ]
}

fn overlaps(a: &[f32; 4], b: &[f32; 4]) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// One event marker label, framed in its owner's colour; returns its box.
fn draw_marker(c: &mut Canvas, cx: f32, cy: f32, label: &str, bg: Color, owner: Color) -> [f32; 4] {
    let w = marker_width(c, label);
    let rect = marker_rect(cx, cy, w);
    c.fill_rounded_rect(rect[0], rect[1], w, MARKER_H, 6.0, bg);
    c.stroke_rounded_rect(rect[0], rect[1], w, MARKER_H, 6.0, owner, 3.0);
    c.text_centered(cx, cy, 14.0, INK, label, true);
    rect
}

/// What lies on each village: its stupa, goods and order.
fn draw_villages(c: &mut Canvas, data: &HimalayaData, view: &View, styles: &[PlayerStyle]) {
    // Villages: stupas, goods, orders.
    for (i, v) in view.villages.iter().enumerate() {
        let d = &data.villages[i];
        let (x, y, r) = (bx(d.x), by(d.y), village_radius(d.level));
        if let Some(s) = v.stupa {
            // A stupa: a bell on a base, in the owner's colour, above-left of the village.
            let (sx, sy) = (x - r - 4.0, y - r - 2.0);
            c.fill_rect(sx - 14.0, sy + 8.0, 28.0, 7.0, styles[s].color);
            c.stroke_rect(sx - 14.0, sy + 8.0, 28.0, 7.0, INK, 1.2);
            c.fill_circle(sx, sy, 12.0, styles[s].color);
            c.stroke_circle(sx, sy, 12.0, INK, 1.5);
            c.line(sx, sy - 12.0, sx, sy - 20.0, INK, 2.5);
            c.text_centered(
                sx,
                sy + 1.0,
                14.0,
                contrast_color(styles[s].color),
                &styles[s].letter.to_string(),
                true,
            );
        }
        let goods = goods_of(&v.goods);
        if !goods.is_empty() {
            let s = 13.0;
            let w = goods.len() as f32 * (s + 2.0) + 6.0;
            // Tags go to the upper right, or straight above near the right edge.
            let (gx, gy) = if x + r + 4.0 + w > BOARD_RIGHT {
                (x - w / 2.0, y - r - 30.0)
            } else {
                (x + r + 4.0, y - r - 6.0)
            };
            c.fill_rounded_rect(gx, gy, w, s + 6.0, 4.0, with_alpha(WHITE, 220));
            c.stroke_rounded_rect(gx, gy, w, s + 6.0, 4.0, MUTED, 1.0);
            for (k, g) in goods.iter().enumerate() {
                cube(c, gx + 4.0 + k as f32 * (s + 2.0), gy + 3.0, s, *g);
            }
        }
        if let Some(o) = &v.order {
            // Cubes for the goods, then the yack value.
            let gs = &o.goods;
            let s = 12.0;
            let label = format!("{}y", o.yacks);
            let tw = c.text_width_bold(15.0, &label);
            let w = gs.len() as f32 * (s + 2.0) + tw + 14.0;
            // Tags go to the upper right, or straight above near the right edge.
            let (ox, oy) = if x + r + 4.0 + w > BOARD_RIGHT {
                (x - w / 2.0, y - r - 30.0)
            } else {
                (x + r + 4.0, y - r - 6.0)
            };
            c.fill_rounded_rect(ox, oy, w, s + 10.0, 11.0, rgb(255, 246, 214));
            c.stroke_rounded_rect(ox, oy, w, s + 10.0, 11.0, rgb(150, 100, 20), 2.0);
            for (k, g) in gs.iter().enumerate() {
                cube(c, ox + 6.0 + k as f32 * (s + 2.0), oy + 5.0, s, *g);
            }
            c.text_bold(ox + w - 5.0, oy + 2.0, 15.0, INK, &label, Align::Right);
        }
    }
}

/// Every caravan, on its village or in a storm.
fn draw_caravans(c: &mut Canvas, data: &HimalayaData, view: &View, styles: &[PlayerStyle]) {
    // Caravans.
    let mut in_storm = 0.0;
    for p in &view.players {
        let st = &styles[p.seat];
        if let Some(path) = p.in_storm {
            // Beside the STORM label, clear of it, side by side.
            let (mx, my) = path_middle(data, path);
            let x = mx + marker_width(c, "STORM") / 2.0 + 18.0 + in_storm * 30.0;
            in_storm += 1.0;
            c.token(x, my, 14.0, st, None);
            continue;
        }
        if let Some(vn) = p.caravan {
            let vi = vn.saturating_sub(1).min(data.villages.len() - 1);
            let d = &data.villages[vi];
            let here = &view.villages[vi].caravans;
            let k = here.iter().position(|&s| s == p.seat).unwrap_or(0) as f32;
            let r = village_radius(d.level);
            let n = here.len() as f32;
            let x = bx(d.x) - (n - 1.0) * 15.0 + k * 30.0;
            c.token(x, by(d.y) + r + 12.0, 14.0, st, None);
        }
    }
}

/// The delegations of each region.
fn draw_delegations(c: &mut Canvas, data: &HimalayaData, view: &View, styles: &[PlayerStyle]) {
    // Delegations per region: counted tokens in a row next to the region's name (below
    // it in the upper half of the region, above it in the lower half).
    for (ri, r) in data.regions.iter().enumerate() {
        let counts = view.delegations.get(ri).cloned().unwrap_or_default();
        let present: Vec<(usize, u32)> = counts
            .iter()
            .copied()
            .enumerate()
            .filter(|(_, n)| *n > 0)
            .collect();
        let below = r.label_y < r.y + r.h / 2.0;
        let y = by(r.label_y) + if below { 30.0 } else { -30.0 };
        let step = 40.0;
        let mut x = bx(r.label_x) - (present.len() as f32 - 1.0) * step / 2.0;
        for (s, n) in present {
            c.token(x, y, 13.0, &styles[s], Some(n));
            x += step;
        }
    }
}

/// Inner margin of the side panel's boxes, and the gap between boxes.
const BOX_PAD: f32 = 12.0;
const BOX_GAP: f32 = 6.0;
/// Width inside a box.
const INNER_W: f32 = SIDE_W - 2.0 * BOX_PAD;
/// Height of a row of pictures with numbers in the side panel.
const ROW_H: f32 = TYPED_PX * 1.5;
/// Size of the words under the players' rows that name their pictures (read at full size).
const KEY_PX: f32 = 17.0;
/// The words that name the pictures of the players' rows.
const KEY: [&str; 4] = [
    "stupas placed",
    "delegations placed",
    "inventory markers",
    "events left",
];

/// The side panel: what the strip under the board does not show (the strip has whose turn
/// it is, what is asked and the last turn), every number and name in bold at
/// [`TYPED_PX`] (9 px inline): each player's stupas and delegations placed, inventory
/// markers and (advanced) events left; the programs being carried out, as tiles in the
/// paths' colours; the last inventory as a table; the viewer's own screen.
fn draw_side_panel(c: &mut Canvas, view: &View, styles: &[PlayerStyle]) {
    let mut y = 12.0;
    y = draw_players_box(c, view, styles, y) + BOX_GAP;
    if !view.revealed.is_empty() {
        y = draw_programs_box(c, view, styles, y) + BOX_GAP;
    }
    if let Some(inv) = &view.last_inventory {
        y = draw_inventory_box(c, inv, styles, y) + BOX_GAP;
    }
    if let Some(me) = &view.me {
        draw_private_box(c, me, y);
    }
}

/// A box of the side panel from `y`, `h` high, with `title` (if any) in bold; the y where
/// its content starts.
fn side_box(c: &mut Canvas, y: f32, h: f32, title: &str) -> f32 {
    c.panel_box(SIDE_X, y, SIDE_W, h);
    if title.is_empty() {
        return y + BOX_PAD;
    }
    let title = c.ellipsize(TYPED_PX, title, INNER_W, true);
    c.text_bold(
        SIDE_X + BOX_PAD,
        y + BOX_PAD - 4.0,
        TYPED_PX,
        INK,
        &title,
        Align::Left,
    );
    y + BOX_PAD + TYPED_PX * 1.2
}

/// Height of a box with `title` (or none) over `content` units.
fn box_height(title: &str, content: f32) -> f32 {
    let title_h = if title.is_empty() {
        0.0
    } else {
        TYPED_PX * 1.2
    };
    2.0 * BOX_PAD + title_h + content
}

/// A stupa: a dome on a base, with a spire, in `fill`, centred on (cx, cy), `r` high
/// from the middle.
fn stupa_icon(c: &mut Canvas, cx: f32, cy: f32, r: f32, fill: Color) {
    c.fill_rect(cx - r, cy + r * 0.35, 2.0 * r, r * 0.5, fill);
    c.stroke_rect(cx - r, cy + r * 0.35, 2.0 * r, r * 0.5, INK, 1.2);
    c.fill_circle(cx, cy + r * 0.1, r * 0.62, fill);
    c.stroke_circle(cx, cy + r * 0.1, r * 0.62, INK, 1.2);
    c.line(cx, cy - r * 0.5, cx, cy - r, INK, 2.0);
}

/// A delegation: a diamond in `fill`.
fn delegation_icon(c: &mut Canvas, cx: f32, cy: f32, r: f32, fill: Color) {
    let pts = Canvas::shape_points(Shape::Diamond, cx, cy, r * 0.9);
    c.fill_polygon(&pts, fill);
    c.stroke_polygon(&pts, INK, 1.2);
}

/// An inventory marker: a white square with a tick.
fn inventory_icon(c: &mut Canvas, cx: f32, cy: f32, r: f32) {
    let s = r * 0.75;
    c.fill_rect(cx - s, cy - s, 2.0 * s, 2.0 * s, WHITE);
    c.stroke_rect(cx - s, cy - s, 2.0 * s, 2.0 * s, INK, 1.5);
    let tick = [
        (cx - s * 0.55, cy),
        (cx - s * 0.1, cy + s * 0.5),
        (cx + s * 0.6, cy - s * 0.5),
    ];
    c.polyline(&tick, rgb(30, 130, 60), 2.5);
}

/// An event marker: a rounded tag in the colour of its label on the board.
fn event_icon(c: &mut Canvas, cx: f32, cy: f32, r: f32) {
    c.fill_rounded_rect(
        cx - r,
        cy - r * 0.6,
        2.0 * r,
        r * 1.2,
        r * 0.3,
        rgb(255, 236, 150),
    );
    c.stroke_rounded_rect(cx - r, cy - r * 0.6, 2.0 * r, r * 1.2, r * 0.3, INK, 1.5);
}

/// The pictures of player `p`'s row: each an icon (drawn in the seat's colour) and its
/// number or letters.
fn player_counters(view: &View, p: &crate::games::himalaya::PlayerView) -> Vec<(usize, String)> {
    let mut out = vec![
        (0, (5 - p.stupas_left.min(5)).to_string()),
        (1, (15 - p.delegations_left.min(15)).to_string()),
        (2, p.inventory_markers.to_string()),
    ];
    if view.advanced {
        let ev: String = p
            .events_left
            .iter()
            .map(|e| e.name()[..1].to_uppercase())
            .collect();
        out.push((3, if ev.is_empty() { "-".into() } else { ev }));
    }
    out
}

/// Player `i`'s row in the players' box (x, y, width, height), the box drawn from `top`.
pub(super) fn player_row(i: usize, top: f32) -> (f32, f32, f32, f32) {
    (
        SIDE_X + BOX_PAD,
        top + BOX_PAD + i as f32 * (ROW_H + 4.0),
        INNER_W,
        ROW_H,
    )
}

/// The players' box from `y`: a row per player (a disc in the seat's colour, the name cut
/// to the room left, the counters), then the words naming the counters' pictures. The y
/// under it.
fn draw_players_box(c: &mut Canvas, view: &View, styles: &[PlayerStyle], y: f32) -> f32 {
    let n = view.players.len() as f32;
    let key_h = key_places(c, view, 0.0).last().map_or(0.0, |p| p.1) + KEY_PX * 1.3;
    let h = box_height("", n * (ROW_H + 2.0) + key_h);
    side_box(c, y, h, "");
    for (i, p) in view.players.iter().enumerate() {
        let (x, ry, w, rh) = player_row(i, y);
        let mid = ry + rh / 2.0;
        let col = styles[p.seat].color;
        c.fill_circle(x + 11.0, mid, 11.0, col);
        c.stroke_circle(x + 11.0, mid, 11.0, INK, 1.5);
        let items = player_counters(view, p);
        let widths: Vec<f32> = items
            .iter()
            .map(|(_, t)| c.counter_width(TYPED_PX, t))
            .collect();
        let total: f32 = widths.iter().sum::<f32>() + 4.0 * widths.len() as f32;
        let room = (w - 30.0 - total - 6.0).max(TYPED_PX);
        let name = c.ellipsize(TYPED_PX, &p.name, room, true);
        let top = mid - crate::render::text::cap_middle(TYPED_PX, true);
        c.text_bold(x + 28.0, top, TYPED_PX, INK, &name, Align::Left);
        let mut cx = x + w - total + 4.0;
        for ((kind, t), cw) in items.iter().zip(&widths) {
            let kind = *kind;
            let icon = move |c: &mut Canvas, ix: f32, iy: f32, r: f32| match kind {
                0 => stupa_icon(c, ix, iy, r, col),
                1 => delegation_icon(c, ix, iy, r, col),
                2 => inventory_icon(c, ix, iy, r),
                _ => event_icon(c, ix, iy, r),
            };
            c.counter((cx, ry), TYPED_PX, t, &icon);
            cx += cw + 4.0;
        }
    }
    // The key, read at full size.
    let ky = y + BOX_PAD + n * (ROW_H + 2.0);
    let grey = rgb(150, 150, 160);
    for ((kind, word), (kx, ky)) in key_items(view).into_iter().zip(key_places(c, view, ky)) {
        let (ix, iy, r) = (kx + 8.0, ky + KEY_PX * 0.6, 8.0);
        match kind {
            0 => stupa_icon(c, ix, iy, r, grey),
            1 => delegation_icon(c, ix, iy, r, grey),
            2 => inventory_icon(c, ix, iy, r),
            _ => event_icon(c, ix, iy, r),
        }
        c.text(kx + 19.0, ky, KEY_PX, INK, word, Align::Left);
    }
    y + h
}

/// The key's pictures (by kind) and words: events only with the advanced rules.
fn key_items(view: &View) -> Vec<(usize, &'static str)> {
    let kinds = if view.advanced { 4 } else { 3 };
    KEY.iter().copied().enumerate().take(kinds).collect()
}

/// Where each of the key's items goes, in rows from `y` across the box.
fn key_places(c: &Canvas, view: &View, y: f32) -> Vec<(f32, f32)> {
    let sizes: Vec<(f32, f32)> = key_items(view)
        .iter()
        .map(|(_, w)| (c.text_width(KEY_PX, w) + 26.0, KEY_PX * 1.2))
        .collect();
    flow(&sizes, (SIDE_X + BOX_PAD, y), INNER_W, 4.0).0
}

/// Side of a program's action tile.
const TILE: f32 = 32.0;

/// One action as a tile at (x, y): a move in its path's colour, a deal `D`, a rest `R`.
fn action_tile(c: &mut Canvas, x: f32, y: f32, a: Action) {
    let (fill, letter) = match a {
        Action::Move(p) => (path_color(p), ""),
        Action::Deal => (rgb(255, 236, 150), "D"),
        Action::Rest => (rgb(235, 235, 240), "R"),
    };
    c.fill_rounded_rect(x, y, TILE, TILE, 5.0, fill);
    c.stroke_rounded_rect(x, y, TILE, TILE, 5.0, INK, 1.5);
    if a == Action::Move(PathType::Ice) {
        c.line(
            x + 6.0,
            y + TILE / 2.0,
            x + TILE - 6.0,
            y + TILE / 2.0,
            WHITE,
            3.0,
        );
    }
    if !letter.is_empty() {
        c.text_centered(x + TILE / 2.0, y + TILE / 2.0, TYPED_PX, INK, letter, true);
    }
}

/// A row of action tiles from (x, y), one every `TILE + 4` units; the frame on the
/// `next`-th (0-based) if any.
fn action_tiles(c: &mut Canvas, x: f32, y: f32, program: &[Action], next: Option<usize>) {
    for (k, &a) in program.iter().enumerate() {
        let tx = x + k as f32 * (TILE + 4.0);
        action_tile(c, tx, y, a);
        if next == Some(k) {
            c.stroke_rounded_rect(
                tx - 3.0,
                y - 3.0,
                TILE + 6.0,
                TILE + 6.0,
                6.0,
                rgb(200, 30, 30),
                3.5,
            );
        }
    }
}

/// The programs revealed for the turn, a row of tiles per player (the next action framed
/// in red), what `D` and `R` stand for at the right. The y under the box.
fn draw_programs_box(c: &mut Canvas, view: &View, styles: &[PlayerStyle], y: f32) -> f32 {
    let title = format!("Programs of turn {}", view.revealed_turn);
    let line = TILE + 6.0;
    let h = box_height(&title, view.revealed.len() as f32 * line);
    let mut ry = side_box(c, y, h, &title) + 4.0;
    let x = SIDE_X + BOX_PAD;
    let cap = crate::render::text::cap_middle(TYPED_PX, true);
    let mut legend = ["D deal", "R rest"].into_iter();
    for r in &view.revealed {
        let mid = ry + TILE / 2.0;
        c.fill_circle(x + 11.0, mid, 11.0, styles[r.seat].color);
        c.stroke_circle(x + 11.0, mid, 11.0, INK, 1.5);
        let next = view
            .next_action
            .filter(|&(_, seat)| seat == r.seat)
            .map(|(slot, _)| slot.saturating_sub(1));
        action_tiles(c, x + 32.0, ry, &r.program, next);
        // What `D` and `R` stand for, at the right of the first two rows.
        if let Some(word) = legend.next() {
            c.text_bold(x + INNER_W, mid - cap, TYPED_PX, INK, word, Align::Right);
        }
        ry += line;
    }
    y + h
}

/// The last inventory as a table: a row per good (its cube), a column per player (a disc
/// in the seat's colour), each player's stock; the winner's number on a yellow ground.
fn draw_inventory_box(
    c: &mut Canvas,
    inv: &InventoryReveal,
    styles: &[PlayerStyle],
    y: f32,
) -> f32 {
    let title = format!("Inventory, turn {}", inv.turn);
    let rh = TYPED_PX * 1.05;
    let h = box_height(&title, rh * (Good::ALL.len() + 1) as f32);
    let top = side_box(c, y, h, &title);
    let x = SIDE_X + BOX_PAD;
    let col_w = (INNER_W - 40.0) / inv.stock.len().max(1) as f32;
    let col_x = |s: usize| x + 40.0 + (s as f32 + 0.5) * col_w;
    for s in 0..inv.stock.len() {
        let color = styles.get(s).map_or(MUTED, |st| st.color);
        c.fill_circle(col_x(s), top + rh / 2.0, 10.0, color);
        c.stroke_circle(col_x(s), top + rh / 2.0, 10.0, INK, 1.2);
    }
    for (gi, g) in Good::ALL.iter().enumerate() {
        let ry = top + rh * (gi + 1) as f32;
        let mid = ry + rh / 2.0;
        cube(c, x + 6.0, mid - 9.0, 18.0, *g);
        let winner = inv.winners.get(gi).copied().flatten();
        for (s, stock) in inv.stock.iter().enumerate() {
            let n = stock.get(g.name()).copied().unwrap_or(0).to_string();
            if winner == Some(s) {
                let w = c.text_width_bold(TYPED_PX, &n) + 14.0;
                c.fill_rounded_rect(col_x(s) - w / 2.0, ry + 1.0, w, rh - 2.0, 6.0, HIGHLIGHT);
                c.stroke_rounded_rect(col_x(s) - w / 2.0, ry + 1.0, w, rh - 2.0, 6.0, INK, 1.2);
            }
            c.text_centered(col_x(s), mid, TYPED_PX, INK, &n, true);
        }
    }
    y + h
}

/// The viewer's own screen: the yacks in its title, a counter per good, the kept orders
/// (on one line, cut with an ellipsis if long), the plan as tiles.
fn draw_private_box(c: &mut Canvas, me: &PrivateView, y: f32) {
    let name = c.ellipsize(TYPED_PX, &me.name, INNER_W / 2.0, true);
    let title = format!("{name}'s screen: {} yacks", me.yacks);
    let x = SIDE_X + BOX_PAD;
    let items: Vec<(Good, String)> = Good::ALL
        .iter()
        .map(|g| (*g, me.goods.get(g.name()).copied().unwrap_or(0).to_string()))
        .collect();
    let sizes: Vec<(f32, f32)> = items
        .iter()
        .map(|(_, t)| (c.counter_width(TYPED_PX, t), counter_height(TYPED_PX)))
        .collect();
    let (at, counters_bottom) = flow(&sizes, (x, 0.0), INNER_W, 4.0);
    let kept: Vec<String> = me.kept_orders.iter().map(|o| o.label()).collect();
    let kept = match kept.is_empty() {
        true => None,
        false => Some(c.ellipsize(
            TYPED_PX,
            &format!("kept: {}", kept.join(", ")),
            INNER_W,
            true,
        )),
    };
    let lh = TYPED_PX * 1.2;
    let plan_h = if me.plan.is_empty() { 0.0 } else { TILE + 8.0 };
    let content = counters_bottom + 6.0 + if kept.is_some() { lh } else { 0.0 } + plan_h;
    let h = box_height(&title, content);
    let top = side_box(c, y, h, &title);
    for ((good, t), &(cx, cy)) in items.iter().zip(&at) {
        let good = *good;
        let icon = move |c: &mut Canvas, ix: f32, iy: f32, r: f32| {
            cube(c, ix - r * 0.7, iy - r * 0.7, r * 1.4, good)
        };
        c.counter((cx, top + cy), TYPED_PX, t, &icon);
    }
    let mut ly = top + counters_bottom + 6.0;
    if let Some(l) = &kept {
        c.text_bold(x, ly, TYPED_PX, INK, l, Align::Left);
        ly += lh;
    }
    if !me.plan.is_empty() {
        let w = c.text_width_bold(TYPED_PX, "plan");
        let cap = crate::render::text::cap_middle(TYPED_PX, true);
        c.text_bold(
            x,
            ly + 4.0 + TILE / 2.0 - cap,
            TYPED_PX,
            INK,
            "plan",
            Align::Left,
        );
        action_tiles(c, x + w + 10.0, ly + 4.0, &me.plan, None);
    }
}

/// One scoreboard row per player: what they have placed, where they stand, who acts.
fn score_rows(view: &View, styles: &[PlayerStyle]) -> Vec<ScoreRow> {
    view.players
        .iter()
        .map(|p| {
            let mut detail = format!(
                "stupas {} · deleg. {} · inv. {}",
                5 - p.stupas_left.min(5),
                15 - p.delegations_left.min(15),
                p.inventory_markers
            );
            if view.advanced {
                let ev: Vec<String> = p
                    .events_left
                    .iter()
                    .map(|e| e.name()[..1].to_uppercase())
                    .collect();
                detail.push_str(&format!(
                    " · events {}",
                    if ev.is_empty() {
                        "-".to_string()
                    } else {
                        ev.join(" ")
                    }
                ));
            }
            let score = if view.phase == PhaseView::Programming {
                if p.sealed {
                    "sealed".to_string()
                } else {
                    "planning".to_string()
                }
            } else {
                p.caravan.map(|v| format!("at {v}")).unwrap_or_default()
            };
            // Who moves first next turn; said in words ("1st" would read as first
            // place), and not at all once the game is over.
            let first = if p.seat == view.first && view.turn > 0 && view.result_note.is_none() {
                " \u{b7} moves first"
            } else {
                ""
            };
            ScoreRow {
                style: styles[p.seat],
                name: format!("{}{first}", p.name),
                score,
                detail,
                to_act: view.acting.contains(&p.seat),
            }
        })
        .collect()
}

/// The final result, best first, and its note.
fn final_rows(view: &View) -> Vec<String> {
    let mut lines: Vec<String> = view
        .final_lines
        .iter()
        .map(|f| {
            format!(
                "{}. {}: religious {}, political {}, economic {}{}",
                f.place,
                f.name,
                f.religious,
                f.political,
                f.economic,
                f.economic_parts_text()
            )
        })
        .collect();
    lines.sort();
    if let Some(n) = &view.result_note {
        lines.push(n.clone());
    }
    lines
}

/// Background of the headline strip.
const HEADLINE_BG: Color = rgb(248, 245, 236);

/// The game-over headline: who won, short enough for the strip (the result's full note,
/// with its tie-breaks, is in the final-result panel).
fn game_over_line(view: &View) -> String {
    let winners: Vec<&str> = view
        .final_lines
        .iter()
        .filter(|f| f.place == 1)
        .map(|f| f.name.as_str())
        .collect();
    match winners.as_slice() {
        [] => match &view.result_note {
            Some(n) => format!("Game over: {n}"),
            None => "Game over".into(),
        },
        [one] => format!("Game over \u{b7} {one} wins"),
        [rest @ .., last] => format!(
            "Game over \u{b7} {} and {last} share the win",
            rest.join(", ")
        ),
    }
}

/// The headline: the result once the game is over, else the turn, the phase and who the
/// game waits for.
pub(super) fn headline(view: &View) -> String {
    if view.phase == PhaseView::Finished {
        return game_over_line(view);
    }
    let waiting: Vec<&str> = view
        .acting
        .iter()
        .filter_map(|&s| view.players.get(s))
        .map(|p| p.name.as_str())
        .collect();
    let mut line = format!(
        "Turn {} of {} \u{b7} {}",
        view.turn.max(1),
        view.turns,
        view.phase.name()
    );
    if !waiting.is_empty() {
        line += &format!(" \u{b7} waiting for {}", waiting.join(", "));
    }
    line
}

#[cfg(test)]
mod strip_tests;
