//! Rate limits: every limit of the site is a named [`Bucket`] in one table
//! ([`Bucket::declared`]), counted by one [`Limiter`] in a [`LimitStore`].
//!
//! A bucket allows `limit` events per key (an account, a client address) in a
//! fixed window that opens at the key's first event. Limits that guard a route
//! as a whole are attached where the route is registered (the server's
//! `rate_limit` module); limits that depend on the outcome (failed logins only,
//! cleared by a success) are counted by the service that knows the outcome,
//! through the same `Limiter`. A per-address bucket counts an IPv6 client by its /64
//! ([`client_key`]): one subscriber's network, however many addresses it hands out.
//!
//! The store is a trait so that processes share their counters: [`RedisStore`] when Redis
//! is configured (with [`DatabaseStore`] behind it, through [`FallbackStore`], while Redis
//! does not answer), else [`DatabaseStore`]. Both keep counts across restarts;
//! [`InMemoryStore`] counts in this process only and forgets on restart (unit tests).

mod address;
mod bucket;
mod database;
mod fallback;
mod limiter;
mod memory;
mod redis_store;
mod store;

pub use address::client_key;
pub use bucket::{Bucket, Counted, Rule};
pub use database::{take_in_transaction, DatabaseStore};
pub use fallback::FallbackStore;
pub use limiter::{Limiter, RetryAfter};
pub use memory::InMemoryStore;
pub use redis_store::RedisStore;
pub use store::{LimitStore, StoreError, Take};
