//! Embedded migrations, one folder per backend with the same names, applied by
//! one process at a time however many start at once (see [`run_migrations`]).

use diesel::connection::{Connection, SimpleConnection};
use diesel::migration::MigrationSource;
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use diesel::{pg::Pg, sqlite::Sqlite};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};

use crate::{DatabaseTarget, Db, DbConnection, DbError};

const SQLITE: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Where diesel records the migrations a database has had.
pub(crate) const MIGRATIONS_TABLE: &str = "__diesel_schema_migrations";

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

/// Applies, oldest first, the pending migrations whose folder sorts before `folder`
/// (`2026-11-25-000022`): the schema of the release before that migration. Upgrade tests
/// write what an older release would have written, then upgrade. Returns how many ran.
pub fn migrate_before(db: &Db, folder: &str) -> Result<usize, DbError> {
    let migration_error = |e: Box<dyn std::error::Error + Send + Sync>| DbError::Migration(e.to_string());
    db.write(|c| {
        let mut applied = 0;
        loop {
            let next = match c {
                DbConnection::Sqlite(c) => {
                    c.pending_migrations(SQLITE).map(|m| m.first().map(|m| m.name().to_string()))
                }
                DbConnection::Pg(c) => c.pending_migrations(POSTGRES).map(|m| m.first().map(|m| m.name().to_string())),
            }
            .map_err(migration_error)?;
            if next.is_none_or(|name| name.as_str() >= folder) {
                return Ok(applied);
            }
            match c {
                DbConnection::Sqlite(c) => c.run_next_migration(SQLITE).map(drop),
                DbConnection::Pg(c) => c.run_next_migration(POSTGRES).map(drop),
            }
            .map_err(migration_error)?;
            applied += 1;
        }
    })
}

/// Reverts applied migrations, newest first, through the one in `folder`
/// (`2026-11-25-000022`, its `down.sql` included). Returns how many were reverted.
pub fn revert_through(db: &Db, folder: &str) -> Result<usize, DbError> {
    let version: String = folder.chars().take_while(|c| *c != '_').filter(|c| *c != '-').collect();
    db.write(|c| {
        let mut reverted = 0;
        loop {
            let last = match c {
                DbConnection::Sqlite(c) => c.revert_last_migration(SQLITE),
                DbConnection::Pg(c) => c.revert_last_migration(POSTGRES),
            }
            .map_err(|e| DbError::Migration(e.to_string()))?;
            reverted += 1;
            if last.to_string().replace('-', "").starts_with(&version) {
                return Ok(reverted);
            }
        }
    })
}

/// A migration this binary carries: its folder name and the version diesel records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationName {
    pub name: String,
    pub version: String,
}

/// What `hometutor migrate` would do to a database, found without changing it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MigrationPlan {
    /// How many of this binary's migrations the database already has.
    pub applied: usize,
    /// Those it does not have yet, in the order they would run.
    pub pending: Vec<MigrationName>,
    /// Versions the database has that this binary does not know: a newer release
    /// migrated it (running this older one against it is a rollback; see docs/operations.md).
    pub unknown: Vec<String>,
    /// False for a SQLite file that does not exist yet (every migration is pending).
    pub exists: bool,
}

/// Every migration embedded for one backend, oldest first.
pub(crate) fn known(sqlite: bool) -> Vec<MigrationName> {
    fn list<DB: diesel::backend::Backend>(source: &EmbeddedMigrations) -> Vec<MigrationName> {
        MigrationSource::<DB>::migrations(source)
            .unwrap_or_default()
            .iter()
            .map(|m| MigrationName { name: m.name().to_string(), version: m.name().version().to_string() })
            .collect()
    }
    let mut all = if sqlite { list::<Sqlite>(&SQLITE) } else { list::<Pg>(&POSTGRES) };
    all.sort_by(|a, b| a.version.cmp(&b.version));
    all
}

pub(crate) fn known_versions(sqlite: bool) -> Vec<String> {
    known(sqlite).into_iter().map(|m| m.version).collect()
}

#[derive(QueryableByName)]
struct Version {
    #[diesel(sql_type = Text)]
    version: String,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Lists what `run_migrations` would apply to the database at `url`, reading only
/// (no file is created, no table made).
pub fn migration_plan(url: &str) -> Result<MigrationPlan, DbError> {
    let target = DatabaseTarget::parse(url)?;
    let sqlite = target.is_sqlite();
    let known = known(sqlite);
    if let DatabaseTarget::Sqlite(path) = &target {
        if !target.is_in_memory() && !path.starts_with("file:") && !std::path::Path::new(path).exists() {
            return Ok(MigrationPlan { applied: 0, pending: known, unknown: Vec::new(), exists: false });
        }
    }
    let mut conn = target.connect()?;
    let exists_sql = if sqlite {
        format!("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '{MIGRATIONS_TABLE}'")
    } else {
        format!("SELECT count(*) AS n FROM (SELECT to_regclass('{MIGRATIONS_TABLE}') AS t) r WHERE t IS NOT NULL")
    };
    let has_table = diesel::sql_query(exists_sql).get_result::<Count>(&mut conn)?.n > 0;
    let recorded: Vec<String> = if has_table {
        diesel::sql_query(format!("SELECT version FROM {MIGRATIONS_TABLE}"))
            .load::<Version>(&mut conn)?
            .into_iter()
            .map(|v| v.version)
            .collect()
    } else {
        Vec::new()
    };
    let applied = known.iter().filter(|m| recorded.contains(&m.version)).count();
    let mut unknown: Vec<String> =
        recorded.iter().filter(|v| !known.iter().any(|m| &m.version == *v)).cloned().collect();
    unknown.sort();
    let pending = known.into_iter().filter(|m| !recorded.contains(&m.version)).collect();
    Ok(MigrationPlan { applied, pending, unknown, exists: true })
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
