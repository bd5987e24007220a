//! A test's background, written straight into the database: accounts through
//! their owner (`hometutor_accounts`), a tuition request, a subscription. Tests of
//! the rules themselves go through the services instead.

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

/// Inserts a tuition request of `parent` near Connaught Place, as a test's
/// background (a maths request, flagged or not); returns its id. Tests of the
/// tuition rules themselves go through the tuition service instead.
pub fn insert_request(db: &Db, parent: i64, flagged: bool) -> i64 {
    use diesel::prelude::*;
    use hometutor_db::schema::tuition_requests as tr;
    let at = now();
    db.write(|c| {
        diesel::insert_into(tr::table)
            .values((
                tr::parent_id.eq(parent),
                tr::subject.eq("Maths"),
                tr::class_level.eq("Class 8"),
                tr::preferred_time.eq("Evenings"),
                tr::lat.eq(28.6139),
                tr::lng.eq(77.209),
                tr::approx_lat.eq(Some(28.6160)),
                tr::approx_lng.eq(Some(77.2120)),
                tr::approx_cell.eq(Some(0i64)),
                tr::flagged.eq(flagged),
                tr::created_at.eq(at),
                tr::updated_at.eq(at),
            ))
            .returning(tr::id)
            .get_result(c)
            .map_err(DbError::from)
    })
    .unwrap_or_else(|e| panic!("test request: {e}"))
}

/// Gives `user` a subscription that runs for `days` more days (a negative number:
/// one that lapsed that long ago, its flag still set), as a test's background.
pub fn subscribe(db: &Db, user: i64, days: i64) {
    let expires = now() + chrono::Duration::days(days);
    db.write(|c| accounts::set_subscription(c, UserId(user), true, Some(expires)).map_err(DbError::from))
        .unwrap_or_else(|e| panic!("test subscription: {e}"));
}
