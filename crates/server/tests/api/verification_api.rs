//! Tutors' verification over HTTP: private documents (a second tutor, a parent, anonymous
//! callers and the public uploads route get nothing), the audit of admins' looks, approval
//! giving a badge on cards, profiles and the "verified only" filter, rejection told in the
//! app and by e-mail in the tutor's language, resubmission, a name change sending the tutor
//! back to review, and two admins deciding at once (SQLite, or PostgreSQL with TEST_DATABASE_URL).

use crate::common::images::png;
use crate::common::{TestApp, PASSWORD};
use crate::verification_support::{aadhaar_form, id_of, listed_tutor, pdf, private_files, submit};

use std::time::Duration;

use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

const ADMIN: &str = "admin@example.com";

async fn start() -> (TestApp, String) {
    let app = TestApp::start_with(&[("ADMIN_EMAIL", ADMIN.into()), ("ADMIN_PASSWORD", PASSWORD.into())]).await;
    let admin = app.login(ADMIN, PASSWORD).await;
    (app, admin)
}

async fn get_raw(app: &TestApp, path: &str, token: Option<&str>) -> (u16, Vec<u8>) {
    let mut req = app.client.get(format!("{}{path}", app.base));
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    let res = req.send().await.expect("get");
    (res.status().as_u16(), res.bytes().await.expect("body").to_vec())
}

async fn searched(app: &TestApp, query: &str) -> Vec<Value> {
    let path = format!("/api/tutors/search?location=[77.209,28.6139]{query}");
    let found = app.call("GET", &path, None, None).await;
    assert_eq!(found.status, 200, "{:?}", found.body);
    found.body["tutors"].as_array().cloned().unwrap_or_default()
}

#[actix_web::test]
async fn documents_stay_private_and_an_approval_shows_the_checks_on_cards_and_profiles() {
    let (app, admin) = start().await;
    let (tutor, tutor_id) = listed_tutor(&app, "tutor@example.com").await;
    let other = app.verified_user("other@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;

    // Refused before anything is stored: an Aadhaar without the masking confirmed, a full
    // Aadhaar number typed into a field, a missing document, a parent.
    let unmasked = Form::new()
        .text("idKind", "aadhaar")
        .text("qualification", "B.Sc.")
        .part("idFile", Part::bytes(png()).file_name("a.png"))
        .part("qualificationFile", Part::bytes(pdf()).file_name("q.pdf"));
    let (status, body) = submit(&app, &app.base, &tutor, unmasked).await;
    assert_eq!((status, body["fields"]["aadhaarMasked"].is_string()), (400, true), "{body:?}");
    for kind in ["pan", "passport", "driving_licence", "voter_id"] {
        let typed = Form::new()
            .text("idKind", kind)
            .text("qualification", "B.Sc., roll 1234 5678 9012")
            .part("idFile", Part::bytes(png()).file_name("a.png"))
            .part("qualificationFile", Part::bytes(pdf()).file_name("q.pdf"));
        let (status, body) = submit(&app, &app.base, &tutor, typed).await;
        assert_eq!((status, body["fields"]["qualification"].is_string()), (400, true), "{kind}: {body:?}");
    }
    let missing = Form::new()
        .text("idKind", "pan")
        .text("qualification", "B.Sc.")
        .part("idFile", Part::bytes(png()).file_name("a.png"));
    let (status, body) = submit(&app, &app.base, &tutor, missing).await;
    assert_eq!((status, body["fields"]["qualificationFile"].is_string()), (400, true), "{body:?}");
    assert_eq!(submit(&app, &app.base, &parent, aadhaar_form()).await.0, 403);
    assert_eq!(private_files(&app), 0, "a refused form leaves no file behind");

    let (status, submitted) = submit(&app, &app.base, &tutor, aadhaar_form()).await;
    assert_eq!(status, 201, "{submitted:?}");
    assert_eq!(submitted["status"], "pending");
    assert_eq!(submit(&app, &app.base, &tutor, aadhaar_form()).await.0, 409, "one in review at a time");
    let docs = submitted["documents"].as_array().expect("documents").clone();
    assert_eq!(docs.len(), 2);
    assert_eq!(private_files(&app), 2);
    let doc = format!("/api/verification/documents/{}", docs[0]["id"]);

    // The tutor reads their own; a second tutor, a parent and nobody get "not found".
    let (status, bytes) = get_raw(&app, &doc, Some(&tutor)).await;
    assert_eq!(status, 200);
    assert!(bytes.starts_with(&[0x89, b'P', b'N', b'G']));
    assert_eq!(get_raw(&app, &doc, Some(&other)).await.0, 404);
    assert_eq!(get_raw(&app, &doc, Some(&parent)).await.0, 404);
    assert_eq!(get_raw(&app, &doc, None).await.0, 401);
    // The public uploads route serves none of them, by any spelling of their object names.
    for entry in std::fs::read_dir(app.data_dir.join("uploads").join("private")).expect("private dir") {
        let name = entry.expect("entry").file_name().to_string_lossy().to_string();
        for path in [format!("/api/uploads/{name}"), format!("/api/uploads/private%2F{name}")] {
            assert_eq!(get_raw(&app, &path, None).await.0, 404, "{path}");
            assert_eq!(get_raw(&app, &path, Some(&tutor)).await.0, 404, "{path}");
        }
    }

    // The admin's queue shows it beside the profile; the admin's look is audited.
    let queue = app.call("GET", "/api/admin/verification", Some(&admin), None).await;
    assert_eq!(queue.status, 200, "{:?}", queue.body);
    assert_eq!(queue.body[0]["submission"]["id"], submitted["id"]);
    assert_eq!(queue.body[0]["tutorName"], "Asha Kumar");
    assert_eq!(app.call("GET", "/api/admin/verification", Some(&tutor), None).await.status, 403);
    assert_eq!(get_raw(&app, &doc, Some(&admin)).await.0, 200);
    let log = app.call("GET", "/api/admin/audit-log", Some(&admin), None).await.body;
    let looked = log
        .as_array()
        .expect("log")
        .iter()
        .any(|e| e["action"] == "verification.view_document" && e["target"] == format!("user {tutor_id}").as_str());
    assert!(looked, "{log:?}");

    // Not verified yet: the filter leaves the tutor out.
    assert!(searched(&app, "&verified=true").await.is_empty());
    let id = submitted["id"].as_i64().unwrap();
    let no_id = json!({"id": false, "qualification": true, "police": false});
    let path = format!("/api/admin/verification/{id}/approve");
    assert_eq!(app.call("POST", &path, Some(&admin), Some(no_id)).await.status, 400, "the ID check must pass");
    let checks = json!({"id": true, "qualification": true, "police": false});
    assert_eq!(app.call("POST", &path, Some(&tutor), Some(checks.clone())).await.status, 403);
    let approved = app.call("POST", &path, Some(&admin), Some(checks.clone())).await;
    assert_eq!((approved.status, approved.body["status"].as_str()), (200, Some("approved")), "{:?}", approved.body);

    let cards = searched(&app, "&verified=true").await;
    assert_eq!(cards.len(), 1);
    assert_eq!((cards[0]["id"].as_i64(), cards[0]["verified"].as_bool()), (Some(tutor_id), Some(true)));
    assert_eq!(cards[0]["verification"]["checks"], checks);
    assert!(cards[0]["verification"]["checkedAt"].is_string());
    let profile = app.call("GET", &format!("/api/tutors/{tutor_id}"), None, None).await.body;
    assert_eq!((profile["verified"].as_bool(), &profile["verification"]["checks"]), (Some(true), &checks));
    assert!(profile.get("badges").is_none(), "no typed badges");
    let mail = app.smtp.wait_for("tutor@example.com", "You are verified", Duration::from_secs(10)).await;
    assert!(mail.is_some(), "the approval is e-mailed");

    // A new name is not the one checked: the badge goes and the tutor is back in the queue.
    let renamed = app.call("PUT", "/api/auth/profile", Some(&tutor), Some(json!({"fullname": "Asha Sharma"}))).await;
    assert_eq!(renamed.status, 200);
    let profile = app.call("GET", &format!("/api/tutors/{tutor_id}"), None, None).await.body;
    assert_eq!((profile["verified"].as_bool(), &profile["verification"]), (Some(false), &Value::Null));
    assert!(searched(&app, "&verified=true").await.is_empty());
    assert!(searched(&app, "").await[0]["verification"].is_null());
    let queue = app.call("GET", "/api/admin/verification", Some(&admin), None).await.body;
    assert_eq!(
        (queue[0]["submission"]["id"].as_i64(), queue[0]["submission"]["nameChanged"].as_bool()),
        (Some(id), Some(true))
    );
    let mine = app.call("GET", "/api/verification", Some(&tutor), None).await.body;
    assert_eq!((mine["latest"]["status"].as_str(), &mine["badge"]), (Some("pending"), &Value::Null));
    // Re-approved: the badge is back.
    assert_eq!(app.call("POST", &path, Some(&admin), Some(checks.clone())).await.status, 200);
    assert_eq!(searched(&app, "&verified=true").await.len(), 1);
}

#[actix_web::test]
async fn a_rejection_is_told_in_the_app_and_by_mail_in_the_tutors_language_and_they_submit_again() {
    let (app, admin) = start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let hindi = app.call("PUT", "/api/auth/profile", Some(&tutor), Some(json!({"language": "hi"}))).await;
    assert_eq!(hindi.status, 200);
    let (_, submitted) = submit(&app, &app.base, &tutor, aadhaar_form()).await;
    let id = submitted["id"].as_i64().unwrap();
    let reject = format!("/api/admin/verification/{id}/reject");
    let bad = app.call("POST", &reject, Some(&admin), Some(json!({"reason": "looks_fake"}))).await;
    assert_eq!(bad.status, 400, "a reason from the list");
    let body = json!({"reason": "name_mismatch", "text": "The certificate names someone else."});
    let rejected = app.call("POST", &reject, Some(&admin), Some(body)).await;
    assert_eq!((rejected.status, rejected.body["status"].as_str()), (200, Some("rejected")), "{:?}", rejected.body);
    assert_eq!(rejected.body["rejectReason"], "name_mismatch");

    let mail =
        app.smtp.wait_for("tutor@example.com", "The certificate names someone else.", Duration::from_secs(10)).await;
    let mail = mail.expect("the rejection is e-mailed");
    assert!(mail.data.contains("नाम आपकी प्रोफ़ाइल से मेल नहीं खाता"), "in Hindi: {}", mail.data);
    let db = app.db();
    let told = db
        .read(|c| hometutor_notifications::recent(c, tutor_id, 10).map_err(hometutor_db::DbError::from))
        .expect("notifications");
    assert!(told.iter().any(|n| n.kind == "verification_decided"), "{told:?}");
    let listed = app.call("GET", "/api/notifications", Some(&tutor), None).await.body;
    assert!(listed.to_string().contains("आपका सत्यापन स्वीकृत नहीं हुआ"), "{listed}");

    let mine = app.call("GET", "/api/verification", Some(&tutor), None).await.body;
    assert_eq!((mine["latest"]["status"].as_str(), mine["canSubmit"].as_bool()), (Some("rejected"), Some(true)));
    let again = Form::new()
        .text("idKind", "passport")
        .text("qualification", "M.Sc. Physics")
        .part("idFile", Part::bytes(pdf()).file_name("passport.pdf"))
        .part("qualificationFile", Part::bytes(png()).file_name("degree.png"))
        .part("policeFile", Part::bytes(pdf()).file_name("police.pdf"));
    let (status, resubmitted) = submit(&app, &app.base, &tutor, again).await;
    assert_eq!((status, resubmitted["status"].as_str()), (201, Some("pending")), "{resubmitted:?}");
    assert_eq!(resubmitted["documents"].as_array().map(Vec::len), Some(3));
    // A decided submission takes no second decision.
    let approve = json!({"id": true, "qualification": true, "police": true});
    let late = app.call("POST", &format!("/api/admin/verification/{id}/approve"), Some(&admin), Some(approve)).await;
    assert_eq!(late.status, 409);
}

#[actix_web::test]
async fn two_admins_deciding_at_once_on_two_processes_exactly_one_wins() {
    let (app, admin) = start().await;
    let second = app.verified_user("second-admin@example.com", "admin").await;
    let peer = app.start_peer(&[]).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    for round in 0..3 {
        let (status, submitted) = submit(&app, &app.base, &tutor, aadhaar_form()).await;
        assert_eq!(status, 201, "round {round}: {submitted:?}");
        let id = submitted["id"].as_i64().unwrap();
        let (approve_path, reject_path) =
            (format!("/api/admin/verification/{id}/approve"), format!("/api/admin/verification/{id}/reject"));
        let approve = app.call(
            "POST",
            &approve_path,
            Some(&admin),
            Some(json!({"id": true, "qualification": true, "police": false})),
        );
        let reject = crate::common::call(
            &app.client,
            &peer,
            "POST",
            &reject_path,
            Some(&second),
            Some(json!({"reason": "unreadable", "text": ""})),
        );
        let (a, r) = tokio::join!(approve, reject);
        let mut statuses = [a.status, r.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}: {:?} / {:?}", a.body, r.body);
        let decided = db_status(&app, id);
        let expected = if a.status == 200 { "approved" } else { "rejected" };
        assert_eq!(decided, expected, "round {round}: the winner's decision stands");
    }
    let told = app
        .db()
        .read(|c| hometutor_notifications::recent(c, tutor_id, 50).map_err(hometutor_db::DbError::from))
        .expect("notifications");
    assert_eq!(told.iter().filter(|n| n.kind == "verification_decided").count(), 3, "one notice per decision");
}

fn db_status(app: &TestApp, id: i64) -> String {
    use diesel::prelude::*;
    use hometutor_db::schema::verification_submissions as vs;
    app.db()
        .read(|c| vs::table.find(id).select(vs::status).first::<String>(c).map_err(hometutor_db::DbError::from))
        .expect("status")
}
