//! The outbox (migration 0003): replies of accepted changes, written in the change's own
//! transaction and marked delivered by the front end once the platform accepted them.
//!
//! Invariants:
//! - A committed change's replies are in the outbox (written by [`super::GameLog::commit_full`]
//!   in the same transaction), so a crash after the commit cannot lose them.
//! - `mark_delivered` is idempotent; a delivered row is never offered again by
//!   `undelivered`, also after reopening the database or a killed process. Its commit does
//!   not wait for the disk ([`super::db::Db::tx_unsynced`]): only a power cut can undo a
//!   mark, and then the reply is delivered again (at least once, never lost).
//! - The store does not interpret `payload`: the chat layer writes and reads it.

pub mod end_files;

use super::db::{vals, Exec, Row};
use super::{Result, Store};
use std::ops::{Deref, DerefMut};

/// The outbox of a store, and the saved answers of requests: `R` is `&Store`
/// ([`Store::outbox`]: reads) or `&mut Store` ([`Store::outbox_mut`]: reads and writes).
pub struct Outbox<R> {
    pub(super) store: R,
}

/// One reply to store: its JSON payload (written by the chat layer) and its binary parts.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutboxEntry {
    pub payload: String,
    /// PNG of the board.
    pub image: Option<Vec<u8>>,
    /// An attached file (name, bytes).
    pub file: Option<(String, Vec<u8>)>,
}

/// An undelivered reply with where it belongs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PendingReply {
    pub id: i64,
    pub game_id: i64,
    pub platform: String,
    pub guild: Option<String>,
    pub channel: String,
    pub created_at: i64,
    pub entry: OutboxEntry,
}

pub(crate) fn insert(
    tx: &mut dyn Exec,
    game_id: i64,
    version: i64,
    request_id: Option<&str>,
    entries: &[OutboxEntry],
    now: i64,
) -> Result<Vec<i64>> {
    insert_from(tx, game_id, version, 0, request_id, entries, now)
}

/// [`insert`], numbering the replies from `first` (replies added to a change's own).
pub(super) fn insert_from(
    tx: &mut dyn Exec,
    game_id: i64,
    version: i64,
    first: i64,
    request_id: Option<&str>,
    entries: &[OutboxEntry],
    now: i64,
) -> Result<Vec<i64>> {
    let mut ids = Vec::with_capacity(entries.len());
    for (i, e) in (first..).zip(entries) {
        let id = tx
            .query_one(
                "INSERT INTO outbox (game_id, version, ordinal, request_id, payload, image, file_name, file, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING id",
                vals![
                    game_id,
                    version,
                    i,
                    request_id,
                    &e.payload,
                    e.image.as_ref(),
                    e.file.as_ref().map(|f| f.0.as_str()),
                    e.file.as_ref().map(|f| f.1.as_slice()),
                    now
                ],
            )?
            .i64(0)?;
        ids.push(id);
    }
    Ok(ids)
}

/// What is stored of a handled request's answer (see [`Outbox::stored_answer`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredAnswer {
    /// The request id is not recorded: not handled (or handled without a change).
    NotSeen,
    /// Recorded, with its answer saved by [`Outbox::save_answer`] (JSON).
    Saved(String),
    /// Recorded, and its change's replies are these outbox rows, in order.
    Outbox(Vec<PendingReply>),
    /// Recorded, with nothing stored yet (its process is between the change and saving the
    /// answer, or stopped there).
    Recorded,
}

const PENDING_COLUMNS: &str = "o.id, o.game_id, g.platform, g.guild, g.channel, o.created_at, o.payload, o.image, o.file_name, o.file";

fn pending_reply(r: &super::db::Row) -> Result<PendingReply> {
    let name = r.opt_text(8)?;
    let file = r.opt_blob(9)?;
    Ok(PendingReply {
        id: r.i64(0)?,
        game_id: r.i64(1)?,
        platform: r.text(2)?,
        guild: r.opt_text(3)?,
        channel: r.text(4)?,
        created_at: r.i64(5)?,
        entry: OutboxEntry {
            payload: r.text(6)?,
            image: r.opt_blob(7)?,
            file: name.map(|n| (n, file.unwrap_or_default())),
        },
    })
}

impl<R: Deref<Target = Store>> Outbox<R> {
    /// What is stored of the answer of request `request_id` on `platform`: its saved
    /// answer, else its change's replies in the outbox.
    pub fn stored_answer(&self, platform: &str, request_id: &str) -> Result<StoredAnswer> {
        self.store.db.with(|ex| {
            let Some(r) = ex.query_opt(
                "SELECT answer FROM requests WHERE platform = ?1 AND request_id = ?2",
                vals![platform, request_id],
            )?
            else {
                return Ok(StoredAnswer::NotSeen);
            };
            if let Some(a) = r.opt_text(0)? {
                return Ok(StoredAnswer::Saved(a));
            }
            let rows = ex.query(
                &format!(
                    "SELECT {PENDING_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id
                     WHERE o.request_id = ?2 AND g.platform = ?1 ORDER BY o.id"
                ),
                vals![platform, request_id],
            )?;
            if rows.is_empty() {
                return Ok(StoredAnswer::Recorded);
            }
            Ok(StoredAnswer::Outbox(
                rows.iter().map(pending_reply).collect::<Result<_>>()?,
            ))
        })
    }

    /// The highest outbox row id so far (0 when empty): rows written later have larger ids.
    pub fn outbox_high_water(&self) -> Result<i64> {
        self.store
            .db
            .with(|ex| ex.query_one("SELECT COALESCE(MAX(id), 0) FROM outbox", &[]))?
            .i64(0)
    }

    /// Replies not yet delivered on `platform` that were written at or before `created_by`
    /// and have an id at most `up_to_id`, in the order they were written.
    pub fn undelivered(
        &self,
        platform: &str,
        created_by: i64,
        up_to_id: i64,
    ) -> Result<Vec<PendingReply>> {
        let rows = self.store.db.with(|ex| {
            ex.query(
                &format!(
                    "SELECT {PENDING_COLUMNS} FROM outbox o JOIN games g ON g.id = o.game_id
                     WHERE o.delivered_at IS NULL AND g.platform = ?1 AND o.created_at <= ?2 AND o.id <= ?3
                     ORDER BY o.id"
                ),
                vals![platform, created_by, up_to_id],
            )
        })?;
        rows.iter().map(pending_reply).collect()
    }

    /// The payloads of the newest `limit` outbox rows of a game, newest first, delivered or
    /// not (for "your latest private news": the chat layer filters them per viewer).
    pub fn recent_payloads(&self, game_id: i64, limit: usize) -> Result<Vec<String>> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.store.db.column(
            "SELECT payload FROM outbox WHERE game_id = ?1 ORDER BY id DESC LIMIT ?2",
            vals![game_id, limit],
            Row::text,
        )
    }
}

impl<R: DerefMut<Target = Store>> Outbox<R> {
    /// Save the answer (JSON) of request `request_id` on `platform`, if the request is
    /// recorded and has none yet (a request that changed nothing is not recorded: nothing
    /// is saved).
    pub fn save_answer(&mut self, platform: &str, request_id: &str, answer: &str) -> Result<()> {
        self.store.db.with(|ex| {
            ex.exec(
                "UPDATE requests SET answer = ?3
                 WHERE platform = ?1 AND request_id = ?2 AND answer IS NULL",
                vals![platform, request_id, answer],
            )
        })?;
        Ok(())
    }

    /// Mark replies delivered (idempotent). Their images and files are dropped: they are
    /// never sent again.
    pub fn mark_delivered(&mut self, ids: &[i64], now: i64) -> Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        // A delivered mark lost to a power cut only means the reply is posted again after
        // the restart (the outbox delivers at least once), so it does not wait for the
        // disk: one fsync a move, the change's own, instead of two.
        self.store.db.tx_unsynced(|tx| {
            for id in ids {
                tx.exec(
                    "UPDATE outbox SET delivered_at = ?2, image = NULL, file = NULL
                     WHERE id = ?1 AND delivered_at IS NULL",
                    vals![*id, now],
                )?;
            }
            Ok(())
        })
    }
}
