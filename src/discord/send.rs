//! Turning interactions into chat requests and chat replies into Discord messages.

use super::{Ctx, Data, Error};
use crate::chat::table::{self, ArgKind};
use crate::chat::{Chat, CmdRef, Place, Reply, Request, Syntax, Text, TimeStyle, User, Visibility};
use poise::serenity_prelude as serenity;
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// Discord's message length limit.
const MAX_CONTENT: usize = 2000;
/// Button custom ids start with this, then `version:command`.
const BUTTON_PREFIX: &str = "sherpa:";
/// Answer within this time or defer (Discord allows 3 s for the first response).
pub(super) const DEFER_AFTER: Duration = Duration::from_millis(1500);

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
    fn channel(&self, id: &str) -> String {
        // Only snowflakes become links; anything else is shown as plain text.
        if !id.is_empty() && id.bytes().all(|b| b.is_ascii_digit()) {
            format!("<#{id}>")
        } else {
            format!("#{id}")
        }
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
    pub(super) async fn defer_ephemeral(&self, http: &serenity::Http) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.defer_ephemeral(http).await,
            Target::Component(i) => i.defer_ephemeral(http).await,
        }
    }
    fn channel_id(&self) -> serenity::ChannelId {
        match self {
            Target::Command(i) => i.channel_id,
            Target::Component(i) => i.channel_id,
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
        visible_channels: None,
    }
}

/// Run `text` as a chat command for the invoking user of a slash command and send the replies.
pub async fn run_command(ctx: Ctx<'_>, text: String) -> Result<(), Error> {
    run_as_invoker(ctx, text, false).await
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
    let req = request(
        i.channel_id,
        i.guild_id,
        &i.user,
        i.member.as_deref(),
        i.id,
        text,
        None,
    );
    Ok((i, req))
}

async fn run_as_invoker(ctx: Ctx<'_>, text: String, see_channels: bool) -> Result<(), Error> {
    let (i, mut req) = invoker_request(ctx, text)?;
    if let (true, Some(guild)) = (see_channels, i.guild_id) {
        let http = &ctx.serenity_context().http;
        let member = i.member.as_deref();
        let seen = super::visibility::visible_channels(http, guild, member, i.channel_id).await;
        req.visible_channels = Some(seen);
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
    let res = handle_inner(ctx, data.chat.clone(), target, req).await;
    let took = received.elapsed();
    data.in_flight.fetch_sub(1, Ordering::SeqCst);
    let kind = res?;
    super::health::record(data, command, channel, kind, took).await;
    Ok(())
}

async fn handle_inner(
    ctx: &serenity::Context,
    chat: Arc<Chat>,
    target: Target<'_>,
    req: Request,
) -> Result<super::health::AnswerKind, Error> {
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
    let kind = super::health::AnswerKind::of(&replies);
    send_replies(ctx, &chat, &target, &invoker, replies, deferred).await?;
    Ok(kind)
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
                Ok(ch) => send_pieces(http, serenity::ChannelId::new(ch), r).await,
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
    let mine = |guild: Option<&str>| match (shards, guild.and_then(|g| g.parse::<u64>().ok())) {
        (None, _) => true,
        (Some(r), Some(g)) => r.owns_guild(g),
        (Some(r), None) => r.first == 0,
    };
    for u in pending
        .into_iter()
        .filter(|u| mine(u.place.guild.as_deref()))
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
                if !send_dm(http, u, r).await {
                    // Their direct messages are closed: tell the channel, without the
                    // content, where to read it (`board private` repeats private news).
                    let note = closed_dm_note(u);
                    if let Err(e) = send_pieces(http, target.channel_id(), &note).await {
                        tracing::warn!(
                            user = u.as_str(),
                            "could not post the private-news note: {e}"
                        );
                    }
                }
                delivered(chat, r).await;
                continue;
            }
        }
        // A text over Discord's limit goes as several messages: the first piece as the
        // interaction response (if not answered yet), the rest as follow-ups; buttons and
        // attachments come with the last piece.
        let pieces = contents(r);
        let n = pieces.len();
        for (i, content) in pieces.into_iter().enumerate() {
            let last = i + 1 == n;
            if !answered {
                target
                    .respond(
                        http,
                        serenity::CreateInteractionResponse::Message(reply_response(
                            r, content, last,
                        )),
                    )
                    .await?;
                answered = true;
            } else {
                target
                    .followup(http, reply_followup(r, content, last))
                    .await?;
            }
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
        let content = ack.text.render(&DiscordSyntax);
        target
            .respond(
                http,
                serenity::CreateInteractionResponse::Message(reply_response(&ack, content, true)),
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

/// The message texts of a reply (with mentions of the pinged users): one, or several when
/// the text is longer than Discord's limit (see [`split_content`]).
fn contents(r: &Reply) -> Vec<String> {
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
    split_content(&text, MAX_CONTENT)
}

/// Split `text` into pieces of at most `max` characters, at line boundaries; a line longer
/// than `max` is split between words, and only a word longer than `max` is cut inside
/// (never inside a `<…>` mention or timestamp that fits a message). Invariants: every piece
/// is at most `max` characters; the pieces hold the text's words in order, each word whole
/// unless longer than `max`; only blank lines at a cut are dropped. A text that fits is
/// returned as it is (one piece).
pub fn split_content(text: &str, max: usize) -> Vec<String> {
    let max = max.max(1);
    let len = |s: &str| s.chars().count();
    if len(text) <= max {
        return vec![text.to_string()];
    }
    // Cut one over-long line into pieces between words.
    fn words(line: &str, max: usize, out: &mut Vec<String>) {
        let mut cur = String::new();
        let mut cur_len = 0;
        for w in line.split(' ') {
            let wl = w.chars().count();
            let sep = usize::from(cur_len > 0);
            if cur_len + sep + wl <= max {
                if sep == 1 {
                    cur.push(' ');
                }
                cur.push_str(w);
                cur_len += sep + wl;
                continue;
            }
            if cur_len > 0 {
                out.push(std::mem::take(&mut cur));
            }
            if wl <= max {
                cur.push_str(w);
                cur_len = wl;
                continue;
            }
            // A single word longer than a message: cut it, but not inside a `<…>` tag.
            let chars: Vec<char> = w.chars().collect();
            let mut i = 0;
            while chars.len() - i > max {
                let mut end = i + max;
                let piece = &chars[i..end];
                if let Some(open) = piece.iter().rposition(|&c| c == '<') {
                    if !piece[open..].contains(&'>') && open > 0 {
                        end = i + open;
                    }
                }
                out.push(chars[i..end].iter().collect());
                i = end;
            }
            cur = chars[i..].iter().collect();
            cur_len = chars.len() - i;
        }
        if cur_len > 0 {
            out.push(cur);
        }
    }
    let mut out: Vec<String> = Vec::new();
    let mut cur: Option<(String, usize)> = None;
    for line in text.split('\n') {
        let ll = len(line);
        if let Some((c, cl)) = &mut cur {
            if *cl + 1 + ll <= max {
                c.push('\n');
                c.push_str(line);
                *cl += 1 + ll;
                continue;
            }
        }
        if let Some((c, _)) = cur.take() {
            if !c.trim().is_empty() {
                out.push(c);
            }
        }
        if ll <= max {
            cur = Some((line.to_string(), ll));
        } else {
            words(line, max, &mut out);
        }
    }
    if let Some((c, _)) = cur {
        if !c.trim().is_empty() {
            out.push(c);
        }
    }
    if out.is_empty() {
        out.push(String::new());
    }
    out
}

pub(super) fn allowed_mentions(r: &Reply) -> serenity::CreateAllowedMentions {
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

/// A button's custom id: the game version and the command (read by [`parse_button`]).
pub(super) fn button_id(b: &crate::chat::Button) -> String {
    format!("{BUTTON_PREFIX}{}:{}", b.version, b.command)
}

/// Buttons as components; a button's custom id encodes the game version and the command.
fn components(r: &Reply) -> Vec<serenity::CreateActionRow> {
    let buttons: Vec<serenity::CreateButton> = r
        .buttons
        .iter()
        .filter_map(|b| {
            let id = button_id(b);
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

fn reply_response(
    r: &Reply,
    content: String,
    last: bool,
) -> serenity::CreateInteractionResponseMessage {
    let mut m = serenity::CreateInteractionResponseMessage::new()
        .content(content)
        .ephemeral(is_ephemeral(r))
        .allowed_mentions(allowed_mentions(r))
        .components(if last { components(r) } else { vec![] });
    if last {
        for a in attachments(r) {
            m = m.add_file(a);
        }
    }
    m
}

fn reply_followup(
    r: &Reply,
    content: String,
    last: bool,
) -> serenity::CreateInteractionResponseFollowup {
    let mut m = serenity::CreateInteractionResponseFollowup::new()
        .content(content)
        .ephemeral(is_ephemeral(r))
        .allowed_mentions(allowed_mentions(r))
        .components(if last { components(r) } else { vec![] });
    if last {
        for a in attachments(r) {
            m = m.add_file(a);
        }
    }
    m
}

/// A channel or DM message for one piece of a reply's text (`last`: the piece that carries
/// the buttons and attachments).
pub fn reply_message(r: &Reply, content: String, last: bool) -> serenity::CreateMessage {
    let mut m = serenity::CreateMessage::new()
        .content(content)
        .allowed_mentions(allowed_mentions(r))
        .components(if last { components(r) } else { vec![] });
    if last {
        for a in attachments(r) {
            m = m.add_file(a);
        }
    }
    m
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
    fn closed_dm_note_pings_only_that_player_and_names_board_private() {
        let note = closed_dm_note("123");
        assert_eq!(note.visibility, Visibility::Public);
        assert_eq!(note.pings, vec!["123".to_string()]);
        assert_eq!(
            note.text.render(&DiscordSyntax),
            "<@123> has private news: `/board private:True`"
        );
    }

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
        assert_eq!(contents(&r), vec!["<@11> <@22> your turn"]);
        let json = serde_json::to_value(allowed_mentions(&r)).unwrap();
        assert_eq!(json["users"], serde_json::json!(["11", "22"]));
        assert_eq!(json["parse"], serde_json::json!([]));
    }

    // Issue 11, point 8: no message over Discord's 2,000 characters; long texts are split
    // at line boundaries, never inside a mention or a word.
    #[test]
    fn long_text_is_split_at_lines_never_inside_a_mention_or_word() {
        let mut text = String::new();
        for i in 0..120 {
            text.push_str(&format!(
                "Line {i}: <@{}> moved to Kathmandu and everything was fine.\n",
                100_000_000_000_000_000u64 + i
            ));
        }
        let pieces = split_content(&text, MAX_CONTENT);
        assert!(pieces.len() >= 4, "{}", pieces.len());
        for p in &pieces {
            assert!(p.chars().count() <= MAX_CONTENT, "{}", p.chars().count());
            for line in p.lines() {
                assert!(
                    line.starts_with("Line ") && line.ends_with("fine."),
                    "cut inside a line: {line}"
                );
            }
        }
        assert_eq!(
            pieces.join("\n").trim_end(),
            text.trim_end(),
            "nothing lost"
        );
        // One line longer than a message: split between words; each mention whole.
        let long: String = (0..400)
            .map(|i| format!("<@{}>", 200_000_000_000_000_000u64 + i))
            .collect::<Vec<_>>()
            .join(" ");
        let pieces = split_content(&long, MAX_CONTENT);
        assert!(pieces.len() > 1);
        let mut words = Vec::new();
        for p in &pieces {
            assert!(p.chars().count() <= MAX_CONTENT);
            for w in p.split(' ') {
                assert!(w.starts_with("<@") && w.ends_with('>'), "cut mention {w}");
                words.push(w.to_string());
            }
        }
        assert_eq!(words.join(" "), long);
        // A word longer than a message is cut, but not inside a tag.
        let blob = format!("{}<@123456789012345678>", "x".repeat(1990));
        let pieces = split_content(&blob, MAX_CONTENT);
        assert_eq!(pieces.len(), 2);
        assert_eq!(pieces[1], "<@123456789012345678>");
        // Short texts are one message as they are; the reply path uses the splitter.
        assert_eq!(
            split_content("hi\n\nthere", MAX_CONTENT),
            vec!["hi\n\nthere"]
        );
        let r = Reply::public(text.clone());
        let c = contents(&r);
        assert!(c.len() >= 4 && c.iter().all(|p| p.chars().count() <= MAX_CONTENT));
    }

    // Issue 11, point 9: on Discord, replies name the slash commands: help headings,
    // `/undo answer:accept`, "`/move` with no steps lists your legal steps", the command
    // list of errors and the reminder errors.
    #[test]
    fn replies_name_slash_commands_on_discord() {
        use crate::chat::{ChatError, LineError, RemindError};
        let help = crate::chat::help::help("").unwrap().render(&DiscordSyntax);
        for want in [
            "**`/game`**",
            "**`/move`**",
            "`/undo answer:accept`",
            "`/move` with no steps lists your legal steps",
            "`/game join`",
        ] {
            assert!(help.contains(want), "{want} in {help}");
        }
        assert!(
            !help.contains("**game**") && !help.contains("`game join`"),
            "{help}"
        );
        let e = ChatError::from(LineError::UnknownCommand("fly".into()))
            .text()
            .render(&DiscordSyntax);
        assert!(
            e.contains("`/game` (new, join") && e.contains("`/move`"),
            "{e}"
        );
        assert!(!e.contains("`game "), "{e}");
        let e = ChatError::from(RemindError::BadOnOff("dm"))
            .text()
            .render(&DiscordSyntax);
        assert!(e.contains("`/remind setting:dm value:on`"), "{e}");
        assert!(!e.contains("`remind "), "{e}");
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
