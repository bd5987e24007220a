//! Error and success messages in the request's language: a signed-in user's stored one,
//! otherwise the browser's `Accept-Language`. English answers are the spec's, word for word.

use serde_json::json;

use super::{call_in, choose_language, common};
use common::TestApp;

#[actix_web::test]
async fn a_wrong_password_is_refused_in_the_browsers_language() {
    let app = TestApp::start().await;
    app.verified_user("asha@example.com", "parent").await;
    let wrong = json!({"email": "asha@example.com", "password": "not the password"});

    let hindi =
        call_in(&app, Some("hi-IN,hi;q=0.9,en;q=0.8"), "POST", "/api/auth/login", None, Some(wrong.clone())).await;
    assert_eq!((hindi.status, hindi.body["code"].as_str()), (401, Some("invalid_credentials")));
    assert_eq!(hindi.body["message"], "ई-मेल या पासवर्ड गलत है।");

    for accept in [None, Some("en-IN"), Some("fr")] {
        let english = call_in(&app, accept, "POST", "/api/auth/login", None, Some(wrong.clone())).await;
        assert_eq!(english.body["message"], "Invalid email or password.", "{accept:?}");
    }
}

#[actix_web::test]
async fn a_query_string_that_does_not_parse_is_refused_in_the_browsers_language() {
    let app = TestApp::start().await;
    let path = "/api/tutors/search?page=first";
    let hindi = call_in(&app, Some("hi"), "GET", path, None, None).await;
    assert_eq!((hindi.status, hindi.body["code"].as_str()), (400, Some("invalid_request")));
    let message = hindi.body["message"].as_str().unwrap();
    assert_eq!(message, "क्वेरी अमान्य है: Query deserialize error: invalid digit found in string");
    let english = call_in(&app, None, "GET", path, None, None).await;
    assert_eq!(english.body["message"], "Invalid query: Query deserialize error: invalid digit found in string");
}

#[actix_web::test]
async fn validation_errors_name_each_field_in_hindi_and_stay_exact_in_english() {
    let app = TestApp::start().await;
    let body =
        json!({"fullname": "Asha", "role": "parent", "email": "not-an-email", "phone": "12345", "password": "short"});

    let hindi = call_in(&app, Some("hi"), "POST", "/api/auth/register", None, Some(body.clone())).await;
    assert_eq!((hindi.status, hindi.body["code"].as_str()), (400, Some("validation")), "{:?}", hindi.body);
    assert_eq!(hindi.body["fields"]["phone"], "फ़ोन नंबर 10 अंकों का होना चाहिए।");
    assert_eq!(hindi.body["fields"]["email"], "कृपया एक मान्य ई-मेल पता डालें।");
    assert_eq!(hindi.body["fields"]["password"], "पासवर्ड कम से कम 8 अक्षरों का होना चाहिए।");
    assert_eq!(hindi.body["message"], hindi.body["fields"]["email"], "the first field's message, as in English");

    let english = call_in(&app, None, "POST", "/api/auth/register", None, Some(body)).await;
    assert_eq!(english.body["fields"]["phone"], "Phone number must be 10 digits.");
    assert_eq!(english.body["fields"]["email"], "Please enter a valid email address.");
    assert_eq!(english.body["message"], "Please enter a valid email address.");
}

#[actix_web::test]
async fn too_many_failed_sign_ins_are_refused_in_hindi_with_the_wait() {
    let app = TestApp::start().await;
    app.verified_user("asha@example.com", "parent").await;
    let wrong = json!({"email": "asha@example.com", "password": "not the password"});
    for _ in 0..5 {
        assert_eq!(app.post("/api/auth/login", wrong.clone()).await.status, 401);
    }
    let refused = call_in(&app, Some("hi"), "POST", "/api/auth/login", None, Some(wrong)).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (429, Some("rate_limited")), "{:?}", refused.body);
    assert!(refused.headers.contains_key("retry-after"));
    let message = refused.body["message"].as_str().unwrap();
    assert!(
        message.starts_with("बहुत ज़्यादा कोशिशें हो गई हैं। कृपया ") && message.ends_with(" मिनट बाद फिर से कोशिश करें।"),
        "{message}"
    );
    assert!(message.contains("15"), "the minutes to wait: {message}");
}

#[actix_web::test]
async fn a_signed_in_users_own_language_wins_over_the_browsers() {
    let app = TestApp::start().await;
    let asha = app.verified_user("asha@example.com", "parent").await;
    let ravi = app.verified_user("ravi@example.com", "parent").await;
    choose_language(&app, &asha, "hi").await;

    let bad_phone = json!({"phone": "123"});
    let hindi = call_in(&app, Some("en-US"), "PUT", "/api/auth/profile", Some(&asha), Some(bad_phone.clone())).await;
    assert_eq!(hindi.body["fields"]["phone"], "फ़ोन नंबर 10 अंकों का होना चाहिए।", "{:?}", hindi.body);
    let english = call_in(&app, Some("hi"), "PUT", "/api/auth/profile", Some(&ravi), Some(bad_phone)).await;
    assert_eq!(english.body["fields"]["phone"], "Phone number must be 10 digits.", "Ravi chose English");

    let not_admin = call_in(&app, Some("en"), "GET", "/api/admin/users", Some(&asha), None).await;
    assert_eq!((not_admin.status, not_admin.body["message"].as_str()), (403, Some("इसके लिए एडमिन होना ज़रूरी है।")));

    let logout = call_in(&app, Some("en"), "POST", "/api/auth/logout", Some(&asha), None).await;
    assert_eq!(logout.body["message"], "आप साइन आउट हो गए हैं।");
    // The token is revoked: who it was is no longer known, so the browser's language answers.
    let after = call_in(&app, Some("hi"), "GET", "/api/auth/profile", Some(&asha), None).await;
    assert_eq!(
        (after.status, after.body["message"].as_str()),
        (401, Some("आपका सेशन समाप्त हो गया है। कृपया फिर से साइन इन करें।"))
    );
    let english = call_in(&app, None, "GET", "/api/auth/profile", Some(&asha), None).await;
    assert_eq!(english.body["message"], "Session expired. Please log in again.");
}

#[actix_web::test]
async fn success_messages_follow_the_browser_for_visitors() {
    let app = TestApp::start().await;
    let sent = call_in(
        &app,
        Some("hi"),
        "POST",
        "/api/auth/send-reset-otp",
        None,
        Some(json!({"email": "nobody@example.com"})),
    )
    .await;
    assert_eq!(sent.body["message"], "अगर इस ई-मेल का कोई खाता है, तो हमने उस पर रीसेट कोड भेज दिया है।");
    let sent =
        call_in(&app, None, "POST", "/api/auth/send-reset-otp", None, Some(json!({"email": "nobody@example.com"})))
            .await;
    assert_eq!(sent.body["message"], "If an account exists for this e-mail, we have sent a reset code to it.");
    let bad_link = call_in(&app, Some("hi"), "GET", "/api/verify-email?token=x&email=a%40b.in", None, None).await;
    assert_eq!((bad_link.status, bad_link.body["message"].as_str()), (400, Some("सत्यापन लिंक अमान्य है।")));
}

#[actix_web::test]
async fn the_other_routes_success_messages_follow_the_reader_too() {
    let app = TestApp::start().await;
    let ticket =
        json!({"name": "Asha", "email": "asha@example.com", "subject": "Fees", "message": "How do fees work?"});
    let sent = call_in(&app, Some("hi"), "POST", "/api/support-tickets", None, Some(ticket.clone())).await;
    assert_eq!(
        (sent.status, sent.body["message"].as_str()),
        (201, Some("धन्यवाद! आपका संदेश भेज दिया गया है। हम आमतौर पर 2-4 घंटे में जवाब देते हैं।"))
    );
    let sent = call_in(&app, None, "POST", "/api/support-tickets", None, Some(ticket)).await;
    assert_eq!(sent.body["message"], "Thank you! Your message has been sent. We usually answer within 2-4 hours.");

    let hindi = app.verified_user("admin-hi@example.com", "admin").await;
    choose_language(&app, &hindi, "hi").await;
    let english = app.verified_user("admin-en@example.com", "admin").await;
    for (admin, said) in [(&hindi, "उपयोगकर्ता हटा दिया गया।"), (&english, "User deleted.")]
    {
        let parent = app.verified_user(&format!("p-{}@example.com", said.len()), "parent").await;
        let id =
            app.call("GET", "/api/auth/profile", Some(&parent), None).await.body["user"]["id"].as_i64().expect("id");
        let deleted = app.call("POST", &format!("/api/admin/users/{id}/delete"), Some(admin), None).await;
        assert_eq!((deleted.status, deleted.body["message"].as_str()), (200, Some(said)), "{:?}", deleted.body);
    }
}
