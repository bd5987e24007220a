//! A test's background, written straight into the database: accounts and subscriptions
//! through their owner (`hometutor_accounts`). Tuition's rows are seeded through
//! `hometutor_tuition::testing` (its feature `testing`), their one owner. Tests of the rules
//! themselves go through the services instead.

use hometutor_accounts::{self as accounts, NewUser};
use hometutor_core::{Role, UserId};
use hometutor_db::{now, Db, DbError};

/// A user for tests and benchmarks: no password (the hash is a placeholder no
/// login matches), phone 9876543210, e-mail verified, active.
pub struct TestUser<'a> {
    pub name: &'a str,
    pub email: &'a str,
    /// parent, tutor or admin.
    pub role: &'a str,
}

/// Inserts one [`TestUser`]; returns its id.
pub fn insert_user(db: &Db, name: &str, email: &str, role: &str) -> i64 {
    insert_users(db, &[TestUser { name, email, role }])[0]
}

/// Inserts many [`TestUser`]s, a thousand rows per statement; returns their ids
/// in the order given.
pub fn insert_users(db: &Db, people: &[TestUser<'_>]) -> Vec<i64> {
    let rows: Vec<NewUser<'_>> = people
        .iter()
        .map(|p| NewUser {
            fullname: p.name,
            email: p.email,
            phone: "9876543210",
            password_hash: "x",
            role: Role::parse(p.role).unwrap_or_else(|| panic!("test user {}: no role {:?}", p.email, p.role)),
            email_verified: true,
        })
        .collect();
    db.write(|c| accounts::insert_many(c, &rows).map_err(DbError::from))
        .unwrap_or_else(|e| panic!("test users: {e}"))
        .into_iter()
        .map(|id| id.0)
        .collect()
}

/// Gives `user` a subscription that runs for `days` more days (a negative number:
/// one that lapsed that long ago, its flag still set), as a test's background.
pub fn subscribe(db: &Db, user: i64, days: i64) {
    let expires = now() + chrono::Duration::days(days);
    db.write(|c| accounts::set_subscription(c, UserId(user), true, Some(expires)).map_err(DbError::from))
        .unwrap_or_else(|e| panic!("test subscription: {e}"));
}
