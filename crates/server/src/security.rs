//! Response headers that make a browser refuse what the site never does: run a
//! script from elsewhere or an inline one, be framed by another site, or be
//! reached over plain HTTP once it has been seen over HTTPS.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::{DefaultHeaders, Next};

/// The map tiles' URL template the web app was built with (see frontend/src/lib/constants.ts).
const TILE_URL: &str = match option_env!("VITE_TILE_URL") {
    Some(url) => url,
    None => "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
};

/// Cashfree's browser SDK and the hosts it talks to, allowed only in Cashfree mode.
const CASHFREE_SCRIPT: &str = "https://sdk.cashfree.com";
const CASHFREE_CONNECT: &str = "https://sdk.cashfree.com https://api.cashfree.com https://sandbox.cashfree.com";

/// Headers on every response: HSTS, only when the site is served over HTTPS (a developer's
/// http://localhost must stay reachable).
pub fn headers(public_url: &str) -> DefaultHeaders {
    let headers = DefaultHeaders::new();
    if public_url.starts_with("https://") {
        headers.add(("Strict-Transport-Security", "max-age=31536000; includeSubDomains"))
    } else {
        headers
    }
}

/// `X-Frame-Options` and `Referrer-Policy` on every response that a browser may show or act on by
/// itself: the pages, the files at the root, the API's answers other than JSON. Not on the hashed
/// scripts, fonts and pictures under `/assets/`: a browser never frames one, and the fetches a script
/// makes carry the page's referrer policy, not the script's. Not on JSON either: with `nosniff` it
/// is never rendered as a page, so it has nothing to click through a frame and no link to leak a
/// referrer from. A signed-in first visit fetches dozens of both, and these two lines are ~70 bytes
/// each that a phone would download for nothing. `nosniff` goes on all of those, JSON included, and
/// not on the hashed files either: they are the build's own output, served with their exact type, so
/// there is nothing for a browser to sniff, and the line is 33 bytes on each of a route's dozen files.
pub async fn document_headers(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut response = next.call(req).await?;
    let content_type = response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("");
    let document = is_document(response.request().path().trim_start_matches('/'), content_type);
    let json = content_type.starts_with("application/json");
    if document && !response.headers().contains_key(header::X_CONTENT_TYPE_OPTIONS) {
        response.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    }
    if document && !json {
        let headers = response.headers_mut();
        if !headers.contains_key(header::X_FRAME_OPTIONS) {
            headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
        }
        if !headers.contains_key(header::REFERRER_POLICY) {
            headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
        }
    }
    Ok(response)
}

/// Whether the response at `path` (without its leading slash) may become a document or a worker of
/// its own: anything outside `assets/`, and HTML and SVG (a document when opened by itself) inside it.
/// The hashed scripts, styles, fonts and pictures under `assets/` run under the page that loads them.
pub fn is_document(path: &str, content_type: &str) -> bool {
    !path.starts_with("assets/") || content_type.starts_with("text/html") || content_type.starts_with("image/svg+xml")
}

/// The Content-Security-Policy of the web app's pages: its own scripts only (no
/// inline script), map tiles from the tile host, the chat socket on the site's
/// own origin, Cashfree's SDK only when payments go through Cashfree. Styles may
/// be inline: the UI library and the map set them at run time.
pub fn content_security_policy(public_url: &str, cashfree: bool) -> String {
    let socket = public_url.replacen("https://", "wss://", 1).replacen("http://", "ws://", 1);
    let tiles = tile_source(TILE_URL);
    let (script_extra, connect_extra, frame) = if cashfree {
        (format!(" {CASHFREE_SCRIPT}"), format!(" {CASHFREE_CONNECT}"), "https://*.cashfree.com")
    } else {
        (String::new(), String::new(), "'none'")
    };
    format!(
        "default-src 'self'; script-src 'self'{script_extra}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob: {tiles}; font-src 'self' data:; connect-src 'self' {socket}{connect_extra}; \
         frame-src {frame}; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
    )
}

/// `https://{s}.tile.example.org/{z}/…` → `https://*.tile.example.org`: the origin
/// of a tile URL template, its subdomain placeholder as a wildcard.
fn tile_source(template: &str) -> String {
    let (scheme, rest) = template.split_once("://").unwrap_or(("https", template));
    let host = rest.split('/').next().unwrap_or_default().replace("{s}", "*");
    format!("{scheme}://{host}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tile_host_is_allowed_with_its_subdomains() {
        assert_eq!(
            tile_source("https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png"),
            "https://*.tile.openstreetmap.org"
        );
        assert_eq!(tile_source("https://tiles.example.in/{z}/{x}/{y}.png"), "https://tiles.example.in");
    }

    #[test]
    fn no_inline_script_and_cashfree_only_when_used() {
        let simulated = content_security_policy("https://hometutor.example.in", false);
        assert!(simulated.contains("script-src 'self';"), "{simulated}");
        assert!(simulated.contains("object-src 'none'") && simulated.contains("frame-ancestors 'none'"));
        assert!(simulated.contains("connect-src 'self' wss://hometutor.example.in"));
        assert!(!simulated.contains("cashfree"));
        let cashfree = content_security_policy("https://hometutor.example.in", true);
        assert!(cashfree.contains("script-src 'self' https://sdk.cashfree.com;"), "{cashfree}");
    }
}
