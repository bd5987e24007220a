//! What the server accepts from a client before any handler runs, in one place:
//!
//! - no NUL character (U+0000) reaches a service or the database, from any
//!   source: path, query string, JSON body (at any depth, `\u0000` escapes
//!   included), multipart text fields and chat frames. PostgreSQL cannot store
//!   it and SQLite would keep it, so it is refused with 400 `validation` naming
//!   the field ([`nul`]). Other control characters are the domain's business
//!   (`hometutor_core::validation::single_line`/`multi_line`, per field);
//! - JSON bodies: [`Json`], the one extractor for them (size, type, shape);
//! - multipart forms: [`multipart`], the one reader for them (files received
//!   before they are stored, text fields checked first);
//! - a body that stops arriving is answered 408 ([`body_deadline`]);
//! - every error under `/api` is JSON, wrong methods answer 405 ([`fallback`]).

mod body_deadline;
pub mod fallback;
mod json;
pub mod multipart;
mod nul;
mod strict;

pub use body_deadline::{body_deadline, BodyReadTimeout};
pub use json::{Json, JSON_LIMIT};
pub use nul::{chat_frame_refusal, nul_in_url_refusal};
