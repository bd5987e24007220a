//! A SQLite file's write-ahead log is copied back into the database by the
//! background checkpoint thread, not inside a writer's commit.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use hometutor_db::{Db, DbError};

#[test]
fn the_log_reaches_the_database_file_in_the_background_not_in_the_commit() {
    let path = std::env::temp_dir().join(format!("hometutor-checkpoint-{}.db", std::process::id()));
    let db = Db::connect(&format!("sqlite://{}", path.display())).expect("open");
    db.write(|c| c.batch_execute("CREATE TABLE notes (body TEXT NOT NULL)").map_err(DbError::from)).expect("table");
    // Held off while the commit runs, so whatever reaches the file meanwhile was the commit's own doing.
    let held = db.hold_checkpoints();
    // About 4 MB in one commit: far past the 1,000 pages at which SQLite would checkpoint on its own.
    db.write(|c| {
        c.batch_execute(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 4000) \
                         INSERT INTO notes SELECT printf('%.1000c', 'x') FROM n",
        )
        .map_err(DbError::from)
    })
    .expect("rows");
    let size = || std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    assert!(size() < 1_000_000, "the commit left its pages in the log ({} bytes in the file)", size());
    drop(held);

    let started = Instant::now();
    while size() < 4_000_000 && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(size() >= 4_000_000, "the checkpoint thread copied the log into the file ({} bytes)", size());
    drop(db);
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
}
