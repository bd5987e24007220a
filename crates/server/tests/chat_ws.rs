//! The chat WebSocket against the real server: delivery, acks, typing, privacy,
//! tickets, catch-up after a reconnect, origin check and rate limit.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::time::Duration;

use common::TestApp;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message as Frame;

type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn ticket(app: &TestApp, token: &str) -> String {
    let reply = app.call("POST", "/api/chat/ticket", Some(token), None).await;
    assert_eq!(reply.status, 200);
    reply.body["ticket"].as_str().expect("ticket").to_string()
}

async fn open(app: &TestApp, token: &str) -> Socket {
    let url = format!("{}/api/ws?ticket={}", app.base.replace("http", "ws"), ticket(app, token).await);
    tokio_tungstenite::connect_async(url).await.expect("connect").0
}

async fn send(socket: &mut Socket, event: &str, data: Value) {
    socket.send(Frame::text(json!({"event": event, "data": data}).to_string())).await.expect("send");
}

/// The next JSON event, or None after `wait` of silence.
async fn next_event(socket: &mut Socket, wait: Duration) -> Option<Value> {
    loop {
        match tokio::time::timeout(wait, socket.next()).await {
            Ok(Some(Ok(Frame::Text(text)))) => return serde_json::from_str(&text).ok(),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

const WAIT: Duration = Duration::from_secs(5);
const QUIET: Duration = Duration::from_millis(400);

#[actix_web::test]
async fn two_users_chat_live_and_a_third_hears_nothing() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let outsider = app.verified_user("outsider@example.com", "parent").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let (mut p, mut t, mut o) = (open(&app, &parent).await, open(&app, &tutor).await, open(&app, &outsider).await);

    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "Namaste!", "clientId": "c1"})).await;
    let ack = next_event(&mut p, WAIT).await.expect("ack");
    assert_eq!(
        (ack["event"].as_str(), ack["data"]["clientId"].as_str(), ack["data"]["seq"].as_i64()),
        (Some("ack"), Some("c1"), Some(1))
    );
    let got = next_event(&mut t, WAIT).await.expect("delivered");
    assert_eq!((got["event"].as_str(), got["data"]["text"].as_str()), (Some("newMessage"), Some("Namaste!")));
    assert_eq!(got["data"]["from"]["id"], parent_id);

    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    let typing = next_event(&mut p, WAIT).await.expect("typing");
    assert_eq!((typing["event"].as_str(), typing["data"]["userId"].as_i64()), (Some("userTyping"), Some(tutor_id)));

    // A resend of the same clientId is acknowledged with the same id and not delivered twice.
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "Namaste!", "clientId": "c1"})).await;
    let again = next_event(&mut p, WAIT).await.expect("ack");
    assert_eq!(again["data"]["id"], ack["data"]["id"]);
    assert!(next_event(&mut t, QUIET).await.is_none(), "no duplicate delivery");
    assert!(next_event(&mut o, QUIET).await.is_none(), "the outsider hears nothing");

    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "  ", "clientId": "c2"})).await;
    let empty = next_event(&mut p, WAIT).await.expect("error");
    assert_eq!(
        (empty["event"].as_str(), empty["data"]["message"].as_str()),
        (Some("error"), Some("Message cannot be empty"))
    );
}

#[actix_web::test]
async fn a_blocked_user_is_neither_heard_nor_seen_typing() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    // The parent wrote first, so the tutor may reply: what stops the tutor below is the block.
    let first = json!({"to": tutor_id, "text": "Are you free on Mondays?"});
    assert_eq!(app.call("POST", "/api/messages", Some(&parent), Some(first)).await.status, 201);
    let (mut p, mut t) = (open(&app, &parent).await, open(&app, &tutor).await);
    let block = app.call("POST", "/api/chat/block", Some(&parent), Some(json!({"partnerId": tutor_id}))).await;
    assert_eq!(block.status, 204);

    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "hello?", "clientId": "t1"})).await;
    let refused = next_event(&mut t, WAIT).await.expect("error");
    assert_eq!(
        (refused["event"].as_str(), refused["data"]["clientId"].as_str(), refused["data"]["message"].as_str()),
        (Some("error"), Some("t1"), Some("This user is not accepting your messages."))
    );
    assert!(next_event(&mut p, QUIET).await.is_none(), "neither the typing nor the message reaches the parent");

    // The block goes one way: the parent can still write, and is seen typing.
    send(&mut p, "typing", json!({"to": tutor_id, "isTyping": true})).await;
    let typing = next_event(&mut t, WAIT).await.expect("typing");
    assert_eq!((typing["event"].as_str(), typing["data"]["userId"].as_i64()), (Some("userTyping"), Some(parent_id)));

    assert_eq!(app.call("DELETE", &format!("/api/chat/block/{tutor_id}"), Some(&parent), None).await.status, 204);
    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    let seen = next_event(&mut p, WAIT).await.expect("typing after the unblock");
    assert_eq!((seen["event"].as_str(), seen["data"]["userId"].as_i64()), (Some("userTyping"), Some(tutor_id)));
}

#[actix_web::test]
async fn tickets_are_single_use_and_other_sites_are_refused() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let t = ticket(&app, &parent).await;
    let url = format!("{}/api/ws?ticket={t}", app.base.replace("http", "ws"));
    assert!(tokio_tungstenite::connect_async(url.clone()).await.is_ok());
    assert!(tokio_tungstenite::connect_async(url).await.is_err(), "a used ticket opens nothing");
    assert!(tokio_tungstenite::connect_async(format!("{}/api/ws", app.base.replace("http", "ws"))).await.is_err());
    assert_eq!(app.call("POST", "/api/chat/ticket", None, None).await.status, 401);

    let mut request = format!("{}/api/ws?ticket={}", app.base.replace("http", "ws"), ticket(&app, &parent).await)
        .into_client_request()
        .expect("request");
    request.headers_mut().insert("origin", "https://evil.example".parse().expect("header"));
    assert!(tokio_tungstenite::connect_async(request).await.is_err(), "cross-site handshake refused");
}

#[actix_web::test]
async fn a_reconnecting_client_gets_what_it_missed_exactly_once() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let mut p = open(&app, &parent).await;
    let mut t = open(&app, &tutor).await;
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "one", "clientId": "1"})).await;
    next_event(&mut p, WAIT).await.expect("ack");
    let seen = next_event(&mut t, WAIT).await.expect("one");
    let last_seq = seen["data"]["seq"].as_i64().expect("seq");
    t.close(None).await.expect("close");

    for (i, text) in ["two", "three"].iter().enumerate() {
        send(&mut p, "sendMessage", json!({"to": tutor_id, "text": text, "clientId": format!("m{i}")})).await;
        next_event(&mut p, WAIT).await.expect("ack");
    }
    let mut t = open(&app, &tutor).await;
    send(&mut t, "join", json!({"userId": parent_id, "afterSeq": last_seq})).await;
    let mut texts = Vec::new();
    while let Some(event) = next_event(&mut t, QUIET).await {
        texts.push(event["data"]["text"].as_str().unwrap_or_default().to_string());
    }
    assert_eq!(texts, vec!["two", "three"]);
}

#[actix_web::test]
async fn flooding_gets_an_error_event_not_a_dropped_socket() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut p = open(&app, &parent).await;
    for _ in 0..35 {
        send(&mut p, "typing", json!({"to": tutor_id, "isTyping": true})).await;
    }
    let limited = next_event(&mut p, WAIT).await.expect("error event");
    assert!(limited["data"]["message"].as_str().is_some_and(|m| m.contains("slow down")));
    p.send(Frame::Ping(vec![1, 2, 3].into())).await.expect("still open");
    let pong = tokio::time::timeout(WAIT, async {
        loop {
            match p.next().await {
                Some(Ok(Frame::Pong(_))) => return true,
                Some(Ok(_)) => continue,
                _ => return false,
            }
        }
    })
    .await;
    assert_eq!(pong, Ok(true), "the socket stays open");
}

/// Opens a socket on the server at `base` with a ticket from `app` (tickets live in the shared database).
async fn open_at(app: &TestApp, base: &str, token: &str) -> Socket {
    let url = format!("{}/api/ws?ticket={}", base.replace("http", "ws"), ticket(app, token).await);
    tokio_tungstenite::connect_async(url).await.expect("connect").0
}

/// Two server instances, each with its own hub, as two processes behind a load balancer would be.
#[actix_web::test]
async fn two_server_instances_share_chat_through_redis() {
    let redis = ("REDIS_URL", "redis://127.0.0.1:6379".to_string());
    let app = TestApp::start_with(std::slice::from_ref(&redis)).await;
    let peer = app.start_peer(&[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let mut p = open_at(&app, &app.base, &parent).await;
    let mut t = open_at(&app, &peer, &tutor).await;

    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "across processes", "clientId": "x1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    let got = next_event(&mut t, WAIT).await.expect("delivered by the other process");
    assert_eq!((got["event"].as_str(), got["data"]["text"].as_str()), (Some("newMessage"), Some("across processes")));

    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    let typing = next_event(&mut p, WAIT).await.expect("typing across processes");
    assert_eq!(typing["event"], "userTyping");
    assert!(next_event(&mut t, QUIET).await.is_none(), "nothing echoes back");
}

/// The same across a real process boundary: the built binary as a second process.
#[actix_web::test]
async fn a_separate_server_process_shares_chat_through_redis() {
    let redis = ("REDIS_URL", "redis://127.0.0.1:6379".to_string());
    let app = TestApp::start_with(std::slice::from_ref(&redis)).await;
    let peer = app.start_peer_process(&[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let mut p = open_at(&app, &app.base, &parent).await;
    let mut t = open_at(&app, &peer.base, &tutor).await;

    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "to the other process", "clientId": "z1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    let got = next_event(&mut t, WAIT).await.expect("delivered by the other process");
    assert_eq!(got["data"]["text"], "to the other process");

    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "and back", "clientId": "z2"})).await;
    let ack = next_event(&mut t, WAIT).await.expect("ack from the other process");
    assert_eq!((ack["event"].as_str(), ack["data"]["seq"].as_i64()), (Some("ack"), Some(2)), "one numbering");
    let got = next_event(&mut p, WAIT).await.expect("delivered back");
    assert_eq!((got["event"].as_str(), got["data"]["text"].as_str()), (Some("newMessage"), Some("and back")));
    assert!(next_event(&mut p, QUIET).await.is_none(), "each message arrives once");
}

#[actix_web::test]
async fn without_redis_a_second_process_does_not_hear() {
    let app = TestApp::start().await;
    let peer = app.start_peer(&[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut p = open_at(&app, &app.base, &parent).await;
    let mut t = open_at(&app, &peer, &tutor).await;
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "only stored", "clientId": "y1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    assert!(next_event(&mut t, QUIET).await.is_none(), "one process, one hub: the bridge is what carries it");
    let history =
        app.call("GET", &format!("/api/messages?userId={}", id_of(&app, &parent).await), Some(&tutor), None).await;
    assert_eq!(history.body[0]["text"], "only stored", "but nothing is lost: it is in the history");
}

#[actix_web::test]
async fn a_message_sent_over_rest_is_pushed_live_too() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut t = open(&app, &tutor).await;
    let sent =
        app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": tutor_id, "text": "via REST"}))).await;
    assert_eq!(sent.status, 201);
    let got = next_event(&mut t, WAIT).await.expect("pushed");
    assert_eq!((got["event"].as_str(), got["data"]["text"].as_str()), (Some("newMessage"), Some("via REST")));
}

#[actix_web::test]
async fn messages_sent_without_waiting_keep_their_order() {
    let app = TestApp::start_with(&[("CHAT_RATE_LIMIT", "1000".into())]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let (mut p, mut t) = (open(&app, &parent).await, open(&app, &tutor).await);
    // More than a socket may have unanswered at once: the server reads on as acks go out.
    for i in 0..150 {
        send(&mut p, "sendMessage", json!({"to": tutor_id, "text": format!("m{i}"), "clientId": format!("c{i}")}))
            .await;
    }
    for i in 0..150 {
        let ack = next_event(&mut p, WAIT).await.expect("ack");
        assert_eq!(
            (ack["data"]["clientId"].as_str(), ack["data"]["seq"].as_i64()),
            (Some(format!("c{i}").as_str()), Some(i + 1))
        );
        let got = next_event(&mut t, WAIT).await.expect("delivered");
        assert_eq!(got["data"]["text"], format!("m{i}"));
    }
}

/// How a socket ended: `Some(code)` for a close frame, `None` for a connection
/// that dropped without one; panics if it stays open for `WAIT`.
async fn closed_with(socket: &mut Socket) -> Option<u16> {
    tokio::time::timeout(WAIT, async {
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
async fn still_open(socket: &mut Socket) -> bool {
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

#[actix_web::test]
async fn logout_closes_the_sockets_of_that_token_and_no_other() {
    let app = TestApp::start().await;
    let phone = app.verified_user("parent@example.com", "parent").await;
    let laptop = app.login("parent@example.com", common::PASSWORD).await;
    let (mut on_phone, mut also_on_phone, mut on_laptop) =
        (open(&app, &phone).await, open(&app, &phone).await, open(&app, &laptop).await);
    assert_eq!(app.call("POST", "/api/auth/logout", Some(&phone), None).await.status, 200);
    assert_eq!(closed_with(&mut on_phone).await, Some(1008), "closed as a policy close: the session ended");
    assert_eq!(closed_with(&mut also_on_phone).await, Some(1008));
    assert!(still_open(&mut on_laptop).await, "the other login's socket stays open");
    assert_eq!(app.call("POST", "/api/chat/ticket", Some(&phone), None).await.status, 401, "no new socket either");
}

#[actix_web::test]
async fn an_admins_password_reset_closes_every_socket_of_the_user() {
    let admin_env = [("ADMIN_EMAIL", "admin@example.com".to_string()), ("ADMIN_PASSWORD", common::PASSWORD.into())];
    let app = TestApp::start_with(&admin_env).await;
    let admin = app.login("admin@example.com", common::PASSWORD).await;
    let phone = app.verified_user("parent@example.com", "parent").await;
    let laptop = app.login("parent@example.com", common::PASSWORD).await;
    let other = app.verified_user("other@example.com", "parent").await;
    let (mut a, mut b, mut c) = (open(&app, &phone).await, open(&app, &laptop).await, open(&app, &other).await);
    let id = id_of(&app, &phone).await;
    let reset = json!({"password": "a brand new password"});
    let reply = app.call("POST", &format!("/api/admin/users/{id}/reset-password"), Some(&admin), Some(reset)).await;
    assert_eq!(reply.status, 200);
    assert_eq!((closed_with(&mut a).await, closed_with(&mut b).await), (Some(1008), Some(1008)));
    assert!(still_open(&mut c).await, "another user's socket stays open");
}

/// Logout through one process closes the socket another process holds (Redis carries the order).
#[actix_web::test]
async fn logout_in_one_process_closes_the_socket_held_by_another() {
    let redis = ("REDIS_URL", "redis://127.0.0.1:6379".to_string());
    let app = TestApp::start_with(std::slice::from_ref(&redis)).await;
    let peer = app.start_peer(&[]).await;
    let phone = app.verified_user("parent@example.com", "parent").await;
    let laptop = app.login("parent@example.com", common::PASSWORD).await;
    let mut on_peer = open_at(&app, &peer, &phone).await;
    let mut laptop_on_peer = open_at(&app, &peer, &laptop).await;
    assert_eq!(app.call("POST", "/api/auth/logout", Some(&phone), None).await.status, 200);
    assert_eq!(closed_with(&mut on_peer).await, Some(1008));
    assert!(still_open(&mut laptop_on_peer).await);
}

#[actix_web::test]
async fn an_unsubscribed_tutor_cannot_open_a_conversation_over_the_socket() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let (mut p, mut t) = (open(&app, &parent).await, open(&app, &tutor).await);
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "Need a tutor?", "clientId": "t1"})).await;
    let refused = next_event(&mut t, WAIT).await.expect("error");
    assert_eq!(
        (refused["event"].as_str(), refused["data"]["code"].as_str(), refused["data"]["clientId"].as_str()),
        (Some("error"), Some("contact_not_allowed"), Some("t1"))
    );
    assert_eq!(
        refused["data"]["message"],
        "You can message this person once they contact you or through one of their tuition requests."
    );
    assert!(next_event(&mut p, QUIET).await.is_none(), "nothing reaches the parent");

    // Once the parent writes, the tutor's reply goes through.
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "Yes, Class 8 maths", "clientId": "p1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    assert_eq!(next_event(&mut t, WAIT).await.expect("delivered")["event"], "newMessage");
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "Happy to help", "clientId": "t2"})).await;
    assert_eq!(next_event(&mut t, WAIT).await.expect("ack")["event"], "ack");
}

#[actix_web::test]
async fn resetting_ones_own_password_closes_every_socket() {
    let app = TestApp::start().await;
    let phone = app.verified_user("parent@example.com", "parent").await;
    let laptop = app.login("parent@example.com", common::PASSWORD).await;
    let (mut a, mut b) = (open(&app, &phone).await, open(&app, &laptop).await);
    assert_eq!(app.post("/api/auth/send-reset-otp", json!({"email": "parent@example.com"})).await.status, 200);
    let code = app.code_from_mail("parent@example.com", "Your password reset code:").await;
    let reset = json!({"email": "parent@example.com", "otp": code, "newPassword": "a brand new password"});
    assert_eq!(app.post("/api/auth/reset-password", reset).await.status, 200);
    assert_eq!((closed_with(&mut a).await, closed_with(&mut b).await), (Some(1008), Some(1008)));
}
