//! Rate limits: every limit of the site is a named [`Bucket`] in one table
//! ([`Bucket::declared`]), counted by one [`Limiter`] in a [`LimitStore`].
//!
//! A bucket allows `limit` events per key (an account, a client address) in a
//! fixed window that opens at the key's first event. Limits that guard a route
//! as a whole are attached where the route is registered (the server's
//! `rate_limit` module); limits that depend on the outcome (failed logins only,
//! cleared by a success) are counted by the service that knows the outcome,
//! through the same `Limiter`.
//!
//! The store is a trait so that processes can share their counters (issue 17:
//! Redis when configured, else the database); [`InMemoryStore`] counts in this
//! process only and forgets on restart.

mod bucket;
mod limiter;
mod memory;
mod store;

pub use bucket::{Bucket, Counted, Rule};
pub use limiter::{Limiter, RetryAfter};
pub use memory::InMemoryStore;
pub use store::{LimitStore, StoreError, Take};
