//! Tutor profiles and reviews over HTTP.

use crate::common;

use common::TestApp;
use serde_json::json;

fn fields(about: &str) -> serde_json::Value {
    json!({"about": about, "subjects": "Maths, Physics", "availability": "Evenings", "methodology": "Practice",
           "testimonials": "", "education": "M.Sc.", "fees": "₹500/hour", "demoOffer": "First class free"})
}

#[actix_web::test]
async fn a_tutor_edits_their_own_profile_and_nobody_else_can() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let other = app.verified_user("other@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;

    let public = app.call("GET", "/api/tutors/tutor%40example.com", None, None).await;
    assert_eq!((public.status, public.body["fullname"].as_str()), (200, Some("Asha Kumar")));
    assert!(public.body.get("phone").is_none(), "public profiles never show a phone");

    let saved =
        app.call("PUT", "/api/tutors/tutor%40example.com", Some(&tutor), Some(fields("10 years of maths"))).await;
    assert_eq!((saved.status, saved.body["about"].as_str()), (200, Some("10 years of maths")));
    for token in [&other, &parent] {
        let refused = app.call("PUT", "/api/tutors/tutor%40example.com", Some(token), Some(fields("hacked"))).await;
        assert_eq!(refused.status, 403);
    }
    assert_eq!(app.call("PUT", "/api/tutors/tutor%40example.com", None, Some(fields("x"))).await.status, 401);
    let sneaky = app
        .call("PUT", "/api/tutors/tutor%40example.com", Some(&tutor), Some(json!({"about": "x", "approved": true})))
        .await;
    assert_eq!(sneaky.status, 400, "approval is not a profile field");
    let again = app.call("GET", &format!("/api/tutors/{}", saved.body["id"]), None, None).await;
    assert_eq!(
        (again.body["about"].as_str(), again.body["approved"].as_bool()),
        (Some("10 years of maths"), Some(false))
    );
    assert_eq!(app.call("GET", "/api/tutors/parent%40example.com", None, None).await.status, 404);
}

#[actix_web::test]
async fn parents_review_once_and_the_average_shows() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor_token = app.verified_user("other@example.com", "tutor").await;
    let path = "/api/tutors/tutor%40example.com/reviews";

    let no_rating = app.call("POST", path, Some(&parent), Some(json!({"comment": "nice"}))).await;
    assert_eq!(no_rating.status, 400);
    let by_tutor = app.call("POST", path, Some(&tutor_token), Some(json!({"rating": 5}))).await;
    assert_eq!(by_tutor.status, 403);
    // A parent who never contacted the tutor cannot rate them.
    let stranger = app.call("POST", path, Some(&parent), Some(json!({"rating": 1, "comment": "never met"}))).await;
    assert_eq!(
        (stranger.status, stranger.body["code"].as_str(), stranger.body["message"].as_str()),
        (403, Some("not_in_touch"), Some("You can review a tutor after you have been in touch."))
    );
    app.real_contact(&parent, &tutor).await;
    let first =
        app.call("POST", path, Some(&parent), Some(json!({"rating": 3, "comment": "OK", "parentId": 999}))).await;
    assert_eq!(first.status, 201);
    assert_eq!(first.body["parentName"], "Asha Kumar", "the reviewer is the caller, not the body");
    assert!(
        first.body["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')),
        "in UTC with its zone: {:?}",
        first.body
    );
    app.call("POST", path, Some(&parent), Some(json!({"rating": 5, "comment": "Great now"}))).await;
    let list = app.call("GET", path, None, None).await.body;
    assert_eq!(list.as_array().map(Vec::len), Some(1), "one review per parent");
    let profile = app.call("GET", "/api/tutors/tutor%40example.com", None, None).await.body;
    assert_eq!((profile["ratingAverage"].as_f64(), profile["ratingCount"].as_i64()), (Some(5.0), Some(1)));
}

#[actix_web::test]
async fn a_profile_says_whether_its_reader_may_message_the_tutor() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let blocked_parent = app.verified_user("blocked@example.com", "parent").await;
    let other_tutor = app.verified_user("other@example.com", "tutor").await;
    let admin = app.verified_user("admin@example.com", "admin").await;
    let path = "/api/tutors/tutor%40example.com";
    let can_message = |token: Option<String>| {
        let app = &app;
        async move {
            let reply = app.call("GET", path, token.as_deref(), None).await;
            assert_eq!(reply.status, 200, "{:?}", reply.body);
            reply.body["canMessage"].as_bool().expect("canMessage")
        }
    };
    assert!(!can_message(None).await, "logged out");
    assert!(!can_message(Some("not-a-token".into())).await, "a bad token reads as logged out");
    assert!(can_message(Some(parent.clone())).await, "a parent may write to any tutor");
    assert!(can_message(Some(admin)).await, "an admin may write to anyone");
    assert!(!can_message(Some(other_tutor)).await, "a tutor may not start a chat with another tutor");
    assert!(!can_message(Some(tutor.clone())).await, "not on one's own profile");

    let blocked_id = app.call("GET", "/api/auth/profile", Some(&blocked_parent), None).await.body["user"]["id"].clone();
    assert!(can_message(Some(blocked_parent.clone())).await);
    let block = app.call("POST", "/api/chat/block", Some(&tutor), Some(json!({"partnerId": blocked_id}))).await;
    assert!(block.status < 300, "{:?}", block.body);
    // A tutor who blocked a parent is not shown to them at all, let alone offered to message.
    let hidden = app.call("GET", path, Some(&blocked_parent), None).await;
    assert_eq!((hidden.status, hidden.body["code"].as_str()), (404, Some("not_found")), "a parent the tutor blocked");
}

/// A visitor's view of a profile is kept and revalidated by ETag; the tutor's edit shows to the
/// next visitor at once; a signed-in reader's answer is their own (`Vary: Authorization`).
#[actix_web::test]
async fn a_public_profile_revalidates_by_etag_and_an_edit_shows_at_once() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let url = format!("{}/api/tutors/tutor%40example.com", app.base);
    let visit = |etag: Option<String>| {
        let (client, url) = (app.client.clone(), url.clone());
        async move {
            let mut request = client.get(url);
            if let Some(etag) = etag {
                request = request.header("If-None-Match", etag);
            }
            let reply = request.send().await.unwrap();
            let status = reply.status().as_u16();
            let etag = reply.headers()["etag"].to_str().unwrap().to_string();
            let vary = reply.headers()["vary"].to_str().unwrap().to_string();
            assert!(vary.split(',').any(|v| v.trim() == "Authorization"), "Vary: {vary}");
            let body = reply.bytes().await.unwrap();
            (status, etag, body)
        }
    };
    let (status, etag, _) = visit(None).await;
    assert_eq!(status, 200);
    let (status, same, body) = visit(Some(etag.clone())).await;
    assert_eq!((status, &same, body.len()), (304, &etag, 0));

    let saved =
        app.call("PUT", "/api/tutors/tutor%40example.com", Some(&tutor), Some(fields("Twelve years of physics"))).await;
    assert_eq!(saved.status, 200);
    let (status, changed, body) = visit(Some(etag.clone())).await;
    assert_eq!(status, 200);
    assert_ne!(changed, etag);
    assert_eq!(serde_json::from_slice::<serde_json::Value>(&body).unwrap()["about"], "Twelve years of physics");
}
