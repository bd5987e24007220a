//! What waits for an admin's answer: support tickets from the Contact page and
//! e-mails the mail server refused for good.

use actix_web::{get, web};
use hometutor_admin::{SupportTicket, UndeliveredEmail};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::state::AppState;

/// Support tickets from the Contact page, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<SupportTicket>)))]
#[get("/admin/support-tickets")]
#[tracing::instrument(skip_all)]
pub async fn admin_support_tickets(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<SupportTicket>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.tickets(200)).await?))
}

/// E-mails that could not be delivered (the mail server refused them), most recent first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses(
    (status = 200, body = Vec<UndeliveredEmail>),
    (status = 401, description = "Not logged in", body = ErrorBody),
    (status = 403, description = "Not an admin", body = ErrorBody),
))]
#[get("/admin/undelivered-emails")]
#[tracing::instrument(skip_all)]
pub async fn admin_undelivered_emails(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<UndeliveredEmail>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.undelivered_emails(200)).await?))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_support_tickets).service(admin_undelivered_emails);
}
