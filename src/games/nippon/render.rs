//! Nippon board image (first version: a text board). Pure function of (board data, view).

use super::{describe, NipponData, View};
use crate::render::*;

/// Draw the view.
pub fn render(data: &NipponData, view: &View) -> Vec<u8> {
    let text = describe(data, view);
    let lines: Vec<&str> = text.lines().collect();
    let h = 40 + 24 * lines.len() as u32;
    let mut c = Canvas::new(1200, h, PAPER);
    for (i, l) in lines.iter().enumerate() {
        c.text(20.0, 20.0 + 24.0 * i as f32, 16.0, INK, l, Align::Left);
    }
    let head = match &view.result {
        Some(r) => r.note.clone(),
        None => format!("{} to play", view.players[view.current].name),
    };
    c.with_headline(&head, HIGHLIGHT, INK).encode_png()
}
