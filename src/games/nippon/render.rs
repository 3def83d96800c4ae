//! Nippon board image: the action slots with their workers by colour, the worker rows and
//! bag, the scoring track with its symbols and golden slots, the reward stacks, the four
//! regions with their cities (goods on each side, overseas numbers or influence tiles) and
//! train/ship slots, every player's board (workers, money, coal, knowledge, blueprints,
//! machines, trains and ships as pictures with their numbers, factories with their stored
//! goods and machines, filling the board at the largest scale that fits), the money, coal
//! and knowledge tracks as rows of numbered boxes with every player's marker, and a table
//! of each player's open contracts, influence tiles and achievements, with a local-market
//! tile chosen and not yet placed framed and said in words (at the end, the final
//! scoring). Whose turn, the scores and the last turn are in the headline and the
//! status strip only. Type is sized to read at Discord's inline width
//! (`board_art/nippon/inline-550.png`).
//!
//! Pure function of (board data, view). The static frame (titles, region boxes, track
//! cells) is drawn once and cached in [`NipponData::layer`].

use super::view::PLAYER_COLOURS;
use super::view::{FactoryView, PendingTile, PlayerView};
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
/// The contracts table, or the final breakdown at the end.
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
        None => draw_table(&mut c, d, v),
    }
    // The players, their scores and the last turn, below the board, in type that reads
    // inline (not repeated on the board).
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
            worker_disc(c, d, x + 24.0 + k as f32 * 28.0, SLOT_Y + 60.0, 11.0, w);
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
            worker_disc(c, d, x + 56.0 + k as f32 * 26.0, ROWS_Y + 12.0, 11.0, w);
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

/// The player boards, one under another in the right column.
fn draw_players(c: &mut Canvas, d: &NipponData, v: &View) {
    for s in 0..v.players.len() {
        draw_player(c, d, v, s);
    }
}

/// Player board `s` of `n` players: its rectangle (x, y, width, height) in units.
pub(crate) fn panel_rect(n: usize, s: usize) -> (f32, f32, f32, f32) {
    let ph = (H as f32 - BOARDS_Y - 10.0) / n.max(1) as f32;
    (BOARDS_X, BOARDS_Y + s as f32 * ph, 740.0, ph - 8.0)
}

/// The scales a player board's pictures and numbers may be drawn at, largest first: the
/// largest whose layout fits the board is used, so a board with room (two or three
/// players, few factories) is filled rather than left half empty. At 1 the numbers are
/// [`TYPED`] (9 px inline), the least they may be.
const PANEL_SCALES: [f32; 12] = [2.4, 2.2, 2.0, 1.85, 1.7, 1.6, 1.5, 1.4, 1.3, 1.2, 1.1, 1.0];
/// A player board's margin inside its frame.
const PANEL_PAD: f32 = 10.0;

/// A player board laid out: its first line and counters at scale `k`, its factories at
/// scale `kf` (at least `k`); where its counters and factories go (top left corners, in
/// the order of [`counters`] and of the player's factories) and the y under them.
pub(crate) struct PanelLayout {
    pub k: f32,
    pub kf: f32,
    counters: Vec<(f32, f32)>,
    factories: Vec<(f32, f32)>,
    pub bottom: f32,
}

/// The counters of a player board: a disc's colour and symbol, and the number.
fn counters(p: &PlayerView) -> [(Color, &'static str, String); 7] {
    [
        (rgb(230, 190, 60), "\u{a5}", money(p)),
        (rgb(40, 40, 44), "C", p.coal.to_string()),
        (rgb(70, 120, 200), "K", p.levels[2].to_string()),
        (rgb(235, 235, 240), "bp", p.blueprints.to_string()),
        (rgb(150, 150, 160), "M", p.machines.to_string()),
        (rgb(190, 90, 60), "T", p.trains_left.to_string()),
        (rgb(60, 130, 170), "S", p.ships_left.to_string()),
    ]
}

/// What a player without a factory shows in the factories' place.
const NO_FACTORY: &str = "no factory yet";

/// Size of a factory at scale `k`: its good's name over a row of storage boxes (and a gear
/// per machine).
fn factory_size(c: &Canvas, d: &NipponData, f: &FactoryView, k: f32) -> (f32, f32) {
    let name_w = c.text_width_bold(TYPED * k, &d.goods[f.good].name);
    let boxes = (d.goods[f.good].storage + f.machine) as f32 * 16.0 * k;
    (name_w.max(boxes) + 12.0 * k, TYPED * k * 1.2 + 26.0 * k)
}

/// Height of a player board's first line (name, VP and workers) at scale `k`.
fn head_height(k: f32) -> f32 {
    TYPED * k * 1.25
}

/// Player `p`'s board laid out inside `(x, y, w, h)`: the first line and the counters at
/// the largest of [`PANEL_SCALES`] at which they and the factories fit, then the
/// factories at the largest that fits the room left (the smallest scale if none does).
pub(crate) fn panel_layout(
    c: &Canvas,
    d: &NipponData,
    p: &PlayerView,
    (x, y, w, h): (f32, f32, f32, f32),
) -> PanelLayout {
    let (x, y, w) = (x + PANEL_PAD, y + PANEL_PAD, w - 2.0 * PANEL_PAD);
    let bottom = y + h - 2.0 * PANEL_PAD;
    let at = |k: f32, kf: f32| {
        let t = TYPED * k;
        let gap = 6.0 * k;
        let sizes: Vec<(f32, f32)> = counters(p)
            .iter()
            .map(|(_, _, n)| (c.counter_width(t, n), counter_height(t)))
            .collect();
        let (counters, y1) = flow(&sizes, (x, y + head_height(k) + gap), w, gap);
        let sizes: Vec<(f32, f32)> = match p.factories.is_empty() {
            true => vec![(c.text_width_bold(TYPED * kf, NO_FACTORY), TYPED * kf * 1.2)],
            false => p
                .factories
                .iter()
                .map(|f| factory_size(c, d, f, kf))
                .collect(),
        };
        let (factories, y2) = flow(&sizes, (x, y1 + 2.0 * gap), w, 6.0 * kf);
        PanelLayout {
            k,
            kf,
            counters,
            factories,
            bottom: y2,
        }
    };
    let fits = |l: &PanelLayout| l.bottom <= bottom;
    let Some(k) = PANEL_SCALES.iter().copied().find(|&k| fits(&at(k, k))) else {
        return at(1.0, 1.0);
    };
    PANEL_SCALES
        .iter()
        .filter(|&&kf| kf >= k)
        .map(|&kf| at(k, kf))
        .find(fits)
        .unwrap_or_else(|| at(k, k))
}

/// Player board `s`: its name and VP, the workers it holds as discs in their colours, a
/// counter for each of money, coal, knowledge, blueprints, machines, trains and ships
/// left, and its factories with the goods they store; at the largest scales that fit (see
/// [`panel_layout`]). A name too long for its line is cut with an ellipsis.
fn draw_player(c: &mut Canvas, d: &NipponData, v: &View, s: usize) {
    let p = &v.players[s];
    let col = seat_color(s);
    let rect = panel_rect(v.players.len(), s);
    let (x, y, w, h) = rect;
    let bg = if v.result.is_none() && v.current == s {
        HIGHLIGHT
    } else {
        WHITE
    };
    c.fill_rounded_rect(x, y, w, h, 8.0, bg);
    c.stroke_rounded_rect(x, y, w, h, 8.0, col, 4.0);
    let l = panel_layout(c, d, p, rect);
    let (k, t) = (l.k, TYPED * l.k);
    let (x, y) = (x + PANEL_PAD, y + PANEL_PAD);
    // First line: the seat's disc, the name (cut if need be) and VP; workers at the right.
    let mid = y + head_height(k) / 2.0;
    c.fill_circle(x + 11.0 * k, mid, 11.0 * k, col);
    c.stroke_circle(x + 11.0 * k, mid, 11.0 * k, INK, 1.2);
    let workers_w = p.workers.len() as f32 * 26.0 * k;
    let vp = format!(" {} VP", p.vp);
    let room = w - 2.0 * PANEL_PAD - 30.0 * k - workers_w - c.text_width_bold(t, &vp);
    let name = c.ellipsize(t, &p.name, room.max(t), true);
    c.text_bold(
        x + 28.0 * k,
        mid - t * 0.6,
        t,
        INK,
        &format!("{name}{vp}"),
        Align::Left,
    );
    let mut wx = x + w - 2.0 * PANEL_PAD - 12.0 * k;
    for &wk in p.workers.iter().rev() {
        worker_disc(c, d, wx, mid, 11.0 * k, wk);
        wx -= 26.0 * k;
    }
    for ((fill, symbol, n), &at) in counters(p).iter().zip(&l.counters) {
        let (fill, symbol) = (*fill, *symbol);
        let icon = move |c: &mut Canvas, cx: f32, cy: f32, r: f32| {
            c.fill_circle(cx, cy, r, fill);
            c.stroke_circle(cx, cy, r, INK, 1.2);
            c.text_centered(cx, cy, r * 1.2, contrast_color(fill), symbol, true);
        };
        c.counter(at, t, n, &icon);
    }
    if p.factories.is_empty() {
        if let Some(&(fx, fy)) = l.factories.first() {
            c.text_bold(fx, fy, TYPED * l.kf, MUTED, NO_FACTORY, Align::Left);
        }
    }
    for (f, &at) in p.factories.iter().zip(&l.factories) {
        draw_factory(c, d, f, at, l.kf);
    }
}

/// A worker as a disc in its colour.
fn worker_disc(c: &mut Canvas, d: &NipponData, cx: f32, cy: f32, r: f32, w: u8) {
    c.fill_circle(cx, cy, r, worker_color(d, w));
    c.stroke_circle(cx, cy, r, INK, 1.2);
}

/// A player's money as its counter shows it (the coin beside it says yen).
pub(crate) fn money(p: &PlayerView) -> String {
    super::board::yen(p.yen)
        .trim_end_matches(" yen")
        .to_string()
}

/// A factory at `(x, y)`, scale `k`: a box in its good's colour with the good's name (what
/// `run` and `improve` read) in bold, then a box per storage place (filled for each good
/// stored) and a gear per machine.
fn draw_factory(c: &mut Canvas, d: &NipponData, f: &FactoryView, (x, y): (f32, f32), k: f32) {
    let (w, h) = factory_size(c, d, f, k);
    let t = TYPED * k;
    c.fill_rect(x, y, w, h, with_alpha(good_color(d, f.good), 150));
    c.stroke_rect(x, y, w, h, INK, 1.0);
    c.text_bold(
        x + 6.0 * k,
        y + 2.0 * k,
        t,
        INK,
        &d.goods[f.good].name,
        Align::Left,
    );
    let by = y + t * 1.2 + 4.0 * k;
    let mut bx = x + 6.0 * k;
    for n in 0..d.goods[f.good].storage {
        if n < f.goods {
            c.fill_rect(bx, by, 13.0 * k, 13.0 * k, INK);
        } else {
            c.fill_rect(bx, by, 13.0 * k, 13.0 * k, WHITE);
            c.stroke_rect(bx, by, 13.0 * k, 13.0 * k, INK, 1.5);
        }
        bx += 16.0 * k;
    }
    for _ in 0..f.machine {
        let (cx, cy, r) = (bx + 6.5 * k, by + 6.5 * k, 6.5 * k);
        c.fill_circle(cx, cy, r, rgb(110, 110, 120));
        c.stroke_circle(cx, cy, r, INK, 1.2);
        c.fill_circle(cx, cy, r * 0.35, WHITE);
        bx += 16.0 * k;
    }
}

/// Height of the title over the contracts table and the bottom of the table's room.
const TABLE_TITLE_H: f32 = 36.0;
const TABLE_BOTTOM: f32 = H as f32 - 10.0;

/// Player `s` of `n`'s row of the contracts table: its rectangle (x, y, width, height).
pub(crate) fn table_row_rect(n: usize, s: usize) -> (f32, f32, f32, f32) {
    let top = LOG_Y + TABLE_TITLE_H;
    let rh = ((TABLE_BOTTOM - top) / n.max(1) as f32).min(60.0);
    (SLOT_X, top + s as f32 * rh, 790.0, rh)
}

/// Under the tracks while the game runs: a row per player with its open contracts (cards
/// with their numbers), its influence tiles left (in its colour, with their values) and
/// its achievements, every number in bold at [`TYPED`].
fn draw_table(c: &mut Canvas, d: &NipponData, v: &View) {
    let title = "Contracts, influence tiles and achievements";
    c.text_bold(SLOT_X, LOG_Y, BIG, INK, title, Align::Left);
    let box_w = c.text_width_bold(TYPED, "8") + 10.0;
    let box_h = (TYPED * 1.35).min(table_row_rect(v.players.len(), 0).3 - 4.0);
    for (s, p) in v.players.iter().enumerate() {
        let (x, y, w, rh) = table_row_rect(v.players.len(), s);
        let (mid, top) = (y + rh / 2.0, y + (rh - box_h) / 2.0);
        if s % 2 == 0 {
            c.fill_rect(x, y, w, rh, rgb(236, 230, 214));
        }
        c.fill_circle(x + 12.0, mid, 10.0, seat_color(s));
        c.stroke_circle(x + 12.0, mid, 10.0, INK, 1.2);
        let mut bx = x + 30.0;
        let tiles_x = bx + p.contracts_open.len() as f32 * (box_w + 3.0) + 12.0;
        let mut boxes = |c: &mut Canvas, nums: &[u8], fill: Color| {
            for n in nums {
                c.fill_rounded_rect(bx, top, box_w, box_h, 4.0, fill);
                c.stroke_rounded_rect(bx, top, box_w, box_h, 4.0, INK, 1.2);
                let ink = contrast_color(fill);
                c.text_centered(bx + box_w / 2.0, mid, TYPED, ink, &n.to_string(), true);
                bx += box_w + 3.0;
            }
            bx += 12.0;
        };
        boxes(c, &p.contracts_open, rgb(252, 246, 226));
        boxes(c, &p.tiles, seat_color(s));
        if let Some(t) = v
            .pending_tile
            .filter(|_| s == v.current && v.result.is_none())
        {
            let at = p.tiles.iter().position(|&n| n == t.value).unwrap_or(0) as f32;
            let tx = tiles_x + at * (box_w + 3.0);
            c.stroke_rounded_rect(tx - 2.5, top - 2.5, box_w + 5.0, box_h + 5.0, 5.0, INK, 3.5);
            // In words where they fit whole (the headline says it too).
            let text = pending_text(d, v, &t);
            let room = x + w - 4.0 - bx;
            let size = TYPED;
            if c.text_width_bold(size, &text) <= room {
                let ty = mid - c.line_height(size) / 2.0;
                c.text_bold(bx, ty, size, INK, &text, Align::Left);
                bx += c.text_width_bold(size, &text) + 12.0;
            }
        }
        let ach: Vec<String> = p
            .achievements
            .iter()
            .enumerate()
            .filter_map(|(a, m)| m.map(|m| format!("{} x{m}", d.achievements[a].name)))
            .collect();
        let room = x + w - 4.0 - bx;
        if ach.is_empty() || room < 20.0 {
            continue;
        }
        let text = ach.join(", ");
        let size = fit_bold(c, &text, TYPED, SMALL, room);
        let text = c.ellipsize(size, &text, room, true);
        let ty = mid - c.line_height(size) / 2.0;
        c.text_bold(bx, ty, size, INK, &text, Align::Left);
    }
}

/// The chosen local-market tile still to place, in words: "tile 5 chosen: 2 silk, to a
/// city?" (or the city chosen, where a tie asks which tile goes back).
fn pending_text(d: &NipponData, v: &View, t: &PendingTile) -> String {
    let good = d.goods.get(t.good).map_or("?", |g| g.name.as_str());
    let city = t
        .city
        .and_then(|c| v.cities.get(c))
        .map(|c| c.name.as_str());
    format!(
        "tile {} chosen: {} {good}, {}",
        t.value,
        t.cubes,
        city.map_or("to a city?".to_string(), |c| format!("to {c}"))
    )
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

    /// Each player's board with 2, 3 and 4 players, from the start to the end (one player
    /// with a name too long for its line): every text on it but the counters' symbols is
    /// bold, 9 px or more where a chat client shows the picture inline and wholly inside
    /// the board; it shows the player's money, coal, knowledge, blueprints, machines, trains
    /// and ships left and each factory's good; its pictures fill at least 3/5 of it (no
    /// half-empty board) and no more than all of it; and the board does not repeat the
    /// strip's last turn. While the game runs, each open contract and influence tile is in
    /// the player's row of the table under the tracks, in bold at 9 px or more inline.
    #[test]
    fn player_boards_show_each_players_pieces_legibly_and_fill_their_room() {
        let d = parse_board(BOARD).unwrap();
        let all = [
            "Ann",
            "Bartholomew Tokugawa-Yoshinobu the Third",
            "Cy",
            "Dee",
        ];
        let symbols: Vec<&str> = counters(&sample_player()).iter().map(|c| c.1).collect();
        let mut boards = 0;
        for n in 2..=4 {
            let names: Vec<String> = all[..n].iter().map(|s| s.to_string()).collect();
            for steps in [0, 60, 200, 5000] {
                let mut g = crate::engine::setup_checked::<Nippon>(
                    &d,
                    &names,
                    &crate::engine::Options::new(),
                    7,
                )
                .unwrap();
                random_play(&mut g, &d, steps, 11);
                let view = g.view(&d, Viewer::Spectator);
                let cv = render_canvas(&d, &view);
                let at = format!("{n} players after {steps} steps");
                for (s, p) in view.players.iter().enumerate() {
                    let rect = panel_rect(n, s);
                    let marks = marks_in(&cv, rect);
                    let mut texts = Vec::new();
                    for m in marks.iter().filter(|m| !symbols.contains(&m.text.as_str())) {
                        let inline = inline_size(m, cv.width());
                        assert!(
                            m.bold && inline >= INLINE_MIN_PX,
                            "{at}: `{}` is {inline:.1} px inline",
                            m.text
                        );
                        assert!(inside(m, rect), "{at}: `{}` is cut by its board", m.text);
                        texts.push(m.text.clone());
                    }
                    let mut want: Vec<String> = counters(p).into_iter().map(|c| c.2).collect();
                    want.extend(p.factories.iter().map(|f| d.goods[f.good].name.clone()));
                    for w in &want {
                        assert!(
                            texts.contains(w),
                            "{at}: `{w}` is not on {}'s board: {texts:?}",
                            p.name
                        );
                    }
                    assert!(
                        texts.iter().any(|t| t.starts_with(&p.name[..2])),
                        "{at}: {texts:?}"
                    );
                    let l = panel_layout(&cv, &d, p, rect);
                    let (top, room) = (rect.1 + PANEL_PAD, rect.3 - 2.0 * PANEL_PAD);
                    let used = l.bottom - top;
                    assert!(
                        used >= 0.6 * room && used <= room,
                        "{at}: {} fills {used:.0} of {room:.0}",
                        p.name
                    );
                    if view.result.is_none() {
                        let row = marks_in(&cv, table_row_rect(n, s));
                        for w in p.contracts_open.iter().chain(&p.tiles) {
                            let shown = row.iter().any(|m| {
                                m.text == w.to_string()
                                    && m.bold
                                    && inline_size(m, cv.width()) >= INLINE_MIN_PX
                            });
                            assert!(shown, "{at}: {}'s {w} is not in its row", p.name);
                        }
                    }
                    boards += 1;
                }
                let last = cv.marks().iter().filter(|m| m.text == "Last turn").count();
                assert!(last <= 1, "{at}: the last turn is drawn {last} times");
            }
        }
        assert_eq!(boards, 4 * (2 + 3 + 4));
    }

    /// A local-market tile chosen and not yet placed shows as pending: the headline says
    /// "tile 5 (2 silk) chosen, to place"; in its player's row of the table its box is
    /// framed and, where they fit whole, "tile 5 chosen: 2 silk, to a city?" in bold at 9
    /// px or more inline; with no tile chosen, no such words.
    #[test]
    fn a_chosen_market_tile_shows_as_pending_until_placed() {
        use crate::engine::testing::{legal, play};
        let d = parse_board(BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy"].map(String::from).to_vec();
        let opts = crate::engine::Options::new();
        let mut g = crate::engine::setup_checked::<Nippon>(&d, &names, &opts, 7).unwrap();
        let mut pick = crate::engine::GameRng::new(5);
        let (mut pending, mut worded, mut steps, mut was) = (0, 0, 0, true);
        while let Some(&seat) = g.status().acting().first() {
            let view = g.view(&d, Viewer::Spectator);
            // Drawn while a tile is pending and once after (and at the start).
            let now = view.pending_tile.is_some();
            let cv = match now || was {
                true => render_canvas(&d, &view),
                false => Canvas::new(0, 0, WHITE),
            };
            was = now;
            let row = marks_in(&cv, table_row_rect(names.len(), view.current));
            let said: Vec<&TextMark> = row
                .iter()
                .filter(|m| m.text.contains(" chosen: "))
                .collect();
            match view.pending_tile {
                Some(t) => {
                    let want = pending_text(&d, &view, &t);
                    assert!(t.city.is_some() || want.ends_with("to a city?"), "{want}");
                    let good = &d.goods[t.good].name;
                    let head = format!("tile {} ({} {good}) chosen, to place", t.value, t.cubes);
                    let faults = status_text_faults(&cv, &[headline(&view)], &[]);
                    assert!(
                        headline(&view).contains(&head) && faults.is_empty(),
                        "{faults:?}"
                    );
                    for m in &said {
                        assert_eq!(m.text, want);
                        assert!(inline_size(m, cv.width()) >= INLINE_MIN_PX && m.bold);
                        assert!(inside(m, table_row_rect(names.len(), view.current)));
                    }
                    pending += 1;
                    worded += said.len();
                }
                None => assert!(said.is_empty(), "{:?}", said[0].text),
            }
            let texts = legal(&g, &d, seat);
            let market = texts
                .iter()
                .filter(|t| t.starts_with("tile "))
                .collect::<Vec<_>>();
            let text = match market.is_empty() || pick.below(2) == 0 {
                true => texts[pick.below(texts.len())].clone(),
                false => market[pick.below(market.len())].clone(),
            };
            play(&mut g, &d, seat, &text);
            steps += 1;
            if (pending >= 5 && worded > 0) || steps > 600 {
                break;
            }
        }
        assert!(
            pending >= 5,
            "only {pending} pending tiles in {steps} steps"
        );
        assert!(worded > 0, "the row never had room for the words");
    }

    /// A player with nothing but the counters' symbols to show.
    fn sample_player() -> PlayerView {
        PlayerView {
            name: String::new(),
            colour: "red",
            vp: 0,
            yen: 0,
            coal: 0,
            blueprints: 0,
            tracks: [0; 3],
            levels: [0; 3],
            factories: Vec::new(),
            machines: 0,
            contracts_open: Vec::new(),
            trains_left: 0,
            ships_left: 0,
            tiles: Vec::new(),
            workers: Vec::new(),
            achievements: Vec::new(),
        }
    }

    /// `rect` (units on the board, under its headline) in pixels of the picture.
    fn px_rect(rect: (f32, f32, f32, f32)) -> (f32, f32, f32, f32) {
        let (k, top) = (BOARD_SCALE, board_px(HEADLINE_H) as f32);
        let (x, y, w, h) = rect;
        (x * k, y * k + top, (x + w) * k, (y + h) * k + top)
    }

    /// The texts whose middle is inside `rect`.
    fn marks_in(cv: &Canvas, rect: (f32, f32, f32, f32)) -> Vec<TextMark> {
        let (x0, y0, x1, y1) = px_rect(rect);
        cv.marks()
            .iter()
            .filter(|m| {
                let (cx, cy) = (m.x + m.w / 2.0, m.y + m.size / 2.0);
                cx > x0 && cx < x1 && cy > y0 && cy < y1
            })
            .cloned()
            .collect()
    }

    /// Whether `m` lies wholly inside `rect`.
    fn inside(m: &TextMark, rect: (f32, f32, f32, f32)) -> bool {
        let (x0, y0, x1, y1) = px_rect(rect);
        m.x >= x0 && m.x + m.w <= x1 && m.y >= y0 && m.y + m.size <= y1
    }
}
