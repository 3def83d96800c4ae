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
