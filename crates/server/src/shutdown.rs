//! How the server stops (SIGTERM or SIGINT): readiness answers 503 at once, so a
//! balancer takes the process out; after `SHUTDOWN_DRAIN_SECS` it stops accepting
//! connections, answers the requests in flight, tells every chat socket to go away
//! (1001, after answering what it read), waits for the chat writer to commit what
//! was queued and for the background workers to finish their pass; all within
//! `SHUTDOWN_TIMEOUT`, after which it exits anyway. `Application::run_until_stopped`
//! carries the steps out in that order.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

/// `SHUTDOWN_TIMEOUT` and `SHUTDOWN_DRAIN_SECS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShutdownSettings {
    /// From the signal to the exit, whatever is still running then.
    pub timeout: Duration,
    /// Between "not ready" and "not accepting": time for a balancer's probe to notice.
    pub drain: Duration,
}

impl ShutdownSettings {
    /// Reads the two through `get`; an error names the setting and what it must be.
    pub fn from_lookup(get: &impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let seconds = |name: &str, default: u64, least: u64| match get(name) {
            None => Ok(default),
            Some(v) => v
                .parse::<u64>()
                .ok()
                .filter(|n| *n >= least)
                .ok_or_else(|| format!("{name} must be a whole number of seconds, at least {least} (got '{v}')")),
        };
        let timeout = seconds("SHUTDOWN_TIMEOUT", 20, 1)?;
        let drain = seconds("SHUTDOWN_DRAIN_SECS", 0, 0)?;
        if drain >= timeout {
            return Err(format!(
                "SHUTDOWN_DRAIN_SECS ({drain}) must be less than SHUTDOWN_TIMEOUT ({timeout}): the requests in \
                 flight need time after the drain"
            ));
        }
        Ok(Self { timeout: Duration::from_secs(timeout), drain: Duration::from_secs(drain) })
    }

    /// How long actix may take, once it stops accepting, for the connections still open
    /// (requests in flight, sockets saying goodbye): what the drain leaves, less a second
    /// for the chat writer and the workers, which have been stopping meanwhile.
    pub fn connections_within(&self) -> u64 {
        self.timeout.saturating_sub(self.drain).as_secs().saturating_sub(1).max(1)
    }
}

/// Whether this process is stopping, read by readiness (`GET /api/health/ready`).
#[derive(Default)]
pub struct Draining(AtomicBool);

impl Draining {
    pub fn start(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    pub fn is_on(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Resolves with the signal's name at the next SIGTERM or SIGINT. actix's own
/// handling is off (`disable_signals`): it would stop accepting at once, before a
/// balancer has seen readiness fail, and cut sockets without a close frame.
pub async fn signalled() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) {
            (Ok(mut term), Ok(mut int)) => tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = int.recv() => "SIGINT",
            },
            _ => {
                tracing::warn!("cannot listen for SIGTERM; stopping on Ctrl-C only");
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(pairs: &[(&str, &str)]) -> Result<ShutdownSettings, String> {
        ShutdownSettings::from_lookup(&|k| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn twenty_seconds_and_no_drain_by_default() {
        let settings = with(&[]).expect("defaults");
        assert_eq!((settings.timeout, settings.drain), (Duration::from_secs(20), Duration::ZERO));
        assert_eq!(settings.connections_within(), 19);
    }

    #[test]
    fn the_drain_must_leave_time_for_the_requests_in_flight() {
        let err = with(&[("SHUTDOWN_TIMEOUT", "5"), ("SHUTDOWN_DRAIN_SECS", "5")]).expect_err("refused");
        assert!(err.to_string().contains("SHUTDOWN_DRAIN_SECS"), "{err}");
        let err = with(&[("SHUTDOWN_TIMEOUT", "0")]).expect_err("refused");
        assert!(err.to_string().contains("SHUTDOWN_TIMEOUT"), "{err}");
        let short = with(&[("SHUTDOWN_TIMEOUT", "5"), ("SHUTDOWN_DRAIN_SECS", "3")]).expect("accepted");
        assert_eq!(short.connections_within(), 1);
    }
}
