//! A shared store with a second one behind it: Redis first, the database while Redis does
//! not answer. Limits keep holding (in the database) rather than letting everything through.

use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::{LimitStore, Rule, StoreError, Take};

/// After a failure the primary is left alone this long: a Redis that is down would otherwise
/// cost every request a connection attempt.
const RETRY_PRIMARY_AFTER: Duration = Duration::from_secs(5);

pub struct FallbackStore<P, F> {
    primary: P,
    fallback: F,
    /// When the primary last failed, while it is considered down.
    down_since: Mutex<Option<Instant>>,
}

impl<P: LimitStore, F: LimitStore> FallbackStore<P, F> {
    pub fn new(primary: P, fallback: F) -> Self {
        Self { primary, fallback, down_since: Mutex::new(None) }
    }

    /// Runs `step` on the primary unless it failed within [`RETRY_PRIMARY_AFTER`]; on failure
    /// (logged once per outage) and while it is down, on the fallback. Counts made in the
    /// fallback during an outage stay there: the limits are per store for that long.
    fn run<T>(&self, step: impl Fn(&dyn LimitStore) -> Result<T, StoreError>) -> Result<T, StoreError> {
        let mut down = self.down_since.lock().unwrap_or_else(PoisonError::into_inner).to_owned();
        if down.is_none_or(|since| since.elapsed() >= RETRY_PRIMARY_AFTER) {
            match step(&self.primary) {
                Ok(answer) => {
                    if down.take().is_some() {
                        tracing::info!("rate-limit store answers again; counting there");
                        *self.down_since.lock().unwrap_or_else(PoisonError::into_inner) = None;
                    }
                    return Ok(answer);
                }
                Err(error) => {
                    if down.is_none() {
                        tracing::warn!(%error, "rate-limit store down; counting in the database until it answers");
                    }
                    down = Some(Instant::now());
                    *self.down_since.lock().unwrap_or_else(PoisonError::into_inner) = down;
                }
            }
        }
        step(&self.fallback)
    }
}

impl<P: LimitStore, F: LimitStore> LimitStore for FallbackStore<P, F> {
    fn take(&self, key: &str, rule: Rule) -> Result<Take, StoreError> {
        self.run(|store| store.take(key, rule))
    }

    fn give_back(&self, key: &str) -> Result<(), StoreError> {
        self.run(|store| store.give_back(key))
    }

    fn clear(&self, key: &str) -> Result<(), StoreError> {
        self.run(|store| store.clear(key))
    }
}
