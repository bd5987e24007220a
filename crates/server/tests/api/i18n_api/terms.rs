//! Vocabulary terms in the reader's language: tutor cards (search, recommendations and their reasons), the public
//! profile's area (kept per language by the public cache) and a tutor's own area carry the Hindi
//! name of each term for a Hindi reader and the spec's English for an English one; a person's
//! own words (an 'other' entry) are never translated.

use hometutor_core::UserId;
use hometutor_tuition::area::{insert_many, AreaInput};
use serde_json::{json, Value};

use super::{call_in, choose_language, common};
use common::TestApp;

const DELHI: [f64; 2] = [77.209, 28.6139];
const SEARCH: &str = "/api/tutors/search?location=[77.209,28.6139]";

/// A subscribed tutor teaching maths and 'Vedic maths' (the tutor's own words) for Class 8, CBSE,
/// at home, around Delhi.
async fn teaching_tutor(app: &TestApp, email: &str) -> (String, i64) {
    let token = app.verified_user(email, "tutor").await;
    app.subscribe(&token).await;
    let id = app.call("GET", "/api/auth/profile", Some(&token), None).await.body["user"]["id"].as_i64().expect("id");
    let area = AreaInput {
        location: Some(DELHI),
        radius_km: Some(10.0),
        subjects: vec!["maths".into(), "Vedic maths".into()],
        classes: vec!["class-8".into()],
        boards: vec!["cbse".into()],
        modes: vec!["home".into()],
    };
    app.db().write(|c| insert_many(c, &[(UserId(id), area)])).expect("area");
    app.judgeable_profile(&token, "Maths at home.", 500).await;
    (token, id)
}

/// The four lists of terms of a card or an area.
fn terms(value: &Value) -> Value {
    json!([value["subjects"], value["classes"], value["boards"], value["modes"]])
}

fn in_hindi() -> Value {
    json!([
        [{"id": "maths", "label": "गणित"}, {"id": "other", "label": "Vedic maths"}],
        [{"id": "class-8", "label": "कक्षा 8"}],
        [{"id": "cbse", "label": "सीबीएसई"}],
        [{"id": "home", "label": "घर पर"}],
    ])
}

fn in_english() -> Value {
    json!([
        [{"id": "maths", "label": "Mathematics"}, {"id": "other", "label": "Vedic maths"}],
        [{"id": "class-8", "label": "Class 8"}],
        [{"id": "cbse", "label": "CBSE"}],
        [{"id": "home", "label": "At home"}],
    ])
}

#[actix_web::test]
async fn search_cards_name_terms_in_the_visitors_or_the_users_language() {
    let app = TestApp::start().await;
    teaching_tutor(&app, "tutor@example.com").await;
    let card = |reply: common::Reply| {
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        terms(&reply.body["tutors"][0])
    };
    let english = app.call("GET", SEARCH, None, None).await;
    let english_bytes = english.body.to_string();
    assert_eq!(card(english), in_english());
    assert_eq!(card(call_in(&app, Some("en-IN,en;q=0.9"), "GET", SEARCH, None, None).await), in_english());
    assert_eq!(card(call_in(&app, Some("hi-IN,hi;q=0.9,en;q=0.8"), "GET", SEARCH, None, None).await), in_hindi());

    // A signed-in user's own language wins over the browser's, either way.
    let hindi_parent = app.verified_user("parent-hi@example.com", "parent").await;
    choose_language(&app, &hindi_parent, "hi").await;
    let english_parent = app.verified_user("parent-en@example.com", "parent").await;
    assert_eq!(card(call_in(&app, Some("en"), "GET", SEARCH, Some(&hindi_parent), None).await), in_hindi());
    let english_signed_in = call_in(&app, Some("hi"), "GET", SEARCH, Some(&english_parent), None).await;
    assert_eq!(english_signed_in.body.to_string(), english_bytes, "English answers as before");
}

#[actix_web::test]
async fn recommendations_name_terms_in_the_parents_language() {
    let app = TestApp::start().await;
    let (_, tutor) = teaching_tutor(&app, "tutor@example.com").await;
    for (email, language, expected, teaches) in [
        ("parent-hi@example.com", Some("hi"), in_hindi(), "कक्षा 8 के लिए गणित पढ़ाते हैं"),
        ("parent-en@example.com", None, in_english(), "Teaches Mathematics for Class 8"),
    ] {
        let parent = app.verified_user(email, "parent").await;
        if let Some(language) = language {
            choose_language(&app, &parent, language).await;
        }
        let body = json!({"subjectId": "maths", "classId": "class-8", "preferredTime": "Evenings", "location": DELHI});
        let posted = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await;
        assert_eq!(posted.status, 201, "{:?}", posted.body);
        let path = format!("/api/tuition/{}/recommendations", posted.body["id"]);
        // The browser's language does not count for a signed-in parent.
        let found = call_in(&app, Some("hi"), "GET", &path, Some(&parent), None).await;
        assert_eq!(found.status, 200, "{:?}", found.body);
        assert_eq!(found.body["tutors"][0]["id"].as_i64(), Some(tutor));
        assert_eq!(terms(&found.body["tutors"][0]), expected, "{email}");
        assert_eq!(found.body["tutors"][0]["reasons"][1], json!(teaches), "{email}: {:?}", found.body);
    }
}

#[actix_web::test]
async fn a_profile_is_kept_per_language_for_visitors() {
    let app = TestApp::start().await;
    let (_, tutor) = teaching_tutor(&app, "tutor@example.com").await;
    let path = format!("/api/tutors/{tutor}");
    let mut tags = Vec::new();
    // Alternating languages: a kept Hindi answer is never served to an English visitor, nor the reverse.
    for (accept, expected) in [
        (Some("hi"), in_hindi()),
        (Some("en"), in_english()),
        (None, in_english()),
        (Some("hi-IN"), in_hindi()),
        (Some("en-GB"), in_english()),
    ] {
        let reply = call_in(&app, accept, "GET", &path, None, None).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        assert_eq!(terms(&reply.body["area"]), expected, "{accept:?}");
        let vary = reply.headers.get("vary").and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
        assert!(vary.split(',').any(|v| v.trim() == "Accept-Language"), "Vary: {vary}");
        tags.push(reply.headers.get("etag").and_then(|v| v.to_str().ok()).expect("ETag").to_string());
    }
    assert_ne!(tags[0], tags[1], "one tag per language");
    assert_eq!((&tags[1], &tags[3]), (&tags[2], &tags[0]));

    // A signed-in Hindi reader (never kept) reads Hindi whatever the browser says.
    let hindi_parent = app.verified_user("parent-hi@example.com", "parent").await;
    choose_language(&app, &hindi_parent, "hi").await;
    let reply = call_in(&app, Some("en"), "GET", &path, Some(&hindi_parent), None).await;
    assert_eq!(terms(&reply.body["area"]), in_hindi());
}

#[actix_web::test]
async fn a_tutors_own_area_names_terms_in_the_tutors_language() {
    let app = TestApp::start().await;
    let (token, _) = teaching_tutor(&app, "tutor@example.com").await;
    let english = app.call("GET", "/api/tutors/me/area", Some(&token), None).await;
    assert_eq!((english.status, terms(&english.body)), (200, in_english()));
    choose_language(&app, &token, "hi").await;
    let hindi = call_in(&app, Some("en"), "GET", "/api/tutors/me/area", Some(&token), None).await;
    assert_eq!(terms(&hindi.body), in_hindi());
    let body = json!({"location": DELHI, "radiusKm": 5.0, "subjects": ["science", "Abacus"], "classes": ["Class 9"]});
    let saved = app.call("PUT", "/api/tutors/me/area", Some(&token), Some(body)).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(
        terms(&saved.body),
        json!([
            [{"id": "science", "label": "विज्ञान"}, {"id": "other", "label": "Abacus"}],
            [{"id": "class-9", "label": "कक्षा 9"}],
            [],
            [],
        ])
    );
}
