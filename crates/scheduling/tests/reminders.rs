//! Demo-class reminders run by two job passes at once (two threads, two connection pools on one
//! database file or PostgreSQL schema): each reminder is sent once. SQLite, or PostgreSQL with
//! TEST_DATABASE_URL.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::sync::{Arc, Barrier};

use chrono::Duration;
use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::outbox_emails as o;
use hometutor_notifications::Notifier;
use hometutor_scheduling::bookings::reminders;
use hometutor_scheduling::{ist, Availability, Bookings, Mode, NewBooking, SlotInput, TimeInput};
use hometutor_testkit::{insert_user, TestDatabase};

#[test]
fn two_passes_at_once_send_each_reminder_once() {
    let database = TestDatabase::file();
    let db = database.db();
    let tutor = UserId(insert_user(&db, "Ravi Tutor", "ravi@example.com", "tutor"));
    let parent = UserId(insert_user(&db, "Asha Parent", "asha@example.com", "parent"));
    let week: Vec<SlotInput> = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        .iter()
        .map(|d| SlotInput { weekday: (*d).into(), start: "06:00".into(), end: "22:00".into() })
        .collect();
    Availability::new(db.clone()).set_week(tutor, Role::Tutor, &week).unwrap();
    let day = ist::today(hometutor_db::now()) + Duration::days(3);
    let (start, end) = (ist::to_utc(day, 10 * 60), ist::to_utc(day, 11 * 60));
    let fmt = |t: chrono::NaiveDateTime| t.format("%Y-%m-%dT%H:%M:%SZ").to_string();
    let bookings = Bookings::new(db.clone(), Notifier::default());
    let input = NewBooking {
        tutor: tutor.0,
        request_id: None,
        mode: Mode::Slot,
        times: vec![TimeInput { starts_at: fmt(start), ends_at: fmt(end) }],
        note: None,
    };
    let booking = bookings.create(parent, Role::Parent, &input).unwrap();
    bookings.accept(tutor, booking.id, None).unwrap();

    let reminder_mails = |db: &hometutor_db::Db| {
        db.read(|c| {
            o::table
                .filter(o::subject.like("Reminder:%").and(o::attachments.is_not_null()))
                .count()
                .get_result::<i64>(c)
                .map_err(hometutor_db::DbError::from)
        })
        .unwrap()
    };
    // Half an hour before: two passes, each with its own pool, at once.
    let at = start - Duration::minutes(30);
    let gate = Arc::new(Barrier::new(2));
    let passes: Vec<_> = (0..2)
        .map(|_| {
            let (db, gate) = (database.db(), gate.clone());
            std::thread::spawn(move || {
                gate.wait();
                reminders::run(&db, &Notifier::default(), at).unwrap()
            })
        })
        .collect();
    let told: usize = passes.into_iter().map(|p| p.join().unwrap()).sum();
    assert_eq!(told, 2, "the parent and the tutor, once each");
    assert_eq!(reminder_mails(&db), 2);
    assert_eq!(reminders::run(&db, &Notifier::default(), at + Duration::minutes(1)).unwrap(), 0, "claimed");
    // It was confirmed more than a day ahead, but its day window has passed: no late "tomorrow".
    assert_eq!(reminder_mails(&db), 2);
}
