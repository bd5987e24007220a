//! What search and recommendations read of a tutor: the candidate (their teaching area and
//! what the filters and the order need). The card of a tutor shown is `tutor_card`'s.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::dsl::{AsSelect, Nullable};
use diesel::prelude::*;
use hometutor_db::schema::tutor_profiles as tp;
use hometutor_db::DbConnection;
use hometutor_geo::{distance_km, Point};
use hometutor_tuition::search_index::ANY_SUBJECT;
use hometutor_tuition::tutor_search::{self, AreaColumns, IndexHit, SearchArea};
use hometutor_vocabulary::Choice;

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

impl Candidate {
    fn new(area: SearchArea, verified: bool, fee_per_hour: Option<i32>) -> Self {
        let SearchArea { tutor, center, radius_km, subjects, classes, boards, modes } = area;
        Candidate { tutor, center, radius_km, subjects, classes, boards, modes, verified, fee_per_hour }
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

/// One area found by tutor search's index (crates/tuition's `tutor_search`).
pub(crate) type Hit = IndexHit;

/// The listable tutors (at `at`) whose area covers `point` and whose centre is within
/// `within_km` of it, optionally only those naming `subject` or 'All Subjects'; in tutor order,
/// each tutor once, with whether an admin approved them: one statement of tuition's
/// ([`tutor_search::index_hits`]) per subject key — the subject and 'All Subjects', or every
/// area's key without a subject filter.
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
    tutor_search::index_hits(c, point, keys, within_km, at)
}

/// A card's profile fields: about, fees (notes), photo.
pub(crate) type ProfileFields = (String, String, Option<String>);

/// An area's columns, its tutor's fee per hour, about, fees (notes) and photo.
type BandRow = (AreaColumns, Option<i32>, Option<String>, Option<String>, Option<String>);

/// The band's areas, profile fields and reviews (see [`load_band`]).
pub(crate) type BandData = (Vec<Candidate>, HashMap<i64, ProfileFields>, HashMap<i64, RatingStats>);

/// What a page's ordering and cards need of `ids` (the tutors tied with the page by distance
/// shown, see crates/discovery/src/search.rs): their candidates and profile fields, and in a
/// second statement their review counts and sums.
pub(crate) fn load_band(c: &mut DbConnection, ids: &[i64], approved: &HashMap<i64, bool>) -> QueryResult<BandData> {
    let mut profiles = HashMap::with_capacity(ids.len());
    let mut candidates = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(5_000) {
        let rows: Vec<BandRow> = tutor_search::areas_of(chunk)
            .left_join(tp::table.on(tp::user_id.eq(tutor_search::area_tutor())))
            .select((
                AreaColumns::as_select(),
                tp::fee_per_hour.nullable(),
                tp::about.nullable(),
                tp::fees.nullable(),
                tp::photo.nullable(),
            ))
            .load(c)?;
        for (area, fee, about, fees, photo) in rows {
            let area = SearchArea::from(area);
            if about.is_some() {
                profiles.insert(area.tutor, (about.unwrap_or_default(), fees.unwrap_or_default(), photo));
            }
            candidates.extend(with_approval((area, fee), approved));
        }
    }
    candidates.sort_by_key(|cand| cand.tutor);
    // The reviews in a statement of their own: with no SQL literal in either, PostgreSQL keeps
    // both prepared (correlated counts in the first would be parsed and planned every time).
    let stats = rating_stats(c, ids)?;
    Ok((candidates, profiles, stats))
}

/// An area's columns and its tutor's fee per hour.
type AreaFeeRow = (AreaColumns, Option<i32>);

/// The candidates of `ids` (tutors with an area), in tutor order, `verified` from `approved`
/// (ids absent there are left out): their areas and fees, read by id in slices.
pub(crate) fn load_candidates(
    c: &mut DbConnection,
    ids: &[i64],
    approved: &HashMap<i64, bool>,
) -> QueryResult<Vec<Candidate>> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(5_000) {
        let rows: Vec<AreaFeeRow> = tutor_search::areas_of(chunk)
            .left_join(tp::table.on(tp::user_id.eq(tutor_search::area_tutor())))
            .select(area_fee())
            .load(c)?;
        out.extend(rows.into_iter().filter_map(|(area, fee)| with_approval((area.into(), fee), approved)));
    }
    out.sort_by_key(|cand| cand.tutor);
    Ok(out)
}

/// An area's columns and its tutor's fee, as selected (the profile joined on the area's tutor).
type AreaFee = (AsSelect<AreaColumns, <DbConnection as Connection>::Backend>, Nullable<tp::fee_per_hour>);

fn area_fee() -> AreaFee {
    (AreaColumns::as_select(), tp::fee_per_hour.nullable())
}

/// The candidate of an area whose tutor is in `approved` (with whether an admin approved them).
fn with_approval((area, fee): (SearchArea, Option<i32>), approved: &HashMap<i64, bool>) -> Option<Candidate> {
    let verified = *approved.get(&area.tutor)?;
    Some(Candidate::new(area, verified, fee))
}

/// Those of `ids` whose profile is complete enough to judge (crates/profiles' [`judgeable`]: a
/// teaching area naming a subject, a fee per hour, an about text), read by id in slices.
///
/// [`judgeable`]: hometutor_profiles::judgeable
pub(crate) fn judgeable(c: &mut DbConnection, ids: &[i64]) -> QueryResult<HashSet<i64>> {
    let mut out = HashSet::with_capacity(ids.len());
    for chunk in ids.chunks(5_000) {
        let rows: Vec<(AreaColumns, Option<i32>, Option<String>)> = tutor_search::areas_of(chunk)
            .left_join(tp::table.on(tp::user_id.eq(tutor_search::area_tutor())))
            .select((AreaColumns::as_select(), tp::fee_per_hour.nullable(), tp::about.nullable()))
            .load(c)?;
        for (area, fee, about) in rows {
            let area = SearchArea::from(area);
            let facts = hometutor_profiles::ProfileFacts::of_listing(area.subjects.len(), fee, about.as_deref());
            if hometutor_profiles::judgeable(&facts) {
                out.insert(area.tutor);
            }
        }
    }
    Ok(out)
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
    let rows: Vec<AreaFeeRow> = tutor_search::every_area()
        .left_join(tp::table.on(tp::user_id.eq(tutor_search::area_tutor())))
        .select(area_fee())
        .order(tutor_search::area_tutor())
        .load(c)?;
    let all: Vec<Candidate> =
        rows.into_iter().filter_map(|(area, fee)| with_approval((area.into(), fee), &listable)).collect();
    let ids: Vec<i64> = all.iter().map(|cand| cand.tutor).collect();
    let kept = judgeable(c, &ids)?;
    Ok(all.into_iter().filter(|cand| kept.contains(&cand.tutor)).collect())
}
