//! Peloria board picture, laid out to read at Discord's inline width
//! ([`crate::render::png::INLINE_WIDTH`], about half of [`WIDTH`] units): a headline saying
//! whose turn it is; the hex map across the whole width, coloured by terrain, with each
//! area's map label (its name, or an authored start of it from the board file that `move`
//! reads as that area) in large bold type; the units of each nation as coloured tags with the nation's
//! letters and counts; the regalia and the battle in progress; then, under the map, the
//! round track, the prompt, the players' totals, every nation's VP and the legends (terrain,
//! abbreviations); the status strip under the board has the events of the last turn and
//! of this one (at most [`STRIP_ROWS`] rows a column), which the board does not repeat.
//!
//! The picture is laid out [`WIDTH`] units wide (drawn at `BOARD_SCALE` pixels a unit), so
//! inline it shows at 0.55 of its layout: area labels (17.5 units, 16.5 at least), unit tags (16.5, smaller
//! only to fit a crowded tag in its hex), totals and the nation list (15.5) read at
//! 8.5–9.5 px there; the legends are small print. Labels have no halo and the strip's
//! events are capped so that a board stays under 150 KB. The static parts (map, labels, legends) are drawn once and cached
//! in [`PeloriaData::layer`].
//!
//! Pure function of the data and the view: no IO, same input gives the same PNG.

#[cfg(test)]
use super::happening::Move;
use super::strip_words::strip_lines;
use super::view::View;
use super::{Kind, PeloriaData, Terrain, NATIONS, ROUNDS};
use crate::render::*;

/// Canvas size, without the headline strip ([`HEADLINE_H`]) added on top.
pub const WIDTH: u32 = 1000;
/// The board's height: the map, its tracks, panels and legend (the events are in the
/// status strip under it, never repeated on the board).
pub const HEIGHT: u32 = 918;
/// Hex radius (centre to corner), pointy top: 11.5 hex widths fill the canvas width.
const R: f32 = 49.0;
const SQ3: f32 = 1.732_050_8;
const OX: f32 = 12.0 + SQ3 * R / 2.0;
const OY: f32 = 26.0 + R;
/// Font sizes: area labels, unit tags, totals and panels, small print.
const LABEL_PX: f32 = 17.5;
/// The smallest a map label is set to fit its hex: 9 px inline.
const LABEL_MIN_PX: f32 = 16.5;
const TAG_PX: f32 = 16.5;
const PANEL_PX: f32 = 15.5;
const SMALL_PX: f32 = 14.5;
/// Rows under the map.
const TRACK_Y: f32 = 506.0;
const PROMPT_Y: f32 = 542.0;
const PANEL_Y: f32 = 586.0;
const LEGEND_Y: f32 = 800.0;
/// Lines of the map labels' legend.
const ABBR_LINES: usize = 4;
/// Width of the players' scoreboard; the nations take the rest, in two columns.
const BOARD_W: f32 = 300.0;

fn center(col: i32, row: i32) -> (f32, f32) {
    let x = SQ3 * (col as f32 + 0.5 * row.rem_euclid(2) as f32);
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

fn draw_static(d: &PeloriaData) -> Canvas {
    let mut cv = Canvas::board(WIDTH, HEIGHT, rgb(235, 238, 240));
    draw_areas(&mut cv, d);
    draw_pass(&mut cv, d);
    draw_exits(&mut cv, d);
    draw_legend(&mut cv);
    draw_abbreviations(&mut cv, d);
    cv
}

/// Every area hex, by terrain.
fn draw_areas(cv: &mut Canvas, d: &PeloriaData) {
    for (ai, a) in d.areas.iter().enumerate() {
        let (cx, cy) = center(a.col, a.row);
        let hex = hex_corners(cx, cy, R - 1.0, true);
        cv.fill_polygon(&hex, terrain_color(a.terrain));
        cv.stroke_polygon(&hex, rgb(90, 80, 70), 1.2);
        if Some(ai) == d.cursed {
            cv.stroke_polygon(&hex_corners(cx, cy, R - 5.0, true), rgb(140, 20, 120), 3.5);
        }
        // The label sits where the hex is full width, above the unit tags.
        let size = fit_bold(cv, &a.short, LABEL_PX, LABEL_MIN_PX, SQ3 * R - 11.0);
        cv.text_centered(cx, cy - R * 0.52, size, INK, &a.short, true);
    }
    cv.text_bold(
        OX + R * SQ3 * 6.55,
        4.0,
        SMALL_PX,
        rgb(70, 70, 100),
        "\u{2191} Pent: exit edge to the north",
        Align::Left,
    );
}

/// The Kartolin Pass.
fn draw_pass(cv: &mut Canvas, d: &PeloriaData) {
    // The Kartolin Pass.
    let (_, pa, pb) = d.pass;
    let (x0, y0) = center(d.areas[pa].col, d.areas[pa].row);
    let (x1, y1) = center(d.areas[pb].col, d.areas[pb].row);
    let (mx, my) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    cv.fill_circle(mx, my, 9.0, rgb(120, 40, 40));
    cv.text_outlined(
        mx,
        my + 20.0,
        13.0,
        rgb(120, 40, 40),
        WHITE,
        "Kartolin",
        Align::Center,
    );
}

/// The exit edges.
fn draw_exits(cv: &mut Canvas, d: &PeloriaData) {
    // Exit edges.
    for e in &d.edges {
        for &a in &e.areas {
            let (cx, cy) = center(d.areas[a].col, d.areas[a].row);
            if e.name == "Pent" {
                cv.arrow(cx, cy - R * 0.8, cx, cy - R * 1.3, rgb(70, 70, 100), 3.0);
            } else {
                cv.arrow(
                    cx + R * 0.5,
                    cy + R * 0.6,
                    cx + R * 0.8,
                    cy + R * 1.1,
                    rgb(70, 70, 100),
                    3.0,
                );
            }
        }
    }
}

/// The terrain legend and the key to the tags.
fn draw_legend(cv: &mut Canvas) {
    // Terrain legend and the key to the tags.
    let mut lx = 14.0;
    let ly = LEGEND_Y;
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
        cv.fill_rect(lx, ly, 16.0, 16.0, terrain_color(t));
        cv.stroke_rect(lx, ly, 16.0, 16.0, INK, 1.0);
        let name = match t {
            Terrain::River => "open+river",
            Terrain::Plateau => "Hungry Plateau",
            Terrain::Tripolis => "Tripolis",
            other => other.name(),
        };
        cv.text(lx + 21.0, ly - 1.0, SMALL_PX, INK, name, Align::Left);
        lx += 32.0 + cv.text_width(SMALL_PX, name);
    }
    cv.text(
        14.0,
        ly + 22.0,
        SMALL_PX,
        INK,
        "Tags: nation letters, then counts: 3 infantry, 2c cavalry, 1D dragon, 1B Bat, \
         1f forest; \u{25c6} regalia pieces; purple hex: cursed Dorastor.",
        Align::Left,
    );
}

/// The abbreviated area names.
fn draw_abbreviations(cv: &mut Canvas, d: &PeloriaData) {
    // Abbreviated area names.
    let abbr: Vec<String> = d
        .areas
        .iter()
        .filter(|a| a.short != a.name)
        .map(|a| format!("{} = {}", a.short, a.name))
        .collect();
    let mut y = LEGEND_Y + 44.0;
    let text = format!(
        "Map labels (type them as they are, or more of the name): {}.",
        abbr.join("; ")
    );
    for line in cv
        .wrap(SMALL_PX, &text, WIDTH as f32 - 28.0, false)
        .iter()
        .take(ABBR_LINES)
    {
        cv.text(14.0, y, SMALL_PX, INK, line, Align::Left);
        y += 18.0;
    }
}

/// The tag text of one nation's units in one area: letters and counts, e.g. `PL 3 1c`.
fn tag(d: &PeloriaData, nation: usize, kinds: &[u8; 5]) -> String {
    let mut parts = Vec::new();
    for k in Kind::ALL {
        let c = kinds[k.index()];
        if c > 0 {
            let suffix = match k {
                Kind::Infantry => "",
                Kind::Cavalry => "c",
                Kind::Dragon => "D",
                Kind::Bat => "B",
                Kind::Forest => "f",
            };
            parts.push(format!("{c}{suffix}"));
        }
    }
    format!("{} {}", d.nations[nation].letters, parts.join(" "))
}

/// The headline: the round, who must act, and what.
fn headline(d: &PeloriaData, v: &View) -> String {
    if let Some(r) = &v.result {
        return format!("Game over: {}", r.note);
    }
    let who: Vec<&str> = v
        .acting
        .iter()
        .map(|&s| v.players[s].name.as_str())
        .collect();
    let what = if v.phase.starts_with("Call to Heroes") {
        v.phase.clone()
    } else {
        format!("{} {}", d.nations[v.nation].name, v.phase)
    };
    format!(
        "Round {}/{ROUNDS} \u{b7} {} to act \u{b7} {what}",
        v.round,
        who.join(", ")
    )
}

/// The view's picture (the engine encodes it as PNG).
pub fn render(d: &PeloriaData, v: &View) -> RgbaImage {
    render_canvas(d, v).into_image()
}

/// The view's picture on its canvas, with the record of every text drawn on it
/// ([`Canvas::marks`]) for the layout tests.
/// Draw the picture of a view.
pub fn render_canvas(d: &PeloriaData, v: &View) -> Canvas {
    let layer = d.layer.get_or_draw(|| draw_static(d));
    let mut cv = Canvas::from_layer(layer);
    draw_units(&mut cv, d, v);
    draw_round_track(&mut cv, d, v);
    draw_prompt(&mut cv, v);
    draw_scores(&mut cv, v);
    draw_nations(&mut cv, d, v);
    // The players, what is asked now and the events of the last turn, below the board, in
    // type that reads inline.
    let (last_turn_title, events) = strip_events(&cv, d, v);
    cv.with_headline(&headline(d, v), HIGHLIGHT, INK)
        .with_status_strip(&StatusStrip {
            players: &score_rows(v),
            status: &strip_status(v),
            last_turn_title,
            last_turn: &events,
        })
}

/// Most rows of events the strip shows in each of its three columns: every turn of a
/// seeded game fits (at 20, 17 of its 324 turns over 27 lines were cut), and a very long
/// turn cannot make the picture too tall or its PNG too large for a chat (the longest turn
/// of that game makes a 128 KB picture at the fast deflate level).
const STRIP_ROWS: usize = 28;

/// The strip's events: the lines since the last nation turn began, or (a game of rules
/// version 2 or older, which keeps no such record) its recent lines, worded compactly
/// ([`strip_lines`]: runs of moves, placements and removals in one line each, each battle
/// in one line of short sentences). Past
/// [`STRIP_ROWS`] rows a column under `cv` (a last resort: a turn of dozens of moves and
/// several battles) the latest lines are shown, under a line saying how many came before.
fn strip_events(cv: &Canvas, d: &PeloriaData, v: &View) -> (&'static str, Vec<String>) {
    let (title, lines) = if v.last_turn.is_empty() {
        ("Latest events", &v.log)
    } else {
        ("Last turn and this one", &v.last_turn)
    };
    let lines = strip_lines(d, lines);
    let shown = |cut: usize| -> Vec<String> {
        let mut out = match cut {
            0 => Vec::new(),
            _ => vec![format!(
                "({cut} earlier lines: `game history` has every step)"
            )],
        };
        out.extend_from_slice(&lines[cut..]);
        out
    };
    let fits = |cut: usize| cut + 1 >= lines.len() || event_rows(cv, &shown(cut)) <= STRIP_ROWS;
    if fits(0) {
        return (title, lines);
    }
    // The fewest lines cut that fit: once a cut fits, cutting more still fits (fewer lines
    // take no more rows), so a binary search finds it without wrapping the turn again for
    // every line cut (that linear search was most of a long turn's drawing time).
    let (mut too_few, mut enough) = (0, lines.len().saturating_sub(1));
    while enough - too_few > 1 {
        let mid = (too_few + enough) / 2;
        match fits(mid) {
            true => enough = mid,
            false => too_few = mid,
        }
    }
    (title, shown(enough))
}

/// What is asked now, for the status strip (nothing once the game is over).
fn strip_status(v: &View) -> Vec<String> {
    match v.result {
        Some(_) => Vec::new(),
        None => vec![format!("Now: {}", v.prompt)],
    }
}

/// Units: one tag per nation per area, the regalia, and the battle ring.
fn draw_units(cv: &mut Canvas, d: &PeloriaData, v: &View) {
    // Units: one tag per nation per area.
    for (ai, av) in v.areas.iter().enumerate() {
        let a = &d.areas[ai];
        let (cx, cy) = center(a.col, a.row);
        let rows = av.stacks.len().max(1) as f32;
        let mut y = (cy + 5.0 - 11.5 * (rows - 1.0)).max(cy - 7.0);
        for s in &av.stacks {
            let text = tag(d, s.nation, &s.kinds);
            let size = fit_bold(cv, &text, TAG_PX, 12.0, SQ3 * R - 10.0);
            let w = cv.text_width_bold(size, &text) + 8.0;
            let bg = nation_color(d, s.nation);
            cv.fill_rounded_rect(cx - w / 2.0, y - 11.0, w, 22.0, 5.0, bg);
            cv.stroke_rounded_rect(cx - w / 2.0, y - 11.0, w, 22.0, 5.0, INK, 1.2);
            cv.text_centered(cx, y, size, contrast_color(bg), &text, true);
            y += 23.0;
        }
        if !av.regalia.is_empty() {
            let (rx, ry) = (cx, cy + R * 0.72);
            let s = 12.0;
            let diamond = [(rx, ry - s), (rx + s, ry), (rx, ry + s), (rx - s, ry)];
            cv.fill_polygon(&diamond, rgb(212, 175, 55));
            cv.stroke_polygon(&diamond, INK, 1.0);
            cv.text_centered(rx, ry, 13.0, INK, &av.regalia.len().to_string(), true);
        }
    }
    if let Some((a, _, _, _)) = v.battle {
        let ar = &d.areas[a];
        let (cx, cy) = center(ar.col, ar.row);
        cv.stroke_polygon(&hex_corners(cx, cy, R - 3.0, true), rgb(214, 39, 40), 5.0);
    }
}

/// The round track, and the Emperor beside it.
fn draw_round_track(cv: &mut Canvas, d: &PeloriaData, v: &View) {
    // Round track, and the Emperor beside it.
    let tx = 14.0;
    for r in 1..=ROUNDS {
        let x = tx + (r as f32 - 1.0) * 38.0;
        let bg = if r == v.round {
            rgb(214, 39, 40)
        } else {
            rgb(250, 250, 250)
        };
        cv.fill_rounded_rect(x, TRACK_Y, 34.0, 28.0, 4.0, bg);
        cv.stroke_rounded_rect(x, TRACK_Y, 34.0, 28.0, 4.0, INK, 1.0);
        cv.text_centered(
            x + 17.0,
            TRACK_Y + 14.0,
            PANEL_PX,
            contrast_color(bg),
            &r.to_string(),
            true,
        );
    }
    let emperor = match v.emperor {
        Some(e) => format!(
            "Emperor: {} ({})",
            d.nations[e].name,
            super::happening::units(u32::from(v.emperor_need), "piece")
        ),
        None => "No Emperor yet".into(),
    };
    cv.text_bold(
        tx + 16.0 * 38.0 + 8.0,
        TRACK_Y + 4.0,
        PANEL_PX,
        INK,
        &emperor,
        Align::Left,
    );
}

/// The prompt, at most two lines.
fn draw_prompt(cv: &mut Canvas, v: &View) {
    // The prompt, at most two lines.
    let prompt = format!("Now: {}", v.prompt);
    let lines = cv.wrap(PANEL_PX, &prompt, WIDTH as f32 - 28.0, false);
    for (i, line) in lines.iter().take(2).enumerate() {
        let line = if i == 1 && lines.len() > 2 {
            cv.ellipsize(PANEL_PX, &format!("{line} …"), WIDTH as f32 - 28.0, false)
        } else {
            line.clone()
        };
        cv.text(
            14.0,
            PROMPT_Y + 20.0 * i as f32,
            PANEL_PX,
            INK,
            &line,
            Align::Left,
        );
    }
}

/// The players' totals.
fn draw_scores(cv: &mut Canvas, v: &View) {
    cv.scoreboard(14.0, PANEL_Y, BOARD_W, &score_rows(v));
}

/// One scoreboard row per player: name, total, a sealed bid or heroes' points.
fn score_rows(v: &View) -> Vec<ScoreRow> {
    v.players
        .iter()
        .enumerate()
        .map(|(s, p)| ScoreRow {
            style: player_style(s, &p.name),
            name: format!("P{} {}", s + 1, p.name),
            score: format!("{} VP", p.vp),
            detail: match &p.commitment {
                Some(c) => format!("bid sealed {c}"),
                None if p.awards != 0 => format!("heroes {} VP", p.awards),
                None => String::new(),
            },
            to_act: v.acting.contains(&s),
        })
        .collect()
}

/// The nations in two columns of eight, in turn order.
fn draw_nations(cv: &mut Canvas, d: &PeloriaData, v: &View) {
    // Nations in two columns of eight, in turn order.
    let col_w = (WIDTH as f32 - 14.0 - BOARD_W - 14.0 - 14.0) / 2.0;
    for n in 0..NATIONS {
        let nv = &v.nations[n];
        let x = 14.0 + BOARD_W + 14.0 + col_w * (n / 8) as f32;
        let y = PANEL_Y + 4.0 + 25.0 * (n % 8) as f32;
        let bg = nation_color(d, n);
        cv.fill_rounded_rect(x, y, 36.0, 21.0, 4.0, bg);
        cv.text_centered(
            x + 18.0,
            y + 10.5,
            14.0,
            contrast_color(bg),
            &d.nations[n].letters,
            true,
        );
        let emp = if v.emperor == Some(n) {
            " \u{265b}"
        } else {
            ""
        };
        let forests = if nv.forests > 0 {
            format!(" {}f", nv.forests)
        } else {
            String::new()
        };
        let text = if nv.in_play {
            format!(
                "{} P{} \u{b7} {} VP \u{b7} {}u{forests} {}a{emp}",
                d.nations[n].name,
                d.nations[n].player + 1,
                nv.vp,
                nv.units,
                nv.areas
            )
        } else {
            format!(
                "{} P{} \u{b7} from round {}",
                d.nations[n].name,
                d.nations[n].player + 1,
                d.nations[n].first_round
            )
        };
        let text = cv.ellipsize(PANEL_PX, &text, col_w - 46.0, n == v.nation);
        if n == v.nation {
            cv.text_bold(
                x + 42.0,
                y + 1.0,
                PANEL_PX,
                rgb(180, 20, 20),
                &text,
                Align::Left,
            );
        } else {
            cv.text(x + 42.0, y + 1.0, PANEL_PX, INK, &text, Align::Left);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::png::{BUDGET, INLINE_WIDTH};

    /// Inline, the picture is shown at [`INLINE_WIDTH`] px: every area's map label is drawn
    /// at 9 px or more there, whole (from the renderer's own record of its text), and
    /// `move` reads it as that area, as it is written; unit tags of two and three kinds stay
    /// 7.5 px or more.
    #[test]
    fn map_labels_are_legible_inline_and_read_as_written_and_tags_fit() {
        use super::super::{Peloria, Step};
        use crate::engine::notation::match_step;
        use crate::engine::{Game, Options, Viewer};
        let d = super::super::parse_board(super::super::BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
        let g = crate::engine::setup_checked::<Peloria>(&d, &names, &Options::new(), 1).unwrap();
        let cv = render_canvas(&d, &g.view(&d, Viewer::Spectator));
        let labels: Vec<String> = d.areas.iter().map(|a| a.short.clone()).collect();
        let faults = typed_label_faults(&cv, &labels);
        assert!(faults.is_empty(), "{faults:#?}");
        let battles: Vec<String> = (0..d.areas.len())
            .map(|i| Peloria::format_step(&d, &Step::Battle(i)))
            .collect();
        for (i, label) in labels.iter().enumerate() {
            assert_eq!(
                match_step(&format!("battle {label}"), &battles),
                Ok(i),
                "{label}"
            );
        }
        let inline = |px: f32| px * INLINE_WIDTH as f32 / WIDTH as f32;
        for kinds in [[12, 3, 0, 0, 0], [3, 2, 1, 0, 0]] {
            let t = tag(&d, 0, &kinds);
            let size = fit_bold(&cv, &t, TAG_PX, 12.0, SQ3 * R - 10.0);
            assert!(inline(size) >= 7.5, "tag `{t}` needs {size} px");
        }
        assert!(inline(PANEL_PX) >= 8.0 && inline(LABEL_MIN_PX) >= 9.0);
    }

    /// From the start, mid-game and the end: the headline, what is asked now, each
    /// player's name and score in bold and every recent event read at 9 px or more where a
    /// chat client shows the picture inline (from the renderer's own record of its text),
    /// and no legible text overlaps another.
    #[test]
    fn status_scores_and_events_read_inline() {
        use super::super::Peloria;
        use crate::engine::testing::random_play;
        use crate::engine::{Game, Options, Viewer};
        let d = super::super::parse_board(super::super::BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
        for steps in [0, 40, 150, 5000] {
            let mut g =
                crate::engine::setup_checked::<Peloria>(&d, &names, &Options::new(), 7).unwrap();
            random_play(&mut g, &d, steps, 11);
            let v = g.view(&d, Viewer::Spectator);
            let mut bold = vec![headline(&d, &v)];
            bold.extend(strip_status(&v));
            for r in score_rows(&v) {
                bold.push(r.name);
                bold.push(r.score);
            }
            assert!(steps == 0 || !v.log.is_empty());
            let cv = render_canvas(&d, &v);
            let faults = status_text_faults(&cv, &bold, &strip_events(&cv, &d, &v).1);
            assert!(faults.is_empty(), "after {steps} steps: {faults:#?}");
        }
    }

    /// A last turn longer than the strip holds shows its latest lines under a line
    /// counting the earlier ones (as few cut as keep the strip within its rows); a
    /// shorter one shows every line.
    #[test]
    fn a_long_last_turn_shows_its_latest_lines_and_counts_the_rest() {
        use super::super::Peloria;
        use crate::engine::{Game, Options, Viewer};
        let d = super::super::parse_board(super::super::BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
        let g = crate::engine::setup_checked::<Peloria>(&d, &names, &Options::new(), 7).unwrap();
        let lay = layer_of(&d);
        let mut v = g.view(&d, Viewer::Spectator);
        v.last_turn = (1..=100).map(|i| format!("event {i}")).collect();
        let (title, shown) = strip_events(&lay, &d, &v);
        assert_eq!(title, "Last turn and this one");
        let cut = 100 - (shown.len() - 1);
        assert_eq!(
            shown[0],
            format!("({cut} earlier lines: `game history` has every step)")
        );
        assert_eq!(shown[1], format!("event {}", cut + 1));
        assert_eq!(shown.last().unwrap(), "event 100");
        assert!(event_rows(&lay, &shown) <= STRIP_ROWS);
        let one_more = [&shown[..1], &v.last_turn[cut - 1..]].concat();
        assert!(
            event_rows(&lay, &one_more) > STRIP_ROWS,
            "{cut} cut, one too many"
        );
        v.last_turn.drain(..cut + 1);
        assert_eq!(strip_events(&lay, &d, &v).1, v.last_turn);
    }

    /// In a seeded game every last turn shows whole in the strip, the longest too (each
    /// turn longer than the 27 lines the strip once held, 324 in this game, was cut
    /// before session 13; 39 still were before the compact wording); the one with the most
    /// moves shows every event legibly: every move of the log in its nation's run line
    /// (read back here: the same moves, unit for unit), and every area and nation the
    /// other lines name; its PNG and the longest turn's keep to the budget at the fast
    /// deflate level.
    #[test]
    fn a_seeded_games_longest_turns_show_every_event_in_the_strip() {
        use super::super::Peloria;
        use crate::engine::testing::{legal, play};
        use crate::engine::{Game, GameRng, Options, Viewer};
        let d = super::super::parse_board(super::super::BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
        let mut g =
            crate::engine::setup_checked::<Peloria>(&d, &names, &Options::new(), 7).unwrap();
        let mut pick = GameRng::new(11);
        let lay = layer_of(&d);
        let moves = |v: &View| {
            v.last_turn
                .iter()
                .filter(|l| Move::read(&d, l).is_some())
                .count()
        };
        // Of the turns longer than 27 lines, those shown whole, the one of them with the
        // most moves, and the longest.
        let (mut whole, mut cut) = (0, Vec::new());
        let mut v = g.view(&d, Viewer::Spectator);
        let mut longest = v.clone();
        while let Some(&seat) = g.status().acting().first() {
            let texts = legal(&g, &d, seat);
            play(&mut g, &d, seat, &texts[pick.below(texts.len())]);
            let now = g.view(&d, Viewer::Spectator);
            if now.last_turn.len() <= 27 {
                continue;
            }
            let shown = strip_events(&lay, &d, &now).1;
            match shown[0].contains(" earlier lines: ") {
                true => cut.push(now.last_turn.len()),
                false if moves(&now) > moves(&v) => (whole, v) = (whole + 1, now.clone()),
                false => whole += 1,
            }
            if now.last_turn.len() > longest.last_turn.len() {
                longest = now;
            }
        }
        assert!(
            cut.is_empty() && whole > 300,
            "{whole} long turns whole, {} cut ({cut:?} lines)",
            cut.len()
        );
        let shown = strip_events(&lay, &d, &v).1;
        let (mut logged, mut worded, mut others) = (Vec::new(), Vec::new(), Vec::new());
        for l in &v.last_turn {
            match Move::read(&d, l) {
                Some(m) => logged.push(leg(&d, &m)),
                None => others.push(l.clone()),
            }
        }
        let mut plain = Vec::new();
        for l in &shown {
            match (Move::read(&d, l), l.split_once(" moved")) {
                (Some(m), _) => worded.push(leg(&d, &m)),
                (None, Some((nation, run))) => worded.extend(read_run(nation, run)),
                _ => plain.push(l.clone()),
            }
        }
        let plain = plain.join(" ");
        let named = |line: &str| -> Vec<String> {
            let areas = d.areas.iter().map(|a| &a.name);
            let nations = d.nations.iter().map(|n| &n.name);
            areas
                .chain(nations)
                .filter(|name| line.contains(name.as_str()))
                .cloned()
                .collect()
        };
        for line in &others {
            for name in named(line) {
                assert!(plain.contains(&name), "{name} of `{line}` not in {plain}");
            }
        }
        logged.sort();
        worded.sort();
        assert_eq!(worded, logged);
        assert!(logged.len() > 10, "only {} moves", logged.len());
        let cv = render_canvas(&d, &v);
        let faults = status_text_faults(&cv, &[], &shown);
        assert!(faults.is_empty(), "{faults:#?}");
        for v in [v, longest] {
            let img = render(&d, &v);
            let png = crate::render::png::encode_fast_level(&img).unwrap();
            assert!(png.len() <= BUDGET - 1024, "{} KB", png.len() / 1024);
        }
    }

    /// Boards go to phones at every turn: the board of every turn's end (its longest
    /// strip) in two seeded games is at most 150 KB at the fast deflate level alone, so no
    /// board pays the slower levels ([`crate::render::png::BUDGET`]; 160 KB at the fast
    /// level before glyphs were set on whole pixels).
    #[test]
    fn every_board_of_whole_games_is_at_most_150_kb_at_the_fast_level() {
        use super::super::Peloria;
        use crate::engine::testing::{legal, play};
        use crate::engine::{Game, GameRng, Options, Viewer};
        let d = super::super::parse_board(super::super::BOARD).unwrap();
        let names: Vec<String> = ["Ann", "Bob", "Cy", "Dee"].map(String::from).to_vec();
        for (seed, picks) in [(7, 11), (3, 5)] {
            let mut g =
                crate::engine::setup_checked::<Peloria>(&d, &names, &Options::new(), seed).unwrap();
            let mut pick = GameRng::new(picks);
            let mut before = g.view(&d, Viewer::Spectator);
            let (mut boards, mut largest) = (0, 0);
            let mut check = |v: &View| {
                let img = render(&d, v);
                let png = crate::render::png::encode_fast_level(&img).unwrap();
                assert!(
                    png.len() <= BUDGET - 1024,
                    "seed {seed}, round {}: {} KB",
                    v.round,
                    png.len() / 1024
                );
                boards += 1;
                largest = largest.max(png.len());
            };
            while let Some(&seat) = g.status().acting().first() {
                let texts = legal(&g, &d, seat);
                play(&mut g, &d, seat, &texts[pick.below(texts.len())]);
                let now = g.view(&d, Viewer::Spectator);
                // The turn before ended: its board had the longest strip of it.
                if now.last_turn.len() < before.last_turn.len() {
                    check(&before);
                }
                before = now;
            }
            check(&before);
            assert!(boards > 50, "{boards} boards");
            eprintln!(
                "seed {seed}: {boards} boards, largest {} KB",
                largest / 1024
            );
        }
    }

    /// The static layer a board is drawn on (the strip's width and scale).
    fn layer_of(d: &PeloriaData) -> Canvas {
        Canvas::from_layer(d.layer.get_or_draw(|| draw_static(d)))
    }

    /// A move as the test reads it: nation, kind, from, to.
    fn leg(d: &PeloriaData, m: &Move) -> (String, String, String, String) {
        (
            d.nations[m.nation].name.clone(),
            m.kind.name().to_string(),
            d.areas[m.from].name.clone(),
            d.areas[m.to].name.clone(),
        )
    }

    /// The moves of a run line after its nation ("moved: 2× infantry A → B (stops),
    /// cavalry B → C → D." or "moved cavalry: A → B, …"), one per unit and area.
    fn read_run(nation: &str, run: &str) -> Vec<(String, String, String, String)> {
        let (kind, items) = run.split_once(": ").unwrap();
        let mut out = Vec::new();
        for item in items.trim_end_matches('.').split(", ") {
            let item = item.split(" (").next().unwrap();
            let (n, item) = match item.split_once("\u{d7} ") {
                Some((n, rest)) => (n.parse::<usize>().unwrap(), rest),
                None => (1, item),
            };
            let (kind, path) = match kind.trim() {
                "" => item.split_once(' ').unwrap(),
                k => (k, item),
            };
            let areas: Vec<&str> = path.split(" \u{2192} ").collect();
            for w in areas.windows(2) {
                for _ in 0..n {
                    let leg = (nation.into(), kind.into(), w[0].into(), w[1].into());
                    out.push(leg);
                }
            }
        }
        out
    }

    /// The board file's map labels: authored where a name is long, checked when read: a
    /// label that is not a start of its name, or names another area too, is refused.
    #[test]
    fn map_labels_come_from_the_board_file_and_long_ones_are_refused() {
        let d = super::super::parse_board(super::super::BOARD).unwrap();
        let kest = d.areas.iter().find(|a| a.name == "Kestinlands").unwrap();
        assert_eq!(kest.short, "Kestin");
        let dp = d.areas.iter().find(|a| a.name == "Dragon-Pass").unwrap();
        assert_eq!(dp.short, "Dragon");
        let lenshi = d.areas.iter().find(|a| a.name == "Lenshi").unwrap();
        assert_eq!(lenshi.short, "Lenshi");
        let bad = super::super::BOARD.replace("open Kestin\n", "open Kestinlands\n");
        let e = super::super::parse_board(&bad).unwrap_err().to_string();
        assert!(e.contains("at most 9"), "{e}");
        for (from, to) in [
            ("open Kestin\n", "open Kestin.\n"),
            ("open Kestin\n", "open K\n"),
        ] {
            let bad = super::super::BOARD.replace(from, to);
            assert_ne!(bad, super::super::BOARD);
            let e = super::super::parse_board(&bad).unwrap_err().to_string();
            assert!(e.contains("must be a start of the name"), "{e}");
        }
    }
}
