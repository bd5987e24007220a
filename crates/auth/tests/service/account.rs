//! An account once it exists: resetting and changing its password, its profile, the first admin.

use hometutor_auth::{AuthError, ProfileChanges};
use hometutor_core::Role;

use crate::support::{fixture, login_input, IP, PASSWORD};

#[test]
fn reset_answers_the_same_for_unknown_addresses_and_sends_nothing() {
    let f = fixture();
    assert!(f.auth.send_reset_otp("ghost@example.com", IP).is_ok());
    assert!(f.mails_to("ghost@example.com").is_empty());
    assert!(matches!(
        f.auth.reset_password("ghost@example.com", "123456", "new password!"),
        Err(AuthError::InvalidCode)
    ));
}

#[test]
fn password_reset_sets_the_new_password_and_revokes_earlier_tokens() {
    let f = fixture();
    let old_token = f.verified_user("a@example.com", "parent");
    assert!(f.auth.authenticate(&old_token).is_ok());
    f.auth.send_reset_otp("a@example.com", IP).expect("send");
    let code = f.last_code("a@example.com", "Your password reset code:");
    f.auth.reset_password("a@example.com", &code, "a brand new password").expect("reset");
    assert!(matches!(f.auth.authenticate(&old_token), Err(AuthError::Unauthenticated)));
    assert!(matches!(f.auth.login(login_input("a@example.com", PASSWORD)), Err(AuthError::InvalidCredentials)));
    let session = f.auth.login(login_input("a@example.com", "a brand new password")).expect("new password");
    assert!(f.auth.authenticate(&session.token).is_ok());
    assert!(matches!(f.auth.reset_password("a@example.com", &code, "another password"), Err(AuthError::InvalidCode)));
}

#[test]
fn password_changes_are_mailed_to_the_owner_without_a_secret() {
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    f.auth.send_reset_otp("a@example.com", IP).expect("send");
    let code = f.last_code("a@example.com", "Your password reset code:");
    f.auth.reset_password("a@example.com", &code, "a brand new password").expect("reset");
    let mails = f.mails_to("a@example.com");
    let (subject, body) = mails.last().expect("a mail");
    assert_eq!(subject, "Your HomeTutor password was changed");
    assert!(!body.contains(&code) && !body.contains("a brand new password"));

    // An admin's reset tells the owner too.
    let me =
        f.auth.authenticate(&f.auth.login(login_input("a@example.com", "a brand new password")).expect("login").token);
    let id = me.expect("valid").id;
    f.auth.set_password(id, "chosen by an admin").expect("set");
    let mails = f.mails_to("a@example.com");
    let (subject, body) = mails.last().expect("a mail");
    assert_eq!(subject, "Your HomeTutor password was changed");
    assert!(!body.contains("chosen by an admin"));
    assert_eq!(mails.iter().filter(|(s, _)| s.contains("password was changed")).count(), 2);
    assert!(matches!(f.auth.authenticate(&token), Err(AuthError::Unauthenticated)));
}

#[test]
fn profile_update_changes_only_name_and_phone() {
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let me = f.auth.authenticate(&token).expect("valid");
    let changes = ProfileChanges { fullname: Some("Asha K".into()), phone: Some("9123456780".into()) };
    let user = f.auth.update_profile(me.id, changes).expect("update");
    assert_eq!((user.fullname.as_str(), user.phone.as_str()), ("Asha K", "9123456780"));
    assert_eq!((user.email.as_str(), user.role), ("a@example.com", Role::Parent));
    let bad = ProfileChanges { fullname: None, phone: Some("98765432101".into()) };
    let Err(AuthError::Validation(errors)) = f.auth.update_profile(me.id, bad) else { panic!("phone too long") };
    assert_eq!(errors[0].message, "Phone number must be 10 digits.");
    assert_eq!(f.auth.profile(me.id).expect("profile").phone, "9123456780");
}

#[test]
fn the_first_admin_is_created_once_and_can_log_in() {
    let f = fixture();
    let admin = f.auth.ensure_admin("Admin@Example.com", "admin password").expect("ok").expect("created");
    assert_eq!((admin.role, admin.email.as_str()), (Role::Admin, "admin@example.com"));
    assert!(f.auth.ensure_admin("other@example.com", "admin password").expect("ok").is_none());
    assert!(matches!(f.auth.create_admin("admin@example.com", "admin password", "X"), Err(AuthError::AlreadyExists)));
    assert_eq!(f.auth.login(login_input("admin@example.com", "admin password")).expect("login").user.role, Role::Admin);
}
