//! The account API driven over HTTP against the real server, with a real SMTP
//! sink catching the e-mails. Runs on PostgreSQL too when TEST_DATABASE_URL is set.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use std::time::{Duration, Instant};

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use common::{TestApp, JWT_SECRET, PASSWORD};
use diesel::prelude::*;
use hometutor_db::schema::users;
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
    app.login("tutor@example.com", PASSWORD).await;
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
        (
            "HS512",
            encode(&Header::new(Algorithm::HS512), &claims, &EncodingKey::from_secret(JWT_SECRET.as_bytes()))
                .expect("sign"),
        ),
        (
            "other key",
            encode(&Header::new(Algorithm::HS256), &as_admin, &EncodingKey::from_secret(b"guessed")).expect("sign"),
        ),
        (
            "expired",
            encode(&Header::new(Algorithm::HS256), &expired, &EncodingKey::from_secret(JWT_SECRET.as_bytes()))
                .expect("sign"),
        ),
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
    tokio::time::sleep(Duration::from_secs(1)).await;
    // The mail server comes up later on the configured port; the retry delivers.
    let late = hometutor_testkit::SmtpSink::start_on(port).await.expect("sink");
    let mail = late.wait_for("asha@example.com", "Your verification code:", Duration::from_secs(20)).await;
    assert!(mail.is_some(), "the e-mail was retried and delivered");
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
        _ => None,
    })
    .expect("settings");
    let started = Instant::now();
    let err = hometutor_server::open_database(&settings).await.err().map(|e| format!("{e:#}")).unwrap_or_default();
    assert!(err.contains("cannot connect to PostgreSQL"), "{err}");
    assert!(started.elapsed() < Duration::from_secs(10));
}
