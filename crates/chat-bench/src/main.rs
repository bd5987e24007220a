//! Chat load generator (`just bench-chat`). Starts the release `hometutor` on a
//! temporary SQLite database, opens authenticated WebSockets and reports:
//! the server's memory with many idle sockets (the first ones, and again once they
//! were all closed and as many reopened); for a fixed rate, then as fast as acks allow:
//! the delivered messages per second and their latency, and the server's CPU per
//! message (in all, in user space and in the kernel, and by thread: the writer storing
//! the batches against the threads serving the sockets) with the writer's commits.
//! Sizes: BENCH_IDLE (10000), BENCH_PAIRS (100), BENCH_RATE (5000 msg/s), BENCH_SECONDS (10).

mod cpu;
mod exchange;
mod server;

use std::time::Duration;

use hometutor_accounts::NewUser;
use hometutor_core::{Role, UserId};
use hometutor_db::{Db, DbError};
use hometutor_messaging::Tickets;

use crate::cpu::report_server_work;
use crate::exchange::{exchange, open_many, percentile};
use crate::server::start_server;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Parents at even positions, tutors at odd ones: each pair is a parent writing to
/// a tutor, a first contact the chat allows (crates/messaging/src/contact.rs).
/// Written straight into the database: the sockets log in with tickets, so no
/// password (the placeholder hash matches none).
fn seed_users(db: &Db, count: usize) -> Result<Vec<UserId>, DbError> {
    let (names, emails): (Vec<String>, Vec<String>) =
        (0..count).map(|i| (format!("Bench {i}"), format!("bench{i}@example.com"))).unzip();
    let people: Vec<NewUser> = names
        .iter()
        .zip(&emails)
        .enumerate()
        .map(|(i, (name, email))| NewUser {
            fullname: name,
            email,
            phone: "9876543210",
            password_hash: "x",
            role: if i % 2 == 0 { Role::Parent } else { Role::Tutor },
            email_verified: true,
        })
        .collect();
    db.write(|c| hometutor_accounts::insert_many(c, &people).map_err(DbError::from))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let (idle, pairs, rate, seconds) = (
        setting("BENCH_IDLE", 10_000),
        setting("BENCH_PAIRS", 100),
        setting("BENCH_RATE", 5_000),
        setting("BENCH_SECONDS", 10),
    );
    let dir = std::env::temp_dir().join(format!("hometutor-chat-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let database_url = format!("sqlite://{}", dir.join("bench.db").display());
    let db = Db::connect(&database_url)?;
    hometutor_db::run_migrations(&db)?;
    let everyone = seed_users(&db, idle as usize + 4 * pairs as usize)?;
    let tickets = Tickets::new(db.clone());
    let server = start_server(&database_url, &dir).await?;
    let (rss_start, anon_start) = (server.rss_mb(), server.anonymous_mb());

    println!("| measure | result |\n|---|---|");
    println!("| server RSS at start | {rss_start:.0} MB |");
    // Held open through the message phases, as idle users' sockets would be.
    let idle_sockets = if idle == 0 {
        println!("| memory per idle socket | not measured (BENCH_IDLE=0) |");
        Vec::new()
    } else {
        let idle_sockets = open_many(server.port, tickets.issue_many(&everyone[..idle as usize])?).await?;
        tokio::time::sleep(Duration::from_secs(2)).await;
        let (rss_idle, anon_idle) = (server.rss_mb(), server.anonymous_mb());
        println!("| server RSS with {} idle sockets | {rss_idle:.0} MB |", idle_sockets.len());
        println!(
            "| server RSS per idle socket | {:.1} KB |",
            (rss_idle - rss_start) * 1024.0 / idle_sockets.len().max(1) as f64
        );
        println!(
            "| server anonymous memory per idle socket, first sockets (RSS less the database's mapped pages) | {:.1} KB |",
            (anon_idle - anon_start) * 1024.0 / idle_sockets.len().max(1) as f64
        );

        // The first sockets also pay for the process's one-time growth (the blocking pool's
        // threads, the allocator's arenas, the database caches): close them all, let the
        // process settle, open as many again and count what they alone add.
        drop(idle_sockets);
        tokio::time::sleep(Duration::from_secs(12)).await;
        let anon_closed = server.anonymous_mb();
        let idle_sockets = open_many(server.port, tickets.issue_many(&everyone[..idle as usize])?).await?;
        tokio::time::sleep(Duration::from_secs(2)).await;
        println!(
            "| server anonymous memory per idle socket, warm (all closed, then as many opened again) | {:.1} KB |",
            (server.anonymous_mb() - anon_closed) * 1024.0 / idle_sockets.len().max(1) as f64
        );
        idle_sockets
    };
    let fixed = &everyone[idle as usize..idle as usize + 2 * pairs as usize];
    let before = server.snapshot().await;
    let (delivered, lat) = exchange(server.port, &tickets, fixed, Some(rate), seconds).await?;
    let after = server.snapshot().await;
    println!(
        "| {rate} msg/s offered by {pairs} pairs for {seconds} s | {:.0} msg/s delivered, p50 {:.1} ms, p99 {:.1} ms |",
        delivered as f64 / seconds as f64,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99)
    );
    report_server_work(&format!("at {rate} msg/s"), &before, &after, delivered);
    let flat_out = &everyone[idle as usize + 2 * pairs as usize..];
    let before = server.snapshot().await;
    let (delivered, lat) = exchange(server.port, &tickets, flat_out, None, seconds).await?;
    let after = server.snapshot().await;
    println!(
        "| as fast as acks allow ({pairs} pairs, 32 in flight each) | {:.0} msg/s delivered, p50 {:.1} ms, p99 {:.1} ms |",
        delivered as f64 / seconds as f64,
        percentile(&lat, 0.5),
        percentile(&lat, 0.99)
    );
    report_server_work("as fast as acks allow", &before, &after, delivered);
    println!("| server RSS at the end | {:.0} MB |", server.rss_mb());
    drop(idle_sockets);
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
    Ok(())
}
