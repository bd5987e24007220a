//! Unit tests of the crate's geometry, with a property test of the boxes and cells.

use proptest::prelude::*;

use crate::grid::{cell_col, cell_row, nearest_lng, LNG_CELLS};
use crate::offset::wrap_lng;
use crate::{
    bounding_box, cell_of, cells_by_distance, cells_covering, coarse_cell_of, coarse_cells_covering, destination,
    distance_km, BoundingBox, FlatDistance, Point, UnitVector, CELL_DEGREES, EARTH_RADIUS_KM,
};

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

#[test]
fn every_point_of_a_snap_cell_publishes_its_centre_and_the_cell_is_at_least_its_side_wide() {
    use crate::SnapGrid;
    let mut seed = 5u64;
    let mut next = || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 11) as f64 / (1u64 << 53) as f64
    };
    for side in [0.5, 1.0] {
        let grid = SnapGrid::new(side, 0.37, 0.81);
        for home in [p(28.6139, 77.209), p(0.0, 179.9999), p(-33.9, 18.4), p(60.17, 24.94), p(12.97, -180.0)] {
            let cell = grid.cell(home);
            let centre = cell.center();
            assert_eq!(grid.snap(home), centre);
            assert_eq!(grid.cell(centre), cell, "the centre is in its own cell");
            // Every point of the cell, to its edges, gives the same published point.
            for _ in 0..500 {
                let q = cell.at(next() * 0.999_999, next() * 0.999_999);
                assert_eq!(grid.snap(q), centre, "{home:?} {q:?}");
            }
            // Places a side apart north–south and east–west (at the poleward edge) share it.
            let (sw, nw) = (cell.at(0.0, 0.0), cell.at(0.0, 0.999_999));
            let poleward = if home.lat >= 0.0 { 0.999_999 } else { 0.0 };
            let (w, e) = (cell.at(0.0, poleward), cell.at(0.999_999, poleward));
            assert!(distance_km(sw, nw) >= side - 1e-3, "{home:?}: {}", distance_km(sw, nw));
            assert!(distance_km(w, e) >= side - 1e-3, "{home:?}: {}", distance_km(w, e));
            // The published point is within half the cell's diagonal (and a bit for wide rows).
            assert!(distance_km(home, centre) <= side * 0.75, "{home:?}: {}", distance_km(home, centre));
            // Just outside the cell is another cell.
            assert_ne!(grid.snap(cell.at(0.5, 1.000_01)), centre);
            assert_ne!(grid.snap(cell.at(1.000_01, 0.5)), centre);
        }
    }
    let home = p(28.6139, 77.209);
    assert_ne!(SnapGrid::new(0.5, 0.1, 0.2).snap(home), SnapGrid::new(0.5, 0.6, 0.7).snap(home), "shifted origin");
}
