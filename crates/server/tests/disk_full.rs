//! A full disk, for real: the binary runs with its SQLite database, its uploads
//! and its log on a small tmpfs that the test fills to the last byte. Writers get
//! 507 `storage_full` (never a 500, never a dead chat writer), the process keeps
//! logging without panicking, and everything works again once space is freed.
//!
//! Mounting needs root (CI runs as root); elsewhere the test says why it did not run.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::collections::HashMap;
use std::io::Write;
use std::path::PathBuf;
use std::process::Command;

use common::socket::{ack_of, answer_to, send, Socket};
use common::PeerProcess;
use serde_json::{json, Value};

/// A tmpfs mounted for this test, unmounted when dropped.
struct SmallDisk {
    dir: PathBuf,
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
        Ok(Self { dir })
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
        let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The server binary with its database, uploads and log on the disk.
async fn start_server(disk: &SmallDisk) -> PeerProcess {
    let data = disk.dir.join("data");
    let env = HashMap::from([
        ("DATABASE_URL".to_string(), format!("sqlite://{}", data.join("hometutor.db").display())),
        ("DATA_DIR".into(), data.display().to_string()),
        ("ADMIN_EMAIL".into(), "root@example.com".into()),
        ("ADMIN_PASSWORD".into(), "root password 1".into()),
        ("BCRYPT_COST".into(), "4".into()),
        // The test writes until the disk refuses: more than the default chat rate limit allows.
        ("CHAT_RATE_LIMIT".into(), "1000".into()),
        // Every request logs, so the log needs the full disk too.
        ("RUST_LOG".into(), "info".into()),
        ("NO_COLOR".into(), "1".into()),
    ]);
    PeerProcess::start(&env, Some(&disk.dir.join("hometutor.log"))).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_answers_507_and_everything_works_once_space_is_freed() {
    let disk = match SmallDisk::mount(48) {
        Ok(disk) => disk,
        Err(reason) => {
            eprintln!("SKIPPED a_full_disk_answers_507…: {reason} (needs root to mount a tmpfs; CI runs as root)");
            return;
        }
    };
    // Declared after the disk, so it is stopped before the disk is unmounted.
    let server = start_server(&disk).await;

    let login = json!({"email": "root@example.com", "password": "root password 1"});
    let login = server.call("POST", "/api/auth/login", None, Some(login)).await;
    assert_eq!(login.status, 200, "{:?}", login.body);
    let token = login.body["token"].as_str().expect("token").to_string();
    let me = login.body["user"]["id"].as_i64().expect("id");
    let send_over_rest = |text: String| {
        let (server, token) = (&server, token.clone());
        async move { server.call("POST", "/api/messages", Some(&token), Some(json!({"to": me, "text": text}))).await }
    };
    assert_eq!(send_over_rest("before the disk filled".into()).await.status, 201);
    let ticket = server.call("POST", "/api/chat/ticket", Some(&token), None).await;
    let url = format!(
        "{}/api/ws?ticket={}",
        server.base.replace("http", "ws"),
        ticket.body["ticket"].as_str().expect("ticket")
    );
    let (mut socket, _): (Socket, _) = tokio_tungstenite::connect_async(url).await.expect("socket");

    let filler = disk.fill();

    // Each message needs new pages sooner or later: keep writing until the disk says no.
    let long = "x".repeat(1900);
    let mut refusals = 0;
    for i in 0..400 {
        let reply = send_over_rest(format!("{i} {long}")).await;
        let body = &reply.body;
        match reply.status {
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
    send(&mut socket, "sendMessage", json!({"to": me, "text": long, "clientId": "full-1"})).await;
    let answer = answer_to(&mut socket, "full-1").await;
    assert_eq!(answer["event"], "error", "{answer}");
    assert_eq!(answer["data"]["code"], "storage_full", "{answer}");
    assert!(server.is_running(), "the server survived a full disk that also holds its log");

    // A file upload is refused the same way, and leaves no half-written file behind.
    let uploads = disk.dir.join("data").join("uploads");
    let files_before = files_in(&uploads);
    let (status, body) = upload(&server, &token, pdf(256 * 1024)).await;
    assert_eq!((status, body["code"].as_str()), (507, Some("storage_full")), "{body}");
    assert_eq!(files_in(&uploads), files_before, "no partial upload is left on the disk");

    std::fs::remove_file(&filler).expect("free the space");

    // Space is back: the same socket and REST store messages again, in the same process.
    send(&mut socket, "sendMessage", json!({"to": me, "text": "after, on the socket", "clientId": "after-1"})).await;
    ack_of(&mut socket, "after-1").await;
    let after = send_over_rest("after, over REST".into()).await;
    assert_eq!(after.status, 201, "{:?}", after.body);
    let history = server.call("GET", &format!("/api/messages?userId={me}&limit=5"), Some(&token), None).await;
    assert_eq!(history.status, 200, "{:?}", history.body);
    let texts: Vec<&str> =
        history.body.as_array().expect("messages").iter().filter_map(|m| m["text"].as_str()).collect();
    assert!(texts.contains(&"after, on the socket") && texts.contains(&"after, over REST"), "{texts:?}");
    let (status, body) = upload(&server, &token, pdf(256 * 1024)).await;
    assert_eq!(status, 201, "{body}");
    assert!(server.is_running());
    let log = std::fs::read_to_string(disk.dir.join("hometutor.log")).unwrap_or_default();
    assert!(!log.contains("panicked"), "nothing panicked:\n{}", tail(&log));
    assert_log_resumed(&log);
}

async fn upload(server: &PeerProcess, token: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = reqwest::multipart::Form::new()
        .part("file", reqwest::multipart::Part::bytes(bytes).file_name("notes.pdf".to_string()));
    let response = server
        .client
        .post(format!("{}/api/upload/single", server.base))
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
