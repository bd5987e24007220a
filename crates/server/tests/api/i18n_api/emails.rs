//! E-mails in the recipient's language, read through the real SMTP sink: a Hindi user's
//! codes and notices come in Hindi, an English user's exactly as before, and a visitor
//! without an account yet gets the language their browser asks for.

use std::time::Duration;

use serde_json::json;

use super::{call_in, choose_language, common, read_mail, ReadMail};
use common::{TestApp, PASSWORD};

/// The newest e-mail to `to` whose subject is `subject`, waiting for it to arrive.
async fn mail_with_subject(app: &TestApp, to: &str, subject: &str) -> ReadMail {
    let mail = app
        .smtp
        .wait_until(Duration::from_secs(10), |m| {
            m.to.iter().any(|t| t.eq_ignore_ascii_case(to)) && read_mail(&m.data).subject == subject
        })
        .await;
    let Some(mail) = mail else {
        let subjects: Vec<String> = app.smtp.mails().iter().map(|m| read_mail(&m.data).subject).collect();
        panic!("no mail '{subject}' to {to}; the sink has {subjects:?}");
    };
    read_mail(&mail.data)
}

#[actix_web::test]
async fn a_hindi_user_gets_the_reset_code_and_the_password_changed_mail_in_hindi() {
    let app = TestApp::start().await;
    let token = app.verified_user("asha@example.com", "parent").await;
    choose_language(&app, &token, "hi").await;

    // The reset is asked for from an English browser: the account's language decides.
    let sent =
        call_in(&app, Some("en"), "POST", "/api/auth/send-reset-otp", None, Some(json!({"email": "asha@example.com"})))
            .await;
    assert_eq!(sent.status, 200);
    let mail = mail_with_subject(&app, "asha@example.com", "आपका HomeTutor पासवर्ड रीसेट कोड").await;
    assert!(mail.body.starts_with("नमस्ते,\n\nआपका पासवर्ड रीसेट कोड: "), "{}", mail.body);
    assert!(mail.body.contains("यह कोड 10 मिनट तक मान्य है।") && mail.body.ends_with("— HomeTutor"), "{}", mail.body);
    let code: String = mail.body.split("कोड: ").nth(1).unwrap().chars().take(6).collect();

    let reset = app
        .post(
            "/api/auth/reset-password",
            json!({"email": "asha@example.com", "otp": code, "newPassword": "a new password 1"}),
        )
        .await;
    assert_eq!(reset.status, 200, "{:?}", reset.body);
    let changed = mail_with_subject(&app, "asha@example.com", "आपका HomeTutor पासवर्ड बदल दिया गया है").await;
    assert!(
        changed.body.contains("http://localhost:8080/login") && changed.body.contains("सभी से आपको साइन आउट"),
        "{}",
        changed.body
    );
}

#[actix_web::test]
async fn an_english_user_gets_the_same_mails_as_before() {
    let app = TestApp::start().await;
    app.verified_user("ravi@example.com", "tutor").await;
    let sent = call_in(
        &app,
        Some("hi-IN"),
        "POST",
        "/api/auth/send-reset-otp",
        None,
        Some(json!({"email": "ravi@example.com"})),
    )
    .await;
    assert_eq!(sent.status, 200);
    let mail = mail_with_subject(&app, "ravi@example.com", "Your HomeTutor password reset code").await;
    assert!(mail.body.starts_with("Hello,\n\nYour password reset code: "), "{}", mail.body);
    assert!(mail.body.contains("your password stays the same.\n\n— HomeTutor"), "{}", mail.body);
}

#[actix_web::test]
async fn a_visitor_registering_from_a_hindi_browser_is_sent_the_code_in_hindi() {
    let app = TestApp::start().await;
    let body = json!({"fullname": "Asha Kumar", "role": "parent", "email": "asha@example.com", "phone": "9876543210", "password": PASSWORD});
    let reply = call_in(&app, Some("hi-IN,hi;q=0.9"), "POST", "/api/auth/register", None, Some(body)).await;
    assert_eq!(reply.status, 201);
    let mail = mail_with_subject(&app, "asha@example.com", "अपना HomeTutor ई-मेल सत्यापित करें").await;
    assert!(mail.body.starts_with("नमस्ते Asha Kumar,\n\nHomeTutor में आपका स्वागत है। आपका सत्यापन कोड: "), "{}", mail.body);
    assert!(mail.body.contains("/verify-email?token="), "{}", mail.body);
    // Someone registering the address again from an English browser: its owner reads Hindi.
    app.db()
        .write(|c| {
            use diesel::prelude::*;
            use hometutor_db::schema::users;
            diesel::update(users::table)
                .set(users::email_verified.eq(true))
                .execute(c)
                .map_err(hometutor_db::DbError::from)
        })
        .unwrap();
    let again = json!({"fullname": "Mallory", "role": "tutor", "email": "asha@example.com", "phone": "9000000666", "password": PASSWORD});
    assert_eq!(call_in(&app, Some("en"), "POST", "/api/auth/register", None, Some(again)).await.status, 201);
    let warning = mail_with_subject(&app, "asha@example.com", "किसी ने आपके ई-मेल से पंजीकरण करने की कोशिश की").await;
    assert!(warning.body.contains("http://localhost:8080/login"), "{}", warning.body);
}
