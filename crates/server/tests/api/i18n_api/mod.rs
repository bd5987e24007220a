//! The server in Hindi and English: the language stored with an account (`profile`),
//! e-mails in the recipient's language through the real SMTP sink (`emails`), notifications
//! in the reader's language (`notifications`), error and success messages in the request's
//! language (`messages`), each domain's refusals (`domains`), and the refusals met before any
//! domain, the chat socket's included (`requests`), vocabulary terms in answers (`terms`), and
//! the public pages' heads (`page_heads`).

mod domains;
mod emails;
mod messages;
mod notifications;
mod page_heads;
mod profile;
mod request_terms;
mod requests;
mod terms;

use crate::common;

use common::{Reply, TestApp};
use serde_json::{json, Value};

/// A request with `Accept-Language: accept` (none when `None`), through the common helper.
async fn call_in(
    app: &TestApp,
    accept: Option<&str>,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Reply {
    let headers: Vec<(&str, &str)> = accept.map(|a| ("Accept-Language", a)).into_iter().collect();
    app.call_with(&headers, method, path, token, body).await
}

/// Switches the signed-in user to `code` through their profile.
async fn choose_language(app: &TestApp, token: &str, code: &str) {
    let reply = app.call("PUT", "/api/auth/profile", Some(token), Some(json!({"language": code}))).await;
    assert_eq!((reply.status, reply.body["user"]["language"].as_str()), (200, Some(code)), "{:?}", reply.body);
}

/// A received e-mail's subject and body as a person reads them. The sink has already decoded
/// the quoted-printable body (and in doing so dropped every `=` that ended a line, the
/// folded subject's too); the subject's RFC 2047 words are decoded here.
struct ReadMail {
    subject: String,
    body: String,
}

fn read_mail(data: &str) -> ReadMail {
    let (head, body) = data.split_once("\n\n").unwrap_or((data, ""));
    let subject = head.lines().find_map(|line| line.strip_prefix("Subject: ")).map(decode_subject).unwrap_or_default();
    ReadMail { subject, body: body.trim_end_matches('\n').to_string() }
}

/// `=?utf-8?b?…?=` words between plain ones; the space between two encoded words is dropped
/// (RFC 2047 §6.2). A word whose closing `=` the sink dropped may have the next header
/// glued to it: the subject ends there.
fn decode_subject(value: &str) -> String {
    use base64::Engine;
    let mut out: Vec<u8> = Vec::new();
    let mut last_was_word = false;
    for token in value.split(' ').filter(|t| !t.is_empty()) {
        let parts: Vec<&str> = token.splitn(5, '?').collect();
        let encoded = match parts.as_slice() {
            ["=", _charset, encoding, text, rest] if encoding.eq_ignore_ascii_case("b") => Some((text, rest)),
            _ => None,
        };
        let joins_previous_word = last_was_word && encoded.is_some();
        if !out.is_empty() && !joins_previous_word {
            out.push(b' ');
        }
        let Some((text, rest)) = encoded else {
            out.extend(token.as_bytes());
            last_was_word = false;
            continue;
        };
        out.extend(base64::engine::general_purpose::STANDARD.decode(text).expect("base64"));
        last_was_word = true;
        if !rest.is_empty() && *rest != "=" {
            break;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn subject_decoding_reads_what_lettre_writes_as_the_sink_keeps_it() {
    assert_eq!(decode_subject("=?utf-8?b?4KSo4KSu4KS44KWN4KSk4KWH?="), "नमस्ते");
    assert_eq!(decode_subject("=?utf-8?b?4KSo?= =?utf-8?b?4KSu?MIME-Version: 1.0"), "नम");
    assert_eq!(decode_subject("=?utf-8?b?4KSo? HomeTutor =?utf-8?b?4KSu?="), "न HomeTutor म");
    assert_eq!(decode_subject("Plain words"), "Plain words");
}
