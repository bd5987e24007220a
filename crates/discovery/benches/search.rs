//! Tutor search over 100,000 tutors' teaching areas (clustered around ten Indian cities):
//! p50/p99 of the indexed search (the whole service call: validation, candidates from
//! tutor search's index, who is listable, the reviews the order needs, the page's cards) at
//! 10 km with a subject filter, and without filters, checking every result set and the page
//! shown against a full scan of every listable area (same ids, same order, same total).
//!
//! `cargo bench -p hometutor-discovery --bench search` (SQLite in a temporary file); with
//! `TEST_DATABASE_URL=postgres://…` it runs on PostgreSQL. `BENCH_TUTORS` changes the size,
//! `BENCH_QUERIES` the number of searches per case.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark that cannot set up should stop loudly

use std::time::{Duration, Instant};

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{reviews, tutor_profiles as tp, users};
use hometutor_db::{now, Db, DbConnection, DbError};
use hometutor_discovery::search::{listable_areas, ranked, ranked_among};
use hometutor_discovery::{DiscoveryService, TutorQuery};
use hometutor_geo::Point;
use hometutor_notifications::Notifier;
use hometutor_testkit::TestDatabase;
use hometutor_tuition::area::{insert_many, AreaInput};

const CITIES: [(f64, f64); 10] = [
    (28.6139, 77.209),
    (19.076, 72.8777),
    (12.9716, 77.5946),
    (22.5726, 88.3639),
    (13.0827, 80.2707),
    (17.385, 78.4867),
    (18.5204, 73.8567),
    (23.0225, 72.5714),
    (26.9124, 75.7873),
    (26.8467, 80.9462),
];
const SUBJECTS: [&str; 12] = [
    "maths",
    "science",
    "english",
    "physics",
    "chemistry",
    "biology",
    "hindi",
    "accountancy",
    "computer-science",
    "social-studies",
    "economics",
    "all-subjects",
];
const CLASSES: [&str; 6] = ["class-1", "class-5", "class-8", "class-10", "class-12", "jee"];
const REVIEWERS: usize = 5;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    fn normal(&mut self) -> f64 {
        let (u, v) = (self.next().max(1e-12), self.next());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    fn pick<T: Copy>(&mut self, list: &[T]) -> T {
        list[(self.next() * list.len() as f64) as usize % list.len()]
    }

    fn near_a_city(&mut self, spread_deg: f64) -> Point {
        let (lat, lng) = self.pick(&CITIES);
        Point { lat: lat + self.normal() * spread_deg, lng: lng + self.normal() * spread_deg }
    }
}

fn bulk<T>(c: &mut DbConnection, rows: &[T], each: usize, f: impl Fn(&mut DbConnection, &[T]) -> QueryResult<usize>) {
    for chunk in rows.chunks(each) {
        f(c, chunk).expect("insert");
    }
}

fn seed(db: &Db, tutors: usize) -> Duration {
    let started = Instant::now();
    let mut rng = Rng(20);
    db.write(|c| -> Result<(), DbError> {
        let at = now();
        let expires = at + chrono::Duration::days(365);
        let people: Vec<_> = (0..tutors + REVIEWERS)
            .map(|i| {
                let tutor = i < tutors;
                (
                    users::fullname.eq(format!("Bench {i}")),
                    users::email.eq(format!("bench{i}@example.com")),
                    users::phone.eq("9876543210"),
                    users::password_hash.eq("x"),
                    users::role.eq(if tutor { "tutor" } else { "parent" }),
                    users::email_verified.eq(true),
                    users::approved.eq(i % 3 == 0),
                    users::subscription_active.eq(tutor && i % 10 != 0),
                    users::subscription_expires.eq(Some(expires)),
                    users::created_at.eq(at),
                    users::updated_at.eq(at),
                )
            })
            .collect();
        bulk(c, &people, 2_000, |c, chunk| match c {
            DbConnection::Sqlite(c) => diesel::insert_into(users::table).values(chunk).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(users::table).values(chunk).execute(c),
        });
        let ids: Vec<i64> = users::table.order(users::id).select(users::id).load(c)?;
        let (tutor_ids, reviewers) = ids.split_at(tutors);
        let mut areas = Vec::with_capacity(tutors);
        let mut profiles = Vec::new();
        let mut stars = Vec::new();
        for &tutor in tutor_ids {
            let center = rng.near_a_city(0.12);
            let subjects: Vec<String> = (0..1 + (rng.next() * 3.0) as usize)
                .map(|_| rng.pick(&SUBJECTS).to_string())
                .fold(Vec::new(), |mut v, s| {
                    if !v.contains(&s) {
                        v.push(s);
                    }
                    v
                });
            let classes: Vec<String> =
                if rng.next() < 0.4 { vec![] } else { vec![rng.pick(&CLASSES).into(), rng.pick(&CLASSES).into()] };
            let boards: Vec<String> =
                if rng.next() < 0.5 { vec![] } else { vec![rng.pick(&["cbse", "icse", "state"]).into()] };
            let modes: Vec<String> = if rng.next() < 0.6 { vec![] } else { vec![rng.pick(&["home", "online"]).into()] };
            let area = AreaInput {
                location: Some([center.lng, center.lat]),
                radius_km: Some(2.0 + rng.next() * 23.0),
                subjects,
                classes,
                boards,
                modes,
            };
            areas.push((UserId(tutor), area));
            if rng.next() < 0.6 {
                profiles.push((
                    tp::user_id.eq(tutor),
                    tp::about.eq("I teach with patience and many worked examples."),
                    tp::fee_per_hour.eq(Some(200 + (rng.next() * 1800.0) as i32)),
                    tp::updated_at.eq(at),
                ));
            }
            for &parent in reviewers {
                if rng.next() < 0.15 {
                    stars.push((
                        reviews::tutor_id.eq(tutor),
                        reviews::parent_id.eq(parent),
                        reviews::rating.eq(1 + (rng.next() * 5.0) as i32 % 5),
                        reviews::comment.eq(""),
                        reviews::created_at.eq(at),
                        reviews::updated_at.eq(at),
                    ));
                }
            }
        }
        insert_many(c, &areas).expect("seed areas");
        bulk(c, &profiles, 2_000, |c, chunk| match c {
            DbConnection::Sqlite(c) => diesel::insert_into(tp::table).values(chunk).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(tp::table).values(chunk).execute(c),
        });
        bulk(c, &stars, 2_000, |c, chunk| match c {
            DbConnection::Sqlite(c) => diesel::insert_into(reviews::table).values(chunk).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(reviews::table).values(chunk).execute(c),
        });
        Ok(())
    })
    .expect("seed");
    db.write(|c| -> Result<_, DbError> {
        Ok(match c {
            DbConnection::Sqlite(c) => diesel::sql_query("ANALYZE").execute(c),
            DbConnection::Pg(c) => diesel::sql_query("ANALYZE").execute(c),
        }?)
    })
    .expect("analyze");
    // PostgreSQL: the visibility map that index-only scans need, as autovacuum leaves a
    // table after a bulk insert (VACUUM cannot run inside the writer's transaction).
    db.read(|c| -> Result<_, DbError> {
        // Tutor search's index is crates/tuition's to vacuum.
        hometutor_tuition::testing::vacuum_search_index(c)?;
        Ok(match c {
            // SQLite: the checkpoint the server's background thread makes (crates/db's pool),
            // so that reads find the pages in the database file rather than in a 400 MB log.
            DbConnection::Sqlite(c) => diesel::sql_query("PRAGMA wal_checkpoint(TRUNCATE)").execute(c)?,
            DbConnection::Pg(c) => diesel::sql_query("VACUUM (ANALYZE) users").execute(c)?,
        })
    })
    .expect("vacuum");
    started.elapsed()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

fn main() {
    let tutors: usize = std::env::var("BENCH_TUTORS").ok().and_then(|v| v.parse().ok()).unwrap_or(100_000);
    let queries: usize = std::env::var("BENCH_QUERIES").ok().and_then(|v| v.parse().ok()).unwrap_or(300);
    let t = TestDatabase::file();
    let backend = if t.url.starts_with("postgres") { "PostgreSQL" } else { "SQLite" };
    let db = t.db();
    let seeded = seed(&db, tutors);
    println!("seeded {tutors} tutors' areas on {backend} in {:.1} s\n", seeded.as_secs_f64());
    let read_started = Instant::now();
    let all = db.read(|c| listable_areas(c).map_err(DbError::from)).expect("full scan");
    println!("read every listable area once for the full scan: {} ms\n", ms(read_started.elapsed()));
    let service = DiscoveryService::new(db.clone(), Notifier::new(std::sync::Arc::new(|_| {})));
    // The full scan's time counts checking every area already in memory (read once above, in
    // the table's note), so it flatters the scan: a real one would read 100,000 rows too.
    println!(
        "| backend | case | listed (mean) | p50 ms | p99 ms | full scan p50 ms | full scan p99 ms | speed-up (p50) | same ids and order as a full scan |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut failed = false;
    for (case, radius, subject) in [
        ("10 km, subject", Some(10.0), true),
        ("10 km, no filter", Some(10.0), false),
        ("any distance, subject", None, true),
    ] {
        let mut rng = Rng(7);
        let mut times = Vec::with_capacity(queries);
        let mut scan_times = Vec::with_capacity(queries);
        let (mut listed, mut same) = (0usize, true);
        for _ in 0..queries {
            let at = rng.near_a_city(0.1);
            let q = TutorQuery {
                location: Some([at.lng, at.lat]),
                radius_km: radius,
                subject: subject.then(|| rng.pick(&SUBJECTS[..11]).to_string()),
                ..TutorQuery::default()
            };
            let started = Instant::now();
            let page = service.search(&q).expect("search");
            times.push(started.elapsed());
            listed += page.total;
            let valid = q.validate().unwrap();
            let fast = db.read(|c| ranked(c, &valid).map_err(DbError::from)).expect("indexed");
            let scan_started = Instant::now();
            let slow = db.read(|c| ranked_among(c, &valid, &all).map_err(DbError::from)).expect("full scan");
            scan_times.push(scan_started.elapsed());
            let ids =
                |r: &[hometutor_discovery::search::Ranked]| r.iter().map(|r| r.candidate.tutor).collect::<Vec<_>>();
            let shown: Vec<i64> = page.tutors.iter().map(|t| t.id).collect();
            if ids(&fast) != ids(&slow) || page.total != slow.len() || ids(&slow).get(..shown.len()) != Some(&shown[..])
            {
                same = false;
            }
        }
        times.sort();
        scan_times.sort();
        failed |= !same;
        let (p50, scan_p50) = (percentile(&times, 0.5), percentile(&scan_times, 0.5));
        println!(
            "| {backend} | {case} | {} | {} | {} | {} | {} | {:.0}× | {} |",
            listed / queries.max(1),
            ms(p50),
            ms(percentile(&times, 0.99)),
            ms(scan_p50),
            ms(percentile(&scan_times, 0.99)),
            scan_p50.as_secs_f64() / p50.as_secs_f64().max(1e-9),
            if same { "yes" } else { "NO" }
        );
    }
    if std::env::var("BENCH_KEEP").is_ok() {
        eprintln!("kept {}", t.url);
        std::mem::forget(t);
    }
    if failed {
        eprintln!("the indexed search and the full scan disagree");
        std::process::exit(1);
    }
}
