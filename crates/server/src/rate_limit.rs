//! The HTTP side of the rate limits (the table is `hometutor_limits::Bucket`). A limit
//! that guards a route as a whole is attached where the route is declared:
//!
//! ```ignore
//! #[post("/support-tickets", wrap = "from_fn(rate_limit::support_tickets)")]
//! ```
//!
//! Limits that depend on the outcome (failed logins) or on who is calling (chat, per account)
//! are counted by the code that knows it, through the same `AppState::limiter`; every refusal
//! answers 429 `rate_limited` with `Retry-After`. The counters are shared by every process
//! (Redis or the database), so counting waits on the network: from async code, count through
//! [`hit`] and [`give_back`], which run on the blocking pool (a count kept in memory answers at once).

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::{web, ResponseError};
use hometutor_limits::{Bucket, Limiter, RetryAfter};

use crate::client_address::client_address;
use crate::errors::ApiError;
use crate::state::AppState;

/// `POST /api/support-tickets`: tickets accepted per client address.
pub async fn support_tickets(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    successes_per_client_address(Bucket::SupportTicketsPerIp, req, next).await
}

/// `GET`/`POST /api/notifications/unsubscribe`: every attempt per client address, refused or
/// not, so tokens cannot be guessed at speed (a person unsubscribes a few times at most).
pub async fn unsubscribes(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    every_request_per_client_address(Bucket::UnsubscribesPerIp, req, next).await
}

/// `GET /api/places` and `/api/places/nearest`: every search per client address.
pub async fn place_searches(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    every_request_per_client_address(Bucket::PlaceSearchesPerIp, req, next).await
}

/// `GET /api/tutors/search`: every search per client address (an IPv6 client per /64, as
/// every per-address limit), signed in or not.
pub async fn tutor_searches(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    every_request_per_client_address(Bucket::TutorSearchesPerIp, req, next).await
}

/// `GET /calendar/<token>.ics`: every fetch per client address, in the place searches' bucket (the
/// same kind of public read; a calendar program fetches a feed a few times an hour).
pub async fn calendar_feeds(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    every_request_per_client_address(Bucket::PlaceSearchesPerIp, req, next).await
}

/// Counts every request against its client address before the handler runs.
async fn every_request_per_client_address(
    bucket: Bucket,
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(state) = req.app_data::<web::Data<AppState>>().cloned() else {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    if let Err(wait) = hit(&state.limiter, bucket, client_address(req.request())).await {
        let response = refused(bucket, wait).error_response();
        return Ok(req.into_response(response));
    }
    next.call(req).await.map(ServiceResponse::map_into_boxed_body)
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
    if let Err(wait) = hit(&state.limiter, bucket, address).await {
        let response = refused(bucket, wait).error_response();
        return Ok(req.into_response(response));
    }
    let answer = next.call(req).await;
    if !answer.as_ref().is_ok_and(|response| response.status().is_success()) {
        give_back(&state.limiter, bucket, address).await;
    }
    answer.map(ServiceResponse::map_into_boxed_body)
}

/// The 429 of a refused event: `rate_limited`, the bucket's sentence, `Retry-After`.
pub fn refused(bucket: Bucket, wait: RetryAfter) -> ApiError {
    let id = match bucket {
        Bucket::SupportTicketsPerIp => "error-too-many-messages-address",
        Bucket::ChatEventsPerAccount => "error-chat-slow-down",
        _ => "error-too-many-requests",
    };
    let text = hometutor_i18n::Message::new(id);
    let mut error = ApiError::text(StatusCode::TOO_MANY_REQUESTS, crate::errors::ErrorCode::RateLimited, text);
    error.retry_after = Some(wait.secs());
    error
}

/// [`Limiter::hit`] on the blocking pool (or at once for a store in memory). A pool that is shutting down lets the event through,
/// as a store that does not answer does.
pub async fn hit(
    limiter: &Limiter,
    bucket: Bucket,
    key: impl std::fmt::Display + Send + 'static,
) -> Result<(), RetryAfter> {
    // A count kept in this process's memory (a single process's chat events) is a map lookup
    // under a mutex: answered here, without two thread switches per event through the blocking pool.
    if limiter.answers_from_memory(bucket) {
        return limiter.hit(bucket, key);
    }
    let limiter = limiter.clone();
    web::block(move || limiter.hit(bucket, key)).await.unwrap_or(Ok(()))
}

/// [`Limiter::give_back`] on the blocking pool (or at once for a store in memory, as [`hit`]).
pub async fn give_back(limiter: &Limiter, bucket: Bucket, key: impl std::fmt::Display + Send + 'static) {
    if limiter.answers_from_memory(bucket) {
        return limiter.give_back(bucket, key);
    }
    let limiter = limiter.clone();
    let _ = web::block(move || limiter.give_back(bucket, key)).await;
}
