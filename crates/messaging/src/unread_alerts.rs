//! Unread-message alerts: when a message is still unread [`UNREAD_AFTER`] after it
//! was sent, its recipient is told once (in the app, and by e-mail as their
//! preferences say): "New message from {name}", the first line of the oldest
//! unread text and a link to the conversation. Each side of a conversation hears
//! at most once per [`COOLDOWN`] and never twice about the same message: the
//! conversation keeps, per side, the last seq it told about and when
//! (`a_mailed_seq`/`a_mailed_at`, `b_…`). Nobody is told about a message from
//! someone they blocked (or who blocked them), nor while their account is off.
//!
//! The work follows the conversations with recent messages (index
//! `conversations_last_message`), not the users or the messages: a run reads the
//! conversations written to within [`LOOKBACK`] whose side has something unread
//! and not yet told, then two indexed lookups per such side.

use chrono::{Duration, NaiveDateTime};
use diesel::dsl::{count_star, max};
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::UserId;
use hometutor_db::schema::{conversations as cv, messages as m};
use hometutor_db::{Db, DbConnection};
use hometutor_notifications::{Kind, Message, Notice, Notification, Notifier};

use crate::MessagingError;

/// The job's name in `job_leases`: one process runs it per period.
pub const LEASE: &str = "unread-message-alerts";
/// How often the server runs [`run`].
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(30);
/// A message is alerted about once it has been unread this long.
pub const UNREAD_AFTER: Duration = Duration::minutes(10);
/// At most one alert per conversation side in this long.
pub const COOLDOWN: Duration = Duration::hours(6);
/// Conversations quiet for longer than this are not looked at: an unread message
/// older than a day is not worth an e-mail any more (and a first run after an
/// upgrade does not mail about old history).
pub const LOOKBACK: Duration = Duration::hours(24);
/// The alert's body: the first line of the text, cut to this many characters.
pub const PREVIEW_CHARS: usize = 140;
/// Conversations looked at per run, the longest quiet first (those are surely due).
const BATCH: i64 = 500;

/// id, user_a, user_b, last_seq: a conversation one of whose sides may be due.
type Candidate = (i64, i64, i64, i64);

/// One side of a conversation: its recipient and how far they have read and been told.
struct Side {
    conversation: i64,
    recipient: i64,
    sender: i64,
    is_a: bool,
    last_seq: i64,
    read_seq: i64,
    mailed_seq: i64,
    mailed_at: Option<NaiveDateTime>,
}

/// Alerts everyone due at `at`; returns how many alerts were stored (and announced).
#[tracing::instrument(skip_all)]
pub fn run(db: &Db, notifier: &Notifier, at: NaiveDateTime) -> Result<usize, MessagingError> {
    let cooldown = at - COOLDOWN;
    let a_due = cv::a_read_seq
        .lt(cv::last_seq)
        .and(cv::a_mailed_seq.lt(cv::last_seq))
        .and(cv::a_mailed_at.is_null().or(cv::a_mailed_at.le(cooldown)));
    let b_due = cv::b_read_seq
        .lt(cv::last_seq)
        .and(cv::b_mailed_seq.lt(cv::last_seq))
        .and(cv::b_mailed_at.is_null().or(cv::b_mailed_at.le(cooldown)));
    let candidates: Vec<Candidate> = db.read(|c| -> Result<_, MessagingError> {
        Ok(cv::table
            .filter(cv::last_message_at.gt(at - LOOKBACK))
            .filter(a_due.or(b_due))
            .order(cv::last_message_at.asc())
            .limit(BATCH)
            .select((cv::id, cv::user_a, cv::user_b, cv::last_seq))
            .load(c)?)
    })?;
    let mut told = 0;
    for (conversation, user_a, user_b, _) in candidates {
        if user_a == user_b {
            continue; // The self-chat demo: nobody to alert.
        }
        // Each conversation in its own short transaction, read again inside it so a
        // read mark that just moved, or another process's alert, is respected.
        let created = db.write(|c| -> Result<Vec<Notification>, MessagingError> {
            let mut created = Vec::new();
            for side in sides(c, conversation)? {
                created.extend(alert_side(c, notifier, &side, at)?);
            }
            Ok(created)
        })?;
        notifier.announce(&created);
        told += created.len();
    }
    Ok(told)
}

/// Both sides of the conversation as stored now, those that may be due.
fn sides(c: &mut DbConnection, conversation: i64) -> QueryResult<Vec<Side>> {
    type Row = (i64, i64, i64, i64, i64, i64, i64, Option<NaiveDateTime>, Option<NaiveDateTime>);
    let row: Option<Row> = cv::table
        .find(conversation)
        .select((
            cv::user_a,
            cv::user_b,
            cv::last_seq,
            cv::a_read_seq,
            cv::b_read_seq,
            cv::a_mailed_seq,
            cv::b_mailed_seq,
            cv::a_mailed_at,
            cv::b_mailed_at,
        ))
        .first(c)
        .optional()?;
    let Some((a, b, last_seq, a_read, b_read, a_mailed, b_mailed, a_at, b_at)) = row else { return Ok(Vec::new()) };
    Ok(vec![
        Side {
            conversation,
            recipient: a,
            sender: b,
            is_a: true,
            last_seq,
            read_seq: a_read,
            mailed_seq: a_mailed,
            mailed_at: a_at,
        },
        Side {
            conversation,
            recipient: b,
            sender: a,
            is_a: false,
            last_seq,
            read_seq: b_read,
            mailed_seq: b_mailed,
            mailed_at: b_at,
        },
    ])
}

/// Alerts one side if it is due, and moves its marks.
fn alert_side(
    c: &mut DbConnection,
    notifier: &Notifier,
    side: &Side,
    at: NaiveDateTime,
) -> Result<Option<Notification>, MessagingError> {
    if side.read_seq >= side.last_seq
        || side.mailed_seq >= side.last_seq
        || side.mailed_at.is_some_and(|t| t > at - COOLDOWN)
    {
        return Ok(None);
    }
    let after = side.read_seq.max(side.mailed_seq);
    let unread = || {
        m::table
            .filter(m::conversation_id.eq(side.conversation))
            .filter(m::seq.gt(after))
            .filter(m::recipient_id.eq(side.recipient).and(m::sender_id.ne(side.recipient)))
    };
    let oldest: Option<(String, NaiveDateTime)> =
        unread().order(m::seq.asc()).select((m::body, m::created_at)).first(c).optional()?;
    let Some((text, sent_at)) = oldest else {
        // Everything after the marks is this side's own writing: nothing to tell, now or later.
        mark(c, side, side.last_seq, None)?;
        return Ok(None);
    };
    let due_before = at - UNREAD_AFTER;
    if sent_at > due_before {
        return Ok(None);
    }
    let (count, newest): (i64, Option<i64>) =
        unread().filter(m::created_at.le(due_before)).select((count_star(), max(m::seq))).first(c)?;
    let newest = newest.unwrap_or(after);
    let people = accounts::people(c, &[side.recipient, side.sender])?;
    let recipient_active = people.get(&UserId(side.recipient)).is_some_and(|p| p.active);
    let sender_name = people.get(&UserId(side.sender)).map(|p| p.fullname.clone());
    let blocked = hometutor_moderation::blocks::either_blocks(c, UserId(side.recipient), UserId(side.sender))?;
    let Some(sender_name) = sender_name.filter(|_| recipient_active && !blocked) else {
        // Never to be told about these messages: mark them so they are not looked at again.
        mark(c, side, newest, None)?;
        return Ok(None);
    };
    let notice = Notice {
        user: UserId(side.recipient),
        kind: Kind::UnreadMessage,
        title: Message::new("notice-unread-title").arg("senderName", sender_name.as_str()),
        // The sender's own words, the same in every language.
        body: Message::plain(preview(&text)),
        link: Some(format!("/messages?with={}", side.sender)),
        data: serde_json::json!({
            "senderId": side.sender,
            "senderName": sender_name,
            "unread": count,
            "chatLink": format!("/messages?with={}", side.sender),
        }),
        dedupe_key: Some(format!("unread_message:{}:{newest}", side.conversation)),
    };
    let created = notifier.notify(c, &notice)?;
    mark(c, side, newest, Some(at))?;
    Ok(created)
}

/// Records that this side has been told (or need not be) about everything up to `seq`.
fn mark(c: &mut DbConnection, side: &Side, seq: i64, told_at: Option<NaiveDateTime>) -> QueryResult<()> {
    let row = cv::table.find(side.conversation);
    match (side.is_a, told_at) {
        (true, Some(t)) => diesel::update(row).set((cv::a_mailed_seq.eq(seq), cv::a_mailed_at.eq(Some(t)))).execute(c),
        (true, None) => diesel::update(row).set(cv::a_mailed_seq.eq(seq)).execute(c),
        (false, Some(t)) => diesel::update(row).set((cv::b_mailed_seq.eq(seq), cv::b_mailed_at.eq(Some(t)))).execute(c),
        (false, None) => diesel::update(row).set(cv::b_mailed_seq.eq(seq)).execute(c),
    }
    .map(drop)
}

/// The first non-blank line of a message, cut to [`PREVIEW_CHARS`] characters.
pub fn preview(text: &str) -> String {
    let line = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or_default();
    if line.chars().count() <= PREVIEW_CHARS {
        return line.to_string();
    }
    let cut: String = line.chars().take(PREVIEW_CHARS - 1).collect();
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::preview;

    #[test]
    fn preview_is_the_first_line_cut_short() {
        assert_eq!(preview("\n  Hello there \nsecond line"), "Hello there");
        let long = "x".repeat(300);
        let shown = preview(&long);
        assert_eq!(shown.chars().count(), 140);
        assert!(shown.ends_with('…'));
    }
}
