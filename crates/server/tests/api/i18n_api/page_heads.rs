//! The pages a link may be shared to, as a link preview or a search engine reads them before any
//! script runs: the title, description and Open Graph tags in the visitor's `Accept-Language`,
//! `<html lang>` saying that language, and `Vary: Accept-Language` so that no cache hands one
//! language's page to a reader of the other. Pages behind a login stay the plain app.

use super::common;
use common::TestApp;

const ORIGIN: &str = "https://hometutor.example.in";
const HINDI: &str = "hi-IN,hi;q=0.9,en;q=0.5";

struct Page {
    vary: String,
    html: String,
}

impl Page {
    fn title(&self) -> &str {
        let start = self.html.find("<title>").expect("a title") + "<title>".len();
        &self.html[start..start + self.html[start..].find("</title>").expect("a closed title")]
    }

    fn lang(&self) -> &str {
        let tag = &self.html[self.html.find("<html").expect("an html tag")..];
        let tag = &tag[..tag.find('>').expect("a closed html tag")];
        let value = &tag[tag.find(" lang=\"").expect("a lang attribute") + 7..];
        &value[..value.find('"').expect("a closed lang")]
    }

    fn meta(&self, attribute: &str, name: &str) -> Option<&str> {
        let opening = format!(r#"<meta {attribute}="{name}" content=""#);
        let start = self.html.find(&opening)? + opening.len();
        Some(&self.html[start..start + self.html[start..].find('"')?])
    }

    fn varies_by_language(&self) -> bool {
        self.vary.split(',').any(|v| v.trim().eq_ignore_ascii_case("accept-language"))
    }
}

async fn page(app: &TestApp, path: &str, accept: Option<&str>) -> Page {
    let mut req = app.client.get(format!("{}{path}", app.base));
    if let Some(accept) = accept {
        req = req.header("accept-language", accept);
    }
    let reply = req.send().await.expect("an answer");
    assert_eq!(reply.status(), 200, "{path}");
    assert!(reply.headers()["content-type"].to_str().expect("ascii").starts_with("text/html"), "{path}");
    let vary = reply.headers().get_all("vary").iter().filter_map(|v| v.to_str().ok()).collect::<Vec<_>>().join(",");
    Page { vary, html: reply.text().await.expect("html") }
}

async fn app() -> TestApp {
    TestApp::start_with(&[("PUBLIC_URL", ORIGIN.into()), ("PAYMENT_MODE", "simulated".into())]).await
}

#[actix_web::test]
async fn every_public_page_has_its_head_in_the_visitors_language() {
    let app = app().await;
    // (path, English title, Hindi title, a word of the Hindi description)
    let pages = [
        ("/", "HomeTutor — Find Your Perfect Tutor", "HomeTutor — अपने लिए सही ट्यूटर खोजें", "अभिभावक"),
        ("/about", "About · HomeTutor", "हमारे बारे में · HomeTutor", "मिशन"),
        ("/tutors", "Find a Tutor · HomeTutor", "ट्यूटर खोजें · HomeTutor", "पिन कोड"),
        ("/support", "Help & Support · HomeTutor", "मदद और सहायता · HomeTutor", "सहायता का समय"),
        ("/contact-us", "Contact Us · HomeTutor", "संपर्क करें · HomeTutor", "टीम"),
        ("/features", "Features · HomeTutor", "सुविधाएँ · HomeTutor", "चैट"),
        ("/terms-and-conditions", "Terms and Conditions · HomeTutor", "नियम और शर्तें · HomeTutor", "नियम"),
        ("/privacy-policy", "Privacy Policy · HomeTutor", "गोपनीयता नीति · HomeTutor", "डेटा"),
        (
            "/cancellations-and-refunds",
            "Cancellations and Refunds · HomeTutor",
            "रद्दीकरण और धनवापसी · HomeTutor",
            "नीति",
        ),
        ("/login", "Sign In · HomeTutor", "साइन इन · HomeTutor", "सदस्यता"),
        ("/register", "Sign Up · HomeTutor", "साइन अप · HomeTutor", "खाता"),
    ];
    for (path, english, hindi, hindi_word) in pages {
        let en = page(&app, path, Some("en-IN,en;q=0.9")).await;
        let escaped = english.replace('&', "&amp;");
        assert_eq!((en.title(), en.lang()), (escaped.as_str(), "en"), "{path}");
        assert_eq!(en.meta("property", "og:title"), Some(escaped.as_str()), "{path}");
        assert_eq!(en.meta("property", "og:url"), Some(format!("{ORIGIN}{path}").as_str()), "{path}");
        assert!(en.html.contains(&format!(r#"<link rel="canonical" href="{ORIGIN}{path}" />"#)), "{path}");
        assert!(en.varies_by_language(), "{path}: {}", en.vary);
        let description = en.meta("name", "description").expect("a description");
        assert!(description.is_ascii() && !description.is_empty(), "{path}: {description}");
        assert_eq!(en.html.matches("<title>").count(), 1, "{path}");

        let hi = page(&app, path, Some(HINDI)).await;
        assert_eq!((hi.title(), hi.lang()), (hindi, "hi"), "{path}");
        let description = hi.meta("name", "description").expect("a description");
        assert!(description.contains(hindi_word), "{path}: {description}");
        assert_eq!(hi.meta("property", "og:description"), Some(description), "{path}");
        assert!(hi.varies_by_language(), "{path}: {}", hi.vary);
        assert_eq!(hi.html.matches("lang=").count(), 1, "{path}: one html lang");
    }
    // No Accept-Language at all, and a trailing slash: English, the one address.
    let plain = page(&app, "/about/", None).await;
    assert_eq!((plain.title(), plain.lang()), ("About · HomeTutor", "en"));
    assert_eq!(plain.meta("property", "og:url"), Some(format!("{ORIGIN}/about").as_str()));
}

#[actix_web::test]
async fn a_page_asked_for_in_turn_in_each_language_never_mixes_them() {
    let app = app().await;
    let tutor = app.verified_user("asha@example.com", "tutor").await;
    app.subscribe(&tutor).await;
    let id = app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().expect("id");
    let profile = format!("/tutor/{id}");
    for round in 0..3 {
        for path in ["/", "/tutors", profile.as_str()] {
            let hi = page(&app, path, Some(HINDI)).await;
            let en = page(&app, path, Some("en")).await;
            assert_eq!((hi.lang(), en.lang()), ("hi", "en"), "{path}, round {round}");
            assert_ne!(hi.title(), en.title(), "{path}, round {round}");
            assert!(hi.varies_by_language() && en.varies_by_language(), "{path}");
            if path == profile {
                assert!(hi.title().contains("होम ट्यूटर"), "{}", hi.title());
                assert!(en.title().contains("Home tutor"), "{}", en.title());
            }
        }
    }
}

#[actix_web::test]
async fn an_unknown_tutors_page_has_the_routes_head_and_no_name() {
    let app = app().await;
    let hi = page(&app, "/tutor/987654", Some(HINDI)).await;
    assert_eq!((hi.title(), hi.lang()), ("ट्यूटर प्रोफ़ाइल · HomeTutor", "hi"));
    assert!(hi.varies_by_language());
    let en = page(&app, "/tutor/nobody%40example.com", None).await;
    assert_eq!((en.title(), en.lang()), ("Tutor Profile · HomeTutor", "en"));
    assert_ne!(en.meta("property", "og:type"), Some("profile"));
}

#[actix_web::test]
async fn pages_behind_a_login_stay_the_plain_app() {
    let app = app().await;
    for path in ["/dashboard", "/nearby", "/admin", "/no-such-page"] {
        let hi = page(&app, path, Some(HINDI)).await;
        let en = page(&app, path, Some("en")).await;
        assert_eq!(hi.html, en.html, "{path}: one page for everyone");
        assert!(!hi.html.contains("og:"), "{path}");
        assert!(!hi.varies_by_language(), "{path}: {}", hi.vary);
    }
}

#[actix_web::test]
async fn the_site_title_the_admin_set_names_the_pages() {
    let app = app().await;
    let admin = app.verified_user("admin@example.com", "admin").await;
    let saved = app
        .call(
            "POST",
            "/api/admin/settings",
            Some(&admin),
            Some(serde_json::json!({"siteTitle": "Padhai Ghar", "theme": "light"})),
        )
        .await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    let hi = page(&app, "/about", Some(HINDI)).await;
    assert_eq!(hi.title(), "हमारे बारे में · Padhai Ghar");
    assert_eq!(hi.meta("property", "og:site_name"), Some("Padhai Ghar"));
    let home = page(&app, "/", None).await;
    assert_eq!(home.title(), "Padhai Ghar — Find Your Perfect Tutor");
}
