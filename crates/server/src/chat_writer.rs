//! Group commit for chat: every message to store goes through one writer task,
//! which takes what has queued up (up to a batch) and stores it in one database
//! transaction, so many messages share one disk sync. A sender hears back (its
//! `ack`) only after the transaction holding its message committed. While one
//! batch commits, the next one gathers: the busier the chat, the bigger the batch.

use actix_web::web;
use hometutor_core::UserId;
use hometutor_messaging::{MessageStore, SendInput, Sent};
use tokio::sync::{mpsc, oneshot};

use crate::errors::ApiError;

/// Most messages stored in one transaction.
const MAX_BATCH: usize = 512;

type Job = (UserId, SendInput, oneshot::Sender<Result<Sent, ApiError>>);

/// The queue is unbounded here; what bounds it is each socket's limit on
/// messages awaiting their ack (see `ws/mod.rs`) and the REST handlers' one each.
#[derive(Clone)]
pub struct ChatWriter {
    jobs: mpsc::UnboundedSender<Job>,
}

impl ChatWriter {
    /// Starts the writer task on the current (actix) runtime.
    pub fn start(store: MessageStore) -> Self {
        let (jobs, mut queue) = mpsc::unbounded_channel::<Job>();
        actix_web::rt::spawn(async move {
            let mut batch: Vec<Job> = Vec::with_capacity(MAX_BATCH);
            while queue.recv_many(&mut batch, MAX_BATCH).await > 0 {
                let inputs: Vec<(UserId, SendInput)> =
                    batch.iter().map(|(from, input, _)| (*from, input.clone())).collect();
                let store = store.clone();
                let answers = web::block(move || store.send_many(&inputs)).await;
                match answers {
                    Ok(answers) => {
                        for ((_, _, reply), answer) in batch.drain(..).zip(answers) {
                            let _ = reply.send(answer.map_err(ApiError::from));
                        }
                    }
                    Err(e) => {
                        let message = e.to_string();
                        for (_, _, reply) in batch.drain(..) {
                            let _ = reply.send(Err(ApiError::internal(&message)));
                        }
                    }
                }
            }
        });
        Self { jobs }
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
        let queued = self.jobs.send((from, input, reply));
        async move {
            queued.map_err(|_| ApiError::internal("the chat writer stopped"))?;
            answer.await.map_err(|_| ApiError::internal("the chat writer dropped a message"))?
        }
    }
}
