//! The per-viewer view of a Nanga Parbat game and its text summary. Nothing in the game is
//! hidden (the animals are dealt face up at setup and the RNG is not used afterwards), so
//! every viewer gets the same view apart from `viewer`, and the default scramble (a clone)
//! is exact.

use super::board::{cell_name, square_name, REGIONS, SECTIONS};
use super::{Animal, NangaData, NangaParbat, Opts, Pending, Phase, Piece};
use crate::engine::{FinalResult, Viewer};
use serde::Serialize;
use std::fmt::Write as _;

/// A player as everyone sees them.
#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    pub name: String,
    pub score: i64,
    pub hikers_left: u8,
    pub camps_left: u8,
    pub cubes_left: u8,
    /// Animal board, not yet activated, by kind (order of [`Animal::ALL`]).
    pub fresh: [u8; 6],
    /// Animal board, activated, by kind.
    pub used: [u8; 6],
}

/// What a viewer sees (everything is public).
#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub viewer: Option<usize>,
    pub players: Vec<PlayerView>,
    /// The piece on each section, cell `region * 6 + section` (0-based).
    pub cells: Vec<Piece>,
    /// The guide's region (0-based), once placed.
    pub guide: Option<u8>,
    /// Claimant of each chart square (`row * 5 + column`).
    pub chart: Vec<Option<u8>>,
    pub phase: Phase,
    /// Seat to act (None once over).
    pub current: Option<usize>,
    pub turn: u32,
    pub trapped: bool,
    pub claimed: bool,
    pub pending: Option<Pending>,
    pub options: Opts,
    /// Steps of the turn in progress, as events.
    pub this_turn: Vec<String>,
    /// What happened in the last finished turn.
    pub last_turn: Vec<String>,
    /// Area points per seat and region (area variant, once scored).
    pub area_points: Option<Vec<Vec<i64>>>,
    pub final_result: Option<FinalResult>,
}

impl NangaParbat {
    pub(super) fn view_for(&self, _data: &NangaData, viewer: Viewer) -> View {
        View {
            viewer: match viewer {
                Viewer::Seat(s) if s < 2 => Some(s),
                _ => None,
            },
            players: (0..2)
                .map(|s| PlayerView {
                    name: self.names[s].clone(),
                    score: self.score[s],
                    hikers_left: self.hikers[s],
                    camps_left: self.camps[s],
                    cubes_left: self.cubes[s],
                    fresh: self.fresh[s],
                    used: self.used[s],
                })
                .collect(),
            cells: self.cells.clone(),
            guide: self.guide,
            chart: self.chart.clone(),
            phase: self.phase,
            current: (self.phase != Phase::Over).then_some(self.current),
            turn: self.turn,
            trapped: self.trapped,
            claimed: self.claimed,
            pending: self.pending.clone(),
            options: self.opts,
            this_turn: self.this_turn.clone(),
            last_turn: self.last_turn.clone(),
            area_points: self.area_points.clone(),
            final_result: self.result.clone(),
        }
    }
}

/// One short word for a piece, for text.
pub fn piece_word(view: &View, p: Piece) -> String {
    let name = |s: u8| {
        view.players
            .get(s as usize)
            .map(|p| p.name.as_str())
            .unwrap_or("?")
    };
    match p {
        Piece::Animal(a) => a.word().to_string(),
        Piece::Hiker(s) => format!("{}'s hiker", name(s)),
        Piece::Camp(s) => format!("{}'s camp", name(s)),
    }
}

/// What the player to act should do next, in a few words.
pub fn prompt(view: &View) -> String {
    let name = |s: usize| view.players.get(s).map(|p| p.name.as_str()).unwrap_or("?");
    let Some(c) = view.current else {
        return String::new();
    };
    match (&view.phase, &view.pending) {
        (Phase::Setup, _) => format!("{} places the guide: `guide <1-6>`", name(c)),
        (_, Some(Pending::Deer { first })) => format!(
            "{}: pick the animal to swap with {} (`deer <r.s>`)",
            name(c),
            cell_name(*first)
        ),
        (_, Some(Pending::Build { square, picked })) => format!(
            "{}: building for {}, {} picked; next `camp <r.s>`",
            name(c),
            square_name(*square),
            crate::engine::counted(picked.len(), "hiker")
        ),
        (_, Some(Pending::Trade { square, given })) => format!(
            "{}: trading for {}, {} handed in; next `give <animal>`",
            name(c),
            square_name(*square),
            crate::engine::counted(given.len(), "animal")
        ),
        _ if !view.trapped => format!(
            "{}: trap an animal in region {} (`trap <r.s>`)",
            name(c),
            view.guide.map(|g| g + 1).unwrap_or(0)
        ),
        _ if view.claimed || view.players.get(c).is_some_and(|p| p.cubes_left == 0) => {
            format!("{}: activate animals or `end`", name(c))
        }
        _ => format!(
            "{}: activate, claim a square (`claim <A1-C5>`) or `end`",
            name(c)
        ),
    }
}

/// The turn as the headline and the text both name it: "Setup" while the guide's first
/// region is chosen (NAN-SETUP-8, turn 0), else "Turn N".
pub fn turn_name(view: &View) -> String {
    match view.turn {
        0 => "Setup".to_string(),
        n => format!("Turn {n}"),
    }
}

/// Text summary of a view: whose turn and what to do, scores and supplies, animal boards,
/// the chart, the mountain by region.
pub fn describe(data: &NangaData, view: &View) -> String {
    let mut out = String::new();
    match &view.final_result {
        Some(r) => {
            let _ = writeln!(out, "Nanga Parbat — game over. {}", r.note);
        }
        None => {
            let _ = writeln!(
                out,
                "Nanga Parbat — {}{}. {}.",
                turn_name(view).to_lowercase(),
                if view.options.areas {
                    " (area scoring)"
                } else {
                    ""
                },
                prompt(view)
            );
        }
    }
    write_players(&mut out, view);
    write_chart(&mut out, data, view);
    for r in 0..REGIONS {
        let parts: Vec<String> = (0..SECTIONS)
            .map(|s| {
                let c = r * SECTIONS + s;
                format!("{} {}", cell_name(c as u8), piece_word(view, view.cells[c]))
            })
            .collect();
        let _ = writeln!(
            out,
            "Region {}{}: {}",
            r + 1,
            if view.guide == Some(r as u8) {
                " (guide)"
            } else {
                ""
            },
            parts.join(", ")
        );
    }
    if let Some(a) = &view.area_points {
        for (s, pts) in a.iter().enumerate() {
            let list: Vec<String> = pts
                .iter()
                .enumerate()
                .map(|(r, p)| format!("region {} {p}", r + 1))
                .collect();
            let _ = writeln!(
                out,
                "Area points of {}: {}",
                view.players.get(s).map(|p| p.name.as_str()).unwrap_or("?"),
                list.join(", ")
            );
        }
    }
    if !view.this_turn.is_empty() {
        let _ = writeln!(out, "This turn: {}", view.this_turn.join("; "));
    } else if !view.last_turn.is_empty() {
        let _ = writeln!(out, "Last turn: {}", view.last_turn.join("; "));
    }
    out.trim_end().to_string()
}

/// The points chart: each square's need, VP and who holds it.
fn write_chart(out: &mut String, data: &NangaData, view: &View) {
    let mut chart = Vec::new();
    for q in 0..view.chart.len() as u8 {
        let (k, need, vp) = data.square(q);
        let _ = k;
        let who = match view.chart[q as usize] {
            Some(s) => view
                .players
                .get(s as usize)
                .map(|p| p.name.clone())
                .unwrap_or_default(),
            None => "open".into(),
        };
        chart.push(format!("{} {need}/{vp}VP {who}", square_name(q)));
    }
    let _ = writeln!(
        out,
        "Chart (A camps, B different, C same; need/VP): {}",
        chart.join(", ")
    );
}

/// One line per player: score, pieces left and animals.
fn write_players(out: &mut String, view: &View) {
    for (s, p) in view.players.iter().enumerate() {
        let mark = if view.current == Some(s) { "▶" } else { " " };
        let board: Vec<String> = Animal::ALL
            .iter()
            .filter(|a| p.fresh[a.index()] + p.used[a.index()] > 0)
            .map(|a| {
                let (f, u) = (p.fresh[a.index()], p.used[a.index()]);
                if u > 0 {
                    format!("{} {} ({u} used)", a.word(), f + u)
                } else {
                    format!("{} {f}", a.word())
                }
            })
            .collect();
        let parts = view
            .final_result
            .as_ref()
            .map(|r| r.parts_in_brackets(s))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "{mark} {}: {} VP{parts}, {}, {}, {} left; animals: {}",
            p.name,
            p.score,
            count(p.hikers_left, "hiker"),
            count(p.camps_left, "camp"),
            count(p.cubes_left, "cube"),
            if board.is_empty() {
                "none".to_string()
            } else {
                board.join(", ")
            }
        );
    }
}

/// `1 cube`, `5 cubes`.
fn count(n: u8, thing: &str) -> String {
    if n == 1 {
        format!("1 {thing}")
    } else {
        format!("{n} {thing}s")
    }
}

#[cfg(test)]
mod tests {
    use super::super::render::render_canvas;
    use super::super::{parse_board, NangaParbat, BOARD};
    use super::*;
    use crate::engine::{setup_checked, Game, GameRng, Options, Rules, Viewer};

    // NAN-SETUP-8 (our reading: the second player puts the guide on a region first): the
    // text and the picture name the turn alike at every position of a game, "setup" while
    // the guide's first region is chosen (issue #46: the text said "turn 0").
    #[test]
    fn nan_setup_8_the_text_and_the_picture_name_the_same_turn() {
        let data = parse_board(BOARD).unwrap();
        let names = ["ann".to_string(), "bob".to_string()];
        let mut g = setup_checked::<NangaParbat>(&data, &names, &Options::new(), 4).unwrap();
        let mut pick = GameRng::new(9);
        for n in 0..40 {
            let view = g.view(&data, Viewer::Spectator);
            let text = describe(&data, &view);
            let canvas = render_canvas(&data, &view);
            let headline = canvas
                .marks()
                .iter()
                .map(|m| m.text.clone())
                .find(|t| t.starts_with("Turn ") || t.starts_with("Setup"))
                .expect("the headline names the turn");
            let turn = turn_name(&view);
            assert!(headline.starts_with(&turn), "{headline} / {turn}");
            let first = text.lines().next().unwrap();
            assert!(
                first.starts_with(&format!("Nanga Parbat — {}.", turn.to_lowercase())),
                "{first} / {headline}"
            );
            assert_eq!(turn == "Setup", n == 0, "{first}");
            let Some(&seat) = g.status().acting().first() else {
                break;
            };
            let legal = g.legal_steps(&data, seat);
            let step = legal[pick.below(legal.len())];
            g.apply(&data, seat, &step).unwrap();
        }
    }
}
