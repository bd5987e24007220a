//! The language stored with an account (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use hometutor_accounts::{self as accounts, Changes, NewUser};
use hometutor_core::{Role, UserId};
use hometutor_db::{Db, DbConnection, DbError};
use hometutor_i18n::Language;
use hometutor_testkit::TestDatabase;

fn with<T>(db: &Db, f: impl FnOnce(&mut DbConnection) -> diesel::QueryResult<T>) -> T {
    db.write(|c| f(c).map_err(DbError::from)).unwrap()
}

fn insert(db: &Db, email: &str) -> UserId {
    let new = NewUser {
        fullname: "Asha",
        email,
        phone: "9876543210",
        password_hash: "h",
        role: Role::Parent,
        email_verified: true,
    };
    with(db, |c| accounts::insert(c, &new))
}

#[test]
fn an_account_reads_english_until_its_language_is_changed_and_only_its_own_changes() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let asha = insert(&db, "asha@example.com");
    let ravi = insert(&db, "ravi@example.com");
    assert_eq!(with(&db, |c| accounts::find(c, asha)).unwrap().language, Language::En);

    let hindi = Changes { language: Some(Language::Hi), ..Changes::default() };
    assert!(with(&db, |c| accounts::update(c, asha, &hindi)));

    let after = with(&db, |c| accounts::find(c, asha)).unwrap();
    assert_eq!((after.language, after.fullname.as_str()), (Language::Hi, "Asha"), "the rest kept");
    assert_eq!(with(&db, |c| accounts::token_check(c, asha)).unwrap().language, Language::Hi);
    assert_eq!(with(&db, |c| accounts::language_of(c, asha)), Some(Language::Hi));
    assert_eq!(with(&db, |c| accounts::language_of(c, ravi)), Some(Language::En), "another account unchanged");
    assert_eq!(with(&db, |c| accounts::language_of(c, UserId(ravi.0 + 100))), None);
    let both = with(&db, |c| accounts::languages_of(c, &[asha.0, ravi.0, ravi.0 + 100]));
    assert_eq!((both.len(), both[&asha], both[&ravi]), (2, Language::Hi, Language::En));
}
