//! The HTTP side of the rate limits (the table is `hometutor_limits::Bucket`). A limit
//! that guards a route as a whole is attached where the route is declared:
//!
//! ```ignore
//! #[post("/support-tickets", wrap = "from_fn(rate_limit::support_tickets)")]
//! ```
//!
//! Limits that depend on the outcome (failed logins) or on who is calling (chat, per account)
//! are counted by the code that knows it, through the same `AppState::limiter`; every refusal
//! answers 429 `rate_limited` with `Retry-After`.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, ResponseError};
use hometutor_limits::{Bucket, RetryAfter};

use crate::errors::ApiError;
use crate::state::AppState;

/// `POST /api/support-tickets`: tickets accepted per client address.
pub async fn support_tickets(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    successes_per_client_address(Bucket::SupportTicketsPerIp, req, next).await
}

/// Counts the request against its client address before the handler runs, so requests sent
/// at once cannot all pass; gives it back unless the handler succeeded, so only accepted
/// requests count (a form sent with a mistake is not held against its sender).
async fn successes_per_client_address(
    bucket: Bucket,
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    let address = client_address(req.request());
    if let Err(wait) = state.limiter.hit(bucket, &address) {
        let response = refused(bucket, wait).error_response();
        return Ok(req.into_response(response));
    }
    let answer = next.call(req).await;
    if !answer.as_ref().is_ok_and(|response| response.status().is_success()) {
        state.limiter.give_back(bucket, &address);
    }
    answer.map(ServiceResponse::map_into_boxed_body)
}

/// The 429 of a refused event: `rate_limited`, the bucket's sentence, `Retry-After`.
pub fn refused(bucket: Bucket, wait: RetryAfter) -> ApiError {
    let message = match bucket {
        Bucket::SupportTicketsPerIp => "Too many messages from this address. Please try again later.",
        Bucket::ChatEventsPerAccount => "Too many messages; please slow down.",
        _ => "Too many requests. Please try again later.",
    };
    let mut error = ApiError::new(StatusCode::TOO_MANY_REQUESTS, crate::errors::ErrorCode::RateLimited, message);
    error.retry_after = Some(wait.secs());
    error
}

/// The peer's address. Behind a reverse proxy every client shares the proxy's: issue 17
/// (`TRUSTED_PROXIES`) is to take the client's from `X-Forwarded-For` when the peer is trusted.
fn client_address(req: &HttpRequest) -> String {
    req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_default()
}
