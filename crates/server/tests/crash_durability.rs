//! `kill -9` of the server while a client streams chat messages, for real: the
//! server runs as its own process and is killed with SIGKILL mid-stream, several
//! times, then started again on the same database. Every message the client saw
//! acknowledged is stored, under the id its ack gave; the client resends what it
//! never saw acknowledged with the same `clientId`, and in the end every message
//! is stored exactly once. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::time::Duration;

use common::socket::{next_event, Socket};
use common::TestApp;
use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message as Frame;

/// Kills per run; each kill lands while messages are in flight.
const KILLS: usize = 5;
/// Acknowledgements a cycle waits for before it kills the server.
const ACKS_BEFORE_KILL: usize = 300;
/// Messages sent and not yet answered at any moment (the server allows 64 per socket).
const IN_FLIGHT: usize = 32;
/// Ends reading a socket that went quiet (a live server answers well within it).
const WAIT: Duration = Duration::from_secs(15);

/// What the client knows: every message it sent, and the id each acknowledged one was given.
#[derive(Default)]
struct Client {
    sent: Vec<String>,
    acked: HashMap<String, i64>,
}

impl Client {
    fn unacked(&self) -> Vec<String> {
        self.sent.iter().filter(|c| !self.acked.contains_key(*c)).cloned().collect()
    }

    fn record(&mut self, event: &Value) -> bool {
        if event["event"] != "ack" {
            return false;
        }
        let client_id = event["data"]["clientId"].as_str().expect("an ack names its clientId").to_string();
        let id = event["data"]["id"].as_i64().expect("an ack carries the stored id");
        if let Some(earlier) = self.acked.insert(client_id.clone(), id) {
            assert_eq!(earlier, id, "a resent {client_id} was acknowledged as another message");
        }
        true
    }
}

async fn send(socket: &mut Socket, to: i64, client_id: &str) -> bool {
    let frame = json!({"event": "sendMessage", "data": {"to": to, "text": format!("message {client_id}"), "clientId": client_id}});
    socket.send(Frame::text(frame.to_string())).await.is_ok()
}

/// Resends everything unacknowledged, then sends new messages, keeping `IN_FLIGHT`
/// unanswered, until `acks` more acknowledgements arrived (`None`: until all are answered).
async fn stream(client: &mut Client, socket: &mut Socket, to: i64, cycle: usize, acks: Option<usize>) {
    let mut queue: VecDeque<String> = client.unacked().into();
    let mut next_new = 0;
    let mut in_flight = 0;
    let mut got = 0;
    loop {
        while in_flight < IN_FLIGHT {
            let client_id = match queue.pop_front() {
                Some(resend) => resend,
                None if acks.is_some() => {
                    next_new += 1;
                    let id = format!("c{cycle}-{next_new}");
                    client.sent.push(id.clone());
                    id
                }
                None => break,
            };
            assert!(send(socket, to, &client_id).await, "the live server took the frame");
            in_flight += 1;
        }
        if in_flight == 0 || acks.is_some_and(|n| got >= n) {
            return;
        }
        let event = next_event(socket, WAIT).await.expect("the live server answers");
        assert_ne!(event["event"], "error", "{event}");
        if client.record(&event) {
            in_flight -= 1;
            got += 1;
        }
    }
}

async fn stored_client_ids(app: &TestApp, token: &str, partner: i64) -> BTreeMap<String, Vec<i64>> {
    let mut stored: BTreeMap<String, Vec<i64>> = BTreeMap::new();
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
            let client_id = m["clientId"].as_str().expect("every message here has a clientId").to_string();
            stored.entry(client_id).or_default().push(m["id"].as_i64().expect("id"));
        }
    }
}

#[actix_web::test]
async fn acknowledged_messages_survive_kill_9_and_resends_store_them_once() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id =
        app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().expect("tutor id");
    // The rate limit would refuse a stream this fast; it is not what is tested here.
    let env = [("CHAT_RATE_LIMIT", "1000000".to_string())];
    let mut client = Client::default();

    for cycle in 0..KILLS {
        let server = app.start_peer_process(&env).await;
        let mut socket = app.open_socket_at(&server.base, &parent).await;
        stream(&mut client, &mut socket, tutor_id, cycle, Some(ACKS_BEFORE_KILL)).await;
        // Messages are in flight (IN_FLIGHT of them, some perhaps committed but unanswered).
        server.kill_hard();
        // Acks the dead server sent before dying still count: read to the end.
        while let Some(event) = next_event(&mut socket, WAIT).await {
            client.record(&event);
        }
        let stored = stored_client_ids(&app, &parent, tutor_id).await;
        for (client_id, id) in &client.acked {
            assert_eq!(stored.get(client_id), Some(&vec![*id]), "acknowledged {client_id} is stored once, as acked");
        }
        eprintln!(
            "kill {}: {} acknowledged so far, {} in flight when killed, {} of those stored anyway",
            cycle + 1,
            client.acked.len(),
            client.unacked().len(),
            client.unacked().iter().filter(|c| stored.contains_key(*c)).count()
        );
    }

    // A last start: the client resends what it never saw acknowledged.
    let server = app.start_peer_process(&env).await;
    let mut socket = app.open_socket_at(&server.base, &parent).await;
    stream(&mut client, &mut socket, tutor_id, KILLS, None).await;
    assert!(client.unacked().is_empty());
    let stored = stored_client_ids(&app, &parent, tutor_id).await;
    assert_eq!(stored.len(), client.sent.len(), "every message sent is stored, none invented");
    for client_id in &client.sent {
        assert_eq!(stored.get(client_id), Some(&vec![client.acked[client_id]]), "{client_id} stored exactly once");
    }
    eprintln!("{} messages across {KILLS} kill -9s: every one stored exactly once", client.sent.len());
}
