//! A parent's own requests: list, post, edit, delete, close and reopen.

use actix_web::{delete, get, post, put, web, HttpResponse};
use chrono::{DateTime, Utc};
use hometutor_core::UserId;
use hometutor_i18n::Language;
use hometutor_tuition::{CloseOutcome, RequestInput, TuitionRequest, MAX_FIELD_CHARS};
use hometutor_vocabulary::Facet;
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::ToSchema;

use super::wire::{vocabulary_id_schema, GeoPoint, LocationInput};
use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::schemas;
use crate::state::AppState;

// A missing field reads as "" (or no location) so that the domain names it like a blank one
// (every field error at once); the document still lists the fields it refuses to go without.
// Subject and class: an id (`subjectId`, `classId`) with the text empty stores the label;
// `other` needs the text; no id maps the text onto the vocabulary (else keeps it as other).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestBody {
    /// Required unless `subjectId` names a subject (then the label is stored).
    #[serde(default)]
    #[schema(schema_with = request_text_schema)]
    pub subject: String,
    /// Required unless `classId` names a class.
    #[serde(default)]
    #[schema(schema_with = request_text_schema)]
    pub class_level: String,
    /// A subject id of `GET /api/vocabulary`, or `other` (with `subject`).
    #[serde(default)]
    #[schema(schema_with = subject_id_schema)]
    pub subject_id: Option<String>,
    /// A class id of `GET /api/vocabulary`, or `other` (with `classLevel`).
    #[serde(default)]
    #[schema(schema_with = class_id_schema)]
    pub class_id: Option<String>,
    /// A board id; null or absent when the parent does not say.
    #[serde(default)]
    #[schema(schema_with = board_schema)]
    pub board: Option<String>,
    /// `home` (the default) or `online`.
    #[serde(default)]
    #[schema(schema_with = mode_schema)]
    pub mode: Option<String>,
    #[serde(default)]
    #[schema(required = true, schema_with = request_field_schema)]
    pub preferred_time: String,
    /// The point picked on the map.
    #[serde(default)]
    #[schema(required = true, value_type = LocationInput)]
    pub location: Option<LocationInput>,
}

/// Preferred time (`hometutor_tuition`'s rule).
fn request_field_schema() -> utoipa::openapi::Object {
    schemas::one_line(MAX_FIELD_CHARS).build()
}

/// Subject and class text: one line, at most the limit, and empty when an id says it all.
fn request_text_schema() -> utoipa::openapi::Object {
    let line = schemas::one_line(MAX_FIELD_CHARS).build();
    ObjectBuilder::new()
        .schema_type(Type::String)
        .description(Some(format!(
            "One line without control characters, at most {MAX_FIELD_CHARS} characters; \
             may be empty (or absent) when the id names a term."
        )))
        .max_length(line.max_length)
        .pattern(Some(r"^[^\x00-\x1F\x7F-\x9F]*$"))
        .build()
}

fn subject_id_schema() -> utoipa::openapi::Object {
    vocabulary_id_schema(Facet::Subject, true, true)
}

fn class_id_schema() -> utoipa::openapi::Object {
    vocabulary_id_schema(Facet::Class, true, true)
}

fn board_schema() -> utoipa::openapi::Object {
    vocabulary_id_schema(Facet::Board, false, true)
}

fn mode_schema() -> utoipa::openapi::Object {
    vocabulary_id_schema(Facet::Mode, false, true)
}

impl From<RequestBody> for RequestInput {
    fn from(b: RequestBody) -> Self {
        RequestInput {
            subject: b.subject,
            class_level: b.class_level,
            preferred_time: b.preferred_time,
            location: b.location.map(|l| match l {
                LocationInput::Point(p) => p.coordinates.0,
                LocationInput::Pair(pair) => pair.0,
            }),
            subject_id: b.subject_id,
            class_id: b.class_id,
            board: b.board,
            mode: b.mode,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InterestedTutorDto {
    /// The tutor's user id.
    pub tutor: i64,
    pub fullname: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    /// Whether the parent shares their phone and e-mail with this tutor (`PUT …/sharing` changes it).
    pub sharing: bool,
    /// Mean of the tutor's reviews, to one decimal; null without reviews.
    pub rating: Option<f64>,
    pub review_count: i64,
}

/// Whether a request is still looking for a tutor.
#[derive(Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum RequestStatus {
    Open,
    Closed,
}

/// A request as its parent sees it.
// Not `TuitionRequest` itself: the answer adds `status` (from `closedAt`) and each interested tutor's
// `name` beside `fullname`, which serde attributes alone cannot write.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TuitionRequestDto {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// Vocabulary ids (`other`: the text says what); null only briefly after an upgrade.
    pub subject_id: Option<String>,
    pub class_id: Option<String>,
    /// A board id, or null when the parent did not say.
    pub board: Option<String>,
    /// `home` or `online`.
    pub mode: String,
    /// The place the exact point lies in ('Lajpat Nagar, South Delhi'), if known.
    pub place_name: Option<String>,
    /// The exact point: only the request's own parent (and admins) ever receive it.
    pub location: GeoPoint,
    /// Where tutors see the request instead: the centre of its 500 m cell (null for a moment after an upgrade).
    pub approximate_location: Option<GeoPoint>,
    pub interested_tutors: Vec<InterestedTutorDto>,
    pub assigned_tutor: Option<i64>,
    pub flagged: bool,
    pub flag_reason: Option<String>,
    /// `closed` once the parent closed it: tutors no longer find it or say they are interested.
    pub status: RequestStatus,
    pub closed_at: Option<DateTime<Utc>>,
    pub close_outcome: Option<CloseOutcome>,
    /// The interested tutor the parent says they chose, if they named one.
    pub closed_tutor_id: Option<i64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<TuitionRequest> for TuitionRequestDto {
    fn from(r: TuitionRequest) -> Self {
        Self {
            id: r.id,
            subject: r.subject,
            class_level: r.class_level,
            preferred_time: r.preferred_time,
            subject_id: r.subject_id,
            class_id: r.class_id,
            board: r.board,
            mode: r.mode,
            place_name: r.place_name,
            location: r.location.into(),
            approximate_location: r.approximate_location.map(Into::into),
            interested_tutors: r
                .interested_tutors
                .into_iter()
                .map(|t| InterestedTutorDto {
                    tutor: t.tutor.0,
                    name: t.fullname.clone(),
                    fullname: t.fullname,
                    email: t.email,
                    phone: t.phone,
                    sharing: t.sharing,
                    rating: t.rating,
                    review_count: t.review_count,
                })
                .collect(),
            assigned_tutor: r.assigned_tutor.map(|t| t.0),
            flagged: r.flagged,
            flag_reason: r.flag_reason,
            status: if r.closed_at.is_some() { RequestStatus::Closed } else { RequestStatus::Open },
            closed_at: r.closed_at.map(|t| t.and_utc()),
            close_outcome: r.close_outcome,
            closed_tutor_id: r.closed_tutor.map(|t| t.0),
            created_at: r.created_at.and_utc(),
            updated_at: r.updated_at.and_utc(),
        }
    }
}

impl TuitionRequestDto {
    /// The answer for a reader of `language`: a subject and class chosen from the vocabulary in
    /// that language's words (`term_labels`); English answers as stored.
    fn read_in(request: TuitionRequest, language: Language) -> Self {
        let mut dto = Self::from(request);
        if let Some(labels) = crate::term_labels::labels(language) {
            labels.relabel_request(
                (dto.subject_id.as_deref(), &mut dto.subject),
                (dto.class_id.as_deref(), &mut dto.class_level),
            );
        }
        dto
    }
}

/// The parent's own requests, newest first, each with the tutors interested in it.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), responses(
    (status = 200, body = Vec<TuitionRequestDto>),
    (status = 401, body = ErrorBody),
))]
#[get("/tuition/mine")]
#[tracing::instrument(skip_all)]
pub async fn my_requests(
    state: web::Data<AppState>,
    me: CurrentUser,
) -> Result<web::Json<Vec<TuitionRequestDto>>, ApiError> {
    let tuition = state.tuition.clone();
    let list = blocking(move || tuition.mine(me.0.id)).await?;
    Ok(web::Json(list.into_iter().map(|r| TuitionRequestDto::read_in(r, me.0.language)).collect()))
}

/// Posts a request (parents only).
#[utoipa::path(tag = "tuition", security(("bearer" = [])), request_body = RequestBody, responses(
    (status = 201, body = TuitionRequestDto),
    (status = 400, description = "Missing field or location ('Please select location on the map.')", body = ErrorBody),
    (status = 403, description = "Not a parent", body = ErrorBody),
    (status = 429, description = "`request_limit`: the parent has posted the most requests allowed in 24 hours (`PARENT_REQUESTS_PER_DAY`, default 5: 'You can post at most 5 requests a day. Please try again tomorrow.')", body = ErrorBody),
))]
#[post("/tuition")]
#[tracing::instrument(skip_all)]
pub async fn create_request(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<RequestBody>,
) -> Result<HttpResponse, ApiError> {
    let tuition = state.tuition.clone();
    let input = body.into_inner().into();
    let created = blocking(move || tuition.create(me.0.id, me.0.role, input)).await?;
    Ok(HttpResponse::Created().json(TuitionRequestDto::read_in(created, me.0.language)))
}

/// Changes one of the caller's own requests (another's answers 404).
#[utoipa::path(tag = "tuition", security(("bearer" = [])), request_body = RequestBody, params(("id" = i64, Path,)), responses(
    (status = 200, body = TuitionRequestDto),
    (status = 400, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/tuition/{id}")]
#[tracing::instrument(skip_all)]
pub async fn update_request(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<RequestBody>,
) -> Result<web::Json<TuitionRequestDto>, ApiError> {
    let tuition = state.tuition.clone();
    let input = body.into_inner().into();
    let id = id.into_inner();
    let updated = blocking(move || tuition.update(me.0.id, id, input)).await?;
    Ok(web::Json(TuitionRequestDto::read_in(updated, me.0.language)))
}

/// Deletes one of the caller's own requests and the interest in it (another's answers 404).
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 204),
    (status = 404, body = ErrorBody),
))]
#[delete("/tuition/{id}")]
#[tracing::instrument(skip_all)]
pub async fn delete_request(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let tuition = state.tuition.clone();
    let id = id.into_inner();
    blocking(move || tuition.delete(me.0.id, id)).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CloseBody {
    pub outcome: CloseOutcome,
    /// Which interested tutor the parent chose: only with `found_tutor`.
    pub tutor_id: Option<i64>,
}

/// Closes one of the caller's own requests: it leaves tutors' nearby search and takes no
/// more interest; every interested tutor is told. Another's request answers 404.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), request_body = CloseBody, params(("id" = i64, Path,)), responses(
    (status = 200, body = TuitionRequestDto),
    (status = 400, description = "`tutorId` without `found_tutor`, or not a tutor interested in the request", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Already closed (`request_closed`)", body = ErrorBody),
))]
#[post("/tuition/{id}/close")]
#[tracing::instrument(skip_all)]
pub async fn close_request(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<CloseBody>,
) -> Result<web::Json<TuitionRequestDto>, ApiError> {
    let tuition = state.tuition.clone();
    let id = id.into_inner();
    let body = body.into_inner();
    let closed = blocking(move || tuition.close(me.0.id, id, body.outcome, body.tutor_id.map(UserId))).await?;
    Ok(web::Json(TuitionRequestDto::read_in(closed, me.0.language)))
}

/// Opens one of the caller's closed requests again. Another's request answers 404.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = TuitionRequestDto),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Already open (`request_open`)", body = ErrorBody),
))]
#[post("/tuition/{id}/reopen")]
#[tracing::instrument(skip_all)]
pub async fn reopen_request(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<web::Json<TuitionRequestDto>, ApiError> {
    let tuition = state.tuition.clone();
    let id = id.into_inner();
    let reopened = blocking(move || tuition.reopen(me.0.id, id)).await?;
    Ok(web::Json(TuitionRequestDto::read_in(reopened, me.0.language)))
}
