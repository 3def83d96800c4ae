//! Opening a background task's own store connection, trying again while the database
//! cannot be opened (PostgreSQL restarting when the task starts), instead of giving the
//! task up for the whole run.

use crate::store::{DbLocation, Store};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// The wait after the first failed attempt; it doubles after each further failure up to
/// [`MAX_WAIT`].
pub const FIRST_WAIT: Duration = Duration::from_secs(1);
pub const MAX_WAIT: Duration = Duration::from_secs(60);

/// Open the store at `db` for `task` (named in the log), trying again with a growing wait
/// while it fails; `None` once `stop` is set.
pub async fn open_retrying(db: &DbLocation, task: &str, stop: &AtomicBool) -> Option<Store> {
    open_with_backoff(db, task, stop, FIRST_WAIT, MAX_WAIT).await
}

async fn open_with_backoff(
    db: &DbLocation,
    task: &str,
    stop: &AtomicBool,
    first: Duration,
    max: Duration,
) -> Option<Store> {
    let mut wait = first;
    loop {
        let d = db.clone();
        match tokio::task::spawn_blocking(move || Store::open_location(&d)).await {
            Ok(Ok(s)) => return Some(s),
            Ok(Err(e)) => {
                tracing::warn!("{task} wait for the database (next attempt in {wait:?}): {e}")
            }
            Err(e) => {
                tracing::warn!("{task} wait for the database (next attempt in {wait:?}): {e}")
            }
        }
        let until = tokio::time::Instant::now() + wait;
        while tokio::time::Instant::now() < until {
            if stop.load(Ordering::SeqCst) {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(20).min(wait)).await;
        }
        wait = (wait * 2).min(max);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn missing_folder(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("sherpa-reopen-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[tokio::test]
    async fn a_store_that_cannot_be_opened_yet_is_opened_once_it_can_be() {
        let dir = missing_folder("later");
        let db = DbLocation::Sqlite(dir.join("s.db"));
        let stop = Arc::new(AtomicBool::new(false));
        let ms = Duration::from_millis;
        let task = {
            let (db, stop) = (db.clone(), stop.clone());
            tokio::spawn(async move { open_with_backoff(&db, "test", &stop, ms(20), ms(80)).await })
        };
        tokio::time::sleep(ms(300)).await;
        assert!(!task.is_finished(), "no database yet");
        std::fs::create_dir_all(&dir).unwrap();
        let opened = tokio::time::timeout(Duration::from_secs(10), task).await;
        assert!(
            matches!(opened, Ok(Ok(Some(_)))),
            "opened once the folder exists"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[tokio::test]
    async fn stopping_ends_the_attempts() {
        let db = DbLocation::Sqlite(missing_folder("never").join("s.db"));
        let stop = Arc::new(AtomicBool::new(false));
        let task = {
            let stop = stop.clone();
            tokio::spawn(async move { open_retrying(&db, "test", &stop).await })
        };
        tokio::time::sleep(Duration::from_millis(100)).await;
        stop.store(true, Ordering::SeqCst);
        let ended = tokio::time::timeout(Duration::from_secs(5), task).await;
        assert!(matches!(ended, Ok(Ok(None))));
    }
}
