//! Retention: what the store deletes on a schedule (`[retention]` in `config.toml`), and
//! what it keeps for its guarantees.
//!
//! Invariants (each pruning keeps):
//! - request ids for at least `request_ids` (at least a day: Discord retries an
//!   interaction within minutes), so a repeat is still applied once and answered like the
//!   first; the outbox rows that answer a repeat are kept at least as long;
//! - every undelivered outbox row, whatever its age; a delivered one for
//!   `delivered_replies` (what `board private` repeats of a player's private news);
//! - a wait's reminder log while the wait is current (the log decides which reminder comes
//!   next); the digest log for at least three days (the digest of the last two local days
//!   may still be due);
//! - a finished or aborted game's log, seats, snapshot and results for ever (replays,
//!   exports, ratings); only its checkpoints (rebuilt from the log if ever needed), votes
//!   and leftover waits go, `finished_games` after it ended.

use super::db::vals;
use super::{Result, Store};

/// How long each kind of row is kept (seconds).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Retention {
    pub request_ids: i64,
    pub delivered_replies: i64,
    pub reminder_logs: i64,
    pub finished_games: i64,
}

/// The shortest request-id retention accepted (a day).
pub const MIN_REQUEST_IDS: i64 = 86_400;
/// The shortest log retention accepted (three days: digests look two days back).
pub const MIN_LOGS: i64 = 3 * 86_400;

impl Default for Retention {
    fn default() -> Self {
        Retention {
            request_ids: 7 * 86_400,
            delivered_replies: 30 * 86_400,
            reminder_logs: 30 * 86_400,
            finished_games: 7 * 86_400,
        }
    }
}

/// Rows deleted by one pruning, by table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    pub rows: Vec<(&'static str, u64)>,
}

impl Pruned {
    pub fn total(&self) -> u64 {
        self.rows.iter().map(|r| r.1).sum()
    }
}

impl Store {
    /// Delete what `keep` no longer keeps at `now` (see the module's invariants). Each
    /// table is its own short transaction.
    pub fn prune(&mut self, keep: &Retention, now: i64) -> Result<Pruned> {
        let requests = now - keep.request_ids.max(MIN_REQUEST_IDS);
        let replies = now
            - keep
                .delivered_replies
                .max(keep.request_ids.max(MIN_REQUEST_IDS));
        let logs = now - keep.reminder_logs.max(MIN_LOGS);
        let ended = now - keep.finished_games;
        let ended_games =
            "SELECT id FROM games WHERE status IN ('finished', 'aborted') AND updated_at < ?1";
        let steps: [(&'static str, String, i64); 7] = [
            (
                "requests",
                "DELETE FROM requests WHERE at < ?1".into(),
                requests,
            ),
            (
                "outbox",
                "DELETE FROM outbox WHERE delivered_at IS NOT NULL AND delivered_at < ?1".into(),
                replies,
            ),
            (
                "reminder_log",
                "DELETE FROM reminder_log WHERE sent_at < ?1 AND NOT EXISTS (
                   SELECT 1 FROM reminder_waits w WHERE w.game_id = reminder_log.game_id
                     AND w.user_id = reminder_log.user_id AND w.since = reminder_log.since)"
                    .into(),
                logs,
            ),
            (
                "digest_log",
                "DELETE FROM digest_log WHERE sent_at < ?1".into(),
                logs,
            ),
            (
                "checkpoints",
                format!("DELETE FROM checkpoints WHERE game_id IN ({ended_games})"),
                ended,
            ),
            (
                "votes",
                format!("DELETE FROM votes WHERE game_id IN ({ended_games})"),
                ended,
            ),
            (
                "reminder_waits",
                format!("DELETE FROM reminder_waits WHERE game_id IN ({ended_games})"),
                ended,
            ),
        ];
        let mut out = Pruned::default();
        for (table, sql, before) in steps {
            let n = self.db.tx(|tx| tx.exec(&sql, vals![before]))?;
            out.rows.push((table, n));
        }
        Ok(out)
    }

    /// The bytes the database's tables and indexes take (SQLite: pages in use; PostgreSQL:
    /// the relations of the current schema), for measuring retention.
    pub fn used_bytes(&self) -> Result<i64> {
        self.db.with(|ex| match ex.dialect() {
            super::db::Dialect::Sqlite => ex
                .query_one(
                    "SELECT (SELECT page_count FROM pragma_page_count()) * (SELECT page_size FROM pragma_page_size())
                          - (SELECT freelist_count FROM pragma_freelist_count()) * (SELECT page_size FROM pragma_page_size())",
                    &[],
                )?
                .i64(0),
            super::db::Dialect::Postgres => ex
                .query_one(
                    "SELECT COALESCE(SUM(pg_total_relation_size(c.oid)), 0)::BIGINT FROM pg_class c
                     JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = current_schema() AND c.relkind = 'r'",
                    &[],
                )?
                .i64(0),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::tests::both_backends;

    const DAY: i64 = 86_400;
    const NOW: i64 = 100 * DAY;

    fn count(s: &Store, sql: &str) -> i64 {
        s.debug_query_i64(sql).unwrap()
    }

    both_backends! {
        fn pruning_keeps_what_the_guarantees_need_and_deletes_the_rest(s, fx) {
            // Game 1 finished 10 days ago, game 2 runs; both have every kind of row, old
            // (40 days) and recent (1 hour).
            let (old, recent) = (NOW - 40 * DAY, NOW - 3600);
            s.debug_exec(&format!(
                "INSERT INTO games (id, platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                 VALUES (1, 'discord', 'g', 'c1', 'nepal', '{{}}', 7, 'finished', 'u1', {old}, {NOW} - 10 * {DAY}),
                        (2, 'discord', 'g', 'c2', 'nepal', '{{}}', 7, 'running', 'u1', {old}, {recent});
                 INSERT INTO seats (game_id, seat, user_id, name) VALUES (1, 0, 'u1', 'ann'), (2, 0, 'u1', 'ann');
                 INSERT INTO actions (game_id, seq, seat, kind, step, secret, barrier, turn_end, at)
                 VALUES (1, 1, 0, 'step', 'end', 0, 0, 0, {old}), (2, 1, 0, 'step', 'end', 0, 0, 0, {old});
                 INSERT INTO checkpoints (game_id, seq, state) VALUES (1, 100, 'x'), (2, 100, 'x');
                 INSERT INTO votes (game_id, motion, voter, created_at) VALUES (1, 'undo', 'u1', {old}), (2, 'undo', 'u1', {old});
                 INSERT INTO requests (platform, request_id, at) VALUES ('discord', 'old', {old}), ('discord', 'new', {recent});
                 INSERT INTO outbox (game_id, version, ordinal, request_id, payload, created_at, delivered_at)
                 VALUES (2, 1, 0, 'old', 'delivered long ago', {old}, {old}),
                        (2, 2, 0, 'new', 'delivered lately', {recent}, {recent}),
                        (2, 3, 0, NULL, 'never delivered', {old}, NULL);
                 INSERT INTO reminder_waits (game_id, user_id, since) VALUES (2, 'u1', {old}), (1, 'u1', {old});
                 INSERT INTO reminder_log (game_id, user_id, since, ordinal, sent_at)
                 VALUES (2, 'u1', {old}, 0, {old}), (2, 'u1', {old} - 1, 0, {old});
                 INSERT INTO digest_log (platform, guild, user_id, day, sent_at, games)
                 VALUES ('discord', 'g', 'u1', 60, {old}, 1), ('discord', 'g', 'u1', 99, {recent}, 1);"
            ))
            .unwrap();
            let p = s.prune(&Retention::default(), NOW).unwrap();
            assert_eq!(p.total(), 7, "one row of each kind: {p:?}");
            // Request ids: the recent one stays (a repeat is still applied once).
            assert_eq!(count(&s, "SELECT COUNT(*) FROM requests WHERE request_id = 'new'"), 1);
            assert_eq!(count(&s, "SELECT COUNT(*) FROM requests"), 1);
            // Outbox: the undelivered row stays whatever its age; the recent delivered one too.
            assert_eq!(count(&s, "SELECT COUNT(*) FROM outbox WHERE delivered_at IS NULL"), 1);
            assert_eq!(count(&s, "SELECT COUNT(*) FROM outbox"), 2);
            // The current wait's log stays; an ended wait's old log goes.
            assert_eq!(count(&s, "SELECT COUNT(*) FROM reminder_log"), 1);
            assert_eq!(count(&s, "SELECT since FROM reminder_log"), old);
            assert_eq!(count(&s, "SELECT day FROM digest_log"), 99);
            // The finished game keeps its log and seats; its checkpoints, votes and leftover
            // wait go. The running game keeps everything.
            assert_eq!(count(&s, "SELECT COUNT(*) FROM actions"), 2);
            assert_eq!(count(&s, "SELECT COUNT(*) FROM seats"), 2);
            assert_eq!(count(&s, "SELECT game_id FROM checkpoints"), 2);
            assert_eq!(count(&s, "SELECT game_id FROM votes"), 2);
            assert_eq!(count(&s, "SELECT game_id FROM reminder_waits"), 2);
            // Pruning again deletes nothing.
            assert_eq!(s.prune(&Retention::default(), NOW).unwrap().total(), 0);
            assert!(s.used_bytes().unwrap() > 0);
        }
    }
}
