//! Uploads kept in an S3 bucket (`UPLOADS_URL=s3://…`) on a real S3-protocol server
//! on loopback (moto, installed by tests/install/s3-server.sh): files come back
//! byte for byte with the headers a directory store gives, from any process; a
//! missing object is a 404 and an unreachable store a 503 that heals (SQLite, or
//! PostgreSQL with TEST_DATABASE_URL).

use crate::common;

use std::io::Cursor;

use common::TestApp;
use hometutor_testkit::S3Server;
use image::{DynamicImage, ImageFormat, RgbImage};
use reqwest::header::HeaderMap;
use reqwest::multipart::{Form, Part};
use serde_json::Value;

const PREFIX: &str = "site/uploads";

async fn post_form(base: &str, client: &reqwest::Client, path: &str, token: &str, form: Form) -> (u16, Value) {
    let res = client.post(format!("{base}{path}")).bearer_auth(token).multipart(form).send().await.expect("send");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or_default())
}

async fn upload(app: &TestApp, token: &str, name: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = Form::new().part("file", Part::bytes(bytes).file_name(name.to_string()));
    post_form(&app.base, &app.client, "/api/upload/single", token, form).await
}

async fn get(client: &reqwest::Client, base: &str, url: &str) -> (u16, HeaderMap, Vec<u8>) {
    let res = client.get(format!("{base}{url}")).send().await.expect("get");
    let (status, headers) = (res.status().as_u16(), res.headers().clone());
    (status, headers, res.bytes().await.expect("bytes").to_vec())
}

fn png() -> Vec<u8> {
    let image = RgbImage::from_fn(40, 30, |x, y| image::Rgb([(x * 6) as u8, (y * 8) as u8, 99]));
    let mut out = Cursor::new(Vec::new());
    DynamicImage::ImageRgb8(image).write_to(&mut out, ImageFormat::Png).expect("encode");
    out.into_inner()
}

/// A PDF of `len` bytes (documents are kept exactly as sent).
fn pdf(len: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(len - 6, b'x');
    bytes.extend_from_slice(b"%%EOF\n");
    bytes
}

/// The headers a served file carries, whatever store it came from.
fn served_headers(headers: &HeaderMap) -> Vec<(String, String)> {
    [
        "content-type",
        "content-length",
        "content-disposition",
        "cache-control",
        "content-security-policy",
        "x-content-type-options",
    ]
    .iter()
    .map(|h| (h.to_string(), headers.get(*h).map(|v| v.to_str().unwrap_or_default().to_string()).unwrap_or_default()))
    .collect()
}

async fn s3_app(s3: &S3Server) -> TestApp {
    TestApp::start_with(&s3.env(PREFIX)).await
}

#[actix_web::test]
async fn files_in_a_bucket_come_back_byte_for_byte_with_todays_headers_from_every_process() {
    let Some(s3) = S3Server::start() else { return };
    let app = s3_app(&s3).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let admin = app.verified_user("root@example.com", "admin").await;

    let document = pdf(300 * 1024);
    let (status, doc) = upload(&app, &tutor, "My CV (2024).pdf", document.clone()).await;
    assert_eq!(status, 201, "{doc}");
    let (status, avatar) = upload(&app, &tutor, "me.png", png()).await;
    assert_eq!(status, 201, "{avatar}");
    let logo = Form::new().part("image", Part::bytes(png()).file_name("logo.png"));
    let (status, site) = post_form(&app.base, &app.client, "/api/admin/upload", &admin, logo).await;
    assert_eq!(status, 201, "{site}");
    let logo_url = site["url"].as_str().expect("logo url").to_string();

    assert_eq!(s3.object_count(), 3, "each file is one object in the bucket");
    let local = std::fs::read_dir(app.data_dir.join("uploads")).map(|d| d.count()).unwrap_or(0);
    assert_eq!(local, 0, "nothing is kept on the process's own disk");

    let doc_url = doc["file"]["url"].as_str().expect("url").to_string();
    let (status, headers, bytes) = get(&app.client, &app.base, &doc_url).await;
    assert_eq!(status, 200);
    assert_eq!(bytes, document, "a document comes back exactly as sent");
    assert_eq!(
        served_headers(&headers),
        vec![
            ("content-type".into(), "application/pdf".into()),
            ("content-length".into(), document.len().to_string()),
            ("content-disposition".into(), "attachment; filename*=UTF-8''My%20CV%20%282024%29.pdf".into()),
            ("cache-control".into(), "private, max-age=3600".into()),
            ("content-security-policy".into(), "sandbox; default-src 'none'".into()),
            ("x-content-type-options".into(), "nosniff".into()),
        ]
    );
    let avatar_url = avatar["file"]["url"].as_str().expect("url").to_string();
    let (status, headers, first) = get(&app.client, &app.base, &avatar_url).await;
    assert_eq!((status, headers["content-type"].to_str().unwrap()), (200, "image/png"));
    assert!(headers["content-disposition"].to_str().unwrap().starts_with("inline"));
    assert_eq!(first.len() as u64, avatar["file"]["size"].as_u64().unwrap());

    // Another machine: its own DATA_DIR, the same database and bucket.
    let other_dir = std::env::temp_dir().join(format!("hometutor-s3-peer-{}", uuid::Uuid::new_v4().simple()));
    let peer = app.start_peer_process(&[("DATA_DIR", other_dir.display().to_string())]).await;
    for url in [&doc_url, &avatar_url, &logo_url] {
        let (status, here_headers, here) = get(&app.client, &app.base, url).await;
        let (peer_status, peer_headers, there) = get(&peer.client, &peer.base, url).await;
        assert_eq!((status, peer_status), (200, 200), "{url}");
        assert_eq!(here, there, "{url}: the same bytes from either process");
        assert_eq!(served_headers(&here_headers), served_headers(&peer_headers), "{url}");
    }
    // A file uploaded on the other process is served here too.
    let form = Form::new().part("file", Part::bytes(pdf(2048)).file_name("notes.pdf"));
    let (status, there) = post_form(&peer.base, &peer.client, "/api/upload/single", &tutor, form).await;
    assert_eq!(status, 201, "{there}");
    let (status, _, bytes) = get(&app.client, &app.base, there["file"]["url"].as_str().unwrap()).await;
    assert_eq!((status, bytes), (200, pdf(2048)));
    drop(peer);
    let _ = std::fs::remove_dir_all(other_dir);
}

#[actix_web::test]
async fn deleting_a_file_or_an_asset_deletes_its_object() {
    let Some(s3) = S3Server::start() else { return };
    let app = s3_app(&s3).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let admin = app.verified_user("root@example.com", "admin").await;
    let (_, doc) = upload(&app, &tutor, "cv.pdf", pdf(1000)).await;
    let name = doc["file"]["filename"].as_str().unwrap().to_string();
    let asset = Form::new().part("file", Part::bytes(png()).file_name("ad.png")).text("assetType", "ad");
    let (status, asset) = post_form(&app.base, &app.client, "/api/admin/assets/upload", &admin, asset).await;
    assert_eq!(status, 201, "{asset}");
    assert_eq!(s3.object_count(), 2);

    let refused = app.call("DELETE", &format!("/api/upload/{name}"), Some(&other), None).await;
    assert_eq!(refused.status, 403);
    assert_eq!(s3.object_count(), 2, "another account's delete touches nothing");
    assert_eq!(app.call("DELETE", &format!("/api/upload/{name}"), Some(&tutor), None).await.status, 200);
    assert_eq!(s3.object_count(), 1);
    let asset_name = asset["filename"].as_str().unwrap();
    assert_eq!(app.call("DELETE", &format!("/api/admin/assets/{asset_name}"), Some(&admin), None).await.status, 200);
    assert_eq!(s3.object_count(), 0);
}

#[actix_web::test]
async fn a_missing_object_answers_404_json() {
    let Some(s3) = S3Server::start() else { return };
    let app = s3_app(&s3).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (_, doc) = upload(&app, &tutor, "cv.pdf", pdf(1000)).await;
    let name = doc["file"]["filename"].as_str().unwrap();
    s3.delete_object(&format!("{PREFIX}/{name}"));
    let reply = app.call("GET", &format!("/api/uploads/{name}"), None, None).await;
    assert_eq!((reply.status, reply.body["code"].as_str()), (404, Some("not_found")), "{:?}", reply.body);
    assert_eq!(reply.body["message"], "File not found.");
}

#[actix_web::test]
async fn an_unreachable_store_answers_503_and_heals_when_it_is_back() {
    let Some(s3) = S3Server::start() else { return };
    let app = s3_app(&s3).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (_, doc) = upload(&app, &tutor, "cv.pdf", pdf(1000)).await;
    let url = doc["file"]["url"].as_str().unwrap().to_string();

    s3.stop();
    let reply = app.call("GET", &url, None, None).await;
    assert_eq!((reply.status, reply.body["code"].as_str()), (503, Some("storage_unavailable")), "{:?}", reply.body);
    assert_eq!(reply.headers["retry-after"], "5");
    assert_eq!(reply.body["message"], "Uploaded files are briefly unavailable. Please try again in a few seconds.");
    let (status, body) = upload(&app, &tutor, "later.pdf", pdf(2000)).await;
    assert_eq!((status, body["code"].as_str()), (503, Some("storage_unavailable")), "{body}");

    s3.restart(); // moto starts empty: the earlier object is gone with it
    let (status, body) = upload(&app, &tutor, "later.pdf", pdf(2000)).await;
    assert_eq!(status, 201, "{body}");
    let (status, _, bytes) = get(&app.client, &app.base, body["file"]["url"].as_str().unwrap()).await;
    assert_eq!((status, bytes), (200, pdf(2000)));
    let gone = app.call("GET", &url, None, None).await;
    assert_eq!(gone.status, 404, "an object the store lost is missing, not an error");
    // The refused upload was not recorded: the account holds exactly its two files.
    let count: i64 = app
        .db()
        .read(|c| {
            use diesel::prelude::*;
            hometutor_db::schema::uploads::table.count().get_result(c).map_err(hometutor_db::DbError::from)
        })
        .unwrap();
    assert_eq!(count, 2);
}
