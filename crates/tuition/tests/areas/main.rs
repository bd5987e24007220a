//! Teaching areas, the reverse geo index, the nearby count and new-request alerts (`alerts`),
//! each on a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod alerts;

use std::sync::{Arc, Barrier, Mutex};

use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{notifications, tuition_requests, tutor_area_cells, users};
use hometutor_db::{now, Db, DbError};
use hometutor_geo::{destination, Point};
use hometutor_notifications::{recent, Notification, Notifier};
use hometutor_testkit::TestDatabase;
use hometutor_tuition::coverage::{covering, covering_by_full_scan};
use hometutor_tuition::location::LocationKey;
use hometutor_tuition::{
    AreaInput, CountQuery, RequestInput, TuitionError, TuitionService, MAX_ALERTS_PER_DAY, MAX_AREA_ITEMS,
};
use rand::{Rng, SeedableRng};

const DELHI: [f64; 2] = [77.209, 28.6139];

fn user(db: &Db, email: &str, role: &str, subscribed: bool) -> UserId {
    let expires = subscribed.then(|| now() + chrono::Duration::days(365));
    let id: i64 = db
        .write(|c| {
            diesel::insert_into(users::table)
                .values((
                    users::fullname.eq(format!("Secret Name {email}")),
                    users::email.eq(email),
                    users::phone.eq("9876543210"),
                    users::password_hash.eq("x"),
                    users::role.eq(role),
                    users::email_verified.eq(true),
                    users::subscription_active.eq(subscribed),
                    users::subscription_expires.eq(expires),
                    users::created_at.eq(now()),
                    users::updated_at.eq(now()),
                ))
                .returning(users::id)
                .get_result(c)
                .map_err(DbError::from)
        })
        .expect("user");
    UserId(id)
}

/// A point `km` east of Delhi.
fn east_of_delhi(km: f64) -> [f64; 2] {
    [DELHI[0] + km / (111.32 * DELHI[1].to_radians().cos()), DELHI[1]]
}

fn area(location: [f64; 2], radius: f64, subjects: &[&str], classes: &[&str]) -> AreaInput {
    AreaInput {
        location: Some(location),
        radius_km: Some(radius),
        subjects: subjects.iter().map(|s| s.to_string()).collect(),
        classes: classes.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
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

/// What was announced live, in order.
#[derive(Clone, Default)]
struct Announced(Arc<Mutex<Vec<Notification>>>);

impl Announced {
    fn notifier(&self) -> Notifier {
        let sink = self.0.clone();
        Notifier::new(Arc::new(move |n: &Notification| sink.lock().unwrap().push(n.clone())))
    }

    fn users(&self) -> Vec<i64> {
        self.0.lock().unwrap().iter().map(|n| n.user_id).collect()
    }
}

struct Fixture {
    database: TestDatabase,
    db: Db,
    tuition: TuitionService,
    announced: Announced,
    parent: UserId,
    tutor: UserId,
}

fn fixture_on(database: TestDatabase) -> Fixture {
    let db = database.db();
    let announced = Announced::default();
    Fixture {
        parent: user(&db, "parent@example.com", "parent", false),
        tutor: user(&db, "tutor@example.com", "tutor", true),
        tuition: TuitionService::new(db.clone(), LocationKey::new([7; 32])).with_notifier(announced.notifier()),
        announced,
        db,
        database,
    }
}

fn fixture() -> Fixture {
    fixture_on(TestDatabase::in_memory())
}

impl Fixture {
    fn post(&self, subject: &str, class_level: &str, location: [f64; 2]) -> i64 {
        self.tuition.create(self.parent, Role::Parent, request(subject, class_level, location)).expect("create").id
    }

    fn alerts(&self, tutor: UserId) -> Vec<Notification> {
        self.db.read(|c| recent(c, tutor.0, 1000).map_err(DbError::from)).expect("notifications")
    }

    fn alerted_requests(&self, tutor: UserId) -> Vec<i64> {
        let mut ids: Vec<i64> = self
            .alerts(tutor)
            .iter()
            .map(|n| serde_json::from_str::<serde_json::Value>(&n.data).unwrap()["requestId"].as_i64().unwrap())
            .collect();
        ids.sort_unstable();
        ids
    }

    fn sql(&self, f: impl FnOnce(&mut hometutor_db::DbConnection) -> QueryResult<usize>) {
        self.db.write(|c| f(c).map_err(DbError::from)).expect("sql");
    }
}

// ---------------------------------------------------------------- the area itself

#[test]
fn only_a_tutor_has_an_area_and_it_starts_unset() {
    let f = fixture();
    assert_eq!(f.tuition.area(f.tutor, Role::Tutor).expect("read"), None, "nothing saved yet");
    for role in [Role::Parent, Role::Admin] {
        assert!(matches!(f.tuition.area(f.parent, role), Err(TuitionError::NotATutorArea)));
        let saved = f.tuition.save_area(f.parent, role, &area(DELHI, 10.0, &[], &[]));
        assert!(matches!(saved, Err(TuitionError::NotATutorArea)), "{role:?}");
    }
    let stored: i64 = f.db.read(|c| tutor_area_cells::table.count().get_result(c).map_err(DbError::from)).unwrap();
    assert_eq!(stored, 0, "nothing written for a refused save");
}

#[test]
fn an_area_is_validated_field_by_field() {
    let f = fixture();
    let fields = |input: AreaInput| match f.tuition.save_area(f.tutor, Role::Tutor, &input) {
        Err(TuitionError::Validation(errors)) => errors.iter().map(|e| e.field).collect::<Vec<_>>(),
        other => panic!("expected a validation error, got {other:?}"),
    };
    assert_eq!(
        fields(AreaInput { location: None, radius_km: None, ..Default::default() }),
        vec!["location", "radiusKm"]
    );
    for bad in [[181.0, 28.0], [77.0, -91.0], [f64::NAN, 28.0]] {
        assert_eq!(fields(area(bad, 10.0, &[], &[])), vec!["location"], "{bad:?}");
    }
    for radius in [1.9, 25.1, f64::NAN, f64::INFINITY, -5.0] {
        assert_eq!(fields(area(DELHI, radius, &[], &[])), vec!["radiusKm"], "{radius}");
    }
    let many: Vec<String> = (0..=MAX_AREA_ITEMS).map(|i| format!("Subject {i}")).collect();
    let too_many = AreaInput { subjects: many, ..area(DELHI, 10.0, &[], &[]) };
    assert_eq!(fields(too_many), vec!["subjects"]);
    assert_eq!(fields(area(DELHI, 10.0, &["Maths", "   "], &[])), vec!["subjects"]);
    let long = "x".repeat(101);
    assert_eq!(fields(area(DELHI, 10.0, &[], &[&long])), vec!["classes"]);
    assert_eq!(fields(area(DELHI, 10.0, &["Ma\nths"], &["10\u{0}"])), vec!["subjects", "classes"]);
    assert_eq!(f.tuition.area(f.tutor, Role::Tutor).expect("read"), None, "nothing saved");
}

#[test]
fn saving_trims_deduplicates_and_replaces_the_area_and_its_cells() {
    let f = fixture();
    let exactly: Vec<String> = (0..MAX_AREA_ITEMS).map(|i| format!("Class {i}")).collect();
    let first = AreaInput {
        classes: exactly.clone(),
        ..area(DELHI, 2.0, &["  Maths ", "maths", "MATHS", "Physics", " physics"], &[])
    };
    let saved = f.tuition.save_area(f.tutor, Role::Tutor, &first).expect("save");
    let ids = |list: &[hometutor_vocabulary::Choice]| list.iter().map(|c| c.list_entry()).collect::<Vec<_>>();
    assert_eq!(ids(&saved.subjects), vec!["maths", "physics"], "mapped onto ids, repeats dropped");
    assert_eq!(saved.classes.len(), MAX_AREA_ITEMS, "twenty is allowed");
    assert_eq!(ids(&saved.classes)[..3], ["other:Class 0", "class-1", "class-2"], "unknown text kept as other");
    assert_eq!(f.tuition.area(f.tutor, Role::Tutor).expect("read"), Some(saved));
    let at = |p: [f64; 2]| Point { lat: p[1], lng: p[0] };
    let covers = |p: [f64; 2]| f.db.read(|c| covering(c, at(p)).map_err(DbError::from)).unwrap();
    assert_eq!(covers(DELHI).len(), 1);

    let mumbai = [72.8777, 19.076];
    let second = f.tuition.save_area(f.tutor, Role::Tutor, &area(mumbai, 25.0, &[], &[])).expect("replace");
    assert_eq!((second.radius_km, second.subjects.len(), second.classes.len()), (25.0, 0, 0));
    assert_eq!(f.tuition.area(f.tutor, Role::Tutor).expect("read").expect("saved").center, at(mumbai));
    assert!(covers(DELHI).is_empty(), "the old area's cells are gone");
    assert_eq!(covers(mumbai).iter().map(|a| a.tutor).collect::<Vec<_>>(), vec![f.tutor]);
}

// ---------------------------------------------------------------- the reverse index

#[test]
fn the_reverse_index_answers_as_a_full_scan_on_random_areas() {
    let f = fixture();
    let mut rng = rand::rngs::StdRng::seed_from_u64(19);
    // Cities, and the awkward places: the 180° meridian and both poles.
    let centres = [[77.209, 28.6139], [72.8777, 19.076], [77.5946, 12.9716], [179.95, -16.5], [-179.97, 65.0]];
    let polar = [[10.0, 89.95], [-120.0, -89.9]];
    let mut tutors = Vec::new();
    for i in 0..240 {
        let tutor = user(&f.db, &format!("t{i}@example.com"), "tutor", false);
        let base = if i % 12 == 0 { polar[(i / 12) % 2] } else { centres[i % centres.len()] };
        let c = destination(Point { lat: base[1], lng: base[0] }, rng.gen_range(0.0..30.0), rng.gen_range(0.0..6.3));
        let radius = rng.gen_range(2.0..=25.0_f64);
        let radius = if i % 7 == 0 { radius.round() } else { radius };
        f.tuition.save_area(tutor, Role::Tutor, &area([c.lng, c.lat], radius, &[], &[])).expect("save");
        tutors.push(tutor);
    }
    let mut found = 0;
    for i in 0..400 {
        let base = if i % 10 == 0 { polar[(i / 10) % 2] } else { centres[i % centres.len()] };
        let p = destination(Point { lat: base[1], lng: base[0] }, rng.gen_range(0.0..55.0), rng.gen_range(0.0..6.3));
        let (fast, slow) =
            f.db.read(|c| Ok::<_, DbError>((covering(c, p)?, covering_by_full_scan(c, p)?))).expect("queries");
        assert_eq!(fast, slow, "at {p:?}");
        found += fast.len();
    }
    assert!(found > 400, "the sample must exercise matches, found {found}");
}

#[test]
fn an_area_covers_points_at_its_edge_as_the_nearby_search_shows_them() {
    let f = fixture();
    f.tuition.save_area(f.tutor, Role::Tutor, &area(DELHI, 10.0, &[], &[])).expect("save");
    let centre = Point { lat: DELHI[1], lng: DELHI[0] };
    let covers = |km: f64| {
        let p = destination(centre, km, 1.0);
        !f.db.read(|c| covering(c, p).map_err(DbError::from)).unwrap().is_empty()
    };
    // Shown to 0.1 km: 10.04 km reads 10.0 km, inside; 10.06 km reads 10.1 km, outside.
    assert!(covers(9.9) && covers(10.04));
    assert!(!covers(10.06) && !covers(12.0));
}

// ---------------------------------------------------------------- the count

#[test]
fn the_count_is_a_number_for_any_tutor_from_the_saved_area_or_a_point() {
    let f = fixture();
    let lapsed = user(&f.db, "lapsed@example.com", "tutor", false);
    let _near = f.post("Maths", "Class 10", east_of_delhi(3.0));
    let flagged = f.post("Maths", "Class 10", east_of_delhi(4.0));
    let closed = f.post("Maths", "Class 10", east_of_delhi(5.0));
    let _farther = f.post("Maths", "Class 10", east_of_delhi(15.0));
    f.sql(|c| diesel::update(tuition_requests::table.find(flagged)).set(tuition_requests::flagged.eq(true)).execute(c));
    f.sql(|c| {
        diesel::update(tuition_requests::table.find(closed))
            .set((tuition_requests::closed_at.eq(Some(now())), tuition_requests::close_outcome.eq(Some("not_needed"))))
            .execute(c)
    });

    assert!(matches!(
        f.tuition.nearby_count(lapsed, Role::Tutor, CountQuery::default()),
        Err(TuitionError::AreaNotSet)
    ));
    assert!(matches!(
        f.tuition.nearby_count(f.parent, Role::Parent, CountQuery::default()),
        Err(TuitionError::NotATutor)
    ));
    let at_delhi = CountQuery { center: Some(Point { lat: DELHI[1], lng: DELHI[0] }), radius_km: None };
    let counted = f.tuition.nearby_count(lapsed, Role::Tutor, at_delhi).expect("count from a point");
    assert_eq!((counted.count, counted.radius_km), (1, 10.0), "open and unflagged only, default radius");
    let wide = CountQuery { radius_km: Some(20.0), ..at_delhi };
    assert_eq!(f.tuition.nearby_count(lapsed, Role::Tutor, wide).expect("20 km").count, 2);
    for bad in [1.0, 26.0] {
        let q = CountQuery { radius_km: Some(bad), ..at_delhi };
        assert!(matches!(f.tuition.nearby_count(lapsed, Role::Tutor, q), Err(TuitionError::Validation(_))));
    }

    f.tuition.save_area(lapsed, Role::Tutor, &area(east_of_delhi(15.0), 2.0, &["Physics"], &[])).expect("save");
    let saved = f.tuition.nearby_count(lapsed, Role::Tutor, CountQuery::default()).expect("from the area");
    assert_eq!((saved.count, saved.radius_km), (1, 2.0), "every subject counts, as nearby lists them");
}
