//! Tuition requests' moderation: every request with its parent, flags and assignment.

use actix_web::{get, post, web};
use hometutor_admin::AdminRequest;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::responses::Done;
use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::state::AppState;

/// Every tuition request, newest first.
///
/// A subject and class chosen from the vocabulary read in the admin's language; a parent's own
/// words as written.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<AdminRequest>)))]
#[get("/admin/requests")]
#[tracing::instrument(skip_all)]
pub async fn admin_requests(
    state: web::Data<AppState>,
    admin: AdminOnly,
) -> Result<web::Json<Vec<AdminRequest>>, ApiError> {
    let service = state.admin.clone();
    let mut list = blocking(move || service.requests()).await?;
    if let Some(labels) = crate::term_labels::labels(admin.0.language) {
        for r in &mut list {
            labels.relabel_request(
                (r.subject_id.as_deref(), &mut r.subject),
                (r.class_id.as_deref(), &mut r.class_level),
            );
        }
    }
    Ok(web::Json(list))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FlagBody {
    pub flagged: bool,
    /// Why (kept with a flag, dropped with it); at most 500 characters (`MAX_FLAG_REASON_CHARS`).
    #[serde(default)]
    #[schema(max_length = 500)]
    pub flag_reason: Option<String>,
}

/// Flags a request (hidden from tutors' nearby results) or clears the flag.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = FlagBody, responses(
    (status = 200, body = Done),
    (status = 404, body = ErrorBody),
))]
#[post("/admin/requests/{id}/flag")]
#[tracing::instrument(skip_all)]
pub async fn admin_flag_request(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<FlagBody>,
) -> Result<web::Json<Done>, ApiError> {
    let (id, b, service, actor) = (id.into_inner(), body.into_inner(), state.admin.clone(), admin.actor());
    let flagged = b.flagged;
    blocking(move || service.flag_request(&actor, id, b.flagged, b.flag_reason.as_deref().unwrap_or(""))).await?;
    let id = if flagged { "done-request-flagged" } else { "done-flag-removed" };
    Ok(web::Json(Done { message: hometutor_i18n::text(admin.0.language, id, &[]) }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssignBody {
    /// A tutor's id; null clears the assignment.
    pub tutor_id: Option<i64>,
}

/// Assigns a tutor to a request.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = AssignBody, responses(
    (status = 200, body = Done),
    (status = 404, description = "No such request or tutor", body = ErrorBody),
    (status = 409, description = "The tutor has no active subscription, or the account is suspended", body = ErrorBody),
))]
#[post("/admin/requests/{id}/assign-tutor")]
#[tracing::instrument(skip_all)]
pub async fn admin_assign_tutor(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<AssignBody>,
) -> Result<web::Json<Done>, ApiError> {
    let (id, tutor, service, actor) = (id.into_inner(), body.tutor_id, state.admin.clone(), admin.actor());
    blocking(move || service.assign_tutor(&actor, id, tutor)).await?;
    Ok(web::Json(Done { message: hometutor_i18n::text(admin.0.language, "done-tutor-assigned", &[]) }))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_requests).service(admin_flag_request).service(admin_assign_tutor);
}
