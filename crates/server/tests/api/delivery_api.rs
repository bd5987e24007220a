//! How the site travels and how it is found: JSON answers compressed as the client
//! asks (and only those worth it: not small ones, not pictures, not the chat socket),
//! robots.txt and the sitemap, and the previews of a tutor's shared link. The web app's own
//! precompressed files need the built app, which these suites run without: the browser suite
//! checks those (tests/e2e/specs/delivery.spec.ts).

use crate::common;

use std::io::{Cursor, Read};

use common::socket::{next_event, send, WAIT};
use common::TestApp;
use image::{ImageFormat, Rgb, RgbImage};
use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// Pretends to be the browser it is not: a request asking for `accept_encoding` (none when `None`).
async fn get(app: &TestApp, path: &str, accept_encoding: Option<&str>) -> reqwest::Response {
    let mut req = app.client.get(format!("{}{path}", app.base));
    if let Some(codings) = accept_encoding {
        req = req.header("accept-encoding", codings);
    }
    req.send().await.expect("an answer")
}

fn header(reply: &reqwest::Response, name: &str) -> String {
    reply.headers().get_all(name).iter().filter_map(|v| v.to_str().ok()).collect::<Vec<_>>().join(", ")
}

fn decoded(coding: &str, bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    match coding {
        "br" => brotli::Decompressor::new(bytes, 4096).read_to_end(&mut out).expect("brotli"),
        "gzip" => flate2::read::GzDecoder::new(bytes).read_to_end(&mut out).expect("gzip"),
        "" => return bytes.to_vec(),
        other => panic!("unexpected coding {other}"),
    };
    out
}

#[actix_web::test]
async fn a_long_json_answer_comes_in_the_coding_asked_for() {
    let app = TestApp::start().await;
    let plain = get(&app, "/api/vocabulary", None).await;
    assert_eq!(header(&plain, "content-encoding"), "", "nothing asked, nothing encoded");
    let plain: Vec<u8> = plain.bytes().await.expect("body").into();
    assert!(plain.len() > 2048, "the vocabulary is well over 1 KB: {}", plain.len());
    let expected: Value = serde_json::from_slice(&plain).expect("JSON");

    for (asked, sent) in [
        ("gzip, deflate, br, zstd", "br"),
        ("br", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
        ("gzip;q=1, br;q=0.5", "gzip"),
        ("identity", ""),
        ("br;q=0, gzip;q=0", ""),
    ] {
        let reply = get(&app, "/api/vocabulary", Some(asked)).await;
        assert_eq!(reply.status(), 200, "{asked}");
        assert_eq!(header(&reply, "content-encoding"), sent, "asked {asked}");
        assert!(header(&reply, "vary").to_ascii_lowercase().contains("accept-encoding"), "asked {asked}");
        assert!(header(&reply, "content-type").starts_with("application/json"), "asked {asked}");
        assert!(!header(&reply, "x-request-id").is_empty(), "the access log still answers with the request's id");
        let body = reply.bytes().await.expect("body");
        if !sent.is_empty() {
            assert!(body.len() * 2 < plain.len(), "{sent} is at most half: {} of {}", body.len(), plain.len());
        }
        let json: Value = serde_json::from_slice(&decoded(sent, &body)).expect("the same JSON");
        assert_eq!(json, expected, "asked {asked}");
    }
}

#[actix_web::test]
async fn a_small_answer_goes_as_it_is() {
    let app = TestApp::start().await;
    let reply = get(&app, "/api/health/live", Some("br, gzip")).await;
    assert_eq!(reply.status(), 200);
    assert_eq!(header(&reply, "content-encoding"), "");
    let length: usize = header(&reply, "content-length").parse().expect("a length");
    assert!(length < 1024, "{length}");
    let body: Value = reply.json().await.expect("plain JSON");
    assert!(body.is_object(), "{body}");
    // An error answer (small JSON too) likewise.
    let missing = get(&app, "/api/no-such-route", Some("br")).await;
    assert_eq!((missing.status().as_u16(), header(&missing, "content-encoding")), (404, String::new()));
}

/// A real PNG, big enough that nothing would send it uncompressed by accident.
fn png() -> Vec<u8> {
    let img = RgbImage::from_fn(600, 600, |x, y| Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut out = Cursor::new(Vec::new());
    img.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

async fn upload_photo(app: &TestApp, tutor: &str) -> String {
    let form = Form::new().part("photo", Part::bytes(png()).file_name("me.png"));
    let reply = app
        .client
        .post(format!("{}/api/tutors/me/photo", app.base))
        .bearer_auth(tutor)
        .multipart(form)
        .send()
        .await
        .expect("upload");
    assert_eq!(reply.status(), 200);
    let body: Value = reply.json().await.expect("JSON");
    body["photoUrl"].as_str().expect("photoUrl").to_string()
}

#[actix_web::test]
async fn an_uploaded_picture_is_not_compressed_again() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let url = upload_photo(&app, &tutor).await;
    let plain = get(&app, &url, None).await.bytes().await.expect("the picture");
    let reply = get(&app, &url, Some("br, gzip")).await;
    assert_eq!(reply.status(), 200);
    assert!(header(&reply, "content-type").starts_with("image/"), "{}", header(&reply, "content-type"));
    assert_eq!(header(&reply, "content-encoding"), "", "a JPEG gains nothing from brotli");
    let bytes = reply.bytes().await.expect("the picture");
    assert!(bytes.len() > 1024);
    assert_eq!(bytes, plain, "the stored bytes, as they are");
    image::load_from_memory(&bytes).expect("still a picture");
}

#[actix_web::test]
async fn the_chat_socket_works_when_its_upgrade_asks_for_brotli() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body["user"]["id"].as_i64().unwrap();
    let mut request = app.socket_url(&app.base, &parent).await.into_client_request().expect("a request");
    request.headers_mut().insert("accept-encoding", "gzip, deflate, br".parse().expect("a header"));
    let (mut socket, handshake) = tokio_tungstenite::connect_async(request).await.expect("the socket opens");
    assert_eq!(handshake.status().as_u16(), 101);
    assert!(handshake.headers().get("content-encoding").is_none(), "{:?}", handshake.headers());

    // A message long enough that it would be compressed if anything compressed frames.
    let text = "Could you help with trigonometry before the board exams? ".repeat(30);
    send(&mut socket, "sendMessage", json!({"to": tutor_id, "text": text, "clientId": "c1"})).await;
    let ack = next_event(&mut socket, WAIT).await.expect("the ack, as a plain text frame");
    assert_eq!((ack["event"].as_str(), ack["data"]["clientId"].as_str()), (Some("ack"), Some("c1")), "{ack}");
    socket.close(None).await.expect("close");
}

/// A tutor who may be listed: verified, subscribed, with a name that tries to break out of the page.
const TRICKY_NAME: &str = r#"Eve "Ace" </title><script>alert('x')</script>"#;

async fn listed_tutor(app: &TestApp, email: &str) -> (String, i64) {
    let token = app.verified_user(email, "tutor").await;
    app.subscribe(&token).await;
    let id = app.call("GET", "/api/auth/profile", Some(&token), None).await.body["user"]["id"].as_i64().unwrap();
    (token, id)
}

#[actix_web::test]
async fn robots_and_the_sitemap_list_the_public_pages_and_the_listed_tutors_only() {
    let app = TestApp::start_with(&[
        ("PUBLIC_URL", "https://hometutor.example.in".into()),
        ("PAYMENT_MODE", "simulated".into()),
    ])
    .await;
    let (_, listed) = listed_tutor(&app, "listed@example.com").await;
    let unlisted_token = app.verified_user("unlisted@example.com", "tutor").await;
    let unlisted =
        app.call("GET", "/api/auth/profile", Some(&unlisted_token), None).await.body["user"]["id"].as_i64().unwrap();
    let admin_token = app.verified_user("admin@example.com", "admin").await;
    let admin =
        app.call("GET", "/api/auth/profile", Some(&admin_token), None).await.body["user"]["id"].as_i64().unwrap();

    let robots = get(&app, "/robots.txt", None).await;
    assert_eq!(robots.status(), 200);
    assert!(header(&robots, "content-type").starts_with("text/plain"), "not the app's HTML");
    let robots = robots.text().await.expect("text");
    for line in ["User-agent: *", "Disallow: /api/", "Disallow: /admin", "Disallow: /dashboard", "Disallow: /nearby"] {
        assert!(robots.lines().any(|l| l == line), "{line} in {robots}");
    }
    assert!(robots.lines().any(|l| l == "Sitemap: https://hometutor.example.in/sitemap.xml"), "{robots}");

    let sitemap = get(&app, "/sitemap.xml", None).await;
    assert_eq!(sitemap.status(), 200);
    assert!(header(&sitemap, "content-type").starts_with("application/xml"));
    let xml = sitemap.text().await.expect("xml");
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), "{xml}");
    assert!(xml.contains("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
    let locs: Vec<&str> =
        xml.split("<loc>").skip(1).map(|rest| rest.split("</loc>").next().expect("a closed loc")).collect();
    for page in ["/", "/tutors", "/about", "/contact-us"] {
        assert!(locs.contains(&format!("https://hometutor.example.in{page}").as_str()), "{page} in {xml}");
    }
    let tutor_page = |id: i64| format!("https://hometutor.example.in/tutor/{id}");
    assert!(locs.contains(&tutor_page(listed).as_str()), "the listed tutor: {xml}");
    assert!(!locs.contains(&tutor_page(unlisted).as_str()), "no unsubscribed tutor: {xml}");
    assert!(!locs.contains(&tutor_page(admin).as_str()), "no admin: {xml}");
    assert!(!xml.contains("/dashboard") && !xml.contains("/admin"), "{xml}");
    assert_eq!(xml.matches("<url>").count(), xml.matches("</url>").count());
}

#[actix_web::test]
async fn a_tutors_shared_link_previews_with_their_name_escaped() {
    let app = TestApp::start_with(&[
        ("PUBLIC_URL", "https://hometutor.example.in".into()),
        ("PAYMENT_MODE", "simulated".into()),
    ])
    .await;
    let (tutor, id) = listed_tutor(&app, "eve@example.com").await;
    let renamed = app.call("PUT", "/api/auth/profile", Some(&tutor), Some(json!({"fullname": TRICKY_NAME}))).await;
    assert_eq!(renamed.status, 200, "{:?}", renamed.body);
    let about = json!({"about": "Maths & physics \"made simple\" <b>for boards</b>.\nTen years of teaching."});
    let saved = app.call("PUT", &format!("/api/tutors/{id}"), Some(&tutor), Some(about)).await;
    assert_eq!(saved.status, 200, "{:?}", saved.body);
    let area = json!({"location": [77.209, 28.6139], "radiusKm": 5, "subjects": ["Maths"], "classes": []});
    assert_eq!(app.call("PUT", "/api/tutors/me/area", Some(&tutor), Some(area)).await.status, 200);
    let photo = upload_photo(&app, &tutor).await;

    for key in [id.to_string(), "eve%40example.com".to_string()] {
        let reply = get(&app, &format!("/tutor/{key}"), None).await;
        assert_eq!(reply.status(), 200);
        assert!(header(&reply, "content-type").starts_with("text/html"));
        assert!(header(&reply, "content-security-policy").contains("script-src 'self';"), "the CSP stays");
        assert!(header(&reply, "vary").split(',').any(|v| v.trim() == "Accept-Language"), "one preview per language");
        let page = reply.text().await.expect("html");
        let escaped_name = "Eve &quot;Ace&quot; &lt;/title&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;";
        let title = format!("<title>{escaped_name} · Home tutor near ");
        assert!(page.contains(&title), "{title} in {page}");
        assert_eq!(page.matches("<title>").count(), 1);
        assert!(!page.contains("<script>alert"), "{page}");
        for tag in [
            r#"<meta property="og:type" content="profile" />"#.to_string(),
            format!(r#"<meta property="og:url" content="https://hometutor.example.in/tutor/{id}" />"#),
            format!(r#"<meta property="og:image" content="https://hometutor.example.in{photo}" />"#),
            r#"<meta name="description" content="Maths &amp; physics &quot;made simple&quot; &lt;b&gt;for boards&lt;/b&gt;. Ten years of teaching." />"#.to_string(),
        ] {
            assert!(page.contains(&tag), "{tag} in {page}");
        }
        assert!(page.contains(&format!(r#"<meta property="og:title" content="{escaped_name} · Home tutor near "#)));
    }
    // A Hindi visitor's preview is in Hindi; the tutor's own words stay as written.
    let hindi = app
        .client
        .get(format!("{}/tutor/{id}", app.base))
        .header("accept-language", "hi-IN,hi;q=0.9,en;q=0.5")
        .send()
        .await
        .expect("an answer");
    assert_eq!(hindi.status(), 200);
    let page = hindi.text().await.expect("html");
    assert!(page.contains(" के पास होम ट्यूटर · "), "{page}");
    assert!(page.contains("Ten years of teaching."), "{page}");
    assert!(page.contains(r#"<meta property="og:image:alt" content="Eve &quot;Ace&quot; &lt;/title&gt;"#), "{page}");
}

#[actix_web::test]
async fn unknown_and_unlisted_tutors_get_the_routes_own_head() {
    let app = TestApp::start().await;
    let unlisted = app.verified_user("unlisted@example.com", "tutor").await;
    let renamed = app.call("PUT", "/api/auth/profile", Some(&unlisted), Some(json!({"fullname": "Asha Kumar"}))).await;
    assert_eq!(renamed.status, 200, "{:?}", renamed.body);
    let unlisted =
        app.call("GET", "/api/auth/profile", Some(&unlisted), None).await.body["user"]["id"].as_i64().unwrap();
    for path in ["/tutor/987654".to_string(), format!("/tutor/{unlisted}"), "/tutor/nobody%40example.com".into()] {
        let reply = get(&app, &path, None).await;
        assert_eq!(reply.status(), 200, "{path}: the app says 'Tutor not found.' itself");
        let page = reply.text().await.expect("html");
        assert!(page.contains("<title>Tutor Profile · HomeTutor</title>"), "{path}: {page}");
        assert!(!page.contains(r#"content="profile""#), "{path}: {page}");
        assert!(!page.contains("Asha Kumar"), "{path}: {page}");
    }
}
