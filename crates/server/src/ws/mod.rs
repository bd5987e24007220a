//! The chat WebSocket (`GET /api/ws?ticket=…`, DESIGN.md §5). A message is stored
//! first (MessageStore), acknowledged to its sender, then pushed through the hub to
//! every open socket of the recipient (and the sender's other sockets). A client
//! that was away asks, with `join {userId, afterSeq}`, for what it missed.
//!
//! Beyond the message events, the server may say:
//! - `resync {}`: frames may have been missed (the Redis link between processes was
//!   down); the client sends `join {userId, afterSeq}` for each open conversation.
//! - close 1008 (policy): the session ended (logout, password change, deactivation);
//!   do not reconnect with the same credentials.
//! - close 4000: the socket fell behind (its client did not read; see `outbox`);
//!   reconnect at once and `join {afterSeq}`.
//! - HTTP 429 `too_many_sockets` instead of the upgrade: the account already holds
//!   `MAX_SOCKETS_PER_ACCOUNT` sockets in this process.
//!
//! Client events count against the account's chat rate limit (`chat_limit`), shared
//! with `POST /api/messages`; past it, an `error` event with code `rate_limited`.

mod hub;
mod outbox;
mod redis_link;

use std::time::{Duration, Instant};

use actix_web::{web, HttpRequest, HttpResponse};
use actix_ws::AggregatedMessage;
use futures_util::future::LocalBoxFuture;
use futures_util::stream::FuturesOrdered;
use futures_util::StreamExt;
use hometutor_core::UserId;
use hometutor_messaging::{Message, SendInput, TicketHolder};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

pub use hub::{Hub, MAX_SOCKETS_PER_ACCOUNT};

use crate::errors::{blocking, ApiError};
use crate::state::AppState;
use outbox::OutFrame;

const PING_EVERY: Duration = Duration::from_secs(15);
/// A socket that has said nothing (not even a pong) for this long is closed.
const SILENCE_LIMIT: Duration = Duration::from_secs(45);
/// Largest accepted event, in bytes: a 2,000-character message fits with room to spare.
const MAX_EVENT_BYTES: usize = 16 * 1024;
/// Events one socket may have waiting for their answer (messages waiting for their batch to commit).
const MAX_IN_FLIGHT: usize = 64;

impl OutFrame {
    fn event(event: &str, data: impl Serialize) -> Self {
        Self { text: frame(event, data).into(), message: None }
    }

    fn new_message(m: &Message) -> Self {
        Self { text: frame("newMessage", MessageData::of(m)).into(), message: Some(m.id) }
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

/// Upgrades to a WebSocket for the ticket's user; a browser page from another site
/// is refused, and so is an account that already holds `MAX_SOCKETS_PER_ACCOUNT` sockets here.
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
                crate::errors::ErrorCode::BadOrigin,
                "Cross-site WebSocket refused.",
            )
            .into());
        }
    }
    let ticket = query.into_inner().ticket.unwrap_or_default();
    let tickets = state.tickets.clone();
    let holder = blocking(move || tickets.redeem(&ticket)).await?.ok_or_else(ApiError::unauthenticated)?;
    // Registered before the upgrade, so the limit is answered as plain HTTP and two
    // handshakes at once cannot both take the last place.
    let Some(registration) = state.hub.register(holder.user, holder.session.clone()) else {
        let mut error = ApiError::new(
            actix_web::http::StatusCode::TOO_MANY_REQUESTS,
            crate::errors::ErrorCode::TooManySockets,
            format!("At most {MAX_SOCKETS_PER_ACCOUNT} chat connections per account; close another tab or device."),
        );
        error.retry_after = Some(PING_EVERY.as_secs());
        return Err(error.into());
    };
    let (response, session, stream) = actix_ws::handle(&req, body)?;
    let stream = stream.max_frame_size(64 * 1024).aggregate_continuations().max_continuation_size(64 * 1024);
    actix_web::rt::spawn(outbox::write(registration.outbox.clone(), session));
    actix_web::rt::spawn(run(state, holder, registration, stream));
    Ok(response)
}

/// The socket's loop: reads client events and answers them, pings, and watches for
/// silence. It never waits on the client's reading: everything it sends goes
/// through the socket's outbox (see `outbox`), so heartbeats and the silence check
/// keep running while a send is stuck.
async fn run(
    state: web::Data<AppState>,
    holder: TicketHolder,
    registration: hub::Registration,
    mut stream: actix_ws::AggregatedMessageStream,
) {
    let me = holder.user;
    let (socket, outbox) = (registration.id, registration.outbox.clone());
    // Each socket's heartbeat starts at its own moment within the period, so sockets
    // opened together (a server restart, a load generator) do not all ping at once.
    let first_ping = PING_EVERY.mul_f64(rand::random::<f64>());
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + first_ping, PING_EVERY);
    let mut last_heard = Instant::now();
    // Answers to this socket's events, in the order the events came.
    let mut pending: FuturesOrdered<LocalBoxFuture<'static, Answer>> = FuturesOrdered::new();
    loop {
        tokio::select! {
            // Closing: the session ended, the client is gone, or it fell behind.
            () = outbox.until_closing() => break,
            // A socket with MAX_IN_FLIGHT events unanswered is not read until one is answered.
            incoming = stream.recv(), if pending.len() < MAX_IN_FLIGHT => {
                let Some(Ok(msg)) = incoming else { break };
                last_heard = Instant::now();
                match msg {
                    AggregatedMessage::Text(text) => {
                        let refused = if state.chat_limit.hit(me).is_err() {
                            Some(error_event("Too many messages; please slow down.", crate::errors::ErrorCode::RateLimited))
                        } else if text.len() > MAX_EVENT_BYTES {
                            Some(error_event("Message is too long (at most 2000 characters).", crate::errors::ErrorCode::TooLong))
                        } else {
                            None
                        };
                        match refused {
                            Some(reply) => pending.push_back(Box::pin(std::future::ready(vec![reply].into()))),
                            None => pending.push_back(dispatch(&state, me, &text)),
                        }
                    }
                    AggregatedMessage::Ping(bytes) => outbox.pong(bytes),
                    AggregatedMessage::Close(_) => break,
                    AggregatedMessage::Pong(_) | AggregatedMessage::Binary(_) => {}
                }
            }
            Some(answer) = pending.next(), if !pending.is_empty() => {
                if let Some(message) = &answer.stored {
                    push_new_message(&state.hub, message, Some(socket));
                }
                answer.frames.into_iter().for_each(|reply| outbox.text(reply));
            }
            _ = ping.tick() => {
                if last_heard.elapsed() > SILENCE_LIMIT { break }
                outbox.ping();
            }
        }
    }
    // A plain close unless a reason (the session ended, it fell behind) came first.
    outbox.close(None);
    drop(registration);
}

fn error_event(message: &str, code: crate::errors::ErrorCode) -> OutFrame {
    OutFrame::event("error", json!({"message": message, "code": code}))
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
