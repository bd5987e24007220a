//! New-request alerts to one tutor within a minute share one e-mail, in the tutor's language,
//! against a real database (SQLite, or PostgreSQL with `TEST_DATABASE_URL`).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{outbox_emails as o, users};
use hometutor_db::{Db, DbError};
use hometutor_notifications::{
    send_due_bursts, Kind, Notice, NotificationService, Notifier, UnsubscribeKeys, BURST_WINDOW,
};
use hometutor_testkit::{insert_user, TestDatabase};
use serde_json::json;

fn notifier() -> Notifier {
    Notifier::default().with_site("https://tutors.example", UnsubscribeKeys::new([3; 32], None))
}

fn alert(user: i64, n: usize) -> Notice {
    Notice {
        user: UserId(user),
        kind: Kind::NewRequest,
        title: format!("Request number {n:02}").into(),
        body: "Maths, Class 8, evenings.".into(),
        link: Some(format!("/nearby?request={n}")),
        data: json!({"requestId": n}),
        dedupe_key: Some(format!("new_request:{n}")),
    }
}

/// Recipient and subject of every queued e-mail, oldest first.
fn outbox(db: &Db) -> Vec<(String, String, String)> {
    db.read(|c| o::table.order(o::id).select((o::recipient, o::subject, o::body)).load(c).map_err(DbError::from))
        .expect("outbox")
}

#[test]
fn alerts_within_a_minute_go_out_as_one_e_mail_listing_them_in_the_tutors_language() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let ravi = insert_user(&db, "Ravi Verma", "ravi@example.com", "tutor");
    let meera = insert_user(&db, "Meera Joshi", "meera@example.com", "tutor");
    let daily = insert_user(&db, "Sunil Rao", "sunil@example.com", "tutor");
    db.write(|c| {
        diesel::update(users::table.find(meera)).set(users::language.eq("hi")).execute(c).map_err(DbError::from)
    })
    .expect("Hindi");
    let notifier = notifier();
    NotificationService::new(db.clone(), notifier.clone())
        .set_preferences(UserId(daily), &[("new_request".into(), "digest".into())])
        .unwrap();

    // Five requests at once for Ravi, two for Meera, two for the tutor on the daily digest.
    for (user, count) in [(ravi, 5), (meera, 2), (daily, 2)] {
        for n in 1..=count {
            db.write(|c| notifier.notify(c, &alert(user, n)).map_err(DbError::from)).expect("notify");
        }
    }
    let first = outbox(&db);
    let to: Vec<&str> = first.iter().map(|(to, _, _)| to.as_str()).collect();
    assert_eq!(to, ["ravi@example.com", "meera@example.com"], "the first alert of each goes at once");
    assert_eq!(first[0].1, "Request number 01");
    assert_eq!(send_due_bursts(&db, &notifier).unwrap(), 0, "the rest wait for the minute to end");

    hometutor_db::clock::advance(BURST_WINDOW);
    assert_eq!(send_due_bursts(&db, &notifier).unwrap(), 2, "one e-mail each for Ravi and Meera");
    assert_eq!(send_due_bursts(&db, &notifier).unwrap(), 0, "each alert is e-mailed once");
    let all = outbox(&db);
    assert_eq!(all.len(), 4, "{all:?}");
    let (to, subject, body) = &all[2];
    assert_eq!((to.as_str(), subject.as_str()), ("ravi@example.com", "4 new tuition requests in your area"));
    for n in 2..=5 {
        assert!(body.contains(&format!("Request number {n:02}")), "{body}");
        assert!(body.contains(&format!("https://tutors.example/nearby?request={n}")), "{body}");
    }
    assert!(!body.contains("Request number 01"), "the first was sent already");
    assert!(body.contains("Here are the new tuition requests in your area since our last e-mail:"));
    let (to, subject, body) = &all[3];
    assert_eq!((to.as_str(), subject.as_str()), ("meera@example.com", "आपके क्षेत्र में ट्यूशन का 1 नया अनुरोध"));
    assert!(body.contains("नमस्ते Meera Joshi") && body.contains("Request number 02"), "{body}");

    // A minute after the last alert, the next goes at once again.
    hometutor_db::clock::advance(BURST_WINDOW);
    db.write(|c| notifier.notify(c, &alert(ravi, 6)).map_err(DbError::from)).expect("notify");
    assert_eq!(outbox(&db).last().map(|m| m.1.clone()).as_deref(), Some("Request number 06"));
}
