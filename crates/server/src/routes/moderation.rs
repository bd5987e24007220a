//! What a person does about others: the list of people they block (to unblock from), and
//! reports about a profile, a request, a message or an interested tutor. Blocking and
//! unblocking one person are the chat's routes (`/api/chat/block`).

use actix_web::{get, post, web, HttpResponse};
use hometutor_admin::ReportInput;
use hometutor_limits::Bucket;
use hometutor_moderation::blocks::BlockedPerson;
use hometutor_moderation::{Reason, TargetKind};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{database, ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::rate_limit;
use crate::state::AppState;

/// The people the caller blocks, most recent first.
#[utoipa::path(tag = "messages", security(("bearer" = [])), responses((status = 200, body = Vec<BlockedPerson>)))]
#[get("/chat/blocks")]
#[tracing::instrument(skip_all)]
pub async fn blocked_people(
    state: web::Data<AppState>,
    me: CurrentUser,
) -> Result<web::Json<Vec<BlockedPerson>>, ApiError> {
    let (db, me) = (state.db.clone(), me.0.id);
    Ok(web::Json(blocking(move || hometutor_moderation::blocks::list(&db, me).map_err(database)).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ReportBody {
    pub target: TargetKind,
    pub target_id: i64,
    #[serde(default)]
    pub request_id: Option<i64>,
    pub reason: Reason,
    /// What happened, at most 1000 characters; required when the reason is `other`.
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub details: String,
}

#[derive(Serialize, ToSchema)]
pub struct ReportFiled {
    pub id: i64,
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
        kind: b.target,
        target_id: b.target_id,
        request_id: b.request_id,
        reason: b.reason,
        details: b.details,
    };
    let (service, reporter) = (state.admin.clone(), me.0.id);
    let id = blocking(move || service.file_report(reporter, input)).await?;
    Ok(HttpResponse::Created().json(ReportFiled { id }))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(blocked_people).service(file_report);
}

#[cfg(test)]
mod tests {
    use hometutor_moderation::{Reason, TargetKind};
    use serde_json::{json, Value};
    use utoipa::openapi::{RefOr, Schema};
    use utoipa::PartialSchema;

    fn listed(schema: RefOr<Schema>) -> Value {
        serde_json::to_value(schema).unwrap_or_default()["enum"].clone()
    }

    /// The document lists exactly the names a report's target and reason are read and written as.
    #[test]
    fn report_enums_document_their_wire_names() {
        let targets: Vec<&str> = TargetKind::ALL.iter().map(|t| t.as_str()).collect();
        assert_eq!(listed(TargetKind::schema()), json!(targets));
        let reasons: Vec<&str> = Reason::ALL.iter().map(|r| r.as_str()).collect();
        assert_eq!(listed(Reason::schema()), json!(reasons));
    }
}
