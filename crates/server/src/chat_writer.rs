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
/// Messages waiting to be stored before senders wait for room (back-pressure).
const QUEUE: usize = 16 * 1024;

type Job = (UserId, SendInput, oneshot::Sender<Result<Sent, ApiError>>);

pub struct ChatWriter {
    jobs: mpsc::Sender<Job>,
}

impl ChatWriter {
    /// Starts the writer task on the current (actix) runtime.
    pub fn start(store: MessageStore) -> Self {
        let (jobs, mut queue) = mpsc::channel::<Job>(QUEUE);
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
        let (reply, answer) = oneshot::channel();
        self.jobs.send((from, input, reply)).await.map_err(|_| ApiError::internal("the chat writer stopped"))?;
        answer.await.map_err(|_| ApiError::internal("the chat writer dropped a message"))?
    }
}
