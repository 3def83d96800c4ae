//! Nepal renderer (placeholder until the render kit lands).

use crate::games::nepal::{NepalData, NepalView};

/// Render a view to PNG.
pub fn render(_data: &NepalData, _view: &NepalView) -> Vec<u8> {
    Vec::new()
}
