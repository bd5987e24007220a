//! A closed request is not open to tutors anywhere: a subscribed tutor cannot start a chat
//! about it, over HTTP or the chat socket, and nearby search and its count leave it out. Its
//! parent's reopening opens all of it again.

use serde_json::json;

use super::{nearby_path, post, subscribe, DELHI};
use crate::common::socket::{next_event, send, WAIT};
use crate::common::TestApp;

const NOT_ALLOWED: &str = "You can message this person once they contact you or through one of their tuition requests.";

#[actix_web::test]
async fn a_tutors_first_message_about_a_closed_request_is_refused_over_http_and_the_socket() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    subscribe(&app, &tutor).await;
    let parent_id =
        app.call("GET", "/api/auth/profile", Some(&parent), None).await.body["user"]["id"].as_i64().expect("id");
    let (_, request) = post(&app, &parent, "Maths", json!(DELHI)).await;
    let request = request["id"].as_i64().expect("request id");
    let close = app
        .call("POST", &format!("/api/tuition/{request}/close"), Some(&parent), Some(json!({"outcome": "not_needed"})))
        .await;
    assert_eq!(close.status, 200, "{:?}", close.body);

    let about = json!({"to": parent_id, "text": "I teach maths", "requestId": request});
    let refused = app.call("POST", "/api/messages", Some(&tutor), Some(about.clone())).await;
    assert_eq!(
        (refused.status, refused.body["code"].as_str(), refused.body["message"].as_str()),
        (403, Some("contact_not_allowed"), Some(NOT_ALLOWED))
    );

    let mut socket = app.open_socket(&tutor).await;
    let frame = json!({"to": parent_id, "text": "I teach maths", "requestId": request, "clientId": "t1"});
    send(&mut socket, "sendMessage", frame).await;
    let error = next_event(&mut socket, WAIT).await.expect("an answer");
    assert_eq!(
        (error["event"].as_str(), error["data"]["code"].as_str(), error["data"]["clientId"].as_str()),
        (Some("error"), Some("contact_not_allowed"), Some("t1"))
    );
    assert_eq!(error["data"]["message"], NOT_ALLOWED);

    let conversations = app.call("GET", "/api/messages/conversations", Some(&parent), None).await;
    assert_eq!(conversations.body, json!([]), "nothing reached the parent");
    let nearby = app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await;
    assert_eq!(nearby.body, json!([]), "nor is it in nearby search");
    let count_path = format!("/api/tuition/nearby/count?coordinates={},{}", DELHI[0], DELHI[1]);
    assert_eq!(app.call("GET", &count_path, Some(&tutor), None).await.body["count"], 0, "nor in its count");

    // Reopened, it is open to tutors again: listed, counted, and the first message goes through.
    let reopen = app.call("POST", &format!("/api/tuition/{request}/reopen"), Some(&parent), None).await;
    assert_eq!(reopen.status, 200);
    assert_eq!(app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await.body[0]["id"], request);
    assert_eq!(app.call("GET", &count_path, Some(&tutor), None).await.body["count"], 1);
    assert_eq!(app.call("POST", "/api/messages", Some(&tutor), Some(about)).await.status, 201);
}
