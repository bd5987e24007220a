//! Closing and reopening requests, and who is told about interest and closes, each on
//! a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use hometutor_core::{Role, UserId};
use hometutor_db::Db;
use hometutor_geo::Point;
use hometutor_notifications::{Notification, Notifier};
use hometutor_testkit::{insert_user, subscribe, TestDatabase};
use hometutor_tuition::location::LocationKey;
use hometutor_tuition::{CloseOutcome, NearbyQuery, RequestInput, TuitionError, TuitionService};

const DELHI: [f64; 2] = [77.209, 28.6139];

struct Fixture {
    _database: TestDatabase,
    db: Db,
    tuition: TuitionService,
    parent: UserId,
    other_parent: UserId,
    tutor: UserId,
    second_tutor: UserId,
    bystander_tutor: UserId,
}

fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let tutor = |name: &str, email: &str| {
        let id = insert_user(&db, name, email, "tutor");
        subscribe(&db, id, 365);
        UserId(id)
    };
    Fixture {
        parent: UserId(insert_user(&db, "Priya Sharma", "parent@example.com", "parent")),
        other_parent: UserId(insert_user(&db, "Other Parent", "other@example.com", "parent")),
        tutor: tutor("Ravi Kumar", "ravi@example.com"),
        second_tutor: tutor("Meena Iyer", "meena@example.com"),
        bystander_tutor: tutor("Arjun Rao", "arjun@example.com"),
        tuition: TuitionService::new(db.clone(), LocationKey::new([7; 32])).with_notifier(Notifier::default()),
        db,
        _database: database,
    }
}

impl Fixture {
    fn post(&self) -> i64 {
        let input = RequestInput {
            subject: "Maths".into(),
            class_level: "Class 10".into(),
            preferred_time: "Evenings".into(),
            location: Some(DELHI),
            ..Default::default()
        };
        self.tuition.create(self.parent, Role::Parent, input).expect("create").id
    }

    fn notifications(&self, user: UserId) -> Vec<Notification> {
        self.db
            .read(|c| hometutor_notifications::recent(c, user.0, 50).map_err(hometutor_db::DbError::from))
            .expect("notifications")
    }

    fn nearby_ids(&self, tutor: UserId) -> Vec<i64> {
        let query = NearbyQuery::around(Point { lat: DELHI[1], lng: DELHI[0] }, 10.0);
        self.tuition.nearby(tutor, Role::Tutor, &query).expect("nearby").iter().map(|r| r.id).collect()
    }
}

#[test]
fn interest_tells_the_parent_once_with_links_to_the_tutor() {
    let f = fixture();
    let id = f.post();
    f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("interest");
    f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("again");

    let told = f.notifications(f.parent);
    assert_eq!(told.len(), 1, "saying it twice tells the parent once: {told:?}");
    let n = &told[0];
    assert_eq!(n.kind, "tutor_interested");
    assert_eq!(n.title, "Ravi Kumar is interested in your Mathematics request");
    assert_eq!(n.link.as_deref(), Some(format!("/tutor/{}", f.tutor.0).as_str()));
    let data: serde_json::Value = serde_json::from_str(&n.data).expect("json");
    assert_eq!(data["requestId"], id);
    assert_eq!(data["tutorId"], f.tutor.0);
    assert_eq!(data["tutorName"], "Ravi Kumar");
    assert_eq!(data["chatLink"], format!("/messages?with={}", f.tutor.0));
    assert!(f.notifications(f.tutor).is_empty(), "the tutor is told nothing");
    assert!(f.notifications(f.other_parent).is_empty(), "nor anyone else");
}

#[test]
fn closing_hides_the_request_and_tells_every_interested_tutor() {
    let f = fixture();
    let id = f.post();
    f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("interest");
    f.tuition.express_interest(f.second_tutor, Role::Tutor, id).expect("interest");
    assert_eq!(f.nearby_ids(f.bystander_tutor), vec![id]);

    let closed = f.tuition.close(f.parent, id, CloseOutcome::FoundTutor, Some(f.tutor)).expect("close");
    assert!(closed.closed_at.is_some());
    assert_eq!((closed.close_outcome, closed.closed_tutor), (Some(CloseOutcome::FoundTutor), Some(f.tutor)));
    let mine = f.tuition.mine(f.parent).expect("mine");
    assert_eq!(mine.len(), 1, "the parent still sees a closed request");
    assert!(mine[0].closed_at.is_some());

    assert!(f.nearby_ids(f.bystander_tutor).is_empty(), "a closed request leaves nearby search");
    assert!(matches!(f.tuition.express_interest(f.bystander_tutor, Role::Tutor, id), Err(TuitionError::Closed)));

    let chosen = f.notifications(f.tutor);
    assert_eq!(chosen.len(), 1);
    assert_eq!(chosen[0].kind, "request_closed");
    assert_eq!(chosen[0].title, "The Mathematics request you were interested in is closed");
    assert_eq!(chosen[0].body, "The parent chose you as their tutor.");
    let other = f.notifications(f.second_tutor);
    assert_eq!(other.len(), 1);
    assert_eq!(other[0].body, "The parent has found a tutor.");
    for n in [&chosen[0], &other[0]] {
        assert!(!n.body.contains("Priya") && !n.body.contains("9876543210") && !n.data.contains("parent@"));
        assert_eq!(n.link.as_deref(), Some("/nearby"));
    }
    assert!(f.notifications(f.bystander_tutor).is_empty(), "only interested tutors are told");
}

#[test]
fn closing_follows_the_rules() {
    let f = fixture();
    let id = f.post();
    f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("interest");

    for (who, what) in [(f.other_parent, "another parent"), (f.tutor, "a tutor")] {
        let err = f.tuition.close(who, id, CloseOutcome::NotNeeded, None).err();
        assert!(matches!(err, Some(TuitionError::NotFound)), "{what} cannot close it");
        assert!(matches!(f.tuition.reopen(who, id), Err(TuitionError::NotFound)), "{what} cannot reopen it");
    }
    assert!(matches!(f.tuition.reopen(f.parent, id), Err(TuitionError::AlreadyOpen)));
    let Err(TuitionError::Validation(errors)) = f.tuition.close(f.parent, id, CloseOutcome::NotNeeded, Some(f.tutor))
    else {
        panic!("a tutor only with found_tutor")
    };
    assert_eq!(errors[0].field, "tutorId");
    let Err(TuitionError::Validation(errors)) =
        f.tuition.close(f.parent, id, CloseOutcome::FoundTutor, Some(f.second_tutor))
    else {
        panic!("only an interested tutor")
    };
    assert_eq!(errors[0].field, "tutorId");
    assert!(f.tuition.mine(f.parent).expect("mine")[0].closed_at.is_none(), "a refused close changes nothing");

    f.tuition.close(f.parent, id, CloseOutcome::NotNeeded, None).expect("close");
    assert_eq!(f.notifications(f.tutor)[0].body, "The parent no longer needs a tutor.");
    assert!(matches!(f.tuition.close(f.parent, id, CloseOutcome::NotNeeded, None), Err(TuitionError::Closed)));

    let reopened = f.tuition.reopen(f.parent, id).expect("reopen");
    assert_eq!((reopened.closed_at, reopened.close_outcome, reopened.closed_tutor), (None, None, None));
    assert_eq!(f.nearby_ids(f.bystander_tutor), vec![id], "back in nearby search");
    f.tuition.express_interest(f.bystander_tutor, Role::Tutor, id).expect("interest again");

    // Closing again after a reopen tells the interested tutors again.
    f.tuition.close(f.parent, id, CloseOutcome::FoundTutor, None).expect("close again");
    assert_eq!(f.notifications(f.tutor).len(), 2);
    assert_eq!(f.notifications(f.bystander_tutor).len(), 1);
}

#[test]
fn interested_tutors_carry_their_rating() {
    use diesel::prelude::*;
    use hometutor_db::schema::reviews as rv;
    let f = fixture();
    let id = f.post();
    f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("interest");
    f.tuition.express_interest(f.second_tutor, Role::Tutor, id).expect("interest");
    let at = hometutor_db::now();
    f.db.write(|c| {
        for (parent, rating) in [(f.parent, 5), (f.other_parent, 4)] {
            diesel::insert_into(rv::table)
                .values((
                    rv::tutor_id.eq(f.tutor.0),
                    rv::parent_id.eq(parent.0),
                    rv::rating.eq(rating),
                    rv::comment.eq("Good"),
                    rv::created_at.eq(at),
                    rv::updated_at.eq(at),
                ))
                .execute(c)?;
        }
        Ok::<_, hometutor_db::DbError>(())
    })
    .expect("reviews");
    let tutors = f.tuition.mine(f.parent).expect("mine").remove(0).interested_tutors;
    let rated = tutors.iter().find(|t| t.tutor == f.tutor).expect("rated");
    assert_eq!((rated.rating, rated.review_count), (Some(4.5), 2));
    let unrated = tutors.iter().find(|t| t.tutor == f.second_tutor).expect("unrated");
    assert_eq!((unrated.rating, unrated.review_count), (None, 0));
}
