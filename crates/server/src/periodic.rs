//! The marketplace loop's periodic jobs: unread-message alerts every 30 s and
//! subscription reminders every hour, demo-class reminders every minute. Each runs once per period between all the
//! processes on the database (a job lease), off the reactor, supervised: a
//! failure or panic is logged and the next period runs. A test clock's move
//! (`crate::testing_clock`) wakes them at once.

use std::time::Duration;

use hometutor_db::Db;
use hometutor_notifications::Notifier;

use crate::testing_clock::Wake;

/// One job: its lease name, its period and what it does at a given time.
struct Job {
    lease: &'static str,
    every: Duration,
    run: fn(&Db, &Notifier, chrono::NaiveDateTime) -> anyhow::Result<usize>,
}

static JOBS: [Job; 3] = [
    Job {
        lease: hometutor_messaging::unread_alerts::LEASE,
        every: hometutor_messaging::unread_alerts::EVERY,
        run: unread_alerts,
    },
    Job { lease: hometutor_payments::reminders::LEASE, every: hometutor_payments::reminders::EVERY, run: reminders },
    Job {
        lease: hometutor_scheduling::bookings::reminders::LEASE,
        every: hometutor_scheduling::bookings::reminders::EVERY,
        run: booking_reminders,
    },
];

fn unread_alerts(db: &Db, notifier: &Notifier, at: chrono::NaiveDateTime) -> anyhow::Result<usize> {
    Ok(hometutor_messaging::unread_alerts::run(db, notifier, at)?)
}

fn reminders(db: &Db, notifier: &Notifier, at: chrono::NaiveDateTime) -> anyhow::Result<usize> {
    Ok(hometutor_payments::reminders::run(db, notifier, at)?)
}

fn booking_reminders(db: &Db, notifier: &Notifier, at: chrono::NaiveDateTime) -> anyhow::Result<usize> {
    Ok(hometutor_scheduling::bookings::reminders::run(db, notifier, at)?)
}

/// Spawns every job; each ends when `stopped` turns true.
pub fn spawn_all(
    db: &Db,
    notifier: &Notifier,
    wake: &Wake,
    stopped: &tokio::sync::watch::Receiver<bool>,
) -> Vec<actix_web::rt::task::JoinHandle<()>> {
    JOBS.iter()
        .map(|job| actix_web::rt::spawn(run_job(job, db.clone(), notifier.clone(), wake.subscribe(), stopped.clone())))
        .collect()
}

async fn run_job(
    job: &'static Job,
    db: Db,
    notifier: Notifier,
    mut wake: tokio::sync::watch::Receiver<u64>,
    mut stopped: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        if !until_next_pass(job.every, &mut wake, &mut stopped).await {
            return;
        }
        let (db, notifier) = (db.clone(), notifier.clone());
        let pass = tokio::task::spawn_blocking(move || -> anyhow::Result<usize> {
            // Leases are read on this process's clock, so a test clock's move frees the period's lease too.
            if !hometutor_db::claim_lease(&db, job.lease, job.every)? {
                return Ok(0);
            }
            (job.run)(&db, &notifier, hometutor_db::now())
        })
        .await;
        match pass {
            Ok(Ok(0)) => {}
            Ok(Ok(told)) => tracing::info!(job = job.lease, told, "notifications sent"),
            Ok(Err(e)) => {
                tracing::error!(job = job.lease, error = %e, "periodic job failed; it runs again next period")
            }
            Err(e) => tracing::error!(job = job.lease, error = %e, "periodic job panicked; it runs again next period"),
        }
    }
}

/// Waits for a background job's next pass: `every`, or a test clock's move, whichever comes first.
/// False once `stopped` turns true. The wake's sender goes with the HTTP server's apps, which stop
/// before the workers are told to, so without it the wait still ends at the stop (not only after
/// `every`, which would hold the shutdown until its timeout).
pub(crate) async fn until_next_pass(
    every: Duration,
    wake: &mut tokio::sync::watch::Receiver<u64>,
    stopped: &mut tokio::sync::watch::Receiver<bool>,
) -> bool {
    let mut woken = true;
    tokio::select! {
        _ = stopped.wait_for(|s| *s) => return false,
        _ = tokio::time::sleep(every) => {}
        changed = wake.changed() => woken = changed.is_ok(),
    }
    if !woken {
        tokio::select! {
            _ = stopped.wait_for(|s| *s) => return false,
            _ = tokio::time::sleep(every) => {}
        }
    }
    true
}
