//! Tutor search's index (kept by crates/tuition) on a private
//! database (SQLite, or PostgreSQL with TEST_DATABASE_URL): a saved area is found, a moved
//! one only where it now is, and an area stored before the index becomes searchable at
//! start-up.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use common::*;
use hometutor_core::{Role, UserId};
use hometutor_discovery::{DiscoveryService, TutorQuery};
use hometutor_geo::Point;
use hometutor_testkit::TestDatabase;
use hometutor_tuition::location::LocationKey;
use hometutor_tuition::{AreaInput, TuitionService};

fn search(service: &DiscoveryService, at: Point, subject: Option<&str>) -> Vec<i64> {
    let q =
        TutorQuery { location: Some([at.lng, at.lat]), subject: subject.map(str::to_string), ..TutorQuery::default() };
    service.search(&q).expect("search").tutors.into_iter().map(|t| t.id).collect()
}

fn rows_of(db: &hometutor_db::Db, tutor: i64) -> i64 {
    hometutor_tuition::testing::search_index_rows(db, tutor)
}

#[test]
fn a_saved_area_is_found_where_it_is_and_nowhere_else() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let tutor = user(&db, "mover@example.com", Who::TUTOR);
    profile(&db, tutor, "Maths and physics", Some(500));
    let tuition = TuitionService::new(db.clone(), LocationKey::new([3; 32]));
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());
    let save = |at: Point, subjects: &[&str]| {
        let input = AreaInput {
            location: Some([at.lng, at.lat]),
            radius_km: Some(5.0),
            subjects: subjects.iter().map(|s| s.to_string()).collect(),
            ..AreaInput::default()
        };
        tuition.save_area(UserId(tutor), Role::Tutor, &input).expect("save");
    };
    save(east(2.0), &["Maths", "Physics"]);
    assert_eq!(search(&service, DELHI, Some("maths")), vec![tutor]);
    assert_eq!(search(&service, DELHI, Some("physics")), vec![tutor]);
    assert_eq!(search(&service, DELHI, None), vec![tutor]);
    assert!(search(&service, DELHI, Some("english")).is_empty());
    // Moved 30 km east and teaching English only: the old place and subjects find nothing.
    save(east(30.0), &["English"]);
    assert!(search(&service, DELHI, None).is_empty());
    assert!(search(&service, east(30.0), Some("maths")).is_empty());
    assert_eq!(search(&service, east(30.0), Some("english")), vec![tutor]);
    // Rows: ('*' and 'english') × the area's cells, nothing left of the first area.
    let cells = hometutor_tuition::search_index::rows_of(tutor, east(30.0), 5.0, &["english"]).len() as i64;
    assert_eq!(rows_of(&db, tutor), cells);
}

#[test]
fn an_area_stored_before_the_index_becomes_searchable_at_start_up() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let old = user(&db, "old@example.com", Who::TUTOR);
    profile(&db, old, "Maths", Some(500));
    // As the previous release stored it: free text, not mapped, no index rows.
    hometutor_tuition::testing::insert_unmapped_area(&db, old, east(1.0), 8.0, &["Maths"]);
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());
    assert!(search(&service, DELHI, None).is_empty(), "not indexed yet");
    let tuition = TuitionService::new(db.clone(), LocationKey::new([3; 32]));
    tuition.backfill_vocabulary().expect("start-up");
    assert_eq!(search(&service, DELHI, None), vec![old]);
    assert_eq!(search(&service, DELHI, Some("maths")), vec![old]);
    assert!(search(&service, DELHI, Some("english")).is_empty());
    assert_eq!(tuition.backfill_search_index().expect("again"), 0, "a second run indexes nothing");
    let rows = rows_of(&db, old);
    assert_eq!(rows, hometutor_tuition::search_index::rows_of(old, east(1.0), 8.0, &["maths"]).len() as i64);
}

/// Search lists a tutor once their profile is complete enough to judge (a subject, a fee, an
/// about text), and not before, whichever step they finish last.
#[test]
fn an_incomplete_profile_is_not_listed_until_it_is_complete_enough_to_judge() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let tutor = user(&db, "new@example.com", Who::TUTOR);
    let tuition = TuitionService::new(db.clone(), LocationKey::new([3; 32]));
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());
    let save = |subjects: &[&str]| {
        let input = AreaInput {
            location: Some([DELHI.lng, DELHI.lat]),
            radius_km: Some(5.0),
            subjects: subjects.iter().map(|s| s.to_string()).collect(),
            ..AreaInput::default()
        };
        tuition.save_area(UserId(tutor), Role::Tutor, &input).expect("save");
    };
    save(&[]);
    assert!(search(&service, DELHI, None).is_empty(), "an area alone");
    profile(&db, tutor, "Maths for ten years", None);
    assert!(search(&service, DELHI, None).is_empty(), "no subject, no fee");
    save(&["Maths"]);
    assert!(search(&service, DELHI, None).is_empty(), "no fee");
    assert!(search(&service, DELHI, Some("maths")).is_empty(), "no fee");
    profile(&db, tutor, "   ", Some(500));
    assert!(search(&service, DELHI, None).is_empty(), "a blank about");
    profile(&db, tutor, "Maths for ten years", Some(500));
    assert_eq!(search(&service, DELHI, None), vec![tutor]);
    assert_eq!(search(&service, DELHI, Some("maths")), vec![tutor]);
    // The full scan (the benchmark's and tests' baseline) keeps the same rule.
    let all = db.read(|c| hometutor_discovery::search::listable_areas(c).map_err(hometutor_db::DbError::from)).unwrap();
    assert_eq!(all.iter().map(|c| c.tutor).collect::<Vec<_>>(), vec![tutor]);
    save(&[]);
    assert!(search(&service, DELHI, None).is_empty(), "the subjects taken away again");
}
