//! Moving a point along a bearing.

use crate::point::{Point, EARTH_RADIUS_KM};

/// The point `distance_km` from `p` along the initial `bearing` (radians clockwise
/// from north), on the sphere (the direct geodesic problem).
pub fn destination(p: Point, distance_km: f64, bearing: f64) -> Point {
    let d = distance_km / EARTH_RADIUS_KM;
    let (lat1, lng1) = (p.lat.to_radians(), p.lng.to_radians());
    let lat2 = (lat1.sin() * d.cos() + lat1.cos() * d.sin() * bearing.cos()).clamp(-1.0, 1.0).asin();
    let lng2 = lng1 + (bearing.sin() * d.sin() * lat1.cos()).atan2(d.cos() - lat1.sin() * lat2.sin());
    Point { lat: lat2.to_degrees().clamp(-90.0, 90.0), lng: wrap_lng(lng2.to_degrees()) }
}

pub(crate) fn wrap_lng(lng: f64) -> f64 {
    let wrapped = (lng + 180.0).rem_euclid(360.0) - 180.0;
    if wrapped == -180.0 && lng > 0.0 {
        180.0
    } else {
        wrapped
    }
}
