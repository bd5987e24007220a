//! Chat load generator (`just bench-chat`). Starts the release `hometutor` on a
//! temporary SQLite database, opens authenticated WebSockets and reports:
//! the server's memory with many idle sockets (the first ones, and again once they
//! were all closed and as many reopened); for a fixed rate, then as fast as acks allow:
//! the delivered messages per second and their latency, and the server's CPU per
//! message (in all, in user space and in the kernel, and by thread: the writer storing
//! the batches against the threads serving the sockets) with the writer's commits.
//! Sizes: BENCH_IDLE (10000), BENCH_PAIRS (100), BENCH_RATE (5000 msg/s), BENCH_SECONDS (10).

use std::collections::HashMap;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use futures_util::{SinkExt, StreamExt};
use hometutor_accounts::NewUser;
use hometutor_core::{Role, UserId};
use hometutor_db::{Db, DbError};
use hometutor_messaging::Tickets;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message as Frame;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

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

struct Server {
    child: Child,
    port: u16,
    /// Where the server answers `/metrics` (the chat writer's batches are read there).
    metrics_port: u16,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Server {
    fn rss_mb(&self) -> f64 {
        self.status_mb("VmRSS:")
    }

    /// The server's anonymous memory (its heap, stacks and buffers): the RSS less the
    /// database file's pages the server reads through its memory map, which are the
    /// kernel's page cache, shared and reclaimable, and grow with the rows read, not the sockets.
    fn anonymous_mb(&self) -> f64 {
        self.status_mb("RssAnon:")
    }

    fn status_mb(&self, field: &str) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        let kb: f64 = status
            .lines()
            .find(|l| l.starts_with(field))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0);
        kb / 1024.0
    }

    /// The server process's CPU time so far (every thread), from `/proc/<pid>/stat`.
    fn cpu(&self) -> Cpu {
        let stat = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())).unwrap_or_default();
        stat_cpu(&stat).1
    }

    async fn snapshot(&self) -> Snapshot {
        Snapshot { cpu: self.cpu(), threads: self.thread_cpu(), commits: self.commits().await }
    }

    /// The chat writer's commits and the messages they stored so far (its batch-size
    /// histogram's count and sum on `/metrics`); `None` when the server does not answer.
    async fn commits(&self) -> Option<(f64, f64)> {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut stream = tokio::net::TcpStream::connect(("127.0.0.1", self.metrics_port)).await.ok()?;
        stream.write_all(b"GET /metrics HTTP/1.0\r\nHost: localhost\r\n\r\n").await.ok()?;
        let mut page = String::new();
        stream.read_to_string(&mut page).await.ok()?;
        let value = |name: &str| -> Option<f64> {
            page.lines().find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
        };
        if !page.lines().next().is_some_and(|status| status.contains(" 200 ")) {
            return None;
        }
        // Before the first commit the histogram is not on the page yet.
        let commits = value("hometutor_chat_writer_batch_size_count").unwrap_or(0.0);
        Some((commits, value("hometutor_chat_writer_batch_size_sum").unwrap_or(0.0)))
    }

    /// Each live thread's name and CPU time so far (user + system), by thread id, from `/proc/<pid>/task/*/stat`.
    fn thread_cpu(&self) -> HashMap<String, (String, f64)> {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{}/task", self.child.id())) else {
            return HashMap::new();
        };
        tasks
            .flatten()
            .filter_map(|task| {
                let stat = std::fs::read_to_string(task.path().join("stat")).ok()?;
                let (name, cpu) = stat_cpu(&stat);
                Some((task.file_name().to_string_lossy().into_owned(), (name, cpu.total())))
            })
            .collect()
    }
}

/// What the server had spent and stored at one moment: its CPU (in all and by thread) and the
/// chat writer's commits.
struct Snapshot {
    cpu: Cpu,
    threads: HashMap<String, (String, f64)>,
    commits: Option<(f64, f64)>,
}

/// One phase's server work per message delivered: CPU in all (the pairs' handshakes too, a small
/// share), split between user space and the kernel, by thread, and the writer's cadence.
fn report_server_work(phase: &str, before: &Snapshot, after: &Snapshot, delivered: u64) {
    let split = after.cpu.since(before.cpu);
    let cpu = split.total();
    let per_message = |seconds: f64| seconds * 1e6 / delivered.max(1) as f64;
    println!(
        "| server CPU per message {phase} | {:.0} µs ({cpu:.2} s of CPU for {delivered} messages) |",
        per_message(cpu)
    );
    // The kernel's part is what the system calls cost (a frame's read, the ack's and the delivery's
    // writes, the log's writes and its sync per commit): only fewer or cheaper system calls lower it.
    println!(
        "| the same CPU in user space / in the kernel | {:.0} / {:.0} µs |",
        per_message(split.user),
        per_message(split.system)
    );
    println!("| the same CPU by thread | {} |", cpu_by_thread(&before.threads, &after.threads, cpu, delivered));
    // The writer's cadence: CPU per message falls as more messages share a commit, and latency rises.
    match (before.commits, after.commits) {
        (Some((c0, m0)), Some((c1, m1))) if c1 > c0 => println!(
            "| the chat writer's commits {phase} | {:.0} commits, {:.1} messages per commit |",
            c1 - c0,
            (m1 - m0) / (c1 - c0)
        ),
        _ => println!("| the chat writer's commits {phase} | not read (no `/metrics`) |"),
    }
}

/// CPU seconds spent in user space (the server's code, its libraries, SQLite) and in the
/// kernel (system calls: sockets, the log's writes and syncs, locks, thread wake-ups).
#[derive(Clone, Copy, Default)]
struct Cpu {
    user: f64,
    system: f64,
}

impl Cpu {
    fn total(self) -> f64 {
        self.user + self.system
    }

    fn since(self, earlier: Cpu) -> Cpu {
        Cpu { user: self.user - earlier.user, system: self.system - earlier.system }
    }
}

/// The name and the CPU seconds in one `/proc/…/stat` line.
fn stat_cpu(stat: &str) -> (String, Cpu) {
    // The name is in parentheses and may hold spaces and parentheses: the fields follow the last ')'.
    let (head, rest) = stat.rsplit_once(')').unwrap_or(("", ""));
    let name = head.split_once('(').map_or("", |(_, name)| name).to_string();
    let fields: Vec<&str> = rest.split_whitespace().collect();
    // SAFETY: sysconf only reads a system constant.
    let per_second = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as f64;
    // utime and stime are the 14th and 15th fields of the line, 12th and 13th after the name.
    let seconds = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0) / per_second;
    (name, Cpu { user: seconds(11), system: seconds(12) })
}

/// Where a phase's server CPU went, per message, by thread name: the chat writer (`chat-writer`,
/// storing the batches), the actix workers serving the sockets (`actix-rt|system`), the rest; then
/// the threads that ended during the phase, whose time is no longer listed.
fn cpu_by_thread(
    before: &HashMap<String, (String, f64)>,
    after: &HashMap<String, (String, f64)>,
    total: f64,
    messages: u64,
) -> String {
    let per_message = |seconds: f64| seconds * 1e6 / messages.max(1) as f64;
    let mut by_name: Vec<(&str, f64, usize)> = Vec::new();
    for (tid, (name, cpu)) in after {
        let spent = cpu - before.get(tid).map_or(0.0, |(_, was)| *was);
        match by_name.iter_mut().find(|(n, _, _)| n == name) {
            Some(group) => (group.1, group.2) = (group.1 + spent, group.2 + 1),
            None => by_name.push((name, spent, 1)),
        }
    }
    by_name.sort_by(|a, b| b.1.total_cmp(&a.1));
    let mut parts: Vec<String> = by_name
        .iter()
        .filter(|(_, cpu, _)| per_message(*cpu) >= 1.0)
        .map(|(name, cpu, threads)| format!("{name} ×{threads} {:.0} µs", per_message(*cpu)))
        .collect();
    let ended = total - by_name.iter().map(|(_, cpu, _)| cpu).sum::<f64>();
    if per_message(ended) >= 1.0 {
        parts.push(format!("threads that ended {:.0} µs", per_message(ended)));
    }
    if parts.is_empty() {
        return "not read".into();
    }
    parts.join("; ")
}

async fn start_server(database_url: &str, dir: &std::path::Path) -> anyhow::Result<Server> {
    let bin = std::env::var("HOMETUTOR_BIN")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/release/hometutor").to_string());
    let port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let metrics_port = std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let child = Command::new(&bin)
        .env("METRICS_BIND", format!("127.0.0.1:{metrics_port}"))
        .env("BIND", format!("127.0.0.1:{port}"))
        .env("PUBLIC_URL", format!("http://127.0.0.1:{port}"))
        .env("DATABASE_URL", database_url)
        .env("DATA_DIR", dir)
        .env("JWT_SECRET", "chat-bench-secret-chat-bench-secret-0123")
        .env("RUST_LOG", "warn")
        // The per-account flood limit is for people; the generator's sockets are machines.
        .env("CHAT_RATE_LIMIT", "1000000")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .with_context(|| format!("cannot start {bin} (run `cargo build --release` first)"))?;
    let server = Server { child, port, metrics_port };
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            return Ok(server);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    anyhow::bail!("the server did not start")
}

async fn connect(port: u16, ticket: &str) -> anyhow::Result<Socket> {
    let url = format!("ws://127.0.0.1:{port}/api/ws?ticket={ticket}");
    // Without Nagle's algorithm, like a browser's WebSocket.
    Ok(tokio_tungstenite::connect_async_with_config(url, None, true).await?.0)
}

async fn open_many(port: u16, tickets: Vec<String>) -> anyhow::Result<Vec<Socket>> {
    let mut sockets = Vec::with_capacity(tickets.len());
    for batch in tickets.chunks(256) {
        let opened = futures_util::future::join_all(batch.iter().map(|t| connect(port, t))).await;
        for socket in opened {
            sockets.push(socket?);
        }
    }
    Ok(sockets)
}

/// The parts of a received event the generator reads.
#[derive(serde::Deserialize)]
struct Received<'a> {
    #[serde(borrow)]
    event: &'a str,
    data: Option<ReceivedData<'a>>,
}

#[derive(serde::Deserialize)]
struct ReceivedData<'a> {
    #[serde(borrow)]
    text: Option<&'a str>,
}

/// Runs `pairs` sender→receiver pairs for `seconds`. With `rate` each pair sends on a fixed
/// schedule, the pairs' schedules spread evenly over the period (no bursts); without, each
/// keeps up to 32 messages in flight. Returns (messages delivered within the `seconds`,
/// latencies in µs of every message delivered).
async fn exchange(
    port: u16,
    tickets: &Tickets,
    users: &[UserId],
    rate: Option<u64>,
    seconds: u64,
) -> anyhow::Result<(u64, Vec<u64>)> {
    let pairs = users.len() / 2;
    let sockets = open_many(port, tickets.issue_many(users)?).await?;
    let start = Instant::now();
    let delivered = Arc::new(AtomicU64::new(0));
    let latencies = Arc::new(Mutex::new(Vec::new()));
    let window = Duration::from_secs(seconds);
    let deadline = start + window;
    let mut tasks = tokio::task::JoinSet::new();
    let mut sockets = sockets.into_iter();
    for pair in 0..pairs {
        let (Some(sender), Some(receiver)) = (sockets.next(), sockets.next()) else { break };
        let to = users[pair * 2 + 1].0;
        let (delivered, latencies) = (delivered.clone(), latencies.clone());
        tasks.spawn(async move {
            let mut receiver = receiver;
            let mut mine = Vec::new();
            while let Ok(Some(Ok(frame))) = tokio::time::timeout(Duration::from_secs(3), receiver.next()).await {
                let Frame::Text(text) = frame else { continue };
                let Ok(event) = serde_json::from_str::<Received>(text.as_str()) else { continue };
                if event.event == "newMessage" {
                    let sent: u64 = event.data.and_then(|d| d.text).and_then(|t| t.parse().ok()).unwrap_or(0);
                    let now = start.elapsed();
                    if now <= window {
                        delivered.fetch_add(1, Ordering::Relaxed);
                    }
                    mine.push((now.as_micros() as u64).saturating_sub(sent));
                }
            }
            if let Ok(mut l) = latencies.lock() {
                l.extend(mine);
            }
        });
        tasks.spawn(async move {
            let (mut write, mut read) = sender.split();
            // A permit per message in flight; each ack (or error) gives one back.
            let in_flight = Arc::new(tokio::sync::Semaphore::new(32));
            let acks = in_flight.clone();
            let reader = tokio::spawn(async move {
                while let Some(Ok(_)) = read.next().await {
                    acks.add_permits(1);
                }
            });
            let period = rate.map(|r| Duration::from_secs_f64(pairs as f64 / r as f64));
            let mut next = Instant::now() + period.map(|p| p.mul_f64(pair as f64 / pairs as f64)).unwrap_or_default();
            let mut n = 0u64;
            while Instant::now() < deadline {
                match period {
                    Some(p) => {
                        tokio::time::sleep_until(next.into()).await;
                        next += p;
                    }
                    None => match tokio::time::timeout_at(deadline.into(), in_flight.acquire()).await {
                        Ok(Ok(permit)) => permit.forget(),
                        _ => break,
                    },
                }
                n += 1;
                let text = (start.elapsed().as_micros() as u64).to_string();
                let frame = json!({"event": "sendMessage", "data": {"to": to, "text": text, "clientId": format!("{pair}-{n}")}});
                if write.send(Frame::text(frame.to_string())).await.is_err() {
                    break;
                }
            }
            tokio::time::sleep(Duration::from_secs(2)).await;
            reader.abort();
        });
    }
    while tasks.join_next().await.is_some() {}
    let mut latencies = latencies.lock().map(|l| l.clone()).unwrap_or_default();
    latencies.sort_unstable();
    Ok((delivered.load(Ordering::Relaxed), latencies))
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize] as f64 / 1000.0
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
