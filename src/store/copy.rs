//! Copying a whole database into another one, either backend to either backend (`sherpa
//! migrate-db --from sqlite:FILE --to postgres://…`).
//!
//! Invariants:
//! - Every row of every game is copied with its ids unchanged (games, seats, the action log,
//!   snapshots, checkpoints, votes, reminder settings, waits and log, the rematch link, the results and any still to be recorded, the outbox and any end files still owed), plus the
//!   handled request ids, the players' reminder settings, their daily digest settings and
//!   the log of digests sent, and the terminal's web secret (its game-page links stay
//!   valid). Reminder and digest claims are not: they are leases of running processes.
//! - The whole copy is one transaction of the destination: a copy that fails half-way
//!   leaves the destination as it was, so it can simply be run again.
//! - The destination must hold nothing of Sherpa's yet (no row in any copied table: ids
//!   and settings are kept, so they must not clash), checked in the same transaction; on
//!   PostgreSQL the id sequences are moved past the copied ids.

use super::db::{vals, Dialect, Exec, Row, Value};
use super::{Result, Store, StoreError};

/// A table copied per game: its name and columns (the first is the game's id column).
const GAME_TABLES: &[(&str, &str)] = &[
    ("games", "id, platform, guild, channel, kind, options, seed, status, broken, version, creator, created_at, updated_at, turn_started_at, next_reminder_at, rules_version"),
    ("seats", "game_id, seat, user_id, name, resigned, reminders_sent"),
    ("actions", "game_id, seq, seat, kind, step, secret, barrier, turn_end, at, request_id"),
    ("snapshots", "game_id, version, state"),
    ("checkpoints", "game_id, seq, state"),
    ("votes", "game_id, motion, voter, created_at"),
    ("reminder_games", "game_id, deadline_secs, consequence"),
    ("reminder_waits", "game_id, user_id, since, due_at"),
    ("reminder_log", "game_id, user_id, since, ordinal, sent_at"),
    ("rematches", "game_id, previous_id"),
    ("results", "game_id, seat, platform, guild, kind, user_id, name, place, won, resigned, finished_at"),
    ("results_backfill", "game_id"),
    ("end_files_owed", "game_id, finished_at"),
    ("table_options", "game_id, absent"),
    ("caretaken_seats", "game_id, seat, since"),
    ("seat_handovers", "game_id, ordinal, seat, after_seq, from_user, from_name, to_user, to_name, how, at"),
    ("outbox", "game_id, id, version, ordinal, request_id, payload, image, file_name, file, created_at, delivered_at"),
];

/// Tables that belong to no game, copied whole.
const GLOBAL_TABLES: &[(&str, &str)] = &[
    ("requests", "platform, request_id, at, answer"),
    ("reminder_prefs", "user_id, enabled, delay_secs, interval_secs, max_count, quiet_start, quiet_end, utc_offset, dm, vacation_until"),
    ("digest_prefs", "platform, guild, user_id, at_minute, set_at"),
    ("digest_log", "platform, guild, user_id, day, sent_at, games"),
    ("web_secret", "id, secret, created_at"),
];

/// What a copy wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CopyReport {
    /// The copied games' ids.
    pub games: Vec<i64>,
    /// Rows copied per table, in the order of the tables.
    pub rows: Vec<(&'static str, u64)>,
}

fn insert_sql(table: &str, cols: &str) -> String {
    let n = cols.split(',').count();
    let params: Vec<String> = (1..=n).map(|i| format!("?{i}")).collect();
    format!(
        "INSERT INTO {table} ({cols}) VALUES ({})",
        params.join(", ")
    )
}

fn copy_rows(dst: &mut dyn Exec, table: &str, cols: &str, rows: &[Row]) -> Result<u64> {
    let sql = insert_sql(table, cols);
    for r in rows {
        dst.exec(&sql, &r.0)?;
    }
    Ok(rows.len() as u64)
}

/// The rows of `table` in `src` (those of game `game`, if given), ordered by every column.
fn read_rows(src: &Store, table: &str, cols: &str, game: Option<i64>) -> Result<Vec<Row>> {
    let (filter, params): (String, Vec<Value>) = match game {
        Some(id) => {
            let key = cols.split(',').next().unwrap_or("game_id").trim();
            (format!(" WHERE {key} = ?1"), vals![id].to_vec())
        }
        None => (String::new(), Vec::new()),
    };
    let sql = format!("SELECT {cols} FROM {table}{filter} ORDER BY {cols}");
    src.db.with(|ex| ex.query(&sql, &params))
}

/// The copied tables that already hold rows in `dst`, with their counts.
pub(crate) fn tables_in_use(dst: &mut dyn Exec) -> Result<Vec<String>> {
    let mut used = Vec::new();
    for (table, _) in GAME_TABLES.iter().chain(GLOBAL_TABLES) {
        let n = dst
            .query_one(&format!("SELECT COUNT(*) FROM {table}"), &[])?
            .i64(0)?;
        if n > 0 {
            used.push(format!("{table} ({n} rows)"));
        }
    }
    Ok(used)
}

/// Copy every game, then the global tables, of `src` into `dst` (one open transaction).
fn copy_all(dst: &mut dyn Exec, src: &Store) -> Result<CopyReport> {
    let mut report = CopyReport::default();
    let mut counts: Vec<u64> = vec![0; GAME_TABLES.len() + GLOBAL_TABLES.len()];
    let ids: Vec<i64> = src
        .db
        .with(|ex| ex.query("SELECT id FROM games ORDER BY id", &[]))?
        .iter()
        .map(|r| r.i64(0))
        .collect::<Result<_>>()?;
    for &id in &ids {
        for (i, (table, cols)) in GAME_TABLES.iter().enumerate() {
            counts[i] += copy_rows(dst, table, cols, &read_rows(src, table, cols, Some(id))?)?;
        }
        report.games.push(id);
    }
    for (i, (table, cols)) in GLOBAL_TABLES.iter().enumerate() {
        let rows = read_rows(src, table, cols, None)?;
        counts[GAME_TABLES.len() + i] = copy_rows(dst, table, cols, &rows)?;
    }
    if dst.dialect() == Dialect::Postgres {
        // New games and outbox rows get ids after the copied ones.
        for table in ["games", "outbox"] {
            dst.query(
                &format!(
                    "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                     (SELECT COALESCE(MAX(id), 0) + 1 FROM {table}), false)"
                ),
                &[],
            )?;
        }
    }
    report.rows = GAME_TABLES
        .iter()
        .chain(GLOBAL_TABLES)
        .map(|(t, _)| *t)
        .zip(counts)
        .collect();
    Ok(report)
}

impl Store {
    /// Copy every game and the global tables of `src` into this store (see the module
    /// invariants), in one transaction of this store. Fails, writing nothing, if this
    /// store already holds anything of Sherpa's (a game, a setting, a reminder, a digest,
    /// a result, a request id), or if any row fails to copy.
    pub fn copy_from(&mut self, src: &Store) -> Result<CopyReport> {
        self.db.tx(|tx| {
            let used = tables_in_use(tx)?;
            if !used.is_empty() {
                return Err(StoreError::Conflict(format!(
                    "the destination already holds Sherpa data ({}): copy into an empty database",
                    used.join(", ")
                )));
            }
            copy_all(tx, src)
        })
    }

    /// Does game `game_id` hold the same rows here as in `other`, table by table (as sets
    /// of rows: the backends may sort text differently)? Returns the first table that
    /// differs.
    pub fn same_game_rows(&self, other: &Store, game_id: i64) -> Result<Option<&'static str>> {
        let rows = |s: &Store, table: &str, cols: &str| -> Result<Vec<String>> {
            let mut v: Vec<String> = read_rows(s, table, cols, Some(game_id))?
                .iter()
                .map(|r| format!("{:?}", r.0))
                .collect();
            v.sort();
            Ok(v)
        };
        for (table, cols) in GAME_TABLES {
            if rows(self, table, cols)? != rows(other, table, cols)? {
                return Ok(Some(table));
            }
        }
        Ok(None)
    }
}
