//! The scale-out promise, proved as an operator deploys: three real `hometutor`
//! processes, each with its own `DATA_DIR`, on one fresh PostgreSQL database and one Redis, behind
//! nginx with the project's own `deploy/nginx.conf`, started at the same instant on the empty
//! database (`cluster/harness.rs`). Each scenario gets a cluster of its own:
//!
//! - (a) all three come up and serve, directly and through nginx;
//! - (b) an account registered on one process is verified on another and logs in on a third;
//! - (c) chat between sockets on different processes, directly and through nginx;
//! - (d) a brute-forced login stops at 5 failures whichever process answers; an address that
//!   keeps failing is stopped by its own address, not everyone behind nginx;
//! - (e) concurrent code resends and chat-ticket redemptions spread over the processes count once;
//! - (f) the payment reconciler asks the provider once per order per period, not once per process;
//! - (g) deactivation and broadcasts reach sockets on every process;
//! - (h) a file uploaded through nginx is served by every process (uploads live in the S3-protocol
//!   server all processes share, `UPLOADS_URL=s3://…`).
//!
//! Runs with `TEST_DATABASE_URL` only (several processes share PostgreSQL, not a SQLite file);
//! without it every test says it is skipped. nginx comes from `tests/install/nginx.sh`.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;
#[path = "cluster/harness.rs"]
mod harness;
#[path = "cluster/services.rs"]
mod services;

use std::time::{Duration, Instant};

use common::socket::{ack_of, assert_nothing_arrived, closed_with, send, still_open, wait_for_event, WAIT};
use common::{call, Reply, PASSWORD};
use diesel::prelude::*;
use futures_util::future::join_all;
use harness::{socket_url, Cluster, ADMIN_EMAIL, NODES};
use serde_json::{json, Value};

/// (a) Started together on an empty database, every process answers its health check, nginx
/// spreads requests over them, and the one admin of `ADMIN_EMAIL` logs in on each.
#[actix_web::test]
async fn three_processes_started_together_on_an_empty_database_all_serve() {
    let Some(cluster) = Cluster::start().await else { return };
    for (i, node) in cluster.nodes.iter().enumerate() {
        let health = node.call("GET", "/api/health", None, None).await;
        assert_eq!((health.status, &health.body["database"]), (200, &json!("reachable")), "process {}", i + 1);
        wait_for_redis_link(node, i).await;
    }
    for _ in 0..NODES * 2 {
        let health = cluster.call("GET", "/api/health", None, None).await;
        assert_eq!((health.status, &health.body["status"]), (200, &json!("ok")), "through nginx");
    }
    let admins: i64 = cluster
        .db
        .read(|c| {
            hometutor_db::schema::users::table
                .filter(hometutor_db::schema::users::email.eq(ADMIN_EMAIL))
                .count()
                .get_result(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("count");
    assert_eq!(admins, 1, "ADMIN_EMAIL on every process makes one admin");
    for (i, node) in cluster.nodes.iter().enumerate() {
        let credentials = json!({"email": ADMIN_EMAIL, "password": PASSWORD});
        let login = node.call("POST", "/api/auth/login", None, Some(credentials)).await;
        assert_eq!((login.status, &login.body["user"]["role"]), (200, &json!("admin")), "process {}", i + 1);
    }
}

/// The Redis link comes up on its own after the start; health says when.
async fn wait_for_redis_link(node: &common::PeerProcess, i: usize) {
    let deadline = Instant::now() + WAIT;
    loop {
        let health = node.call("GET", "/api/health", None, None).await;
        if health.body["redis"] == "connected" {
            return;
        }
        assert!(Instant::now() < deadline, "process {}: Redis not connected: {}", i + 1, health.body);
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// (b) Codes and tokens are the site's, not one process's.
#[actix_web::test]
async fn registered_on_one_process_verified_on_another_logged_in_on_a_third() {
    let Some(cluster) = Cluster::start().await else { return };
    let [one, two, three] = [&cluster.nodes[0], &cluster.nodes[1], &cluster.nodes[2]];
    let email = "new.parent@example.com";
    let registration = json!({"fullname": "Asha Kumar", "role": "parent", "email": email, "phone": "9876543210", "password": PASSWORD});
    let registered = one.call("POST", "/api/auth/register", None, Some(registration)).await;
    assert_eq!(registered.status, 201, "{:?}", registered.body);
    let mail = cluster.smtp.wait_for(email, "Your verification code:", WAIT).await.expect("the code e-mail");
    let code = mail.code_after("Your verification code:", 6).expect("a code");
    let verified = two.call("POST", "/api/verify/email-otp", None, Some(json!({"email": email, "otp": code}))).await;
    assert_eq!(verified.status, 200, "a code mailed by any process verifies on another: {:?}", verified.body);
    let login = three.call("POST", "/api/auth/login", None, Some(json!({"email": email, "password": PASSWORD}))).await;
    assert_eq!(login.status, 200, "{:?}", login.body);
    let token = login.body["token"].as_str().expect("token");
    for (i, node) in cluster.nodes.iter().enumerate() {
        let profile = node.call("GET", "/api/auth/profile", Some(token), None).await;
        assert_eq!((profile.status, &profile.body["user"]["email"]), (200, &json!(email)), "process {}", i + 1);
    }
}

/// (c) Two users on different processes chat both ways; and the same through nginx's upgrade.
#[actix_web::test]
async fn chat_between_sockets_on_different_processes_and_through_nginx() {
    let Some(cluster) = Cluster::start().await else { return };
    let (parent_id, parent) = cluster.user("parent@example.com", "parent").await;
    let (tutor_id, tutor) = cluster.user("tutor@example.com", "tutor").await;
    let mut p = cluster.socket(&cluster.nodes[0].base, &parent).await;
    let mut t = cluster.socket(&cluster.nodes[2].base, &tutor).await;
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "from process 1", "clientId": "c1"})).await;
    ack_of(&mut p, "c1").await;
    assert_eq!(wait_for_event(&mut t, "newMessage").await["data"]["text"], "from process 1");
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "from process 3", "clientId": "c2"})).await;
    ack_of(&mut t, "c2").await;
    assert_eq!(wait_for_event(&mut p, "newMessage").await["data"]["text"], "from process 3");

    let mut p_nginx = cluster.socket(cluster.balancer(), &parent).await;
    let mut t_nginx = cluster.socket(cluster.balancer(), &tutor).await;
    send(&mut p_nginx, "sendMessage", json!({"to": tutor_id, "text": "through nginx", "clientId": "c3"})).await;
    ack_of(&mut p_nginx, "c3").await;
    assert_eq!(wait_for_event(&mut t_nginx, "newMessage").await["data"]["text"], "through nginx");
    send(&mut t_nginx, "sendMessage", json!({"to": parent_id, "text": "back through nginx", "clientId": "c4"})).await;
    ack_of(&mut t_nginx, "c4").await;
    assert_eq!(wait_for_event(&mut p_nginx, "newMessage").await["data"]["text"], "back through nginx");
}

async fn login_from(cluster: &Cluster, client: &reqwest::Client, email: &str, password: &str) -> Reply {
    call(
        client,
        cluster.balancer(),
        "POST",
        "/api/auth/login",
        None,
        Some(json!({"email": email, "password": password})),
    )
    .await
}

/// (d) Through nginx's round robin, every failure reaches a different process than the one before.
#[actix_web::test]
async fn a_brute_forced_login_stops_at_five_and_an_address_is_stopped_by_its_own_failures() {
    let Some(cluster) = Cluster::start().await else { return };
    cluster.user("victim@example.com", "parent").await;
    cluster.user("bystander@example.com", "parent").await;

    // One account: 5 failures, wherever they land, then it is locked for whoever asks.
    let attacker = Cluster::client_from("127.0.0.2");
    for attempt in 1..=5 {
        let reply = login_from(&cluster, &attacker, "victim@example.com", "wrong password").await;
        assert_eq!(reply.status, 401, "failure {attempt}: {:?}", reply.body);
    }
    let sixth = login_from(&cluster, &attacker, "victim@example.com", "wrong password").await;
    assert_eq!((sixth.status, &sixth.body["code"]), (429, &json!("rate_limited")), "the 6th try: {:?}", sixth.body);
    let owner = login_from(&cluster, &Cluster::client_from("127.0.0.3"), "victim@example.com", PASSWORD).await;
    assert_eq!(owner.status, 429, "the account is locked from any address: {:?}", owner.body);

    // One address trying many accounts: its 30 failures stop it, and only it.
    let sprayer = Cluster::client_from("127.0.0.4");
    for attempt in 1..=30 {
        let reply = login_from(&cluster, &sprayer, &format!("guess{attempt}@example.com"), "wrong password").await;
        assert_eq!(reply.status, 401, "failure {attempt} from one address: {:?}", reply.body);
    }
    let next = login_from(&cluster, &sprayer, "guess31@example.com", "wrong password").await;
    assert_eq!(next.status, 429, "the 31st failure from one address: {:?}", next.body);
    // A header of its own does not make it someone else: nginx replaces it.
    let spoofed = sprayer
        .post(format!("{}/api/auth/login", cluster.balancer()))
        .header("x-forwarded-for", "203.0.113.9")
        .json(&json!({"email": "guess32@example.com", "password": "wrong password"}))
        .send()
        .await
        .expect("answer");
    assert_eq!(spoofed.status().as_u16(), 429, "a forged X-Forwarded-For");
    let bystander = login_from(&cluster, &Cluster::client_from("127.0.0.5"), "bystander@example.com", PASSWORD).await;
    assert_eq!(bystander.status, 200, "another address behind the same nginx logs in: {:?}", bystander.body);
}

/// (e) "At most 3" and "single use" hold with the requests spread over the processes at once.
#[actix_web::test]
async fn concurrent_code_resends_and_ticket_redemptions_across_processes_count_once() {
    let Some(cluster) = Cluster::start().await else { return };
    let email = "unverified@example.com";
    cluster.account(email, "parent", false);
    let resends = (0..9)
        .map(|i| cluster.nodes[i % NODES].call("POST", "/api/verify/resend-otp", None, Some(json!({"email": email}))));
    let mut statuses: Vec<u16> = join_all(resends).await.iter().map(|r| r.status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 200, 200, 429, 429, 429, 429, 429, 429], "9 resends at once, 3 allowed");
    assert_eq!(queued_emails(&cluster, email), 3, "3 code e-mails queued");
    wait_until_delivered(&cluster, email).await;
    assert_eq!(cluster.smtp.count_to(email), 3, "3 code e-mails sent");

    let (_, parent) = cluster.user("parent@example.com", "parent").await;
    let mut both_opened = 0;
    for round in 0..10 {
        let ticket = cluster.ticket(&parent).await;
        let (a, b) = (socket_url(&cluster.nodes[0].base, &ticket), socket_url(&cluster.nodes[1].base, &ticket));
        let (a, b) = tokio::join!(tokio_tungstenite::connect_async(a), tokio_tungstenite::connect_async(b));
        let mut opened: Vec<_> = [a, b].into_iter().filter_map(Result::ok).collect();
        assert!(!opened.is_empty(), "round {round}: the ticket opened no socket");
        both_opened += usize::from(opened.len() == 2);
        for (socket, _) in &mut opened {
            socket.close(None).await.expect("close");
        }
    }
    assert_eq!(both_opened, 0, "one ticket redeemed on two processes at once opened two sockets");
}

fn queued_emails(cluster: &Cluster, to: &str) -> i64 {
    use hometutor_db::schema::outbox_emails as outbox;
    cluster
        .db
        .read(|c| {
            outbox::table.filter(outbox::recipient.eq(to)).count().get_result(c).map_err(hometutor_db::DbError::from)
        })
        .expect("count")
}

/// Until every e-mail queued for `to` is marked sent (the SMTP server has it by then).
async fn wait_until_delivered(cluster: &Cluster, to: &str) {
    use hometutor_db::schema::outbox_emails as outbox;
    let deadline = Instant::now() + WAIT;
    loop {
        let unsent: i64 = cluster
            .db
            .read(|c| {
                outbox::table
                    .filter(outbox::recipient.eq(to).and(outbox::sent_at.is_null()))
                    .count()
                    .get_result(c)
                    .map_err(hometutor_db::DbError::from)
            })
            .expect("count");
        if unsent == 0 {
            return;
        }
        assert!(Instant::now() < deadline, "{unsent} e-mails to {to} still unsent");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// (f) With PAYMENT_RECONCILE_SECS=1 on three processes, an order still pending is asked about
/// once a second in all, not three times.
#[actix_web::test]
async fn the_reconciler_asks_the_provider_once_per_order_per_period_across_processes() {
    const WINDOW: Duration = Duration::from_secs(5);
    let Some(cluster) = Cluster::start().await else { return };
    let (_, tutor) = cluster.user("tutor@example.com", "tutor").await;
    let order = cluster.call("POST", "/api/payment/create-session", Some(&tutor), None).await;
    assert_eq!(order.status, 200, "{:?}", order.body);
    let order_id = order.body["orderId"].as_str().expect("order id").to_string();
    let deadline = Instant::now() + WAIT;
    while asked(&cluster, &order_id).await == 0 {
        assert!(Instant::now() < deadline, "no reconciler asked about the pending order");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The rate is the thing measured, so this waits out a window on purpose.
    let before = asked(&cluster, &order_id).await;
    tokio::time::sleep(WINDOW).await;
    let asks = asked(&cluster, &order_id).await - before;
    let most = WINDOW.as_secs() as usize + 1;
    assert!(asks >= 2, "the order is still pending and should be asked about every second: {asks} in {WINDOW:?}");
    assert!(asks <= most, "{asks} asks about one order in {WINDOW:?} with a 1 s period (at most {most})");
}

/// How many times the provider was asked about `order_id`.
async fn asked(cluster: &Cluster, order_id: &str) -> usize {
    let requests = cluster.provider.received_requests().await.unwrap_or_default();
    requests.iter().filter(|r| r.method.as_str() == "GET" && r.url.path().ends_with(order_id)).count()
}

/// (g) A deactivation on process 1 ends the user's socket on process 3 and their token on every
/// process; a broadcast sent on process 2 reaches a socket on each process and one through nginx.
#[actix_web::test]
async fn deactivation_and_broadcasts_reach_every_process() {
    let Some(cluster) = Cluster::start().await else { return };
    let admin = cluster.login(ADMIN_EMAIL).await;
    let (leaver_id, leaver) = cluster.user("leaver@example.com", "parent").await;
    let mut leaving = cluster.socket(&cluster.nodes[2].base, &leaver).await;
    let mut listeners = Vec::new();
    for (i, base) in cluster.nodes.iter().map(|n| n.base.as_str()).chain([cluster.balancer()]).enumerate() {
        let (_, token) = cluster.user(&format!("listener{i}@example.com"), "tutor").await;
        listeners.push(cluster.socket(base, &token).await);
    }
    // A socket answers a ping only once it is in its process's hub: from then on it hears.
    assert_nothing_arrived(&mut leaving, "the leaver's socket").await;
    for socket in &mut listeners {
        assert_nothing_arrived(socket, "a listener's socket").await;
    }

    let path = format!("/api/admin/users/{leaver_id}/status");
    let off = cluster.nodes[0].call("PATCH", &path, Some(&admin), Some(json!({"active": false}))).await;
    assert_eq!(off.status, 200, "{:?}", off.body);
    assert_eq!(closed_with(&mut leaving, WAIT).await, Some(1008), "the socket on process 3 is closed");
    for (i, node) in cluster.nodes.iter().enumerate() {
        let profile = node.call("GET", "/api/auth/profile", Some(&leaver), None).await;
        assert_eq!(profile.status, 401, "the deactivated user's token on process {}", i + 1);
    }

    let text = "Offices closed on Diwali";
    let sent = cluster.nodes[1].call("POST", "/api/admin/broadcast", Some(&admin), Some(json!({"text": text}))).await;
    assert_eq!(sent.status, 200, "{:?}", sent.body);
    for (i, socket) in listeners.iter_mut().enumerate() {
        let heard: Value = wait_for_event(socket, "broadcast").await;
        assert_eq!(heard["data"]["text"], text, "listener {i}");
    }
    assert!(still_open(&mut listeners[2]).await, "other users' sockets stay open");
}

/// (h) A document uploaded through nginx lands in the shared bucket: every process serves it,
/// byte for byte, and a delete through nginx removes it for all of them.
#[actix_web::test]
async fn a_file_uploaded_through_nginx_is_served_by_every_process() {
    let Some(cluster) = Cluster::start().await else { return };
    let (_, tutor) = cluster.user("uploader@cluster.example", "tutor").await;
    let mut document = b"%PDF-1.4\n".to_vec();
    document.resize(64 * 1024 - 6, b'x');
    document.extend_from_slice(b"%%EOF\n");
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(document.clone()).file_name("notes.pdf"));
    let res = cluster
        .client
        .post(format!("{}/api/upload/single", cluster.balancer()))
        .bearer_auth(&tutor)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    assert_eq!(res.status().as_u16(), 201);
    let body: Value = res.json().await.expect("json");
    let url = body["file"]["url"].as_str().expect("the file's url").to_string();
    let filename = url.rsplit('/').next().expect("a file name").to_string();

    for (i, node) in cluster.nodes.iter().enumerate() {
        let res = cluster.client.get(format!("{}{url}", node.base)).bearer_auth(&tutor).send().await.expect("get");
        assert_eq!(res.status().as_u16(), 200, "process {} serves the file", i + 1);
        assert_eq!(res.bytes().await.expect("bytes").to_vec(), document, "process {}: the same bytes", i + 1);
    }

    let deleted = cluster.call("DELETE", &format!("/api/upload/{filename}"), Some(&tutor), None).await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    for (i, node) in cluster.nodes.iter().enumerate() {
        let res = cluster.client.get(format!("{}{url}", node.base)).bearer_auth(&tutor).send().await.expect("get");
        assert_eq!(res.status().as_u16(), 404, "process {}: gone after the delete", i + 1);
    }
}
