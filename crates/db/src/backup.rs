//! A SQLite site's backup and restore (`hometutor backup` / `hometutor restore`).
//!
//! A backup is taken while the server keeps writing: `VACUUM INTO` reads one
//! consistent snapshot (a read transaction, which in WAL mode never blocks the
//! writer) into a new, compact file. A plain `cp` of the database file is not a
//! backup: the latest commits may still be in the write-ahead log beside it.
//! The copy is checked with `integrity_check` before it gets its final name, so
//! a file at the destination is always a whole, verified database.
//!
//! PostgreSQL is backed up with its own tools (`pg_dump`, `pg_restore`; see
//! docs/operations.md): both functions say so rather than half-do it.

use std::path::{Path, PathBuf};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::Text;
use diesel::SqliteConnection;

use crate::in_use::{self, InUse};
use crate::migrations::{known_versions, MIGRATIONS_TABLE};
use crate::DatabaseTarget;

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "DATABASE_URL is PostgreSQL: back it up with pg_dump --format=custom --file=FILE \"$DATABASE_URL\" \
         and restore with pg_restore --clean --if-exists --no-owner --dbname=\"$DATABASE_URL\" FILE \
         (docs/operations.md, 'Backups and restore')"
    )]
    Postgres,
    #[error("DATABASE_URL names an in-memory database: there is nothing to back up or restore")]
    InMemory,
    #[error("there is no database at {0}")]
    NoDatabase(PathBuf),
    #[error("{0} already exists: choose a new file name (a backup never overwrites a file)")]
    DestinationExists(PathBuf),
    #[error("{path} is not a usable HomeTutor backup: {reason}")]
    BadBackup { path: PathBuf, reason: String },
    #[error(
        "{0} is in use by a running HomeTutor process (the server, or a migrate or create-admin command): \
         stop it first, then restore"
    )]
    InUse(PathBuf),
    #[error("{action}: {source}")]
    Sqlite { action: String, source: diesel::result::Error },
    #[error("{action}: {source}")]
    Io { action: String, source: std::io::Error },
}

/// What a verified copy holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BackupSummary {
    pub path: PathBuf,
    pub bytes: u64,
    /// How many of the schema's migrations the copy has (a restore applies any newer ones at the next start).
    pub migrations: usize,
}

/// What `restore` did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RestoreSummary {
    pub restored: BackupSummary,
    /// Where the database that was replaced now is (nothing is deleted), if there was one.
    pub previous: Option<PathBuf>,
}

/// Copies the SQLite database of `database_url` to `destination`, consistently, while
/// it is in use, and verifies the copy. The destination must not exist.
pub fn backup(database_url: &str, destination: &Path) -> Result<BackupSummary, BackupError> {
    let source = sqlite_path(database_url)?;
    if !source.exists() {
        return Err(BackupError::NoDatabase(source));
    }
    if destination.exists() {
        return Err(BackupError::DestinationExists(destination.to_path_buf()));
    }
    let partial = sibling(destination, ".partial");
    remove_if_present(&partial)?;
    let copied = copy_snapshot(&source, &partial).and_then(|()| verify(&partial));
    let summary = match copied {
        Ok(summary) => summary,
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    sync_file(&partial)?;
    std::fs::rename(&partial, destination).map_err(io(format!("cannot name the copy {}", destination.display())))?;
    sync_parent(destination)?;
    Ok(BackupSummary { path: destination.to_path_buf(), ..summary })
}

/// Puts the backup `file` in place of the SQLite database of `database_url`. Refused
/// while any HomeTutor process has that database open; the database it replaces is
/// kept beside it as `<name>.before-restore-<time>`.
pub fn restore(database_url: &str, file: &Path) -> Result<RestoreSummary, BackupError> {
    let target = sqlite_path(database_url)?;
    if !file.is_file() {
        return Err(BackupError::NoDatabase(file.to_path_buf()));
    }
    // Held to the end: a server starting meanwhile is refused rather than opening a half-swapped file.
    let _exclusive = match in_use::hold_exclusive(&target) {
        Ok(lock) => lock,
        Err(InUse::Busy) => return Err(BackupError::InUse(target)),
        Err(InUse::Io(e)) => return Err(BackupError::Io { action: "cannot lock the database".into(), source: e }),
    };
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io(format!("cannot create {}", dir.display())))?;
    }
    let incoming = sibling(&target, ".restoring");
    remove_if_present(&incoming)?;
    std::fs::copy(file, &incoming).map_err(io(format!("cannot copy {}", file.display())))?;
    let checked = verify(&incoming).map_err(|e| match e {
        BackupError::BadBackup { reason, .. } => BackupError::BadBackup { path: file.to_path_buf(), reason },
        other => other,
    });
    let restored = match checked {
        Ok(summary) => summary,
        Err(e) => {
            let _ = std::fs::remove_file(&incoming);
            return Err(e);
        }
    };
    sync_file(&incoming)?;
    let previous = if target.exists() { Some(set_aside(&target)?) } else { None };
    std::fs::rename(&incoming, &target).map_err(io(format!("cannot put the backup at {}", target.display())))?;
    sync_parent(&target)?;
    Ok(RestoreSummary { restored: BackupSummary { path: target, ..restored }, previous })
}

fn sqlite_path(database_url: &str) -> Result<PathBuf, BackupError> {
    match DatabaseTarget::parse(database_url) {
        Ok(DatabaseTarget::Postgres { .. }) => Err(BackupError::Postgres),
        Ok(target) if target.is_in_memory() => Err(BackupError::InMemory),
        Ok(DatabaseTarget::Sqlite(path)) if path.starts_with("file:") => Err(BackupError::InMemory),
        Ok(DatabaseTarget::Sqlite(path)) => Ok(PathBuf::from(path)),
        Err(e) => Err(BackupError::BadBackup { path: PathBuf::from(database_url), reason: e.to_string() }),
    }
}

/// One read transaction's view of `source`, written to `into` by SQLite itself.
fn copy_snapshot(source: &Path, into: &Path) -> Result<(), BackupError> {
    let mut conn = open(source)?;
    diesel::sql_query("VACUUM INTO ?")
        .bind::<Text, _>(into.to_string_lossy())
        .execute(&mut conn)
        .map_err(sqlite(format!("cannot copy {} to {}", source.display(), into.display())))?;
    Ok(())
}

#[derive(QueryableByName)]
struct Line {
    #[diesel(sql_type = Text)]
    line: String,
}

/// Checks that `path` is a whole SQLite database of this application, made by this
/// version or an earlier one, and leaves it a single self-contained file.
fn verify(path: &Path) -> Result<BackupSummary, BackupError> {
    let bad = |reason: String| BackupError::BadBackup { path: path.to_path_buf(), reason };
    let mut conn = open(path).map_err(|e| bad(e.to_string()))?;
    let check: Vec<Line> = diesel::sql_query("SELECT integrity_check AS line FROM pragma_integrity_check")
        .load(&mut conn)
        .map_err(|e| bad(format!("not a SQLite database ({e})")))?;
    if check.len() != 1 || check[0].line != "ok" {
        let found: Vec<String> = check.into_iter().take(5).map(|l| l.line).collect();
        return Err(bad(format!("integrity check failed: {}", found.join("; "))));
    }
    let applied: Vec<Line> =
        diesel::sql_query(format!("SELECT version AS line FROM {MIGRATIONS_TABLE} ORDER BY version"))
            .load(&mut conn)
            .map_err(|_| bad("it holds no HomeTutor schema".into()))?;
    let known = known_versions(true);
    if let Some(newer) = applied.iter().find(|v| !known.contains(&v.line)) {
        return Err(bad(format!(
            "it was made by a newer HomeTutor (migration {} is unknown to this version): restore it with that version",
            newer.line
        )));
    }
    // Out of write-ahead-log mode, so that the one file is the whole database.
    conn.batch_execute("PRAGMA journal_mode = DELETE").map_err(sqlite("cannot finish the copy".into()))?;
    drop(conn);
    let bytes = std::fs::metadata(path).map_err(io(format!("cannot read {}", path.display())))?.len();
    Ok(BackupSummary { path: path.to_path_buf(), bytes, migrations: applied.len() })
}

fn open(path: &Path) -> Result<SqliteConnection, BackupError> {
    let mut conn = SqliteConnection::establish(&path.to_string_lossy())
        .map_err(|e| BackupError::Io { action: format!("cannot open {}", path.display()), source: other(e) })?;
    // A writer's commit holds the file only briefly; wait for it rather than fail.
    conn.batch_execute("PRAGMA busy_timeout = 10000").map_err(sqlite(format!("cannot open {}", path.display())))?;
    Ok(conn)
}

/// Moves the database at `target`, with its write-ahead log, out of the way under a dated name.
fn set_aside(target: &Path) -> Result<PathBuf, BackupError> {
    // Whatever the log still holds goes into the file first, so the set-aside file is whole on its own.
    let mut conn = open(target)?;
    conn.batch_execute("PRAGMA wal_checkpoint(TRUNCATE)")
        .map_err(sqlite(format!("cannot checkpoint {}", target.display())))?;
    drop(conn);
    let stamp = chrono::Utc::now().format("%Y%m%dT%H%M%SZ");
    let aside = sibling(target, &format!(".before-restore-{stamp}"));
    std::fs::rename(target, &aside).map_err(io(format!("cannot move {} aside", target.display())))?;
    for suffix in ["-wal", "-shm"] {
        let companion = sibling(target, suffix);
        if companion.exists() {
            std::fs::rename(&companion, sibling(&aside, suffix))
                .map_err(io(format!("cannot move {} aside", companion.display())))?;
        }
    }
    Ok(aside)
}

fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

fn remove_if_present(path: &Path) -> Result<(), BackupError> {
    match std::fs::remove_file(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            Err(BackupError::Io { action: format!("cannot remove {}", path.display()), source: e })
        }
        _ => Ok(()),
    }
}

fn sync_file(path: &Path) -> Result<(), BackupError> {
    std::fs::File::open(path).and_then(|f| f.sync_all()).map_err(io(format!("cannot sync {}", path.display())))
}

/// A rename is durable once the directory holding it is synced.
fn sync_parent(path: &Path) -> Result<(), BackupError> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::File::open(dir).and_then(|d| d.sync_all()).map_err(io(format!("cannot sync {}", dir.display())))
}

fn io(action: String) -> impl FnOnce(std::io::Error) -> BackupError {
    move |source| BackupError::Io { action, source }
}

fn sqlite(action: String) -> impl FnOnce(diesel::result::Error) -> BackupError {
    move |source| BackupError::Sqlite { action, source }
}

fn other(e: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(e.to_string())
}
