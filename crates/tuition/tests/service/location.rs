//! The approximate point tutors are given, and why many searches cannot undo it.

use super::*;

#[test]
fn tutors_get_an_approximate_point_never_the_exact_one() {
    let f = fixture();
    let exact = east_of_delhi(2.0);
    let id = f.post("Maths", "10", exact);
    let found = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby");
    let shown = found[0].approximate_location;
    let exact = Point { lat: exact[1], lng: exact[0] };
    // The centre of the home's cell, which every home of the cell shares.
    assert_eq!(shown, home_cell(exact).center());
    assert_the_cell_shares_its_point(home_cell(exact));
    let again = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("again");
    assert_eq!(again[0].approximate_location, shown, "stable, so repeated looks do not average out");
    // The parent sees both: the exact point and where tutors see it.
    let mine = &f.tuition.mine(f.parent).expect("mine")[0];
    assert_eq!((mine.id, mine.location, mine.approximate_location), (id, exact, Some(shown)));
}

#[test]
fn an_edit_that_keeps_the_point_keeps_the_approximate_point_and_a_parents_requests_share_it() {
    let f = fixture();
    let id = f.post("Maths", "10", DELHI);
    let shown = |f: &Fixture| f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby");
    let before = shown(&f)[0].approximate_location;
    for i in 0..5 {
        f.tuition.update(f.parent, id, request(&format!("Maths {i}"), "10", DELHI)).expect("edit");
        assert_eq!(shown(&f)[0].approximate_location, before, "edit {i} must not draw a new offset");
    }
    // A second request from the same home is published at the same point: nothing to average.
    let second = f.post("Physics", "11", DELHI);
    let both = shown(&f);
    assert_eq!(both.len(), 2);
    assert!(both.iter().all(|r| r.approximate_location == before), "{both:?}");
    // Moving the pin moves the published point to the centre of the new place's cell.
    let moved = east_of_delhi(3.0);
    f.tuition.update(f.parent, second, request("Physics", "11", moved)).expect("move");
    let after = shown(&f).into_iter().find(|r| r.id == second).expect("moved one").approximate_location;
    assert_eq!(after, home_cell(Point { lat: moved[1], lng: moved[0] }).center());
    // Another parent anywhere in the same cell is published at the same point: the point
    // belongs to the cell, not to a parent, so one request on a known spot reveals no offset.
    let cell = home_cell(Point { lat: DELHI[1], lng: DELHI[0] });
    let corner = cell.at(0.01, 0.98);
    let other = f
        .tuition
        .create(f.other_parent, Role::Parent, request("Maths", "10", [corner.lng, corner.lat]))
        .expect("create");
    assert_eq!(other.approximate_location, Some(before));
}

#[test]
fn a_request_shown_at_d_km_is_found_with_any_radius_of_d_or_more() {
    let f = fixture();
    // Requests between 1 and 4 km from Delhi in every direction.
    let centre = Point { lat: DELHI[1], lng: DELHI[0] };
    for i in 0..40 {
        let km = 1.0 + 3.0 * (i as f64 / 40.0);
        let p = hometutor_geo::destination(centre, km, i as f64 * 2.4);
        f.post(&format!("Subject {i}"), "10", [p.lng, p.lat]);
    }
    let all = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(25.0)).expect("all");
    assert_eq!(all.len(), 40);
    for r in &all {
        assert!(r.distance_km <= 4.6, "{r:?}");
        let least = r.distance_km.max(2.0);
        for radius in [least, least + 0.01, least + 0.05, least + 0.1, least + 0.3, 10.0, 25.0] {
            let found = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(radius)).expect("radius");
            let listed = found.iter().find(|x| x.id == r.id);
            assert!(listed.is_some(), "shown at {} km, missing under a {radius} km radius", r.distance_km);
            assert_eq!(listed.map(|x| x.distance_km), Some(r.distance_km));
            assert!(found.iter().all(|x| x.distance_km <= radius), "nothing beyond the radius is listed");
        }
    }
}

/// The point tutors are given for a request, read straight from the table.
fn published(db: &Db, id: i64) -> Point {
    let (lat, lng): (Option<f64>, Option<f64>) = db
        .read(|c| {
            tuition_requests::table
                .find(id)
                .select((tuition_requests::approx_lat, tuition_requests::approx_lng))
                .first(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("published point");
    Point { lat: lat.expect("lat"), lng: lng.expect("lng") }
}

/// Planar coordinates in km around `origin` (good to metres over a few km).
fn to_plane(origin: Point, p: Point) -> (f64, f64) {
    let km_per_degree = hometutor_geo::EARTH_RADIUS_KM * std::f64::consts::PI / 180.0;
    ((p.lng - origin.lng) * km_per_degree * origin.lat.to_radians().cos(), (p.lat - origin.lat) * km_per_degree)
}

fn from_plane(origin: Point, (x, y): (f64, f64)) -> Point {
    let km_per_degree = hometutor_geo::EARTH_RADIUS_KM * std::f64::consts::PI / 180.0;
    Point { lat: origin.lat + y / km_per_degree, lng: origin.lng + x / (km_per_degree * origin.lat.to_radians().cos()) }
}

/// Least squares of a 2×2 or 3×3 system `rows · x = rhs` through its normal equations.
fn least_squares<const N: usize>(rows: &[[f64; N]], rhs: &[f64]) -> [f64; N] {
    let mut m = [[0.0; N]; N];
    let mut v = [0.0; N];
    for (row, b) in rows.iter().zip(rhs) {
        for i in 0..N {
            v[i] += row[i] * b;
            for j in 0..N {
                m[i][j] += row[i] * row[j];
            }
        }
    }
    // Gaussian elimination with partial pivoting.
    for col in 0..N {
        let pivot = (col..N).max_by(|a, b| m[*a][col].abs().total_cmp(&m[*b][col].abs())).expect("rows");
        m.swap(col, pivot);
        v.swap(col, pivot);
        for r in col + 1..N {
            let k = m[r][col] / m[col][col];
            let pivot_row = m[col];
            for (cell, above) in m[r].iter_mut().zip(pivot_row).skip(col) {
                *cell -= k * above;
            }
            v[r] -= k * v[col];
        }
    }
    let mut x = [0.0; N];
    for r in (0..N).rev() {
        x[r] = (v[r] - (r + 1..N).map(|c| m[r][c] * x[c]).sum::<f64>()) / m[r][r];
    }
    x
}

#[test]
fn trilaterating_with_many_radius_queries_finds_the_published_point_never_the_home() {
    let f = fixture();
    let delhi = Point { lat: DELHI[1], lng: DELHI[0] };
    // Three homes, of three parents, a few km from the centre of Delhi.
    let mut homes = Vec::new();
    for (i, (km, bearing)) in [(3.0, 0.7), (5.5, 2.9), (1.2, 4.4)].into_iter().enumerate() {
        let parent = user(&f.db, &format!("home{i}@example.com"), "parent", None);
        let home = hometutor_geo::destination(delhi, km, bearing);
        let id = f
            .tuition
            .create(parent, Role::Parent, request(&format!("Target {i}"), "10", [home.lng, home.lat]))
            .expect("create")
            .id;
        homes.push((id, home));
    }
    let mut queries = 0;
    let mut visible = |center: Point, radius_km: f64, id: i64| {
        queries += 1;
        let query = NearbyQuery::around(center, radius_km);
        f.tuition.nearby(f.tutor, Role::Tutor, &query).expect("nearby").iter().any(|r| r.id == id)
    };
    for (id, home) in homes {
        // 1. Bisection on the radius from four centres 8 km around Delhi, then trilateration.
        let centres: Vec<Point> =
            (0..4).map(|k| hometutor_geo::destination(delhi, 8.0, k as f64 * std::f64::consts::FRAC_PI_2)).collect();
        let mut distances = Vec::new();
        for c in &centres {
            let (mut lo, mut hi) = (2.0, 25.0);
            assert!(visible(*c, hi, id), "found from 25 km");
            if visible(*c, lo, id) {
                hi = lo;
            }
            while hi - lo > 1e-4 {
                let mid = (lo + hi) / 2.0;
                if visible(*c, mid, id) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            distances.push(hi);
        }
        let planar: Vec<(f64, f64)> = centres.iter().map(|c| to_plane(delhi, *c)).collect();
        let (x0, y0, r0) = (planar[0].0, planar[0].1, distances[0]);
        let rows: Vec<[f64; 2]> = planar[1..].iter().map(|(x, y)| [2.0 * (x - x0), 2.0 * (y - y0)]).collect();
        let rhs: Vec<f64> = planar[1..]
            .iter()
            .zip(&distances[1..])
            .map(|((x, y), r)| r0 * r0 - r * r + x * x + y * y - x0 * x0 - y0 * y0)
            .collect();
        let [ex, ey] = least_squares(&rows, &rhs);
        let coarse = from_plane(delhi, (ex, ey));

        // 2. Edge probing: a 2 km circle slid out from that estimate along twelve rays until the request drops out.
        let mut edge = Vec::new();
        for k in 0..12 {
            let bearing = k as f64 * std::f64::consts::TAU / 12.0;
            let (mut inside, mut outside) = (0.0, 6.0);
            assert!(
                visible(coarse, 2.0, id) && !visible(hometutor_geo::destination(coarse, outside, bearing), 2.0, id)
            );
            while outside - inside > 1e-5 {
                let mid = (inside + outside) / 2.0;
                if visible(hometutor_geo::destination(coarse, mid, bearing), 2.0, id) {
                    inside = mid;
                } else {
                    outside = mid;
                }
            }
            edge.push(to_plane(delhi, hometutor_geo::destination(coarse, inside, bearing)));
        }
        // The circle through the edge points (x² + y² + Dx + Ey + F = 0): its centre is the best estimate.
        let rows: Vec<[f64; 3]> = edge.iter().map(|(x, y)| [*x, *y, 1.0]).collect();
        let rhs: Vec<f64> = edge.iter().map(|(x, y)| -(x * x + y * y)).collect();
        let [d, e, _] = least_squares(&rows, &rhs);
        let fine = from_plane(delhi, (-d / 2.0, -e / 2.0));

        let published = published(&f.db, id);
        // Radius thresholds carry the 0.1 km rounding of shown distances; sliding edges do not.
        for (name, estimate, tolerance) in [("trilateration", coarse, 0.1), ("edge probing", fine, 0.01)] {
            assert!(distance_km(estimate, published) <= tolerance, "{name} should land on the published point");
        }
        // Which is the centre of the home's cell, the point of every home in it: all the
        // queries place the home in a cell at least HOME_CELL_KM across, nowhere finer.
        assert_eq!(published, home_cell(home).center());
        assert_the_cell_shares_its_point(home_cell(home));
    }
    assert!(queries > 500, "{queries} queries");
}
