//! The account API driven over HTTP against the real server, with a real SMTP
//! sink catching the e-mails. Runs on PostgreSQL too when TEST_DATABASE_URL is set.

use crate::common;

use std::time::{Duration, Instant};

use common::{TestApp, PASSWORD};
use diesel::prelude::*;
use hometutor_db::schema::users;
use serde_json::json;

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
