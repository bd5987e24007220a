use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy)]
pub struct ThrottleLimits {
    pub per_account: u32,
    pub per_ip: u32,
    /// The window of the two login limits.
    pub window: Duration,
    /// Code e-mails (registration, resend, reset) one client address may ask for per `code_email_window`.
    pub code_emails_per_ip: u32,
    pub code_email_window: Duration,
}

impl Default for ThrottleLimits {
    fn default() -> Self {
        Self {
            per_account: 5,
            per_ip: 30,
            window: Duration::from_secs(15 * 60),
            code_emails_per_ip: 10,
            code_email_window: Duration::from_secs(60 * 60),
        }
    }
}

/// Counts events per key (a named bucket such as `ip:…` or `codes-ip:…`) in a
/// fixed window; once a key reaches its limit, it is refused until its window
/// ends. Kept in memory: a restart forgets it.
pub struct Throttle {
    counts: Mutex<HashMap<String, Entry>>,
    window: Duration,
}

struct Entry {
    start: Instant,
    count: u32,
    window: Duration,
}

impl Entry {
    fn expired(&self) -> bool {
        self.start.elapsed() >= self.window
    }
}

const MAX_KEYS: usize = 100_000;

impl Throttle {
    /// `window` is the window of [`Throttle::check`] and [`Throttle::record_failure`].
    pub fn new(window: Duration) -> Self {
        Self { counts: Mutex::new(HashMap::new()), window }
    }

    /// `Err(retry_after)` when `key` has used up `limit` failures in the current window.
    pub fn check(&self, key: &str, limit: u32) -> Result<(), Duration> {
        let Ok(map) = self.counts.lock() else {
            return Ok(());
        };
        match map.get(key) {
            Some(e) if e.count >= limit && !e.expired() => Err(e.window.saturating_sub(e.start.elapsed())),
            _ => Ok(()),
        }
    }

    pub fn record_failure(&self, key: &str) {
        if let Ok(mut map) = self.counts.lock() {
            Self::bump(&mut map, key, self.window);
        }
    }

    /// Counts one event for `key` if it is within `limit` per `window`, in one step
    /// (concurrent callers cannot slip past the limit); `Err(retry_after)` otherwise.
    pub fn take(&self, key: &str, limit: u32, window: Duration) -> Result<(), Duration> {
        let Ok(mut map) = self.counts.lock() else {
            return Ok(());
        };
        if let Some(e) = map.get(key) {
            if e.count >= limit && !e.expired() {
                return Err(e.window.saturating_sub(e.start.elapsed()));
            }
        }
        Self::bump(&mut map, key, window);
        Ok(())
    }

    fn bump(map: &mut HashMap<String, Entry>, key: &str, window: Duration) {
        if map.len() >= MAX_KEYS {
            map.retain(|_, e| !e.expired());
        }
        let now = Instant::now();
        let entry = map.entry(key.to_string()).or_insert(Entry { start: now, count: 0, window });
        if entry.expired() {
            *entry = Entry { start: now, count: 0, window };
        }
        entry.count += 1;
    }

    pub fn clear(&self, key: &str) {
        if let Ok(mut map) = self.counts.lock() {
            map.remove(key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_after_the_limit_until_the_window_ends() {
        let t = Throttle::new(Duration::from_millis(200));
        for _ in 0..3 {
            assert!(t.check("k", 3).is_ok());
            t.record_failure("k");
        }
        let wait = t.check("k", 3).err();
        assert!(wait.is_some_and(|d| d <= Duration::from_millis(200)));
        assert!(t.check("other", 3).is_ok());
        std::thread::sleep(Duration::from_millis(250));
        assert!(t.check("k", 3).is_ok());
    }

    #[test]
    fn take_counts_and_refuses_in_one_step_with_its_own_window() {
        let t = Throttle::new(Duration::from_secs(900));
        let window = Duration::from_millis(300);
        let allowed = std::thread::scope(|s| {
            let handles: Vec<_> = (0..8).map(|_| s.spawn(|| t.take("codes", 5, window).is_ok())).collect();
            handles.into_iter().map(|h| h.join().unwrap_or(false)).filter(|ok| *ok).count()
        });
        assert_eq!(allowed, 5, "eight at once: exactly the limit gets through");
        assert!(t.take("codes", 5, window).is_err());
        std::thread::sleep(Duration::from_millis(350));
        assert!(t.take("codes", 5, window).is_ok(), "the bucket's own window ended");
    }
}
