//! Text: the embedded DejaVu Sans fonts, measuring, wrapping and drawing, anchored at the
//! top-left corner of the line box (`y` is the top of the line box, not the baseline).
//!
//! Invariant: no panics on odd input (huge or non-finite sizes, empty or huge strings,
//! control characters); text outside the canvas is clipped.

use std::sync::OnceLock;

use ab_glyph::{
    point, Font, FontRef, Glyph, GlyphId, Outline, OutlinedGlyph, PxScale, PxScaleFont, ScaleFont,
};
use std::collections::HashMap;

use super::canvas::*;
use super::raster::*;

/// Largest text size in pixels; larger requests are clamped.
pub const MAX_TEXT_SIZE: f32 = 400.0;
/// Cap on wrapped lines per panel row.
pub(crate) const MAX_WRAP_LINES: usize = 200;

// Fonts

pub(crate) struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
    /// Outlines of the glyphs boards use most (see [`OUTLINED`]), read from the font files
    /// once: drawing a glyph then scales a copy instead of parsing the font again.
    regular_outlines: HashMap<u16, Outline>,
    bold_outlines: HashMap<u16, Outline>,
}

/// The characters whose outlines are read once: printable ASCII, Latin-1 and Latin
/// Extended-A, general punctuation, and the arrows. Others are read when drawn.
const OUTLINED: [(char, char); 4] = [
    (' ', '~'),
    ('\u{a0}', '\u{17f}'),
    ('\u{2010}', '\u{2027}'),
    ('\u{2190}', '\u{2193}'),
];

/// The outlines of [`OUTLINED`] in `font`, by glyph id.
fn outlines(font: &FontRef<'static>) -> HashMap<u16, Outline> {
    OUTLINED
        .iter()
        .flat_map(|&(a, b)| a..=b)
        .map(|c| font.glyph_id(c))
        .filter(|id| id.0 != 0)
        .filter_map(|id| Some((id.0, font.outline(id)?)))
        .collect()
}

impl Fonts {
    /// The outlined glyph `g` of the regular or bold font: exactly what
    /// [`Font::outline_glyph`] gives, from the outlines read once where it can.
    fn outline_glyph(&self, bold: bool, g: Glyph) -> Option<OutlinedGlyph> {
        let (font, read) = if bold {
            (&self.bold, &self.bold_outlines)
        } else {
            (&self.regular, &self.regular_outlines)
        };
        match read.get(&g.id.0) {
            Some(outline) => {
                let factor = font.as_scaled(g.scale).scale_factor();
                Some(OutlinedGlyph::new(g, outline.clone(), factor))
            }
            None => font.outline_glyph(g),
        }
    }
}

pub(crate) static FONT_REGULAR: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");
pub(crate) static FONT_BOLD: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// The embedded fonts, parsed once. `None` only if the embedded files were corrupt
/// (then text is silently skipped; a unit test guards against that).
pub(crate) fn fonts() -> Option<&'static Fonts> {
    static FONTS: OnceLock<Option<Fonts>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let regular = FontRef::try_from_slice(FONT_REGULAR).ok()?;
            let bold = FontRef::try_from_slice(FONT_BOLD).ok()?;
            Some(Fonts {
                regular_outlines: outlines(&regular),
                bold_outlines: outlines(&bold),
                regular,
                bold,
            })
        })
        .as_ref()
}

pub(crate) fn font(bold: bool) -> Option<&'static FontRef<'static>> {
    fonts().map(|f| if bold { &f.bold } else { &f.regular })
}

pub(crate) fn sane_size(size: f32) -> Option<f32> {
    if size.is_finite() && size >= 1.0 {
        Some(size.min(MAX_TEXT_SIZE))
    } else {
        None
    }
}

pub(crate) fn line_width(sf: &PxScaleFont<&FontRef<'static>>, line: &str) -> f32 {
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

pub(crate) fn line_height(sf: &PxScaleFont<&FontRef<'static>>) -> f32 {
    sf.height() + sf.line_gap()
}

/// Width of the widest line of `s` at `size`, regular or bold.
pub(crate) fn measure(size: f32, s: &str, bold: bool) -> f32 {
    let (Some(size), Some(font)) = (sane_size(size), font(bold)) else {
        return 0.0;
    };
    let sf = font.as_scaled(PxScale::from(size));
    s.split('\n')
        .map(|l| line_width(&sf, l))
        .fold(0.0, f32::max)
}

/// Distance from the top of the line box to the vertical middle of capital letters.
pub(crate) fn cap_middle(size: f32, bold: bool) -> f32 {
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

pub(crate) fn outline_width(size: f32) -> f32 {
    (size * 0.1).clamp(1.5, 6.0)
}

/// One line of text that may show on the canvas: its text, left x, top y and width.
struct VisibleLine<'a> {
    text: &'a str,
    left: f32,
    top: f32,
    width: f32,
}

/// A coverage mask over the canvas pixels `x0..x0+w`, `y0..y0+h`.
struct Mask {
    x0: i64,
    y0: i64,
    w: usize,
    h: usize,
    cover: Vec<f32>,
}

impl Mask {
    /// Add coverage `k` at canvas pixel (`x`, `y`), if inside the mask.
    fn add(&mut self, x: i64, y: i64, k: f32) {
        let (px, py) = (x - self.x0, y - self.y0);
        if px >= 0 && py >= 0 && (px as usize) < self.w && (py as usize) < self.h {
            let m = &mut self.cover[py as usize * self.w + px as usize];
            *m = (*m + k).min(1.0);
        }
    }

    /// The mask grown by a disc of radius `r` (for outlines): each inked pixel spreads its
    /// coverage, weighted by distance, to its neighbours.
    fn dilated(&self, r: f32) -> Vec<f32> {
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
        let (mw, mh) = (self.w, self.h);
        let mut grown = vec![0.0f32; mw * mh];
        for py in 0..mh {
            for px in 0..mw {
                let k = self.cover[py * mw + px];
                if k <= 0.0 {
                    continue;
                }
                for &(dx, dy, wgt) in &offsets {
                    let qx = px as i64 + dx;
                    let qy = py as i64 + dy;
                    if qx >= 0 && qy >= 0 && (qx as usize) < mw && (qy as usize) < mh {
                        let g = &mut grown[qy as usize * mw + qx as usize];
                        *g = g.max(k * wgt);
                    }
                }
            }
        }
        grown
    }
}

/// The lines of `s` that may show on a `cw` x `ch` canvas, text at (`x`, `y`) aligned by
/// `align`; `margin` pixels of slack for outlines and overhangs.
fn visible_lines<'a>(
    sf: &PxScaleFont<&FontRef<'static>>,
    s: &'a str,
    (x, y): (f32, f32),
    align: Align,
    (cw, ch): (f32, f32),
    margin: f32,
) -> Vec<VisibleLine<'a>> {
    let lh = line_height(sf);
    let mut lines = Vec::new();
    for (i, line) in s.split('\n').enumerate() {
        let top = y + i as f32 * lh;
        if top > ch + margin {
            break;
        }
        if top + lh < -margin || line.is_empty() {
            continue;
        }
        let width = line_width(sf, line);
        let left = match align {
            Align::Left => x,
            Align::Center => x - width / 2.0,
            Align::Right => x - width,
        };
        if left > cw + margin || left + width < -margin {
            continue;
        }
        lines.push(VisibleLine {
            text: line,
            left,
            top,
            width,
        });
    }
    lines
}

/// An empty mask over the part of a `cw` x `ch` canvas the lines can ink, or `None` if
/// that is nothing.
fn mask_for(lines: &[VisibleLine], lh: f32, margin: f32, (cw, ch): (f32, f32)) -> Option<Mask> {
    let first = lines.first()?;
    let last = lines.last()?;
    let bx0 = lines.iter().map(|l| l.left).fold(f32::INFINITY, f32::min) - margin;
    let bx1 = lines
        .iter()
        .map(|l| l.left + l.width)
        .fold(f32::NEG_INFINITY, f32::max)
        + margin;
    let (by0, by1) = (first.top - margin, last.top + lh + margin);
    let mx0 = bx0.max(0.0).floor() as i64;
    let my0 = by0.max(0.0).floor() as i64;
    let mx1 = bx1.min(cw).ceil() as i64;
    let my1 = by1.min(ch).ceil() as i64;
    if mx1 <= mx0 || my1 <= my0 {
        return None;
    }
    let (w, h) = ((mx1 - mx0) as usize, (my1 - my0) as usize);
    Some(Mask {
        x0: mx0,
        y0: my0,
        w,
        h,
        cover: vec![0.0f32; w * h],
    })
}

/// Add the coverage of one line's glyphs to `mask`, glyph by glyph with kerning, skipping
/// glyphs wholly outside the mask.
fn ink_line(
    fonts: &Fonts,
    bold: bool,
    sf: &PxScaleFont<&FontRef<'static>>,
    line: &VisibleLine,
    size: f32,
    mask: &mut Mask,
) {
    let baseline = line.top + sf.ascent();
    let (left_edge, right_edge) = (mask.x0 as f32, (mask.x0 + mask.w as i64) as f32);
    let mut pen = line.left;
    let mut prev: Option<GlyphId> = None;
    for c in line.text.chars() {
        if c.is_control() {
            continue;
        }
        let id = sf.glyph_id(c);
        if let Some(p) = prev {
            pen += sf.kern(p, id);
        }
        prev = Some(id);
        let adv = sf.h_advance(id);
        if pen > right_edge + size {
            break;
        }
        if pen + adv + size >= left_edge {
            // Each glyph starts on a whole pixel: every "a" of a size then draws the same
            // pixels, so the PNG's deflate finds a word again wherever it is repeated (at
            // fractional positions each copy differed; a Peloria board with a long turn in
            // its strip was 160 KB at the fast level, 119 KB so). Spacing moves by at
            // most half a pixel.
            let g = id.with_scale_and_position(sf.scale(), point(pen.round(), baseline.round()));
            if let Some(og) = fonts.outline_glyph(bold, g) {
                let b = og.px_bounds();
                let (gx0, gy0) = (b.min.x as i64, b.min.y as i64);
                og.draw(|gx, gy, k| mask.add(gx0 + gx as i64, gy0 + gy as i64, k));
            }
        }
        pen += adv;
    }
}

impl Canvas {
    /// Core text drawing: rasterizes `s` into a coverage mask (clipped to the canvas),
    /// optionally dilates it for an outline, then blends.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn draw_text(
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
        // Units to pixels: the one place text is scaled.
        let k = self.scale();
        let (x, y, size) = (x * k, y * k, size * k);
        let (Some(size), Some(fonts)) = (sane_size(size), fonts()) else {
            return;
        };
        let font = if bold { &fonts.bold } else { &fonts.regular };
        if s.is_empty() || !finite(&[x, y]) || self.img.width() == 0 || self.img.height() == 0 {
            return;
        }
        let canvas = (self.img.width() as f32, self.img.height() as f32);
        let sf = font.as_scaled(PxScale::from(size));
        let ow = if outline.is_some() {
            outline_width(size)
        } else {
            0.0
        };
        let margin = ow + size * 0.35 + 2.0;
        let lines = visible_lines(&sf, s, (x, y), align, canvas, margin);
        let Some(mut mask) = mask_for(&lines, line_height(&sf), margin, canvas) else {
            return;
        };
        for line in &lines {
            ink_line(fonts, bold, &sf, line, size, &mut mask);
        }
        let left = lines.iter().map(|l| l.left).fold(f32::INFINITY, f32::min);
        let right = lines
            .iter()
            .map(|l| l.left + l.width)
            .fold(f32::NEG_INFINITY, f32::max);
        self.push_mark(TextMark {
            text: s.to_string(),
            x: left,
            y,
            w: right - left,
            size,
            bold,
            halo: outline.is_some(),
        });
        let (x0, y0) = (mask.x0 as u32, mask.y0 as u32);
        if let Some(oc) = outline {
            self.blend_mask(&mask.dilated(ow), x0, y0, mask.w, oc);
        }
        self.blend_mask(&mask.cover, x0, y0, mask.w, fill);
    }

    pub(crate) fn blend_mask(&mut self, mask: &[f32], x0: u32, y0: u32, mw: usize, c: Color) {
        if mw == 0 {
            return;
        }
        let (w, h) = (self.img.width() as usize, self.img.height() as usize);
        let (x0, y0) = (x0 as usize, y0 as usize);
        if x0 >= w {
            return;
        }
        // Each mask row onto its image row (clipped at the right and bottom edges).
        let buf: &mut [u8] = &mut self.img;
        for (r, line) in mask.chunks(mw).enumerate() {
            let y = y0 + r;
            if y >= h {
                break;
            }
            let n = line.len().min(w - x0);
            let start = (y * w + x0) * 4;
            let pixels = buf[start..start + n * 4].chunks_exact_mut(4);
            for (&k, px) in line[..n].iter().zip(pixels) {
                if k > 1.0 / 512.0 {
                    blend(<Color as image::Pixel>::from_slice_mut(px), c, k);
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
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The coverage a glyph draws, with its pixel bounds.
    fn drawn(og: &OutlinedGlyph) -> (String, Vec<u32>) {
        let mut cov = Vec::new();
        og.draw(|x, y, k| cov.extend([x, y, k.to_bits()]));
        (format!("{:?}", og.px_bounds()), cov)
    }

    // The outlines read once draw exactly what the font gives, for each font, at odd
    // sizes and sub-pixel positions, and characters outside the table still draw.
    #[test]
    fn outlines_read_once_draw_what_the_font_draws() {
        let fonts = fonts().expect("embedded fonts");
        for bold in [false, true] {
            let font = if bold { &fonts.bold } else { &fonts.regular };
            let read = if bold {
                &fonts.bold_outlines
            } else {
                &fonts.regular_outlines
            };
            assert!(read.len() > 300, "{}", read.len());
            for c in ['A', 'g', '7', 'é', 'Ł', '–', '→', '✓', '雪'] {
                for (size, x, y) in [(7.5, 0.25, 10.7), (13.0, 101.6, 20.0), (40.2, 3.0, 50.5)] {
                    let g = font
                        .glyph_id(c)
                        .with_scale_and_position(PxScale::from(size), point(x, y));
                    let mine = fonts.outline_glyph(bold, g.clone()).map(|o| drawn(&o));
                    let theirs = font.outline_glyph(g).map(|o| drawn(&o));
                    assert_eq!(mine, theirs, "{c} at {size} px, bold {bold}");
                }
            }
        }
    }
}
