//! Answers for requests no handler took, and for errors actix itself produces,
//! so that a client under `/api` only ever reads JSON `{message, code}`:
//! an unknown path is 404, a known path with the wrong method is 405 with an
//! `Allow` header, a path parameter that does not parse is 404 like an id that
//! does not exist (to a client, `/api/tutors/abc` names no tutor either).

use std::sync::OnceLock;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ResourceDef, ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, HttpRequest, HttpResponse};
use hometutor_i18n::Message;

use crate::errors::{ApiError, ErrorBody, ErrorCode};

/// Every `/api` route and its methods, from the OpenAPI document (the routes
/// outside it are added here).
fn routes() -> &'static [(ResourceDef, Vec<Method>)] {
    static ROUTES: OnceLock<Vec<(ResourceDef, Vec<Method>)>> = OnceLock::new();
    ROUTES.get_or_init(|| {
        let mut routes: Vec<(ResourceDef, Vec<Method>)> = crate::openapi_document()
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let methods = [
                    (Method::GET, &item.get),
                    (Method::POST, &item.post),
                    (Method::PUT, &item.put),
                    (Method::PATCH, &item.patch),
                    (Method::DELETE, &item.delete),
                    (Method::HEAD, &item.head),
                    (Method::OPTIONS, &item.options),
                ];
                let methods = methods.into_iter().filter(|(_, op)| op.is_some()).map(|(m, _)| m).collect();
                (ResourceDef::new(path.as_str()), methods)
            })
            .collect();
        for path in ["/api/ws", "/api/openapi.json", "/api/docs", "/api/docs/{_:.*}"] {
            routes.push((ResourceDef::new(path), vec![Method::GET]));
        }
        routes
    })
}

/// The answer for a path under `/api` that no route took, in the request's language.
pub fn unmatched_api_path(req: &HttpRequest) -> HttpResponse {
    let language = crate::language::of_request(req);
    let mut allowed: Vec<&Method> =
        routes().iter().filter(|(def, _)| def.is_match(req.path())).flat_map(|(_, methods)| methods).collect();
    if allowed.is_empty() {
        return ApiError::text(StatusCode::NOT_FOUND, ErrorCode::NotFound, Message::new("error-no-api-path"))
            .response_in(language);
    }
    allowed.sort_by_key(|m| m.as_str());
    allowed.dedup();
    let allow = allowed.iter().map(|m| m.as_str()).collect::<Vec<_>>().join(", ");
    let text = Message::new("error-method-not-allowed-use").arg("method", req.method().as_str()).arg("allow", &allow);
    let mut response =
        ApiError::text(StatusCode::METHOD_NOT_ALLOWED, ErrorCode::MethodNotAllowed, text).response_in(language);
    if let Ok(value) = HeaderValue::from_str(&allow) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
}

/// Path parameters that do not parse (`/api/tutors/abc`) name nothing: 404.
pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err, req| {
        tracing::debug!(error = %err, path = req.path(), "path parameter does not parse");
        ApiError::text(StatusCode::NOT_FOUND, ErrorCode::NotFound, Message::new("error-path-names-nothing")).into()
    })
}

/// Turns any error answer under `/api` that is not JSON yet (those actix makes
/// itself: a body that cannot be read, a failed WebSocket handshake, …) into
/// `{message, code}` with the same status and headers, in the request's language.
pub async fn json_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let under_api = req.path() == "/api" || req.path().starts_with("/api/");
    // Read before the call: an error that comes back as `Err` leaves no request to read.
    let browser = crate::language::accepted(req.request());
    // The request must not be cloned before routing (actix needs it unshared).
    match next.call(req).await {
        Ok(res) if under_api && needs_json(res.response().head()) => {
            let language = crate::language::of_request(res.request());
            let (code, message) = describe(res.status());
            Ok(res.map_body(|head, _| json_body(head, code, message.render(language))))
        }
        Ok(res) => Ok(res.map_into_boxed_body()),
        Err(e) => {
            let mut response = e.error_response();
            if !under_api || !needs_json(response.head()) {
                return Err(e);
            }
            let (code, message) = describe(response.status());
            let body = json_body(response.head_mut(), code, message.render(browser));
            Err(actix_web::error::InternalError::from_response(e.to_string(), response.set_body(body)).into())
        }
    }
}

/// An error answer with no JSON body yet.
fn needs_json(head: &actix_web::dev::ResponseHead) -> bool {
    let is_json = head
        .headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    (head.status.is_client_error() || head.status.is_server_error()) && !is_json
}

fn json_body(head: &mut actix_web::dev::ResponseHead, code: ErrorCode, message: String) -> BoxBody {
    head.headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
    let body = ErrorBody { message, code, fields: None };
    BoxBody::new(serde_json::to_vec(&body).unwrap_or_default())
}

/// The code and sentence for a status actix answered on its own.
fn describe(status: StatusCode) -> (ErrorCode, Message) {
    let (code, id) = match status {
        StatusCode::BAD_REQUEST => (ErrorCode::InvalidRequest, "error-malformed"),
        StatusCode::NOT_FOUND => (ErrorCode::NotFound, "error-not-found"),
        StatusCode::METHOD_NOT_ALLOWED => (ErrorCode::MethodNotAllowed, "error-method-not-allowed"),
        StatusCode::REQUEST_TIMEOUT => (ErrorCode::RequestTimeout, "error-request-timeout"),
        StatusCode::PAYLOAD_TOO_LARGE => (ErrorCode::TooLarge, "error-body-too-large-plain"),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => (ErrorCode::UnsupportedMediaType, "error-content-type-refused"),
        StatusCode::URI_TOO_LONG => (ErrorCode::UriTooLong, "error-uri-too-long"),
        s if s.is_client_error() => (ErrorCode::InvalidRequest, "error-cannot-answer"),
        _ => (ErrorCode::Internal, "error-internal"),
    };
    (code, Message::new(id))
}

#[cfg(test)]
mod tests {
    use hometutor_i18n::Language;

    use super::*;

    /// Each status's sentence is the catalogue's, in English as it always was.
    #[test]
    fn actix_answers_read_as_before_in_english() {
        let english = |status| describe(status).1.render(Language::En);
        assert_eq!(english(StatusCode::BAD_REQUEST), "The request is malformed.");
        assert_eq!(english(StatusCode::UNSUPPORTED_MEDIA_TYPE), "This Content-Type is not accepted here.");
        assert_eq!(english(StatusCode::IM_A_TEAPOT), "The request cannot be answered.");
        assert_eq!(describe(StatusCode::URI_TOO_LONG).1.render(Language::Hi), "पता बहुत लंबा है।");
    }
}
