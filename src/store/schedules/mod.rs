//! Schedules: per-game reminders and deadline notices ([`reminders`]) and daily
//! digests ([`digests`]), reached through [`Store::schedules`] (reads) and
//! [`Store::schedules_mut`] (reads and writes). When something is due is decided by the
//! pure [`crate::reminders`]; this module reads and writes the rows.
//!
//! Invariants:
//! - Both kinds of message are handed out by one claim routine (`Schedules::claim_each`):
//!   a claim is a row keyed like the message's log, with a lease; it is taken only when no
//!   other store holds an unexpired lease on it, and handed out only if the message is not
//!   yet logged (read after taking the claim, so a mark racing with it is seen). Several
//!   processes over one database (SQLite or PostgreSQL) therefore never both send one
//!   message; a holder that crashed before marking it sent loses the claim when its lease
//!   ends.
//! - Marking a message sent (`log_sent`) is idempotent: a key is logged once, and a
//!   logged key is never handed out again, also after reopening the database.

pub mod digests;
pub mod reminders;

use super::db::{vals, Exec, Value};
use super::{Result, Store};
use std::ops::DerefMut;

/// The reminders and digests of a store: `R` is `&Store` ([`Store::schedules`]: reads) or
/// `&mut Store` ([`Store::schedules_mut`]: reads and writes).
pub struct Schedules<R> {
    pub(super) store: R,
}

/// A message handed out by claims and logged once sent: which [`Claim`] tables it uses and
/// its key (the values of [`Claim::keys`], in order).
pub(super) trait Claimed {
    const CLAIM: Claim;
    fn key(&self) -> Vec<Value>;
}

impl<R: DerefMut<Target = Store>> Schedules<R> {
    /// The one claim routine of reminders and digests: deletes the claims kept past
    /// [`CLAIM_KEPT_SECS`], then takes the claim on each of `due` (each its own short
    /// transaction, see [`claim_unsent`]) and returns those this store now holds, in order.
    pub(super) fn claim_each<T: Claimed>(&mut self, due: Vec<T>, now: i64) -> Result<Vec<T>> {
        let db = &self.store.db;
        let sql = format!("DELETE FROM {} WHERE lease_until < ?1", T::CLAIM.claims);
        db.with(|ex| ex.exec(&sql, vals![now - CLAIM_KEPT_SECS]))?;
        let holder = &self.store.holder;
        let mut out = Vec::with_capacity(due.len());
        for d in due {
            let key = d.key();
            if db.tx(|tx| claim_unsent(tx, &T::CLAIM, &key, holder, now))? {
                out.push(d);
            }
        }
        Ok(out)
    }
}

/// Record in `c`'s log that the message `key` was sent, with the further columns `more`
/// (names and values). True when this recorded it; false when it was already logged
/// (nothing changes then). The claim stays until its lease ends.
pub(super) fn log_sent(
    ex: &mut dyn Exec,
    c: &Claim,
    key: &[Value],
    more: &[(&str, Value)],
) -> Result<bool> {
    let keys = c.keys.join(", ");
    let cols: Vec<&str> = c
        .keys
        .iter()
        .copied()
        .chain(more.iter().map(|m| m.0))
        .collect();
    let marks: Vec<String> = (1..=cols.len()).map(|i| format!("?{i}")).collect();
    let sql = format!(
        "INSERT INTO {} ({}) VALUES ({}) ON CONFLICT ({keys}) DO NOTHING",
        c.log,
        cols.join(", "),
        marks.join(", ")
    );
    let mut params = key.to_vec();
    params.extend(more.iter().map(|m| m.1.clone()));
    Ok(ex.exec(&sql, &params)? == 1)
}

/// Whether `c`'s log holds the message `key`.
pub(super) fn is_logged(ex: &mut dyn Exec, c: &Claim, key: &[Value]) -> Result<bool> {
    let cond: Vec<String> = c
        .keys
        .iter()
        .enumerate()
        .map(|(i, k)| format!("{k} = ?{}", i + 1))
        .collect();
    let sql = format!("SELECT 1 FROM {} WHERE {}", c.log, cond.join(" AND "));
    Ok(ex.query_opt(&sql, key)?.is_some())
}

/// How long a reminder claim lasts (seconds): far longer than sending one message takes,
/// short enough that a reminder claimed by a process that then died is sent by another one
/// soon after.
pub const CLAIM_LEASE_SECS: i64 = 300;

/// How long a claim is kept after its lease ended (seconds). Past that it is deleted when
/// claims are next handed out: the log (what was sent) decides whether a reminder or
/// digest is due, so a deleted claim only means nobody holds it, and the tables stay
/// small.
pub const CLAIM_KEPT_SECS: i64 = 86_400;

/// A kind of claimed, logged message: its claims table, its log table, and the key
/// columns both share.
pub(super) struct Claim {
    pub claims: &'static str,
    pub log: &'static str,
    pub keys: [&'static str; 4],
}

impl Claim {
    /// Per-game reminders and deadline notices (migration 0005).
    pub const REMINDER: Claim = Claim {
        claims: "reminder_claims",
        log: "reminder_log",
        keys: ["game_id", "user_id", "since", "ordinal"],
    };
    /// Daily digests (migration 0008).
    pub const DIGEST: Claim = Claim {
        claims: "digest_claims",
        log: "digest_log",
        keys: ["platform", "guild", "user_id", "day"],
    };
}

/// Take the claim on `key` (values of `c.keys`) for [`CLAIM_LEASE_SECS`]: a new claim, or
/// one whose lease ran out. True when this holder now has it and the log does not hold the
/// key yet. On PostgreSQL a concurrent claim of the same key waits on the row and then
/// sees the fresh lease. Claims stay after the log records the message, so a holder's
/// claim blocks others until its lease ends even if it marks the message sent meanwhile.
fn claim_unsent(
    tx: &mut dyn Exec,
    c: &Claim,
    key: &[Value],
    holder: &str,
    now: i64,
) -> Result<bool> {
    let cols = c.keys.join(", ");
    let sql = format!(
        "INSERT INTO {claims} ({cols}, holder, lease_until) VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT ({cols}) DO UPDATE
           SET holder = excluded.holder, lease_until = excluded.lease_until
           WHERE {claims}.lease_until <= ?7",
        claims = c.claims
    );
    let mut params = key.to_vec();
    params.extend_from_slice(vals![holder, now + CLAIM_LEASE_SECS, now]);
    if tx.exec(&sql, &params)? != 1 {
        return Ok(false);
    }
    // Sent meanwhile (by a holder whose lease has ended): nothing to send. Read after
    // taking the claim, so it sees any mark committed before.
    Ok(!is_logged(tx, c, key)?)
}
