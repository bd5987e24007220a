//! Demo classes in calendar programs: a user's private feed (made once, replaced, stopped) read
//! without a login as text/calendar, with a real iCalendar parser; one booking's `.ics` for its two
//! sides only. Nobody else's classes, and never the home's point. Runs on SQLite, and on PostgreSQL
//! with TEST_DATABASE_URL set.

use crate::common;

use common::bookings::time;
use common::calendar::{self, value};
use common::TestApp;
use serde_json::json;

const DELHI: [f64; 2] = [77.209, 28.6139];

/// GET `url` (the feed address, named after PUBLIC_URL) on the test server, without a login.
async fn fetch(app: &TestApp, url: &str, etag: Option<&str>) -> reqwest::Response {
    let path = url.strip_prefix("http://localhost:8080").expect("named after PUBLIC_URL");
    let mut get = app.client.get(format!("{}{path}", app.base));
    if let Some(etag) = etag {
        get = get.header("If-None-Match", etag);
    }
    get.send().await.unwrap()
}

async fn feed_url(app: &TestApp, token: &str, method: &str, path: &str) -> String {
    let reply = app.call(method, path, Some(token), None).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body["url"].as_str().unwrap().to_string()
}

#[actix_web::test]
async fn a_private_feed_lists_only_the_users_classes_and_a_new_link_or_a_stop_ends_the_old_one() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let tutor_id = app.user_id(&tutor).await;
    app.open_week(&tutor, "06:00", "22:00").await;
    let body =
        json!({"subject": "Mathematics", "classLevel": "Class 10", "preferredTime": "Evenings", "location": DELHI});
    let request = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await.body["id"].as_i64().unwrap();
    let slot = time(2, (17, 0), (18, 0));
    let body = json!({"tutorId": tutor_id, "requestId": request, "mode": "slot", "times": [slot]});
    let booked = app.call("POST", "/api/bookings", Some(&parent), Some(body)).await;
    assert_eq!(booked.status, 201, "{:?}", booked.body);
    let confirmed = booked.body["id"].as_i64().unwrap();
    let place = booked.body["place"].as_str().unwrap().to_string();
    let accept = app.call("POST", &format!("/api/bookings/{confirmed}/accept"), Some(&tutor), Some(json!({}))).await;
    assert_eq!(accept.status, 200, "{:?}", accept.body);
    let asked = app.book(&parent, tutor_id, "slot", vec![time(3, (17, 0), (18, 0))]).await;
    let requested = asked.body["id"].as_i64().unwrap();
    let gone = app.book(&parent, tutor_id, "slot", vec![time(3, (19, 0), (20, 0))]).await.body["id"].as_i64().unwrap();
    let cancel_path = format!("/api/bookings/{gone}/cancel");
    let cancel = app.call("POST", &cancel_path, Some(&parent), Some(json!({"note": "x"}))).await;
    assert_eq!(cancel.status, 200, "{:?}", cancel.body);

    let url = feed_url(&app, &parent, "GET", "/api/calendar/feed").await;
    assert_eq!(feed_url(&app, &parent, "GET", "/api/calendar/feed").await, url, "the same address again");
    assert!(url.ends_with(".ics") && url.len() > 64 + 30, "{url}");
    let answer = fetch(&app, &url, None).await;
    assert_eq!(answer.status(), 200);
    let headers = answer.headers().clone();
    assert!(headers["content-type"].to_str().unwrap().starts_with("text/calendar"));
    assert!(headers["cache-control"].to_str().unwrap().starts_with("private"));
    let etag = headers["etag"].to_str().unwrap().to_string();
    let ics = answer.text().await.unwrap();
    let cal = calendar::parse(&ics);
    let event = |id: i64| cal.event(&format!("booking-{id}@localhost:8080")).unwrap_or_else(|| panic!("{id} in {ics}"));
    assert_eq!(value(event(confirmed), "STATUS"), Some("CONFIRMED"));
    assert_eq!(value(event(confirmed), "SUMMARY"), Some("Demo class: Mathematics with Asha Kumar"));
    assert_eq!(value(event(confirmed), "LOCATION"), Some(calendar_text(&place).as_str()));
    assert_eq!(value(event(confirmed), "DTSTART"), Some(slot["startsAt"].as_str().unwrap().replace(['-', ':'], "").as_str()));
    assert_eq!(value(event(requested), "STATUS"), Some("TENTATIVE"));
    assert_eq!(value(event(gone), "STATUS"), Some("CANCELLED"));
    assert!(!ics.contains("77.209") && !ics.contains("28.61"), "never the home's point");
    // Asked again with its ETag while nothing changed: 304.
    assert_eq!(fetch(&app, &url, Some(&etag)).await.status(), 304);

    // Another user's feed holds none of them; the tutor's holds the same classes.
    let others = fetch(&app, &feed_url(&app, &other, "GET", "/api/calendar/feed").await, None).await;
    assert!(calendar::parse(&others.text().await.unwrap()).events.is_empty());
    let tutors = fetch(&app, &feed_url(&app, &tutor, "GET", "/api/calendar/feed").await, None).await;
    assert_eq!(calendar::parse(&tutors.text().await.unwrap()).events.len(), 3);

    // A new link: the old address is 404, the new one works; stopped: 404.
    let new_url = feed_url(&app, &parent, "POST", "/api/calendar/feed/rotate").await;
    assert_ne!(new_url, url);
    assert_eq!(fetch(&app, &url, None).await.status(), 404);
    assert_eq!(fetch(&app, &new_url, None).await.status(), 200);
    assert_eq!(app.call("DELETE", "/api/calendar/feed", Some(&parent), None).await.status, 204);
    assert_eq!(fetch(&app, &new_url, None).await.status(), 404);
    let made_up = format!("http://localhost:8080/calendar/{}.ics", "0".repeat(64));
    assert_eq!(fetch(&app, &made_up, None).await.status(), 404);
    assert_eq!(app.call("GET", "/api/calendar/feed", None, None).await.status, 401);
}

#[actix_web::test]
async fn a_bookings_ics_is_for_its_two_sides_only() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let stranger = app.verified_user("stranger@example.com", "tutor").await;
    let tutor_id = app.user_id(&tutor).await;
    app.open_week(&tutor, "06:00", "22:00").await;
    let booked = app.book(&parent, tutor_id, "slot", vec![time(2, (10, 0), (11, 0))]).await;
    let id = booked.body["id"].as_i64().unwrap();
    let path = format!("{}/api/bookings/{id}/calendar.ics", app.base);
    for (token, status) in [(&parent, 200), (&tutor, 200), (&stranger, 404)] {
        let answer = app.client.get(&path).bearer_auth(token).send().await.unwrap();
        assert_eq!(answer.status(), status);
        if status == 200 {
            let cal = calendar::parse(&answer.text().await.unwrap());
            assert!(cal.event(&format!("booking-{id}@localhost:8080")).is_some());
        }
    }
    assert_eq!(app.client.get(&path).send().await.unwrap().status(), 401);
}

/// `place` as a calendar TEXT value is written (commas escaped).
fn calendar_text(place: &str) -> String {
    place.replace('\\', "\\\\").replace(';', "\\;").replace(',', "\\,")
}
