//! Analytics (users, search trends, popular tutors, revenue) and the audit log.

use actix_web::{get, web};
use hometutor_admin::{AuditEntry, PopularTutor, Revenue, SearchTrend, UserStats};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::ApiError;
use crate::extract::AdminOnly;
use crate::state::AppState;

/// Counts of users by role and state.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = UserStats)))]
#[get("/admin/analytics/user-stats")]
#[tracing::instrument(skip_all)]
pub async fn admin_user_stats(state: web::Data<AppState>, _admin: AdminOnly) -> Result<web::Json<UserStats>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.user_stats()).await?))
}

/// The subject and class filters tutors searched nearby requests with, most used first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<SearchTrend>)))]
#[get("/admin/analytics/search-trends")]
#[tracing::instrument(skip_all)]
pub async fn admin_search_trends(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<SearchTrend>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.search_trends()).await?))
}

/// Tutors by interests shown in requests plus reviews received.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<PopularTutor>)))]
#[get("/admin/analytics/popular-tutors")]
#[tracing::instrument(skip_all)]
pub async fn admin_popular_tutors(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<PopularTutor>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.popular_tutors()).await?))
}

/// Revenue from confirmed payments, in rupees.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Revenue)))]
#[get("/admin/analytics/revenue")]
#[tracing::instrument(skip_all)]
pub async fn admin_revenue(state: web::Data<AppState>, _admin: AdminOnly) -> Result<web::Json<Revenue>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.revenue()).await?))
}

/// What admins did, newest first (the last 200 entries).
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<AuditEntry>)))]
#[get("/admin/audit-log")]
#[tracing::instrument(skip_all)]
pub async fn admin_audit_log(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<AuditEntry>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.audit_log(200)).await?))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_user_stats)
        .service(admin_search_trends)
        .service(admin_popular_tutors)
        .service(admin_revenue)
        .service(admin_audit_log);
}
