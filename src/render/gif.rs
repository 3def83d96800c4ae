//! Animated GIF output (timelapses of a game's board).
//!
//! Frames are scaled down by area averaging ([`scale_to`], to a size from [`fit_size`]); each frame after the first stores
//! only the rectangle that differs from the frame before it, drawn over it (disposal
//! "keep"), with its own palette (the median cut of [`super::png::to_indexed`], exact up
//! to 256 colours). A board changes in a few places per turn, so a long game stays small.
//!
//! Invariants: no IO; every pushed image becomes exactly one GIF frame (an unchanged
//! image becomes a 1×1 frame repeating a pixel), so a decoder shows as many frames as
//! were pushed, each the full logical screen once composed.

use super::canvas::RgbaImage;
use super::png::to_indexed;
use std::borrow::Cow;

/// An encoding error (the encoder writes to memory, so only bad sizes cause one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GifError(pub String);

impl std::fmt::Display for GifError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "cannot encode the animation: {}", self.0)
    }
}

impl std::error::Error for GifError {}

/// The size of `w`×`h` scaled down (never up) to fit in `max_w`×`max_h`, keeping the
/// aspect ratio; each side at least 1.
pub fn fit_size(w: u32, h: u32, max_w: u32, max_h: u32) -> (u32, u32) {
    if w == 0 || h == 0 {
        return (1, 1);
    }
    let s = (f64::from(max_w.max(1)) / f64::from(w))
        .min(f64::from(max_h.max(1)) / f64::from(h))
        .min(1.0);
    let sw = ((f64::from(w) * s).round() as u32).clamp(1, w);
    let sh = ((f64::from(h) * s).round() as u32).clamp(1, h);
    (sw, sh)
}

/// `img` scaled to `w`×`h` by area averaging (a copy when it has that size).
pub fn scale_to(img: &RgbaImage, w: u32, h: u32) -> RgbaImage {
    if (w, h) == img.dimensions() {
        return img.clone();
    }
    image::imageops::thumbnail(img, w.max(1), h.max(1))
}

/// An animated GIF being written, frame by frame, to memory. Every frame has the size
/// given at [`Animation::new`]; it loops forever.
pub struct Animation {
    encoder: gif::Encoder<Vec<u8>>,
    width: u16,
    height: u16,
    prev: Option<RgbaImage>,
    frames: usize,
}

impl Animation {
    /// A new animation of `width`×`height` (each 1 to 65,535).
    pub fn new(width: u32, height: u32) -> Result<Animation, GifError> {
        let w = u16::try_from(width).ok().filter(|&w| w > 0);
        let h = u16::try_from(height).ok().filter(|&h| h > 0);
        let (Some(w), Some(h)) = (w, h) else {
            return Err(GifError(format!("bad size {width}×{height}")));
        };
        let mut encoder =
            gif::Encoder::new(Vec::new(), w, h, &[]).map_err(|e| GifError(e.to_string()))?;
        encoder
            .set_repeat(gif::Repeat::Infinite)
            .map_err(|e| GifError(e.to_string()))?;
        Ok(Animation {
            encoder,
            width: w,
            height: h,
            prev: None,
            frames: 0,
        })
    }

    /// Add `img` (which must have the animation's size; its alpha is ignored) shown for
    /// `delay_cs` hundredths of a second.
    pub fn push(&mut self, img: &RgbaImage, delay_cs: u16) -> Result<(), GifError> {
        if img.dimensions() != (u32::from(self.width), u32::from(self.height)) {
            return Err(GifError(format!(
                "a frame of {}×{} in an animation of {}×{}",
                img.width(),
                img.height(),
                self.width,
                self.height
            )));
        }
        let (x0, y0, x1, y1) = match &self.prev {
            None => (0, 0, img.width(), img.height()),
            Some(prev) => changed_rect(prev, img).unwrap_or((0, 0, 1, 1)),
        };
        let mut raw = Vec::with_capacity(((x1 - x0) * (y1 - y0) * 4) as usize);
        for y in y0..y1 {
            for x in x0..x1 {
                let p = img.get_pixel(x, y).0;
                raw.extend_from_slice(&[p[0], p[1], p[2], 255]);
            }
        }
        let ix = to_indexed(&raw);
        let frame = gif::Frame {
            delay: delay_cs,
            dispose: gif::DisposalMethod::Keep,
            left: x0 as u16,
            top: y0 as u16,
            width: (x1 - x0) as u16,
            height: (y1 - y0) as u16,
            palette: Some(ix.palette),
            buffer: Cow::Owned(ix.indices),
            ..gif::Frame::default()
        };
        self.encoder
            .write_frame(&frame)
            .map_err(|e| GifError(e.to_string()))?;
        self.prev = Some(img.clone());
        self.frames += 1;
        Ok(())
    }

    /// How many frames were pushed.
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// The GIF bytes.
    pub fn finish(self) -> Result<Vec<u8>, GifError> {
        self.encoder
            .into_inner()
            .map_err(|e| GifError(e.to_string()))
    }
}

/// The smallest rectangle `(x0, y0, x1, y1)` (end exclusive) outside which `a` and `b`
/// have the same colours; `None` when they are the same. Both have the same size.
fn changed_rect(a: &RgbaImage, b: &RgbaImage) -> Option<(u32, u32, u32, u32)> {
    let (w, h) = b.dimensions();
    let row = |y: u32| {
        let s = (y * w * 4) as usize..((y + 1) * w * 4) as usize;
        (&a.as_raw()[s.clone()], &b.as_raw()[s])
    };
    let same_rgb = |p: &[u8], q: &[u8]| p[..3] == q[..3];
    let row_same = |y: u32| {
        let (ra, rb) = row(y);
        ra.chunks_exact(4)
            .zip(rb.chunks_exact(4))
            .all(|(p, q)| same_rgb(p, q))
    };
    let y0 = (0..h).find(|&y| !row_same(y))?;
    let y1 = (y0..h).rev().find(|&y| !row_same(y))? + 1;
    let (mut x0, mut x1) = (w, 0);
    for y in y0..y1 {
        let (ra, rb) = row(y);
        for (x, (p, q)) in ra.chunks_exact(4).zip(rb.chunks_exact(4)).enumerate() {
            if !same_rgb(p, q) {
                x0 = x0.min(x as u32);
                x1 = x1.max(x as u32 + 1);
            }
        }
    }
    Some((x0, y0, x1, y1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{AnimationDecoder, Rgba};

    fn solid(w: u32, h: u32, c: [u8; 3]) -> RgbaImage {
        RgbaImage::from_pixel(w, h, Rgba([c[0], c[1], c[2], 255]))
    }

    fn decode(bytes: &[u8]) -> Vec<(RgbaImage, u32)> {
        let d = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(bytes)).unwrap();
        d.into_frames()
            .collect_frames()
            .unwrap()
            .into_iter()
            .map(|f| {
                let (n, d) = f.delay().numer_denom_ms();
                (f.into_buffer(), n / d)
            })
            .collect()
    }

    #[test]
    fn frames_compose_back_to_the_pushed_images() {
        let a = solid(40, 30, [200, 10, 10]);
        let mut b = a.clone();
        for x in 5..9 {
            for y in 20..23 {
                b.put_pixel(x, y, Rgba([0, 0, 255, 255]));
            }
        }
        let mut anim = Animation::new(40, 30).unwrap();
        anim.push(&a, 50).unwrap();
        anim.push(&b, 50).unwrap();
        anim.push(&b, 300).unwrap();
        assert_eq!(anim.frames(), 3);
        let bytes = anim.finish().unwrap();
        let frames = decode(&bytes);
        assert_eq!(frames.len(), 3, "one GIF frame per pushed image");
        for ((img, delay), (want, want_delay)) in
            frames.iter().zip([(&a, 500), (&b, 500), (&b, 3000)])
        {
            assert_eq!(img.dimensions(), (40, 30));
            assert_eq!(img, want);
            assert_eq!(*delay, want_delay);
        }
        // The second frame stores only the changed rectangle.
        assert_eq!(changed_rect(&a, &b), Some((5, 20, 9, 23)));
        assert_eq!(changed_rect(&b, &b), None);
    }

    #[test]
    fn a_frame_of_another_size_is_refused() {
        let mut anim = Animation::new(10, 10).unwrap();
        assert!(anim.push(&solid(11, 10, [0, 0, 0]), 10).is_err());
        assert!(Animation::new(0, 10).is_err());
        assert!(Animation::new(70_000, 10).is_err());
    }

    #[test]
    fn fit_scales_down_keeping_the_aspect_ratio() {
        assert_eq!(fit_size(1460, 1016, 730, 730), (730, 508));
        assert_eq!(fit_size(100, 50, 800, 800), (100, 50), "never scaled up");
        assert_eq!(fit_size(1000, 10, 100, 100), (100, 1));
        let img = scale_to(&solid(100, 50, [1, 2, 3]), 50, 25);
        assert_eq!(img.dimensions(), (50, 25));
        assert_eq!(img.get_pixel(10, 10).0, [1, 2, 3, 255]);
    }
}
