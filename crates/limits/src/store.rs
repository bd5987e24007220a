use std::time::Duration;

use crate::Rule;

/// The answer of [`LimitStore::take`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Take {
    /// The event was counted.
    Counted,
    /// The key's window is full: nothing was counted; it ends in `retry_after`.
    Full { retry_after: Duration },
}

/// A store could not be reached or answered nonsense; the [`Limiter`](crate::Limiter)
/// logs it and lets the event through.
#[derive(Debug, thiserror::Error)]
#[error("rate-limit store: {0}")]
pub struct StoreError(pub String);

/// Where the counts live. Keys arrive namespaced by bucket (`"{bucket}:{key}"`).
///
/// Every method is one atomic step on the shared state, so concurrent callers (threads, or
/// processes sharing a store) can never count past a limit. A networked store maps them
/// naturally: in Redis, `take` is a script (`INCR`; on 1 `PEXPIRE window`; above the limit
/// `DECR` and answer the `PTTL`), `give_back` a `DECR` of a key that exists, `clear` a `DEL`;
/// in SQL, an upsert that counts only while `count < limit` or the window has ended.
///
/// Calls block: callers on the async reactor accept that for [`InMemoryStore`](crate::InMemoryStore)
/// (a mutex held for a map lookup); a store that waits on the network is to be
/// called from the blocking pool or answer within a short deadline.
pub trait LimitStore: Send + Sync {
    /// Counts one event for `key` if fewer than `rule.limit` are counted in its current window,
    /// opening a new window of `rule.window` when the last one has ended.
    fn take(&self, key: &str, rule: Rule) -> Result<Take, StoreError>;

    /// Takes back one event counted for `key` in its current window (never below zero): an event
    /// counted in advance turned out not to count.
    fn give_back(&self, key: &str) -> Result<(), StoreError>;

    /// Forgets `key`'s window.
    fn clear(&self, key: &str) -> Result<(), StoreError>;

    /// Whether every call answers at once from this process's memory (never waits on a disk or the
    /// network), so that an async caller may call it on the reactor instead of the blocking pool.
    fn answers_from_memory(&self) -> bool {
        false
    }
}
