use diesel::prelude::*;
use hometutor_db::schema::outbox_emails;
use hometutor_db::{now, DbConnection};

/// What an e-mail is for. Stored with the row so the worker knows which bodies
/// hold a live secret (a code or a link) and must be erased once sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailKind {
    /// A verification code and link.
    VerificationCode,
    /// A password reset code.
    ResetCode,
    /// 'Someone tried to register with your e-mail'.
    AlreadyRegistered,
    /// 'Your HomeTutor password was changed'.
    PasswordChanged,
    /// Anything else, with nothing secret in it.
    Notice,
}

impl MailKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::VerificationCode => "verification_code",
            Self::ResetCode => "reset_code",
            Self::AlreadyRegistered => "already_registered",
            Self::PasswordChanged => "password_changed",
            Self::Notice => "notice",
        }
    }

    pub fn parse(raw: &str) -> Self {
        match raw {
            "verification_code" => Self::VerificationCode,
            "reset_code" => Self::ResetCode,
            "already_registered" => Self::AlreadyRegistered,
            "password_changed" => Self::PasswordChanged,
            _ => Self::Notice,
        }
    }

    /// Whether the body carries something that opens an account (a code or a link):
    /// such a body is erased when the e-mail is sent.
    pub fn is_secret(self) -> bool {
        matches!(self, Self::VerificationCode | Self::ResetCode)
    }

    /// The stored kinds whose bodies are secret, for queries.
    pub const SECRET: [&'static str; 2] = ["verification_code", "reset_code"];
}

#[derive(Debug, Clone)]
pub struct OutgoingEmail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub kind: MailKind,
}

#[derive(Insertable)]
#[diesel(table_name = outbox_emails)]
struct NewOutboxEmail<'a> {
    recipient: &'a str,
    subject: &'a str,
    body: &'a str,
    kind: &'a str,
    next_attempt_at: chrono::NaiveDateTime,
    created_at: chrono::NaiveDateTime,
}

/// Queues an e-mail on the caller's connection (and so in the caller's transaction).
pub fn enqueue(conn: &mut DbConnection, email: &OutgoingEmail) -> Result<(), diesel::result::Error> {
    let at = now();
    diesel::insert_into(outbox_emails::table)
        .values(NewOutboxEmail {
            recipient: &email.to,
            subject: &email.subject,
            body: &email.body,
            kind: email.kind.as_str(),
            next_attempt_at: at,
            created_at: at,
        })
        .execute(conn)
        .map(|_| ())
}
