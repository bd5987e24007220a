//! Three real `hometutor` processes as an operator runs them (docs/deploy.md): each with its own
//! `DATA_DIR`, as on separate machines; one fresh PostgreSQL database, one Redis, one SMTP server,
//! one payment provider (a fake Cashfree on loopback); nginx in front with `deploy/nginx.conf`.
//! The processes are started at the same instant on the empty database.

use std::path::PathBuf;

use futures_util::FutureExt;
use hometutor_accounts::NewUser;
use hometutor_core::Role;
use hometutor_db::{Db, DbError};
use hometutor_testkit::{S3Server, SmtpSink};
use serde_json::{json, Value};
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

use super::services::{free_port, nginx_binary, FreshDatabase, Nginx, NGINX_INSTALLER};
use crate::common::socket::Socket;
use crate::common::{call, PeerProcess, Reply, JWT_SECRET, PASSWORD};
use hometutor_testkit::PrivateRedis;

pub const NODES: usize = 3;
/// Every process is started with this admin (`ADMIN_EMAIL`), as an operator's shared settings would.
pub const ADMIN_EMAIL: &str = "admin@cluster.example";
pub const CASHFREE_SECRET: &str = "cluster-cashfree-secret";

pub struct Cluster {
    /// Declared first: the processes stop before what they run on goes away.
    pub nodes: Vec<PeerProcess>,
    nginx: Nginx,
    pub client: reqwest::Client,
    pub smtp: SmtpSink,
    /// The fake Cashfree: `received_requests` is what the provider was asked.
    pub provider: MockServer,
    /// The shared database, for setup and for counting what was written.
    pub db: Db,
    _redis: PrivateRedis,
    /// The uploads' object store, shared by every process (`UPLOADS_URL=s3://…`).
    _s3: S3Server,
    _database: FreshDatabase,
    dir: PathBuf,
}

/// `TEST_DATABASE_URL`, or None with the reason printed (a cluster needs PostgreSQL).
fn test_database_url() -> Option<String> {
    let url = std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty());
    if url.is_none() {
        eprintln!(
            "skipped: TEST_DATABASE_URL is unset (several processes share one PostgreSQL; SQLite is one machine's)"
        );
    }
    url
}

/// The settings every process gets, as an operator sets them on every machine. Whatever a new
/// shared service needs (e.g. `UPLOADS_URL` with its `AWS_*` variables) is one more line here.
fn shared_env(
    database: &str,
    redis: &str,
    smtp: &str,
    provider: &str,
    public_url: &str,
) -> Vec<(&'static str, String)> {
    vec![
        ("DATABASE_URL", database.into()),
        ("REDIS_URL", redis.into()),
        ("JWT_SECRET", JWT_SECRET.into()),
        ("TRUSTED_PROXIES", "127.0.0.1".into()),
        ("PUBLIC_URL", public_url.into()),
        ("SMTP_URL", smtp.into()),
        ("BCRYPT_COST", "4".into()),
        ("ADMIN_EMAIL", ADMIN_EMAIL.into()),
        ("ADMIN_PASSWORD", PASSWORD.into()),
        ("PAYMENT_MODE", "cashfree".into()),
        ("CASHFREE_APP_ID", "cluster-app".into()),
        ("CASHFREE_SECRET_KEY", CASHFREE_SECRET.into()),
        ("CASHFREE_BASE_URL", provider.into()),
        ("PAYMENT_RECONCILE_SECS", "1".into()),
    ]
}

impl Cluster {
    /// None (skipped, with the reason printed) without `TEST_DATABASE_URL`; with it, a missing nginx
    /// fails the test, naming the script that installs it.
    pub async fn start() -> Option<Self> {
        let admin_url = test_database_url()?;
        let nginx = nginx_binary()
            .unwrap_or_else(|| panic!("nginx is not installed: run {NGINX_INSTALLER} (tests/run.sh does)"));
        let dir = std::env::temp_dir().join(format!("hometutor-cluster-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).expect("cluster dir");
        let database = FreshDatabase::create(&admin_url);
        let redis = PrivateRedis::start();
        let smtp = SmtpSink::start().await.expect("smtp sink");
        let provider = fake_cashfree().await;
        let port = free_port();
        let public_url = format!("http://127.0.0.1:{port}");
        let s3 = S3Server::start().expect("an S3-protocol server for the uploads (HOMETUTOR_SKIP_S3 is set)");
        let mut shared = shared_env(&database.url, &redis.url(), &smtp.url(), &provider.uri(), &public_url);
        shared.extend(s3.env("cluster/uploads"));

        // All at the same instant, on the empty database: each migrates, creates the admin, starts
        // its background work, all at once.
        let starts = (0..NODES).map(|i| {
            let mut env: std::collections::HashMap<String, String> =
                shared.iter().map(|(k, v)| (k.to_string(), v.clone())).collect();
            env.insert("DATA_DIR".into(), dir.join(format!("node-{i}")).display().to_string());
            let log = dir.join(format!("node-{i}.log"));
            async move { std::panic::AssertUnwindSafe(PeerProcess::start(&env, Some(&log))).catch_unwind().await }
        });
        let started = futures_util::future::join_all(starts).await;
        let mut nodes = Vec::new();
        let mut failures = Vec::new();
        for (i, result) in started.into_iter().enumerate() {
            match result {
                Ok(node) => nodes.push(node),
                Err(panic) => {
                    let why = panic.downcast_ref::<String>().cloned().unwrap_or_default();
                    let log = std::fs::read_to_string(dir.join(format!("node-{i}.log"))).unwrap_or_default();
                    let tail: Vec<&str> = log.lines().rev().take(6).collect::<Vec<_>>().into_iter().rev().collect();
                    failures.push(format!("process {}: {why}\n    {}", i + 1, tail.join("\n    ")));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{} of {NODES} processes came up when started together on an empty database:\n{}",
            nodes.len(),
            failures.join("\n")
        );
        let upstreams: Vec<String> = nodes.iter().map(|n| n.base.trim_start_matches("http://").to_string()).collect();
        let nginx = Nginx::start(&nginx, &dir, port, &upstreams);
        assert_eq!(nginx.base, public_url);
        let client = crate::common::client();
        let db = Db::connect(&database.url).expect("the cluster's database");
        Some(Self { nodes, nginx, client, smtp, provider, db, _redis: redis, _s3: s3, _database: database, dir })
    }

    /// nginx's address: what users reach.
    pub fn balancer(&self) -> &str {
        &self.nginx.base
    }

    /// A request through nginx.
    pub async fn call(&self, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        call(&self.client, self.balancer(), method, path, token, body).await
    }

    /// A client whose connections come from `ip` (any 127.x.y.z: all of 127/8 is loopback), so nginx
    /// sees a client of that address.
    pub fn client_from(ip: &str) -> reqwest::Client {
        crate::common::client_builder()
            .local_address(ip.parse::<std::net::IpAddr>().expect("an address"))
            .build()
            .expect("client")
    }

    /// An active account with a verified address and [`PASSWORD`], written straight into the
    /// database (the registration round trip is a scenario of its own); logged in through nginx.
    /// Returns its id and token.
    pub async fn user(&self, email: &str, role: &str) -> (i64, String) {
        let id = self.account(email, role, true);
        (id, self.login(email).await)
    }

    /// An active account with [`PASSWORD`], its address verified or not, written straight into the
    /// database; returns its id.
    pub fn account(&self, email: &str, role: &str, email_verified: bool) -> i64 {
        let hash = hometutor_auth::PasswordHasher::new(4, 1).expect("hasher").hash(PASSWORD).expect("hash");
        let account = NewUser {
            fullname: "Asha Kumar",
            email,
            phone: "9876543210",
            password_hash: &hash,
            role: Role::parse(role).expect("parent, tutor or admin"),
            email_verified,
        };
        self.db.write(|c| hometutor_accounts::insert(c, &account).map_err(DbError::from)).expect("account").0
    }

    /// Logs in through nginx with [`PASSWORD`]; returns the token.
    pub async fn login(&self, email: &str) -> String {
        let reply =
            self.call("POST", "/api/auth/login", None, Some(json!({"email": email, "password": PASSWORD}))).await;
        assert_eq!(reply.status, 200, "login of {email}: {:?}", reply.body);
        reply.body["token"].as_str().expect("token").to_string()
    }

    /// A single-use chat ticket, asked for through nginx.
    pub async fn ticket(&self, token: &str) -> String {
        let reply = self.call("POST", "/api/chat/ticket", Some(token), None).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        reply.body["ticket"].as_str().expect("ticket").to_string()
    }

    /// A chat socket of `token`'s user on the server at `base` (a process, or nginx).
    pub async fn socket(&self, base: &str, token: &str) -> Socket {
        let url = socket_url(base, &self.ticket(token).await);
        tokio_tungstenite::connect_async(url).await.unwrap_or_else(|e| panic!("socket on {base}: {e}")).0
    }
}

pub fn socket_url(base: &str, ticket: &str) -> String {
    format!("{}/api/ws?ticket={ticket}", base.replacen("http", "ws", 1))
}

impl Drop for Cluster {
    fn drop(&mut self) {
        // A failed test keeps the processes' and nginx's logs to read.
        if std::thread::panicking() {
            eprintln!("cluster logs kept in {}", self.dir.display());
        } else {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A fake Cashfree: opens every order, and reports every order unpaid (ACTIVE), so it stays
/// pending and the reconciler keeps asking about it.
async fn fake_cashfree() -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/pg/orders"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"payment_session_id": "session_cluster"})))
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path_regex("^/pg/orders/.+$"))
        .respond_with(|req: &wiremock::Request| {
            let id = req.url.path().rsplit('/').next().unwrap_or_default().to_string();
            ResponseTemplate::new(200).set_body_json(
                json!({"order_id": id, "order_status": "ACTIVE", "order_amount": 499.0, "order_currency": "INR"}),
            )
        })
        .mount(&server)
        .await;
    server
}
