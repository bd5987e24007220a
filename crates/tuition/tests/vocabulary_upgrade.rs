//! Upgrading a site whose requests and teaching areas were stored as free text, before the
//! vocabulary (migration 2026-11-24-000017_discovery), on SQLite or on PostgreSQL with
//! TEST_DATABASE_URL: the start-up fill-in maps them onto ids, a second run changes
//! nothing, and several processes running it at once agree.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::collections::BTreeSet;

use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{tuition_requests as tr, tutor_areas as ta, tutor_search_index as tsi};
use hometutor_db::{migrate_before, run_migrations, Db, DbError};
use hometutor_testkit::TestDatabase;
use hometutor_tuition::location::LocationKey;
use hometutor_tuition::{Backfilled, NearbyQuery, TuitionService};

/// The migration that brought the vocabulary.
const THIS_MIGRATION: &str = "2026-11-24-000017_discovery";

/// (subject, class) as parents typed them, and the ids they must map to.
const OLD_REQUESTS: [(&str, &str, &str, &str); 6] = [
    ("Maths", "class 10th", "maths", "class-10"),
    ("Vedic maths", "Class 1", "other", "class-1"),
    ("MATHEMATICS", "10", "maths", "class-10"),
    ("S.St", "Std X", "social-studies", "class-10"),
    ("Physics", "Engineering entrance", "physics", "other"),
    ("Maths and Science", "XII", "other", "class-12"),
];

/// An old area's lists (JSON of free text) and what they must become.
const OLD_AREAS: [(&str, &str, &str, &str, &[&str]); 2] = [
    (
        r#"["Maths","maths","Vedic maths","Physics"]"#,
        r#"["class 10th","Class 1"]"#,
        r#"["maths","other:Vedic maths","physics"]"#,
        r#"["class-10","class-1"]"#,
        &["maths", "physics"],
    ),
    (r#"[]"#, r#"["Adults"]"#, r#"[]"#, r#"["other:Adults"]"#, &[]),
];

type RequestRow = (i64, String, String, Option<String>, Option<String>);
type AreaRow = (i64, String, String, bool);

fn requests(db: &Db) -> Vec<RequestRow> {
    db.read(|c| {
        tr::table
            .order(tr::id)
            .select((tr::id, tr::subject, tr::class_level, tr::subject_id, tr::class_id))
            .load(c)
            .map_err(DbError::from)
    })
    .unwrap()
}

fn areas(db: &Db) -> Vec<AreaRow> {
    db.read(|c| {
        ta::table
            .order(ta::tutor_id)
            .select((ta::tutor_id, ta::subjects, ta::classes, ta::vocabulary_mapped))
            .load(c)
            .map_err(DbError::from)
    })
    .unwrap()
}

fn area_subjects(db: &Db) -> BTreeSet<(i64, String)> {
    db.read(|c| {
        tsi::table
            .filter(tsi::subject_id.ne(hometutor_tuition::search_index::ANY_SUBJECT))
            .select((tsi::tutor_id, tsi::subject_id))
            .load::<(i64, String)>(c)
            .map_err(DbError::from)
    })
    .unwrap()
    .into_iter()
    .collect()
}

/// A database as the previous release left it: free-text requests (users 1 = parent) and
/// areas of tutors 2 and 3; then this release's migrations.
fn upgraded(database: &TestDatabase) -> Db {
    let db = Db::connect(&database.url).expect("connect");
    migrate_before(&db, THIS_MIGRATION).expect("earlier migrations");
    db.write(|c| {
        diesel::sql_query(
            "INSERT INTO users (fullname, email, phone, password_hash, role, created_at, updated_at) VALUES \
             ('Old Parent', 'old@example.com', '9876543210', 'x', 'parent', '2026-11-01 10:00:00', '2026-11-01 10:00:00'), \
             ('Tutor Two', 'two@example.com', '9876543211', 'x', 'tutor', '2026-11-01 10:00:00', '2026-11-01 10:00:00'), \
             ('Tutor Three', 'three@example.com', '9876543212', 'x', 'tutor', '2026-11-01 10:00:00', '2026-11-01 10:00:00')",
        )
        .execute(c)?;
        for (i, (subject, class_level, _, _)) in OLD_REQUESTS.iter().enumerate() {
            let lat = 28.6139 + i as f64 * 0.001;
            diesel::sql_query(format!(
                "INSERT INTO tuition_requests (parent_id, subject, class_level, preferred_time, lat, lng, \
                 created_at, updated_at) VALUES (1, '{subject}', '{class_level}', 'Any', {lat}, 77.209, \
                 '2026-11-01 10:00:00', '2026-11-01 10:00:00')"
            ))
            .execute(c)?;
        }
        for (i, (subjects, classes, ..)) in OLD_AREAS.iter().enumerate() {
            diesel::sql_query(format!(
                "INSERT INTO tutor_areas (tutor_id, lat, lng, radius_km, subjects, classes, updated_at) \
                 VALUES ({}, 28.6139, 77.209, 10.0, '{subjects}', '{classes}', '2026-11-01 10:00:00')",
                i + 2
            ))
            .execute(c)?;
        }
        Ok::<_, DbError>(())
    })
    .expect("old rows");
    assert!(run_migrations(&db).expect("upgrade") >= 1);
    db
}

fn check_mapped(db: &Db) {
    let rows = requests(db);
    assert_eq!(rows.len(), OLD_REQUESTS.len());
    for (row, (subject, class_level, subject_id, class_id)) in rows.iter().zip(OLD_REQUESTS) {
        assert_eq!(
            (row.1.as_str(), row.2.as_str(), row.3.as_deref(), row.4.as_deref()),
            (subject, class_level, Some(subject_id), Some(class_id)),
            "the parent's words are kept beside the id"
        );
    }
    let rows = areas(db);
    for (row, (_, _, subjects, classes, _)) in rows.iter().zip(OLD_AREAS) {
        assert_eq!((row.1.as_str(), row.2.as_str(), row.3), (subjects, classes, true));
    }
    let expected: BTreeSet<(i64, String)> = OLD_AREAS
        .iter()
        .enumerate()
        .flat_map(|(i, a)| a.4.iter().map(move |s| (i as i64 + 2, s.to_string())))
        .collect();
    assert_eq!(area_subjects(db), expected);
}

#[test]
fn old_free_text_maps_onto_ids_once() {
    let database = TestDatabase::in_memory();
    let db = upgraded(&database);
    assert!(requests(&db).iter().all(|r| r.3.is_none() && r.4.is_none()), "NULL until the fill-in");
    assert!(areas(&db).iter().all(|a| !a.3), "not mapped until the fill-in");

    let tuition = TuitionService::new(db.clone(), LocationKey::new([3; 32]));
    assert_eq!(tuition.backfill_vocabulary().expect("fill in"), Backfilled { requests: 6, areas: 2 });
    check_mapped(&db);
    let before = (requests(&db), areas(&db), area_subjects(&db));
    assert_eq!(tuition.backfill_vocabulary().expect("again"), Backfilled::default(), "a second run changes nothing");
    assert_eq!((requests(&db), areas(&db), area_subjects(&db)), before);

    // The mapped rows are found by id.
    tuition.backfill_approximate_points().expect("points");
    let tutor = UserId(2);
    hometutor_testkit::subscribe(&db, tutor.0, 30);
    let query = NearbyQuery {
        class_id: Some("class-10".into()),
        ..NearbyQuery::around(hometutor_geo::Point { lat: 28.6139, lng: 77.209 }, 10.0)
    };
    assert_eq!(tuition.nearby(tutor, Role::Tutor, &query).expect("nearby").len(), 3);
    let area = tuition.area(tutor, Role::Tutor).expect("area").expect("kept by the upgrade");
    assert_eq!(area.subject_ids(), ["maths", "physics"]);
}

#[test]
fn several_processes_filling_in_at_once_agree() {
    let database = TestDatabase::file();
    upgraded(&database);
    let url = database.url.clone();
    let results: Vec<Backfilled> = std::thread::scope(|s| {
        let runs: Vec<_> = (0..3)
            .map(|_| {
                let url = url.clone();
                s.spawn(move || {
                    let db = Db::connect(&url).expect("connect");
                    TuitionService::new(db, LocationKey::new([3; 32])).backfill_vocabulary().expect("fill in")
                })
            })
            .collect();
        runs.into_iter().map(|r| r.join().unwrap()).collect()
    });
    assert_eq!(results.iter().map(|r| r.areas).sum::<usize>(), 2, "each area mapped once: {results:?}");
    assert_eq!(results.iter().map(|r| r.requests).sum::<usize>(), 6, "each request mapped once: {results:?}");
    let db = Db::connect(&url).expect("connect");
    check_mapped(&db);
    assert_eq!(
        TuitionService::new(db, LocationKey::new([3; 32])).backfill_vocabulary().expect("again"),
        Backfilled::default()
    );
}
