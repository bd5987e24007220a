//! The domain services as the settings make them: shared by the server's start-up
//! (`Application::build`) and the command line (`migrate`, `create-admin`, `seed-demo`).

use std::sync::Arc;

use anyhow::Context;
use hometutor_auth::{AuthConfig, AuthService};
use hometutor_db::{run_migrations, Db};
use hometutor_limits::{Bucket, Limiter};
use hometutor_mail::MailSignal;
use hometutor_notifications::UnsubscribeKeys;
use hometutor_payments::{CashfreeConfig, CashfreeProvider, PaymentService, SimulatedProvider};
use hometutor_tuition::TuitionService;

use crate::settings::{PaymentMode, Settings};

/// Opens the database named in the settings and applies pending migrations.
pub async fn open_database(settings: &Settings) -> anyhow::Result<Db> {
    let url = settings.database_url.clone();
    tokio::task::spawn_blocking(move || {
        let db = Db::connect(&url)?;
        let applied = run_migrations(&db)?;
        if applied > 0 {
            tracing::info!(applied, "database migrations applied");
        }
        Ok::<_, hometutor_db::DbError>(db)
    })
    .await?
    .context("database")
}

/// The rate limiter: the table's numbers, with the configured ones, counted where every
/// process sees them: Redis when configured (the database while it does not answer), else
/// the database. Redis keys live under the site's chat channel name, so sites (and tests)
/// sharing a Redis count apart.
pub async fn rate_limiter(settings: &Settings, db: &Db) -> anyhow::Result<Limiter> {
    use hometutor_limits::{DatabaseStore, FallbackStore, InMemoryStore, LimitStore, RedisStore};
    let in_database = DatabaseStore::new(db.clone());
    let limiter = match &settings.redis_url {
        Some(url) => {
            let namespace = format!("{}:limits:", chat_channel(settings, db).await?);
            let shared = FallbackStore::new(RedisStore::new(url, namespace).context("REDIS_URL")?, in_database);
            Limiter::new(Arc::new(shared))
        }
        // Without Redis, one process serves chat (live chat between processes needs Redis), so
        // its 10-second windows stay in memory rather than cost a database write per message.
        // Every other bucket is kept in the database: it holds across processes and restarts.
        None => Limiter::new(Arc::new(in_database) as Arc<dyn LimitStore>)
            .with_store(Bucket::ChatEventsPerAccount, Arc::new(InMemoryStore::new())),
    };
    Ok(limiter
        .with_limit(Bucket::ChatEventsPerAccount, settings.chat_rate_limit)
        .with_limit(Bucket::CodeEmailsPerIp, settings.code_email_limit))
}

pub fn auth_service(
    settings: &Settings,
    jwt_secret: Vec<u8>,
    db: Db,
    signal: MailSignal,
    limiter: Limiter,
) -> anyhow::Result<AuthService> {
    let config = AuthConfig {
        jwt_secret,
        jwt_secret_previous: settings.jwt_secret_previous.as_ref().map(|s| s.as_bytes().to_vec()),
        bcrypt_cost: settings.bcrypt_cost,
        hash_max_wait: settings.password_queue_wait,
        public_url: settings.public_url.clone(),
        token_ttl: chrono::Duration::days(7),
        limiter,
    };
    Ok(AuthService::new(db, config, signal)?)
}

/// The secret behind the site's grid of homes (where tuition requests are published),
/// derived from the database's own random id (`site_instance`, made once per site by a
/// migration): every process on the database has the same grid, and it never moves, not
/// even when `JWT_SECRET` is rotated. A second grid would publish one home at two cells'
/// centres, and together they would tell more than either.
pub fn location_key(instance_id: &str) -> hometutor_tuition::location::LocationKey {
    hometutor_tuition::location::LocationKey::new(hometutor_auth::derive_key(
        instance_id.as_bytes(),
        "hometutor/home-grid",
    ))
}

/// The keys of e-mails' unsubscribe links, derived from `JWT_SECRET` under their own label
/// (and from `JWT_SECRET_PREVIOUS`, so links in e-mails sent before a rotation keep working).
pub fn unsubscribe_keys(secret: &[u8], previous: Option<&[u8]>) -> UnsubscribeKeys {
    let label = hometutor_notifications::UNSUBSCRIBE_KEY_LABEL;
    UnsubscribeKeys::new(
        hometutor_auth::derive_key(secret, label),
        previous.map(|p| hometutor_auth::derive_key(p, label)),
    )
}

/// The tuition service, once every request stored before approximate points
/// existed has one (right after the migrations; until then tutors do not see them),
/// and every request and teaching area stored before the vocabulary has its ids.
pub async fn tuition_service(db: Db) -> anyhow::Result<TuitionService> {
    let reading = db.clone();
    let instance = tokio::task::spawn_blocking(move || hometutor_db::instance_id(&reading)).await??;
    let tuition = TuitionService::new(db, location_key(&instance));
    let filling = tuition.clone();
    let filled = tokio::task::spawn_blocking(move || filling.backfill_approximate_points()).await??;
    if filled > 0 {
        tracing::info!(filled, "approximate points given to existing tuition requests");
    }
    // Requests and teaching areas stored before the vocabulary get its ids.
    let mapping = tuition.clone();
    let mapped = tokio::task::spawn_blocking(move || mapping.backfill_vocabulary()).await??;
    if mapped.requests > 0 || mapped.areas > 0 {
        tracing::info!(
            requests = mapped.requests,
            areas = mapped.areas,
            "vocabulary ids given to existing requests and areas"
        );
    }
    Ok(tuition)
}

/// `CHAT_CHANNEL`, else one named after the database's own id: processes that share a
/// database share a channel however their `DATABASE_URL` spells it, and nothing else does.
pub(crate) async fn chat_channel(settings: &Settings, db: &Db) -> anyhow::Result<String> {
    if let Some(channel) = &settings.chat_channel {
        return Ok(channel.clone());
    }
    let db = db.clone();
    let id = tokio::task::spawn_blocking(move || hometutor_db::instance_id(&db)).await??;
    Ok(format!("hometutor:chat:{id}"))
}

pub(crate) fn payment_service(settings: &Settings, db: Db) -> anyhow::Result<(PaymentService, Option<String>)> {
    Ok(match &settings.payments {
        PaymentMode::Simulated => {
            (PaymentService::new(db.clone(), Arc::new(SimulatedProvider::new(db)), &settings.public_url), None)
        }
        PaymentMode::Cashfree { app_id, secret_key, base_url, environment } => {
            let provider = CashfreeProvider::new(CashfreeConfig {
                app_id: app_id.clone(),
                secret_key: secret_key.clone(),
                base_url: base_url.clone(),
            })?;
            (PaymentService::new(db, Arc::new(provider), &settings.public_url), Some(environment.clone()))
        }
    })
}
