//! PostgreSQL going away under a running server, for real: its sessions killed
//! with `pg_terminate_backend`, and a private cluster stopped and started again.
//! The server answers a clean 503 meanwhile and heals within 5 s, the mail worker
//! and the payment reconciler included.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{TestApp, JWT_SECRET, PASSWORD};
use diesel::prelude::*;
use hometutor_db::testing::TestDatabase;
use hometutor_testkit::SmtpSink;
use serde_json::{json, Value};

/// The promise: once PostgreSQL accepts connections, the service answers within this.
const HEAL_WITHIN: Duration = Duration::from_secs(5);
/// The pool pings a connection on checkout once it has been idle this long (`hometutor_db::pool`).
const IDLE_CHECK_AFTER: Duration = Duration::from_secs(1);

fn test_database_url() -> Option<String> {
    let url = std::env::var("TEST_DATABASE_URL").ok().filter(|u| !u.is_empty());
    if url.is_none() {
        eprintln!("skipped: TEST_DATABASE_URL is unset (these faults need PostgreSQL)");
    }
    url
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

/// Kills every session whose `application_name` is `name` (only this test's: other
/// tests share the database); returns how many.
fn terminate_sessions(admin_url: &str, name: &str) -> i64 {
    let mut admin = PgConnection::establish(admin_url).expect("admin connection");
    diesel::sql_query(
        "SELECT count(pg_terminate_backend(pid)) AS n FROM pg_stat_activity \
         WHERE application_name = $1 AND pid <> pg_backend_pid()",
    )
    .bind::<diesel::sql_types::Text, _>(name)
    .get_result::<Count>(&mut admin)
    .expect("terminate")
    .n
}

fn sessions(admin_url: &str, name: &str) -> i64 {
    let mut admin = PgConnection::establish(admin_url).expect("admin connection");
    diesel::sql_query("SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1")
        .bind::<diesel::sql_types::Text, _>(name)
        .get_result::<Count>(&mut admin)
        .expect("count")
        .n
}

/// A failure during the fault must be the documented one, never a 500.
fn assert_clean_unavailable(status: u16, body: &Value) {
    assert_eq!(status, 503, "a request hit by the fault answers 503, got {status} {body}");
    assert_eq!(body["code"], "database_unavailable", "{body}");
    assert!(body["message"].as_str().is_some_and(|m| m.contains("try again")), "{body}");
}

#[actix_web::test]
async fn killed_postgres_sessions_are_replaced_and_requests_succeed_again() {
    let Some(admin_url) = test_database_url() else { return };
    let database = TestDatabase::file();
    let app_name = format!("ht_kill_{}", uuid_suffix());
    let url = format!("{}&application_name={app_name}", database.url);
    let app = TestApp::start_with(&[("DATABASE_URL", url)]).await;
    let token = app.verified_user("killed@example.com", "parent").await;
    assert!(sessions(&admin_url, &app_name) > 0, "the server's sessions carry the test's application_name");

    // Killed while idle: a connection idle for more than a second is pinged as it
    // is checked out, so once the pool has been quiet that long no request notices.
    // (One used within the second is trusted without a round trip; if it was
    // killed, its next call fails once and it is discarded: see the load below.)
    assert!(terminate_sessions(&admin_url, &app_name) > 0);
    wait_until_gone(&admin_url, &app_name).await;
    tokio::time::sleep(IDLE_CHECK_AFTER + Duration::from_millis(100)).await;
    let profile = app.call("GET", "/api/auth/profile", Some(&token), None).await;
    assert_eq!(profile.status, 200, "idle connections killed behind the pool's back are replaced: {}", profile.body);
    assert_eq!(app.call("GET", "/api/health", None, None).await.status, 200);

    // Killed mid-load, three times: in-flight requests may fail once, cleanly.
    let load = {
        let client = app.client.clone();
        let base = app.base.clone();
        let token = token.clone();
        tokio::spawn(async move {
            let mut seen = Vec::new();
            let stop = Instant::now() + Duration::from_secs(4);
            while Instant::now() < stop {
                let calls = (0..8).map(|i| {
                    let req = if i % 2 == 0 {
                        client.get(format!("{base}/api/auth/profile")).bearer_auth(&token)
                    } else {
                        client
                            .post(format!("{base}/api/auth/login"))
                            .json(&json!({"email": "killed@example.com", "password": PASSWORD}))
                    };
                    async move {
                        let res = req.send().await.expect("the server answers");
                        let status = res.status().as_u16();
                        (status, res.json::<Value>().await.unwrap_or(Value::Null))
                    }
                });
                seen.extend(futures_util::future::join_all(calls).await);
            }
            seen
        })
    };
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(600)).await;
        terminate_sessions(&admin_url, &app_name);
    }
    let seen = load.await.expect("load");
    let failures: Vec<_> = seen.iter().filter(|(s, _)| *s != 200).collect();
    for (status, body) in &failures {
        assert_clean_unavailable(*status, body);
    }
    eprintln!("{} requests under the kills, {} answered 503", seen.len(), failures.len());

    let killed_at = Instant::now();
    terminate_sessions(&admin_url, &app_name);
    wait_for_success(&app, &token, killed_at).await;
    // And it stays healed: every following request succeeds.
    for _ in 0..20 {
        assert_eq!(app.call("GET", "/api/auth/profile", Some(&token), None).await.status, 200);
    }
}

async fn wait_until_gone(admin_url: &str, name: &str) {
    let deadline = Instant::now() + Duration::from_secs(5);
    while sessions(admin_url, name) > 0 {
        assert!(Instant::now() < deadline, "terminated sessions did not go away");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Polls the profile and health until both answer 200, at most [`HEAL_WITHIN`] after `since`.
async fn wait_for_success(app: &TestApp, token: &str, since: Instant) {
    loop {
        let profile = app.call("GET", "/api/auth/profile", Some(token), None).await;
        let health = app.call("GET", "/api/health", None, None).await;
        if profile.status == 200 && health.status == 200 {
            eprintln!("healed {:?} after the fault ended", since.elapsed());
            return;
        }
        if profile.status != 200 {
            assert_clean_unavailable(profile.status, &profile.body);
        }
        assert!(
            since.elapsed() < HEAL_WITHIN,
            "not healed within {HEAL_WITHIN:?}: {} {}",
            profile.status,
            profile.body
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn uuid_suffix() -> String {
    use std::time::{SystemTime, UNIX_EPOCH};
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0);
    format!("{:x}{:x}", nanos & 0xffff_ffff_ffff, std::process::id())
}

/// A PostgreSQL cluster of this test's own, in a temporary directory on a free
/// port, so it can be stopped without disturbing anyone. Removed when dropped.
struct PrivateCluster {
    bin: PathBuf,
    dir: PathBuf,
    port: u16,
}

impl PrivateCluster {
    /// `Err` says why none can be made here (no PostgreSQL binaries).
    fn create() -> Result<Self, String> {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .map_err(|_| "no PostgreSQL server binaries in /usr/lib/postgresql".to_string())?
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|b| b.join("initdb").exists())
            .max()
            .ok_or("no initdb under /usr/lib/postgresql/*/bin")?;
        let port = free_port();
        let dir = std::env::temp_dir().join(format!("hometutor-pg-{}", uuid_suffix()));
        let cluster = Self { bin, dir, port };
        // initdb refuses to run as root; the cluster then belongs to user postgres.
        cluster.run("mkdir", &["-p", &cluster.dir.display().to_string()])?;
        let data = cluster.data();
        cluster.run(
            &cluster.bin.join("initdb").display().to_string(),
            &["-D", &data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
        )?;
        Ok(cluster)
    }

    fn data(&self) -> String {
        self.dir.join("data").display().to_string()
    }

    /// Runs a command as the user postgres when we are root, else as ourselves.
    fn run(&self, program: &str, args: &[&str]) -> Result<(), String> {
        let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        let mut cmd = if root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--", program]);
            c
        } else {
            Command::new(program)
        };
        let out = cmd.args(args).stdin(Stdio::null()).output().map_err(|e| format!("{program}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!("{program} {args:?} failed: {}", String::from_utf8_lossy(&out.stderr)))
        }
    }

    /// Starts the server and returns once it accepts connections.
    fn start(&self) {
        let options = format!("-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off", self.port, self.dir.display());
        let log = self.dir.join("server.log").display().to_string();
        let pg_ctl = self.bin.join("pg_ctl").display().to_string();
        self.run(&pg_ctl, &["-D", &self.data(), "-l", &log, "-o", &options, "-w", "start"]).expect("pg_ctl start");
    }

    /// Stops the server the hard way, as a crash or a fail-over would.
    fn stop(&self) {
        let pg_ctl = self.bin.join("pg_ctl").display().to_string();
        self.run(&pg_ctl, &["-D", &self.data(), "-m", "immediate", "-w", "stop"]).expect("pg_ctl stop");
    }

    fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for PrivateCluster {
    fn drop(&mut self) {
        let pg_ctl = self.bin.join("pg_ctl").display().to_string();
        let _ = self.run(&pg_ctl, &["-D", &self.data(), "-m", "immediate", "stop"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("port").port()
}

/// The built `hometutor` binary, killed when dropped.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[actix_web::test]
async fn server_heals_after_its_postgres_cluster_is_stopped_and_started() {
    if test_database_url().is_none() {
        return;
    }
    let cluster = match PrivateCluster::create() {
        Ok(c) => c,
        Err(reason) => {
            eprintln!("skipped: cannot create a private PostgreSQL cluster: {reason}");
            return;
        }
    };
    cluster.start();
    let smtp = SmtpSink::start().await.expect("smtp sink");
    let data_dir = cluster.dir.join("app");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    // The server's log, read to see the reconciler meet the outage.
    let log_path = cluster.dir.join("hometutor.log");
    let log = std::fs::File::create(&log_path).expect("log file");
    let mut server = Server(
        Command::new(env!("CARGO_BIN_EXE_hometutor"))
            .env("BIND", format!("127.0.0.1:{port}"))
            .env("DATABASE_URL", cluster.url())
            .env("DATA_DIR", &data_dir)
            .env("SMTP_URL", smtp.url())
            .env("BCRYPT_COST", "4")
            .env("JWT_SECRET", JWT_SECRET)
            .env("PAYMENT_RECONCILE_SECS", "1")
            .env("RUST_LOG", "warn,hometutor_payments=info")
            .stdout(log)
            .spawn()
            .expect("the server binary starts"),
    );
    // No kept-alive connections: one idle through the outage may be closed by the server
    // just as it is reused, which is the client's race, not the server's failure.
    let client =
        reqwest::Client::builder().timeout(Duration::from_secs(15)).pool_max_idle_per_host(0).build().expect("client");
    let call = |method: reqwest::Method, path: &str, token: Option<&str>, body: Option<Value>| {
        let mut req = client.request(method, format!("{base}{path}"));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        async move {
            // Status 0: no answer at all (only expected while the process starts).
            match req.send().await {
                Ok(res) => (res.status().as_u16(), res.json::<Value>().await.unwrap_or(Value::Null)),
                Err(_) => (0, Value::Null),
            }
        }
    };
    let started = Instant::now();
    while call(reqwest::Method::GET, "/api/health", None, None).await.0 != 200 {
        assert!(started.elapsed() < Duration::from_secs(30), "the server did not come up");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let register = |email: &'static str, role: &'static str| {
        call(
            reqwest::Method::POST,
            "/api/auth/register",
            None,
            Some(
                json!({"fullname": "Asha Kumar", "role": role, "email": email, "phone": "9876543210", "password": PASSWORD}),
            ),
        )
    };
    let (register_ref, call_ref, sink) = (&register, &call, &smtp);
    let verified_login = |email: &'static str, role: &'static str| async move {
        let (register, call) = (register_ref, call_ref);
        assert_eq!(register(email, role).await.0, 201);
        let mail = sink.wait_for(email, "Your verification code:", Duration::from_secs(10)).await;
        let code = mail.expect("the e-mail arrives").code_after("Your verification code:", 6).expect("code");
        let verify = json!({"email": email, "otp": code});
        assert_eq!(call(reqwest::Method::POST, "/api/verify/email-otp", None, Some(verify)).await.0, 200);
        let login = json!({"email": email, "password": PASSWORD});
        let (status, body) = call(reqwest::Method::POST, "/api/auth/login", None, Some(login)).await;
        assert_eq!(status, 200, "{body}");
        body["token"].as_str().expect("token").to_string()
    };
    let token = verified_login("before@example.com", "parent").await;
    // A tutor's checkout whose browser never comes back: only the reconciler can confirm it.
    let tutor = verified_login("tutor@example.com", "tutor").await;
    let (status, order) = call(reqwest::Method::POST, "/api/payment/create-session", Some(&tutor), None).await;
    assert_eq!(status, 200, "{order}");
    let order_id = order["orderId"].clone();

    cluster.stop();
    let (status, body) = call(reqwest::Method::GET, "/api/auth/profile", Some(&token), None).await;
    assert_clean_unavailable(status, &body);
    let (status, body) = call(reqwest::Method::GET, "/api/health", None, None).await;
    assert_eq!((status, body["database"].as_str()), (503, Some("unreachable")), "{body}");
    // The reconciler (every second here) runs into the outage, and lives on.
    let outage = Instant::now();
    while !std::fs::read_to_string(&log_path).unwrap_or_default().contains("payment reconciler") {
        assert!(
            outage.elapsed() < Duration::from_secs(10),
            "the reconciler never ran during the outage; the server logged:\n{}",
            std::fs::read_to_string(&log_path).unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }

    cluster.start();
    let accepting = Instant::now();
    loop {
        let (profile, body) = call(reqwest::Method::GET, "/api/auth/profile", Some(&token), None).await;
        let (health, _) = call(reqwest::Method::GET, "/api/health", None, None).await;
        if profile == 200 && health == 200 {
            break;
        }
        if profile != 200 {
            if profile == 0 {
                panic!(
                    "no answer after {:?}; server exited: {:?}; log:\n{}",
                    accepting.elapsed(),
                    server.0.try_wait(),
                    std::fs::read_to_string(&log_path).unwrap_or_default()
                );
            }
            assert_clean_unavailable(profile, &body);
        }
        assert!(accepting.elapsed() < HEAL_WITHIN, "API not healed within {HEAL_WITHIN:?} of PostgreSQL starting");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let api_healed = accepting.elapsed();

    // The mail worker lived through the outage: a new e-mail goes out.
    assert_eq!(register("after@example.com", "parent").await.0, 201);
    let left = HEAL_WITHIN.saturating_sub(accepting.elapsed()).max(Duration::from_millis(500));
    assert!(
        smtp.wait_for("after@example.com", "Your verification code:", left).await.is_some(),
        "the mail worker sends again within {HEAL_WITHIN:?} of PostgreSQL starting"
    );
    let mail_healed = accepting.elapsed();

    // The reconciler lived through it too: the provider now reports the order paid, and
    // without the browser calling verify, the subscription becomes active.
    let pay = json!({"orderId": order_id});
    let (status, body) =
        call(reqwest::Method::POST, "/api/payment-dev/simulate-payment", Some(&tutor), Some(pay)).await;
    assert_eq!(status, 200, "{body}");
    let paid = Instant::now();
    loop {
        let (status, profile) = call(reqwest::Method::GET, "/api/auth/profile", Some(&tutor), None).await;
        assert_eq!(status, 200, "{profile}");
        if profile["user"]["subscriptionActive"] == json!(true) {
            break;
        }
        assert!(
            paid.elapsed() < HEAL_WITHIN,
            "the reconciler did not confirm the payment after the outage; the server logged:\n{}",
            std::fs::read_to_string(&log_path).unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    eprintln!(
        "API healed {api_healed:?}, mail {mail_healed:?} after PostgreSQL accepted connections; \
         the reconciler confirmed a payment {:?} after the provider reported it",
        paid.elapsed()
    );
}
