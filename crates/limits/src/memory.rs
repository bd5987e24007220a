use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::{LimitStore, Rule, StoreError, Take};

/// Past this many keys, windows that ended are forgotten before another key is counted.
const PRUNE_ABOVE: usize = 10_000;

type Clock = Arc<dyn Fn() -> Instant + Send + Sync>;

/// Counts in this process's memory: a restart forgets, and other processes do not see it.
///
/// Memory stays bounded: once the map holds `PRUNE_ABOVE` keys, the windows that have ended
/// are dropped before a new key is added, and the next prune waits until the map has doubled
/// from what was left. So it never holds more than `PRUNE_ABOVE` or twice the most keys ever
/// live at once, whichever is larger, and each prune is paid for by as many insertions.
pub struct InMemoryStore {
    windows: Mutex<Windows>,
    clock: Clock,
}

struct Windows {
    by_key: HashMap<String, Window>,
    prune_above: usize,
}

struct Window {
    opened: Instant,
    length: Duration,
    count: u32,
}

impl Window {
    fn remaining(&self, now: Instant) -> Duration {
        self.length.saturating_sub(now.saturating_duration_since(self.opened))
    }

    fn ended(&self, now: Instant) -> bool {
        self.remaining(now).is_zero()
    }
}

impl Default for InMemoryStore {
    fn default() -> Self {
        Self::with_clock(Arc::new(Instant::now))
    }
}

impl InMemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    /// A store whose windows follow `clock` instead of the system's (tests move time by hand).
    pub fn with_clock(clock: Clock) -> Self {
        Self { windows: Mutex::new(Windows { by_key: HashMap::new(), prune_above: PRUNE_ABOVE }), clock }
    }

    /// How many keys are held, live or not yet pruned.
    pub fn held_keys(&self) -> usize {
        self.lock().by_key.len()
    }

    // Nothing panics while the lock is held, and every step leaves the map consistent, so a
    // poisoned lock (a panic elsewhere on the thread) still guards valid counts.
    fn lock(&self) -> std::sync::MutexGuard<'_, Windows> {
        self.windows.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Windows {
    fn prune_if_large(&mut self, now: Instant) {
        if self.by_key.len() < self.prune_above {
            return;
        }
        self.by_key.retain(|_, window| !window.ended(now));
        self.prune_above = PRUNE_ABOVE.max(self.by_key.len() * 2);
    }
}

impl LimitStore for InMemoryStore {
    fn take(&self, key: &str, rule: Rule) -> Result<Take, StoreError> {
        let now = (self.clock)();
        let mut windows = self.lock();
        if let Some(window) = windows.by_key.get_mut(key) {
            if window.ended(now) {
                *window = Window { opened: now, length: rule.window, count: 0 };
            }
            if window.count >= rule.limit {
                return Ok(Take::Full { retry_after: window.remaining(now) });
            }
            window.count += 1;
            return Ok(Take::Counted);
        }
        if rule.limit == 0 {
            return Ok(Take::Full { retry_after: rule.window });
        }
        windows.prune_if_large(now);
        windows.by_key.insert(key.to_owned(), Window { opened: now, length: rule.window, count: 1 });
        Ok(Take::Counted)
    }

    fn give_back(&self, key: &str) -> Result<(), StoreError> {
        if let Some(window) = self.lock().by_key.get_mut(key) {
            window.count = window.count.saturating_sub(1);
        }
        Ok(())
    }

    fn clear(&self, key: &str) -> Result<(), StoreError> {
        self.lock().by_key.remove(key);
        Ok(())
    }

    fn answers_from_memory(&self) -> bool {
        true
    }
}
