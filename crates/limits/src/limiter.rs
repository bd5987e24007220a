use std::fmt::Display;
use std::sync::Arc;
use std::time::Duration;

use crate::{Bucket, Counted, InMemoryStore, LimitStore, Rule, Take};

/// How long a refused caller should wait: the rest of the key's window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub Duration);

impl RetryAfter {
    /// Whole seconds for `Retry-After`, rounded up (retrying sooner would be refused again), at least 1.
    pub fn secs(self) -> u64 {
        let whole = self.0.as_secs() + u64::from(self.0.subsec_nanos() > 0);
        whole.max(1)
    }
}

/// Counts events in named buckets. Cheap to clone; clones share the store.
#[derive(Clone)]
pub struct Limiter {
    stores: [Arc<dyn LimitStore>; Bucket::ALL.len()],
    rules: [Rule; Bucket::ALL.len()],
}

impl Limiter {
    /// A limiter with the table's numbers ([`Bucket::rule`]) over `store`.
    pub fn new(store: Arc<dyn LimitStore>) -> Self {
        Self { stores: Bucket::ALL.map(|_| store.clone()), rules: Bucket::ALL.map(Bucket::rule) }
    }

    /// Counts `bucket` in `store` instead: a bucket whose windows are seconds long and whose
    /// events are frequent (chat) may stay in memory where one process serves it all, rather
    /// than cost a database write per event.
    #[must_use]
    pub fn with_store(mut self, bucket: Bucket, store: Arc<dyn LimitStore>) -> Self {
        self.stores[bucket.index()] = store;
        self
    }

    /// Whether `bucket`'s store answers from this process's memory (see
    /// [`LimitStore::answers_from_memory`]): its calls need no trip to the blocking pool.
    pub fn answers_from_memory(&self, bucket: Bucket) -> bool {
        self.store(bucket).answers_from_memory()
    }

    fn store(&self, bucket: Bucket) -> &dyn LimitStore {
        self.stores[bucket.index()].as_ref()
    }

    /// Counts in this process's memory (see [`InMemoryStore`]).
    pub fn in_memory() -> Self {
        Self::new(Arc::new(InMemoryStore::new()))
    }

    /// Replaces the table's limit of `bucket` (configuration: `CHAT_RATE_LIMIT`, `CODE_EMAIL_LIMIT`).
    #[must_use]
    pub fn with_limit(mut self, bucket: Bucket, limit: u32) -> Self {
        self.rules[bucket.index()].limit = limit;
        self
    }

    /// The numbers this limiter applies to `bucket`.
    pub fn rule(&self, bucket: Bucket) -> Rule {
        self.rules[bucket.index()]
    }

    /// Counts one event of `key` in `bucket`, or refuses it (counting nothing) when the key's
    /// window is full. One atomic step: of N concurrent hits on a fresh key, exactly `limit` pass.
    pub fn hit(&self, bucket: Bucket, key: impl Display) -> Result<(), RetryAfter> {
        debug_assert_eq!(bucket.counted(), Counted::ByLimiter, "{bucket:?} is counted by its owner");
        match self.store(bucket).take(&store_key(bucket, key), self.rule(bucket)) {
            Ok(Take::Counted) => Ok(()),
            Ok(Take::Full { retry_after }) => Err(RetryAfter(retry_after)),
            // Open rather than closed: a store that is down must not lock everyone out.
            Err(error) => {
                tracing::warn!(%error, bucket = bucket.name(), "rate limit not checked");
                Ok(())
            }
        }
    }

    /// Takes back one [`Limiter::hit`] of `key` that turned out not to count (a request refused
    /// for another reason, a login that succeeded). Counting first and giving back later is
    /// what keeps concurrent requests from slipping past the limit before any has finished.
    pub fn give_back(&self, bucket: Bucket, key: impl Display) {
        let key = store_key(bucket, key);
        if let Err(error) = with_retries(|| self.store(bucket).give_back(&key)) {
            tracing::warn!(%error, bucket = bucket.name(), "rate limit not given back");
        }
    }

    /// Forgets `key`'s count in `bucket` (a successful login clears its failures).
    pub fn clear(&self, bucket: Bucket, key: impl Display) {
        let key = store_key(bucket, key);
        if let Err(error) = with_retries(|| self.store(bucket).clear(&key)) {
            tracing::warn!(%error, bucket = bucket.name(), "rate limit not cleared");
        }
    }
}

/// Giving back and clearing are tried again when the store fails: a count that is never given
/// back holds a person's attempts against them for the whole window (five lost give-backs of a
/// database store whose connections were cut mid-request locked an account for 15 minutes).
/// Each failure makes a database pool drop the broken connection, so a new try usually gets a
/// sound one. (Retrying a give-back that was applied but not acknowledged gives back one too
/// many: the lenient side.)
fn with_retries(mut run: impl FnMut() -> Result<(), crate::StoreError>) -> Result<(), crate::StoreError> {
    const TRIES: usize = 4;
    let mut last = run();
    for _ in 1..TRIES {
        if last.is_ok() {
            break;
        }
        last = run();
    }
    last
}

pub(crate) fn store_key(bucket: Bucket, key: impl Display) -> String {
    if bucket.per_client_address() {
        return format!("{}:{}", bucket.name(), crate::client_key(&key.to_string()));
    }
    format!("{}:{key}", bucket.name())
}

#[cfg(test)]
mod tests {
    use std::sync::{Barrier, Mutex};
    use std::time::Instant;

    use super::*;
    use crate::StoreError;

    /// A limiter over a store whose clock the test moves.
    fn limiter_with_clock() -> (Limiter, Arc<InMemoryStore>, impl Fn(Duration)) {
        let now = Arc::new(Mutex::new(Instant::now()));
        let reading = Arc::clone(&now);
        let store = Arc::new(InMemoryStore::with_clock(Arc::new(move || *reading.lock().unwrap())));
        let advance = move |by: Duration| *now.lock().unwrap() += by;
        (Limiter::new(store.clone()), store, advance)
    }

    const TICKETS: Bucket = Bucket::SupportTicketsPerIp;

    /// A store that counts nothing and says it waits (as the database and Redis do).
    struct Remote;
    impl LimitStore for Remote {
        fn take(&self, _: &str, _: Rule) -> Result<Take, StoreError> {
            Ok(Take::Counted)
        }
        fn give_back(&self, _: &str) -> Result<(), StoreError> {
            Ok(())
        }
        fn clear(&self, _: &str) -> Result<(), StoreError> {
            Ok(())
        }
    }

    #[test]
    fn only_a_bucket_kept_in_memory_answers_without_the_blocking_pool() {
        let chat = Bucket::ChatEventsPerAccount;
        let limiter = Limiter::new(Arc::new(Remote)).with_store(chat, Arc::new(InMemoryStore::new()));
        assert!(limiter.answers_from_memory(chat));
        assert!(!limiter.answers_from_memory(TICKETS));
    }

    #[test]
    fn a_key_gets_its_limit_per_window_then_waits_for_the_window_to_end() {
        let (limiter, _, advance) = limiter_with_clock();
        let window = TICKETS.rule().window;
        for _ in 0..5 {
            assert_eq!(limiter.hit(TICKETS, "10.0.0.1"), Ok(()));
        }
        advance(Duration::from_secs(60));
        assert_eq!(limiter.hit(TICKETS, "10.0.0.1"), Err(RetryAfter(window - Duration::from_secs(60))));
        advance(window - Duration::from_secs(61));
        assert_eq!(limiter.hit(TICKETS, "10.0.0.1"), Err(RetryAfter(Duration::from_secs(1))), "a second left");
        advance(Duration::from_secs(1));
        assert_eq!(limiter.hit(TICKETS, "10.0.0.1"), Ok(()), "a new window");
    }

    #[test]
    fn keys_and_buckets_are_counted_apart() {
        let limiter = Limiter::in_memory().with_limit(Bucket::ChatEventsPerAccount, 1);
        assert!(limiter.hit(Bucket::ChatEventsPerAccount, 7).is_ok());
        assert!(limiter.hit(Bucket::ChatEventsPerAccount, 7).is_err());
        assert!(limiter.hit(Bucket::ChatEventsPerAccount, 8).is_ok(), "another key");
        assert!(limiter.hit(Bucket::LoginFailuresPerIp, 7).is_ok(), "the same key in another bucket");
    }

    #[test]
    fn an_account_gets_its_chat_limit_per_window_and_others_are_apart() {
        let chat = Bucket::ChatEventsPerAccount;
        let limiter = Limiter::in_memory().with_limit(chat, 3);
        for _ in 0..3 {
            assert!(limiter.hit(chat, 1).is_ok());
        }
        let wait = limiter.hit(chat, 1).expect_err("the fourth is refused");
        assert!(wait.0 <= chat.rule().window && wait.0 > Duration::from_secs(9));
        assert!(limiter.hit(chat, 2).is_ok(), "another account has its own budget");
    }

    #[test]
    fn a_give_back_or_clear_the_store_fails_is_tried_again() {
        // As a database store behind a pool whose connections were cut: the first calls on
        // dead connections fail, then a fresh one works.
        struct Flaky {
            inner: InMemoryStore,
            failures_left: Mutex<usize>,
        }
        impl Flaky {
            fn fail_first(&self) -> Result<(), StoreError> {
                let mut left = self.failures_left.lock().unwrap();
                if *left > 0 {
                    *left -= 1;
                    return Err(StoreError("server closed the connection unexpectedly".into()));
                }
                Ok(())
            }
        }
        impl LimitStore for Flaky {
            fn take(&self, key: &str, rule: Rule) -> Result<Take, StoreError> {
                self.inner.take(key, rule)
            }
            fn give_back(&self, key: &str) -> Result<(), StoreError> {
                self.fail_first()?;
                self.inner.give_back(key)
            }
            fn clear(&self, key: &str) -> Result<(), StoreError> {
                self.fail_first()?;
                self.inner.clear(key)
            }
        }
        let store = Arc::new(Flaky { inner: InMemoryStore::default(), failures_left: Mutex::new(0) });
        let limiter = Limiter::new(store.clone()).with_limit(Bucket::LoginFailuresPerAccount, 1);
        let account = Bucket::LoginFailuresPerAccount;
        // Three failed tries, then the give-back lands: the one slot is free again.
        limiter.hit(account, "asha@example.com").unwrap();
        *store.failures_left.lock().unwrap() = 3;
        limiter.give_back(account, "asha@example.com");
        assert!(limiter.hit(account, "asha@example.com").is_ok(), "given back despite the failures");
        *store.failures_left.lock().unwrap() = 3;
        limiter.clear(account, "asha@example.com");
        assert!(limiter.hit(account, "asha@example.com").is_ok(), "cleared despite the failures");
        // A store that stays down is given up on (the warning says so); nothing panics.
        *store.failures_left.lock().unwrap() = 100;
        limiter.give_back(account, "asha@example.com");
        assert!(limiter.hit(account, "asha@example.com").is_err(), "still counted: the store never took it back");
    }

    #[test]
    fn clear_forgets_a_key_and_give_back_returns_one_event() {
        let limiter = Limiter::in_memory();
        let account = Bucket::LoginFailuresPerAccount;
        for _ in 0..5 {
            assert!(limiter.hit(account, "a@example.com").is_ok());
        }
        assert!(limiter.hit(account, "a@example.com").is_err());
        limiter.clear(account, "a@example.com");
        for _ in 0..5 {
            assert!(limiter.hit(account, "a@example.com").is_ok(), "a whole allowance again");
        }
        limiter.give_back(account, "a@example.com");
        assert!(limiter.hit(account, "a@example.com").is_ok(), "one given back, one more allowed");
        assert!(limiter.hit(account, "a@example.com").is_err());
        limiter.give_back(account, "nobody@example.com");
        limiter.clear(account, "nobody@example.com");
    }

    #[test]
    fn configured_limits_replace_the_tables() {
        let limiter = Limiter::in_memory().with_limit(Bucket::CodeEmailsPerIp, 2);
        assert_eq!(limiter.rule(Bucket::CodeEmailsPerIp).limit, 2);
        assert_eq!(limiter.rule(Bucket::CodeEmailsPerIp).window, Bucket::CodeEmailsPerIp.rule().window);
        assert_eq!(limiter.rule(Bucket::ChatEventsPerAccount), Bucket::ChatEventsPerAccount.rule());
        assert!(limiter.hit(Bucket::CodeEmailsPerIp, "ip").is_ok());
        assert!(limiter.hit(Bucket::CodeEmailsPerIp, "ip").is_ok());
        assert!(limiter.hit(Bucket::CodeEmailsPerIp, "ip").is_err());
    }

    #[test]
    fn concurrent_hits_on_one_key_pass_exactly_the_limit() {
        let limiter = Limiter::in_memory().with_limit(Bucket::ChatEventsPerAccount, 25);
        let threads = 64;
        let start = Barrier::new(threads);
        let passed = std::thread::scope(|s| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    s.spawn(|| {
                        start.wait();
                        (0..4).filter(|_| limiter.hit(Bucket::ChatEventsPerAccount, 1).is_ok()).count()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).sum::<usize>()
        });
        assert_eq!(passed, 25, "256 hits at once: exactly the limit passes");
    }

    #[test]
    fn ended_windows_are_pruned_so_memory_stays_bounded() {
        let (limiter, store, advance) = limiter_with_clock();
        let window = Bucket::ChatEventsPerAccount.rule().window;
        for round in 0..10 {
            for user in 0..5_000 {
                assert!(limiter.hit(Bucket::ChatEventsPerAccount, round * 5_000 + user).is_ok());
            }
            advance(window);
        }
        // 50,000 accounts over ten windows, 5,000 at a time.
        assert!(store.held_keys() <= 10_000, "held {}", store.held_keys());
    }

    #[test]
    fn live_windows_are_never_pruned() {
        let (limiter, store, _) = limiter_with_clock();
        let limiter = limiter.with_limit(Bucket::ChatEventsPerAccount, 1);
        for user in 0..25_000 {
            assert!(limiter.hit(Bucket::ChatEventsPerAccount, user).is_ok());
        }
        assert_eq!(store.held_keys(), 25_000);
        assert!(limiter.hit(Bucket::ChatEventsPerAccount, 0).is_err(), "the first key's count survived the prunes");
    }

    #[test]
    fn a_store_that_fails_lets_events_through() {
        struct Down;
        impl LimitStore for Down {
            fn take(&self, _: &str, _: Rule) -> Result<Take, StoreError> {
                Err(StoreError("connection refused".into()))
            }
            fn give_back(&self, _: &str) -> Result<(), StoreError> {
                Err(StoreError("connection refused".into()))
            }
            fn clear(&self, _: &str) -> Result<(), StoreError> {
                Err(StoreError("connection refused".into()))
            }
        }
        let limiter = Limiter::new(Arc::new(Down)).with_limit(Bucket::ChatEventsPerAccount, 1);
        assert!((0..3).all(|_| limiter.hit(Bucket::ChatEventsPerAccount, 1).is_ok()));
        limiter.give_back(Bucket::ChatEventsPerAccount, 1);
        limiter.clear(Bucket::ChatEventsPerAccount, 1);
    }

    #[test]
    fn retry_after_rounds_up_to_whole_seconds() {
        assert_eq!(RetryAfter(Duration::from_millis(1)).secs(), 1);
        assert_eq!(RetryAfter(Duration::ZERO).secs(), 1);
        assert_eq!(RetryAfter(Duration::from_millis(9_001)).secs(), 10);
        assert_eq!(RetryAfter(Duration::from_secs(900)).secs(), 900);
    }
}
