//! Tutor search decides who is listable from the copy of each tutor's listing that
//! `tutor_search_index` carries, kept from `users` by the database (migration 000022). These
//! tests change accounts the way any writer would (plain updates of `users`) and check that
//! the indexed search and the full scan (crates/accounts' own test, `listable_at`) agree after
//! each change; and, on PostgreSQL, that an area indexed while its tutor's account is being
//! changed by another transaction ends up with the account as committed.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::sync::mpsc;
use std::time::{Duration, Instant};

use chrono::Duration as Days;
use common::*;
use diesel::prelude::*;
use hometutor_db::schema::users;
use hometutor_db::{now, Db, DbConnection, DbError};
use hometutor_discovery::search::{ranked, ranked_by_full_scan};
use hometutor_discovery::{DiscoveryService, TutorQuery};
use hometutor_testkit::TestDatabase;

fn query() -> TutorQuery {
    TutorQuery { location: Some([DELHI.lng, DELHI.lat]), ..TutorQuery::default() }
}

/// The ids the indexed search lists, after checking they are the full scan's.
fn listed(db: &Db, service: &DiscoveryService) -> Vec<i64> {
    let valid = query().validate().unwrap();
    let (fast, slow) =
        db.read(|c| -> Result<_, DbError> { Ok((ranked(c, &valid)?, ranked_by_full_scan(c, &valid)?)) }).unwrap();
    let fast: Vec<i64> = fast.iter().map(|r| r.candidate.tutor).collect();
    let slow: Vec<i64> = slow.iter().map(|r| r.candidate.tutor).collect();
    assert_eq!(fast, slow, "the index and the accounts disagree");
    let page: Vec<i64> = service.search(&query()).unwrap().tutors.into_iter().map(|t| t.id).collect();
    assert_eq!(page, fast);
    fast
}

fn update(db: &Db, tutor: i64, change: impl FnOnce(&mut hometutor_db::DbConnection, i64) -> QueryResult<usize>) {
    db.write(|c| change(c, tutor).map_err(DbError::from)).unwrap();
}

#[test]
fn the_index_follows_every_change_to_a_tutors_listing_whoever_writes_it() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let tutor = user(&db, "tutor@example.com", Who::TUTOR);
    let other = user(&db, "other@example.com", Who::TUTOR);
    // Saved before paying: indexed, not listed.
    let unpaid = user(&db, "unpaid@example.com", Who { subscribed_days: None, ..Who::TUTOR });
    seed(
        &db,
        &[
            area(tutor, east(1.0), 10.0, &["maths"], &[], &[], &[]),
            area(other, east(2.0), 10.0, &["maths"], &[], &[], &[]),
            area(unpaid, east(3.0), 10.0, &["maths"], &[], &[], &[]),
        ],
    );
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());
    assert_eq!(listed(&db, &service), vec![tutor, other]);

    let later = now() + Days::days(30);
    let past = now() - Days::minutes(1);
    type Change = Box<dyn Fn(&mut hometutor_db::DbConnection, i64) -> QueryResult<usize>>;
    let changes: Vec<(&str, Change, Change)> = vec![
        (
            "deactivated",
            Box::new(|c, id| diesel::update(users::table.find(id)).set(users::active.eq(false)).execute(c)),
            Box::new(|c, id| diesel::update(users::table.find(id)).set(users::active.eq(true)).execute(c)),
        ),
        (
            "e-mail unverified",
            Box::new(|c, id| diesel::update(users::table.find(id)).set(users::email_verified.eq(false)).execute(c)),
            Box::new(|c, id| diesel::update(users::table.find(id)).set(users::email_verified.eq(true)).execute(c)),
        ),
        (
            "subscription cancelled",
            Box::new(|c, id| {
                diesel::update(users::table.find(id)).set(users::subscription_active.eq(false)).execute(c)
            }),
            Box::new(|c, id| diesel::update(users::table.find(id)).set(users::subscription_active.eq(true)).execute(c)),
        ),
        (
            "subscription expired",
            Box::new(move |c, id| {
                diesel::update(users::table.find(id)).set(users::subscription_expires.eq(Some(past))).execute(c)
            }),
            Box::new(move |c, id| {
                diesel::update(users::table.find(id)).set(users::subscription_expires.eq(Some(later))).execute(c)
            }),
        ),
        (
            "no longer a tutor",
            Box::new(|c, id| diesel::update(users::table.find(id)).set(users::role.eq("parent")).execute(c)),
            Box::new(|c, id| diesel::update(users::table.find(id)).set(users::role.eq("tutor")).execute(c)),
        ),
    ];
    for (what, change, undo) in &changes {
        update(&db, tutor, change);
        assert_eq!(listed(&db, &service), vec![other], "{what}");
        update(&db, tutor, undo);
        assert_eq!(listed(&db, &service), vec![tutor, other], "{what}, undone");
    }

    // The tutor who saved the area before paying is listed once paid.
    update(&db, unpaid, |c, id| {
        diesel::update(users::table.find(id))
            .set((users::subscription_active.eq(true), users::subscription_expires.eq(Some(later))))
            .execute(c)
    });
    assert_eq!(listed(&db, &service), vec![tutor, other, unpaid]);

    // An admin's approval shows as 'verified' on the card at once.
    let verified =
        |id: i64| service.search(&query()).unwrap().tutors.into_iter().find(|t| t.id == id).unwrap().verified;
    assert!(!verified(other));
    update(&db, other, |c, id| diesel::update(users::table.find(id)).set(users::approved.eq(true)).execute(c));
    assert!(verified(other));
    assert!(!verified(tutor));
}

/// On PostgreSQL: the account's change is committed while the area's rows wait for it.
#[test]
fn an_area_indexed_while_its_account_changes_gets_the_committed_account() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let tutor = user(&db, "tutor@example.com", Who::TUTOR);
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());

    // Transaction B cancels the subscription and holds its transaction open…
    let (changed_tx, changed) = mpsc::channel::<Option<i32>>();
    let (commit_tx, commit) = mpsc::channel::<()>();
    let changer = {
        let db = db.clone();
        std::thread::spawn(move || {
            db.write(|c| -> Result<(), DbError> {
                diesel::update(users::table.find(tutor)).set(users::subscription_active.eq(false)).execute(c)?;
                changed_tx.send(backend_pid(c)?).unwrap();
                commit.recv().unwrap();
                Ok(())
            })
            .unwrap();
        })
    };
    let changer_pid = changed.recv().unwrap();
    // …while A indexes the tutor's area (on SQLite it waits for B's write lock; on PostgreSQL
    // its trigger waits to read the account).
    let saver = {
        let db = db.clone();
        std::thread::spawn(move || seed(&db, &[area(tutor, east(1.0), 10.0, &["maths"], &[], &[], &[])]))
    };
    if let Some(changer_pid) = changer_pid {
        wait_until_a_statement_waits_on(&db, changer_pid);
    }
    commit_tx.send(()).unwrap();
    changer.join().unwrap();
    saver.join().unwrap();
    assert!(listed(&db, &service).is_empty(), "the area's rows took the account as it was before B committed");
}

/// On PostgreSQL, the server process of this connection (`None` on SQLite).
fn backend_pid(c: &mut DbConnection) -> Result<Option<i32>, DbError> {
    #[derive(QueryableByName)]
    struct Pid {
        #[diesel(sql_type = diesel::sql_types::Integer)]
        pid: i32,
    }
    Ok(match c {
        DbConnection::Sqlite(_) => None,
        DbConnection::Pg(c) => Some(diesel::sql_query("SELECT pg_backend_pid() AS pid").get_result::<Pid>(c)?.pid),
    })
}

/// Polls the server's own view of who is waiting: a backend blocked by `holder`'s locks (the
/// test's signal that A reached B's row).
fn wait_until_a_statement_waits_on(db: &Db, holder: i32) {
    #[derive(QueryableByName)]
    struct Waiting {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let waiting = db
            .read(|c| {
                diesel::sql_query(
                    "SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() \
                     AND $1 = ANY(pg_blocking_pids(pid))",
                )
                .bind::<diesel::sql_types::Integer, _>(holder)
                .get_result::<Waiting>(c)
                .map_err(DbError::from)
            })
            .unwrap();
        if waiting.n > 0 {
            return;
        }
        assert!(Instant::now() < deadline, "the area's insert never waited for the account");
        std::thread::yield_now();
    }
}
