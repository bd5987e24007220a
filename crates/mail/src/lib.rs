//! E-mail through a durable outbox. A service writes the message into
//! `outbox_emails` inside its own transaction, so a request never waits on SMTP
//! and nothing is lost while the mail server is down; [`MailWorker`] delivers
//! it later, retrying with back-off.

mod outbox;
mod transport;
mod worker;

pub use outbox::{
    enqueue, enqueue_with_attachments, enqueue_with_headers, stats as outbox_stats, undelivered, Attachment, ExtraHeader, MailKind, OutboxStats,
    OutgoingEmail, UndeliveredEmail,
};
pub use transport::{MailError, MailTransport};
pub use worker::{MailHeartbeat, MailSignal, MailWorker, WorkerState, MAX_REFUSED_ATTEMPTS, SEND_DEADLINE};

pub use lettre::message::Mailbox;

/// Parses a sender such as `HomeTutor <no-reply@localhost>`.
pub fn parse_mailbox(raw: &str) -> Result<Mailbox, MailError> {
    raw.parse().map_err(|e| MailError::Address(format!("'{raw}': {e}")))
}
