//! The retention task: every `retention.every`, delete what `[retention]` no longer keeps
//! (`Store::prune`). Every process of a fleet runs it; the deletions are idempotent.

use crate::store::{DbLocation, Retention, Store};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Run until `stop` is set: prune at start, then every `every`.
pub async fn run(
    db: DbLocation,
    keep: Retention,
    every: Duration,
    stop: Arc<AtomicBool>,
    now: super::remind_task::Clock,
) {
    let mut next = tokio::time::Instant::now();
    while !stop.load(Ordering::SeqCst) {
        if tokio::time::Instant::now() < next {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        next = tokio::time::Instant::now() + every;
        let (db, keep, at) = (db.clone(), keep.clone(), now());
        let res =
            tokio::task::spawn_blocking(move || Store::open_location(&db)?.prune(&keep, at)).await;
        match res {
            Ok(Ok(p)) if p.total() > 0 => tracing::info!(rows = ?p.rows, "pruned the database"),
            Ok(Ok(_)) => {}
            Ok(Err(e)) => tracing::warn!("pruning the database failed: {e}"),
            Err(e) => tracing::warn!("pruning the database failed: {e}"),
        }
    }
}
