//! Unit vectors: distances compared without trigonometry, for nearest-neighbour scans.

use crate::point::{Point, EARTH_RADIUS_KM};

/// A point as a unit vector from the sphere's centre. The straight line (chord) between two of
/// them grows with the great-circle distance, so comparing squared chords orders points by
/// distance exactly as [`distance_km`](crate::distance_km) does, with three multiplications instead of five
/// trigonometric calls: what a nearest-neighbour scan over many points wants.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UnitVector([f64; 3]);

impl UnitVector {
    pub fn of(p: Point) -> Self {
        let (lat, lng) = (p.lat.to_radians(), p.lng.to_radians());
        Self([lat.cos() * lng.cos(), lat.cos() * lng.sin(), lat.sin()])
    }

    /// The squared chord to `other` (0 to 4): an order-preserving stand-in for the distance.
    pub fn chord2(&self, other: &Self) -> f64 {
        let [a, b, c] = self.0;
        let [x, y, z] = other.0;
        (a - x) * (a - x) + (b - y) * (b - y) + (c - z) * (c - z)
    }

    /// The squared chord of a great-circle distance ([`UnitVector::chord2`] of two points that far apart).
    pub fn chord2_of_km(km: f64) -> f64 {
        let half = (km / EARTH_RADIUS_KM / 2.0).min(std::f64::consts::FRAC_PI_2);
        4.0 * half.sin() * half.sin()
    }

    /// The great-circle distance of a squared chord, in km.
    pub fn km_of_chord2(chord2: f64) -> f64 {
        2.0 * EARTH_RADIUS_KM * (chord2.max(0.0).sqrt() / 2.0).min(1.0).asin()
    }
}
