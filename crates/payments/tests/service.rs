//! Subscription rules against a fake Cashfree on loopback and the simulated
//! provider, each on a private database.

#![allow(clippy::unwrap_used, clippy::expect_used)] // a failed expectation is the test failing

use std::sync::Arc;
use std::time::Duration;

use chrono::{Months, NaiveDateTime};
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::{payment_orders, users};
use hometutor_db::{now, Db};
use hometutor_payments::{
    sign_webhook, CashfreeConfig, CashfreeProvider, PaymentError, PaymentService, ProviderError, SimulatedProvider,
    WebhookOutcome, API_VERSION,
};
use hometutor_testkit::{insert_users, TestDatabase, TestUser};
use serde_json::json;
use wiremock::matchers::{body_partial_json, header, method, path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

const SECRET: &str = "cf-secret-key";

struct Fixture {
    _database: TestDatabase,
    db: Db,
    tutor: UserId,
    parent: UserId,
    other_tutor: UserId,
}

fn fixture() -> Fixture {
    let database = TestDatabase::in_memory();
    let db = database.db();
    let people = [("tutor@example.com", "tutor"), ("parent@example.com", "parent"), ("tutor2@example.com", "tutor")]
        .map(|(email, role)| TestUser { name: "Test", email, role });
    let ids: Vec<UserId> = insert_users(&db, &people).into_iter().map(UserId).collect();
    Fixture { _database: database, db, tutor: ids[0], parent: ids[1], other_tutor: ids[2] }
}

impl Fixture {
    fn cashfree(&self, server: &MockServer) -> PaymentService {
        let provider = CashfreeProvider::new(CashfreeConfig {
            app_id: "app-id".into(),
            secret_key: SECRET.into(),
            base_url: server.uri(),
        })
        .expect("provider");
        PaymentService::new(self.db.clone(), Arc::new(provider), "https://hometutor.example")
    }

    fn simulated(&self) -> PaymentService {
        PaymentService::new(self.db.clone(), Arc::new(SimulatedProvider::new(self.db.clone())), "http://localhost:8080")
    }

    fn expiry(&self, user: UserId) -> Option<NaiveDateTime> {
        self.db
            .read(|c| {
                users::table
                    .find(user.0)
                    .select(users::subscription_expires)
                    .first(c)
                    .map_err(hometutor_db::DbError::from)
            })
            .expect("user")
    }

    fn order_status(&self, order_id: &str) -> String {
        self.db
            .read(|c| {
                payment_orders::table
                    .filter(payment_orders::order_id.eq(order_id))
                    .select(payment_orders::status)
                    .first(c)
                    .map_err(hometutor_db::DbError::from)
            })
            .expect("order")
    }

    fn set_expiry(&self, user: UserId, expiry: NaiveDateTime) {
        self.db
            .write(|c| {
                diesel::update(users::table.find(user.0))
                    .set((users::subscription_active.eq(true), users::subscription_expires.eq(Some(expiry))))
                    .execute(c)
                    .map_err(hometutor_db::DbError::from)
            })
            .expect("set");
    }
}

async fn provider_creates_orders(server: &MockServer) {
    Mock::given(method("POST"))
        .and(path("/pg/orders"))
        .and(header("x-client-id", "app-id"))
        .and(header("x-client-secret", SECRET))
        .and(header("x-api-version", API_VERSION))
        .and(body_partial_json(json!({"order_amount": 499.0, "order_currency": "INR"})))
        .respond_with(
            ResponseTemplate::new(200)
                .set_body_json(json!({"payment_session_id": "session_abc", "order_status": "ACTIVE"})),
        )
        .mount(server)
        .await;
}

async fn provider_reports(server: &MockServer, status: &str, amount: f64) {
    let status = status.to_string();
    Mock::given(method("GET"))
        .and(path_regex("^/pg/orders/ht_[0-9a-f]+$"))
        .respond_with(move |req: &wiremock::Request| {
            let order_id = req.url.path().rsplit('/').next().unwrap_or_default().to_string();
            ResponseTemplate::new(200).set_body_json(json!({
                "order_id": order_id, "order_status": status, "order_amount": amount, "order_currency": "INR"
            }))
        })
        .mount(server)
        .await;
}

/// A fake Cashfree that reports every order PAID, and one open order of the tutor's.
async fn paid_order(f: &Fixture) -> (MockServer, PaymentService, String) {
    let server = MockServer::start().await;
    provider_creates_orders(&server).await;
    provider_reports(&server, "PAID", 499.0).await;
    let payments = f.cashfree(&server);
    let order = payments.create_session(f.tutor).await.expect("session").order_id;
    (server, payments, order)
}

fn within_a_minute(a: NaiveDateTime, b: NaiveDateTime) -> bool {
    (a - b).num_seconds().abs() < 60
}

#[tokio::test]
async fn only_tutors_can_open_an_order() {
    let f = fixture();
    let err = f.simulated().create_session(f.parent).await.err();
    assert!(matches!(err, Some(PaymentError::NotATutor)));
    let orders: i64 =
        f.db.read(|c| payment_orders::table.count().get_result(c).map_err(hometutor_db::DbError::from)).expect("count");
    assert_eq!(orders, 0);
}

/// The role rule is the service's own: a parent or an admin calling it directly (no
/// HTTP handler in front) is refused before the provider is ever asked.
#[tokio::test]
async fn a_parent_or_admin_is_refused_before_the_provider_is_asked() {
    let f = fixture();
    let admin =
        UserId(insert_users(&f.db, &[TestUser { name: "Admin", email: "admin@example.com", role: "admin" }])[0]);
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/pg/orders"))
        .respond_with(ResponseTemplate::new(500))
        .expect(0)
        .mount(&server)
        .await;
    let payments = f.cashfree(&server);
    for user in [f.parent, admin] {
        assert!(matches!(payments.create_session(user).await, Err(PaymentError::NotATutor)), "user {}", user.0);
    }
    let orders: i64 =
        f.db.read(|c| payment_orders::table.count().get_result(c).map_err(hometutor_db::DbError::from)).expect("count");
    assert_eq!(orders, 0);
    server.verify().await;
}

#[tokio::test]
async fn the_server_sets_the_amount_and_order_id_and_a_paid_order_adds_one_year() {
    let f = fixture();
    let server = MockServer::start().await;
    provider_creates_orders(&server).await;
    provider_reports(&server, "PAID", 499.0).await;
    let payments = f.cashfree(&server);
    let session = payments.create_session(f.tutor).await.expect("session");
    assert_eq!((session.session_id.as_str(), session.amount_paise), ("session_abc", 49_900));
    assert!(session.order_id.starts_with("ht_"));
    let sent = &server.received_requests().await.expect("requests")[0];
    let body: serde_json::Value = serde_json::from_slice(&sent.body).expect("json");
    assert_eq!(
        body["order_meta"]["return_url"],
        format!("https://hometutor.example/payment-success?order_id={}", session.order_id)
    );
    assert_eq!(body["order_meta"]["notify_url"], "https://hometutor.example/api/payment/webhook");
    assert_eq!(sent.headers.get("x-idempotency-key").and_then(|v| v.to_str().ok()), Some(session.order_id.as_str()));

    let sub = payments.verify(f.tutor, &session.order_id).await.expect("verify");
    assert!(sub.active);
    let expected = now().checked_add_months(Months::new(12)).expect("date");
    assert!(within_a_minute(sub.expires.expect("expiry"), expected));
    assert_eq!(f.order_status(&session.order_id), "paid");
}

#[tokio::test]
async fn an_order_is_stored_before_the_provider_is_called_and_a_provider_error_activates_nothing() {
    let f = fixture();
    let server = MockServer::start().await;
    Mock::given(method("POST")).and(path("/pg/orders")).respond_with(ResponseTemplate::new(500)).mount(&server).await;
    let payments = f.cashfree(&server);
    let err = payments.create_session(f.tutor).await.err();
    assert!(matches!(err, Some(PaymentError::Provider(ProviderError::Rejected { status: 500, .. }))), "{err:?}");
    let stored: Vec<(String, i64, String)> =
        f.db.read(|c| {
            payment_orders::table
                .select((payment_orders::status, payment_orders::amount_paise, payment_orders::currency))
                .load(c)
                .map_err(hometutor_db::DbError::from)
        })
        .expect("orders");
    assert_eq!(stored, vec![("failed".to_string(), 49_900, "INR".to_string())]);
    assert_eq!(f.expiry(f.tutor), None);
}

#[tokio::test]
async fn not_paid_expired_and_mismatched_orders_activate_nothing() {
    for (status, amount, expected) in
        [("ACTIVE", 499.0, "not paid"), ("EXPIRED", 499.0, "closed"), ("PAID", 1.0, "mismatch")]
    {
        let f = fixture();
        let server = MockServer::start().await;
        provider_creates_orders(&server).await;
        provider_reports(&server, status, amount).await;
        let payments = f.cashfree(&server);
        let order = payments.create_session(f.tutor).await.expect("session").order_id;
        let err = payments.verify(f.tutor, &order).await.err();
        let ok = match expected {
            "not paid" => matches!(err, Some(PaymentError::NotPaid)),
            "closed" => matches!(err, Some(PaymentError::Closed)),
            _ => matches!(err, Some(PaymentError::Mismatch)),
        };
        assert!(ok, "{status} {amount}: {err:?}");
        assert_eq!(f.expiry(f.tutor), None, "{status}");
        assert!(!payments.subscription(f.tutor).await.expect("sub").active);
    }
}

#[tokio::test]
async fn provider_failures_give_errors_and_activate_nothing() {
    let cases: Vec<(&str, ResponseTemplate)> = vec![
        ("500", ResponseTemplate::new(500).set_body_string("boom")),
        ("malformed", ResponseTemplate::new(200).set_body_string("{not json")),
        ("timeout", ResponseTemplate::new(200).set_delay(Duration::from_secs(7))),
    ];
    for (name, response) in cases {
        let f = fixture();
        let server = MockServer::start().await;
        provider_creates_orders(&server).await;
        Mock::given(method("GET")).and(path_regex("^/pg/orders/.+$")).respond_with(response).mount(&server).await;
        let payments = f.cashfree(&server);
        let order = payments.create_session(f.tutor).await.expect("session").order_id;
        let err = payments.verify(f.tutor, &order).await.err();
        let ok = match name {
            "500" => matches!(err, Some(PaymentError::Provider(ProviderError::Rejected { status: 500, .. }))),
            "malformed" => matches!(err, Some(PaymentError::Provider(ProviderError::Malformed(_)))),
            _ => matches!(err, Some(PaymentError::Provider(ProviderError::Timeout))),
        };
        assert!(ok, "{name}: {err:?}");
        assert_eq!(f.expiry(f.tutor), None, "{name}");
        assert_eq!(f.order_status(&order), "pending", "{name}: the order stays open for the reconciler");
    }
}

#[tokio::test]
async fn verifying_the_same_payment_twice_extends_once() {
    let f = fixture();
    let (_server, payments, order) = paid_order(&f).await;
    let first = payments.verify(f.tutor, &order).await.expect("first");
    let second = payments.verify(f.tutor, &order).await.expect("second");
    assert_eq!(first.expires, second.expires);
}

#[tokio::test]
async fn renewal_adds_a_year_to_the_current_expiry() {
    let f = fixture();
    let server = MockServer::start().await;
    provider_creates_orders(&server).await;
    provider_reports(&server, "PAID", 499.0).await;
    let later = (now() + chrono::Duration::days(90)).and_utc().timestamp();
    let current = chrono::DateTime::from_timestamp(later, 0).expect("ts").naive_utc();
    f.set_expiry(f.tutor, current);
    let payments = f.cashfree(&server);
    let order = payments.create_session(f.tutor).await.expect("session").order_id;
    let sub = payments.verify(f.tutor, &order).await.expect("verify");
    assert_eq!(sub.expires, current.checked_add_months(Months::new(12)));

    // A lapsed subscription restarts from now, not from the old date.
    f.set_expiry(f.other_tutor, now() - chrono::Duration::days(30));
    let order = payments.create_session(f.other_tutor).await.expect("session").order_id;
    let sub = payments.verify(f.other_tutor, &order).await.expect("verify");
    assert!(within_a_minute(sub.expires.expect("expiry"), now().checked_add_months(Months::new(12)).expect("date")));
}

#[tokio::test]
async fn nobody_verifies_another_users_order() {
    let f = fixture();
    let (_server, payments, order) = paid_order(&f).await;
    assert!(matches!(payments.verify(f.other_tutor, &order).await, Err(PaymentError::OrderNotFound)));
    assert_eq!(f.expiry(f.other_tutor), None);
    assert_eq!(f.expiry(f.tutor), None, "the owner is not activated by someone else's call either");
}

fn webhook_body(order_id: &str, customer: &str) -> Vec<u8> {
    json!({
        "type": "PAYMENT_SUCCESS_WEBHOOK",
        "data": {
            "order": {"order_id": order_id, "order_amount": 499.0, "order_currency": "INR"},
            "payment": {"payment_status": "SUCCESS"},
            "customer_details": {"customer_email": customer}
        }
    })
    .to_string()
    .into_bytes()
}

#[tokio::test]
async fn a_signed_webhook_activates_once_however_often_it_is_delivered() {
    let f = fixture();
    let (_server, payments, order) = paid_order(&f).await;
    let body = webhook_body(&order, "tutor2@example.com");
    let signature = sign_webhook(SECRET, "1732190000000", &body);
    assert_eq!(
        payments.handle_webhook("1732190000000", &body, &signature).await.expect("first"),
        WebhookOutcome::Activated
    );
    let expiry = f.expiry(f.tutor);
    for _ in 0..4 {
        assert_eq!(
            payments.handle_webhook("1732190000000", &body, &signature).await.expect("replay"),
            WebhookOutcome::Ignored
        );
    }
    assert_eq!(f.expiry(f.tutor), expiry, "replays extend nothing");
    assert_eq!(f.expiry(f.other_tutor), None, "the order's own user, whatever the body says");
}

#[tokio::test]
async fn a_forged_webhook_changes_nothing() {
    let f = fixture();
    let (_server, payments, order) = paid_order(&f).await;
    let body = webhook_body(&order, "tutor@example.com");
    let forged = sign_webhook("guessed-secret", "1732190000000", &body);
    assert!(matches!(payments.handle_webhook("1732190000000", &body, &forged).await, Err(PaymentError::BadSignature)));
    let good = sign_webhook(SECRET, "1732190000000", &body);
    assert!(
        matches!(payments.handle_webhook("1732190000001", &body, &good).await, Err(PaymentError::BadSignature)),
        "timestamp is signed"
    );
    assert_eq!(f.expiry(f.tutor), None);
    assert_eq!(f.order_status(&order), "pending");
}

#[tokio::test]
async fn the_reconciler_finds_a_payment_whose_browser_never_came_back() {
    let f = fixture();
    let (_server, payments, order) = paid_order(&f).await;
    assert_eq!(payments.reconcile().await.expect("reconcile"), 1);
    assert_eq!(f.order_status(&order), "paid");
    assert!(payments.subscription(f.tutor).await.expect("sub").active);
    assert_eq!(payments.reconcile().await.expect("again"), 0);
}

#[tokio::test]
async fn simulated_checkout_confirms_through_the_server() {
    let f = fixture();
    let payments = f.simulated();
    let order = payments.create_session(f.tutor).await.expect("session").order_id;
    assert!(matches!(payments.verify(f.tutor, &order).await, Err(PaymentError::NotPaid)), "no confirmation yet");
    assert!(matches!(payments.simulate_checkout(f.other_tutor, &order, true).await, Err(PaymentError::OrderNotFound)));
    payments.simulate_checkout(f.tutor, &order, true).await.expect("confirm");
    let sub = payments.verify(f.tutor, &order).await.expect("verify");
    assert!(sub.active);

    let cancelled = payments.create_session(f.tutor).await.expect("session").order_id;
    payments.simulate_checkout(f.tutor, &cancelled, false).await.expect("cancel");
    assert!(matches!(payments.verify(f.tutor, &cancelled).await, Err(PaymentError::Closed)));
    assert_eq!(payments.verify(f.tutor, &order).await.expect("still").expires, sub.expires);
}

#[tokio::test]
async fn simulation_is_refused_with_a_real_provider() {
    let f = fixture();
    let server = MockServer::start().await;
    provider_creates_orders(&server).await;
    let payments = f.cashfree(&server);
    let order = payments.create_session(f.tutor).await.expect("session").order_id;
    assert!(matches!(payments.simulate_checkout(f.tutor, &order, true).await, Err(PaymentError::SimulationDisabled)));
}
