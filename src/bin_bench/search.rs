//! `sherpa bench --search`: how fast Sherpa's search thinks, per game: playouts (search
//! iterations: a determinisation, a walk down the tree, a random playout and the back-up)
//! per second at the normal level, from positions of random games (after 0, 20, 60 and 150
//! random steps), on one thread. Its positions are also `--decisions`' ([`search_positions`]).

use sherpa::ai::{self, Budget, Level};
use sherpa::engine::{AnyGame, GameKind, GameRng, Seat, Status};
use std::time::{Duration, Instant};

/// One game's search speed.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SearchSpeed {
    pub game: String,
    pub players: usize,
    /// Decisions timed (each from a position with more than one legal step).
    pub decisions: usize,
    /// Playouts run over all of them.
    pub playouts: u64,
    pub playouts_per_second: f64,
}

/// The search's playouts per second in each of `kinds`, thinking about `scale` seconds a
/// game (at least 0.2 s); with `fixed`, exactly that many playouts a decision and no
/// clock, from the positions of two games (the same work on any machine).
pub fn search_speeds(
    kinds: &[&'static dyn GameKind],
    scale: f64,
    fixed: Option<u32>,
) -> anyhow::Result<Vec<SearchSpeed>> {
    kinds
        .iter()
        .map(|&k| search_speed(k, scale, fixed))
        .collect()
}

/// Games whose positions a run of `--search-playouts` searches from.
const FIXED_GAMES: u64 = 2;

/// The stops of a random game at which a position is taken (random steps played).
const STOPS: [usize; 4] = [0, 20, 60, 150];

/// Positions, each with the seat that decides there.
pub(super) type Positions = Vec<(Box<dyn AnyGame>, Seat)>;

/// The players of the games searched: three where the game takes them.
fn players(kind: &'static dyn GameKind) -> usize {
    kind.min_players().max(3).min(kind.max_players())
}

/// The positions of the random game seeded `seed` (see [`STOPS`]) where a seat acting
/// first has more than one legal step, each with that seat.
fn game_positions(kind: &'static dyn GameKind, seed: u64) -> anyhow::Result<Positions> {
    let names: Vec<String> = (0..players(kind)).map(|i| format!("p{i}")).collect();
    let mut g = kind
        .setup(&names, &Default::default(), seed)
        .map_err(|e| anyhow::anyhow!("{}: {e}", kind.id()))?;
    let mut pick = GameRng::new(seed);
    let mut played = 0;
    let mut out = Vec::new();
    for stop in STOPS {
        while played < stop {
            let Status::Acting(a) = g.status() else {
                break;
            };
            g.play_random(a[0], &mut pick)
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            played += 1;
        }
        let Status::Acting(a) = g.status() else {
            break;
        };
        if g.choices(a[0]).len() >= 2 {
            out.push((g.box_clone(), a[0]));
        }
    }
    Ok(out)
}

/// `count` positions of `kind` (from as many seeded random games as it takes, in the
/// order of [`game_positions`]) and the games' player count: what `--decisions` times.
pub(super) fn search_positions(
    kind: &'static dyn GameKind,
    count: usize,
) -> anyhow::Result<(usize, Positions)> {
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        anyhow::ensure!(
            seed < 1_000,
            "{}: fewer than {count} positions with a choice in 1,000 games",
            kind.id()
        );
        out.extend(game_positions(kind, seed)?);
        seed += 1;
    }
    out.truncate(count);
    Ok((players(kind), out))
}

fn search_speed(
    kind: &'static dyn GameKind,
    scale: f64,
    fixed: Option<u32>,
) -> anyhow::Result<SearchSpeed> {
    let budget = Duration::from_secs_f64(scale.clamp(0.2, 30.0));
    let per_decision = match fixed {
        Some(n) => Budget::playouts_only(n.max(1)),
        None => Budget {
            playouts: u32::MAX,
            millis: Some(((budget.as_millis() / 8) as u64).max(20)),
        },
    };
    let (mut playouts, mut thinking, mut decisions) = (0u64, Duration::ZERO, 0);
    let mut seed = 0;
    let more = |thinking: Duration, seed: u64| match fixed {
        Some(_) => seed < FIXED_GAMES,
        None => thinking < budget,
    };
    while more(thinking, seed) {
        let positions = game_positions(kind, seed)?;
        seed += 1;
        for (g, seat) in positions {
            let t = Instant::now();
            let d = ai::decide(&*g, seat, Level::Normal, per_decision, seed);
            thinking += t.elapsed();
            playouts += d.map_or(0, |d| d.playouts) as u64;
            decisions += 1;
        }
    }
    Ok(SearchSpeed {
        game: kind.id().to_string(),
        players: players(kind),
        decisions,
        playouts,
        playouts_per_second: playouts as f64 / thinking.as_secs_f64().max(1e-9),
    })
}

/// The printed table of [`search_speeds`].
pub fn search_table(speeds: &[SearchSpeed]) -> String {
    let mut s = String::from("search (normal level, one thread)\n");
    for r in speeds {
        s.push_str(&format!(
            "  {:<13} {} players: {:>8.0} playouts/s ({} playouts over {} decisions)\n",
            r.game, r.players, r.playouts_per_second, r.playouts, r.decisions
        ));
    }
    s
}
