use std::time::Duration;

use lettre::message::header::{ContentTransferEncoding, ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment as Part, Body, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use crate::{Attachment, ExtraHeader, OutgoingEmail};

#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("invalid SMTP_URL: {0}")]
    BadUrl(String),
    #[error("invalid address: {0}")]
    Address(String),
    /// A failure that may pass: the server is down, busy (4xx) or too slow.
    #[error("SMTP delivery failed: {0}")]
    Send(String),
    /// The server refused this e-mail for good (5xx): retrying will not help much.
    #[error("SMTP server refused the e-mail: {0}")]
    Rejected(String),
}

impl MailError {
    /// Whether the same e-mail would fail the same way again (a 5xx answer or
    /// an address no server accepts), as opposed to a failure that may pass.
    pub fn is_permanent(&self) -> bool {
        matches!(self, Self::Rejected(_) | Self::Address(_))
    }
}

/// Where e-mail goes: a real SMTP server, or the log when `SMTP_URL` is unset
/// (so a first run needs no mail server).
#[derive(Clone)]
pub enum MailTransport {
    Log,
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
}

impl MailTransport {
    pub fn from_url(url: Option<&str>) -> Result<Self, MailError> {
        match url {
            None => {
                // The one deliberate exception to "no secret in the log": said once, loudly, at start-up.
                tracing::warn!(
                    "SMTP_URL is unset: e-mails, with their verification and password-reset codes, are written \
                     to this log instead of being sent. Fine for trying the site out; set SMTP_URL for real users"
                );
                Ok(Self::Log)
            }
            Some(url) => {
                let builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                    .map_err(|e| MailError::BadUrl(e.to_string()))?;
                Ok(Self::Smtp(builder.timeout(Some(Duration::from_secs(15))).build()))
            }
        }
    }

    pub async fn send(&self, from: &Mailbox, email: &OutgoingEmail) -> Result<(), MailError> {
        self.send_with_headers(from, email, &[]).await
    }

    /// [`Self::send`] with extra headers (only allowed ones: see [`ExtraHeader`]).
    pub async fn send_with_headers(
        &self,
        from: &Mailbox,
        email: &OutgoingEmail,
        headers: &[(ExtraHeader, String)],
    ) -> Result<(), MailError> {
        self.send_with_attachments(from, email, headers, &[]).await
    }

    /// [`Self::send_with_headers`] with files attached (then a multipart/mixed message).
    pub async fn send_with_attachments(
        &self,
        from: &Mailbox,
        email: &OutgoingEmail,
        headers: &[(ExtraHeader, String)],
        attachments: &[Attachment],
    ) -> Result<(), MailError> {
        match self {
            Self::Log => {
                tracing::info!(
                    to = %email.to,
                    subject = %email.subject,
                    headers = ?headers,
                    attachments = attachments.len(),
                    "SMTP_URL is unset; e-mail printed instead of sent:\n{}",
                    email.body
                );
                Ok(())
            }
            Self::Smtp(transport) => {
                let to: Mailbox = email.to.parse().map_err(|e| MailError::Address(format!("{e}")))?;
                // Quoted-printable keeps any name or text intact through any relay.
                let body = Body::new_with_encoding(email.body.clone(), ContentTransferEncoding::QuotedPrintable)
                    .map_err(|_| MailError::Send("cannot encode the body".into()))?;
                let mut builder = Message::builder().from(from.clone()).to(to).subject(&email.subject);
                for (header, value) in headers {
                    // The names are our own constants and the values one line (see `ExtraHeader`);
                    // lettre encodes and folds the value.
                    builder = builder
                        .raw_header(HeaderValue::new(HeaderName::new_from_ascii_str(header.name()), value.clone()));
                }
                let text = SinglePart::builder().header(ContentType::TEXT_PLAIN).body(body);
                let message = if attachments.is_empty() {
                    builder.singlepart(text)
                } else {
                    let mut parts = MultiPart::mixed().singlepart(text);
                    for file in attachments {
                        parts = parts.singlepart(attachment_part(file)?);
                    }
                    builder.multipart(parts)
                }
                .map_err(|e| MailError::Address(e.to_string()))?;
                transport.send(message).await.map(|_| ()).map_err(|e| {
                    if e.is_permanent() {
                        MailError::Rejected(e.to_string())
                    } else {
                        MailError::Send(e.to_string())
                    }
                })
            }
        }
    }
}

/// One attached file, base64 (a calendar's folded lines and CRLFs reach the reader as written).
fn attachment_part(file: &Attachment) -> Result<SinglePart, MailError> {
    let content_type = ContentType::parse(&file.content_type)
        .map_err(|_| MailError::Send(format!("bad attachment type '{}'", file.content_type)))?;
    let body = Body::new_with_encoding(file.content.clone(), ContentTransferEncoding::Base64)
        .map_err(|_| MailError::Send("cannot encode the attachment".into()))?;
    Ok(Part::new(file.filename.clone()).body(body, content_type))
}
