use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{FieldError, Role, UserId};
use hometutor_db::id_list::one_of;
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr};
use hometutor_db::{now, Db, DbConnection};
use hometutor_geo::{distance_km, Point};
use hometutor_notifications::{Kind, Notice, Notifier};
use hometutor_places::Places;

use crate::location::{Approximate, LocationKey};
use crate::model::{
    CloseOutcome, InterestedTutor, NearbyParent, NearbyQuery, NearbyRequest, ParentContact, RequestInput,
    TuitionRequest,
};
use crate::search::{nearest, Search};
use crate::trends::SearchTrends;
use crate::{
    TuitionError, MAX_INTERESTS_PER_DAY, MAX_NEARBY_RESULTS, MAX_RADIUS_KM, MIN_RADIUS_KM, SHOWN_DISTANCE_STEP_KM,
};

/// Longest search term kept for the trends.
const MAX_TERM_CHARS: usize = 60;
/// Old requests filled in with their approximate point per transaction.
const BACKFILL_BATCH: i64 = 500;

/// What a tutor's result is made of.
#[derive(Queryable, Selectable)]
#[diesel(table_name = tr)]
struct Candidate {
    id: i64,
    parent_id: i64,
    subject: String,
    class_level: String,
    preferred_time: String,
    subject_id: Option<String>,
    class_id: Option<String>,
    board: Option<String>,
    mode: String,
    approx_lat: Option<f64>,
    approx_lng: Option<f64>,
    created_at: NaiveDateTime,
}

/// A stored request as its parent reads it.
#[derive(Queryable, Selectable)]
#[diesel(table_name = tr)]
struct Row {
    id: i64,
    subject: String,
    class_level: String,
    preferred_time: String,
    subject_id: Option<String>,
    class_id: Option<String>,
    board: Option<String>,
    mode: String,
    lat: f64,
    lng: f64,
    approx_lat: Option<f64>,
    approx_lng: Option<f64>,
    flagged: bool,
    flag_reason: Option<String>,
    assigned_tutor_id: Option<i64>,
    closed_at: Option<NaiveDateTime>,
    close_outcome: Option<String>,
    closed_tutor_id: Option<i64>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

/// The distance a tutor is shown: to the approximate point, rounded to 0.1 km.
/// The radius filter compares this same number, so a request listed at 1.7 km
/// is found with any radius of 1.7 km or more.
pub(crate) fn shown_distance(d: f64) -> f64 {
    (d / SHOWN_DISTANCE_STEP_KM).round() * SHOWN_DISTANCE_STEP_KM
}

/// The name a tutor sees before saying they are interested.
fn first_name(fullname: &str) -> String {
    fullname.split_whitespace().next().unwrap_or_default().to_string()
}

#[derive(Clone)]
pub struct TuitionService {
    pub(crate) db: Db,
    /// Decides each parent's published offset (see [`crate::location`]).
    key: LocationKey,
    /// Tells tutors about new requests in their area (see [`crate::alerts`]), parents about
    /// interest, and tutors about closed requests.
    pub(crate) notifier: Notifier,
    /// Where searches leave their terms for the admins' trends (written in the background).
    trends: SearchTrends,
}

impl TuitionService {
    pub fn new(db: Db, key: LocationKey) -> Self {
        let trends = SearchTrends::start(db.clone());
        Self { db, key, notifier: Notifier::default(), trends }
    }

    /// Returns once the search terms recorded so far are in the database: for a stop, and
    /// for a test about to read the trends.
    pub fn flush_search_trends(&self) {
        self.trends.flush();
    }

    /// The handle that writes the queued search terms, for a server to keep until it stops.
    pub fn search_trends(&self) -> SearchTrends {
        self.trends.clone()
    }

    /// Where the alerts this service stores are announced once committed.
    pub fn with_notifier(mut self, notifier: Notifier) -> Self {
        self.notifier = notifier;
        self
    }

    /// The parent's own requests, newest first, each with its interested tutors.
    #[tracing::instrument(skip_all, fields(parent = parent.0))]
    pub fn mine(&self, parent: UserId) -> Result<Vec<TuitionRequest>, TuitionError> {
        self.db.read(|c| {
            let rows: Vec<Row> =
                tr::table.filter(tr::parent_id.eq(parent.0)).order(tr::id.desc()).select(Row::as_select()).load(c)?;
            with_interests(c, rows)
        })
    }

    #[tracing::instrument(skip_all, fields(parent = parent.0))]
    pub fn create(&self, parent: UserId, role: Role, input: RequestInput) -> Result<TuitionRequest, TuitionError> {
        if role != Role::Parent {
            return Err(TuitionError::NotAParent);
        }
        let valid = input.validate().map_err(TuitionError::Validation)?;
        let approximate = self.key.approximate(parent.0, valid.point);
        let (created, alerts) = self.db.write(|c| {
            let at = now();
            let id: i64 = diesel::insert_into(tr::table)
                .values((
                    tr::parent_id.eq(parent.0),
                    tr::subject.eq(&valid.subject),
                    tr::class_level.eq(&valid.class_level),
                    tr::subject_id.eq(&valid.subject_id),
                    tr::class_id.eq(&valid.class_id),
                    tr::board.eq(valid.board.map(|b| b.id)),
                    tr::mode.eq(valid.mode.id),
                    tr::preferred_time.eq(&valid.preferred_time),
                    tr::lat.eq(valid.point.lat),
                    tr::lng.eq(valid.point.lng),
                    tr::approx_lat.eq(approximate.point.lat),
                    tr::approx_lng.eq(approximate.point.lng),
                    tr::approx_cell.eq(approximate.cell),
                    tr::created_at.eq(at),
                    tr::updated_at.eq(at),
                ))
                .returning(tr::id)
                .get_result(c)?;
            // In this transaction: the request and its alerts are stored together or not at all.
            let alerts = crate::alerts::new_request(c, &self.notifier, id)?;
            Ok::<_, TuitionError>((own(c, parent, id)?, alerts))
        })?;
        self.notifier.announce(&alerts);
        Ok(created)
    }

    /// Changes one of the parent's own requests; anyone else's answers 404. The
    /// approximate point is recomputed only when the exact point moves: an edit
    /// of the text leaves what tutors see where it was.
    #[tracing::instrument(skip_all, fields(parent = parent.0, id = id))]
    pub fn update(&self, parent: UserId, id: i64, input: RequestInput) -> Result<TuitionRequest, TuitionError> {
        let valid = input.validate().map_err(TuitionError::Validation)?;
        let (updated, alerts) = self.db.write(|c| {
            type Stored =
                (f64, f64, Option<i64>, Option<String>, Option<String>, Option<String>, String, String, String);
            let stored: Option<Stored> = tr::table
                .filter(tr::id.eq(id).and(tr::parent_id.eq(parent.0)))
                .select((
                    tr::lat,
                    tr::lng,
                    tr::approx_cell,
                    tr::subject_id,
                    tr::class_id,
                    tr::board,
                    tr::mode,
                    tr::subject,
                    tr::class_level,
                ))
                .first(c)
                .optional()?;
            let (lat, lng, approx_cell, subject_id, class_id, board, mode, subject, class_level) =
                stored.ok_or(TuitionError::NotFound)?;
            let moved = lat != valid.point.lat || lng != valid.point.lng || approx_cell.is_none();
            // What alerts match on: the ids, board and mode (and the words of an 'other').
            let retold = moved
                || subject_id.as_deref() != Some(valid.subject_id.as_str())
                || class_id.as_deref() != Some(valid.class_id.as_str())
                || board.as_deref() != valid.board.map(|b| b.id)
                || mode != valid.mode.id
                || subject != valid.subject
                || class_level != valid.class_level;
            diesel::update(tr::table.find(id))
                .set((
                    tr::subject.eq(&valid.subject),
                    tr::class_level.eq(&valid.class_level),
                    tr::subject_id.eq(&valid.subject_id),
                    tr::class_id.eq(&valid.class_id),
                    tr::board.eq(valid.board.map(|b| b.id)),
                    tr::mode.eq(valid.mode.id),
                    tr::preferred_time.eq(&valid.preferred_time),
                    tr::lat.eq(valid.point.lat),
                    tr::lng.eq(valid.point.lng),
                    tr::updated_at.eq(now()),
                ))
                .execute(c)?;
            if moved {
                store_approximate(c, id, &self.key.approximate(parent.0, valid.point))?;
            }
            // Tutors the changed request now reaches are told; those already told are not (dedupe).
            let alerts = if retold { crate::alerts::new_request(c, &self.notifier, id)? } else { Vec::new() };
            Ok::<_, TuitionError>((own(c, parent, id)?, alerts))
        })?;
        self.notifier.announce(&alerts);
        Ok(updated)
    }

    /// Deletes one of the parent's own requests and, with it, every interest in it.
    #[tracing::instrument(skip_all, fields(parent = parent.0, id = id))]
    pub fn delete(&self, parent: UserId, id: i64) -> Result<(), TuitionError> {
        self.db.write(|c| {
            let owned: i64 = tr::table.filter(tr::id.eq(id).and(tr::parent_id.eq(parent.0))).count().get_result(c)?;
            if owned == 0 {
                return Err(TuitionError::NotFound);
            }
            diesel::delete(ti::table.filter(ti::request_id.eq(id))).execute(c)?;
            diesel::delete(tr::table.filter(tr::id.eq(id))).execute(c)?;
            Ok(())
        })
    }

    /// Requests whose approximate point is within the radius, nearest first, for a
    /// tutor whose subscription is active. No contacts, except on the requests this
    /// tutor has already said they are interested in.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0))]
    pub fn nearby(&self, tutor: UserId, role: Role, query: &NearbyQuery) -> Result<Vec<NearbyRequest>, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutor);
        }
        if !(MIN_RADIUS_KM..=MAX_RADIUS_KM).contains(&query.radius_km) {
            return Err(FieldError::new("radiusKm", "The distance must be between 2 and 25 km.").into());
        }
        // Everything whose shown (rounded) distance fits: up to half a step beyond the radius.
        let search =
            Search::new(query.center, query.radius_km + SHOWN_DISTANCE_STEP_KM / 2.0, None, None, MAX_NEARBY_RESULTS)
                .with_filters(query)
                .map_err(TuitionError::Validation)?;
        let found = self.db.read(|c| -> Result<Vec<NearbyRequest>, TuitionError> {
            require_subscription(c, tutor)?;
            let found = nearest(c, &search)?;
            // `found` is nearest first, so those shown within the radius are a prefix of it.
            let ids: Vec<i64> =
                found.iter().filter(|(_, d)| shown_distance(*d) <= query.radius_km).map(|(id, _)| *id).collect();
            let details: Vec<Candidate> =
                tr::table.filter(one_of(c, tr::id, &ids)).select(Candidate::as_select()).load(c)?;
            let mut hits: Vec<_> = details
                .into_iter()
                .filter_map(|r| {
                    let approximate = Point { lat: r.approx_lat?, lng: r.approx_lng? };
                    let shown = shown_distance(distance_km(query.center, approximate));
                    Some((r, approximate, shown))
                })
                .collect();
            // Shown nearest first by the distance the tutor sees.
            hits.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.0.id.cmp(&b.0.id)));

            let ids: Vec<i64> = hits.iter().map(|h| h.0.id).collect();
            let interested: HashSet<i64> = ti::table
                .filter(ti::tutor_id.eq(tutor.0).and(one_of(c, ti::request_id, &ids)))
                .select(ti::request_id)
                .load(c)?
                .into_iter()
                .collect();
            let parent_ids: Vec<i64> = hits.iter().map(|h| h.0.parent_id).collect();
            let names = accounts::names(c, &parent_ids)?;
            // Contacts only of the parents whose requests this tutor is interested in.
            let revealed: Vec<i64> =
                hits.iter().filter(|h| interested.contains(&h.0.id)).map(|h| h.0.parent_id).collect();
            let contacts: HashMap<i64, ParentContact> =
                accounts::people(c, &revealed)?.into_values().map(|p| (p.id.0, contact_of(p))).collect();
            Ok(hits
                .into_iter()
                .filter_map(
                    |(
                        Candidate {
                            id,
                            parent_id,
                            subject,
                            class_level,
                            preferred_time,
                            subject_id,
                            class_id,
                            board,
                            mode,
                            created_at,
                            ..
                        },
                        approximate,
                        shown,
                    )| {
                        let is_interested = interested.contains(&id);
                        Some(NearbyRequest {
                            id,
                            subject,
                            class_level,
                            preferred_time,
                            subject_id,
                            class_id,
                            board,
                            mode,
                            place_name: Places::global().describe(approximate.lat, approximate.lng),
                            approximate_location: approximate,
                            distance_km: shown,
                            parent: NearbyParent {
                                id: UserId(parent_id),
                                first_name: first_name(names.get(&UserId(parent_id))?),
                            },
                            interested: is_interested,
                            contact: if is_interested { contacts.get(&parent_id).cloned() } else { None },
                            created_at,
                        })
                    },
                )
                .collect::<Vec<_>>())
        })?;
        self.record_search_terms(query);
        Ok(found)
    }

    /// Keeps the subject and class filters a tutor searched with (an id as its label), for
    /// the admins' search trends. Queued, never written here: see [`crate::trends`].
    fn record_search_terms(&self, query: &NearbyQuery) {
        // An id filter is kept as its label, so 'maths' by id and 'Mathematics' typed count alike.
        let label = |facet, id: &Option<String>| {
            id.as_deref().and_then(|id| hometutor_vocabulary::label(facet, id.trim())).map(str::to_string)
        };
        let subject = label(hometutor_vocabulary::Facet::Subject, &query.subject_id).or_else(|| query.subject.clone());
        let class = label(hometutor_vocabulary::Facet::Class, &query.class_id).or_else(|| query.class_level.clone());
        let terms: Vec<String> = [subject, class]
            .into_iter()
            .flatten()
            .map(|t| t.trim().to_lowercase().chars().take(MAX_TERM_CHARS).collect::<String>())
            .filter(|t| !t.is_empty())
            .collect();
        if terms.is_empty() {
            return;
        }
        self.trends.record(terms, now());
    }

    /// Records a subscribed tutor's interest and answers the parent's contacts: the
    /// one way a tutor learns them, so every reveal is on record and the parent sees
    /// who it was. Saying it again about the same request answers the contacts again
    /// and is not counted again; new interests are limited to
    /// [`MAX_INTERESTS_PER_DAY`] in any 24 hours.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0, id = id))]
    pub fn express_interest(&self, tutor: UserId, role: Role, id: i64) -> Result<ParentContact, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutor);
        }
        let (contact, told) = self.db.write(|c| {
            // Holds the tutor's row until the transaction ends, so two requests by one tutor
            // cannot both pass the daily limit and both write.
            accounts::lock(c, tutor)?;
            require_subscription(c, tutor)?;
            // Only a request a tutor could see: unflagged, with its approximate point.
            let found: Option<(i64, String, Option<NaiveDateTime>)> = tr::table
                .filter(tr::id.eq(id).and(tr::flagged.eq(false)).and(tr::approx_cell.is_not_null()))
                .select((tr::parent_id, tr::subject, tr::closed_at))
                .first(c)
                .optional()?;
            let (parent, subject, closed_at) = found.ok_or(TuitionError::NotFound)?;
            if closed_at.is_some() {
                return Err(TuitionError::Closed);
            }
            let contact = accounts::people(c, &[parent])?
                .remove(&UserId(parent))
                .map(contact_of)
                .ok_or(TuitionError::NotFound)?;
            let already: i64 =
                ti::table.filter(ti::request_id.eq(id).and(ti::tutor_id.eq(tutor.0))).count().get_result(c)?;
            if already > 0 {
                return Ok((contact, None));
            }
            let at = now();
            let today: i64 = ti::table
                .filter(ti::tutor_id.eq(tutor.0).and(ti::created_at.gt(at - chrono::Duration::hours(24))))
                .count()
                .get_result(c)?;
            if today >= MAX_INTERESTS_PER_DAY {
                return Err(TuitionError::InterestLimit);
            }
            diesel::insert_into(ti::table)
                .values((ti::request_id.eq(id), ti::tutor_id.eq(tutor.0), ti::created_at.eq(at)))
                .execute(c)?;
            let tutor_name = accounts::names(c, &[tutor.0])?.remove(&tutor).unwrap_or_default();
            let told = self.notifier.notify(c, &interest_notice(UserId(parent), id, &subject, tutor, &tutor_name))?;
            Ok((contact, told))
        })?;
        self.notifier.announce(told.as_slice());
        Ok(contact)
    }

    /// Gives every request stored without an approximate point (those written before
    /// it existed) its point; returns how many. Idempotent: run at every start-up,
    /// right after the migrations. Until it has run, such requests are not shown to tutors.
    #[tracing::instrument(skip_all)]
    pub fn backfill_approximate_points(&self) -> Result<usize, TuitionError> {
        let mut filled = 0;
        loop {
            let done = self.db.write(|c| -> Result<usize, TuitionError> {
                let rows: Vec<(i64, i64, f64, f64)> = tr::table
                    .filter(tr::approx_cell.is_null().or(tr::approx_lat.is_null()).or(tr::approx_lng.is_null()))
                    .order(tr::id)
                    .limit(BACKFILL_BATCH)
                    .select((tr::id, tr::parent_id, tr::lat, tr::lng))
                    .load(c)?;
                for (id, parent, lat, lng) in &rows {
                    store_approximate(c, *id, &self.key.approximate(*parent, Point { lat: *lat, lng: *lng }))?;
                }
                Ok(rows.len())
            })?;
            filled += done;
            if done < BACKFILL_BATCH as usize {
                return Ok(filled);
            }
        }
    }
}

/// Publishes a request's approximate point (and its grid cell) in place of the one it had.
fn store_approximate(c: &mut DbConnection, id: i64, approximate: &Approximate) -> QueryResult<()> {
    diesel::update(tr::table.find(id))
        .set((
            tr::approx_lat.eq(approximate.point.lat),
            tr::approx_lng.eq(approximate.point.lng),
            tr::approx_cell.eq(approximate.cell),
        ))
        .execute(c)
        .map(drop)
}

/// What a parent is told when a tutor says they are interested in one of their requests.
fn interest_notice(parent: UserId, request: i64, subject: &str, tutor: UserId, tutor_name: &str) -> Notice {
    Notice {
        user: parent,
        kind: Kind::TutorInterested,
        title: format!("{tutor_name} is interested in your {subject} request"),
        body: format!("Open {tutor_name}'s profile to see their fees and reviews, or send them a message."),
        link: Some(format!("/tutor/{}", tutor.0)),
        data: serde_json::json!({
            "requestId": request,
            "tutorId": tutor.0,
            "tutorName": tutor_name,
            "chatLink": format!("/messages?with={}", tutor.0),
        }),
        dedupe_key: Some(format!("tutor_interested:{request}:{}", tutor.0)),
    }
}

/// A parent's contacts, as a tutor who said they are interested is shown them.
fn contact_of(parent: accounts::Person) -> ParentContact {
    ParentContact { id: parent.id, fullname: parent.fullname, email: parent.email, phone: parent.phone }
}

fn require_subscription(c: &mut DbConnection, tutor: UserId) -> Result<(), TuitionError> {
    if accounts::subscription(c, tutor)?.is_some_and(|s| s.at(now()).active) {
        Ok(())
    } else {
        Err(TuitionError::SubscriptionRequired)
    }
}

pub(crate) fn own(c: &mut DbConnection, parent: UserId, id: i64) -> Result<TuitionRequest, TuitionError> {
    let row: Option<Row> =
        tr::table.filter(tr::id.eq(id).and(tr::parent_id.eq(parent.0))).select(Row::as_select()).first(c).optional()?;
    let row = row.ok_or(TuitionError::NotFound)?;
    with_interests(c, vec![row])?.pop().ok_or(TuitionError::NotFound)
}

fn with_interests(c: &mut DbConnection, rows: Vec<Row>) -> Result<Vec<TuitionRequest>, TuitionError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut tutors: HashMap<i64, Vec<InterestedTutor>> = HashMap::new();
    let interests: Vec<(i64, i64)> = ti::table
        .filter(ti::request_id.eq_any(&ids))
        .order(ti::created_at.asc())
        .select((ti::request_id, ti::tutor_id))
        .load(c)?;
    let mut tutor_ids: Vec<i64> = interests.iter().map(|(_, tutor)| *tutor).collect();
    tutor_ids.sort_unstable();
    tutor_ids.dedup();
    let people = accounts::people(c, &tutor_ids)?;
    let ratings = hometutor_profiles::ratings(c, &tutor_ids)?;
    // An interest is its tutor's (deleting an account deletes its interests), so every tutor is found.
    for (request, tutor) in interests {
        if let Some(p) = people.get(&UserId(tutor)) {
            let (fullname, email, phone) = (p.fullname.clone(), p.email.clone(), p.phone.clone());
            let (rating, review_count) = ratings.get(&tutor).copied().unwrap_or_default();
            tutors.entry(request).or_default().push(InterestedTutor {
                tutor: p.id,
                fullname,
                email,
                phone,
                rating,
                review_count,
            });
        }
    }
    Ok(rows
        .into_iter()
        .map(|r| TuitionRequest {
            interested_tutors: tutors.remove(&r.id).unwrap_or_default(),
            id: r.id,
            subject: r.subject,
            class_level: r.class_level,
            preferred_time: r.preferred_time,
            subject_id: r.subject_id,
            class_id: r.class_id,
            board: r.board,
            mode: r.mode,
            place_name: Places::global().nearest(r.lat, r.lng).map(|p| p.display_name()),
            location: Point { lat: r.lat, lng: r.lng },
            approximate_location: r.approx_lat.zip(r.approx_lng).map(|(lat, lng)| Point { lat, lng }),
            assigned_tutor: r.assigned_tutor_id.map(UserId),
            flagged: r.flagged,
            flag_reason: r.flag_reason,
            closed_at: r.closed_at,
            close_outcome: r.close_outcome.as_deref().and_then(CloseOutcome::parse),
            closed_tutor: r.closed_tutor_id.map(UserId),
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
        .collect())
}
