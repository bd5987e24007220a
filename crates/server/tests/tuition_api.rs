//! Tuition requests and nearby matching over HTTP, with a tutor subscribed
//! through the simulated payment flow.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use common::TestApp;
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];

fn east_of_delhi(km: f64) -> [f64; 2] {
    [DELHI[0] + km / (111.32 * DELHI[1].to_radians().cos()), DELHI[1]]
}

async fn subscribe(app: &TestApp, tutor: &str) {
    let order = app.call("POST", "/api/payment/create-session", Some(tutor), None).await.body["orderId"].clone();
    let confirm =
        app.call("POST", "/api/payment-dev/simulate-payment", Some(tutor), Some(json!({"orderId": order}))).await;
    assert_eq!(confirm.status, 200);
    let verify = app.call("POST", "/api/payment/verify", Some(tutor), Some(json!({"orderId": order}))).await;
    assert_eq!(verify.status, 200);
}

async fn post(app: &TestApp, parent: &str, subject: &str, location: Value) -> (u16, Value) {
    let body = json!({"subject": subject, "classLevel": "Class 10", "preferredTime": "Evenings", "location": location});
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(body)).await;
    (reply.status, reply.body)
}

fn nearby_path(center: [f64; 2], extra: &str) -> String {
    format!("/api/tuition/nearby?coordinates=[{},{}]{extra}", center[0], center[1])
}

#[actix_web::test]
async fn a_parent_posts_and_a_subscribed_tutor_finds_filters_and_shows_interest() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;

    let (status, near) =
        post(&app, &parent, "Mathematics", json!({"type": "Point", "coordinates": east_of_delhi(3.0)})).await;
    assert_eq!(status, 201, "{near:?}");
    let (_, far) = post(&app, &parent, "Physics", json!(east_of_delhi(7.0))).await;
    post(&app, &parent, "Mathematics", json!(east_of_delhi(40.0))).await;

    let before = app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await;
    assert_eq!((before.status, before.body["code"].as_str()), (403, Some("subscription_required")));
    assert!(before.body["message"].as_str().is_some_and(|m| m.contains("subscribe")));
    assert!(before.body.get("0").is_none() && !before.body.is_array(), "no request data without a subscription");

    subscribe(&app, &tutor).await;
    let found = app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    let list = found.body.as_array().expect("list");
    assert_eq!(list.iter().map(|r| r["id"].clone()).collect::<Vec<_>>(), vec![near["id"].clone(), far["id"].clone()]);
    assert!(list[0]["distanceKm"].as_f64().is_some_and(|d| (d - 3.0).abs() <= 0.6));
    assert_eq!(list[0]["parent"]["email"], "parent@example.com");
    assert_ne!(list[0]["location"]["coordinates"], json!(east_of_delhi(3.0)), "never the exact point");

    let filtered = app.call("GET", &nearby_path(DELHI, "&subject=PHYS"), Some(&tutor), None).await.body;
    assert_eq!(filtered.as_array().map(Vec::len), Some(1));
    assert_eq!(filtered[0]["id"], far["id"]);
    let wide = app.call("GET", &nearby_path(DELHI, "&radiusKm=25"), Some(&tutor), None).await.body;
    assert_eq!(wide.as_array().map(Vec::len), Some(2));
    let bad = app.call("GET", &nearby_path(DELHI, "&radiusKm=50"), Some(&tutor), None).await;
    assert_eq!(bad.status, 400);

    let path = format!("/api/tuition/{}/interested", near["id"]);
    assert_eq!(app.call("POST", &path, Some(&tutor), None).await.status, 200);
    assert_eq!(app.call("POST", &path, Some(&tutor), None).await.status, 200);
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body;
    let request = mine.as_array().expect("list").iter().find(|r| r["id"] == near["id"]).expect("request").clone();
    let tutors = request["interestedTutors"].as_array().expect("tutors");
    assert_eq!(tutors.len(), 1, "interest twice is once");
    assert_eq!(
        (tutors[0]["fullname"].as_str(), tutors[0]["email"].as_str()),
        (Some("Asha Kumar"), Some("tutor@example.com"))
    );
    assert_eq!(tutors[0]["phone"], "9876543210");
    assert_eq!(request["location"]["coordinates"], json!(east_of_delhi(3.0)), "the parent sees the exact point");
}

#[actix_web::test]
async fn only_parents_post_and_only_owners_edit_or_delete() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;

    let (status, body) = post(&app, &tutor, "Maths", json!(DELHI)).await;
    assert_eq!((status, body["code"].as_str()), (403, Some("not_a_parent")));
    let (status, body) = post(&app, &parent, "Maths", Value::Null).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("Please select location on the map.")));
    let (status, _) = post(&app, &parent, "Maths", json!([200.0, 10.0])).await;
    assert_eq!(status, 400);

    let (_, created) = post(&app, &parent, "Maths", json!(DELHI)).await;
    let path = format!("/api/tuition/{}", created["id"]);
    let edit = json!({"subject": "Hacked", "classLevel": "1", "preferredTime": "now", "location": DELHI});
    assert_eq!(app.call("PUT", &path, Some(&other), Some(edit.clone())).await.status, 404);
    assert_eq!(app.call("DELETE", &path, Some(&other), None).await.status, 404);
    assert_eq!(app.call("GET", "/api/tuition/mine", Some(&other), None).await.body, json!([]));

    let mine = app.call("PUT", &path, Some(&parent), Some(edit)).await;
    assert_eq!((mine.status, mine.body["subject"].as_str()), (200, Some("Hacked")));
    assert_eq!(app.call("DELETE", &path, Some(&parent), None).await.status, 204);
    assert_eq!(app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body, json!([]));
    assert_eq!(app.call("GET", "/api/tuition/mine", None, None).await.status, 401);
}
