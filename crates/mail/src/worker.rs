use std::sync::Arc;
use std::time::Duration;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::outbox_emails::dsl as o;
use hometutor_db::{now, Db, DbError};
use lettre::message::Mailbox;
use tokio::sync::Notify;

use crate::{MailKind, MailTransport, OutgoingEmail};

/// Wakes the worker right after a service committed an e-mail, so delivery
/// does not wait for the next poll.
#[derive(Clone, Default)]
pub struct MailSignal(Arc<Notify>);

impl MailSignal {
    pub fn notify(&self) {
        self.0.notify_one();
    }
}

/// How long a claimed e-mail is reserved for one sender before another may retry it.
const LEASE: Duration = Duration::from_secs(120);
const POLL: Duration = Duration::from_secs(2);
const MAX_BACKOFF_SECS: i64 = 300;
const BATCH: i64 = 20;
/// Sent e-mails are kept this long (for support questions: who was mailed what
/// kind of e-mail, when), then deleted.
pub const KEEP_SENT_DAYS: i64 = 30;
/// A code e-mail that could not be delivered in this long is useless (the link
/// lives 24 hours, the code 10 minutes) and is deleted rather than kept readable.
const GIVE_UP_CODE_HOURS: i64 = 25;
/// Rows deleted per purge pass, so one pass never holds the database for long.
const PURGE_BATCH: i64 = 500;
const PURGE_EVERY: Duration = Duration::from_secs(60 * 60);

pub struct MailWorker {
    db: Db,
    transport: MailTransport,
    from: Mailbox,
    signal: MailSignal,
}

struct Due {
    id: i64,
    attempts: i32,
    email: OutgoingEmail,
}

impl MailWorker {
    pub fn new(db: Db, transport: MailTransport, from: Mailbox, signal: MailSignal) -> Self {
        Self { db, transport, from, signal }
    }

    /// Delivers until `shutdown` resolves.
    pub async fn run(self, shutdown: impl std::future::Future<Output = ()>) {
        tokio::pin!(shutdown);
        let mut last_purge: Option<std::time::Instant> = None;
        loop {
            if last_purge.is_none_or(|at| at.elapsed() >= PURGE_EVERY) {
                last_purge = Some(std::time::Instant::now());
                match self.purge().await {
                    Ok(n) if n > 0 => tracing::info!(deleted = n, "old e-mails deleted from the outbox"),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "mail outbox purge"),
                }
            }
            match self.deliver_due().await {
                Ok(n) if n > 0 => continue,
                Ok(_) => {}
                Err(e) => tracing::error!(error = %e, "mail outbox"),
            }
            tokio::select! {
                _ = &mut shutdown => return,
                _ = self.signal.0.notified() => {}
                _ = tokio::time::sleep(POLL) => {}
            }
        }
    }

    /// Sends every e-mail that is due; returns how many were attempted.
    pub async fn deliver_due(&self) -> Result<usize, DbError> {
        let db = self.db.clone();
        let due = tokio::task::spawn_blocking(move || claim_due(&db))
            .await
            .map_err(|e| DbError::Connect(e.to_string()))??;
        let count = due.len();
        for item in due {
            let outcome = self.transport.send(&self.from, &item.email).await;
            let db = self.db.clone();
            if let Err(e) = &outcome {
                tracing::warn!(id = item.id, attempts = item.attempts + 1, error = %e, "e-mail delivery failed; will retry");
            }
            tokio::task::spawn_blocking(move || record_outcome(&db, &item, outcome.err().map(|e| e.to_string())))
                .await
                .map_err(|e| DbError::Connect(e.to_string()))??;
        }
        Ok(count)
    }

    /// Deletes sent e-mails older than [`KEEP_SENT_DAYS`] and code e-mails that
    /// were never delivered and have expired; at most [`PURGE_BATCH`] rows of each
    /// per call. Returns how many rows went.
    pub async fn purge(&self) -> Result<usize, DbError> {
        let db = self.db.clone();
        tokio::task::spawn_blocking(move || purge_old(&db)).await.map_err(|e| DbError::Connect(e.to_string()))?
    }
}

fn purge_old(db: &Db) -> Result<usize, DbError> {
    db.write(|conn| {
        let at = now();
        let sent_before = at - chrono::Duration::days(KEEP_SENT_DAYS);
        let old_sent: Vec<i64> = o::outbox_emails
            .filter(o::sent_at.is_not_null().and(o::sent_at.lt(sent_before)))
            .select(o::id)
            .order(o::id)
            .limit(PURGE_BATCH)
            .load(conn)?;
        let mut deleted = diesel::delete(o::outbox_emails.filter(o::id.eq_any(old_sent))).execute(conn)?;
        let stale_before = at - chrono::Duration::hours(GIVE_UP_CODE_HOURS);
        let stale_codes: Vec<i64> = o::outbox_emails
            .filter(o::sent_at.is_null().and(o::created_at.lt(stale_before)).and(o::kind.eq_any(MailKind::SECRET)))
            .select(o::id)
            .order(o::id)
            .limit(PURGE_BATCH)
            .load(conn)?;
        deleted += diesel::delete(o::outbox_emails.filter(o::id.eq_any(stale_codes))).execute(conn)?;
        Ok::<_, DbError>(deleted)
    })
}

/// Reserves due e-mails by pushing their next attempt past the lease, so a second
/// server process working the same outbox does not send them twice.
fn claim_due(db: &Db) -> Result<Vec<Due>, DbError> {
    db.write(|conn| {
        let at = now();
        let rows: Vec<(i64, i32, String, String, String, String)> = o::outbox_emails
            .filter(o::sent_at.is_null().and(o::next_attempt_at.le(at)))
            .order(o::id)
            .limit(BATCH)
            .select((o::id, o::attempts, o::recipient, o::subject, o::body, o::kind))
            .load(conn)?;
        let lease_until = at + chrono::Duration::from_std(LEASE).unwrap_or_default();
        let mut due = Vec::with_capacity(rows.len());
        for (id, attempts, to, subject, body, kind) in rows {
            let claimed = diesel::update(o::outbox_emails.filter(o::id.eq(id).and(o::next_attempt_at.le(at))))
                .set(o::next_attempt_at.eq(lease_until))
                .execute(conn)?;
            if claimed == 1 {
                due.push(Due {
                    id,
                    attempts,
                    email: OutgoingEmail { to, subject, body, kind: MailKind::parse(&kind) },
                });
            }
        }
        Ok::<_, DbError>(due)
    })
}

fn record_outcome(db: &Db, item: &Due, error: Option<String>) -> Result<(), DbError> {
    db.write(|conn| {
        let at = now();
        let sent = (o::sent_at.eq(Some(at)), o::attempts.eq(item.attempts + 1), o::last_error.eq(None::<String>));
        match error {
            // A code or link is erased in the very statement that marks it sent: once
            // delivered, a copy of the database holds nothing that opens an account.
            None if item.email.kind.is_secret() => {
                diesel::update(o::outbox_emails.find(item.id)).set((sent, o::body.eq(""))).execute(conn)?
            }
            None => diesel::update(o::outbox_emails.find(item.id)).set(sent).execute(conn)?,
            Some(error) => diesel::update(o::outbox_emails.find(item.id))
                .set((
                    o::attempts.eq(item.attempts + 1),
                    o::next_attempt_at.eq(retry_at(at, item.attempts + 1)),
                    o::last_error.eq(Some(error)),
                ))
                .execute(conn)?,
        };
        Ok::<_, DbError>(())
    })
}

/// Exponential back-off: 2, 4, 8 … seconds, never more than five minutes apart.
fn retry_at(at: NaiveDateTime, attempts: i32) -> NaiveDateTime {
    let secs = 1i64.checked_shl(attempts.clamp(0, 16) as u32).unwrap_or(MAX_BACKOFF_SECS).min(MAX_BACKOFF_SECS);
    at + chrono::Duration::seconds(secs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_five_minutes() {
        let t = NaiveDateTime::default();
        assert_eq!((retry_at(t, 1) - t).num_seconds(), 2);
        assert_eq!((retry_at(t, 3) - t).num_seconds(), 8);
        assert_eq!((retry_at(t, 30) - t).num_seconds(), 300);
    }
}
