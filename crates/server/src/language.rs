//! Which language a request is answered in: the signed-in caller's stored language when
//! the request carries their token (read once the token is checked), otherwise the
//! browser's `Accept-Language`.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::ACCEPT_LANGUAGE;
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, ResponseError};
use hometutor_auth::AuthUser;
use hometutor_i18n::Language;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};

use crate::errors::ApiError;

/// The language of `req`'s `Accept-Language` (English when absent or unreadable).
pub fn accepted(req: &HttpRequest) -> Language {
    req.headers()
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .map_or(Language::FALLBACK, hometutor_i18n::negotiate)
}

/// The language to answer `req` in: the caller's own once their token has been checked in
/// this request, else the browser's.
pub fn of_request(req: &HttpRequest) -> Language {
    req.extensions().get::<AuthUser>().map(|u| u.language).unwrap_or_else(|| accepted(req))
}

/// Renders an error answer again in the request's language (the caller's own, once their
/// token was checked, else the browser's), from the catalogue messages it was built from.
/// English answers pass untouched, so the spec's texts stay byte for byte.
pub async fn localize(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    // Read before the call: an error that comes back as `Err` leaves no request to read.
    let browser = req.headers().get(ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok()).map(hometutor_i18n::negotiate);
    match next.call(req).await {
        Ok(res) => {
            let language = of_request(res.request());
            let localized = match language {
                Language::En => None,
                _ => res.response().error().and_then(|e| e.as_error::<ApiError>()).map(|e| e.body_in(language)),
            };
            match localized.and_then(|body| serde_json::to_vec(&body).ok()) {
                Some(bytes) => Ok(res.map_body(|_, _| BoxBody::new(bytes))),
                None => Ok(res.map_into_boxed_body()),
            }
        }
        Err(e) => {
            let language = browser.unwrap_or(Language::FALLBACK);
            let Some(api) = e.as_error::<ApiError>().filter(|_| language != Language::En) else { return Err(e) };
            let mut response = api.error_response();
            let bytes = serde_json::to_vec(&api.body_in(language)).unwrap_or_default();
            response = response.set_body(BoxBody::new(bytes));
            Err(actix_web::error::InternalError::from_response(e.to_string(), response).into())
        }
    }
}

/// The browser's language, for handlers of visitors (registration, codes, verification).
pub struct Accepted(pub Language);

impl FromRequest for Accepted {
    type Error = actix_web::Error;
    type Future = std::future::Ready<Result<Self, actix_web::Error>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Ok(Accepted(accepted(req))))
    }
}

fn codes() -> Vec<&'static str> {
    Language::ALL.iter().map(|l| l.code()).collect()
}

fn schema(nullable: bool, unchanged: &str) -> Object {
    let schema_type = match nullable {
        true => SchemaType::from_iter([Type::String, Type::Null]),
        false => SchemaType::Type(Type::String),
    };
    let mut values: Vec<Option<&str>> = codes().into_iter().map(Some).collect();
    if nullable {
        values.push(None);
    }
    ObjectBuilder::new()
        .schema_type(schema_type)
        .enum_values(Some(values))
        .description(Some(format!(
            "The language the person reads HomeTutor in: e-mails, notifications and the server's messages.{unchanged}"
        )))
        .build()
}

/// A language code, as an account carries it.
pub fn code_schema() -> Object {
    schema(false, "")
}

/// A language code, or null or absent for "leave it as it is".
pub fn code_or_null_schema() -> Object {
    schema(true, " Null or absent: unchanged.")
}

/// A language code chosen at registration; absent or null: the browser's (`Accept-Language`).
pub fn registration_schema() -> Object {
    schema(true, " Null or absent: the browser's (Accept-Language), else English.")
}
