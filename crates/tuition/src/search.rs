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

use diesel::prelude::*;
use hometutor_db::schema::tuition_requests as tr;
use hometutor_db::DbConnection;
use hometutor_geo::{cells_by_distance, distance_km, Point};

/// What to look for. Filters are case-insensitive substrings.
#[derive(Debug, Clone)]
pub struct Search {
    pub center: Point,
    pub radius_km: f64,
    pub subject: Option<String>,
    pub class_level: Option<String>,
    pub limit: usize,
}

impl Search {
    fn matches(&self, subject: &str, class_level: &str) -> bool {
        let has =
            |value: &str, wanted: &Option<String>| wanted.as_ref().is_none_or(|w| value.to_lowercase().contains(w));
        has(subject, &self.subject) && has(class_level, &self.class_level)
    }

    /// `%needle%` for SQL LIKE, with the needle's own wildcards escaped.
    fn pattern(needle: &str) -> String {
        let escaped = needle.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
        format!("%{escaped}%")
    }

    /// Normalises the filters (trimmed, lowercased, empty means none).
    pub fn new(center: Point, radius_km: f64, subject: Option<&str>, class_level: Option<&str>, limit: usize) -> Self {
        let norm = |s: Option<&str>| s.map(str::trim).filter(|s| !s.is_empty()).map(str::to_lowercase);
        Self { center, radius_km, subject: norm(subject), class_level: norm(class_level), limit }
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
/// took ~600 queries at 64 and over 10 s on a loaded machine; at 1,024 they take ~50).
const FIRST_BATCH: usize = 4;
const MAX_BATCH: usize = 1024;

type CandidateRow = (i64, Option<f64>, Option<f64>, String, String);

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// The `limit` nearest open (unflagged, not closed) requests whose approximate point is within
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
        // Filters run in the database, on the covering index; only (id, lat, lng) come back.
        let mut query = tr::table
            .filter(tr::approx_cell.eq_any(batch).and(tr::flagged.eq(false)).and(tr::closed_at.is_null()))
            .select((tr::id, tr::approx_lat, tr::approx_lng))
            .into_boxed();
        if let Some(subject) = &search.subject {
            query = query.filter(lower(tr::subject).like(Search::pattern(subject)).escape('\\'));
        }
        if let Some(class_level) = &search.class_level {
            query = query.filter(lower(tr::class_level).like(Search::pattern(class_level)).escape('\\'));
        }
        let rows: Vec<(i64, Option<f64>, Option<f64>)> = query.load(c)?;
        for (id, lat, lng) in rows {
            let (Some(lat), Some(lng)) = (lat, lng) else { continue };
            let d = distance_km(search.center, Point { lat, lng });
            if d <= search.radius_km {
                kept.push(Found(d, id));
                if kept.len() > search.limit {
                    kept.pop();
                }
            }
        }
    }
    Ok(kept.into_sorted_vec().into_iter().map(|Found(d, id)| (id, d)).collect())
}

/// The same answer by reading every row: the baseline the benchmark and tests compare with.
pub fn nearest_by_full_scan(c: &mut DbConnection, search: &Search) -> QueryResult<Vec<(i64, f64)>> {
    let rows: Vec<CandidateRow> = tr::table
        .filter(tr::flagged.eq(false).and(tr::closed_at.is_null()))
        .select((tr::id, tr::approx_lat, tr::approx_lng, tr::subject, tr::class_level))
        .load(c)?;
    let mut all: Vec<Found> = rows
        .into_iter()
        .filter_map(|(id, lat, lng, subject, class_level)| {
            Some((id, distance_km(search.center, Point { lat: lat?, lng: lng? }), subject, class_level))
        })
        .filter(|(_, d, subject, class_level)| *d <= search.radius_km && search.matches(subject, class_level))
        .map(|(id, d, _, _)| Found(d, id))
        .collect();
    all.sort();
    all.truncate(search.limit);
    Ok(all.into_iter().map(|Found(d, id)| (id, d)).collect())
}
