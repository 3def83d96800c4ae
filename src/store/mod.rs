//! Persistence: the only module that touches a database crate (rusqlite for the embedded
//! SQLite default, postgres for the shared PostgreSQL of a fleet; see [`db`]).
//!
//! Invariants:
//! - Migrations are the numbered files in `migrations/`, embedded below in order, applied
//!   at open in one transaction. SQLite tracks the applied count in `PRAGMA user_version`,
//!   PostgreSQL in the table `sherpa_schema` (under an advisory lock, so two processes
//!   starting at once migrate once). A file in `migrations/postgres/` replaces its
//!   namesake on PostgreSQL only where the SQL differs. A database whose version is newer
//!   than this binary's is refused. Shipped migrations are never edited.
//! - The `actions` table is the source of truth and is append-only. `snapshots` is a cache
//!   that replay can rebuild.
//! - Every change to a game is one transaction that checks and bumps `games.version`; a
//!   caller holding a stale version gets [`StoreError::Stale`] and nothing is written.
//!   This holds across processes on one database (the version check is a conditional
//!   `UPDATE` on the game's row, which PostgreSQL serialises on the row lock).
//! - A request id is recorded in the change's transaction: a repeat, from any process,
//!   gets [`StoreError::Duplicate`].
//! - SQLite: WAL mode with `synchronous=FULL`: a change acknowledged by `commit` survives
//!   a crash, a power cut included. A step's commit ([`Store::commit_sync_later`]) writes
//!   the log without the fsync and hands back a [`Pending`] that does it; the chat waits
//!   on it after releasing its lock and before it answers, so an answered step is as
//!   durable as with `FULL`. PostgreSQL: a committed transaction is durable by the
//!   server's settings.

pub use db::Pending;
use db::{vals, Db, Dialect, Exec, Row};
use rusqlite::Connection;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

pub mod copy;
pub mod db;
pub mod digests;
pub mod listing;
pub mod outbox;
pub mod pg_cluster;
pub mod pg_connect;
pub mod rematch;
pub mod reminders;
pub mod results;
pub mod retention;
pub mod stats;
pub use copy::CopyReport;
pub use digests::{DigestKey, DigestPref, DueDigest};
pub use listing::ListedGame;
pub use outbox::{OutboxEntry, PendingReply, StoredAnswer};
pub use reminders::{on_turn_change, DueKind, DueReminder, ReminderKey, CLAIM_LEASE_SECS};
pub use results::{NewResult, ResultRow};
pub use retention::{Pruned, Retention};
pub use stats::OutboxBacklog;

/// One numbered migration: its SQL for SQLite, and for PostgreSQL where that differs.
#[derive(Clone, Copy, Debug)]
pub struct Migration {
    pub name: &'static str,
    /// The portable SQL (both backends unless `postgres` is set).
    pub sql: &'static str,
    /// The file of the same name in `migrations/postgres/`, if the SQL differs there.
    pub postgres: Option<&'static str>,
}

impl Migration {
    /// The SQL to run on `dialect`.
    pub fn sql_for(&self, dialect: Dialect) -> &'static str {
        match (dialect, self.postgres) {
            (Dialect::Postgres, Some(pg)) => pg,
            _ => self.sql,
        }
    }
}

/// The migrations, in order. Append only.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        name: "0001_initial",
        sql: include_str!("../../migrations/0001_initial.sql"),
        postgres: Some(include_str!("../../migrations/postgres/0001_initial.sql")),
    },
    Migration {
        name: "0002_reminders",
        sql: include_str!("../../migrations/0002_reminders.sql"),
        postgres: Some(include_str!("../../migrations/postgres/0002_reminders.sql")),
    },
    Migration {
        name: "0003_outbox",
        sql: include_str!("../../migrations/0003_outbox.sql"),
        postgres: Some(include_str!("../../migrations/postgres/0003_outbox.sql")),
    },
    Migration {
        name: "0004_checkpoints",
        sql: include_str!("../../migrations/0004_checkpoints.sql"),
        postgres: Some(include_str!(
            "../../migrations/postgres/0004_checkpoints.sql"
        )),
    },
    Migration {
        name: "0005_reminder_claims",
        sql: include_str!("../../migrations/0005_reminder_claims.sql"),
        postgres: None,
    },
    Migration {
        name: "0006_rematches",
        sql: include_str!("../../migrations/0006_rematches.sql"),
        postgres: Some(include_str!("../../migrations/postgres/0006_rematches.sql")),
    },
    Migration {
        name: "0007_results",
        sql: include_str!("../../migrations/0007_results.sql"),
        postgres: Some(include_str!("../../migrations/postgres/0007_results.sql")),
    },
    Migration {
        name: "0008_digests",
        sql: include_str!("../../migrations/0008_digests.sql"),
        postgres: None,
    },
    Migration {
        name: "0009_reminder_due",
        sql: include_str!("../../migrations/0009_reminder_due.sql"),
        postgres: None,
    },
    Migration {
        name: "0010_request_answers",
        sql: include_str!("../../migrations/0010_request_answers.sql"),
        postgres: None,
    },
];

/// Key of the PostgreSQL advisory lock held while migrating ("sherpa" in ASCII).
const PG_MIGRATION_LOCK: i64 = 0x7368_6572_7061;

/// Where the database is: a SQLite file (the default) or a PostgreSQL server.
#[derive(Clone, PartialEq, Eq)]
pub enum DbLocation {
    Sqlite(PathBuf),
    /// A `postgres://` (or `postgresql://`) URL.
    Postgres(String),
}

impl DbLocation {
    /// `postgres://…` or `postgresql://…` is PostgreSQL; `sqlite:FILE` or a text without
    /// `scheme://` is a SQLite file path. Any other `scheme://` (`mysql://`, a misspelt
    /// `postgress://`) is refused, naming the accepted forms, rather than taken for a file
    /// name.
    pub fn parse(s: &str) -> Result<DbLocation> {
        let t = s.trim();
        if t.starts_with("postgres://") || t.starts_with("postgresql://") {
            Ok(DbLocation::Postgres(t.to_string()))
        } else if let Some(path) = t.strip_prefix("sqlite:") {
            Ok(DbLocation::Sqlite(PathBuf::from(path)))
        } else if let Some(scheme) = url_scheme(t) {
            Err(StoreError::BadLocation(format!(
                "unknown database URL scheme `{scheme}://`: accepted are `postgres://` (or `postgresql://`) for PostgreSQL and `sqlite:FILE` (or a file path) for SQLite"
            )))
        } else {
            Ok(DbLocation::Sqlite(PathBuf::from(s)))
        }
    }

    /// True for PostgreSQL.
    pub fn is_postgres(&self) -> bool {
        matches!(self, DbLocation::Postgres(_))
    }
}

impl fmt::Display for DbLocation {
    /// The location for messages and logs, with any password in a URL hidden.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DbLocation::Sqlite(p) => write!(f, "{}", p.display()),
            DbLocation::Postgres(url) => f.write_str(&hide_password(url)),
        }
    }
}

impl fmt::Debug for DbLocation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The scheme of `scheme://…` (letters, digits, `+`, `-`, `.`, starting with a letter).
fn url_scheme(s: &str) -> Option<&str> {
    let (scheme, _) = s.split_once("://")?;
    let mut chars = scheme.chars();
    let first = chars.next()?;
    (first.is_ascii_alphabetic()
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.')))
    .then_some(scheme)
}

/// `postgres://user:secret@host/db` as `postgres://user:***@host/db`.
fn hide_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let (auth, host) = match rest.rsplit_once('@') {
        Some(x) => x,
        None => return url.to_string(),
    };
    match auth.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

/// A store error. `Display` says what happened in words a player can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// The database was written by a newer Sherpa.
    TooNew {
        found: i64,
        supported: i64,
        dialect: Dialect,
    },
    /// Someone else changed the game first.
    Stale {
        expected: i64,
    },
    /// This chat request was already handled.
    Duplicate,
    /// A uniqueness rule was hit (e.g. a game already runs in this channel).
    Conflict(String),
    NotFound,
    /// A database failure, with its cause (for the log; players get
    /// [`StoreError::player_text`]).
    Sql(String),
    /// The database cannot be reached now (down, restarting, unreachable): its cause. The
    /// connection is tried again on the next use.
    Unavailable(String),
    /// The database location (URL, scheme, TLS parameters) is not valid: why.
    BadLocation(String),
}

impl StoreError {
    /// The message for a player: the same as `Display`, except that a database failure's
    /// internals stay in the log.
    pub fn player_text(&self) -> String {
        match self {
            StoreError::Unavailable(_) => {
                "the game store is unavailable, try again in a minute".into()
            }
            StoreError::Sql(_) | StoreError::BadLocation(_) => "the game store failed on that command (the bot's log says why); try again, and if it keeps failing, tell the server admins".into(),
            other => other.to_string(),
        }
    }

    /// Is this a failure of the database itself (to be logged with its cause), rather than
    /// an answer about the game?
    pub fn is_failure(&self) -> bool {
        matches!(
            self,
            StoreError::Sql(_) | StoreError::Unavailable(_) | StoreError::BadLocation(_)
        )
    }
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::TooNew {
                found,
                supported,
                dialect,
            } => write!(
                f,
                "the database is at schema version {found}, newer than this Sherpa supports ({supported}); upgrade Sherpa or use another {}",
                match dialect {
                    Dialect::Sqlite => "database file",
                    Dialect::Postgres => "PostgreSQL database",
                }
            ),
            StoreError::Stale { .. } => write!(f, "the game moved on while your command was being handled; look at the board and try again"),
            StoreError::Duplicate => write!(f, "this request was already handled"),
            StoreError::Conflict(s) => f.write_str(s),
            StoreError::NotFound => write!(f, "no such game"),
            StoreError::Sql(s) => write!(f, "database error: {s}"),
            StoreError::Unavailable(s) => write!(f, "the database cannot be reached: {s}"),
            StoreError::BadLocation(s) => f.write_str(s),
        }
    }
}
impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        if let rusqlite::Error::SqliteFailure(code, _) = &e {
            if code.code == rusqlite::ErrorCode::DiskFull {
                return StoreError::Sql(format!(
                    "the disk is full, or the file may not grow any more ({e})"
                ));
            }
        }
        if let rusqlite::Error::SqliteFailure(code, ref msg) = e {
            if code.code == rusqlite::ErrorCode::ConstraintViolation {
                return StoreError::Conflict(
                    msg.clone().unwrap_or_else(|| "constraint violated".into()),
                );
            }
        }
        StoreError::Sql(e.to_string())
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// Lifecycle of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameStatus {
    Lobby,
    Running,
    Finished,
    Aborted,
}
impl GameStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Lobby => "lobby",
            GameStatus::Running => "running",
            GameStatus::Finished => "finished",
            GameStatus::Aborted => "aborted",
        }
    }
    fn parse(s: &str) -> Result<Self> {
        Ok(match s {
            "lobby" => GameStatus::Lobby,
            "running" => GameStatus::Running,
            "finished" => GameStatus::Finished,
            "aborted" => GameStatus::Aborted,
            other => return Err(StoreError::Sql(format!("unknown game status `{other}`"))),
        })
    }
}

/// A row of `games`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    pub id: i64,
    pub platform: String,
    pub guild: Option<String>,
    pub channel: String,
    pub kind: String,
    pub options: BTreeMap<String, String>,
    pub seed: u64,
    pub status: GameStatus,
    pub broken: Option<String>,
    pub version: i64,
    pub creator: String,
    pub created_at: i64,
    pub updated_at: i64,
}

/// A row of `seats`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatRow {
    pub seat: usize,
    pub user_id: String,
    pub name: String,
    pub resigned: bool,
}

/// Kind of a logged action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ActionKind {
    /// A step in the game's notation, by `seat`.
    Step,
    /// Takes back the last effective step (agreed by the players concerned).
    Undo,
}

/// A row of the action log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionRow {
    pub seq: i64,
    pub seat: usize,
    pub kind: ActionKind,
    pub step: String,
    pub secret: bool,
    /// The step revealed information or drew randomness: its player cannot undo it alone.
    pub barrier: bool,
    pub turn_end: bool,
    pub at: i64,
}

/// An action to append.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewAction {
    pub seat: usize,
    pub kind: ActionKind,
    pub step: String,
    pub secret: bool,
    pub barrier: bool,
    pub turn_end: bool,
}

/// What a committed change does besides bumping the version.
#[derive(Clone, Debug, Default)]
pub struct Change<'a> {
    pub actions: Vec<NewAction>,
    /// New snapshot of the state after the change.
    pub snapshot: Option<Vec<u8>>,
    pub status: Option<GameStatus>,
    /// Chat request to record (platform, id); a repeat makes the change fail with Duplicate.
    pub request: Option<(&'a str, &'a str)>,
    /// Seats to mark resigned.
    pub resign: Vec<usize>,
    /// Set when the acting seats changed: resets the waiting clock and reminder counts.
    pub turn_changed: bool,
    /// Motions whose votes are cleared.
    pub clear_votes: Vec<String>,
    /// Replies of the change, written to the outbox in the same transaction (undelivered).
    pub outbox: Vec<OutboxEntry>,
    /// Who the game waits for after the change (user ids), when that changed: the reminder
    /// schedule is rewritten in the same transaction (see
    /// [`reminders::on_turn_change_conn`]); `None` leaves it as it is.
    pub waiting: Option<Vec<String>>,
    /// The users whose step made the change: with `waiting`, those still acting wait
    /// afresh from the change on instead of keeping their wait start (a player whose step
    /// closed a simultaneous round starts the next one's clock like everyone else).
    pub acted: Vec<String>,
    /// The players' results, written when this change finishes the game (see
    /// [`results`]); empty otherwise.
    pub results: Vec<NewResult>,
}

/// What [`Store::commit_full`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Committed {
    /// The game's new version.
    pub version: i64,
    /// The outbox row ids of `Change::outbox`, in order.
    pub outbox: Vec<i64>,
}

/// A step's commit also stores a checkpoint (see `checkpoints` in migration 0004) when its
/// action rows cross a multiple of this many rows.
pub const CHECKPOINT_EVERY: i64 = 100;

/// A running game as the start-up check sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunningSummary {
    pub id: i64,
    pub kind: String,
    pub version: i64,
    /// The version of its stored snapshot, if it has one.
    pub snapshot_version: Option<i64>,
}

/// A bare database for the bench's commit floor: a fresh file with the same pragmas as
/// [`Store::open`] and one table of blobs, committed the way the chat commits a step.
pub struct FloorDb {
    db: Db,
}

impl FloorDb {
    /// Create the file at `path` (replacing any old one).
    pub fn open(path: &Path) -> Result<FloorDb> {
        let _ = std::fs::remove_file(path);
        let conn = Connection::open(path)?;
        durability_pragmas(&conn)?;
        conn.execute_batch("CREATE TABLE floor (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")?;
        Ok(FloorDb {
            db: Db::open_sqlite(conn)?,
        })
    }

    /// One transaction inserting one row holding `body`, durable when this returns (the
    /// log written by [`Db::tx_sync_later`], then synced, as a step's commit).
    pub fn commit(&mut self, body: &[u8]) -> Result<()> {
        let ((), pending) = self.db.tx_sync_later(|tx| {
            tx.exec("INSERT INTO floor (body) VALUES (?1)", vals![body])?;
            Ok(())
        })?;
        pending.wait()
    }
}

/// The busy timeout, WAL and full fsync on commit (WAL is ignored by in-memory databases):
/// the store's connection and the bench's commit floor both get exactly these.
fn durability_pragmas(conn: &Connection) -> Result<()> {
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    Ok(())
}

/// The persistent store: one connection to SQLite or PostgreSQL. Every method runs on the
/// caller's thread and blocks; from async code call it inside `spawn_blocking` (the
/// PostgreSQL client runs its own small runtime and must not be driven from an async task).
pub struct Store {
    pub(crate) db: Db,
    /// Names this store in reminder claims (unique per open store).
    holder: String,
}

/// The unique name of one open store, for reminder claims: process id, time and a counter.
fn new_holder() -> String {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!(
        "{}-{nanos:x}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    )
}

/// `e` saying that the disk is full when the operating system said so to SQLite (ENOSPC,
/// or EFBIG: the file may not grow), which SQLite itself may report as a mere "disk I/O
/// error".
fn disk_full_said(conn: &Connection, e: StoreError) -> StoreError {
    // SAFETY: the handle is the open connection's; sqlite3_system_errno only reads it.
    let errno = unsafe { rusqlite::ffi::sqlite3_system_errno(conn.handle()) };
    match e {
        StoreError::Sql(s) if errno == libc::ENOSPC || errno == libc::EFBIG => {
            StoreError::Sql(format!(
                "the disk is full, or the file may not grow any more ({s}: {})",
                std::io::Error::from_raw_os_error(errno)
            ))
        }
        other => other,
    }
}

/// A unique-index violation on `games` means a game is already open in the channel.
fn channel_conflict(e: StoreError) -> StoreError {
    match e {
        StoreError::Conflict(_) => {
            StoreError::Conflict("a game is already open in this channel".into())
        }
        other => other,
    }
}

impl Store {
    /// Open (creating if needed) a SQLite database file and bring its schema up to date.
    /// A file this call created is removed again (with its `-wal`/`-shm` companions) when
    /// the set-up fails, e.g. on a full disk: no half-made database is left behind.
    pub fn open(path: &Path) -> Result<Store> {
        let created = !path.exists();
        let opened = Connection::open(path)
            .map_err(StoreError::from)
            .and_then(Self::init_sqlite);
        if opened.is_err() && created {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                let mut p = path.as_os_str().to_owned();
                p.push(suffix);
                let _ = std::fs::remove_file(p);
            }
        }
        opened
    }

    /// An in-memory SQLite database (tests, benchmarks).
    pub fn open_in_memory() -> Result<Store> {
        Self::init_sqlite(Connection::open_in_memory()?)
    }

    /// Connect to PostgreSQL at `url` (`postgres://user[:password]@host[:port]/database`,
    /// TLS as its `sslmode` asks, see [`pg_connect`]) and bring its schema up to date.
    pub fn connect_postgres(url: &str) -> Result<Store> {
        let mut store = Store {
            db: Db::connect_postgres(url)?,
            holder: new_holder(),
        };
        store.migrate()?;
        Ok(store)
    }

    /// Open the database at `loc`, either backend.
    pub fn open_location(loc: &DbLocation) -> Result<Store> {
        match loc {
            DbLocation::Sqlite(p) => Self::open(p),
            DbLocation::Postgres(url) => Self::connect_postgres(url),
        }
    }

    fn init_sqlite(conn: Connection) -> Result<Store> {
        let pragmas = durability_pragmas(&conn)
            .and_then(|()| Ok(conn.pragma_update(None, "foreign_keys", "ON")?));
        if let Err(e) = pragmas {
            return Err(disk_full_said(&conn, e));
        }
        let mut store = Store {
            db: Db::open_sqlite(conn)?,
            holder: new_holder(),
        };
        if let Err(e) = store.migrate() {
            return Err(match store.db.sqlite() {
                Some(conn) => disk_full_said(conn, e),
                None => e,
            });
        }
        Ok(store)
    }

    /// How many times a [`Pending`] of this store forced its log to the disk (SQLite
    /// files; 0 elsewhere).
    pub fn log_syncs(&self) -> u64 {
        self.db.log_syncs()
    }

    /// Which backend this store runs on.
    pub fn dialect(&self) -> Dialect {
        self.db.dialect()
    }

    /// The floor a step's commit is measured against (`sherpa bench`): `samples`
    /// transactions that each insert one row of `bytes` bytes into a fresh [`FloorDb`] at
    /// `path`. Returns each commit's time; the files are removed afterwards.
    pub fn commit_floor(
        path: &Path,
        bytes: usize,
        samples: usize,
    ) -> Result<Vec<std::time::Duration>> {
        let mut db = FloorDb::open(path)?;
        let body = vec![0x5au8; bytes];
        let mut out = Vec::with_capacity(samples);
        for _ in 0..samples {
            let t = std::time::Instant::now();
            db.commit(&body)?;
            out.push(t.elapsed());
        }
        drop(db);
        for suffix in ["", "-wal", "-shm"] {
            let mut p = path.as_os_str().to_owned();
            p.push(suffix);
            let _ = std::fs::remove_file(p);
        }
        Ok(out)
    }

    /// [`Store::commit_floor`] on PostgreSQL at `url`: `samples` transactions that each
    /// insert one row of `bytes` bytes into a scratch table (dropped afterwards).
    pub fn postgres_commit_floor(
        url: &str,
        bytes: usize,
        samples: usize,
    ) -> Result<Vec<std::time::Duration>> {
        let db = Db::connect_postgres(url)?;
        db.with(|ex| {
            ex.batch(
                "DROP TABLE IF EXISTS sherpa_bench_floor;
                 CREATE TABLE sherpa_bench_floor (id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY, body BYTEA NOT NULL)",
            )
        })?;
        let body = vec![0x5au8; bytes];
        let mut out = Vec::with_capacity(samples);
        for _ in 0..samples {
            let t = std::time::Instant::now();
            db.tx(|tx| {
                tx.exec(
                    "INSERT INTO sherpa_bench_floor (body) VALUES (?1)",
                    vals![&body],
                )
            })?;
            out.push(t.elapsed());
        }
        db.with(|ex| ex.batch("DROP TABLE sherpa_bench_floor"))?;
        Ok(out)
    }

    /// The schema version this binary writes.
    pub fn supported_version() -> i64 {
        MIGRATIONS.len() as i64
    }

    fn read_version(ex: &mut dyn Exec) -> Result<i64> {
        match ex.dialect() {
            Dialect::Sqlite => ex.query_one("PRAGMA user_version", &[])?.i64(0),
            Dialect::Postgres => match ex.query_opt("SELECT version FROM sherpa_schema", &[])? {
                Some(r) => r.i64(0),
                None => Ok(0),
            },
        }
    }

    fn migrate(&mut self) -> Result<()> {
        let supported = Self::supported_version();
        self.db.tx(|tx| {
            let dialect = tx.dialect();
            if dialect == Dialect::Postgres {
                // One process migrates at a time; the others wait and then find it done.
                tx.exec("SELECT pg_advisory_xact_lock(?1)", vals![PG_MIGRATION_LOCK])?;
                // Looked up first: `CREATE TABLE IF NOT EXISTS` would log a notice on every
                // start.
                let exists = tx
                    .query_one("SELECT to_regclass('sherpa_schema') IS NOT NULL", &[])?
                    .bool(0)?;
                if !exists {
                    tx.batch("CREATE TABLE sherpa_schema (version BIGINT NOT NULL)")?;
                }
            }
            let current = Self::read_version(tx)?;
            if current > supported {
                return Err(StoreError::TooNew {
                    found: current,
                    supported,
                    dialect,
                });
            }
            if current == supported {
                return Ok(());
            }
            for m in &MIGRATIONS[current as usize..] {
                tx.batch(m.sql_for(dialect))
                    .map_err(|e| StoreError::Sql(format!("migration {}: {e}", m.name)))?;
            }
            match dialect {
                Dialect::Sqlite => tx.batch(&format!("PRAGMA user_version = {supported}"))?,
                Dialect::Postgres => {
                    tx.exec("DELETE FROM sherpa_schema", &[])?;
                    tx.exec(
                        "INSERT INTO sherpa_schema (version) VALUES (?1)",
                        vals![supported],
                    )?;
                }
            }
            Ok(())
        })
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<i64> {
        self.db.with(Self::read_version)
    }

    fn game_from(r: &Row) -> Result<GameRow> {
        let options = r.text(5)?;
        Ok(GameRow {
            id: r.i64(0)?,
            platform: r.text(1)?,
            guild: r.opt_text(2)?,
            channel: r.text(3)?,
            kind: r.text(4)?,
            options: serde_json::from_str(&options)
                .map_err(|e| StoreError::Sql(format!("bad options JSON: {e}")))?,
            seed: r.i64(6)? as u64,
            status: GameStatus::parse(&r.text(7)?)?,
            broken: r.opt_text(8)?,
            version: r.i64(9)?,
            creator: r.text(10)?,
            created_at: r.i64(11)?,
            updated_at: r.i64(12)?,
        })
    }

    const GAME_COLS: &'static str = "id, platform, guild, channel, kind, options, seed, status, broken, version, creator, created_at, updated_at";

    /// The first game row matching `filter` (SQL after `WHERE`).
    fn query_game(&self, filter: &str, args: &[db::Value]) -> Result<Option<GameRow>> {
        let sql = format!("SELECT {} FROM games WHERE {filter}", Self::GAME_COLS);
        let row = self.db.with(|ex| ex.query_opt(&sql, args))?;
        row.as_ref().map(Self::game_from).transpose()
    }

    /// The game in a lobby or running in this channel, if any.
    pub fn active_game(&self, platform: &str, channel: &str) -> Result<Option<GameRow>> {
        self.query_game(
            "platform = ?1 AND channel = ?2 AND status IN ('lobby','running')",
            vals![platform, channel],
        )
    }

    /// The most recent game in this channel, whatever its status.
    pub fn latest_game(&self, platform: &str, channel: &str) -> Result<Option<GameRow>> {
        self.query_game(
            "platform = ?1 AND channel = ?2 ORDER BY id DESC LIMIT 1",
            vals![platform, channel],
        )
    }

    pub fn game(&self, id: i64) -> Result<GameRow> {
        self.query_game("id = ?1", vals![id])?
            .ok_or(StoreError::NotFound)
    }

    /// Every game row (any status), by id: what `sherpa migrate-db` copies.
    pub fn all_games(&self) -> Result<Vec<GameRow>> {
        let sql = format!("SELECT {} FROM games ORDER BY id", Self::GAME_COLS);
        let rows = self.db.with(|ex| ex.query(&sql, &[]))?;
        rows.iter().map(Self::game_from).collect()
    }

    /// Ids of every running game (for start-up checks and tests).
    pub fn running_games(&self) -> Result<Vec<i64>> {
        let rows = self.db.with(|ex| {
            ex.query(
                "SELECT id FROM games WHERE status = 'running' ORDER BY id",
                &[],
            )
        })?;
        rows.iter().map(|r| r.i64(0)).collect()
    }

    /// The action rows (`seq`) after which game `game_id` has a checkpoint, ascending.
    pub fn checkpoint_seqs(&self, game_id: i64) -> Result<Vec<i64>> {
        let rows = self.db.with(|ex| {
            ex.query(
                "SELECT seq FROM checkpoints WHERE game_id = ?1 ORDER BY seq",
                vals![game_id],
            )
        })?;
        rows.iter().map(|r| r.i64(0)).collect()
    }

    /// The state of game `game_id` after its log up to row `seq`, if checkpointed.
    pub fn checkpoint(&self, game_id: i64, seq: i64) -> Result<Option<Vec<u8>>> {
        let row = self.db.with(|ex| {
            ex.query_opt(
                "SELECT state FROM checkpoints WHERE game_id = ?1 AND seq = ?2",
                vals![game_id, seq],
            )
        })?;
        row.map(|r| r.blob(0)).transpose()
    }

    /// Every running game's id, kind, version and snapshot version, in one query: what the
    /// start-up check reads without loading any game.
    pub fn running_summaries(&self) -> Result<Vec<RunningSummary>> {
        let rows = self.db.with(|ex| {
            ex.query(
                "SELECT g.id, g.kind, g.version, s.version FROM games g \
                 LEFT JOIN snapshots s ON s.game_id = g.id \
                 WHERE g.status = 'running' ORDER BY g.id",
                &[],
            )
        })?;
        rows.iter()
            .map(|r| {
                Ok(RunningSummary {
                    id: r.i64(0)?,
                    kind: r.text(1)?,
                    version: r.i64(2)?,
                    snapshot_version: r.opt_i64(3)?,
                })
            })
            .collect()
    }

    pub fn seats(&self, game_id: i64) -> Result<Vec<SeatRow>> {
        let rows = self.db.with(|ex| {
            ex.query(
                "SELECT seat, user_id, name, resigned FROM seats WHERE game_id = ?1 ORDER BY seat",
                vals![game_id],
            )
        })?;
        rows.iter()
            .map(|r| {
                Ok(SeatRow {
                    seat: r.i64(0)? as usize,
                    user_id: r.text(1)?,
                    name: r.text(2)?,
                    resigned: r.bool(3)?,
                })
            })
            .collect()
    }

    pub fn actions(&self, game_id: i64) -> Result<Vec<ActionRow>> {
        let rows = self.db.with(|ex| {
            ex.query(
                "SELECT seq, seat, kind, step, secret, barrier, turn_end, at FROM actions WHERE game_id = ?1 ORDER BY seq",
                vals![game_id],
            )
        })?;
        rows.iter()
            .map(|r| {
                Ok(ActionRow {
                    seq: r.i64(0)?,
                    seat: r.i64(1)? as usize,
                    kind: if r.text(2)? == "undo" {
                        ActionKind::Undo
                    } else {
                        ActionKind::Step
                    },
                    step: r.text(3)?,
                    secret: r.bool(4)?,
                    barrier: r.bool(5)?,
                    turn_end: r.bool(6)?,
                    at: r.i64(7)?,
                })
            })
            .collect()
    }

    /// The cached snapshot and the version it was taken at.
    pub fn snapshot(&self, game_id: i64) -> Result<Option<(i64, Vec<u8>)>> {
        let row = self.db.with(|ex| {
            ex.query_opt(
                "SELECT version, state FROM snapshots WHERE game_id = ?1",
                vals![game_id],
            )
        })?;
        row.map(|r| Ok((r.i64(0)?, r.blob(1)?))).transpose()
    }

    /// Was this chat request already handled?
    pub fn request_seen(&self, platform: &str, request_id: &str) -> Result<bool> {
        Ok(self
            .db
            .with(|ex| {
                ex.query_opt(
                    "SELECT 1 FROM requests WHERE platform = ?1 AND request_id = ?2",
                    vals![platform, request_id],
                )
            })?
            .is_some())
    }

    fn record_request(tx: &mut dyn Exec, req: Option<(&str, &str)>, now: i64) -> Result<()> {
        if let Some((platform, id)) = req {
            // On PostgreSQL a second process inserting the same key waits for the first
            // one's transaction and then inserts nothing: exactly one of them goes on.
            let n = tx.exec(
                "INSERT INTO requests (platform, request_id, at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (platform, request_id) DO NOTHING",
                vals![platform, id, now],
            )?;
            if n == 0 {
                return Err(StoreError::Duplicate);
            }
        }
        Ok(())
    }

    /// Create a game in the lobby with its creator in seat 0. Fails with `Conflict` if a
    /// game is already active in the channel.
    #[allow(clippy::too_many_arguments)]
    pub fn create_game(
        &mut self,
        platform: &str,
        guild: Option<&str>,
        channel: &str,
        kind: &str,
        options: &BTreeMap<String, String>,
        seed: u64,
        creator: (&str, &str),
        request: Option<(&str, &str)>,
        now: i64,
    ) -> Result<i64> {
        let options = serde_json::to_string(options).map_err(|e| StoreError::Sql(e.to_string()))?;
        self.db.tx(|tx| {
            Self::record_request(tx, request, now)?;
            let id = tx
                .query_one(
                    "INSERT INTO games (platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'lobby', ?7, ?8, ?8) RETURNING id",
                    vals![platform, guild, channel, kind, &options, seed as i64, creator.0, now],
                )
                .map_err(channel_conflict)?
                .i64(0)?;
            tx.exec(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?1, 0, ?2, ?3)",
                vals![id, creator.0, creator.1],
            )?;
            Ok(id)
        })
    }

    fn bump(tx: &mut dyn Exec, game_id: i64, expected: i64, now: i64) -> Result<i64> {
        let n = tx.exec(
            "UPDATE games SET version = version + 1, updated_at = ?3 WHERE id = ?1 AND version = ?2",
            vals![game_id, expected, now],
        )?;
        if n == 0 {
            return Err(StoreError::Stale { expected });
        }
        Ok(expected + 1)
    }

    /// Replace the lobby's seats (join/leave). Versioned like every change.
    pub fn set_seats(
        &mut self,
        game_id: i64,
        expected_version: i64,
        seats: &[SeatRow],
        request: Option<(&str, &str)>,
        now: i64,
    ) -> Result<i64> {
        self.db.tx(|tx| {
            Self::record_request(tx, request, now)?;
            let v = Self::bump(tx, game_id, expected_version, now)?;
            tx.exec("DELETE FROM seats WHERE game_id = ?1", vals![game_id])?;
            for s in seats {
                tx.exec(
                    "INSERT INTO seats (game_id, seat, user_id, name, resigned) VALUES (?1, ?2, ?3, ?4, ?5)",
                    vals![game_id, s.seat as i64, &s.user_id, &s.name, s.resigned],
                )?;
            }
            Ok(v)
        })
    }

    /// Commit one change to a game atomically: check and bump the version, append actions,
    /// store the snapshot, set status, resignations, votes, and record the request id.
    /// Returns the new version (see [`Store::commit_full`] for the outbox ids).
    pub fn commit(
        &mut self,
        game_id: i64,
        expected_version: i64,
        change: Change<'_>,
        now: i64,
    ) -> Result<i64> {
        Ok(self
            .commit_full(game_id, expected_version, change, now)?
            .version)
    }

    /// [`Store::commit`], also writing the change's replies to the outbox in the same
    /// transaction: either the change and its undelivered replies are both stored, or
    /// neither is.
    pub fn commit_full(
        &mut self,
        game_id: i64,
        expected_version: i64,
        change: Change<'_>,
        now: i64,
    ) -> Result<Committed> {
        let (committed, pending) =
            self.commit_sync_later(game_id, expected_version, change, now)?;
        pending.wait()?;
        Ok(committed)
    }

    /// [`Store::commit_full`], returning before the change is forced to the disk: the
    /// caller releases its locks, then calls [`Pending::wait`] before it acknowledges the
    /// change (see [`Db::tx_sync_later`]). The chat commits steps this way, so that two
    /// channels' fsyncs do not queue behind its lock.
    pub fn commit_sync_later(
        &mut self,
        game_id: i64,
        expected_version: i64,
        change: Change<'_>,
        now: i64,
    ) -> Result<(Committed, Pending)> {
        self.db.tx_sync_later(|tx| {
            Self::record_request(tx, change.request, now)?;
            // The version check first: on PostgreSQL it takes the game's row lock, so
            // everything below runs for one change of this game at a time.
            let v = Self::bump(tx, game_id, expected_version, now)?;
            let mut last_seq = None;
            if !change.actions.is_empty() {
                let mut seq = tx
                    .query_one(
                        "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?1",
                        vals![game_id],
                    )?
                    .i64(0)?;
                for a in &change.actions {
                    seq += 1;
                    let kind = match a.kind {
                        ActionKind::Step => "step",
                        ActionKind::Undo => "undo",
                    };
                    tx.exec(
                        "INSERT INTO actions (game_id, seq, seat, kind, step, secret, barrier, turn_end, at, request_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                        vals![
                            game_id,
                            seq,
                            a.seat as i64,
                            kind,
                            &a.step,
                            a.secret,
                            a.barrier,
                            a.turn_end,
                            now,
                            change.request.map(|r| r.1)
                        ],
                    )?;
                }
                last_seq = Some(seq);
            }
            if let Some(snap) = &change.snapshot {
                tx.exec(
                    "INSERT INTO snapshots (game_id, version, state) VALUES (?1, ?2, ?3)
                     ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state",
                    vals![game_id, v, snap],
                )?;
                // A checkpoint when this change's rows cross a multiple of CHECKPOINT_EVERY.
                if let Some(last) = last_seq {
                    let before = last - change.actions.len() as i64;
                    if last / CHECKPOINT_EVERY != before / CHECKPOINT_EVERY {
                        tx.exec(
                            "INSERT INTO checkpoints (game_id, seq, state) VALUES (?1, ?2, ?3)
                             ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state",
                            vals![game_id, last, snap],
                        )?;
                    }
                }
            }
            if let Some(status) = change.status {
                tx.exec(
                    "UPDATE games SET status = ?2 WHERE id = ?1",
                    vals![game_id, status.as_str()],
                )?;
                if status != GameStatus::Running {
                    tx.exec(
                        "UPDATE games SET next_reminder_at = NULL WHERE id = ?1",
                        vals![game_id],
                    )?;
                }
            }
            for s in &change.resign {
                tx.exec(
                    "UPDATE seats SET resigned = 1 WHERE game_id = ?1 AND seat = ?2",
                    vals![game_id, *s as i64],
                )?;
            }
            if change.turn_changed {
                tx.exec(
                    "UPDATE games SET turn_started_at = ?2 WHERE id = ?1",
                    vals![game_id, now],
                )?;
                tx.exec(
                    "UPDATE seats SET reminders_sent = 0 WHERE game_id = ?1",
                    vals![game_id],
                )?;
            }
            for m in &change.clear_votes {
                tx.exec(
                    "DELETE FROM votes WHERE game_id = ?1 AND motion = ?2",
                    vals![game_id, m],
                )?;
            }
            if let Some(users) = &change.waiting {
                reminders::on_turn_change_conn(tx, game_id, users, &change.acted, now)?;
            }
            results::insert(tx, game_id, &change.results, now)?;
            let outbox = outbox::insert(
                tx,
                game_id,
                v,
                change.request.map(|r| r.1),
                &change.outbox,
                now,
            )?;
            Ok(Committed { version: v, outbox })
        })
    }

    /// Mark a game as unloadable (or clear the mark with `None`). Not versioned: it records
    /// a fact about this binary, not a game change.
    pub fn set_broken(&mut self, game_id: i64, why: Option<&str>) -> Result<()> {
        self.db.with(|ex| {
            ex.exec(
                "UPDATE games SET broken = ?2 WHERE id = ?1",
                vals![game_id, why],
            )
        })?;
        Ok(())
    }

    /// Replace a cached snapshot (after a rebuild from the log).
    pub fn put_snapshot(&mut self, game_id: i64, version: i64, state: &[u8]) -> Result<()> {
        self.db.with(|ex| {
            ex.exec(
                "INSERT INTO snapshots (game_id, version, state) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state",
                vals![game_id, version, state],
            )
        })?;
        Ok(())
    }

    /// Record a vote; returns every voter on the motion so far.
    pub fn vote(
        &mut self,
        game_id: i64,
        motion: &str,
        voter: &str,
        now: i64,
    ) -> Result<Vec<String>> {
        self.db.with(|ex| {
            ex.exec(
                "INSERT INTO votes (game_id, motion, voter, created_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (game_id, motion, voter) DO NOTHING",
                vals![game_id, motion, voter, now],
            )
        })?;
        self.voters(game_id, motion)
    }

    pub fn voters(&self, game_id: i64, motion: &str) -> Result<Vec<String>> {
        let rows = self.db.with(|ex| {
            ex.query(
                "SELECT voter FROM votes WHERE game_id = ?1 AND motion = ?2 ORDER BY created_at, voter",
                vals![game_id, motion],
            )
        })?;
        rows.iter().map(|r| r.text(0)).collect()
    }

    /// Open motions of a game (e.g. `undo`, `abort`, `kick:2`).
    pub fn motions(&self, game_id: i64) -> Result<Vec<String>> {
        let rows = self.db.with(|ex| {
            ex.query(
                "SELECT DISTINCT motion FROM votes WHERE game_id = ?1 ORDER BY motion",
                vals![game_id],
            )
        })?;
        rows.iter().map(|r| r.text(0)).collect()
    }

    pub fn clear_votes(&mut self, game_id: i64, motion: &str) -> Result<()> {
        self.db.with(|ex| {
            ex.exec(
                "DELETE FROM votes WHERE game_id = ?1 AND motion = ?2",
                vals![game_id, motion],
            )
        })?;
        Ok(())
    }

    /// Insert a whole game from a replay file (status as given), with its log. Used by
    /// import; the caller has checked that the replay rebuilds.
    #[allow(clippy::too_many_arguments)]
    pub fn import_game(
        &mut self,
        platform: &str,
        channel: &str,
        kind: &str,
        options: &BTreeMap<String, String>,
        seed: u64,
        seats: &[SeatRow],
        actions: &[NewAction],
        status: GameStatus,
        snapshot: &[u8],
        now: i64,
    ) -> Result<i64> {
        let options = serde_json::to_string(options).map_err(|e| StoreError::Sql(e.to_string()))?;
        let creator = seats.first().map(|s| s.user_id.clone()).unwrap_or_default();
        self.db.tx(|tx| {
            let id = tx
                .query_one(
                    "INSERT INTO games (platform, channel, kind, options, seed, status, creator, created_at, updated_at, version)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, 1) RETURNING id",
                    vals![platform, channel, kind, &options, seed as i64, status.as_str(), &creator, now],
                )
                .map_err(channel_conflict)?
                .i64(0)?;
            for s in seats {
                tx.exec(
                    "INSERT INTO seats (game_id, seat, user_id, name, resigned) VALUES (?1, ?2, ?3, ?4, ?5)",
                    vals![id, s.seat as i64, &s.user_id, &s.name, s.resigned],
                )?;
            }
            for (i, a) in actions.iter().enumerate() {
                tx.exec(
                    "INSERT INTO actions (game_id, seq, seat, kind, step, secret, barrier, turn_end, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                    vals![
                        id,
                        i as i64 + 1,
                        a.seat as i64,
                        if a.kind == ActionKind::Undo { "undo" } else { "step" },
                        &a.step,
                        a.secret,
                        a.barrier,
                        a.turn_end,
                        now
                    ],
                )?;
            }
            tx.exec(
                "INSERT INTO snapshots (game_id, version, state) VALUES (?1, 1, ?2)",
                vals![id, snapshot],
            )?;
            Ok(id)
        })
    }

    /// Run `sql` (several statements, no parameters) outside any transaction (test helper:
    /// fixtures and deliberate damage).
    #[doc(hidden)]
    pub fn debug_exec(&mut self, sql: &str) -> Result<()> {
        self.db.with(|ex| ex.batch(sql))
    }

    /// The first column of the first row of `sql`, as an integer (test helper).
    #[doc(hidden)]
    pub fn debug_query_i64(&self, sql: &str) -> Result<i64> {
        self.db.with(|ex| ex.query_one(sql, &[]))?.i64(0)
    }

    /// Overwrite a checkpoint's state (test helper: shows which checkpoint a rebuild used).
    #[doc(hidden)]
    pub fn debug_set_checkpoint(&mut self, game_id: i64, seq: i64, state: &[u8]) -> Result<()> {
        self.db.with(|ex| {
            ex.exec(
                "UPDATE checkpoints SET state = ?3 WHERE game_id = ?1 AND seq = ?2",
                vals![game_id, seq, state],
            )
        })?;
        Ok(())
    }

    /// Delete a game's snapshot (test helper for the start-up check).
    #[doc(hidden)]
    pub fn debug_drop_snapshot(&mut self, game_id: i64) -> Result<()> {
        self.db
            .with(|ex| ex.exec("DELETE FROM snapshots WHERE game_id = ?1", vals![game_id]))?;
        Ok(())
    }

    /// Overwrite a game's kind (test helper for "unknown game kind" handling).
    #[doc(hidden)]
    pub fn debug_corrupt(
        &mut self,
        game_id: i64,
        kind: Option<&str>,
        snapshot: Option<&[u8]>,
    ) -> Result<()> {
        self.db.with(|ex| {
            if let Some(k) = kind {
                ex.exec(
                    "UPDATE games SET kind = ?2 WHERE id = ?1",
                    vals![game_id, k],
                )?;
            }
            if let Some(s) = snapshot {
                ex.exec(
                    "UPDATE snapshots SET state = ?2 WHERE game_id = ?1",
                    vals![game_id, s],
                )?;
            }
            Ok(())
        })
    }
}

#[cfg(test)]
mod connection_tests;
#[cfg(test)]
mod tests;
