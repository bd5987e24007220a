//! Tutor search: the tutors who teach at a place, with filters, 20 to a page.
//!
//! Listed: a listable tutor (see the crate's documentation) whose profile is complete enough to
//! judge (crates/profiles' `judgeable`: a subject, a fee per hour, an about text) and whose teaching area's circle
//! covers the place (distance from the place to the area's centre ≤ the area's radius) and,
//! when `radiusKm` is given, whose centre is at most that far. The centre is always the one
//! searches use, the centre of the saved centre's 1 km cell (`hometutor_tuition::area::shown_center`):
//! no number of searches tells where in its cell a tutor's centre is. Filters are vocabulary ids (or a
//! term's name in English, Hindi or Hinglish, mapped by `hometutor_vocabulary::resolve`):
//! a subject lists only tutors who name it or 'All Subjects' (an area without subjects is
//! not listed for a subject filter); class, board and mode list tutors whose list names it
//! or is empty (any). `minRating` compares the mean shown (to one decimal; tutors without
//! reviews are left out), `minFee` and `maxFee` the fee per hour (tutors without a fee are left out),
//! `verified=true` keeps admin-approved tutors.
//!
//! Order: the distance shown (0.1 km), nearest first; then the Bayesian rating (see
//! [`crate::score::RatingStats::shrunk`]), best first; then the tutor's id. Featured tutors
//! are not ranked first: their card says so.
//!
//! How (the cost follows the tutors near the place, not the tutors in the country), in three
//! statements for a search without `minRating` or the area filters:
//! 1. the listable candidates (crates/tuition's `tutor_search::index_hits`): one key range of
//!    tutor search's index per subject key — (the subject and 'all-subjects', or '*' without
//!    a subject filter; the place's coarse cell) — narrowed to the box of the
//!    largest distance that can count, the rows whose tutor is listable by the copy of the
//!    listing each row carries (kept from `users` by the database, migration 000022: the
//!    test of [`hometutor_accounts::listable_at`]), with the exact distance test on the
//!    centre and radius the index carries;
//! 2. only with a class, board, mode or fee filter: those tutors' areas and fees;
//! 3. the tutors whose distance shown ties with the page's (the rating only orders tutors at
//!    the same distance shown): their areas, profiles and reviews at once — the page is
//!    among them; with `minRating`, the reviews of every candidate instead, then the page's
//!    areas and profiles;
//! 4. the page's account fields (name, badges) from crates/accounts (20 tutors).
//!
//! Performance: see `cargo bench -p hometutor-discovery --bench search` (100,000 tutors;
//! with `TEST_DATABASE_URL=postgres://…` on PostgreSQL); every result set, and each page,
//! equals the full scan's.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{FieldError, Message};
use hometutor_db::{now, DbConnection};
use hometutor_geo::Point;
use hometutor_vocabulary::{find, Facet};

use crate::card::{self, admits, Candidate, Hit};
use crate::ratings::{rating_stats, RatingStats};
use crate::tutor_card::{self, shown_distance, TutorCard};
use crate::{DiscoveryError, DiscoveryService};

/// Tutors per page.
pub const PAGE_SIZE: usize = 20;
/// The `radiusKm` filter's bounds.
pub const MIN_SEARCH_RADIUS_KM: f64 = 1.0;
pub const MAX_SEARCH_RADIUS_KM: f64 = 50.0;
/// The highest `minFee`, `maxFee` and fee per hour, in rupees.
pub const MAX_FEE: i64 = 100_000;
/// The last page one may ask for.
pub const MAX_PAGE: i64 = 500;

/// What a client sends; [`TutorQuery::validate`] checks it.
#[derive(Debug, Clone, Default)]
pub struct TutorQuery {
    /// `[longitude, latitude]`.
    pub location: Option<[f64; 2]>,
    pub radius_km: Option<f64>,
    pub subject: Option<String>,
    pub class_level: Option<String>,
    pub board: Option<String>,
    pub mode: Option<String>,
    pub min_rating: Option<f64>,
    pub min_fee: Option<i64>,
    pub max_fee: Option<i64>,
    pub verified: Option<bool>,
    pub page: Option<i64>,
}

/// A validated query.
#[derive(Debug, Clone)]
pub struct ValidQuery {
    pub point: Point,
    pub radius_km: Option<f64>,
    pub subject: Option<&'static str>,
    pub class: Option<&'static str>,
    pub board: Option<&'static str>,
    pub mode: Option<&'static str>,
    pub min_rating: Option<f64>,
    pub min_fee: Option<i32>,
    pub max_fee: Option<i32>,
    pub verified_only: bool,
    pub page: usize,
}

fn term(
    facet: Facet,
    field: &'static str,
    noun: &str,
    value: &Option<String>,
    errors: &mut Vec<FieldError>,
) -> Option<&'static str> {
    let id = value.as_deref().map(str::trim).filter(|v| !v.is_empty())?;
    // An id, or a term's name as people type it ('Maths', 'गणित', 'कक्षा 8', '8vi').
    match find(facet, id).or_else(|| hometutor_vocabulary::resolve(facet, id)) {
        Some(t) => Some(t.id),
        None => {
            let message =
                Message::new("validation-unknown-vocabulary").arg("noun", hometutor_core::noun(noun)).arg("id", id);
            errors.push(FieldError::text(field, message));
            None
        }
    }
}

impl TutorQuery {
    /// Every field's errors at once, each under its query parameter's name.
    pub fn validate(&self) -> Result<ValidQuery, DiscoveryError> {
        let mut errors = Vec::new();
        let point = match self.location {
            None => {
                errors.push(FieldError::text("location", Message::new("validation-search-location")));
                None
            }
            Some([lng, lat]) => {
                let p = Point::new(lat, lng);
                if p.is_none() {
                    errors.push(FieldError::text("location", Message::new("validation-location-real")));
                }
                p
            }
        };
        if self.radius_km.is_some_and(|r| !(MIN_SEARCH_RADIUS_KM..=MAX_SEARCH_RADIUS_KM).contains(&r)) {
            let message =
                Message::new("validation-radius").arg("min", MIN_SEARCH_RADIUS_KM).arg("max", MAX_SEARCH_RADIUS_KM);
            errors.push(FieldError::text("radiusKm", message));
        }
        let subject = term(Facet::Subject, "subject", "subject", &self.subject, &mut errors);
        let class = term(Facet::Class, "classLevel", "class", &self.class_level, &mut errors);
        let board = term(Facet::Board, "board", "board", &self.board, &mut errors);
        let mode = term(Facet::Mode, "mode", "mode", &self.mode, &mut errors);
        if self.min_rating.is_some_and(|r| !(1.0..=5.0).contains(&r)) {
            errors.push(FieldError::text("minRating", Message::new("validation-min-rating")));
        }
        if self.min_fee.is_some_and(|f| !(0..=MAX_FEE).contains(&f)) {
            errors.push(FieldError::text("minFee", Message::new("validation-min-fee").arg("max", MAX_FEE)));
        }
        if self.max_fee.is_some_and(|f| !(0..=MAX_FEE).contains(&f)) {
            errors.push(FieldError::text("maxFee", Message::new("validation-max-fee").arg("max", MAX_FEE)));
        } else if let (Some(min), Some(max)) = (self.min_fee, self.max_fee) {
            if min > max && (0..=MAX_FEE).contains(&min) {
                errors.push(FieldError::text("maxFee", Message::new("validation-fee-order")));
            }
        }
        let page = self.page.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&page) {
            errors.push(FieldError::text("page", Message::new("validation-page").arg("max", MAX_PAGE)));
        }
        match point {
            Some(point) if errors.is_empty() => Ok(ValidQuery {
                point,
                radius_km: self.radius_km,
                subject,
                class,
                board,
                mode,
                min_rating: self.min_rating,
                min_fee: self.min_fee.map(|f| f as i32),
                max_fee: self.max_fee.map(|f| f as i32),
                verified_only: self.verified == Some(true),
                page: page as usize,
            }),
            _ => Err(DiscoveryError::Validation(errors)),
        }
    }
}

/// One listed tutor: who, how far, their reviews.
#[derive(Debug, Clone)]
pub struct Ranked {
    pub candidate: Candidate,
    pub distance_km: f64,
    pub rating: RatingStats,
}

/// A page of results.
#[derive(Debug, Clone)]
pub struct SearchPage {
    pub tutors: Vec<TutorCard>,
    pub total: usize,
    pub page: usize,
    pub page_size: usize,
}

impl ValidQuery {
    /// Whether a candidate passes every filter but the rating (which needs its reviews).
    fn admits(&self, c: &Candidate) -> Option<f64> {
        let d = c.distance_to(self.point);
        let ok = d <= c.radius_km
            && self.radius_km.is_none_or(|r| d <= r)
            && self.subject.is_none_or(|s| c.teaches_subject(s))
            && admits(&c.classes, self.class)
            && admits(&c.boards, self.board)
            && admits(&c.modes, self.mode)
            && self.admits_fee(c.fee_per_hour)
            && (!self.verified_only || c.verified);
        ok.then_some(d)
    }
}

/// The order of the list: the distance shown (0.1 km), then the Bayesian rating (best
/// first), then the tutor's id.
fn listing_order(a: (f64, &RatingStats, i64), b: (f64, &RatingStats, i64)) -> std::cmp::Ordering {
    shown_distance(a.0).total_cmp(&shown_distance(b.0)).then(b.1.shrunk().total_cmp(&a.1.shrunk())).then(a.2.cmp(&b.2))
}

/// Filters, reads the survivors' reviews, applies `minRating` and orders.
fn rank<'a>(
    c: &mut DbConnection,
    q: &ValidQuery,
    candidates: impl IntoIterator<Item = &'a Candidate>,
) -> QueryResult<Vec<Ranked>> {
    let kept: Vec<(Candidate, f64)> =
        candidates.into_iter().filter_map(|c| q.admits(c).map(|d| (c.clone(), d))).collect();
    let ids: Vec<i64> = kept.iter().map(|(c, _)| c.tutor).collect();
    let stats: HashMap<i64, RatingStats> = rating_stats(c, &ids)?;
    let mut ranked: Vec<Ranked> = kept
        .into_iter()
        .map(|(candidate, distance_km)| {
            let rating = stats.get(&candidate.tutor).copied().unwrap_or_default();
            Ranked { candidate, distance_km, rating }
        })
        .filter(|r| q.min_rating.is_none_or(|min| r.rating.mean().is_some_and(|mean| mean >= min)))
        .collect();
    ranked.sort_by(|a, b| {
        listing_order((a.distance_km, &a.rating, a.candidate.tutor), (b.distance_km, &b.rating, b.candidate.tutor))
    });
    Ok(ranked)
}

/// A tutor the query lists, before the card: who, how far, their reviews (`None`: not read,
/// as the page does not need them).
#[derive(Debug, Clone, Copy)]
struct Listed {
    tutor: i64,
    distance_km: f64,
    rating: Option<RatingStats>,
}

impl ValidQuery {
    /// Whether the query filters on what only the area's lists or the fee tell.
    fn needs_areas(&self) -> bool {
        self.class.is_some()
            || self.board.is_some()
            || self.mode.is_some()
            || self.min_fee.is_some()
            || self.max_fee.is_some()
    }

    /// Whether a fee per hour is within the fee range asked for (no range: any fee, or none).
    fn admits_fee(&self, fee: Option<i32>) -> bool {
        if self.min_fee.is_none() && self.max_fee.is_none() {
            return true;
        }
        fee.is_some_and(|fee| self.min_fee.is_none_or(|min| fee >= min) && self.max_fee.is_none_or(|max| fee <= max))
    }
}

/// Every tutor the query lists, through the indexes: the index's hits (subject, coverage and
/// `radiusKm` decided there), the listable accounts among them (and `verified`), the areas
/// only when class, board, mode or fee filter, then the reviews — of every one with
/// `minRating` or `all_ratings`, else only of those whose distance shown ties with the page
/// `page` (the order needs no more). Ordered as documented; the caller pages.
fn listed(c: &mut DbConnection, q: &ValidQuery, at: NaiveDateTime, all_ratings: bool) -> QueryResult<ListedTutors> {
    let mut kept: Vec<Hit> = card::index_hits(c, q.point, q.subject, q.radius_km, at)?;
    kept.retain(|h| h.approved || !q.verified_only);
    // Only profiles complete enough to judge are listed.
    let hit_ids: Vec<i64> = kept.iter().map(|h| h.tutor).collect();
    let judgeable = card::judgeable(c, &hit_ids)?;
    kept.retain(|h| judgeable.contains(&h.tutor));
    let listable: HashMap<i64, bool> = kept.iter().map(|h| (h.tutor, h.approved)).collect();
    if q.needs_areas() {
        let ids: Vec<i64> = kept.iter().map(|h| h.tutor).collect();
        let admitted: HashSet<i64> = card::load_candidates(c, &ids, &listable)?
            .iter()
            .filter(|cand| q.admits(cand).is_some())
            .map(|cand| cand.tutor)
            .collect();
        kept.retain(|h| admitted.contains(&h.tutor));
    }
    let mut list: Vec<Listed> =
        kept.into_iter().map(|h| Listed { tutor: h.tutor, distance_km: h.distance_km, rating: None }).collect();
    if q.min_rating.is_some() || all_ratings {
        let ids: Vec<i64> = list.iter().map(|l| l.tutor).collect();
        let stats = rating_stats(c, &ids)?;
        for l in &mut list {
            l.rating = Some(stats.get(&l.tutor).copied().unwrap_or_default());
        }
        list.retain(|l| q.min_rating.is_none_or(|min| l.rating.and_then(|r| r.mean()).is_some_and(|mean| mean >= min)));
        list.sort_by(|a, b| listing_order(a.key(), b.key()));
        return Ok((list, listable, None));
    }
    // By distance shown and id; the rating only reorders tutors at the same distance shown,
    // so only those tied with the page's first or last entry (or between) need reviews.
    list.sort_by(|a, b| {
        shown_distance(a.distance_km).total_cmp(&shown_distance(b.distance_km)).then(a.tutor.cmp(&b.tutor))
    });
    let start = (q.page - 1) * PAGE_SIZE;
    if start < list.len() {
        let end = (start + PAGE_SIZE).min(list.len()) - 1;
        let (lo, hi) = (shown_distance(list[start].distance_km), shown_distance(list[end].distance_km));
        let first = list.partition_point(|l| shown_distance(l.distance_km) < lo);
        let last = list.partition_point(|l| shown_distance(l.distance_km) <= hi);
        let band = &mut list[first..last];
        let ids: Vec<i64> = band.iter().map(|l| l.tutor).collect();
        // The band holds the page: what its cards need comes with the reviews.
        let (areas, profiles, stats) = card::load_band(c, &ids, &listable)?;
        for l in band.iter_mut() {
            l.rating = Some(stats.get(&l.tutor).copied().unwrap_or_default());
        }
        band.sort_by(|a, b| listing_order(a.key(), b.key()));
        return Ok((list, listable, Some(Band { areas, profiles })));
    }
    Ok((list, listable, None))
}

/// What [`listed`] answers: the tutors in order, whether each is admin-approved, and the band.
type ListedTutors = (Vec<Listed>, HashMap<i64, bool>, Option<Band>);

/// What [`listed`] read of the tutors tied with the page by distance shown (the page among them).
struct Band {
    areas: Vec<Candidate>,
    profiles: HashMap<i64, card::ProfileFields>,
}

impl Listed {
    fn key(&self) -> (f64, &RatingStats, i64) {
        const NONE: RatingStats = RatingStats { count: 0, sum: 0 };
        (self.distance_km, self.rating.as_ref().unwrap_or(&NONE), self.tutor)
    }
}

/// Every tutor the query lists, in order, through the indexes (with each one's area and reviews).
pub fn ranked(c: &mut DbConnection, q: &ValidQuery) -> QueryResult<Vec<Ranked>> {
    let (list, approved, _) = listed(c, q, now(), true)?;
    let ids: Vec<i64> = list.iter().map(|l| l.tutor).collect();
    let mut areas: HashMap<i64, Candidate> =
        card::load_candidates(c, &ids, &approved)?.into_iter().map(|cand| (cand.tutor, cand)).collect();
    Ok(list
        .into_iter()
        .filter_map(|l| {
            Some(Ranked {
                candidate: areas.remove(&l.tutor)?,
                distance_km: l.distance_km,
                rating: l.rating.unwrap_or_default(),
            })
        })
        .collect())
}

/// The same answer by reading every area: the baseline the benchmark and tests compare with.
pub fn ranked_by_full_scan(c: &mut DbConnection, q: &ValidQuery) -> QueryResult<Vec<Ranked>> {
    let candidates = card::all_listable(c, now())?;
    rank(c, q, &candidates)
}

/// Every listable tutor's area, read once without the indexes (the benchmark's baseline)…
pub fn listable_areas(c: &mut DbConnection) -> QueryResult<Vec<Candidate>> {
    card::all_listable(c, now())
}

/// …and the query answered by checking each of them (the same filters and order).
pub fn ranked_among(c: &mut DbConnection, q: &ValidQuery, all: &[Candidate]) -> QueryResult<Vec<Ranked>> {
    rank(c, q, all)
}

/// The page asked for of a ranked list, as cards.
pub fn page(c: &mut DbConnection, q: &ValidQuery, ranked: &[Ranked]) -> QueryResult<SearchPage> {
    let shown: Vec<&Ranked> = ranked.iter().skip((q.page - 1) * PAGE_SIZE).take(PAGE_SIZE).collect();
    let stats: HashMap<i64, RatingStats> = shown.iter().map(|r| (r.candidate.tutor, r.rating)).collect();
    let pairs: Vec<(&Candidate, f64)> = shown.iter().map(|r| (&r.candidate, r.distance_km)).collect();
    Ok(SearchPage {
        tutors: tutor_card::cards(c, &pairs, &stats)?,
        total: ranked.len(),
        page: q.page,
        page_size: PAGE_SIZE,
    })
}

/// One page of what the query lists: the order through the indexes, then the areas and cards
/// of the page's tutors only.
pub fn search_page(c: &mut DbConnection, q: &ValidQuery) -> QueryResult<SearchPage> {
    let at = now();
    let (list, approved, band) = listed(c, q, at, false)?;
    let shown: Vec<&Listed> = list.iter().skip((q.page - 1) * PAGE_SIZE).take(PAGE_SIZE).collect();
    let (areas, profiles) = match band {
        Some(band) => (band.areas, band.profiles),
        // Read with every review (`minRating`): the page's areas and profiles now.
        None => {
            let ids: Vec<i64> = shown.iter().map(|l| l.tutor).collect();
            let (areas, profiles, _) = card::load_band(c, &ids, &approved)?;
            (areas, profiles)
        }
    };
    let areas: HashMap<i64, Candidate> = areas.into_iter().map(|cand| (cand.tutor, cand)).collect();
    let pairs: Vec<(&Candidate, f64)> =
        shown.iter().filter_map(|l| Some((areas.get(&l.tutor)?, l.distance_km))).collect();
    let stats: HashMap<i64, RatingStats> = shown.iter().map(|l| (l.tutor, l.rating.unwrap_or_default())).collect();
    let tutors = tutor_card::cards_with(c, &pairs, &stats, &profiles)?;
    Ok(SearchPage { tutors, total: list.len(), page: q.page, page_size: PAGE_SIZE })
}

impl DiscoveryService {
    /// Tutor search (public): one page of the tutors the query lists.
    #[tracing::instrument(skip_all)]
    pub fn search(&self, query: &TutorQuery) -> Result<SearchPage, DiscoveryError> {
        let q = query.validate()?;
        self.db.read(|c| -> Result<_, DiscoveryError> { Ok(search_page(c, &q)?) })
    }
}
