//! Storage shared by every domain crate: the portable schema, the connection
//! over SQLite or PostgreSQL, the pools and the embedded migrations.

pub mod backup;
mod connection;
pub mod id_list;
mod in_use;
mod instance;
mod leases;
mod migrations;
mod pool;
pub mod schema;

pub use connection::{redact, DatabaseTarget, DbConnection};
pub use instance::instance_id;
pub use leases::claim_lease;
pub use migrations::{migrate_before, migration_plan, revert_through, run_migrations, MigrationName, MigrationPlan};
pub use pool::{Db, PoolState, PooledConnection};

pub mod clock;

/// Naive UTC "now", the one clock every stored timestamp uses, in microseconds:
/// what PostgreSQL keeps, so a value read back equals the value written on both backends.
/// It is the system clock plus [`clock::offset`], which only a test moves.
pub fn now() -> chrono::NaiveDateTime {
    use chrono::SubsecRound;
    (chrono::Utc::now().naive_utc() + clock::offset()).trunc_subsecs(6)
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("invalid DATABASE_URL: {0}")]
    BadUrl(String),
    #[error("{0}")]
    Connect(String),
    #[error("database migration failed: {0}")]
    Migration(String),
    #[error("database pool: {0}")]
    Pool(#[from] diesel::r2d2::PoolError),
    #[error("database query: {0}")]
    Query(#[from] diesel::result::Error),
    /// One failure answered to many callers (every message of a batch that
    /// could not be stored): its words, and what it means, kept.
    #[error("{message}")]
    Shared { failure: Failure, message: String },
}

impl DbError {
    /// A copy of this error for another caller of the same failed call.
    pub fn share(&self) -> DbError {
        DbError::Shared { failure: self.failure(), message: self.to_string() }
    }
}

/// What a failed database call means for the person waiting on it. Callers map
/// this, never the driver's words, to an answer (see the server's `errors.rs`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// The database cannot be reached right now (restarting, connections cut,
    /// pool exhausted): try again shortly; the pool replaces broken connections.
    Unavailable,
    /// The disk holding the database is full: nothing was written.
    StorageFull,
    /// Anything else: a bug or a constraint the service did not expect.
    Other,
}

impl DbError {
    pub fn failure(&self) -> Failure {
        use diesel::result::{DatabaseErrorKind, Error};
        match self {
            DbError::Connect(_) | DbError::Pool(_) => Failure::Unavailable,
            DbError::Query(Error::DatabaseError(DatabaseErrorKind::ClosedConnection, _)) => Failure::Unavailable,
            DbError::Query(Error::DatabaseError(_, info)) => failure_of_message(info.message()),
            DbError::Query(Error::BrokenTransactionManager) => Failure::Unavailable,
            DbError::Query(other) => failure_of_message(&other.to_string()),
            DbError::Shared { failure, .. } => *failure,
            DbError::BadUrl(_) | DbError::Migration(_) => Failure::Other,
        }
    }
}

/// The drivers report these conditions only in words: SQLite's SQLITE_FULL
/// ("database or disk is full"), PostgreSQL's 53100 ("could not extend file …:
/// No space left on device") and its 57P01/08006 family for cut connections.
pub fn failure_of_message(message: &str) -> Failure {
    let m = message.to_ascii_lowercase();
    if m.contains("disk is full") || m.contains("no space left on device") || m.contains("disk full") {
        Failure::StorageFull
    } else if m.contains("server closed the connection")
        || m.contains("terminating connection")
        || m.contains("connection to server")
        || m.contains("no connection to the server")
        || m.contains("the database system is starting up")
        || m.contains("the database system is shutting down")
        || m.contains("could not receive data from server")
        || m.contains("could not send data to server")
    {
        Failure::Unavailable
    } else {
        Failure::Other
    }
}

impl From<diesel::r2d2::Error> for DbError {
    fn from(e: diesel::r2d2::Error) -> Self {
        DbError::Connect(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn driver_words_become_failures_a_person_can_act_on() {
        assert_eq!(failure_of_message("database or disk is full"), Failure::StorageFull);
        assert_eq!(
            failure_of_message("could not extend file \"base/16384/2619\": No space left on device"),
            Failure::StorageFull
        );
        assert_eq!(failure_of_message("terminating connection due to administrator command"), Failure::Unavailable);
        assert_eq!(
            failure_of_message("server closed the connection unexpectedly\n\tThis probably means …"),
            Failure::Unavailable
        );
        assert_eq!(failure_of_message("UNIQUE constraint failed: users.email"), Failure::Other);
    }
}
