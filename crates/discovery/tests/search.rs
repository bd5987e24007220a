//! Tutor search on a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL):
//! who is listed, each filter, the order, paging, and the indexed search against a full scan.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use common::*;
use hometutor_discovery::search::{ranked, ranked_by_full_scan};
use hometutor_discovery::{DiscoveryError, DiscoveryService, TutorQuery, PAGE_SIZE};
use hometutor_geo::Point;
use hometutor_testkit::TestDatabase;

fn query(at: Point) -> TutorQuery {
    TutorQuery { location: Some([at.lng, at.lat]), ..TutorQuery::default() }
}

fn ids(service: &DiscoveryService, q: &TutorQuery) -> Vec<i64> {
    service.search(q).expect("search").tutors.into_iter().map(|t| t.id).collect()
}

#[test]
fn lists_only_subscribed_verified_active_tutors_whose_area_covers_the_place() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let ok = user(&db, "ok@example.com", Who::TUTOR);
    let inactive = user(&db, "inactive@example.com", Who { active: false, ..Who::TUTOR });
    let unverified = user(&db, "unverified@example.com", Who { email_verified: false, ..Who::TUTOR });
    let unpaid = user(&db, "unpaid@example.com", Who { subscribed_days: None, ..Who::TUTOR });
    let expired = user(&db, "expired@example.com", Who { subscribed_days: Some(-1), ..Who::TUTOR });
    let parent = user(&db, "parent@example.com", Who::PARENT);
    let too_far = user(&db, "far@example.com", Who::TUTOR);
    let mut areas: Vec<_> = [ok, inactive, unverified, unpaid, expired, parent]
        .iter()
        .map(|id| area(*id, east(3.0), 10.0, &["maths"], &[], &[], &[]))
        .collect();
    // Its circle (5 km) does not reach the place 6 km away.
    areas.push(area(too_far, east(6.0), 5.0, &["maths"], &[], &[], &[]));
    seed(&db, &areas);
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());
    assert_eq!(ids(&service, &query(DELHI)), vec![ok]);
    // From the far tutor's centre (as searches place it, its 1 km cell's) both are listed, nearest first.
    assert_eq!(ids(&service, &query(hometutor_tuition::area::shown_center(east(6.0)))), vec![too_far, ok]);
    // radiusKm: the distance to the centre, not only the tutor's own radius.
    let mut near = query(DELHI);
    near.radius_km = Some(2.0);
    assert!(ids(&service, &near).is_empty());
    let page = service.search(&query(DELHI)).unwrap();
    assert_eq!((page.total, page.page, page.page_size), (1, 1, PAGE_SIZE));
    let card = &page.tutors[0];
    // To the centre searches use (its 1 km cell's), to 0.1 km.
    let shown = hometutor_geo::distance_km(DELHI, hometutor_tuition::area::shown_center(east(3.0)));
    assert_eq!(card.distance_km, (shown * 10.0).round() / 10.0);
    assert!((card.distance_km - 3.0).abs() <= 0.8, "{}", card.distance_km);
    assert_eq!(card.fullname, "Name of ok@example.com");
    assert_eq!(card.verification, None, "typed badges are never shown");
    assert_eq!(card.subjects[0].label, "Mathematics");
    // The map puts the tutor at the place the card names (a post office's public point near the
    // area's centre), never at the centre itself.
    let name = card.place_name.as_deref().unwrap();
    let [lng, lat] = card.place_location.unwrap();
    let place = hometutor_places::Places::global().nearest(lat, lng).unwrap();
    assert_eq!(name, place.display_name());
    let off = hometutor_geo::distance_km(Point { lat, lng }, east(3.0));
    assert!(off > 0.0 && off < 5.0, "the place is {off} km from the centre");
}

#[test]
fn filters_by_vocabulary_ids() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let maths = user(&db, "maths@example.com", Who::TUTOR);
    let all = user(&db, "all@example.com", Who { approved: true, ..Who::TUTOR });
    let any = user(&db, "any@example.com", Who::TUTOR);
    let science = user(&db, "science@example.com", Who::TUTOR);
    // Not complete enough to judge: no subject; no fee; no about.
    let bare = user(&db, "bare@example.com", Who::TUTOR);
    let feeless = user(&db, "feeless@example.com", Who::TUTOR);
    let silent = user(&db, "silent@example.com", Who::TUTOR);
    seed(
        &db,
        &[
            area(maths, east(1.0), 10.0, &["maths"], &["class-1"], &["cbse"], &["home"]),
            area(all, east(2.0), 10.0, &["all-subjects"], &["class-10"], &[], &["online"]),
            area(any, east(3.0), 10.0, &["english"], &[], &[], &[]),
            area(bare, east(3.0), 10.0, &[], &[], &[], &[]),
            area(feeless, east(3.0), 10.0, &["maths"], &[], &[], &[]),
            area(silent, east(3.0), 10.0, &["maths"], &[], &[], &[]),
            area(science, east(4.0), 10.0, &["science", "other:Vedic maths"], &[], &["icse"], &[]),
        ],
    );
    profile(&db, maths, "Maths", Some(500));
    profile(&db, all, "All", Some(900));
    profile(&db, feeless, "Maths", None);
    profile(&db, silent, " ", Some(500));
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());
    let with = |f: &dyn Fn(&mut TutorQuery)| {
        let mut q = query(DELHI);
        f(&mut q);
        ids(&service, &q)
    };
    assert_eq!(with(&|_| {}), vec![maths, all, any, science]);
    // A subject: those who name it or 'All Subjects'. A profile without a subject, a fee or an
    // about text is listed by no search.
    assert_eq!(with(&|q| q.subject = Some("maths".into())), vec![maths, all]);
    // 'Class 1' never matches 'Class 10'; empty lists admit any class.
    assert_eq!(with(&|q| q.class_level = Some("class-1".into())), vec![maths, any, science]);
    assert_eq!(with(&|q| q.class_level = Some("class-10".into())), vec![all, any, science]);
    // Names as people type them, in English, Hindi or Hinglish, are the same filters.
    assert_eq!(with(&|q| q.subject = Some("गणित".into())), vec![maths, all]);
    assert_eq!(with(&|q| q.subject = Some("ganit".into())), vec![maths, all]);
    assert_eq!(with(&|q| q.class_level = Some("कक्षा १".into())), vec![maths, any, science]);
    assert_eq!(with(&|q| q.class_level = Some("dasvi".into())), vec![all, any, science]);
    assert_eq!(with(&|q| q.board = Some("cbse".into())), vec![maths, all, any]);
    assert_eq!(with(&|q| q.mode = Some("online".into())), vec![all, any, science]);
    // maxFee: at most that fee (the profiles seed wrote ask common::DEFAULT_FEE).
    assert_eq!(common::DEFAULT_FEE, 400);
    assert_eq!(with(&|q| q.max_fee = Some(600)), vec![maths, any, science]);
    assert_eq!(with(&|q| q.max_fee = Some(900)), vec![maths, all, any, science]);
    assert_eq!(with(&|q| q.max_fee = Some(399)), Vec::<i64>::new());
    // A fee range: both ends count.
    assert_eq!(with(&|q| q.min_fee = Some(600)), vec![all]);
    assert_eq!(with(&|q| q.min_fee = Some(500)), vec![maths, all]);
    assert_eq!(
        with(&|q| {
            q.min_fee = Some(500);
            q.max_fee = Some(500);
        }),
        vec![maths]
    );
    assert_eq!(
        with(&|q| {
            q.min_fee = Some(501);
            q.max_fee = Some(899);
        }),
        Vec::<i64>::new()
    );
    assert_eq!(with(&|q| q.verified = Some(true)), vec![all]);
    assert_eq!(with(&|q| q.verified = Some(false)), vec![maths, all, any, science]);
    // Unknown ids are refused, each under its parameter.
    let mut bad = query(DELHI);
    bad.subject = Some("astrology".into());
    bad.class_level = Some("class-13".into());
    match service.search(&bad) {
        Err(DiscoveryError::Validation(errors)) => {
            let fields: Vec<_> = errors.iter().map(|e| e.field).collect();
            assert_eq!(fields, vec!["subject", "classLevel"]);
        }
        other => panic!("expected a validation error, got {other:?}"),
    }
    for q in [
        TutorQuery::default(),
        TutorQuery { radius_km: Some(0.1), ..query(DELHI) },
        TutorQuery { min_rating: Some(6.0), ..query(DELHI) },
        TutorQuery { max_fee: Some(-1), ..query(DELHI) },
        TutorQuery { min_fee: Some(100_001), ..query(DELHI) },
        TutorQuery { min_fee: Some(900), max_fee: Some(500), ..query(DELHI) },
        TutorQuery { page: Some(0), ..query(DELHI) },
        TutorQuery { location: Some([200.0, 10.0]), ..TutorQuery::default() },
    ] {
        assert!(matches!(service.search(&q), Err(DiscoveryError::Validation(_))), "{q:?}");
    }
    match service.search(&TutorQuery { min_fee: Some(900), max_fee: Some(500), ..query(DELHI) }) {
        Err(DiscoveryError::Validation(errors)) => {
            let got: Vec<_> = errors.iter().map(|e| (e.field, e.message.as_str())).collect();
            assert_eq!(got, vec![("maxFee", "The highest fee must not be below the lowest.")]);
        }
        other => panic!("expected a validation error, got {other:?}"),
    }
}

#[test]
fn orders_by_distance_then_shrunk_rating_then_id_and_pages() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let parents: Vec<i64> = (0..40).map(|i| user(&db, &format!("p{i}@example.com"), Who::PARENT)).collect();
    // Three tutors at the same distance: one 5-star review, forty 4.7-ish, none.
    let one = user(&db, "one@example.com", Who::TUTOR);
    let forty = user(&db, "forty@example.com", Who::TUTOR);
    let none = user(&db, "none@example.com", Who::TUTOR);
    let featured = user(&db, "featured@example.com", Who { featured: true, ..Who::TUTOR });
    seed(
        &db,
        &[
            area(one, east(2.0), 10.0, &["maths"], &[], &[], &[]),
            area(forty, east(2.0), 10.0, &["maths"], &[], &[], &[]),
            area(none, east(2.0), 10.0, &["maths"], &[], &[], &[]),
            area(featured, east(4.0), 10.0, &["maths"], &[], &[], &[]),
        ],
    );
    review(&db, one, parents[0], 5);
    for (i, p) in parents.iter().enumerate() {
        review(&db, forty, *p, if i < 28 { 5 } else { 4 }); // 4.7
    }
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());
    // Featured tutors are not ranked first: their card says so.
    assert_eq!(ids(&service, &query(DELHI)), vec![forty, one, none, featured]);
    let page = service.search(&query(DELHI)).unwrap();
    assert!(page.tutors[3].featured);
    assert_eq!((page.tutors[0].rating, page.tutors[0].review_count), (Some(4.7), 40));
    assert_eq!((page.tutors[2].rating, page.tutors[2].review_count), (None, 0));
    // minRating compares the mean shown and leaves out tutors without reviews.
    let mut q = query(DELHI);
    q.min_rating = Some(4.8);
    assert_eq!(ids(&service, &q), vec![one]);

    // Paging: 45 more tutors, 20 to a page, the total on each.
    let more: Vec<i64> = (0..45).map(|i| user(&db, &format!("t{i}@example.com"), Who::TUTOR)).collect();
    seed(&db, &more.iter().map(|id| area(*id, east(6.0), 10.0, &["maths"], &[], &[], &[])).collect::<Vec<_>>());
    let mut all = Vec::new();
    for page in 1..=4 {
        let got = service.search(&TutorQuery { page: Some(page), ..query(DELHI) }).unwrap();
        assert_eq!(got.total, 49);
        all.extend(got.tutors.into_iter().map(|t| t.id));
    }
    assert_eq!(all.len(), 49);
    assert_eq!(&all[4..], &more[..], "same distance and no reviews: by id");
}

#[test]
fn about_is_cut_to_160_characters() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let tutor = user(&db, "long@example.com", Who::TUTOR);
    seed(&db, &[area(tutor, DELHI, 5.0, &["maths"], &[], &[], &[])]);
    profile(&db, tutor, &"अ".repeat(300), Some(100));
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());
    let card = service.search(&query(DELHI)).unwrap().tutors.remove(0);
    assert_eq!(card.about.chars().count(), 160);
    assert!(card.about.ends_with('…'));
    assert_eq!((card.fee_per_hour, card.fee_notes.as_str()), (Some(100), "Negotiable"));
}

/// The indexed search returns what reading every area returns, in the same order, for
/// random places, radii and filters over tutors spread around two cities.
#[test]
fn the_indexed_search_agrees_with_a_full_scan() {
    let t = TestDatabase::in_memory();
    let db = t.db();
    let subjects = ["maths", "science", "english", "all-subjects"];
    let classes = ["class-1", "class-8", "class-10", "jee"];
    let mut rng = 0x2545F4914F6CDD1Du64;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng >> 11) as f64 / (1u64 << 53) as f64
    };
    let parent = user(&db, "reviewer@example.com", Who::PARENT);
    let mut areas = Vec::new();
    for i in 0..600 {
        let approved = next() < 0.3;
        let tutor = user(&db, &format!("t{i}@example.com"), Who { approved, ..Who::TUTOR });
        let city = if next() < 0.5 { DELHI } else { Point { lat: 19.076, lng: 72.8777 } };
        let center = Point { lat: city.lat + (next() - 0.5) * 0.4, lng: city.lng + (next() - 0.5) * 0.4 };
        let pick = |list: &[&'static str], p: f64, r: &mut dyn FnMut() -> f64| -> Vec<&'static str> {
            list.iter().copied().filter(|_| r() < p).collect()
        };
        let s = pick(&subjects, 0.4, &mut next);
        let c = pick(&classes, 0.3, &mut next);
        let b = pick(&["cbse", "icse"], 0.3, &mut next);
        let m = pick(&["home", "online"], 0.3, &mut next);
        areas.push(area(tutor, center, 2.0 + next() * 23.0, &s, &c, &b, &m));
        if next() < 0.5 {
            profile(&db, tutor, "About", Some((next() * 2000.0) as i32));
        }
        if next() < 0.3 {
            review(&db, tutor, parent, 1 + (next() * 5.0) as i32 % 5);
        }
    }
    seed(&db, &areas);
    let service = DiscoveryService::new(db.clone(), Announced::default().notifier());
    for round in 0..60 {
        let city = if round % 2 == 0 { DELHI } else { Point { lat: 19.076, lng: 72.8777 } };
        let at = Point { lat: city.lat + (next() - 0.5) * 0.3, lng: city.lng + (next() - 0.5) * 0.3 };
        let mut q = query(at);
        if next() < 0.5 {
            q.radius_km = Some(1.0 + next() * 20.0);
        }
        if next() < 0.6 {
            q.subject = Some(subjects[(next() * 3.0) as usize].into());
        }
        if next() < 0.3 {
            q.class_level = Some(classes[(next() * 4.0) as usize].into());
        }
        if next() < 0.2 {
            q.board = Some("cbse".into());
        }
        if next() < 0.2 {
            q.mode = Some("online".into());
        }
        if next() < 0.2 {
            q.max_fee = Some(1000);
        }
        if next() < 0.15 {
            q.min_fee = Some(700);
        }
        if next() < 0.2 {
            q.min_rating = Some(3.0);
        }
        if next() < 0.2 {
            q.verified = Some(true);
        }
        let valid = q.validate().unwrap();
        let (fast, slow) = db
            .read(|c| -> Result<_, hometutor_db::DbError> { Ok((ranked(c, &valid)?, ranked_by_full_scan(c, &valid)?)) })
            .unwrap();
        let fast: Vec<i64> = fast.iter().map(|r| r.candidate.tutor).collect();
        let slow: Vec<i64> = slow.iter().map(|r| r.candidate.tutor).collect();
        assert_eq!(fast, slow, "{q:?}");
        // The service's pages (which read reviews only where the order needs them) too.
        for page in 1..=2 {
            let got = service.search(&TutorQuery { page: Some(page), ..q.clone() }).unwrap();
            let want: Vec<i64> = slow.iter().copied().skip((page as usize - 1) * PAGE_SIZE).take(PAGE_SIZE).collect();
            assert_eq!(got.tutors.iter().map(|t| t.id).collect::<Vec<_>>(), want, "page {page} of {q:?}");
            assert_eq!(got.total, slow.len(), "{q:?}");
        }
    }
}
