//! Incoming interactions: a slash command or a button press becomes a chat request, which
//! runs on a blocking thread (deferring the answer when it takes long) and is answered.

use super::components::{parse_button, reply_response};
use super::delivery::{crash_point, send_replies};
use super::syntax::DiscordSyntax;
use super::target::Target;
use crate::chat::{menus, Chat, FollowUp, Place, Reply, Request, User};
use crate::discord::{Ctx, Data, Error};
use poise::serenity_prelude as serenity;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// Answer within this time or defer (Discord allows 3 s for the first response).
pub(in crate::discord) const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// Build a chat request from the interaction's place and member.
pub fn request(
    channel: serenity::ChannelId,
    guild: Option<serenity::GuildId>,
    user: &serenity::User,
    member: Option<&serenity::Member>,
    interaction_id: serenity::InteractionId,
    text: String,
    expected_version: Option<i64>,
) -> Request {
    let name = member
        .and_then(|m| m.nick.clone())
        .or_else(|| user.global_name.clone())
        .unwrap_or_else(|| user.name.clone());
    let is_channel_admin = member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_channels());
    Request {
        place: Place {
            platform: "discord".into(),
            guild: guild.map(|g| g.to_string()),
            channel: channel.to_string(),
        },
        user: User {
            id: user.id.to_string(),
            name,
            is_channel_admin,
        },
        text,
        request_id: Some(interaction_id.to_string()),
        expected_version,
        visible_channels: None,
        visible_channels_unknown: false,
        // Discord has servers: a command without one comes from a direct message.
        direct_message: guild.is_none(),
        mentioned: vec![],
        pick: None,
    }
}

/// The users an interaction's options resolved (`/game sub`'s players): id, server
/// nickname (else global name, else user name) and whether each is a bot.
fn mentioned_users(data: &serenity::CommandDataResolved) -> Vec<crate::chat::MentionedUser> {
    data.users
        .values()
        .map(|u| crate::chat::MentionedUser {
            id: u.id.to_string(),
            name: data
                .members
                .get(&u.id)
                .and_then(|m| m.nick.clone())
                .or_else(|| u.global_name.clone())
                .unwrap_or_else(|| u.name.clone()),
            is_bot: u.bot,
        })
        .collect()
}

/// Run `text` as a chat command for the invoking user of a slash command and send the replies.
pub async fn run_command(ctx: Ctx<'_>, text: String) -> Result<(), Error> {
    run_as_invoker(ctx, text, false).await
}

/// As [`run_command`], for a command on the channel's game (`/game join`, `/move`, …):
/// where the channel has no game for it but one of its threads has, the answer points to
/// that thread and nothing else is done.
pub async fn run_game_command(ctx: Ctx<'_>, text: String) -> Result<(), Error> {
    let (i, req) = invoker_request(ctx, text)?;
    let (sctx, data) = (ctx.serenity_context(), ctx.data());
    let target = Target::Command(i);
    if !data.shutting_down.load(Ordering::SeqCst) {
        let pointer =
            crate::discord::thread_lookup::game_in_a_thread(&sctx.http, &data.chat, i, &req);
        if let Some(reply) = pointer.await {
            let invoker = req.user.id.clone();
            return send_replies(sctx, &data.chat, &target, &invoker, vec![reply], false).await;
        }
    }
    handle_and_send(sctx, data, target, req).await
}

/// As [`run_command`], for a command that lists other channels' games: the request carries
/// the channels of the server the invoking member may see.
pub async fn run_command_seeing_channels(ctx: Ctx<'_>, text: String) -> Result<(), Error> {
    run_as_invoker(ctx, text, true).await
}

/// The slash command's interaction and the chat request running `text` for its invoker.
pub fn invoker_request(
    ctx: Ctx<'_>,
    text: String,
) -> Result<(&serenity::CommandInteraction, Request), Error> {
    let poise::Context::Application(actx) = ctx else {
        anyhow::bail!("Sherpa only answers slash commands");
    };
    let i = actx.interaction;
    let mut req = request(
        i.channel_id,
        i.guild_id,
        &i.user,
        i.member.as_deref(),
        i.id,
        text,
        None,
    );
    req.mentioned = mentioned_users(&i.data.resolved);
    Ok((i, req))
}

async fn run_as_invoker(ctx: Ctx<'_>, text: String, see_channels: bool) -> Result<(), Error> {
    let (i, mut req) = invoker_request(ctx, text)?;
    if let (true, Some(guild)) = (see_channels, i.guild_id) {
        let http = &ctx.serenity_context().http;
        let member = i.member.as_deref();
        let seen =
            crate::discord::visibility::visible_channels(http, guild, member, i.channel_id).await;
        req.visible_channels = Some(seen.channels);
        req.visible_channels_unknown = !seen.complete;
    }
    let data = ctx.data();
    handle_and_send(ctx.serenity_context(), data, Target::Command(i), req).await
}

/// Handle a request on a blocking thread (deferring if it takes long) and send the replies.
pub async fn handle_and_send(
    ctx: &serenity::Context,
    data: &Data,
    target: Target<'_>,
    req: Request,
) -> Result<(), Error> {
    if data.shutting_down.load(Ordering::SeqCst) {
        let e = Reply::error(
            &req.user.id,
            "Sherpa is restarting; please try again in a minute.",
        );
        let r = reply_response(&e, e.text.render(&DiscordSyntax), true);
        target
            .respond(&ctx.http, serenity::CreateInteractionResponse::Message(r))
            .await?;
        return Ok(());
    }
    data.in_flight.fetch_add(1, Ordering::SeqCst);
    let received = std::time::Instant::now();
    let (command, channel) = (
        crate::metrics::command_name(&req.text),
        req.place.channel.clone(),
    );
    let place = req.place.clone();
    let res = handle_inner(ctx, data.chat.clone(), target, req).await;
    let took = received.elapsed();
    data.in_flight.fetch_sub(1, Ordering::SeqCst);
    // Once the request is answered, the Sherpa turns the chat says are due are played (and
    // looked for anyway when the answer failed: the look finds none when none is due).
    let ai_due = res
        .as_ref()
        .map_or(true, |(_, due)| due.contains(&FollowUp::AiTurn));
    if ai_due {
        data.ai
            .after_request(ctx.http.clone(), data.chat.clone(), place);
    }
    let (kind, _) = res?;
    crate::discord::health::record(data, command, channel, kind, took).await;
    Ok(())
}

async fn handle_inner(
    ctx: &serenity::Context,
    chat: Arc<Chat>,
    target: Target<'_>,
    req: Request,
) -> Result<(crate::discord::health::AnswerKind, Vec<FollowUp>), Error> {
    tracing::debug!(user = %req.user.id, channel = %req.place.channel, text = %req.text, "request");
    let invoker = req.user.id.clone();
    let channel = req.place.channel.clone();
    let c = chat.clone();
    // The answer, and what the chat says is due once it is delivered.
    let mut job = tokio::task::spawn_blocking(move || {
        let replies = c.handle(&req);
        let due = c.follow_ups(&req.place, &replies);
        (replies, due)
    });
    let ((replies, due), deferred) = match tokio::time::timeout(DEFER_AFTER, &mut job).await {
        Ok(r) => (r?, false),
        Err(_) => {
            target.defer_ephemeral(&ctx.http).await?;
            (job.await?, true)
        }
    };
    let changed = replies.iter().any(|r| r.outbox.is_some());
    if changed {
        crash_point("after_commit");
    }
    let kind = crate::discord::health::AnswerKind::of(&replies);
    send_replies(ctx, &chat, &target, &invoker, replies, deferred).await?;
    if due.contains(&FollowUp::EndFiles) {
        // A change that ended the game is answered first; its end files follow.
        let (http, channel) = (ctx.http.clone(), Some(channel));
        tokio::spawn(crate::discord::post_end_files(http, chat, channel, 0));
    }
    Ok((kind, due))
}

/// Events poise does not route to commands: button presses.
pub async fn event_handler(
    ctx: &serenity::Context,
    event: &serenity::FullEvent,
    data: &Data,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(ci),
    } = event
    {
        let id = &ci.data.custom_id;
        if menus::is_pick_id(id) {
            let value = match &ci.data.kind {
                serenity::ComponentInteractionDataKind::StringSelect { values } => values.first(),
                _ => None,
            };
            let mut req = request(
                ci.channel_id,
                ci.guild_id,
                &ci.user,
                ci.member.as_ref(),
                ci.id,
                "move".into(),
                None,
            );
            let Some(pick) = menus::Pick::parse(id, value.map(String::as_str)) else {
                let e = Reply::error(
                    &req.user.id,
                    "that menu could not be read; type `/move` to see your steps.",
                );
                let r = reply_response(&e, e.text.render(&DiscordSyntax), true);
                Target::Component(ci)
                    .respond(&ctx.http, serenity::CreateInteractionResponse::Message(r))
                    .await?;
                return Ok(());
            };
            req.expected_version = Some(pick.header.version);
            req.pick = Some(pick);
            return handle_and_send(ctx, data, Target::Component(ci), req).await;
        }
        let Some((version, command)) = parse_button(id) else {
            return Ok(());
        };
        let req = request(
            ci.channel_id,
            ci.guild_id,
            &ci.user,
            ci.member.as_ref(),
            ci.id,
            command,
            Some(version),
        );
        handle_and_send(ctx, data, Target::Component(ci), req).await?;
    }
    Ok(())
}

#[cfg(test)]
mod mention_tests {
    use super::*;

    // Issue 36: the request knows which mentioned users are bots, and their names.
    #[test]
    fn resolved_users_become_the_requests_mentions_with_their_bot_flag() {
        let resolved: serenity::CommandDataResolved = serde_json::from_value(serde_json::json!({
            "users": {
                "5": {"id": "5", "username": "helper", "discriminator": "0", "global_name": null, "avatar": null, "bot": true},
                "6": {"id": "6", "username": "dee", "discriminator": "0", "global_name": "Dee", "avatar": null}
            }
        }))
        .unwrap();
        let mut got = mentioned_users(&resolved);
        got.sort_by(|a, b| a.id.cmp(&b.id));
        let want = [("5", "helper", true), ("6", "Dee", false)];
        let got: Vec<(&str, &str, bool)> = got
            .iter()
            .map(|m| (m.id.as_str(), m.name.as_str(), m.is_bot))
            .collect();
        assert_eq!(got, want);
    }
}
