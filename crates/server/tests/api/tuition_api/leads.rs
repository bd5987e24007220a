//! Leads that fit: the nearby search kept to the tutor's own subjects and classes (`mine`),
//! sorted by distance or newest (`sort`), and the counts behind its filter choices
//! (`/api/tuition/nearby/facets`), which only a subscribed tutor is told.

use serde_json::{json, Value};

use super::{east_of_delhi, nearby_path, DELHI};
use crate::common::TestApp;

async fn post(app: &TestApp, parent: &str, subject: &str, class: &str, km: f64) -> i64 {
    let body = json!({"subjectId": subject, "classId": class, "preferredTime": "Evenings",
                      "location": east_of_delhi(km)});
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(body)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body["id"].as_i64().unwrap()
}

async fn area(app: &TestApp, tutor: &str, subjects: &[&str], classes: &[&str]) {
    let body = json!({"location": DELHI, "radiusKm": 10, "subjects": subjects, "classes": classes});
    let saved = app.call("PUT", "/api/tutors/me/area", Some(tutor), Some(body)).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
}

async fn listed(app: &TestApp, tutor: &str, extra: &str) -> Vec<i64> {
    let reply = app.call("GET", &nearby_path(DELHI, extra), Some(tutor), None).await;
    assert_eq!(reply.status, 200, "{extra}: {:?}", reply.body);
    reply.body.as_array().unwrap().iter().map(|r| r["id"].as_i64().unwrap()).collect()
}

async fn facets(app: &TestApp, tutor: &str, extra: &str) -> Value {
    let path = format!("/api/tuition/nearby/facets?coordinates=[{},{}]{extra}", DELHI[0], DELHI[1]);
    let reply = app.call("GET", &path, Some(tutor), None).await;
    assert_eq!(reply.status, 200, "{extra}: {:?}", reply.body);
    reply.body
}

#[actix_web::test]
async fn each_tutor_sees_their_own_subjects_and_classes_by_distance_or_newest_with_counts() {
    let app = TestApp::start().await;
    let (parent, other_parent) = (
        app.verified_user("parent@example.com", "parent").await,
        app.verified_user("parent2@example.com", "parent").await,
    );
    let maths_tutor = app.verified_user("maths@example.com", "tutor").await;
    let physics_tutor = app.verified_user("physics@example.com", "tutor").await;
    let new_tutor = app.verified_user("new@example.com", "tutor").await;
    for tutor in [&maths_tutor, &physics_tutor, &new_tutor] {
        app.subscribe(tutor).await;
    }
    area(&app, &maths_tutor, &["maths"], &["class-10"]).await;
    area(&app, &physics_tutor, &["physics"], &["class-12", "class-11"]).await;
    // Posted in this order: the newest is the last.
    let maths_10 = post(&app, &parent, "maths", "class-10", 1.0).await;
    let physics_12 = post(&app, &parent, "physics", "class-12", 3.0).await;
    let maths_8 = post(&app, &parent, "maths", "class-8", 5.0).await;
    let english_10 = post(&app, &other_parent, "english", "class-10", 7.0).await;
    let physics_11 = post(&app, &other_parent, "physics", "class-11", 9.0).await;
    let everything = [maths_10, physics_12, maths_8, english_10, physics_11];

    // By default (and with mine=false) everything, nearest first.
    assert_eq!(listed(&app, &maths_tutor, "").await, everything);
    assert_eq!(listed(&app, &maths_tutor, "&mine=false").await, everything);
    // Two tutors, two different defaults of the web app.
    assert_eq!(listed(&app, &maths_tutor, "&mine=true").await, [maths_10]);
    assert_eq!(listed(&app, &physics_tutor, "&mine=true").await, [physics_12, physics_11]);
    // A tutor who saved no subjects or classes gets everything.
    assert_eq!(listed(&app, &new_tutor, "&mine=true").await, everything);
    // Newest first, with or without the tutor's own filter and the others.
    assert_eq!(
        listed(&app, &maths_tutor, "&sort=newest").await,
        [physics_11, english_10, maths_8, physics_12, maths_10]
    );
    assert_eq!(listed(&app, &physics_tutor, "&mine=true&sort=newest").await, [physics_11, physics_12]);
    assert_eq!(listed(&app, &physics_tutor, "&mine=true&sort=distance&classId=class-11").await, [physics_11]);
    assert_eq!(listed(&app, &maths_tutor, "&sort=newest&radiusKm=4").await, [physics_12, maths_10]);
    let bad = app.call("GET", &nearby_path(DELHI, "&sort=price"), Some(&maths_tutor), None).await;
    assert_eq!(bad.status, 400, "{:?}", bad.body);

    // The counts: each subject and class as choosing it would list, and all vs mine.
    let counted = facets(&app, &maths_tutor, "").await;
    assert_eq!(
        counted,
        json!({"radiusKm": 10.0, "all": 5, "mine": 1,
               "subjects": {"english": 1, "maths": 2, "physics": 2},
               "classes": {"class-10": 2, "class-11": 1, "class-12": 1, "class-8": 1}})
    );
    // With mine on, the choices count within the tutor's own subjects and classes.
    let mine = facets(&app, &maths_tutor, "&mine=true").await;
    assert_eq!((&mine["all"], &mine["mine"]), (&json!(5), &json!(1)));
    assert_eq!((&mine["subjects"], &mine["classes"]), (&json!({"maths": 1}), &json!({"class-10": 1})));
    let physics = facets(&app, &physics_tutor, "&mine=true").await;
    assert_eq!((&physics["mine"], &physics["subjects"]), (&json!(2), &json!({"physics": 2})));
    // A chosen subject narrows the classes' counts and the totals, not the subjects' own.
    let maths = facets(&app, &maths_tutor, "&subjectId=maths").await;
    assert_eq!((&maths["all"], &maths["classes"]), (&json!(2), &json!({"class-10": 1, "class-8": 1})));
    assert_eq!(maths["subjects"], counted["subjects"]);
    // No subjects or classes saved: no "mine" to count.
    assert_eq!(facets(&app, &new_tutor, "").await["mine"], Value::Null);
    // The radius counts as the list does.
    assert_eq!(facets(&app, &maths_tutor, "&radiusKm=4").await["all"], 2);
}

#[actix_web::test]
async fn a_tutor_without_a_subscription_is_told_the_number_alone() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    area(&app, &tutor, &["maths"], &["class-10"]).await;
    post(&app, &parent, "maths", "class-10", 1.0).await;
    post(&app, &parent, "physics", "class-12", 3.0).await;

    let path = format!("/api/tuition/nearby/facets?coordinates=[{},{}]&mine=true", DELHI[0], DELHI[1]);
    let refused = app.call("GET", &path, Some(&tutor), None).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (403, Some("subscription_required")));
    assert!(refused.body.get("subjects").is_none() && refused.body.get("all").is_none(), "{:?}", refused.body);
    let list = app.call("GET", &nearby_path(DELHI, "&mine=true&sort=newest"), Some(&tutor), None).await;
    assert_eq!(list.status, 403);
    // The count stays what it was: a number and its radius, nothing else.
    let count = app.call("GET", "/api/tuition/nearby/count", Some(&tutor), None).await;
    assert_eq!(count.status, 200, "{:?}", count.body);
    assert_eq!(count.body, json!({"count": 2, "radiusKm": 10.0}));

    // A parent is refused too.
    let by_parent = app.call("GET", &path, Some(&parent), None).await;
    assert_eq!(by_parent.status, 403);
}
