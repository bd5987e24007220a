//! A tuition request's subject and class in the reader's language: chosen from the vocabulary,
//! they read in Hindi to a Hindi reader (the parent's own list and every answer about the
//! request they get back, the nearby search of a tutor, an admin's list of every request and
//! report queue) and in the spec's English to an English one; a parent's own words ('other')
//! are shown as written to both.

use serde_json::{json, Value};

use super::{choose_language, common};
use crate::admin_api::ADMIN;
use common::{TestApp, PASSWORD};

const DELHI: [f64; 2] = [77.209, 28.6139];

/// Posts a request in Delhi; the answer as the poster reads it.
async fn post(app: &TestApp, parent: &str, body: Value) -> Value {
    let mut full = json!({"preferredTime": "Evenings", "location": DELHI});
    full.as_object_mut().expect("object").extend(body.as_object().expect("object").clone());
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(full)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body
}

fn terms(request: &Value) -> (&str, &str) {
    (request["subject"].as_str().expect("subject"), request["classLevel"].as_str().expect("classLevel"))
}

/// The request with `id` in a list.
fn with_id(list: &Value, id: &Value) -> Value {
    list.as_array().expect("list").iter().find(|r| &r["id"] == id).cloned().expect("the request")
}

#[actix_web::test]
async fn a_parents_own_requests_name_the_chosen_subject_and_class_in_their_language() {
    let app = TestApp::start().await;
    let hindi = app.verified_user("hindi@example.com", "parent").await;
    choose_language(&app, &hindi, "hi").await;
    let english = app.verified_user("english@example.com", "parent").await;

    let chosen = json!({"subjectId": "maths", "classId": "class-8"});
    let own_words = json!({"subjectId": "other", "subject": "CA Foundation", "classId": "class-12"});
    for (parent, maths, class_8, class_12) in
        [(&hindi, "गणित", "कक्षा 8", "कक्षा 12"), (&english, "Mathematics", "Class 8", "Class 12")]
    {
        let posted = post(&app, parent, chosen.clone()).await;
        assert_eq!(terms(&posted), (maths, class_8), "the answer to the post");
        assert_eq!((&posted["subjectId"], &posted["classId"]), (&json!("maths"), &json!("class-8")), "same ids");
        let other = post(&app, parent, own_words.clone()).await;
        assert_eq!(terms(&other), ("CA Foundation", class_12), "the parent's own words stay");

        let mine = app.call("GET", "/api/tuition/mine", Some(parent), None).await;
        assert_eq!(mine.status, 200, "{:?}", mine.body);
        assert_eq!(terms(&with_id(&mine.body, &posted["id"])), (maths, class_8), "the list");
        assert_eq!(terms(&with_id(&mine.body, &other["id"])), ("CA Foundation", class_12));

        let path = format!("/api/tuition/{}", posted["id"]);
        let edited =
            json!({"subjectId": "physics", "classId": "class-8", "preferredTime": "Mornings", "location": DELHI});
        let edited = app.call("PUT", &path, Some(parent), Some(edited)).await;
        assert_eq!(edited.status, 200, "{:?}", edited.body);
        let physics = if parent == &hindi { "भौतिक विज्ञान" } else { "Physics" };
        assert_eq!(terms(&edited.body), (physics, class_8), "the answer to an edit");
        let closed =
            app.call("POST", &format!("{path}/close"), Some(parent), Some(json!({"outcome": "not_needed"}))).await;
        assert_eq!(closed.status, 200, "{:?}", closed.body);
        assert_eq!(terms(&closed.body), (physics, class_8), "the answer to closing");
        let reopened = app.call("POST", &format!("{path}/reopen"), Some(parent), None).await;
        assert_eq!(reopened.status, 200, "{:?}", reopened.body);
        assert_eq!(terms(&reopened.body), (physics, class_8), "the answer to reopening");
    }
}

#[actix_web::test]
async fn a_tutors_nearby_search_names_them_in_the_tutors_language() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let chosen = post(&app, &parent, json!({"subjectId": "maths", "classId": "class-8"})).await;
    let own_words = post(
        &app,
        &parent,
        json!({"subjectId": "other", "subject": "CA Foundation", "classId": "other", "classLevel": "Final year"}),
    )
    .await;
    let hindi = app.verified_user("hindi@example.com", "tutor").await;
    app.subscribe(&hindi).await;
    choose_language(&app, &hindi, "hi").await;
    let english = app.verified_user("english@example.com", "tutor").await;
    app.subscribe(&english).await;

    let path = format!("/api/tuition/nearby?coordinates=[{},{}]", DELHI[0], DELHI[1]);
    for (tutor, maths, class_8) in [(&hindi, "गणित", "कक्षा 8"), (&english, "Mathematics", "Class 8")]
    {
        let found = app.call("GET", &path, Some(tutor), None).await;
        assert_eq!(found.status, 200, "{:?}", found.body);
        let request = with_id(&found.body, &chosen["id"]);
        assert_eq!(terms(&request), (maths, class_8));
        assert_eq!((&request["subjectId"], &request["classId"]), (&json!("maths"), &json!("class-8")));
        assert_eq!(terms(&with_id(&found.body, &own_words["id"])), ("CA Foundation", "Final year"));
    }
}

/// A server with two admins, the first reading Hindi, the second English: their tokens.
async fn start_with_admins() -> (TestApp, String, String) {
    let app = TestApp::start_with(&[("ADMIN_EMAIL", ADMIN.into()), ("ADMIN_PASSWORD", PASSWORD.into())]).await;
    let hindi = app.login(ADMIN, PASSWORD).await;
    let second =
        json!({"fullname": "Ravi Admin", "email": "english-admin@example.com", "password": PASSWORD, "role": "admin"});
    let created = app.call("POST", "/api/admin/users/create", Some(&hindi), Some(second)).await;
    assert_eq!(created.status, 201, "{:?}", created.body);
    let english = app.login("english-admin@example.com", PASSWORD).await;
    choose_language(&app, &hindi, "hi").await;
    (app, hindi, english)
}

/// A parent's two requests in Delhi: Mathematics for Class 8 chosen from the vocabulary, and
/// their own words for both the subject and the class.
async fn chosen_and_own_words(app: &TestApp, parent: &str) -> (Value, Value) {
    let chosen = post(app, parent, json!({"subjectId": "maths", "classId": "class-8"})).await;
    let own_words =
        json!({"subjectId": "other", "subject": "CA Foundation", "classId": "other", "classLevel": "Final year"});
    (chosen, post(app, parent, own_words).await)
}

#[actix_web::test]
async fn an_admins_list_of_every_request_names_them_in_the_admins_language() {
    let (app, hindi, english) = start_with_admins().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let (chosen, own_words) = chosen_and_own_words(&app, &parent).await;

    let readers = [(&hindi, "गणित", "कक्षा 8"), (&english, "Mathematics", "Class 8")];
    for (admin, maths, class_8) in readers {
        let list = app.call("GET", "/api/admin/requests", Some(admin), None).await;
        assert_eq!(list.status, 200, "{:?}", list.body);
        let request = with_id(&list.body, &chosen["id"]);
        assert_eq!(terms(&request), (maths, class_8));
        assert_eq!((&request["subjectId"], &request["classId"]), (&json!("maths"), &json!("class-8")));
        let request = with_id(&list.body, &own_words["id"]);
        assert_eq!(terms(&request), ("CA Foundation", "Final year"), "the parent's own words stay");
        assert_eq!((&request["subjectId"], &request["classId"]), (&json!("other"), &json!("other")));
    }
}

#[actix_web::test]
async fn a_reported_request_in_the_queue_names_them_in_the_admins_language() {
    let (app, hindi, english) = start_with_admins().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let (chosen, own_words) = chosen_and_own_words(&app, &parent).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    for request in [&chosen, &own_words] {
        let report = json!({"target": "request", "targetId": request["id"], "reason": "spam"});
        let filed = app.call("POST", "/api/reports", Some(&tutor), Some(report)).await;
        assert_eq!(filed.status, 201, "{:?}", filed.body);
    }

    let readers = [(&hindi, "गणित", "कक्षा 8"), (&english, "Mathematics", "Class 8")];
    for (admin, maths, class_8) in readers {
        let queue = app.call("GET", "/api/admin/reports", Some(admin), None).await;
        assert_eq!(queue.status, 200, "{:?}", queue.body);
        let reported = |id: &Value| {
            let items = queue.body.as_array().expect("queue");
            items.iter().find(|q| &q["report"]["targetId"] == id).map(|q| q["request"].clone()).expect("the report")
        };
        let request = reported(&chosen["id"]);
        assert_eq!(terms(&request), (maths, class_8));
        assert_eq!((&request["subjectId"], &request["classId"]), (&json!("maths"), &json!("class-8")));
        assert_eq!(terms(&reported(&own_words["id"])), ("CA Foundation", "Final year"), "the parent's own words stay");
    }
}

/// The titles of `reader`'s notifications, newest first.
async fn notice_titles(app: &TestApp, reader: &str) -> Vec<String> {
    let list = app.call("GET", "/api/notifications", Some(reader), None).await;
    assert_eq!(list.status, 200, "{:?}", list.body);
    let items = list.body["items"].as_array().cloned().unwrap_or_default();
    items.iter().filter_map(|i| i["title"].as_str().map(str::to_string)).collect()
}

/// The notices a parent gets about their request (flagged by an admin, a tutor interested) name
/// its subject by the id it stores: chosen from the vocabulary, in the parent's language; their
/// own words, even words that equal a vocabulary label ('Mathematics' as 'other'), as typed.
#[actix_web::test]
async fn a_parents_notices_about_a_request_name_its_subject_by_its_id() {
    let (app, admin, _) = start_with_admins().await;
    let hindi = app.verified_user("hindi@example.com", "parent").await;
    choose_language(&app, &hindi, "hi").await;
    let english = app.verified_user("english@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    app.subscribe(&tutor).await;

    let chosen = json!({"subjectId": "maths", "classId": "class-8"});
    let typed = json!({"subjectId": "other", "subject": "Mathematics", "classId": "other", "classLevel": "Class 8"});
    for parent in [&hindi, &english] {
        for body in [&chosen, &typed] {
            let posted = post(&app, parent, body.clone()).await;
            let id = &posted["id"];
            let flag = json!({"flagged": true, "flagReason": "Check the details"});
            let flagged = app.call("POST", &format!("/api/admin/requests/{id}/flag"), Some(&admin), Some(flag)).await;
            assert_eq!(flagged.status, 200, "{:?}", flagged.body);
            let unflag = json!({"flagged": false});
            let unflagged =
                app.call("POST", &format!("/api/admin/requests/{id}/flag"), Some(&admin), Some(unflag)).await;
            assert_eq!(unflagged.status, 200, "{:?}", unflagged.body);
            let interested = app.call("POST", &format!("/api/tuition/{id}/interested"), Some(&tutor), None).await;
            assert_eq!(interested.status, 200, "{:?}", interested.body);
        }
    }

    // Newest first: the typed request's two notices, then the chosen one's.
    let shown = notice_titles(&app, &hindi).await;
    assert_eq!(
        shown,
        [
            "Asha Kumar ने आपके Mathematics अनुरोध में रुचि दिखाई है",
            "आपके Mathematics अनुरोध को फ़्लैग किया गया है",
            "Asha Kumar ने आपके गणित अनुरोध में रुचि दिखाई है",
            "आपके गणित अनुरोध को फ़्लैग किया गया है",
        ],
        "the Hindi parent"
    );
    let shown = notice_titles(&app, &english).await;
    assert_eq!(
        shown,
        [
            "Asha Kumar is interested in your Mathematics request",
            "Your Mathematics request was flagged",
            "Asha Kumar is interested in your Mathematics request",
            "Your Mathematics request was flagged",
        ],
        "the English parent"
    );
}
