//! A tutor is told of a new review (in the app and by e-mail, in their language) and answers it
//! once, publicly: another tutor cannot, a second answer is refused, and of two at once exactly
//! one is kept.

use crate::common;

use common::TestApp;
use diesel::prelude::*;
use hometutor_db::schema::{outbox_emails as ob, users};
use serde_json::json;

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

/// A parent in real contact with the tutor (both wrote, a day ago), who then reviews them; the review's id.
async fn reviewed(app: &TestApp, parent_email: &str, tutor: &str, tutor_id: i64, rating: i64) -> (String, i64) {
    let parent = app.verified_user(parent_email, "parent").await;
    app.real_contact(&parent, tutor).await;
    let review = json!({"rating": rating, "comment": "Patient and clear."});
    let posted = app.call("POST", &format!("/api/tutors/{tutor_id}/reviews"), Some(&parent), Some(review)).await;
    assert_eq!(posted.status, 201, "{:?}", posted.body);
    (parent, posted.body["id"].as_i64().expect("review id"))
}

#[actix_web::test]
async fn the_reviewed_tutor_is_told_in_their_language_and_answers_once_publicly() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let other_tutor = app.verified_user("other@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let hindi = app.call("PUT", "/api/auth/profile", Some(&tutor), Some(json!({"language": "hi"}))).await;
    assert_eq!(hindi.status, 200, "{:?}", hindi.body);
    let (parent, review) = reviewed(&app, "parent@example.com", &tutor, tutor_id, 5).await;

    // Told in the app and by e-mail, in Hindi.
    let told = app.call("GET", "/api/notifications", Some(&tutor), None).await.body;
    let notice = told["items"].as_array().and_then(|l| l.iter().find(|n| n["kind"] == "new_review")).cloned();
    let notice = notice.unwrap_or_else(|| panic!("no new_review notification: {told}"));
    assert_eq!(notice["title"], "Asha Kumar ने आपको 5 ★ दिए", "{notice}");
    assert_eq!(notice["body"], "Patient and clear.");
    let mailed: Vec<String> = app
        .db()
        .read(|c| {
            ob::table
                .filter(ob::recipient.eq("tutor@example.com"))
                .select(ob::subject)
                .load(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("outbox");
    assert!(mailed.iter().any(|s| s.contains("5 ★ दिए")), "{mailed:?}");

    let path = format!("/api/tutors/{tutor_id}/reviews/{review}/answer");
    // Nobody else answers: not another tutor, not the parent.
    for (who, token) in [("another tutor", &other_tutor), ("the parent", &parent)] {
        let refused = app.call("POST", &path, Some(token), Some(json!({"text": "Thanks!"}))).await;
        assert_eq!(
            (refused.status, refused.body["code"].as_str()),
            (403, Some("not_yours")),
            "{who}: {:?}",
            refused.body
        );
    }
    let blank = app.call("POST", &path, Some(&tutor), Some(json!({"text": "   "}))).await;
    assert_eq!(blank.status, 400, "{:?}", blank.body);
    let answered = app.call("POST", &path, Some(&tutor), Some(json!({"text": "Thank you, it was a pleasure."}))).await;
    assert_eq!((answered.status, answered.body["answer"].as_str()), (201, Some("Thank you, it was a pleasure.")));
    let again = app.call("POST", &path, Some(&tutor), Some(json!({"text": "Edited answer"}))).await;
    assert_eq!((again.status, again.body["code"].as_str()), (409, Some("review_answered")), "{:?}", again.body);
    assert_eq!(again.body["message"], "इस समीक्षा का जवाब पहले ही दिया जा चुका है।");

    // Public: anyone reads it under the review.
    let reviews = app.call("GET", &format!("/api/tutors/{tutor_id}/reviews"), None, None).await.body;
    assert_eq!(reviews[0]["answer"], "Thank you, it was a pleasure.");
    assert!(reviews[0]["answeredAt"].is_string());
    let missing = format!("/api/tutors/{tutor_id}/reviews/999999/answer");
    assert_eq!(app.call("POST", &missing, Some(&tutor), Some(json!({"text": "?"}))).await.status, 404);
}

#[actix_web::test]
async fn two_answers_at_once_keep_exactly_one() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let (_, review) = reviewed(&app, "parent@example.com", &tutor, tutor_id, 4).await;
    let path = format!("/api/tutors/{tutor_id}/reviews/{review}/answer");
    let calls = (0..4).map(|i| {
        let (app, tutor, path) = (&app, &tutor, &path);
        async move { app.call("POST", path, Some(tutor), Some(json!({"text": format!("Answer {i}")}))).await }
    });
    let replies = futures_util::future::join_all(calls).await;
    let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 3, "{statuses:?}");
    let kept = replies.iter().find(|r| r.status == 201).unwrap().body["answer"].clone();
    let reviews = app.call("GET", &format!("/api/tutors/{tutor_id}/reviews"), None, None).await.body;
    assert_eq!(reviews[0]["answer"], kept);
    // Only the new review was told, once.
    let told = app
        .db()
        .read(|c| -> Result<_, hometutor_db::DbError> {
            let id: i64 = users::table.filter(users::email.eq("tutor@example.com")).select(users::id).first(c)?;
            Ok(hometutor_notifications::recent(c, id, 50)?)
        })
        .expect("notifications");
    assert_eq!(told.iter().filter(|n| n.kind == "new_review").count(), 1);
}
