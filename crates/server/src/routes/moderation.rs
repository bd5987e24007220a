//! What a person does about others: the list of people they block (to unblock from), and
//! reports about a profile, a request, a message or an interested tutor. Blocking and
//! unblocking one person are the chat's routes (`/api/chat/block`).

use actix_web::{get, post, web, HttpResponse};
use chrono::{DateTime, Utc};
use hometutor_admin::ReportInput;
use hometutor_limits::Bucket;
use hometutor_moderation::{Reason, TargetKind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::errors::{blocking, database, ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::rate_limit;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedPersonDto {
    pub id: i64,
    pub fullname: String,
    pub blocked_at: DateTime<Utc>,
}

/// The people the caller blocks, most recent first.
#[utoipa::path(tag = "messages", security(("bearer" = [])), responses((status = 200, body = Vec<BlockedPersonDto>)))]
#[get("/chat/blocks")]
#[tracing::instrument(skip_all)]
pub async fn blocked_people(
    state: web::Data<AppState>,
    me: CurrentUser,
) -> Result<web::Json<Vec<BlockedPersonDto>>, ApiError> {
    let (db, me) = (state.db.clone(), me.0.id);
    let list = blocking(move || hometutor_moderation::blocks::list(&db, me).map_err(database)).await?;
    Ok(web::Json(
        list.into_iter()
            .map(|p| BlockedPersonDto { id: p.id.0, fullname: p.fullname, blocked_at: p.blocked_at.and_utc() })
            .collect(),
    ))
}

/// What is reported.
#[derive(Deserialize, Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum ReportTarget {
    /// A tutor's (or any person's) profile: `targetId` is the user's id.
    Profile,
    /// A tuition request: `targetId` is the request's id.
    Request,
    /// A chat message of the caller's own conversation: `targetId` is the message's id.
    Message,
    /// A tutor interested in the caller's request: `targetId` is the tutor's id, `requestId` the request's.
    Interest,
}

/// Why, from the list.
#[derive(Deserialize, Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum ReportReason {
    MoneyUpfront,
    Spam,
    Harassment,
    FakeProfile,
    Unsafe,
    Other,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReportBody {
    pub target: ReportTarget,
    pub target_id: i64,
    #[serde(default)]
    pub request_id: Option<i64>,
    pub reason: ReportReason,
    /// What happened, at most 1000 characters; required when the reason is `other`.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub details: String,
}

#[derive(Serialize, ToSchema)]
pub struct ReportFiled {
    pub id: i64,
}

impl From<ReportTarget> for TargetKind {
    fn from(t: ReportTarget) -> Self {
        match t {
            ReportTarget::Profile => TargetKind::Profile,
            ReportTarget::Request => TargetKind::Request,
            ReportTarget::Message => TargetKind::Message,
            ReportTarget::Interest => TargetKind::Interest,
        }
    }
}

impl From<ReportReason> for Reason {
    fn from(r: ReportReason) -> Self {
        match r {
            ReportReason::MoneyUpfront => Reason::MoneyUpfront,
            ReportReason::Spam => Reason::Spam,
            ReportReason::Harassment => Reason::Harassment,
            ReportReason::FakeProfile => Reason::FakeProfile,
            ReportReason::Unsafe => Reason::Unsafe,
            ReportReason::Other => Reason::Other,
        }
    }
}

/// Reports a profile, a request, a message or an interested tutor to the admins. One report per
/// person per target: a repeat is refused (409); at most 10 reports an hour per account (429).
#[utoipa::path(tag = "moderation", security(("bearer" = [])), request_body = ReportBody, responses(
    (status = 201, body = ReportFiled),
    (status = 400, description = "Details too long, or missing for 'other'", body = ErrorBody),
    (status = 404, description = "No such target, or not one the caller may report", body = ErrorBody),
    (status = 409, description = "Already reported by the caller, or the caller themself", body = ErrorBody),
    (status = 429, description = "Too many reports", body = ErrorBody),
))]
#[post("/reports")]
#[tracing::instrument(skip_all)]
pub async fn file_report(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<ReportBody>,
) -> Result<HttpResponse, ApiError> {
    if let Err(wait) = rate_limit::hit(&state.limiter, Bucket::ReportsPerAccount, me.0.id).await {
        return Err(rate_limit::refused(Bucket::ReportsPerAccount, wait));
    }
    let b = body.into_inner();
    let input = ReportInput {
        kind: b.target.into(),
        target_id: b.target_id,
        request_id: b.request_id,
        reason: b.reason.into(),
        details: b.details,
    };
    let (service, reporter) = (state.admin.clone(), me.0.id);
    let id = blocking(move || service.file_report(reporter, input)).await?;
    Ok(HttpResponse::Created().json(ReportFiled { id }))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(blocked_people).service(file_report);
}
