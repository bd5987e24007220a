//! Nearby search on 1,000,000 requests (most clustered in ten cities, the rest
//! spread over India): p50/p99 of the cell search for 2, 10 and 25 km, with and
//! without filters, against a full-scan haversine over the same rows, checking
//! that both return the same ids.
//!
//! On PostgreSQL with PostGIS installed (`tests/install/postgis.sh`), a second table times
//! PostGIS's KNN (a GiST index on a `geography` copy of the same approximate points) against the
//! cell search for the same searches, the two run alternately per search so the noise of a shared
//! machine hits both alike. Without PostGIS (or on SQLite) the bench says so and skips it.
//!
//! With `HOMETUTOR_BIN` naming the server's release binary, a last table times the same searches
//! through HTTP: the real server on the same million rows, `GET /api/tuition/nearby` as the demo's
//! subscribed tutor (`seed-demo`), one request after another on one kept-alive connection.
//!
//! `cargo bench -p hometutor-tuition --bench nearby` (SQLite in a temporary file);
//! with `TEST_DATABASE_URL=postgres://…` it runs on PostgreSQL. `BENCH_ROWS` changes the size.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark that cannot set up should stop loudly

mod http;
mod postgis;

use std::time::{Duration, Instant};

use diesel::prelude::*;
use hometutor_db::schema::{tuition_requests as tr, users};
use hometutor_db::{now, Db, DbConnection, DbError};
use hometutor_geo::{cell_of, Point};
use hometutor_testkit::TestDatabase;
use hometutor_tuition::search::{nearest, nearest_by_full_scan, Search};
use hometutor_vocabulary::Facet;

const CITIES: [(&str, f64, f64); 10] = [
    ("Delhi", 28.6139, 77.209),
    ("Mumbai", 19.076, 72.8777),
    ("Bengaluru", 12.9716, 77.5946),
    ("Kolkata", 22.5726, 88.3639),
    ("Chennai", 13.0827, 80.2707),
    ("Hyderabad", 17.385, 78.4867),
    ("Pune", 18.5204, 73.8567),
    ("Ahmedabad", 23.0225, 72.5714),
    ("Jaipur", 26.9124, 75.7873),
    ("Lucknow", 26.8467, 80.9462),
];
const SUBJECTS: [&str; 8] =
    ["Mathematics", "Physics", "Chemistry", "Biology", "English", "Hindi", "Science", "Accounts"];
const QUERIES: usize = 300;
const FULL_SCANS: usize = 3;
/// Results per search, as the app asks.
const LIMIT: usize = 100;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A standard normal draw (Box–Muller).
    fn normal(&mut self) -> f64 {
        let (u, v) = (self.next().max(1e-12), self.next());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }
}

fn seed(db: &Db, rows: usize) -> Duration {
    let started = Instant::now();
    let parent: i64 = db
        .write(|c| {
            diesel::insert_into(users::table)
                .values((
                    users::fullname.eq("Bench Parent"),
                    users::email.eq("bench@example.com"),
                    users::phone.eq("9876543210"),
                    users::password_hash.eq("x"),
                    users::role.eq("parent"),
                    users::created_at.eq(now()),
                    users::updated_at.eq(now()),
                ))
                .returning(users::id)
                .get_result(c)
                .map_err(DbError::from)
        })
        .expect("parent");
    let mut rng = Rng(7);
    let at = now();
    let mut done = 0;
    while done < rows {
        let batch: Vec<_> = (done..rows.min(done + 2000))
            .map(|i| {
                let (lat, lng) = if i % 10 == 9 {
                    (8.0 + rng.next() * 24.0, 68.0 + rng.next() * 29.0)
                } else {
                    // About 12 km of spread around a city centre.
                    let (_, lat, lng) = CITIES[i % 10];
                    (lat + rng.normal() * 0.11, lng + rng.normal() * 0.11)
                };
                let p = Point { lat, lng };
                let subject = SUBJECTS[(rng.next() * 8.0) as usize % 8];
                let class_level = format!("Class {}", 1 + (rng.next() * 12.0) as usize % 12);
                let id = |facet, text: &str| {
                    hometutor_vocabulary::Choice::from_text(facet, text).map(|c| c.id().to_string())
                };
                (
                    tr::parent_id.eq(parent),
                    tr::subject_id.eq(id(Facet::Subject, subject)),
                    tr::class_id.eq(id(Facet::Class, &class_level)),
                    tr::subject.eq(subject),
                    tr::class_level.eq(class_level),
                    tr::preferred_time.eq("Evenings"),
                    // The search reads only the approximate point; here it is the generated one.
                    tr::lat.eq(lat),
                    tr::lng.eq(lng),
                    tr::approx_lat.eq(Some(lat)),
                    tr::approx_lng.eq(Some(lng)),
                    tr::approx_cell.eq(Some(cell_of(p))),
                    tr::created_at.eq(at),
                    tr::updated_at.eq(at),
                )
            })
            .collect();
        done += batch.len();
        // Multi-row inserts are backend-specific in diesel: run them on the inner connection.
        db.write(|c| {
            match c {
                DbConnection::Sqlite(c) => diesel::insert_into(tr::table).values(&batch).execute(c),
                DbConnection::Pg(c) => diesel::insert_into(tr::table).values(&batch).execute(c),
            }
            .map_err(DbError::from)
        })
        .expect("insert");
    }
    // Fresh statistics, and on PostgreSQL a visibility map so the covering index is read alone
    // (autovacuum does this on a live server). VACUUM cannot run inside a transaction.
    db.read(|c| {
        let sql = if matches!(c, DbConnection::Pg(_)) { "VACUUM ANALYZE tuition_requests" } else { "ANALYZE" };
        diesel::sql_query(sql).execute(c).map_err(DbError::from)
    })
    .expect("analyze");
    started.elapsed()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64() * 1000.0)
}

/// One row of the tables: a radius, with or without filters, and the centres searched around.
#[derive(Clone)]
struct Case {
    radius: f64,
    filtered: bool,
    centers: Vec<Point>,
}

impl Case {
    fn search(&self, center: Point) -> Search {
        let (subject, class) = if self.filtered { (Some("math"), Some("class 1")) } else { (None, None) };
        Search::new(center, self.radius, subject, class, LIMIT)
    }

    fn filters(&self) -> &'static str {
        if self.filtered {
            "subject 'math', class 'class 1'"
        } else {
            "none"
        }
    }
}

fn main() {
    let rows: usize = std::env::var("BENCH_ROWS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    let database = TestDatabase::file();
    let db = database.db();
    let backend = if db.is_sqlite() { "SQLite" } else { "PostgreSQL" };
    let seeded = seed(&db, rows);
    println!("seeded {rows} requests on {backend} in {:.1} s\n", seeded.as_secs_f64());
    println!("| backend | radius | filters | results | p50 ms | p99 ms | full scan p50 ms | speed-up | same ids |");
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut rng = Rng(99);
    let mut cases = Vec::new();
    for radius in [2.0, 10.0, 25.0] {
        for filtered in [false, true] {
            let centers: Vec<Point> = (0..QUERIES)
                .map(|i| {
                    let (_, lat, lng) = CITIES[i % 10];
                    Point { lat: lat + rng.normal() * 0.05, lng: lng + rng.normal() * 0.05 }
                })
                .collect();
            let case = Case { radius, filtered, centers };
            let mut times = Vec::with_capacity(QUERIES);
            let mut results = 0;
            for center in &case.centers {
                let search = case.search(*center);
                let started = Instant::now();
                let found = db.read(|c| nearest(c, &search).map_err(DbError::from)).expect("search");
                times.push(started.elapsed());
                results += found.len();
            }
            times.sort();
            let mut scans = Vec::new();
            let mut same = true;
            for center in case.centers.iter().take(FULL_SCANS) {
                let search = case.search(*center);
                let started = Instant::now();
                let slow = db.read(|c| nearest_by_full_scan(c, &search).map_err(DbError::from)).expect("scan");
                scans.push(started.elapsed());
                let fast = db.read(|c| nearest(c, &search).map_err(DbError::from)).expect("search");
                same &= fast == slow;
            }
            scans.sort();
            let (p50, p99, scan) = (percentile(&times, 0.5), percentile(&times, 0.99), percentile(&scans, 0.5));
            println!(
                "| {backend} | {radius} km | {} | {:.0} | {} | {} | {} | {:.0}× | {} |",
                case.filters(),
                results as f64 / QUERIES as f64,
                ms(p50),
                ms(p99),
                ms(scan),
                scan.as_secs_f64() / p50.as_secs_f64(),
                if same { "yes" } else { "NO" },
            );
            assert!(same, "the cell search and the full scan disagree");
            cases.push(case);
        }
    }
    println!();
    match postgis::prepare(&db) {
        Ok(prepared) => {
            postgis::header();
            postgis::compare(&db, &prepared, &cases, "GiST (g)");
            // PostGIS's best for the filtered searches: the filter ids in the same GiST index as the
            // point (btree_gist, from PostgreSQL's contrib), so its KNN walks only matching rows.
            let filtered: Vec<Case> = cases.iter().filter(|c| c.filtered).cloned().collect();
            match postgis::index_filters(&db, &prepared) {
                Ok(took) => {
                    postgis::compare(&db, &prepared, &filtered, "GiST (subject_id, class_id, g)");
                    println!("\n(btree_gist index built in {:.1} s)", took.as_secs_f64());
                }
                Err(why) => println!("\nPostGIS with the filters in its index skipped: {why}"),
            }
        }
        Err(why) => println!("PostGIS row skipped: {why}"),
    }
    println!();
    match std::env::var("HOMETUTOR_BIN") {
        Ok(bin) if !bin.is_empty() => http::compare(&bin, &database.url, &cases, backend),
        _ => println!("HTTP rows skipped: set HOMETUTOR_BIN to the release server (an absolute path: cargo bench runs in crates/tuition)"),
    }
}
