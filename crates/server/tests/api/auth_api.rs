//! The account API driven over HTTP against the real server, with a real SMTP
//! sink catching the e-mails. Runs on PostgreSQL too when TEST_DATABASE_URL is set.

use crate::common;

use std::time::{Duration, Instant};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::{TestApp, JWT_SECRET, PASSWORD};
use diesel::prelude::*;
use hometutor_db::schema::{outbox_emails, users};
use serde_json::{json, Value};

#[actix_web::test]
async fn register_verify_login_profile_logout() {
    let app = TestApp::start().await;
    let reply = app.register("Parent@Example.com", "parent").await;
    assert_eq!(reply.status, 201);
    assert_eq!(reply.body["user"]["email"], "parent@example.com");

    let early = app.post("/api/auth/login", json!({"email": "parent@example.com", "password": PASSWORD})).await;
    assert_eq!((early.status, early.body["code"].as_str()), (403, Some("email_not_verified")));

    let code = app.code_from_mail("parent@example.com", "Your verification code:").await;
    let verified = app.post("/api/verify/email-otp", json!({"email": "parent@example.com", "otp": code})).await;
    assert_eq!(verified.status, 200, "{:?}", verified.body);

    let login = app.post("/api/auth/login", json!({"email": "PARENT@example.com", "password": PASSWORD})).await;
    assert_eq!(login.status, 200);
    assert_eq!(
        (login.body["role"].as_str(), login.body["email"].as_str()),
        (Some("parent"), Some("parent@example.com"))
    );
    let token = login.body["token"].as_str().expect("token").to_string();

    let profile = app.call("GET", "/api/auth/profile", Some(&token), None).await;
    assert_eq!(profile.status, 200);
    let user = &profile.body["user"];
    assert_eq!((user["fullname"].as_str(), user["phone"].as_str()), (Some("Asha Kumar"), Some("9876543210")));
    assert_eq!((user["subscriptionActive"].as_bool(), user["paymentStatus"].as_str()), (Some(false), Some("unpaid")));
    assert!(user.get("passwordHash").is_none() && user.get("password_hash").is_none());

    assert_eq!(app.call("POST", "/api/auth/logout", Some(&token), None).await.status, 200);
    let after = app.call("GET", "/api/auth/profile", Some(&token), None).await;
    assert_eq!(after.status, 401);
    assert!(after.body["message"].is_string());
}

#[actix_web::test]
async fn the_link_in_the_email_verifies_the_account() {
    let app = TestApp::start().await;
    app.register("tutor@example.com", "tutor").await;
    let mail =
        app.smtp.wait_for("tutor@example.com", "verify-email?token=", Duration::from_secs(10)).await.expect("mail");
    let start = mail.data.find("/verify-email?").expect("link");
    let query: String = mail.data[start..].chars().take_while(|c| !c.is_whitespace()).collect();
    let bad = app.call("GET", "/api/verify-email?email=tutor%40example.com", None, None).await;
    assert_eq!((bad.status, bad.body["message"].as_str()), (400, Some("Invalid verification link.")));
    let ok = app.call("GET", &format!("/api{query}"), None, None).await;
    assert_eq!(ok.status, 200, "{:?}", ok.body);
    assert_eq!(ok.body["alreadyVerified"], false);
    app.login("tutor@example.com", PASSWORD).await;
}

#[actix_web::test]
async fn a_verification_link_followed_again_says_the_address_is_already_verified() {
    let app = TestApp::start().await;
    app.register("tutor@example.com", "tutor").await;
    let mail =
        app.smtp.wait_for("tutor@example.com", "verify-email?token=", Duration::from_secs(10)).await.expect("mail");
    let start = mail.data.find("/verify-email?").expect("link");
    let query: String = mail.data[start..].chars().take_while(|c| !c.is_whitespace()).collect();
    let first = app.call("GET", &format!("/api{query}"), None, None).await;
    assert_eq!((first.status, first.body["alreadyVerified"].as_bool()), (200, Some(false)), "{:?}", first.body);

    let again = app.call("GET", &format!("/api{query}"), None, None).await;
    assert_eq!(again.status, 200, "{:?}", again.body);
    assert_eq!(again.body["alreadyVerified"], true);
    assert_eq!(again.body["message"], "This e-mail address is already verified. You can sign in.");

    // Only a token the address was sent proves anything: a made-up one for the same verified
    // address, or the real one for another address, is still just an invalid link.
    let made_up = app
        .call("GET", &format!("/api/verify-email?token={}&email=tutor%40example.com", "ab".repeat(32)), None, None)
        .await;
    assert_eq!((made_up.status, made_up.body["message"].as_str()), (400, Some("Invalid verification link.")));
    app.verified_user("other@example.com", "parent").await;
    let token = query.split("token=").nth(1).and_then(|t| t.split('&').next()).expect("token");
    let elsewhere =
        app.call("GET", &format!("/api/verify-email?token={token}&email=other%40example.com"), None, None).await;
    assert_eq!((elsewhere.status, elsewhere.body["message"].as_str()), (400, Some("Invalid verification link.")));
}

#[actix_web::test]
async fn registration_errors_use_the_spec_messages_and_write_nothing() {
    let app = TestApp::start().await;
    let reply = app
        .post("/api/auth/register", json!({"fullname": "A", "role": "parent", "email": "a@example.com", "phone": "12345", "password": PASSWORD}))
        .await;
    assert_eq!(reply.status, 400);
    assert_eq!(reply.body["message"], "Phone number must be 10 digits.");
    assert_eq!(reply.body["fields"]["phone"], "Phone number must be 10 digits.");
    let admin = app
        .post("/api/auth/register", json!({"fullname": "A", "role": "admin", "email": "a@example.com", "phone": "9876543210", "password": PASSWORD}))
        .await;
    assert_eq!((admin.status, admin.body["code"].as_str()), (400, Some("validation")));
    let missing = app.post("/api/auth/register", json!({})).await;
    assert_eq!(missing.status, 400);
    let count: i64 =
        app.db().read(|c| users::table.count().get_result(c).map_err(hometutor_db::DbError::from)).expect("count");
    assert_eq!(count, 0);
}

#[actix_web::test]
async fn password_reset_end_to_end_ends_old_sessions() {
    let app = TestApp::start().await;
    let old_token = app.verified_user("asha@example.com", "parent").await;
    let sent = app.post("/api/auth/send-reset-otp", json!({"email": "asha@example.com"})).await;
    assert_eq!(sent.status, 200);
    let code = app.code_from_mail("asha@example.com", "Your password reset code:").await;
    let wrong = app
        .post(
            "/api/auth/reset-password",
            json!({"email": "asha@example.com", "otp": "000000", "newPassword": "new password 1"}),
        )
        .await;
    if code != "000000" {
        assert_eq!(wrong.status, 400);
    }
    let reset = app
        .post(
            "/api/auth/reset-password",
            json!({"email": "asha@example.com", "otp": code, "newPassword": "new password 1"}),
        )
        .await;
    assert_eq!(reset.status, 200, "{:?}", reset.body);
    assert_eq!(app.call("GET", "/api/auth/profile", Some(&old_token), None).await.status, 401);
    let old_pw = app.post("/api/auth/login", json!({"email": "asha@example.com", "password": PASSWORD})).await;
    assert_eq!(old_pw.status, 401);
    let token = app.login("asha@example.com", "new password 1").await;
    assert_eq!(app.call("GET", "/api/auth/profile", Some(&token), None).await.status, 200);
    let notice = app
        .smtp
        .wait_for("asha@example.com", "Your HomeTutor password was changed", Duration::from_secs(10))
        .await
        .expect("the owner is told");
    assert!(!notice.data.contains(&code) && !notice.data.contains("new password 1"));
}

#[actix_web::test]
async fn known_and_unknown_emails_get_the_same_answers() {
    let app = TestApp::start().await;
    app.verified_user("known@example.com", "parent").await;

    let known = app.register("known@example.com", "tutor").await;
    let unknown = app.register("fresh@example.com", "tutor").await;
    assert_eq!(known.status, unknown.status);
    assert_eq!(known.body["message"], unknown.body["message"]);

    let known = app.post("/api/auth/login", json!({"email": "known@example.com", "password": "wrong password"})).await;
    let unknown =
        app.post("/api/auth/login", json!({"email": "ghost@example.com", "password": "wrong password"})).await;
    assert_eq!((known.status, &known.body), (unknown.status, &unknown.body));
    assert_eq!(known.status, 401);

    let known = app.post("/api/auth/send-reset-otp", json!({"email": "known@example.com"})).await;
    let unknown = app.post("/api/auth/send-reset-otp", json!({"email": "ghost@example.com"})).await;
    assert_eq!((known.status, &known.body), (unknown.status, &unknown.body));
    // The real owner is told; nothing is sent to an address without an account.
    app.smtp
        .wait_for("known@example.com", "Your password reset code:", Duration::from_secs(10))
        .await
        .expect("reset mail");
    app.smtp.wait_for("known@example.com", "Someone tried to register", Duration::from_secs(10)).await.expect("notice");
    assert_eq!(app.smtp.count_to("ghost@example.com"), 0);
}

#[actix_web::test]
async fn repeated_failed_logins_get_429_with_retry_after() {
    let app = TestApp::start().await;
    app.verified_user("asha@example.com", "parent").await;
    for _ in 0..5 {
        let r = app.post("/api/auth/login", json!({"email": "asha@example.com", "password": "wrong password"})).await;
        assert_eq!(r.status, 401);
    }
    let limited = app.post("/api/auth/login", json!({"email": "asha@example.com", "password": PASSWORD})).await;
    assert_eq!(limited.status, 429);
    let retry: u64 = limited
        .headers
        .get("retry-after")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("Retry-After");
    assert!(retry > 0 && retry <= 15 * 60);
    assert!(limited.body["message"].as_str().is_some_and(|m| m.contains("Too many attempts")));
}

#[actix_web::test]
async fn otp_emails_are_limited_to_three_per_15_minutes() {
    let app = TestApp::start().await;
    app.register("asha@example.com", "parent").await;
    for _ in 0..2 {
        assert_eq!(app.post("/api/verify/resend-otp", json!({"email": "asha@example.com"})).await.status, 200);
    }
    let limited = app.post("/api/verify/resend-otp", json!({"email": "asha@example.com"})).await;
    assert_eq!(limited.status, 429);
    assert!(limited.headers.contains_key("retry-after"));
}

fn forge(payload: &Value, header: &str, signature: &str) -> String {
    format!("{}.{}.{signature}", URL_SAFE_NO_PAD.encode(header), URL_SAFE_NO_PAD.encode(payload.to_string()))
}

fn payload(token: &str) -> Value {
    let part = token.split('.').nth(1).expect("payload");
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(part).expect("base64")).expect("json")
}

/// A header for `alg` naming the key that signed `genuine` (its `kid`), as a forger who copied it would write.
fn header_like(genuine: &str, alg: jsonwebtoken::Algorithm) -> jsonwebtoken::Header {
    let kid = jsonwebtoken::decode_header(genuine).expect("header").kid;
    assert!(kid.is_some(), "every token names its key");
    jsonwebtoken::Header { kid, ..jsonwebtoken::Header::new(alg) }
}

/// The key the server signs tokens with: derived from `JWT_SECRET`, not the secret itself.
fn token_key() -> jsonwebtoken::EncodingKey {
    jsonwebtoken::EncodingKey::from_secret(&hometutor_auth::derive_key(
        JWT_SECRET.as_bytes(),
        "hometutor/session-token",
    ))
}

#[actix_web::test]
async fn tampered_unsigned_and_expired_tokens_get_401() {
    use jsonwebtoken::{encode, Algorithm, EncodingKey, Header};
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "parent").await;
    let claims = payload(&token);
    assert_eq!(
        claims["userId"],
        claims["sub"].as_str().and_then(|s| s.parse::<i64>().ok()).map(Value::from).unwrap_or_default()
    );

    let mut as_admin = claims.clone();
    as_admin["role"] = "admin".into();
    let signature = token.rsplit('.').next().expect("signature");
    let mut expired = claims.clone();
    expired["exp"] = (chrono::Utc::now().timestamp() - 10).into();
    let cases = [
        ("alg none", forge(&as_admin, r#"{"alg":"none","typ":"JWT"}"#, "")),
        ("changed payload, old signature", forge(&as_admin, r#"{"alg":"HS256","typ":"JWT"}"#, signature)),
        ("HS512", encode(&header_like(&token, Algorithm::HS512), &claims, &token_key()).expect("sign")),
        (
            "other key",
            encode(&header_like(&token, Algorithm::HS256), &as_admin, &EncodingKey::from_secret(b"guessed"))
                .expect("sign"),
        ),
        (
            "the secret itself as the key",
            encode(&header_like(&token, Algorithm::HS256), &claims, &EncodingKey::from_secret(JWT_SECRET.as_bytes()))
                .expect("sign"),
        ),
        ("no key id", encode(&Header::new(Algorithm::HS256), &claims, &token_key()).expect("sign")),
        ("expired", encode(&header_like(&token, Algorithm::HS256), &expired, &token_key()).expect("sign")),
        ("garbage", "not.a.token".to_string()),
    ];
    for (name, forged) in cases {
        let reply = app.call("GET", "/api/auth/profile", Some(&forged), None).await;
        assert_eq!(reply.status, 401, "{name}");
        assert!(reply.body["message"].is_string(), "{name}: 401 body is {{message}}");
    }
    let missing = app.call("GET", "/api/auth/profile", None, None).await;
    assert_eq!(missing.status, 401);
    assert!(missing.body["message"].is_string());
}

#[actix_web::test]
async fn profile_update_cannot_set_role_email_subscription_or_approval() {
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "tutor").await;
    for field in [
        json!({"role": "admin"}),
        json!({"email": "other@example.com"}),
        json!({"subscriptionActive": true}),
        json!({"approved": true}),
        json!({"fullname": "Asha", "paymentStatus": "paid"}),
    ] {
        let reply = app.call("PUT", "/api/auth/profile", Some(&token), Some(field.clone())).await;
        assert_eq!(reply.status, 400, "{field}");
    }
    let profile = app.call("GET", "/api/auth/profile", Some(&token), None).await.body;
    let user = &profile["user"];
    assert_eq!((user["role"].as_str(), user["email"].as_str()), (Some("tutor"), Some("asha@example.com")));
    assert_eq!((user["subscriptionActive"].as_bool(), user["approved"].as_bool()), (Some(false), Some(false)));
    assert_eq!(user["fullname"], "Asha Kumar");

    let ok = app
        .call("PUT", "/api/auth/profile", Some(&token), Some(json!({"fullname": "Asha K", "phone": "9000000001"})))
        .await;
    assert_eq!((ok.status, ok.body["user"]["phone"].as_str()), (200, Some("9000000001")));
    let long = app.call("PUT", "/api/auth/profile", Some(&token), Some(json!({"phone": "12345678901"}))).await;
    assert_eq!((long.status, long.body["message"].as_str()), (400, Some("Phone number must be 10 digits.")));
}

#[actix_web::test]
async fn a_deactivated_user_is_out_at_once() {
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "parent").await;
    app.db()
        .write(|c| {
            diesel::update(users::table).set(users::active.eq(false)).execute(c).map_err(hometutor_db::DbError::from)
        })
        .expect("deactivate");
    assert_eq!(app.call("GET", "/api/auth/profile", Some(&token), None).await.status, 401);
}

#[actix_web::test]
async fn mail_waits_in_the_outbox_while_smtp_is_down() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("free port").port();
    let app = TestApp::start_with(&[("SMTP_URL", format!("smtp://127.0.0.1:{port}"))]).await;
    assert_eq!(app.register("asha@example.com", "parent").await.status, 201, "registration does not wait on SMTP");
    // The first delivery fails (nothing listens on the port) and is kept for a retry.
    let deadline = Instant::now() + Duration::from_secs(10);
    let error = loop {
        let (attempts, error, sent) = outbox_attempts(&app, "asha@example.com").await;
        if attempts > 0 {
            assert!(sent.is_none(), "nothing listened, so nothing was sent");
            break error;
        }
        assert!(Instant::now() < deadline, "the worker tried to deliver within 10 s");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(error.is_some_and(|e| !e.is_empty()), "the failure is on record");
    // The mail server comes up later on the configured port; the retry delivers.
    let late = hometutor_testkit::SmtpSink::start_on(port).await.expect("sink");
    let mail = late.wait_for("asha@example.com", "Your verification code:", Duration::from_secs(20)).await;
    assert!(mail.is_some(), "the e-mail was retried and delivered");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let (attempts, error, sent) = outbox_attempts(&app, "asha@example.com").await;
        if sent.is_some() {
            assert!(attempts >= 2, "delivered by a retry, not the first attempt ({attempts} attempts)");
            assert_eq!(error, None, "the failure is cleared once delivered");
            break;
        }
        assert!(Instant::now() < deadline, "the delivery is marked sent");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Attempts, last error and time sent of the one e-mail queued for `to`.
async fn outbox_attempts(app: &TestApp, to: &str) -> (i32, Option<String>, Option<chrono::NaiveDateTime>) {
    app.db()
        .read(|c| {
            outbox_emails::table
                .filter(outbox_emails::recipient.eq(to))
                .select((outbox_emails::attempts, outbox_emails::last_error, outbox_emails::sent_at))
                .first(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("the queued e-mail")
}

#[actix_web::test]
async fn admin_email_creates_the_first_admin_at_start_up() {
    let app =
        TestApp::start_with(&[("ADMIN_EMAIL", "boss@example.com".into()), ("ADMIN_PASSWORD", "boss password".into())])
            .await;
    let login = app.post("/api/auth/login", json!({"email": "boss@example.com", "password": "boss password"})).await;
    assert_eq!((login.status, login.body["role"].as_str()), (200, Some("admin")));
}

#[actix_web::test]
async fn health_docs_and_fallbacks() {
    let app = TestApp::start().await;
    let health = app.call("GET", "/api/health", None, None).await;
    assert_eq!((health.status, health.body["database"].as_str()), (200, Some("reachable")));
    let doc = app.call("GET", "/api/openapi.json", None, None).await;
    assert_eq!(doc.status, 200);
    for path in [
        "/api/auth/register",
        "/api/auth/login",
        "/api/auth/profile",
        "/api/verify/email-otp",
        "/api/verify-email",
        "/api/auth/reset-password",
    ] {
        assert!(doc.body["paths"].get(path).is_some(), "{path} is documented");
    }
    assert_eq!(app.client.get(format!("{}/api/docs/", app.base)).send().await.expect("docs").status(), 200);
    let unknown = app.call("GET", "/api/no-such-thing", None, None).await;
    assert_eq!((unknown.status, unknown.body["code"].as_str()), (404, Some("not_found")));
    let page = app.client.get(format!("{}/dashboard", app.base)).send().await.expect("page");
    assert_eq!(page.status(), 200);
    assert!(page.headers()["content-type"].to_str().unwrap_or_default().starts_with("text/html"));
    let bad_json = app
        .client
        .post(format!("{}/api/auth/login", app.base))
        .header("content-type", "application/json")
        .body("{not json")
        .send()
        .await
        .expect("send");
    assert_eq!(bad_json.status(), 400);
}

#[actix_web::test]
async fn an_unreachable_postgres_fails_fast_with_a_clear_message() {
    let settings = hometutor_server::Settings::from_lookup(|k| match k {
        "DATABASE_URL" => Some("postgres://postgres@127.0.0.1:9/none".into()),
        "JWT_SECRET" => Some(common::JWT_SECRET.into()),
        _ => None,
    })
    .expect("settings");
    let started = Instant::now();
    let err = hometutor_server::open_database(&settings).await.err().map(|e| format!("{e:#}")).unwrap_or_default();
    assert!(err.contains("cannot connect to PostgreSQL"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
}

#[actix_web::test]
async fn registering_first_does_not_hijack_the_victims_account() {
    let app = TestApp::start().await;
    let victim = "victim@example.com";
    let attacker = app
        .post(
            "/api/auth/register",
            json!({"fullname": "Mallory", "role": "tutor", "email": victim,
            "phone": "9000000666", "password": "attacker password A"}),
        )
        .await;
    assert_eq!(attacker.status, 201);
    let attackers_code = app.code_from_mail(victim, "Your verification code:").await;
    let own = app
        .post(
            "/api/auth/register",
            json!({"fullname": "Asha Kumar", "role": "parent", "email": victim,
            "phone": "9876543210", "password": "victim password B"}),
        )
        .await;
    assert_eq!((own.status, &own.body), (attacker.status, &attacker.body), "answered alike");
    // The second verification e-mail (the victim's) has a code of its own.
    let deadline = Instant::now() + Duration::from_secs(10);
    while app.smtp.mails().iter().filter(|m| m.data.contains("Your verification code:")).count() < 2 {
        assert!(Instant::now() < deadline, "the second code e-mail arrives");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let code = app.code_from_mail(victim, "Your verification code:").await;
    if code != attackers_code {
        let stale = app.post("/api/verify/email-otp", json!({"email": victim, "otp": attackers_code})).await;
        assert_eq!(stale.status, 400, "a code mailed for the attacker's registration verifies nothing");
    }
    let verified = app.post("/api/verify/email-otp", json!({"email": victim, "otp": code})).await;
    assert_eq!(verified.status, 200, "{:?}", verified.body);
    let with_a = app.post("/api/auth/login", json!({"email": victim, "password": "attacker password A"})).await;
    assert_eq!(with_a.status, 401);
    let with_b = app.post("/api/auth/login", json!({"email": victim, "password": "victim password B"})).await;
    assert_eq!(with_b.status, 200);
    let user = &with_b.body["user"];
    assert_eq!(
        (user["role"].as_str(), user["fullname"].as_str(), user["phone"].as_str()),
        (Some("parent"), Some("Asha Kumar"), Some("9876543210"))
    );
    // Once verified, registering again changes nothing and answers alike.
    let again = app
        .post(
            "/api/auth/register",
            json!({"fullname": "Mallory", "role": "tutor", "email": victim,
            "phone": "9000000666", "password": "attacker password A"}),
        )
        .await;
    assert_eq!((again.status, &again.body), (attacker.status, &attacker.body));
    assert_eq!(
        app.post("/api/auth/login", json!({"email": victim, "password": "attacker password A"})).await.status,
        401
    );
    let token = app.login(victim, "victim password B").await;
    let profile = app.call("GET", "/api/auth/profile", Some(&token), None).await;
    assert_eq!(
        (profile.body["user"]["role"].as_str(), profile.body["user"]["fullname"].as_str()),
        (Some("parent"), Some("Asha Kumar"))
    );
}

/// Every body and subject in the outbox, once every row is marked sent.
async fn outbox_after_delivery(app: &TestApp) -> Vec<(String, String, String)> {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let rows: Vec<(String, String, String, Option<chrono::NaiveDateTime>)> = app
            .db()
            .read(|c| {
                outbox_emails::table
                    .select((outbox_emails::kind, outbox_emails::subject, outbox_emails::body, outbox_emails::sent_at))
                    .load(c)
                    .map_err(hometutor_db::DbError::from)
            })
            .expect("outbox");
        if rows.iter().all(|r| r.3.is_some()) {
            return rows.into_iter().map(|(k, s, b, _)| (k, s, b)).collect();
        }
        assert!(Instant::now() < deadline, "every e-mail is marked sent");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[actix_web::test]
async fn no_code_or_link_is_left_in_the_outbox_after_sending() {
    let app = TestApp::start().await;
    app.register("asha@example.com", "parent").await;
    let mail =
        app.smtp.wait_for("asha@example.com", "verify-email?token=", Duration::from_secs(10)).await.expect("mail");
    let code = mail.code_after("Your verification code:", 6).expect("code");
    let start = mail.data.find("token=").expect("link") + "token=".len();
    let link_token: String = mail.data[start..].chars().take_while(|c| c.is_ascii_hexdigit()).collect();
    assert_eq!(app.post("/api/verify/email-otp", json!({"email": "asha@example.com", "otp": code})).await.status, 200);
    app.post("/api/auth/send-reset-otp", json!({"email": "asha@example.com"})).await;
    let reset = app.code_from_mail("asha@example.com", "Your password reset code:").await;
    let rows = outbox_after_delivery(&app).await;
    assert_eq!(rows.len(), 2);
    for (kind, subject, body) in &rows {
        assert!(body.is_empty(), "{kind}: the body is erased once sent");
        for secret in [&code, &reset, &link_token] {
            assert!(!subject.contains(secret.as_str()) && !body.contains(secret.as_str()));
        }
    }
    let kinds: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(kinds, ["verification_code", "reset_code"]);
}

#[actix_web::test]
async fn one_client_address_gets_at_most_ten_code_emails_an_hour() {
    let app = TestApp::start().await;
    // Fifteen at once from one address, each for a different e-mail: the limit is per client, not per address.
    let replies = futures_util::future::join_all((0..15).map(|i| {
        let app = &app;
        async move {
            let body = json!({"fullname": "Asha Kumar", "role": "parent", "email": format!("flood{i}@example.com"),
                "phone": "9876543210", "password": PASSWORD});
            app.post("/api/auth/register", body).await
        }
    }))
    .await;
    let created = replies.iter().filter(|r| r.status == 201).count();
    let limited: Vec<_> = replies.iter().filter(|r| r.status == 429).collect();
    assert_eq!((created, limited.len()), (10, 5));
    for reply in &limited {
        let retry: u64 = reply.headers["retry-after"].to_str().ok().and_then(|v| v.parse().ok()).expect("Retry-After");
        assert!(retry > 0 && retry <= 3600, "Retry-After: {retry}");
        assert!(
            reply.body["message"].as_str().is_some_and(|m| m.contains("Too many code e-mails")),
            "{:?}",
            reply.body
        );
    }
    // Resend and reset draw from the same allowance.
    let resend = app.post("/api/verify/resend-otp", json!({"email": "flood0@example.com"})).await;
    let reset = app.post("/api/auth/send-reset-otp", json!({"email": "someone@example.com"})).await;
    assert_eq!((resend.status, reset.status), (429, 429));
    let accounts: i64 =
        app.db().read(|c| users::table.count().get_result(c).map_err(hometutor_db::DbError::from)).expect("count");
    assert_eq!(accounts, 10, "a refused registration writes nothing");
}

#[actix_web::test]
async fn tokens_for_another_issuer_or_audience_get_401() {
    use jsonwebtoken::{encode, Algorithm};
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "parent").await;
    let claims = payload(&token);
    assert_eq!((claims["iss"].as_str(), claims["aud"].as_str()), (Some("hometutor"), Some("hometutor-api")));
    let sign = |c: &Value| encode(&header_like(&token, Algorithm::HS256), c, &token_key()).expect("sign");
    assert_eq!(app.call("GET", "/api/auth/profile", Some(&sign(&claims)), None).await.status, 200);
    for (name, key, value) in [
        ("wrong issuer", "iss", Some("evil")),
        ("wrong audience", "aud", Some("hometutor-chat")),
        ("no issuer", "iss", None),
        ("no audience", "aud", None),
    ] {
        let mut forged = claims.clone();
        match value {
            Some(v) => forged[key] = v.into(),
            None => {
                forged.as_object_mut().expect("object").remove(key);
            }
        }
        let reply = app.call("GET", "/api/auth/profile", Some(&sign(&forged)), None).await;
        assert_eq!(reply.status, 401, "{name}");
    }
}

#[actix_web::test]
async fn control_characters_in_names_and_login_get_400_with_fields() {
    let app =
        TestApp::start_with(&[("ADMIN_EMAIL", "boss@example.com".into()), ("ADMIN_PASSWORD", "boss password".into())])
            .await;
    let register = app
        .post(
            "/api/auth/register",
            json!({"fullname": "Asha\r\nBcc: all@example.com", "role": "parent",
            "email": "a@example.com", "phone": "9876543210", "password": PASSWORD}),
        )
        .await;
    assert_eq!((register.status, register.body["fields"]["fullname"].is_string()), (400, true), "{:?}", register.body);
    let login =
        app.post("/api/auth/login", json!({"email": "boss@example.com\u{0}", "password": "boss password"})).await;
    assert_eq!((login.status, login.body["fields"]["email"].is_string()), (400, true), "{:?}", login.body);

    let token = app.verified_user("b@example.com", "parent").await;
    let edit = app.call("PUT", "/api/auth/profile", Some(&token), Some(json!({"fullname": "Asha\u{1b}[2J"}))).await;
    assert_eq!((edit.status, edit.body["fields"]["fullname"].is_string()), (400, true));

    let admin = app.login("boss@example.com", "boss password").await;
    let create = app
        .call(
            "POST",
            "/api/admin/users/create",
            Some(&admin),
            Some(json!({"fullname": "Tab\tName",
            "email": "c@example.com", "phone": "9876543210", "password": PASSWORD, "role": "tutor"})),
        )
        .await;
    assert_eq!((create.status, create.body["fields"]["fullname"].is_string()), (400, true), "{:?}", create.body);
    let id = app.call("GET", "/api/auth/profile", Some(&token), None).await.body["user"]["id"].as_i64().expect("id");
    let update = app
        .call("POST", &format!("/api/admin/users/{id}/update"), Some(&admin), Some(json!({"fullname": "Asha\u{0}"})))
        .await;
    assert_eq!((update.status, update.body["fields"]["fullname"].is_string()), (400, true), "{:?}", update.body);
    let profile = app.call("GET", "/api/auth/profile", Some(&token), None).await;
    assert_eq!(profile.body["user"]["fullname"], "Asha Kumar", "nothing changed");
}

#[actix_web::test]
async fn an_admins_password_reset_is_mailed_to_the_owner() {
    let app =
        TestApp::start_with(&[("ADMIN_EMAIL", "boss@example.com".into()), ("ADMIN_PASSWORD", "boss password".into())])
            .await;
    let token = app.verified_user("asha@example.com", "parent").await;
    let id = app.call("GET", "/api/auth/profile", Some(&token), None).await.body["user"]["id"].as_i64().expect("id");
    let admin = app.login("boss@example.com", "boss password").await;
    let reset = app
        .call(
            "POST",
            &format!("/api/admin/users/{id}/reset-password"),
            Some(&admin),
            Some(json!({"password": "set by the admin"})),
        )
        .await;
    assert_eq!(reset.status, 200, "{:?}", reset.body);
    let notice = app
        .smtp
        .wait_for("asha@example.com", "Your HomeTutor password was changed", Duration::from_secs(10))
        .await
        .expect("the owner is told");
    assert!(!notice.data.contains("set by the admin"));
    assert_eq!(app.call("GET", "/api/auth/profile", Some(&token), None).await.status, 401);
}

#[actix_web::test]
async fn the_code_email_limit_per_client_is_configurable() {
    let app = TestApp::start_with(&[("CODE_EMAIL_LIMIT", "2".into())]).await;
    assert_eq!(app.register("one@example.com", "parent").await.status, 201);
    assert_eq!(app.post("/api/auth/send-reset-otp", json!({"email": "two@example.com"})).await.status, 200);
    assert_eq!(app.register("three@example.com", "parent").await.status, 429);
}

/// 24 sign-ins at once (3 to each of 8 accounts, under the in-flight reservations of the
/// failed-login limits: 5 per account, 30 per address), hashed at a real cost: the ones that cannot start hashing within
/// `PASSWORD_QUEUE_WAIT_MS` are refused with 503 `busy` and `Retry-After` (never left
/// waiting, never a 500), the rest sign in, the site answers meanwhile, and once the storm
/// has passed a sign-in works again.
#[actix_web::test]
async fn a_sign_in_storm_beyond_the_hashing_queue_is_refused_with_retry_after_and_heals() {
    const COST: u32 = 11;
    let app = TestApp::start_with(&[("BCRYPT_COST", COST.to_string()), ("PASSWORD_QUEUE_WAIT_MS", "300".into())]).await;
    let hash = actix_web::rt::task::spawn_blocking(|| {
        hometutor_auth::PasswordHasher::new(COST, 1).unwrap().hash(PASSWORD).unwrap()
    })
    .await
    .unwrap();
    let emails: Vec<String> = (0..8).map(|i| format!("storm{i}@example.com")).collect();
    for email in &emails {
        let account = hometutor_accounts::NewUser {
            fullname: "Asha Kumar",
            email,
            phone: "9876543210",
            password_hash: &hash,
            role: hometutor_core::Role::Parent,
            email_verified: true,
        };
        app.db()
            .write(|c| hometutor_accounts::insert(c, &account).map_err(hometutor_db::DbError::from))
            .expect("account");
    }

    let app = &app;
    let logins = (0..24).map(|i| {
        let email = emails[i % emails.len()].clone();
        async move { app.post("/api/auth/login", json!({"email": email, "password": PASSWORD})).await }
    });
    let site = async {
        // Asked while the logins are in flight: the rest of the site does not wait for the hashes.
        actix_web::rt::task::yield_now().await;
        app.call("GET", "/api/site", None, None).await
    };
    let (replies, site) = futures_util::future::join(futures_util::future::join_all(logins), site).await;
    assert_eq!(site.status, 200);

    let signed_in = replies.iter().filter(|r| r.status == 200).count();
    let refused: Vec<&common::Reply> = replies.iter().filter(|r| r.status == 503).collect();
    assert_eq!(
        signed_in + refused.len(),
        replies.len(),
        "only 200 or 503: {:?}",
        replies.iter().map(|r| r.status).collect::<Vec<_>>()
    );
    assert!(signed_in >= 2, "the hashing threads kept working: {signed_in} signed in");
    assert!(!refused.is_empty(), "24 hashes at cost {COST} cannot all start within 300 ms");
    for reply in refused {
        assert_eq!(reply.body["code"], "busy");
        assert_eq!(reply.body["message"], "Too many sign-ins right now. Please try again in a few seconds.");
        let retry: u64 = reply.headers["retry-after"].to_str().unwrap().parse().unwrap();
        assert!((1..=60).contains(&retry), "Retry-After {retry}");
    }

    // Healed: the queue has drained, and a sign-in after the storm goes through.
    app.login(&emails[0], PASSWORD).await;
}
