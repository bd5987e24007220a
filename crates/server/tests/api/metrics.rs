//! Prometheus metrics as an operator meets them, on the real `hometutor` binary:
//! scraped from `METRICS_BIND` and parsed, on the main port behind `METRICS_TOKEN`,
//! and absent (a JSON 404, never the web app's page) when neither is set.
//! Runs on SQLite and on PostgreSQL (TEST_DATABASE_URL).

use crate::common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use common::socket::{send, wait_for_event, WAIT};
use common::{PeerProcess, TestApp, JWT_SECRET, PASSWORD};
use hometutor_testkit::TestDatabase;
use serde_json::json;

const METRICS_TOKEN: &str = "scrape-me-scrape-me-0123456789";

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("port").port()
}

/// One sample of a scrape: `name{labels} value`.
#[derive(Debug)]
struct Sample {
    name: String,
    labels: HashMap<String, String>,
    value: f64,
}

/// Parses Prometheus' text format: `# HELP`/`# TYPE` lines and blank lines are skipped;
/// every other line must be a sample, or the scrape is malformed and the test fails.
fn parse(text: &str) -> Vec<Sample> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (series, value) = line.rsplit_once(' ').unwrap_or_else(|| panic!("no value: {line}"));
            let value = match value {
                "+Inf" => f64::INFINITY,
                "-Inf" => f64::NEG_INFINITY,
                v => v.parse().unwrap_or_else(|_| panic!("not a number: {line}")),
            };
            let (name, labels) = match series.split_once('{') {
                None => (series.to_string(), HashMap::new()),
                Some((name, rest)) => {
                    let body = rest.strip_suffix('}').unwrap_or_else(|| panic!("unclosed labels: {line}"));
                    (name.to_string(), parse_labels(body, line))
                }
            };
            Sample { name, labels, value }
        })
        .collect()
}

/// `a="x",b="y"` (values may hold escaped quotes and commas).
fn parse_labels(body: &str, line: &str) -> HashMap<String, String> {
    let mut labels = HashMap::new();
    let mut rest = body;
    while !rest.is_empty() {
        let (key, after) = rest.split_once("=\"").unwrap_or_else(|| panic!("bad label: {line}"));
        let mut value = String::new();
        let mut chars = after.char_indices();
        let end = loop {
            match chars.next() {
                Some((_, '\\')) => value.push(chars.next().map(|(_, c)| c).unwrap_or('\\')),
                Some((i, '"')) => break i,
                Some((_, c)) => value.push(c),
                None => panic!("unclosed label value: {line}"),
            }
        };
        labels.insert(key.to_string(), value);
        rest = after[end + 1..].trim_start_matches(',');
    }
    labels
}

/// The value of the one sample named `name` whose labels include `labels`.
fn value(samples: &[Sample], name: &str, labels: &[(&str, &str)]) -> Option<f64> {
    let matching: Vec<&Sample> = samples
        .iter()
        .filter(|s| s.name == name && labels.iter().all(|(k, v)| s.labels.get(*k).map(String::as_str) == Some(*v)))
        .collect();
    assert!(matching.len() <= 1, "{name} {labels:?} names several series: {matching:?}");
    matching.first().map(|s| s.value)
}

async fn scrape(client: &reqwest::Client, url: &str) -> Vec<Sample> {
    let res = client.get(url).send().await.expect("the scrape is answered");
    assert_eq!(res.status(), 200);
    let content_type = res.headers()["content-type"].to_str().unwrap().to_string();
    assert!(content_type.starts_with("text/plain; version=0.0.4"), "{content_type}");
    parse(&res.text().await.unwrap())
}

/// Scrapes until `done` holds (what a socket did is counted just after the client sees it).
async fn scrape_until(client: &reqwest::Client, url: &str, done: impl Fn(&[Sample]) -> bool) -> Vec<Sample> {
    let deadline = Instant::now() + WAIT;
    loop {
        let samples = scrape(client, url).await;
        if done(&samples) || Instant::now() > deadline {
            return samples;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[actix_web::test]
async fn a_scrape_of_metrics_bind_counts_requests_by_route_logins_and_chat() {
    let app = TestApp::start().await;
    let port = free_port();
    let peer = app.start_peer_process(&[("METRICS_BIND", format!("127.0.0.1:{port}"))]).await;
    let url = format!("http://127.0.0.1:{port}/metrics");
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().unwrap();

    let login = |password: &str| json!({"email": "parent@example.com", "password": password});
    assert_eq!(peer.call("POST", "/api/auth/login", None, Some(login("wrong password"))).await.status, 401);
    assert_eq!(peer.call("POST", "/api/auth/login", None, Some(login(PASSWORD))).await.status, 200);
    assert_eq!(peer.call("GET", "/api/tutors/987654", None, None).await.status, 404);
    assert_eq!(peer.call("GET", "/no/such/page", None, None).await.status, 200, "the web app's router decides");

    let mut from = app.open_socket_at(&peer.base, &parent).await;
    let mut to = app.open_socket_at(&peer.base, &tutor).await;
    send(&mut from, "sendMessage", json!({"to": tutor_id, "text": "counted once", "clientId": "m1"})).await;
    assert_eq!(wait_for_event(&mut from, "ack").await["data"]["clientId"], "m1");
    assert_eq!(wait_for_event(&mut to, "newMessage").await["data"]["text"], "counted once");

    let client = &peer.client;
    let samples = scrape_until(client, &url, |s| {
        value(s, "hometutor_chat_messages_delivered_total", &[]) == Some(1.0)
            && value(s, "hometutor_websockets_open", &[]) == Some(2.0)
    })
    .await;
    let requests = |route: &str, method: &str, status: &str| {
        value(&samples, "hometutor_http_requests_total", &[("route", route), ("method", method), ("status", status)])
    };
    assert_eq!(requests("/api/auth/login", "POST", "401"), Some(1.0));
    assert_eq!(requests("/api/auth/login", "POST", "200"), Some(1.0));
    assert_eq!(requests("/api/tutors/{idOrEmail}", "GET", "404"), Some(1.0), "counted by template");
    assert_eq!(requests("unmatched", "GET", "200"), Some(1.0), "the web app's page");
    assert_eq!(requests("/api/ws", "GET", "101"), Some(2.0));
    assert!(
        samples.iter().all(|s| s.labels.values().all(|v| !v.contains("987654") && !v.contains("/no/such"))),
        "a raw path never becomes a label"
    );
    let login_latency = [("route", "/api/auth/login"), ("method", "POST")];
    assert_eq!(value(&samples, "hometutor_http_request_duration_seconds_count", &login_latency), Some(2.0));
    let every_bucket = [("route", "/api/auth/login"), ("method", "POST"), ("le", "+Inf")];
    assert_eq!(value(&samples, "hometutor_http_request_duration_seconds_bucket", &every_bucket), Some(2.0));
    assert!(
        samples.iter().any(|s| s.name == "hometutor_http_request_duration_seconds_bucket" && s.labels["le"] == "0.1"),
        "latencies are histograms with buckets"
    );

    assert_eq!(value(&samples, "hometutor_login_failures_total", &[]), Some(1.0));
    assert_eq!(value(&samples, "hometutor_chat_messages_stored_total", &[]), Some(1.0));
    assert_eq!(value(&samples, "hometutor_chat_writer_batch_size_count", &[]), Some(1.0));
    assert_eq!(value(&samples, "hometutor_chat_writer_batch_size_bucket", &[("le", "1")]), Some(1.0));
    assert_eq!(value(&samples, "hometutor_chat_writer_commit_seconds_count", &[]), Some(1.0));

    let pools: Vec<&str> = if app.database.url.starts_with("sqlite") { vec!["read", "write"] } else { vec!["shared"] };
    for pool in pools {
        let max = value(&samples, "hometutor_db_pool_connections_max", &[("pool", pool)]);
        assert!(max.is_some_and(|m| m >= 1.0), "pool {pool}: {max:?}");
        let in_use = value(&samples, "hometutor_db_pool_connections_in_use", &[("pool", pool)]).unwrap();
        let idle = value(&samples, "hometutor_db_pool_connections_idle", &[("pool", pool)]).unwrap();
        assert!(in_use + idle <= max.unwrap(), "pool {pool}: {in_use} in use, {idle} idle");
        let waited = value(&samples, "hometutor_db_checkout_wait_seconds_count", &[("pool", pool)]);
        assert!(waited.is_some_and(|n| n >= 1.0), "pool {pool} checkouts are timed: {waited:?}");
    }
    assert!(value(&samples, "hometutor_outbox_pending_emails", &[]).is_some());
    assert!(value(&samples, "hometutor_outbox_undelivered_emails", &[]).is_some());

    drop((from, to));
    let closed = scrape_until(client, &url, |s| value(s, "hometutor_websockets_open", &[]) == Some(0.0)).await;
    assert_eq!(value(&closed, "hometutor_websockets_open", &[]), Some(0.0), "closed sockets are no longer counted");

    // Only /metrics is served on that address; the main port has no /metrics without a token.
    let other = client.get(format!("http://127.0.0.1:{port}/api/health")).send().await.unwrap();
    assert_eq!(other.status(), 404);
    let on_main_port = peer.call("GET", "/metrics", None, None).await;
    assert_eq!((on_main_port.status, on_main_port.body["code"].as_str()), (404, Some("not_found")));
}

#[actix_web::test]
async fn the_outbox_depth_age_and_undelivered_emails_are_read_at_scrape_time() {
    let database = TestDatabase::file();
    let db = database.db();
    let port = free_port();
    let data_dir = std::env::temp_dir().join(format!("hometutor-metrics-{}", uuid::Uuid::new_v4().simple()));
    let env = HashMap::from([
        ("DATABASE_URL".to_string(), database.url.clone()),
        ("DATA_DIR".into(), data_dir.display().to_string()),
        ("JWT_SECRET".into(), JWT_SECRET.into()),
        ("METRICS_BIND".into(), format!("127.0.0.1:{port}")),
    ]);
    // No mail worker: what is queued stays queued.
    let peer = PeerProcess::start_with_args(&env, &["serve", "--no-background-jobs"], None).await;
    let email = |to: &str| hometutor_mail::OutgoingEmail {
        to: to.into(),
        subject: "Hello".into(),
        body: "Hello".into(),
        kind: hometutor_mail::MailKind::Notice,
    };
    db.write(|c| {
        hometutor_mail::enqueue(c, &email("one@example.com"))?;
        hometutor_mail::enqueue(c, &email("two@example.com"))?;
        hometutor_mail::enqueue(c, &email("refused@example.com"))?;
        use diesel::prelude::*;
        use hometutor_db::schema::outbox_emails as o;
        diesel::update(o::table.filter(o::recipient.eq("refused@example.com")))
            .set(o::failed_at.eq(Some(hometutor_db::now())))
            .execute(c)?;
        Ok::<_, hometutor_db::DbError>(())
    })
    .unwrap();

    let samples = scrape(&peer.client, &format!("http://127.0.0.1:{port}/metrics")).await;
    assert_eq!(value(&samples, "hometutor_outbox_pending_emails", &[]), Some(2.0));
    assert_eq!(value(&samples, "hometutor_outbox_undelivered_emails", &[]), Some(1.0));
    let age = value(&samples, "hometutor_outbox_oldest_pending_age_seconds", &[]).unwrap();
    assert!((0.0..60.0).contains(&age), "queued a moment ago: {age}");
    drop(peer);
    let _ = std::fs::remove_dir_all(&data_dir);
}

#[actix_web::test]
async fn metrics_on_the_main_port_need_the_token_and_are_a_json_404_when_off() {
    let app = TestApp::start().await;
    let with_token = app.start_peer_process(&[("METRICS_TOKEN", METRICS_TOKEN.to_string())]).await;
    let scrape = |token: Option<&'static str>| {
        let mut req = with_token.client.get(format!("{}/metrics", with_token.base));
        if let Some(token) = token {
            req = req.bearer_auth(token);
        }
        req.send()
    };
    for token in [None, Some("scrape-me-scrape-me-012345678"), Some("")] {
        let refused = scrape(token).await.unwrap();
        assert_eq!(refused.status(), 401, "token {token:?}");
        assert_eq!(refused.headers()["www-authenticate"], "Bearer");
        let body: serde_json::Value = refused.json().await.unwrap();
        assert_eq!(body["code"], "unauthenticated");
    }
    let allowed = scrape(Some(METRICS_TOKEN)).await.unwrap();
    assert_eq!(allowed.status(), 200);
    let samples = parse(&allowed.text().await.unwrap());
    let refusals = [("route", "/metrics"), ("method", "GET"), ("status", "401")];
    assert_eq!(value(&samples, "hometutor_http_requests_total", &refusals), Some(3.0));

    // Neither METRICS_BIND nor METRICS_TOKEN: operational paths a probe tries are JSON 404s.
    let off = app.start_peer_process(&[]).await;
    for path in ["/metrics", "/metrics/", "/metrics/extra", "/healthz", "/readyz", "/livez", "/health"] {
        let reply = off.call("GET", path, None, None).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.headers["content-type"], "application/json", "{path}");
        assert_eq!(reply.body["code"], "not_found", "{path}");
    }
    let page = off.call("GET", "/metricsdashboard", None, None).await;
    assert_eq!(page.status, 200, "a web app route that merely starts alike is the web app's");
}

#[test]
fn a_metrics_bind_that_cannot_be_listened_on_stops_the_start_naming_it() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let database = TestDatabase::file();
    let data_dir = std::env::temp_dir().join(format!("hometutor-metrics-{}", uuid::Uuid::new_v4().simple()));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_hometutor"))
        .env_clear()
        .env("DATABASE_URL", &database.url)
        .env("DATA_DIR", &data_dir)
        .env("JWT_SECRET", JWT_SECRET)
        .env("BIND", format!("127.0.0.1:{}", free_port()))
        .env("METRICS_BIND", taken.local_addr().unwrap().to_string())
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&data_dir);
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("METRICS_BIND"), "{said}");
}

/// The example alert rules parse, and their unit tests (deploy/prometheus-rules.test.yml:
/// each alert fires on the series it watches, and not before) pass under Prometheus' own
/// `promtool` (tests/install/promtool.sh installs it; tests/run.sh runs that first).
#[test]
fn the_example_alert_rules_are_valid_and_fire_when_they_should() {
    let deploy = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../deploy");
    for args in [["check", "rules", "prometheus-rules.yml"], ["test", "rules", "prometheus-rules.test.yml"]] {
        let output = std::process::Command::new("promtool")
            .args(args)
            .current_dir(&deploy)
            .output()
            .unwrap_or_else(|e| panic!("promtool: {e} (install it with tests/install/promtool.sh)"));
        assert!(
            output.status.success(),
            "promtool {args:?}:\n{}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }
}
