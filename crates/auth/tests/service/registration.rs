//! Registering an account: validation, storage, and what a taken or hijacked address gets.

use diesel::prelude::*;
use hometutor_auth::{AuthError, ProfileChanges, RegisterInput};
use hometutor_core::Role;
use hometutor_db::schema::users;

use crate::support::{fixture, login_input, registration, Fixture, IP, PASSWORD};

#[test]
fn registration_stores_an_unverified_account_and_queues_a_code_and_a_link() {
    let f = fixture();
    let email = f.auth.register(registration("asha@example.com", "parent")).expect("register");
    assert_eq!(email, "asha@example.com");
    let user = f.auth.login(login_input("asha@example.com", PASSWORD)).err();
    assert!(matches!(user, Some(AuthError::EmailNotVerified)));
    let mails = f.mails_to("asha@example.com");
    assert_eq!(mails.len(), 1);
    assert!(mails[0].1.contains("Your verification code: "));
    assert!(mails[0].1.contains("http://localhost:8080/verify-email?token="));
    assert!(mails[0].1.contains("&email=asha%40example.com"));
}

#[test]
fn registration_reports_every_invalid_field_with_the_spec_messages() {
    let f = fixture();
    let input = RegisterInput {
        fullname: " ".into(),
        role: "admin".into(),
        email: "not-an-email".into(),
        phone: "12345".into(),
        password: "short".into(),
        ip: IP.into(),
    };
    let Err(AuthError::Validation(errors)) = f.auth.register(input) else { panic!("expected validation errors") };
    let by_field = |f: &str| errors.iter().find(|e| e.field == f).map(|e| e.message.clone());
    assert_eq!(by_field("phone").as_deref(), Some("Phone number must be 10 digits."));
    assert_eq!(by_field("role").as_deref(), Some("Role must be parent or tutor."));
    assert!(by_field("fullname").is_some() && by_field("email").is_some() && by_field("password").is_some());
    let count: i64 =
        f.db.read(|c| users::table.count().get_result(c).map_err(hometutor_db::DbError::from)).expect("count");
    assert_eq!(count, 0, "nothing half-written");
}

#[test]
fn nobody_registers_as_admin() {
    let f = fixture();
    assert!(matches!(f.auth.register(registration("x@example.com", "admin")), Err(AuthError::Validation(_))));
}

#[test]
fn email_is_stored_lowercased_and_unique() {
    let f = fixture();
    f.auth.register(registration("  Asha@Example.COM ", "parent")).expect("first");
    f.auth.register(registration("asha@example.com", "tutor")).expect("second answers the same");
    let rows: Vec<(String, String)> =
        f.db.read(|c| users::table.select((users::email, users::role)).load(c).map_err(hometutor_db::DbError::from))
            .expect("rows");
    // One account; the address is not verified yet, so the latest registration's details hold.
    assert_eq!(rows, vec![("asha@example.com".to_string(), "tutor".to_string())]);
}

#[test]
fn passwords_must_be_8_to_72_bytes() {
    let f = fixture();
    let mut short = registration("a@example.com", "parent");
    short.password = "1234567".into();
    assert!(matches!(f.auth.register(short), Err(AuthError::Validation(_))));
    let mut long = registration("a@example.com", "parent");
    long.password = "x".repeat(73);
    assert!(matches!(f.auth.register(long), Err(AuthError::Validation(_))));
}

#[test]
fn passwords_are_hashed_with_bcrypt_at_the_configured_cost() {
    let f = fixture();
    f.auth.register(registration("a@example.com", "parent")).expect("register");
    let hash: String =
        f.db.read(|c| users::table.select(users::password_hash).first(c).map_err(hometutor_db::DbError::from))
            .expect("hash");
    assert!(hash.starts_with("$2b$04$"), "{hash}");
    assert!(!hash.contains(PASSWORD));
}

#[test]
fn registering_a_taken_address_answers_the_same_and_changes_nothing() {
    let f = fixture();
    f.verified_user("a@example.com", "parent");
    let before = f.auth.login(login_input("a@example.com", PASSWORD)).expect("login").user;
    let mut again = registration("a@example.com", "tutor");
    again.password = "attacker password".into();
    again.fullname = "Mallory".into();
    again.phone = "9000000666".into();
    assert_eq!(f.auth.register(again).ok().as_deref(), Some("a@example.com"));
    let after = f.auth.login(login_input("a@example.com", PASSWORD)).expect("the password did not change").user;
    assert_eq!(after, before, "name, phone, role and everything else as they were");
    assert!(matches!(
        f.auth.login(login_input("a@example.com", "attacker password")),
        Err(AuthError::InvalidCredentials)
    ));
    let mails = f.mails_to("a@example.com");
    assert!(mails.last().is_some_and(|(s, _)| s.contains("Someone tried to register")));
}

fn users_row(f: &Fixture, email: &str) -> (String, String, String, bool) {
    f.db.read(|c| {
        users::table
            .filter(users::email.eq(email))
            .select((users::fullname, users::phone, users::role, users::email_verified))
            .first(c)
            .map_err(hometutor_db::DbError::from)
    })
    .expect("row")
}

#[test]
fn an_attacker_who_registers_the_victims_address_first_does_not_keep_the_account() {
    let f = fixture();
    let victim = "victim@example.com";
    // The attacker registers the victim's address as a tutor with a password of their own.
    let attacker = RegisterInput {
        fullname: "Mallory".into(),
        role: "tutor".into(),
        email: victim.into(),
        phone: "9000000666".into(),
        password: "attacker password A".into(),
        ip: "10.6.6.6".into(),
    };
    f.auth.register(attacker).expect("answered");
    let attackers_code = f.last_code(victim, "Your verification code:");
    let attackers_link = f.last_link_token(victim);
    // The victim registers the same address as a parent, with their own password.
    let own = RegisterInput {
        fullname: "Asha Kumar".into(),
        role: "parent".into(),
        email: victim.into(),
        phone: "9876543210".into(),
        password: "victim password B".into(),
        ip: IP.into(),
    };
    f.auth.register(own).expect("answered");
    assert_eq!(users_row(&f, victim), ("Asha Kumar".into(), "9876543210".into(), "parent".into(), false));
    // Codes mailed for the attacker's registration no longer verify anything.
    if attackers_code != f.last_code(victim, "Your verification code:") {
        assert!(matches!(f.auth.verify_email_otp(victim, &attackers_code), Err(AuthError::InvalidCode)));
    }
    assert!(matches!(f.auth.verify_email_link(victim, &attackers_link), Err(AuthError::InvalidLink)));
    // The victim enters the code mailed to the address.
    let code = f.last_code(victim, "Your verification code:");
    f.auth.verify_email_otp(victim, &code).expect("verified");
    assert!(matches!(f.auth.login(login_input(victim, "attacker password A")), Err(AuthError::InvalidCredentials)));
    let session = f.auth.login(login_input(victim, "victim password B")).expect("the victim's password");
    assert_eq!(session.user.role, Role::Parent);
    assert_eq!((session.user.fullname.as_str(), session.user.phone.as_str()), ("Asha Kumar", "9876543210"));
    // Now verified, a second try by the attacker changes nothing.
    let mut again = registration(victim, "tutor");
    again.password = "attacker password A".into();
    again.fullname = "Mallory".into();
    f.auth.register(again).expect("answered alike");
    assert_eq!(users_row(&f, victim), ("Asha Kumar".into(), "9876543210".into(), "parent".into(), true));
    assert!(matches!(f.auth.login(login_input(victim, "attacker password A")), Err(AuthError::InvalidCredentials)));
}

#[test]
fn control_characters_are_refused_in_names_and_login() {
    let f = fixture();
    let mut bad = registration("a@example.com", "parent");
    bad.fullname = "Asha\r\nBcc: everyone@example.com".into();
    let Err(AuthError::Validation(errors)) = f.auth.register(bad) else { panic!("refused") };
    assert_eq!(errors[0].field, "fullname");
    assert!(f.mails_to("a@example.com").is_empty());

    let token = f.verified_user("b@example.com", "parent");
    let me = f.auth.authenticate(&token).expect("valid");
    for name in ["Asha\u{0}", "Asha\u{1b}[2J", "Asha\nRao"] {
        let changes = ProfileChanges { fullname: Some(name.into()), phone: None };
        let Err(AuthError::Validation(errors)) = f.auth.update_profile(me.id, changes) else { panic!("{name:?}") };
        assert_eq!(errors[0].field, "fullname");
    }
    assert_eq!(f.auth.profile(me.id).expect("profile").fullname, "Asha Kumar");
    let Err(AuthError::Validation(errors)) = f.auth.login(login_input("b@example.com\u{0}", PASSWORD)) else {
        panic!("refused")
    };
    assert_eq!(errors[0].field, "email");
}
