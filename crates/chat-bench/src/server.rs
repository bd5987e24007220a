//! The server under test: the release binary started on the bench's database, and what it reports
//! about itself (memory and CPU from `/proc`, the chat writer's commits from `/metrics`).

use std::collections::HashMap;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use anyhow::Context;

use crate::cpu::{stat_cpu, Cpu, Snapshot};

pub(crate) struct Server {
    child: Child,
    pub(crate) port: u16,
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
    pub(crate) fn rss_mb(&self) -> f64 {
        self.status_mb("VmRSS:")
    }

    /// The server's anonymous memory (its heap, stacks and buffers): the RSS less the
    /// database file's pages the server reads through its memory map, which are the
    /// kernel's page cache, shared and reclaimable, and grow with the rows read, not the sockets.
    pub(crate) fn anonymous_mb(&self) -> f64 {
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

    pub(crate) async fn snapshot(&self) -> Snapshot {
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

pub(crate) async fn start_server(database_url: &str, dir: &std::path::Path) -> anyhow::Result<Server> {
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
