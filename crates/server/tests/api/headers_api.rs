//! What the browser is told to refuse (Content-Security-Policy, HSTS), bodies of the
//! wrong type, and a paywall that fails closed when payments are left unconfigured.

use crate::common;

use std::process::Command;

use common::TestApp;
use serde_json::json;

fn header(reply: &reqwest::Response, name: &str) -> String {
    reply.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string()
}

#[actix_web::test]
async fn the_web_app_is_served_with_a_content_security_policy() {
    let app = TestApp::start().await;
    for path in ["/", "/nearby", "/favicon.svg"] {
        let reply = app.client.get(format!("{}{path}", app.base)).send().await.expect("get");
        let policy = header(&reply, "content-security-policy");
        for directive in [
            "default-src 'self'",
            "script-src 'self';",
            "object-src 'none'",
            "frame-ancestors 'none'",
            "https://*.tile.openstreetmap.org",
        ] {
            assert!(policy.contains(directive), "{path}: {directive} missing from {policy:?}");
        }
        assert!(!policy.contains("cashfree"), "the simulated site loads nothing from Cashfree");
        assert!(header(&reply, "strict-transport-security").is_empty(), "no HSTS on plain http://localhost");
    }
}

#[actix_web::test]
async fn an_https_site_pins_https_and_allows_cashfree_only_in_cashfree_mode() {
    let app = TestApp::start_with(&[
        ("PUBLIC_URL", "https://hometutor.example.in".to_string()),
        ("PAYMENT_MODE", "cashfree".to_string()),
        ("CASHFREE_APP_ID", "app".to_string()),
        ("CASHFREE_SECRET_KEY", "secret".to_string()),
        // Nothing listens there: no call reaches it in this test.
        ("CASHFREE_BASE_URL", "http://127.0.0.1:1".to_string()),
    ])
    .await;
    let api = app.client.get(format!("{}/api/health", app.base)).send().await.expect("get");
    assert_eq!(header(&api, "strict-transport-security"), "max-age=31536000; includeSubDomains");
    let page = app.client.get(format!("{}/", app.base)).send().await.expect("get");
    let policy = header(&page, "content-security-policy");
    assert!(policy.contains("script-src 'self' https://sdk.cashfree.com;"), "{policy}");
    assert!(policy.contains("connect-src 'self' wss://hometutor.example.in"), "{policy}");
    let site = app.call("GET", "/api/site", None, None).await;
    assert_eq!(site.body["demoPayments"], false, "real payments: no demo notice");
}

#[actix_web::test]
async fn a_simulated_site_says_payments_are_a_demo() {
    let app = TestApp::start().await;
    assert_eq!(app.call("GET", "/api/site", None, None).await.body["demoPayments"], true);
}

#[actix_web::test]
async fn a_body_of_the_wrong_type_gets_415_and_an_oversized_one_413() {
    let app = TestApp::start().await;
    let login = format!("{}/api/auth/login", app.base);
    let body = json!({"email": "a@example.com", "password": "whatever 123"}).to_string();
    for content_type in ["text/plain", "application/x-www-form-urlencoded"] {
        let reply =
            app.client.post(&login).header("content-type", content_type).body(body.clone()).send().await.expect("post");
        assert_eq!(reply.status().as_u16(), 415, "{content_type}");
        let error: serde_json::Value = reply.json().await.expect("json");
        assert_eq!(error["code"], "unsupported_media_type");
    }
    // An upload that is not a multipart form.
    let parent = app.verified_user("parent@example.com", "parent").await;
    let upload = app.call("POST", "/api/upload/single", Some(&parent), Some(json!({"file": "not a file"}))).await;
    assert_eq!((upload.status, upload.body["code"].as_str()), (415, Some("unsupported_media_type")));
    let huge = json!({"email": "a@example.com", "password": "x".repeat(100_000)}).to_string();
    let reply =
        app.client.post(&login).header("content-type", "application/json").body(huge).send().await.expect("post");
    assert_eq!(reply.status().as_u16(), 413);
}

#[test]
fn a_public_site_without_payment_mode_refuses_to_start() {
    let database = hometutor_testkit::TestDatabase::file();
    let dir = std::env::temp_dir().join(format!("hometutor-paywall-{}", std::process::id()));
    let run = |mode: Option<&str>| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_hometutor"));
        cmd.env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("DATABASE_URL", &database.url)
            .env("DATA_DIR", &dir)
            // PostgreSQL also needs an explicit secret; this test is about the payment mode.
            .env("JWT_SECRET", common::JWT_SECRET)
            .env("PUBLIC_URL", "https://hometutor.example.in")
            .env("NO_COLOR", "1")
            .arg("migrate");
        if let Some(mode) = mode {
            cmd.env("PAYMENT_MODE", mode);
        }
        cmd.output().expect("run")
    };
    let refused = run(None);
    let said = String::from_utf8_lossy(&refused.stderr).to_string() + &String::from_utf8_lossy(&refused.stdout);
    assert!(!refused.status.success(), "a public site must not start without PAYMENT_MODE");
    assert!(said.contains("PAYMENT_MODE"), "the message names the variable: {said}");
    assert!(run(Some("simulated")).status.success(), "an explicit choice is accepted");
    let _ = std::fs::remove_dir_all(dir);
}
