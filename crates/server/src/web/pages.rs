//! The heads of the public pages a link may be shared to (the landing page, the tutor search,
//! About, the help and legal pages, sign-in and sign-up), in the reader's language: the same
//! title and description the web app shows once it runs (`app/route-meta.ts` with
//! `locales/*/shared.json`'s `routes.*`), written by the server so that link previews, search
//! engines and the first paint already have them. Pages behind a login keep the plain app.

use hometutor_i18n::{text, Language};

use super::head::PageHead;

/// Each public route of the spec's table with the stem of its `site.ftl` keys
/// (`page-{stem}-title`, `page-{stem}-description`; the landing page has a tagline instead).
const PUBLIC_PAGES: [(&str, &str); 11] = [
    ("/", "home"),
    ("/about", "about"),
    ("/tutors", "tutors"),
    ("/support", "support"),
    ("/contact-us", "contact"),
    ("/features", "features"),
    ("/terms-and-conditions", "terms"),
    ("/privacy-policy", "privacy"),
    ("/cancellations-and-refunds", "refunds"),
    ("/login", "login"),
    ("/register", "register"),
];

/// A tutor's page when the tutor is not listed (or not there): the route's own head.
pub const TUTOR_PROFILE: &str = "tutor-profile";

/// The public page at `path` (a trailing slash is the same page, as in the app's router):
/// its canonical path and key stem.
pub fn public_page(path: &str) -> Option<(&'static str, &'static str)> {
    let path = match path.trim_end_matches('/') {
        "" => "/",
        trimmed => trimmed,
    };
    PUBLIC_PAGES.iter().copied().find(|(page, _)| *page == path)
}

impl PageHead {
    /// The head of the page with key stem `stem`: 'About · HomeTutor', the landing page
    /// 'HomeTutor — Find Your Perfect Tutor' (as the app's `documentTitle`), in `language`.
    pub fn page(stem: &str, language: Language, site: &str, page_url: String) -> Self {
        let say = |key: &str| text(language, &format!("page-{stem}-{key}"), &[]);
        let title = match stem {
            "home" => format!("{site} — {}", say("tagline")),
            _ => format!("{} · {site}", say("title")),
        };
        let description = say("description");
        let open_graph = vec![
            ("og:type", "website".to_owned()),
            ("og:site_name", site.to_owned()),
            ("og:title", title.clone()),
            ("og:description", description.clone()),
            ("og:url", page_url.clone()),
        ];
        Self { title, description, canonical: page_url, open_graph, language }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn catalogue(language: &str, namespace: &str) -> Value {
        let path = format!("{}/../../frontend/src/locales/{language}/{namespace}.json", env!("CARGO_MANIFEST_DIR"));
        serde_json::from_str(&std::fs::read_to_string(&path).expect(&path)).expect("JSON")
    }

    #[test]
    fn the_public_routes_and_only_they_have_their_own_head() {
        assert_eq!(public_page("/"), Some(("/", "home")));
        assert_eq!(public_page("/about/"), Some(("/about", "about")));
        assert_eq!(public_page("/register"), Some(("/register", "register")));
        for private in ["/dashboard", "/admin", "/nearby", "/about/us", "/tutor/12", "/nowhere"] {
            assert_eq!(public_page(private), None, "{private}");
        }
    }

    #[test]
    fn english_heads_keep_the_spec_words() {
        let head = PageHead::page("home", Language::En, "HomeTutor", "https://h.example/".into());
        assert_eq!(head.title, "HomeTutor — Find Your Perfect Tutor");
        let head = PageHead::page("about", Language::En, "HomeTutor", "https://h.example/about".into());
        assert_eq!(head.title, "About · HomeTutor");
        assert!(head.open_graph.contains(&("og:url", "https://h.example/about".into())));
        assert_eq!(head.canonical, "https://h.example/about");
    }

    /// The server's heads say what the app says once it runs: no title that changes on load.
    #[test]
    fn every_head_says_what_the_web_app_says_in_each_language() {
        let stems = [
            ("about", "about"),
            ("tutors", "tutors"),
            (TUTOR_PROFILE, "tutorProfile"),
            ("support", "support"),
            ("contact", "contact"),
            ("features", "features"),
            ("terms", "terms"),
            ("privacy", "privacy"),
            ("refunds", "refunds"),
            ("login", "login"),
            ("register", "register"),
        ];
        for language in [Language::En, Language::Hi] {
            let routes = &catalogue(language.code(), "shared")["routes"];
            for (stem, key) in stems {
                let head = PageHead::page(stem, language, "HomeTutor", String::new());
                let title = routes[key]["title"].as_str().expect(key);
                assert_eq!(head.title, format!("{title} · HomeTutor"), "{stem}");
                assert_eq!(head.description, routes[key]["description"].as_str().expect(key), "{stem}");
                assert_eq!(head.language, language);
            }
            let app = &catalogue(language.code(), "common")["app"];
            let home = PageHead::page("home", language, "HomeTutor", String::new());
            assert_eq!(home.title, format!("HomeTutor — {}", app["tagline"].as_str().expect("tagline")));
            assert_eq!(home.description, app["description"].as_str().expect("description"));
        }
        for (path, stem) in PUBLIC_PAGES {
            assert!(stem == "home" || stems.iter().any(|(s, _)| *s == stem), "{path}");
        }
    }
}
