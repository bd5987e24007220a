//! One connection type over both backends, built from the URL scheme.

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::{PgConnection, SqliteConnection};

use crate::DbError;

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Sqlite(SqliteConnection),
    Pg(PgConnection),
}

/// Where the data lives, parsed once from `DATABASE_URL`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatabaseTarget {
    /// A file path, or `:memory:` / a `file:` URI for tests.
    Sqlite(String),
    /// A libpq URL, possibly with a schema to put on the search path.
    Postgres { url: String, schema: Option<String> },
}

impl DatabaseTarget {
    pub fn parse(url: &str) -> Result<Self, DbError> {
        if let Some(path) = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:")) {
            if path.is_empty() {
                return Err(DbError::BadUrl("sqlite:// needs a file path, e.g. sqlite://data/hometutor.db".into()));
            }
            return Ok(Self::Sqlite(path.to_string()));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            url::Url::parse(url).map_err(|e| DbError::BadUrl(format!("invalid PostgreSQL URL: {e}")))?;
            return Ok(Self::Postgres { url: url.to_string(), schema: None });
        }
        Err(DbError::BadUrl(format!(
            "unsupported DATABASE_URL scheme in '{}': use sqlite://path or postgres://…",
            redact(url)
        )))
    }

    pub fn is_sqlite(&self) -> bool {
        matches!(self, Self::Sqlite(_))
    }

    pub fn is_in_memory(&self) -> bool {
        matches!(self, Self::Sqlite(p) if p == ":memory:")
    }

    pub(crate) fn connect(&self) -> Result<DbConnection, DbError> {
        match self {
            Self::Sqlite(path) => {
                let mut conn = SqliteConnection::establish(path)
                    .map_err(|e| DbError::Connect(format!("cannot open SQLite database '{path}': {e}")))?;
                configure_sqlite(&mut conn)?;
                Ok(DbConnection::Sqlite(conn))
            }
            Self::Postgres { url, schema } => {
                let url = with_connect_timeout(url);
                let mut conn = PgConnection::establish(&url)
                    .map_err(|e| DbError::Connect(format!("cannot connect to PostgreSQL at {}: {e}", redact(&url))))?;
                if let Some(schema) = schema {
                    conn.batch_execute(&format!("SET search_path TO \"{schema}\""))
                        .map_err(|e| DbError::Connect(format!("cannot select schema {schema}: {e}")))?;
                }
                Ok(DbConnection::Pg(conn))
            }
        }
    }
}

/// WAL lets readers run beside the single writer; FULL sync because payments live here; checkpoints run
/// on their own thread (see `pool::checkpoint_in_background`). Reads map the file (up to 1 GiB) instead of
/// copying each page through a system call: tutor search reads hundreds of scattered rows per query
/// (crates/discovery's benchmark). Temporary storage, statement journals included, stays in memory: a
/// statement journal past 64 KiB otherwise became a temporary file opened, written and deleted on
/// every chat batch (≈ 8 % of the server's CPU at 5,000 msg/s).
///
/// The busy timeout is set first, on its own, so the rest waits for other processes' locks. It is not
/// always enough: switching a file to WAL, or opening one whose WAL index another process is rebuilding,
/// can answer "database is locked" at once, without calling the busy handler (SQLite does so where
/// waiting could deadlock). Several processes starting on one file together (`hometutor migrate` in a
/// rolling deploy) meet exactly that, so a busy answer is retried with a short backoff for as long as the
/// busy timeout would have waited.
fn configure_sqlite(conn: &mut SqliteConnection) -> Result<(), DbError> {
    const SETTINGS: &str = "PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL; \
                            PRAGMA wal_autocheckpoint = 0; PRAGMA mmap_size = 1073741824; \
                            PRAGMA temp_store = MEMORY;";
    let cannot = |e: diesel::result::Error| DbError::Connect(format!("cannot configure SQLite: {e}"));
    conn.batch_execute(&format!("PRAGMA busy_timeout = {};", SQLITE_BUSY_WAIT.as_millis())).map_err(cannot)?;
    let started = std::time::Instant::now();
    let mut pause = std::time::Duration::from_millis(2);
    loop {
        match conn.batch_execute(SETTINGS) {
            Ok(()) => return Ok(()),
            Err(e) if is_busy(&e) && started.elapsed() < SQLITE_BUSY_WAIT => {
                std::thread::sleep(pause);
                pause = (pause * 2).min(std::time::Duration::from_millis(100));
            }
            Err(e) => return Err(cannot(e)),
        }
    }
}

/// How long a connection waits for another's lock before giving up.
const SQLITE_BUSY_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// SQLite's SQLITE_BUSY, which diesel reports by its message only.
fn is_busy(e: &diesel::result::Error) -> bool {
    matches!(e, diesel::result::Error::DatabaseError(_, info)
        if info.message().contains("database is locked") || info.message().contains("database is busy"))
}

/// An unreachable server must fail within seconds, not hang on TCP's defaults.
fn with_connect_timeout(url: &str) -> String {
    if url.contains("connect_timeout=") {
        return url.to_string();
    }
    let sep = if url.contains('?') { '&' } else { '?' };
    format!("{url}{sep}connect_timeout=3")
}

/// Hides the password of a URL before it goes into a message or a log.
pub fn redact(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut parsed) if parsed.password().is_some() => {
            let _ = parsed.set_password(Some("***"));
            parsed.to_string()
        }
        _ => url.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_the_backend_from_the_scheme() {
        assert_eq!(DatabaseTarget::parse("sqlite://data/x.db").ok(), Some(DatabaseTarget::Sqlite("data/x.db".into())));
        assert!(matches!(DatabaseTarget::parse("postgres://u@h/db"), Ok(DatabaseTarget::Postgres { .. })));
        assert!(matches!(DatabaseTarget::parse("mysql://h/db"), Err(DbError::BadUrl(_))));
        assert!(matches!(DatabaseTarget::parse("sqlite://"), Err(DbError::BadUrl(_))));
    }

    #[test]
    fn a_connection_waits_for_another_process_holding_the_file() {
        let path = std::env::temp_dir().join(format!("hometutor-busy-{}.db", std::process::id()));
        let path = path.to_str().expect("utf-8 path").to_string();
        // A connection in the default rollback mode holds the new file exclusively, as a process in the
        // middle of switching it to WAL would.
        let mut holder = SqliteConnection::establish(&path).expect("open");
        holder.batch_execute("CREATE TABLE t (x INTEGER); BEGIN EXCLUSIVE; INSERT INTO t VALUES (1);").expect("lock");
        let target = DatabaseTarget::Sqlite(path.clone());
        let opener = std::thread::spawn(move || target.connect().map(|_| std::time::Instant::now()));
        std::thread::sleep(std::time::Duration::from_millis(300));
        let released = std::time::Instant::now();
        holder.batch_execute("COMMIT").expect("release");
        let opened = opener.join().expect("thread").expect("connects once the lock is released");
        assert!(opened >= released, "configured only after the other connection let go");
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{path}{suffix}"));
        }
    }

    #[test]
    fn redacts_passwords() {
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
    }
}
