//! The kept answers and their `ETag`s: [`PublicCache`] for reads that change with the data,
//! [`json`] and [`bytes`] for reads that change only with a release.

use std::collections::HashMap;
use std::future::Future;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::RwLock;
use std::time::{Duration, Instant};

use actix_web::http::header::{self, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};

use crate::errors::ApiError;

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

/// Like [`bytes`], for an answer in the request's `Accept-Language`: caches keep one per language.
pub fn bytes_per_language(req: &HttpRequest, body: Bytes, cache_control: &'static str) -> HttpResponse {
    let mut response = bytes(req, body, cache_control);
    response.headers_mut().insert(header::VARY, header::HeaderValue::from_static("Authorization, Accept-Language"));
    response
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

#[cfg(test)]
mod tests {
    use super::*;

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
