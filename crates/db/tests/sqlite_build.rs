//! The bundled SQLite is compiled as `.cargo/config.toml` says (`LIBSQLITE3_FLAGS`): a build that
//! lost those flags (the file deleted, the variable overridden) would still pass every other test
//! while paying again for the costs the server's `perf` profiles found.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::Text;
use hometutor_db::{Db, DbConnection, DbError};

#[derive(QueryableByName)]
struct CompileOption {
    #[diesel(sql_type = Text)]
    compile_options: String,
}

#[test]
fn the_bundled_sqlite_is_built_with_the_projects_flags() {
    // Whatever TEST_DATABASE_URL says: the bundled SQLite is in every build.
    let path = std::env::temp_dir().join(format!("hometutor-sqlite-build-{}.db", std::process::id()));
    let db = Db::connect(&format!("sqlite://{}", path.display())).expect("open");
    let options: Vec<String> = db
        .read(|c| {
            let DbConnection::Sqlite(c) = c else { unreachable!("a SQLite file") };
            diesel::sql_query("PRAGMA compile_options").load::<CompileOption>(c).map_err(DbError::from)
        })
        .expect("compile options")
        .into_iter()
        .map(|o| o.compile_options)
        .collect();
    for wanted in ["THREADSAFE=2", "DEFAULT_MEMSTATUS=0", "ENABLE_QPSG"] {
        assert!(options.iter().any(|o| o == wanted), "{wanted} missing from {options:?}");
    }
    assert!(!options.iter().any(|o| o == "ENABLE_STAT4"), "STAT4 is on: {options:?}");
    // SQLite's default spill (64 KiB): larger ones failed big statements (the test below).
    assert!(!options.iter().any(|o| o.starts_with("STMTJRNL_SPILL")), "a statement-journal spill is set: {options:?}");
    drop(db);
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

/// A statement whose statement journal is far larger than SQLite's spill size succeeds: the
/// connections keep statement journals in memory (`temp_store = MEMORY`). With the spill raised to
/// 4 MiB instead, SQLite 3.50 answered "database or disk is full" here (and to the tutor-search
/// benchmark's seeding); at 1 MiB the transaction ended silently.
#[test]
fn a_statement_with_a_large_statement_journal_succeeds() {
    let path = std::env::temp_dir().join(format!("hometutor-stmt-journal-{}.db", std::process::id()));
    let db = Db::connect(&format!("sqlite://{}", path.display())).expect("open");
    let rows: i64 = db
        .write(|c| -> Result<i64, DbError> {
            let DbConnection::Sqlite(c) = c else { unreachable!("a SQLite file") };
            c.batch_execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k INTEGER NOT NULL UNIQUE, pad TEXT NOT NULL)")?;
            // Db::write's transaction: ≈ 16 MB of rows, every page dirty in it...
            c.batch_execute(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000) \
                 INSERT INTO t (k, pad) SELECT i, printf('%.500c', 'x') FROM n",
            )?;
            // ...then one statement that may fail half-way (the UNIQUE key), so SQLite journals every
            // page it changes for that statement alone: far more than 4 MiB.
            c.batch_execute("UPDATE t SET k = k + 1000000, pad = printf('%.500c', 'y')")?;
            Ok(diesel::sql_query("SELECT count(*) AS n FROM t WHERE k > 1000000").get_result::<Count>(c)?.n)
        })
        .expect("the large update");
    assert_eq!(rows, 30000);
    drop(db);
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}
