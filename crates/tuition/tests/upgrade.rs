//! Upgrading a site that holds tuition's rows, on SQLite or on PostgreSQL with
//! TEST_DATABASE_URL: requests stored before approximate points existed (migration
//! 2026-11-23-000010_approximate_points) are left unseen by the migration, given their home
//! cell's centre by the start-up backfill, and found by the search; tutor search's index rows
//! stored before they carried their tutor's listing (migration 2026-11-25-000022) get it, and
//! are made again at their cells' centres after 2026-12-02-000030_homes_in_cells.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{tuition_requests as tr, tutor_areas as ta, tutor_search_index as tsi, users};
use hometutor_db::{migrate_before, now, revert_through, run_migrations, Db, DbError};
use hometutor_geo::{cell_of, Point};
use hometutor_testkit::{insert_user, TestDatabase};
use hometutor_tuition::location::LocationKey;
use hometutor_tuition::{NearbyQuery, TuitionService};

/// The migration that re-publishes requests and empties tutor search's index.
const HOMES_IN_CELLS: &str = "2026-12-02-000030_homes_in_cells";

/// The migration this file is about.
const THIS_MIGRATION: &str = "2026-11-23-000010_approximate_points";

/// id, exact lat and lng, approximate lat, lng and cell.
type StoredRow = (i64, f64, f64, Option<f64>, Option<f64>, Option<i64>);

const HOMES: [(f64, f64); 3] = [(28.6139, 77.209), (28.65, 77.25), (28.58, 77.19)];

#[test]
fn old_requests_get_their_cells_centre_and_are_found_after_the_upgrade() {
    let database = TestDatabase::in_memory();
    let db = Db::connect(&database.url).expect("connect");
    migrate_before(&db, THIS_MIGRATION).expect("earlier migrations");
    // Rows as the previous release wrote them: the exact point and its cell, nothing else.
    db.write(|c| {
        diesel::sql_query(
            "INSERT INTO users (fullname, email, phone, password_hash, role, created_at, updated_at) VALUES \
             ('Old Parent', 'old@example.com', '9876543210', 'x', 'parent', '2026-11-01 10:00:00', '2026-11-01 10:00:00'), \
             ('Old Tutor', 'tutor@example.com', '9876543211', 'x', 'tutor', '2026-11-01 10:00:00', '2026-11-01 10:00:00')",
        )
        .execute(c)?;
        for (i, (lat, lng)) in HOMES.iter().enumerate() {
            let cell = cell_of(Point { lat: *lat, lng: *lng });
            diesel::sql_query(format!(
                "INSERT INTO tuition_requests (parent_id, subject, class_level, preferred_time, lat, lng, cell, \
                 created_at, updated_at) VALUES (1, 'Old {i}', 'Class 9', 'Any', {lat}, {lng}, {cell}, \
                 '2026-11-01 10:00:00', '2026-11-01 10:00:00')"
            ))
            .execute(c)?;
        }
        Ok::<_, DbError>(())
    })
    .expect("old rows");

    assert!(run_migrations(&db).expect("upgrade") >= 1);
    let tuition = TuitionService::new(db.clone(), LocationKey::new([3; 32]));
    let tutor = UserId(2);
    hometutor_testkit::subscribe(&db, tutor.0, 30);
    let everywhere = NearbyQuery::around(Point { lat: 28.6139, lng: 77.209 }, 25.0);
    assert!(tuition.nearby(tutor, Role::Tutor, &everywhere).expect("nearby").is_empty(), "unseen until filled in");

    assert_eq!(tuition.backfill_approximate_points().expect("backfill"), 3);
    assert_eq!(tuition.backfill_approximate_points().expect("again"), 0, "idempotent");
    let found = tuition.nearby(tutor, Role::Tutor, &everywhere).expect("nearby");
    assert_eq!(found.len(), 3);
    let stored: Vec<StoredRow> = db
        .read(|c| {
            tr::table
                .order(tr::id)
                .select((tr::id, tr::lat, tr::lng, tr::approx_lat, tr::approx_lng, tr::approx_cell))
                .load(c)
                .map_err(DbError::from)
        })
        .unwrap();
    for (id, lat, lng, approx_lat, approx_lng, approx_cell) in stored {
        let approximate = Point { lat: approx_lat.unwrap(), lng: approx_lng.unwrap() };
        // The centre of the home's cell in the site's grid, as a request posted now gets.
        let home = Point { lat, lng };
        assert_eq!(approximate, LocationKey::new([3; 32]).approximate(home).point, "request {id}");
        assert_eq!(LocationKey::new([3; 32]).home_cell(home).center(), approximate);
        assert_eq!(approx_cell, Some(cell_of(approximate)));
        let listed = found.iter().find(|r| r.id == id).expect("found");
        assert_eq!(listed.approximate_location, approximate, "tutors see the stored point");
        // Found with a 2 km radius around the published point, whatever the exact one.
        let close = NearbyQuery::around(approximate, 2.0);
        assert!(tuition.nearby(tutor, Role::Tutor, &close).expect("near").iter().any(|r| r.id == id));
    }

    // Going back restores the exact cell the previous release searched on.
    revert_through(&db, THIS_MIGRATION).expect("revert");
    let cells: Vec<(f64, f64, i64)> = db
        .read(|c| {
            #[derive(QueryableByName)]
            struct Old {
                #[diesel(sql_type = diesel::sql_types::Double)]
                lat: f64,
                #[diesel(sql_type = diesel::sql_types::Double)]
                lng: f64,
                #[diesel(sql_type = diesel::sql_types::BigInt)]
                cell: i64,
            }
            diesel::sql_query("SELECT lat, lng, cell FROM tuition_requests ORDER BY id")
                .load::<Old>(c)
                .map(|rows| rows.into_iter().map(|r| (r.lat, r.lng, r.cell)).collect())
                .map_err(DbError::from)
        })
        .unwrap();
    assert_eq!(cells.len(), 3);
    for (lat, lng, cell) in cells {
        assert_eq!(cell, cell_of(Point { lat, lng }), "{lat},{lng}");
    }
}

#[test]
fn indexed_areas_get_their_tutors_listing_and_keep_it_after_the_upgrade() {
    let database = TestDatabase::in_memory();
    let db = Db::connect(&database.url).expect("connect");
    migrate_before(&db, "2026-11-25-000022_search_index_listing").expect("earlier migrations");
    let until = now() + chrono::Duration::days(30);
    let listed = insert_user(&db, "Listed Tutor", "listed@example.com", "tutor");
    let unpaid = insert_user(&db, "Unpaid Tutor", "unpaid@example.com", "tutor");
    let inactive = insert_user(&db, "Inactive Tutor", "inactive@example.com", "tutor");
    db.write(|c| {
        diesel::update(users::table.filter(users::id.eq_any([listed, inactive])))
            .set((users::subscription_active.eq(true), users::subscription_expires.eq(Some(until))))
            .execute(c)?;
        diesel::update(users::table.find(listed)).set(users::approved.eq(true)).execute(c)?;
        diesel::update(users::table.find(inactive)).set(users::active.eq(false)).execute(c)?;
        for (i, tutor) in [listed, unpaid, inactive].into_iter().enumerate() {
            let lat = 28.6 + i as f64 / 100.0;
            diesel::insert_into(ta::table)
                .values((
                    ta::tutor_id.eq(tutor),
                    ta::lat.eq(lat),
                    ta::lng.eq(77.2),
                    ta::radius_km.eq(5.0),
                    ta::subjects.eq("[]"),
                    ta::classes.eq("[]"),
                    ta::boards.eq("[]"),
                    ta::modes.eq("[]"),
                    ta::updated_at.eq(now()),
                    ta::vocabulary_mapped.eq(true),
                ))
                .execute(c)?;
            // Rows as crates/tuition wrote them before the listing was copied.
            diesel::insert_into(tsi::table)
                .values((
                    tsi::subject_id.eq("*"),
                    tsi::cell.eq(7i64),
                    tsi::tutor_id.eq(tutor),
                    tsi::lat.eq(lat),
                    tsi::lng.eq(77.2),
                    tsi::radius_km.eq(5.0),
                ))
                .execute(c)?;
        }
        Ok::<(), DbError>(())
    })
    .expect("an earlier release's rows");

    migrate_before(&db, HOMES_IN_CELLS).expect("upgrade");
    let listing = |db: &Db| -> Vec<(i64, Option<chrono::NaiveDateTime>, bool)> {
        db.read(|c| {
            tsi::table
                .order(tsi::tutor_id)
                .select((tsi::tutor_id, tsi::listed_until, tsi::approved))
                .load(c)
                .map_err(DbError::from)
        })
        .unwrap()
    };
    let expected = vec![(listed, Some(until), true), (unpaid, None, false), (inactive, None, false)];
    let round = |rows: Vec<(i64, Option<chrono::NaiveDateTime>, bool)>| {
        // SQLite keeps the time as written; PostgreSQL to the microsecond.
        rows.into_iter().map(|(t, u, a)| (t, u.map(|u| u.and_utc().timestamp_micros()), a)).collect::<Vec<_>>()
    };
    assert_eq!(round(listing(&db)), round(expected.clone()), "copied from each account");

    // Down (newest first, to and including 000022) and up again: the copy is made anew.
    revert_through(&db, "2026-11-25-000022").expect("revert");
    migrate_before(&db, HOMES_IN_CELLS).expect("upgrade again");
    assert_eq!(round(listing(&db)), round(expected.clone()));

    // The index is emptied, then made again at start-up at the centres searches use, each row
    // with its tutor's listing.
    run_migrations(&db).expect("the rest");
    assert_eq!(listing(&db), vec![]);
    let tuition = TuitionService::new(db.clone(), LocationKey::new([3; 32]));
    assert_eq!(tuition.backfill_search_index().expect("index"), 3);
    let rows = listing(&db);
    let tutors: Vec<i64> = rows.iter().map(|r| r.0).collect();
    assert_eq!((tutors.first(), tutors.last()), (Some(&listed), Some(&inactive)));
    assert!(rows.iter().all(|(t, u, _)| (*t == listed) == u.is_some()), "{rows:?}");
    // The earlier release's approvals were an admin's switch with nothing checked behind it: the
    // verification migration clears them, so no row of the index says 'verified' any more.
    assert!(rows.iter().all(|(_, _, approved)| !approved), "{rows:?}");
    let centres: Vec<(f64, f64)> = db
        .read(|c| {
            tsi::table.filter(tsi::tutor_id.eq(listed)).select((tsi::lat, tsi::lng)).load(c).map_err(DbError::from)
        })
        .unwrap();
    let shown = hometutor_tuition::area::shown_center(Point { lat: 28.6, lng: 77.2 });
    assert!(
        !centres.is_empty() && centres.iter().all(|(lat, lng)| (*lat, *lng) == (shown.lat, shown.lng)),
        "{centres:?}"
    );
}
