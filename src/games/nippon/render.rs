//! Nippon board image: the action slots with their workers by colour, the worker rows and
//! bag, the scoring track with its symbols and golden slots, the reward stacks, the four
//! regions with their cities (goods on each side, overseas numbers or influence tiles) and
//! train/ship slots, every player's board (money, coal, knowledge, factories with stored
//! goods and machines, contracts, workers, tiles, achievements), the money, coal and
//! knowledge tracks as rows of numbered boxes with every player's marker, and the last
//! turn's events (at the end, the final scoring as a table). Type is sized to read at
//! Discord's inline width (`board_art/nippon/inline-550.png`).
//!
//! Pure function of (board data, view). The static frame (titles, region boxes, track
//! cells) is drawn once and cached in [`NipponData::layer`].

use super::view::PlayerView;
use super::view::PLAYER_COLOURS;
use super::{NipponData, TrackKind, View};
use crate::engine::ScorePart;
use crate::render::*;

const W: u32 = 1600;
const H: u32 = 1170;

const SLOT_X: f32 = 20.0;
const SLOT_Y: f32 = 14.0;
const SLOT_W: f32 = 150.0;
const SLOT_H: f32 = 104.0;
const ROWS_Y: f32 = 128.0;
const TRACK_X: f32 = 840.0;
const TRACK_Y: f32 = 14.0;
const CELL: f32 = 58.0;
const MAP_Y: f32 = 250.0;
const REGION_W: f32 = 395.0;
const REGION_H: f32 = 225.0;
const BOARDS_X: f32 = 840.0;
const BOARDS_Y: f32 = 250.0;
/// The three player-board tracks, every player's marker on each.
const TRACKS_Y: f32 = 722.0;
/// The last turn's events, or the final breakdown at the end.
const LOG_Y: f32 = 944.0;
/// Text sizes that still read at Discord's inline width (about a third of the board).
const BIG: f32 = 26.0;
/// Names and numbers players type (regions, cities, action slots): 9 px inline.
const TYPED: f32 = 26.5;
const MID: f32 = 21.0;
const SMALL: f32 = 20.0;

/// Colour of a player colour name.
pub fn seat_color(seat: usize) -> Color {
    match PLAYER_COLOURS.get(seat).copied().unwrap_or("") {
        "yellow" => rgb(226, 186, 30),
        "red" => rgb(200, 50, 50),
        "purple" => rgb(130, 70, 170),
        _ => rgb(45, 100, 200),
    }
}

fn good_color(d: &NipponData, g: usize) -> Color {
    let c = d.goods[g].color;
    rgb(c[0], c[1], c[2])
}

fn worker_color(d: &NipponData, w: u8) -> Color {
    let c = d.worker_colours[w as usize].1;
    rgb(c[0], c[1], c[2])
}

fn region_origin(r: usize) -> (f32, f32) {
    (
        SLOT_X + (r % 2) as f32 * (REGION_W + 10.0),
        MAP_Y + (r / 2) as f32 * (REGION_H + 10.0),
    )
}

fn draw_static(d: &NipponData) -> Canvas {
    let mut c = Canvas::board(W, H, PAPER);
    draw_action_slots(&mut c, d);
    // Scoring track.
    c.text_bold(TRACK_X, TRACK_Y, 16.0, INK, "Scoring track", Align::Left);
    let cells = d.first_golden + d.golden_count;
    for k in 0..cells {
        let x = TRACK_X + k as f32 * CELL;
        let gold = k >= d.first_golden;
        let bg = if gold {
            rgb(240, 205, 90)
        } else {
            rgb(250, 250, 250)
        };
        c.fill_rect(x, TRACK_Y + 24.0, CELL - 6.0, 40.0, bg);
        c.stroke_rect(x, TRACK_Y + 24.0, CELL - 6.0, 40.0, INK, 1.0);
        c.text(
            x + 4.0,
            TRACK_Y + 26.0,
            17.0,
            INK,
            &k.to_string(),
            Align::Left,
        );
    }
    for (i, &s) in d.symbols.iter().enumerate() {
        let x = TRACK_X + (s + 1) as f32 * CELL - 3.0;
        c.fill_rect(x - 2.0, TRACK_Y + 20.0, 4.0, 48.0, rgb(190, 30, 30));
        c.text_bold(
            x,
            TRACK_Y + 70.0,
            13.0,
            rgb(190, 30, 30),
            &format!("S{}", i + 1),
            Align::Center,
        );
    }
    // Regions.
    for (r, reg) in d.regions.iter().enumerate() {
        let (x, y) = region_origin(r);
        c.fill_rounded_rect(x, y, REGION_W, REGION_H, 10.0, rgb(222, 234, 214));
        c.stroke_rounded_rect(x, y, REGION_W, REGION_H, 10.0, INK, 1.5);
        c.text_bold(x + 10.0, y + 2.0, TYPED, INK, &reg.name, Align::Left);
        c.text(
            x + REGION_W - 10.0,
            y + 10.0,
            14.0,
            INK,
            &format!("bonus: {}", reg.bonus),
            Align::Right,
        );
    }
    draw_track_frames(&mut c, d);
    c
}

/// A worker as a small disc in its colour.
fn worker(c: &mut Canvas, d: &NipponData, cx: f32, cy: f32, w: u8) {
    c.fill_circle(cx, cy, 11.0, worker_color(d, w));
    c.stroke_circle(cx, cy, 11.0, INK, 1.2);
}

/// The view's picture (the engine encodes it as PNG).
pub fn render(d: &NipponData, v: &View) -> RgbaImage {
    render_canvas(d, v).into_image()
}

/// The view's picture on its canvas, with the record of every text drawn on it
/// ([`Canvas::marks`]) for the layout tests.
/// Draw the view.
pub fn render_canvas(d: &NipponData, v: &View) -> Canvas {
    let layer = d.layer.get_or_draw(|| draw_static(d));
    let mut c = Canvas::from_layer(layer);
    draw_workers(&mut c, d, v);
    draw_scoring(&mut c, d, v);
    draw_regions(&mut c, d, v);
    draw_players(&mut c, d, v);
    draw_markers(&mut c, d, v);
    match v.result.as_ref().filter(|r| !r.breakdown.is_empty()) {
        Some(r) => draw_breakdown(&mut c, v, &r.breakdown),
        None => draw_last_turn(&mut c, v),
    }
    // The players, their scores and the last turn again, below the board, in type that
    // reads inline.
    let last_turn: &[String] = match v.result {
        Some(_) => &[],
        None => &v.last_turn,
    };
    c.with_headline(&headline(v), HIGHLIGHT, INK)
        .with_status_strip(&StatusStrip {
            players: &score_rows(v),
            status: &[],
            last_turn_title: "Last turn",
            last_turn,
        })
}

/// Whose turn it is and what they are asked (or the result).
fn headline(v: &View) -> String {
    match &v.result {
        Some(r) => r.note.clone(),
        None => format!("{} to play: {}", v.players[v.current].name, v.asking),
    }
}

/// One row per player for the status strip: the seat's colour, name and score.
fn score_rows(v: &View) -> Vec<ScoreRow> {
    v.players
        .iter()
        .enumerate()
        .map(|(s, p)| ScoreRow {
            style: PlayerStyle {
                color: seat_color(s),
                ..player_style(s, &p.name)
            },
            name: p.name.clone(),
            score: format!("{} VP", p.vp),
            detail: String::new(),
            to_act: v.result.is_none() && v.current == s,
        })
        .collect()
}

/// Workers on the action slots and in the rows, and the bag.
fn draw_workers(c: &mut Canvas, d: &NipponData, v: &View) {
    // Workers on the action slots.
    for (i, s) in v.slots.iter().enumerate() {
        let x = SLOT_X + i as f32 * (SLOT_W + 10.0);
        for (k, &w) in s.iter().enumerate() {
            worker(c, d, x + 24.0 + k as f32 * 28.0, SLOT_Y + 60.0, w);
        }
        let names: Vec<&str> = s
            .iter()
            .map(|&w| d.worker_colours[w as usize].0.as_str())
            .collect();
        let names = c.ellipsize(13.0, &names.join(" "), SLOT_W - 12.0, false);
        c.text(x + 6.0, SLOT_Y + 78.0, 13.0, INK, &names, Align::Left);
    }
    // Worker rows and bag.
    let mut x = SLOT_X;
    for (r, row) in v.rows.iter().enumerate() {
        c.text(
            x,
            ROWS_Y + 4.0,
            13.0,
            INK,
            &format!("row {}", r + 1),
            Align::Left,
        );
        for (k, &w) in row.iter().enumerate() {
            worker(c, d, x + 56.0 + k as f32 * 26.0, ROWS_Y + 12.0, w);
        }
        x += 150.0;
    }
    let bag: Vec<String> = v
        .bag
        .iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(i, n)| format!("{} {n}", d.worker_colours[i].0))
        .collect();
    c.text(
        SLOT_X,
        ROWS_Y + 34.0,
        13.0,
        MUTED,
        &format!(
            "bag: {}",
            if bag.is_empty() {
                "empty".into()
            } else {
                bag.join(", ")
            }
        ),
        Align::Left,
    );
}

/// The scoring marker, the last rounds and the reward stacks.
fn draw_scoring(c: &mut Canvas, d: &NipponData, v: &View) {
    // Scoring marker and last rounds.
    let mx = TRACK_X + v.marker as f32 * CELL + (CELL - 6.0) / 2.0;
    c.fill_circle(mx, TRACK_Y + 48.0, 10.0, WHITE);
    c.stroke_circle(mx, TRACK_Y + 48.0, 10.0, INK, 2.5);
    let status = match (v.final_turns, v.scorings) {
        (Some(t), _) => format!(
            "{} done; last rounds: {} left",
            crate::engine::counted(v.scorings, "scoring"),
            crate::engine::counted(t, "turn")
        ),
        (None, s) => format!("{} done", crate::engine::counted(s, "scoring")),
    };
    c.text_bold(TRACK_X, TRACK_Y + 88.0, SMALL, INK, &status, Align::Left);

    // Reward stacks: tiles left per multiplier (columns) and bonus (rows).
    let ry = TRACK_Y + 120.0;
    c.text_bold(TRACK_X, ry, SMALL, INK, "Emperor's rewards", Align::Left);
    let multipliers = format!("2x tiles: {}", v.multipliers);
    c.text(TRACK_X, ry + 28.0, SMALL, INK, &multipliers, Align::Left);
    let cell = |m: u32, row: f32| (TRACK_X + 330.0 + (m - 2) as f32 * 100.0, ry + row * 24.0);
    for m in 2..=5 {
        let (x, y) = cell(m, 0.0);
        c.text_centered(x, y + 10.0, SMALL, INK, &format!("x{m}"), true);
    }
    for (row, word) in super::rules::BONUS_WORDS.iter().enumerate() {
        let (x, y) = cell(2, row as f32 + 1.0);
        c.text(x - 60.0, y, SMALL, INK, word, Align::Right);
    }
    for (i, st) in d.rewards.iter().enumerate() {
        let row = super::rules::bonus_kind(st.bonus) as f32 + 1.0;
        let (x, y) = cell(st.multiplier, row);
        let ink = if v.rewards[i] > 0 { INK } else { MUTED };
        c.text_centered(x, y + 10.0, SMALL, ink, &v.rewards[i].to_string(), false);
    }
}

/// Regions: cities, influence and rails.
fn draw_regions(c: &mut Canvas, d: &NipponData, v: &View) {
    // Regions: cities, influence and rails.
    for (r, _) in d.regions.iter().enumerate() {
        let (x0, y0) = region_origin(r);
        for k in 0..2 {
            draw_city(
                c,
                d,
                v,
                2 * r + k,
                x0 + 100.0 + k as f32 * 196.0,
                y0 + 104.0,
            );
        }
        // Train/ship slots.
        let ty = y0 + REGION_H - 26.0;
        for k in 0..v.rail_slots {
            let x = x0 + 10.0 + k as f32 * 34.0;
            match v.rail[r].get(k) {
                Some(&(seat, ship)) => {
                    c.fill_rect(x, ty, 30.0, 18.0, seat_color(seat));
                    c.text_centered(
                        x + 15.0,
                        ty + 9.0,
                        15.0,
                        WHITE,
                        if ship { "S" } else { "T" },
                        true,
                    );
                }
                None => c.stroke_rect(x, ty, 30.0, 18.0, MUTED, 1.0),
            }
        }
    }
}

/// Half the side of a city tile, its good bands' width, and how far its influence slots
/// are from its centre.
const CITY_HALF: f32 = 38.0;
const CITY_BAND: f32 = 10.0;
const CITY_SLOT: f32 = 62.0;

/// City slot `i` at (`cx`, `cy`): its goods on the sides, with the influence tile or
/// the overseas value beside each. Names and labels are bold and dark, large enough to
/// read at Discord's inline width; the city's name is white on a dark strip.
fn draw_city(c: &mut Canvas, d: &NipponData, v: &View, i: usize, cx: f32, cy: f32) {
    let city = &v.cities[i];
    let (h, band) = (CITY_HALF, CITY_BAND);
    c.fill_rect(cx - h, cy - h, 2.0 * h, 2.0 * h, rgb(250, 248, 240));
    c.stroke_rect(cx - h, cy - h, 2.0 * h, 2.0 * h, INK, 1.2);
    // Sides: 0 top, 1 right, 2 bottom, 3 left.
    let dirs = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)];
    for (s, &(dx, dy)) in dirs.iter().enumerate() {
        let g = city.goods[s];
        // Good band on the side of the tile.
        let (bx, by, bw, bh) = match s {
            0 => (cx - h, cy - h, 2.0 * h, band),
            1 => (cx + h - band, cy - h, band, 2.0 * h),
            2 => (cx - h, cy + h - band, 2.0 * h, band),
            _ => (cx - h, cy - h, band, 2.0 * h),
        };
        c.fill_rect(bx, by, bw, bh, good_color(d, g));
        let sx = cx + dx * CITY_SLOT;
        let sy = cy + dy * CITY_SLOT;
        match city.tiles[s] {
            Some(t) => {
                let col = seat_color(t.seat);
                c.fill_rounded_rect(sx - 16.0, sy - 16.0, 32.0, 32.0, 5.0, col);
                c.stroke_rounded_rect(sx - 16.0, sy - 16.0, 32.0, 32.0, 5.0, INK, 1.5);
                c.text_centered(sx, sy, 19.0, WHITE, &t.value.to_string(), true);
            }
            None => {
                c.fill_circle(sx, sy, 15.0, WHITE);
                c.stroke_circle(sx, sy, 15.0, INK, 1.5);
                c.text_centered(sx, sy, 17.0, INK, &city.overseas[s].to_string(), true);
            }
        }
        // The good's name: under a left or right slot, beside a top or bottom one.
        let label = &d.goods[g].name;
        if dy == 0.0 {
            c.text_centered(sx, sy + 28.0, 15.0, INK, label, true);
        } else {
            let ly = sy - c.line_height(15.0) / 2.0;
            c.text_bold(sx + 20.0, ly, 15.0, INK, label, Align::Left);
        }
    }
    // The city's label (what `city` reads), large enough to read inline.
    let label = d.city_label(i);
    let w = c.text_width_bold(TYPED, label) + 8.0;
    c.fill_rounded_rect(cx - w / 2.0, cy - 17.0, w, 34.0, 4.0, INK);
    c.text_centered(cx, cy, TYPED, WHITE, label, true);
}

/// The player boards.
fn draw_players(c: &mut Canvas, d: &NipponData, v: &View) {
    // Player boards.
    let ph = (H as f32 - BOARDS_Y - 10.0) / v.players.len() as f32;
    for s in 0..v.players.len() {
        draw_player(c, d, v, s, BOARDS_Y + s as f32 * ph, ph);
    }
}

/// Player board `s`, `ph` high from `y`: name and VP; a row of counters, each a picture
/// with its number in large type (money, coal, knowledge, blueprints, machines, trains
/// and ships left, workers by colour); the factories with their goods; then contracts,
/// tiles and achievements in words, as many lines as the panel holds.
fn draw_player(c: &mut Canvas, d: &NipponData, v: &View, s: usize, y: f32, ph: f32) {
    let p = &v.players[s];
    let col = seat_color(s);
    let active = v.result.is_none() && v.current == s;
    let bg = if active { HIGHLIGHT } else { WHITE };
    c.fill_rounded_rect(BOARDS_X, y, 740.0, ph - 8.0, 8.0, bg);
    c.stroke_rounded_rect(BOARDS_X, y, 740.0, ph - 8.0, 8.0, col, 4.0);
    c.fill_circle(BOARDS_X + 20.0, y + 22.0, 11.0, col);
    let head = format!("{} {} VP", p.name, p.vp);
    let size = fit_bold(c, &head, BIG, MID, 700.0);
    let head = c.ellipsize(size, &head, 690.0, true);
    c.text_bold(BOARDS_X + 38.0, y + 6.0, size, INK, &head, Align::Left);
    draw_counters(c, d, p, BOARDS_X + 10.0, y + 40.0);
    draw_factories(c, d, p, y + 86.0);
    let open: Vec<String> = p.contracts_open.iter().map(u8::to_string).collect();
    let tiles: Vec<String> = p.tiles.iter().map(u8::to_string).collect();
    let ach: Vec<String> = p
        .achievements
        .iter()
        .enumerate()
        .filter_map(|(a, m)| m.map(|m| format!("{} x{m}", d.achievements[a].name)))
        .collect();
    let none = |v: &[String], sep: &str| {
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(sep)
        }
    };
    let text = format!(
        "contracts {} \u{b7} tiles {} \u{b7} achievements {}",
        none(&open, " "),
        none(&tiles, " "),
        none(&ach, ", ")
    );
    let top = y + 164.0;
    let room = ((y + ph - 12.0 - top) / 24.0).max(0.0) as usize;
    let mut lines = c.wrap(MID, &text, 716.0, false);
    if lines.len() > room {
        lines.truncate(room);
        if let Some(last) = lines.last_mut() {
            *last = c.ellipsize(MID, &format!("{last} \u{2026}"), 716.0, false);
        }
    }
    for (k, l) in lines.iter().enumerate() {
        c.text(
            BOARDS_X + 12.0,
            top + k as f32 * 24.0,
            MID,
            INK,
            l,
            Align::Left,
        );
    }
}

/// A player's money as its counter shows it (the coin beside it says yen).
pub(crate) fn money(p: &PlayerView) -> String {
    super::board::yen(p.yen)
        .trim_end_matches(" yen")
        .to_string()
}

/// The row of counters of a player board from (x, y): each a small picture and its
/// number in large bold type.
fn draw_counters(c: &mut Canvas, d: &NipponData, p: &PlayerView, x: f32, y: f32) {
    const CHIP_H: f32 = 40.0;
    let mut x = x;
    let mut chip = |c: &mut Canvas, icon: &dyn Fn(&mut Canvas, f32, f32), n: String| {
        let w = 36.0 + c.text_width_bold(TYPED, &n) + 8.0;
        c.fill_rounded_rect(x, y, w, CHIP_H, 8.0, rgba(255, 255, 255, 200));
        c.stroke_rounded_rect(x, y, w, CHIP_H, 8.0, with_alpha(INK, 90), 1.0);
        icon(c, x + 18.0, y + CHIP_H / 2.0);
        let top = y + (CHIP_H - c.line_height(TYPED)) / 2.0;
        c.text_bold(x + 34.0, top, TYPED, INK, &n, Align::Left);
        x += w + 6.0;
    };
    let disc = |fill: Color, letter: &'static str| {
        move |c: &mut Canvas, cx: f32, cy: f32| {
            c.fill_circle(cx, cy, 13.0, fill);
            c.stroke_circle(cx, cy, 13.0, INK, 1.2);
            c.text_centered(cx, cy, 16.0, contrast_color(fill), letter, true);
        }
    };
    chip(c, &disc(rgb(230, 190, 60), "\u{a5}"), money(p));
    chip(c, &disc(rgb(40, 40, 44), "C"), p.coal.to_string());
    chip(c, &disc(rgb(70, 120, 200), "K"), p.levels[2].to_string());
    chip(c, &disc(rgb(235, 235, 240), "bp"), p.blueprints.to_string());
    chip(c, &disc(rgb(150, 150, 160), "M"), p.machines.to_string());
    chip(c, &disc(rgb(190, 90, 60), "T"), p.trains_left.to_string());
    chip(c, &disc(rgb(60, 130, 170), "S"), p.ships_left.to_string());
    // Workers by colour.
    let mut counts: Vec<(u8, usize)> = Vec::new();
    for &w in &p.workers {
        match counts.iter_mut().find(|(k, _)| *k == w) {
            Some((_, n)) => *n += 1,
            None => counts.push((w, 1)),
        }
    }
    counts.sort();
    for (w, n) in counts {
        let fill = worker_color(d, w);
        chip(
            c,
            &move |c: &mut Canvas, cx: f32, cy: f32| {
                c.fill_circle(cx, cy, 12.0, fill);
                c.stroke_circle(cx, cy, 12.0, INK, 1.2);
            },
            n.to_string(),
        );
    }
}

/// The public events of the last complete turn (everyone sees the same: nothing in
/// Nippon is hidden), newest last, as many lines as the panel holds.
fn draw_last_turn(c: &mut Canvas, v: &View) {
    const WIDTH: f32 = 790.0;
    const LINES: usize = 7;
    c.text_bold(SLOT_X, LOG_Y, BIG, INK, "Last turn", Align::Left);
    c.log_tail(
        (SLOT_X, LOG_Y + 34.0),
        MID,
        26.0,
        WIDTH,
        &v.last_turn,
        LINES,
    );
}

/// The final scoring (the result's breakdown), one row per player and one column per part,
/// then the total; the column labels alternate between two lines so that each has room.
fn draw_breakdown(c: &mut Canvas, v: &View, b: &[Vec<ScorePart>]) {
    c.text_bold(SLOT_X, LOG_Y, BIG, INK, "Final scoring", Align::Left);
    let Some(first) = b.first() else { return };
    let name_w = 120.0;
    let col_w = (800.0 - name_w) / (first.len() + 1) as f32;
    let y = LOG_Y + 32.0;
    let labels = first.iter().map(|p| p.name.as_str()).chain(["total"]);
    for (k, name) in labels.enumerate() {
        let label = name.strip_prefix("unpaid ").unwrap_or(name);
        let x = SLOT_X + name_w + (k as f32 + 0.5) * col_w;
        let ly = y + 10.0 + 20.0 * (k % 2) as f32;
        c.text_centered(x, ly, 17.0, INK, label, true);
    }
    let tx = SLOT_X + name_w + (first.len() as f32 + 0.5) * col_w;
    for (s, parts) in b.iter().enumerate() {
        let ry = y + 42.0 + s as f32 * 32.0;
        if s % 2 == 0 {
            c.fill_rect(SLOT_X, ry, 800.0, 32.0, rgb(236, 230, 214));
        }
        c.fill_circle(SLOT_X + 10.0, ry + 16.0, 8.0, seat_color(s));
        let name = c.ellipsize(MID, &v.players[s].name, name_w - 26.0, true);
        c.text_bold(SLOT_X + 24.0, ry + 4.0, MID, INK, &name, Align::Left);
        for (k, part) in parts.iter().enumerate() {
            let x = SLOT_X + name_w + (k as f32 + 0.5) * col_w;
            c.text_centered(x, ry + 16.0, MID, INK, &part.points.to_string(), false);
        }
        c.text_centered(tx, ry + 16.0, MID, INK, &v.players[s].vp.to_string(), true);
    }
}

/// The frames of the money, coal and knowledge tracks: a row of boxes, each with its
/// printed number (a gap slot shows none; a star where the track has one).
fn draw_track_frames(c: &mut Canvas, d: &NipponData) {
    c.text_bold(
        SLOT_X,
        TRACKS_Y,
        BIG,
        INK,
        "Income, coal and knowledge",
        Align::Left,
    );
    for (row, t) in TrackKind::ALL.into_iter().enumerate() {
        let track = d.track(t);
        let y = track_row_y(row);
        let label = match t {
            TrackKind::Money => "income",
            other => other.name(),
        };
        c.text_bold(SLOT_X, y + 14.0, MID, INK, label, Align::Left);
        for k in 0..track.values.len() {
            let x = track_box_x(k);
            let bg = if track.stars[k] {
                rgb(250, 232, 170)
            } else {
                WHITE
            };
            c.fill_rect(x, y, TRACK_BOX - 4.0, TRACK_BOX_H, bg);
            c.stroke_rect(x, y, TRACK_BOX - 4.0, TRACK_BOX_H, INK, 1.0);
            if track.printed[k] {
                let n = track.values[k].to_string();
                c.text_centered(x + TRACK_BOX / 2.0 - 2.0, y + 14.0, MID, INK, &n, true);
            }
            if track.stars[k] {
                c.text_centered(x + TRACK_BOX / 2.0 - 2.0, y + 38.0, 14.0, MUTED, "*", true);
            }
        }
    }
}

/// Width of a track box, and its height.
const TRACK_BOX: f32 = 48.0;
const TRACK_BOX_H: f32 = 56.0;

fn track_row_y(row: usize) -> f32 {
    TRACKS_Y + 38.0 + row as f32 * (TRACK_BOX_H + 6.0)
}

fn track_box_x(k: usize) -> f32 {
    SLOT_X + 130.0 + k as f32 * TRACK_BOX
}

/// Every player's marker on each track: discs in the seat colours, side by side in the
/// lower half of the box.
fn draw_markers(c: &mut Canvas, d: &NipponData, v: &View) {
    for (row, t) in TrackKind::ALL.into_iter().enumerate() {
        let y = track_row_y(row) + TRACK_BOX_H - 14.0;
        let top = d.track(t).top();
        for k in 0..=top {
            let here: Vec<usize> = (0..v.players.len())
                .filter(|&s| v.players[s].tracks[t.index()] == k)
                .collect();
            for (i, &s) in here.iter().enumerate() {
                let x = track_box_x(k) + 8.0 + i as f32 * 10.0;
                c.fill_circle(x, y, 7.0, seat_color(s));
                c.stroke_circle(x, y, 7.0, INK, 1.0);
            }
        }
    }
}

/// A player's factories from `y`: the good, its machine, and storage cubes.
fn draw_factories(c: &mut Canvas, d: &NipponData, p: &PlayerView, y: f32) {
    let mut fx = BOARDS_X + 10.0;
    for f in &p.factories {
        let cap = d.goods[f.good].storage;
        let fill = with_alpha(good_color(d, f.good), 140);
        c.fill_rect(fx, y, 116.0, 72.0, fill);
        c.stroke_rect(fx, y, 116.0, 72.0, INK, 1.0);
        let m = if f.machine > 0 {
            format!(" +{}", f.machine)
        } else {
            String::new()
        };
        let label = format!("{}{m}", d.goods[f.good].name);
        c.text_bold(fx + 5.0, y + 4.0, MID, INK, &label, Align::Left);
        for k in 0..cap {
            let bx = fx + 6.0 + k as f32 * 21.0;
            if k < f.goods {
                c.fill_rect(bx, y + 40.0, 17.0, 17.0, INK);
            } else {
                c.stroke_rect(bx, y + 40.0, 17.0, 17.0, INK, 1.5);
            }
        }
        fx += 122.0;
    }
    if p.factories.is_empty() {
        c.text(fx, y + 22.0, MID, MUTED, "no factory yet", Align::Left);
    }
}

/// The action slots with their actions (the static layer).
fn draw_action_slots(c: &mut Canvas, d: &NipponData) {
    for (i, acts) in d.slots.iter().enumerate() {
        let x = SLOT_X + i as f32 * (SLOT_W + 10.0);
        c.fill_rounded_rect(x, SLOT_Y, SLOT_W, SLOT_H, 8.0, rgb(236, 226, 204));
        c.stroke_rounded_rect(x, SLOT_Y, SLOT_W, SLOT_H, 8.0, INK, 1.5);
        c.text_bold(
            x + 6.0,
            SLOT_Y + 2.0,
            TYPED,
            INK,
            &format!("{}", i + 1),
            Align::Left,
        );
        // One action a line, bold, to be read at Discord's inline width.
        for (k, a) in acts.iter().enumerate() {
            let y = SLOT_Y + 5.0 + k as f32 * 19.0;
            c.text_bold(x + 30.0, y, 16.0, INK, a.name(), Align::Left);
        }
    }
}

#[cfg(test)]
mod strip_tests {
    use super::*;
    use crate::engine::testing::random_play;
    use crate::engine::{Game, Viewer};
    use crate::games::nippon::{parse_board, Nippon, BOARD};

    /// From the start, mid-game and the end: the headline (whose turn, what they are
    /// asked), each player's name and score in bold and every event of the last turn read
    /// at 9 px or more where a chat client shows the picture inline (from the renderer's
    /// own record of its text), and no legible text overlaps another.
    #[test]
    fn status_scores_and_last_turn_read_inline() {
        let d = parse_board(BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        for steps in [0, 30, 90, 5000] {
            let mut g = crate::engine::setup_checked::<Nippon>(
                &d,
                &names,
                &crate::engine::Options::new(),
                7,
            )
            .unwrap();
            random_play(&mut g, &d, steps, 11);
            let view = g.view(&d, Viewer::Spectator);
            let mut bold = vec![headline(&view)];
            for p in &view.players {
                bold.push(p.name.clone());
                bold.push(format!("{} VP", p.vp));
            }
            let plain = match view.result {
                Some(_) => Vec::new(),
                None => view.last_turn.clone(),
            };
            assert!(steps == 0 || !plain.is_empty() || view.result.is_some());
            let cv = render_canvas(&d, &view);
            let faults = status_text_faults(&cv, &bold, &plain);
            assert!(faults.is_empty(), "after {steps} steps: {faults:#?}");
        }
    }
}
