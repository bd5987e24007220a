//! A block, either way, reaches a parent's own lists: a request's recommended tutors leave out a
//! tutor who blocked the parent and one the parent blocked (and neither can be invited), and
//! neither shows among the tutors interested in their requests.

use crate::admin_api::id_of;
use crate::common;

use common::TestApp;
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];

/// A subscribed tutor teaching maths (any class) within 8 km of Delhi, their profile complete
/// enough to judge (recommendations list no other).
pub(crate) async fn teaching_tutor(app: &TestApp, email: &str) -> (String, i64) {
    let token = app.verified_user(email, "tutor").await;
    app.subscribe(&token).await;
    let area = json!({"location": DELHI, "radiusKm": 8, "subjects": ["maths"], "classes": []});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&token), Some(area)).await.status, 200);
    app.judgeable_profile(&token, "Maths at home.", 500).await;
    let id = id_of(app, &token).await;
    (token, id)
}

pub(crate) async fn post_request(app: &TestApp, parent: &str) -> i64 {
    let body =
        json!({"subject": "Mathematics", "classLevel": "Class 10", "preferredTime": "Evenings", "location": DELHI});
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(body)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

pub(crate) async fn block(app: &TestApp, blocker: &str, blocked: i64) {
    let reply = app.call("POST", "/api/chat/block", Some(blocker), Some(json!({"partnerId": blocked}))).await;
    assert_eq!(reply.status, 204, "{:?}", reply.body);
}

fn sorted(mut ids: Vec<i64>) -> Vec<i64> {
    ids.sort_unstable();
    ids
}

async fn recommended(app: &TestApp, parent: &str, request: i64) -> Vec<i64> {
    let got = app.call("GET", &format!("/api/tuition/{request}/recommendations"), Some(parent), None).await;
    assert_eq!(got.status, 200, "{:?}", got.body);
    sorted(got.body["tutors"].as_array().unwrap().iter().map(|t| t["id"].as_i64().unwrap()).collect())
}

/// The tutors interested in the parent's one request, as `GET /api/tuition/mine` lists them.
pub(crate) async fn interested(app: &TestApp, parent: &str) -> Vec<i64> {
    let mine = app.call("GET", "/api/tuition/mine", Some(parent), None).await;
    assert_eq!(mine.status, 200, "{:?}", mine.body);
    let tutors: &Value = &mine.body[0]["interestedTutors"];
    sorted(tutors.as_array().unwrap().iter().map(|t| t["tutor"].as_i64().unwrap()).collect())
}

#[actix_web::test]
async fn recommendations_leave_out_a_tutor_blocked_either_way_and_neither_can_be_invited() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let (refuser, refuser_id) = teaching_tutor(&app, "refuser@example.com").await;
    let (_, refused_id) = teaching_tutor(&app, "refused@example.com").await;
    let (_, open_id) = teaching_tutor(&app, "open@example.com").await;
    let parent_id = id_of(&app, &parent).await;
    let request = post_request(&app, &parent).await;
    let others_request = post_request(&app, &other).await;
    let everyone = sorted(vec![refuser_id, refused_id, open_id]);
    assert_eq!(recommended(&app, &parent, request).await, everyone, "all three before any block");

    block(&app, &refuser, parent_id).await;
    block(&app, &parent, refused_id).await;
    assert_eq!(recommended(&app, &parent, request).await, vec![open_id]);
    assert_eq!(recommended(&app, &other, others_request).await, everyone, "another parent's list is untouched");

    let invite = format!("/api/tuition/{request}/invite");
    for tutor in [refuser_id, refused_id] {
        let refused = app.call("POST", &invite, Some(&parent), Some(json!({"tutorId": tutor}))).await;
        assert_eq!((refused.status, refused.body["code"].as_str()), (404, Some("not_found")), "tutor {tutor}");
    }
    let invited = app.call("POST", &invite, Some(&parent), Some(json!({"tutorId": open_id}))).await;
    assert_eq!(invited.status, 201, "{:?}", invited.body);
}

#[actix_web::test]
async fn a_tutor_the_parent_blocks_leaves_their_interested_tutors_until_unblocked() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let (blocked, blocked_id) = teaching_tutor(&app, "blocked@example.com").await;
    let (kept, kept_id) = teaching_tutor(&app, "kept@example.com").await;
    let request = post_request(&app, &parent).await;
    for tutor in [&blocked, &kept] {
        let shown = app.call("POST", &format!("/api/tuition/{request}/interested"), Some(tutor), None).await;
        assert_eq!(shown.status, 200, "{:?}", shown.body);
    }
    assert_eq!(interested(&app, &parent).await, sorted(vec![blocked_id, kept_id]));

    block(&app, &parent, blocked_id).await;
    assert_eq!(interested(&app, &parent).await, vec![kept_id]);
    // Closing answers the request as the parent reads it: the blocked tutor is not in it either.
    let close = app
        .call("POST", &format!("/api/tuition/{request}/close"), Some(&parent), Some(json!({"outcome": "not_needed"})))
        .await;
    assert_eq!(close.status, 200, "{:?}", close.body);
    let listed: Vec<i64> =
        close.body["interestedTutors"].as_array().unwrap().iter().map(|t| t["tutor"].as_i64().unwrap()).collect();
    assert_eq!(listed, vec![kept_id]);

    // The interest is hidden, not lost: lifting the block shows it again.
    let unblock = app.call("DELETE", &format!("/api/chat/block/{blocked_id}"), Some(&parent), None).await;
    assert!(unblock.status < 300, "{:?}", unblock.body);
    assert_eq!(interested(&app, &parent).await, sorted(vec![blocked_id, kept_id]));
}

#[actix_web::test]
async fn a_tutor_who_blocks_the_parent_leaves_their_interested_tutors_and_no_one_elses() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let parent_id = id_of(&app, &parent).await;
    let (refuser, refuser_id) = teaching_tutor(&app, "refuser@example.com").await;
    let (kept, kept_id) = teaching_tutor(&app, "kept@example.com").await;
    let request = post_request(&app, &parent).await;
    let others_request = post_request(&app, &other).await;
    for (tutor, request) in [(&refuser, request), (&kept, request), (&refuser, others_request)] {
        let shown = app.call("POST", &format!("/api/tuition/{request}/interested"), Some(tutor), None).await;
        assert_eq!(shown.status, 200, "{:?}", shown.body);
    }
    assert_eq!(interested(&app, &parent).await, sorted(vec![refuser_id, kept_id]));

    block(&app, &refuser, parent_id).await;
    assert_eq!(interested(&app, &parent).await, vec![kept_id]);
    assert_eq!(interested(&app, &other).await, vec![refuser_id], "another parent's list is untouched");

    let unblock = app.call("DELETE", &format!("/api/chat/block/{parent_id}"), Some(&refuser), None).await;
    assert!(unblock.status < 300, "{:?}", unblock.body);
    assert_eq!(interested(&app, &parent).await, sorted(vec![refuser_id, kept_id]));
}
