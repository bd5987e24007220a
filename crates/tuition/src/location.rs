//! The point tutors see instead of the parent's exact one.
//!
//! It is the centre of the exact point's cell in a grid of [`HOME_CELL_KM`] cells whose
//! origin is the site's secret (a keyed hash, HMAC-SHA256 with a key the server derives from
//! the site's signing secret, the same on every process), so:
//! - every place in one cell is published as the same point, whoever posts from it: a
//!   request posted on a public place point, an edit that moves the pin inside the cell, a
//!   parent's other requests, alerts, distances, counts and nearby searches all read that
//!   one point and tell nothing finer than the cell (at least [`HOME_CELL_KM`] across both
//!   ways). Moving the pin to another cell tells only that cell;
//! - it is stored when the request is written and read as it is: what a tutor filters,
//!   sorts, limits and sees is that point alone;
//! - without the secret, where a site's cells lie cannot be computed in advance (a tutor
//!   learns the cells requests are published in, never a point inside one).

use hmac::{Hmac, Mac};
use hometutor_geo::{cell_of, Point, SnapCell, SnapGrid};
use sha2::Sha256;

use crate::HOME_CELL_KM;

/// The secret behind the grid (32 bytes, derived from the site's signing key by the server).
#[derive(Clone)]
pub struct LocationKey([u8; 32]);

impl LocationKey {
    pub fn new(bytes: [u8; 32]) -> Self {
        Self(bytes)
    }

    /// The site's grid of homes: its origin's shift, two fractions in [0, 1) of the key.
    fn grid(&self) -> SnapGrid {
        let mut mac = match Hmac::<Sha256>::new_from_slice(&self.0) {
            Ok(mac) => mac,
            // HMAC takes a key of any length; this arm cannot run.
            Err(_) => return SnapGrid::new(HOME_CELL_KM, 0.0, 0.0),
        };
        mac.update(b"hometutor/home-grid/v2\0");
        let digest = mac.finalize().into_bytes();
        let fraction = |bytes: &[u8]| {
            let mut word = [0u8; 8];
            word.copy_from_slice(bytes);
            (u64::from_le_bytes(word) >> 11) as f64 / (1u64 << 53) as f64
        };
        SnapGrid::new(HOME_CELL_KM, fraction(&digest[..8]), fraction(&digest[8..16]))
    }

    /// The published point of a request at `exact`, with its grid cell of the nearby index.
    pub fn approximate(&self, exact: Point) -> Approximate {
        let point = self.grid().snap(exact);
        Approximate { point, cell: cell_of(point) }
    }

    /// The cell of homes `exact` is in: every place in it is published as its centre.
    pub fn home_cell(&self, exact: Point) -> SnapCell {
        self.grid().cell(exact)
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
    fn every_home_in_a_cell_is_published_as_one_point_of_this_site() {
        let key = LocationKey::new([7; 32]);
        let home = Point { lat: 28.6139, lng: 77.209 };
        let a = key.approximate(home);
        assert_eq!(a.cell, cell_of(a.point));
        assert!(distance_km(home, a.point) <= HOME_CELL_KM * 0.75, "{}", distance_km(home, a.point));
        let cell = key.home_cell(home);
        assert_eq!(cell.center(), a.point);
        // Corners of the cell, at least HOME_CELL_KM apart, publish the same point.
        let (sw, ne) = (cell.at(0.0, 0.0), cell.at(0.999_999, 0.999_999));
        assert!(distance_km(sw, ne) >= HOME_CELL_KM);
        assert_eq!(key.approximate(sw), a);
        assert_eq!(key.approximate(ne), a);
        assert_ne!(a, LocationKey::new([8; 32]).approximate(home), "another site's grid lies elsewhere");
    }
}
