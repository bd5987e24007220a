//! The notification e-mail worker: the daily digest (`digest`) and the held new-request
//! alerts (`burst`) on one loop, so neither module needs the other.

use std::future::Future;
use std::sync::Arc;

use hometutor_db::{Db, DbError};
use tokio::sync::Notify;

use crate::burst::{send_due_bursts, BURST_CHECK_EVERY};
use crate::digest::{send_digests_if_ours, DIGEST_CHECK_EVERY};
use crate::Notifier;

/// Wakes the digest worker before its next hourly look (a test that moved the clock).
#[derive(Clone, Default)]
pub struct DigestSignal(Arc<Notify>);

impl DigestSignal {
    pub fn notify(&self) {
        self.0.notify_one();
    }
}

/// Runs the digest job every [`DIGEST_CHECK_EVERY`] (and when `signal` wakes it), and sends
/// held alerts ([`crate::burst`]) every [`BURST_CHECK_EVERY`], until `shutdown`.
pub async fn run_digest_worker(db: Db, notifier: Notifier, signal: DigestSignal, shutdown: impl Future<Output = ()>) {
    tokio::pin!(shutdown);
    let mut daily_due = true;
    let mut last_daily = std::time::Instant::now();
    loop {
        let (db, notifier) = (db.clone(), notifier.clone());
        let daily = std::mem::take(&mut daily_due);
        if daily {
            last_daily = std::time::Instant::now();
        }
        let pass = tokio::task::spawn_blocking(move || {
            let digests = if daily { send_digests_if_ours(&db, &notifier)? } else { None };
            Ok::<_, DbError>((digests, send_due_bursts(&db, &notifier)?))
        });
        match pass.await {
            Ok(Ok((digests, bursts))) => {
                if let Some(n) = digests.filter(|n| *n > 0) {
                    tracing::info!(sent = n, "notification digests queued");
                }
                if bursts > 0 {
                    tracing::debug!(sent = bursts, "held new-request alerts e-mailed");
                }
            }
            Ok(Err(e)) => tracing::error!(error = %e, "notification digests"),
            Err(e) => tracing::error!(error = %e, "notification digests stopped"),
        }
        tokio::select! {
            _ = &mut shutdown => return,
            _ = signal.0.notified() => daily_due = true,
            _ = tokio::time::sleep(BURST_CHECK_EVERY) => daily_due = last_daily.elapsed() >= DIGEST_CHECK_EVERY,
        }
    }
}
