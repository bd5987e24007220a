//! `TEST_CLOCK=1`: the route that moves the server's clock and wakes its jobs, and its
//! absence otherwise. Its own test binary: the clock it moves is the whole process's.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::time::{Duration, Instant};

use common::TestApp;
use serde_json::json;

#[actix_web::test]
async fn without_test_clock_the_route_does_not_exist() {
    let app = TestApp::start().await;
    let reply = app.post("/api/testing/clock", json!({"advanceSeconds": 60})).await;
    assert_eq!((reply.status, reply.body["code"].as_str()), (404, Some("not_found")), "{:?}", reply.body);
    let doc = serde_json::to_value(hometutor_server::openapi_document()).expect("json");
    assert!(doc["paths"].as_object().expect("paths").keys().all(|p| !p.contains("testing")));
}

#[actix_web::test]
async fn moving_the_clock_sends_the_unread_message_alert_at_once() {
    let app = TestApp::start_with(&[("TEST_CLOCK", "1".into())]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().unwrap();
    let sent = app
        .call("POST", "/api/messages", Some(&parent), Some(json!({"to": tutor_id, "text": "Free on Saturday?"})))
        .await;
    assert_eq!(sent.status, 201, "{:?}", sent.body);

    for bad in [json!({"advanceSeconds": -5}), json!({"advanceSeconds": "ten"}), json!({"seconds": 5})] {
        let refused = app.post("/api/testing/clock", bad.clone()).await;
        assert_eq!(refused.status, 400, "{bad}: {:?}", refused.body);
        assert!(refused.body["code"].is_string() && refused.body["message"].is_string());
    }

    let moved = app.post("/api/testing/clock", json!({"advanceSeconds": 11 * 60})).await;
    assert_eq!(moved.status, 200, "{:?}", moved.body);
    let now: chrono::DateTime<chrono::Utc> = moved.body["now"].as_str().expect("now").parse().expect("a time");
    assert!(now > chrono::Utc::now() + chrono::Duration::minutes(10));

    // The job is woken by the move, long before its 30-second interval.
    let db = app.db();
    let deadline = Instant::now() + Duration::from_secs(20);
    let alert = loop {
        let found = db
            .read(|c| hometutor_notifications::recent(c, tutor_id, 10).map_err(hometutor_db::DbError::from))
            .expect("read");
        if let Some(alert) = found.into_iter().find(|n| n.kind == "unread_message") {
            break alert;
        }
        assert!(Instant::now() < deadline, "no unread-message alert after the clock moved");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(alert.title, "New message from Asha Kumar");
    assert_eq!(alert.body, "Free on Saturday?");
}
