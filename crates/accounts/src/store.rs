//! Reads and writes of one account (or a few, by id), each inside the caller's
//! transaction.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{Role, Subscription, UserId};
use hometutor_db::id_list::one_of;
use hometutor_db::schema::users;
use hometutor_db::{now, DbConnection};
use hometutor_i18n::Language;

use crate::user::{role_from, ChangeRow, InsertRow, UserRow};
use crate::{Changes, Credentials, NewUser, TokenCheck, User};

pub fn find(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<User>> {
    Ok(users::table.find(id.0).select(UserRow::as_select()).first(conn).optional()?.map(User::from))
}

/// By the address exactly as stored (addresses are stored lower-cased).
pub fn find_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<User>> {
    Ok(users::table.filter(users::email.eq(email)).select(UserRow::as_select()).first(conn).optional()?.map(User::from))
}

/// The account with this address and what logging in checks.
pub fn find_credentials(conn: &mut DbConnection, email: &str) -> QueryResult<Option<Credentials>> {
    let row: Option<(UserRow, String, i64)> = users::table
        .filter(users::email.eq(email))
        .select((UserRow::as_select(), users::password_hash, users::token_version))
        .first(conn)
        .optional()?;
    Ok(row.map(|(user, password_hash, token_version)| Credentials { user: user.into(), password_hash, token_version }))
}

/// What checking a token needs: read on every authenticated request.
pub fn token_check(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<TokenCheck>> {
    let row: Option<(String, bool, i64, String, String)> = users::table
        .find(id.0)
        .select((users::role, users::active, users::token_version, users::email, users::language))
        .first(conn)
        .optional()?;
    Ok(row.map(|(role, active, token_version, email, language)| TokenCheck {
        role: role_from(&role),
        active,
        token_version,
        email,
        language: Language::from_stored(&language),
    }))
}

/// The language `id` reads HomeTutor in; `None` when there is no such account.
pub fn language_of(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<Language>> {
    let code: Option<String> = users::table.find(id.0).select(users::language).first(conn).optional()?;
    Ok(code.as_deref().map(Language::from_stored))
}

/// The languages of those of `ids` that exist.
pub fn languages_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<UserId, Language>> {
    let rows: Vec<(i64, String)> =
        users::table.filter(one_of(conn, users::id, ids)).select((users::id, users::language)).load(conn)?;
    Ok(rows.into_iter().map(|(id, code)| (UserId(id), Language::from_stored(&code))).collect())
}

pub fn exists(conn: &mut DbConnection, id: UserId) -> QueryResult<bool> {
    let found: i64 = users::table.find(id.0).count().get_result(conn)?;
    Ok(found > 0)
}

pub fn role_of(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<Role>> {
    let role: Option<String> = users::table.find(id.0).select(users::role).first(conn).optional()?;
    Ok(role.as_deref().map(role_from))
}

/// The roles of those of `ids` that exist.
pub fn roles_of(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<UserId, Role>> {
    let rows: Vec<(i64, String)> =
        users::table.filter(one_of(conn, users::id, ids)).select((users::id, users::role)).load(conn)?;
    Ok(rows.into_iter().map(|(id, role)| (UserId(id), role_from(&role))).collect())
}

/// Holds the account's row until the transaction ends, so two requests by one
/// user cannot both pass a check and both write. SQLite needs nothing: its writes
/// already go one at a time through the single writing connection.
pub fn lock(conn: &mut DbConnection, id: UserId) -> QueryResult<()> {
    if let DbConnection::Pg(pg) = conn {
        users::table.find(id.0).select(users::id).for_update().first::<i64>(pg).optional()?;
    }
    Ok(())
}

pub fn insert(conn: &mut DbConnection, new: &NewUser<'_>) -> QueryResult<UserId> {
    let id =
        diesel::insert_into(users::table).values(InsertRow::new(new, now())).returning(users::id).get_result(conn)?;
    Ok(UserId(id))
}

/// Inserts many accounts, a thousand rows per statement (fixtures for tests and
/// benchmarks); returns their ids in the order given.
pub fn insert_many(conn: &mut DbConnection, new: &[NewUser<'_>]) -> QueryResult<Vec<UserId>> {
    let at = now();
    let mut ids = Vec::with_capacity(new.len());
    for chunk in new.chunks(1000) {
        let rows: Vec<InsertRow<'_>> = chunk.iter().map(|u| InsertRow::new(u, at)).collect();
        // The multi-backend connection does not batch inserts itself.
        match conn {
            DbConnection::Sqlite(c) => diesel::insert_into(users::table).values(&rows).execute(c),
            DbConnection::Pg(c) => diesel::insert_into(users::table).values(&rows).execute(c),
        }?;
        // Read back by e-mail: neither backend promises RETURNING rows in insert order.
        let emails: Vec<&str> = chunk.iter().map(|u| u.email).collect();
        let by_email: HashMap<String, i64> = users::table
            .filter(users::email.eq_any(&emails))
            .select((users::email, users::id))
            .load::<(String, i64)>(conn)?
            .into_iter()
            .collect();
        for user in chunk {
            ids.push(UserId(*by_email.get(user.email).ok_or(diesel::result::Error::NotFound)?));
        }
    }
    Ok(ids)
}

/// A new registration of an address not verified yet takes the account over: its
/// name, phone, role and password, and every token issued so far stops working.
pub fn replace_registration(conn: &mut DbConnection, id: UserId, new: &NewUser<'_>) -> QueryResult<usize> {
    diesel::update(users::table.find(id.0))
        .set((
            users::fullname.eq(new.fullname),
            users::phone.eq(new.phone),
            users::role.eq(new.role.as_str()),
            users::password_hash.eq(new.password_hash),
            users::token_version.eq(users::token_version + 1),
            users::updated_at.eq(now()),
        ))
        .execute(conn)
}

pub fn mark_email_verified(conn: &mut DbConnection, email: &str) -> QueryResult<usize> {
    diesel::update(users::table.filter(users::email.eq(email)))
        .set((users::email_verified.eq(true), users::updated_at.eq(now())))
        .execute(conn)
}

/// Applies `changes`; returns whether the account exists.
pub fn update(conn: &mut DbConnection, id: UserId, changes: &Changes<'_>) -> QueryResult<bool> {
    if let Some(name) = changes.fullname {
        let before: Option<String> = users::table.find(id.0).select(users::fullname).first(conn).optional()?;
        if before.is_some_and(|b| b != name) {
            renamed(conn, id)?;
        }
    }
    let changed = diesel::update(users::table.find(id.0)).set(ChangeRow::new(changes, now())).execute(conn)?;
    Ok(changed > 0)
}

/// A verification checked the documents against the name: a new name is not verified, so
/// the badge goes at once and the approval goes back to the admins' queue (crates/profiles'
/// `verification` owns these rows; the rule sits here because every rename passes here,
/// whoever makes it). A submission already in review is simply marked renamed, and the
/// approval it would replace stops standing.
fn renamed(conn: &mut DbConnection, id: UserId) -> QueryResult<()> {
    use hometutor_db::schema::verification_submissions as vs;
    let at = now();
    let in_review = diesel::update(vs::table.filter(vs::tutor_id.eq(id.0).and(vs::status.eq("pending"))))
        .set(vs::name_changed.eq(true))
        .execute(conn)?;
    let approved = vs::table.filter(vs::tutor_id.eq(id.0).and(vs::status.eq("approved")));
    if in_review > 0 {
        diesel::update(approved).set(vs::status.eq("superseded")).execute(conn)?;
    } else {
        diesel::update(approved)
            .set((vs::status.eq("pending"), vs::name_changed.eq(true), vs::queued_at.eq(at)))
            .execute(conn)?;
    }
    diesel::update(users::table.find(id.0)).set(users::approved.eq(false)).execute(conn)?;
    Ok(())
}

/// A new password set with an e-mailed reset code: every earlier token stops
/// working, and receiving the code proves the address too. Returns whose it was.
pub fn reset_password(conn: &mut DbConnection, email: &str, password_hash: &str) -> QueryResult<Option<UserId>> {
    let id: Option<i64> = diesel::update(users::table.filter(users::email.eq(email)))
        .set((
            users::password_hash.eq(password_hash),
            users::token_version.eq(users::token_version + 1),
            users::email_verified.eq(true),
            users::updated_at.eq(now()),
        ))
        .returning(users::id)
        .get_result(conn)
        .optional()?;
    Ok(id.map(UserId))
}

/// A new password chosen by an operator: every earlier token stops working.
/// Returns whether the account exists.
pub fn set_password(conn: &mut DbConnection, id: UserId, password_hash: &str) -> QueryResult<bool> {
    let changed = diesel::update(users::table.find(id.0))
        .set((
            users::password_hash.eq(password_hash),
            users::token_version.eq(users::token_version + 1),
            users::updated_at.eq(now()),
        ))
        .execute(conn)?;
    Ok(changed > 0)
}

/// Activates or deactivates the accounts; returns how many there were.
pub fn set_active(conn: &mut DbConnection, ids: &[i64], active: bool) -> QueryResult<usize> {
    diesel::update(users::table.filter(users::id.eq_any(ids)))
        .set((users::active.eq(active), users::updated_at.eq(now())))
        .execute(conn)
}

/// Moves the accounts' token version on: every token issued so far stops working,
/// and stays dead if the account is activated again.
pub fn end_sessions(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<usize> {
    diesel::update(users::table.filter(users::id.eq_any(ids)))
        .set(users::token_version.eq(users::token_version + 1))
        .execute(conn)
}

/// Deletes the accounts; what belongs to them goes with them (the foreign keys
/// cascade), except payment orders, which keep the money on record.
pub fn delete(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<usize> {
    diesel::delete(users::table.filter(users::id.eq_any(ids))).execute(conn)
}

/// Admins, active or not.
pub fn count_admins(conn: &mut DbConnection) -> QueryResult<i64> {
    users::table.filter(users::role.eq(Role::Admin.as_str())).count().get_result(conn)
}

/// Active admins other than `ids`.
pub fn count_active_admins_except(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<i64> {
    users::table
        .filter(users::role.eq(Role::Admin.as_str()))
        .filter(users::active.eq(true))
        .filter(users::id.ne_all(ids))
        .count()
        .get_result(conn)
}

/// The subscription as stored, or `None` when there is no such account.
pub fn subscription(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<Subscription>> {
    let row: Option<(bool, Option<NaiveDateTime>)> = users::table
        .find(id.0)
        .select((users::subscription_active, users::subscription_expires))
        .first(conn)
        .optional()?;
    Ok(row.map(|(flag, expires)| Subscription::stored(flag, expires)))
}

/// A paid subscription running until `until` (the payment decides how long).
pub fn extend_subscription(conn: &mut DbConnection, id: UserId, until: NaiveDateTime) -> QueryResult<usize> {
    diesel::update(users::table.find(id.0))
        .set((
            users::subscription_active.eq(true),
            users::subscription_expires.eq(Some(until)),
            users::payment_status.eq("paid"),
            users::updated_at.eq(now()),
        ))
        .execute(conn)
}

/// Writes the subscription's columns as given, whatever they mean at the moment
/// (an operator's correction, a test's background: a lapsed subscription is a
/// set flag with a past expiry).
pub fn set_subscription(
    conn: &mut DbConnection,
    id: UserId,
    flag: bool,
    expires: Option<NaiveDateTime>,
) -> QueryResult<usize> {
    diesel::update(users::table.find(id.0))
        .set((
            users::subscription_active.eq(flag),
            users::subscription_expires.eq(expires),
            users::updated_at.eq(now()),
        ))
        .execute(conn)
}

/// Active tutors whose paid subscription ends in `(from, to]`, with its end: what the
/// subscription reminders read, on the `users_subscription_expires` index.
pub fn subscriptions_ending(
    conn: &mut DbConnection,
    from: NaiveDateTime,
    to: NaiveDateTime,
) -> QueryResult<Vec<(UserId, NaiveDateTime)>> {
    let rows: Vec<(i64, Option<NaiveDateTime>)> = users::table
        .filter(users::role.eq(Role::Tutor.as_str()))
        .filter(users::active.eq(true))
        .filter(users::subscription_active.eq(true))
        .filter(users::subscription_expires.gt(from).and(users::subscription_expires.le(to)))
        .select((users::id, users::subscription_expires))
        .load(conn)?;
    Ok(rows.into_iter().filter_map(|(id, expires)| Some((UserId(id), expires?))).collect())
}
