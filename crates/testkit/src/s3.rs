//! A real S3-protocol server on loopback for the suites: moto's standalone server,
//! installed by `tests/install/s3-server.sh` (which `tests/run.sh` calls first).
//!
//! ```ignore
//! let Some(s3) = S3Server::start() else { return }; // only with HOMETUTOR_SKIP_S3=1
//! let env = s3.env("uploads");  // UPLOADS_URL and AWS_* for a server process
//! s3.stop();                    // the store goes away (the server answers 503)…
//! s3.restart();                 // …and comes back on the same port (moto keeps nothing: the bucket is made again)
//! ```
//! The process is killed when the value is dropped.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const INSTALL: &str = "tests/install/s3-server.sh";
const START_WITHIN: Duration = Duration::from_secs(30);
const AUTHORIZATION: &str =
    "Authorization: AWS4-HMAC-SHA256 Credential=hometutor-test/20240101/us-east-1/s3/aws4_request, \
                             SignedHeaders=host, Signature=0";

pub struct S3Server {
    pub port: u16,
    /// A bucket of this server's own, made at start.
    pub bucket: String,
    binary: PathBuf,
    child: Mutex<Option<Child>>,
}

impl S3Server {
    /// Starts the server on a free port and makes a fresh bucket. `None` only when
    /// `HOMETUTOR_SKIP_S3=1` and the server is not installed; otherwise a missing
    /// server fails the test with a message naming the install script.
    pub fn start() -> Option<Self> {
        let binary = match installed() {
            Some(binary) => binary,
            None if std::env::var("HOMETUTOR_SKIP_S3").is_ok_and(|v| v == "1") => {
                eprintln!("SKIPPED: no S3 server (HOMETUTOR_SKIP_S3=1); install it with {INSTALL}");
                return None;
            }
            None => panic!(
                "the S3-protocol server is not installed: run {INSTALL} (or set HOMETUTOR_S3_SERVER to a moto_server; \
                 HOMETUTOR_SKIP_S3=1 skips these tests)"
            ),
        };
        let port = match std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()) {
            Ok(addr) => addr.port(),
            Err(e) => panic!("no free port for the S3 server: {e}"),
        };
        let bucket = format!("hometutor-{}", uuid::Uuid::new_v4().simple());
        let server = Self { port, bucket, binary, child: Mutex::new(None) };
        server.restart();
        Some(server)
    }

    /// `http://127.0.0.1:PORT`, the endpoint.
    pub fn endpoint(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// What a server process needs to keep its uploads in this bucket under `prefix`:
    /// `UPLOADS_URL` and the `AWS_*` variables.
    pub fn env(&self, prefix: &str) -> Vec<(&'static str, String)> {
        vec![
            ("UPLOADS_URL", format!("s3://{}/{prefix}", self.bucket)),
            ("AWS_ACCESS_KEY_ID", "hometutor-test".into()),
            ("AWS_SECRET_ACCESS_KEY", "hometutor-test-secret".into()),
            ("AWS_REGION", "us-east-1".into()),
            ("AWS_ENDPOINT_URL", self.endpoint()),
            ("AWS_ALLOW_HTTP", "true".into()),
        ]
    }

    /// Kills the server: the store becomes unreachable.
    pub fn stop(&self) {
        if let Some(mut child) = self.child.lock().ok().and_then(|mut c| c.take()) {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Starts the server (again) on the same port and makes the bucket (again), returning
    /// once it answers. moto keeps its objects in memory: a restarted server has none.
    pub fn restart(&self) {
        self.stop();
        let child = Command::new(&self.binary)
            .args(["-H", "127.0.0.1", "-p", &self.port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", self.binary.display()));
        // Kept (and so killed and waited for) even behind a poisoned lock.
        *self.child.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(child);
        let deadline = Instant::now() + START_WITHIN;
        loop {
            match self.request("PUT", &format!("/{}", self.bucket)) {
                Ok(200) => return,
                Ok(status) => panic!("the S3 server refused to make the bucket {}: HTTP {status}", self.bucket),
                Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(100)),
                Err(e) => panic!("the S3 server did not come up on port {}: {e}", self.port),
            }
        }
    }

    /// How many objects the bucket holds (under any prefix).
    pub fn object_count(&self) -> usize {
        let mut stream = match TcpStream::connect(("127.0.0.1", self.port)) {
            Ok(s) => s,
            Err(e) => panic!("S3 server: {e}"),
        };
        let request = format!(
            "GET /{}?list-type=2 HTTP/1.1\r\nHost: 127.0.0.1:{}\r\nConnection: close\r\n\r\n",
            self.bucket, self.port
        );
        let mut reply = String::new();
        if let Err(e) = stream.write_all(request.as_bytes()).and_then(|()| stream.read_to_string(&mut reply)) {
            panic!("S3 server: {e}");
        }
        reply.matches("<Key>").count()
    }

    /// The keys of the bucket's objects (prefixes included).
    pub fn object_keys(&self) -> Vec<String> {
        let reply = match self.exchange(&format!("GET /{}?list-type=2", self.bucket), b"") {
            Ok(reply) => reply,
            Err(e) => panic!("S3 server: {e}"),
        };
        reply.split("<Key>").skip(1).filter_map(|k| k.split("</Key>").next()).map(str::to_string).collect()
    }

    /// Stores `body` as the object `key` (prefix included) behind the server's back.
    pub fn put_object(&self, key: &str, body: &[u8]) {
        match self.exchange(&format!("PUT /{}/{key}", self.bucket), body) {
            Ok(reply) if reply.starts_with("HTTP/1.1 200") => {}
            other => panic!("the S3 server did not store {key}: {other:?}"),
        }
    }

    /// A signed-looking request with `body`; the whole reply as text.
    fn exchange(&self, line: &str, body: &[u8]) -> std::io::Result<String> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port))?;
        stream.set_read_timeout(Some(Duration::from_secs(10)))?;
        let head = format!(
            "{line} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{AUTHORIZATION}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.port,
            body.len()
        );
        stream.write_all(head.as_bytes())?;
        stream.write_all(body)?;
        let mut reply = Vec::new();
        stream.read_to_end(&mut reply)?;
        Ok(String::from_utf8_lossy(&reply).into_owned())
    }

    /// Removes the object `key` (its full name in the bucket, prefix included) behind the server's back.
    pub fn delete_object(&self, key: &str) {
        match self.request("DELETE", &format!("/{}/{key}", self.bucket)) {
            Ok(204) => {}
            other => panic!("the S3 server did not delete {key}: {other:?}"),
        }
    }

    /// A request with a made-up signature (moto checks none, but treats a request
    /// without one as anonymous, which may not delete); the reply's status.
    fn request(&self, method: &str, path: &str) -> std::io::Result<u16> {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port))?;
        stream.set_read_timeout(Some(Duration::from_secs(10)))?;
        let request =
            format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{}\r\n{AUTHORIZATION}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", self.port);
        stream.write_all(request.as_bytes())?;
        let mut reply = Vec::new();
        stream.read_to_end(&mut reply)?;
        let head = String::from_utf8_lossy(&reply);
        head.split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .ok_or_else(|| std::io::Error::other(format!("not an HTTP reply: {head}")))
    }
}

impl Drop for S3Server {
    fn drop(&mut self) {
        self.stop();
    }
}

/// The server named by `HOMETUTOR_S3_SERVER`, or where the install script puts it.
fn installed() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("HOMETUTOR_S3_SERVER") {
        return Some(PathBuf::from(path)).filter(|p| p.is_file());
    }
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(cache.join("hometutor/moto/bin/moto_server")).filter(|p| p.is_file())
}
