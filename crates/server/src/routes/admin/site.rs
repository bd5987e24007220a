//! The site as visitors see it: settings (title, theme, maintenance, contacts),
//! landing content, testimonials and broadcasts (kept as announcements).

use actix_web::{get, post, web};
use hometutor_admin::{
    SettingsChanges, SiteContent, SiteSettings, Testimonial, Theme, MAX_BANNER_CHARS, MAX_BROADCAST_CHARS,
    MAX_LIST_ITEMS, MAX_SITE_TITLE_CHARS,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, SchemaType, Type};
use utoipa::openapi::{Object, RefOr};
use utoipa::{PartialSchema, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::Json;
use crate::schemas;
use crate::state::AppState;

/// The settings to save; logo and banner change through their upload. Text is
/// trimmed; NUL is refused in any body (crate::input).
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingsBody {
    /// Not blank; at most 100 characters (`MAX_SITE_TITLE_CHARS`).
    #[schema(schema_with = site_title)]
    pub site_title: String,
    /// At most 500 characters (`MAX_SITE_DESCRIPTION_CHARS`); left out, it is emptied.
    #[serde(default)]
    #[schema(max_length = 500)]
    pub site_description: String,
    pub theme: Theme,
    /// Left out: off.
    #[serde(default)]
    pub maintenance_mode: bool,
    /// Left out: on.
    #[serde(default = "default_true")]
    #[schema(default = true)]
    pub gpt5_mini_preview_enabled: bool,
    /// Left out (or null), the one saved before stays.
    #[schema(schema_with = schemas::email_or_null)]
    pub support_email: Option<String>,
    /// Left out (or null), the one saved before stays.
    #[schema(schema_with = schemas::support_phone_or_null)]
    pub support_phone: Option<String>,
}

fn site_title() -> Object {
    schemas::not_blank_at_most(MAX_SITE_TITLE_CHARS).build()
}

fn broadcast_text() -> Object {
    schemas::not_blank_at_most(MAX_BROADCAST_CHARS).build()
}

fn default_true() -> bool {
    true
}

/// The site settings.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = SiteSettings)))]
#[get("/admin/settings")]
#[tracing::instrument(skip_all)]
pub async fn admin_settings(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<SiteSettings>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.settings()).await?))
}

/// Saves the site settings (title and theme apply to the whole site; maintenance mode shuts it for all but admins).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = SettingsBody, responses(
    (status = 200, body = SiteSettings),
    (status = 400, body = ErrorBody),
))]
#[post("/admin/settings")]
#[tracing::instrument(skip_all)]
pub async fn admin_save_settings(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<SettingsBody>,
) -> Result<web::Json<SiteSettings>, ApiError> {
    let b = body.into_inner();
    // What the body leaves out takes its documented default, except the contacts, which stay.
    let changes = SettingsChanges {
        site_title: Some(b.site_title),
        site_description: Some(b.site_description),
        theme: Some(b.theme),
        maintenance_mode: Some(b.maintenance_mode),
        gpt5_mini_preview_enabled: Some(b.gpt5_mini_preview_enabled),
        support_email: b.support_email,
        support_phone: b.support_phone,
    };
    let (service, actor) = (state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.change_settings(&actor, &changes)).await?))
}

/// FAQs and announcements may come as JSON arrays or as text holding one.
/// Everything left out is emptied: the content is saved whole.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ContentBody {
    /// At most 5000 characters (`MAX_HOME_TEXT_CHARS`).
    #[serde(default)]
    #[schema(max_length = 5000)]
    pub home_text: String,
    /// At most 100 as sent (`MAX_LIST_ITEMS`), then trimmed and empty ones dropped.
    #[serde(default)]
    #[schema(value_type = Vec<BannerText>, inline, max_items = 100)]
    pub banners: Vec<String>,
    #[serde(default)]
    #[schema(value_type = Option<JsonList>)]
    pub faqs: Value,
    #[serde(default)]
    #[schema(value_type = Option<JsonList>)]
    pub announcements: Value,
}

/// One banner's text (documents [`ContentBody::banners`]' items, from the admin service's limit).
pub struct BannerText;

impl PartialSchema for BannerText {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(format!("At most {MAX_BANNER_CHARS} characters.")))
            .max_length(Some(MAX_BANNER_CHARS))
            .into()
    }
}

impl ToSchema for BannerText {}

/// A list an admin types as JSON (FAQs, announcements): an array of at most
/// MAX_LIST_ITEMS entries, or text holding one; empty text or null for none.
pub struct JsonList;

impl PartialSchema for JsonList {
    fn schema() -> RefOr<Schema> {
        let any = ObjectBuilder::new().schema_type(SchemaType::AnyValue);
        let entries = ArrayBuilder::new().items(any).max_items(Some(MAX_LIST_ITEMS));
        OneOfBuilder::new()
            .description(Some(format!(
                "An array of at most {MAX_LIST_ITEMS} entries, or text holding one (empty text for none)."
            )))
            .item(entries)
            .item(ObjectBuilder::new().schema_type(Type::String))
            .into()
    }
}

impl ToSchema for JsonList {}

/// The landing page's content.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = SiteContent)))]
#[get("/admin/content")]
#[tracing::instrument(skip_all)]
pub async fn admin_content(state: web::Data<AppState>, _admin: AdminOnly) -> Result<web::Json<SiteContent>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.content()).await?))
}

/// Saves the landing page's content; invalid JSON in FAQs or announcements is refused with its reason.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = ContentBody, responses(
    (status = 200, body = SiteContent),
    (status = 400, body = ErrorBody),
))]
#[post("/admin/content")]
#[tracing::instrument(skip_all)]
pub async fn admin_save_content(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<ContentBody>,
) -> Result<web::Json<SiteContent>, ApiError> {
    let b = body.into_inner();
    let (service, actor) = (state.admin.clone(), admin.actor());
    let saved =
        blocking(move || service.save_content(&actor, &b.home_text, &b.banners, &b.faqs, &b.announcements)).await?;
    Ok(web::Json(saved))
}

/// Every testimonial, newest first.
#[utoipa::path(tag = "admin", security(("bearer" = [])), responses((status = 200, body = Vec<Testimonial>)))]
#[get("/admin/testimonials")]
#[tracing::instrument(skip_all)]
pub async fn admin_testimonials(
    state: web::Data<AppState>,
    _admin: AdminOnly,
) -> Result<web::Json<Vec<Testimonial>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.testimonials()).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ApproveTestimonialBody {
    pub id: i64,
    pub approved: bool,
}

/// Approves (shown on the landing page) or unapproves a testimonial.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body = ApproveTestimonialBody, responses(
    (status = 200, body = Testimonial),
    (status = 404, body = ErrorBody),
))]
#[post("/admin/testimonials/approve")]
#[tracing::instrument(skip_all)]
pub async fn admin_approve_testimonial(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<ApproveTestimonialBody>,
) -> Result<web::Json<Testimonial>, ApiError> {
    let (b, service, actor) = (body.into_inner(), state.admin.clone(), admin.actor());
    Ok(web::Json(blocking(move || service.approve_testimonial(&actor, b.id, b.approved)).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BroadcastBody {
    /// Not blank; at most 1000 characters (`MAX_BROADCAST_CHARS`).
    #[schema(schema_with = broadcast_text)]
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
#[tracing::instrument(skip_all)]
pub async fn admin_broadcast(
    state: web::Data<AppState>,
    admin: AdminOnly,
    body: Json<BroadcastBody>,
) -> Result<web::Json<BroadcastResult>, ApiError> {
    let (text, service, actor) = (body.into_inner().text, state.admin.clone(), admin.actor());
    let announcement = blocking(move || service.broadcast(&actor, &text)).await?;
    state.hub.broadcast(crate::chat::ServerEvent::Broadcast(crate::chat::BroadcastData(announcement.clone())));
    Ok(web::Json(BroadcastResult {
        message: hometutor_i18n::text(admin.0.language, "done-broadcast-sent", &[]),
        announcement,
    }))
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
