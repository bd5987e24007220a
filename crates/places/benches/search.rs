//! Place search: the time to load the built-in index, and p50/p99 of `search` over the 50
//! queries of the quality test (plus their prefixes while typing), over the committed Hindi
//! queries (`tests/hindi_queries.tsv`) and the queries typed as people type
//! (`tests/typing_queries.tsv`), and of `nearest` over random points in India.
//!
//! The index is warmed first, as the server does at start-up ([`Places::warm`]).
//!
//! `cargo bench -p hometutor-places --bench search`; `BENCH_ROUNDS` (default 20) repeats the
//! query list; `BENCH_SHOW=1` prints each query's fastest round on stderr (to compare two builds
//! query by query). On a busy machine read the 'fastest round' rows: the others include the time the
//! thread waited for a core.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark that cannot set up should stop loudly

#[path = "../tests/support/cases.rs"]
mod cases;

use std::hint::black_box;
use std::time::{Duration, Instant};

use hometutor_places::{Places, Point, MAX_SUGGESTIONS};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// This thread's CPU time (user + system) from /proc, in clock ticks of 10 ms; `None` elsewhere.
/// Reported beside the wall time because a busy machine stretches the wall time.
fn thread_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let after = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after.split(' ').collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn row(what: &str, mut times: Vec<Duration>) {
    times.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    println!(
        "| {what:34} | {:>7} | {:>8.1} | {:>8.1} | {:>8.1} |",
        times.len(),
        us(percentile(&times, 0.5)),
        us(percentile(&times, 0.99)),
        us(times[times.len() - 1])
    );
}

fn main() {
    let rounds: usize = std::env::var("BENCH_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(20);
    let (started, cpu) = (Instant::now(), thread_cpu());
    let places = Places::global();
    let load = started.elapsed();
    let cpu =
        cpu.zip(thread_cpu()).map(|(before, after)| format!(", {:.0} ms CPU", (after - before).as_secs_f64() * 1e3));
    println!(
        "load: {:.0} ms wall{} for {} entries ({} post offices)",
        load.as_secs_f64() * 1e3,
        cpu.unwrap_or_default(),
        places.len(),
        places.localities()
    );
    // What the server does at start-up, before anyone types.
    let (started, cpu) = (Instant::now(), thread_cpu());
    places.warm();
    let cpu =
        cpu.zip(thread_cpu()).map(|(before, after)| format!(", {:.0} ms CPU", (after - before).as_secs_f64() * 1e3));
    println!(
        "warm (two-letter answers): {:.0} ms wall{}\n",
        started.elapsed().as_secs_f64() * 1e3,
        cpu.unwrap_or_default()
    );

    let queries: Vec<&str> = cases::CASES.iter().map(|(q, _)| *q).collect();
    // What a person sends while typing: every prefix of 2+ characters of each query.
    let typing: Vec<String> = queries
        .iter()
        .flat_map(|q| (2..=q.len()).filter(|&n| q.is_char_boundary(n)).map(|n| q[..n].to_owned()))
        .collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let points: Vec<(f64, f64)> =
        (0..queries.len() * rounds).map(|_| (8.0 + rng.next() * 24.0, 69.0 + rng.next() * 20.0)).collect();

    let time = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        f();
        t.elapsed()
    };
    let mut search = Vec::new();
    // Each query's fastest round: what it costs when the machine is not busy elsewhere.
    let mut fastest = vec![Duration::MAX; queries.len()];
    for _ in 0..rounds {
        for (i, q) in queries.iter().enumerate() {
            let took = time(&mut || {
                black_box(places.search(black_box(q), MAX_SUGGESTIONS));
            });
            fastest[i] = fastest[i].min(took);
            search.push(took);
        }
    }
    // The committed Hindi queries (Devanagari names, listed or romanised), each's fastest round.
    let hindi: Vec<&str> = include_str!("../tests/hindi_queries.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .collect();
    let mut hindi_fastest = vec![Duration::MAX; hindi.len()];
    for _ in 0..rounds {
        for (i, q) in hindi.iter().enumerate() {
            let took = time(&mut || {
                black_box(places.search(black_box(q), MAX_SUGGESTIONS));
            });
            hindi_fastest[i] = hindi_fastest[i].min(took);
        }
    }
    // The committed queries typed as people type (typos, run-together words, sectors, PINs),
    // with the person's city where the query names one: every round, and each's fastest.
    let typed: Vec<(&str, Option<Point>)> = include_str!("../tests/typing_queries.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            let near = f.get(3).map(|c| match *c {
                "delhi" => Point { lat: 28.6139, lng: 77.2090 },
                "mumbai" => Point { lat: 19.0760, lng: 72.8777 },
                _ => Point { lat: 12.9716, lng: 77.5946 },
            });
            Some((*f.first()?, near))
        })
        .collect();
    let mut typed_all = Vec::new();
    let mut typed_fastest = vec![Duration::MAX; typed.len()];
    for _ in 0..rounds {
        for (i, &(q, near)) in typed.iter().enumerate() {
            let took = time(&mut || {
                black_box(places.search_near(black_box(q), MAX_SUGGESTIONS, near));
            });
            typed_fastest[i] = typed_fastest[i].min(took);
            typed_all.push(took);
        }
    }
    if std::env::var("BENCH_SHOW").is_ok() {
        for (q, d) in queries.iter().zip(&fastest) {
            eprintln!("Q {q}\t{:.1}", d.as_secs_f64() * 1e6);
        }
    }
    let mut prefixes = Vec::new();
    let mut prefix_fastest = Vec::new();
    for q in &typing {
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let took = time(&mut || {
                black_box(places.search(black_box(q), MAX_SUGGESTIONS));
            });
            best = best.min(took);
            prefixes.push(took);
        }
        prefix_fastest.push((best, q.as_str()));
    }
    let mut found = 0;
    let nearest: Vec<Duration> = points
        .iter()
        .map(|&(lat, lng)| {
            time(&mut || {
                found += usize::from(black_box(places.nearest(black_box(lat), black_box(lng))).is_some());
            })
        })
        .collect();
    println!("| {:34} | {:>7} | {:>8} | {:>8} | {:>8} |", "operation", "calls", "p50 µs", "p99 µs", "max µs");
    println!("|{:-<36}|{:-<9}|{:-<10}|{:-<10}|{:-<10}|", "", "", "", "", "");
    row(&format!("search, 50 queries × {rounds}"), search);
    row("search, every typed prefix", prefixes);
    row(&format!("nearest, random points ({found} found)"), nearest);
    row("search, each query's fastest round", fastest);
    row("search, each prefix's fastest of 3", prefix_fastest.iter().map(|(d, _)| *d).collect());
    row(&format!("search, {} Hindi queries' fastest", hindi.len()), hindi_fastest.clone());
    row(&format!("search, {} typed queries × {rounds}", typed.len()), typed_all);
    row(&format!("search, {} typed queries' fastest", typed.len()), typed_fastest.clone());
    let mut typed_slowest: Vec<(Duration, &str)> =
        typed_fastest.into_iter().zip(typed.iter().map(|&(q, _)| q)).collect();
    typed_slowest.sort();
    let shown: Vec<String> =
        typed_slowest.iter().rev().take(3).map(|(d, q)| format!("{q:?} {:.0} µs", d.as_secs_f64() * 1e6)).collect();
    println!("slowest typed queries: {}", shown.join(", "));
    let mut hindi_slowest: Vec<(Duration, &str)> = hindi_fastest.into_iter().zip(hindi.iter().copied()).collect();
    hindi_slowest.sort();
    let shown: Vec<String> =
        hindi_slowest.iter().rev().take(3).map(|(d, q)| format!("{q:?} {:.0} µs", d.as_secs_f64() * 1e6)).collect();
    println!("slowest Hindi queries: {}", shown.join(", "));
    prefix_fastest.sort();
    let slowest: Vec<String> =
        prefix_fastest.iter().rev().take(5).map(|(d, q)| format!("{q:?} {:.0} µs", d.as_secs_f64() * 1e6)).collect();
    println!("\nslowest prefixes (fastest of 3): {}", slowest.join(", "));
}
