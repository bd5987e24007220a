//! The latitude/longitude box that encloses a radius around a point.

use crate::point::{Point, EARTH_RADIUS_KM};

/// Every point within a radius lies inside `lat` and one of the `lng` ranges.
#[derive(Debug, Clone, PartialEq)]
pub struct BoundingBox {
    pub min_lat: f64,
    pub max_lat: f64,
    /// One range, or two when the box crosses the 180° meridian.
    pub lng_ranges: Vec<(f64, f64)>,
}

impl BoundingBox {
    pub fn contains(&self, p: Point) -> bool {
        p.lat >= self.min_lat
            && p.lat <= self.max_lat
            && self.lng_ranges.iter().any(|(lo, hi)| p.lng >= *lo && p.lng <= *hi)
    }
}

/// The smallest latitude band and longitude span that hold the circle of
/// `radius_km` around `center` (the method of J. P. Matuschek).
pub fn bounding_box(center: Point, radius_km: f64) -> BoundingBox {
    let angular = (radius_km / EARTH_RADIUS_KM).max(0.0);
    let lat = center.lat.to_radians();
    let (mut min_lat, mut max_lat) = (lat - angular, lat + angular);
    let half_pi = std::f64::consts::FRAC_PI_2;
    if min_lat <= -half_pi || max_lat >= half_pi || angular >= std::f64::consts::PI {
        // A pole is inside the circle: every longitude is.
        min_lat = min_lat.max(-half_pi);
        max_lat = max_lat.min(half_pi);
        return BoundingBox {
            min_lat: min_lat.to_degrees(),
            max_lat: max_lat.to_degrees(),
            lng_ranges: vec![(-180.0, 180.0)],
        };
    }
    let dlng = (angular.sin() / lat.cos()).clamp(-1.0, 1.0).asin().to_degrees();
    let (lo, hi) = (center.lng - dlng, center.lng + dlng);
    let lng_ranges = if lo < -180.0 {
        vec![(lo + 360.0, 180.0), (-180.0, hi)]
    } else if hi > 180.0 {
        vec![(lo, 180.0), (-180.0, hi - 360.0)]
    } else {
        vec![(lo, hi)]
    };
    BoundingBox { min_lat: min_lat.to_degrees(), max_lat: max_lat.to_degrees(), lng_ranges }
}
