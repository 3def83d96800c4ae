//! The render kit shared by every game's renderer (`src/games/<game>/render.rs`):
//!
//! - `canvas`: the RGBA canvas, colours, shapes and the static-layer cache;
//! - `raster`: geometry and the antialiasing rasterizer;
//! - `text`: fonts, measuring, wrapping and drawing text;
//! - `widgets`: player styles, tokens, panels, scoreboards, legends;
//! - `strip`: the status strip under a board (players, scores, status, last turn), read inline;
//! - `png`: encoding;
//! - `gif`: animated GIFs (timelapses), one changed rectangle per frame.
//!
//! Invariants:
//! - No IO, no clock, no randomness: the same calls always produce the same pixels.
//! - Imports run one way: games use this kit; nothing here imports a game.
//! - No panics on odd input: non-finite or off-canvas coordinates, zero or negative sizes,
//!   empty or huge strings are clipped or ignored.

pub mod canvas;
pub mod gif;
pub mod png;
pub mod raster;
pub mod strip;
pub mod text;
pub mod widgets;

pub use canvas::*;
pub use raster::{circle_points, hex_corners, rounded_rect_points};
pub use strip::*;
pub use text::MAX_TEXT_SIZE;
pub use widgets::*;

#[cfg(test)]
mod tests;
