use std::sync::Arc;
use std::time::Duration;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::outbox_emails::dsl as o;
use hometutor_db::{now, Db, DbError};
use lettre::message::Mailbox;
use tokio::sync::Notify;

use crate::{MailTransport, OutgoingEmail};

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
        loop {
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
}

/// Reserves due e-mails by pushing their next attempt past the lease, so a second
/// server process working the same outbox does not send them twice.
fn claim_due(db: &Db) -> Result<Vec<Due>, DbError> {
    db.write(|conn| {
        let at = now();
        let rows: Vec<(i64, i32, String, String, String)> = o::outbox_emails
            .filter(o::sent_at.is_null().and(o::next_attempt_at.le(at)))
            .order(o::id)
            .limit(BATCH)
            .select((o::id, o::attempts, o::recipient, o::subject, o::body))
            .load(conn)?;
        let lease_until = at + chrono::Duration::from_std(LEASE).unwrap_or_default();
        let mut due = Vec::with_capacity(rows.len());
        for (id, attempts, to, subject, body) in rows {
            let claimed = diesel::update(o::outbox_emails.filter(o::id.eq(id).and(o::next_attempt_at.le(at))))
                .set(o::next_attempt_at.eq(lease_until))
                .execute(conn)?;
            if claimed == 1 {
                due.push(Due { id, attempts, email: OutgoingEmail { to, subject, body } });
            }
        }
        Ok::<_, DbError>(due)
    })
}

fn record_outcome(db: &Db, item: &Due, error: Option<String>) -> Result<(), DbError> {
    db.write(|conn| {
        let at = now();
        match error {
            None => diesel::update(o::outbox_emails.find(item.id))
                .set((o::sent_at.eq(Some(at)), o::attempts.eq(item.attempts + 1), o::last_error.eq(None::<String>)))
                .execute(conn)?,
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
