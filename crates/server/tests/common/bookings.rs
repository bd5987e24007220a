//! Demo-class bookings for tests: times written as IST wall clock, a tutor's week opened.

use chrono::Duration;
use hometutor_scheduling::ist;
use serde_json::{json, Value};

use super::{Reply, TestApp};

/// The UTC instant (RFC 3339, `Z`) of `hh:mm` IST, `days` days after today in India (by the
/// server's clock, which a test may have moved).
pub fn ist_at(days: i64, hh: i32, mm: i32) -> String {
    let day = ist::today(hometutor_db::now()) + Duration::days(days);
    ist::to_utc(day, hh * 60 + mm).format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// `{startsAt, endsAt}` on day `days`, from `from` to `to` (each `(hh, mm)` IST).
pub fn time(days: i64, from: (i32, i32), to: (i32, i32)) -> Value {
    json!({"startsAt": ist_at(days, from.0, from.1), "endsAt": ist_at(days, to.0, to.1)})
}

impl TestApp {
    pub async fn user_id(&self, token: &str) -> i64 {
        self.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
    }

    /// Gives the tutor slots from `start` to `end` (`HH:MM` IST) every day of the week.
    pub async fn open_week(&self, tutor: &str, start: &str, end: &str) {
        let days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];
        let slots: Vec<Value> = days.iter().map(|d| json!({"weekday": d, "start": start, "end": end})).collect();
        let saved =
            self.call("PUT", "/api/tutors/me/availability/slots", Some(tutor), Some(json!({"slots": slots}))).await;
        assert_eq!(saved.status, 200, "{:?}", saved.body);
    }

    /// `POST /api/bookings` in `mode` with `times`.
    pub async fn book(&self, parent: &str, tutor: i64, mode: &str, times: Vec<Value>) -> Reply {
        let body = json!({"tutorId": tutor, "mode": mode, "times": times});
        self.call("POST", "/api/bookings", Some(parent), Some(body)).await
    }

    /// The tutor's free times over the next two weeks, as a visitor reads them.
    pub async fn free_of(&self, tutor: i64) -> Value {
        let free = self.call("GET", &format!("/api/tutors/{tutor}/availability"), None, None).await;
        assert_eq!(free.status, 200, "{:?}", free.body);
        free.body
    }

    /// Whether the visitor's free times hold all of `time` (`{startsAt, endsAt}`) in one interval.
    pub async fn is_free(&self, tutor: i64, time: &Value) -> bool {
        let free = self.free_of(tutor).await;
        free["free"]
            .as_array()
            .expect("free")
            .iter()
            .any(|f| f["start"].as_str() <= time["startsAt"].as_str() && time["endsAt"].as_str() <= f["end"].as_str())
    }

    /// The kinds and titles of the user's newest notifications of kind `booking`, newest first.
    pub async fn booking_notices(&self, token: &str) -> Vec<(String, String)> {
        let got = self.call("GET", "/api/notifications", Some(token), None).await;
        assert_eq!(got.status, 200, "{:?}", got.body);
        got.body["items"]
            .as_array()
            .expect("items")
            .iter()
            .filter(|n| n["kind"] == "booking")
            .map(|n| (n["title"].as_str().unwrap_or_default().into(), n["body"].as_str().unwrap_or_default().into()))
            .collect()
    }
}
