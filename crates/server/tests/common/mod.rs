//! Starts the real server on port 0 with a private database and a real SMTP sink.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing
#![allow(dead_code)]

pub mod bookings;
pub mod calendar;
mod contact;
pub mod images;
pub mod lessons;
pub mod process;
pub mod socket;
mod users;

use std::collections::HashMap;
use std::time::Duration;

use hometutor_server::{Application, Settings};
use hometutor_testkit::{SmtpSink, TestDatabase};
use serde_json::{json, Value};

pub use process::PeerProcess;

pub const PASSWORD: &str = "correct horse battery";
pub const JWT_SECRET: &str = "api-test-secret-api-test-secret-0123456789";

pub struct TestApp {
    pub base: String,
    /// The environment this server was started with, for starting a second process beside it.
    env: HashMap<String, String>,
    pub client: reqwest::Client,
    pub smtp: SmtpSink,
    pub database: TestDatabase,
    pub data_dir: std::path::PathBuf,
}

/// An HTTP client as the tests use it. It lets a connection idle for less than the server's
/// keep-alive (actix's default, 5 s): a connection the server closes after 5 s of silence and the
/// client reuses at that instant fails its request with `IncompleteMessage` (seen after a fault
/// test's 5-second restart of the S3 server). Browsers retry such a request; reqwest does not for a POST.
pub fn client() -> reqwest::Client {
    client_builder().build().expect("client")
}

/// [`client`]'s settings, for a client that needs one more (e.g. a local address).
pub fn client_builder() -> reqwest::ClientBuilder {
    reqwest::Client::builder().timeout(Duration::from_secs(15)).pool_idle_timeout(Duration::from_secs(2))
}

pub struct Reply {
    pub status: u16,
    pub headers: reqwest::header::HeaderMap,
    pub body: Value,
}

impl TestApp {
    pub async fn start() -> Self {
        Self::start_with(&[]).await
    }

    /// Extra environment, e.g. `("ADMIN_EMAIL", …)`; `SMTP_URL` may be overridden.
    pub async fn start_with(extra: &[(&str, String)]) -> Self {
        let smtp = SmtpSink::start().await.expect("smtp sink");
        let database = TestDatabase::file();
        let data_dir = std::env::temp_dir().join(format!("hometutor-api-{}", uuid::Uuid::new_v4().simple()));
        let mut env: HashMap<String, String> = HashMap::from([
            ("BIND".into(), "127.0.0.1:0".into()),
            ("DATABASE_URL".into(), database.url.clone()),
            ("DATA_DIR".into(), data_dir.display().to_string()),
            ("SMTP_URL".into(), smtp.url()),
            ("BCRYPT_COST".into(), "4".into()),
            // Tests post as many requests as they need; the limit's own test sets it.
            ("PARENT_REQUESTS_PER_DAY".into(), "1000".into()),
            ("JWT_SECRET".into(), JWT_SECRET.into()),
        ]);
        for (k, v) in extra {
            env.insert(k.to_string(), v.clone());
        }
        let base = serve(&env).await;
        let client = client();
        Self { base, env, client, smtp, database, data_dir }
    }

    /// A second server process on the same database and secrets (with `extra` on top); returns its base URL.
    pub async fn start_peer(&self, extra: &[(&str, String)]) -> String {
        let mut env = self.env.clone();
        for (k, v) in extra {
            env.insert(k.to_string(), v.clone());
        }
        serve(&env).await
    }

    /// A second server as its own operating-system process (the built `hometutor`
    /// binary) on the same database and secrets, with `extra` on top.
    pub async fn start_peer_process(&self, extra: &[(&str, String)]) -> PeerProcess {
        let mut env = self.env.clone();
        env.insert("RUST_LOG".into(), "warn".into());
        for (k, v) in extra {
            env.insert(k.to_string(), v.clone());
        }
        PeerProcess::start(&env, None).await
    }

    /// [`Self::start_peer_process`] whose log (`info`, one JSON object per line) goes to `log`.
    pub async fn start_peer_process_logging_to(&self, extra: &[(&str, String)], log: &std::path::Path) -> PeerProcess {
        let mut env = self.env.clone();
        env.insert("RUST_LOG".into(), "info".into());
        env.insert("LOG_FORMAT".into(), "json".into());
        for (k, v) in extra {
            env.insert(k.to_string(), v.clone());
        }
        PeerProcess::start(&env, Some(log)).await
    }

    pub async fn call(&self, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        call(&self.client, &self.base, method, path, token, body).await
    }

    /// [`TestApp::call`] with more request headers (`Accept-Language`, say).
    pub async fn call_with(
        &self,
        headers: &[(&str, &str)],
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Reply {
        call_with(&self.client, &self.base, headers, method, path, token, body).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Reply {
        self.call("POST", path, None, Some(body)).await
    }

    pub async fn register(&self, email: &str, role: &str) -> Reply {
        self.post(
            "/api/auth/register",
            json!({"fullname": "Asha Kumar", "role": role, "email": email, "phone": "9876543210", "password": PASSWORD}),
        )
        .await
    }

    /// Waits for the newest mail to `to` containing `label` and returns the 6-digit code after it.
    pub async fn code_from_mail(&self, to: &str, label: &str) -> String {
        let mail = self.smtp.wait_for(to, label, Duration::from_secs(10)).await.expect("the e-mail arrives");
        mail.code_after(label, 6).expect("a 6-digit code")
    }

    pub async fn login(&self, email: &str, password: &str) -> String {
        let reply = self.post("/api/auth/login", json!({"email": email, "password": password})).await;
        assert_eq!(reply.status, 200, "{:?}", reply.body);
        reply.body["token"].as_str().expect("token").to_string()
    }

    /// Subscribes a tutor through the simulated checkout, as the web app does.
    pub async fn subscribe(&self, tutor: &str) {
        let order = self.call("POST", "/api/payment/create-session", Some(tutor), None).await.body["orderId"].clone();
        let confirm =
            self.call("POST", "/api/payment-dev/simulate-payment", Some(tutor), Some(json!({"orderId": order}))).await;
        assert_eq!(confirm.status, 200);
        let verify = self.call("POST", "/api/payment/verify", Some(tutor), Some(json!({"orderId": order}))).await;
        assert_eq!(verify.status, 200);
    }

    /// Writes the tutor's about text and fee per hour as the profile screen does: with a teaching
    /// area naming a subject, what public tutor search needs to list them (complete enough to judge).
    pub async fn judgeable_profile(&self, tutor: &str, about: &str, fee_per_hour: i64) {
        let me = self.call("GET", "/api/auth/profile", Some(tutor), None).await.body;
        let key = me["user"]["id"].as_i64().expect("the tutor's id");
        let body = json!({"about": about, "feePerHour": fee_per_hour});
        let saved = self.call("PUT", &format!("/api/tutors/{key}"), Some(tutor), Some(body)).await;
        assert_eq!(saved.status, 200, "{:?}", saved.body);
    }

    /// The server's database: the one its `DATABASE_URL` names, which a test may have set.
    pub fn db(&self) -> hometutor_db::Db {
        hometutor_db::Db::connect(&self.env["DATABASE_URL"]).expect("db")
    }
}

async fn serve(env: &HashMap<String, String>) -> String {
    show_server_warnings_in_failed_tests();
    let settings = Settings::from_lookup(|k| env.get(k).cloned()).expect("settings");
    let app = Application::build(settings).await.expect("server starts");
    let base = format!("http://127.0.0.1:{}", app.port());
    actix_web::rt::spawn(app.run_until_stopped());
    base
}

/// The in-process servers' warnings and errors (or what `RUST_LOG` asks for) go to the
/// test's captured output, so a failing test shows why the server answered as it did
/// ("internal error" and its cause); passing tests print nothing.
fn show_server_warnings_in_failed_tests() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn"));
    // Only the first server of a test binary installs it; the rest find it there.
    let _ = tracing_subscriber::fmt().with_env_filter(filter).with_ansi(false).with_test_writer().try_init();
}

/// A request to the server at `base`; the body is JSON when it parses, else the text.
pub async fn call(
    client: &reqwest::Client,
    base: &str,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Reply {
    call_with(client, base, &[], method, path, token, body).await
}

/// [`call`] with more request headers.
pub async fn call_with(
    client: &reqwest::Client,
    base: &str,
    headers: &[(&str, &str)],
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Reply {
    let method = reqwest::Method::from_bytes(method.as_bytes()).expect("method");
    let mut req = client.request(method, format!("{base}{path}"));
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if let Some(b) = body {
        req = req.json(&b);
    }
    let res = req.send().await.unwrap_or_else(|e| panic!("{path}: no answer: {e}"));
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    let text = res.text().await.unwrap_or_default();
    let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
    Reply { status, headers, body }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}
