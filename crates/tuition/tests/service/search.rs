//! The cell search against a full scan, and the search terms kept for the admins' trends.

use super::*;

#[test]
fn the_cell_search_finds_exactly_what_a_full_scan_finds() {
    use hometutor_tuition::search::{nearest, nearest_by_full_scan, Search};
    let f = fixture();
    // A deterministic scatter: a dense cluster around Delhi and a sparse spread.
    let mut state = 42u64;
    let mut next = || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let subjects = ["Maths", "Physics", "Chemistry", "English"];
    for i in 0..600 {
        let (spread, base) = if i % 4 == 0 { (1.0, [76.7, 28.2]) } else { (0.15, DELHI) };
        let location = [base[0] + (next() - 0.5) * spread, base[1] + (next() - 0.5) * spread];
        let input = RequestInput {
            subject: subjects[i % 3].into(),
            class_level: format!("Class {}", 1 + i % 12),
            preferred_time: "Any".into(),
            location: Some(location),
            ..Default::default()
        };
        f.tuition.create(f.parent, Role::Parent, input).expect("create");
    }
    let center = Point { lat: DELHI[1], lng: DELHI[0] };
    for (radius, subject, class_level, limit) in [
        (2.0, None, None, 100),
        (10.0, None, None, 20),
        (10.0, Some("math"), None, 100),
        (25.0, None, Some("class 1"), 50),
        (25.0, None, None, 1000),
    ] {
        let search = Search::new(center, radius, subject, class_level, limit);
        let (fast, slow) =
            f.db.read(|c| Ok::<_, hometutor_db::DbError>((nearest(c, &search)?, nearest_by_full_scan(c, &search)?)))
                .expect("search");
        assert!(!fast.is_empty(), "{radius} {subject:?}");
        assert_eq!(fast, slow, "radius {radius}, subject {subject:?}, class {class_level:?}, limit {limit}");
    }
}

/// A filtered search leaves its terms for the admins' trends without writing them itself: it
/// answers while the database's writer is held by something else, and the terms are stored
/// once the writer is free again.
#[test]
fn search_terms_are_written_in_the_background_not_by_the_search() {
    let f = fixture_on(TestDatabase::file());
    f.post("Physics", "Class 11", east_of_delhi(2.0));
    let searched = |subject: &str, class: &str| NearbyQuery {
        subject: Some(subject.into()),
        class_level: Some(class.into()),
        ..near_delhi(10.0)
    };
    let stored = |db: &Db| -> Vec<(String, i64)> {
        use hometutor_db::schema::search_events as se;
        db.read(|c| {
            se::table
                .group_by(se::term)
                .select((se::term, diesel::dsl::count_star()))
                .order(se::term)
                .load::<(String, i64)>(c)
                .map_err(hometutor_db::DbError::from)
        })
        .unwrap()
    };

    // Hold the writer until told to let go.
    let (release, hold) = std::sync::mpsc::channel::<()>();
    let (held, holding) = std::sync::mpsc::channel::<()>();
    let holder = {
        let db = f.db.clone();
        std::thread::spawn(move || {
            db.write(|_| -> Result<(), hometutor_db::DbError> {
                held.send(()).unwrap();
                hold.recv().unwrap();
                Ok(())
            })
        })
    };
    holding.recv().unwrap();
    for _ in 0..3 {
        let found = f.tuition.nearby(f.tutor, Role::Tutor, &searched("Physics", "Class 11")).expect("nearby");
        assert_eq!(found.len(), 1);
    }
    release.send(()).unwrap();
    holder.join().unwrap().unwrap();

    f.tuition.flush_search_trends();
    assert_eq!(stored(&f.db), vec![("class 11".to_string(), 3), ("physics".to_string(), 3)]);

    // Searches from several threads at once are all counted.
    let searches: Vec<_> = (0..8)
        .map(|_| {
            let (tuition, tutor, query) = (f.tuition.clone(), f.tutor, searched("Chemistry", "Class 12"));
            std::thread::spawn(move || tuition.nearby(tutor, Role::Tutor, &query).map(|found| found.len()))
        })
        .collect();
    for search in searches {
        assert_eq!(search.join().unwrap().unwrap(), 0);
    }
    f.tuition.flush_search_trends();
    assert_eq!(
        stored(&f.db),
        vec![
            ("chemistry".to_string(), 8),
            ("class 11".to_string(), 3),
            ("class 12".to_string(), 8),
            ("physics".to_string(), 3)
        ]
    );
}

/// Nobody flushes on a running server: the writer wakes for a first term by itself and writes
/// it with whatever else gathered within the second after (a search rings only for a first term
/// or a full batch, so this is what keeps a lone search's terms from waiting forever).
#[test]
fn search_terms_are_written_within_seconds_without_a_flush() {
    let f = fixture_on(TestDatabase::file());
    let count = |db: &Db| -> i64 {
        use hometutor_db::schema::search_events as se;
        db.read(|c| se::table.count().get_result(c).map_err(hometutor_db::DbError::from)).unwrap()
    };
    for round in 1..=2 {
        let query =
            NearbyQuery { subject: Some("Physics".into()), class_level: Some("Class 11".into()), ..near_delhi(10.0) };
        f.tuition.nearby(f.tutor, Role::Tutor, &query).expect("nearby");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while count(&f.db) < 2 * round {
            assert!(std::time::Instant::now() < deadline, "round {round}: the terms were not written within 10 s");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert_eq!(count(&f.db), 2 * round);
    }
}

/// "Only my subjects and classes" is part of the search: 100 nearer requests the tutor does not
/// teach never push out the farther one they do, in either order; the full scan agrees.
#[test]
fn own_subjects_and_classes_are_kept_before_the_nearest_are_cut() {
    use hometutor_tuition::search::{nearest, nearest_by_full_scan, newest, Own, Search};
    use hometutor_tuition::{AreaInput, NearbySort, MAX_NEARBY_RESULTS};
    let f = fixture();
    let fits = f.post("Maths", "Class 10", east_of_delhi(6.0));
    let vedic = f.post("Vedic maths", "Class 10", east_of_delhi(7.0));
    for i in 0..MAX_NEARBY_RESULTS {
        f.post("Physics", "Class 12", east_of_delhi(0.5 + i as f64 * 0.04));
    }
    let area = AreaInput {
        location: Some(DELHI),
        radius_km: Some(10.0),
        subjects: vec!["maths".into(), "Vedic maths".into()],
        classes: vec!["class-10".into()],
        ..AreaInput::default()
    };
    let area = f.tuition.save_area(f.tutor, Role::Tutor, &area).expect("area");

    let ids = |query: &NearbyQuery| -> Vec<i64> {
        f.tuition.nearby(f.tutor, Role::Tutor, query).expect("nearby").iter().map(|r| r.id).collect()
    };
    let everything = ids(&near_delhi(10.0));
    assert_eq!(everything.len(), MAX_NEARBY_RESULTS);
    assert!(!everything.contains(&fits), "the 100 nearest are all Physics");
    assert_eq!(ids(&NearbyQuery { mine: true, ..near_delhi(10.0) }), [fits, vedic]);
    assert_eq!(ids(&NearbyQuery { mine: true, sort: NearbySort::Newest, ..near_delhi(10.0) }), [vedic, fits]);

    let center = Point { lat: DELHI[1], lng: DELHI[0] };
    let search = Search { own: Own::of(&area), ..Search::new(center, 10.0, None, None, 5) };
    let (fast, slow, new) = f
        .db
        .read(|c| {
            let (fast, slow) = (nearest(c, &search)?, nearest_by_full_scan(c, &search)?);
            Ok::<_, hometutor_db::DbError>((fast, slow, newest(c, &search)?))
        })
        .expect("search");
    assert_eq!(fast, slow);
    assert_eq!(fast.iter().map(|h| h.0).collect::<Vec<_>>(), [fits, vedic]);
    assert_eq!(new.iter().map(|h| h.0).collect::<Vec<_>>(), [vedic, fits]);
}
