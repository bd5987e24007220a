//! Every request's id, sent back in `X-Request-Id` and written on every log line of the request.
//!
//! A trusted proxy (`TRUSTED_PROXIES`) may name the request itself, so that its own log (nginx's
//! `$request_id`) and ours share one id. Anyone else's `X-Request-Id` is ignored: a client could
//! otherwise make its requests look like someone else's in the log, or write whatever it likes there.

use std::fmt;

use actix_web::http::header::{HeaderName, HeaderValue};

/// The request and response header.
pub const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// The longest incoming id kept (nginx's `$request_id` is 32 hex digits; a UUID is 36 characters).
const MAX_LEN: usize = 64;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(String);

impl RequestId {
    /// The id a trusted proxy sent when it is sane, else a new one.
    pub fn for_request(from_trusted_proxy: bool, incoming: Option<&HeaderValue>) -> Self {
        incoming
            .filter(|_| from_trusted_proxy)
            .and_then(|value| value.to_str().ok())
            .filter(|value| is_sane(value))
            .map_or_else(Self::generate, |value| Self(value.to_string()))
    }

    /// 32 random hex digits, the shape of nginx's `$request_id`.
    fn generate() -> Self {
        Self(uuid::Uuid::new_v4().simple().to_string())
    }

    pub fn header_value(&self) -> HeaderValue {
        // Only sane ids are kept and generated ones are hex: always a valid header value.
        HeaderValue::from_str(&self.0).unwrap_or(HeaderValue::from_static("invalid"))
    }
}

impl fmt::Display for RequestId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Short, and made of characters that cannot break a log line or a header: letters, digits, `._:-`.
fn is_sane(value: &str) -> bool {
    !value.is_empty()
        && value.len() <= MAX_LEN
        && value.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b':' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(value: &str) -> HeaderValue {
        HeaderValue::from_str(value).unwrap()
    }

    #[test]
    fn a_trusted_proxys_sane_id_is_kept() {
        let id = RequestId::for_request(true, Some(&header("3f2a9c1e0b7d4e5fa6b8c9d0e1f20314")));
        assert_eq!(id.to_string(), "3f2a9c1e0b7d4e5fa6b8c9d0e1f20314");
        assert_eq!(RequestId::for_request(true, Some(&header("edge-1:req.42_a"))).to_string(), "edge-1:req.42_a");
    }

    #[test]
    fn an_untrusted_or_insane_id_is_replaced_by_a_new_one() {
        let generated =
            |id: RequestId| id.to_string().len() == 32 && id.to_string().bytes().all(|b| b.is_ascii_hexdigit());
        assert!(generated(RequestId::for_request(false, Some(&header("chosen-by-the-client")))));
        assert!(generated(RequestId::for_request(true, None)));
        assert!(generated(RequestId::for_request(true, Some(&header("")))));
        assert!(generated(RequestId::for_request(true, Some(&header("a b")))));
        assert!(generated(RequestId::for_request(true, Some(&header("x\"}{injected")))));
        assert!(generated(RequestId::for_request(true, Some(&header(&"a".repeat(65))))));
        assert_eq!(RequestId::for_request(true, Some(&header(&"a".repeat(64)))).to_string().len(), 64);
        assert_ne!(RequestId::for_request(true, None), RequestId::for_request(true, None));
    }
}
