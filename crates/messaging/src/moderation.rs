//! What moderation reads and changes of chat: who sent a reported message and to whom, the
//! thread around it (what an admin reads before deciding), and removing it.

use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::messages as m;
use hometutor_db::DbConnection;

use crate::model::Message;
use crate::rows::{message_columns, with_names, MessageRow};

/// Messages shown on each side of a reported one.
pub const THREAD_CONTEXT: i64 = 5;

/// What a removed message reads as from then on: a mark with no words, the same in every language.
pub const REMOVED_BODY: &str = "—";

/// Who sent a message and to whom, and the request it was about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Parties {
    pub sender: UserId,
    pub recipient: UserId,
    pub request_id: Option<i64>,
}

pub fn parties(c: &mut DbConnection, id: i64) -> QueryResult<Option<Parties>> {
    let row: Option<(i64, i64, Option<i64>)> =
        m::table.find(id).select((m::sender_id, m::recipient_id, m::request_id)).first(c).optional()?;
    Ok(row.map(|(sender, recipient, request_id)| Parties {
        sender: UserId(sender),
        recipient: UserId(recipient),
        request_id,
    }))
}

/// The message and up to [`THREAD_CONTEXT`] messages of its conversation before and after it, in order.
pub fn thread_around(c: &mut DbConnection, id: i64) -> QueryResult<Vec<Message>> {
    let Some((conversation, seq)) =
        m::table.find(id).select((m::conversation_id, m::seq)).first::<(i64, i64)>(c).optional()?
    else {
        return Ok(Vec::new());
    };
    let rows: Vec<MessageRow> = m::table
        .filter(m::conversation_id.eq(conversation))
        .filter(m::seq.between(seq - THREAD_CONTEXT, seq + THREAD_CONTEXT))
        .order(m::seq.asc())
        .select(message_columns())
        .load(c)?;
    with_names(c, rows)
}

/// Replaces the message's words with [`REMOVED_BODY`]; it keeps its place in the conversation
/// (its sequence number), so nobody's history or unread count shifts. `false`: no such message.
pub fn remove(c: &mut DbConnection, id: i64) -> QueryResult<bool> {
    Ok(diesel::update(m::table.find(id)).set(m::body.eq(REMOVED_BODY)).execute(c)? > 0)
}
