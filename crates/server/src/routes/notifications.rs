//! The notification centre: the list, read marks, the unread count, e-mail
//! preferences, and the one-click unsubscribe link of every notification e-mail
//! (no login: the signed token is the permission; RFC 8058's POST as well as a click).
//! New notifications also arrive live over the chat socket (`notification` event).

use actix_web::middleware::from_fn;
use actix_web::{get, post, put, web};
use hometutor_notifications::{EmailChoice, Kind, Preference};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::chat::NotificationDto;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::language::Accepted;
use crate::rate_limit;
use crate::state::AppState;

#[derive(Deserialize, IntoParams)]
pub struct ListParams {
    /// Cursor: only notifications older than this id (the previous page's `nextCursor`).
    pub before: Option<i64>,
    /// Page size, 1 to 50; 20 when left out.
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<i64>,
}

// Kept in the shell: each item is rendered in the reader's language (`NotificationDto`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NotificationPage {
    /// Newest first.
    pub items: Vec<NotificationDto>,
    /// The `before` of the next page; null on the last page.
    #[schema(required = true)]
    pub next_cursor: Option<i64>,
}

/// The caller's notifications, newest first, a page at a time.
#[utoipa::path(tag = "notifications", security(("bearer" = [])), params(ListParams), responses(
    (status = 200, body = NotificationPage),
    (status = 400, description = "limit outside 1–50", body = ErrorBody),
))]
#[get("/notifications")]
#[tracing::instrument(skip_all)]
pub async fn list_notifications(
    state: web::Data<AppState>,
    me: CurrentUser,
    params: web::Query<ListParams>,
) -> Result<web::Json<NotificationPage>, ApiError> {
    let service = state.notifications.clone();
    let ListParams { before, limit } = params.into_inner();
    // Each is rendered in the reader's language as it is now, not as it was when stored.
    let language = me.0.language;
    let page = blocking(move || service.list(me.0.id, before, limit)).await?;
    Ok(web::Json(NotificationPage {
        items: page.items.into_iter().map(|n| NotificationDto::from(&n.in_language(language))).collect(),
        next_cursor: page.next_cursor,
    }))
}

/// Which notifications to mark read: `{"ids": [...]}` or `{"all": true}`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ReadBody {
    /// At most 100 ids of the caller's notifications; anyone else's are ignored.
    #[schema(max_items = 100)]
    pub ids: Option<Vec<i64>>,
    /// `true`: every notification of the caller.
    pub all: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct UnreadCount {
    pub unread: i64,
}

/// Marks the caller's notifications read (those named, or all); answers the unread count after.
#[utoipa::path(tag = "notifications", security(("bearer" = [])), request_body = ReadBody, responses(
    (status = 200, body = UnreadCount),
    (status = 400, description = "Neither ids nor all: true, both, or over 100 ids", body = ErrorBody),
))]
#[post("/notifications/read")]
#[tracing::instrument(skip_all)]
pub async fn mark_notifications_read(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<ReadBody>,
) -> Result<web::Json<UnreadCount>, ApiError> {
    let ids = match body.into_inner() {
        ReadBody { ids: Some(ids), all: None } => Some(ids),
        ReadBody { ids: None, all: Some(true) } => None,
        _ => {
            let field = hometutor_core::FieldError::text("ids", hometutor_i18n::Message::new("validation-read-ids"));
            return Err(hometutor_notifications::NotificationError::from(field).into());
        }
    };
    let service = state.notifications.clone();
    let unread = blocking(move || service.mark_read(me.0.id, ids.as_deref())).await?;
    Ok(web::Json(UnreadCount { unread }))
}

/// How many of the caller's notifications are unread (the bell's number).
#[utoipa::path(tag = "notifications", security(("bearer" = [])), responses((status = 200, body = UnreadCount)))]
#[get("/notifications/unread-count")]
#[tracing::instrument(skip_all)]
pub async fn unread_notifications(
    state: web::Data<AppState>,
    me: CurrentUser,
) -> Result<web::Json<UnreadCount>, ApiError> {
    let service = state.notifications.clone();
    let unread = blocking(move || service.unread_count(me.0.id)).await?;
    Ok(web::Json(UnreadCount { unread }))
}

// Kept in the shell: the label is rendered in the caller's language, the choices come from the kind.
#[derive(Serialize, ToSchema)]
#[schema(as = NotificationPreference)]
pub struct PreferenceDto {
    #[schema(value_type = Kind)]
    pub kind: &'static str,
    /// What the preferences screen calls the kind, in the caller's language.
    pub label: String,
    #[schema(value_type = EmailChoice)]
    pub email: &'static str,
    /// The choices this kind offers.
    #[schema(value_type = Vec<EmailChoice>)]
    pub choices: Vec<&'static str>,
}

impl PreferenceDto {
    fn of(p: &Preference, language: hometutor_i18n::Language) -> Self {
        Self {
            kind: p.kind.as_str(),
            label: p.kind.label_in(language),
            email: p.email.as_str(),
            choices: p.kind.choices().iter().map(|c| c.as_str()).collect(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Preferences {
    /// Every kind the caller's role receives (in the app they are always shown).
    pub preferences: Vec<PreferenceDto>,
}

fn preferences_of(found: &[Preference], language: hometutor_i18n::Language) -> Preferences {
    Preferences { preferences: found.iter().map(|p| PreferenceDto::of(p, language)).collect() }
}

/// The caller's e-mail choice for each kind of notification their role receives.
#[utoipa::path(tag = "notifications", security(("bearer" = [])), responses((status = 200, body = Preferences)))]
#[get("/notifications/preferences")]
#[tracing::instrument(skip_all)]
pub async fn notification_preferences(
    state: web::Data<AppState>,
    me: CurrentUser,
) -> Result<web::Json<Preferences>, ApiError> {
    let service = state.notifications.clone();
    let language = me.0.language;
    let found = blocking(move || service.preferences(me.0.id)).await?;
    Ok(web::Json(preferences_of(&found, language)))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PreferenceChange {
    /// A kind the caller's role receives.
    #[schema(value_type = Kind)]
    pub kind: String,
    /// `digest` only for `new_request`.
    #[schema(value_type = EmailChoice)]
    pub email: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PreferencesBody {
    /// The kinds to change; the others keep their choice.
    #[schema(max_items = 8)]
    pub preferences: Vec<PreferenceChange>,
}

/// Changes the caller's e-mail choices; answers every preference after. All or nothing.
#[utoipa::path(tag = "notifications", security(("bearer" = [])), request_body = PreferencesBody, responses(
    (status = 200, body = Preferences),
    (status = 400, description = "A kind the caller does not receive, a choice the kind does not offer, a kind twice", body = ErrorBody),
))]
#[put("/notifications/preferences")]
#[tracing::instrument(skip_all)]
pub async fn set_notification_preferences(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<PreferencesBody>,
) -> Result<web::Json<Preferences>, ApiError> {
    let changes: Vec<(String, String)> = body.into_inner().preferences.into_iter().map(|p| (p.kind, p.email)).collect();
    let service = state.notifications.clone();
    let language = me.0.language;
    let found = blocking(move || service.set_preferences(me.0.id, &changes)).await?;
    Ok(web::Json(preferences_of(&found, language)))
}

#[derive(Deserialize, IntoParams)]
pub struct UnsubscribeParams {
    /// The token of an e-mail's unsubscribe link.
    pub token: String,
}

#[derive(Serialize, ToSchema)]
pub struct Unsubscribed {
    #[schema(value_type = Kind)]
    pub kind: &'static str,
    /// In the language of the browser that followed the link.
    pub label: String,
    /// After a POST always `off`; from a GET, the account's choice for this kind now (nothing changed yet).
    #[schema(value_type = EmailChoice)]
    pub email: &'static str,
}

impl Unsubscribed {
    fn of(kind: Kind, email: &'static str, language: hometutor_i18n::Language) -> Self {
        Self { kind: kind.as_str(), label: kind.label_in(language), email }
    }
}

/// What an e-mail's unsubscribe link would turn off and the account's choice for it now. Changes
/// nothing: mail scanners and link previews open links, so only a POST unsubscribes (RFC 8058).
/// No login; the signed token is the permission.
#[utoipa::path(tag = "notifications", params(UnsubscribeParams), responses(
    (status = 200, body = Unsubscribed),
    (status = 400, description = "A forged, altered or foreign link (`invalid_unsubscribe_link`)", body = ErrorBody),
    (status = 429, description = "Too many links followed from this address, with Retry-After", body = ErrorBody),
))]
#[get("/notifications/unsubscribe", wrap = "from_fn(rate_limit::unsubscribes)")]
#[tracing::instrument(skip_all)]
pub async fn unsubscribe_link(
    state: web::Data<AppState>,
    Accepted(language): Accepted,
    params: web::Query<UnsubscribeParams>,
) -> Result<web::Json<Unsubscribed>, ApiError> {
    let service = state.notifications.clone();
    let token = params.into_inner().token;
    let (kind, email) = blocking(move || service.unsubscribe_link(&token)).await?;
    Ok(web::Json(Unsubscribed::of(kind, email.as_str(), language)))
}

/// Turns off the e-mails of one kind for the account an e-mail's link was signed for: RFC 8058's
/// one-click POST from a mail client to the `List-Unsubscribe` address (its
/// `List-Unsubscribe=One-Click` body is not needed), and the web page's confirm button. No login;
/// the same link answers the same way again.
#[utoipa::path(tag = "notifications", params(UnsubscribeParams), responses(
    (status = 200, body = Unsubscribed),
    (status = 400, description = "A forged, altered or foreign link (`invalid_unsubscribe_link`)", body = ErrorBody),
    (status = 429, description = "Too many links followed from this address, with Retry-After", body = ErrorBody),
))]
#[post("/notifications/unsubscribe", wrap = "from_fn(rate_limit::unsubscribes)")]
#[tracing::instrument(skip_all)]
pub async fn unsubscribe_from_emails_one_click(
    state: web::Data<AppState>,
    Accepted(language): Accepted,
    params: web::Query<UnsubscribeParams>,
) -> Result<web::Json<Unsubscribed>, ApiError> {
    let service = state.notifications.clone();
    let token = params.into_inner().token;
    let kind: Kind = blocking(move || service.unsubscribe(&token)).await?;
    Ok(web::Json(Unsubscribed::of(kind, "off", language)))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(list_notifications)
        .service(mark_notifications_read)
        .service(unread_notifications)
        .service(notification_preferences)
        .service(set_notification_preferences)
        .service(unsubscribe_link)
        .service(unsubscribe_from_emails_one_click);
}
