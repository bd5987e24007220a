use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use hometutor_core::{FieldError, Role, UserId};
use hometutor_db::schema::{search_events as se, tuition_interests as ti, tuition_requests as tr, users};
use hometutor_db::{now, Db, DbConnection};
use hometutor_geo::{blur, cell_of, distance_km, Point};

use crate::model::{InterestedTutor, NearbyQuery, NearbyRequest, ParentContact, RequestInput, TuitionRequest};
use crate::search::{nearest, Search};
use crate::{TuitionError, APPROXIMATION_KM, MAX_NEARBY_RESULTS, MAX_RADIUS_KM, MIN_RADIUS_KM};

/// id, parent, subject, class, time, lat, lng, created — what the nearby search reads per candidate.
/// Longest search term kept for the trends.
const MAX_TERM_CHARS: usize = 60;

type Candidate = (i64, i64, String, String, String, f64, f64, NaiveDateTime);

/// A stored request as its parent reads it.
#[derive(Queryable, Selectable)]
#[diesel(table_name = tr)]
struct Row {
    id: i64,
    subject: String,
    class_level: String,
    preferred_time: String,
    lat: f64,
    lng: f64,
    flagged: bool,
    flag_reason: Option<String>,
    assigned_tutor_id: Option<i64>,
    created_at: NaiveDateTime,
    updated_at: NaiveDateTime,
}

#[derive(Clone)]
pub struct TuitionService {
    db: Db,
    /// Secret that decides each request's published offset, so the exact
    /// location cannot be worked back from the approximate one.
    blur_key: u64,
}

impl TuitionService {
    pub fn new(db: Db, blur_key: u64) -> Self {
        Self { db, blur_key }
    }

    /// The parent's own requests, newest first, each with its interested tutors.
    pub fn mine(&self, parent: UserId) -> Result<Vec<TuitionRequest>, TuitionError> {
        self.db.read(|c| {
            let rows: Vec<Row> =
                tr::table.filter(tr::parent_id.eq(parent.0)).order(tr::id.desc()).select(Row::as_select()).load(c)?;
            with_interests(c, rows)
        })
    }

    pub fn create(&self, parent: UserId, role: Role, input: RequestInput) -> Result<TuitionRequest, TuitionError> {
        if role != Role::Parent {
            return Err(TuitionError::NotAParent);
        }
        let valid = input.validate().map_err(TuitionError::Validation)?;
        self.db.write(|c| {
            let at = now();
            let id: i64 = diesel::insert_into(tr::table)
                .values((
                    tr::parent_id.eq(parent.0),
                    tr::subject.eq(&valid.subject),
                    tr::class_level.eq(&valid.class_level),
                    tr::preferred_time.eq(&valid.preferred_time),
                    tr::lat.eq(valid.point.lat),
                    tr::lng.eq(valid.point.lng),
                    tr::cell.eq(cell_of(valid.point)),
                    tr::created_at.eq(at),
                    tr::updated_at.eq(at),
                ))
                .returning(tr::id)
                .get_result(c)?;
            own(c, parent, id)
        })
    }

    /// Changes one of the parent's own requests; anyone else's answers 404.
    pub fn update(&self, parent: UserId, id: i64, input: RequestInput) -> Result<TuitionRequest, TuitionError> {
        let valid = input.validate().map_err(TuitionError::Validation)?;
        self.db.write(|c| {
            let changed = diesel::update(tr::table.filter(tr::id.eq(id).and(tr::parent_id.eq(parent.0))))
                .set((
                    tr::subject.eq(&valid.subject),
                    tr::class_level.eq(&valid.class_level),
                    tr::preferred_time.eq(&valid.preferred_time),
                    tr::lat.eq(valid.point.lat),
                    tr::lng.eq(valid.point.lng),
                    tr::cell.eq(cell_of(valid.point)),
                    tr::updated_at.eq(now()),
                ))
                .execute(c)?;
            if changed == 0 {
                return Err(TuitionError::NotFound);
            }
            own(c, parent, id)
        })
    }

    /// Deletes one of the parent's own requests and, with it, every interest in it.
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

    /// Requests within the radius, nearest first, for a tutor whose subscription is active.
    pub fn nearby(&self, tutor: UserId, role: Role, query: &NearbyQuery) -> Result<Vec<NearbyRequest>, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutor);
        }
        if !(MIN_RADIUS_KM..=MAX_RADIUS_KM).contains(&query.radius_km) {
            return Err(FieldError::new("radiusKm", "The distance must be between 2 and 25 km.").into());
        }
        let search = Search::new(
            query.center,
            query.radius_km,
            query.subject.as_deref(),
            query.class_level.as_deref(),
            MAX_NEARBY_RESULTS,
        );
        let found = self.db.read(|c| -> Result<Vec<NearbyRequest>, TuitionError> {
            require_subscription(c, tutor)?;
            let found = nearest(c, &search)?;
            let ids: Vec<i64> = found.iter().map(|(id, _)| *id).collect();
            let details: Vec<Candidate> = tr::table
                .filter(tr::id.eq_any(&ids))
                .select((
                    tr::id,
                    tr::parent_id,
                    tr::subject,
                    tr::class_level,
                    tr::preferred_time,
                    tr::lat,
                    tr::lng,
                    tr::created_at,
                ))
                .load(c)?;
            let mut hits: Vec<_> = details
                .into_iter()
                .map(|r| {
                    let approximate = blur(Point { lat: r.5, lng: r.6 }, APPROXIMATION_KM, self.seed(r.0));
                    let shown = (distance_km(query.center, approximate) * 10.0).round() / 10.0;
                    (r, approximate, shown)
                })
                .collect();
            // Shown nearest first by the distance the tutor sees.
            hits.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.0 .0.cmp(&b.0 .0)));

            let ids: Vec<i64> = hits.iter().map(|h| h.0 .0).collect();
            let parent_ids: Vec<i64> = hits.iter().map(|h| h.0 .1).collect();
            let parents: HashMap<i64, ParentContact> = users::table
                .filter(users::id.eq_any(&parent_ids))
                .select((users::id, users::fullname, users::email, users::phone))
                .load::<(i64, String, String, String)>(c)?
                .into_iter()
                .map(|(id, fullname, email, phone)| (id, ParentContact { id: UserId(id), fullname, email, phone }))
                .collect();
            let interested: HashSet<i64> = ti::table
                .filter(ti::tutor_id.eq(tutor.0).and(ti::request_id.eq_any(&ids)))
                .select(ti::request_id)
                .load(c)?
                .into_iter()
                .collect();
            Ok(hits
                .into_iter()
                .filter_map(
                    |((id, parent_id, subject, class_level, preferred_time, _, _, created_at), approximate, shown)| {
                        Some(NearbyRequest {
                            id,
                            subject,
                            class_level,
                            preferred_time,
                            approximate_location: approximate,
                            distance_km: shown,
                            parent: parents.get(&parent_id)?.clone(),
                            interested: interested.contains(&id),
                            created_at,
                        })
                    },
                )
                .collect::<Vec<_>>())
        })?;
        self.record_search_terms(query);
        Ok(found)
    }

    /// Keeps the subject and class filters a tutor searched with, for the admins'
    /// search trends. Best effort: a failure here must not fail the search.
    fn record_search_terms(&self, query: &NearbyQuery) {
        let terms: Vec<String> = [&query.subject, &query.class_level]
            .into_iter()
            .flatten()
            .map(|t| t.trim().to_lowercase().chars().take(MAX_TERM_CHARS).collect::<String>())
            .filter(|t| !t.is_empty())
            .collect();
        if terms.is_empty() {
            return;
        }
        let at = now();
        let stored = self.db.write(|c| -> Result<(), TuitionError> {
            for term in &terms {
                diesel::insert_into(se::table).values((se::term.eq(term), se::created_at.eq(at))).execute(c)?;
            }
            Ok(())
        });
        if let Err(e) = stored {
            tracing::warn!(error = %e, "recording search terms");
        }
    }

    /// Records a subscribed tutor's interest; saying it twice is the same as once.
    pub fn express_interest(&self, tutor: UserId, role: Role, id: i64) -> Result<(), TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutor);
        }
        self.db.write(|c| {
            require_subscription(c, tutor)?;
            let open: i64 = tr::table.filter(tr::id.eq(id).and(tr::flagged.eq(false))).count().get_result(c)?;
            if open == 0 {
                return Err(TuitionError::NotFound);
            }
            let already: i64 =
                ti::table.filter(ti::request_id.eq(id).and(ti::tutor_id.eq(tutor.0))).count().get_result(c)?;
            if already > 0 {
                return Ok(());
            }
            // Two concurrent clicks may still race to the insert: the key keeps one.
            let inserted = diesel::insert_into(ti::table)
                .values((ti::request_id.eq(id), ti::tutor_id.eq(tutor.0), ti::created_at.eq(now())))
                .execute(c);
            match inserted {
                Ok(_) | Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => Ok(()),
                Err(e) => Err(e.into()),
            }
        })
    }

    fn seed(&self, id: i64) -> u64 {
        self.blur_key ^ (id as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
}

fn require_subscription(c: &mut DbConnection, tutor: UserId) -> Result<(), TuitionError> {
    let (active, expires): (bool, Option<NaiveDateTime>) = users::table
        .find(tutor.0)
        .select((users::subscription_active, users::subscription_expires))
        .first(c)
        .optional()?
        .unwrap_or((false, None));
    if active && expires.is_some_and(|e| e > now()) {
        Ok(())
    } else {
        Err(TuitionError::SubscriptionRequired)
    }
}

fn own(c: &mut DbConnection, parent: UserId, id: i64) -> Result<TuitionRequest, TuitionError> {
    let row: Option<Row> =
        tr::table.filter(tr::id.eq(id).and(tr::parent_id.eq(parent.0))).select(Row::as_select()).first(c).optional()?;
    let row = row.ok_or(TuitionError::NotFound)?;
    with_interests(c, vec![row])?.pop().ok_or(TuitionError::NotFound)
}

fn with_interests(c: &mut DbConnection, rows: Vec<Row>) -> Result<Vec<TuitionRequest>, TuitionError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.id).collect();
    let mut tutors: HashMap<i64, Vec<InterestedTutor>> = HashMap::new();
    let interests: Vec<(i64, i64, String, String, String)> = ti::table
        .inner_join(users::table)
        .filter(ti::request_id.eq_any(&ids))
        .order(ti::created_at.asc())
        .select((ti::request_id, users::id, users::fullname, users::email, users::phone))
        .load(c)?;
    for (request, tutor, fullname, email, phone) in interests {
        tutors.entry(request).or_default().push(InterestedTutor { tutor: UserId(tutor), fullname, email, phone });
    }
    Ok(rows
        .into_iter()
        .map(|r| TuitionRequest {
            interested_tutors: tutors.remove(&r.id).unwrap_or_default(),
            id: r.id,
            subject: r.subject,
            class_level: r.class_level,
            preferred_time: r.preferred_time,
            location: Point { lat: r.lat, lng: r.lng },
            assigned_tutor: r.assigned_tutor_id.map(UserId),
            flagged: r.flagged,
            flag_reason: r.flag_reason,
            created_at: r.created_at,
            updated_at: r.updated_at,
        })
        .collect())
}
