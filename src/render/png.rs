//! PNG output.
//!
//! Boards are flat colours plus anti-aliased edges, so an opaque board is written as an
//! 8-bit palette PNG: losslessly when it has at most 256 colours, otherwise reduced to 256
//! colours by median cut over a 15-bit colour histogram (one pass to count, one to map, no
//! dithering, so flat areas stay flat and compress well). Images with transparency keep
//! full RGBA.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};

use super::canvas::*;

impl Canvas {
    /// PNG bytes of the canvas (see [`encode_png`]).
    pub fn encode_png(&self) -> Vec<u8> {
        encode_png(&self.img)
    }
}

/// PNG bytes: an 8-bit palette PNG when the picture is fully opaque (see the module doc),
/// RGBA otherwise. A zero-sized picture encodes as a 1×1 transparent image. Never empty in
/// practice.
pub fn encode_png(img: &RgbaImage) -> Vec<u8> {
    if img.width() == 0 || img.height() == 0 {
        return encode(&RgbaImage::new(1, 1)).unwrap_or_default();
    }
    encode(img)
        .or_else(|| encode(&RgbaImage::new(1, 1)))
        .unwrap_or_default()
}

pub(crate) fn encode(img: &RgbaImage) -> Option<Vec<u8>> {
    encode_at(img, true)
}

/// [`encode_png`]'s PNG deflated at the fast level only, never compressed harder (see
/// [`BUDGET`]): what tests check a board against, so that it never pays the slower levels.
#[cfg(test)]
pub(crate) fn encode_fast_level(img: &RgbaImage) -> Option<Vec<u8>> {
    encode_at(img, false)
}

/// [`encode`], compressing a palette picture harder past [`BUDGET`] if `harder`.
fn encode_at(img: &RgbaImage, harder: bool) -> Option<Vec<u8>> {
    let (w, h) = img.dimensions();
    let raw = img.as_raw();
    let hist = Histogram::of(raw);
    if hist.opaque {
        let (palette, lut) = palette_of(&hist);
        // The PNG scanlines: a filter byte (0, none) before each row of indices.
        let rows = map_runs(&hist.runs, w as usize, &lut, true);
        return encode_indexed(w, h, &palette, &rows, harder);
    }
    let mut out = Vec::new();
    let enc = PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive);
    enc.write_image(raw, w, h, ExtendedColorType::Rgba8)
        .ok()
        .map(|_| out)
}

/// The fastest PNG the encoder writes for these pixels (RGB, no filter, fastest deflate):
/// the floor `sherpa bench` compares board encoding against.
pub fn encode_fastest(img: &RgbaImage) -> Option<Vec<u8>> {
    let (w, h) = img.dimensions();
    let rgb: Vec<u8> = img
        .as_raw()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    let mut out = Vec::new();
    let mut enc = ::png::Encoder::new(&mut out, w, h);
    enc.set_color(::png::ColorType::Rgb);
    enc.set_depth(::png::BitDepth::Eight);
    enc.set_compression(::png::Compression::Fastest);
    enc.set_filter(::png::Filter::NoFilter);
    let mut wr = enc.write_header().ok()?;
    wr.write_image_data(&rgb).ok()?;
    wr.finish().ok()?;
    Some(out)
}

/// The size budget of a posted picture (issue: speed and scale): a picture whose indices
/// deflate to more than this at the fast level is compressed harder, so a crowded board (a
/// long last turn in its strip) still keeps to it, at a cost paid only by those pictures.
pub(crate) const BUDGET: usize = 150 * 1024;

/// Writes an 8-bit palette PNG from its finished scanlines (`rows`: each row of indices
/// behind its filter byte). The scanlines are deflated in one call (zlib level 1, harder
/// only past [`BUDGET`], and only if `harder`): the PNG crate's streaming writer re-zeroes
/// its growing output buffer on every small write, which cost more than the compression
/// itself.
fn encode_indexed(w: u32, h: u32, palette: &[u8], rows: &[u8], harder: bool) -> Option<Vec<u8>> {
    // zlib level 1 on unfiltered indices: measured on the boards, as small as level 3 with
    // Up filtering and a third of the time; fdeflate's fast modes expect filtered bytes.
    // A crowded picture over the budget takes level 3, then 6, then 9, the first that
    // fits (a whole Himalaya turn in the strip: 174 KB at level 1, 142 KB at 6).
    let deflate = |level| miniz_oxide::deflate::compress_to_vec_zlib(rows, level);
    let mut idat = deflate(1);
    for level in [3, 6, 9] {
        if !harder || idat.len() <= BUDGET - 1024 {
            break;
        }
        idat = deflate(level);
    }
    let mut out = Vec::with_capacity(idat.len() + palette.len() + 64);
    let mut enc = ::png::Encoder::new(&mut out, w, h);
    enc.set_color(::png::ColorType::Indexed);
    enc.set_depth(::png::BitDepth::Eight);
    enc.set_palette(palette.to_vec());
    let mut wr = enc.write_header().ok()?;
    wr.write_chunk(::png::chunk::IDAT, &idat).ok()?;
    wr.finish().ok()?;
    Some(out)
}

/// An image as palette indices.
pub struct Indexed {
    /// RGB triples, at most 256 of them.
    pub palette: Vec<u8>,
    /// One palette index per pixel, row by row.
    pub indices: Vec<u8>,
}

const KEYS: usize = 1 << 15;
const NONE: u32 = u32::MAX;

fn key(p: &[u8]) -> usize {
    (usize::from(p[0] >> 3) << 10) | (usize::from(p[1] >> 3) << 5) | usize::from(p[2] >> 3)
}

/// A pixel's four bytes as one word (for equality tests).
#[inline]
fn word_of(p: &[u8]) -> u32 {
    u32::from_ne_bytes([p[0], p[1], p[2], p[3]])
}

fn pack(p: &[u8]) -> u32 {
    (u32::from(p[0]) << 16) | (u32::from(p[1]) << 8) | u32::from(p[2])
}

/// Count colours into 15-bit buckets, remembering each bucket's first exact colour and
/// whether a second one fell into it, and the picture as runs of one pixel value (a board
/// is mostly flat, so the runs are far fewer than the pixels and mapping them to palette
/// indices is a fill per run).
struct Histogram {
    /// Every pixel has alpha 255.
    opaque: bool,
    count: Vec<u32>,
    sum: Vec<[u64; 3]>,
    first: Vec<u32>,
    mixed: Vec<bool>,
    /// The pixels in order as (value, run length); the lengths add up to the pixel count.
    runs: Vec<([u8; 4], u32)>,
}

impl Histogram {
    fn of(raw: &[u8]) -> Histogram {
        let mut hist = Histogram {
            opaque: true,
            count: vec![0; KEYS],
            sum: vec![[0; 3]; KEYS],
            first: vec![NONE; KEYS],
            mixed: vec![false; KEYS],
            // A first guess of one run in eight pixels; the vector grows past it if needed.
            runs: Vec::with_capacity(raw.len() / 32),
        };
        // Runs of one pixel value (most of a board) update the bucket once; alpha is checked
        // once per run, as a run repeats all four bytes.
        let mut px = raw.chunks_exact(4);
        let Some(mut run_px) = px.next() else {
            return hist;
        };
        let mut run_word = word_of(run_px);
        let mut run = 1u32;
        for p in px {
            let word = word_of(p);
            if word == run_word {
                run += 1;
            } else {
                hist.add(run_px, run);
                run_px = p;
                run_word = word;
                run = 1;
            }
        }
        hist.add(run_px, run);
        hist
    }

    fn add(&mut self, p: &[u8], n: u32) {
        self.runs.push(([p[0], p[1], p[2], p[3]], n));
        self.opaque &= p[3] == 255;
        let k = key(p);
        self.count[k] += n;
        let s = &mut self.sum[k];
        for c in 0..3 {
            s[c] += u64::from(p[c]) * u64::from(n);
        }
        let c = pack(p);
        if self.first[k] == NONE {
            self.first[k] = c;
        } else if self.first[k] != c {
            self.mixed[k] = true;
        }
    }

    fn mean(&self, k: usize) -> [u8; 3] {
        let n = u64::from(self.count[k]).max(1);
        let s = self.sum[k];
        [0, 1, 2].map(|c| ((s[c] + n / 2) / n) as u8)
    }
}

/// Opaque RGBA pixels as at most 256 palette colours. Exact when the image has at most
/// 256 colours; otherwise each pixel gets the palette colour chosen for its 15-bit bucket.
/// Alpha is ignored.
pub fn to_indexed(raw: &[u8]) -> Indexed {
    let hist = Histogram::of(raw);
    let (palette, lut) = palette_of(&hist);
    let indices = map_runs(&hist.runs, raw.len() / 4, &lut, false);
    Indexed { palette, indices }
}

/// The palette (RGB triples, at least one) and the palette index of each 15-bit bucket.
fn palette_of(hist: &Histogram) -> (Vec<u8>, Vec<u8>) {
    let used: Vec<usize> = (0..KEYS).filter(|&k| hist.count[k] > 0).collect();
    let mut lut = vec![0u8; KEYS];
    let mut palette = Vec::with_capacity(256 * 3);
    if used.len() <= 256 && used.iter().all(|&k| !hist.mixed[k]) {
        for (i, &k) in used.iter().enumerate() {
            lut[k] = i as u8;
            let c = hist.first[k];
            palette.extend_from_slice(&[(c >> 16) as u8, (c >> 8) as u8, c as u8]);
        }
    } else {
        let colours = median_cut(hist, &used);
        let nearest = Nearest::new(&colours);
        for &k in &used {
            lut[k] = nearest.find(hist.mean(k));
        }
        for c in &colours {
            palette.extend_from_slice(c);
        }
    }
    if palette.is_empty() {
        palette.extend_from_slice(&[0, 0, 0]);
    }
    (palette, lut)
}

/// Each pixel's palette index from the picture's runs, `row_len` pixels a row, with a 0
/// byte before each row when `filter_bytes` (PNG scanlines without filtering). A run is one
/// fill, split where it crosses the end of a row.
fn map_runs(runs: &[([u8; 4], u32)], row_len: usize, lut: &[u8], filter_bytes: bool) -> Vec<u8> {
    let pixels: usize = runs.iter().map(|r| r.1 as usize).sum();
    if row_len == 0 || pixels == 0 {
        return Vec::new();
    }
    let extra = usize::from(filter_bytes);
    let mut out = Vec::with_capacity(pixels + pixels / row_len * extra);
    let mut col = 0;
    for (p, n) in runs {
        let ix = lut[key(p)];
        let mut left = *n as usize;
        while left > 0 {
            if col == 0 && filter_bytes {
                out.push(0);
            }
            let take = left.min(row_len - col);
            out.resize(out.len() + take, ix);
            left -= take;
            col += take;
            if col == row_len {
                col = 0;
            }
        }
    }
    out
}

/// Split the used buckets into at most 256 boxes, always splitting the box with the most
/// pixels × widest channel range at its pixel-weighted median; each box's colour is its
/// pixel-weighted mean.
fn median_cut(hist: &Histogram, used: &[usize]) -> Vec<[u8; 3]> {
    struct Item {
        rgb: [u8; 3],
        n: u64,
    }
    let mut items: Vec<Item> = used
        .iter()
        .map(|&k| Item {
            rgb: hist.mean(k),
            n: u64::from(hist.count[k]),
        })
        .collect();
    fn widest(items: &[Item]) -> (usize, u8) {
        let mut best = (0, 0u8);
        for c in 0..3 {
            let lo = items.iter().map(|i| i.rgb[c]).min().unwrap_or(0);
            let hi = items.iter().map(|i| i.rgb[c]).max().unwrap_or(0);
            if hi - lo > best.1 {
                best = (c, hi - lo);
            }
        }
        best
    }
    // Boxes are ranges of `items`, kept contiguous by sorting within a box before a split;
    // each box carries its split score (pixels × widest channel range), computed once.
    let score = |items: &[Item]| -> u64 {
        if items.len() < 2 {
            return 0;
        }
        let n: u64 = items.iter().map(|i| i.n).sum();
        n * u64::from(widest(items).1)
    };
    let mut boxes: Vec<(std::ops::Range<usize>, u64)> = vec![(0..items.len(), score(&items))];
    while boxes.len() < 256 {
        let pick = boxes
            .iter()
            .enumerate()
            .filter(|(_, b)| b.1 > 0)
            .max_by_key(|&(i, b)| (b.1, std::cmp::Reverse(i)));
        let Some((bi, _)) = pick else { break };
        let r = boxes[bi].0.clone();
        let slice = &mut items[r.clone()];
        let (c, _) = widest(slice);
        slice.sort_by_key(|i| i.rgb[c]);
        let total: u64 = slice.iter().map(|i| i.n).sum();
        let mut acc = 0;
        let mut cut = 1;
        for (j, it) in slice.iter().enumerate() {
            acc += it.n;
            if acc * 2 >= total {
                cut = j + 1;
                break;
            }
        }
        let cut = cut.clamp(1, slice.len() - 1);
        let (lo, hi) = (r.start..r.start + cut, r.start + cut..r.end);
        boxes[bi] = (lo.clone(), score(&items[lo]));
        boxes.push((hi.clone(), score(&items[hi])));
    }
    let boxes: Vec<std::ops::Range<usize>> = boxes.into_iter().map(|b| b.0).collect();
    boxes
        .iter()
        .map(|r| {
            let slice = &items[r.clone()];
            let n: u64 = slice.iter().map(|i| i.n).sum::<u64>().max(1);
            [0, 1, 2].map(|c| {
                let s: u64 = slice.iter().map(|i| u64::from(i.rgb[c]) * i.n).sum();
                ((s + n / 2) / n) as u8
            })
        })
        .collect()
}

/// Squared RGB distance.
fn distance(p: &[u8; 3], c: [u8; 3]) -> i32 {
    (0..3)
        .map(|i| {
            let e = i32::from(p[i]) - i32::from(c[i]);
            e * e
        })
        .sum()
}

/// The palette colour nearest a colour (squared RGB distance; the lowest index on a tie),
/// found by walking outward in red order from the colour's red and stopping on each side
/// where the red difference alone is farther than the best so far: the same answer as
/// trying every colour, at a fraction of the work.
struct Nearest<'a> {
    colours: &'a [[u8; 3]],
    /// (red, palette index), sorted.
    by_red: Vec<(u8, u8)>,
}

impl<'a> Nearest<'a> {
    fn new(colours: &'a [[u8; 3]]) -> Nearest<'a> {
        let mut by_red: Vec<(u8, u8)> = colours
            .iter()
            .enumerate()
            .map(|(i, c)| (c[0], i as u8))
            .collect();
        by_red.sort_unstable();
        Nearest { colours, by_red }
    }

    fn find(&self, c: [u8; 3]) -> u8 {
        let mut best = (i32::MAX, 0u8);
        let try_at = |j: usize, best: &mut (i32, u8)| -> bool {
            let (r, i) = self.by_red[j];
            let dr = i32::from(r) - i32::from(c[0]);
            if dr * dr > best.0 {
                return false;
            }
            let e = (distance(&self.colours[usize::from(i)], c), i);
            if e < *best {
                *best = e;
            }
            true
        };
        let start = self.by_red.partition_point(|&(r, _)| r < c[0]);
        let (mut up, mut down) = (start, start);
        let (mut up_open, mut down_open) = (true, true);
        while up_open || down_open {
            if up_open {
                up_open = up < self.by_red.len() && try_at(up, &mut best);
                up += 1;
            }
            if down_open {
                down_open = down > 0 && try_at(down - 1, &mut best);
                down = down.saturating_sub(1);
            }
        }
        best.1
    }
}

/// Discord shows an attached board inline at about this width (pixels); what a player reads
/// without clicking must be readable at it.
pub const INLINE_WIDTH: u32 = 550;

/// The PNG `png` scaled down (never up) to `width` pixels wide, aspect kept, with a
/// smoothing filter: what a chat client shows inline. `None` if `png` does not decode.
pub fn scaled_to_width(png: &[u8], width: u32) -> Option<Vec<u8>> {
    let img = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .ok()?
        .to_rgba8();
    let (w, h) = img.dimensions();
    if width == 0 || w <= width {
        return encode(&img);
    }
    let nh = ((u64::from(h) * u64::from(width)) / u64::from(w)).max(1) as u32;
    let small = image::imageops::resize(&img, width, nh, image::imageops::FilterType::Triangle);
    encode(&small)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// The pruned search gives exactly what trying every colour gives, ties included
    /// (palettes with repeated reds and repeated colours, queries anywhere).
    #[test]
    fn nearest_colour_search_matches_trying_every_colour() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for round in 0..300 {
            let n = rng.gen_range(1..=256);
            // Small channel ranges on some rounds force equal reds and exact ties.
            let top: u8 = if round % 3 == 0 { 4 } else { 255 };
            let colours: Vec<[u8; 3]> = (0..n)
                .map(|_| [0; 3].map(|_: u8| rng.gen_range(0..=top)))
                .collect();
            let nearest = Nearest::new(&colours);
            for _ in 0..200 {
                let c = [0; 3].map(|_: u8| rng.gen_range(0..=top.saturating_add(3)));
                let brute = (0..colours.len())
                    .min_by_key(|&i| (distance(&colours[i], c), i))
                    .unwrap();
                assert_eq!(usize::from(nearest.find(c)), brute, "{c:?} in {colours:?}");
            }
        }
    }
}
