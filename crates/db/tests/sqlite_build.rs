//! The bundled SQLite is compiled as `.cargo/config.toml` says (`LIBSQLITE3_FLAGS`): a build that
//! lost those flags (the file deleted, the variable overridden) would still pass every other test
//! while paying again for what issue 22's profiles found.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

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
    for wanted in ["THREADSAFE=2", "DEFAULT_MEMSTATUS=0", "STMTJRNL_SPILL=4194304", "ENABLE_QPSG"] {
        assert!(options.iter().any(|o| o == wanted), "{wanted} missing from {options:?}");
    }
    assert!(!options.iter().any(|o| o == "ENABLE_STAT4"), "STAT4 is on: {options:?}");
    drop(db);
    for suffix in ["", "-wal", "-shm", ".lock"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}
