//! The search terms behind the admins' search trends (`search_events`), written in the
//! background. A search only hands its terms to a queue; a thread of its own writes what has
//! gathered in one transaction, at most a second later. Recording them in the search itself
//! put a write and a disk sync on the path of every filtered search.
//!
//! Best effort by design, as before: when the queue is full (the database far behind), terms
//! are dropped and counted (`hometutor_search_terms_dropped_total`); a failed write is logged and dropped.

use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TrySendError};
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

enum Message {
    Term {
        term: String,
        at: NaiveDateTime,
    },
    /// Write what is queued now, then answer.
    Flush(SyncSender<()>),
}

/// The sending end; the writing thread ends once every clone is dropped, after writing
/// what was queued. Outside this crate it is only a handle to [`SearchTrends::flush`].
#[derive(Clone)]
pub struct SearchTrends {
    queue: SyncSender<Message>,
}

impl SearchTrends {
    pub(crate) fn start(db: Db) -> Self {
        let (queue, received) = mpsc::sync_channel(QUEUE);
        let started =
            std::thread::Builder::new().name("search-trends".into()).spawn(move || write_batches(&db, &received));
        if let Err(e) = started {
            // No thread: the receiver is gone with the closure, so every term is dropped and counted.
            tracing::error!(error = %e, "could not start the search-trends writer; search terms are not recorded");
        }
        Self { queue }
    }

    /// Queues `terms`, never waiting.
    pub(crate) fn record(&self, terms: Vec<String>, at: NaiveDateTime) {
        for term in terms {
            match self.queue.try_send(Message::Term { term, at }) {
                Ok(()) => {}
                Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {
                    metrics::counter!("hometutor_search_terms_dropped_total").increment(1);
                }
            }
        }
    }

    /// Returns once every term queued before the call is written (or its write failed).
    pub fn flush(&self) {
        let (done, wait) = mpsc::sync_channel(1);
        if self.queue.send(Message::Flush(done)).is_ok() {
            let _ = wait.recv();
        }
    }
}

fn write_batches(db: &Db, received: &Receiver<Message>) {
    let mut batch: Vec<(String, NaiveDateTime)> = Vec::new();
    // Blocks for the first term of a batch, then gathers for up to GATHER.
    while let Ok(first) = received.recv() {
        let mut flushed = Vec::new();
        let mut next = Some(first);
        let deadline = Instant::now() + GATHER;
        loop {
            match next.take() {
                Some(Message::Term { term, at }) => batch.push((term, at)),
                Some(Message::Flush(done)) => flushed.push(done),
                None => {}
            }
            if batch.len() >= BATCH || !flushed.is_empty() {
                break;
            }
            match received.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(message) => next = Some(message),
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
            }
        }
        write(db, &mut batch);
        for done in flushed {
            let _ = done.send(());
        }
    }
    // Every sender is gone: what is left is written before the thread ends.
    write(db, &mut batch);
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
