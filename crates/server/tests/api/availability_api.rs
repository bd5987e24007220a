//! A tutor's availability over HTTP: only the tutor edits it (another tutor, a parent and a visitor
//! try), every rule is refused with a clear error in the reader's language and changes nothing, and
//! parents and visitors read the free times the profile's way.
//! Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

use crate::common;

use chrono::{Duration, NaiveDateTime};
use common::TestApp;
use hometutor_scheduling::ist;
use serde_json::{json, Value};

fn days_ahead(n: i64) -> String {
    (ist::today(chrono::Utc::now().naive_utc()) + Duration::days(n)).to_string()
}

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().unwrap()
}

fn every_day(start: &str, end: &str) -> Value {
    let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
    json!({"slots": days.iter().map(|d| json!({"weekday": d, "start": start, "end": end})).collect::<Vec<_>>()})
}

#[actix_web::test]
async fn only_the_tutor_edits_their_availability() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let other = app.verified_user("other@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;

    let empty = app.call("GET", "/api/tutors/me/availability", Some(&tutor), None).await;
    assert_eq!((empty.status, &empty.body), (200, &json!({"timeZone": "Asia/Kolkata", "slots": [], "exceptions": []})));

    let week = json!({"slots": [{"weekday": "wed", "start": "06:00", "end": "08:00"}, {"weekday": "mon", "start": "17:00", "end": "19:00"}]});
    let saved = app.call("PUT", "/api/tutors/me/availability/slots", Some(&tutor), Some(week.clone())).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(
        saved.body["slots"],
        json!([{"weekday": "mon", "start": "17:00", "end": "19:00"}, {"weekday": "wed", "start": "06:00", "end": "08:00"}])
    );
    let off = json!({"startDate": days_ahead(3), "endDate": days_ahead(4), "note": "Exams"});
    let added = app.call("POST", "/api/tutors/me/availability/exceptions", Some(&tutor), Some(off)).await;
    assert_eq!(added.status, 201, "{:?}", added.body);
    let exception = added.body["exceptions"][0].clone();
    assert_eq!(exception["startDate"], json!(days_ahead(3)));
    assert_eq!(exception["note"], "Exams");
    let id = exception["id"].as_i64().unwrap();

    // Another tutor cannot remove it (as if it did not exist), and their own week stays their own.
    let taken = app.call("DELETE", &format!("/api/tutors/me/availability/exceptions/{id}"), Some(&other), None).await;
    assert_eq!((taken.status, taken.body["code"].as_str()), (404, Some("not_found")));
    let theirs = app.call("PUT", "/api/tutors/me/availability/slots", Some(&other), Some(json!({"slots": []}))).await;
    assert_eq!(theirs.status, 200);
    // A parent has none to edit; a visitor is not signed in.
    let by_parent = app.call("PUT", "/api/tutors/me/availability/slots", Some(&parent), Some(week.clone())).await;
    assert_eq!((by_parent.status, by_parent.body["code"].as_str()), (403, Some("not_a_tutor")));
    assert_eq!(by_parent.body["message"], "Only tutors keep availability.");
    let by_parent = app
        .call(
            "POST",
            "/api/tutors/me/availability/exceptions",
            Some(&parent),
            Some(json!({"startDate": days_ahead(1), "endDate": days_ahead(1)})),
        )
        .await;
    assert_eq!(by_parent.status, 403);
    for (method, path) in [
        ("GET", "/api/tutors/me/availability"),
        ("PUT", "/api/tutors/me/availability/slots"),
        ("DELETE", &format!("/api/tutors/me/availability/exceptions/{id}")),
    ] {
        let anonymous = app.call(method, path, None, Some(week.clone())).await;
        assert_eq!(anonymous.status, 401, "{method} {path}");
    }

    let mine = app.call("GET", "/api/tutors/me/availability", Some(&tutor), None).await;
    assert_eq!((&mine.body["slots"], &mine.body["exceptions"][0]), (&saved.body["slots"], &exception), "untouched");
    let removed = app.call("DELETE", &format!("/api/tutors/me/availability/exceptions/{id}"), Some(&tutor), None).await;
    assert_eq!((removed.status, &removed.body["exceptions"]), (200, &json!([])));
}

#[actix_web::test]
async fn broken_rules_are_refused_in_the_readers_language_and_change_nothing() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let week = json!({"slots": [{"weekday": "mon", "start": "17:00", "end": "19:00"}]});
    app.call("PUT", "/api/tutors/me/availability/slots", Some(&tutor), Some(week)).await;

    let slot = |weekday: &str, start: &str, end: &str| json!({"weekday": weekday, "start": start, "end": end});
    let cases = [
        (
            json!({"slots": [slot("tue", "05:30", "07:00")]}),
            "Tuesday 05:30–07:00: slots must lie between 06:00 and 22:00 IST.",
        ),
        (json!({"slots": [slot("tue", "18:00", "17:00")]}), "Tuesday 18:00–17:00: a slot must end after it starts."),
        (
            json!({"slots": [slot("tue", "17:10", "18:00")]}),
            "Tuesday 17:10–18:00: slots start and end on the hour or half past.",
        ),
        (
            json!({"slots": [slot("fri", "17:00", "19:00"), slot("fri", "18:00", "20:00")]}),
            "Two slots on Friday overlap: 17:00–19:00 and 18:00–20:00.",
        ),
        (json!({"slots": vec![slot("mon", "06:00", "06:30"); 57]}), "At most 56 slots a week, please."),
    ];
    for (body, message) in cases {
        let refused = app.call("PUT", "/api/tutors/me/availability/slots", Some(&tutor), Some(body)).await;
        assert_eq!((refused.status, refused.body["code"].as_str()), (400, Some("validation")), "{:?}", refused.body);
        assert_eq!((&refused.body["message"], &refused.body["fields"]["slots"]), (&json!(message), &json!(message)));
    }
    let time_off = [
        (
            json!({"startDate": days_ahead(-1), "endDate": days_ahead(1)}),
            "startDate",
            "Time off cannot start in the past.",
        ),
        (
            json!({"startDate": days_ahead(5), "endDate": days_ahead(4)}),
            "endDate",
            "Time off must end on or after the day it starts.",
        ),
        (
            json!({"startDate": "26/01/2027", "endDate": days_ahead(4)}),
            "startDate",
            "Write dates as YYYY-MM-DD, for example 2027-01-26.",
        ),
    ];
    for (body, field, message) in time_off {
        let refused = app.call("POST", "/api/tutors/me/availability/exceptions", Some(&tutor), Some(body)).await;
        assert_eq!((refused.status, &refused.body["fields"][field]), (400, &json!(message)), "{:?}", refused.body);
    }
    let mine = app.call("GET", "/api/tutors/me/availability", Some(&tutor), None).await;
    assert_eq!(mine.body["slots"], json!([slot("mon", "17:00", "19:00")]), "nothing half-written");
    assert_eq!(mine.body["exceptions"], json!([]));

    let hindi = app.call("PUT", "/api/auth/profile", Some(&tutor), Some(json!({"language": "hi"}))).await;
    assert_eq!(hindi.status, 200);
    let body = json!({"slots": [slot("sun", "17:00", "19:00"), slot("sun", "18:00", "20:00")]});
    let refused = app.call("PUT", "/api/tutors/me/availability/slots", Some(&tutor), Some(body)).await;
    assert_eq!(refused.body["message"], "रविवार के दो स्लॉट आपस में टकराते हैं: 17:00–19:00 और 18:00–20:00।");
    let parent = app.verified_user("parent@example.com", "parent").await;
    let by_parent = app.call("PUT", "/api/auth/profile", Some(&parent), Some(json!({"language": "hi"}))).await;
    assert_eq!(by_parent.status, 200);
    let refused = app.call("GET", "/api/tutors/me/availability", Some(&parent), None).await;
    assert_eq!(refused.body["message"], "उपलब्धता सिर्फ़ ट्यूटर रख सकते हैं।");
}

#[actix_web::test]
async fn parents_and_visitors_read_free_times_as_they_see_the_profile() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor_id = id_of(&app, &tutor).await;
    app.call("PUT", "/api/tutors/me/availability/slots", Some(&tutor), Some(every_day("21:00", "22:00"))).await;
    let off = json!({"startDate": days_ahead(1), "endDate": days_ahead(1)});
    app.call("POST", "/api/tutors/me/availability/exceptions", Some(&tutor), Some(off)).await;

    let path = format!("/api/tutors/{tutor_id}/availability?weeks=1");
    // Seven days, one of them away. The slot under way is offered from the next half hour, so
    // today's 21:00–22:00 is offered while it is no later than 21:30 IST. The server reads its
    // clock between these two readings; either answer is right when they straddle 21:30.
    let offered_today = |now: NaiveDateTime| now <= ist::to_utc(ist::today(now), 21 * 60 + 30);
    let before = chrono::Utc::now().naive_utc();
    let visitor = app.call("GET", &path, None, None).await;
    let now = chrono::Utc::now().naive_utc();
    assert_eq!(visitor.status, 200, "{:?}", visitor.body);
    assert_eq!((&visitor.body["timeZone"], &visitor.body["weeks"]), (&json!("Asia/Kolkata"), &json!(1)));
    let free = visitor.body["free"].as_array().unwrap();
    let expected: Vec<usize> = [before, now].iter().map(|t| 5 + usize::from(offered_today(*t))).collect();
    assert!(expected.contains(&free.len()), "expected {expected:?} intervals: {free:?}");
    let tomorrow = ist::today(now) + Duration::days(1);
    for interval in free {
        let start = interval["start"].as_str().unwrap();
        assert!(start.ends_with('Z'), "UTC: {start}");
        let start = NaiveDateTime::parse_from_str(start, "%Y-%m-%dT%H:%M:%SZ").unwrap();
        assert_ne!(ist::today(start), tomorrow, "the day away is not offered");
        assert_eq!(interval["end"], json!(format!("{}T16:30:00Z", ist::today(start))), "22:00 IST");
    }
    let as_parent = app.call("GET", &path, Some(&parent), None).await;
    assert_eq!(as_parent.body["free"], visitor.body["free"]);
    let by_email = app.call("GET", "/api/tutors/tutor%40example.com/availability?weeks=1", None, None).await;
    assert_eq!(by_email.body["free"], visitor.body["free"]);

    let too_far = app.call("GET", &format!("/api/tutors/{tutor_id}/availability?weeks=9"), None, None).await;
    assert_eq!((too_far.status, &too_far.body["fields"]["weeks"]), (400, &json!("Ask for 1 to 8 weeks.")));
    let parent_id = id_of(&app, &parent).await;
    let not_a_tutor = app.call("GET", &format!("/api/tutors/{parent_id}/availability"), None, None).await;
    assert_eq!((not_a_tutor.status, not_a_tutor.body["message"].as_str()), (404, Some("Tutor not found.")));

    // A tutor who blocks the parent is not found by them, as on the profile.
    let block = app.call("POST", "/api/chat/block", Some(&tutor), Some(json!({"partnerId": parent_id}))).await;
    assert!(block.status < 300, "{:?}", block.body);
    let profile = app.call("GET", &format!("/api/tutors/{tutor_id}"), Some(&parent), None).await;
    let blocked = app.call("GET", &path, Some(&parent), None).await;
    assert_eq!((profile.status, blocked.status), (404, 404));
    assert_eq!(app.call("GET", &path, None, None).await.status, 200, "visitors still see them");
}
