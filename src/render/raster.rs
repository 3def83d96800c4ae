//! Geometry and the rasterizer: polygon outlines (hexes, circles, rounded rectangles) and
//! exact-area coverage accumulation (the font-rs algorithm) with non-zero winding and
//! coverage clamped to 1, so paths of the same orientation form a union and an inner path
//! of opposite orientation cuts a hole.

use image::Rgba;

/// The pixel type the rasterizer blends into (the canvas's `Color`).
type Color = Rgba<u8>;

/// Coordinates are clamped to this magnitude before rasterizing.
pub(crate) const COORD_LIMIT: f32 = 1.0e6;

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

pub(crate) struct Coverage {
    x0: i32,
    y0: i32,
    w: usize,
    h: usize,
    pub(crate) stride: usize,
    pub(crate) acc: Vec<f32>,
    /// Per row, the cells `acc` was changed in: `[lo, hi)` (empty when `lo >= hi`). Outside
    /// it a row's running sum is 0 before and the row's total (0 for closed paths) after.
    span: Vec<(u32, u32)>,
}

impl Coverage {
    pub(crate) fn new(x0: i32, y0: i32, w: usize, h: usize) -> Self {
        let stride = w + 2;
        Coverage {
            x0,
            y0,
            w,
            h,
            stride,
            acc: vec![0.0; stride * h],
            span: vec![(u32::MAX, 0); h],
        }
    }

    /// The box's left and top pixel and its height in rows.
    pub(crate) fn origin(&self) -> (i32, i32) {
        (self.x0, self.y0)
    }
    pub(crate) fn height(&self) -> usize {
        self.h
    }

    /// The cells of row `y` that edges touched, `[lo, hi)`, clipped to the box's width.
    pub(crate) fn row_span(&self, y: usize) -> std::ops::Range<usize> {
        let (lo, hi) = self.span[y];
        (lo as usize).min(self.w)..(hi as usize).min(self.w)
    }

    #[inline]
    pub(crate) fn add(&mut self, i: usize, v: f32) {
        if let Some(a) = self.acc.get_mut(i) {
            *a += v;
        }
    }

    pub(crate) fn add_edge(&mut self, a: (f32, f32), b: (f32, f32)) {
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

    pub(crate) fn accumulate(&mut self, p0: (f32, f32), p1: (f32, f32)) {
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
            let span = &mut self.span[y];
            span.0 = span.0.min(x0i as u32);
            span.1 = span.1.max(x1i.max(x0i + 1) as u32 + 1);
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
pub(crate) fn blend(px: &mut Color, c: Color, cov: f32) {
    let sa = c.0[3] as f32 / 255.0 * cov.clamp(0.0, 1.0);
    if sa <= 0.0 {
        return;
    }
    if sa >= 1.0 {
        // Opaque colour, full coverage (the inside of every filled shape): the formulas
        // below give exactly the colour with alpha 255.
        *px = image::Rgba([c.0[0], c.0[1], c.0[2], 255]);
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

pub(crate) fn signed_area(pts: &[(f32, f32)]) -> f32 {
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
pub(crate) fn oriented(mut pts: Vec<(f32, f32)>, positive: bool) -> Vec<(f32, f32)> {
    if (signed_area(&pts) >= 0.0) != positive {
        pts.reverse();
    }
    pts
}

/// Quad covering the segment thickened by half-width `hw`, extended by `ext` at both ends.
pub(crate) fn segment_quad(
    x0: f32,
    y0: f32,
    x1: f32,
    y1: f32,
    hw: f32,
    ext: f32,
) -> Option<Vec<(f32, f32)>> {
    let (ux, uy, _) = direction(x0, y0, x1, y1)?;
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

/// The unit vector from (x0, y0) to (x1, y1) and the length: `(ux, uy, len)`; `None` when
/// the two points are too close together (or not finite) to give a direction.
pub(crate) fn direction(x0: f32, y0: f32, x1: f32, y1: f32) -> Option<(f32, f32, f32)> {
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt();
    if !long_enough(len) {
        return None;
    }
    Some((dx / len, dy / len, len))
}

pub(crate) fn long_enough(len: f32) -> bool {
    len.is_finite() && len > 1e-6
}

pub(crate) fn finite(vals: &[f32]) -> bool {
    vals.iter().all(|v| v.is_finite())
}

/// The width of a stroke between finite points `pts` (coordinates), or `None` when
/// nothing is to be drawn (see [`sane_width`]).
pub(crate) fn stroke_width(width: f32, pts: &[f32]) -> Option<f32> {
    sane_width(width).filter(|_| finite(pts))
}

pub(crate) fn sane_width(width: f32) -> Option<f32> {
    if width.is_finite() && width > 0.0 {
        Some(width.min(COORD_LIMIT))
    } else {
        None
    }
}
