//! New-request alerts to one tutor within a minute go out as one e-mail. The first alert
//! after a quiet minute is e-mailed at once; an alert that comes within [`BURST_WINDOW`]
//! of an earlier one is held (stored as a digest item) and every [`BURST_CHECK_EVERY`] the
//! held alerts whose oldest has waited the window go out together, listed in one e-mail in
//! the tutor's language. So a parent posting many requests at once costs each tutor around
//! two e-mails, not one per request. Tutors who chose the daily digest keep theirs
//! ([`crate::digest`]); a tutor who turned e-mails off since gets none.
//!
//! Any process may send: each held alert is taken out of the digest in the transaction
//! that queues its e-mail, so a second process finds nothing left ([`crate::digest`]).

use std::time::Duration;

use hometutor_core::UserId;
use hometutor_db::{now, Db, DbConnection, DbError};

use crate::{preferences, store, EmailChoice, Kind, Notifier};

/// Alerts to one tutor closer together than this share an e-mail.
pub const BURST_WINDOW: Duration = Duration::from_secs(60);
/// How often held alerts are looked for.
pub const BURST_CHECK_EVERY: Duration = Duration::from_secs(5);

/// Whether a new-request alert to `user` e-mailed now would follow another within the
/// window (or join alerts already held): then it is held too.
pub(crate) fn hold(conn: &mut DbConnection, user: UserId) -> diesel::QueryResult<bool> {
    let since = now() - chrono::Duration::from_std(BURST_WINDOW).unwrap_or_default();
    store::new_requests_since(conn, user.0, since)
}

/// Sends, one e-mail per tutor, the held alerts whose oldest has waited [`BURST_WINDOW`].
/// Returns how many e-mails were queued. Blocking.
pub fn send_due_bursts(db: &Db, notifier: &Notifier) -> Result<usize, DbError> {
    let due_before = now() - chrono::Duration::from_std(BURST_WINDOW).unwrap_or_default();
    let users = db.read(|c| {
        let waiting = store::digest_due_users(c, due_before)?;
        // Those who chose the daily digest wait for it.
        let daily = preferences::choosing(c, &waiting, Kind::NewRequest, EmailChoice::Digest)?;
        Ok::<_, DbError>(waiting.into_iter().filter(|u| !daily.contains(u)).collect::<Vec<i64>>())
    })?;
    let mut sent = 0;
    for user in users {
        match crate::digest::send_digest(db, notifier, UserId(user)) {
            Ok(true) => sent += 1,
            Ok(false) => {}
            Err(e) => tracing::warn!(user, error = %e, "held alerts were not e-mailed; retried next pass"),
        }
    }
    Ok(sent)
}
