//! A user's private calendar feed: the `calendar_feeds` table's one owner. The feed's address holds
//! a random token (32 random bytes, hex) that only its user is shown; anyone holding it reads the
//! user's demo classes as a calendar (what Google and Apple Calendar need: no login). A new link
//! replaces the token (the old address then answers 404); stopping the feed deletes it.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::calendar_feeds as f;
use hometutor_db::{now, Db, DbConnection};
use rand::RngCore;

use super::calendar::{self, Method};
use super::model::Side;
use super::store;
use crate::SchedulingError;

/// The feed holds classes that ended at most this long ago (and every later one).
pub const PAST_DAYS: i64 = 30;

fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::thread_rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// Whether `raw` has the shape of a token (so nothing else reaches the database).
fn well_formed(raw: &str) -> bool {
    raw.len() == 64 && raw.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

/// Private calendar feeds.
#[derive(Clone)]
pub struct Feeds {
    db: Db,
}

impl Feeds {
    pub fn new(db: Db) -> Self {
        Self { db }
    }

    /// `user`'s token, made on the first call.
    pub fn token(&self, user: UserId) -> Result<String, SchedulingError> {
        self.db.write(|c| -> Result<String, SchedulingError> {
            if let Some(token) = find(c, user)? {
                return Ok(token);
            }
            insert(c, user)
        })
    }

    /// A new token for `user`: the old one stops working at once.
    pub fn rotate(&self, user: UserId) -> Result<String, SchedulingError> {
        self.db.write(|c| -> Result<String, SchedulingError> {
            diesel::delete(f::table.find(user.0)).execute(c)?;
            insert(c, user)
        })
    }

    /// Stops `user`'s feed: its address answers 404 from now on.
    pub fn revoke(&self, user: UserId) -> Result<(), SchedulingError> {
        self.db.write(|c| -> Result<(), SchedulingError> {
            diesel::delete(f::table.find(user.0)).execute(c)?;
            Ok(())
        })
    }

    /// The calendar of the feed whose token is `token` (`None`: no such feed), for the site at
    /// `public_url`: the user's classes that have not ended more than [`PAST_DAYS`] ago, confirmed,
    /// requested (TENTATIVE) or cancelled, in the user's language. No home, only locality names.
    pub fn calendar(&self, token: &str, public_url: &str) -> Result<Option<String>, SchedulingError> {
        if !well_formed(token) {
            return Ok(None);
        }
        self.db.read(|c| -> Result<Option<String>, SchedulingError> {
            let owner: Option<i64> = f::table.filter(f::token.eq(token)).select(f::user_id).first(c).optional()?;
            let Some(user) = owner.map(UserId) else { return Ok(None) };
            Ok(Some(document(c, user, public_url, now())?))
        })
    }

    /// Booking `id` as a calendar of one event, for its parent or tutor only (anyone else, or a
    /// booking without a time yet: `None`).
    pub fn one(&self, user: UserId, id: i64, public_url: &str) -> Result<Option<String>, SchedulingError> {
        self.db.read(|c| -> Result<Option<String>, SchedulingError> {
            let Some(row) = store::find(c, id)?.filter(|r| r.side_of(user).is_some()) else { return Ok(None) };
            let language = hometutor_accounts::language_of(c, user)?.unwrap_or_default();
            let Some(event) = calendar::event_of(c, &row, user, language, public_url)? else { return Ok(None) };
            let name = hometutor_core::Message::new("calendar-name").render(language);
            Ok(Some(calendar::document(Method::Publish, &name, &[event], now())))
        })
    }
}

fn find(c: &mut DbConnection, user: UserId) -> QueryResult<Option<String>> {
    f::table.find(user.0).select(f::token).first(c).optional()
}

fn insert(c: &mut DbConnection, user: UserId) -> Result<String, SchedulingError> {
    let token = new_token();
    diesel::insert_into(f::table)
        .values((f::user_id.eq(user.0), f::token.eq(&token), f::created_at.eq(now())))
        .execute(c)?;
    Ok(token)
}

/// `user`'s classes as a published calendar at `at`.
fn document(c: &mut DbConnection, user: UserId, public_url: &str, at: NaiveDateTime) -> QueryResult<String> {
    let language = hometutor_accounts::language_of(c, user)?.unwrap_or_default();
    let since = at - Duration::days(PAST_DAYS);
    let mut rows = store::of(c, user, Side::Parent)?;
    rows.extend(store::of(c, user, Side::Tutor)?);
    rows.retain(|r| r.ends_at.is_some_and(|end| end >= since));
    rows.sort_by_key(|r| (r.starts_at, r.id));
    let mut events = Vec::with_capacity(rows.len());
    for row in &rows {
        events.extend(calendar::event_of(c, row, user, language, public_url)?);
    }
    let name = hometutor_core::Message::new("calendar-name").render(language);
    Ok(calendar::document(Method::Publish, &name, &events, at))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_64_hex_and_only_such_are_looked_up() {
        let (a, b) = (new_token(), new_token());
        assert_ne!(a, b);
        assert!(well_formed(&a) && well_formed(&b));
        assert!(!well_formed(&a.to_uppercase()));
        assert!(!well_formed("' OR 1=1 --"));
        assert!(!well_formed(&a[..63]));
    }
}
