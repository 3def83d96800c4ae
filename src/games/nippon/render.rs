//! Nippon board image: the action slots with their workers by colour, the worker rows and
//! bag, the scoring track with its symbols and golden slots, the reward stacks, the four
//! regions with their cities (goods on each side, overseas numbers or influence tiles) and
//! train/ship slots, every player's board (money, coal, knowledge, factories with stored
//! goods and machines, contracts, workers, tiles, achievements) and the latest log lines.
//!
//! Pure function of (board data, view). The static frame (titles, region boxes, track
//! cells) is drawn once and cached in [`NipponData::layer`].

use super::view::PlayerView;
use super::view::PLAYER_COLOURS;
use super::{NipponData, View};
use crate::render::*;

const W: u32 = 1600;
const H: u32 = 1010;

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
const LOG_Y: f32 = 720.0;

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

fn draw_static(d: &NipponData) -> image::RgbaImage {
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
            12.0,
            MUTED,
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
    c.text(
        TRACK_X,
        TRACK_Y + 88.0,
        13.0,
        MUTED,
        &format!(
            "scoring VP 1st/2nd/3rd: {}",
            d.scoring_vp
                .iter()
                .map(|v| format!("{}/{}/{}", v[0], v[1], v[2]))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Align::Left,
    );
    // Regions.
    for (r, reg) in d.regions.iter().enumerate() {
        let (x, y) = region_origin(r);
        c.fill_rounded_rect(x, y, REGION_W, REGION_H, 10.0, rgb(222, 234, 214));
        c.stroke_rounded_rect(x, y, REGION_W, REGION_H, 10.0, INK, 1.5);
        c.text_bold(x + 10.0, y + 6.0, 17.0, INK, &reg.name, Align::Left);
        c.text(
            x + REGION_W - 10.0,
            y + 8.0,
            14.0,
            INK,
            &format!("bonus: {}", reg.bonus),
            Align::Right,
        );
    }
    c.text_bold(SLOT_X, LOG_Y, 16.0, INK, "Latest", Align::Left);
    c.into_image()
}

/// A worker as a small disc in its colour.
fn worker(c: &mut Canvas, d: &NipponData, cx: f32, cy: f32, w: u8) {
    c.fill_circle(cx, cy, 11.0, worker_color(d, w));
    c.stroke_circle(cx, cy, 11.0, INK, 1.2);
}

/// Draw the view.
pub fn render(d: &NipponData, v: &View) -> RgbaImage {
    let layer = d.layer.get_or_draw(|| draw_static(d));
    let mut c = Canvas::from_layer(layer);
    draw_workers(&mut c, d, v);
    draw_scoring(&mut c, d, v);
    draw_regions(&mut c, d, v);
    draw_players(&mut c, d, v);
    draw_log(&mut c, v);
    let head = match &v.result {
        Some(r) => r.note.clone(),
        None => format!("{} to play: {}", v.players[v.current].name, v.asking),
    };
    c.with_headline(&head, HIGHLIGHT, INK).into_image()
}

/// Workers on the action slots and in the rows, and the bag.
fn draw_workers(c: &mut Canvas, d: &NipponData, v: &View) {
    // Workers on the action slots.
    for (i, s) in v.slots.iter().enumerate() {
        let x = SLOT_X + i as f32 * (SLOT_W + 10.0);
        for (k, &w) in s.iter().enumerate() {
            worker(c, d, x + 24.0 + k as f32 * 28.0, SLOT_Y + 48.0, w);
        }
        let names: Vec<&str> = s
            .iter()
            .map(|&w| d.worker_colours[w as usize].0.as_str())
            .collect();
        c.text(
            x + 8.0,
            SLOT_Y + 68.0,
            11.0,
            MUTED,
            &names.join(" "),
            Align::Left,
        );
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
            "{} scoring(s) done; last rounds: {t} turn(s) left",
            v.scorings
        ),
        (None, s) => format!("{s} scoring(s) done"),
    };
    c.text(TRACK_X, TRACK_Y + 106.0, 13.0, INK, &status, Align::Left);

    // Reward stacks.
    let ry = TRACK_Y + 130.0;
    c.text_bold(TRACK_X, ry, 14.0, INK, "Emperor's rewards", Align::Left);
    for (i, st) in d.rewards.iter().enumerate() {
        let col = (st.multiplier - 2) as f32;
        let row = super::rules::bonus_kind(st.bonus) as f32;
        let x = TRACK_X + 150.0 + col * 110.0;
        let y = ry + row * 24.0;
        c.text(
            x,
            y,
            13.0,
            if v.rewards[i] > 0 { INK } else { MUTED },
            &format!(
                "x{} {}: {}",
                st.multiplier,
                super::rules::BONUS_WORDS[row as usize],
                v.rewards[i]
            ),
            Align::Left,
        );
    }
    c.text(
        TRACK_X,
        ry + 24.0,
        13.0,
        INK,
        &format!("2x tiles: {}", v.multipliers),
        Align::Left,
    );
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
                x0 + 100.0 + k as f32 * 190.0,
                y0 + 100.0,
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
                        12.0,
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

/// City slot `i` at (`cx`, `cy`): its goods on the sides, with the influence tile or
/// the overseas value beside each.
fn draw_city(c: &mut Canvas, d: &NipponData, v: &View, i: usize, cx: f32, cy: f32) {
    let city = &v.cities[i];
    c.fill_rect(cx - 34.0, cy - 34.0, 68.0, 68.0, rgb(250, 248, 240));
    c.stroke_rect(cx - 34.0, cy - 34.0, 68.0, 68.0, INK, 1.2);
    c.text_centered(cx, cy, 10.0, INK, &city.name, true);
    // Sides: 0 top, 1 right, 2 bottom, 3 left.
    let dirs = [(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)];
    for (s, &(dx, dy)) in dirs.iter().enumerate() {
        let g = city.goods[s];
        // Good band on the side of the tile.
        let (bx, by, bw, bh) = match s {
            0 => (cx - 34.0, cy - 34.0, 68.0, 9.0),
            1 => (cx + 25.0, cy - 34.0, 9.0, 68.0),
            2 => (cx - 34.0, cy + 25.0, 68.0, 9.0),
            _ => (cx - 34.0, cy - 34.0, 9.0, 68.0),
        };
        c.fill_rect(bx, by, bw, bh, good_color(d, g));
        let sx = cx + dx * 58.0;
        let sy = cy + dy * 58.0;
        match city.tiles[s] {
            Some(t) => {
                let col = seat_color(t.seat);
                c.fill_rounded_rect(sx - 15.0, sy - 15.0, 30.0, 30.0, 5.0, col);
                c.stroke_rounded_rect(sx - 15.0, sy - 15.0, 30.0, 30.0, 5.0, INK, 1.5);
                c.text_centered(sx, sy, 16.0, WHITE, &t.value.to_string(), true);
            }
            None => {
                c.stroke_circle(sx, sy, 13.0, MUTED, 1.2);
                c.text_centered(sx, sy, 13.0, MUTED, &city.overseas[s].to_string(), false);
            }
        }
        let label = &d.goods[g].name;
        let (lx, ly) = (
            sx + if dy == 0.0 { 0.0 } else { 34.0 },
            sy + if dy == 0.0 { 22.0 } else { 0.0 },
        );
        c.text_centered(lx, ly, 10.0, INK, label, false);
    }
}

/// The player boards.
fn draw_players(c: &mut Canvas, d: &NipponData, v: &View) {
    // Player boards.
    let ph = (H as f32 - BOARDS_Y - 10.0) / v.players.len() as f32;
    for s in 0..v.players.len() {
        draw_player(c, d, v, s, BOARDS_Y + s as f32 * ph, ph);
    }
}

/// Player board `s`, `ph` high from `y`: money, factories, workers, contracts and tiles.
fn draw_player(c: &mut Canvas, d: &NipponData, v: &View, s: usize, y: f32, ph: f32) {
    let p = &v.players[s];
    let col = seat_color(s);
    let active = v.result.is_none() && v.current == s;
    c.fill_rounded_rect(
        BOARDS_X,
        y,
        740.0,
        ph - 8.0,
        8.0,
        if active { HIGHLIGHT } else { WHITE },
    );
    c.stroke_rounded_rect(BOARDS_X, y, 740.0, ph - 8.0, 8.0, col, 3.0);
    c.fill_circle(BOARDS_X + 16.0, y + 16.0, 8.0, col);
    c.text_bold(
        BOARDS_X + 30.0,
        y + 6.0,
        16.0,
        INK,
        &format!("{} ({}) {} VP", p.name, p.colour, p.vp),
        Align::Left,
    );
    c.text(
        BOARDS_X + 330.0,
        y + 8.0,
        13.0,
        INK,
        &format!(
            "{}, {} coal, {} bp · income {}k, coal {}, knowledge {}",
            super::rules::yen(p.yen),
            p.coal,
            p.blueprints,
            p.levels[0],
            p.levels[1],
            p.levels[2]
        ),
        Align::Left,
    );
    draw_factories(c, d, p, y);
    // Workers on the board.
    for (k, &w) in p.workers.iter().enumerate() {
        worker(c, d, BOARDS_X + 22.0 + k as f32 * 26.0, y + 88.0, w);
    }
    let ach: Vec<String> = p
        .achievements
        .iter()
        .enumerate()
        .filter_map(|(a, m)| m.map(|m| format!("{} x{m}", d.achievements[a].name)))
        .collect();
    let lines = [
        format!(
            "contracts open {:?} · trains left {} · ships left {} · machines in supply {}",
            p.contracts_open, p.trains_left, p.ships_left, p.machines
        ),
        format!(
            "tiles {:?} · achievements: {}",
            p.tiles,
            if ach.is_empty() {
                "none".to_string()
            } else {
                ach.join(", ")
            }
        ),
    ];
    for (k, l) in lines.iter().enumerate() {
        let l = c.ellipsize(12.0, l, 560.0, false);
        c.text(
            BOARDS_X + 180.0,
            y + 80.0 + k as f32 * 16.0,
            12.0,
            INK,
            &l,
            Align::Left,
        );
    }
}

/// The log, and the final breakdown.
fn draw_log(c: &mut Canvas, v: &View) {
    // Log.
    for (k, l) in v.log.iter().enumerate() {
        let l = c.ellipsize(13.0, l, 790.0, false);
        c.text(
            SLOT_X,
            LOG_Y + 24.0 + k as f32 * 18.0,
            13.0,
            INK,
            &l,
            Align::Left,
        );
    }
    if let Some(b) = &v.breakdown {
        let y = LOG_Y + 24.0 + v.log.len() as f32 * 18.0 + 6.0;
        for (s, lines) in b.iter().enumerate() {
            let t: Vec<String> = lines.iter().map(|(n, vp)| format!("{n} {vp}")).collect();
            let l = c.ellipsize(
                12.0,
                &format!("{}: {}", v.players[s].name, t.join(", ")),
                790.0,
                false,
            );
            c.text(SLOT_X, y + s as f32 * 16.0, 12.0, MUTED, &l, Align::Left);
        }
    }
}

/// A player's factories with their storage cubes and machines.
fn draw_factories(c: &mut Canvas, d: &NipponData, p: &PlayerView, y: f32) {
    let mut fx = BOARDS_X + 10.0;
    for f in &p.factories {
        let cap = d.goods[f.good].storage;
        c.fill_rect(
            fx,
            y + 30.0,
            112.0,
            42.0,
            with_alpha(good_color(d, f.good), 120),
        );
        c.stroke_rect(fx, y + 30.0, 112.0, 42.0, INK, 1.0);
        let m = if f.machine > 0 {
            format!(" +{}", f.machine)
        } else {
            String::new()
        };
        c.text(
            fx + 4.0,
            y + 32.0,
            12.0,
            INK,
            &format!("{}{m}", d.goods[f.good].name),
            Align::Left,
        );
        for k in 0..cap {
            let bx = fx + 6.0 + k as f32 * 16.0;
            if k < f.goods {
                c.fill_rect(bx, y + 52.0, 12.0, 12.0, INK);
            } else {
                c.stroke_rect(bx, y + 52.0, 12.0, 12.0, MUTED, 1.0);
            }
        }
        fx += 120.0;
    }
    if p.factories.is_empty() {
        c.text(fx, y + 40.0, 12.0, MUTED, "no factory yet", Align::Left);
    }
}

/// The action slots with their actions (the static layer).
fn draw_action_slots(c: &mut Canvas, d: &NipponData) {
    for (i, acts) in d.slots.iter().enumerate() {
        let x = SLOT_X + i as f32 * (SLOT_W + 10.0);
        c.fill_rounded_rect(x, SLOT_Y, SLOT_W, SLOT_H, 8.0, rgb(236, 226, 204));
        c.stroke_rounded_rect(x, SLOT_Y, SLOT_W, SLOT_H, 8.0, INK, 1.5);
        c.text_bold(
            x + 8.0,
            SLOT_Y + 6.0,
            16.0,
            INK,
            &format!("{}", i + 1),
            Align::Left,
        );
        let names: Vec<&str> = acts.iter().map(|a| a.name()).collect();
        c.text(
            x + 26.0,
            SLOT_Y + 6.0,
            14.0,
            INK,
            &names.join(" / "),
            Align::Left,
        );
    }
}
