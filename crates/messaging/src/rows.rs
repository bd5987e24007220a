//! How a stored message is read back: its columns, the row they load into, and
//! that row as a [`Message`] with its sender's name. Both ways of storing (one
//! message, a batch) and every reader share these, so the shape lives here alone.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::UserId;
use hometutor_db::schema::messages as m;
use hometutor_db::DbConnection;

use crate::model::{Message, SendInput};

pub(crate) type MessageRow = (i64, i64, i64, i64, Option<i64>, Option<String>, String, NaiveDateTime);

pub(crate) fn message_columns(
) -> (m::id, m::seq, m::sender_id, m::recipient_id, m::request_id, m::client_id, m::body, m::created_at) {
    (m::id, m::seq, m::sender_id, m::recipient_id, m::request_id, m::client_id, m::body, m::created_at)
}

/// The pair's key: the smaller id first.
pub(crate) fn pair(a: UserId, b: UserId) -> (i64, i64) {
    (a.0.min(b.0), a.0.max(b.0))
}

/// The sender's id for a message, when it gave a usable one.
pub(crate) fn client_id_of(input: &SendInput) -> Option<&str> {
    input.client_id.as_deref().map(str::trim).filter(|c| !c.is_empty() && c.len() <= 64)
}

/// Stored rows as messages, their senders' names read in one query.
pub(crate) fn with_names(c: &mut DbConnection, rows: Vec<MessageRow>) -> QueryResult<Vec<Message>> {
    let mut ids: Vec<i64> = rows.iter().map(|r| r.2).collect();
    ids.sort_unstable();
    ids.dedup();
    let names = accounts::names(c, &ids)?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let from_name = names.get(&UserId(row.2)).cloned().unwrap_or_default();
            message_of(row, from_name)
        })
        .collect())
}

/// A stored row as a message, with its sender's name.
pub(crate) fn message_of(row: MessageRow, from_name: String) -> Message {
    let (id, seq, from, to, request_id, client_id, text, created_at) = row;
    Message { id, seq, from: UserId(from), from_name, to: UserId(to), text, request_id, client_id, created_at }
}
