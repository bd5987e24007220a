//! The orphan sweep (crates/media's `sweep_orphans`): objects in the file store, public
//! uploads and private verification documents, that no row references are deleted once they
//! have stayed so for [`GRACE`]. Once an hour between all processes (a job lease), at start,
//! and at once when a test clock moves (`crate::testing_clock`). Each deletion is logged, and
//! counted in `hometutor_orphan_objects_deleted_total` by kind.

use std::time::Duration;

use hometutor_db::Db;
use hometutor_media::{MediaStore, Swept};

/// The job's lease name and period.
const LEASE: &str = "object_sweep";
const EVERY: Duration = Duration::from_secs(3600);
/// How long an object stays unreferenced before it is deleted: far longer than storing an
/// upload and writing its row takes, so an upload in flight is never swept.
pub const GRACE: Duration = Duration::from_secs(3600);

/// One pass at `at` (the server's clock). Blocking.
pub fn pass(media: &MediaStore, at: chrono::NaiveDateTime) -> anyhow::Result<Swept> {
    let swept =
        media.sweep_orphans(at, GRACE, &|c, names| hometutor_profiles::verification::referenced_objects(c, names))?;
    metrics::counter!("hometutor_orphan_objects_deleted_total", "kind" => "public").increment(swept.public as u64);
    metrics::counter!("hometutor_orphan_objects_deleted_total", "kind" => "private").increment(swept.private as u64);
    Ok(swept)
}

/// Runs [`pass`] every [`EVERY`] until `stopped` turns true.
pub async fn run(
    db: Db,
    media: MediaStore,
    mut wake: tokio::sync::watch::Receiver<u64>,
    mut stopped: tokio::sync::watch::Receiver<bool>,
) {
    loop {
        let (db, media) = (db.clone(), media.clone());
        let outcome = tokio::task::spawn_blocking(move || -> anyhow::Result<Swept> {
            if !hometutor_db::claim_lease(&db, LEASE, EVERY)? {
                return Ok(Swept::default());
            }
            pass(&media, hometutor_db::now())
        })
        .await;
        match outcome {
            Ok(Ok(Swept { public: 0, private: 0, failed: 0, .. })) => {}
            Ok(Ok(s)) => tracing::info!(
                public = s.public,
                private = s.private,
                failed = s.failed,
                waiting = s.waiting,
                "orphan objects swept from the file store"
            ),
            Ok(Err(e)) => tracing::error!(error = %e, "the orphan sweep failed; it runs again next period"),
            Err(e) => tracing::error!(error = %e, "the orphan sweep panicked; it runs again next period"),
        }
        if !crate::periodic::until_next_pass(EVERY, &mut wake, &mut stopped).await {
            return;
        }
    }
}
