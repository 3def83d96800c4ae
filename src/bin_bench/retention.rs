//! `--retention`: the database size with the log kept or trimmed.

use super::*;

/// The database's size before and after pruning (`sherpa bench --retention MOVES`).
#[derive(Clone, Debug, serde::Serialize)]
pub struct RetentionSize {
    pub backend: String,
    pub moves: usize,
    pub games_finished: usize,
    /// Bytes of live data (after VACUUM) once the moves were played and their replies
    /// delivered, per 1,000 moves.
    pub bytes_per_1000_moves: f64,
    /// The same after pruning 40 days later with the default `[retention]` settings.
    pub bytes_per_1000_moves_after_prune: f64,
    /// Rows deleted by the pruning, by table.
    pub pruned: Vec<(String, u64)>,
}

/// Play `moves` random moves of Nepal through a chat on `store` (each with a request id,
/// every reply marked delivered as a front end does, games started anew as they end), then
/// measure the database's live size, prune it as `sherpa run` would 40 days later, and
/// measure again.
pub fn retention_size(
    loc: &sherpa::store::DbLocation,
    registry: &'static Registry,
    moves: usize,
) -> anyhow::Result<RetentionSize> {
    let backend = match loc {
        sherpa::store::DbLocation::Sqlite(_) => "sqlite",
        sherpa::store::DbLocation::Postgres(_) => "postgres",
    };
    let store = Store::open_location(loc)?;
    let mut probe = Store::open_location(loc)?;
    let system = Env::system();
    let chat = Chat::new(
        store,
        registry,
        Env {
            now: system.now,
            seed: Box::new(|| SEED),
            rate_limit: false,
        },
    );
    let kind = registry
        .get("nepal")
        .ok_or_else(|| anyhow::anyhow!("no nepal"))?;
    let mut d = Driver::new(&chat, kind, "ret-", 7)?;
    d.next_id = Some(0);
    for _ in 0..moves {
        d.step()?;
    }
    let games_finished = d.games - 1;
    drop(d);
    let vacuum = if backend == "postgres" {
        "VACUUM FULL"
    } else {
        "VACUUM"
    };
    probe.debug_exec(vacuum)?;
    let before = probe.used_bytes()?;
    let later = chat.now() + 40 * 86_400;
    let pruned = probe.prune(&sherpa::store::Retention::default(), later)?;
    probe.debug_exec(vacuum)?;
    let after = probe.used_bytes()?;
    let per = |b: i64| b as f64 * 1000.0 / moves as f64;
    Ok(RetentionSize {
        backend: backend.to_string(),
        moves,
        games_finished,
        bytes_per_1000_moves: per(before),
        bytes_per_1000_moves_after_prune: per(after),
        pruned: pruned
            .rows
            .into_iter()
            .map(|(t, n)| (t.to_string(), n))
            .collect(),
    })
}
