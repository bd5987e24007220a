//! A private `redis-server` for one test: its own port, no persistence, so parallel tests
//! never share keys (the shared Redis on 6379 is shared by every suite running at once).

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `redis-server` child process on a free loopback port; killed when dropped.
pub struct PrivateRedis {
    pub port: u16,
    child: Option<Child>,
}

impl PrivateRedis {
    /// Starts one and waits until it accepts connections. A machine without `redis-server`
    /// fails the test (with how to install it) rather than skipping it.
    pub fn start() -> Self {
        let mut redis = Self::reserved();
        redis.restart();
        redis
    }

    /// A free port for one, not started yet: for a server that must start while its Redis
    /// is down. [`Self::restart`] starts it.
    pub fn reserved() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap_or_else(|e| panic!("no free port: {e}"));
        Self { port, child: None }
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    /// Starts it (again) on its port and waits until it accepts connections.
    pub fn restart(&mut self) {
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"])
            .stdout(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("redis-server does not start ({e}); apt-get install redis-server"));
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(10);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            assert!(Instant::now() < deadline, "redis-server did not listen on {}", self.port);
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills it at once (SIGKILL), as a crash would.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for PrivateRedis {
    fn drop(&mut self) {
        self.kill();
    }
}
