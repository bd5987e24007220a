//! The chat store alone: messages/s that `MessageStore::send_many` stores in
//! batches like the server's chat writer makes (BENCH_BATCH, 512 by default)
//! among BENCH_PAIRS pairs (100), for BENCH_MESSAGES messages (100,000), with
//! the time per batch (p50/p99). Measures the storage side of the chat
//! benchmark (`just bench-chat`) without sockets or the load generator.
//!
//! `cargo bench -p hometutor-messaging --bench send_many` (SQLite in a temporary
//! file); with `TEST_DATABASE_URL=postgres://…` it runs on PostgreSQL.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark that cannot set up should stop loudly

use std::time::{Duration, Instant};

use hometutor_core::UserId;
use hometutor_messaging::{MessageStore, SendInput};
use hometutor_testkit::{insert_users, TestDatabase, TestUser};

fn setting(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn main() {
    let (batch_size, pairs, total) =
        (setting("BENCH_BATCH", 512), setting("BENCH_PAIRS", 100), setting("BENCH_MESSAGES", 100_000));
    let test_db = TestDatabase::file();
    let db = test_db.db();
    let (names, emails): (Vec<String>, Vec<String>) =
        (0..pairs * 2).map(|i| (format!("Bench {i}"), format!("bench{i}@example.com"))).unzip();
    // Parents at even positions write to tutors at odd ones: a first contact the chat allows (contact.rs).
    let people: Vec<TestUser> = names
        .iter()
        .zip(&emails)
        .enumerate()
        .map(|(i, (name, email))| TestUser { name, email, role: if i % 2 == 0 { "parent" } else { "tutor" } })
        .collect();
    let ids = insert_users(&db, &people);
    let store = MessageStore::new(db.clone());
    let mut batch_times = Vec::new();
    let started = Instant::now();
    let mut n = 0usize;
    while n < total {
        let batch: Vec<(UserId, SendInput)> = (n..(n + batch_size).min(total))
            .map(|i| {
                let pair = i % pairs;
                let input = SendInput {
                    to: UserId(ids[pair * 2 + 1]),
                    text: format!("message {i}"),
                    request_id: None,
                    client_id: std::env::var("BENCH_NO_CLIENT_ID").is_err().then(|| format!("c{i}")),
                };
                (UserId(ids[pair * 2]), input)
            })
            .collect();
        let t = Instant::now();
        let answers = store.send_many(&batch);
        batch_times.push(t.elapsed());
        if let Some(Err(refused)) = answers.iter().find(|a| a.is_err()) {
            panic!("every message is stored, but one was refused: {refused}");
        }
        n += batch.len();
    }
    let elapsed = started.elapsed();
    batch_times.sort_unstable();
    let pct = |p: f64| batch_times[((batch_times.len() - 1) as f64 * p).round() as usize];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "send_many on {}: {total} messages in batches of {batch_size} among {pairs} pairs: {:.0} msg/s; per batch p50 {:.1} ms, p99 {:.1} ms",
        if db.is_sqlite() { "SQLite" } else { "PostgreSQL" },
        total as f64 / elapsed.as_secs_f64(),
        ms(pct(0.5)),
        ms(pct(0.99)),
    );
}
