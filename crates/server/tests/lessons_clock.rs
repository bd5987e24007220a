//! Lessons after a demo (`TEST_CLOCK=1` moves the server's clock): a tutor assigned by the
//! parent's "continue" plans a recurring schedule; every rule is refused with a clear error
//! (English and Hindi) and changes nothing; only the two sides see it; the parent confirms or
//! disputes, the tutor cancels before the start and writes the diary; an undisputed lesson
//! confirms itself 48 hours after its end and a disputed one never does; the month's statement
//! counts them. Its own test binary: the clock it moves is the whole process's. Runs on SQLite,
//! and on PostgreSQL with TEST_DATABASE_URL set.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::collections::BTreeSet;

use chrono::{DateTime, Utc};
use common::lessons::{ist_date, ist_instant, plan};
use common::TestApp;
use serde_json::{json, Value};

fn code(r: &common::Reply) -> (u16, Option<&str>) {
    (r.status, r.body["code"].as_str())
}

async fn language(app: &TestApp, token: &str, lang: &str) {
    let set = app.call("PUT", "/api/auth/profile", Some(token), Some(json!({"language": lang}))).await;
    assert_eq!(set.status, 200, "{:?}", set.body);
}

#[actix_web::test]
async fn bad_plans_are_refused_clearly_and_change_nothing() {
    let app = TestApp::start_with(&[("TEST_CLOCK", "1".into())]).await;
    let f = app.family_after_demo("tutor@example.com", "parent@example.com").await;
    let other = app.verified_user("other@example.com", "tutor").await;
    let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
    let field = |r: &common::Reply, name: &str| (r.status, r.body["fields"][name].as_str().map(str::to_string));
    let try_plan = |token: String, body: Value| {
        let app = &app;
        async move { app.call("POST", "/api/lesson-plans", Some(&token), Some(body)).await }
    };

    let ended = try_plan(f.tutor.clone(), plan(f.request, &days, "17:00", &ist_date(5), &ist_date(4))).await;
    assert_eq!(field(&ended, "endDate"), (400, Some("The end date is before the start date.".into())));
    let long = try_plan(f.tutor.clone(), plan(f.request, &days, "17:00", &ist_date(1), &ist_date(400))).await;
    assert_eq!(field(&long, "endDate"), (400, Some("A lesson plan lasts at most a year.".into())));
    let late = try_plan(f.tutor.clone(), plan(f.request, &days, "21:30", &ist_date(1), &ist_date(7))).await;
    assert_eq!(field(&late, "start"), (400, Some("Lessons lie between 06:00 and 22:00 IST.".into())));
    let early = try_plan(f.tutor.clone(), plan(f.request, &days, "05:00", &ist_date(1), &ist_date(7))).await;
    assert_eq!(field(&early, "start"), (400, Some("Lessons lie between 06:00 and 22:00 IST.".into())));
    let past = try_plan(f.tutor.clone(), plan(f.request, &days, "17:00", &ist_date(-1), &ist_date(7))).await;
    assert_eq!(field(&past, "startDate"), (400, Some("Choose a start date from today on.".into())));
    let mut no_fee = plan(f.request, &days, "17:00", &ist_date(1), &ist_date(7));
    no_fee["feePerLesson"] = json!(0);
    assert_eq!(try_plan(f.tutor.clone(), no_fee).await.status, 400);
    // In Hindi for a tutor who reads Hindi.
    language(&app, &f.tutor, "hi").await;
    let hindi = try_plan(f.tutor.clone(), plan(f.request, &days, "17:00", &ist_date(5), &ist_date(4))).await;
    assert_eq!(field(&hindi, "endDate"), (400, Some("आख़िरी तारीख़ शुरुआती तारीख़ से पहले है।".into())));
    language(&app, &f.tutor, "en").await;

    // A parent does not plan; a tutor not assigned to the request cannot plan for it.
    let parent_tried = try_plan(f.parent.clone(), plan(f.request, &days, "17:00", &ist_date(1), &ist_date(7))).await;
    assert_eq!(code(&parent_tried), (403, Some("not_a_tutor")));
    let stranger = try_plan(other.clone(), plan(f.request, &days, "17:00", &ist_date(1), &ist_date(7))).await;
    assert_eq!(stranger.status, 400, "{:?}", stranger.body);
    assert!(stranger.body["fields"]["requestId"].is_string(), "{:?}", stranger.body);
    for token in [&f.tutor, &f.parent] {
        let mine = app.call("GET", "/api/lesson-plans", Some(token), None).await;
        assert_eq!(mine.body["plans"], json!([]), "a refused plan changes nothing");
    }

    // The demo's parties may be reused instead of the request.
    let mut by_demo = plan(f.request, &["mon", "wed", "fri"], "17:00", &ist_date(1), &ist_date(14));
    by_demo["requestId"] = Value::Null;
    by_demo["bookingId"] = json!(f.booking);
    let made = try_plan(f.tutor.clone(), by_demo).await;
    assert_eq!(made.status, 201, "{:?}", made.body);
    assert_eq!((&made.body["parent"]["id"], &made.body["subject"]), (&json!(f.parent_id), &json!("Mathematics")));
    let first = made.body["lessons"][0].clone();
    // The lessons leave the tutor's free times, so no demo is booked over them.
    let held = json!({"startsAt": first["startsAt"], "endsAt": first["endsAt"]});
    assert!(!app.is_free(f.tutor_id, &held).await, "{first:?}");

    // Overlapping the tutor's own lessons: refused in English and Hindi, nothing made.
    let clash = try_plan(f.tutor.clone(), plan(f.request, &days, "17:30", &ist_date(1), &ist_date(3))).await;
    assert_eq!(code(&clash), (409, Some("lesson_overlap")));
    // Any three days in a row hold a Monday, Wednesday or Friday: the first plan's first lesson.
    let date = first["date"].as_str().unwrap().to_string();
    assert_eq!(clash.body["message"], format!("The lesson on {date} overlaps another of your classes."));
    language(&app, &f.tutor, "hi").await;
    let hindi = try_plan(f.tutor.clone(), plan(f.request, &days, "17:30", &ist_date(1), &ist_date(3))).await;
    assert_eq!(hindi.body["message"], format!("{date} की क्लास आपकी किसी दूसरी क्लास से टकराती है।"));
    let mine = app.call("GET", "/api/lesson-plans", Some(&f.tutor), None).await;
    assert_eq!(mine.body["plans"].as_array().unwrap().len(), 1);
}

#[actix_web::test]
async fn lessons_are_confirmed_disputed_cancelled_and_counted() {
    let app = TestApp::start_with(&[("TEST_CLOCK", "1".into())]).await;
    let f = app.family_after_demo("tutor@example.com", "parent@example.com").await;
    let stranger = app.verified_user("stranger@example.com", "parent").await;
    let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
    // Every day for a week from tomorrow, 17:00–18:00 IST, ₹500.
    let week = plan(f.request, &days, "17:00", &ist_date(1), &ist_date(7));
    let made = app.call("POST", "/api/lesson-plans", Some(&f.tutor), Some(week)).await;
    assert_eq!(made.status, 201, "{:?}", made.body);
    let plan_id = made.body["id"].as_i64().unwrap();
    let lessons: Vec<Value> = made.body["lessons"].as_array().unwrap().clone();
    assert_eq!(lessons.len(), 7);
    assert_eq!((&made.body["start"], &made.body["feePerLesson"]), (&json!("17:00"), &json!(500)));
    let id = |n: usize| lessons[n]["id"].as_i64().unwrap();
    let at = |n: usize, what: &str| app_path(id(n), what);

    // Only the two sides: a third user learns nothing.
    for path in [format!("/api/lesson-plans/{plan_id}"), format!("/api/lessons/diary?with={}", f.tutor_id)] {
        assert_eq!(code(&app.call("GET", &path, Some(&stranger), None).await).0, 404, "{path}");
    }
    let r = app.call("POST", &at(0, "confirm"), Some(&stranger), None).await;
    assert_eq!(code(&r), (404, Some("lesson_not_found")));
    let r = app.call("POST", &at(0, "cancel"), Some(&stranger), Some(json!({"note": "x"}))).await;
    assert_eq!(code(&r), (404, Some("lesson_not_found")));
    // Each side only does its own part.
    let r = app.call("POST", &at(0, "confirm"), Some(&f.tutor), None).await;
    assert_eq!(code(&r), (403, Some("not_a_parent")));
    assert_eq!(r.body["message"], "Only the parent confirms or disputes a lesson.");
    let entry = json!({"topic": "Fractions: adding unlike denominators", "homework": "Exercise 2.3, questions 1–10"});
    let r = app.call("PUT", &at(0, "diary"), Some(&f.parent), Some(entry.clone())).await;
    assert_eq!(code(&r), (403, Some("not_a_tutor")));
    let r = app.call("POST", &at(2, "cancel"), Some(&f.parent), Some(json!({"note": "Away"}))).await;
    assert_eq!(code(&r), (403, Some("not_a_tutor")));
    // Not before it ends.
    let r = app.call("POST", &at(0, "confirm"), Some(&f.parent), None).await;
    assert_eq!(code(&r), (409, Some("lesson_not_held")));

    // The tutor cancels the third lesson before it starts, with a note, and writes the first's diary.
    let r = app.call("POST", &at(2, "cancel"), Some(&f.tutor), Some(json!({"note": "School exam day"}))).await;
    assert_eq!((r.status, &r.body["status"]), (200, &json!("cancelled")));
    assert_eq!(r.body["cancelNote"], "School exam day");
    let r = app.call("PUT", &at(0, "diary"), Some(&f.tutor), Some(entry.clone())).await;
    assert_eq!((r.status, &r.body["topic"]), (200, &entry["topic"]));

    // After the second lesson: the parent confirms the first and disputes the second.
    app.move_clock_to(ist_instant(2, 18, 1)).await;
    let r = app.call("POST", &at(0, "confirm"), Some(&f.parent), None).await;
    assert_eq!((r.status, &r.body["status"], &r.body["autoConfirmed"]), (200, &json!("confirmed"), &json!(false)));
    let r = app.call("POST", &at(1, "dispute"), Some(&f.parent), Some(json!({"note": ""}))).await;
    assert_eq!(r.status, 400, "a dispute needs a note: {:?}", r.body);
    let r = app.call("POST", &at(1, "dispute"), Some(&f.parent), Some(json!({"note": "The tutor did not come"}))).await;
    assert_eq!((r.status, &r.body["status"]), (200, &json!("disputed")));
    let r = app.call("POST", &at(0, "cancel"), Some(&f.tutor), Some(json!({"note": "Too late"}))).await;
    assert_eq!(code(&r), (409, Some("lesson_started")));
    // The parent reads the diary.
    let d = app.call("GET", &format!("/api/lessons/diary?with={}", f.tutor_id), Some(&f.parent), None).await;
    assert_eq!(d.status, 200, "{:?}", d.body);
    let entries = d.body["entries"].as_array().unwrap();
    let first = entries.iter().find(|e| e["lessonId"] == id(0)).unwrap();
    assert_eq!((&first["topic"], &first["homework"]), (&entry["topic"], &entry["homework"]));
    assert_eq!(first["date"], lessons[0]["date"]);
    assert!(entries.iter().all(|e| e["lessonId"] != id(2)), "a cancelled lesson has no diary entry");

    // Two days after the seventh lesson's start: those ended 48 hours ago confirmed themselves;
    // the disputed one did not, and a late dispute is refused.
    // (Days count from today, which the last move made the second lesson's day.)
    app.move_clock_to(ist_instant(5, 19, 0)).await;
    let read = app.call("GET", &format!("/api/lesson-plans/{plan_id}"), Some(&f.parent), None).await;
    let status: Vec<(String, bool)> = read.body["lessons"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["status"].as_str().unwrap().to_string(), l["autoConfirmed"].as_bool().unwrap()))
        .collect();
    let s = |t: &str, auto: bool| (t.to_string(), auto);
    assert_eq!(
        status,
        [
            s("confirmed", false),
            s("disputed", false),
            s("cancelled", false),
            s("confirmed", true),
            s("confirmed", true),
            s("held", false),
            s("held", false)
        ]
    );
    let confirms_at: DateTime<Utc> = read.body["lessons"][5]["confirmsAt"].as_str().unwrap().parse().unwrap();
    let ends_at: DateTime<Utc> = read.body["lessons"][5]["endsAt"].as_str().unwrap().parse().unwrap();
    assert_eq!(confirms_at - ends_at, chrono::TimeDelta::hours(48));
    let r = app.call("POST", &at(3, "dispute"), Some(&f.parent), Some(json!({"note": "Too late"}))).await;
    assert_eq!(code(&r), (409, Some("lesson_closed")));
    assert_eq!(r.body["message"], "This lesson can no longer be changed.");
    // Long after: still disputed, never confirmed by the clock.
    app.move_clock_to(ist_instant(30, 12, 0)).await;
    let read = app.call("GET", &format!("/api/lesson-plans/{plan_id}"), Some(&f.tutor), None).await;
    assert_eq!(read.body["lessons"][1]["status"], "disputed");
    assert_eq!(read.body["lessons"][1]["disputeNote"], "The tutor did not come");

    // The statement, month by month (the week may cross one): 3 confirmed × ₹500.
    let months: BTreeSet<String> = lessons.iter().map(|l| l["date"].as_str().unwrap()[..7].to_string()).collect();
    let mut sum = [0_i64; 7];
    for month in &months {
        let path = format!("/api/lesson-plans/{plan_id}/statement?month={month}");
        let st = app.call("GET", &path, Some(&f.parent), None).await;
        assert_eq!(st.status, 200, "{:?}", st.body);
        assert_eq!(st.body["feePerLesson"], 500);
        let keys = ["held", "confirmed", "awaiting", "disputed", "cancelled", "scheduled", "total"];
        for (i, k) in keys.iter().enumerate() {
            sum[i] += st.body[k].as_i64().unwrap();
        }
    }
    assert_eq!(sum, [6, 5, 0, 1, 1, 0, 2500], "held, confirmed, awaiting, disputed, cancelled, scheduled, total");
    let statement = |month: &str| format!("/api/lesson-plans/{plan_id}/statement?month={month}");
    let bad = app.call("GET", &statement("2027-13"), Some(&f.tutor), None).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.body["fields"]["month"], "Write the month as 2027-01 (YYYY-MM).");
    let st = app.call("GET", &statement("2027-01"), Some(&stranger), None).await;
    assert_eq!(code(&st), (404, Some("lesson_plan_not_found")));
}

fn app_path(id: i64, what: &str) -> String {
    format!("/api/lessons/{id}/{what}")
}
