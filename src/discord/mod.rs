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

mod commands;
mod health;
mod remind_task;
mod retention_task;
mod send;
mod thread;
mod visibility;

use crate::chat::{Chat, GameInfo};
use crate::config::Config;
use anyhow::Context as _;
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

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
    let db = config.database.clone();
    let chat = {
        let db = db.clone();
        let defaults = config.reminders.clone();
        tokio::task::spawn_blocking(move || {
            let mut chat = Chat::open(&db)?;
            chat.set_reminder_defaults(defaults);
            anyhow::Ok(chat)
        })
        .await
        .context("opening the database")?
        .with_context(|| format!("opening database {}", config.database))?
    };
    // Load every running game once: a game that cannot be rebuilt is marked broken (and
    // says so in its channel) while every other game keeps running.
    let chat = {
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
        chat
    };
    let games = chat.games();
    // The metrics endpoint listens before the gateway connects (a taken port stops here).
    let observer = match config.metrics_listen {
        None => None,
        Some(addr) => {
            let listener = health::listen(addr).await?;
            let metrics = Arc::new(crate::metrics::Metrics::new());
            let observer = health::Observer::open(&db, metrics)
                .await
                .context("opening the database for the metrics")?;
            tracing::info!("serving /metrics and /health on {addr}");
            Some((Arc::new(observer), listener))
        }
    };

    let mut hb = serenity::HttpBuilder::new(&config.token);
    if let Some(base) = &config.api_base {
        // The proxy is only honoured with the rate limiter off (tests against a fake Discord).
        hb = hb.proxy(base.clone()).ratelimiter_disabled(true);
    }
    let http = hb.build();

    let in_flight = Arc::new(AtomicUsize::new(0));
    let shutting_down = Arc::new(AtomicBool::new(false));
    let mut cmds = commands::all();
    commands::set_game_choices(&mut cmds, &games);

    let dev_guild = config.dev_guild;
    let data = Data {
        chat: chat.clone(),
        games,
        in_flight: in_flight.clone(),
        shutting_down: shutting_down.clone(),
        observer: observer.as_ref().map(|o| o.0.clone()),
    };
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: cmds,
            on_error: |err| Box::pin(on_error(err)),
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
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .await
        .context("building the Discord client")?;

    // Replies a previous run committed but never delivered go out now (rows up to the
    // mark taken before any interaction of this run), then every minute those left over
    // for 15 minutes (their interaction has expired; Discord was unreachable meanwhile).
    let outbox_mark = {
        let c = chat.clone();
        tokio::task::spawn_blocking(move || c.outbox_mark())
            .await
            .unwrap_or(0)
    };
    let shards = config.shards;
    let outbox_task = {
        let http = client.http.clone();
        let chat = chat.clone();
        let stop = shutting_down.clone();
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
    };
    let shard_manager = client.shard_manager.clone();
    let metrics = observer.as_ref().map(|(o, _)| o.metrics.clone());
    let metrics_server = observer.map(|(observer, listener)| {
        let metrics = observer.metrics.clone();
        let probe = health::BotProbe {
            observer,
            shards: shard_manager.clone(),
            chat: chat.clone(),
        };
        tokio::spawn(crate::metrics::http::serve(
            listener,
            metrics,
            Arc::new(probe),
        ))
    });
    if let Some(keep) = config.retention.clone() {
        tokio::spawn(retention_task::run(
            db.clone(),
            keep,
            Duration::from_secs(config.retention_every_secs.max(60)),
            shutting_down.clone(),
            {
                let c = chat.clone();
                Arc::new(move || c.now())
            },
        ));
    }
    let reminder_task = tokio::spawn(remind_task::run(
        client.http.clone(),
        chat.clone(),
        config.reminders.clone(),
        Duration::from_secs(config.reminder_check_secs.max(1)),
        shutting_down.clone(),
        metrics,
    ));
    // After the shutdown signal: commands in flight get IN_FLIGHT_GRACE to finish (their
    // steps are committed and their replies are in the outbox either way), the shards are
    // asked to close, and whatever still hangs (Discord unreachable: a shard reconnecting,
    // a REST call without an answer) is abandoned at STOP_DEADLINE.
    let (signalled_tx, signalled_rx) = tokio::sync::oneshot::channel::<()>();
    let stopper = {
        let shutting_down = shutting_down.clone();
        tokio::spawn(async move {
            shutdown.await;
            let _ = signalled_tx.send(());
            tracing::info!("shutting down: finishing commands in flight");
            shutting_down.store(true, Ordering::SeqCst);
            let grace = tokio::time::Instant::now() + IN_FLIGHT_GRACE;
            while in_flight.load(Ordering::SeqCst) > 0 && tokio::time::Instant::now() < grace {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            let _ =
                tokio::time::timeout(Duration::from_secs(1), shard_manager.shutdown_all()).await;
        })
    };
    let hard_stop = async move {
        if signalled_rx.await.is_ok() {
            tokio::time::sleep(STOP_DEADLINE).await;
        } else {
            std::future::pending::<()>().await;
        }
    };
    let start = async {
        match shards {
            // serenity's range end is inclusive ("up to and including").
            Some(r) => {
                tracing::info!("running gateway shards {r}");
                client.start_shard_range(r.first..r.last, r.total).await
            }
            None => client.start_autosharded().await,
        }
    };
    let res = tokio::select! {
        r = start => r,
        _ = hard_stop => {
            tracing::warn!("Discord did not let the shards close in time; stopping anyway");
            Ok(())
        }
    };
    stopper.abort();
    shutting_down.store(true, Ordering::SeqCst);
    // The reminder task notices the flag within 100 ms unless a Discord call hangs.
    let mut reminder_task = reminder_task;
    if tokio::time::timeout(Duration::from_millis(500), &mut reminder_task)
        .await
        .is_err()
    {
        reminder_task.abort();
    }
    outbox_task.abort();
    if let Some(server) = metrics_server {
        server.abort();
    }
    tracing::info!("stopped");
    res.context("Discord connection")
}

/// The one error handler: log, and tell the user what to do, ephemerally.
async fn on_error(err: poise::FrameworkError<'_, Data, Error>) {
    match err {
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!("setup failed: {error:#}");
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, "command failed: {error:#}");
            let _ = ctx
                .send(
                    poise::CreateReply::default()
                        .content("Sorry, that failed on our side. Please try again; if it keeps failing, tell the server admins.")
                        .ephemeral(true),
                )
                .await;
        }
        poise::FrameworkError::ArgumentParse {
            error, input, ctx, ..
        } => {
            let msg = match input {
                Some(i) => format!(
                    "Could not read `{i}`: {error}. See `/help command:{}`.",
                    ctx.command().name
                ),
                None => format!(
                    "Could not read the command: {error}. See `/help command:{}`.",
                    ctx.command().name
                ),
            };
            let _ = ctx
                .send(poise::CreateReply::default().content(msg).ephemeral(true))
                .await;
        }
        // Interactions this version cannot read (a command or option changed by an update,
        // a client with an old command list) are answered too, never left hanging.
        poise::FrameworkError::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            let msg = format!(
                "Sherpa does not know `/{}` (commands may have changed in an update; Discord refreshes its list shortly). See `/help`.",
                interaction.data.name
            );
            let r = poise::serenity_prelude::CreateInteractionResponse::Message(
                poise::serenity_prelude::CreateInteractionResponseMessage::new()
                    .content(msg)
                    .ephemeral(true),
            );
            if interaction
                .create_response(&framework.serenity_context.http, r)
                .await
                .is_err()
            {
                // An autocomplete request: answer with no suggestions.
                let _ = interaction
                    .create_response(
                        &framework.serenity_context.http,
                        poise::serenity_prelude::CreateInteractionResponse::Autocomplete(
                            poise::serenity_prelude::CreateAutocompleteResponse::new(),
                        ),
                    )
                    .await;
            }
        }
        poise::FrameworkError::CommandStructureMismatch {
            description, ctx, ..
        } => {
            tracing::warn!(command = %ctx.command().qualified_name, "interaction does not match the command: {description}");
            let msg = format!(
                "Could not read the options of `/{}` (they may have changed in an update). See `/help command:{}`.",
                ctx.command().qualified_name, ctx.command().name
            );
            let _ = poise::Context::Application(ctx)
                .send(poise::CreateReply::default().content(msg).ephemeral(true))
                .await;
        }
        poise::FrameworkError::SubcommandRequired { ctx, .. } => {
            let msg = format!(
                "`/{}` needs a subcommand. See `/help command:{}`.",
                ctx.command().qualified_name,
                ctx.command().name
            );
            let _ = ctx
                .send(poise::CreateReply::default().content(msg).ephemeral(true))
                .await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!("error while handling an error: {e}");
            }
        }
    }
}
