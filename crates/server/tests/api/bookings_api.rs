//! Demo classes over HTTP: a parent books a free time (it leaves the tutor's free times at once)
//! and the tutor accepts; a parent proposes three times and the tutor picks one; a decline frees
//! the time; either side moves it; each side is told in the app; nobody else reads or touches
//! a booking. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

use crate::common;

use common::bookings::{ist_at, time};
use common::TestApp;
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];

async fn call_ok(app: &TestApp, method: &str, path: &str, token: &str, body: Option<Value>) -> Value {
    let reply = app.call(method, path, Some(token), body).await;
    assert_eq!(reply.status, 200, "{method} {path}: {:?}", reply.body);
    reply.body
}

#[actix_web::test]
async fn a_parent_books_a_free_time_and_the_tutor_accepts() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let (tutor_id, parent_id) = (app.user_id(&tutor).await, app.user_id(&parent).await);
    app.open_week(&tutor, "09:00", "13:00").await;
    let slot = time(2, (10, 0), (11, 0));
    assert!(app.is_free(tutor_id, &slot).await);

    let body = json!({"tutorId": tutor_id, "mode": "slot", "times": [slot.clone()], "note": "Class 8 maths, please"});
    let booked = app.call("POST", "/api/bookings", Some(&parent), Some(body)).await;
    assert_eq!(booked.status, 201, "{:?}", booked.body);
    let b = &booked.body;
    let id = b["id"].as_i64().unwrap();
    assert_eq!((&b["status"], &b["awaiting"]), (&json!("requested"), &json!("tutor")));
    assert_eq!((&b["startsAt"], &b["endsAt"]), (&slot["startsAt"], &slot["endsAt"]));
    assert_eq!(b["proposals"], json!([]));
    assert_eq!(b["tutor"], json!({"id": tutor_id, "name": "Asha Kumar", "photoUrl": null}));
    assert_eq!(b["parent"]["id"], parent_id);
    assert_eq!(
        (&b["note"], &b["requestId"], &b["place"]),
        (&json!("Class 8 maths, please"), &Value::Null, &Value::Null)
    );
    assert_eq!((&b["lateCancellation"], &b["tutorLateCancellations"]), (&json!(false), &json!(0)));

    // The time left the free times at once; the rest of the morning is still free.
    assert!(!app.is_free(tutor_id, &slot).await);
    assert!(app.is_free(tutor_id, &time(2, (9, 0), (10, 0))).await);
    assert!(app.is_free(tutor_id, &time(2, (11, 0), (13, 0))).await);

    // The tutor is told, named as the conversation list names the parent.
    let told = app.booking_notices(&tutor).await;
    assert_eq!(told, [("Asha K. booked a demo class".into(), format!("{} IST", ist_label(&slot)))]);
    let count = call_ok(&app, "GET", "/api/bookings/count", &tutor, None).await;
    assert_eq!(count, json!({"upcoming": 1, "awaitingMe": 1}));
    assert_eq!(
        call_ok(&app, "GET", "/api/bookings/count", &parent, None).await,
        json!({"upcoming": 1, "awaitingMe": 0})
    );

    // The parent cannot answer for the tutor.
    let own = app.call("POST", &format!("/api/bookings/{id}/accept"), Some(&parent), Some(json!({}))).await;
    assert_eq!((own.status, own.body["code"].as_str()), (409, Some("booking_not_awaiting_you")));
    let accepted = call_ok(&app, "POST", &format!("/api/bookings/{id}/accept"), &tutor, Some(json!({}))).await;
    assert_eq!((&accepted["status"], &accepted["awaiting"]), (&json!("confirmed"), &Value::Null));
    assert_eq!(accepted["startsAt"], slot["startsAt"]);
    let again = app.call("POST", &format!("/api/bookings/{id}/accept"), Some(&tutor), Some(json!({}))).await;
    assert_eq!((again.status, again.body["code"].as_str()), (409, Some("booking_closed")));
    assert_eq!(app.booking_notices(&parent).await[0].0, "Asha Kumar accepted your demo class");
    assert!(!app.is_free(tutor_id, &slot).await, "a confirmed time stays taken");

    for token in [&parent, &tutor] {
        let list = call_ok(&app, "GET", "/api/bookings", token, None).await;
        assert_eq!(list["bookings"].as_array().unwrap().len(), 1);
        assert_eq!(list["bookings"][0]["id"], id);
        let past = call_ok(&app, "GET", "/api/bookings?when=past", token, None).await;
        assert_eq!(past["bookings"], json!([]));
        assert_eq!(call_ok(&app, "GET", &format!("/api/bookings/{id}"), token, None).await["status"], "confirmed");
    }
}

/// `2027-01-13 15:30` for a time's start (IST), as notices write it.
fn ist_label(time: &Value) -> String {
    let start: chrono::DateTime<chrono::Utc> = time["startsAt"].as_str().unwrap().parse().unwrap();
    (start.naive_utc() + chrono::Duration::minutes(330)).format("%Y-%m-%d %H:%M").to_string()
}

#[actix_web::test]
async fn a_parent_proposes_three_times_and_the_tutor_picks_one() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor_id = app.user_id(&tutor).await;
    // No weekly slots at all: proposals are for when none fits.
    let times = vec![time(5, (7, 0), (8, 0)), time(3, (9, 15), (10, 0)), time(4, (18, 0), (20, 0))];
    let proposed = app.book(&parent, tutor_id, "propose", times.clone()).await;
    assert_eq!(proposed.status, 201, "{:?}", proposed.body);
    let id = proposed.body["id"].as_i64().unwrap();
    assert_eq!((&proposed.body["status"], &proposed.body["awaiting"]), (&json!("proposed"), &json!("tutor")));
    assert_eq!((&proposed.body["startsAt"], &proposed.body["endsAt"]), (&Value::Null, &Value::Null));
    assert_eq!(proposed.body["proposals"], json!([times[1], times[2], times[0]]), "soonest first");
    assert_eq!(app.booking_notices(&tutor).await[0].0, "Asha K. proposed times for a demo class");

    let accept = format!("/api/bookings/{id}/accept");
    let wrong = app.call("POST", &accept, Some(&tutor), Some(json!({"startsAt": ist_at(4, 19, 0)}))).await;
    assert_eq!((wrong.status, &wrong.body["fields"]["startsAt"]), (400, &json!("Choose one of the proposed times.")));
    let none = app.call("POST", &accept, Some(&tutor), Some(json!({}))).await;
    assert_eq!(none.status, 400, "{:?}", none.body);
    let picked = call_ok(&app, "POST", &accept, &tutor, Some(json!({"startsAt": times[2]["startsAt"]}))).await;
    assert_eq!(picked["status"], "confirmed");
    assert_eq!((&picked["startsAt"], &picked["endsAt"]), (&times[2]["startsAt"], &times[2]["endsAt"]));
    assert_eq!(picked["proposals"], json!([]));
    let told = app.booking_notices(&parent).await;
    assert_eq!(told[0], ("Asha Kumar accepted your demo class".into(), format!("{} IST", ist_label(&times[2]))));
}

#[actix_web::test]
async fn a_decline_with_a_reason_frees_the_time() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let tutor_id = app.user_id(&tutor).await;
    app.open_week(&tutor, "16:00", "20:00").await;
    let slot = time(1, (17, 0), (18, 30));
    let id = app.book(&parent, tutor_id, "slot", vec![slot.clone()]).await.body["id"].as_i64().unwrap();
    let taken = app.book(&other, tutor_id, "slot", vec![slot.clone()]).await;
    assert_eq!((taken.status, taken.body["code"].as_str()), (409, Some("booking_not_free")));
    assert_eq!(taken.body["message"], "That time is no longer free. Please choose another.");

    let decline = format!("/api/bookings/{id}/decline");
    let blank = app.call("POST", &decline, Some(&tutor), Some(json!({"reason": "  "}))).await;
    assert_eq!((blank.status, blank.body["fields"]["reason"].is_string()), (400, true), "{:?}", blank.body);
    let by_parent = app.call("POST", &decline, Some(&parent), Some(json!({"reason": "No"}))).await;
    assert_eq!(by_parent.status, 409);
    let declined = call_ok(&app, "POST", &decline, &tutor, Some(json!({"reason": "Exams that week"}))).await;
    assert_eq!((&declined["status"], &declined["declineReason"]), (&json!("declined"), &json!("Exams that week")));
    assert_eq!(
        app.booking_notices(&parent).await[0],
        ("Asha Kumar declined your demo class".into(), "Reason: Exams that week".into())
    );
    assert!(app.is_free(tutor_id, &slot).await, "free again");
    let upcoming = call_ok(&app, "GET", "/api/bookings", &parent, None).await;
    assert_eq!(upcoming["bookings"], json!([]));
    let past = call_ok(&app, "GET", "/api/bookings?when=past", &parent, None).await;
    assert_eq!(past["bookings"][0]["status"], "declined");
    let cancel =
        app.call("POST", &format!("/api/bookings/{id}/cancel"), Some(&parent), Some(json!({"note": "x"}))).await;
    assert_eq!((cancel.status, cancel.body["code"].as_str()), (409, Some("booking_closed")));
    assert_eq!(app.book(&other, tutor_id, "slot", vec![slot]).await.status, 201, "another parent takes it");
}

#[actix_web::test]
async fn either_side_moves_a_booking_and_the_other_answers() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor_id = app.user_id(&tutor).await;
    app.open_week(&tutor, "09:00", "12:00").await;
    let first = time(2, (9, 0), (10, 0));
    let id = app.book(&parent, tutor_id, "slot", vec![first.clone()]).await.body["id"].as_i64().unwrap();
    call_ok(&app, "POST", &format!("/api/bookings/{id}/accept"), &tutor, Some(json!({}))).await;
    let path = format!("/api/bookings/{id}/reschedule");
    let moved = |t: &Value, note: &str| json!({"startsAt": t["startsAt"], "endsAt": t["endsAt"], "note": note});

    // A parent stays within the tutor's free times; its own old time counts as free to it.
    let outside = app.call("POST", &path, Some(&parent), Some(moved(&time(2, (15, 0), (16, 0)), "Later?"))).await;
    assert_eq!((outside.status, outside.body["code"].as_str()), (409, Some("booking_not_free")));
    let overlapping = time(2, (9, 30), (10, 30));
    let by_parent =
        call_ok(&app, "POST", &path, &parent, Some(moved(&overlapping, "Half an hour later, please"))).await;
    assert_eq!((&by_parent["status"], &by_parent["awaiting"]), (&json!("requested"), &json!("tutor")));
    assert_eq!(
        (&by_parent["startsAt"], &by_parent["rescheduleNote"]),
        (&overlapping["startsAt"], &json!("Half an hour later, please"))
    );
    assert!(app.is_free(tutor_id, &time(2, (9, 0), (9, 30))).await && !app.is_free(tutor_id, &overlapping).await);
    let told = app.booking_notices(&tutor).await;
    assert_eq!(
        told[0],
        (
            "Asha K. moved your demo class".into(),
            format!("New time: {} IST. Half an hour later, please", ist_label(&overlapping))
        )
    );

    // A tutor may move it outside their own slots; then the parent answers.
    let evening = time(3, (18, 0), (19, 0));
    let by_tutor = call_ok(&app, "POST", &path, &tutor, Some(moved(&evening, "Only evenings now"))).await;
    assert_eq!((&by_tutor["status"], &by_tutor["awaiting"]), (&json!("requested"), &json!("parent")));
    let not_theirs = app.call("POST", &format!("/api/bookings/{id}/accept"), Some(&tutor), Some(json!({}))).await;
    assert_eq!(not_theirs.status, 409);
    let accepted = call_ok(&app, "POST", &format!("/api/bookings/{id}/accept"), &parent, Some(json!({}))).await;
    assert_eq!((&accepted["status"], &accepted["startsAt"]), (&json!("confirmed"), &evening["startsAt"]));
    assert!(app.is_free(tutor_id, &overlapping).await, "the old time is free again");
    let bad = app.call("POST", &path, Some(&tutor), Some(moved(&time(3, (18, 0), (18, 10)), "x"))).await;
    assert_eq!(
        (bad.status, bad.body["fields"]["startsAt"].as_str()),
        (400, Some("A demo class lasts 30 to 120 minutes."))
    );
}

#[actix_web::test]
async fn a_booking_for_a_request_names_its_subject_and_locality_and_nobody_else_touches_it() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other_parent = app.verified_user("other@example.com", "parent").await;
    let other_tutor = app.verified_user("othertutor@example.com", "tutor").await;
    let tutor_id = app.user_id(&tutor).await;
    app.open_week(&tutor, "09:00", "12:00").await;
    let body =
        json!({"subject": "Mathematics", "classLevel": "Class 10", "preferredTime": "Evenings", "location": DELHI});
    let request = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await.body["id"].as_i64().unwrap();
    let body = json!({"tutorId": tutor_id, "requestId": request, "mode": "slot", "times": [time(1, (9, 0), (10, 0))]});
    let booked = app.call("POST", "/api/bookings", Some(&parent), Some(body)).await;
    assert_eq!(booked.status, 201, "{:?}", booked.body);
    let id = booked.body["id"].as_i64().unwrap();
    assert_eq!((&booked.body["requestId"], &booked.body["subject"]), (&json!(request), &json!("Mathematics")));
    let place = booked.body["place"].as_str().expect("a locality");
    assert!(!place.is_empty() && !place.chars().any(|c| c.is_ascii_digit()), "a name, never a point: {place}");

    // In Hindi the subject reads as the vocabulary's Hindi label.
    assert_eq!(app.call("PUT", "/api/auth/profile", Some(&parent), Some(json!({"language": "hi"}))).await.status, 200);
    let hindi = call_ok(&app, "GET", &format!("/api/bookings/{id}"), &parent, None).await;
    assert_ne!(hindi["subject"], "Mathematics");

    for stranger in [&other_parent, &other_tutor] {
        let read = app.call("GET", &format!("/api/bookings/{id}"), Some(stranger), None).await;
        assert_eq!((read.status, read.body["code"].as_str()), (404, Some("booking_not_found")));
        for (action, body) in [
            ("accept", json!({})),
            ("decline", json!({"reason": "mine now"})),
            ("cancel", json!({"note": "mine now"})),
            ("reschedule", json!({"startsAt": ist_at(1, 10, 0), "endsAt": ist_at(1, 11, 0), "note": "x"})),
            ("no-show", json!({})),
        ] {
            let tried = app.call("POST", &format!("/api/bookings/{id}/{action}"), Some(stranger), Some(body)).await;
            assert_eq!((tried.status, tried.body["code"].as_str()), (404, Some("booking_not_found")), "{action}");
        }
        let theirs = call_ok(&app, "GET", "/api/bookings", stranger, None).await;
        assert_eq!(theirs["bookings"], json!([]));
    }
    assert_eq!(app.call("GET", &format!("/api/bookings/{id}"), None, None).await.status, 401);
    let unchanged = call_ok(&app, "GET", &format!("/api/bookings/{id}"), &tutor, None).await;
    assert_eq!((&unchanged["status"], &unchanged["startsAt"]), (&json!("requested"), &booked.body["startsAt"]));
}
