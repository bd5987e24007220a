//! Users: list with filters and pages, create, update, delete, activate or
//! deactivate (one or in bulk) and reset a password. A deactivated, deleted or
//! reset account's chat sockets are closed at once.

use actix_web::{get, patch, post, web, HttpResponse};
use hometutor_admin::{BulkAction, NewUser, UserFilter, UserUpdate};
use hometutor_core::UserId;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::request_enums::{BulkUserAction, UserActiveFilter, UserRole, UserRoleFilter};
use super::responses::Done;
use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::routes::auth::AccountDto;
use crate::state::AppState;

#[derive(Deserialize, IntoParams)]
pub struct UsersQuery {
    /// Left out: every role.
    #[param(inline)]
    pub role: Option<UserRoleFilter>,
    /// Left out: active and deactivated accounts.
    #[param(inline)]
    pub active: Option<UserActiveFilter>,
    /// Part of the name, e-mail or phone, any case.
    pub search: Option<String>,
    /// From 1 (default 1).
    pub page: Option<i64>,
    /// 1–100 (default 20).
    pub limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct UsersPage {
    pub users: Vec<AccountDto>,
    /// Every user matching the filters, across pages.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// Users, newest first, filtered and paged (`{users, total}`).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(UsersQuery), responses(
    (status = 200, body = UsersPage),
    (status = 400, body = ErrorBody),
    (status = 403, description = "Not an admin", body = ErrorBody),
))]
#[get("/admin/users")]
#[tracing::instrument(skip_all)]
pub async fn admin_users(
    state: web::Data<AppState>,
    _admin: AdminOnly,
    query: web::Query<UsersQuery>,
) -> Result<web::Json<UsersPage>, ApiError> {
    let q = query.into_inner();
    let filter = UserFilter {
        role: q.role.and_then(UserRoleFilter::role),
        active: q.active.and_then(UserActiveFilter::active),
        search: q.search,
        page: q.page.unwrap_or(1).max(1),
        limit: q.limit.unwrap_or(20).clamp(1, hometutor_admin::MAX_PAGE_SIZE),
    };
    let (page, limit) = (filter.page, filter.limit);
    let admin = state.admin.clone();
    let found = blocking(move || admin.users(&filter)).await?;
    Ok(web::Json(UsersPage {
        users: found.users.into_iter().map(Into::into).collect(),
        total: found.total,
        page,
        limit,
    }))
}

/// An account an admin makes (verified at once). NUL is refused in any body (crate::input).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateUserBody {
    /// One line, not blank, at most 100 characters.
    #[schema(max_length = 100, pattern = r"^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$")]
    pub fullname: String,
    /// An address as `hometutor_core::Email::parse` takes it: one `@`, a dotted domain, no spaces.
    #[schema(
        max_length = 254,
        pattern = r"^\s*[^\s@\x00-\x1F\x7F-\x9F]{1,64}@[^\s@.\x00-\x1F\x7F-\x9F]+(\.[^\s@.\x00-\x1F\x7F-\x9F]+)+\s*$"
    )]
    pub email: String,
    /// Exactly 10 digits, or empty (the default) for none.
    #[serde(default)]
    #[schema(pattern = r"^\s*([0-9]{10})?\s*$")]
    pub phone: String,
    /// 8 characters to 72 bytes.
    #[schema(min_length = 8, max_length = 72)]
    pub password: String,
    pub role: UserRole,
}

/// Creates a verified account of any role (admins included).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = CreateUserBody, responses(
    (status = 201, body = AccountDto),
    (status = 400, body = ErrorBody),
    (status = 409, description = "E-mail already registered", body = ErrorBody),
))]
#[post("/admin/users/create")]
#[tracing::instrument(skip_all)]
pub async fn admin_create_user(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<CreateUserBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let new =
        NewUser { fullname: b.fullname, email: b.email, phone: b.phone, password: b.password, role: b.role.into() };
    let (service, actor) = (state.admin.clone(), admin.actor());
    let created = blocking(move || service.create_user(&actor, &new)).await?;
    Ok(HttpResponse::Created().json(AccountDto::from(created)))
}

/// What to change; a field left out (or null) stays as it is. NUL is refused in any body (crate::input).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateUserBody {
    /// One line, not blank, at most 100 characters.
    #[schema(max_length = 100, pattern = r"^[^\x00-\x1F\x7F-\x9F]*[^\s\x00-\x1F\x7F-\x9F][^\x00-\x1F\x7F-\x9F]*$")]
    pub fullname: Option<String>,
    /// Exactly 10 digits, or empty for none.
    #[schema(pattern = r"^\s*([0-9]{10})?\s*$")]
    pub phone: Option<String>,
    pub role: Option<UserRole>,
    pub active: Option<bool>,
}

/// Changes name, phone, role or active flag (the e-mail never changes).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = UpdateUserBody, responses(
    (status = 200, body = AccountDto),
    (status = 400, body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Would demote or deactivate yourself or the last admin", body = ErrorBody),
))]
#[post("/admin/users/{id}/update")]
#[tracing::instrument(skip_all)]
pub async fn admin_update_user(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<UpdateUserBody>,
) -> Result<web::Json<AccountDto>, ApiError> {
    let (id, b) = (id.into_inner(), body.into_inner());
    let update = UserUpdate { fullname: b.fullname, phone: b.phone, role: b.role.map(Into::into), active: b.active };
    let (service, actor) = (state.admin.clone(), admin.actor());
    let updated = blocking(move || service.update_user(&actor, id, &update)).await?;
    if !updated.active {
        state.hub.disconnect(UserId(id));
    }
    Ok(web::Json(updated.into()))
}

/// Deletes an account and what belongs to it.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = Done),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Yourself or the last admin", body = ErrorBody),
))]
#[post("/admin/users/{id}/delete")]
#[tracing::instrument(skip_all)]
pub async fn admin_delete_user(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
) -> Result<web::Json<Done>, ApiError> {
    let id = id.into_inner();
    let (service, actor) = (state.admin.clone(), admin.actor());
    blocking(move || service.delete_user(&actor, id)).await?;
    state.hub.disconnect(UserId(id));
    Ok(web::Json(Done { message: hometutor_i18n::text(admin.0.language, "done-user-deleted", &[]) }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetPasswordBody {
    /// 8 characters to 72 bytes.
    #[schema(min_length = 8, max_length = 72)]
    pub password: String,
}

/// Sets a new password; every session of the user ends.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = ResetPasswordBody, responses(
    (status = 200, body = Done),
    (status = 400, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[post("/admin/users/{id}/reset-password")]
#[tracing::instrument(skip_all)]
pub async fn admin_reset_password(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<ResetPasswordBody>,
) -> Result<web::Json<Done>, ApiError> {
    let (id, password) = (id.into_inner(), body.into_inner().password);
    let (service, actor) = (state.admin.clone(), admin.actor());
    blocking(move || service.reset_user_password(&actor, id, &password)).await?;
    state.hub.disconnect(UserId(id));
    Ok(web::Json(Done { message: hometutor_i18n::text(admin.0.language, "done-user-password-reset", &[]) }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StatusBody {
    pub active: bool,
}

/// Activates or deactivates an account; a deactivated user is logged out at once.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = StatusBody, responses(
    (status = 200, body = AccountDto),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Yourself or the last admin", body = ErrorBody),
))]
#[patch("/admin/users/{id}/status")]
#[tracing::instrument(skip_all)]
pub async fn admin_user_status(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<StatusBody>,
) -> Result<web::Json<AccountDto>, ApiError> {
    let (id, active) = (id.into_inner(), body.active);
    let (service, actor) = (state.admin.clone(), admin.actor());
    let user = blocking(move || service.set_user_active(&actor, id, active)).await?;
    if !active {
        state.hub.disconnect(UserId(id));
    }
    Ok(web::Json(user.into()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BulkBody {
    /// At least one (else 400 "Please select users first").
    #[schema(min_items = 1)]
    pub user_ids: Vec<i64>,
    pub action: BulkUserAction,
}

#[derive(Serialize, ToSchema)]
pub struct BulkResult {
    pub message: String,
    pub affected: usize,
}

/// One action on every selected user, all or nothing.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = BulkBody, responses(
    (status = 200, body = BulkResult),
    (status = 400, description = "Please select users first", body = ErrorBody),
    (status = 404, description = "A selected user does not exist (nothing changed)", body = ErrorBody),
    (status = 409, description = "Includes yourself or the last admin", body = ErrorBody),
))]
#[post("/admin/users/bulk")]
#[tracing::instrument(skip_all)]
pub async fn admin_bulk_users(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<BulkBody>,
) -> Result<web::Json<BulkResult>, ApiError> {
    let b = body.into_inner();
    let action = BulkAction::from(b.action);
    let (service, actor, ids) = (state.admin.clone(), admin.actor(), b.user_ids.clone());
    let affected = blocking(move || service.bulk(&actor, &ids, action)).await?;
    if action != BulkAction::Activate {
        for id in b.user_ids {
            state.hub.disconnect(UserId(id));
        }
    }
    Ok(web::Json(BulkResult { message: format!("{affected} user(s) updated."), affected }))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    // Literal paths (create, bulk) before `{id}` ones.
    cfg.service(admin_users)
        .service(admin_create_user)
        .service(admin_bulk_users)
        .service(admin_update_user)
        .service(admin_delete_user)
        .service(admin_reset_password)
        .service(admin_user_status);
}
