//! Cashfree Payment Gateway, REST API version pinned below.

use std::time::Duration;

use async_trait::async_trait;
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::json;
use sha2::Sha256;
use subtle::ConstantTimeEq;

use crate::provider::{CheckoutOrder, PaymentProvider, ProviderOrder, ProviderStatus};
use crate::ProviderError;

pub const API_VERSION: &str = "2023-08-01";
const TIMEOUT: Duration = Duration::from_secs(5);

#[derive(Clone)]
pub struct CashfreeConfig {
    pub app_id: String,
    pub secret_key: String,
    /// `https://sandbox.cashfree.com` or `https://api.cashfree.com`, or a fake in tests.
    pub base_url: String,
}

impl CashfreeConfig {
    pub fn base_url_for(env: &str) -> Option<&'static str> {
        match env {
            "sandbox" => Some("https://sandbox.cashfree.com"),
            "production" => Some("https://api.cashfree.com"),
            _ => None,
        }
    }
}

pub struct CashfreeProvider {
    config: CashfreeConfig,
    http: reqwest::Client,
}

impl CashfreeProvider {
    pub fn new(config: CashfreeConfig) -> Result<Self, ProviderError> {
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .connect_timeout(TIMEOUT)
            .build()
            .map_err(|e| ProviderError::Unreachable(e.to_string()))?;
        Ok(Self { config, http })
    }

    fn url(&self, path: &str) -> String {
        format!("{}/pg{path}", self.config.base_url.trim_end_matches('/'))
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http
            .request(method, self.url(path))
            .header("x-client-id", &self.config.app_id)
            .header("x-client-secret", &self.config.secret_key)
            .header("x-api-version", API_VERSION)
            .header("accept", "application/json")
    }

    async fn send<T: for<'de> Deserialize<'de>>(&self, request: reqwest::RequestBuilder) -> Result<T, ProviderError> {
        let response = request.send().await.map_err(|e| {
            if e.is_timeout() {
                ProviderError::Timeout
            } else {
                ProviderError::Unreachable(e.without_url().to_string())
            }
        })?;
        let status = response.status();
        let body = response.bytes().await.map_err(|e| {
            if e.is_timeout() {
                ProviderError::Timeout
            } else {
                ProviderError::Unreachable(e.without_url().to_string())
            }
        })?;
        if !status.is_success() {
            let message = serde_json::from_slice::<serde_json::Value>(&body)
                .ok()
                .and_then(|v| v["message"].as_str().map(str::to_string))
                .unwrap_or_else(|| String::from_utf8_lossy(&body).chars().take(200).collect());
            return Err(ProviderError::Rejected { status: status.as_u16(), message });
        }
        serde_json::from_slice(&body).map_err(|e| ProviderError::Malformed(e.to_string()))
    }
}

#[derive(Deserialize)]
struct CreatedOrder {
    payment_session_id: Option<String>,
}

#[derive(Deserialize)]
struct OrderState {
    order_id: String,
    order_status: String,
    order_amount: f64,
    order_currency: String,
}

#[async_trait]
impl PaymentProvider for CashfreeProvider {
    fn name(&self) -> &'static str {
        "cashfree"
    }

    async fn create_order(&self, order: &CheckoutOrder) -> Result<String, ProviderError> {
        let body = json!({
            "order_id": order.order_id,
            "order_amount": order.amount_paise as f64 / 100.0,
            "order_currency": order.currency,
            "customer_details": {
                "customer_id": order.customer_id,
                "customer_email": order.customer_email,
                "customer_phone": order.customer_phone,
            },
            "order_meta": {
                "return_url": order.return_url,
                "notify_url": order.notify_url,
            },
            "order_note": "HomeTutor tutor subscription, 1 year",
        });
        let created: CreatedOrder = self
            .send(
                self.request(reqwest::Method::POST, "/orders")
                    // The same order id is the same request: a retried call cannot open two orders.
                    .header("x-idempotency-key", &order.order_id)
                    .json(&body),
            )
            .await?;
        created
            .payment_session_id
            .filter(|s| !s.is_empty())
            .ok_or_else(|| ProviderError::Malformed("no payment_session_id in the answer".into()))
    }

    async fn fetch_order(&self, order_id: &str) -> Result<ProviderOrder, ProviderError> {
        let state: OrderState = self.send(self.request(reqwest::Method::GET, &format!("/orders/{order_id}"))).await?;
        let status = match state.order_status.as_str() {
            "PAID" => ProviderStatus::Paid,
            "ACTIVE" => ProviderStatus::Active,
            "EXPIRED" | "TERMINATED" | "TERMINATION_REQUESTED" => ProviderStatus::Closed,
            other => return Err(ProviderError::Malformed(format!("unknown order_status {other}"))),
        };
        if !state.order_amount.is_finite() || state.order_amount < 0.0 {
            return Err(ProviderError::Malformed("order_amount".into()));
        }
        Ok(ProviderOrder {
            order_id: state.order_id,
            status,
            amount_paise: (state.order_amount * 100.0).round() as i64,
            currency: state.order_currency,
        })
    }

    /// Base64(HMAC-SHA256(timestamp + raw body, secret key)), compared in constant time.
    fn verify_webhook(&self, timestamp: &str, raw_body: &[u8], signature: &str) -> bool {
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(self.config.secret_key.as_bytes()) else {
            return false;
        };
        mac.update(timestamp.as_bytes());
        mac.update(raw_body);
        let expected = STANDARD.encode(mac.finalize().into_bytes());
        bool::from(expected.as_bytes().ct_eq(signature.trim().as_bytes()))
    }
}

/// Signs a webhook body the way Cashfree does (for tests and tools).
pub fn sign_webhook(secret_key: &str, timestamp: &str, raw_body: &[u8]) -> String {
    let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret_key.as_bytes()) else {
        return String::new();
    };
    mac.update(timestamp.as_bytes());
    mac.update(raw_body);
    STANDARD.encode(mac.finalize().into_bytes())
}
