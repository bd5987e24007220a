//! The report queue: open reports oldest first in their context, and the admin's decision.
//! A suspension or ban closes the account's sockets on every process (the hub shares the
//! order over Redis); its tokens stopped working in the decision's transaction.

use actix_web::{get, post, web};
use hometutor_admin::QueuedReport;
use hometutor_i18n::Language;
use hometutor_moderation::{Outcome, Report};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::chat::MessageDto;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::state::AppState;

/// The request a report concerns, as the queue shows it.
// Kept in the shell: tuition's moderated request also holds the exact location, the parent and
// the assigned tutor, which the queue does not show; its subject and class are labelled here in
// the admin's language.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportedRequestDto {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// Vocabulary ids (`other`: the text says what, in the parent's own words); null only briefly
    /// after an upgrade. A chosen term's text is answered in the admin's language.
    pub subject_id: Option<String>,
    pub class_id: Option<String>,
    pub flagged: bool,
    pub flag_reason: Option<String>,
}

// Kept in the shell: its message thread and request are answered in their own shapes
// (`MessageDto`, `ReportedRequestDto`), and the reported person's role is left out.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QueuedReportDto {
    pub report: Report,
    pub reporter_name: String,
    pub reported_name: String,
    pub reported_email: String,
    pub reported_active: bool,
    /// For a message: the messages around it in order, the reported one among them.
    pub thread: Vec<MessageDto>,
    pub request: Option<ReportedRequestDto>,
    /// Other reports about the same account, newest first.
    pub earlier: Vec<Report>,
}

impl QueuedReportDto {
    /// The report as an admin of `language` reads it: the request's subject and class chosen from
    /// the vocabulary in that language's words (`term_labels`); English answers as stored.
    fn read_in(q: QueuedReport, language: Language) -> Self {
        Self {
            report: q.report,
            reporter_name: q.reporter_name,
            reported_name: q.reported_name,
            reported_email: q.reported_email,
            reported_active: q.reported_active,
            thread: q.thread.into_iter().map(MessageDto::from).collect(),
            request: q.request.map(|r| {
                let mut request = ReportedRequestDto {
                    id: r.id,
                    subject: r.subject,
                    class_level: r.class_level,
                    preferred_time: r.preferred_time,
                    subject_id: r.subject_id,
                    class_id: r.class_id,
                    flagged: r.flagged,
                    flag_reason: r.flag_reason,
                };
                if let Some(labels) = crate::term_labels::labels(language) {
                    labels.relabel_request(
                        (request.subject_id.as_deref(), &mut request.subject),
                        (request.class_id.as_deref(), &mut request.class_level),
                    );
                }
                request
            }),
            earlier: q.earlier,
        }
    }
}

/// Open reports, oldest first (at most 50), each in its context.
///
/// A reported request's subject and class chosen from the vocabulary read in the admin's language;
/// a parent's own words as written.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<QueuedReportDto>)))]
#[get("/admin/reports")]
#[tracing::instrument(skip_all)]
pub async fn admin_reports(
    state: web::Data<AppState>,
    admin: AdminOnly,
) -> Result<web::Json<Vec<QueuedReportDto>>, ApiError> {
    let service = state.admin.clone();
    let queue = blocking(move || service.report_queue()).await?;
    Ok(web::Json(queue.into_iter().map(|q| QueuedReportDto::read_in(q, admin.0.language)).collect()))
}

// Kept in the shell: the domain gives the oldest open report's filing time, the answer its age now.
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

// Kept in the shell: the domain's decision also names the account whose sockets the hub closes.
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
