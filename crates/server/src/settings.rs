//! Configuration from the environment (DESIGN.md §7), validated at start-up so
//! a bad value stops the server with a message naming the variable.

use std::path::PathBuf;

use rand::RngCore;

#[derive(Debug, thiserror::Error)]
#[error("configuration: {0}")]
pub struct ConfigError(pub String);

#[derive(Clone)]
pub struct Settings {
    pub bind: String,
    pub public_url: String,
    pub database_url: String,
    pub data_dir: PathBuf,
    /// Unset: generated once and kept in `DATA_DIR/jwt_secret` (SQLite without Redis only).
    pub jwt_secret: Option<String>,
    /// The secret before the last rotation: still verifies tokens and codes, signs nothing.
    pub jwt_secret_previous: Option<String>,
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub bcrypt_cost: u32,
    /// The longest a password check waits for a hashing thread before the caller gets 503 (`PASSWORD_QUEUE_WAIT_MS`).
    pub password_queue_wait: std::time::Duration,
    pub admin: Option<(String, String)>,
    pub payments: PaymentMode,
    /// Set when several server processes share chat through Redis pub/sub.
    pub redis_url: Option<String>,
    /// Where uploaded files are kept (`UPLOADS_URL`; default the directory `DATA_DIR/uploads`).
    pub uploads: hometutor_media::StorageConfig,
    /// The Redis channel of chat; unset: one derived from the database's own id.
    pub chat_channel: Option<String>,
    /// Whether this process delivers mail, reconciles payments and purges old rows
    /// (`hometutor serve --no-background-jobs`: HTTP only). Not read from the environment.
    pub background_jobs: bool,
    /// Largest accepted upload, per file.
    pub max_upload_bytes: u64,
    /// Bytes stored and uploads per hour, per account (admins exempt).
    pub upload_quota: hometutor_media::Quota,
    /// Chat events one account may make per 10 seconds, socket events and REST sends together (the load generator raises it).
    pub chat_rate_limit: u32,
    /// Code e-mails (register, resend, reset) one client address may ask for per hour.
    pub code_email_limit: u32,
    /// Tuition requests one parent may post in any 24 hours.
    pub parent_requests_per_day: u32,
    /// A request body that goes this long without a byte arriving is answered 408.
    pub body_read_timeout: std::time::Duration,
    /// How often the payment reconciler asks the provider about orders still pending.
    pub reconcile_every: std::time::Duration,
    /// Proxies whose `X-Forwarded-For` names the client (`TRUSTED_PROXIES`); none by default.
    pub trusted_proxies: crate::trusted_proxies::TrustedProxies,
    /// Where Prometheus scrapes `/metrics` (`METRICS_BIND`, `METRICS_TOKEN`); off by default.
    pub metrics: crate::metrics::MetricsSettings,
    /// `SHUTDOWN_TIMEOUT` and `SHUTDOWN_DRAIN_SECS` (see `crate::shutdown`).
    pub shutdown: crate::shutdown::ShutdownSettings,
    /// `TEST_CLOCK=1`: `POST /api/testing/clock` moves this process's clock (browser tests only).
    pub test_clock: bool,
}

/// Which payment provider confirms subscriptions.
#[derive(Clone, Debug, PartialEq)]
pub enum PaymentMode {
    /// A checkout page of our own; `POST /api/payment-dev/simulate-payment` exists only in this mode.
    Simulated,
    Cashfree {
        app_id: String,
        secret_key: String,
        base_url: String,
        environment: String,
    },
}

impl std::fmt::Debug for Settings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Settings")
            .field("bind", &self.bind)
            .field("public_url", &self.public_url)
            .field("database_url", &hometutor_db::redact(&self.database_url))
            .field("data_dir", &self.data_dir)
            .field("uploads", &self.uploads)
            .field("smtp", &self.smtp_url.as_deref().map(hometutor_db::redact))
            .field("mail_from", &self.mail_from)
            .field("bcrypt_cost", &self.bcrypt_cost)
            .field("password_queue_wait", &self.password_queue_wait)
            .field(
                "payments",
                &match &self.payments {
                    PaymentMode::Simulated => "simulated".to_string(),
                    PaymentMode::Cashfree { base_url, .. } => format!("cashfree at {base_url}"),
                },
            )
            .finish_non_exhaustive()
    }
}

pub const MIN_SECRET_BYTES: usize = 32;

impl Settings {
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|k| std::env::var(k).ok().filter(|v| !v.trim().is_empty()))
    }

    /// Reads through `get`, so tests can configure without touching the process environment.
    pub fn from_lookup(get: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let bind = get("BIND").unwrap_or_else(|| "127.0.0.1:8080".into());
        match bind.rsplit_once(':') {
            Some((host, port)) if !host.is_empty() && port.parse::<u16>().is_ok() => {}
            _ => return Err(ConfigError(format!("BIND must be host:port, e.g. 127.0.0.1:8080 (got '{bind}')"))),
        }
        let public_url = get("PUBLIC_URL").unwrap_or_else(|| "http://localhost:8080".into());
        match url::Url::parse(&public_url) {
            Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => {}
            _ => return Err(ConfigError(format!("PUBLIC_URL must be an http(s) URL (got '{public_url}')"))),
        }
        let database_url = get("DATABASE_URL").unwrap_or_else(|| "sqlite://data/hometutor.db".into());
        hometutor_db::DatabaseTarget::parse(&database_url).map_err(|e| ConfigError(format!("DATABASE_URL: {e}")))?;
        let (jwt_secret, jwt_secret_previous) = (get("JWT_SECRET"), get("JWT_SECRET_PREVIOUS"));
        for (name, secret) in [("JWT_SECRET", &jwt_secret), ("JWT_SECRET_PREVIOUS", &jwt_secret_previous)] {
            if secret.as_ref().is_some_and(|s| s.len() < MIN_SECRET_BYTES) {
                return Err(ConfigError(format!("{name} must be at least {MIN_SECRET_BYTES} bytes")));
            }
        }
        let smtp_url = get("SMTP_URL");
        if let Some(url) = &smtp_url {
            match url::Url::parse(url) {
                Ok(u) if matches!(u.scheme(), "smtp" | "smtps") => {}
                _ => return Err(ConfigError("SMTP_URL must look like smtp://user:pass@host:587 or smtps://…".into())),
            }
        }
        let mail_from = get("MAIL_FROM").unwrap_or_else(|| "HomeTutor <no-reply@localhost>".into());
        hometutor_mail::parse_mailbox(&mail_from).map_err(|e| ConfigError(format!("MAIL_FROM: {e}")))?;
        let bcrypt_cost =
            match get("BCRYPT_COST") {
                None => 12,
                Some(v) => v.parse::<u32>().ok().filter(|c| (4..=31).contains(c)).ok_or_else(|| {
                    ConfigError(format!("BCRYPT_COST must be a whole number from 4 to 31 (got '{v}')"))
                })?,
            };
        let password_queue_wait = match get("PASSWORD_QUEUE_WAIT_MS") {
            None => hometutor_auth::DEFAULT_HASH_MAX_WAIT,
            Some(v) => {
                v.parse::<u64>().ok().filter(|ms| *ms <= 60_000).map(std::time::Duration::from_millis).ok_or_else(
                    || {
                        ConfigError(format!(
                            "PASSWORD_QUEUE_WAIT_MS must be a whole number of milliseconds up to 60000 (got '{v}')"
                        ))
                    },
                )?
            }
        };
        let admin = match (get("ADMIN_EMAIL"), get("ADMIN_PASSWORD")) {
            (Some(e), Some(p)) => Some((e, p)),
            (None, None) => None,
            _ => return Err(ConfigError("ADMIN_EMAIL and ADMIN_PASSWORD go together: set both or neither".into())),
        };
        // Simulated payments hand out free subscriptions: a site others can reach
        // must say which mode it wants rather than get that by omission.
        let payment_mode = match get("PAYMENT_MODE") {
            Some(mode) => mode,
            None if is_local(&public_url) => "simulated".into(),
            None => {
                return Err(ConfigError(format!(
                    "PAYMENT_MODE must be set (cashfree, or simulated for a demo) when PUBLIC_URL is not a \
                     localhost address (got '{public_url}')"
                )))
            }
        };
        let payments = match payment_mode.as_str() {
            "simulated" => PaymentMode::Simulated,
            "cashfree" => {
                let environment = get("CASHFREE_ENV").unwrap_or_else(|| "sandbox".into());
                let default_base = hometutor_payments::CashfreeConfig::base_url_for(&environment).ok_or_else(|| {
                    ConfigError(format!("CASHFREE_ENV must be sandbox or production (got '{environment}')"))
                })?;
                let (Some(app_id), Some(secret_key)) = (get("CASHFREE_APP_ID"), get("CASHFREE_SECRET_KEY")) else {
                    return Err(ConfigError(
                        "PAYMENT_MODE=cashfree needs CASHFREE_APP_ID and CASHFREE_SECRET_KEY".into(),
                    ));
                };
                let base_url = get("CASHFREE_BASE_URL").unwrap_or_else(|| default_base.into());
                if url::Url::parse(&base_url).is_err() {
                    return Err(ConfigError(format!("CASHFREE_BASE_URL must be a URL (got '{base_url}')")));
                }
                PaymentMode::Cashfree { app_id, secret_key, base_url, environment }
            }
            other => return Err(ConfigError(format!("PAYMENT_MODE must be simulated or cashfree (got '{other}')"))),
        };
        let redis_url = get("REDIS_URL");
        if let Some(url) = &redis_url {
            match url::Url::parse(url) {
                Ok(u) if matches!(u.scheme(), "redis" | "rediss") => {}
                _ => {
                    return Err(ConfigError(format!(
                        "REDIS_URL must look like redis://host:6379 (got '{}')",
                        hometutor_db::redact(url)
                    )))
                }
            }
        }
        // A secret generated into DATA_DIR is this machine's alone: processes that share a
        // PostgreSQL database or a Redis must be given the same one, or tokens and e-mailed
        // codes would each work on one process only.
        if jwt_secret.is_none() && (!database_url.starts_with("sqlite") || redis_url.is_some()) {
            return Err(ConfigError(
                "JWT_SECRET must be set (the same on every server process, at least 32 bytes, e.g. from \
                 `openssl rand -hex 32`) when DATABASE_URL is PostgreSQL or REDIS_URL is set"
                    .into(),
            ));
        }
        let max_upload_bytes = match get("MAX_UPLOAD_BYTES") {
            None => 5 * 1024 * 1024,
            Some(v) => v.parse::<u64>().ok().filter(|n| *n > 0).ok_or_else(|| {
                ConfigError(format!("MAX_UPLOAD_BYTES must be a positive number of bytes (got '{v}')"))
            })?,
        };
        let defaults = hometutor_media::Quota::default();
        let upload_quota = hometutor_media::Quota {
            stored_bytes: match get("UPLOAD_QUOTA_BYTES") {
                None => defaults.stored_bytes,
                Some(v) => v.parse::<u64>().ok().filter(|n| *n > 0).ok_or_else(|| {
                    ConfigError(format!("UPLOAD_QUOTA_BYTES must be a positive number of bytes (got '{v}')"))
                })?,
            },
            uploads_per_hour: positive(&get, "UPLOADS_PER_HOUR", defaults.uploads_per_hour)?,
        };
        let chat_rate_limit = positive(&get, "CHAT_RATE_LIMIT", 30)?;
        let code_email_limit = positive(&get, "CODE_EMAIL_LIMIT", 10)?;
        let parent_requests_per_day =
            positive(&get, "PARENT_REQUESTS_PER_DAY", hometutor_tuition::DEFAULT_REQUESTS_PER_DAY)?;
        let body_read_timeout = match get("BODY_READ_TIMEOUT_SECS") {
            None => std::time::Duration::from_secs(30),
            Some(v) => {
                v.parse::<u64>().ok().filter(|n| *n > 0).map(std::time::Duration::from_secs).ok_or_else(|| {
                    ConfigError(format!(
                        "BODY_READ_TIMEOUT_SECS must be a positive whole number of seconds (got '{v}')"
                    ))
                })?
            }
        };
        let reconcile_every = match get("PAYMENT_RECONCILE_SECS") {
            None => hometutor_payments::RECONCILE_EVERY,
            Some(v) => {
                v.parse::<u64>().ok().filter(|n| *n > 0).map(std::time::Duration::from_secs).ok_or_else(|| {
                    ConfigError(format!(
                        "PAYMENT_RECONCILE_SECS must be a positive whole number of seconds (got '{v}')"
                    ))
                })?
            }
        };
        let trusted_proxies =
            crate::trusted_proxies::TrustedProxies::parse(&get("TRUSTED_PROXIES").unwrap_or_default())
                .map_err(|e| ConfigError(format!("TRUSTED_PROXIES: {e}")))?;
        let metrics = crate::metrics::MetricsSettings::from_lookup(&get).map_err(ConfigError)?;
        let data_dir = PathBuf::from(get("DATA_DIR").unwrap_or_else(|| "data".into()));
        let uploads =
            hometutor_media::StorageConfig::from_lookup(get("UPLOADS_URL").as_deref(), data_dir.join("uploads"), &get)
                .map_err(ConfigError)?;
        Ok(Self {
            bind,
            public_url: public_url.trim_end_matches('/').to_string(),
            database_url,
            data_dir,
            jwt_secret,
            jwt_secret_previous,
            smtp_url,
            mail_from,
            bcrypt_cost,
            password_queue_wait,
            admin,
            payments,
            redis_url,
            uploads,
            chat_channel: get("CHAT_CHANNEL"),
            background_jobs: true,
            max_upload_bytes,
            upload_quota,
            chat_rate_limit,
            code_email_limit,
            parent_requests_per_day,
            body_read_timeout,
            reconcile_every,
            trusted_proxies,
            metrics,
            shutdown: crate::shutdown::ShutdownSettings::from_lookup(&get).map_err(ConfigError)?,
            test_clock: get("TEST_CLOCK").is_some_and(|v| v.trim() == "1"),
        })
    }

    /// The signing key: `JWT_SECRET`, or one generated on first start and kept in
    /// `DATA_DIR` (readable by the owner only) so tokens survive restarts.
    pub fn load_or_create_jwt_secret(&self) -> anyhow::Result<Vec<u8>> {
        if let Some(secret) = &self.jwt_secret {
            return Ok(secret.as_bytes().to_vec());
        }
        let path = self.data_dir.join("jwt_secret");
        if let Ok(existing) = std::fs::read_to_string(&path) {
            let existing = existing.trim();
            if existing.len() >= MIN_SECRET_BYTES {
                return Ok(existing.as_bytes().to_vec());
            }
        }
        std::fs::create_dir_all(&self.data_dir)?;
        let mut bytes = [0u8; 48];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        let secret = hex::encode(bytes);
        write_private(&path, &secret)?;
        tracing::info!(path = %path.display(), "generated a new JWT signing key");
        Ok(secret.into_bytes())
    }
}

/// A positive whole number from `key`, or `default` when unset.
fn positive(get: &impl Fn(&str) -> Option<String>, key: &str, default: u32) -> Result<u32, ConfigError> {
    match get(key) {
        None => Ok(default),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|n| *n > 0)
            .ok_or_else(|| ConfigError(format!("{key} must be a positive whole number (got '{v}')"))),
    }
}

/// Whether the site is only reachable from this machine (a developer's or a test's).
fn is_local(public_url: &str) -> bool {
    let Ok(url) = url::Url::parse(public_url) else { return false };
    match url.host() {
        Some(url::Host::Domain(name)) => name == "localhost" || name.ends_with(".localhost"),
        Some(url::Host::Ipv4(ip)) => ip.is_loopback(),
        Some(url::Host::Ipv6(ip)) => ip.is_loopback(),
        None => false,
    }
}

#[cfg(unix)]
fn write_private(path: &std::path::Path, content: &str) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut file = std::fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)?;
    file.write_all(content.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &std::path::Path, content: &str) -> std::io::Result<()> {
    std::fs::write(path, content)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(pairs: &[(&str, &str)]) -> Result<Settings, ConfigError> {
        let map: std::collections::HashMap<String, String> =
            pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Settings::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn defaults_need_no_configuration() {
        let s = with(&[]).expect("defaults");
        assert_eq!(s.bind, "127.0.0.1:8080");
        assert_eq!(s.database_url, "sqlite://data/hometutor.db");
        assert_eq!(s.bcrypt_cost, 12);
        assert!(s.smtp_url.is_none() && s.admin.is_none());
    }

    #[test]
    fn a_public_site_must_choose_its_payment_mode() {
        let err = with(&[("PUBLIC_URL", "https://hometutor.example.in")]).err().map(|e| e.to_string());
        assert!(err.is_some_and(|e| e.contains("PAYMENT_MODE")), "a public site without PAYMENT_MODE must not start");
        for local in ["http://localhost:8080", "http://127.0.0.1:9000", "http://[::1]:8080", "http://app.localhost"] {
            let s = with(&[("PUBLIC_URL", local)]).expect("a local site defaults to simulated");
            assert_eq!(s.payments, PaymentMode::Simulated, "{local}");
        }
        let chosen = with(&[("PUBLIC_URL", "https://hometutor.example.in"), ("PAYMENT_MODE", "simulated")])
            .expect("a demo site may choose simulated explicitly");
        assert_eq!(chosen.payments, PaymentMode::Simulated);
        assert!(with(&[("PUBLIC_URL", "http://127.0.0.2.nip.io")]).is_err(), "a name is not an address");
    }

    #[test]
    fn uploads_per_account_default_to_50_mb_and_30_an_hour() {
        let quota = with(&[]).expect("defaults").upload_quota;
        assert_eq!((quota.stored_bytes, quota.uploads_per_hour), (50 * 1024 * 1024, 30));
        let lowered = with(&[("UPLOAD_QUOTA_BYTES", "1000"), ("UPLOADS_PER_HOUR", "3")]).expect("lowered");
        assert_eq!(lowered.upload_quota, hometutor_media::Quota { stored_bytes: 1000, uploads_per_hour: 3 });
        for (key, value) in [("UPLOAD_QUOTA_BYTES", "0"), ("UPLOAD_QUOTA_BYTES", "50MB"), ("UPLOADS_PER_HOUR", "-1")] {
            let err = with(&[(key, value)]).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(err.contains(key), "{key}={value} gave {err:?}");
        }
    }

    #[test]
    fn a_password_check_waits_two_seconds_for_a_hashing_thread_unless_told_otherwise() {
        use std::time::Duration;
        assert_eq!(with(&[]).expect("defaults").password_queue_wait, Duration::from_secs(2));
        for (ms, wait) in
            [("0", Duration::ZERO), ("350", Duration::from_millis(350)), ("60000", Duration::from_secs(60))]
        {
            let s = with(&[("PASSWORD_QUEUE_WAIT_MS", ms)]).expect(ms);
            assert_eq!(s.password_queue_wait, wait, "{ms}");
        }
    }

    #[test]
    fn a_shared_database_or_redis_needs_an_explicit_secret() {
        for shared in [("DATABASE_URL", "postgres://u@db/hometutor"), ("REDIS_URL", "redis://cache:6379")] {
            let err = with(&[shared]).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(err.contains("JWT_SECRET must be set"), "{shared:?} gave {err:?}");
            let secret = ("JWT_SECRET", "0123456789abcdef0123456789abcdef");
            assert!(with(&[shared, secret]).is_ok(), "{shared:?} with JWT_SECRET");
        }
        assert!(with(&[]).is_ok_and(|s| s.jwt_secret.is_none()), "SQLite alone keeps the generated secret");
    }

    #[test]
    fn bad_values_name_the_variable() {
        for (key, value) in [
            ("BIND", "8080"),
            ("PUBLIC_URL", "localhost"),
            ("DATABASE_URL", "mysql://x"),
            ("JWT_SECRET", "short"),
            ("JWT_SECRET_PREVIOUS", "short"),
            ("SMTP_URL", "http://mail"),
            ("MAIL_FROM", "not an address"),
            ("BCRYPT_COST", "99"),
            ("PASSWORD_QUEUE_WAIT_MS", "2s"),
            ("PASSWORD_QUEUE_WAIT_MS", "60001"),
            ("PASSWORD_QUEUE_WAIT_MS", "-1"),
            ("ADMIN_EMAIL", "a@b.com"),
            ("PAYMENT_MODE", "free"),
            ("PAYMENT_MODE", "cashfree"),
            ("REDIS_URL", "http://cache"),
            ("MAX_UPLOAD_BYTES", "lots"),
            ("CHAT_RATE_LIMIT", "0"),
            ("PAYMENT_RECONCILE_SECS", "0"),
            ("TRUSTED_PROXIES", "10.0.0.0/8,proxy.internal"),
            ("METRICS_BIND", "9100"),
            ("METRICS_BIND", "localhost:metrics"),
            ("METRICS_TOKEN", "too-short"),
        ] {
            let err = with(&[(key, value)]).err().map(|e| e.to_string()).unwrap_or_default();
            assert!(err.contains(key), "{key}={value} gave {err:?}");
        }
    }
}
