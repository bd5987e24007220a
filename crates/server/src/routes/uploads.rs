//! File uploads (multipart), deletion, and serving of uploaded files.

use actix_multipart::Multipart;
use actix_web::http::header;
use actix_web::{delete, get, post, web, HttpResponse};
use hometutor_i18n::Arg;
use hometutor_media::{Kind, StoredFile};
use serde::Serialize;
use utoipa::openapi::schema::{ArrayBuilder, KnownFormat, Object, ObjectBuilder, SchemaFormat, SchemaType, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::multipart::{receive, receive_one, FileLimit};
use crate::state::AppState;

// Not `StoredFile` itself: the answer adds the URL the file is served at.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadedFile {
    /// The stored (random) name: use it to delete the file.
    pub filename: String,
    pub original_name: String,
    pub mimetype: String,
    /// Bytes.
    pub size: u64,
    pub url: String,
}

impl From<StoredFile> for UploadedFile {
    fn from(f: StoredFile) -> Self {
        Self {
            url: format!("/api/uploads/{}", f.filename),
            filename: f.filename,
            original_name: f.original_name,
            mimetype: f.mimetype,
            size: f.size,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SingleUpload {
    pub file: UploadedFile,
    pub message: String,
}

#[derive(Serialize, ToSchema)]
pub struct MultipleUpload {
    pub files: Vec<UploadedFile>,
    pub message: String,
}

/// A form's text parts (beside its files) hold at most this many bytes each.
pub const MAX_FORM_TEXT_BYTES: usize = 4096;

/// At most this many files in one `POST /upload/multiple`: each may be 5 MB, and
/// a request is not allowed to fill the disk.
pub const MAX_FILES_PER_UPLOAD: usize = 10;

/// The form of `POST /upload/single` (a schema only: the form is read part by part).
pub struct SingleUploadForm;

impl utoipa::PartialSchema for SingleUploadForm {
    fn schema() -> RefOr<Schema> {
        multipart_form("file", upload_file_schema(), "One file.").into()
    }
}

impl ToSchema for SingleUploadForm {}

/// The form of `POST /upload/multiple`.
pub struct MultipleUploadForm;

impl utoipa::PartialSchema for MultipleUploadForm {
    fn schema() -> RefOr<Schema> {
        let files = ArrayBuilder::new()
            .items(upload_file_schema())
            .description(Some(format!("1 to {MAX_FILES_PER_UPLOAD} files, each as `file` of the single upload.")))
            .min_items(Some(1))
            .max_items(Some(MAX_FILES_PER_UPLOAD));
        multipart_form("files", files, "Several files.").into()
    }
}

impl ToSchema for MultipleUploadForm {}

/// A form as [`receive_form`] reads it: the files under `field`, and any other part a short
/// text whose name can stand in its Content-Disposition header as it is (no control character
/// but tab, no quote or backslash: browsers send those escaped).
pub(crate) fn multipart_form(field: &str, files: impl Into<RefOr<Schema>>, description: &str) -> Object {
    // No type: a part's value is text whatever it spells (`false`, `[1]`), so any value goes.
    let text = ObjectBuilder::new()
        .schema_type(SchemaType::AnyValue)
        .description(Some(format!("Any other field: a value of at most {MAX_FORM_TEXT_BYTES} bytes as text.")))
        .max_length(Some(MAX_FORM_TEXT_BYTES));
    let name = ObjectBuilder::new().schema_type(Type::String).pattern(Some(r#"^[^\x00-\x08\x0A-\x1F\x7F"\\]*$"#));
    ObjectBuilder::new()
        .description(Some(description))
        .property(field, files)
        .required(field)
        .additional_properties(Some(text))
        .property_names(Some(name))
        .build()
}

fn upload_file_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
        .description(Some(
            "An image (JPEG, PNG, GIF, WebP), PDF, .doc or .docx whose file name's extension and first bytes agree.",
        ))
        .build()
}

/// Uploads one file (multipart field `file`).
#[utoipa::path(tag = "uploads", security(("bearer" = [])), request_body(content = SingleUploadForm, content_type = "multipart/form-data"), responses(
    (status = 201, body = SingleUpload),
    (status = 400, description = "A damaged image or document, or an image over 10000 × 10000 pixels", body = ErrorBody),
    (status = 413, description = "File {name} is too large. Maximum size is 5MB. / You have used your 50 MB of uploads. Delete some files to upload more.", body = ErrorBody),
    (status = 415, description = "Type not allowed, or content does not match the extension", body = ErrorBody),
    (status = 429, description = "30 uploads in the last hour (with Retry-After)", body = ErrorBody),
))]
#[post("/upload/single")]
#[tracing::instrument(skip_all)]
pub async fn upload_single(
    state: web::Data<AppState>,
    me: CurrentUser,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let file = receive_one(&state.media, (me.0.id, me.0.role), form, "file").await?.store_one().await?;
    let message = hometutor_i18n::text(me.0.language, "done-file-uploaded", &[]);
    Ok(HttpResponse::Created().json(SingleUpload { file: file.into(), message }))
}

/// Uploads several files (multipart field `files`, at most 10).
#[utoipa::path(tag = "uploads", security(("bearer" = [])), request_body(content = MultipleUploadForm, content_type = "multipart/form-data"), responses(
    (status = 201, body = MultipleUpload),
    (status = 400, body = ErrorBody),
    (status = 413, body = ErrorBody),
    (status = 415, body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
#[post("/upload/multiple")]
#[tracing::instrument(skip_all)]
pub async fn upload_multiple(
    state: web::Data<AppState>,
    me: CurrentUser,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let uploader = (me.0.id, me.0.role);
    let limit = FileLimit { max: MAX_FILES_PER_UPLOAD };
    let files = receive(&state.media, uploader, form, "files", limit).await?.store().await?;
    let message = hometutor_i18n::text(me.0.language, "done-files-uploaded", &[("count", Arg::from(files.len()))]);
    Ok(HttpResponse::Created().json(MultipleUpload { files: files.into_iter().map(Into::into).collect(), message }))
}

#[derive(Serialize, ToSchema)]
pub struct Deleted {
    pub message: String,
}

/// Deletes a file: its uploader or an admin only.
#[utoipa::path(tag = "uploads", security(("bearer" = [])), params(("filename" = String, Path,)), responses(
    (status = 200, body = Deleted),
    (status = 403, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[delete("/upload/{filename}")]
#[tracing::instrument(skip_all)]
pub async fn delete_upload(
    state: web::Data<AppState>,
    me: CurrentUser,
    filename: web::Path<String>,
) -> Result<web::Json<Deleted>, ApiError> {
    let media = state.media.clone();
    let (id, role, language) = (me.0.id, me.0.role, me.0.language);
    blocking(move || media.delete(id, role, &filename)).await?;
    Ok(web::Json(Deleted { message: hometutor_i18n::text(language, "done-file-deleted", &[]) }))
}

/// What every uploaded file is served with (user uploads, admin assets, the
/// logo and banner): opened directly, it is a sandboxed page of its own that may
/// load and run nothing, whatever a browser makes of its bytes.
const UPLOAD_CSP: &str = "sandbox; default-src 'none'";

/// Serves an uploaded file with its stored type, streamed from the store; documents always download.
#[utoipa::path(tag = "uploads", params(("filename" = String, Path,)), responses(
    (status = 200),
    (status = 404, description = "No such file, or its stored bytes are missing", body = ErrorBody),
    (status = 503, description = "Down for maintenance, or the database or the file storage is briefly unavailable (see Retry-After)", body = ErrorBody),
))]
#[get("/uploads/{filename}")]
#[tracing::instrument(skip_all)]
pub async fn serve_upload(state: web::Data<AppState>, filename: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let media = state.media.clone();
    let file = blocking(move || media.find(&filename)).await?;
    let (size, bytes) = state.media.stream(&file).await?;
    let inline = file.kind().is_some_and(Kind::is_image);
    let disposition = if inline { "inline" } else { "attachment" };
    let encoded: String = file
        .original_name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, file.mimetype))
        .insert_header((header::CONTENT_DISPOSITION, format!("{disposition}; filename*=UTF-8''{encoded}")))
        .insert_header((header::CACHE_CONTROL, "private, max-age=3600"))
        .insert_header((header::CONTENT_SECURITY_POLICY, UPLOAD_CSP))
        .no_chunking(size)
        .streaming(bytes))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(upload_single).service(upload_multiple).service(delete_upload).service(serve_upload);
}
