use actix_web::{get, web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::errors::blocking;
use crate::state::AppState;

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

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(health);
}
