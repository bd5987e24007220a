//! The counters in Redis (`REDIS_URL`): one key per counted key, expiring with its window,
//! each step one Lua script so that it is atomic across every process using the Redis.

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use redis::{Client, Connection, RedisResult};

use crate::{LimitStore, Rule, StoreError, Take};

/// How long a call may wait on Redis before the store reports it down: limits are checked
/// on the request's path, so a stuck Redis must cost milliseconds, not seconds.
const ANSWER_WITHIN: Duration = Duration::from_millis(500);
/// Connections kept open for reuse; more are opened under load and closed afterwards.
const KEEP_CONNECTIONS: usize = 8;

/// INCR; a new key (or one left without expiry) gets the window's expiry; past the limit the
/// increment is undone and the key's remaining time answered. Returns `{counted, pttl}`.
const TAKE: &str = r"
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
if n > tonumber(ARGV[1]) then
  redis.call('DECR', KEYS[1])
  return {0, redis.call('PTTL', KEYS[1])}
end
return {1, 0}
";

/// DECR only a live key above zero: never creates a key, never goes negative.
const GIVE_BACK: &str = r"
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return 0
";

/// Counts in Redis through the caller's thread: call from the blocking pool.
pub struct RedisStore {
    client: Client,
    /// Prefixes every key, so that sites (or tests) sharing one Redis count apart.
    namespace: String,
    idle: Mutex<Vec<Connection>>,
}

impl RedisStore {
    /// Connects lazily: a Redis that is down at start-up is only reported on first use.
    pub fn new(url: &str, namespace: impl Into<String>) -> Result<Self, StoreError> {
        let client = Client::open(url).map_err(failed)?;
        Ok(Self { client, namespace: namespace.into(), idle: Mutex::new(Vec::new()) })
    }

    fn key(&self, key: &str) -> String {
        format!("{}{key}", self.namespace)
    }

    fn with_connection<T>(&self, call: impl FnOnce(&mut Connection) -> RedisResult<T>) -> Result<T, StoreError> {
        let reused = self.idle.lock().unwrap_or_else(PoisonError::into_inner).pop();
        let mut conn = match reused {
            Some(conn) => conn,
            None => {
                let conn = self.client.get_connection_with_timeout(ANSWER_WITHIN).map_err(failed)?;
                conn.set_read_timeout(Some(ANSWER_WITHIN)).map_err(failed)?;
                conn.set_write_timeout(Some(ANSWER_WITHIN)).map_err(failed)?;
                conn
            }
        };
        // A connection that failed is dropped, not reused: it may hold half an answer.
        let answer = call(&mut conn).map_err(failed)?;
        let mut idle = self.idle.lock().unwrap_or_else(PoisonError::into_inner);
        if idle.len() < KEEP_CONNECTIONS {
            idle.push(conn);
        }
        Ok(answer)
    }
}

fn failed(error: redis::RedisError) -> StoreError {
    StoreError(format!("redis: {error}"))
}

impl LimitStore for RedisStore {
    fn take(&self, key: &str, rule: Rule) -> Result<Take, StoreError> {
        if rule.limit == 0 {
            return Ok(Take::Full { retry_after: rule.window });
        }
        let window_ms = u64::try_from(rule.window.as_millis()).unwrap_or(u64::MAX).max(1);
        let (counted, pttl): (i64, i64) = self.with_connection(|conn| {
            redis::cmd("EVAL").arg(TAKE).arg(1).arg(self.key(key)).arg(rule.limit).arg(window_ms).query(conn)
        })?;
        Ok(if counted == 1 {
            Take::Counted
        } else {
            Take::Full { retry_after: Duration::from_millis(u64::try_from(pttl).unwrap_or_default()) }
        })
    }

    fn give_back(&self, key: &str) -> Result<(), StoreError> {
        self.with_connection(|conn| redis::cmd("EVAL").arg(GIVE_BACK).arg(1).arg(self.key(key)).query::<i64>(conn))
            .map(|_| ())
    }

    fn clear(&self, key: &str) -> Result<(), StoreError> {
        self.with_connection(|conn| redis::cmd("DEL").arg(self.key(key)).query::<i64>(conn)).map(|_| ())
    }
}
