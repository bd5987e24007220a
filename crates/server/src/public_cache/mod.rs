//! The serialised answers of public reads that change rarely (`/api/site`, a tutor's public
//! profile seen by a visitor), kept for [`FRESH_FOR`](store::FRESH_FOR) with an `ETag` each.
//!
//! Invalidation is by generation, not by knowing which write touches what: any request in this
//! process that may change something (every method but GET, HEAD and OPTIONS, unless refused
//! with a 4xx or on a route that touches only the caller's session, messages or notifications,
//! see [`invalidate_on_writes`]) starts a new generation once it is answered, and an answer kept in
//! an older one is never served. So a change is visible at once in the process that made it, and
//! within [`FRESH_FOR`](store::FRESH_FOR) in the others (a cluster's peers, a subscription that lapses with time).
//! An answer is kept in the generation current when it *started* computing, so one computed
//! across a write is dropped, never served as fresh.
//!
//! `If-None-Match` is answered 304 whenever the current bytes have that `ETag`, kept or not:
//! the `ETag` is a (weak) hash of the bytes, the same in every process.

mod invalidation;
mod store;

pub use invalidation::invalidate_on_writes;
pub use store::{bytes_per_language, json, PublicCache};
