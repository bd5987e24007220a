//! The actix-web shell: configuration, routes, OpenAPI, the embedded web app and
//! start-up. Handlers parse the request, call one service method, map the result.

mod access_log;
mod admin_gate;
mod blocking;
mod chat;
pub mod client_address;
mod compression;
pub mod demo;
mod error_code;
mod errors;
mod extract;
mod gates;
mod input;
mod lesson_errors;
pub mod language;
pub mod logging;
mod maintenance;
mod metrics;
pub mod object_sweep;
mod openapi;
mod periodic;
mod public_cache;
mod rate_limit;
mod request_id;
pub mod routes;
mod schemas;
mod security;
mod services;
pub mod settings;
mod shutdown;
mod state;
mod term_labels;
mod testing_clock;
pub mod trusted_proxies;
mod upgrades;
mod verification_files;
mod web;

use std::net::TcpListener;
use std::sync::Arc;

use actix_cors::Cors;
use actix_web::dev::Server;
use actix_web::middleware::Condition;
use actix_web::{web as aw, App};
use anyhow::Context;
use hometutor_admin::AdminService;
use hometutor_mail::{MailSignal, MailTransport, MailWorker};
use hometutor_media::MediaStore;
use hometutor_messaging::{ChatWriter, MessageStore, Tickets};
use hometutor_notifications::{DigestSignal, NotificationService, Notifier};
use hometutor_profiles::ProfileService;
use settings::PaymentMode;
use utoipa::OpenApi;
use utoipa_actix_web::AppExt;
use utoipa_swagger_ui::SwaggerUi;

pub use services::{auth_service, location_key, open_database, rate_limiter, tuition_service, unsubscribe_keys};
pub use settings::Settings;
use state::AppState;

use crate::errors::ApiError;

pub struct Application {
    port: u16,
    server: Server,
    stop_workers: tokio::sync::watch::Sender<bool>,
    /// The mail worker, the payment reconciler and the notification digest (none with
    /// `--no-background-jobs`), awaited on the way out so that no database call is cut off by
    /// the process exiting under it.
    workers: Vec<actix_web::rt::task::JoinHandle<()>>,
    /// What a stop does, and with what it is carried out (see `shutdown`).
    shutdown: shutdown::ShutdownSettings,
    draining: Arc<shutdown::Draining>,
    hub: Arc<chat::Hub>,
    chat_writer: ChatWriter,
    notifier: Notifier,
    /// The queued search terms are written on the way out.
    search_trends: hometutor_tuition::SearchTrends,
}

impl Application {
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let db = open_database(&settings).await?;
        let (metrics, metrics_listener) = metrics::start(db.clone(), &settings.metrics)?;
        let signal = MailSignal::default();
        let jwt_secret = settings.load_or_create_jwt_secret().context("JWT secret")?;
        let limiter = rate_limiter(&settings, &db).await?;
        let auth = auth_service(&settings, jwt_secret.clone(), db.clone(), signal.clone(), limiter.clone())?;
        if let Some((email, password)) = settings.admin.clone() {
            let auth = auth.clone();
            if let Some(admin) = tokio::task::spawn_blocking(move || auth.ensure_admin(&email, &password)).await?? {
                tracing::info!(email = %admin.email, "created the first admin from ADMIN_EMAIL");
            }
        }

        // The place index (≈ 0.3 s of CPU) and its slowest answers are built now, on a thread of
        // their own, not by the first person who types a place.
        std::thread::Builder::new()
            .name("places-warm".into())
            .spawn(|| {
                hometutor_places::Places::global().warm();
                // Tests that weigh the process's memory wait for this line: the index is its
                // largest start-up allocation.
                tracing::info!("place index warm");
            })
            .context("starting the place index thread")?;

        let (stop_workers, stopped) = tokio::sync::watch::channel(false);
        let transport = MailTransport::from_url(settings.smtp_url.as_deref())?;
        let from = hometutor_mail::parse_mailbox(&settings.mail_from)?;
        let mail = MailWorker::new(db.clone(), transport, from, signal);
        let watched = aw::Data::new(routes::health::Watched {
            draining: Arc::default(),
            mail: settings.background_jobs.then(|| mail.heartbeat()),
        });
        let mut workers = Vec::new();
        if settings.background_jobs {
            workers.push(actix_web::rt::spawn(mail.run(wait_for_stop(stopped))));
        } else {
            tracing::info!(
                "--no-background-jobs: serving HTTP only; another process delivers mail, sends digests, reconciles payments \
                 and purges old rows"
            );
        }

        if let Some(listener) = metrics_listener {
            workers.push(actix_web::rt::spawn(metrics::serve_until(listener, wait_for_stop(stop_workers.subscribe()))));
        }

        // The notifier every service tells people through: its notifications reach the users'
        // sockets through the chat hub, in every process.
        let hub = match &settings.redis_url {
            // Processes that share a database share a channel, and nothing else does. A Redis
            // that does not answer is not fatal: chat starts degraded and joins it later.
            Some(url) => {
                chat::Hub::with_redis(url, services::chat_channel(&settings, &db).await?).await.context("REDIS_URL")?
            }
            None => chat::Hub::in_process(),
        };
        let hub = Arc::new(hub);
        let notifier = {
            let hub = hub.clone();
            let previous = settings.jwt_secret_previous.as_ref().map(|s| s.as_bytes());
            Notifier::new(Arc::new(move |n: &hometutor_notifications::Notification| hub.push_notification(n)))
                .with_site(&settings.public_url, unsubscribe_keys(&jwt_secret, previous))
        };
        let wake = testing_clock::Wake::default();
        if settings.test_clock {
            tracing::warn!(
                "TEST_CLOCK=1: POST /api/testing/clock moves this server's clock forward; never set this in production"
            );
        }
        if settings.background_jobs {
            workers.extend(periodic::spawn_all(&db, &notifier, &wake, &stop_workers.subscribe()));
        }

        let (payments, cashfree_environment) = services::payment_service(&settings, db.clone())?;
        let payments = payments.with_notifier(notifier.clone());
        if settings.payments == PaymentMode::Simulated {
            tracing::warn!(
                "PAYMENT_MODE=simulated: tutors subscribe without paying and the site shows a 'Demo payments' \
                 notice; set PAYMENT_MODE=cashfree to take real payments"
            );
        }
        if settings.background_jobs {
            workers.push(actix_web::rt::spawn(
                payments.clone().run_reconciler(settings.reconcile_every, wait_for_stop(stop_workers.subscribe())),
            ));
        }

        let listener =
            TcpListener::bind(&settings.bind).with_context(|| format!("cannot listen on {}", settings.bind))?;
        let port = listener.local_addr()?.port();
        let tuition = tuition_service(db.clone())
            .await?
            .with_notifier(notifier.clone())
            .with_requests_per_day(settings.parent_requests_per_day);
        let search_trends = tuition.search_trends();
        let messages = MessageStore::new(db.clone());
        let staging = settings.uploads.staging_dir(&settings.data_dir);
        let media = MediaStore::open(db.clone(), &settings.uploads, staging, settings.max_upload_bytes)?
            .with_quota(settings.upload_quota);
        if settings.background_jobs {
            workers.push(actix_web::rt::spawn(object_sweep::run(
                db.clone(),
                media.clone(),
                wake.subscribe(),
                stop_workers.subscribe(),
            )));
            workers.push(actix_web::rt::spawn(verification_files::run(
                db.clone(),
                media.clone(),
                wake.subscribe(),
                stop_workers.subscribe(),
            )));
        }
        let digest_signal = DigestSignal::default();
        if settings.background_jobs {
            workers.push(actix_web::rt::spawn(hometutor_notifications::run_digest_worker(
                db.clone(),
                notifier.clone(),
                digest_signal.clone(),
                wait_for_stop(stop_workers.subscribe()),
            )));
        }
        let chat_writer = ChatWriter::start(messages.clone())?;
        let state = aw::Data::new(AppState {
            tickets: Tickets::new(db.clone()),
            chat_writer: chat_writer.clone(),
            profiles: ProfileService::new(
                db.clone(),
                hometutor_tuition::contacts::tutor_interested,
                hometutor_messaging::first_messages,
            )
            .with_demos(hometutor_scheduling::bookings::took_place)
            .with_notifier(notifier.clone()),
            admin: AdminService::new(db.clone(), auth.clone(), media.clone()).with_notifier(notifier.clone()),
            media,
            hub: hub.clone(),
            notifications: NotificationService::new(db.clone(), notifier.clone()),
            notifier: notifier.clone(),
            digest_signal,
            public_url: settings.public_url.clone(),
            content_security_policy: security::content_security_policy(
                &settings.public_url,
                cashfree_environment.is_some(),
            ),
            limiter,
            trusted_proxies: settings.trusted_proxies.clone(),
            db,
            auth,
            payments,
            tuition,
            messages,
            cashfree_environment,
            public_cache: Arc::default(),
        });
        // The chat sockets reach the same hub, writer and rate limit as the REST handlers.
        let sockets = aw::Data::new(chat::SocketContext {
            hub: state.hub.clone(),
            writer: state.chat_writer.clone(),
            messages: state.messages.clone(),
            tickets: state.tickets.clone(),
            auth: state.auth.clone(),
            limiter: state.limiter.clone(),
            public_url: state.public_url.clone(),
        });
        let openapi = openapi_document();
        let public_url = settings.public_url.clone();
        let body_read_timeout = input::BodyReadTimeout(settings.body_read_timeout);
        let draining = watched.draining.clone();
        let (test_clock, wake) = (settings.test_clock, aw::Data::new(wake));
        let sitemaps = aw::Data::new(web::crawlers::SitemapCache::default());
        let make_app = move || {
            let (app, _) = App::new()
                .into_utoipa_app()
                .openapi(openapi::ApiDoc::openapi())
                .app_data(state.clone())
                .app_data(sockets.clone())
                .app_data(watched.clone())
                .app_data(wake.clone())
                .app_data(body_read_timeout)
                // Raw bodies (the payment webhook) are held to the JSON limit too.
                .app_data(aw::PayloadConfig::new(input::JSON_LIMIT))
                .app_data(input::fallback::path_config())
                .app_data(query_config())
                // Before the /api scope, whose fallback would otherwise answer these paths with 404.
                .map(|app| {
                    app.service(SwaggerUi::new("/api/docs/{_:.*}").url("/api/openapi.json", openapi.clone()))
                        .route(
                            "/api/docs",
                            aw::get().to(|| async {
                                actix_web::HttpResponse::Found().insert_header(("Location", "/api/docs/")).finish()
                            }),
                        )
                        .route("/api/ws", aw::get().to(chat::connect))
                        .configure(|cfg| testing_clock::configure(cfg, test_clock))
                        .configure(|cfg| metrics::on_main_port(cfg, metrics.as_ref()))
                })
                .service(utoipa_actix_web::scope("/api").configure(routes::config))
                .split_for_parts();
            // Listed innermost first: the body deadline sits right around the handlers.
            app.configure(|cfg| web::configure(cfg, sitemaps.clone()))
                .wrap(actix_web::middleware::from_fn(language::localize))
                .wrap(actix_web::middleware::from_fn(public_cache::invalidate_on_writes))
                .wrap(actix_web::middleware::from_fn(input::body_deadline))
                .wrap(actix_web::middleware::from_fn(gates::refusals))
                .wrap(actix_web::middleware::from_fn(security::document_headers))
                .wrap(security::headers(&public_url))
                // One allowed origin: the Access-Control-Allow-Origin an answer carries never differs
                // between requests, so caches need no `Vary: Origin, …` (~80 bytes on every response).
                .wrap(
                    Cors::default()
                        .allowed_origin(&public_url)
                        .allow_any_method()
                        .allow_any_header()
                        .max_age(3600)
                        .disable_vary_header(),
                )
                .wrap(actix_web::middleware::from_fn(input::fallback::json_errors))
                .wrap(Condition::new(metrics.is_some(), actix_web::middleware::from_fn(metrics::record_request)))
                // Compresses what the layers inside answered; the access log around it logs the same status.
                .wrap(actix_web::middleware::from_fn(compression::middleware))
                .wrap(actix_web::middleware::from_fn(access_log::middleware))
                .default_service(aw::to(web::serve))
        };
        let server = upgrades::serve(listener, settings.shutdown.connections_within(), make_app)?;
        tracing::info!(port, "HomeTutor is listening");
        Ok(Self {
            port,
            server,
            stop_workers,
            workers,
            shutdown: settings.shutdown,
            draining,
            hub,
            chat_writer,
            notifier,
            search_trends,
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The notifier the services write with: what it announces reaches this process's
    /// sockets (and, with `REDIS_URL`, every process's). For tests that notify directly.
    pub fn notifier(&self) -> Notifier {
        self.notifier.clone()
    }

    /// Serves until SIGTERM or SIGINT, then stops as `shutdown` describes: readiness
    /// 503 at once; after the drain, no new connections, requests in flight answered,
    /// chat sockets closed with 1001 once their events are answered, the chat writer
    /// and the search-trends queue flushed and the background workers' pass finished; all within `SHUTDOWN_TIMEOUT`.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let handle = self.server.handle();
        let mut server = std::pin::pin!(self.server);
        let signal = tokio::select! {
            // The server ended by itself (it cannot listen any more): nothing to drain.
            result = &mut server => {
                let _ = self.stop_workers.send(true);
                return result;
            }
            signal = shutdown::signalled() => signal,
        };
        let deadline = tokio::time::Instant::now() + self.shutdown.timeout;
        self.draining.start();
        tracing::info!(signal, drain = ?self.shutdown.drain, timeout = ?self.shutdown.timeout, "stopping: readiness answers 503");
        if !self.shutdown.drain.is_zero() {
            tokio::select! {
                () = tokio::time::sleep(self.shutdown.drain) => {}
                // A second signal: the operator does not want to wait for the balancer.
                _ = shutdown::signalled() => tracing::info!("second signal: the drain is cut short"),
            }
        }
        tracing::info!("stopping: no new connections; answering requests in flight and closing chat sockets");
        self.hub.go_away();
        // Chat sockets are not the workers' connections (see `upgrades`): their goodbyes
        // are awaited here, before the workers stop. Both share one budget, the time
        // connections get: a socket slow to leave shortens the requests' wait, not adds to it.
        let connections_by =
            tokio::time::Instant::now() + std::time::Duration::from_secs(self.shutdown.connections_within());
        if tokio::time::timeout_at(connections_by, self.hub.until_connections_closed()).await.is_err() {
            tracing::warn!("chat sockets still open when the time for connections ran out; stopping anyway");
        }
        let _ = self.stop_workers.send(true);
        let stopped = futures_util::future::join(handle.stop(true), &mut server);
        let result = match tokio::time::timeout_at(connections_by, stopped).await {
            Ok((_, result)) => result,
            Err(_) => {
                tracing::warn!("requests still in flight when the time for connections ran out; stopping anyway");
                Ok(())
            }
        };
        let chat_writer = self.chat_writer;
        let search_trends = self.search_trends;
        let finished = async move {
            chat_writer.flush().await;
            let _ = tokio::task::spawn_blocking(move || search_trends.flush()).await;
            futures_util::future::join_all(self.workers).await;
        };
        match tokio::time::timeout_at(deadline, finished).await {
            Ok(()) => tracing::info!("stopped"),
            Err(_) => tracing::warn!(
                "SHUTDOWN_TIMEOUT passed before the chat writer and the background workers finished; exiting anyway \
                 (unsent e-mails claimed now are retried within 30 s by any process)"
            ),
        }
        result
    }
}

async fn wait_for_stop(mut stopped: tokio::sync::watch::Receiver<bool>) {
    let _ = stopped.wait_for(|s| *s).await;
}

/// The OpenAPI document of every route under `/api`.
pub fn openapi_document() -> utoipa::openapi::OpenApi {
    let (_, api) = App::new()
        .into_utoipa_app()
        .openapi(openapi::ApiDoc::openapi())
        .service(utoipa_actix_web::scope("/api").configure(routes::config))
        .split_for_parts();
    let mut api = api;
    utoipa::Modify::modify(&openapi::SharedAnswers, &mut api);
    api
}

fn query_config() -> aw::QueryConfig {
    aw::QueryConfig::default().error_handler(|err, _| {
        let text = hometutor_i18n::Message::new("error-query-invalid").arg("error", err.to_string());
        ApiError::bad_request_text(text).into()
    })
}
