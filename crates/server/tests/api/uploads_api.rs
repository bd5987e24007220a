//! Uploads over HTTP: limits, type checks, traversal, ownership, serving headers,
//! content that is cleaned or refused, and per-account quotas, played by a second
//! account or an attacker (SQLite, or PostgreSQL with TEST_DATABASE_URL).

use crate::common;

use std::io::{Cursor, Write};

use common::images::{picture, png};
use common::{TestApp, PASSWORD};
use image::ImageFormat;
use reqwest::multipart::{Form, Part};

const FIVE_MB: usize = 5 * 1024 * 1024;
const SCRIPT: &[u8] = b"<html><script>alert(document.cookie)</script></html>";
const CSP: &str = "sandbox; default-src 'none'";

async fn post_form(app: &TestApp, path: &str, token: &str, form: Form) -> (u16, serde_json::Value) {
    let (status, _, body) = post_form_with_headers(app, path, token, form).await;
    (status, body)
}

async fn post_form_with_headers(
    app: &TestApp,
    path: &str,
    token: &str,
    form: Form,
) -> (u16, reqwest::header::HeaderMap, serde_json::Value) {
    let res =
        app.client.post(format!("{}{path}", app.base)).bearer_auth(token).multipart(form).send().await.expect("send");
    let status = res.status().as_u16();
    let headers = res.headers().clone();
    (status, headers, res.json().await.unwrap_or_default())
}

fn file(name: &str, bytes: Vec<u8>) -> Part {
    Part::bytes(bytes).file_name(name.to_string())
}

fn single(name: &str, bytes: Vec<u8>) -> Form {
    Form::new().part("file", file(name, bytes))
}

/// A real picture in `format` (uploaded images are decoded and encoded again).
/// A PDF of exactly `len` bytes: header, padding, `%%EOF` trailer.
fn pdf(len: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.4\n".to_vec();
    bytes.resize(len - 6, b' ');
    bytes.extend_from_slice(b"%%EOF\n");
    bytes
}

fn uploads_on_disk(app: &TestApp) -> usize {
    std::fs::read_dir(app.data_dir.join("uploads")).map(|d| d.count()).unwrap_or(0)
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// What anyone (no token needed) gets at a file's URL: the response's headers and bytes.
async fn fetch(app: &TestApp, url: &str) -> (reqwest::header::HeaderMap, Vec<u8>) {
    let res = app.client.get(format!("{}{url}", app.base)).send().await.expect("get");
    assert_eq!(res.status(), 200, "{url}");
    let headers = res.headers().clone();
    (headers, res.bytes().await.expect("bytes").to_vec())
}

#[actix_web::test]
async fn upload_serve_and_delete_a_file() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let (status, body) = post_form(&app, "/api/upload/single", &owner, single("photo.png", png())).await;
    assert_eq!((status, body["message"].as_str()), (201, Some("File uploaded successfully!")));
    let url = body["file"]["url"].as_str().expect("url").to_string();
    let filename = body["file"]["filename"].as_str().expect("filename").to_string();

    let (headers, bytes) = fetch(&app, &url).await;
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(bytes.len() as u64, body["file"]["size"].as_u64().expect("size"));
    assert!(image::load_from_memory_with_format(&bytes, ImageFormat::Png).is_ok());

    let (status, _) = post_form(&app, "/api/upload/single", &owner, single("cv.pdf", pdf(100))).await;
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
    let (_, body) = post_form(&app, "/api/upload/single", &owner, single("notes.pdf", pdf(200))).await;
    let (headers, _) = fetch(&app, body["file"]["url"].as_str().expect("url")).await;
    assert!(headers["content-disposition"].to_str().unwrap_or_default().starts_with("attachment"));
}

#[actix_web::test]
async fn five_mb_plus_one_byte_is_refused_and_nothing_is_stored() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let (status, body) = post_form(&app, "/api/upload/single", &owner, single("huge.pdf", pdf(FIVE_MB + 1))).await;
    assert_eq!((status, body["message"].as_str()), (413, Some("File huge.pdf is too large. Maximum size is 5MB.")));
    assert_eq!(uploads_on_disk(&app), 0);
    let (status, _) = post_form(&app, "/api/upload/single", &owner, single("exact.pdf", pdf(FIVE_MB))).await;
    assert_eq!(status, 201);
}

#[actix_web::test]
async fn a_renamed_html_file_and_traversal_names_are_refused() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let (status, _) = post_form(&app, "/api/upload/single", &owner, single("cute.png", SCRIPT.to_vec())).await;
    assert_eq!(status, 415);
    let svg = b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec();
    let (status, _) = post_form(&app, "/api/upload/single", &owner, single("logo.svg", svg)).await;
    assert_eq!(status, 415);
    let (status, body) = post_form(&app, "/api/upload/single", &owner, single("../../../etc/x.png", png())).await;
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
    let good = Form::new().part("files", file("a.png", png())).part("files", file("b.pdf", pdf(100)));
    let (status, body) = post_form(&app, "/api/upload/multiple", &owner, good).await;
    assert_eq!((status, body["message"].as_str()), (201, Some("2 file(s) uploaded successfully!")));
    let mixed = Form::new().part("files", file("c.png", png())).part("files", file("d.png", b"not a png".to_vec()));
    let (status, _) = post_form(&app, "/api/upload/multiple", &owner, mixed).await;
    assert_eq!(status, 415);
    assert_eq!(uploads_on_disk(&app), 2, "the refused request left nothing behind");
}

#[actix_web::test]
async fn one_file_where_one_is_asked_and_at_most_ten_at_once() {
    let app = TestApp::start().await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let two = Form::new().part("file", file("a.png", png())).part("file", file("b.png", png()));
    let (status, body) = post_form(&app, "/api/upload/single", &owner, two).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("Please upload one file at a time.")));
    assert_eq!(uploads_on_disk(&app), 0, "the first file is not kept either");

    let files = |n: usize| (0..n).fold(Form::new(), |f, i| f.part("files", file(&format!("{i}.png"), png())));
    let (status, body) = post_form(&app, "/api/upload/multiple", &owner, files(11)).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("At most 10 files can be uploaded at once.")));
    assert_eq!(uploads_on_disk(&app), 0, "all or nothing");
    let (status, body) = post_form(&app, "/api/upload/multiple", &owner, files(10)).await;
    assert_eq!((status, body["message"].as_str()), (201, Some("10 file(s) uploaded successfully!")));
    assert_eq!(uploads_on_disk(&app), 10);
}

// ---------------------------------------------------------------- content

#[actix_web::test]
async fn html_behind_a_png_header_never_reaches_another_user() {
    let app = TestApp::start().await;
    let attacker = app.verified_user("attacker@example.com", "tutor").await;
    let mut polyglot = png();
    polyglot.extend_from_slice(SCRIPT);
    let (status, body) = post_form(&app, "/api/upload/single", &attacker, single("cute.png", polyglot)).await;
    assert_eq!(status, 201, "{body:?}");
    // The victim opens the link.
    let (headers, bytes) = fetch(&app, body["file"]["url"].as_str().expect("url")).await;
    assert!(!contains(&bytes, b"<script"), "the page behind the picture is gone");
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(headers["content-security-policy"], CSP);
}

/// A JPEG with an APP1 segment right after SOI holding an EXIF block with a GPS IFD.
fn photo_with_gps() -> (Vec<u8>, Vec<u8>) {
    let mut tiff: Vec<u8> = b"II*\0".to_vec();
    tiff.extend_from_slice(&8u32.to_le_bytes());
    tiff.extend_from_slice(&1u16.to_le_bytes());
    tiff.extend_from_slice(&[0x25, 0x88, 4, 0, 1, 0, 0, 0, 26, 0, 0, 0]); // GPSInfo → 26
    tiff.extend_from_slice(&0u32.to_le_bytes());
    tiff.extend_from_slice(&1u16.to_le_bytes());
    tiff.extend_from_slice(&[0x02, 0x00, 5, 0, 3, 0, 0, 0, 44, 0, 0, 0]); // GPSLatitude → 44
    tiff.extend_from_slice(&0u32.to_le_bytes());
    for (n, d) in [(28u32, 1u32), (36, 1), (5004, 100)] {
        tiff.extend_from_slice(&n.to_le_bytes());
        tiff.extend_from_slice(&d.to_le_bytes());
    }
    let exif = [b"Exif\0\0".as_slice(), &tiff].concat();
    let jpeg = picture(ImageFormat::Jpeg, 6, 4);
    let mut photo = jpeg[..2].to_vec();
    photo.extend_from_slice(&[0xFF, 0xE1]);
    photo.extend_from_slice(&((exif.len() + 2) as u16).to_be_bytes());
    photo.extend_from_slice(&exif);
    photo.extend_from_slice(&jpeg[2..]);
    (photo, tiff)
}

#[actix_web::test]
async fn a_photo_is_served_without_the_gps_position_of_the_home() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let (photo, gps) = photo_with_gps();
    assert!(contains(&photo, &gps));
    let (status, body) = post_form(&app, "/api/upload/single", &parent, single("home.jpg", photo)).await;
    assert_eq!(status, 201, "{body:?}");
    let (headers, bytes) = fetch(&app, body["file"]["url"].as_str().expect("url")).await;
    assert_eq!(headers["content-type"], "image/jpeg");
    assert!(!contains(&bytes, b"Exif") && !contains(&bytes, &gps), "no metadata is served");
    let decoded = image::load_from_memory_with_format(&bytes, ImageFormat::Jpeg).expect("a JPEG");
    assert_eq!((decoded.width(), decoded.height()), (6, 4));
}

/// CRC-32 (IEEE), for a PNG chunk written by hand.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A PNG of a few dozen bytes declaring a 100000 × 100000 canvas (40 GB decoded).
fn bomb() -> Vec<u8> {
    let mut out = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    for (kind, data) in [
        (
            b"IHDR",
            [100_000u32.to_be_bytes(), 100_000u32.to_be_bytes()].concat().into_iter().chain([8, 6, 0, 0, 0]).collect(),
        ),
        (b"IDAT", vec![0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]),
        (b"IEND", vec![]),
    ] {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let body = [kind.as_slice(), &data].concat();
        out.extend_from_slice(&body);
        out.extend_from_slice(&crc32(&body).to_be_bytes());
    }
    out
}

#[actix_web::test]
async fn a_truncated_image_and_a_decompression_bomb_are_refused() {
    let app = TestApp::start().await;
    let attacker = app.verified_user("attacker@example.com", "tutor").await;
    let whole = picture(ImageFormat::Png, 50, 50);
    let cut = whole[..whole.len() / 2].to_vec();
    let (status, body) = post_form(&app, "/api/upload/single", &attacker, single("cut.png", cut)).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("File cut.png is damaged or incomplete.")));
    let (status, body) = post_form(&app, "/api/upload/single", &attacker, single("bomb.png", bomb())).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (400, Some("Image bomb.png is too large. Images may be at most 10000 × 10000 pixels."))
    );
    assert_eq!(uploads_on_disk(&app), 0);
    // The server is still well.
    let (status, _) = post_form(&app, "/api/upload/single", &attacker, single("fine.png", png())).await;
    assert_eq!(status, 201);
}

fn docx(parts: &[&str]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(Cursor::new(Vec::new()));
    for part in parts {
        zip.start_file(*part, zip::write::SimpleFileOptions::default()).expect("part");
        zip.write_all(b"<?xml version=\"1.0\"?><x/>").expect("write");
    }
    zip.finish().expect("zip").into_inner()
}

#[actix_web::test]
async fn a_fake_word_file_is_refused_and_a_real_one_accepted() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let fake = docx(&["[Content_Types].xml", "word/evil.html"]);
    let (status, body) = post_form(&app, "/api/upload/single", &tutor, single("cv.docx", fake)).await;
    assert_eq!((status, body["message"].as_str()), (415, Some("File cv.docx does not match its extension.")));
    let no_trailer = b"%PDF-1.7\n<html><script>".to_vec();
    assert_eq!(post_form(&app, "/api/upload/single", &tutor, single("x.pdf", no_trailer)).await.0, 415);
    assert_eq!(uploads_on_disk(&app), 0);

    let real = docx(&["[Content_Types].xml", "_rels/.rels", "word/document.xml"]);
    let (status, body) = post_form(&app, "/api/upload/single", &tutor, single("cv.docx", real.clone())).await;
    assert_eq!(status, 201, "{body:?}");
    let (headers, bytes) = fetch(&app, body["file"]["url"].as_str().expect("url")).await;
    assert_eq!(bytes, real, "documents are kept as sent");
    assert!(headers["content-disposition"].to_str().unwrap_or_default().starts_with("attachment"));
}

// ---------------------------------------------------------------- serving

#[actix_web::test]
async fn every_uploaded_file_is_served_in_a_sandbox() {
    const ADMIN: &str = "admin@example.com";
    let app = TestApp::start_with(&[("ADMIN_EMAIL", ADMIN.into()), ("ADMIN_PASSWORD", PASSWORD.into())]).await;
    let admin = app.login(ADMIN, PASSWORD).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let mut urls = Vec::new();
    for (name, bytes) in [("a.png", png()), ("b.pdf", pdf(100)), ("c.gif", picture(ImageFormat::Gif, 2, 2))] {
        let (status, body) = post_form(&app, "/api/upload/single", &tutor, single(name, bytes)).await;
        assert_eq!(status, 201, "{body:?}");
        urls.push(body["file"]["url"].as_str().expect("url").to_string());
    }
    let asset = Form::new().part("file", file("ad.webp", picture(ImageFormat::WebP, 2, 2))).text("assetType", "ad");
    let (status, body) = post_form(&app, "/api/admin/assets/upload", &admin, asset).await;
    assert_eq!(status, 201, "{body:?}");
    urls.push(body["path"].as_str().expect("path").to_string());
    for target in ["logo", "banner"] {
        let form = Form::new().part("image", file("site.jpg", picture(ImageFormat::Jpeg, 2, 2))).text("target", target);
        let (status, body) = post_form(&app, "/api/admin/upload", &admin, form).await;
        assert_eq!(status, 201, "{body:?}");
        urls.push(body["url"].as_str().expect("url").to_string());
    }
    for url in &urls {
        let (headers, _) = fetch(&app, url).await;
        assert_eq!(headers["content-security-policy"], CSP, "{url}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{url}");
    }
}

// ---------------------------------------------------------------- quotas

#[actix_web::test]
async fn an_account_keeps_at_most_50_mb() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let other = app.verified_user("other@example.com", "parent").await;
    let ten = (0..10).fold(Form::new(), |f, i| f.part("files", file(&format!("{i}.pdf"), pdf(FIVE_MB))));
    let (status, body) = post_form(&app, "/api/upload/multiple", &tutor, ten).await;
    assert_eq!(status, 201, "{body:?}");
    let first = body["files"][0]["filename"].as_str().expect("filename").to_string();
    let (status, body) = post_form(&app, "/api/upload/single", &tutor, single("more.png", png())).await;
    assert_eq!(
        (status, body["message"].as_str(), body["code"].as_str()),
        (
            413,
            Some("You have used your 50 MB of uploads. Delete some files to upload more."),
            Some("upload_quota_full")
        )
    );
    assert_eq!(post_form(&app, "/api/upload/single", &other, single("mine.png", png())).await.0, 201);
    assert_eq!(uploads_on_disk(&app), 11);
    assert_eq!(app.call("DELETE", &format!("/api/upload/{first}"), Some(&tutor), None).await.status, 200);
    assert_eq!(post_form(&app, "/api/upload/single", &tutor, single("more.png", png())).await.0, 201);
}

/// `count` single uploads by one account at the same moment; the statuses and the 429s' Retry-After.
async fn at_once(app: &TestApp, token: &str, count: usize, bytes: Vec<u8>) -> (Vec<u16>, Vec<u64>) {
    let replies = futures_util::future::join_all((0..count).map(|i| {
        let form = single(&format!("{i}.pdf"), bytes.clone());
        post_form_with_headers(app, "/api/upload/single", token, form)
    }))
    .await;
    let mut statuses: Vec<u16> = replies.iter().map(|(s, _, _)| *s).collect();
    statuses.sort_unstable();
    let waits = replies
        .iter()
        .filter(|(s, _, _)| *s == 429)
        .map(|(_, h, _)| h["retry-after"].to_str().expect("text").parse().expect("seconds"))
        .collect();
    (statuses, waits)
}

#[actix_web::test]
async fn concurrent_uploads_cannot_pass_the_quota() {
    let quota = (3 * 1024 * 1024).to_string();
    let app = TestApp::start_with(&[("UPLOAD_QUOTA_BYTES", quota)]).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (statuses, _) = at_once(&app, &tutor, 8, pdf(1024 * 1024)).await;
    assert_eq!(statuses, [201, 201, 201, 413, 413, 413, 413, 413]);
    assert_eq!(uploads_on_disk(&app), 3, "the refused ones left nothing on disk");
    let (_, body) = post_form(&app, "/api/upload/single", &tutor, single("x.pdf", pdf(100))).await;
    assert_eq!(body["message"], "You have used your 3 MB of uploads. Delete some files to upload more.");
}

#[actix_web::test]
async fn concurrent_uploads_cannot_pass_the_hourly_limit_and_deleting_does_not_reset_it() {
    const ADMIN: &str = "admin@example.com";
    let app = TestApp::start_with(&[
        ("UPLOADS_PER_HOUR", "3".into()),
        ("ADMIN_EMAIL", ADMIN.into()),
        ("ADMIN_PASSWORD", PASSWORD.into()),
    ])
    .await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (statuses, waits) = at_once(&app, &tutor, 8, pdf(1000)).await;
    assert_eq!(statuses, [201, 201, 201, 429, 429, 429, 429, 429]);
    assert!(waits.iter().all(|w| (3500..=3600).contains(w)), "Retry-After: {waits:?}");
    assert_eq!(uploads_on_disk(&app), 3);

    let (status, body) = post_form(&app, "/api/upload/single", &tutor, single("again.pdf", pdf(1000))).await;
    assert_eq!(
        (status, body["message"].as_str()),
        (429, Some("You have uploaded 3 files in the last hour. Try again later."))
    );
    for name in std::fs::read_dir(app.data_dir.join("uploads")).expect("dir").flatten() {
        let name = name.file_name().to_string_lossy().into_owned();
        assert_eq!(app.call("DELETE", &format!("/api/upload/{name}"), Some(&tutor), None).await.status, 200);
    }
    let (status, _) = post_form(&app, "/api/upload/single", &tutor, single("after.pdf", pdf(1000))).await;
    assert_eq!(status, 429, "deleting the files does not give the uploads back");

    let other = app.verified_user("other@example.com", "parent").await;
    assert_eq!(post_form(&app, "/api/upload/single", &other, single("o.pdf", pdf(1000))).await.0, 201);
    let admin = app.login(ADMIN, PASSWORD).await;
    let (statuses, _) = at_once(&app, &admin, 5, pdf(1000)).await;
    assert_eq!(statuses, [201; 5], "admins are exempt");
}
