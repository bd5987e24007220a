//! A full disk, for real: the binary runs with its SQLite database, its uploads
//! and its log on a small tmpfs that the test fills to the last byte. Writers get
//! 507 `storage_full` (never a 500, never a dead chat writer), the process keeps
//! logging without panicking, and everything works again once space is freed.
//!
//! Mounting needs root (CI runs as root); elsewhere the test says why it did not run.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::io::Write;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message as Frame;

/// A tmpfs mounted for this test, unmounted (and the server killed) when dropped.
struct SmallDisk {
    dir: PathBuf,
    server: Option<Child>,
}

impl SmallDisk {
    fn mount(megabytes: u32) -> Result<Self, String> {
        let dir = std::env::temp_dir().join(format!("hometutor-full-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={megabytes}m"), "tmpfs"])
            .arg(&dir)
            .output()
            .map_err(|e| format!("cannot run mount: {e}"))?;
        if !mounted.status.success() {
            let _ = std::fs::remove_dir(&dir);
            return Err(format!("cannot mount a tmpfs: {}", String::from_utf8_lossy(&mounted.stderr).trim()));
        }
        Ok(Self { dir, server: None })
    }

    /// Fills the disk with a file until the kernel refuses one more byte.
    fn fill(&self) -> PathBuf {
        let path = self.dir.join("filler");
        let mut file = std::fs::File::create(&path).expect("filler");
        let chunk = vec![0u8; 64 * 1024];
        while file.write_all(&chunk).is_ok() {}
        while file.write_all(&[0u8]).is_ok() {}
        let _ = file.sync_all();
        path
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        if let Some(mut server) = self.server.take() {
            let _ = server.kill();
            let _ = server.wait();
        }
        let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("bind").local_addr().expect("addr").port()
}

fn start_server(disk: &mut SmallDisk, port: u16) -> std::io::Result<()> {
    let log = std::fs::File::create(disk.dir.join("hometutor.log"))?;
    let data = disk.dir.join("data");
    let server = Command::new(env!("CARGO_BIN_EXE_hometutor"))
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", format!("sqlite://{}", data.join("hometutor.db").display()))
        .env("DATA_DIR", &data)
        .env("BIND", format!("127.0.0.1:{port}"))
        .env("PUBLIC_URL", format!("http://localhost:{port}"))
        .env("ADMIN_EMAIL", "root@example.com")
        .env("ADMIN_PASSWORD", "root password 1")
        .env("BCRYPT_COST", "4")
        // The test writes until the disk refuses: more than the default chat rate limit allows.
        .env("CHAT_RATE_LIMIT", "1000")
        // Every request logs, so the log needs the full disk too.
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1")
        .stdout(log.try_clone()?)
        .stderr(log)
        .stdin(Stdio::null())
        .spawn()?;
    disk.server = Some(server);
    Ok(())
}

fn alive(disk: &mut SmallDisk) -> bool {
    disk.server.as_mut().is_some_and(|s| matches!(s.try_wait(), Ok(None)))
}

struct Api {
    base: String,
    http: reqwest::Client,
}

impl Api {
    async fn call(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (u16, Value) {
        let mut request = self.http.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        match request.send().await {
            Ok(response) => {
                let status = response.status().as_u16();
                (status, response.json().await.unwrap_or(Value::Null))
            }
            Err(e) => panic!("{path}: no answer: {e}"),
        }
    }
}

async fn wait_until_up(api: &Api) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if let Ok(r) = api.http.get(format!("{}/api/health", api.base)).send().await {
            if r.status().is_success() {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the server did not come up");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_answers_507_and_everything_works_once_space_is_freed() {
    let mut disk = match SmallDisk::mount(48) {
        Ok(disk) => disk,
        Err(reason) => {
            eprintln!("SKIPPED a_full_disk_answers_507…: {reason} (needs root to mount a tmpfs; CI runs as root)");
            return;
        }
    };
    let port = free_port();
    start_server(&mut disk, port).expect("spawn");
    let api = Api { base: format!("http://127.0.0.1:{port}"), http: reqwest::Client::new() };
    wait_until_up(&api).await;

    let (status, login) = api
        .call(
            reqwest::Method::POST,
            "/api/auth/login",
            None,
            Some(json!({"email": "root@example.com", "password": "root password 1"})),
        )
        .await;
    assert_eq!(status, 200, "{login}");
    let token = login["token"].as_str().expect("token").to_string();
    let me = login["user"]["id"].as_i64().expect("id");
    let send = |text: String| {
        let api = &api;
        let token = token.clone();
        async move {
            api.call(reqwest::Method::POST, "/api/messages", Some(&token), Some(json!({"to": me, "text": text}))).await
        }
    };
    let (status, _) = send("before the disk filled".into()).await;
    assert_eq!(status, 201);
    let (_, ticket) = api.call(reqwest::Method::POST, "/api/chat/ticket", Some(&token), None).await;
    let url = format!("ws://127.0.0.1:{port}/api/ws?ticket={}", ticket["ticket"].as_str().expect("ticket"));
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.expect("socket");

    let filler = disk.fill();

    // Each message needs new pages sooner or later: keep writing until the disk says no.
    let long = "x".repeat(1900);
    let mut refusals = 0;
    for i in 0..400 {
        let (status, body) = send(format!("{i} {long}")).await;
        match status {
            201 => continue,
            507 => {
                assert_eq!(body["code"], "storage_full", "{body}");
                assert!(body["message"].as_str().is_some_and(|m| m.contains("storage is full")), "{body}");
                refusals += 1;
                if refusals == 3 {
                    break;
                }
            }
            other => panic!(
                "a full disk answered {other}: {body}\n{}",
                tail(&std::fs::read_to_string(disk.dir.join("hometutor.log")).unwrap_or_default())
            ),
        }
    }
    assert_eq!(refusals, 3, "the disk filled, yet every message was stored");

    // Over the socket, the sender hears the same, with the code.
    socket
        .send(Frame::text(
            json!({"event": "sendMessage", "data": {"to": me, "text": long, "clientId": "full-1"}}).to_string(),
        ))
        .await
        .expect("frame");
    let answer = next_event(&mut socket).await.expect("an answer on the socket");
    assert_eq!(answer["event"], "error", "{answer}");
    assert_eq!(answer["data"]["code"], "storage_full", "{answer}");
    assert_eq!(answer["data"]["clientId"], "full-1", "{answer}");
    assert!(alive(&mut disk), "the server survived a full disk that also holds its log");

    // A file upload is refused the same way, and leaves no half-written file behind.
    let uploads = disk.dir.join("data").join("uploads");
    let files_before = files_in(&uploads);
    let (status, body) = upload(&api, &token, pdf(256 * 1024)).await;
    assert_eq!((status, body["code"].as_str()), (507, Some("storage_full")), "{body}");
    assert_eq!(files_in(&uploads), files_before, "no partial upload is left on the disk");

    std::fs::remove_file(&filler).expect("free the space");

    // Space is back: the same socket and REST store messages again, in the same process.
    socket
        .send(Frame::text(
            json!({"event": "sendMessage", "data": {"to": me, "text": "after, on the socket", "clientId": "after-1"}})
                .to_string(),
        ))
        .await
        .expect("frame");
    let ack = loop {
        let event = next_event(&mut socket).await.expect("an answer on the socket");
        if event["event"] == "ack" {
            break event;
        }
        assert_ne!(event["event"], "error", "{event}");
    };
    assert_eq!(ack["data"]["clientId"], "after-1");
    let (status, body) = send("after, over REST".into()).await;
    assert_eq!(status, 201, "{body}");
    let (status, history) =
        api.call(reqwest::Method::GET, &format!("/api/messages?userId={me}&limit=5"), Some(&token), None).await;
    assert_eq!(status, 200, "{history}");
    let texts: Vec<&str> = history.as_array().expect("messages").iter().filter_map(|m| m["text"].as_str()).collect();
    assert!(texts.contains(&"after, on the socket") && texts.contains(&"after, over REST"), "{texts:?}");
    let (status, body) = upload(&api, &token, pdf(256 * 1024)).await;
    assert_eq!(status, 201, "{body}");
    assert!(alive(&mut disk));
    let log = std::fs::read_to_string(disk.dir.join("hometutor.log")).unwrap_or_default();
    assert!(!log.contains("panicked"), "nothing panicked:\n{}", tail(&log));
    assert_log_resumed(&log);
}

async fn upload(api: &Api, token: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(bytes).file_name("notes.pdf".to_string()));
    let response = api
        .http
        .post(format!("{}/api/upload/single", api.base))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

/// A PDF of exactly `len` bytes: header, padding, `%%EOF` trailer.
fn pdf(len: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(len - 6, b' ');
    bytes.extend_from_slice(b"%%EOF\n");
    bytes
}

fn files_in(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

/// The log was cut while the disk was full, and lines are written again now.
fn assert_log_resumed(log: &str) {
    assert!(log.lines().last().is_some_and(|l| !l.is_empty()), "the log is written again:\n{}", tail(log));
}

fn tail(log: &str) -> String {
    log.lines().rev().take(20).collect::<Vec<_>>().into_iter().rev().collect::<Vec<_>>().join("\n")
}

async fn next_event(
    socket: &mut (impl StreamExt<Item = Result<Frame, tokio_tungstenite::tungstenite::Error>> + Unpin),
) -> Option<Value> {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), socket.next()).await {
            Ok(Some(Ok(Frame::Text(text)))) => return serde_json::from_str(&text).ok(),
            Ok(Some(Ok(_))) => continue,
            _ => return None,
        }
    }
}
