//! Demo classes as time passes (`TEST_CLOCK=1` moves the server's clock): a cancellation less
//! than 3 hours before the start is late and counted for whoever cancelled, where people booking
//! that account later see it; a no-show is reported only once the class has started, once. Its
//! own test binary: the clock it moves is the whole process's. One test, so nothing else runs
//! on the moved clock. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use chrono::{DateTime, Utc};
use common::bookings::time;
use common::TestApp;
use serde_json::{json, Value};

/// Moves the server's clock to `minutes` before `time`'s start.
async fn move_to_before(app: &TestApp, time: &Value, minutes: i64) {
    let start: DateTime<Utc> = time["startsAt"].as_str().unwrap().parse().unwrap();
    let target = start.naive_utc() - chrono::Duration::minutes(minutes);
    let seconds = (target - hometutor_db::now()).num_seconds();
    assert!(seconds > 0, "the clock only moves forward");
    let moved = app.post("/api/testing/clock", json!({"advanceSeconds": seconds})).await;
    assert_eq!(moved.status, 200, "{:?}", moved.body);
}

async fn booked(app: &TestApp, parent: &str, tutor: &str, tutor_id: i64, slot: &Value) -> i64 {
    let reply = app.book(parent, tutor_id, "slot", vec![slot.clone()]).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    let id = reply.body["id"].as_i64().unwrap();
    let accept = app.call("POST", &format!("/api/bookings/{id}/accept"), Some(tutor), Some(json!({}))).await;
    assert_eq!(accept.status, 200, "{:?}", accept.body);
    id
}

#[actix_web::test]
async fn late_cancellations_are_counted_and_a_no_show_waits_for_the_start() {
    let app = TestApp::start_with(&[("TEST_CLOCK", "1".into())]).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor_id = app.user_id(&tutor).await;
    app.open_week(&tutor, "06:00", "22:00").await;

    // Cancelled the day before: not late.
    let early = booked(&app, &parent, &tutor, tutor_id, &time(2, (10, 0), (11, 0))).await;
    let cancel = |id: i64, token: &str, note: &str| {
        let (path, body) = (format!("/api/bookings/{id}/cancel"), json!({"note": note}));
        let token = token.to_string();
        let app = &app;
        async move { app.call("POST", &path, Some(&token), Some(body)).await }
    };
    let blank = cancel(early, &parent, " ").await;
    assert_eq!((blank.status, blank.body["fields"]["note"].is_string()), (400, true), "{:?}", blank.body);
    let done = cancel(early, &parent, "Fever, sorry").await;
    assert_eq!(done.status, 200, "{:?}", done.body);
    assert_eq!(
        (&done.body["status"], &done.body["cancelledBy"], &done.body["lateCancellation"]),
        (&json!("cancelled"), &json!("parent"), &json!(false))
    );
    assert_eq!(done.body["cancelNote"], "Fever, sorry");
    let told = app.booking_notices(&tutor).await;
    assert_eq!(told[0].0, "Asha K. cancelled your demo class");
    assert!(told[0].1.ends_with("IST. Fever, sorry"), "{told:?}");

    // Two hours before the start the tutor cancels: late, counted for the tutor.
    // Every time is written before the clock moves ("day 3" is counted from today).
    let (slot, evening, after) = (time(3, (18, 0), (19, 0)), time(3, (20, 0), (21, 0)), time(3, (21, 0), (21, 30)));
    let next_time = time(5, (10, 0), (11, 0));
    let late = booked(&app, &parent, &tutor, tutor_id, &slot).await;
    let later = booked(&app, &parent, &tutor, tutor_id, &evening).await;
    move_to_before(&app, &slot, 120).await;
    let done = cancel(late, &tutor, "Called to a family wedding").await;
    assert_eq!(done.status, 200, "{:?}", done.body);
    assert_eq!((&done.body["cancelledBy"], &done.body["lateCancellation"]), (&json!("tutor"), &json!(true)));
    assert_eq!((&done.body["tutorLateCancellations"], &done.body["parentLateCancellations"]), (&json!(1), &json!(0)));
    assert_eq!(app.booking_notices(&parent).await[0].0, "Asha Kumar cancelled your demo class");
    // Whoever books this tutor later sees the count (beside the free times, and on each booking).
    assert_eq!(app.free_of(tutor_id).await["lateCancellations"], 1);
    let other = app.verified_user("other@example.com", "parent").await;
    let next = app.book(&other, tutor_id, "slot", vec![next_time]).await;
    assert_eq!((next.status, &next.body["tutorLateCancellations"]), (201, &json!(1)));
    let again = cancel(late, &parent, "too").await;
    assert_eq!((again.status, again.body["code"].as_str()), (409, Some("booking_closed")));

    // A no-show waits for the start, then is recorded once.
    let no_show = format!("/api/bookings/{later}/no-show");
    let early_report = app.call("POST", &no_show, Some(&parent), None).await;
    assert_eq!((early_report.status, early_report.body["code"].as_str()), (409, Some("no_show_too_soon")));
    assert_eq!(early_report.body["message"], "A no-show can be reported once the class has started.");
    move_to_before(&app, &evening, -5).await;
    // Started: too late to cancel or move it.
    assert_eq!(cancel(later, &tutor, "Sorry").await.body["code"], "booking_closed");
    let reported = app.call("POST", &no_show, Some(&parent), None).await;
    assert_eq!((reported.status, &reported.body["noShowReportedBy"]), (200, &json!("parent")), "{:?}", reported.body);
    let twice = app.call("POST", &no_show, Some(&tutor), None).await;
    assert_eq!((twice.status, twice.body["code"].as_str()), (409, Some("booking_closed")));
    let stranger = app.call("POST", &no_show, Some(&other), None).await;
    assert_eq!(stranger.status, 404);
    // It has ended an hour later: past, with what happened to it.
    move_to_before(&app, &after, -5).await;
    let past = app.call("GET", "/api/bookings?when=past", Some(&parent), None).await;
    let statuses: Vec<(&str, bool)> = past.body["bookings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| (b["status"].as_str().unwrap(), b["lateCancellation"].as_bool().unwrap()))
        .collect();
    assert_eq!(statuses, [("confirmed", false), ("cancelled", true), ("cancelled", false)], "newest first");
}
