//! A tutor's teaching area: where they teach (a centre), how far they travel (2–25 km)
//! and what they teach (subjects and classes; an empty list means any). This module owns
//! `tutor_areas`, one row per tutor; saving an area also rewrites its cells in the
//! reverse index ([`crate::coverage`]) in the same transaction, so the index never
//! describes an area that is not the saved one.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{single_line, FieldError, Role, UserId};
use hometutor_db::schema::tutor_areas as ta;
use hometutor_db::{now, DbConnection};
use hometutor_geo::{distance_km, Point};

use crate::service::shown_distance;
use crate::{coverage, TuitionError, TuitionService, MAX_FIELD_CHARS, MAX_RADIUS_KM, MIN_RADIUS_KM};

/// A tutor lists at most this many subjects, and as many classes.
pub const MAX_AREA_ITEMS: usize = 20;

/// What a tutor sends; validated by [`AreaInput::validate`].
#[derive(Debug, Clone, Default)]
pub struct AreaInput {
    /// `[longitude, latitude]`, as on the map.
    pub location: Option<[f64; 2]>,
    pub radius_km: Option<f64>,
    pub subjects: Vec<String>,
    pub classes: Vec<String>,
}

/// A saved teaching area.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorArea {
    pub tutor: UserId,
    pub center: Point,
    pub radius_km: f64,
    /// Trimmed, without case-insensitive duplicates, in the order given; empty means any.
    pub subjects: Vec<String>,
    pub classes: Vec<String>,
    pub updated_at: NaiveDateTime,
}

impl TutorArea {
    /// Whether a request at `point` (its approximate point) is inside the area. The
    /// distance compared is the one the tutor is shown (to 0.1 km), as in the nearby
    /// search: a request this says is inside is listed by a search from the area's
    /// centre with its radius, and the other way round.
    pub fn covers(&self, point: Point) -> bool {
        shown_distance(distance_km(self.center, point)) <= self.radius_km
    }

    /// Whether a request's subject and class are among what the tutor teaches.
    /// Case-insensitive; an empty list matches anything; otherwise one of the tutor's
    /// entries must contain the request's text or be contained in it ("Maths" matches
    /// "Maths and Science"; "Physics" matches "physics"). Deliberately simple: "Class 1"
    /// also matches "Class 10", an alert too many rather than one missed.
    pub fn teaches(&self, subject: &str, class_level: &str) -> bool {
        fn any(list: &[String], value: &str) -> bool {
            let value = value.trim().to_lowercase();
            list.is_empty()
                || list
                    .iter()
                    .map(|item| item.to_lowercase())
                    .any(|item| item.contains(&value) || value.contains(&item))
        }
        any(&self.subjects, subject) && any(&self.classes, class_level)
    }
}

/// A validated area, ready to store.
pub(crate) struct ValidArea {
    pub center: Point,
    pub radius_km: f64,
    pub subjects: Vec<String>,
    pub classes: Vec<String>,
}

impl AreaInput {
    /// Every field's errors at once, each under the field's JSON name.
    pub(crate) fn validate(&self) -> Result<ValidArea, Vec<FieldError>> {
        let mut errors = Vec::new();
        let center = match self.location {
            None => {
                errors.push(FieldError::new("location", "Please select where you teach on the map."));
                None
            }
            Some([lng, lat]) => {
                let point = Point::new(lat, lng);
                if point.is_none() {
                    errors.push(FieldError::new(
                        "location",
                        "The location must be a real place: longitude -180 to 180, latitude -90 to 90.",
                    ));
                }
                point
            }
        };
        let radius_km = self.radius_km.filter(|r| (MIN_RADIUS_KM..=MAX_RADIUS_KM).contains(r));
        if radius_km.is_none() {
            errors.push(FieldError::new("radiusKm", "The distance must be between 2 and 25 km."));
        }
        let subjects = list("subjects", "subject", &self.subjects, &mut errors);
        let classes = list("classes", "class", &self.classes, &mut errors);
        match (center, radius_km) {
            (Some(center), Some(radius_km)) if errors.is_empty() => {
                Ok(ValidArea { center, radius_km, subjects, classes })
            }
            _ => Err(errors),
        }
    }
}

/// Trims each entry, refuses blank, over-long or multi-line ones and more than
/// [`MAX_AREA_ITEMS`], and drops case-insensitive repeats (the first spelling stays).
fn list(field: &'static str, noun: &str, items: &[String], errors: &mut Vec<FieldError>) -> Vec<String> {
    if items.len() > MAX_AREA_ITEMS {
        errors.push(FieldError::new(field, format!("At most {MAX_AREA_ITEMS} entries, please.")));
        return Vec::new();
    }
    let mut kept: Vec<String> = Vec::new();
    for item in items {
        let value = match single_line(field, &format!("Each {noun}"), item) {
            Ok(value) => value,
            Err(e) => {
                errors.push(e);
                return Vec::new();
            }
        };
        let chars = value.chars().count();
        if chars == 0 || chars > MAX_FIELD_CHARS {
            errors.push(FieldError::new(field, format!("Each {noun} must be 1 to {MAX_FIELD_CHARS} characters.")));
            return Vec::new();
        }
        if !kept.iter().any(|k| k.to_lowercase() == value.to_lowercase()) {
            kept.push(value);
        }
    }
    kept
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = ta)]
pub(crate) struct AreaRow {
    tutor_id: i64,
    lat: f64,
    lng: f64,
    radius_km: f64,
    subjects: String,
    classes: String,
    updated_at: NaiveDateTime,
}

impl From<AreaRow> for TutorArea {
    fn from(r: AreaRow) -> Self {
        // Written by `save` alone, always a JSON array of strings; anything else reads as "any".
        let parse = |raw: &str| serde_json::from_str::<Vec<String>>(raw).unwrap_or_default();
        TutorArea {
            tutor: UserId(r.tutor_id),
            center: Point { lat: r.lat, lng: r.lng },
            radius_km: r.radius_km,
            subjects: parse(&r.subjects),
            classes: parse(&r.classes),
            updated_at: r.updated_at,
        }
    }
}

/// The tutor's saved area, if any.
pub fn load(c: &mut DbConnection, tutor: UserId) -> QueryResult<Option<TutorArea>> {
    let row: Option<AreaRow> = ta::table.find(tutor.0).select(AreaRow::as_select()).first(c).optional()?;
    Ok(row.map(Into::into))
}

/// Every saved area: the full scan the reverse index is measured and tested against.
pub(crate) fn load_all(c: &mut DbConnection) -> QueryResult<Vec<TutorArea>> {
    let rows: Vec<AreaRow> = ta::table.select(AreaRow::as_select()).load(c)?;
    Ok(rows.into_iter().map(Into::into).collect())
}

/// Replaces the tutor's area and its cells (call inside a transaction).
pub(crate) fn save(c: &mut DbConnection, tutor: UserId, area: &ValidArea) -> QueryResult<TutorArea> {
    let at = now();
    let json = |items: &[String]| serde_json::to_string(items).unwrap_or_else(|_| "[]".into());
    diesel::delete(ta::table.find(tutor.0)).execute(c)?;
    diesel::insert_into(ta::table)
        .values((
            ta::tutor_id.eq(tutor.0),
            ta::lat.eq(area.center.lat),
            ta::lng.eq(area.center.lng),
            ta::radius_km.eq(area.radius_km),
            ta::subjects.eq(json(&area.subjects)),
            ta::classes.eq(json(&area.classes)),
            ta::updated_at.eq(at),
        ))
        .execute(c)?;
    coverage::index(c, tutor, area.center, area.radius_km)?;
    Ok(TutorArea {
        tutor,
        center: area.center,
        radius_km: area.radius_km,
        subjects: area.subjects.clone(),
        classes: area.classes.clone(),
        updated_at: at,
    })
}

/// Stores many tutors' first areas at once, with their cells: seeding and the benchmark
/// (`crates/area-bench`). Every tutor must be without an area yet; the first invalid
/// input refuses the lot. Call inside a transaction.
pub fn insert_many(c: &mut DbConnection, areas: &[(UserId, AreaInput)]) -> Result<usize, TuitionError> {
    let at = now();
    let mut rows = Vec::with_capacity(areas.len());
    let mut cells = Vec::new();
    for (tutor, input) in areas {
        let valid = input.validate().map_err(TuitionError::Validation)?;
        let json = |items: &[String]| serde_json::to_string(items).unwrap_or_else(|_| "[]".into());
        rows.push((
            ta::tutor_id.eq(tutor.0),
            ta::lat.eq(valid.center.lat),
            ta::lng.eq(valid.center.lng),
            ta::radius_km.eq(valid.radius_km),
            ta::subjects.eq(json(&valid.subjects)),
            ta::classes.eq(json(&valid.classes)),
            ta::updated_at.eq(at),
        ));
        cells.extend(coverage::cells_of(valid.center, valid.radius_km).into_iter().map(|cell| (cell, tutor.0)));
    }
    // Multi-row inserts are backend-specific in diesel; slices stay under SQLite's bound-parameter limit.
    for chunk in rows.chunks(1_000) {
        match c {
            DbConnection::Sqlite(c) => diesel::insert_into(ta::table).values(chunk).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(ta::table).values(chunk).execute(c),
        }?;
    }
    coverage::insert_cells(c, &cells)?;
    Ok(rows.len())
}

impl TuitionService {
    /// The calling tutor's saved teaching area (others: [`TuitionError::NotATutorArea`]).
    #[tracing::instrument(skip_all, fields(tutor = tutor.0))]
    pub fn area(&self, tutor: UserId, role: Role) -> Result<TutorArea, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutorArea);
        }
        self.db.read(|c| load(c, tutor)?.ok_or(TuitionError::AreaNotSet))
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
