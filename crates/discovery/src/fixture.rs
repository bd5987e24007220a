//! Seeding for tests and the benchmark: teaching areas written straight into the tables
//! search reads (`tutor_areas`, `tutor_area_cells`, and
//! `tutor_search_index` through crates/tuition's own rows), the way
//! crates/tuition keeps them, so this crate's tests need nothing of that crate's input rules.

use diesel::prelude::*;
use hometutor_db::schema::{tutor_area_cells as tac, tutor_areas as ta};
use hometutor_db::{now, DbConnection};
use hometutor_geo::{coarse_cells_covering, Point};
use hometutor_tuition::search_index::{insert_rows, rows_of, IndexRow};

/// One tutor's area, with list entries as stored (ids, or `other:<text>`).
#[derive(Debug, Clone)]
pub struct SeedArea {
    pub tutor: i64,
    pub center: Point,
    pub radius_km: f64,
    pub subjects: Vec<String>,
    pub classes: Vec<String>,
    pub boards: Vec<String>,
    pub modes: Vec<String>,
}

/// The cells crates/tuition stores an area under (its radius and half a 0.1 km step).
pub fn cells_of(center: Point, radius_km: f64) -> Vec<i64> {
    coarse_cells_covering(center, radius_km + 0.05)
}

/// Writes the areas (tutors without one yet), their cells and search index rows, in slices.
pub fn insert_areas(c: &mut DbConnection, areas: &[SeedArea]) -> QueryResult<()> {
    let at = now();
    let json = |items: &[String]| serde_json::to_string(items).unwrap_or_else(|_| "[]".into());
    let rows: Vec<_> = areas
        .iter()
        .map(|a| {
            (
                ta::tutor_id.eq(a.tutor),
                ta::lat.eq(a.center.lat),
                ta::lng.eq(a.center.lng),
                ta::radius_km.eq(a.radius_km),
                ta::subjects.eq(json(&a.subjects)),
                ta::classes.eq(json(&a.classes)),
                ta::boards.eq(json(&a.boards)),
                ta::modes.eq(json(&a.modes)),
                ta::updated_at.eq(at),
                ta::vocabulary_mapped.eq(true),
            )
        })
        .collect();
    for chunk in rows.chunks(500) {
        match c {
            DbConnection::Sqlite(c) => diesel::insert_into(ta::table).values(chunk).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(ta::table).values(chunk).execute(c),
        }?;
    }
    let cells: Vec<_> = areas
        .iter()
        .flat_map(|a| {
            cells_of(a.center, a.radius_km).into_iter().map(|cell| (tac::cell.eq(cell), tac::tutor_id.eq(a.tutor)))
        })
        .collect();
    for chunk in cells.chunks(10_000) {
        match c {
            DbConnection::Sqlite(c) => diesel::insert_into(tac::table).values(chunk).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(tac::table).values(chunk).execute(c),
        }?;
    }
    let mut index: Vec<IndexRow> = areas
        .iter()
        .flat_map(|a| {
            let known: Vec<&str> = a
                .subjects
                .iter()
                .map(String::as_str)
                .filter(|s| !s.starts_with(hometutor_vocabulary::OTHER_PREFIX))
                .collect();
            rows_of(a.tutor, a.center, a.radius_km, &known)
        })
        .collect();
    insert_rows(c, &mut index)
}
