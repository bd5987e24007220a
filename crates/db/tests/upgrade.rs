//! Upgrading a database that already holds data: what a running site keeps
//! across a new release's migrations (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use diesel::prelude::*;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use hometutor_db::schema::{payment_orders as po, users};
use hometutor_db::testing::{insert_user, TestDatabase};
use hometutor_db::{now, run_migrations, Db, DbConnection, DbError};

const SQLITE: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Applies the first `count` migrations only, as an earlier release would have.
fn migrate_first(db: &Db, count: usize) {
    db.write(|c| {
        for _ in 0..count {
            match c {
                DbConnection::Sqlite(c) => c.run_next_migration(SQLITE).map(drop),
                DbConnection::Pg(c) => c.run_next_migration(POSTGRES).map(drop),
            }
            .map_err(|e| DbError::Migration(e.to_string()))?;
        }
        Ok::<(), DbError>(())
    })
    .expect("earlier migrations");
}

fn add_order(db: &Db, user: i64) -> i64 {
    let at = now();
    db.write(|c| {
        diesel::insert_into(po::table)
            .values((
                po::order_id.eq(format!("ht_upgrade_{}", next_order_number())),
                po::user_id.eq(user),
                po::provider.eq("simulated"),
                po::amount_paise.eq(49_900i64),
                po::currency.eq("INR"),
                po::status.eq("paid"),
                po::created_at.eq(at),
                po::updated_at.eq(at),
                po::paid_at.eq(Some(at)),
                po::expires_at.eq(at),
            ))
            .returning(po::id)
            .get_result(c)
            .map_err(DbError::from)
    })
    .expect("order")
}

/// A distinct order id per call within this test.
fn next_order_number() -> usize {
    static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

#[test]
fn payment_orders_survive_the_upgrade_and_then_outlive_their_account() {
    let database = TestDatabase::in_memory();
    let db = Db::connect(&database.url).expect("connect");
    // Up to the admin migration (000008): orders still cascade with their user.
    migrate_first(&db, 8);
    let tutor = insert_user(&db, "Paying Tutor", "tutor@example.com", "tutor");
    let ids: Vec<i64> = (0..3).map(|_| add_order(&db, tutor)).collect();
    assert_eq!(ids, [1, 2, 3]);
    db.write(|c| diesel::delete(po::table.find(3i64)).execute(c).map_err(DbError::from)).expect("delete");

    assert!(run_migrations(&db).expect("upgrade") >= 1, "the rest applies");
    let kept: Vec<(i64, Option<i64>)> =
        db.read(|c| po::table.order(po::id).select((po::id, po::user_id)).load(c).map_err(DbError::from)).unwrap();
    assert_eq!(kept, [(1, Some(tutor)), (2, Some(tutor))], "rows, ids and owners as they were");
    assert_eq!(add_order(&db, tutor), 4, "an id once used (3) is not handed out again");

    db.write(|c| diesel::delete(users::table.find(tutor)).execute(c).map_err(DbError::from)).expect("delete user");
    let owners: Vec<Option<i64>> =
        db.read(|c| po::table.order(po::id).select(po::user_id).load(c).map_err(DbError::from)).unwrap();
    assert_eq!(owners, [None, None, None], "the orders stay, with no account");

    // Going back (down.sql) restores the old rule; orders with no account cannot stay under it.
    let kept_by = insert_user(&db, "Another Tutor", "another@example.com", "tutor");
    let kept_order = add_order(&db, kept_by);
    // Later migrations go back first, newest first, down to and including 000009.
    db.write(|c| loop {
        let reverted = match c {
            DbConnection::Sqlite(c) => c.revert_last_migration(SQLITE),
            DbConnection::Pg(c) => c.revert_last_migration(POSTGRES),
        }
        .map_err(|e| DbError::Migration(e.to_string()))?;
        if reverted.to_string().replace('-', "").starts_with("20261123000009") {
            return Ok::<(), DbError>(());
        }
    })
    .expect("revert");
    let left: Vec<(i64, Option<i64>)> =
        db.read(|c| po::table.select((po::id, po::user_id)).load(c).map_err(DbError::from)).unwrap();
    assert_eq!(left, [(kept_order, Some(kept_by))]);
}
