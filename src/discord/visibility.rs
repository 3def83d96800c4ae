//! Which of a server's channels a member may see, for answers that list other channels'
//! games (`/games all`).
//!
//! Invariant: a channel counts as visible only when Discord's own permission arithmetic
//! (the server's roles and the channel's overwrites, through serenity) grants the member
//! View Channel; a public thread is visible when its parent is, a private thread only as
//! the channel asked in. When Discord cannot be asked, the set is only the channel asked
//! in: a lookup failure narrows the list, it never widens it.

use poise::serenity_prelude as serenity;
use std::collections::BTreeSet;
use std::time::Duration;

/// How long the lookups may take: the interaction must be answered (or deferred) within
/// Discord's three seconds.
const LOOKUP_TIMEOUT: Duration = Duration::from_millis(1500);

/// The channels of a server a member may see, as far as Discord said.
pub struct Visible {
    /// The ids of the channels and threads, always including the channel asked in.
    pub channels: BTreeSet<String>,
    /// False when Discord could not be asked (the lookup failed or timed out): `channels`
    /// is then only the channel asked in, and a list built from it is incomplete.
    pub complete: bool,
}

/// The ids of the channels and threads of `guild` that `member` may see, always including
/// `asked_in`.
pub async fn visible_channels(
    http: &serenity::Http,
    guild: serenity::GuildId,
    member: Option<&serenity::Member>,
    asked_in: serenity::ChannelId,
) -> Visible {
    let mut channels = BTreeSet::from([asked_in.to_string()]);
    let Some(member) = member else {
        return Visible {
            channels,
            complete: false,
        };
    };
    let complete = match tokio::time::timeout(LOOKUP_TIMEOUT, lookup(http, guild, member)).await {
        Ok(Ok(seen)) => {
            channels.extend(seen);
            true
        }
        Ok(Err(e)) => {
            tracing::warn!(%guild, error = %e, "channel visibility lookup failed");
            false
        }
        Err(_) => {
            tracing::warn!(%guild, "channel visibility lookup timed out");
            false
        }
    };
    Visible { channels, complete }
}

async fn lookup(
    http: &serenity::Http,
    guild: serenity::GuildId,
    member: &serenity::Member,
) -> serenity::Result<Vec<String>> {
    let server = http.get_guild(guild).await?;
    let channels = guild.channels(http).await?;
    let threads = guild.get_active_threads(http).await?;
    let can_view = |c: &serenity::GuildChannel| {
        server
            .user_permissions_in(c, member)
            .contains(serenity::Permissions::VIEW_CHANNEL)
    };
    let mut seen: Vec<String> = channels
        .values()
        .filter(|c| can_view(c))
        .map(|c| c.id.to_string())
        .collect();
    for t in &threads.threads {
        let public = matches!(
            t.kind,
            serenity::ChannelType::PublicThread | serenity::ChannelType::NewsThread
        );
        let parent_seen = t
            .parent_id
            .and_then(|p| channels.get(&p))
            .is_some_and(&can_view);
        if public && parent_seen {
            seen.push(t.id.to_string());
        }
    }
    Ok(seen)
}
