//! `Json<T>`: the one extractor for JSON request bodies. In order, it refuses a
//! body that is not JSON by its Content-Type (415), larger than [`JSON_LIMIT`]
//! whether or not a Content-Length announced it (413), not JSON (400), with a
//! NUL anywhere (400 `validation`), or not of the request's shape (400, with
//! the field named; an array is never taken for an object).

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::error::PayloadError;
use actix_web::http::{header, StatusCode};
use actix_web::web::BytesMut;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use futures_util::StreamExt;
use serde::de::DeserializeOwned;
use serde_json::Value;

use super::strict;
use hometutor_i18n::Message;

use crate::errors::{ApiError, ErrorCode};

/// JSON bodies larger than this are refused (uploads have their own limit).
pub const JSON_LIMIT: usize = 64 * 1024;

/// A request body of type `T`, read and checked as the module says.
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let checked = is_json(req).and_then(|()| announced_length_fits(req));
        let mut payload = payload.take();
        Box::pin(async move {
            checked?;
            let mut body = BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(unreadable)?;
                if body.len() + chunk.len() > JSON_LIMIT {
                    return Err(too_large());
                }
                body.extend_from_slice(&chunk);
            }
            let value: Value = serde_json::from_slice(&body).map_err(|e| {
                let text = Message::new("error-json-invalid").arg("error", e.to_string());
                ApiError::text(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, text)
            })?;
            super::nul::refuse_nul_in_json(&value)?;
            strict::from_value(&value).map(Json).map_err(misshapen)
        })
    }
}

fn is_json(req: &HttpRequest) -> Result<(), ApiError> {
    let json =
        req.mime_type().ok().flatten().is_some_and(|mime| {
            mime.subtype() == actix_web::mime::JSON || mime.suffix() == Some(actix_web::mime::JSON)
        });
    match json {
        true => Ok(()),
        false => Err(ApiError::text(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ErrorCode::UnsupportedMediaType,
            Message::new("error-json-content-type"),
        )),
    }
}

/// Refuses at once a body announced too large, before reading any of it.
fn announced_length_fits(req: &HttpRequest) -> Result<(), ApiError> {
    let announced = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    match announced {
        Some(length) if length > JSON_LIMIT as u64 => Err(too_large()),
        _ => Ok(()),
    }
}

fn too_large() -> ApiError {
    ApiError::text(
        StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::TooLarge,
        Message::new("error-body-too-large").arg("kb", JSON_LIMIT / 1024),
    )
}

/// The body broke off; a stalled one is answered 408 by `body_deadline`, which
/// replaces this answer.
fn unreadable(e: PayloadError) -> ApiError {
    match e {
        PayloadError::Overflow => too_large(),
        _ => ApiError::text(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, Message::new("error-body-unreadable")),
    }
}

fn misshapen(e: strict::Error) -> ApiError {
    // A field's own sentence (a request enum's) already ends with its full stop.
    let text = Message::new("error-request-invalid").arg("error", e.to_string().trim_end_matches('.'));
    let mut err = ApiError::text(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, text);
    if let Some(path) = e.path {
        err.body.fields = Some(BTreeMap::from([(path, e.message)]));
    }
    err
}
