//! The server's texts in every language it speaks: e-mails, notifications, error and
//! success messages. Each language is a folder of Fluent files (`locales/<code>/*.ftl`)
//! built into the binary; English is the reference and the fallback.
//!
//! - [`Language`]: the languages, from one list (`language.rs`): a new language is a
//!   folder of files and one line there.
//! - [`negotiate`]: the best language of an `Accept-Language` header (RFC 9110).
//! - [`text`] and [`Message`]: a message by id with its arguments, rendered in a language.
//!   Never panics: an id missing in a language falls back to English, and one missing
//!   everywhere renders as its id; either is logged.
//!
//! Bundles are built once per process and shared between threads; Unicode isolation
//! marks are off, so what is rendered goes into e-mails and JSON exactly as written.

mod catalogue;
mod language;
mod message;
mod negotiate;

pub use catalogue::{has, ids, parse_errors, text, variables};
pub use language::Language;
pub use message::{Arg, Message};
pub use negotiate::negotiate;
