//! Tuition rules, each on a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL): posting
//! and nearby search here; the approximate point (`location`), interest (`interest`), what is open
//! to tutors (`open`) and the search itself (`search`) in their modules.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod interest;
mod location;
mod open;
mod search;

use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{tuition_interests, tuition_requests, users};
use hometutor_db::{now, Db};
use hometutor_geo::{distance_km, Point};
use hometutor_testkit::TestDatabase;
use hometutor_tuition::location::LocationKey;
use hometutor_tuition::{NearbyQuery, RequestInput, TuitionError, TuitionService, HOME_CELL_KM, MAX_INTERESTS_PER_DAY};

const DELHI: [f64; 2] = [77.209, 28.6139];

struct Fixture {
    _database: TestDatabase,
    db: Db,
    tuition: TuitionService,
    parent: UserId,
    other_parent: UserId,
    tutor: UserId,
    unsubscribed_tutor: UserId,
}

fn user(db: &Db, email: &str, role: &str, expires: Option<chrono::NaiveDateTime>) -> UserId {
    let id: i64 = db
        .write(|c| {
            diesel::insert_into(users::table)
                .values((
                    users::fullname.eq(format!("Name of {email}")),
                    users::email.eq(email),
                    users::phone.eq("9876543210"),
                    users::password_hash.eq("x"),
                    users::role.eq(role),
                    users::email_verified.eq(true),
                    users::subscription_active.eq(expires.is_some()),
                    users::subscription_expires.eq(expires),
                    users::created_at.eq(now()),
                    users::updated_at.eq(now()),
                ))
                .returning(users::id)
                .get_result(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("user");
    UserId(id)
}

fn fixture() -> Fixture {
    fixture_on(TestDatabase::in_memory())
}

/// On `database`: a file when a test needs a reader beside a busy writer (an in-memory
/// database has one connection for both).
fn fixture_on(database: TestDatabase) -> Fixture {
    let db = database.db();
    let year = Some(now() + chrono::Duration::days(365));
    Fixture {
        parent: user(&db, "parent@example.com", "parent", None),
        other_parent: user(&db, "other@example.com", "parent", None),
        tutor: user(&db, "tutor@example.com", "tutor", year),
        unsubscribed_tutor: user(&db, "lapsed@example.com", "tutor", None),
        tuition: TuitionService::new(db.clone(), LocationKey::new([7; 32])),
        db,
        _database: database,
    }
}

fn request(subject: &str, class_level: &str, location: [f64; 2]) -> RequestInput {
    RequestInput {
        subject: subject.into(),
        class_level: class_level.into(),
        preferred_time: "Weekday evenings".into(),
        location: Some(location),
        ..Default::default()
    }
}

/// A point `km` east of Delhi.
fn east_of_delhi(km: f64) -> [f64; 2] {
    [DELHI[0] + km / (111.32 * DELHI[1].to_radians().cos()), DELHI[1]]
}

fn near_delhi(radius: f64) -> NearbyQuery {
    NearbyQuery::around(Point { lat: DELHI[1], lng: DELHI[0] }, radius)
}

impl Fixture {
    fn post(&self, subject: &str, class_level: &str, location: [f64; 2]) -> i64 {
        self.tuition.create(self.parent, Role::Parent, request(subject, class_level, location)).expect("create").id
    }
}

#[test]
fn only_parents_post_requests() {
    let f = fixture();
    let err = f.tuition.create(f.tutor, Role::Tutor, request("Maths", "10", DELHI)).err();
    assert!(matches!(err, Some(TuitionError::NotAParent)));
}

#[test]
fn a_request_needs_its_fields_and_a_real_location() {
    let f = fixture();
    let mut input = request(" ", "", DELHI);
    input.location = None;
    let Err(TuitionError::Validation(errors)) = f.tuition.create(f.parent, Role::Parent, input) else {
        panic!("invalid")
    };
    let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
    assert_eq!(fields, vec!["subject", "classLevel", "location"]);
    assert_eq!(errors[2].message, "Please select location on the map.");
    for bad in [[181.0, 28.0], [77.0, -91.0], [f64::NAN, 0.0]] {
        let err = f.tuition.create(f.parent, Role::Parent, request("Maths", "10", bad)).err();
        assert!(matches!(err, Some(TuitionError::Validation(_))), "{bad:?}");
    }
    for (subject, class) in [("Maths\u{0}", "10"), ("Maths", "Class\n10"), ("\u{1b}[2JMaths", "10")] {
        let Err(TuitionError::Validation(errors)) =
            f.tuition.create(f.parent, Role::Parent, request(subject, class, DELHI))
        else {
            panic!("control characters in {subject:?} / {class:?} must be refused")
        };
        assert!(errors.iter().all(|e| e.message.contains("control characters")), "{errors:?}");
    }
    assert!(f.tuition.mine(f.parent).expect("mine").is_empty(), "nothing half-written");
}

#[test]
fn a_parent_sees_edits_and_deletes_only_their_own() {
    let f = fixture();
    let id = f.post("Maths", "Class 10", DELHI);
    assert!(f.tuition.mine(f.other_parent).expect("mine").is_empty());
    let edit = f.tuition.update(f.other_parent, id, request("Hacked", "1", DELHI)).err();
    assert!(matches!(edit, Some(TuitionError::NotFound)));
    assert!(matches!(f.tuition.delete(f.other_parent, id), Err(TuitionError::NotFound)));
    let mine = f.tuition.mine(f.parent).expect("mine");
    assert_eq!((mine.len(), mine[0].subject.as_str()), (1, "Maths"));

    let updated = f.tuition.update(f.parent, id, request("Physics", "Class 11", east_of_delhi(1.0))).expect("update");
    assert_eq!((updated.subject.as_str(), updated.class_level.as_str()), ("Physics", "Class 11"));
    f.tuition.delete(f.parent, id).expect("delete");
    assert!(f.tuition.mine(f.parent).expect("mine").is_empty());
}

#[test]
fn nearby_needs_an_active_subscription() {
    let f = fixture();
    f.post("Maths", "10", DELHI);
    let lapsed = f.tuition.nearby(f.unsubscribed_tutor, Role::Tutor, &near_delhi(10.0)).err();
    assert!(matches!(lapsed, Some(TuitionError::SubscriptionRequired)));
    // A set flag with a past expiry is not active either.
    let past = now() - chrono::Duration::days(1);
    f.db.write(|c| {
        diesel::update(users::table.find(f.tutor.0))
            .set(users::subscription_expires.eq(Some(past)))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("expire");
    assert!(matches!(
        f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)),
        Err(TuitionError::SubscriptionRequired)
    ));
    assert!(matches!(f.tuition.nearby(f.parent, Role::Parent, &near_delhi(10.0)), Err(TuitionError::NotATutor)));
}

#[test]
fn nearby_is_sorted_by_distance_within_the_radius_with_filters() {
    let f = fixture();
    let far = f.post("Maths", "Class 10", east_of_delhi(8.0));
    let near = f.post("science", "class 9", east_of_delhi(3.0));
    let _outside = f.post("Maths", "Class 10", east_of_delhi(14.0));
    let _mumbai = f.post("Maths", "Class 10", [72.8777, 19.076]);
    let found = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby");
    assert_eq!(found.iter().map(|r| r.id).collect::<Vec<_>>(), vec![near, far]);
    assert!((found[0].distance_km - 3.0).abs() <= 0.6, "{}", found[0].distance_km);
    assert_eq!(found[0].parent.first_name, "Name");
    assert_eq!(found[0].contact, None, "no contacts before interest");
    assert_eq!(f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(15.0)).expect("15 km").len(), 3);

    let mut by_subject = near_delhi(10.0);
    by_subject.subject = Some("SCIENCE".into());
    assert_eq!(
        f.tuition.nearby(f.tutor, Role::Tutor, &by_subject).expect("filter").iter().map(|r| r.id).collect::<Vec<_>>(),
        vec![near]
    );
    let mut by_class = near_delhi(10.0);
    by_class.class_level = Some("class 10".into());
    assert_eq!(
        f.tuition.nearby(f.tutor, Role::Tutor, &by_class).expect("filter").iter().map(|r| r.id).collect::<Vec<_>>(),
        vec![far]
    );

    for radius in [1.0, 30.0] {
        assert!(matches!(
            f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(radius)),
            Err(TuitionError::Validation(_))
        ));
    }
}

/// The cell of homes `home` is in, in the fixture's site grid: tutors see its centre.
fn home_cell(home: Point) -> hometutor_geo::SnapCell {
    LocationKey::new([7; 32]).home_cell(home)
}

/// Every home of `cell`, to its corners (at least `HOME_CELL_KM` apart), is published as its centre.
fn assert_the_cell_shares_its_point(cell: hometutor_geo::SnapCell) {
    let key = LocationKey::new([7; 32]);
    // A micrometre inside each corner: a point on an edge may round into the next cell.
    let (lo, hi) = (1e-6, 1.0 - 1e-6);
    let corners = [cell.at(lo, lo), cell.at(hi, lo), cell.at(lo, hi), cell.at(hi, hi)];
    assert!(distance_km(corners[0], corners[3]) >= HOME_CELL_KM, "the cell is wide");
    for corner in corners {
        assert_eq!(key.approximate(corner).point, cell.center(), "{corner:?}");
    }
}
