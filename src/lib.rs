//! Sherpa: play-by-post board games for Discord channels and the terminal.
//!
//! See ARCHITECTURE.md for the map. In short: `engine` is the game contract, `games` the
//! rules, `render` the drawing, `store` the SQLite persistence, `chat` the platform-neutral
//! commands, `ratings` the pure rating computation behind `stats`, `local` the terminal
//! front end and `discord` the Discord front end.

pub mod ai;
pub mod chat;
pub mod config;
pub mod discord;
pub mod engine;
#[doc(hidden)]
pub mod fuzzing;
pub mod games;
pub mod local;
pub mod metrics;
pub mod ratings;
pub mod reminders;
pub mod render;
pub mod store;
