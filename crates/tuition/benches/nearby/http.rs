//! The same searches through the server: authentication, the search, the requests' details, the
//! place names and the JSON, as a tutor's web app asks for them.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::{ms, percentile, Case};

/// Subscribed by `seed-demo` (as in tests/bench/common.sh).
const TUTOR: &str = "priya.tutor@demo.hometutor.in";
const PASSWORD: &str = "demo-password";

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn env(command: &mut Command, database_url: &str, data_dir: &std::path::Path) {
    command
        .env("DATABASE_URL", database_url)
        .env("DATA_DIR", data_dir)
        .env("JWT_SECRET", "bench-secret-bench-secret-bench-secret-0123")
        .env("BCRYPT_COST", "4")
        .env("RUST_LOG", "warn");
}

pub fn compare(bin: &str, database_url: &str, cases: &[Case], backend: &str) {
    let data_dir = std::env::temp_dir().join(format!("hometutor-nearby-http-{}", std::process::id()));
    let mut seed = Command::new(bin);
    seed.arg("seed-demo").stdout(Stdio::null());
    env(&mut seed, database_url, &data_dir);
    let seeded = seed.status().unwrap_or_else(|e| panic!("{bin} seed-demo: {e}"));
    assert!(seeded.success(), "{bin} seed-demo failed");

    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let mut serve = Command::new(bin);
    serve.env("BIND", format!("127.0.0.1:{port}")).stdout(Stdio::null());
    env(&mut serve, database_url, &data_dir);
    let _server = Server(serve.spawn().unwrap_or_else(|e| panic!("{bin}: {e}")));
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut conn = loop {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(stream) => break Connection::new(stream),
            Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => panic!("the server did not listen on {port}: {e}"),
        }
    };
    let login = format!(r#"{{"email":"{TUTOR}","password":"{PASSWORD}"}}"#);
    let (status, body) = conn.call("POST", "/api/auth/login", None, Some(&login));
    assert_eq!(status, 200, "login: {}", String::from_utf8_lossy(&body));
    let answer: serde_json::Value = serde_json::from_slice(&body).unwrap();
    let token = answer["token"].as_str().expect("a token").to_string();

    println!("Through HTTP ({backend}; the release server, one kept-alive connection, requests one after another):\n");
    println!("| backend | radius | filters | results | p50 ms | p99 ms | answer bytes (mean) |");
    println!("|---|---|---|---|---|---|---|");
    for case in cases {
        let filters = if case.filtered { "&subject=math&classLevel=class%201" } else { "" };
        let paths: Vec<String> = case
            .centers
            .iter()
            .map(|c| format!("/api/tuition/nearby?coordinates={},{}&radiusKm={}{filters}", c.lng, c.lat, case.radius))
            .collect();
        // Once over each path first: the server's first answers (its caches, the pages of the
        // database it reads) are not what a running server pays.
        for path in &paths {
            conn.call("GET", path, Some(&token), None);
        }
        let (mut times, mut results, mut bytes) = (Vec::with_capacity(paths.len()), 0, 0);
        for path in &paths {
            let started = Instant::now();
            let (status, body) = conn.call("GET", path, Some(&token), None);
            times.push(started.elapsed());
            assert_eq!(status, 200, "{path}: {}", String::from_utf8_lossy(&body));
            bytes += body.len();
            results += serde_json::from_slice::<Vec<serde_json::Value>>(&body).expect("a list").len();
        }
        times.sort();
        let n = paths.len() as f64;
        println!(
            "| {backend} | {} km | {} | {:.0} | {} | {} | {:.0} |",
            case.radius,
            case.filters(),
            results as f64 / n,
            ms(percentile(&times, 0.5)),
            ms(percentile(&times, 0.99)),
            bytes as f64 / n,
        );
    }
    let _ = std::fs::remove_dir_all(&data_dir);
}

/// HTTP/1.1 on one connection, kept alive; answers with a Content-Length (the server's JSON).
struct Connection {
    writer: TcpStream,
    reader: BufReader<TcpStream>,
}

impl Connection {
    fn new(stream: TcpStream) -> Self {
        stream.set_nodelay(true).unwrap();
        Self { writer: stream.try_clone().unwrap(), reader: BufReader::new(stream) }
    }

    fn call(&mut self, method: &str, path: &str, token: Option<&str>, body: Option<&str>) -> (u16, Vec<u8>) {
        let mut request = format!("{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        if let Some(token) = token {
            request.push_str(&format!("Authorization: Bearer {token}\r\n"));
        }
        if let Some(body) = body {
            request.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
        }
        request.push_str("\r\n");
        request.push_str(body.unwrap_or(""));
        self.writer.write_all(request.as_bytes()).unwrap();
        let mut line = String::new();
        self.reader.read_line(&mut line).unwrap();
        let status: u16 = line.split(' ').nth(1).and_then(|s| s.parse().ok()).expect("a status line");
        let mut length = None;
        loop {
            line.clear();
            self.reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse::<usize>().ok();
                }
            }
        }
        let mut answer = vec![0; length.expect("a Content-Length")];
        self.reader.read_exact(&mut answer).unwrap();
        (status, answer)
    }
}
