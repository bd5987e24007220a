//! One daily cap on a tutor's first contacts with families: saying they are interested in a
//! request (which reveals the parent's contacts) and writing the first message to a parent
//! (which shows the tutor who they are) count together, [`MAX_FIRST_CONTACTS_PER_DAY`] in any
//! 24 hours, so chat is no way around the cap on interests. A first message to a parent whose
//! request the tutor is already interested in is not counted again: that contact was counted.
//! Replies and later messages of a conversation are not first contacts.
//!
//! Callers hold the tutor's row ([`hometutor_accounts::lock`]) from the count to the write, so
//! concurrent interests and first messages cannot together pass the cap. Chat records its
//! first messages here ([`record_first_message`]); this module owns `tutor_first_messages`.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{tuition_interests as ti, tutor_first_messages as fm};
use hometutor_db::DbConnection;

use crate::MAX_INTERESTS_PER_DAY;

/// Interests and first messages together, in any 24 hours: the interests' cap, shared.
pub const MAX_FIRST_CONTACTS_PER_DAY: i64 = MAX_INTERESTS_PER_DAY;

/// How many first contacts `tutor` made in the 24 hours before `at`.
pub fn used_today(c: &mut DbConnection, tutor: UserId, at: NaiveDateTime) -> QueryResult<i64> {
    let since = at - chrono::Duration::hours(24);
    let interests: i64 =
        ti::table.filter(ti::tutor_id.eq(tutor.0).and(ti::created_at.gt(since))).count().get_result(c)?;
    let messages: i64 =
        fm::table.filter(fm::tutor_id.eq(tutor.0).and(fm::created_at.gt(since))).count().get_result(c)?;
    Ok(interests + messages)
}

/// How many more first contacts `tutor` may make now.
pub fn left_today(c: &mut DbConnection, tutor: UserId, at: NaiveDateTime) -> QueryResult<i64> {
    Ok((MAX_FIRST_CONTACTS_PER_DAY - used_today(c, tutor, at)?).max(0))
}

/// Whether a first message from `tutor` to `parent` counts: not when the tutor already said
/// they are interested in one of the parent's requests.
pub fn message_counts(c: &mut DbConnection, tutor: UserId, parent: UserId) -> QueryResult<bool> {
    Ok(!crate::contacts::tutor_interested(c, parent, tutor)?)
}

/// Records a counted first message (inside the transaction that stores it).
pub fn record_first_message(
    c: &mut DbConnection,
    tutor: UserId,
    parent: UserId,
    request: Option<i64>,
    at: NaiveDateTime,
) -> QueryResult<()> {
    diesel::insert_into(fm::table)
        .values((
            fm::tutor_id.eq(tutor.0),
            fm::parent_id.eq(parent.0),
            fm::request_id.eq(request),
            fm::created_at.eq(at),
        ))
        .execute(c)
        .map(drop)
}
