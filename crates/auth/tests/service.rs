//! The account rules, one test each, on a private database
//! (in-memory SQLite, or a PostgreSQL schema when TEST_DATABASE_URL is set).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use diesel::prelude::*;
use hometutor_auth::{AuthConfig, AuthError, AuthService, LoginInput, ProfileChanges, RegisterInput};
use hometutor_core::Role;
use hometutor_db::schema::{email_codes, outbox_emails, users};
use hometutor_db::Db;
use hometutor_mail::MailSignal;
use hometutor_testkit::TestDatabase;

const SECRET: &[u8] = b"test-secret-test-secret-test-secret!";
const PASSWORD: &str = "correct horse";
const IP: &str = "10.0.0.1";

struct Fixture {
    _database: TestDatabase,
    db: Db,
    auth: AuthService,
}

fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let auth = service_with(&db, SECRET, None);
    Fixture { _database: database, db, auth }
}

/// The service on `db` as a process configured with `JWT_SECRET` and `JWT_SECRET_PREVIOUS` would run it.
fn service_with(db: &Db, secret: &[u8], previous: Option<&[u8]>) -> AuthService {
    let config = AuthConfig {
        jwt_secret: secret.to_vec(),
        jwt_secret_previous: previous.map(<[u8]>::to_vec),
        bcrypt_cost: 4,
        hash_max_wait: hometutor_auth::DEFAULT_HASH_MAX_WAIT,
        public_url: "http://localhost:8080".into(),
        token_ttl: chrono::Duration::days(7),
        limiter: hometutor_limits::Limiter::in_memory(),
    };
    AuthService::new(db.clone(), config, MailSignal::default()).expect("service")
}

fn registration(email: &str, role: &str) -> RegisterInput {
    RegisterInput {
        fullname: "Asha Kumar".into(),
        role: role.into(),
        email: email.into(),
        phone: "9876543210".into(),
        password: PASSWORD.into(),
        ip: IP.into(),
    }
}

fn login_input(email: &str, password: &str) -> LoginInput {
    LoginInput { email: email.into(), password: password.into(), ip: "10.0.0.1".into() }
}

impl Fixture {
    fn mails_to(&self, to: &str) -> Vec<(String, String)> {
        self.db
            .read(|c| {
                outbox_emails::table
                    .filter(outbox_emails::recipient.eq(to))
                    .order(outbox_emails::id)
                    .select((outbox_emails::subject, outbox_emails::body))
                    .load::<(String, String)>(c)
                    .map_err(hometutor_db::DbError::from)
            })
            .expect("outbox")
    }

    fn last_code(&self, to: &str, label: &str) -> String {
        let mails = self.mails_to(to);
        let body = &mails.iter().rev().find(|(_, b)| b.contains(label)).expect("a mail with the code").1;
        let start = body.find(label).expect("label") + label.len();
        body[start..].trim_start().chars().take(6).collect()
    }

    fn last_link_token(&self, to: &str) -> String {
        let mails = self.mails_to(to);
        let body = &mails.last().expect("mail").1;
        let start = body.find("token=").expect("link") + "token=".len();
        body[start..].chars().take_while(|c| c.is_ascii_hexdigit()).collect()
    }

    fn verified_user(&self, email: &str, role: &str) -> String {
        self.auth.register(registration(email, role)).expect("register");
        let code = self.last_code(email, "Your verification code:");
        self.auth.verify_email_otp(email, &code).expect("verify");
        self.auth.login(login_input(email, PASSWORD)).expect("login").token
    }

    fn exec(&self, sql: impl FnOnce(&mut hometutor_db::DbConnection) -> QueryResult<usize>) {
        self.db.write(|c| sql(c).map_err(hometutor_db::DbError::from)).expect("sql");
    }
}

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
fn logout_revokes_that_token() {
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let user = f.auth.authenticate(&token).expect("valid");
    f.auth.logout(&user).expect("logout");
    assert!(matches!(f.auth.authenticate(&token), Err(AuthError::Unauthenticated)));
}

fn forge(header: &str, payload: &serde_json::Value, signature: &str) -> String {
    format!("{}.{}.{}", URL_SAFE_NO_PAD.encode(header), URL_SAFE_NO_PAD.encode(payload.to_string()), signature)
}

/// A header for `alg` naming the key that signed `genuine` (its `kid`), as a forger who
/// copied it would write.
fn header_like(genuine: &str, alg: jsonwebtoken::Algorithm) -> jsonwebtoken::Header {
    let kid = jsonwebtoken::decode_header(genuine).expect("header").kid;
    assert!(kid.is_some(), "every token names its key");
    jsonwebtoken::Header { kid, ..jsonwebtoken::Header::new(alg) }
}

/// The key the service signs tokens with: derived from `SECRET`, never `SECRET` itself.
fn token_key(secret: &[u8]) -> jsonwebtoken::EncodingKey {
    jsonwebtoken::EncodingKey::from_secret(&hometutor_auth::derive_key(secret, "hometutor/session-token"))
}

fn payload_of(token: &str) -> serde_json::Value {
    let part = token.split('.').nth(1).expect("payload");
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(part).expect("b64")).expect("json")
}

#[test]
fn unsigned_tokens_are_rejected() {
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let mut payload = payload_of(&token);
    payload["role"] = "admin".into();
    let none = forge(r#"{"alg":"none","typ":"JWT"}"#, &payload, "");
    assert!(matches!(f.auth.authenticate(&none), Err(AuthError::Unauthenticated)));
}

#[test]
fn tokens_signed_with_another_algorithm_or_key_are_rejected() {
    use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let payload = payload_of(&token);
    let hs384 = encode(&header_like(&token, Algorithm::HS384), &payload, &token_key(SECRET)).expect("sign");
    assert!(matches!(f.auth.authenticate(&hs384), Err(AuthError::Unauthenticated)));
    let other_key =
        encode(&header_like(&token, Algorithm::HS256), &payload, &EncodingKey::from_secret(b"guess")).expect("sign");
    assert!(matches!(f.auth.authenticate(&other_key), Err(AuthError::Unauthenticated)));
    for raw_secret in [header_like(&token, Algorithm::HS256), Header::new(Algorithm::HS256)] {
        let signed = encode(&raw_secret, &payload, &EncodingKey::from_secret(SECRET)).expect("sign");
        assert!(matches!(f.auth.authenticate(&signed), Err(AuthError::Unauthenticated)), "the secret is not the key");
    }
    // The genuine signature over a changed payload fails too.
    let mut parts: Vec<&str> = token.split('.').collect();
    let mut changed = payload.clone();
    changed["sub"] = "999".into();
    let changed = URL_SAFE_NO_PAD.encode(changed.to_string());
    parts[1] = &changed;
    assert!(matches!(f.auth.authenticate(&parts.join(".")), Err(AuthError::Unauthenticated)));
}

#[test]
fn after_a_rotation_the_previous_secret_verifies_tokens_and_codes_until_it_is_dropped() {
    const NEW: &[u8] = b"the-new-secret-the-new-secret-the-new!";
    let f = fixture();
    let old_token = f.verified_user("a@example.com", "parent");
    f.auth.register(registration("b@example.com", "parent")).expect("register");
    let old_code = f.last_code("b@example.com", "Your verification code:");

    let rotated = service_with(&f.db, NEW, Some(SECRET));
    let dropped = service_with(&f.db, NEW, None);
    assert!(dropped.authenticate(&old_token).is_err(), "without JWT_SECRET_PREVIOUS the old token is refused");
    assert!(rotated.authenticate(&old_token).is_ok(), "with it, the old token still works");
    let new_token = rotated.login(login_input("a@example.com", PASSWORD)).expect("login").token;
    let kid = |t: &str| jsonwebtoken::decode_header(t).expect("header").kid;
    assert_ne!(kid(&new_token), kid(&old_token), "new tokens name the new key");
    assert!(dropped.authenticate(&new_token).is_ok(), "and are signed with it");
    assert!(f.auth.authenticate(&new_token).is_err(), "which the old secret alone cannot check");

    assert!(matches!(dropped.verify_email_otp("b@example.com", &old_code), Err(AuthError::InvalidCode)));
    rotated.verify_email_otp("b@example.com", &old_code).expect("a code mailed before the rotation still works");
}

#[test]
fn expired_tokens_are_rejected() {
    use jsonwebtoken::{encode, Algorithm};
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let mut payload = payload_of(&token);
    payload["exp"] = (chrono::Utc::now().timestamp() - 5).into();
    let expired = encode(&header_like(&token, Algorithm::HS256), &payload, &token_key(SECRET)).expect("sign");
    assert!(matches!(f.auth.authenticate(&expired), Err(AuthError::Unauthenticated)));
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
fn tokens_with_a_wrong_or_missing_issuer_or_audience_are_rejected() {
    use jsonwebtoken::{encode, Algorithm};
    let f = fixture();
    let token = f.verified_user("a@example.com", "parent");
    let payload = payload_of(&token);
    assert_eq!((payload["iss"].as_str(), payload["aud"].as_str()), (Some("hometutor"), Some("hometutor-api")));
    let sign =
        |p: &serde_json::Value| encode(&header_like(&token, Algorithm::HS256), p, &token_key(SECRET)).expect("sign");
    assert!(f.auth.authenticate(&sign(&payload)).is_ok(), "re-signing the genuine claims works");
    for (name, change) in [
        ("other issuer", ("iss", Some("someone-else"))),
        ("other audience", ("aud", Some("hometutor-chat"))),
        ("no issuer", ("iss", None)),
        ("no audience", ("aud", None)),
    ] {
        let mut forged = payload.clone();
        match change.1 {
            Some(v) => forged[change.0] = v.into(),
            None => {
                forged.as_object_mut().expect("object").remove(change.0);
            }
        }
        assert!(matches!(f.auth.authenticate(&sign(&forged)), Err(AuthError::Unauthenticated)), "{name}");
    }
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
