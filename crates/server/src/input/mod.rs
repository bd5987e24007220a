//! What the server accepts from a client before any handler runs, in one place:
//!
//! - no NUL character (U+0000) reaches a service or the database, from any
//!   source: path, query string, JSON body (at any depth, `\u0000` escapes
//!   included), multipart text fields and chat frames. PostgreSQL cannot store
//!   it and SQLite would keep it, so it is refused with 400 `validation` naming
//!   the field. Other control characters are the domain's business
//!   (`hometutor_core::validation::single_line`/`multi_line`, per field);
//! - JSON bodies: [`Json`], the one extractor for them (size, type, shape);
//! - a body that stops arriving is answered 408 ([`body_deadline`]);
//! - every error under `/api` is JSON, wrong methods answer 405 ([`fallback`]).

pub mod fallback;
mod json;
mod strict;

use std::cell::Cell;
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll};
use std::time::Duration;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{HttpMessage, HttpResponse, ResponseError};
use futures_util::Stream;
use serde_json::Value;

pub use json::Json;

use crate::errors::ApiError;

const NUL_MESSAGE: &str = "Must not contain the NUL character (U+0000).";

/// The answer to text with a NUL in it: 400 `validation`, each offending field named.
fn nul_refused(fields: Vec<String>) -> ApiError {
    let fields: BTreeMap<String, String> = fields.into_iter().map(|f| (f, NUL_MESSAGE.to_string())).collect();
    ApiError::invalid_fields("Text must not contain the NUL character (U+0000).", fields)
}

/// Refuses one text field (a multipart form part, say).
pub fn refuse_nul(field: &str, text: &str) -> Result<(), ApiError> {
    match text.contains('\0') {
        true => Err(nul_refused(vec![printable(field)])),
        false => Ok(()),
    }
}

/// Refuses a parsed JSON document with a NUL in any string or key; the fields
/// are named by their path (`subjects[2]`, `address.city`; `body` for the root).
pub fn refuse_nul_in_json(value: &Value) -> Result<(), ApiError> {
    let mut found = Vec::new();
    find_nul(value, &strict::Path::Root, &mut found);
    match found.is_empty() {
        true => Ok(()),
        false => Err(nul_refused(found)),
    }
}

fn find_nul(value: &Value, path: &strict::Path<'_>, found: &mut Vec<String>) {
    let name = |path: &strict::Path<'_>| match path {
        strict::Path::Root => "body".to_string(),
        _ => printable(&path.to_string()),
    };
    match value {
        Value::String(s) if s.contains('\0') => found.push(name(path)),
        Value::Array(items) => {
            for (index, item) in items.iter().enumerate() {
                find_nul(item, &strict::Path::Index(path, index), found);
            }
        }
        Value::Object(map) => {
            for (key, item) in map {
                let at = strict::Path::Key(path, key);
                if key.contains('\0') {
                    found.push(name(&at));
                }
                find_nul(item, &at, found);
            }
        }
        _ => {}
    }
}

/// A field name as it can be shown back: a NUL in the name itself is spelled out.
fn printable(name: &str) -> String {
    name.replace('\0', "\\u0000")
}

/// The error event for a chat frame (text of a WebSocket message) carrying a
/// NUL anywhere in its JSON, or `None` when there is none. Fields are named
/// within the frame (`data.text`); the event's `clientId` is echoed when present.
pub fn chat_frame_refusal(frame: &str) -> Option<Value> {
    // Nearly every frame is clean: parse a second time only when one may not be.
    if !frame.contains("\\u0000") && !frame.contains('\0') {
        return None;
    }
    let parsed: Value = serde_json::from_str(frame).ok()?;
    let refused = refuse_nul_in_json(&parsed).err()?;
    let mut event = serde_json::json!({"message": refused.body.message, "code": refused.body.code, "fields": refused.body.fields});
    if let Some(client_id) = parsed["data"]["clientId"].as_str().filter(|id| !id.contains('\0')) {
        event["clientId"] = client_id.into();
    }
    Some(event)
}

/// Refuses a request whose path or query string carries a NUL (`%00`), before
/// routing, so no extractor or handler ever sees one.
pub async fn refuse_nul_in_url(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    // A raw NUL cannot appear in a request line; percent-decoding is the only way in.
    let mut found = Vec::new();
    if req.path().contains("%00") {
        found.push("path".to_string());
    }
    for (key, value) in url::form_urlencoded::parse(req.query_string().as_bytes()) {
        if key.contains('\0') || value.contains('\0') {
            found.push(printable(&key));
        }
    }
    if !found.is_empty() {
        return Ok(req.into_response(nul_refused(found).error_response()));
    }
    next.call(req).await.map(ServiceResponse::map_into_boxed_body)
}

/// How long a request body may go without a byte arriving (`BODY_READ_TIMEOUT_SECS`).
#[derive(Clone, Copy, Debug)]
pub struct BodyReadTimeout(pub Duration);

/// Answers 408 when a request body stops arriving for longer than the
/// [`BodyReadTimeout`] (the gap between two reads, as nginx's
/// `client_body_timeout`, so a slow but steady upload still finishes). The
/// handler sees its body end in an error and cleans up as for any broken body;
/// whatever it answers is replaced by the 408 and the connection is closed,
/// since the rest of the body is still on its way.
pub async fn body_deadline(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(BodyReadTimeout(timeout)) = req.app_data::<BodyReadTimeout>().copied() else {
        return next.call(req).await.map(ServiceResponse::map_into_boxed_body);
    };
    let expired = Rc::new(Cell::new(false));
    let body = DeadlineBody {
        inner: req.take_payload(),
        timeout,
        sleep: Box::pin(tokio::time::sleep(timeout)),
        expired: expired.clone(),
        finished: false,
    };
    req.set_payload(Payload::from(Box::pin(body) as Pin<Box<dyn Stream<Item = Result<Bytes, PayloadError>>>>));
    let answered = next.call(req).await;
    if !expired.get() {
        return answered.map(ServiceResponse::map_into_boxed_body);
    }
    let timed_out = ApiError::new(
        StatusCode::REQUEST_TIMEOUT,
        "request_timeout",
        "The request body stopped arriving. Please try again.",
    );
    let mut response: HttpResponse = timed_out.error_response();
    response.head_mut().set_connection_type(actix_web::http::ConnectionType::Close);
    match answered {
        Ok(res) => Ok(res.into_response(response)),
        Err(e) => Err(actix_web::error::InternalError::from_response(e.to_string(), response).into()),
    }
}

/// A request body that fails with a timeout once no chunk arrived for `timeout`.
struct DeadlineBody {
    inner: Payload,
    timeout: Duration,
    sleep: Pin<Box<tokio::time::Sleep>>,
    expired: Rc<Cell<bool>>,
    finished: bool,
}

impl Stream for DeadlineBody {
    type Item = Result<Bytes, PayloadError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        if self.finished {
            return Poll::Ready(None);
        }
        match Pin::new(&mut self.inner).poll_next(cx) {
            Poll::Ready(Some(chunk)) => {
                let next_deadline = tokio::time::Instant::now() + self.timeout;
                self.sleep.as_mut().reset(next_deadline);
                Poll::Ready(Some(chunk))
            }
            Poll::Ready(None) => {
                self.finished = true;
                Poll::Ready(None)
            }
            Poll::Pending => match self.sleep.as_mut().poll(cx) {
                Poll::Ready(()) => {
                    self.finished = true;
                    self.expired.set(true);
                    let stalled = std::io::Error::new(std::io::ErrorKind::TimedOut, "the request body stopped arriving");
                    Poll::Ready(Some(Err(PayloadError::Io(stalled))))
                }
                Poll::Pending => Poll::Pending,
            },
        }
    }
}
