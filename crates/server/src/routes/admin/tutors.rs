//! Tutors' standing: featured (an award of the site's), shown on their public profile.
//! Verification is decided on documents (`super::verification`), never switched on.

use actix_web::{post, web};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::routes::auth::AccountDto;
use crate::state::AppState;

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FeatureBody {
    pub featured: bool,
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

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_feature_tutor);
}
