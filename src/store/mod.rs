//! Persistence: the only module that touches a database crate (rusqlite for the embedded
//! SQLite default, postgres for the shared PostgreSQL of a fleet; see [`db`]).
//!
//! Shape: [`Store`] owns the connection, opens it and migrates the schema; everything else
//! is reached through a typed view per responsibility, each in its own file, borrowing the
//! store (`&Store` to read, `&mut Store` to write, so a reader cannot write):
//! - [`Store::log`] / [`Store::log_mut`] → [`GameLog`] ([`log`], with [`rematch`] and
//!   [`listing`]): games, seats, the action log, snapshots, checkpoints, versioned commits,
//!   request ids, votes;
//! - [`Store::schedules`] / [`Store::schedules_mut`] → [`Schedules`] ([`schedules`], with
//!   [`reminders`] and [`digests`]): reminder and digest settings, waits, and the one claim
//!   routine that hands out both kinds of message; when something is due is decided by the
//!   pure `crate::reminders`, the store only reads and writes the rows;
//! - [`Store::outbox`] / [`Store::outbox_mut`] → [`Outbox`] ([`outbox`], [`stats`],
//!   [`end_files`]): replies of committed changes, saved request answers, and the end files
//!   owed for finished games;
//! - [`Store::results`] / [`Store::results_mut`] → [`GameResults`] ([`results`]): finished
//!   games' results (ratings are computed from them by the pure `crate::ratings`).
//!
//! What spans every table stays on [`Store`]: [`retention`] (`prune`), [`copy`]
//! (`sherpa migrate-db`), the commit floor of the bench, and the test helpers.
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
//!   a crash, a power cut included. A step's commit ([`GameLog::commit_sync_later`]) writes
//!   the log without the fsync and hands back a [`Pending`] that does it; the chat waits
//!   on it after releasing its lock and before it answers, so an answered step is as
//!   durable as with `FULL`. PostgreSQL: a committed transaction is durable by the
//!   server's settings.

pub use db::Pending;
use db::{vals, Db, Dialect, Exec};
use rusqlite::Connection;
use std::fmt;
use std::path::{Path, PathBuf};

pub mod copy;
pub mod db;
pub mod listing;
pub mod log;
pub mod outbox;
pub mod pg_cluster;
pub mod pg_connect;
pub mod rematch;
pub mod results;
pub mod retention;
pub mod rows;
pub mod schedules;
pub mod scripts;
pub mod stats;
pub mod web;
pub use copy::CopyReport;
pub use digests::{DigestKey, DigestPref, DueDigest};
pub use listing::ListedGame;
pub use log::caretaker::Absent;
pub use log::handover::{HandoverHow, HandoverRow, NewHandover};
pub use log::{caretaker, handover};
pub use log::{
    ActionKind, ActionRow, Change, Committed, GameLog, GameRow, GameStatus, ImportedGame,
    NewAction, NewGame, RunningSummary, SeatRow, CHECKPOINT_EVERY,
};
pub use outbox::end_files;
pub use outbox::{Outbox, OutboxEntry, PendingReply, StoredAnswer};
pub use reminders::{on_turn_change, DueKind, DueReminder, ReminderKey};
pub use results::{GameResults, NewResult, ResultRow};
pub use retention::{Pruned, Retention};
pub use schedules::{digests, reminders};
pub use schedules::{Schedules, CLAIM_LEASE_SECS};
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
    Migration {
        name: "0011_end_files",
        sql: include_str!("../../migrations/0011_end_files.sql"),
        postgres: Some(include_str!("../../migrations/postgres/0011_end_files.sql")),
    },
    Migration {
        name: "0012_caretaker",
        sql: include_str!("../../migrations/0012_caretaker.sql"),
        postgres: Some(include_str!("../../migrations/postgres/0012_caretaker.sql")),
    },
    Migration {
        name: "0013_seat_handovers",
        sql: include_str!("../../migrations/0013_seat_handovers.sql"),
        postgres: Some(include_str!(
            "../../migrations/postgres/0013_seat_handovers.sql"
        )),
    },
    Migration {
        name: "0014_rules_versions",
        sql: include_str!("../../migrations/0014_rules_versions.sql"),
        postgres: Some(include_str!(
            "../../migrations/postgres/0014_rules_versions.sql"
        )),
    },
    Migration {
        name: "0015_web_secret",
        sql: include_str!("../../migrations/0015_web_secret.sql"),
        postgres: Some(include_str!(
            "../../migrations/postgres/0015_web_secret.sql"
        )),
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

    /// The game log, to read: games, seats, actions, snapshots, checkpoints, votes.
    pub fn log(&self) -> GameLog<&Store> {
        GameLog { store: self }
    }

    /// The game log, to read and write (commits, seats, votes, snapshots).
    pub fn log_mut(&mut self) -> GameLog<&mut Store> {
        GameLog { store: self }
    }

    /// Reminders and digests, to read (what is due, settings, waits).
    pub fn schedules(&self) -> Schedules<&Store> {
        Schedules { store: self }
    }

    /// Reminders and digests, to read and write (claims, marks, settings, waits).
    pub fn schedules_mut(&mut self) -> Schedules<&mut Store> {
        Schedules { store: self }
    }

    /// The outbox and saved request answers, to read.
    pub fn outbox(&self) -> Outbox<&Store> {
        Outbox { store: self }
    }

    /// The outbox and saved request answers, to read and write.
    pub fn outbox_mut(&mut self) -> Outbox<&mut Store> {
        Outbox { store: self }
    }

    /// Finished games' results, to read.
    pub fn results(&self) -> GameResults<&Store> {
        GameResults { store: self }
    }

    /// Finished games' results, to read and write (the backfill).
    pub fn results_mut(&mut self) -> GameResults<&mut Store> {
        GameResults { store: self }
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
