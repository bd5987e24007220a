//! A subscribed tutor's nearby search: open requests around a point, nearest first, with
//! contacts only where the tutor has said they are interested; its filters feed the trends.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{FieldError, Role, UserId};
use hometutor_db::id_list::one_of;
use hometutor_db::now;
use hometutor_db::schema::{tuition_interests as ti, tuition_requests as tr};
use hometutor_geo::{distance_km, Point};
use hometutor_places::Places;
use hometutor_vocabulary::Facet;

use crate::model::{NearbyParent, NearbyQuery, NearbyRequest, NearbySort, ParentContact};
use crate::search::{nearest, newest, Own, Search};
use crate::service::{contact_of, require_subscription, shown_distance};
use crate::{TuitionError, TuitionService, MAX_NEARBY_RESULTS, MAX_RADIUS_KM, MIN_RADIUS_KM, SHOWN_DISTANCE_STEP_KM};

/// Longest search term kept for the trends.
const MAX_TERM_CHARS: usize = 60;

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

/// The name a tutor sees before saying they are interested.
fn first_name(fullname: &str) -> String {
    fullname.split_whitespace().next().unwrap_or_default().to_string()
}

impl TuitionService {
    /// Requests whose approximate point is within the radius, nearest first, for a
    /// tutor whose subscription is active. No contacts, except on the requests this
    /// tutor has already said they are interested in.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0))]
    pub fn nearby(&self, tutor: UserId, role: Role, query: &NearbyQuery) -> Result<Vec<NearbyRequest>, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutor);
        }
        if !(MIN_RADIUS_KM..=MAX_RADIUS_KM).contains(&query.radius_km) {
            return Err(FieldError::text("radiusKm", crate::radius_message()).into());
        }
        // Everything whose shown (rounded) distance fits: up to half a step beyond the radius.
        let mut search =
            Search::new(query.center, query.radius_km + SHOWN_DISTANCE_STEP_KM / 2.0, None, None, MAX_NEARBY_RESULTS)
                .with_filters(query)
                .map_err(TuitionError::Validation)?;
        let found = self.db.read(|c| -> Result<Vec<NearbyRequest>, TuitionError> {
            require_subscription(c, tutor)?;
            // The tutor's own subjects and classes, in the search itself: before the nearest are cut.
            if query.mine {
                search.own = crate::area::load(c, tutor)?.as_ref().and_then(Own::of);
            }
            let found = match query.sort {
                NearbySort::Distance => nearest(c, &search)?,
                NearbySort::Newest => newest(c, &search)?,
            };
            // Those shown within the radius (nearest first, a prefix of `found`; newest first, scattered in it).
            let ids: Vec<i64> =
                found.iter().filter(|(_, d)| shown_distance(*d) <= query.radius_km).map(|(id, _)| *id).collect();
            let details: Vec<Candidate> =
                tr::table.filter(one_of(c, tr::id, &ids)).select(Candidate::as_select()).load(c)?;
            // A parent who blocked this tutor is not shown to them: their requests are not listed.
            let blockers = hometutor_moderation::blocks::blockers_of(c, tutor)?;
            let mut hits: Vec<_> = details
                .into_iter()
                .filter(|r| !blockers.contains(&r.parent_id))
                .filter_map(|r| {
                    let approximate = Point { lat: r.approx_lat?, lng: r.approx_lng? };
                    let shown = shown_distance(distance_km(query.center, approximate));
                    Some((r, approximate, shown))
                })
                .collect();
            match query.sort {
                // Shown nearest first by the distance the tutor sees.
                NearbySort::Distance => hits.sort_by(|a, b| a.2.total_cmp(&b.2).then(a.0.id.cmp(&b.0.id))),
                NearbySort::Newest => {
                    hits.sort_by(|a, b| b.0.created_at.cmp(&a.0.created_at).then(b.0.id.cmp(&a.0.id)))
                }
            }

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
            // …who still share them with this tutor.
            let sharing = crate::contacts::shared_by(c, tutor, &revealed)?;
            let revealed: Vec<i64> = revealed.into_iter().filter(|p| sharing.contains(p)).collect();
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
        let terms = [
            (Facet::Subject, query.subject_id.as_deref(), query.subject.as_deref()),
            (Facet::Class, query.class_id.as_deref(), query.class_level.as_deref()),
        ];
        self.record_terms(&terms);
    }

    /// Keeps the subject and class ids a family's tutor search filtered by, for the same trends:
    /// what parents look for counts beside what tutors look for.
    pub fn record_tutor_search_terms(&self, subject_id: Option<&str>, class_id: Option<&str>) {
        self.record_terms(&[(Facet::Subject, subject_id, None), (Facet::Class, class_id, None)]);
    }

    fn record_terms(&self, filters: &[(Facet, Option<&str>, Option<&str>)]) {
        // An id filter is kept as its label, so 'maths' by id and 'Mathematics' typed count alike.
        let terms: Vec<String> = filters
            .iter()
            .filter_map(|(facet, id, typed)| {
                id.and_then(|id| hometutor_vocabulary::label(*facet, id.trim())).or(*typed).map(str::to_string)
            })
            .map(|t| t.trim().to_lowercase().chars().take(MAX_TERM_CHARS).collect::<String>())
            .filter(|t| !t.is_empty())
            .collect();
        if terms.is_empty() {
            return;
        }
        self.trends.record(terms, now());
    }
}
