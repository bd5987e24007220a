//! Group commit for chat: every message to store goes through one writer thread,
//! which takes what has queued up (up to a batch) and stores it in one database
//! transaction, so many messages share one disk sync. A sender hears back (its
//! `ack`) only after the transaction holding its message committed. While one
//! batch commits, the next one gathers: the busier the chat, the bigger the batch. A small
//! batch that follows a commit at once (a steady stream) waits a moment longer for company.
//!
//! The writer is a thread of its own, not a task that hands each batch to the blocking
//! pool: a batch then costs no hop through an async runtime and back (a profile at 5,000 msg/s
//! counted the main thread, the pool's hand-offs and its threads starting and ending at
//! ≈ 10 % of a message's CPU). It blocks only on the queue and the database.
//!
//! A batch whose storing panics is answered with an error, never an ack for an
//! unstored message, and the writer goes on with the next one, so one bad moment
//! cannot stop chat until a restart. Readiness asks it whether it still runs and
//! whether a batch has hung ([`ChatWriter::state`]); a stopping server waits for what
//! was queued ([`ChatWriter::flush`]).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use hometutor_core::UserId;
use tokio::sync::oneshot;

use crate::{MessageStore, MessagingError, SendInput, Sent};

/// Most messages stored in one transaction.
const MAX_BATCH: usize = 512;
/// When a batch waits for company (see [`Cadence`]).
const CADENCE: Cadence =
    Cadence { gather_below: 8, gather_for: Duration::from_millis(1), streaming: Duration::from_millis(2) };
/// A batch still committing after this long has hung: a commit takes milliseconds,
/// and waiting for a connection (4 s) or SQLite's lock (5 s) far less than this.
pub const STUCK_AFTER: Duration = Duration::from_secs(30);

/// When a small batch waits for more. At 5,000 msg/s, batches of ~6 paid a whole commit
/// and disk sync each (23 % of the CPU in a profile); waiting gives batches of
/// 10–13 and cuts the CPU per message by about a third, for about a millisecond more
/// before the ack. A lone message (nothing committed just before) never waits, nor does a flush.
#[derive(Clone, Copy)]
struct Cadence {
    /// A batch smaller than this, while messages keep coming, waits for more...
    gather_below: usize,
    /// ...and takes what arrives within this (up to a whole batch).
    gather_for: Duration,
    /// Messages "keep coming" when a batch follows the last commit within this.
    streaming: Duration,
}

type Answer = Result<Sent, WriteError>;

/// Why the writer did not store a message.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The message store refused it (the rules of sending, or the database).
    #[error(transparent)]
    Refused(#[from] MessagingError),
    #[error("the chat writer stopped")]
    Stopped,
    /// Its batch failed (panicked) before it was stored: it was not acknowledged.
    #[error("the chat writer dropped a message")]
    Dropped,
}

enum Job {
    Send(UserId, SendInput, oneshot::Sender<Answer>),
    /// Answered once everything queued before it is stored (or refused).
    Flush(oneshot::Sender<()>),
}

/// What readiness reports of the writer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WriterState {
    Running,
    /// A batch has been committing for longer than [`STUCK_AFTER`].
    Stuck,
    /// Nothing takes messages any more (its thread ended).
    Stopped,
}

/// Stores one batch and answers each of its messages, in order (on the writer's thread).
type StoreBatch = Box<dyn FnMut(Vec<(UserId, SendInput)>) -> Vec<Answer> + Send>;

/// What the writer's thread shares with the handles: for readiness.
#[derive(Default)]
struct Status {
    /// When the batch being stored started; `None` between batches.
    busy_since: StdMutex<Option<Instant>>,
    stopped: AtomicBool,
}

/// The queue is unbounded here; what bounds it is what its callers keep waiting:
/// each chat socket's limit on messages awaiting their ack and the REST handlers' one each.
#[derive(Clone)]
pub struct ChatWriter {
    jobs: mpsc::Sender<Job>,
    status: Arc<Status>,
}

impl ChatWriter {
    /// Starts the writer's thread. It ends once every handle is dropped (the server stopped).
    pub fn start(store: MessageStore) -> std::io::Result<Self> {
        Self::start_with(
            CADENCE,
            Box::new(move |inputs: Vec<(UserId, SendInput)>| {
                store.send_many(&inputs).into_iter().map(|a| a.map_err(WriteError::from)).collect()
            }),
        )
    }

    fn start_with(cadence: Cadence, store: StoreBatch) -> std::io::Result<Self> {
        Self::spawn(cadence, store).map(|(writer, _thread)| writer)
    }

    /// The writer and its thread (which a test may wait for).
    fn spawn(cadence: Cadence, store: StoreBatch) -> std::io::Result<(Self, std::thread::JoinHandle<()>)> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let status = Arc::new(Status::default());
        let shared = status.clone();
        let thread = std::thread::Builder::new().name("chat-writer".into()).spawn(move || {
            write_batches(&queue, store, cadence, &shared);
            shared.stopped.store(true, Ordering::Release);
        })?;
        Ok((Self { jobs, status }, thread))
    }

    pub fn state(&self) -> WriterState {
        if self.status.stopped.load(Ordering::Acquire) {
            return WriterState::Stopped;
        }
        match self.status.busy_since.lock().map(|busy| *busy) {
            Ok(Some(since)) if since.elapsed() > STUCK_AFTER => WriterState::Stuck,
            Ok(_) => WriterState::Running,
            Err(_) => WriterState::Stuck,
        }
    }

    /// Resolves once every message queued before this call is stored or refused
    /// (at once when the writer is gone: nothing more will be stored).
    pub async fn flush(&self) {
        let (done, flushed) = oneshot::channel();
        if self.jobs.send(Job::Flush(done)).is_ok() {
            let _ = flushed.await;
        }
    }

    /// Stores a message (in the next batch) and answers once it is committed.
    pub async fn send(&self, from: UserId, input: SendInput) -> Result<Sent, WriteError> {
        self.enqueue(from, input).await
    }

    /// Queues the message now (so a socket's messages keep their order) and
    /// returns what to await for the answer.
    pub fn enqueue(
        &self,
        from: UserId,
        input: SendInput,
    ) -> impl std::future::Future<Output = Result<Sent, WriteError>> + 'static {
        let (reply, answer) = oneshot::channel();
        let queued = self.jobs.send(Job::Send(from, input, reply)).is_ok();
        async move {
            if !queued {
                return Err(WriteError::Stopped);
            }
            answer.await.map_err(|_| WriteError::Dropped)?
        }
    }
}

/// The writer's thread: batch after batch until every handle is gone.
fn write_batches(queue: &mpsc::Receiver<Job>, mut store: StoreBatch, cadence: Cadence, status: &Status) {
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    let mut last_commit: Option<Instant> = None;
    while let Ok(job) = queue.recv() {
        batch.push(job);
        take_waiting(queue, &mut batch);
        // Messages keep coming (the last batch committed just now) but few have gathered:
        // gather a moment longer, so one commit and its disk sync serve more of them.
        // A flush (a stopping server) never waits.
        if batch.len() < cadence.gather_below
            && !holds_flush(&batch)
            && last_commit.is_some_and(|at| at.elapsed() < cadence.streaming)
        {
            let until = Instant::now() + cadence.gather_for;
            while batch.len() < MAX_BATCH && !holds_flush(&batch) {
                match queue.recv_timeout(until.saturating_duration_since(Instant::now())) {
                    Ok(job) => {
                        batch.push(job);
                        take_waiting(queue, &mut batch);
                    }
                    // Time is up, or every handle is gone: store what is here (the next `recv` ends the loop).
                    Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => break,
                }
            }
        }
        let mut inputs = Vec::with_capacity(batch.len());
        let mut replies = Vec::with_capacity(batch.len());
        let mut flushes = Vec::new();
        for job in batch.drain(..) {
            match job {
                Job::Send(from, input, reply) => {
                    inputs.push((from, input));
                    replies.push(reply);
                }
                Job::Flush(done) => flushes.push(done),
            }
        }
        set_busy(status, Some(Instant::now()));
        let answers = if inputs.is_empty() { Vec::new() } else { store_batch(&mut store, inputs) };
        set_busy(status, None);
        last_commit = Some(Instant::now());
        // A job without an answer (a batch that panicked) drops its reply: its sender hears an error.
        for (reply, answer) in replies.into_iter().zip(answers) {
            let _ = reply.send(answer);
        }
        // Everything queued before a flush was in this batch or an earlier one.
        for done in flushes {
            let _ = done.send(());
        }
    }
}

fn holds_flush(batch: &[Job]) -> bool {
    batch.iter().any(|job| matches!(job, Job::Flush(_)))
}

/// Moves what is already queued into the batch, up to its bound.
fn take_waiting(queue: &mpsc::Receiver<Job>, batch: &mut Vec<Job>) {
    while batch.len() < MAX_BATCH {
        match queue.try_recv() {
            Ok(job) => batch.push(job),
            Err(_) => break,
        }
    }
}

/// Stores one batch, measured (its size and how long its commit took). A batch whose
/// storing panicked gets no answers: nothing of it is acknowledged.
fn store_batch(store: &mut StoreBatch, inputs: Vec<(UserId, SendInput)>) -> Vec<Answer> {
    metrics::histogram!("hometutor_chat_writer_batch_size").record(inputs.len() as f64);
    let started = Instant::now();
    let answers = match catch_unwind(AssertUnwindSafe(|| store(inputs))) {
        Ok(answers) => answers,
        Err(_) => {
            tracing::error!("storing a chat batch failed; its messages were not acknowledged and the writer goes on");
            Vec::new()
        }
    };
    metrics::histogram!("hometutor_chat_writer_commit_seconds").record(started.elapsed().as_secs_f64());
    // A resend (same clientId) answers the stored message again: only new ones count.
    let stored = answers.iter().filter(|a| a.as_ref().is_ok_and(|sent| sent.new)).count();
    metrics::counter!("hometutor_chat_messages_stored_total").increment(stored as u64);
    answers
}

fn set_busy(status: &Status, at: Option<Instant>) {
    if let Ok(mut busy) = status.busy_since.lock() {
        *busy = at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Message;
    use std::sync::mpsc as std_mpsc;

    fn input(text: &str) -> SendInput {
        SendInput { to: UserId(2), text: text.into(), request_id: None, client_id: None }
    }

    fn stored(id: i64, input: &SendInput) -> Sent {
        let message = Message {
            id,
            seq: id,
            from: UserId(1),
            from_name: "Asha".into(),
            to: input.to,
            text: input.text.clone(),
            request_id: None,
            client_id: None,
            created_at: chrono::NaiveDateTime::default(),
        };
        Sent { message, new: true }
    }

    /// A store that answers each batch once the test releases it, and reports each batch's size.
    fn held_store() -> (StoreBatch, std_mpsc::Sender<()>, std_mpsc::Receiver<usize>) {
        let (release, released) = std_mpsc::channel::<()>();
        let (report, sizes) = std_mpsc::channel::<usize>();
        let store: StoreBatch = Box::new(move |inputs: Vec<(UserId, SendInput)>| {
            report.send(inputs.len()).expect("the test listens");
            released.recv().expect("the test releases the batch");
            inputs.iter().enumerate().map(|(n, (_, i))| Ok(stored(n as i64 + 1, i))).collect()
        });
        (store, release, sizes)
    }

    #[tokio::test]
    async fn a_batch_that_panics_is_refused_and_chat_goes_on() {
        // A store that panics on the batch holding "boom" and stores everything else.
        let mut next_id = 0;
        let writer = ChatWriter::start_with(
            CADENCE,
            Box::new(move |inputs: Vec<(UserId, SendInput)>| {
                assert!(inputs.iter().all(|(_, i)| i.text != "boom"), "the store fell over");
                inputs
                    .iter()
                    .map(|(_, i)| {
                        next_id += 1;
                        Ok(stored(next_id, i))
                    })
                    .collect()
            }),
        )
        .expect("a thread");

        let first = writer.send(UserId(1), input("hello")).await.expect("stored");
        assert_eq!(first.message.text, "hello");

        let lost = writer.send(UserId(1), input("boom")).await;
        let err = lost.expect_err("a message whose batch died is never acknowledged");
        assert!(matches!(err, WriteError::Dropped), "{err:?}");

        let after = writer.send(UserId(1), input("still here")).await.expect("the writer goes on");
        assert_eq!((after.message.text.as_str(), after.message.id), ("still here", 2));
        assert_eq!(writer.state(), WriterState::Running);
    }

    #[tokio::test]
    async fn a_flush_returns_once_what_was_queued_before_it_is_answered() {
        let (store, release, sizes) = held_store();
        let writer = ChatWriter::start_with(CADENCE, store).expect("a thread");
        let queued = writer.enqueue(UserId(1), input("before the stop"));
        assert_eq!(sizes.recv().expect("the batch is being stored"), 1);
        let flush = writer.flush();
        tokio::pin!(flush);
        assert!(futures_util::poll!(&mut flush).is_pending(), "the message is not stored yet");
        assert_eq!(writer.state(), WriterState::Running, "a batch in hand is not stuck");
        release.send(()).expect("the writer waits");
        flush.await;
        let stored = futures_util::poll!(Box::pin(queued));
        assert!(matches!(stored, std::task::Poll::Ready(Ok(_))), "answered before the flush returned");
    }

    /// A writer with `cadence` that has just committed a first message alone (nothing came
    /// before it), and a second message queued while it committed: that one follows a commit
    /// at once, so it waits for company.
    async fn streaming(
        cadence: Cadence,
    ) -> (ChatWriter, std_mpsc::Sender<()>, std_mpsc::Receiver<usize>, impl std::future::Future<Output = Answer>) {
        let (store, release, sizes) = held_store();
        let writer = ChatWriter::start_with(cadence, store).expect("a thread");
        let first = writer.enqueue(UserId(1), input("first"));
        assert_eq!(sizes.recv().expect("stored"), 1, "the first batch goes alone");
        let second = writer.enqueue(UserId(1), input("second"));
        release.send(()).expect("the writer waits");
        first.await.expect("stored");
        (writer, release, sizes, second)
    }

    #[tokio::test]
    async fn while_messages_keep_coming_a_small_batch_waits_for_more() {
        // A wait far longer than the test needs to queue two messages.
        let cadence =
            Cadence { gather_below: 4, gather_for: Duration::from_secs(2), streaming: Duration::from_secs(60) };
        let (writer, release, sizes, second) = streaming(cadence).await;
        let (third, fourth) = (writer.enqueue(UserId(1), input("third")), writer.enqueue(UserId(1), input("fourth")));
        assert_eq!(sizes.recv().expect("stored"), 3, "the second waited for the third and fourth");
        release.send(()).expect("the writer waits");
        for answer in [second.await, third.await, fourth.await] {
            answer.expect("stored");
        }
    }

    #[tokio::test]
    async fn a_flush_never_waits_for_company() {
        // The second message would wait ten minutes for company; the flush sends it on.
        let cadence =
            Cadence { gather_below: 4, gather_for: Duration::from_secs(600), streaming: Duration::from_secs(600) };
        let (writer, release, sizes, second) = streaming(cadence).await;
        let flush = writer.flush();
        tokio::pin!(flush);
        assert!(futures_util::poll!(&mut flush).is_pending(), "the flush is queued");
        let size = sizes.recv_timeout(Duration::from_secs(60)).expect("stored at once, not after the wait");
        assert_eq!(size, 1);
        release.send(()).expect("the writer waits");
        flush.await;
        second.await.expect("stored");
    }

    #[tokio::test]
    async fn a_message_after_a_quiet_moment_never_waits() {
        let cadence =
            Cadence { gather_below: 4, gather_for: Duration::from_secs(60), streaming: Duration::from_millis(20) };
        let (store, release, sizes) = held_store();
        let writer = ChatWriter::start_with(cadence, store).expect("a thread");
        let first = writer.enqueue(UserId(1), input("first"));
        assert_eq!(sizes.recv().expect("stored"), 1);
        release.send(()).expect("the writer waits");
        first.await.expect("stored");
        // Longer than `streaming`: the chat went quiet, so the next message is not held back.
        std::thread::sleep(Duration::from_millis(50));
        let second = writer.enqueue(UserId(1), input("second"));
        let size = sizes.recv_timeout(Duration::from_secs(30)).expect("stored without waiting for company");
        assert_eq!(size, 1);
        release.send(()).expect("the writer waits");
        second.await.expect("stored");
    }

    #[tokio::test]
    async fn the_writer_stops_when_the_server_lets_go_of_it() {
        let (store, _release, _sizes) = held_store();
        let (writer, thread) = ChatWriter::spawn(CADENCE, store).expect("a thread");
        let status = writer.status.clone();
        drop(writer);
        thread.join().expect("the writer's thread ended without a panic");
        assert!(status.stopped.load(Ordering::Acquire), "readiness then reports it stopped");
    }
}
