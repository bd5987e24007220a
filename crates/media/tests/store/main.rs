//! Upload rules against a real directory and a private database (SQLite, or
//! PostgreSQL with TEST_DATABASE_URL), played as an attacker would.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod files;
mod images;
mod quota;
mod support;
mod sweep;
