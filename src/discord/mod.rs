//! The Discord front end (poise 0.7 / serenity 0.12). The only code that knows Discord.
//!
//! Invariants:
//! - Commands stay thin: they build a text command line, run the chat core on a blocking
//!   thread and send its replies. No game logic here.
//! - A reply private to a user is only ever sent ephemerally to that user (or by DM when it
//!   is for someone other than the invoker); errors are ephemeral.
//! - Allowed mentions are exactly the reply's `pings`: nobody else can be pinged.
//! - Reminders are claimed, then marked sent, in the store, so a restart neither loses nor
//!   repeats one, and two processes of a fleet over one database never both send one.
//! - With a shard range (a fleet), a process delivers left-over outbox replies only for
//!   the guilds of its own shards (guild-less ones on shard 0), so no reply goes out twice.
//! - The store is only used on blocking threads (`spawn_blocking`), never on async ones.
//! - The move that ends a game is answered like any other; the game's end files
//!   (timelapse, replay file) are built on a blocking thread after the answer was sent, and
//!   posted to its channel ([`post_end_files`]); files a stopped process still owed go out
//!   at start-up and from the reminder tick.
//! - The Sherpa players think on a bounded pool of their own, one loop per place, after
//!   every answered request, at start-up and after the reminder tick ([`ai_task`]).

mod ai_task;
mod commands;
mod errors;
mod health;
mod remind_task;
mod retention_task;
mod send;
mod thread;
mod thread_lookup;
mod visibility;

use crate::chat::{Chat, GameInfo};
use crate::config::Config;
use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The reminder tick posts end files owed for at least this long (seconds): left over by a
/// stopped process, or not sent then. Fresher ones are being posted by the request (or the
/// tick's deadline notice) that ended the game, right after its answer.
const END_FILES_RETRY_AFTER: i64 = 60;

/// An interaction token lasts 15 minutes: a reply still undelivered after that is sent as
/// a channel (or direct) message by the outbox task.
const OUTBOX_RETRY_AFTER: i64 = 15 * 60;

/// After the shutdown signal, commands in flight get this long to finish.
const IN_FLIGHT_GRACE: Duration = Duration::from_millis(2500);
/// After the shutdown signal, the bot stops by then whatever Discord does (SIGTERM → exit
/// within 5 s, with the runtime's own teardown).
const STOP_DEADLINE: Duration = Duration::from_millis(3500);

/// Shared state of the bot.
pub struct Data {
    pub chat: Arc<Chat>,
    pub games: Vec<GameInfo>,
    /// Commands currently being handled (graceful shutdown waits for them).
    pub in_flight: Arc<AtomicUsize>,
    pub shutting_down: Arc<AtomicBool>,
    /// The operator's metrics, when `[metrics] listen` is set.
    pub observer: Option<Arc<health::Observer>>,
    /// The pool the Sherpa players think on.
    pub ai: Arc<ai_task::AiPool>,
}

pub type Error = anyhow::Error;
pub type Ctx<'a> = poise::Context<'a, Data, Error>;

/// Run the bot until SIGTERM or ctrl-c.
pub async fn run(config: Config) -> anyhow::Result<()> {
    run_until(config, shutdown_signal()).await
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(_) => {
                    let _ = tokio::signal::ctrl_c().await;
                    return;
                }
            };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {},
            _ = term.recv() => {},
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}

/// Initialise tracing from the config's `log_level` (RUST_LOG overrides). Safe to call twice.
pub fn init_tracing(level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(level));
    let _ = tracing_subscriber::fmt().with_env_filter(filter).try_init();
}

/// Run the bot until `shutdown` completes, then finish the commands in flight and stop the
/// shards. Used by `run` and by the tests (which restart the bot).
pub async fn run_until(
    config: Config,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    init_tracing(&config.log_level);
    let chat = open_chat(&config).await?;
    let games = chat.games();
    // The metrics endpoint listens before the gateway connects (a taken port stops here).
    let observer = open_metrics(&config).await?;
    // So do the game pages (`[web] listen`).
    let web_listener = crate::web::bind_configured(&config).await?;
    let in_flight = Arc::new(AtomicUsize::new(0));
    let shutting_down = Arc::new(AtomicBool::new(false));
    let ai = Arc::new(ai_task::AiPool::new(
        &config.ai,
        config.shards,
        shutting_down.clone(),
    ));
    let data = Data {
        chat: chat.clone(),
        games,
        in_flight: in_flight.clone(),
        shutting_down: shutting_down.clone(),
        observer: observer.as_ref().map(|o| o.0.clone()),
        ai: ai.clone(),
    };
    let mut client = build_client(&config, data).await?;
    let metrics = observer.as_ref().map(|(o, _)| o.metrics.clone());
    let mut tasks = Tasks::spawn(&config, &client, &chat, &shutting_down, metrics, &ai).await;
    tasks.metrics_server = observer.map(|(observer, listener)| {
        let metrics = observer.metrics.clone();
        let probe = health::BotProbe {
            observer,
            shards: client.shard_manager.clone(),
            chat: chat.clone(),
        };
        tokio::spawn(crate::metrics::http::serve(
            listener,
            metrics,
            Arc::new(probe),
        ))
    });
    tasks.web_server = web_listener.map(|(l, links)| {
        let web = crate::web::Web::new(chat.clone(), links);
        tokio::spawn(crate::web::serve_logged(web, l))
    });
    let (stopper, hard_stop) = stop_on(
        shutdown,
        shutting_down.clone(),
        in_flight,
        client.shard_manager.clone(),
    );
    let res = tokio::select! {
        r = start_gateway(&mut client, config.shards) => r,
        _ = hard_stop => {
            tracing::warn!("Discord did not let the shards close in time; stopping anyway");
            Ok(())
        }
    };
    stopper.abort();
    shutting_down.store(true, Ordering::SeqCst);
    tasks.stop().await;
    tracing::info!("stopped");
    res.context("Discord connection")
}

/// Open the chat core on the configured database, then load every running game once: a
/// game that cannot be rebuilt is marked broken (and says so in its channel) while every
/// other game keeps running.
async fn open_chat(config: &Config) -> anyhow::Result<Arc<Chat>> {
    let (db, defaults) = (config.database.clone(), config.reminders.clone());
    let web = config.web.clone();
    let chat = tokio::task::spawn_blocking(move || {
        let mut chat = Chat::open(&db)?;
        chat.set_reminder_defaults(defaults);
        if let Some(w) = web {
            chat.set_web_links(crate::web::links_of(&w));
        }
        anyhow::Ok(chat)
    })
    .await
    .context("opening the database")?
    .with_context(|| format!("opening database {}", config.database))?;
    let chat = Arc::new(chat);
    let c = chat.clone();
    let (broken, backfilled) =
        tokio::task::spawn_blocking(move || (c.check_games(), c.backfill_results()))
            .await
            .unwrap_or_else(|_| (vec![], Ok(0)));
    for (game_id, why) in broken {
        tracing::warn!(game_id, "game cannot be loaded: {why}");
    }
    match backfilled {
        Ok(0) => {}
        Ok(n) => tracing::info!("recorded the results of {n} games finished before ratings"),
        Err(e) => tracing::warn!("recording earlier games' results failed: {e}"),
    }
    Ok(chat)
}

/// With `[metrics] listen`, the operator's observer (its own store connection) and the
/// bound listener of `/metrics` and `/health`.
async fn open_metrics(
    config: &Config,
) -> anyhow::Result<Option<(Arc<health::Observer>, tokio::net::TcpListener)>> {
    let Some(addr) = config.metrics_listen else {
        return Ok(None);
    };
    let listener = health::listen(addr).await?;
    let metrics = Arc::new(crate::metrics::Metrics::new());
    let observer = health::Observer::open(&config.database, metrics)
        .await
        .context("opening the database for the metrics")?;
    tracing::info!("serving /metrics and /health on {addr}");
    Ok(Some((Arc::new(observer), listener)))
}

/// The serenity client with the poise framework: the slash commands (game choices from
/// `data.games`), the one error handler, and button presses.
async fn build_client(config: &Config, data: Data) -> anyhow::Result<serenity::Client> {
    let mut hb = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // The proxy is only honoured with the rate limiter off (tests against a fake Discord).
        hb = hb.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let mut cmds = commands::all();
    commands::set_game_choices(&mut cmds, &data.games);
    let dev_guild = config.dev_guild;
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: cmds,
            on_error: |err| Box::pin(errors::on_error(err)),
            event_handler: |fw, event| Box::pin(send::event_handler(fw.serenity_context, event, fw.user_data)),
            initialize_owners: false,
            ..Default::default()
        })
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
                let cmds = &framework.options().commands;
                match dev_guild {
                    Some(g) => poise::builtins::register_in_guild(ctx, cmds, serenity::GuildId::new(g)).await?,
                    None => poise::builtins::register_globally(ctx, cmds).await?,
                }
                Ok(data)
            })
        })
        .build();
    let intents = serenity::GatewayIntents::GUILDS;
    serenity::ClientBuilder::new_with_http(hb.build(), intents)
        .framework(framework)
        .await
        .context("building the Discord client")
}

/// The background tasks beside the gateway: the outbox, the reminders, retention and the
/// metrics server.
struct Tasks {
    outbox: tokio::task::JoinHandle<()>,
    reminders: tokio::task::JoinHandle<()>,
    metrics_server: Option<tokio::task::JoinHandle<()>>,
    /// The game pages (`[web] listen`).
    web_server: Option<tokio::task::JoinHandle<()>>,
}

impl Tasks {
    async fn spawn(
        config: &Config,
        client: &serenity::Client,
        chat: &Arc<Chat>,
        stop: &Arc<AtomicBool>,
        metrics: Option<Arc<crate::metrics::Metrics>>,
        ai: &Arc<ai_task::AiPool>,
    ) -> Tasks {
        let outbox = spawn_outbox(client.http.clone(), chat.clone(), config.shards, stop).await;
        // End files a previous run still owed (their outbox rows come after the mark taken
        // above: they are sent here, not by the outbox's start-up round).
        tokio::spawn(post_end_files(client.http.clone(), chat.clone(), None, 0));
        // AI turns due when the previous run stopped (or left to the caretaker meanwhile).
        let (pool, http, c) = (ai.clone(), client.http.clone(), chat.clone());
        tokio::spawn(async move { pool.sweep(&http, &c).await });
        if let Some(keep) = config.retention.clone() {
            let c = chat.clone();
            tokio::spawn(retention_task::run(
                config.database.clone(),
                keep,
                Duration::from_secs(config.retention_every_secs.max(60)),
                stop.clone(),
                Arc::new(move || c.now()),
            ));
        }
        let reminders = tokio::spawn(remind_task::run(
            client.http.clone(),
            chat.clone(),
            config.reminders.clone(),
            Duration::from_secs(config.reminder_check_secs.max(1)),
            stop.clone(),
            metrics,
            ai.clone(),
        ));
        Tasks {
            outbox,
            reminders,
            metrics_server: None,
            web_server: None,
        }
    }

    /// After the shutdown flag: the reminder task notices it within 100 ms unless a Discord
    /// call hangs; the others are stopped.
    async fn stop(self) {
        let mut reminders = self.reminders;
        if tokio::time::timeout(Duration::from_millis(500), &mut reminders)
            .await
            .is_err()
        {
            reminders.abort();
        }
        self.outbox.abort();
        if let Some(server) = self.metrics_server {
            server.abort();
        }
        if let Some(server) = self.web_server {
            server.abort();
        }
    }
}

/// Replies a previous run committed but never delivered go out now (rows up to the mark
/// taken before any interaction of this run), then every minute those left over for 15
/// minutes (their interaction has expired; Discord was unreachable meanwhile).
async fn spawn_outbox(
    http: Arc<serenity::Http>,
    chat: Arc<Chat>,
    shards: Option<crate::config::ShardRange>,
    stop: &Arc<AtomicBool>,
) -> tokio::task::JoinHandle<()> {
    let c = chat.clone();
    let outbox_mark = tokio::task::spawn_blocking(move || c.outbox_mark())
        .await
        .unwrap_or(0);
    let stop = stop.clone();
    tokio::spawn(async move {
        send::deliver_outbox(&http, &chat, outbox_mark, 0, shards).await;
        let mut ticks = 0u32;
        while !stop.load(Ordering::SeqCst) {
            tokio::time::sleep(Duration::from_millis(100)).await;
            ticks += 1;
            if ticks % 600 == 0 {
                send::deliver_outbox(&http, &chat, i64::MAX, OUTBOX_RETRY_AFTER, shards).await;
            }
        }
    })
}

/// Post the end files (timelapse, replay file) owed on Discord, in `channel` only when
/// given, for games that finished at least `min_age` seconds ago: each game's files are
/// built and stored in the outbox on a blocking thread, then sent to its channel and marked
/// delivered. Files not sent (Discord unreachable) stay in the outbox for its next round.
/// Called right after the answer to a change (the move that ended a game is answered
/// first), at start-up and by the reminder tick.
pub(crate) async fn post_end_files(
    http: Arc<serenity::Http>,
    chat: Arc<Chat>,
    channel: Option<String>,
    min_age: i64,
) {
    let c = chat.clone();
    let owed = tokio::task::spawn_blocking(move || {
        c.owed_end_files("discord", channel.as_deref(), min_age)
    })
    .await;
    let owed = match owed {
        Ok(Ok(v)) => v,
        Ok(Err(e)) => return tracing::warn!("reading the end files owed failed: {e}"),
        Err(e) => return tracing::warn!("reading the end files owed failed: {e}"),
    };
    for game_id in owed {
        let c = chat.clone();
        match tokio::task::spawn_blocking(move || c.post_end_files(game_id)).await {
            Ok(Ok(Some(f))) => {
                send::deliver_replies(&http, &chat, &f.place.channel, &f.replies).await;
            }
            Ok(Ok(None)) => {}
            Ok(Err(e)) => tracing::warn!(game_id, "posting the end files failed: {e}"),
            Err(e) => tracing::warn!(game_id, "posting the end files failed: {e}"),
        }
    }
}

/// The end files that [`Chat::follow_ups`] says are due after `replies` were delivered in
/// `place` (the answer ended a game there): posted to that channel. Sherpa's turns are
/// played by the caller's own loop or the reminder tick's sweep.
pub(crate) async fn end_files_after(
    http: &Arc<serenity::Http>,
    chat: &Arc<Chat>,
    place: &crate::chat::Place,
    replies: Vec<crate::chat::Reply>,
) {
    let (c, p) = (chat.clone(), place.clone());
    let due = tokio::task::spawn_blocking(move || c.follow_ups(&p, &replies)).await;
    if due.is_ok_and(|due| due.contains(&crate::chat::FollowUp::EndFiles)) {
        let channel = Some(place.channel.clone());
        post_end_files(http.clone(), chat.clone(), channel, 0).await;
    }
}

/// After the shutdown signal: commands in flight get IN_FLIGHT_GRACE to finish (their
/// steps are committed and their replies are in the outbox either way), the shards are
/// asked to close, and whatever still hangs (Discord unreachable: a shard reconnecting,
/// a REST call without an answer) is abandoned at STOP_DEADLINE (the returned future).
fn stop_on(
    shutdown: impl Future<Output = ()> + Send + 'static,
    shutting_down: Arc<AtomicBool>,
    in_flight: Arc<AtomicUsize>,
    shard_manager: Arc<serenity::ShardManager>,
) -> (tokio::task::JoinHandle<()>, impl Future<Output = ()>) {
    let (signalled_tx, signalled_rx) = tokio::sync::oneshot::channel::<()>();
    let stopper = tokio::spawn(async move {
        shutdown.await;
        let _ = signalled_tx.send(());
        tracing::info!("shutting down: finishing commands in flight");
        shutting_down.store(true, Ordering::SeqCst);
        let grace = tokio::time::Instant::now() + IN_FLIGHT_GRACE;
        while in_flight.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < grace {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let _ = tokio::time::timeout(Duration::from_secs(1), shard_manager.shutdown_all()).await;
    });
    let hard_stop = async move {
        if signalled_rx.await.is_ok() {
            tokio::time::sleep(STOP_DEADLINE).await;
        } else {
            std::future::pending::<()>().await;
        }
    };
    (stopper, hard_stop)
}

/// Connect the gateway: this process's shard range of a fleet, or all shards.
async fn start_gateway(
    client: &mut serenity::Client,
    shards: Option<crate::config::ShardRange>,
) -> serenity::Result<()> {
    match shards {
        // serenity's range end is inclusive ("up to and including").
        Some(r) => {
            tracing::info!("running gateway shards {r}");
            client.start_shard_range(r.first..r.last, r.total).await
        }
        None => client.start_autosharded().await,
    }
}
