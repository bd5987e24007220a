//! The shapes of a `users` row: what is read (a whole account, a person shown
//! beside another table's rows, what a token's check needs) and what is written.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{Role, Subscription, UserId};
use hometutor_db::schema::users;
use hometutor_i18n::Language;

/// A stored account, without its password hash.
#[derive(Debug, Clone, PartialEq)]
pub struct User {
    pub id: UserId,
    pub fullname: String,
    pub email: String,
    pub phone: String,
    pub role: Role,
    pub active: bool,
    pub approved: bool,
    pub featured: bool,
    pub badges: Vec<String>,
    pub email_verified: bool,
    /// As stored; show it only through [`Subscription::at`].
    pub subscription: Subscription,
    pub payment_status: String,
    pub created_at: NaiveDateTime,
    /// What they read HomeTutor in: their e-mails, notifications and the server's messages.
    pub language: Language,
}

/// An account with what logging in checks: its password hash and the version
/// every token it was issued carries.
#[derive(Debug, Clone)]
pub struct Credentials {
    pub user: User,
    pub password_hash: String,
    pub token_version: i64,
}

/// What checking a bearer token reads on every request, and nothing more.
#[derive(Debug, Clone, PartialEq)]
pub struct TokenCheck {
    pub role: Role,
    pub active: bool,
    pub token_version: i64,
    pub email: String,
    pub language: Language,
}

/// Someone shown beside another table's rows (a request's parent, a message's
/// sender, a conversation's partner, an interested tutor): the columns those lists
/// need, never the badges or the password hash.
#[derive(Debug, Clone, PartialEq)]
pub struct Person {
    pub id: UserId,
    pub fullname: String,
    pub email: String,
    pub phone: String,
    pub role: Role,
    pub active: bool,
    /// As stored; show it only through [`Subscription::at`].
    pub subscription: Subscription,
}

/// A new account. The caller has validated every field and hashed the password.
#[derive(Debug, Clone, Copy)]
pub struct NewUser<'a> {
    pub fullname: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub password_hash: &'a str,
    pub role: Role,
    pub email_verified: bool,
}

/// Fields to change on one account; `None` leaves a field as it is. The caller
/// has validated the values; `updated_at` moves on with any change.
#[derive(Debug, Clone, Copy, Default)]
pub struct Changes<'a> {
    pub fullname: Option<&'a str>,
    pub phone: Option<&'a str>,
    pub role: Option<Role>,
    pub active: Option<bool>,
    pub approved: Option<bool>,
    pub featured: Option<bool>,
    pub badges: Option<&'a [String]>,
    pub language: Option<Language>,
}

/// The role column as a [`Role`]. The table's CHECK constraint admits only the
/// three roles, so the fallback is never taken.
pub(crate) fn role_from(stored: &str) -> Role {
    Role::parse(stored).unwrap_or(Role::Parent)
}

/// The columns of a [`Person`]; a [`UserRow`] reads them too, embedded, so the two
/// never list them twice.
#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
pub(crate) struct PersonRow {
    id: i64,
    fullname: String,
    email: String,
    phone: String,
    role: String,
    active: bool,
    subscription_active: bool,
    subscription_expires: Option<NaiveDateTime>,
}

impl From<PersonRow> for Person {
    fn from(row: PersonRow) -> Self {
        Person {
            id: UserId(row.id),
            fullname: row.fullname,
            email: row.email,
            phone: row.phone,
            role: role_from(&row.role),
            active: row.active,
            subscription: Subscription::stored(row.subscription_active, row.subscription_expires),
        }
    }
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
pub(crate) struct UserRow {
    #[diesel(embed)]
    person: PersonRow,
    approved: bool,
    featured: bool,
    badges: String,
    email_verified: bool,
    payment_status: String,
    created_at: NaiveDateTime,
    language: String,
}

impl From<UserRow> for User {
    fn from(row: UserRow) -> Self {
        let Person { id, fullname, email, phone, role, active, subscription } = row.person.into();
        User {
            id,
            fullname,
            email,
            phone,
            role,
            active,
            approved: row.approved,
            featured: row.featured,
            badges: serde_json::from_str(&row.badges).unwrap_or_default(),
            email_verified: row.email_verified,
            subscription,
            payment_status: row.payment_status,
            created_at: row.created_at,
            language: Language::from_stored(&row.language),
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = users)]
pub(crate) struct InsertRow<'a> {
    pub fullname: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub password_hash: &'a str,
    pub role: &'static str,
    pub email_verified: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl<'a> InsertRow<'a> {
    pub fn new(user: &NewUser<'a>, at: NaiveDateTime) -> Self {
        InsertRow {
            fullname: user.fullname,
            email: user.email,
            phone: user.phone,
            password_hash: user.password_hash,
            role: user.role.as_str(),
            email_verified: user.email_verified,
            created_at: at,
            updated_at: at,
        }
    }
}

/// [`Changes`] as columns: diesel leaves out every `None`.
#[derive(AsChangeset)]
#[diesel(table_name = users)]
pub(crate) struct ChangeRow<'a> {
    fullname: Option<&'a str>,
    phone: Option<&'a str>,
    role: Option<&'static str>,
    active: Option<bool>,
    approved: Option<bool>,
    featured: Option<bool>,
    badges: Option<String>,
    language: Option<&'static str>,
    updated_at: NaiveDateTime,
}

impl<'a> ChangeRow<'a> {
    pub fn new(changes: &Changes<'a>, at: NaiveDateTime) -> Self {
        ChangeRow {
            fullname: changes.fullname,
            phone: changes.phone,
            role: changes.role.map(Role::as_str),
            active: changes.active,
            approved: changes.approved,
            featured: changes.featured,
            // Stored as a JSON array of strings; a list of strings always serialises.
            badges: changes.badges.map(|b| serde_json::to_string(b).unwrap_or_else(|_| "[]".into())),
            language: changes.language.map(Language::code),
            updated_at: at,
        }
    }
}
