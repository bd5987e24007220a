//! The admin panel's API against the real server: who may call it, users,
//! tutors, requests, settings with maintenance mode, content, testimonials,
//! broadcast, support tickets, media and analytics.

use crate::common;

use std::time::Duration;

use common::{TestApp, PASSWORD};
use futures_util::{SinkExt, StreamExt};
use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message as Frame;

const ADMIN: &str = "admin@example.com";
const DELHI: [f64; 2] = [77.209, 28.6139];

/// A real 2 × 2 PNG: uploaded images are decoded and encoded again.
fn png() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::new_rgb8(2, 2).write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

async fn start() -> (TestApp, String) {
    let app = TestApp::start_with(&[("ADMIN_EMAIL", ADMIN.into()), ("ADMIN_PASSWORD", PASSWORD.into())]).await;
    let token = app.login(ADMIN, PASSWORD).await;
    (app, token)
}

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

async fn post_form(app: &TestApp, path: &str, token: &str, form: Form) -> (u16, Value) {
    let res =
        app.client.post(format!("{}{path}", app.base)).bearer_auth(token).multipart(form).send().await.expect("send");
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or_default())
}

/// Every route under /api/admin in the server's own OpenAPI document, with sample path values.
fn admin_routes() -> Vec<(String, String)> {
    let doc = serde_json::to_value(hometutor_server::openapi_document()).unwrap();
    let mut routes = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        if !path.starts_with("/api/admin") {
            continue;
        }
        for method in item.as_object().unwrap().keys() {
            let concrete = path.replace("{id}", "1").replace("{filename}", "0123456789abcdef0123456789abcdef.png");
            routes.push((method.to_uppercase(), concrete));
        }
    }
    routes
}

#[actix_web::test]
async fn every_admin_route_refuses_parents_tutors_and_strangers() {
    let (app, admin) = start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let routes = admin_routes();
    assert!(routes.len() >= 30, "all admin routes are in the document: {routes:?}");
    for (method, path) in &routes {
        let body = (method != "GET" && method != "DELETE").then(|| json!({}));
        for (who, token) in [("parent", &parent), ("tutor", &tutor)] {
            let reply = app.call(method, path, Some(token), body.clone()).await;
            assert_eq!(reply.status, 403, "{method} {path} as a {who}: {:?}", reply.body);
            assert_eq!(reply.body["message"], "Admin access required.");
        }
        let reply = app.call(method, path, None, body.clone()).await;
        assert_eq!(reply.status, 401, "{method} {path} without a token");
    }
    // Nothing changed on the way: the parent is still active, no audit entries were written.
    let log = app.call("GET", "/api/admin/audit-log", Some(&admin), None).await;
    assert_eq!((log.status, log.body.as_array().map(Vec::len)), (200, Some(0)));
}

#[actix_web::test]
async fn admins_find_page_and_manage_users() {
    let (app, admin) = start().await;
    let parent = app.verified_user("meera.sharma@example.com", "parent").await;
    for i in 0..21 {
        let body = json!({"fullname": format!("Tutor {i}"), "email": format!("t{i}@example.com"),
            "phone": "9876543210", "password": PASSWORD, "role": "tutor"});
        let created = app.call("POST", "/api/admin/users/create", Some(&admin), Some(body)).await;
        assert_eq!(created.status, 201, "{:?}", created.body);
    }
    let page1 = app.call("GET", "/api/admin/users?role=tutor&page=1&limit=20", Some(&admin), None).await;
    assert_eq!((page1.body["total"].as_i64(), page1.body["users"].as_array().map(Vec::len)), (Some(21), Some(20)));
    assert!(
        page1.body["users"][0].get("passwordHash").is_none() && page1.body["users"][0].get("password_hash").is_none()
    );
    let page2 = app.call("GET", "/api/admin/users?role=tutor&page=2&limit=20", Some(&admin), None).await;
    assert_eq!(page2.body["users"].as_array().map(Vec::len), Some(1));
    let defaults = app.call("GET", "/api/admin/users", Some(&admin), None).await;
    assert_eq!((defaults.body["page"].as_i64(), defaults.body["limit"].as_i64()), (Some(1), Some(20)));
    let bad = app.call("GET", "/api/admin/users?active=maybe", Some(&admin), None).await;
    assert_eq!(bad.status, 400);

    let found = app.call("GET", "/api/admin/users?search=MEERA", Some(&admin), None).await;
    assert_eq!(found.body["total"], 1);
    let meera = found.body["users"][0]["id"].as_i64().unwrap();

    // Deactivated: the very next request with their token is 401, and login says why.
    let off = app
        .call("PATCH", &format!("/api/admin/users/{meera}/status"), Some(&admin), Some(json!({"active": false})))
        .await;
    assert_eq!((off.status, off.body["active"].as_bool()), (200, Some(false)));
    assert_eq!(app.call("GET", "/api/tuition/mine", Some(&parent), None).await.status, 401);
    let inactive = app.call("GET", "/api/admin/users?active=false", Some(&admin), None).await;
    assert_eq!(inactive.body["total"], 1);

    // Reactivated and given a new password by the admin: the old one no longer works.
    app.call("PATCH", &format!("/api/admin/users/{meera}/status"), Some(&admin), Some(json!({"active": true}))).await;
    let reset = app
        .call(
            "POST",
            &format!("/api/admin/users/{meera}/reset-password"),
            Some(&admin),
            Some(json!({"password": "a brand new password"})),
        )
        .await;
    assert_eq!(reset.status, 200);
    let old = app.post("/api/auth/login", json!({"email": "meera.sharma@example.com", "password": PASSWORD})).await;
    assert_eq!(old.status, 401);
    app.login("meera.sharma@example.com", "a brand new password").await;

    let update = json!({"fullname": "Meera S.", "role": "tutor"});
    let updated = app.call("POST", &format!("/api/admin/users/{meera}/update"), Some(&admin), Some(update)).await;
    assert_eq!((updated.body["fullname"].as_str(), updated.body["role"].as_str()), (Some("Meera S."), Some("tutor")));
    let email_change = json!({"email": "new@example.com"});
    let refused = app.call("POST", &format!("/api/admin/users/{meera}/update"), Some(&admin), Some(email_change)).await;
    assert_eq!(refused.status, 400, "the e-mail cannot be changed");

    // Bulk: needs a selection; deletes what was selected.
    let none =
        app.call("POST", "/api/admin/users/bulk", Some(&admin), Some(json!({"userIds": [], "action": "delete"}))).await;
    assert_eq!((none.status, none.body["message"].as_str()), (400, Some("Please select users first")));
    let ids: Vec<i64> = page2.body["users"].as_array().unwrap().iter().map(|u| u["id"].as_i64().unwrap()).collect();
    let gone = app
        .call("POST", "/api/admin/users/bulk", Some(&admin), Some(json!({"userIds": ids, "action": "delete"})))
        .await;
    assert_eq!((gone.status, gone.body["affected"].as_u64()), (200, Some(1)));
    let deleted = app.call("POST", &format!("/api/admin/users/{meera}/delete"), Some(&admin), None).await;
    assert_eq!(deleted.status, 200);
    let after = app.call("GET", "/api/admin/users?role=tutor", Some(&admin), None).await;
    assert_eq!(after.body["total"], 20);

    let log = app.call("GET", "/api/admin/audit-log", Some(&admin), None).await;
    let actions: Vec<&str> = log.body.as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    for expected in
        ["user.create", "user.deactivate", "user.reset_password", "user.update", "user.bulk_delete", "user.delete"]
    {
        assert!(actions.contains(&expected), "{expected} in {actions:?}");
    }
    assert!(log.body.as_array().unwrap().iter().all(|e| e["adminEmail"] == ADMIN));
}

#[actix_web::test]
async fn the_last_admin_cannot_remove_themself() {
    let (app, admin) = start().await;
    let me = id_of(&app, &admin).await;
    for (method, path, body) in [
        ("PATCH", format!("/api/admin/users/{me}/status"), Some(json!({"active": false}))),
        ("POST", format!("/api/admin/users/{me}/delete"), None),
        ("POST", format!("/api/admin/users/{me}/update"), Some(json!({"role": "parent"}))),
        ("POST", "/api/admin/users/bulk".to_string(), Some(json!({"userIds": [me], "action": "deactivate"}))),
    ] {
        let reply = app.call(method, &path, Some(&admin), body).await;
        assert_eq!(reply.status, 409, "{method} {path}: {:?}", reply.body);
    }
    assert_eq!(app.call("GET", "/api/admin/users", Some(&admin), None).await.status, 200, "still an admin");
}

#[actix_web::test]
async fn a_deactivated_users_chat_socket_is_closed() {
    let (app, admin) = start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let id = id_of(&app, &parent).await;
    let ticket =
        app.call("POST", "/api/chat/ticket", Some(&parent), None).await.body["ticket"].as_str().unwrap().to_string();
    let url = format!("{}/api/ws?ticket={ticket}", app.base.replace("http", "ws"));
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.expect("connect");
    app.call("PATCH", &format!("/api/admin/users/{id}/status"), Some(&admin), Some(json!({"active": false}))).await;
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match socket.next().await {
                None | Some(Err(_)) | Some(Ok(Frame::Close(_))) => return true,
                Some(Ok(_)) => continue,
            }
        }
    })
    .await;
    assert_eq!(closed, Ok(true), "the socket closes");
}

#[actix_web::test]
async fn tutor_standing_shows_on_the_public_profile() {
    let (app, admin) = start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let id = id_of(&app, &tutor).await;
    let approve = app
        .call("POST", &format!("/api/admin/tutors/{id}/approve"), Some(&admin), Some(json!({"approved": true})))
        .await;
    assert_eq!(approve.status, 200);
    app.call("POST", &format!("/api/admin/tutors/{id}/feature"), Some(&admin), Some(json!({"featured": true}))).await;
    let badges = json!({"badges": ["Top Rated", "Maths Expert"]});
    app.call("POST", &format!("/api/admin/tutors/{id}/badges"), Some(&admin), Some(badges)).await;
    let profile = app.call("GET", "/api/tutors/tutor%40example.com", None, None).await;
    assert_eq!((profile.body["approved"].as_bool(), profile.body["featured"].as_bool()), (Some(true), Some(true)));
    assert_eq!(profile.body["badges"], json!(["Top Rated", "Maths Expert"]));
    let admin_id = id_of(&app, &admin).await;
    let not_tutor = app
        .call("POST", &format!("/api/admin/tutors/{admin_id}/approve"), Some(&admin), Some(json!({"approved": true})))
        .await;
    assert_eq!(not_tutor.status, 404);
}

#[actix_web::test]
async fn a_flagged_request_leaves_nearby_results_and_can_be_assigned() {
    let (app, admin) = start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let order = app.call("POST", "/api/payment/create-session", Some(&tutor), None).await.body["orderId"].clone();
    app.call("POST", "/api/payment-dev/simulate-payment", Some(&tutor), Some(json!({"orderId": order}))).await;
    assert_eq!(
        app.call("POST", "/api/payment/verify", Some(&tutor), Some(json!({"orderId": order}))).await.status,
        200
    );
    let body = json!({"subject": "Physics", "classLevel": "Class 12", "preferredTime": "Evenings", "location": DELHI});
    let request = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await.body["id"].as_i64().unwrap();
    let nearby = format!("/api/tuition/nearby?coordinates=[{},{}]&subject=physics", DELHI[0], DELHI[1]);
    assert_eq!(app.call("GET", &nearby, Some(&tutor), None).await.body.as_array().map(Vec::len), Some(1));

    let flag = json!({"flagged": true, "flagReason": "Phone number in the subject"});
    assert_eq!(
        app.call("POST", &format!("/api/admin/requests/{request}/flag"), Some(&admin), Some(flag)).await.status,
        200
    );
    assert_eq!(app.call("GET", &nearby, Some(&tutor), None).await.body.as_array().map(Vec::len), Some(0));
    let all = app.call("GET", "/api/admin/requests", Some(&admin), None).await;
    assert_eq!(
        (all.body[0]["flagged"].as_bool(), all.body[0]["flagReason"].as_str()),
        (Some(true), Some("Phone number in the subject"))
    );
    assert_eq!(all.body[0]["parentEmail"], "parent@example.com");

    let unflag = json!({"flagged": false});
    app.call("POST", &format!("/api/admin/requests/{request}/flag"), Some(&admin), Some(unflag)).await;
    assert_eq!(app.call("GET", &nearby, Some(&tutor), None).await.body.as_array().map(Vec::len), Some(1));

    let tutor_id = id_of(&app, &tutor).await;
    let assign = app
        .call(
            "POST",
            &format!("/api/admin/requests/{request}/assign-tutor"),
            Some(&admin),
            Some(json!({"tutorId": tutor_id})),
        )
        .await;
    assert_eq!(assign.status, 200);
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await;
    assert_eq!(mine.body[0]["assignedTutor"].as_i64(), Some(tutor_id), "{:?}", mine.body[0]);
    let parent_id = id_of(&app, &parent).await;
    let wrong = app
        .call(
            "POST",
            &format!("/api/admin/requests/{request}/assign-tutor"),
            Some(&admin),
            Some(json!({"tutorId": parent_id})),
        )
        .await;
    assert_eq!(wrong.status, 404, "only a tutor can be assigned");

    // The tutor's filters feed the search trends, written in the background within about a second.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(15);
    let trends = loop {
        let trends = app.call("GET", "/api/admin/analytics/search-trends", Some(&admin), None).await;
        if trends.body[0]["count"] == 3 || std::time::Instant::now() > deadline {
            break trends;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert_eq!(trends.body[0]["term"], "physics");
    assert_eq!(trends.body[0]["count"], 3);
    let popular = app.call("GET", "/api/admin/analytics/popular-tutors", Some(&admin), None).await;
    assert_eq!(popular.status, 200);
    let revenue = app.call("GET", "/api/admin/analytics/revenue", Some(&admin), None).await;
    assert_eq!((revenue.body["total"].as_f64(), revenue.body["thisMonth"].as_f64()), (Some(499.0), Some(499.0)));
    let stats = app.call("GET", "/api/admin/analytics/user-stats", Some(&admin), None).await;
    assert_eq!((stats.body["totalUsers"].as_i64(), stats.body["tutorStudentRatio"].as_f64()), (Some(3), Some(1.0)));
}

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

#[actix_web::test]
async fn admins_see_undelivered_emails_and_others_may_not() {
    use diesel::prelude::*;
    use hometutor_db::schema::outbox_emails::dsl as o;
    let (app, admin) = start().await;
    // Registered for real: its verification e-mail is the one the worker gives up on.
    let parent = app.registered_user("parent@example.com", "parent").await;
    // The mail worker gave up on this one (crates/mail/tests/outbox.rs causes that for real).
    app.db()
        .write(|c| {
            diesel::update(o::outbox_emails.filter(o::recipient.eq("parent@example.com")))
                .set((
                    o::failed_at.eq(Some(hometutor_db::now())),
                    o::attempts.eq(3),
                    o::last_error.eq(Some("550 5.1.1 No such user here")),
                ))
                .execute(c)
                .map_err(hometutor_db::DbError::from)
        })
        .unwrap();

    let list = app.call("GET", "/api/admin/undelivered-emails", Some(&admin), None).await;
    assert_eq!(list.status, 200, "{:?}", list.body);
    let first = &list.body[0];
    assert_eq!(
        (first["recipient"].as_str(), first["kind"].as_str(), first["attempts"].as_i64()),
        (Some("parent@example.com"), Some("verification_code"), Some(3))
    );
    assert_eq!(first["lastError"], "550 5.1.1 No such user here");
    assert!(first["failedAt"].is_string() && first.get("body").is_none(), "no body: it may hold a code");

    let refused = app.call("GET", "/api/admin/undelivered-emails", Some(&parent), None).await;
    assert_eq!(refused.status, 403);
    assert_eq!(app.call("GET", "/api/admin/undelivered-emails", None, None).await.status, 401);
}

#[actix_web::test]
async fn a_value_outside_a_documented_enum_is_a_field_error() {
    let (app, admin) = start().await;
    let doc = serde_json::to_value(hometutor_server::openapi_document()).unwrap();
    let values = |schema: &str| doc["components"]["schemas"][schema]["enum"].clone();
    assert_eq!(values("UserRole"), json!(["parent", "tutor", "admin"]));
    assert_eq!(values("BulkUserAction"), json!(["activate", "deactivate", "delete"]));
    assert_eq!(
        doc["components"]["schemas"]["CreateUserBody"]["properties"]["role"]["$ref"],
        "#/components/schemas/UserRole"
    );

    let parent = app.verified_user("parent@example.com", "parent").await;
    let id = id_of(&app, &parent).await;
    let create = json!({"fullname": "Asha", "email": "asha@example.com", "password": PASSWORD, "role": "superuser"});
    let update = json!({"role": "superuser"});
    let bulk = json!({"userIds": [id], "action": "explode"});
    for (path, body, field, message) in [
        ("/api/admin/users/create".to_string(), create, "role", "Role must be parent, tutor or admin."),
        (format!("/api/admin/users/{id}/update"), update, "role", "Role must be parent, tutor or admin."),
        ("/api/admin/users/bulk".to_string(), bulk, "action", "action must be activate, deactivate or delete."),
    ] {
        let refused = app.call("POST", &path, Some(&admin), Some(body)).await;
        assert_eq!((refused.status, refused.body["fields"][field].as_str()), (400, Some(message)), "{path}");
        assert_eq!(refused.body["message"], format!("Invalid request: {field}: {message}"), "{path}");
    }
    let theme = app.call("POST", "/api/admin/settings", Some(&admin), Some(json!({"siteTitle": "X", "theme": "neon"})));
    let theme = theme.await;
    assert_eq!((theme.status, theme.body["fields"]["theme"].is_string()), (400, true), "{:?}", theme.body);
    for (query, message) in
        [("role=superuser", "role must be parent, tutor or admin."), ("active=maybe", "active must be true or false.")]
    {
        let refused = app.call("GET", &format!("/api/admin/users?{query}"), Some(&admin), None).await;
        assert_eq!(refused.status, 400, "{query}");
        assert!(refused.body["message"].as_str().unwrap().contains(message), "{query}: {:?}", refused.body);
    }
    for query in ["role=all&active=all", "role=parent&active=true"] {
        let listed = app.call("GET", &format!("/api/admin/users?{query}"), Some(&admin), None).await;
        assert_eq!(listed.status, 200, "{query}");
    }
    // Nothing was changed by the refused requests.
    let user = app.call("GET", "/api/admin/users?role=parent", Some(&admin), None).await;
    assert_eq!((user.body["total"].as_i64(), user.body["users"][0]["active"].as_bool()), (Some(1), Some(true)));
}

/// A JSON value made by `make` from a text of the length under test.
type Probe<'a> = Box<dyn Fn(String) -> (String, Value) + 'a>;

/// Each length limit that an admin request's schema states (read from the served document)
/// is exactly the server's: a text of that length is taken, one character more (or less,
/// for a minimum) is refused with the field named.
#[actix_web::test]
async fn every_documented_length_limit_is_the_one_the_server_enforces() {
    let (app, admin) = start().await;
    let doc = serde_json::to_value(hometutor_server::openapi_document()).unwrap();
    let parent = app.verified_user("parent@example.com", "parent").await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let (parent_id, tutor_id) = (id_of(&app, &parent).await, id_of(&app, &tutor).await);
    let body = json!({"subject": "Physics", "classLevel": "Class 12", "preferredTime": "Evenings", "location": DELHI});
    let request = app.call("POST", "/api/tuition", Some(&parent), Some(body)).await.body["id"].as_i64().unwrap();
    let users_made = std::cell::Cell::new(0);
    let created = &users_made;
    let new_user = |field: &'static str| -> Probe<'_> {
        Box::new(move |text: String| {
            created.set(created.get() + 1);
            let mut body = json!({"fullname": "Asha", "email": format!("new{}@example.com", created.get()),
                "password": PASSWORD, "role": "parent"});
            body[field] = text.into();
            ("/api/admin/users/create".to_string(), body)
        })
    };
    let at =
        |path: String, make: fn(String) -> Value| -> Probe<'_> { Box::new(move |text| (path.clone(), make(text))) };
    // A support phone of any length: digits (13 at 24 or 25 characters) joined by dashes.
    let phone = |length: usize| format!("{}{}", "1".repeat(2 - length % 2), "-1".repeat((length - 2 + length % 2) / 2));
    let cases: Vec<(&str, &str, Probe<'_>)> = vec![
        (
            "SettingsBody/properties/siteTitle/maxLength",
            "siteTitle",
            at("/api/admin/settings".into(), |t| json!({"siteTitle": t, "theme": "light"})),
        ),
        (
            "SettingsBody/properties/siteDescription/maxLength",
            "siteDescription",
            at("/api/admin/settings".into(), |t| json!({"siteTitle": "X", "theme": "light", "siteDescription": t})),
        ),
        (
            "SettingsBody/properties/supportPhone/maxLength",
            "supportPhone",
            Box::new(move |t: String| {
                (
                    "/api/admin/settings".into(),
                    json!({"siteTitle": "X", "theme": "light", "supportPhone": phone(t.chars().count())}),
                )
            }),
        ),
        (
            "ContentBody/properties/homeText/maxLength",
            "homeText",
            at("/api/admin/content".into(), |t| json!({"homeText": t})),
        ),
        (
            "ContentBody/properties/banners/items/maxLength",
            "banners",
            at("/api/admin/content".into(), |t| json!({"banners": [t]})),
        ),
        ("BroadcastBody/properties/text/maxLength", "text", at("/api/admin/broadcast".into(), |t| json!({"text": t}))),
        ("CreateUserBody/properties/fullname/maxLength", "fullname", new_user("fullname")),
        ("CreateUserBody/properties/password/maxLength", "password", new_user("password")),
        ("CreateUserBody/properties/password/minLength", "password", new_user("password")),
        (
            "UpdateUserBody/properties/fullname/maxLength",
            "fullname",
            at(format!("/api/admin/users/{parent_id}/update"), |t| json!({"fullname": t})),
        ),
        (
            "ResetPasswordBody/properties/password/maxLength",
            "password",
            at(format!("/api/admin/users/{parent_id}/reset-password"), |t| json!({"password": t})),
        ),
        (
            "ResetPasswordBody/properties/password/minLength",
            "password",
            at(format!("/api/admin/users/{parent_id}/reset-password"), |t| json!({"password": t})),
        ),
        (
            "BadgesBody/properties/badges/items/maxLength",
            "badges",
            at(format!("/api/admin/tutors/{tutor_id}/badges"), |t| json!({"badges": [t]})),
        ),
        (
            "FlagBody/properties/flagReason/maxLength",
            "flagReason",
            at(format!("/api/admin/requests/{request}/flag"), |t| json!({"flagged": true, "flagReason": t})),
        ),
        (
            "JsonList/oneOf/0/maxItems",
            "faqs",
            Box::new(|t: String| ("/api/admin/content".into(), json!({"faqs": vec![json!({"q": "?"}); t.len()]}))),
        ),
    ];
    for (pointer, field, probe) in cases {
        let limit = doc.pointer(&format!("/components/schemas/{pointer}")).and_then(Value::as_u64);
        let limit = limit.unwrap_or_else(|| panic!("{pointer} is documented")) as usize;
        let beyond = if pointer.ends_with("minLength") { limit - 1 } else { limit + 1 };
        for (length, taken) in [(limit, true), (beyond, false)] {
            let (path, body) = probe("a".repeat(length));
            let reply = app.call("POST", &path, Some(&admin), Some(body)).await;
            let named = reply.body["fields"][field].is_string();
            match taken {
                true => assert!(reply.status < 300, "{pointer} = {limit}: {length} refused: {:?}", reply.body),
                false => assert!(reply.status == 400 && named, "{pointer} = {limit}: {length} taken: {:?}", reply.body),
            }
        }
    }
}

#[actix_web::test]
async fn an_upload_form_refused_for_a_field_stores_nothing() {
    let (app, admin) = start().await;
    let uploads = app.data_dir.join("uploads");
    let files_on_disk = || std::fs::read_dir(&uploads).map(|d| d.count()).unwrap_or(0);
    // Every stored upload is counted towards the hourly limit, and deleting the file keeps the
    // count: a form stored first and deleted for a bad field would leave its count behind.
    let uploads_counted = || {
        use diesel::prelude::*;
        use hometutor_db::schema::upload_events::dsl as ue;
        app.db().read(|c| ue::upload_events.count().get_result::<i64>(c).map_err(hometutor_db::DbError::from)).unwrap()
    };
    let doc = serde_json::to_value(hometutor_server::openapi_document()).unwrap();
    let description = &doc["components"]["schemas"]["AssetUploadForm"]["properties"]["description"]["$ref"];
    assert_eq!(description, "#/components/schemas/AssetDescription");
    let limit = doc["components"]["schemas"]["AssetDescription"]["maxLength"].as_u64();
    let limit = limit.expect("the description's limit is documented") as usize;
    let asset = |asset_type: &str, description: String| {
        Form::new()
            .part("file", Part::bytes(png()).file_name("ad.png"))
            .text("assetType", asset_type.to_string())
            .text("description", description)
    };
    let pdf = || Part::bytes(b"%PDF-1.4\n%%EOF\n".to_vec()).file_name("logo.pdf");
    for (path, form, field) in [
        ("/api/admin/assets/upload", asset("poster", String::new()), Some("assetType")),
        ("/api/admin/assets/upload", asset("ad", "a".repeat(limit + 1)), Some("description")),
        (
            "/api/admin/upload",
            Form::new().part("image", Part::bytes(png()).file_name("l.png")).text("target", "x"),
            None,
        ),
        ("/api/admin/upload", Form::new().part("image", pdf()).text("target", "logo"), Some("image")),
    ] {
        let (status, body) = post_form(&app, path, &admin, form).await;
        assert_eq!(status, 400, "{path}: {body:?}");
        if let Some(field) = field {
            assert!(body["fields"][field].is_string(), "{path}: {body:?}");
        }
        assert_eq!((files_on_disk(), uploads_counted()), (0, 0), "{path}: nothing is left, and nothing was stored");
    }
    let (status, body) = post_form(&app, "/api/admin/assets/upload", &admin, asset("ad", "a".repeat(limit))).await;
    assert_eq!((status, files_on_disk(), uploads_counted()), (201, 1, 1), "{body:?}");
    // The refused forms wrote no upload rows and no audit entries.
    let log = app.call("GET", "/api/admin/audit-log", Some(&admin), None).await;
    let actions: Vec<&str> = log.body.as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions, ["asset.upload"]);
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
