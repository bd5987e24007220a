//! Blocks and reports on their own database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use hometutor_core::UserId;
use hometutor_moderation::reports::{self, MAX_DETAILS_CHARS};
use hometutor_moderation::{blocks, NewReport, Outcome, Reason, ReportError, TargetKind};
use hometutor_testkit::{insert_user, TestDatabase};

fn report(reporter: i64, target: i64, reported: i64) -> NewReport {
    NewReport {
        reporter: UserId(reporter),
        kind: TargetKind::Profile,
        target_id: target,
        reported: UserId(reported),
        request_id: None,
        reason: Reason::Spam,
        details: "x".repeat(MAX_DETAILS_CHARS + 10),
    }
}

#[test]
fn a_block_is_one_way_and_lifted_only_by_its_blocker() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let asha = insert_user(&db, "Asha", "asha@example.com", "parent");
    let ravi = insert_user(&db, "Ravi", "ravi@example.com", "tutor");
    db.write(|c| -> Result<(), hometutor_db::DbError> {
        blocks::block(c, UserId(asha), UserId(ravi))?;
        blocks::block(c, UserId(asha), UserId(ravi))?;
        assert!(blocks::is_blocked(c, UserId(asha), UserId(ravi))?);
        assert!(!blocks::is_blocked(c, UserId(ravi), UserId(asha))?, "one way");
        assert!(blocks::either_blocks(c, UserId(ravi), UserId(asha))?);
        assert_eq!(blocks::blockers_of(c, UserId(ravi))?.into_iter().collect::<Vec<_>>(), vec![asha]);
        blocks::unblock(c, UserId(ravi), UserId(asha))?;
        assert!(blocks::is_blocked(c, UserId(asha), UserId(ravi))?, "the blocked person cannot lift it");
        Ok(())
    })
    .unwrap();
    let listed = blocks::list(&db, UserId(asha)).unwrap();
    assert_eq!((listed.len(), listed[0].id, listed[0].fullname.as_str()), (1, UserId(ravi), "Ravi"));
    db.write(|c| blocks::unblock(c, UserId(asha), UserId(ravi)).map_err(hometutor_db::DbError::from)).unwrap();
    assert!(blocks::list(&db, UserId(asha)).unwrap().is_empty());
}

#[test]
fn one_report_per_reporter_and_target_and_a_decision_closes_every_report_on_it() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let asha = insert_user(&db, "Asha", "asha@example.com", "parent");
    let meera = insert_user(&db, "Meera", "meera@example.com", "parent");
    let ravi = insert_user(&db, "Ravi", "ravi@example.com", "tutor");
    let admin = insert_user(&db, "Admin", "admin@example.com", "admin");
    let file = |r: NewReport| db.write(|c| Ok::<_, hometutor_db::DbError>(reports::file(c, &r))).unwrap();
    let first = file(report(asha, ravi, ravi)).unwrap();
    let repeat = file(report(asha, ravi, ravi));
    assert!(matches!(repeat, Err(ReportError::AlreadyReported)));
    file(report(meera, ravi, ravi)).unwrap();
    db.read(|c| -> Result<(), hometutor_db::DbError> {
        let (open, oldest) = reports::open_summary(c)?;
        assert_eq!((open, oldest.is_some()), (2, true));
        let stored = reports::find(c, first)?.unwrap();
        assert_eq!(stored.details.chars().count(), MAX_DETAILS_CHARS, "details are cut to the limit");
        Ok(())
    })
    .unwrap();
    let decided = db
        .write(|c| reports::decide(c, first, Outcome::Warned, UserId(admin)).map_err(hometutor_db::DbError::from))
        .unwrap();
    assert_eq!(decided.iter().map(|r| r.reporter.0).collect::<Vec<_>>(), vec![asha, meera]);
    assert!(decided.iter().all(|r| r.outcome == Some(Outcome::Warned)));
    let again = db
        .write(|c| reports::decide(c, first, Outcome::Banned, UserId(admin)).map_err(hometutor_db::DbError::from))
        .unwrap();
    assert!(again.is_empty(), "a decided report is not decided again");
    assert_eq!(db.read(|c| reports::open_summary(c).map_err(hometutor_db::DbError::from)).unwrap().0, 0);
}
