//! The reverse geo match of new-request alerts, measured: 100,000 tutors' teaching areas
//! (most around twenty Indian cities, the rest spread over India; radii 2–25 km), then,
//! for each of many new requests, "which areas cover this point" through the coarse-cell
//! index (`hometutor_tuition::coverage::covering`) against reading every area
//! (`covering_by_full_scan`), checking that both give the same tutors.
//!
//! `cargo run --release -p hometutor-area-bench -- [--database-url URL] [--tutors N] [--requests N] [--scans N]`
//! Without `--database-url`, a temporary SQLite file. A `postgres://` URL gets a private
//! schema in that database, dropped afterwards; a `sqlite://` URL must name a new file.

use std::time::{Duration, Instant};

use anyhow::{bail, Context};
use clap::Parser;
use hometutor_accounts::NewUser;
use hometutor_core::{Role, UserId};
use hometutor_db::{Db, DbError};
use hometutor_geo::Point;
use hometutor_testkit::TestDatabase;
use hometutor_tuition::area::insert_many;
use hometutor_tuition::coverage::{covering, covering_by_full_scan};
use hometutor_tuition::{AreaInput, TuitionError};

#[derive(Parser)]
struct Args {
    /// Where to run; a temporary SQLite file when absent.
    #[arg(long)]
    database_url: Option<String>,
    /// Teaching areas to store.
    #[arg(long, default_value_t = 100_000)]
    tutors: usize,
    /// New requests matched through the index.
    #[arg(long, default_value_t = 2_000)]
    requests: usize,
    /// Of those, how many are also matched by a full scan (slow).
    #[arg(long, default_value_t = 50)]
    scans: usize,
}

/// City, latitude, longitude, relative weight (a share of the tutors).
const CITIES: [(&str, f64, f64, u32); 20] = [
    ("Delhi", 28.6139, 77.209, 12),
    ("Mumbai", 19.076, 72.8777, 12),
    ("Bengaluru", 12.9716, 77.5946, 10),
    ("Kolkata", 22.5726, 88.3639, 8),
    ("Chennai", 13.0827, 80.2707, 8),
    ("Hyderabad", 17.385, 78.4867, 8),
    ("Pune", 18.5204, 73.8567, 6),
    ("Ahmedabad", 23.0225, 72.5714, 5),
    ("Jaipur", 26.9124, 75.7873, 4),
    ("Lucknow", 26.8467, 80.9462, 4),
    ("Kanpur", 26.4499, 80.3319, 3),
    ("Nagpur", 21.1458, 79.0882, 3),
    ("Indore", 22.7196, 75.8577, 3),
    ("Bhopal", 23.2599, 77.4126, 2),
    ("Patna", 25.5941, 85.1376, 2),
    ("Chandigarh", 30.7333, 76.7794, 2),
    ("Kochi", 9.9312, 76.2673, 2),
    ("Guwahati", 26.1445, 91.7362, 2),
    ("Visakhapatnam", 17.6868, 83.2185, 2),
    ("Coimbatore", 11.0168, 76.9558, 2),
];
/// The radii tutors pick, in km: mostly the defaults of a slider, some the extremes.
const RADII: [f64; 12] = [2.0, 3.0, 5.0, 5.0, 8.0, 10.0, 10.0, 10.0, 12.0, 15.0, 20.0, 25.0];
const SUBJECTS: [&str; 8] =
    ["Mathematics", "Physics", "Chemistry", "Biology", "English", "Hindi", "Science", "Accounts"];

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    fn below(&mut self, n: usize) -> usize {
        ((self.next() * n as f64) as usize).min(n - 1)
    }

    /// A standard normal draw (Box–Muller).
    fn normal(&mut self) -> f64 {
        let (u, v) = (self.next().max(1e-12), self.next());
        (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
    }

    /// Nine in ten points within some 10 km of a city centre (by the cities' weights),
    /// the rest anywhere in India's box.
    fn place(&mut self) -> Point {
        if self.next() < 0.1 {
            return Point { lat: 8.0 + self.next() * 24.0, lng: 68.0 + self.next() * 29.0 };
        }
        let total: u32 = CITIES.iter().map(|c| c.3).sum();
        let mut pick = (self.next() * f64::from(total)) as u32;
        let city = CITIES.iter().find(|c| {
            let here = pick < c.3;
            pick = pick.saturating_sub(c.3);
            here
        });
        let (_, lat, lng, _) = city.copied().unwrap_or(CITIES[0]);
        Point { lat: lat + self.normal() * 0.09, lng: lng + self.normal() * 0.09 }
    }
}

fn seed(db: &Db, tutors: usize, rng: &mut Rng) -> anyhow::Result<Duration> {
    let started = Instant::now();
    let emails: Vec<String> = (0..tutors).map(|i| format!("area-bench-{i}@example.com")).collect();
    let mut done = 0;
    for chunk in emails.chunks(5_000) {
        let people: Vec<NewUser> = chunk
            .iter()
            .map(|email| NewUser {
                fullname: "Bench Tutor",
                email,
                phone: "9876543210",
                password_hash: "x",
                role: Role::Tutor,
                email_verified: true,
            })
            .collect();
        let ids: Vec<UserId> = db.write(|c| hometutor_accounts::insert_many(c, &people).map_err(DbError::from))?;
        let areas: Vec<(UserId, AreaInput)> = ids
            .into_iter()
            .map(|id| {
                let p = rng.place();
                let subjects = (0..rng.below(4)).map(|_| SUBJECTS[rng.below(SUBJECTS.len())].to_string()).collect();
                let classes = (0..rng.below(3)).map(|_| format!("Class {}", 1 + rng.below(12))).collect();
                let input = AreaInput {
                    location: Some([p.lng, p.lat]),
                    radius_km: Some(RADII[rng.below(RADII.len())]),
                    subjects,
                    classes,
                    ..Default::default()
                };
                (id, input)
            })
            .collect();
        db.write(|c| insert_many(c, &areas)).map_err(|e: TuitionError| anyhow::anyhow!("{e}"))?;
        done += chunk.len();
        eprint!("\rseeded {done}/{tutors}");
    }
    eprintln!();
    // Fresh statistics, as a live server's autovacuum would keep them (VACUUM outside a transaction).
    db.read(|c| {
        let sql = if db.is_sqlite() { "ANALYZE" } else { "VACUUM ANALYZE" };
        diesel::RunQueryDsl::execute(diesel::sql_query(sql), c).map_err(DbError::from)
    })?;
    Ok(started.elapsed())
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> String {
    format!("{:.2}", d.as_secs_f64() * 1000.0)
}

fn main() -> anyhow::Result<()> {
    let args = Args::parse();
    if args.tutors == 0 || args.requests == 0 {
        bail!("--tutors and --requests must be positive");
    }
    // A private database: TestDatabase makes (and removes) a temporary SQLite file or a
    // PostgreSQL schema; a named SQLite file is used as it is.
    let (_guard, db) = match args.database_url.as_deref() {
        Some(url) if url.starts_with("sqlite://") => (None, Db::connect(url).context("database")?),
        Some(url) => {
            std::env::set_var("TEST_DATABASE_URL", url);
            let database = TestDatabase::file();
            let db = database.db();
            (Some(database), db)
        }
        None => {
            std::env::remove_var("TEST_DATABASE_URL");
            let database = TestDatabase::file();
            let db = database.db();
            (Some(database), db)
        }
    };
    hometutor_db::run_migrations(&db).context("migrations")?;
    let backend = if db.is_sqlite() { "SQLite" } else { "PostgreSQL" };
    let mut rng = Rng(19);
    let seeded = seed(&db, args.tutors, &mut rng)?;
    let cells: i64 = db.read(|c| hometutor_tuition::coverage::index_rows(c).map_err(DbError::from))?;
    println!(
        "{backend}: {} areas ({cells} index rows, {:.1} per area) seeded in {:.1} s",
        args.tutors,
        cells as f64 / args.tutors as f64,
        seeded.as_secs_f64()
    );

    let points: Vec<Point> = (0..args.requests).map(|_| rng.place()).collect();
    let mut times = Vec::with_capacity(points.len());
    let mut matched = 0;
    for p in &points {
        let started = Instant::now();
        let found = db.read(|c| covering(c, *p).map_err(DbError::from))?;
        times.push(started.elapsed());
        matched += found.len();
    }
    times.sort();
    let mut scans = Vec::new();
    for p in points.iter().take(args.scans) {
        let started = Instant::now();
        let slow = db.read(|c| covering_by_full_scan(c, *p).map_err(DbError::from))?;
        scans.push(started.elapsed());
        let fast = db.read(|c| covering(c, *p).map_err(DbError::from))?;
        if fast != slow {
            bail!("the index and the full scan disagree at {p:?}: {} vs {} areas", fast.len(), slow.len());
        }
    }
    scans.sort();
    println!("| backend | areas | requests | mean matches | index p50 ms | index p99 ms | full scan p50 ms | full scan p99 ms | same tutors |");
    println!("|---|---|---|---|---|---|---|---|---|");
    println!(
        "| {backend} | {} | {} | {:.0} | {} | {} | {} | {} | yes ({} compared) |",
        args.tutors,
        args.requests,
        matched as f64 / args.requests as f64,
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        if scans.is_empty() { "-".into() } else { ms(percentile(&scans, 0.5)) },
        if scans.is_empty() { "-".into() } else { ms(percentile(&scans, 0.99)) },
        scans.len(),
    );
    Ok(())
}
