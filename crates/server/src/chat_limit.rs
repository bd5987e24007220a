//! The chat rate limit, per account and whatever the transport: every socket
//! event and every `POST /api/messages` of one account counts against one
//! budget (`CHAT_RATE_LIMIT` per 10-second window). Kept in memory, so it is
//! per process; issue 16's shared limiter is to take it over behind this API.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use hometutor_core::UserId;

/// The window `CHAT_RATE_LIMIT` counts in.
pub const WINDOW: Duration = Duration::from_secs(10);
/// Past this many accounts, windows that ended are forgotten before a new one is counted.
const PRUNE_ABOVE: usize = 10_000;

pub struct ChatRateLimit {
    limit: u32,
    windows: Mutex<HashMap<i64, (Instant, u32)>>,
}

impl ChatRateLimit {
    pub fn new(limit: u32) -> Self {
        Self { limit, windows: Mutex::default() }
    }

    /// Counts one event of `user`: `Err(retry_after)` once the account has used up its window.
    pub fn hit(&self, user: UserId) -> Result<(), Duration> {
        let Ok(mut windows) = self.windows.lock() else { return Ok(()) };
        let now = Instant::now();
        if windows.len() > PRUNE_ABOVE {
            windows.retain(|_, (start, _)| now.duration_since(*start) < WINDOW);
        }
        let (start, count) = windows.entry(user.0).or_insert((now, 0));
        if now.duration_since(*start) >= WINDOW {
            (*start, *count) = (now, 0);
        }
        if *count >= self.limit {
            return Err(WINDOW.saturating_sub(now.duration_since(*start)));
        }
        *count += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_gets_its_limit_per_window_and_others_are_apart() {
        let limit = ChatRateLimit::new(3);
        for _ in 0..3 {
            assert!(limit.hit(UserId(1)).is_ok());
        }
        let wait = limit.hit(UserId(1)).expect_err("the fourth is refused");
        assert!(wait <= WINDOW && wait > Duration::from_secs(9));
        assert!(limit.hit(UserId(2)).is_ok(), "another account has its own budget");
    }
}
