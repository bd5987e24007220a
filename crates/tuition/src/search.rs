//! Nearest-first search over the grid cells of crates/geo: cells are read in order
//! of their distance bound, and the walk stops once the `limit` nearest matches
//! are known to be found. The cost follows the number of results wanted, not the
//! number of requests in the city.

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

/// Cells read per query: enough to amortise a round trip, few enough to stop early.
const CELLS_PER_BATCH: usize = 16;

type CandidateRow = (i64, f64, f64, String, String);

/// The `limit` nearest open (unflagged) requests within the radius that match the
/// filters, as (id, exact distance in km), nearest first, ties by id.
pub fn nearest(c: &mut DbConnection, search: &Search) -> QueryResult<Vec<(i64, f64)>> {
    let cells = cells_by_distance(search.center, search.radius_km);
    let mut kept: BinaryHeap<Found> = BinaryHeap::with_capacity(search.limit + 1);
    let mut next = 0;
    while next < cells.len() {
        if kept.len() >= search.limit && kept.peek().is_some_and(|far| cells[next].1 > far.0) {
            break;
        }
        let batch: Vec<i64> =
            cells[next..cells.len().min(next + CELLS_PER_BATCH)].iter().map(|(cell, _)| *cell).collect();
        next += batch.len();
        let rows: Vec<CandidateRow> = tr::table
            .filter(tr::cell.eq_any(&batch).and(tr::flagged.eq(false)))
            .select((tr::id, tr::lat, tr::lng, tr::subject, tr::class_level))
            .load(c)?;
        for (id, lat, lng, subject, class_level) in rows {
            let d = distance_km(search.center, Point { lat, lng });
            if d <= search.radius_km && search.matches(&subject, &class_level) {
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
        .filter(tr::flagged.eq(false))
        .select((tr::id, tr::lat, tr::lng, tr::subject, tr::class_level))
        .load(c)?;
    let mut all: Vec<Found> = rows
        .into_iter()
        .map(|(id, lat, lng, subject, class_level)| {
            (id, distance_km(search.center, Point { lat, lng }), subject, class_level)
        })
        .filter(|(_, d, subject, class_level)| *d <= search.radius_km && search.matches(subject, class_level))
        .map(|(id, d, _, _)| Found(d, id))
        .collect();
    all.sort();
    all.truncate(search.limit);
    Ok(all.into_iter().map(|Found(d, id)| (id, d)).collect())
}
