//! The chat socket as a client sees it: open one (with a ticket), send events,
//! read the next event (the server's heartbeat pings are skipped), and prove with
//! a marker that nothing else came first.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message as Frame;
use tokio_tungstenite::MaybeTlsStream;

use super::TestApp;

pub type Socket = tokio_tungstenite::WebSocketStream<MaybeTlsStream<tokio::net::TcpStream>>;

/// How long a test waits for something that should come (only a failing test waits it out).
pub const WAIT: Duration = Duration::from_secs(10);

impl TestApp {
    /// A single-use ticket for a socket of `token`'s user.
    pub async fn ticket(&self, token: &str) -> String {
        let reply = self.call("POST", "/api/chat/ticket", Some(token), None).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        reply.body["ticket"].as_str().expect("ticket").to_string()
    }

    /// The socket URL, with a fresh ticket, on the server at `base` (tickets live in the shared database).
    pub async fn socket_url(&self, base: &str, token: &str) -> String {
        format!("{}/api/ws?ticket={}", base.replace("http", "ws"), self.ticket(token).await)
    }

    /// A socket of `token`'s user on this server.
    pub async fn open_socket(&self, token: &str) -> Socket {
        self.open_socket_at(&self.base, token).await
    }

    /// A socket of `token`'s user on the server at `base`.
    pub async fn open_socket_at(&self, base: &str, token: &str) -> Socket {
        tokio_tungstenite::connect_async(self.socket_url(base, token).await).await.expect("connect").0
    }

    /// A socket whose client completes the handshake and then reads nothing: its
    /// receive buffer is a few kilobytes (fixed before connecting, so the kernel does
    /// not grow it), and the test never polls it until it wants to see how it ended.
    pub async fn open_socket_never_reading(&self, base: &str, token: &str) -> Socket {
        let url = self.socket_url(base, token).await;
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.set_recv_buffer_size(4096).expect("SO_RCVBUF");
        let addr = base.trim_start_matches("http://").parse().expect("address");
        let stream = socket.connect(addr).await.expect("connect");
        tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(stream)).await.expect("handshake").0
    }
}

/// Sends `{"event": event, "data": data}`.
pub async fn send(socket: &mut Socket, event: &str, data: Value) {
    socket.send(Frame::text(json!({"event": event, "data": data}).to_string())).await.expect("send");
}

/// The next JSON event (pings and pongs are skipped), or None when `wait` passes
/// first or the socket ends.
pub async fn next_event(socket: &mut Socket, wait: Duration) -> Option<Value> {
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        match tokio::time::timeout(left, socket.next()).await {
            Ok(Some(Ok(Frame::Text(text)))) => return Some(serde_json::from_str(&text).expect("a JSON event")),
            Ok(Some(Ok(Frame::Ping(_) | Frame::Pong(_)))) => continue,
            _ => return None,
        }
    }
}

/// Reads until an event named `name` arrives (others are skipped); panics after `WAIT`.
pub async fn wait_for_event(socket: &mut Socket, name: &str) -> Value {
    wait_for_event_within(socket, name, WAIT).await
}

/// Reads until an event named `name` arrives (others are skipped); panics after `wait`.
pub async fn wait_for_event_within(socket: &mut Socket, name: &str, wait: Duration) -> Value {
    let deadline = Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let event = next_event(socket, left).await.unwrap_or_else(|| panic!("no '{name}' event within {wait:?}"));
        if event["event"] == name {
            return event;
        }
    }
}

/// The answer to the `sendMessage` sent with `client_id`: the next `ack` or `error`
/// (copies of messages, `newMessage`, are skipped), which must name it.
pub async fn answer_to(socket: &mut Socket, client_id: &str) -> Value {
    loop {
        let answer = next_event(socket, WAIT).await.unwrap_or_else(|| panic!("no answer to '{client_id}'"));
        if answer["event"] != "newMessage" {
            assert_eq!(answer["data"]["clientId"], client_id, "{answer}");
            return answer;
        }
    }
}

/// The answer to the `sendMessage` sent with `client_id`, which must be its `ack`.
pub async fn ack_of(socket: &mut Socket, client_id: &str) -> Value {
    let answer = answer_to(socket, client_id).await;
    assert_eq!(answer["event"], "ack", "{answer}");
    answer
}

fn next_marker() -> String {
    static MARKERS: AtomicU64 = AtomicU64::new(0);
    format!("marker-{}", MARKERS.fetch_add(1, Ordering::Relaxed))
}

/// Proves that nothing reached `socket` so far: pings it and asserts that the
/// next frame is that ping's pong. The server queues a pong behind every frame
/// queued for the socket before the ping arrived, so this holds for deliveries
/// whose cause was already seen elsewhere (an `ack`, the other party's event); the
/// answers to this socket's own events come in turn instead (`events_until_marker`).
pub async fn assert_nothing_arrived(socket: &mut Socket, what: &str) {
    let marker = next_marker().into_bytes();
    socket.send(Frame::Ping(marker.clone().into())).await.expect("ping");
    let next = tokio::time::timeout(WAIT, async {
        loop {
            match socket.next().await {
                Some(Ok(Frame::Ping(_))) => continue,
                other => return other,
            }
        }
    })
    .await
    .unwrap_or_else(|_| panic!("{what}: no pong within {WAIT:?}"));
    match next {
        Some(Ok(Frame::Pong(payload))) if payload.as_ref() == marker.as_slice() => {}
        other => panic!("{what}: the next frame is not the pong but {other:?}"),
    }
}

/// Sends an event that the server answers in its turn (an unknown one, answered
/// with an `error`) and returns every event that came before that answer: all the
/// socket's earlier events were answered with, and nothing else.
pub async fn events_until_marker(socket: &mut Socket) -> Vec<Value> {
    let marker = next_marker();
    send(socket, &marker, json!({})).await;
    let answer = format!("Unknown event '{marker}'.");
    let mut events = Vec::new();
    loop {
        let event = next_event(socket, WAIT).await.expect("the marker is answered");
        if event["event"] == "error" && event["data"]["message"] == answer.as_str() {
            return events;
        }
        events.push(event);
    }
}

/// How a socket ended: `Some(code)` for a close frame, `None` for a connection
/// that dropped without one; panics if it stays open for `wait`.
pub async fn closed_with(socket: &mut Socket, wait: Duration) -> Option<u16> {
    tokio::time::timeout(wait, async {
        loop {
            match socket.next().await {
                Some(Ok(Frame::Close(frame))) => return frame.map(|f| u16::from(f.code)),
                None | Some(Err(_)) => return None,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await
    .expect("the socket is closed")
}

/// The socket still answers a ping.
pub async fn still_open(socket: &mut Socket) -> bool {
    socket.send(Frame::Ping(vec![7].into())).await.is_ok()
        && tokio::time::timeout(WAIT, async {
            loop {
                match socket.next().await {
                    Some(Ok(Frame::Pong(_))) => return true,
                    Some(Ok(Frame::Close(_))) | None | Some(Err(_)) => return false,
                    Some(Ok(_)) => continue,
                }
            }
        })
        .await
        .unwrap_or(false)
}
