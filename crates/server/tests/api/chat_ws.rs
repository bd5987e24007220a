//! The chat WebSocket against the real server: delivery, acks, typing, privacy,
//! tickets, catch-up after a reconnect, origin check and rate limit.

use crate::common;

use common::socket::{assert_nothing_arrived, closed_with, events_until_marker, next_event, send, still_open, WAIT};
use common::TestApp;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

#[actix_web::test]
async fn two_users_chat_live_and_a_third_hears_nothing() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let outsider = app.verified_user("outsider@example.com", "parent").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let (mut p, mut t, mut o) =
        (app.open_socket(&parent).await, app.open_socket(&tutor).await, app.open_socket(&outsider).await);

    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "Namaste!", "clientId": "c1"})).await;
    let ack = next_event(&mut p, WAIT).await.expect("ack");
    assert_eq!(
        (ack["event"].as_str(), ack["data"]["clientId"].as_str(), ack["data"]["seq"].as_i64()),
        (Some("ack"), Some("c1"), Some(1))
    );
    let got = next_event(&mut t, WAIT).await.expect("delivered");
    assert_eq!((got["event"].as_str(), got["data"]["text"].as_str()), (Some("newMessage"), Some("Namaste!")));
    assert_eq!(got["data"]["from"]["id"], parent_id);

    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    let typing = next_event(&mut p, WAIT).await.expect("typing");
    assert_eq!((typing["event"].as_str(), typing["data"]["userId"].as_i64()), (Some("userTyping"), Some(tutor_id)));

    // A resend of the same clientId is acknowledged with the same id and not delivered twice.
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "Namaste!", "clientId": "c1"})).await;
    let again = next_event(&mut p, WAIT).await.expect("ack");
    assert_eq!(again["data"]["id"], ack["data"]["id"]);
    // Had the resend been pushed again, it would be queued for the tutor before its ack.
    assert_nothing_arrived(&mut t, "no duplicate delivery").await;
    assert_nothing_arrived(&mut o, "the outsider hears nothing").await;

    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "  ", "clientId": "c2"})).await;
    let empty = next_event(&mut p, WAIT).await.expect("error");
    assert_eq!(
        (empty["event"].as_str(), empty["data"]["message"].as_str()),
        (Some("error"), Some("Message cannot be empty"))
    );
}

#[actix_web::test]
async fn a_blocked_user_is_neither_heard_nor_seen_typing() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    // The parent wrote first, so the tutor may reply: what stops the tutor below is the block.
    let first = json!({"to": tutor_id, "text": "Are you free on Mondays?"});
    assert_eq!(app.call("POST", "/api/messages", Some(&parent), Some(first)).await.status, 201);
    let (mut p, mut t) = (app.open_socket(&parent).await, app.open_socket(&tutor).await);
    let block = app.call("POST", "/api/chat/block", Some(&parent), Some(json!({"partnerId": tutor_id}))).await;
    assert_eq!(block.status, 204);

    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "hello?", "clientId": "t1"})).await;
    let refused = next_event(&mut t, WAIT).await.expect("error");
    assert_eq!(
        (refused["event"].as_str(), refused["data"]["clientId"].as_str(), refused["data"]["message"].as_str()),
        (Some("error"), Some("t1"), Some("This user is not accepting your messages."))
    );
    // The tutor's events were answered in turn, so the typing was dealt with before the refusal came.
    assert_nothing_arrived(&mut p, "neither the typing nor the message reaches the parent").await;

    // The block goes one way: the parent can still write, and is seen typing.
    send(&mut p, "typing", json!({"to": tutor_id, "isTyping": true})).await;
    let typing = next_event(&mut t, WAIT).await.expect("typing");
    assert_eq!((typing["event"].as_str(), typing["data"]["userId"].as_i64()), (Some("userTyping"), Some(parent_id)));

    assert_eq!(app.call("DELETE", &format!("/api/chat/block/{tutor_id}"), Some(&parent), None).await.status, 204);
    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    let seen = next_event(&mut p, WAIT).await.expect("typing after the unblock");
    assert_eq!((seen["event"].as_str(), seen["data"]["userId"].as_i64()), (Some("userTyping"), Some(tutor_id)));
}

#[actix_web::test]
async fn tickets_are_single_use_and_other_sites_are_refused() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let t = app.ticket(&parent).await;
    let url = format!("{}/api/ws?ticket={t}", app.base.replace("http", "ws"));
    assert!(tokio_tungstenite::connect_async(url.clone()).await.is_ok());
    assert!(tokio_tungstenite::connect_async(url).await.is_err(), "a used ticket opens nothing");
    assert!(tokio_tungstenite::connect_async(format!("{}/api/ws", app.base.replace("http", "ws"))).await.is_err());
    assert_eq!(app.call("POST", "/api/chat/ticket", None, None).await.status, 401);

    let mut request = format!("{}/api/ws?ticket={}", app.base.replace("http", "ws"), app.ticket(&parent).await)
        .into_client_request()
        .expect("request");
    request.headers_mut().insert("origin", "https://evil.example".parse().expect("header"));
    assert!(tokio_tungstenite::connect_async(request).await.is_err(), "cross-site handshake refused");
}

#[actix_web::test]
async fn a_reconnecting_client_gets_what_it_missed_exactly_once() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let mut p = app.open_socket(&parent).await;
    let mut t = app.open_socket(&tutor).await;
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "one", "clientId": "1"})).await;
    next_event(&mut p, WAIT).await.expect("ack");
    let seen = next_event(&mut t, WAIT).await.expect("one");
    let last_seq = seen["data"]["seq"].as_i64().expect("seq");
    t.close(None).await.expect("close");

    for (i, text) in ["two", "three"].iter().enumerate() {
        send(&mut p, "sendMessage", json!({"to": tutor_id, "text": text, "clientId": format!("m{i}")})).await;
        next_event(&mut p, WAIT).await.expect("ack");
    }
    let mut t = app.open_socket(&tutor).await;
    send(&mut t, "join", json!({"userId": parent_id, "afterSeq": last_seq})).await;
    let texts: Vec<Value> = events_until_marker(&mut t).await.iter().map(|e| e["data"]["text"].clone()).collect();
    assert_eq!(texts, vec!["two", "three"]);
}

#[actix_web::test]
async fn flooding_gets_an_error_event_not_a_dropped_socket() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut p = app.open_socket(&parent).await;
    for _ in 0..35 {
        send(&mut p, "typing", json!({"to": tutor_id, "isTyping": true})).await;
    }
    let limited = next_event(&mut p, WAIT).await.expect("error event");
    assert!(limited["data"]["message"].as_str().is_some_and(|m| m.contains("slow down")));
    assert!(still_open(&mut p).await, "the socket stays open");
}

/// Two server instances, each with its own hub, as two processes behind a load balancer would be.
#[actix_web::test]
async fn two_server_instances_share_chat_through_redis() {
    let redis = ("REDIS_URL", "redis://127.0.0.1:6379".to_string());
    let app = TestApp::start_with(std::slice::from_ref(&redis)).await;
    let peer = app.start_peer(&[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let mut p = app.open_socket_at(&app.base, &parent).await;
    let mut t = app.open_socket_at(&peer, &tutor).await;

    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "across processes", "clientId": "x1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    let got = next_event(&mut t, WAIT).await.expect("delivered by the other process");
    assert_eq!((got["event"].as_str(), got["data"]["text"].as_str()), (Some("newMessage"), Some("across processes")));

    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    let typing = next_event(&mut p, WAIT).await.expect("typing across processes");
    assert_eq!(typing["event"], "userTyping");
    // An echo of its own typing would reach the tutor through Redis ahead of the parent's answer.
    send(&mut p, "typing", json!({"to": tutor_id, "isTyping": true})).await;
    let next = next_event(&mut t, WAIT).await.expect("the parent's typing");
    assert_eq!(
        (next["event"].as_str(), next["data"]["userId"].as_i64()),
        (Some("userTyping"), Some(parent_id)),
        "nothing echoes back"
    );
}

/// The same across a real process boundary: the built binary as a second process.
#[actix_web::test]
async fn a_separate_server_process_shares_chat_through_redis() {
    let redis = ("REDIS_URL", "redis://127.0.0.1:6379".to_string());
    let app = TestApp::start_with(std::slice::from_ref(&redis)).await;
    let peer = app.start_peer_process(&[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let mut p = app.open_socket_at(&app.base, &parent).await;
    let mut t = app.open_socket_at(&peer.base, &tutor).await;

    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "to the other process", "clientId": "z1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    let got = next_event(&mut t, WAIT).await.expect("delivered by the other process");
    assert_eq!(got["data"]["text"], "to the other process");

    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "and back", "clientId": "z2"})).await;
    let ack = next_event(&mut t, WAIT).await.expect("ack from the other process");
    assert_eq!((ack["event"].as_str(), ack["data"]["seq"].as_i64()), (Some("ack"), Some(2)), "one numbering");
    let got = next_event(&mut p, WAIT).await.expect("delivered back");
    assert_eq!((got["event"].as_str(), got["data"]["text"].as_str()), (Some("newMessage"), Some("and back")));
    // A second copy would come through Redis ahead of what the tutor does next.
    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    let next = next_event(&mut p, WAIT).await.expect("the tutor's typing");
    assert_eq!(
        (next["event"].as_str(), next["data"]["userId"].as_i64()),
        (Some("userTyping"), Some(tutor_id)),
        "each message arrives once"
    );
}

#[actix_web::test]
async fn without_redis_a_second_process_does_not_hear() {
    let app = TestApp::start().await;
    let peer = app.start_peer(&[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut p = app.open_socket_at(&app.base, &parent).await;
    let mut t = app.open_socket_at(&peer, &tutor).await;
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "only stored", "clientId": "y1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    assert_nothing_arrived(&mut t, "one process, one hub: the bridge is what carries it").await;
    let history =
        app.call("GET", &format!("/api/messages?userId={}", id_of(&app, &parent).await), Some(&tutor), None).await;
    assert_eq!(history.body[0]["text"], "only stored", "but nothing is lost: it is in the history");
}

#[actix_web::test]
async fn a_message_sent_over_rest_is_pushed_live_too() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut t = app.open_socket(&tutor).await;
    let sent =
        app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": tutor_id, "text": "via REST"}))).await;
    assert_eq!(sent.status, 201);
    let got = next_event(&mut t, WAIT).await.expect("pushed");
    assert_eq!((got["event"].as_str(), got["data"]["text"].as_str()), (Some("newMessage"), Some("via REST")));
}

#[actix_web::test]
async fn messages_sent_without_waiting_keep_their_order() {
    let app = TestApp::start_with(&[("CHAT_RATE_LIMIT", "1000".into())]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let (mut p, mut t) = (app.open_socket(&parent).await, app.open_socket(&tutor).await);
    // More than a socket may have unanswered at once: the server reads on as acks go out.
    for i in 0..150 {
        send(&mut p, "sendMessage", json!({"to": tutor_id, "text": format!("m{i}"), "clientId": format!("c{i}")}))
            .await;
    }
    for i in 0..150 {
        let ack = next_event(&mut p, WAIT).await.expect("ack");
        assert_eq!(
            (ack["data"]["clientId"].as_str(), ack["data"]["seq"].as_i64()),
            (Some(format!("c{i}").as_str()), Some(i + 1))
        );
        let got = next_event(&mut t, WAIT).await.expect("delivered");
        assert_eq!(got["data"]["text"], format!("m{i}"));
    }
}

#[actix_web::test]
async fn logout_closes_the_sockets_of_that_token_and_no_other() {
    let app = TestApp::start().await;
    let phone = app.verified_user("parent@example.com", "parent").await;
    let laptop = app.login("parent@example.com", common::PASSWORD).await;
    let (mut on_phone, mut also_on_phone, mut on_laptop) =
        (app.open_socket(&phone).await, app.open_socket(&phone).await, app.open_socket(&laptop).await);
    assert_eq!(app.call("POST", "/api/auth/logout", Some(&phone), None).await.status, 200);
    assert_eq!(closed_with(&mut on_phone, WAIT).await, Some(1008), "closed as a policy close: the session ended");
    assert_eq!(closed_with(&mut also_on_phone, WAIT).await, Some(1008));
    assert!(still_open(&mut on_laptop).await, "the other login's socket stays open");
    assert_eq!(app.call("POST", "/api/chat/ticket", Some(&phone), None).await.status, 401, "no new socket either");
}

#[actix_web::test]
async fn a_ticket_minted_before_logout_opens_nothing_after_it() {
    let app = TestApp::start().await;
    let phone = app.verified_user("parent@example.com", "parent").await;
    let laptop = app.login("parent@example.com", common::PASSWORD).await;
    let (before_logout, other_login) = (app.ticket(&phone).await, app.ticket(&laptop).await);
    assert_eq!(app.call("POST", "/api/auth/logout", Some(&phone), None).await.status, 200);
    let ws = app.base.replace("http", "ws");
    let refused = tokio_tungstenite::connect_async(format!("{ws}/api/ws?ticket={before_logout}")).await;
    match refused {
        Err(tokio_tungstenite::tungstenite::Error::Http(answer)) => assert_eq!(answer.status(), 401),
        other => panic!("the logged-out session's ticket must be refused with 401, got {other:?}"),
    }
    let opened = tokio_tungstenite::connect_async(format!("{ws}/api/ws?ticket={other_login}")).await;
    let mut open = opened.expect("the other login's ticket opens a socket").0;
    assert!(still_open(&mut open).await, "the other login's ticket still opens a socket");
}

#[actix_web::test]
async fn an_admins_password_reset_closes_every_socket_of_the_user() {
    let admin_env = [("ADMIN_EMAIL", "admin@example.com".to_string()), ("ADMIN_PASSWORD", common::PASSWORD.into())];
    let app = TestApp::start_with(&admin_env).await;
    let admin = app.login("admin@example.com", common::PASSWORD).await;
    let phone = app.verified_user("parent@example.com", "parent").await;
    let laptop = app.login("parent@example.com", common::PASSWORD).await;
    let other = app.verified_user("other@example.com", "parent").await;
    let (mut a, mut b, mut c) =
        (app.open_socket(&phone).await, app.open_socket(&laptop).await, app.open_socket(&other).await);
    let id = id_of(&app, &phone).await;
    let reset = json!({"password": "a brand new password"});
    let reply = app.call("POST", &format!("/api/admin/users/{id}/reset-password"), Some(&admin), Some(reset)).await;
    assert_eq!(reply.status, 200);
    assert_eq!((closed_with(&mut a, WAIT).await, closed_with(&mut b, WAIT).await), (Some(1008), Some(1008)));
    assert!(still_open(&mut c).await, "another user's socket stays open");
}

/// Logout through one process closes the socket another process holds (Redis carries the order).
#[actix_web::test]
async fn logout_in_one_process_closes_the_socket_held_by_another() {
    let redis = ("REDIS_URL", "redis://127.0.0.1:6379".to_string());
    let app = TestApp::start_with(std::slice::from_ref(&redis)).await;
    let peer = app.start_peer(&[]).await;
    let phone = app.verified_user("parent@example.com", "parent").await;
    let laptop = app.login("parent@example.com", common::PASSWORD).await;
    let mut on_peer = app.open_socket_at(&peer, &phone).await;
    let mut laptop_on_peer = app.open_socket_at(&peer, &laptop).await;
    assert_eq!(app.call("POST", "/api/auth/logout", Some(&phone), None).await.status, 200);
    assert_eq!(closed_with(&mut on_peer, WAIT).await, Some(1008));
    assert!(still_open(&mut laptop_on_peer).await);
}

#[actix_web::test]
async fn an_unsubscribed_tutor_cannot_open_a_conversation_over_the_socket() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let (mut p, mut t) = (app.open_socket(&parent).await, app.open_socket(&tutor).await);
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "Need a tutor?", "clientId": "t1"})).await;
    let refused = next_event(&mut t, WAIT).await.expect("error");
    assert_eq!(
        (refused["event"].as_str(), refused["data"]["code"].as_str(), refused["data"]["clientId"].as_str()),
        (Some("error"), Some("contact_not_allowed"), Some("t1"))
    );
    assert_eq!(
        refused["data"]["message"],
        "You can message this person once they contact you or through one of their tuition requests."
    );
    assert_nothing_arrived(&mut p, "nothing reaches the parent").await;

    // Once the parent writes, the tutor's reply goes through.
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "Yes, Class 8 maths", "clientId": "p1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    assert_eq!(next_event(&mut t, WAIT).await.expect("delivered")["event"], "newMessage");
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "Happy to help", "clientId": "t2"})).await;
    assert_eq!(next_event(&mut t, WAIT).await.expect("ack")["event"], "ack");
}

#[actix_web::test]
async fn resetting_ones_own_password_closes_every_socket() {
    let app = TestApp::start().await;
    let phone = app.verified_user("parent@example.com", "parent").await;
    let laptop = app.login("parent@example.com", common::PASSWORD).await;
    let (mut a, mut b) = (app.open_socket(&phone).await, app.open_socket(&laptop).await);
    assert_eq!(app.post("/api/auth/send-reset-otp", json!({"email": "parent@example.com"})).await.status, 200);
    let code = app.code_from_mail("parent@example.com", "Your password reset code:").await;
    let reset = json!({"email": "parent@example.com", "otp": code, "newPassword": "a brand new password"});
    assert_eq!(app.post("/api/auth/reset-password", reset).await.status, 200);
    assert_eq!((closed_with(&mut a, WAIT).await, closed_with(&mut b, WAIT).await), (Some(1008), Some(1008)));
}
