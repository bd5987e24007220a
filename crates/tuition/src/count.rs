//! "12 requests within 10 km of you": how many open requests the nearby search would
//! list, told to any tutor, subscribed or not. A number and the radius it was counted
//! with, nothing else: no ids, subjects, points or distances. Counted from the centre of the
//! given point's home cell (see [`crate::location`]), as requests are published.

use std::collections::HashSet;

use diesel::prelude::*;
use hometutor_core::{FieldError, Role, UserId};
use hometutor_db::id_list::one_of;
use hometutor_db::schema::tuition_requests as tr;
use hometutor_db::DbConnection;
use hometutor_geo::{cells_by_distance, distance_km, Point};

use crate::area::load as load_area;
use crate::open::open_to_tutors;
use crate::service::shown_distance;
use crate::{TuitionError, TuitionService, DEFAULT_RADIUS_KM, MAX_RADIUS_KM, MIN_RADIUS_KM, SHOWN_DISTANCE_STEP_KM};

/// Cells read per query: a 25 km circle spans some 2,000 fine cells. The longest list `one_of` writes
/// out, so a full chunk needs no padding and never takes its JSON form.
const CELLS_PER_QUERY: usize = hometutor_db::id_list::MAX_LISTED;

/// Where to count: a point (and radius) the tutor gives, or else their saved area.
#[derive(Debug, Clone, Copy, Default)]
pub struct CountQuery {
    pub center: Option<Point>,
    pub radius_km: Option<f64>,
}

/// How many open requests are near: the number alone.
// The doc comments here are the API schema's descriptions.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = NearbyCountDto))]
#[serde(rename_all = "camelCase")]
pub struct NearbyCount {
    pub count: i64,
    /// The radius counted within, in km.
    pub radius_km: f64,
}

impl TuitionService {
    /// Counts the requests open to tutors the nearby search would list from
    /// the given centre, or from the tutor's saved area's centre. The radius is the one
    /// given, else the saved area's, else the default. Tutors only.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0))]
    pub fn nearby_count(&self, tutor: UserId, role: Role, query: CountQuery) -> Result<NearbyCount, TuitionError> {
        if role != Role::Tutor {
            return Err(TuitionError::NotATutor);
        }
        if query.radius_km.is_some_and(|r| !(MIN_RADIUS_KM..=MAX_RADIUS_KM).contains(&r)) {
            return Err(FieldError::text("radiusKm", crate::radius_message()).into());
        }
        self.db.read(|c| {
            let saved = load_area(c, tutor)?;
            let center = match (query.center, &saved) {
                (Some(center), _) => center,
                (None, Some(saved)) => saved.center,
                (None, None) => return Err(TuitionError::AreaNotSet),
            };
            let radius_km = query.radius_km.or(saved.map(|a| a.radius_km)).unwrap_or(DEFAULT_RADIUS_KM);
            // Counted from the centre of the home cell the point is in, as requests are published:
            // sliding the point by metres changes nothing, so counts cannot pin a published point
            // (or anything) down finer than a cell.
            let center = self.key.approximate(center).point;
            // Requests of parents who blocked this tutor are not counted, as they are not listed.
            let blockers = hometutor_moderation::blocks::blockers_of(c, tutor)?;
            Ok(NearbyCount { count: count_within(c, center, radius_km, &blockers)?, radius_km })
        })
    }
}

/// The open requests whose approximate point is shown within `radius_km` of `center`
/// (the nearby search's rule: the distance rounded to 0.1 km).
fn count_within(c: &mut DbConnection, center: Point, radius_km: f64, blockers: &HashSet<i64>) -> QueryResult<i64> {
    let cells: Vec<i64> =
        cells_by_distance(center, radius_km + SHOWN_DISTANCE_STEP_KM / 2.0).into_iter().map(|(cell, _)| cell).collect();
    let mut count = 0;
    for batch in cells.chunks(CELLS_PER_QUERY) {
        let points: Vec<(i64, Option<f64>, Option<f64>)> = tr::table
            .filter(one_of(c, tr::approx_cell.assume_not_null(), batch).and(open_to_tutors()))
            .select((tr::parent_id, tr::approx_lat, tr::approx_lng))
            .load(c)?;
        count += points
            .into_iter()
            .filter(|(parent, _, _)| !blockers.contains(parent))
            .filter_map(|(_, lat, lng)| Some(Point { lat: lat?, lng: lng? }))
            .filter(|p| shown_distance(distance_km(center, *p)) <= radius_km)
            .count() as i64;
    }
    Ok(count)
}
