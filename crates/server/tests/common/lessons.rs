//! Lessons after a demo for tests: a family whose parent continued after a demo (the tutor
//! assigned to the request), the server's clock moved to an IST moment, a plan's body.

use chrono::{Duration, NaiveDateTime};
use hometutor_scheduling::ist;
use serde_json::{json, Value};

use super::bookings::time;
use super::TestApp;

/// A tutor assigned to a parent's request by the parent continuing after a demo.
pub struct Family {
    pub tutor: String,
    pub parent: String,
    pub tutor_id: i64,
    pub parent_id: i64,
    pub request: i64,
    pub booking: i64,
}

/// `YYYY-MM-DD` of the IST date `days` after today in India (by the server's clock).
pub fn ist_date(days: i64) -> String {
    (ist::today(hometutor_db::now()) + Duration::days(days)).format("%Y-%m-%d").to_string()
}

/// The UTC instant of `hh:mm` IST, `days` after today in India.
pub fn ist_instant(days: i64, hh: i32, mm: i32) -> NaiveDateTime {
    ist::to_utc(ist::today(hometutor_db::now()) + Duration::days(days), hh * 60 + mm)
}

/// A plan for `request` on `weekdays` at `start` for an hour, from `from` to `to` (IST dates), ₹500.
pub fn plan(request: i64, weekdays: &[&str], start: &str, from: &str, to: &str) -> Value {
    json!({"requestId": request, "weekdays": weekdays, "start": start, "minutes": 60,
           "startDate": from, "endDate": to, "feePerLesson": 500})
}

impl TestApp {
    /// Moves the server's clock (this process's, `TEST_CLOCK=1`) forward to `target`.
    pub async fn move_clock_to(&self, target: NaiveDateTime) {
        let seconds = (target - hometutor_db::now()).num_seconds();
        assert!(seconds > 0, "the clock only moves forward");
        let moved = self.post("/api/testing/clock", json!({"advanceSeconds": seconds})).await;
        assert_eq!(moved.status, 200, "{:?}", moved.body);
    }

    /// A tutor and a parent, the tutor assigned to the parent's request after a demo tomorrow at
    /// 10:00 IST that both said took place and both continue; the clock is left an hour after the
    /// demo's end (so "today" is the demo's day).
    pub async fn family_after_demo(&self, tutor_email: &str, parent_email: &str) -> Family {
        let tutor = self.verified_user(tutor_email, "tutor").await;
        let parent = self.verified_user(parent_email, "parent").await;
        let (tutor_id, parent_id) = (self.user_id(&tutor).await, self.user_id(&parent).await);
        self.open_week(&tutor, "06:00", "22:00").await;
        let body = json!({"subject": "Mathematics", "classLevel": "Class 8", "preferredTime": "Evenings",
                          "location": [77.209, 28.6139]});
        let made = self.call("POST", "/api/tuition", Some(&parent), Some(body)).await;
        assert_eq!(made.status, 201, "{:?}", made.body);
        let request = made.body["id"].as_i64().expect("request id");
        let slot = time(1, (10, 0), (11, 0));
        let booked = self
            .call("POST", "/api/bookings", Some(&parent), Some(json!({"tutorId": tutor_id, "requestId": request,
                "mode": "slot", "times": [slot]})))
            .await;
        assert_eq!(booked.status, 201, "{:?}", booked.body);
        let booking = booked.body["id"].as_i64().expect("booking id");
        let accept = format!("/api/bookings/{booking}/accept");
        let accepted = self.call("POST", &accept, Some(&tutor), Some(json!({}))).await;
        assert_eq!(accepted.status, 200, "{:?}", accepted.body);
        self.move_clock_to(ist_instant(1, 12, 0)).await;
        let path = format!("/api/bookings/{booking}/outcome");
        for who in [&tutor, &parent] {
            let said = self.call("POST", &path, Some(who), Some(json!({"happened": true, "continue": true}))).await;
            assert_eq!(said.status, 200, "{:?}", said.body);
        }
        let read = self.call("GET", &format!("/api/bookings/{booking}"), Some(&parent), None).await;
        assert_eq!(read.body["outcome"]["assignedRequestId"], request, "{:?}", read.body);
        Family { tutor, parent, tutor_id, parent_id, request, booking }
    }
}
