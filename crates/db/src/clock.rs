//! A clock a test can advance. Every stored timestamp and every job that asks
//! "has ten minutes passed?" reads [`crate::now`], which adds this process's
//! offset to the system clock. Nothing moves it but a test: a crate's own tests
//! call [`advance`], and the server moves it only when started with
//! `TEST_CLOCK=1` (a browser test checking "e-mailed after 10 minutes unread").

use std::sync::atomic::{AtomicI64, Ordering};

static OFFSET_MICROS: AtomicI64 = AtomicI64::new(0);

/// How far this process's clock is ahead of the system clock.
pub fn offset() -> chrono::Duration {
    chrono::Duration::microseconds(OFFSET_MICROS.load(Ordering::Relaxed))
}

/// Moves this process's clock forward (never back: stored times stay ordered).
pub fn advance(by: std::time::Duration) {
    let micros = i64::try_from(by.as_micros()).unwrap_or(i64::MAX);
    OFFSET_MICROS.fetch_add(micros.max(0), Ordering::Relaxed);
}
