//! The counters in the database (table `rate_limit_counters`, owned by this module): shared by
//! every process on the database, kept across restarts. The store when no Redis is
//! configured, and the one a Redis that does not answer falls back to.

use std::fmt::Display;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Text};
use hometutor_db::schema::rate_limit_counters as c;
use hometutor_db::{Db, DbConnection, DbError};

use crate::limiter::store_key;
use crate::{Bucket, Counted, LimitStore, RetryAfter, Rule, StoreError, Take};

/// How often (at most, per process) windows that ended are deleted.
const PRUNE_EVERY_MS: i64 = 60_000;

/// One statement decides: it opens a new window (the key's first event, or its last window
/// ended), or counts one more while the window has room, or changes nothing (`RETURNING`
/// then yields no row). Concurrent takes on one key queue on its row, so exactly `limit`
/// pass. `$n` placeholders are numbered in order of first use: SQLite reads them as named
/// parameters and numbers them that way, PostgreSQL by their number.
const TAKE: &str = "\
INSERT INTO rate_limit_counters AS c (bucket_key, count, window_ends_ms) VALUES ($1, 1, $2) \
ON CONFLICT (bucket_key) DO UPDATE SET \
    count = CASE WHEN c.window_ends_ms <= $3 THEN 1 ELSE c.count + 1 END, \
    window_ends_ms = CASE WHEN c.window_ends_ms <= $3 THEN $2 ELSE c.window_ends_ms END \
WHERE c.window_ends_ms <= $3 OR c.count < $4 \
RETURNING count";

#[derive(QueryableByName)]
struct CountedRow {
    #[diesel(sql_type = Integer)]
    #[allow(dead_code)] // read only to learn that a row came back
    count: i32,
}

/// Counts in the database through the caller's thread: call from the blocking pool.
pub struct DatabaseStore {
    db: Db,
    last_prune_ms: AtomicI64,
}

impl DatabaseStore {
    pub fn new(db: Db) -> Self {
        Self { db, last_prune_ms: AtomicI64::new(0) }
    }

    /// Deletes the rows of windows that have ended, at most once a minute per process: they
    /// count nothing any more, and keys (addresses, accounts) come and go.
    fn prune_now_and_then(&self, now: i64) -> Result<(), StoreError> {
        let last = self.last_prune_ms.load(Ordering::Relaxed);
        if now - last < PRUNE_EVERY_MS
            || self.last_prune_ms.compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed).is_err()
        {
            return Ok(());
        }
        self.db
            .write(|conn| {
                diesel::delete(c::table.filter(c::window_ends_ms.le(now))).execute(conn).map_err(DbError::from)
            })
            .map(|_| ())
            .map_err(failed)
    }
}

fn millis_since_epoch() -> i64 {
    let since = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since.as_millis()).unwrap_or(i64::MAX)
}

fn failed(error: DbError) -> StoreError {
    StoreError(error.to_string())
}

/// Counts one event of `key` in `bucket` on the caller's connection, so in the caller's
/// transaction: for a bucket counted with what it allows ([`Counted::InDatabase`]), which
/// the count must never outlive nor miss. `Err` is how long the caller should wait.
pub fn take_in_transaction(
    conn: &mut DbConnection,
    bucket: Bucket,
    key: impl Display,
) -> QueryResult<Result<(), RetryAfter>> {
    debug_assert_eq!(bucket.counted(), Counted::InDatabase, "{bucket:?} is counted by the limiter");
    let now = millis_since_epoch();
    Ok(match take(conn, &store_key(bucket, key), bucket.rule(), now)? {
        Take::Counted => Ok(()),
        Take::Full { retry_after } => Err(RetryAfter(retry_after)),
    })
}

fn take(conn: &mut DbConnection, key: &str, rule: Rule, now: i64) -> QueryResult<Take> {
    if rule.limit == 0 {
        return Ok(Take::Full { retry_after: rule.window });
    }
    let window_ms = i64::try_from(rule.window.as_millis()).unwrap_or(i64::MAX);
    let limit = i32::try_from(rule.limit).unwrap_or(i32::MAX);
    let counted = diesel::sql_query(TAKE)
        .bind::<Text, _>(key)
        .bind::<BigInt, _>(now.saturating_add(window_ms))
        .bind::<BigInt, _>(now)
        .bind::<Integer, _>(limit)
        .get_result::<CountedRow>(conn)
        .optional()?;
    if counted.is_some() {
        return Ok(Take::Counted);
    }
    // Full: nothing changed; the row says how long its window has left. A window opened by
    // a request that read the clock after this one can end a little more than a window after
    // this one's `now`: the wait is never longer than a window.
    let ends: i64 = c::table.find(key).select(c::window_ends_ms).first(conn)?;
    let left = Duration::from_millis(u64::try_from(ends - now).unwrap_or_default());
    Ok(Take::Full { retry_after: left.min(rule.window) })
}

impl LimitStore for DatabaseStore {
    fn take(&self, key: &str, rule: Rule) -> Result<Take, StoreError> {
        let now = millis_since_epoch();
        self.prune_now_and_then(now)?;
        self.db.write(|conn| take(conn, key, rule, now).map_err(DbError::from)).map_err(failed)
    }

    fn give_back(&self, key: &str) -> Result<(), StoreError> {
        let now = millis_since_epoch();
        self.db
            .write(|conn| {
                diesel::update(c::table.find(key).filter(c::count.gt(0)).filter(c::window_ends_ms.gt(now)))
                    .set(c::count.eq(c::count - 1))
                    .execute(conn)?;
                // A window whose every event was given back counts nothing: its row goes, so a
                // refused request leaves nothing written (the next event opens a fresh window).
                diesel::delete(c::table.find(key).filter(c::count.le(0))).execute(conn).map_err(DbError::from)
            })
            .map(|_| ())
            .map_err(failed)
    }

    fn clear(&self, key: &str) -> Result<(), StoreError> {
        self.db
            .write(|conn| diesel::delete(c::table.find(key)).execute(conn).map_err(DbError::from))
            .map(|_| ())
            .map_err(failed)
    }
}
