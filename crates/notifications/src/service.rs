//! What the HTTP side asks of notifications: the list, read marks, the unread count,
//! preferences and unsubscribing. Blocking: call from a blocking thread.

use hometutor_core::{FieldError, Message, UserId};
use hometutor_db::{Db, DbError};

use crate::{preferences, store, EmailChoice, Kind, Notification, NotificationError, Notifier, Preference};

pub const DEFAULT_PAGE: i64 = 20;
pub const MAX_PAGE: i64 = 50;
/// Ids one read mark may name.
pub const MAX_READ_IDS: usize = 100;

/// A page of the list, newest first; `next_cursor` is the `before` of the next page.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub items: Vec<Notification>,
    pub next_cursor: Option<i64>,
}

#[derive(Clone)]
pub struct NotificationService {
    db: Db,
    notifier: Notifier,
}

impl NotificationService {
    pub fn new(db: Db, notifier: Notifier) -> Self {
        Self { db, notifier }
    }

    pub fn notifier(&self) -> &Notifier {
        &self.notifier
    }

    /// The user's notifications older than `before`, newest first, `limit` (1–50) at a time.
    pub fn list(&self, user: UserId, before: Option<i64>, limit: Option<i64>) -> Result<Page, NotificationError> {
        let limit = limit.unwrap_or(DEFAULT_PAGE);
        if !(1..=MAX_PAGE).contains(&limit) {
            return Err(
                FieldError::text("limit", Message::new("validation-notifications-limit").arg("max", MAX_PAGE)).into()
            );
        }
        let mut items = self.db.read(|c| store::page(c, user.0, before, limit + 1).map_err(DbError::from))?;
        let more = items.len() as i64 > limit;
        items.truncate(limit as usize);
        let next_cursor = if more { items.last().map(|n| n.id) } else { None };
        Ok(Page { items, next_cursor })
    }

    /// Marks the user's notifications among `ids` read (all of them with `None`); other
    /// users' ids are ignored. Returns the unread count after.
    pub fn mark_read(&self, user: UserId, ids: Option<&[i64]>) -> Result<i64, NotificationError> {
        if ids.is_some_and(|ids| ids.len() > MAX_READ_IDS) {
            return Err(FieldError::text("ids", Message::new("validation-ids-max").arg("max", MAX_READ_IDS)).into());
        }
        self.db.write(|c| {
            store::mark_read(c, user.0, ids)?;
            Ok(store::unread_count(c, user.0)?)
        })
    }

    pub fn unread_count(&self, user: UserId) -> Result<i64, NotificationError> {
        Ok(self.db.read(|c| store::unread_count(c, user.0).map_err(DbError::from))?)
    }

    /// The e-mail choice of every kind the user's role receives.
    pub fn preferences(&self, user: UserId) -> Result<Vec<Preference>, NotificationError> {
        self.db.read(|c| {
            let role = hometutor_accounts::role_of(c, user)?.ok_or(NotificationError::NoSuchUser)?;
            Ok(preferences::for_user(c, user, role)?)
        })
    }

    /// Stores `changes` (raw `(kind, email)` pairs, checked against the user's role) and
    /// returns every preference after; nothing is stored when one pair is refused.
    pub fn set_preferences(
        &self,
        user: UserId,
        changes: &[(String, String)],
    ) -> Result<Vec<Preference>, NotificationError> {
        self.db.write(|c| {
            let role = hometutor_accounts::role_of(c, user)?.ok_or(NotificationError::NoSuchUser)?;
            let changes = preferences::parse_changes(role, changes)?;
            preferences::set(c, user, &changes)?;
            Ok(preferences::for_user(c, user, role)?)
        })
    }

    /// What an unsubscribe link would turn off, and that account's choice for it now, changing
    /// nothing: opening a link (as mail scanners and link previews do) must not unsubscribe.
    pub fn unsubscribe_link(&self, token: &str) -> Result<(Kind, EmailChoice), NotificationError> {
        let (user, kind) = self.notifier.keys().verify(token).ok_or(NotificationError::InvalidUnsubscribeLink)?;
        self.db.read(|c| {
            if !hometutor_accounts::exists(c, user)? {
                return Err(NotificationError::InvalidUnsubscribeLink);
            }
            Ok((kind, preferences::email_choice(c, user, kind)?))
        })
    }

    /// Turns e-mails of the token's kind off for the token's account (no login: the
    /// signed token is the permission). Idempotent. Returns the kind.
    pub fn unsubscribe(&self, token: &str) -> Result<Kind, NotificationError> {
        let (user, kind) = self.notifier.keys().verify(token).ok_or(NotificationError::InvalidUnsubscribeLink)?;
        self.db.write(|c| {
            if !hometutor_accounts::exists(c, user)? {
                return Err(NotificationError::InvalidUnsubscribeLink);
            }
            preferences::set(c, user, &[Preference { kind, email: EmailChoice::Off }])?;
            Ok(kind)
        })
    }
}
