//! How answers travel compressed. One rule picks the coding from the request's
//! `Accept-Encoding` — brotli, then gzip, else none, a coding the client gives `q=0` never —
//! for the web app's files, which the build precompressed at maximum quality (`crate::web`
//! sends the `.br` or `.gz` copy), and for answers compressed here on the fly.
//!
//! On the fly means: a whole body (known length) of at least [`MIN_BYTES`] of text (JSON,
//! HTML, scripts, XML, SVG) that no handler encoded already. Never compressed: streamed
//! bodies, which are uploads' bytes read from the store (pictures, PDFs and office files are
//! compressed formats already) and the chat socket's frames after its 101 handshake; tiny
//! answers, where the coding's framing costs more than it saves; and anything else whose type
//! is not text. This wraps actix-http's `Encoder` rather than using actix-web's `Compress`
//! middleware, which compresses every size and every type but images and videos (PDFs and
//! zipped documents too), and answers a request refusing identity with a bare 406.

use actix_web::body::{BodySize, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{
    self, AcceptEncoding, ContentEncoding, Encoding, HeaderMap, HeaderValue, Preference, Quality,
};
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::HttpMessage;

use actix_http::encoding::Encoder;

/// Below this many bytes an answer goes as it is (about one TCP segment's worth of JSON).
pub const MIN_BYTES: u64 = 1024;

/// A content coding the server sends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coding {
    Brotli,
    Gzip,
    Identity,
}

impl Coding {
    /// The suffix of the build's precompressed copy of a file (`app.js.br`), none for identity.
    pub fn file_suffix(self) -> Option<&'static str> {
        match self {
            Coding::Brotli => Some(".br"),
            Coding::Gzip => Some(".gz"),
            Coding::Identity => None,
        }
    }

    pub fn content_encoding(self) -> ContentEncoding {
        match self {
            Coding::Brotli => ContentEncoding::Brotli,
            Coding::Gzip => ContentEncoding::Gzip,
            Coding::Identity => ContentEncoding::Identity,
        }
    }
}

/// The codings worth trying for a request, best first: those its `Accept-Encoding` allows
/// among brotli and gzip, by the client's weight and then brotli before gzip (smaller), then
/// identity, which is always the last resort (never a 406: any browser reads identity).
pub fn acceptable(message: &impl HttpMessage) -> Vec<Coding> {
    let Some(AcceptEncoding(items)) = message.get_header::<AcceptEncoding>() else {
        return vec![Coding::Identity];
    };
    // A coding's weight: its own item, else the `*` item's, else not acceptable.
    let weight = |encoding: &Encoding| {
        let own = items.iter().find(|i| matches!(&i.item, Preference::Specific(e) if e == encoding));
        let any = || items.iter().find(|i| matches!(i.item, Preference::Any));
        own.or_else(any).map_or(Quality::ZERO, |i| i.quality)
    };
    let mut codings: Vec<(Quality, Coding)> = [(Encoding::brotli(), Coding::Brotli), (Encoding::gzip(), Coding::Gzip)]
        .into_iter()
        .map(|(encoding, coding)| (weight(&encoding), coding))
        .filter(|(quality, _)| *quality > Quality::ZERO)
        .collect();
    // A stable sort keeps brotli first between equals.
    codings.sort_by_key(|c| std::cmp::Reverse(c.0));
    codings.into_iter().map(|(_, coding)| coding).chain([Coding::Identity]).collect()
}

/// The coding an answer computed now is sent with.
pub fn preferred(message: &impl HttpMessage) -> Coding {
    acceptable(message).first().copied().unwrap_or(Coding::Identity)
}

/// Whether a body of this type gains from compression: text, not media.
fn is_text(headers: &HeaderMap) -> bool {
    let Some(mime) = headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()) else {
        return false;
    };
    let essence = mime.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(essence.as_str(), "application/json" | "application/javascript" | "application/xml")
}

/// Adds `Vary: Accept-Encoding` unless the response has it: a cache must not hand a brotli
/// body to a client that asked for none, nor identity to one that could have had brotli.
fn vary_on_accept_encoding(headers: &mut HeaderMap) {
    let present = headers
        .get_all(header::VARY)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|v| v.trim().eq_ignore_ascii_case("accept-encoding") || v.trim() == "*");
    if !present {
        headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
}

/// A strong `ETag` names exact bytes; once compressed here they are other bytes with the same
/// meaning, which is what a weak one says (`W/"…"`). `If-None-Match` compares weakly, so it
/// still revalidates.
fn weaken_etag(headers: &mut HeaderMap) {
    let strong = headers.get(header::ETAG).and_then(|v| v.to_str().ok()).filter(|v| v.starts_with('"'));
    if let Some(weak) = strong.and_then(|v| HeaderValue::from_str(&format!("W/{v}")).ok()) {
        headers.insert(header::ETAG, weak);
    }
}

/// The middleware: compresses the answers worth it with the coding the request prefers and
/// marks every text answer (and every one a handler encoded itself) `Vary: Accept-Encoding`.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let coding = preferred(&req);
    let response = next.call(req).await?;
    Ok(response.map_body(|head, body| {
        let encoded_by_handler = head.headers().contains_key(header::CONTENT_ENCODING);
        let text = is_text(head.headers());
        let whole_and_large = matches!(body.size(), BodySize::Sized(n) if n >= MIN_BYTES);
        let with_body = !matches!(head.status, StatusCode::SWITCHING_PROTOCOLS | StatusCode::NO_CONTENT);
        let compress = !encoded_by_handler && text && whole_and_large && with_body && coding != Coding::Identity;
        if compress {
            weaken_etag(head.headers_mut());
            // The encoder sets Content-Encoding and Vary and drops Content-Length.
            Encoder::response(coding.content_encoding(), head, body)
        } else {
            if encoded_by_handler || text {
                vary_on_accept_encoding(head.headers_mut());
            }
            Encoder::response(ContentEncoding::Identity, head, body)
        }
    }))
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    fn codings(accept: Option<&str>) -> Vec<Coding> {
        let mut req = TestRequest::default();
        if let Some(value) = accept {
            req = req.insert_header((header::ACCEPT_ENCODING, value));
        }
        acceptable(&req.to_http_request())
    }

    #[test]
    fn brotli_before_gzip_and_identity_last() {
        use Coding::*;
        assert_eq!(codings(Some("gzip, deflate, br, zstd")), [Brotli, Gzip, Identity]);
        assert_eq!(codings(Some("gzip")), [Gzip, Identity]);
        assert_eq!(codings(Some("br")), [Brotli, Identity]);
        assert_eq!(codings(None), [Identity]);
        assert_eq!(codings(Some("")), [Identity]);
        assert_eq!(codings(Some("deflate, zstd")), [Identity]);
    }

    #[test]
    fn the_clients_weights_and_q0_are_honoured() {
        use Coding::*;
        assert_eq!(codings(Some("br;q=0, gzip")), [Gzip, Identity]);
        assert_eq!(codings(Some("br;q=0.2, gzip;q=0.8")), [Gzip, Brotli, Identity]);
        assert_eq!(codings(Some("*")), [Brotli, Gzip, Identity]);
        assert_eq!(codings(Some("gzip;q=0, *;q=0.5")), [Brotli, Identity]);
        assert_eq!(codings(Some("*;q=0")), [Identity], "identity is the last resort, never a 406");
    }

    #[test]
    fn only_text_is_compressed() {
        let typed = |t: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(t).expect("a header value"));
            is_text(&headers)
        };
        for t in ["application/json", "text/html; charset=utf-8", "application/javascript", "image/svg+xml", "text/css"]
        {
            assert!(typed(t), "{t}");
        }
        for t in ["image/png", "image/webp", "application/pdf", "application/zip", "application/octet-stream"] {
            assert!(!typed(t), "{t}");
        }
        assert!(!is_text(&HeaderMap::new()));
    }

    #[test]
    fn vary_is_added_once() {
        let mut headers = HeaderMap::new();
        vary_on_accept_encoding(&mut headers);
        vary_on_accept_encoding(&mut headers);
        assert_eq!(headers.get_all(header::VARY).count(), 1);
        let mut origin = HeaderMap::new();
        origin.insert(header::VARY, HeaderValue::from_static("Origin, Accept-Encoding"));
        vary_on_accept_encoding(&mut origin);
        assert_eq!(origin.get_all(header::VARY).count(), 1);
    }
}
