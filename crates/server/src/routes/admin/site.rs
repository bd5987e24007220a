//! The site as visitors see it: settings (title, theme, maintenance, contacts),
//! landing content, testimonials and broadcasts (kept as announcements).

use actix_web::{get, post, web};
use hometutor_admin::SiteSettings;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use super::responses::{ContentDto, SettingsDto, TestimonialDto, ThemeDto};
use crate::errors::{blocking, ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::state::AppState;

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
    state.hub.broadcast("broadcast", announcement.clone());
    Ok(web::Json(BroadcastResult { message: "Broadcast sent.".into(), announcement }))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_settings)
        .service(admin_save_settings)
        .service(admin_content)
        .service(admin_save_content)
        .service(admin_testimonials)
        .service(admin_approve_testimonial)
        .service(admin_broadcast);
}
