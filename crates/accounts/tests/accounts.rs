//! The users table's queries on a private database (SQLite, or PostgreSQL with
//! TEST_DATABASE_URL). The rules built on them are tested with their services.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use chrono::Duration;
use hometutor_accounts::{self as accounts, Changes, Listing, NewUser};
use hometutor_core::{Role, UserId};
use hometutor_db::{now, Db, DbConnection, DbError};
use hometutor_testkit::TestDatabase;

fn new_user(email: &str, role: Role) -> NewUser<'_> {
    NewUser { fullname: "Asha Kumar", email, phone: "9876543210", password_hash: "hash", role, email_verified: false }
}

fn with<T>(db: &Db, f: impl FnOnce(&mut DbConnection) -> diesel::QueryResult<T>) -> T {
    db.write(|c| f(c).map_err(DbError::from)).unwrap()
}

#[test]
fn an_account_reads_back_as_written_and_changes_only_what_is_named() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let id = with(&db, |c| accounts::insert(c, &new_user("asha@example.com", Role::Tutor)));

    let user = with(&db, |c| accounts::find_by_email(c, "asha@example.com")).unwrap();
    assert_eq!((user.id, user.role, user.active, user.email_verified), (id, Role::Tutor, true, false));
    assert!(user.badges.is_empty() && !user.subscription.at(now()).active);

    let badges = vec!["Top Rated".to_string(), "Maths Expert".to_string()];
    let changes =
        Changes { fullname: Some("Asha K"), approved: Some(true), badges: Some(&badges), ..Changes::default() };
    assert!(with(&db, |c| accounts::update(c, id, &changes)));
    let after = with(&db, |c| accounts::find(c, id)).unwrap();
    assert_eq!((after.fullname.as_str(), after.approved, &after.badges), ("Asha K", true, &badges));
    assert_eq!((after.phone.as_str(), after.role, after.featured), ("9876543210", Role::Tutor, false), "the rest kept");
    assert!(!with(&db, |c| accounts::update(c, UserId(id.0 + 100), &changes)), "no such account");

    let credentials = with(&db, |c| accounts::find_credentials(c, "asha@example.com")).unwrap();
    assert_eq!((credentials.password_hash.as_str(), credentials.user), ("hash", after));
}

#[test]
fn a_password_change_or_ended_sessions_move_the_token_version_on() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let id = with(&db, |c| accounts::insert(c, &new_user("asha@example.com", Role::Parent)));
    let version = |db: &Db| with(db, |c| accounts::token_check(c, id)).unwrap().token_version;
    let first = version(&db);

    assert_eq!(with(&db, |c| accounts::reset_password(c, "asha@example.com", "new")), Some(id));
    assert_eq!(version(&db), first + 1);
    assert!(with(&db, |c| accounts::find(c, id)).unwrap().email_verified, "the reset code proves the address");
    assert!(with(&db, |c| accounts::set_password(c, id, "newer")));
    assert_eq!(with(&db, |c| accounts::end_sessions(c, &[id.0])), 1);
    assert_eq!(version(&db), first + 3);
    assert_eq!(with(&db, |c| accounts::reset_password(c, "nobody@example.com", "x")), None);
}

#[test]
fn a_lapsed_subscription_is_stored_as_it_was_paid_and_read_as_inactive() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let id = with(&db, |c| accounts::insert(c, &new_user("tutor@example.com", Role::Tutor)));
    let until = now() + Duration::days(365);
    with(&db, |c| accounts::extend_subscription(c, id, until));
    let paid = with(&db, |c| accounts::find(c, id)).unwrap();
    assert_eq!((paid.subscription.at(now()).active, paid.payment_status.as_str()), (true, "paid"));
    assert!(!paid.subscription.at(until).active, "over once the expiry is reached");

    let lapsed = now() - Duration::days(1);
    with(&db, |c| accounts::set_subscription(c, id, true, Some(lapsed)));
    let read = with(&db, |c| accounts::subscription(c, id)).unwrap().at(now());
    assert_eq!((read.active, read.expires), (false, Some(lapsed)), "the flag is set, the expiry past");
    let person = with(&db, |c| accounts::people(c, &[id.0])).remove(&id).unwrap();
    assert!(!person.subscription.at(now()).active);
}

#[test]
fn the_admins_list_filters_searches_and_pages_newest_first() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let emails: Vec<String> = (0..5).map(|i| format!("user{i}@example.com")).collect();
    let mut people: Vec<NewUser> = emails.iter().map(|e| new_user(e, Role::Parent)).collect();
    people[1].fullname = "100% Meera_S";
    people[4].role = Role::Tutor;
    let ids = with(&db, |c| accounts::insert_many(c, &people));
    for (id, email) in ids.iter().zip(&emails) {
        assert_eq!(&with(&db, |c| accounts::find(c, *id)).unwrap().email, email, "ids in the order given");
    }

    let all = |listing: Listing| with(&db, |c| accounts::list(c, &listing));
    let (page, total) = all(Listing { limit: 2, offset: 0, ..Listing::default() });
    assert_eq!((page.iter().map(|u| u.id).collect::<Vec<_>>(), total), (vec![ids[4], ids[3]], 5));
    let (page, _) = all(Listing { limit: 2, offset: 4, ..Listing::default() });
    assert_eq!(page.iter().map(|u| u.id).collect::<Vec<_>>(), vec![ids[0]]);
    let (tutors, total) = all(Listing { role: Some(Role::Tutor), limit: 10, ..Listing::default() });
    assert_eq!((tutors.len(), total), (1, 1));
    // % and _ are searched for as themselves, and the name in any case.
    let (found, total) = all(Listing { search: Some(" 100% meera_s "), limit: 10, ..Listing::default() });
    assert_eq!((found.iter().map(|u| u.id).collect::<Vec<_>>(), total), (vec![ids[1]], 1));
    let (none, total) = all(Listing { search: Some("0_"), limit: 10, ..Listing::default() });
    assert_eq!((none.len(), total), (0, 0));

    with(&db, |c| accounts::set_active(c, &[ids[0].0], false));
    let counts = with(&db, accounts::count_by_role_and_activity);
    assert!(counts.contains(&(Role::Parent, false, 1)) && counts.contains(&(Role::Parent, true, 3)), "{counts:?}");
    let names = with(&db, |c| accounts::names(c, &[ids[1].0, 999_999]));
    assert_eq!(names.len(), 1, "only those that exist");
}
