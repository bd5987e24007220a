//! The OpenAPI document served at `/api/openapi.json`. Handlers document what
//! is particular to them (their success bodies and domain errors); the answers
//! that every route of a kind gives, from the extractors and middleware shared
//! by all routes, are added here in one place so that no route forgets them.

use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{ContentBuilder, Ref, RefOr, Response, ResponseBuilder};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "HomeTutor API",
        version = "1.0.0",
        description = "Home-tutor marketplace: accounts, tuition requests, matching, chat, payments, admin.\n\n\
            Rules for every request: no string (in a body, a query, a path, or a property name) may contain \
            the NUL character (U+0000), which is refused with 400 `validation`; a whole number written with a \
            fraction (`3.0`) is the integer it equals, as in JSON Schema."
    ),
    modifiers(&BearerAuth),
    components(schemas(crate::errors::ErrorBody, crate::chat::ClientEvent, crate::chat::ServerEvent)),
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).bearer_format("JWT").build()),
        );
    }
}

/// Adds to every operation the error answers it can give without its handler
/// saying so. Applied to the finished document (the paths are collected from
/// the handlers after `ApiDoc` is built, so this cannot be one of its modifiers).
pub struct SharedAnswers;

impl Modify for SharedAnswers {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        for (path, item) in openapi.paths.paths.iter_mut() {
            let admin_area = path.starts_with("/api/admin/");
            let operations = [
                (&mut item.get, false),
                (&mut item.post, true),
                (&mut item.put, true),
                (&mut item.patch, true),
                (&mut item.delete, true),
            ];
            for (operation, writes) in operations {
                if let Some(operation) = operation.as_mut() {
                    add_shared_answers(operation, admin_area, writes);
                }
            }
        }
    }
}

fn add_shared_answers(operation: &mut Operation, admin_area: bool, writes: bool) {
    let bearer = operation.security.as_ref().is_some_and(|requirements| {
        requirements.iter().any(|r| serde_json::to_value(r).is_ok_and(|v| v.get("bearer").is_some()))
    });
    let parameters = operation.parameters.as_deref().unwrap_or_default();
    let has_path_parameter = parameters.iter().any(|p| p.parameter_in == ParameterIn::Path);
    let has_query_parameter = parameters.iter().any(|p| p.parameter_in == ParameterIn::Query);
    let json_body = operation.request_body.as_ref().is_some_and(|body| body.content.contains_key("application/json"));
    let any_body = operation.request_body.is_some();

    // `CurrentUser`/`AdminOnly`: no token, a bad or expired one, a revoked one, or a deactivated account.
    if bearer {
        add(operation, "401", "Not logged in, or the session expired or was revoked");
    }
    // `admin_gate`: the whole admin area refuses everyone but admins before the handler runs.
    if admin_area {
        add(operation, "403", "Admin access required");
    }
    // `input::fallback::path_config`: an id that does not parse names nothing, like one that names
    // nothing that exists (404); `input::nul_in_url_refusal`: a NUL in the path is refused (400).
    if has_path_parameter {
        add(operation, "400", "A path parameter contains the NUL character");
        add(operation, "404", "Not found");
    }
    // `query_config`: a query parameter of the wrong type; `input::nul_in_url_refusal`: a NUL in one.
    if has_query_parameter {
        add(operation, "400", "A query parameter is invalid");
    }
    // `input::Json` and the multipart reader: a malformed body, a field of the wrong type, an array
    // for an object, a NUL in any string, a body over the limit, or another content type than the
    // one documented. A wrong method (405 with Allow) is not an operation of the document at all.
    if json_body {
        add(operation, "400", "The body is not valid JSON of the expected shape");
    }
    // `input::body_deadline`: a body that stops arriving is timed out (BODY_READ_TIMEOUT_SECS).
    if any_body {
        add(operation, "408", "The body stopped arriving before it was complete");
        add(operation, "413", "The body is too large");
        add(operation, "415", "The body is not of the documented content type");
    }
    // `maintenance::refusal` and `errors::database`: maintenance mode, or the database briefly unreachable.
    add(operation, "503", "Down for maintenance, the database briefly unavailable, or (sign-in, sign-up, password changes) every password-hashing thread taken; see Retry-After");
    // `errors::storage_full`: a write on a full disk saves nothing.
    if writes {
        add(operation, "507", "Storage is full: nothing was saved");
    }
}

/// Documents `status` with the error body, unless the handler already documents it.
fn add(operation: &mut Operation, status: &str, description: &str) {
    operation.responses.responses.entry(status.to_string()).or_insert_with(|| RefOr::T(error_response(description)));
}

fn error_response(description: &str) -> Response {
    ResponseBuilder::new()
        .description(description)
        .content("application/json", ContentBuilder::new().schema(Some(Ref::from_schema_name("ErrorBody"))).build())
        .build()
}
