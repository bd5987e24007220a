//! What the cluster runs on, each private to one test and gone when dropped: a fresh
//! PostgreSQL database, a `redis-server` on a free port, and nginx on a free port with
//! the operators' configuration, `deploy/nginx.conf`, rendered.

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use diesel::connection::SimpleConnection;
use diesel::{Connection, PgConnection};

/// How long Redis and nginx may take to listen.
const LISTEN_WITHIN: Duration = Duration::from_secs(10);

/// The script that installs nginx (run by tests/run.sh before the Rust suites).
pub const NGINX_INSTALLER: &str = "tests/install/nginx.sh";

/// The operators' nginx configuration, rendered for the test as an operator would (see its header).
const NGINX_TEMPLATE: &str = include_str!("../../../../deploy/nginx.conf");

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("port").port()
}

/// A database of its own on the PostgreSQL of `TEST_DATABASE_URL`, empty (no migrations yet): what
/// the three processes start on. Dropped with everything in it.
pub struct FreshDatabase {
    admin_url: String,
    name: String,
    pub url: String,
}

impl FreshDatabase {
    pub fn create(admin_url: &str) -> Self {
        let name = format!("ht_cluster_{}", uuid::Uuid::new_v4().simple());
        let mut admin = PgConnection::establish(admin_url)
            .unwrap_or_else(|e| panic!("TEST_DATABASE_URL is set but unreachable: {e}"));
        admin.batch_execute(&format!("CREATE DATABASE \"{name}\"")).expect("CREATE DATABASE");
        let mut url = url::Url::parse(admin_url).expect("TEST_DATABASE_URL is a URL");
        url.set_path(&format!("/{name}"));
        // As testkit's databases: no TLS on loopback (libpq's OpenSSL races the test binary's exit).
        if !url.query_pairs().any(|(k, _)| k == "sslmode") {
            url.query_pairs_mut().append_pair("sslmode", "disable");
        }
        Self { admin_url: admin_url.to_string(), name, url: url.to_string() }
    }
}

impl Drop for FreshDatabase {
    fn drop(&mut self) {
        if let Ok(mut admin) = PgConnection::establish(&self.admin_url) {
            let _ = admin.batch_execute(&format!("DROP DATABASE IF EXISTS \"{}\" WITH (FORCE)", self.name));
        }
    }
}

/// nginx in front of the processes, on its own port, with its own files under `dir`.
pub struct Nginx {
    child: Child,
    pub base: String,
}

/// Where Debian's package puts the binary, else the first on `PATH`.
pub fn nginx_binary() -> Option<PathBuf> {
    let debian = PathBuf::from("/usr/sbin/nginx");
    if debian.exists() {
        return Some(debian);
    }
    std::env::var_os("PATH")?.to_str()?.split(':').map(|d| Path::new(d).join("nginx")).find(|p| p.exists())
}

/// `deploy/nginx.conf` with its placeholders filled in (the same words an operator replaces).
pub fn render_nginx_conf(listen: &str, server_name: &str, upstreams: &[String]) -> String {
    let servers = upstreams.iter().map(|u| format!("server {u} max_fails=3 fail_timeout=10s;")).collect::<Vec<_>>();
    let rendered = NGINX_TEMPLATE
        .replace("@HOMETUTOR_SERVERS@", &servers.join("\n    "))
        .replace("@LISTEN@", listen)
        .replace("@SERVER_NAME@", server_name);
    let left = regex::Regex::new("@[A-Z_]+@").expect("regex");
    assert!(!left.is_match(&rendered), "deploy/nginx.conf has a placeholder the test does not know: {rendered}");
    rendered
}

impl Nginx {
    /// Starts nginx on `port` in front of `upstreams` (host:port each); returns once it listens.
    pub fn start(binary: &Path, dir: &Path, port: u16, upstreams: &[String]) -> Self {
        let dir = dir.join("nginx");
        let temp = dir.join("temp");
        std::fs::create_dir_all(&temp).expect("nginx dir");
        // Worker processes drop to `nobody` when nginx starts as root: they must write request bodies here.
        std::fs::set_permissions(&temp, std::fs::Permissions::from_mode(0o777)).expect("chmod");
        let site = render_nginx_conf(&format!("127.0.0.1:{port}"), "localhost", upstreams);
        std::fs::write(dir.join("hometutor.conf"), site).expect("site config");
        // The process's own scaffolding, which Debian's /etc/nginx/nginx.conf provides in production;
        // the site's configuration is the rendered file, included as conf.d/hometutor.conf would be.
        let main = format!(
            "daemon off;\nworker_processes 1;\npid {d}/nginx.pid;\nerror_log {d}/error.log warn;\n\
             events {{ worker_connections 1024; }}\n\
             http {{\n  access_log {d}/access.log;\n  client_body_temp_path {t}/body;\n  proxy_temp_path {t}/proxy;\n  \
             fastcgi_temp_path {t}/fastcgi;\n  uwsgi_temp_path {t}/uwsgi;\n  scgi_temp_path {t}/scgi;\n  \
             include {d}/hometutor.conf;\n}}\n",
            d = dir.display(),
            t = temp.display()
        );
        std::fs::write(dir.join("nginx.conf"), main).expect("nginx.conf");
        let child = Command::new(binary)
            .arg("-p")
            .arg(&dir)
            .arg("-c")
            .arg(dir.join("nginx.conf"))
            .arg("-e")
            .arg(dir.join("error.log"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .spawn()
            .expect("nginx starts");
        let mut nginx = Self { child, base: format!("http://127.0.0.1:{port}") };
        wait_for_listener(&mut nginx.child, port, "nginx", Some(&dir.join("error.log")));
        nginx
    }
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM: the master stops its workers too (SIGKILL would leave them serving the port).
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let _ = self.child.wait();
    }
}

/// Waits until `port` accepts connections; panics (with `log`) if `child` exits first.
fn wait_for_listener(child: &mut Child, port: u16, name: &str, log: Option<&Path>) {
    let deadline = Instant::now() + LISTEN_WITHIN;
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        if let Ok(Some(status)) = child.try_wait() {
            let log = log.and_then(|l| std::fs::read_to_string(l).ok()).unwrap_or_default();
            panic!("{name} exited ({status}) before listening on {port}\n{log}");
        }
        assert!(Instant::now() < deadline, "{name} did not listen on {port} within {LISTEN_WITHIN:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}
