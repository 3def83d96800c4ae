//! A channel's games in its threads: whether a command comes from a thread, and the
//! answer pointing a command in a channel with no game to the games open in its public
//! threads. Used by the request path (`send::request`) and by `/game new … thread:True`
//! (`thread.rs`), which imports this file and not the other way round.

use crate::chat::{Chat, Reply, Request};
use poise::serenity_prelude as serenity;
use std::sync::Arc;

/// Whether the interaction's channel is a thread.
pub fn in_thread(i: &serenity::CommandInteraction) -> bool {
    i.channel.as_ref().is_some_and(|c| {
        matches!(
            c.kind,
            serenity::ChannelType::PublicThread
                | serenity::ChannelType::PrivateThread
                | serenity::ChannelType::NewsThread
        )
    })
}

/// How long looking up a channel's threads may take (the interaction is answered within
/// Discord's three seconds, and the command may still have to run after it).
const THREADS_LOOKUP_TIMEOUT: std::time::Duration = std::time::Duration::from_millis(1000);

/// For a command on the channel's game run in a server's channel (not a thread) that has
/// none for it ([`Chat::wants_a_game_here`]): the answer pointing to the games open in the
/// channel's public threads, if any ([`Chat::game_in_a_thread`]). `None` when the command
/// should run as usual, also when Discord cannot be asked in time.
pub async fn game_in_a_thread(
    http: &serenity::Http,
    chat: &Arc<Chat>,
    i: &serenity::CommandInteraction,
    req: &Request,
) -> Option<Reply> {
    let guild = i.guild_id?;
    if in_thread(i) {
        return None;
    }
    let (c, r) = (chat.clone(), req.clone());
    if !tokio::task::spawn_blocking(move || c.wants_a_game_here(&r))
        .await
        .ok()?
    {
        return None;
    }
    let lookup = guild.get_active_threads(http);
    let threads = match tokio::time::timeout(THREADS_LOOKUP_TIMEOUT, lookup).await {
        Ok(Ok(t)) => t.threads,
        Ok(Err(e)) => {
            tracing::warn!(%guild, error = %e, "looking up a channel's threads failed");
            return None;
        }
        Err(_) => {
            tracing::warn!(%guild, "looking up a channel's threads timed out");
            return None;
        }
    };
    // Public threads only: a private thread's game is not pointed to from its channel.
    let ids: Vec<String> = threads
        .iter()
        .filter(|t| t.parent_id == Some(i.channel_id))
        .filter(|t| {
            matches!(
                t.kind,
                serenity::ChannelType::PublicThread | serenity::ChannelType::NewsThread
            )
        })
        .map(|t| t.id.to_string())
        .collect();
    if ids.is_empty() {
        return None;
    }
    let (c, r) = (chat.clone(), req.clone());
    tokio::task::spawn_blocking(move || c.game_in_a_thread(&r, &ids))
        .await
        .ok()?
}
