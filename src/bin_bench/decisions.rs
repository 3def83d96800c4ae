//! `sherpa bench --decisions N`: how long Sherpa's searching levels think a decision at
//! their OWN budgets, clock included ([`Level::budget`]: normal 3,000 playouts or 400 ms,
//! strong 20,000 or 2.5 s; `--scale` multiplies both), per game and level: wall and
//! thread-CPU p50 / p99 / max, and the playouts reached. The positions are those of
//! `--search` (seeded random games after 0, 20, 60 and 150 random steps), N of them a
//! game; each level decides from the same ones.

use super::clock::{quantile as at, thread_cpu};
use super::search::search_positions;
use sherpa::ai::{self, Level};
use sherpa::engine::GameKind;
use std::time::{Duration, Instant};

/// The times of one level's decisions in one game.
#[derive(Clone, Debug, serde::Serialize)]
pub struct DecisionTimes {
    pub game: String,
    pub players: usize,
    pub level: String,
    /// The level's budget as run (scaled): playouts, and milliseconds.
    pub budget_playouts: u32,
    pub budget_ms: u64,
    pub decisions: usize,
    pub wall_ms: Spread,
    pub cpu_ms: Spread,
    pub playouts: PlayoutSpread,
    /// Decisions that ran every playout of the budget before the clock stopped them.
    pub reached_budget: usize,
}

/// Median, 99th percentile and maximum, in milliseconds.
#[derive(Clone, Debug, serde::Serialize, PartialEq)]
pub struct Spread {
    pub p50: f64,
    pub p99: f64,
    pub max: f64,
}

/// Playouts a decision ran: the fewest, the median, the most.
#[derive(Clone, Debug, serde::Serialize, PartialEq)]
pub struct PlayoutSpread {
    pub min: u32,
    pub p50: u32,
    pub max: u32,
}

/// Decision times of normal and strong at `scale` of their own budgets, from `positions`
/// positions of each of `kinds` (at least 1).
pub fn decision_times(
    kinds: &[&'static dyn GameKind],
    positions: usize,
    scale: f64,
) -> anyhow::Result<Vec<DecisionTimes>> {
    let mut out = Vec::new();
    for &kind in kinds {
        let (players, found) = search_positions(kind, positions.max(1))?;
        for level in [Level::Normal, Level::Strong] {
            let budget = level.budget().scaled(scale);
            let mut wall = Vec::new();
            let mut cpu = Vec::new();
            let mut playouts = Vec::new();
            for (i, (g, seat)) in found.iter().enumerate() {
                let (t, c) = (Instant::now(), thread_cpu());
                let d = ai::decide(&**g, *seat, level, budget, i as u64);
                cpu.push(thread_cpu().saturating_sub(c));
                wall.push(t.elapsed());
                playouts.push(d.map_or(0, |d| d.playouts));
            }
            out.push(DecisionTimes {
                game: kind.id().to_string(),
                players,
                level: level.name().to_string(),
                budget_playouts: budget.playouts,
                budget_ms: budget.millis.unwrap_or(0),
                decisions: found.len(),
                reached_budget: playouts.iter().filter(|&&p| p >= budget.playouts).count(),
                wall_ms: spread(wall),
                cpu_ms: spread(cpu),
                playouts: playout_spread(playouts),
            });
        }
    }
    Ok(out)
}

fn spread(mut v: Vec<Duration>) -> Spread {
    v.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    Spread {
        p50: ms(at(&v, 0.5)),
        p99: ms(at(&v, 0.99)),
        max: ms(at(&v, 1.0)),
    }
}

fn playout_spread(mut v: Vec<u32>) -> PlayoutSpread {
    v.sort();
    PlayoutSpread {
        min: at(&v, 0.0),
        p50: at(&v, 0.5),
        max: at(&v, 1.0),
    }
}

/// The printed table of [`decision_times`]: one line per game and level, with whether the
/// wall p99 is within the budget plus 10%.
pub fn decisions_table(rows: &[DecisionTimes]) -> String {
    let mut s = String::from(
        "decisions at the levels' own budgets (wall / thread CPU, ms: p50 p99 max; playouts: min p50 max)\n",
    );
    for r in rows {
        let limit = r.budget_ms as f64 * 1.1;
        s.push_str(&format!(
            "  {:<13} {}p {:<6} budget {} playouts / {} ms: wall {:.0} {:.0} {:.0} ({}), cpu {:.0} {:.0} {:.0}; playouts {} {} {}, {} of {} decisions reached the budget\n",
            r.game,
            r.players,
            r.level,
            r.budget_playouts,
            r.budget_ms,
            r.wall_ms.p50,
            r.wall_ms.p99,
            r.wall_ms.max,
            if r.wall_ms.p99 <= limit { "p99 within budget + 10%" } else { "p99 OVER budget + 10%" },
            r.cpu_ms.p50,
            r.cpu_ms.p99,
            r.cpu_ms.max,
            r.playouts.min,
            r.playouts.p50,
            r.playouts.max,
            r.reached_budget,
            r.decisions,
        ));
    }
    s
}
