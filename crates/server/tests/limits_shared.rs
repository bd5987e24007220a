//! Who the client is behind a proxy, and limits that hold across
//! server processes (the built binary, on the test database and a private Redis), under
//! concurrent requests, and across a restart.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::time::Duration;

use common::{PeerProcess, TestApp, PASSWORD};
use futures_util::future::join_all;
use hometutor_testkit::PrivateRedis;
use serde_json::{json, Value};

fn ticket() -> Value {
    json!({"name": "Asha", "email": "asha@example.com", "subject": "Help", "message": "How do I book a tutor?"})
}

/// A support ticket sent with `X-Forwarded-For: forwarded` (none when empty); the status.
async fn ticket_from(app: &TestApp, forwarded: &str) -> u16 {
    let mut request = app.client.post(format!("{}/api/support-tickets", app.base)).json(&ticket());
    if !forwarded.is_empty() {
        request = request.header("X-Forwarded-For", forwarded);
    }
    request.send().await.expect("an answer").status().as_u16()
}

#[actix_web::test]
async fn a_forwarded_address_from_an_untrusted_peer_is_ignored() {
    // Only 10.0.0.0/8 is trusted: this test's requests come from 127.0.0.1.
    let app = TestApp::start_with(&[("TRUSTED_PROXIES", "10.0.0.0/8".into())]).await;
    for i in 0..5 {
        assert_eq!(ticket_from(&app, &format!("198.51.100.{i}")).await, 201, "ticket {i}");
    }
    // A new name in the header each time changes nothing: the peer is throttled.
    assert_eq!(ticket_from(&app, "198.51.100.99").await, 429);
    assert_eq!(ticket_from(&app, "").await, 429);
}

#[actix_web::test]
async fn behind_a_trusted_proxy_each_forwarded_client_is_throttled_apart() {
    let app = TestApp::start_with(&[("TRUSTED_PROXIES", "127.0.0.1".into())]).await;
    for i in 0..5 {
        // What the client claimed is to the left; the proxy appended the address it saw.
        assert_eq!(ticket_from(&app, &format!("192.0.2.{i}, 198.51.100.1")).await, 201, "ticket {i}");
    }
    assert_eq!(ticket_from(&app, "198.51.100.1").await, 429, "the first client spent its allowance");
    assert_eq!(ticket_from(&app, "192.0.2.77, 198.51.100.1").await, 429, "naming another client does not help");
    assert_eq!(ticket_from(&app, "198.51.100.2").await, 201, "a second client behind the same proxy");
    assert_eq!(ticket_from(&app, "").await, 201, "the proxy itself, as a client, has its own allowance");
}

/// The server binary beside `app`, on its database (and Redis, when `app` has one).
async fn peer(app: &TestApp) -> PeerProcess {
    app.start_peer_process(&[]).await
}

async fn login_at(client: &reqwest::Client, base: &str, email: &str, password: &str) -> u16 {
    let body = json!({"email": email, "password": password});
    client.post(format!("{base}/api/auth/login")).json(&body).send().await.expect("an answer").status().as_u16()
}

/// Ten wrong passwords at once, five at each process: five are checked, five refused; then
/// even the right password waits out the window.
async fn failed_logins_across_processes_stop_at_five(app: &TestApp) {
    let other = peer(app).await;
    app.verified_user("asha@example.com", "parent").await;
    let tries = (0..10).map(|i| {
        let base = if i % 2 == 0 { app.base.clone() } else { other.base.clone() };
        let client = app.client.clone();
        async move { login_at(&client, &base, "asha@example.com", "wrong password").await }
    });
    let mut statuses = join_all(tries).await;
    statuses.sort_unstable();
    assert_eq!(statuses, [401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
    assert_eq!(login_at(&app.client, &other.base, "asha@example.com", PASSWORD).await, 429);
    assert_eq!(login_at(&app.client, &app.base, "asha@example.com", PASSWORD).await, 429);
}

#[actix_web::test]
async fn failed_logins_spread_over_two_processes_stop_at_five_with_redis() {
    let redis = PrivateRedis::start();
    let app = TestApp::start_with(&[("REDIS_URL", redis.url())]).await;
    failed_logins_across_processes_stop_at_five(&app).await;
}

#[actix_web::test]
async fn failed_logins_spread_over_two_processes_stop_at_five_in_the_database() {
    let app = TestApp::start().await;
    failed_logins_across_processes_stop_at_five(&app).await;
}

/// A Redis that dies mid-attack: the count goes on in the database, nothing is let through.
#[actix_web::test]
async fn a_dead_redis_does_not_open_the_gates() {
    let mut redis = PrivateRedis::start();
    let app = TestApp::start_with(&[("REDIS_URL", redis.url())]).await;
    app.verified_user("asha@example.com", "parent").await;
    redis.kill();
    for i in 0..5 {
        assert_eq!(login_at(&app.client, &app.base, "asha@example.com", "wrong").await, 401, "try {i}");
    }
    assert_eq!(login_at(&app.client, &app.base, "asha@example.com", "wrong").await, 429);
}

#[actix_web::test]
async fn login_limits_survive_a_restart() {
    let app = TestApp::start().await;
    app.verified_user("asha@example.com", "parent").await;
    let first = peer(&app).await;
    for _ in 0..5 {
        assert_eq!(login_at(&app.client, &first.base, "asha@example.com", "wrong").await, 401);
    }
    first.kill_hard();
    let second = peer(&app).await;
    assert_eq!(login_at(&app.client, &second.base, "asha@example.com", PASSWORD).await, 429, "still locked");
}

/// Nine resends at once over two processes, with three code e-mails per address allowed
/// (registration sent the first): exactly three e-mails are queued and delivered.
#[actix_web::test]
async fn nine_concurrent_resends_send_exactly_three_emails() {
    // The per-address limit is the one under test, not the per-address-of-the-client one.
    let app = TestApp::start_with(&[("CODE_EMAIL_LIMIT", "100".into())]).await;
    let other = peer(&app).await;
    assert_eq!(app.register("asha@example.com", "parent").await.status, 201);
    let resends = (0..9).map(|i| {
        let base = if i % 2 == 0 { app.base.clone() } else { other.base.clone() };
        let client = app.client.clone();
        async move {
            let body = json!({"email": "asha@example.com"});
            client.post(format!("{base}/api/verify/resend-otp")).json(&body).send().await.expect("answer").status()
        }
    });
    let statuses = join_all(resends).await;
    assert_eq!(statuses.iter().filter(|s| s.as_u16() == 200).count(), 2, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| s.as_u16() == 429).count(), 7, "{statuses:?}");

    let queued = queued_emails_to(&app, "asha@example.com");
    assert_eq!(queued, 3, "three e-mails queued, no more");
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while app.smtp.count_to("asha@example.com") < 3 {
        assert!(std::time::Instant::now() < deadline, "the three e-mails are delivered");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(app.smtp.count_to("asha@example.com"), 3);
}

fn queued_emails_to(app: &TestApp, to: &str) -> i64 {
    use diesel::prelude::*;
    use hometutor_db::schema::outbox_emails as o;
    app.db()
        .read(|c| {
            o::table.filter(o::recipient.eq(to)).count().get_result::<i64>(c).map_err(hometutor_db::DbError::from)
        })
        .expect("the outbox")
}

/// One ticket, redeemed at both processes at once, many times over: one socket each time.
#[actix_web::test]
async fn a_chat_ticket_redeemed_on_two_processes_at_once_opens_one_socket() {
    let app = TestApp::start().await;
    let other = peer(&app).await;
    let token = app.verified_user("asha@example.com", "parent").await;
    for round in 0..10 {
        let ticket = app.ticket(&token).await;
        let opens = [&app.base, &other.base].map(|base| {
            let url = format!("{}/api/ws?ticket={ticket}", base.replace("http", "ws"));
            async move { tokio_tungstenite::connect_async(url).await.map(|(socket, _)| socket) }
        });
        let [one, two] = opens;
        let (one, two) = tokio::join!(one, two);
        let opened = [one.is_ok(), two.is_ok()];
        assert_eq!(opened.iter().filter(|o| **o).count(), 1, "round {round}: {opened:?}");
        for refused in [&one, &two].into_iter().filter_map(|r| r.as_ref().err()) {
            let status = match refused {
                tokio_tungstenite::tungstenite::Error::Http(response) => response.status().as_u16(),
                other => panic!("round {round}: {other}"),
            };
            assert_eq!(status, 401, "round {round}");
        }
    }
}

/// The audit log names the client behind the trusted proxy, not the proxy and not a claim.
#[actix_web::test]
async fn audit_entries_record_the_trusted_client_address() {
    let app = TestApp::start_with(&[
        ("TRUSTED_PROXIES", "127.0.0.1".into()),
        ("ADMIN_EMAIL", "root@example.com".into()),
        ("ADMIN_PASSWORD", PASSWORD.into()),
    ])
    .await;
    let admin = app.login("root@example.com", PASSWORD).await;
    let sent = app
        .client
        .post(format!("{}/api/admin/broadcast", app.base))
        .bearer_auth(&admin)
        .header("X-Forwarded-For", "192.0.2.9, 198.51.100.1")
        .json(&json!({"text": "Maintenance tonight"}))
        .send()
        .await
        .expect("an answer");
    assert_eq!(sent.status().as_u16(), 200);
    let log = app.call("GET", "/api/admin/audit-log", Some(&admin), None).await;
    assert_eq!(log.status, 200);
    assert_eq!(log.body[0]["clientAddress"], "198.51.100.1", "{:?}", log.body);
}
