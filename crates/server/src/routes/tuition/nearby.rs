//! A tutor's nearby search, and the count of what it would list.

use actix_web::{get, web};
use hometutor_tuition::{
    CountQuery, NearbyCount, NearbyFacets, NearbyQuery, NearbyRequest, NearbySort, DEFAULT_RADIUS_KM, MAX_RADIUS_KM,
    MIN_RADIUS_KM,
};
use hometutor_vocabulary::Facet;
use serde::Deserialize;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::IntoParams;

use super::wire::parse_coordinates;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::Caller;
use crate::schemas;
use crate::state::AppState;

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
    /// Only requests for the caller's own subjects and classes (their teaching area's; a tutor
    /// who saved none gets everything). Applied before the nearest are picked. `false` by default.
    pub mine: Option<bool>,
    /// `distance` (nearest first, the default) or `newest` (the newest within the radius first).
    #[param(inline)]
    pub sort: Option<NearbySort>,
}

impl NearbyParams {
    fn query(self) -> Result<NearbyQuery, ApiError> {
        let center = parse_coordinates(&self.coordinates).ok_or_else(|| {
            ApiError::bad_request_text(
                hometutor_i18n::Message::new("error-not-a-real-place").arg("param", "coordinates"),
            )
        })?;
        Ok(NearbyQuery {
            center,
            radius_km: self.radius_km.unwrap_or(DEFAULT_RADIUS_KM),
            class_level: self.class_level,
            subject: self.subject,
            subject_id: self.subject_id,
            class_id: self.class_id,
            board: self.board,
            mode: self.mode,
            mine: self.mine.unwrap_or(false),
            sort: self.sort.unwrap_or_default(),
        })
    }
}

fn subject_id_param() -> utoipa::openapi::Object {
    filter_schema(Facet::Subject)
}

fn class_id_param() -> utoipa::openapi::Object {
    filter_schema(Facet::Class)
}

fn board_param() -> utoipa::openapi::Object {
    filter_schema(Facet::Board)
}

fn mode_param() -> utoipa::openapi::Object {
    filter_schema(Facet::Mode)
}

/// A filter's ids, and the empty value that a form's "any" sends: the search reads it as no filter.
fn filter_schema(facet: Facet) -> utoipa::openapi::Object {
    let ids = facet.terms().iter().map(|t| t.id).chain([""]);
    ObjectBuilder::new().schema_type(Type::String).enum_values(Some(ids)).build()
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

/// Requests near a point, nearest first (or newest first), for tutors with an active subscription (others: 403).
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(NearbyParams), responses(
    (status = 200, body = Vec<NearbyRequest>),
    (status = 400, description = "Bad coordinates or radius, or an unknown vocabulary id", body = ErrorBody),
    (status = 403, description = "Not a tutor, or no active subscription", body = ErrorBody),
))]
#[get("/tuition/nearby")]
#[tracing::instrument(skip_all)]
pub async fn nearby(
    state: web::Data<AppState>,
    me: Caller,
    params: web::Query<NearbyParams>,
) -> Result<web::Json<Vec<NearbyRequest>>, ApiError> {
    let query = params.into_inner().query()?;
    let tuition = state.tuition.clone();
    let (mut found, language) =
        me.blocking(move |me| tuition.nearby(me.id, me.role, &query).map(|found| (found, me.language))).await?;
    // A subject and class chosen from the vocabulary, in the tutor's language (`term_labels`).
    if let Some(labels) = crate::term_labels::labels(language) {
        for request in &mut found {
            labels.relabel_request(
                (request.subject_id.as_deref(), &mut request.subject),
                (request.class_id.as_deref(), &mut request.class_level),
            );
        }
    }
    Ok(web::Json(found))
}

/// For a subscribed tutor (others 403): how many requests the nearby search from this centre and
/// radius would list with each subject and each class chosen (the other filters kept), and in
/// all with `mine` off and on. `sort` is read and changes nothing.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(NearbyParams), responses(
    (status = 200, body = NearbyFacets),
    (status = 400, description = "Bad coordinates or radius, or an unknown vocabulary id", body = ErrorBody),
    (status = 403, description = "Not a tutor, or no active subscription", body = ErrorBody),
))]
#[get("/tuition/nearby/facets")]
#[tracing::instrument(skip_all)]
pub async fn nearby_facets(
    state: web::Data<AppState>,
    me: Caller,
    params: web::Query<NearbyParams>,
) -> Result<web::Json<NearbyFacets>, ApiError> {
    let query = params.into_inner().query()?;
    let tuition = state.tuition.clone();
    Ok(web::Json(me.blocking(move |me| tuition.nearby_facets(me.id, me.role, &query)).await?))
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

/// How many open requests the nearby search would list (any tutor, subscribed or not;
/// others 403): from the given point, or else from the caller's saved teaching area.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(CountParams), responses(
    (status = 200, body = NearbyCount),
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
) -> Result<web::Json<NearbyCount>, ApiError> {
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
    Ok(web::Json(counted))
}
