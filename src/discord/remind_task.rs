//! The reminder task: every tick, claim what is due in the store, send it, mark it sent.
//!
//! Invariant: a reminder is marked sent only after Discord accepted it, and a marked
//! reminder is never offered again (store::reminders), so a restart neither loses nor
//! repeats one (a crash between sending and marking could repeat one at most once, after
//! the claim's lease). A reminder is sent only by the process that claimed it, so the
//! processes of a fleet over one database never both send one.
//!
//! Daily digests (`remind digest`) go the same way: claimed, sent, marked per player,
//! server and local day, so each day's digest is sent once, also across restarts.

use crate::chat::{Chat, Place};
use crate::reminders::{Consequence, ReminderDefaults};
use crate::store::{DbLocation, DueKind, DueReminder, Store};
use poise::serenity_prelude as serenity;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The clock the reminders read (the chat layer's injected one).
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// Run until `stop` is set.
#[allow(clippy::too_many_arguments)]
pub async fn run(
    http: Arc<serenity::Http>,
    chat: Arc<Chat>,
    db: DbLocation,
    defaults: ReminderDefaults,
    every: Duration,
    stop: Arc<AtomicBool>,
    now: Clock,
    metrics: Option<Arc<crate::metrics::Metrics>>,
) {
    let Some(store) = super::reopen::open_retrying(&db, "reminders", &stop).await else {
        return;
    };
    let store = Arc::new(Mutex::new(store));
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        // Wake at least every 100 ms to notice a shutdown.
        tokio::select! {
            _ = tick.tick() => {},
            _ = tokio::time::sleep(Duration::from_millis(100)) => {
                if stop.load(Ordering::SeqCst) { break; }
                continue;
            }
        }
        if stop.load(Ordering::SeqCst) {
            break;
        }
        send_digests(&http, &chat, &store, &defaults, &stop, &now).await;
        let s = store.clone();
        let d = defaults.clone();
        let clock = now.clone();
        let due = tokio::task::spawn_blocking(move || {
            let mut st = s.lock().unwrap_or_else(|e| e.into_inner());
            st.claim_due_reminders("discord", clock(), &d)
        })
        .await;
        let due = match due {
            Ok(Ok(d)) => d,
            Ok(Err(e)) => {
                tracing::warn!("reading due reminders failed: {e}");
                continue;
            }
            Err(e) => {
                tracing::warn!("reminder check failed: {e}");
                continue;
            }
        };
        for r in due {
            if stop.load(Ordering::SeqCst) {
                break;
            }
            // During simultaneous secret choices, a passed deadline seals the late seat's
            // default choice (announced publicly with its commitment) instead of the notice.
            if let DueKind::Deadline(_) = r.kind {
                let c = chat.clone();
                let place = Place {
                    platform: r.platform.clone(),
                    guild: r.guild.clone(),
                    channel: r.channel.clone(),
                };
                let (user, since) = (r.key.user_id.clone(), r.key.since);
                let replies =
                    tokio::task::spawn_blocking(move || c.deadline_passed(&place, &user, since))
                        .await
                        .unwrap_or_default();
                if !replies.is_empty() {
                    super::send::deliver_replies(&http, &chat, &r.channel, &replies).await;
                    let s = store.clone();
                    let key = r.key.clone();
                    let clock = now.clone();
                    let _ = tokio::task::spawn_blocking(move || {
                        let mut st = s.lock().unwrap_or_else(|e| e.into_inner());
                        st.mark_sent(&key, clock())
                    })
                    .await;
                    continue;
                }
            }
            match send(&http, &r).await {
                Ok(()) => {
                    let s = store.clone();
                    let key = r.key.clone();
                    let clock = now.clone();
                    let res = tokio::task::spawn_blocking(move || {
                        let mut st = s.lock().unwrap_or_else(|e| e.into_inner());
                        st.mark_sent(&key, clock())
                    })
                    .await;
                    if let Ok(Err(e)) | Err(e) =
                        res.map_err(|e| crate::store::StoreError::Sql(e.to_string()))
                    {
                        tracing::warn!("could not record a sent reminder: {e}");
                    }
                    if let Some(m) = &metrics {
                        m.reminder_sent(r.due_at, now());
                    }
                    tracing::info!(game = r.key.game_id, user = %r.key.user_id, ordinal = r.key.ordinal, "reminder sent");
                }
                Err(e) => {
                    tracing::warn!(game = r.key.game_id, user = %r.key.user_id, "sending a reminder failed: {e}")
                }
            }
        }
    }
}

/// Claim the daily digests that are due, build each from the chat core's public game
/// listing, send it (a direct message, or a silent message in the channel of the game
/// waiting longest when the player's direct messages are closed) and mark it sent. A digest
/// with no game waiting sends nothing and is marked done for the day. A digest that could
/// not be sent is not marked: it is claimed again once its lease ends.
async fn send_digests(
    http: &Arc<serenity::Http>,
    chat: &Arc<Chat>,
    store: &Arc<Mutex<Store>>,
    defaults: &ReminderDefaults,
    stop: &Arc<AtomicBool>,
    now: &Clock,
) {
    let (s, d, clock) = (store.clone(), defaults.clone(), now.clone());
    let due = tokio::task::spawn_blocking(move || {
        let mut st = s.lock().unwrap_or_else(|e| e.into_inner());
        st.claim_due_digests("discord", clock(), &d)
    })
    .await;
    let due = match due {
        Ok(Ok(d)) => d,
        Ok(Err(e)) => {
            tracing::warn!("reading due digests failed: {e}");
            return;
        }
        Err(e) => {
            tracing::warn!("digest check failed: {e}");
            return;
        }
    };
    for dg in due {
        if stop.load(Ordering::SeqCst) {
            break;
        }
        let (c, k) = (chat.clone(), dg.key.clone());
        let built = tokio::task::spawn_blocking(move || {
            c.digest(&k.platform, k.guild.as_deref(), &k.user_id)
        })
        .await;
        let games = match built {
            Ok(Ok(None)) => 0,
            Ok(Ok(Some(digest))) => match send_digest(http, &dg.key.user_id, &digest).await {
                Ok(how) => {
                    tracing::info!(user = %dg.key.user_id, day = dg.key.day, games = digest.games, how, "digest sent");
                    digest.games
                }
                Err(e) => {
                    tracing::warn!(user = %dg.key.user_id, "sending a digest failed: {e}");
                    continue;
                }
            },
            Ok(Err(e)) => {
                tracing::warn!(user = %dg.key.user_id, "building a digest failed: {e}");
                continue;
            }
            Err(e) => {
                tracing::warn!("building a digest failed: {e}");
                continue;
            }
        };
        let (s, key, clock) = (store.clone(), dg.key.clone(), now.clone());
        let res = tokio::task::spawn_blocking(move || {
            let mut st = s.lock().unwrap_or_else(|e| e.into_inner());
            st.mark_digest_sent(&key, games, clock())
        })
        .await;
        if let Ok(Err(e)) | Err(e) = res.map_err(|e| crate::store::StoreError::Sql(e.to_string())) {
            tracing::warn!("could not record a sent digest: {e}");
        }
    }
}

/// Send one digest to `user_id`: by direct message, or, when that fails (direct messages
/// closed), as a silent message in the digest's channel pinging only them, listing only
/// that channel's games (the others counted). Returns how it
/// went (`"dm"` or `"channel"`).
async fn send_digest(
    http: &serenity::Http,
    user_id: &str,
    digest: &crate::chat::Digest,
) -> anyhow::Result<&'static str> {
    let Ok(uid) = user_id.parse::<u64>() else {
        anyhow::bail!("not a Discord user id: {user_id}")
    };
    let uid = serenity::UserId::new(uid);
    // One message: the digest lists at most `DIGEST_SHOWN` games, which fits; should it
    // not, only its first part is sent.
    let content = |text: &crate::chat::Text| {
        super::send::split_content(&text.render(&super::send::DiscordSyntax), MAX_MESSAGE)
            .into_iter()
            .next()
            .unwrap_or_default()
    };
    let message = |text: &crate::chat::Text| {
        serenity::CreateMessage::new()
            .content(content(text))
            .allowed_mentions(
                serenity::CreateAllowedMentions::new()
                    .everyone(false)
                    .empty_roles()
                    .users([uid]),
            )
    };
    let dm = async {
        let ch = uid.create_dm_channel(http).await?;
        ch.id.send_message(http, message(&digest.text)).await
    };
    match dm.await {
        Ok(_) => Ok("dm"),
        Err(e) => {
            tracing::info!(user = %user_id, "direct message refused ({e}); digest goes to the channel");
            let channel: u64 = digest.channel.parse()?;
            serenity::ChannelId::new(channel)
                .send_message(
                    http,
                    message(&digest.channel_text)
                        .flags(serenity::MessageFlags::SUPPRESS_NOTIFICATIONS),
                )
                .await?;
            Ok("channel")
        }
    }
}

/// Discord's limit on a message's text.
const MAX_MESSAGE: usize = 2000;

/// The reminder text; times as Discord timestamps so everyone reads their own time zone.
pub fn text(r: &DueReminder) -> String {
    let who = format!("<@{}>", r.key.user_id);
    let mut t = match &r.kind {
        DueKind::Reminder { number, of } => format!(
            "{who}, it is your turn in **{}** (waiting since <t:{}:R>). Reminder {number} of {of}; `/remind` changes these.",
            r.game_kind, r.key.since
        ),
        DueKind::Deadline(Consequence::Notify) => format!(
            "{who} ({}) has not acted since <t:{}:R>: the game's deadline passed.",
            r.user_name, r.key.since
        ),
        DueKind::Deadline(Consequence::Kick) => format!(
            "{who} ({}) has not acted since <t:{}:R>: the game's deadline passed. The other players may vote to remove them with `/game kick`.",
            r.user_name, r.key.since
        ),
    };
    if let (DueKind::Reminder { .. }, Some(d)) = (&r.kind, r.deadline_at) {
        t += &format!(" Deadline <t:{d}:R>.");
    }
    if r.dm {
        t += &format!(" Game channel: <#{}>", r.channel);
    }
    t
}

/// Send one due reminder or deadline notice. A reminder asked for by direct message that
/// Discord refuses (the player's direct messages are closed) comes in the game's channel
/// instead, silently, as it would without the DM setting: it is not lost.
async fn send(http: &serenity::Http, r: &DueReminder) -> anyhow::Result<()> {
    if !(r.dm && matches!(r.kind, DueKind::Reminder { .. })) {
        return send_as(http, r).await;
    }
    let Err(e) = send_as(http, r).await else {
        return Ok(());
    };
    tracing::info!(game = r.key.game_id, user = %r.key.user_id, "direct message refused ({e}); the reminder goes to the game's channel");
    let here = DueReminder {
        dm: false,
        ..r.clone()
    };
    send_as(http, &here).await
}

/// Send `r` where its setting says: by direct message or in the game's channel.
async fn send_as(http: &serenity::Http, r: &DueReminder) -> anyhow::Result<()> {
    let Ok(uid) = r.key.user_id.parse::<u64>() else {
        anyhow::bail!("not a Discord user id: {}", r.key.user_id)
    };
    let uid = serenity::UserId::new(uid);
    let mentions = serenity::CreateAllowedMentions::new()
        .everyone(false)
        .empty_roles()
        .users([uid]);
    let mut msg = serenity::CreateMessage::new()
        .content(text(r))
        .allowed_mentions(mentions);
    let is_reminder = matches!(r.kind, DueKind::Reminder { .. });
    if let DueKind::Deadline(Consequence::Kick) = r.kind {
        let id = format!("sherpa:{}:game kick {}", r.version, r.key.user_id);
        msg = msg.components(vec![serenity::CreateActionRow::Buttons(vec![
            serenity::CreateButton::new(id)
                .label(format!(
                    "Vote to remove {}",
                    r.user_name.chars().take(40).collect::<String>()
                ))
                .style(serenity::ButtonStyle::Danger),
        ])]);
    }
    if is_reminder && r.dm {
        let ch = uid.create_dm_channel(http).await?;
        ch.id.send_message(http, msg).await?;
    } else {
        let channel: u64 = r.channel.parse()?;
        if is_reminder {
            // A reminder in the channel is silent: it pings the player without a push
            // notification for the whole channel.
            msg = msg.flags(serenity::MessageFlags::SUPPRESS_NOTIFICATIONS);
        }
        serenity::ChannelId::new(channel)
            .send_message(http, msg)
            .await?;
    }
    Ok(())
}
