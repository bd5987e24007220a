//! Bad input gets a clean JSON answer and changes nothing: a NUL character in
//! any text (`nul_input_api`), path ids that do not parse, arrays for objects, bodies that stop
//! arriving, bodies over the limit, wrong methods and every error actix makes;
//! and `3.0` for an integer, which is not bad input.
//! Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

use crate::common;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::time::{Duration, Instant};

use common::images::png;
use common::{TestApp, PASSWORD};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Text};
use serde_json::{json, Value};

const ADMIN: &str = "admin@example.com";
pub(crate) const DELHI: [f64; 2] = [77.209, 28.6139];

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// A direct connection to the test's database, to see what was stored.
pub(crate) enum Store {
    Sqlite(diesel::SqliteConnection),
    Pg(diesel::PgConnection),
}

impl Store {
    pub(crate) fn open(url: &str) -> Self {
        match url.strip_prefix("sqlite://") {
            Some(path) => Self::Sqlite(diesel::SqliteConnection::establish(path).unwrap()),
            None => Self::Pg(diesel::PgConnection::establish(url).unwrap()),
        }
    }

    fn names(&mut self, sql: &str) -> Vec<String> {
        let rows: Vec<Name> = match self {
            Self::Sqlite(c) => diesel::sql_query(sql).load(c).unwrap(),
            Self::Pg(c) => diesel::sql_query(sql).load(c).unwrap(),
        };
        rows.into_iter().map(|r| r.name).collect()
    }

    fn count(&mut self, sql: &str) -> i64 {
        let row: Count = match self {
            Self::Sqlite(c) => diesel::sql_query(sql).get_result(c).unwrap(),
            Self::Pg(c) => diesel::sql_query(sql).get_result(c).unwrap(),
        };
        row.n
    }

    fn tables(&mut self) -> Vec<String> {
        let sql = match self {
            Self::Sqlite(_) => "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
            Self::Pg(_) => {
                "SELECT table_name::text AS name FROM information_schema.tables \
                 WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
            }
        };
        self.names(sql)
    }

    /// The number of rows in every table.
    pub(crate) fn row_counts(&mut self) -> BTreeMap<String, i64> {
        self.tables()
            .into_iter()
            .map(|t| (t.clone(), self.count(&format!("SELECT count(*) AS n FROM \"{t}\""))))
            .collect()
    }

    /// Columns anywhere holding a NUL (only SQLite can store one; PostgreSQL refuses it).
    pub(crate) fn columns_with_nul(&mut self) -> Vec<String> {
        if let Self::Pg(_) = self {
            return Vec::new();
        }
        let mut found = Vec::new();
        for table in self.tables() {
            for column in self.names(&format!("SELECT name FROM pragma_table_info('{table}')")) {
                let sql =
                    format!("SELECT count(*) AS n FROM \"{table}\" WHERE instr(CAST(\"{column}\" AS BLOB), x'00') > 0");
                if self.count(&sql) > 0 {
                    found.push(format!("{table}.{column}"));
                }
            }
        }
        found
    }
}

pub(crate) fn files_under(dir: &std::path::Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| entries.flatten().map(|e| if e.path().is_dir() { files_under(&e.path()) } else { 1 }).sum())
        .unwrap_or(0)
}

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

/// A site with an admin, a parent with a tuition request and a subscribed tutor.
pub(crate) struct Site {
    pub(crate) app: TestApp,
    pub(crate) admin: String,
    pub(crate) parent: String,
    pub(crate) tutor: String,
    pub(crate) tutor_id: i64,
    pub(crate) request_id: i64,
}

pub(crate) async fn site(extra: &[(&str, String)]) -> Site {
    let mut env = vec![("ADMIN_EMAIL", ADMIN.to_string()), ("ADMIN_PASSWORD", PASSWORD.to_string())];
    env.extend(extra.iter().map(|(k, v)| (*k, v.clone())));
    let app = TestApp::start_with(&env).await;
    let admin = app.login(ADMIN, PASSWORD).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    app.subscribe(&tutor).await;
    let tutor_id = id_of(&app, &tutor).await;
    let request = json!({"subject": "Maths", "classLevel": "Class 10", "preferredTime": "Evenings", "location": DELHI});
    let created = app.call("POST", "/api/tuition", Some(&parent), Some(request)).await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    let request_id = created.body["id"].as_i64().or(created.body["request"]["id"].as_i64()).expect("request id");
    Site { app, admin, parent, tutor, tutor_id, request_id }
}

/// Asserts a 400 `validation` answer naming `field`.
pub(crate) fn assert_refused(what: &str, status: u16, body: &Value, field: &str) -> Result<(), String> {
    let named = body["fields"][field].as_str().is_some_and(|m| m.contains("NUL"));
    if status == 400 && body["code"] == "validation" && named {
        Ok(())
    } else {
        Err(format!("{what}: expected 400 validation naming `{field}`, got {status} {body}"))
    }
}

#[actix_web::test]
async fn a_path_id_that_does_not_parse_is_a_json_404_on_every_route() {
    let Site { app, admin, parent, .. } = site(&[]).await;
    let cases = [
        ("GET", "/api/chat/abc", &parent),
        ("GET", "/api/chat/block/abc", &parent),
        ("DELETE", "/api/chat/block/1.5", &parent),
        ("PUT", "/api/tuition/abc", &parent),
        ("DELETE", "/api/tuition/abc", &parent),
        ("POST", "/api/tuition/abc/interested", &parent),
        ("POST", "/api/admin/users/abc/update", &admin),
        ("POST", "/api/admin/users/99999999999999999999/delete", &admin),
        ("PATCH", "/api/admin/users/abc/status", &admin),
        ("POST", "/api/admin/tutors/abc/feature", &admin),
        ("POST", "/api/admin/requests/abc/flag", &admin),
    ];
    for (method, path, token) in cases {
        let reply = app.call(method, path, Some(token), Some(json!({}))).await;
        assert_eq!(reply.status, 404, "{method} {path}: {:?}", reply.body);
        assert_eq!(reply.body["code"], "not_found", "{method} {path}: {:?}", reply.body);
        assert!(reply.headers["content-type"].to_str().unwrap().starts_with("application/json"));
        assert!(!reply.body["message"].as_str().unwrap().contains("i64"), "no Rust type named: {:?}", reply.body);
    }
}

#[actix_web::test]
async fn an_array_is_not_taken_for_an_object() {
    let Site { app, admin, parent, .. } = site(&[]).await;
    let mut store = Store::open(&app.database.url);
    let before = store.row_counts();
    // serde's positional form of {email, password}: it used to log in.
    let login = app.post("/api/auth/login", json!(["parent@example.com", PASSWORD])).await;
    assert_eq!(login.status, 400, "{:?}", login.body);
    assert_eq!(login.body["code"], "invalid_request");
    assert!(login.body["message"].as_str().unwrap().contains("not an array"), "{:?}", login.body);
    let ticket = app.post("/api/support-tickets", json!(["Asha", "asha@example.com", "Help", "Please call"])).await;
    assert_eq!(ticket.status, 400, "{:?}", ticket.body);
    let request = json!(["Maths", "Class 10", "Evenings", DELHI]);
    assert_eq!(app.call("POST", "/api/tuition", Some(&parent), Some(request)).await.status, 400);
    let settings = app.call("POST", "/api/admin/settings", Some(&admin), Some(json!(["X", "light"]))).await;
    assert_eq!(settings.status, 400, "{:?}", settings.body);
    assert_eq!(store.row_counts(), before, "nothing was written");
    // A wrongly typed field is named in `fields`.
    let typed = app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": "x", "text": "hi"}))).await;
    assert_eq!((typed.status, typed.body["fields"]["to"].is_string()), (400, true), "{:?}", typed.body);
}

/// JSON Schema, which the API document follows, counts `5.0` as the integer 5: a field documented
/// as an integer takes it, and a number with a fraction is refused with the field named.
#[actix_web::test]
async fn a_whole_number_written_with_a_fraction_is_an_integer() {
    let Site { app, parent, tutor, tutor_id, .. } = site(&[]).await;
    let whole = tutor_id as f64;
    let sent = app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": whole, "text": "Hello"}))).await;
    assert_eq!((sent.status, sent.body["to"].as_i64()), (201, Some(tutor_id)), "{:?}", sent.body);
    // A review needs a real contact: the tutor answers, and a day passes.
    app.write_to(&tutor, &parent).await;
    hometutor_db::clock::advance(hometutor_profiles::REVIEW_WAIT.to_std().expect("a day"));
    let review = format!("/api/tutors/{tutor_id}/reviews");
    let rated = app.call("POST", &review, Some(&parent), Some(json!({"rating": 5.0, "comment": "Kind"}))).await;
    assert_eq!((rated.status, rated.body["rating"].as_i64()), (201, Some(5)), "{:?}", rated.body);
    let half = app.call("POST", &review, Some(&parent), Some(json!({"rating": 4.5}))).await;
    assert_eq!((half.status, half.body["fields"]["rating"].is_string()), (400, true), "{:?}", half.body);
    let fraction =
        app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": whole + 0.5, "text": "Hi"}))).await;
    assert_eq!((fraction.status, fraction.body["fields"]["to"].is_string()), (400, true), "{:?}", fraction.body);
}

/// Sends `head` and `partial` body bytes on a raw connection, then reads the answer.
fn stalled_request(port: u16, head: &str, partial: &[u8]) -> (String, Duration) {
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    // The server may answer before all is written, and close: what it said is what counts.
    let _ = stream.write_all(head.as_bytes()).and_then(|()| stream.write_all(partial));
    let started = Instant::now();
    let mut answer = Vec::new();
    // The server answers and closes the connection: read to the end.
    let _ = stream.read_to_end(&mut answer);
    (String::from_utf8_lossy(&answer).into_owned(), started.elapsed())
}

#[actix_web::test]
async fn a_body_that_stops_arriving_is_answered_408_and_the_server_carries_on() {
    let app = TestApp::start_with(&[("BODY_READ_TIMEOUT_SECS", "1".into())]).await;
    let port: u16 = app.base.rsplit(':').next().unwrap().parse().unwrap();
    let token = app.verified_user("parent@example.com", "parent").await;
    let cases = [
        ("/api/auth/login", "Content-Type: application/json\r\nContent-Length: 100\r\n", b"{\"email\":".to_vec()),
        (
            "/api/support-tickets",
            "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n",
            b"a\r\n{\"name\": \"\r\n".to_vec(),
        ),
    ];
    for (path, headers, partial) in cases {
        let head = format!("POST {path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {token}\r\n{headers}\r\n");
        let (answer, waited) =
            tokio::task::spawn_blocking(move || stalled_request(port, &head, &partial)).await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 408"), "{path}: {answer}");
        assert!(answer.contains("\"code\":\"request_timeout\""), "{path}: {answer}");
        assert!(waited >= Duration::from_millis(900) && waited < Duration::from_secs(10), "{path}: after {waited:?}");
    }
    // A multipart upload that stops half-way keeps no file.
    let uploads = app.data_dir.join("uploads");
    let files_before = files_under(&uploads);
    let boundary = "XyZ";
    let head = format!(
        "POST /api/upload/single HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: 100000\r\n\r\n"
    );
    let mut partial = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\
         Content-Type: image/png\r\n\r\n"
    )
    .into_bytes();
    partial.extend_from_slice(&png()[..20]);
    let (answer, _) = tokio::task::spawn_blocking(move || stalled_request(port, &head, &partial)).await.unwrap();
    assert!(answer.starts_with("HTTP/1.1 408"), "upload: {answer}");
    assert_eq!(files_under(&uploads), files_before, "no file kept");
    // Healed: the next requests are answered as usual.
    assert_eq!(app.call("GET", "/api/auth/profile", Some(&token), None).await.status, 200);
    let login = app.post("/api/auth/login", json!({"email": "parent@example.com", "password": PASSWORD})).await;
    assert_eq!(login.status, 200);
}

#[actix_web::test]
async fn a_json_body_over_the_limit_is_413_on_every_route_with_or_without_a_length() {
    let Site { app, admin, .. } = site(&[]).await;
    let big = json!({"text": "x".repeat(70 * 1024)}).to_string();
    let port: u16 = app.base.rsplit(':').next().unwrap().parse().unwrap();
    let document = app.call("GET", "/api/openapi.json", None, None).await.body;
    let mut checked = 0;
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if operation["requestBody"]["content"]["application/json"].is_null() {
                continue;
            }
            // Any id will do: the body is refused before the id is looked up.
            let path = path.split('/').map(|s| if s.starts_with('{') { "1" } else { s }).collect::<Vec<_>>().join("/");
            let url = format!("{}{path}", app.base);
            let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let res = app
                .client
                .request(method.clone(), &url)
                .bearer_auth(&admin)
                .header("Content-Type", "application/json")
                .body(big.clone())
                .send()
                .await
                .unwrap();
            let status = res.status().as_u16();
            let body: Value = res.json().await.unwrap_or(Value::Null);
            assert_eq!((status, body["code"].as_str()), (413, Some("too_large")), "{method} {path}: {body}");
            // The same body in chunks, with no length announced.
            let mut raw = format!(
                "{method} {path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer {admin}\r\n\
                 Content-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            )
            .into_bytes();
            for chunk in big.as_bytes().chunks(8 * 1024) {
                raw.extend_from_slice(format!("{:x}\r\n", chunk.len()).as_bytes());
                raw.extend_from_slice(chunk);
                raw.extend_from_slice(b"\r\n");
            }
            raw.extend_from_slice(b"0\r\n\r\n");
            let answer = tokio::task::spawn_blocking(move || stalled_request(port, "", &raw).0).await.unwrap();
            assert!(answer.starts_with("HTTP/1.1 413"), "{method} {path} (chunked): {answer}");
            assert!(answer.contains("\"code\":\"too_large\""), "{method} {path} (chunked): {answer}");
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} routes take JSON");
}

#[actix_web::test]
async fn a_wrong_method_is_405_with_allow_and_every_api_error_is_json() {
    let Site { app, parent, .. } = site(&[]).await;
    let cases = [
        ("DELETE", "/api/auth/login", "POST"),
        ("GET", "/api/tuition/5", "DELETE, PUT"),
        ("POST", "/api/health", "GET"),
        ("PATCH", "/api/tutors/someone", "GET, PUT"),
        ("POST", "/api/ws", "GET"),
    ];
    for (method, path, allow) in cases {
        let reply = app.call(method, path, Some(&parent), None).await;
        assert_eq!((reply.status, reply.body["code"].as_str()), (405, Some("method_not_allowed")), "{method} {path}");
        assert_eq!(reply.headers["allow"], allow, "{method} {path}");
    }

    let unknown = app.call("GET", "/api/no/such/thing", None, None).await;
    assert_eq!((unknown.status, unknown.body["code"].as_str()), (404, Some("not_found")));
    let bad_query = app.call("GET", "/api/admin/users?page=abc", Some(&parent), None).await;
    assert!(bad_query.status == 400 || bad_query.status == 403, "{:?}", bad_query.body);
    let history = app.call("GET", "/api/messages?limit=many", Some(&parent), None).await;
    assert_eq!((history.status, history.body["code"].is_string()), (400, true), "{:?}", history.body);

    let plain = app
        .client
        .post(format!("{}/api/auth/login", app.base))
        .header("Content-Type", "text/plain")
        .body("email=a@b.in")
        .send()
        .await
        .unwrap();
    assert_eq!(plain.status(), 415);
    assert_eq!(plain.json::<Value>().await.unwrap()["code"], "unsupported_media_type");

    let broken = app
        .client
        .post(format!("{}/api/upload/single", app.base))
        .bearer_auth(&parent)
        .header("Content-Type", "multipart/form-data; boundary=XyZ")
        .body("--XyZ\r\nthis is not a part\r\n")
        .send()
        .await
        .unwrap();
    assert_eq!(broken.status(), 400);
    assert!(broken.json::<Value>().await.unwrap()["code"].is_string());

    // Errors actix makes on its own: a failed WebSocket handshake, an oversized webhook body.
    let handshake = app.call("GET", "/api/ws", None, None).await;
    assert!(handshake.status >= 400 && handshake.body["code"].is_string(), "{:?}", handshake.body);
    let webhook = app
        .client
        .post(format!("{}/api/payment/webhook", app.base))
        .body(vec![b'x'; 1024 * 1024])
        .send()
        .await
        .unwrap();
    assert_eq!(webhook.status(), 413);
    assert_eq!(webhook.headers()["content-type"], "application/json");
    assert_eq!(webhook.json::<Value>().await.unwrap()["code"], "too_large");
}
