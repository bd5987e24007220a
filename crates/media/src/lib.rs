//! Uploaded files: images (JPEG, PNG, GIF, WebP), PDF, .doc and .docx, accepted
//! only when the extension, the file's own first bytes and its whole content
//! agree. A file is streamed into a temporary file, checked against the size
//! limit as it arrives, then inspected: images are decoded and encoded again
//! (see `images`), documents checked for their structure (see `documents`).
//! Its checked bytes go to the object store (see `objects`: a directory or an
//! S3 bucket) under a random name, and only then is it recorded, in the
//! transaction that checks the owner's quota (see `quota`); a refusal there
//! takes the object back, so a refused upload leaves nothing behind. A file is
//! served only when it has a row, so an object left by a crash between the two
//! steps is never seen, and [`MediaStore::sweep_orphans`] removes it.

mod documents;
mod images;
mod kind;
mod objects;
mod private;
mod quota;
mod sweep;
mod texts;

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::uploads as up;
use hometutor_db::{now, Db, DbError};

pub use images::{MAX_ANIMATION_PIXELS, MAX_DECODE_BYTES, MAX_IMAGE_SIDE};
pub use kind::Kind;
pub use objects::{StorageConfig, AWS_VARIABLES};
pub use private::PrivateFile;
pub use quota::{Quota, MAX_STORED_BYTES, MAX_UPLOADS_PER_HOUR};
pub use sweep::{PrivateReferences, Swept};

#[derive(Debug, thiserror::Error)]
pub enum MediaError {
    #[error("File {name} is too large. Maximum size is {limit_mb}MB.")]
    TooLarge { name: String, limit_mb: u64 },
    #[error("File {0} is not allowed: only images (JPEG, PNG, GIF, WebP), PDF, .doc and .docx.")]
    NotAllowed(String),
    #[error("File {0} does not match its extension.")]
    Mismatch(String),
    #[error("File {0} is damaged or incomplete.")]
    Damaged(String),
    #[error("Image {name} is too large. Images may be at most {max_side} × {max_side} pixels.")]
    ImageTooLarge { name: String, max_side: u32 },
    #[error("You have used your {limit_mb} MB of uploads. Delete some files to upload more.")]
    QuotaFull { limit_mb: u64 },
    #[error("You have uploaded {count} files in the last hour. Try again later.")]
    TooManyUploads { count: u32, retry_after_secs: u64 },
    #[error("File not found.")]
    NotFound,
    #[error("You can only delete your own files.")]
    NotYours,
    #[error("storage: {0}")]
    Io(#[from] std::io::Error),
    /// The object store did not answer or refused (an S3 service down, bad credentials).
    #[error("file storage unavailable: {0}")]
    Unavailable(String),
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

impl StoredFile {
    /// Its kind, named by the extension of its stored name (which its content was checked against).
    pub fn kind(&self) -> Option<Kind> {
        self.filename.rsplit_once('.').and_then(|(_, ext)| Kind::from_extension(ext))
    }
}

#[derive(Clone)]
pub struct MediaStore {
    db: Db,
    objects: objects::Objects,
    /// Where files are received before they are checked and stored.
    staging: PathBuf,
    max_bytes: u64,
    quota: Quota,
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
    /// Files kept in the directory `dir`, received there too.
    pub fn new(db: Db, dir: PathBuf, max_bytes: u64) -> Result<Self, MediaError> {
        Self::open(db, &StorageConfig::Directory(dir.clone()), dir, max_bytes)
    }

    /// Files kept where `storage` says, received in the local directory `staging` first.
    #[tracing::instrument(skip_all)]
    pub fn open(db: Db, storage: &StorageConfig, staging: PathBuf, max_bytes: u64) -> Result<Self, MediaError> {
        std::fs::create_dir_all(&staging)?;
        let objects = objects::Objects::open_store(storage)?;
        Ok(Self { db, objects, staging, max_bytes, quota: Quota::default() })
    }

    /// Other per-account limits than the defaults (the server's settings; tests lower them).
    pub fn with_quota(self, quota: Quota) -> Self {
        Self { quota, ..self }
    }

    #[tracing::instrument(skip_all)]
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// Refuses early, before a file is received, when the account is already at
    /// its quota. Only a hint: [`Pending::finish`] checks again, and that check holds.
    #[tracing::instrument(skip_all, fields(owner = owner.0))]
    pub fn check_quota(&self, owner: UserId, role: Role) -> Result<(), MediaError> {
        let quota = self.quota;
        self.db.read(|c| quota.admits(c, owner, role, 1, now()))
    }

    /// Starts receiving a file the client calls `original_name`.
    #[tracing::instrument(skip_all)]
    pub fn begin(&self, original_name: &str) -> Result<Pending, MediaError> {
        let name = clean_name(original_name).ok_or_else(|| MediaError::NotAllowed(original_name.to_string()))?;
        let ext = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        let kind = Kind::from_extension(&ext).ok_or_else(|| MediaError::NotAllowed(name.clone()))?;
        let temp = self.staging.join(format!(".incoming-{}", uuid::Uuid::new_v4().simple()));
        let file = File::create(&temp)?;
        Ok(Pending { store: self.clone(), name, kind, temp, file: Some(file), size: 0, head: Vec::with_capacity(4096) })
    }

    /// A recorded file's row. Blocking.
    #[tracing::instrument(skip_all)]
    pub fn find(&self, filename: &str) -> Result<StoredFile, MediaError> {
        if !valid_stored_name(filename) {
            return Err(MediaError::NotFound);
        }
        self.db.read(|c| -> Result<_, MediaError> { Ok(row_by_name(c, filename)?) })?.ok_or(MediaError::NotFound)
    }

    /// A recorded file's size and bytes, streamed from the store: `NotFound` when
    /// its object is missing, `Unavailable` when the store cannot be reached. Async.
    #[tracing::instrument(skip_all)]
    pub async fn stream(
        &self,
        file: &StoredFile,
    ) -> Result<(u64, futures_util::stream::BoxStream<'static, Result<bytes::Bytes, MediaError>>), MediaError> {
        if !valid_stored_name(&file.filename) {
            return Err(MediaError::NotFound);
        }
        self.objects.open(&file.filename).await
    }

    /// Deletes a file, its row then its object: its uploader or an admin only. Blocking.
    #[tracing::instrument(skip_all, fields(caller = caller.0))]
    pub fn delete(&self, caller: UserId, role: Role, filename: &str) -> Result<(), MediaError> {
        let row = self.find(filename)?;
        if row.owner != caller && role != Role::Admin {
            return Err(MediaError::NotYours);
        }
        self.db.write(|c| -> Result<_, MediaError> {
            diesel::delete(up::table.filter(up::filename.eq(filename))).execute(c)?;
            Ok(())
        })?;
        self.remove_object(filename);
        Ok(())
    }

    /// Removes the object of a file whose row is gone. The file is already unreachable
    /// (nothing serves an object without a row), so a store that fails now only leaves
    /// an object for [`MediaStore::sweep_orphans`]: logged, not an error for the user.
    fn remove_object(&self, filename: &str) {
        if let Err(e) = self.objects.delete(filename) {
            tracing::warn!(file = %filename, error = %e, "an uploaded file's object stays until the next sweep");
        }
    }
}

/// A profile photo's side, in pixels: stored square, this wide and tall.
pub const PHOTO_SIDE: u32 = 400;

impl MediaStore {
    /// Stores a profile photo: `bytes` must be a JPEG, PNG or WebP image (its
    /// first bytes say which); it is cropped to its centre square, resized to
    /// [`PHOTO_SIDE`] and stored as a new JPEG file owned by `owner`, served like any
    /// upload. Not checked against the upload quota: one small file per tutor at a time.
    /// Blocking and CPU-heavy.
    #[tracing::instrument(skip_all, fields(owner = owner.0))]
    pub fn store_photo(&self, owner: UserId, bytes: &[u8]) -> Result<StoredFile, MediaError> {
        let name = "photo".to_string();
        let head = &bytes[..bytes.len().min(4096)];
        let kind = [Kind::Jpeg, Kind::Png, Kind::Webp]
            .into_iter()
            .find(|k| k.matches_head(head))
            .ok_or_else(|| MediaError::NotAllowed(name.clone()))?;
        let content = images::square(kind, bytes, PHOTO_SIDE, owner.0).map_err(|r| match r {
            images::Refusal::TooLarge => MediaError::ImageTooLarge { name: name.clone(), max_side: MAX_IMAGE_SIDE },
            images::Refusal::Damaged => MediaError::Damaged(name.clone()),
        })?;
        let stored = StoredFile {
            filename: format!("{}.{}", uuid::Uuid::new_v4().simple(), Kind::Jpeg.extension()),
            original_name: "photo.jpg".into(),
            mimetype: Kind::Jpeg.mime().to_string(),
            size: content.len() as u64,
            owner,
            created_at: now(),
        };
        self.objects.put(&stored.filename, content.into())?;
        let recorded = self.db.write(|c| -> Result<_, MediaError> {
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
            self.remove_object(&stored.filename);
            return Err(e);
        }
        Ok(stored)
    }

    /// Undoes an upload within the request that made it (another file of the
    /// request was refused): its file, its row, and its count towards the hourly limit.
    #[tracing::instrument(skip_all)]
    pub fn discard(&self, file: &StoredFile) -> Result<(), MediaError> {
        if !valid_stored_name(&file.filename) {
            return Err(MediaError::NotFound);
        }
        self.db.write(|c| -> Result<_, MediaError> {
            diesel::delete(up::table.filter(up::filename.eq(&file.filename))).execute(c)?;
            Quota::unrecord(c, &file.filename)
        })?;
        self.objects.delete(&file.filename)
    }

    /// The stored names of every file these users uploaded.
    #[tracing::instrument(skip_all)]
    pub fn owned_by(&self, owners: &[UserId]) -> Result<Vec<String>, MediaError> {
        let ids: Vec<i64> = owners.iter().map(|o| o.0).collect();
        self.db.read(|c| -> Result<_, MediaError> {
            Ok(up::table.filter(up::owner_id.eq_any(&ids)).select(up::filename).load(c)?)
        })
    }

    /// Removes from the store the files among `filenames` that no longer have a row
    /// (their owner's account was deleted, which deletes the rows with it).
    #[tracing::instrument(skip_all)]
    pub fn remove_unrecorded(&self, filenames: &[String]) -> Result<(), MediaError> {
        for name in filenames.iter().filter(|n| valid_stored_name(n)) {
            let recorded = self.db.read(|c| -> Result<_, MediaError> { Ok(row_by_name(c, name)?.is_some()) })?;
            if !recorded {
                self.remove_object(name);
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

    /// The kind its extension names; [`Pending::finish`] checks that the content agrees.
    pub fn kind(&self) -> Kind {
        self.kind
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

    /// Checks the content through and through (images come out encoded again),
    /// sends it to the store, then, in one transaction, checks the owner's quota
    /// and records the file. Blocking and CPU-heavy: call from a blocking thread.
    pub fn finish(mut self, owner: UserId, role: Role) -> Result<StoredFile, MediaError> {
        let content = self.checked_content(owner)?;
        let size = content.len() as u64;
        let stored = StoredFile {
            filename: format!("{}.{}", uuid::Uuid::new_v4().simple(), self.kind.extension()),
            original_name: self.name.clone(),
            mimetype: self.kind.mime().to_string(),
            size,
            owner,
            created_at: now(),
        };
        let (store, quota, at) = (&self.store, self.store.quota, stored.created_at);
        // A hint first, so a full account is not sent to the store; the transaction's check holds.
        store.db.read(|c| quota.admits(c, owner, role, size, at))?;
        // Stored before it is recorded, never inside the transaction: a slow store
        // must not hold the database's write lock.
        store.objects.put(&stored.filename, content.into())?;
        let recorded = store.db.write(|c| -> Result<_, MediaError> {
            Quota::hold(c, owner, at)?;
            quota.admits(c, owner, role, size, at)?;
            diesel::insert_into(up::table)
                .values((
                    up::filename.eq(&stored.filename),
                    up::original_name.eq(&stored.original_name),
                    up::mimetype.eq(&stored.mimetype),
                    up::size.eq(size as i64),
                    up::owner_id.eq(owner.0),
                    up::created_at.eq(at),
                ))
                .execute(c)?;
            Quota::record(c, owner, &stored.filename, at)
        });
        if let Err(e) = recorded {
            store.remove_object(&stored.filename);
            return Err(e);
        }
        Ok(stored)
    }
}

impl Pending {
    /// The received bytes once checked through and through: an image decoded and encoded
    /// again (in a turn of `owner`'s), a document's structure checked. Blocking, CPU-heavy.
    pub(crate) fn checked_content(&mut self, owner: UserId) -> Result<Vec<u8>, MediaError> {
        if !self.kind.matches_head(&self.head) {
            return Err(MediaError::Mismatch(self.name.clone()));
        }
        let received = self.file.take().ok_or(MediaError::NotFound)?;
        drop(received);
        let content = std::fs::read(&self.temp)?;
        if self.kind.is_image() {
            images::reencode(self.kind, &content, owner.0).map_err(|r| match r {
                images::Refusal::TooLarge => {
                    MediaError::ImageTooLarge { name: self.name.clone(), max_side: MAX_IMAGE_SIDE }
                }
                images::Refusal::Damaged => MediaError::Damaged(self.name.clone()),
            })
        } else if documents::well_formed(self.kind, &self.temp) {
            Ok(content)
        } else {
            Err(MediaError::Mismatch(self.name.clone()))
        }
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        // Received, stored or refused: the temporary file is not needed any more.
        let _ = std::fs::remove_file(&self.temp);
    }
}
