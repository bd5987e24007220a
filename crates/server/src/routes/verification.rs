//! A tutor's verification: their status, submitting documents (a multipart form), and
//! fetching one of their own documents. The rules are crates/profiles' `verification`;
//! files are private objects of the media store (crates/media's `private`), never served
//! by `/uploads/{filename}`. An admin fetching a document goes through the admin service,
//! which writes the look to the audit log first.

use actix_multipart::Multipart;
use actix_web::http::{header, StatusCode};
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use hometutor_admin::Actor;
use hometutor_core::{FieldError, Message, Role};
use hometutor_profiles::verification::{self as v, IdKind, NewDocument, Slot, Submission, VerificationError};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::{RefOr, Schema};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody, ErrorCode};
use crate::extract::CurrentUser;
use crate::input::multipart::{receive_fields, remove_private};
use crate::state::AppState;

impl From<VerificationError> for ApiError {
    fn from(e: VerificationError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
            VerificationError::NotATutor => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotATutor, message),
            VerificationError::AlreadyPending => Self::new(StatusCode::CONFLICT, ErrorCode::AlreadyExists, message),
            VerificationError::AlreadyDecided => Self::new(StatusCode::CONFLICT, ErrorCode::Refused, message),
            VerificationError::NotFound | VerificationError::NotYours => {
                Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
            }
            VerificationError::Validation(errors) => crate::errors::validation(message, &errors),
            VerificationError::Db(e) => crate::errors::database(e),
        };
        err.with_text(text)
    }
}

/// Your verification: the latest submission and the badge it gives. Tutors only.
#[utoipa::path(tag = "verification", security(("bearer" = [])), responses(
    (status = 200, body = v::Status),
    (status = 403, description = "Not a tutor", body = ErrorBody),
))]
#[get("/verification")]
#[tracing::instrument(skip_all)]
pub async fn my_verification(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<v::Status>, ApiError> {
    if me.0.role != Role::Tutor {
        return Err(VerificationError::NotATutor.into());
    }
    let (db, id) = (state.db.clone(), me.0.id);
    let status = blocking(move || db.read(|c| v::status_of(c, id).map_err(VerificationError::from))).await?;
    Ok(web::Json(status))
}

/// The form of `POST /verification` (a schema only: the form is read part by part).
pub struct VerificationForm;

impl utoipa::PartialSchema for VerificationForm {
    fn schema() -> RefOr<Schema> {
        let file = |about: &str| {
            ObjectBuilder::new()
                .schema_type(Type::String)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
                .description(Some(format!(
                    "{about}: an image (JPEG, PNG, GIF, WebP) or a PDF, checked as uploads are."
                )))
        };
        let text = |about: &str| ObjectBuilder::new().schema_type(Type::String).description(Some(about));
        ObjectBuilder::new()
            .property(
                "idKind",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .enum_values(Some(IdKind::ALL.iter().map(|k| k.as_str()))),
            )
            .required("idKind")
            .property("aadhaarMasked", text("`true`: the Aadhaar shows only its last four digits (required for Aadhaar)."))
            .property("qualification", text("The qualification, e.g. 'B.Sc. Mathematics, Delhi University' (at most 200 characters; no full Aadhaar number)."))
            .required("qualification")
            .property("note", text("A note to the reviewer (at most 500 characters; no full Aadhaar number)."))
            .property("idFile", file("The government ID"))
            .required("idFile")
            .property("qualificationFile", file("The qualification proof"))
            .required("qualificationFile")
            .property("policeFile", file("A police verification certificate (optional)"))
            .into()
    }
}

impl ToSchema for VerificationForm {}

/// Submits documents for verification (again, after a rejection). Tutors only; one in review at a time.
#[utoipa::path(tag = "verification", security(("bearer" = [])), request_body(content = VerificationForm, content_type = "multipart/form-data"), responses(
    (status = 201, body = Submission),
    (status = 400, description = "A missing document, an unmasked Aadhaar, a full Aadhaar number typed in a field, a damaged file", body = ErrorBody),
    (status = 403, description = "Not a tutor", body = ErrorBody),
    (status = 409, description = "Documents already in review", body = ErrorBody),
    (status = 413, body = ErrorBody),
    (status = 415, body = ErrorBody),
    (status = 429, description = "30 uploads in the last hour, documents counted with every other file (with Retry-After)", body = ErrorBody),
))]
#[post("/verification")]
#[tracing::instrument(skip_all)]
pub async fn submit_verification(
    state: web::Data<AppState>,
    me: CurrentUser,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    if me.0.role != Role::Tutor {
        return Err(VerificationError::NotATutor.into());
    }
    let fields: Vec<&str> = Slot::ALL.iter().map(|s| s.field()).collect();
    let mut form = receive_fields(&state.media, (me.0.id, me.0.role), form, &fields).await?;
    // The texts are checked before any file is: a refused form stores nothing.
    let (id_kind, masked, qualification, note) = form
        .check(|f| {
            let masked = f.text("aadhaarMasked").is_some_and(|m| m == "true");
            let qualification = f.text("qualification").unwrap_or_default().to_string();
            let note = f.text("note").unwrap_or_default().to_string();
            let raw_kind = f.text("idKind").unwrap_or_default();
            let mut errors =
                v::check_texts(&[("qualification", &qualification), ("note", &note), ("idKind", raw_kind)]);
            let id_kind = IdKind::parse(raw_kind);
            if id_kind.is_none() {
                errors.push(FieldError::text("idKind", Message::new("verification-id-kind-required")));
            }
            match errors.is_empty() {
                true => Ok((id_kind, masked, qualification, note)),
                false => Err(ApiError::from(VerificationError::Validation(errors))),
            }
        })
        .await?;
    let stored = form.store_private().await?;
    let documents: Vec<NewDocument> = stored
        .iter()
        .filter_map(|(field, f)| {
            Some(NewDocument {
                slot: Slot::ALL.into_iter().find(|s| s.field() == field)?,
                object_name: f.object_name.clone(),
                original_name: f.original_name.clone(),
                mimetype: f.mimetype.clone(),
                size: f.size,
            })
        })
        .collect();
    let new = v::NewSubmission { id_kind, aadhaar_masked: masked, qualification, note, documents };
    let (db, media, id) = (state.db.clone(), state.media.clone(), me.0.id);
    let submitted = blocking(move || {
        let result = db.write(|c| v::submit(c, id, Role::Tutor, new));
        if result.is_err() {
            remove_private(&media, stored.iter().map(|(_, f)| f));
        }
        result
    })
    .await?;
    Ok(HttpResponse::Created().json(submitted))
}

/// One verification document: its tutor, or an admin (each admin look is in the audit log).
/// Anyone else is told it does not exist. Served as a download, in a sandbox, never cached.
#[utoipa::path(tag = "verification", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200),
    (status = 404, description = "No such document, deleted, or not yours", body = ErrorBody),
))]
#[get("/verification/documents/{id}")]
#[tracing::instrument(skip_all)]
pub async fn verification_document(
    state: web::Data<AppState>,
    req: HttpRequest,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let doc = match me.0.role {
        Role::Admin => {
            let address = crate::client_address::client_address(&req).to_string();
            let actor = Actor { id: me.0.id, email: me.0.email.clone(), address };
            let service = state.admin.clone();
            blocking(move || service.view_verification_document(&actor, id)).await?
        }
        _ => {
            let (db, caller, role) = (state.db.clone(), me.0.id, me.0.role);
            blocking(move || db.read(|c| v::document_for(c, caller, role, id))).await?.1
        }
    };
    let (size, bytes) = state.media.stream_private(&doc.object_name).await?;
    let inline = doc.mimetype.starts_with("image/");
    let disposition = if inline { "inline" } else { "attachment" };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, doc.mimetype))
        .insert_header((header::CONTENT_DISPOSITION, format!("{disposition}; filename=\"document-{id}\"")))
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .insert_header((header::CONTENT_SECURITY_POLICY, "sandbox; default-src 'none'"))
        .no_chunking(size)
        .streaming(bytes))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(my_verification).service(submit_verification).service(verification_document);
}
