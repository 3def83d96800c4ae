//! SQLite persistence. The only module that touches rusqlite.
//!
//! Invariants:
//! - Migrations are the numbered files in `migrations/`, embedded below in order, applied
//!   at open in one transaction and tracked by `PRAGMA user_version`. A database whose
//!   version is newer than this binary's is refused. Shipped migrations are never edited.
//! - The `actions` table is the source of truth and is append-only. `snapshots` is a cache
//!   that replay can rebuild.
//! - Every change to a game is one transaction that checks and bumps `games.version`; a
//!   caller holding a stale version gets [`StoreError::Stale`] and nothing is written.
//! - WAL mode with `synchronous=FULL`: a change acknowledged by `commit` survives a crash.

use rusqlite::{params, Connection, OptionalExtension, Transaction};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;

pub mod listing;
pub mod outbox;
pub mod rematch;
pub mod reminders;
pub use listing::ListedGame;
pub use outbox::{OutboxEntry, PendingReply};
pub use reminders::{on_turn_change, DueKind, DueReminder, ReminderKey};

/// The migrations, in order. Append only.
pub const MIGRATIONS: &[(&str, &str)] = &[
    (
        "0001_initial",
        include_str!("../../migrations/0001_initial.sql"),
    ),
    (
        "0002_reminders",
        include_str!("../../migrations/0002_reminders.sql"),
    ),
    (
        "0003_outbox",
        include_str!("../../migrations/0003_outbox.sql"),
    ),
    (
        "0004_checkpoints",
        include_str!("../../migrations/0004_checkpoints.sql"),
    ),
    (
        "0006_rematches",
        include_str!("../../migrations/0006_rematches.sql"),
    ),
];

/// A store error. `Display` says what happened in words a player can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    /// The database was written by a newer Sherpa.
    TooNew {
        found: i64,
        supported: i64,
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
    Sql(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::TooNew { found, supported } => write!(
                f,
                "the database is at schema version {found}, newer than this Sherpa supports ({supported}); upgrade Sherpa or use another database file"
            ),
            StoreError::Stale { .. } => write!(f, "the game moved on while your command was being handled; look at the board and try again"),
            StoreError::Duplicate => write!(f, "this request was already handled"),
            StoreError::Conflict(s) => f.write_str(s),
            StoreError::NotFound => write!(f, "no such game"),
            StoreError::Sql(s) => write!(f, "database error: {s}"),
        }
    }
}
impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
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
/// [`Store::open`] and one table of blobs.
pub struct FloorDb {
    conn: Connection,
}

impl FloorDb {
    /// Create the file at `path` (replacing any old one).
    pub fn open(path: &Path) -> Result<FloorDb> {
        let _ = std::fs::remove_file(path);
        let conn = Connection::open(path)?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.execute_batch("CREATE TABLE floor (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")?;
        Ok(FloorDb { conn })
    }

    /// One transaction inserting one row holding `body`.
    pub fn commit(&mut self, body: &[u8]) -> Result<()> {
        let tx = self.conn.transaction()?;
        tx.execute("INSERT INTO floor (body) VALUES (?1)", [body])?;
        tx.commit()?;
        Ok(())
    }
}

/// The persistent store.
pub struct Store {
    pub(crate) conn: Connection,
}

impl Store {
    /// Open (creating if needed) a database file and bring its schema up to date.
    pub fn open(path: &Path) -> Result<Store> {
        let conn = Connection::open(path)?;
        Self::init(conn)
    }

    /// An in-memory database (tests, benchmarks).
    pub fn open_in_memory() -> Result<Store> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<Store> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // WAL (ignored by in-memory databases) and full fsync on commit.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        let mut store = Store { conn };
        store.migrate()?;
        Ok(store)
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

    /// The schema version this binary writes.
    pub fn supported_version() -> i64 {
        MIGRATIONS.len() as i64
    }

    fn migrate(&mut self) -> Result<()> {
        let tx = self.conn.transaction()?;
        let current: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let supported = Self::supported_version();
        if current > supported {
            return Err(StoreError::TooNew {
                found: current,
                supported,
            });
        }
        for (_, sql) in &MIGRATIONS[current as usize..] {
            tx.execute_batch(sql)?;
        }
        tx.pragma_update(None, "user_version", supported)?;
        tx.commit()?;
        Ok(())
    }

    /// The schema version of the open database.
    pub fn schema_version(&self) -> Result<i64> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    fn game_from_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<(GameRow, String, String)> {
        let options: String = r.get(5)?;
        let status: String = r.get(7)?;
        let seed: i64 = r.get(6)?;
        Ok((
            GameRow {
                id: r.get(0)?,
                platform: r.get(1)?,
                guild: r.get(2)?,
                channel: r.get(3)?,
                kind: r.get(4)?,
                options: BTreeMap::new(),
                seed: seed as u64,
                status: GameStatus::Lobby,
                broken: r.get(8)?,
                version: r.get(9)?,
                creator: r.get(10)?,
                created_at: r.get(11)?,
                updated_at: r.get(12)?,
            },
            options,
            status,
        ))
    }

    fn finish_game(row: (GameRow, String, String)) -> Result<GameRow> {
        let (mut g, options, status) = row;
        g.options = serde_json::from_str(&options)
            .map_err(|e| StoreError::Sql(format!("bad options JSON: {e}")))?;
        g.status = GameStatus::parse(&status)?;
        Ok(g)
    }

    const GAME_COLS: &'static str = "id, platform, guild, channel, kind, options, seed, status, broken, version, creator, created_at, updated_at";

    /// The first game row matching `filter` (SQL after `WHERE`).
    fn query_game(&self, filter: &str, args: impl rusqlite::Params) -> Result<Option<GameRow>> {
        let sql = format!("SELECT {} FROM games WHERE {filter}", Self::GAME_COLS);
        let row = self
            .conn
            .query_row(&sql, args, Self::game_from_row)
            .optional()?;
        row.map(Self::finish_game).transpose()
    }

    /// The game in a lobby or running in this channel, if any.
    pub fn active_game(&self, platform: &str, channel: &str) -> Result<Option<GameRow>> {
        self.query_game(
            "platform = ?1 AND channel = ?2 AND status IN ('lobby','running')",
            params![platform, channel],
        )
    }

    /// The most recent game in this channel, whatever its status.
    pub fn latest_game(&self, platform: &str, channel: &str) -> Result<Option<GameRow>> {
        self.query_game(
            "platform = ?1 AND channel = ?2 ORDER BY id DESC LIMIT 1",
            params![platform, channel],
        )
    }

    pub fn game(&self, id: i64) -> Result<GameRow> {
        self.query_game("id = ?1", params![id])?
            .ok_or(StoreError::NotFound)
    }

    /// Ids of every running game (for start-up checks and tests).
    pub fn running_games(&self) -> Result<Vec<i64>> {
        let mut st = self
            .conn
            .prepare("SELECT id FROM games WHERE status = 'running' ORDER BY id")?;
        let ids = st
            .query_map([], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()?;
        Ok(ids)
    }

    /// The action rows (`seq`) after which game `game_id` has a checkpoint, ascending.
    pub fn checkpoint_seqs(&self, game_id: i64) -> Result<Vec<i64>> {
        let mut st = self
            .conn
            .prepare_cached("SELECT seq FROM checkpoints WHERE game_id = ?1 ORDER BY seq")?;
        let seqs = st
            .query_map(params![game_id], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<i64>>>()?;
        Ok(seqs)
    }

    /// The state of game `game_id` after its log up to row `seq`, if checkpointed.
    pub fn checkpoint(&self, game_id: i64, seq: i64) -> Result<Option<Vec<u8>>> {
        Ok(self
            .conn
            .query_row(
                "SELECT state FROM checkpoints WHERE game_id = ?1 AND seq = ?2",
                params![game_id, seq],
                |r| r.get(0),
            )
            .optional()?)
    }

    /// Every running game's id, kind, version and snapshot version, in one query: what the
    /// start-up check reads without loading any game.
    pub fn running_summaries(&self) -> Result<Vec<RunningSummary>> {
        let mut st = self.conn.prepare(
            "SELECT g.id, g.kind, g.version, s.version FROM games g \
             LEFT JOIN snapshots s ON s.game_id = g.id \
             WHERE g.status = 'running' ORDER BY g.id",
        )?;
        let rows = st
            .query_map([], |r| {
                Ok(RunningSummary {
                    id: r.get(0)?,
                    kind: r.get(1)?,
                    version: r.get(2)?,
                    snapshot_version: r.get(3)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    pub fn seats(&self, game_id: i64) -> Result<Vec<SeatRow>> {
        let mut st = self.conn.prepare_cached(
            "SELECT seat, user_id, name, resigned FROM seats WHERE game_id = ?1 ORDER BY seat",
        )?;
        let rows = st
            .query_map(params![game_id], |r| {
                Ok(SeatRow {
                    seat: r.get::<_, i64>(0)? as usize,
                    user_id: r.get(1)?,
                    name: r.get(2)?,
                    resigned: r.get::<_, i64>(3)? != 0,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    pub fn actions(&self, game_id: i64) -> Result<Vec<ActionRow>> {
        let mut st = self.conn.prepare_cached(
            "SELECT seq, seat, kind, step, secret, barrier, turn_end, at FROM actions WHERE game_id = ?1 ORDER BY seq",
        )?;
        let rows = st
            .query_map(params![game_id], |r| {
                let kind: String = r.get(2)?;
                Ok(ActionRow {
                    seq: r.get(0)?,
                    seat: r.get::<_, i64>(1)? as usize,
                    kind: if kind == "undo" {
                        ActionKind::Undo
                    } else {
                        ActionKind::Step
                    },
                    step: r.get(3)?,
                    secret: r.get::<_, i64>(4)? != 0,
                    barrier: r.get::<_, i64>(5)? != 0,
                    turn_end: r.get::<_, i64>(6)? != 0,
                    at: r.get(7)?,
                })
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    /// The cached snapshot and the version it was taken at.
    pub fn snapshot(&self, game_id: i64) -> Result<Option<(i64, Vec<u8>)>> {
        Ok(self
            .conn
            .query_row(
                "SELECT version, state FROM snapshots WHERE game_id = ?1",
                params![game_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()?)
    }

    /// Was this chat request already handled?
    pub fn request_seen(&self, platform: &str, request_id: &str) -> Result<bool> {
        Ok(self
            .conn
            .query_row(
                "SELECT 1 FROM requests WHERE platform = ?1 AND request_id = ?2",
                params![platform, request_id],
                |_| Ok(()),
            )
            .optional()?
            .is_some())
    }

    fn record_request(tx: &Transaction<'_>, req: Option<(&str, &str)>, now: i64) -> Result<()> {
        if let Some((platform, id)) = req {
            let n = tx.execute(
                "INSERT OR IGNORE INTO requests (platform, request_id, at) VALUES (?1, ?2, ?3)",
                params![platform, id, now],
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
        let tx = self.conn.transaction()?;
        Self::record_request(&tx, request, now)?;
        let options = serde_json::to_string(options).map_err(|e| StoreError::Sql(e.to_string()))?;
        tx.execute(
            "INSERT INTO games (platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'lobby', ?7, ?8, ?8)",
            params![platform, guild, channel, kind, options, seed as i64, creator.0, now],
        )
        .map_err(|e| match StoreError::from(e) {
            StoreError::Conflict(_) => StoreError::Conflict("a game is already open in this channel".into()),
            other => other,
        })?;
        let id = tx.last_insert_rowid();
        tx.execute(
            "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?1, 0, ?2, ?3)",
            params![id, creator.0, creator.1],
        )?;
        tx.commit()?;
        Ok(id)
    }

    fn bump(tx: &Transaction<'_>, game_id: i64, expected: i64, now: i64) -> Result<i64> {
        let n = tx.execute(
            "UPDATE games SET version = version + 1, updated_at = ?3 WHERE id = ?1 AND version = ?2",
            params![game_id, expected, now],
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
        let tx = self.conn.transaction()?;
        Self::record_request(&tx, request, now)?;
        let v = Self::bump(&tx, game_id, expected_version, now)?;
        tx.execute("DELETE FROM seats WHERE game_id = ?1", params![game_id])?;
        for s in seats {
            tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, resigned) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![game_id, s.seat as i64, s.user_id, s.name, s.resigned as i64],
            )?;
        }
        tx.commit()?;
        Ok(v)
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
        let tx = self.conn.transaction()?;
        Self::record_request(&tx, change.request, now)?;
        let v = Self::bump(&tx, game_id, expected_version, now)?;
        let mut last_seq = None;
        if !change.actions.is_empty() {
            let mut seq: i64 = tx.query_row(
                "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?1",
                params![game_id],
                |r| r.get(0),
            )?;
            let mut st = tx.prepare_cached(
                "INSERT INTO actions (game_id, seq, seat, kind, step, secret, barrier, turn_end, at, request_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            )?;
            for a in &change.actions {
                seq += 1;
                let kind = match a.kind {
                    ActionKind::Step => "step",
                    ActionKind::Undo => "undo",
                };
                st.execute(params![
                    game_id,
                    seq,
                    a.seat as i64,
                    kind,
                    a.step,
                    a.secret as i64,
                    a.barrier as i64,
                    a.turn_end as i64,
                    now,
                    change.request.map(|r| r.1)
                ])?;
            }
            last_seq = Some(seq);
        }
        if let Some(snap) = &change.snapshot {
            tx.execute(
                "INSERT INTO snapshots (game_id, version, state) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state",
                params![game_id, v, snap],
            )?;
            // A checkpoint when this change's rows cross a multiple of CHECKPOINT_EVERY.
            if let Some(last) = last_seq {
                let before = last - change.actions.len() as i64;
                if last / CHECKPOINT_EVERY != before / CHECKPOINT_EVERY {
                    tx.execute(
                        "INSERT OR REPLACE INTO checkpoints (game_id, seq, state) VALUES (?1, ?2, ?3)",
                        params![game_id, last, snap],
                    )?;
                }
            }
        }
        if let Some(status) = change.status {
            tx.execute(
                "UPDATE games SET status = ?2 WHERE id = ?1",
                params![game_id, status.as_str()],
            )?;
            if status != GameStatus::Running {
                tx.execute(
                    "UPDATE games SET next_reminder_at = NULL WHERE id = ?1",
                    params![game_id],
                )?;
            }
        }
        for s in &change.resign {
            tx.execute(
                "UPDATE seats SET resigned = 1 WHERE game_id = ?1 AND seat = ?2",
                params![game_id, *s as i64],
            )?;
        }
        if change.turn_changed {
            tx.execute(
                "UPDATE games SET turn_started_at = ?2 WHERE id = ?1",
                params![game_id, now],
            )?;
            tx.execute(
                "UPDATE seats SET reminders_sent = 0 WHERE game_id = ?1",
                params![game_id],
            )?;
        }
        for m in &change.clear_votes {
            tx.execute(
                "DELETE FROM votes WHERE game_id = ?1 AND motion = ?2",
                params![game_id, m],
            )?;
        }
        if let Some(users) = &change.waiting {
            reminders::on_turn_change_conn(&tx, game_id, users, now)?;
        }
        let outbox = outbox::insert(
            &tx,
            game_id,
            v,
            change.request.map(|r| r.1),
            &change.outbox,
            now,
        )?;
        tx.commit()?;
        Ok(Committed { version: v, outbox })
    }

    /// Mark a game as unloadable (or clear the mark with `None`). Not versioned: it records
    /// a fact about this binary, not a game change.
    pub fn set_broken(&mut self, game_id: i64, why: Option<&str>) -> Result<()> {
        self.conn.execute(
            "UPDATE games SET broken = ?2 WHERE id = ?1",
            params![game_id, why],
        )?;
        Ok(())
    }

    /// Replace a cached snapshot (after a rebuild from the log).
    pub fn put_snapshot(&mut self, game_id: i64, version: i64, state: &[u8]) -> Result<()> {
        self.conn.execute(
            "INSERT INTO snapshots (game_id, version, state) VALUES (?1, ?2, ?3)
             ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state",
            params![game_id, version, state],
        )?;
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
        self.conn.execute(
            "INSERT OR IGNORE INTO votes (game_id, motion, voter, created_at) VALUES (?1, ?2, ?3, ?4)",
            params![game_id, motion, voter, now],
        )?;
        self.voters(game_id, motion)
    }

    pub fn voters(&self, game_id: i64, motion: &str) -> Result<Vec<String>> {
        let mut st = self.conn.prepare_cached(
            "SELECT voter FROM votes WHERE game_id = ?1 AND motion = ?2 ORDER BY created_at, voter",
        )?;
        let v = st
            .query_map(params![game_id, motion], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(v)
    }

    /// Open motions of a game (e.g. `undo`, `abort`, `kick:2`).
    pub fn motions(&self, game_id: i64) -> Result<Vec<String>> {
        let mut st = self.conn.prepare_cached(
            "SELECT DISTINCT motion FROM votes WHERE game_id = ?1 ORDER BY motion",
        )?;
        let v = st
            .query_map(params![game_id], |r| r.get(0))?
            .collect::<rusqlite::Result<Vec<String>>>()?;
        Ok(v)
    }

    pub fn clear_votes(&mut self, game_id: i64, motion: &str) -> Result<()> {
        self.conn.execute(
            "DELETE FROM votes WHERE game_id = ?1 AND motion = ?2",
            params![game_id, motion],
        )?;
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
        let tx = self.conn.transaction()?;
        let options = serde_json::to_string(options).map_err(|e| StoreError::Sql(e.to_string()))?;
        let creator = seats.first().map(|s| s.user_id.clone()).unwrap_or_default();
        tx.execute(
            "INSERT INTO games (platform, channel, kind, options, seed, status, creator, created_at, updated_at, version)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, 1)",
            params![platform, channel, kind, options, seed as i64, status.as_str(), creator, now],
        )
        .map_err(|e| match StoreError::from(e) {
            StoreError::Conflict(_) => StoreError::Conflict("a game is already open in this channel".into()),
            other => other,
        })?;
        let id = tx.last_insert_rowid();
        for s in seats {
            tx.execute(
                "INSERT INTO seats (game_id, seat, user_id, name, resigned) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, s.seat as i64, s.user_id, s.name, s.resigned as i64],
            )?;
        }
        for (i, a) in actions.iter().enumerate() {
            tx.execute(
                "INSERT INTO actions (game_id, seq, seat, kind, step, secret, barrier, turn_end, at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                params![
                    id,
                    i as i64 + 1,
                    a.seat as i64,
                    if a.kind == ActionKind::Undo { "undo" } else { "step" },
                    a.step,
                    a.secret as i64,
                    a.barrier as i64,
                    a.turn_end as i64,
                    now
                ],
            )?;
        }
        tx.execute(
            "INSERT INTO snapshots (game_id, version, state) VALUES (?1, 1, ?2)",
            params![id, snapshot],
        )?;
        tx.commit()?;
        Ok(id)
    }

    /// Overwrite a checkpoint's state (test helper: shows which checkpoint a rebuild used).
    #[doc(hidden)]
    pub fn debug_set_checkpoint(&mut self, game_id: i64, seq: i64, state: &[u8]) -> Result<()> {
        self.conn.execute(
            "UPDATE checkpoints SET state = ?3 WHERE game_id = ?1 AND seq = ?2",
            params![game_id, seq, state],
        )?;
        Ok(())
    }

    /// Delete a game's snapshot (test helper for the start-up check).
    #[doc(hidden)]
    pub fn debug_drop_snapshot(&mut self, game_id: i64) -> Result<()> {
        self.conn
            .execute("DELETE FROM snapshots WHERE game_id = ?1", params![game_id])?;
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
        if let Some(k) = kind {
            self.conn.execute(
                "UPDATE games SET kind = ?2 WHERE id = ?1",
                params![game_id, k],
            )?;
        }
        if let Some(s) = snapshot {
            self.conn.execute(
                "UPDATE snapshots SET state = ?2 WHERE game_id = ?1",
                params![game_id, s],
            )?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
