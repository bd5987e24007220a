//! Demo classes in a calendar program: a signed-in user's private feed address (made on the first
//! ask, replaced, stopped), the public feed itself (`/calendar/<token>.ics`, no login: Google and
//! Apple Calendar fetch it; outside `/api`, registered by `crate::web`) and one booking's `.ics`.
//! The calendars are `hometutor_scheduling::bookings::feeds`'; they name localities, never a home.

use actix_web::http::header;
use actix_web::{delete, get, post, web, HttpRequest, HttpResponse};
use hometutor_scheduling::bookings::feeds::Feeds;
use serde::Serialize;
use sha2::{Digest, Sha256};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::state::AppState;

/// The caller's private calendar feed.
#[derive(Serialize, ToSchema)]
pub struct CalendarFeed {
    /// Paste into Google Calendar ('From URL') or Apple Calendar ('New Calendar Subscription').
    /// Whoever has it reads the caller's demo classes: keep it private.
    #[schema(example = "https://hometutor.in/calendar/9f2c…e1.ics")]
    pub url: String,
}

fn feeds(state: &AppState) -> Feeds {
    Feeds::new(state.db.clone())
}

fn feed_url(state: &AppState, token: &str) -> CalendarFeed {
    CalendarFeed { url: format!("{}/calendar/{token}.ics", state.notifier.public_url()) }
}

/// The caller's feed address, made on the first call (the same one after that).
#[utoipa::path(tag = "calendar", security(("bearer" = [])), responses((status = 200, body = CalendarFeed)))]
#[get("/calendar/feed")]
#[tracing::instrument(skip_all)]
pub async fn get_feed(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<CalendarFeed>, ApiError> {
    let (service, user) = (feeds(&state), me.0.id);
    let token = blocking(move || service.token(user)).await?;
    Ok(web::Json(feed_url(&state, &token)))
}

/// A new feed address: the old one answers 404 from now on.
#[utoipa::path(tag = "calendar", security(("bearer" = [])), responses((status = 200, body = CalendarFeed)))]
#[post("/calendar/feed/rotate")]
#[tracing::instrument(skip_all)]
pub async fn rotate_feed(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<CalendarFeed>, ApiError> {
    let (service, user) = (feeds(&state), me.0.id);
    let token = blocking(move || service.rotate(user)).await?;
    Ok(web::Json(feed_url(&state, &token)))
}

/// Stops the feed: its address answers 404 (a later GET makes a new one).
#[utoipa::path(tag = "calendar", security(("bearer" = [])), responses((status = 204)))]
#[delete("/calendar/feed")]
#[tracing::instrument(skip_all)]
pub async fn stop_feed(state: web::Data<AppState>, me: CurrentUser) -> Result<HttpResponse, ApiError> {
    let (service, user) = (feeds(&state), me.0.id);
    blocking(move || service.revoke(user)).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// One booking as an `.ics` file (text/calendar), for its parent and its tutor only (anyone else
/// 404, as an unknown id); 404 too while it has no time (proposed).
#[utoipa::path(tag = "calendar", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, content_type = "text/calendar", body = String),
    (status = 404, description = "`not_found`", body = ErrorBody),
))]
#[get("/bookings/{id}/calendar.ics")]
#[tracing::instrument(skip_all)]
pub async fn booking_calendar(
    req: HttpRequest,
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let (service, user, id, site) = (feeds(&state), me.0.id, id.into_inner(), state.notifier.public_url().to_string());
    let ics = blocking(move || service.one(user, id, &site)).await?.ok_or_else(ApiError::not_found)?;
    Ok(calendar_response(&req, ics, Some(format!("demo-class-{id}.ics"))))
}

/// `GET /calendar/<token>.ics`: the feed, for whoever holds its address (no login).
pub async fn public_feed(
    req: HttpRequest,
    state: web::Data<AppState>,
    file: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let token = file.into_inner().strip_suffix(".ics").map(str::to_string).ok_or_else(ApiError::not_found)?;
    let (service, site) = (feeds(&state), state.notifier.public_url().to_string());
    let ics = blocking(move || service.calendar(&token, &site)).await?.ok_or_else(ApiError::not_found)?;
    Ok(calendar_response(&req, ics, None))
}

/// text/calendar, private to the one cache of whoever fetched it, with an ETag of its content
/// (a calendar program that asks again with it gets a 304 while nothing changed).
fn calendar_response(req: &HttpRequest, ics: String, download: Option<String>) -> HttpResponse {
    // DTSTAMP changes on each read; the ETag is of what the events say.
    let stable: String = ics.split("\r\n").filter(|l| !l.starts_with("DTSTAMP:")).collect();
    let etag = format!("\"{}\"", hex::encode(&Sha256::digest(stable.as_bytes())[..16]));
    let matches = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag));
    let mut answer = if matches { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    answer
        .insert_header((header::CACHE_CONTROL, "private, max-age=300"))
        .insert_header((header::ETAG, etag))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"));
    if let Some(name) = download {
        answer.insert_header((header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")));
    }
    if matches {
        return answer.finish();
    }
    answer.content_type("text/calendar; charset=utf-8").body(ics)
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(get_feed).service(rotate_feed).service(stop_feed).service(booking_calendar);
}
