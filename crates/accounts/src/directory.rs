//! Many accounts at once: the admins' filtered list, the counts behind the
//! analytics, and the people other crates show beside their own rows (read by
//! id in one query, in place of a join on `users`).

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{Role, UserId};
use hometutor_db::id_list::one_of;
use hometutor_db::schema::users;
use hometutor_db::DbConnection;

use crate::user::{role_from, PersonRow, UserRow};
use crate::{Person, User};

diesel::define_sql_function!(fn lower(x: diesel::sql_types::Text) -> diesel::sql_types::Text);

/// Which accounts to list, newest first.
#[derive(Debug, Clone, Default)]
pub struct Listing<'a> {
    pub role: Option<Role>,
    pub active: Option<bool>,
    /// Part of the name, e-mail or phone, any case.
    pub search: Option<&'a str>,
    pub limit: i64,
    pub offset: i64,
}

/// One page of the accounts matching `listing`, and how many match on every page.
pub fn list(conn: &mut DbConnection, listing: &Listing<'_>) -> QueryResult<(Vec<User>, i64)> {
    let query = || {
        let mut q = users::table.into_boxed();
        if let Some(role) = listing.role {
            q = q.filter(users::role.eq(role.as_str()));
        }
        if let Some(active) = listing.active {
            q = q.filter(users::active.eq(active));
        }
        if let Some(term) = listing.search.map(str::trim).filter(|t| !t.is_empty()) {
            let escaped = term.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
            let pattern = format!("%{escaped}%");
            q = q.filter(
                lower(users::fullname)
                    .like(pattern.clone())
                    .escape('\\')
                    .or(users::email.like(pattern.clone()).escape('\\'))
                    .or(users::phone.like(pattern).escape('\\')),
            );
        }
        q
    };
    let total: i64 = query().count().get_result(conn)?;
    let rows = query()
        .order(users::id.desc())
        .limit(listing.limit)
        .offset(listing.offset)
        .select(UserRow::as_select())
        .load(conn)?;
    Ok((rows.into_iter().map(User::from).collect(), total))
}

/// How many accounts there are of each role, active and not.
pub fn count_by_role_and_activity(conn: &mut DbConnection) -> QueryResult<Vec<(Role, bool, i64)>> {
    let rows: Vec<(String, bool, i64)> = users::table
        .group_by((users::role, users::active))
        .select((users::role, users::active, diesel::dsl::count_star()))
        .load(conn)?;
    Ok(rows.into_iter().map(|(role, active, n)| (role_from(&role), active, n)).collect())
}

/// The names of those of `ids` that exist.
pub fn names(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<UserId, String>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> =
        users::table.filter(one_of(conn, users::id, ids)).select((users::id, users::fullname)).load(conn)?;
    Ok(rows.into_iter().map(|(id, name)| (UserId(id), name)).collect())
}

/// Those of `ids` that exist, as shown beside another table's rows.
pub fn people(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<UserId, Person>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<PersonRow> =
        users::table.filter(one_of(conn, users::id, ids)).select(PersonRow::as_select()).load(conn)?;
    Ok(rows.into_iter().map(Person::from).map(|p| (p.id, p)).collect())
}

/// The test of a listable tutor at `at` (see [`listable_tutors`]) as an expression over
/// `users`. Tutor search's index carries the same test as a copy the database keeps
/// (`tutor_search_index.listed_until`, migration 000022: its triggers spell it in SQL); a
/// change here changes them too (crates/discovery/tests/listing.rs checks they agree).
#[diesel::dsl::auto_type]
pub fn listable_at(at: NaiveDateTime) -> _ {
    let tutor: &'static str = Role::Tutor.as_str();
    // The flags as bare columns, not compared with bound `true`s: a planner can then match
    // them with the partial index `users_listable_tutors` (migration 000021), which answers
    // the rest from its own columns.
    users::role
        .eq(tutor)
        .and(users::active)
        .and(users::email_verified)
        .and(users::subscription_active)
        .and(users::subscription_expires.gt(at))
}

/// A tutor as search and recommendations may list them (crates/discovery): what a card
/// shows of the account, never an e-mail or a phone number.
#[derive(Debug, Clone, PartialEq)]
pub struct ListedTutor {
    pub fullname: String,
    /// Approved by an admin ('verified' on a card).
    pub approved: bool,
    pub featured: bool,
    pub badges: Vec<String>,
}

/// Those of `ids` that are listable tutors at `at` — role tutor, active, e-mail verified,
/// subscription flag set and expiring after `at` — with whether an admin approved them;
/// read by id, in slices that stay under SQLite's bound-parameter limit.
pub fn listable_tutors(conn: &mut DbConnection, ids: &[i64], at: NaiveDateTime) -> QueryResult<HashMap<i64, bool>> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, bool)> = users::table
        .filter(one_of(conn, users::id, ids))
        .filter(listable_at(at))
        .select((users::id, users::approved))
        .load(conn)?;
    Ok(rows.into_iter().collect())
}

/// Every listable tutor at `at` (see [`listable_tutors`]): the full scans that tests and
/// benchmarks compare the indexed searches with.
pub fn every_listable_tutor(conn: &mut DbConnection, at: NaiveDateTime) -> QueryResult<HashMap<i64, bool>> {
    let rows: Vec<(i64, bool)> =
        users::table.filter(listable_at(at)).select((users::id, users::approved)).load(conn)?;
    Ok(rows.into_iter().collect())
}

/// The card data of those of `ids` that exist (whether they are listable is
/// [`listable_tutors`]' question).
pub fn listed_tutors(conn: &mut DbConnection, ids: &[i64]) -> QueryResult<HashMap<i64, ListedTutor>> {
    let mut found = HashMap::with_capacity(ids.len());
    for chunk in ids.chunks(5_000) {
        let rows: Vec<(i64, String, bool, bool, String)> = users::table
            .filter(users::id.eq_any(chunk))
            .select((users::id, users::fullname, users::approved, users::featured, users::badges))
            .load(conn)?;
        found.extend(rows.into_iter().map(|(id, fullname, approved, featured, badges)| {
            // A JSON array as stored; anything else reads as none.
            let badges = serde_json::from_str(&badges).unwrap_or_default();
            (id, ListedTutor { fullname, approved, featured, badges })
        }));
    }
    Ok(found)
}
