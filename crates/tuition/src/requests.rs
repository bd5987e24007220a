//! A parent's own requests: post, edit, delete and list them, each with its interested tutors;
//! and the start-up fill-in of the approximate point of requests stored before it existed.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr};
use hometutor_db::{now, DbConnection};
use hometutor_geo::Point;
use hometutor_places::Places;

use crate::location::Approximate;
use crate::model::{CloseOutcome, InterestedTutor, RequestInput, TuitionRequest, ValidRequest};
use crate::{TuitionError, TuitionService};

/// Old requests filled in with their approximate point per transaction.
const BACKFILL_BATCH: i64 = 500;

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

impl TuitionService {
    /// The parent's own requests, newest first, each with its interested tutors.
    #[tracing::instrument(skip_all, fields(parent = parent.0))]
    pub fn mine(&self, parent: UserId) -> Result<Vec<TuitionRequest>, TuitionError> {
        self.db.read(|c| {
            let rows: Vec<Row> =
                tr::table.filter(tr::parent_id.eq(parent.0)).order(tr::id.desc()).select(Row::as_select()).load(c)?;
            with_interests(c, parent, rows)
        })
    }

    #[tracing::instrument(skip_all, fields(parent = parent.0))]
    pub fn create(&self, parent: UserId, role: Role, input: RequestInput) -> Result<TuitionRequest, TuitionError> {
        if role != Role::Parent {
            return Err(TuitionError::NotAParent);
        }
        let valid = input.validate().map_err(TuitionError::Validation)?;
        let approximate = self.key.approximate(valid.point);
        let (created, alerts) = self.db.write(|c| {
            // Holds the parent's row until the transaction ends, so that posts sent at once
            // cannot all pass the daily limit (SQLite's writes already go one at a time).
            accounts::lock(c, parent)?;
            let since = now() - chrono::Duration::hours(24);
            let today: i64 =
                tr::table.filter(tr::parent_id.eq(parent.0).and(tr::created_at.gt(since))).count().get_result(c)?;
            if today >= self.requests_per_day {
                return Err(TuitionError::RequestLimit(self.requests_per_day));
            }
            let id = insert(c, parent, &valid, &approximate)?;
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
                store_approximate(c, id, &self.key.approximate(valid.point))?;
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

    /// Gives every request stored without an approximate point (those written before
    /// it existed) its point; returns how many. Idempotent: run at every start-up,
    /// right after the migrations. Until it has run, such requests are not shown to tutors.
    #[tracing::instrument(skip_all)]
    pub fn backfill_approximate_points(&self) -> Result<usize, TuitionError> {
        let mut filled = 0;
        loop {
            let done = self.db.write(|c| -> Result<usize, TuitionError> {
                let rows: Vec<(i64, f64, f64)> = tr::table
                    .filter(tr::approx_cell.is_null().or(tr::approx_lat.is_null()).or(tr::approx_lng.is_null()))
                    .order(tr::id)
                    .limit(BACKFILL_BATCH)
                    .select((tr::id, tr::lat, tr::lng))
                    .load(c)?;
                for (id, lat, lng) in &rows {
                    store_approximate(c, *id, &self.key.approximate(Point { lat: *lat, lng: *lng }))?;
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

/// Stores a new request of `parent` with its approximate point; returns its id. The caller
/// alerts the tutors it reaches.
pub(crate) fn insert(
    c: &mut DbConnection,
    parent: UserId,
    valid: &ValidRequest,
    approximate: &Approximate,
) -> QueryResult<i64> {
    let at = now();
    diesel::insert_into(tr::table)
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
        .get_result(c)
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

/// One of the parent's own requests as they read it; anyone else's is not found.
pub(crate) fn own(c: &mut DbConnection, parent: UserId, id: i64) -> Result<TuitionRequest, TuitionError> {
    let row: Option<Row> =
        tr::table.filter(tr::id.eq(id).and(tr::parent_id.eq(parent.0))).select(Row::as_select()).first(c).optional()?;
    let row = row.ok_or(TuitionError::NotFound)?;
    with_interests(c, parent, vec![row])?.pop().ok_or(TuitionError::NotFound)
}

/// The rows (all `parent`'s) with their interested tutors, less the tutors blocked either way:
/// the parent's block is their "no" to that tutor, and a tutor's block of the parent is theirs,
/// so the interest is hidden (kept, and shown again after an unblock), as marketplaces hide a
/// blocked person rather than label them.
fn with_interests(c: &mut DbConnection, parent: UserId, rows: Vec<Row>) -> Result<Vec<TuitionRequest>, TuitionError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut tutors: HashMap<i64, Vec<InterestedTutor>> = HashMap::new();
    let mut blocked: HashSet<i64> = hometutor_moderation::blocks::blockers_of(c, parent)?;
    blocked.extend(hometutor_moderation::blocks::blocked_by(c, parent)?.into_iter().map(|(tutor, _)| tutor.0));
    let interests: Vec<(i64, i64)> = ti::table
        .filter(ti::request_id.eq_any(&ids))
        .order(ti::created_at.asc())
        .select((ti::request_id, ti::tutor_id))
        .load::<(i64, i64)>(c)?
        .into_iter()
        .filter(|(_, tutor)| !blocked.contains(tutor))
        .collect();
    let mut tutor_ids: Vec<i64> = interests.iter().map(|(_, tutor)| *tutor).collect();
    tutor_ids.sort_unstable();
    tutor_ids.dedup();
    let people = accounts::people(c, &tutor_ids)?;
    let ratings = hometutor_profiles::ratings(c, &tutor_ids)?;
    let withheld = crate::contacts::withheld_from(c, parent, &tutor_ids)?;
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
                sharing: !withheld.contains(&tutor),
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
