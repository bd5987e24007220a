//! Several `hometutor` processes on one database, as an operator scales out:
//! started together on an empty database, migrating at once, running each
//! background job once between them, and sharing chat however each spells the
//! database's address. Runs on SQLite (one file) and on PostgreSQL (TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::socket::{next_event, send, WAIT};
use common::{PeerProcess, TestApp, JWT_SECRET, PASSWORD};
use diesel::prelude::*;
use hometutor_db::schema::users;
use hometutor_db::{Db, DbError};
use hometutor_testkit::{SmtpSink, TestDatabase};
use serde_json::json;
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

/// How many processes start at once.
const PROCESSES: usize = 4;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hometutor-scale-{name}-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

/// What every process of one site is given; each still gets a `DATA_DIR` of its own,
/// as separate machines have.
fn site_env(database: &TestDatabase, smtp: &SmtpSink) -> HashMap<String, String> {
    HashMap::from([
        ("DATABASE_URL".into(), database.url.clone()),
        ("SMTP_URL".into(), smtp.url()),
        ("BCRYPT_COST".into(), "4".into()),
        ("JWT_SECRET".into(), JWT_SECRET.into()),
        ("RUST_LOG".into(), "warn".into()),
    ])
}

fn admins(db: &Db) -> Vec<String> {
    db.read(|c| users::table.filter(users::role.eq("admin")).select(users::email).load(c).map_err(DbError::from))
        .expect("admins")
}

#[actix_web::test]
async fn processes_started_together_on_an_empty_database_all_come_up_with_one_admin() {
    let database = TestDatabase::file();
    let smtp = SmtpSink::start().await.expect("smtp sink");
    let dirs: Vec<_> = (0..PROCESSES).map(|i| temp_dir(&format!("start{i}"))).collect();
    let envs: Vec<_> = dirs
        .iter()
        .map(|dir| {
            let mut env = site_env(&database, &smtp);
            env.insert("DATA_DIR".into(), dir.display().to_string());
            env.insert("ADMIN_EMAIL".into(), "root@example.com".into());
            env.insert("ADMIN_PASSWORD".into(), PASSWORD.into());
            env
        })
        .collect();
    // Each is spawned on the first poll of its future, so all within a moment of each other.
    let processes = futures_util::future::join_all(envs.iter().map(|env| PeerProcess::start(env, None))).await;

    for process in &processes {
        assert!(process.is_running(), "every process is up and healthy");
        let login = process.call(
            "POST",
            "/api/auth/login",
            None,
            Some(json!({"email": "root@example.com", "password": PASSWORD})),
        );
        let login = login.await;
        assert_eq!((login.status, login.body["user"]["role"].as_str()), (200, Some("admin")), "{:?}", login.body);
    }
    let db = Db::connect(&database.url).expect("db");
    assert_eq!(admins(&db), vec!["root@example.com".to_string()], "exactly one admin");
    drop(processes);
    for dir in dirs {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[test]
fn migrate_run_by_several_processes_at_once_applies_each_migration_once() {
    let database = TestDatabase::file();
    let dirs: Vec<_> = (0..PROCESSES).map(|i| temp_dir(&format!("migrate{i}"))).collect();
    let children: Vec<_> = dirs
        .iter()
        .map(|dir| {
            std::process::Command::new(env!("CARGO_BIN_EXE_hometutor"))
                .env_clear()
                .env("PATH", std::env::var("PATH").unwrap_or_default())
                .env("DATABASE_URL", &database.url)
                .env("DATA_DIR", dir)
                .env("JWT_SECRET", JWT_SECRET)
                .arg("migrate")
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("hometutor migrate")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().expect("output");
        assert!(out.status.success(), "migrate failed: {}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stdout).contains("migrations are up to date"));
    }
    let folders = std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../../migrations/sqlite"))
        .expect("migrations")
        .filter(|e| e.as_ref().is_ok_and(|e| e.path().is_dir()))
        .count();
    let db = Db::connect(&database.url).expect("db");
    let applied: i64 = db
        .read(|c| {
            diesel::sql_query("SELECT count(*) AS n FROM __diesel_schema_migrations")
                .get_result::<Count>(c)
                .map(|r| r.n)
                .map_err(DbError::from)
        })
        .expect("applied");
    assert_eq!(applied as usize, folders, "each migration recorded once");
    assert_eq!(hometutor_db::run_migrations(&db).expect("again"), 0, "nothing left to do");
    for dir in dirs {
        let _ = std::fs::remove_dir_all(dir);
    }
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// A fake Cashfree whose orders stay unpaid, noting when each order was asked about.
async fn counting_cashfree() -> (MockServer, Arc<Mutex<Vec<(String, Instant)>>>) {
    let server = MockServer::start().await;
    let asked = Arc::new(Mutex::new(Vec::new()));
    Mock::given(method("POST"))
        .and(path("/pg/orders"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"payment_session_id": "session_xyz"})))
        .mount(&server)
        .await;
    let log = asked.clone();
    let answer = move |req: &wiremock::Request| {
        let id = req.url.path().rsplit('/').next().unwrap_or_default().to_string();
        log.lock().unwrap().push((id.clone(), Instant::now()));
        ResponseTemplate::new(200).set_body_json(
            json!({"order_id": id, "order_status": "ACTIVE", "order_amount": 499.0, "order_currency": "INR"}),
        )
    };
    Mock::given(method("GET")).and(path_regex("^/pg/orders/.+$")).respond_with(answer).mount(&server).await;
    (server, asked)
}

#[actix_web::test]
async fn three_processes_ask_the_provider_about_an_order_once_per_period() {
    let (provider, asked) = counting_cashfree().await;
    let app = TestApp::start_with(&[
        ("PAYMENT_MODE", "cashfree".into()),
        ("CASHFREE_APP_ID", "test-app".into()),
        ("CASHFREE_SECRET_KEY", "cashfree-test-secret".into()),
        ("CASHFREE_BASE_URL", provider.uri()),
        ("PAYMENT_RECONCILE_SECS", "1".into()),
    ])
    .await;
    let _peers = [app.start_peer_process(&[]).await, app.start_peer_process(&[]).await];
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let order = app.call("POST", "/api/payment/create-session", Some(&tutor), None).await;
    assert_eq!(order.status, 200, "{:?}", order.body);
    let order_id = order.body["orderId"].as_str().expect("order id").to_string();

    let asks = |asked: &Mutex<Vec<(String, Instant)>>| -> Vec<Instant> {
        asked.lock().unwrap().iter().filter(|(id, _)| *id == order_id).map(|(_, at)| *at).collect()
    };
    let deadline = Instant::now() + Duration::from_secs(30);
    while asks(&asked).len() < 6 {
        assert!(Instant::now() < deadline, "the reconcilers asked only {} times in 30 s", asks(&asked).len());
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // Three reconcilers each waking every second would ask three times a second;
    // with the lease, the asks are a period apart (less the jitter of a busy machine).
    let times = asks(&asked);
    let gaps: Vec<Duration> = times.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(gaps.iter().all(|g| *g >= Duration::from_millis(700)), "asked more than once a period: {gaps:?}");
}

#[actix_web::test]
async fn a_process_serving_http_only_delivers_no_mail() {
    let database = TestDatabase::file();
    let (http_only_mail, worker_mail) =
        (SmtpSink::start().await.expect("smtp sink"), SmtpSink::start().await.expect("smtp sink"));
    let (dir, worker_dir) = (temp_dir("http-only"), temp_dir("worker"));
    let mut env = site_env(&database, &http_only_mail);
    env.insert("DATA_DIR".into(), dir.display().to_string());
    let log = dir.join("hometutor.log");
    env.insert("RUST_LOG".into(), "info".into());
    let http_only = PeerProcess::start_with_args(&env, &["serve", "--no-background-jobs"], Some(&log)).await;
    let logged = std::fs::read_to_string(&log).expect("log");
    assert!(logged.contains("--no-background-jobs: serving HTTP only"), "it says so at start: {logged}");

    let register = http_only.call(
        "POST",
        "/api/auth/register",
        None,
        Some(json!({"fullname": "Asha Kumar", "role": "parent", "email": "asha@example.com",
                    "phone": "9876543210", "password": PASSWORD})),
    );
    assert_eq!(register.await.status, 201);
    // A process with a worker, on another SMTP server, delivers it: had the first one
    // a worker, woken by its own commit, it would have sent it long before this started.
    let mut worker_env = site_env(&database, &worker_mail);
    worker_env.insert("DATA_DIR".into(), worker_dir.display().to_string());
    let _worker = PeerProcess::start(&worker_env, None).await;
    let delivered = worker_mail.wait_for("asha@example.com", "verification code", WAIT).await;
    assert!(delivered.is_some(), "the code e-mail was queued, and the process with a worker sent it");
    assert!(http_only_mail.mails().is_empty(), "the HTTP-only process sent nothing");
    drop(http_only);
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_dir_all(worker_dir);
}

/// The same database, its address spelled differently: `localhost` for
/// `127.0.0.1`, or a SQLite path through `./`.
fn respelled(url: &str) -> String {
    if url.contains("127.0.0.1") {
        return url.replacen("127.0.0.1", "localhost", 1);
    }
    let (dir, file) = url.rsplit_once('/').expect("a path");
    format!("{dir}/./{file}")
}

#[actix_web::test]
async fn processes_that_spell_the_database_differently_share_chat_through_redis() {
    let app = TestApp::start_with(&[("REDIS_URL", "redis://127.0.0.1:6379".to_string())]).await;
    let url = respelled(&app.database.url);
    assert_ne!(url, app.database.url);
    let peer = app.start_peer_process(&[("DATABASE_URL", url)]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id =
        app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().expect("id");
    let mut p = app.open_socket_at(&app.base, &parent).await;
    let mut t = app.open_socket_at(&peer.base, &tutor).await;
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "across spellings", "clientId": "s1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    let got = next_event(&mut t, WAIT).await.expect("delivered by the other process");
    assert_eq!(got["data"]["text"], "across spellings");
}

#[actix_web::test]
async fn a_token_from_before_a_rotation_works_while_the_previous_secret_is_set() {
    const NEW_SECRET: &str = "the-rotated-secret-the-rotated-secret-42";
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "parent").await;
    let kid = jsonwebtoken::decode_header(&token).expect("header").kid;
    assert!(kid.as_ref().is_some_and(|k| k.len() == 16), "the token names its key");

    let rotated =
        app.start_peer(&[("JWT_SECRET", NEW_SECRET.into()), ("JWT_SECRET_PREVIOUS", JWT_SECRET.into())]).await;
    let dropped = app.start_peer(&[("JWT_SECRET", NEW_SECRET.into())]).await;
    let profile = |base: String, token: String| {
        let client = app.client.clone();
        async move {
            client.get(format!("{base}/api/auth/profile")).bearer_auth(token).send().await.expect("answer").status()
        }
    };
    assert_eq!(profile(rotated.clone(), token.clone()).await, 200, "accepted under JWT_SECRET_PREVIOUS");
    assert_eq!(profile(dropped, token.clone()).await, 401, "refused once it is dropped");
    let login = app.client.post(format!("{rotated}/api/auth/login"));
    let login = login.json(&json!({"email": "asha@example.com", "password": PASSWORD})).send().await.expect("login");
    let new_token =
        login.json::<serde_json::Value>().await.expect("json")["token"].as_str().expect("token").to_string();
    assert_ne!(jsonwebtoken::decode_header(&new_token).expect("header").kid, kid, "new tokens name the new key");
    assert_eq!(profile(app.base.clone(), new_token).await, 401, "the old secret alone cannot check them");
}
