#![allow(dead_code)] // shared with the test-clock binary, which uses part of it
//! Verification helpers shared by the API tests and the test-clock binary: a tutor's
//! submission form, and a tutor who is listed in search.

use hometutor_core::UserId;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

use crate::common::images::png;
use crate::common::TestApp;

/// A real 2 × 2 PNG (images are decoded and encoded again).
/// A small well-formed PDF.
pub fn pdf() -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(200, b' ');
    bytes.extend_from_slice(b"%%EOF\n");
    bytes
}

/// A masked Aadhaar (as an image) and a qualification (as a PDF).
pub fn aadhaar_form() -> Form {
    Form::new()
        .text("idKind", "aadhaar")
        .text("aadhaarMasked", "true")
        .text("qualification", "B.Sc. Mathematics, Delhi University")
        .part("idFile", Part::bytes(png()).file_name("aadhaar.png"))
        .part("qualificationFile", Part::bytes(pdf()).file_name("degree.pdf"))
}

pub async fn submit(app: &TestApp, base: &str, token: &str, form: Form) -> (u16, Value) {
    let res = app.client.post(format!("{base}/api/verification")).bearer_auth(token).multipart(form).send().await;
    let res = res.expect("send");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or_default())
}

pub async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

/// A subscribed tutor teaching maths for Class 8 within 10 km of Delhi: listed in search.
pub async fn listed_tutor(app: &TestApp, email: &str) -> (String, i64) {
    use hometutor_tuition::area::{insert_many, AreaInput};
    let token = app.verified_user(email, "tutor").await;
    app.subscribe(&token).await;
    let id = id_of(app, &token).await;
    let area = AreaInput {
        location: Some([77.209, 28.6139]),
        radius_km: Some(10.0),
        subjects: vec!["maths".into()],
        classes: vec!["class-8".into()],
        boards: vec!["cbse".into()],
        modes: vec![],
    };
    app.db().write(|c| insert_many(c, &[(UserId(id), area)])).expect("area");
    app.judgeable_profile(&token, "Maths at home.", 500).await;
    (token, id)
}

/// The private objects on disk (the directory store's `private/`).
pub fn private_files(app: &TestApp) -> usize {
    std::fs::read_dir(app.data_dir.join("uploads").join("private")).map(|d| d.count()).unwrap_or(0)
}
