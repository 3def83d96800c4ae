//! The game log: games, seats, the action log, snapshots and checkpoints, versioned
//! commits, request ids, votes, rematches and listings. Reached through
//! [`Store::log`] (reads) and [`Store::log_mut`] (reads and writes).
//!
//! Invariants (see also the store's module doc):
//! - The `actions` table is the source of truth and is append-only. `snapshots` is a cache
//!   that replay can rebuild.
//! - Every change to a game is one transaction ([`GameLog::commit_sync_later`]) that checks
//!   and bumps `games.version`; a caller holding a stale version gets
//!   [`StoreError::Stale`] and nothing is written. A request id is recorded in the same
//!   transaction: a repeat, from any process, gets [`StoreError::Duplicate`].

use super::db::{self, vals, Exec, Pending, Row};
use super::outbox::{self, OutboxEntry};
use super::reminders;
use super::results::{self, NewResult};
pub use super::rows::SeatRow;
use super::{Result, Store, StoreError};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::ops::{Deref, DerefMut};

pub mod caretaker;
pub mod handover;

/// The game log of a store: `R` is `&Store` ([`Store::log`]: reads) or `&mut Store`
/// ([`Store::log_mut`]: reads and writes).
pub struct GameLog<R> {
    pub(super) store: R,
}

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
    /// The rules version the game plays by, recorded when it starts (migration 0014; 1 for
    /// a game stored before, and for a lobby until it starts).
    pub rules_version: u32,
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

/// A whole game read from a replay file (see [`GameLog::import_game_with_handovers`]).
#[derive(Clone, Copy, Debug)]
pub struct ImportedGame<'a> {
    pub kind: &'a str,
    pub options: &'a BTreeMap<String, String>,
    pub seed: u64,
    pub seats: &'a [SeatRow],
    pub actions: &'a [NewAction],
    pub handovers: &'a [handover::HandoverRow],
    pub status: GameStatus,
    pub snapshot: &'a [u8],
    /// The rules version the game plays by (the replay file's; 1 for an older file).
    pub rules_version: u32,
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
    /// This change finishes the game: its end files (timelapse, replay file) are owed
    /// until they are stored in the outbox (see [`super::end_files`]).
    pub end_files_owed: bool,
    /// Seats the caretaker takes over (their player's deadline passed; migration 0012).
    pub caretake: Vec<usize>,
    /// The rules version the game starts on (set by the change that starts it; migration
    /// 0014).
    pub rules_version: Option<u32>,
    /// Seats whose player is back: the caretaker hands them over.
    pub release: Vec<usize>,
}

/// What [`GameLog::commit_full`] wrote.
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

/// A unique-index violation on `games` means a game is already open in the channel.
pub(super) fn channel_conflict(e: StoreError) -> StoreError {
    match e {
        StoreError::Conflict(_) => {
            StoreError::Conflict("a game is already open in this channel".into())
        }
        other => other,
    }
}

impl<R: Deref<Target = Store>> GameLog<R> {
    /// The first game row matching `filter` (SQL after `WHERE`).
    fn query_game(&self, filter: &str, args: &[db::Value]) -> Result<Option<GameRow>> {
        let sql = format!("SELECT {} FROM games WHERE {filter}", GAME_COLS);
        let row = self.store.db.with(|ex| ex.query_opt(&sql, args))?;
        row.as_ref().map(game_from).transpose()
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
        let sql = format!("SELECT {} FROM games ORDER BY id", GAME_COLS);
        let rows = self.store.db.with(|ex| ex.query(&sql, &[]))?;
        rows.iter().map(game_from).collect()
    }

    /// Ids of every running game (for start-up checks and tests).
    pub fn running_games(&self) -> Result<Vec<i64>> {
        self.store.db.column(
            "SELECT id FROM games WHERE status = 'running' ORDER BY id",
            &[],
            Row::i64,
        )
    }

    /// The action rows (`seq`) after which game `game_id` has a checkpoint, ascending.
    pub fn checkpoint_seqs(&self, game_id: i64) -> Result<Vec<i64>> {
        self.store.db.column(
            "SELECT seq FROM checkpoints WHERE game_id = ?1 ORDER BY seq",
            vals![game_id],
            Row::i64,
        )
    }

    /// The state of game `game_id` after its log up to row `seq`, if checkpointed.
    pub fn checkpoint(&self, game_id: i64, seq: i64) -> Result<Option<Vec<u8>>> {
        let row = self.store.db.with(|ex| {
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
        let rows = self.store.db.with(|ex| {
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
        self.store.db.read_rows(
            "SELECT seat, user_id, name, resigned FROM seats WHERE game_id = ?1 ORDER BY seat",
            vals![game_id],
            |r| {
                Ok(SeatRow {
                    seat: r.i64(0)? as usize,
                    user_id: r.text(1)?,
                    name: r.text(2)?,
                    resigned: r.bool(3)?,
                })
            },
        )
    }

    pub fn actions(&self, game_id: i64) -> Result<Vec<ActionRow>> {
        self.actions_after(game_id, i64::MIN)
    }

    /// The rows of a game's log after row `seq` (the log only grows, so a reader that saw
    /// the rows up to `seq` needs only these).
    pub fn actions_after(&self, game_id: i64, seq: i64) -> Result<Vec<ActionRow>> {
        self.store.db.read_rows(
            "SELECT seq, seat, kind, step, secret, barrier, turn_end, at FROM actions WHERE game_id = ?1 AND seq > ?2 ORDER BY seq",
            vals![game_id, seq],
            |r| {
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
            },
        )
    }

    /// The cached snapshot and the version it was taken at.
    pub fn snapshot(&self, game_id: i64) -> Result<Option<(i64, Vec<u8>)>> {
        let row = self.store.db.with(|ex| {
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
            .store
            .db
            .with(|ex| {
                ex.query_opt(
                    "SELECT 1 FROM requests WHERE platform = ?1 AND request_id = ?2",
                    vals![platform, request_id],
                )
            })?
            .is_some())
    }

    pub fn voters(&self, game_id: i64, motion: &str) -> Result<Vec<String>> {
        self.store.db.column(
            "SELECT voter FROM votes WHERE game_id = ?1 AND motion = ?2 ORDER BY created_at, voter",
            vals![game_id, motion],
            Row::text,
        )
    }

    /// Open motions of a game (e.g. `undo`, `abort`, `kick:2`).
    pub fn motions(&self, game_id: i64) -> Result<Vec<String>> {
        self.store.db.column(
            "SELECT DISTINCT motion FROM votes WHERE game_id = ?1 ORDER BY motion",
            vals![game_id],
            Row::text,
        )
    }
}

impl<R: DerefMut<Target = Store>> GameLog<R> {
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
        let new = NewGame {
            platform,
            guild,
            channel,
            kind,
            options,
            seed,
            creator,
        };
        self.store.db.tx(|tx| {
            record_request(tx, request, now)?;
            insert_game(tx, &new, now)
        })
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
        self.store.db.tx(|tx| {
            record_request(tx, request, now)?;
            let v = bump(tx, game_id, expected_version, now)?;
            tx.exec("DELETE FROM seats WHERE game_id = ?1", vals![game_id])?;
            insert_seats(tx, game_id, seats)?;
            Ok(v)
        })
    }

    /// Commit one change to a game atomically: check and bump the version, append actions,
    /// store the snapshot, set status, resignations, votes, and record the request id.
    /// Returns the new version (see [`GameLog::commit_full`] for the outbox ids).
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

    /// [`GameLog::commit`], also writing the change's replies to the outbox in the same
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

    /// [`GameLog::commit_full`], returning before the change is forced to the disk: the
    /// caller releases its locks, then calls [`Pending::wait`] before it acknowledges the
    /// change (see [`super::db::Db::tx_sync_later`]). The chat commits steps this way, so that two
    /// channels' fsyncs do not queue behind its lock.
    pub fn commit_sync_later(
        &mut self,
        game_id: i64,
        expected_version: i64,
        change: Change<'_>,
        now: i64,
    ) -> Result<(Committed, Pending)> {
        self.store
            .db
            .tx_sync_later(|tx| write_change(tx, game_id, expected_version, &change, now))
    }

    /// Mark a game as unloadable (or clear the mark with `None`). Not versioned: it records
    /// a fact about this binary, not a game change.
    pub fn set_broken(&mut self, game_id: i64, why: Option<&str>) -> Result<()> {
        self.store.db.with(|ex| {
            ex.exec(
                "UPDATE games SET broken = ?2 WHERE id = ?1",
                vals![game_id, why],
            )
        })?;
        Ok(())
    }

    /// Replace a cached snapshot (after a rebuild from the log).
    pub fn put_snapshot(&mut self, game_id: i64, version: i64, state: &[u8]) -> Result<()> {
        self.store
            .db
            .with(|ex| write_snapshot(ex, game_id, version, state))
    }

    /// Record a vote; returns every voter on the motion so far.
    pub fn vote(
        &mut self,
        game_id: i64,
        motion: &str,
        voter: &str,
        now: i64,
    ) -> Result<Vec<String>> {
        self.store.db.with(|ex| {
            ex.exec(
                "INSERT INTO votes (game_id, motion, voter, created_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (game_id, motion, voter) DO NOTHING",
                vals![game_id, motion, voter, now],
            )
        })?;
        self.voters(game_id, motion)
    }

    pub fn clear_votes(&mut self, game_id: i64, motion: &str) -> Result<()> {
        self.store.db.with(|ex| delete_votes(ex, game_id, motion))
    }

    /// Insert a whole game from a replay file (status as given, playing by `rules_version`),
    /// with its log. Used by import; the caller has checked that the replay rebuilds.
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
        rules_version: u32,
        now: i64,
    ) -> Result<i64> {
        let game = ImportedGame {
            kind,
            options,
            seed,
            seats,
            actions,
            handovers: &[],
            status,
            snapshot,
            rules_version,
        };
        self.import_game_with_handovers(platform, channel, &game, now)
    }

    /// [`GameLog::import_game`] with the seat handovers of the replay file, in the same
    /// transaction.
    pub fn import_game_with_handovers(
        &mut self,
        platform: &str,
        channel: &str,
        game: &ImportedGame<'_>,
        now: i64,
    ) -> Result<i64> {
        let ImportedGame {
            kind,
            options,
            seed,
            seats,
            actions,
            handovers,
            status,
            snapshot,
            rules_version,
        } = *game;
        let options = serde_json::to_string(options).map_err(|e| StoreError::Sql(e.to_string()))?;
        let creator = seats.first().map(|s| s.user_id.clone()).unwrap_or_default();
        self.store.db.tx(|tx| {
            let id = tx
                .query_one(
                    "INSERT INTO games (platform, channel, kind, options, seed, status, creator, created_at, updated_at, version, rules_version)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, 1, ?9) RETURNING id",
                    vals![platform, channel, kind, &options, seed as i64, status.as_str(), &creator, now, rules_version as i64],
                )
                .map_err(channel_conflict)?
                .i64(0)?;
            insert_seats(tx, id, seats)?;
            append_actions(tx, id, actions, None, now)?;
            handover::insert_imported(tx, id, handovers)?;
            write_snapshot(tx, id, 1, snapshot)?;
            Ok(id)
        })
    }
}

/// A new lobby's row: where, which game, its options and seed, and its creator (user id,
/// name), seated first.
pub struct NewGame<'a> {
    pub platform: &'a str,
    pub guild: Option<&'a str>,
    pub channel: &'a str,
    pub kind: &'a str,
    pub options: &'a BTreeMap<String, String>,
    pub seed: u64,
    pub creator: (&'a str, &'a str),
}

/// Insert a new lobby with its creator seated; its id. Fails with `Conflict` if a game is
/// already active in the channel.
pub(super) fn insert_game(tx: &mut dyn Exec, new: &NewGame<'_>, now: i64) -> Result<i64> {
    let options = serde_json::to_string(new.options).map_err(|e| StoreError::Sql(e.to_string()))?;
    let id = tx
        .query_one(
            "INSERT INTO games (platform, guild, channel, kind, options, seed, status, creator, created_at, updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'lobby', ?7, ?8, ?8) RETURNING id",
            vals![new.platform, new.guild, new.channel, new.kind, &options, new.seed as i64, new.creator.0, now],
        )
        .map_err(channel_conflict)?
        .i64(0)?;
    insert_creator(tx, id, new.creator)?;
    Ok(id)
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
        rules_version: u32::try_from(r.i64(13)?)
            .map_err(|_| StoreError::Sql("bad rules version".into()))?,
    })
}

const GAME_COLS: &str = "id, platform, guild, channel, kind, options, seed, status, broken, version, creator, created_at, updated_at, rules_version";

pub(super) fn record_request(tx: &mut dyn Exec, req: Option<(&str, &str)>, now: i64) -> Result<()> {
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

pub(super) fn bump(tx: &mut dyn Exec, game_id: i64, expected: i64, now: i64) -> Result<i64> {
    let n = tx.exec(
        "UPDATE games SET version = version + 1, updated_at = ?3 WHERE id = ?1 AND version = ?2",
        vals![game_id, expected, now],
    )?;
    if n == 0 {
        return Err(StoreError::Stale { expected });
    }
    Ok(expected + 1)
}

/// The transaction of [`GameLog::commit_sync_later`]: every part of `change`, in order.
fn write_change(
    tx: &mut dyn Exec,
    game_id: i64,
    expected_version: i64,
    change: &Change<'_>,
    now: i64,
) -> Result<Committed> {
    let request_id = change.request.map(|r| r.1);
    record_request(tx, change.request, now)?;
    // The version check first: on PostgreSQL it takes the game's row lock, so everything
    // below runs for one change of this game at a time.
    let v = bump(tx, game_id, expected_version, now)?;
    let last_seq = append_actions(tx, game_id, &change.actions, request_id, now)?;
    if let Some(snap) = &change.snapshot {
        write_snapshot(tx, game_id, v, snap)?;
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
        write_status(tx, game_id, status)?;
    }
    if let Some(rules) = change.rules_version {
        tx.exec(
            "UPDATE games SET rules_version = ?2 WHERE id = ?1",
            vals![game_id, rules as i64],
        )?;
    }
    write_seats_and_votes(tx, game_id, change, now)?;
    if let Some(users) = &change.waiting {
        reminders::on_turn_change_conn(tx, game_id, users, &change.acted, now)?;
    }
    results::insert(tx, game_id, &change.results, now)?;
    if change.end_files_owed {
        super::end_files::owe(tx, game_id, now)?;
    }
    let outbox = outbox::insert(tx, game_id, v, request_id, &change.outbox, now)?;
    Ok(Committed { version: v, outbox })
}

/// Append `actions` to game `game_id`'s log after its last row; the last row's `seq`, if
/// any was appended.
fn append_actions(
    tx: &mut dyn Exec,
    game_id: i64,
    actions: &[NewAction],
    request_id: Option<&str>,
    now: i64,
) -> Result<Option<i64>> {
    if actions.is_empty() {
        return Ok(None);
    }
    let mut seq = tx
        .query_one(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?1",
            vals![game_id],
        )?
        .i64(0)?;
    for a in actions {
        seq += 1;
        insert_action(tx, game_id, seq, a, request_id, now)?;
    }
    Ok(Some(seq))
}

/// Insert row `seq` of game `game_id`'s log.
fn insert_action(
    tx: &mut dyn Exec,
    game_id: i64,
    seq: i64,
    a: &NewAction,
    request_id: Option<&str>,
    now: i64,
) -> Result<()> {
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
            request_id
        ],
    )?;
    Ok(())
}

/// Store (or replace) game `game_id`'s snapshot, taken at `version`.
pub(super) fn write_snapshot(
    ex: &mut dyn Exec,
    game_id: i64,
    version: i64,
    state: &[u8],
) -> Result<()> {
    ex.exec(
        "INSERT INTO snapshots (game_id, version, state) VALUES (?1, ?2, ?3)
         ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, state = excluded.state",
        vals![game_id, version, state],
    )?;
    Ok(())
}

/// Set game `game_id`'s status; a game that stops running has no reminder time.
fn write_status(tx: &mut dyn Exec, game_id: i64, status: GameStatus) -> Result<()> {
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
    Ok(())
}

/// The change's resignations, the turn's new start (and reminder counts), and the votes
/// it clears.
fn write_seats_and_votes(
    tx: &mut dyn Exec,
    game_id: i64,
    change: &Change<'_>,
    now: i64,
) -> Result<()> {
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
        delete_votes(tx, game_id, m)?;
    }
    caretaker::write_caretaken(tx, game_id, &change.caretake, &change.release, now)
}

/// Clear the votes on `motion` in game `game_id`.
fn delete_votes(ex: &mut dyn Exec, game_id: i64, motion: &str) -> Result<()> {
    ex.exec(
        "DELETE FROM votes WHERE game_id = ?1 AND motion = ?2",
        vals![game_id, motion],
    )?;
    Ok(())
}

/// Seat `seats` in game `game_id`.
pub(super) fn insert_seats(tx: &mut dyn Exec, game_id: i64, seats: &[SeatRow]) -> Result<()> {
    for s in seats {
        tx.exec(
            "INSERT INTO seats (game_id, seat, user_id, name, resigned) VALUES (?1, ?2, ?3, ?4, ?5)",
            vals![game_id, s.seat as i64, &s.user_id, &s.name, s.resigned],
        )?;
    }
    Ok(())
}

/// Seat a new lobby's creator (user id, name) first.
fn insert_creator(tx: &mut dyn Exec, game_id: i64, creator: (&str, &str)) -> Result<()> {
    tx.exec(
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?1, 0, ?2, ?3)",
        vals![game_id, creator.0, creator.1],
    )?;
    Ok(())
}
