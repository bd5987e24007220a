//! Upgrading a database that already holds data: what a running site keeps
//! across a new release's migrations (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use diesel::prelude::*;
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use hometutor_db::schema::{conversations as cv, messages as m, outbox_emails as ob, payment_orders as po, users};
use hometutor_db::{migrate_before, now, revert_through, run_migrations, Db, DbConnection, DbError};
use hometutor_testkit::{insert_user, TestDatabase};

const SQLITE: EmbeddedMigrations = embed_migrations!("../../migrations/sqlite");
const POSTGRES: EmbeddedMigrations = embed_migrations!("../../migrations/postgres");

/// Applies the next `count` pending migrations only (on a new database, the first
/// `count`), as an earlier release would have.
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

    // 000009 alone, so that reverting the last migration below reverts it whatever comes later.
    migrate_first(&db, 1);
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
    // Newest first, down to and including 000009 (the only one applied after 000008 here).
    assert_eq!(revert_through(&db, "2026-11-23-000009").expect("revert"), 1);
    let left: Vec<(i64, Option<i64>)> =
        db.read(|c| po::table.select((po::id, po::user_id)).load(c).map_err(DbError::from)).unwrap();
    assert_eq!(left, [(kept_order, Some(kept_by))]);
}

#[test]
fn conversations_learn_who_has_written_in_them() {
    let database = TestDatabase::in_memory();
    let db = Db::connect(&database.url).expect("connect");
    migrate_before(&db, "2026-11-23-000013_chat_contact").expect("earlier migrations");
    let parent = insert_user(&db, "Parent", "parent@example.com", "parent");
    let tutor = insert_user(&db, "Tutor", "tutor@example.com", "tutor");
    let other = insert_user(&db, "Other", "other@example.com", "tutor");
    let at = now();
    db.write(|c| {
        // Only the parent has written to the tutor; the other tutor and the parent talked both ways.
        let mut conversation = |a: i64, b: i64, senders: &[i64]| -> diesel::QueryResult<()> {
            let id: i64 = diesel::insert_into(cv::table)
                .values((
                    cv::user_a.eq(a),
                    cv::user_b.eq(b),
                    cv::last_seq.eq(senders.len() as i64),
                    cv::created_at.eq(at),
                ))
                .returning(cv::id)
                .get_result(c)?;
            for (seq, sender) in senders.iter().enumerate() {
                let recipient = if *sender == a { b } else { a };
                diesel::insert_into(m::table)
                    .values((
                        m::conversation_id.eq(id),
                        m::seq.eq(seq as i64 + 1),
                        m::sender_id.eq(*sender),
                        m::recipient_id.eq(recipient),
                        m::body.eq("hello"),
                        m::created_at.eq(at),
                    ))
                    .execute(c)?;
            }
            Ok(())
        };
        conversation(parent, tutor, &[parent, parent]).map_err(DbError::from)?;
        conversation(parent, other, &[other, parent]).map_err(DbError::from)
    })
    .expect("old conversations");

    run_migrations(&db).expect("upgrade");
    let wrote: Vec<(i64, i64, bool, bool)> = db
        .read(|c| {
            cv::table
                .order(cv::id)
                .select((cv::user_a, cv::user_b, cv::a_wrote, cv::b_wrote))
                .load(c)
                .map_err(DbError::from)
        })
        .unwrap();
    assert_eq!(wrote, [(parent, tutor, true, false), (parent, other, true, true)]);
}

#[test]
fn sent_code_emails_are_erased_by_the_upgrade() {
    let database = TestDatabase::in_memory();
    let db = Db::connect(&database.url).expect("connect");
    migrate_before(&db, "2026-11-23-000011_outbox_kinds").expect("earlier migrations");
    let at = now();
    // Rows as crates/auth/src/emails.rs wrote them before kinds existed.
    let rows = [
        (
            "a@example.com",
            "Verify your HomeTutor e-mail",
            "Hello Asha,\n\nYour verification code: 314159\n\nhttp://x/verify-email?token=deadbeefcafe&email=a",
            true,
        ),
        ("a@example.com", "Your HomeTutor password reset code", "Hello,\n\nYour password reset code: 271828\n", true),
        (
            "a@example.com",
            "Someone tried to register with your e-mail",
            "Hello,\n\nSomeone tried to create an account.",
            true,
        ),
        ("b@example.com", "Verify your HomeTutor e-mail", "Your verification code: 161803", false),
    ];
    db.write(|c| {
        for (to, subject, body, sent) in rows {
            diesel::insert_into(ob::table)
                .values((
                    ob::recipient.eq(to),
                    ob::subject.eq(subject),
                    ob::body.eq(body),
                    ob::attempts.eq(i32::from(sent)),
                    ob::next_attempt_at.eq(at),
                    ob::sent_at.eq(sent.then_some(at)),
                    ob::created_at.eq(at),
                ))
                .execute(c)?;
        }
        Ok::<_, DbError>(())
    })
    .expect("old rows");

    run_migrations(&db).expect("upgrade");
    let after: Vec<(String, String, String, Option<chrono::NaiveDateTime>)> = db
        .read(|c| {
            ob::table
                .order(ob::id)
                .select((ob::recipient, ob::kind, ob::body, ob::sent_at))
                .load(c)
                .map_err(DbError::from)
        })
        .unwrap();
    let kinds: Vec<&str> = after.iter().map(|r| r.1.as_str()).collect();
    assert_eq!(kinds, ["verification_code", "reset_code", "already_registered", "verification_code"]);
    for (to, kind, body, sent_at) in &after[..3] {
        assert!(sent_at.is_some(), "{to} {kind}: recipient, kind and time stay");
        for secret in ["314159", "271828", "deadbeefcafe"] {
            assert!(!body.contains(secret), "{kind}: no code is readable after the upgrade");
        }
    }
    assert_eq!((after[0].2.as_str(), after[1].2.as_str()), ("", ""));
    assert!(after[2].2.contains("Someone tried"), "a notice without a secret is kept");
    // Not sent yet: kept to be delivered, and marked as a code so the worker erases it on sending.
    assert!(after[3].2.contains("161803") && after[3].3.is_none());
}
