//! Which processes have a SQLite database open: each holds a shared lock on the file
//! `<database>.lock` for as long as its [`crate::Db`] lives, and `restore` takes it
//! exclusively. The operating system releases a lock when its process dies, however
//! it dies, so a crashed server never blocks a restore.

use std::fs::{File, OpenOptions, TryLockError};
use std::path::{Path, PathBuf};

use crate::DbError;

pub(crate) enum InUse {
    /// Another process holds the lock the other way.
    Busy,
    Io(std::io::Error),
}

fn lock_file(database: &Path) -> std::io::Result<File> {
    let mut name = database.as_os_str().to_owned();
    name.push(".lock");
    OpenOptions::new().create(true).truncate(false).write(true).open(PathBuf::from(name))
}

/// Taken by every process that opens the database. A file system without locks
/// (some network mounts) gets none: restoring is then up to the operator's care.
pub(crate) fn hold_shared(database: &Path) -> Result<Option<File>, DbError> {
    let file = match lock_file(database) {
        Ok(file) => file,
        Err(e) => {
            tracing::warn!(error = %e, "cannot create the database's lock file; a restore will not see this process");
            return Ok(None);
        }
    };
    match file.try_lock_shared() {
        Ok(()) => Ok(Some(file)),
        Err(TryLockError::WouldBlock) => Err(DbError::Connect(format!(
            "{} is being restored (hometutor restore): start again once it has finished",
            database.display()
        ))),
        Err(TryLockError::Error(e)) => {
            tracing::warn!(error = %e, "cannot lock the database's lock file; a restore will not see this process");
            Ok(None)
        }
    }
}

/// Taken by `restore`: refused while any process has the database open.
pub(crate) fn hold_exclusive(database: &Path) -> Result<File, InUse> {
    let file = lock_file(database).map_err(InUse::Io)?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(TryLockError::WouldBlock) => Err(InUse::Busy),
        Err(TryLockError::Error(e)) => Err(InUse::Io(e)),
    }
}
