//! What search and recommendations read of a tutor: the candidate (their teaching area and
//! what the filters and the order need) and, for the tutors shown, the card.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::{reviews as rv, tutor_area_cells as tac, tutor_areas as ta, tutor_profiles as tp, users};
use hometutor_db::DbConnection;
use hometutor_geo::{coarse_cell_of, distance_km, Point};
use hometutor_places::Places;
use hometutor_vocabulary::{Choice, Facet};

use crate::score::RatingStats;

/// A card's `about`: at most this many characters (an ellipsis ends a cut one).
pub const ABOUT_CHARS: usize = 160;

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

/// A listable tutor: active, e-mail verified, subscribed at `at`.
macro_rules! listable {
    ($at:expr) => {
        users::role
            .eq("tutor")
            .and(users::active.eq(true))
            .and(users::email_verified.eq(true))
            .and(users::subscription_active.eq(true))
            .and(users::subscription_expires.gt($at))
    };
}

/// Kilometres per degree of latitude (and of longitude at the equator), as crates/geo's sphere.
const KM_PER_DEGREE: f64 = 6371.0 * std::f64::consts::PI / 180.0;

/// A pre-filter the database evaluates before any join: the tutor's centre is roughly
/// within `km` (a column expression, or a number) of the point, by the flat-earth distance
/// with a margin that keeps it a superset of the exact (haversine) test done afterwards.
fn roughly_within(point: Point, km: &str) -> String {
    // Within 50 km of the point, the flat distance at the point's latitude is within 1% of
    // the great-circle one below 60° of latitude (India lies below 37°); 5% and 0.2 km more
    // are kept, then checked exactly. Nearer the poles (and across the antimeridian's wrap)
    // the flat distance means little: no pre-filter there.
    if point.lat.abs() > 60.0 || point.lng.abs() > 170.0 {
        return "1 = 1".into();
    }
    let kx = KM_PER_DEGREE * point.lat.to_radians().cos();
    let ky = KM_PER_DEGREE;
    let (lat, lng) = (point.lat, point.lng);
    format!(
        "((tutor_areas.lng - ({lng:?})) * ({kx:?})) * ((tutor_areas.lng - ({lng:?})) * ({kx:?})) \
         + ((tutor_areas.lat - ({lat:?})) * ({ky:?})) * ((tutor_areas.lat - ({lat:?})) * ({ky:?})) \
         <= ({km} * 1.05 + 0.2) * ({km} * 1.05 + 0.2)"
    )
}

/// The listable tutors whose area is stored under the point's coarse cell and roughly covers
/// it (then checked exactly by the caller), optionally only those naming one of `subjects`,
/// whose centre is roughly within `within_km`, whose fee is at most `max_fee`, verified; in
/// tutor order. The subject test probes `tutor_area_subjects`' key per candidate, and the
/// rough distance is tested before the other tables are read.
#[allow(clippy::too_many_arguments)]
pub(crate) fn under_cell(
    c: &mut DbConnection,
    point: Point,
    subjects: Option<&[&str]>,
    within_km: Option<f64>,
    max_fee: Option<i32>,
    verified_only: bool,
    at: NaiveDateTime,
) -> QueryResult<Vec<Candidate>> {
    use diesel::dsl::{exists, sql};
    use diesel::sql_types::Bool;
    use hometutor_db::schema::tutor_area_subjects as tas;
    let mut q = tac::table
        .inner_join(ta::table.on(ta::tutor_id.eq(tac::tutor_id)))
        .inner_join(users::table.on(users::id.eq(tac::tutor_id)))
        .left_join(tp::table.on(tp::user_id.eq(tac::tutor_id)))
        .filter(tac::cell.eq(coarse_cell_of(point)))
        .filter(sql::<Bool>(&roughly_within(point, "tutor_areas.radius_km")))
        .filter(listable!(at))
        .select((
            ta::tutor_id,
            ta::lat,
            ta::lng,
            ta::radius_km,
            ta::subjects,
            ta::classes,
            ta::boards,
            ta::modes,
            users::approved,
            tp::fee_per_hour.nullable(),
        ))
        .order(tac::tutor_id)
        .into_boxed();
    if let Some(km) = within_km {
        q = q.filter(sql::<Bool>(&roughly_within(point, &format!("({km:?})"))));
    }
    if let Some(subjects) = subjects {
        let ids: Vec<String> = subjects.iter().map(|s| s.to_string()).collect();
        q = q.filter(exists(tas::table.filter(tas::subject_id.eq_any(ids).and(tas::tutor_id.eq(tac::tutor_id)))));
    }
    if let Some(max) = max_fee {
        q = q.filter(tp::fee_per_hour.le(max));
    }
    if verified_only {
        q = q.filter(users::approved.eq(true));
    }
    let rows: Vec<CandidateRow> = q.load(c)?;
    Ok(rows.into_iter().map(Candidate::from).collect())
}

/// Every listable tutor's area, read without the indexes: the baseline of tests and the benchmark.
pub(crate) fn all_listable(c: &mut DbConnection, at: NaiveDateTime) -> QueryResult<Vec<Candidate>> {
    let rows: Vec<CandidateRow> = ta::table
        .inner_join(users::table.on(users::id.eq(ta::tutor_id)))
        .left_join(tp::table.on(tp::user_id.eq(ta::tutor_id)))
        .filter(listable!(at))
        .select((
            ta::tutor_id,
            ta::lat,
            ta::lng,
            ta::radius_km,
            ta::subjects,
            ta::classes,
            ta::boards,
            ta::modes,
            users::approved,
            tp::fee_per_hour.nullable(),
        ))
        .order(ta::tutor_id)
        .load(c)?;
    Ok(rows.into_iter().map(Candidate::from).collect())
}

/// Each tutor's review count and sum of stars (tutors without reviews are absent).
pub(crate) fn rating_stats(c: &mut DbConnection, tutors: &[i64]) -> QueryResult<HashMap<i64, RatingStats>> {
    let mut stats: HashMap<i64, RatingStats> = HashMap::new();
    // In slices, to stay under SQLite's limit on bound parameters.
    for chunk in tutors.chunks(5_000) {
        let rows: Vec<(i64, i32)> =
            rv::table.filter(rv::tutor_id.eq_any(chunk)).select((rv::tutor_id, rv::rating)).load(c)?;
        for (tutor, rating) in rows {
            let s = stats.entry(tutor).or_default();
            s.count += 1;
            s.sum += i64::from(rating);
        }
    }
    Ok(stats)
}

/// A tutor as search and recommendations show them: never an e-mail or a phone number.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorCard {
    pub id: i64,
    pub fullname: String,
    /// The stored name of the square photo (the server makes the URL).
    pub photo: Option<String>,
    /// At most [`ABOUT_CHARS`] characters.
    pub about: String,
    pub subjects: Vec<TermRef>,
    pub classes: Vec<TermRef>,
    pub boards: Vec<TermRef>,
    pub modes: Vec<TermRef>,
    pub fee_per_hour: Option<i32>,
    /// The free-text fees field of the profile.
    pub fee_notes: String,
    /// Mean to one decimal; `None` without reviews.
    pub rating: Option<f64>,
    pub review_count: i64,
    /// From the point searched to the area's centre, to 0.1 km.
    pub distance_km: f64,
    /// 'near Lajpat Nagar, South Delhi': where the area's centre is, roughly.
    pub place_name: Option<String>,
    pub verified: bool,
    pub featured: bool,
    pub badges: Vec<String>,
}

/// Distances are shown, and ordered, to 0.1 km.
pub fn shown_distance(km: f64) -> f64 {
    (km * 10.0).round() / 10.0
}

/// `about` cut to [`ABOUT_CHARS`] characters, on a character boundary, an ellipsis ending a cut one.
pub(crate) fn short_about(about: &str) -> String {
    let about = about.trim();
    if about.chars().count() <= ABOUT_CHARS {
        return about.to_string();
    }
    let mut cut: String = about.chars().take(ABOUT_CHARS - 1).collect();
    cut = cut.trim_end().to_string();
    cut.push('…');
    cut
}

type DetailRow = (i64, String, bool, String, Option<String>, Option<String>, Option<String>);

/// The cards of `shown` (candidate, distance to the point), in that order.
pub(crate) fn cards(
    c: &mut DbConnection,
    shown: &[(&Candidate, f64)],
    stats: &HashMap<i64, RatingStats>,
) -> QueryResult<Vec<TutorCard>> {
    let ids: Vec<i64> = shown.iter().map(|(cand, _)| cand.tutor).collect();
    let rows: Vec<DetailRow> = users::table
        .left_join(tp::table.on(tp::user_id.eq(users::id)))
        .filter(users::id.eq_any(&ids))
        .select((
            users::id,
            users::fullname,
            users::featured,
            users::badges,
            tp::about.nullable(),
            tp::fees.nullable(),
            tp::photo.nullable(),
        ))
        .load(c)?;
    let details: HashMap<i64, DetailRow> = rows.into_iter().map(|r| (r.0, r)).collect();
    let terms = |list: &[Choice]| list.iter().map(TermRef::from).collect::<Vec<_>>();
    Ok(shown
        .iter()
        .filter_map(|(cand, d)| {
            let (_, fullname, featured, badges, about, fees, photo) = details.get(&cand.tutor)?.clone();
            let st = stats.get(&cand.tutor).copied().unwrap_or_default();
            Some(TutorCard {
                id: cand.tutor,
                fullname,
                photo,
                about: short_about(about.as_deref().unwrap_or("")),
                subjects: terms(&cand.subjects),
                classes: terms(&cand.classes),
                boards: terms(&cand.boards),
                modes: terms(&cand.modes),
                fee_per_hour: cand.fee_per_hour,
                fee_notes: fees.unwrap_or_default(),
                rating: st.mean(),
                review_count: st.count,
                distance_km: shown_distance(*d),
                place_name: Places::global().describe(cand.center.lat, cand.center.lng),
                verified: cand.verified,
                featured,
                badges: parse_badges(&badges),
            })
        })
        .collect())
}

/// `users.badges` as stored (a JSON array; anything else reads as none).
fn parse_badges(raw: &str) -> Vec<String> {
    serde_json::from_str(raw).unwrap_or_default()
}
