//! Uploads over HTTP: limits, type checks, traversal, ownership, serving headers.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

mod common;

use common::TestApp;
use reqwest::multipart::{Form, Part};

const PNG: &[u8] = &[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13];
const FIVE_MB: usize = 5 * 1024 * 1024;

async fn post_form(app: &TestApp, path: &str, token: &str, form: Form) -> (u16, serde_json::Value) {
    let res =
        app.client.post(format!("{}{path}", app.base)).bearer_auth(token).multipart(form).send().await.expect("send");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or_default())
}

fn file(name: &str, bytes: Vec<u8>) -> Part {
    Part::bytes(bytes).file_name(name.to_string())
}

fn uploads_on_disk(app: &TestApp) -> usize {
    std::fs::read_dir(app.data_dir.join("uploads")).map(|d| d.count()).unwrap_or(0)
}

#[actix_web::test]
async fn upload_serve_and_delete_a_file() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let (status, body) =
        post_form(&app, "/api/upload/single", &owner, Form::new().part("file", file("photo.png", PNG.to_vec()))).await;
    assert_eq!((status, body["message"].as_str()), (201, Some("File uploaded successfully!")));
    let url = body["file"]["url"].as_str().expect("url").to_string();
    let filename = body["file"]["filename"].as_str().expect("filename").to_string();

    let served = app.client.get(format!("{}{url}", app.base)).send().await.expect("get");
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.bytes().await.expect("bytes").as_ref(), PNG);

    let (status, _) = post_form(
        &app,
        "/api/upload/single",
        &owner,
        Form::new().part("file", file("cv.pdf", b"%PDF-1.4 test".to_vec())),
    )
    .await;
    assert_eq!(status, 201);

    let refused = app.call("DELETE", &format!("/api/upload/{filename}"), Some(&other), None).await;
    assert_eq!(refused.status, 403);
    let deleted = app.call("DELETE", &format!("/api/upload/{filename}"), Some(&owner), None).await;
    assert_eq!((deleted.status, deleted.body["message"].as_str()), (200, Some("File deleted successfully!")));
    assert_eq!(app.client.get(format!("{}{url}", app.base)).send().await.expect("get").status(), 404);
}

#[actix_web::test]
async fn documents_download_as_attachments() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let (_, body) = post_form(
        &app,
        "/api/upload/single",
        &owner,
        Form::new().part("file", file("notes.pdf", b"%PDF-1.7".to_vec())),
    )
    .await;
    let served = app
        .client
        .get(format!("{}{}", app.base, body["file"]["url"].as_str().expect("url")))
        .send()
        .await
        .expect("get");
    assert!(served.headers()["content-disposition"].to_str().unwrap_or_default().starts_with("attachment"));
}

#[actix_web::test]
async fn five_mb_plus_one_byte_is_refused_and_nothing_is_stored() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let mut big = PNG.to_vec();
    big.resize(FIVE_MB + 1, 0);
    let (status, body) =
        post_form(&app, "/api/upload/single", &owner, Form::new().part("file", file("huge.png", big))).await;
    assert_eq!((status, body["message"].as_str()), (413, Some("File huge.png is too large. Maximum size is 5MB.")));
    assert_eq!(uploads_on_disk(&app), 0);
    let mut exact = PNG.to_vec();
    exact.resize(FIVE_MB, 0);
    let (status, _) =
        post_form(&app, "/api/upload/single", &owner, Form::new().part("file", file("exact.png", exact))).await;
    assert_eq!(status, 201);
}

#[actix_web::test]
async fn a_renamed_html_file_and_traversal_names_are_refused() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let html = b"<html><script>alert(document.cookie)</script></html>".to_vec();
    let (status, _) =
        post_form(&app, "/api/upload/single", &owner, Form::new().part("file", file("cute.png", html))).await;
    assert_eq!(status, 415);
    let svg = b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec();
    let (status, _) =
        post_form(&app, "/api/upload/single", &owner, Form::new().part("file", file("logo.svg", svg))).await;
    assert_eq!(status, 415);
    let (status, body) = post_form(
        &app,
        "/api/upload/single",
        &owner,
        Form::new().part("file", file("../../../etc/x.png", PNG.to_vec())),
    )
    .await;
    assert_eq!((status, body["file"]["originalName"].as_str()), (201, Some("x.png")));
    assert_eq!(uploads_on_disk(&app), 1, "stored inside the upload folder, under its random name");
    for bad in ["..%2F..%2Fjwt_secret", "%2e%2e", "x.png"] {
        assert_eq!(
            app.client.get(format!("{}/api/uploads/{bad}", app.base)).send().await.expect("get").status(),
            404,
            "{bad}"
        );
    }
}

#[actix_web::test]
async fn several_files_at_once_are_all_or_nothing() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let good =
        Form::new().part("files", file("a.png", PNG.to_vec())).part("files", file("b.pdf", b"%PDF-1.4".to_vec()));
    let (status, body) = post_form(&app, "/api/upload/multiple", &owner, good).await;
    assert_eq!((status, body["message"].as_str()), (201, Some("2 file(s) uploaded successfully!")));
    let mixed =
        Form::new().part("files", file("c.png", PNG.to_vec())).part("files", file("d.png", b"not a png".to_vec()));
    let (status, _) = post_form(&app, "/api/upload/multiple", &owner, mixed).await;
    assert_eq!(status, 415);
    assert_eq!(uploads_on_disk(&app), 2, "the refused request left nothing behind");
}

#[actix_web::test]
async fn one_file_where_one_is_asked_and_at_most_ten_at_once() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let two = Form::new().part("file", file("a.png", PNG.to_vec())).part("file", file("b.png", PNG.to_vec()));
    let (status, body) = post_form(&app, "/api/upload/single", &owner, two).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("Please upload one file at a time.")));
    assert_eq!(uploads_on_disk(&app), 0, "the first file is not kept either");

    let files = |n: usize| (0..n).fold(Form::new(), |f, i| f.part("files", file(&format!("{i}.png"), PNG.to_vec())));
    let (status, body) = post_form(&app, "/api/upload/multiple", &owner, files(11)).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("At most 10 files can be uploaded at once.")));
    assert_eq!(uploads_on_disk(&app), 0, "all or nothing");
    let (status, body) = post_form(&app, "/api/upload/multiple", &owner, files(10)).await;
    assert_eq!((status, body["message"].as_str()), (201, Some("10 file(s) uploaded successfully!")));
    assert_eq!(uploads_on_disk(&app), 10);
}
