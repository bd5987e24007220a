//! Uploaded files: images (JPEG, PNG, GIF, WebP), PDF, .doc and .docx, accepted
//! only when the extension and the file's own first bytes agree. A file is
//! streamed into a temporary file, checked against the size limit as it arrives,
//! and renamed into place under a random name only when complete, so a refused
//! or interrupted upload leaves nothing behind.

mod kind;

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::uploads as up;
use hometutor_db::{now, Db, DbError};

pub use kind::Kind;

#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("File {name} is too large. Maximum size is {limit_mb}MB.")]
    TooLarge { name: String, limit_mb: u64 },
    #[error("File {0} is not allowed: only images (JPEG, PNG, GIF, WebP), PDF, .doc and .docx.")]
    NotAllowed(String),
    #[error("File {0} does not match its extension.")]
    Mismatch(String),
    #[error("File not found.")]
    NotFound,
    #[error("You can only delete your own files.")]
    NotYours,
    #[error("storage: {0}")]
    Io(#[from] std::io::Error),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for MediaError {
    fn from(e: diesel::result::Error) -> Self {
        MediaError::Db(DbError::Query(e))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct StoredFile {
    /// The random name on disk and in URLs.
    pub filename: String,
    pub original_name: String,
    pub mimetype: String,
    pub size: u64,
    pub owner: UserId,
    pub created_at: NaiveDateTime,
}

#[derive(Clone)]
pub struct MediaStore {
    db: Db,
    dir: PathBuf,
    max_bytes: u64,
}

/// Keeps only the last path component of a client's file name, and refuses what cannot be a name.
fn clean_name(raw: &str) -> Option<String> {
    let last = raw.rsplit(['/', '\\']).next()?.trim();
    let ok = !last.is_empty() && last.len() <= 255 && !last.contains('\0') && last != "." && last != "..";
    ok.then(|| last.to_string())
}

/// A stored name is exactly `<32 hex>.<allowed extension>`: nothing else reaches the disk.
fn valid_stored_name(name: &str) -> bool {
    match name.split_once('.') {
        Some((stem, ext)) => {
            stem.len() == 32 && stem.bytes().all(|b| b.is_ascii_hexdigit()) && Kind::from_extension(ext).is_some()
        }
        None => false,
    }
}

impl MediaStore {
    pub fn new(db: Db, dir: PathBuf, max_bytes: u64) -> Result<Self, MediaError> {
        std::fs::create_dir_all(&dir)?;
        Ok(Self { db, dir, max_bytes })
    }

    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// Starts receiving a file the client calls `original_name`.
    pub fn begin(&self, original_name: &str) -> Result<Pending, MediaError> {
        let name = clean_name(original_name).ok_or_else(|| MediaError::NotAllowed(original_name.to_string()))?;
        let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        let kind = Kind::from_extension(&ext).ok_or_else(|| MediaError::NotAllowed(name.clone()))?;
        let temp = self.dir.join(format!(".incoming-{}", uuid::Uuid::new_v4().simple()));
        let file = File::create(&temp)?;
        Ok(Pending { store: self.clone(), name, kind, temp, file: Some(file), size: 0, head: Vec::with_capacity(4096) })
    }

    pub fn find(&self, filename: &str) -> Result<(PathBuf, StoredFile), MediaError> {
        if !valid_stored_name(filename) {
            return Err(MediaError::NotFound);
        }
        let row = self
            .db
            .read(|c| -> Result<_, MediaError> { Ok(row_by_name(c, filename)?) })?
            .ok_or(MediaError::NotFound)?;
        Ok((self.dir.join(&row.filename), row))
    }

    /// Deletes a file: its uploader or an admin only.
    pub fn delete(&self, caller: UserId, role: Role, filename: &str) -> Result<(), MediaError> {
        let (path, row) = self.find(filename)?;
        if row.owner != caller && role != Role::Admin {
            return Err(MediaError::NotYours);
        }
        self.db.write(|c| -> Result<_, MediaError> {
            diesel::delete(up::table.filter(up::filename.eq(filename))).execute(c)?;
            Ok(())
        })?;
        match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.into()),
            _ => Ok(()),
        }
    }
}

impl MediaStore {
    /// The stored names of every file these users uploaded.
    pub fn owned_by(&self, owners: &[UserId]) -> Result<Vec<String>, MediaError> {
        let ids: Vec<i64> = owners.iter().map(|o| o.0).collect();
        self.db.read(|c| -> Result<_, MediaError> {
            Ok(up::table.filter(up::owner_id.eq_any(&ids)).select(up::filename).load(c)?)
        })
    }

    /// Removes from disk the files among `filenames` that no longer have a row
    /// (their owner's account was deleted, which deletes the rows with it).
    pub fn remove_unrecorded(&self, filenames: &[String]) -> Result<(), MediaError> {
        for name in filenames.iter().filter(|n| valid_stored_name(n)) {
            let recorded = self.db.read(|c| -> Result<_, MediaError> { Ok(row_by_name(c, name)?.is_some()) })?;
            if !recorded {
                match std::fs::remove_file(self.dir.join(name)) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e.into()),
                    _ => {}
                }
            }
        }
        Ok(())
    }
}

fn row_by_name(c: &mut hometutor_db::DbConnection, filename: &str) -> QueryResult<Option<StoredFile>> {
    let row: Option<(String, String, String, i64, i64, NaiveDateTime)> = up::table
        .filter(up::filename.eq(filename))
        .select((up::filename, up::original_name, up::mimetype, up::size, up::owner_id, up::created_at))
        .first(c)
        .optional()?;
    Ok(row.map(|(filename, original_name, mimetype, size, owner, created_at)| StoredFile {
        filename,
        original_name,
        mimetype,
        size: size.max(0) as u64,
        owner: UserId(owner),
        created_at,
    }))
}

/// A file being received. Dropped before [`Pending::finish`], it removes its temporary file.
pub struct Pending {
    store: MediaStore,
    name: String,
    kind: Kind,
    temp: PathBuf,
    file: Option<File>,
    size: u64,
    head: Vec<u8>,
}

impl Pending {
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Appends a chunk; refuses as soon as the file grows past the limit.
    pub fn write(&mut self, chunk: &[u8]) -> Result<(), MediaError> {
        self.size += chunk.len() as u64;
        if self.size > self.store.max_bytes {
            return Err(MediaError::TooLarge {
                name: self.name.clone(),
                limit_mb: self.store.max_bytes.div_ceil(1024 * 1024),
            });
        }
        if self.head.len() < 4096 {
            let take = (4096 - self.head.len()).min(chunk.len());
            self.head.extend_from_slice(&chunk[..take]);
        }
        match &mut self.file {
            Some(file) => Ok(file.write_all(chunk)?),
            None => Err(MediaError::NotFound),
        }
    }

    /// Checks the content against the extension, moves the file into place and records it.
    pub fn finish(mut self, owner: UserId) -> Result<StoredFile, MediaError> {
        if !self.kind.matches(&self.head, &self.temp) {
            return Err(MediaError::Mismatch(self.name.clone()));
        }
        if let Some(file) = self.file.take() {
            file.sync_all()?;
        }
        let filename = format!("{}.{}", uuid::Uuid::new_v4().simple(), self.kind.extension());
        let target = self.store.dir.join(&filename);
        std::fs::rename(&self.temp, &target)?;
        let stored = StoredFile {
            filename: filename.clone(),
            original_name: self.name.clone(),
            mimetype: self.kind.mime().to_string(),
            size: self.size,
            owner,
            created_at: now(),
        };
        let recorded = self.store.db.write(|c| -> Result<_, MediaError> {
            diesel::insert_into(up::table)
                .values((
                    up::filename.eq(&stored.filename),
                    up::original_name.eq(&stored.original_name),
                    up::mimetype.eq(&stored.mimetype),
                    up::size.eq(stored.size as i64),
                    up::owner_id.eq(owner.0),
                    up::created_at.eq(stored.created_at),
                ))
                .execute(c)?;
            Ok(())
        });
        if let Err(e) = recorded {
            let _ = std::fs::remove_file(&target);
            return Err(e);
        }
        Ok(stored)
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        // After finish() the temporary name no longer exists; otherwise this cleans up.
        let _ = std::fs::remove_file(&self.temp);
    }
}
