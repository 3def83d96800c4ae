//! `sherpa bench` and `cargo bench`: speed of each game through the whole stack.
//!
//! For each game at a mid-game position: a chat round trip (parse, check, apply, commit to
//! an on-disk SQLite in WAL mode, and for turn-ending steps render + PNG encode), render and
//! encode alone, listing legal steps, and random-playout steps per second.

use crate::chat::{Chat, Env, Place, Request, User};
use crate::engine::{GameRng, Status, Viewer};
use crate::games::Registry;
use crate::store::Store;
use std::time::{Duration, Instant};

/// Median and 99th percentile in microseconds.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Stat {
    pub samples: usize,
    pub median_us: f64,
    pub p99_us: f64,
}

fn stat(mut v: Vec<Duration>) -> Stat {
    v.sort();
    let at = |q: f64| {
        v.get(((v.len() as f64 - 1.0) * q).round() as usize)
            .map(|d| d.as_secs_f64() * 1e6)
            .unwrap_or(0.0)
    };
    Stat {
        samples: v.len(),
        median_us: at(0.5),
        p99_us: at(0.99),
    }
}

/// Results for one game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct GameBench {
    pub game: String,
    pub players: usize,
    pub round_trip_with_render: Stat,
    pub round_trip_without_render: Stat,
    pub render_and_encode: Stat,
    pub legal_steps: Stat,
    pub playout_steps_per_second: f64,
    pub png_bytes: usize,
}

/// Run the benchmarks. `scale` multiplies the number of samples (1 = quick).
pub fn run(registry: &'static Registry, scale: usize) -> anyhow::Result<Vec<GameBench>> {
    let dir = std::env::temp_dir().join(format!("sherpa-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut out = Vec::new();
    for kind in registry.all() {
        let players = kind.min_players();
        let db = dir.join(format!("{}.db", kind.id()));
        let _ = std::fs::remove_file(&db);
        let system = Env::system();
        let chat = Chat::new(
            Store::open(&db)?,
            registry,
            Env {
                now: system.now,
                seed: Box::new(|| 12345),
                rate_limit: false,
            },
        );
        let place = Place {
            platform: "bench".into(),
            guild: None,
            channel: "b".into(),
        };
        let req = |user: usize, text: &str| Request {
            place: place.clone(),
            user: User {
                id: format!("u{user}"),
                name: format!("p{user}"),
                is_channel_admin: false,
            },
            text: text.to_string(),
            request_id: None,
            expected_version: None,
        };
        chat.handle(&req(0, &format!("game new {}", kind.id())));
        for p in 1..players {
            chat.handle(&req(p, "game join"));
        }
        chat.handle(&req(0, "game start"));

        let names: Vec<String> = (0..players).map(|p| format!("p{p}")).collect();
        let mut g = kind
            .setup(&names, &Default::default(), 12345)
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let mut pick = GameRng::new(99);
        let (mut with, mut without, mut legal_t, mut render_t) = (vec![], vec![], vec![], vec![]);
        let mut png_bytes = 0;
        let samples = 150 * scale;
        let mut played = 0;
        // Walk to mid-game and measure along the way; restart at the end.
        while with.len() + without.len() < samples {
            let Status::Acting(a) = g.status() else {
                break;
            };
            let seat = a[pick.below(a.len())];
            let t = Instant::now();
            let legal = g.legal(seat);
            legal_t.push(t.elapsed());
            let step = legal[pick.below(legal.len())].notation.clone();
            g.play(seat, &step).map_err(|e| anyhow::anyhow!("{e}"))?;
            let t = Instant::now();
            let replies = chat.handle(&req(seat, &format!("move {step}")));
            let d = t.elapsed();
            if let Some(e) = replies.iter().find(|r| r.is_error) {
                anyhow::bail!("bench step `{step}` failed: {}", e.text);
            }
            played += 1;
            if played < 20 {
                continue; // warm up into the mid-game
            }
            if replies.iter().any(|r| r.image.is_some()) {
                with.push(d);
            } else {
                without.push(d);
            }
            if render_t.len() < samples / 3 {
                let t = Instant::now();
                let png = g.render(Viewer::Spectator);
                render_t.push(t.elapsed());
                png_bytes = png_bytes.max(png.len());
            }
        }
        // Random playouts in memory.
        let t = Instant::now();
        let mut steps = 0u64;
        let mut seed = 0;
        while t.elapsed() < Duration::from_millis(700 * scale as u64) {
            let mut g = kind
                .setup(&names, &Default::default(), seed)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            seed += 1;
            while let Status::Acting(a) = g.status() {
                let seat = a[pick.below(a.len())];
                let legal = g.legal(seat);
                let step = legal[pick.below(legal.len())].notation.clone();
                g.play(seat, &step).map_err(|e| anyhow::anyhow!("{e}"))?;
                steps += 1;
            }
        }
        out.push(GameBench {
            game: kind.id().to_string(),
            players,
            round_trip_with_render: stat(with),
            round_trip_without_render: stat(without),
            render_and_encode: stat(render_t),
            legal_steps: stat(legal_t),
            playout_steps_per_second: steps as f64 / t.elapsed().as_secs_f64(),
            png_bytes,
        });
        let _ = std::fs::remove_file(&db);
    }
    let _ = std::fs::remove_dir_all(&dir);
    Ok(out)
}

/// Human-readable table.
pub fn table(results: &[GameBench]) -> String {
    let mut s = String::from("game      round trip+render (med/p99 ms)  round trip (med/p99 ms)  render (med ms)  legal (med µs)  playout steps/s  png KB\n");
    for r in results {
        s.push_str(&format!(
            "{:<9} {:>10.2} / {:<10.2}            {:>7.3} / {:<7.3}        {:>8.2}        {:>8.1}     {:>12.0}  {:>6}\n",
            r.game,
            r.round_trip_with_render.median_us / 1000.0,
            r.round_trip_with_render.p99_us / 1000.0,
            r.round_trip_without_render.median_us / 1000.0,
            r.round_trip_without_render.p99_us / 1000.0,
            r.render_and_encode.median_us / 1000.0,
            r.legal_steps.median_us,
            r.playout_steps_per_second,
            r.png_bytes / 1024
        ));
    }
    s
}

/// A position `steps` random steps into a game of `players` seats (seeded), for benches and
/// size checks. Stops early if the game ends.
pub fn position_after(
    kind: &'static dyn crate::engine::GameKind,
    players: usize,
    steps: usize,
    seed: u64,
) -> anyhow::Result<Box<dyn crate::engine::AnyGame>> {
    let names: Vec<String> = (0..players).map(|p| format!("p{p}")).collect();
    let mut g = kind
        .setup(&names, &Default::default(), seed)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut pick = GameRng::new(seed ^ 0x5eed);
    for _ in 0..steps {
        let Status::Acting(a) = g.status() else {
            break;
        };
        let seat = a[pick.below(a.len())];
        let legal = g.legal(seat);
        let step = legal[pick.below(legal.len())].notation.clone();
        g.play(seat, &step).map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    Ok(g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Boards go to phones on every turn: each game's mid-game board, for every player
    /// count, is at most 150 KB (issue: speed and scale).
    #[test]
    fn mid_game_board_png_is_at_most_150_kb_for_every_game() {
        for kind in Registry::builtin().all() {
            for players in kind.min_players()..=kind.max_players() {
                for seed in [1, 2] {
                    let g = position_after(*kind, players, 60, seed).unwrap();
                    let png = g.render(Viewer::Spectator);
                    assert!(
                        png.len() <= 150 * 1024,
                        "{} with {players} players: board PNG is {} KB",
                        kind.id(),
                        png.len() / 1024
                    );
                }
            }
        }
    }
}
