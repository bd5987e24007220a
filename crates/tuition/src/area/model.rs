//! A teaching area as a value: what a tutor may save, how it is checked, what it covers and
//! teaches, and how it is read back.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{noun as noun_arg, single_line, FieldError, Message, UserId};
use hometutor_db::schema::tutor_areas as ta;
use hometutor_db::DbConnection;
use hometutor_geo::{distance_km, Point, SnapGrid};
use hometutor_vocabulary::{self as vocabulary, Choice, Facet, Term};

use crate::service::shown_distance;
use crate::{MAX_FIELD_CHARS, MAX_RADIUS_KM, MIN_RADIUS_KM, TEACHING_AREA_CELL_KM};

/// A tutor lists at most this many subjects, and as many classes.
pub const MAX_AREA_ITEMS: usize = 20;

/// What a tutor sends; validated by [`AreaInput::validate`].
#[derive(Debug, Clone, Default)]
pub struct AreaInput {
    /// `[longitude, latitude]`, as on the map.
    pub location: Option<[f64; 2]>,
    pub radius_km: Option<f64>,
    /// Each a vocabulary id or free text (mapped by [`vocabulary::resolve`], else kept as other).
    pub subjects: Vec<String>,
    pub classes: Vec<String>,
    /// Board and mode ids (a label or synonym is accepted too); anything else is a field error.
    pub boards: Vec<String>,
    pub modes: Vec<String>,
}

/// A saved teaching area.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorArea {
    pub tutor: UserId,
    pub center: Point,
    pub radius_km: f64,
    /// Without duplicates, in the order given; empty means any.
    pub subjects: Vec<Choice>,
    pub classes: Vec<Choice>,
    pub boards: Vec<&'static Term>,
    pub modes: Vec<&'static Term>,
    pub updated_at: NaiveDateTime,
}

/// Where everyone but the tutor finds a teaching area's centre: the centre of its cell in a
/// grid of [`TEACHING_AREA_CELL_KM`] cells. Tutor search, its distances, recommendations and
/// the profile's place name read this point only, so however many searches are made, no
/// answer tells two centres of one cell apart. The grid is fixed (no secret): what hides a
/// centre is that the answers depend on its cell alone.
pub fn shown_center(center: Point) -> Point {
    SnapGrid::new(TEACHING_AREA_CELL_KM, 0.0, 0.0).snap(center)
}

/// The cell of teaching-area centres `center` is in (see [`shown_center`]).
pub fn shown_cell(center: Point) -> hometutor_geo::SnapCell {
    SnapGrid::new(TEACHING_AREA_CELL_KM, 0.0, 0.0).cell(center)
}

/// What a request is for, as an area is matched against it.
#[derive(Debug, Clone)]
pub struct Wanted<'a> {
    pub subject: Option<&'a Choice>,
    pub class: Option<&'a Choice>,
    /// `None`: the parent did not say (any area's boards match).
    pub board: Option<&'a str>,
    pub mode: &'a str,
}

impl TutorArea {
    /// Whether a request at `point` (its approximate point) is inside the area. The
    /// distance compared is the one the tutor is shown (to 0.1 km), as in the nearby
    /// search: a request this says is inside is listed by a search from the area's
    /// centre with its radius, and the other way round.
    pub fn covers(&self, point: Point) -> bool {
        shown_distance(distance_km(self.center, point)) <= self.radius_km
    }

    /// Whether a request is among what the tutor teaches, by vocabulary id: its subject
    /// is one of the area's (or the area lists none), the same for its class; its board is
    /// one of the area's, or the area lists none, or the request names none; its mode is
    /// one of the area's (or none listed). 'Other' entries match the same words
    /// ([`Choice::matches`]). 'Class 1' never matches 'Class 10'.
    pub fn teaches(&self, wanted: &Wanted<'_>) -> bool {
        fn any(list: &[Choice], value: Option<&Choice>) -> bool {
            list.is_empty() || value.is_some_and(|v| list.iter().any(|item| item.matches(v)))
        }
        any(&self.subjects, wanted.subject)
            && any(&self.classes, wanted.class)
            && (self.boards.is_empty() || wanted.board.is_none_or(|b| self.boards.iter().any(|t| t.id == b)))
            && (self.modes.is_empty() || self.modes.iter().any(|t| t.id == wanted.mode))
    }

    /// The vocabulary subject ids of the area (its keys in `tutor_search_index`).
    pub fn subject_ids(&self) -> Vec<&'static str> {
        known_ids(&self.subjects)
    }

    /// The vocabulary ids among a list of choices.
    pub(crate) fn known_subject_ids(list: &[Choice]) -> Vec<&'static str> {
        known_ids(list)
    }
}

pub(crate) fn known_ids(list: &[Choice]) -> Vec<&'static str> {
    list.iter()
        .filter_map(|c| match c {
            Choice::Known(t) => Some(t.id),
            Choice::Other(_) => None,
        })
        .collect()
}

/// A validated area, ready to store.
pub(crate) struct ValidArea {
    pub center: Point,
    pub radius_km: f64,
    pub subjects: Vec<Choice>,
    pub classes: Vec<Choice>,
    pub boards: Vec<&'static Term>,
    pub modes: Vec<&'static Term>,
}

impl AreaInput {
    /// Every field's errors at once, each under the field's JSON name.
    pub(crate) fn validate(&self) -> Result<ValidArea, Vec<FieldError>> {
        let mut errors = Vec::new();
        let center = match self.location {
            None => {
                errors.push(FieldError::text("location", Message::new("validation-area-location")));
                None
            }
            Some([lng, lat]) => {
                let point = Point::new(lat, lng);
                if point.is_none() {
                    errors.push(FieldError::text("location", Message::new("validation-location-real")));
                }
                point
            }
        };
        let radius_km = self.radius_km.filter(|r| (MIN_RADIUS_KM..=MAX_RADIUS_KM).contains(r));
        if radius_km.is_none() {
            errors.push(FieldError::text("radiusKm", crate::radius_message()));
        }
        let subjects = choices(Facet::Subject, "subjects", "subject", &self.subjects, &mut errors);
        let classes = choices(Facet::Class, "classes", "class", &self.classes, &mut errors);
        let boards = terms(Facet::Board, "boards", "board", &self.boards, &mut errors);
        let modes = terms(Facet::Mode, "modes", "mode", &self.modes, &mut errors);
        match (center, radius_km) {
            (Some(center), Some(radius_km)) if errors.is_empty() => {
                Ok(ValidArea { center, radius_km, subjects, classes, boards, modes })
            }
            _ => Err(errors),
        }
    }
}

/// Trims each entry, refuses blank, over-long or multi-line ones and more than
/// [`MAX_AREA_ITEMS`], and drops case-insensitive repeats (the first spelling stays).
fn list(field: &'static str, noun: &str, items: &[String], errors: &mut Vec<FieldError>) -> Vec<String> {
    if items.len() > MAX_AREA_ITEMS {
        errors.push(FieldError::text(field, Message::new("validation-entries-max").arg("max", MAX_AREA_ITEMS)));
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
            let message =
                Message::new("validation-each-length").arg("noun", noun_arg(noun)).arg("max", MAX_FIELD_CHARS);
            errors.push(FieldError::text(field, message));
            return Vec::new();
        }
        if !kept.iter().any(|k| k.to_lowercase() == value.to_lowercase()) {
            kept.push(value);
        }
    }
    kept
}

/// Subjects or classes: each entry an id, `other:<text>` or free text mapped onto the
/// vocabulary (else kept as other); repeats (the same id, or the same other words) dropped.
fn choices(
    facet: Facet,
    field: &'static str,
    noun: &str,
    items: &[String],
    errors: &mut Vec<FieldError>,
) -> Vec<Choice> {
    let mut kept: Vec<Choice> = Vec::new();
    for item in list(field, noun, items, errors) {
        if let Some(choice) = Choice::from_list_entry(facet, &item) {
            if !kept.iter().any(|k| k.matches(&choice)) {
                kept.push(choice);
            }
        }
    }
    kept
}

/// Boards or modes: each a vocabulary id (or its label or synonym); anything else is refused.
fn terms(
    facet: Facet,
    field: &'static str,
    noun: &str,
    items: &[String],
    errors: &mut Vec<FieldError>,
) -> Vec<&'static Term> {
    let mut kept: Vec<&'static Term> = Vec::new();
    for item in list(field, noun, items, errors) {
        match vocabulary::find(facet, &item).or_else(|| vocabulary::resolve(facet, &item)) {
            Some(t) => {
                if !kept.iter().any(|k| k.id == t.id) {
                    kept.push(t);
                }
            }
            None => {
                errors.push(FieldError::text(
                    field,
                    Message::new("validation-unknown-item").arg("noun", noun_arg(noun)).arg("item", item),
                ));
                return Vec::new();
            }
        }
    }
    kept
}

/// A stored list (JSON array) of subject or class entries ([`Choice::list_entry`]).
pub(crate) fn parse_choices(facet: Facet, raw: &str) -> Vec<Choice> {
    let mut kept: Vec<Choice> = Vec::new();
    for entry in serde_json::from_str::<Vec<String>>(raw).unwrap_or_default() {
        if let Some(choice) = Choice::from_list_entry(facet, &entry) {
            if !kept.iter().any(|k| k.matches(&choice)) {
                kept.push(choice);
            }
        }
    }
    kept
}

fn parse_terms(facet: Facet, raw: &str) -> Vec<&'static Term> {
    serde_json::from_str::<Vec<String>>(raw)
        .unwrap_or_default()
        .iter()
        .filter_map(|id| vocabulary::find(facet, id))
        .collect()
}

/// The stored form of a list of choices: a JSON array of [`Choice::list_entry`].
pub(crate) fn choices_json(list: &[Choice]) -> String {
    serde_json::to_string(&list.iter().map(Choice::list_entry).collect::<Vec<_>>()).unwrap_or_else(|_| "[]".into())
}

pub(crate) fn terms_json(list: &[&'static Term]) -> String {
    serde_json::to_string(&list.iter().map(|t| t.id).collect::<Vec<_>>()).unwrap_or_else(|_| "[]".into())
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
    boards: String,
    modes: String,
    updated_at: NaiveDateTime,
}

impl From<AreaRow> for TutorArea {
    fn from(r: AreaRow) -> Self {
        // JSON arrays of list entries (an area not yet mapped at start-up holds free text,
        // which reads mapped the same way); anything else reads as "any".
        TutorArea {
            tutor: UserId(r.tutor_id),
            center: Point { lat: r.lat, lng: r.lng },
            radius_km: r.radius_km,
            subjects: parse_choices(Facet::Subject, &r.subjects),
            classes: parse_choices(Facet::Class, &r.classes),
            boards: parse_terms(Facet::Board, &r.boards),
            modes: parse_terms(Facet::Mode, &r.modes),
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
