//! Moving a point: along a bearing, or to somewhere in a ring around it.

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

/// Moves a point to somewhere in the ring between `min_km` and `max_km` around it.
/// `u` and `v` are fractions in [0, 1] (from a secret or random source): `u` picks
/// the bearing, `v` the distance, uniformly over the ring's area. The ring's hole
/// is what keeps the published point from ever lying on, or next to, the real one.
pub fn ring_offset(p: Point, min_km: f64, max_km: f64, u: f64, v: f64) -> Point {
    let (u, v) = (u.clamp(0.0, 1.0), v.clamp(0.0, 1.0));
    let distance = (min_km * min_km + v * (max_km * max_km - min_km * min_km)).sqrt();
    destination(p, distance, u * std::f64::consts::TAU)
}

pub(crate) fn wrap_lng(lng: f64) -> f64 {
    let wrapped = (lng + 180.0).rem_euclid(360.0) - 180.0;
    if wrapped == -180.0 && lng > 0.0 {
        180.0
    } else {
        wrapped
    }
}
