//! Place search: the time to load the built-in index, and p50/p99 of `search` over the 50
//! queries of the quality test (plus their prefixes while typing) and of `nearest` over random
//! points in India.
//!
//! `cargo bench -p hometutor-places --bench search`; `BENCH_ROUNDS` (default 20) repeats the
//! query list.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a benchmark that cannot set up should stop loudly

#[path = "../tests/support/cases.rs"]
mod cases;

use std::hint::black_box;
use std::time::{Duration, Instant};

use hometutor_places::{Places, MAX_SUGGESTIONS};

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
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
    let started = Instant::now();
    let places = Places::global();
    let load = started.elapsed();
    println!("load: {:.0} ms for {} entries ({} post offices)\n", load.as_secs_f64() * 1e3, places.len(), places.localities());

    let queries: Vec<&str> = cases::CASES.iter().map(|(q, _)| *q).collect();
    // What a person sends while typing: every prefix of 2+ characters of each query.
    let typing: Vec<String> = queries
        .iter()
        .flat_map(|q| (2..=q.len()).filter(|&n| q.is_char_boundary(n)).map(|n| q[..n].to_owned()))
        .collect();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let points: Vec<(f64, f64)> = (0..queries.len() * rounds)
        .map(|_| (8.0 + rng.next() * 24.0, 69.0 + rng.next() * 20.0))
        .collect();

    let time = |f: &mut dyn FnMut()| {
        let t = Instant::now();
        f();
        t.elapsed()
    };
    let mut search = Vec::new();
    let mut prefixes = Vec::new();
    for _ in 0..rounds {
        for q in &queries {
            search.push(time(&mut || {
                black_box(places.search(black_box(q), MAX_SUGGESTIONS));
            }));
        }
    }
    for q in &typing {
        prefixes.push(time(&mut || {
            black_box(places.search(black_box(q), MAX_SUGGESTIONS));
        }));
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
}
