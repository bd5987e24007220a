//! The admin panel's API (SPEC §7 "Admin"). Every handler takes [`AdminOnly`],
//! so parents and tutors get 403; every change is written to the audit log by
//! the admin service.

use actix_multipart::Multipart;
use actix_web::{delete, get, patch, post, web, HttpResponse};
use chrono::{DateTime, Utc};
use hometutor_admin::{
    AdminRequest, Asset, AssetType, AuditEntry, BulkAction, NewUser, SiteContent, SiteSettings, SupportTicket,
    Testimonial, Theme, UndeliveredEmail, User, UserFilter, UserUpdate,
};
use hometutor_core::{Role, UserId};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::errors::{blocking, ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::routes::uploads::receive_one;
use crate::state::AppState;

// ---------------------------------------------------------------- users

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserDto {
    pub id: i64,
    pub fullname: String,
    pub email: String,
    pub phone: String,
    pub role: String,
    pub active: bool,
    pub approved: bool,
    pub featured: bool,
    pub badges: Vec<String>,
    pub email_verified: bool,
    pub subscription_active: bool,
    pub subscription_expires: Option<DateTime<Utc>>,
    pub payment_status: String,
    pub created_at: DateTime<Utc>,
}

impl From<User> for AdminUserDto {
    fn from(u: User) -> Self {
        let subscription = u.subscription.at(hometutor_db::now());
        Self {
            badges: u.badges,
            id: u.id.0,
            fullname: u.fullname,
            email: u.email,
            phone: u.phone,
            role: u.role.as_str().to_string(),
            active: u.active,
            approved: u.approved,
            featured: u.featured,
            email_verified: u.email_verified,
            subscription_active: subscription.active,
            subscription_expires: subscription.expires.map(|t| t.and_utc()),
            payment_status: u.payment_status,
            created_at: u.created_at.and_utc(),
        }
    }
}

#[derive(Deserialize, IntoParams)]
pub struct UsersQuery {
    /// parent, tutor or admin.
    pub role: Option<String>,
    /// true or false.
    pub active: Option<String>,
    /// Part of the name, e-mail or phone, any case.
    pub search: Option<String>,
    /// From 1 (default 1).
    pub page: Option<i64>,
    /// 1–100 (default 20).
    pub limit: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct UsersPage {
    pub users: Vec<AdminUserDto>,
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
pub async fn admin_users(
    state: web::Data<AppState>,
    _admin: AdminOnly,
    query: web::Query<UsersQuery>,
) -> Result<web::Json<UsersPage>, ApiError> {
    let q = query.into_inner();
    let role = match q.role.as_deref().map(str::trim).filter(|r| !r.is_empty() && *r != "all") {
        Some(r) => Some(Role::parse(r).ok_or_else(|| ApiError::bad_request("role must be parent, tutor or admin."))?),
        None => None,
    };
    let active = match q.active.as_deref().map(str::trim).filter(|a| !a.is_empty() && *a != "all") {
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(_) => return Err(ApiError::bad_request("active must be true or false.")),
        None => None,
    };
    let filter = UserFilter {
        role,
        active,
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

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CreateUserBody {
    pub fullname: String,
    pub email: String,
    #[serde(default)]
    pub phone: String,
    pub password: String,
    /// parent, tutor or admin.
    pub role: String,
}

/// Creates a verified account of any role (admins included).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = CreateUserBody, responses(
    (status = 201, body = AdminUserDto),
    (status = 400, body = ErrorBody),
    (status = 409, description = "E-mail already registered", body = ErrorBody),
))]
#[post("/admin/users/create")]
pub async fn admin_create_user(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<CreateUserBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let new = NewUser { fullname: b.fullname, email: b.email, phone: b.phone, password: b.password, role: b.role };
    let (service, actor) = (state.admin.clone(), admin.actor());
    let created = blocking(move || service.create_user(&actor, &new)).await?;
    Ok(HttpResponse::Created().json(AdminUserDto::from(created)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UpdateUserBody {
    pub fullname: Option<String>,
    /// 10 digits, or empty.
    pub phone: Option<String>,
    pub role: Option<String>,
    pub active: Option<bool>,
}

/// Changes name, phone, role or active flag (the e-mail never changes).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = UpdateUserBody, responses(
    (status = 200, body = AdminUserDto),
    (status = 400, body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Would demote or deactivate yourself or the last admin", body = ErrorBody),
))]
#[post("/admin/users/{id}/update")]
pub async fn admin_update_user(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<UpdateUserBody>,
) -> Result<web::Json<AdminUserDto>, ApiError> {
    let (id, b) = (id.into_inner(), body.into_inner());
    let update = UserUpdate { fullname: b.fullname, phone: b.phone, role: b.role, active: b.active };
    let (service, actor) = (state.admin.clone(), admin.actor());
    let updated = blocking(move || service.update_user(&actor, id, &update)).await?;
    if !updated.active {
        state.hub.disconnect(UserId(id));
    }
    Ok(web::Json(updated.into()))
}

#[derive(Serialize, ToSchema)]
pub struct Done {
    pub message: String,
}

/// Deletes an account and what belongs to it.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = Done),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Yourself or the last admin", body = ErrorBody),
))]
#[post("/admin/users/{id}/delete")]
pub async fn admin_delete_user(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
) -> Result<web::Json<Done>, ApiError> {
    let id = id.into_inner();
    let (service, actor) = (state.admin.clone(), admin.actor());
    blocking(move || service.delete_user(&actor, id)).await?;
    state.hub.disconnect(UserId(id));
    Ok(web::Json(Done { message: "User deleted.".into() }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetPasswordBody {
    /// 8–72 bytes.
    pub password: String,
}

/// Sets a new password; every session of the user ends.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = ResetPasswordBody, responses(
    (status = 200, body = Done),
    (status = 400, body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[post("/admin/users/{id}/reset-password")]
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
    Ok(web::Json(Done { message: "Password reset. The user must log in again.".into() }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StatusBody {
    pub active: bool,
}

/// Activates or deactivates an account; a deactivated user is logged out at once.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = StatusBody, responses(
    (status = 200, body = AdminUserDto),
    (status = 404, body = ErrorBody),
    (status = 409, description = "Yourself or the last admin", body = ErrorBody),
))]
#[patch("/admin/users/{id}/status")]
pub async fn admin_user_status(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<StatusBody>,
) -> Result<web::Json<AdminUserDto>, ApiError> {
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
    pub user_ids: Vec<i64>,
    /// activate, deactivate or delete.
    pub action: String,
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
    (status = 409, description = "Includes yourself or the last admin", body = ErrorBody),
))]
#[post("/admin/users/bulk")]
pub async fn admin_bulk_users(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<BulkBody>,
) -> Result<web::Json<BulkResult>, ApiError> {
    let b = body.into_inner();
    let action = BulkAction::parse(b.action.trim())
        .ok_or_else(|| ApiError::bad_request("action must be activate, deactivate or delete."))?;
    let (service, actor, ids) = (state.admin.clone(), admin.actor(), b.user_ids.clone());
    let affected = blocking(move || service.bulk(&actor, &ids, action)).await?;
    if action != BulkAction::Activate {
        for id in b.user_ids {
            state.hub.disconnect(UserId(id));
        }
    }
    Ok(web::Json(BulkResult { message: format!("{affected} user(s) updated."), affected }))
}

// ---------------------------------------------------------------- tutors

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

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BadgesBody {
    pub badges: Vec<String>,
}

/// Marks a tutor approved (shown on their profile) or not.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = ApproveBody, responses(
    (status = 200, body = AdminUserDto),
    (status = 404, description = "No such tutor", body = ErrorBody),
))]
#[post("/admin/tutors/{id}/approve")]
pub async fn admin_approve_tutor(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<ApproveBody>,
) -> Result<web::Json<AdminUserDto>, ApiError> {
    let (id, approved, service, actor) = (id.into_inner(), body.approved, state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.set_tutor_approved(&actor, id, approved)).await?.into()))
}

/// Features a tutor (shown on their profile) or not.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = FeatureBody, responses(
    (status = 200, body = AdminUserDto),
    (status = 404, description = "No such tutor", body = ErrorBody),
))]
#[post("/admin/tutors/{id}/feature")]
pub async fn admin_feature_tutor(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<FeatureBody>,
) -> Result<web::Json<AdminUserDto>, ApiError> {
    let (id, featured, service, actor) = (id.into_inner(), body.featured, state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.set_tutor_featured(&actor, id, featured)).await?.into()))
}

/// Replaces a tutor's badges (at most 10, 40 characters each).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = BadgesBody, responses(
    (status = 200, body = AdminUserDto),
    (status = 400, body = ErrorBody),
    (status = 404, description = "No such tutor", body = ErrorBody),
))]
#[post("/admin/tutors/{id}/badges")]
pub async fn admin_tutor_badges(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<BadgesBody>,
) -> Result<web::Json<AdminUserDto>, ApiError> {
    let (id, badges, service, actor) = (id.into_inner(), body.into_inner().badges, state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.set_tutor_badges(&actor, id, &badges)).await?.into()))
}

// ---------------------------------------------------------------- requests

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminRequestDto {
    pub id: i64,
    pub subject: String,
    pub class_level: String,
    pub preferred_time: String,
    /// [longitude, latitude], exact.
    pub location: [f64; 2],
    pub parent_id: i64,
    pub parent_name: String,
    pub parent_email: String,
    pub flagged: bool,
    pub flag_reason: Option<String>,
    pub assigned_tutor: Option<i64>,
    pub interested_count: i64,
    pub created_at: DateTime<Utc>,
}

impl From<AdminRequest> for AdminRequestDto {
    fn from(r: AdminRequest) -> Self {
        Self {
            id: r.id,
            subject: r.subject,
            class_level: r.class_level,
            preferred_time: r.preferred_time,
            location: [r.lng, r.lat],
            parent_id: r.parent_id,
            parent_name: r.parent_name,
            parent_email: r.parent_email,
            flagged: r.flagged,
            flag_reason: r.flag_reason,
            assigned_tutor: r.assigned_tutor_id,
            interested_count: r.interested_count,
            created_at: r.created_at.and_utc(),
        }
    }
}

/// Every tuition request, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<AdminRequestDto>)))]
#[get("/admin/requests")]
pub async fn admin_requests(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<AdminRequestDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.requests()).await?.into_iter().map(Into::into).collect()))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FlagBody {
    pub flagged: bool,
    #[serde(default)]
    pub flag_reason: Option<String>,
}

/// Flags a request (hidden from tutors' nearby results) or clears the flag.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = FlagBody, responses(
    (status = 200, body = Done),
    (status = 404, body = ErrorBody),
))]
#[post("/admin/requests/{id}/flag")]
pub async fn admin_flag_request(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<FlagBody>,
) -> Result<web::Json<Done>, ApiError> {
    let (id, b, service, actor) = (id.into_inner(), body.into_inner(), state.admin.clone(), admin.actor());
    let flagged = b.flagged;
    blocking(move || service.flag_request(&actor, id, b.flagged, b.flag_reason.as_deref().unwrap_or(""))).await?;
    let message = if flagged { "Request flagged." } else { "Flag removed." };
    Ok(web::Json(Done { message: message.into() }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AssignBody {
    /// A tutor's id; null clears the assignment.
    pub tutor_id: Option<i64>,
}

/// Assigns a tutor to a request.
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = AssignBody, responses(
    (status = 200, body = Done),
    (status = 404, description = "No such request or tutor", body = ErrorBody),
))]
#[post("/admin/requests/{id}/assign-tutor")]
pub async fn admin_assign_tutor(
    state: web::Data<AppState>,
    admin: AdminOnly,
    id: web::Path<i64>,
    body: Json<AssignBody>,
) -> Result<web::Json<Done>, ApiError> {
    let (id, tutor, service, actor) = (id.into_inner(), body.tutor_id, state.admin.clone(), admin.actor());
    blocking(move || service.assign_tutor(&actor, id, tutor)).await?;
    Ok(web::Json(Done { message: "Tutor assigned.".into() }))
}

// ---------------------------------------------------------------- settings and content

#[derive(Serialize, Deserialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "lowercase")]
pub enum ThemeDto {
    Light,
    Dark,
    Custom,
}

impl From<Theme> for ThemeDto {
    fn from(t: Theme) -> Self {
        match t {
            Theme::Light => Self::Light,
            Theme::Dark => Self::Dark,
            Theme::Custom => Self::Custom,
        }
    }
}

impl From<ThemeDto> for Theme {
    fn from(t: ThemeDto) -> Self {
        match t {
            ThemeDto::Light => Self::Light,
            ThemeDto::Dark => Self::Dark,
            ThemeDto::Custom => Self::Custom,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsDto {
    pub site_title: String,
    pub site_description: String,
    pub theme: ThemeDto,
    pub maintenance_mode: bool,
    pub gpt5_mini_preview_enabled: bool,
    pub logo_url: Option<String>,
    pub banner_url: Option<String>,
    pub support_email: String,
    pub support_phone: String,
}

impl From<SiteSettings> for SettingsDto {
    fn from(s: SiteSettings) -> Self {
        Self {
            site_title: s.site_title,
            site_description: s.site_description,
            theme: s.theme.into(),
            maintenance_mode: s.maintenance_mode,
            gpt5_mini_preview_enabled: s.gpt5_mini_preview_enabled,
            logo_url: s.logo_url,
            banner_url: s.banner_url,
            support_email: s.support_email,
            support_phone: s.support_phone,
        }
    }
}

/// The settings to save; logo and banner change through their upload.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsBody {
    pub site_title: String,
    #[serde(default)]
    pub site_description: String,
    pub theme: ThemeDto,
    #[serde(default)]
    pub maintenance_mode: bool,
    #[serde(default = "default_true")]
    pub gpt5_mini_preview_enabled: bool,
    /// Left out: the contacts saved before stay.
    pub support_email: Option<String>,
    pub support_phone: Option<String>,
}

fn default_true() -> bool {
    true
}

/// The site settings.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = SettingsDto)))]
#[get("/admin/settings")]
pub async fn admin_settings(state: web::Data<AppState>, _admin: AdminOnly) -> Result<web::Json<SettingsDto>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.settings()).await?.into()))
}

/// Saves the site settings (title and theme apply to the whole site; maintenance mode shuts it for all but admins).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = SettingsBody, responses(
    (status = 200, body = SettingsDto),
    (status = 400, body = ErrorBody),
))]
#[post("/admin/settings")]
pub async fn admin_save_settings(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<SettingsBody>,
) -> Result<web::Json<SettingsDto>, ApiError> {
    let b = body.into_inner();
    let (service, actor) = (state.admin.clone(), admin.actor());
    let saved = blocking(move || {
        let current = service.settings()?;
        let new = SiteSettings {
            site_title: b.site_title,
            site_description: b.site_description,
            theme: b.theme.into(),
            maintenance_mode: b.maintenance_mode,
            gpt5_mini_preview_enabled: b.gpt5_mini_preview_enabled,
            support_email: b.support_email.unwrap_or(current.support_email),
            support_phone: b.support_phone.unwrap_or(current.support_phone),
            ..SiteSettings::default()
        };
        service.save_settings(&actor, &new)
    })
    .await?;
    Ok(web::Json(saved.into()))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContentDto {
    pub home_text: String,
    pub banners: Vec<String>,
    pub faqs: Vec<Value>,
    pub announcements: Vec<Value>,
}

impl From<SiteContent> for ContentDto {
    fn from(c: SiteContent) -> Self {
        Self { home_text: c.home_text, banners: c.banners, faqs: c.faqs, announcements: c.announcements }
    }
}

/// FAQs and announcements may come as JSON arrays or as text holding one.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContentBody {
    #[serde(default)]
    pub home_text: String,
    #[serde(default)]
    pub banners: Vec<String>,
    #[serde(default)]
    pub faqs: Value,
    #[serde(default)]
    pub announcements: Value,
}

/// The landing page's content.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = ContentDto)))]
#[get("/admin/content")]
pub async fn admin_content(state: web::Data<AppState>, _admin: AdminOnly) -> Result<web::Json<ContentDto>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.content()).await?.into()))
}

/// Saves the landing page's content; invalid JSON in FAQs or announcements is refused with its reason.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = ContentBody, responses(
    (status = 200, body = ContentDto),
    (status = 400, body = ErrorBody),
))]
#[post("/admin/content")]
pub async fn admin_save_content(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<ContentBody>,
) -> Result<web::Json<ContentDto>, ApiError> {
    let b = body.into_inner();
    let (service, actor) = (state.admin.clone(), admin.actor());
    let saved =
        blocking(move || service.save_content(&actor, &b.home_text, &b.banners, &b.faqs, &b.announcements)).await?;
    Ok(web::Json(saved.into()))
}

// ---------------------------------------------------------------- testimonials

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TestimonialDto {
    pub id: i64,
    pub name: String,
    pub text: String,
    pub approved: bool,
    pub created_at: DateTime<Utc>,
}

impl From<Testimonial> for TestimonialDto {
    fn from(t: Testimonial) -> Self {
        Self { id: t.id, name: t.name, text: t.text, approved: t.approved, created_at: t.created_at.and_utc() }
    }
}

/// Every testimonial, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<TestimonialDto>)))]
#[get("/admin/testimonials")]
pub async fn admin_testimonials(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<TestimonialDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.testimonials()).await?.into_iter().map(Into::into).collect()))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApproveTestimonialBody {
    pub id: i64,
    pub approved: bool,
}

/// Approves (shown on the landing page) or unapproves a testimonial.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = ApproveTestimonialBody, responses(
    (status = 200, body = TestimonialDto),
    (status = 404, body = ErrorBody),
))]
#[post("/admin/testimonials/approve")]
pub async fn admin_approve_testimonial(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<ApproveTestimonialBody>,
) -> Result<web::Json<TestimonialDto>, ApiError> {
    let (b, service, actor) = (body.into_inner(), state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.approve_testimonial(&actor, b.id, b.approved)).await?.into()))
}

// ---------------------------------------------------------------- communication

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BroadcastBody {
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct BroadcastResult {
    pub message: String,
    /// As kept among the announcements: {text, createdAt, broadcast}.
    pub announcement: Value,
}

/// Sends a text to every connected user now (WebSocket event `broadcast`) and keeps it as an announcement.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = BroadcastBody, responses(
    (status = 200, body = BroadcastResult),
    (status = 400, body = ErrorBody),
))]
#[post("/admin/broadcast")]
pub async fn admin_broadcast(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<BroadcastBody>,
) -> Result<web::Json<BroadcastResult>, ApiError> {
    let (text, service, actor) = (body.into_inner().text, state.admin.clone(), admin.actor());
    let announcement = blocking(move || service.broadcast(&actor, &text)).await?;
    state.hub.broadcast(crate::chat::ServerEvent::Broadcast(announcement.clone()));
    Ok(web::Json(BroadcastResult { message: "Broadcast sent.".into(), announcement }))
}

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
pub async fn admin_support_tickets(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<SupportTicketDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.tickets(200)).await?.into_iter().map(Into::into).collect()))
}

// ---------------------------------------------------------------- undelivered e-mail

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
pub async fn admin_undelivered_emails(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<UndeliveredEmailDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.undelivered_emails(200)).await?.into_iter().map(Into::into).collect()))
}

// ---------------------------------------------------------------- media

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssetDto {
    pub filename: String,
    /// Where the file is served.
    pub path: String,
    pub original_name: String,
    /// Bytes.
    pub size: i64,
    /// logo, banner, ad or misc.
    #[serde(rename = "type")]
    pub asset_type: String,
    pub description: String,
    pub created_at: DateTime<Utc>,
}

impl From<Asset> for AssetDto {
    fn from(a: Asset) -> Self {
        Self {
            path: a.url(),
            filename: a.filename,
            original_name: a.original_name,
            size: a.size,
            asset_type: a.asset_type,
            description: a.description,
            created_at: a.created_at.and_utc(),
        }
    }
}

/// Media assets, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<AssetDto>)))]
#[get("/admin/assets")]
pub async fn admin_assets(state: web::Data<AppState>, _admin: AdminOnly) -> Result<web::Json<Vec<AssetDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.assets()).await?.into_iter().map(Into::into).collect()))
}

/// Uploads an asset (multipart: `file`, `assetType` logo|banner|ad|misc, `description`).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body(content = String, content_type = "multipart/form-data"), responses(
    (status = 201, body = AssetDto),
    (status = 400, description = "Please select a file", body = ErrorBody),
    (status = 413, body = ErrorBody),
    (status = 415, body = ErrorBody),
))]
#[post("/admin/assets/upload")]
pub async fn admin_upload_asset(
    state: web::Data<AppState>,
    admin: AdminOnly,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let (file, texts) = receive_one(&state.media, (admin.0.id, admin.0.role), form, "file").await?;
    let (service, actor) = (state.admin.clone(), admin.actor());
    let raw_type = texts.get("assetType").map(String::as_str).unwrap_or("misc").to_string();
    let Some(asset_type) = AssetType::parse(&raw_type) else {
        let _ = state.media.delete(actor.id, Role::Admin, &file.filename);
        return Err(ApiError::bad_request("assetType must be logo, banner, ad or misc."));
    };
    let description = texts.get("description").cloned().unwrap_or_default();
    let asset = blocking(move || service.add_asset(&actor, &file, asset_type, &description)).await?;
    Ok(HttpResponse::Created().json(AssetDto::from(asset)))
}

/// Deletes an asset and its file (a deleted logo or banner stops showing).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("filename" = String, Path,)), responses(
    (status = 200, body = Done),
    (status = 404, body = ErrorBody),
))]
#[delete("/admin/assets/{filename}")]
pub async fn admin_delete_asset(
    state: web::Data<AppState>,
    admin: AdminOnly,
    filename: web::Path<String>,
) -> Result<web::Json<Done>, ApiError> {
    let (filename, service, actor) = (filename.into_inner(), state.admin.clone(), admin.actor());
    blocking(move || service.delete_asset(&actor, &filename)).await?;
    Ok(web::Json(Done { message: "Asset deleted.".into() }))
}

#[derive(Serialize, ToSchema)]
pub struct SiteImageResult {
    pub url: String,
    pub message: String,
}

/// Uploads the site's logo (or, with `target=banner`, the ad banner): multipart field `image`.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body(content = String, content_type = "multipart/form-data"), responses(
    (status = 201, body = SiteImageResult),
    (status = 400, description = "Please select a file / not an image", body = ErrorBody),
    (status = 413, body = ErrorBody),
))]
#[post("/admin/upload")]
pub async fn admin_upload_image(
    state: web::Data<AppState>,
    admin: AdminOnly,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let (file, texts) = receive_one(&state.media, (admin.0.id, admin.0.role), form, "image").await?;
    let (service, actor) = (state.admin.clone(), admin.actor());
    let logo = match texts.get("target").map(|t| t.trim()) {
        None | Some("") | Some("logo") => true,
        Some("banner") => false,
        Some(_) => {
            let _ = state.media.delete(actor.id, Role::Admin, &file.filename);
            return Err(ApiError::bad_request("target must be logo or banner."));
        }
    };
    let settings = blocking(move || service.set_logo_or_banner(&actor, &file, logo)).await?;
    let url = if logo { settings.logo_url } else { settings.banner_url }.unwrap_or_default();
    let message = if logo { "Logo uploaded." } else { "Banner uploaded." };
    Ok(HttpResponse::Created().json(SiteImageResult { url, message: message.into() }))
}

// ---------------------------------------------------------------- analytics and audit

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
pub async fn admin_revenue(state: web::Data<AppState>, _admin: AdminOnly) -> Result<web::Json<RevenueDto>, ApiError> {
    let service = state.admin.clone();
    let r = blocking(move || service.revenue()).await?;
    Ok(web::Json(RevenueDto { total: r.total, this_month: r.this_month, last_month: r.last_month }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryDto {
    pub id: i64,
    pub admin_id: i64,
    pub admin_email: String,
    pub action: String,
    pub target: String,
    pub details: String,
    pub created_at: DateTime<Utc>,
}

impl From<AuditEntry> for AuditEntryDto {
    fn from(e: AuditEntry) -> Self {
        Self {
            id: e.id,
            admin_id: e.admin_id,
            admin_email: e.admin_email,
            action: e.action,
            target: e.target,
            details: e.details,
            created_at: e.created_at.and_utc(),
        }
    }
}

/// What admins did, newest first (the last 200 entries).
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<AuditEntryDto>)))]
#[get("/admin/audit-log")]
pub async fn admin_audit_log(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<AuditEntryDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.audit_log(200)).await?.into_iter().map(Into::into).collect()))
}

pub fn config(cfg: &mut ServiceConfig) {
    // Literal paths (create, bulk) before `{id}` ones.
    cfg.service(admin_users)
        .service(admin_create_user)
        .service(admin_bulk_users)
        .service(admin_update_user)
        .service(admin_delete_user)
        .service(admin_reset_password)
        .service(admin_user_status)
        .service(admin_approve_tutor)
        .service(admin_feature_tutor)
        .service(admin_tutor_badges)
        .service(admin_requests)
        .service(admin_flag_request)
        .service(admin_assign_tutor)
        .service(admin_settings)
        .service(admin_save_settings)
        .service(admin_content)
        .service(admin_save_content)
        .service(admin_testimonials)
        .service(admin_approve_testimonial)
        .service(admin_broadcast)
        .service(admin_support_tickets)
        .service(admin_undelivered_emails)
        .service(admin_assets)
        .service(admin_upload_asset)
        .service(admin_delete_asset)
        .service(admin_upload_image)
        .service(admin_user_stats)
        .service(admin_search_trends)
        .service(admin_popular_tutors)
        .service(admin_revenue)
        .service(admin_audit_log);
}
