//! Profile and review rules on a private database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use hometutor_core::{Role, UserId};
use hometutor_db::Db;
use hometutor_profiles::{ProfileError, ProfileFields, ProfileService, ReviewAccess, REVIEW_WAIT};
use hometutor_testkit::{insert_user, TestDatabase};

fn user(db: &Db, email: &str, role: &str) -> UserId {
    UserId(insert_user(db, &format!("Name {email}"), email, role))
}

struct Fixture {
    _database: TestDatabase,
    db: Db,
    profiles: ProfileService,
    tutor: UserId,
    other_tutor: UserId,
    parent: UserId,
    second_parent: UserId,
    admin: UserId,
}

fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    Fixture {
        tutor: user(&db, "tutor@example.com", "tutor"),
        other_tutor: user(&db, "other@example.com", "tutor"),
        parent: user(&db, "parent@example.com", "parent"),
        second_parent: user(&db, "parent2@example.com", "parent"),
        admin: user(&db, "admin@example.com", "admin"),
        profiles: ProfileService::new(
            db.clone(),
            hometutor_tuition::contacts::tutor_interested,
            hometutor_messaging::first_messages,
        ),
        db,
        _database: database,
    }
}

/// `from` writes to `to` in the chat.
fn write_to(f: &Fixture, from: UserId, to: UserId) {
    let input = hometutor_messaging::SendInput { to, text: "Hello".into(), request_id: None, client_id: None };
    hometutor_messaging::MessageStore::new(f.db.clone()).send(from, input).expect("message");
}

/// A real contact: the parent and the tutor have written to each other, and a day has passed.
fn real_contact(f: &Fixture, pairs: &[(UserId, UserId)]) {
    for (parent, tutor) in pairs {
        write_to(f, *parent, *tutor);
        write_to(f, *tutor, *parent);
    }
    hometutor_db::clock::advance(REVIEW_WAIT.to_std().expect("a day"));
}

/// The tutor says they are interested in one of the parent's requests.
fn interest(f: &Fixture, parent: UserId, tutor: UserId) {
    let request = hometutor_tuition::testing::insert_request(&f.db, parent.0, false);
    hometutor_tuition::testing::insert_interest(&f.db, request, tutor.0);
}

fn about(text: &str) -> ProfileFields {
    ProfileFields { about: text.into(), fees: "₹500/hour".into(), ..Default::default() }
}

#[test]
fn a_profile_is_found_by_id_or_email_and_starts_empty() {
    let f = fixture();
    let by_id = f.profiles.get(&f.tutor.0.to_string()).expect("by id");
    let by_email = f.profiles.get("Tutor@Example.com").expect("by email");
    assert_eq!(by_id, by_email);
    assert_eq!(
        (by_id.fields, by_id.rating_average, by_id.subscription_active),
        (ProfileFields::default(), None, false)
    );
    assert!(matches!(f.profiles.get("parent@example.com"), Err(ProfileError::NotFound)), "only tutors have profiles");
    assert!(matches!(f.profiles.get("nobody@example.com"), Err(ProfileError::NotFound)));
}

#[test]
fn only_the_tutor_or_an_admin_saves_a_profile() {
    let f = fixture();
    let saved = f.profiles.update(f.tutor, Role::Tutor, "tutor@example.com", about("Maths for 10 years")).expect("own");
    assert_eq!(saved.fields.about, "Maths for 10 years");
    for (caller, role) in [(f.other_tutor, Role::Tutor), (f.parent, Role::Parent)] {
        let err = f.profiles.update(caller, role, "tutor@example.com", about("hacked")).err();
        assert!(matches!(err, Some(ProfileError::NotYours)), "{role:?}");
    }
    f.profiles.update(f.admin, Role::Admin, &f.tutor.0.to_string(), about("Edited by support")).expect("admin");
    assert_eq!(f.profiles.get("tutor@example.com").expect("get").fields.about, "Edited by support");
}

#[test]
fn profile_fields_have_length_limits() {
    let f = fixture();
    let err = f.profiles.update(f.tutor, Role::Tutor, "tutor@example.com", about(&"x".repeat(2001))).err();
    assert!(matches!(err, Some(ProfileError::Validation(_))));
}

#[test]
fn one_review_per_parent_rated_1_to_5_and_the_average_follows() {
    let f = fixture();
    let second_parent = f.second_parent;
    assert!(matches!(
        f.profiles.review(f.parent, Role::Parent, "tutor@example.com", None, "no stars"),
        Err(ProfileError::Validation(_))
    ));
    assert!(matches!(
        f.profiles.review(f.parent, Role::Parent, "tutor@example.com", Some(6), ""),
        Err(ProfileError::Validation(_))
    ));
    assert!(matches!(
        f.profiles.review(f.tutor, Role::Tutor, "other@example.com", Some(5), ""),
        Err(ProfileError::NotAParent)
    ));
    real_contact(&f, &[(f.parent, f.tutor), (second_parent, f.tutor)]);
    f.profiles.review(f.parent, Role::Parent, "tutor@example.com", Some(2), "Late twice").expect("first");
    f.profiles.review(f.parent, Role::Parent, "tutor@example.com", Some(4), "Better now").expect("replaces");
    f.profiles.review(second_parent, Role::Parent, "tutor@example.com", Some(5), "Excellent").expect("another parent");
    let profile = f.profiles.get("tutor@example.com").expect("get");
    assert_eq!((profile.rating_count, profile.rating_average), (2, Some(4.5)));
    let reviews = f.profiles.reviews("tutor@example.com").expect("reviews");
    assert_eq!(reviews.len(), 2);
    assert!(reviews.iter().any(|r| r.comment == "Better now" && r.parent_name == "Name parent@example.com"));
}

#[test]
fn a_parent_reviews_a_tutor_a_day_after_both_have_written_to_each_other() {
    let f = fixture();
    let review = |parent| f.profiles.review(parent, Role::Parent, "tutor@example.com", Some(4), "Good demo class");
    let access = |parent| f.profiles.review_access(parent, Role::Parent, f.tutor).expect("access");
    assert!(matches!(review(f.parent), Err(ProfileError::NotInTouch)), "a stranger cannot rate");
    assert_eq!(ProfileError::NotInTouch.to_string(), "You can review a tutor after you have been in touch.");
    assert_eq!(access(f.parent), Some(ReviewAccess::NoContact));
    // A real contact with another tutor does not count for this one.
    real_contact(&f, &[(f.parent, f.other_tutor)]);
    assert!(matches!(review(f.parent), Err(ProfileError::NotInTouch)));
    // The tutor's interest, or the parent's message alone, is contact but not enough.
    interest(&f, f.second_parent, f.tutor);
    assert!(matches!(review(f.second_parent), Err(ProfileError::ReviewTooSoon { opens_at: None })));
    write_to(&f, f.parent, f.tutor);
    assert!(matches!(review(f.parent), Err(ProfileError::ReviewTooSoon { opens_at: None })));
    assert_eq!(access(f.parent), Some(ReviewAccess::BothMustWrite));
    assert_eq!(
        ProfileError::ReviewTooSoon { opens_at: None }.to_string(),
        "You can review a tutor once you have both written to each other in chat and a day has passed."
    );

    // The tutor answers: a day after that answer (the later first message), reviews open.
    let before = hometutor_db::now();
    write_to(&f, f.tutor, f.parent);
    let after = hometutor_db::now();
    let Err(ProfileError::ReviewTooSoon { opens_at: Some(opens) }) = review(f.parent) else {
        panic!("refused with the time reviews open");
    };
    assert!(before + REVIEW_WAIT <= opens && opens <= after + REVIEW_WAIT, "{opens}");
    assert_eq!(access(f.parent), Some(ReviewAccess::OpensAt(opens)));
    // A further message moves nothing.
    write_to(&f, f.parent, f.tutor);
    assert_eq!(access(f.parent), Some(ReviewAccess::OpensAt(opens)));
    let minute = chrono::TimeDelta::minutes(1);
    hometutor_db::clock::advance((opens - minute - hometutor_db::now()).to_std().expect("ahead"));
    assert!(matches!(review(f.parent), Err(ProfileError::ReviewTooSoon { opens_at: Some(at) }) if at == opens));
    hometutor_db::clock::advance(minute.to_std().expect("a minute"));
    assert_eq!(access(f.parent), Some(ReviewAccess::Open));
    assert!(review(f.parent).is_ok());
    // Still only written one way with the second parent, a day later too.
    assert!(matches!(review(f.second_parent), Err(ProfileError::ReviewTooSoon { opens_at: None })));
    // A tutor reviews nobody, and is told nothing about when.
    assert_eq!(f.profiles.review_access(f.other_tutor, Role::Tutor, f.tutor).expect("access"), None);
    assert_eq!(f.profiles.get("tutor@example.com").expect("get").rating_count, 1);
}

#[test]
fn the_time_reviews_open_is_said_in_english_and_hindi() {
    let opens_at = chrono::NaiveDate::from_ymd_opt(2027, 1, 5).and_then(|d| d.and_hms_opt(14, 30, 0));
    let e = ProfileError::ReviewTooSoon { opens_at };
    assert_eq!(
        e.to_string(),
        "You can review this tutor from 5 January 2027, 14:30 UTC: a day after you both first wrote to each other."
    );
    let hindi = e.text().expect("text").render(hometutor_core::Language::Hi);
    assert!(hindi.contains("5 जनवरी 2027, 14:30 UTC"), "{hindi}");
}

#[test]
fn profile_text_and_reviews_refuse_control_characters() {
    let f = fixture();
    let err = f.profiles.update(f.tutor, Role::Tutor, "tutor@example.com", about("Maths\u{0}")).err();
    assert!(matches!(err, Some(ProfileError::Validation(_))), "{err:?}");
    let lines = f.profiles.update(f.tutor, Role::Tutor, "tutor@example.com", about("Maths\nPhysics"));
    assert!(lines.is_ok(), "line breaks are text");
    real_contact(&f, &[(f.parent, f.tutor)]);
    let err = f.profiles.review(f.parent, Role::Parent, "tutor@example.com", Some(5), "Great\u{1b}[2J").err();
    assert!(matches!(err, Some(ProfileError::Validation(_))), "{err:?}");
}
