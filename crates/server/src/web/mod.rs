//! The React app, embedded in the binary at build time, served with an SPA
//! fallback: any path that is not a file gets `index.html` and the router decides.
//!
//! The build leaves a brotli (`.br`) and a gzip (`.gz`) copy beside each file worth it
//! (`frontend/scripts/precompress.mjs`); a file goes in the coding the request prefers among
//! those it has (`crate::compression` negotiates and adds `Vary`). The copies are not pages of
//! their own: `/assets/app.js.br` is answered like any unknown path, so every file has one
//! address and its type is always the original's. A tutor's profile page gets that tutor's
//! title, description and Open Graph tags ([`head`]), the other public pages their own
//! ([`pages`]), in the visitor's `Accept-Language` (link previews carry no account, and the
//! stored choice lives in the browser), with `<html lang>` to match; robots.txt and the sitemap
//! are [`crawlers`].

pub mod crawlers;
pub mod head;
pub mod pages;

use std::borrow::Cow;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::web::Bytes;
use actix_web::{guard, web as aw, HttpRequest, HttpResponse, ResponseError};
use hometutor_discovery::DiscoveryService;
use rust_embed::RustEmbed;

use crate::blocking::blocking;
use crate::compression::{self, Coding};
use crate::errors::{ApiError, ErrorCode};
use crate::routes::discovery::photo_url;
use crate::state::AppState;
use head::{PageHead, TutorPreview};

#[derive(RustEmbed)]
#[folder = "$CARGO_MANIFEST_DIR/../../frontend/dist"]
#[allow_missing = true]
struct Assets;

/// The web app's routes that are answered here rather than by the fallback: named, so that
/// metrics and access lines show their templates. `sitemaps` is made once for all workers.
pub fn configure(cfg: &mut aw::ServiceConfig, sitemaps: aw::Data<crawlers::SitemapCache>) {
    let get_or_head = || aw::route().guard(guard::Any(guard::Get()).or(guard::Head()));
    cfg.app_data(sitemaps)
        .route("/robots.txt", get_or_head().to(crawlers::robots))
        .route("/sitemap.xml", get_or_head().to(crawlers::sitemap))
        .route("/tutor/{id}", get_or_head().to(tutor_page))
        // A user's private calendar feed, read without a login; counted as a public read.
        .service(
            aw::resource("/calendar/{file}")
                .wrap(actix_web::middleware::from_fn(crate::rate_limit::calendar_feeds))
                .route(get_or_head().to(crate::routes::calendar::public_feed)),
        );
}

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
    let path = req.path().trim_start_matches('/');
    if !path.is_empty() && !is_precompressed_copy(path) {
        if let Some(response) = file(&req, path) {
            return response;
        }
    }
    match pages::public_page(req.path()) {
        Some((page, stem)) => page_in_language(&req, page, stem).await,
        None => app_page(&req, None),
    }
}

/// A public page with its own head in the visitor's language.
async fn page_in_language(req: &HttpRequest, page: &str, stem: &str) -> HttpResponse {
    let Some(state) = req.app_data::<aw::Data<AppState>>() else { return app_page(req, None) };
    let origin = state.public_url.trim_end_matches('/');
    let head = PageHead::page(stem, crate::language::accepted(req), &site_name(state).await, format!("{origin}{page}"));
    per_language(app_page(req, Some(&head)))
}

/// The admin's site title (General Settings), else the app's name, as the web app's shell says it.
async fn site_name(state: &AppState) -> String {
    let admin = state.admin.clone();
    let settings = match admin.cached_settings() {
        Some(settings) => Ok(settings),
        None => blocking(move || admin.settings().map_err(ApiError::from)).await,
    };
    match settings {
        Ok(settings) if !settings.site_title.trim().is_empty() => settings.site_title.trim().to_owned(),
        Ok(_) => APP_NAME.to_owned(),
        Err(error) => {
            tracing::warn!(error = %error, "the site's title could not be read; the page says the app's name");
            APP_NAME.to_owned()
        }
    }
}

/// The app's name when the admin has not named the site (the web app's `APP_NAME`).
const APP_NAME: &str = "HomeTutor";

/// An answer whose head is in the request's `Accept-Language`: caches keep one per language.
fn per_language(mut page: HttpResponse) -> HttpResponse {
    page.headers_mut().append(header::VARY, HeaderValue::from_static("Accept-Language"));
    page
}

/// A tutor's profile page: the app, with the tutor's title, description and Open Graph tags
/// when they are listed. Unknown and unlisted tutors get the route's own head ('Tutor Profile';
/// the app says 'Tutor not found.'), never a name. The head is in the visitor's
/// `Accept-Language`, so the answer varies by it.
pub async fn tutor_page(req: HttpRequest, key: aw::Path<String>, state: aw::Data<AppState>) -> HttpResponse {
    let language = crate::language::accepted(&req);
    match tutor_head(&state, key.into_inner(), language).await {
        Ok(Some(head)) => per_language(app_page(&req, Some(&head))),
        // The address as asked: an unknown tutor has no id of their own to name.
        Ok(None) => page_in_language(&req, req.path(), pages::TUTOR_PROFILE).await,
        Err(error) => {
            // The page still works: the app asks the API itself and says what went wrong.
            tracing::warn!(error = %error, "a tutor page's preview could not be read; serving the plain app");
            app_page(&req, None)
        }
    }
}

async fn tutor_head(
    state: &AppState,
    key: String,
    language: hometutor_i18n::Language,
) -> Result<Option<PageHead>, ApiError> {
    let profiles = state.profiles.clone();
    let discovery = DiscoveryService::new(state.db.clone(), state.notifier.clone());
    let admin = state.admin.clone();
    // One trip to the blocking pool for the three reads (two thread switches each).
    let found = blocking(move || {
        let Some(tutor) = profiles.listed(&key).map_err(ApiError::from)? else {
            return Ok(None);
        };
        let area = discovery.area_summary(tutor.id.0).map_err(ApiError::from)?;
        let site = admin.settings().map_err(ApiError::from)?.site_title;
        Ok::<_, ApiError>(Some((tutor, area, site)))
    })
    .await?;
    let Some((tutor, area, site)) = found else {
        return Ok(None);
    };
    let origin = state.public_url.trim_end_matches('/');
    Ok(Some(PageHead::tutor(&TutorPreview {
        name: &tutor.fullname,
        about: &tutor.fields.about,
        subjects: &tutor.fields.subjects,
        place: area.as_ref().and_then(|a| a.place_name.as_deref()),
        page_url: format!("{origin}/tutor/{}", tutor.id.0),
        photo_url: photo_url(tutor.photo).map(|path| format!("{origin}{path}")),
        site: &site,
        language,
    })))
}

/// `app.js.br`, `index.html.gz`: the build's compressed copies, sent only in place of their original.
fn is_precompressed_copy(path: &str) -> bool {
    [Coding::Brotli, Coding::Gzip].iter().filter_map(|c| c.file_suffix()).any(|suffix| path.ends_with(suffix))
}

/// The Content-Security-Policy of the app's pages (see `crate::security`).
fn page_policy(req: &HttpRequest) -> HeaderValue {
    req.app_data::<aw::Data<AppState>>()
        .and_then(|state| HeaderValue::from_str(&state.content_security_policy).ok())
        .unwrap_or(HeaderValue::from_static("default-src 'self'; object-src 'none'; frame-ancestors 'none'"))
}

/// Whether the file at `path` is sent with the page's Content-Security-Policy. A policy governs
/// only what a response becomes as a document or a worker (`crate::security::is_document`); a
/// first visit fetches dozens of hashed files under `assets/`: 420 bytes each that a phone would
/// download for nothing.
fn needs_policy(path: &str, mime: &str) -> bool {
    crate::security::is_document(path, mime)
}

/// The built file at `path`, in the best coding the request accepts among its copies; `None`
/// when the build has no such file.
fn file(req: &HttpRequest, path: &str) -> Option<HttpResponse> {
    let original = Assets::get(path)?;
    let (coding, bytes) = compression::acceptable(req)
        .into_iter()
        .find_map(|coding| match coding.file_suffix() {
            None => Some((coding, original.data.clone())),
            Some(suffix) => Assets::get(&format!("{path}{suffix}")).map(|copy| (coding, copy.data)),
        })
        .unwrap_or((Coding::Identity, original.data));
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mime = if mime == mime_guess::mime::TEXT_HTML { "text/html; charset=utf-8" } else { mime.as_ref() };
    // Vite puts a content hash in every file name under assets/: they never change.
    let cache = if path.starts_with("assets/") { "public, max-age=31536000, immutable" } else { "no-cache" };
    let mut response = HttpResponse::Ok();
    response
        .insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_str(mime).unwrap_or(HeaderValue::from_static("application/octet-stream")),
        ))
        .insert_header((header::CACHE_CONTROL, cache));
    if needs_policy(path, mime) {
        response.insert_header((header::CONTENT_SECURITY_POLICY, page_policy(req)));
    }
    if coding != Coding::Identity {
        response.insert_header(coding.content_encoding());
    }
    // Embedded in a release build: sent from the binary's memory without a copy.
    let body = match bytes {
        Cow::Borrowed(bytes) => Bytes::from_static(bytes),
        Cow::Owned(bytes) => Bytes::from(bytes),
    };
    Some(response.body(body))
}

/// The app's page for any route: `index.html` as built (in its precompressed copies), or with
/// `head` written into it.
fn app_page(req: &HttpRequest, head: Option<&PageHead>) -> HttpResponse {
    if head.is_none() {
        if let Some(response) = file(req, "index.html") {
            return response;
        }
    }
    let index = Assets::get("index.html")
        .map(|f| String::from_utf8_lossy(&f.data).into_owned())
        .unwrap_or_else(|| NO_APP_PAGE.to_owned());
    let page = match head {
        Some(head) => head.written_into(&index),
        None => index,
    };
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/html; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::CONTENT_SECURITY_POLICY, page_policy(req)))
        .body(page)
}

#[cfg(test)]
mod tests {
    use super::needs_policy;

    // The whole answer is checked by the browser suite (tests/e2e/specs/delivery.spec.ts), on the
    // release binary that embeds the built app; the Rust suites run before the app is built.
    #[test]
    fn documents_workers_and_svg_carry_the_policy_hashed_scripts_and_styles_do_not() {
        for (path, mime) in [
            ("index.html", "text/html; charset=utf-8"),
            ("sw.js", "text/javascript"),
            ("manifest.webmanifest", "application/manifest+json"),
            ("favicon.svg", "image/svg+xml"),
            ("assets/logo-1a2b3c.svg", "image/svg+xml"),
        ] {
            assert!(needs_policy(path, mime), "{path}");
        }
        for (path, mime) in [("assets/index-1a2b3c.js", "text/javascript"), ("assets/index-1a2b3c.css", "text/css")] {
            assert!(!needs_policy(path, mime), "{path}");
        }
    }
}
