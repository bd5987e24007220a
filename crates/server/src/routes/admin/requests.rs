//! Tuition requests' moderation: every request with its parent, flags and assignment.

use actix_web::{get, post, web};
use chrono::{DateTime, Utc};
use hometutor_admin::AdminRequest;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::responses::Done;
use crate::errors::{blocking, ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminRequestDto {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// [longitude, latitude], exact.
    pub location: [f64; 2],
    pub parent_id: i64,
    pub parent_name: String,
    pub parent_email: String,
    pub flagged: bool,
    pub flag_reason: Option<String>,
    pub assigned_tutor: Option<i64>,
    pub interested_count: i64,
    pub created_at: DateTime<Utc>,
}

impl From<AdminRequest> for AdminRequestDto {
    fn from(r: AdminRequest) -> Self {
        Self {
            id: r.id,
            subject: r.subject,
            class_level: r.class_level,
            preferred_time: r.preferred_time,
            location: [r.lng, r.lat],
            parent_id: r.parent_id,
            parent_name: r.parent_name,
            parent_email: r.parent_email,
            flagged: r.flagged,
            flag_reason: r.flag_reason,
            assigned_tutor: r.assigned_tutor_id,
            interested_count: r.interested_count,
            created_at: r.created_at.and_utc(),
        }
    }
}

/// Every tuition request, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<AdminRequestDto>)))]
#[get("/admin/requests")]
#[tracing::instrument(skip_all)]
pub async fn admin_requests(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<AdminRequestDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.requests()).await?.into_iter().map(Into::into).collect()))
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
