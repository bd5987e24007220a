use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{Role, Subscription, UserId};
use hometutor_db::schema::users;
use hometutor_db::DbConnection;

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
}

#[derive(Queryable, Selectable)]
#[diesel(table_name = users)]
pub(crate) struct UserRow {
    pub id: i64,
    pub fullname: String,
    pub email: String,
    pub phone: String,
    pub password_hash: String,
    pub role: String,
    pub active: bool,
    pub approved: bool,
    pub featured: bool,
    pub badges: String,
    pub email_verified: bool,
    pub subscription_active: bool,
    pub subscription_expires: Option<NaiveDateTime>,
    pub payment_status: String,
    pub token_version: i64,
    pub created_at: NaiveDateTime,
}

impl UserRow {
    pub fn into_user(self) -> User {
        User {
            id: UserId(self.id),
            fullname: self.fullname,
            email: self.email,
            phone: self.phone,
            // The CHECK constraint admits only the three roles.
            role: Role::parse(&self.role).unwrap_or(Role::Parent),
            active: self.active,
            approved: self.approved,
            featured: self.featured,
            badges: serde_json::from_str(&self.badges).unwrap_or_default(),
            email_verified: self.email_verified,
            subscription: Subscription::stored(self.subscription_active, self.subscription_expires),
            payment_status: self.payment_status,
            created_at: self.created_at,
        }
    }
}

#[derive(Insertable)]
#[diesel(table_name = users)]
pub(crate) struct NewUser<'a> {
    pub fullname: &'a str,
    pub email: &'a str,
    pub phone: &'a str,
    pub password_hash: &'a str,
    pub role: &'a str,
    pub email_verified: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

pub(crate) fn find_by_email(conn: &mut DbConnection, email: &str) -> QueryResult<Option<UserRow>> {
    users::table.filter(users::email.eq(email)).select(UserRow::as_select()).first(conn).optional()
}

pub(crate) fn find_by_id(conn: &mut DbConnection, id: UserId) -> QueryResult<Option<UserRow>> {
    users::table.find(id.0).select(UserRow::as_select()).first(conn).optional()
}

pub(crate) fn insert(conn: &mut DbConnection, new: &NewUser<'_>) -> QueryResult<i64> {
    diesel::insert_into(users::table).values(new).returning(users::id).get_result(conn)
}
