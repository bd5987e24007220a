//! How many open requests each of a subscribed tutor's filter choices would find around the
//! search's centre: per subject and per class, and in all with and without "only my subjects
//! and classes". Subscribed tutors only, as the list itself: a tutor without a subscription is
//! told the number alone ([`crate::count`]), so nothing here may reach them (it would tell them
//! what is asked near them).

use std::collections::{BTreeMap, HashSet};

use diesel::prelude::*;
use hometutor_core::{FieldError, Role, UserId};
use hometutor_db::id_list::one_of;
use hometutor_db::schema::tuition_requests as tr;
use hometutor_geo::{cells_by_distance, distance_km, Point};
use hometutor_vocabulary::Facet;

use crate::model::stored_choice;
use crate::open::open_to_tutors;
use crate::search::{Own, Search};
use crate::service::{require_subscription, shown_distance};
use crate::{NearbyQuery, TuitionError, TuitionService, MAX_RADIUS_KM, MIN_RADIUS_KM, SHOWN_DISTANCE_STEP_KM};

/// The counts behind a tutor's filter choices: what each would list within the radius.
// The doc comments here are the API schema's descriptions.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = NearbyFacetsDto))]
#[serde(rename_all = "camelCase")]
pub struct NearbyFacets {
    /// The radius counted within, in km.
    pub radius_km: f64,
    /// Requests the search lists with "only my subjects and classes" off (the other filters on).
    pub all: i64,
    /// …and with it on; null when the tutor has saved no subjects or classes (it would keep everything).
    pub mine: Option<i64>,
    /// Per subject id (`other` for the rest): what choosing it would list, the other filters kept
    /// (and the tutor's own classes and subjects when `mine` is asked). Ids with none are left out.
    pub subjects: BTreeMap<String, i64>,
    /// Per class id, the same way.
    pub classes: BTreeMap<String, i64>,
}

/// What the counts read of a request.
type FacetRow = (i64, Option<f64>, Option<f64>, Option<String>, String, Option<String>, String, Option<String>, String);

/// Cells read per query, as the count does.
const CELLS_PER_QUERY: usize = hometutor_db::id_list::MAX_LISTED;

impl TuitionService {
    /// Counts, for a subscribed tutor, what the nearby search from `query`'s centre and radius
    /// would list with each subject and each class chosen, and with "only my subjects and
    /// classes" off and on. The same rules as the list: open requests, shown distance, parents
    /// who blocked the tutor left out.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0))]
    pub fn nearby_facets(&self, tutor: UserId, role: Role, query: &NearbyQuery) -> Result<NearbyFacets, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutor);
        }
        if !(MIN_RADIUS_KM..=MAX_RADIUS_KM).contains(&query.radius_km) {
            return Err(FieldError::text("radiusKm", crate::radius_message()).into());
        }
        let search = Search::new(query.center, query.radius_km, None, None, 0)
            .with_filters(query)
            .map_err(TuitionError::Validation)?;
        self.db.read(|c| {
            require_subscription(c, tutor)?;
            let own = crate::area::load(c, tutor)?.as_ref().and_then(Own::of);
            let blockers: HashSet<i64> = hometutor_moderation::blocks::blockers_of(c, tutor)?;
            let cells: Vec<i64> = cells_by_distance(query.center, query.radius_km + SHOWN_DISTANCE_STEP_KM / 2.0)
                .into_iter()
                .map(|(cell, _)| cell)
                .collect();
            let mut facets = NearbyFacets {
                radius_km: query.radius_km,
                all: 0,
                mine: own.as_ref().map(|_| 0),
                subjects: BTreeMap::new(),
                classes: BTreeMap::new(),
            };
            for batch in cells.chunks(CELLS_PER_QUERY) {
                let rows: Vec<FacetRow> = tr::table
                    .filter(one_of(c, tr::approx_cell.assume_not_null(), batch).and(open_to_tutors()))
                    .select((
                        tr::parent_id,
                        tr::approx_lat,
                        tr::approx_lng,
                        tr::subject_id,
                        tr::subject,
                        tr::class_id,
                        tr::class_level,
                        tr::board,
                        tr::mode,
                    ))
                    .load(c)?;
                for (parent, lat, lng, subject_id, subject, class_id, class_level, board, mode) in rows {
                    let (Some(lat), Some(lng)) = (lat, lng) else { continue };
                    if blockers.contains(&parent)
                        || shown_distance(distance_km(query.center, Point { lat, lng })) > query.radius_km
                    {
                        continue;
                    }
                    let (subject_id, class_id) = (subject_id.as_deref(), class_id.as_deref());
                    let (subject_ok, class_ok, rest_ok) =
                        search.parts((subject_id, &subject, class_id, &class_level, board.as_deref(), &mode));
                    let is_mine = own.as_ref().map(|o| o.matches(subject_id, &subject, class_id, &class_level));
                    // The own filter, where the list would apply it.
                    let kept = !query.mine || is_mine.unwrap_or(true);
                    if subject_ok && class_ok && rest_ok {
                        facets.all += 1;
                        if let (Some(mine), Some(true)) = (facets.mine.as_mut(), is_mine) {
                            *mine += 1;
                        }
                    }
                    if class_ok && rest_ok && kept {
                        if let Some(choice) = stored_choice(Facet::Subject, subject_id, &subject) {
                            *facets.subjects.entry(choice.id().to_string()).or_default() += 1;
                        }
                    }
                    if subject_ok && rest_ok && kept {
                        if let Some(choice) = stored_choice(Facet::Class, class_id, &class_level) {
                            *facets.classes.entry(choice.id().to_string()).or_default() += 1;
                        }
                    }
                }
            }
            Ok(facets)
        })
    }
}
