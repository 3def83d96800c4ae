//! Peloria board picture: a hex map coloured by terrain with area names (static layer,
//! drawn once and cached in [`PeloriaData::layer`]), then the units of each nation as
//! coloured tags with the nation's letters and counts, the regalia, the battle in progress,
//! a round track, the players' totals, every nation's VP and the recent log.
//!
//! Pure function of the data and the view: no IO, same input gives the same PNG.

use super::view::View;
use super::{Kind, PeloriaData, Terrain, NATIONS, ROUNDS};
use crate::render::*;

/// Canvas size.
pub const WIDTH: u32 = 1560;
pub const HEIGHT: u32 = 720;
/// Hex radius (centre to corner), pointy top.
const R: f32 = 60.0;
const OX: f32 = 70.0;
const OY: f32 = 80.0;

fn center(col: i32, row: i32) -> (f32, f32) {
    let x = 3f32.sqrt() * (col as f32 + 0.5 * row.rem_euclid(2) as f32);
    (OX + R * x, OY + R * 1.5 * row as f32)
}

fn terrain_color(t: Terrain) -> Color {
    match t {
        Terrain::Open => rgb(226, 219, 160),
        Terrain::River => rgb(196, 222, 170),
        Terrain::Rough => rgb(196, 170, 128),
        Terrain::Mountain => rgb(150, 140, 135),
        Terrain::Forest => rgb(112, 160, 100),
        Terrain::Sea => rgb(150, 190, 225),
        Terrain::Plateau => rgb(214, 180, 120),
        Terrain::Tripolis => rgb(240, 210, 120),
    }
}

fn nation_color(d: &PeloriaData, n: usize) -> Color {
    let [r, g, b] = d.nations[n].color;
    rgb(r, g, b)
}

fn draw_static(d: &PeloriaData) -> RgbaImage {
    let mut cv = Canvas::new(WIDTH, HEIGHT, rgb(235, 238, 240));
    // Terrain legend, under the map.
    let mut lx = 20.0;
    let ly = HEIGHT as f32 - 78.0;
    for t in [
        Terrain::Open,
        Terrain::River,
        Terrain::Tripolis,
        Terrain::Rough,
        Terrain::Mountain,
        Terrain::Forest,
        Terrain::Plateau,
        Terrain::Sea,
    ] {
        cv.fill_rect(lx, ly, 18.0, 18.0, terrain_color(t));
        cv.stroke_rect(lx, ly, 18.0, 18.0, INK, 1.0);
        let name = match t {
            Terrain::River => "open+river",
            Terrain::Plateau => "Hungry Plateau",
            other => other.name(),
        };
        cv.text(lx + 24.0, ly + 14.0, 14.0, INK, name, Align::Left);
        lx += 34.0 + cv.text_width(14.0, name);
    }
    cv.text(
        lx + 10.0,
        ly + 14.0,
        14.0,
        INK,
        "tags: nation letters, infantry count, c cavalry, D dragon, B Bat, f forest; \u{25c6} regalia",
        Align::Left,
    );
    for a in &d.areas {
        let (cx, cy) = center(a.col, a.row);
        cv.fill_polygon(
            &hex_corners(cx, cy, R - 1.0, true),
            terrain_color(a.terrain),
        );
        cv.stroke_polygon(&hex_corners(cx, cy, R - 1.0, true), rgb(90, 80, 70), 1.2);
        if Some(d.areas.iter().position(|x| x.name == a.name).unwrap_or(0)) == d.cursed {
            cv.stroke_polygon(&hex_corners(cx, cy, R - 6.0, true), rgb(140, 20, 120), 3.0);
        }
        let label = a.name.replace('-', " ");
        let mut size = 13.0;
        while size > 8.0 && cv.text_width_bold(size, &label) > R * 1.62 {
            size -= 0.5;
        }
        cv.text_centered(cx, cy - R * 0.62, size, INK, &label, true);
        if a.terrain == Terrain::Tripolis {
            cv.text_centered(cx, cy + R * 0.7, 10.0, rgb(120, 60, 0), "Tripolis", false);
        }
    }
    cv.text_centered(
        OX + R * 3f32.sqrt() * 6.6,
        11.0,
        13.0,
        rgb(90, 90, 110),
        "\u{2191} Pent: exit edge to the north",
        true,
    );
    // The Kartolin Pass.
    let (_, pa, pb) = d.pass;
    let (x0, y0) = center(d.areas[pa].col, d.areas[pa].row);
    let (x1, y1) = center(d.areas[pb].col, d.areas[pb].row);
    let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    cv.fill_circle(mx, my, 8.0, rgb(120, 40, 40));
    cv.text_centered(mx, my + 16.0, 10.0, rgb(120, 40, 40), "Kartolin", true);
    // Exit edges.
    for e in &d.edges {
        for &a in &e.areas {
            let (cx, cy) = center(d.areas[a].col, d.areas[a].row);
            if e.name == "Pent" {
                cv.arrow(cx, cy - R * 0.8, cx, cy - R * 1.25, rgb(90, 90, 110), 2.5);
            } else {
                cv.arrow(
                    cx + R * 0.5,
                    cy + R * 0.6,
                    cx + R * 0.8,
                    cy + R * 1.1,
                    rgb(90, 90, 110),
                    2.5,
                );
            }
        }
    }
    cv.into_image()
}

/// Draw the picture of a view.
pub fn render(d: &PeloriaData, v: &View) -> Vec<u8> {
    let layer = d.layer.get_or_draw(|| draw_static(d));
    let mut cv = Canvas::from_layer(layer);
    // Units: one tag per nation per area: letters and counts ("PL 3", "HI 2c").
    for (ai, av) in v.areas.iter().enumerate() {
        let a = &d.areas[ai];
        let (cx, cy) = center(a.col, a.row);
        let rows = av.stacks.len().max(1) as f32;
        let mut y = cy - 13.0 * (rows - 1.0) + 2.0;
        for s in &av.stacks {
            let mut parts = Vec::new();
            for k in Kind::ALL {
                let c = s.kinds[k.index()];
                if c > 0 {
                    let tag = match k {
                        Kind::Infantry => String::new(),
                        Kind::Cavalry => "c".into(),
                        Kind::Dragon => "D".into(),
                        Kind::Bat => "B".into(),
                        Kind::Forest => "f".into(),
                    };
                    parts.push(format!("{c}{tag}"));
                }
            }
            let text = format!("{} {}", d.nations[s.nation].letters, parts.join("+"));
            let w = cv.text_width_bold(17.0, &text) + 10.0;
            let bg = nation_color(d, s.nation);
            cv.fill_rounded_rect(cx - w / 2.0, y - 12.0, w, 24.0, 5.0, bg);
            cv.stroke_rounded_rect(cx - w / 2.0, y - 12.0, w, 24.0, 5.0, INK, 1.0);
            cv.text_centered(cx, y, 17.0, contrast_color(bg), &text, true);
            y += 26.0;
        }
        if !av.regalia.is_empty() {
            let (rx, ry) = (cx + R * 0.55, cy + R * 0.35);
            cv.fill_polygon(
                &[
                    (rx, ry - 11.0),
                    (rx + 11.0, ry),
                    (rx, ry + 11.0),
                    (rx - 11.0, ry),
                ],
                rgb(212, 175, 55),
            );
            cv.text_centered(rx, ry, 11.0, INK, &av.regalia.len().to_string(), true);
        }
    }
    if let Some((a, _, _, _)) = v.battle {
        let ar = &d.areas[a];
        let (cx, cy) = center(ar.col, ar.row);
        cv.stroke_polygon(&hex_corners(cx, cy, R - 3.0, true), rgb(214, 39, 40), 5.0);
    }
    // Round track.
    let tx = 20.0;
    let ty = HEIGHT as f32 - 40.0;
    for r in 1..=ROUNDS {
        let x = tx + (r as f32 - 1.0) * 34.0;
        let cur = r == v.round;
        let bg = if cur {
            rgb(214, 39, 40)
        } else {
            rgb(250, 250, 250)
        };
        cv.fill_rounded_rect(x, ty, 30.0, 26.0, 4.0, bg);
        cv.stroke_rounded_rect(x, ty, 30.0, 26.0, 4.0, INK, 1.0);
        cv.text_centered(
            x + 15.0,
            ty + 13.0,
            13.0,
            contrast_color(bg),
            &r.to_string(),
            true,
        );
    }
    cv.text(
        tx + 16.0 * 34.0 + 8.0,
        ty + 18.0,
        15.0,
        INK,
        &format!(
            "Round {}: {} — {}",
            v.round, d.nations[v.nation].name, v.prompt
        ),
        Align::Left,
    );
    // Players and nations on the right.
    let px = 1190.0;
    let rows: Vec<ScoreRow> = v
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| ScoreRow {
            style: player_style(s, &p.name),
            name: p.name.clone(),
            score: format!("{} VP", p.vp),
            detail: match &p.commitment {
                Some(c) => format!("bid sealed {c}"),
                None if p.awards != 0 => format!("heroes {} VP", p.awards),
                None => String::new(),
            },
            to_act: v.acting.contains(&s),
        })
        .collect();
    let h = cv.scoreboard(px, 12.0, WIDTH as f32 - px - 12.0, &rows);
    let mut y = 24.0 + h;
    for n in 0..NATIONS {
        let nv = &v.nations[n];
        let bg = nation_color(d, n);
        cv.fill_rounded_rect(px, y, 34.0, 18.0, 4.0, bg);
        cv.text_centered(
            px + 17.0,
            y + 9.0,
            12.0,
            contrast_color(bg),
            &d.nations[n].letters,
            true,
        );
        let emp = if v.emperor == Some(n) { " ♛" } else { "" };
        let text = if nv.in_play {
            format!(
                "{} (P{}) {} VP · {}u {}a{emp}",
                d.nations[n].name,
                d.nations[n].player + 1,
                nv.vp,
                nv.units,
                nv.areas
            )
        } else {
            format!(
                "{} (P{}) from round {}",
                d.nations[n].name,
                d.nations[n].player + 1,
                d.nations[n].first_round
            )
        };
        cv.text(
            px + 40.0,
            y + 14.0,
            13.0,
            if n == v.nation { rgb(180, 20, 20) } else { INK },
            &text,
            Align::Left,
        );
        y += 21.0;
    }
    y += 8.0;
    for line in v
        .log
        .iter()
        .rev()
        .take(8)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
    {
        for part in cv.wrap(11.0, line, WIDTH as f32 - px - 16.0, false) {
            if y > HEIGHT as f32 - 60.0 {
                break;
            }
            cv.text(px, y + 11.0, 11.0, INK, &part, Align::Left);
            y += 14.0;
        }
    }
    cv.encode_png()
}
