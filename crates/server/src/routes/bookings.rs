//! Demo classes a parent books with a tutor (crates/scheduling's bookings): the routes parse,
//! call the service and answer; the rules, the race and the notices are the service's.

use actix_web::{get, post, web, HttpResponse};
use hometutor_scheduling::bookings::{Booking, BookingCount, Mode, NewBooking, TimeInput, When};
use hometutor_scheduling::Bookings;
use hometutor_vocabulary::Facet;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::routes::discovery::photo_url;
use crate::state::AppState;

/// A time, two UTC instants in RFC 3339 (`2027-01-11T11:30:00Z`).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BookingTimeBody {
    /// On a quarter hour, in the future, within 06:00–22:00 IST, at most 8 weeks ahead.
    #[schema(example = "2027-01-11T11:30:00Z")]
    pub starts_at: String,
    /// 30 to 120 minutes after `startsAt`, on a quarter hour.
    #[schema(example = "2027-01-11T12:30:00Z")]
    pub ends_at: String,
}

impl From<BookingTimeBody> for TimeInput {
    fn from(b: BookingTimeBody) -> Self {
        TimeInput { starts_at: b.starts_at, ends_at: b.ends_at }
    }
}

/// How a parent books.
#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum BookingMode {
    /// Exactly one time wholly inside the tutor's free times.
    Slot,
    /// One to three times, none overlapping, for the tutor to pick from.
    Propose,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewBookingBody {
    pub tutor_id: i64,
    /// One of the parent's own requests (it names the subject and the place).
    #[serde(default)]
    pub request_id: Option<i64>,
    pub mode: BookingMode,
    #[schema(min_items = 1, max_items = 3)]
    pub times: Vec<BookingTimeBody>,
    /// The parent's message to the tutor.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub note: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AcceptBody {
    /// For a proposed booking: which proposal (its `startsAt`).
    #[serde(default)]
    pub starts_at: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeclineBody {
    #[schema(min_length = 1, max_length = 300)]
    pub reason: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CancelBody {
    #[schema(min_length = 1, max_length = 300)]
    pub note: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RescheduleBody {
    #[schema(example = "2027-01-12T11:30:00Z")]
    pub starts_at: String,
    #[schema(example = "2027-01-12T12:30:00Z")]
    pub ends_at: String,
    #[schema(min_length = 1, max_length = 300)]
    pub note: String,
}

#[derive(Deserialize, ToSchema, Clone, Copy, Default)]
#[serde(rename_all = "lowercase")]
pub enum BookingWhen {
    #[default]
    Upcoming,
    Past,
}

#[derive(Deserialize, IntoParams)]
pub struct ListParams {
    /// `upcoming` (default): not ended and not declined or cancelled, soonest first; `past`: the rest, newest first.
    #[param(inline)]
    pub when: Option<BookingWhen>,
}

#[derive(Serialize, ToSchema)]
pub struct BookingList {
    pub bookings: Vec<Booking>,
}

fn service(state: &AppState) -> Bookings {
    Bookings::new(state.db.clone(), state.notifier.clone())
}

/// A booking as `me` reads it: the subject in their language, the photo as its URL.
pub(crate) fn present(me: &CurrentUser, mut booking: Booking) -> Booking {
    booking.tutor.photo_url = photo_url(booking.tutor.photo.take());
    if let (Some(labels), Some(subject)) = (crate::term_labels::labels(me.0.language), booking.subject.as_mut()) {
        labels.relabel_text(Facet::Subject, booking.subject_id.as_deref(), subject);
    }
    booking
}

/// A parent books a demo class: one of the tutor's free times (`slot`: it leaves their free times
/// at once; of two parents racing for it, one gets 201 and the other 409 `booking_not_free`), or
/// one to three times for the tutor to pick from (`propose`). A refused booking changes nothing.
#[utoipa::path(tag = "bookings", security(("bearer" = [])), request_body = NewBookingBody, responses(
    (status = 201, body = Booking),
    (status = 400, description = "`validation`, with `fields.times`, `fields.note` or `fields.requestId`", body = ErrorBody),
    (status = 403, description = "`not_a_parent`", body = ErrorBody),
    (status = 404, description = "`tutor_not_found`", body = ErrorBody),
    (status = 409, description = "`tutor_unavailable` (suspended, or a block either way), `booking_not_free`", body = ErrorBody),
))]
#[post("/bookings")]
#[tracing::instrument(skip_all)]
pub async fn create_booking(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<NewBookingBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let input = NewBooking {
        tutor: b.tutor_id,
        request_id: b.request_id,
        mode: match b.mode {
            BookingMode::Slot => Mode::Slot,
            BookingMode::Propose => Mode::Propose,
        },
        times: b.times.into_iter().map(Into::into).collect(),
        note: b.note,
    };
    let (service, who) = (service(&state), (me.0.id, me.0.role));
    let booked = blocking(move || service.create(who.0, who.1, &input)).await?;
    Ok(HttpResponse::Created().json(present(&me, booked)))
}

/// The caller's bookings, as parent or tutor.
#[utoipa::path(tag = "bookings", security(("bearer" = [])), params(ListParams), responses(
    (status = 200, body = BookingList),
))]
#[get("/bookings")]
#[tracing::instrument(skip_all)]
pub async fn list_bookings(
    state: web::Data<AppState>,
    me: CurrentUser,
    params: web::Query<ListParams>,
) -> Result<web::Json<BookingList>, ApiError> {
    let when = match params.when.unwrap_or_default() {
        BookingWhen::Upcoming => When::Upcoming,
        BookingWhen::Past => When::Past,
    };
    let (service, who) = (service(&state), (me.0.id, me.0.role));
    let list = blocking(move || service.list(who.0, who.1, when)).await?;
    Ok(web::Json(BookingList { bookings: list.into_iter().map(|b| present(&me, b)).collect() }))
}

/// How many upcoming bookings the caller has, and how many wait for their answer (the navigation's badge).
#[utoipa::path(tag = "bookings", security(("bearer" = [])), responses((status = 200, body = BookingCount)))]
#[get("/bookings/count")]
#[tracing::instrument(skip_all)]
pub async fn count_bookings(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<BookingCount>, ApiError> {
    let (service, who) = (service(&state), (me.0.id, me.0.role));
    Ok(web::Json(blocking(move || service.count(who.0, who.1)).await?))
}

/// One booking: only its parent and its tutor (anyone else 404, as an unknown id).
#[utoipa::path(tag = "bookings", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = Booking),
    (status = 404, description = "`booking_not_found`", body = ErrorBody),
))]
#[get("/bookings/{id}")]
#[tracing::instrument(skip_all)]
pub async fn get_booking(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<web::Json<Booking>, ApiError> {
    let (service, user, id) = (service(&state), me.0.id, id.into_inner());
    let found = blocking(move || service.get(user, id)).await?;
    Ok(web::Json(present(&me, found)))
}

/// The side the booking awaits accepts it (for a proposal, the one `startsAt` names): confirmed.
#[utoipa::path(tag = "bookings", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = AcceptBody, responses(
    (status = 200, body = Booking),
    (status = 400, description = "`validation`, with `fields.startsAt`", body = ErrorBody),
    (status = 404, description = "`booking_not_found`", body = ErrorBody),
    (status = 409, description = "`booking_not_awaiting_you`, `booking_closed`, `booking_not_free`", body = ErrorBody),
))]
#[post("/bookings/{id}/accept")]
#[tracing::instrument(skip_all)]
pub async fn accept_booking(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<AcceptBody>,
) -> Result<web::Json<Booking>, ApiError> {
    let (service, user, id, pick) = (service(&state), me.0.id, id.into_inner(), body.into_inner().starts_at);
    let done = blocking(move || service.accept(user, id, pick.as_deref())).await?;
    Ok(web::Json(present(&me, done)))
}

/// The side the booking awaits declines it with a reason; its time is free again.
#[utoipa::path(tag = "bookings", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = DeclineBody, responses(
    (status = 200, body = Booking),
    (status = 400, description = "`validation`, with `fields.reason`", body = ErrorBody),
    (status = 404, description = "`booking_not_found`", body = ErrorBody),
    (status = 409, description = "`booking_not_awaiting_you`, `booking_closed`", body = ErrorBody),
))]
#[post("/bookings/{id}/decline")]
#[tracing::instrument(skip_all)]
pub async fn decline_booking(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<DeclineBody>,
) -> Result<web::Json<Booking>, ApiError> {
    let (service, user, id, reason) = (service(&state), me.0.id, id.into_inner(), body.into_inner().reason);
    let done = blocking(move || service.decline(user, id, &reason)).await?;
    Ok(web::Json(present(&me, done)))
}

/// Either side cancels before the start, with a note; less than 3 hours before it is a late
/// cancellation, counted for whoever cancelled.
#[utoipa::path(tag = "bookings", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = CancelBody, responses(
    (status = 200, body = Booking),
    (status = 400, description = "`validation`, with `fields.note`", body = ErrorBody),
    (status = 404, description = "`booking_not_found`", body = ErrorBody),
    (status = 409, description = "`booking_closed`", body = ErrorBody),
))]
#[post("/bookings/{id}/cancel")]
#[tracing::instrument(skip_all)]
pub async fn cancel_booking(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<CancelBody>,
) -> Result<web::Json<Booking>, ApiError> {
    let (service, user, id, note) = (service(&state), me.0.id, id.into_inner(), body.into_inner().note);
    let done = blocking(move || service.cancel(user, id, &note)).await?;
    Ok(web::Json(present(&me, done)))
}

/// Either side moves it before the start, with a note: requested again, awaiting the other side.
/// A parent's new time must be inside the tutor's free times; a tutor's may be any valid time
/// another booking does not hold.
#[utoipa::path(tag = "bookings", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = RescheduleBody, responses(
    (status = 200, body = Booking),
    (status = 400, description = "`validation`, with `fields.startsAt` or `fields.note`", body = ErrorBody),
    (status = 404, description = "`booking_not_found`", body = ErrorBody),
    (status = 409, description = "`booking_closed`, `booking_not_free`", body = ErrorBody),
))]
#[post("/bookings/{id}/reschedule")]
#[tracing::instrument(skip_all)]
pub async fn reschedule_booking(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<RescheduleBody>,
) -> Result<web::Json<Booking>, ApiError> {
    let b = body.into_inner();
    let (time, note) = (TimeInput { starts_at: b.starts_at, ends_at: b.ends_at }, b.note);
    let (service, user, id) = (service(&state), me.0.id, id.into_inner());
    let done = blocking(move || service.reschedule(user, id, &time, &note)).await?;
    Ok(web::Json(present(&me, done)))
}

/// Either side of a confirmed booking reports, after its start, that the other did not come (once).
#[utoipa::path(tag = "bookings", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = Booking),
    (status = 404, description = "`booking_not_found`", body = ErrorBody),
    (status = 409, description = "`no_show_too_soon`, `booking_closed` (not confirmed, or already reported)", body = ErrorBody),
))]
#[post("/bookings/{id}/no-show")]
#[tracing::instrument(skip_all)]
pub async fn report_no_show(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<web::Json<Booking>, ApiError> {
    let (service, user, id) = (service(&state), me.0.id, id.into_inner());
    let done = blocking(move || service.no_show(user, id)).await?;
    Ok(web::Json(present(&me, done)))
}

pub fn config(cfg: &mut ServiceConfig) {
    // The literal `count` before `{id}`.
    cfg.service(count_bookings)
        .service(create_booking)
        .service(list_bookings)
        .service(get_booking)
        .service(accept_booking)
        .service(decline_booking)
        .service(cancel_booking)
        .service(reschedule_booking)
        .service(report_no_show);
}
