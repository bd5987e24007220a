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

pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    let id = RequestId::for_request(from_trusted_proxy(&req), req.headers().get(request_id::HEADER));
    let line = AccessLine {
        method: req.method().to_string(),
        // Known before routing: the resource map matches the path on its own.
        route: req.match_pattern().unwrap_or_else(|| "unmatched".into()),
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
            response.response_mut().headers_mut().insert(request_id::HEADER, id.header_value());
            let status = response.status();
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
    route: String,
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
