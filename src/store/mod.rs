//! TEMPORARY STUB on branch `discord` so the discord helper compiles before the lead's store
//! lands on main. Take main's version of this file on merge (it must keep `mod reminders;`
//! and the `0002_reminders` entry in MIGRATIONS).

use rusqlite::Connection;
use std::fmt;
use std::path::Path;

pub mod reminders;
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
];

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StoreError {
    TooNew { found: i64, supported: i64 },
    Conflict(String),
    NotFound,
    Sql(String),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::TooNew { found, supported } => {
                write!(f, "schema {found} newer than {supported}")
            }
            StoreError::Conflict(s) => f.write_str(s),
            StoreError::NotFound => write!(f, "no such game"),
            StoreError::Sql(s) => write!(f, "database error: {s}"),
        }
    }
}
impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> Self {
        StoreError::Sql(e.to_string())
    }
}

pub type Result<T> = std::result::Result<T, StoreError>;

pub struct Store {
    pub(crate) conn: Connection,
}

impl Store {
    pub fn open(path: &Path) -> Result<Store> {
        Self::init(Connection::open(path)?)
    }
    pub fn open_in_memory() -> Result<Store> {
        Self::init(Connection::open_in_memory()?)
    }
    fn init(conn: Connection) -> Result<Store> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        let mut store = Store { conn };
        let tx = store.conn.transaction()?;
        let current: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
        let supported = MIGRATIONS.len() as i64;
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
        Ok(store)
    }
}
