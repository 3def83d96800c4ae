pub mod himalaya;
