//! The subscription API over HTTP: a fake Cashfree on loopback (wiremock) in
//! cashfree mode, and the simulated checkout in the default mode.

use crate::common;

use std::time::Duration;

use common::TestApp;
use serde_json::{json, Value};
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, ResponseTemplate};

const SECRET: &str = "cashfree-test-secret";

async fn cashfree_app(server: &MockServer) -> TestApp {
    TestApp::start_with(&[
        ("PAYMENT_MODE", "cashfree".into()),
        ("CASHFREE_APP_ID", "test-app".into()),
        ("CASHFREE_SECRET_KEY", SECRET.into()),
        ("CASHFREE_BASE_URL", server.uri()),
    ])
    .await
}

/// A fake Cashfree that opens every order and answers order look-ups with `order_state`.
async fn fake_cashfree(order_state: impl wiremock::Respond + 'static) -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/pg/orders"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"payment_session_id": "session_xyz"})))
        .mount(&server)
        .await;
    Mock::given(method("GET")).and(path_regex("^/pg/orders/.+$")).respond_with(order_state).mount(&server).await;
    server
}

fn order_state(status: &str) -> ResponseTemplate {
    let status = status.to_string();
    ResponseTemplate::new(200)
        .set_body_json(json!({"order_id": "x", "order_status": status, "order_amount": 499.0, "order_currency": "INR"}))
}

/// Answers GET /pg/orders/{id} with the id from the path, as Cashfree does.
fn paid() -> impl Fn(&wiremock::Request) -> ResponseTemplate {
    |req: &wiremock::Request| {
        let id = req.url.path().rsplit('/').next().unwrap_or_default().to_string();
        ResponseTemplate::new(200).set_body_json(
            json!({"order_id": id, "order_status": "PAID", "order_amount": 499.0, "order_currency": "INR"}),
        )
    }
}

async fn open_order(app: &TestApp, token: &str) -> Value {
    let reply = app.call("POST", "/api/payment/create-session", Some(token), None).await;
    assert_eq!(reply.status, 200, "{:?}", reply.body);
    reply.body
}

async fn status(app: &TestApp, token: &str) -> Value {
    app.call("GET", "/api/payment/subscription-status", Some(token), None).await.body
}

#[actix_web::test]
async fn parents_cannot_subscribe() {
    let app = TestApp::start().await;
    let parent = app.verified_user("parent@example.com", "parent").await;
    let reply = app.call("POST", "/api/payment/create-session", Some(&parent), None).await;
    assert_eq!(
        (reply.status, reply.body["message"].as_str()),
        (403, Some("Only tutors can subscribe. Please log in as a tutor."))
    );
    assert_eq!(app.call("POST", "/api/payment/create-session", None, None).await.status, 401);
}

#[actix_web::test]
async fn a_paid_cashfree_order_activates_a_year_once() {
    let server = fake_cashfree(paid()).await;
    let app = cashfree_app(&server).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let order = open_order(&app, &tutor).await;
    assert_eq!((order["payment_session_id"].as_str(), order["amount"].as_i64()), (Some("session_xyz"), Some(499)));
    assert_eq!(order["orderId"], order["order_id"]);
    assert_eq!(order["environment"], "sandbox");
    let order_id = order["orderId"].as_str().expect("order id");

    let first = app.call("POST", "/api/payment/verify", Some(&tutor), Some(json!({"orderId": order_id}))).await;
    assert_eq!((first.status, first.body["success"].as_bool()), (200, Some(true)));
    let expires = first.body["subscriptionExpires"].as_str().expect("expiry").to_string();
    let year = chrono::DateTime::parse_from_rfc3339(&expires).expect("date");
    let days = (year.with_timezone(&chrono::Utc) - chrono::Utc::now()).num_days();
    assert!((364..=366).contains(&days), "{days} days");
    let again = app.call("POST", "/api/payment/verify", Some(&tutor), Some(json!({"orderId": order_id}))).await;
    assert_eq!(again.body["subscriptionExpires"], expires.as_str());
    assert_eq!(status(&app, &tutor).await["subscriptionActive"], true);
    let profile = app.call("GET", "/api/auth/profile", Some(&tutor), None).await.body;
    assert_eq!(
        (profile["user"]["subscriptionActive"].as_bool(), profile["user"]["paymentStatus"].as_str()),
        (Some(true), Some("paid"))
    );
}

#[actix_web::test]
async fn unpaid_failed_and_broken_provider_answers_activate_nothing() {
    let cases: Vec<(&str, ResponseTemplate, u16)> = vec![
        ("ACTIVE", order_state("ACTIVE"), 402),
        ("EXPIRED", order_state("EXPIRED"), 402),
        ("500", ResponseTemplate::new(500), 502),
        ("malformed", ResponseTemplate::new(200).set_body_string("<html>"), 502),
        ("timeout", ResponseTemplate::new(200).set_delay(Duration::from_secs(7)), 502),
    ];
    for (name, answer, expected) in cases {
        let server = fake_cashfree(answer).await;
        let app = cashfree_app(&server).await;
        let tutor = app.verified_user("tutor@example.com", "tutor").await;
        let order_id = open_order(&app, &tutor).await["orderId"].as_str().expect("id").to_string();
        let reply = app.call("POST", "/api/payment/verify", Some(&tutor), Some(json!({"orderId": order_id}))).await;
        assert_eq!(reply.status, expected, "{name}: {:?}", reply.body);
        assert!(reply.body["message"].is_string(), "{name}");
        assert_eq!(status(&app, &tutor).await["subscriptionActive"], false, "{name}");
    }
}

#[actix_web::test]
async fn the_provider_failing_at_checkout_gives_502_with_a_message() {
    let server = MockServer::start().await;
    Mock::given(method("POST")).and(path("/pg/orders")).respond_with(ResponseTemplate::new(500)).mount(&server).await;
    let app = cashfree_app(&server).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let reply = app.call("POST", "/api/payment/create-session", Some(&tutor), None).await;
    assert_eq!((reply.status, reply.body["code"].as_str()), (502, Some("provider_unavailable")));
}

async fn post_webhook(app: &TestApp, body: &str, timestamp: &str, signature: &str) -> u16 {
    app.client
        .post(format!("{}/api/payment/webhook", app.base))
        .header("content-type", "application/json")
        .header("x-webhook-timestamp", timestamp)
        .header("x-webhook-signature", signature)
        .body(body.to_string())
        .send()
        .await
        .expect("send")
        .status()
        .as_u16()
}

#[actix_web::test]
async fn webhooks_valid_replayed_forged_and_for_another_users_order() {
    let server = fake_cashfree(paid()).await;
    let app = cashfree_app(&server).await;
    let owner = app.verified_user("owner@example.com", "tutor").await;
    let other = app.verified_user("other@example.com", "tutor").await;
    let order_id = open_order(&app, &owner).await["orderId"].as_str().expect("id").to_string();
    // The body names the other tutor as customer: only the order's own user may benefit.
    let body = json!({"type": "PAYMENT_SUCCESS_WEBHOOK", "data": {"order": {"order_id": order_id, "order_amount": 499.0, "order_currency": "INR"},
        "customer_details": {"customer_email": "other@example.com"}}})
    .to_string();

    let forged = hometutor_payments::sign_webhook("not-the-secret", "1700000000000", body.as_bytes());
    assert_eq!(post_webhook(&app, &body, "1700000000000", &forged).await, 401);
    assert_eq!(status(&app, &owner).await["subscriptionActive"], false, "forged changes nothing");

    let signature = hometutor_payments::sign_webhook(SECRET, "1700000000000", body.as_bytes());
    assert_eq!(post_webhook(&app, &body, "1700000000000", &signature).await, 200);
    let expires = status(&app, &owner).await["subscriptionExpires"].clone();
    assert!(expires.as_str().is_some_and(|t| t.ends_with('Z')), "in UTC with its zone: {expires}");
    for _ in 0..4 {
        assert_eq!(post_webhook(&app, &body, "1700000000000", &signature).await, 200);
    }
    assert_eq!(status(&app, &owner).await["subscriptionExpires"], expires, "replays extend nothing");
    assert_eq!(status(&app, &other).await["subscriptionActive"], false);
    // And the other tutor cannot verify the owner's order either.
    let theirs = app.call("POST", "/api/payment/verify", Some(&other), Some(json!({"orderId": order_id}))).await;
    assert_eq!(theirs.status, 404);
}

#[actix_web::test]
async fn simulated_checkout_flow_and_its_guards() {
    let app = TestApp::start().await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let intruder = app.verified_user("intruder@example.com", "tutor").await;
    let order = open_order(&app, &tutor).await;
    assert_eq!(order["provider"], "simulated");
    let order_id = order["orderId"].as_str().expect("id").to_string();

    let early = app.call("POST", "/api/payment/verify", Some(&tutor), Some(json!({"orderId": order_id}))).await;
    assert_eq!(early.status, 402, "nothing is active before the checkout is confirmed");
    let hijack = app
        .call("POST", "/api/payment-dev/simulate-payment", Some(&intruder), Some(json!({"orderId": order_id})))
        .await;
    assert_eq!(hijack.status, 404);
    let confirm = app
        .call(
            "POST",
            "/api/payment-dev/simulate-payment",
            Some(&tutor),
            Some(json!({"orderId": order_id, "userEmail": "x", "amount": 1})),
        )
        .await;
    assert_eq!(confirm.status, 200);
    let verified = app.call("POST", "/api/payment/verify", Some(&tutor), Some(json!({"orderId": order_id}))).await;
    assert_eq!((verified.status, verified.body["subscriptionActive"].as_bool()), (200, Some(true)));
    let missing = app.call("POST", "/api/payment/verify", Some(&tutor), Some(json!({}))).await;
    assert_eq!(
        (missing.status, missing.body["message"].as_str()),
        (400, Some("Invalid payment session. Order ID not found."))
    );
}

#[actix_web::test]
async fn simulation_does_not_exist_in_cashfree_mode() {
    let server = fake_cashfree(order_state("ACTIVE")).await;
    let app = cashfree_app(&server).await;
    let tutor = app.verified_user("tutor@example.com", "tutor").await;
    let order_id = open_order(&app, &tutor).await["orderId"].as_str().expect("id").to_string();
    let reply =
        app.call("POST", "/api/payment-dev/simulate-payment", Some(&tutor), Some(json!({"orderId": order_id}))).await;
    assert_eq!(reply.status, 404);
}
