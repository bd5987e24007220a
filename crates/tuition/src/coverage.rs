//! The reverse geo index of teaching areas: "which saved areas cover this point?",
//! answered without reading every tutor. This module owns `tutor_area_cells`.
//!
//! Each area is stored under every coarse cell (about 11 km square, see
//! [`hometutor_geo::coarse_cells_covering`]) that a point inside it can fall in. A new
//! request's approximate point falls in exactly one coarse cell; the areas stored under
//! that cell are the only candidates, and each is then checked exactly
//! ([`TutorArea::covers`]). A 25 km area sits under a few dozen cells, so the index
//! holds some 50 rows per tutor at most and a lookup reads one primary-key range.

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{tutor_area_cells as tac, tutor_areas as ta};
use hometutor_db::DbConnection;
use hometutor_geo::{coarse_cell_of, coarse_cells_covering, Point};

use crate::area::{load_all, AreaRow, TutorArea};
use crate::SHOWN_DISTANCE_STEP_KM;

/// The coarse cells an area is stored under. Shown distances are rounded to 0.1 km, so
/// an area covers points up to half a step beyond its radius (see `TutorArea::covers`):
/// those cells are included too.
pub(crate) fn cells_of(center: Point, radius_km: f64) -> Vec<i64> {
    coarse_cells_covering(center, radius_km + SHOWN_DISTANCE_STEP_KM / 2.0)
}

/// Rewrites the cells of one tutor's area (inside the transaction that saves the area).
pub(crate) fn index(c: &mut DbConnection, tutor: UserId, center: Point, radius_km: f64) -> QueryResult<()> {
    diesel::delete(tac::table.filter(tac::tutor_id.eq(tutor.0))).execute(c)?;
    let cells: Vec<(i64, i64)> = cells_of(center, radius_km).into_iter().map(|cell| (cell, tutor.0)).collect();
    insert_cells(c, &cells)
}

/// Stores (cell, tutor) pairs, in slices that stay under SQLite's bound-parameter limit.
pub(crate) fn insert_cells(c: &mut DbConnection, cells: &[(i64, i64)]) -> QueryResult<()> {
    for chunk in cells.chunks(10_000) {
        let rows: Vec<_> = chunk.iter().map(|(cell, tutor)| (tac::cell.eq(*cell), tac::tutor_id.eq(*tutor))).collect();
        // Multi-row inserts are backend-specific in diesel: run them on the inner connection.
        match c {
            DbConnection::Sqlite(c) => diesel::insert_into(tac::table).values(&rows).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(tac::table).values(&rows).execute(c),
        }?;
    }
    Ok(())
}

/// The saved areas that cover `point`, in tutor order: the candidates under the
/// point's coarse cell, each checked exactly.
pub fn covering(c: &mut DbConnection, point: Point) -> QueryResult<Vec<TutorArea>> {
    let under_cell = tac::table.filter(tac::cell.eq(coarse_cell_of(point))).select(tac::tutor_id);
    let rows: Vec<AreaRow> =
        ta::table.filter(ta::tutor_id.eq_any(under_cell)).order(ta::tutor_id).select(AreaRow::as_select()).load(c)?;
    Ok(rows.into_iter().map(TutorArea::from).filter(|a| a.covers(point)).collect())
}

/// The same answer by reading every area: the baseline the benchmark and tests compare with.
pub fn covering_by_full_scan(c: &mut DbConnection, point: Point) -> QueryResult<Vec<TutorArea>> {
    let mut all: Vec<TutorArea> = load_all(c)?.into_iter().filter(|a| a.covers(point)).collect();
    all.sort_by_key(|a| a.tutor.0);
    Ok(all)
}

/// How many (cell, tutor) rows the reverse index holds: what the area benchmark reports.
pub fn index_rows(c: &mut DbConnection) -> QueryResult<i64> {
    tac::table.count().get_result(c)
}
