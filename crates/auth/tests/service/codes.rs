//! Verification codes and links: using, expiring and retiring them, and the limits on mailing them.

use diesel::prelude::*;
use hometutor_auth::AuthError;
use hometutor_core::Role;
use hometutor_db::schema::{email_codes, users};

use crate::support::{fixture, login_input, registration, IP, PASSWORD};

#[test]
fn an_unverified_account_cannot_log_in_and_verification_by_code_opens_it() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "tutor")).expect("register");
    assert!(matches!(f.auth.login(login_input("a@example.com", PASSWORD)), Err(AuthError::EmailNotVerified)));
    let code = f.last_code("a@example.com", "Your verification code:");
    f.auth.verify_email_otp("A@example.com", &code).expect("verify");
    let session = f.auth.login(login_input("a@example.com", PASSWORD)).expect("login");
    assert_eq!(session.user.role, Role::Tutor);
    assert!(session.user.email_verified);
}

#[test]
fn verification_by_link_opens_the_account_and_a_wrong_token_does_not() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "parent")).expect("register");
    let token = f.last_link_token("a@example.com");
    assert_eq!(token.len(), 64);
    assert!(matches!(f.auth.verify_email_link("a@example.com", &"0".repeat(64)), Err(AuthError::InvalidLink)));
    assert!(matches!(f.auth.verify_email_link("b@example.com", &token), Err(AuthError::InvalidLink)));
    f.auth.verify_email_link("a@example.com", &token).expect("link");
    assert!(f.auth.login(login_input("a@example.com", PASSWORD)).is_ok());
}

#[test]
fn a_code_works_only_once() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "parent")).expect("register");
    let code = f.last_code("a@example.com", "Your verification code:");
    f.auth.verify_email_otp("a@example.com", &code).expect("first use");
    assert!(matches!(f.auth.verify_email_otp("a@example.com", &code), Err(AuthError::InvalidCode)));
}

#[test]
fn a_code_expires_after_ten_minutes() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "parent")).expect("register");
    let code = f.last_code("a@example.com", "Your verification code:");
    let expires: chrono::NaiveDateTime =
        f.db.read(|c| email_codes::table.select(email_codes::expires_at).first(c).map_err(hometutor_db::DbError::from))
            .expect("expiry");
    let minutes = (expires - hometutor_db::now()).num_seconds();
    assert!((590..=600).contains(&minutes), "code lives 10 minutes, got {minutes}s");
    let past = hometutor_db::now() - chrono::Duration::seconds(1);
    f.exec(|c| diesel::update(email_codes::table).set(email_codes::expires_at.eq(past)).execute(c));
    assert!(matches!(f.auth.verify_email_otp("a@example.com", &code), Err(AuthError::InvalidCode)));
}

#[test]
fn codes_are_stored_only_as_hashes_and_differ_each_time() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "parent")).expect("register");
    f.auth.resend_verification("a@example.com", IP).expect("resend");
    let first = f.mails_to("a@example.com")[0].1.clone();
    let code = f.last_code("a@example.com", "Your verification code:");
    assert!(!first.contains(&format!("code: {code}")), "a new code each time");
    let hashes: Vec<String> =
        f.db.read(|c| email_codes::table.select(email_codes::code_hash).load(c).map_err(hometutor_db::DbError::from))
            .expect("hashes");
    assert!(hashes.iter().all(|h| h.len() == 64 && !h.contains(&code)));
}

#[test]
fn a_new_code_retires_the_previous_one() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "parent")).expect("register");
    let old = f.last_code("a@example.com", "Your verification code:");
    f.auth.resend_verification("a@example.com", IP).expect("resend");
    let new = f.last_code("a@example.com", "Your verification code:");
    if old != new {
        assert!(matches!(f.auth.verify_email_otp("a@example.com", &old), Err(AuthError::InvalidCode)));
    }
    f.auth.verify_email_otp("a@example.com", &new).expect("new code works");
}

#[test]
fn a_verification_code_does_not_reset_a_password() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "parent")).expect("register");
    let code = f.last_code("a@example.com", "Your verification code:");
    assert!(matches!(f.auth.reset_password("a@example.com", &code, "a new password"), Err(AuthError::InvalidCode)));
    // …and is still good for what it was sent for.
    f.auth.verify_email_otp("a@example.com", &code).expect("verify");
}

#[test]
fn five_wrong_tries_kill_the_code() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "parent")).expect("register");
    let code = f.last_code("a@example.com", "Your verification code:");
    let wrong = if code == "000000" { "111111" } else { "000000" };
    for _ in 0..5 {
        assert!(matches!(f.auth.verify_email_otp("a@example.com", wrong), Err(AuthError::InvalidCode)));
    }
    assert!(matches!(f.auth.verify_email_otp("a@example.com", &code), Err(AuthError::InvalidCode)));
}

#[test]
fn at_most_three_code_emails_per_address_in_fifteen_minutes_known_or_not() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "parent")).expect("register");
    f.auth.resend_verification("a@example.com", IP).expect("2nd");
    f.auth.resend_verification("a@example.com", IP).expect("3rd");
    let Err(AuthError::RateLimited { retry_after_secs }) = f.auth.resend_verification("a@example.com", IP) else {
        panic!("4th must be refused")
    };
    assert!(retry_after_secs > 0 && retry_after_secs <= 15 * 60);
    assert_eq!(f.mails_to("a@example.com").len(), 3);
    // An unknown address is limited the same way, so the limit reveals nothing.
    for _ in 0..3 {
        f.auth.send_reset_otp("ghost@example.com", IP).expect("answered");
    }
    assert!(matches!(f.auth.send_reset_otp("ghost@example.com", IP), Err(AuthError::RateLimited { .. })));
    assert!(f.mails_to("ghost@example.com").is_empty());
}

#[test]
fn code_emails_are_limited_per_ip_across_addresses() {
    let f = fixture();
    let ip = "10.9.9.9";
    for i in 0..4 {
        let mut r = registration(&format!("new{i}@example.com"), "parent");
        r.ip = ip.into();
        f.auth.register(r).expect("within the limit");
    }
    for i in 0..3 {
        f.auth.resend_verification(&format!("new{i}@example.com"), ip).expect("within the limit");
    }
    for i in 0..3 {
        f.auth.send_reset_otp(&format!("ghost{i}@example.com"), ip).expect("within the limit");
    }
    let mut eleventh = registration("new9@example.com", "parent");
    eleventh.ip = ip.into();
    let Err(AuthError::TooManyCodeEmails { retry_after_secs }) = f.auth.register(eleventh) else {
        panic!("the 11th code e-mail from one address is refused")
    };
    assert!(retry_after_secs > 0 && retry_after_secs <= 3600);
    assert!(matches!(f.auth.send_reset_otp("other@example.com", ip), Err(AuthError::TooManyCodeEmails { .. })));
    assert!(matches!(f.auth.resend_verification("new0@example.com", ip), Err(AuthError::TooManyCodeEmails { .. })));
    assert!(f.mails_to("new9@example.com").is_empty(), "nothing was written for the refused registration");
    let none: i64 =
        f.db.read(|c| {
            users::table
                .filter(users::email.eq("new9@example.com"))
                .count()
                .get_result(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("count");
    assert_eq!(none, 0);
    // Another client address is not affected.
    f.auth.send_reset_otp("other@example.com", "10.1.1.1").expect("another address");
}
