//! The admin panel's API against the real server: who may call it, users,
//! tutors, requests, settings with maintenance mode, content, testimonials,
//! broadcast, support tickets, media and analytics.

use crate::common;

use std::time::Duration;

use common::{TestApp, PASSWORD};
use futures_util::StreamExt;
use reqwest::multipart::Form;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message as Frame;

pub(crate) const ADMIN: &str = "admin@example.com";
pub(crate) const DELHI: [f64; 2] = [77.209, 28.6139];

/// A real 2 × 2 PNG: uploaded images are decoded and encoded again.
pub(crate) async fn start() -> (TestApp, String) {
    let app = TestApp::start_with(&[("ADMIN_EMAIL", ADMIN.into()), ("ADMIN_PASSWORD", PASSWORD.into())]).await;
    let token = app.login(ADMIN, PASSWORD).await;
    (app, token)
}

pub(crate) async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

pub(crate) async fn post_form(app: &TestApp, path: &str, token: &str, form: Form) -> (u16, Value) {
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
    assert!(log.body[0]["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')), "{:?}", log.body[0]);
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
    let feature = app
        .call("POST", &format!("/api/admin/tutors/{id}/feature"), Some(&admin), Some(json!({"featured": true})))
        .await;
    assert_eq!(feature.status, 200);
    let profile = app.call("GET", "/api/tutors/tutor%40example.com", None, None).await;
    // Featured is the site's award; verified comes only from checked documents, and no badge is typed.
    assert_eq!((profile.body["approved"].as_bool(), profile.body["featured"].as_bool()), (Some(false), Some(true)));
    assert!(profile.body.get("badges").is_none());
    for gone in ["approve", "badges"] {
        let path = format!("/api/admin/tutors/{id}/{gone}");
        assert_eq!(app.call("POST", &path, Some(&admin), Some(json!({"approved": true}))).await.status, 404, "{gone}");
    }
    let admin_id = id_of(&app, &admin).await;
    let not_tutor = app
        .call("POST", &format!("/api/admin/tutors/{admin_id}/feature"), Some(&admin), Some(json!({"featured": true})))
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
    assert_eq!(all.body[0]["location"], json!(DELHI), "[longitude, latitude], exact");
    assert!(all.body[0]["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')), "{:?}", all.body[0]);

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
    let all = app.call("GET", "/api/admin/requests", Some(&admin), None).await;
    assert_eq!(all.body[0]["assignedTutor"].as_i64(), Some(tutor_id), "{:?}", all.body[0]);
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
    assert!(first.get("body").is_none(), "no body: it may hold a code");
    for at in ["createdAt", "failedAt"] {
        assert!(first[at].as_str().is_some_and(|t| t.ends_with('Z')), "{at} in UTC with its zone: {first}");
    }

    let refused = app.call("GET", "/api/admin/undelivered-emails", Some(&parent), None).await;
    assert_eq!(refused.status, 403);
    assert_eq!(app.call("GET", "/api/admin/undelivered-emails", None, None).await.status, 401);
}
