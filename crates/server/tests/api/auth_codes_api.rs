//! Codes and links sent by e-mail, driven over HTTP against the real server with a real SMTP
//! sink: password resets, verification codes, how often they may be asked for, and the outbox
//! that holds them until they are sent (and erases them then).

use crate::common;

use std::time::{Duration, Instant};

use common::{TestApp, PASSWORD};
use diesel::prelude::*;
use hometutor_db::schema::{outbox_emails, users};
use serde_json::json;

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
