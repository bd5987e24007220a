//! The daily digest of new requests, for tutors who chose `digest`. Every
//! [`DIGEST_CHECK_EVERY`] one process (a job lease) looks for tutors whose oldest
//! waiting item is at least [`DIGEST_AFTER`] old and sends each one e-mail listing at
//! most [`DIGEST_MAX_ITEMS`] of them (the newest; the rest are counted), clearing the
//! items in the same transaction. So a tutor gets at most one digest a day, about a day
//! after the first request it tells of, and none on a day without new requests.

use std::time::Duration;

use hometutor_core::UserId;
use hometutor_db::{now, Db, DbError};

use crate::{preferences, store, EmailChoice, Kind, Notifier};

/// How long the first item of a digest waits before the digest is sent.
pub const DIGEST_AFTER: Duration = Duration::from_secs(24 * 60 * 60);
/// How often the job looks for digests that are due (and its lease's length).
pub const DIGEST_CHECK_EVERY: Duration = Duration::from_secs(60 * 60);
/// Items listed in one digest e-mail.
pub const DIGEST_MAX_ITEMS: usize = 20;
/// The job's name in `job_leases`.
const LEASE: &str = "notification-digest";

/// Sends every digest that is due. One transaction per tutor, so a failure costs one
/// tutor's digest this pass (retried next pass), never a digest sent twice. Returns
/// how many e-mails were queued. Blocking.
pub fn send_due_digests(db: &Db, notifier: &Notifier) -> Result<usize, DbError> {
    let due_before = now() - chrono::Duration::from_std(DIGEST_AFTER).unwrap_or_default();
    let users = db.read(|c| store::digest_due_users(c, due_before).map_err(DbError::from))?;
    let mut sent = 0;
    for user in users {
        match send_digest(db, notifier, UserId(user)) {
            Ok(true) => sent += 1,
            Ok(false) => {}
            Err(e) => tracing::warn!(user, error = %e, "a digest e-mail was not queued; retried next pass"),
        }
    }
    Ok(sent)
}

pub(crate) fn send_digest(db: &Db, notifier: &Notifier, user: UserId) -> Result<bool, DbError> {
    db.write(|c| {
        let pending = store::digest_pending(c, user.0)?;
        let ids: Vec<i64> = pending.iter().map(|n| n.id).collect();
        // Another process cleared them since we looked: it sends this digest.
        if ids.is_empty() || store::clear_digest(c, user.0, &ids)? != ids.len() {
            return Ok::<_, DbError>(false);
        }
        // A tutor who turned e-mails off since gets none (the items stay in the app).
        if preferences::email_choice(c, user, Kind::NewRequest)? == EmailChoice::Off {
            return Ok(false);
        }
        let listed = &pending[pending.len().saturating_sub(DIGEST_MAX_ITEMS)..];
        let mut newest_first = listed.to_vec();
        newest_first.reverse();
        Ok(crate::email::send_digest(c, &notifier.site, user, &newest_first, pending.len() - listed.len())?)
    })
}

/// [`send_due_digests`] by the one process that claims this period's lease; `None` when another holds it.
pub fn send_digests_if_ours(db: &Db, notifier: &Notifier) -> Result<Option<usize>, DbError> {
    if hometutor_db::claim_lease(db, LEASE, DIGEST_CHECK_EVERY)? {
        send_due_digests(db, notifier).map(Some)
    } else {
        Ok(None)
    }
}
