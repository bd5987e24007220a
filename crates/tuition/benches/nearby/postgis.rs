//! The cell search against PostGIS's KNN on a copy of the same points.

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
            let schema: String = diesel::select(diesel::dsl::sql::<Text>("current_schema()::text")).get_result(c)?;
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
