//! The notification centre over HTTP and the socket, against the real server: the
//! list and its cursor, read marks and the unread count (only ever the caller's),
//! e-mail preferences, the one-click unsubscribe link of a delivered e-mail (no
//! login; a GET only reads, the RFC 8058 POST unsubscribes), and a live `notification` event.

use crate::common;

use std::collections::HashMap;
use std::time::Duration;

use common::socket::{assert_nothing_arrived, wait_for_event};
use common::{TestApp, JWT_SECRET};
use hometutor_core::UserId;
use hometutor_db::DbError;
use hometutor_notifications::{Kind, Notice, Notification, Notifier};
use hometutor_server::{Application, Settings};
use serde_json::{json, Value};

/// The site address the test servers run with (they leave `PUBLIC_URL` at its default).
const PUBLIC_URL: &str = "http://localhost:8080";

async fn id_of(app: &TestApp, token: &str) -> i64 {
    app.call("GET", "/api/auth/profile", Some(token), None).await.body["user"]["id"].as_i64().expect("id")
}

/// A notifier as the server builds it (same site, same key from `JWT_SECRET`) but
/// announcing to nobody: notices it writes are listed and e-mailed, not pushed.
fn quiet_notifier() -> Notifier {
    Notifier::default().with_site(PUBLIC_URL, hometutor_server::unsubscribe_keys(JWT_SECRET.as_bytes(), None))
}

fn notice(user: i64, kind: Kind, title: &str) -> Notice {
    Notice {
        user: UserId(user),
        kind,
        title: title.into(),
        body: format!("{title}, in detail.").into(),
        link: Some("/tutor/12".into()),
        data: json!({"tutorId": 12, "tutorName": "Ravi Verma"}),
        dedupe_key: None,
    }
}

/// Stores `notice` in its own transaction, then announces it, as a service does.
fn notify(app: &TestApp, notifier: &Notifier, n: &Notice) -> Notification {
    let created = app.db().write(|c| notifier.notify(c, n).map_err(DbError::from)).expect("notify").expect("new");
    notifier.announce(std::slice::from_ref(&created));
    created
}

async fn unread(app: &TestApp, token: &str) -> Value {
    app.call("GET", "/api/notifications/unread-count", Some(token), None).await.body["unread"].clone()
}

fn ids(reply: &Value) -> Vec<i64> {
    reply["items"].as_array().expect("items").iter().map(|n| n["id"].as_i64().expect("id")).collect()
}

#[actix_web::test]
async fn the_list_pages_newest_first_and_nobody_reads_or_marks_anothers() {
    let app = TestApp::start().await;
    let alice = app.verified_user("alice@example.com", "parent").await;
    let bob = app.verified_user("bob@example.com", "parent").await;
    let (alice_id, bob_id) = (id_of(&app, &alice).await, id_of(&app, &bob).await);
    let notifier = quiet_notifier();
    let mine: Vec<i64> = (0..5)
        .map(|i| notify(&app, &notifier, &notice(alice_id, Kind::TutorInterested, &format!("Tutor {i}"))).id)
        .collect();
    let bobs = notify(&app, &notifier, &notice(bob_id, Kind::RequestFlagged, "Flagged")).id;

    let first = app.call("GET", "/api/notifications?limit=2", Some(&alice), None).await;
    assert_eq!(first.status, 200, "{:?}", first.body);
    assert_eq!(ids(&first.body), vec![mine[4], mine[3]]);
    let item = &first.body["items"][0];
    assert_eq!(
        (item["kind"].as_str(), item["title"].as_str(), item["link"].as_str(), item["read"].as_bool()),
        (Some("tutor_interested"), Some("Tutor 4"), Some("/tutor/12"), Some(false))
    );
    assert_eq!(item["data"], json!({"tutorId": 12, "tutorName": "Ravi Verma"}));
    assert!(item["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')), "{item}");
    let cursor = first.body["nextCursor"].as_i64().expect("a next page");
    let second = app.call("GET", &format!("/api/notifications?limit=2&before={cursor}"), Some(&alice), None).await;
    assert_eq!(ids(&second.body), vec![mine[2], mine[1]]);
    let cursor = second.body["nextCursor"].as_i64().expect("a last page");
    let last = app.call("GET", &format!("/api/notifications?limit=2&before={cursor}"), Some(&alice), None).await;
    assert_eq!((ids(&last.body), last.body["nextCursor"].clone()), (vec![mine[0]], Value::Null));
    let all = app.call("GET", "/api/notifications", Some(&alice), None).await;
    assert!(!ids(&all.body).contains(&bobs), "only the caller's own are listed");
    // Bob's cursor below Alice's ids still shows only Bob's.
    let bobs_list = app.call("GET", &format!("/api/notifications?before={}", bobs + 1), Some(&bob), None).await;
    assert_eq!(ids(&bobs_list.body), vec![bobs]);

    for bad in ["limit=0", "limit=51", "limit=ten", "before=x"] {
        let reply = app.call("GET", &format!("/api/notifications?{bad}"), Some(&alice), None).await;
        assert_eq!(reply.status, 400, "{bad}: {:?}", reply.body);
        assert!(reply.body["code"].is_string() && reply.body["message"].is_string(), "{bad}: {:?}", reply.body);
    }
    assert_eq!(app.call("GET", "/api/notifications?limit=0", Some(&alice), None).await.body["code"], "validation");
    assert_eq!(app.call("GET", "/api/notifications", None, None).await.status, 401);
    assert_eq!(app.call("GET", "/api/notifications/unread-count", None, None).await.status, 401);

    assert_eq!(unread(&app, &alice).await, 5);
    // Bob names Alice's notifications and one of his own: only his is marked.
    let mut named = mine.clone();
    named.push(bobs);
    let marked = app.call("POST", "/api/notifications/read", Some(&bob), Some(json!({"ids": named}))).await;
    assert_eq!((marked.status, marked.body.clone()), (200, json!({"unread": 0})));
    assert_eq!(unread(&app, &alice).await, 5, "Bob cannot mark Alice's notifications read");
    let all_bob = app.call("POST", "/api/notifications/read", Some(&bob), Some(json!({"all": true}))).await;
    assert_eq!(all_bob.body, json!({"unread": 0}));
    assert_eq!(unread(&app, &alice).await, 5, "Bob's all is only Bob's");

    let marked =
        app.call("POST", "/api/notifications/read", Some(&alice), Some(json!({"ids": [mine[0], mine[1]]}))).await;
    assert_eq!(marked.body, json!({"unread": 3}));
    let listed = app.call("GET", "/api/notifications", Some(&alice), None).await;
    let read: Vec<bool> =
        listed.body["items"].as_array().unwrap().iter().map(|n| n["read"].as_bool().unwrap()).collect();
    assert_eq!(read, vec![false, false, false, true, true]);
    assert_eq!(
        app.call("POST", "/api/notifications/read", Some(&alice), Some(json!({"all": true}))).await.body,
        json!({"unread": 0})
    );

    for bad in [
        json!({}),
        json!({"all": false}),
        json!({"ids": [1], "all": true}),
        json!({"ids": (1..=101).collect::<Vec<i64>>()}),
        json!({"ids": ["one"]}),
        json!({"ids": [1], "every": true}),
    ] {
        let reply = app.call("POST", "/api/notifications/read", Some(&alice), Some(bad.clone())).await;
        assert_eq!(reply.status, 400, "{bad}: {:?}", reply.body);
        assert!(reply.body["message"].is_string() && reply.body["code"].is_string(), "{bad}: {:?}", reply.body);
    }
    assert_eq!(app.call("POST", "/api/notifications/read", None, Some(json!({"all": true}))).await.status, 401);
}

#[actix_web::test]
async fn preferences_list_the_roles_kinds_and_refuse_what_does_not_apply() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let parent = app.verified_user("parent@example.com", "parent").await;

    let got = app.call("GET", "/api/notifications/preferences", Some(&tutor), None).await;
    assert_eq!(got.status, 200, "{:?}", got.body);
    let kinds: Vec<&str> =
        got.body["preferences"].as_array().unwrap().iter().map(|p| p["kind"].as_str().unwrap()).collect();
    assert_eq!(
        kinds,
        [
            "new_request",
            "booking",
            "tuition_invite",
            "verification_decided",
            "new_review",
            "request_closed",
            "subscription_receipt",
            "subscription_reminder",
            "subscription_expired",
            "unread_message",
            "moderation"
        ]
    );
    assert_eq!(
        got.body["preferences"][0],
        json!({"kind": "new_request", "label": "New requests in your area", "email": "immediate", "choices": ["off", "immediate", "digest"]})
    );
    assert_eq!(got.body["preferences"][5]["choices"], json!(["off", "immediate"]));
    let parents = app.call("GET", "/api/notifications/preferences", Some(&parent), None).await;
    let kinds: Vec<&str> =
        parents.body["preferences"].as_array().unwrap().iter().map(|p| p["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["tutor_interested", "booking", "request_flagged", "unread_message", "moderation"]);

    for (token, bad) in [
        (&tutor, json!({"preferences": [{"kind": "no_such_kind", "email": "off"}]})),
        (&tutor, json!({"preferences": [{"kind": "unread_message", "email": "digest"}]})),
        (&tutor, json!({"preferences": [{"kind": "new_request", "email": "weekly"}]})),
        (
            &tutor,
            json!({"preferences": [{"kind": "new_request", "email": "off"}, {"kind": "new_request", "email": "digest"}]}),
        ),
        (&parent, json!({"preferences": [{"kind": "new_request", "email": "digest"}]})),
        (
            &parent,
            json!({"preferences": [{"kind": "tutor_interested", "email": "off"}, {"kind": "nope", "email": "off"}]}),
        ),
    ] {
        let reply = app.call("PUT", "/api/notifications/preferences", Some(token), Some(bad.clone())).await;
        assert_eq!((reply.status, reply.body["code"].as_str()), (400, Some("validation")), "{bad}: {:?}", reply.body);
        assert!(reply.body["fields"]["preferences"].is_string(), "{bad}: {:?}", reply.body);
    }
    for malformed in
        [json!({"preferences": [{"kind": "new_request", "email": "off", "extra": 1}]}), json!({"prefs": []}), json!([])]
    {
        let reply = app.call("PUT", "/api/notifications/preferences", Some(&tutor), Some(malformed.clone())).await;
        assert_eq!(reply.status, 400, "{malformed}: {:?}", reply.body);
    }
    let unchanged = app.call("GET", "/api/notifications/preferences", Some(&parent), None).await;
    assert!(
        unchanged.body["preferences"].as_array().unwrap().iter().all(|p| p["email"] == "immediate"),
        "all or nothing"
    );

    let set = app
        .call(
            "PUT",
            "/api/notifications/preferences",
            Some(&tutor),
            Some(json!({"preferences": [{"kind": "new_request", "email": "digest"}, {"kind": "unread_message", "email": "off"}]})),
        )
        .await;
    assert_eq!(set.status, 200, "{:?}", set.body);
    let after = app.call("GET", "/api/notifications/preferences", Some(&tutor), None).await;
    assert_eq!(set.body, after.body);
    let email: HashMap<&str, &str> = after.body["preferences"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["kind"].as_str().unwrap(), p["email"].as_str().unwrap()))
        .collect();
    assert_eq!(
        (email["new_request"], email["unread_message"], email["request_closed"]),
        ("digest", "off", "immediate")
    );
    let parents_after = app.call("GET", "/api/notifications/preferences", Some(&parent), None).await;
    assert_eq!(parents_after.body, unchanged.body, "one user's choices are not another's");
    assert_eq!(app.call("GET", "/api/notifications/preferences", None, None).await.status, 401);
    let anonymous = app.call("PUT", "/api/notifications/preferences", None, Some(json!({"preferences": []}))).await;
    assert_eq!(anonymous.status, 401);
}

/// The value of header `name` in a received message (continuation lines unfolded).
fn header(data: &str, name: &str) -> Option<String> {
    let prefix = format!("{name}:");
    let mut lines = data.lines().skip_while(|l| !l.starts_with(&prefix));
    let first = lines.next()?.trim_start_matches(&prefix).trim().to_string();
    let rest: String = lines.take_while(|l| l.starts_with(' ') || l.starts_with('\t')).map(str::trim).collect();
    Some(first + &rest)
}

#[actix_web::test]
async fn a_delivered_e_mails_unsubscribe_link_unsubscribes_by_one_click_post_only_without_login() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    let notifier = quiet_notifier();
    notify(&app, &notifier, &notice(tutor_id, Kind::NewRequest, "A new maths request near you"));

    // The server's mail worker delivers it (it looks at the outbox every 2 s).
    let mail = app.smtp.wait_for("tutor@example.com", "A new maths request near you", Duration::from_secs(10)).await;
    let mail = mail.expect("the e-mail is delivered");
    let list_unsubscribe = header(&mail.data, "List-Unsubscribe").expect("List-Unsubscribe");
    assert_eq!(header(&mail.data, "List-Unsubscribe-Post").as_deref(), Some("List-Unsubscribe=One-Click"));
    let url = list_unsubscribe.trim_start_matches('<').trim_end_matches('>');
    let path = url.strip_prefix(PUBLIC_URL).expect("a link to the site");
    assert!(path.starts_with("/api/notifications/unsubscribe?token="), "{path}");
    assert!(mail.data.contains("Subject: A new maths request near you"), "{}", mail.data);

    // Opening the link (a mail scanner, a link preview, a person) changes nothing: it says what
    // the link would turn off and the choice now, as often as it is opened.
    let new_request_choice = || async {
        let choices = app.call("GET", "/api/notifications/preferences", Some(&tutor), None).await;
        let all = choices.body["preferences"].as_array().unwrap().clone();
        assert!(all.iter().filter(|p| p["kind"] != "new_request").all(|p| p["email"] == "immediate"), "{all:?}");
        all.iter().find(|p| p["kind"] == "new_request").unwrap()["email"].clone()
    };
    for _ in 0..3 {
        let opened = app.call("GET", path, None, None).await;
        assert_eq!(opened.status, 200, "{:?}", opened.body);
        assert_eq!(
            opened.body,
            json!({"kind": "new_request", "label": "New requests in your area", "email": "immediate"})
        );
    }
    assert_eq!(new_request_choice().await, "immediate");

    // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` to the same address (the web
    // page's confirm button POSTs too); again is fine.
    for _ in 0..2 {
        let one_click = app
            .client
            .post(format!("{}{path}", app.base))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .expect("answer");
        assert_eq!(one_click.status().as_u16(), 200);
        assert_eq!(
            one_click.json::<Value>().await.unwrap(),
            json!({"kind": "new_request", "label": "New requests in your area", "email": "off"})
        );
    }
    assert_eq!(new_request_choice().await, "off");
    let opened = app.call("GET", path, None, None).await;
    assert_eq!(opened.body["email"], "off", "the link now says it is off");
    // The notification itself stays in the app.
    let listed = app.call("GET", "/api/notifications", Some(&tutor), None).await;
    assert_eq!(listed.body["items"][0]["title"], "A new maths request near you");

    // Another account's token, an altered one, one signed elsewhere: refused, nothing changes.
    let other = app.verified_user("other@example.com", "tutor").await;
    let other_id = id_of(&app, &other).await;
    let token = path.split("token=").nth(1).unwrap();
    let foreign = Notifier::default().unsubscribe_url(UserId(other_id), Kind::UnreadMessage);
    let foreign_token = foreign.split("token=").nth(1).unwrap();
    for bad in [
        token.replace(&format!(".{tutor_id}."), &format!(".{other_id}.")),
        token.replace("new_request", "unread_message"),
        format!("{}{}", &token[..token.len() - 1], if token.ends_with('A') { 'B' } else { 'A' }),
        foreign_token.to_string(),
        "nonsense".to_string(),
    ] {
        let reply = app.call("GET", &format!("/api/notifications/unsubscribe?token={bad}"), None, None).await;
        assert_eq!((reply.status, reply.body["code"].as_str()), (400, Some("invalid_unsubscribe_link")), "{bad}");
        let posted = app.call("POST", &format!("/api/notifications/unsubscribe?token={bad}"), None, None).await;
        assert_eq!(posted.status, 400, "{bad}");
    }
    let missing = app.call("GET", "/api/notifications/unsubscribe", None, None).await;
    assert_eq!(missing.status, 400);
    let others = app.call("GET", "/api/notifications/preferences", Some(&other), None).await;
    assert!(others.body["preferences"].as_array().unwrap().iter().all(|p| p["email"] == "immediate"));

    // With new requests off, the next one is listed but not e-mailed; an immediate kind still is.
    notify(&app, &notifier, &notice(tutor_id, Kind::NewRequest, "A second request"));
    notify(&app, &notifier, &notice(tutor_id, Kind::UnreadMessage, "You have an unread message"));
    let later = app.smtp.wait_for("tutor@example.com", "You have an unread message", Duration::from_secs(10)).await;
    assert!(later.is_some());
    assert!(!app.smtp.mails().iter().any(|m| m.data.contains("A second request")), "new requests are off");
}

#[actix_web::test]
async fn unsubscribe_links_are_rate_limited_per_address() {
    let app = TestApp::start().await;
    let limit = hometutor_limits::Bucket::UnsubscribesPerIp.rule().limit;
    for _ in 0..limit {
        let reply = app.call("GET", "/api/notifications/unsubscribe?token=guess", None, None).await;
        assert_eq!(reply.status, 400);
    }
    let refused = app.call("POST", "/api/notifications/unsubscribe?token=guess", None, None).await;
    assert_eq!((refused.status, refused.body["code"].as_str()), (429, Some("rate_limited")));
    assert!(refused.headers.contains_key("retry-after"));
}

/// A second server on `app`'s database and secrets, built here so the test holds its
/// notifier (as a service of that process would): returns its base URL and the notifier.
async fn server_beside(app: &TestApp, extra: &[(&'static str, String)]) -> (String, Notifier) {
    let data_dir = app.data_dir.join("beside");
    let mut env: HashMap<&str, String> = HashMap::from([
        ("BIND", "127.0.0.1:0".to_string()),
        ("DATABASE_URL", app.database.url.clone()),
        ("DATA_DIR", data_dir.display().to_string()),
        ("SMTP_URL", app.smtp.url()),
        ("BCRYPT_COST", "4".into()),
        ("JWT_SECRET", JWT_SECRET.into()),
    ]);
    env.extend(extra.iter().cloned());
    let settings = Settings::from_lookup(|k| env.get(k).cloned()).expect("settings");
    let server = Application::build(settings).await.expect("server starts");
    let (base, notifier) = (format!("http://127.0.0.1:{}", server.port()), server.notifier());
    actix_web::rt::spawn(server.run_until_stopped());
    (base, notifier)
}

#[actix_web::test]
async fn a_notification_arrives_live_on_its_users_sockets_only() {
    let app = TestApp::start().await;
    let (base, notifier) = server_beside(&app, &[]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let outsider = app.verified_user("outsider@example.com", "parent").await;
    let parent_id = id_of(&app, &parent).await;
    let (mut tab, mut phone) = (app.open_socket_at(&base, &parent).await, app.open_socket_at(&base, &parent).await);
    let mut other = app.open_socket_at(&base, &outsider).await;

    let created = notify(&app, &notifier, &notice(parent_id, Kind::TutorInterested, "Ravi Verma is interested"));
    for socket in [&mut tab, &mut phone] {
        let event = wait_for_event(socket, "notification").await;
        assert_eq!(
            event["data"],
            json!({
                "id": created.id,
                "kind": "tutor_interested",
                "title": "Ravi Verma is interested",
                "body": "Ravi Verma is interested, in detail.",
                "link": "/tutor/12",
                "data": {"tutorId": 12, "tutorName": "Ravi Verma"},
                "read": false,
                "createdAt": event["data"]["createdAt"],
            })
        );
    }
    assert_nothing_arrived(&mut other, "another user's notification").await;
    let listed = app.call("GET", "/api/notifications", Some(&parent), None).await;
    assert_eq!(ids(&listed.body), vec![created.id], "stored as well as pushed");
    assert_eq!(listed.body["items"][0]["createdAt"], api_time(&created));
}

/// Polls `base`'s health until it says its Redis link is up; panics after `WAIT`.
async fn wait_for_redis(app: &TestApp, base: &str) {
    let deadline = std::time::Instant::now() + common::socket::WAIT;
    loop {
        let health = common::call(&app.client, base, "GET", "/api/health", None, None).await;
        if health.body["redis"] == "connected" {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "Redis never came up on {base}: {:?}", health.body);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[actix_web::test]
async fn a_notification_written_in_one_process_reaches_sockets_held_by_another() {
    let redis = hometutor_testkit::PrivateRedis::start();
    let app = TestApp::start_with(&[("REDIS_URL", redis.url())]).await;
    let (beside, notifier) = server_beside(&app, &[("REDIS_URL", redis.url())]).await;
    wait_for_redis(&app, &app.base).await;
    wait_for_redis(&app, &beside).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let tutor_id = id_of(&app, &tutor).await;
    // The socket is held by the test's main server; the notice is written and announced by the other.
    let mut socket = app.open_socket(&tutor).await;
    let created = notify(&app, &notifier, &notice(tutor_id, Kind::NewRequest, "Physics, class 11, 2 km away"));
    let event = wait_for_event(&mut socket, "notification").await;
    assert_eq!((event["data"]["id"].as_i64(), event["data"]["kind"].as_str()), (Some(created.id), Some("new_request")));
}

/// `createdAt` as the API writes it.
fn api_time(n: &Notification) -> Value {
    serde_json::to_value(n.created_at.and_utc()).unwrap()
}
