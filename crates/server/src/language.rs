//! Which language a request is answered in: the signed-in caller's stored language when
//! the request carries their token (read once the token is checked), otherwise the
//! browser's `Accept-Language`.

use actix_web::http::header::ACCEPT_LANGUAGE;
use actix_web::{FromRequest, HttpMessage, HttpRequest};
use hometutor_auth::AuthUser;
use hometutor_i18n::Language;
use utoipa::openapi::schema::{Object, ObjectBuilder, SchemaType, Type};

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
