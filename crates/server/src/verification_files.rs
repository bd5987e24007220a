//! Deletes verification documents 30 days after their decision (crates/profiles'
//! `verification::expire_files` marks them, then their private objects are removed from the
//! store); the decision and the checks that passed stay. Once an hour between all processes
//! (a job lease), and at once when a test clock moves (`crate::testing_clock`).

use std::time::Duration;

use hometutor_db::Db;
use hometutor_media::MediaStore;

/// The job's lease name and period.
const LEASE: &str = "verification_files";
const EVERY: Duration = Duration::from_secs(3600);

/// One pass at `at`: how many files were deleted. Blocking.
pub fn purge(db: &Db, media: &MediaStore, at: chrono::NaiveDateTime) -> anyhow::Result<usize> {
    let mut deleted = 0;
    loop {
        let names = db.write(|c| -> Result<_, hometutor_db::DbError> {
            Ok(hometutor_profiles::verification::expire_files(c, at)?)
        })?;
        if names.is_empty() {
            return Ok(deleted);
        }
        for name in &names {
            // The rows say deleted already: a store that fails now leaves an unreachable object.
            if let Err(e) = media.delete_private(name) {
                tracing::warn!(file = %name, error = %e, "a verification document's object stays in the store");
            }
        }
        deleted += names.len();
    }
}

/// Runs [`purge`] every [`EVERY`] until `stopped` turns true.
pub async fn run(
    db: Db,
    media: MediaStore,
    mut wake: tokio::sync::watch::Receiver<u64>,
    mut stopped: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let (db, media) = (db.clone(), media.clone());
        let pass = tokio::task::spawn_blocking(move || -> anyhow::Result<usize> {
            if !hometutor_db::claim_lease(&db, LEASE, EVERY)? {
                return Ok(0);
            }
            purge(&db, &media, hometutor_db::now())
        })
        .await;
        match pass {
            Ok(Ok(0)) => {}
            Ok(Ok(n)) => tracing::info!(deleted = n, "verification documents deleted 30 days after their decision"),
            Ok(Err(e)) => tracing::error!(error = %e, "deleting old verification documents failed; it runs again"),
            Err(e) => tracing::error!(error = %e, "deleting old verification documents panicked; it runs again"),
        }
        if !crate::periodic::until_next_pass(EVERY, &mut wake, &mut stopped).await {
            return;
        }
    }
}
