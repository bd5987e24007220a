//! Group commit for chat: every message to store goes through one writer task,
//! which takes what has queued up (up to a batch) and stores it in one database
//! transaction, so many messages share one disk sync. A sender hears back (its
//! `ack`) only after the transaction holding its message committed. While one
//! batch commits, the next one gathers: the busier the chat, the bigger the batch. A small
//! batch that follows a commit at once (a steady stream) waits a moment longer for company.
//!
//! The writer is supervised: should its task ever die, a new one takes over the
//! same queue, so one bad moment cannot stop chat until a restart. The senders
//! of the batch in hand then hear an error, never an ack for an unstored message.
//! Readiness asks it whether it still runs and whether a batch has hung
//! ([`ChatWriter::state`]); a stopping server waits for what was queued
//! ([`ChatWriter::flush`]).

use std::rc::Rc;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use actix_web::web;
use futures_util::future::LocalBoxFuture;
use hometutor_core::UserId;
use hometutor_messaging::{MessageStore, SendInput, Sent};
use tokio::sync::{mpsc, oneshot, Mutex};

use crate::errors::ApiError;

/// Most messages stored in one transaction.
const MAX_BATCH: usize = 512;
/// A batch smaller than this, while messages keep coming, waits [`GATHER`] for more: at 5,000
/// msg/s batches of ~6 paid a whole commit and disk sync each (issue 22's profile: 23 % of the
/// CPU); waiting gives ~12 per commit and cuts the CPU per message by about a third, for about
/// a millisecond more before the ack. A lone message (nothing committed just before) never waits.
const GATHER_BELOW: usize = 8;
/// Tokio's timers tick in milliseconds: this fires 0.5–1.5 ms later.
const GATHER: Duration = Duration::from_micros(500);
/// Messages "keep coming" when a batch follows the last commit within this.
const STREAMING: Duration = Duration::from_millis(2);
/// A batch still committing after this long has hung: a commit takes milliseconds,
/// and waiting for a connection (4 s) or SQLite's lock (5 s) far less than this.
pub const STUCK_AFTER: Duration = Duration::from_secs(30);

type Answer = Result<Sent, ApiError>;

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
    /// Nothing takes messages any more (its supervisor ended).
    Stopped,
}

/// Stores one batch and answers each of its messages, in order.
type StoreBatch = Rc<dyn Fn(Vec<(UserId, SendInput)>) -> LocalBoxFuture<'static, Vec<Answer>>>;

/// The queue is unbounded here; what bounds it is each socket's limit on
/// messages awaiting their ack (see `socket.rs`) and the REST handlers' one each.
#[derive(Clone)]
pub struct ChatWriter {
    jobs: mpsc::UnboundedSender<Job>,
    /// When the batch being stored started; `None` between batches.
    busy_since: Arc<StdMutex<Option<Instant>>>,
}

impl ChatWriter {
    /// Starts the writer task, and its supervisor, on the current (actix) runtime.
    pub fn start(store: MessageStore) -> Self {
        Self::start_with(Rc::new(move |inputs: Vec<(UserId, SendInput)>| {
            let store = store.clone();
            Box::pin(async move {
                let count = inputs.len();
                match web::block(move || store.send_many(&inputs)).await {
                    Ok(answers) => answers.into_iter().map(|a| a.map_err(ApiError::from)).collect(),
                    // The blocking thread died (a panic in the store): nothing of the batch is acknowledged.
                    Err(e) => (0..count).map(|_| Err(ApiError::internal(&e))).collect(),
                }
            })
        }))
    }

    fn start_with(store: StoreBatch) -> Self {
        let (jobs, queue) = mpsc::unbounded_channel::<Job>();
        let queue = Rc::new(Mutex::new(queue));
        let busy_since = Arc::new(StdMutex::new(None));
        let busy = busy_since.clone();
        actix_web::rt::spawn(async move {
            loop {
                match actix_web::rt::spawn(write_batches(queue.clone(), store.clone(), busy.clone())).await {
                    // Every sender is gone: the server is stopping.
                    Ok(()) => break,
                    Err(e) => {
                        // The dead writer's batch is over: its successor is not stuck.
                        set_busy(&busy, None);
                        tracing::error!(
                            error = %e,
                            "the chat writer failed; a new one takes over (its last batch was not acknowledged)"
                        )
                    }
                }
            }
        });
        Self { jobs, busy_since }
    }

    pub fn state(&self) -> WriterState {
        if self.jobs.is_closed() {
            return WriterState::Stopped;
        }
        match self.busy_since.lock().map(|busy| *busy) {
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
    pub async fn send(&self, from: UserId, input: SendInput) -> Result<Sent, ApiError> {
        self.enqueue(from, input).await
    }

    /// Queues the message now (so a socket's messages keep their order) and
    /// returns what to await for the answer.
    pub fn enqueue(
        &self,
        from: UserId,
        input: SendInput,
    ) -> impl std::future::Future<Output = Result<Sent, ApiError>> + 'static {
        let (reply, answer) = oneshot::channel();
        let queued = self.jobs.send(Job::Send(from, input, reply));
        async move {
            queued.map_err(|_| ApiError::internal("the chat writer stopped"))?;
            answer.await.map_err(|_| ApiError::internal("the chat writer dropped a message"))?
        }
    }
}

/// The writer: batch after batch until every sender is gone. The queue outlives
/// it (behind the lock), so its successor carries on with what is waiting.
async fn write_batches(
    queue: Rc<Mutex<mpsc::UnboundedReceiver<Job>>>,
    store: StoreBatch,
    busy_since: Arc<StdMutex<Option<Instant>>>,
) {
    let mut queue = queue.lock().await;
    let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
    let mut last_commit: Option<Instant> = None;
    while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
        // Messages keep coming (the last batch committed just now) but few have gathered:
        // gather a moment longer, so one commit and its disk sync serve more of them.
        if batch.len() < GATHER_BELOW && last_commit.is_some_and(|at| at.elapsed() < STREAMING) {
            tokio::time::sleep(GATHER).await;
            while batch.len() < MAX_BATCH {
                match queue.try_recv() {
                    Ok(job) => batch.push(job),
                    Err(_) => break,
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
        set_busy(&busy_since, Some(Instant::now()));
        let answers = if inputs.is_empty() { Vec::new() } else { store_batch(&store, inputs).await };
        set_busy(&busy_since, None);
        last_commit = Some(Instant::now());
        // A job without an answer (there should be none) drops its reply: its sender hears an error.
        for (reply, answer) in replies.into_iter().zip(answers) {
            let _ = reply.send(answer);
        }
        // Everything queued before a flush was in this batch or an earlier one.
        for done in flushes {
            let _ = done.send(());
        }
    }
}

/// Stores one batch, measured (its size and how long its commit took).
async fn store_batch(store: &StoreBatch, inputs: Vec<(UserId, SendInput)>) -> Vec<Answer> {
    metrics::histogram!("hometutor_chat_writer_batch_size").record(inputs.len() as f64);
    let started = Instant::now();
    let answers = store(inputs).await;
    metrics::histogram!("hometutor_chat_writer_commit_seconds").record(started.elapsed().as_secs_f64());
    // A resend (same clientId) answers the stored message again: only new ones count.
    let stored = answers.iter().filter(|a| a.as_ref().is_ok_and(|sent| sent.new)).count();
    metrics::counter!("hometutor_chat_messages_stored_total").increment(stored as u64);
    answers
}

fn set_busy(busy_since: &StdMutex<Option<Instant>>, at: Option<Instant>) {
    if let Ok(mut busy) = busy_since.lock() {
        *busy = at;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_messaging::Message;

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

    #[actix_web::test]
    async fn a_writer_that_dies_is_replaced_and_chat_goes_on() {
        // A store that panics on the batch holding "boom" (in the writer task
        // itself, where nothing else would catch it) and stores everything else.
        let next_id = Rc::new(std::cell::Cell::new(0));
        let writer = ChatWriter::start_with(Rc::new(move |inputs: Vec<(UserId, SendInput)>| {
            let next_id = next_id.clone();
            Box::pin(async move {
                assert!(inputs.iter().all(|(_, i)| i.text != "boom"), "the store fell over");
                inputs
                    .iter()
                    .map(|(_, i)| {
                        next_id.set(next_id.get() + 1);
                        Ok(stored(next_id.get(), i))
                    })
                    .collect()
            })
        }));

        let first = writer.send(UserId(1), input("hello")).await.expect("stored");
        assert_eq!(first.message.text, "hello");

        let lost = writer.send(UserId(1), input("boom")).await;
        let err = lost.expect_err("a message whose batch died is never acknowledged");
        assert_eq!(err.status, actix_web::http::StatusCode::INTERNAL_SERVER_ERROR);

        let after = writer.send(UserId(1), input("still here")).await.expect("the new writer stores it");
        assert_eq!((after.message.text.as_str(), after.message.id), ("still here", 2));
    }

    #[actix_web::test]
    async fn a_flush_returns_once_what_was_queued_before_it_is_answered() {
        let (release, released) = tokio::sync::watch::channel(false);
        let writer = ChatWriter::start_with(Rc::new(move |inputs: Vec<(UserId, SendInput)>| {
            let mut released = released.clone();
            Box::pin(async move {
                // The batch commits only when the test says so.
                let _ = released.wait_for(|r| *r).await;
                inputs.iter().enumerate().map(|(n, (_, i))| Ok(stored(n as i64 + 1, i))).collect()
            })
        }));
        let queued = writer.enqueue(UserId(1), input("before the stop"));
        let flush = writer.flush();
        tokio::pin!(flush);
        assert!(futures_util::poll!(&mut flush).is_pending(), "the message is not stored yet");
        assert_eq!(writer.state(), WriterState::Running, "a batch in hand is not stuck");
        release.send_replace(true);
        flush.await;
        let stored = futures_util::poll!(Box::pin(queued));
        assert!(matches!(stored, std::task::Poll::Ready(Ok(_))), "answered before the flush returned");
    }

    #[actix_web::test]
    async fn while_messages_keep_coming_a_small_batch_waits_a_moment_for_more() {
        let sizes = Rc::new(std::cell::RefCell::new(Vec::new()));
        let (release, released) = tokio::sync::watch::channel(false);
        let recorded = sizes.clone();
        let writer = ChatWriter::start_with(Rc::new(move |inputs: Vec<(UserId, SendInput)>| {
            let (mut released, recorded) = (released.clone(), recorded.clone());
            Box::pin(async move {
                let _ = released.wait_for(|r| *r).await;
                recorded.borrow_mut().push(inputs.len());
                inputs.iter().enumerate().map(|(n, (_, i))| Ok(stored(n as i64 + 1, i))).collect()
            })
        }));
        // The first message finds no stream of messages: its batch is committed (here: held) alone.
        let first = writer.enqueue(UserId(1), input("first"));
        tokio::task::yield_now().await;
        let second = writer.enqueue(UserId(1), input("second"));
        release.send_replace(true);
        first.await.expect("stored");
        // One thread: the writer ran on from the first commit to "second" and, without the
        // gathering, would have committed it alone already. These two join it instead.
        let (third, fourth) = (writer.enqueue(UserId(1), input("third")), writer.enqueue(UserId(1), input("fourth")));
        for answer in [second.await, third.await, fourth.await] {
            answer.expect("stored");
        }
        assert_eq!(*sizes.borrow(), vec![1, 3]);
    }
}
