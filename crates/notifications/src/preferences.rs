//! The `notification_preferences` table: this module owns it. A row per (user, kind)
//! the user changed; no row means [`EmailChoice::DEFAULT`].

use std::collections::HashMap;

use diesel::prelude::*;
use hometutor_core::{FieldError, Message, Role, UserId};
use hometutor_db::schema::notification_preferences as p;
use hometutor_db::{now, DbConnection};

use crate::{EmailChoice, Kind, NotificationError};

/// One kind's e-mail choice as the preferences screen shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preference {
    pub kind: Kind,
    pub email: EmailChoice,
}

/// The user's choice for `kind` (the default when none is stored or the stored one is unknown).
pub fn email_choice(conn: &mut DbConnection, user: UserId, kind: Kind) -> QueryResult<EmailChoice> {
    let stored: Option<String> = p::table
        .filter(p::user_id.eq(user.0).and(p::kind.eq(kind.as_str())))
        .select(p::email)
        .first(conn)
        .optional()?;
    Ok(stored
        .and_then(|s| EmailChoice::parse(&s))
        .filter(|c| kind.choices().contains(c))
        .unwrap_or(EmailChoice::DEFAULT))
}

/// The choices for every kind `role` receives, in [`Kind::for_role`]'s order.
/// Those of `users` whose stored choice for `kind` is `choice` (the default is stored as no row).
pub(crate) fn choosing(
    conn: &mut DbConnection,
    users: &[i64],
    kind: Kind,
    choice: EmailChoice,
) -> QueryResult<Vec<i64>> {
    let mut found = Vec::new();
    // In slices, to stay under SQLite's limit on bound parameters.
    for chunk in users.chunks(5_000) {
        found.extend(
            p::table
                .filter(p::user_id.eq_any(chunk).and(p::kind.eq(kind.as_str())).and(p::email.eq(choice.as_str())))
                .select(p::user_id)
                .load::<i64>(conn)?,
        );
    }
    Ok(found)
}

pub fn for_user(conn: &mut DbConnection, user: UserId, role: Role) -> QueryResult<Vec<Preference>> {
    let stored: HashMap<String, String> = p::table
        .filter(p::user_id.eq(user.0))
        .select((p::kind, p::email))
        .load::<(String, String)>(conn)?
        .into_iter()
        .collect();
    Ok(Kind::for_role(role)
        .iter()
        .map(|&kind| {
            let email = stored
                .get(kind.as_str())
                .and_then(|s| EmailChoice::parse(s))
                .filter(|c| kind.choices().contains(c))
                .unwrap_or(EmailChoice::DEFAULT);
            Preference { kind, email }
        })
        .collect())
}

/// Checks raw choices against what `role` may set: each kind known and the role's,
/// each choice one the kind offers (`digest` for new requests only), no kind twice.
pub fn parse_changes(role: Role, raw: &[(String, String)]) -> Result<Vec<Preference>, NotificationError> {
    const MAX: usize = Kind::ALL.len();
    if raw.len() > MAX {
        return Err(FieldError::text("preferences", Message::new("validation-preferences-max").arg("max", MAX)).into());
    }
    let mut changes: Vec<Preference> = Vec::with_capacity(raw.len());
    for (kind, email) in raw {
        let Some(kind) = Kind::parse(kind).filter(|k| Kind::for_role(role).contains(k)) else {
            let message = Message::new("validation-preference-kind").arg("kind", kind);
            return Err(FieldError::text("preferences", message).into());
        };
        let Some(email) = EmailChoice::parse(email).filter(|c| kind.choices().contains(c)) else {
            let allowed: Vec<&str> = kind.choices().iter().map(|c| c.as_str()).collect();
            let message = Message::new("validation-preference-email")
                .arg("kind", kind.as_str())
                .arg("choices", allowed.join(", "));
            return Err(FieldError::text("preferences", message).into());
        };
        if changes.iter().any(|c| c.kind == kind) {
            return Err(FieldError::text(
                "preferences",
                Message::new("validation-preference-twice").arg("kind", kind.as_str()),
            )
            .into());
        }
        changes.push(Preference { kind, email });
    }
    Ok(changes)
}

/// Stores choices (already checked: [`parse_changes`]).
pub fn set(conn: &mut DbConnection, user: UserId, changes: &[Preference]) -> QueryResult<()> {
    let at = now();
    for change in changes {
        let row = (
            p::user_id.eq(user.0),
            p::kind.eq(change.kind.as_str()),
            p::email.eq(change.email.as_str()),
            p::updated_at.eq(at),
        );
        let update = (p::email.eq(change.email.as_str()), p::updated_at.eq(at));
        match conn {
            DbConnection::Sqlite(c) => diesel::insert_into(p::table)
                .values(row)
                .on_conflict((p::user_id, p::kind))
                .do_update()
                .set(update)
                .execute(c)?,
            DbConnection::Pg(c) => diesel::insert_into(p::table)
                .values(row)
                .on_conflict((p::user_id, p::kind))
                .do_update()
                .set(update)
                .execute(c)?,
        };
    }
    Ok(())
}
