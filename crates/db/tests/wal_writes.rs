//! A SQLite commit writes its write-ahead-log frames in one system call (the VFS in `wal_vfs.rs`), and
//! that changes nothing a reader or a crash can see: every commit is in the file before it returns.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use diesel::connection::SimpleConnection;
use diesel::prelude::*;
use diesel::sql_types::BigInt;
use hometutor_db::{Db, DbError};

struct TempDb(PathBuf);

impl TempDb {
    fn new(name: &str) -> Self {
        let path = std::env::temp_dir().join(format!("hometutor-wal-{name}-{}.db", std::process::id()));
        Self::remove(&path);
        Self(path)
    }

    fn url(&self) -> String {
        format!("sqlite://{}", self.0.display())
    }

    fn remove(path: &Path) {
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
        }
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        Self::remove(&self.0);
    }
}

/// Write-family system calls (`write`, `pwrite`, `writev`…) this thread has made.
fn writes_by_this_thread() -> u64 {
    let io = std::fs::read_to_string("/proc/thread-self/io").expect("/proc/thread-self/io");
    io.lines().find_map(|l| l.strip_prefix("syscw: ")).expect("syscw").trim().parse().expect("a count")
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

fn count(conn: &mut impl diesel::connection::LoadConnection<Backend = diesel::sqlite::Sqlite>) -> i64
where
    diesel::sqlite::Sqlite: diesel::sql_types::HasSqlType<BigInt>,
{
    diesel::sql_query("SELECT count(*) AS n FROM notes").get_result::<Count>(conn).expect("count").n
}

#[test]
fn a_commit_of_many_pages_writes_the_log_in_one_system_call() {
    let file = TempDb::new("one-call");
    let db = Db::connect(&file.url()).expect("open");
    db.write(|c| c.batch_execute("CREATE TABLE notes (body TEXT NOT NULL)").map_err(DbError::from)).expect("table");
    let _held = db.hold_checkpoints();
    let log_before = std::fs::metadata(format!("{}-wal", file.0.display())).map(|m| m.len()).unwrap_or(0);

    let before = writes_by_this_thread();
    // About 40 pages of 4 KB: each a frame of two writes without the VFS.
    db.write(|c| {
        c.batch_execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 150) \
             INSERT INTO notes SELECT printf('%.1000c', 'x') FROM n",
        )
        .map_err(DbError::from)
    })
    .expect("rows");
    let writes = writes_by_this_thread() - before;

    let log_after = std::fs::metadata(format!("{}-wal", file.0.display())).expect("the log").len();
    let frames = (log_after - log_before) / (4096 + 24);
    assert!(frames >= 30, "the commit wrote {frames} frames (expected a large commit)");
    assert!(writes <= 2, "{frames} frames took {writes} write calls");
}

#[test]
fn each_commit_is_in_the_file_for_other_connections_as_soon_as_it_returns() {
    let file = TempDb::new("visible");
    let db = Db::connect(&file.url()).expect("open");
    db.write(|c| c.batch_execute("CREATE TABLE notes (body TEXT NOT NULL)").map_err(DbError::from)).expect("table");
    // A connection of SQLite's own unix VFS, as another process or tool would have.
    let mut outsider = diesel::SqliteConnection::establish(&file.0.display().to_string()).expect("outsider");
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

/// Run as a child by the test below: commits one row at a time and reports each after its commit.
#[test]
#[ignore = "a child process of every_acknowledged_commit_survives_the_process_being_killed"]
fn commit_and_report_until_killed() {
    let Ok(url) = std::env::var("HOMETUTOR_WAL_CHILD_URL") else { return };
    let db = Db::connect(&url).expect("open");
    let mut out = std::io::stdout().lock();
    for i in 1.. {
        db.write(|c| {
            c.batch_execute(&format!("INSERT INTO notes VALUES ({i}, printf('%.2000c', 'z'))")).map_err(DbError::from)
        })
        .expect("insert");
        writeln!(out, "{i}").expect("report");
        out.flush().expect("report");
    }
}

#[test]
fn every_acknowledged_commit_survives_the_process_being_killed() {
    let file = TempDb::new("killed");
    {
        let db = Db::connect(&file.url()).expect("open");
        db.write(|c| {
            c.batch_execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL)").map_err(DbError::from)
        })
        .expect("table");
    }
    let mut child = Command::new(std::env::current_exe().expect("this test binary"))
        .args(["--exact", "commit_and_report_until_killed", "--ignored", "--nocapture", "--test-threads=1"])
        .env("HOMETUTOR_WAL_CHILD_URL", file.url())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("child");
    let mut acknowledged = 0_i64;
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let Ok(n) = line.expect("a line").trim().parse::<i64>() else { continue };
        acknowledged = n;
        if acknowledged >= 300 {
            break;
        }
    }
    // SIGKILL: nothing the process still held in memory reaches the file.
    child.kill().expect("kill");
    child.wait().expect("reaped");
    assert!(acknowledged >= 300, "the child committed ({acknowledged} acknowledged)");

    let mut after = diesel::SqliteConnection::establish(&file.0.display().to_string()).expect("reopen");
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
