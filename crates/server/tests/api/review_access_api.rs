//! A parent reviews a tutor only after a real contact: both have written to each other in the
//! chat and a day has passed since the later first message. Until then the review is refused
//! with when it opens (or that both must write), and the profile tells the parent the same.

use crate::common;

use chrono::{DateTime, Utc};
use common::TestApp;
use serde_json::{json, Value};

const PROFILE: &str = "/api/tutors/tutor%40example.com";
const REVIEWS: &str = "/api/tutors/tutor%40example.com/reviews";

async fn review(app: &TestApp, token: &str) -> common::Reply {
    app.call("POST", REVIEWS, Some(token), Some(json!({"rating": 5, "comment": "A good demo class"}))).await
}

/// What the tutor's profile tells `token`: `(canReview, reviewOpensAt)`.
async fn access(app: &TestApp, token: &str) -> (Option<bool>, Value) {
    let profile = app.call("GET", PROFILE, Some(token), None).await;
    assert_eq!(profile.status, 200, "{:?}", profile.body);
    (profile.body["canReview"].as_bool(), profile.body["reviewOpensAt"].clone())
}

/// The in-process server's clock (which a test moves).
fn server_now() -> DateTime<Utc> {
    Utc::now() + hometutor_db::clock::offset()
}

#[actix_web::test]
async fn reviews_open_a_day_after_both_have_written_and_not_before() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let stranger = app.verified_user("stranger@example.com", "parent").await;
    let other_tutor = app.verified_user("other@example.com", "tutor").await;

    // Only the parent has written: refused, both must write first.
    app.write_to(&parent, &tutor).await;
    let one_way = review(&app, &parent).await;
    assert_eq!(
        (one_way.status, one_way.body["code"].as_str(), one_way.body["message"].as_str()),
        (
            403,
            Some("review_too_soon"),
            Some("You can review a tutor once you have both written to each other in chat and a day has passed.")
        )
    );
    assert_eq!(access(&app, &parent).await, (Some(false), Value::Null));

    // Both have written: refused until a day after the tutor's answer, and told when.
    app.write_to(&tutor, &parent).await;
    let (can, opens) = access(&app, &parent).await;
    assert_eq!(can, Some(false));
    let opens: DateTime<Utc> = opens.as_str().and_then(|t| t.parse().ok()).unwrap_or_else(|| panic!("{opens}"));
    let wait = opens - server_now();
    assert!(wait > chrono::TimeDelta::hours(23) && wait <= chrono::TimeDelta::hours(24), "{wait}");
    let early = review(&app, &parent).await;
    assert_eq!((early.status, early.body["code"].as_str()), (403, Some("review_too_soon")), "{:?}", early.body);
    let said = early.body["message"].as_str().unwrap_or_default();
    assert!(said.contains(&format!("{} UTC", opens.format("%H:%M"))), "{said}");
    assert!(said.starts_with("You can review this tutor from "), "{said}");

    // A day later (the server's clock moved): accepted.
    hometutor_db::clock::advance((opens - server_now()).to_std().expect("ahead"));
    assert_eq!(access(&app, &parent).await, (Some(true), Value::Null));
    let posted = review(&app, &parent).await;
    assert_eq!(posted.status, 201, "{:?}", posted.body);
    assert_eq!(posted.body["inTouch"], true);

    // A parent who never wrote is not in touch; a tutor reviews nobody and is told nothing of when.
    let never = review(&app, &stranger).await;
    assert_eq!((never.status, never.body["code"].as_str()), (403, Some("not_in_touch")), "{:?}", never.body);
    assert_eq!(access(&app, &stranger).await, (Some(false), Value::Null));
    let by_tutor = review(&app, &other_tutor).await;
    assert_eq!((by_tutor.status, by_tutor.body["code"].as_str()), (403, Some("not_a_parent")), "{:?}", by_tutor.body);
    assert_eq!(access(&app, &other_tutor).await, (Some(false), Value::Null));
    let anonymous = app.call("GET", PROFILE, None, None).await.body;
    assert_eq!((anonymous["canReview"].as_bool(), anonymous["reviewOpensAt"].clone()), (Some(false), Value::Null));
    let list = app.call("GET", REVIEWS, None, None).await.body;
    assert_eq!(list.as_array().map(Vec::len), Some(1), "{list}");
}

#[actix_web::test]
async fn a_hindi_parent_is_told_in_hindi_when_reviews_open() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let hindi = app.call("PUT", "/api/auth/profile", Some(&parent), Some(json!({"language": "hi"}))).await;
    assert_eq!(hindi.status, 200, "{:?}", hindi.body);
    app.write_to(&parent, &tutor).await;
    let one_way = review(&app, &parent).await;
    assert_eq!(
        one_way.body["message"],
        "आप किसी ट्यूटर की समीक्षा तभी कर सकते हैं जब आप दोनों ने चैट में एक-दूसरे को लिखा हो और उसके बाद एक दिन बीत गया हो।"
    );
    app.write_to(&tutor, &parent).await;
    let early = review(&app, &parent).await;
    let said = early.body["message"].as_str().unwrap_or_default();
    assert!(said.starts_with("आप इस ट्यूटर की समीक्षा ") && said.contains(" UTC से कर सकते हैं"), "{said}");
}
