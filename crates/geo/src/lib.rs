//! Pure math for "requests near me": great-circle distance on a sphere of radius
//! 6371 km, the latitude/longitude box that encloses a radius (split at the 180°
//! meridian, widened to all longitudes near a pole), the fine grid cells that
//! index requests for the nearby search, and the coarse cells that index tutors'
//! teaching areas for the reverse match. No database, no I/O.

pub const EARTH_RADIUS_KM: f64 = 6371.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Point {
    pub lat: f64,
    pub lng: f64,
}

impl Point {
    /// Latitudes run from -90 to 90 degrees…
    pub const MAX_LAT: f64 = 90.0;
    /// …and longitudes from -180 to 180.
    pub const MAX_LNG: f64 = 180.0;

    /// A point with latitude in [-90, 90] and longitude in [-180, 180], or `None`.
    pub fn new(lat: f64, lng: f64) -> Option<Self> {
        let lat_ok = (-Self::MAX_LAT..=Self::MAX_LAT).contains(&lat);
        (lat_ok && (-Self::MAX_LNG..=Self::MAX_LNG).contains(&lng)).then_some(Self { lat, lng })
    }
}

/// Great-circle distance by the haversine formula.
pub fn distance_km(a: Point, b: Point) -> f64 {
    let (lat1, lat2) = (a.lat.to_radians(), b.lat.to_radians());
    let dlat = lat2 - lat1;
    let dlng = (b.lng - a.lng).to_radians();
    let h = (dlat / 2.0).sin().powi(2) + lat1.cos() * lat2.cos() * (dlng / 2.0).sin().powi(2);
    2.0 * EARTH_RADIUS_KM * h.sqrt().min(1.0).asin()
}

/// A point as a unit vector from the sphere's centre. The straight line (chord) between two of
/// them grows with the great-circle distance, so comparing squared chords orders points by
/// distance exactly as [`distance_km`] does, with three multiplications instead of five
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

/// A flat-earth distance that never overstates the great-circle one by more than
/// [`FlatDistance::MARGIN`], for pairs of points inside a band of latitudes and less than
/// [`FlatDistance::MAX_KM`] apart, not across the 180° meridian:
/// `√((Δlat·per_lat)² + (Δlng·per_lng)²)` in km, with
/// degrees of longitude measured at the band's latitude nearest a pole (where they are
/// shortest). It needs no trigonometry per point, so a database can test it on index
/// columns before reading anything else; the exact [`distance_km`] decides afterwards.
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

/// Side of a grid cell in degrees (about 1.1 km north–south): the index key of the nearby search.
pub const CELL_DEGREES: f64 = 0.01;
const LNG_CELLS: i64 = (360.0 / CELL_DEGREES) as i64 + 1;

fn cell_row(lat: f64) -> i64 {
    ((lat + 90.0) / CELL_DEGREES).floor() as i64
}

fn cell_col(lng: f64) -> i64 {
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

/// Side of a coarse cell north–south in degrees (about 11 km): the key of the reverse index
/// of tutors' teaching areas ("which areas cover this point"), distinct from [`CELL_DEGREES`].
pub const COARSE_CELL_DEGREES: f64 = 0.1;
/// Coarse rows from the south pole to the north pole.
const COARSE_ROWS: i64 = (180.0 / COARSE_CELL_DEGREES) as i64;
/// The most columns a coarse row has (at the equator); also the stride of a row's cell numbers.
const COARSE_MAX_COLS: i64 = (360.0 / COARSE_CELL_DEGREES) as i64;

/// The coarse row of a latitude; the north pole belongs to the last row.
fn coarse_row(lat: f64) -> i64 {
    (((lat + 90.0) / COARSE_CELL_DEGREES).floor() as i64).clamp(0, COARSE_ROWS - 1)
}

/// How many columns a coarse row has. Columns are not a fixed number of degrees: each row
/// has as many as keep a cell at least [`COARSE_CELL_DEGREES`] of a great circle wide at
/// the row's poleward edge, so cells stay about 11 km square at any latitude and a circle
/// near a pole (whose box spans every longitude) covers a few dozen cells, not thousands.
fn coarse_cols(row: i64) -> i64 {
    let south = row as f64 * COARSE_CELL_DEGREES - 90.0;
    let poleward = south.abs().max((south + COARSE_CELL_DEGREES).abs()).min(90.0);
    ((COARSE_MAX_COLS as f64 * poleward.to_radians().cos()).floor() as i64).clamp(1, COARSE_MAX_COLS)
}

/// The column of a longitude in a row of `cols` columns; 180° belongs to the last one.
fn coarse_col(lng: f64, cols: i64) -> i64 {
    (((lng + 180.0) / 360.0 * cols as f64).floor() as i64).clamp(0, cols - 1)
}

/// The coarse cell a point falls in. Row and column grow with latitude and longitude
/// (monotonic, rounding included), which is what makes [`coarse_cells_covering`] sound.
pub fn coarse_cell_of(p: Point) -> i64 {
    let row = coarse_row(p.lat);
    row * COARSE_MAX_COLS + coarse_col(p.lng, coarse_cols(row))
}

/// Every coarse cell that a point within `radius_km` of `center` can fall in: the cells
/// overlapping the circle's bounding box (split at the 180° meridian, all longitudes near
/// a pole), widened by a hair so that rounding at the box's edge never drops a cell.
pub fn coarse_cells_covering(center: Point, radius_km: f64) -> Vec<i64> {
    const SLACK_DEGREES: f64 = 1e-7;
    let b = bounding_box(center, radius_km);
    let mut cells = Vec::new();
    for row in coarse_row(b.min_lat - SLACK_DEGREES)..=coarse_row(b.max_lat + SLACK_DEGREES) {
        let cols = coarse_cols(row);
        for (lo, hi) in &b.lng_ranges {
            for col in coarse_col(lo - SLACK_DEGREES, cols)..=coarse_col(hi + SLACK_DEGREES, cols) {
                cells.push(row * COARSE_MAX_COLS + col);
            }
        }
    }
    cells.sort_unstable();
    cells.dedup();
    cells
}

/// The longitude in [lo, hi] closest to `lng`, going either way round the globe.
fn nearest_lng(lng: f64, lo: f64, hi: f64) -> f64 {
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

fn wrap_lng(lng: f64) -> f64 {
    let wrapped = (lng + 180.0).rem_euclid(360.0) - 180.0;
    if wrapped == -180.0 && lng > 0.0 {
        180.0
    } else {
        wrapped
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn the_flat_distance_never_overstates_the_great_circle_beyond_its_margin() {
        // Pairs up to MAX_KM apart in every direction, at latitudes from the equator to 80°,
        // each measured in the band of the box around the first point.
        let mut seed = 1u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        for _ in 0..200_000 {
            let lat = (next() * 2.0 - 1.0) * 80.0;
            let a = Point { lat, lng: (next() * 2.0 - 1.0) * 179.0 };
            let b = destination(a, next() * FlatDistance::MAX_KM, next() * std::f64::consts::TAU);
            let bounds = bounding_box(a, FlatDistance::MAX_KM);
            if bounds.lng_ranges.len() != 1 {
                continue; // across the 180° meridian, where longitudes do not subtract (not used there)
            }
            let flat = FlatDistance::in_band(bounds.min_lat, bounds.max_lat).km(a, b);
            let exact = distance_km(a, b);
            assert!(flat <= FlatDistance::at_most(exact) + 1e-9, "{a:?} {b:?}: flat {flat} exact {exact}");
        }
    }

    fn p(lat: f64, lng: f64) -> Point {
        Point { lat, lng }
    }

    #[test]
    fn known_city_distances() {
        let delhi = p(28.6139, 77.209);
        let mumbai = p(19.0760, 72.8777);
        let bengaluru = p(12.9716, 77.5946);
        assert!((distance_km(delhi, mumbai) - 1153.0).abs() < 5.0, "{}", distance_km(delhi, mumbai));
        assert!((distance_km(delhi, bengaluru) - 1740.0).abs() < 5.0, "{}", distance_km(delhi, bengaluru));
        assert_eq!(distance_km(delhi, delhi), 0.0);
        // A quarter of the equator.
        assert!((distance_km(p(0.0, 0.0), p(0.0, 90.0)) - EARTH_RADIUS_KM * std::f64::consts::FRAC_PI_2).abs() < 1e-6);
    }

    #[test]
    fn chords_order_points_as_distances_do_and_convert_both_ways() {
        let delhi = p(28.6139, 77.209);
        let here = UnitVector::of(delhi);
        let mut seed = 11u64;
        let mut next = || {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            (seed >> 11) as f64 / (1u64 << 53) as f64
        };
        let points: Vec<Point> =
            (0..2_000).map(|_| p(28.6139 + (next() - 0.5) * 0.8, 77.209 + (next() - 0.5) * 0.8)).collect();
        for pair in points.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let (da, db) = (distance_km(delhi, a), distance_km(delhi, b));
            let (ca, cb) = (here.chord2(&UnitVector::of(a)), here.chord2(&UnitVector::of(b)));
            if (da - db).abs() > 1e-9 {
                assert_eq!(da < db, ca < cb, "{a:?} {b:?}");
            }
            assert!((UnitVector::km_of_chord2(ca) - da).abs() < 1e-6, "{da} km");
            assert!((UnitVector::chord2_of_km(da) - ca).abs() < 1e-12);
        }
        assert_eq!(here.chord2(&here), 0.0);
        assert!((UnitVector::km_of_chord2(4.0) - EARTH_RADIUS_KM * std::f64::consts::PI).abs() < 1e-6);
    }

    #[test]
    fn invalid_points_are_refused() {
        assert!(Point::new(91.0, 0.0).is_none());
        assert!(Point::new(0.0, -180.5).is_none());
        assert!(Point::new(f64::NAN, 0.0).is_none());
        assert!(Point::new(28.6, 77.2).is_some());
    }

    #[test]
    fn distance_across_the_180th_meridian_is_short() {
        assert!(distance_km(p(0.0, 179.9), p(0.0, -179.9)) < 23.0);
    }

    #[test]
    fn a_box_across_the_meridian_is_split() {
        let b = bounding_box(p(10.0, 179.95), 20.0);
        assert_eq!(b.lng_ranges.len(), 2);
        assert!(b.contains(p(10.0, -179.95)));
        assert!(b.contains(p(10.0, 179.9)));
        assert!(!b.contains(p(10.0, 0.0)));
    }

    #[test]
    fn a_box_around_a_pole_covers_every_longitude() {
        let b = bounding_box(p(89.95, 10.0), 25.0);
        assert_eq!(b.lng_ranges, vec![(-180.0, 180.0)]);
        assert_eq!(b.max_lat, 90.0);
        assert!(b.contains(p(89.9, -170.0)));
    }

    #[test]
    fn a_ring_offset_lands_between_the_two_radii_in_every_direction() {
        for home in [p(28.6139, 77.209), p(0.0, 179.999), p(-33.9, 18.4), p(89.999, 10.0)] {
            for i in 0..=20 {
                for j in 0..=20 {
                    let (u, v) = (i as f64 / 20.0, j as f64 / 20.0);
                    let moved = ring_offset(home, 0.25, 0.5, u, v);
                    let d = distance_km(home, moved);
                    assert!((0.25 - 1e-6..=0.5 + 1e-6).contains(&d), "{home:?} {u} {v}: {d}");
                    assert!(Point::new(moved.lat, moved.lng).is_some(), "{moved:?}");
                }
            }
        }
        let home = p(28.6139, 77.209);
        assert_ne!(ring_offset(home, 0.25, 0.5, 0.1, 0.5), ring_offset(home, 0.25, 0.5, 0.2, 0.5));
        // Bearing 0 is north, a quarter turn is east.
        let north = ring_offset(home, 0.25, 0.5, 0.0, 0.0);
        assert!(north.lat > home.lat && (north.lng - home.lng).abs() < 1e-9);
        let east = ring_offset(home, 0.25, 0.5, 0.25, 0.0);
        assert!(east.lng > home.lng && (east.lat - home.lat).abs() < 1e-5);
    }

    #[test]
    fn cells_cover_the_box_around_delhi() {
        let delhi = p(28.6139, 77.209);
        let cells = cells_covering(&bounding_box(delhi, 10.0));
        assert!(cells.contains(&cell_of(delhi)));
        assert!(cells.contains(&cell_of(p(28.70, 77.30))));
        assert!(!cells.contains(&cell_of(p(19.07, 72.87))));
        assert!(cells.len() <= 500, "{}", cells.len());
    }

    #[test]
    fn cells_by_distance_start_at_the_centre_and_grow() {
        let delhi = p(28.6139, 77.209);
        let cells = cells_by_distance(delhi, 5.0);
        assert_eq!(cells[0], (cell_of(delhi), 0.0));
        assert!(cells.windows(2).all(|w| w[0].1 <= w[1].1));
        assert!(cells.iter().all(|(_, d)| *d <= 5.0));
    }

    /// `cells_by_distance` as it was written first: one haversine per cell.
    fn cells_by_distance_cell_by_cell(center: Point, radius_km: f64) -> Vec<(i64, f64)> {
        let b = bounding_box(center, radius_km);
        let margin_km = CELL_DEGREES * 111.2 * 0.05;
        let mut cells = Vec::new();
        for row in cell_row(b.min_lat)..=cell_row(b.max_lat) {
            let lat0 = row as f64 * CELL_DEGREES - 90.0;
            let lat = center.lat.clamp(lat0, lat0 + CELL_DEGREES);
            for (lo, hi) in &b.lng_ranges {
                for col in cell_col(*lo)..=cell_col(*hi) {
                    let lng0 = col as f64 * CELL_DEGREES - 180.0;
                    let lng = nearest_lng(center.lng, lng0, lng0 + CELL_DEGREES);
                    let bound = (distance_km(center, Point { lat, lng }) - margin_km).max(0.0);
                    if bound <= radius_km {
                        cells.push((row * LNG_CELLS + col, bound));
                    }
                }
            }
        }
        cells.sort_by(|a, b| a.1.total_cmp(&b.1).then(a.0.cmp(&b.0)));
        cells.dedup_by_key(|c| c.0);
        cells
    }

    #[test]
    fn cells_by_distance_gives_the_same_bounds_as_a_haversine_per_cell() {
        // Cities, the 180th meridian, near a pole, the equator; the radii the app allows and beyond.
        let centres =
            [p(28.6139, 77.209), p(8.0883, 77.5385), p(-16.5, 179.99), p(-16.5, -179.995), p(89.95, 10.0), p(0.0, 0.0)];
        for centre in centres {
            for radius in [0.5, 2.0, 10.05, 25.05, 60.0] {
                assert_eq!(
                    cells_by_distance(centre, radius),
                    cells_by_distance_cell_by_cell(centre, radius),
                    "{centre:?} within {radius} km"
                );
            }
        }
    }

    #[test]
    fn coarse_cells_are_about_eleven_km_and_cover_an_area() {
        let delhi = p(28.6139, 77.209);
        let cells = coarse_cells_covering(delhi, 25.0);
        assert!(cells.contains(&coarse_cell_of(delhi)));
        assert!(cells.contains(&coarse_cell_of(destination(delhi, 24.9, 1.0))));
        assert!(!cells.contains(&coarse_cell_of(p(19.07, 72.87))));
        assert!((20..=64).contains(&cells.len()), "{}", cells.len());
        // A 2 km circle touches at most four cells.
        assert!(coarse_cells_covering(delhi, 2.0).len() <= 4);
        // Distinct from the fine grid's numbers for the same point.
        assert_ne!(coarse_cell_of(delhi), cell_of(delhi));
    }

    #[test]
    fn coarse_cells_near_a_pole_and_across_the_meridian_stay_few() {
        for (center, pole) in [(p(89.99, 10.0), p(90.0, 0.0)), (p(-89.95, -170.0), p(-90.0, 0.0))] {
            let cells = coarse_cells_covering(center, 25.0);
            assert!(cells.len() <= 200, "{center:?}: {}", cells.len());
            assert!(cells.contains(&coarse_cell_of(pole)), "{center:?}");
            assert!(cells.contains(&coarse_cell_of(p(pole.lat - 0.15_f64.copysign(pole.lat), -100.0))));
        }
        assert!(coarse_cells_covering(p(89.7, 179.99), 25.0).len() <= 200);
        let cells = coarse_cells_covering(p(10.0, 179.99), 10.0);
        assert!(cells.contains(&coarse_cell_of(p(10.0, -179.95))));
        assert!(cells.contains(&coarse_cell_of(p(10.0, 180.0))));
        assert!(cells.contains(&coarse_cell_of(p(10.0, -180.0))));
    }

    proptest! {
        #[test]
        fn the_box_never_drops_a_point_inside_the_radius(
            lat in -89.99f64..89.99, lng in -180.0f64..180.0, radius in 0.1f64..500.0,
            bearing in 0.0f64..std::f64::consts::TAU, fraction in 0.0f64..1.0,
        ) {
            let center = p(lat, lng);
            // The point at `fraction` of the radius along `bearing` (direct geodesic problem on a sphere).
            let d = radius * fraction / EARTH_RADIUS_KM;
            let (lat1, lng1) = (lat.to_radians(), lng.to_radians());
            let lat2 = (lat1.sin() * d.cos() + lat1.cos() * d.sin() * bearing.cos()).asin();
            let lng2 = lng1 + (bearing.sin() * d.sin() * lat1.cos()).atan2(d.cos() - lat1.sin() * lat2.sin());
            let target = p(lat2.to_degrees(), wrap_lng(lng2.to_degrees()));
            prop_assume!(distance_km(center, target) <= radius);
            let b = bounding_box(center, radius);
            // A hair of slack for floating-point rounding at the box's edge.
            let slack = BoundingBox {
                min_lat: b.min_lat - 1e-9,
                max_lat: b.max_lat + 1e-9,
                lng_ranges: b.lng_ranges.iter().map(|(lo, hi)| (lo - 1e-9, hi + 1e-9)).collect(),
            };
            prop_assert!(slack.contains(target), "{center:?} r={radius} target={target:?} box={b:?}");
            if radius <= 25.0 {
                prop_assert!(cells_covering(&b).contains(&cell_of(target)), "cell of {target:?} missing");
                let bound = cells_by_distance(center, radius).into_iter().find(|(c, _)| *c == cell_of(target)).map(|(_, d)| d);
                prop_assert!(bound.is_some_and(|d| d <= distance_km(center, target) + 1e-9), "bound {bound:?} for {target:?}");
                prop_assert!(
                    coarse_cells_covering(center, radius).contains(&coarse_cell_of(target)),
                    "coarse cell of {target:?} missing"
                );
            }
        }
    }
}
