//! Refusals before any domain reads a request, in the reader's language: a body that is not
//! JSON, not of the request's shape or carrying a NUL; maintenance mode; paths no route takes;
//! and the chat socket's `error` events, in the language its user chose.

use futures_util::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message as Frame;

use super::{call_in, choose_language, common};
use common::socket::{send, wait_for_event};
use common::TestApp;

#[actix_web::test]
async fn bodies_that_are_not_json_or_not_the_requests_shape_are_refused_in_the_browsers_language() {
    let app = TestApp::start().await;
    let login = format!("{}/api/auth/login", app.base);
    for (accept, said) in [
        ("hi", "JSON बॉडी चाहिए (Content-Type: application/json)।"),
        ("en", "Expected a JSON body (Content-Type: application/json)."),
    ] {
        let res =
            app.client.post(&login).header("Accept-Language", accept).body("email=a").send().await.expect("answer");
        assert_eq!(res.status().as_u16(), 415);
        let body: serde_json::Value = res.json().await.expect("JSON");
        assert_eq!((body["code"].as_str(), body["message"].as_str()), (Some("unsupported_media_type"), Some(said)));
    }

    let nul = json!({"email": "a\u{0}@example.com", "password": "secret-123"});
    let hindi = call_in(&app, Some("hi"), "POST", "/api/auth/login", None, Some(nul.clone())).await;
    assert_eq!((hindi.status, hindi.body["code"].as_str()), (400, Some("validation")), "{:?}", hindi.body);
    assert_eq!(hindi.body["message"], "टेक्स्ट में NUL कैरेक्टर (U+0000) नहीं होना चाहिए।");
    assert_eq!(hindi.body["fields"]["email"], "इसमें NUL कैरेक्टर (U+0000) नहीं होना चाहिए।");
    let english = call_in(&app, None, "POST", "/api/auth/login", None, Some(nul)).await;
    assert_eq!(english.body["message"], "Text must not contain the NUL character (U+0000).");
    assert_eq!(english.body["fields"]["email"], "Must not contain the NUL character (U+0000).");

    let misshapen = json!({"email": 5, "password": "secret-123"});
    let hindi = call_in(&app, Some("hi"), "POST", "/api/auth/login", None, Some(misshapen.clone())).await;
    let message = hindi.body["message"].as_str().unwrap_or_default();
    assert_eq!(hindi.status, 400);
    assert!(message.starts_with("अनुरोध अमान्य है: email: ") && message.ends_with('।'), "{message}");
    let english = call_in(&app, None, "POST", "/api/auth/login", None, Some(misshapen)).await;
    let message = english.body["message"].as_str().unwrap_or_default();
    assert!(message.starts_with("Invalid request: email: ") && message.ends_with('.'), "{message}");
}

#[actix_web::test]
async fn unknown_paths_and_methods_are_answered_in_the_browsers_language() {
    let app = TestApp::start().await;
    let hindi = call_in(&app, Some("hi"), "GET", "/api/no-such-thing", None, None).await;
    assert_eq!((hindi.status, hindi.body["message"].as_str()), (404, Some("ऐसा कोई API पाथ नहीं है।")));
    let english = call_in(&app, None, "GET", "/api/no-such-thing", None, None).await;
    assert_eq!((english.status, english.body["message"].as_str()), (404, Some("There is no such API path.")));

    let hindi = call_in(&app, Some("hi"), "DELETE", "/api/site", None, None).await;
    assert_eq!((hindi.status, hindi.body["code"].as_str()), (405, Some("method_not_allowed")));
    let allow = hindi.headers["allow"].to_str().unwrap_or_default().to_string();
    assert_eq!(hindi.body["message"], format!("यहाँ DELETE की अनुमति नहीं है; {allow} इस्तेमाल करें।"));
    let english = call_in(&app, None, "DELETE", "/api/site", None, None).await;
    assert_eq!(english.body["message"], format!("DELETE is not allowed here; use {allow}."));
}

#[actix_web::test]
async fn maintenance_mode_is_announced_in_each_readers_language() {
    let app = TestApp::start().await;
    let admin = app.verified_user("admin@example.com", "admin").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    choose_language(&app, &parent, "hi").await;
    let on = json!({"siteTitle": "HomeTutor", "theme": "light", "maintenanceMode": true});
    assert_eq!(app.call("POST", "/api/admin/settings", Some(&admin), Some(on)).await.status, 200);

    let hindi = "HomeTutor पर अभी रखरखाव चल रहा है। कृपया थोड़ी देर बाद फिर से कोशिश करें।";
    let english = "HomeTutor is down for maintenance. Please try again a little later.";
    let signed_in = call_in(&app, Some("en"), "GET", "/api/tuition/mine", Some(&parent), None).await;
    assert_eq!((signed_in.status, signed_in.body["message"].as_str()), (503, Some(hindi)), "her own language");
    let visitor = call_in(&app, Some("hi-IN"), "GET", "/api/tutors/search", None, None).await;
    assert_eq!((visitor.status, visitor.body["message"].as_str()), (503, Some(hindi)));
    assert!(visitor.headers.contains_key("retry-after"));
    let visitor = call_in(&app, None, "GET", "/api/tutors/search", None, None).await;
    assert_eq!((visitor.status, visitor.body["message"].as_str()), (503, Some(english)));
}

#[actix_web::test]
async fn the_chat_socket_refuses_in_the_language_its_user_chose() {
    let app = TestApp::start().await;
    let asha = app.verified_user("asha@example.com", "parent").await;
    choose_language(&app, &asha, "hi").await;
    let ravi = app.verified_user("ravi@example.com", "parent").await;
    let mut hindi = app.open_socket(&asha).await;
    let mut english = app.open_socket(&ravi).await;

    for (socket, said) in
        [(&mut hindi, "{\"event\": …, \"data\": …} चाहिए।"), (&mut english, "Expected {\"event\": …, \"data\": …}.")]
    {
        socket.send(Frame::text("not json")).await.expect("send");
        let error = wait_for_event(socket, "error").await;
        assert_eq!(error["data"]["message"], said);
    }
    for (socket, said) in [(&mut hindi, "संदेश खाली नहीं हो सकता"), (&mut english, "Message cannot be empty")]
    {
        send(socket, "sendMessage", json!({"to": 1, "text": "  ", "clientId": "c-1"})).await;
        let error = wait_for_event(socket, "error").await;
        assert_eq!(
            (&error["data"]["message"], &error["data"]["code"], &error["data"]["clientId"]),
            (&json!(said), &json!("empty_message"), &json!("c-1"))
        );
    }
}

#[actix_web::test]
async fn the_routes_own_refusals_are_in_the_readers_language() {
    let app = TestApp::start().await;
    let path = "/api/places/nearest?location=[500,500]";
    let hindi = call_in(&app, Some("hi"), "GET", path, None, None).await;
    assert_eq!(
        (hindi.status, hindi.body["message"].as_str()),
        (400, Some("location किसी असली जगह का [longitude,latitude] होना चाहिए।"))
    );
    let english = call_in(&app, None, "GET", path, None, None).await;
    assert_eq!(english.body["message"], "location must be [longitude,latitude] of a real place.");

    let asha = app.verified_user("asha@example.com", "parent").await;
    choose_language(&app, &asha, "hi").await;
    let ravi = app.verified_user("ravi@example.com", "parent").await;
    let hindi = app.call("GET", "/api/messages", Some(&asha), None).await;
    assert_eq!((hindi.status, hindi.body["message"].as_str()), (400, Some("userId या requestId दें।")));
    let english = app.call("GET", "/api/messages", Some(&ravi), None).await;
    assert_eq!((english.status, english.body["message"].as_str()), (400, Some("Give userId or requestId.")));
}
