//! Tuition requests: a parent's own list, post, edit and delete; a subscribed
//! tutor's nearby search and interest.

use actix_web::{delete, get, post, put, web, HttpResponse};
use chrono::{DateTime, Utc};
use hometutor_core::UserId;
use hometutor_geo::Point;
use hometutor_tuition::{
    CloseOutcome, CountQuery, NearbyQuery, NearbyRequest, ParentContact, RequestInput, TuitionRequest,
    DEFAULT_RADIUS_KM, MAX_FIELD_CHARS, MAX_RADIUS_KM, MIN_RADIUS_KM,
};
use hometutor_vocabulary::Facet;
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::errors::{blocking, ApiError, ErrorBody};
use crate::extract::{Caller, CurrentUser};
use crate::input::Json;
use crate::schemas;
use crate::state::AppState;

/// `[longitude, latitude]` in degrees: longitude -180 to 180, latitude -90 to 90.
#[derive(Serialize, Deserialize, Clone, Copy)]
pub struct Coordinates(pub [f64; 2]);

impl utoipa::PartialSchema for Coordinates {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        schemas::coordinates().into()
    }
}

impl ToSchema for Coordinates {}

/// A point as `{"type": "Point", "coordinates": [longitude, latitude]}`.
#[derive(Serialize, Deserialize, ToSchema)]
pub struct GeoPoint {
    /// Always `Point` in answers; not checked in requests.
    #[serde(rename = "type", default = "point_type")]
    pub kind: String,
    pub coordinates: Coordinates,
}

fn point_type() -> String {
    "Point".into()
}

impl From<Point> for GeoPoint {
    fn from(p: Point) -> Self {
        Self { kind: point_type(), coordinates: Coordinates([p.lng, p.lat]) }
    }
}

/// Either a GeoJSON point (an object) or a bare `[longitude, latitude]` pair (an array).
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
pub enum LocationInput {
    Point(GeoPoint),
    Pair(Coordinates),
}

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

/// A nullable id of one list of the vocabulary (with `other` where free text is allowed).
/// (In a body it may be null; a query parameter is absent instead.)
pub(crate) fn vocabulary_id_schema(facet: Facet, with_other: bool, nullable: bool) -> utoipa::openapi::Object {
    let mut ids: Vec<Option<&str>> = facet.terms().iter().map(|t| Some(t.id)).collect();
    if with_other {
        ids.push(Some(hometutor_vocabulary::OTHER));
    }
    let schema_type = if nullable {
        ids.push(None);
        utoipa::openapi::schema::SchemaType::from_iter([Type::String, Type::Null])
    } else {
        utoipa::openapi::schema::SchemaType::Type(Type::String)
    };
    ObjectBuilder::new().schema_type(schema_type).enum_values(Some(ids)).build()
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

/// Why a parent closed a request.
#[derive(Serialize, Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum CloseOutcomeDto {
    FoundTutor,
    NotNeeded,
}

impl From<CloseOutcome> for CloseOutcomeDto {
    fn from(o: CloseOutcome) -> Self {
        match o {
            CloseOutcome::FoundTutor => CloseOutcomeDto::FoundTutor,
            CloseOutcome::NotNeeded => CloseOutcomeDto::NotNeeded,
        }
    }
}

impl From<CloseOutcomeDto> for CloseOutcome {
    fn from(o: CloseOutcomeDto) -> Self {
        match o {
            CloseOutcomeDto::FoundTutor => CloseOutcome::FoundTutor,
            CloseOutcomeDto::NotNeeded => CloseOutcome::NotNeeded,
        }
    }
}

/// A request as its parent sees it.
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
    /// Where tutors see the request instead, 250–500 m away (null for a moment after an upgrade).
    pub approximate_location: Option<GeoPoint>,
    pub interested_tutors: Vec<InterestedTutorDto>,
    pub assigned_tutor: Option<i64>,
    pub flagged: bool,
    pub flag_reason: Option<String>,
    /// `closed` once the parent closed it: tutors no longer find it or say they are interested.
    pub status: RequestStatus,
    pub closed_at: Option<DateTime<Utc>>,
    pub close_outcome: Option<CloseOutcomeDto>,
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
                    rating: t.rating,
                    review_count: t.review_count,
                })
                .collect(),
            assigned_tutor: r.assigned_tutor.map(|t| t.0),
            flagged: r.flagged,
            flag_reason: r.flag_reason,
            status: if r.closed_at.is_some() { RequestStatus::Closed } else { RequestStatus::Open },
            closed_at: r.closed_at.map(|t| t.and_utc()),
            close_outcome: r.close_outcome.map(Into::into),
            closed_tutor_id: r.closed_tutor.map(|t| t.0),
            created_at: r.created_at.and_utc(),
            updated_at: r.updated_at.and_utc(),
        }
    }
}

/// A parent's contacts, revealed to a subscribed tutor who said they are interested.
#[derive(Serialize, ToSchema)]
pub struct ParentContactDto {
    /// The parent's user id, to start a chat.
    pub id: i64,
    pub fullname: String,
    pub email: String,
    pub phone: String,
}

impl From<ParentContact> for ParentContactDto {
    fn from(p: ParentContact) -> Self {
        Self { id: p.id.0, fullname: p.fullname, email: p.email, phone: p.phone }
    }
}

/// Who posted a nearby request: enough to message them about it, no contacts.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyParentDto {
    /// The parent's user id, to start a chat.
    pub id: i64,
    pub first_name: String,
}

/// A request as a subscribed tutor sees it: an approximate location (250–500 m from
/// the real one) and, only once the tutor has said they are interested, the contacts.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyRequestDto {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// Vocabulary ids (`other`: the text says what).
    pub subject_id: Option<String>,
    pub class_id: Option<String>,
    /// A board id, or null when the parent did not say.
    pub board: Option<String>,
    /// `home` or `online`.
    pub mode: String,
    /// Where the approximate point is ('near Lajpat Nagar, South Delhi'), if known.
    pub place_name: Option<String>,
    /// An approximate point, never the exact address.
    pub location: GeoPoint,
    /// From the search centre to the approximate point, to 0.1 km; the radius filter compares this number.
    pub distance_km: f64,
    pub parent: NearbyParentDto,
    /// Whether the caller has already expressed interest.
    pub interested: bool,
    /// The parent's contacts: only on requests the caller is interested in, otherwise null.
    pub contact: Option<ParentContactDto>,
    pub created_at: DateTime<Utc>,
}

impl From<NearbyRequest> for NearbyRequestDto {
    fn from(r: NearbyRequest) -> Self {
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
            location: r.approximate_location.into(),
            distance_km: r.distance_km,
            parent: NearbyParentDto { id: r.parent.id.0, first_name: r.parent.first_name },
            interested: r.interested,
            contact: r.contact.map(Into::into),
            created_at: r.created_at.and_utc(),
        }
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
    Ok(web::Json(list.into_iter().map(Into::into).collect()))
}

/// Posts a request (parents only).
#[utoipa::path(tag = "tuition", security(("bearer" = [])), request_body = RequestBody, responses(
    (status = 201, body = TuitionRequestDto),
    (status = 400, description = "Missing field or location ('Please select location on the map.')", body = ErrorBody),
    (status = 403, description = "Not a parent", body = ErrorBody),
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
    Ok(HttpResponse::Created().json(TuitionRequestDto::from(created)))
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
    Ok(web::Json(updated.into()))
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

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct NearbyParams {
    #[param(value_type = schemas::CoordinatesParameter, inline)]
    pub coordinates: String,
    #[param(schema_with = radius_schema)]
    pub radius_km: Option<f64>,
    /// A class: its id or name ('Class 1' is class-1, never class-10); text naming no class
    /// matches part of an 'other' class.
    pub class_level: Option<String>,
    /// A subject: its id or name ('Maths'); text naming no subject matches part of an 'other' subject.
    pub subject: Option<String>,
    /// A subject id (wins over `subject`); unknown: 400.
    #[param(schema_with = subject_id_param)]
    pub subject_id: Option<String>,
    /// A class id (wins over `classLevel`); unknown: 400.
    #[param(schema_with = class_id_param)]
    pub class_id: Option<String>,
    /// A board id: requests with that board or none said; unknown: 400.
    #[param(schema_with = board_param)]
    pub board: Option<String>,
    /// A mode id (`home`, `online`); unknown: 400.
    #[param(schema_with = mode_param)]
    pub mode: Option<String>,
}

fn subject_id_param() -> utoipa::openapi::Object {
    vocabulary_id_schema(Facet::Subject, false, false)
}

fn class_id_param() -> utoipa::openapi::Object {
    vocabulary_id_schema(Facet::Class, false, false)
}

fn board_param() -> utoipa::openapi::Object {
    vocabulary_id_schema(Facet::Board, false, false)
}

fn mode_param() -> utoipa::openapi::Object {
    vocabulary_id_schema(Facet::Mode, false, false)
}

fn radius_schema() -> utoipa::openapi::Object {
    ObjectBuilder::new()
        .schema_type(Type::Number)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
        .description(Some(format!("Kilometres, {MIN_RADIUS_KM} to {MAX_RADIUS_KM}; {DEFAULT_RADIUS_KM} by default.")))
        .minimum(Some(MIN_RADIUS_KM))
        .maximum(Some(MAX_RADIUS_KM))
        .build()
}

pub(crate) fn parse_coordinates(raw: &str) -> Option<Point> {
    let trimmed = raw.trim().trim_start_matches('[').trim_end_matches(']');
    let mut parts = trimmed.split(',').map(|p| p.trim().parse::<f64>());
    let (Some(Ok(lng)), Some(Ok(lat)), None) = (parts.next(), parts.next(), parts.next()) else { return None };
    Point::new(lat, lng)
}

/// Requests near a point, nearest first, for tutors with an active subscription (others: 403).
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(NearbyParams), responses(
    (status = 200, body = Vec<NearbyRequestDto>),
    (status = 400, description = "Bad coordinates or radius, or an unknown vocabulary id", body = ErrorBody),
    (status = 403, description = "Not a tutor, or no active subscription", body = ErrorBody),
))]
#[get("/tuition/nearby")]
#[tracing::instrument(skip_all)]
pub async fn nearby(
    state: web::Data<AppState>,
    me: Caller,
    params: web::Query<NearbyParams>,
) -> Result<web::Json<Vec<NearbyRequestDto>>, ApiError> {
    let params = params.into_inner();
    let center = parse_coordinates(&params.coordinates)
        .ok_or_else(|| ApiError::bad_request("coordinates must be [longitude,latitude] of a real place."))?;
    let query = NearbyQuery {
        center,
        radius_km: params.radius_km.unwrap_or(DEFAULT_RADIUS_KM),
        class_level: params.class_level,
        subject: params.subject,
        subject_id: params.subject_id,
        class_id: params.class_id,
        board: params.board,
        mode: params.mode,
    };
    let tuition = state.tuition.clone();
    let found = me.blocking(move |me| tuition.nearby(me.id, me.role, &query)).await?;
    Ok(web::Json(found.into_iter().map(Into::into).collect()))
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct CountParams {
    /// `[longitude,latitude]`; absent: the centre of the caller's saved teaching area.
    #[param(value_type = Option<schemas::CoordinatesParameter>, inline)]
    pub coordinates: Option<String>,
    /// Absent: the saved area's radius, or 10 km. (`radiusKm` is read too, as in the nearby search.)
    #[serde(alias = "radiusKm")]
    #[param(schema_with = radius_schema)]
    pub radius: Option<f64>,
}

/// How many open requests are near: the number alone.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NearbyCountDto {
    pub count: i64,
    /// The radius counted within, in km.
    pub radius_km: f64,
}

/// How many open requests the nearby search would list (any tutor, subscribed or not;
/// others 403): from the given point, or else from the caller's saved teaching area.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(CountParams), responses(
    (status = 200, body = NearbyCountDto),
    (status = 400, description = "Bad coordinates or radius", body = ErrorBody),
    (status = 403, description = "Not a tutor", body = ErrorBody),
    (status = 404, description = "`area_not_set`: no coordinates given and no area saved", body = ErrorBody),
))]
#[get("/tuition/nearby/count")]
#[tracing::instrument(skip_all)]
pub async fn nearby_count(
    state: web::Data<AppState>,
    me: Caller,
    params: web::Query<CountParams>,
) -> Result<web::Json<NearbyCountDto>, ApiError> {
    let params = params.into_inner();
    let center = match params.coordinates.as_deref() {
        None => None,
        Some(raw) => Some(
            parse_coordinates(raw)
                .ok_or_else(|| ApiError::bad_request("coordinates must be [longitude,latitude] of a real place."))?,
        ),
    };
    let query = CountQuery { center, radius_km: params.radius };
    let tuition = state.tuition.clone();
    let counted = me.blocking(move |me| tuition.nearby_count(me.id, me.role, query)).await?;
    Ok(web::Json(NearbyCountDto { count: counted.count, radius_km: counted.radius_km }))
}

#[derive(Serialize, ToSchema)]
pub struct InterestResponse {
    pub message: String,
    /// The parent's contacts, now revealed to the caller (and the reveal on record).
    pub contact: ParentContactDto,
}

/// Tells the parent that the calling tutor is interested and answers the parent's
/// contacts; saying it twice is the same as once. At most 30 new interests in 24 hours.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = InterestResponse),
    (status = 403, description = "Not a tutor, or no active subscription", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "The parent closed the request (`request_closed`)", body = ErrorBody),
    (status = 429, description = "'You have reached today's limit of interests. Try again tomorrow.'", body = ErrorBody),
))]
#[post("/tuition/{id}/interested")]
#[tracing::instrument(skip_all)]
pub async fn interested(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<web::Json<InterestResponse>, ApiError> {
    let tuition = state.tuition.clone();
    let id = id.into_inner();
    let contact = blocking(move || tuition.express_interest(me.0.id, me.0.role, id)).await?;
    Ok(web::Json(InterestResponse {
        message: "The parent can now see your interest and contact details.".into(),
        contact: contact.into(),
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CloseBody {
    pub outcome: CloseOutcomeDto,
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
    let closed = blocking(move || tuition.close(me.0.id, id, body.outcome.into(), body.tutor_id.map(UserId))).await?;
    Ok(web::Json(closed.into()))
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
    Ok(web::Json(reopened.into()))
}

pub fn config(cfg: &mut ServiceConfig) {
    // `nearby` before `{id}` routes, so the literal path wins.
    cfg.service(my_requests)
        .service(nearby_count)
        .service(nearby)
        .service(create_request)
        .service(update_request)
        .service(delete_request)
        .service(interested)
        .service(close_request)
        .service(reopen_request);
}

#[cfg(test)]
mod tests {
    use super::parse_coordinates;

    #[test]
    fn coordinates_are_longitude_then_latitude() {
        let p = parse_coordinates("[77.209,28.6139]").expect("valid");
        assert_eq!((p.lng, p.lat), (77.209, 28.6139));
        assert!(parse_coordinates("77.2, 28.6").is_some());
        for bad in ["", "[77.2]", "[200,10]", "[77.2,28.6,1]", "[x,y]"] {
            assert!(parse_coordinates(bad).is_none(), "{bad}");
        }
    }
}
