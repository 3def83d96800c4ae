//! The two database backends behind [`super::Store`]: SQLite (rusqlite, the embedded
//! default) and PostgreSQL (the `postgres` crate, the shared store of a fleet). The store's
//! queries are written once, with `?1`-style placeholders and SQL both dialects accept;
//! this module runs them on either backend and converts values both ways.
//!
//! Invariants:
//! - Only this module (and the rest of `src/store`) names rusqlite or postgres types.
//! - Placeholders are `?N`; on PostgreSQL they become `$N` (the store's SQL has no `?`
//!   inside string literals).
//! - A value read back is the value written: integers are 64-bit on both backends (the
//!   PostgreSQL migrations use BIGINT), blobs are BYTEA.
//! - [`Db::tx`] runs its closure in one transaction, committed only when it returns `Ok`;
//!   [`Db::with`] runs each statement on its own. Neither may be nested (an error, not a
//!   deadlock or a panic).

use super::pg_connect::{self, PgTarget};
use super::{Result, StoreError};
use std::cell::RefCell;
use std::collections::HashMap;

/// A value bound to or read from a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Null,
    Int(i64),
    Text(String),
    Blob(Vec<u8>),
}

impl From<i64> for Value {
    fn from(v: i64) -> Self {
        Value::Int(v)
    }
}
impl From<i32> for Value {
    fn from(v: i32) -> Self {
        Value::Int(v as i64)
    }
}
impl From<u32> for Value {
    fn from(v: u32) -> Self {
        Value::Int(v as i64)
    }
}
impl From<bool> for Value {
    fn from(v: bool) -> Self {
        Value::Int(v as i64)
    }
}
impl From<&str> for Value {
    fn from(v: &str) -> Self {
        Value::Text(v.to_string())
    }
}
impl From<&String> for Value {
    fn from(v: &String) -> Self {
        Value::Text(v.clone())
    }
}
impl From<String> for Value {
    fn from(v: String) -> Self {
        Value::Text(v)
    }
}
impl From<&[u8]> for Value {
    fn from(v: &[u8]) -> Self {
        Value::Blob(v.to_vec())
    }
}
impl From<&Vec<u8>> for Value {
    fn from(v: &Vec<u8>) -> Self {
        Value::Blob(v.clone())
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Self {
        v.map(Into::into).unwrap_or(Value::Null)
    }
}

/// Bind a list of values: `vals![a, b, c]` (anything with `Into<Value>`: integers, bools,
/// strings, bytes, and `Option`s of those for NULL).
macro_rules! vals {
    ($($v:expr),* $(,)?) => { &[$($crate::store::db::Value::from($v)),*][..] };
}
pub(crate) use vals;

/// One row of a result. The getters check the type: reading a column as the wrong type is
/// an error (`StoreError::Sql`), never a panic.
#[derive(Clone, Debug, Default)]
pub struct Row(pub Vec<Value>);

fn type_err(i: usize, want: &str, got: &Value) -> StoreError {
    StoreError::Sql(format!("column {i}: expected {want}, found {got:?}"))
}

impl Row {
    pub fn i64(&self, i: usize) -> Result<i64> {
        match self.0.get(i) {
            Some(Value::Int(v)) => Ok(*v),
            Some(v) => Err(type_err(i, "an integer", v)),
            None => Err(type_err(i, "an integer", &Value::Null)),
        }
    }
    pub fn opt_i64(&self, i: usize) -> Result<Option<i64>> {
        match self.0.get(i) {
            Some(Value::Null) | None => Ok(None),
            _ => self.i64(i).map(Some),
        }
    }
    pub fn bool(&self, i: usize) -> Result<bool> {
        Ok(self.i64(i)? != 0)
    }
    pub fn text(&self, i: usize) -> Result<String> {
        match self.0.get(i) {
            Some(Value::Text(v)) => Ok(v.clone()),
            Some(v) => Err(type_err(i, "text", v)),
            None => Err(type_err(i, "text", &Value::Null)),
        }
    }
    pub fn opt_text(&self, i: usize) -> Result<Option<String>> {
        match self.0.get(i) {
            Some(Value::Null) | None => Ok(None),
            _ => self.text(i).map(Some),
        }
    }
    pub fn blob(&self, i: usize) -> Result<Vec<u8>> {
        match self.0.get(i) {
            Some(Value::Blob(v)) => Ok(v.clone()),
            Some(Value::Text(v)) => Ok(v.as_bytes().to_vec()),
            Some(v) => Err(type_err(i, "bytes", v)),
            None => Err(type_err(i, "bytes", &Value::Null)),
        }
    }
    pub fn opt_blob(&self, i: usize) -> Result<Option<Vec<u8>>> {
        match self.0.get(i) {
            Some(Value::Null) | None => Ok(None),
            _ => self.blob(i).map(Some),
        }
    }
}

/// Runs statements: a connection outside a transaction, or an open transaction.
pub trait Exec {
    /// Run a statement; returns the number of rows it changed.
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<u64>;
    /// Run a query (or a statement with `RETURNING`); returns every row.
    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>>;
    /// Run several statements without parameters (migrations).
    fn batch(&mut self, sql: &str) -> Result<()>;
    /// Which backend this is.
    fn dialect(&self) -> Dialect;

    /// The first row, if any.
    fn query_opt(&mut self, sql: &str, params: &[Value]) -> Result<Option<Row>> {
        Ok(self.query(sql, params)?.into_iter().next())
    }
    /// Exactly one row.
    fn query_one(&mut self, sql: &str, params: &[Value]) -> Result<Row> {
        self.query_opt(sql, params)?
            .ok_or_else(|| StoreError::Sql("the query returned no row".into()))
    }
}

/// The SQL dialect of a backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

// ---------------------------------------------------------------- SQLite

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match self {
            Value::Null => ValueRef::Null,
            Value::Int(v) => ValueRef::Integer(*v),
            Value::Text(s) => ValueRef::Text(s.as_bytes()),
            Value::Blob(b) => ValueRef::Blob(b),
        }))
    }
}

fn sqlite_value(v: rusqlite::types::ValueRef<'_>) -> Value {
    use rusqlite::types::ValueRef;
    match v {
        ValueRef::Null => Value::Null,
        ValueRef::Integer(i) => Value::Int(i),
        // No REAL columns: a float would be a bug; keep its integer part readable.
        ValueRef::Real(f) => Value::Int(f as i64),
        ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
        ValueRef::Blob(b) => Value::Blob(b.to_vec()),
    }
}

/// A SQLite connection (or a transaction on it, which derefs to one).
pub struct SqliteExec<'a>(pub &'a rusqlite::Connection);

impl Exec for SqliteExec<'_> {
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<u64> {
        let mut st = self.0.prepare_cached(sql)?;
        Ok(st.execute(rusqlite::params_from_iter(params.iter()))? as u64)
    }
    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>> {
        let mut st = self.0.prepare_cached(sql)?;
        let n = st.column_count();
        let mut rows = st.query(rusqlite::params_from_iter(params.iter()))?;
        let mut out = Vec::new();
        while let Some(r) = rows.next()? {
            let mut row = Vec::with_capacity(n);
            for i in 0..n {
                row.push(sqlite_value(r.get_ref(i)?));
            }
            out.push(Row(row));
        }
        Ok(out)
    }
    fn batch(&mut self, sql: &str) -> Result<()> {
        Ok(self.0.execute_batch(sql)?)
    }
    fn dialect(&self) -> Dialect {
        Dialect::Sqlite
    }
}

// ---------------------------------------------------------------- PostgreSQL

/// `?N` placeholders as PostgreSQL's `$N`.
pub fn pg_sql(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '?' && chars.peek().is_some_and(|d| d.is_ascii_digit()) {
            out.push('$');
        } else {
            out.push(c);
        }
    }
    out
}

impl From<postgres::Error> for StoreError {
    /// With its cause: the server's message, or why the connection failed.
    fn from(e: postgres::Error) -> Self {
        if let Some(db) = e.as_db_error() {
            // Class 23: integrity constraint violations (unique, foreign key, check, not null).
            if db.code().code().starts_with("23") {
                return StoreError::Conflict(db.message().to_string());
            }
        }
        let cause = pg_connect::error_cause(&e);
        if pg_connect::is_connection_failure(&e) {
            StoreError::Unavailable(cause)
        } else {
            StoreError::Sql(cause)
        }
    }
}

impl StoreError {
    /// A failure to connect, said so.
    pub(super) fn connecting(self) -> StoreError {
        match self {
            StoreError::Sql(c) => StoreError::Sql(format!("cannot connect to PostgreSQL: {c}")),
            StoreError::Unavailable(c) => {
                StoreError::Unavailable(format!("cannot connect to PostgreSQL: {c}"))
            }
            other => other,
        }
    }
}

type PgParam = Box<dyn postgres::types::ToSql + Sync>;

/// A value as the Rust type the statement's parameter `ty` expects.
fn pg_param(v: &Value, ty: &postgres::types::Type) -> Result<PgParam> {
    use postgres::types::Type;
    let bad = || StoreError::Sql(format!("cannot bind {v:?} as {ty}"));
    Ok(match v {
        Value::Null => {
            if *ty == Type::INT8 {
                Box::new(None::<i64>)
            } else if *ty == Type::INT4 {
                Box::new(None::<i32>)
            } else if *ty == Type::INT2 {
                Box::new(None::<i16>)
            } else if *ty == Type::BYTEA {
                Box::new(None::<Vec<u8>>)
            } else if *ty == Type::BOOL {
                Box::new(None::<bool>)
            } else {
                Box::new(None::<String>)
            }
        }
        Value::Int(i) => {
            if *ty == Type::INT8 {
                Box::new(*i)
            } else if *ty == Type::INT4 {
                Box::new(i32::try_from(*i).map_err(|_| bad())?)
            } else if *ty == Type::INT2 {
                Box::new(i16::try_from(*i).map_err(|_| bad())?)
            } else if *ty == Type::BOOL {
                Box::new(*i != 0)
            } else if *ty == Type::TEXT || *ty == Type::VARCHAR {
                Box::new(i.to_string())
            } else {
                return Err(bad());
            }
        }
        Value::Text(s) => {
            if *ty == Type::BYTEA {
                Box::new(s.as_bytes().to_vec())
            } else {
                Box::new(s.clone())
            }
        }
        Value::Blob(b) => {
            if *ty == Type::BYTEA {
                Box::new(b.clone())
            } else {
                return Err(bad());
            }
        }
    })
}

fn pg_row(r: &postgres::Row) -> Result<Row> {
    use postgres::types::Type;
    let mut out = Vec::with_capacity(r.len());
    for (i, c) in r.columns().iter().enumerate() {
        let ty = c.type_();
        let v = if *ty == Type::INT8 {
            r.try_get::<_, Option<i64>>(i)?.map(Value::Int)
        } else if *ty == Type::INT4 {
            r.try_get::<_, Option<i32>>(i)?
                .map(|x| Value::Int(x as i64))
        } else if *ty == Type::INT2 {
            r.try_get::<_, Option<i16>>(i)?
                .map(|x| Value::Int(x as i64))
        } else if *ty == Type::BOOL {
            r.try_get::<_, Option<bool>>(i)?
                .map(|x| Value::Int(x as i64))
        } else if *ty == Type::BYTEA {
            r.try_get::<_, Option<Vec<u8>>>(i)?.map(Value::Blob)
        } else if *ty == Type::NUMERIC {
            return Err(StoreError::Sql(format!(
                "column {} is NUMERIC: cast it to BIGINT",
                c.name()
            )));
        } else {
            r.try_get::<_, Option<String>>(i)?.map(Value::Text)
        };
        out.push(v.unwrap_or(Value::Null));
    }
    Ok(Row(out))
}

/// The first wait before connecting again after a failed attempt; it doubles after each
/// further failure up to [`RECONNECT_MAX`], and is back to this after a success.
const RECONNECT_MIN: std::time::Duration = std::time::Duration::from_millis(250);
const RECONNECT_MAX: std::time::Duration = std::time::Duration::from_secs(8);

/// A PostgreSQL client with its prepared statements (per connection, kept across
/// transactions). When the server closed the connection (a restart, a network cut) or it
/// could not be opened, every later use connects again, with a growing wait between
/// failed attempts; meanwhile each use fails at once with [`StoreError::Unavailable`].
pub struct PgConn {
    /// `None` while the database is unreachable (and while being dropped).
    client: Option<postgres::Client>,
    cache: HashMap<String, postgres::Statement>,
    target: PgTarget,
    /// How many notices the server sent (start-up is expected to send none).
    notices: std::sync::Arc<std::sync::atomic::AtomicU64>,
    /// No connection attempt before this instant; the wait after the next failure; why
    /// the last attempt failed.
    retry_at: std::time::Instant,
    backoff: std::time::Duration,
    last_failure: String,
}

type PgParts<'a> = (
    &'a mut postgres::Client,
    &'a mut HashMap<String, postgres::Statement>,
);

/// Drop a client off any async runtime (closing it talks to the server through the
/// client's own small runtime, which must not run inside an async task).
fn close_client(client: Option<postgres::Client>) {
    if client.is_some() {
        let _ = std::thread::spawn(move || drop(client)).join();
    }
}

impl PgConn {
    fn connect(target: PgTarget) -> Result<PgConn> {
        let notices = std::sync::Arc::default();
        let client = target.connect(&notices)?;
        Ok(PgConn {
            client: Some(client),
            cache: HashMap::new(),
            target,
            notices,
            retry_at: std::time::Instant::now(),
            backoff: RECONNECT_MIN,
            last_failure: String::new(),
        })
    }

    /// The client (connected again first if the server had closed the connection, or it
    /// was lost) and the statement cache.
    fn parts(&mut self) -> Result<PgParts<'_>> {
        if self.client.as_ref().is_some_and(|c| c.is_closed()) {
            self.cache.clear();
            close_client(self.client.take());
            tracing::warn!("the PostgreSQL connection was closed; connecting again");
        }
        if self.client.is_none() {
            self.reconnect()?;
        }
        match &mut self.client {
            Some(c) => Ok((c, &mut self.cache)),
            None => Err(StoreError::Unavailable(self.last_failure.clone())),
        }
    }

    /// One connection attempt, unless the wait after the last failed one is still running.
    fn reconnect(&mut self) -> Result<()> {
        let now = std::time::Instant::now();
        if now < self.retry_at {
            return Err(StoreError::Unavailable(self.last_failure.clone()));
        }
        match self.target.connect(&self.notices) {
            Ok(client) => {
                tracing::info!("connected to PostgreSQL again");
                self.client = Some(client);
                self.backoff = RECONNECT_MIN;
                Ok(())
            }
            Err(e) => {
                tracing::warn!(
                    "PostgreSQL is unavailable (next attempt in {:?}): {e}",
                    self.backoff
                );
                self.retry_at = now + self.backoff;
                self.backoff = (self.backoff * 2).min(RECONNECT_MAX);
                self.last_failure = match e {
                    StoreError::Unavailable(c) | StoreError::Sql(c) => c,
                    other => other.to_string(),
                };
                Err(StoreError::Unavailable(self.last_failure.clone()))
            }
        }
    }
}

impl Drop for PgConn {
    fn drop(&mut self) {
        // Closing talks to the server through the client's own small runtime, which must
        // not run inside an async task (a store may be dropped there): close it on a
        // plain thread.
        self.cache.clear();
        close_client(self.client.take());
    }
}

/// A transaction on a [`PgConn`], or the connection itself (autocommit).
pub struct PgExec<'a, C: postgres::GenericClient> {
    client: &'a mut C,
    cache: &'a mut HashMap<String, postgres::Statement>,
}

impl<C: postgres::GenericClient> PgExec<'_, C> {
    fn prepared(&mut self, sql: &str) -> Result<postgres::Statement> {
        if let Some(st) = self.cache.get(sql) {
            return Ok(st.clone());
        }
        let st = self.client.prepare(&pg_sql(sql))?;
        self.cache.insert(sql.to_string(), st.clone());
        Ok(st)
    }
    fn params(st: &postgres::Statement, params: &[Value]) -> Result<Vec<PgParam>> {
        if st.params().len() != params.len() {
            return Err(StoreError::Sql(format!(
                "the statement takes {} parameters, {} given",
                st.params().len(),
                params.len()
            )));
        }
        st.params()
            .iter()
            .zip(params)
            .map(|(ty, v)| pg_param(v, ty))
            .collect()
    }
}

fn refs(p: &[PgParam]) -> Vec<&(dyn postgres::types::ToSql + Sync)> {
    p.iter().map(|b| b.as_ref()).collect()
}

impl<C: postgres::GenericClient> Exec for PgExec<'_, C> {
    fn exec(&mut self, sql: &str, params: &[Value]) -> Result<u64> {
        let st = self.prepared(sql)?;
        let p = Self::params(&st, params)?;
        Ok(self.client.execute(&st, &refs(&p))?)
    }
    fn query(&mut self, sql: &str, params: &[Value]) -> Result<Vec<Row>> {
        let st = self.prepared(sql)?;
        let p = Self::params(&st, params)?;
        self.client
            .query(&st, &refs(&p))?
            .iter()
            .map(pg_row)
            .collect()
    }
    fn batch(&mut self, sql: &str) -> Result<()> {
        Ok(self.client.batch_execute(sql)?)
    }
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }
}

// ---------------------------------------------------------------- the backend

fn nested() -> StoreError {
    StoreError::Sql("the store was used from inside one of its own queries".into())
}

/// An open database: one connection to either backend.
pub enum Db {
    /// The connection, and its write-ahead log when the database is a file in WAL mode
    /// (the file [`Pending::wait`] forces to the disk).
    Sqlite(rusqlite::Connection, Option<Wal>),
    /// In a `RefCell` because the postgres client needs `&mut` even to read; the store is
    /// used from one thread at a time (it sits behind the chat core's mutex).
    Postgres(Box<RefCell<PgConn>>),
}

impl Db {
    /// Wrap an open SQLite connection whose pragmas are set (journal mode first).
    pub fn open_sqlite(conn: rusqlite::Connection) -> Result<Db> {
        let mode: String = conn.query_row("PRAGMA journal_mode", [], |r| r.get(0))?;
        let wal = match conn.path() {
            Some(p) if !p.is_empty() && mode.eq_ignore_ascii_case("wal") => Some(Wal {
                path: format!("{p}-wal").into(),
                syncs: Default::default(),
            }),
            _ => None,
        };
        Ok(Db::Sqlite(conn, wal))
    }

    /// Connect to PostgreSQL at `url` (`postgres://user@host:port/db`, with TLS as its
    /// `sslmode` asks: [`pg_connect`]).
    pub fn connect_postgres(url: &str) -> Result<Db> {
        let conn = PgConn::connect(PgTarget::parse(url)?)?;
        Ok(Db::Postgres(Box::new(RefCell::new(conn))))
    }

    /// How many notices the database sent this connection (PostgreSQL; 0 on SQLite).
    pub fn notices(&self) -> u64 {
        match self {
            Db::Sqlite(..) => 0,
            Db::Postgres(pg) => pg
                .borrow()
                .notices
                .load(std::sync::atomic::Ordering::Relaxed),
        }
    }

    pub fn dialect(&self) -> Dialect {
        match self {
            Db::Sqlite(..) => Dialect::Sqlite,
            Db::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Run `f` outside a transaction (each statement commits by itself).
    pub fn with<T>(&self, f: impl FnOnce(&mut dyn Exec) -> Result<T>) -> Result<T> {
        match self {
            Db::Sqlite(c, _) => f(&mut SqliteExec(c)),
            Db::Postgres(pg) => {
                let mut pg = pg.try_borrow_mut().map_err(|_| nested())?;
                let (client, cache) = pg.parts()?;
                f(&mut PgExec { client, cache })
            }
        }
    }

    /// Every row of `sql` (outside a transaction), each read by `read`.
    pub fn read_rows<T>(
        &self,
        sql: &str,
        args: &[Value],
        read: impl Fn(&Row) -> Result<T>,
    ) -> Result<Vec<T>> {
        let rows = self.with(|ex| ex.query(sql, args))?;
        rows.iter().map(read).collect()
    }

    /// The first column of every row of `sql` (outside a transaction), each read by `get`
    /// (e.g. [`Row::i64`], [`Row::text`]).
    pub fn column<T>(
        &self,
        sql: &str,
        args: &[Value],
        get: impl Fn(&Row, usize) -> Result<T>,
    ) -> Result<Vec<T>> {
        self.read_rows(sql, args, |r| get(r, 0))
    }

    /// Run `f` in one transaction: committed when it returns `Ok`, rolled back otherwise.
    /// On SQLite the transaction takes the write lock at its start (`BEGIN IMMEDIATE`), so
    /// a second writer (another connection or process) waits for the first and then reads
    /// what it committed, as on PostgreSQL, instead of failing on a stale read.
    pub fn tx<T>(&self, f: impl FnOnce(&mut dyn Exec) -> Result<T>) -> Result<T> {
        match self {
            Db::Sqlite(c, _) => {
                let tx = rusqlite::Transaction::new_unchecked(
                    c,
                    rusqlite::TransactionBehavior::Immediate,
                )?;
                let r = f(&mut SqliteExec(&tx))?;
                tx.commit()?;
                Ok(r)
            }
            Db::Postgres(pg) => {
                let mut pg = pg.try_borrow_mut().map_err(|_| nested())?;
                let (client, cache) = pg.parts()?;
                let mut tx = client.transaction()?;
                let r = f(&mut PgExec {
                    client: &mut tx,
                    cache,
                })?;
                tx.commit()?;
                Ok(r)
            }
        }
    }

    /// Like [`Db::tx`], but the commit does not wait for the disk: on SQLite (WAL) the
    /// transaction is written to the log without an fsync, which the next ordinary commit
    /// (or a checkpoint) makes durable; on PostgreSQL it commits with
    /// `synchronous_commit` off. A killed process loses nothing; a power cut or an
    /// operating-system crash may lose this transaction, never an earlier one. Only for
    /// writes that may be lost and redone (the outbox's delivered marks).
    pub fn tx_unsynced<T>(&self, f: impl FnOnce(&mut dyn Exec) -> Result<T>) -> Result<T> {
        match self {
            Db::Sqlite(c, _) => {
                c.pragma_update(None, "synchronous", "NORMAL")?;
                let r = self.tx(f);
                // Every other commit keeps the full fsync, also when this one failed.
                let back = c.pragma_update(None, "synchronous", "FULL");
                let r = r?;
                back?;
                Ok(r)
            }
            Db::Postgres(_) => self.tx(|tx| {
                tx.exec("SET LOCAL synchronous_commit TO OFF", &[])?;
                f(tx)
            }),
        }
    }

    /// Like [`Db::tx`], but where the commit would wait for the disk while the caller
    /// holds its locks (a SQLite file in WAL mode), it only writes the log, and the
    /// returned [`Pending`] forces the log to the disk. The caller releases its locks,
    /// then calls [`Pending::wait`] before it tells anyone the change happened. So the
    /// fsyncs of changes from several threads overlap (one fsync may cover several
    /// commits) instead of queueing behind the lock.
    ///
    /// Until `wait` returns, a power cut or an operating-system crash (not a killed
    /// process) may lose this change, never an earlier acknowledged one; other requests
    /// may already read it. Elsewhere (PostgreSQL, in-memory SQLite) the commit is durable
    /// when it returns and `wait` does nothing.
    pub fn tx_sync_later<T>(
        &self,
        f: impl FnOnce(&mut dyn Exec) -> Result<T>,
    ) -> Result<(T, Pending)> {
        match self {
            Db::Sqlite(c, Some(wal)) => {
                c.pragma_update(None, "synchronous", "NORMAL")?;
                let r = self.tx(f);
                let back = c.pragma_update(None, "synchronous", "FULL");
                let r = r?;
                back?;
                Ok((
                    r,
                    Pending {
                        wal: Some(wal.clone()),
                    },
                ))
            }
            _ => Ok((self.tx(f)?, Pending { wal: None })),
        }
    }

    /// How many times [`Pending::wait`] synced this database's log.
    pub fn log_syncs(&self) -> u64 {
        match self {
            Db::Sqlite(_, Some(wal)) => wal.syncs.load(std::sync::atomic::Ordering::Relaxed),
            _ => 0,
        }
    }

    /// The SQLite connection, if this is SQLite (pragmas).
    pub fn sqlite(&self) -> Option<&rusqlite::Connection> {
        match self {
            Db::Sqlite(c, _) => Some(c),
            Db::Postgres(_) => None,
        }
    }
}

/// SQLite's write-ahead log of a database file, and how often [`Pending::wait`] synced it.
#[derive(Clone, Debug)]
pub struct Wal {
    path: std::path::PathBuf,
    syncs: std::sync::Arc<std::sync::atomic::AtomicU64>,
}

/// A change committed by [`Db::tx_sync_later`] that may not be on the disk yet.
#[must_use = "a change is not durable until `Pending::wait` returns"]
#[derive(Debug)]
pub struct Pending {
    /// The write-ahead log to force to the disk; `None` when the commit already was durable.
    wal: Option<Wal>,
}

impl Pending {
    /// Force the change to the disk (an `fdatasync` of SQLite's write-ahead log, which
    /// also covers every change written to the log before it). Call it holding no lock.
    pub fn wait(self) -> Result<()> {
        let Some(wal) = self.wal else {
            return Ok(());
        };
        // No path in the text: it may reach a chat channel.
        let failed = |e: std::io::Error| {
            StoreError::Sql(format!(
                "the disk reported an error while saving the change ({e}); it may be lost after a power cut"
            ))
        };
        match std::fs::OpenOptions::new().write(true).open(&wal.path) {
            Ok(f) => f.sync_data().map_err(failed)?,
            // No log: the last connection closed and SQLite checkpointed the log into the
            // database file and synced it (it deletes the log only after that).
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(failed(e)),
        }
        wal.syncs.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Ok(())
    }

    /// The log file `wait` syncs (tests).
    #[cfg(test)]
    pub fn log_file(&self) -> Option<&std::path::Path> {
        self.wal.as_ref().map(|w| w.path.as_path())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_become_dollar_numbers() {
        assert_eq!(
            pg_sql("SELECT a FROM t WHERE b = ?1 AND c IN (?2, ?10) AND d = '?'"),
            "SELECT a FROM t WHERE b = $1 AND c IN ($2, $10) AND d = '?'"
        );
    }
}
