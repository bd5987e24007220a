//! Multipart forms (uploads): the one reader for them, used by `/api/upload/*`
//! and the admin's asset, logo and banner uploads.
//!
//! A form is read in full before anything is stored: its files go into
//! temporary files of the media store, its small text parts are kept. The
//! handler then checks the text fields ([`ReceivedForm::check`]) and only then
//! stores the files ([`ReceivedForm::store`]), all or nothing, so a form refused
//! for any reason leaves nothing behind. Every file-system and database call
//! (creating and writing the temporary files, checking and storing, removing)
//! runs on the blocking pool, never on the server's async threads.

use std::collections::HashMap;

use actix_multipart::{Multipart, MultipartError};
use actix_web::http::StatusCode;
use futures_util::StreamExt;
use hometutor_core::{Role, UserId};
use hometutor_media::{Kind, MediaStore, Pending, PrivateFile, StoredFile};

use hometutor_i18n::Message;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorCode};

/// A text part longer than this is refused (descriptions, targets: short by nature).
const MAX_TEXT_BYTES: usize = 4096;

/// Bytes gathered before they are written to the temporary file in one trip to the
/// blocking pool. The size limit is checked at each write, so a file over the limit
/// is refused at most this much past it.
const WRITE_BATCH_BYTES: usize = 64 * 1024;

/// Who uploads: their files count towards their quota and hourly limit.
pub type Uploader = (UserId, Role);

/// How many files a form may carry in its file field.
pub struct FileLimit {
    pub max: usize,
}

/// A form read in full: its files received but not stored yet, and its text parts.
pub struct ReceivedForm {
    media: MediaStore,
    uploader: Uploader,
    files: Vec<Pending>,
    /// The field each of `files` came in (forms with several file fields).
    fields: Vec<String>,
    texts: HashMap<String, String>,
}

impl ReceivedForm {
    /// A text part of the form, as sent.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.texts.get(name).map(String::as_str)
    }

    /// The kinds of the files received, by their extension (their content is checked when stored).
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        self.files.iter().map(Pending::kind)
    }

    /// Checks the form before its files are stored; when `check` refuses it, the
    /// files received are removed before the refusal is answered.
    pub async fn check<T, E: Into<ApiError>>(
        &mut self,
        check: impl FnOnce(&Self) -> Result<T, E>,
    ) -> Result<T, ApiError> {
        match check(self) {
            Ok(checked) => Ok(checked),
            Err(refused) => {
                discard(std::mem::take(&mut self.files)).await;
                Err(refused.into())
            }
        }
    }

    /// Checks every file through and through and stores it, all or nothing: when
    /// one is refused, the ones stored before it are removed again (and do not
    /// count towards the hourly limit).
    pub async fn store(mut self) -> Result<Vec<StoredFile>, ApiError> {
        let (media, (owner, role), files) = (self.media.clone(), self.uploader, std::mem::take(&mut self.files));
        blocking(move || {
            let mut stored: Vec<StoredFile> = Vec::with_capacity(files.len());
            // Files not reached when one is refused are dropped here, removing their temporary files.
            for pending in files {
                match pending.finish(owner, role) {
                    Ok(file) => stored.push(file),
                    Err(refused) => {
                        // Each one, even when undoing another fails.
                        for file in &stored {
                            if let Err(e) = media.discard(file) {
                                tracing::warn!(file = %file.filename, error = %e, "cannot undo an upload");
                            }
                        }
                        return Err(refused);
                    }
                }
            }
            Ok(stored)
        })
        .await
    }

    /// [`Self::store`] for a form read with [`receive_one`].
    pub async fn store_one(self) -> Result<StoredFile, ApiError> {
        self.store().await?.into_iter().next().ok_or_else(no_file)
    }
}

impl Drop for ReceivedForm {
    /// A form dropped unstored (its request ended early) removes its temporary
    /// files on the blocking pool; the paths above remove them before answering.
    fn drop(&mut self) {
        let files = std::mem::take(&mut self.files);
        if files.is_empty() {
            return;
        }
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => drop(runtime.spawn_blocking(move || drop(files))),
            Err(_) => drop(files),
        }
    }
}

/// Reads a form whose file field is `field` (at most `limit.max` files, at least one).
pub async fn receive(
    media: &MediaStore,
    uploader: Uploader,
    mut form: Multipart,
    field: &str,
    limit: FileLimit,
) -> Result<ReceivedForm, ApiError> {
    let mut received =
        ReceivedForm { media: media.clone(), uploader, files: Vec::new(), fields: Vec::new(), texts: HashMap::new() };
    if let Err(refused) = read_parts(&mut received, &mut form, &[field], &limit).await {
        discard(std::mem::take(&mut received.files)).await;
        return Err(refused);
    }
    if received.files.is_empty() {
        return Err(no_file());
    }
    Ok(received)
}

/// A form with exactly one file in `field`, and its text parts.
pub async fn receive_one(
    media: &MediaStore,
    uploader: Uploader,
    form: Multipart,
    field: &str,
) -> Result<ReceivedForm, ApiError> {
    receive(media, uploader, form, field, FileLimit { max: 1 }).await
}

async fn read_parts(
    received: &mut ReceivedForm,
    form: &mut Multipart,
    fields: &[&str],
    limit: &FileLimit,
) -> Result<(), ApiError> {
    let (owner, role) = received.uploader;
    while let Some(part) = form.next().await {
        let mut part = part.map_err(invalid_upload)?;
        let name = part.name().unwrap_or_default().to_string();
        let filename = part.content_disposition().and_then(|cd| cd.get_filename()).map(str::to_string);
        if fields.contains(&name.as_str()) {
            // With several file fields the limit is per field; with one it is the form's.
            if received.fields.iter().filter(|f| **f == name).count() == limit.max {
                return Err(too_many(limit.max));
            }
            received.fields.push(name.clone());
            let media = received.media.clone();
            // Refused before the file is received when the account is already at its limit.
            let pending = blocking(move || {
                media.check_quota(owner, role)?;
                media.begin(&filename.unwrap_or_default())
            })
            .await?;
            received.files.push(pending);
            let mut batch = Vec::with_capacity(WRITE_BATCH_BYTES);
            while let Some(chunk) = part.next().await {
                batch.extend_from_slice(&chunk.map_err(invalid_upload)?);
                if batch.len() >= WRITE_BATCH_BYTES {
                    append(&mut received.files, std::mem::take(&mut batch)).await?;
                }
            }
            append(&mut received.files, batch).await?;
        } else if filename.is_none() {
            let mut value = Vec::new();
            while let Some(chunk) = part.next().await {
                let chunk = chunk.map_err(invalid_upload)?;
                if value.len() + chunk.len() > MAX_TEXT_BYTES {
                    let text = Message::new("error-form-field-long").arg("name", &name);
                    return Err(ApiError::text(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, text));
                }
                value.extend_from_slice(&chunk);
            }
            let value = String::from_utf8(value).map_err(|_| {
                let text = Message::new("error-form-field-not-text").arg("name", &name);
                ApiError::text(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, text)
            })?;
            super::nul::refuse_nul(&name, &value)?;
            received.texts.insert(name, value);
        }
    }
    Ok(())
}

/// Appends `bytes` to the file being received (the last one) on the blocking pool;
/// when it is refused (too large), its temporary file is removed there too.
async fn append(files: &mut Vec<Pending>, bytes: Vec<u8>) -> Result<(), ApiError> {
    if bytes.is_empty() {
        return Ok(());
    }
    let Some(mut pending) = files.pop() else {
        return Ok(());
    };
    let written = blocking(move || pending.write(&bytes).map(|()| pending)).await?;
    files.push(written);
    Ok(())
}

/// Removes the temporary files of files received and not stored.
async fn discard(files: Vec<Pending>) {
    if !files.is_empty() {
        // Dropping a `Pending` removes its temporary file.
        let _ = blocking(move || {
            drop(files);
            Ok::<(), ApiError>(())
        })
        .await;
    }
}

/// A form whose files come in several fields (`fields`), at most one each and none required
/// here (the caller's rules say which it needs); see [`ReceivedForm::store_private`].
pub async fn receive_fields(
    media: &MediaStore,
    uploader: Uploader,
    mut form: Multipart,
    fields: &[&str],
) -> Result<ReceivedForm, ApiError> {
    let mut received =
        ReceivedForm { media: media.clone(), uploader, files: Vec::new(), fields: Vec::new(), texts: HashMap::new() };
    let limit = FileLimit { max: 1 };
    if let Err(refused) = read_parts(&mut received, &mut form, fields, &limit).await {
        discard(std::mem::take(&mut received.files)).await;
        return Err(refused);
    }
    Ok(received)
}

impl ReceivedForm {
    /// Checks every file as [`Self::store`] does and stores it as a private object (crates/media's
    /// `private`), all or nothing, with the field it came in. Nothing is recorded: the caller does.
    pub async fn store_private(mut self) -> Result<Vec<(String, PrivateFile)>, ApiError> {
        let (media, (owner, _), files) = (self.media.clone(), self.uploader, std::mem::take(&mut self.files));
        let fields = std::mem::take(&mut self.fields);
        blocking(move || {
            let mut stored: Vec<(String, PrivateFile)> = Vec::with_capacity(files.len());
            for (pending, field) in files.into_iter().zip(fields) {
                match pending.finish_private(owner) {
                    Ok(file) => stored.push((field, file)),
                    Err(refused) => {
                        remove_private(&media, stored.iter().map(|(_, f)| f));
                        return Err(refused);
                    }
                }
            }
            Ok(stored)
        })
        .await
    }
}

/// Removes private objects stored for a form that was then refused. Blocking.
pub fn remove_private<'a>(media: &MediaStore, files: impl Iterator<Item = &'a PrivateFile>) {
    for file in files {
        if let Err(e) = media.delete_private(&file.object_name) {
            tracing::warn!(file = %file.object_name, error = %e, "cannot remove a refused private file");
        }
    }
}

fn no_file() -> ApiError {
    ApiError::text(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, Message::new("error-select-file"))
}

/// More files than the form takes, in the reader's language.
fn too_many(max: usize) -> ApiError {
    let said = match max {
        1 => Message::new("error-upload-one"),
        _ => Message::new("error-upload-at-most").arg("count", max),
    };
    ApiError::text(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, said)
}

/// A body that is not a multipart form at all is of the wrong type (415); a broken one is a bad request.
fn invalid_upload(e: MultipartError) -> ApiError {
    use MultipartError as M;
    match e {
        M::ContentTypeMissing | M::ContentTypeParse | M::ContentTypeIncompatible | M::BoundaryMissing => {
            ApiError::text(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                ErrorCode::UnsupportedMediaType,
                Message::new("error-upload-content-type"),
            )
        }
        other => {
            let text = Message::new("error-upload-invalid").arg("error", other.to_string());
            ApiError::text(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, text)
        }
    }
}
