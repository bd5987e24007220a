//! Demo-class reminders and the `.ics` of booking e-mails as time passes (`TEST_CLOCK=1` moves the
//! server's clock and wakes the periodic jobs): a confirmed class is reminded 24 hours and 1 hour
//! before, to both sides, in the app and by e-mail with a calendar event a real parser reads; a
//! cancelled one never, a moved one at its new time only, and one confirmed less than 24 hours
//! ahead only an hour before. Its own test binary: the clock it moves is the whole process's. Runs
//! on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::time::Duration;

use chrono::{DateTime, Utc};
use common::bookings::time;
use common::calendar::{self, value};
use common::TestApp;
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(20);

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

/// `2027-01-11T04:30:00Z` → `20270111T043000Z`.
fn ics_time(time: &Value, field: &str) -> String {
    time[field].as_str().unwrap().replace(['-', ':'], "")
}

/// The reminders (by title) `token`'s user was told, newest first.
async fn reminders(app: &TestApp, token: &str) -> Vec<String> {
    app.booking_notices(token).await.into_iter().map(|(t, _)| t).filter(|t| t.starts_with("Reminder")).collect()
}

#[actix_web::test]
async fn confirmed_classes_are_reminded_once_a_day_and_an_hour_before_with_a_calendar_event() {
    let app = TestApp::start_with(&[("TEST_CLOCK", "1".into())]).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor_id = app.user_id(&tutor).await;
    app.open_week(&tutor, "06:00", "22:00").await;

    // Every time is written before the clock moves ("day 3" is counted from today).
    let (a_time, c_time, d_old) = (time(3, (10, 0), (11, 0)), time(3, (12, 0), (13, 0)), time(3, (14, 0), (15, 0)));
    let (b_time, d_new) = (time(3, (20, 0), (21, 0)), time(5, (10, 0), (11, 0)));
    let a = booked(&app, &parent, &tutor, tutor_id, &a_time).await;

    // The acceptance e-mail carries the class as a calendar event a parser reads.
    let accepted = app.smtp.wait_for("parent@example.com", "accepted your demo class", WAIT).await.expect("mail");
    let ics = calendar::attachment(&accepted).expect("an .ics attachment");
    assert!(ics.contains("\r\n") && ics.split("\r\n").all(|l| l.len() <= 75), "{ics}");
    let cal = calendar::parse(&ics);
    assert_eq!((cal.get("VERSION"), cal.get("METHOD")), (Some("2.0"), Some("REQUEST")));
    assert!(cal.get("PRODID").is_some());
    let uid = format!("booking-{a}@localhost:8080");
    let event = cal.event(&uid).unwrap_or_else(|| panic!("event {uid} in {ics}"));
    assert_eq!(value(event, "DTSTART"), Some(ics_time(&a_time, "startsAt").as_str()));
    assert_eq!(value(event, "DTEND"), Some(ics_time(&a_time, "endsAt").as_str()));
    assert_eq!(value(event, "STATUS"), Some("CONFIRMED"));
    assert_eq!(value(event, "SUMMARY"), Some("Demo class with Asha Kumar"));
    let accepted_sequence: i64 = value(event, "SEQUENCE").unwrap().parse().unwrap();
    // The e-mail and the event lead to the class's own page in the web app (/bookings/:id).
    let page = format!("http://localhost:8080/bookings/{a}");
    assert_eq!(value(event, "URL"), Some(page.as_str()));
    assert!(accepted.data.contains(&page), "{}", accepted.data);

    // A cancelled class: its e-mail cancels the event (same UID, a higher SEQUENCE).
    let c = booked(&app, &parent, &tutor, tutor_id, &c_time).await;
    let cancel = json!({"note": "Exams moved"});
    let done = app.call("POST", &format!("/api/bookings/{c}/cancel"), Some(&parent), Some(cancel)).await;
    assert_eq!(done.status, 200, "{:?}", done.body);
    let cancelled = app.smtp.wait_for("tutor@example.com", "cancelled your demo class", WAIT).await.expect("mail");
    let cal = calendar::parse(&calendar::attachment(&cancelled).expect("an .ics"));
    assert_eq!(cal.get("METHOD"), Some("CANCEL"));
    let event = cal.event(&format!("booking-{c}@localhost:8080")).expect("its event");
    assert_eq!(value(event, "STATUS"), Some("CANCELLED"));
    assert!(value(event, "SEQUENCE").unwrap().parse::<i64>().unwrap() > accepted_sequence);

    // A class moved by the tutor to two days later, and accepted there.
    let d = booked(&app, &parent, &tutor, tutor_id, &d_old).await;
    let moved = json!({"startsAt": d_new["startsAt"], "endsAt": d_new["endsAt"], "note": "Clash"});
    let moved = app.call("POST", &format!("/api/bookings/{d}/reschedule"), Some(&tutor), Some(moved)).await;
    assert_eq!(moved.status, 200, "{:?}", moved.body);
    let ok = app.call("POST", &format!("/api/bookings/{d}/accept"), Some(&parent), Some(json!({}))).await;
    assert_eq!(ok.status, 200, "{:?}", ok.body);

    // 23 h 55 min before A: both sides are reminded, in the app and by e-mail with the event.
    move_to_before(&app, &a_time, 24 * 60 - 5).await;
    let mail = app.smtp.wait_for("tutor@example.com", "Reminder: demo class with", WAIT).await.expect("reminded");
    assert!(mail.data.contains("tomorrow"), "{}", mail.data);
    let cal = calendar::parse(&calendar::attachment(&mail).expect("an .ics"));
    assert!(cal.event(&uid).is_some());
    app.smtp.wait_for("parent@example.com", "Reminder: demo class with", WAIT).await.expect("reminded");
    assert_eq!(reminders(&app, &parent).await, ["Reminder: demo class with Asha Kumar tomorrow"]);

    // 55 minutes before A: the hour's reminder. B is booked now, 11 hours ahead.
    move_to_before(&app, &a_time, 55).await;
    let in_an_hour = |to: &'static str| app.smtp.wait_for(to, "in an hour", WAIT);
    in_an_hour("parent@example.com").await.expect("reminded");
    in_an_hour("tutor@example.com").await.expect("reminded");
    let b = booked(&app, &parent, &tutor, tutor_id, &b_time).await;

    // 55 minutes before B: only its hour's reminder (no late "tomorrow"); C and D, whose old times
    // passed on the way, were never reminded.
    move_to_before(&app, &b_time, 55).await;
    let b_uid = format!("booking-{b}@");
    let b_mail = app
        .smtp
        .wait_until(WAIT, |m| {
            m.to == ["parent@example.com"]
                && m.data.contains("in an hour")
                && calendar::attachment(m).is_some_and(|i| i.contains(&b_uid))
        })
        .await
        .expect("B reminded");
    assert!(b_mail.data.contains("in an hour"));
    let told = reminders(&app, &parent).await;
    assert_eq!(told.iter().filter(|t| t.ends_with("tomorrow")).count(), 1, "{told:?}");
    assert_eq!(told.iter().filter(|t| t.ends_with("in an hour")).count(), 2, "{told:?}");
    assert_eq!(reminders(&app, &tutor).await.len(), 3);

    // D is reminded at its new time.
    move_to_before(&app, &d_new, 24 * 60 - 5).await;
    let d_mail = app
        .smtp
        .wait_until(WAIT, |m| {
            m.to == ["tutor@example.com"]
                && m.data.contains("tomorrow")
                && calendar::attachment(m).is_some_and(|i| i.contains(&format!("booking-{d}@")))
        })
        .await
        .expect("D reminded");
    let cal = calendar::parse(&calendar::attachment(&d_mail).unwrap());
    let event = cal.event(&format!("booking-{d}@localhost:8080")).unwrap();
    assert_eq!(value(event, "DTSTART"), Some(ics_time(&d_new, "startsAt").as_str()));
}
