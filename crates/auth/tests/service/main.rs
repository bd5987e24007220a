//! The account rules, one test each, on a private database
//! (in-memory SQLite, or a PostgreSQL schema when TEST_DATABASE_URL is set).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod account;
mod codes;
mod login;
mod registration;
mod support;
mod tokens;
