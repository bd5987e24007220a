//! Embedded migrations, one folder per backend with the same names, applied by
//! one process at a time however many start at once (see [`run_migrations`]).

use diesel::connection::{Connection, SimpleConnection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use crate::{Db, DbConnection, DbError};

const SQLITE: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// The advisory lock every process takes before migrating: one key per schema, so
/// two sites (or two test schemas) in one PostgreSQL database do not wait on each other.
const PG_LOCK_KEY: &str = "hashtext('hometutor/migrations'), hashtext(coalesce(current_schema(), ''))";

/// Applies every pending migration; returns how many ran. Safe to run from any
/// number of processes at once: the first migrates, the others wait for it and
/// then find nothing left to do.
pub fn run_migrations(db: &Db) -> Result<usize, DbError> {
    if db.is_sqlite() {
        // A SQLite write begins IMMEDIATE (see `Db::write`): the file's write lock is taken
        // before the applied migrations are read, so a second process waits for the first.
        return db.write(|conn| match conn {
            DbConnection::Sqlite(c) => {
                c.run_pending_migrations(SQLITE).map(|v| v.len()).map_err(|e| DbError::Migration(e.to_string()))
            }
            DbConnection::Pg(_) => Err(DbError::Migration("a SQLite database gave a PostgreSQL connection".into())),
        });
    }
    // A session-level advisory lock, held on a connection of its own: it outlives the
    // migrations' transaction, and closing the connection releases it even if the
    // unlock below is never reached.
    let mut conn = db.dedicated_connection()?;
    let DbConnection::Pg(pg) = &mut conn else {
        return Err(DbError::Migration("a PostgreSQL database gave a SQLite connection".into()));
    };
    pg.batch_execute(&format!("SELECT pg_advisory_lock({PG_LOCK_KEY})"))
        .map_err(|e| DbError::Migration(format!("cannot take the migration lock: {e}")))?;
    let applied = pg.transaction(|c| {
        c.run_pending_migrations(POSTGRES).map(|v| v.len()).map_err(|e| DbError::Migration(e.to_string()))
    });
    pg.batch_execute(&format!("SELECT pg_advisory_unlock({PG_LOCK_KEY})"))?;
    applied
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    fn folder_names(backend: &str) -> BTreeSet<String> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../migrations").join(backend);
        std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.path().is_dir())
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn both_backends_have_the_same_migration_folders() {
        let sqlite = folder_names("sqlite");
        let postgres = folder_names("postgres");
        assert!(!sqlite.is_empty(), "no migrations found");
        assert_eq!(sqlite, postgres, "migrations/sqlite and migrations/postgres must list the same folders");
    }
}
