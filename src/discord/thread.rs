//! `/game new … thread:True`: the game opens in a new public thread of the channel.
//!
//! Order, so that nothing is left half made: the chat core checks the command first
//! ([`Chat::check_new_game`]: the asker's rate, the game and its options) and nothing is
//! created if it refuses; a command run inside a thread is refused (Discord has no threads
//! in threads); then the thread is created, and the same platform-neutral `game new` runs
//! with the thread as its channel. If that is refused after all (the store, or a burst of
//! commands in between), the thread is deleted again. On success the lobby message goes to the thread and the interaction is
//! answered in the channel with one line linking to the thread.

use super::send::{self, deliver_replies, send_replies, Target, DEFER_AFTER};
use super::thread_lookup::in_thread;
use super::{Ctx, Error};
use crate::chat::{Chat, Place, Reply, Request};
use poise::serenity_prelude as serenity;
use std::sync::atomic::Ordering;
use std::sync::Arc;

/// Why no thread was opened. Nothing was created in either case.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ThreadError {
    /// The command came from inside a thread.
    InThread,
    /// Discord refused to create the thread (its status and message).
    Refused(String),
}

impl ThreadError {
    /// The message for the invoker, in Discord's syntax.
    fn text(&self) -> String {
        match self {
            ThreadError::InThread => {
                "This channel is already a thread, and Discord has no threads \
                 inside threads; nothing was created. Run `/game new` here without `thread` to \
                 play in this thread, or use `thread:True` in a text channel."
                    .into()
            }
            ThreadError::Refused(why) => format!(
                "Sherpa could not open a thread here (Discord answered: {why}); nothing was \
                 created. A server admin can let Sherpa create public threads and send messages \
                 in threads in this channel, or open the game here without `thread`."
            ),
        }
    }
}

/// Discord's answer to a failed request, short: `403 Missing Permissions`.
fn discord_reason(e: &serenity::Error) -> String {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            format!("{} {}", r.status_code.as_u16(), r.error.message)
        }
        other => other.to_string(),
    }
}

/// Run `/game new` whose text (`game new <game> [options]`) or `thread` option may ask for
/// a thread: `thread` (when given) decides, else a thread word in the options does. Without
/// a thread the game opens in this channel as usual.
pub async fn game_new(ctx: Ctx<'_>, text: String, thread: Option<bool>) -> Result<(), Error> {
    let (i, req) = send::invoker_request(ctx, text)?;
    let data = ctx.data();
    let sctx = ctx.serenity_context();
    let invoker = req.user.id.clone();
    let target = Target::Command(i);
    if data.shutting_down.load(Ordering::SeqCst) {
        // Answered with the restart notice; nothing is created.
        return send::handle_and_send(sctx, data, target, req).await;
    }
    let chat = data.chat.clone();
    let c = chat.clone();
    let r = req.clone();
    let checked = tokio::task::spawn_blocking(move || {
        let platform = &r.place.platform;
        let seen = r.request_id.as_deref();
        let seen = seen.is_some_and(|id| c.request_handled(platform, id));
        (!seen).then(|| c.check_new_game(&r))
    });
    let plan = match checked.await? {
        // Delivered again: answered as the first time, and no second thread is made.
        None => return send::handle_and_send(sctx, data, target, req).await,
        Some(Ok(p)) => p,
        Some(Err(e)) => {
            let reply = Reply::error(&invoker, e.text());
            return send_replies(sctx, &chat, &target, &invoker, vec![reply], false).await;
        }
    };
    if !thread.unwrap_or(plan.thread) {
        let here = Request {
            text: plan.command,
            ..req
        };
        return send::handle_and_send(sctx, data, target, here).await;
    }
    if in_thread(i) {
        let reply = Reply::error(&invoker, ThreadError::InThread.text());
        return send_replies(sctx, &chat, &target, &invoker, vec![reply], false).await;
    }
    data.in_flight.fetch_add(1, Ordering::SeqCst);
    let work = open(&sctx.http, &chat, i.channel_id, &plan, req);
    tokio::pin!(work);
    let (outcome, deferred) = match tokio::time::timeout(DEFER_AFTER, &mut work).await {
        Ok(o) => (o, false),
        Err(_) => match target.defer_ephemeral(&sctx.http).await {
            Ok(()) => (work.await, true),
            Err(e) => {
                data.in_flight.fetch_sub(1, Ordering::SeqCst);
                return Err(e.into());
            }
        },
    };
    data.in_flight.fetch_sub(1, Ordering::SeqCst);
    let reply = match outcome {
        Ok(thread) => plan.link_line(&thread.to_string()),
        Err(reply) => reply,
    };
    send_replies(sctx, &chat, &target, &invoker, vec![reply], deferred).await
}

/// Create the thread, open the game in it and post its lobby message there. Returns the
/// thread, or the error reply for the invoker (after deleting a thread the game could not
/// open in).
async fn open(
    http: &serenity::Http,
    chat: &Arc<Chat>,
    channel: serenity::ChannelId,
    plan: &crate::chat::NewGamePlan,
    req: Request,
) -> Result<serenity::ChannelId, Reply> {
    let invoker = req.user.id.clone();
    let builder = serenity::CreateThread::new(plan.thread_name.clone())
        .kind(serenity::ChannelType::PublicThread)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let thread = match channel.create_thread(http, builder).await {
        Ok(t) => t.id,
        Err(e) => {
            let why = discord_reason(&e);
            tracing::info!(%channel, "creating a game thread failed: {why}");
            return Err(Reply::error(&invoker, ThreadError::Refused(why).text()));
        }
    };
    let in_thread = Request {
        place: Place {
            channel: thread.to_string(),
            ..req.place.clone()
        },
        text: plan.command.clone(),
        ..req
    };
    let c = chat.clone();
    let replies = match tokio::task::spawn_blocking(move || c.handle(&in_thread)).await {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!("game new in a thread panicked: {e}");
            vec![Reply::error(
                &invoker,
                crate::chat::CoreError::Internal.text(),
            )]
        }
    };
    if let Some(refusal) = replies.iter().find(|r| r.is_error) {
        // No game opened: take the empty thread back.
        if let Err(e) = thread.delete(http).await {
            tracing::warn!(%thread, "deleting an unused game thread failed: {e}");
        }
        return Err(refusal.clone());
    }
    if !deliver_replies(http, chat, &thread.to_string(), &replies).await {
        tracing::warn!(%thread, "the lobby message of a game thread was not delivered");
    }
    Ok(thread)
}
