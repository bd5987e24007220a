//! When each of two people first wrote to the other: what another crate's rule about a
//! real contact (a parent may review a tutor once both have written) reads, without
//! naming the chat's tables itself.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{conversations as cv, messages as m};
use hometutor_db::DbConnection;

use crate::rows::pair;

/// `(a's first message to b, b's first message to a)`, each `None` while that side has not written.
pub fn first_messages(
    c: &mut DbConnection,
    a: UserId,
    b: UserId,
) -> QueryResult<(Option<NaiveDateTime>, Option<NaiveDateTime>)> {
    let (low, high) = pair(a, b);
    let conversation: Option<i64> =
        cv::table.filter(cv::user_a.eq(low).and(cv::user_b.eq(high))).select(cv::id).first(c).optional()?;
    let Some(conversation) = conversation else {
        return Ok((None, None));
    };
    let mut first_from = |sender: UserId| -> QueryResult<Option<NaiveDateTime>> {
        m::table
            .filter(m::conversation_id.eq(conversation).and(m::sender_id.eq(sender.0)))
            .select(diesel::dsl::min(m::created_at))
            .first(c)
    };
    Ok((first_from(a)?, first_from(b)?))
}
