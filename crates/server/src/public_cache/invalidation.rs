//! When the kept answers go out of date: once a request that may have changed something is
//! answered (`public_cache` says why by generation rather than by what a write touches).

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web;

use crate::state::AppState;

/// Writes that never change what a visitor reads (the site, a tutor's public profile): they
/// touch only the caller's session, messages, notifications or codes. Starting a generation for
/// each would empty the cache at every sign-in and every chat message, for nothing.
const NOT_PUBLIC: &[&str] = &[
    "/api/auth/login",
    "/api/auth/logout",
    "/api/auth/send-reset-otp",
    "/api/verify/resend-otp",
    "/api/chat/ticket",
    "/api/messages",
    "/api/messages/read",
    "/api/notifications/read",
    "/api/notifications/preferences",
];

/// Whether an answered request may have changed something a kept answer shows: a method that
/// writes, on a route not in [`NOT_PUBLIC`], that was not refused (a 4xx answer wrote nothing
/// anyone else reads: at most a failed sign-in's count). A 5xx counts, to be safe.
fn may_change_public_reads(method: &Method, route: &str, status: actix_web::http::StatusCode) -> bool {
    let writes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    writes && !status.is_client_error() && !NOT_PUBLIC.contains(&route)
}

/// Starts a new generation once a request that may have changed something is answered.
pub async fn invalidate_on_writes(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.call(req).await;
    }
    let (method, route) = (req.method().clone(), crate::access_log::route_template(&req));
    let cache = req.app_data::<web::Data<AppState>>().map(|s| s.public_cache.clone());
    let response = next.call(req).await;
    let status = match &response {
        Ok(answer) => answer.status(),
        Err(error) => error.as_response_error().status_code(),
    };
    if let Some(cache) = cache.filter(|_| may_change_public_reads(&method, &route, status)) {
        cache.invalidate();
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_ins_messages_and_refused_writes_keep_the_kept_answers() {
        use actix_web::http::StatusCode;
        let changes = |method: Method, route: &str, status: u16| {
            may_change_public_reads(&method, route, StatusCode::from_u16(status).unwrap())
        };
        assert!(changes(Method::PUT, "/api/tutors/{idOrEmail}", 200), "a profile edit");
        assert!(changes(Method::POST, "/api/admin/settings", 200), "the site's settings");
        assert!(changes(Method::POST, "/api/verify/email-otp", 200), "a verified tutor may become listable");
        assert!(changes(Method::POST, "/api/payment/webhook", 200), "a subscription");
        assert!(changes(Method::POST, "/api/tutors/{idOrEmail}/reviews", 500), "a failure may have written");
        assert!(changes(Method::POST, "unmatched", 200));
        assert!(!changes(Method::POST, "/api/auth/login", 200));
        assert!(!changes(Method::POST, "/api/messages", 201));
        assert!(!changes(Method::POST, "/api/notifications/read", 200));
        assert!(!changes(Method::PUT, "/api/tutors/{idOrEmail}", 403), "refused");
        assert!(!changes(Method::POST, "/api/tutors/{idOrEmail}/reviews", 400), "refused");
        assert!(!changes(Method::GET, "/api/site", 200));
    }

    #[test]
    fn every_route_said_not_to_change_public_reads_is_a_real_write_route() {
        // A renamed route would otherwise quietly start invalidating the cache again.
        let api = crate::openapi_document();
        for route in NOT_PUBLIC {
            let item = api.paths.paths.get(*route).unwrap_or_else(|| panic!("{route} is not a route"));
            let writes = item.post.is_some() || item.put.is_some() || item.patch.is_some() || item.delete.is_some();
            assert!(writes, "{route} has no method that writes");
        }
    }
}
