//! Nearest-first search over the grid cells of crates/geo: cells are read in order
//! of their distance bound, and the walk stops once the `limit` nearest matches
//! are known to be found. The cost follows the number of results wanted, not the
//! number of requests in the city.
//!
//! Everything here reads the *approximate* point and its cell (see
//! [`crate::location`]); the exact point never takes part in a tutor's search.
//! Rows whose approximate point is not filled in yet are never found.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{FieldError, Message};
use hometutor_db::id_list::one_of;
use hometutor_db::schema::tuition_requests as tr;
use hometutor_db::DbConnection;
use hometutor_geo::{cells_by_distance, distance_km, Point};
use hometutor_vocabulary::{self as vocabulary, Choice, Facet, OTHER};

use crate::area::TutorArea;
use crate::model::stored_choice;
use crate::open::open_to_tutors;
use crate::NearbyQuery;

/// A subject or class filter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Filter {
    /// Requests with this vocabulary id ('class-1' never matches 'class-10').
    Id(&'static str),
    /// 'Other' requests whose text contains this (lowercased) part.
    OtherText(String),
}

impl Filter {
    /// Text as tutors typed it before ids: a term's id when it names one, else a part of an 'other' text.
    pub fn from_text(facet: Facet, text: &str) -> Option<Self> {
        Some(match Choice::from_text(facet, text)? {
            Choice::Known(t) => Filter::Id(t.id),
            Choice::Other(text) => Filter::OtherText(text.to_lowercase()),
        })
    }

    fn matches(&self, id: Option<&str>, text: &str) -> bool {
        match self {
            Filter::Id(wanted) => id == Some(*wanted),
            Filter::OtherText(part) => id == Some(OTHER) && text.to_lowercase().contains(part.as_str()),
        }
    }
}

/// A tutor's own subjects and classes (from their teaching area) as a filter; an empty list
/// means any. A request matches as it alerts the tutor ([`TutorArea::teaches`]): by id, and an
/// 'other' entry by the same words.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Own {
    pub subjects: Vec<Choice>,
    pub classes: Vec<Choice>,
}

impl Own {
    /// The area's subjects and classes; `None` when it names neither (the filter would keep everything).
    pub fn of(area: &TutorArea) -> Option<Self> {
        (!area.subjects.is_empty() || !area.classes.is_empty())
            .then(|| Own { subjects: area.subjects.clone(), classes: area.classes.clone() })
    }

    pub fn matches(&self, subject_id: Option<&str>, subject: &str, class_id: Option<&str>, class_level: &str) -> bool {
        fn any(list: &[Choice], facet: Facet, id: Option<&str>, text: &str) -> bool {
            list.is_empty() || stored_choice(facet, id, text).is_some_and(|v| list.iter().any(|c| c.matches(&v)))
        }
        any(&self.subjects, Facet::Subject, subject_id, subject)
            && any(&self.classes, Facet::Class, class_id, class_level)
    }

    /// The stored ids a list may match (its ids, and 'other' for its own words); `None`: any.
    fn ids(list: &[Choice]) -> Option<Vec<String>> {
        (!list.is_empty()).then(|| list.iter().map(|c| c.id().to_string()).collect())
    }
}

/// What to look for.
#[derive(Debug, Clone)]
pub struct Search {
    pub center: Point,
    pub radius_km: f64,
    pub subject: Option<Filter>,
    pub class_level: Option<Filter>,
    /// A board id: requests with this board or none said.
    pub board: Option<&'static str>,
    /// A mode id.
    pub mode: Option<&'static str>,
    /// The tutor's own subjects and classes, when the search keeps to them.
    pub own: Option<Own>,
    pub limit: usize,
}

/// One row as the filters see it: subject id and text, class id and text, board, mode.
type FilterRow<'a> = (Option<&'a str>, &'a str, Option<&'a str>, &'a str, Option<&'a str>, &'a str);

impl Search {
    /// Whether a row matches the subject filter, the class filter, and the board and mode filters
    /// (the own filter is not asked): what the counts of each choice read.
    pub(crate) fn parts(
        &self,
        (subject_id, subject, class_id, class_level, board, mode): FilterRow<'_>,
    ) -> (bool, bool, bool) {
        (
            self.subject.as_ref().is_none_or(|f| f.matches(subject_id, subject)),
            self.class_level.as_ref().is_none_or(|f| f.matches(class_id, class_level)),
            self.board.is_none_or(|b| board.is_none_or(|rb| rb == b)) && self.mode.is_none_or(|m| m == mode),
        )
    }

    fn matches(&self, (subject_id, subject, class_id, class_level, board, mode): FilterRow<'_>) -> bool {
        self.subject.as_ref().is_none_or(|f| f.matches(subject_id, subject))
            && self.class_level.as_ref().is_none_or(|f| f.matches(class_id, class_level))
            && self.board.is_none_or(|b| board.is_none_or(|rb| rb == b))
            && self.mode.is_none_or(|m| m == mode)
            && self.own.as_ref().is_none_or(|own| own.matches(subject_id, subject, class_id, class_level))
    }

    /// Takes a tutor's filters: ids (an unknown one is a field error) or, without an id,
    /// the old text params mapped like [`Filter::from_text`].
    pub fn with_filters(mut self, query: &NearbyQuery) -> Result<Self, Vec<FieldError>> {
        let mut errors = Vec::new();
        let mut id = |facet: Facet, field: &'static str, noun: &str, value: &Option<String>| {
            let value = value.as_deref().map(str::trim).filter(|v| !v.is_empty())?;
            let found = vocabulary::find(facet, value);
            if found.is_none() {
                errors.push(FieldError::text(
                    field,
                    Message::new("validation-unknown-id").arg("noun", hometutor_core::noun(noun)).arg("value", value),
                ));
            }
            found.map(|t| t.id)
        };
        let subject_id = id(Facet::Subject, "subjectId", "subject", &query.subject_id);
        let class_id = id(Facet::Class, "classId", "class", &query.class_id);
        self.board = id(Facet::Board, "board", "board", &query.board);
        self.mode = id(Facet::Mode, "mode", "mode", &query.mode);
        self.subject = subject_id
            .map(Filter::Id)
            .or_else(|| query.subject.as_deref().and_then(|t| Filter::from_text(Facet::Subject, t)));
        self.class_level = class_id
            .map(Filter::Id)
            .or_else(|| query.class_level.as_deref().and_then(|t| Filter::from_text(Facet::Class, t)));
        if errors.is_empty() {
            Ok(self)
        } else {
            Err(errors)
        }
    }

    /// `%needle%` for SQL LIKE, with the needle's own wildcards escaped.
    fn pattern(needle: &str) -> String {
        let escaped = needle.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
        format!("%{escaped}%")
    }

    /// A search with text filters mapped by [`Filter::from_text`] (empty means none).
    pub fn new(center: Point, radius_km: f64, subject: Option<&str>, class_level: Option<&str>, limit: usize) -> Self {
        Self {
            center,
            radius_km,
            subject: subject.and_then(|t| Filter::from_text(Facet::Subject, t)),
            class_level: class_level.and_then(|t| Filter::from_text(Facet::Class, t)),
            board: None,
            mode: None,
            own: None,
            limit,
        }
    }
}

/// (distance, id), ordered so the heap's top is the farthest kept match.
#[derive(PartialEq)]
struct Found(f64, i64);

impl Eq for Found {}

impl PartialOrd for Found {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Found {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0).then(self.1.cmp(&other.1))
    }
}

/// Cells read by the first query; each later query reads twice as many (up to the
/// maximum), so a dense city stops after a few cells and a sparse area needs few round trips.
/// The maximum bounds the round trips of a search over every cell of its circle (an empty
/// region, or a point near a pole, where the circle spans every longitude: some 40,000 cells
/// took ~600 queries at 64 and over 10 s on a loaded machine; at 1,024 they take ~50). Powers of two
/// up to the longest list `one_of` writes out: each batch is one of a few kept statements.
const FIRST_BATCH: usize = 4;
const MAX_BATCH: usize = hometutor_db::id_list::MAX_LISTED;

type CandidateRow =
    (i64, Option<f64>, Option<f64>, Option<String>, String, Option<String>, String, Option<String>, String);

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// The open requests of some cells (ids of `cells_by_distance`) that match a search's filters,
/// selecting `$select`: the filters run in the database, on the covering index.
macro_rules! in_cells {
    ($c:expr, $search:expr, $batch:expr, $select:expr) => {{
        let search: &Search = $search;
        let mut query = tr::table
            .filter(one_of($c, tr::approx_cell.assume_not_null(), $batch).and(open_to_tutors()))
            .select($select)
            .into_boxed();
        match &search.subject {
            None => {}
            Some(Filter::Id(id)) => query = query.filter(tr::subject_id.eq(*id)),
            Some(Filter::OtherText(part)) => {
                query = query
                    .filter(tr::subject_id.eq(OTHER))
                    .filter(lower(tr::subject).like(Search::pattern(part)).escape('\\'))
            }
        }
        match &search.class_level {
            None => {}
            Some(Filter::Id(id)) => query = query.filter(tr::class_id.eq(*id)),
            Some(Filter::OtherText(part)) => {
                query = query
                    .filter(tr::class_id.eq(OTHER))
                    .filter(lower(tr::class_level).like(Search::pattern(part)).escape('\\'))
            }
        }
        if let Some(board) = search.board {
            query = query.filter(tr::board.eq(board).or(tr::board.is_null()));
        }
        if let Some(mode) = search.mode {
            query = query.filter(tr::mode.eq(mode));
        }
        // The tutor's own subjects and classes: their ids here, any 'other' words once read.
        if let Some(ids) = search.own.as_ref().and_then(|own| Own::ids(&own.subjects)) {
            query = query.filter(tr::subject_id.eq_any(ids));
        }
        if let Some(ids) = search.own.as_ref().and_then(|own| Own::ids(&own.classes)) {
            query = query.filter(tr::class_id.eq_any(ids));
        }
        query
    }};
}

/// (id, lat, lng, then subject id and text, class id and text, as [`Own::matches`] reads them).
type CellRow = (i64, Option<f64>, Option<f64>, Option<String>, String, Option<String>, String);

/// The point of a row read by [`in_cells`], if it matches the search's own filter.
fn own_point(search: &Search, (_, lat, lng, subject_id, subject, class_id, class_level): &CellRow) -> Option<Point> {
    let own = search.own.as_ref().is_none_or(|own| {
        own.matches(subject_id.as_deref(), subject, class_id.as_deref(), class_level)
    });
    own.then_some(Point { lat: (*lat)?, lng: (*lng)? })
}

type CellColumns = (tr::id, tr::approx_lat, tr::approx_lng, tr::subject_id, tr::subject, tr::class_id, tr::class_level);

const CELL_COLUMNS: CellColumns =
    (tr::id, tr::approx_lat, tr::approx_lng, tr::subject_id, tr::subject, tr::class_id, tr::class_level);

/// The `limit` nearest requests open to tutors ([`crate::open`]) whose approximate point is within
/// the radius and that match the filters, as (id, distance in km to the approximate
/// point), nearest first, ties by id.
pub fn nearest(c: &mut DbConnection, search: &Search) -> QueryResult<Vec<(i64, f64)>> {
    let cells = cells_by_distance(search.center, search.radius_km);
    let mut kept: BinaryHeap<Found> = BinaryHeap::with_capacity(search.limit + 1);
    let (mut next, mut size) = (0, FIRST_BATCH);
    while next < cells.len() {
        if kept.len() >= search.limit && kept.peek().is_some_and(|far| cells[next].1 > far.0) {
            break;
        }
        let batch: Vec<i64> = cells[next..cells.len().min(next + size)].iter().map(|(cell, _)| *cell).collect();
        next += batch.len();
        size = (size * 2).min(MAX_BATCH);
        // Only (id, lat, lng) and the columns of the own filter come back, all from the index.
        let rows: Vec<CellRow> = in_cells!(c, search, &batch, CELL_COLUMNS).load(c)?;
        for row in rows {
            let Some(point) = own_point(search, &row) else { continue };
            let d = distance_km(search.center, point);
            if d <= search.radius_km {
                kept.push(Found(d, row.0));
                if kept.len() > search.limit {
                    kept.pop();
                }
            }
        }
    }
    Ok(kept.into_sorted_vec().into_iter().map(|Found(d, id)| (id, d)).collect())
}

/// The `limit` newest requests open to tutors within the radius that match the filters, as
/// (id, distance in km), newest first (ties: the higher id). Reads every cell of the circle.
pub fn newest(c: &mut DbConnection, search: &Search) -> QueryResult<Vec<(i64, f64)>> {
    let cells: Vec<i64> =
        cells_by_distance(search.center, search.radius_km).into_iter().map(|(cell, _)| cell).collect();
    // (created, id) ordered so the heap's top is the oldest kept.
    let mut kept: BinaryHeap<std::cmp::Reverse<(NaiveDateTime, i64, OrderedKm)>> =
        BinaryHeap::with_capacity(search.limit + 1);
    for batch in cells.chunks(MAX_BATCH) {
        let rows: Vec<(CellRow, NaiveDateTime)> =
            in_cells!(c, search, batch, (CELL_COLUMNS, tr::created_at)).load(c)?;
        for (row, created) in rows {
            let Some(point) = own_point(search, &row) else { continue };
            let d = distance_km(search.center, point);
            if d <= search.radius_km {
                kept.push(std::cmp::Reverse((created, row.0, OrderedKm(d))));
                if kept.len() > search.limit {
                    kept.pop();
                }
            }
        }
    }
    Ok(kept.into_sorted_vec().into_iter().map(|std::cmp::Reverse((_, id, OrderedKm(d)))| (id, d)).collect())
}

/// A distance carried beside a heap's key (never compared: ids are unique).
#[derive(PartialEq)]
struct OrderedKm(f64);

impl Eq for OrderedKm {}

impl PartialOrd for OrderedKm {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for OrderedKm {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// The same answer by reading every row: the baseline the benchmark and tests compare with.
pub fn nearest_by_full_scan(c: &mut DbConnection, search: &Search) -> QueryResult<Vec<(i64, f64)>> {
    let rows: Vec<CandidateRow> = tr::table
        .filter(open_to_tutors())
        .select((
            tr::id,
            tr::approx_lat,
            tr::approx_lng,
            tr::subject_id,
            tr::subject,
            tr::class_id,
            tr::class_level,
            tr::board,
            tr::mode,
        ))
        .load(c)?;
    let mut all: Vec<Found> = rows
        .into_iter()
        .filter(|(_, _, _, subject_id, subject, class_id, class_level, board, mode)| {
            search.matches((
                subject_id.as_deref(),
                subject.as_str(),
                class_id.as_deref(),
                class_level.as_str(),
                board.as_deref(),
                mode.as_str(),
            ))
        })
        .filter_map(|(id, lat, lng, ..)| Some((id, distance_km(search.center, Point { lat: lat?, lng: lng? }))))
        .filter(|(_, d)| *d <= search.radius_km)
        .map(|(id, d)| Found(d, id))
        .collect();
    all.sort();
    all.truncate(search.limit);
    Ok(all.into_iter().map(|Found(d, id)| (id, d)).collect())
}
