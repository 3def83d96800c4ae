//! Sherpa: play-by-post board games for Discord channels and the terminal.
//!
//! See ARCHITECTURE.md for the map. In short: `engine` is the game contract, `games` the
//! rules, `render` the drawing kit, `ai` Sherpa's computer players, `store` the
//! persistence (SQLite, or PostgreSQL for a fleet), `chat` the platform-neutral commands,
//! `ratings` and `reminders` pure policy behind `stats` and the reminders, `config` the
//! configuration, `metrics` the operator's metrics, and `local` (the terminal), `discord` and `web` (the game pages) the front
//! ends. Imports run down those layers only (`cargo xtask tidy`).

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
pub mod web;
