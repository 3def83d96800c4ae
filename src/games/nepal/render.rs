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

/// The static layer: the map with every province's label, limit (the raised one in city
/// provinces with the boom option) and towns.
fn draw_static(data: &NepalData, boom: bool) -> Canvas {
    let mut cv = Canvas::board(WIDTH, HEIGHT, SEA);
    draw_neighbours(&mut cv);
    draw_hexes(&mut cv, data);
    draw_outside(&mut cv, data);
    draw_province_labels(&mut cv, data, boom);
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
/// chat clients show the board inline, under the limit badge (as large): the limit in
/// force, so with the boom option a city province's raised limit on green, never both; a
/// shortened name is spelt out in small type under it, for the picture opened at full size
/// (unless one of the province's cities has its name: that line says it), then the cities.
fn draw_province_labels(cv: &mut Canvas, data: &NepalData, boom: bool) {
    for (i, p) in data.provinces.iter().enumerate() {
        let (cx, cy) = center(p.col, p.row);
        let label = data.short_label(i);
        let size = fit_bold(cv, label, LABEL_PX + 2.0, LABEL_PX, LABEL_W);
        cv.label(cx, cy + LABEL_DY, size, label);
        let (lim, raised) = match data.limit(i, boom) {
            Some(l) => (l.to_string(), Some(l) != p.limit),
            None => ("\u{221e}".to_string(), false),
        };
        let bg = if raised {
            rgb(20, 110, 60)
        } else {
            rgb(40, 40, 50)
        };
        limit_badge(cv, cx, cy, bg, &lim);
        draw_small_lines(cv, data, i, 0.0);
    }
}

/// Province `i`'s small lines (full name, cities), `shift` units lower than their place.
fn draw_small_lines(cv: &mut Canvas, data: &NepalData, i: usize, shift: f32) {
    let p = &data.provinces[i];
    let (cx, cy) = center(p.col, p.row);
    for line in small_lines(cv, data, i) {
        let y = cy + line.dy + shift;
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
    let boom = view.options.boom;
    let cache = if boom { &data.boom_layer } else { &data.layer };
    let layer = cache.get_or_draw(|| draw_static(data, boom));
    let mut cv = Canvas::from_layer(layer);
    let n = view.players.len();
    let styles = player_styles(view.players.iter().map(|p| p.name.as_str()));

    let placed = place_badges(&cv, data, view);
    move_small_lines(&mut cv, data, &placed);
    draw_over_limit(&mut cv, data, view);
    draw_pieces(&mut cv, data, &placed, &styles);

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

/// Where a province's badges go: each badge's rectangle from the hex's centre, whether
/// they are drawn as one bar of abutting segments, and how far the small lines move down.
struct Placed {
    badges: Vec<(Badge, Rect)>,
    bar: bool,
    shift: f32,
}

/// The badges of every province with pieces, placed ([`badge_places`]).
fn place_badges(cv: &Canvas, data: &NepalData, view: &View) -> Vec<(usize, Placed)> {
    province_badges(view)
        .into_iter()
        .filter(|(p, _)| *p < data.provinces.len())
        .map(|(p, badges)| (p, badge_places(cv, data, p, &badges)))
        .collect()
}

/// The width of a badge, or of its segment of a bar (`tight`).
fn badge_w(cv: &Canvas, b: Badge, tight: bool) -> f32 {
    match b {
        Badge::Count(_, c) => {
            cv.text_width_bold(COUNT_PX, &c.to_string()) + if tight { 2.0 } else { 3.0 }
        }
        Badge::Fortress(_) => 25.0,
    }
}

/// A badge's rectangle `w` wide, its count's line box from `top`, at `x`.
fn badge_rect(x: f32, top: f32, w: f32) -> Rect {
    [x, top, x + w, top + badge_top() + BADGE_H / 2.0]
}

/// Where province `i`'s badges go, the first of these that fits:
/// 1. one row centred under the small lines, all inside the hex;
/// 2. each in turn at the free place inside the hex nearest under the small lines, clear
///    of the limit badge, the label, the small lines and the badges placed before it;
/// 3. a crowded province (Kathmandu at the start with four or five seats): one bar of
///    abutting segments right under the label, where the hex is widest, and the small
///    lines moved down under it (so no badge ever covers a town's name);
/// 4. (a bar too wide for the hex: several seats with ten or more pieces) each in turn
///    at the free place nearest under the label, ignoring the small lines.
fn badge_places(cv: &Canvas, data: &NepalData, i: usize, badges: &[Badge]) -> Placed {
    let sized: Vec<(Badge, f32)> = badges.iter().map(|&b| (b, badge_w(cv, b, false))).collect();
    let fixed = fixed_rects(cv, data, i);
    let under = fixed.iter().map(|r| r[3]).fold(f32::MIN, f32::max) + BADGE_GAP;
    let spaced = |badges| Placed {
        badges,
        bar: false,
        shift: 0.0,
    };
    if let Some(row) = row_of(&sized, -sum_w(&sized, BADGE_GAP) / 2.0, under, BADGE_GAP) {
        return spaced(row);
    }
    let others: Vec<Rect> = fixed[..2].to_vec();
    let label_bottom = others[1][3] + BADGE_GAP;
    if let Some(free) = place_free(&sized, fixed, under + badge_top()) {
        return spaced(free);
    }
    if let Some(bar) = bar_under_label(cv, data, i, badges, label_bottom) {
        return bar;
    }
    let free = place_free(&sized, others, label_bottom + badge_top()).unwrap_or_else(|| {
        let mut y = label_bottom;
        sized
            .iter()
            .map(|&(b, w)| {
                let r = badge_rect(-w / 2.0, y, w);
                y = r[3] + BADGE_GAP;
                (b, r)
            })
            .collect()
    });
    spaced(free)
}

/// The widths of `sized` and the gaps between them.
fn sum_w(sized: &[(Badge, f32)], gap: f32) -> f32 {
    sized.iter().map(|b| b.1).sum::<f32>() + gap * sized.len().saturating_sub(1) as f32
}

/// `sized` in a row from `x0`, their counts' line boxes from `top`, `gap` apart, if the
/// row lies inside the hex.
fn row_of(sized: &[(Badge, f32)], x0: f32, top: f32, gap: f32) -> Option<Vec<(Badge, Rect)>> {
    let total = sum_w(sized, gap);
    if !in_hex(&badge_rect(x0, top, total)) {
        return None;
    }
    let mut x = x0;
    let row = sized
        .iter()
        .map(|&(b, w)| {
            let r = badge_rect(x, top, w);
            x += w + gap;
            (b, r)
        })
        .collect();
    Some(row)
}

/// Each of `sized` in turn at the free place nearest (`0`, `pref`), clear of `taken` and
/// of those placed before it.
fn place_free(sized: &[(Badge, f32)], taken: Vec<Rect>, pref: f32) -> Option<Vec<(Badge, Rect)>> {
    let mut taken = taken;
    let mut out = Vec::new();
    for &(b, w) in sized {
        let r = free_place(&taken, w, pref)?;
        taken.push(r);
        out.push((b, r));
    }
    Some(out)
}

/// Layout 3 of [`badge_places`]: the badges as one bar from `top` (under the label), the
/// small lines moved down under it, if both fit inside the hex (or the tab under it).
fn bar_under_label(
    cv: &Canvas,
    data: &NepalData,
    i: usize,
    badges: &[Badge],
    top: f32,
) -> Option<Placed> {
    let sized: Vec<(Badge, f32)> = badges.iter().map(|&b| (b, badge_w(cv, b, true))).collect();
    let bar = row_of(&sized, -sum_w(&sized, 0.0) / 2.0, top, 0.0)?;
    let towns = town_rects(cv, data, i);
    let bottom = bar.iter().map(|(_, r)| r[3]).fold(top, f32::max);
    let first = towns.iter().map(|r| r[1]).fold(f32::MAX, f32::min);
    let shift = (bottom + BADGE_GAP - first).max(0.0);
    let fits = towns
        .iter()
        .all(|t| in_hex(&[t[0], t[1] + shift, t[2], t[3] + shift]));
    fits.then_some(Placed {
        badges: bar,
        bar: true,
        shift,
    })
}

/// The free place for a badge `w` wide nearest (`0`, `pref`) (its middle), inside the
/// hex or the tab under it, clear of `taken`.
fn free_place(taken: &[Rect], w: f32, pref: f32) -> Option<Rect> {
    let at = |cx: f32, cy: f32| badge_rect(cx - w / 2.0, cy - badge_top(), w);
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

/// The small lines of each province whose badges moved them ([`bar_under_label`]): painted
/// over where the static layer has them and drawn again lower down.
fn move_small_lines(cv: &mut Canvas, data: &NepalData, placed: &[(usize, Placed)]) {
    for (p, pl) in placed.iter().filter(|(_, pl)| pl.shift > 0.0) {
        let pr = &data.provinces[*p];
        let (cx, cy) = center(pr.col, pr.row);
        let bg = region_color(data, pr.region);
        for t in town_rects(cv, data, *p) {
            let (w, h) = (t[2] - t[0] + 2.0, t[3] - t[1] + 2.0);
            cv.erase_rect(cx + t[0] - 1.0, cy + t[1] - 1.0, w, h, bg);
        }
        draw_small_lines(cv, data, *p, pl.shift);
    }
}

/// Pieces and fortresses: in each province a badge per seat in the seat's colour with its
/// count in bold, set as large as the province's label so it reads where chat clients show
/// the board inline, and the fortress's castle (see [`badge_places`]); in a crowded
/// province the badges abut in one bar.
fn draw_pieces(
    cv: &mut Canvas,
    data: &NepalData,
    placed: &[(usize, Placed)],
    styles: &[PlayerStyle],
) {
    for (p, pl) in placed {
        let pr = &data.provinces[*p];
        let (cx, cy) = center(pr.col, pr.row);
        if pl.bar {
            draw_bar(cv, (cx, cy), &pl.badges, styles);
            continue;
        }
        for &(b, r) in &pl.badges {
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

/// A crowded province's badges as one bar at the hex centred at `(cx, cy)`: a segment per
/// badge in the seat's colour with its count (the fortress on paper), thin rules between
/// them, one rim around all.
fn draw_bar(cv: &mut Canvas, (cx, cy): (f32, f32), segs: &[(Badge, Rect)], styles: &[PlayerStyle]) {
    let (Some(first), Some(last)) = (segs.first(), segs.last()) else {
        return;
    };
    let y = cy + first.1[1] + badge_top() - BADGE_H / 2.0;
    let (x0, x1) = (cx + first.1[0], cx + last.1[2]);
    let fill = |b: Badge| match (b, styles.get(badge_seat(b))) {
        (Badge::Count(..), Some(st)) => st.color,
        _ => PAPER,
    };
    cv.fill_rounded_rect(x0 + 1.0, y + 1.5, x1 - x0, BADGE_H, 6.0, rgba(0, 0, 0, 70));
    // The ends are rounded: the last segment reaches under the one before it, the first
    // under the second (drawn after it).
    let n = segs.len();
    let (lx, lw) = (cx + last.1[0], last.1[2] - last.1[0]);
    let reach = if n > 1 { 6.0 } else { 0.0 };
    cv.fill_rounded_rect(lx - reach, y, lw + reach, BADGE_H, 6.0, fill(last.0));
    for (k, &(b, r)) in segs[..n - 1].iter().enumerate() {
        let (x, w) = (cx + r[0], r[2] - r[0]);
        match k {
            0 => cv.fill_rounded_rect(x, y, w + 6.0, BADGE_H, 6.0, fill(b)),
            _ => cv.fill_rect(x, y, w, BADGE_H, fill(b)),
        }
    }
    for (k, &(b, r)) in segs.iter().enumerate() {
        let (x, w) = (cx + r[0], r[2] - r[0]);
        if k > 0 {
            cv.fill_rect(x - 0.5, y, 1.0, BADGE_H, INK);
        }
        match (b, styles.get(badge_seat(b))) {
            (Badge::Count(_, c), Some(st)) => {
                let ink = contrast_color(st.color);
                let mid = (x + w / 2.0, y + BADGE_H / 2.0);
                cv.text_centered(mid.0, mid.1, COUNT_PX, ink, &c.to_string(), true);
            }
            (Badge::Fortress(_), Some(st)) => draw_fortress(cv, x + w / 2.0, y + BADGE_H / 2.0, st),
            _ => {}
        }
    }
    cv.stroke_rounded_rect(x0, y, x1 - x0, BADGE_H, 6.0, INK, 1.5);
}

/// The seat a badge belongs to.
fn badge_seat(b: Badge) -> usize {
    match b {
        Badge::Count(s, _) | Badge::Fortress(s) => s,
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
                        // A bar of a crowded province is as wide as the hex; the rest
                        // keep to the tab's width.
                        let band = my < py + HEX_HALF_H / 2.0 * k;
                        let half = if band { HEX_FLAT_W / 2.0 } else { TAB_HALF_W };
                        (mx - px).abs() < half * k
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
    /// hex's top corner; and in 3 to 5-player seeded games from the start to late, as
    /// played (five seats in Kathmandu at the start) and with Kathmandu crowded by every
    /// seat, in every province each badge lies inside its hex (or the tab under it), clear
    /// of the other badges and of its full name and town names, which are drawn once each,
    /// inside the hex (the badges from the renderer's layout, the names from its record of
    /// its text).
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
        let (mut crowded, mut placed) = (0, 0);
        for (players, steps, force) in (3..=5)
            .flat_map(|n| [0, 40, 150, 600, 1500].map(|s| (n, s)))
            .flat_map(|(n, s)| [(n, s, false), (n, s, true)])
        {
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
                *c = if force { (*c).max(1 + s as u8 % 3) } else { *c };
            }
            let cv = render_canvas(&d, &view);
            for (p, badges) in province_badges(&view) {
                let towns = drawn_towns(&cv, &d, p);
                crowded += usize::from(badges.len() > 3 && !towns.is_empty());
                let places = badge_places(&cv, &d, p, &badges).badges;
                let at = |b: &Badge| {
                    let name = &d.provinces[p].name;
                    format!("{name} with {players} players after {steps} steps: {b:?}")
                };
                for t in &towns {
                    assert!(
                        in_hex(t),
                        "{}: a name at {t:?} leaves the hex",
                        at(&badges[0])
                    );
                }
                for (n, (b, r)) in places.iter().enumerate() {
                    assert!(in_hex(r), "{} is outside its hex at {r:?}", at(b));
                    for t in &towns {
                        assert!(!hits(r, t), "{} at {r:?} covers a name at {t:?}", at(b));
                    }
                    for (_, o) in &places[..n] {
                        assert!(!hits(r, o), "{} at {r:?} covers a badge at {o:?}", at(b));
                    }
                    placed += 1;
                }
            }
        }
        assert!(
            crowded >= 10 && placed > 200,
            "{crowded} crowded provinces, {placed} badges"
        );
    }

    /// Where province `p`'s full name and towns are drawn on `cv` (from its record of
    /// its text), in units from the hex's centre: each exactly once, at its size.
    fn drawn_towns(cv: &Canvas, d: &NepalData, p: usize) -> Vec<Rect> {
        let (k, top) = (BOARD_SCALE, board_px(HEADLINE_H) as f32);
        let (cx, cy) = center(d.provinces[p].col, d.provinces[p].row);
        small_lines(cv, d, p)
            .iter()
            .map(|l| {
                let found: Vec<Rect> = cv
                    .marks()
                    .iter()
                    .filter(|m| m.text == l.text && !m.bold && (m.size - l.size * k).abs() < 0.01)
                    .map(|m| {
                        let (x, y) = (m.x / k - cx, (m.y - top) / k - cy);
                        [x, y, x + m.w / k, y + m.size / k]
                    })
                    .filter(|r| r[0].abs().max(r[1].abs()).max(r[3].abs()) < 1.6 * R)
                    .collect();
                assert_eq!(found.len(), 1, "{} in {}", l.text, d.provinces[p].name);
                found[0]
            })
            .collect()
    }

    /// With the boom option each province shows the one limit in force: a city province
    /// its raised limit, every other its own; never the original under the raised one.
    #[test]
    fn boom_shows_only_the_limit_in_force() {
        let d = parse_board(BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let opts: crate::engine::Options = [("boom".to_string(), "on".to_string())]
            .into_iter()
            .collect();
        let g = crate::engine::setup_checked::<Nepal>(&d, &names, &opts, 3).unwrap();
        let cv = render_canvas(&d, &g.view(&d, Viewer::Spectator));
        let (k, top) = (BOARD_SCALE, board_px(HEADLINE_H) as f32);
        let mut raised = 0;
        for (i, p) in d.provinces.iter().enumerate() {
            let (cx, cy) = center(p.col, p.row);
            let (px, py) = (cx * k, (cy + LIMIT_DY) * k + top);
            let shown: Vec<&str> = cv
                .marks()
                .iter()
                .filter(|m| m.bold && (m.x + m.w / 2.0 - px).abs() < LIMIT_R * k)
                .filter(|m| (m.y + m.size / 2.0 - py).abs() < LIMIT_R * k)
                .map(|m| m.text.as_str())
                .collect();
            let want = d
                .limit(i, true)
                .map_or("\u{221e}".to_string(), |l| l.to_string());
            assert_eq!(shown, [want.as_str()], "{}", p.name);
            raised += usize::from(d.limit(i, true) != p.limit);
        }
        assert!(raised > 20, "{raised} limits raised");
    }
}
