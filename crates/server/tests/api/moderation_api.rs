//! Blocks and reports over HTTP and the chat socket: the blocked person tries every path to the
//! blocker; reports are one per reporter and target and limited per hour; the admins' queue
//! shows a report in its context, and a decision tells the reporter (in their language) and the
//! warned person; a suspension closes the account's socket on another process.

use std::time::Duration;

use crate::admin_api::id_of;
use crate::common;

use common::socket::{closed_with, next_event, send, WAIT};
use common::TestApp;
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];
const METRICS_TOKEN: &str = "scrape-me-scrape-me-0123456789";

fn east(km: f64) -> [f64; 2] {
    [DELHI[0] + km / (111.32 * DELHI[1].to_radians().cos()), DELHI[1]]
}

async fn subscribe(app: &TestApp, tutor: &str) {
    let order = app.call("POST", "/api/payment/create-session", Some(tutor), None).await.body["orderId"].clone();
    app.call("POST", "/api/payment-dev/simulate-payment", Some(tutor), Some(json!({"orderId": order}))).await;
    let verify = app.call("POST", "/api/payment/verify", Some(tutor), Some(json!({"orderId": order}))).await;
    assert_eq!(verify.status, 200);
}

async fn post_request(app: &TestApp, parent: &str, subject: &str, at: [f64; 2]) -> i64 {
    let body = json!({"subject": subject, "classLevel": "Class 10", "preferredTime": "Evenings", "location": at});
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(body)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

fn ids(list: &Value) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect()
}

async fn nearby(app: &TestApp, tutor: &str) -> (Vec<i64>, i64) {
    let path = format!("/api/tuition/nearby?coordinates=[{},{}]", DELHI[0], DELHI[1]);
    let list = app.call("GET", &path, Some(tutor), None).await;
    assert_eq!(list.status, 200, "{:?}", list.body);
    let count_path = format!("/api/tuition/nearby/count?coordinates=[{},{}]&radiusKm=10", DELHI[0], DELHI[1]);
    let count = app.call("GET", &count_path, Some(tutor), None).await.body["count"].as_i64().unwrap();
    (ids(&list.body), count)
}

#[actix_web::test]
async fn a_blocked_tutor_cannot_see_write_to_or_show_interest_in_the_blocker() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    subscribe(&app, &tutor).await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let blocked_request = post_request(&app, &parent, "Mathematics", east(2.0)).await;
    let open_request = post_request(&app, &other, "Physics", east(3.0)).await;
    let (listed, counted) = nearby(&app, &tutor).await;
    assert_eq!((listed.len(), counted), (2, 2));

    let block = app.call("POST", "/api/chat/block", Some(&parent), Some(json!({"partnerId": tutor_id}))).await;
    assert_eq!(block.status, 204);
    let mine = app.call("GET", "/api/chat/blocks", Some(&parent), None).await;
    assert_eq!(mine.status, 200);
    assert_eq!(mine.body.as_array().map(Vec::len), Some(1));
    assert_eq!((mine.body[0]["id"].as_i64(), mine.body[0]["fullname"].as_str()), (Some(tutor_id), Some("Asha Kumar")));
    assert!(mine.body[0]["blockedAt"].as_str().is_some_and(|t| t.ends_with('Z')), "{}", mine.body);
    assert_eq!(
        app.call("GET", "/api/chat/blocks", Some(&tutor), None).await.body,
        json!([]),
        "the tutor blocks nobody"
    );

    // The parent's request is gone from the tutor's list and count, and cannot be acted on.
    assert_eq!(nearby(&app, &tutor).await, (vec![open_request], 1));
    let interest = app.call("POST", &format!("/api/tuition/{blocked_request}/interested"), Some(&tutor), None).await;
    assert_eq!(interest.status, 404, "as if the request did not exist: {:?}", interest.body);
    assert!(interest.body.get("contact").is_none());
    let other_interest = app.call("POST", &format!("/api/tuition/{open_request}/interested"), Some(&tutor), None).await;
    assert_eq!(other_interest.status, 200, "other parents' requests are untouched");

    // Neither REST nor the socket carries the tutor's message to the parent.
    let by_rest = json!({"to": parent_id, "text": "Please answer", "requestId": blocked_request});
    let refused = app.call("POST", "/api/messages", Some(&tutor), Some(by_rest)).await;
    assert_eq!(refused.status, 403, "{:?}", refused.body);
    let mut socket = app.open_socket(&tutor).await;
    let by_socket = json!({"to": parent_id, "text": "Please answer", "requestId": blocked_request, "clientId": "b1"});
    send(&mut socket, "sendMessage", by_socket).await;
    let answer = next_event(&mut socket, WAIT).await.expect("an answer");
    assert_eq!((answer["event"].as_str(), answer["data"]["clientId"].as_str()), (Some("error"), Some("b1")));
    let history = app.call("GET", &format!("/api/messages?userId={tutor_id}"), Some(&parent), None).await;
    assert_eq!(history.body, json!([]), "nothing reached the parent");

    // A tutor who blocks a parent is not shown to that parent; others still see the profile.
    let profile = format!("/api/tutors/{tutor_id}");
    assert_eq!(app.call("GET", &profile, Some(&parent), None).await.status, 200);
    app.call("POST", "/api/chat/block", Some(&tutor), Some(json!({"partnerId": parent_id}))).await;
    assert_eq!(app.call("GET", &profile, Some(&parent), None).await.status, 404);
    assert_eq!(app.call("GET", &profile, Some(&other), None).await.status, 200);
    assert_eq!(app.call("GET", &profile, None, None).await.status, 200);

    // Unblocking from the list brings everything back.
    assert_eq!(app.call("DELETE", &format!("/api/chat/block/{tutor_id}"), Some(&parent), None).await.status, 204);
    assert_eq!(app.call("GET", "/api/chat/blocks", Some(&parent), None).await.body, json!([]));
    let (listed, counted) = nearby(&app, &tutor).await;
    assert_eq!((listed.len(), counted), (2, 2));
    let interest = app.call("POST", &format!("/api/tuition/{blocked_request}/interested"), Some(&tutor), None).await;
    assert_eq!(interest.status, 200);
}

async fn report(app: &TestApp, token: &str, body: Value) -> common::Reply {
    app.call("POST", "/api/reports", Some(token), Some(body)).await
}

#[actix_web::test]
async fn one_report_per_target_and_reporter_and_ten_an_hour() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let outsider = app.verified_user("outsider@example.com", "parent").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);

    let first =
        report(&app, &parent, json!({"target": "profile", "targetId": tutor_id, "reason": "money_upfront"})).await;
    assert_eq!(first.status, 201, "{:?}", first.body);
    let again = json!({"target": "profile", "targetId": tutor_id, "reason": "spam", "details": "again"});
    let repeat = report(&app, &parent, again).await;
    assert_eq!((repeat.status, repeat.body["message"].as_str()), (409, Some("You have already reported this.")));
    let me = report(&app, &parent, json!({"target": "profile", "targetId": parent_id, "reason": "spam"})).await;
    assert_eq!(me.status, 409);
    let vague = report(&app, &outsider, json!({"target": "profile", "targetId": tutor_id, "reason": "other"})).await;
    assert_eq!(vague.status, 400, "'other' needs words: {:?}", vague.body);
    let anonymous =
        app.call("POST", "/api/reports", None, Some(json!({"target": "profile", "targetId": 1, "reason": "spam"})));
    assert_eq!(anonymous.await.status, 401);

    // A message may be reported only by the people of its conversation.
    let mut messages = Vec::new();
    for i in 0..11 {
        let sent = app
            .call("POST", "/api/messages", Some(&parent), Some(json!({"to": tutor_id, "text": format!("m{i}")})))
            .await;
        assert_eq!(sent.status, 201, "{:?}", sent.body);
        messages.push(sent.body["id"].as_i64().unwrap());
    }
    let nosy = report(&app, &outsider, json!({"target": "message", "targetId": messages[0], "reason": "spam"})).await;
    assert_eq!(nosy.status, 404);
    // Ten reports an hour per account: the eleventh is refused.
    let mut statuses = Vec::new();
    for id in &messages {
        statuses.push(
            report(&app, &tutor, json!({"target": "message", "targetId": id, "reason": "harassment"})).await.status,
        );
    }
    assert_eq!(statuses, [vec![201; 10], vec![429]].concat());
}

#[actix_web::test]
async fn the_queue_shows_context_and_a_decision_tells_the_reporter_in_their_language() {
    let app = TestApp::start_with(&[
        ("ADMIN_EMAIL", crate::admin_api::ADMIN.into()),
        ("ADMIN_PASSWORD", common::PASSWORD.into()),
        ("METRICS_TOKEN", METRICS_TOKEN.into()),
    ])
    .await;
    let admin = app.login(crate::admin_api::ADMIN, common::PASSWORD).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    app.call("PUT", "/api/auth/profile", Some(&parent), Some(json!({"language": "hi"}))).await;
    let request = post_request(&app, &parent, "Mathematics", east(2.0)).await;
    let hello = json!({"to": tutor_id, "text": "Hello, are you free?"});
    app.call("POST", "/api/messages", Some(&parent), Some(hello)).await;
    let pay = json!({"to": parent_id, "text": "Pay 5000 first", "requestId": request});
    let bad = app.call("POST", "/api/messages", Some(&tutor), Some(pay)).await;
    assert_eq!(bad.status, 201, "{:?}", bad.body);
    let message = bad.body["id"].as_i64().unwrap();

    let profile_report = json!({"target": "profile", "targetId": tutor_id, "reason": "fake_profile"});
    assert_eq!(report(&app, &parent, profile_report).await.status, 201);
    let body = json!({"target": "message", "targetId": message, "reason": "money_upfront", "details": "Wants money"});
    assert_eq!(report(&app, &parent, body).await.status, 201);

    assert_eq!(app.call("GET", "/api/admin/reports", Some(&parent), None).await.status, 403);
    let open = app.call("GET", "/api/admin/reports/open", Some(&admin), None).await.body;
    assert_eq!(open["count"], 2);
    assert!(open["oldestAgeSeconds"].as_i64().is_some_and(|s| s >= 0));
    let scrape = app.client.get(format!("{}/metrics", app.base)).bearer_auth(METRICS_TOKEN).send().await.unwrap();
    let text = scrape.text().await.unwrap();
    assert!(text.lines().any(|l| l == "hometutor_reports_open 2"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("hometutor_reports_oldest_open_age_seconds ")), "{text}");
    let queue = app.call("GET", "/api/admin/reports", Some(&admin), None).await.body;
    assert_eq!(queue.as_array().map(Vec::len), Some(2), "{queue}");
    let item = &queue[1];
    assert_eq!(
        (item["report"]["target"].as_str(), item["report"]["reportedId"].as_i64()),
        (Some("message"), Some(tutor_id))
    );
    let thread: Vec<&str> = item["thread"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap()).collect();
    assert_eq!(thread, ["Hello, are you free?", "Pay 5000 first"]);
    assert_eq!(item["request"]["subject"], "Mathematics");
    assert_eq!(item["earlier"].as_array().map(Vec::len), Some(1), "the profile report about the same tutor");
    let mut names: Vec<&str> = item["report"].as_object().unwrap().keys().map(String::as_str).collect();
    names.sort_unstable();
    let wire = "createdAt decidedAt details id outcome reason reportedId reporterId requestId target targetId";
    assert_eq!(names.join(" "), wire, "the report's wire names");
    assert!(item["report"]["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')), "{item}");

    let report_id = item["report"]["id"].as_i64().unwrap();
    let decide = format!("/api/admin/reports/{report_id}/decide");
    let removed = app.call("POST", &decide, Some(&admin), Some(json!({"action": "remove"}))).await;
    assert_eq!(removed.status, 200, "{:?}", removed.body);
    let history = app.call("GET", &format!("/api/messages?userId={tutor_id}"), Some(&parent), None).await.body;
    assert!(history.as_array().unwrap().iter().all(|m| m["text"] != "Pay 5000 first"), "{history}");
    let twice = app.call("POST", &decide, Some(&admin), Some(json!({"action": "ban"}))).await;
    assert_eq!(twice.status, 409);

    let warn_id = queue[0]["report"]["id"].as_i64().unwrap();
    let warn = format!("/api/admin/reports/{warn_id}/decide");
    assert_eq!(app.call("POST", &warn, Some(&admin), Some(json!({"action": "warn"}))).await.status, 200);
    assert_eq!(app.call("GET", "/api/admin/reports/open", Some(&admin), None).await.body["count"], 0);

    let told = app.call("GET", "/api/notifications", Some(&parent), None).await.body;
    let titles: Vec<&str> = told["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "moderation")
        .filter_map(|n| n["title"].as_str())
        .collect();
    assert_eq!(titles, ["आपकी रिपोर्ट की समीक्षा हो गई"; 2], "{told}");
    let warning = app.call("GET", "/api/notifications", Some(&tutor), None).await.body;
    let bodies: Vec<&str> = warning["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "moderation")
        .filter_map(|n| n["body"].as_str())
        .collect();
    assert_eq!(bodies, ["You were reported for a fake profile. Another report may suspend your account."]);
}

#[actix_web::test]
async fn a_suspension_closes_the_accounts_socket_on_another_process_within_five_seconds() {
    let app = TestApp::start_with(&[
        ("ADMIN_EMAIL", crate::admin_api::ADMIN.into()),
        ("ADMIN_PASSWORD", common::PASSWORD.into()),
        ("REDIS_URL", "redis://127.0.0.1:6379".into()),
    ])
    .await;
    let admin = app.login(crate::admin_api::ADMIN, common::PASSWORD).await;
    let peer = app.start_peer_process(&[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let mut on_peer = app.open_socket_at(&peer.base, &tutor).await;
    common::socket::assert_nothing_arrived(&mut on_peer, "the tutor's socket on the other process").await;
    let body = json!({"target": "profile", "targetId": tutor_id, "reason": "unsafe", "details": "Came to the door"});
    let filed = report(&app, &parent, body).await;
    let id = filed.body["id"].as_i64().unwrap();

    let decide = format!("/api/admin/reports/{id}/decide");
    assert_eq!(app.call("POST", &decide, Some(&admin), Some(json!({"action": "suspend"}))).await.status, 200);
    assert_eq!(closed_with(&mut on_peer, Duration::from_secs(5)).await, Some(1008), "closed on the other process");
    let profile = peer.call("GET", "/api/auth/profile", Some(&tutor), None).await;
    assert_eq!(profile.status, 401, "the token is dead on the other process too");
    let login = app.post("/api/auth/login", json!({"email": "tutor@example.com", "password": common::PASSWORD})).await;
    assert_eq!(login.status, 403, "{:?}", login.body);
}

#[actix_web::test]
async fn only_a_subscribed_active_tutor_can_be_assigned_and_parents_searches_make_the_trends() {
    let app = TestApp::start_with(&[
        ("ADMIN_EMAIL", crate::admin_api::ADMIN.into()),
        ("ADMIN_PASSWORD", common::PASSWORD.into()),
    ])
    .await;
    let admin = app.login(crate::admin_api::ADMIN, common::PASSWORD).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let request = post_request(&app, &parent, "Mathematics", east(2.0)).await;
    let assign = format!("/api/admin/requests/{request}/assign-tutor");
    let unpaid = app.call("POST", &assign, Some(&admin), Some(json!({"tutorId": tutor_id}))).await;
    assert_eq!(
        (unpaid.status, unpaid.body["message"].as_str()),
        (409, Some("This tutor has no active subscription and cannot be assigned."))
    );
    subscribe(&app, &tutor).await;
    assert_eq!(app.call("POST", &assign, Some(&admin), Some(json!({"tutorId": tutor_id}))).await.status, 200);
    let status = format!("/api/admin/users/{tutor_id}/status");
    assert_eq!(app.call("PATCH", &status, Some(&admin), Some(json!({"active": false}))).await.status, 200);
    let suspended = app.call("POST", &assign, Some(&admin), Some(json!({"tutorId": tutor_id}))).await;
    assert_eq!(
        (suspended.status, suspended.body["message"].as_str()),
        (409, Some("This tutor's account is suspended and cannot be assigned."))
    );

    // A family's tutor search by subject counts in the trends, as its label.
    let search = format!("/api/tutors/search?location=[{},{}]&subject=maths", DELHI[0], DELHI[1]);
    assert_eq!(app.call("GET", &search, None, None).await.status, 200);
    let deadline = std::time::Instant::now() + Duration::from_secs(15);
    let trends = loop {
        let trends = app.call("GET", "/api/admin/analytics/search-trends", Some(&admin), None).await.body;
        if trends.as_array().is_some_and(|t| !t.is_empty()) || std::time::Instant::now() > deadline {
            break trends;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!((trends[0]["term"].as_str(), trends[0]["count"].as_i64()), (Some("mathematics"), Some(1)), "{trends}");
}

#[actix_web::test]
async fn a_tutor_who_blocked_a_family_is_left_out_of_that_familys_tutor_search() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    subscribe(&app, &tutor).await;
    let tutor_id = id_of(&app, &tutor).await;
    let parent_id = id_of(&app, &parent).await;
    let area = json!({"location": DELHI, "radiusKm": 8, "subjects": ["maths"], "classes": []});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(area)).await.status, 200);
    app.judgeable_profile(&tutor, "Maths at home.", 500).await;
    let search = format!("/api/tutors/search?location=[{},{}]", DELHI[0], DELHI[1]);
    let listed = |body: &Value| body["tutors"].as_array().unwrap().iter().any(|t| t["id"].as_i64() == Some(tutor_id));
    assert!(listed(&app.call("GET", &search, Some(&parent), None).await.body), "listed before the block");

    app.call("POST", "/api/chat/block", Some(&tutor), Some(json!({"partnerId": parent_id}))).await;
    let theirs = app.call("GET", &search, Some(&parent), None).await.body;
    assert!(!listed(&theirs), "{theirs}");
    assert!(listed(&app.call("GET", &search, None, None).await.body), "a visitor still finds the tutor");
}
