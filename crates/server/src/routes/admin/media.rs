//! Media assets (uploaded files labelled logo, banner, ad or misc) and the
//! site's logo and banner uploads.

use actix_multipart::Multipart;
use actix_web::{delete, get, post, web, HttpResponse};
use chrono::{DateTime, Utc};
use hometutor_admin::{check_site_image, Asset, AssetLabel, MAX_ASSET_DESCRIPTION_CHARS};
use serde::Serialize;
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use super::responses::Done;
use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::AdminOnly;
use crate::input::multipart::receive_one;
use crate::state::AppState;

// Kept in the shell: the answer adds where the file is served (`path`).
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
#[tracing::instrument(skip_all)]
pub async fn admin_assets(state: web::Data<AppState>, _admin: AdminOnly) -> Result<web::Json<Vec<AssetDto>>, ApiError> {
    let service = state.admin.clone();
    Ok(web::Json(blocking(move || service.assets()).await?.into_iter().map(Into::into).collect()))
}

/// The asset upload's form. Its text fields are checked before the file is stored.
#[derive(ToSchema)]
#[allow(dead_code)] // documents a multipart form, read by `input::multipart`
pub struct AssetUploadForm {
    /// An image (JPEG, PNG, GIF, WebP), PDF, .doc or .docx of at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// Left out: `misc`.
    #[schema(rename = "assetType", required = false)]
    asset_type: AssetTypeDto,
    #[schema(required = false, value_type = AssetDescription)]
    description: String,
}

/// An asset's description (documents [`AssetUploadForm`]'s field, from the admin service's
/// limit). Of no stated type: a form field is text whatever a client meant to send (an object
/// arrives as its JSON), so the document states no type a value could break.
pub struct AssetDescription;

impl PartialSchema for AssetDescription {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(SchemaType::AnyValue)
            .description(Some(format!("At most {MAX_ASSET_DESCRIPTION_CHARS} characters.")))
            .max_length(Some(MAX_ASSET_DESCRIPTION_CHARS))
            .into()
    }
}

impl ToSchema for AssetDescription {}

/// What an asset is for (`hometutor_admin::AssetType`).
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)] // a schema, never built: `AssetLabel::parse` reads the form field
pub enum AssetTypeDto {
    Logo,
    Banner,
    Ad,
    Misc,
}

/// Uploads an asset (multipart: `file`, `assetType` logo|banner|ad|misc, `description`).
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body(content = AssetUploadForm, content_type = "multipart/form-data"), responses(
    (status = 201, body = AssetDto),
    (status = 400, description = "Please select a file, or a field is invalid (named in `fields`)", body = ErrorBody),
    (status = 413, body = ErrorBody),
    (status = 415, body = ErrorBody),
))]
#[post("/admin/assets/upload")]
#[tracing::instrument(skip_all)]
pub async fn admin_upload_asset(
    state: web::Data<AppState>,
    admin: AdminOnly,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let mut form = receive_one(&state.media, (admin.0.id, admin.0.role), form, "file").await?;
    let label = form.check(|form| AssetLabel::parse(form.text("assetType"), form.text("description"))).await?;
    let file = form.store_one().await?;
    let (service, actor) = (state.admin.clone(), admin.actor());
    let asset = blocking(move || service.add_asset(&actor, &file, &label)).await?;
    Ok(HttpResponse::Created().json(AssetDto::from(asset)))
}

/// Deletes an asset and its file (a deleted logo or banner stops showing).
#[utoipa::path(tag = "admin", security(("bearer" = [])), params(("filename" = String, Path,)), responses(
    (status = 200, body = Done),
    (status = 404, body = ErrorBody),
))]
#[delete("/admin/assets/{filename}")]
#[tracing::instrument(skip_all)]
pub async fn admin_delete_asset(
    state: web::Data<AppState>,
    admin: AdminOnly,
    filename: web::Path<String>,
) -> Result<web::Json<Done>, ApiError> {
    let (filename, service, actor) = (filename.into_inner(), state.admin.clone(), admin.actor());
    blocking(move || service.delete_asset(&actor, &filename)).await?;
    Ok(web::Json(Done { message: hometutor_i18n::text(admin.0.language, "done-asset-deleted", &[]) }))
}

#[derive(Serialize, ToSchema)]
pub struct SiteImageResult {
    pub url: String,
    pub message: String,
}

/// The logo or banner upload's form. Its target is checked before the image is stored.
#[derive(ToSchema)]
#[allow(dead_code)] // documents a multipart form, read by `input::multipart`
pub struct SiteImageForm {
    /// An image: JPEG, PNG, GIF or WebP, of at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    image: Vec<u8>,
    /// Left out: `logo`.
    #[schema(required = false)]
    target: SiteImageTarget,
}

/// Which of the site's images an upload replaces.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)] // a schema, never built: the handler reads the form field
pub enum SiteImageTarget {
    Logo,
    Banner,
}

/// Uploads the site's logo (or, with `target=banner`, the ad banner): multipart field `image`.
#[utoipa::path(tag = "admin", security(("bearer" = [])), request_body(content = SiteImageForm, content_type = "multipart/form-data"), responses(
    (status = 201, body = SiteImageResult),
    (status = 400, description = "Please select a file / not an image", body = ErrorBody),
    (status = 413, body = ErrorBody),
))]
#[post("/admin/upload")]
#[tracing::instrument(skip_all)]
pub async fn admin_upload_image(
    state: web::Data<AppState>,
    admin: AdminOnly,
    form: Multipart,
) -> Result<HttpResponse, ApiError> {
    let mut form = receive_one(&state.media, (admin.0.id, admin.0.role), form, "image").await?;
    let logo = form
        .check(|form| {
            let logo = match form.text("target").map(str::trim) {
                None | Some("") | Some("logo") => true,
                Some("banner") => false,
                Some(_) => return Err(ApiError::bad_request_text(hometutor_i18n::Message::new("error-media-target"))),
            };
            check_site_image(form.kinds().next())?;
            Ok(logo)
        })
        .await?;
    let file = form.store_one().await?;
    let (service, actor) = (state.admin.clone(), admin.actor());
    let settings = blocking(move || service.set_logo_or_banner(&actor, &file, logo)).await?;
    let url = if logo { settings.logo_url } else { settings.banner_url }.unwrap_or_default();
    let id = if logo { "done-logo-uploaded" } else { "done-banner-uploaded" };
    Ok(HttpResponse::Created().json(SiteImageResult { url, message: hometutor_i18n::text(admin.0.language, id, &[]) }))
}

pub(super) fn config(cfg: &mut ServiceConfig) {
    cfg.service(admin_assets).service(admin_upload_asset).service(admin_delete_asset).service(admin_upload_image);
}
