//! Chat under faults, caused for real: a Redis that is killed and restarted (or
//! absent at start-up), a client that never reads, an account that floods over
//! both transports or opens too many sockets.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::time::{Duration, Instant};

use common::socket::{
    ack_of, assert_nothing_arrived, closed_with, next_event, send, wait_for_event, wait_for_event_within, WAIT,
};
use common::TestApp;
use futures_util::{SinkExt, StreamExt};
use hometutor_testkit::PrivateRedis;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message as Frame;

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

/// Polls `base`'s health until its `redis` field reads `want`; panics after `wait`.
async fn wait_for_redis_health(app: &TestApp, base: &str, want: &str, wait: Duration) {
    let deadline = Instant::now() + wait;
    loop {
        let health = app.client.get(format!("{base}/api/health")).send().await.expect("health");
        assert_eq!(health.status(), 200, "health stays 200: local chat works without Redis");
        let body: Value = health.json().await.expect("json");
        if body["redis"] == want {
            return;
        }
        assert!(Instant::now() < deadline, "health never said redis={want} on {base}: {body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Two server instances share chat through a private Redis that is killed and
/// restarted: both keep delivering locally meanwhile, a message sent during the gap
/// reaches the other instance's client through `resync` + `join`, and new messages
/// cross again once Redis is back.
#[actix_web::test]
async fn chat_survives_a_redis_restart() {
    let mut redis = PrivateRedis::start();
    let app = TestApp::start_with(&[("REDIS_URL", redis.url())]).await;
    let peer = app.start_peer(&[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let (mut p, mut p_laptop) =
        (app.open_socket_at(&app.base, &parent).await, app.open_socket_at(&app.base, &parent).await);
    let (mut t, mut t_tablet) = (app.open_socket_at(&peer, &tutor).await, app.open_socket_at(&peer, &tutor).await);

    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "before", "clientId": "b"})).await;
    ack_of(&mut p, "b").await;
    let before = wait_for_event(&mut t, "newMessage").await;
    let last_seq = before["data"]["seq"].as_i64().expect("seq");
    wait_for_event(&mut p_laptop, "newMessage").await;
    wait_for_event(&mut t_tablet, "newMessage").await;

    redis.kill();
    wait_for_redis_health(&app, &app.base, "unreachable", WAIT).await;
    wait_for_redis_health(&app, &peer, "unreachable", WAIT).await;
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "during the gap", "clientId": "g"})).await;
    let gap_ack = ack_of(&mut p, "g").await;
    let local = wait_for_event(&mut p_laptop, "newMessage").await;
    assert_eq!(local["data"]["text"], "during the gap", "delivery inside one instance goes on");
    // Both processes said Redis is away before the message: nothing of it can be on its way to the tutor.
    assert_nothing_arrived(&mut t, "nothing crosses while Redis is down").await;
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "reply in the gap", "clientId": "rg"})).await;
    ack_of(&mut t, "rg").await;
    let local = wait_for_event(&mut t_tablet, "newMessage").await;
    assert_eq!(local["data"]["text"], "reply in the gap", "and inside the other instance too");
    assert_nothing_arrived(&mut p, "nothing crosses the other way either").await;

    redis.restart();
    wait_for_event_within(&mut t, "resync", Duration::from_secs(15)).await;
    send(&mut t, "join", json!({"userId": parent_id, "afterSeq": last_seq})).await;
    // The conversation after what it last saw: the gap's message, then its own reply.
    let caught_up = wait_for_event(&mut t, "newMessage").await;
    assert_eq!(caught_up["data"]["text"], "during the gap");
    let own = wait_for_event(&mut t, "newMessage").await;
    assert_eq!(own["data"]["text"], "reply in the gap");
    wait_for_event_within(&mut p, "resync", Duration::from_secs(15)).await;
    send(&mut p, "join", json!({"userId": tutor_id, "afterSeq": gap_ack["data"]["seq"]})).await;
    let caught_up = wait_for_event(&mut p, "newMessage").await;
    assert_eq!(caught_up["data"]["text"], "reply in the gap");

    wait_for_redis_health(&app, &app.base, "connected", Duration::from_secs(15)).await;
    wait_for_redis_health(&app, &peer, "connected", Duration::from_secs(15)).await;
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "after", "clientId": "a"})).await;
    let after = wait_for_event(&mut t, "newMessage").await;
    assert_eq!(after["data"]["text"], "after", "cross-instance delivery resumed");
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "and back", "clientId": "r"})).await;
    let back = wait_for_event(&mut p, "newMessage").await;
    assert_eq!(back["data"]["text"], "and back");
}

/// A process starts while its Redis is down (degraded, and health says so), and
/// joins the other process once Redis appears.
#[actix_web::test]
async fn an_instance_started_without_redis_joins_when_it_appears() {
    let mut redis = PrivateRedis::reserved();
    let started = Instant::now();
    let app = TestApp::start_with(&[("REDIS_URL", redis.url())]).await;
    assert!(started.elapsed() < Duration::from_secs(10), "starting degraded does not wait long for Redis");
    wait_for_redis_health(&app, &app.base, "unreachable", WAIT).await;
    let peer = app.start_peer(&[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut p = app.open_socket_at(&app.base, &parent).await;
    let mut t = app.open_socket_at(&peer, &tutor).await;

    redis.restart();
    wait_for_event_within(&mut t, "resync", Duration::from_secs(15)).await;
    wait_for_redis_health(&app, &app.base, "connected", Duration::from_secs(15)).await;
    wait_for_redis_health(&app, &peer, "connected", Duration::from_secs(15)).await;
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "hello across", "clientId": "h"})).await;
    let got = wait_for_event(&mut t, "newMessage").await;
    assert_eq!(got["data"]["text"], "hello across");
}

/// A process's anonymous resident memory (`RssAnon`: its heap, stacks and buffers, where a
/// socket's queued frames live), in bytes. Not VmRSS: that also counts the pages of the SQLite
/// file the server reads through its memory map, which are the kernel's page cache, shared and
/// reclaimable, and grow with the rows read, not with what a socket holds.
fn anonymous_rss_bytes(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc status");
    let line = status.lines().find(|l| l.starts_with("RssAnon:")).expect("RssAnon");
    line.split_whitespace().nth(1).and_then(|kb| kb.parse::<u64>().ok()).expect("kB") * 1024
}

/// What 60,000 messages to a socket that never reads may add to the server's anonymous memory.
/// Unbounded, the queue would hold every frame: ≈ 140 MB, measured with the outbox's cap lifted
/// (60,000 frames of ≈ 1.2 KB and what each costs to keep). Bounded, it holds
/// at most the outbox's cap (4 MiB); the rest of the process moves by up to ≈ 25 MB either way
/// meanwhile (memory freed since start-up returned to the system, caches and the allocator's pages
/// growing), so 20,000 messages (+52 MB unbounded, measured 2026-11-23) could not tell the two apart.
const SLOW_READER_RSS_BOUND: u64 = 24 * 1024 * 1024;

/// A socket that never reads while another account sends it 60,000 messages: it
/// is closed with 4000 (fell behind), the sender gets every ack, and the server
/// process's memory stays within `SLOW_READER_RSS_BOUND`.
#[actix_web::test]
async fn a_socket_that_never_reads_is_closed_and_memory_stays_bounded() {
    const MESSAGES: usize = 60_000;
    let app = TestApp::start_with(&[("CHAT_RATE_LIMIT", "1000000".into())]).await;
    let log = app.data_dir.join("slow-reader-peer.log");
    let server = app.start_peer_process_logging_to(&[], &log).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut slow = app.open_socket_never_reading(&server.base, &tutor).await;
    let p = app.open_socket_at(&server.base, &parent).await;
    let (mut to_server, mut from_server) = p.split();
    let text = "x".repeat(1000);
    let frame = move |i: usize| {
        Frame::text(
            json!({"event": "sendMessage", "data": {"to": tutor_id, "text": text, "clientId": i.to_string()}})
                .to_string(),
        )
    };

    // Warm-up: the process's pools, caches and allocator reach their working size first.
    for i in 0..500 {
        to_server.send(frame(i)).await.expect("send");
    }
    let mut warm_acks = 0;
    while warm_acks < 500 {
        match tokio::time::timeout(WAIT, from_server.next()).await {
            Ok(Some(Ok(Frame::Text(t)))) => {
                let ack: Value = serde_json::from_str(&t).expect("json");
                assert_eq!(ack["event"], "ack", "{ack}");
                warm_acks += 1;
            }
            // The server's heartbeat may come at any moment: not an answer, read on.
            Ok(Some(Ok(Frame::Ping(_) | Frame::Pong(_)))) => {}
            other => panic!("no ack during warm-up after {warm_acks}: {other:?}"),
        }
    }
    // The place index is start-up's largest allocation (tens of MB, on a thread of its own): on a
    // busy machine it may land inside the measured window, so the window opens once it is built.
    let started = Instant::now();
    while !std::fs::read_to_string(&log).unwrap_or_default().contains("place index warm") {
        let logged = || std::fs::read_to_string(&log).unwrap_or_default();
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the place index was never built; the server logged:\n{}",
            logged()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let before = anonymous_rss_bytes(server.pid());

    let sender = tokio::spawn(async move {
        for i in 500..500 + MESSAGES {
            to_server.send(frame(i)).await.expect("send");
        }
        to_server
    });
    let mut acks = 0;
    while acks < MESSAGES {
        match tokio::time::timeout(WAIT, from_server.next()).await {
            Ok(Some(Ok(Frame::Text(t)))) => {
                let event: Value = serde_json::from_str(&t).expect("json");
                assert_eq!(event["event"], "ack", "{event}");
                acks += 1;
            }
            Ok(Some(Ok(_))) => {}
            other => panic!("the sender stopped getting acks after {acks}: {other:?}"),
        }
    }
    let _ = sender.await.expect("sender");
    let after = anonymous_rss_bytes(server.pid());
    let growth = after.saturating_sub(before);
    eprintln!(
        "anonymous RSS before {before} B, after {after} B, growth {growth} B over {MESSAGES} messages to a non-reader"
    );
    assert!(growth < SLOW_READER_RSS_BOUND, "anonymous memory grew by {growth} bytes");

    // Only now does the slow client read: what was in flight, then the close.
    assert_eq!(closed_with(&mut slow, Duration::from_secs(30)).await, Some(4000), "closed as fallen behind");
}

/// A client that stops reading and says nothing is still closed by the silence
/// check (45 s) while a send to it is stuck: the account's socket count drops, so
/// one more socket opens where the limit of 10 refused it before.
#[actix_web::test]
async fn the_silence_check_closes_a_stuck_socket() {
    let app = TestApp::start_with(&[("CHAT_RATE_LIMIT", "1000000".into())]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut stuck = app.open_socket_never_reading(&app.base, &tutor).await;
    let opened = Instant::now();
    let mut p = app.open_socket_at(&app.base, &parent).await;
    // Enough to fill the kernel's buffers and stick a send, not enough to fall behind.
    let text = "y".repeat(1500);
    for i in 0..400 {
        send(&mut p, "sendMessage", json!({"to": tutor_id, "text": text, "clientId": i.to_string()})).await;
        ack_of(&mut p, &i.to_string()).await;
    }
    // Nine more sockets that do read (and so answer pings), to reach the limit.
    let mut readers = Vec::new();
    for _ in 0..9 {
        let mut socket = app.open_socket_at(&app.base, &tutor).await;
        readers.push(actix_web::rt::spawn(async move { while socket.next().await.is_some() {} }));
    }
    let url = app.socket_url(&app.base, &tutor).await;
    assert!(tokio_tungstenite::connect_async(url).await.is_err(), "the 11th socket is refused");

    let deadline = Instant::now() + Duration::from_secs(75);
    loop {
        let url = app.socket_url(&app.base, &tutor).await;
        if tokio_tungstenite::connect_async(url).await.is_ok() {
            break;
        }
        assert!(Instant::now() < deadline, "the stuck socket was never closed");
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    assert!(opened.elapsed() >= Duration::from_secs(44), "closed for silence, so not before 45 s");
    assert_ne!(closed_with(&mut stuck, WAIT).await, Some(4000), "closed for its silence, not for falling behind");
    readers.iter().for_each(|r| r.abort());
}

/// One account's REST sends and socket events share one budget (CHAT_RATE_LIMIT
/// per 10 s), however they are interleaved.
#[actix_web::test]
async fn rest_and_socket_share_one_accounts_rate_limit() {
    let app = TestApp::start_with(&[("CHAT_RATE_LIMIT", "10".into())]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut p = app.open_socket_at(&app.base, &parent).await;

    let rest = futures_util::future::join_all((0..8).map(|i| {
        app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": tutor_id, "text": format!("rest {i}")})))
    }));
    let socket = async {
        for i in 0..8 {
            send(&mut p, "sendMessage", json!({"to": tutor_id, "text": format!("ws {i}"), "clientId": i.to_string()}))
                .await;
        }
        // Answers to the 8 events (copies of the REST sends also arrive here, as `newMessage`).
        let mut answers = Vec::new();
        while answers.len() < 8 {
            let event = next_event(&mut p, WAIT).await.expect("an answer to each event");
            if event["event"] != "newMessage" {
                answers.push(event);
            }
        }
        answers
    };
    let (rest, socket) = futures_util::join!(rest, socket);

    let rest_sent = rest.iter().filter(|r| r.status == 201).count();
    for refused in rest.iter().filter(|r| r.status != 201) {
        assert_eq!((refused.status, refused.body["code"].as_str()), (429, Some("rate_limited")), "{:?}", refused.body);
        let retry: u64 = refused.headers["retry-after"].to_str().expect("ascii").parse().expect("seconds");
        assert!((1..=10).contains(&retry), "Retry-After {retry}");
    }
    let socket_sent = socket.iter().filter(|e| e["event"] == "ack").count();
    for refused in socket.iter().filter(|e| e["event"] != "ack") {
        assert_eq!(
            (refused["event"].as_str(), refused["data"]["code"].as_str()),
            (Some("error"), Some("rate_limited"))
        );
    }
    assert_eq!(
        rest_sent + socket_sent,
        10,
        "one budget of 10 for both transports (rest {rest_sent}, socket {socket_sent})"
    );
    let history = app.call("GET", &format!("/api/messages?userId={tutor_id}&limit=100"), Some(&parent), None).await;
    assert_eq!(history.body.as_array().map(Vec::len), Some(10), "nothing refused was stored");
}

/// Ten sockets of one account work; the eleventh is refused before the upgrade
/// with 429 JSON, and a place frees up when one closes.
#[actix_web::test]
async fn an_account_holds_at_most_ten_sockets() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut sockets = Vec::new();
    for _ in 0..10 {
        sockets.push(app.open_socket_at(&app.base, &parent).await);
    }
    let refused = tokio_tungstenite::connect_async(app.socket_url(&app.base, &parent).await).await;
    let Err(tokio_tungstenite::tungstenite::Error::Http(response)) = refused else {
        panic!("the 11th socket must be refused with an HTTP answer: {refused:?}")
    };
    assert_eq!(response.status(), 429);
    let body: Value = serde_json::from_slice(response.body().as_deref().unwrap_or_default()).expect("JSON body");
    assert_eq!(body["code"], "too_many_sockets", "{body}");

    // All ten work: each hears the copy of a message the account sent over REST.
    let sent = app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": tutor_id, "text": "hi"}))).await;
    assert_eq!(sent.status, 201);
    for socket in &mut sockets {
        assert_eq!(wait_for_event(socket, "newMessage").await["data"]["text"], "hi");
    }

    sockets.pop().expect("a socket").close(None).await.expect("close");
    let deadline = Instant::now() + WAIT;
    while tokio_tungstenite::connect_async(app.socket_url(&app.base, &parent).await).await.is_err() {
        assert!(Instant::now() < deadline, "a closed socket frees its place");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
