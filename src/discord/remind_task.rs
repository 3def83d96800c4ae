//! The reminder task: every tick, send what the chat core finds due (claimed and worded
//! by `chat::due`), and mark it sent.
//!
//! Invariant: a reminder is marked sent only after Discord accepted it, and a marked
//! reminder is never offered again (store::reminders), so a restart neither loses nor
//! repeats one (a crash between sending and marking could repeat one at most once, after
//! the claim's lease). A reminder is sent only by the process that claimed it, so the
//! processes of a fleet over one database never both send one.
//!
//! After each tick it also posts the end files (timelapse, replay file) of games that ended
//! a while ago and still owe them ([`super::post_end_files`]): a process stopped between a
//! game's last move and its files, or Discord was unreachable. Then it plays the AI turns
//! due ([`super::ai_task::AiPool::sweep`]): a deadline may have handed a seat to the
//! caretaker.
//!
//! Daily digests (`remind digest`) go the same way: claimed, sent, marked per player,
//! server and local day, so each day's digest is sent once, also across restarts.

use crate::chat::{Chat, DueNotice, Message, Notice, Reply};
use crate::reminders::ReminderDefaults;
use poise::serenity_prelude as serenity;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The clock the reminders read (the chat layer's injected one).
pub type Clock = Arc<dyn Fn() -> i64 + Send + Sync>;

/// Run until `stop` is set: every `every`, send what the chat core finds due. While the
/// database cannot be reached, a tick logs that and the next one tries again.
pub async fn run(
    http: Arc<serenity::Http>,
    chat: Arc<Chat>,
    defaults: ReminderDefaults,
    every: Duration,
    stop: Arc<AtomicBool>,
    metrics: Option<Arc<crate::metrics::Metrics>>,
    ai: Arc<super::ai_task::AiPool>,
) {
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
        let (c, d) = (chat.clone(), defaults.clone());
        let due = tokio::task::spawn_blocking(move || c.due_notices("discord", &d)).await;
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
        for n in due {
            if stop.load(Ordering::SeqCst) {
                break;
            }
            send_notice(&http, &chat, n, metrics.as_deref()).await;
        }
        // End files a stopped process (or an unreachable Discord) left owed.
        super::post_end_files(
            http.clone(),
            chat.clone(),
            None,
            super::END_FILES_RETRY_AFTER,
        )
        .await;
        // A deadline may have handed a seat to the caretaker: its turn is played now.
        ai.sweep(&http, &chat).await;
    }
}

/// Send one due notice and mark it sent; one that could not be sent is not marked: it is
/// claimed again once its lease ends. The replies of a change (a deadline's default steps)
/// are marked whatever their delivery: they are in the outbox.
async fn send_notice(
    http: &Arc<serenity::Http>,
    chat: &Arc<Chat>,
    n: DueNotice,
    metrics: Option<&crate::metrics::Metrics>,
) {
    let sent = match &n.send {
        Notice::Replies(replies) => {
            super::send::deliver_replies(http, chat, &n.place.channel, replies).await;
            // A deadline's default steps may end the game: its end files follow (a Sherpa
            // turn it made due is played by the tick's sweep).
            super::end_files_after(http, chat, &n.place, replies.clone()).await;
            Ok("channel")
        }
        Notice::Message(m) => send_message(http, m).await,
    };
    match sent {
        Ok(how) => {
            let (c, channel, due_at) = (chat.clone(), n.place.channel.clone(), n.due_at);
            let res = tokio::task::spawn_blocking(move || c.mark_sent(&n)).await;
            if let (Some(m), Some(due_at)) = (metrics, due_at) {
                m.reminder_sent(due_at, chat.now());
            }
            match res {
                Ok(Ok(())) => tracing::info!(channel, how, "due notice sent"),
                Ok(Err(e)) => tracing::warn!("could not record a sent notice: {e}"),
                Err(e) => tracing::warn!("could not record a sent notice: {e}"),
            }
        }
        Err(e) => tracing::warn!(channel = %n.place.channel, "sending a due notice failed: {e}"),
    }
}
/// Discord's limit on a message's text.
const MAX_MESSAGE: usize = 2000;

/// Send a notice for one player: by direct message when it has a `direct` text, and in
/// its channel (silently when `silent`) otherwise or when Discord refuses the direct message
/// (the player's direct messages are closed): it is not lost. Returns how it went.
async fn send_message(http: &serenity::Http, m: &Message) -> anyhow::Result<&'static str> {
    if let Some(dm) = &m.direct {
        let Some(user) = dm.pings.first().and_then(|u| u.parse::<u64>().ok()) else {
            anyhow::bail!("not a Discord user id: {:?}", dm.pings)
        };
        let sent = async {
            let ch = serenity::UserId::new(user).create_dm_channel(http).await?;
            ch.id.send_message(http, message(dm)).await
        };
        match sent.await {
            Ok(_) => return Ok("dm"),
            Err(e) => tracing::info!(
                user,
                "direct message refused ({e}); the notice goes to the channel"
            ),
        }
    }
    let mut msg = message(&m.here);
    if m.silent {
        // Pings the player without a push notification for the whole channel.
        msg = msg.flags(serenity::MessageFlags::SUPPRESS_NOTIFICATIONS);
    }
    let channel: u64 = m.channel.parse()?;
    serenity::ChannelId::new(channel)
        .send_message(http, msg)
        .await?;
    Ok("channel")
}

/// One message: the text (a notice fits; should it not, only its first part is sent),
/// mentions of the pinged player only, and its buttons (votes to remove a late player).
fn message(r: &Reply) -> serenity::CreateMessage {
    let content =
        super::send::split_content(&r.text.render(&super::send::DiscordSyntax), MAX_MESSAGE)
            .into_iter()
            .next()
            .unwrap_or_default();
    let buttons: Vec<serenity::CreateButton> = r
        .buttons
        .iter()
        .map(|b| {
            serenity::CreateButton::new(super::send::button_id(b))
                .label(b.label.clone())
                .style(serenity::ButtonStyle::Danger)
        })
        .collect();
    let mut msg = serenity::CreateMessage::new()
        .content(content)
        .allowed_mentions(super::send::allowed_mentions(r));
    if !buttons.is_empty() {
        msg = msg.components(vec![serenity::CreateActionRow::Buttons(buttons)]);
    }
    msg
}
