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
                // WAL lets readers run beside the single writer; FULL sync because payments live here;
                // checkpoints run on their own thread (see `pool::checkpoint_in_background`). The busy
                // timeout comes first: switching a new file to WAL takes a lock that another process
                // starting on the same file at the same moment must wait for, not fail on. Reads map
                // the file (up to 1 GiB) instead of copying each page through a system call: tutor
                // search reads hundreds of scattered rows per query (crates/discovery's benchmark).
                conn.batch_execute(
                    "PRAGMA busy_timeout = 5000; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; \
                     PRAGMA synchronous = FULL; PRAGMA wal_autocheckpoint = 0; PRAGMA mmap_size = 1073741824;",
                )
                .map_err(|e| DbError::Connect(format!("cannot configure SQLite: {e}")))?;
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
    fn redacts_passwords() {
        assert_eq!(redact("postgres://u:secret@h/db"), "postgres://u:***@h/db");
    }
}
