//! Prometheus metrics: the recorder behind the `metrics` facade, the HTTP middleware that
//! counts requests, and the `/metrics` endpoint — on a listener of its own (`METRICS_BIND`)
//! or on the main port behind a bearer token (`METRICS_TOKEN`). Off unless one is set.
//!
//! Domain crates record through the facade only (`metrics::counter!` …) and know nothing of
//! Prometheus. What is cheaper to read than to track (pool connections, the e-mail outbox)
//! is read when Prometheus scrapes.

use std::future::Future;
use std::net::TcpListener;
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{Server, ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{web, App, HttpRequest, HttpResponse, HttpServer, ResponseError};
use anyhow::Context;
use hometutor_db::Db;
use hometutor_mail::OutboxStats;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::errors::{ApiError, ErrorCode};

/// Shortest `METRICS_TOKEN` accepted: anything shorter could be guessed.
const MIN_TOKEN_CHARS: usize = 16;

/// Upper bounds of the latency histograms (every `*_seconds` metric), from 1 ms to 10 s.
const SECONDS_BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

/// Upper bounds of the chat writer's batch sizes (at most 512 messages a batch).
const BATCH_BUCKETS: &[f64] = &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0, 512.0];

/// How long an outbox reading is reused: scrapes from several Prometheus servers
/// (or a dashboard refreshing) cost the database at most one reading this often.
const OUTBOX_READING_LASTS: Duration = Duration::from_secs(5);

/// The content type of Prometheus' text exposition format.
const TEXT_FORMAT: &str = "text/plain; version=0.0.4; charset=utf-8";

/// `METRICS_BIND` and `METRICS_TOKEN`.
#[derive(Clone, Default)]
pub struct MetricsSettings {
    /// `host:port` of a listener that serves `/metrics` and nothing else, without a token.
    pub bind: Option<String>,
    /// When set, `/metrics` on the main port answers a request bearing it.
    pub token: Option<String>,
}

impl std::fmt::Debug for MetricsSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MetricsSettings")
            .field("bind", &self.bind)
            .field("token", &self.token.as_ref().map(|_| "<set>"))
            .finish()
    }
}

impl MetricsSettings {
    pub fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let bind = get("METRICS_BIND");
        if let Some(bind) = &bind {
            match bind.rsplit_once(':') {
                Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => {}
                _ => return Err(format!("METRICS_BIND must be host:port, e.g. 127.0.0.1:9100 (got '{bind}')")),
            }
        }
        let token = get("METRICS_TOKEN");
        if token.as_ref().is_some_and(|t| t.chars().count() < MIN_TOKEN_CHARS) {
            return Err(format!(
                "METRICS_TOKEN must be at least {MIN_TOKEN_CHARS} characters (e.g. from `openssl rand -hex 16`)"
            ));
        }
        Ok(Self { bind, token })
    }
}

/// The process's recorder, installed on first use: tests start many servers in one
/// process, and the facade takes one recorder per process.
fn recorder() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        // Without buckets the exporter renders summaries, which cannot be aggregated across
        // processes. It refuses only an empty list of buckets, which these are not.
        let builder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), SECONDS_BUCKETS)
            .and_then(|b| {
                b.set_buckets_for_metric(Matcher::Full("hometutor_chat_writer_batch_size".into()), BATCH_BUCKETS)
            })
            .unwrap_or_else(|e| {
                tracing::warn!(error = %e, "histogram buckets refused; histograms are shown as summaries");
                PrometheusBuilder::new()
            });
        let recorder = builder.build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!("another metrics recorder is installed: /metrics shows only what reaches this one");
        }
        describe();
        handle
    })
}

/// The HELP lines: what each metric means, for whoever reads the scrape.
fn describe() {
    use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
    describe_counter!("hometutor_http_requests_total", "HTTP requests answered, by route template, method and status");
    describe_histogram!(
        "hometutor_http_request_duration_seconds",
        Unit::Seconds,
        "Time to answer an HTTP request (until the response head), by route template and method"
    );
    describe_gauge!("hometutor_websockets_open", "Chat WebSockets open in this process");
    describe_counter!(
        "hometutor_chat_messages_stored_total",
        "Chat messages stored (resends of a stored message not counted)"
    );
    describe_counter!("hometutor_chat_messages_delivered_total", "newMessage frames written to a chat socket");
    describe_histogram!("hometutor_chat_writer_batch_size", "Messages stored per chat writer transaction");
    describe_histogram!("hometutor_chat_writer_commit_seconds", Unit::Seconds, "Time to store one chat writer batch");
    describe_gauge!("hometutor_outbox_pending_emails", "E-mails waiting to be sent (new or waiting for a retry)");
    describe_gauge!(
        "hometutor_outbox_oldest_pending_age_seconds",
        Unit::Seconds,
        "Age of the oldest e-mail waiting to be sent (0 when none waits)"
    );
    describe_gauge!("hometutor_reports_open", "Reports no admin has decided yet");
    describe_gauge!(
        "hometutor_reports_oldest_open_age_seconds",
        Unit::Seconds,
        "How long the oldest open report has waited (0 when none is open)"
    );
    describe_gauge!("hometutor_outbox_undelivered_emails", "E-mails the mail server refused for good (kept 30 days)");
    describe_gauge!("hometutor_db_pool_connections_in_use", "Database connections checked out, by pool");
    describe_gauge!("hometutor_db_pool_connections_idle", "Database connections open and idle, by pool");
    describe_gauge!("hometutor_db_pool_connections_max", "Most connections a pool opens");
    describe_histogram!(
        "hometutor_db_checkout_wait_seconds",
        Unit::Seconds,
        "Time spent waiting for a database connection, by pool"
    );
    describe_counter!("hometutor_payment_reconciler_runs_total", "Payment reconciler passes, by outcome");
    describe_counter!(
        "hometutor_payment_reconciler_activations_total",
        "Subscriptions the reconciler activated (payments whose browser never came back)"
    );
    describe_counter!(
        "hometutor_orphan_objects_deleted_total",
        "Objects the orphan sweep deleted from the file store (no row referenced them for an hour), by kind"
    );
    describe_counter!("hometutor_login_failures_total", "Logins refused for a wrong e-mail or password");
    describe_counter!(
        "hometutor_login_throttled_total",
        "Logins refused unchecked because of too many failures, by the limit hit (account or address)"
    );
}

/// What a scrape needs: the recorder's handle and what is read at scrape time.
pub struct Metrics {
    handle: &'static PrometheusHandle,
    db: Db,
    /// The last outbox reading and when it was taken.
    outbox: Mutex<Option<(Instant, OutboxStats)>>,
    /// `METRICS_TOKEN`, for `/metrics` on the main port.
    token: Option<String>,
}

impl Metrics {
    fn new(db: Db, settings: &MetricsSettings) -> Self {
        Self { handle: recorder(), db, outbox: Mutex::new(None), token: settings.token.clone() }
    }

    /// The Prometheus text of everything recorded, with the scrape-time readings refreshed.
    async fn render(&self) -> String {
        for pool in self.db.pool_states() {
            metrics::gauge!("hometutor_db_pool_connections_in_use", "pool" => pool.label).set(pool.in_use);
            metrics::gauge!("hometutor_db_pool_connections_idle", "pool" => pool.label).set(pool.idle);
            metrics::gauge!("hometutor_db_pool_connections_max", "pool" => pool.label).set(pool.max);
        }
        self.refresh_outbox().await;
        self.refresh_reports().await;
        self.handle.run_upkeep();
        self.handle.render()
    }

    /// Reads the outbox unless the last reading is recent. A failed reading leaves the
    /// gauges as they were (a database that does not answer shows in the readiness check).
    async fn refresh_outbox(&self) {
        let fresh = |reading: &Option<(Instant, OutboxStats)>| {
            reading.as_ref().is_some_and(|(at, _)| at.elapsed() < OUTBOX_READING_LASTS)
        };
        if self.outbox.lock().map(|r| fresh(&r)).unwrap_or(false) {
            return;
        }
        let db = self.db.clone();
        let read =
            web::block(move || db.read(|c| hometutor_mail::outbox_stats(c).map_err(hometutor_db::DbError::from)));
        let stats = match read.await {
            Ok(Ok(stats)) => stats,
            Ok(Err(e)) => return tracing::warn!(error = %e, "metrics: reading the e-mail outbox"),
            Err(e) => return tracing::warn!(error = %e, "metrics: reading the e-mail outbox"),
        };
        let age = stats
            .oldest_pending_at
            .map(|at| (hometutor_db::now() - at).num_milliseconds().max(0) as f64 / 1000.0)
            .unwrap_or(0.0);
        metrics::gauge!("hometutor_outbox_pending_emails").set(stats.pending as f64);
        metrics::gauge!("hometutor_outbox_oldest_pending_age_seconds").set(age);
        metrics::gauge!("hometutor_outbox_undelivered_emails").set(stats.undelivered as f64);
        if let Ok(mut reading) = self.outbox.lock() {
            *reading = Some((Instant::now(), stats));
        }
    }

    /// Reads the open reports (one indexed count); a failed reading leaves the gauges as they were.
    async fn refresh_reports(&self) {
        let db = self.db.clone();
        let read = web::block(move || {
            db.read(|c| hometutor_moderation::reports::open_summary(c).map_err(hometutor_db::DbError::from))
        });
        let Ok(Ok((open, oldest))) = read.await else {
            return tracing::warn!("metrics: reading the open reports");
        };
        let age = oldest.map(|at| (hometutor_db::now() - at).num_milliseconds().max(0) as f64 / 1000.0).unwrap_or(0.0);
        metrics::gauge!("hometutor_reports_open").set(open as f64);
        metrics::gauge!("hometutor_reports_oldest_open_age_seconds").set(age);
    }

    /// Whether `req` bears `METRICS_TOKEN`, compared in constant time (of the digests,
    /// so not even the token's length shows in the timing).
    fn authorized(&self, req: &HttpRequest) -> bool {
        use sha2::{Digest, Sha256};
        use subtle::ConstantTimeEq;
        let Some(expected) = &self.token else { return false };
        let presented = req
            .headers()
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or_default();
        Sha256::digest(presented.as_bytes()).ct_eq(&Sha256::digest(expected.as_bytes())).into()
    }
}

/// Counts every request by its route's template (`/api/tutors/{id}`, never the path
/// itself, whose ids would make a series per tutor), method and status, and times it.
/// Paths no route took are counted under `unmatched`.
pub async fn record_request(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = Instant::now();
    // An owned label: the metrics registry keeps it past this worker's request.
    let route = crate::access_log::route_template(&req).to_string();
    let method = method_label(req.method());
    let result = next.call(req).await;
    let status = match &result {
        Ok(res) => res.status(),
        Err(e) => e.as_response_error().status_code(),
    };
    metrics::counter!(
        "hometutor_http_requests_total",
        "route" => route.clone(),
        "method" => method,
        "status" => status.as_str().to_owned()
    )
    .increment(1);
    metrics::histogram!("hometutor_http_request_duration_seconds", "route" => route, "method" => method)
        .record(started.elapsed().as_secs_f64());
    result
}

/// The method as a label; any other token a client invents is `other` (one series, not one each).
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::PATCH => "PATCH",
        Method::DELETE => "DELETE",
        Method::OPTIONS => "OPTIONS",
        _ => "other",
    }
}

fn text(body: String) -> HttpResponse {
    HttpResponse::Ok().insert_header((header::CONTENT_TYPE, TEXT_FORMAT)).body(body)
}

/// `GET /metrics` on the main port: only for a request bearing `METRICS_TOKEN`.
async fn scrape_with_token(req: HttpRequest, metrics: web::Data<Metrics>) -> HttpResponse {
    if !metrics.authorized(&req) {
        let mut refused =
            ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::Unauthenticated, "A valid metrics token is required.")
                .error_response();
        refused.headers_mut().insert(header::WWW_AUTHENTICATE, header::HeaderValue::from_static("Bearer"));
        return refused;
    }
    text(metrics.render().await)
}

/// `GET /metrics` on the `METRICS_BIND` listener, which only the operator's network reaches.
async fn scrape(metrics: web::Data<Metrics>) -> HttpResponse {
    text(metrics.render().await)
}

async fn not_found() -> HttpResponse {
    ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, "Only /metrics is served here.").error_response()
}

/// Turns metrics on when `METRICS_BIND` or `METRICS_TOKEN` is set: installs the recorder
/// (so that everything from here on is counted) and binds the `METRICS_BIND` listener
/// now, so a bad or busy address stops the start. Returns the endpoint's state (`None`:
/// metrics are off, nothing is recorded) and the listener, to be run with [`serve_until`].
pub fn start(db: Db, settings: &MetricsSettings) -> anyhow::Result<(Option<web::Data<Metrics>>, Option<Server>)> {
    if settings.bind.is_none() && settings.token.is_none() {
        return Ok((None, None));
    }
    let metrics = web::Data::new(Metrics::new(db, settings));
    let Some(bind) = &settings.bind else { return Ok((Some(metrics), None)) };
    let listener = TcpListener::bind(bind).with_context(|| format!("METRICS_BIND: cannot listen on {bind}"))?;
    let endpoint = metrics.clone();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(endpoint.clone())
            .route("/metrics", web::get().to(scrape))
            .default_service(web::to(not_found))
    })
    .workers(1)
    // Stopped with the rest of the server (see `serve_until`), not by signals of its own.
    .disable_signals()
    .shutdown_timeout(1)
    .listen(listener)
    .with_context(|| format!("METRICS_BIND: cannot listen on {bind}"))?
    .run();
    tracing::info!(address = %bind, "metrics are served at /metrics");
    Ok((Some(metrics), Some(server)))
}

/// Mounts `/metrics` on the main port when `METRICS_TOKEN` is set (otherwise the
/// path answers a JSON 404, see `web/mod.rs`).
pub fn on_main_port(cfg: &mut web::ServiceConfig, metrics: Option<&web::Data<Metrics>>) {
    if let Some(metrics) = metrics.filter(|m| m.token.is_some()) {
        cfg.app_data(metrics.clone()).route("/metrics", web::get().to(scrape_with_token));
    }
}

/// Serves the metrics listener until `stop` resolves (the main server has stopped).
pub async fn serve_until(server: Server, stop: impl Future<Output = ()>) {
    let handle = server.handle();
    let serving = actix_web::rt::spawn(server);
    stop.await;
    handle.stop(true).await;
    let _ = serving.await;
}
