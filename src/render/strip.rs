//! The status strip under a board: each player's name and score (whoever is to act
//! highlighted), what is asked now, and every event of the last turn, set large enough to
//! read where chat clients show the picture inline ([`INLINE_WIDTH`] px wide) whatever the
//! board's width. Nothing is cut: a long line wraps, a long last turn runs into two or
//! three columns with a rule between them, and the strip grows to hold it.

use super::canvas::*;
use super::png::INLINE_WIDTH;
use super::widgets::*;

/// The size, in px at [`INLINE_WIDTH`], of the strip's text (a little over
/// [`INLINE_MIN_PX`]).
pub const STRIP_INLINE_PX: f32 = 9.5;

/// What the strip shows.
pub struct StatusStrip<'a> {
    /// One entry per player: the token, the name and the score are drawn (the detail is
    /// left to the board's own panels).
    pub players: &'a [ScoreRow],
    /// Whose turn it is and what they may do now, one line each (wrapped if long).
    pub status: &'a [String],
    /// The title over the events ("Last turn").
    pub last_turn_title: &'a str,
    /// Every event of the last turn (none: no events part).
    pub last_turn: &'a [String],
}

/// One thing to draw, at units from the strip's top left.
enum Item {
    Text(f32, f32, String, bool),
    Token(f32, f32, PlayerStyle),
    Frame(f32, f32, f32, f32),
    /// A thin upright rule at x from y, this long (between columns of events).
    Rule(f32, f32, f32),
}

/// The strip's items and height in units, for a board `wu` units wide with text `size`.
fn layout(cv: &Canvas, s: &StatusStrip, wu: f32, size: f32) -> (Vec<Item>, f32) {
    let pad = size * 0.8;
    let lh = cv.line_height(size);
    let bold_lh = cv.line_height(size);
    let row_h = lh * 1.35;
    let r = size * 0.5;
    let inner = (wu - 2.0 * pad).max(1.0);
    let mut items = Vec::new();
    let mut y = pad;
    // Players, left to right, a new row when one would not fit.
    let mut x = pad;
    for p in s.players {
        let lead = 2.0 * r + size * 0.4;
        let score_w = cv.text_width_bold(size, &p.score);
        let room = (inner - lead - score_w - size * 1.2).max(size);
        let name = cv.ellipsize(size, &p.name, room, true);
        let name_w = cv.text_width_bold(size, &name);
        let w = lead + name_w + size * 0.5 + score_w + size * 0.7;
        if x > pad && x + w > wu - pad {
            x = pad;
            y += row_h;
        }
        if p.to_act {
            items.push(Item::Frame(x - size * 0.3, y - lh * 0.15, w, lh * 1.3));
        }
        items.push(Item::Token(x + r, y + lh / 2.0, p.style));
        items.push(Item::Text(x + lead, y, name, true));
        if !p.score.is_empty() {
            let sx = x + lead + name_w + size * 0.5;
            items.push(Item::Text(sx, y, p.score.clone(), true));
        }
        x += w + size * 0.6;
    }
    if !s.players.is_empty() {
        y += row_h;
    }
    // What is asked now, in bold.
    for line in s.status {
        for part in cv.wrap(size, line, inner, true) {
            items.push(Item::Text(pad, y, part, true));
            y += bold_lh;
        }
    }
    if !s.last_turn.is_empty() {
        y = last_turn_items(cv, s, (size, pad, inner), y, &mut items);
    }
    (items, y + pad)
}

/// The last turn's events under their title from `y`, whole: one column for a short turn,
/// two past three lines, three past eight lines a column (a rule between columns); the
/// strip grows, no event is dropped. The y below them.
fn last_turn_items(
    cv: &Canvas,
    s: &StatusStrip,
    (size, pad, inner): (f32, f32, f32),
    mut y: f32,
    items: &mut Vec<Item>,
) -> f32 {
    let lh = cv.line_height(size);
    y += lh * 0.3;
    items.push(Item::Text(pad, y, s.last_turn_title.to_string(), true));
    y += lh; // the title's line (bold and plain lines are as tall)
    let (cols, parts) = event_columns(cv, s.last_turn, (size, pad, inner));
    let col_w = |cols: usize| (inner - pad * (cols - 1) as f32) / cols as f32;
    let cw = col_w(cols);
    let per_col = parts.len().div_ceil(cols).max(1);
    for c in 1..cols {
        let rx = pad + (cw + pad) * c as f32 - pad / 2.0;
        items.push(Item::Rule(rx, y, lh * per_col as f32));
    }
    for (i, part) in parts.into_iter().enumerate() {
        let (col, row) = (i / per_col, i % per_col);
        let px = pad + (cw + pad) * col as f32;
        items.push(Item::Text(px, y + lh * row as f32, part, false));
    }
    y + lh * per_col as f32
}

/// How the events go: one column for a short turn, two past three lines, three past
/// eight lines a column; the columns and the wrapped lines.
fn event_columns(
    cv: &Canvas,
    lines: &[String],
    (size, pad, inner): (f32, f32, f32),
) -> (usize, Vec<String>) {
    let wrapped = |w: f32| -> Vec<String> {
        lines
            .iter()
            .flat_map(|l| cv.wrap(size, l, w, false))
            .collect()
    };
    let one = wrapped(inner);
    let col_w = |cols: usize| (inner - pad * (cols - 1) as f32) / cols as f32;
    if one.len() <= 3 {
        return (1, one);
    }
    let two = wrapped(col_w(2));
    if two.len() <= 2 * 8 {
        (2, two)
    } else {
        (3, wrapped(col_w(3)))
    }
}

/// The strip's text size and margins in units, and the width inside them, under `cv`.
fn strip_metrics(cv: &Canvas) -> (f32, f32, f32) {
    let scale = cv.scale();
    let wu = cv.width() as f32 / scale;
    let size = STRIP_INLINE_PX * cv.width() as f32 / (INLINE_WIDTH as f32 * scale);
    let pad = size * 0.8;
    (size, pad, (wu - 2.0 * pad).max(1.0))
}

/// How many rows of text `lines` take in each column of the strip under `cv` (a board
/// keeps its picture small by keeping its events within a number of rows).
pub fn event_rows(cv: &Canvas, lines: &[String]) -> usize {
    let (cols, parts) = event_columns(cv, lines, strip_metrics(cv));
    parts.len().div_ceil(cols)
}

impl Canvas {
    /// This board with [`StatusStrip`] `s` added below it, on a plain ground under a rule.
    /// The board itself is unchanged above the strip.
    pub fn with_status_strip(self, s: &StatusStrip) -> Canvas {
        let (w, h) = (self.width(), self.height());
        let scale = self.scale();
        let wu = w as f32 / scale;
        let size = strip_metrics(&self).0;
        let (items, hu) = layout(&self, s, wu, size);
        let strip = (hu * scale).ceil() as u32;
        let total = h.saturating_add(strip).min(MAX_CANVAS_SIDE);
        let mut raw = Vec::with_capacity(w as usize * 4 * total as usize);
        raw.extend_from_slice(self.img.as_raw());
        for _ in 0..w as usize * (total - h) as usize {
            raw.extend_from_slice(&PAPER.0);
        }
        let mut out = match RgbaImage::from_raw(w, total, raw) {
            Some(img) => Canvas::from_image(img),
            None => Canvas::new(w, total, PAPER),
        };
        out.set_scale(scale);
        out.take_marks_of(self, 0.0);
        let top = h as f32 / scale;
        out.fill_rect(0.0, top, wu, 2.0, INK);
        for item in items {
            match item {
                Item::Text(x, y, t, bold) => {
                    out.draw_strip_text(x, top + y, size, &t, bold);
                }
                Item::Token(x, y, style) => out.token(x, top + y, size * 0.5, &style, None),
                Item::Rule(x, y, len) => {
                    out.fill_rect(x - 0.5, top + y, 1.0, len, with_alpha(INK, 110));
                }
                Item::Frame(x, y, fw, fh) => {
                    out.fill_rounded_rect(x, top + y, fw, fh, size * 0.3, HIGHLIGHT);
                    out.stroke_rounded_rect(x, top + y, fw, fh, size * 0.3, INK, 2.0);
                }
            }
        }
        out
    }

    fn draw_strip_text(&mut self, x: f32, y: f32, size: f32, t: &str, bold: bool) {
        if bold {
            self.text_bold(x, y, size, INK, t, Align::Left);
        } else {
            self.text(x, y, size, INK, t, Align::Left);
        }
    }
}
