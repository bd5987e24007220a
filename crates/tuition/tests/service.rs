//! Tuition rules, each on a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::schema::{tuition_interests, tuition_requests, users};
use hometutor_db::{now, Db};
use hometutor_geo::{distance_km, Point};
use hometutor_testkit::TestDatabase;
use hometutor_tuition::location::LocationKey;
use hometutor_tuition::{
    NearbyQuery, RequestInput, TuitionError, TuitionService, APPROXIMATION_MAX_KM, APPROXIMATION_MIN_KM,
    MAX_INTERESTS_PER_DAY,
};

const DELHI: [f64; 2] = [77.209, 28.6139];

struct Fixture {
    _database: TestDatabase,
    db: Db,
    tuition: TuitionService,
    parent: UserId,
    other_parent: UserId,
    tutor: UserId,
    unsubscribed_tutor: UserId,
}

fn user(db: &Db, email: &str, role: &str, expires: Option<chrono::NaiveDateTime>) -> UserId {
    let id: i64 = db
        .write(|c| {
            diesel::insert_into(users::table)
                .values((
                    users::fullname.eq(format!("Name of {email}")),
                    users::email.eq(email),
                    users::phone.eq("9876543210"),
                    users::password_hash.eq("x"),
                    users::role.eq(role),
                    users::email_verified.eq(true),
                    users::subscription_active.eq(expires.is_some()),
                    users::subscription_expires.eq(expires),
                    users::created_at.eq(now()),
                    users::updated_at.eq(now()),
                ))
                .returning(users::id)
                .get_result(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("user");
    UserId(id)
}

fn fixture() -> Fixture {
    fixture_on(TestDatabase::in_memory())
}

/// On `database`: a file when a test needs a reader beside a busy writer (an in-memory
/// database has one connection for both).
fn fixture_on(database: TestDatabase) -> Fixture {
    let db = database.db();
    let year = Some(now() + chrono::Duration::days(365));
    Fixture {
        parent: user(&db, "parent@example.com", "parent", None),
        other_parent: user(&db, "other@example.com", "parent", None),
        tutor: user(&db, "tutor@example.com", "tutor", year),
        unsubscribed_tutor: user(&db, "lapsed@example.com", "tutor", None),
        tuition: TuitionService::new(db.clone(), LocationKey::new([7; 32])),
        db,
        _database: database,
    }
}

fn request(subject: &str, class_level: &str, location: [f64; 2]) -> RequestInput {
    RequestInput {
        subject: subject.into(),
        class_level: class_level.into(),
        preferred_time: "Weekday evenings".into(),
        location: Some(location),
        ..Default::default()
    }
}

/// A point `km` east of Delhi.
fn east_of_delhi(km: f64) -> [f64; 2] {
    [DELHI[0] + km / (111.32 * DELHI[1].to_radians().cos()), DELHI[1]]
}

fn near_delhi(radius: f64) -> NearbyQuery {
    NearbyQuery::around(Point { lat: DELHI[1], lng: DELHI[0] }, radius)
}

impl Fixture {
    fn post(&self, subject: &str, class_level: &str, location: [f64; 2]) -> i64 {
        self.tuition.create(self.parent, Role::Parent, request(subject, class_level, location)).expect("create").id
    }
}

#[test]
fn only_parents_post_requests() {
    let f = fixture();
    let err = f.tuition.create(f.tutor, Role::Tutor, request("Maths", "10", DELHI)).err();
    assert!(matches!(err, Some(TuitionError::NotAParent)));
}

#[test]
fn a_request_needs_its_fields_and_a_real_location() {
    let f = fixture();
    let mut input = request(" ", "", DELHI);
    input.location = None;
    let Err(TuitionError::Validation(errors)) = f.tuition.create(f.parent, Role::Parent, input) else {
        panic!("invalid")
    };
    let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
    assert_eq!(fields, vec!["subject", "classLevel", "location"]);
    assert_eq!(errors[2].message, "Please select location on the map.");
    for bad in [[181.0, 28.0], [77.0, -91.0], [f64::NAN, 0.0]] {
        let err = f.tuition.create(f.parent, Role::Parent, request("Maths", "10", bad)).err();
        assert!(matches!(err, Some(TuitionError::Validation(_))), "{bad:?}");
    }
    for (subject, class) in [("Maths\u{0}", "10"), ("Maths", "Class\n10"), ("\u{1b}[2JMaths", "10")] {
        let Err(TuitionError::Validation(errors)) =
            f.tuition.create(f.parent, Role::Parent, request(subject, class, DELHI))
        else {
            panic!("control characters in {subject:?} / {class:?} must be refused")
        };
        assert!(errors.iter().all(|e| e.message.contains("control characters")), "{errors:?}");
    }
    assert!(f.tuition.mine(f.parent).expect("mine").is_empty(), "nothing half-written");
}

#[test]
fn a_parent_sees_edits_and_deletes_only_their_own() {
    let f = fixture();
    let id = f.post("Maths", "Class 10", DELHI);
    assert!(f.tuition.mine(f.other_parent).expect("mine").is_empty());
    let edit = f.tuition.update(f.other_parent, id, request("Hacked", "1", DELHI)).err();
    assert!(matches!(edit, Some(TuitionError::NotFound)));
    assert!(matches!(f.tuition.delete(f.other_parent, id), Err(TuitionError::NotFound)));
    let mine = f.tuition.mine(f.parent).expect("mine");
    assert_eq!((mine.len(), mine[0].subject.as_str()), (1, "Maths"));

    let updated = f.tuition.update(f.parent, id, request("Physics", "Class 11", east_of_delhi(1.0))).expect("update");
    assert_eq!((updated.subject.as_str(), updated.class_level.as_str()), ("Physics", "Class 11"));
    f.tuition.delete(f.parent, id).expect("delete");
    assert!(f.tuition.mine(f.parent).expect("mine").is_empty());
}

#[test]
fn nearby_needs_an_active_subscription() {
    let f = fixture();
    f.post("Maths", "10", DELHI);
    let lapsed = f.tuition.nearby(f.unsubscribed_tutor, Role::Tutor, &near_delhi(10.0)).err();
    assert!(matches!(lapsed, Some(TuitionError::SubscriptionRequired)));
    // A set flag with a past expiry is not active either.
    let past = now() - chrono::Duration::days(1);
    f.db.write(|c| {
        diesel::update(users::table.find(f.tutor.0))
            .set(users::subscription_expires.eq(Some(past)))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("expire");
    assert!(matches!(
        f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)),
        Err(TuitionError::SubscriptionRequired)
    ));
    assert!(matches!(f.tuition.nearby(f.parent, Role::Parent, &near_delhi(10.0)), Err(TuitionError::NotATutor)));
}

#[test]
fn nearby_is_sorted_by_distance_within_the_radius_with_filters() {
    let f = fixture();
    let far = f.post("Maths", "Class 10", east_of_delhi(8.0));
    let near = f.post("science", "class 9", east_of_delhi(3.0));
    let _outside = f.post("Maths", "Class 10", east_of_delhi(14.0));
    let _mumbai = f.post("Maths", "Class 10", [72.8777, 19.076]);
    let found = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby");
    assert_eq!(found.iter().map(|r| r.id).collect::<Vec<_>>(), vec![near, far]);
    assert!((found[0].distance_km - 3.0).abs() <= 0.6, "{}", found[0].distance_km);
    assert_eq!(found[0].parent.first_name, "Name");
    assert_eq!(found[0].contact, None, "no contacts before interest");
    assert_eq!(f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(15.0)).expect("15 km").len(), 3);

    let mut by_subject = near_delhi(10.0);
    by_subject.subject = Some("SCIENCE".into());
    assert_eq!(
        f.tuition.nearby(f.tutor, Role::Tutor, &by_subject).expect("filter").iter().map(|r| r.id).collect::<Vec<_>>(),
        vec![near]
    );
    let mut by_class = near_delhi(10.0);
    by_class.class_level = Some("class 10".into());
    assert_eq!(
        f.tuition.nearby(f.tutor, Role::Tutor, &by_class).expect("filter").iter().map(|r| r.id).collect::<Vec<_>>(),
        vec![far]
    );

    for radius in [1.0, 30.0] {
        assert!(matches!(
            f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(radius)),
            Err(TuitionError::Validation(_))
        ));
    }
}

#[test]
fn tutors_get_an_approximate_point_never_the_exact_one() {
    let f = fixture();
    let exact = east_of_delhi(2.0);
    let id = f.post("Maths", "10", exact);
    let found = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby");
    let shown = found[0].approximate_location;
    let exact = Point { lat: exact[1], lng: exact[0] };
    let d = distance_km(shown, exact);
    assert!((APPROXIMATION_MIN_KM - 1e-6..=APPROXIMATION_MAX_KM + 1e-6).contains(&d), "{d}");
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
    // Moving the pin moves the published point, still in the ring around the new place.
    let moved = east_of_delhi(3.0);
    f.tuition.update(f.parent, second, request("Physics", "11", moved)).expect("move");
    let after = shown(&f).into_iter().find(|r| r.id == second).expect("moved one").approximate_location;
    let d = distance_km(after, Point { lat: moved[1], lng: moved[0] });
    assert!((APPROXIMATION_MIN_KM - 1e-6..=APPROXIMATION_MAX_KM + 1e-6).contains(&d), "{d}");
    // Another parent at the same address gets an offset of their own.
    let other = f.tuition.create(f.other_parent, Role::Parent, request("Maths", "10", DELHI)).expect("create");
    assert_ne!(other.approximate_location, Some(before));
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
            let from_home = distance_km(estimate, home);
            assert!(
                from_home >= APPROXIMATION_MIN_KM - tolerance,
                "{name} came within {from_home:.3} km of the home (published point {:.3} km away)",
                distance_km(published, home)
            );
            assert!(distance_km(estimate, published) <= tolerance, "{name} should land on the published point");
        }
    }
    assert!(queries > 500, "{queries} queries");
}

#[test]
fn contacts_come_only_with_interest_and_only_to_that_tutor() {
    let f = fixture();
    let second_tutor = user(&f.db, "second@example.com", "tutor", Some(now() + chrono::Duration::days(30)));
    let id = f.post("Maths", "10", DELHI);
    let before = &f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby")[0];
    assert_eq!((before.interested, &before.contact), (false, &None));
    assert_eq!((before.parent.id, before.parent.first_name.as_str()), (f.parent, "Name"));

    let contact = f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("interest");
    assert_eq!(
        (contact.id, contact.fullname.as_str(), contact.email.as_str(), contact.phone.as_str()),
        (f.parent, "Name of parent@example.com", "parent@example.com", "9876543210")
    );
    let after = &f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby")[0];
    assert_eq!((after.interested, after.contact.as_ref()), (true, Some(&contact)), "seen again afterwards");
    let other = &f.tuition.nearby(second_tutor, Role::Tutor, &near_delhi(10.0)).expect("second tutor")[0];
    assert_eq!((other.interested, &other.contact), (false, &None), "another tutor never sees them");

    // Neither a parent nor a tutor without a subscription gets them.
    assert!(matches!(f.tuition.express_interest(f.other_parent, Role::Parent, id), Err(TuitionError::NotATutor)));
    assert!(matches!(
        f.tuition.express_interest(f.unsubscribed_tutor, Role::Tutor, id),
        Err(TuitionError::SubscriptionRequired)
    ));
    // A parent cannot pass for a tutor by forging the role: the subscription is read from the database.
    assert!(matches!(
        f.tuition.express_interest(f.other_parent, Role::Tutor, id),
        Err(TuitionError::SubscriptionRequired)
    ));
}

#[test]
fn interest_is_idempotent_and_the_parent_sees_the_tutors_contact() {
    let f = fixture();
    let id = f.post("Maths", "10", DELHI);
    let first = f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("first");
    let second = f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("second");
    assert_eq!(first, second);
    let mine = f.tuition.mine(f.parent).expect("mine");
    assert_eq!(mine[0].interested_tutors.len(), 1);
    let t = &mine[0].interested_tutors[0];
    assert_eq!(
        (t.tutor, t.fullname.as_str(), t.email.as_str(), t.phone.as_str()),
        (f.tutor, "Name of tutor@example.com", "tutor@example.com", "9876543210")
    );
    assert!(f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby")[0].interested);
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, id + 100), Err(TuitionError::NotFound)));
}

#[test]
fn at_most_thirty_interests_a_day_and_a_repeat_is_not_counted() {
    let f = fixture();
    let ids: Vec<i64> = (0..32).map(|i| f.post(&format!("Subject {i}"), "10", east_of_delhi(i as f64 * 0.1))).collect();
    for id in &ids[..30] {
        f.tuition.express_interest(f.tutor, Role::Tutor, *id).expect("within the limit");
    }
    let err = f.tuition.express_interest(f.tutor, Role::Tutor, ids[30]).expect_err("over the limit");
    assert!(matches!(err, TuitionError::InterestLimit));
    assert_eq!(err.to_string(), "You have reached today's limit of interests. Try again tomorrow.");
    // Marked ones still answer their contacts, and do not count again.
    assert_eq!(f.tuition.express_interest(f.tutor, Role::Tutor, ids[3]).expect("repeat").email, "parent@example.com");
    // Nothing was recorded for the refused one: no contacts on it in the results either.
    let results = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby");
    let refused = results.iter().find(|r| r.id == ids[30]).expect("listed");
    assert_eq!((refused.interested, &refused.contact), (false, &None));
    assert_eq!(results.iter().filter(|r| r.contact.is_some()).count(), MAX_INTERESTS_PER_DAY as usize);

    // Interests older than 24 hours no longer count.
    f.db.write(|c| {
        diesel::update(tuition_interests::table.filter(tuition_interests::request_id.eq(ids[0])))
            .set(tuition_interests::created_at.eq(now() - chrono::Duration::hours(25)))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("age one");
    f.tuition.express_interest(f.tutor, Role::Tutor, ids[30]).expect("a slot freed");
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, ids[31]), Err(TuitionError::InterestLimit)));
    // Another tutor's limit is their own.
    let second_tutor = user(&f.db, "second@example.com", "tutor", Some(now() + chrono::Duration::days(30)));
    f.tuition.express_interest(second_tutor, Role::Tutor, ids[31]).expect("another tutor");
}

#[test]
fn requests_stored_before_approximate_points_are_hidden_until_filled_in() {
    let f = fixture();
    let home = Point { lat: DELHI[1], lng: DELHI[0] };
    // A row as the previous release wrote it: no approximate point.
    let old: i64 =
        f.db.write(|c| {
            diesel::insert_into(tuition_requests::table)
                .values((
                    tuition_requests::parent_id.eq(f.parent.0),
                    tuition_requests::subject.eq("Old Maths"),
                    tuition_requests::class_level.eq("10"),
                    tuition_requests::preferred_time.eq("Any"),
                    tuition_requests::lat.eq(home.lat),
                    tuition_requests::lng.eq(home.lng),
                    tuition_requests::created_at.eq(now()),
                    tuition_requests::updated_at.eq(now()),
                ))
                .returning(tuition_requests::id)
                .get_result(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("old row");
    assert!(f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(25.0)).expect("nearby").is_empty());
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, old), Err(TuitionError::NotFound)));
    assert_eq!(f.tuition.mine(f.parent).expect("mine")[0].approximate_location, None);

    assert_eq!(f.tuition.backfill_approximate_points().expect("fill"), 1);
    assert_eq!(f.tuition.backfill_approximate_points().expect("again"), 0, "idempotent");
    let found = f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby");
    assert_eq!(found.iter().map(|r| r.id).collect::<Vec<_>>(), vec![old]);
    let d = distance_km(found[0].approximate_location, home);
    assert!((APPROXIMATION_MIN_KM - 1e-6..=APPROXIMATION_MAX_KM + 1e-6).contains(&d), "{d}");
    // The same point a new request from this parent at this place gets.
    let fresh = f.tuition.create(f.parent, Role::Parent, request("New", "10", DELHI)).expect("create");
    assert_eq!(fresh.approximate_location, Some(found[0].approximate_location));
}

#[test]
fn deleting_a_request_removes_its_interests() {
    let f = fixture();
    let id = f.post("Maths", "10", DELHI);
    f.tuition.express_interest(f.tutor, Role::Tutor, id).expect("interest");
    f.tuition.delete(f.parent, id).expect("delete");
    let left: i64 =
        f.db.read(|c| tuition_interests::table.count().get_result(c).map_err(hometutor_db::DbError::from))
            .expect("count");
    assert_eq!(left, 0);
}

#[test]
fn flagged_requests_are_not_shown_to_tutors() {
    let f = fixture();
    let id = f.post("Maths", "10", DELHI);
    f.db.write(|c| {
        diesel::update(tuition_requests::table.find(id))
            .set(tuition_requests::flagged.eq(true))
            .execute(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("flag");
    assert!(f.tuition.nearby(f.tutor, Role::Tutor, &near_delhi(10.0)).expect("nearby").is_empty());
    assert!(matches!(f.tuition.express_interest(f.tutor, Role::Tutor, id), Err(TuitionError::NotFound)));
}

#[test]
fn the_cell_search_finds_exactly_what_a_full_scan_finds() {
    use hometutor_tuition::search::{nearest, nearest_by_full_scan, Search};
    let f = fixture();
    // A deterministic scatter: a dense cluster around Delhi and a sparse spread.
    let mut state = 42u64;
    let mut next = || {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (state >> 11) as f64 / (1u64 << 53) as f64
    };
    let subjects = ["Maths", "Physics", "Chemistry", "English"];
    for i in 0..600 {
        let (spread, base) = if i % 4 == 0 { (1.0, [76.7, 28.2]) } else { (0.15, DELHI) };
        let location = [base[0] + (next() - 0.5) * spread, base[1] + (next() - 0.5) * spread];
        let input = RequestInput {
            subject: subjects[i % 3].into(),
            class_level: format!("Class {}", 1 + i % 12),
            preferred_time: "Any".into(),
            location: Some(location),
            ..Default::default()
        };
        f.tuition.create(f.parent, Role::Parent, input).expect("create");
    }
    let center = Point { lat: DELHI[1], lng: DELHI[0] };
    for (radius, subject, class_level, limit) in [
        (2.0, None, None, 100),
        (10.0, None, None, 20),
        (10.0, Some("math"), None, 100),
        (25.0, None, Some("class 1"), 50),
        (25.0, None, None, 1000),
    ] {
        let search = Search::new(center, radius, subject, class_level, limit);
        let (fast, slow) =
            f.db.read(|c| Ok::<_, hometutor_db::DbError>((nearest(c, &search)?, nearest_by_full_scan(c, &search)?)))
                .expect("search");
        assert!(!fast.is_empty(), "{radius} {subject:?}");
        assert_eq!(fast, slow, "radius {radius}, subject {subject:?}, class {class_level:?}, limit {limit}");
    }
}

/// A filtered search leaves its terms for the admins' trends without writing them itself: it
/// answers while the database's writer is held by something else, and the terms are stored
/// once the writer is free again.
#[test]
fn search_terms_are_written_in_the_background_not_by_the_search() {
    let f = fixture_on(TestDatabase::file());
    f.post("Physics", "Class 11", east_of_delhi(2.0));
    let searched = |subject: &str, class: &str| NearbyQuery {
        subject: Some(subject.into()),
        class_level: Some(class.into()),
        ..near_delhi(10.0)
    };
    let stored = |db: &Db| -> Vec<(String, i64)> {
        use hometutor_db::schema::search_events as se;
        db.read(|c| {
            se::table
                .group_by(se::term)
                .select((se::term, diesel::dsl::count_star()))
                .order(se::term)
                .load::<(String, i64)>(c)
                .map_err(hometutor_db::DbError::from)
        })
        .unwrap()
    };

    // Hold the writer until told to let go.
    let (release, hold) = std::sync::mpsc::channel::<()>();
    let (held, holding) = std::sync::mpsc::channel::<()>();
    let holder = {
        let db = f.db.clone();
        std::thread::spawn(move || {
            db.write(|_| -> Result<(), hometutor_db::DbError> {
                held.send(()).unwrap();
                hold.recv().unwrap();
                Ok(())
            })
        })
    };
    holding.recv().unwrap();
    for _ in 0..3 {
        let found = f.tuition.nearby(f.tutor, Role::Tutor, &searched("Physics", "Class 11")).expect("nearby");
        assert_eq!(found.len(), 1);
    }
    release.send(()).unwrap();
    holder.join().unwrap().unwrap();

    f.tuition.flush_search_trends();
    assert_eq!(stored(&f.db), vec![("class 11".to_string(), 3), ("physics".to_string(), 3)]);

    // Searches from several threads at once are all counted.
    let searches: Vec<_> = (0..8)
        .map(|_| {
            let (tuition, tutor, query) = (f.tuition.clone(), f.tutor, searched("Chemistry", "Class 12"));
            std::thread::spawn(move || tuition.nearby(tutor, Role::Tutor, &query).map(|found| found.len()))
        })
        .collect();
    for search in searches {
        assert_eq!(search.join().unwrap().unwrap(), 0);
    }
    f.tuition.flush_search_trends();
    assert_eq!(
        stored(&f.db),
        vec![
            ("chemistry".to_string(), 8),
            ("class 11".to_string(), 3),
            ("class 12".to_string(), 8),
            ("physics".to_string(), 3)
        ]
    );
}

/// Nobody flushes on a running server: the writer wakes for a first term by itself and writes
/// it with whatever else gathered within the second after (a search rings only for a first term
/// or a full batch, so this is what keeps a lone search's terms from waiting forever).
#[test]
fn search_terms_are_written_within_seconds_without_a_flush() {
    let f = fixture_on(TestDatabase::file());
    let count = |db: &Db| -> i64 {
        use hometutor_db::schema::search_events as se;
        db.read(|c| se::table.count().get_result(c).map_err(hometutor_db::DbError::from)).unwrap()
    };
    for round in 1..=2 {
        let query =
            NearbyQuery { subject: Some("Physics".into()), class_level: Some("Class 11".into()), ..near_delhi(10.0) };
        f.tuition.nearby(f.tutor, Role::Tutor, &query).expect("nearby");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        while count(&f.db) < 2 * round {
            assert!(std::time::Instant::now() < deadline, "round {round}: the terms were not written within 10 s");
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        assert_eq!(count(&f.db), 2 * round);
    }
}
