//! The server as its own operating-system process: the built `hometutor` binary.

use std::collections::HashMap;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::Reply;

/// How long a starting server may take to answer its health check.
const START_WITHIN: Duration = Duration::from_secs(30);

/// A server running as its own process; stopped when dropped.
pub struct PeerProcess {
    /// Behind a lock so that asking whether it still runs needs no exclusive borrow.
    child: Mutex<Child>,
    pub base: String,
    pub client: reqwest::Client,
}

impl PeerProcess {
    /// Starts the binary on a free port with exactly the settings `env` (and `PATH`),
    /// as an in-process test server sees only its own; its standard output and error
    /// go to `log` when given (else the output is dropped and errors show in the
    /// test's). Returns once its health check answers.
    pub async fn start(env: &HashMap<String, String>, log: Option<&Path>) -> Self {
        Self::start_with_args(env, &[], log).await
    }

    /// [`Self::start`] with command-line arguments, e.g. `["serve", "--no-background-jobs"]`.
    pub async fn start_with_args(env: &HashMap<String, String>, args: &[&str], log: Option<&Path>) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port").local_addr().expect("port").port();
        let mut command = Command::new(env!("CARGO_BIN_EXE_hometutor"));
        command
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(env)
            .env("BIND", format!("127.0.0.1:{port}"))
            .args(args)
            .stdin(Stdio::null());
        match log {
            Some(path) => {
                let file = std::fs::File::create(path).expect("the log file");
                command.stdout(file.try_clone().expect("log")).stderr(file);
            }
            None => {
                command.stdout(Stdio::null());
            }
        }
        let child = command.spawn().expect("the server binary starts");
        let client = super::client();
        let peer = Self { child: Mutex::new(child), base: format!("http://127.0.0.1:{port}"), client };
        let deadline = Instant::now() + START_WITHIN;
        while Instant::now() < deadline {
            // One that exited (a failed start) is reported at once, not after the wait.
            if let Ok(Some(status)) = peer.child.lock().expect("child").try_wait() {
                panic!("the server process for {} exited ({status}) before answering", peer.base);
            }
            let health = peer.client.get(format!("{}/api/health", peer.base)).send().await;
            if health.is_ok_and(|r| r.status().is_success()) {
                return peer;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the server process did not answer on {}", peer.base);
    }

    /// The operating-system process id (to read its memory from `/proc`).
    pub fn pid(&self) -> u32 {
        self.child.lock().expect("child").id()
    }

    /// `kill -9`: the process gets no chance to finish anything.
    pub fn kill_hard(&self) {
        let mut child = self.child.lock().expect("child");
        child.kill().expect("SIGKILL");
        let _ = child.wait();
    }

    /// `kill -TERM`: asks the server to stop gracefully.
    pub fn terminate(&self) {
        let pid = self.pid().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status().expect("kill runs");
        assert!(sent.success(), "SIGTERM sent to {pid}");
    }

    /// Waits for the process to exit; its status, or `None` if it still runs at `deadline`.
    pub async fn exited_by(&self, deadline: Instant) -> Option<std::process::ExitStatus> {
        loop {
            if let Ok(Some(status)) = self.child.lock().expect("child").try_wait() {
                return Some(status);
            }
            if Instant::now() >= deadline {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Whether the process is still running (it has not exited or crashed).
    pub fn is_running(&self) -> bool {
        matches!(self.child.lock().expect("child").try_wait(), Ok(None))
    }

    /// A request to this server, as `TestApp::call`.
    pub async fn call(&self, method: &str, path: &str, token: Option<&str>, body: Option<Value>) -> Reply {
        super::call(&self.client, &self.base, method, path, token, body).await
    }
}

impl Drop for PeerProcess {
    fn drop(&mut self) {
        if let Ok(child) = self.child.get_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}
