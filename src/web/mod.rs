//! The game pages (`sherpa web`, and `sherpa run` with `[web] listen`): one page per game
//! with its whole history, served by axum on the bot's tokio runtime.
//!
//! Routes (GET or HEAD only; nothing writes):
//! - `/game/{id}?as=…&until=…&sig=…[&turn=N]`: the page (`html.rs`), for the viewer the
//!   signed link names (`chat::weblink`); `turn=N` shows the board after turn N (0: the
//!   start).
//! - `/game/{id}/board.png?as=…&until=…&sig=…[&turn=N]`: a picture the page links: the
//!   public board after turn N, or without `turn` the board now as the viewer sees it.
//! - `/health`: 200 while the database answers.
//!
//! Invariants:
//! - The link is checked (signature, then expiry) before anything is read; a forged,
//!   altered or expired link, or an unknown game or path, gets a short page naming no game
//!   or player (403 or 404).
//! - Pages are built by `chat::webpage` from the per-viewer views (invariant 5).
//! - Bounded: at most [`MAX_CONNECTIONS`] connections at once (others wait in the listen
//!   queue), each closed after [`CONNECTION_LIFETIME`]; each request answered within
//!   [`REQUEST_TIMEOUT`] or 503; request heads are bounded by hyper (no body is read).
//! - Replayed histories and turn pictures are cached, each cache bounded
//!   ([`HISTORY_CACHE`], [`PICTURE_CACHE`]); a picture's key is (game, version, turn,
//!   viewer).

mod cache;
mod html;
mod listener;
pub mod probe;
#[cfg(test)]
mod tests;

use crate::chat::weblink::{LinkParts, WebLinks};
use crate::chat::webpage::{web_viewer, History};
use crate::chat::Chat;
use crate::engine::Viewer;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use cache::Bounded;
use serde::Deserialize;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Connections served at once.
pub const MAX_CONNECTIONS: usize = 64;
/// How long one connection may stay open (slow clients included).
pub const CONNECTION_LIFETIME: Duration = Duration::from_secs(60);
/// How long one request may take.
pub const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);
/// Replayed histories kept (each holds a game's positions after every turn).
pub const HISTORY_CACHE: usize = 32;
/// Turn pictures kept (PNG bytes).
pub const PICTURE_CACHE: usize = 512;

/// The server's state: the chat it reads through, the link signer and the caches.
pub struct Web {
    chat: Arc<Chat>,
    links: WebLinks,
    histories: Mutex<Bounded<(i64, i64), Arc<History>>>,
    pictures: Mutex<Bounded<PictureKey, Arc<Vec<u8>>>>,
}

/// A cached picture: game, version, turn (`None`: now) and viewer.
type PictureKey = (i64, i64, Option<usize>, Viewer);

/// A link's query.
#[derive(Deserialize)]
struct LinkQuery {
    #[serde(rename = "as")]
    viewer: String,
    until: i64,
    sig: String,
    turn: Option<usize>,
}

/// Why a request is refused: the status and a short page that names nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Forged, altered or malformed link.
    Forbidden,
    /// Expired link.
    Expired,
    /// No such page (or game, or turn).
    NotFound,
    /// The database or a replay failed.
    Unavailable,
}

impl IntoResponse for Refusal {
    fn into_response(self) -> Response {
        let (code, words) = match self {
            Refusal::Forbidden => (
                StatusCode::FORBIDDEN,
                "This link is not valid. Ask for a new one with `game web`.",
            ),
            Refusal::Expired => (
                StatusCode::FORBIDDEN,
                "This link has expired. Ask for a new one with `game web`.",
            ),
            Refusal::NotFound => (StatusCode::NOT_FOUND, "There is no such page."),
            Refusal::Unavailable => (
                StatusCode::SERVICE_UNAVAILABLE,
                "The page cannot be made just now; try again in a moment.",
            ),
        };
        (code, html::refusal(words)).into_response()
    }
}

impl Web {
    pub fn new(chat: Arc<Chat>, links: WebLinks) -> Arc<Web> {
        Arc::new(Web {
            chat,
            links,
            histories: Mutex::new(Bounded::new(HISTORY_CACHE)),
            pictures: Mutex::new(Bounded::new(PICTURE_CACHE)),
        })
    }

    /// The router of every route, with the request time limit.
    pub fn router(self: &Arc<Web>) -> Router {
        Router::new()
            .route("/health", get(health))
            .route("/game/{id}", get(page))
            .route("/game/{id}/board.png", get(picture))
            .fallback(|| async { Refusal::NotFound })
            .layer(axum::middleware::from_fn(time_limit))
            .with_state(self.clone())
    }

    /// Check a link before anything is read.
    fn check(&self, id: &str, q: &LinkQuery) -> Result<LinkParts, Refusal> {
        let game: i64 = id.parse().map_err(|_| Refusal::NotFound)?;
        let parts = LinkParts {
            game,
            viewer: q.viewer.clone(),
            until: q.until,
        };
        self.links
            .check(&parts, &q.sig, self.chat.now())
            .map_err(|e| match e {
                crate::chat::weblink::LinkRefused::BadSignature => Refusal::Forbidden,
                crate::chat::weblink::LinkRefused::Expired => Refusal::Expired,
            })?;
        Ok(parts)
    }

    /// The game's history at its version now: from the cache, else replayed.
    fn history(&self, game: i64) -> Result<Arc<History>, Refusal> {
        let (version, _) = self.chat.web_version(game).map_err(not_found)?;
        if let Some(h) = lock(&self.histories).get(&(game, version)) {
            return Ok(h);
        }
        let h = Arc::new(self.chat.web_history(game).map_err(not_found)?);
        lock(&self.histories).put((game, h.row.version), h.clone());
        Ok(h)
    }

    /// A page's HTML (blocking: reads the store and may replay).
    fn page_html(&self, id: &str, q: &LinkQuery) -> Result<String, Refusal> {
        let parts = self.check(id, q)?;
        let h = self.history(parts.game)?;
        if q.turn.is_some_and(|t| t >= h.positions()) {
            return Err(Refusal::NotFound);
        }
        let page = self.chat.web_page(&h, &parts.viewer);
        let query = self.links.query(&parts);
        Ok(html::page(&page, &query, q.turn, self.chat.now()))
    }

    /// A picture's PNG (blocking: may render).
    fn picture_png(&self, id: &str, q: &LinkQuery) -> Result<Arc<Vec<u8>>, Refusal> {
        let parts = self.check(id, q)?;
        let h = self.history(parts.game)?;
        // Past positions are public: one cached picture serves every viewer.
        let viewer = match q.turn {
            Some(_) => Viewer::Spectator,
            None => web_viewer(&h.seats, &parts.viewer),
        };
        let key = (parts.game, h.row.version, q.turn, viewer);
        if let Some(png) = lock(&self.pictures).get(&key) {
            return Ok(png);
        }
        let png = Arc::new(h.picture(q.turn, viewer).ok_or(Refusal::NotFound)?);
        lock(&self.pictures).put(key, png.clone());
        Ok(png)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

fn not_found(e: crate::chat::CoreError) -> Refusal {
    match e {
        crate::chat::CoreError::Store(crate::store::StoreError::NotFound) => Refusal::NotFound,
        crate::chat::CoreError::Store(_) => Refusal::Unavailable,
        crate::chat::CoreError::Replay(_) => Refusal::Unavailable,
        _ => Refusal::NotFound,
    }
}

/// Answer within [`REQUEST_TIMEOUT`], else 503.
async fn time_limit(req: axum::extract::Request, next: axum::middleware::Next) -> Response {
    match tokio::time::timeout(REQUEST_TIMEOUT, next.run(req)).await {
        Ok(r) => r,
        Err(_) => Refusal::Unavailable.into_response(),
    }
}

/// Run blocking work (the store, replays, rendering) off the runtime's threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, Refusal> + Send + 'static,
) -> Result<T, Refusal> {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or(Err(Refusal::Unavailable))
}

async fn health(State(web): State<Arc<Web>>) -> Response {
    let up = blocking(move || {
        web.chat.web_version(0).map(|_| ()).or_else(|e| match e {
            crate::chat::CoreError::Store(crate::store::StoreError::NotFound) => Ok(()),
            _ => Err(Refusal::Unavailable),
        })
    })
    .await;
    match up {
        Ok(()) => (StatusCode::OK, "ok\n").into_response(),
        Err(r) => r.into_response(),
    }
}

async fn page(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
    q: Result<Query<LinkQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, Refusal> {
    let Query(q) = q.map_err(|_| Refusal::Forbidden)?;
    let body = blocking(move || web.page_html(&id, &q)).await?;
    let mut r = axum::response::Html(body).into_response();
    private_headers(&mut r);
    Ok(r)
}

async fn picture(
    State(web): State<Arc<Web>>,
    Path(id): Path<String>,
    q: Result<Query<LinkQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Response, Refusal> {
    let Query(q) = q.map_err(|_| Refusal::Forbidden)?;
    let png = blocking(move || web.picture_png(&id, &q)).await?;
    let mut r = (
        [(header::CONTENT_TYPE, HeaderValue::from_static("image/png"))],
        png.as_ref().clone(),
    )
        .into_response();
    private_headers(&mut r);
    Ok(r)
}

/// A page is one viewer's: never stored by shared caches, never sent as a referrer.
fn private_headers(r: &mut Response) {
    let h = r.headers_mut();
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-store"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        "x-content-type-options",
        HeaderValue::from_static("nosniff"),
    );
}

/// Serve the pages on `listener` until `shutdown` resolves.
pub async fn serve(
    web: Arc<Web>,
    listener: tokio::net::TcpListener,
    shutdown: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let listener = listener::Limited::new(listener, MAX_CONNECTIONS, CONNECTION_LIFETIME);
    axum::serve(listener, web.router())
        .with_graceful_shutdown(shutdown)
        .await
}

/// The link signer of a config's `[web]`.
pub fn links_of(w: &crate::config::WebConfig) -> WebLinks {
    WebLinks::new(w.secret.as_bytes(), &w.public_url, w.link_secs)
}

/// With `[web] listen` (and the rest of `[web]`), the bound listener of the pages and
/// their link signer: a taken port stops the start-up.
pub async fn bind_configured(
    config: &crate::config::Config,
) -> anyhow::Result<Option<(tokio::net::TcpListener, WebLinks)>> {
    let Some((addr, w)) = config.web.as_ref().and_then(|w| Some((w.listen?, w))) else {
        return Ok(None);
    };
    let l = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("serving the game pages on {addr}: {e}"))?;
    tracing::info!("serving the game pages on {addr}");
    Ok(Some((l, links_of(w))))
}

/// The link signer of a database without a configured secret (the terminal's): its secret
/// kept in the database, made from the system's randomness on first use, or made anew
/// with `rotate` (which revokes every link signed before).
pub fn stored_links(chat: &Chat, public_url: &str, rotate: bool) -> anyhow::Result<WebLinks> {
    let mut inner = chat.lock();
    let secret = match inner.store.web_secret()? {
        Some(s) if !rotate => s,
        _ => {
            let mut bytes = [0u8; 32];
            std::fs::File::open("/dev/urandom")
                .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut bytes))
                .map_err(|e| anyhow::anyhow!("reading /dev/urandom for the web secret: {e}"))?;
            let s: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            let now = chat.now();
            inner.store.set_web_secret(&s, now)?;
            s
        }
    };
    Ok(WebLinks::new(
        secret.as_bytes(),
        public_url,
        crate::chat::weblink::DEFAULT_TTL_SECS,
    ))
}

/// Serve until the task is stopped, logging a failure.
pub async fn serve_logged(web: Arc<Web>, listener: tokio::net::TcpListener) {
    if let Err(e) = serve(web, listener, std::future::pending()).await {
        tracing::error!("the game pages stopped: {e}");
    }
}

/// `sherpa web`'s options.
#[derive(clap::Args, Debug)]
pub struct WebOptions {
    /// The database whose games are served (a SQLite file or a `postgres://` URL), with
    /// the link secret kept in it (the terminal's: `sherpa local --web-url`).
    #[arg(long, conflicts_with = "config", required_unless_present = "config")]
    pub db: Option<String>,
    /// The bot's configuration instead: its database and `[web]` (secret, address).
    #[arg(long)]
    pub config: Option<std::path::PathBuf>,
    /// Where to listen, e.g. `127.0.0.1:8080` (port 0: any free port, printed).
    /// Default: the config's `[web] listen`.
    #[arg(long, value_name = "ADDR")]
    pub listen: Option<std::net::SocketAddr>,
    /// The address players reach the pages at (with `--db`; default `http://ADDR`).
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// With `--db`: make a new link secret first, revoking every link given so far.
    #[arg(long)]
    pub rotate_secret: bool,
}

/// `sherpa web`: serve a database's game pages until Ctrl-C or SIGTERM. Prints
/// `listening on ADDR` once the port is bound.
pub fn run(opts: WebOptions) -> anyhow::Result<()> {
    let (chat, links, addr) = match (&opts.db, &opts.config) {
        (Some(db), _) => {
            let loc = crate::store::DbLocation::parse(db)?;
            let chat = Chat::open(&loc)?;
            let addr = opts
                .listen
                .ok_or_else(|| anyhow::anyhow!("--db needs --listen ADDR, e.g. 127.0.0.1:8080"))?;
            let url = opts
                .public_url
                .clone()
                .unwrap_or_else(|| format!("http://{addr}"));
            let links = stored_links(&chat, &url, opts.rotate_secret)?;
            (chat, links, addr)
        }
        (None, Some(path)) => {
            let cfg = crate::config::Config::load(path)?;
            let w = cfg.web.as_ref().ok_or_else(|| {
                anyhow::anyhow!(
                    "{}: no `[web]` table (public_url, secret, listen)",
                    path.display()
                )
            })?;
            let addr = opts.listen.or(w.listen).ok_or_else(|| {
                anyhow::anyhow!(
                    "give --listen ADDR or set `[web] listen` in {}",
                    path.display()
                )
            })?;
            (Chat::open(&cfg.database)?, links_of(w), addr)
        }
        (None, None) => anyhow::bail!("give --db FILE or --config FILE"),
    };
    let mut chat = chat;
    chat.set_web_links(links.clone());
    let rt = tokio::runtime::Runtime::new()?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|e| anyhow::anyhow!("listening on {addr}: {e}"))?;
        println!("listening on {}", listener.local_addr()?);
        let web = Web::new(Arc::new(chat), links);
        serve(web, listener, stop_signal()).await?;
        anyhow::Ok(())
    })
}

/// Ctrl-C or SIGTERM.
async fn stop_signal() {
    let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
        Ok(t) => t,
        Err(_) => return std::future::pending().await,
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = term.recv() => {}
    }
}
