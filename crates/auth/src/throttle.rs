use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[derive(Debug, Clone, Copy)]
pub struct ThrottleLimits {
    pub per_account: u32,
    pub per_ip: u32,
    pub window: Duration,
}

impl Default for ThrottleLimits {
    fn default() -> Self {
        Self { per_account: 5, per_ip: 30, window: Duration::from_secs(15 * 60) }
    }
}

/// Counts failed logins per key in a fixed window; once a key reaches its limit,
/// it is refused until the window ends. Kept in memory: a restart forgets it.
pub struct Throttle {
    failures: Mutex<HashMap<String, (Instant, u32)>>,
    window: Duration,
}

const MAX_KEYS: usize = 100_000;

impl Throttle {
    pub fn new(window: Duration) -> Self {
        Self { failures: Mutex::new(HashMap::new()), window }
    }

    /// `Err(retry_after)` when `key` has used up `limit` failures in the current window.
    pub fn check(&self, key: &str, limit: u32) -> Result<(), Duration> {
        let Ok(map) = self.failures.lock() else {
            return Ok(());
        };
        match map.get(key) {
            Some((start, count)) if *count >= limit => {
                let elapsed = start.elapsed();
                if elapsed < self.window {
                    Err(self.window - elapsed)
                } else {
                    Ok(())
                }
            }
            _ => Ok(()),
        }
    }

    pub fn record_failure(&self, key: &str) {
        let Ok(mut map) = self.failures.lock() else {
            return;
        };
        if map.len() >= MAX_KEYS {
            let window = self.window;
            map.retain(|_, (start, _)| start.elapsed() < window);
        }
        let now = Instant::now();
        let entry = map.entry(key.to_string()).or_insert((now, 0));
        if entry.0.elapsed() >= self.window {
            *entry = (now, 0);
        }
        entry.1 += 1;
    }

    pub fn clear(&self, key: &str) {
        if let Ok(mut map) = self.failures.lock() {
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
}
