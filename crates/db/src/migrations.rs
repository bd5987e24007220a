//! Embedded migrations, one folder per backend with the same names.

use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use crate::{Db, DbConnection, DbError};

const SQLITE: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Applies every pending migration; returns how many ran.
pub fn run_migrations(db: &Db) -> Result<usize, DbError> {
    db.write(|conn| {
        let applied = match conn {
            DbConnection::Sqlite(c) => c.run_pending_migrations(SQLITE).map(|v| v.len()),
            DbConnection::Pg(c) => c.run_pending_migrations(POSTGRES).map(|v| v.len()),
        };
        applied.map_err(|e| DbError::Migration(e.to_string()))
    })
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
