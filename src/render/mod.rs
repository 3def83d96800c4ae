//! Drawing for board images. No IO, no clock, no randomness: every function here is a pure
//! function of its inputs (plus the embedded DejaVu fonts).
//!
//! The shared toolkit lives in [`kit`] and is re-exported here, so game renderers write
//! `use crate::render::*;` or `crate::render::Canvas`.

pub mod kit;
pub mod nepal;

pub use kit::*;
pub mod himalaya;
