//! Saving a teaching area: its row, its cells in the reverse index and its rows of tutor
//! search's index, in one transaction.

use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::tutor_areas as ta;
use hometutor_db::{now, DbConnection};

use super::model::{choices_json, known_ids, load, terms_json, AreaInput, TutorArea, ValidArea};
use crate::{coverage, search_index, TuitionError, TuitionService};

/// Replaces the tutor's area, its cells and its subject rows (call inside a transaction).
pub(crate) fn save(c: &mut DbConnection, tutor: UserId, area: &ValidArea) -> QueryResult<TutorArea> {
    let at = now();
    diesel::delete(ta::table.find(tutor.0)).execute(c)?;
    diesel::insert_into(ta::table)
        .values((
            ta::tutor_id.eq(tutor.0),
            ta::lat.eq(area.center.lat),
            ta::lng.eq(area.center.lng),
            ta::radius_km.eq(area.radius_km),
            ta::subjects.eq(choices_json(&area.subjects)),
            ta::classes.eq(choices_json(&area.classes)),
            ta::boards.eq(terms_json(&area.boards)),
            ta::modes.eq(terms_json(&area.modes)),
            ta::vocabulary_mapped.eq(true),
            ta::updated_at.eq(at),
        ))
        .execute(c)?;
    coverage::index(c, tutor, area.center, area.radius_km)?;
    let saved = TutorArea {
        tutor,
        center: area.center,
        radius_km: area.radius_km,
        subjects: area.subjects.clone(),
        classes: area.classes.clone(),
        boards: area.boards.clone(),
        modes: area.modes.clone(),
        updated_at: at,
    };
    search_index::index(c, &saved)?;
    Ok(saved)
}

/// Stores many tutors' first areas at once, with their cells and search index rows: seeding,
/// the benchmarks (`crates/area-bench`, discovery's) and the discovery tests' seeding.
/// Every tutor must be without an area yet; the first invalid input refuses the lot. Call
/// inside a transaction.
pub fn insert_many(c: &mut DbConnection, areas: &[(UserId, AreaInput)]) -> Result<usize, TuitionError> {
    let at = now();
    let mut rows = Vec::with_capacity(areas.len());
    let mut cells = Vec::new();
    let mut index_rows = Vec::new();
    for (tutor, input) in areas {
        let valid = input.validate().map_err(TuitionError::Validation)?;
        rows.push((
            ta::tutor_id.eq(tutor.0),
            ta::lat.eq(valid.center.lat),
            ta::lng.eq(valid.center.lng),
            ta::radius_km.eq(valid.radius_km),
            ta::subjects.eq(choices_json(&valid.subjects)),
            ta::classes.eq(choices_json(&valid.classes)),
            ta::boards.eq(terms_json(&valid.boards)),
            ta::modes.eq(terms_json(&valid.modes)),
            ta::vocabulary_mapped.eq(true),
            ta::updated_at.eq(at),
        ));
        index_rows.extend(search_index::rows_of(tutor.0, valid.center, valid.radius_km, &known_ids(&valid.subjects)));
        cells.extend(coverage::cells_of(valid.center, valid.radius_km).into_iter().map(|cell| (cell, tutor.0)));
    }
    // Multi-row inserts are backend-specific in diesel; slices stay under SQLite's bound-parameter limit.
    for chunk in rows.chunks(500) {
        match c {
            DbConnection::Sqlite(c) => diesel::insert_into(ta::table).values(chunk).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(ta::table).values(chunk).execute(c),
        }?;
    }
    coverage::insert_cells(c, &cells)?;
    search_index::insert_rows(c, &mut index_rows)?;
    Ok(rows.len())
}

impl TuitionService {
    /// The calling tutor's saved teaching area, `None` before they save one (others:
    /// [`TuitionError::NotATutorArea`]).
    #[tracing::instrument(skip_all, fields(tutor = tutor.0))]
    pub fn area(&self, tutor: UserId, role: Role) -> Result<Option<TutorArea>, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutorArea);
        }
        self.db.read(|c| Ok::<_, TuitionError>(load(c, tutor)?))
    }

    /// Saves the calling tutor's teaching area in place of the one they had. Requests
    /// already posted inside it are not alerted: alerts are about new requests, and the
    /// nearby search (or its count) shows what is already there.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0))]
    pub fn save_area(&self, tutor: UserId, role: Role, input: &AreaInput) -> Result<TutorArea, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutorArea);
        }
        let valid = input.validate().map_err(TuitionError::Validation)?;
        self.db.write(|c| Ok(save(c, tutor, &valid)?))
    }
}
