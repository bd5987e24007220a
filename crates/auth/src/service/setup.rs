//! The service itself: its configuration, what it holds, how it starts, and the helpers every
//! group of use cases shares.

use std::sync::Arc;

use chrono::Duration;
use hometutor_db::Db;
use hometutor_limits::Limiter;
use hometutor_mail::MailSignal;

use crate::keys::Keys;
use crate::limits;
use crate::password::{HasherConfig, PasswordHasher};
use crate::AuthError;

pub struct AuthConfig {
    /// `JWT_SECRET`: the token and code keys are derived from it (see `keys.rs`).
    pub jwt_secret: Vec<u8>,
    /// `JWT_SECRET_PREVIOUS`: its keys still verify tokens and codes, and sign nothing.
    pub jwt_secret_previous: Option<Vec<u8>>,
    pub bcrypt_cost: u32,
    /// `PASSWORD_QUEUE_WAIT_MS`: the longest a password check may wait for a hashing thread
    /// before the caller is refused with [`AuthError::Busy`].
    pub hash_max_wait: std::time::Duration,
    /// Base of the links in e-mails, e.g. `http://localhost:8080`.
    pub public_url: String,
    pub token_ttl: Duration,
    /// Counts failed logins and code e-mails per client address (buckets `LoginFailures*`, `CodeEmailsPerIp`).
    pub limiter: Limiter,
}

#[derive(Clone)]
pub struct AuthService {
    pub(super) inner: Arc<Inner>,
}

pub(super) struct Inner {
    pub(super) db: Db,
    pub(super) config: AuthConfig,
    pub(super) hasher: PasswordHasher,
    pub(super) mail: MailSignal,
    pub(super) keys: Keys,
}

impl AuthService {
    pub fn new(db: Db, config: AuthConfig, mail: MailSignal) -> Result<Self, AuthError> {
        let parallel = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        let hasher = PasswordHasher::with_config(HasherConfig {
            cost: config.bcrypt_cost,
            threads: parallel,
            max_wait: config.hash_max_wait,
        })?;
        let keys = Keys::new(&config.jwt_secret, config.jwt_secret_previous.as_deref());
        Ok(Self { inner: Arc::new(Inner { db, config, hasher, mail, keys }) })
    }

    pub(super) fn db(&self) -> &Db {
        &self.inner.db
    }

    /// The key new code hashes are made with.
    pub(super) fn key(&self) -> &[u8] {
        &self.inner.keys.current.codes
    }

    pub(super) fn take_code_email(&self, ip: &str) -> Result<(), AuthError> {
        limits::take_code_email(&self.inner.config.limiter, ip)
    }
}
