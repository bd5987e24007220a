//! The shared stores against real servers: the test database (SQLite, or PostgreSQL with
//! `TEST_DATABASE_URL`) and a private `redis-server`. Two store instances over one database
//! or one Redis stand for two server processes.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::sync::{Arc, Barrier};
use std::time::Duration;

use hometutor_limits::{Bucket, DatabaseStore, FallbackStore, LimitStore, Limiter, RedisStore, Rule, Take};
use hometutor_testkit::{PrivateRedis, TestDatabase};

const FIVE_A_MINUTE: Rule = Rule { limit: 5, window: Duration::from_secs(60) };

/// What every store promises: `limit` per window, a refusal says how long is left, give
/// back returns one, clear forgets, keys are apart, a window that ended opens a new one.
fn keeps_the_contract(store: &dyn LimitStore) {
    for _ in 0..5 {
        assert_eq!(store.take("k:a", FIVE_A_MINUTE).unwrap(), Take::Counted);
    }
    let Take::Full { retry_after } = store.take("k:a", FIVE_A_MINUTE).unwrap() else { panic!("the sixth passed") };
    assert!(retry_after <= FIVE_A_MINUTE.window && retry_after > Duration::from_secs(55), "{retry_after:?}");
    assert_eq!(store.take("k:b", FIVE_A_MINUTE).unwrap(), Take::Counted, "another key has its own count");

    store.give_back("k:a").unwrap();
    assert_eq!(store.take("k:a", FIVE_A_MINUTE).unwrap(), Take::Counted, "one given back, one more");
    assert!(matches!(store.take("k:a", FIVE_A_MINUTE).unwrap(), Take::Full { .. }));
    store.clear("k:a").unwrap();
    for _ in 0..5 {
        assert_eq!(store.take("k:a", FIVE_A_MINUTE).unwrap(), Take::Counted, "cleared: a whole allowance");
    }
    store.give_back("k:never").unwrap();
    store.clear("k:never").unwrap();
    assert_eq!(store.take("k:never", Rule { limit: 1, ..FIVE_A_MINUTE }).unwrap(), Take::Counted, "not negative");

    let short = Rule { limit: 1, window: Duration::from_millis(300) };
    assert_eq!(store.take("k:short", short).unwrap(), Take::Counted);
    let Take::Full { retry_after } = store.take("k:short", short).unwrap() else { panic!("the second passed") };
    // Waiting out the window is what is being tested: time itself is the signal.
    std::thread::sleep(retry_after + Duration::from_millis(20));
    assert_eq!(store.take("k:short", short).unwrap(), Take::Counted, "the window ended: a new one");
}

/// 64 takes at once on one fresh key, spread over two stores: exactly the limit passes.
fn two_stores_pass_exactly_the_limit_at_once(one: Arc<dyn LimitStore>, other: Arc<dyn LimitStore>) {
    let threads = 32;
    let start = Arc::new(Barrier::new(threads));
    let handles: Vec<_> = (0..threads)
        .map(|i| {
            let store = if i % 2 == 0 { one.clone() } else { other.clone() };
            let start = start.clone();
            std::thread::spawn(move || {
                start.wait();
                (0..2)
                    .filter(|_| store.take("k:burst", Rule { limit: 7, ..FIVE_A_MINUTE }).unwrap() == Take::Counted)
                    .count()
            })
        })
        .collect();
    let passed: usize = handles.into_iter().map(|h| h.join().unwrap()).sum();
    assert_eq!(passed, 7, "64 takes at once on two stores: exactly the limit passes");
}

#[test]
fn the_database_store_keeps_the_contract() {
    let database = TestDatabase::file();
    keeps_the_contract(&DatabaseStore::new(database.db()));
}

#[test]
fn two_processes_on_one_database_share_the_count_at_once() {
    let database = TestDatabase::file();
    two_stores_pass_exactly_the_limit_at_once(
        Arc::new(DatabaseStore::new(database.db())),
        Arc::new(DatabaseStore::new(database.db())),
    );
}

#[test]
fn database_counts_survive_a_restart() {
    let database = TestDatabase::file();
    let before = Limiter::new(Arc::new(DatabaseStore::new(database.db())));
    for _ in 0..5 {
        assert!(before.hit(Bucket::LoginFailuresPerAccount, "a@example.com").is_ok());
    }
    drop(before);
    let after = Limiter::new(Arc::new(DatabaseStore::new(database.db())));
    assert!(
        after.hit(Bucket::LoginFailuresPerAccount, "a@example.com").is_err(),
        "the sixth is refused after a restart"
    );
}

#[test]
fn the_redis_store_keeps_the_contract() {
    let redis = PrivateRedis::start();
    keeps_the_contract(&RedisStore::new(&redis.url(), "test:").unwrap());
}

#[test]
fn two_processes_on_one_redis_share_the_count_at_once() {
    let redis = PrivateRedis::start();
    two_stores_pass_exactly_the_limit_at_once(
        Arc::new(RedisStore::new(&redis.url(), "test:").unwrap()),
        Arc::new(RedisStore::new(&redis.url(), "test:").unwrap()),
    );
}

#[test]
fn sites_sharing_a_redis_count_apart() {
    let redis = PrivateRedis::start();
    let one = RedisStore::new(&redis.url(), "one:").unwrap();
    let other = RedisStore::new(&redis.url(), "other:").unwrap();
    let rule = Rule { limit: 1, ..FIVE_A_MINUTE };
    assert_eq!(one.take("k", rule).unwrap(), Take::Counted);
    assert_eq!(other.take("k", rule).unwrap(), Take::Counted, "another namespace, another count");
}

/// Redis dies: the limits keep holding, counted in the database, instead of letting all through.
#[test]
fn a_redis_that_dies_hands_the_counting_to_the_database() {
    let mut redis = PrivateRedis::start();
    let database = TestDatabase::file();
    let store = FallbackStore::new(RedisStore::new(&redis.url(), "test:").unwrap(), DatabaseStore::new(database.db()));
    let rule = Rule { limit: 3, ..FIVE_A_MINUTE };
    assert_eq!(store.take("k", rule).unwrap(), Take::Counted, "counted in Redis");
    redis.kill();
    for _ in 0..3 {
        assert_eq!(store.take("k", rule).unwrap(), Take::Counted, "counted in the database");
    }
    assert!(matches!(store.take("k", rule).unwrap(), Take::Full { .. }), "the database holds the limit");
    let in_database = DatabaseStore::new(database.db());
    assert!(matches!(in_database.take("k", rule).unwrap(), Take::Full { .. }), "the count is in the database");
}
