//! A NUL character (U+0000) in any text a client sends — JSON bodies at any depth, queries,
//! paths, multipart fields, chat frames — is refused with the field named, and nothing is
//! stored. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

use crate::bad_input_api::{assert_refused, files_under, site, Site, Store, DELHI};
use crate::common;
use crate::common::images::png;

use common::socket::{next_event, send, WAIT};
use common::{TestApp, PASSWORD};
use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};

#[actix_web::test]
async fn a_nul_character_is_refused_everywhere_and_nothing_is_stored() {
    let Site { app, admin, parent, tutor, tutor_id, request_id } = site(&[]).await;
    let nul = "with\u{0}nul";
    let tutor_page = "/api/tutors/tutor%40example.com";
    let profile = json!({"about": nul, "subjects": "Maths", "availability": "Evenings", "methodology": "Practice",
                         "testimonials": "", "education": "M.Sc.", "fees": "₹500/hour", "demoOffer": "Free"});
    let ticket = json!({"name": "Asha", "email": "asha@example.com", "subject": nul, "message": "Help"});
    let register = json!({"fullname": nul, "role": "parent", "email": "new@example.com", "phone": "9876543210", "password": PASSWORD});
    let request = json!({"subject": nul, "classLevel": "Class 10", "preferredTime": "Evenings", "location": DELHI});
    let create_user =
        json!({"fullname": "A", "email": nul, "phone": "9876543210", "password": PASSWORD, "role": "parent"});
    let reviews = format!("/api/tutors/{tutor_id}/reviews");
    let request_path = format!("/api/tuition/{request_id}");
    // Method, path, caller, body and the field the answer must name.
    let bodies: Vec<(&str, &str, Option<&str>, Value, &str)> = vec![
        ("POST", "/api/auth/login", None, json!({"email": nul, "password": PASSWORD}), "email"),
        ("POST", "/api/auth/login", None, json!({"email": "a@b.in", "pass\u{0}word": PASSWORD}), "pass\\u0000word"),
        ("POST", "/api/auth/register", None, register, "fullname"),
        ("POST", "/api/auth/send-reset-otp", None, json!({"email": nul}), "email"),
        ("POST", "/api/support-tickets", None, ticket, "subject"),
        ("POST", "/api/tuition", Some(&parent), request.clone(), "subject"),
        ("PUT", &request_path, Some(&parent), request, "subject"),
        ("PUT", "/api/auth/profile", Some(&parent), json!({"fullname": nul}), "fullname"),
        ("PUT", tutor_page, Some(&tutor), profile, "about"),
        ("POST", &reviews, Some(&parent), json!({"rating": 5, "comment": nul}), "comment"),
        ("POST", "/api/testimonials", Some(&parent), json!({"text": nul}), "text"),
        ("POST", "/api/messages", Some(&parent), json!({"to": tutor_id, "text": nul}), "text"),
        ("POST", "/api/admin/settings", Some(&admin), json!({"siteTitle": nul, "theme": "light"}), "siteTitle"),
        ("POST", "/api/admin/content", Some(&admin), json!({"homeText": "Hi", "banners": ["ok", nul]}), "banners[1]"),
        ("POST", "/api/admin/broadcast", Some(&admin), json!({"text": nul}), "text"),
        ("POST", "/api/admin/users/create", Some(&admin), create_user, "email"),
    ];
    let urls: Vec<(&str, String, Option<&str>, &str)> = vec![
        ("GET", "/api/admin/users?search=as%00ha".into(), Some(&admin), "search"),
        ("GET", "/api/tuition/nearby?coordinates=[77.2,28.6]&subject=ma%00ths".into(), Some(&tutor), "subject"),
        ("GET", "/api/verify-email?token=abc%00".into(), None, "token"),
        ("GET", "/api/tutors/tutor%00x".into(), None, "path"),
        ("PUT", "/api/tutors/tutor%00x".into(), Some(&tutor), "path"),
        ("DELETE", "/api/upload/x%00.png".into(), Some(&parent), "path"),
    ];

    let mut store = Store::open(&app.database.url);
    let mut failures = Vec::new();
    for (method, path, token, body, field) in bodies {
        let before = store.row_counts();
        let reply = app.call(method, path, token, Some(body)).await;
        let what = format!("{method} {path}");
        failures.extend(assert_refused(&what, reply.status, &reply.body, field).err());
        if store.row_counts() != before {
            failures.push(format!("{what}: rows were written"));
        }
    }
    for (method, path, token, field) in urls {
        let before = store.row_counts();
        let reply = app.call(method, &path, token, None).await;
        let what = format!("{method} {path}");
        failures.extend(assert_refused(&what, reply.status, &reply.body, field).err());
        if store.row_counts() != before {
            failures.push(format!("{what}: rows were written"));
        }
    }

    // A multipart text field: refused, the file already received is removed again.
    let uploads = app.data_dir.join("uploads");
    let (before, files_before) = (store.row_counts(), files_under(&uploads));
    let form = Form::new()
        .part("file", Part::bytes(png()).file_name("ad.png"))
        .text("assetType", "ad")
        .text("description", nul.to_string());
    let res = app
        .client
        .post(format!("{}/api/admin/assets/upload", app.base))
        .bearer_auth(&admin)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    let body: Value = res.json().await.unwrap_or(Value::Null);
    failures.extend(assert_refused("multipart description", status, &body, "description").err());
    if store.row_counts() != before || files_under(&uploads) != files_before {
        failures.push("multipart description: a file or a row was written".into());
    }

    // A chat frame, with the `\u0000` escape in its JSON.
    let mut socket = app.open_socket(&parent).await;
    let before = store.row_counts();
    let data = json!({"to": tutor_id, "text": nul, "clientId": "c-1"});
    assert!(data.to_string().contains("\\u0000"), "sent as the JSON escape");
    send(&mut socket, "sendMessage", data).await;
    let answer = next_event(&mut socket, WAIT).await.expect("an answer to the chat frame");
    assert_eq!(
        (answer["event"].as_str(), answer["data"]["clientId"].as_str()),
        (Some("error"), Some("c-1")),
        "{answer}"
    );
    let data = &answer["data"];
    failures.extend(assert_refused("chat frame", 400, data, "data.text").err());
    if store.row_counts() != before {
        failures.push("chat frame: rows were written".into());
    }

    // Nothing with a NUL anywhere in the database, and the service still answers.
    let stored = store.columns_with_nul();
    assert!(failures.is_empty() && stored.is_empty(), "{failures:#?}\nNUL stored in {stored:?}");
    let fine = app.call("POST", "/api/messages", Some(&parent), Some(json!({"to": tutor_id, "text": "hello"}))).await;
    assert_eq!(fine.status, 201, "{:?}", fine.body);
}

#[actix_web::test]
async fn a_raw_nul_byte_in_a_json_body_is_malformed_json() {
    let app = TestApp::start().await;
    let res = app
        .client
        .post(format!("{}/api/auth/login", app.base))
        .header("Content-Type", "application/json")
        .body(b"{\"email\": \"a\0@b.in\", \"password\": \"x\"}".to_vec())
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400);
    let body: Value = res.json().await.unwrap();
    assert_eq!(body["code"], "invalid_request", "{body}");
    assert!(body["message"].as_str().unwrap().contains("Invalid JSON"), "{body}");
}
