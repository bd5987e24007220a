//! Site settings (title, description, theme, maintenance mode, logo and banner)
//! and landing-page content (home text, banners, FAQs, announcements), each kept
//! as one JSON document. Settings are read on every API call (maintenance mode),
//! so each process keeps a copy for a couple of seconds.

use std::time::Instant;

use diesel::prelude::*;
use hometutor_core::{Email, FieldError};
use hometutor_db::schema::site_documents as sd;
use hometutor_db::{now, DbConnection};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::text;
use crate::{audit, Actor, AdminError, AdminService, SETTINGS_TTL};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
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

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SiteSettings {
    pub site_title: String,
    pub site_description: String,
    pub theme: Theme,
    pub maintenance_mode: bool,
    pub gpt5_mini_preview_enabled: bool,
    /// Set by the logo upload; `None` shows the built-in logo.
    pub logo_url: Option<String>,
    pub banner_url: Option<String>,
    /// Shown on the landing, help, contact, payment and not-found pages.
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

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct SiteContent {
    pub home_text: String,
    pub banners: Vec<String>,
    pub faqs: Vec<Value>,
    pub announcements: Vec<Value>,
}

/// Until an admin sets the operator's own contacts.
pub const DEFAULT_SUPPORT_EMAIL: &str = "support@hometutor.in";
pub const DEFAULT_SUPPORT_PHONE: &str = "+91 98765 43210";

const SETTINGS: &str = "settings";
const CONTENT: &str = "content";
const MAX_LIST_ITEMS: usize = 100;
const MAX_CONTENT_BYTES: usize = 64 * 1024;

fn load<T: for<'de> Deserialize<'de> + Default>(c: &mut DbConnection, name: &str) -> QueryResult<T> {
    let body: Option<String> = sd::table.find(name).select(sd::body).first(c).optional()?;
    // A document written by an older version may lack newer fields: they take their defaults.
    Ok(body.and_then(|b| serde_json::from_str(&b).ok()).unwrap_or_default())
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
        return Err(FieldError::new("supportEmail", "Support e-mail is required."));
    }
    Email::parse(raw)
        .map(|e| e.to_string())
        .map_err(|_| FieldError::new("supportEmail", "Please enter a valid support e-mail address."))
}

/// A phone number as people dial it: digits with spaces, dashes, brackets and a leading +,
/// 7 to 15 digits (a landline, a mobile or a toll-free number).
fn support_phone(raw: &str) -> Result<String, FieldError> {
    let phone = raw.trim();
    if phone.is_empty() {
        return Err(FieldError::new("supportPhone", "Support phone is required."));
    }
    let digits = phone.chars().filter(char::is_ascii_digit).count();
    let allowed =
        phone.chars().enumerate().all(|(i, c)| c.is_ascii_digit() || " -()".contains(c) || (c == '+' && i == 0));
    if allowed && (7..=15).contains(&digits) && phone.chars().count() <= 24 {
        Ok(phone.to_string())
    } else {
        Err(FieldError::new("supportPhone", "Please enter a valid support phone number (7 to 15 digits)."))
    }
}

/// A list typed by an admin as JSON: an array, or a string holding one.
pub fn json_list(field: &'static str, label: &str, value: &Value) -> Result<Vec<Value>, FieldError> {
    let parsed = match value {
        Value::Null => return Ok(Vec::new()),
        Value::String(s) if s.trim().is_empty() => return Ok(Vec::new()),
        Value::String(s) => serde_json::from_str::<Value>(s)
            .map_err(|e| FieldError::new(field, format!("{label} is not valid JSON: {e}.")))?,
        other => other.clone(),
    };
    match parsed {
        Value::Array(items) if items.len() <= MAX_LIST_ITEMS => Ok(items),
        Value::Array(_) => Err(FieldError::new(field, format!("{label} can hold at most {MAX_LIST_ITEMS} entries."))),
        _ => Err(FieldError::new(field, format!("{label} must be a JSON array, for example [\"…\"]."))),
    }
}

impl AdminService {
    /// The current settings (at most a couple of seconds old).
    pub fn settings(&self) -> Result<SiteSettings, AdminError> {
        if let Some(settings) = self.cached_settings() {
            return Ok(settings);
        }
        let fresh: SiteSettings = self.db.read(|c| load(c, SETTINGS).map_err(AdminError::from))?;
        self.remember(&fresh);
        Ok(fresh)
    }

    /// This process's copy of the settings while it is fresh; no I/O.
    pub fn cached_settings(&self) -> Option<SiteSettings> {
        let cache = self.settings_cache.read().ok()?;
        cache.as_ref().filter(|(at, _)| at.elapsed() < SETTINGS_TTL).map(|(_, settings)| settings.clone())
    }

    fn remember(&self, settings: &SiteSettings) {
        if let Ok(mut cache) = self.settings_cache.write() {
            *cache = Some((Instant::now(), settings.clone()));
        }
    }

    /// Saves title, description, theme and the two switches; logo and banner are
    /// changed by their upload and kept here.
    pub fn save_settings(&self, actor: &Actor, new: &SiteSettings) -> Result<SiteSettings, AdminError> {
        let mut errors = Vec::new();
        let title = text("siteTitle", &new.site_title, true, 100).map_err(|e| errors.push(e)).ok();
        let description = text("siteDescription", &new.site_description, false, 500).map_err(|e| errors.push(e)).ok();
        let support_email = support_email(&new.support_email).map_err(|e| errors.push(e)).ok();
        let support_phone = support_phone(&new.support_phone).map_err(|e| errors.push(e)).ok();
        let (Some(title), Some(description), Some(support_email), Some(support_phone)) =
            (title, description, support_email, support_phone)
        else {
            return Err(AdminError::Validation(errors));
        };
        let saved = self.db.write(|c| {
            let mut settings: SiteSettings = load(c, SETTINGS)?;
            let was_maintenance = settings.maintenance_mode;
            settings.site_title = title;
            settings.site_description = description;
            settings.theme = new.theme;
            settings.maintenance_mode = new.maintenance_mode;
            settings.gpt5_mini_preview_enabled = new.gpt5_mini_preview_enabled;
            settings.support_email = support_email;
            settings.support_phone = support_phone;
            store(c, SETTINGS, &settings)?;
            let mut details = format!("title '{}', theme {:?}", settings.site_title, settings.theme);
            if was_maintenance != settings.maintenance_mode {
                details.push_str(if settings.maintenance_mode { ", maintenance on" } else { ", maintenance off" });
            }
            audit::record(c, actor, "settings.save", "site settings", details)?;
            Ok::<_, AdminError>(settings)
        })?;
        self.remember(&saved);
        Ok(saved)
    }

    /// Points the site's logo or banner at an uploaded image.
    pub(crate) fn set_site_image(
        &self,
        c: &mut DbConnection,
        logo: bool,
        url: Option<String>,
    ) -> Result<SiteSettings, AdminError> {
        let mut settings: SiteSettings = load(c, SETTINGS)?;
        if logo {
            settings.logo_url = url;
        } else {
            settings.banner_url = url;
        }
        store(c, SETTINGS, &settings)?;
        Ok(settings)
    }

    pub(crate) fn settings_in(&self, c: &mut DbConnection) -> Result<SiteSettings, AdminError> {
        Ok(load(c, SETTINGS)?)
    }

    pub(crate) fn forget_settings(&self) {
        if let Ok(mut cache) = self.settings_cache.write() {
            *cache = None;
        }
    }

    pub fn content(&self) -> Result<SiteContent, AdminError> {
        self.db.read(|c| load(c, CONTENT).map_err(AdminError::from))
    }

    /// Saves the landing content; FAQs and announcements come as JSON arrays
    /// (or text holding one), and invalid JSON is refused with its reason.
    pub fn save_content(
        &self,
        actor: &Actor,
        home_text: &str,
        banners: &[String],
        faqs: &Value,
        announcements: &Value,
    ) -> Result<SiteContent, AdminError> {
        let mut errors = Vec::new();
        let home_text = text("homeText", home_text, false, 5000).map_err(|e| errors.push(e)).ok();
        let faqs = json_list("faqs", "FAQs", faqs).map_err(|e| errors.push(e)).ok();
        let announcements = json_list("announcements", "Announcements", announcements).map_err(|e| errors.push(e)).ok();
        let banners: Vec<String> = banners.iter().map(|b| b.trim().to_string()).filter(|b| !b.is_empty()).collect();
        if banners.len() > MAX_LIST_ITEMS || banners.iter().any(|b| b.chars().count() > 500) {
            errors.push(FieldError::new("banners", "At most 100 banners of at most 500 characters each."));
        }
        let (Some(home_text), Some(faqs), Some(announcements), true) =
            (home_text, faqs, announcements, errors.is_empty())
        else {
            return Err(AdminError::Validation(errors));
        };
        let content = SiteContent { home_text, banners, faqs, announcements };
        if serde_json::to_string(&content).map(|s| s.len()).unwrap_or(usize::MAX) > MAX_CONTENT_BYTES {
            return Err(FieldError::new("content", "The content is too large (at most 64 KB).").into());
        }
        self.db.write(|c| {
            store(c, CONTENT, &content)?;
            audit::record(c, actor, "content.save", "site content", "")?;
            Ok(content)
        })
    }

    /// Keeps a broadcast as the newest announcement; returns it, to be pushed to everyone connected.
    pub fn broadcast(&self, actor: &Actor, message: &str) -> Result<Value, AdminError> {
        let message = text("text", message, true, 1000)?;
        let announcement = serde_json::json!({
            "text": message,
            "createdAt": now().and_utc(),
            "broadcast": true,
        });
        self.db.write(|c| {
            let mut content: SiteContent = load(c, CONTENT)?;
            content.announcements.insert(0, announcement.clone());
            content.announcements.truncate(MAX_LIST_ITEMS);
            store(c, CONTENT, &content)?;
            audit::record(c, actor, "broadcast", "everyone", message)?;
            Ok(announcement)
        })
    }
}
