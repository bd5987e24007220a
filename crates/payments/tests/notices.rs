//! What a tutor is told about their subscription: the receipt on payment and the
//! reminders before and at expiry, each on a private database (SQLite, or
//! PostgreSQL with TEST_DATABASE_URL).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::sync::Arc;

use chrono::{Duration, NaiveDateTime};
use hometutor_core::UserId;
use hometutor_db::{now, Db};
use hometutor_notifications::{Notification, Notifier};
use hometutor_payments::{reminders, sign_webhook, CashfreeConfig, CashfreeProvider, PaymentService, WebhookOutcome};
use hometutor_testkit::{insert_user, TestDatabase};
use serde_json::json;
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

const SECRET: &str = "cf-secret-key";

fn notifications(db: &Db, user: UserId) -> Vec<Notification> {
    db.read(|c| hometutor_notifications::recent(c, user.0, 50).map_err(hometutor_db::DbError::from))
        .expect("notifications")
}

fn set_expiry(db: &Db, user: UserId, expires: NaiveDateTime) {
    db.write(|c| {
        hometutor_accounts::set_subscription(c, user, true, Some(expires)).map_err(hometutor_db::DbError::from)
    })
    .expect("subscription");
}

/// A fake Cashfree that opens orders and reports every one PAID for ₹499.
async fn paying_provider() -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/pg/orders"))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"payment_session_id": "session_abc", "order_status": "ACTIVE"})),
        )
        .mount(&server)
        .await;
    Mock::given(method("GET"))
        .and(path_regex("^/pg/orders/ht_[0-9a-f]+$"))
        .respond_with(|req: &wiremock::Request| {
            let order_id = req.url.path().rsplit('/').next().unwrap_or_default().to_string();
            ResponseTemplate::new(200).set_body_json(json!({
                "order_id": order_id, "order_status": "PAID", "order_amount": 499.0, "order_currency": "INR"
            }))
        })
        .mount(&server)
        .await;
    server
}

#[tokio::test]
async fn a_payment_sends_one_receipt_however_often_the_webhook_comes() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let tutor = UserId(insert_user(&db, "Ravi Kumar", "ravi@example.com", "tutor"));
    let other = UserId(insert_user(&db, "Meena Iyer", "meena@example.com", "tutor"));
    let server = paying_provider().await;
    let provider = CashfreeProvider::new(CashfreeConfig {
        app_id: "app-id".into(),
        secret_key: SECRET.into(),
        base_url: server.uri(),
    })
    .expect("provider");
    let payments = PaymentService::new(db.clone(), Arc::new(provider), "https://hometutor.example")
        .with_notifier(Notifier::default());
    let order = payments.create_session(tutor).await.expect("session").order_id;
    assert!(notifications(&db, tutor).is_empty(), "nothing before payment");

    let body = json!({"data": {"order": {"order_id": order, "order_amount": 499.0, "order_currency": "INR"}}})
        .to_string()
        .into_bytes();
    let signature = sign_webhook(SECRET, "1732190000000", &body);
    assert_eq!(
        payments.handle_webhook("1732190000000", &body, &signature).await.expect("1"),
        WebhookOutcome::Activated
    );
    assert_eq!(payments.handle_webhook("1732190000000", &body, &signature).await.expect("2"), WebhookOutcome::Ignored);
    payments.verify(tutor, &order).await.expect("verify after the webhook");

    let told = notifications(&db, tutor);
    assert_eq!(told.len(), 1, "one receipt: {told:?}");
    let receipt = &told[0];
    assert_eq!(receipt.kind, "subscription_receipt");
    assert!(receipt.body.contains(&order), "{}", receipt.body);
    assert!(receipt.body.contains("₹499.00"), "{}", receipt.body);
    assert!(receipt.body.contains("valid until"), "{}", receipt.body);
    assert_eq!(receipt.link.as_deref(), Some("/subscribe"));
    let data: serde_json::Value = serde_json::from_str(&receipt.data).expect("json");
    assert_eq!((data["orderId"].as_str(), data["amountPaise"].as_i64()), (Some(order.as_str()), Some(49_900)));
    assert!(notifications(&db, other).is_empty());
}

#[test]
fn reminders_come_a_week_and_a_day_before_and_at_expiry_once_each() {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let notifier = Notifier::default();
    let tutor = UserId(insert_user(&db, "Ravi Kumar", "ravi@example.com", "tutor"));
    let unsubscribed = UserId(insert_user(&db, "Meena Iyer", "meena@example.com", "tutor"));
    let parent = UserId(insert_user(&db, "Asha Verma", "asha@example.com", "parent"));
    let expires = now() + Duration::days(10);
    set_expiry(&db, tutor, expires);

    let run = |at: NaiveDateTime| reminders::run(&db, &notifier, at).expect("run");
    assert_eq!(run(now()), 0, "nothing 10 days before");
    let week_before = expires - Duration::days(7) + Duration::minutes(1);
    assert_eq!(run(week_before), 1);
    assert_eq!(run(week_before + Duration::hours(1)), 0, "once");
    let day_before = expires - Duration::days(1) + Duration::minutes(1);
    assert_eq!(run(day_before), 1);
    assert_eq!(run(day_before + Duration::hours(1)), 0, "once");
    assert_eq!(run(expires + Duration::minutes(1)), 1);
    assert_eq!(run(expires + Duration::hours(5)), 0, "once");

    let told = notifications(&db, tutor);
    let seen: Vec<(&str, &str)> = told.iter().rev().map(|n| (n.kind.as_str(), n.title.as_str())).collect();
    assert_eq!(
        seen,
        vec![
            ("subscription_reminder", "Your subscription ends in 7 days"),
            ("subscription_reminder", "Your subscription ends tomorrow"),
            ("subscription_expired", "Your subscription has ended"),
        ]
    );
    assert!(told.iter().all(|n| n.link.as_deref() == Some("/subscribe")));
    assert!(notifications(&db, unsubscribed).is_empty() && notifications(&db, parent).is_empty());

    // A renewal is a new expiry: its reminders come again.
    let renewed = expires + Duration::days(365);
    set_expiry(&db, tutor, renewed);
    assert_eq!(run(renewed - Duration::days(7) + Duration::minutes(1)), 1);
}
