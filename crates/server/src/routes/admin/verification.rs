//! The admins' verification queue and decisions (the admin service writes each to the audit log).

use actix_web::{get, post, web};
use hometutor_profiles::verification::{Checks, Decision, QueueItem, RejectReason, Submission};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::state::AppState;

/// Submissions in review, the longest waiting first (at most 100), each with its documents
/// (fetch them from `/verification/documents/{id}`: every look is in the audit log).
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = Vec<QueueItem>),
))]
#[get("/admin/verification")]
#[tracing::instrument(skip_all)]
pub async fn admin_verification_queue(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<QueueItem>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.verification_queue()).await?))
}

/// The checks that passed (the ID's at least).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApproveVerificationBody {
    pub id: bool,
    pub qualification: bool,
    pub police: bool,
}

/// Why a submission is refused.
#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum RejectReasonDto {
    Unreadable,
    NameMismatch,
    WrongDocument,
    Expired,
    NotMasked,
    Other,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct RejectVerificationBody {
    pub reason: RejectReasonDto,
    /// What the tutor should fix (at most 500 characters).
    #[serde(default)]
    #[schema(max_length = 500)]
    pub text: String,
}

/// Approves a submission with the checks that passed; the tutor's badge shows them from now.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = ApproveVerificationBody, responses(
    (status = 200, body = Submission),
    (status = 400, description = "The ID check did not pass (reject instead)", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Already decided (by another admin)", body = ErrorBody),
))]
#[post("/admin/verification/{id}/approve")]
#[tracing::instrument(skip_all)]
pub async fn admin_approve_verification(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<ApproveVerificationBody>,
) -> Result<web::Json<Submission>, ApiError> {
    let b = body.into_inner();
    let decision = Decision::Approve(Checks { id: b.id, qualification: b.qualification, police: b.police });
    let (id, service, actor) = (id.into_inner(), state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.decide_verification(&actor, id, &decision)).await?))
}

/// Rejects a submission with a reason; the tutor is told in the app and by e-mail and may submit again.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = RejectVerificationBody, responses(
    (status = 200, body = Submission),
    (status = 400, body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Already decided (by another admin)", body = ErrorBody),
))]
#[post("/admin/verification/{id}/reject")]
#[tracing::instrument(skip_all)]
pub async fn admin_reject_verification(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<RejectVerificationBody>,
) -> Result<web::Json<Submission>, ApiError> {
    let b = body.into_inner();
    let reason = match b.reason {
        RejectReasonDto::Unreadable => RejectReason::Unreadable,
        RejectReasonDto::NameMismatch => RejectReason::NameMismatch,
        RejectReasonDto::WrongDocument => RejectReason::WrongDocument,
        RejectReasonDto::Expired => RejectReason::Expired,
        RejectReasonDto::NotMasked => RejectReason::NotMasked,
        RejectReasonDto::Other => RejectReason::Other,
    };
    let decision = Decision::Reject { reason, text: b.text };
    let (id, service, actor) = (id.into_inner(), state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.decide_verification(&actor, id, &decision)).await?))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_verification_queue).service(admin_approve_verification).service(admin_reject_verification);
}
