//! Replies that must not be lost: the replies of a committed change are written to the
//! store's outbox in the change's own transaction ([`super::commit`]); the front end marks
//! each one delivered once the platform accepted it, and delivers what is left after a
//! crash (the interaction it answered is gone by then, so as channel or direct messages).
//!
//! Invariants: a reply read back is the reply that was written (text segments, audience,
//! pings, buttons, image, file); a row whose payload cannot be read back (written by a
//! newer version naming a command this one lacks) is logged and marked delivered, never
//! retried forever.

use super::core::Chat;
use super::error::CoreError;
use super::text::Text;
use super::types::{Place, Reply, Request, Visibility};
use crate::store::{OutboxEntry, PendingReply, StoredAnswer};
use std::time::{Duration, Instant};

/// How long a repeated request waits for the first one's answer to be stored (the first
/// one's process saves it right after its change).
const ANSWER_WAIT: Duration = Duration::from_secs(3);

/// An undelivered reply and the place it belongs to.
#[derive(Clone, Debug)]
pub struct Undelivered {
    pub place: Place,
    /// The reply, with `outbox` set to its row.
    pub reply: Reply,
    /// When it was written (unix seconds).
    pub created_at: i64,
}

/// The outbox row for a reply.
pub(crate) fn entry(r: &Reply) -> OutboxEntry {
    OutboxEntry {
        // Serialising plain data (strings, numbers, enums) cannot fail.
        payload: serde_json::to_string(r).unwrap_or_default(),
        image: r.image.clone(),
        file: r.file.clone(),
    }
}

/// The reply of an outbox row, if its payload reads back.
pub(crate) fn reply_of(p: &PendingReply) -> Result<Reply, String> {
    let mut r: Reply = serde_json::from_str(&p.entry.payload).map_err(|e| e.to_string())?;
    r.image = p.entry.image.clone();
    r.file = p.entry.file.clone();
    r.outbox = Some(p.id);
    Ok(r)
}

/// How many of a player's latest private replies `board private` repeats.
pub(crate) const PRIVATE_NEWS: usize = 5;

/// Outbox rows looked at for them (private replies are among the public ones).
const NEWS_SCAN: usize = 400;

impl Chat {
    /// The answer to a request whose id is already recorded (the same interaction handled
    /// by another process, or before): the first handling's replies, as stored with the
    /// request id (a change's outbox rows, with the board while it is undelivered, else
    /// the saved answer, without images or files). So a repeat is answered like the
    /// first, whatever the order or timing; a first handling that stored nothing within
    /// [`ANSWER_WAIT`] (its process stopped after the change) gets "already handled".
    pub(crate) fn repeat_answer(&self, req: &Request, id: &str) -> Result<Vec<Reply>, CoreError> {
        let until = Instant::now() + ANSWER_WAIT;
        loop {
            let stored = self
                .lock()
                .store
                .outbox()
                .stored_answer(&req.place.platform, id)?;
            match stored {
                StoredAnswer::Outbox(rows) => {
                    return Ok(rows.iter().filter_map(|p| reply_of(p).ok()).collect())
                }
                StoredAnswer::Saved(json) => {
                    return serde_json::from_str(&json).map_err(|_| CoreError::AlreadyHandled)
                }
                _ if Instant::now() < until => std::thread::sleep(Duration::from_millis(20)),
                _ => return Err(CoreError::AlreadyHandled),
            }
        }
    }

    /// Save the answer of a handled request whose replies are not all in the outbox, for
    /// [`Chat::repeat_answer`] (nothing is saved for a request that changed nothing).
    pub(crate) fn save_answer(&self, req: &Request, replies: &[Reply]) {
        let Some(id) = &req.request_id else { return };
        if replies.iter().all(|r| r.outbox.is_some()) {
            return;
        }
        let json = serde_json::to_string(replies).unwrap_or_default();
        if let Err(e) = self
            .lock()
            .store
            .outbox_mut()
            .save_answer(&req.place.platform, id, &json)
        {
            tracing::warn!("saving a request's answer failed: {e}");
        }
    }

    /// The texts of the last `n` replies of committed changes in game `game_id` that were
    /// private to `user` (oldest first): what a player whose direct messages are closed
    /// missed. Only replies whose audience is exactly this user are ever returned.
    pub(crate) fn private_news(&self, game_id: i64, user: &str, n: usize) -> Vec<Text> {
        let rows = match self
            .lock()
            .store
            .outbox()
            .recent_payloads(game_id, NEWS_SCAN)
        {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!("reading the outbox failed: {e}");
                return vec![];
            }
        };
        let mut news: Vec<Text> = rows
            .iter()
            .filter_map(|p| serde_json::from_str::<Reply>(p).ok())
            .filter(|r| matches!(&r.visibility, Visibility::Private(u) if u == user))
            .filter(|r| !r.is_error)
            .map(|r| r.text)
            .take(n)
            .collect();
        news.reverse();
        news
    }

    /// The newest outbox row now: replies of changes committed later have larger ids. At
    /// start-up, the rows up to this mark are the ones a previous run left undelivered.
    pub fn outbox_mark(&self) -> i64 {
        self.lock().store.outbox().outbox_high_water().unwrap_or(0)
    }

    /// Replies of committed changes on `platform` not yet delivered, with a row id at most
    /// `up_to` (see [`Chat::outbox_mark`]; `i64::MAX`: all) and written at least `min_age`
    /// seconds ago, in the order they were written.
    pub fn undelivered(&self, platform: &str, up_to: i64, min_age: i64) -> Vec<Undelivered> {
        let now = self.now();
        let mut inner = self.lock();
        let rows = match inner
            .store
            .outbox()
            .undelivered(platform, now - min_age, up_to)
        {
            Ok(r) => r,
            Err(e) => {
                tracing::warn!("reading the outbox failed: {e}");
                return vec![];
            }
        };
        let mut out = Vec::new();
        let mut unreadable = Vec::new();
        for p in rows {
            match reply_of(&p) {
                Ok(reply) => out.push(Undelivered {
                    place: Place {
                        platform: p.platform.clone(),
                        guild: p.guild.clone(),
                        channel: p.channel.clone(),
                    },
                    reply,
                    created_at: p.created_at,
                }),
                Err(e) => {
                    tracing::warn!(
                        id = p.id,
                        game = p.game_id,
                        "an outbox reply cannot be read back, dropping it: {e}"
                    );
                    unreadable.push(p.id);
                }
            }
        }
        if let Err(e) = inner.store.outbox_mut().mark_delivered(&unreadable, now) {
            tracing::warn!("marking unreadable outbox rows failed: {e}");
        }
        out
    }

    /// Mark the outbox rows of these replies delivered (replies without a row are ignored).
    pub fn mark_delivered(&self, replies: &[&Reply]) {
        let ids: Vec<i64> = replies.iter().filter_map(|r| r.outbox).collect();
        self.mark_delivered_ids(&ids);
    }

    /// Mark outbox rows delivered by id.
    pub fn mark_delivered_ids(&self, ids: &[i64]) {
        if ids.is_empty() {
            return;
        }
        let now = self.now();
        if let Err(e) = self.lock().store.outbox_mut().mark_delivered(ids, now) {
            tracing::warn!("marking replies delivered failed: {e}");
        }
    }
}
