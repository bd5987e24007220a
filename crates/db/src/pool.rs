//! Connection pools. SQLite allows one writer at a time, so writes go through a
//! pool of one connection and reads through a wider pool; PostgreSQL shares one pool.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::{Duration, Instant};

use diesel::connection::{Connection, SimpleConnection};
use diesel::r2d2::{self, ManageConnection, R2D2Connection};

use crate::connection::{DatabaseTarget, DbConnection};
use crate::DbError;

pub type PooledConnection = r2d2::PooledConnection<Manager>;

/// A connection as the pool holds it, with what the pool needs to tell a dead
/// one from a live one without a round trip on every checkout.
pub struct PoolConnection {
    conn: DbConnection,
    /// When it last finished work.
    last_used: Instant,
    /// Its last unit of work failed: it is pinged on the way back into the pool.
    failed: bool,
}

impl std::ops::Deref for PoolConnection {
    type Target = DbConnection;
    fn deref(&self) -> &DbConnection {
        &self.conn
    }
}

impl std::ops::DerefMut for PoolConnection {
    fn deref_mut(&mut self) -> &mut DbConnection {
        &mut self.conn
    }
}

impl PoolConnection {
    fn finished(&mut self, failed: bool) {
        self.failed = failed;
        self.last_used = Instant::now();
    }
}

/// A connection that sat idle longer than this is pinged on checkout: the server
/// (or a proxy) may have closed it meanwhile. One used within this window has
/// just answered, so checking it again would only add a round trip to every
/// call (measured: see docs/operations.md, "What survives what").
const CHECK_IDLE_AFTER: Duration = Duration::from_secs(1);

/// Opens connections for r2d2 and decides which may be reused. Only PostgreSQL
/// connections can die under us (a restart, a fail-over, `pg_terminate_backend`,
/// a proxy closing idle sessions); a SQLite file cannot drop a connection.
#[derive(Debug)]
pub struct Manager {
    target: DatabaseTarget,
    created: Instant,
    /// When a dead connection was last found, in nanoseconds after `created`:
    /// every connection not used since then is suspect too (a restart kills all
    /// of them at once) and is pinged on checkout, however recently it was used.
    dead_seen: AtomicU64,
}

impl Manager {
    fn new(target: DatabaseTarget) -> Self {
        Self { target, created: Instant::now(), dead_seen: AtomicU64::new(0) }
    }

    fn trusted_without_ping(&self, conn: &PoolConnection) -> bool {
        let dead_seen = self.created + Duration::from_nanos(self.dead_seen.load(Ordering::Relaxed));
        conn.last_used.elapsed() < CHECK_IDLE_AFTER && conn.last_used > dead_seen
    }
}

impl ManageConnection for Manager {
    type Connection = PoolConnection;
    type Error = DbError;

    fn connect(&self) -> Result<PoolConnection, DbError> {
        Ok(PoolConnection { conn: self.target.connect()?, last_used: Instant::now(), failed: false })
    }

    /// Run on checkout (PostgreSQL only): a connection closed behind the pool's
    /// back is discarded and replaced here instead of failing the request that drew it.
    fn is_valid(&self, conn: &mut PoolConnection) -> Result<(), DbError> {
        if self.trusted_without_ping(conn) {
            return Ok(());
        }
        conn.conn.ping().map_err(DbError::from)?;
        conn.last_used = Instant::now();
        Ok(())
    }

    /// Called when a connection goes back to the pool. As in diesel's own manager,
    /// one left inside a transaction or with its transaction manager in error is
    /// closed, not reused. So is one whose call failed and that then fails a ping
    /// (failures are rare, so the ping costs nothing in the common case).
    fn has_broken(&self, conn: &mut PoolConnection) -> bool {
        if std::thread::panicking() || conn.conn.is_broken() {
            return true;
        }
        if std::mem::take(&mut conn.failed) && matches!(conn.conn, DbConnection::Pg(_)) && conn.conn.ping().is_err() {
            let nanos = u64::try_from(self.created.elapsed().as_nanos()).unwrap_or(u64::MAX);
            self.dead_seen.fetch_max(nanos, Ordering::Relaxed);
            return true;
        }
        false
    }
}

#[derive(Clone)]
pub struct Db {
    reader: r2d2::Pool<Manager>,
    writer: r2d2::Pool<Manager>,
    sqlite: bool,
    /// Where the pools connect, for work that needs a connection of its own (migrations).
    target: DatabaseTarget,
    /// While any clone of this `Db` lives, its SQLite checkpoint thread runs; it
    /// holds this lock while it checkpoints (see [`Db::hold_checkpoints`]).
    checkpoints: Arc<Mutex<()>>,
    /// A SQLite file's shared lock, held while any clone lives: `restore` is refused meanwhile.
    _in_use: Option<Arc<std::fs::File>>,
}

/// How long a request waits for a SQLite connection: writers queue behind the
/// single writing connection, so a burst of writes may wait a while.
const SQLITE_WAIT: Duration = Duration::from_secs(10);

/// How long a request waits for a PostgreSQL connection before it is told the
/// database is unavailable. r2d2 also retries failed connection attempts with a
/// back-off capped at half this, so once PostgreSQL accepts connections again the
/// pool has one within about 2 s (the promise is 5 s).
const POSTGRES_WAIT: Duration = Duration::from_secs(4);

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
        let mut in_use = None;
        if let DatabaseTarget::Sqlite(path) = &target {
            create_parent_dir(path)?;
            if !target.is_in_memory() && !path.starts_with("file:") {
                in_use = crate::in_use::hold_shared(std::path::Path::new(path))?.map(Arc::new);
            }
        }
        // One direct attempt first: a wrong password or a dead host is reported now,
        // with the driver's own words, instead of as a pool timeout later.
        drop(target.connect()?);

        let sqlite = target.is_sqlite();
        let build = |size: u32| {
            r2d2::Pool::builder()
                .max_size(size)
                .min_idle(Some(0))
                .connection_timeout(if sqlite { SQLITE_WAIT } else { POSTGRES_WAIT })
                // A SQLite file cannot drop a connection; a PostgreSQL server can.
                .test_on_check_out(!sqlite)
                .build_unchecked(Manager::new(target.clone()))
        };
        let checkpoints = Arc::new(Mutex::new(()));
        if sqlite && !target.is_in_memory() {
            checkpoint_in_background(target.clone(), Arc::downgrade(&checkpoints));
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
        Ok(Self { reader, writer, sqlite, target, checkpoints, _in_use: in_use })
    }

    /// Holds the background checkpoint off until the guard is dropped (one running
    /// now finishes first), so whatever reaches the SQLite file meanwhile was put
    /// there by a commit itself: how a test tells the two apart. Nothing for PostgreSQL.
    pub fn hold_checkpoints(&self) -> MutexGuard<'_, ()> {
        self.checkpoints.lock().unwrap_or_else(PoisonError::into_inner)
    }

    pub fn is_sqlite(&self) -> bool {
        self.sqlite
    }

    /// Runs `f` on a reading connection. Blocking: call from a blocking thread.
    pub fn read<T, E: From<DbError>>(&self, f: impl FnOnce(&mut DbConnection) -> Result<T, E>) -> Result<T, E> {
        let mut conn = checkout(&self.reader, self.reader_label()).map_err(DbError::from)?;
        let result = f(&mut conn);
        conn.finished(result.is_err());
        result
    }

    /// Runs `f` in a transaction on the writing connection; an error rolls it all back.
    /// On SQLite the transaction is `BEGIN IMMEDIATE`: it takes the file's write lock
    /// before `f` reads anything, so a write racing another *process* on the same file
    /// waits for it (busy timeout) instead of failing as "database is locked" when a
    /// read-then-write transaction finds its snapshot overtaken. Within one process
    /// writes are serial anyway (one writing connection), so this costs nothing there.
    pub fn write<T, E>(&self, f: impl FnOnce(&mut DbConnection) -> Result<T, E>) -> Result<T, E>
    where
        E: From<DbError> + From<diesel::result::Error>,
    {
        let mut conn = checkout(&self.writer, self.writer_label()).map_err(DbError::from)?;
        let result = if self.sqlite { immediate_transaction(&mut conn, f) } else { conn.transaction(|conn| f(conn)) };
        conn.finished(result.is_err());
        result
    }

    /// Each pool's connections now, for the metrics: `read` and `write` on a SQLite file,
    /// one `shared` pool on PostgreSQL (and for an in-memory SQLite database).
    pub fn pool_states(&self) -> Vec<PoolState> {
        let state = |label: &'static str, pool: &r2d2::Pool<Manager>| {
            let state = pool.state();
            PoolState {
                label,
                in_use: state.connections.saturating_sub(state.idle_connections),
                idle: state.idle_connections,
                max: pool.max_size(),
            }
        };
        if self.separate_writer() {
            vec![state("read", &self.reader), state("write", &self.writer)]
        } else {
            vec![state("shared", &self.reader)]
        }
    }

    fn separate_writer(&self) -> bool {
        self.sqlite && !self.target.is_in_memory()
    }

    fn reader_label(&self) -> &'static str {
        if self.separate_writer() {
            "read"
        } else {
            "shared"
        }
    }

    fn writer_label(&self) -> &'static str {
        if self.separate_writer() {
            "write"
        } else {
            "shared"
        }
    }

    /// A new connection outside the pools, closed when dropped: for a session-level
    /// PostgreSQL advisory lock, which must not go back into a pool still held.
    pub(crate) fn dedicated_connection(&self) -> Result<DbConnection, DbError> {
        self.target.connect()
    }

    /// Checks that the database answers (for the health endpoint).
    pub fn ping(&self) -> Result<(), DbError> {
        let mut conn = checkout(&self.reader, self.reader_label())?;
        let result = conn.ping().map_err(DbError::from);
        conn.finished(result.is_err());
        result
    }
}

/// One pool's connections at a moment (see [`Db::pool_states`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolState {
    /// `read`, `write` or `shared`.
    pub label: &'static str,
    pub in_use: u32,
    pub idle: u32,
    pub max: u32,
}

/// Takes a connection from `pool`, recording how long that took (including a
/// timeout's full wait): a pool too small for the load shows here first.
fn checkout(pool: &r2d2::Pool<Manager>, label: &'static str) -> Result<PooledConnection, r2d2::PoolError> {
    let started = Instant::now();
    let conn = pool.get();
    metrics::histogram!("hometutor_db_checkout_wait_seconds", "pool" => label).record(started.elapsed().as_secs_f64());
    conn
}

/// diesel's `Connection::transaction` (commit on `Ok`, roll back on `Err`), begun with
/// SQLite's `BEGIN IMMEDIATE`; nested transactions inside `f` are savepoints as usual.
fn immediate_transaction<T, E>(
    conn: &mut DbConnection,
    f: impl FnOnce(&mut DbConnection) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<diesel::result::Error>,
{
    use diesel::connection::{AnsiTransactionManager, TransactionManager};
    type Manager = <DbConnection as Connection>::TransactionManager;
    match conn {
        DbConnection::Sqlite(lite) => AnsiTransactionManager::begin_transaction_sql(lite, "BEGIN IMMEDIATE")?,
        DbConnection::Pg(_) => Manager::begin_transaction(conn)?,
    }
    match f(conn) {
        Ok(value) => {
            Manager::commit_transaction(conn)?;
            Ok(value)
        }
        Err(error) => match Manager::rollback_transaction(conn) {
            // A broken transaction manager is most likely the work of `error`: report that.
            Ok(()) | Err(diesel::result::Error::BrokenTransactionManager) => Err(error),
            Err(rollback) => Err(rollback.into()),
        },
    }
}

/// Copies a SQLite file's write-ahead log back into the database on a thread of
/// its own, every `CHECKPOINT_EVERY`, until the last clone of its `Db` is gone.
/// Connections have SQLite's automatic checkpoint turned off: it would otherwise
/// run inside whichever commit fills the log past 1,000 pages, with its disk
/// syncs, and stall that writer (and every chat message queued behind it) for
/// tens of milliseconds. A passive checkpoint never blocks the writer or readers.
fn checkpoint_in_background(target: DatabaseTarget, alive: Weak<Mutex<()>>) {
    let spawned = std::thread::Builder::new().name("sqlite-checkpoint".into()).spawn(move || {
        let mut conn: Option<DbConnection> = None;
        loop {
            std::thread::sleep(CHECKPOINT_EVERY);
            let Some(gate) = alive.upgrade() else { break };
            let _checkpointing = gate.lock().unwrap_or_else(PoisonError::into_inner);
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
