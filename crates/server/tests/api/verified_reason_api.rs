//! A recommended tutor's 'Verified' reason names the checks the admin passed, in the parent's
//! language.

use crate::common;
use crate::verification_support::{aadhaar_form, listed_tutor, submit};

use common::{TestApp, PASSWORD};
use serde_json::{json, Value};

const ADMIN: &str = "admin@example.com";

async fn reasons_of(app: &TestApp, parent: &str, request: i64, tutor: i64) -> Vec<String> {
    let got = app.call("GET", &format!("/api/tuition/{request}/recommendations"), Some(parent), None).await;
    assert_eq!(got.status, 200, "{:?}", got.body);
    let tutors = got.body["tutors"].as_array().cloned().unwrap_or_default();
    let found: &Value = tutors.iter().find(|t| t["id"].as_i64() == Some(tutor)).expect("recommended");
    found["reasons"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect()
}

#[actix_web::test]
async fn the_verified_reason_names_the_checks_that_passed_in_english_and_hindi() {
    let app = TestApp::start_with(&[("ADMIN_EMAIL", ADMIN.into()), ("ADMIN_PASSWORD", PASSWORD.into())]).await;
    let admin = app.login(ADMIN, PASSWORD).await;
    let (tutor, tutor_id) = listed_tutor(&app, "tutor@example.com").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let body = json!({"subject": "Mathematics", "classLevel": "Class 8", "preferredTime": "Evenings",
        "location": [77.209, 28.6139]});
    let posted = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await;
    assert_eq!(posted.status, 201, "{:?}", posted.body);
    let request = posted.body["id"].as_i64().unwrap();
    let before = reasons_of(&app, &parent, request, tutor_id).await;
    assert!(!before.iter().any(|r| r.starts_with("Verified")), "{before:?}");

    let (status, submitted) = submit(&app, &app.base, &tutor, aadhaar_form()).await;
    assert_eq!(status, 201, "{submitted:?}");
    let path = format!("/api/admin/verification/{}/approve", submitted["id"]);
    let checks = json!({"id": true, "qualification": true, "police": false});
    assert_eq!(app.call("POST", &path, Some(&admin), Some(checks)).await.status, 200);

    let english = reasons_of(&app, &parent, request, tutor_id).await;
    assert!(english.contains(&"Verified: ID and qualification checks".to_string()), "{english:?}");
    let hindi = app.call("PUT", "/api/auth/profile", Some(&parent), Some(json!({"language": "hi"}))).await;
    assert_eq!(hindi.status, 200, "{:?}", hindi.body);
    let hindi = reasons_of(&app, &parent, request, tutor_id).await;
    assert!(hindi.contains(&"सत्यापित: पहचान और योग्यता की जाँच".to_string()), "{hindi:?}");
}
