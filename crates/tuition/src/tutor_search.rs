//! What tutor search and recommendations (crates/discovery) read of teaching areas: the hits of
//! tutor search's index ([`index_hits`], one statement per subject key on SQLite, one in all on
//! PostgreSQL), and the areas themselves as a query piece ([`areas_of`], [`every_area`],
//! [`area_tutor`], [`AreaColumns`]) that discovery joins with the tutors' profiles, so a page's
//! areas, fees and profile fields still come in one statement. How the rows are stored and read
//! stays here.

use chrono::NaiveDateTime;
use diesel::dsl::{EqAny, Filter};
use diesel::prelude::*;
use hometutor_db::schema::{tutor_areas as ta, tutor_search_index as tsi};
use hometutor_db::DbConnection;
use hometutor_geo::{bounding_box, coarse_cell_of, distance_km, FlatDistance, Point};
use hometutor_vocabulary::{Choice, Facet};

use crate::MAX_RADIUS_KM;

/// One area found by tutor search's index: the tutor and the distance from the point to
/// the area's centre, which is within the area's radius (and the search's, if any).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct IndexHit {
    pub tutor: i64,
    pub distance_km: f64,
    /// Approved by an admin ('verified').
    pub approved: bool,
}

/// The tutors listable at `at` whose area covers `point` (distance to the centre ≤ the area's
/// radius) and whose centre is within `within_km` of it, among the rows stored under any of
/// `subject_keys` (subject ids, or [`crate::search_index::ANY_SUBJECT`]); in tutor order, each
/// tutor once, with whether an admin approved them. One statement: the key range of
/// `tutor_search_index` per subject key — (subject key, the point's coarse cell) — narrowed
/// to the box of the largest distance that can count, keeping the rows whose copy of the
/// tutor's listing is current; then the exact (haversine) test on the centre and radius the
/// index carries.
pub fn index_hits(
    c: &mut DbConnection,
    point: Point,
    subject_keys: &[&str],
    within_km: Option<f64>,
    at: NaiveDateTime,
) -> QueryResult<Vec<IndexHit>> {
    // No area is wider than MAX_RADIUS_KM (saving refuses it): no centre further than that,
    // or than `within_km`, can count. The box is exact on the sphere; a margin keeps rounding
    // out of it. One longitude range only (else no box: it wraps at 180°).
    let reach = within_km.unwrap_or(f64::INFINITY).min(MAX_RADIUS_KM) + 0.01;
    let b = bounding_box(point, reach);
    const SLACK: f64 = 1e-9;
    let (lat0, lat1, lng0, lng1) = match b.lng_ranges[..] {
        [(lo, hi)] => (b.min_lat - SLACK, b.max_lat + SLACK, lo - SLACK, hi + SLACK),
        _ => (-90.0, 90.0, -180.0, 180.0),
    };
    let single_range = b.lng_ranges.len() == 1;
    let cell = coarse_cell_of(point);
    // Before any account is read, the rows whose centre is too far for their own radius (or
    // the search's) are left out on the index's columns alone: by the flat distance of
    // crates/geo, which never overstates the great-circle one by more than its margin. Where
    // that bound does not hold (the box wraps, or is too wide), `FlatDistance::NONE` makes the
    // test always true. The exact distance decides below.
    let flat = if single_range && MAX_RADIUS_KM <= FlatDistance::MAX_KM {
        FlatDistance::in_band(lat0, lat1)
    } else {
        FlatDistance::NONE
    };
    // The search's own distance (as far as a bind can say when it has none), squared.
    let within = FlatDistance::at_most(within_km.unwrap_or(1e9) + 0.001);
    let within_squared = within * within;
    // (Δlat·k)² + (Δlng·k')² ≤ ((radius + 1 m)·(1 + margin))² and ≤ the search's reach²: in
    // diesel's own operators, with binds only, so the statement is prepared once per connection
    // (an SQL literal would make diesel prepare it anew for every search).
    let near_enough = || {
        let dy = (tsi::lat - point.lat) * flat.per_lat;
        let dx = (tsi::lng - point.lng) * flat.per_lng;
        let flat_squared = dy * dy + dx * dx;
        let reach = (tsi::radius_km + 0.001) * FlatDistance::at_most(1.0);
        flat_squared.le(reach * reach).and(flat_squared.le(within_squared))
    };
    // Who is listable comes with the rows: the listing the database copies from `users`
    // (migration 000022), so no account is read.
    let columns = (tsi::tutor_id, tsi::lat, tsi::lng, tsi::radius_km, tsi::approved);
    let mut rows: Vec<(i64, f64, f64, f64, bool)> = Vec::new();
    match c {
        // One key range per subject key, each the same statement (prepared once per connection;
        // an IN list is prepared anew each time on SQLite).
        DbConnection::Sqlite(_) => {
            for key in subject_keys {
                rows.extend(
                    tsi::table
                        .filter(tsi::subject_id.eq(*key))
                        .filter(tsi::cell.eq(cell))
                        .filter(tsi::lat.between(lat0, lat1))
                        .filter(tsi::lng.between(lng0, lng1))
                        .filter(near_enough())
                        .filter(tsi::listed_until.gt(at))
                        .select(columns)
                        .load::<(i64, f64, f64, f64, bool)>(c)?,
                );
            }
        }
        // One round trip: `subject_id = ANY($1)`.
        DbConnection::Pg(_) => {
            rows = tsi::table
                .filter(tsi::subject_id.eq_any(subject_keys))
                .filter(tsi::cell.eq(cell))
                .filter(tsi::lat.between(lat0, lat1))
                .filter(tsi::lng.between(lng0, lng1))
                .filter(near_enough())
                .filter(tsi::listed_until.gt(at))
                .select(columns)
                .load::<(i64, f64, f64, f64, bool)>(c)?;
        }
    }
    let mut hits: Vec<IndexHit> = rows
        .into_iter()
        .filter_map(|(tutor, lat, lng, radius_km, approved)| {
            let d = distance_km(Point { lat, lng }, point);
            (d <= radius_km && within_km.is_none_or(|r| d <= r)).then_some(IndexHit { tutor, distance_km: d, approved })
        })
        .collect();
    hits.sort_by_key(|h| h.tutor);
    hits.dedup_by_key(|h| h.tutor);
    Ok(hits)
}

/// A teaching area as search reads it: where (the centre searches use,
/// [`crate::area::shown_center`]), how far, and its lists as vocabulary choices (empty: any).
#[derive(Debug, Clone, PartialEq)]
pub struct SearchArea {
    pub tutor: i64,
    pub center: Point,
    pub radius_km: f64,
    pub subjects: Vec<Choice>,
    pub classes: Vec<Choice>,
    pub boards: Vec<Choice>,
    pub modes: Vec<Choice>,
}

/// The columns of an area that search selects; read with `AreaColumns::as_select()` in a
/// query built on [`areas_of`] or [`every_area`], then turned into a [`SearchArea`].
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = ta)]
pub struct AreaColumns {
    tutor_id: i64,
    lat: f64,
    lng: f64,
    radius_km: f64,
    subjects: String,
    classes: String,
    boards: String,
    modes: String,
}

/// A stored list: a JSON array of list entries; anything else reads as "any".
fn parse(facet: Facet, raw: &str) -> Vec<Choice> {
    serde_json::from_str::<Vec<String>>(raw)
        .unwrap_or_default()
        .iter()
        .filter_map(|e| Choice::from_list_entry(facet, e))
        .collect()
}

impl From<AreaColumns> for SearchArea {
    fn from(r: AreaColumns) -> Self {
        SearchArea {
            tutor: r.tutor_id,
            center: crate::area::shown_center(Point { lat: r.lat, lng: r.lng }),
            radius_km: r.radius_km,
            subjects: parse(Facet::Subject, &r.subjects),
            classes: parse(Facet::Class, &r.classes),
            boards: parse(Facet::Board, &r.boards),
            modes: parse(Facet::Mode, &r.modes),
        }
    }
}

/// Every saved area, as a query to join onto and select from (the full scan of tests and
/// the benchmark).
pub fn every_area() -> ta::table {
    ta::table
}

/// The areas of `tutors` (those without one are absent), as a query to join onto and select
/// from. Keep `tutors` under SQLite's bound-parameter limit (search reads 5,000 at a time).
pub fn areas_of(tutors: &[i64]) -> Filter<ta::table, EqAny<ta::tutor_id, &[i64]>> {
    ta::table.filter(ta::tutor_id.eq_any(tutors))
}

/// An area's tutor, to join other tables on and to order by.
pub fn area_tutor() -> ta::tutor_id {
    ta::tutor_id
}
