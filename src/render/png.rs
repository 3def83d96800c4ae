//! PNG output.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ExtendedColorType, ImageEncoder};

use super::canvas::*;

impl Canvas {
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

pub(crate) fn encode(img: &RgbaImage) -> Option<Vec<u8>> {
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
