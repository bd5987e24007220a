//! What search engines read: `/robots.txt` (crawl the public pages, not the API, the admin
//! panel or the pages behind a login) and `/sitemap.xml` (the public pages and every listed
//! tutor's profile). Both name the site by its `PUBLIC_URL`.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use actix_web::http::header;
use actix_web::{web, HttpResponse};
use chrono::NaiveDateTime;
use hometutor_core::UserId;

use super::head::escape;
use crate::blocking::blocking;
use crate::errors::ApiError;
use crate::state::AppState;

/// The pages anyone may open (the spec's route table's public routes), as the sitemap lists them.
const PUBLIC_PAGES: [&str; 10] = [
    "/",
    "/tutors",
    "/about",
    "/features",
    "/support",
    "/contact-us",
    "/register",
    "/terms-and-conditions",
    "/privacy-policy",
    "/cancellations-and-refunds",
];

/// Paths crawlers are asked to leave alone: the API, and pages that only show a login form or
/// a redirect to a crawler (every logged-in route) or act on a personal link (verification,
/// unsubscribing). Prefixes, as robots.txt reads them.
const PRIVATE_PATHS: [&str; 14] = [
    "/api/",
    "/admin",
    "/dashboard",
    "/profile",
    "/chats",
    "/messages",
    "/notifications",
    "/nearby",
    "/request/",
    "/subscribe",
    "/payment",
    "/login",
    "/verify-email",
    "/unsubscribe",
];

/// How long a sitemap is answered from memory: it reads every listed tutor.
const SITEMAP_FRESH_FOR: Duration = Duration::from_secs(300);

/// One sitemap holds at most this many addresses (sitemaps.org); the tutors beyond it are not listed.
const SITEMAP_MAX_URLS: usize = 50_000;

pub fn robots_txt(public_url: &str) -> String {
    let mut text = String::from("User-agent: *\nAllow: /\n");
    for path in PRIVATE_PATHS {
        text.push_str(&format!("Disallow: {path}\n"));
    }
    text.push_str(&format!("\nSitemap: {}/sitemap.xml\n", public_url.trim_end_matches('/')));
    text
}

pub async fn robots(state: web::Data<AppState>) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "text/plain; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(robots_txt(&state.public_url))
}

/// The sitemap of the public pages and of these tutors' profiles (with when each last changed).
pub fn sitemap_xml(public_url: &str, tutors: &[(UserId, Option<NaiveDateTime>)]) -> String {
    let site = escape(public_url.trim_end_matches('/'));
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for page in PUBLIC_PAGES {
        xml.push_str(&format!("  <url><loc>{site}{page}</loc></url>\n"));
    }
    for (tutor, changed) in tutors.iter().take(SITEMAP_MAX_URLS - PUBLIC_PAGES.len()) {
        let lastmod = changed.map(|at| format!("<lastmod>{}</lastmod>", at.format("%Y-%m-%d"))).unwrap_or_default();
        xml.push_str(&format!("  <url><loc>{site}/tutor/{}</loc>{lastmod}</url>\n", tutor.0));
    }
    xml.push_str("</urlset>\n");
    xml
}

/// The last sitemap made, and when: shared by every worker of the process.
#[derive(Default)]
pub struct SitemapCache(Mutex<Option<(Instant, String)>>);

pub async fn sitemap(state: web::Data<AppState>, cache: web::Data<SitemapCache>) -> Result<HttpResponse, ApiError> {
    let fresh = cache.0.lock().ok().and_then(|held| {
        held.as_ref().filter(|(made, _)| made.elapsed() < SITEMAP_FRESH_FOR).map(|(_, xml)| xml.clone())
    });
    let xml = match fresh {
        Some(xml) => xml,
        None => {
            let profiles = state.profiles.clone();
            let tutors = blocking(move || profiles.listed_pages()).await?;
            let xml = sitemap_xml(&state.public_url, &tutors);
            if let Ok(mut held) = cache.0.lock() {
                *held = Some((Instant::now(), xml.clone()));
            }
            xml
        }
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, "application/xml; charset=utf-8"))
        .insert_header((header::CACHE_CONTROL, format!("public, max-age={}", SITEMAP_FRESH_FOR.as_secs())))
        .body(xml))
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    #[test]
    fn robots_keeps_crawlers_to_the_public_pages() {
        let robots = robots_txt("https://hometutor.example.in/");
        assert!(robots.starts_with("User-agent: *\nAllow: /\n"), "{robots}");
        for path in ["/api/", "/admin", "/dashboard", "/nearby", "/profile", "/messages"] {
            assert!(robots.contains(&format!("\nDisallow: {path}\n")), "{path}: {robots}");
        }
        assert!(!robots.contains("Disallow: /tutor"), "{robots}");
        assert!(robots.ends_with("\nSitemap: https://hometutor.example.in/sitemap.xml\n"), "{robots}");
    }

    #[test]
    fn the_sitemap_lists_pages_and_tutors() {
        let at = NaiveDate::from_ymd_opt(2025, 3, 4).and_then(|d| d.and_hms_opt(10, 0, 0));
        let xml = sitemap_xml("https://hometutor.example.in", &[(UserId(7), at), (UserId(9), None)]);
        assert!(xml.contains("<url><loc>https://hometutor.example.in/</loc></url>"), "{xml}");
        assert!(xml.contains("<loc>https://hometutor.example.in/tutors</loc>"));
        assert!(xml.contains("<url><loc>https://hometutor.example.in/tutor/7</loc><lastmod>2025-03-04</lastmod></url>"));
        assert!(xml.contains("<url><loc>https://hometutor.example.in/tutor/9</loc></url>"));
        assert_eq!(xml.matches("<url>").count(), PUBLIC_PAGES.len() + 2);
        assert!(xml.ends_with("</urlset>\n"));
    }

    #[test]
    fn no_private_page_is_in_the_sitemap() {
        for page in PUBLIC_PAGES {
            assert!(!PRIVATE_PATHS.iter().any(|p| page.starts_with(p)), "{page} is both public and private");
        }
    }
}
