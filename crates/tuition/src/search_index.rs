//! Tutor search's index of teaching areas: this module owns `tutor_search_index`.
//!
//! An area is stored under every (subject id, coarse cell) it can be found by: each
//! vocabulary subject id it names (`other:` entries are never a filter) and the wildcard
//! [`ANY_SUBJECT`], times each coarse cell a point inside it can fall in (the cells of
//! [`crate::coverage`]). The key is (subject, cell, latitude of the centre, tutor) and each
//! row carries the centre searches use (the centre of its cell, [`crate::area::shown_center`])
//! and the radius, so that a search reads one key range — (subject, the
//! place's coarse cell, the band of latitudes near enough) — and tests the distance from the
//! index alone, before reading any other table (crates/discovery/src/search.rs).
//!
//! Written in the transaction that writes the area ([`crate::area`]); the rows of a deleted
//! area go with it (`ON DELETE CASCADE`). Areas stored before the table existed are indexed
//! at start-up ([`TuitionService::backfill_search_index`]), as are all areas once after a
//! migration empties the table (as the one that moved indexed centres onto their cells did).

use diesel::prelude::*;
use hometutor_db::schema::{tutor_areas as ta, tutor_search_index as tsi};
use hometutor_db::DbConnection;
use hometutor_geo::Point;
use hometutor_vocabulary::Facet;

use crate::area::{parse_choices, TutorArea};
use crate::{coverage, TuitionError, TuitionService};

/// The subject of the rows every area has: searches without a subject filter read these.
pub const ANY_SUBJECT: &str = "*";

/// One row of the index.
#[derive(Debug, Clone, PartialEq)]
pub struct IndexRow {
    pub subject: String,
    pub cell: i64,
    pub tutor: i64,
    pub center: Point,
    pub radius_km: f64,
}

/// The rows of one area: its subject ids (and [`ANY_SUBJECT`]) under each of its cells, at the
/// centre searches place it ([`crate::area::shown_center`], never the saved one).
pub fn rows_of(tutor: i64, center: Point, radius_km: f64, subject_ids: &[&str]) -> Vec<IndexRow> {
    let center = crate::area::shown_center(center);
    let cells = coverage::cells_of(center, radius_km);
    let mut subjects: Vec<&str> = vec![ANY_SUBJECT];
    for s in subject_ids {
        if !subjects.contains(s) {
            subjects.push(s);
        }
    }
    subjects
        .iter()
        .flat_map(|s| {
            cells.iter().map(move |cell| IndexRow { subject: s.to_string(), cell: *cell, tutor, center, radius_km })
        })
        .collect()
}

/// Stores rows (skipping any already there), in key order and in slices that stay under
/// SQLite's bound-parameter limit.
pub fn insert_rows(c: &mut DbConnection, rows: &mut [IndexRow]) -> QueryResult<()> {
    rows.sort_by(|a, b| {
        (&a.subject, a.cell, a.center.lat, a.tutor)
            .partial_cmp(&(&b.subject, b.cell, b.center.lat, b.tutor))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    for chunk in rows.chunks(5_000) {
        let values: Vec<_> = chunk
            .iter()
            .map(|r| {
                (
                    tsi::subject_id.eq(&r.subject),
                    tsi::cell.eq(r.cell),
                    tsi::tutor_id.eq(r.tutor),
                    tsi::lat.eq(r.center.lat),
                    tsi::lng.eq(r.center.lng),
                    tsi::radius_km.eq(r.radius_km),
                )
            })
            .collect();
        // Multi-row inserts are backend-specific in diesel: run them on the inner connection.
        match c {
            DbConnection::Sqlite(c) => {
                diesel::insert_into(tsi::table).values(&values).on_conflict_do_nothing().execute(c)
            }
            DbConnection::Pg(c) => diesel::insert_into(tsi::table).values(&values).on_conflict_do_nothing().execute(c),
        }?;
    }
    Ok(())
}

/// Rewrites one tutor's rows (inside the transaction that saves the area).
pub(crate) fn index(c: &mut DbConnection, area: &TutorArea) -> QueryResult<()> {
    diesel::delete(tsi::table.filter(tsi::tutor_id.eq(area.tutor.0))).execute(c)?;
    insert_rows(c, &mut rows_of(area.tutor.0, area.center, area.radius_km, &area.subject_ids()))
}

/// Areas indexed per transaction at start-up.
const BATCH: i64 = 500;

type AreaKey = (i64, f64, f64, f64, String);

impl TuitionService {
    /// Indexes every teaching area (already mapped onto the vocabulary) that has no rows in
    /// `tutor_search_index` yet: the areas saved before the table existed. Returns how many
    /// it indexed (none on a second run). Run at start-up, after the vocabulary's fill-in
    /// (which calls it). Safe with several processes starting at once and with a tutor
    /// saving meanwhile: each area is claimed by an update guarded by the values read, and
    /// checked again for rows, in the transaction that writes them.
    #[tracing::instrument(skip_all)]
    pub fn backfill_search_index(&self) -> Result<usize, TuitionError> {
        use diesel::dsl::{exists, not};
        let mut done = 0;
        let mut after = 0i64;
        loop {
            let (seen, changed, last) = self.db.write(|c| -> Result<(usize, usize, i64), TuitionError> {
                let rows: Vec<AreaKey> = ta::table
                    .filter(ta::tutor_id.gt(after).and(ta::vocabulary_mapped.eq(true)))
                    .filter(not(exists(tsi::table.filter(tsi::tutor_id.eq(ta::tutor_id)))))
                    .order(ta::tutor_id)
                    .limit(BATCH)
                    .select((ta::tutor_id, ta::lat, ta::lng, ta::radius_km, ta::subjects))
                    .load(c)?;
                let mut changed = 0;
                let mut index_rows = Vec::new();
                for (tutor, lat, lng, radius_km, subjects) in &rows {
                    // Claims the row as read (a tutor's save meanwhile makes this a no-op).
                    let claimed = diesel::update(
                        ta::table.filter(
                            ta::tutor_id
                                .eq(*tutor)
                                .and(ta::lat.eq(*lat))
                                .and(ta::lng.eq(*lng))
                                .and(ta::radius_km.eq(*radius_km))
                                .and(ta::subjects.eq(subjects))
                                .and(ta::vocabulary_mapped.eq(true)),
                        ),
                    )
                    .set(ta::vocabulary_mapped.eq(true))
                    .execute(c)?;
                    let present: bool =
                        diesel::select(exists(tsi::table.filter(tsi::tutor_id.eq(*tutor)))).get_result(c)?;
                    if claimed == 0 || present {
                        continue;
                    }
                    changed += 1;
                    let ids = TutorArea::known_subject_ids(&parse_choices(Facet::Subject, subjects));
                    index_rows.extend(rows_of(*tutor, Point { lat: *lat, lng: *lng }, *radius_km, &ids));
                }
                insert_rows(c, &mut index_rows)?;
                Ok((rows.len(), changed, rows.last().map_or(after, |r| r.0)))
            })?;
            done += changed;
            after = last;
            if seen < BATCH as usize {
                break;
            }
        }
        Ok(done)
    }
}
