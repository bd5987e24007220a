//! Chat storage: every message is stored, with the next sequence number of its
//! conversation, before anyone is told about it; a sender's `clientId` makes a
//! resend harmless; conversations, unread counts, read marks and blocks; the
//! chat writer, which stores messages in batches before they are acknowledged.
//! The real-time hub that delivers stored messages is the server's.

mod batch;
mod cap;
mod contact;
mod decision;
mod error;
mod firsts;
mod model;
pub mod moderation;
mod rows;
mod service;
mod shown;
mod tickets;
pub mod unread_alerts;
mod writer;

pub use error::MessagingError;
pub use firsts::first_messages;
pub use model::{Conversation, Message, Partner, SendInput, Sent};
pub use service::MessageStore;
pub use shown::{short_name, shown_name};
pub use tickets::{TicketHolder, Tickets, TICKET_SECONDS};
pub use writer::{ChatWriter, WriteError, WriterState};

/// Longest message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// Largest page of history.
pub const MAX_PAGE: i64 = 100;
