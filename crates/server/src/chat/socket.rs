//! One chat socket: the upgrade (`GET /api/ws?ticket=…`), then its loop, which
//! reads client events and answers them, pings, and watches for silence. A message
//! is stored first (the chat writer), acknowledged to its sender, then pushed
//! through the hub to every open socket of the recipient (and the sender's other
//! sockets).
//!
//! Client events count against the account's chat rate limit, shared with
//! `POST /api/messages`; past it, an `error` event with code `rate_limited`.
//! `error` events are written in the language the socket's user had chosen when it opened.

use std::sync::Arc;
use std::time::{Duration, Instant};

use actix_http::ws::{CloseCode, CloseReason};
use actix_web::rt::net::TcpStream;
use actix_web::web::BytesMut;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::future::LocalBoxFuture;
use futures_util::stream::FuturesOrdered;
use futures_util::StreamExt;
use hometutor_core::UserId;
use hometutor_i18n::{Language, Message as Text};
use hometutor_limits::Bucket;
use hometutor_messaging::{ChatWriter, Message, MessageStore, SendInput, TicketHolder, Tickets};
use serde::Deserialize;

use super::hub::{Hub, Registration, MAX_SOCKETS_PER_ACCOUNT};
use super::outbox;
use super::payloads::MessageDto;
use super::protocol::{self, ClientEvent, ErrorEvent, Join, ReadMark, SendMessage, ServerEvent, Typing};
use super::wire::{self, Incoming};
use crate::blocking::blocking;
use crate::errors::ApiError;
use crate::upgrades::UpgradeSlot;

const PING_EVERY: Duration = Duration::from_secs(15);
/// A socket that has said nothing (not even a pong) for this long is closed.
const SILENCE_LIMIT: Duration = Duration::from_secs(45);
/// Largest accepted event, in bytes: a 2,000-character message fits with room to spare.
const MAX_EVENT_BYTES: usize = 16 * 1024;
/// Events one socket may have waiting for their answer (messages waiting for their batch to commit).
const MAX_IN_FLIGHT: usize = 64;
/// How long a stopping server's socket waits for the answers to the events it read.
const ANSWER_BEFORE_GOING_AWAY: Duration = Duration::from_secs(5);

/// What the chat sockets use of the server (shared with the REST handlers, which
/// reach the same hub, writer and rate limit through the application state).
pub struct SocketContext {
    pub hub: Arc<Hub>,
    pub writer: ChatWriter,
    pub messages: MessageStore,
    pub tickets: Tickets,
    /// A ticket minted under a session that has since logged out opens nothing.
    pub auth: hometutor_auth::AuthService,
    /// The process's rate limits; socket events count in `ChatEventsPerAccount`, with REST sends.
    pub limiter: hometutor_limits::Limiter,
    /// The site's own origin: handshakes from any other are refused.
    pub public_url: String,
}

#[derive(Deserialize)]
pub struct TicketQuery {
    pub ticket: Option<String>,
}

/// Upgrades to a WebSocket for the ticket's user; a browser page from another site
/// is refused, and so is an account that already holds `MAX_SOCKETS_PER_ACCOUNT` sockets here.
pub async fn connect(
    req: HttpRequest,
    context: web::Data<SocketContext>,
    query: web::Query<TicketQuery>,
) -> Result<HttpResponse, actix_web::Error> {
    if let Some(origin) = req.headers().get("origin").and_then(|o| o.to_str().ok()) {
        if origin.trim_end_matches('/') != context.public_url {
            return Err(ApiError::text(
                actix_web::http::StatusCode::FORBIDDEN,
                crate::errors::ErrorCode::BadOrigin,
                Text::new("error-socket-cross-site"),
            )
            .into());
        }
    }
    let ticket = query.into_inner().ticket.unwrap_or_default();
    let tickets = context.tickets.clone();
    let holder = blocking(move || tickets.redeem(&ticket)).await?.ok_or_else(ApiError::unauthenticated)?;
    if let Some(session) = holder.session.clone() {
        let auth = context.auth.clone();
        if blocking(move || auth.session_ended(&session)).await? {
            return Err(ApiError::unauthenticated().into());
        }
    }
    // The ticket named the account: the handshake's access line says whose socket it is.
    crate::access_log::record_user(&req, holder.user.0);
    // Registered before the upgrade, so the limit is answered as plain HTTP and two
    // handshakes at once cannot both take the last place.
    let Some(registration) = context.hub.register(holder.user, holder.session.clone()) else {
        let mut error = ApiError::text(
            actix_web::http::StatusCode::TOO_MANY_REQUESTS,
            crate::errors::ErrorCode::TooManySockets,
            Text::new("error-too-many-sockets").arg("max", MAX_SOCKETS_PER_ACCOUNT),
        );
        error.retry_after = Some(PING_EVERY.as_secs());
        // The ticket named the account: answered in its language rather than the browser's.
        return Ok(error.response_in(holder.language));
    };
    let response = actix_http::ws::handshake(req.head())?.finish();
    // A handshake that came without its connection (one the server did not take for
    // an upgrade, say with a chunked body) cannot be switched.
    let slot = UpgradeSlot::of(&req).ok_or_else(|| {
        let text = Text::new("error-not-websocket");
        ApiError::text(actix_web::http::StatusCode::BAD_REQUEST, crate::errors::ErrorCode::InvalidRequest, text)
    })?;
    slot.fill(Box::new(move |stream, early| Box::pin(serve(context, holder, registration, stream, early))));
    Ok(HttpResponse::from(response).map_into_boxed_body())
}

/// The socket's life on its connection: its loop reading, its outbox writing.
async fn serve(
    context: web::Data<SocketContext>,
    holder: TicketHolder,
    registration: Registration,
    stream: TcpStream,
    early: BytesMut,
) {
    let _open = registration.connection();
    let writing = outbox::write(registration.outbox.clone(), wire::Writer::new(&stream));
    let reading = run(context, holder, registration, wire::Reader::new(&stream, early));
    futures_util::future::join(writing, reading).await;
    wire::close(stream).await;
}

/// The socket's loop. It never waits on the client's reading: everything it sends
/// goes through the socket's outbox (see `outbox`), so heartbeats and the silence
/// check keep running while a send is stuck.
async fn run(
    context: web::Data<SocketContext>,
    holder: TicketHolder,
    registration: Registration,
    mut stream: wire::Reader<'_>,
) {
    let (me, language) = (holder.user, holder.language);
    let (socket, outbox) = (registration.id, registration.outbox.clone());
    // Each socket's heartbeat starts at its own moment within the period, so sockets
    // opened together (a server restart, a load generator) do not all ping at once.
    let first_ping = PING_EVERY.mul_f64(rand::random::<f64>());
    let mut ping = tokio::time::interval_at(tokio::time::Instant::now() + first_ping, PING_EVERY);
    let mut last_heard = Instant::now();
    // Answers to this socket's events, in the order the events came.
    let mut pending: FuturesOrdered<LocalBoxFuture<'static, Answer>> = FuturesOrdered::new();
    let mut going_away = registration.going_away.clone();
    let mut closing = outbox.closing();
    loop {
        tokio::select! {
            // Closing: the session ended, the client is gone, or it fell behind.
            () = closing.until_closed() => break,
            // The server is stopping (or already gone): answer what was read, then say goodbye.
            _ = going_away.wait_for(|away| *away) => {
                go_away(&context, socket, &outbox, pending).await;
                return;
            }
            // A socket with MAX_IN_FLIGHT events unanswered is not read until one is answered.
            incoming = stream.recv(), if pending.len() < MAX_IN_FLIGHT => {
                let Some(Ok(msg)) = incoming else { break };
                last_heard = Instant::now();
                match msg {
                    Incoming::Text(text) => {
                        // Counted here, before the next frame is read, so that a socket's
                        // messages reach the writer in the order they came (with Redis the
                        // count is shared by every process and waits on it; without, it is
                        // kept in memory and answered at once, see `rate_limit::hit`).
                        let counted = crate::rate_limit::hit(&context.limiter, Bucket::ChatEventsPerAccount, me).await;
                        pending.push_back(match counted {
                            Ok(()) => answer(&context, me, language, &text),
                            Err(_) => refused(ErrorEvent::coded(
                                Text::new("error-chat-slow-down"),
                                crate::errors::ErrorCode::RateLimited,
                                language,
                            )),
                        });
                    }
                    Incoming::Ping(bytes) => outbox.pong(bytes),
                    Incoming::Close => break,
                    Incoming::Pong | Incoming::Binary => {}
                }
            }
            Some(answer) = pending.next(), if !pending.is_empty() => {
                if let Some(message) = &answer.stored {
                    context.hub.push_message(message, Some(socket));
                }
                answer.events.into_iter().for_each(|event| outbox.text(event.into()));
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

/// A stopping server's goodbye: the events this socket already read are answered
/// (every message it queued is committed by the chat writer and acknowledged, so the
/// client resends nothing that was stored), then the socket closes with 1001 and the
/// client reconnects to another process and catches up with `join {afterSeq}`.
async fn go_away(
    context: &SocketContext,
    socket: u64,
    outbox: &outbox::Outbox,
    mut pending: FuturesOrdered<LocalBoxFuture<'static, Answer>>,
) {
    let answered = async {
        while let Some(answer) = pending.next().await {
            if let Some(message) = &answer.stored {
                context.hub.push_message(message, Some(socket));
            }
            answer.events.into_iter().for_each(|event| outbox.text(event.into()));
        }
    };
    // The server's own deadline (SHUTDOWN_TIMEOUT) bounds this too; a batch commits in milliseconds.
    if tokio::time::timeout(ANSWER_BEFORE_GOING_AWAY, answered).await.is_err() {
        tracing::warn!("a stopping chat socket closed before its last events were answered");
    }
    outbox.close_after_queued(CloseReason {
        code: CloseCode::Away,
        description: Some("Server restarting: reconnect and join".into()),
    });
}

/// The answer to one client event: events for this socket and, for a newly
/// stored message, that message. The socket takes answers in the order the
/// events came and only then pushes the message to its recipient, so one
/// sender's messages arrive in the order they were sent, whichever of their
/// futures happened to be polled first when a batch's answers came in.
struct Answer {
    events: Vec<ServerEvent>,
    stored: Option<Message>,
}

impl From<Vec<ServerEvent>> for Answer {
    fn from(events: Vec<ServerEvent>) -> Self {
        Self { events, stored: None }
    }
}

fn now(events: Vec<ServerEvent>) -> LocalBoxFuture<'static, Answer> {
    Box::pin(std::future::ready(events.into()))
}

fn refused(error: ErrorEvent) -> LocalBoxFuture<'static, Answer> {
    now(vec![error.into()])
}

/// Answers one frame (already counted against the account's limit). A `sendMessage` is queued for storage at once (so a
/// socket's messages keep their order) and its ack comes when its batch commits;
/// the socket meanwhile reads on. Other events are answered in turn.
fn answer(
    context: &web::Data<SocketContext>,
    me: UserId,
    language: Language,
    frame: &str,
) -> LocalBoxFuture<'static, Answer> {
    if frame.len() > MAX_EVENT_BYTES {
        return refused(ErrorEvent::coded(
            Text::new("error-message-too-long"),
            crate::errors::ErrorCode::TooLong,
            language,
        ));
    }
    let event = match protocol::parse(frame, language) {
        Ok(event) => event,
        Err(answer) => return now(answer.into_iter().map(Into::into).collect()),
    };
    let context = context.clone();
    match event {
        ClientEvent::SendMessage(send) => send_message(&context, me, language, send),
        ClientEvent::Typing(typing) => {
            Box::pin(async move { self::typing(&context, me, language, typing).await.into() })
        }
        ClientEvent::Read(mark) => Box::pin(async move { read(&context, me, language, mark).await.into() }),
        ClientEvent::Join(join) => Box::pin(async move { self::join(&context, me, language, join).await.into() }),
    }
}

fn send_message(
    context: &SocketContext,
    me: UserId,
    language: Language,
    send: SendMessage,
) -> LocalBoxFuture<'static, Answer> {
    let client_id = send.client_id.clone();
    let input =
        SendInput { to: UserId(send.to), text: send.text, request_id: send.request_id, client_id: send.client_id };
    let stored = context.writer.enqueue(me, input);
    Box::pin(async move {
        match stored.await {
            Ok(sent) => {
                // The ack names the message by the clientId it was sent with, as given.
                let ack = MessageDto { client_id: client_id.clone(), ..sent.message.clone().into() };
                Answer { events: vec![ServerEvent::Ack(ack)], stored: sent.new.then_some(sent.message) }
            }
            Err(e) => vec![ErrorEvent::of(e.into(), language, client_id).into()].into(),
        }
    })
}

async fn typing(context: &SocketContext, me: UserId, language: Language, typing: Typing) -> Vec<ServerEvent> {
    let (store, to) = (context.messages.clone(), UserId(typing.to));
    // Typing follows the first-contact rule and blocks (`can_message`): someone I may not write
    // to (yet) does not see me typing, so typing is no way to poke a stranger. Myself (the demo's
    // self-chat) I may always tell.
    if to != me {
        match blocking(move || store.can_message(me, to)).await {
            Ok(true) => {}
            Ok(false) => return Vec::new(),
            Err(e) => return vec![ErrorEvent::of(e, language, None).into()],
        }
    }
    let event = ServerEvent::UserTyping(protocol::UserTyping { user_id: me.0, is_typing: typing.is_typing });
    context.hub.deliver(to, event.into(), None);
    Vec::new()
}

async fn read(context: &SocketContext, me: UserId, language: Language, mark: ReadMark) -> Vec<ServerEvent> {
    let store = context.messages.clone();
    match blocking(move || store.mark_read(me, UserId(mark.partner_id))).await {
        Ok(()) => Vec::new(),
        Err(e) => vec![ErrorEvent::of(e, language, None).into()],
    }
}

/// Catch-up after a reconnect: everything after the last seq this client saw, to this socket.
async fn join(context: &SocketContext, me: UserId, language: Language, join: Join) -> Vec<ServerEvent> {
    let store = context.messages.clone();
    match blocking(move || store.since(me, UserId(join.user_id), join.after_seq)).await {
        Ok(missed) => missed.into_iter().map(|m| ServerEvent::NewMessage(m.into())).collect(),
        Err(e) => vec![ErrorEvent::of(e, language, None).into()],
    }
}
