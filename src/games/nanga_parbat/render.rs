//! Nanga Parbat board picture: the mountain with its six regions (pyramids of hexagonal
//! sections), the dotted paths and the region flags (static layer, drawn once and cached in
//! [`NangaData::layer`]); then the pieces (animals by kind, each with its own shape, colour
//! and letter; hikers and camps in their player's colour, shape and letter), the guide, the
//! points chart with its claimed squares, both animal boards (fresh above, activated below),
//! the score track, a scoreboard and a status panel.
//!
//! Pure function of the data and the view: no IO, same input gives the same PNG.

use super::board::{cell_name, square_name, CELLS, COLUMNS, REGIONS, ROWS, SECTIONS};
use super::view::{prompt, turn_name};
use super::{Animal, NangaData, Pending, Piece, View};
use crate::render::*;

/// Canvas size (before the headline strip).
pub const WIDTH: u32 = 1400;
pub const HEIGHT: u32 = 960;
/// Hex radius of a section (centre to corner), pointy top.
const R: f32 = 40.0;
/// Centre x of the mountain.
const MX: f32 = 415.0;
/// Y of the top section's centre.
const MY: f32 = 95.0;

const SKY: Color = rgb(214, 228, 240);
const ROCK: Color = rgb(150, 150, 160);
const SNOW: Color = rgb(246, 248, 252);
const FLAG: Color = rgb(250, 204, 21);
const GUIDE: Color = rgb(200, 30, 60);

fn hex_w() -> f32 {
    3f32.sqrt() * R
}

/// Pixel centre of a pyramid slot: row `r`, position `k` in the row (0..=r).
fn pyramid(r: usize, k: usize) -> (f32, f32) {
    (k as f32 - r as f32 / 2.0, r as f32)
}

/// Pixel centre of cell `c`.
pub fn center(c: usize) -> (f32, f32) {
    let (region, sec) = (c / SECTIONS, c % SECTIONS);
    let slot = |i: usize| match i {
        0 => (0, 0),
        1 => (1, 0),
        2 => (1, 1),
        3 => (2, 0),
        4 => (2, 1),
        _ => (2, 2),
    };
    let (rr, rk) = slot(region);
    let (sr, sk) = slot(sec);
    let (rx, ry) = pyramid(rr, rk);
    let (sx, sy) = pyramid(sr, sk);
    let w = hex_w();
    (MX + rx * 3.6 * w + sx * w, MY + ry * 6.0 * R + sy * 1.5 * R)
}

/// Centre of region `r`'s pyramid (its middle section row).
fn region_center(r: usize) -> (f32, f32) {
    let (x, _) = center(r * SECTIONS + 4);
    let (_, y) = center(r * SECTIONS + 2);
    (x, y)
}

/// How an animal kind is drawn: its outline, colour and letter. Every kind has its own
/// shape and colour (and none uses the players' circle or square).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimalShape {
    Hexagon,
    Pentagon,
    Diamond,
    Triangle,
    TriangleDown,
    Star,
}

/// Colour, shape and letter of an animal kind.
pub fn animal_style(a: Animal) -> (Color, AnimalShape, char) {
    match a {
        Animal::Leopard => (rgb(250, 250, 250), AnimalShape::Hexagon, 'L'),
        Animal::Tahr => (rgb(140, 90, 50), AnimalShape::Pentagon, 'T'),
        Animal::Deer => (rgb(150, 150, 150), AnimalShape::Diamond, 'D'),
        Animal::Yak => (rgb(25, 25, 25), AnimalShape::Triangle, 'Y'),
        Animal::Bharal => (rgb(40, 100, 220), AnimalShape::TriangleDown, 'B'),
        Animal::Panda => (rgb(210, 40, 30), AnimalShape::Star, 'P'),
    }
}

fn regular(x: f32, y: f32, r: f32, n: usize, start_deg: f32) -> Vec<(f32, f32)> {
    (0..n)
        .map(|i| {
            let a = (start_deg + 360.0 * i as f32 / n as f32).to_radians();
            (x + r * a.cos(), y + r * a.sin())
        })
        .collect()
}

/// An animal: its shape in its colour with its letter.
fn draw_animal(cv: &mut Canvas, x: f32, y: f32, r: f32, a: Animal, faded: bool) {
    let (c, shape, letter) = animal_style(a);
    let c = if faded { with_alpha(c, 110) } else { c };
    let (pts, ty) = match shape {
        AnimalShape::Hexagon => (regular(x, y, r * 1.1, 6, 0.0), y),
        AnimalShape::Pentagon => (regular(x, y + r * 0.08, r * 1.15, 5, -90.0), y + r * 0.1),
        AnimalShape::Diamond => (regular(x, y, r * 1.25, 4, -90.0), y),
        AnimalShape::Triangle => (regular(x, y + r * 0.25, r * 1.4, 3, -90.0), y + r * 0.35),
        AnimalShape::TriangleDown => (regular(x, y - r * 0.25, r * 1.4, 3, 90.0), y - r * 0.35),
        AnimalShape::Star => (
            (0..10)
                .map(|i| {
                    let ang = (-90.0f32 + 36.0 * i as f32).to_radians();
                    let rr = if i % 2 == 0 { r * 1.35 } else { r * 0.65 };
                    (x + rr * ang.cos(), y + rr * ang.sin())
                })
                .collect(),
            y + r * 0.08,
        ),
    };
    if !faded {
        let shadow: Vec<(f32, f32)> = pts.iter().map(|(a, b)| (a + 1.5, b + 1.5)).collect();
        cv.fill_polygon(&shadow, rgba(0, 0, 0, 60));
    }
    cv.fill_polygon(&pts, c);
    cv.stroke_polygon(&pts, if faded { with_alpha(INK, 110) } else { INK }, 1.6);
    let mut buf = [0u8; 4];
    let ink = if faded {
        with_alpha(contrast_color(c), 140)
    } else {
        contrast_color(c)
    };
    let size = r * if shape == AnimalShape::Star {
        0.85
    } else {
        1.0
    };
    cv.text_centered(x, ty, size, ink, letter.encode_utf8(&mut buf), true);
}

/// A camp: a tent in the player's colour with the player's letter.
fn draw_camp(cv: &mut Canvas, x: f32, y: f32, st: &PlayerStyle) {
    let pts = [(x, y - 19.0), (x + 21.0, y + 14.0), (x - 21.0, y + 14.0)];
    cv.seat_polygon(&pts, st, 2.0, 2.2);
    cv.line(x, y - 19.0, x, y - 27.0, INK, 2.0);
    cv.fill_polygon(&[(x, y - 27.0), (x + 9.0, y - 24.0), (x, y - 21.0)], INK);
    cv.seat_letter(x, y + 4.0, 15.0, st);
}

fn draw_static(data: &NangaData) -> Canvas {
    let mut cv = Canvas::board(WIDTH, HEIGHT, SKY);
    draw_mountain(&mut cv);
    draw_regions(&mut cv);
    draw_paths(&mut cv, data);
    draw_numbers(&mut cv);
    cv.text_bold(16.0, 10.0, 28.0, INK, "NANGA PARBAT", Align::Left);
    // Nothing drawn per move reaches the key or the track's spaces (the status panel
    // stops above the track), so they are part of the layer.
    draw_key(&mut cv);
    draw_track_spaces(&mut cv, data);
    cv
}

/// The mountain: one big rock triangle with a snow cap.
fn draw_mountain(cv: &mut Canvas) {
    // The mountain: one big rock triangle with a snow cap.
    let (tx, ty) = center(0);
    let (lx, ly) = center(3 * SECTIONS + 3);
    let (rx, _) = center(5 * SECTIONS + 5);
    cv.fill_polygon(
        &[
            (tx, ty - 2.2 * R),
            (rx + 2.2 * R, ly + 1.9 * R),
            (lx - 2.2 * R, ly + 1.9 * R),
        ],
        ROCK,
    );
    cv.fill_polygon(
        &[
            (tx, ty - 2.2 * R),
            (tx + 2.6 * R, ty + 3.4 * R),
            (tx + 1.0 * R, ty + 2.8 * R),
            (tx, ty + 3.6 * R),
            (tx - 1.2 * R, ty + 2.9 * R),
            (tx - 2.6 * R, ty + 3.4 * R),
        ],
        rgb(225, 230, 238),
    );
}

/// The region plates and their sections.
fn draw_regions(cv: &mut Canvas) {
    // Region plates.
    for r in 0..REGIONS {
        let (ax, ay) = center(r * SECTIONS);
        let (bx, by) = center(r * SECTIONS + 3);
        let (cx, _) = center(r * SECTIONS + 5);
        let pad = 1.35 * R;
        let plate = [
            (ax, ay - pad * 1.25),
            (cx + pad, by + pad * 0.8),
            (bx - pad, by + pad * 0.8),
        ];
        cv.fill_polygon(&plate, rgba(255, 255, 255, 70));
        cv.stroke_polygon(&plate, rgba(60, 60, 70, 160), 2.0);
    }
    // Sections.
    for c in 0..CELLS {
        let (x, y) = center(c);
        cv.fill_polygon(&hex_corners(x, y, R - 2.0, true), SNOW);
        cv.stroke_polygon(&hex_corners(x, y, R - 2.0, true), rgb(90, 100, 120), 1.5);
    }
}

/// The dotted paths between regions, from hex edge to hex edge.
fn draw_paths(cv: &mut Canvas, data: &NangaData) {
    // Dotted paths between regions, from hex edge to hex edge.
    for &(a, b) in &data.paths {
        let (ax, ay) = center(a as usize);
        let (bx, by) = center(b as usize);
        let (dx, dy) = (bx - ax, by - ay);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / len, dy / len);
        let (sx, sy, ex, ey) = (
            ax + ux * R * 0.8,
            ay + uy * R * 0.8,
            bx - ux * R * 0.8,
            by - uy * R * 0.8,
        );
        cv.line(sx, sy, ex, ey, rgba(40, 40, 60, 150), 6.0);
        cv.dashed_line(sx, sy, ex, ey, WHITE, 3.5, 6.0);
        cv.fill_circle(sx, sy, 3.5, WHITE);
        cv.fill_circle(ex, ey, 3.5, WHITE);
    }
}

/// The flags with region numbers, and each section's number.
fn draw_numbers(cv: &mut Canvas) {
    // Flags with region numbers.
    for r in 0..REGIONS {
        let (ax, ay) = center(r * SECTIONS);
        let (fx, fy) = (ax - 1.75 * R, ay - 0.8 * R);
        cv.line(fx, fy - 18.0, fx, fy + 30.0, INK, 2.5);
        let flag = [(fx, fy - 18.0), (fx + 40.0, fy - 2.0), (fx, fy + 14.0)];
        cv.fill_polygon(&flag, FLAG);
        cv.stroke_polygon(&flag, INK, 1.5);
        cv.text_centered(
            fx + 13.0,
            fy - 2.0,
            NUMBER_PX,
            INK,
            &(r + 1).to_string(),
            true,
        );
    }
    // Section numbers, as `trap` and the other steps read them, at the top of each hex,
    // large enough to read inline (the pieces sit under them).
    for c in 0..CELLS {
        let (x, y) = center(c);
        cv.text_centered(x, y - R * 0.45, NUMBER_PX, INK, &cell_name(c as u8), true);
    }
}

/// Size of the numbers players type (sections, regions, chart squares): 9 px when the
/// board is shown 550 px wide.
const NUMBER_PX: f32 = 23.0;

/// The headline: who must act and what, or the result.
pub fn headline(view: &View) -> String {
    match &view.final_result {
        Some(r) => {
            let scores: Vec<String> = view
                .players
                .iter()
                .map(|p| format!("{} {}", p.name, p.score))
                .collect();
            format!("Game over: {} ({})", r.note, scores.join(", "))
        }
        None => format!("{} \u{b7} {}", turn_name(view), prompt(view)),
    }
}

/// The view's picture (the engine encodes it as PNG).
pub fn render(data: &NangaData, view: &View) -> RgbaImage {
    render_canvas(data, view).into_image()
}

/// The view's picture on its canvas, with the record of every text drawn on it
/// ([`Canvas::marks`]) for the layout tests.
pub fn render_canvas(data: &NangaData, view: &View) -> Canvas {
    let layer = data.layer.get_or_draw(|| draw_static(data));
    let mut cv = Canvas::from_layer(layer);
    let styles = player_styles(view.players.iter().map(|p| p.name.as_str()));

    draw_guide(&mut cv, view);
    draw_pieces(&mut cv, view, &styles);

    // Right column: scoreboard, chart, animal boards, status.
    let col_x = 860.0;
    let col_w = WIDTH as f32 - col_x - 14.0;
    let rows = score_rows(view, &styles);
    let mut y = 12.0;
    y += cv.scoreboard(col_x, y, col_w, &rows) + 10.0;
    y += draw_chart(&mut cv, data, view, &styles, col_x, y, col_w) + 10.0;
    for s in 0..view.players.len().min(2) {
        y += draw_animal_board(&mut cv, view, &styles, s, col_x, y, col_w) + 8.0;
    }
    draw_status(&mut cv, view, (col_x, y, col_w), 790.0 - y);
    draw_track(&mut cv, data, view, &styles);
    // The players, the status and this (or the last) turn's events again, below the
    // board, in type that reads inline.
    let (status, events) = status_lines(view);
    let (title, events) = match events.split_first() {
        Some((t, e)) => (t.trim_end_matches(':'), e),
        None => ("", &[][..]),
    };
    cv.with_headline(&headline(view), PAPER, INK)
        .with_status_strip(&StatusStrip {
            players: &rows,
            status: &status,
            last_turn_title: title,
            last_turn: events,
        })
}

/// The status panel at `(x, y, w)`, at most `room` high (it stays above the track): the
/// final scores or area scoring, then every event of this turn (or of the last one). When
/// one event a line does not fit, the events run on in one paragraph; only then are the
/// lines above them left out, first ones first. The headline above the board says whose
/// turn it is and what they must do.
fn draw_status(cv: &mut Canvas, view: &View, (x, y, w): (f32, f32, f32), room: f32) {
    let (head, events) = status_lines(view);
    let height = |rows: &[String]| Canvas::new(1, 1, WHITE).panel(0.0, 0.0, w, "", rows);
    let mut rows: Vec<String> = head.iter().chain(&events).cloned().collect();
    if height(&rows) > room && events.len() > 2 {
        rows = head.clone();
        rows.push(events[0].clone());
        rows.push(events[1..].join(" \u{b7} "));
    }
    while rows.len() > 1 && height(&rows) > room {
        rows.remove(0);
    }
    if room > 60.0 && !rows.is_empty() {
        cv.panel(x, y, w, "", &rows);
    }
}

/// The status panel's lines: the result or area scoring, and the events of this turn
/// (or the last one) under their title.
fn status_lines(view: &View) -> (Vec<String>, Vec<String>) {
    let mut status: Vec<String> = Vec::new();
    if let Some(r) = &view.final_result {
        for (s, p) in view.players.iter().enumerate() {
            status.push(format!("{}: {}", p.name, r.score_text(s)));
        }
    }
    if view.options.areas {
        status.push("Area scoring: regions score 1/2/3 for 4/5/6 pieces at the end".into());
    }
    if let Some(a) = &view.area_points {
        for (s, pts) in a.iter().enumerate() {
            let name = view.players.get(s).map(|p| p.name.as_str()).unwrap_or("?");
            let list: Vec<String> = pts.iter().map(|p| p.to_string()).collect();
            status.push(format!("{name}: regions {}", list.join(" ")));
        }
    }
    let (title, recent) = if view.this_turn.is_empty() {
        ("Last turn:", &view.last_turn)
    } else {
        ("This turn:", &view.this_turn)
    };
    let mut events = Vec::new();
    if !recent.is_empty() {
        events.push(title.to_string());
        events.extend(recent.iter().cloned());
    }
    (status, events)
}

/// One scoreboard row per player.
fn score_rows(view: &View, styles: &[PlayerStyle]) -> Vec<ScoreRow> {
    view.players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            let detail = format!(
                "hikers {} \u{b7} camps {} \u{b7} cubes {}",
                p.hikers_left, p.camps_left, p.cubes_left
            );
            let place = view.final_result.as_ref().map(|r| r.place_of(s));
            let to_act = view.current == Some(s);
            ScoreRow::with_vp(styles[s], &p.name, p.score, detail, place, to_act)
        })
        .collect()
}

/// The pieces on the mountain, and the chosen cells of a decision in progress.
fn draw_pieces(cv: &mut Canvas, view: &View, styles: &[PlayerStyle]) {
    // Chosen cells of a decision in progress.
    let mut marked: Vec<u8> = Vec::new();
    match &view.pending {
        Some(Pending::Deer { first }) => marked.push(*first),
        Some(Pending::Build { picked, .. }) => marked.extend(picked),
        _ => {}
    }
    // Pieces.
    for (c, p) in view.cells.iter().enumerate().take(CELLS) {
        let (x, y) = center(c);
        match *p {
            Piece::Animal(a) => draw_animal(cv, x, y + PIECE_DY, 13.0, a, false),
            Piece::Hiker(s) | Piece::Camp(s) => {
                let Some(st) = styles.get(s as usize) else {
                    continue;
                };
                // A light tint: the section's number stays readable on it.
                cv.fill_polygon(&hex_corners(x, y, R - 5.0, true), with_alpha(st.color, 70));
                if matches!(p, Piece::Hiker(_)) {
                    cv.token(x, y + PIECE_DY, 13.0, st, None);
                } else {
                    draw_camp(cv, x, y + PIECE_DY + 1.0, st);
                }
            }
        }
        if marked.contains(&(c as u8)) {
            cv.stroke_polygon(&hex_corners(x, y, R - 6.0, true), rgb(20, 120, 40), 4.0);
        }
    }
}

/// How far below a section's centre its piece sits (under the section's number).
const PIECE_DY: f32 = 14.0;

/// The guide's region: a thick outline and a guide marker.
fn draw_guide(cv: &mut Canvas, view: &View) {
    // The guide's region: a thick outline and a guide marker.
    if let Some(g) = view.guide {
        let g = g as usize % REGIONS;
        for s in 0..SECTIONS {
            let (x, y) = center(g * SECTIONS + s);
            cv.stroke_polygon(&hex_corners(x, y, R + 1.0, true), GUIDE, 4.0);
        }
        let (ax, ay) = center(g * SECTIONS);
        let (gx, gy) = (ax + 1.6 * R, ay - 0.5 * R);
        cv.fill_circle(gx, gy, 15.0, GUIDE);
        cv.stroke_circle(gx, gy, 15.0, INK, 2.0);
        cv.text_centered(gx, gy, 15.0, WHITE, "G", true);
        let (_, cy) = region_center(g);
        let _ = cy;
    }
}

/// The key of the animals under the title: each one's shape, the word `give` reads for
/// it (large) and what it does.
fn draw_key(cv: &mut Canvas) {
    let (x, y) = (20.0, 52.0);
    const ROW: f32 = 31.0;
    cv.panel_box(x - 6.0, y - 6.0, 300.0, 6.0 * ROW + 8.0);
    for (i, a) in Animal::ALL.iter().enumerate() {
        let yy = y + ROW / 2.0 + ROW * i as f32;
        draw_animal(cv, x + 12.0, yy, 10.0, *a, false);
        let top = yy - cv.line_height(NUMBER_PX) / 2.0;
        cv.text_bold(x + 28.0, top, NUMBER_PX, INK, a.word(), Align::Left);
        let what = match a {
            Animal::Leopard => "snow leopard: swap hikers",
            Animal::Tahr => "hiker \u{2194} animal",
            Animal::Deer => "musk deer: swap animals",
            Animal::Yak => "move the guide",
            Animal::Bharal => "wild in trades",
            Animal::Panda => "red panda: 1 VP if behind",
        };
        let wx = x + 28.0 + cv.text_width_bold(NUMBER_PX, a.word()) + 8.0;
        let size = fit_bold(cv, what, 13.0, 10.0, x + 288.0 - wx);
        cv.text(
            wx,
            yy - cv.line_height(size) / 2.0,
            size,
            INK,
            what,
            Align::Left,
        );
    }
}

fn draw_chart(
    cv: &mut Canvas,
    data: &NangaData,
    view: &View,
    styles: &[PlayerStyle],
    x: f32,
    y: f32,
    w: f32,
) -> f32 {
    let label_w = 112.0;
    let cell_w = (w - label_w - 20.0) / COLUMNS as f32;
    let cell_h = 46.0;
    let head = 30.0;
    let h = head + 26.0 + cell_h * ROWS as f32 + 10.0;
    cv.fill_rounded_rect(x + 2.0, y + 3.0, w, h, 8.0, rgba(0, 0, 0, 40));
    cv.fill_rounded_rect(x, y, w, h, 8.0, PANEL_BG);
    cv.stroke_rounded_rect(x, y, w, h, 8.0, INK, 1.5);
    cv.text_bold(x + 12.0, y + 7.0, 17.0, INK, "Points chart", Align::Left);
    let gx = x + 10.0 + label_w;
    let gy = y + head + 26.0;
    for c in 0..COLUMNS {
        let cx = gx + cell_w * (c as f32 + 0.5);
        cv.fill_circle(cx, gy - 13.0, 11.0, INK);
        cv.text_centered(cx, gy - 13.0, 14.0, WHITE, &data.need[c].to_string(), true);
        cv.text_centered(cx, y + 17.0, 12.0, MUTED, &format!("col {}", c + 1), false);
    }
    let names = ["A camps", "B different", "C same"];
    for (r, name) in names.iter().enumerate() {
        let ry = gy + cell_h * r as f32;
        cv.text_bold(
            x + 12.0,
            ry + cell_h / 2.0 - 9.0,
            15.0,
            INK,
            name,
            Align::Left,
        );
        for c in 0..COLUMNS {
            draw_chart_square(cv, data, view, styles, (r, c), (gx, ry), (cell_w, cell_h));
        }
    }
    h
}

/// One square of the points chart: its name, its VP, and the token of who claimed it.
fn draw_chart_square(
    cv: &mut Canvas,
    data: &NangaData,
    view: &View,
    styles: &[PlayerStyle],
    (r, c): (usize, usize),
    (gx, ry): (f32, f32),
    (cell_w, cell_h): (f32, f32),
) {
    let q = r * COLUMNS + c;
    let cx0 = gx + cell_w * c as f32;
    let claimed = view.chart.get(q).copied().flatten();
    let bg = if claimed.is_some() {
        rgb(225, 225, 225)
    } else {
        WHITE
    };
    cv.fill_rect(cx0 + 2.0, ry + 2.0, cell_w - 4.0, cell_h - 4.0, bg);
    cv.stroke_rect(cx0 + 2.0, ry + 2.0, cell_w - 4.0, cell_h - 4.0, INK, 1.2);
    // The square's name (as `claim` reads it) on the left, large; its VP or the token of
    // who claimed it on the right.
    let cy = ry + cell_h / 2.0;
    let ink = if claimed.is_some() { MUTED } else { INK };
    cv.text_centered(
        cx0 + 6.0 + 17.0,
        cy,
        NUMBER_PX,
        ink,
        &square_name(q as u8),
        true,
    );
    let right = cx0 + cell_w - 6.0;
    match claimed.and_then(|s| styles.get(s as usize)) {
        Some(st) => cv.token(right - 13.0, cy, 12.0, st, None),
        None => {
            let vp = data.vp[r][c].to_string();
            cv.text(
                right,
                cy - cv.line_height(19.0) / 2.0,
                19.0,
                ink,
                &vp,
                Align::Right,
            );
        }
    }
}

fn draw_animal_board(
    cv: &mut Canvas,
    view: &View,
    styles: &[PlayerStyle],
    s: usize,
    x: f32,
    y: f32,
    w: f32,
) -> f32 {
    let Some(p) = view.players.get(s) else {
        return 0.0;
    };
    let h = 98.0;
    cv.fill_rounded_rect(x + 2.0, y + 3.0, w, h, 8.0, rgba(0, 0, 0, 40));
    cv.fill_rounded_rect(x, y, w, h, 8.0, PANEL_BG);
    cv.stroke_rounded_rect(x, y, w, h, 8.0, styles[s].color, 3.0);
    cv.token(x + 20.0, y + 20.0, 11.0, &styles[s], None);
    let title = format!("{}'s animals", p.name);
    let title = cv.ellipsize(15.0, &title, 200.0, true);
    cv.text_bold(x + 38.0, y + 11.0, 15.0, INK, &title, Align::Left);
    cv.text(x + 12.0, y + 45.0, 12.0, MUTED, "ready", Align::Left);
    cv.text(x + 12.0, y + 73.0, 12.0, MUTED, "used", Align::Left);
    let slot = (w - 70.0) / 6.0;
    for (i, a) in Animal::ALL.iter().enumerate() {
        let cx = x + 70.0 + slot * (i as f32 + 0.35);
        let (f, u) = (p.fresh[a.index()], p.used[a.index()]);
        // The ready row, then the used row (faded): the animal and how many.
        for (n, ay, ty, used) in [
            (f, y + 52.0, y + 44.0, false),
            (u, y + 80.0, y + 72.0, true),
        ] {
            if n == 0 {
                continue;
            }
            draw_animal(cv, cx, ay, 11.0, *a, used);
            let count = format!("\u{d7}{n}");
            if used {
                cv.text(cx + 16.0, ty, 14.0, MUTED, &count, Align::Left);
            } else {
                cv.text_bold(cx + 16.0, ty, 15.0, INK, &count, Align::Left);
            }
        }
        if f == 0 && u == 0 {
            cv.text_centered(cx, y + 52.0, 13.0, with_alpha(MUTED, 120), "\u{b7}", false);
        }
    }
    h
}

/// The score track's layout: spaces, spaces per row, origin, cell width and height.
fn track_layout(data: &NangaData) -> (usize, usize, f32, f32, f32, f32) {
    let spaces = data.track as usize + 1;
    let per_row = spaces.div_ceil(2);
    let (x0, y0) = (14.0, 805.0);
    let w = (WIDTH as f32 - 28.0) / per_row as f32;
    (spaces, per_row, x0, y0, w, 66.0)
}

/// The score track's numbered spaces (static: drawn once, in the layer).
fn draw_track_spaces(cv: &mut Canvas, data: &NangaData) {
    let (spaces, per_row, x0, y0, w, h) = track_layout(data);
    cv.text_bold(x0, y0 - 26.0, 16.0, INK, "Score track", Align::Left);
    for i in 0..spaces {
        let (row, col) = (i / per_row, i % per_row);
        let x = x0 + w * col as f32;
        let y = y0 + h * row as f32;
        let bg = if i % 5 == 0 {
            rgb(235, 230, 210)
        } else {
            rgb(250, 248, 240)
        };
        cv.fill_rect(x, y, w - 1.0, h - 4.0, bg);
        cv.stroke_rect(x, y, w - 1.0, h - 4.0, MUTED, 1.0);
        cv.text_centered(x + w / 2.0, y + 10.0, 11.0, MUTED, &i.to_string(), false);
    }
}

/// The players' markers on the score track.
fn draw_track(cv: &mut Canvas, data: &NangaData, view: &View, styles: &[PlayerStyle]) {
    let (spaces, per_row, x0, y0, w, h) = track_layout(data);
    for (s, p) in view.players.iter().enumerate() {
        let pos = (p.score.max(0) as usize).min(spaces - 1);
        let (row, col) = (pos / per_row, pos % per_row);
        let x = x0 + w * (col as f32 + 0.5);
        let y = y0 + h * row as f32 + 36.0;
        // Both on 0: side by side.
        let dx = if pos == 0 {
            (s as f32 - 0.5) * 14.0
        } else {
            0.0
        };
        if let Some(st) = styles.get(s) {
            cv.token(x + dx, y, 11.0, st, None);
        }
    }
}

#[cfg(test)]
mod strip_tests {
    use super::*;
    use crate::engine::testing::random_play;
    use crate::engine::{Game, Viewer};
    use crate::games::nanga_parbat::{parse_board, NangaParbat, BOARD};

    /// From the start, mid-game and the end: the headline, the status, each player's name
    /// and score in bold and every event of this or the last turn read at 9 px or more
    /// where a chat client shows the picture inline (from the renderer's own record of its
    /// text), and no legible text overlaps another.
    #[test]
    fn status_scores_and_last_turn_read_inline() {
        let d = parse_board(BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob"].map(String::from).to_vec();
        for steps in [0, 30, 90, 5000] {
            let mut g = crate::engine::setup_checked::<NangaParbat>(
                &d,
                &names,
                &crate::engine::Options::new(),
                7,
            )
            .unwrap();
            random_play(&mut g, &d, steps, 11);
            let view = g.view(&d, Viewer::Spectator);
            let (mut bold, events) = status_lines(&view);
            bold.push(headline(&view));
            for p in &view.players {
                bold.push(p.name.clone());
                bold.push(format!("{} VP", p.score));
            }
            assert!(steps == 0 || !events.is_empty() || view.final_result.is_some());
            let cv = render_canvas(&d, &view);
            // The events under their title ("Last turn:" or "This turn:").
            let faults = status_text_faults(&cv, &bold, events.get(1..).unwrap_or_default());
            assert!(faults.is_empty(), "after {steps} steps: {faults:#?}");
        }
    }
}
