//! The admin panel's site settings against the real server: maintenance mode, support
//! contacts, content, testimonials and broadcasts, support tickets, logo and assets, and
//! the public site answer they change.

use crate::admin_api::{post_form, start, ADMIN};
use crate::common;
use crate::common::images::png;

use std::time::Duration;

use common::PASSWORD;
use futures_util::{SinkExt, StreamExt};
use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message as Frame;

#[actix_web::test]
async fn maintenance_mode_shuts_the_site_for_everyone_but_admins() {
    let (app, admin) = start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let on = json!({"siteTitle": "HomeTutor Delhi", "siteDescription": "", "theme": "dark", "maintenanceMode": true});
    let saved = app.call("POST", "/api/admin/settings", Some(&admin), Some(on)).await;
    assert_eq!((saved.status, saved.body["gpt5MiniPreviewEnabled"].as_bool()), (200, Some(true)));

    let blocked = app.call("GET", "/api/tuition/mine", Some(&parent), None).await;
    assert_eq!((blocked.status, blocked.body["code"].as_str()), (503, Some("maintenance")));
    assert_eq!(app.register("new@example.com", "parent").await.status, 503);
    // Open: the site's settings (to show the maintenance page), login, and everything for admins.
    let site = app.call("GET", "/api/site", None, None).await;
    assert_eq!(
        (site.body["settings"]["maintenanceMode"].as_bool(), site.body["settings"]["theme"].as_str()),
        (Some(true), Some("dark"))
    );
    assert_eq!(site.body["settings"]["siteTitle"], "HomeTutor Delhi");
    let admin_again = app.login(ADMIN, PASSWORD).await;
    assert_eq!(app.call("GET", "/api/admin/users", Some(&admin_again), None).await.status, 200);
    assert_eq!(app.call("GET", "/api/tuition/mine", Some(&admin), None).await.status, 200, "admins pass");

    let off = json!({"siteTitle": "HomeTutor Delhi", "theme": "light", "maintenanceMode": false});
    app.call("POST", "/api/admin/settings", Some(&admin), Some(off)).await;
    assert_eq!(app.call("GET", "/api/tuition/mine", Some(&parent), None).await.status, 200);
    let empty_title = json!({"siteTitle": " ", "theme": "light"});
    assert_eq!(app.call("POST", "/api/admin/settings", Some(&admin), Some(empty_title)).await.status, 400);
    let bad_theme = json!({"siteTitle": "X", "theme": "neon"});
    assert_eq!(app.call("POST", "/api/admin/settings", Some(&admin), Some(bad_theme)).await.status, 400);
}

#[actix_web::test]
async fn the_operators_support_contacts_reach_every_visitor() {
    let (app, admin) = start().await;
    let site = app.call("GET", "/api/site", None, None).await;
    assert_eq!(
        (site.body["settings"]["supportEmail"].as_str(), site.body["settings"]["supportPhone"].as_str()),
        (Some("support@hometutor.in"), Some("+91 98765 43210"))
    );
    let mine = json!({"siteTitle": "HomeTutor", "theme": "light",
        "supportEmail": "help@tutors-delhi.in", "supportPhone": "+91 11 4050 6070"});
    assert_eq!(app.call("POST", "/api/admin/settings", Some(&admin), Some(mine)).await.status, 200);
    // A save that leaves the contacts out keeps them.
    let title_only = json!({"siteTitle": "HomeTutor Delhi", "theme": "light"});
    assert_eq!(app.call("POST", "/api/admin/settings", Some(&admin), Some(title_only)).await.status, 200);
    let site = app.call("GET", "/api/site", None, None).await;
    assert_eq!(
        (site.body["settings"]["supportEmail"].as_str(), site.body["settings"]["supportPhone"].as_str()),
        (Some("help@tutors-delhi.in"), Some("+91 11 4050 6070"))
    );

    let bad = json!({"siteTitle": "HomeTutor", "theme": "light", "supportEmail": "help@", "supportPhone": "12"});
    let refused = app.call("POST", "/api/admin/settings", Some(&admin), Some(bad)).await;
    assert_eq!(refused.status, 400);
    assert_eq!(refused.body["fields"]["supportEmail"], "Please enter a valid support e-mail address.");
    assert_eq!(refused.body["fields"]["supportPhone"], "Please enter a valid support phone number (7 to 15 digits).");
    let parent = app.verified_user("parent@example.com", "parent").await;
    let by_parent = json!({"siteTitle": "Mine", "theme": "light", "supportEmail": "me@example.com"});
    assert_eq!(app.call("POST", "/api/admin/settings", Some(&parent), Some(by_parent)).await.status, 403);
    let site = app.call("GET", "/api/site", None, None).await;
    assert_eq!(site.body["settings"]["supportEmail"], "help@tutors-delhi.in", "refused saves change nothing");
}

#[actix_web::test]
async fn content_testimonials_and_broadcasts_reach_the_landing_page() {
    let (app, admin) = start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;

    let invalid = json!({"homeText": "Welcome", "faqs": "[{\"q\": \"Fees?\"", "announcements": "[]"});
    let refused = app.call("POST", "/api/admin/content", Some(&admin), Some(invalid)).await;
    assert_eq!(refused.status, 400);
    assert!(refused.body["fields"]["faqs"].as_str().unwrap().contains("not valid JSON"), "{:?}", refused.body);
    let content = json!({"homeText": "Tutors near you", "banners": ["Admissions open"],
        "faqs": "[{\"q\": \"Fees?\", \"a\": \"Set by each tutor.\"}]", "announcements": []});
    assert_eq!(app.call("POST", "/api/admin/content", Some(&admin), Some(content)).await.status, 200);

    let by_tutor = app.call("POST", "/api/testimonials", Some(&tutor), Some(json!({"text": "Great"}))).await;
    assert_eq!(by_tutor.status, 403);
    let mine =
        app.call("POST", "/api/testimonials", Some(&parent), Some(json!({"text": "Found a tutor in a day."}))).await;
    assert_eq!(mine.status, 201);
    // Stored times are answered in UTC with their zone, as every time in the API.
    assert!(mine.body["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')), "{:?}", mine.body);
    assert!(app.call("GET", "/api/site", None, None).await.body["testimonials"].as_array().unwrap().is_empty());
    let id = mine.body["id"].as_i64().unwrap();
    let approve = json!({"id": id, "approved": true});
    assert_eq!(app.call("POST", "/api/admin/testimonials/approve", Some(&admin), Some(approve)).await.status, 200);

    // A connected user hears the broadcast live; it stays as the newest announcement.
    let ticket =
        app.call("POST", "/api/chat/ticket", Some(&tutor), None).await.body["ticket"].as_str().unwrap().to_string();
    let url = format!("{}/api/ws?ticket={ticket}", app.base.replace("http", "ws"));
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.expect("connect");
    // The socket's loop answers this ping, and it runs only once the socket is in the
    // hub: its pong is the signal that a broadcast from now on reaches it.
    socket.send(Frame::Ping(b"registered?".to_vec().into())).await.expect("ping");
    tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(Ok(frame)) = socket.next().await {
            if matches!(&frame, Frame::Pong(payload) if payload.as_ref() == b"registered?".as_slice()) {
                return;
            }
        }
        panic!("the socket closed before answering the ping");
    })
    .await
    .expect("the socket answers its ping");
    let sent =
        app.call("POST", "/api/admin/broadcast", Some(&admin), Some(json!({"text": "Offices closed on Diwali"}))).await;
    assert_eq!(sent.status, 200);
    let heard = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(Ok(frame)) = socket.next().await {
            if let Frame::Text(text) = frame {
                let event: Value = serde_json::from_str(&text).unwrap();
                if event["event"] == "broadcast" {
                    return event["data"]["text"].clone();
                }
            }
        }
        Value::Null
    })
    .await
    .expect("the broadcast arrives");
    assert_eq!(heard, "Offices closed on Diwali");
    assert_eq!(app.call("POST", "/api/admin/broadcast", Some(&admin), Some(json!({"text": ""}))).await.status, 400);

    let site = app.call("GET", "/api/site", None, None).await.body;
    assert_eq!(site["content"]["homeText"], "Tutors near you");
    assert_eq!(site["content"]["faqs"][0]["a"], "Set by each tutor.");
    assert_eq!(site["content"]["announcements"][0]["text"], "Offices closed on Diwali");
    assert_eq!(site["testimonials"][0]["text"], "Found a tutor in a day.");
    assert!(site["testimonials"][0].get("email").is_none());
}

#[actix_web::test]
async fn the_contact_form_creates_support_tickets() {
    let (app, admin) = start().await;
    let bad =
        app.post("/api/support-tickets", json!({"name": "", "email": "asha", "subject": "Help", "message": ""})).await;
    assert_eq!(bad.status, 400);
    assert_eq!(bad.body["fields"]["email"], "Please enter a valid email address.");
    assert!(bad.body["fields"]["name"].is_string() && bad.body["fields"]["message"].is_string());
    let ticket =
        json!({"name": "Asha", "email": "asha@example.com", "subject": "Payment", "message": "Charged twice."});
    let sent = app.post("/api/support-tickets", ticket.clone()).await;
    assert_eq!(sent.status, 201);
    let list = app.call("GET", "/api/admin/support-tickets", Some(&admin), None).await;
    assert_eq!(
        (list.body[0]["from"].as_str(), list.body[0]["text"].as_str()),
        (Some("asha@example.com"), Some("Charged twice."))
    );
    assert!(list.body[0]["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')), "{:?}", list.body);
    for _ in 0..4 {
        assert_eq!(app.post("/api/support-tickets", ticket.clone()).await.status, 201);
    }
    let limited = app.post("/api/support-tickets", ticket).await;
    assert_eq!(limited.status, 429);
    assert!(limited.headers.contains_key("retry-after"));
}

#[actix_web::test]
async fn tickets_sent_at_once_from_one_address_stop_at_five() {
    let (app, admin) = start().await;
    let ticket = json!({"name": "Asha", "email": "asha@example.com", "subject": "Help", "message": "Please call."});
    let replies =
        futures_util::future::join_all((0..12).map(|_| app.post("/api/support-tickets", ticket.clone()))).await;
    let statuses: Vec<u16> = replies.iter().map(|r| r.status).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 429).count(), 7, "{statuses:?}");
    let refused = replies.iter().find(|r| r.status == 429).expect("a refusal");
    assert_eq!(refused.body["code"], "rate_limited");
    assert_eq!(refused.body["message"], "Too many messages from this address. Please try again later.");
    let retry: u64 = refused.headers["retry-after"].to_str().expect("ascii").parse().expect("seconds");
    assert!((1..=15 * 60).contains(&retry), "Retry-After {retry}");
    let stored = app.call("GET", "/api/admin/support-tickets", Some(&admin), None).await;
    assert_eq!(stored.body.as_array().map(Vec::len), Some(5));
}

#[actix_web::test]
async fn logo_and_assets_are_uploaded_listed_and_deleted() {
    let (app, admin) = start().await;
    let empty = post_form(&app, "/api/admin/upload", &admin, Form::new().text("target", "logo")).await;
    assert_eq!((empty.0, empty.1["message"].as_str()), (400, Some("Please select a file")));
    let pdf = Part::bytes(b"%PDF-1.4\n%%EOF\n".to_vec()).file_name("logo.pdf");
    let not_image = post_form(&app, "/api/admin/upload", &admin, Form::new().part("image", pdf)).await;
    assert_eq!(not_image.0, 400, "{:?}", not_image.1);
    let logo = Part::bytes(png()).file_name("logo.png");
    let (status, body) = post_form(&app, "/api/admin/upload", &admin, Form::new().part("image", logo)).await;
    assert_eq!(status, 201, "{body:?}");
    let url = body["url"].as_str().unwrap().to_string();
    assert_eq!(app.call("GET", "/api/site", None, None).await.body["settings"]["logoUrl"], url.as_str());
    let served = app.client.get(format!("{}{url}", app.base)).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/png");

    let form = Form::new()
        .part("file", Part::bytes(png()).file_name("diwali-ad.png"))
        .text("assetType", "ad")
        .text("description", "Diwali offer");
    let (status, asset) = post_form(&app, "/api/admin/assets/upload", &admin, form).await;
    assert_eq!((status, asset["type"].as_str()), (201, Some("ad")));
    assert!(asset["size"].as_i64().is_some_and(|size| size > 0), "the stored copy's size: {asset:?}");
    let bad_type = Form::new().part("file", Part::bytes(png()).file_name("x.png")).text("assetType", "poster");
    assert_eq!(post_form(&app, "/api/admin/assets/upload", &admin, bad_type).await.0, 400);
    let list = app.call("GET", "/api/admin/assets", Some(&admin), None).await.body;
    assert_eq!(list.as_array().map(Vec::len), Some(2), "the logo and the ad: {list:?}");

    // Deleting the logo asset takes it off the site.
    let logo_name = url.rsplit('/').next().unwrap();
    assert_eq!(app.call("DELETE", &format!("/api/admin/assets/{logo_name}"), Some(&admin), None).await.status, 200);
    assert!(app.call("GET", "/api/site", None, None).await.body["settings"]["logoUrl"].is_null());
    assert_eq!(app.client.get(format!("{}{url}", app.base)).send().await.unwrap().status(), 404);
    let again = app.call("DELETE", &format!("/api/admin/assets/{logo_name}"), Some(&admin), None).await;
    assert_eq!(again.status, 404);
}

/// `GET /api/site` (asked on every page load) is kept with an ETag: a revalidation with it is
/// 304 with no body; an admin's change shows at once in the process that made it, and on a
/// second process on the same database within moments (its kept answer lasts 2 s).
#[actix_web::test]
async fn the_site_answer_revalidates_by_etag_and_a_change_shows_at_once_here_and_soon_elsewhere() {
    let (app, admin) = start().await;
    let peer = app.start_peer(&[]).await;
    let get = |base: String, etag: Option<String>| {
        let client = app.client.clone();
        async move {
            let mut request = client.get(format!("{base}/api/site"));
            if let Some(etag) = etag {
                request = request.header("If-None-Match", etag);
            }
            let reply = request.send().await.unwrap();
            let status = reply.status().as_u16();
            let header = |name: &str| reply.headers().get(name).map(|v| v.to_str().unwrap().to_string());
            let (etag, cache_control) = (header("etag"), header("cache-control"));
            let body = reply.bytes().await.unwrap();
            (status, etag.expect("an ETag"), cache_control, body)
        }
    };
    let (status, etag, cache_control, body) = get(app.base.clone(), None).await;
    assert_eq!((status, cache_control.as_deref()), (200, Some("no-cache")));
    let site: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(site["settings"]["siteTitle"], "HomeTutor");
    // The same bytes have the same tag in every process.
    assert_eq!(get(peer.clone(), None).await.1, etag);
    let (status, same, _, body) = get(app.base.clone(), Some(etag.clone())).await;
    assert_eq!((status, &same, body.len()), (304, &etag, 0));
    assert!(etag.starts_with("W/\""), "weak: compressed or not, the bytes mean the same ({etag})");
    let strong = etag.trim_start_matches("W/").to_string();
    assert_eq!(get(peer.clone(), Some(strong)).await.0, 304, "compared weakly");

    let renamed = json!({"siteTitle": "HomeTutor Pune", "siteDescription": "", "theme": "light"});
    assert_eq!(app.call("POST", "/api/admin/settings", Some(&admin), Some(renamed)).await.status, 200);
    // Here: at once, with a new tag; the old one no longer matches.
    let (status, changed, _, body) = get(app.base.clone(), Some(etag.clone())).await;
    assert_eq!(status, 200);
    assert_ne!(changed, etag);
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["settings"]["siteTitle"], "HomeTutor Pune");
    // On the peer: once its kept answer (≤ 2 s old) has lapsed.
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let (status, tag, _, _) = get(peer.clone(), Some(etag.clone())).await;
        if status == 200 {
            assert_eq!(tag, changed, "the peer serves the same new bytes");
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the peer still answers the old site after 10 s");
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}
