//! Connection pools. SQLite allows one writer at a time, so writes go through a
//! pool of one connection and reads through a wider pool; PostgreSQL shares one pool.

use std::sync::{Arc, Weak};
use std::time::Duration;

use diesel::connection::SimpleConnection;

use diesel::connection::Connection;
use diesel::r2d2::{self, ManageConnection};

use crate::connection::{DatabaseTarget, DbConnection};
use crate::DbError;

pub type PooledConnection = r2d2::PooledConnection<Manager>;

#[derive(Debug)]
pub struct Manager(DatabaseTarget);

impl ManageConnection for Manager {
    type Connection = DbConnection;
    type Error = DbError;

    fn connect(&self) -> Result<DbConnection, DbError> {
        self.0.connect()
    }

    fn is_valid(&self, conn: &mut DbConnection) -> Result<(), DbError> {
        use diesel::RunQueryDsl;
        diesel::sql_query("SELECT 1").execute(conn).map(|_| ()).map_err(DbError::from)
    }

    fn has_broken(&self, _conn: &mut DbConnection) -> bool {
        false
    }
}

#[derive(Clone)]
pub struct Db {
    reader: r2d2::Pool<Manager>,
    writer: r2d2::Pool<Manager>,
    sqlite: bool,
    /// While any clone of this `Db` lives, its SQLite checkpoint thread runs.
    _alive: Arc<()>,
}

/// How often the write-ahead log of a SQLite file is copied back into the database.
const CHECKPOINT_EVERY: Duration = Duration::from_secs(1);

impl std::fmt::Debug for Db {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Db").field("sqlite", &self.sqlite).finish()
    }
}

impl Db {
    /// Opens the database named by `url`, failing fast with a message that names the problem.
    pub fn connect(url: &str) -> Result<Self, DbError> {
        let target = DatabaseTarget::parse(url)?;
        if let DatabaseTarget::Sqlite(path) = &target {
            create_parent_dir(path)?;
        }
        // One direct attempt first: a wrong password or a dead host is reported now,
        // with the driver's own words, instead of as a pool timeout later.
        drop(target.connect()?);

        let build = |size: u32| {
            r2d2::Pool::builder()
                .max_size(size)
                .min_idle(Some(0))
                .connection_timeout(Duration::from_secs(10))
                .test_on_check_out(false)
                .build_unchecked(Manager(target.clone()))
        };
        let sqlite = target.is_sqlite();
        let alive = Arc::new(());
        if sqlite && !target.is_in_memory() {
            checkpoint_in_background(target.clone(), Arc::downgrade(&alive));
        }
        let (reader, writer) = if target.is_in_memory() {
            // Every :memory: connection is its own database: share exactly one.
            let pool = build(1);
            (pool.clone(), pool)
        } else if sqlite {
            (build(8), build(1))
        } else {
            let pool = build(16);
            (pool.clone(), pool)
        };
        Ok(Self { reader, writer, sqlite, _alive: alive })
    }

    pub fn is_sqlite(&self) -> bool {
        self.sqlite
    }

    /// Runs `f` on a reading connection. Blocking: call from a blocking thread.
    pub fn read<T, E: From<DbError>>(&self, f: impl FnOnce(&mut DbConnection) -> Result<T, E>) -> Result<T, E> {
        let mut conn = self.reader.get().map_err(DbError::from)?;
        f(&mut conn)
    }

    /// Runs `f` in a transaction on the writing connection; an error rolls it all back.
    pub fn write<T, E>(&self, f: impl FnOnce(&mut DbConnection) -> Result<T, E>) -> Result<T, E>
    where
        E: From<DbError> + From<diesel::result::Error>,
    {
        let mut conn = self.writer.get().map_err(DbError::from)?;
        conn.transaction(|conn| f(conn))
    }

    /// Checks that the database answers (for the health endpoint).
    pub fn ping(&self) -> Result<(), DbError> {
        let mut conn = self.reader.get()?;
        Manager::is_valid_conn(&mut conn)
    }
}

impl Manager {
    fn is_valid_conn(conn: &mut DbConnection) -> Result<(), DbError> {
        use diesel::RunQueryDsl;
        diesel::sql_query("SELECT 1").execute(conn).map(|_| ()).map_err(DbError::from)
    }
}

/// Copies a SQLite file's write-ahead log back into the database on a thread of
/// its own, every `CHECKPOINT_EVERY`, until the last clone of its `Db` is gone.
/// Connections have SQLite's automatic checkpoint turned off: it would otherwise
/// run inside whichever commit fills the log past 1,000 pages, with its disk
/// syncs, and stall that writer (and every chat message queued behind it) for
/// tens of milliseconds. A passive checkpoint never blocks the writer or readers.
fn checkpoint_in_background(target: DatabaseTarget, alive: Weak<()>) {
    let spawned = std::thread::Builder::new().name("sqlite-checkpoint".into()).spawn(move || {
        let mut conn: Option<DbConnection> = None;
        while alive.strong_count() > 0 {
            std::thread::sleep(CHECKPOINT_EVERY);
            if conn.is_none() {
                conn = target.connect().map_err(|e| tracing::warn!(error = %e, "checkpoint connection")).ok();
            }
            if let Some(c) = conn.as_mut() {
                if let Err(e) = c.batch_execute("PRAGMA wal_checkpoint(PASSIVE)") {
                    tracing::warn!(error = %e, "SQLite checkpoint failed; retrying with a new connection");
                    conn = None;
                }
            }
        }
    });
    if let Err(e) = spawned {
        tracing::error!(error = %e, "cannot start the SQLite checkpoint thread; the write-ahead log will grow");
    }
}

fn create_parent_dir(path: &str) -> Result<(), DbError> {
    if path == ":memory:" || path.starts_with("file:") {
        return Ok(());
    }
    match std::path::Path::new(path).parent() {
        Some(dir) if !dir.as_os_str().is_empty() => std::fs::create_dir_all(dir)
            .map_err(|e| DbError::Connect(format!("cannot create directory {}: {e}", dir.display()))),
        _ => Ok(()),
    }
}
