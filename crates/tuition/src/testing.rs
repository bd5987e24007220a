//! A test's background in tuition's tables, for other crates' suites and benchmarks (feature
//! `testing`, a dev-dependency's only, so never in the server binary). Rows are written by
//! tuition's own code, as the service writes them, without the rules around them (no
//! subscription check, no alerts, no notices). Tests of those rules go through
//! [`crate::TuitionService`] instead. Each helper panics when it cannot write: the test cannot
//! start.

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{tuition_interests as ti, tutor_areas as ta, tutor_search_index as tsi};
use hometutor_db::{now, Db, DbConnection, DbError};
use hometutor_geo::Point;

use crate::location::LocationKey;
use crate::{moderation, RequestInput, TuitionError};

/// The key approximate points are drawn with in test requests.
const KEY: [u8; 32] = [11; 32];

/// A maths request (Class 8, evenings) of `parent` at Connaught Place, New Delhi, flagged by an
/// admin or not; returns its id.
pub fn insert_request(db: &Db, parent: i64, flagged: bool) -> i64 {
    let input = RequestInput {
        subject: "Maths".into(),
        class_level: "Class 8".into(),
        preferred_time: "Evenings".into(),
        location: Some([77.209, 28.6139]),
        ..RequestInput::default()
    };
    let id = insert_request_with(db, parent, &input);
    if flagged {
        db.write(|c| moderation::flag(c, id, true, None).map_err(DbError::from))
            .unwrap_or_else(|e| panic!("test request {id}: flag: {e}"));
    }
    id
}

/// A request of `parent` as `input` describes it (which must be valid), with its approximate
/// point; returns its id.
pub fn insert_request_with(db: &Db, parent: i64, input: &RequestInput) -> i64 {
    let valid = input.validate().unwrap_or_else(|e| panic!("test request: invalid input: {e:?}"));
    let approximate = LocationKey::new(KEY).approximate(valid.point);
    db.write(|c| crate::requests::insert(c, UserId(parent), &valid, &approximate).map_err(TuitionError::from))
        .unwrap_or_else(|e| panic!("test request: {e}"))
}

/// `tutor` said they are interested in `request` (whether or not they could have; the row
/// `TuitionService::express_interest` writes).
pub fn insert_interest(db: &Db, request: i64, tutor: i64) {
    db.write(|c| {
        diesel::insert_into(ti::table)
            .values((ti::request_id.eq(request), ti::tutor_id.eq(tutor), ti::created_at.eq(now())))
            .execute(c)
            .map_err(DbError::from)
    })
    .unwrap_or_else(|e| panic!("test interest: {e}"));
}

/// A teaching area as a release before the vocabulary stored it: its subjects as the tutor
/// wrote them, not yet mapped, and not in tutor search's index (the start-up fill-ins,
/// [`crate::TuitionService::backfill_vocabulary`], map and index it).
pub fn insert_unmapped_area(db: &Db, tutor: i64, center: Point, radius_km: f64, subjects: &[&str]) {
    let subjects = serde_json::to_string(subjects).unwrap_or_else(|e| panic!("test area: {e}"));
    db.write(|c| {
        diesel::insert_into(ta::table)
            .values((
                ta::tutor_id.eq(tutor),
                ta::lat.eq(center.lat),
                ta::lng.eq(center.lng),
                ta::radius_km.eq(radius_km),
                ta::subjects.eq(subjects),
                ta::classes.eq("[]"),
                ta::updated_at.eq(now()),
            ))
            .execute(c)
            .map_err(DbError::from)
    })
    .unwrap_or_else(|e| panic!("test area: {e}"));
}

/// How many rows tutor search's index holds for `tutor`.
pub fn search_index_rows(db: &Db, tutor: i64) -> i64 {
    db.read(|c| tsi::table.filter(tsi::tutor_id.eq(tutor)).count().get_result(c).map_err(DbError::from))
        .unwrap_or_else(|e| panic!("test index rows: {e}"))
}

/// On PostgreSQL, `VACUUM (ANALYZE)` of tutor search's index after a bulk load, as autovacuum
/// would leave it: the visibility map its index-only scans need, and fresh statistics. Outside
/// a transaction (`Db::read`); nothing on SQLite.
pub fn vacuum_search_index(c: &mut DbConnection) -> QueryResult<()> {
    match c {
        DbConnection::Sqlite(_) => Ok(()),
        DbConnection::Pg(c) => diesel::sql_query("VACUUM (ANALYZE) tutor_search_index").execute(c).map(drop),
    }
}
