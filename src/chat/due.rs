//! What falls due with time: turn reminders, deadline notices and daily digests. The chat
//! core claims them in the store, words them as [`Reply`]s (mentions, times, commands and
//! channels as [`Text`] segments) and, when a passed deadline plays a late seat's default
//! steps, returns that change's replies instead; a front end only sends what it gets, then
//! calls [`Chat::mark_sent`].
//!
//! Invariants: a notice is marked sent only after the front end says so, and a marked one
//! is never claimed again (`store::reminders`, `store::digests`); a claim belongs to the
//! process that made it, so a fleet over one database never sends one twice. Claims and
//! marks run on a connection of their own, opened on first use and again on a later tick
//! while the database cannot be reached (the first claims after an upgrade can take
//! minutes, which must not hold the chat's lock); without a database location (a chat made
//! with [`Chat::new`]) they use the chat's store.

use super::core::Chat;
use super::error::CoreError;
use super::text::{Text, TimeStyle};
use super::types::{Button, Place, Reply};
use crate::reminders::{Consequence, ReminderDefaults};
use crate::store::{DigestKey, DueKind, DueReminder, ReminderKey, Store, StoreError};

/// One due notice, ready to send.
#[derive(Clone, Debug)]
pub struct DueNotice {
    pub place: Place,
    pub send: Notice,
    /// When a reminder or deadline notice was due (for the reminder-lag metric); `None`
    /// for digests and for the replies of a deadline's default steps.
    pub due_at: Option<i64>,
    claim: Claim,
}

/// How a due notice goes out.
#[derive(Clone, Debug)]
pub enum Notice {
    /// The replies of a change the chat core made (a late seat's default steps played at
    /// its deadline): delivered like a command's replies, in the place's channel.
    Replies(Vec<Reply>),
    /// A message for one player.
    Message(Box<Message>),
}

/// A message for one player (the reply's only ping): by direct message first when
/// `direct` is given, else (or when the platform refuses the direct message) `here` in
/// `channel`, silently (no push notification for the whole channel) when `silent`.
#[derive(Clone, Debug)]
pub struct Message {
    pub here: Reply,
    pub channel: String,
    pub direct: Option<Reply>,
    pub silent: bool,
}

#[derive(Clone, Debug)]
enum Claim {
    Reminder(ReminderKey),
    Digest { key: DigestKey, games: usize },
}

impl Chat {
    /// Run `f` on the connection of due notices: its own, opened now if it is not yet
    /// (an error while the database cannot be reached; the next call tries again), else
    /// the chat's store.
    fn with_side_store<T>(
        &self,
        f: impl FnOnce(&mut Store) -> Result<T, StoreError>,
    ) -> Result<T, CoreError> {
        let Some(at) = &self.side.at else {
            return Ok(f(&mut self.lock().store)?);
        };
        let mut open = self.side.open.lock().unwrap_or_else(|p| p.into_inner());
        if open.is_none() {
            *open = Some(Store::open_location(at)?);
        }
        let store = open.as_mut().ok_or(CoreError::Internal)?;
        Ok(f(store)?)
    }

    /// Claim what is due now on `platform` (daily digests first, then reminders and
    /// deadline notices) and word it. A passed deadline during simultaneous secret choices
    /// plays the late seat's default steps: their replies replace the notice. A digest
    /// with no game waiting is marked done at once and not returned.
    pub fn due_notices(
        &self,
        platform: &str,
        defaults: &ReminderDefaults,
    ) -> Result<Vec<DueNotice>, CoreError> {
        let mut out = self.due_digests(platform, defaults)?;
        let now = self.now();
        let due = self.with_side_store(|s| {
            s.schedules_mut()
                .claim_due_reminders(platform, now, defaults)
        })?;
        out.extend(due.iter().map(|r| self.reminder_notice(r)));
        Ok(out)
    }

    /// Record that `n` was sent, so that it is not claimed again.
    pub fn mark_sent(&self, n: &DueNotice) -> Result<(), CoreError> {
        let now = self.now();
        self.with_side_store(|s| match &n.claim {
            Claim::Reminder(key) => s.schedules_mut().mark_sent(key, now),
            Claim::Digest { key, games } => s.schedules_mut().mark_digest_sent(key, *games, now),
        })?;
        Ok(())
    }

    fn due_digests(
        &self,
        platform: &str,
        defaults: &ReminderDefaults,
    ) -> Result<Vec<DueNotice>, CoreError> {
        let now = self.now();
        let due =
            self.with_side_store(|s| s.schedules_mut().claim_due_digests(platform, now, defaults))?;
        let mut out = vec![];
        for dg in due {
            let k = &dg.key;
            let built = self.digest(&k.platform, k.guild.as_deref(), &k.user_id);
            let digest = match built {
                Ok(Some(d)) => d,
                Ok(None) => {
                    self.with_side_store(|s| s.schedules_mut().mark_digest_sent(k, 0, now))?;
                    continue;
                }
                Err(e) => {
                    tracing::warn!(user = %k.user_id, "building a digest failed: {e}");
                    continue;
                }
            };
            let ping = |text: Text| Reply {
                pings: vec![k.user_id.clone()],
                ..Reply::public(text)
            };
            out.push(DueNotice {
                place: Place {
                    platform: k.platform.clone(),
                    guild: k.guild.clone(),
                    channel: digest.channel.clone(),
                },
                send: Notice::Message(Box::new(Message {
                    here: ping(digest.channel_text),
                    channel: digest.channel,
                    direct: Some(ping(digest.text)),
                    silent: true,
                })),
                due_at: None,
                claim: Claim::Digest {
                    key: dg.key,
                    games: digest.games,
                },
            });
        }
        Ok(out)
    }

    /// A claimed reminder or deadline notice, worded; at a deadline during simultaneous
    /// secret choices, the replies of the default steps played for the late seat.
    fn reminder_notice(&self, r: &DueReminder) -> DueNotice {
        let place = Place {
            platform: r.platform.clone(),
            guild: r.guild.clone(),
            channel: r.channel.clone(),
        };
        let claim = Claim::Reminder(r.key.clone());
        if let DueKind::Deadline(_) = r.kind {
            let replies = self.deadline_passed(&place, &r.key.user_id, r.key.since);
            if !replies.is_empty() {
                return DueNotice {
                    place,
                    send: Notice::Replies(replies),
                    due_at: None,
                    claim,
                };
            }
        }
        let is_reminder = matches!(r.kind, DueKind::Reminder { .. });
        let here = notice_reply(r, false);
        let direct = (is_reminder && r.dm).then(|| notice_reply(r, true));
        DueNotice {
            place,
            due_at: Some(r.due_at),
            send: Notice::Message(Box::new(Message {
                here,
                channel: r.channel.clone(),
                direct,
                silent: is_reminder,
            })),
            claim,
        }
    }
}

/// A reminder or deadline notice for its player (pinged), with a button to vote the
/// player out when the deadline's consequence is a kick; `direct` adds a link to the
/// game's channel, for a direct message.
fn notice_reply(r: &DueReminder, direct: bool) -> Reply {
    let who = Text::new().mention(&r.key.user_id, &r.user_name);
    let since = |t: Text| t.time(r.key.since, TimeStyle::Relative);
    let mut text = match &r.kind {
        DueKind::Reminder { number, of } => since(who.p(format!(
            ", it is your turn in **{}** (waiting since ",
            r.game_kind
        )))
        .p(format!("). Reminder {number} of {of}; "))
        .cmd("remind", &[])
        .p(" changes these."),
        DueKind::Deadline(c) => {
            let t = since(who.p(format!(" ({}) has not acted since ", r.user_name)))
                .p(": the game's deadline passed.");
            match c {
                Consequence::Notify => t,
                Consequence::Kick => t
                    .p(" The other players may vote to remove them with ")
                    .cmd("game kick", &[])
                    .p("."),
            }
        }
    };
    if let (DueKind::Reminder { .. }, Some(d)) = (&r.kind, r.deadline_at) {
        text = text.p(" Deadline ").time(d, TimeStyle::Relative).p(".");
    }
    if direct {
        text = text.p(" Game channel: ").channel(&r.channel);
    }
    let mut reply = Reply {
        pings: vec![r.key.user_id.clone()],
        ..Reply::public(text)
    };
    if let DueKind::Deadline(Consequence::Kick) = r.kind {
        reply.buttons.push(Button {
            label: format!(
                "Vote to remove {}",
                r.user_name.chars().take(40).collect::<String>()
            ),
            command: format!("game kick {}", r.key.user_id),
            version: r.version,
        });
    }
    reply
}
