//! `TEST_CLOCK=1`: a clock a browser test can move. `POST /api/testing/clock`
//! `{advanceSeconds}` advances this process's clock ([`hometutor_db::clock::advance`],
//! which every stored time and every "has ten minutes passed?" reads) and wakes
//! the periodic jobs at once, so "e-mailed after 10 minutes unread" takes a second.
//! Without the variable the route does not exist (404), and it is never in the
//! OpenAPI document: no client may rely on it.

use actix_web::{web, HttpResponse};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

use crate::errors::ApiError;
use crate::input::Json;

/// Longest single step, so a typo cannot push the clock past any sensible date.
const MAX_ADVANCE_SECONDS: u64 = 400 * 24 * 3600;

/// Wakes the periodic jobs (`crate::periodic`) besides their interval. A counter on a
/// watch channel: a job busy when it moves still sees the change on its next wait.
#[derive(Clone)]
pub struct Wake(watch::Sender<u64>);

impl Default for Wake {
    fn default() -> Self {
        Self(watch::channel(0).0)
    }
}

impl Wake {
    pub fn ring(&self) {
        self.0.send_modify(|n| *n = n.wrapping_add(1));
    }

    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.0.subscribe()
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AdvanceBody {
    advance_seconds: f64,
}

#[derive(Serialize)]
struct Now {
    now: DateTime<Utc>,
}

/// Registers the route when the clock is a test's to move (not under the documented `/api` scope).
pub fn configure(cfg: &mut web::ServiceConfig, enabled: bool) {
    if enabled {
        cfg.route("/api/testing/clock", web::post().to(advance));
    }
}

async fn advance(
    wake: web::Data<Wake>,
    state: web::Data<crate::state::AppState>,
    body: Json<AdvanceBody>,
) -> Result<HttpResponse, ApiError> {
    let seconds = body.into_inner().advance_seconds;
    if !seconds.is_finite() || !(0.0..=MAX_ADVANCE_SECONDS as f64).contains(&seconds) {
        return Err(ApiError::invalid_fields(
            "advanceSeconds must be between 0 and 34560000.",
            [("advanceSeconds".to_string(), format!("Between 0 and {MAX_ADVANCE_SECONDS} seconds."))].into(),
        ));
    }
    hometutor_db::clock::advance(std::time::Duration::from_secs_f64(seconds));
    let now = hometutor_db::now().and_utc();
    tracing::warn!(advanced_seconds = seconds, now = %now, "TEST_CLOCK: the clock was moved forward");
    wake.ring();
    // The daily digest waits on a signal of its own; its lease is timed on this clock too.
    state.digest_signal.notify();
    Ok(HttpResponse::Ok().json(Now { now }))
}
