//! Unread-message alerts on a private database (SQLite, or PostgreSQL with
//! TEST_DATABASE_URL), moved through time with the process's test clock.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::sync::Mutex;
use std::time::Duration;

use hometutor_core::UserId;
use hometutor_db::{clock, now, Db};
use hometutor_messaging::{unread_alerts, MessageStore, SendInput};
use hometutor_notifications::{Notification, Notifier};
use hometutor_testkit::{insert_user, TestDatabase};

/// The clock is the process's: tests that move it take turns.
static CLOCK: Mutex<()> = Mutex::new(());

const MINUTE: Duration = Duration::from_secs(60);

struct Fixture {
    _database: TestDatabase,
    db: Db,
    store: MessageStore,
    notifier: Notifier,
    parent: UserId,
    tutor: UserId,
}

fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    Fixture {
        parent: UserId(insert_user(&db, "Asha Verma", "asha@example.com", "parent")),
        tutor: UserId(insert_user(&db, "Ravi Kumar", "ravi@example.com", "tutor")),
        store: MessageStore::new(db.clone()),
        notifier: Notifier::default(),
        db,
        _database: database,
    }
}

impl Fixture {
    fn send(&self, from: UserId, to: UserId, text: &str) {
        self.store.send(from, SendInput { to, text: text.into(), request_id: None, client_id: None }).expect("send");
    }

    /// Runs the job at the (test) clock's now; how many alerts it stored.
    fn run(&self) -> usize {
        unread_alerts::run(&self.db, &self.notifier, now()).expect("run")
    }

    fn alerts(&self, user: UserId) -> Vec<Notification> {
        self.db
            .read(|c| hometutor_notifications::recent(c, user.0, 50).map_err(hometutor_db::DbError::from))
            .expect("notifications")
    }
}

#[test]
fn an_unread_message_is_alerted_after_ten_minutes_once() {
    let _turn = CLOCK.lock().unwrap_or_else(|e| e.into_inner());
    let f = fixture();
    f.send(f.parent, f.tutor, "  \nNamaste, are you free on Saturdays?\nWe live near the park.");
    f.send(f.parent, f.tutor, "Also Sundays?");
    clock::advance(9 * MINUTE);
    assert_eq!(f.run(), 0, "not after 9 minutes");
    assert!(f.alerts(f.tutor).is_empty());

    clock::advance(2 * MINUTE);
    assert_eq!(f.run(), 1, "after 11 minutes");
    let alerts = f.alerts(f.tutor);
    assert_eq!(alerts.len(), 1, "one alert for the conversation, not one per message");
    let alert = &alerts[0];
    assert_eq!(alert.kind, "unread_message");
    assert_eq!(alert.title, "New message from Asha Verma");
    assert_eq!(alert.body, "Namaste, are you free on Saturdays?", "the oldest unread text's first line");
    assert_eq!(alert.link.as_deref(), Some(format!("/messages?with={}", f.parent.0).as_str()));
    assert!(f.alerts(f.parent).is_empty(), "the sender is told nothing");

    assert_eq!(f.run(), 0, "never twice for the same messages");
    clock::advance(7 * 60 * MINUTE);
    assert_eq!(f.run(), 0, "not even after the 6 hours have passed");
}

#[test]
fn a_side_is_alerted_at_most_once_in_six_hours() {
    let _turn = CLOCK.lock().unwrap_or_else(|e| e.into_inner());
    let f = fixture();
    f.send(f.parent, f.tutor, "First");
    clock::advance(11 * MINUTE);
    assert_eq!(f.run(), 1);

    f.send(f.parent, f.tutor, "Second, within the six hours");
    clock::advance(11 * MINUTE);
    assert_eq!(f.run(), 0, "a second message within 6 h: no second alert");

    // The other side of the same conversation has its own allowance.
    f.send(f.tutor, f.parent, "Reply from the tutor");
    clock::advance(11 * MINUTE);
    assert_eq!(f.run(), 1);
    assert_eq!(f.alerts(f.parent)[0].title, "New message from Ravi Kumar");

    clock::advance(6 * 60 * MINUTE);
    assert_eq!(f.run(), 1, "once the 6 hours are over, the message not yet alerted about is");
    let alerts = f.alerts(f.tutor);
    assert_eq!(alerts.len(), 2);
    assert_eq!(alerts[0].body, "Second, within the six hours");
}

#[test]
fn a_message_read_in_time_is_not_alerted() {
    let _turn = CLOCK.lock().unwrap_or_else(|e| e.into_inner());
    let f = fixture();
    f.send(f.parent, f.tutor, "Hello");
    clock::advance(5 * MINUTE);
    f.store.mark_read(f.tutor, f.parent).expect("read");
    clock::advance(6 * MINUTE);
    assert_eq!(f.run(), 0);
    assert!(f.alerts(f.tutor).is_empty());
    // Only what arrives after the read mark counts.
    f.send(f.parent, f.tutor, "Are you there?");
    clock::advance(11 * MINUTE);
    assert_eq!(f.run(), 1);
    assert_eq!(f.alerts(f.tutor)[0].body, "Are you there?");
}

#[test]
fn nobody_is_alerted_about_a_blocked_sender_or_while_deactivated() {
    let _turn = CLOCK.lock().unwrap_or_else(|e| e.into_inner());
    let f = fixture();
    let other_parent = UserId(insert_user(&f.db, "Neha Gupta", "neha@example.com", "parent"));
    f.send(f.parent, f.tutor, "Hello from Asha");
    f.send(other_parent, f.tutor, "Hello from Neha");
    f.store.block(f.tutor, f.parent).expect("block");
    clock::advance(11 * MINUTE);
    assert_eq!(f.run(), 1);
    let alerts = f.alerts(f.tutor);
    assert_eq!(alerts.len(), 1);
    assert_eq!(alerts[0].title, "New message from Neha Gupta", "never about the blocked sender");

    f.send(f.tutor, other_parent, "A reply to an account about to be deactivated");
    f.db.write(|c| hometutor_accounts::set_active(c, &[other_parent.0], false).map_err(hometutor_db::DbError::from))
        .expect("deactivate");
    clock::advance(11 * MINUTE);
    assert_eq!(f.run(), 0);
    assert!(f.alerts(other_parent).is_empty());
}
