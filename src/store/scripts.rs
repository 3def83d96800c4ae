//! The terminal's script lines and movable clock (issue #46), kept as rows of `requests`
//! (no table of their own). A script line's request id is
//! `script:<script>:<position>:<text>`: its row is written in the same transaction as the
//! line's change (as every request id is), or alone, with the answer, for a line that
//! changed nothing ([`GameLog::record_answer`]). A move of the clock is a row
//! `clock:<n>` whose answer is the seconds moved, written together with its script line's
//! row ([`GameLog::record_answers`]).
//!
//! Invariants: a recorded request is never rewritten (a second record of the same id
//! changes nothing); prefixes are made of letters, digits and `:` only, so `LIKE` reads
//! them literally on both backends.

use super::db::{vals, Row};
use super::log::GameLog;
use super::{Result, Store};
use std::ops::{Deref, DerefMut};

impl<R: Deref<Target = Store>> GameLog<R> {
    /// The requests on `platform` whose id begins with `prefix`, with their saved answers,
    /// in the order they were recorded.
    pub fn requests_under(
        &self,
        platform: &str,
        prefix: &str,
    ) -> Result<Vec<(String, Option<String>)>> {
        debug_assert!(prefix
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b':'));
        let rows = self.store.db.with(|ex| {
            ex.query(
                "SELECT request_id, answer FROM requests
                 WHERE platform = ?1 AND request_id LIKE ?2 ORDER BY at, request_id",
                vals![platform, format!("{prefix}%")],
            )
        })?;
        rows.iter()
            .map(|r: &Row| Ok((r.text(0)?, r.opt_text(1)?)))
            .collect()
    }
}

impl<R: DerefMut<Target = Store>> GameLog<R> {
    /// Record request `id` on `platform` with its answer, unless it is recorded already
    /// (then nothing changes and this returns false).
    pub fn record_answer(
        &mut self,
        platform: &str,
        id: &str,
        answer: &str,
        now: i64,
    ) -> Result<bool> {
        let n = self.store.db.with(|ex| {
            ex.exec(
                "INSERT INTO requests (platform, request_id, at, answer) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (platform, request_id) DO NOTHING",
                vals![platform, id, now, answer],
            )
        })?;
        Ok(n == 1)
    }

    /// Record requests (id, answer) on `platform` in one transaction, each unless it is
    /// recorded already.
    pub fn record_answers(
        &mut self,
        platform: &str,
        rows: &[(&str, &str)],
        now: i64,
    ) -> Result<()> {
        self.store.db.tx(|tx| {
            for (id, answer) in rows {
                tx.exec(
                    "INSERT INTO requests (platform, request_id, at, answer) VALUES (?1, ?2, ?3, ?4)
                     ON CONFLICT (platform, request_id) DO NOTHING",
                    vals![platform, *id, now, *answer],
                )?;
            }
            Ok(())
        })
    }
}
