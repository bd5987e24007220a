//! Chat over REST against the real server.

use crate::common;

use common::TestApp;
use serde_json::json;

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

#[actix_web::test]
async fn two_users_chat_and_a_third_sees_nothing() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let outsider = app.verified_user("outsider@example.com", "parent").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);

    let first = app
        .call(
            "POST",
            "/api/messages",
            Some(&parent),
            Some(json!({"to": tutor_id, "text": "Namaste!", "clientId": "p-1"})),
        )
        .await;
    assert_eq!((first.status, first.body["seq"].as_i64()), (201, Some(1)));
    let resend = app
        .call(
            "POST",
            "/api/messages",
            Some(&parent),
            Some(json!({"to": tutor_id, "text": "Namaste!", "clientId": "p-1"})),
        )
        .await;
    assert_eq!((resend.status, resend.body["id"].clone()), (200, first.body["id"].clone()), "a resend is stored once");
    app.call("POST", "/api/messages", Some(&tutor), Some(json!({"to": parent_id, "text": "Hello, how can I help?"})))
        .await;

    let history = app.call("GET", &format!("/api/messages?userId={tutor_id}"), Some(&parent), None).await.body;
    let texts: Vec<_> =
        history.as_array().expect("list").iter().map(|m| m["text"].as_str().unwrap_or_default().to_string()).collect();
    assert_eq!(texts, vec!["Hello, how can I help?", "Namaste!"]);
    assert_eq!(history[0]["from"]["name"], "Asha Kumar");

    let unread = app.call("GET", "/api/messages/unread", Some(&parent), None).await.body;
    assert_eq!((unread["total"].as_i64(), unread["perUser"][tutor_id.to_string()].as_i64()), (Some(1), Some(1)));
    let conversations = app.call("GET", "/api/messages/conversations", Some(&parent), None).await.body;
    assert_eq!(conversations[0]["partner"]["email"], "tutor@example.com");
    assert_eq!(conversations[0]["lastMessage"]["text"], "Hello, how can I help?");
    assert_eq!(
        app.call("POST", "/api/messages/read", Some(&parent), Some(json!({"partnerId": tutor_id}))).await.status,
        204
    );
    assert_eq!(app.call("GET", "/api/messages/unread", Some(&parent), None).await.body["total"], 0);

    let recent = app.call("GET", &format!("/api/chat/{parent_id}?recent=1"), Some(&parent), None).await.body;
    assert_eq!(recent[0]["email"], "tutor@example.com");
    assert_eq!(app.call("GET", &format!("/api/chat/{parent_id}?recent=1"), Some(&outsider), None).await.status, 403);

    let peek = app.call("GET", &format!("/api/messages?userId={tutor_id}"), Some(&outsider), None).await.body;
    assert_eq!(peek, json!([]), "the outsider's conversation with the tutor is empty");
    assert_eq!(app.call("GET", "/api/messages/conversations", Some(&outsider), None).await.body, json!([]));
}

#[actix_web::test]
async fn empty_messages_and_blocked_senders_are_refused() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let empty = app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": tutor_id, "text": "  "}))).await;
    assert_eq!((empty.status, empty.body["message"].as_str()), (400, Some("Message cannot be empty")));
    // The parent writes first, so the tutor may reply: what stops the tutor below is the block.
    let first = json!({"to": tutor_id, "text": "Are you free on Mondays?"});
    assert_eq!(app.call("POST", "/api/messages", Some(&parent), Some(first)).await.status, 201);
    let about_nothing = json!({"to": tutor_id, "text": "about a request", "requestId": 424_242});
    let unknown = app.call("POST", "/api/messages", Some(&parent), Some(about_nothing)).await;
    assert_eq!((unknown.status, unknown.body["message"].as_str()), (404, Some("Tuition request not found.")));

    let block_status = format!("/api/chat/block/{tutor_id}");
    assert_eq!(app.call("GET", &block_status, Some(&parent), None).await.body, json!({"blocked": false}));
    assert_eq!(
        app.call("POST", "/api/chat/block", Some(&parent), Some(json!({"partnerId": tutor_id}))).await.status,
        204
    );
    assert_eq!(app.call("GET", &block_status, Some(&parent), None).await.body, json!({"blocked": true}));
    let theirs = app.call("GET", &format!("/api/chat/block/{parent_id}"), Some(&tutor), None).await;
    assert_eq!(theirs.body, json!({"blocked": false}), "the tutor has blocked nobody");
    assert_eq!(app.call("GET", &block_status, None, None).await.status, 401);
    let refused = app.call("POST", "/api/messages", Some(&tutor), Some(json!({"to": parent_id, "text": "hi"}))).await;
    assert_eq!(
        (refused.status, refused.body["message"].as_str()),
        (403, Some("This user is not accepting your messages."))
    );
    // The tutor cannot lift the parent's block: a DELETE only touches the caller's own blocks.
    assert_eq!(app.call("DELETE", &format!("/api/chat/block/{parent_id}"), Some(&tutor), None).await.status, 204);
    assert_eq!(app.call("GET", &block_status, Some(&parent), None).await.body, json!({"blocked": true}));
    let self_block = app.call("POST", "/api/chat/block", Some(&parent), Some(json!({"partnerId": parent_id}))).await;
    assert_eq!((self_block.status, self_block.body["message"].as_str()), (400, Some("You cannot block yourself.")));
    let nobody = app.call("POST", "/api/chat/block", Some(&parent), Some(json!({"partnerId": 987_654}))).await;
    assert_eq!((nobody.status, nobody.body["message"].as_str()), (404, Some("User not found.")));
    assert_eq!(app.call("DELETE", &block_status, Some(&parent), None).await.status, 204);
    assert_eq!(app.call("GET", &block_status, Some(&parent), None).await.body, json!({"blocked": false}));
    assert_eq!(
        app.call("POST", "/api/messages", Some(&tutor), Some(json!({"to": parent_id, "text": "hi"}))).await.status,
        201
    );
    assert_eq!(app.call("GET", "/api/messages", Some(&tutor), None).await.status, 400);
}

const NOT_ALLOWED: &str = "You can message this person once they contact you or through one of their tuition requests.";

/// Contact privacy: writing to every user id used to reveal each one's name and e-mail in
/// the conversation list. First contact now follows the product's relationships.
#[actix_web::test]
async fn no_account_harvests_names_and_emails_by_writing_to_every_id() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other_parent = app.verified_user("other.parent@example.com", "parent").await;
    let _rival = app.verified_user("rival.tutor@example.com", "tutor").await;
    let attacker = app.verified_user("tutor@example.com", "tutor").await;
    let attacker_id = id_of(&app, &attacker).await;
    // Ids are sequential: the four accounts above are 1 to 4.
    for to in (1..=4).filter(|id| *id != attacker_id) {
        let reply = app.call("POST", "/api/messages", Some(&attacker), Some(json!({"to": to, "text": "hi"}))).await;
        assert_eq!(
            (reply.status, reply.body["code"].as_str(), reply.body["message"].as_str()),
            (403, Some("contact_not_allowed"), Some(NOT_ALLOWED)),
            "to user {to}"
        );
    }
    assert_eq!(app.call("GET", "/api/messages/conversations", Some(&attacker), None).await.body, json!([]));
    assert_eq!(
        app.call("GET", &format!("/api/chat/{attacker_id}?recent=1"), Some(&attacker), None).await.body,
        json!([])
    );
    // Parents cannot write to each other either; nobody's details leaked.
    let other_parent_id = id_of(&app, &other_parent).await;
    let reply =
        app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": other_parent_id, "text": "hi"}))).await;
    assert_eq!(reply.status, 403);
}

#[actix_web::test]
async fn a_subscribed_tutor_writes_first_only_about_a_parents_open_request() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent_id = id_of(&app, &parent).await;
    let body = json!({"subject": "Maths", "classLevel": "Class 8", "preferredTime": "Evenings", "location": [77.209, 28.6139]});
    let request = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await.body["id"].as_i64().expect("id");
    let about = json!({"to": parent_id, "text": "I teach maths", "requestId": request});

    let unpaid = app.call("POST", "/api/messages", Some(&tutor), Some(about.clone())).await;
    assert_eq!((unpaid.status, unpaid.body["code"].as_str()), (403, Some("contact_not_allowed")), "not subscribed");
    app.subscribe(&tutor).await;
    let plain = app.call("POST", "/api/messages", Some(&tutor), Some(json!({"to": parent_id, "text": "hi"}))).await;
    assert_eq!(plain.status, 403, "subscribed, but no request named");
    assert_eq!(app.call("POST", "/api/messages", Some(&tutor), Some(about)).await.status, 201);
    // The parent sees who wrote, and may answer.
    let conversations = app.call("GET", "/api/messages/conversations", Some(&parent), None).await.body;
    assert_eq!(conversations[0]["partner"]["email"], "tutor@example.com");
}
