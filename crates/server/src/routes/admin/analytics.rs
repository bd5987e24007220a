//! Analytics (users, search trends, popular tutors, revenue) and the audit log.

use actix_web::{get, web};
use hometutor_admin::AuditEntry;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::errors::{blocking, ApiError};
use crate::extract::AdminOnly;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserStatsDto {
    pub total_users: i64,
    pub tutors: i64,
    /// Parents (students' families).
    pub students: i64,
    pub active: i64,
    pub inactive: i64,
    /// Tutors per parent; null without parents.
    pub tutor_student_ratio: Option<f64>,
}

/// Counts of users by role and state.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = UserStatsDto)))]
#[get("/admin/analytics/user-stats")]
#[tracing::instrument(skip_all)]
pub async fn admin_user_stats(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<UserStatsDto>, ApiError> {
    let service = state.admin.clone();
    let s = blocking(move || service.user_stats()).await?;
    Ok(web::Json(UserStatsDto {
        total_users: s.total_users,
        tutors: s.tutors,
        students: s.students,
        active: s.active,
        inactive: s.inactive,
        tutor_student_ratio: s.tutor_student_ratio,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct SearchTrendDto {
    pub term: String,
    pub count: i64,
}

/// The subject and class filters tutors searched nearby requests with, most used first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<SearchTrendDto>)))]
#[get("/admin/analytics/search-trends")]
#[tracing::instrument(skip_all)]
pub async fn admin_search_trends(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<SearchTrendDto>>, ApiError> {
    let service = state.admin.clone();
    let trends = blocking(move || service.search_trends()).await?;
    Ok(web::Json(trends.into_iter().map(|t| SearchTrendDto { term: t.term, count: t.count }).collect()))
}

#[derive(Serialize, ToSchema)]
pub struct PopularTutorDto {
    pub id: i64,
    pub name: String,
    /// Interests shown plus reviews received.
    pub count: i64,
    pub interests: i64,
    pub reviews: i64,
}

/// Tutors by interests shown in requests plus reviews received.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<PopularTutorDto>)))]
#[get("/admin/analytics/popular-tutors")]
#[tracing::instrument(skip_all)]
pub async fn admin_popular_tutors(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<PopularTutorDto>>, ApiError> {
    let service = state.admin.clone();
    let tutors = blocking(move || service.popular_tutors()).await?;
    Ok(web::Json(
        tutors
            .into_iter()
            .map(|t| PopularTutorDto {
                id: t.id,
                name: t.name,
                count: t.count,
                interests: t.interests,
                reviews: t.reviews,
            })
            .collect(),
    ))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevenueDto {
    /// Rupees, confirmed payments only.
    pub total: f64,
    /// This calendar month in India (IST).
    pub this_month: f64,
    pub last_month: f64,
}

/// Revenue from confirmed payments, in rupees.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = RevenueDto)))]
#[get("/admin/analytics/revenue")]
#[tracing::instrument(skip_all)]
pub async fn admin_revenue(state: web::Data<AppState>, _admin: AdminOnly) -> Result<web::Json<RevenueDto>, ApiError> {
    let service = state.admin.clone();
    let r = blocking(move || service.revenue()).await?;
    Ok(web::Json(RevenueDto { total: r.total, this_month: r.this_month, last_month: r.last_month }))
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
