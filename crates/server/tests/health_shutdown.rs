//! Liveness, readiness and the graceful stop, with the real binary: readiness
//! names a Redis that was killed and recovers when it is back; on SIGTERM the
//! server answers readiness 503 while it drains, keeps serving meanwhile, answers
//! a request in flight, closes chat sockets with 1001 after acknowledging what they
//! sent, commits every message it read, stops accepting and exits 0 within
//! SHUTDOWN_TIMEOUT, even with a client that never finishes its request.
//! Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::time::{Duration, Instant};

use common::socket::{send, WAIT};
use common::{PeerProcess, TestApp};
use futures_util::StreamExt;
use hometutor_testkit::PrivateRedis;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message as Frame;

/// Polls `GET /api/health/ready` until it answers `status`; returns its body.
async fn wait_for_readiness(server: &PeerProcess, status: u16, wait: Duration) -> Value {
    let deadline = Instant::now() + wait;
    loop {
        let reply = server.call("GET", "/api/health/ready", None, None).await;
        if reply.status == status {
            return reply.body;
        }
        assert!(Instant::now() < deadline, "readiness never answered {status} within {wait:?}: {:?}", reply.body);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

async fn assert_alive(server: &PeerProcess) {
    let live = server.call("GET", "/api/health/live", None, None).await;
    assert_eq!((live.status, live.body), (200, json!({"status": "ok"})));
}

#[actix_web::test]
async fn readiness_names_a_killed_redis_and_recovers_when_it_is_back() {
    let app = TestApp::start().await;
    let mut redis = PrivateRedis::start();
    let server = app.start_peer_process(&[("REDIS_URL", redis.url())]).await;

    let ready = wait_for_readiness(&server, 200, WAIT).await;
    assert_eq!(
        ready,
        json!({"status": "ok", "checks": {"database": "ok", "redis": "ok", "chatWriter": "ok", "outbox": "ok"}})
    );
    assert_alive(&server).await;

    redis.kill();
    let down = wait_for_readiness(&server, 503, WAIT).await;
    assert_eq!(
        down,
        json!({"status": "unavailable", "checks": {"database": "ok", "redis": "unreachable", "chatWriter": "ok", "outbox": "ok"}})
    );
    assert_alive(&server).await;
    let summary = server.call("GET", "/api/health", None, None).await;
    assert_eq!(summary.status, 200, "the summary stays 200: local chat works without Redis");

    redis.restart();
    let back = wait_for_readiness(&server, 200, WAIT).await;
    assert_eq!(back["checks"]["redis"], "ok", "{back}");
}

#[actix_web::test]
async fn readiness_of_a_process_without_background_jobs_has_no_outbox_check() {
    let app = TestApp::start().await;
    let mut env = std::collections::HashMap::new();
    env.insert("DATABASE_URL".to_string(), app.database.url.clone());
    env.insert("DATA_DIR".to_string(), app.data_dir.display().to_string());
    env.insert("JWT_SECRET".to_string(), common::JWT_SECRET.to_string());
    let server = PeerProcess::start_with_args(&env, &["serve", "--no-background-jobs"], None).await;
    let ready = wait_for_readiness(&server, 200, WAIT).await;
    assert_eq!(ready, json!({"status": "ok", "checks": {"database": "ok", "chatWriter": "ok"}}));
}

/// What the chat client saw: the messages it sent, and which the server acknowledged.
#[derive(Default)]
struct Chat {
    sent: Vec<String>,
    acked: BTreeSet<String>,
}

impl Chat {
    async fn send(&mut self, socket: &mut common::socket::Socket, to: i64) {
        let client_id = format!("m{}", self.sent.len());
        send(socket, "sendMessage", json!({"to": to, "text": format!("message {client_id}"), "clientId": client_id}))
            .await;
        self.sent.push(client_id);
    }

    fn in_flight(&self) -> usize {
        self.sent.len() - self.acked.len()
    }

    /// Reads one frame; returns the close code when the socket closed.
    async fn read(&mut self, socket: &mut common::socket::Socket) -> Option<Option<u16>> {
        match tokio::time::timeout(WAIT, socket.next()).await.expect("the server answers or closes") {
            Some(Ok(Frame::Text(text))) => {
                let event: Value = serde_json::from_str(&text).expect("json");
                assert_eq!(event["event"], "ack", "{event}");
                self.acked.insert(event["data"]["clientId"].as_str().expect("clientId").to_string());
                None
            }
            Some(Ok(Frame::Close(frame))) => Some(frame.map(|f| u16::from(f.code))),
            Some(Ok(_)) => None,
            None | Some(Err(_)) => Some(None),
        }
    }
}

/// Starts a `POST /api/messages` and sends all of it but the body's last byte; returns
/// the connection and that byte.
async fn start_request(server: &PeerProcess, token: &str, to: i64) -> (tokio::net::TcpStream, Vec<u8>) {
    let body = json!({"to": to, "text": "sent over a slow link", "clientId": "slow-rest"}).to_string();
    let head = format!(
        "POST /api/messages HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    let mut stream = tokio::net::TcpStream::connect(server.base.trim_start_matches("http://")).await.expect("connect");
    let (sent, last) = body.as_bytes().split_at(body.len() - 1);
    stream.write_all(head.as_bytes()).await.expect("head");
    stream.write_all(sent).await.expect("body");
    (stream, last.to_vec())
}

/// Every message between the two, by clientId, with how many times each is stored.
async fn stored_client_ids(app: &TestApp, token: &str, partner: i64) -> BTreeMap<String, usize> {
    let mut stored = BTreeMap::new();
    let mut before: Option<i64> = None;
    loop {
        let cursor = before.map(|b| format!("&before={b}")).unwrap_or_default();
        let page =
            app.call("GET", &format!("/api/messages?userId={partner}&limit=100{cursor}"), Some(token), None).await;
        assert_eq!(page.status, 200, "{:?}", page.body);
        let messages = page.body.as_array().expect("a page").clone();
        let Some(oldest) = messages.last() else { return stored };
        before = oldest["seq"].as_i64();
        for m in messages {
            *stored.entry(m["clientId"].as_str().expect("clientId").to_string()).or_insert(0) += 1;
        }
    }
}

#[actix_web::test]
async fn on_sigterm_it_drains_answers_says_going_away_commits_and_exits_zero() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id =
        app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().expect("id");
    let timeout = Duration::from_secs(10);
    let server = app
        .start_peer_process(&[
            ("SHUTDOWN_TIMEOUT", timeout.as_secs().to_string()),
            ("SHUTDOWN_DRAIN_SECS", "2".into()),
            ("CHAT_RATE_LIMIT", "1000000".into()),
        ])
        .await;
    let mut socket = app.open_socket_at(&server.base, &parent).await;
    let mut chat = Chat::default();
    for _ in 0..20 {
        chat.send(&mut socket, tutor_id).await;
    }
    let (mut slow, last_byte) = start_request(&server, &parent, tutor_id).await;

    // The drain is timed from before the signal is sent: `terminate` returns only once `kill` has
    // exited, which on a busy machine can be long after the server began its drain.
    let before_the_signal = Instant::now();
    server.terminate();
    let signalled = Instant::now();
    let sent_before_the_signal = chat.sent.clone();

    let draining = wait_for_readiness(&server, 503, WAIT).await;
    assert_eq!(draining["checks"]["shutdown"], "draining", "{draining}");
    assert_eq!(draining["status"], "unavailable");
    assert_alive(&server).await;

    // The socket is served while the balancer notices, then says goodbye; messages go on until it does.
    let close = loop {
        if chat.in_flight() < 8 {
            chat.send(&mut socket, tutor_id).await;
        }
        if let Some(code) = chat.read(&mut socket).await {
            break code;
        }
    };
    assert_eq!(close, Some(1001), "the socket is closed with 1001 going away");
    assert!(before_the_signal.elapsed() >= Duration::from_secs(2), "sockets are served through the drain");
    for client_id in &sent_before_the_signal {
        assert!(chat.acked.contains(client_id), "{client_id}, sent before SIGTERM, is acknowledged");
    }

    // No new connections once the drain is over (polled: the listener closes on actix's own thread).
    let deadline = Instant::now() + WAIT;
    while tokio::net::TcpStream::connect(server.base.trim_start_matches("http://")).await.is_ok() {
        assert!(Instant::now() < deadline, "still accepting connections after closing the sockets");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // The request that was in flight all along is answered.
    slow.write_all(&last_byte).await.expect("the rest of the body");
    let mut answer = String::new();
    slow.read_to_string(&mut answer).await.expect("the answer");
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");

    let status = server.exited_by(signalled + timeout).await.expect("exited within SHUTDOWN_TIMEOUT");
    assert!(status.success(), "exit status {status}");

    // Every message the server read was answered before it left: what is stored is
    // exactly what was acknowledged, once each, with the slow request's message.
    let stored = stored_client_ids(&app, &parent, tutor_id).await;
    let mut expected: BTreeMap<String, usize> = chat.acked.iter().map(|c| (c.clone(), 1)).collect();
    expected.insert("slow-rest".into(), 1);
    let wrong: Vec<_> = expected
        .keys()
        .chain(stored.keys())
        .filter(|c| stored.get(*c) != expected.get(*c))
        .map(|c| format!("{c}: stored {:?}, acknowledged {:?}", stored.get(c), expected.get(c)))
        .collect();
    assert!(wrong.is_empty(), "{} of {} messages: {wrong:?}", wrong.len(), chat.sent.len());
}

#[actix_web::test]
async fn a_request_that_never_finishes_does_not_hold_the_exit_past_shutdown_timeout() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let timeout = Duration::from_secs(3);
    let log = app.data_dir.join("stalled-shutdown.log");
    let server = app.start_peer_process_logging_to(&[("SHUTDOWN_TIMEOUT", timeout.as_secs().to_string())], &log).await;
    let (_stalled, _never_sent) = start_request(&server, &parent, 1).await;
    let _socket = app.open_socket_at(&server.base, &parent).await;

    server.terminate();
    // The request never finishes, so any exit at all is the server not waiting for it; how soon it
    // stopped is read below from its own log, not from when the operating system reaped it.
    let status = server.exited_by(Instant::now() + timeout + WAIT).await.expect("the server exited");
    assert!(status.success(), "exit status {status}");

    let lines: Vec<Value> = std::fs::read_to_string(&log)
        .expect("the log")
        .lines()
        .filter_map(|line| serde_json::from_str(line).ok())
        .collect();
    // The first line whose message is `is`'s, and when the server logged it.
    let logged = |is: &dyn Fn(&str) -> bool, what: &str| {
        let line = lines.iter().find(|l| l["message"].as_str().is_some_and(is));
        let stamp = line.and_then(|l| l["timestamp"].as_str()).unwrap_or_else(|| panic!("no {what} in {lines:?}"));
        chrono::DateTime::parse_from_rfc3339(stamp).expect("an RFC 3339 timestamp")
    };
    let began = logged(&|m| m.starts_with("stopping: readiness answers 503"), "start of the stop");
    logged(&|m| m.starts_with("requests still in flight when the time for connections ran out"), "given-up request");
    let ended = logged(&|m| m == "stopped" || m.starts_with("SHUTDOWN_TIMEOUT passed"), "end of the stop");
    let took = (ended - began).to_std().expect("the stop ends after it begins");
    assert!(took <= timeout, "the server's work ended {took:?} after the signal, past SHUTDOWN_TIMEOUT {timeout:?}");
}
