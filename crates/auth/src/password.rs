use std::sync::{Condvar, Mutex};

use crate::AuthError;

/// bcrypt with a fixed cost, at most `limit` hashes at a time: a burst of logins
/// queues here instead of taking every blocking thread and every core.
pub struct PasswordHasher {
    cost: u32,
    limit: usize,
    busy: Mutex<usize>,
    freed: Condvar,
    /// Checked against when the account does not exist, so that path costs the same.
    dummy_hash: String,
}

impl PasswordHasher {
    pub fn new(cost: u32, limit: usize) -> Result<Self, AuthError> {
        let dummy_hash = bcrypt::hash("not-a-real-password", cost).map_err(|e| AuthError::Internal(e.to_string()))?;
        Ok(Self { cost, limit: limit.max(1), busy: Mutex::new(0), freed: Condvar::new(), dummy_hash })
    }

    pub fn hash(&self, password: &str) -> Result<String, AuthError> {
        self.bounded(|| bcrypt::hash(password, self.cost).map_err(|e| AuthError::Internal(e.to_string())))
    }

    /// Verifies against `hash`, or against a dummy when there is no account.
    pub fn verify(&self, password: &str, hash: Option<&str>) -> bool {
        let target = hash.unwrap_or(&self.dummy_hash);
        let ok = self.bounded(|| Ok(bcrypt::verify(password, target).unwrap_or(false))).unwrap_or(false);
        ok && hash.is_some()
    }

    fn bounded<T>(&self, f: impl FnOnce() -> Result<T, AuthError>) -> Result<T, AuthError> {
        {
            let mut busy = self.busy.lock().map_err(|_| AuthError::Internal("hasher lock".into()))?;
            while *busy >= self.limit {
                busy = self.freed.wait(busy).map_err(|_| AuthError::Internal("hasher lock".into()))?;
            }
            *busy += 1;
        }
        let result = f();
        if let Ok(mut busy) = self.busy.lock() {
            *busy -= 1;
        }
        self.freed.notify_one();
        result
    }
}
