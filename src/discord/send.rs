//! Turning interactions into chat requests and chat replies into Discord messages.

use super::{Ctx, Data, Error};
use crate::chat::table::{self, ArgKind};
use crate::chat::{Chat, CmdRef, Place, Reply, Request, Syntax, TimeStyle, User, Visibility};
use poise::serenity_prelude as serenity;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// Discord's message length limit.
const MAX_CONTENT: usize = 2000;
/// Button custom ids start with this, then `version:command`.
const BUTTON_PREFIX: &str = "sherpa:";
/// Answer within this time or defer (Discord allows 3 s for the first response).
const DEFER_AFTER: Duration = Duration::from_millis(1500);

/// Discord's way of writing reply text: `<@id>` mentions, `<t:…:R>` timestamps (each
/// reader sees their own time zone), and slash commands with their options
/// (`/undo answer:accept`).
pub struct DiscordSyntax;

impl Syntax for DiscordSyntax {
    fn mention(&self, user: &str, _name: &str) -> String {
        format!("<@{user}>")
    }
    fn time(&self, at: i64, style: TimeStyle) -> String {
        let f = match style {
            TimeStyle::Relative => 'R',
            TimeStyle::Full => 'f',
        };
        format!("<t:{at}:{f}>")
    }
    fn command(&self, c: &CmdRef) -> String {
        let mut s = format!("/{}", c.path);
        let Some(spec) = table::find_path(c.path) else {
            return s;
        };
        for (a, v) in spec.args.iter().zip(&c.args) {
            let optional = v.starts_with('[') && v.ends_with(']');
            let inner = if optional || (v.starts_with('<') && v.ends_with('>')) {
                if v[1..v.len() - 1] == *a.name {
                    "…".to_string()
                } else {
                    v.clone()
                }
            } else {
                v.clone()
            };
            let value = if a.kind == ArgKind::Switch {
                "True".to_string()
            } else if optional {
                inner
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .to_string()
            } else {
                inner
            };
            if optional {
                s.push_str(&format!(" [{}:{value}]", a.name));
            } else {
                s.push_str(&format!(" {}:{value}", a.name));
            }
        }
        s
    }
}

/// The interaction being answered.
pub enum Target<'a> {
    Command(&'a serenity::CommandInteraction),
    Component(&'a serenity::ComponentInteraction),
}

impl Target<'_> {
    async fn respond(
        &self,
        http: &serenity::Http,
        r: serenity::CreateInteractionResponse,
    ) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.create_response(http, r).await,
            Target::Component(i) => i.create_response(http, r).await,
        }
    }
    async fn followup(
        &self,
        http: &serenity::Http,
        f: serenity::CreateInteractionResponseFollowup,
    ) -> serenity::Result<serenity::Message> {
        match self {
            Target::Command(i) => i.create_followup(http, f).await,
            Target::Component(i) => i.create_followup(http, f).await,
        }
    }
    async fn defer_ephemeral(&self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.defer_ephemeral(http).await,
            Target::Component(i) => i.defer_ephemeral(http).await,
        }
    }
    fn user_id(&self) -> serenity::UserId {
        match self {
            Target::Command(i) => i.user.id,
            Target::Component(i) => i.user.id,
        }
    }
}

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
    }
}

/// Run `text` as a chat command for the invoking user of a slash command and send the replies.
pub async fn run_command(ctx: Ctx<'_>, text: String) -> Result<(), Error> {
    let poise::Context::Application(actx) = ctx else {
        anyhow::bail!("Sherpa only answers slash commands");
    };
    let i = actx.interaction;
    let req = request(
        i.channel_id,
        i.guild_id,
        &i.user,
        i.member.as_deref(),
        i.id,
        text,
        None,
    );
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
        let r = reply_response(&Reply::error(
            &req.user.id,
            "Sherpa is restarting; please try again in a minute.",
        ));
        target
            .respond(&ctx.http, serenity::CreateInteractionResponse::Message(r))
            .await?;
        return Ok(());
    }
    data.in_flight.fetch_add(1, Ordering::SeqCst);
    let res = handle_inner(ctx, data.chat.clone(), target, req).await;
    data.in_flight.fetch_sub(1, Ordering::SeqCst);
    res
}

async fn handle_inner(
    ctx: &serenity::Context,
    chat: Arc<Chat>,
    target: Target<'_>,
    req: Request,
) -> Result<(), Error> {
    tracing::debug!(user = %req.user.id, channel = %req.place.channel, text = %req.text, "request");
    let invoker = req.user.id.clone();
    let c = chat.clone();
    let mut job = tokio::task::spawn_blocking(move || c.handle(&req));
    let (replies, deferred) = match tokio::time::timeout(DEFER_AFTER, &mut job).await {
        Ok(r) => (r?, false),
        Err(_) => {
            target.defer_ephemeral(&ctx.http).await?;
            (job.await?, true)
        }
    };
    if replies.iter().any(|r| r.outbox.is_some()) {
        crash_point("after_commit");
    }
    send_replies(ctx, &chat, &target, &invoker, replies, deferred).await
}

/// Test hook for crash tests: when `SHERPA_TEST_CRASH_AT` names this point, say so on
/// standard error and stop here (the test then kills the process with SIGKILL). Points:
/// `after_commit` (a change is committed, no reply sent yet) and `after_reply:N` (N
/// replies of a change sent and marked delivered).
fn crash_point(at: &str) {
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
    for r in replies {
        let res = match &r.visibility {
            Visibility::Private(user) => dm(http, user, r).await,
            Visibility::Public => match channel.parse::<u64>() {
                Ok(ch) => serenity::ChannelId::new(ch)
                    .send_message(http, reply_message(r))
                    .await
                    .map(|_| ())
                    .map_err(anyhow::Error::from),
                Err(e) => Err(anyhow::Error::from(e)),
            },
        };
        match res {
            Ok(()) => delivered(chat, r).await,
            Err(e) => {
                tracing::warn!(channel, "sending a reply failed: {e}");
                return false;
            }
        }
    }
    true
}

/// Deliver the replies a previous run committed but did not deliver (up to outbox row
/// `up_to`, written at least `min_age` seconds ago): public ones as channel messages,
/// private ones by direct message, since the interactions they answered have expired.
/// Each is marked delivered once Discord accepted it; the first failure stops the round
/// (Discord unreachable) and the rest wait for the next one.
pub async fn deliver_outbox(http: &serenity::Http, chat: &Arc<Chat>, up_to: i64, min_age: i64) {
    let c = chat.clone();
    let Ok(pending) =
        tokio::task::spawn_blocking(move || c.undelivered("discord", up_to, min_age)).await
    else {
        return;
    };
    for u in pending {
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
    let mut replies = replies;
    if replies.is_empty() {
        replies.push(Reply::private(invoker, "Done."));
    }
    // When deferred ephemerally, the first follow-up replaces the ephemeral "thinking"
    // message, so it must be a private one.
    if deferred && !replies.iter().any(|r| is_ephemeral_for(r, invoker)) {
        replies.insert(0, Reply::private(invoker, "Done."));
    } else if deferred {
        let pos = replies
            .iter()
            .position(|r| is_ephemeral_for(r, invoker))
            .unwrap_or(0);
        let first = replies.remove(pos);
        replies.insert(0, first);
    }
    let mut sent = 0;
    for r in &replies {
        if let Visibility::Private(u) = &r.visibility {
            if u != invoker {
                send_dm(http, u, r).await;
                delivered(chat, r).await;
                continue;
            }
        }
        if !answered {
            target
                .respond(
                    http,
                    serenity::CreateInteractionResponse::Message(reply_response(r)),
                )
                .await?;
            answered = true;
        } else {
            target.followup(http, reply_followup(r)).await?;
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
        target
            .respond(
                http,
                serenity::CreateInteractionResponse::Message(reply_response(&ack)),
            )
            .await?;
    }
    let _ = target.user_id();
    Ok(())
}

fn is_ephemeral_for(r: &Reply, invoker: &str) -> bool {
    match &r.visibility {
        Visibility::Private(u) => u == invoker,
        Visibility::Public => r.is_error,
    }
}

fn is_ephemeral(r: &Reply) -> bool {
    r.is_error || matches!(r.visibility, Visibility::Private(_))
}

/// The message text (with mentions of exactly the pinged users) and a text attachment if
/// the text is too long for one message.
fn content_of(r: &Reply) -> (String, Option<serenity::CreateAttachment>) {
    let body = r.text.render(&DiscordSyntax);
    let mut text = String::new();
    for p in &r.pings {
        let m = format!("<@{p}>");
        if !body.contains(&m) {
            text.push_str(&m);
            text.push(' ');
        }
    }
    text.push_str(&body);
    if text.chars().count() <= MAX_CONTENT {
        return (text, None);
    }
    let head: String = text.chars().take(MAX_CONTENT - 60).collect();
    let att = serenity::CreateAttachment::bytes(text.clone().into_bytes(), "message.txt");
    (format!("{head}\n… (the full text is attached)"), Some(att))
}

fn allowed_mentions(r: &Reply) -> serenity::CreateAllowedMentions {
    let users: Vec<serenity::UserId> = r
        .pings
        .iter()
        .filter_map(|p| p.parse::<u64>().ok())
        .map(serenity::UserId::new)
        .collect();
    serenity::CreateAllowedMentions::new()
        .everyone(false)
        .empty_roles()
        .users(users)
}

/// Buttons as components; a button's custom id encodes the game version and the command.
fn components(r: &Reply) -> Vec<serenity::CreateActionRow> {
    let buttons: Vec<serenity::CreateButton> = r
        .buttons
        .iter()
        .filter_map(|b| {
            let id = format!("{BUTTON_PREFIX}{}:{}", b.version, b.command);
            (id.len() <= 100).then(|| {
                let label: String = b.label.chars().take(80).collect();
                serenity::CreateButton::new(id)
                    .label(label)
                    .style(serenity::ButtonStyle::Secondary)
            })
        })
        .take(25)
        .collect();
    buttons
        .chunks(5)
        .map(|c| serenity::CreateActionRow::Buttons(c.to_vec()))
        .collect()
}

/// Parse a button custom id into (version, command).
pub fn parse_button(custom_id: &str) -> Option<(i64, String)> {
    let rest = custom_id.strip_prefix(BUTTON_PREFIX)?;
    let (v, cmd) = rest.split_once(':')?;
    Some((v.parse().ok()?, cmd.to_string()))
}

fn attachments(r: &Reply) -> Vec<serenity::CreateAttachment> {
    let mut v = Vec::new();
    if let Some(png) = &r.image {
        v.push(serenity::CreateAttachment::bytes(png.clone(), "board.png"));
    }
    if let Some((name, bytes)) = &r.file {
        v.push(serenity::CreateAttachment::bytes(
            bytes.clone(),
            name.clone(),
        ));
    }
    v
}

fn reply_response(r: &Reply) -> serenity::CreateInteractionResponseMessage {
    let (content, extra) = content_of(r);
    let mut m = serenity::CreateInteractionResponseMessage::new()
        .content(content)
        .ephemeral(is_ephemeral(r))
        .allowed_mentions(allowed_mentions(r))
        .components(components(r));
    for a in attachments(r).into_iter().chain(extra) {
        m = m.add_file(a);
    }
    m
}

fn reply_followup(r: &Reply) -> serenity::CreateInteractionResponseFollowup {
    let (content, extra) = content_of(r);
    let mut m = serenity::CreateInteractionResponseFollowup::new()
        .content(content)
        .ephemeral(is_ephemeral(r))
        .allowed_mentions(allowed_mentions(r))
        .components(components(r));
    for a in attachments(r).into_iter().chain(extra) {
        m = m.add_file(a);
    }
    m
}

/// A channel or DM message for a reply (used for DMs and reminders).
pub fn reply_message(r: &Reply) -> serenity::CreateMessage {
    let (content, extra) = content_of(r);
    let mut m = serenity::CreateMessage::new()
        .content(content)
        .allowed_mentions(allowed_mentions(r))
        .components(components(r));
    for a in attachments(r).into_iter().chain(extra) {
        m = m.add_file(a);
    }
    m
}

async fn send_dm(http: &serenity::Http, user: &str, r: &Reply) {
    if let Err(e) = dm(http, user, r).await {
        tracing::warn!(user, "could not send a direct message: {e}");
    }
}

async fn dm(http: &serenity::Http, user: &str, r: &Reply) -> anyhow::Result<()> {
    let uid: u64 = user.parse()?;
    let ch = serenity::UserId::new(uid).create_dm_channel(http).await?;
    ch.id.send_message(http, reply_message(r)).await?;
    Ok(())
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
        let Some((version, command)) = parse_button(&ci.data.custom_id) else {
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
mod tests {
    use super::*;
    use crate::chat::Button;

    #[test]
    fn button_ids_round_trip_version_and_command() {
        let r = Reply {
            buttons: vec![Button {
                label: "End turn".into(),
                command: "move end".into(),
                version: 42,
            }],
            ..Reply::public("x")
        };
        assert_eq!(components(&r).len(), 1);
        assert_eq!(
            parse_button("sherpa:42:move end"),
            Some((42, "move end".to_string()))
        );
        assert_eq!(parse_button("other:1:x"), None);
        assert_eq!(parse_button("sherpa:x:move"), None);
    }

    #[test]
    fn mentions_are_exactly_the_pings() {
        let r = Reply {
            pings: vec!["11".into(), "22".into()],
            ..Reply::public("your turn")
        };
        let (c, _) = content_of(&r);
        assert_eq!(c, "<@11> <@22> your turn");
        let json = serde_json::to_value(allowed_mentions(&r)).unwrap();
        assert_eq!(json["users"], serde_json::json!(["11", "22"]));
        assert_eq!(json["parse"], serde_json::json!([]));
    }

    #[test]
    fn long_text_is_attached_not_cut() {
        let r = Reply::public("x".repeat(5000));
        let (c, att) = content_of(&r);
        assert!(c.chars().count() <= MAX_CONTENT);
        assert!(att.is_some());
    }

    #[test]
    fn discord_writes_mentions_timestamps_and_slash_commands() {
        use crate::chat::Text;
        let t = Text::new()
            .mention("11", "ann")
            .p(" joined; answer ")
            .cmd("undo", &["accept"])
            .p(", ")
            .cmd("game join", &[])
            .p(", ")
            .cmd("board", &["private"])
            .p(", ")
            .cmd("game history", &["[n]"])
            .p(", ")
            .cmd("move", &["grow Kathmandu; end"])
            .p(" before ")
            .time(1_700_000_000, TimeStyle::Relative);
        assert_eq!(
            t.render(&DiscordSyntax),
            "<@11> joined; answer `/undo answer:accept`, `/game join`, `/board private:True`, `/game history [n:…]`, `/move steps:grow Kathmandu; end` before <t:1700000000:R>"
        );
        assert_eq!(
            t.to_string(),
            "@ann joined; answer `undo accept`, `game join`, `board private`, `game history [n]`, `move grow Kathmandu; end` before 2023-11-14 22:13 UTC"
        );
        let help = Text::template(table::find_path("move").unwrap().help).render(&DiscordSyntax);
        assert!(
            help.contains("`/move` with no steps lists your legal steps"),
            "{help}"
        );
    }

    #[test]
    fn private_and_error_replies_are_ephemeral() {
        assert!(is_ephemeral(&Reply::private("1", "x")));
        assert!(is_ephemeral(&Reply::error("1", "x")));
        assert!(!is_ephemeral(&Reply::public("x")));
    }
}
