//! Place search over HTTP: `GET /api/places?q=` and `GET /api/places/nearest`,
//! public, limited per client address. The index is built into the server.
//! Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set (the limiter's store).

use crate::common;

use common::TestApp;
use serde_json::{json, Value};

fn keys(v: &Value) -> Vec<String> {
    let mut keys: Vec<String> = v.as_object().expect("object").keys().cloned().collect();
    keys.sort();
    keys
}

#[actix_web::test]
async fn names_and_pin_codes_find_places_best_first() {
    let app = TestApp::start().await;
    let found = app.call("GET", "/api/places?q=Lajpat%20Nagar", None, None).await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    let list = found.body.as_array().expect("a list");
    assert!(!list.is_empty() && list.len() <= 10);
    assert_eq!(keys(&list[0]), ["district", "label", "location", "name", "pincode", "state"]);
    assert_eq!(
        list[0],
        json!({
            "name": "Lajpat Nagar",
            "district": "South Delhi",
            "state": "Delhi",
            "pincode": "110024",
            "location": [77.2402, 28.5733],
            "label": "Lajpat Nagar, South Delhi, Delhi 110024",
        })
    );

    // Trailing words name the district; typos are forgiven.
    for (q, district) in [
        ("Koramangala%20Bengaluru", "Bengaluru"),
        ("Koramangla", "Bengaluru"),
        ("Andheri", "Mumbai"),
        ("110024", "South Delhi"),
    ] {
        let found = app.call("GET", &format!("/api/places?q={q}"), None, None).await;
        assert_eq!(found.status, 200, "{q}");
        assert_eq!(found.body[0]["district"], district, "{q}: {:?}", found.body);
    }
    // A city is a district-wide entry without a PIN.
    let city = app.call("GET", "/api/places?q=Pune", None, None).await;
    assert_eq!((city.body[0]["name"].as_str(), city.body[0]["pincode"].as_str()), (Some("Pune"), Some("")));
    assert_eq!(city.body[0]["label"], "Pune, Maharashtra");
    // Many matches: ten at most.
    let many = app.call("GET", "/api/places?q=nagar", None, None).await;
    assert_eq!(many.body.as_array().unwrap().len(), 10);
}

#[actix_web::test]
async fn near_puts_the_persons_city_first_and_must_be_a_point() {
    let app = TestApp::start().await;
    // Saket is Delhi's for everyone, and Meerut's for a person in Meerut.
    let anywhere = app.call("GET", "/api/places?q=Saket", None, None).await;
    assert_eq!(anywhere.body[0]["district"], "South Delhi", "{:?}", anywhere.body);
    let meerut = app.call("GET", "/api/places?q=Saket&near=%5B77.7064,28.9845%5D", None, None).await;
    assert_eq!(meerut.status, 200, "{:?}", meerut.body);
    assert_eq!(meerut.body[0]["district"], "Meerut", "{:?}", meerut.body);
    // Typing forgiven: run-together words, a missing letter, a sector written short.
    for (q, name, district) in [
        ("lajpatnagar", "Lajpat Nagar", "South Delhi"),
        ("lajpat%20nagr", "Lajpat Nagar", "South Delhi"),
        ("rohini%20sec-11", "Rohini sec-11", "North West Delhi"),
    ] {
        let found = app.call("GET", &format!("/api/places?q={q}"), None, None).await;
        assert_eq!(
            (found.body[0]["name"].as_str(), found.body[0]["district"].as_str()),
            (Some(name), Some(district)),
            "{q}"
        );
    }
    // Not a point: refused, in the reader's language.
    let bad = app.call("GET", "/api/places?q=Saket&near=nowhere", None, None).await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);
}

#[actix_web::test]
async fn short_long_and_junk_queries() {
    let app = TestApp::start().await;
    for q in ["a", "", "%20%20b%20", "zzzzqqqqxxxx"] {
        let reply = app.call("GET", &format!("/api/places?q={q}"), None, None).await;
        assert_eq!((reply.status, &reply.body), (200, &json!([])), "{q:?}");
    }
    let long = "a".repeat(101);
    let reply = app.call("GET", &format!("/api/places?q={long}"), None, None).await;
    assert_eq!((reply.status, reply.body["code"].as_str()), (400, Some("invalid_request")));
    let hundred = "a".repeat(100);
    assert_eq!(app.call("GET", &format!("/api/places?q={hundred}"), None, None).await.status, 200);
    let missing = app.call("GET", "/api/places", None, None).await;
    assert_eq!(missing.status, 400);
}

#[actix_web::test]
async fn nearest_names_the_place_a_point_lies_in() {
    let app = TestApp::start().await;
    let found = app.call("GET", "/api/places/nearest?location=[77.2402,28.5733]", None, None).await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    assert_eq!(
        (found.body["name"].as_str(), found.body["district"].as_str()),
        (Some("Lajpat Nagar"), Some("South Delhi"))
    );
    assert_eq!(found.body["location"], json!([77.2402, 28.5733]));

    let far = app.call("GET", "/api/places/nearest?location=[-0.12,51.5]", None, None).await;
    assert_eq!((far.status, far.body["code"].as_str()), (404, Some("place_not_found")));
    for bad in ["[77.2]", "[200,28]", "delhi", "[28.5,77.2,1]"] {
        let reply = app.call("GET", &format!("/api/places/nearest?location={bad}"), None, None).await;
        assert_eq!(reply.status, 400, "{bad}");
    }
}

#[actix_web::test]
async fn searches_are_rate_limited_per_address() {
    let app = TestApp::start().await;
    let limit = hometutor_limits::Bucket::PlaceSearchesPerIp.rule().limit;
    for i in 0..limit {
        let path = if i % 2 == 0 { "/api/places?q=pune" } else { "/api/places/nearest?location=[77.2402,28.5733]" };
        let reply = app.call("GET", path, None, None).await;
        assert_eq!(reply.status, 200, "search {i}");
    }
    let refused = app.call("GET", "/api/places?q=pune", None, None).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (429, Some("rate_limited")));
    assert!(refused.headers.contains_key("retry-after"));
    let nearest = app.call("GET", "/api/places/nearest?location=[77.2402,28.5733]", None, None).await;
    assert_eq!(nearest.status, 429);
}

#[actix_web::test]
async fn the_routes_are_in_the_openapi_document() {
    let app = TestApp::start().await;
    let doc = app.call("GET", "/api/openapi.json", None, None).await;
    assert_eq!(doc.status, 200);
    let search = &doc.body["paths"]["/api/places"]["get"];
    assert!(search["responses"]["200"].is_object(), "{search}");
    assert!(search["responses"]["429"].is_object());
    assert!(doc.body["paths"]["/api/places/nearest"]["get"]["responses"]["404"].is_object());
    assert!(doc.body["components"]["schemas"]["PlaceDto"]["properties"]["label"].is_object());
    // The documented limit is the enforced one.
    let q = search["parameters"].as_array().unwrap().iter().find(|p| p["name"] == "q").expect("q");
    let max = hometutor_server::routes::places::MAX_QUERY_CHARS;
    assert_eq!(q["schema"]["maxLength"].as_u64(), Some(max as u64), "{q}");
}

/// Places and the vocabulary change only with a release: both say so (`public, max-age=3600`)
/// and revalidate by ETag, 304 with no body.
#[actix_web::test]
async fn places_and_the_vocabulary_are_cacheable_and_revalidate_by_etag() {
    let app = TestApp::start().await;
    for path in ["/api/places?q=Lajpat%20Nagar", "/api/places/nearest?location=[77.2432,28.5677]", "/api/vocabulary"] {
        let url = format!("{}{path}", app.base);
        let first = app.client.get(&url).send().await.unwrap();
        assert_eq!(first.status(), 200, "{path}");
        assert_eq!(first.headers()["cache-control"], "public, max-age=3600", "{path}");
        let etag = first.headers()["etag"].to_str().unwrap().to_string();
        let again = app.client.get(&url).header("If-None-Match", &etag).send().await.unwrap();
        assert_eq!(
            (again.status().as_u16(), again.headers()["etag"].to_str().unwrap()),
            (304, etag.as_str()),
            "{path}"
        );
        assert!(again.bytes().await.unwrap().is_empty(), "{path}");
        let other = app.client.get(&url).header("If-None-Match", "W/\"other\"").send().await.unwrap();
        assert_eq!(other.status(), 200, "{path}");
    }
}
