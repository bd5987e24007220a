//! Demo classes that must not be booked: every bad input gets its own error (in the reader's
//! language) and changes nothing, and parents racing for one time get exactly one booking, in one
//! server process and across two. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

use crate::common;

use common::bookings::{ist_at, time};
use common::{Reply, TestApp};
use hometutor_db::DbError;
use serde_json::{json, Value};

fn refused(reply: &Reply, status: u16, code: &str) {
    assert_eq!((reply.status, reply.body["code"].as_str()), (status, Some(code)), "{:?}", reply.body);
}

/// The free intervals from tomorrow on (today's first one moves with the clock).
fn from_tomorrow(free: &Value) -> Vec<Value> {
    let tomorrow = ist_at(1, 0, 0);
    free["free"].as_array().unwrap().iter().filter(|f| f["start"].as_str() > Some(tomorrow.as_str())).cloned().collect()
}

async fn nothing_booked(app: &TestApp, tokens: &[&str]) {
    for token in tokens {
        for when in ["upcoming", "past"] {
            let list = app.call("GET", &format!("/api/bookings?when={when}"), Some(token), None).await;
            assert_eq!((list.status, &list.body["bookings"]), (200, &json!([])), "{when}");
        }
    }
}

#[actix_web::test]
async fn every_bad_booking_gets_its_error_and_changes_nothing() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let (tutor_id, parent_id) = (app.user_id(&tutor).await, app.user_id(&parent).await);
    app.open_week(&tutor, "09:00", "12:00").await;
    let free_before = from_tomorrow(&app.free_of(tutor_id).await);
    let good = time(2, (9, 0), (10, 0));

    let field = |times: Vec<Value>, mode: &str, message: &str| (mode.to_string(), times, message.to_string());
    let cases = [
        field(vec![time(0, (0, 0), (1, 0))], "propose", "Choose a time in the future."),
        field(
            vec![json!({"startsAt": ist_at(-1, 10, 0), "endsAt": ist_at(-1, 11, 0)})],
            "slot",
            "Choose a time in the future.",
        ),
        field(vec![time(2, (5, 30), (6, 30))], "propose", "Demo classes lie between 06:00 and 22:00 IST."),
        field(vec![time(2, (21, 30), (22, 30))], "propose", "Demo classes lie between 06:00 and 22:00 IST."),
        field(vec![time(2, (9, 0), (9, 15))], "slot", "A demo class lasts 30 to 120 minutes."),
        field(vec![time(2, (9, 0), (11, 15))], "slot", "A demo class lasts 30 to 120 minutes."),
        field(
            vec![time(2, (9, 5), (9, 50))],
            "slot",
            "Demo classes start and end on the quarter hour (:00, :15, :30 or :45).",
        ),
        field(vec![time(56, (10, 0), (11, 0))], "propose", "Book at most 8 weeks ahead."),
        field(vec![time(3, (10, 0), (11, 0)), time(3, (10, 30), (11, 30))], "propose", "Two of the times overlap."),
        field((1..=4).map(|d| time(d, (10, 0), (11, 0))).collect(), "propose", "Propose 1 to 3 times."),
        field(vec![], "propose", "Propose 1 to 3 times."),
        field(vec![good.clone(), time(3, (9, 0), (10, 0))], "slot", "Choose exactly one time."),
        field(
            vec![json!({"startsAt": "tomorrow at 10", "endsAt": ist_at(2, 11, 0)})],
            "slot",
            "Write times as in 2027-01-11T11:30:00Z (RFC 3339).",
        ),
    ];
    for (mode, times, message) in cases {
        let reply = app.book(&parent, tutor_id, &mode, times.clone()).await;
        refused(&reply, 400, "validation");
        assert_eq!(reply.body["fields"]["times"], json!(message), "{mode} {times:?}");
    }
    // Outside the tutor's slots (free times are what a slot is booked from).
    refused(&app.book(&parent, tutor_id, "slot", vec![time(2, (12, 0), (13, 0))]).await, 409, "booking_not_free");
    refused(&app.book(&parent, tutor_id, "slot", vec![time(2, (11, 30), (12, 30))]).await, 409, "booking_not_free");
    // A tutor does not book; no such tutor; a parent is no tutor.
    let other_tutor = app.verified_user("t2@example.com", "tutor").await;
    let by_tutor = app.book(&other_tutor, tutor_id, "slot", vec![good.clone()]).await;
    refused(&by_tutor, 403, "not_a_parent");
    assert_eq!(by_tutor.body["message"], "Only parents book demo classes.");
    refused(&app.book(&parent, 999_999, "slot", vec![good.clone()]).await, 404, "tutor_not_found");
    refused(&app.book(&parent, parent_id, "slot", vec![good.clone()]).await, 404, "tutor_not_found");
    // Someone else's request.
    let body = json!({"subject": "Physics", "classLevel": "Class 11", "preferredTime": "Evenings", "location": [77.209, 28.6139]});
    let theirs = app.call("POST", "/api/tuition", Some(&other), Some(body)).await.body["id"].as_i64().unwrap();
    let body = json!({"tutorId": tutor_id, "requestId": theirs, "mode": "slot", "times": [good.clone()]});
    let reply = app.call("POST", "/api/bookings", Some(&parent), Some(body)).await;
    refused(&reply, 400, "validation");
    assert_eq!(reply.body["fields"]["requestId"], "Choose one of your own requests.");
    let long_note = json!({"tutorId": tutor_id, "mode": "slot", "times": [good.clone()], "note": "x".repeat(501)});
    refused(&app.call("POST", "/api/bookings", Some(&parent), Some(long_note)).await, 400, "validation");
    let unknown_mode = json!({"tutorId": tutor_id, "mode": "grab", "times": [good.clone()]});
    assert_eq!(app.call("POST", "/api/bookings", Some(&parent), Some(unknown_mode)).await.status, 400);

    // Blocked either way, and a suspended tutor: unavailable.
    let blocked = app.call("POST", "/api/chat/block", Some(&tutor), Some(json!({"partnerId": parent_id}))).await;
    assert!(blocked.status < 300, "{:?}", blocked.body);
    refused(&app.book(&parent, tutor_id, "slot", vec![good.clone()]).await, 409, "tutor_unavailable");
    let blocks = app.call("POST", "/api/chat/block", Some(&other), Some(json!({"partnerId": tutor_id}))).await;
    assert!(blocks.status < 300, "{:?}", blocks.body);
    refused(&app.book(&other, tutor_id, "slot", vec![good.clone()]).await, 409, "tutor_unavailable");
    let third = app.verified_user("third@example.com", "parent").await;
    app.db()
        .write(|c| hometutor_accounts::set_active(c, &[tutor_id], false).map_err(DbError::from))
        .expect("suspended");
    let suspended = app.book(&third, tutor_id, "slot", vec![good.clone()]).await;
    refused(&suspended, 409, "tutor_unavailable");
    assert_eq!(suspended.body["message"], "This tutor cannot be booked.");
    // In Hindi.
    assert_eq!(app.call("PUT", "/api/auth/profile", Some(&third), Some(json!({"language": "hi"}))).await.status, 200);
    assert_eq!(
        app.book(&third, tutor_id, "slot", vec![good.clone()]).await.body["message"],
        "इस ट्यूटर को बुक नहीं किया जा सकता।"
    );
    let hindi = app.book(&third, tutor_id, "propose", vec![time(2, (5, 30), (6, 30))]).await;
    assert_eq!(hindi.body["fields"]["times"], "डेमो क्लास सुबह 06:00 से रात 22:00 IST के बीच होती है।");

    app.db()
        .write(|c| hometutor_accounts::set_active(c, &[tutor_id], true).map_err(DbError::from))
        .expect("active again");
    nothing_booked(&app, &[&parent, &other, &third]).await;
    let tutor = app.login("tutor@example.com", common::PASSWORD).await;
    nothing_booked(&app, &[&tutor]).await;
    assert_eq!(from_tomorrow(&app.free_of(tutor_id).await), free_before, "the free times are untouched");
    assert!(app.booking_notices(&tutor).await.is_empty(), "nobody was told of anything");
}

/// Books `slot` with each of `parents` at once, half through `first` and half through `second`;
/// the statuses, in `parents`' order.
async fn race(bases: [&str; 2], parents: &[String], tutor: i64, slot: &Value) -> Vec<u16> {
    let client = common::client();
    let attempts = parents.iter().enumerate().map(|(i, token)| {
        let (client, base) = (client.clone(), bases[i % 2].to_string());
        let body = json!({"tutorId": tutor, "mode": "slot", "times": [slot.clone()]});
        async move { common::call(&client, &base, "POST", "/api/bookings", Some(token), Some(body)).await.status }
    });
    futures_util::future::join_all(attempts).await
}

async fn parents(app: &TestApp, n: usize) -> Vec<String> {
    let mut tokens = Vec::with_capacity(n);
    for i in 0..n {
        tokens.push(app.verified_user(&format!("racer{i}@example.com"), "parent").await);
    }
    tokens
}

fn exactly_one_booking(statuses: &[u16]) {
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| *s == 201 || *s == 409), "{statuses:?}");
}

#[actix_web::test]
async fn parents_racing_for_one_time_get_exactly_one_booking() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = app.user_id(&tutor).await;
    app.open_week(&tutor, "16:00", "20:00").await;
    let racers = parents(&app, 8).await;
    let slot = time(1, (17, 0), (18, 0));
    exactly_one_booking(&race([&app.base, &app.base], &racers, tutor_id, &slot).await);
    // Overlapping, not equal, times race the same way.
    let shifted: Vec<Value> =
        [(16, 0), (16, 15), (16, 30), (16, 45)].iter().map(|&(h, m)| time(2, (h, m), (h + 1, m))).collect();
    let client = common::client();
    let attempts = racers.iter().take(4).zip(&shifted).map(|(token, t)| {
        let (client, base) = (client.clone(), app.base.clone());
        let body = json!({"tutorId": tutor_id, "mode": "slot", "times": [t]});
        async move { common::call(&client, &base, "POST", "/api/bookings", Some(token), Some(body)).await.status }
    });
    exactly_one_booking(&futures_util::future::join_all(attempts).await);
    let upcoming = app.call("GET", "/api/bookings", Some(&tutor), None).await;
    assert_eq!(upcoming.body["bookings"].as_array().unwrap().len(), 2, "{:?}", upcoming.body);
}

/// Two `hometutor` processes on one database (PostgreSQL in CI): the tutor's row lock is the
/// database's, so the race has one winner across processes too.
#[actix_web::test]
async fn parents_racing_through_two_server_processes_get_exactly_one_booking() {
    let app = TestApp::start().await;
    let peer = app.start_peer_process(&[]).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = app.user_id(&tutor).await;
    app.open_week(&tutor, "16:00", "20:00").await;
    let racers = parents(&app, 10).await;
    for day in [1, 2, 3] {
        let slot = time(day, (18, 0), (19, 30));
        exactly_one_booking(&race([&app.base, &peer.base], &racers, tutor_id, &slot).await);
        // Both processes answer the same free times at once: neither serves the time as free.
        for base in [&app.base, &peer.base] {
            let free = common::call(
                &common::client(),
                base,
                "GET",
                &format!("/api/tutors/{tutor_id}/availability"),
                None,
                None,
            )
            .await;
            let taken = free.body["free"].as_array().unwrap().iter().any(|f| {
                f["start"].as_str() < slot["endsAt"].as_str() && slot["startsAt"].as_str() < f["end"].as_str()
            });
            assert!(!taken, "{base} still offers {slot}");
        }
    }
    let upcoming = peer.call("GET", "/api/bookings", Some(&tutor), None).await;
    assert_eq!(upcoming.body["bookings"].as_array().unwrap().len(), 3, "{:?}", upcoming.body);
}
