//! The log as an operator reads it, from the real binary run with `RUST_LOG=trace`: one access
//! line per request with its fields, the request id echoed in `X-Request-Id` (a trusted proxy's
//! kept, anyone else's replaced), JSON lines that parse, text without colour codes in a file, and
//! none of the passwords, tokens, codes, tickets or the site secret a whole session used.
//! Runs on PostgreSQL too when TEST_DATABASE_URL is set.

use crate::common;

use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::socket::{ack_of, send};
use common::PeerProcess;
use hometutor_testkit::{insert_user, SmtpSink, TestDatabase};
use regex::Regex;
use serde_json::{json, Value};

const SITE_SECRET: &str = "logs-test-site-secret-0123456789-abcdefghij";
const FIRST_PASSWORD: &str = "first Pa55word of the log test";
const NEW_PASSWORD: &str = "second Pa55word of the log test";
const WRONG_PASSWORD: &str = "wrong Pa55word of the log test";
const EMAIL: &str = "logged.parent@example.com";
/// What a client may choose as its request id, and a trusted proxy's (nginx's `$request_id` shape).
const CLIENTS_ID: &str = "chosen-by-the-client-1";
const PROXYS_ID: &str = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";

/// A request the test made and what its access line must say.
struct Made {
    id: String,
    method: &'static str,
    route: &'static str,
    path: String,
    status: u16,
    client: &'static str,
    user: Option<i64>,
}

/// The server, its log file and what the session used that must never reach the log.
struct Session {
    log: String,
    made: Vec<Made>,
    secrets: Vec<(String, String)>,
}

struct Site {
    server: PeerProcess,
    smtp: SmtpSink,
    log: PathBuf,
    database: TestDatabase,
    data_dir: PathBuf,
    /// A client whose connections come from 127.0.0.2: not a trusted proxy.
    stranger: reqwest::Client,
}

impl Drop for Site {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.data_dir);
    }
}

async fn start(format: &str) -> Site {
    let smtp = SmtpSink::start().await.expect("smtp sink");
    let database = TestDatabase::file();
    let data_dir = std::env::temp_dir().join(format!("hometutor-logs-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&data_dir).expect("data dir");
    let log = data_dir.join("server.log");
    let env: HashMap<String, String> = HashMap::from([
        ("DATABASE_URL".into(), database.url.clone()),
        ("DATA_DIR".into(), data_dir.display().to_string()),
        ("SMTP_URL".into(), smtp.url()),
        ("BCRYPT_COST".into(), "4".into()),
        ("JWT_SECRET".into(), SITE_SECRET.into()),
        // Beyond the `debug` an operator chasing a problem sets: nothing may leak at any level.
        ("RUST_LOG".into(), "trace".into()),
        ("LOG_FORMAT".into(), format.into()),
        // The test's own connections come from 127.0.0.1: a proxy the site trusts.
        ("TRUSTED_PROXIES".into(), "127.0.0.1".into()),
    ]);
    let server = PeerProcess::start(&env, Some(&log)).await;
    let stranger = reqwest::Client::builder()
        .local_address("127.0.0.2".parse::<IpAddr>().ok())
        .timeout(Duration::from_secs(15))
        .build()
        .expect("client");
    Site { server, smtp, log, database, data_dir, stranger }
}

impl Site {
    /// A request through the trusted proxy (127.0.0.1) for the client 198.51.100.7.
    async fn call(
        &self,
        method: &'static str,
        route: &'static str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (Made, Value) {
        let mut request = self
            .server
            .client
            .request(method.parse().expect("method"), format!("{}{path}", self.server.base))
            .header("x-forwarded-for", "198.51.100.7");
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("an answer");
        let made =
            made_from(method, route, path, response.status().as_u16(), header(response.headers()), "198.51.100.7");
        let body = response.json::<Value>().await.unwrap_or(Value::Null);
        (made, body)
    }

    async fn mailed_code(&self, label: &str) -> String {
        let mail = self.smtp.wait_for(EMAIL, label, Duration::from_secs(10)).await.expect("the e-mail");
        mail.code_after(label, 6).expect("a code")
    }

    /// The whole log, once the access line of `last` is in it (it is written as the answer leaves).
    async fn log_after(&self, last: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let log = std::fs::read_to_string(&self.log).unwrap_or_default();
            if log.lines().any(|l| l.contains("hometutor::access") && l.contains(last)) || Instant::now() > deadline {
                return log;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

/// A request made, from its answer's `X-Request-Id` (which every answer must have).
fn made_from(
    method: &'static str,
    route: &'static str,
    path: &str,
    status: u16,
    id: Option<&str>,
    client: &'static str,
) -> Made {
    let id = id.expect("X-Request-Id on every answer").to_string();
    let path = path.split('?').next().unwrap_or(path).to_string();
    Made { id, method, route, path, status, client, user: None }
}

fn header(headers: &reqwest::header::HeaderMap) -> Option<&str> {
    headers.get("x-request-id").and_then(|v| v.to_str().ok())
}

/// Everything an operator might do in a session, with the site's answers checked on the way.
async fn session(site: &Site) -> Session {
    let mut made = Vec::new();
    let mut secrets: Vec<(String, String)> = vec![
        ("JWT_SECRET".into(), SITE_SECRET.into()),
        ("password".into(), FIRST_PASSWORD.into()),
        ("new password".into(), NEW_PASSWORD.into()),
        ("wrong password".into(), WRONG_PASSWORD.into()),
    ];
    let register = json!({"fullname": "Asha Kumar", "role": "parent", "email": EMAIL, "phone": "9876543210", "password": FIRST_PASSWORD});
    let (reply, body) = site.call("POST", "/api/auth/register", "/api/auth/register", None, Some(register)).await;
    assert_eq!(reply.status, 201, "{body}");
    made.push(reply);

    let mail = site.smtp.wait_for(EMAIL, "Your verification code:", Duration::from_secs(10)).await.expect("mail");
    let link = Regex::new(r"token=([A-Za-z0-9_\-.%]+)").expect("regex");
    if let Some(token) = link.captures(&mail.data) {
        secrets.push(("verification link token".into(), token[1].to_string()));
    }
    let code = site.mailed_code("Your verification code:").await;
    secrets.push(("verification code".into(), code.clone()));
    let (reply, _) = site
        .call(
            "POST",
            "/api/verify/email-otp",
            "/api/verify/email-otp",
            None,
            Some(json!({"email": EMAIL, "otp": code})),
        )
        .await;
    assert_eq!(reply.status, 200);
    made.push(reply);

    let login = |password: &str| json!({"email": EMAIL, "password": password});
    let (reply, body) =
        site.call("POST", "/api/auth/login", "/api/auth/login", None, Some(login(FIRST_PASSWORD))).await;
    assert_eq!(reply.status, 200);
    let first_token = body["token"].as_str().expect("token").to_string();
    made.push(reply);
    let (reply, _) = site.call("POST", "/api/auth/login", "/api/auth/login", None, Some(login(WRONG_PASSWORD))).await;
    assert_eq!(reply.status, 401);
    made.push(reply);

    let (reply, _) = site
        .call("POST", "/api/auth/send-reset-otp", "/api/auth/send-reset-otp", None, Some(json!({"email": EMAIL})))
        .await;
    assert_eq!(reply.status, 200);
    made.push(reply);
    let reset_code = site.mailed_code("Your password reset code:").await;
    secrets.push(("reset code".into(), reset_code.clone()));
    let reset = json!({"email": EMAIL, "otp": reset_code, "newPassword": NEW_PASSWORD});
    let (reply, _) = site.call("POST", "/api/auth/reset-password", "/api/auth/reset-password", None, Some(reset)).await;
    assert_eq!(reply.status, 200);
    made.push(reply);
    let (reply, body) = site.call("POST", "/api/auth/login", "/api/auth/login", None, Some(login(NEW_PASSWORD))).await;
    assert_eq!(reply.status, 200);
    let token = body["token"].as_str().expect("token").to_string();
    made.push(reply);
    for (name, token) in [("first token", &first_token), ("token", &token)] {
        // The whole token, and its claims and signature on their own.
        secrets.push((name.into(), token.clone()));
        for part in token.split('.').skip(1) {
            secrets.push((format!("{name} part"), part.to_string()));
        }
    }

    let (mut reply, body) = site.call("GET", "/api/auth/profile", "/api/auth/profile", Some(&token), None).await;
    assert_eq!(reply.status, 200);
    let me = body["user"]["id"].as_i64().expect("the user's id");
    reply.user = Some(me);
    made.push(reply);

    // Chat: a ticket, a socket opened with it, a message stored and acknowledged.
    let tutor = insert_user(&site.database.db(), "Ravi Tutor", "ravi.tutor@example.com", "tutor");
    let (mut reply, body) = site.call("POST", "/api/chat/ticket", "/api/chat/ticket", Some(&token), None).await;
    assert_eq!(reply.status, 200);
    reply.user = Some(me);
    made.push(reply);
    let ticket = body["ticket"].as_str().expect("ticket").to_string();
    secrets.push(("ticket".into(), ticket.clone()));
    let path = format!("/api/ws?ticket={ticket}");
    let url = format!("{}{path}", site.server.base.replace("http", "ws"));
    let (mut socket, response) = tokio_tungstenite::connect_async(url).await.expect("the socket opens");
    let id = response.headers().get("x-request-id").and_then(|v| v.to_str().ok());
    // The ticket names its account: the handshake's access line says whose socket it is.
    let mut upgrade = made_from("GET", "/api/ws", &path, 101, id, "127.0.0.1");
    upgrade.user = Some(me);
    made.push(upgrade);
    send(&mut socket, "sendMessage", json!({"to": tutor, "text": "Namaste from the log test", "clientId": "log-1"}))
        .await;
    ack_of(&mut socket, "log-1").await;
    // A refused upgrade (a spent ticket) is answered with its id too, and its ticket is not logged either.
    let refused = site.server.client.get(format!("{}{path}", site.server.base)).send().await.expect("answer");
    assert_eq!(refused.status(), 401, "a spent ticket");
    made.push(made_from("GET", "/api/ws", &path, 401, header(refused.headers()), "127.0.0.1"));

    // A payment webhook with a signature that does not match.
    let signature = "c2lnbmF0dXJlLXRoYXQtbXVzdC1ub3QtYmUtbG9nZ2Vk";
    secrets.push(("webhook signature".into(), signature.into()));
    let webhook = site
        .server
        .client
        .post(format!("{}/api/payment/webhook", site.server.base))
        .header("content-type", "application/json")
        .header("x-webhook-timestamp", "1700000000000")
        .header("x-webhook-signature", signature)
        .body(json!({"type": "PAYMENT_SUCCESS_WEBHOOK", "data": {}}).to_string())
        .send()
        .await
        .expect("answer");
    made.push(made_from(
        "POST",
        "/api/payment/webhook",
        "/api/payment/webhook",
        webhook.status().as_u16(),
        header(webhook.headers()),
        "127.0.0.1",
    ));

    // Answers that are not a handler's: a 404 under /api and the web app's page.
    let (reply, _) = site.call("GET", "unmatched", "/api/no-such-thing", None, None).await;
    assert_eq!(reply.status, 404);
    made.push(reply);
    let (reply, _) = site.call("GET", "unmatched", "/tutors?subject=maths", None, None).await;
    assert_eq!(reply.status, 200);
    made.push(reply);

    // A trusted proxy names the request; a stranger cannot.
    let proxied = site
        .server
        .client
        .get(format!("{}/api/auth/profile", site.server.base))
        .header("x-request-id", PROXYS_ID)
        .send()
        .await
        .expect("answer");
    let reply = made_from(
        "GET",
        "/api/auth/profile",
        "/api/auth/profile",
        proxied.status().as_u16(),
        header(proxied.headers()),
        "127.0.0.1",
    );
    assert_eq!(reply.id, PROXYS_ID, "a trusted proxy's X-Request-Id is kept");
    made.push(reply);
    let direct = site
        .stranger
        .get(format!("{}/api/auth/profile", site.server.base))
        .header("x-request-id", CLIENTS_ID)
        .header("x-forwarded-for", "198.51.100.99")
        .send()
        .await
        .expect("answer");
    let reply = made_from(
        "GET",
        "/api/auth/profile",
        "/api/auth/profile",
        direct.status().as_u16(),
        header(direct.headers()),
        "127.0.0.2",
    );
    assert_ne!(reply.id, CLIENTS_ID, "an untrusted client's X-Request-Id is replaced");
    made.push(reply);

    let log = site.log_after(&made.last().expect("made").id).await;
    Session { log, made, secrets }
}

/// No secret of the session anywhere in the log. Six-digit codes are looked for as whole
/// numbers, outside each line's timestamp (whose microseconds are six digits too).
fn assert_no_secrets(session: &Session) {
    let log: String = session
        .log
        .lines()
        .map(|line| {
            Regex::new(r"\d{4}-\d\d-\d\dT[0-9:.]+Z").expect("regex").replace_all(line, "<time>").into_owned() + "\n"
        })
        .collect();
    for (name, secret) in &session.secrets {
        let found = if secret.len() == 6 && secret.chars().all(|c| c.is_ascii_digit()) {
            Regex::new(&format!(r"(^|[^0-9]){secret}([^0-9]|$)")).expect("regex").is_match(&log)
        } else {
            log.contains(secret.as_str())
        };
        assert!(!found, "the {name} ({secret}) is in the log:\n{}", session.log);
    }
    assert!(!log.contains("?ticket="), "a query string is in the log");
}

/// Each request has exactly one access line, and it says what the request was.
fn assert_access_lines(session: &Session, lines: &[HashMap<String, String>]) {
    let mut ids = HashSet::new();
    for line in lines {
        assert!(ids.insert(line["request_id"].clone()), "two access lines for one request: {line:?}");
    }
    for made in &session.made {
        let line = lines
            .iter()
            .find(|l| l["request_id"] == made.id)
            .unwrap_or_else(|| panic!("no access line for {} {}", made.method, made.path));
        assert_eq!(line["method"], made.method, "{line:?}");
        assert_eq!(line["route"], made.route, "{line:?}");
        assert_eq!(line["path"], made.path, "{line:?}");
        assert_eq!(line["status"], made.status.to_string(), "{line:?}");
        assert_eq!(line["client"], made.client, "{line:?}");
        assert!(line["duration_ms"].parse::<f64>().is_ok_and(|ms| ms >= 0.0), "{line:?}");
        assert_eq!(line.get("user_id").cloned(), made.user.map(|u| u.to_string()), "{line:?}");
    }
}

/// A JSON value as the access line's text would show it.
fn plain(value: &Value) -> String {
    value.as_str().map_or_else(|| value.to_string(), str::to_string)
}

#[actix_web::test]
async fn json_logs_parse_name_every_request_once_and_hold_no_secret() {
    let site = start("json").await;
    let session = session(&site).await;
    let lines: Vec<Value> = session
        .log
        .lines()
        .filter(|l| !l.is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let access: Vec<HashMap<String, String>> = lines
        .iter()
        .filter(|l| l["target"] == "hometutor::access")
        .map(|l| l.as_object().expect("an object").iter().map(|(k, v)| (k.clone(), plain(v))).collect())
        .collect();
    assert_access_lines(&session, &access);
    // The other lines logged while a request was handled name it: the request's span is the
    // outermost of theirs (lines of background work have spans of their own).
    let ours: HashSet<&str> = session.made.iter().map(|m| m.id.as_str()).collect();
    let mut inside = 0;
    for line in lines.iter().filter(|l| l["target"] != "hometutor::access") {
        let Some(outermost) = line["spans"].as_array().and_then(|spans| spans.first()) else { continue };
        if outermost["name"] == "request" {
            let id = outermost["request_id"].as_str().unwrap_or_else(|| panic!("no request_id: {line}"));
            inside += usize::from(ours.contains(id));
        }
    }
    assert!(inside > 0, "lines logged inside the test's requests carry their id:\n{}", session.log);
    assert_no_secrets(&session);
}

#[actix_web::test]
async fn text_logs_in_a_file_have_no_colour_and_no_secret() {
    let site = start("text").await;
    let session = session(&site).await;
    assert!(!session.log.contains("\x1b["), "colour codes in a file:\n{}", session.log);
    let field = Regex::new(r"(\w+)=(\S+)").expect("regex");
    let access: Vec<HashMap<String, String>> = session
        .log
        .lines()
        .filter(|l| l.contains(" hometutor::access: "))
        .map(|l| field.captures_iter(l).map(|c| (c[1].to_string(), c[2].to_string())).collect())
        .collect();
    assert_access_lines(&session, &access);
    assert_no_secrets(&session);
}
