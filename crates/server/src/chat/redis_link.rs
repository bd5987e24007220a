//! The hub's link to Redis pub/sub, which carries frames between server processes
//! that share a database. It heals by itself: a process starts without Redis
//! (degraded: its sockets hear only what happens in this process, and health
//! says so), and whenever the link drops it reconnects with back-off (100 ms
//! doubling to 5 s). Nothing is queued for a Redis that is away: what is published
//! meanwhile is dropped, and once the link is back every client is told to catch
//! up (`resync`, answered with `join {userId, afterSeq}`), since every message is
//! stored before it is pushed.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use redis::AsyncCommands;
use tokio::sync::mpsc;

const FIRST_BACKOFF: Duration = Duration::from_millis(100);
const MAX_BACKOFF: Duration = Duration::from_secs(5);
/// How long connecting (at start-up, and each retry) and each publication may take.
const DEADLINE: Duration = Duration::from_secs(2);
/// Publications waiting for the link; more are dropped (the clients catch up instead).
const MAX_WAITING: usize = 4096;

pub struct RedisLink {
    publish: mpsc::Sender<String>,
    up: Arc<AtomicBool>,
}

/// What the hub does with the link's traffic.
pub struct Handlers {
    /// A payload another process published.
    pub received: Box<dyn Fn(String)>,
    /// The link is back after a gap (or joined after a degraded start): tell this
    /// process's clients to catch up, and return what to publish so the other
    /// processes tell theirs (they missed this process's publications).
    pub rejoined: Box<dyn Fn() -> String>,
}

impl RedisLink {
    /// Starts the link on `channel`. Waits up to `DEADLINE` for Redis, then carries
    /// on without it; fails only for a URL that cannot be a Redis URL.
    pub async fn start(url: &str, channel: String, handlers: Handlers) -> anyhow::Result<Self> {
        let client = redis::Client::open(url)?;
        let (publish, waiting) = mpsc::channel(MAX_WAITING);
        let up = Arc::new(AtomicBool::new(false));
        let first = connect(&client, &channel).await;
        match &first {
            Ok(_) => tracing::info!(%channel, "chat shares messages with other processes through Redis"),
            Err(e) => tracing::warn!(
                error = %e,
                "Redis is unreachable: chat is degraded to this process's own sockets until it answers"
            ),
        }
        actix_web::rt::spawn(run(client, channel, first.ok(), waiting, up.clone(), handlers));
        Ok(Self { publish, up })
    }

    /// Whether frames reach the other processes now.
    pub fn is_up(&self) -> bool {
        self.up.load(Ordering::Relaxed)
    }

    /// Hands a payload to the link; dropped when Redis is away or too much is waiting.
    pub fn publish(&self, payload: String) {
        if self.is_up() && self.publish.try_send(payload).is_err() {
            tracing::warn!("too many chat frames waiting for Redis; one dropped (clients catch up with join)");
        }
    }
}

type Connection = (redis::aio::MultiplexedConnection, redis::aio::PubSub);

async fn connect(client: &redis::Client, channel: &str) -> anyhow::Result<Connection> {
    let connecting = async {
        let publisher = client.get_multiplexed_async_connection().await?;
        let mut subscriber = client.get_async_pubsub().await?;
        subscriber.subscribe(channel).await?;
        Ok::<_, redis::RedisError>((publisher, subscriber))
    };
    Ok(tokio::time::timeout(DEADLINE, connecting).await??)
}

/// Keeps the link: serves while connected, reconnects with back-off when not;
/// ends when the hub is gone.
async fn run(
    client: redis::Client,
    channel: String,
    mut connected: Option<Connection>,
    mut waiting: mpsc::Receiver<String>,
    up: Arc<AtomicBool>,
    handlers: Handlers,
) {
    let mut gap = connected.is_none();
    let mut backoff = FIRST_BACKOFF;
    loop {
        if let Some((publisher, subscriber)) = connected.take() {
            // Whatever waited was meant for a link that is gone; `resync` replaces it.
            while waiting.try_recv().is_ok() {}
            up.store(true, Ordering::Relaxed);
            backoff = FIRST_BACKOFF;
            let mut announce = None;
            if gap {
                tracing::info!("Redis answers again: cross-process chat resumes and clients catch up");
                announce = Some((handlers.rejoined)());
            }
            let ended = serve(publisher, subscriber, &channel, &mut waiting, announce, &handlers).await;
            up.store(false, Ordering::Relaxed);
            match ended {
                Ended::HubGone => return,
                Ended::LinkLost => {
                    tracing::warn!("lost Redis: chat is degraded to this process's own sockets until it is back");
                    gap = true;
                }
            }
        }
        tokio::time::sleep(backoff).await;
        backoff = (backoff * 2).min(MAX_BACKOFF);
        match connect(&client, &channel).await {
            Ok(link) => connected = Some(link),
            Err(e) => tracing::debug!(error = %e, retry_in = ?backoff, "Redis still unreachable"),
        }
        if waiting.is_closed() {
            return;
        }
    }
}

enum Ended {
    LinkLost,
    HubGone,
}

async fn serve(
    mut publisher: redis::aio::MultiplexedConnection,
    subscriber: redis::aio::PubSub,
    channel: &str,
    waiting: &mut mpsc::Receiver<String>,
    announce: Option<String>,
    handlers: &Handlers,
) -> Ended {
    let mut messages = subscriber.into_on_message();
    let mut publish = async |payload: String| {
        let sent = tokio::time::timeout(DEADLINE, publisher.publish::<_, _, ()>(channel, payload)).await;
        matches!(sent, Ok(Ok(())))
    };
    if let Some(payload) = announce {
        if !publish(payload).await {
            return Ended::LinkLost;
        }
    }
    loop {
        tokio::select! {
            message = messages.next() => match message {
                Some(message) => match message.get_payload::<String>() {
                    Ok(payload) => (handlers.received)(payload),
                    Err(e) => tracing::warn!(error = %e, "unreadable chat frame on Redis"),
                },
                None => return Ended::LinkLost,
            },
            payload = waiting.recv() => match payload {
                Some(payload) => if !publish(payload).await { return Ended::LinkLost },
                None => return Ended::HubGone,
            },
        }
    }
}
