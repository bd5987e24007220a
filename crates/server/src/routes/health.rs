//! Health for people and for machines:
//!
//! - `GET /api/health/live`: the process answers (no database call). A failing
//!   liveness probe means "restart me".
//! - `GET /api/health/ready`: this process can serve now: its database answers,
//!   its Redis link is up (with `REDIS_URL`), its chat writer runs, its mail worker
//!   is not stuck (when it runs background jobs), and it is not stopping. A failing
//!   readiness probe means "send me no traffic".
//! - `GET /api/health`: the summary the web app and older probes read; 200 while
//!   the database answers (a Redis that is away degrades chat, it is not an outage).

use std::sync::Arc;
use std::time::Duration;

use actix_web::{get, web, HttpResponse};
use hometutor_mail::{MailHeartbeat, WorkerState};
use hometutor_messaging::WriterState;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::shutdown::Draining;
use crate::state::AppState;

/// How long readiness waits for the database to answer a ping.
const DATABASE_PING_WITHIN: Duration = Duration::from_secs(2);
/// A mail worker that has not finished a pass for this long is stuck: a pass ends
/// within the 20 s send deadline and a few database calls, and an idle worker
/// passes every 2 s. A down SMTP server does not make it stuck (sends fail fast or
/// time out, and the pass ends).
pub const OUTBOX_STUCK_AFTER: Duration = Duration::from_secs(120);

/// What readiness watches besides the application state.
pub struct Watched {
    pub draining: Arc<Draining>,
    /// The mail worker of this process; `None` with `--no-background-jobs`.
    pub mail: Option<MailHeartbeat>,
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// `ok` or `unavailable`.
    pub status: String,
    /// `reachable` or `unreachable`.
    pub database: String,
    /// With `REDIS_URL` only: `connected`, or `unreachable` while chat is degraded to
    /// this process's own sockets (still 200: local chat works, and the link heals by itself).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redis: Option<String>,
}

/// Reports whether the server and its database answer.
#[utoipa::path(tag = "health", responses(
    (status = 200, description = "Serving", body = Health),
    (status = 503, description = "The database does not answer", body = Health),
))]
#[get("/health")]
#[tracing::instrument(skip_all)]
pub async fn health(state: web::Data<AppState>) -> HttpResponse {
    let db = state.db.clone();
    let redis = state.hub.redis_connected().map(|up| if up { "connected" } else { "unreachable" }.to_string());
    // Classified like any other database call: an unreachable database is a warning, not an internal error.
    match blocking(move || db.ping().map_err(crate::errors::database)).await {
        Ok(()) => HttpResponse::Ok().json(Health { status: "ok".into(), database: "reachable".into(), redis }),
        Err(_) => HttpResponse::ServiceUnavailable().json(Health {
            status: "unavailable".into(),
            database: "unreachable".into(),
            redis,
        }),
    }
}

#[derive(Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Ok,
    Unavailable,
}

#[derive(Serialize, ToSchema)]
pub struct Liveness {
    /// Always `ok`: whoever reads it, the process answered.
    pub status: Status,
}

/// The process answers. Touches nothing else, so a database outage never gets a
/// healthy process restarted.
#[utoipa::path(tag = "health", responses((status = 200, description = "The process answers", body = Liveness)))]
#[get("/health/live")]
pub async fn live() -> HttpResponse {
    HttpResponse::Ok().json(Liveness { status: Status::Ok })
}

/// The state of one part readiness checks.
#[derive(Serialize, ToSchema, Clone, Copy, PartialEq, Eq, Debug)]
#[serde(rename_all = "snake_case")]
pub enum Check {
    Ok,
    /// The database did not answer a ping within 2 s, or Redis is not connected.
    Unreachable,
    /// The chat writer has been committing one batch for over 30 s, or the mail
    /// worker has not finished a pass for 2 minutes.
    Stuck,
    /// The part's task ended (it panicked, or the process is stopping).
    Stopped,
}

#[derive(Serialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ShutdownState {
    /// SIGTERM or SIGINT arrived: the process finishes what it has and exits.
    Draining,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Checks {
    pub database: Check,
    /// With `REDIS_URL` only: the chat link to the other processes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub redis: Option<Check>,
    /// The task that stores chat messages.
    pub chat_writer: Check,
    /// The mail worker, in a process that runs background jobs only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outbox: Option<Check>,
    /// Present once the process is stopping.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shutdown: Option<ShutdownState>,
}

#[derive(Serialize, ToSchema)]
pub struct Readiness {
    /// `ok` when every check is `ok` and the process is not stopping.
    pub status: Status,
    pub checks: Checks,
}

/// Whether this process should get traffic: 200 when every check passes, else 503
/// naming the ones that failed, and 503 from the moment the process starts stopping.
#[utoipa::path(tag = "health", responses(
    (status = 200, description = "Ready for traffic", body = Readiness),
    (status = 503, description = "A check failed, or the process is stopping", body = Readiness),
))]
#[get("/health/ready")]
#[tracing::instrument(skip_all)]
pub async fn ready(state: web::Data<AppState>, watched: web::Data<Watched>) -> HttpResponse {
    let checks = Checks {
        database: ping_database(&state).await,
        redis: state.hub.redis_connected().map(|up| if up { Check::Ok } else { Check::Unreachable }),
        chat_writer: match state.chat_writer.state() {
            WriterState::Running => Check::Ok,
            WriterState::Stuck => Check::Stuck,
            WriterState::Stopped => Check::Stopped,
        },
        outbox: watched.mail.as_ref().map(|mail| match mail.check() {
            WorkerState::LastPass(ago) if ago <= OUTBOX_STUCK_AFTER => Check::Ok,
            WorkerState::LastPass(_) => Check::Stuck,
            WorkerState::Gone => Check::Stopped,
        }),
        shutdown: watched.draining.is_on().then_some(ShutdownState::Draining),
    };
    let parts = [Some(checks.database), checks.redis, Some(checks.chat_writer), checks.outbox];
    let ready = checks.shutdown.is_none() && parts.into_iter().flatten().all(|c| c == Check::Ok);
    if ready {
        HttpResponse::Ok().json(Readiness { status: Status::Ok, checks })
    } else {
        HttpResponse::ServiceUnavailable().json(Readiness { status: Status::Unavailable, checks })
    }
}

/// A database ping, classified like any other database call (an unreachable
/// database is a warning, not an internal error), given at most 2 s.
async fn ping_database(state: &AppState) -> Check {
    let db = state.db.clone();
    let ping = blocking(move || db.ping().map_err(crate::errors::database));
    match tokio::time::timeout(DATABASE_PING_WITHIN, ping).await {
        Ok(Ok(())) => Check::Ok,
        _ => Check::Unreachable,
    }
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(health).service(live).service(ready);
}
