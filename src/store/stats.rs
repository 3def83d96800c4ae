//! Figures for the operator's metrics (`sherpa run`'s `/metrics` and `/health`): the
//! outbox's backlog. The query is also the health check's "the database answers".

use super::db::vals;
use super::{Outbox, Result, Store};
use std::ops::Deref;

/// Replies committed and not yet delivered on one platform.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OutboxBacklog {
    /// How many.
    pub undelivered: i64,
    /// When the oldest of them was written (unix seconds); `None` when there is none.
    pub oldest_created_at: Option<i64>,
}

impl<R: Deref<Target = Store>> Outbox<R> {
    /// The undelivered replies of games on `platform`: how many, and the oldest one's time.
    pub fn outbox_backlog(&self, platform: &str) -> Result<OutboxBacklog> {
        let r = self.store.db.with(|ex| {
            ex.query_one(
                "SELECT COUNT(*), MIN(o.created_at) FROM outbox o JOIN games g ON g.id = o.game_id
                 WHERE o.delivered_at IS NULL AND g.platform = ?1",
                vals![platform],
            )
        })?;
        Ok(OutboxBacklog {
            undelivered: r.i64(0)?,
            oldest_created_at: r.opt_i64(1)?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::both_backends;

    both_backends! {
        fn outbox_backlog_counts_undelivered_rows_of_the_platform_and_the_oldest_time(s, fx) {
            assert_eq!(s.outbox().outbox_backlog("discord").unwrap(), OutboxBacklog::default());
            s.debug_exec(
                "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                 VALUES (1, 'discord', 'g', 'c1', 'nepal', '{}', 7, 'running', 'u1', 10, 10),
                        (2, 'local', NULL, 'c2', 'nepal', '{}', 7, 'running', 'u1', 10, 10);
                 INSERT INTO outbox (game_id, version, ordinal, request_id, payload, created_at, delivered_at)
                 VALUES (1, 1, 0, NULL, 'delivered', 100, 105),
                        (1, 2, 0, NULL, 'waiting since 200', 200, NULL),
                        (1, 3, 0, NULL, 'waiting since 300', 300, NULL),
                        (2, 1, 0, NULL, 'another platform', 50, NULL);",
            )
            .unwrap();
            assert_eq!(
                s.outbox().outbox_backlog("discord").unwrap(),
                OutboxBacklog { undelivered: 2, oldest_created_at: Some(200) }
            );
            // Delivering the oldest moves the oldest time on; delivering all empties it.
            s.outbox_mut().mark_delivered(&[2], 400).unwrap();
            assert_eq!(
                s.outbox().outbox_backlog("discord").unwrap(),
                OutboxBacklog { undelivered: 1, oldest_created_at: Some(300) }
            );
            s.outbox_mut().mark_delivered(&[3], 400).unwrap();
            assert_eq!(s.outbox().outbox_backlog("discord").unwrap(), OutboxBacklog::default());
            assert_eq!(s.outbox().outbox_backlog("local").unwrap().undelivered, 1);
        }
    }
}
