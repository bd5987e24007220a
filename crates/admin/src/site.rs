//! Site settings (title, description, theme, maintenance mode, logo and banner)
//! and landing-page content (home text, banners, FAQs, announcements), each kept
//! as one JSON document. Settings are read on every API call (maintenance mode),
//! so each process keeps a copy for a couple of seconds.

use std::time::Instant;

use diesel::prelude::*;
use hometutor_core::{label as named, Email, FieldError, Message};
use hometutor_db::schema::site_documents as sd;
use hometutor_db::{now, DbConnection};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::text;
use crate::{audit, Actor, AdminError, AdminService, SETTINGS_TTL};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = ThemeDto))]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    #[default]
    Light,
    Dark,
    Custom,
}

impl Theme {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "light" => Some(Self::Light),
            "dark" => Some(Self::Dark),
            "custom" => Some(Self::Custom),
            _ => None,
        }
    }
}

// Also the answer of `/api/site` and the admin's settings, every field always sent (no doc
// comment: it would become the schema's description). A stored document that lacks a newer field
// gets its default from `load`, not from serde's `default`, which would mark it optional there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = SettingsDto))]
#[serde(rename_all = "camelCase")]
pub struct SiteSettings {
    pub site_title: String,
    pub site_description: String,
    pub theme: Theme,
    pub maintenance_mode: bool,
    pub gpt5_mini_preview_enabled: bool,
    // Set by the logo upload; `None` shows the built-in logo.
    pub logo_url: Option<String>,
    pub banner_url: Option<String>,
    // Shown on the landing, help, contact, payment and not-found pages.
    pub support_email: String,
    pub support_phone: String,
}

impl Default for SiteSettings {
    fn default() -> Self {
        Self {
            site_title: "HomeTutor".into(),
            site_description: "Find the right home tutor near you.".into(),
            theme: Theme::Light,
            maintenance_mode: false,
            gpt5_mini_preview_enabled: true,
            logo_url: None,
            banner_url: None,
            support_email: DEFAULT_SUPPORT_EMAIL.into(),
            support_phone: DEFAULT_SUPPORT_PHONE.into(),
        }
    }
}

/// What an admin changes in the settings; `None` keeps what is stored. The logo
/// and banner change through their upload.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SettingsChanges {
    /// Not blank; at most [`MAX_SITE_TITLE_CHARS`] once trimmed.
    pub site_title: Option<String>,
    /// At most [`MAX_SITE_DESCRIPTION_CHARS`] once trimmed.
    pub site_description: Option<String>,
    pub theme: Option<Theme>,
    pub maintenance_mode: Option<bool>,
    pub gpt5_mini_preview_enabled: Option<bool>,
    /// An e-mail address.
    pub support_email: Option<String>,
    /// 7 to 15 digits with spaces, dashes, brackets and a leading +; at most [`MAX_SUPPORT_PHONE_CHARS`].
    pub support_phone: Option<String>,
}

// Also the answer of `/api/site` and the admin's content, every field always sent (as above).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = ContentDto))]
#[serde(rename_all = "camelCase")]
pub struct SiteContent {
    pub home_text: String,
    pub banners: Vec<String>,
    pub faqs: Vec<Value>,
    pub announcements: Vec<Value>,
}

/// Until an admin sets the operator's own contacts.
pub const DEFAULT_SUPPORT_EMAIL: &str = "support@hometutor.in";
pub const DEFAULT_SUPPORT_PHONE: &str = "+91 98765 43210";

pub const MAX_SITE_TITLE_CHARS: usize = 100;
pub const MAX_SITE_DESCRIPTION_CHARS: usize = 500;
pub const MAX_SUPPORT_PHONE_CHARS: usize = 24;
pub const MAX_HOME_TEXT_CHARS: usize = 5000;
/// Banners, FAQs and announcements each hold at most this many entries.
pub const MAX_LIST_ITEMS: usize = 100;
pub const MAX_BANNER_CHARS: usize = 500;
pub const MAX_BROADCAST_CHARS: usize = 1000;

const SETTINGS: &str = "settings";
const CONTENT: &str = "content";
const MAX_CONTENT_BYTES: usize = 64 * 1024;

fn load<T: Serialize + DeserializeOwned + Default>(c: &mut DbConnection, name: &str) -> QueryResult<T> {
    let body: Option<String> = sd::table.find(name).select(sd::body).first(c).optional()?;
    Ok(body.and_then(|b| over_defaults(&b)).unwrap_or_default())
}

/// A stored document laid over the defaults: one written by an older version may lack newer
/// fields, which take their defaults. One that is no object, or whose fields do not fit, reads as
/// the defaults.
fn over_defaults<T: Serialize + DeserializeOwned + Default>(body: &str) -> Option<T> {
    let Value::Object(stored) = serde_json::from_str(body).ok()? else { return None };
    let Value::Object(mut fields) = serde_json::to_value(T::default()).ok()? else { return None };
    fields.extend(stored);
    serde_json::from_value(Value::Object(fields)).ok()
}

/// [`load`] inside a writing transaction that goes on to store the document, held
/// until that transaction ends: a concurrent change waits for this one and merges
/// into its result instead of overwriting it. The row is created first if it is
/// missing (`{}` reads as the defaults), so there is always one to hold: PostgreSQL
/// locks it; on SQLite that first statement, a write, takes the database's write
/// lock before anything is read, which also holds across processes.
fn load_for_update<T: Serialize + DeserializeOwned + Default>(c: &mut DbConnection, name: &str) -> QueryResult<T> {
    let missing = (sd::name.eq(name), sd::body.eq("{}"), sd::updated_at.eq(now()));
    match c {
        DbConnection::Sqlite(lite) => {
            diesel::insert_into(sd::table).values(missing).on_conflict(sd::name).do_nothing().execute(lite)?;
        }
        DbConnection::Pg(pg) => {
            diesel::insert_into(sd::table).values(missing).on_conflict(sd::name).do_nothing().execute(pg)?;
            sd::table.find(name).select(sd::body).for_update().first::<String>(pg)?;
        }
    }
    load(c, name)
}

fn store<T: Serialize>(c: &mut DbConnection, name: &str, value: &T) -> QueryResult<()> {
    let body = serde_json::to_string(value).map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?;
    let updated =
        diesel::update(sd::table.find(name)).set((sd::body.eq(&body), sd::updated_at.eq(now()))).execute(c)?;
    if updated == 0 {
        diesel::insert_into(sd::table)
            .values((sd::name.eq(name), sd::body.eq(&body), sd::updated_at.eq(now())))
            .execute(c)?;
    }
    Ok(())
}

fn support_email(raw: &str) -> Result<String, FieldError> {
    if raw.trim().is_empty() {
        return Err(FieldError::text("supportEmail", Message::new("validation-support-email-required")));
    }
    Email::parse(raw)
        .map(|e| e.to_string())
        .map_err(|_| FieldError::text("supportEmail", Message::new("validation-support-email-invalid")))
}

/// A phone number as people dial it: digits with spaces, dashes, brackets and a leading +,
/// 7 to 15 digits (a landline, a mobile or a toll-free number).
pub fn check_support_phone(raw: &str) -> Result<String, FieldError> {
    let phone = raw.trim();
    if phone.is_empty() {
        return Err(FieldError::text("supportPhone", Message::new("validation-support-phone-required")));
    }
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let allowed =
        phone.chars().enumerate().all(|(i, c)| c.is_ascii_digit() || " -()".contains(c) || (c == '+' && i == 0));
    // The length is counted as sent, spaces around included, as the documented `maxLength` counts it.
    if allowed && (7..=15).contains(&digits) && raw.chars().count() <= MAX_SUPPORT_PHONE_CHARS {
        Ok(phone.to_string())
    } else {
        Err(FieldError::text("supportPhone", Message::new("validation-support-phone-invalid")))
    }
}

/// A list typed by an admin as JSON: an array, or a string holding one.
pub fn json_list(field: &'static str, label: &str, value: &Value) -> Result<Vec<Value>, FieldError> {
    let parsed = match value {
        Value::Null => return Ok(Vec::new()),
        Value::String(s) if s.trim().is_empty() => return Ok(Vec::new()),
        Value::String(s) => serde_json::from_str::<Value>(s).map_err(|e| {
            let message =
                Message::new("validation-json-invalid").arg("label", named(field, label)).arg("error", e.to_string());
            FieldError::text(field, message)
        })?,
        other => other.clone(),
    };
    match parsed {
        Value::Array(items) if items.len() <= MAX_LIST_ITEMS => Ok(items),
        Value::Array(_) => Err(FieldError::text(
            field,
            Message::new("validation-list-max").arg("label", named(field, label)).arg("max", MAX_LIST_ITEMS),
        )),
        _ => Err(FieldError::text(field, Message::new("validation-json-array").arg("label", named(field, label)))),
    }
}

impl AdminService {
    /// The current settings (at most a couple of seconds old).
    #[tracing::instrument(skip_all)]
    pub fn settings(&self) -> Result<SiteSettings, AdminError> {
        if let Some(settings) = self.cached_settings() {
            return Ok(settings);
        }
        let fresh: SiteSettings = self.db.read(|c| load(c, SETTINGS).map_err(AdminError::from))?;
        self.remember(&fresh);
        Ok(fresh)
    }

    /// This process's copy of the settings while it is fresh; no I/O.
    #[tracing::instrument(skip_all)]
    pub fn cached_settings(&self) -> Option<SiteSettings> {
        let cache = self.settings_cache.read().ok()?;
        cache.as_ref().filter(|(at, _)| at.elapsed() < SETTINGS_TTL).map(|(_, settings)| settings.clone())
    }

    fn remember(&self, settings: &SiteSettings) {
        if let Ok(mut cache) = self.settings_cache.write() {
            *cache = Some((Instant::now(), settings.clone()));
        }
    }

    /// Applies an admin's changes to the settings: the fields given are checked
    /// (every problem at once), then merged into the stored settings and saved in
    /// one transaction that holds the settings until it commits, so two admins
    /// changing different fields at the same moment both keep their change.
    #[tracing::instrument(skip_all)]
    pub fn change_settings(&self, actor: &Actor, changes: &SettingsChanges) -> Result<SiteSettings, AdminError> {
        let mut errors = Vec::new();
        let mut checked = |result: Result<String, FieldError>| result.map_err(|e| errors.push(e)).ok();
        let title = changes.site_title.as_deref().map(|t| checked(text("siteTitle", t, true, MAX_SITE_TITLE_CHARS)));
        let description = changes
            .site_description
            .as_deref()
            .map(|d| checked(text("siteDescription", d, false, MAX_SITE_DESCRIPTION_CHARS)));
        let support_email = changes.support_email.as_deref().map(|e| checked(support_email(e)));
        let support_phone = changes.support_phone.as_deref().map(|p| checked(check_support_phone(p)));
        if !errors.is_empty() {
            return Err(AdminError::Validation(errors));
        }
        // Every field given passed its check: `Some(text)` is its new value, `None` keeps the stored one.
        let (title, description, support_email, support_phone) =
            (title.flatten(), description.flatten(), support_email.flatten(), support_phone.flatten());
        let saved = self.db.write(|c| {
            let mut settings: SiteSettings = load_for_update(c, SETTINGS)?;
            let was_maintenance = settings.maintenance_mode;
            settings.site_title = title.unwrap_or(settings.site_title);
            settings.site_description = description.unwrap_or(settings.site_description);
            settings.support_email = support_email.unwrap_or(settings.support_email);
            settings.support_phone = support_phone.unwrap_or(settings.support_phone);
            settings.theme = changes.theme.unwrap_or(settings.theme);
            settings.maintenance_mode = changes.maintenance_mode.unwrap_or(settings.maintenance_mode);
            settings.gpt5_mini_preview_enabled =
                changes.gpt5_mini_preview_enabled.unwrap_or(settings.gpt5_mini_preview_enabled);
            store(c, SETTINGS, &settings)?;
            let mut details = format!("title '{}', theme {:?}", settings.site_title, settings.theme);
            if was_maintenance != settings.maintenance_mode {
                details.push_str(if settings.maintenance_mode { ", maintenance on" } else { ", maintenance off" });
            }
            audit::record(c, actor, "settings.save", "site settings", details)?;
            Ok::<_, AdminError>(settings)
        })?;
        // Forgotten rather than replaced: of two saves, the one committed first may get here last.
        self.forget_settings();
        Ok(saved)
    }

    /// Points the site's logo or banner at an uploaded image.
    pub(crate) fn set_site_image(
        &self,
        c: &mut DbConnection,
        logo: bool,
        url: Option<String>,
    ) -> Result<SiteSettings, AdminError> {
        let mut settings: SiteSettings = load_for_update(c, SETTINGS)?;
        if logo {
            settings.logo_url = url;
        } else {
            settings.banner_url = url;
        }
        store(c, SETTINGS, &settings)?;
        Ok(settings)
    }

    /// The stored settings, held until the transaction of `c` ends.
    pub(crate) fn settings_in(&self, c: &mut DbConnection) -> Result<SiteSettings, AdminError> {
        Ok(load_for_update(c, SETTINGS)?)
    }

    pub(crate) fn forget_settings(&self) {
        if let Ok(mut cache) = self.settings_cache.write() {
            *cache = None;
        }
    }

    #[tracing::instrument(skip_all)]
    pub fn content(&self) -> Result<SiteContent, AdminError> {
        self.db.read(|c| load(c, CONTENT).map_err(AdminError::from))
    }

    /// Saves the landing content; FAQs and announcements come as JSON arrays
    /// (or text holding one), and invalid JSON is refused with its reason.
    #[tracing::instrument(skip_all)]
    pub fn save_content(
        &self,
        actor: &Actor,
        home_text: &str,
        banners: &[String],
        faqs: &Value,
        announcements: &Value,
    ) -> Result<SiteContent, AdminError> {
        let mut errors = Vec::new();
        let home_text = text("homeText", home_text, false, MAX_HOME_TEXT_CHARS).map_err(|e| errors.push(e)).ok();
        let faqs = json_list("faqs", "FAQs", faqs).map_err(|e| errors.push(e)).ok();
        let announcements = json_list("announcements", "Announcements", announcements).map_err(|e| errors.push(e)).ok();
        // Counted and measured as sent, before blanks are dropped, so the documented `maxItems` and
        // `maxLength` are the whole rule.
        let too_many = banners.len() > MAX_LIST_ITEMS || banners.iter().any(|b| b.chars().count() > MAX_BANNER_CHARS);
        let banners: Vec<String> = banners.iter().map(|b| b.trim().to_string()).filter(|b| !b.is_empty()).collect();
        if too_many {
            let message = Message::new("validation-banners").arg("max", MAX_LIST_ITEMS).arg("chars", MAX_BANNER_CHARS);
            errors.push(FieldError::text("banners", message));
        }
        let (Some(home_text), Some(faqs), Some(announcements), true) =
            (home_text, faqs, announcements, errors.is_empty())
        else {
            return Err(AdminError::Validation(errors));
        };
        let content = SiteContent { home_text, banners, faqs, announcements };
        if serde_json::to_string(&content).map(|s| s.len()).unwrap_or(usize::MAX) > MAX_CONTENT_BYTES {
            return Err(FieldError::text("content", Message::new("validation-content-size")).into());
        }
        self.db.write(|c| {
            store(c, CONTENT, &content)?;
            audit::record(c, actor, "content.save", "site content", "")?;
            Ok(content)
        })
    }

    /// Keeps a broadcast as the newest announcement; returns it, to be pushed to everyone connected.
    #[tracing::instrument(skip_all)]
    pub fn broadcast(&self, actor: &Actor, message: &str) -> Result<Value, AdminError> {
        let message = text("text", message, true, MAX_BROADCAST_CHARS)?;
        let announcement = serde_json::json!({
            "text": message,
            "createdAt": now().and_utc(),
            "broadcast": true,
        });
        self.db.write(|c| {
            let mut content: SiteContent = load_for_update(c, CONTENT)?;
            content.announcements.insert(0, announcement.clone());
            content.announcements.truncate(MAX_LIST_ITEMS);
            store(c, CONTENT, &content)?;
            audit::record(c, actor, "broadcast", "everyone", message)?;
            Ok(announcement)
        })
    }
}
