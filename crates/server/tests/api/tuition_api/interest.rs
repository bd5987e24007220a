//! A tutor's interest over HTTP: its daily limit, the subscription it needs, and the parent's
//! close and reopen that follow it.

use serde_json::{json, Value};

use super::{east_of_delhi, nearby_path, post, subscribe, toward, DELHI};
use crate::common::{TestApp, PASSWORD};

#[actix_web::test]
async fn thirty_interests_a_day_hold_against_forty_concurrent_calls() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    subscribe(&app, &tutor).await;
    let mut ids = Vec::new();
    for i in 0..41 {
        let (status, body) =
            post(&app, &parent, &format!("Subject {i}"), json!(toward(DELHI, 1.0, i as f64 * 9.0))).await;
        assert_eq!(status, 201);
        ids.push(body["id"].as_i64().unwrap());
    }
    let calls = ids[..40].iter().map(|id| {
        let path = format!("/api/tuition/{id}/interested");
        let app = &app;
        let tutor = &tutor;
        async move { app.call("POST", &path, Some(tutor), None).await }
    });
    let replies = futures_util::future::join_all(calls).await;
    let ok = replies.iter().filter(|r| r.status == 200).count();
    let limited: Vec<_> = replies.iter().filter(|r| r.status == 429).collect();
    assert_eq!((ok, limited.len()), (30, 10), "{:?}", replies.iter().map(|r| r.status).collect::<Vec<_>>());
    for r in &limited {
        assert_eq!(r.body["message"], "You have reached today's limit of interests. Try again tomorrow.");
        assert_eq!(r.body["code"], "interest_limit");
        assert!(r.body.get("contact").is_none());
    }
    // A request already marked answers again and is not counted; a new one is still refused.
    let marked = ids[..40].iter().zip(&replies).find(|(_, r)| r.status == 200).map(|(id, _)| *id).unwrap();
    let again = app.call("POST", &format!("/api/tuition/{marked}/interested"), Some(&tutor), None).await;
    assert_eq!((again.status, again.body["contact"]["email"].as_str()), (200, Some("parent@example.com")));
    let over = app.call("POST", &format!("/api/tuition/{}/interested", ids[40]), Some(&tutor), None).await;
    assert_eq!(over.status, 429);
    // The parent sees exactly the thirty.
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body;
    let interested = mine
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["interestedTutors"].as_array().is_some_and(|t| !t.is_empty()))
        .count();
    assert_eq!(interested, 30);
}

/// `subscriptionActive` as every endpoint that shows it answers, for the tutor and an admin.
async fn subscription_shown(app: &TestApp, tutor: &str, admin: &str, id: i64) -> Vec<(&'static str, Value)> {
    let profile = app.call("GET", "/api/auth/profile", Some(tutor), None).await.body["user"].clone();
    let login = app.post("/api/auth/login", json!({"email": LAPSED, "password": PASSWORD})).await.body["user"].clone();
    let status = app.call("GET", "/api/payment/subscription-status", Some(tutor), None).await.body;
    let public = app.call("GET", &format!("/api/tutors/{id}"), None, None).await.body;
    let users = app.call("GET", "/api/admin/users?role=tutor", Some(admin), None).await.body;
    let listed = users["users"].as_array().unwrap().iter().find(|u| u["id"] == id).cloned().unwrap();
    let feature = format!("/api/admin/tutors/{id}/feature");
    let featured = app.call("POST", &feature, Some(admin), Some(json!({"featured": true}))).await.body;
    [
        ("profile", profile),
        ("login", login),
        ("subscription-status", status),
        ("public profile", public),
        ("admin users", listed),
        ("admin feature", featured),
    ]
    .into_iter()
    .map(|(name, body)| (name, body["subscriptionActive"].clone()))
    .collect()
}

const LAPSED: &str = "lapsed@example.com";

/// Nothing clears the stored flag when a subscription lapses: every endpoint that
/// shows the state derives it from the expiry, and the nearby search refuses.
#[actix_web::test]
async fn an_expired_subscription_reads_as_inactive_everywhere_it_is_shown() {
    const ADMIN: &str = "admin@example.com";
    let app = TestApp::start_with(&[("ADMIN_EMAIL", ADMIN.into()), ("ADMIN_PASSWORD", PASSWORD.into())]).await;
    let admin = app.login(ADMIN, PASSWORD).await;
    let tutor = app.verified_user(LAPSED, "tutor").await;
    let id = app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().unwrap();

    // The control: the same readers say active while the expiry is ahead.
    hometutor_testkit::subscribe(&app.db(), id, 30);
    for (name, active) in subscription_shown(&app, &tutor, &admin, id).await {
        assert_eq!(active, true, "{name} while subscribed");
    }
    assert_eq!(app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await.status, 200);

    // Lapsed: the expiry is past and the flag still set, as a real lapse leaves the row.
    hometutor_testkit::subscribe(&app.db(), id, -1);
    for (name, active) in subscription_shown(&app, &tutor, &admin, id).await {
        assert_eq!(active, false, "{name} after the expiry");
    }
    let nearby = app.call("GET", &nearby_path(DELHI, ""), Some(&tutor), None).await;
    assert_eq!((nearby.status, nearby.body["code"].as_str()), (403, Some("subscription_required")));
}

/// What `user` has been told, newest first (the notifications list route is another part's).
fn notifications_of(app: &TestApp, email: &str) -> Vec<hometutor_notifications::Notification> {
    use diesel::prelude::*;
    let db = app.db();
    db.read(|c| -> Result<_, hometutor_db::DbError> {
        let id: i64 = hometutor_db::schema::users::table
            .filter(hometutor_db::schema::users::email.eq(email))
            .select(hometutor_db::schema::users::id)
            .first(c)?;
        Ok(hometutor_notifications::recent(c, id, 50)?)
    })
    .expect("notifications")
}

#[actix_web::test]
async fn interest_tells_the_parent_who_can_close_and_reopen_and_nobody_else_can() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other_parent = app.verified_user("other@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let bystander = app.verified_user("bystander@example.com", "tutor").await;
    subscribe(&app, &tutor).await;
    subscribe(&app, &bystander).await;
    let (_, request) = post(&app, &parent, "Maths", json!(east_of_delhi(2.0))).await;
    let id = request["id"].as_i64().expect("id");
    assert_eq!((request["status"].as_str(), &request["closedAt"]), (Some("open"), &Value::Null));

    let interest = format!("/api/tuition/{id}/interested");
    assert_eq!(app.call("POST", &interest, Some(&tutor), None).await.status, 200);
    assert_eq!(app.call("POST", &interest, Some(&tutor), None).await.status, 200);
    let told = notifications_of(&app, "parent@example.com");
    assert_eq!(told.len(), 1, "the parent is told once: {told:?}");
    assert_eq!(told[0].kind, "tutor_interested");
    assert_eq!(told[0].title, "Asha Kumar is interested in your Mathematics request");
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body;
    let tutor_id = mine[0]["interestedTutors"][0]["tutor"].as_i64().expect("tutor id");
    assert_eq!(told[0].link.as_deref(), Some(format!("/tutor/{tutor_id}").as_str()));
    assert_eq!(
        (&mine[0]["interestedTutors"][0]["rating"], &mine[0]["interestedTutors"][0]["reviewCount"]),
        (&Value::Null, &json!(0))
    );
    assert!(notifications_of(&app, "other@example.com").is_empty());

    let close = format!("/api/tuition/{id}/close");
    let reopen = format!("/api/tuition/{id}/reopen");
    let found = json!({"outcome": "found_tutor", "tutorId": tutor_id});
    for token in [&other_parent, &tutor] {
        let refused = app.call("POST", &close, Some(token), Some(found.clone())).await;
        assert_eq!((refused.status, refused.body["code"].as_str()), (404, Some("not_found")), "{:?}", refused.body);
        assert_eq!(app.call("POST", &reopen, Some(token), None).await.status, 404);
    }
    assert_eq!(app.call("POST", &close, None, Some(found.clone())).await.status, 401);
    for (bad, field) in [
        (json!({"outcome": "not_needed", "tutorId": tutor_id}), Some("tutorId")),
        (json!({"outcome": "found_tutor", "tutorId": 999_999}), Some("tutorId")),
        (json!({"outcome": "bored"}), None),
        (json!({"outcome": "not_needed", "reason": "x"}), None),
    ] {
        let refused = app.call("POST", &close, Some(&parent), Some(bad.clone())).await;
        assert_eq!(refused.status, 400, "{bad}: {:?}", refused.body);
        assert!(refused.body["message"].is_string() && refused.body["code"].is_string());
        if let Some(field) = field {
            assert!(refused.body["fields"][field].is_string(), "{bad}: {:?}", refused.body);
        }
    }
    let open_again = app.call("POST", &reopen, Some(&parent), None).await;
    assert_eq!((open_again.status, open_again.body["code"].as_str()), (409, Some("request_open")));

    let closed = app.call("POST", &close, Some(&parent), Some(found.clone())).await;
    assert_eq!(closed.status, 200, "{:?}", closed.body);
    assert_eq!(
        (closed.body["status"].as_str(), closed.body["closeOutcome"].as_str(), closed.body["closedTutorId"].as_i64()),
        (Some("closed"), Some("found_tutor"), Some(tutor_id))
    );
    assert!(closed.body["closedAt"].is_string());
    let again = app.call("POST", &close, Some(&parent), Some(json!({"outcome": "not_needed"}))).await;
    assert_eq!((again.status, again.body["code"].as_str()), (409, Some("request_closed")));
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body;
    assert_eq!(mine[0]["status"], "closed", "the parent still sees it");

    let nearby = app.call("GET", &nearby_path(DELHI, ""), Some(&bystander), None).await.body;
    assert_eq!(nearby.as_array().map(Vec::len), Some(0), "closed requests leave nearby search");
    let late = app.call("POST", &interest, Some(&bystander), None).await;
    assert_eq!((late.status, late.body["code"].as_str()), (409, Some("request_closed")));
    // Besides the receipt of their subscription, which subscribing sent them.
    let closed_notes = notifications_of(&app, "tutor@example.com");
    let kinds: Vec<&str> = closed_notes.iter().map(|n| n.kind.as_str()).collect();
    assert_eq!(kinds, vec!["request_closed", "subscription_receipt"]);
    assert_eq!(closed_notes[0].title, "The Mathematics request you were interested in is closed");
    let bystander_kinds: Vec<String> =
        notifications_of(&app, "bystander@example.com").into_iter().map(|n| n.kind).collect();
    assert_eq!(bystander_kinds, vec!["subscription_receipt"], "only interested tutors are told");

    let reopened = app.call("POST", &reopen, Some(&parent), None).await;
    assert_eq!(reopened.status, 200);
    assert_eq!(
        (reopened.body["status"].as_str(), &reopened.body["closedAt"], &reopened.body["closeOutcome"]),
        (Some("open"), &Value::Null, &Value::Null)
    );
    assert_eq!(reopened.body["closedTutorId"], Value::Null);
    let nearby = app.call("GET", &nearby_path(DELHI, ""), Some(&bystander), None).await.body;
    assert_eq!(nearby.as_array().map(Vec::len), Some(1), "back in nearby search");
}
