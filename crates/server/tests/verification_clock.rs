//! Verification documents are deleted 30 days after the decision, by the periodic job woken
//! by the test clock, while the decision and its checks stay. Its own test binary: the
//! clock it moves is the whole process's.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;
#[path = "api/verification_support.rs"]
mod verification_support;

use std::time::{Duration, Instant};

use common::{TestApp, PASSWORD};
use serde_json::json;
use verification_support::{aadhaar_form, private_files, submit};

#[actix_web::test]
async fn documents_go_30_days_after_the_decision_and_the_checks_stay() {
    let app = TestApp::start_with(&[
        ("TEST_CLOCK", "1".into()),
        ("ADMIN_EMAIL", "admin@example.com".into()),
        ("ADMIN_PASSWORD", PASSWORD.into()),
    ])
    .await;
    let admin = app.login("admin@example.com", PASSWORD).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (status, submitted) = submit(&app, &app.base, &tutor, aadhaar_form()).await;
    assert_eq!(status, 201, "{submitted:?}");
    let (id, doc) = (submitted["id"].as_i64().unwrap(), submitted["documents"][0]["id"].as_i64().unwrap());
    let checks = json!({"id": true, "qualification": true, "police": false});
    let approve = format!("/api/admin/verification/{id}/approve");
    assert_eq!(app.call("POST", &approve, Some(&admin), Some(checks.clone())).await.status, 200);
    assert_eq!(private_files(&app), 2);

    // Day 29: nothing is due yet (asked of the rule directly, at that time: no waiting for nothing).
    let db = app.db();
    let day_29 = hometutor_db::now() + chrono::TimeDelta::days(29);
    let due = db
        .write(|c| hometutor_profiles::verification::expire_files(c, day_29).map_err(hometutor_db::DbError::from))
        .expect("expire");
    assert!(due.is_empty(), "{due:?}");

    // Day 31: the job, woken by the clock's move, deletes both files.
    let moved = app.post("/api/testing/clock", json!({"advanceSeconds": 31 * 24 * 3600})).await;
    assert_eq!(moved.status, 200, "{:?}", moved.body);
    let deadline = Instant::now() + Duration::from_secs(20);
    while private_files(&app) > 0 {
        assert!(Instant::now() < deadline, "the files are still there after 31 days");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mine = app.call("GET", "/api/verification", Some(&tutor), None).await.body;
    assert_eq!(mine["latest"]["status"], "approved");
    assert_eq!(mine["latest"]["filesDeleted"], true);
    assert_eq!(mine["latest"]["checks"], checks);
    assert_eq!(mine["badge"]["checks"], checks, "the decision and its checks stay");
    let gone = app.call("GET", &format!("/api/verification/documents/{doc}"), Some(&tutor), None).await;
    assert_eq!(gone.status, 404);
}
