//! Delivering replies: as the answer to an interaction, to a channel, or by direct
//! message; each outbox row is marked delivered once Discord accepted it.

use super::components::{reply_followup, reply_message, reply_response, update_response};
use super::syntax::contents;
use super::target::Target;
use crate::chat::{Chat, Reply, Text, Visibility};
use crate::discord::Error;
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use std::time::Duration;

/// Test hook for crash tests: when `SHERPA_TEST_CRASH_AT` names this point, say so on
/// standard error and stop here (the test then kills the process with SIGKILL). Points:
/// `after_commit` (a change is committed, no reply sent yet) and `after_reply:N` (N
/// replies of a change sent and marked delivered).
pub(super) fn crash_point(at: &str) {
    static AT: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let want = AT.get_or_init(|| std::env::var("SHERPA_TEST_CRASH_AT").ok());
    if want.as_deref() == Some(at) {
        eprintln!("SHERPA_CRASH_POINT {at}");
        loop {
            std::thread::sleep(Duration::from_secs(1));
        }
    }
}

/// Mark a reply's outbox row delivered (off the async threads).
async fn delivered(chat: &Arc<Chat>, r: &Reply) {
    let Some(id) = r.outbox else { return };
    let c = chat.clone();
    let _ = tokio::task::spawn_blocking(move || c.mark_delivered_ids(&[id])).await;
}

/// How replies sent to a channel went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    Sent,
    /// Discord refused one (or could not be reached): it and the rest wait in the outbox.
    Failed,
    /// Discord said the channel does not exist (deleted).
    ChannelGone,
}

/// Send replies that answer no interaction (e.g. a default sealed at a deadline): public
/// ones to `channel`, private ones by direct message; each is marked delivered once Discord
/// accepted it (a failure leaves it and the rest in the outbox for a later round). Returns
/// whether every reply was sent.
pub async fn deliver_replies(
    http: &serenity::Http,
    chat: &Arc<Chat>,
    channel: &str,
    replies: &[Reply],
) -> bool {
    deliver_to_channel(http, chat, channel, replies).await == Delivery::Sent
}

/// [`deliver_replies`], telling a channel that is gone from other failures.
pub async fn deliver_to_channel(
    http: &serenity::Http,
    chat: &Arc<Chat>,
    channel: &str,
    replies: &[Reply],
) -> Delivery {
    for r in replies {
        let res = match &r.visibility {
            Visibility::Private(user) => dm(http, user, r).await,
            Visibility::Public => match channel.parse::<u64>() {
                Ok(ch) => send_pieces(http, serenity::ChannelId::new(ch), r).await,
                Err(e) => Err(anyhow::Error::from(e)),
            },
        };
        match res {
            Ok(()) => delivered(chat, r).await,
            Err(e) => {
                tracing::warn!(channel, "sending a reply failed: {e}");
                let gone = matches!(&r.visibility, Visibility::Public)
                    && e.downcast_ref::<serenity::Error>()
                        .is_some_and(is_unknown_channel);
                return if gone {
                    Delivery::ChannelGone
                } else {
                    Delivery::Failed
                };
            }
        }
    }
    Delivery::Sent
}

/// Discord's JSON error code for a channel that does not exist (deleted).
const UNKNOWN_CHANNEL: isize = 10003;

/// Whether Discord refused a call because the channel does not exist.
pub fn is_unknown_channel(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.error.code == UNKNOWN_CHANNEL
    )
}

/// Whether this process delivers for a guild: every guild without a shard range; with one
/// (a fleet), the guilds of its shards, and guild-less places on shard 0.
pub fn owns_guild(shards: Option<crate::config::ShardRange>, guild: Option<&str>) -> bool {
    match (shards, guild.and_then(|g| g.parse::<u64>().ok())) {
        (None, _) => true,
        (Some(r), Some(g)) => r.owns_guild(g),
        (Some(r), None) => r.first == 0,
    }
}

/// Deliver the replies a previous run committed but did not deliver (up to outbox row
/// `up_to`, written at least `min_age` seconds ago): public ones as channel messages,
/// private ones by direct message, since the interactions they answered have expired.
/// Each is marked delivered once Discord accepted it; the first failure stops the round
/// (Discord unreachable) and the rest wait for the next one. With a shard range (`shards`),
/// only the replies of guilds on those shards are delivered (guild-less ones by shard 0):
/// the other processes of the fleet deliver theirs.
pub async fn deliver_outbox(
    http: &serenity::Http,
    chat: &Arc<Chat>,
    up_to: i64,
    min_age: i64,
    shards: Option<crate::config::ShardRange>,
) {
    let c = chat.clone();
    let Ok(pending) =
        tokio::task::spawn_blocking(move || c.undelivered("discord", up_to, min_age)).await
    else {
        return;
    };
    for u in pending
        .into_iter()
        .filter(|u| owns_guild(shards, u.place.guild.as_deref()))
    {
        // Stop the round at the first failure (Discord unreachable): keep the order.
        if !deliver_replies(http, chat, &u.place.channel, std::slice::from_ref(&u.reply)).await {
            return;
        }
    }
}

/// Send chat replies as the response to `target`: the first as the interaction response
/// (ephemeral if private), the rest as follow-ups. A reply private to another user goes by DM.
pub async fn send_replies(
    ctx: &serenity::Context,
    chat: &Arc<Chat>,
    target: &Target<'_>,
    invoker: &str,
    replies: Vec<Reply>,
    deferred: bool,
) -> Result<(), Error> {
    let http = &ctx.http;
    let mut answered = deferred;
    let mut sent = 0;
    let mut replies = answer_order(replies, invoker, deferred);
    // A pick's next steps replace the message it was picked on.
    let update = !deferred && target.is_pick() && put_steps_first(&mut replies, invoker);
    for (i, r) in replies.iter().enumerate() {
        match &r.visibility {
            Visibility::Private(u) if u != invoker => {
                send_private_news(http, target, u, r).await;
                delivered(chat, r).await;
                continue;
            }
            _ if i == 0 && update => {
                let m = update_response(r, r.text.render(&super::DiscordSyntax));
                target
                    .respond(http, serenity::CreateInteractionResponse::UpdateMessage(m))
                    .await?;
                answered = true;
            }
            _ => answer(http, target, r, &mut answered).await?,
        }
        delivered(chat, r).await;
        if r.outbox.is_some() {
            sent += 1;
            crash_point(&format!("after_reply:{sent}"));
        }
    }
    if !answered {
        // Everything went by DM: acknowledge privately.
        let ack = Reply::private(invoker, "Sent you a direct message.");
        answer(http, target, &ack, &mut answered).await?;
    }
    Ok(())
}

/// The replies in the order they are sent; never none ("Done."). When the answer was
/// deferred ephemerally, the first follow-up replaces the ephemeral "thinking" message, so
/// a reply private to the invoker goes first (a "Done." if there is none).
fn answer_order(mut replies: Vec<Reply>, invoker: &str, deferred: bool) -> Vec<Reply> {
    if replies.is_empty() {
        replies.push(Reply::private(invoker, "Done."));
    }
    if !deferred {
        return replies;
    }
    match replies.iter().position(|r| is_ephemeral_for(r, invoker)) {
        Some(pos) => {
            let first = replies.remove(pos);
            replies.insert(0, first);
        }
        None => replies.insert(0, Reply::private(invoker, "Done.")),
    }
    replies
}

/// Put the invoker's private reply with step components first, when it fits one message
/// (it then replaces the message of the component picked); false if there is none.
fn put_steps_first(replies: &mut Vec<Reply>, invoker: &str) -> bool {
    let steps = |r: &Reply| {
        matches!(&r.visibility, Visibility::Private(u) if u == invoker)
            && (!r.components.taps.is_empty() || !r.components.menus.is_empty())
            && contents(r).len() == 1
            && r.image.is_none()
            && r.file.is_none()
    };
    let Some(pos) = replies.iter().position(steps) else {
        return false;
    };
    let r = replies.remove(pos);
    replies.insert(0, r);
    true
}

/// A reply private to another player goes by direct message; when their direct messages
/// are closed, the channel is told, without the content, where to read it (`board private`
/// repeats private news).
async fn send_private_news(http: &serenity::Http, target: &Target<'_>, user: &str, r: &Reply) {
    if send_dm(http, user, r).await {
        return;
    }
    let note = closed_dm_note(user);
    if let Err(e) = send_pieces(http, target.channel_id(), &note).await {
        tracing::warn!(user, "could not post the private-news note: {e}");
    }
}

/// Answer the interaction with one reply. A text over Discord's limit goes as several
/// messages: the first piece as the interaction response (if not answered yet), the rest as
/// follow-ups; buttons and attachments come with the last piece.
async fn answer(
    http: &serenity::Http,
    target: &Target<'_>,
    r: &Reply,
    answered: &mut bool,
) -> Result<(), Error> {
    let pieces = contents(r);
    let n = pieces.len();
    for (i, content) in pieces.into_iter().enumerate() {
        let last = i + 1 == n;
        if *answered {
            target
                .followup(http, reply_followup(r, content, last))
                .await?;
        } else {
            let m = reply_response(r, content, last);
            target
                .respond(http, serenity::CreateInteractionResponse::Message(m))
                .await?;
            *answered = true;
        }
    }
    Ok(())
}

fn is_ephemeral_for(r: &Reply, invoker: &str) -> bool {
    match &r.visibility {
        Visibility::Private(u) => u == invoker,
        Visibility::Public => r.is_error,
    }
}

/// Send a reply by direct message; false if that failed (DMs closed, unknown user).
async fn send_dm(http: &serenity::Http, user: &str, r: &Reply) -> bool {
    match dm(http, user, r).await {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!(user, "could not send a direct message: {e}");
            false
        }
    }
}

/// The channel's content-free note for a player whose direct messages are closed: it pings
/// only that player and names the command that shows their private news.
pub(crate) fn closed_dm_note(user: &str) -> Reply {
    let mut note = Reply::public(
        Text::new()
            .mention(user, user)
            .p(" has private news: ")
            .cmd("board", &["private"]),
    );
    note.pings = vec![user.to_string()];
    note
}

async fn dm(http: &serenity::Http, user: &str, r: &Reply) -> anyhow::Result<()> {
    let uid: u64 = user.parse()?;
    let ch = serenity::UserId::new(uid).create_dm_channel(http).await?;
    send_pieces(http, ch.id, r).await
}

/// Send a reply to a channel (or DM channel) as one message per piece of its text.
async fn send_pieces(
    http: &serenity::Http,
    ch: serenity::ChannelId,
    r: &Reply,
) -> anyhow::Result<()> {
    let pieces = contents(r);
    let n = pieces.len();
    for (i, content) in pieces.into_iter().enumerate() {
        ch.send_message(http, reply_message(r, content, i + 1 == n))
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::discord::send::DiscordSyntax;

    #[test]
    fn closed_dm_note_pings_only_that_player_and_names_board_private() {
        let note = closed_dm_note("123");
        assert_eq!(note.visibility, Visibility::Public);
        assert_eq!(note.pings, vec!["123".to_string()]);
        assert_eq!(
            note.text.render(&DiscordSyntax),
            "<@123> has private news: `/board private:True`"
        );
    }
}
