//! "Stored before acknowledged" at the bottom of the stack: a SQLite commit is in the file, for every
//! other connection and for a process that dies right after, as soon as `Db::write` returns.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use hometutor_db::{Db, DbError};
use hometutor_testkit::TestDatabase;

/// A private SQLite file (these tests are about SQLite's files, whatever `TEST_DATABASE_URL` says)
/// and the path another program would open it by.
fn sqlite_file() -> (TestDatabase, String) {
    let database = TestDatabase::sqlite_file();
    let path = database.sqlite_path().expect("a SQLite file").display().to_string();
    (database, path)
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn count(conn: &mut diesel::SqliteConnection) -> i64 {
    diesel::sql_query("SELECT count(*) AS n FROM notes").get_result::<Count>(conn).expect("count").n
}

#[test]
fn each_commit_is_in_the_file_for_other_connections_as_soon_as_it_returns() {
    let (file, path) = sqlite_file();
    let db = Db::connect(&file.url).expect("open");
    db.write(|c| c.batch_execute("CREATE TABLE notes (body TEXT NOT NULL)").map_err(DbError::from)).expect("table");
    // A connection of SQLite's own unix VFS, as another process or tool would have.
    let mut outsider = diesel::SqliteConnection::establish(&path).expect("outsider");
    for i in 1..=50 {
        db.write(|c| c.batch_execute("INSERT INTO notes VALUES (printf('%.3000c', 'y'))").map_err(DbError::from))
            .expect("insert");
        assert_eq!(count(&mut outsider), i, "the outsider sees commit {i}");
        let pooled: i64 = db
            .read(|c| match c {
                hometutor_db::DbConnection::Sqlite(c) => Ok::<_, DbError>(count(c)),
                hometutor_db::DbConnection::Pg(_) => unreachable!("a SQLite file"),
            })
            .expect("read");
        assert_eq!(pooled, i, "a pooled reader sees commit {i}");
    }
}

/// The child's side of the test below (the same test, run again by it with the database's URL set):
/// commits one row at a time and reports each after its commit returns, until it is killed.
fn commit_and_report_until_killed(url: &str) -> ! {
    let db = Db::connect(url).expect("open");
    let mut out = std::io::stdout().lock();
    for i in 1.. {
        db.write(|c| {
            c.batch_execute(&format!("INSERT INTO notes VALUES ({i}, printf('%.2000c', 'z'))")).map_err(DbError::from)
        })
        .expect("insert");
        writeln!(out, "committed {i}").expect("report");
        out.flush().expect("report");
    }
    unreachable!("killed before running out of numbers")
}

const CHILD_URL: &str = "HOMETUTOR_DURABILITY_CHILD_URL";

#[test]
fn every_acknowledged_commit_survives_the_process_being_killed() {
    if let Ok(url) = std::env::var(CHILD_URL) {
        commit_and_report_until_killed(&url);
    }
    let (file, path) = sqlite_file();
    {
        let db = Db::connect(&file.url).expect("open");
        db.write(|c| {
            c.batch_execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)").map_err(DbError::from)
        })
        .expect("table");
    }
    let mut child = Command::new(std::env::current_exe().expect("this test binary"))
        .args(["--exact", "every_acknowledged_commit_survives_the_process_being_killed", "--nocapture"])
        .env(CHILD_URL, &file.url)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("child");
    let mut acknowledged = 0_i64;
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("a line");
        let Some(n) = line.strip_prefix("committed ").and_then(|n| n.trim().parse::<i64>().ok()) else { continue };
        acknowledged = n;
        if acknowledged >= 300 {
            break;
        }
    }
    // SIGKILL: nothing the process still held in memory reaches the file.
    child.kill().expect("kill");
    child.wait().expect("reaped");
    assert!(acknowledged >= 300, "the child committed ({acknowledged} acknowledged)");

    let mut after = diesel::SqliteConnection::establish(&path).expect("reopen");
    let stored = count(&mut after);
    assert!(stored >= acknowledged, "{acknowledged} commits were acknowledged, {stored} are in the file");
    #[derive(QueryableByName)]
    struct Check {
        #[diesel(sql_type = diesel::sql_types::Text)]
        integrity_check: String,
    }
    let check = diesel::sql_query("PRAGMA integrity_check").get_result::<Check>(&mut after).expect("check");
    assert_eq!(check.integrity_check, "ok");
}
