//! The `notifications` table: this module owns it.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_db::schema::notifications as n;
use hometutor_db::{now, DbConnection};

use hometutor_i18n::{Language, Message};
use serde::{Deserialize, Serialize};

use crate::Notice;

/// A stored notification.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = n)]
pub struct Notification {
    pub id: i64,
    pub user_id: i64,
    pub kind: String,
    pub title: String,
    pub body: String,
    pub link: Option<String>,
    pub data: String,
    pub read_at: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    /// The title and body as messages (JSON), for [`Notification::in_language`]; `None` on rows
    /// stored before notifications spoke several languages (their English is all there is).
    pub texts: Option<String>,
}

/// What the `texts` column holds.
#[derive(Serialize, Deserialize)]
struct Texts {
    title: Message,
    body: Message,
}

impl Notification {
    /// The notification with its title and body in `language` (as stored when it has no messages).
    pub fn in_language(mut self, language: Language) -> Self {
        if let Some(texts) = self.texts.as_deref().and_then(|t| serde_json::from_str::<Texts>(t).ok()) {
            self.title = texts.title.render(language);
            self.body = texts.body.render(language);
        }
        self
    }

    /// `data` as the JSON object it was stored as (an empty object should it not parse).
    pub fn data_json(&self) -> serde_json::Value {
        match serde_json::from_str(&self.data) {
            Ok(value @ serde_json::Value::Object(_)) => value,
            _ => serde_json::Value::Object(Default::default()),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = n)]
struct NewNotification<'a> {
    user_id: i64,
    kind: &'a str,
    title: String,
    body: String,
    link: Option<&'a str>,
    data: String,
    dedupe_key: Option<&'a str>,
    digest_pending: bool,
    created_at: NaiveDateTime,
    texts: Option<String>,
}

/// Inserts unless (user, dedupe key) is already stored; then `None`.
pub(crate) fn insert(
    conn: &mut DbConnection,
    notice: &Notice,
    digest_pending: bool,
) -> QueryResult<Option<Notification>> {
    let row = NewNotification {
        user_id: notice.user.0,
        kind: notice.kind.as_str(),
        // English in the plain columns, for every reader that does not ask for a language.
        title: notice.title.render(Language::En),
        body: notice.body.render(Language::En),
        link: notice.link.as_deref(),
        data: notice.data.to_string(),
        dedupe_key: notice.dedupe_key.as_deref(),
        digest_pending,
        created_at: now(),
        texts: serde_json::to_string(&Texts { title: notice.title.clone(), body: notice.body.clone() }).ok(),
    };
    // `.returning(as_returning())` does not compile on the MultiConnection: return the id, then read.
    let id: Option<i64> = match conn {
        DbConnection::Sqlite(c) => diesel::insert_into(n::table)
            .values(&row)
            .on_conflict_do_nothing()
            .returning(n::id)
            .get_result(c)
            .optional()?,
        DbConnection::Pg(c) => diesel::insert_into(n::table)
            .values(&row)
            .on_conflict_do_nothing()
            .returning(n::id)
            .get_result(c)
            .optional()?,
    };
    let Some(id) = id else { return Ok(None) };
    n::table.find(id).select(Notification::as_select()).first(conn).optional()
}

/// A user's newest notifications, newest first (what tests and the list read).
pub fn recent(conn: &mut DbConnection, user: i64, limit: i64) -> QueryResult<Vec<Notification>> {
    page(conn, user, None, limit)
}

/// A user's notifications older than `before` (an id), newest first (index `notifications_user`).
pub(crate) fn page(
    conn: &mut DbConnection,
    user: i64,
    before: Option<i64>,
    limit: i64,
) -> QueryResult<Vec<Notification>> {
    n::table
        .filter(n::user_id.eq(user).and(n::id.lt(before.unwrap_or(i64::MAX))))
        .order(n::id.desc())
        .limit(limit)
        .select(Notification::as_select())
        .load(conn)
}

/// Marks the user's notifications among `ids` (all of them with `None`) read; ids of
/// anyone else's are ignored by the filter on `user_id`.
pub(crate) fn mark_read(conn: &mut DbConnection, user: i64, ids: Option<&[i64]>) -> QueryResult<usize> {
    let unread = n::user_id.eq(user).and(n::read_at.is_null());
    match ids {
        Some(ids) => {
            diesel::update(n::table.filter(unread.and(n::id.eq_any(ids)))).set(n::read_at.eq(now())).execute(conn)
        }
        None => diesel::update(n::table.filter(unread)).set(n::read_at.eq(now())).execute(conn),
    }
}

pub(crate) fn unread_count(conn: &mut DbConnection, user: i64) -> QueryResult<i64> {
    n::table.filter(n::user_id.eq(user).and(n::read_at.is_null())).count().get_result(conn)
}

/// Users with digest items whose oldest is at least as old as `due_before`.
pub(crate) fn digest_due_users(conn: &mut DbConnection, due_before: NaiveDateTime) -> QueryResult<Vec<i64>> {
    use diesel::dsl::min;
    let oldest: Vec<(i64, Option<NaiveDateTime>)> = n::table
        .filter(n::digest_pending.eq(true))
        .group_by(n::user_id)
        .select((n::user_id, min(n::created_at)))
        .load(conn)?;
    let mut due: Vec<i64> =
        oldest.into_iter().filter(|(_, at)| at.is_some_and(|at| at <= due_before)).map(|(user, _)| user).collect();
    due.sort_unstable();
    Ok(due)
}

/// Whether `user` was told of a new request after `since`, or has such a notice still held
/// for an e-mail.
pub(crate) fn new_requests_since(conn: &mut DbConnection, user: i64, since: NaiveDateTime) -> QueryResult<bool> {
    let recent = n::created_at.gt(since).or(n::digest_pending.eq(true));
    let found: Option<i64> = n::table
        .filter(n::user_id.eq(user).and(n::kind.eq(crate::Kind::NewRequest.as_str())).and(recent))
        .select(n::id)
        .first(conn)
        .optional()?;
    Ok(found.is_some())
}

/// Every digest item of `user`, oldest first.
pub(crate) fn digest_pending(conn: &mut DbConnection, user: i64) -> QueryResult<Vec<Notification>> {
    n::table
        .filter(n::user_id.eq(user).and(n::digest_pending.eq(true)))
        .order(n::id.asc())
        .select(Notification::as_select())
        .load(conn)
}

/// Takes `ids` out of the digest; returns how many were still in it (fewer: another
/// process sent them first).
pub(crate) fn clear_digest(conn: &mut DbConnection, user: i64, ids: &[i64]) -> QueryResult<usize> {
    diesel::update(n::table.filter(n::user_id.eq(user).and(n::digest_pending.eq(true)).and(n::id.eq_any(ids))))
        .set(n::digest_pending.eq(false))
        .execute(conn)
}
