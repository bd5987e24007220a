//! What search and recommendations read of a tutor: the candidate (their teaching area and
//! what the filters and the order need). The card of a tutor shown is `tutor_card`'s.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::{tutor_areas as ta, tutor_profiles as tp, tutor_search_index as tsi};
use hometutor_db::DbConnection;
use hometutor_geo::{bounding_box, coarse_cell_of, distance_km, FlatDistance, Point};
use hometutor_tuition::search_index::ANY_SUBJECT;
use hometutor_tuition::MAX_RADIUS_KM;
use hometutor_vocabulary::{Choice, Facet};

use crate::ratings::{rating_stats, RatingStats};

/// An entry of a tutor's lists as the wire shows it: a vocabulary term, or `other` and the
/// tutor's own words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TermRef {
    pub id: String,
    pub label: String,
}

impl From<&Choice> for TermRef {
    fn from(c: &Choice) -> Self {
        TermRef { id: c.id().to_string(), label: c.label().to_string() }
    }
}

/// A listed tutor's teaching area and what filtering and ordering need.
#[derive(Debug, Clone)]
pub struct Candidate {
    pub tutor: i64,
    pub center: Point,
    pub radius_km: f64,
    pub subjects: Vec<Choice>,
    pub classes: Vec<Choice>,
    pub boards: Vec<Choice>,
    pub modes: Vec<Choice>,
    /// Approved by an admin.
    pub verified: bool,
    pub fee_per_hour: Option<i32>,
}

type CandidateRow = (i64, f64, f64, f64, String, String, String, String, bool, Option<i32>);

pub(crate) fn parse(facet: Facet, raw: &str) -> Vec<Choice> {
    // Written by crates/tuition as a JSON array of entries; anything else reads as "any".
    serde_json::from_str::<Vec<String>>(raw)
        .unwrap_or_default()
        .iter()
        .filter_map(|e| Choice::from_list_entry(facet, e))
        .collect()
}

impl From<CandidateRow> for Candidate {
    fn from(r: CandidateRow) -> Self {
        Candidate {
            tutor: r.0,
            center: Point { lat: r.1, lng: r.2 },
            radius_km: r.3,
            subjects: parse(Facet::Subject, &r.4),
            classes: parse(Facet::Class, &r.5),
            boards: parse(Facet::Board, &r.6),
            modes: parse(Facet::Mode, &r.7),
            verified: r.8,
            fee_per_hour: r.9,
        }
    }
}

/// Whether a list names the term `id` (by id).
pub(crate) fn names(list: &[Choice], id: &str) -> bool {
    list.iter().any(|c| matches!(c, Choice::Known(t) if t.id == id))
}

/// Whether a list admits the value: it is empty (any) or names it.
pub(crate) fn admits(list: &[Choice], id: Option<&str>) -> bool {
    match id {
        None => true,
        Some(id) => list.is_empty() || names(list, id),
    }
}

/// Whether a list admits a request's value: empty (any), the same term, or the same 'other' words.
pub(crate) fn admits_choice(list: &[Choice], value: Option<&Choice>) -> bool {
    match value {
        None => true,
        Some(v) => list.is_empty() || list.iter().any(|c| c.matches(v)),
    }
}

impl Candidate {
    pub fn distance_to(&self, point: Point) -> f64 {
        distance_km(self.center, point)
    }

    /// The area's circle covers the point.
    pub fn covers(&self, point: Point) -> bool {
        self.distance_to(point) <= self.radius_km
    }

    /// For a subject filter: the tutor names the subject, or 'All Subjects'.
    pub fn teaches_subject(&self, subject: &str) -> bool {
        names(&self.subjects, subject) || names(&self.subjects, ALL_SUBJECTS)
    }
}

/// The id of 'All Subjects': a subject filter lists such tutors too.
pub const ALL_SUBJECTS: &str = "all-subjects";

/// One area found by tutor search's index: the tutor and the distance from the point to
/// the area's centre, which is within the area's radius (and the search's, if any).
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Hit {
    pub tutor: i64,
    pub distance_km: f64,
    /// Approved by an admin ('verified').
    pub approved: bool,
}

/// The listable tutors (at `at`) whose area covers `point` (distance to the centre ≤ the
/// area's radius) and whose centre is within `within_km` of it, optionally only those naming
/// `subject` or 'All Subjects'; in tutor order, each tutor once, with whether an admin
/// approved them. One statement: the key range of `tutor_search_index` per subject key —
/// (subject or '*', the point's coarse cell) — narrowed to the box of the largest distance
/// that can count, keeping the rows whose copy of the tutor's listing is current; then the
/// exact (haversine) test on the centre and radius the index carries.
pub(crate) fn index_hits(
    c: &mut DbConnection,
    point: Point,
    subject: Option<&str>,
    within_km: Option<f64>,
    at: NaiveDateTime,
) -> QueryResult<Vec<Hit>> {
    let keys: &[&str] = match subject {
        Some(s) if s == ALL_SUBJECTS => &[ALL_SUBJECTS],
        Some(s) => &[s, ALL_SUBJECTS],
        None => &[ANY_SUBJECT],
    };
    // No area is wider than MAX_RADIUS_KM (crates/tuition refuses it): no centre further
    // than that, or than `within_km`, can count. The box is exact on the sphere; a margin
    // keeps rounding out of it. One longitude range only (else no box: it wraps at 180°).
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
            for key in keys {
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
                .filter(tsi::subject_id.eq_any(keys))
                .filter(tsi::cell.eq(cell))
                .filter(tsi::lat.between(lat0, lat1))
                .filter(tsi::lng.between(lng0, lng1))
                .filter(near_enough())
                .filter(tsi::listed_until.gt(at))
                .select(columns)
                .load::<(i64, f64, f64, f64, bool)>(c)?;
        }
    }
    let mut hits: Vec<Hit> = rows
        .into_iter()
        .filter_map(|(tutor, lat, lng, radius_km, approved)| {
            let d = distance_km(Point { lat, lng }, point);
            (d <= radius_km && within_km.is_none_or(|r| d <= r)).then_some(Hit { tutor, distance_km: d, approved })
        })
        .collect();
    hits.sort_by_key(|h| h.tutor);
    hits.dedup_by_key(|h| h.tutor);
    Ok(hits)
}

/// A card's profile fields: about, fees (notes), photo.
pub(crate) type ProfileFields = (String, String, Option<String>);

type BandRow = (AreaFeeRow, Option<String>, Option<String>, Option<String>);

/// The band's areas, profile fields and reviews (see [`load_band`]).
pub(crate) type BandData = (Vec<Candidate>, HashMap<i64, ProfileFields>, HashMap<i64, RatingStats>);

/// What a page's ordering and cards need of `ids` (the tutors tied with the page by distance
/// shown, see crates/discovery/src/search.rs): their candidates and profile fields, and in a
/// second statement their review counts and sums.
pub(crate) fn load_band(c: &mut DbConnection, ids: &[i64], approved: &HashMap<i64, bool>) -> QueryResult<BandData> {
    let mut profiles = HashMap::with_capacity(ids.len());
    let mut candidates = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(5_000) {
        let rows: Vec<BandRow> = ta::table
            .left_join(tp::table.on(tp::user_id.eq(ta::tutor_id)))
            .filter(ta::tutor_id.eq_any(chunk))
            .select((area_fee(), tp::about.nullable(), tp::fees.nullable(), tp::photo.nullable()))
            .load(c)?;
        for (area, about, fees, photo) in rows {
            if about.is_some() {
                profiles.insert(area.0, (about.unwrap_or_default(), fees.unwrap_or_default(), photo));
            }
            candidates.extend(with_approval(area, approved));
        }
    }
    candidates.sort_by_key(|cand| cand.tutor);
    // The reviews in a statement of their own: with no SQL literal in either, PostgreSQL keeps
    // both prepared (correlated counts in the first would be parsed and planned every time).
    let stats = rating_stats(c, ids)?;
    Ok((candidates, profiles, stats))
}

type AreaFeeRow = (i64, f64, f64, f64, String, String, String, String, Option<i32>);

/// The candidates of `ids` (tutors with an area), in tutor order, `verified` from `approved`
/// (ids absent there are left out): their areas and fees, read by id in slices.
pub(crate) fn load_candidates(
    c: &mut DbConnection,
    ids: &[i64],
    approved: &HashMap<i64, bool>,
) -> QueryResult<Vec<Candidate>> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(5_000) {
        let rows: Vec<AreaFeeRow> = ta::table
            .left_join(tp::table.on(tp::user_id.eq(ta::tutor_id)))
            .filter(ta::tutor_id.eq_any(chunk))
            .select(area_fee())
            .load(c)?;
        out.extend(rows.into_iter().filter_map(|r| with_approval(r, approved)));
    }
    out.sort_by_key(|cand| cand.tutor);
    Ok(out)
}

#[allow(clippy::type_complexity)]
fn area_fee() -> (
    ta::tutor_id,
    ta::lat,
    ta::lng,
    ta::radius_km,
    ta::subjects,
    ta::classes,
    ta::boards,
    ta::modes,
    diesel::dsl::Nullable<tp::fee_per_hour>,
) {
    (
        ta::tutor_id,
        ta::lat,
        ta::lng,
        ta::radius_km,
        ta::subjects,
        ta::classes,
        ta::boards,
        ta::modes,
        tp::fee_per_hour.nullable(),
    )
}

fn with_approval(r: AreaFeeRow, approved: &HashMap<i64, bool>) -> Option<Candidate> {
    let verified = *approved.get(&r.0)?;
    Some(Candidate::from((r.0, r.1, r.2, r.3, r.4, r.5, r.6, r.7, verified, r.8)))
}

/// The listable tutors whose area covers `point` (and is within `within_km`), optionally
/// only those teaching `subject`, in tutor order: the index's hits, the accounts listable
/// at `at` among them, then their areas.
pub(crate) fn candidates_at(
    c: &mut DbConnection,
    point: Point,
    subject: Option<&str>,
    within_km: Option<f64>,
    at: NaiveDateTime,
) -> QueryResult<Vec<Candidate>> {
    let hits = index_hits(c, point, subject, within_km, at)?;
    let ids: Vec<i64> = hits.iter().map(|h| h.tutor).collect();
    let approved: HashMap<i64, bool> = hits.iter().map(|h| (h.tutor, h.approved)).collect();
    load_candidates(c, &ids, &approved)
}

/// Every listable tutor's area, read without the indexes: the baseline of tests and the benchmark.
pub(crate) fn all_listable(c: &mut DbConnection, at: NaiveDateTime) -> QueryResult<Vec<Candidate>> {
    let listable = hometutor_accounts::every_listable_tutor(c, at)?;
    let rows: Vec<AreaFeeRow> = ta::table
        .left_join(tp::table.on(tp::user_id.eq(ta::tutor_id)))
        .select(area_fee())
        .order(ta::tutor_id)
        .load(c)?;
    Ok(rows.into_iter().filter_map(|r| with_approval(r, &listable)).collect())
}
