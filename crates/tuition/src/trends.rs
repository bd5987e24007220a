//! The search terms behind the admins' search trends (`search_events`), written in the
//! background. A search only hands its terms to a queue; a thread of its own writes what has
//! gathered in one transaction, at most a second later. Recording them in the search itself
//! put a write and a disk sync on the path of every filtered search.
//!
//! Best effort by design, as before: when the queue is full (the database far behind), terms
//! are dropped and counted (`hometutor_search_terms_dropped_total`); a failed write is logged and dropped.

use std::sync::mpsc::{self, SyncSender};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::search_events as se;
use hometutor_db::{Db, DbConnection};

/// Terms waiting to be written, at most.
const QUEUE: usize = 10_000;
/// Terms written in one transaction, at most.
const BATCH: usize = 500;
/// How long a term may wait for its batch.
const GATHER: Duration = Duration::from_secs(1);

/// What the searches hand over and the writer takes, under one lock.
#[derive(Default)]
struct Queue {
    terms: Vec<(String, NaiveDateTime)>,
    /// Answered once everything queued before them is written.
    flushes: Vec<SyncSender<()>>,
    /// Every [`SearchTrends`] is gone: write what is left and stop.
    closed: bool,
}

/// The queue and the writer's doorbell. A search rings it only when the writer has something
/// new to do at once (a first term, a full batch, a flush): one wake-up per batch, not one per
/// term (each was a futex wake and a thread switch on the search's path).
#[derive(Default)]
struct Shared {
    queue: Mutex<Queue>,
    doorbell: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// Closes the queue when the last [`SearchTrends`] clone is dropped.
struct Sender(Arc<Shared>);

impl Drop for Sender {
    fn drop(&mut self) {
        self.0.lock().closed = true;
        self.0.doorbell.notify_one();
    }
}

/// The sending end; the writing thread ends once every clone is dropped, after writing
/// what was queued. Outside this crate it is only a handle to [`SearchTrends::flush`].
#[derive(Clone)]
pub struct SearchTrends {
    sender: Arc<Sender>,
}

impl SearchTrends {
    pub(crate) fn start(db: Db) -> Self {
        let shared = Arc::new(Shared::default());
        let writer = shared.clone();
        let started =
            std::thread::Builder::new().name("search-trends".into()).spawn(move || write_batches(&db, &writer));
        if let Err(e) = started {
            // No thread: the queue is closed from the start, so every term is dropped and counted.
            tracing::error!(error = %e, "could not start the search-trends writer; search terms are not recorded");
            shared.lock().closed = true;
        }
        Self { sender: Arc::new(Sender(shared)) }
    }

    fn shared(&self) -> &Shared {
        &self.sender.0
    }

    /// Queues `terms`, never waiting for the database.
    pub(crate) fn record(&self, terms: Vec<String>, at: NaiveDateTime) {
        if terms.is_empty() {
            return;
        }
        let mut queue = self.shared().lock();
        let room = if queue.closed { 0 } else { QUEUE.saturating_sub(queue.terms.len()) };
        let dropped = terms.len().saturating_sub(room);
        let was_empty = queue.terms.is_empty();
        queue.terms.extend(terms.into_iter().take(room).map(|term| (term, at)));
        let ring = (was_empty && !queue.terms.is_empty()) || queue.terms.len() >= BATCH;
        drop(queue);
        if ring {
            self.shared().doorbell.notify_one();
        }
        if dropped > 0 {
            metrics::counter!("hometutor_search_terms_dropped_total").increment(dropped as u64);
        }
    }

    /// Returns once every term queued before the call is written (or its write failed).
    pub fn flush(&self) {
        let (done, wait) = mpsc::sync_channel(1);
        {
            let mut queue = self.shared().lock();
            if queue.closed {
                return;
            }
            queue.flushes.push(done);
        }
        self.shared().doorbell.notify_one();
        let _ = wait.recv();
    }
}

/// Waits for a first term, gathers for up to [`GATHER`] (less when a batch fills or someone
/// flushes), writes, and again, until the queue is closed and empty.
fn write_batches(db: &Db, shared: &Shared) {
    loop {
        let (mut batch, flushed, closed) = {
            let mut queue = shared.lock();
            while queue.terms.is_empty() && queue.flushes.is_empty() && !queue.closed {
                queue = shared.doorbell.wait(queue).unwrap_or_else(PoisonError::into_inner);
            }
            let deadline = Instant::now() + GATHER;
            while queue.terms.len() < BATCH && queue.flushes.is_empty() && !queue.closed {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() {
                    break;
                }
                queue = shared.doorbell.wait_timeout(queue, left).unwrap_or_else(PoisonError::into_inner).0;
            }
            (std::mem::take(&mut queue.terms), std::mem::take(&mut queue.flushes), queue.closed)
        };
        while !batch.is_empty() {
            let rest = batch.split_off(batch.len().min(BATCH));
            write(db, &mut batch);
            batch = rest;
        }
        for done in flushed {
            let _ = done.send(());
        }
        // Closed under the same lock that took the terms: nothing can have come since.
        if closed {
            return;
        }
    }
}

fn write(db: &Db, batch: &mut Vec<(String, NaiveDateTime)>) {
    if batch.is_empty() {
        return;
    }
    let rows: Vec<_> = batch.drain(..).map(|(term, at)| (se::term.eq(term), se::created_at.eq(at))).collect();
    let count = rows.len();
    // A multi-row insert is a different statement per backend in diesel.
    let stored = db.write(|c| {
        match c {
            DbConnection::Sqlite(c) => diesel::insert_into(se::table).values(&rows).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(se::table).values(&rows).execute(c),
        }
        .map_err(hometutor_db::DbError::from)
    });
    match stored {
        Ok(_) => metrics::counter!("hometutor_search_terms_recorded_total").increment(count as u64),
        Err(e) => {
            metrics::counter!("hometutor_search_terms_dropped_total").increment(count as u64);
            tracing::warn!(error = %e, count, "recording search terms");
        }
    }
}
