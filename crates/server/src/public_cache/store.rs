//! The serialised answers of public reads that change rarely (`/api/site`, a tutor's public
//! profile seen by a visitor), kept for [`FRESH_FOR`] with an `ETag` each.
//!
//! Invalidation is by generation, not by knowing which write touches what: any request in this
//! process that may change something (every method but GET, HEAD and OPTIONS, unless refused
//! with a 4xx or on a route that touches only the caller's session, messages or notifications,
//! see [`invalidate_on_writes`]) starts a new generation once it is answered, and an answer kept in
//! an older one is never served. So a change is visible at once in the process that made it, and
//! within [`FRESH_FOR`] in the others (a cluster's peers, a subscription that lapses with time).
//! An answer is kept in the generation current when it *started* computing, so one computed
//! across a write is dropped, never served as fresh.
//!
//! `If-None-Match` is answered 304 whenever the current bytes have that `ETag`, kept or not:
//! the `ETag` is a (weak) hash of the bytes, the same in every process.

use std::collections::HashMap;
use std::future::Future;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::RwLock;
use std::time::{Duration, Instant};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::web::Bytes;
use actix_web::{web, HttpRequest, HttpResponse};

use crate::errors::ApiError;
use crate::state::AppState;

/// How long a kept answer is served without asking the database again: also how long a change
/// made by another process may take to show here.
pub const FRESH_FOR: Duration = Duration::from_secs(2);
/// Answers kept at most; past it the cache starts again empty (tutor profiles are many).
const MAX_ENTRIES: usize = 10_000;

struct Entry {
    generation: u64,
    at: Instant,
    body: Bytes,
    etag: HeaderValue,
}

#[derive(Default)]
pub struct PublicCache {
    generation: AtomicU64,
    entries: RwLock<HashMap<String, Entry>>,
}

impl PublicCache {
    /// Everything kept so far is out of date: a write was answered.
    pub fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    fn fresh(&self, key: &str) -> Option<(Bytes, HeaderValue)> {
        let generation = self.generation.load(Ordering::Acquire);
        let entries = self.entries.read().ok()?;
        entries
            .get(key)
            .filter(|e| e.generation == generation && e.at.elapsed() < FRESH_FOR)
            .map(|e| (e.body.clone(), e.etag.clone()))
    }

    fn keep(&self, key: String, generation: u64, body: Bytes, etag: HeaderValue) {
        if let Ok(mut entries) = self.entries.write() {
            if entries.len() >= MAX_ENTRIES && !entries.contains_key(&key) {
                entries.clear();
            }
            entries.insert(key, Entry { generation, at: Instant::now(), body, etag });
        }
    }

    /// The answer under `key`: kept bytes while fresh, else `compute`'s (JSON), kept when
    /// `keep` is true; 304 when the request's `If-None-Match` names them.
    pub async fn answer<F, Fut>(
        &self,
        req: &HttpRequest,
        key: Option<String>,
        cache_control: &'static str,
        compute: F,
    ) -> Result<HttpResponse, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Bytes, ApiError>>,
    {
        let kept = key.as_deref().and_then(|key| self.fresh(key));
        let (body, etag) = match kept {
            Some(kept) => {
                metrics::counter!("hometutor_public_cache_total", "outcome" => "hit").increment(1);
                kept
            }
            None => {
                let generation = self.generation.load(Ordering::Acquire);
                let body = compute().await?;
                let etag = etag_of(&body);
                if let Some(key) = key {
                    metrics::counter!("hometutor_public_cache_total", "outcome" => "miss").increment(1);
                    self.keep(key, generation, body.clone(), etag.clone());
                }
                (body, etag)
            }
        };
        Ok(respond(req, body, etag, cache_control))
    }
}

/// `value` as JSON with its `ETag` and `cache_control`, or 304 when `If-None-Match` names it:
/// for answers that are the same for everyone and change only with a release (vocabulary, places).
pub fn json<T: serde::Serialize>(
    req: &HttpRequest,
    value: &T,
    cache_control: &'static str,
) -> Result<HttpResponse, ApiError> {
    let body: Bytes = serde_json::to_vec(value).map_err(ApiError::internal)?.into();
    Ok(bytes(req, body, cache_control))
}

/// Serialised JSON with its `ETag` and `cache_control`, or 304 when `If-None-Match` names it.
pub fn bytes(req: &HttpRequest, body: Bytes, cache_control: &'static str) -> HttpResponse {
    let etag = etag_of(&body);
    respond(req, body, etag, cache_control)
}

fn respond(req: &HttpRequest, body: Bytes, etag: HeaderValue, cache_control: &'static str) -> HttpResponse {
    let not_modified = matches_etag(req, &etag);
    let mut response = if not_modified { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    response
        .insert_header((header::ETAG, etag))
        .insert_header((header::CACHE_CONTROL, cache_control))
        // A signed-in visitor may get other bytes (e.g. a tutor's `canMessage`).
        .insert_header((header::VARY, "Authorization"));
    if not_modified {
        response.finish()
    } else {
        response.content_type("application/json").body(body)
    }
}

/// An `ETag` from the bytes: the same answer has the same tag in every process. Weak, since
/// the compression middleware may send other bytes with the same meaning (and a 304 goes
/// out uncompressed): a strong one would name one of them only.
fn etag_of(body: &[u8]) -> HeaderValue {
    // SipHash with fixed keys: stable across processes of one build; not a secret.
    let mut hasher = std::hash::DefaultHasher::new();
    body.hash(&mut hasher);
    let tag = format!("W/\"{:016x}{:08x}\"", hasher.finish(), body.len());
    HeaderValue::from_str(&tag).unwrap_or_else(|_| HeaderValue::from_static("\"0\""))
}

/// Whether `If-None-Match` names `etag` (or is `*`), compared weakly (by value, `W/` or not).
fn matches_etag(req: &HttpRequest, etag: &HeaderValue) -> bool {
    let Ok(etag) = etag.to_str() else { return false };
    let etag = etag.strip_prefix("W/").unwrap_or(etag);
    req.headers().get_all(header::IF_NONE_MATCH).filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(',')).any(
        |candidate| {
            let candidate = candidate.trim();
            candidate == "*" || candidate.strip_prefix("W/").unwrap_or(candidate) == etag
        },
    )
}

/// Writes that never change what a visitor reads (the site, a tutor's public profile): they
/// touch only the caller's session, messages, notifications or codes. Starting a generation for
/// each would empty the cache at every sign-in and every chat message, for nothing.
const NOT_PUBLIC: &[&str] = &[
    "/api/auth/login",
    "/api/auth/logout",
    "/api/auth/send-reset-otp",
    "/api/verify/resend-otp",
    "/api/chat/ticket",
    "/api/messages",
    "/api/messages/read",
    "/api/notifications/read",
    "/api/notifications/preferences",
];

/// Whether an answered request may have changed something a kept answer shows: a method that
/// writes, on a route not in [`NOT_PUBLIC`], that was not refused (a 4xx answer wrote nothing
/// anyone else reads: at most a failed sign-in's count). A 5xx counts, to be safe.
fn may_change_public_reads(method: &Method, route: &str, status: actix_web::http::StatusCode) -> bool {
    let writes = !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS);
    writes && !status.is_client_error() && !NOT_PUBLIC.contains(&route)
}

/// Starts a new generation once a request that may have changed something is answered.
pub async fn invalidate_on_writes(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.call(req).await;
    }
    let (method, route) = (req.method().clone(), crate::access_log::route_template(&req));
    let cache = req.app_data::<web::Data<AppState>>().map(|s| s.public_cache.clone());
    let response = next.call(req).await;
    let status = match &response {
        Ok(answer) => answer.status(),
        Err(error) => error.as_response_error().status_code(),
    };
    if let Some(cache) = cache.filter(|_| may_change_public_reads(&method, &route, status)) {
        cache.invalidate();
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sign_ins_messages_and_refused_writes_keep_the_kept_answers() {
        use actix_web::http::StatusCode;
        let changes = |method: Method, route: &str, status: u16| {
            may_change_public_reads(&method, route, StatusCode::from_u16(status).unwrap())
        };
        assert!(changes(Method::PUT, "/api/tutors/{idOrEmail}", 200), "a profile edit");
        assert!(changes(Method::POST, "/api/admin/settings", 200), "the site's settings");
        assert!(changes(Method::POST, "/api/verify/email-otp", 200), "a verified tutor may become listable");
        assert!(changes(Method::POST, "/api/payment/webhook", 200), "a subscription");
        assert!(changes(Method::POST, "/api/tutors/{idOrEmail}/reviews", 500), "a failure may have written");
        assert!(changes(Method::POST, "unmatched", 200));
        assert!(!changes(Method::POST, "/api/auth/login", 200));
        assert!(!changes(Method::POST, "/api/messages", 201));
        assert!(!changes(Method::POST, "/api/notifications/read", 200));
        assert!(!changes(Method::PUT, "/api/tutors/{idOrEmail}", 403), "refused");
        assert!(!changes(Method::POST, "/api/tutors/{idOrEmail}/reviews", 400), "refused");
        assert!(!changes(Method::GET, "/api/site", 200));
    }

    #[test]
    fn every_route_said_not_to_change_public_reads_is_a_real_write_route() {
        // A renamed route would otherwise quietly start invalidating the cache again.
        let api = crate::openapi_document();
        for route in NOT_PUBLIC {
            let item = api.paths.paths.get(*route).unwrap_or_else(|| panic!("{route} is not a route"));
            let writes = item.post.is_some() || item.put.is_some() || item.patch.is_some() || item.delete.is_some();
            assert!(writes, "{route} has no method that writes");
        }
    }

    #[test]
    fn an_answer_kept_before_a_write_is_not_served_after_it() {
        let cache = PublicCache::default();
        let generation = cache.generation.load(Ordering::Acquire);
        cache.keep("site".into(), generation, Bytes::from_static(b"old"), etag_of(b"old"));
        assert_eq!(cache.fresh("site").map(|(b, _)| b), Some(Bytes::from_static(b"old")));
        cache.invalidate();
        assert!(cache.fresh("site").is_none());
        // Computed from a generation that has since ended: kept, but never fresh.
        cache.keep("site".into(), generation, Bytes::from_static(b"racing"), etag_of(b"racing"));
        assert!(cache.fresh("site").is_none());
    }

    #[test]
    fn tags_follow_the_bytes() {
        assert_eq!(etag_of(b"{\"a\":1}"), etag_of(b"{\"a\":1}"));
        assert_ne!(etag_of(b"{\"a\":1}"), etag_of(b"{\"a\":2}"));
    }
}
