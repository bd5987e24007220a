//! A tutor's profile completeness (`GET /api/tutors/me/completeness`) step by step, and public tutor
//! search listing a tutor only once their profile is complete enough to judge.

use crate::common;

use common::TestApp;
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];
const SEARCH: &str = "/api/tutors/search?location=[77.209,28.6139]";

async fn completeness(app: &TestApp, tutor: &str) -> Value {
    let got = app.call("GET", "/api/tutors/me/completeness", Some(tutor), None).await;
    assert_eq!(got.status, 200, "{:?}", got.body);
    got.body
}

async fn listed(app: &TestApp) -> Vec<i64> {
    let found = app.call("GET", SEARCH, None, None).await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    found.body["tutors"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

async fn recommended(app: &TestApp, parent: &str, path: &str) -> Vec<i64> {
    let got = app.call("GET", path, Some(parent), None).await;
    assert_eq!(got.status, 200, "{:?}", got.body);
    got.body["tutors"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

#[actix_web::test]
async fn the_meter_rises_step_by_step_and_search_lists_the_tutor_once_complete_enough() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    app.subscribe(&tutor).await;
    let id = app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().unwrap();
    let all = ["subjects", "classes", "boards", "modes", "area", "fee", "availability", "photo", "about"];

    let new = completeness(&app, &tutor).await;
    assert_eq!(new, json!({"done": [], "missing": all, "percent": 0, "searchable": false}));

    // A teaching area with a subject and a class: three steps of nine; not listed yet.
    let area = json!({"location": DELHI, "radiusKm": 8, "subjects": ["maths"], "classes": ["class-8"]});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(area)).await.status, 200);
    let some = completeness(&app, &tutor).await;
    assert_eq!(some["done"], json!(["subjects", "classes", "area"]));
    assert_eq!((some["percent"].as_i64(), some["searchable"].as_bool()), (Some(33), Some(false)));
    assert_eq!(some["missing"][0], "boards", "where the flow continues");
    assert!(listed(&app).await.is_empty(), "an area alone is not enough to judge");

    // The about text without a fee: still not listed.
    let path = format!("/api/tutors/{id}");
    let saved = app.call("PUT", &path, Some(&tutor), Some(json!({"about": "Maths for ten years."}))).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(completeness(&app, &tutor).await["searchable"], false);
    assert!(listed(&app).await.is_empty(), "no fee");

    // The fee: complete enough to judge, listed.
    let body = json!({"about": "Maths for ten years.", "feePerHour": 600});
    assert_eq!(app.call("PUT", &path, Some(&tutor), Some(body)).await.status, 200);
    let judged = completeness(&app, &tutor).await;
    assert_eq!((judged["percent"].as_i64(), judged["searchable"].as_bool()), (Some(55), Some(true)));
    assert_eq!(judged["missing"], json!(["boards", "modes", "availability", "photo"]));
    assert_eq!(listed(&app).await, vec![id]);
    // Saving the fee alone (as the profile screen does) keeps the about: still listed.
    assert_eq!(app.call("PUT", &path, Some(&tutor), Some(json!({"feePerHour": 650}))).await.status, 200);
    let kept = app.call("GET", &path, None, None).await.body;
    assert_eq!((kept["about"].as_str(), kept["feePerHour"].as_i64()), (Some("Maths for ten years."), Some(650)));
    assert_eq!(listed(&app).await, vec![id]);

    // Boards, modes and a weekly slot: everything but the photo.
    let area = json!({"location": DELHI, "radiusKm": 8, "subjects": ["maths"], "classes": ["class-8"],
        "boards": ["cbse"], "modes": ["home"]});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(area)).await.status, 200);
    let week = json!({"slots": [{"weekday": "mon", "start": "17:00", "end": "19:00"}]});
    assert_eq!(app.call("PUT", "/api/tutors/me/availability/slots", Some(&tutor), Some(week)).await.status, 200);
    let nearly = completeness(&app, &tutor).await;
    assert_eq!((nearly["percent"].as_i64(), nearly["missing"].clone()), (Some(88), json!(["photo"])));

    // A blank about takes the tutor out of search again.
    assert_eq!(app.call("PUT", &path, Some(&tutor), Some(json!({"about": "  "}))).await.status, 200);
    assert_eq!(completeness(&app, &tutor).await["searchable"], false);
    assert!(listed(&app).await.is_empty(), "a blank about");
}

#[actix_web::test]
async fn only_a_tutor_has_a_completeness_and_only_their_own() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let other = app.verified_user("other@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let area = json!({"location": DELHI, "radiusKm": 8, "subjects": ["maths"]});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(area)).await.status, 200);
    // Another tutor sees their own steps, not this tutor's.
    assert_eq!(completeness(&app, &other).await["percent"], 0);
    assert_eq!(completeness(&app, &tutor).await["done"], json!(["subjects", "area"]));
    let by_parent = app.call("GET", "/api/tutors/me/completeness", Some(&parent), None).await;
    assert_eq!((by_parent.status, by_parent.body["code"].as_str()), (403, Some("not_a_tutor")));
    assert_eq!(app.call("GET", "/api/tutors/me/completeness", None, None).await.status, 401);
}

#[actix_web::test]
async fn recommendations_leave_out_a_tutor_not_complete_enough_to_judge_as_search_does() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    app.subscribe(&tutor).await;
    let id = app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().unwrap();
    // A teaching area covering the request's point, for its subject and class: no fee, no about yet.
    let area = json!({"location": DELHI, "radiusKm": 8, "subjects": ["maths"], "classes": ["class-8"]});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(area)).await.status, 200);
    let parent = app.verified_user("parent@example.com", "parent").await;
    let body = json!({"subject": "Maths", "classLevel": "Class 8", "preferredTime": "Evenings", "location": DELHI});
    let posted = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await;
    assert_eq!(posted.status, 201, "{:?}", posted.body);
    let request = posted.body["id"].as_i64().unwrap();
    let path = format!("/api/tuition/{request}/recommendations");

    assert!(recommended(&app, &parent, &path).await.is_empty(), "an area alone is not enough to judge");
    assert!(listed(&app).await.is_empty());
    // Nor can the parent invite them.
    let invite = format!("/api/tuition/{request}/invite");
    let refused = app.call("POST", &invite, Some(&parent), Some(json!({"tutorId": id}))).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (404, Some("not_found")));

    // The fee without an about text: still neither.
    let profile = format!("/api/tutors/{id}");
    assert_eq!(app.call("PUT", &profile, Some(&tutor), Some(json!({"feePerHour": 600}))).await.status, 200);
    assert!(recommended(&app, &parent, &path).await.is_empty(), "no about text");

    // Complete enough to judge: listed by search and recommended alike, and invited.
    assert_eq!(app.call("PUT", &profile, Some(&tutor), Some(json!({"about": "Maths for ten years."}))).await.status, 200);
    assert_eq!(completeness(&app, &tutor).await["searchable"], true);
    assert_eq!(listed(&app).await, vec![id]);
    assert_eq!(recommended(&app, &parent, &path).await, vec![id]);
    assert_eq!(app.call("POST", &invite, Some(&parent), Some(json!({"tutorId": id}))).await.status, 201);

    // A blank about takes them out of both again.
    assert_eq!(app.call("PUT", &profile, Some(&tutor), Some(json!({"about": " "}))).await.status, 200);
    assert!(listed(&app).await.is_empty());
    assert!(recommended(&app, &parent, &path).await.is_empty(), "a blank about");
}
