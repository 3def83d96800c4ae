//! Nepal board picture: a hex map coloured by region with province names, limits, cities
//! and arrows to the outside trade partners (static layer, drawn once and cached in
//! [`NepalData::layer`]), then pieces, fortresses, over-limit warnings, the trade cards in
//! play with their markers and a scoreboard; whose turn, the status and the last turn in
//! the status strip under the board.
//!
//! Pure function of the data and the view: no IO, same input gives the same PNG.

use crate::games::nepal::{Card, CardView, NepalData, Phase, View};
use crate::render::*;

/// Canvas size.
pub const WIDTH: u32 = 1460;
pub const HEIGHT: u32 = 960;
/// Hex radius (centre to corner), pointy top.
const R: f32 = 54.0;
/// Horizontal offset: column -1 sits at this x.
const OX: f32 = 40.0;
/// Vertical offset of row 0.
const OY: f32 = 40.0;

const SEA: Color = rgb(222, 228, 232);
const ARROW: Color = rgb(120, 72, 40);
const CONFLICT: Color = rgb(214, 39, 40);

/// Pixel centre of a hex (odd-r offset coordinates).
fn center(col: i32, row: i32) -> (f32, f32) {
    let (x, y) = NepalData::hex_center(col, row);
    (OX + R * (x + 3f32.sqrt()), OY + R * y)
}

fn region_color(data: &NepalData, r: usize) -> Color {
    let [a, b, c] = data
        .regions
        .get(r)
        .map(|x| x.color)
        .unwrap_or([200, 200, 200]);
    rgb(a, b, c)
}

fn draw_static(data: &NepalData) -> Canvas {
    let mut cv = Canvas::board(WIDTH, HEIGHT, SEA);
    draw_neighbours(&mut cv);
    draw_hexes(&mut cv, data);
    draw_outside(&mut cv, data);
    draw_province_labels(&mut cv, data);
    draw_title_and_key(&mut cv, data);
    cv
}

/// The neighbouring countries, faintly.
fn draw_neighbours(cv: &mut Canvas) {
    // Neighbouring countries, faintly.
    cv.text_bold(
        860.0,
        150.0,
        44.0,
        rgba(120, 120, 140, 70),
        "T I B E T",
        Align::Center,
    );
    cv.text_bold(
        1130.0,
        800.0,
        44.0,
        rgba(120, 120, 140, 70),
        "I N D I A",
        Align::Center,
    );
}

/// The province hexes, region borders thicker than province borders.
fn draw_hexes(cv: &mut Canvas, data: &NepalData) {
    // Hexes.
    for (i, p) in data.provinces.iter().enumerate() {
        let (cx, cy) = center(p.col, p.row);
        let pts = hex_corners(cx, cy, R - 1.0, true);
        cv.fill_polygon(&pts, region_color(data, p.region));
        if i == data.kathmandu {
            let inner = hex_corners(cx, cy, R - 7.0, true);
            cv.stroke_polygon(&inner, rgb(150, 40, 40), 2.5);
        }
    }
    // Region borders thicker than province borders.
    for (i, p) in data.provinces.iter().enumerate() {
        let (cx, cy) = center(p.col, p.row);
        let pts = hex_corners(cx, cy, R - 1.0, true);
        cv.stroke_polygon(&pts, rgba(40, 40, 50, 150), 1.2);
        let _ = i;
    }
}

/// The arrows to the outside locations and their names.
fn draw_outside(cv: &mut Canvas, data: &NepalData) {
    // Arrows to outside locations.
    for o in &data.outside {
        let (ox, oy) = center(o.col, o.row);
        for &a in &o.arrows {
            let p = &data.provinces[a];
            let (px, py) = center(p.col, p.row);
            let (dx, dy) = (px - ox, py - oy);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / len, dy / len);
            let start = 30.0f32.min(len * 0.4);
            // The head stops at the hex's edge, clear of the pieces drawn inside.
            let stop = (len - R * 0.92).max(start + 4.0);
            cv.arrow(
                ox + ux * start,
                oy + uy * start,
                ox + ux * stop,
                oy + uy * stop,
                ARROW,
                3.0,
            );
        }
    }
    for o in &data.outside {
        let (ox, oy) = center(o.col, o.row);
        let w = cv.text_width_bold(15.0, &o.name) + 18.0;
        cv.fill_rounded_rect(ox - w / 2.0, oy - 14.0, w, 28.0, 8.0, rgb(255, 250, 235));
        cv.stroke_rounded_rect(ox - w / 2.0, oy - 14.0, w, 28.0, 8.0, ARROW, 2.0);
        cv.text_centered(ox, oy, 15.0, ARROW, &o.name, true);
    }
}

/// Each province's label, full name, limit badge and cities. The label
/// ([`NepalData::short_label`], what `move` reads) is set at [`LABEL_PX`], legible where
/// chat clients show the board inline, under the limit badge (as large); a shortened name
/// is spelt out in small type under it, for the picture opened at full size (unless one of
/// the province's cities has its name: that line says it), then the cities.
fn draw_province_labels(cv: &mut Canvas, data: &NepalData) {
    for (i, p) in data.provinces.iter().enumerate() {
        let (cx, cy) = center(p.col, p.row);
        let label = data.short_label(i);
        let size = fit_bold(cv, label, LABEL_PX + 2.0, LABEL_PX, LABEL_W);
        cv.label(cx, cy + LABEL_DY, size, label);
        let lim = match p.limit {
            Some(l) => l.to_string(),
            None => "\u{221e}".to_string(),
        };
        limit_badge(cv, cx, cy, rgb(40, 40, 50), &lim);
        for line in small_lines(cv, data, i) {
            let y = cy + line.dy;
            if line.city {
                let x0 = cx - line.w / 2.0;
                cv.fill_circle(x0 + 2.5, y, 2.5, INK);
                let top = y - cv.line_height(line.size) / 2.0;
                cv.text(x0 + 8.0, top, line.size, INK, &line.text, Align::Left);
            } else {
                cv.text_centered(cx, y, line.size, INK, &line.text, false);
            }
        }
    }
}

/// A small line under a province's label: its text (cut to the hex's width), size, width
/// (with a city's dot), how far below the hex's centre its middle is, and whether it is a
/// city (or the full name).
struct SmallLine {
    text: String,
    size: f32,
    w: f32,
    dy: f32,
    city: bool,
}

/// Province `i`'s small lines: its full name if the label shortens it and no city has it,
/// then its cities.
fn small_lines(cv: &Canvas, data: &NepalData, i: usize) -> Vec<SmallLine> {
    let p = &data.provinces[i];
    let mut lines: Vec<(&str, bool)> = Vec::new();
    if data.short_label(i) != p.name && !p.cities.contains(&p.name) {
        lines.push((p.name.as_str(), false));
    }
    lines.extend(p.cities.iter().map(|c| (c.as_str(), true)));
    let cw = 2.0 * R * 0.8;
    lines
        .into_iter()
        .enumerate()
        .map(|(k, (text, city))| {
            let size = fit_bold(cv, text, SMALL_PX, SMALL_PX - 1.5, cw);
            let text = cv.ellipsize(size, text, cw, false);
            let w = cv.text_width(size, &text) + if city { 8.0 } else { 0.0 };
            let dy = SMALL_DY + SMALL_STEP * k as f32;
            SmallLine {
                text,
                size,
                w,
                dy,
                city,
            }
        })
        .collect()
}

/// Size of a province's map label: 9 px when the board is shown 550 px wide.
const LABEL_PX: f32 = 24.0;
/// Widest a map label may be: inside its hex's flat sides.
const LABEL_W: f32 = 2.0 * R * 0.83;
/// Where the label's capitals are centred, below the hex's centre (negative: above).
const LABEL_DY: f32 = -17.0;
/// Full names and cities, one under the other, the first centred this far below the
/// hex's centre.
const SMALL_PX: f32 = 11.0;
const SMALL_STEP: f32 = 9.5;
const SMALL_DY: f32 = -0.5;
/// The limit badge: its centre above the hex's centre, and its radius.
const LIMIT_DY: f32 = -41.0;
const LIMIT_R: f32 = 13.5;

/// The limit badge of the province centred at (cx, cy), on `bg`, its number as large as
/// the label.
fn limit_badge(cv: &mut Canvas, cx: f32, cy: f32, bg: Color, text: &str) {
    cv.fill_circle(cx, cy + LIMIT_DY, LIMIT_R, bg);
    cv.text_centered(cx, cy + LIMIT_DY, LABEL_PX, WHITE, text, true);
}

/// The title and the region key.
fn draw_title_and_key(cv: &mut Canvas, data: &NepalData) {
    // Title and region key.
    cv.text_bold(20.0, 14.0, 30.0, INK, "NEPAL", Align::Left);
    let items: Vec<(Color, String)> = data
        .regions
        .iter()
        .enumerate()
        .map(|(i, r)| (region_color(data, i), r.name.clone()))
        .collect();
    cv.legend(14.0, 56.0, &items);
}

/// The view's picture (the engine encodes it as PNG).
pub fn render(data: &NepalData, view: &View) -> RgbaImage {
    render_canvas(data, view).into_image()
}

/// The view's picture on its canvas, with the record of every text drawn on it
/// ([`Canvas::marks`]) for the layout tests.
/// Draw a view (laid out on 1460×960 units, drawn at `BOARD_SCALE`; the engine encodes it
/// as PNG).
pub fn render_canvas(data: &NepalData, view: &View) -> Canvas {
    let layer = data.layer.get_or_draw(|| draw_static(data));
    let mut cv = Canvas::from_layer(layer);
    let n = view.players.len();
    let styles = player_styles(view.players.iter().map(|p| p.name.as_str()));

    draw_boom_limits(&mut cv, data, view);
    draw_over_limit(&mut cv, data, view);
    draw_pieces(&mut cv, data, view, &styles);

    // Scoreboard (top right), in type that reads inline: each player's hand and pieces on
    // the map, which only it shows (whose turn, the status and the last turn are in the
    // strip below the board).
    let rows = score_rows(view, &styles);
    let sb_w = 370.0;
    cv.scoreboard_large(WIDTH as f32 - sb_w - 12.0, 12.0, sb_w, &rows);
    let status = status_lines(data, view);

    // Trade cards (bottom left).
    draw_cards(&mut cv, data, view, &styles, n);
    // Whose turn (or the result), large enough to read at a chat client's inline size.
    let headline = status.first().map(String::as_str).unwrap_or("Nepal");
    // The players, the rest of the status and the last turn again, below the board, in
    // type that reads inline.
    let last_turn: &[String] = match view.final_result {
        Some(_) => &[],
        None => &view.last_turn,
    };
    cv.with_headline(headline, HEADLINE_BG, INK)
        .with_status_strip(&StatusStrip {
            players: &rows,
            status: status.get(1..).unwrap_or_default(),
            last_turn_title: "Last turn",
            last_turn,
        })
}

/// The status panel: whose turn, the end trigger, what is over its limit, the last turn
/// or the final breakdown, the options.
fn status_lines(data: &NepalData, view: &View) -> Vec<String> {
    let mut status: Vec<String> = Vec::new();
    let name = |s: usize| view.players.get(s).map(|p| p.name.as_str()).unwrap_or("?");
    match (&view.final_result, view.current) {
        (Some(r), _) => status.push(format!("Game over: {}", r.note)),
        (None, Some(c)) if view.phase == Phase::Placement => status.push(format!(
            "Start placement: {} places ({} left)",
            name(c),
            view.placements_left
        )),
        (None, Some(c)) => {
            status.push(format!(
                "Turn {}: {} \u{2014} {} left",
                view.turn,
                name(c),
                crate::engine::counted(view.actions_left, "action")
            ));
            if !view.actions_taken.is_empty() {
                status.push(format!("Done: {}", view.actions_taken.join(", ")));
            }
        }
        _ => {}
    }
    if let (Some(t), None) = (&view.end_trigger, &view.final_result) {
        status.push(format!(
            "END TRIGGERED ({}): {} left",
            t.reason,
            crate::engine::counted(t.turns_left, "turn")
        ));
    }
    if !view.over_limit.is_empty() {
        let names: Vec<&str> = view
            .over_limit
            .iter()
            .filter_map(|&p| data.provinces.get(p))
            .map(|p| p.name.as_str())
            .collect();
        status.push(format!("Over the limit: {}", names.join(", ")));
    }
    if let Some(r) = &view.final_result {
        for s in 0..view.players.len() {
            status.push(format!("{}: {}", name(s), r.score_text(s)));
        }
    }
    status.extend(options_line(view));
    status
}

/// The options in play, if any.
fn options_line(view: &View) -> Option<String> {
    let opts = &view.options;
    let mut on = Vec::new();
    if opts.placement {
        on.push("placement start");
    }
    if opts.boom {
        on.push("boom (green limits raised)");
    }
    if opts.fortress {
        on.push("fortress");
    }
    (!on.is_empty()).then(|| format!("Options: {}", on.join(", ")))
}

/// One scoreboard row per player.
fn score_rows(view: &View, styles: &[PlayerStyle]) -> Vec<ScoreRow> {
    view.players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let mut detail = format!("hand {} \u{b7} map {}", p.hand, p.on_board);
            if p.fortress_built {
                detail.push_str(" \u{b7} fort");
            }
            let place = view.final_result.as_ref().map(|r| r.place_of(s));
            let to_act = view.current == Some(s);
            ScoreRow::with_vp(styles[s], &p.name, p.score, detail, place, to_act)
        })
        .collect()
}

/// Size of a piece count: 9 px when the board is shown 550 px wide, like the labels.
const COUNT_PX: f32 = LABEL_PX;
/// Height of a count badge and the gap between two.
const BADGE_H: f32 = 21.0;
const BADGE_GAP: f32 = 1.0;
/// Half the height of a hex (centre to its top or bottom corner) and its width across the
/// flat sides.
const HEX_HALF_H: f32 = R;
const HEX_FLAT_W: f32 = R * 1.732_050_8;

/// The width inside a hex at `dy` units below its centre (the sides slant in past half
/// the radius), less a margin.
fn room_at(dy: f32) -> f32 {
    let slant = ((HEX_HALF_H - dy.abs()) / (HEX_HALF_H / 2.0)).clamp(0.0, 1.0);
    HEX_FLAT_W * slant - 3.0
}

/// What a province's badge shows: a seat's piece count, or its fortress.
#[derive(Clone, Copy, Debug)]
enum Badge {
    Count(usize, u8),
    Fortress(usize),
}

/// How far above a badge's middle its count's line box starts (its rectangle for
/// placing starts there: two counts' boxes never overlap).
fn badge_top() -> f32 {
    crate::render::text::cap_middle(COUNT_PX, true).max(BADGE_H / 2.0)
}

/// A rectangle [left, top, right, bottom] in units from a hex's centre.
type Rect = [f32; 4];

fn hits(a: &Rect, b: &Rect) -> bool {
    a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]
}

/// Below a hex's lower sides, between the two hexes under it, a badge may hang over the
/// border down to this far below the centre and this far either side of it: clear of
/// those hexes' limit badges and labels.
const TAB_BOTTOM: f32 = HEX_HALF_H * 0.5 + 23.0;
const TAB_HALF_W: f32 = HEX_FLAT_W / 2.0 - LIMIT_R - 1.5;

/// Whether `r` lies inside the hex (less a margin) or the tab under it, all four corners.
fn in_hex(r: &Rect) -> bool {
    let x = r[0].abs().max(r[2].abs());
    let fits = |dy: f32| {
        let half = room_at(dy) / 2.0;
        match dy > HEX_HALF_H / 2.0 {
            true => dy <= TAB_BOTTOM && x <= half.max(TAB_HALF_W),
            false => x <= half,
        }
    };
    r[1] > -HEX_HALF_H && fits(r[1]) && fits(r[3])
}

/// What is drawn in province `i`'s hex before its badges: the limit badge, the label
/// and the small lines (full name, cities).
fn fixed_rects(cv: &Canvas, data: &NepalData, i: usize) -> Vec<Rect> {
    let label = data.short_label(i);
    let size = fit_bold(cv, label, LABEL_PX + 2.0, LABEL_PX, LABEL_W);
    let w = cv.text_width_bold(size, label) + 4.0;
    let top = LABEL_DY - crate::render::text::cap_middle(size, true);
    let mut out = vec![
        [-LIMIT_R, LIMIT_DY - LIMIT_R, LIMIT_R, LIMIT_DY + LIMIT_R],
        [-w / 2.0, top, w / 2.0, top + size],
    ];
    out.extend(town_rects(cv, data, i));
    out
}

/// The rectangles of province `i`'s small lines (full name, cities).
fn town_rects(cv: &Canvas, data: &NepalData, i: usize) -> Vec<Rect> {
    small_lines(cv, data, i)
        .iter()
        .map(|l| {
            let h = cv.line_height(l.size) / 2.0;
            [-l.w / 2.0, l.dy - h, l.w / 2.0, l.dy + h]
        })
        .collect()
}

/// Where each badge of province `i` goes (its rectangle from the hex's centre): in one
/// row centred under the small lines if they all fit the hex there; else each in turn at
/// the free place inside the hex nearest under the small lines, clear of the limit badge,
/// the label, the small lines and the badges placed before it (so a badge covers no town's
/// name while there is room: three badges always fit); where they do not all fit so, the
/// same from under the label ignoring the small lines.
fn badge_places(cv: &Canvas, data: &NepalData, i: usize, badges: &[Badge]) -> Vec<(Badge, Rect)> {
    let sized: Vec<(Badge, f32)> = badges
        .iter()
        .map(|&b| {
            let w = match b {
                Badge::Count(_, c) => cv.text_width_bold(COUNT_PX, &c.to_string()) + 3.0,
                Badge::Fortress(_) => 25.0,
            };
            (b, w)
        })
        .collect();
    let fixed = fixed_rects(cv, data, i);
    let under = fixed.iter().map(|r| r[3]).fold(f32::MIN, f32::max) + BADGE_GAP;
    let total =
        sized.iter().map(|b| b.1).sum::<f32>() + BADGE_GAP * sized.len().saturating_sub(1) as f32;
    let row = |x0: f32, w: f32| [x0, under, x0 + w, under + badge_top() + BADGE_H / 2.0];
    if in_hex(&row(-total / 2.0, total)) {
        let mut x = -total / 2.0;
        return sized
            .into_iter()
            .map(|(b, w)| {
                let r = row(x, w);
                x += w + BADGE_GAP;
                (b, r)
            })
            .collect();
    }
    // Town names are only kept clear while there is room: with more seats in a province
    // than fit (Kathmandu at the start), the counts take the hex's middle from under the
    // label down, covering its town names rather than each other.
    let others: Vec<Rect> = fixed[..2].to_vec();
    let label_bottom = others[1][3] + BADGE_GAP;
    let place_all = |taken: Vec<Rect>, pref: f32| -> Option<Vec<(Badge, Rect)>> {
        let mut taken = taken;
        let mut out = Vec::new();
        for &(b, w) in &sized {
            let r = free_place(&taken, w, pref)?;
            taken.push(r);
            out.push((b, r));
        }
        Some(out)
    };
    place_all(fixed, under + badge_top())
        .or_else(|| place_all(others, label_bottom + badge_top()))
        .unwrap_or_else(|| {
            let mut y = label_bottom;
            sized
                .iter()
                .map(|&(b, w)| {
                    let r = [-w / 2.0, y, w / 2.0, y + badge_top() + BADGE_H / 2.0];
                    y = r[3] + BADGE_GAP;
                    (b, r)
                })
                .collect()
        })
}

/// The free place for a badge `w` wide nearest (`0`, `pref`) (its middle), inside the
/// hex or the tab under it, clear of `taken`.
fn free_place(taken: &[Rect], w: f32, pref: f32) -> Option<Rect> {
    let at = |cx: f32, cy: f32| {
        [
            cx - w / 2.0,
            cy - badge_top(),
            cx + w / 2.0,
            cy + BADGE_H / 2.0,
        ]
    };
    let mut best: Option<(f32, Rect)> = None;
    for yi in -36..=36 {
        let cy = yi as f32 * 1.5;
        for xi in -32..=32 {
            let cx = xi as f32 * 1.5;
            let r = at(cx, cy);
            let cost = (cy - pref).abs() + cx.abs() * 0.7;
            if best.is_some_and(|(c, _)| c <= cost) || !in_hex(&r) {
                continue;
            }
            let g = [
                r[0] - BADGE_GAP,
                r[1] - BADGE_GAP,
                r[2] + BADGE_GAP,
                r[3] + BADGE_GAP,
            ];
            if taken.iter().all(|t| !hits(&g, t)) {
                best = Some((cost, r));
            }
        }
    }
    best.map(|b| b.1)
}

/// Pieces and fortresses: in each province a badge per seat in the seat's colour with its
/// count in bold, set as large as the province's label so it reads where chat clients show
/// the board inline, and the fortress's castle (see [`badge_places`]).
fn draw_pieces(cv: &mut Canvas, data: &NepalData, view: &View, styles: &[PlayerStyle]) {
    for (p, badges) in province_badges(view) {
        let Some(pr) = data.provinces.get(p) else {
            continue;
        };
        let (cx, cy) = center(pr.col, pr.row);
        for (b, r) in badge_places(cv, data, p, &badges) {
            // The badge itself starts a little under its rectangle's top (its count's line
            // box starts there).
            let (x, y, w) = (
                cx + r[0],
                cy + r[1] + badge_top() - BADGE_H / 2.0,
                r[2] - r[0],
            );
            match b {
                Badge::Count(s, c) => {
                    if let Some(st) = styles.get(s) {
                        count_badge(cv, (x, y, w), st, c);
                    }
                }
                Badge::Fortress(s) => {
                    if let Some(st) = styles.get(s) {
                        draw_fortress(cv, x + w / 2.0, y + BADGE_H / 2.0, st);
                    }
                }
            }
        }
    }
}

/// The badges of each province with pieces or a fortress: the fortress first, then a
/// count per seat with pieces there.
fn province_badges(view: &View) -> Vec<(usize, Vec<Badge>)> {
    let mut out = Vec::new();
    for (p, counts) in view.pieces.iter().enumerate() {
        let mut badges: Vec<Badge> = Vec::new();
        if let Some(f) = view.fortresses.iter().find(|f| f.0 == p) {
            badges.push(Badge::Fortress(f.1));
        }
        badges.extend(
            counts
                .iter()
                .enumerate()
                .filter(|(_, &c)| c > 0)
                .map(|(s, &c)| Badge::Count(s, c)),
        );
        if !badges.is_empty() {
            out.push((p, badges));
        }
    }
    out
}

/// A seat's count badge `w` wide with its top left at (x, y): the seat's colour, a dark
/// rim, the count in bold in the colour that reads on it.
fn count_badge(cv: &mut Canvas, (x, y, w): (f32, f32, f32), st: &PlayerStyle, count: u8) {
    cv.fill_rounded_rect(x + 1.0, y + 1.5, w, BADGE_H, 6.0, rgba(0, 0, 0, 70));
    cv.fill_rounded_rect(x, y, w, BADGE_H, 6.0, st.color);
    cv.stroke_rounded_rect(x, y, w, BADGE_H, 6.0, INK, 1.5);
    let n = count.to_string();
    cv.text_centered(
        x + w / 2.0,
        y + BADGE_H / 2.0,
        COUNT_PX,
        contrast_color(st.color),
        &n,
        true,
    );
}

/// A red ring around every province over its limit.
fn draw_over_limit(cv: &mut Canvas, data: &NepalData, view: &View) {
    // Over-limit provinces.
    for &p in &view.over_limit {
        if let Some(pr) = data.provinces.get(p) {
            let (cx, cy) = center(pr.col, pr.row);
            cv.stroke_polygon(&hex_corners(cx, cy, R - 4.0, true), CONFLICT, 5.0);
        }
    }
}

/// Population boom: the limit badge of city provinces redrawn with the raised limit.
fn draw_boom_limits(cv: &mut Canvas, data: &NepalData, view: &View) {
    // Population boom: redraw the limit badge of city provinces with the raised limit.
    if view.options.boom {
        for (i, p) in data.provinces.iter().enumerate() {
            if let (Some(l), false) = (data.limit(i, true), p.cities.is_empty()) {
                let (cx, cy) = center(p.col, p.row);
                limit_badge(cv, cx, cy, rgb(20, 110, 60), &l.to_string());
            }
        }
    }
}

/// Background of the headline strip.
const HEADLINE_BG: Color = rgb(248, 245, 236);

/// A small castle in the owner's colour with the owner's letter.
fn draw_fortress(cv: &mut Canvas, x: f32, y: f32, st: &PlayerStyle) {
    let pts = [
        (x - 12.0, y + 11.0),
        (x - 12.0, y - 11.0),
        (x - 7.0, y - 11.0),
        (x - 7.0, y - 6.0),
        (x - 2.5, y - 6.0),
        (x - 2.5, y - 11.0),
        (x + 2.5, y - 11.0),
        (x + 2.5, y - 6.0),
        (x + 7.0, y - 6.0),
        (x + 7.0, y - 11.0),
        (x + 12.0, y - 11.0),
        (x + 12.0, y + 11.0),
    ];
    cv.seat_polygon(&pts, st, 1.5, 1.8);
    cv.seat_letter(x, y + 2.5, 12.0, st);
}

fn draw_cards(cv: &mut Canvas, data: &NepalData, view: &View, styles: &[PlayerStyle], n: usize) {
    let (x, w) = (14.0, 760.0);
    let row_h = 23.0;
    let bottom = HEIGHT as f32 - 12.0;
    // Unclaimed first (the offer), then claimed ones.
    let mut order: Vec<usize> = (0..view.cards.len())
        .filter(|&i| view.cards[i].claims.is_empty())
        .collect();
    order.extend((0..view.cards.len()).filter(|&i| !view.cards[i].claims.is_empty()));
    let rows = order.len().max(1);
    let cols = rows.div_ceil(11).clamp(1, 3);
    let per_col = rows.div_ceil(cols);
    let h = 42.0 + row_h * per_col as f32 + 8.0;
    let y = bottom - h;
    cv.fill_rounded_rect(x + 2.0, y + 3.0, w, h, 8.0, rgba(0, 0, 0, 40));
    cv.fill_rounded_rect(x, y, w, h, 8.0, PANEL_BG);
    cv.stroke_rounded_rect(x, y, w, h, 8.0, INK, 1.5);
    let title = format!(
        "Trade routes in play \u{2014} {} left in the deck{}",
        crate::engine::counted(view.deck_left, "card"),
        if n < 4 {
            " \u{2014} * values count only with 4-5 players"
        } else {
            ""
        }
    );
    let ts = fit_bold(cv, &title, 16.0, 12.0, w - 24.0);
    cv.text_bold(x + 12.0, y + 9.0, ts, INK, &title, Align::Left);
    cv.line(
        x + 12.0,
        y + 34.0,
        x + w - 12.0,
        y + 34.0,
        with_alpha(INK, 120),
        1.0,
    );
    let col_w = (w - 12.0) / cols as f32;
    for (k, &i) in order.iter().enumerate() {
        let c = &view.cards[i];
        let Some(card) = data.cards.get(c.card) else {
            continue;
        };
        let (col, row) = (k / per_col, k % per_col);
        let rx = x + 12.0 + col_w * col as f32;
        let ry = y + 39.0 + row_h * row as f32;
        let cy = ry + row_h / 2.0;
        draw_card_row(cv, card, c, styles, (rx, ry, cy), col_w, row_h);
    }
    if order.is_empty() {
        cv.text(
            x + 12.0,
            y + 42.0,
            14.0,
            MUTED,
            "no cards in play",
            Align::Left,
        );
    }
}

/// One trade card of the panel at row `(x, y, middle y)`: its values, its two ends, NEW if
/// just revealed, and the claims.
fn draw_card_row(
    cv: &mut Canvas,
    card: &Card,
    c: &CardView,
    styles: &[PlayerStyle],
    (rx, ry, cy): (f32, f32, f32),
    col_w: f32,
    row_h: f32,
) {
    if c.claims.is_empty() {
        cv.fill_rounded_rect(
            rx - 4.0,
            ry + 1.0,
            col_w - 10.0,
            row_h - 2.0,
            5.0,
            rgba(255, 229, 140, 170),
        );
    }
    let num = |v: u8, star: bool| if star { format!("{v}*") } else { v.to_string() };
    let vals = format!(
        "{}/{}",
        num(card.high, card.high_star),
        num(card.low, card.low_star)
    );
    cv.text_bold(
        rx,
        cy - cv.line_height(13.0) / 2.0,
        13.0,
        INK,
        &vals,
        Align::Left,
    );
    let claims_w = 21.0 * c.claims.len().max(1) as f32 + if c.just_revealed { 34.0 } else { 0.0 };
    let lw = (col_w - 56.0 - claims_w - 14.0).max(40.0);
    let label = format!("{} \u{2013} {}", card.a, card.b);
    let ls = fit_bold(cv, &label, 14.0, 10.0, lw);
    let label = cv.ellipsize(ls, &label, lw, false);
    cv.text(
        rx + 48.0,
        cy - cv.line_height(ls) / 2.0,
        ls,
        INK,
        &label,
        Align::Left,
    );
    let mut tx = rx + col_w - 10.0 - claims_w;
    if c.just_revealed {
        cv.text_bold(
            tx,
            cy - cv.line_height(11.0) / 2.0,
            11.0,
            CONFLICT,
            "NEW",
            Align::Left,
        );
        tx += 34.0;
    }
    for &s in &c.claims {
        if let Some(st) = styles.get(s) {
            cv.token(tx + 9.0, cy, 9.0, st, None);
            tx += 21.0;
        }
    }
}

#[cfg(test)]
mod strip_tests {
    use super::*;
    use crate::engine::testing::random_play;
    use crate::engine::{Game, Viewer};
    use crate::games::nepal::{parse_board, Nepal, BOARD};

    /// Every seat's piece count in every province, from early, mid and late in a seeded
    /// game: a number in bold at 9 px or more where a chat client shows the picture inline,
    /// inside the province's hex, below the label's top (the overlap of any two legible texts is
    /// checked by `status_scores_and_last_turn_read_inline`).
    #[test]
    fn piece_counts_read_inline_in_their_province() {
        let d = parse_board(BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee", "Eve"]
            .map(String::from)
            .to_vec();
        let mut checked = 0;
        for steps in [40, 150, 600, 1500] {
            let mut g = crate::engine::setup_checked::<Nepal>(
                &d,
                &names,
                &crate::engine::Options::new(),
                3,
            )
            .unwrap();
            random_play(&mut g, &d, steps, 5);
            let view = g.view(&d, Viewer::Spectator);
            let cv = render_canvas(&d, &view);
            let k = BOARD_SCALE;
            let top = board_px(HEADLINE_H) as f32;
            for (p, counts) in view.pieces.iter().enumerate() {
                let (cx, cy) = center(d.provinces[p].col, d.provinces[p].row);
                let (px, py) = (cx * k, cy * k + top);
                let mut want: Vec<String> = counts
                    .iter()
                    .filter(|&&c| c > 0)
                    .map(|c| c.to_string())
                    .collect();
                let mut drawn: Vec<String> = cv
                    .marks()
                    .iter()
                    .filter(|m| m.bold && inline_size(m, cv.width()) >= INLINE_MIN_PX)
                    .filter(|m| m.text.chars().all(|c| c.is_ascii_digit()))
                    .filter(|m| {
                        let (mx, my) = (m.x + m.w / 2.0, m.y + m.size / 2.0);
                        (mx - px).abs() < TAB_HALF_W * k
                            && my > py + (LABEL_DY - 12.0) * k
                            && my < py + TAB_BOTTOM * k
                    })
                    .map(|m| m.text.clone())
                    .collect();
                want.sort();
                drawn.sort();
                assert_eq!(drawn, want, "{} after {steps} steps", d.provinces[p].name);
                checked += want.len();
            }
        }
        assert!(checked > 40, "only {checked} counts checked");
    }

    /// From the start, mid-game and the end: the headline, the status, each player's name
    /// and score (`12 VP`) in bold and every event of the last turn read at 9 px or more
    /// where a chat client shows the picture inline (from the renderer's own record of its
    /// text), and no legible text overlaps another.
    #[test]
    fn status_scores_and_last_turn_read_inline() {
        let d = parse_board(BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
        for steps in [0, 40, 150, 5000] {
            let mut g = crate::engine::setup_checked::<Nepal>(
                &d,
                &names,
                &crate::engine::Options::new(),
                7,
            )
            .unwrap();
            random_play(&mut g, &d, steps, 11);
            let view = g.view(&d, Viewer::Spectator);
            let mut bold = status_lines(&d, &view);
            for p in &view.players {
                bold.push(p.name.clone());
                bold.push(format!("{} VP", p.score));
            }
            let plain = match view.final_result {
                Some(_) => Vec::new(),
                None => view.last_turn.clone(),
            };
            assert!(steps == 0 || !plain.is_empty() || view.final_result.is_some());
            let cv = render_canvas(&d, &view);
            let faults = status_text_faults(&cv, &bold, &plain);
            assert!(faults.is_empty(), "after {steps} steps: {faults:#?}");
        }
    }

    /// Every province's population limit is drawn in bold at 9 px or more inline in its
    /// hex's top corner; and in 3 to 5-player seeded games from early to late, with
    /// Kathmandu crowded by every seat, each badge lies inside its hex (or the tab under
    /// it), clear of the other badges and, in a province with three badges or fewer, of
    /// its full name and town names (from the renderer's own layout).
    #[test]
    fn limits_read_inline_and_badges_leave_town_names_clear() {
        let d = parse_board(BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee", "Eve"]
            .map(String::from)
            .to_vec();
        let (k, top) = (BOARD_SCALE, board_px(HEADLINE_H) as f32);
        let mut g = crate::engine::setup_checked::<Nepal>(
            &d,
            &names[..3],
            &crate::engine::Options::new(),
            3,
        )
        .unwrap();
        random_play(&mut g, &d, 20, 5);
        let cv = render_canvas(&d, &g.view(&d, Viewer::Spectator));
        for (i, p) in d.provinces.iter().enumerate() {
            let (cx, cy) = center(p.col, p.row);
            let (px, py) = (cx * k, (cy + LIMIT_DY) * k + top);
            let want = p.limit.map_or("\u{221e}".to_string(), |l| l.to_string());
            let shown = cv.marks().iter().any(|m| {
                m.text == want
                    && m.bold
                    && inline_size(m, cv.width()) >= INLINE_MIN_PX
                    && (m.x + m.w / 2.0 - px).abs() < LIMIT_R * k
                    && (m.y + m.size / 2.0 - py).abs() < LIMIT_R * k
            });
            assert!(
                shown,
                "{}'s limit {want} is not read inline",
                d.provinces[i].name
            );
        }
        let mut crowded = 0;
        let mut placed = 0;
        for players in 3..=5 {
            for steps in [0, 40, 150, 600, 1500] {
                let mut g = crate::engine::setup_checked::<Nepal>(
                    &d,
                    &names[..players],
                    &crate::engine::Options::new(),
                    3,
                )
                .unwrap();
                random_play(&mut g, &d, steps, 5);
                let mut view = g.view(&d, Viewer::Spectator);
                for (s, c) in view.pieces[d.kathmandu].iter_mut().enumerate() {
                    *c = (*c).max(1 + s as u8 % 3);
                }
                for (p, badges) in province_badges(&view) {
                    let towns = town_rects(&cv, &d, p);
                    let fit = badges.len() <= 3;
                    crowded += usize::from(!fit && !towns.is_empty());
                    let places = badge_places(&cv, &d, p, &badges);
                    for (n, &(b, r)) in places.iter().enumerate() {
                        let at = format!(
                            "{} with {players} players after {steps} steps: {b:?}",
                            d.provinces[p].name
                        );
                        assert!(in_hex(&r), "{at} is outside its hex at {r:?}");
                        for t in towns.iter().filter(|_| fit) {
                            assert!(!hits(&r, t), "{at} at {r:?} covers a name at {t:?}");
                        }
                        for (_, o) in &places[..n] {
                            assert!(!hits(&r, o), "{at} at {r:?} covers another badge at {o:?}");
                        }
                        placed += 1;
                    }
                }
            }
        }
        assert!(
            crowded >= 10 && placed > 200,
            "{crowded} crowded provinces, {placed} badges"
        );
    }
}
