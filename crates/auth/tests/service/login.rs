//! Logging in and out: the throttles on wrong passwords, and what a session token carries.

use diesel::prelude::*;
use hometutor_auth::AuthError;
use hometutor_core::Role;
use hometutor_db::schema::users;

use crate::support::{fixture, login_input, PASSWORD};

#[test]
fn login_is_throttled_per_account() {
    let f = fixture();
    f.verified_user("a@example.com", "parent");
    for _ in 0..5 {
        assert!(matches!(
            f.auth.login(login_input("a@example.com", "wrong password")),
            Err(AuthError::InvalidCredentials)
        ));
    }
    // Even the right password is refused now, from any address.
    let mut other_ip = login_input("a@example.com", PASSWORD);
    other_ip.ip = "10.9.9.9".into();
    assert!(matches!(f.auth.login(other_ip), Err(AuthError::RateLimited { .. })));
}

#[test]
fn login_is_throttled_per_ip_across_accounts() {
    let f = fixture();
    f.verified_user("a@example.com", "parent");
    for i in 0..30 {
        let _ = f.auth.login(login_input(&format!("guess{i}@example.com"), "wrong password"));
    }
    assert!(matches!(f.auth.login(login_input("a@example.com", PASSWORD)), Err(AuthError::RateLimited { .. })));
    let mut elsewhere = login_input("a@example.com", PASSWORD);
    elsewhere.ip = "10.0.0.2".into();
    assert!(f.auth.login(elsewhere).is_ok());
}

#[test]
fn wrong_passwords_sent_at_once_get_exactly_five_tries() {
    let f = fixture();
    f.verified_user("a@example.com", "parent");
    let start = std::sync::Barrier::new(12);
    let answers: Vec<_> = std::thread::scope(|s| {
        let guesses: Vec<_> = (0..12)
            .map(|i| {
                let (auth, start) = (&f.auth, &start);
                s.spawn(move || {
                    let mut guess = login_input("a@example.com", &format!("wrong password {i}"));
                    guess.ip = format!("10.1.0.{i}");
                    start.wait();
                    auth.login(guess)
                })
            })
            .collect();
        guesses.into_iter().map(|g| g.join().unwrap()).collect()
    });
    let checked = answers.iter().filter(|a| matches!(a, Err(AuthError::InvalidCredentials))).count();
    let refused = answers.iter().filter(|a| matches!(a, Err(AuthError::RateLimited { .. }))).count();
    assert_eq!((checked, refused), (5, 7), "the password was checked five times, however the guesses were timed");
}

#[test]
fn only_wrong_passwords_count_against_an_address() {
    let f = fixture();
    f.verified_user("a@example.com", "parent");
    for i in 0..29 {
        let _ = f.auth.login(login_input(&format!("guess{i}@example.com"), "wrong password"));
    }
    // Right passwords and incomplete forms from the same address are not failures.
    for _ in 0..5 {
        f.auth.login(login_input("a@example.com", PASSWORD)).expect("a right password");
    }
    for _ in 0..3 {
        assert!(matches!(f.auth.login(login_input("a@example.com", "")), Err(AuthError::Validation(_))));
    }
    let thirtieth = f.auth.login(login_input("guess@example.com", "wrong password"));
    assert!(matches!(thirtieth, Err(AuthError::InvalidCredentials)), "the thirtieth failure is still checked");
    assert!(matches!(f.auth.login(login_input("a@example.com", PASSWORD)), Err(AuthError::RateLimited { .. })));
}

#[test]
fn unknown_email_and_wrong_password_fail_alike() {
    let f = fixture();
    f.verified_user("a@example.com", "parent");
    let unknown = f.auth.login(login_input("nobody@example.com", PASSWORD)).err().map(|e| e.to_string());
    let wrong = f.auth.login(login_input("a@example.com", "wrong password")).err().map(|e| e.to_string());
    assert_eq!(unknown, wrong);
    assert_eq!(unknown.as_deref(), Some("Invalid email or password."));
}

#[test]
fn logout_revokes_that_token() {
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let user = f.auth.authenticate(&token).expect("valid");
    f.auth.logout(&user).expect("logout");
    assert!(matches!(f.auth.authenticate(&token), Err(AuthError::Unauthenticated)));
}

#[test]
fn role_and_active_flag_come_from_the_database_on_every_request() {
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    f.exec(|c| diesel::update(users::table).set(users::role.eq("tutor")).execute(c));
    assert_eq!(f.auth.authenticate(&token).expect("valid").role, Role::Tutor);
    f.exec(|c| diesel::update(users::table).set(users::active.eq(false)).execute(c));
    assert!(matches!(f.auth.authenticate(&token), Err(AuthError::Unauthenticated)));
    assert!(matches!(f.auth.login(login_input("a@example.com", PASSWORD)), Err(AuthError::Deactivated)));
}
