//! Media assets: uploaded files (stored by the media store) that an admin
//! labelled as logo, banner, ad or misc. The logo and banner uploads also make
//! that image the site's logo or banner.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{FieldError, Message, Role};
use hometutor_db::now;
use hometutor_db::schema::assets as at;
use hometutor_media::{Kind, StoredFile};

use crate::error::text;
use crate::{audit, Actor, AdminError, AdminService, SiteSettings};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AssetType {
    Logo,
    Banner,
    Ad,
    Misc,
}

impl AssetType {
    pub fn parse(s: &str) -> Option<Self> {
        match s.trim() {
            "logo" => Some(Self::Logo),
            "banner" => Some(Self::Banner),
            "ad" => Some(Self::Ad),
            "misc" | "" => Some(Self::Misc),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Logo => "logo",
            Self::Banner => "banner",
            Self::Ad => "ad",
            Self::Misc => "misc",
        }
    }
}

/// At most this many characters in an asset's description.
pub const MAX_ASSET_DESCRIPTION_CHARS: usize = 500;

/// How an admin labels an uploaded asset: checked before its file is stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssetLabel {
    pub asset_type: AssetType,
    pub description: String,
}

impl AssetLabel {
    /// The type (`misc` when none is given) and description as sent; every problem at once.
    pub fn parse(asset_type: Option<&str>, description: Option<&str>) -> Result<Self, AdminError> {
        let mut errors = Vec::new();
        let asset_type = AssetType::parse(asset_type.unwrap_or("misc"))
            .ok_or_else(|| errors.push(FieldError::text("assetType", Message::new("validation-asset-type"))))
            .ok();
        let description = text("description", description.unwrap_or_default(), false, MAX_ASSET_DESCRIPTION_CHARS)
            .map_err(|e| errors.push(e))
            .ok();
        match (asset_type, description) {
            (Some(asset_type), Some(description)) => Ok(Self { asset_type, description }),
            _ => Err(AdminError::Validation(errors)),
        }
    }
}

/// The site's logo and ad banner are images; `kind` is the uploaded file's.
pub fn check_site_image(kind: Option<Kind>) -> Result<(), AdminError> {
    match kind.is_some_and(Kind::is_image) {
        true => Ok(()),
        false => Err(FieldError::text("image", Message::new("validation-image-required")).into()),
    }
}

#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = at)]
pub struct Asset {
    pub filename: String,
    pub original_name: String,
    pub size: i64,
    pub asset_type: String,
    pub description: String,
    pub created_at: NaiveDateTime,
}

impl Asset {
    pub fn url(&self) -> String {
        format!("/api/uploads/{}", self.filename)
    }
}

impl AdminService {
    #[tracing::instrument(skip_all)]
    pub fn assets(&self) -> Result<Vec<Asset>, AdminError> {
        self.db.read(|c| Ok(at::table.order(at::id.desc()).select(Asset::as_select()).load(c)?))
    }

    /// Records a stored file as an asset. On failure the file is removed again.
    pub fn add_asset(&self, actor: &Actor, file: &StoredFile, label: &AssetLabel) -> Result<Asset, AdminError> {
        let asset_type = label.asset_type;
        let recorded = self.db.write(|c| {
            insert(c, file, asset_type, &label.description)?;
            audit::record(c, actor, "asset.upload", file.filename.clone(), asset_type.as_str())?;
            Ok(at::table.filter(at::filename.eq(&file.filename)).select(Asset::as_select()).first(c)?)
        });
        if recorded.is_err() {
            let _ = self.media.delete(actor.id, Role::Admin, &file.filename);
        }
        recorded
    }

    /// Makes an uploaded image the site's logo (or ad banner) and keeps it as an asset.
    #[tracing::instrument(skip_all)]
    pub fn set_logo_or_banner(&self, actor: &Actor, file: &StoredFile, logo: bool) -> Result<SiteSettings, AdminError> {
        let outcome = check_site_image(file.kind()).and_then(|()| {
            let kind = if logo { AssetType::Logo } else { AssetType::Banner };
            self.db.write(|c| {
                insert(c, file, kind, if logo { "Site logo" } else { "Ad banner" })?;
                let settings = self.set_site_image(c, logo, Some(format!("/api/uploads/{}", file.filename)))?;
                audit::record(c, actor, if logo { "site.logo" } else { "site.banner" }, file.filename.clone(), "")?;
                Ok(settings)
            })
        });
        match &outcome {
            Ok(_) => self.forget_settings(),
            Err(_) => {
                let _ = self.media.delete(actor.id, Role::Admin, &file.filename);
            }
        }
        outcome
    }

    /// Deletes an asset and its file; a deleted logo or banner stops being shown.
    #[tracing::instrument(skip_all)]
    pub fn delete_asset(&self, actor: &Actor, filename: &str) -> Result<(), AdminError> {
        let url = format!("/api/uploads/{filename}");
        self.db.write(|c| {
            let deleted = diesel::delete(at::table.filter(at::filename.eq(filename))).execute(c)?;
            if deleted == 0 {
                return Err(AdminError::NotFound("Asset"));
            }
            let settings: SiteSettings = self.settings_in(c)?;
            if settings.logo_url.as_deref() == Some(url.as_str()) {
                self.set_site_image(c, true, None)?;
            }
            if settings.banner_url.as_deref() == Some(url.as_str()) {
                self.set_site_image(c, false, None)?;
            }
            audit::record(c, actor, "asset.delete", filename, "")?;
            Ok(())
        })?;
        self.forget_settings();
        match self.media.delete(actor.id, Role::Admin, filename) {
            Ok(()) | Err(hometutor_media::MediaError::NotFound) => Ok(()),
            Err(e) => Err(e.into()),
        }
    }
}

fn insert(
    c: &mut hometutor_db::DbConnection,
    file: &StoredFile,
    asset_type: AssetType,
    description: &str,
) -> QueryResult<usize> {
    diesel::insert_into(at::table)
        .values((
            at::filename.eq(&file.filename),
            at::original_name.eq(&file.original_name),
            at::size.eq(file.size as i64),
            at::asset_type.eq(asset_type.as_str()),
            at::description.eq(description),
            at::created_at.eq(now()),
        ))
        .execute(c)
}
