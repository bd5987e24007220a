//! After a demo class (crates/scheduling's bookings/outcome.rs): each side says whether it took
//! place and whether they continue; the parent continuing assigns the tutor to the booking's request.

use actix_web::{post, web};
use hometutor_scheduling::bookings::{Booking, OutcomeInput};
use hometutor_scheduling::Bookings;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::routes::bookings::present;
use crate::state::AppState;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OutcomeBody {
    /// Whether the demo took place.
    pub happened: bool,
    /// Whether you will continue with lessons; only when it took place (else leave it out or null).
    #[serde(default, rename = "continue")]
    pub continues: Option<bool>,
    #[serde(default)]
    #[schema(max_length = 300)]
    pub note: Option<String>,
}

/// The parent or the tutor says, once the demo has started, whether it took place and whether
/// they will continue. Each side answers once and may correct it for 48 hours after first
/// giving it. When the parent continues (and the tutor has not said they will not) and the
/// booking was made for one of the parent's requests, the tutor is assigned to the request and
/// it closes to new interest; the other interested tutors and the tutor are told, once.
#[utoipa::path(tag = "bookings", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = OutcomeBody, responses(
    (status = 200, body = Booking),
    (status = 400, description = "`validation`, with `fields.continue` or `fields.note`", body = ErrorBody),
    (status = 404, description = "`booking_not_found` (also for anyone but its two sides)", body = ErrorBody),
    (status = 409, description = "`outcome_too_soon` (before the start), `outcome_locked` (48 hours after the answer), `booking_closed` (not confirmed)", body = ErrorBody),
))]
#[post("/bookings/{id}/outcome")]
#[tracing::instrument(skip_all)]
pub async fn answer_outcome(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<OutcomeBody>,
) -> Result<web::Json<Booking>, ApiError> {
    let b = body.into_inner();
    let input = OutcomeInput { happened: b.happened, continues: b.continues, note: b.note };
    let service = Bookings::new(state.db.clone(), state.notifier.clone());
    let (user, id) = (me.0.id, id.into_inner());
    let done = blocking(move || service.answer_outcome(user, id, &input)).await?;
    Ok(web::Json(present(&me, done)))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(answer_outcome);
}
