//! `sherpa bench` (and `cargo bench`, which runs it): speed of each game through the whole
//! stack, each figure beside a floor measured in the same run. A module of the `sherpa`
//! binary: it uses only the library's public API.
//!
//! For each game: a chat round trip (parse, check, apply, commit to an on-disk SQLite in
//! WAL mode, and for turn-ending steps render + PNG encode), render and encode alone,
//! listing legal steps, random-playout steps per second, and moves per second with one and
//! with two threads playing in different channels. Absolute times drift between machines;
//! the ratio of a figure to its floor, measured in the same process, does not:
//! - commit floor: one transaction inserting one row the size of a step's snapshot, with
//!   the store's pragmas ([`Store::commit_floor`]);
//! - render floor: copying a board-sized image (what drawing the cached static layer costs
//!   at least) plus encoding the same pixels with the fastest PNG setting.
//!
//! Round trips with a board are compared with commit + render floors, without a board with
//! the commit floor, render + encode with the render floor. A move that ends a game is
//! reported as its own figure and never counted in the mid-game round trips; it is answered
//! like any other, and the end files that follow it (the timelapse and the replay file,
//! seconds rather than milliseconds) are built and stored after the answer, as the front
//! ends do, and timed apart (`end_files`). `sherpa bench --game-endings N` plays N games
//! of each picked game to their end and reports only those two figures.
//!
//! Given a PostgreSQL database (`--postgres URL`, or `--postgres auto` for a throwaway
//! cluster), each game's round trips are also measured on it, beside a PostgreSQL commit
//! floor (the same one-row transaction on that server, [`Store::postgres_commit_floor`]). `one_move` and `one_floor` are
//! what `--callgrind` runs, for instruction counts under valgrind.
//!
//! One file per subject: `driver` (the chat under measure and a game driven through it),
//! `round_trips`, `components` (a step picked from the menus against the step typed),
//! `endings`, `throughput`, `beside_ai`, `stored_games`, `reminder_tick`, `retention`,
//! `callgrind`, `search` (`--search`: the search's playouts per second), `decisions`
//! (`--decisions`: the levels' decision times at their own budgets), `web` (`--web`: a
//! game page's answer times) and `table` (the printed tables); the figures' types stay
//! here. A new bench is a file of its own, a `mod` line and a `pub use` line below, and
//! its flag in `main.rs`. A bench fills its database through the store's own calls (imports,
//! turn changes), as the bot writes it: the library keeps no path only a bench takes.

use image::RgbaImage;
use sherpa::chat::{Chat, Env, LockTimer, Place, Request, User};
use sherpa::engine::{AnyGame, GameKind, GameRng, Status, Viewer};
use sherpa::games::Registry;
use sherpa::store::Store;
use std::sync::Arc;
use std::time::{Duration, Instant};

mod beside_ai;
mod callgrind;
pub(crate) mod clock;
mod components;
mod decisions;
mod driver;
mod endings;
mod reminder_tick;
mod retention;
mod round_trips;
mod search;
mod stored_games;
mod table;
#[cfg(test)]
mod tests;
mod throughput;
mod web;

pub use beside_ai::*;
pub use callgrind::*;
pub use components::*;
pub use decisions::*;
pub use driver::*;
pub use endings::*;
pub use reminder_tick::*;
pub use retention::*;
pub use round_trips::*;
pub use search::*;
pub use stored_games::*;
pub use table::*;
pub use throughput::*;
pub use web::*;

/// Samples per figure at `--scale 1`.
pub const SAMPLES: usize = 1000;

/// Median and 99th percentile in microseconds.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Stat {
    pub samples: usize,
    pub median_us: f64,
    pub p99_us: f64,
}

fn stat(mut v: Vec<Duration>) -> Stat {
    v.sort();
    let at = |q: f64| clock::quantile(&v, q).as_secs_f64() * 1e6;
    Stat {
        samples: v.len(),
        median_us: at(0.5),
        p99_us: at(0.99),
    }
}

/// A figure with the floor it is compared with, and their ratios.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Figure {
    pub samples: usize,
    pub median_us: f64,
    pub p99_us: f64,
    pub floor_median_us: f64,
    pub floor_p99_us: f64,
    /// `median_us / floor_median_us`.
    pub ratio_median: f64,
    /// `p99_us / floor_p99_us`.
    pub ratio_p99: f64,
}

fn figure(v: Vec<Duration>, floor: Vec<Duration>) -> Figure {
    let (a, f) = (stat(v), stat(floor));
    let ratio = |x: f64, y: f64| if y > 0.0 { x / y } else { 0.0 };
    Figure {
        samples: a.samples,
        median_us: a.median_us,
        p99_us: a.p99_us,
        floor_median_us: f.median_us,
        floor_p99_us: f.p99_us,
        ratio_median: ratio(a.median_us, f.median_us),
        ratio_p99: ratio(a.p99_us, f.p99_us),
    }
}

/// Sample-wise sums of floors (each list cycled to the longest).
fn add(a: &[Duration], b: &[Duration]) -> Vec<Duration> {
    let n = a.len().max(b.len());
    if a.is_empty() || b.is_empty() {
        return a.iter().chain(b).copied().collect();
    }
    (0..n).map(|i| a[i % a.len()] + b[i % b.len()]).collect()
}

/// Moves per second through the chat core with one thread, and with two threads playing
/// in different channels at once.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Throughput {
    pub moves_per_thread: usize,
    pub one_thread_moves_per_s: f64,
    pub two_threads_moves_per_s: f64,
    /// `two_threads / one_thread`; 2.0 would be perfect scaling.
    pub ratio: f64,
    /// The floor: the same two threads, each with a chat and a database file of its own,
    /// so that they share nothing of ours (only the machine: cores, caches, memory, disk).
    pub two_apart_moves_per_s: f64,
    /// `two_apart / one_thread`: the scaling the machine gives this work.
    pub machine_ratio: f64,
    /// The chat's one lock (store and game cache), per move: microseconds held with one
    /// thread, then held and waited for with two threads on the same chat. Only one
    /// thread holds it at a time, so its share of a thread's time bounds the scaling.
    pub lock_held_us_one_thread: f64,
    pub lock_held_us_two_threads: f64,
    pub lock_waited_us_two_threads: f64,
}

/// Results for one game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameBench {
    pub game: String,
    pub players: usize,
    pub round_trip_with_render: Figure,
    pub round_trip_without_render: Figure,
    /// Moves that ended a game (their answer: the final board), kept apart from the
    /// mid-game round trips above; as many as games ended during the samples, so possibly
    /// none.
    pub game_ending_move: Stat,
    /// Building and storing the end files (timelapse, replay file) that follow each of
    /// those moves ([`sherpa::chat::Chat::post_end_files`]).
    pub end_files: Stat,
    pub render_and_encode: Figure,
    pub legal_steps: Stat,
    /// Random playouts on typed steps (`legal_steps` then `apply`, the engine alone).
    pub playout_steps_per_second: f64,
    /// The same through the notation layer: every legal step formatted and labelled, the
    /// chosen one parsed back, checked and applied (what a chat move costs in the engine).
    pub playout_text_steps_per_second: f64,
    pub throughput: Throughput,
    /// Undo and reload in a game whose log has 5,000 rows.
    pub long_game: LongGame,
    /// Largest board PNG among the samples.
    pub png_bytes: usize,
    /// Largest snapshot (the row a step commits) among the samples.
    pub snapshot_bytes: usize,
    /// The round trips on PostgreSQL, when the bench was given a database.
    pub postgres: Option<PostgresRoundTrip>,
    /// A move's answer in one channel while a Sherpa player thinks in another.
    pub beside_ai: BesideAi,
    /// A step picked from the menus beside the same step typed; menus beside the board.
    pub components: ComponentPath,
}

/// A game's round trips through the chat core on PostgreSQL, each beside the PostgreSQL
/// commit floor (plus the render floor for the one with a board).
#[derive(Clone, Debug, serde::Serialize)]
pub struct PostgresRoundTrip {
    pub round_trip_with_render: Figure,
    pub round_trip_without_render: Figure,
    /// As [`GameBench::game_ending_move`], on PostgreSQL.
    pub game_ending_move: Stat,
    /// As [`GameBench::end_files`], on PostgreSQL.
    pub end_files: Stat,
}

/// The games `names` picks (ids or unique beginnings), in the registry's order; every
/// game when `names` is empty. An unknown or ambiguous name is an error naming the games.
pub fn pick_games(
    registry: &'static Registry,
    names: &[String],
) -> anyhow::Result<Vec<&'static dyn GameKind>> {
    if names.is_empty() {
        return Ok(registry.all().to_vec());
    }
    let ids = registry.ids();
    let mut want = Vec::new();
    for n in names {
        let id = sherpa::chat::match_game_id(&ids, n)
            .map_err(|e| anyhow::anyhow!("--game {n}: {}", e.text()))?;
        want.push(id);
    }
    Ok(registry
        .all()
        .iter()
        .copied()
        .filter(|k| want.contains(&k.id()))
        .collect())
}
