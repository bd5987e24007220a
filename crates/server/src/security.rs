//! Response headers that make a browser refuse what the site never does: run a
//! script from elsewhere or an inline one, be framed by another site, or be
//! reached over plain HTTP once it has been seen over HTTPS.

use actix_web::middleware::DefaultHeaders;

/// The map tiles' URL template the web app was built with (see frontend/src/lib/constants.ts).
const TILE_URL: &str = match option_env!("VITE_TILE_URL") {
    Some(url) => url,
    None => "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png",
};

/// Cashfree's browser SDK and the hosts it talks to, allowed only in Cashfree mode.
const CASHFREE_SCRIPT: &str = "https://sdk.cashfree.com";
const CASHFREE_CONNECT: &str = "https://sdk.cashfree.com https://api.cashfree.com https://sandbox.cashfree.com";

/// Headers on every response. HSTS only when the site is served over HTTPS: a
/// developer's http://localhost must stay reachable.
pub fn headers(public_url: &str) -> DefaultHeaders {
    let headers = DefaultHeaders::new()
        .add(("X-Content-Type-Options", "nosniff"))
        .add(("X-Frame-Options", "DENY"))
        .add(("Referrer-Policy", "strict-origin-when-cross-origin"));
    if public_url.starts_with("https://") {
        headers.add(("Strict-Transport-Security", "max-age=31536000; includeSubDomains"))
    } else {
        headers
    }
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
