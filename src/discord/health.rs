//! What `sherpa run` records for the operator's metrics, and its health checks
//! (`[metrics] listen`; the server is [`crate::metrics::http`]).
//!
//! - Each answered interaction counts as one command of the channel's game (read from the
//!   store after the answer was sent, so `game new` counts under the game it opened), with
//!   its time from receipt to the answer sent; an accepted `move` counts as a move.
//! - The gateway is healthy when every shard of this process is connected; the database
//!   when the outbox's backlog query answers within [`DATABASE_CHECK_TIMEOUT`] (the same
//!   query gives the outbox gauges).

use super::Data;
use crate::chat::{Chat, Reply};
use crate::metrics::http::{Checks, Probe};
use crate::metrics::{self, Metrics};
use crate::store::{DbLocation, Store, StoreError};
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How long the database's health check may take.
pub const DATABASE_CHECK_TIMEOUT: Duration = Duration::from_secs(2);

/// The metrics and the store connection they read (one of their own, as the reminder
/// task has).
pub struct Observer {
    pub metrics: Arc<Metrics>,
    store: Arc<Mutex<Store>>,
}

/// What an answer was, for the metrics: a committed change, a database failure.
#[derive(Clone, Copy, Debug, Default)]
pub struct AnswerKind {
    pub committed: bool,
    pub database_error: Option<&'static str>,
}

impl AnswerKind {
    /// Read from the replies before they are sent: a reply with an outbox row is a
    /// committed change; an error reply saying the game store failed is a database error
    /// (the chat layer words it with [`StoreError::player_text`]).
    pub fn of(replies: &[Reply]) -> AnswerKind {
        let unavailable = StoreError::Unavailable(String::new()).player_text();
        let failed = StoreError::Sql(String::new()).player_text();
        let database_error = replies.iter().filter(|r| r.is_error).find_map(|r| {
            let text = r.text.to_string();
            if text.contains(&unavailable) {
                Some("unavailable")
            } else if text.contains(&failed) {
                Some("other")
            } else {
                None
            }
        });
        AnswerKind {
            committed: replies.iter().any(|r| r.outbox.is_some()),
            database_error,
        }
    }
}

impl Observer {
    /// Open the observer's own connection to `db`.
    pub async fn open(db: &DbLocation, metrics: Arc<Metrics>) -> anyhow::Result<Observer> {
        let db = db.clone();
        let store = tokio::task::spawn_blocking(move || Store::open_location(&db)).await??;
        Ok(Observer {
            metrics,
            store: Arc::new(Mutex::new(store)),
        })
    }

    /// Run `f` on the observer's store on a blocking thread, for at most `limit`.
    async fn with_store<T: Send + 'static>(
        &self,
        limit: Duration,
        f: impl FnOnce(&Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, String> {
        let store = self.store.clone();
        let job = tokio::task::spawn_blocking(move || {
            let st = store.lock().unwrap_or_else(|p| p.into_inner());
            f(&st)
        });
        match tokio::time::timeout(limit, job).await {
            Err(_) => Err(format!("no answer within {limit:?}")),
            Ok(Err(e)) => Err(e.to_string()),
            Ok(Ok(Err(e))) => {
                if let Some(kind) = metrics::database_error_kind(&e) {
                    self.metrics.database_error(kind);
                }
                Err(e.to_string())
            }
            Ok(Ok(Ok(v))) => Ok(v),
        }
    }

    /// Record an answered command (`command` as [`metrics::command_name`] names it) in
    /// `channel`, answered in `took`.
    pub async fn answered(
        &self,
        command: &'static str,
        channel: String,
        kind: AnswerKind,
        took: Duration,
    ) {
        let game = self
            .with_store(DATABASE_CHECK_TIMEOUT, move |s| {
                Ok(s.log().latest_game("discord", &channel)?.map(|g| g.kind))
            })
            .await;
        let game = match game {
            Ok(Some(kind)) => kind,
            Ok(None) => metrics::NO_GAME.to_string(),
            Err(_) => "unknown".to_string(),
        };
        self.metrics.command_answered(command, &game, took);
        if kind.committed && command == "move" {
            self.metrics.move_committed(&game);
        }
        if let Some(k) = kind.database_error {
            self.metrics.database_error(k);
        }
    }
}

/// Record an answer of `data`'s bot, if metrics are on.
pub async fn record(
    data: &Data,
    command: &'static str,
    channel: String,
    kind: AnswerKind,
    took: Duration,
) {
    if let Some(o) = &data.observer {
        o.answered(command, channel, kind, took).await;
    }
}

/// The health checks of a running bot.
pub struct BotProbe {
    pub observer: Arc<Observer>,
    pub shards: Arc<serenity::ShardManager>,
    pub chat: Arc<Chat>,
}

impl BotProbe {
    /// Every shard of this process connected to the gateway.
    async fn gateway(&self) -> Result<(), String> {
        let runners = self.shards.runners.lock().await;
        if runners.is_empty() {
            return Err("no shard has started yet".into());
        }
        let mut down: Vec<String> = runners
            .iter()
            .filter(|(_, r)| r.stage != serenity::ConnectionStage::Connected)
            .map(|(id, r)| format!("shard {id} is {}", r.stage))
            .collect();
        down.sort();
        if down.is_empty() {
            Ok(())
        } else {
            Err(down.join(", "))
        }
    }

    /// The database answers the outbox's backlog query (which sets its gauges).
    async fn database(&self) -> Result<(), String> {
        let backlog = self
            .observer
            .with_store(DATABASE_CHECK_TIMEOUT, |s| {
                s.outbox().outbox_backlog("discord")
            })
            .await?;
        self.observer.metrics.set_outbox(backlog, self.chat.now());
        Ok(())
    }

    /// The games in the chat layer's memory (it takes the chat's lock: off the async threads).
    async fn cache_size(&self) {
        let c = self.chat.clone();
        let job = tokio::task::spawn_blocking(move || c.cached_games());
        if let Ok(Ok(n)) = tokio::time::timeout(DATABASE_CHECK_TIMEOUT, job).await {
            self.observer.metrics.set_cached_games(n);
        }
    }
}

impl Probe for BotProbe {
    fn check(&self) -> Pin<Box<dyn Future<Output = Checks> + Send + '_>> {
        Box::pin(async move {
            let gateway = self.gateway().await;
            let database = self
                .database()
                .await
                .map_err(|e| format!("unreachable: {e}"));
            self.cache_size().await;
            let m = &self.observer.metrics;
            m.set_up("gateway", gateway.is_ok());
            m.set_up("database", database.is_ok());
            vec![("gateway", gateway), ("database", database)]
        })
    }
}

/// Listen on `addr` for the metrics endpoints (before connecting to Discord, so a taken
/// port stops `sherpa run` at once).
pub async fn listen(addr: std::net::SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    use anyhow::Context as _;
    tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot serve metrics on {addr} (config key `metrics.listen`)"))
}
