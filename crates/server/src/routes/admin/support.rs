//! What waits for an admin's answer: support tickets from the Contact page and
//! e-mails the mail server refused for good.

use actix_web::{get, web};
use chrono::{DateTime, Utc};
use hometutor_admin::{SupportTicket, UndeliveredEmail};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::errors::{blocking, ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SupportTicketDto {
    pub id: i64,
    pub name: String,
    /// The sender's e-mail.
    pub from: String,
    pub subject: String,
    pub text: String,
    pub created_at: DateTime<Utc>,
}

impl From<SupportTicket> for SupportTicketDto {
    fn from(t: SupportTicket) -> Self {
        Self {
            id: t.id,
            name: t.name,
            from: t.email,
            subject: t.subject,
            text: t.message,
            created_at: t.created_at.and_utc(),
        }
    }
}

/// Support tickets from the Contact page, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<SupportTicketDto>)))]
#[get("/admin/support-tickets")]
#[tracing::instrument(skip_all)]
pub async fn admin_support_tickets(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<SupportTicketDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.tickets(200)).await?.into_iter().map(Into::into).collect()))
}

/// An e-mail the mail server refused for good, several times; it is no longer retried.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UndeliveredEmailDto {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    /// verification_code, reset_code, already_registered, password_changed or notice.
    pub kind: String,
    /// How many times it was tried.
    pub attempts: i32,
    /// What the mail server answered the last time.
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    /// When the worker gave up.
    pub failed_at: DateTime<Utc>,
}

impl From<UndeliveredEmail> for UndeliveredEmailDto {
    fn from(e: UndeliveredEmail) -> Self {
        Self {
            id: e.id,
            recipient: e.recipient,
            subject: e.subject,
            kind: e.kind,
            attempts: e.attempts,
            last_error: e.last_error,
            created_at: e.created_at.and_utc(),
            failed_at: e.failed_at.and_utc(),
        }
    }
}

/// E-mails that could not be delivered (the mail server refused them), most recent first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = Vec<UndeliveredEmailDto>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not an admin", body = ErrorBody),
))]
#[get("/admin/undelivered-emails")]
#[tracing::instrument(skip_all)]
pub async fn admin_undelivered_emails(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<UndeliveredEmailDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.undelivered_emails(200)).await?.into_iter().map(Into::into).collect()))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_support_tickets).service(admin_undelivered_emails);
}
