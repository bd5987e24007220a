//! The point tutors see instead of the parent's exact one.
//!
//! It is the exact point moved 250–500 m in a direction and by a distance that a
//! keyed hash (HMAC-SHA256 with the site's secret) derives from the *parent*, so:
//! - it is stored when the request is written and read as it is: what a tutor
//!   filters, sorts, limits and sees is that point alone, so probing the radius
//!   from many sides finds it and nothing nearer the home;
//! - an edit that keeps the point keeps the approximate point, and a parent's
//!   several requests from one home share one published point: there are no
//!   independent draws to average;
//! - without the secret, the offset cannot be predicted from the parent's id.

use hmac::{Hmac, Mac};
use hometutor_geo::{cell_of, ring_offset, Point};
use sha2::Sha256;

use crate::{APPROXIMATION_MAX_KM, APPROXIMATION_MIN_KM};

/// The secret behind every offset (32 bytes, derived from the site's signing key by the server).
#[derive(Clone)]
pub struct LocationKey([u8; 32]);

impl LocationKey {
    pub fn new(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// Two fractions in [0, 1) that belong to this parent alone.
    fn fractions(&self, parent: i64) -> (f64, f64) {
        let mut mac = match Hmac::<Sha256>::new_from_slice(&self.0) {
            Ok(mac) => mac,
            // HMAC takes a key of any length; this arm cannot run.
            Err(_) => return (0.0, 0.0),
        };
        mac.update(b"hometutor/request-offset/v1\0");
        mac.update(&parent.to_le_bytes());
        let digest = mac.finalize().into_bytes();
        let fraction = |bytes: &[u8]| {
            let mut word = [0u8; 8];
            word.copy_from_slice(bytes);
            (u64::from_le_bytes(word) >> 11) as f64 / (1u64 << 53) as f64
        };
        (fraction(&digest[..8]), fraction(&digest[8..16]))
    }

    /// The published point of a request at `exact` posted by `parent`, with its grid cell.
    pub fn approximate(&self, parent: i64, exact: Point) -> Approximate {
        let (u, v) = self.fractions(parent);
        let point = ring_offset(exact, APPROXIMATION_MIN_KM, APPROXIMATION_MAX_KM, u, v);
        Approximate { point, cell: cell_of(point) }
    }
}

impl std::fmt::Debug for LocationKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LocationKey(..)")
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Approximate {
    pub point: Point,
    pub cell: i64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_geo::distance_km;

    #[test]
    fn the_offset_is_in_the_ring_stable_per_parent_and_secret() {
        let key = LocationKey::new([7; 32]);
        let home = Point { lat: 28.6139, lng: 77.209 };
        for parent in 1..200 {
            let a = key.approximate(parent, home);
            let d = distance_km(home, a.point);
            assert!((APPROXIMATION_MIN_KM - 1e-6..=APPROXIMATION_MAX_KM + 1e-6).contains(&d), "{parent}: {d}");
            assert_eq!(a, key.approximate(parent, home), "the same every time");
            assert_eq!(a.cell, cell_of(a.point));
        }
        assert_ne!(key.approximate(1, home), key.approximate(2, home), "each parent their own");
        assert_ne!(key.approximate(1, home), LocationKey::new([8; 32]).approximate(1, home), "another site's");
    }
}
