//! A tutor's nearby search, and the count of what it would list.

use actix_web::{get, web};
use chrono::{DateTime, Utc};
use hometutor_tuition::{
    CountQuery, NearbyParent, NearbyQuery, NearbyRequest, ParentContact, DEFAULT_RADIUS_KM, MAX_RADIUS_KM,
    MIN_RADIUS_KM,
};
use hometutor_vocabulary::Facet;
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::{IntoParams, ToSchema};

use super::wire::{parse_coordinates, vocabulary_id_schema, GeoPoint};
use crate::errors::{ApiError, ErrorBody};
use crate::extract::Caller;
use crate::schemas;
use crate::state::AppState;

/// A request as a subscribed tutor sees it: an approximate location (the centre of the
/// 500 m cell of the site's grid the real one is in) and, only once the tutor has said they are interested, the contacts.
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
    /// Where the approximate point is ('Lajpat Nagar, South Delhi'), if known.
    pub place_name: Option<String>,
    /// An approximate point, never the exact address.
    pub location: GeoPoint,
    /// From the search centre to the approximate point, to 0.1 km; the radius filter compares this number.
    pub distance_km: f64,
    pub parent: NearbyParent,
    /// Whether the caller has already expressed interest.
    pub interested: bool,
    /// The parent's contacts: only on requests the caller is interested in, otherwise null.
    pub contact: Option<ParentContact>,
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
            parent: r.parent,
            interested: r.interested,
            contact: r.contact,
            created_at: r.created_at.and_utc(),
        }
    }
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
    let center = parse_coordinates(&params.coordinates).ok_or_else(|| {
        ApiError::bad_request_text(hometutor_i18n::Message::new("error-not-a-real-place").arg("param", "coordinates"))
    })?;
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
        Some(raw) => Some(parse_coordinates(raw).ok_or_else(|| {
            ApiError::bad_request_text(
                hometutor_i18n::Message::new("error-not-a-real-place").arg("param", "coordinates"),
            )
        })?),
    };
    let query = CountQuery { center, radius_km: params.radius };
    let tuition = state.tuition.clone();
    let counted = me.blocking(move |me| tuition.nearby_count(me.id, me.role, query)).await?;
    Ok(web::Json(NearbyCountDto { count: counted.count, radius_km: counted.radius_km }))
}
