//! The server's API, chat and operator tests, linked as one test binary (`cargo test -p
//! hometutor-server --test api`; one file: `--test api chat_ws::`). Each file here is what was a
//! binary of its own: linked once, the server and `common` are compiled once instead of once per
//! file (24 files: ≈ 2 s of linking and 128 MB of disk each).
//!
//! What stays a binary of its own (`../*.rs`): the tests that cause a fault beyond their own
//! server — a killed or filled shared part, a stopped database cluster, SIGKILL or SIGTERM of a
//! process — so no fault reaches a test that is not about it; and `test_clock_api.rs`, whose
//! clock (`hometutor_db::clock`) is the whole process's and would move every server here.
//! A test added here must not change anything process-wide.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

#[path = "../common/mod.rs"]
mod common;

mod admin_api;
mod admin_input_api;
mod admin_site_api;
mod areas_api;
mod auth_api;
mod auth_codes_api;
mod auth_tokens_api;
mod availability_api;
mod bad_input_api;
mod blocked_lists_api;
mod blocked_sharing_api;
mod bookings_api;
mod bookings_refusals_api;
mod calendar_api;
mod chat_wire;
mod completeness_api;
mod chat_ws;
mod cli;
mod contact_terms_api;
mod delivery_api;
mod discovery_api;
mod floods_api;
mod headers_api;
mod i18n_api;
mod logs;
mod messages_api;
mod metrics;
mod moderation_api;
mod notifications_api;
mod nul_input_api;
mod object_sweep_api;
mod openapi;
mod packaging;
mod payments_api;
mod places_api;
mod privacy_api;
mod review_access_api;
mod review_answers_api;
mod tuition_api;
mod tuition_vocabulary_api;
mod tutor_photo_api;
mod tutors_api;
mod uploads_api;
mod uploads_s3;
mod verification_api;
mod verification_support;
mod verified_reason_api;
