//! The outermost middleware: gives each request its id and its span, answers with `X-Request-Id`
//! (errors, 404s, the web app's pages and refused socket upgrades too), and writes one access
//! line per request at INFO under the target `hometutor::access`.
//!
//! Every line logged while the request is handled is inside its span `request{request_id, user_id}`,
//! so one id finds them all. The access line carries its fields itself: method, route template,
//! path (never the query string, which can hold a single-use chat ticket), status, duration,
//! request id, client address (as `TRUSTED_PROXIES` resolves it) and the user when known.

use std::cell::Cell;
use std::net::IpAddr;
use std::rc::Rc;
use std::time::Instant;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::CONTENT_TYPE;
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::{web, HttpMessage, HttpRequest};
use tracing::{Instrument, Span};

use crate::client_address::client_address;
use crate::request_id::{self, RequestId};
use crate::state::AppState;

/// The request's span and caller, kept in its extensions for whoever learns who the caller is.
#[derive(Clone)]
struct RequestSpan {
    span: Span,
    user_id: Rc<Cell<Option<i64>>>,
}

/// Names the request's caller on its span (every line after this one shows it) and its access line.
pub fn record_user(req: &HttpRequest, user_id: i64) {
    if let Some(request) = req.extensions().get::<RequestSpan>() {
        request.span.record("user_id", user_id);
        request.user_id.set(Some(user_id));
    }
}

/// The template of the route a request's path matches, once per request.
#[derive(Clone)]
struct RouteTemplate(Rc<str>);

/// The request's route template (`/api/tutors/{id}`), or `unmatched`. Known before routing: the
/// resource map matches the path on its own, which costs a walk of every route (a tenth of a
/// cached `/api/site`'s CPU: docs/benchmarks.md, 'HTTP hot paths'), so the first layer to ask (this log) keeps
/// the answer for the others (the metrics, the public cache), and each worker remembers the
/// answers for the paths it sees most ([`KnownTemplates`]).
pub fn route_template(req: &ServiceRequest) -> Rc<str> {
    if let Some(known) = req.extensions().get::<RouteTemplate>() {
        return known.0.clone();
    }
    let route = KNOWN_TEMPLATES.with(|known| known.template(req.path(), || req.match_pattern()));
    req.extensions_mut().insert(RouteTemplate(route.clone()));
    route
}

thread_local! {
    /// One per actix worker (each runs on its own thread): no lock on the request's path.
    static KNOWN_TEMPLATES: KnownTemplates = KnownTemplates::default();
}

/// The route templates of the paths a worker has seen: the resource map's answer depends on the
/// path alone and the map never changes while the server runs, so a remembered answer is exact.
/// Bounded: paths longer than [`KnownTemplates::MAX_PATH`] bytes are not kept, and the memory is
/// emptied once it holds [`KnownTemplates::MAX_PATHS`] (a crawler of random paths only makes it
/// miss, never grow).
#[derive(Default)]
struct KnownTemplates {
    paths: std::cell::RefCell<std::collections::HashMap<Box<str>, Rc<str>>>,
}

impl KnownTemplates {
    const MAX_PATHS: usize = 4096;
    const MAX_PATH: usize = 160;

    fn template(&self, path: &str, match_pattern: impl FnOnce() -> Option<String>) -> Rc<str> {
        if let Some(known) = self.paths.borrow().get(path) {
            return known.clone();
        }
        let route: Rc<str> = match_pattern().map_or_else(|| Rc::from("unmatched"), Rc::from);
        if path.len() <= Self::MAX_PATH {
            let mut paths = self.paths.borrow_mut();
            if paths.len() >= Self::MAX_PATHS {
                paths.clear();
            }
            paths.insert(path.into(), route.clone());
        }
        route
    }
}

pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let id = RequestId::for_request(from_trusted_proxy(&req), req.headers().get(request_id::HEADER));
    let line = AccessLine {
        method: req.method().to_string(),
        route: route_template(&req),
        path: req.path().to_string(),
        client: client_address(req.request()),
    };
    let span = tracing::info_span!("request", request_id = %id, user_id = tracing::field::Empty);
    let user_id = Rc::new(Cell::new(None));
    req.extensions_mut().insert(RequestSpan { span: span.clone(), user_id: user_id.clone() });
    // The request is not cloned before routing (actix needs it unshared), so an error that comes
    // back as `Err` is answered from its own response, with the id added to it.
    match next.call(req).instrument(span.clone()).await {
        Ok(mut response) => {
            let status = response.status();
            if !is_hashed_file(&line.path, &response) {
                response.response_mut().headers_mut().insert(request_id::HEADER, id.header_value());
            }
            if let Some(error) = response.response().error() {
                log_server_error(&span, status, error);
            }
            line.write(status, started, &id, user_id.get());
            Ok(response)
        }
        Err(error) => {
            let mut answer = error.error_response();
            answer.headers_mut().insert(request_id::HEADER, id.header_value());
            let status = answer.status();
            log_server_error(&span, status, &error);
            line.write(status, started, &id, user_id.get());
            Err(actix_web::error::InternalError::from_response(error.to_string(), answer).into())
        }
    }
}

/// Whether the TCP peer is one of the operator's proxies, whose `X-Request-Id` is believed.
fn from_trusted_proxy(req: &ServiceRequest) -> bool {
    let state = req.app_data::<web::Data<AppState>>();
    match (state, req.peer_addr()) {
        (Some(state), Some(peer)) => state.trusted_proxies.trusts_peer(peer.ip()),
        _ => false,
    }
}

/// What the access line says about the request, taken before the request is handed on.
struct AccessLine {
    method: String,
    route: Rc<str>,
    path: String,
    client: IpAddr,
}

impl AccessLine {
    fn write(self, status: StatusCode, started: Instant, id: &RequestId, user_id: Option<i64>) {
        // Microseconds as a fraction of a millisecond: fast requests do not all read 0.
        let duration_ms = started.elapsed().as_micros() as f64 / 1000.0;
        // Outside the request's span: the line carries the request id itself, once.
        tracing::info!(
            target: "hometutor::access",
            parent: None,
            method = %self.method,
            route = %self.route,
            path = %self.path,
            status = status.as_u16(),
            duration_ms,
            request_id = %id,
            client = %self.client,
            user_id,
            "{} {} {}",
            self.method,
            self.path,
            status.as_u16(),
        );
    }
}

/// A 5xx is the operator's business: an error line of its own. Not a 503: it is answered while the
/// database or the file store is briefly unreachable (a warning with its cause was logged where
/// it was made, and it heals by itself) or while an admin has the site in maintenance on purpose;
/// its access line says enough.
fn log_server_error(span: &Span, status: StatusCode, error: &actix_web::Error) {
    if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
        tracing::error!(parent: span, status = status.as_u16(), error = %error, "request failed");
    }
}

#[cfg(test)]
mod tests {
    use super::KnownTemplates;

    #[test]
    fn a_known_path_is_not_matched_again_and_the_memory_stays_bounded() {
        let known = KnownTemplates::default();
        let calls = std::cell::Cell::new(0);
        let matcher = |answer: Option<&str>| {
            calls.set(calls.get() + 1);
            answer.map(str::to_string)
        };
        assert_eq!(&*known.template("/api/tutors/7", || matcher(Some("/api/tutors/{id}"))), "/api/tutors/{id}");
        assert_eq!(&*known.template("/api/tutors/7", || matcher(Some("/wrong"))), "/api/tutors/{id}");
        assert_eq!(calls.get(), 1);
        assert_eq!(&*known.template("/nowhere", || matcher(None)), "unmatched");
        // A long path is answered but not kept.
        let long = format!("/{}", "a".repeat(KnownTemplates::MAX_PATH));
        known.template(&long, || matcher(None));
        known.template(&long, || matcher(None));
        assert_eq!(calls.get(), 4);
        // Past the bound the memory starts again instead of growing.
        for i in 0..KnownTemplates::MAX_PATHS + 10 {
            known.template(&format!("/p/{i}"), || matcher(None));
        }
        assert!(known.paths.borrow().len() <= KnownTemplates::MAX_PATHS);
    }
}

/// A hashed script, style or image served whole: never a question for the log, so its id would cost
/// each of a page's dozen files ~50 bytes on a phone for nothing (the log line keeps it; a page, an
/// API answer or a failed answer carries it).
fn is_hashed_file<B>(path: &str, response: &ServiceResponse<B>) -> bool {
    let content_type = response.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    path.strip_prefix('/').is_some_and(|path| !crate::security::is_document(path, content_type))
        && (response.status().is_success() || response.status().is_redirection())
}
