//! Routes frames to users' sockets: in this process, and, with `REDIS_URL`, through
//! Redis pub/sub (see `redis_link`) to the sockets other server processes hold.
//! Delivering only queues a frame in each socket's bounded outbox, so a slow
//! client never holds up the hub or anyone else.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use hometutor_core::UserId;
use hometutor_messaging::Message;
use serde::{Deserialize, Serialize};
use tokio::sync::watch;

use super::outbox::{OutFrame, Outbox};
use super::protocol::{Resync, ServerEvent};
use super::redis_link::{Handlers, RedisLink};

/// Sockets one account may hold open in one process (a person with a phone, a
/// laptop and a few tabs); the next upgrade is refused with 429 `too_many_sockets`.
pub const MAX_SOCKETS_PER_ACCOUNT: usize = 10;

/// The gauge of chat sockets open in this process: up on registering, down when the registration is dropped.
const OPEN_SOCKETS: &str = "hometutor_websockets_open";

/// What the hub hands a socket: a frame to send, or the order to close.
#[derive(Debug, Clone)]
pub enum Outgoing {
    Frame(OutFrame),
    /// Every socket of the user (`None`: the account was deactivated, deleted or
    /// its password changed) or those opened under one token (it was logged out).
    Close(Option<String>),
}

/// The close frame a socket gets when its session ends: the client should not
/// reconnect with the same credentials.
fn session_ended() -> actix_http::ws::CloseReason {
    actix_http::ws::CloseReason { code: actix_http::ws::CloseCode::Policy, description: Some("Session ended".into()) }
}

/// One open socket in this process.
struct Socket {
    id: u64,
    /// The jti of the token the socket was opened with (a logout closes it).
    session: Option<String>,
    outbox: Arc<Outbox>,
}

/// Open sockets by user, in this process.
struct LocalSockets {
    sockets: Mutex<HashMap<i64, Vec<Socket>>>,
    next_id: AtomicU64,
    /// Sockets whose connection is still open (a socket's writer outlives its registration
    /// by its close frame): a stopping server waits for them, see [`Hub::until_connections_closed`].
    connections: watch::Sender<usize>,
}

impl Default for LocalSockets {
    fn default() -> Self {
        Self { sockets: Mutex::default(), next_id: AtomicU64::default(), connections: watch::channel(0).0 }
    }
}

impl LocalSockets {
    /// Queues `out` for every socket of `user` here (of everyone when `None`), except `skip`.
    fn deliver(&self, user: Option<UserId>, out: &Outgoing, skip: Option<u64>) {
        let Ok(sockets) = self.sockets.lock() else { return };
        let targets: Box<dyn Iterator<Item = &Socket>> = match user {
            Some(user) => Box::new(sockets.get(&user.0).into_iter().flatten()),
            None => Box::new(sockets.values().flatten()),
        };
        for socket in targets.filter(|s| Some(s.id) != skip) {
            match out {
                Outgoing::Frame(frame) => socket.outbox.text(frame.clone()),
                Outgoing::Close(only) if only.is_none() || *only == socket.session => {
                    socket.outbox.close(Some(session_ended()))
                }
                Outgoing::Close(_) => {}
            }
        }
    }

    fn unregister(&self, user: UserId, id: u64) {
        if let Ok(mut sockets) = self.sockets.lock() {
            if let Some(list) = sockets.get_mut(&user.0) {
                list.retain(|socket| socket.id != id);
                if list.is_empty() {
                    sockets.remove(&user.0);
                }
            }
        }
    }
}

/// A socket's place in the hub; leaving it (drop) takes the socket out.
pub struct Registration {
    local: Arc<LocalSockets>,
    user: UserId,
    pub id: u64,
    pub outbox: Arc<Outbox>,
    /// Turns true when the server stops: the socket finishes and closes with 1001.
    pub going_away: watch::Receiver<bool>,
}

impl Registration {
    /// Counts the socket's connection as open until the returned guard is dropped.
    pub fn connection(&self) -> Connection {
        self.local.connections.send_modify(|open| *open += 1);
        Connection(self.local.clone())
    }
}

/// A socket's connection, open while this lives.
pub struct Connection(Arc<LocalSockets>);

impl Drop for Connection {
    fn drop(&mut self) {
        self.0.connections.send_modify(|open| *open -= 1);
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        self.local.unregister(self.user, self.id);
        metrics::gauge!(OPEN_SOCKETS).decrement(1.0);
    }
}

pub struct Hub {
    local: Arc<LocalSockets>,
    /// This process's name on the shared channel, so it skips its own publications.
    process: String,
    redis: Option<RedisLink>,
    /// Set once, when the server stops (see [`Hub::go_away`]).
    going_away: watch::Sender<bool>,
}

/// A delivery shared with the other processes through Redis.
#[derive(Serialize, Deserialize)]
struct Envelope {
    origin: String,
    /// `None`: every connected user.
    user: Option<i64>,
    /// `None`: close the user's sockets (those of `session` only, when given).
    frame: Option<String>,
    #[serde(default)]
    session: Option<String>,
    /// The id of the message a `newMessage` frame carries.
    #[serde(default)]
    message: Option<i64>,
}

impl Envelope {
    fn outgoing(&self) -> Outgoing {
        match &self.frame {
            Some(text) => Outgoing::Frame(OutFrame { text: text.as_str().into(), message: self.message }),
            None => Outgoing::Close(self.session.clone()),
        }
    }
}

impl Hub {
    pub fn in_process() -> Self {
        Self {
            local: Arc::default(),
            process: uuid::Uuid::new_v4().to_string(),
            redis: None,
            going_away: watch::channel(false).0,
        }
    }

    /// Shares frames with the other processes on `channel` through Redis at `url`;
    /// starts degraded (local only) when Redis does not answer, and joins when it does.
    pub async fn with_redis(url: &str, channel: String) -> anyhow::Result<Self> {
        let hub = Self::in_process();
        let (local, process) = (hub.local.clone(), hub.process.clone());
        let received = Box::new(move |payload: String| match serde_json::from_str::<Envelope>(&payload) {
            Ok(envelope) if envelope.origin != process => {
                local.deliver(envelope.user.map(UserId), &envelope.outgoing(), None)
            }
            Ok(_) => {}
            Err(e) => tracing::warn!(error = %e, "malformed chat frame on Redis"),
        });
        let (local, process) = (hub.local.clone(), hub.process.clone());
        let rejoined = Box::new(move || {
            // Frames may have been missed while the link was down: every client catches up.
            let out = Outgoing::Frame(ServerEvent::Resync(Resync {}).into());
            local.deliver(None, &out, None);
            envelope(&process, None, &out)
        });
        let link = RedisLink::start(url, channel, Handlers { received, rejoined }).await?;
        Ok(Self { redis: Some(link), ..hub })
    }

    /// `None` without `REDIS_URL`; else whether the link to the other processes is up.
    pub fn redis_connected(&self) -> Option<bool> {
        self.redis.as_ref().map(RedisLink::is_up)
    }

    /// A place for a new socket of `user` (opened with the token whose jti is
    /// `session`); `None` when the account already holds `MAX_SOCKETS_PER_ACCOUNT` here.
    pub fn register(&self, user: UserId, session: Option<String>) -> Option<Registration> {
        let mut sockets = self.local.sockets.lock().ok()?;
        let list = sockets.entry(user.0).or_default();
        if list.len() >= MAX_SOCKETS_PER_ACCOUNT {
            return None;
        }
        let id = self.local.next_id.fetch_add(1, Ordering::Relaxed);
        let outbox = Arc::new(Outbox::default());
        list.push(Socket { id, session, outbox: outbox.clone() });
        metrics::gauge!(OPEN_SOCKETS).increment(1.0);
        Some(Registration { local: self.local.clone(), user, id, outbox, going_away: self.going_away.subscribe() })
    }

    /// The server is stopping: every socket of this process (and any opened from now
    /// on) answers the events it already read, then closes with 1001 "going away", so
    /// its client reconnects, through the balancer, to a process that stays.
    pub fn go_away(&self) {
        self.going_away.send_replace(true);
    }

    /// Resolves once every socket's connection in this process is closed. Sockets run
    /// as tasks of their own, not as the server's connections (see `upgrades`): a
    /// stopping server waits here, after [`Hub::go_away`], before it stops its workers.
    pub async fn until_connections_closed(&self) {
        let _ = self.local.connections.subscribe().wait_for(|open| *open == 0).await;
    }

    /// Sends a frame to every socket of `user`, here (except `skip`) and in other processes.
    pub(super) fn deliver(&self, user: UserId, frame: OutFrame, skip: Option<u64>) {
        self.share(Some(user), Outgoing::Frame(frame), skip);
    }

    /// Pushes a newly stored message (`newMessage`) to the recipient's sockets and the
    /// sender's, but for `from_socket`, the sender's socket that sent it (it gets an `ack`).
    pub fn push_message(&self, message: &Message, from_socket: Option<u64>) {
        let frame = OutFrame::from(ServerEvent::NewMessage(message.clone().into()));
        self.deliver(message.to, frame.clone(), None);
        if message.to != message.from {
            self.deliver(message.from, frame, from_socket);
        }
    }

    /// Pushes a committed notification (`notification`) to every socket of its user, in every process.
    pub fn push_notification(&self, notification: &hometutor_notifications::Notification) {
        let frame = OutFrame::from(ServerEvent::Notification(notification.into()));
        self.deliver(UserId(notification.user_id), frame, None);
    }

    /// Sends an event to every connected user, in every process.
    pub fn broadcast(&self, event: ServerEvent) {
        self.share(None, Outgoing::Frame(event.into()), None);
    }

    /// Closes every socket of `user`, in every process (a deactivated or deleted
    /// account, a changed password).
    pub fn disconnect(&self, user: UserId) {
        self.share(Some(user), Outgoing::Close(None), None);
    }

    /// Closes the sockets `user` opened with the token whose jti is `session`, in every process (logout).
    pub fn end_session(&self, user: UserId, session: &str) {
        self.share(Some(user), Outgoing::Close(Some(session.to_string())), None);
    }

    fn share(&self, user: Option<UserId>, out: Outgoing, skip: Option<u64>) {
        self.local.deliver(user, &out, skip);
        if let Some(redis) = &self.redis {
            redis.publish(envelope(&self.process, user, &out));
        }
    }
}

fn envelope(process: &str, user: Option<UserId>, out: &Outgoing) -> String {
    let (frame, message, session) = match out {
        Outgoing::Frame(f) => (Some(f.text.to_string()), f.message, None),
        Outgoing::Close(session) => (None, None, session.clone()),
    };
    let envelope = Envelope { origin: process.to_string(), user: user.map(|u| u.0), frame, message, session };
    serde_json::to_string(&envelope).unwrap_or_default()
}
