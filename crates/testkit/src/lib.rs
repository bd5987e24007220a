//! Test support shared by the crates' suites and benchmarks, never part of the
//! server binary: private databases ([`TestDatabase`]), a test's background
//! written straight into them ([`insert_user`], [`subscribe`]; tuition's rows through
//! `hometutor_tuition::testing`),
//! a real SMTP server on loopback that keeps every message it receives, a private
//! Redis ([`PrivateRedis`]) and a real S3-protocol server ([`S3Server`]).

mod database;
mod fixtures;
mod redis;
mod s3;

pub use database::TestDatabase;
pub use fixtures::{insert_user, insert_users, subscribe, TestUser};
pub use redis::PrivateRedis;
pub use s3::S3Server;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;

#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub from: String,
    pub to: Vec<String>,
    /// Headers and body as sent, dot-unstuffed, quoted-printable decoded (for reading texts).
    pub data: String,
    /// Headers and body as sent, dot-unstuffed, nothing decoded (for reading a base64 attachment).
    pub raw: String,
}

impl ReceivedMail {
    /// The first run of `digits` digits after `label` in the message.
    pub fn code_after(&self, label: &str, digits: usize) -> Option<String> {
        let start = self.data.find(label)? + label.len();
        let rest: String = self.data[start..].chars().skip_while(|c| !c.is_ascii_digit()).take(digits).collect();
        (rest.len() == digits && rest.chars().all(|c| c.is_ascii_digit())).then_some(rest)
    }
}

/// A minimal SMTP server: enough of RFC 5321 for lettre (EHLO, MAIL, RCPT, DATA, QUIT).
#[derive(Clone)]
pub struct SmtpSink {
    pub port: u16,
    mails: Arc<Mutex<Vec<ReceivedMail>>>,
    arrived: Arc<Notify>,
}

impl SmtpSink {
    pub async fn start() -> std::io::Result<Self> {
        Self::start_on(0).await
    }

    /// Listens on a given port (0 for any), e.g. to come up after a server was already configured for it.
    pub async fn start_on(port: u16) -> std::io::Result<Self> {
        let listener = TcpListener::bind(("127.0.0.1", port)).await?;
        let port = listener.local_addr()?.port();
        let sink = Self { port, mails: Arc::default(), arrived: Arc::default() };
        let accepting = sink.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let session = accepting.clone();
                tokio::spawn(async move {
                    let _ = session.serve(stream).await;
                });
            }
        });
        Ok(sink)
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn mails(&self) -> Vec<ReceivedMail> {
        self.mails.lock().map(|m| m.clone()).unwrap_or_default()
    }

    /// Waits up to `timeout` for a mail to `to` whose text contains `needle`; returns the newest such.
    pub async fn wait_for(&self, to: &str, needle: &str, timeout: Duration) -> Option<ReceivedMail> {
        self.wait_until(timeout, |m| m.to.iter().any(|t| t.eq_ignore_ascii_case(to)) && m.data.contains(needle)).await
    }

    /// Waits up to `timeout` for a mail that `wanted` accepts (say, one whose decoded subject
    /// is a text in Devanagari); returns the newest such.
    pub async fn wait_until(&self, timeout: Duration, wanted: impl Fn(&ReceivedMail) -> bool) -> Option<ReceivedMail> {
        let deadline = tokio::time::Instant::now() + timeout;
        loop {
            let arrived = self.arrived.notified();
            let found = self.mails().into_iter().rev().find(|m| wanted(m));
            if found.is_some() {
                return found;
            }
            if tokio::time::timeout_at(deadline, arrived).await.is_err() {
                return None;
            }
        }
    }

    /// How many mails went to `to`.
    pub fn count_to(&self, to: &str) -> usize {
        self.mails().iter().filter(|m| m.to.iter().any(|t| t.eq_ignore_ascii_case(to))).count()
    }

    async fn serve(&self, stream: TcpStream) -> std::io::Result<()> {
        let (read, mut write) = stream.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 sink ESMTP ready\r\n").await?;
        let (mut from, mut to) = (String::new(), Vec::new());
        while let Some(line) = lines.next_line().await? {
            let upper = line.to_ascii_uppercase();
            if upper.starts_with("EHLO") {
                write.write_all(b"250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n").await?;
            } else if upper.starts_with("HELO") || upper.starts_with("RSET") || upper.starts_with("NOOP") {
                write.write_all(b"250 OK\r\n").await?;
            } else if upper.starts_with("MAIL FROM:") {
                from = angle(&line);
                to.clear();
                write.write_all(b"250 OK\r\n").await?;
            } else if upper.starts_with("RCPT TO:") {
                to.push(angle(&line));
                write.write_all(b"250 OK\r\n").await?;
            } else if upper == "DATA" {
                write.write_all(b"354 End data with <CR><LF>.<CR><LF>\r\n").await?;
                let mut data = String::new();
                while let Some(l) = lines.next_line().await? {
                    if l == "." {
                        break;
                    }
                    data.push_str(l.strip_prefix('.').unwrap_or(&l));
                    data.push('\n');
                }
                let mail = ReceivedMail {
                    from: from.clone(),
                    to: std::mem::take(&mut to),
                    data: unfold_quoted_printable(&data),
                    raw: data.clone(),
                };
                if let Ok(mut mails) = self.mails.lock() {
                    mails.push(mail);
                }
                self.arrived.notify_waiters();
                write.write_all(b"250 OK queued\r\n").await?;
            } else if upper.starts_with("QUIT") {
                write.write_all(b"221 Bye\r\n").await?;
                return Ok(());
            } else {
                write.write_all(b"502 Command not implemented\r\n").await?;
            }
        }
        Ok(())
    }
}

fn angle(line: &str) -> String {
    match (line.find('<'), line.find('>')) {
        (Some(a), Some(b)) if b > a => line[a + 1..b].to_string(),
        _ => String::new(),
    }
}

/// Joins quoted-printable soft line breaks and decodes `=XX`, so tests can search the text.
fn unfold_quoted_printable(data: &str) -> String {
    let joined = data.replace("=\n", "");
    let bytes = joined.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'=' && i + 2 < bytes.len() {
            if let Ok(v) = u8::from_str_radix(&joined[i + 1..i + 3], 16) {
                out.push(v);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
