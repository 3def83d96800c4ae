//! Seats handed to another player (`game sub`, migration 0013): the handover's commit and
//! the rows the history and replay files read. Reached through [`Store::log`] and
//! [`Store::log_mut`], like the rest of a game's log.
//!
//! Invariants: a handover is one transaction checked against the game's version like every
//! change (a stale version or a repeated request writes nothing); it rewrites the seat's
//! holder, its reminder count and wait, its open `sub:<seat>:…` and `kick:<seat>` votes, the snapshot (the
//! state rebuilt with the seat renamed at the handover) and the checkpoints, and records the row,
//! but never touches the action log: replaying the log rebuilds the same game.

use super::{bump, record_request, write_snapshot, Committed, GameLog};
use crate::store::db::{vals, Exec, Row};
use crate::store::outbox::{self, OutboxEntry};
use crate::store::{reminders, Result, Store, StoreError};
use serde::{Deserialize, Serialize};
use std::ops::{Deref, DerefMut};

/// Who decided a handover.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HandoverHow {
    /// The seat's holder handed it on.
    #[serde(rename = "self")]
    Holder,
    /// A channel admin.
    #[serde(rename = "admin")]
    Admin,
    /// Every other player voted for it.
    #[serde(rename = "vote")]
    Vote,
}

impl HandoverHow {
    fn as_str(self) -> &'static str {
        match self {
            HandoverHow::Holder => "self",
            HandoverHow::Admin => "admin",
            HandoverHow::Vote => "vote",
        }
    }
    fn parse(s: &str) -> Result<HandoverHow> {
        Ok(match s {
            "self" => HandoverHow::Holder,
            "admin" => HandoverHow::Admin,
            "vote" => HandoverHow::Vote,
            other => return Err(StoreError::Sql(format!("unknown handover `{other}`"))),
        })
    }
}

/// A row of `seat_handovers`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandoverRow {
    pub seat: usize,
    /// It happened after the log's row `after_seq` (0: before any).
    pub after_seq: i64,
    pub from_user: String,
    pub from_name: String,
    pub to_user: String,
    pub to_name: String,
    pub how: HandoverHow,
    pub at: i64,
}

/// A handover to commit.
#[derive(Clone, Debug)]
pub struct NewHandover<'a> {
    pub seat: usize,
    pub to_user: &'a str,
    pub to_name: &'a str,
    pub how: HandoverHow,
    /// The state rebuilt with the seat renamed at this handover (`None` in a lobby): the
    /// snapshot, and the one checkpoint kept (at the log's last row, which a rebuild from it
    /// takes to include this handover's name).
    pub snapshot: Option<Vec<u8>>,
    /// Who the game waits for after the handover (user ids): the reminder schedule is
    /// rewritten, the new holder waiting from now on and the old one no longer.
    pub waiting: Vec<String>,
    /// Chat request to record (platform, id); a repeat fails with Duplicate.
    pub request: Option<(&'a str, &'a str)>,
    /// Replies, written to the outbox in the same transaction.
    pub outbox: Vec<OutboxEntry>,
}

impl<R: Deref<Target = Store>> GameLog<R> {
    /// The handovers of a game, in the order they happened.
    pub fn handovers(&self, game_id: i64) -> Result<Vec<HandoverRow>> {
        let rows = self.store.db.with(|ex| {
            ex.query(
                "SELECT seat, after_seq, from_user, from_name, to_user, to_name, how, at
                 FROM seat_handovers WHERE game_id = ?1 ORDER BY ordinal",
                vals![game_id],
            )
        })?;
        rows.iter().map(handover_from).collect()
    }
}

impl<R: DerefMut<Target = Store>> GameLog<R> {
    /// Hand seat `h.seat` of game `game_id` (at `expected_version`) to another user, in one
    /// transaction (see the module's invariants). Fails with `Conflict` if the new holder
    /// already has a seat in the game.
    pub fn hand_over(
        &mut self,
        game_id: i64,
        expected_version: i64,
        h: &NewHandover<'_>,
        now: i64,
    ) -> Result<Committed> {
        self.store.db.tx(|tx| {
            let request_id = h.request.map(|r| r.1);
            record_request(tx, h.request, now)?;
            let v = bump(tx, game_id, expected_version, now)?;
            let from = tx.query_one(
                "SELECT user_id, name FROM seats WHERE game_id = ?1 AND seat = ?2",
                vals![game_id, h.seat as i64],
            )?;
            let (from_user, from_name) = (from.text(0)?, from.text(1)?);
            tx.exec(
                "UPDATE seats SET user_id = ?3, name = ?4, reminders_sent = 0
                 WHERE game_id = ?1 AND seat = ?2",
                vals![game_id, h.seat as i64, h.to_user, h.to_name],
            )?;
            let last_seq = last_seq(tx, game_id)?;
            tx.exec(
                "INSERT INTO seat_handovers (game_id, ordinal, seat, after_seq, from_user, from_name, to_user, to_name, how, at)
                 VALUES (?1, (SELECT COALESCE(MAX(ordinal), 0) + 1 FROM seat_handovers WHERE game_id = ?1),
                         ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                vals![
                    game_id,
                    h.seat as i64,
                    last_seq,
                    &from_user,
                    &from_name,
                    h.to_user,
                    h.to_name,
                    h.how.as_str(),
                    now
                ],
            )?;
            if let Some(snap) = &h.snapshot {
                write_snapshot(tx, game_id, v, snap)?;
                tx.exec("DELETE FROM checkpoints WHERE game_id = ?1", vals![game_id])?;
                if last_seq > 0 {
                    tx.exec(
                        "INSERT INTO checkpoints (game_id, seq, state) VALUES (?1, ?2, ?3)",
                        vals![game_id, last_seq, snap],
                    )?;
                }
                reminders::on_turn_change_conn(
                    tx,
                    game_id,
                    &h.waiting,
                    &[h.to_user.to_string()],
                    now,
                )?;
            }
            // The seat's open handovers, and any vote to kick it: aimed at its old holder.
            tx.exec(
                "DELETE FROM votes WHERE game_id = ?1 AND (motion LIKE ?2 OR motion = ?3)",
                vals![
                    game_id,
                    &format!("sub:{}:%", h.seat),
                    &format!("kick:{}", h.seat)
                ],
            )?;
            let outbox = outbox::insert(tx, game_id, v, request_id, &h.outbox, now)?;
            Ok(Committed {
                version: v,
                outbox,
            })
        })
    }
}

/// The last row of a game's log (0 when it has none).
fn last_seq(tx: &mut dyn Exec, game_id: i64) -> Result<i64> {
    tx.query_one(
        "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?1",
        vals![game_id],
    )?
    .i64(0)
}

fn handover_from(r: &Row) -> Result<HandoverRow> {
    Ok(HandoverRow {
        seat: r.i64(0)? as usize,
        after_seq: r.i64(1)?,
        from_user: r.text(2)?,
        from_name: r.text(3)?,
        to_user: r.text(4)?,
        to_name: r.text(5)?,
        how: HandoverHow::parse(&r.text(6)?)?,
        at: r.i64(7)?,
    })
}

/// Record imported handovers (a replay file's) for a game being imported.
pub(in crate::store) fn insert_imported(
    tx: &mut dyn Exec,
    game_id: i64,
    rows: &[HandoverRow],
) -> Result<()> {
    for (i, h) in rows.iter().enumerate() {
        tx.exec(
            "INSERT INTO seat_handovers (game_id, ordinal, seat, after_seq, from_user, from_name, to_user, to_name, how, at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            vals![
                game_id,
                i as i64 + 1,
                h.seat as i64,
                h.after_seq,
                &h.from_user,
                &h.from_name,
                &h.to_user,
                &h.to_name,
                h.how.as_str(),
                h.at
            ],
        )?;
    }
    Ok(())
}
