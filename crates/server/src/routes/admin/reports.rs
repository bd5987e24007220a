//! The report queue: open reports oldest first in their context, and the admin's decision.
//! A suspension or ban closes the account's sockets on every process (the hub shares the
//! order over Redis); its tokens stopped working in the decision's transaction.

use actix_web::{get, post, web};
use chrono::{DateTime, Utc};
use hometutor_admin::QueuedReport;
use hometutor_moderation::{Outcome, Report};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::chat::MessageDto;
use crate::errors::{blocking, ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportDto {
    pub id: i64,
    pub reporter_id: i64,
    /// profile, request, message or interest.
    pub target: String,
    pub target_id: i64,
    pub reported_id: i64,
    pub request_id: Option<i64>,
    /// money_upfront, spam, harassment, fake_profile, unsafe or other.
    pub reason: String,
    pub details: String,
    /// dismissed, warned, removed, suspended or banned; null while open.
    pub outcome: Option<String>,
    pub created_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
}

impl From<Report> for ReportDto {
    fn from(r: Report) -> Self {
        Self {
            id: r.id,
            reporter_id: r.reporter.0,
            target: r.kind.as_str().into(),
            target_id: r.target_id,
            reported_id: r.reported.0,
            request_id: r.request_id,
            reason: r.reason.as_str().into(),
            details: r.details,
            outcome: r.outcome.map(|o| o.as_str().into()),
            created_at: r.created_at.and_utc(),
            decided_at: r.decided_at.map(|t| t.and_utc()),
        }
    }
}

/// The request a report concerns, as the queue shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportedRequestDto {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    pub flagged: bool,
    pub flag_reason: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedReportDto {
    pub report: ReportDto,
    pub reporter_name: String,
    pub reported_name: String,
    pub reported_email: String,
    pub reported_active: bool,
    /// For a message: the messages around it in order, the reported one among them.
    pub thread: Vec<MessageDto>,
    pub request: Option<ReportedRequestDto>,
    /// Other reports about the same account, newest first.
    pub earlier: Vec<ReportDto>,
}

impl From<QueuedReport> for QueuedReportDto {
    fn from(q: QueuedReport) -> Self {
        Self {
            report: q.report.into(),
            reporter_name: q.reporter_name,
            reported_name: q.reported_name,
            reported_email: q.reported_email,
            reported_active: q.reported_active,
            thread: q.thread.into_iter().map(MessageDto::from).collect(),
            request: q.request.map(|r| ReportedRequestDto {
                id: r.id,
                subject: r.subject,
                class_level: r.class_level,
                preferred_time: r.preferred_time,
                flagged: r.flagged,
                flag_reason: r.flag_reason,
            }),
            earlier: q.earlier.into_iter().map(Into::into).collect(),
        }
    }
}

/// Open reports, oldest first (at most 50), each in its context.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<QueuedReportDto>)))]
#[get("/admin/reports")]
#[tracing::instrument(skip_all)]
pub async fn admin_reports(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<QueuedReportDto>>, ApiError> {
    let service = state.admin.clone();
    let queue = blocking(move || service.report_queue()).await?;
    Ok(web::Json(queue.into_iter().map(Into::into).collect()))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenReportsDto {
    pub count: i64,
    /// Seconds since the oldest open report was filed; null when none is open.
    pub oldest_age_seconds: Option<i64>,
}

/// How many reports are open and how long the oldest has waited (the dashboard's figure).
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = OpenReportsDto)))]
#[get("/admin/reports/open")]
#[tracing::instrument(skip_all)]
pub async fn admin_open_reports(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<OpenReportsDto>, ApiError> {
    let service = state.admin.clone();
    let open = blocking(move || service.open_reports()).await?;
    let now = hometutor_db::now();
    let oldest_age_seconds = open.oldest.map(|t| (now - t).num_seconds().max(0));
    Ok(web::Json(OpenReportsDto { count: open.count, oldest_age_seconds }))
}

/// What the admin decides.
#[derive(Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "snake_case")]
pub enum ReportAction {
    Dismiss,
    Warn,
    /// The reported message (its words) or request (flagged, hidden from tutors).
    Remove,
    /// Deactivates the account (an admin may activate it again); its sessions end everywhere.
    Suspend,
    /// As suspend, recorded as a ban.
    Ban,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DecideBody {
    pub action: ReportAction,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecidedDto {
    /// Reports decided: this one and every other open report on the same target.
    pub reports: usize,
}

/// Decides a report; every reporter of the same target is told the outcome.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = DecideBody, responses(
    (status = 200, body = DecidedDto),
    (status = 404, description = "No such report", body = ErrorBody),
    (status = 409, description = "Decided already, nothing to remove, or an admin's account", body = ErrorBody),
))]
#[post("/admin/reports/{id}/decide")]
#[tracing::instrument(skip_all)]
pub async fn admin_decide_report(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<DecideBody>,
) -> Result<web::Json<DecidedDto>, ApiError> {
    let outcome = match body.action {
        ReportAction::Dismiss => Outcome::Dismissed,
        ReportAction::Warn => Outcome::Warned,
        ReportAction::Remove => Outcome::Removed,
        ReportAction::Suspend => Outcome::Suspended,
        ReportAction::Ban => Outcome::Banned,
    };
    let (id, service, actor) = (id.into_inner(), state.admin.clone(), admin.actor());
    let decided = blocking(move || service.decide_report(&actor, id, outcome)).await?;
    if let Some(user) = decided.ended_sessions_of {
        state.hub.disconnect(user);
    }
    Ok(web::Json(DecidedDto { reports: decided.reports }))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_reports).service(admin_open_reports).service(admin_decide_report);
}
