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

    /// Higher goes out first. A code is awaited on a screen (and expires in minutes), so it
    /// passes everything; an account notice passes alerts and digests, which can come in
    /// thousands at once and wait a minute without harm.
    pub fn priority(self) -> i32 {
        match self {
            Self::VerificationCode | Self::ResetCode => 2,
            Self::AlreadyRegistered | Self::PasswordChanged => 1,
            Self::Notice => 0,
        }
    }
}

#[derive(Debug, Clone)]
pub struct OutgoingEmail {
    pub to: String,
    pub subject: String,
    pub body: String,
    pub kind: MailKind,
}

/// The headers an outbox e-mail may carry besides those the worker writes itself
/// (From, To, Subject, Date, Content-Type…). An allow-list, so that nothing stored in
/// the outbox can set a sender, a recipient or a routing header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExtraHeader {
    /// RFC 2369: where to unsubscribe (`<https://…>`).
    ListUnsubscribe,
    /// RFC 8058: `List-Unsubscribe=One-Click`, so a mail client may unsubscribe with one POST.
    ListUnsubscribePost,
}

impl ExtraHeader {
    pub const ALL: [ExtraHeader; 2] = [ExtraHeader::ListUnsubscribe, ExtraHeader::ListUnsubscribePost];

    /// The header's name as written in the message (and as the key in `outbox_emails.headers`).
    pub fn name(self) -> &'static str {
        match self {
            Self::ListUnsubscribe => "List-Unsubscribe",
            Self::ListUnsubscribePost => "List-Unsubscribe-Post",
        }
    }

    /// The allowed header of this name (case-insensitive), if it is one.
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|h| h.name().eq_ignore_ascii_case(name))
    }
}

/// Stored headers (a JSON object of name → value) as the worker sets them: only
/// allowed names, values on one line. Anything else in the column is dropped.
pub(crate) fn parse_headers(stored: Option<&str>) -> Vec<(ExtraHeader, String)> {
    let Some(Ok(serde_json::Value::Object(map))) = stored.map(serde_json::from_str::<serde_json::Value>) else {
        return Vec::new();
    };
    map.iter().filter_map(|(name, value)| Some((ExtraHeader::parse(name)?, one_line(value.as_str()?)))).collect()
}

/// A header value cannot span lines: a line break would start a header of its own.
fn one_line(value: &str) -> String {
    value.chars().filter(|c| !c.is_control()).collect()
}

/// A file an e-mail carries (a booking's `.ics`): text, stored in the outbox row with the e-mail.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub filename: String,
    /// Such as `text/calendar; charset=utf-8; method=REQUEST`.
    pub content_type: String,
    pub content: String,
}

/// Stored attachments as the worker sends them; a column that does not parse carries none.
pub(crate) fn parse_attachments(stored: Option<&str>) -> Vec<Attachment> {
    stored.and_then(|s| serde_json::from_str(s).ok()).unwrap_or_default()
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
    headers: Option<String>,
    priority: i32,
    attachments: Option<String>,
}

/// Queues an e-mail on the caller's connection (and so in the caller's transaction).
pub fn enqueue(conn: &mut DbConnection, email: &OutgoingEmail) -> Result<(), diesel::result::Error> {
    enqueue_with_headers(conn, email, &[])
}

/// [`enqueue`], with extra headers (only the allowed ones exist; values are kept to one line).
pub fn enqueue_with_headers(
    conn: &mut DbConnection,
    email: &OutgoingEmail,
    headers: &[(ExtraHeader, String)],
) -> Result<(), diesel::result::Error> {
    enqueue_with_attachments(conn, email, headers, &[])
}

/// [`enqueue_with_headers`], with files attached.
pub fn enqueue_with_attachments(
    conn: &mut DbConnection,
    email: &OutgoingEmail,
    headers: &[(ExtraHeader, String)],
    attachments: &[Attachment],
) -> Result<(), diesel::result::Error> {
    let at = now();
    let attachments = (!attachments.is_empty()).then(|| serde_json::to_string(attachments).unwrap_or_default());
    let headers = (!headers.is_empty()).then(|| {
        let map: serde_json::Map<String, serde_json::Value> =
            headers.iter().map(|(h, v)| (h.name().to_string(), serde_json::Value::String(one_line(v)))).collect();
        serde_json::Value::Object(map).to_string()
    });
    diesel::insert_into(outbox_emails::table)
        .values(NewOutboxEmail {
            recipient: &email.to,
            subject: &email.subject,
            body: &email.body,
            kind: email.kind.as_str(),
            next_attempt_at: at,
            created_at: at,
            headers,
            priority: email.kind.priority(),
            attachments,
        })
        .execute(conn)
        .map(|_| ())
}

/// An e-mail the mail server refused for good, several times; it is no longer retried.
// (`worker::MAX_REFUSED_ATTEMPTS` times.) The admin panel lists these as they are; the body is
// left out: it may hold a code.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = UndeliveredEmailDto))]
#[serde(rename_all = "camelCase")]
#[diesel(table_name = outbox_emails)]
pub struct UndeliveredEmail {
    pub id: i64,
    pub recipient: String,
    pub subject: String,
    /// verification_code, reset_code, already_registered, password_changed or notice.
    pub kind: String,
    /// How many times it was tried.
    pub attempts: i32,
    /// What the mail server answered the last time.
    pub last_error: Option<String>,
    #[serde(serialize_with = "utc")]
    pub created_at: chrono::NaiveDateTime,
    /// When the worker gave up.
    #[serde(serialize_with = "utc")]
    #[diesel(select_expression = outbox_emails::failed_at.assume_not_null())]
    pub failed_at: chrono::NaiveDateTime,
}

/// A stored time (UTC without a zone) as UTC with its `Z`, as the API answers every time. (Mail
/// does without core; `hometutor_core::utc` is the same for the domains.)
fn utc<S: serde::Serializer>(time: &chrono::NaiveDateTime, serializer: S) -> Result<S::Ok, S::Error> {
    serde::Serialize::serialize(&time.and_utc(), serializer)
}

/// Undelivered e-mails, most recently given up first.
pub fn undelivered(conn: &mut DbConnection, limit: i64) -> Result<Vec<UndeliveredEmail>, diesel::result::Error> {
    outbox_emails::table
        .filter(outbox_emails::failed_at.is_not_null())
        .order((outbox_emails::failed_at.desc(), outbox_emails::id.desc()))
        .limit(limit)
        .select(UndeliveredEmail::as_select())
        .load(conn)
}

/// How the outbox stands, for the metrics: what waits to be sent, since when, and
/// what was given up on. Two small queries, meant to be asked every few seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutboxStats {
    /// E-mails neither sent nor given up on (including those waiting for a retry).
    pub pending: i64,
    /// When the oldest of them was queued.
    pub oldest_pending_at: Option<chrono::NaiveDateTime>,
    /// E-mails given up on, still kept (see `worker::MAX_REFUSED_ATTEMPTS`; purged after a while).
    pub undelivered: i64,
}

pub fn stats(conn: &mut DbConnection) -> Result<OutboxStats, diesel::result::Error> {
    use diesel::dsl::{count_star, min};
    let waiting = outbox_emails::sent_at.is_null().and(outbox_emails::failed_at.is_null());
    let (pending, oldest_pending_at) = outbox_emails::table
        .filter(waiting)
        .select((count_star(), min(outbox_emails::created_at)))
        .first::<(i64, Option<chrono::NaiveDateTime>)>(conn)?;
    let undelivered =
        outbox_emails::table.filter(outbox_emails::failed_at.is_not_null()).count().get_result::<i64>(conn)?;
    Ok(OutboxStats { pending, oldest_pending_at, undelivered })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_allowed_headers_on_one_line_come_back_from_the_column() {
        let stored = r#"{"list-unsubscribe": "<https://x/u?t=1>\r\nBcc: evil@x", "Bcc": "evil@x", "Reply-To": "a@b"}"#;
        assert_eq!(
            parse_headers(Some(stored)),
            vec![(ExtraHeader::ListUnsubscribe, "<https://x/u?t=1>Bcc: evil@x".to_string())]
        );
        assert!(parse_headers(Some("[1]")).is_empty());
        assert!(parse_headers(Some("not json")).is_empty());
        assert!(parse_headers(None).is_empty());
    }
}
