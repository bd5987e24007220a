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

/// The same searches through the server: authentication, the search, the requests' details, the
/// place names and the JSON, as a tutor's web app asks for them.
mod http {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::net::TcpStream;
    use std::process::{Child, Command, Stdio};
    use std::time::{Duration, Instant};

    use super::{ms, percentile, Case};

    /// Subscribed by `seed-demo` (as in tests/bench/common.sh).
    const TUTOR: &str = "priya.tutor@demo.hometutor.in";
    const PASSWORD: &str = "demo-password";

    struct Server(Child);

    impl Drop for Server {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    fn env(command: &mut Command, database_url: &str, data_dir: &std::path::Path) {
        command
            .env("DATABASE_URL", database_url)
            .env("DATA_DIR", data_dir)
            .env("JWT_SECRET", "bench-secret-bench-secret-bench-secret-0123")
            .env("BCRYPT_COST", "4")
            .env("RUST_LOG", "warn");
    }

    pub fn compare(bin: &str, database_url: &str, cases: &[Case], backend: &str) {
        let data_dir = std::env::temp_dir().join(format!("hometutor-nearby-http-{}", std::process::id()));
        let mut seed = Command::new(bin);
        seed.arg("seed-demo").stdout(Stdio::null());
        env(&mut seed, database_url, &data_dir);
        let seeded = seed.status().unwrap_or_else(|e| panic!("{bin} seed-demo: {e}"));
        assert!(seeded.success(), "{bin} seed-demo failed");

        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let mut serve = Command::new(bin);
        serve.env("BIND", format!("127.0.0.1:{port}")).stdout(Stdio::null());
        env(&mut serve, database_url, &data_dir);
        let _server = Server(serve.spawn().unwrap_or_else(|e| panic!("{bin}: {e}")));
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut conn = loop {
            match TcpStream::connect(("127.0.0.1", port)) {
                Ok(stream) => break Connection::new(stream),
                Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
                Err(e) => panic!("the server did not listen on {port}: {e}"),
            }
        };
        let login = format!(r#"{{"email":"{TUTOR}","password":"{PASSWORD}"}}"#);
        let (status, body) = conn.call("POST", "/api/auth/login", None, Some(&login));
        assert_eq!(status, 200, "login: {}", String::from_utf8_lossy(&body));
        let answer: serde_json::Value = serde_json::from_slice(&body).unwrap();
        let token = answer["token"].as_str().expect("a token").to_string();

        println!(
            "Through HTTP ({backend}; the release server, one kept-alive connection, requests one after another):\n"
        );
        println!("| backend | radius | filters | results | p50 ms | p99 ms | answer bytes (mean) |");
        println!("|---|---|---|---|---|---|---|");
        for case in cases {
            let filters = if case.filtered { "&subject=math&classLevel=class%201" } else { "" };
            let paths: Vec<String> = case
                .centers
                .iter()
                .map(|c| {
                    format!("/api/tuition/nearby?coordinates={},{}&radiusKm={}{filters}", c.lng, c.lat, case.radius)
                })
                .collect();
            // Once over each path first: the server's first answers (its caches, the pages of the
            // database it reads) are not what a running server pays.
            for path in &paths {
                conn.call("GET", path, Some(&token), None);
            }
            let (mut times, mut results, mut bytes) = (Vec::with_capacity(paths.len()), 0, 0);
            for path in &paths {
                let started = Instant::now();
                let (status, body) = conn.call("GET", path, Some(&token), None);
                times.push(started.elapsed());
                assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&body));
                bytes += body.len();
                results += serde_json::from_slice::<Vec<serde_json::Value>>(&body).expect("a list").len();
            }
            times.sort();
            let n = paths.len() as f64;
            println!(
                "| {backend} | {} km | {} | {:.0} | {} | {} | {:.0} |",
                case.radius,
                case.filters(),
                results as f64 / n,
                ms(percentile(&times, 0.5)),
                ms(percentile(&times, 0.99)),
                bytes as f64 / n,
            );
        }
        let _ = std::fs::remove_dir_all(&data_dir);
    }

    /// HTTP/1.1 on one connection, kept alive; answers with a Content-Length (the server's JSON).
    struct Connection {
        writer: TcpStream,
        reader: BufReader<TcpStream>,
    }

    impl Connection {
        fn new(stream: TcpStream) -> Self {
            stream.set_nodelay(true).unwrap();
            Self { writer: stream.try_clone().unwrap(), reader: BufReader::new(stream) }
        }

        fn call(&mut self, method: &str, path: &str, token: Option<&str>, body: Option<&str>) -> (u16, Vec<u8>) {
            let mut request = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n");
            if let Some(token) = token {
                request.push_str(&format!("Authorization: Bearer {token}\r\n"));
            }
            if let Some(body) = body {
                request.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
            }
            request.push_str("\r\n");
            request.push_str(body.unwrap_or(""));
            self.writer.write_all(request.as_bytes()).unwrap();
            let mut line = String::new();
            self.reader.read_line(&mut line).unwrap();
            let status: u16 = line.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
            let mut length = None;
            loop {
                line.clear();
                self.reader.read_line(&mut line).unwrap();
                if line == "\r\n" {
                    break;
                }
                if let Some((name, value)) = line.split_once(':') {
                    if name.eq_ignore_ascii_case("content-length") {
                        length = value.trim().parse::<usize>().ok();
                    }
                }
            }
            let mut answer = vec![0; length.expect("a Content-Length")];
            self.reader.read_exact(&mut answer).unwrap();
            (status, answer)
        }
    }
}

/// The cell search against PostGIS's KNN on a copy of the same points.
mod postgis {
    use std::time::{Duration, Instant};

    use diesel::pg::Pg;
    use diesel::prelude::*;
    use diesel::query_builder::{AstPass, Query, QueryFragment, QueryId};
    use diesel::sql_types::{BigInt, Double, Nullable, Text};
    use hometutor_db::{Db, DbConnection, DbError};
    use hometutor_tuition::search::{nearest, Filter, Search};
    use hometutor_vocabulary::OTHER;

    use super::{ms, percentile, Case, QUERIES};

    /// PostGIS measures on a sphere of the WGS 84 mean radius, (2a + b) / 3, where the app's
    /// haversine uses 6371 km: the same distance reads this much longer in PostGIS.
    const SPHERE_SCALE: f64 = 6_371_008.771_415_06 / 6_371_000.0;
    /// Two distances closer than this (km, 1 mm) are a tie as far as floating point can tell.
    const TIE_KM: f64 = 1e-6;

    /// Where the extension lives: the bench's own schema, dropped with it, unless the
    /// database had PostGIS already.
    pub struct Prepared {
        ext: String,
        /// The bench's own schema.
        schema: String,
    }

    fn sql_err(e: diesel::result::Error) -> String {
        e.to_string().lines().next().unwrap_or_default().to_string()
    }

    /// Creates the extension (when the database has none yet) and a `geography` copy of the
    /// requests' approximate points with a GiST index over the open ones, or says why not.
    pub fn prepare(db: &Db) -> Result<Prepared, String> {
        let started = Instant::now();
        let (ext, schema) = db
            .read(|c| {
                let DbConnection::Pg(c) = c else {
                    return Ok(Err("the bench runs on SQLite (set TEST_DATABASE_URL for PostgreSQL)".to_string()));
                };
                let schema: String =
                    diesel::select(diesel::dsl::sql::<Text>("current_schema()::text")).get_result(c)?;
                // In the bench's schema, the testkit's DROP SCHEMA … CASCADE removes it afterwards.
                // A database that has PostGIS already keeps its own (IF NOT EXISTS), used where it is.
                if let Err(e) =
                    diesel::sql_query(format!("CREATE EXTENSION IF NOT EXISTS postgis SCHEMA \"{schema}\"")).execute(c)
                {
                    return Ok(Err(format!(
                        "PostGIS is not installed ({}); tests/install/postgis.sh installs it",
                        sql_err(e)
                    )));
                }
                let ext: Option<String> = diesel::select(diesel::dsl::sql::<Nullable<Text>>(
                    "(SELECT n.nspname::text FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace \
                     WHERE e.extname = 'postgis')",
                ))
                .get_result(c)?;
                Ok(ext.map(|ext| (ext, schema)).ok_or_else(|| "CREATE EXTENSION postgis left no extension".to_string()))
            })
            .map_err(|e: DbError| e.to_string())??;
        let e = format!("\"{ext}\"");
        db.read(|c| {
            let DbConnection::Pg(c) = c else { unreachable!("PostGIS on SQLite") };
            // The same rows in the same (insertion) order, the point as PostGIS stores one, and
            // a partial index over the open requests like the app's.
            diesel::sql_query(format!(
                "CREATE TABLE postgis_requests AS SELECT id, flagged, closed_at, subject_id, class_id, subject, \
                 class_level, board, mode, {e}.ST_Point(approx_lng, approx_lat, 4326)::{e}.geography AS g \
                 FROM tuition_requests WHERE approx_lat IS NOT NULL AND approx_lng IS NOT NULL"
            ))
            .execute(c)
            .map_err(DbError::from)?;
            diesel::sql_query(
                "CREATE INDEX postgis_requests_open_g ON postgis_requests USING gist (g) \
                 WHERE NOT flagged AND closed_at IS NULL",
            )
            .execute(c)
            .map_err(DbError::from)?;
            diesel::sql_query("VACUUM ANALYZE postgis_requests").execute(c).map_err(DbError::from)
        })
        .map_err(|e: DbError| format!("building the PostGIS table failed: {e}"))?;
        let version: String = db
            .read(|c| {
                let DbConnection::Pg(c) = c else { unreachable!("PostGIS on SQLite") };
                diesel::select(diesel::dsl::sql::<Text>(&format!("{e}.postgis_lib_version()")))
                    .get_result(c)
                    .map_err(DbError::from)
            })
            .map_err(|e: DbError| e.to_string())?;
        println!(
            "PostGIS {version} (extension in schema {ext}): geography copy and GiST index built in {:.1} s\n",
            started.elapsed().as_secs_f64()
        );
        Ok(Prepared { ext, schema })
    }

    /// Adds a GiST index on (subject_id, class_id, g) over the open requests, with btree_gist for
    /// the text columns (created like PostGIS: in the bench's schema unless the database has it).
    pub fn index_filters(db: &Db, prepared: &Prepared) -> Result<Duration, String> {
        let started = Instant::now();
        db.read(|c| {
            let DbConnection::Pg(c) = c else { unreachable!("PostGIS on SQLite") };
            let run = |c: &mut PgConnection, sql: &str| diesel::sql_query(sql).execute(c).map_err(sql_err);
            let build = |c: &mut PgConnection| -> Result<(), String> {
                run(c, &format!("CREATE EXTENSION IF NOT EXISTS btree_gist SCHEMA \"{}\"", prepared.schema))
                    .map_err(|e| format!("{e} (btree_gist is in Debian's postgresql-contrib)"))?;
                run(
                    c,
                    "CREATE INDEX postgis_requests_open_filters_g ON postgis_requests \
                     USING gist (subject_id, class_id, g) WHERE NOT flagged AND closed_at IS NULL",
                )?;
                run(c, "ANALYZE postgis_requests").map(drop)
            };
            Ok(build(c))
        })
        .map_err(|e: DbError| e.to_string())??;
        Ok(started.elapsed())
    }

    enum Part {
        Sql(String),
        F64(f64),
        I64(i64),
        Text(String),
    }

    /// A statement with bind parameters and no SQL literal, so diesel keeps it prepared per
    /// connection (keyed by its text), as it keeps the app's: neither side is parsed per search.
    struct Knn(Vec<Part>);

    impl QueryId for Knn {
        type QueryId = ();
        const HAS_STATIC_QUERY_ID: bool = false;
    }

    impl Query for Knn {
        type SqlType = (BigInt, Double);
    }

    impl QueryFragment<Pg> for Knn {
        fn walk_ast<'b>(&'b self, mut out: AstPass<'_, 'b, Pg>) -> QueryResult<()> {
            for part in &self.0 {
                match part {
                    Part::Sql(sql) => out.push_sql(sql),
                    Part::F64(v) => out.push_bind_param::<Double, _>(v)?,
                    Part::I64(v) => out.push_bind_param::<BigInt, _>(v)?,
                    Part::Text(v) => out.push_bind_param::<Text, _>(v)?,
                }
            }
            Ok(())
        }
    }

    impl RunQueryDsl<PgConnection> for Knn {}

    /// `%needle%` for LIKE with the needle's wildcards escaped, as the app writes it.
    fn pattern(needle: &str) -> String {
        format!("%{}%", needle.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_"))
    }

    /// PostGIS's nearest-neighbour idiom for the app's search: the open requests within the
    /// radius (ST_DWithin on the sphere, the index's box test) matching the same filters, ordered
    /// by `<->` (which on geography is the sphere distance, from the GiST index in order) with
    /// the app's LIMIT. The radius is scaled to PostGIS's sphere so both keep the same rows.
    fn knn(ext: &str, search: &Search) -> Knn {
        let e = format!("\"{ext}\"");
        let mut parts = Vec::new();
        let sql = |parts: &mut Vec<Part>, s: &str| parts.push(Part::Sql(s.to_string()));
        let point = |parts: &mut Vec<Part>| {
            parts.push(Part::Sql(format!("{e}.ST_Point(")));
            parts.push(Part::F64(search.center.lng));
            parts.push(Part::Sql(", ".into()));
            parts.push(Part::F64(search.center.lat));
            parts.push(Part::Sql(format!(", 4326)::{e}.geography")));
        };
        sql(&mut parts, &format!("SELECT id, g OPERATOR({e}.<->) "));
        point(&mut parts);
        sql(
            &mut parts,
            &format!(" AS m FROM postgis_requests WHERE NOT flagged AND closed_at IS NULL AND {e}.ST_DWithin(g, "),
        );
        point(&mut parts);
        sql(&mut parts, ", ");
        parts.push(Part::F64(search.radius_km * 1000.0 * SPHERE_SCALE));
        sql(&mut parts, ", false)");
        for (filter, id_column, text_column) in
            [(&search.subject, "subject_id", "subject"), (&search.class_level, "class_id", "class_level")]
        {
            match filter {
                None => {}
                Some(Filter::Id(id)) => {
                    sql(&mut parts, &format!(" AND {id_column} = "));
                    parts.push(Part::Text(id.to_string()));
                }
                Some(Filter::OtherText(part)) => {
                    sql(&mut parts, &format!(" AND {id_column} = "));
                    parts.push(Part::Text(OTHER.to_string()));
                    sql(&mut parts, &format!(" AND lower({text_column}) LIKE "));
                    parts.push(Part::Text(pattern(part)));
                    sql(&mut parts, " ESCAPE '\\'");
                }
            }
        }
        if let Some(board) = search.board {
            sql(&mut parts, " AND (board = ");
            parts.push(Part::Text(board.to_string()));
            sql(&mut parts, " OR board IS NULL)");
        }
        if let Some(mode) = search.mode {
            sql(&mut parts, " AND mode = ");
            parts.push(Part::Text(mode.to_string()));
        }
        sql(&mut parts, " ORDER BY m LIMIT ");
        parts.push(Part::I64(search.limit as i64));
        Knn(parts)
    }

    /// (id, km on the app's sphere), nearest first.
    fn run(db: &Db, ext: &str, search: &Search) -> Vec<(i64, f64)> {
        let rows: Vec<(i64, f64)> = db
            .read(|c| {
                let DbConnection::Pg(c) = c else { unreachable!("PostGIS on SQLite") };
                knn(ext, search).load(c).map_err(DbError::from)
            })
            .expect("PostGIS KNN");
        rows.into_iter().map(|(id, m)| (id, m / 1000.0 / SPHERE_SCALE)).collect()
    }

    /// How PostGIS's answer compares with the app's: the same ids in the same order; or ids that
    /// differ only where two distances tie (or one sits on the radius) within 1 mm; or not.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
    enum Agreement {
        Same,
        Ties,
        Differs,
    }

    fn agreement(app: &[(i64, f64)], other: &[(i64, f64)], radius_km: f64) -> Agreement {
        if app.iter().map(|r| r.0).eq(other.iter().map(|r| r.0)) {
            return Agreement::Same;
        }
        let n = app.len().min(other.len());
        let mut ids: Vec<i64> = app[..n].iter().map(|r| r.0).collect();
        let mut other_ids: Vec<i64> = other[..n].iter().map(|r| r.0).collect();
        // Distances that differ only in rounding, and rows beyond the shorter answer only at the radius.
        let close = app[..n].iter().zip(&other[..n]).all(|(a, b)| (a.1 - b.1).abs() < TIE_KM);
        let extra_at_edge = app[n..].iter().chain(&other[n..]).all(|r| (r.1 - radius_km).abs() < TIE_KM);
        // Of the ids kept, only those at the last distance may differ (the cut fell inside a tie).
        let last = app[..n].last().map_or(0.0, |r| r.1);
        ids.retain(|id| app.iter().any(|r| r.0 == *id && (r.1 - last).abs() >= TIE_KM));
        other_ids.retain(|id| other.iter().any(|r| r.0 == *id && (r.1 - last).abs() >= TIE_KM));
        ids.sort_unstable();
        other_ids.sort_unstable();
        if close && extra_at_edge && ids == other_ids {
            Agreement::Ties
        } else {
            Agreement::Differs
        }
    }

    /// Times the cell search and PostGIS's KNN on every case's centres, alternating which goes
    /// first per search, after one untimed pass of PostGIS (the cell search already ran them all).
    pub fn header() {
        println!(
            "| radius | filters | results | cell search p50 ms | p99 ms | PostGIS index | PostGIS KNN p50 ms | \
             p99 ms | PostGIS ÷ cell search (p50) | same ids |"
        );
        println!("|---|---|---|---|---|---|---|---|---|---|");
    }

    pub fn compare(db: &Db, prepared: &Prepared, cases: &[Case], index: &str) {
        for case in cases {
            let mut worst = Agreement::Same;
            let mut results = 0;
            for center in &case.centers {
                let search = case.search(*center);
                let theirs = run(db, &prepared.ext, &search);
                let ours = db.read(|c| nearest(c, &search).map_err(DbError::from)).expect("search");
                let agreement = agreement(&ours, &theirs, case.radius);
                if agreement == Agreement::Differs {
                    println!(
                        "  differs at ({:.5}, {:.5}), {} km, {}: cell search {} rows, PostGIS {} rows",
                        center.lat,
                        center.lng,
                        case.radius,
                        case.filters(),
                        ours.len(),
                        theirs.len()
                    );
                }
                worst = worst.max(agreement);
                results += theirs.len();
            }
            let (mut ours, mut theirs): (Vec<Duration>, Vec<Duration>) = (Vec::new(), Vec::new());
            for (i, center) in case.centers.iter().enumerate() {
                let search = case.search(*center);
                for turn in [i % 2, 1 - i % 2] {
                    let started = Instant::now();
                    if turn == 0 {
                        db.read(|c| nearest(c, &search).map_err(DbError::from)).expect("search");
                        ours.push(started.elapsed());
                    } else {
                        run(db, &prepared.ext, &search);
                        theirs.push(started.elapsed());
                    }
                }
            }
            ours.sort();
            theirs.sort();
            let (p50, p99) = (percentile(&ours, 0.5), percentile(&ours, 0.99));
            let (their_p50, their_p99) = (percentile(&theirs, 0.5), percentile(&theirs, 0.99));
            println!(
                "| {} km | {} | {:.0} | {} | {} | {index} | {} | {} | {:.2}× | {} |",
                case.radius,
                case.filters(),
                results as f64 / QUERIES as f64,
                ms(p50),
                ms(p99),
                ms(their_p50),
                ms(their_p99),
                their_p50.as_secs_f64() / p50.as_secs_f64(),
                match worst {
                    Agreement::Same => "yes",
                    Agreement::Ties => "yes, but for ties within 1 mm",
                    Agreement::Differs => "NO",
                }
            );
        }
    }
}
