//! A fake Discord on 127.0.0.1 for end-to-end tests of the real serenity/poise client.
//!
//! - REST: a minimal HTTP/1.1 server (keep-alive, Content-Length or chunked bodies) that
//!   answers the routes the bot uses and records every call (JSON bodies, multipart
//!   `payload_json` and files).
//! - Gateway: a websocket server speaking HELLO / IDENTIFY / READY / heartbeat ACK, which
//!   dispatches INTERACTION_CREATE events built by the test. Sharding as Discord does it:
//!   IDENTIFY carries `[shard_id, shard_count]`, and an event of a guild goes only to the
//!   session of shard `(guild_id >> 22) % shard_count` (guild-less events to shard 0).
//!
//! Serenity is pointed at it with `HttpBuilder::proxy(api_base).ratelimiter_disabled(true)`;
//! the gateway URL comes from `GET /api/v10/gateway`.

#![allow(dead_code)]

use serde_json::{json, Value};
use serenity::futures::{SinkExt, StreamExt};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{broadcast, Notify};
use tokio_tungstenite::tungstenite::Message as WsMessage;

pub const APP_ID: &str = "1000000000000000001";
pub const BOT_ID: &str = "1000000000000000002";
pub const GUILD_ID: &str = "1000000000000000003";
pub const CHANNEL_ID: &str = "1000000000000000004";

/// How long a server look-up takes while [`FakeDiscord::slow_guild_lookups`] is set.
pub const SLOW_GUILD_LOOKUP: Duration = Duration::from_secs(4);

/// `MessageFlags::EPHEMERAL`.
pub const EPHEMERAL: u64 = 1 << 6;
/// `MessageFlags::SUPPRESS_NOTIFICATIONS`.
pub const SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;

/// A recorded REST call.
#[derive(Clone, Debug)]
pub struct Call {
    pub method: String,
    pub path: String,
    /// The JSON body (for multipart: the `payload_json` part).
    pub json: Value,
    /// Files of a multipart body: (filename, bytes).
    pub files: Vec<(String, Vec<u8>)>,
}

impl Call {
    /// The message payload of an interaction callback (`data`) or of any other message call.
    pub fn message(&self) -> &Value {
        if self.path.ends_with("/callback") {
            &self.json["data"]
        } else {
            &self.json
        }
    }
    pub fn content(&self) -> String {
        self.message()["content"].as_str().unwrap_or("").to_string()
    }
    pub fn flags(&self) -> u64 {
        self.message()["flags"].as_u64().unwrap_or(0)
    }
    pub fn is_ephemeral(&self) -> bool {
        self.flags() & EPHEMERAL != 0
    }
    /// Allowed user mentions.
    pub fn allowed_users(&self) -> Vec<String> {
        self.message()["allowed_mentions"]["users"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default()
    }
    pub fn pngs(&self) -> Vec<&Vec<u8>> {
        self.files
            .iter()
            .filter(|(_, b)| b.starts_with(b"\x89PNG"))
            .map(|(_, b)| b)
            .collect()
    }
    /// For an interaction callback: the interaction token.
    pub fn token(&self) -> Option<String> {
        let parts: Vec<&str> = self.path.split('/').collect();
        // /api/v10/interactions/{id}/{token}/callback or /api/v10/webhooks/{app}/{token}...
        match parts.get(3) {
            Some(&"interactions") | Some(&"webhooks") => parts.get(5).map(|s| s.to_string()),
            _ => None,
        }
    }
}

/// A fake user.
#[derive(Clone, Debug)]
pub struct FakeUser {
    pub id: String,
    pub name: String,
    /// Manage Channels permission.
    pub admin: bool,
    /// A bot account (Discord's `bot` flag on the user).
    pub bot: bool,
}

impl FakeUser {
    pub fn new(id: u64, name: &str) -> FakeUser {
        FakeUser {
            id: id.to_string(),
            name: name.to_string(),
            admin: false,
            bot: false,
        }
    }
    fn user_json(&self) -> Value {
        json!({"id": self.id, "username": self.name, "discriminator": "0", "global_name": self.name, "avatar": null, "bot": self.bot})
    }
    fn member_json(&self) -> Value {
        // VIEW_CHANNEL | SEND_MESSAGES, plus MANAGE_CHANNELS for admins.
        let perms: u64 = (1 << 10) | (1 << 11) | if self.admin { 1 << 4 } else { 0 };
        json!({
            "user": self.user_json(), "nick": null, "roles": [], "joined_at": "2024-01-01T00:00:00+00:00",
            "deaf": false, "mute": false, "flags": 0, "pending": false, "permissions": perms.to_string()
        })
    }
}

struct State {
    calls: Vec<Call>,
    /// Threads that exist: (thread id, parent channel id, name).
    threads: Vec<(String, String, String)>,
    /// While set, `POST /channels/{id}/threads` is refused with this status.
    refuse_threads: Option<u16>,
}

/// The fake Discord.
pub struct FakeDiscord {
    pub http_port: u16,
    pub ws_port: u16,
    state: Arc<Mutex<State>>,
    changed: Arc<Notify>,
    events: broadcast::Sender<String>,
    next_id: AtomicU64,
    sessions: Arc<AtomicU64>,
    /// (shard id, shard count) of every identified session, in order.
    shards: Mutex<Vec<(u64, u64)>>,
    /// While set, gateway connections are closed as soon as they are accepted (Discord
    /// unreachable for the bot's shards).
    pub refuse_gateway: std::sync::atomic::AtomicBool,
    /// While set, REST requests get no answer (the connection hangs).
    pub hang_rest: std::sync::atomic::AtomicBool,
    /// While set, the server's look-ups (`GET /guilds/…`: the server, its channels, its
    /// threads) are answered only after [`SLOW_GUILD_LOOKUP`].
    pub slow_guild_lookups: std::sync::atomic::AtomicBool,
    /// The server's text channels: (channel id, `None` when everyone may view it, or the
    /// user ids allowed to view it). At first only [`CHANNEL_ID`], public.
    pub channels: Mutex<Vec<(String, Option<Vec<String>>)>>,
    /// DM channels whose user does not accept direct messages: a message there is refused
    /// with 403 and Discord's code 50007 (recorded like any call).
    closed_dms: Mutex<Vec<String>>,
    /// Channels deleted: a message there, or a look-up, is refused with 404 and Discord's
    /// code 10003 (Unknown Channel).
    gone_channels: Mutex<Vec<String>>,
}

fn snowflake(n: u64) -> String {
    (2_000_000_000_000_000_000u64 + n).to_string()
}

impl FakeDiscord {
    pub async fn start() -> Arc<FakeDiscord> {
        let http = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let ws = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let (events, _) = broadcast::channel(256);
        let fake = Arc::new(FakeDiscord {
            http_port: http.local_addr().unwrap().port(),
            ws_port: ws.local_addr().unwrap().port(),
            state: Arc::new(Mutex::new(State {
                calls: Vec::new(),
                threads: Vec::new(),
                refuse_threads: None,
            })),
            sessions: Arc::new(AtomicU64::new(0)),
            shards: Mutex::new(Vec::new()),
            changed: Arc::new(Notify::new()),
            events,
            next_id: AtomicU64::new(1),
            refuse_gateway: std::sync::atomic::AtomicBool::new(false),
            hang_rest: std::sync::atomic::AtomicBool::new(false),
            slow_guild_lookups: std::sync::atomic::AtomicBool::new(false),
            channels: Mutex::new(vec![(CHANNEL_ID.to_string(), None)]),
            closed_dms: Mutex::new(Vec::new()),
            gone_channels: Mutex::new(Vec::new()),
        });
        let f = fake.clone();
        tokio::spawn(async move {
            while let Ok((sock, _)) = http.accept().await {
                let f = f.clone();
                tokio::spawn(async move {
                    let _ = f.serve_http(sock).await;
                });
            }
        });
        let f = fake.clone();
        tokio::spawn(async move {
            while let Ok((sock, _)) = ws.accept().await {
                if f.refuse_gateway.load(Ordering::SeqCst) {
                    drop(sock);
                    continue;
                }
                let f = f.clone();
                tokio::spawn(async move {
                    let _ = f.serve_gateway(sock).await;
                });
            }
        });
        fake
    }

    /// The DM channel the fake opens for `user` (`9` and the user id's other digits).
    pub fn dm_channel(user: &FakeUser) -> String {
        format!("9{}", &user.id[1..])
    }

    /// From now on `user` does not accept direct messages.
    pub fn close_dms(&self, user: &FakeUser) {
        self.closed_dms
            .lock()
            .unwrap()
            .push(FakeDiscord::dm_channel(user));
    }

    pub fn api_base(&self) -> String {
        format!("http://127.0.0.1:{}", self.http_port)
    }

    fn id(&self) -> String {
        snowflake(self.next_id.fetch_add(1, Ordering::SeqCst))
    }

    pub fn calls(&self) -> Vec<Call> {
        self.state.lock().unwrap().calls.clone()
    }

    /// Wait until `pred` holds for the recorded calls (bounded).
    pub async fn wait_for<T>(
        &self,
        what: &str,
        timeout: Duration,
        mut pred: impl FnMut(&[Call]) -> Option<T>,
    ) -> T {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let notified = self.changed.notified();
            if let Some(t) = pred(&self.state.lock().unwrap().calls) {
                return t;
            }
            if tokio::time::timeout_at(deadline, notified).await.is_err() {
                if let Some(t) = pred(&self.state.lock().unwrap().calls) {
                    return t;
                }
                panic!(
                    "timed out waiting for {what}; calls so far: {:#?}",
                    self.summary()
                );
            }
        }
    }

    pub fn summary(&self) -> Vec<String> {
        self.calls()
            .iter()
            .map(|c| format!("{} {} {}", c.method, c.path, c.content()))
            .collect()
    }

    /// Wait for a bot session whose commands are registered; returns the registered commands.
    pub async fn wait_ready(&self, session: u64) -> Value {
        let sessions = self.sessions.clone();
        self.wait_for("a gateway session", Duration::from_secs(20), |_| {
            (sessions.load(Ordering::SeqCst) >= session).then_some(())
        })
        .await;
        self.wait_for("command registration", Duration::from_secs(20), |calls| {
            calls
                .iter()
                .filter(|c| c.method == "PUT" && c.path.ends_with("/commands"))
                .nth(session as usize - 1)
                .map(|c| c.json.clone())
        })
        .await
    }

    fn dispatch(&self, t: &str, d: Value) {
        // Each gateway session numbers its own events.
        let _ = self
            .events
            .send(json!({"op": 0, "t": t, "d": d}).to_string());
    }

    fn interaction(
        &self,
        kind: u8,
        user: &FakeUser,
        data: Value,
        message: Option<Value>,
    ) -> (String, String) {
        self.interaction_in((GUILD_ID, CHANNEL_ID), kind, user, data, message)
    }

    /// Threads that exist now (created by the bot, or marked with
    /// [`FakeDiscord::add_thread`]): (thread id, parent channel id, name).
    pub fn threads(&self) -> Vec<(String, String, String)> {
        self.state.lock().unwrap().threads.clone()
    }

    /// Make channel `id` a thread of `parent`: interactions there say so.
    pub fn add_thread(&self, id: &str, parent: &str) {
        self.state.lock().unwrap().threads.push((
            id.to_string(),
            parent.to_string(),
            "a thread".to_string(),
        ));
    }

    /// Refuse thread creation with this HTTP status (e.g. 403, a missing permission), or
    /// allow it again with `None`.
    pub fn refuse_threads(&self, status: Option<u16>) {
        self.state.lock().unwrap().refuse_threads = status;
    }

    /// The channel object of an interaction's channel: a thread (type 11, with its parent)
    /// if it is one, else a text channel.
    fn channel_json(&self, channel: &str) -> Value {
        let st = self.state.lock().unwrap();
        match st.threads.iter().find(|t| t.0 == channel) {
            Some((id, parent, name)) => thread_json(id, parent, name),
            None => json!({"id": channel, "type": 0, "name": "games", "permissions": "0"}),
        }
    }

    /// An interaction in channel `place.1` of guild `place.0`.
    fn interaction_in(
        &self,
        place: (&str, &str),
        kind: u8,
        user: &FakeUser,
        data: Value,
        message: Option<Value>,
    ) -> (String, String) {
        let (guild, channel) = place;
        let id = self.id();
        let token = format!("tok{id}");
        let channel_json = self.channel_json(channel);
        let mut d = json!({
            "id": id, "application_id": APP_ID, "type": kind, "token": token, "version": 1,
            "locale": "en-US", "guild_locale": "en-US", "guild_id": guild, "channel_id": channel,
            "channel": channel_json,
            "entitlements": [], "attachment_size_limit": 26214400, "app_permissions": "2048",
            "authorizing_integration_owners": {"0": guild}, "context": 0,
            "data": data, "member": user.member_json(),
        });
        if let Some(m) = message {
            d["message"] = m;
        }
        self.dispatch("INTERACTION_CREATE", d);
        (id, token)
    }

    /// Invoke a slash command in `user`'s direct messages with the bot (no server, no
    /// member: the user). Returns the token.
    pub fn slash_dm(&self, user: &FakeUser, path: &[&str], options: Value) -> String {
        let mut opts = options;
        for sub in path[1..].iter().rev() {
            opts = json!([{"name": sub, "type": 1, "options": opts}]);
        }
        let data = json!({"id": self.id(), "name": path[0], "type": 1, "options": opts});
        let id = self.id();
        let token = format!("tok{id}");
        let channel = FakeDiscord::dm_channel(user);
        let d = json!({
            "id": id, "application_id": APP_ID, "type": 2, "token": token, "version": 1,
            "locale": "en-US", "channel_id": channel,
            "channel": {"id": channel, "type": 1},
            "entitlements": [], "attachment_size_limit": 26214400, "app_permissions": "2048",
            "authorizing_integration_owners": {"0": "0"}, "context": 1,
            "data": data, "user": user.user_json(),
        });
        self.dispatch("INTERACTION_CREATE", d);
        token
    }

    /// Invoke a slash command. `path` is the command and subcommand names, e.g. `["game", "new"]`;
    /// `options` the leaf options as `[{"name":…, "type":…, "value":…}]`. Returns the token.
    pub fn slash(&self, user: &FakeUser, path: &[&str], options: Value) -> String {
        self.command_interaction(2, user, path, options).1
    }

    /// A slash command whose options name users (`type: 6`): Discord sends those users in
    /// `data.resolved.users`.
    pub fn slash_with_users(
        &self,
        user: &FakeUser,
        path: &[&str],
        options: Value,
        users: &[&FakeUser],
    ) -> String {
        let mut opts = options;
        for sub in path[1..].iter().rev() {
            opts = json!([{"name": sub, "type": 1, "options": opts}]);
        }
        let resolved: serde_json::Map<String, Value> = users
            .iter()
            .map(|u| (u.id.clone(), u.user_json()))
            .collect();
        let data = json!({"id": self.id(), "name": path[0], "type": 1, "options": opts,
            "resolved": {"users": resolved}});
        self.interaction(2, user, data, None).1
    }

    fn command_interaction(
        &self,
        kind: u8,
        user: &FakeUser,
        path: &[&str],
        options: Value,
    ) -> (String, String) {
        self.command_interaction_in((GUILD_ID, CHANNEL_ID), kind, user, path, options)
    }

    fn command_interaction_in(
        &self,
        place: (&str, &str),
        kind: u8,
        user: &FakeUser,
        path: &[&str],
        options: Value,
    ) -> (String, String) {
        let mut opts = options;
        for sub in path[1..].iter().rev() {
            opts = json!([{"name": sub, "type": 1, "options": opts}]);
        }
        let data = json!({"id": self.id(), "name": path[0], "type": 1, "options": opts});
        self.interaction_in(place, kind, user, data, None)
    }

    /// [`FakeDiscord::slash`] in channel `place.1` of guild `place.0`.
    pub fn slash_in(
        &self,
        place: (&str, &str),
        user: &FakeUser,
        path: &[&str],
        options: Value,
    ) -> String {
        self.command_interaction_in(place, 2, user, path, options).1
    }

    /// [`FakeDiscord::autocomplete`] in channel `place.1` of guild `place.0`.
    pub async fn autocomplete_in(
        &self,
        place: (&str, &str),
        user: &FakeUser,
        path: &[&str],
        options: Value,
    ) -> Vec<Value> {
        let (_, token) = self.command_interaction_in(place, 4, user, path, options);
        let call = self.response(&token).await;
        assert_eq!(
            call.json["type"], 8,
            "an autocomplete answer: {:?}",
            call.json
        );
        call.json["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Gateway sessions identified so far, as (shard id, shard count).
    pub fn shard_sessions(&self) -> Vec<(u64, u64)> {
        self.shards.lock().unwrap().clone()
    }

    /// Ask for autocomplete: `options` must contain one with `"focused": true`. Returns the choices.
    pub async fn autocomplete(&self, user: &FakeUser, path: &[&str], options: Value) -> Vec<Value> {
        let (_, token) = self.command_interaction(4, user, path, options);
        let call = self.response(&token).await;
        assert_eq!(
            call.json["type"], 8,
            "an autocomplete answer: {:?}",
            call.json
        );
        call.json["data"]["choices"]
            .as_array()
            .cloned()
            .unwrap_or_default()
    }

    /// Press a button with this custom id.
    pub fn press(&self, user: &FakeUser, custom_id: &str) -> String {
        let msg = self.message_json(CHANNEL_ID, "a message with buttons", BOT_ID);
        let data = json!({"custom_id": custom_id, "component_type": 2});
        self.interaction(3, user, data, Some(msg)).1
    }

    /// Pick `value` in the select menu with this custom id.
    pub fn select(&self, user: &FakeUser, custom_id: &str, value: &str) -> String {
        let msg = self.message_json(CHANNEL_ID, "a message with menus", BOT_ID);
        let data = json!({"custom_id": custom_id, "component_type": 3, "values": [value]});
        self.interaction(3, user, data, Some(msg)).1
    }

    /// The first answer (callback) to the interaction with this token.
    pub async fn response(&self, token: &str) -> Call {
        let t = token.to_string();
        self.wait_for(
            &format!("a response to {token}"),
            Duration::from_secs(15),
            |calls| {
                calls
                    .iter()
                    .find(|c| c.path.ends_with("/callback") && c.token().as_deref() == Some(&t))
                    .cloned()
            },
        )
        .await
    }

    /// All messages sent for the interaction with this token (callback and follow-ups) so far,
    /// after waiting for at least `n` of them.
    pub async fn responses(&self, token: &str, n: usize) -> Vec<Call> {
        let t = token.to_string();
        self.wait_for(
            &format!("{n} responses to {token}"),
            Duration::from_secs(15),
            |calls| {
                let v: Vec<Call> = calls
                    .iter()
                    .filter(|c| c.token().as_deref() == Some(&t))
                    .cloned()
                    .collect();
                (v.len() >= n).then_some(v)
            },
        )
        .await
    }

    /// Messages posted to channels with `POST /channels/{id}/messages`.
    pub fn channel_messages(&self) -> Vec<Call> {
        self.calls()
            .into_iter()
            .filter(|c| {
                c.method == "POST" && c.path.contains("/channels/") && c.path.ends_with("/messages")
            })
            .collect()
    }

    /// Messages posted to channel `id`.
    pub fn messages_in(&self, id: &str) -> Vec<Call> {
        let path = format!("/api/v10/channels/{id}/messages");
        self.channel_messages()
            .into_iter()
            .filter(|c| c.path.split('?').next() == Some(path.as_str()))
            .collect()
    }

    fn message_json(&self, channel: &str, content: &str, author: &str) -> Value {
        json!({
            "id": self.id(), "channel_id": channel, "guild_id": GUILD_ID,
            "author": {"id": author, "username": "sherpa", "discriminator": "0", "avatar": null, "bot": true},
            "content": content, "timestamp": "2024-01-01T00:00:00+00:00", "edited_timestamp": null,
            "tts": false, "mention_everyone": false, "mentions": [], "mention_roles": [], "attachments": [],
            "embeds": [], "pinned": false, "type": 0, "flags": 0, "components": []
        })
    }

    fn route(&self, method: &str, path: &str, json: &Value) -> (u16, String) {
        let p = path.split('?').next().unwrap_or(path);
        let ws = format!("ws://127.0.0.1:{}", self.ws_port);
        if p == "/api/v10/gateway" {
            return (200, json!({"url": ws}).to_string());
        }
        if p == "/api/v10/gateway/bot" {
            return (
                200,
                json!({"url": ws, "shards": 1, "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}})
                    .to_string(),
            );
        }
        if p.ends_with("/commands") && method == "PUT" {
            return (200, "[]".into());
        }
        if p.ends_with("/callback") {
            return (204, String::new());
        }
        if let Some(r) = self.gone_channel_route(method, p) {
            return r;
        }
        if method == "POST" && p.starts_with("/api/v10/channels/") && p.ends_with("/messages") {
            let channel = p.split('/').nth(4).unwrap_or("");
            if self.closed_dms.lock().unwrap().iter().any(|c| c == channel) {
                return (
                    403,
                    json!({"message": "Cannot send messages to this user", "code": 50007})
                        .to_string(),
                );
            }
        }
        if p.starts_with("/api/v10/webhooks/")
            || (p.starts_with("/api/v10/channels/") && p.ends_with("/messages"))
        {
            let channel = p
                .split('/')
                .nth(4)
                .filter(|_| p.contains("/channels/"))
                .unwrap_or(CHANNEL_ID)
                .to_string();
            let content = json["content"].as_str().unwrap_or("");
            return (
                200,
                self.message_json(&channel, content, BOT_ID).to_string(),
            );
        }
        // Create a thread without a message: `POST /channels/{parent}/threads`.
        if method == "POST" && p.starts_with("/api/v10/channels/") && p.ends_with("/threads") {
            let parent = p.split('/').nth(4).unwrap_or(CHANNEL_ID).to_string();
            let mut st = self.state.lock().unwrap();
            if let Some(status) = st.refuse_threads {
                return (
                    status,
                    json!({"message": "Missing Permissions", "code": 50013}).to_string(),
                );
            }
            let id = self.id();
            let name = json["name"].as_str().unwrap_or("").to_string();
            st.threads.push((id.clone(), parent.clone(), name.clone()));
            return (200, thread_json(&id, &parent, &name).to_string());
        }
        // Delete a channel or thread: `DELETE /channels/{id}`.
        if method == "DELETE" && p.starts_with("/api/v10/channels/") && p.split('/').count() == 5 {
            let id = p.split('/').nth(4).unwrap_or("").to_string();
            let mut st = self.state.lock().unwrap();
            let Some(i) = st.threads.iter().position(|t| t.0 == id) else {
                return (
                    404,
                    json!({"message": "Unknown Channel", "code": 10003}).to_string(),
                );
            };
            let (id, parent, name) = st.threads.remove(i);
            return (200, thread_json(&id, &parent, &name).to_string());
        }
        if p == "/api/v10/users/@me/channels" {
            let r = json["recipient_id"].as_str().unwrap_or("1");
            let ch = format!("9{}", &r[1..]);
            return (
                200,
                json!({"id": ch, "type": 1, "last_message_id": null,
                       "recipients": [{"id": r, "username": "user", "discriminator": "0", "avatar": null}]})
                .to_string(),
            );
        }
        if let Some(r) = self.guild_route(method, p) {
            return r;
        }
        if p == "/api/v10/users/@me" {
            return (
                200,
                json!({"id": BOT_ID, "username": "sherpa", "discriminator": "0", "avatar": null, "bot": true}).to_string(),
            );
        }
        (
            404,
            json!({"message": "Unknown route (fake Discord)", "code": 0}).to_string(),
        )
    }

    /// The server, its channels (with permission overwrites) and its active threads (the
    /// public threads that exist): @everyone may view and send; a private channel denies
    /// @everyone View Channel and allows it to its members.
    fn guild_route(&self, method: &str, p: &str) -> Option<(u16, String)> {
        const VIEW_AND_SEND: u64 = (1 << 10) | (1 << 11);
        if method != "GET" {
            return None;
        }
        let guild = format!("/api/v10/guilds/{GUILD_ID}");
        if p == guild {
            let everyone = json!({
                "id": GUILD_ID, "name": "@everyone", "color": 0,
                "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
                "hoist": false, "managed": false, "mentionable": false,
                "permissions": VIEW_AND_SEND.to_string(), "position": 0,
                "icon": null, "unicode_emoji": null, "flags": 0
            });
            let g = json!({
                "id": GUILD_ID, "name": "fake server", "icon": null, "icon_hash": null,
                "splash": null, "discovery_splash": null, "owner_id": BOT_ID,
                "afk_channel_id": null, "afk_timeout": 300, "verification_level": 0,
                "default_message_notifications": 0, "explicit_content_filter": 0,
                "roles": [everyone], "emojis": [], "features": [], "mfa_level": 0,
                "application_id": null, "system_channel_id": null, "system_channel_flags": 0,
                "rules_channel_id": null, "vanity_url_code": null, "description": null,
                "banner": null, "premium_tier": 0, "preferred_locale": "en-US",
                "public_updates_channel_id": null, "nsfw_level": 0, "stickers": [],
                "premium_progress_bar_enabled": false
            });
            return Some((200, g.to_string()));
        }
        if p == format!("{guild}/channels") {
            let channel = |id: &str, overwrites: Value| {
                json!({"id": id, "type": 0, "guild_id": GUILD_ID, "name": format!("c{id}"),
                       "position": 0, "parent_id": null, "permission_overwrites": overwrites})
            };
            let mut list = vec![];
            for (id, members) in self.channels.lock().unwrap().iter() {
                let Some(members) = members else {
                    list.push(channel(id, json!([])));
                    continue;
                };
                let mut ow = vec![json!({"id": GUILD_ID, "type": 0, "allow": "0",
                                         "deny": (1u64 << 10).to_string()})];
                for m in members {
                    ow.push(
                        json!({"id": m, "type": 1, "allow": VIEW_AND_SEND.to_string(),
                                   "deny": "0"}),
                    );
                }
                list.push(channel(id, Value::Array(ow)));
            }
            return Some((200, Value::Array(list).to_string()));
        }
        if p == format!("{guild}/threads/active") {
            let threads: Vec<Value> = self
                .threads()
                .iter()
                .map(|(id, parent, name)| thread_json(id, parent, name))
                .collect();
            return Some((200, json!({"threads": threads, "members": []}).to_string()));
        }
        None
    }

    async fn serve_http(self: Arc<Self>, sock: TcpStream) -> std::io::Result<()> {
        let (r, mut w) = sock.into_split();
        let mut r = BufReader::new(r);
        loop {
            let mut line = String::new();
            if r.read_line(&mut line).await? == 0 {
                return Ok(());
            }
            let mut parts = line.split_whitespace();
            let method = parts.next().unwrap_or("").to_string();
            let path = parts.next().unwrap_or("").to_string();
            let mut headers = HashMap::new();
            loop {
                let mut h = String::new();
                r.read_line(&mut h).await?;
                let h = h.trim_end();
                if h.is_empty() {
                    break;
                }
                if let Some((k, v)) = h.split_once(':') {
                    headers.insert(k.trim().to_ascii_lowercase(), v.trim().to_string());
                }
            }
            let mut body = Vec::new();
            if let Some(n) = headers
                .get("content-length")
                .and_then(|v| v.parse::<usize>().ok())
            {
                body.resize(n, 0);
                r.read_exact(&mut body).await?;
            } else if headers
                .get("transfer-encoding")
                .is_some_and(|v| v.contains("chunked"))
            {
                loop {
                    let mut size = String::new();
                    r.read_line(&mut size).await?;
                    let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
                    let mut chunk = vec![0; n + 2];
                    r.read_exact(&mut chunk).await?;
                    if n == 0 {
                        break;
                    }
                    body.extend_from_slice(&chunk[..n]);
                }
            }
            let ctype = headers.get("content-type").cloned().unwrap_or_default();
            let (json, files) = if let Some(b) = ctype.split("boundary=").nth(1) {
                parse_multipart(&body, b.trim_matches('"'))
            } else {
                (
                    serde_json::from_slice(&body).unwrap_or(Value::Null),
                    Vec::new(),
                )
            };
            if self.hang_rest.load(Ordering::SeqCst) {
                // Never answer: the client waits until it gives up.
                std::future::pending::<()>().await;
            }
            if method == "GET"
                && path.starts_with("/api/v10/guilds/")
                && self.slow_guild_lookups.load(Ordering::SeqCst)
            {
                tokio::time::sleep(SLOW_GUILD_LOOKUP).await;
            }
            let (status, resp) = self.route(&method, &path, &json);
            {
                let mut st = self.state.lock().unwrap();
                st.calls.push(Call {
                    method,
                    path,
                    json,
                    files,
                });
            }
            self.changed.notify_waiters();
            let reason = match status {
                200 => "OK",
                204 => "No Content",
                403 => "Forbidden",
                _ => "Not Found",
            };
            let head = if status == 204 {
                format!("HTTP/1.1 204 {reason}\r\n\r\n")
            } else {
                format!(
                    "HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
                    resp.len()
                )
            };
            w.write_all(head.as_bytes()).await?;
            w.write_all(resp.as_bytes()).await?;
            w.flush().await?;
        }
    }

    async fn serve_gateway(
        self: Arc<Self>,
        sock: TcpStream,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        let ws = tokio_tungstenite::accept_async(sock).await?;
        let (mut tx, mut rx) = ws.split();
        let mut events = self.events.subscribe();
        tx.send(WsMessage::Text(
            json!({"op": 10, "d": {"heartbeat_interval": 41250}}).to_string(),
        ))
        .await?;
        let mut identified = false;
        let mut shard: (u64, u64) = (0, 1);
        let mut seq: u64 = 0;
        loop {
            tokio::select! {
                msg = rx.next() => {
                    let Some(msg) = msg else { return Ok(()) };
                    let text = match msg? {
                        WsMessage::Text(t) => t,
                        WsMessage::Close(_) => {
                            // tungstenite queued the close reply; send it.
                            let _ = tx.flush().await;
                            return Ok(());
                        }
                        _ => continue,
                    };
                    let v: Value = serde_json::from_str(&text)?;
                    match v["op"].as_u64() {
                        Some(1) => tx.send(WsMessage::Text(json!({"op": 11}).to_string())).await?,
                        Some(2) => {
                            let sh = &v["d"]["shard"];
                            if let (Some(id), Some(n)) = (sh[0].as_u64(), sh[1].as_u64()) {
                                shard = (id, n.max(1));
                            }
                            self.shards.lock().unwrap().push(shard);
                            seq += 1;
                            let s = seq;
                            let ready = json!({"op": 0, "t": "READY", "s": s, "d": {
                                "v": 10,
                                "user": {"id": BOT_ID, "username": "sherpa", "discriminator": "0", "avatar": null, "bot": true, "verified": true, "mfa_enabled": false, "flags": 0},
                                "guilds": [{"id": GUILD_ID, "unavailable": true}],
                                "session_id": format!("session{s}"),
                                "resume_gateway_url": format!("ws://127.0.0.1:{}", self.ws_port),
                                "shard": [shard.0, shard.1],
                                "application": {"id": APP_ID, "flags": 0}
                            }});
                            tx.send(WsMessage::Text(ready.to_string())).await?;
                            identified = true;
                            self.sessions.fetch_add(1, Ordering::SeqCst);
                            self.changed.notify_waiters();
                        }
                        _ => {}
                    }
                }
                ev = events.recv() => {
                    let Ok(ev) = ev else { continue };
                    let mut v: Value = serde_json::from_str(&ev)?;
                    // Discord's shard of a guild; events without a guild go to shard 0.
                    let target = v["d"]["guild_id"]
                        .as_str()
                        .and_then(|g| g.parse::<u64>().ok())
                        .map(|g| (g >> 22) % shard.1)
                        .unwrap_or(0);
                    if identified && target == shard.0 {
                        seq += 1;
                        v["s"] = json!(seq);
                        tx.send(WsMessage::Text(v.to_string())).await?;
                    }
                }
            }
        }
    }
}

impl FakeDiscord {
    /// From now on channel `id` is deleted.
    pub fn delete_channel(&self, id: &str) {
        self.gone_channels.lock().unwrap().push(id.to_string());
    }

    /// `GET /channels/{id}` (a text channel of the guild, a thread, or 404 once deleted),
    /// and any call on a deleted channel: 404 with code 10003.
    fn gone_channel_route(&self, method: &str, p: &str) -> Option<(u16, String)> {
        let rest = p.strip_prefix("/api/v10/channels/")?;
        let id = rest.split('/').next().unwrap_or("");
        if self.gone_channels.lock().unwrap().iter().any(|c| c == id) {
            let body = json!({"message": "Unknown Channel", "code": 10003}).to_string();
            return Some((404, body));
        }
        if method != "GET" || rest.contains('/') {
            return None;
        }
        if let Some((id, parent, name)) = self.threads().into_iter().find(|t| t.0 == id) {
            return Some((200, thread_json(&id, &parent, &name).to_string()));
        }
        let channel = json!({"id": id, "type": 0, "guild_id": GUILD_ID, "name": format!("c{id}"),
                             "position": 0, "parent_id": null, "permission_overwrites": []});
        Some((200, channel.to_string()))
    }
}

/// A public thread's channel object (type 11) in the fake guild.
fn thread_json(id: &str, parent: &str, name: &str) -> Value {
    json!({
        "id": id, "type": 11, "guild_id": GUILD_ID, "parent_id": parent, "name": name,
        "owner_id": BOT_ID, "last_message_id": null, "rate_limit_per_user": 0,
        "message_count": 0, "member_count": 1, "permissions": "0",
        "thread_metadata": {"archived": false, "auto_archive_duration": 10080,
            "archive_timestamp": "2024-01-01T00:00:00+00:00", "locked": false}
    })
}

fn find(h: &[u8], n: &[u8]) -> Option<usize> {
    h.windows(n.len()).position(|w| w == n)
}

/// Split a multipart/form-data body: the `payload_json` part and the files.
fn parse_multipart(body: &[u8], boundary: &str) -> (Value, Vec<(String, Vec<u8>)>) {
    let delim = format!("--{boundary}");
    let mut json = Value::Null;
    let mut files = Vec::new();
    let mut rest = body;
    while let Some(start) = find(rest, delim.as_bytes()) {
        rest = &rest[start + delim.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let Some(hdr_end) = find(rest, b"\r\n\r\n") else {
            break;
        };
        let headers = String::from_utf8_lossy(&rest[..hdr_end]).to_string();
        let content_start = hdr_end + 4;
        let Some(next) = find(&rest[content_start..], delim.as_bytes()) else {
            break;
        };
        let mut content = &rest[content_start..content_start + next];
        if content.ends_with(b"\r\n") {
            content = &content[..content.len() - 2];
        }
        let name = headers
            .split("name=\"")
            .nth(1)
            .and_then(|s| s.split('"').next())
            .unwrap_or("");
        if name == "payload_json" {
            json = serde_json::from_slice(content).unwrap_or(Value::Null);
        } else {
            let filename = headers
                .split("filename=\"")
                .nth(1)
                .and_then(|s| s.split('"').next())
                .unwrap_or(name);
            files.push((filename.to_string(), content.to_vec()));
        }
        rest = &rest[content_start + next..];
    }
    (json, files)
}

/// Discord's limits on a message's components (its API description): at most 5 action
/// rows; a row holds at most 5 buttons or one select menu; custom ids, option values and
/// option labels at most 100 characters, button labels at most 80; a menu has 1 to 25
/// options with unique values; custom ids are unique in the message. Panics naming the
/// broken limit.
pub fn check_component_limits(c: &Call) {
    let rows = match c.message()["components"].as_array() {
        Some(r) => r.clone(),
        None => return,
    };
    let chars = |v: &Value| v.as_str().map_or(0, |s| s.chars().count());
    assert!(rows.len() <= 5, "more than 5 rows: {}", c.json);
    let mut ids: Vec<String> = Vec::new();
    for row in &rows {
        assert_eq!(row["type"], 1, "a top-level component is an action row");
        let items = row["components"].as_array().expect("a row's components");
        assert!(!items.is_empty() && items.len() <= 5, "row size: {row}");
        let menus = items.iter().filter(|i| i["type"] == 3).count();
        assert!(
            menus == 0 || items.len() == 1,
            "a menu fills its row: {row}"
        );
        for i in items {
            assert!(chars(&i["custom_id"]) <= 100, "custom id too long: {i}");
            ids.push(i["custom_id"].as_str().unwrap_or("").to_string());
            if i["type"] == 2 {
                assert!(chars(&i["label"]) <= 80, "button label too long: {i}");
            } else {
                let opts = i["options"].as_array().expect("a menu's options");
                assert!(!opts.is_empty() && opts.len() <= 25, "options: {i}");
                let mut values: Vec<&str> =
                    opts.iter().filter_map(|o| o["value"].as_str()).collect();
                assert!(chars(&i["placeholder"]) <= 150, "placeholder: {i}");
                for o in opts {
                    assert!(chars(&o["value"]) <= 100, "option value too long: {o}");
                    assert!(chars(&o["label"]) <= 100, "option label too long: {o}");
                }
                values.sort();
                values.dedup();
                assert_eq!(values.len(), opts.len(), "option values are unique: {i}");
            }
        }
    }
    let n = ids.len();
    ids.sort();
    ids.dedup();
    assert_eq!(
        ids.len(),
        n,
        "custom ids are unique in a message: {}",
        c.json
    );
}
