//! Tutors' standing: approved, featured and badges, shown on their public profile.

use actix_web::{post, web};
use hometutor_admin::MAX_BADGE_CHARS;
use serde::Deserialize;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::errors::{blocking, ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::routes::auth::AccountDto;
use crate::state::AppState;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApproveBody {
    pub approved: bool,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureBody {
    pub featured: bool,
}

/// The badges to show, replacing the ones before: at most 10 as sent
/// (`hometutor_admin::MAX_BADGES`), then trimmed, empty ones and repeats dropped.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BadgesBody {
    #[schema(value_type = Vec<Badge>, inline, max_items = 10)]
    pub badges: Vec<String>,
}

/// One badge (documents [`BadgesBody::badges`]' items, from the limit the admin service applies).
pub struct Badge;

impl PartialSchema for Badge {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(format!("At most {MAX_BADGE_CHARS} characters.")))
            .max_length(Some(MAX_BADGE_CHARS))
            .into()
    }
}

impl ToSchema for Badge {}

/// Marks a tutor approved (shown on their profile) or not.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = ApproveBody, responses(
    (status = 200, body = AccountDto),
    (status = 404, description = "No such tutor", body = ErrorBody),
))]
#[post("/admin/tutors/{id}/approve")]
#[tracing::instrument(skip_all)]
pub async fn admin_approve_tutor(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<ApproveBody>,
) -> Result<web::Json<AccountDto>, ApiError> {
    let (id, approved, service, actor) = (id.into_inner(), body.approved, state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.set_tutor_approved(&actor, id, approved)).await?.into()))
}

/// Features a tutor (shown on their profile) or not.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = FeatureBody, responses(
    (status = 200, body = AccountDto),
    (status = 404, description = "No such tutor", body = ErrorBody),
))]
#[post("/admin/tutors/{id}/feature")]
#[tracing::instrument(skip_all)]
pub async fn admin_feature_tutor(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<FeatureBody>,
) -> Result<web::Json<AccountDto>, ApiError> {
    let (id, featured, service, actor) = (id.into_inner(), body.featured, state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.set_tutor_featured(&actor, id, featured)).await?.into()))
}

/// Replaces a tutor's badges (at most 10, 40 characters each).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = BadgesBody, responses(
    (status = 200, body = AccountDto),
    (status = 400, body = ErrorBody),
    (status = 404, description = "No such tutor", body = ErrorBody),
))]
#[post("/admin/tutors/{id}/badges")]
#[tracing::instrument(skip_all)]
pub async fn admin_tutor_badges(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<BadgesBody>,
) -> Result<web::Json<AccountDto>, ApiError> {
    let (id, badges, service, actor) = (id.into_inner(), body.into_inner().badges, state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.set_tutor_badges(&actor, id, &badges)).await?.into()))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_approve_tutor).service(admin_feature_tutor).service(admin_tutor_badges);
}
