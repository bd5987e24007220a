//! Storage shared by every domain crate: the portable schema, the connection
//! over SQLite or PostgreSQL, the pools and the embedded migrations.

mod connection;
mod migrations;
mod pool;
pub mod schema;
pub mod testing;

pub use connection::{redact, DatabaseTarget, DbConnection};
pub use migrations::run_migrations;
pub use pool::{Db, PooledConnection};

/// Naive UTC "now", the one clock every stored timestamp uses, in microseconds:
/// what PostgreSQL keeps, so a value read back equals the value written on both backends.
pub fn now() -> chrono::NaiveDateTime {
    use chrono::SubsecRound;
    chrono::Utc::now().naive_utc().trunc_subsecs(6)
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
}

impl From<diesel::r2d2::Error> for DbError {
    fn from(e: diesel::r2d2::Error) -> Self {
        DbError::Connect(e.to_string())
    }
}
