//! A tutor's weekly availability in IST and time off (crates/scheduling), and the free times a
//! parent or visitor reads from a tutor's profile.

use actix_web::{delete, get, post, put, web, HttpRequest, HttpResponse};
use hometutor_scheduling::{Availability, FreeTimes, MyAvailability, SlotInput, TimeOffInput};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::state::AppState;

/// One weekly slot, IST wall clock.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SlotBody {
    /// `mon` … `sun`.
    #[schema(example = "mon")]
    pub weekday: String,
    /// `HH:MM`, 06:00 to 21:30, on the hour or half past.
    #[schema(example = "17:00")]
    pub start: String,
    /// `HH:MM`, after `start`, at most 22:00, on the hour or half past.
    #[schema(example = "19:00")]
    pub end: String,
}

/// The whole week, in place of the one saved (an empty list clears it).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WeekBody {
    #[schema(max_items = 56)]
    pub slots: Vec<SlotBody>,
}

/// Days away, IST calendar days, both included.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TimeOffBody {
    /// `YYYY-MM-DD`, today or later.
    #[schema(example = "2027-01-12")]
    pub start_date: String,
    /// `YYYY-MM-DD`, on or after `startDate`, at most 366 days in all.
    #[schema(example = "2027-01-15")]
    pub end_date: String,
    /// One line, at most 200 characters ("Pongal holidays").
    #[serde(default)]
    #[schema(max_length = 200)]
    pub note: Option<String>,
}

#[derive(Deserialize, IntoParams)]
pub struct WeeksParams {
    /// How many weeks ahead, 1–8 (default 2).
    #[param(minimum = 1, maximum = 8)]
    pub weeks: Option<u32>,
}

/// The calling tutor's weekly slots and upcoming time off (tutors only: others 403).
#[utoipa::path(tag = "availability", security(("bearer" = [])), responses(
    (status = 200, body = MyAvailability),
    (status = 403, description = "`not_a_tutor`", body = ErrorBody),
))]
#[get("/tutors/me/availability")]
#[tracing::instrument(skip_all)]
pub async fn my_availability(
    state: web::Data<AppState>,
    me: CurrentUser,
) -> Result<web::Json<MyAvailability>, ApiError> {
    let service = Availability::new(state.db.clone());
    Ok(web::Json(blocking(move || service.mine(me.0.id, me.0.role)).await?))
}

/// Saves the calling tutor's week in place of the one they had: every slot within 06:00–22:00 IST,
/// on the half hour, ending after it starts, none overlapping another that day, at most 56. A
/// refused week changes nothing.
#[utoipa::path(tag = "availability", security(("bearer" = [])), request_body = WeekBody, responses(
    (status = 200, body = MyAvailability),
    (status = 400, description = "`validation`, with `fields.slots`", body = ErrorBody),
    (status = 403, description = "`not_a_tutor`", body = ErrorBody),
))]
#[put("/tutors/me/availability/slots")]
#[tracing::instrument(skip_all)]
pub async fn save_week(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<WeekBody>,
) -> Result<web::Json<MyAvailability>, ApiError> {
    let week: Vec<SlotInput> = body
        .into_inner()
        .slots
        .into_iter()
        .map(|s| SlotInput { weekday: s.weekday, start: s.start, end: s.end })
        .collect();
    let service = Availability::new(state.db.clone());
    Ok(web::Json(blocking(move || service.set_week(me.0.id, me.0.role, &week)).await?))
}

/// Adds time off for the calling tutor: not starting in the past, not ending before it starts, at
/// most 366 days, at most 30 periods not yet ended.
#[utoipa::path(tag = "availability", security(("bearer" = [])), request_body = TimeOffBody, responses(
    (status = 201, body = MyAvailability),
    (status = 400, description = "`validation`, with `fields`", body = ErrorBody),
    (status = 403, description = "`not_a_tutor`", body = ErrorBody),
))]
#[post("/tutors/me/availability/exceptions")]
#[tracing::instrument(skip_all)]
pub async fn add_time_off(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<TimeOffBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = TimeOffInput { start_date: b.start_date, end_date: b.end_date, note: b.note };
    let service = Availability::new(state.db.clone());
    let saved = blocking(move || service.add_time_off(me.0.id, me.0.role, &input)).await?;
    Ok(HttpResponse::Created().json(saved))
}

/// Removes the calling tutor's time off (another tutor's is 404, as an unknown one).
#[utoipa::path(tag = "availability", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = MyAvailability),
    (status = 403, description = "`not_a_tutor`", body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[delete("/tutors/me/availability/exceptions/{id}")]
#[tracing::instrument(skip_all)]
pub async fn remove_time_off(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<web::Json<MyAvailability>, ApiError> {
    let (service, id) = (Availability::new(state.db.clone()), id.into_inner());
    Ok(web::Json(blocking(move || service.remove_time_off(me.0.id, me.0.role, id)).await?))
}

/// A tutor's free times over the next weeks (their weekly slots minus time off, from now on), as
/// UTC intervals. Public, like the profile, and shown to the same people: a tutor who blocks the
/// reader is not found.
#[utoipa::path(tag = "availability", params(("idOrEmail" = String, Path,), WeeksParams), responses(
    (status = 200, body = FreeTimes),
    (status = 400, description = "`validation`: weeks out of range", body = ErrorBody),
    (status = 404, description = "Tutor not found.", body = ErrorBody),
))]
#[get("/tutors/{idOrEmail}/availability")]
#[tracing::instrument(skip_all)]
pub async fn free_times(
    state: web::Data<AppState>,
    req: HttpRequest,
    key: web::Path<String>,
    params: web::Query<WeeksParams>,
) -> Result<web::Json<FreeTimes>, ApiError> {
    // Public: a missing or stale token reads as logged out, never as an error (as the profile).
    let has_token = req.headers().contains_key(actix_web::http::header::AUTHORIZATION);
    let viewer = if has_token { crate::extract::authenticate(&req).await.ok() } else { None };
    let (profiles, messages) = (state.profiles.clone(), state.messages.clone());
    let (service, key, weeks) = (Availability::new(state.db.clone()), key.into_inner(), params.weeks);
    let free = blocking(move || {
        let tutor = profiles.tutor_of(&key).map_err(ApiError::from)?;
        if let Some(viewer) = viewer {
            if messages.has_blocked(tutor, viewer.id).map_err(ApiError::from)? {
                return Err(ApiError::from(hometutor_profiles::ProfileError::NotFound));
            }
        }
        service.free_times(tutor, weeks).map_err(ApiError::from)
    })
    .await?;
    Ok(web::Json(free))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(my_availability).service(save_week).service(add_time_off).service(remove_time_off).service(free_times);
}
