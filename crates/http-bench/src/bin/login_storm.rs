//! `just bench-login` (tests/bench/login.sh starts the server and runs this against it):
//! STORM_CONCURRENCY (64) clients log in again and again for STORM_SECONDS (30) while an
//! open-loop probe asks for `/api/site` at PROBE_RATE (50/s) on a fixed schedule (latency is
//! counted from the scheduled instant, so a stalled server cannot hide its stalls by slowing
//! the probe). The probe runs alone first for PROBE_SECONDS (10): the unloaded figure.
//!
//! Required: BASE_URL (`http://127.0.0.1:PORT`), ACCOUNTS (comma-separated e-mails) and
//! PASSWORD. BCRYPT_COST (12) and SERVER_CPUS (the CPUs the server may run on; default: this
//! machine's) give the ceiling: SERVER_CPUS / the time of one bcrypt verification at that cost,
//! measured here before the storm. A 503 is counted and its client waits for `Retry-After`
//! (at most 5 s) before trying again, as a person would.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;

fn var(name: &str) -> anyhow::Result<String> {
    std::env::var(name).with_context(|| format!("{name} is required"))
}

fn number(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.sort_by(f64::total_cmp);
    v
}

/// One bcrypt verification at `cost`, the median of five, in seconds.
fn hash_seconds(cost: u32) -> anyhow::Result<f64> {
    let hash = bcrypt::hash("storm-password", cost)?;
    let mut times = Vec::new();
    for _ in 0..5 {
        let start = Instant::now();
        bcrypt::verify("storm-password", &hash)?;
        times.push(start.elapsed().as_secs_f64());
    }
    Ok(percentile(&sorted(times), 50.0))
}

#[derive(Default)]
struct Probe {
    /// Milliseconds from the scheduled instant to the full answer.
    latencies: Vec<f64>,
    failures: u64,
}

/// Asks for `/api/site` `rate` times a second for `seconds`, each on its own task.
async fn probe(client: reqwest::Client, base: String, rate: u64, seconds: u64) -> Probe {
    let found = Arc::new(Mutex::new(Probe::default()));
    let start = tokio::time::Instant::now();
    let period = Duration::from_secs_f64(1.0 / rate.max(1) as f64);
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..rate * seconds {
        let scheduled = start + period * i as u32;
        tokio::time::sleep_until(scheduled).await;
        let (client, url, found) = (client.clone(), format!("{base}/api/site"), found.clone());
        tasks.spawn(async move {
            let ok = match client.get(&url).send().await {
                Ok(r) => r.status().is_success() && r.bytes().await.is_ok(),
                Err(_) => false,
            };
            let ms = scheduled.elapsed().as_secs_f64() * 1e3;
            if let Ok(mut f) = found.lock() {
                if ok {
                    f.latencies.push(ms);
                } else {
                    f.failures += 1;
                }
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    let mut out = found.lock().map(|mut f| std::mem::take(&mut *f)).unwrap_or_default();
    out.latencies = sorted(out.latencies);
    out
}

#[derive(Default)]
struct Storm {
    /// Seconds per successful login (completed within the window).
    ok: Vec<f64>,
    ok_after_window: u64,
    refused_503: u64,
    /// Seconds from sending to the 503.
    refused_latency: Vec<f64>,
    other: Vec<String>,
}

async fn storm(
    client: reqwest::Client,
    base: String,
    accounts: Vec<String>,
    password: String,
    clients: u64,
    seconds: u64,
) -> Storm {
    let found = Arc::new(Mutex::new(Storm::default()));
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = tokio::task::JoinSet::new();
    for i in 0..clients as usize {
        let body = serde_json::json!({ "email": accounts[i % accounts.len()], "password": password });
        let (client, url, found) = (client.clone(), format!("{base}/api/auth/login"), found.clone());
        tasks.spawn(async move {
            while Instant::now() < deadline {
                let sent = Instant::now();
                let answer = client.post(&url).json(&body).send().await;
                let took = sent.elapsed().as_secs_f64();
                let within = Instant::now() <= deadline;
                let mut wait = None;
                match answer {
                    Ok(r) if r.status().is_success() => {
                        let _ = r.bytes().await;
                        if let Ok(mut f) = found.lock() {
                            if within {
                                f.ok.push(took);
                            } else {
                                f.ok_after_window += 1;
                            }
                        }
                    }
                    Ok(r) if r.status().as_u16() == 503 => {
                        let retry = r
                            .headers()
                            .get("retry-after")
                            .and_then(|v| v.to_str().ok())
                            .and_then(|v| v.trim().parse::<u64>().ok())
                            .unwrap_or(1);
                        wait = Some(Duration::from_secs(retry.clamp(1, 5)));
                        if let Ok(mut f) = found.lock() {
                            f.refused_503 += 1;
                            f.refused_latency.push(took);
                        }
                    }
                    Ok(r) => {
                        let status = r.status();
                        let text = r.text().await.unwrap_or_default();
                        if let Ok(mut f) = found.lock() {
                            f.other.push(format!("{status} {}", text.chars().take(120).collect::<String>()));
                        }
                        wait = Some(Duration::from_secs(1));
                    }
                    Err(e) => {
                        if let Ok(mut f) = found.lock() {
                            f.other.push(format!("error: {e}"));
                        }
                        wait = Some(Duration::from_secs(1));
                    }
                }
                if let Some(wait) = wait {
                    tokio::time::sleep(wait).await;
                }
            }
        });
    }
    while tasks.join_next().await.is_some() {}
    let mut out = found.lock().map(|mut f| std::mem::take(&mut *f)).unwrap_or_default();
    out.ok = sorted(out.ok);
    out.refused_latency = sorted(out.refused_latency);
    out
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let base = var("BASE_URL")?.trim_end_matches('/').to_string();
    let accounts: Vec<String> =
        var("ACCOUNTS")?.split(',').map(|s| s.trim().to_string()).filter(|s| !s.is_empty()).collect();
    anyhow::ensure!(!accounts.is_empty(), "ACCOUNTS names no account");
    let password = var("PASSWORD")?;
    let clients = number("STORM_CONCURRENCY", 64);
    let storm_seconds = number("STORM_SECONDS", 30);
    let rate = number("PROBE_RATE", 50);
    let probe_seconds = number("PROBE_SECONDS", 10);
    let cost = number("BCRYPT_COST", 12) as u32;
    let cpus = number("SERVER_CPUS", std::thread::available_parallelism().map(|n| n.get() as u64).unwrap_or(1));

    let one_hash = tokio::task::spawn_blocking(move || hash_seconds(cost)).await??;
    let ceiling = cpus as f64 / one_hash;

    let timeout = Duration::from_secs(120);
    let storm_client = reqwest::Client::builder().timeout(timeout).pool_max_idle_per_host(clients as usize).build()?;
    let probe_client = reqwest::Client::builder().timeout(timeout).build()?;

    // A first login checks the accounts and password before anything is measured.
    let check = storm_client
        .post(format!("{base}/api/auth/login"))
        .json(&serde_json::json!({ "email": accounts[0], "password": password }))
        .send()
        .await?;
    anyhow::ensure!(check.status().is_success(), "a first login failed: {}", check.status());

    let quiet = probe(probe_client.clone(), base.clone(), rate, probe_seconds).await;
    let probing = tokio::spawn(probe(probe_client, base.clone(), rate, storm_seconds));
    let stormed = storm(storm_client, base, accounts, password, clients, storm_seconds).await;
    let loud = probing.await?;

    let per_second = stormed.ok.len() as f64 / storm_seconds as f64;
    println!("login storm: {clients} clients for {storm_seconds} s, bcrypt cost {cost}, server CPUs {cpus}");
    println!("one verification at cost {cost}: {:.1} ms (median of 5, in this process)", one_hash * 1e3);
    println!(
        "logins/s: {per_second:.2} (ceiling {ceiling:.2} = {cpus} / {:.3} s): {:.0}% of the ceiling",
        one_hash,
        100.0 * per_second / ceiling
    );
    println!(
        "successful logins: {} within the window (+{} finished after it); latency p50 {:.2} s, p99 {:.2} s, max {:.2} s; over 5 s: {}",
        stormed.ok.len(),
        stormed.ok_after_window,
        percentile(&stormed.ok, 50.0),
        percentile(&stormed.ok, 99.0),
        stormed.ok.last().copied().unwrap_or(f64::NAN),
        stormed.ok.iter().filter(|&&s| s > 5.0).count()
    );
    println!(
        "503 refusals: {} (answered in p50 {:.1} ms, p99 {:.1} ms)",
        stormed.refused_503,
        percentile(&stormed.refused_latency, 50.0) * 1e3,
        percentile(&stormed.refused_latency, 99.0) * 1e3
    );
    if !stormed.other.is_empty() {
        println!("other answers: {} (first: {})", stormed.other.len(), stormed.other[0]);
    }
    let (q99, l99) = (percentile(&quiet.latencies, 99.0), percentile(&loud.latencies, 99.0));
    println!(
        "/api/site probe at {rate}/s: unloaded p50 {:.2} ms, p99 {q99:.2} ms ({} ok, {} failed); during the storm p50 {:.2} ms, p99 {l99:.2} ms ({} ok, {} failed): p99 x{:.2}",
        percentile(&quiet.latencies, 50.0),
        quiet.latencies.len(),
        quiet.failures,
        percentile(&loud.latencies, 50.0),
        loud.latencies.len(),
        loud.failures,
        l99 / q99
    );
    println!(
        "| {per_second:.2} | {ceiling:.2} ({:.0} ms/hash) | {:.0}% | {:.2} s | {:.2} s | {} | {q99:.2} ms | {l99:.2} ms (x{:.2}) |",
        one_hash * 1e3,
        100.0 * per_second / ceiling,
        percentile(&stormed.ok, 50.0),
        percentile(&stormed.ok, 99.0),
        stormed.refused_503,
        l99 / q99
    );
    Ok(())
}
