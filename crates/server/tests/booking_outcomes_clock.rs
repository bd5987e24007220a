//! After a demo class (`TEST_CLOCK=1` moves the server's clock past its start): each side says
//! whether it took place and whether they continue; the parent continuing assigns the tutor to
//! the request, closes it, and tells every other interested tutor kindly in their language,
//! exactly once though the answers race; a no-show report is one side's "did not take place";
//! a demo that took place opens the parent's review. Its own test binary: the clock it moves is
//! the whole process's. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use chrono::{DateTime, Utc};
use common::bookings::time;
use common::TestApp;
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];

/// Moves the server's clock to `minutes` after `time`'s start.
async fn move_past_start(app: &TestApp, time: &Value, minutes: i64) {
    let start: DateTime<Utc> = time["startsAt"].as_str().unwrap().parse().unwrap();
    let target = start.naive_utc() + chrono::Duration::minutes(minutes);
    let seconds = (target - hometutor_db::now()).num_seconds();
    assert!(seconds > 0, "the clock only moves forward");
    let moved = app.post("/api/testing/clock", json!({"advanceSeconds": seconds})).await;
    assert_eq!(moved.status, 200, "{:?}", moved.body);
}

async fn confirmed(app: &TestApp, parent: &str, tutor: &str, body: Value) -> i64 {
    let reply = app.call("POST", "/api/bookings", Some(parent), Some(body)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    let id = reply.body["id"].as_i64().unwrap();
    let accept = app.call("POST", &format!("/api/bookings/{id}/accept"), Some(tutor), Some(json!({}))).await;
    assert_eq!(accept.status, 200, "{:?}", accept.body);
    id
}

/// The titles of the user's notifications of `kind`, newest first.
async fn titles(app: &TestApp, token: &str, kind: &str) -> Vec<String> {
    let got = app.call("GET", "/api/notifications", Some(token), None).await;
    assert_eq!(got.status, 200, "{:?}", got.body);
    got.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == kind)
        .map(|n| n["title"].as_str().unwrap_or_default().to_string())
        .collect()
}

async fn language(app: &TestApp, token: &str, lang: &str) {
    let set = app.call("PUT", "/api/auth/profile", Some(token), Some(json!({"language": lang}))).await;
    assert_eq!(set.status, 200, "{:?}", set.body);
}

#[actix_web::test]
async fn answers_after_a_demo_assign_the_tutor_once_and_open_reviews() {
    let app = TestApp::start_with(&[("TEST_CLOCK", "1".into())]).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let second = app.verified_user("second@example.com", "tutor").await;
    let third = app.verified_user("third@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let stranger = app.verified_user("stranger@example.com", "parent").await;
    let (tutor_id, second_id) = (app.user_id(&tutor).await, app.user_id(&second).await);
    app.open_week(&tutor, "06:00", "22:00").await;
    app.open_week(&second, "06:00", "22:00").await;
    let body = json!({"subject": "Mathematics", "classLevel": "Class 8", "preferredTime": "Evenings", "location": DELHI});
    let request = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await.body["id"].as_i64().unwrap();
    for t in [&tutor, &second, &third] {
        app.subscribe(t).await;
        let shown = app.call("POST", &format!("/api/tuition/{request}/interested"), Some(t), None).await;
        assert_eq!(shown.status, 200, "{:?}", shown.body);
    }
    language(&app, &third, "hi").await;

    // Every time is written before the clock moves ("day 2" is counted from today).
    let slot = time(2, (10, 0), (11, 0));
    let other_slot = time(2, (12, 0), (13, 0));
    let demo = confirmed(
        &app,
        &parent,
        &tutor,
        json!({"tutorId": tutor_id, "requestId": request, "mode": "slot", "times": [slot.clone()]}),
    )
    .await;
    let disputed =
        confirmed(&app, &parent, &second, json!({"tutorId": second_id, "mode": "slot", "times": [other_slot.clone()]}))
            .await;
    let path = format!("/api/bookings/{demo}/outcome");
    let yes = json!({"happened": true, "continue": true, "note": "Explained fractions well"});

    // Before the start: refused, in English and in Hindi, and nothing is recorded.
    let early = app.call("POST", &path, Some(&parent), Some(yes.clone())).await;
    assert_eq!((early.status, early.body["code"].as_str()), (409, Some("outcome_too_soon")));
    assert_eq!(early.body["message"], "You can say how the demo went once it has started.");
    language(&app, &parent, "hi").await;
    let hindi = app.call("POST", &path, Some(&parent), Some(yes.clone())).await;
    assert_eq!(hindi.body["message"], "डेमो शुरू होने के बाद ही आप बता सकते हैं कि वह कैसा रहा।");
    language(&app, &parent, "en").await;
    let read = app.call("GET", &format!("/api/bookings/{demo}"), Some(&parent), None).await;
    assert_eq!(read.body["outcome"], json!({"parent": null, "tutor": null, "tookPlace": false, "assignedRequestId": null}));

    move_past_start(&app, &other_slot, 70).await;
    // Only the two sides answer; a third user learns nothing.
    let tried = app.call("POST", &path, Some(&stranger), Some(yes.clone())).await;
    assert_eq!((tried.status, tried.body["code"].as_str()), (404, Some("booking_not_found")));
    let tried = app.call("POST", &path, Some(&second), Some(yes.clone())).await;
    assert_eq!(tried.status, 404);
    let muddled = app.call("POST", &path, Some(&parent), Some(json!({"happened": false, "continue": true}))).await;
    assert_eq!(
        (muddled.status, muddled.body["fields"]["continue"].as_str()),
        (400, Some("Say whether you continue only when the demo took place."))
    );

    // Parent and tutor answer at once, and the parent's button is pressed twice: one assignment.
    let tutor_yes = json!({"happened": true, "continue": true});
    let (a, b, c) = tokio::join!(
        app.call("POST", &path, Some(&parent), Some(yes.clone())),
        app.call("POST", &path, Some(&tutor), Some(tutor_yes.clone())),
        app.call("POST", &path, Some(&parent), Some(yes.clone())),
    );
    for r in [&a, &b, &c] {
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
    let read = app.call("GET", &format!("/api/bookings/{demo}"), Some(&tutor), None).await;
    let outcome = &read.body["outcome"];
    assert_eq!(
        (&outcome["parent"]["happened"], &outcome["parent"]["continue"], &outcome["parent"]["note"]),
        (&json!(true), &json!(true), &json!("Explained fractions well"))
    );
    assert_eq!((&outcome["tutor"]["continue"], &outcome["tookPlace"]), (&json!(true), &json!(true)));
    assert_eq!(outcome["assignedRequestId"], request);
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await;
    let req = mine.body.as_array().unwrap().iter().find(|r| r["id"] == request).unwrap().clone();
    assert_eq!(
        (&req["assignedTutor"], &req["status"], &req["closedTutorId"]),
        (&json!(tutor_id), &json!("closed"), &json!(tutor_id))
    );
    // Closed to new interest.
    let late = app.verified_user("late@example.com", "tutor").await;
    app.subscribe(&late).await;
    let refused = app.call("POST", &format!("/api/tuition/{request}/interested"), Some(&late), None).await;
    assert_eq!(refused.status, 409, "{:?}", refused.body);
    // Each other interested tutor is told once, in their language; the chosen tutor too.
    assert_eq!(
        titles(&app, &second, "request_closed").await,
        ["The family has chosen another tutor for Class 8 Mathematics."]
    );
    let hindi_titles = titles(&app, &third, "request_closed").await;
    assert_eq!(hindi_titles.len(), 1, "{hindi_titles:?}");
    assert!(hindi_titles[0].starts_with("परिवार ने कक्षा 8 गणित"), "{hindi_titles:?}");
    let chosen: Vec<String> =
        titles(&app, &tutor, "booking").await.into_iter().filter(|t| t.starts_with("The family chose you")).collect();
    assert_eq!(chosen, ["The family chose you as their tutor for Class 8 Mathematics"]);
    assert!(titles(&app, &tutor, "request_closed").await.is_empty(), "the chosen tutor is not told 'another'");

    // A correction within 48 hours is recorded; the assignment stands. After 48 hours: locked.
    let fixed = app.call("POST", &path, Some(&parent), Some(json!({"happened": true, "continue": true}))).await;
    assert_eq!((fixed.status, &fixed.body["outcome"]["parent"]["note"]), (200, &Value::Null));

    // A no-show report is the reporter's "did not take place"; the other side disputing it
    // leaves the demo not taken place, and the review refused.
    let no_show = app.call("POST", &format!("/api/bookings/{disputed}/no-show"), Some(&second), None).await;
    assert_eq!(no_show.status, 200, "{:?}", no_show.body);
    assert_eq!(
        (&no_show.body["noShowReportedBy"], &no_show.body["outcome"]["tutor"]["happened"]),
        (&json!("tutor"), &json!(false))
    );
    let said = app
        .call("POST", &format!("/api/bookings/{disputed}/outcome"), Some(&parent), Some(json!({"happened": true})))
        .await;
    assert_eq!((said.status, &said.body["outcome"]["tookPlace"]), (200, &json!(false)), "{:?}", said.body);
    let review = json!({"rating": 5, "comment": "Patient and clear"});
    let refused = app.call("POST", &format!("/api/tutors/{second_id}/reviews"), Some(&parent), Some(review.clone())).await;
    assert_eq!(refused.status, 403, "{:?}", refused.body);
    // The demo that took place opens the review at once, without a chat.
    let reviewed = app.call("POST", &format!("/api/tutors/{tutor_id}/reviews"), Some(&parent), Some(review)).await;
    assert_eq!(reviewed.status, 201, "{:?}", reviewed.body);

    move_past_start(&app, &other_slot, 70 + 49 * 60).await;
    let locked = app.call("POST", &path, Some(&parent), Some(json!({"happened": false}))).await;
    assert_eq!((locked.status, locked.body["code"].as_str()), (409, Some("outcome_locked")));
    assert_eq!(locked.body["message"], "Your answer can no longer be changed: 48 hours have passed since you gave it.");
    let past = app.call("GET", "/api/bookings?when=past", Some(&parent), None).await;
    let listed = past.body["bookings"].as_array().unwrap().iter().find(|b| b["id"] == demo).unwrap().clone();
    assert_eq!((&listed["outcome"]["tookPlace"], &listed["outcome"]["assignedRequestId"]), (&json!(true), &json!(request)));
}
