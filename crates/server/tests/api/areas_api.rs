//! A tutor's teaching area, the nearby count and new-request alerts over HTTP: who may
//! read and change an area, what an unsubscribed tutor's count reveals, and that a
//! posted request alerts the tutors whose area covers it.
//! Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

use crate::common;

use common::TestApp;
use diesel::prelude::*;
use hometutor_db::schema::{notifications, users};
use hometutor_db::DbError;
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];

fn east_of_delhi(km: f64) -> [f64; 2] {
    [DELHI[0] + km / (111.32 * DELHI[1].to_radians().cos()), DELHI[1]]
}

async fn post_request(app: &TestApp, parent: &str, subject: &str, location: [f64; 2]) -> i64 {
    let body = json!({"subject": subject, "classLevel": "Class 10", "preferredTime": "Evenings", "location": location});
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(body)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

fn sorted_keys(v: &Value) -> Vec<String> {
    let mut keys: Vec<String> = v.as_object().expect("object").keys().cloned().collect();
    keys.sort();
    keys
}

#[actix_web::test]
async fn a_tutor_saves_and_reads_their_own_area_and_no_one_else_can() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let other = app.verified_user("other@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;

    let none = app.call("GET", "/api/tutors/me/area", Some(&tutor), None).await;
    assert_eq!((none.status, &none.body), (200, &json!(null)), "no area saved yet");

    let body = json!({"location": DELHI, "radiusKm": 8, "subjects": [" Maths ", "maths", "Physics"], "classes": []});
    let saved = app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(body)).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(
        sorted_keys(&saved.body),
        ["boards", "classes", "location", "modes", "placeName", "profileMissing", "radiusKm", "subjects", "updatedAt"]
    );
    // Subjects and an area saved; the rest of the set-up is still to do.
    let missing = json!(["classes", "boards", "modes", "fee", "availability", "photo", "about"]);
    assert_eq!(saved.body["profileMissing"], missing);
    assert_eq!(saved.body["location"], json!(DELHI));
    assert_eq!(saved.body["radiusKm"], 8.0);
    assert_eq!(
        saved.body["subjects"],
        json!([{"id": "maths", "label": "Mathematics"}, {"id": "physics", "label": "Physics"}]),
        "text mapped onto the vocabulary, repeats dropped"
    );
    assert_eq!(saved.body["classes"], json!([]));
    assert_eq!((&saved.body["boards"], &saved.body["modes"]), (&json!([]), &json!([])));
    let read = app.call("GET", "/api/tutors/me/area", Some(&tutor), None).await;
    assert_eq!((read.status, &read.body), (200, &saved.body));

    // Another tutor reads and writes their own area only: `me` is the caller, always.
    let theirs = app.call("GET", "/api/tutors/me/area", Some(&other), None).await;
    assert_eq!((theirs.status, &theirs.body), (200, &json!(null)), "the first tutor's area is not theirs");
    let mumbai = json!({"location": [72.8777, 19.076], "radiusKm": 25, "subjects": [], "classes": ["Class 12"]});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&other), Some(mumbai)).await.status, 200);
    let mine = app.call("GET", "/api/tutors/me/area", Some(&tutor), None).await;
    assert_eq!(mine.body, saved.body, "untouched by the other tutor's save");

    // A parent has no area: 403 both ways, nothing stored.
    for (method, body) in [("GET", None), ("PUT", Some(json!({"location": DELHI, "radiusKm": 5})))] {
        let refused = app.call(method, "/api/tutors/me/area", Some(&parent), body).await;
        assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("not_a_tutor")), "{method}");
    }
    // Logged out: 401.
    assert_eq!(app.call("GET", "/api/tutors/me/area", None, None).await.status, 401);
    assert_eq!(app.call("PUT", "/api/tutors/me/area", None, Some(json!({}))).await.status, 401);
}

#[actix_web::test]
async fn bad_areas_are_refused_with_the_fields_named_and_change_nothing() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let good = json!({"location": DELHI, "radiusKm": 10, "subjects": ["Maths"], "classes": []});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(good.clone())).await.status, 200);

    let long = "x".repeat(101);
    let many: Vec<String> = (0..21).map(|i| format!("Subject {i}")).collect();
    let cases = [
        (json!({}), vec!["location", "radiusKm"]),
        (json!({"location": [200, 10], "radiusKm": 10}), vec!["location"]),
        (json!({"location": DELHI, "radiusKm": 1}), vec!["radiusKm"]),
        (json!({"location": DELHI, "radiusKm": 26}), vec!["radiusKm"]),
        (json!({"location": DELHI, "radiusKm": 10, "subjects": many}), vec!["subjects"]),
        (json!({"location": DELHI, "radiusKm": 10, "subjects": ["  "]}), vec!["subjects"]),
        (json!({"location": DELHI, "radiusKm": 10, "classes": [long]}), vec!["classes"]),
        (json!({"location": DELHI, "radiusKm": 10, "classes": ["10\n11"]}), vec!["classes"]),
        (json!({"location": DELHI, "radiusKm": 10, "boards": ["nasa"]}), vec!["boards"]),
        (json!({"location": DELHI, "radiusKm": 10, "modes": ["cbse"]}), vec!["modes"]),
    ];
    for (body, fields) in cases {
        let reply = app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(body.clone())).await;
        assert_eq!((reply.status, reply.body["code"].as_str()), (400, Some("validation")), "{body}");
        assert!(reply.body["message"].as_str().is_some_and(|m| !m.is_empty()));
        let named: Vec<&str> = reply.body["fields"].as_object().expect("fields").keys().map(String::as_str).collect();
        assert_eq!(named, fields, "{body}");
    }
    // Unknown fields and wrong shapes are refused too.
    for body in [
        json!({"location": DELHI, "radiusKm": 10, "tutorId": 1}),
        json!({"location": "Delhi", "radiusKm": 10}),
        json!({"location": DELHI, "radiusKm": "ten"}),
        json!({"location": DELHI, "radiusKm": 10, "subjects": "Maths"}),
    ] {
        let reply = app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(body.clone())).await;
        assert_eq!(reply.status, 400, "{body}: {:?}", reply.body);
        assert!(reply.body["code"].is_string() && reply.body["message"].is_string(), "{body}");
    }
    let after = app.call("GET", "/api/tutors/me/area", Some(&tutor), None).await;
    assert_eq!(
        (after.body["radiusKm"].as_f64(), &after.body["subjects"]),
        (Some(10.0), &json!([{"id": "maths", "label": "Mathematics"}]))
    );
}

#[actix_web::test]
async fn an_unsubscribed_tutor_learns_a_number_and_nothing_else() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let near = post_request(&app, &parent, "Maths", east_of_delhi(3.0)).await;
    post_request(&app, &parent, "Physics", east_of_delhi(6.0)).await;
    post_request(&app, &parent, "Maths", east_of_delhi(40.0)).await;

    let refused = app.call("GET", "/api/tuition/nearby/count", Some(&tutor), None).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (404, Some("area_not_set")));

    let at = |c: [f64; 2], extra: &str| format!("/api/tuition/nearby/count?coordinates={},{}{extra}", c[0], c[1]);
    let counted = app.call("GET", &at(DELHI, ""), Some(&tutor), None).await;
    assert_eq!((counted.status, &counted.body), (200, &json!({"count": 2, "radiusKm": 10.0})));
    let small = app.call("GET", &at(DELHI, "&radius=4"), Some(&tutor), None).await;
    assert_eq!(small.body, json!({"count": 1, "radiusKm": 4.0}));
    let bracketed = format!("/api/tuition/nearby/count?coordinates=[{},{}]", DELHI[0], DELHI[1]);
    assert_eq!(app.call("GET", &bracketed, Some(&tutor), None).await.body["count"], 2);

    let area = json!({"location": east_of_delhi(40.0), "radiusKm": 5, "subjects": ["Chemistry"], "classes": []});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(area)).await.status, 200);
    let from_area = app.call("GET", "/api/tuition/nearby/count", Some(&tutor), None).await;
    assert_eq!(from_area.body, json!({"count": 1, "radiusKm": 5.0}));

    // Still no list, no ids, no interest: those need the subscription.
    let nearby = format!("/api/tuition/nearby?coordinates=[{},{}]", DELHI[0], DELHI[1]);
    let list = app.call("GET", &nearby, Some(&tutor), None).await;
    assert_eq!(list.body["code"], "subscription_required");
    let interest = app.call("POST", &format!("/api/tuition/{near}/interested"), Some(&tutor), None).await;
    assert_eq!(interest.body["code"], "subscription_required");

    for bad in [at(DELHI, "&radius=1"), at(DELHI, "&radius=30"), at([200.0, 10.0], ""), at(DELHI, "&radius=x")] {
        let reply = app.call("GET", &bad, Some(&tutor), None).await;
        assert_eq!(reply.status, 400, "{bad}: {:?}", reply.body);
        assert!(reply.body["code"].is_string(), "{bad}");
    }
    let parent_count = app.call("GET", &at(DELHI, ""), Some(&parent), None).await;
    assert_eq!((parent_count.status, parent_count.body["code"].as_str()), (403, Some("not_a_tutor")));
    assert_eq!(app.call("GET", &at(DELHI, ""), None, None).await.status, 401);
}

#[actix_web::test]
async fn a_posted_request_alerts_the_tutor_whose_area_covers_it() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let elsewhere = app.verified_user("elsewhere@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let area = json!({"location": DELHI, "radiusKm": 10, "subjects": ["maths"], "classes": ["class 10"]});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(area)).await.status, 200);
    let mumbai = json!({"location": [72.8777, 19.076], "radiusKm": 25});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&elsewhere), Some(mumbai)).await.status, 200);

    let id = post_request(&app, &parent, "Maths", east_of_delhi(3.0)).await;
    post_request(&app, &parent, "Chemistry", east_of_delhi(3.0)).await;

    let alerts = |email: &'static str| {
        app.db()
            .read(|c| {
                notifications::table
                    .filter(
                        notifications::user_id.eq_any(users::table.filter(users::email.eq(email)).select(users::id)),
                    )
                    .select((notifications::kind, notifications::title, notifications::link, notifications::data))
                    .load::<(String, String, Option<String>, String)>(c)
                    .map_err(DbError::from)
            })
            .unwrap()
    };
    let got = alerts("tutor@example.com");
    assert_eq!(got.len(), 1, "{got:?}");
    let (kind, title, link, data) = &got[0];
    assert_eq!((kind.as_str(), link.as_deref()), ("new_request", Some(format!("/nearby?request={id}").as_str())));
    // The subject by the vocabulary's name for it, in the reader's language, whatever the parent typed.
    assert!(title.starts_with("New Mathematics request ") && title.ends_with(" km from you"), "{title}");
    let data: Value = serde_json::from_str(data).unwrap();
    assert_eq!(
        sorted_keys(&data),
        ["board", "classId", "classLevel", "distanceKm", "mode", "requestId", "subject", "subjectId"]
    );
    // What the request is for, in words and as the vocabulary's ids; nothing of who or where.
    let what = |k: &str| data[k].clone();
    assert_eq!(
        [what("requestId"), what("subject"), what("subjectId"), what("classLevel"), what("classId")],
        [json!(id), json!("Maths"), json!("maths"), json!("Class 10"), json!("class-10")]
    );
    assert_eq!([what("board"), what("mode")], [Value::Null, json!("home")]);
    assert!(alerts("elsewhere@example.com").is_empty());
    assert!(alerts("parent@example.com").is_empty());

    // The alert's link leads to a search that lists the request (the web app searches the saved area).
    app.subscribe(&tutor).await;
    let coordinates = format!("[{},{}]", DELHI[0], DELHI[1]);
    let path = format!("/api/tuition/nearby?coordinates={coordinates}&radiusKm=10&subject=maths");
    let nearby = app.call("GET", &path, Some(&tutor), None).await;
    assert_eq!(nearby.status, 200, "{:?}", nearby.body);
    let listed: Vec<i64> =
        nearby.body.as_array().unwrap().iter().map(|r| r["_id"].as_i64().or(r["id"].as_i64()).unwrap()).collect();
    assert_eq!(listed, vec![id], "{:?}", nearby.body);
}
