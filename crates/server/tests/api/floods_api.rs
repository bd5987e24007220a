//! No floods: a code e-mail passes thousands of queued alerts, and one parent posts at most
//! `PARENT_REQUESTS_PER_DAY` requests in 24 hours, however many are sent at once.
//! Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL set.

use crate::common;

use std::time::{Duration, Instant};

use common::TestApp;
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::outbox_emails as o;
use hometutor_db::{Db, DbError};
use hometutor_testkit::{insert_users, TestUser};
use hometutor_tuition::AreaInput;
use serde_json::json;

const DELHI: [f64; 2] = [77.209, 28.6139];
/// Tutors whose areas cover one spot: one request there queues an alert e-mail to each.
const TUTORS: usize = 150;
/// The alert e-mails in the queue when the newcomer signs up: the measurement (20 requests
/// where 150 tutors' areas meet). One request makes its 150 through the real path; the rest stand for
/// the other requests' alerts, queued as the fan-out queues them, so that the parent's one post does
/// not have to write thousands of alerts inside a request a loaded test machine would time out.
const QUEUED_ALERTS: usize = 3_000;

/// `count` alert e-mails queued as the notification fan-out queues them (notices to tutors).
fn alert_emails_queued(db: &Db, count: usize) {
    db.write(|c| {
        for i in 0..count {
            let email = hometutor_mail::OutgoingEmail {
                to: format!("tutor-elsewhere{i}@example.com"),
                subject: "A new Maths request near you".into(),
                body: "A parent posted a Maths request for Class 10 near you.".into(),
                kind: hometutor_mail::MailKind::Notice,
            };
            hometutor_mail::enqueue(c, &email)?;
        }
        Ok::<(), DbError>(())
    })
    .expect("alerts queued");
}

/// `count` tutors whose teaching areas (10 km, any subject) all cover Delhi's centre.
fn tutors_around_delhi(db: &Db, count: usize) {
    let emails: Vec<String> = (0..count).map(|i| format!("tutor{i}@example.com")).collect();
    let people: Vec<TestUser<'_>> =
        emails.iter().map(|email| TestUser { name: "Ravi Verma", email, role: "tutor" }).collect();
    let areas: Vec<(UserId, AreaInput)> = insert_users(db, &people)
        .into_iter()
        .map(|id| (UserId(id), AreaInput { location: Some(DELHI), radius_km: Some(10.0), ..AreaInput::default() }))
        .collect();
    db.write(|c| hometutor_tuition::area::insert_many(c, &areas)).unwrap_or_else(|e| panic!("areas: {e}"));
}

/// Notices (alerts) in the outbox: all of them, and those not sent yet.
fn alerts_queued(db: &Db) -> (i64, i64) {
    db.read(|c| {
        let all = o::table.filter(o::kind.eq("notice"));
        let total: i64 = all.count().get_result(c)?;
        let pending: i64 = all.filter(o::sent_at.is_null()).count().get_result(c)?;
        Ok::<_, DbError>((total, pending))
    })
    .expect("outbox")
}

async fn post_request(app: &TestApp, parent: &str, subject: &str) -> common::Reply {
    let body = json!({"subject": subject, "classLevel": "Class 10", "preferredTime": "Evenings", "location": DELHI});
    app.call("POST", "/api/tuition", Some(parent), Some(body)).await
}

#[actix_web::test]
async fn a_sign_up_code_goes_out_before_thousands_of_queued_alerts() {
    let app = TestApp::start().await;
    let db = app.db();
    tutors_around_delhi(&db, TUTORS);
    alert_emails_queued(&db, QUEUED_ALERTS - TUTORS);
    let parent = app.verified_user("parent@example.com", "parent").await;
    let reply = post_request(&app, &parent, "Maths").await;
    assert_eq!(reply.status, 201, "{:?}", reply.body);
    let alerted_here: i64 = db
        .read(|c| {
            o::table
                .filter(o::recipient.like("tutor%@example.com"))
                .filter(o::recipient.not_like("tutor-elsewhere%"))
                .count()
                .get_result(c)
                .map_err(DbError::from)
        })
        .expect("outbox");
    assert_eq!(alerted_here, TUTORS as i64, "every tutor around is alerted");
    let (queued, _) = alerts_queued(&db);
    assert_eq!(queued, QUEUED_ALERTS as i64);
    // The worker is busy with the alerts when the newcomer signs up.
    let alerted = |m: &hometutor_testkit::ReceivedMail| m.to.iter().any(|t| t.starts_with("tutor"));
    assert!(app.smtp.wait_until(Duration::from_secs(10), alerted).await.is_some(), "alerts are being sent");

    let started = Instant::now();
    assert_eq!(app.register("newcomer@example.com", "parent").await.status, 201);
    let code = app.smtp.wait_for("newcomer@example.com", "Your verification code:", Duration::from_secs(30)).await;
    let took = started.elapsed();
    // Read at the moment the code arrived: the alerts queued before it are still waiting.
    let (_, still_queued) = alerts_queued(&db);
    assert!(code.is_some_and(|m| m.code_after("Your verification code:", 6).is_some()), "the code arrives");
    assert!(still_queued >= 2_000, "the code passed the queue: {still_queued} of {queued} alerts still queued");
    assert!(took < Duration::from_secs(5), "the code took {took:?}");
}

#[actix_web::test]
async fn a_parent_posts_at_most_the_daily_limit_however_many_are_sent_at_once() {
    const LIMIT: usize = 4;
    let app = TestApp::start_with(&[("PARENT_REQUESTS_PER_DAY", LIMIT.to_string())]).await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let other = app.verified_user("other@example.com", "parent").await;

    let posts = (0..LIMIT + 3).map(|i| post_request(&app, &parent, if i % 2 == 0 { "Maths" } else { "Physics" }));
    let replies = futures_util::future::join_all(posts).await;
    let created = replies.iter().filter(|r| r.status == 201).count();
    let refused: Vec<_> = replies.iter().filter(|r| r.status != 201).collect();
    assert_eq!(created, LIMIT, "{:?}", refused.iter().map(|r| &r.body).collect::<Vec<_>>());
    for reply in &refused {
        assert_eq!((reply.status, reply.body["code"].as_str()), (429, Some("request_limit")), "{:?}", reply.body);
        assert_eq!(reply.body["message"], "You can post at most 4 requests a day. Please try again tomorrow.");
    }
    let mine = app.call("GET", "/api/tuition/mine", Some(&parent), None).await;
    assert_eq!(mine.body.as_array().map(Vec::len), Some(LIMIT), "only the allowed ones are stored");

    // In Hindi for a parent who reads HomeTutor in Hindi.
    let hindi = app.call("PUT", "/api/auth/profile", Some(&parent), Some(json!({"language": "hi"}))).await;
    assert_eq!(hindi.status, 200, "{:?}", hindi.body);
    let again = post_request(&app, &parent, "Maths").await;
    assert_eq!(again.status, 429);
    assert_eq!(again.body["message"], "आप एक दिन में ज़्यादा से ज़्यादा 4 अनुरोध डाल सकते हैं। कृपया कल फिर से कोशिश करें।");
    // The limit is each parent's own.
    assert_eq!(post_request(&app, &other, "Maths").await.status, 201);
}
