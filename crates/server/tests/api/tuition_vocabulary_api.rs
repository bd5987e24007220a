//! The vocabulary over HTTP: `GET /api/vocabulary`, requests that carry
//! subject, class, board and mode ids, the nearby search's id filters, and teaching areas
//! answered as terms. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

use crate::common;

use common::TestApp;
use diesel::prelude::*;
use hometutor_db::schema::{notifications, users};
use hometutor_db::DbError;
use serde_json::{json, Value};

const DELHI: [f64; 2] = [77.209, 28.6139];

fn nearby_path(extra: &str) -> String {
    format!("/api/tuition/nearby?coordinates=[{},{}]{extra}", DELHI[0], DELHI[1])
}

async fn post(app: &TestApp, parent: &str, body: Value) -> Value {
    let mut full = json!({"preferredTime": "Evenings", "location": DELHI});
    full.as_object_mut().unwrap().extend(body.as_object().unwrap().clone());
    let reply = app.call("POST", "/api/tuition", Some(parent), Some(full)).await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    reply.body
}

fn ids(list: &Value) -> Vec<i64> {
    let mut ids: Vec<i64> = list.as_array().expect("list").iter().map(|r| r["id"].as_i64().unwrap()).collect();
    ids.sort_unstable();
    ids
}

fn fields(body: &Value) -> Vec<String> {
    body["fields"].as_object().expect("fields").keys().cloned().collect()
}

#[actix_web::test]
async fn the_vocabulary_is_public_and_cacheable() {
    let app = TestApp::start().await;
    let reply = app.call("GET", "/api/vocabulary", None, None).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    let cache = reply.headers.get("cache-control").and_then(|v| v.to_str().ok());
    assert_eq!(cache, Some("public, max-age=3600"));
    let mut keys: Vec<&str> = reply.body.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["boards", "classes", "modes", "subjects"]);
    let maths = &reply.body["subjects"][0];
    assert_eq!((maths["id"].as_str(), maths["label"].as_str()), (Some("maths"), Some("Mathematics")));
    assert!(maths["synonyms"].as_array().unwrap().iter().any(|s| s == "Maths"));
    let classes = reply.body["classes"].as_array().unwrap();
    assert!(classes.iter().any(|t| t["id"] == "class-1") && classes.iter().any(|t| t["id"] == "class-10"));
    assert!(reply.body["boards"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t == &json!({"id": "cbse", "label": "CBSE"}) || (t["id"] == "cbse" && t["label"] == "CBSE")));
    let modes: Vec<&str> = reply.body["modes"].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap()).collect();
    assert!(modes.contains(&"home") && modes.contains(&"online"), "{modes:?}");
    // A term without synonyms has no `synonyms` key.
    assert!(reply.body["subjects"].as_array().unwrap().iter().any(|t| t.get("synonyms").is_none()));

    let doc = app.call("GET", "/api/openapi.json", None, None).await.body;
    assert!(doc["paths"]["/api/vocabulary"]["get"].is_object(), "documented");
    assert!(doc["components"]["schemas"]["VocabularyDto"].is_object());
}

#[actix_web::test]
async fn the_vocabulary_speaks_the_browsers_language_with_the_same_ids() {
    let app = TestApp::start().await;
    let hindi =
        app.call_with(&[("Accept-Language", "hi-IN,hi;q=0.9,en;q=0.5")], "GET", "/api/vocabulary", None, None).await;
    let english = app.call_with(&[("Accept-Language", "en-IN")], "GET", "/api/vocabulary", None, None).await;
    assert_eq!((hindi.status, english.status), (200, 200));
    for facet in ["subjects", "classes", "boards", "modes"] {
        let id_list = |body: &Value| -> Vec<String> {
            body[facet].as_array().unwrap().iter().map(|t| t["id"].as_str().unwrap().to_string()).collect()
        };
        assert_eq!(id_list(&hindi.body), id_list(&english.body), "{facet}: the same ids in the same order");
    }
    let term = |body: &Value, facet: &str, id: &str| -> Value {
        body[facet].as_array().unwrap().iter().find(|t| t["id"] == id).cloned().unwrap()
    };
    let maths = term(&hindi.body, "subjects", "maths");
    assert_eq!(maths["label"], "गणित");
    // The English label and synonyms still name it for someone who types them.
    let synonyms = maths["synonyms"].as_array().unwrap();
    assert!(synonyms.iter().any(|s| s == "Mathematics") && synonyms.iter().any(|s| s == "Maths"), "{synonyms:?}");
    assert_eq!(term(&hindi.body, "modes", "home")["label"], "घर पर");
    assert_eq!(term(&english.body, "subjects", "maths")["label"], "Mathematics");
    assert!(term(&english.body, "subjects", "maths")["synonyms"]
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s != "Mathematics"));

    // Caches keep one answer per language, and each language has its own tag.
    for reply in [&hindi, &english] {
        let vary = reply.headers["vary"].to_str().unwrap();
        assert!(vary.split(',').any(|v| v.trim() == "Accept-Language"), "Vary: {vary}");
    }
    assert_ne!(hindi.headers["etag"], english.headers["etag"]);
    let etag = hindi.headers["etag"].to_str().unwrap().to_string();
    let again = app
        .call_with(&[("Accept-Language", "hi"), ("If-None-Match", &etag)], "GET", "/api/vocabulary", None, None)
        .await;
    assert_eq!(again.status, 304);
    let other = app
        .call_with(&[("Accept-Language", "en"), ("If-None-Match", &etag)], "GET", "/api/vocabulary", None, None)
        .await;
    assert_eq!(other.status, 200, "the Hindi tag does not stand for the English answer");
}

#[actix_web::test]
async fn requests_carry_ids_and_unknown_ones_are_field_errors() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;

    let by_id =
        post(&app, &parent, json!({"subjectId": "maths", "classId": "class-10", "board": "cbse", "mode": "online"}))
            .await;
    assert_eq!((by_id["subject"].as_str(), by_id["classLevel"].as_str()), (Some("Mathematics"), Some("Class 10")));
    assert_eq!(
        (&by_id["subjectId"], &by_id["classId"], &by_id["board"], &by_id["mode"]),
        (&json!("maths"), &json!("class-10"), &json!("cbse"), &json!("online"))
    );
    assert!(by_id.get("placeName").is_some(), "placeName is always there (null far from known places)");

    let by_text = post(&app, &parent, json!({"subject": "Maths", "classLevel": "10th"})).await;
    assert_eq!(
        (&by_text["subjectId"], &by_text["classId"], &by_text["board"], &by_text["mode"], &by_text["subject"]),
        (&json!("maths"), &json!("class-10"), &Value::Null, &json!("home"), &json!("Maths"))
    );
    let other =
        post(&app, &parent, json!({"subjectId": "other", "subject": "Vedic maths", "classLevel": "Class 1"})).await;
    assert_eq!(
        (&other["subjectId"], &other["subject"], &other["classId"]),
        (&json!("other"), &json!("Vedic maths"), &json!("class-1"))
    );

    let bad = json!({"subjectId": "astrology", "classId": "other", "board": "nasa", "mode": "pigeon",
                     "preferredTime": "Evenings", "location": DELHI});
    let refused = app.call("POST", "/api/tuition", Some(&parent), Some(bad)).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (400, Some("validation")), "{:?}", refused.body);
    let mut named = fields(&refused.body);
    named.sort();
    assert_eq!(named, ["board", "classLevel", "mode", "subjectId"]);

    // An edit changes the ids; the parent's list carries them.
    let path = format!("/api/tuition/{}", by_text["id"]);
    let edit = json!({"subjectId": "physics", "classId": "class-12", "board": null, "mode": "online",
                      "preferredTime": "Evenings", "location": DELHI});
    let edited = app.call("PUT", &path, Some(&parent), Some(edit)).await;
    assert_eq!(edited.status, 200, "{:?}", edited.body);
    assert_eq!((&edited.body["subjectId"], &edited.body["subject"]), (&json!("physics"), &json!("Physics")));
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await.body;
    let listed = mine.as_array().unwrap().iter().find(|r| r["id"] == by_text["id"]).unwrap();
    assert_eq!((&listed["classId"], &listed["mode"]), (&json!("class-12"), &json!("online")));
}

#[actix_web::test]
async fn nearby_filters_by_id_and_class_1_never_finds_class_10() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    app.subscribe(&tutor).await;
    let one = post(&app, &parent, json!({"subject": "Maths", "classLevel": "Class 1", "board": "cbse"})).await["id"]
        .as_i64()
        .unwrap();
    let ten =
        post(&app, &parent, json!({"subject": "Mathematics", "classLevel": "Class 10"})).await["id"].as_i64().unwrap();
    let online =
        post(&app, &parent, json!({"subjectId": "english", "classId": "class-10", "board": "icse", "mode": "online"}))
            .await["id"]
            .as_i64()
            .unwrap();

    let get = |extra: &'static str| {
        let app = &app;
        let tutor = tutor.clone();
        async move {
            let reply = app.call("GET", &nearby_path(extra), Some(&tutor), None).await;
            assert_eq!(reply.status, 200, "{extra}: {:?}", reply.body);
            reply.body
        }
    };
    assert_eq!(ids(&get("&classLevel=Class%201").await), [one], "'Class 1' never finds 'Class 10'");
    assert_eq!(ids(&get("&classLevel=Class%2010").await), [ten, online]);
    assert_eq!(ids(&get("&classId=class-10").await), [ten, online]);
    assert_eq!(ids(&get("&subjectId=maths").await), [one, ten]);
    assert_eq!(ids(&get("&subject=maths").await), [one, ten], "old text names a subject");
    assert_eq!(ids(&get("&board=cbse").await), [one, ten], "cbse, or no board said");
    assert_eq!(ids(&get("&mode=online").await), [online]);
    let listed = get("&mode=online").await;
    let row = &listed[0];
    assert_eq!(
        (&row["subjectId"], &row["classId"], &row["board"], &row["mode"]),
        (&json!("english"), &json!("class-10"), &json!("icse"), &json!("online"))
    );
    assert!(row.get("placeName").is_some());

    for bad in ["&subjectId=astrology", "&classId=class-13", "&board=nasa", "&mode=pigeon"] {
        let reply = app.call("GET", &nearby_path(bad), Some(&tutor), None).await;
        assert_eq!(reply.status, 400, "{bad}: {:?}", reply.body);
        assert!(reply.body["code"].is_string(), "{bad}");
    }
}

#[actix_web::test]
async fn an_area_takes_ids_or_text_and_answers_terms() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let body = json!({"location": DELHI, "radiusKm": 10, "subjects": ["maths", "Vedic maths"], "classes": ["Class 1"],
                      "boards": ["cbse"], "modes": ["online", "home"]});
    let saved = app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(body)).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    assert_eq!(
        saved.body["subjects"],
        json!([{"id": "maths", "label": "Mathematics"}, {"id": "other", "label": "Vedic maths"}])
    );
    assert_eq!(saved.body["classes"], json!([{"id": "class-1", "label": "Class 1"}]));
    assert_eq!(saved.body["boards"][0]["id"], "cbse");
    assert_eq!(
        saved.body["modes"].as_array().unwrap().iter().map(|t| t["id"].clone()).collect::<Vec<_>>(),
        [json!("online"), json!("home")]
    );
    let read = app.call("GET", "/api/tutors/me/area", Some(&tutor), None).await;
    assert_eq!(read.body, saved.body);

    // A Class 10 request near by does not alert a Class 1 tutor; a Class 1 one does.
    post(&app, &parent, json!({"subject": "Maths", "classLevel": "Class 10"})).await;
    let first = post(&app, &parent, json!({"subjectId": "maths", "classId": "class-1"})).await;
    let alerted: Vec<String> = app
        .db()
        .read(|c| {
            notifications::table
                .filter(notifications::kind.eq("new_request"))
                .filter(
                    notifications::user_id
                        .eq_any(users::table.filter(users::email.eq("tutor@example.com")).select(users::id)),
                )
                .select(notifications::data)
                .load(c)
                .map_err(DbError::from)
        })
        .unwrap();
    assert_eq!(alerted.len(), 1, "{alerted:?}");
    let data: Value = serde_json::from_str(&alerted[0]).unwrap();
    assert_eq!(data["requestId"], first["id"]);
}
