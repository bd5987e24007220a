//! Maintenance mode: while an admin has it on, every API call from anyone but an
//! admin answers 503. What an admin needs to get in (login, profile, logout),
//! what the site needs to show the maintenance page (site settings, uploaded
//! logo, health), the payment provider's webhook (money must not be lost) and
//! e-mail unsubscribe links (users must always be able to opt out) stay open.
//! Pages outside /api are served: the app shows the maintenance screen.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorCode};
use crate::extract::authenticate;
use crate::state::AppState;

const ALWAYS_OPEN: &[&str] = &[
    "/api/auth/login",
    "/api/auth/profile",
    "/api/auth/logout",
    "/api/site",
    "/api/health",
    "/api/health/live",
    "/api/health/ready",
    "/api/payment/webhook",
    // Opting out of e-mails never waits for maintenance to end.
    "/api/notifications/unsubscribe",
    "/api/openapi.json",
];

fn always_open(path: &str) -> bool {
    !path.starts_with("/api/")
        || ALWAYS_OPEN.contains(&path)
        || path.starts_with("/api/docs")
        || path.starts_with("/api/uploads/")
}

pub async fn refusal(req: &HttpRequest) -> Option<HttpResponse> {
    if always_open(req.path()) {
        return None;
    }
    let state = req.app_data::<web::Data<AppState>>().cloned()?;
    // Cached settings answer without leaving the reactor; only a stale copy is read from the database.
    let on = match state.admin.cached_settings() {
        Some(settings) => settings.maintenance_mode,
        None => {
            let admin = state.admin.clone();
            blocking(move || admin.settings()).await.map(|s| s.maintenance_mode).unwrap_or(false)
        }
    };
    if !on {
        return None;
    }
    // Answered in the signed-in caller's language, else the browser's.
    let language = match authenticate(req).await {
        Ok(user) if user.role == hometutor_core::Role::Admin => return None,
        Ok(user) => user.language,
        Err(_) => crate::language::accepted(req),
    };
    let mut error = ApiError::text(
        StatusCode::SERVICE_UNAVAILABLE,
        ErrorCode::Maintenance,
        hometutor_i18n::Message::new("error-maintenance"),
    );
    error.retry_after = Some(300);
    Some(error.response_in(language))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_stays_open_during_maintenance() {
        for open in [
            "/",
            "/login",
            "/assets/index.js",
            "/api/auth/login",
            "/api/site",
            "/api/uploads/ab.png",
            "/api/notifications/unsubscribe",
        ] {
            assert!(always_open(open), "{open}");
        }
        for closed in [
            "/api/tuition/nearby",
            "/api/auth/register",
            "/api/admin/users",
            "/api/sitex",
            "/api/ws",
            "/api/notifications",
        ] {
            assert!(!always_open(closed), "{closed}");
        }
    }
}
