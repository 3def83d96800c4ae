//! Widgets: player styles (colour, shape and letter per seat), tokens, framed panels,
//! scoreboards, legends, counters (a small picture and its number) and the flow that lays
//! pictures out in rows.

use super::canvas::*;
use super::raster::*;

/// Token shapes: each seat gets a different one so pieces are told apart without colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    Circle,
    Square,
    Triangle,
    Diamond,
    Hexagon,
}

/// Per seat: colour, a distinct shape and a letter, so players are told apart without colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayerStyle {
    pub color: Color,
    pub shape: Shape,
    pub letter: char,
}

/// Okabe-Ito colour-blind friendly palette (orange, sky blue, bluish green, yellow,
/// reddish purple, blue, vermillion). Seats 0..7 get distinct colours.
pub const PLAYER_COLORS: [Color; 7] = [
    rgb(230, 159, 0),
    rgb(86, 180, 233),
    rgb(0, 158, 115),
    rgb(240, 228, 66),
    rgb(204, 121, 167),
    rgb(0, 114, 178),
    rgb(213, 94, 0),
];

/// Shapes by seat (cycled).
pub const PLAYER_SHAPES: [Shape; 5] = [
    Shape::Circle,
    Shape::Square,
    Shape::Triangle,
    Shape::Diamond,
    Shape::Hexagon,
];

/// Style of a seat: colour `PLAYER_COLORS[seat % 7]`, shape `PLAYER_SHAPES[seat % 5]` and
/// the first letter or digit of `name` upper-cased (the seat number 1-9 if the name has
/// none). Seats 0..35 get distinct (colour, shape) pairs.
pub fn player_style(seat: usize, name: &str) -> PlayerStyle {
    let letter = name
        .chars()
        .find(|c| c.is_alphanumeric())
        .and_then(|c| c.to_uppercase().next())
        .unwrap_or_else(|| char::from_digit(((seat % 9) + 1) as u32, 10).unwrap_or('?'));
    PlayerStyle {
        color: PLAYER_COLORS[seat % PLAYER_COLORS.len()],
        shape: PLAYER_SHAPES[seat % PLAYER_SHAPES.len()],
        letter,
    }
}

/// The styles of the seats 0, 1, 2… named `names` (see [`player_style`]).
pub fn player_styles<'a>(names: impl IntoIterator<Item = &'a str>) -> Vec<PlayerStyle> {
    names
        .into_iter()
        .enumerate()
        .map(|(seat, name)| player_style(seat, name))
        .collect()
}

/// The largest size up to `max` (down to `min`, by half points) at which `s` in bold fits
/// `w` px.
pub fn fit_bold(cv: &Canvas, s: &str, max: f32, min: f32, w: f32) -> f32 {
    let mut size = max;
    while size > min && cv.text_width_bold(size, s) > w {
        size -= 0.5;
    }
    size
}

/// Where boxes of the given sizes go when laid left to right from (x, y), starting a new
/// row when one would pass `w` (`gap` between boxes and rows): each box's top left, and
/// the y under the last row (`y` when there are none).
pub fn flow(sizes: &[(f32, f32)], (x, y): (f32, f32), w: f32, gap: f32) -> (Vec<(f32, f32)>, f32) {
    let mut at = Vec::with_capacity(sizes.len());
    let (mut cx, mut cy, mut row_h) = (x, y, 0.0f32);
    for &(bw, bh) in sizes {
        if cx > x && cx + bw > x + w {
            cx = x;
            cy += row_h + gap;
            row_h = 0.0;
        }
        at.push((cx, cy));
        cx += bw + gap;
        row_h = row_h.max(bh);
    }
    (at, if sizes.is_empty() { y } else { cy + row_h })
}

/// Height of a [`Canvas::counter`] whose number is `size` units tall.
pub fn counter_height(size: f32) -> f32 {
    size * 1.5
}

/// Black-ish or white, whichever reads better on `bg`.
pub fn contrast_color(bg: Color) -> Color {
    let [r, g, b, _] = bg.0;
    let lum = 0.299 * r as f32 + 0.587 * g as f32 + 0.114 * b as f32;
    if lum > 140.0 {
        INK
    } else {
        WHITE
    }
}

/// One line of a scoreboard.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreRow {
    pub style: PlayerStyle,
    pub name: String,
    pub score: String,
    pub detail: String,
    pub to_act: bool,
}

impl ScoreRow {
    /// A player's row scored in victory points (`12 VP`); once the game is over (`place`
    /// given) the detail starts with their place.
    pub fn with_vp(
        style: PlayerStyle,
        name: &str,
        vp: i64,
        detail: String,
        place: Option<u32>,
        to_act: bool,
    ) -> ScoreRow {
        let detail = match place {
            Some(n) => format!("place {n} \u{b7} {detail}"),
            None => detail,
        };
        ScoreRow {
            style,
            name: name.to_string(),
            score: format!("{vp} VP"),
            detail,
            to_act,
        }
    }
}

/// The type sizes of a scoreboard, in units.
struct Type {
    name: f32,
    detail: f32,
    score: f32,
    token: f32,
    row_h: f32,
    detail_ink: Color,
    /// The score on the name's line (the detail then runs under it to the right edge),
    /// else centred on the row.
    score_on_name_line: bool,
}

/// The side-panel scoreboard read at full size.
const SCOREBOARD_SMALL: Type = Type {
    name: 17.0,
    detail: 14.0,
    score: 20.0,
    token: 13.0,
    row_h: 48.0,
    detail_ink: MUTED,
    score_on_name_line: false,
};

/// The scoreboard read inline on a board of 1,460 units: 24 units are 9 px there.
const SCOREBOARD_LARGE: Type = Type {
    name: 24.0,
    detail: 24.0,
    score: 26.0,
    token: 16.0,
    row_h: 66.0,
    detail_ink: INK,
    score_on_name_line: true,
};

impl Canvas {
    /// Outline of `shape` sized so all shapes look equally big for radius `r`.
    pub fn shape_points(shape: Shape, cx: f32, cy: f32, r: f32) -> Vec<(f32, f32)> {
        match shape {
            Shape::Circle => circle_points(cx, cy, r),
            Shape::Square => {
                let s = r * 0.9;
                vec![
                    (cx - s, cy - s),
                    (cx + s, cy - s),
                    (cx + s, cy + s),
                    (cx - s, cy + s),
                ]
            }
            Shape::Triangle => {
                let rr = r * 1.32;
                let oy = cy + r * 0.22;
                (0..3)
                    .map(|i| {
                        let a = (-90.0f32 + 120.0 * i as f32).to_radians();
                        (cx + rr * a.cos(), oy + rr * a.sin())
                    })
                    .collect()
            }
            Shape::Diamond => {
                let d = r * 1.2;
                vec![(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)]
            }
            Shape::Hexagon => hex_corners(cx, cy, r * 1.07, false),
        }
    }

    /// A seat's piece drawn as the polygon `pts` (a tent, a castle): a drop shadow `shadow`
    /// px down and right, then the seat's colour with a dark outline `outline` px wide.
    pub fn seat_polygon(
        &mut self,
        pts: &[(f32, f32)],
        style: &PlayerStyle,
        shadow: f32,
        outline: f32,
    ) {
        let shade: Vec<(f32, f32)> = pts.iter().map(|(a, b)| (a + shadow, b + shadow)).collect();
        self.fill_polygon(&shade, rgba(0, 0, 0, 70));
        self.fill_polygon(pts, style.color);
        self.stroke_polygon(pts, INK, outline);
    }

    /// The seat's letter in bold, centred at (x, y), in the colour that reads on the seat's.
    pub fn seat_letter(&mut self, x: f32, y: f32, size: f32, style: &PlayerStyle) {
        let mut buf = [0u8; 4];
        let letter: &str = style.letter.encode_utf8(&mut buf);
        self.text_centered(x, y, size, contrast_color(style.color), letter, true);
    }

    /// Width of a [`Canvas::counter`] showing `n` at `size`.
    pub fn counter_width(&self, size: f32, n: &str) -> f32 {
        size * 1.35 + self.text_width_bold(size, n) + size * 0.35
    }

    /// A counter with its top left at (x, y): `icon` (given its centre and radius) in a
    /// circle at the left, then `n` in bold at `size`, on a white rounded box
    /// ([`Canvas::counter_width`] × [`counter_height`]).
    pub fn counter(
        &mut self,
        (x, y): (f32, f32),
        size: f32,
        n: &str,
        icon: &dyn Fn(&mut Canvas, f32, f32, f32),
    ) {
        let (w, h) = (self.counter_width(size, n), counter_height(size));
        self.fill_rounded_rect(x, y, w, h, size * 0.3, WHITE);
        self.stroke_rounded_rect(x, y, w, h, size * 0.3, with_alpha(INK, 90), 1.0);
        icon(self, x + size * 0.68, y + h / 2.0, size * 0.5);
        let top = y + h / 2.0 - super::text::cap_middle(size, true);
        self.text_bold(x + size * 1.35, top, size, INK, n, Align::Left);
    }

    /// A player piece: the seat's shape in its colour with a dark outline and a drop
    /// shadow, the seat letter centred in a contrasting colour, and `count` (if any) in a
    /// small white badge at the top right. `r` is the nominal radius (≥ 12 for readability).
    pub fn token(&mut self, cx: f32, cy: f32, r: f32, style: &PlayerStyle, count: Option<u32>) {
        if !(finite(&[cx, cy, r]) && r > 0.0) {
            return;
        }
        let r = r.min(2000.0);
        let ow = (r * 0.12).max(1.5);
        let shadow = Self::shape_points(style.shape, cx + r * 0.1 + 0.5, cy + r * 0.12 + 0.5, r);
        self.fill_polygon(&shadow, rgba(0, 0, 0, 70));
        let pts = Self::shape_points(style.shape, cx, cy, r);
        self.fill_polygon(&pts, style.color);
        self.stroke_polygon(&pts, INK, ow);
        let (lsize, ly) = match style.shape {
            Shape::Triangle => (r * 1.05, cy + r * 0.32),
            Shape::Diamond => (r * 1.05, cy),
            _ => (r * 1.2, cy),
        };
        self.seat_letter(cx, ly, lsize, style);
        if let Some(n) = count {
            let label = n.to_string();
            let br = (r * 0.5).max(7.0);
            let fs = br * 1.35;
            let tw = self.text_width_bold(fs, &label);
            let bw = (tw + br * 0.9).max(br * 2.0);
            let (bx, by) = (cx + r * 0.8, cy - r * 0.8);
            let x = bx - bw / 2.0;
            let y = by - br;
            self.fill_rounded_rect(x, y, bw, br * 2.0, br, WHITE);
            self.stroke_rounded_rect(x, y, bw, br * 2.0, br, INK, (br * 0.16).max(1.2));
            self.text_centered(bx, by, fs, INK, &label, true);
        }
    }

    // --------------------------------------------------------------------------- panels

    pub(crate) fn panel_box(&mut self, x: f32, y: f32, w: f32, h: f32) {
        self.fill_rounded_rect(x + 2.0, y + 3.0, w, h, 8.0, rgba(0, 0, 0, 40));
        self.fill_rounded_rect(x, y, w, h, 8.0, PANEL_BG);
        self.stroke_rounded_rect(x, y, w, h, 8.0, INK, 1.5);
    }

    /// A framed box at (x, y) of width `w`: `title` in bold (skipped if empty), a rule,
    /// then `rows` word-wrapped to fit. Returns the height used.
    pub fn panel(&mut self, x: f32, y: f32, w: f32, title: &str, rows: &[String]) -> f32 {
        const PAD: f32 = 12.0;
        const TITLE: f32 = 19.0;
        const ROW: f32 = 16.0;
        if !finite(&[x, y, w]) || w <= 0.0 {
            return 0.0;
        }
        let inner = (w - 2.0 * PAD).max(1.0);
        let title_lines = if title.is_empty() {
            Vec::new()
        } else {
            self.wrap(TITLE, title, inner, true)
        };
        let row_lines: Vec<String> = rows
            .iter()
            .flat_map(|r| self.wrap(ROW, r, inner, false))
            .collect();
        let tlh = self.line_height(TITLE);
        let rlh = self.line_height(ROW) * 1.05;
        let mut h = PAD;
        if !title_lines.is_empty() {
            h += tlh * title_lines.len() as f32 + 8.0;
        }
        h += rlh * row_lines.len() as f32 + PAD - 2.0;
        self.panel_box(x, y, w, h);
        let mut cy = y + PAD - 2.0;
        if !title_lines.is_empty() {
            for l in &title_lines {
                self.text_bold(x + PAD, cy, TITLE, INK, l, Align::Left);
                cy += tlh;
            }
            cy += 2.0;
            self.line(x + PAD, cy, x + w - PAD, cy, with_alpha(INK, 120), 1.0);
            cy += 6.0;
        }
        for l in &row_lines {
            self.text(x + PAD, cy, ROW, INK, l, Align::Left);
            cy += rlh;
        }
        h
    }

    /// A framed table of players: marker, token, name, detail (small, under the name) and
    /// score (right-aligned). Rows with `to_act` get a highlighted background, a frame and
    /// a ▶ marker. Returns the height used (0 and nothing drawn if `rows` is empty).
    pub fn scoreboard(&mut self, x: f32, y: f32, w: f32, rows: &[ScoreRow]) -> f32 {
        self.scoreboard_in(x, y, w, rows, &SCOREBOARD_SMALL)
    }

    /// [`Canvas::scoreboard`] in type that reads where chat clients show a board of 1,460
    /// units inline (names, details and scores at [`INLINE_MIN_PX`] or more): for a board
    /// whose status strip already says whose turn it is, so its side column holds only
    /// what the strip leaves out (each player's detail).
    pub fn scoreboard_large(&mut self, x: f32, y: f32, w: f32, rows: &[ScoreRow]) -> f32 {
        self.scoreboard_in(x, y, w, rows, &SCOREBOARD_LARGE)
    }

    fn scoreboard_in(&mut self, x: f32, y: f32, w: f32, rows: &[ScoreRow], t: &Type) -> f32 {
        const PAD: f32 = 8.0;
        let (name_px, detail_px, score_px, r) = (t.name, t.detail, t.score, t.token);
        if rows.is_empty() || !finite(&[x, y, w]) || w <= 0.0 {
            return 0.0;
        }
        let has_detail = rows.iter().any(|r| !r.detail.is_empty());
        let row_h = if has_detail { t.row_h } else { t.row_h * 0.75 };
        let h = PAD * 2.0 + row_h * rows.len() as f32;
        self.panel_box(x, y, w, h);
        for (i, row) in rows.iter().enumerate() {
            let ry = y + PAD + row_h * i as f32;
            let cy = ry + row_h / 2.0;
            if row.to_act {
                let (fx, fw) = (x + 4.0, w - 8.0);
                self.fill_rounded_rect(fx, ry + 1.0, fw, row_h - 2.0, 6.0, HIGHLIGHT);
                self.stroke_rounded_rect(fx, ry + 1.0, fw, row_h - 2.0, 6.0, INK, 2.0);
                let mx = x + PAD + 1.0;
                self.fill_polygon(&[(mx, cy - 7.0), (mx + 11.0, cy), (mx, cy + 7.0)], INK);
            }
            let tx = x + PAD + 16.0 + r;
            self.token(tx, cy, r, &row.style, None);
            let name_x = tx + r + 12.0;
            let score_w = self.text_width_bold(score_px, &row.score);
            let sx = x + w - PAD - 6.0;
            let (nh, dh) = (self.line_height(name_px), self.line_height(detail_px));
            let top = cy - (nh + dh) / 2.0 + 1.0;
            let on_name_line = t.score_on_name_line && !row.detail.is_empty();
            if !row.score.is_empty() {
                let score_y = if on_name_line {
                    top + nh - self.line_height(score_px)
                } else {
                    cy - self.line_height(score_px) / 2.0
                };
                self.text_bold(sx, score_y, score_px, INK, &row.score, Align::Right);
            }
            let avail = (sx - score_w - 10.0 - name_x).max(0.0);
            let name = self.ellipsize(name_px, &row.name, avail, true);
            if row.detail.is_empty() {
                self.text_bold(name_x, cy - nh / 2.0, name_px, INK, &name, Align::Left);
            } else {
                self.text_bold(name_x, top, name_px, INK, &name, Align::Left);
                let room = if on_name_line { sx - name_x } else { avail };
                let detail = self.ellipsize(detail_px, &row.detail, room.max(0.0), false);
                let dy = top + nh;
                self.text(name_x, dy, detail_px, t.detail_ink, &detail, Align::Left);
            }
        }
        h
    }

    /// Width and height [`Canvas::legend`] will use for `items`.
    pub fn legend_size(&self, items: &[(Color, String)]) -> (f32, f32) {
        if items.is_empty() {
            return (0.0, 0.0);
        }
        let maxw = items
            .iter()
            .map(|(_, s)| self.text_width(15.0, s))
            .fold(0.0, f32::max);
        (
            10.0 * 2.0 + 18.0 + 8.0 + maxw,
            10.0 * 2.0 + 24.0 * items.len() as f32,
        )
    }

    /// A framed key: one colour swatch and label per item. Returns the height used
    /// (0 and nothing drawn if `items` is empty).
    pub fn legend(&mut self, x: f32, y: f32, items: &[(Color, String)]) -> f32 {
        const PAD: f32 = 10.0;
        const SIZE: f32 = 15.0;
        if items.is_empty() || !finite(&[x, y]) {
            return 0.0;
        }
        let (w, h) = self.legend_size(items);
        self.panel_box(x, y, w, h);
        let lh = self.line_height(SIZE);
        for (i, (c, label)) in items.iter().enumerate() {
            let ry = y + PAD + 24.0 * i as f32;
            self.fill_rounded_rect(x + PAD, ry + 3.0, 18.0, 18.0, 3.0, *c);
            self.stroke_rounded_rect(x + PAD, ry + 3.0, 18.0, 18.0, 3.0, INK, 1.2);
            self.text(
                x + PAD + 26.0,
                ry + 12.0 - lh / 2.0,
                SIZE,
                INK,
                label,
                Align::Left,
            );
        }
        h
    }
}

/// Height in layout units of the headline strip [`Canvas::with_headline`] adds above a
/// board (in pixels, times the board's scale).
pub const HEADLINE_H: u32 = 56;
/// Font size of the headline. Chat clients show a board about
/// [`super::png::INLINE_WIDTH`] px wide; a board up to 1,600 units wide keeps the headline
/// at 11 px or more there at any scale (checked by a test), so whose turn it is reads
/// without a click.
pub const HEADLINE_PX: f32 = 34.0;
/// The smallest the headline is set to make a long line fit: 9 px at
/// [`super::png::INLINE_WIDTH`] on a board of 1,460 units (Nepal's, the widest).
pub const HEADLINE_MIN_PX: f32 = 24.0;

/// The smallest font size in px that reads where chat clients show a picture inline
/// ([`super::png::INLINE_WIDTH`] wide): bold on a plain ground, 9 px.
pub const INLINE_MIN_PX: f32 = 9.0;

/// The size `mark` shows at when its picture, `picture_w` px wide, is shown
/// [`super::png::INLINE_WIDTH`] px wide.
pub fn inline_size(mark: &TextMark, picture_w: u32) -> f32 {
    mark.size * super::png::INLINE_WIDTH as f32 / picture_w.max(1) as f32
}

/// What is wrong, if anything, with how `canvas` shows each of `labels` (names a player
/// types): each must be drawn, as it is written, in bold at [`INLINE_MIN_PX`] or more
/// inline, wholly inside the picture. One line per fault.
pub fn typed_label_faults(canvas: &Canvas, labels: &[String]) -> Vec<String> {
    let (w, h) = (canvas.width() as f32, canvas.height() as f32);
    let mut faults = Vec::new();
    for l in labels {
        let best = canvas
            .marks()
            .iter()
            .filter(|m| m.text == *l && m.bold)
            .max_by(|a, b| a.size.total_cmp(&b.size));
        let Some(m) = best else {
            faults.push(format!("`{l}` is not drawn in bold as it is written"));
            continue;
        };
        let inline = inline_size(m, canvas.width());
        if inline < INLINE_MIN_PX {
            faults.push(format!(
                "`{l}` is {inline:.1} px at {} px wide (at least {INLINE_MIN_PX})",
                super::png::INLINE_WIDTH
            ));
        }
        if m.x < 0.0 || m.y < 0.0 || m.x + m.w > w || m.y + m.size > h {
            faults.push(format!("`{l}` is cut at the picture's edge"));
        }
    }
    faults
}

impl Canvas {
    /// This board with a strip across the top holding `text` in large bold type (cut with
    /// an ellipsis if it would not fit): the one line a player must read at inline size,
    /// such as whose turn it is. The board itself is unchanged below the strip.
    pub fn with_headline(self, text: &str, bg: Color, ink: Color) -> Canvas {
        let (w, h) = (self.width(), self.height());
        let scale = self.scale();
        // The strip is HEADLINE_H units high at the board's scale.
        let strip = scaled_px(HEADLINE_H, scale);
        // The strip's rows, then the board's rows as they are (one copy of the bytes),
        // cut at the canvas size limit as `Canvas::new` would.
        let total = h.saturating_add(strip).min(super::canvas::MAX_CANVAS_SIDE);
        let row = w as usize * 4;
        let mut raw = Vec::with_capacity(row * total as usize);
        for _ in 0..w as usize * strip.min(total) as usize {
            raw.extend_from_slice(&bg.0);
        }
        let board_rows = (total - strip.min(total)) as usize;
        raw.extend_from_slice(&self.img.as_raw()[..row * board_rows]);
        let mut out = match RgbaImage::from_raw(w, total, raw) {
            Some(img) => Canvas::from_image(img),
            None => Canvas::new(w, total, bg),
        };
        out.set_scale(scale);
        out.take_marks_of(self, strip as f32);
        // In units from here.
        let (wu, hu) = (w as f32 / scale, strip as f32 / scale);
        let pad = 20.0;
        // A long line is set smaller first (down to what still reads inline); only
        // beyond that is it cut, with an ellipsis.
        let size = fit_bold(&out, text, HEADLINE_PX, HEADLINE_MIN_PX, wu - 2.0 * pad);
        let line = out.ellipsize(size, text, wu - 2.0 * pad, true);
        let top = (hu - size) / 2.0;
        out.text_bold(pad, top, size, ink, &line, Align::Left);
        out.fill_rect(0.0, hu - 2.0, wu, 2.0, ink);
        out
    }
}

/// Whether every one of `lines` can be read whole among the texts drawn on `canvas`: the
/// texts, joined in the order drawn, hold each line's words in order (a line may be
/// wrapped over several texts, or run on after another with a separator).
pub fn shows_all_of(canvas: &Canvas, lines: &[String]) -> Result<(), String> {
    let drawn: Vec<&str> = canvas
        .marks()
        .iter()
        .flat_map(|m| m.text.split_whitespace())
        .collect();
    let drawn = format!(" {} ", drawn.join(" "));
    for l in lines {
        let want = format!(" {} ", l.split_whitespace().collect::<Vec<_>>().join(" "));
        if !drawn.contains(&want) {
            return Err(format!("`{l}` is not shown whole"));
        }
    }
    Ok(())
}

/// What is wrong, if anything, with how `canvas` shows the texts a player reads at a glance:
/// each of `bold` (the headline, the status, a player's name or score) in bold and each of
/// `plain` (an event of the last turn) in any face must read whole, in order, among the
/// texts drawn at [`INLINE_MIN_PX`] or more inline, wholly inside the picture (a line may
/// be wrapped over several texts); and no text drawn at that size may overlap another.
/// One line per fault.
pub fn status_text_faults(canvas: &Canvas, bold: &[String], plain: &[String]) -> Vec<String> {
    let (w, h) = (canvas.width() as f32, canvas.height() as f32);
    let legible: Vec<&TextMark> = canvas
        .marks()
        .iter()
        .filter(|m| inline_size(m, canvas.width()) >= INLINE_MIN_PX)
        .filter(|m| m.x >= 0.0 && m.y >= 0.0 && m.x + m.w <= w && m.y + m.size <= h)
        .collect();
    let drawn = |bold_only: bool| {
        let words: Vec<&str> = legible
            .iter()
            .filter(|m| m.bold || !bold_only)
            .flat_map(|m| m.text.split_whitespace())
            .collect();
        format!(" {} ", words.join(" "))
    };
    let mut faults = Vec::new();
    for (lines, bold_only) in [(bold, true), (plain, false)] {
        let drawn = drawn(bold_only);
        // A line with no words (a score not yet shown) has nothing to read.
        for l in lines.iter().filter(|l| !l.trim().is_empty()) {
            let want = format!(" {} ", l.split_whitespace().collect::<Vec<_>>().join(" "));
            if !drawn.contains(&want) {
                let face = if bold_only { "bold " } else { "" };
                faults.push(format!(
                    "`{l}` is not drawn whole in {face}type of {INLINE_MIN_PX} px or more at {} px wide",
                    super::png::INLINE_WIDTH
                ));
            }
        }
    }
    for (i, a) in legible.iter().enumerate() {
        for b in &legible[i + 1..] {
            let apart = a.x + a.w <= b.x + 1.0
                || b.x + b.w <= a.x + 1.0
                || a.y + a.size <= b.y + 1.0
                || b.y + b.size <= a.y + 1.0;
            if !apart {
                faults.push(format!("`{}` overlaps `{}`", a.text, b.text));
            }
        }
    }
    faults
}
