//! The render kit: an antialiased RGBA canvas with shapes, text, player tokens and panels.
//!
//! Invariants:
//! - No IO, no clock, no randomness: the same calls always produce the same pixels.
//! - No panics on odd input: non-finite or off-canvas coordinates, zero or negative sizes,
//!   empty or huge strings are clipped or ignored.
//! - Shapes are filled with an exact-area antialiasing rasterizer (non-zero winding), so
//!   thick lines, outlines and tokens have smooth edges.
//! - Text is drawn with the embedded DejaVu Sans fonts, anchored at its top-left corner
//!   (`y` is the top of the line box, not the baseline).

use std::fmt;
use std::sync::OnceLock;

use ab_glyph::{point, Font, FontRef, GlyphId, PxScale, PxScaleFont, ScaleFont};
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};

pub use image::{Rgba, RgbaImage};

/// An RGBA colour with straight (non-premultiplied) alpha.
pub type Color = Rgba<u8>;

/// An opaque colour.
pub const fn rgb(r: u8, g: u8, b: u8) -> Color {
    Rgba([r, g, b, 255])
}

/// A colour with alpha (0 = transparent, 255 = opaque).
pub const fn rgba(r: u8, g: u8, b: u8, a: u8) -> Color {
    Rgba([r, g, b, a])
}

/// The same colour with a different alpha.
pub const fn with_alpha(c: Color, a: u8) -> Color {
    Rgba([c.0[0], c.0[1], c.0[2], a])
}

/// Dark ink for outlines and text.
pub const INK: Color = rgb(30, 30, 36);
/// Secondary text.
pub const MUTED: Color = rgb(95, 95, 108);
/// Warm off-white background.
pub const PAPER: Color = rgb(248, 245, 236);
/// Pure white.
pub const WHITE: Color = rgb(255, 255, 255);
/// Pure black.
pub const BLACK: Color = rgb(0, 0, 0);
/// Background of the row of the player to act.
pub const HIGHLIGHT: Color = rgb(255, 229, 140);
/// Panel background (slightly translucent white).
pub const PANEL_BG: Color = rgba(255, 255, 255, 238);

/// Largest canvas side in pixels; larger requests are clamped (keeps memory bounded).
pub const MAX_CANVAS_SIDE: u32 = 4096;
/// Largest text size in pixels; larger requests are clamped.
pub const MAX_TEXT_SIZE: f32 = 400.0;
/// Coordinates are clamped to +-this before rasterizing.
const COORD_LIMIT: f32 = 1.0e6;
/// Cap on wrapped lines per panel row.
const MAX_WRAP_LINES: usize = 200;

/// Horizontal alignment of text relative to the anchor `x`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Align {
    /// `x` is the left edge.
    #[default]
    Left,
    /// `x` is the centre.
    Center,
    /// `x` is the right edge.
    Right,
}

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

/// The six corners of a regular hexagon of circumradius `r` centred at (cx, cy).
/// `pointy_top`: a corner points up; otherwise a flat edge is on top.
pub fn hex_corners(cx: f32, cy: f32, r: f32, pointy_top: bool) -> Vec<(f32, f32)> {
    let start = if pointy_top { -90.0f32 } else { 0.0 };
    (0..6)
        .map(|i| {
            let a = (start + 60.0 * i as f32).to_radians();
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

/// Corners of a regular `n`-gon approximating a circle (enough segments for < 0.1 px error).
pub fn circle_points(cx: f32, cy: f32, r: f32) -> Vec<(f32, f32)> {
    let r = r.abs().min(COORD_LIMIT);
    let n = ((7.0 * r.sqrt()).ceil() as usize).clamp(8, 512);
    (0..n)
        .map(|i| {
            let a = std::f32::consts::TAU * i as f32 / n as f32;
            (cx + r * a.cos(), cy + r * a.sin())
        })
        .collect()
}

/// Outline of a rectangle with rounded corners of radius `rad`.
pub fn rounded_rect_points(x: f32, y: f32, w: f32, h: f32, rad: f32) -> Vec<(f32, f32)> {
    let (x, w) = if w < 0.0 { (x + w, -w) } else { (x, w) };
    let (y, h) = if h < 0.0 { (y + h, -h) } else { (y, h) };
    let rad = rad.max(0.0).min(w / 2.0).min(h / 2.0);
    if !rad.is_finite() || rad < 0.5 {
        return vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
    }
    let steps = ((rad.sqrt() * 2.0).ceil() as usize).clamp(2, 32);
    let mut pts = Vec::with_capacity(4 * (steps + 1));
    let corners = [
        (x + w - rad, y + rad, -90.0f32),
        (x + w - rad, y + h - rad, 0.0),
        (x + rad, y + h - rad, 90.0),
        (x + rad, y + rad, 180.0),
    ];
    for (ccx, ccy, a0) in corners {
        for i in 0..=steps {
            let a = (a0 + 90.0 * i as f32 / steps as f32).to_radians();
            pts.push((ccx + rad * a.cos(), ccy + rad * a.sin()));
        }
    }
    pts
}

/// A static layer drawn once and reused: keep one inside your Game::Data.
/// Invariant: the closure of the first `get_or_draw` call decides the content forever.
#[derive(Default, Clone)]
pub struct LayerCache {
    cell: OnceLock<RgbaImage>,
}

impl LayerCache {
    /// An empty cache.
    pub fn new() -> Self {
        LayerCache {
            cell: OnceLock::new(),
        }
    }

    /// The cached layer, drawing it with `f` on first use (thread-safe; `f` runs once).
    pub fn get_or_draw(&self, f: impl FnOnce() -> RgbaImage) -> &RgbaImage {
        self.cell.get_or_init(f)
    }

    /// The layer if it has been drawn.
    pub fn get(&self) -> Option<&RgbaImage> {
        self.cell.get()
    }
}

impl fmt::Debug for LayerCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cell.get() {
            Some(img) => write!(f, "LayerCache({}x{})", img.width(), img.height()),
            None => write!(f, "LayerCache(empty)"),
        }
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

// ---------------------------------------------------------------------------------------
// Fonts

struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

static FONT_REGULAR: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
static FONT_BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// The embedded fonts, parsed once. `None` only if the embedded files were corrupt
/// (then text is silently skipped; a unit test guards against that).
fn fonts() -> Option<&'static Fonts> {
    static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            Some(Fonts {
                regular: FontRef::try_from_slice(FONT_REGULAR).ok()?,
                bold: FontRef::try_from_slice(FONT_BOLD).ok()?,
            })
        })
        .as_ref()
}

fn font(bold: bool) -> Option<&'static FontRef<'static>> {
    fonts().map(|f| if bold { &f.bold } else { &f.regular })
}

fn sane_size(size: f32) -> Option<f32> {
    if size.is_finite() && size >= 1.0 {
        Some(size.min(MAX_TEXT_SIZE))
    } else {
        None
    }
}

fn line_width(sf: &PxScaleFont<&FontRef<'static>>, line: &str) -> f32 {
    let mut w = 0.0;
    let mut prev: Option<GlyphId> = None;
    for ch in line.chars() {
        if ch.is_control() {
            continue;
        }
        let id = sf.glyph_id(ch);
        if let Some(p) = prev {
            w += sf.kern(p, id);
        }
        w += sf.h_advance(id);
        prev = Some(id);
    }
    w
}

fn line_height(sf: &PxScaleFont<&FontRef<'static>>) -> f32 {
    sf.height() + sf.line_gap()
}

/// Width of the widest line of `s` at `size`, regular or bold.
fn measure(size: f32, s: &str, bold: bool) -> f32 {
    let (Some(size), Some(font)) = (sane_size(size), font(bold)) else {
        return 0.0;
    };
    let sf = font.as_scaled(PxScale::from(size));
    s.split('\n')
        .map(|l| line_width(&sf, l))
        .fold(0.0, f32::max)
}

/// Distance from the top of the line box to the vertical middle of capital letters.
fn cap_middle(size: f32, bold: bool) -> f32 {
    let (Some(size), Some(font)) = (sane_size(size), font(bold)) else {
        return 0.0;
    };
    let sf = font.as_scaled(PxScale::from(size));
    let cap = font
        .outline(font.glyph_id('H'))
        .map(|o| o.bounds.min.y.max(o.bounds.max.y) * sf.v_scale_factor()) // min.y holds y_max
        .unwrap_or(sf.ascent() * 0.75);
    sf.ascent() - cap / 2.0
}

fn outline_width(size: f32) -> f32 {
    (size * 0.1).clamp(1.5, 6.0)
}

// ---------------------------------------------------------------------------------------
// Rasterizer: exact-area coverage accumulation (the font-rs algorithm), non-zero winding
// with coverage clamped to 1, so paths of the same orientation form a union and an
// inner path of opposite orientation cuts a hole.

struct Coverage {
    x0: i32,
    y0: i32,
    w: usize,
    h: usize,
    stride: usize,
    acc: Vec<f32>,
}

impl Coverage {
    fn new(x0: i32, y0: i32, w: usize, h: usize) -> Self {
        let stride = w + 2;
        Coverage {
            x0,
            y0,
            w,
            h,
            stride,
            acc: vec![0.0; stride * h],
        }
    }

    #[inline]
    fn add(&mut self, i: usize, v: f32) {
        if let Some(a) = self.acc.get_mut(i) {
            *a += v;
        }
    }

    fn add_edge(&mut self, a: (f32, f32), b: (f32, f32)) {
        let a = (a.0 - self.x0 as f32, a.1 - self.y0 as f32);
        let b = (b.0 - self.x0 as f32, b.1 - self.y0 as f32);
        let hf = self.h as f32;
        if a.1 == b.1 || (a.1 <= 0.0 && b.1 <= 0.0) || (a.1 >= hf && b.1 >= hf) {
            return;
        }
        let wf = self.w as f32;
        // Split where the edge crosses x = 0 and x = w; the pieces outside become vertical
        // edges on the border, which keeps the winding of every pixel inside exact.
        let mut ts = [0.0f32, 1.0, 1.0, 1.0];
        let mut n = 1;
        let dx = b.0 - a.0;
        if dx != 0.0 {
            for xb in [0.0, wf] {
                let t = (xb - a.0) / dx;
                if t > 0.0 && t < 1.0 {
                    ts[n] = t;
                    n += 1;
                }
            }
        }
        ts[n] = 1.0;
        n += 1;
        ts[..n].sort_by(|p, q| p.total_cmp(q));
        let lerp = |t: f32| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
        for i in 0..n - 1 {
            let (t0, t1) = (ts[i], ts[i + 1]);
            if t1 <= t0 {
                continue;
            }
            let p = lerp(t0);
            let q = lerp(t1);
            self.accumulate((p.0.clamp(0.0, wf), p.1), (q.0.clamp(0.0, wf), q.1));
        }
    }

    fn accumulate(&mut self, p0: (f32, f32), p1: (f32, f32)) {
        if (p0.1 - p1.1).abs() < 1e-9 {
            return;
        }
        let (dir, p0, p1) = if p0.1 < p1.1 {
            (1.0, p0, p1)
        } else {
            (-1.0, p1, p0)
        };
        let wf = self.w as f32;
        let dxdy = (p1.0 - p0.0) / (p1.1 - p0.1);
        let mut x = p0.0;
        if p0.1 < 0.0 {
            x -= p0.1 * dxdy;
        }
        x = x.clamp(0.0, wf);
        let ystart = p0.1.max(0.0) as usize;
        let yend = (p1.1.ceil().max(0.0) as usize).min(self.h);
        for y in ystart..yend {
            let linestart = y * self.stride;
            let dy = ((y + 1) as f32).min(p1.1) - (y as f32).max(p0.1);
            let xnext = (x + dxdy * dy).clamp(0.0, wf);
            let d = dy * dir;
            let (x0, x1) = if x < xnext { (x, xnext) } else { (xnext, x) };
            let x0floor = x0.floor();
            let x0i = x0floor as usize;
            let x1ceil = x1.ceil();
            let x1i = x1ceil as usize;
            if x1i <= x0i + 1 {
                let xmf = 0.5 * (x + xnext) - x0floor;
                self.add(linestart + x0i, d - d * xmf);
                self.add(linestart + x0i + 1, d * xmf);
            } else {
                let s = (x1 - x0).recip();
                let x0f = x0 - x0floor;
                let a0 = 0.5 * s * (1.0 - x0f) * (1.0 - x0f);
                let x1f = x1 - x1ceil + 1.0;
                let am = 0.5 * s * x1f * x1f;
                self.add(linestart + x0i, d * a0);
                if x1i == x0i + 2 {
                    self.add(linestart + x0i + 1, d * (1.0 - a0 - am));
                } else {
                    let a1 = s * (1.5 - x0f);
                    self.add(linestart + x0i + 1, d * (a1 - a0));
                    for xi in x0i + 2..x1i - 1 {
                        self.add(linestart + xi, d * s);
                    }
                    let a2 = a1 + (x1i - x0i - 3) as f32 * s;
                    self.add(linestart + x1i - 1, d * (1.0 - a2 - am));
                }
                self.add(linestart + x1i, d * am);
            }
            x = xnext;
        }
    }
}

/// Source-over blend of `c` with extra coverage `cov` (0..=1) onto `px`.
#[inline]
fn blend(px: &mut Color, c: Color, cov: f32) {
    let sa = c.0[3] as f32 / 255.0 * cov.clamp(0.0, 1.0);
    if sa <= 0.0 {
        return;
    }
    let da = px.0[3] as f32 / 255.0;
    if da >= 1.0 {
        for i in 0..3 {
            let v = c.0[i] as f32 * sa + px.0[i] as f32 * (1.0 - sa);
            px.0[i] = (v + 0.5).clamp(0.0, 255.0) as u8;
        }
        return;
    }
    let oa = sa + da * (1.0 - sa);
    if oa <= 0.0 {
        return;
    }
    for i in 0..3 {
        let v = (c.0[i] as f32 * sa + px.0[i] as f32 * da * (1.0 - sa)) / oa;
        px.0[i] = (v + 0.5).clamp(0.0, 255.0) as u8;
    }
    px.0[3] = (oa * 255.0 + 0.5).clamp(0.0, 255.0) as u8;
}

fn signed_area(pts: &[(f32, f32)]) -> f32 {
    let n = pts.len();
    let mut a = 0.0;
    for i in 0..n {
        let (x0, y0) = pts[i];
        let (x1, y1) = pts[(i + 1) % n];
        a += x0 * y1 - x1 * y0;
    }
    a / 2.0
}

/// The polygon with positive signed area (reversed if needed).
fn oriented(mut pts: Vec<(f32, f32)>, positive: bool) -> Vec<(f32, f32)> {
    if (signed_area(&pts) >= 0.0) != positive {
        pts.reverse();
    }
    pts
}

/// Quad covering the segment thickened by half-width `hw`, extended by `ext` at both ends.
fn segment_quad(x0: f32, y0: f32, x1: f32, y1: f32, hw: f32, ext: f32) -> Option<Vec<(f32, f32)>> {
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt();
    if !long_enough(len) {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy * hw, ux * hw);
    let (ax, ay) = (x0 - ux * ext, y0 - uy * ext);
    let (bx, by) = (x1 + ux * ext, y1 + uy * ext);
    Some(oriented(
        vec![
            (ax + nx, ay + ny),
            (bx + nx, by + ny),
            (bx - nx, by - ny),
            (ax - nx, ay - ny),
        ],
        true,
    ))
}

fn long_enough(len: f32) -> bool {
    len.is_finite() && len > 1e-6
}

fn finite(vals: &[f32]) -> bool {
    vals.iter().all(|v| v.is_finite())
}

fn sane_width(width: f32) -> Option<f32> {
    if width.is_finite() && width > 0.0 {
        Some(width.min(COORD_LIMIT))
    } else {
        None
    }
}

// ---------------------------------------------------------------------------------------
// Canvas

/// An RGBA image plus drawing operations. All coordinates are in pixels, (0, 0) top-left,
/// pixel centres at half-integers (a rect at integer coordinates has crisp edges).
#[derive(Clone)]
pub struct Canvas {
    pub img: RgbaImage,
}

impl fmt::Debug for Canvas {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Canvas({}x{})", self.img.width(), self.img.height())
    }
}

impl Canvas {
    /// A canvas filled with `bg`. Sides are clamped to `MAX_CANVAS_SIDE`; zero is allowed
    /// (drawing is then a no-op).
    pub fn new(w: u32, h: u32, bg: Color) -> Canvas {
        Canvas {
            img: RgbaImage::from_pixel(w.min(MAX_CANVAS_SIDE), h.min(MAX_CANVAS_SIDE), bg),
        }
    }

    /// A copy of a cached static layer (a plain clone of the pixels).
    pub fn from_layer(layer: &RgbaImage) -> Canvas {
        Canvas { img: layer.clone() }
    }

    /// Consumes the canvas, returning the image (e.g. to store in a `LayerCache`).
    pub fn into_image(self) -> RgbaImage {
        self.img
    }

    pub fn width(&self) -> u32 {
        self.img.width()
    }

    pub fn height(&self) -> u32 {
        self.img.height()
    }

    /// Fills the union of closed paths. Paths are used as given (non-zero winding, coverage
    /// clamped to 1): same orientation = union, opposite orientation = hole.
    fn fill_paths(&mut self, paths: &[Vec<(f32, f32)>], c: Color) {
        if c.0[3] == 0 || self.img.width() == 0 || self.img.height() == 0 {
            return;
        }
        let mut minx = f32::INFINITY;
        let mut miny = f32::INFINITY;
        let mut maxx = f32::NEG_INFINITY;
        let mut maxy = f32::NEG_INFINITY;
        for p in paths.iter().flatten() {
            if !p.0.is_finite() || !p.1.is_finite() {
                return;
            }
            minx = minx.min(p.0);
            miny = miny.min(p.1);
            maxx = maxx.max(p.0);
            maxy = maxy.max(p.1);
        }
        let (wf, hf) = (self.img.width() as f32, self.img.height() as f32);
        let x0 = minx.max(0.0).floor();
        let y0 = miny.max(0.0).floor();
        let x1 = maxx.min(wf).ceil();
        let y1 = maxy.min(hf).ceil();
        if !(x1 > x0 && y1 > y0) {
            return;
        }
        let (x0, y0) = (x0 as i32, y0 as i32);
        let (bw, bh) = ((x1 as i32 - x0) as usize, (y1 as i32 - y0) as usize);
        let mut cov = Coverage::new(x0, y0, bw, bh);
        let clamp = |p: (f32, f32)| {
            (
                p.0.clamp(-COORD_LIMIT, COORD_LIMIT),
                p.1.clamp(-COORD_LIMIT, COORD_LIMIT),
            )
        };
        for path in paths {
            let n = path.len();
            if n < 3 {
                continue;
            }
            for i in 0..n {
                cov.add_edge(clamp(path[i]), clamp(path[(i + 1) % n]));
            }
        }
        for row in 0..bh {
            let mut acc = 0.0f32;
            let line = &cov.acc[row * cov.stride..row * cov.stride + bw];
            let py = y0 as u32 + row as u32;
            for (col, a) in line.iter().enumerate() {
                acc += a;
                let k = acc.abs().min(1.0);
                if k > 1.0 / 512.0 {
                    let px = self.img.get_pixel_mut(x0 as u32 + col as u32, py);
                    blend(px, c, k);
                }
            }
        }
    }

    /// Fills a polygon (any orientation; self-intersections use non-zero winding).
    pub fn fill_polygon(&mut self, pts: &[(f32, f32)], c: Color) {
        if pts.len() >= 3 {
            self.fill_paths(&[pts.to_vec()], c);
        }
    }

    /// Outlines a closed polygon with a stroke of `width` px centred on the edges (round joins).
    pub fn stroke_polygon(&mut self, pts: &[(f32, f32)], c: Color, width: f32) {
        let n = pts.len();
        if n < 2 {
            return;
        }
        let edges = if n == 2 { 1 } else { n };
        self.stroke_path(pts, edges, c, width);
    }

    /// An open polyline through `pts` (round joins and caps).
    pub fn polyline(&mut self, pts: &[(f32, f32)], c: Color, width: f32) {
        if pts.len() >= 2 {
            self.stroke_path(pts, pts.len() - 1, c, width);
        }
    }

    fn stroke_path(&mut self, pts: &[(f32, f32)], edges: usize, c: Color, width: f32) {
        let Some(width) = sane_width(width) else {
            return;
        };
        let hw = width / 2.0;
        let n = pts.len();
        let mut paths = Vec::with_capacity(edges + n);
        for i in 0..edges {
            let (a, b) = (pts[i], pts[(i + 1) % n]);
            if let Some(q) = segment_quad(a.0, a.1, b.0, b.1, hw, 0.0) {
                paths.push(q);
            }
        }
        if width > 1.0 {
            for p in pts {
                paths.push(oriented(circle_points(p.0, p.1, hw), true));
            }
        }
        self.fill_paths(&paths, c);
    }

    /// Fills an axis-aligned rectangle (negative sizes extend left/up).
    pub fn fill_rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Color) {
        self.fill_paths(&[vec![(x, y), (x + w, y), (x + w, y + h), (x, y + h)]], c);
    }

    /// Outlines a rectangle with a stroke of `width` px centred on its edges (mitred corners).
    pub fn stroke_rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Color, width: f32) {
        let Some(width) = sane_width(width) else {
            return;
        };
        let (x, w) = if w < 0.0 { (x + w, -w) } else { (x, w) };
        let (y, h) = if h < 0.0 { (y + h, -h) } else { (y, h) };
        let hw = width / 2.0;
        let outer = vec![
            (x - hw, y - hw),
            (x + w + hw, y - hw),
            (x + w + hw, y + h + hw),
            (x - hw, y + h + hw),
        ];
        let mut paths = vec![oriented(outer, true)];
        if w > width && h > width {
            let inner = vec![
                (x + hw, y + hw),
                (x + w - hw, y + hw),
                (x + w - hw, y + h - hw),
                (x + hw, y + h - hw),
            ];
            paths.push(oriented(inner, false));
        }
        self.fill_paths(&paths, c);
    }

    /// Fills a rectangle with rounded corners.
    pub fn fill_rounded_rect(&mut self, x: f32, y: f32, w: f32, h: f32, rad: f32, c: Color) {
        self.fill_polygon(&rounded_rect_points(x, y, w, h, rad), c);
    }

    /// Outlines a rectangle with rounded corners.
    #[allow(clippy::too_many_arguments)]
    pub fn stroke_rounded_rect(
        &mut self,
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        rad: f32,
        c: Color,
        width: f32,
    ) {
        let Some(width) = sane_width(width) else {
            return;
        };
        let hw = width / 2.0;
        let outer = rounded_rect_points(x - hw, y - hw, w + width, h + width, rad + hw);
        let mut paths = vec![oriented(outer, true)];
        if w > width && h > width {
            let inner =
                rounded_rect_points(x + hw, y + hw, w - width, h - width, (rad - hw).max(0.0));
            paths.push(oriented(inner, false));
        }
        self.fill_paths(&paths, c);
    }

    /// Fills a disc.
    pub fn fill_circle(&mut self, cx: f32, cy: f32, r: f32, c: Color) {
        if r.is_finite() && r > 0.0 && finite(&[cx, cy]) {
            self.fill_paths(&[circle_points(cx, cy, r)], c);
        }
    }

    /// Outlines a circle with a ring of `width` px centred on radius `r`.
    pub fn stroke_circle(&mut self, cx: f32, cy: f32, r: f32, c: Color, width: f32) {
        let Some(width) = sane_width(width) else {
            return;
        };
        if !(r.is_finite() && r > 0.0 && finite(&[cx, cy])) {
            return;
        }
        let hw = width / 2.0;
        let mut paths = vec![oriented(circle_points(cx, cy, r + hw), true)];
        if r - hw > 0.0 {
            paths.push(oriented(circle_points(cx, cy, r - hw), false));
        }
        self.fill_paths(&paths, c);
    }

    /// A straight line of `width` px (round caps from 2 px up, butt caps below).
    pub fn line(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, c: Color, width: f32) {
        let Some(width) = sane_width(width) else {
            return;
        };
        if !finite(&[x0, y0, x1, y1]) {
            return;
        }
        let hw = width / 2.0;
        let mut paths = Vec::with_capacity(3);
        if let Some(q) = segment_quad(x0, y0, x1, y1, hw, 0.0) {
            paths.push(q);
        }
        if width >= 2.0 {
            paths.push(oriented(circle_points(x0, y0, hw), true));
            paths.push(oriented(circle_points(x1, y1, hw), true));
        }
        self.fill_paths(&paths, c);
    }

    /// A dashed line: dashes of length `dash` separated by gaps of 0.8 × `dash`
    /// (solid if `dash` < 1). At most 10 000 dashes are drawn.
    #[allow(clippy::too_many_arguments)]
    pub fn dashed_line(
        &mut self,
        x0: f32,
        y0: f32,
        x1: f32,
        y1: f32,
        c: Color,
        width: f32,
        dash: f32,
    ) {
        let Some(width) = sane_width(width) else {
            return;
        };
        if !finite(&[x0, y0, x1, y1]) {
            return;
        }
        if !(dash.is_finite() && dash >= 1.0) {
            self.line(x0, y0, x1, y1, c, width);
            return;
        }
        let (dx, dy) = (x1 - x0, y1 - y0);
        let len = (dx * dx + dy * dy).sqrt();
        if !long_enough(len) {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let period = dash * 1.8;
        let count = ((len / period).ceil() as usize).min(10_000);
        let mut paths = Vec::with_capacity(count);
        for i in 0..count {
            let s = i as f32 * period;
            let e = (s + dash).min(len);
            if e <= s {
                break;
            }
            if let Some(q) = segment_quad(
                x0 + ux * s,
                y0 + uy * s,
                x0 + ux * e,
                y0 + uy * e,
                width / 2.0,
                0.0,
            ) {
                paths.push(q);
            }
        }
        self.fill_paths(&paths, c);
    }

    /// A line from (x0, y0) with a filled arrow head whose tip is exactly at (x1, y1).
    pub fn arrow(&mut self, x0: f32, y0: f32, x1: f32, y1: f32, c: Color, width: f32) {
        let Some(width) = sane_width(width) else {
            return;
        };
        if !finite(&[x0, y0, x1, y1]) {
            return;
        }
        let (dx, dy) = (x1 - x0, y1 - y0);
        let len = (dx * dx + dy * dy).sqrt();
        if !long_enough(len) {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let head = (width * 3.5 + 6.0).min(len);
        let half = head * 0.55;
        let (bx, by) = (x1 - ux * head, y1 - uy * head);
        let mut paths = Vec::with_capacity(3);
        // shaft stops inside the head so no seam shows
        let shaft_end = (len - head * 0.5).max(0.0);
        if let Some(q) = segment_quad(
            x0,
            y0,
            x0 + ux * shaft_end,
            y0 + uy * shaft_end,
            width / 2.0,
            0.0,
        ) {
            paths.push(q);
        }
        if width >= 2.0 {
            paths.push(oriented(circle_points(x0, y0, width / 2.0), true));
        }
        paths.push(oriented(
            vec![
                (x1, y1),
                (bx - uy * half, by + ux * half),
                (bx + uy * half, by - ux * half),
            ],
            true,
        ));
        self.fill_paths(&paths, c);
    }

    // ----------------------------------------------------------------------------- text

    /// Core text drawing: rasterizes `s` into a coverage mask (clipped to the canvas),
    /// optionally dilates it for an outline, then blends.
    #[allow(clippy::too_many_arguments)]
    fn draw_text(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        fill: Color,
        outline: Option<Color>,
        s: &str,
        align: Align,
        bold: bool,
    ) {
        let (Some(size), Some(font)) = (sane_size(size), font(bold)) else {
            return;
        };
        if s.is_empty() || !finite(&[x, y]) || self.img.width() == 0 || self.img.height() == 0 {
            return;
        }
        let (cw, ch) = (self.img.width() as f32, self.img.height() as f32);
        let scale = PxScale::from(size);
        let sf = font.as_scaled(scale);
        let lh = line_height(&sf);
        let ow = if outline.is_some() {
            outline_width(size)
        } else {
            0.0
        };
        let margin = ow + size * 0.35 + 2.0;
        // visible lines: (text, left x, top y)
        let mut lines: Vec<(&str, f32, f32, f32)> = Vec::new();
        for (i, line) in s.split('\n').enumerate() {
            let top = y + i as f32 * lh;
            if top > ch + margin {
                break;
            }
            if top + lh < -margin || line.is_empty() {
                continue;
            }
            let w = line_width(&sf, line);
            let lx = match align {
                Align::Left => x,
                Align::Center => x - w / 2.0,
                Align::Right => x - w,
            };
            if lx > cw + margin || lx + w < -margin {
                continue;
            }
            lines.push((line, lx, top, w));
        }
        if lines.is_empty() {
            return;
        }
        let bx0 = lines.iter().map(|l| l.1).fold(f32::INFINITY, f32::min) - margin;
        let bx1 = lines
            .iter()
            .map(|l| l.1 + l.3)
            .fold(f32::NEG_INFINITY, f32::max)
            + margin;
        let by0 = lines[0].2 - margin;
        let by1 = lines[lines.len() - 1].2 + lh + margin;
        let mx0 = bx0.max(0.0).floor() as i64;
        let my0 = by0.max(0.0).floor() as i64;
        let mx1 = bx1.min(cw).ceil() as i64;
        let my1 = by1.min(ch).ceil() as i64;
        if mx1 <= mx0 || my1 <= my0 {
            return;
        }
        let (mw, mh) = ((mx1 - mx0) as usize, (my1 - my0) as usize);
        let mut mask = vec![0.0f32; mw * mh];
        for &(line, lx, top, _) in &lines {
            let baseline = top + sf.ascent();
            let mut pen = lx;
            let mut prev: Option<GlyphId> = None;
            for c in line.chars() {
                if c.is_control() {
                    continue;
                }
                let id = sf.glyph_id(c);
                if let Some(p) = prev {
                    pen += sf.kern(p, id);
                }
                prev = Some(id);
                let adv = sf.h_advance(id);
                if pen > mx1 as f32 + size {
                    break;
                }
                if pen + adv + size >= mx0 as f32 {
                    let g = id.with_scale_and_position(scale, point(pen, baseline));
                    if let Some(og) = font.outline_glyph(g) {
                        let b = og.px_bounds();
                        let (gx0, gy0) = (b.min.x as i64, b.min.y as i64);
                        og.draw(|gx, gy, k| {
                            let px = gx0 + gx as i64 - mx0;
                            let py = gy0 + gy as i64 - my0;
                            if px >= 0 && py >= 0 && (px as usize) < mw && (py as usize) < mh {
                                let m = &mut mask[py as usize * mw + px as usize];
                                *m = (*m + k).min(1.0);
                            }
                        });
                    }
                }
                pen += adv;
            }
        }
        if let Some(oc) = outline {
            let r = ow;
            let ri = r.ceil() as i64 + 1;
            let mut offsets = Vec::new();
            for dy in -ri..=ri {
                for dx in -ri..=ri {
                    let d = ((dx * dx + dy * dy) as f32).sqrt();
                    let wgt = (r + 0.5 - d).clamp(0.0, 1.0);
                    if wgt > 0.0 {
                        offsets.push((dx, dy, wgt));
                    }
                }
            }
            // dilate only where there is ink nearby: walk ink pixels and spread
            let mut grown = vec![0.0f32; mw * mh];
            for py in 0..mh {
                for px in 0..mw {
                    let k = mask[py * mw + px];
                    if k <= 0.0 {
                        continue;
                    }
                    for &(dx, dy, wgt) in &offsets {
                        let qx = px as i64 + dx;
                        let qy = py as i64 + dy;
                        if qx >= 0 && qy >= 0 && (qx as usize) < mw && (qy as usize) < mh {
                            let g = &mut grown[qy as usize * mw + qx as usize];
                            let v = k * wgt;
                            if v > *g {
                                *g = v;
                            }
                        }
                    }
                }
            }
            self.blend_mask(&grown, mx0 as u32, my0 as u32, mw, oc);
        }
        self.blend_mask(&mask, mx0 as u32, my0 as u32, mw, fill);
    }

    fn blend_mask(&mut self, mask: &[f32], x0: u32, y0: u32, mw: usize, c: Color) {
        if mw == 0 {
            return;
        }
        for (i, &k) in mask.iter().enumerate() {
            if k > 1.0 / 512.0 {
                let (px, py) = (x0 + (i % mw) as u32, y0 + (i / mw) as u32);
                if px < self.img.width() && py < self.img.height() {
                    blend(self.img.get_pixel_mut(px, py), c, k);
                }
            }
        }
    }

    /// Text in DejaVu Sans with its line box's top at `y`; `x` is the left edge, centre or
    /// right edge per `align`. `size` is the line-box height in px (caps are ~0.63 × size).
    /// `\n` starts a new line.
    pub fn text(&mut self, x: f32, y: f32, size: f32, c: Color, s: &str, align: Align) {
        self.draw_text(x, y, size, c, None, s, align, false);
    }

    /// Like [`Canvas::text`] in DejaVu Sans Bold.
    pub fn text_bold(&mut self, x: f32, y: f32, size: f32, c: Color, s: &str, align: Align) {
        self.draw_text(x, y, size, c, None, s, align, true);
    }

    /// Bold text with an outline (halo) of about size/10 px in `outline`: readable on
    /// any background.
    #[allow(clippy::too_many_arguments)]
    pub fn text_outlined(
        &mut self,
        x: f32,
        y: f32,
        size: f32,
        fill: Color,
        outline: Color,
        s: &str,
        align: Align,
    ) {
        self.draw_text(x, y, size, fill, Some(outline), s, align, true);
    }

    /// Text whose capital letters are centred on (cx, cy) both ways (labels in shapes).
    pub fn text_centered(&mut self, cx: f32, cy: f32, size: f32, c: Color, s: &str, bold: bool) {
        let top = cy - cap_middle(size, bold);
        self.draw_text(cx, top, size, c, None, s, Align::Center, bold);
    }

    /// A place name: bold `INK` text with a white halo, centred on (cx, cy) both ways
    /// (caps centred vertically). Readable on any terrain colour.
    pub fn label(&mut self, cx: f32, cy: f32, size: f32, s: &str) {
        let top = cy - cap_middle(size, true);
        self.draw_text(cx, top, size, INK, Some(WHITE), s, Align::Center, true);
    }

    /// Width in px of the widest line of `s` in the regular font.
    pub fn text_width(&self, size: f32, s: &str) -> f32 {
        measure(size, s, false)
    }

    /// Width in px of the widest line of `s` in the bold font.
    pub fn text_width_bold(&self, size: f32, s: &str) -> f32 {
        measure(size, s, true)
    }

    /// Distance between the tops of consecutive text lines at `size`.
    pub fn line_height(&self, size: f32) -> f32 {
        match (sane_size(size), font(false)) {
            (Some(size), Some(f)) => line_height(&f.as_scaled(PxScale::from(size))),
            _ => 0.0,
        }
    }

    /// `s` cut to fit `max_w` px (with "…" if cut).
    pub fn ellipsize(&self, size: f32, s: &str, max_w: f32, bold: bool) -> String {
        if measure(size, s, bold) <= max_w {
            return s.to_string();
        }
        let (Some(size), Some(font)) = (sane_size(size), font(bold)) else {
            return String::new();
        };
        let sf = font.as_scaled(PxScale::from(size));
        let ell = line_width(&sf, "…");
        let mut w = 0.0;
        let mut out = String::new();
        for c in s.chars() {
            if c == '\n' {
                break;
            }
            let cw = sf.h_advance(sf.glyph_id(c));
            if w + cw + ell > max_w {
                break;
            }
            w += cw;
            out.push(c);
        }
        out.push('…');
        out
    }

    /// Word-wraps `s` to lines of at most `max_w` px (hard-breaking over-long words).
    /// At most 200 lines are returned.
    pub fn wrap(&self, size: f32, s: &str, max_w: f32, bold: bool) -> Vec<String> {
        let (Some(size), Some(font)) = (sane_size(size), font(bold)) else {
            return Vec::new();
        };
        let sf = font.as_scaled(PxScale::from(size));
        let max_w = if max_w.is_finite() {
            max_w.max(size)
        } else {
            size
        };
        let space = sf.h_advance(sf.glyph_id(' '));
        let mut out: Vec<String> = Vec::new();
        for para in s.split('\n') {
            let mut cur = String::new();
            let mut cur_w = 0.0;
            for word in para.split(' ').filter(|w| !w.is_empty()) {
                if out.len() >= MAX_WRAP_LINES {
                    return out;
                }
                let ww = line_width(&sf, word);
                if !cur.is_empty() && cur_w + space + ww <= max_w {
                    cur.push(' ');
                    cur.push_str(word);
                    cur_w += space + ww;
                    continue;
                }
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                if ww <= max_w {
                    cur = word.to_string();
                    cur_w = ww;
                } else {
                    // hard-break the word
                    cur_w = 0.0;
                    for c in word.chars() {
                        let cw = sf.h_advance(sf.glyph_id(c));
                        if !cur.is_empty() && cur_w + cw > max_w {
                            out.push(std::mem::take(&mut cur));
                            cur_w = 0.0;
                            if out.len() >= MAX_WRAP_LINES {
                                return out;
                            }
                        }
                        cur.push(c);
                        cur_w += cw;
                    }
                }
            }
            out.push(cur);
            if out.len() >= MAX_WRAP_LINES {
                out.truncate(MAX_WRAP_LINES);
                return out;
            }
        }
        out
    }

    // --------------------------------------------------------------------------- pieces

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
        let mut buf = [0u8; 4];
        let letter: &str = style.letter.encode_utf8(&mut buf);
        self.text_centered(cx, ly, lsize, contrast_color(style.color), letter, true);
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

    fn panel_box(&mut self, x: f32, y: f32, w: f32, h: f32) {
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
        const PAD: f32 = 8.0;
        const NAME: f32 = 17.0;
        const DETAIL: f32 = 14.0;
        const SCORE: f32 = 20.0;
        const R: f32 = 13.0;
        if rows.is_empty() || !finite(&[x, y, w]) || w <= 0.0 {
            return 0.0;
        }
        let has_detail = rows.iter().any(|r| !r.detail.is_empty());
        let row_h = if has_detail { 48.0 } else { 36.0 };
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
            let tx = x + PAD + 16.0 + R;
            self.token(tx, cy, R, &row.style, None);
            let name_x = tx + R + 12.0;
            let score_w = self.text_width_bold(SCORE, &row.score);
            let sx = x + w - PAD - 6.0;
            if !row.score.is_empty() {
                self.text_bold(
                    sx,
                    cy - self.line_height(SCORE) / 2.0,
                    SCORE,
                    INK,
                    &row.score,
                    Align::Right,
                );
            }
            let avail = (sx - score_w - 10.0 - name_x).max(0.0);
            let name = self.ellipsize(NAME, &row.name, avail, true);
            if row.detail.is_empty() {
                let nh = self.line_height(NAME);
                self.text_bold(name_x, cy - nh / 2.0, NAME, INK, &name, Align::Left);
            } else {
                let (nh, dh) = (self.line_height(NAME), self.line_height(DETAIL));
                let top = cy - (nh + dh) / 2.0 + 1.0;
                self.text_bold(name_x, top, NAME, INK, &name, Align::Left);
                let detail = self.ellipsize(DETAIL, &row.detail, avail, false);
                let dy = top + nh;
                self.text(name_x, dy, DETAIL, MUTED, &detail, Align::Left);
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

    // --------------------------------------------------------------------------- output

    /// PNG bytes (default zlib level, adaptive filters — as small as `Best` on boards, faster; stored as RGB when fully opaque).
    /// A zero-sized canvas encodes as a 1×1 transparent image. Never empty in practice.
    pub fn encode_png(&self) -> Vec<u8> {
        if self.img.width() == 0 || self.img.height() == 0 {
            return encode(&RgbaImage::new(1, 1)).unwrap_or_default();
        }
        encode(&self.img)
            .or_else(|| encode(&RgbaImage::new(1, 1)))
            .unwrap_or_default()
    }
}

fn encode(img: &RgbaImage) -> Option<Vec<u8>> {
    let (w, h) = img.dimensions();
    let mut out = Vec::new();
    let enc = PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive);
    let raw = img.as_raw();
    let opaque = raw.chunks_exact(4).all(|p| p[3] == 255);
    let res = if opaque {
        let rgb: Vec<u8> = raw
            .chunks_exact(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        enc.write_image(&rgb, w, h, ExtendedColorType::Rgb8)
    } else {
        enc.write_image(raw, w, h, ExtendedColorType::Rgba8)
    };
    res.ok().map(|_| out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG_SIG: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

    fn ink_count(c: &Canvas, bg: Color) -> usize {
        c.img.pixels().filter(|p| **p != bg).count()
    }

    #[test]
    fn embedded_fonts_parse() {
        assert!(fonts().is_some());
    }

    #[test]
    fn encode_png_has_png_signature() {
        let c = Canvas::new(20, 10, PAPER);
        let png = c.encode_png();
        assert_eq!(&png[..8], &PNG_SIG);
        let t = Canvas::new(20, 10, rgba(0, 0, 0, 0));
        assert_eq!(&t.encode_png()[..8], &PNG_SIG);
    }

    #[test]
    fn zero_sized_canvas_encodes_and_draws_nothing() {
        let mut c = Canvas::new(0, 0, PAPER);
        c.fill_circle(0.0, 0.0, 10.0, INK);
        c.text(0.0, 0.0, 20.0, INK, "hello", Align::Left);
        c.panel(0.0, 0.0, 100.0, "t", &["r".into()]);
        assert_eq!(&c.encode_png()[..8], &PNG_SIG);
    }

    #[test]
    fn off_canvas_and_odd_input_does_not_panic() {
        let mut c = Canvas::new(50, 40, PAPER);
        let style = player_style(0, "Ann");
        for &(x, y) in &[
            (-1e9f32, -1e9f32),
            (1e9, 1e9),
            (-30.0, 20.0),
            (60.0, -5.0),
            (f32::NAN, 3.0),
            (f32::INFINITY, 0.0),
            (25.0, 20.0),
        ] {
            c.fill_polygon(&[(x, y), (x + 100.0, y), (x, y + 100.0)], INK);
            c.stroke_polygon(&[(x, y), (1e30, -1e30), (3.0, 4.0)], INK, 3.0);
            c.stroke_polygon(&[(x, y)], INK, 3.0);
            c.fill_rect(x, y, -10.0, 1e12, INK);
            c.stroke_rect(x, y, 0.0, 0.0, INK, 5.0);
            c.fill_circle(x, y, 1e9, INK);
            c.stroke_circle(x, y, 0.0, INK, -2.0);
            c.line(x, y, -x, 7.0, INK, 1e9);
            c.dashed_line(x, y, 40.0, 30.0, INK, 2.0, 0.001);
            c.dashed_line(-1e6, 0.0, 1e6, 10.0, INK, 2.0, 3.0);
            c.arrow(x, y, x, y, INK, 3.0);
            c.arrow(x, y, 10.0, 10.0, INK, 0.0);
            c.text(x, y, 20.0, INK, "Hi\nthere", Align::Right);
            c.text(x, y, f32::NAN, INK, "Hi", Align::Center);
            c.text_bold(x, y, 1e9, INK, "Big", Align::Center);
            c.text_outlined(x, y, 18.0, WHITE, INK, "", Align::Left);
            c.token(x, y, 20.0, &style, Some(u32::MAX));
            c.token(x, y, -1.0, &style, None);
            c.panel(x, y, 0.0, "", &[]);
            c.panel(x, y, 30.0, "Title that is long", &["x".repeat(500)]);
            c.scoreboard(x, y, 5.0, &[]);
            c.legend(x, y, &[(INK, String::new())]);
        }
        let huge = "W".repeat(100_000);
        c.text(0.0, 0.0, 30.0, INK, &huge, Align::Center);
        c.text_outlined(-5.0, 10.0, 30.0, INK, WHITE, &huge, Align::Left);
        assert!(c.wrap(16.0, &huge, 40.0, false).len() <= 200);
        c.panel(0.0, 0.0, 40.0, &huge, std::slice::from_ref(&huge));
        assert_eq!(c.width(), 50);
    }

    #[test]
    fn text_width_grows_with_length() {
        let c = Canvas::new(1, 1, PAPER);
        let a = c.text_width(16.0, "Kat");
        let b = c.text_width(16.0, "Kathmandu");
        assert!(a > 0.0 && b > a, "{a} {b}");
        assert!(c.text_width(32.0, "Kat") > a * 1.9);
        assert!(c.text_width_bold(16.0, "Kathmandu") > b);
        assert_eq!(c.text_width(16.0, ""), 0.0);
    }

    #[test]
    fn text_is_drawn_below_its_top_anchor() {
        let mut c = Canvas::new(200, 100, WHITE);
        c.text(10.0, 40.0, 20.0, BLACK, "HHHH", Align::Left);
        let rows: Vec<u32> = c
            .img
            .enumerate_pixels()
            .filter(|(_, _, p)| **p != WHITE)
            .map(|(_, y, _)| y)
            .collect();
        assert!(!rows.is_empty());
        assert!(*rows.iter().min().unwrap() >= 40);
        assert!(*rows.iter().max().unwrap() <= 60);
    }

    #[test]
    fn text_alignment_right_ends_at_anchor() {
        let mut c = Canvas::new(200, 40, WHITE);
        c.text(150.0, 5.0, 20.0, BLACK, "HHH", Align::Right);
        let xs: Vec<u32> = c
            .img
            .enumerate_pixels()
            .filter(|(_, _, p)| **p != WHITE)
            .map(|(x, _, _)| x)
            .collect();
        assert!(*xs.iter().max().unwrap() <= 151);
        assert!(*xs.iter().min().unwrap() >= 100);
    }

    #[test]
    fn player_styles_distinct_for_seats_0_to_6() {
        let names = ["ann", "bob", "cy", "dee", "eve", "fay", "gus"];
        let styles: Vec<PlayerStyle> = names
            .iter()
            .enumerate()
            .map(|(i, n)| player_style(i, n))
            .collect();
        for i in 0..styles.len() {
            for j in i + 1..styles.len() {
                assert_ne!(styles[i].color, styles[j].color, "seats {i} {j}");
            }
        }
        for i in 0..5 {
            for j in i + 1..5 {
                assert_ne!(styles[i].shape, styles[j].shape);
            }
        }
        assert_eq!(styles[0].letter, 'A');
        assert_eq!(player_style(3, "  émile").letter, 'É');
        assert_eq!(player_style(2, "").letter, '3');
    }

    #[test]
    fn fill_rect_is_crisp_and_exact() {
        let mut c = Canvas::new(10, 10, WHITE);
        c.fill_rect(2.0, 3.0, 4.0, 5.0, BLACK);
        assert_eq!(ink_count(&c, WHITE), 20);
        assert!(c.img.pixels().all(|p| *p == WHITE || *p == BLACK));
    }

    #[test]
    fn shapes_clipped_at_canvas_edges_keep_exact_coverage() {
        let mut c = Canvas::new(10, 10, WHITE);
        c.fill_rect(-5.0, -3.0, 8.0, 6.0, BLACK); // covers x 0..3, y 0..3
        c.fill_rect(7.0, 6.0, 100.0, 100.0, BLACK); // covers x 7..10, y 6..10
        assert_eq!(ink_count(&c, WHITE), 9 + 12);
        assert!(c.img.pixels().all(|p| *p == WHITE || *p == BLACK));
        let mut d = Canvas::new(10, 10, WHITE);
        d.fill_polygon(
            &[(-20.0, -20.0), (30.0, -20.0), (30.0, 30.0), (-20.0, 30.0)],
            BLACK,
        );
        assert!(d.img.pixels().all(|p| *p == BLACK));
    }

    #[test]
    fn stroke_circle_leaves_the_centre_empty() {
        let mut c = Canvas::new(60, 60, WHITE);
        c.stroke_circle(30.0, 30.0, 20.0, BLACK, 4.0);
        assert_eq!(*c.img.get_pixel(30, 30), WHITE);
        assert_eq!(*c.img.get_pixel(30, 10), BLACK);
        assert_eq!(*c.img.get_pixel(49, 30), BLACK);
    }

    #[test]
    fn translucent_stroke_joins_are_not_double_blended() {
        let mut c = Canvas::new(60, 60, WHITE);
        c.stroke_polygon(
            &[(10.0, 10.0), (50.0, 10.0), (50.0, 50.0)],
            rgba(0, 0, 0, 128),
            6.0,
        );
        // the corner (round join + two quads overlap) has the same value as mid-edge
        assert_eq!(c.img.get_pixel(50, 10), c.img.get_pixel(30, 10));
    }

    #[test]
    fn thick_line_covers_its_width() {
        let mut c = Canvas::new(40, 40, WHITE);
        c.line(5.0, 20.0, 35.0, 20.0, BLACK, 8.0);
        for y in 17..23 {
            assert_eq!(*c.img.get_pixel(20, y), BLACK, "y={y}");
        }
        assert_eq!(*c.img.get_pixel(20, 10), WHITE);
    }

    #[test]
    fn dashed_line_has_gaps() {
        let mut c = Canvas::new(100, 10, WHITE);
        c.dashed_line(0.0, 5.0, 100.0, 5.0, BLACK, 2.0, 10.0);
        let row: Vec<bool> = (0..100).map(|x| *c.img.get_pixel(x, 5) != WHITE).collect();
        assert!(row[2] && !row[14] && row[20]);
    }

    #[test]
    fn token_draws_letter_in_contrasting_colour() {
        let mut c = Canvas::new(60, 60, WHITE);
        let s = player_style(2, "Zed"); // bluish green -> white letter
        c.token(30.0, 30.0, 20.0, &s, Some(3));
        assert!(c.img.pixels().any(|p| *p == s.color));
        assert!(c.img.pixels().any(|p| *p == WHITE));
        assert!(c.img.pixels().any(|p| *p == INK));
    }

    #[test]
    fn layer_cache_draws_once() {
        let cache = LayerCache::new();
        let mut calls = 0;
        let a = cache.get_or_draw(|| {
            calls += 1;
            RgbaImage::new(3, 2)
        });
        assert_eq!(a.dimensions(), (3, 2));
        let b = cache.get_or_draw(|| RgbaImage::new(9, 9));
        assert_eq!(b.dimensions(), (3, 2));
        assert_eq!(calls, 1);
        let c = Canvas::from_layer(b);
        assert_eq!(c.width(), 3);
    }

    #[test]
    fn panel_and_scoreboard_return_heights() {
        let mut c = Canvas::new(400, 400, PAPER);
        let h1 = c.panel(10.0, 10.0, 200.0, "Title", &["one".into()]);
        let h2 = c.panel(10.0, 10.0, 200.0, "Title", &["one".into(), "two".into()]);
        assert!(h2 > h1 && h1 > 0.0);
        let rows = vec![ScoreRow {
            style: player_style(0, "Ann"),
            name: "Ann".into(),
            score: "12".into(),
            detail: "3 yaks".into(),
            to_act: true,
        }];
        assert!(c.scoreboard(10.0, 100.0, 250.0, &rows) > 0.0);
        assert!(c.legend(10.0, 200.0, &[(INK, "road".into())]) > 0.0);
    }

    /// A typical busy board (hex grid, labels, tokens, panels) stays well under 1 MB.
    #[test]
    fn typical_board_png_under_one_megabyte() {
        let c = demo_board(1400, 900);
        let png = c.encode_png();
        assert_eq!(&png[..8], &PNG_SIG);
        assert!(png.len() < 1_000_000, "{} bytes", png.len());
    }

    fn demo_board(w: u32, h: u32) -> Canvas {
        let mut c = Canvas::new(w, h, PAPER);
        let names = ["Ann", "bob", "Chandra", "dawa", "Eve", "Fay", "Gus"];
        let styles: Vec<PlayerStyle> = names
            .iter()
            .enumerate()
            .map(|(i, n)| player_style(i, n))
            .collect();
        // terrain: hex grid with varied fills
        let terrain = [
            rgb(200, 220, 170),
            rgb(170, 200, 140),
            rgb(215, 205, 175),
            rgb(235, 235, 240),
        ];
        let r = 34.0;
        let dx = r * 1.5;
        let dy = r * 3f32.sqrt();
        let mut k = 0usize;
        for col in 0..18 {
            for row in 0..11 {
                let cx = 60.0 + col as f32 * dx;
                let cy = 50.0 + row as f32 * dy + if col % 2 == 1 { dy / 2.0 } else { 0.0 };
                let pts = hex_corners(cx, cy, r, false);
                k = (k * 31 + col * 7 + row * 13) % 97;
                c.fill_polygon(&pts, terrain[k % terrain.len()]);
                c.stroke_polygon(&pts, rgb(120, 120, 110), 1.5);
            }
        }
        // routes
        c.line(100.0, 120.0, 500.0, 380.0, rgb(140, 90, 40), 5.0);
        c.dashed_line(500.0, 380.0, 820.0, 250.0, rgb(60, 60, 160), 3.0, 10.0);
        c.arrow(820.0, 250.0, 900.0, 520.0, rgb(200, 30, 30), 4.0);
        // labels
        for (i, n) in [
            "Kathmandu",
            "Pokhara",
            "Gorkha",
            "Mustang-Lo",
            "Namche",
            "Lukla",
        ]
        .iter()
        .enumerate()
        {
            let x = 120.0 + i as f32 * 140.0;
            c.text_outlined(x, 420.0, 16.0, INK, WHITE, n, Align::Center);
            c.label(x, 470.0, 15.0, n);
        }
        // tokens
        for (i, s) in styles.iter().enumerate() {
            let x = 90.0 + i as f32 * 60.0;
            c.token(
                x,
                300.0,
                16.0,
                s,
                if i % 2 == 0 { Some(i as u32 + 1) } else { None },
            );
            c.token(x, 360.0, 12.0, s, None);
        }
        // side panels
        let rows: Vec<ScoreRow> = styles
            .iter()
            .take(5)
            .enumerate()
            .map(|(i, s)| ScoreRow {
                style: *s,
                name: names[i].to_string(),
                score: format!("{}", 10 * i),
                detail: if i == 2 {
                    "3 yaks, 2 tea, a very long detail string that must be cut".into()
                } else {
                    format!("{} yaks", i)
                },
                to_act: i == 1,
            })
            .collect();
        let x = w as f32 - 330.0;
        let mut y = 20.0;
        y += c.scoreboard(x, y, 310.0, &rows) + 12.0;
        y += c.panel(
            x,
            y,
            310.0,
            "Turn 7 — Bob to act",
            &[
                "Bob moved Gorkha → Pokhara.".into(),
                "Supply: 4 yaks, 3 tea. A long line of text wraps onto the next line nicely."
                    .into(),
            ],
        ) + 12.0;
        c.legend(
            x,
            y,
            &[
                (terrain[0], "Lowland".into()),
                (terrain[1], "Forest".into()),
                (terrain[2], "Hills".into()),
                (terrain[3], "Snow".into()),
            ],
        );
        c
    }

    fn zoom(src: &RgbaImage, x0: u32, y0: u32, w: u32, h: u32, k: u32) -> Canvas {
        let mut big = Canvas::new(w * k, h * k, WHITE);
        for y in 0..h.min(src.height().saturating_sub(y0)) {
            for x in 0..w.min(src.width().saturating_sub(x0)) {
                let p = *src.get_pixel(x0 + x, y0 + y);
                for dy in 0..k {
                    for dx in 0..k {
                        big.img.put_pixel(x * k + dx, y * k + dy, p);
                    }
                }
            }
        }
        big
    }

    /// Writes the demo board to /tmp/kit.png for visual inspection.
    /// Run: cargo test --lib render::kit::tests::write_demo_png -- --ignored
    #[test]
    #[ignore]
    fn write_demo_png() {
        let c = demo_board(1400, 900);
        let png = c.encode_png();
        eprintln!("kit.png: {} bytes", png.len());
        std::fs::write("/tmp/kit.png", png).unwrap();
        let mut z = Canvas::new(220, 120, WHITE);
        for (i, s) in (0..5).map(|i| player_style(i, "xyz")).enumerate() {
            z.token(25.0 + i as f32 * 42.0, 35.0, 16.0, &s, Some(7));
        }
        z.text(10.0, 70.0, 14.0, INK, "Names 14px: Kathmandu", Align::Left);
        z.text_bold(10.0, 90.0, 16.0, INK, "Bold 16px: Pokhara", Align::Left);
        let big = zoom(&z.img, 0, 0, 220, 120, 4);
        std::fs::write("/tmp/kit_zoom.png", big.encode_png()).unwrap();
        let tokens = zoom(&c.img, 40, 260, 480, 180, 2);
        std::fs::write("/tmp/kit_crop1.png", tokens.encode_png()).unwrap();
        let panels = zoom(&c.img, 1060, 10, 340, 510, 2);
        std::fs::write("/tmp/kit_crop2.png", panels.encode_png()).unwrap();
        let lines = zoom(&c.img, 460, 220, 260, 280, 3);
        std::fs::write("/tmp/kit_crop3.png", lines.encode_png()).unwrap();
    }
}
