//! Place search: what a person types (a locality, a city, a PIN code) to places
//! with their points, and a point back to the place it lies in. Public (the search box is on
//! pages visitors see), rate limited per client address. The index is built into the binary
//! (`hometutor-places`, GeoNames CC BY 4.0); nothing leaves the server.

use actix_web::http::StatusCode;
use actix_web::middleware::from_fn;
use actix_web::{get, web, HttpRequest, HttpResponse};
use hometutor_places::{Place, Places, MAX_SUGGESTIONS};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::error_code::ErrorCode;
use crate::errors::{ApiError, ErrorBody};
use crate::public_cache;
use crate::rate_limit;
use crate::routes::tuition::parse_coordinates;
use crate::schemas;

/// A query longer than this (in characters) is refused.
pub const MAX_QUERY_CHARS: usize = 100;
/// A query shorter than this (in characters, spaces aside) finds nothing.
pub const MIN_QUERY_CHARS: usize = 2;

/// One place a person can pick.
// Not `Place` itself: the answer writes the point as one `[longitude, latitude]` pair and adds the
// label a person reads (`Place::label`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceDto {
    /// The locality or post office ('Lajpat Nagar'); for a whole district or sub-district, its
    /// name ('Bengaluru').
    #[schema(example = "Lajpat Nagar")]
    pub name: String,
    #[schema(example = "South Delhi")]
    pub district: String,
    #[schema(example = "Delhi")]
    pub state: String,
    /// The 6-digit PIN code; empty for a whole district or sub-district.
    #[schema(example = "110024")]
    pub pincode: String,
    /// `[longitude, latitude]`.
    #[schema(value_type = Vec<f64>, min_items = 2, max_items = 2, example = json!([77.2402, 28.5733]))]
    pub location: [f64; 2],
    /// What a person reads: 'Lajpat Nagar, South Delhi, Delhi 110024'.
    #[schema(example = "Lajpat Nagar, South Delhi, Delhi 110024")]
    pub label: String,
}

impl From<&Place> for PlaceDto {
    fn from(p: &Place) -> Self {
        Self {
            name: p.name.clone(),
            district: p.district.clone(),
            state: p.state.clone(),
            pincode: p.pincode.clone(),
            location: [p.lng, p.lat],
            label: p.label(),
        }
    }
}

/// Place data is part of the binary: the same answer until the next release.
const PLACES_CACHE_CONTROL: &str = "public, max-age=3600";

#[derive(Deserialize, IntoParams)]
pub struct SearchParams {
    /// What the person typed: a locality or city, optionally followed by its district or state
    /// ('Koramangala Bengaluru'), or a PIN code (6 digits, or its first 3–5). Fewer than 2
    /// characters find nothing; more than 100 are refused.
    #[param(max_length = 100, example = "Lajpat Nagar")]
    pub q: String,
    /// Where the person is (their saved area, or the last place they chose), as `[longitude,
    /// latitude]`: among matches equally good, places within 40 km of it come first ('Saket' near
    /// Meerut is Meerut's). Optional.
    #[param(value_type = Option<schemas::CoordinatesParameter>, inline)]
    pub near: Option<String>,
}

/// Places matching what a person typed, best first (at most 10): exact names before
/// prefixes and single typos before guesses, places near `near` and in the largest cities
/// first. Place data © GeoNames, CC BY 4.0.
#[utoipa::path(tag = "places", params(SearchParams), responses(
    (status = 200, body = Vec<PlaceDto>, headers(("ETag" = String), ("Cache-Control" = String, description = "public, max-age=3600"))),
    (status = 304, description = "Unchanged since the ETag in If-None-Match"),
    (status = 400, description = "`q` longer than 100 characters, or `near` not a point", body = ErrorBody),
    (status = 429, description = "Too many searches from this address, with Retry-After", body = ErrorBody),
))]
#[get("/places", wrap = "from_fn(rate_limit::place_searches)")]
#[tracing::instrument(skip_all)]
pub async fn search_places(req: HttpRequest, params: web::Query<SearchParams>) -> Result<HttpResponse, ApiError> {
    let SearchParams { q, near } = params.into_inner();
    let near = match near.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
        None => None,
        Some(raw) => Some(parse_coordinates(raw).ok_or_else(|| {
            ApiError::bad_request_text(hometutor_i18n::Message::new("error-not-a-real-place").arg("param", "near"))
        })?),
    };
    if q.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::bad_request_text(
            hometutor_i18n::Message::new("error-place-query-long").arg("max", MAX_QUERY_CHARS),
        ));
    }
    if q.chars().filter(|c| !c.is_whitespace()).count() < MIN_QUERY_CHARS {
        return public_cache::json(&req, &Vec::<PlaceDto>::new(), PLACES_CACHE_CONTROL);
    }
    // The first search builds the index (a fraction of a second): off the async workers.
    let found: Vec<PlaceDto> = blocking(move || {
        let found = Places::global().search_near(&q, MAX_SUGGESTIONS, near);
        Ok::<_, ApiError>(found.into_iter().map(PlaceDto::from).collect())
    })
    .await?;
    public_cache::json(&req, &found, PLACES_CACHE_CONTROL)
}

#[derive(Deserialize, IntoParams)]
pub struct NearestParams {
    #[param(value_type = schemas::CoordinatesParameter, inline)]
    pub location: String,
}

/// The place a point lies in (the nearest known post office within 25 km).
#[utoipa::path(tag = "places", params(NearestParams), responses(
    (status = 200, body = PlaceDto, headers(("ETag" = String), ("Cache-Control" = String, description = "public, max-age=3600"))),
    (status = 304, description = "Unchanged since the ETag in If-None-Match"),
    (status = 400, description = "Bad location", body = ErrorBody),
    (status = 404, description = "`place_not_found`: no known place near the point (far from India)", body = ErrorBody),
    (status = 429, description = "Too many searches from this address, with Retry-After", body = ErrorBody),
))]
#[get("/places/nearest", wrap = "from_fn(rate_limit::place_searches)")]
#[tracing::instrument(skip_all)]
pub async fn nearest_place(req: HttpRequest, params: web::Query<NearestParams>) -> Result<HttpResponse, ApiError> {
    let point = parse_coordinates(&params.location).ok_or_else(|| {
        ApiError::bad_request_text(hometutor_i18n::Message::new("error-not-a-real-place").arg("param", "location"))
    })?;
    let found =
        blocking(move || Ok::<_, ApiError>(Places::global().nearest(point.lat, point.lng).map(PlaceDto::from))).await?;
    let found = found.ok_or_else(|| {
        ApiError::text(
            StatusCode::NOT_FOUND,
            ErrorCode::PlaceNotFound,
            hometutor_i18n::Message::new("error-no-place-near"),
        )
    })?;
    public_cache::json(&req, &found, PLACES_CACHE_CONTROL)
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(search_places).service(nearest_place);
}
