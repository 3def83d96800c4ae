//! Drawing of views to PNG (the render kit lands on branch `render`).

pub mod nepal;
