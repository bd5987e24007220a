//! The chat WebSocket (`GET /api/ws?ticket=…`, DESIGN.md §5). A message is stored
//! first (MessageStore), acknowledged to its sender, then pushed through the hub to
//! every open socket of the recipient (and the sender's other sockets). A client
//! that was away asks, with `join {userId, afterSeq}`, for what it missed.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::AggregatedMessage;
use bytestring::ByteString;
use futures_util::future::LocalBoxFuture;
use futures_util::stream::FuturesOrdered;
use futures_util::StreamExt;
use hometutor_core::UserId;
use hometutor_messaging::{Message, SendInput, TicketHolder};
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tokio::sync::mpsc;

use crate::errors::{blocking, ApiError};
use crate::state::AppState;

const PING_EVERY: Duration = Duration::from_secs(15);
/// A socket that has said nothing (not even a pong) for this long is closed.
const SILENCE_LIMIT: Duration = Duration::from_secs(45);
/// Largest accepted event, in bytes: a 2,000-character message fits with room to spare.
const MAX_EVENT_BYTES: usize = 16 * 1024;
/// Events per socket are limited per this window (CHAT_RATE_LIMIT, 30 by default); more get an `error` event.
const RATE_WINDOW: Duration = Duration::from_secs(10);
/// Events one socket may have waiting for their answer (messages waiting for their batch to commit).
const MAX_IN_FLIGHT: usize = 64;

/// A text frame for a socket. A `newMessage` frame carries its message's id, so
/// a socket sends each message once (see `Seen`). Cloning it shares the text.
#[derive(Debug, Clone)]
struct OutFrame {
    text: ByteString,
    message: Option<i64>,
}

impl OutFrame {
    fn event(event: &str, data: impl Serialize) -> Self {
        Self { text: frame(event, data).into(), message: None }
    }

    fn new_message(m: &Message) -> Self {
        Self { text: frame("newMessage", MessageData::of(m)).into(), message: Some(m.id) }
    }
}

/// What the hub hands a socket: a frame to send, or the order to close.
#[derive(Debug, Clone)]
enum Outgoing {
    Frame(OutFrame),
    /// Every socket of the user (`None`: the account was deactivated, deleted or
    /// its password changed) or those opened under one token (it was logged out).
    Close(Option<String>),
}

/// The close frame a socket gets when its session ends: the client should not
/// reconnect with the same credentials.
fn session_ended() -> actix_ws::CloseReason {
    actix_ws::CloseReason { code: actix_ws::CloseCode::Policy, description: Some("Session ended".into()) }
}

/// One open socket: its id in this process and where its outgoing frames go.
type SocketSender = (u64, mpsc::UnboundedSender<Outgoing>);

/// Open sockets by user, in this process.
#[derive(Default)]
struct LocalSockets {
    sockets: Mutex<HashMap<i64, Vec<SocketSender>>>,
    next_id: AtomicU64,
}

impl LocalSockets {
    /// Sends to every socket of `user` here (of everyone when `None`), except `skip`.
    fn deliver(&self, user: Option<UserId>, out: &Outgoing, skip: Option<u64>) {
        if let Ok(sockets) = self.sockets.lock() {
            let targets: Box<dyn Iterator<Item = &SocketSender>> = match user {
                Some(user) => Box::new(sockets.get(&user.0).into_iter().flatten()),
                None => Box::new(sockets.values().flatten()),
            };
            for (id, tx) in targets {
                if Some(*id) != skip {
                    let _ = tx.send(out.clone());
                }
            }
        }
    }
}

/// Routes frames to users' sockets: in this process, and, with `REDIS_URL`, through
/// Redis pub/sub to the sockets other server processes hold.
pub struct Hub {
    local: Arc<LocalSockets>,
    /// This process's name on the shared channel, so it skips its own publications.
    process: String,
    publish: Option<mpsc::UnboundedSender<String>>,
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
        Self { local: Arc::default(), process: uuid::Uuid::new_v4().to_string(), publish: None }
    }

    /// Joins `channel` on Redis; fails within seconds when Redis does not answer.
    pub async fn with_redis(url: &str, channel: String) -> anyhow::Result<Self> {
        let hub = Self::in_process();
        let client = redis::Client::open(url)?;
        let limit = Duration::from_secs(5);
        let mut publisher = tokio::time::timeout(limit, client.get_multiplexed_async_connection()).await??;
        let mut subscriber = tokio::time::timeout(limit, client.get_async_pubsub()).await??;
        subscriber.subscribe(&channel).await?;

        let (tx, mut rx) = mpsc::unbounded_channel::<String>();
        let publish_channel = channel.clone();
        actix_web::rt::spawn(async move {
            while let Some(payload) = rx.recv().await {
                let sent: redis::RedisResult<()> = publisher.publish(&publish_channel, payload).await;
                if let Err(e) = sent {
                    tracing::warn!(error = %e, "publishing a chat frame to Redis");
                }
            }
        });
        let (local, process) = (hub.local.clone(), hub.process.clone());
        actix_web::rt::spawn(async move {
            let mut messages = subscriber.into_on_message();
            while let Some(message) = messages.next().await {
                let Ok(payload) = message.get_payload::<String>() else { continue };
                match serde_json::from_str::<Envelope>(&payload) {
                    Ok(envelope) if envelope.origin != process => {
                        local.deliver(envelope.user.map(UserId), &envelope.outgoing(), None)
                    }
                    Ok(_) => {}
                    Err(e) => tracing::warn!(error = %e, "malformed chat frame on Redis"),
                }
            }
            tracing::error!("the Redis chat subscription ended; messages from other processes no longer arrive here");
        });
        tracing::info!(%channel, "chat shares messages with other processes through Redis");
        Ok(Self { publish: Some(tx), ..hub })
    }

    fn register(&self, user: UserId) -> (u64, mpsc::UnboundedReceiver<Outgoing>) {
        let (tx, rx) = mpsc::unbounded_channel();
        let id = self.local.next_id.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut sockets) = self.local.sockets.lock() {
            sockets.entry(user.0).or_default().push((id, tx));
        }
        (id, rx)
    }

    fn unregister(&self, user: UserId, id: u64) {
        if let Ok(mut sockets) = self.local.sockets.lock() {
            if let Some(list) = sockets.get_mut(&user.0) {
                list.retain(|(socket, _)| *socket != id);
                if list.is_empty() {
                    sockets.remove(&user.0);
                }
            }
        }
    }

    /// Sends a frame to every socket of `user`, here (except `skip`) and in other processes.
    fn deliver(&self, user: UserId, frame: OutFrame, skip: Option<u64>) {
        self.share(Some(user), Outgoing::Frame(frame), skip);
    }

    /// Sends an event to every connected user, in every process.
    pub fn broadcast(&self, event: &str, data: Value) {
        self.share(None, Outgoing::Frame(OutFrame::event(event, data)), None);
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
        if let Some(publish) = &self.publish {
            let (frame, message, session) = match &out {
                Outgoing::Frame(f) => (Some(f.text.to_string()), f.message, None),
                Outgoing::Close(session) => (None, None, session.clone()),
            };
            let envelope = Envelope { origin: self.process.clone(), user: user.map(|u| u.0), frame, message, session };
            if let Ok(payload) = serde_json::to_string(&envelope) {
                let _ = publish.send(payload);
            }
        }
    }
}

/// Pushes a newly stored message to the recipient's sockets and the sender's (other) sockets.
pub(crate) fn push_new_message(hub: &Hub, message: &Message, from_socket: Option<u64>) {
    let new_message = OutFrame::new_message(message);
    hub.deliver(message.to, new_message.clone(), None);
    if message.to != message.from {
        hub.deliver(message.from, new_message, from_socket);
    }
}

/// `{"event": …, "data": …}`, the shape of every frame (DESIGN.md §5).
fn frame(event: &str, data: impl Serialize) -> String {
    #[derive(Serialize)]
    struct Frame<'a, T> {
        event: &'a str,
        data: T,
    }
    serde_json::to_string(&Frame { event, data }).unwrap_or_default()
}

/// A message as frames carry it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct MessageData<'a> {
    id: i64,
    seq: i64,
    from: Sender<'a>,
    to: i64,
    text: &'a str,
    request_id: Option<i64>,
    client_id: Option<&'a str>,
    created_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Serialize)]
struct Sender<'a> {
    id: i64,
    name: &'a str,
}

impl<'a> MessageData<'a> {
    fn of(m: &'a Message) -> Self {
        Self {
            id: m.id,
            seq: m.seq,
            from: Sender { id: m.from.0, name: &m.from_name },
            to: m.to.0,
            text: &m.text,
            request_id: m.request_id,
            client_id: m.client_id.as_deref(),
            created_at: m.created_at.and_utc(),
        }
    }
}

#[derive(Deserialize)]
pub struct TicketQuery {
    pub ticket: Option<String>,
}

/// Upgrades to a WebSocket for the ticket's user; a browser page from another site is refused.
pub async fn connect(
    req: HttpRequest,
    body: web::Payload,
    state: web::Data<AppState>,
    query: web::Query<TicketQuery>,
) -> Result<HttpResponse, actix_web::Error> {
    if let Some(origin) = req.headers().get("origin").and_then(|o| o.to_str().ok()) {
        if origin.trim_end_matches('/') != state.public_url {
            return Err(ApiError::new(
                actix_web::http::StatusCode::FORBIDDEN,
                "bad_origin",
                "Cross-site WebSocket refused.",
            )
            .into());
        }
    }
    let ticket = query.into_inner().ticket.unwrap_or_default();
    let tickets = state.tickets.clone();
    let holder = blocking(move || tickets.redeem(&ticket)).await?.ok_or_else(ApiError::unauthenticated)?;
    let (response, session, stream) = actix_ws::handle(&req, body)?;
    let stream = stream.max_frame_size(64 * 1024).aggregate_continuations().max_continuation_size(64 * 1024);
    actix_web::rt::spawn(run(state, holder, session, stream));
    Ok(response)
}

async fn run(
    state: web::Data<AppState>,
    holder: TicketHolder,
    mut session: actix_ws::Session,
    mut stream: actix_ws::AggregatedMessageStream,
) {
    let me = holder.user;
    let (socket, mut outbox) = state.hub.register(me);
    let mut close = None;
    // Each socket's heartbeat starts at its own moment within the period, so sockets
    // opened together (a server restart, a load generator) do not all ping at once.
    let first_ping = PING_EVERY.mul_f64(rand::random::<f64>());
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + first_ping, PING_EVERY);
    let mut last_heard = Instant::now();
    let (mut window_start, mut events) = (Instant::now(), 0u32);
    let mut seen = Seen::default();
    // Answers to this socket's events, in the order the events came.
    let mut pending: FuturesOrdered<LocalBoxFuture<'static, Answer>> = FuturesOrdered::new();
    loop {
        tokio::select! {
            // A socket with MAX_IN_FLIGHT events unanswered is not read until one is answered.
            incoming = stream.recv(), if pending.len() < MAX_IN_FLIGHT => {
                let Some(Ok(msg)) = incoming else { break };
                last_heard = Instant::now();
                match msg {
                    AggregatedMessage::Text(text) => {
                        if window_start.elapsed() > RATE_WINDOW {
                            (window_start, events) = (Instant::now(), 0);
                        }
                        events += 1;
                        if events > state.chat_rate_limit {
                            let reply = vec![OutFrame::event("error", json!({"message": "Too many messages; please slow down."}))];
                            pending.push_back(Box::pin(std::future::ready(reply.into())));
                        } else if text.len() > MAX_EVENT_BYTES {
                            let reply = vec![OutFrame::event(
                                "error",
                                json!({"message": "Message is too long (at most 2000 characters)."}),
                            )];
                            pending.push_back(Box::pin(std::future::ready(reply.into())));
                        } else {
                            pending.push_back(dispatch(&state, me, &text));
                        }
                    }
                    AggregatedMessage::Ping(bytes) => {
                        if session.pong(&bytes).await.is_err() { break }
                    }
                    AggregatedMessage::Close(_) => break,
                    AggregatedMessage::Pong(_) | AggregatedMessage::Binary(_) => {}
                }
            }
            Some(answer) = pending.next(), if !pending.is_empty() => {
                if let Some(message) = &answer.stored {
                    push_new_message(&state.hub, message, Some(socket));
                }
                let mut closed = false;
                for reply in answer.frames.into_iter().filter(|r| seen.first_time(r.message)) {
                    closed |= session.text(reply.text).await.is_err();
                }
                if closed { break }
            }
            Some(out) = outbox.recv() => match out {
                Outgoing::Frame(out) => {
                    if seen.first_time(out.message) && session.text(out.text).await.is_err() { break }
                }
                Outgoing::Close(only) => {
                    if only.is_none() || only == holder.session {
                        close = Some(session_ended());
                        break;
                    }
                }
            },
            _ = ping.tick() => {
                if last_heard.elapsed() > SILENCE_LIMIT || session.ping(b"").await.is_err() { break }
            }
        }
    }
    state.hub.unregister(me, socket);
    let _ = session.close(close).await;
}

/// The messages this socket was recently sent: one that arrives live while a `join`
/// catch-up also returns it goes out only once.
#[derive(Default)]
struct Seen {
    ids: std::collections::HashSet<i64>,
    order: std::collections::VecDeque<i64>,
}

impl Seen {
    const REMEMBER: usize = 4096;

    /// Whether to send a frame carrying `message` (`None`: not a message, always sent).
    fn first_time(&mut self, message: Option<i64>) -> bool {
        let Some(id) = message else { return true };
        if !self.ids.insert(id) {
            return false;
        }
        self.order.push_back(id);
        if self.order.len() > Self::REMEMBER {
            if let Some(old) = self.order.pop_front() {
                self.ids.remove(&old);
            }
        }
        true
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Event {
    event: String,
    #[serde(default)]
    data: Value,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SendMessage {
    to: i64,
    #[serde(default)]
    text: String,
    request_id: Option<i64>,
    client_id: Option<String>,
}

/// Answers one client event. A `sendMessage` is queued for storage at once (so a
/// socket's messages keep their order) and its ack comes when its batch commits;
/// the socket meanwhile reads on. Other events are answered in turn.
fn dispatch(state: &web::Data<AppState>, me: UserId, text: &str) -> LocalBoxFuture<'static, Answer> {
    if let Some(refused) = crate::input::chat_frame_refusal(text) {
        return Box::pin(std::future::ready(vec![OutFrame::event("error", refused)].into()));
    }
    let Ok(event) = serde_json::from_str::<Event>(text) else {
        let reply = vec![OutFrame::event("error", json!({"message": "Expected {\"event\": …, \"data\": …}."}))];
        return Box::pin(std::future::ready(reply.into()));
    };
    if event.event == "sendMessage" {
        return send_message(state, me, event.data);
    }
    let state = state.clone();
    Box::pin(async move { handle(&state, me, event).await.into() })
}

/// The answer to one client event: frames for this socket and, for a newly
/// stored message, that message. The socket takes answers in the order the
/// events came and only then pushes the message to its recipient, so one
/// sender's messages arrive in the order they were sent, whichever of their
/// futures happened to be polled first when a batch's answers came in.
struct Answer {
    frames: Vec<OutFrame>,
    stored: Option<Message>,
}

impl From<Vec<OutFrame>> for Answer {
    fn from(frames: Vec<OutFrame>) -> Self {
        Self { frames, stored: None }
    }
}

fn send_message(state: &web::Data<AppState>, me: UserId, data: Value) -> LocalBoxFuture<'static, Answer> {
    let Ok(send) = serde_json::from_value::<SendMessage>(data) else {
        let reply = vec![OutFrame::event(
            "error",
            json!({"message": "sendMessage {to, text, clientId} is missing or malformed."}),
        )];
        return Box::pin(std::future::ready(reply.into()));
    };
    let client_id = send.client_id.clone();
    let input =
        SendInput { to: UserId(send.to), text: send.text, request_id: send.request_id, client_id: send.client_id };
    let stored = state.chat_writer.enqueue(me, input);
    Box::pin(async move {
        match stored.await {
            Ok(sent) => {
                let ack = json!({"clientId": client_id, "id": sent.message.id, "seq": sent.message.seq});
                Answer { frames: vec![OutFrame::event("ack", ack)], stored: sent.new.then_some(sent.message) }
            }
            Err(e) => vec![OutFrame::event(
                "error",
                json!({"message": e.body.message, "code": e.body.code, "clientId": client_id}),
            )]
            .into(),
        }
    })
}

/// Acts on an event other than `sendMessage`; returns the frames for this socket.
async fn handle(state: &web::Data<AppState>, me: UserId, event: Event) -> Vec<OutFrame> {
    let bad =
        |what: &str| vec![OutFrame::event("error", json!({"message": format!("{what} is missing or malformed.")}))];
    let store = state.messages.clone();
    match event.event.as_str() {
        "typing" => {
            let Some(to) = event.data["to"].as_i64() else { return bad("typing {to, isTyping}") };
            let typing = event.data["isTyping"].as_bool().unwrap_or(false);
            // Someone who blocked me does not see me typing either.
            match blocking(move || store.has_blocked(UserId(to), me)).await {
                Ok(false) => {}
                Ok(true) => return Vec::new(),
                Err(e) => return vec![OutFrame::event("error", json!({"message": e.body.message}))],
            }
            state.hub.deliver(
                UserId(to),
                OutFrame::event("userTyping", json!({"userId": me.0, "isTyping": typing})),
                None,
            );
            Vec::new()
        }
        "read" => {
            let Some(partner) = event.data["partnerId"].as_i64() else { return bad("read {partnerId}") };
            match blocking(move || store.mark_read(me, UserId(partner))).await {
                Ok(()) => Vec::new(),
                Err(e) => vec![OutFrame::event("error", json!({"message": e.body.message}))],
            }
        }
        "join" => {
            // Catch-up after a reconnect: everything after the last seq this client saw, to this socket.
            let Some(partner) = event.data["userId"].as_i64() else { return Vec::new() };
            let after = event.data["afterSeq"].as_i64().unwrap_or(0);
            match blocking(move || store.since(me, UserId(partner), after)).await {
                Ok(missed) => missed.iter().map(OutFrame::new_message).collect(),
                Err(e) => vec![OutFrame::event("error", json!({"message": e.body.message}))],
            }
        }
        other => vec![OutFrame::event("error", json!({"message": format!("Unknown event '{other}'.")}))],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_goes_to_a_socket_once_other_frames_always() {
        let mut seen = Seen::default();
        assert!(seen.first_time(Some(7)));
        assert!(!seen.first_time(Some(7)), "the catch-up copy of a live message is dropped");
        assert!(seen.first_time(Some(8)));
        assert!(seen.first_time(None) && seen.first_time(None), "other frames always go out");
    }

    #[test]
    fn a_message_frame_has_the_protocol_shape() {
        let message = Message {
            id: 7,
            seq: 3,
            from: UserId(1),
            from_name: "Asha".into(),
            to: UserId(2),
            text: "hi \"there\"".into(),
            request_id: None,
            client_id: Some("c-1".into()),
            created_at: chrono::DateTime::from_timestamp(1_700_000_000, 0).map(|t| t.naive_utc()).unwrap_or_default(),
        };
        let frame: Value = serde_json::from_str(&OutFrame::new_message(&message).text).expect("JSON");
        assert_eq!(
            frame,
            json!({"event": "newMessage", "data": {
                "id": 7, "seq": 3, "from": {"id": 1, "name": "Asha"}, "to": 2, "text": "hi \"there\"",
                "requestId": null, "clientId": "c-1", "createdAt": "2023-11-14T22:13:20Z"
            }})
        );
    }
}
