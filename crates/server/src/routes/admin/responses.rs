//! Response bodies that more than one admin room answers with, or that
//! `/api/site` shares with the admin panel (the settings and content shapes
//! exist once), kept apart from the handlers.

use chrono::{DateTime, Utc};
use hometutor_admin::{SiteContent, SiteSettings, Testimonial, Theme};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
pub struct Done {
    pub message: String,
}

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
