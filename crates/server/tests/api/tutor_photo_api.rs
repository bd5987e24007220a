//! A tutor's profile photo: uploaded as a form, cropped square and resized to 400 × 400,
//! served publicly, the previous one removed; refused for others and for what is not a photo.

use crate::common;

use std::io::Cursor;

use common::TestApp;
use image::{ImageFormat, Rgb, RgbImage};
use reqwest::multipart::{Form, Part};
use serde_json::Value;

/// A real PNG, `w` × `h`: red on the left third, green in the middle, blue on the right.
fn png(w: u32, h: u32) -> Vec<u8> {
    let img = RgbImage::from_fn(w, h, |x, _| match x * 3 / w {
        0 => Rgb([255, 0, 0]),
        1 => Rgb([0, 255, 0]),
        _ => Rgb([0, 0, 255]),
    });
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

async fn upload(app: &TestApp, token: Option<&str>, field: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = Form::new().part(field.to_string(), Part::bytes(bytes).file_name("me.png"));
    let mut req = app.client.post(format!("{}/api/tutors/me/photo", app.base)).multipart(form);
    if let Some(token) = token {
        req = req.bearer_auth(token);
    }
    let res = req.send().await.expect("send");
    (res.status().as_u16(), res.json().await.unwrap_or_default())
}

#[actix_web::test]
async fn a_tutor_sets_a_square_photo_that_anyone_may_see() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;

    let (status, body) = upload(&app, Some(&tutor), "photo", png(900, 300)).await;
    assert_eq!(status, 200, "{body:?}");
    let url = body["photoUrl"].as_str().expect("photoUrl").to_string();
    assert!(url.starts_with("/api/uploads/") && url.ends_with(".jpg"), "{url}");
    // Served without a token, 400 × 400, the centre square (green) kept.
    let res = app.client.get(format!("{}{url}", app.base)).send().await.unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let bytes = res.bytes().await.unwrap();
    let img = image::load_from_memory(&bytes).expect("an image").to_rgb8();
    assert_eq!(img.dimensions(), (400, 400));
    let centre = img.get_pixel(200, 200);
    assert!(centre[1] > 200 && centre[0] < 60 && centre[2] < 60, "{centre:?}");
    let edge = img.get_pixel(2, 200);
    assert!(edge[1] > 200, "the red third is cropped away: {edge:?}");

    let profile = app.call("GET", "/api/tutors/tutor%40example.com", None, None).await;
    assert_eq!(profile.body["photoUrl"].as_str(), Some(url.as_str()));

    // A new photo replaces the old, which is no longer served.
    let (status, body) = upload(&app, Some(&tutor), "photo", png(300, 300)).await;
    assert_eq!(status, 200);
    assert_ne!(body["photoUrl"].as_str(), Some(url.as_str()));
    assert_eq!(app.client.get(format!("{}{url}", app.base)).send().await.unwrap().status().as_u16(), 404);
}

#[actix_web::test]
async fn only_tutors_and_only_images_of_at_most_5_mb() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let admin = app.verified_user("admin@example.com", "admin").await;
    for token in [&parent, &admin] {
        let (status, body) = upload(&app, Some(token), "photo", png(50, 50)).await;
        assert_eq!((status, body["code"].as_str()), (403, Some("not_a_tutor")));
    }
    assert_eq!(upload(&app, None, "photo", png(50, 50)).await.0, 401);

    let (status, body) = upload(&app, Some(&tutor), "photo", b"%PDF-1.4 not a photo".to_vec()).await;
    assert_eq!(status, 400);
    assert_eq!(body["message"].as_str(), Some("The photo must be a JPEG, PNG or WebP image."));
    let mut cut = png(200, 200);
    cut.truncate(cut.len() / 2);
    let (status, body) = upload(&app, Some(&tutor), "photo", cut).await;
    assert_eq!((status, body["message"].as_str()), (400, Some("The photo is damaged or incomplete.")));
    let mut huge = png(10, 10);
    huge.resize(5 * 1024 * 1024 + 1, 0);
    let (status, body) = upload(&app, Some(&tutor), "photo", huge).await;
    assert_eq!(status, 400, "{body:?}");
    assert!(body["message"].as_str().unwrap_or_default().contains("5 MB"), "{body:?}");
    let (status, _) = upload(&app, Some(&tutor), "file", png(50, 50)).await;
    assert_eq!(status, 400, "the field is `photo`");
    let profile = app.call("GET", "/api/tutors/tutor%40example.com", None, None).await;
    assert_eq!(profile.body["photoUrl"], Value::Null);
}
