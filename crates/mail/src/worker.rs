use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::outbox_emails::dsl as o;
use hometutor_db::{now, Db, DbError};
use lettre::message::Mailbox;
use tokio::sync::Notify;

use crate::outbox::{parse_attachments, parse_headers};
use crate::{ExtraHeader, MailError, MailKind, MailTransport, OutgoingEmail};

/// Wakes the worker right after a service committed an e-mail, so delivery
/// does not wait for the next poll.
#[derive(Clone, Default)]
pub struct MailSignal(Arc<Notify>);

impl MailSignal {
    pub fn notify(&self) {
        self.0.notify_one();
    }
}

/// Every SMTP send ends within this, answered or not: a server that accepts the
/// connection and never speaks (say an implicit-TLS port given as `smtp://`)
/// must not hold the outbox up. The stuck e-mail is retried later.
pub const SEND_DEADLINE: Duration = Duration::from_secs(20);
/// How long a claimed e-mail is reserved for the process that claimed it before
/// another may retry it. A batch is sent all at once, so it is done within
/// [`SEND_DEADLINE`]; the rest is margin for recording the outcome. The claims of
/// a process that crashed come free this long after it made them, so within 30 s
/// of a restart.
const LEASE: Duration = Duration::from_secs(30);
/// An e-mail the server refuses for good (5xx, or an address no server takes) is
/// tried this many times in all (a misconfigured relay may be fixed meanwhile),
/// then marked undelivered: no more retries, and admins see it in the panel.
pub const MAX_REFUSED_ATTEMPTS: i32 = 3;
const POLL: Duration = Duration::from_secs(2);
const MAX_BACKOFF_SECS: i64 = 300;
const BATCH: i64 = 20;
/// Sent and undelivered e-mails are kept this long (for support questions: who was mailed what
/// kind of e-mail, when), then deleted.
pub const KEEP_SENT_DAYS: i64 = 30;
/// A code e-mail that could not be delivered in this long is useless (the link
/// lives 24 hours, the code 10 minutes) and is deleted rather than kept readable.
const GIVE_UP_CODE_HOURS: i64 = 25;
/// Rows deleted per purge pass, so one pass never holds the database for long.
const PURGE_BATCH: i64 = 500;
const PURGE_EVERY: Duration = Duration::from_secs(60 * 60);
/// The purge's name in `job_leases`.
const PURGE_LEASE: &str = "mail-outbox-purge";

pub struct MailWorker {
    db: Db,
    transport: MailTransport,
    from: Mailbox,
    signal: MailSignal,
    send_deadline: Duration,
    heartbeat: Arc<Mutex<Instant>>,
}

/// When the worker last finished a pass over the outbox, as seen from outside it
/// (the server's readiness check). A pass ends within [`SEND_DEADLINE`] plus the
/// database calls, and an idle worker passes every 2 s, so a worker silent for
/// minutes hangs; one whose task ended (a panic) is reported as gone.
#[derive(Clone)]
pub struct MailHeartbeat(Weak<Mutex<Instant>>);

/// What [`MailHeartbeat::check`] saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkerState {
    /// A pass finished this long ago.
    LastPass(Duration),
    /// The worker is gone: its task ended (it stopped, or panicked).
    Gone,
}

impl MailHeartbeat {
    pub fn check(&self) -> WorkerState {
        match self.0.upgrade() {
            Some(last) => WorkerState::LastPass(last.lock().map(|at| at.elapsed()).unwrap_or(Duration::MAX)),
            None => WorkerState::Gone,
        }
    }
}

struct Due {
    id: i64,
    attempts: i32,
    email: OutgoingEmail,
    headers: Vec<(ExtraHeader, String)>,
    attachments: Vec<crate::Attachment>,
}

impl MailWorker {
    pub fn new(db: Db, transport: MailTransport, from: Mailbox, signal: MailSignal) -> Self {
        Self {
            db,
            transport,
            from,
            signal,
            send_deadline: SEND_DEADLINE,
            heartbeat: Arc::new(Mutex::new(Instant::now())),
        }
    }

    /// Watches this worker's passes; it lives as long as the worker does.
    pub fn heartbeat(&self) -> MailHeartbeat {
        MailHeartbeat(Arc::downgrade(&self.heartbeat))
    }

    /// A shorter deadline than [`SEND_DEADLINE`], for tests.
    pub fn with_send_deadline(mut self, deadline: Duration) -> Self {
        self.send_deadline = deadline.min(SEND_DEADLINE);
        self
    }

    /// Delivers until `shutdown` resolves.
    pub async fn run(self, shutdown: impl std::future::Future<Output = ()>) {
        tokio::pin!(shutdown);
        let mut last_purge: Option<std::time::Instant> = None;
        loop {
            if last_purge.is_none_or(|at| at.elapsed() >= PURGE_EVERY) {
                last_purge = Some(std::time::Instant::now());
                match self.purge_if_ours().await {
                    Ok(n) if n > 0 => tracing::info!(deleted = n, "old e-mails deleted from the outbox"),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "mail outbox purge"),
                }
            }
            let delivered = self.deliver_due().await;
            // A pass that failed (the database away) still ended: the worker is not stuck.
            if let Ok(mut at) = self.heartbeat.lock() {
                *at = Instant::now();
            }
            match delivered {
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

    /// Sends every e-mail that is due, all at once (so the batch ends within the
    /// send deadline, inside its lease); returns how many were attempted.
    pub async fn deliver_due(&self) -> Result<usize, DbError> {
        let db = self.db.clone();
        let due = tokio::task::spawn_blocking(move || claim_due(&db))
            .await
            .map_err(|e| DbError::Connect(e.to_string()))??;
        let count = due.len();
        let recorded = futures_util::future::join_all(due.into_iter().map(|item| self.deliver(item))).await;
        recorded.into_iter().collect::<Result<Vec<()>, DbError>>()?;
        Ok(count)
    }

    async fn deliver(&self, item: Due) -> Result<(), DbError> {
        let sent = match tokio::time::timeout(
            self.send_deadline,
            self.transport.send_with_attachments(&self.from, &item.email, &item.headers, &item.attachments),
        )
        .await
        {
            Ok(result) => result,
            Err(_) => Err(MailError::Send(format!("no answer within {} s", self.send_deadline.as_secs_f32()))),
        };
        let outcome = Outcome::of(item.attempts + 1, sent);
        match &outcome {
            Outcome::Sent => {}
            Outcome::Retry(error) => {
                tracing::warn!(id = item.id, attempts = item.attempts + 1, %error, "e-mail delivery failed; will retry")
            }
            Outcome::Undelivered(error) => {
                tracing::error!(id = item.id, attempts = item.attempts + 1, %error, "e-mail refused; marked undelivered")
            }
        }
        let db = self.db.clone();
        tokio::task::spawn_blocking(move || record_outcome(&db, &item, outcome))
            .await
            .map_err(|e| DbError::Connect(e.to_string()))?
    }

    /// [`Self::purge`], by the one process that claims this hour's lease (delivery
    /// needs none: each e-mail is claimed on its own, see [`claim_due`]).
    async fn purge_if_ours(&self) -> Result<usize, DbError> {
        let db = self.db.clone();
        let ours = tokio::task::spawn_blocking(move || hometutor_db::claim_lease(&db, PURGE_LEASE, PURGE_EVERY))
            .await
            .map_err(|e| DbError::Connect(e.to_string()))??;
        if ours {
            self.purge().await
        } else {
            Ok(0)
        }
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
        let old_undelivered: Vec<i64> = o::outbox_emails
            .filter(o::failed_at.is_not_null().and(o::failed_at.lt(sent_before)))
            .select(o::id)
            .order(o::id)
            .limit(PURGE_BATCH)
            .load(conn)?;
        deleted += diesel::delete(o::outbox_emails.filter(o::id.eq_any(old_undelivered))).execute(conn)?;
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
/// server process working the same outbox does not send them twice. The highest
/// priority first (codes before anything else, [`MailKind::priority`]), oldest first
/// within one: a code queued behind thousands of alerts goes in the next batch.
fn claim_due(db: &Db) -> Result<Vec<Due>, DbError> {
    db.write(|conn| {
        let at = now();
        type Row = (i64, i32, String, String, String, String, Option<String>, Option<String>);
        let rows: Vec<Row> = o::outbox_emails
            .filter(o::sent_at.is_null().and(o::failed_at.is_null()).and(o::next_attempt_at.le(at)))
            .order((o::priority.desc(), o::id))
            .limit(BATCH)
            .select((o::id, o::attempts, o::recipient, o::subject, o::body, o::kind, o::headers, o::attachments))
            .load(conn)?;
        let lease_until = at + chrono::Duration::from_std(LEASE).unwrap_or_default();
        let mut due = Vec::with_capacity(rows.len());
        for (id, attempts, to, subject, body, kind, headers, attachments) in rows {
            let claimed = diesel::update(o::outbox_emails.filter(o::id.eq(id).and(o::next_attempt_at.le(at))))
                .set(o::next_attempt_at.eq(lease_until))
                .execute(conn)?;
            if claimed == 1 {
                due.push(Due {
                    id,
                    attempts,
                    email: OutgoingEmail { to, subject, body, kind: MailKind::parse(&kind) },
                    headers: parse_headers(headers.as_deref()),
                    attachments: parse_attachments(attachments.as_deref()),
                });
            }
        }
        Ok::<_, DbError>(due)
    })
}

/// What became of one attempt.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Sent,
    /// Failed in a way that may pass (down, busy, too slow): try again after a back-off.
    Retry(String),
    /// Refused for good [`MAX_REFUSED_ATTEMPTS`] times: stop.
    Undelivered(String),
}

impl Outcome {
    fn of(attempts: i32, result: Result<(), MailError>) -> Self {
        match result {
            Ok(()) => Self::Sent,
            Err(e) if e.is_permanent() && attempts >= MAX_REFUSED_ATTEMPTS => Self::Undelivered(e.to_string()),
            Err(e) => Self::Retry(e.to_string()),
        }
    }
}

fn record_outcome(db: &Db, item: &Due, outcome: Outcome) -> Result<(), DbError> {
    db.write(|conn| {
        let at = now();
        let attempts = o::attempts.eq(item.attempts + 1);
        let sent = (o::sent_at.eq(Some(at)), attempts, o::last_error.eq(None::<String>));
        match outcome {
            // A code or link is erased in the very statement that marks it sent: once
            // delivered, a copy of the database holds nothing that opens an account.
            Outcome::Sent if item.email.kind.is_secret() => {
                diesel::update(o::outbox_emails.find(item.id)).set((sent, o::body.eq(""))).execute(conn)?
            }
            Outcome::Sent => diesel::update(o::outbox_emails.find(item.id)).set(sent).execute(conn)?,
            Outcome::Retry(error) => diesel::update(o::outbox_emails.find(item.id))
                .set((attempts, o::next_attempt_at.eq(retry_at(at, item.attempts + 1)), o::last_error.eq(Some(error))))
                .execute(conn)?,
            Outcome::Undelivered(error) => diesel::update(o::outbox_emails.find(item.id))
                .set((attempts, o::failed_at.eq(Some(at)), o::last_error.eq(Some(error))))
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
    fn a_refused_email_is_retried_a_bounded_number_of_times_and_other_failures_back_off() {
        let refused = || Err(MailError::Rejected("550 no such user".into()));
        assert_eq!(
            Outcome::of(1, refused()),
            Outcome::Retry("SMTP server refused the e-mail: 550 no such user".into())
        );
        assert!(matches!(Outcome::of(MAX_REFUSED_ATTEMPTS, refused()), Outcome::Undelivered(_)));
        assert!(matches!(Outcome::of(50, Err(MailError::Send("421 busy".into()))), Outcome::Retry(_)));
        assert_eq!(Outcome::of(1, Ok(())), Outcome::Sent);
    }

    #[test]
    fn backoff_doubles_up_to_five_minutes() {
        let t = NaiveDateTime::default();
        assert_eq!((retry_at(t, 1) - t).num_seconds(), 2);
        assert_eq!((retry_at(t, 3) - t).num_seconds(), 8);
        assert_eq!((retry_at(t, 30) - t).num_seconds(), 300);
    }
}
