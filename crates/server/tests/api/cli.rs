//! The binary itself: its commands, and a graceful stop on SIGTERM or SIGINT.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use hometutor_testkit::TestDatabase;

fn hometutor(database: &TestDatabase, data_dir: &std::path::Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_hometutor"));
    cmd.env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", &database.url)
        .env("DATA_DIR", data_dir)
        .env("BCRYPT_COST", "4")
        .env("JWT_SECRET", "cli-test-secret-cli-test-secret-0123456")
        .env("RUST_LOG", "info")
        .env("NO_COLOR", "1");
    cmd
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("hometutor-cli-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

/// Runs `hometutor create-admin` with `stdin` on its standard input.
fn create_admin(
    database: &TestDatabase,
    dir: &std::path::Path,
    args: &[&str],
    env: &[(&str, &str)],
    stdin: &str,
) -> std::process::Output {
    use std::io::Write;
    let mut cmd = hometutor(database, dir);
    cmd.arg("create-admin").args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().expect("run");
    let mut input = child.stdin.take().expect("stdin");
    // The process may exit before reading (a refused flag); a closed pipe is fine then.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().expect("output")
}

/// The demo tutor's login with the published demo password: what anyone could try on a seeded site.
fn demo_tutor_login(port: u16) -> String {
    login(port, "priya.tutor@demo.hometutor.in", "demo-password")
}

fn login(port: u16, email: &str, password: &str) -> String {
    let body = serde_json::json!({"email": email, "password": password}).to_string();
    http(port, "POST", "/api/auth/login", None, Some(&body))
}

#[test]
fn migrate_and_create_admin_commands() {
    let database = TestDatabase::file();
    let dir = temp_dir("admin");
    let migrate = hometutor(&database, &dir).arg("migrate").output().expect("run");
    assert!(migrate.status.success(), "{}", String::from_utf8_lossy(&migrate.stderr));

    let create = create_admin(&database, &dir, &["--email", "Root@Example.com"], &[], "admin password\n");
    assert!(create.status.success(), "{}", String::from_utf8_lossy(&create.stderr));
    assert!(String::from_utf8_lossy(&create.stdout).contains("root@example.com"));

    let again = create_admin(&database, &dir, &["--email", "root@example.com"], &[], "admin password\n");
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));

    let short = create_admin(&database, &dir, &["--email", "b@example.com"], &[], "short\n");
    assert!(!short.status.success(), "a short admin password is refused");

    let from_env = create_admin(
        &database,
        &dir,
        &["--email", "env@example.com"],
        &[("ADMIN_PASSWORD", "from the environment")],
        "",
    );
    assert!(from_env.status.success(), "{}", String::from_utf8_lossy(&from_env.stderr));

    // A password on the command line is refused before anything is written.
    let flag = create_admin(
        &database,
        &dir,
        &["--email", "flag@example.com", "--password", "visible in ps"],
        &[],
        "visible in ps\n",
    );
    assert!(!flag.status.success());
    let refusal = String::from_utf8_lossy(&flag.stderr);
    assert!(refusal.contains("standard input") && refusal.contains("ADMIN_PASSWORD"), "{refusal}");

    let (mut server, port) = serve(&database, &dir);
    assert!(login(port, "root@example.com", "admin password").starts_with("HTTP/1.1 200"), "read from stdin");
    assert!(login(port, "env@example.com", "from the environment").starts_with("HTTP/1.1 200"), "from ADMIN_PASSWORD");
    assert!(login(port, "flag@example.com", "visible in ps").starts_with("HTTP/1.1 401"), "no account was made");
    let _ = server.kill();
    let _ = server.wait();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_bad_setting_stops_start_up_with_a_message_naming_it() {
    let database = TestDatabase::file();
    let dir = temp_dir("config");
    let out = hometutor(&database, &dir).env("BCRYPT_COST", "fast").output().expect("run");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("BCRYPT_COST"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_shared_database_or_redis_without_jwt_secret_stops_start_up_naming_it() {
    let database = TestDatabase::file();
    let dir = temp_dir("secret");
    for (key, value) in
        [("DATABASE_URL", "postgres://hometutor@127.0.0.1:1/hometutor"), ("REDIS_URL", "redis://127.0.0.1:1")]
    {
        let out = hometutor(&database, &dir).env_remove("JWT_SECRET").env(key, value).output().expect("run");
        assert!(!out.status.success(), "{key}: started without JWT_SECRET");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("JWT_SECRET must be set"), "{key}: {stderr}");
        assert!(!dir.join("jwt_secret").exists(), "{key}: no machine-local secret was made");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// One plain HTTP/1.1 exchange; returns the whole response as text.
fn http(port: u16, method: &str, path: &str, token: Option<&str>, body: Option<&str>) -> String {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).expect("connect");
    // A server that stops answering fails the test instead of holding it forever.
    stream.set_read_timeout(Some(Duration::from_secs(15))).expect("read timeout");
    let auth = token.map(|t| format!("Authorization: Bearer {t}\r\n")).unwrap_or_default();
    let body = body.unwrap_or("");
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).expect("write");
    let mut response = String::new();
    stream.read_to_string(&mut response).expect("read");
    response
}

fn health(port: u16) -> String {
    http(port, "GET", "/api/health", None, None)
}

/// Starts `hometutor` on a free port and returns the child and the port.
fn serve(database: &TestDatabase, data_dir: &std::path::Path) -> (std::process::Child, u16) {
    let mut child = hometutor(database, data_dir)
        .env("BIND", "127.0.0.1:0")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawn");
    // The log is read on a thread of its own, so the wait below has a deadline even
    // when the server prints nothing; the thread keeps draining the log afterwards,
    // so the server never blocks on a full pipe.
    let stdout = child.stdout.take().expect("stdout");
    let (lines, logged) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = lines.send(line);
        }
    });
    let deadline = Instant::now() + Duration::from_secs(30);
    let listening = loop {
        match logged.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(line) if line.contains("HomeTutor is listening") => break line,
            Ok(_) => {}
            Err(e) => {
                let _ = child.kill();
                let _ = child.wait();
                panic!("the server did not log that it listens within 30 s ({e})");
            }
        }
    };
    let port: u16 = listening.rsplit("port=").next().and_then(|p| p.trim().parse().ok()).expect("port in the log");
    (child, port)
}

/// A token for a demo account with the published demo password.
fn demo_token(port: u16, email: &str) -> String {
    let login = login(port, email, "demo-password");
    assert!(login.starts_with("HTTP/1.1 200"), "{login}");
    login.split("\"token\":\"").nth(1).and_then(|t| t.split('"').next()).expect("token").to_string()
}

/// How many tutors the public search lists within 10 km of `point`, for `subject` if given.
fn tutors_near(port: u16, point: hometutor_geo::Point, subject: Option<&str>) -> usize {
    let subject = subject.map(|s| format!("&subject={s}")).unwrap_or_default();
    let path = format!("/api/tutors/search?location=[{},{}]&radiusKm=10{subject}", point.lng, point.lat);
    let found = http(port, "GET", &path, None, None);
    assert!(found.starts_with("HTTP/1.1 200"), "{found}");
    let total = found.split("\"total\":").nth(1).expect("a total");
    total.split(|c: char| !c.is_ascii_digit()).next().and_then(|n| n.parse().ok()).expect("a number")
}

#[test]
fn seed_demo_fills_five_cities_once() {
    let database = TestDatabase::file();
    let dir = temp_dir("demo");
    let started = Instant::now();
    let first = hometutor(&database, &dir).arg("seed-demo").output().expect("run");
    assert!(first.status.success(), "{}", String::from_utf8_lossy(&first.stderr));
    assert!(String::from_utf8_lossy(&first.stdout).contains("75 accounts and 40 requests added"));
    eprintln!("seed-demo took {:?}", started.elapsed());
    let second = hometutor(&database, &dir).arg("seed-demo").output().expect("run");
    assert!(String::from_utf8_lossy(&second.stdout).contains("0 accounts and 0 requests added"), "safe to run twice");

    let (mut child, port) = serve(&database, &dir);
    // Maths, Science and English near two well-known localities of every city, within 10 km.
    let named = [
        ("Delhi", ["Lajpat Nagar", "Connaught Place"]),
        ("Mumbai", ["Andheri", "Bandra"]),
        ("Bengaluru", ["Koramangala", "Indiranagar"]),
        ("Pune", ["Kothrud", "Aundh"]),
        ("Hyderabad", ["Banjara Hills", "Jubilee Hills"]),
    ];
    let localities = hometutor_server::demo::data::localities();
    for (city, names) in named {
        let mut counts = Vec::new();
        for name in names {
            let place = localities.iter().find(|l| l.city == city && l.name == name).expect("a demo locality");
            let found =
                [None, Some("maths"), Some("science"), Some("english")].map(|s| tutors_near(port, place.point, s));
            assert!(found[0] >= 4 && found[1] >= 3 && found[2] >= 2 && found[3] >= 1, "{name}, {city}: {found:?}");
            counts.push(format!("{name} {found:?}"));
        }
        eprintln!("{city}: tutors within 10 km (any, maths, science, english): {}", counts.join(", "));
    }

    // Subscribed demo tutors see their city's requests, and only those.
    let priya = demo_token(port, "priya.tutor@demo.hometutor.in");
    let nearby = http(port, "GET", "/api/tuition/nearby?coordinates=[77.209,28.6139]&radiusKm=25", Some(&priya), None);
    assert!(nearby.starts_with("HTTP/1.1 200"), "{nearby}");
    assert_eq!(nearby.matches("\"subject\"").count(), 8, "Delhi's eight demo requests");
    let rajesh = demo_token(port, "rajesh.patil.tutor@demo.hometutor.in");
    let nearby =
        http(port, "GET", "/api/tuition/nearby?coordinates=[72.8468,19.1197]&radiusKm=25", Some(&rajesh), None);
    assert!(nearby.starts_with("HTTP/1.1 200"), "{nearby}");
    assert_eq!(nearby.matches("\"subject\"").count(), 8, "Mumbai's eight demo requests near Andheri");
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn seed_demo_refuses_a_public_site_unless_forced() {
    let database = TestDatabase::file();
    let dir = temp_dir("demo-public");
    let mut refused = hometutor(&database, &dir);
    let refused = refused
        .env("PUBLIC_URL", "https://hometutor.in")
        .env("PAYMENT_MODE", "simulated")
        .arg("seed-demo")
        .output()
        .expect("run");
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("seed-demo refused: PUBLIC_URL https://hometutor.in is not a local site"), "{said}");
    assert!(said.contains("--force"), "{said}");
    let (mut child, port) = serve(&database, &dir);
    let login = demo_tutor_login(port);
    assert!(login.starts_with("HTTP/1.1 401"), "no demo account was made: {login}");
    let _ = child.kill();
    let _ = child.wait();

    let mut forced = hometutor(&database, &dir);
    let forced = forced
        .env("PUBLIC_URL", "https://hometutor.in")
        .env("PAYMENT_MODE", "simulated")
        .args(["seed-demo", "--force"])
        .output()
        .expect("run");
    assert!(forced.status.success(), "{}", String::from_utf8_lossy(&forced.stderr));
    assert!(String::from_utf8_lossy(&forced.stdout).contains("75 accounts and 40 requests added"));
    let _ = std::fs::remove_dir_all(dir);
}

/// SIGTERM (a service manager) and SIGINT (Ctrl-C) alike; what a stop does for clients
/// (readiness, sockets, requests in flight) is `health_shutdown.rs`'s.
#[test]
fn serves_and_stops_gracefully_on_sigterm_and_sigint() {
    let database = TestDatabase::file();
    let dir = temp_dir("serve");
    for signal in ["-TERM", "-INT"] {
        let (mut child, port) = serve(&database, &dir);
        assert!(health(port).starts_with("HTTP/1.1 200"), "serves requests");

        let killed = Command::new("kill").args([signal, &child.id().to_string()]).status().expect("kill");
        assert!(killed.success());
        // Within SHUTDOWN_TIMEOUT (20 s by default); an idle server is done at once.
        let deadline = Instant::now() + Duration::from_secs(20);
        let status = loop {
            if let Some(status) = child.try_wait().expect("wait") {
                break status;
            }
            assert!(Instant::now() < deadline, "stopped within 20 s of {signal}");
            std::thread::sleep(Duration::from_millis(100));
        };
        assert!(status.success(), "{signal}: exit status {status}");
    }
    let _ = std::fs::remove_dir_all(dir);
}
