//! Tutor search, recommendations, invitations and the profile's issue-20 fields over HTTP.
//! Teaching areas are seeded straight into their tables (crates/tuition's `area::insert_many`).

use crate::common;

use common::TestApp;
use hometutor_core::UserId;
use hometutor_db::DbError;
use hometutor_tuition::area::{insert_many, AreaInput};
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];

async fn id_of(app: &TestApp, email: &str) -> i64 {
    app.call("GET", &format!("/api/tutors/{}", email.replace('@', "%40")), None, None).await.body["id"]
        .as_i64()
        .expect("a tutor")
}

fn user_id(app: &TestApp, email: &str) -> i64 {
    use diesel::prelude::*;
    use hometutor_db::schema::users;
    app.db()
        .read(|c| users::table.filter(users::email.eq(email)).select(users::id).first(c).map_err(DbError::from))
        .expect("user")
}

/// A subscribed tutor teaching maths for Class 8 (CBSE) within 10 km of a point `km_east` of Delhi.
async fn teaching_tutor(app: &TestApp, email: &str, km_east: f64) -> (String, i64) {
    teaching_tutor_with(app, email, km_east, "cbse", &[]).await
}

/// [`teaching_tutor`] on one board, in some modes (none: any).
async fn teaching_tutor_with(app: &TestApp, email: &str, km_east: f64, board: &str, modes: &[&str]) -> (String, i64) {
    let token = app.verified_user(email, "tutor").await;
    app.subscribe(&token).await;
    let id = id_of(app, email).await;
    let lng = DELHI[0] + km_east / (111.195 * DELHI[1].to_radians().cos());
    let area = AreaInput {
        location: Some([lng, DELHI[1]]),
        radius_km: Some(10.0),
        subjects: vec!["maths".into()],
        classes: vec!["class-8".into()],
        boards: vec![board.into()],
        modes: modes.iter().map(|m| m.to_string()).collect(),
    };
    app.db().write(|c| insert_many(c, &[(UserId(id), area)])).expect("area");
    app.judgeable_profile(&token, "Maths for Class 8 at home.", 500).await;
    (token, id)
}

/// The distance shown (0.1 km) from Delhi to a tutor teaching around a point `km_east` of it: to
/// the centre of the area centre's 1 km cell, which searches use.
fn shown_km(km_east: f64) -> f64 {
    let lng = DELHI[0] + km_east / (111.195 * DELHI[1].to_radians().cos());
    let shown = hometutor_tuition::area::shown_center(hometutor_geo::Point { lat: DELHI[1], lng });
    let d = hometutor_geo::distance_km(hometutor_geo::Point { lat: DELHI[1], lng: DELHI[0] }, shown);
    (d * 10.0).round() / 10.0
}

/// The ids a search lists, in order (asserting a 200).
async fn listed(app: &TestApp, query: &str) -> Vec<i64> {
    let found = app.call("GET", &format!("/api/tutors/search?location=[77.209,28.6139]{query}"), None, None).await;
    assert_eq!(found.status, 200, "{query}: {:?}", found.body);
    found.body["tutors"].as_array().unwrap().iter().map(|c| c["id"].as_i64().unwrap()).collect()
}

async fn post_request(app: &TestApp, parent: &str) -> i64 {
    let body = json!({"subject": "Maths", "classLevel": "Class 8", "preferredTime": "Evenings", "location": DELHI});
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(body)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().expect("id")
}

#[actix_web::test]
async fn anyone_searches_tutors_by_place_and_vocabulary_ids() {
    let app = TestApp::start().await;
    let (_, near) = teaching_tutor(&app, "near@example.com", 2.0).await;
    let (_, far) = teaching_tutor(&app, "far@example.com", 5.0).await;
    let unpaid = app.verified_user("unpaid@example.com", "tutor").await;
    let _ = unpaid;

    let path = "/api/tutors/search?location=%5B77.209,28.6139%5D&subject=maths&classLevel=class-8";
    let found = app.call("GET", path, None, None).await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    assert_eq!(
        (found.body["total"].as_u64(), found.body["page"].as_u64(), found.body["pageSize"].as_u64()),
        (Some(2), Some(1), Some(20))
    );
    let cards = found.body["tutors"].as_array().unwrap();
    let ids: Vec<i64> = cards.iter().map(|c| c["id"].as_i64().unwrap()).collect();
    assert_eq!(ids, vec![near, far]);
    let card = &cards[0];
    assert_eq!(card["distanceKm"].as_f64(), Some(shown_km(2.0)));
    assert!((shown_km(2.0) - 2.0).abs() <= 0.8);
    assert_eq!(card["subjects"], json!([{"id": "maths", "label": "Mathematics"}]));
    assert_eq!(card["boards"], json!([{"id": "cbse", "label": "CBSE"}]));
    assert_eq!((card["verified"].as_bool(), card["featured"].as_bool()), (Some(false), Some(false)));
    for key in
        ["reviewCount", "rating", "feePerHour", "feeNotes", "photoUrl", "placeName", "about", "verification", "modes"]
    {
        assert!(card.get(key).is_some(), "{key}");
    }
    let text = found.body.to_string();
    assert!(!text.contains("@example.com") && !text.contains("9876543210"), "never an e-mail or a phone: {text}");

    // Within 3 km only the near one.
    let close = app.call("GET", "/api/tutors/search?location=[77.209,28.6139]&radiusKm=3", None, None).await;
    assert_eq!(close.body["total"].as_u64(), Some(1));
    // Unknown ids and bad places are refused with the field named.
    let bad = app.call("GET", "/api/tutors/search?location=[77.209,28.6139]&subject=astrology", None, None).await;
    assert_eq!((bad.status, bad.body["code"].as_str()), (400, Some("validation")));
    assert!(bad.body["fields"]["subject"].is_string(), "{:?}", bad.body);
    for query in [
        "",
        "?location=nowhere",
        "?location=[77.2,28.6]&page=0",
        "?location=[77.2,28.6]&minRating=9",
        "?location=[77.2,28.6]&maxFee=ten",
    ] {
        assert_eq!(app.call("GET", &format!("/api/tutors/search{query}"), None, None).await.status, 400, "{query}");
    }
}

#[actix_web::test]
async fn every_filter_of_tutor_search_holds_over_http() {
    let app = TestApp::start().await;
    let (cheap_token, cheap) = teaching_tutor_with(&app, "cheap@example.com", 1.0, "cbse", &["home"]).await;
    let (dear_token, dear) = teaching_tutor_with(&app, "dear@example.com", 2.0, "icse", &["online"]).await;
    // Its fee is the 500 teaching_tutor_with writes.
    let (mid_token, mid) = teaching_tutor_with(&app, "mid@example.com", 3.0, "cbse", &[]).await;
    for (token, id, fee) in [(&cheap_token, cheap, 400), (&dear_token, dear, 1200)] {
        let saved = app
            .call("PUT", &format!("/api/tutors/{id}"), Some(token), Some(json!({"about": "Maths", "feePerHour": fee})))
            .await;
        assert_eq!(saved.status, 200, "{:?}", saved.body);
    }
    // The dear tutor is approved by an admin and reviewed by a parent who was in touch.
    {
        use diesel::prelude::*;
        use hometutor_db::schema::users;
        app.db()
            .write(|c| {
                diesel::update(users::table.find(dear)).set(users::approved.eq(true)).execute(c).map_err(DbError::from)
            })
            .expect("approve");
    }
    let parent = app.verified_user("parent@example.com", "parent").await;
    app.real_contact(&parent, &dear_token).await;
    let review =
        app.call("POST", &format!("/api/tutors/{dear}/reviews"), Some(&parent), Some(json!({"rating": 5}))).await;
    assert_eq!(review.status, 201, "{:?}", review.body);

    assert_eq!(listed(&app, "").await, vec![cheap, dear, mid]);
    assert_eq!(listed(&app, "&board=icse").await, vec![dear]);
    // An area without modes teaches either way.
    assert_eq!(listed(&app, "&mode=online").await, vec![dear, mid]);
    assert_eq!(listed(&app, "&mode=home").await, vec![cheap, mid]);
    // A fee range: both ends count.
    assert_eq!(listed(&app, "&minFee=400").await, vec![cheap, dear, mid]);
    assert_eq!(listed(&app, "&minFee=401").await, vec![dear, mid]);
    assert_eq!(listed(&app, "&maxFee=400").await, vec![cheap]);
    assert_eq!(listed(&app, "&minFee=501&maxFee=1000").await, Vec::<i64>::new());
    assert_eq!(listed(&app, "&minRating=4.5").await, vec![dear]);
    assert_eq!(listed(&app, "&verified=true").await, vec![dear]);
    assert_eq!(listed(&app, "&verified=false").await, vec![cheap, dear, mid]);
    // A tutor without a fee is not complete enough to judge: no search lists them, until they say it.
    let path = format!("/api/tutors/{mid}");
    let cleared = app.call("PUT", &path, Some(&mid_token), Some(json!({"feePerHour": null}))).await;
    assert_eq!(cleared.status, 200, "{:?}", cleared.body);
    assert_eq!(listed(&app, "").await, vec![cheap, dear]);
    assert_eq!(listed(&app, "&mode=online").await, vec![dear]);
    assert_eq!(app.call("PUT", &path, Some(&mid_token), Some(json!({"feePerHour": 500}))).await.status, 200);
    assert_eq!(listed(&app, "").await, vec![cheap, dear, mid]);

    // Each card names its place and where the map shows it: a post office near the tutor's centre.
    let found = app.call("GET", "/api/tutors/search?location=[77.209,28.6139]&board=icse", None, None).await;
    let card = &found.body["tutors"][0];
    let at = card["placeLocation"].as_array().unwrap();
    let (lng, lat) = (at[0].as_f64().unwrap(), at[1].as_f64().unwrap());
    // The place's name alone: 'near' is the reader's language's word, added by the web app.
    let named = hometutor_places::Places::global().nearest(lat, lng).unwrap().display_name();
    assert_eq!(card["placeName"], json!(named), "{card}");
    let centre_lng = DELHI[0] + 2.0 / (111.195 * DELHI[1].to_radians().cos());
    assert!((lng - centre_lng).abs() < 0.05 && (lat - DELHI[1]).abs() < 0.05, "{card}");
    assert!((lng, lat) != (centre_lng, DELHI[1]), "never the tutor's own centre");

    // A range upside down is refused under maxFee.
    let upside_down =
        app.call("GET", "/api/tutors/search?location=[77.209,28.6139]&minFee=900&maxFee=500", None, None).await;
    assert_eq!((upside_down.status, upside_down.body["code"].as_str()), (400, Some("validation")));
    assert_eq!(upside_down.body["fields"]["maxFee"].as_str(), Some("The highest fee must not be below the lowest."));
    for query in ["&minFee=-1", "&minFee=100001", "&minFee=cheap", "&radiusKm=51"] {
        let refused =
            app.call("GET", &format!("/api/tutors/search?location=[77.209,28.6139]{query}"), None, None).await;
        assert_eq!(refused.status, 400, "{query}");
    }
}

#[actix_web::test]
async fn the_owning_parent_sees_recommendations_and_invites() {
    let app = TestApp::start().await;
    let (tutor_token, tutor) = teaching_tutor(&app, "tutor@example.com", 2.0).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other_parent = app.verified_user("other@example.com", "parent").await;
    let admin = app.verified_user("admin@example.com", "admin").await;
    let id = post_request(&app, &parent).await;
    let path = format!("/api/tuition/{id}/recommendations");

    let got = app.call("GET", &path, Some(&parent), None).await;
    assert_eq!(got.status, 200, "{:?}", got.body);
    let first = &got.body["tutors"][0];
    assert_eq!(first["id"].as_i64(), Some(tutor));
    let away = format!("{:.1} km away", shown_km(2.0));
    assert_eq!(first["reasons"], json!([away, "Teaches Mathematics for Class 8"]));
    assert!(first["score"].as_u64().is_some_and(|s| s <= 100));
    assert_eq!(first["invited"].as_bool(), Some(false));
    assert!(first["distanceKm"].is_number() && first["subjects"].is_array(), "a card with the score");
    let missing = app.call("GET", &path, Some(&other_parent), None).await;
    assert_eq!((missing.status, missing.body["code"].as_str()), (404, Some("not_found")));
    for token in [&tutor_token, &admin] {
        let refused = app.call("GET", &path, Some(token), None).await;
        assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("not_a_parent")));
    }
    assert_eq!(app.call("GET", &path, None, None).await.status, 401);

    let invite = format!("/api/tuition/{id}/invite");
    let body = json!({"tutorId": tutor});
    let first_time = app.call("POST", &invite, Some(&parent), Some(body.clone())).await;
    assert_eq!((first_time.status, first_time.body.clone()), (201, json!({"invited": true})));
    let again = app.call("POST", &invite, Some(&parent), Some(body.clone())).await;
    assert_eq!((again.status, again.body.clone()), (200, json!({"invited": true})));
    let told = app.call("GET", "/api/notifications", Some(&tutor_token), None).await;
    let told_text = told.body.to_string();
    assert!(
        told_text.contains("tuition_invite") && told_text.contains(&format!("/nearby?request={id}")),
        "{told_text}"
    );
    assert!(!told_text.contains("parent@example.com"));
    let now_invited = app.call("GET", &path, Some(&parent), None).await;
    assert_eq!(now_invited.body["tutors"][0]["invited"].as_bool(), Some(true));

    assert_eq!(app.call("POST", &invite, Some(&other_parent), Some(body.clone())).await.status, 404);
    assert_eq!(app.call("POST", &invite, Some(&tutor_token), Some(body.clone())).await.status, 403);
    assert_eq!(app.call("POST", &invite, Some(&admin), Some(body.clone())).await.status, 403);
    assert_eq!(app.call("POST", &invite, None, Some(body.clone())).await.status, 401);
    let parent_id = user_id(&app, "other@example.com");
    assert_eq!(app.call("POST", &invite, Some(&parent), Some(json!({"tutorId": parent_id}))).await.status, 404);
    assert_eq!(app.call("POST", &invite, Some(&parent), Some(json!({"tutorId": 987654}))).await.status, 404);
    assert_eq!(app.call("POST", &invite, Some(&parent), Some(json!({}))).await.status, 400);

    let close = app
        .call("POST", &format!("/api/tuition/{id}/close"), Some(&parent), Some(json!({"outcome": "not_needed"})))
        .await;
    assert_eq!(close.status, 200, "{:?}", close.body);
    let closed = app.call("POST", &invite, Some(&parent), Some(body.clone())).await;
    assert_eq!((closed.status, closed.body["code"].as_str()), (409, Some("request_closed")));

    // Reopened but flagged by an admin: hidden from tutors, so no invitation either.
    let reopen = app.call("POST", &format!("/api/tuition/{id}/reopen"), Some(&parent), None).await;
    assert_eq!(reopen.status, 200, "{:?}", reopen.body);
    let flag = json!({"flagged": true, "flagReason": "Phone number in the subject"});
    let flagged = app.call("POST", &format!("/api/admin/requests/{id}/flag"), Some(&admin), Some(flag)).await;
    assert_eq!(flagged.status, 200, "{:?}", flagged.body);
    let hidden = app.call("POST", &invite, Some(&parent), Some(body)).await;
    assert_eq!(
        (hidden.status, hidden.body["code"].as_str(), hidden.body["message"].as_str()),
        (409, Some("request_closed"), Some("This request is hidden from tutors, so you cannot invite tutors to it."))
    );
}

#[actix_web::test]
async fn a_profile_shows_fee_verification_rating_counts_area_and_in_touch_reviews() {
    let app = TestApp::start().await;
    let (tutor_token, tutor) = teaching_tutor(&app, "tutor@example.com", 0.0).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let profile_path = format!("/api/tutors/{tutor}");
    let fields = json!({"about": "Maths", "fees": "Negotiable", "feePerHour": 800});
    let saved = app.call("PUT", &profile_path, Some(&tutor_token), Some(fields)).await;
    assert_eq!((saved.status, saved.body["feePerHour"].as_i64()), (200, Some(800)), "{:?}", saved.body);
    // Absent keeps the fee; null clears it; out of range is refused.
    let kept = app.call("PUT", &profile_path, Some(&tutor_token), Some(json!({"about": "Maths!"}))).await;
    assert_eq!(kept.body["feePerHour"].as_i64(), Some(800));
    for bad in [json!(-1), json!(100_001), json!("cheap"), json!(1.5)] {
        let refused = app.call("PUT", &profile_path, Some(&tutor_token), Some(json!({"feePerHour": bad}))).await;
        assert_eq!(refused.status, 400, "{bad}");
    }

    app.real_contact(&parent, &tutor_token).await;
    let reviewed =
        app.call("POST", &format!("{profile_path}/reviews"), Some(&parent), Some(json!({"rating": 4}))).await;
    assert_eq!(reviewed.status, 201);
    let reviews = app.call("GET", &format!("{profile_path}/reviews"), None, None).await;
    assert_eq!(reviews.body[0]["inTouch"].as_bool(), Some(true));

    let profile = app.call("GET", &profile_path, None, None).await.body;
    assert_eq!(profile["feePerHour"].as_i64(), Some(800));
    assert_eq!((profile["verified"].as_bool(), profile["photoUrl"].clone()), (Some(false), Value::Null));
    assert_eq!((profile["rating"].as_f64(), profile["reviewCount"].as_i64()), (Some(4.0), Some(1)));
    assert_eq!(profile["ratingCounts"], json!([0, 0, 0, 1, 0]));
    let area = &profile["area"];
    assert_eq!(area["radiusKm"].as_f64(), Some(10.0));
    assert_eq!(area["subjects"], json!([{"id": "maths", "label": "Mathematics"}]));
    assert_eq!(area["classes"], json!([{"id": "class-8", "label": "Class 8"}]));
    assert!(area.get("location").is_none() && area.get("lat").is_none(), "never the centre itself");

    let cleared = app.call("PUT", &profile_path, Some(&tutor_token), Some(json!({"feePerHour": null}))).await;
    assert_eq!((cleared.status, cleared.body["feePerHour"].clone()), (200, Value::Null));
    let none = app.call("GET", &format!("/api/tutors/{}", id_of(&app, "tutor@example.com").await), None, None).await;
    assert_eq!(none.body["area"]["modes"], json!([]));
}
