//! Contacts on the parent's terms, played by the tutor who would harvest them: a parent stops
//! (and starts again) sharing their phone and e-mail with one interested tutor and no view of
//! that tutor carries them; a conversation list shows no parent's e-mail the parent does not
//! share; first messages to parents and interests share one daily cap, which concurrent calls
//! cannot overrun; typing reaches only someone the sender may write to.

use crate::common;

use common::socket::{assert_nothing_arrived, next_event, send, WAIT};
use common::TestApp;
use serde_json::{json, Value};

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

/// A request of `parent`'s a little east of Delhi; its id.
async fn request_of(app: &TestApp, parent: &str, subject: &str, km: f64) -> i64 {
    let location = [77.209 + km / 100.0, 28.6139];
    let body = json!({"subject": subject, "classLevel": "Class 10", "preferredTime": "Evenings", "location": location});
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(body)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().expect("id")
}

/// Everything a tutor reads that could carry a parent's contacts, as one text.
async fn tutor_views(app: &TestApp, tutor: &str, tutor_id: i64, parent_id: i64) -> String {
    let paths = [
        "/api/tuition/nearby?coordinates=[77.209,28.6139]&radiusKm=25".to_string(),
        "/api/messages/conversations".to_string(),
        format!("/api/chat/{tutor_id}?recent=1"),
        format!("/api/messages?userId={parent_id}"),
        "/api/notifications".to_string(),
    ];
    let mut seen = String::new();
    for path in paths {
        let reply = app.call("GET", &path, Some(tutor), None).await;
        assert_eq!(reply.status, 200, "{path}: {:?}", reply.body);
        seen.push_str(&reply.body.to_string());
    }
    seen
}

#[actix_web::test]
async fn a_parent_stops_sharing_with_one_tutor_and_no_view_of_theirs_carries_the_contacts() {
    let app = TestApp::start().await;
    let parent = app.verified_user("priya@example.com", "parent").await;
    let (ravi, meena) =
        (app.verified_user("ravi@example.com", "tutor").await, app.verified_user("meena@example.com", "tutor").await);
    let outsider = app.verified_user("other@example.com", "parent").await;
    app.subscribe(&ravi).await;
    app.subscribe(&meena).await;
    let (parent_id, ravi_id, meena_id) =
        (id_of(&app, &parent).await, id_of(&app, &ravi).await, id_of(&app, &meena).await);
    let request = request_of(&app, &parent, "Maths", 1.0).await;
    let second = request_of(&app, &parent, "Physics", 2.0).await;
    for tutor in [&ravi, &meena] {
        let said = app.call("POST", &format!("/api/tuition/{request}/interested"), Some(tutor), None).await;
        assert_eq!(said.body["contact"]["email"], "priya@example.com", "{:?}", said.body);
    }
    let hello = json!({"to": ravi_id, "text": "Are you free on Saturday?"});
    assert_eq!(app.call("POST", "/api/messages", Some(&parent), Some(hello)).await.status, 201);
    let phone = app.call("GET", "/api/auth/profile", Some(&parent), None).await.body["user"]["phone"].clone();
    let phone = phone.as_str().expect("phone").to_string();
    let fullname = app.call("GET", "/api/auth/profile", Some(&parent), None).await.body["user"]["fullname"].clone();
    let fullname = fullname.as_str().expect("name").to_string();
    let before = tutor_views(&app, &ravi, ravi_id, parent_id).await;
    assert!(before.contains("priya@example.com") && before.contains(&phone), "shared while interested: {before}");

    let path = format!("/api/tuition/{request}/interested/{ravi_id}/sharing");
    // Only the request's parent decides: not the tutor, not another parent.
    assert_eq!(app.call("PUT", &path, Some(&ravi), Some(json!({"shared": false}))).await.status, 403);
    assert_eq!(app.call("PUT", &path, Some(&outsider), Some(json!({"shared": false}))).await.status, 404);
    let not_interested = format!("/api/tuition/{second}/interested/{ravi_id}/sharing");
    assert_eq!(app.call("PUT", &not_interested, Some(&parent), Some(json!({"shared": false}))).await.status, 404);
    let stopped = app.call("PUT", &path, Some(&parent), Some(json!({"shared": false}))).await;
    assert_eq!((stopped.status, &stopped.body), (200, &json!({"shared": false})));

    let after = tutor_views(&app, &ravi, ravi_id, parent_id).await;
    let again = app.call("POST", &format!("/api/tuition/{request}/interested"), Some(&ravi), None).await;
    assert_eq!((again.status, &again.body["contact"]), (200, &Value::Null));
    // A new interest in another of the parent's requests does not share them again.
    let other = app.call("POST", &format!("/api/tuition/{second}/interested"), Some(&ravi), None).await;
    assert_eq!((other.status, &other.body["contact"]), (200, &Value::Null));
    let after = after + &again.body.to_string() + &other.body.to_string();
    for secret in ["priya@example.com", phone.as_str()] {
        assert!(!after.contains(secret), "{secret} leaked after the parent stopped sharing: {after}");
    }
    let list = app.call("GET", "/api/messages/conversations", Some(&ravi), None).await.body;
    let short: String = fullname.split_whitespace().next().unwrap().to_string();
    assert!(list[0]["partner"]["name"].as_str().is_some_and(|n| n.starts_with(&short) && n.ends_with('.')));
    // The other tutor is unaffected, and the parent's list says with whom they share.
    let meena_sees = tutor_views(&app, &meena, meena_id, parent_id).await;
    assert!(meena_sees.contains("priya@example.com") && meena_sees.contains(&phone));
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body;
    let interested = mine.as_array().unwrap().iter().find(|r| r["id"] == request).unwrap()["interestedTutors"].clone();
    let sharing: Vec<(i64, bool)> = interested
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["tutor"].as_i64().unwrap(), t["sharing"].as_bool().unwrap()))
        .collect();
    assert_eq!(sharing, vec![(ravi_id, false), (meena_id, true)]);

    let shared = app.call("PUT", &path, Some(&parent), Some(json!({"shared": true}))).await;
    assert_eq!(shared.status, 200);
    let restored = tutor_views(&app, &ravi, ravi_id, parent_id).await;
    assert!(restored.contains("priya@example.com") && restored.contains(&phone), "shared again: {restored}");
}

#[actix_web::test]
async fn a_subscribed_tutor_messaging_five_parents_through_their_requests_reads_no_emails() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("harvester@example.com", "tutor").await;
    app.subscribe(&tutor).await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut parents = Vec::new();
    for i in 0..5 {
        let email = format!("family{i}@example.com");
        let parent = app.verified_user(&email, "parent").await;
        let request = request_of(&app, &parent, "Maths", 1.0 + i as f64).await;
        let id = id_of(&app, &parent).await;
        let first = json!({"to": id, "text": "I teach Maths nearby", "requestId": request});
        let sent = app.call("POST", "/api/messages", Some(&tutor), Some(first)).await;
        assert_eq!(sent.status, 201, "{:?}", sent.body);
        let fullname = app.call("GET", "/api/auth/profile", Some(&parent), None).await.body["user"]["fullname"].clone();
        parents.push((email, fullname.as_str().unwrap().to_string()));
    }
    let list = app.call("GET", "/api/messages/conversations", Some(&tutor), None).await.body;
    assert_eq!(list.as_array().map(Vec::len), Some(5));
    assert!(list.as_array().unwrap().iter().all(|c| c["partner"]["email"].is_null()));
    let recent = app.call("GET", &format!("/api/chat/{tutor_id}?recent=1"), Some(&tutor), None).await.body;
    assert!(recent.as_array().unwrap().iter().all(|c| c["email"].is_null() && c["name"].is_string()));
    let seen = list.to_string() + &recent.to_string();
    for (email, fullname) in &parents {
        assert!(!seen.contains(email.as_str()) && !seen.contains(fullname.as_str()), "{email} / {fullname}: {seen}");
    }
}

#[actix_web::test]
async fn first_messages_and_interests_share_one_daily_cap_that_concurrent_sends_cannot_overrun() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    app.subscribe(&tutor).await;
    let busy = app.verified_user("busy@example.com", "parent").await;
    // 28 of the 30 first contacts used by interests.
    for i in 0..28 {
        let request = request_of(&app, &busy, &format!("Subject {i}"), 1.0).await;
        let said = app.call("POST", &format!("/api/tuition/{request}/interested"), Some(&tutor), None).await;
        assert_eq!(said.status, 200, "{:?}", said.body);
    }
    let mut targets = Vec::new();
    for i in 0..5 {
        let parent = app.verified_user(&format!("family{i}@example.com"), "parent").await;
        let request = request_of(&app, &parent, "Maths", 2.0).await;
        targets.push((id_of(&app, &parent).await, request, parent));
    }
    let sends = targets.iter().map(|(to, request, _)| {
        let body = json!({"to": to, "text": "I teach Maths nearby", "requestId": request});
        let (app, tutor) = (&app, &tutor);
        async move { app.call("POST", "/api/messages", Some(tutor), Some(body)).await }
    });
    let replies = futures_util::future::join_all(sends).await;
    let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 2, "{statuses:?}");
    let refused: Vec<_> = replies.iter().filter(|r| r.status == 429).collect();
    assert_eq!(refused.len(), 3, "{statuses:?}");
    for r in refused {
        assert_eq!(r.body["code"], "first_contact_limit");
        assert_eq!(
            r.body["message"],
            "You have reached today's limit of 30 new contacts with families (interests and first messages together). Try again tomorrow."
        );
    }
    // In Hindi too, for a tutor who chose it.
    let chose = app.call("PUT", "/api/auth/profile", Some(&tutor), Some(json!({"language": "hi"}))).await;
    assert_eq!(chose.status, 200, "{:?}", chose.body);
    let (last_to, last_request, _) = &targets[replies.iter().position(|r| r.status == 429).unwrap()];
    let hindi = json!({"to": last_to, "text": "नमस्ते", "requestId": last_request});
    let hindi = app.call("POST", "/api/messages", Some(&tutor), Some(hindi)).await;
    assert_eq!(hindi.status, 429);
    assert!(hindi.body["message"].as_str().is_some_and(|m| m.contains("30 नए संपर्क")), "{:?}", hindi.body);

    // Writing on in a conversation already started is no new contact; an interest is refused.
    let started = replies.iter().position(|r| r.status == 201).unwrap();
    let (to, request, parent) = &targets[started];
    let more = json!({"to": to, "text": "I can also do weekends", "requestId": request});
    assert_eq!(app.call("POST", "/api/messages", Some(&tutor), Some(more)).await.status, 201);
    let interest = app.call("POST", &format!("/api/tuition/{request}/interested"), Some(&tutor), None).await;
    assert_eq!((interest.status, interest.body["code"].as_str()), (429, Some("interest_limit")));
    // A parent who writes first gets an answer: a reply is no first contact, even at the cap.
    let tutor_id = id_of(&app, &tutor).await;
    let (to, _, asking) = &targets[replies.iter().position(|r| r.status == 429).unwrap()];
    let asked = json!({"to": tutor_id, "text": "Can you teach Maths?"});
    assert_eq!(app.call("POST", "/api/messages", Some(asking), Some(asked)).await.status, 201);
    let reply = json!({"to": to, "text": "Yes, happily"});
    assert_eq!(app.call("POST", "/api/messages", Some(&tutor), Some(reply)).await.status, 201);
    let _ = parent;
}

#[actix_web::test]
async fn typing_reaches_only_someone_the_sender_may_write_to() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    app.subscribe(&tutor).await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let (mut p, mut t) = (app.open_socket(&parent).await, app.open_socket(&tutor).await);

    // Nobody has written: the tutor may not write to the parent unprompted, so is not seen typing.
    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    // A marker the socket answers after the typing: once it is answered, the typing was dealt with.
    send(&mut t, "sendMessage", json!({"to": parent_id, "text": "hello?", "clientId": "m1"})).await;
    let refused = next_event(&mut t, WAIT).await.expect("refused");
    assert_eq!(refused["event"], "error", "{refused}");
    assert_nothing_arrived(&mut p, "no typing from a stranger").await;

    // The parent writes first: now the tutor may answer, and is seen typing.
    send(&mut p, "sendMessage", json!({"to": tutor_id, "text": "Are you free?", "clientId": "p1"})).await;
    assert_eq!(next_event(&mut p, WAIT).await.expect("ack")["event"], "ack");
    assert_eq!(next_event(&mut t, WAIT).await.expect("message")["event"], "newMessage");
    send(&mut t, "typing", json!({"to": parent_id, "isTyping": true})).await;
    let typing = next_event(&mut p, WAIT).await.expect("typing");
    assert_eq!((typing["event"].as_str(), typing["data"]["userId"].as_i64()), (Some("userTyping"), Some(tutor_id)));
}
