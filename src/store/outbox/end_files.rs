//! End files owed (migration 0011): a finished game's timelapse and replay file are built
//! after its last move is answered, not in that move's transaction.
//!
//! Invariants:
//! - The change that finishes a game records that its end files are owed, in its own
//!   transaction ([`crate::store::Change::end_files_owed`]): a finished game either has its end
//!   files in the outbox or is listed as owing them, whatever crashes.
//! - [`Outbox::store_end_files`] writes the files to the outbox and takes the game off the
//!   list in one transaction, and writes nothing when the game is no longer listed: the
//!   files of a game are stored once, however many callers (threads, processes of a fleet,
//!   a restart) post them. On PostgreSQL the `DELETE` takes the row's lock, so a second
//!   caller waits for the first and then finds nothing to delete.

use super::{self as outbox, Outbox, OutboxEntry};
use crate::store::db::{vals, Exec, Pending, Row};
use crate::store::Result;
use std::ops::{Deref, DerefMut};

/// Record that game `game_id`'s end files are owed (inside the finishing change's
/// transaction; recording it twice keeps the first time).
pub(in crate::store) fn owe(tx: &mut dyn Exec, game_id: i64, now: i64) -> Result<()> {
    tx.exec(
        "INSERT INTO end_files_owed (game_id, finished_at) VALUES (?1, ?2)
         ON CONFLICT (game_id) DO NOTHING",
        vals![game_id, now],
    )?;
    Ok(())
}

impl<R: Deref<Target = crate::store::Store>> Outbox<R> {
    /// The games on `platform` (in `channel` only, when given) whose end files are owed and
    /// that finished at or before `finished_by`, oldest first.
    pub fn owed_end_files(
        &self,
        platform: &str,
        channel: Option<&str>,
        finished_by: i64,
    ) -> Result<Vec<i64>> {
        self.store.db.column(
            "SELECT o.game_id FROM end_files_owed o JOIN games g ON g.id = o.game_id
             WHERE g.platform = ?1 AND (?2 = '' OR g.channel = ?2) AND o.finished_at <= ?3
             ORDER BY o.finished_at, o.game_id",
            vals![platform, channel.unwrap_or(""), finished_by],
            Row::i64,
        )
    }

    /// Are game `game_id`'s end files still owed?
    pub fn end_files_owed(&self, game_id: i64) -> Result<bool> {
        Ok(self
            .store
            .db
            .with(|ex| {
                ex.query_opt(
                    "SELECT 1 FROM end_files_owed WHERE game_id = ?1",
                    vals![game_id],
                )
            })?
            .is_some())
    }
}

impl<R: DerefMut<Target = crate::store::Store>> Outbox<R> {
    /// Write game `game_id`'s end files to the outbox (undelivered, at the game's current
    /// version, after the replies already there for it) and take the game off the owed
    /// list, in one transaction. `None`, with nothing written, when they were not owed
    /// (already stored by another caller); else the new outbox rows, in order. Returns
    /// before the write is forced to the disk: the caller releases its locks, then waits
    /// on the [`Pending`] before it sends anything.
    pub fn store_end_files(
        &mut self,
        game_id: i64,
        entries: &[OutboxEntry],
        now: i64,
    ) -> Result<(Option<Vec<i64>>, Pending)> {
        self.store.db.tx_sync_later(|tx| {
            let n = tx.exec(
                "DELETE FROM end_files_owed WHERE game_id = ?1",
                vals![game_id],
            )?;
            if n == 0 {
                return Ok(None);
            }
            let at = tx.query_one(
                "SELECT g.version, (SELECT COUNT(*) FROM outbox o WHERE o.game_id = g.id AND o.version = g.version)
                 FROM games g WHERE g.id = ?1",
                vals![game_id],
            )?;
            let (version, first) = (at.i64(0)?, at.i64(1)?);
            outbox::insert_from(tx, game_id, version, first, None, entries, now).map(Some)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::store::tests::{both_backends, new_game};
    use crate::store::{Change, GameStatus, OutboxEntry};

    fn files(name: &str) -> Vec<OutboxEntry> {
        vec![OutboxEntry {
            payload: format!("{{\"text\":\"{name}\"}}"),
            image: None,
            file: Some((format!("{name}.gif"), vec![1, 2, 3])),
        }]
    }

    both_backends! {
        fn end_files_are_owed_by_the_finishing_change_and_stored_once(s, fx) {
            let a = new_game(&mut s, "c1").unwrap();
            let b = new_game(&mut s, "c2").unwrap();
            let start = Change { status: Some(GameStatus::Running), ..Default::default() };
            s.log_mut().commit(a, 0, start.clone(), 100).unwrap();
            s.log_mut().commit(b, 0, start, 100).unwrap();
            assert!(s.outbox().owed_end_files("local", None, i64::MAX).unwrap().is_empty());
            // A failed (stale) finishing change owes nothing.
            let finish = || Change {
                status: Some(GameStatus::Finished),
                end_files_owed: true,
                outbox: files("board"),
                ..Default::default()
            };
            assert!(s.log_mut().commit(b, 0, finish(), 200).is_err());
            assert!(s.outbox().owed_end_files("local", None, i64::MAX).unwrap().is_empty());
            s.log_mut().commit(b, 1, finish(), 300).unwrap();
            s.log_mut().commit(a, 1, finish(), 200).unwrap();
            // Oldest first; by channel; by the time they finished; by platform.
            assert_eq!(s.outbox().owed_end_files("local", None, i64::MAX).unwrap(), [a, b]);
            assert_eq!(s.outbox().owed_end_files("local", Some("c2"), i64::MAX).unwrap(), [b]);
            assert_eq!(s.outbox().owed_end_files("local", None, 250).unwrap(), [a]);
            assert!(s.outbox().owed_end_files("discord", None, i64::MAX).unwrap().is_empty());
            // Still owed after reopening (a crash before the files).
            let mut s = fx.open();
            assert!(s.outbox().end_files_owed(a).unwrap());
            let (ids, pending) = s.outbox_mut().store_end_files(a, &files("timelapse"), 400).unwrap();
            pending.wait().unwrap();
            let ids = ids.expect("owed: stored");
            assert_eq!(ids.len(), 1);
            // Posting again stores nothing.
            let (again, _) = s.outbox_mut().store_end_files(a, &files("timelapse"), 401).unwrap();
            assert_eq!(again, None);
            assert!(!s.outbox().end_files_owed(a).unwrap());
            assert_eq!(s.outbox().owed_end_files("local", None, i64::MAX).unwrap(), [b]);
            // The files follow the finishing change's reply, undelivered, in order.
            let rows = s.outbox().undelivered("local", i64::MAX, i64::MAX).unwrap();
            let of_a: Vec<(i64, Option<String>)> = rows
                .iter()
                .filter(|r| r.game_id == a)
                .map(|r| (r.id, r.entry.file.as_ref().map(|f| f.0.clone())))
                .collect();
            assert_eq!(of_a.len(), 2);
            assert_eq!(of_a[1], (ids[0], Some("timelapse.gif".into())));
            assert_eq!(of_a[0].1.as_deref(), Some("board.gif"));
            let ordinal = format!("SELECT ordinal FROM outbox WHERE id = {}", ids[0]);
            assert_eq!(s.debug_query_i64(&ordinal).unwrap(), 1, "after the board's reply");
            // `sherpa migrate-db` copies what is still owed.
            let to = crate::store::tests::Fixture::new(s.dialect() == crate::store::db::Dialect::Postgres);
            let mut dst = to.open();
            dst.copy_from(&s).unwrap();
            assert_eq!(dst.outbox().owed_end_files("local", None, i64::MAX).unwrap(), [b]);
            assert_eq!(dst.same_game_rows(&s, b).unwrap(), None);
        }
    }
}
