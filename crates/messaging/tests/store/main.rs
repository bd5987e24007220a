//! Message storage rules on a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod batches;
mod contact;
mod messages;
mod rules;
mod support;
