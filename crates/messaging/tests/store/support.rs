//! What every test shares: a store on a private database with three admins, the marketplace of
//! parents and tutors the contact rules are played on, and the messages they send.

use hometutor_core::UserId;
use hometutor_db::Db;
use hometutor_messaging::{MessageStore, SendInput};
use hometutor_testkit::{insert_user, subscribe, TestDatabase};
use hometutor_tuition::testing::insert_request;

pub(crate) struct Fixture {
    _database: TestDatabase,
    pub(crate) store: MessageStore,
    pub(crate) asha: UserId,
    pub(crate) ravi: UserId,
    pub(crate) meena: UserId,
}

pub(crate) fn user(db: &Db, name: &str) -> UserId {
    person(db, name, "parent")
}

pub(crate) fn person(db: &Db, name: &str, role: &str) -> UserId {
    let email = format!("{}@example.com", name.to_lowercase());
    UserId(insert_user(db, name, &email, role))
}

/// Three admins: admins may write to anyone, so these tests are about storage
/// alone; who may write to whom has tests of its own below.
pub(crate) fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    Fixture {
        asha: person(&db, "Asha", "admin"),
        ravi: person(&db, "Ravi", "admin"),
        meena: person(&db, "Meena", "admin"),
        store: MessageStore::new(db),
        _database: database,
    }
}

pub(crate) fn text(to: UserId, text: &str) -> SendInput {
    SendInput { to, text: text.into(), request_id: None, client_id: None }
}

/// A parent, two tutors (one subscribed), another parent and an admin, with one open
/// and one flagged request of the parent's.
pub(crate) struct Market {
    _database: TestDatabase,
    pub(crate) db: Db,
    pub(crate) store: MessageStore,
    pub(crate) parent: UserId,
    pub(crate) other_parent: UserId,
    pub(crate) tutor: UserId,
    pub(crate) unpaid_tutor: UserId,
    pub(crate) admin: UserId,
    pub(crate) request: i64,
    pub(crate) flagged_request: i64,
    pub(crate) others_request: i64,
}

pub(crate) fn market() -> Market {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let parent = person(&db, "Priya", "parent");
    let other_parent = person(&db, "Kabir", "parent");
    let tutor = person(&db, "Arjun", "tutor");
    let unpaid_tutor = person(&db, "Vikram", "tutor");
    let admin = person(&db, "Admin", "admin");
    let request = |owner: UserId, flagged: bool| insert_request(&db, owner.0, flagged);
    let (open, flagged, others) = (request(parent, false), request(parent, true), request(other_parent, false));
    subscribe(&db, tutor.0, 30);
    Market {
        store: MessageStore::new(db.clone()),
        db,
        _database: database,
        parent,
        other_parent,
        tutor,
        unpaid_tutor,
        admin,
        request: open,
        flagged_request: flagged,
        others_request: others,
    }
}

pub(crate) fn about(to: UserId, request: i64) -> SendInput {
    SendInput { request_id: Some(request), ..text(to, "I can teach Maths") }
}
