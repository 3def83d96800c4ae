//! The canvas: an RGBA image with antialiased shape drawing, colours, and the static-layer
//! cache. Text, widgets and PNG output add their own `impl Canvas` blocks in `text.rs`,
//! `widgets.rs` and `png.rs`.
//!
//! Invariants:
//! - No IO, no clock, no randomness: the same calls always produce the same pixels.
//! - No panics on odd input: non-finite or off-canvas coordinates, zero or negative sizes
//!   are clipped or ignored.
//! - Shapes are filled with the exact-area rasterizer of `raster.rs` (non-zero winding),
//!   so thick lines, outlines and tokens have smooth edges.

use std::fmt;
use std::sync::OnceLock;

use super::raster::*;

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

/// A static layer drawn once and reused: keep one inside your Game::Data. It keeps the
/// layer's canvas whole, pixels and [`TextMark`]s, so a board drawn on a copy
/// ([`Canvas::from_layer`]) still knows every text on it.
/// Invariant: the closure of the first `get_or_draw` call decides the content forever.
#[derive(Default, Clone)]
pub struct LayerCache {
    cell: OnceLock<Canvas>,
}

impl LayerCache {
    /// An empty cache.
    pub fn new() -> Self {
        LayerCache {
            cell: OnceLock::new(),
        }
    }

    /// The cached layer, drawing it with `f` on first use (thread-safe; `f` runs once).
    pub fn get_or_draw(&self, f: impl FnOnce() -> Canvas) -> &Canvas {
        self.cell.get_or_init(f)
    }

    /// The layer if it has been drawn.
    pub fn get(&self) -> Option<&Canvas> {
        self.cell.get()
    }
}

impl fmt::Debug for LayerCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.cell.get() {
            Some(c) => write!(f, "LayerCache({}x{})", c.width(), c.height()),
            None => write!(f, "LayerCache(empty)"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Canvas

/// Pixels per layout unit of every game board ([`Canvas::board`]). Renderers lay a board
/// out in units (a Nepal board is 1,460 × 960 of them) and draw it at this scale: three
/// quarters keeps text of 10 units readable at full size (7.5 px) while a board has just
/// over half the pixels to draw, encode and send, and chat clients show it smaller still
/// (`png::INLINE_WIDTH`).
pub const BOARD_SCALE: f32 = 0.75;

/// Pixels for `units` layout units of a board drawn at [`BOARD_SCALE`].
pub fn board_px(units: u32) -> u32 {
    scaled_px(units, BOARD_SCALE)
}

/// Pixels for `units` layout units at `scale`.
pub(crate) fn scaled_px(units: u32, scale: f32) -> u32 {
    (units as f32 * scale).round() as u32
}

/// An RGBA image plus drawing operations. Coordinates, sizes and widths are in layout
/// units, (0, 0) top-left; a unit is [`Canvas::scale`] pixels (1 unless made by
/// [`Canvas::board`]). At scale 1, pixel centres are at half-integers (a rect at integer
/// coordinates has crisp edges).
///
/// Invariant: every drawing call maps its units to pixels through the one scale, in
/// `fill_paths` (shapes) and `draw_text` (text); measuring text (`text_width`, `wrap`, …)
/// answers in units, so a layout is the same at every scale.
#[derive(Clone)]
pub struct Canvas {
    pub img: RgbaImage,
    scale: f32,
    /// Every text drawn so far, in pixels (see [`Canvas::marks`]).
    marks: Vec<TextMark>,
}

/// One text a canvas drew, in pixels of its image: the renderer's own record of what it
/// wrote where and how large, so tests can check a picture's labels without reading
/// pixels (every name a player types legible inline, nothing cut at the edge).
#[derive(Clone, Debug, PartialEq)]
pub struct TextMark {
    pub text: String,
    /// Left edge and top of the line box, in px.
    pub x: f32,
    pub y: f32,
    /// Width of the widest line, in px.
    pub w: f32,
    /// The font size (line-box height) in px.
    pub size: f32,
    pub bold: bool,
    /// Drawn with a halo (an outline in another colour): its own plain ground.
    pub halo: bool,
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
        Canvas::from_image(RgbaImage::from_pixel(
            w.min(MAX_CANVAS_SIDE),
            h.min(MAX_CANVAS_SIDE),
            bg,
        ))
    }

    /// A game board `w` × `h` layout units large, drawn at [`BOARD_SCALE`]: its image is
    /// [`board_px`]`(w)` × [`board_px`]`(h)` pixels (clamped to `MAX_CANVAS_SIDE`).
    pub fn board(w: u32, h: u32, bg: Color) -> Canvas {
        let mut c = Canvas::new(board_px(w), board_px(h), bg);
        c.scale = BOARD_SCALE;
        c
    }

    /// Drawing at scale 1 onto `img` as it is.
    pub fn from_image(img: RgbaImage) -> Canvas {
        Canvas {
            img,
            scale: 1.0,
            marks: Vec::new(),
        }
    }

    /// A board from a copy of its cached static layer (its pixels and text marks), drawn
    /// at the scale the layer was drawn at.
    pub fn from_layer(layer: &Canvas) -> Canvas {
        layer.clone()
    }

    /// Every text drawn on this canvas (and on the layer it was copied from), in the
    /// order drawn, in pixels of the image.
    pub fn marks(&self) -> &[TextMark] {
        &self.marks
    }

    pub(crate) fn push_mark(&mut self, mark: TextMark) {
        self.marks.push(mark);
    }

    /// `other`'s marks moved down by `dy` px, as this canvas's (`other`'s pixels drawn
    /// `dy` px lower here, under a strip added above them).
    pub(crate) fn take_marks_of(&mut self, other: Canvas, dy: f32) {
        self.marks = other.marks;
        for m in &mut self.marks {
            m.y += dy;
        }
    }

    /// Pixels per layout unit.
    pub fn scale(&self) -> f32 {
        self.scale
    }

    /// Draws from now on at `scale` pixels per unit (ignored unless finite and positive).
    pub(crate) fn set_scale(&mut self, scale: f32) {
        if scale.is_finite() && scale > 0.0 {
            self.scale = scale;
        }
    }

    /// Consumes the canvas, returning the image (e.g. to store in a `LayerCache`).
    pub fn into_image(self) -> RgbaImage {
        self.img
    }

    /// Width of the image in pixels.
    pub fn width(&self) -> u32 {
        self.img.width()
    }

    /// Height of the image in pixels.
    pub fn height(&self) -> u32 {
        self.img.height()
    }

    /// Fills the union of closed paths. Paths are used as given (non-zero winding, coverage
    /// clamped to 1): same orientation = union, opposite orientation = hole.
    pub(crate) fn fill_paths(&mut self, paths: &[Vec<(f32, f32)>], c: Color) {
        if c.0[3] == 0 || self.img.width() == 0 || self.img.height() == 0 {
            return;
        }
        let Some((x0, y0, bw, bh)) = self.pixel_box(paths) else {
            return;
        };
        let mut cov = Coverage::new(x0, y0, bw, bh);
        let s = self.scale;
        let clamp = |p: &(f32, f32)| {
            (
                (p.0 * s).clamp(-COORD_LIMIT, COORD_LIMIT),
                (p.1 * s).clamp(-COORD_LIMIT, COORD_LIMIT),
            )
        };
        for path in paths {
            let n = path.len();
            if n < 3 {
                continue;
            }
            for i in 0..n {
                cov.add_edge(clamp(&path[i]), clamp(&path[(i + 1) % n]));
            }
        }
        self.paint(&cov, c);
    }

    /// The pixel box (left, top, width, height) the paths cover, clipped to the image; none
    /// when it is empty or a point is not finite. Units become pixels here and in
    /// `fill_paths`, the one place shapes are scaled (each point as it is read, so a fill
    /// allocates no scaled copy of its paths).
    fn pixel_box(&self, paths: &[Vec<(f32, f32)>]) -> Option<(i32, i32, usize, usize)> {
        let s = self.scale;
        let (mut minx, mut miny) = (f32::INFINITY, f32::INFINITY);
        let (mut maxx, mut maxy) = (f32::NEG_INFINITY, f32::NEG_INFINITY);
        for p in paths.iter().flatten().map(|p| (p.0 * s, p.1 * s)) {
            if !p.0.is_finite() || !p.1.is_finite() {
                return None;
            }
            minx = minx.min(p.0);
            miny = miny.min(p.1);
            maxx = maxx.max(p.0);
            maxy = maxy.max(p.1);
        }
        let (wf, hf) = (self.img.width() as f32, self.img.height() as f32);
        let (x0, y0) = (minx.max(0.0).floor(), miny.max(0.0).floor());
        let (x1, y1) = (maxx.min(wf).ceil(), maxy.min(hf).ceil());
        if !(x1 > x0 && y1 > y0) {
            return None;
        }
        let (x0, y0) = (x0 as i32, y0 as i32);
        Some((x0, y0, (x1 as i32 - x0) as usize, (y1 as i32 - y0) as usize))
    }

    /// Blend `c` into the image by the accumulated coverage (the box of `cov` is inside
    /// the image, clipped by `pixel_box`).
    fn paint(&mut self, cov: &Coverage, c: Color) {
        // Rows of the image as byte slices: no per-pixel bounds checks.
        let stride = self.img.width() as usize * 4;
        let buf: &mut [u8] = &mut self.img;
        // The last blend's input pixel, coverage and result: inside a translucent shape
        // over a flat area the same blend repeats, and is then a copy. Same pixels as
        // blending each one.
        let mut memo: Option<([u8; 4], f32, [u8; 4])> = None;
        let (x0, y0) = cov.origin();
        for row in 0..cov.height() {
            // Cells before the row's span sum to 0; after it, to the row's total, which is
            // 0 for closed paths: only the span can be covered.
            let cells = cov.row_span(row);
            if cells.is_empty() {
                continue;
            }
            let mut acc = 0.0f32;
            let line = &cov.acc[row * cov.stride + cells.start..row * cov.stride + cells.end];
            let start = (y0 as usize + row) * stride + (x0 as usize + cells.start) * 4;
            let pixels = buf[start..start + cells.len() * 4].chunks_exact_mut(4);
            for (a, px) in line.iter().zip(pixels) {
                acc += a;
                let k = acc.abs().min(1.0);
                if k <= 1.0 / 512.0 {
                    continue;
                }
                let here = [px[0], px[1], px[2], px[3]];
                match memo {
                    Some((from, mk, to)) if from == here && mk.to_bits() == k.to_bits() => {
                        px.copy_from_slice(&to)
                    }
                    _ => {
                        let mut p = Rgba(here);
                        blend(&mut p, c, k);
                        px.copy_from_slice(&p.0);
                        memo = Some((here, k, p.0));
                    }
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

    pub(crate) fn stroke_path(&mut self, pts: &[(f32, f32)], edges: usize, c: Color, width: f32) {
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

    /// Paints the rectangle over with `c` and forgets the texts drawn wholly inside it (a
    /// layer's text moved elsewhere on this copy: [`Canvas::marks`] stays the record of
    /// what the picture shows).
    pub fn erase_rect(&mut self, x: f32, y: f32, w: f32, h: f32, c: Color) {
        self.fill_rect(x, y, w, h, c);
        let k = self.scale;
        let (x0, y0, x1, y1) = (x * k, y * k, (x + w) * k, (y + h) * k);
        self.marks
            .retain(|m| !(m.x >= x0 && m.y >= y0 && m.x + m.w <= x1 && m.y + m.size <= y1));
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
        let Some(width) = stroke_width(width, &[x0, y0, x1, y1]) else {
            return;
        };
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
        let Some(width) = stroke_width(width, &[x0, y0, x1, y1]) else {
            return;
        };
        if !(dash.is_finite() && dash >= 1.0) {
            self.line(x0, y0, x1, y1, c, width);
            return;
        }
        let Some((ux, uy, len)) = direction(x0, y0, x1, y1) else {
            return;
        };
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
        let Some(width) = stroke_width(width, &[x0, y0, x1, y1]) else {
            return;
        };
        let Some((ux, uy, len)) = direction(x0, y0, x1, y1) else {
            return;
        };
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
}
