//! The fine grid cells that index requests for the nearby search.

use crate::bounds::{bounding_box, BoundingBox};
use crate::point::{Point, EARTH_RADIUS_KM};

/// Side of a grid cell in degrees (about 1.1 km north–south): the index key of the nearby search.
pub const CELL_DEGREES: f64 = 0.01;
pub(crate) const LNG_CELLS: i64 = (360.0 / CELL_DEGREES) as i64 + 1;

pub(crate) fn cell_row(lat: f64) -> i64 {
    ((lat + 90.0) / CELL_DEGREES).floor() as i64
}

pub(crate) fn cell_col(lng: f64) -> i64 {
    ((lng + 180.0) / CELL_DEGREES).floor() as i64
}

/// The grid cell a point falls in.
pub fn cell_of(p: Point) -> i64 {
    cell_row(p.lat) * LNG_CELLS + cell_col(p.lng)
}

/// Every cell that overlaps the box, so a search over these cells sees every point inside it.
pub fn cells_covering(b: &BoundingBox) -> Vec<i64> {
    let mut cells = Vec::new();
    for row in cell_row(b.min_lat)..=cell_row(b.max_lat) {
        for (lo, hi) in &b.lng_ranges {
            for col in cell_col(*lo)..=cell_col(*hi) {
                cells.push(row * LNG_CELLS + col);
            }
        }
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The cells that may hold points within `radius_km` of `center`, each with a
/// lower bound of the distance from `center` to any point in it, nearest first.
/// A search can walk them in order and stop once the next bound exceeds what it needs.
pub fn cells_by_distance(center: Point, radius_km: f64) -> Vec<(i64, f64)> {
    let b = bounding_box(center, radius_km);
    // Clamping the centre into a cell gives its nearest point up to a sliver of
    // spherical error; the margin keeps the bound below the true distance.
    let margin_km = CELL_DEGREES * 111.2 * 0.05;
    // The haversine of each cell's nearest point, its terms computed once per row (latitude)
    // and once per column (longitude) instead of per cell: a 25 km search has ~2,000 cells.
    // The same operations in the same order as `distance_km`, so the same bounds to the bit.
    let lat1 = center.lat.to_radians();
    let cols: Vec<(i64, f64)> = b
        .lng_ranges
        .iter()
        .flat_map(|(lo, hi)| cell_col(*lo)..=cell_col(*hi))
        .map(|col| {
            let lng0 = col as f64 * CELL_DEGREES - 180.0;
            let lng = nearest_lng(center.lng, lng0, lng0 + CELL_DEGREES);
            (col, ((lng - center.lng).to_radians() / 2.0).sin().powi(2))
        })
        .collect();
    let mut cells = Vec::new();
    for row in cell_row(b.min_lat)..=cell_row(b.max_lat) {
        let lat0 = row as f64 * CELL_DEGREES - 90.0;
        let lat2 = center.lat.clamp(lat0, lat0 + CELL_DEGREES).to_radians();
        let along = ((lat2 - lat1) / 2.0).sin().powi(2);
        let across = lat1.cos() * lat2.cos();
        for &(col, lng_term) in &cols {
            let h = along + across * lng_term;
            let bound = (2.0 * EARTH_RADIUS_KM * h.sqrt().min(1.0).asin() - margin_km).max(0.0);
            if bound <= radius_km {
                cells.push((row * LNG_CELLS + col, bound));
            }
        }
    }
    cells.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
    cells.dedup_by_key(|c| c.0);
    cells
}

/// The longitude in [lo, hi] closest to `lng`, going either way round the globe.
pub(crate) fn nearest_lng(lng: f64, lo: f64, hi: f64) -> f64 {
    if (lo..=hi).contains(&lng) {
        return lng;
    }
    let gap = |edge: f64| {
        let d = (lng - edge).rem_euclid(360.0);
        d.min(360.0 - d)
    };
    if gap(lo) <= gap(hi) {
        lo
    } else {
        hi
    }
}
