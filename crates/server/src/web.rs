//! The React app, embedded in the binary at build time, served with an SPA
//! fallback: any path that is not a file gets `index.html` and the router decides.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, ResponseError};
use rust_embed::RustEmbed;

use crate::errors::{ApiError, ErrorCode};

#[derive(RustEmbed)]
#[folder = "$CARGO_MANIFEST_DIR/../../frontend/dist"]
#[allow_missing = true]
struct Assets;

/// Shown when the binary was built without the web app (no Node.js at build time).
const NO_APP_PAGE: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>HomeTutor</title></head>\
<body><main><h1>HomeTutor</h1><p>The API is running: see <a href=\"/api/docs\">/api/docs</a>. \
This build does not include the web app; build it with <code>npm ci &amp;&amp; npm run build</code> in <code>frontend/</code> \
and rebuild the server.</p></main></body></html>";

/// Paths that monitoring tools try on any server (and what lies under them). Answered
/// with a JSON 404 when no route took them (metrics off, say): the web app's page
/// with a 200 would tell a probe that all is well.
const OPERATIONAL_PATHS: [&str; 7] = ["/metrics", "/healthz", "/readyz", "/livez", "/health", "/ready", "/live"];

fn is_operational(path: &str) -> bool {
    OPERATIONAL_PATHS.iter().any(|p| path.strip_prefix(p).is_some_and(|rest| rest.is_empty() || rest.starts_with('/')))
}

/// Everything no route matched: unknown API and operational paths stay JSON 404s, other GETs get the app.
pub async fn serve(req: HttpRequest) -> HttpResponse {
    if req.path() == "/api" || req.path().starts_with("/api/") {
        return crate::input::fallback::unmatched_api_path(&req);
    }
    if is_operational(req.path()) {
        return ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, "There is no such path.").error_response();
    }
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return ApiError::new(StatusCode::METHOD_NOT_ALLOWED, ErrorCode::MethodNotAllowed, "Method not allowed.")
            .error_response();
    }
    let policy = req
        .app_data::<actix_web::web::Data<crate::state::AppState>>()
        .and_then(|state| HeaderValue::from_str(&state.content_security_policy).ok())
        .unwrap_or(HeaderValue::from_static("default-src 'self'; object-src 'none'; frame-ancestors 'none'"));
    let path = req.path().trim_start_matches('/');
    if let Some(file) = (!path.is_empty()).then(|| Assets::get(path)).flatten() {
        let mime = mime_guess::from_path(path).first_or_octet_stream();
        // Vite puts a content hash in every file name under assets/: they never change.
        let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
        return HttpResponse::Ok()
            .insert_header((
                header::CONTENT_TYPE,
                HeaderValue::from_str(mime.as_ref()).unwrap_or(HeaderValue::from_static("application/octet-stream")),
            ))
            .insert_header((header::CACHE_CONTROL, cache))
            .insert_header((header::CONTENT_SECURITY_POLICY, policy))
            .body(file.data.into_owned());
    }
    let index =
        Assets::get("index.html").map(|f| f.data.into_owned()).unwrap_or_else(|| NO_APP_PAGE.as_bytes().to_vec());
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::CONTENT_SECURITY_POLICY, policy))
        .body(index)
}
