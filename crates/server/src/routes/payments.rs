//! The tutor subscription: open an order, confirm it with the provider, status,
//! the provider's webhook, and the simulated checkout's confirmation.

use actix_web::{get, post, web, HttpRequest};
use chrono::{DateTime, Utc};
use hometutor_core::SubscriptionStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateSessionResponse {
    pub success: bool,
    /// The provider's checkout session (Cashfree's `payment_session_id`).
    #[serde(rename = "payment_session_id")]
    pub payment_session_id: String,
    pub session_id: String,
    pub order_id: String,
    #[serde(rename = "order_id")]
    pub order_id_snake: String,
    /// Rupees.
    pub amount: i64,
    pub currency: String,
    /// `simulated` or `cashfree`.
    pub provider: String,
    /// Cashfree's checkout mode (`sandbox` or `production`); absent when simulated.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub environment: Option<String>,
    pub message: String,
}

/// Opens a ₹499 order for the calling tutor. The amount and order id are the server's.
#[utoipa::path(tag = "payment", security(("bearer" = [])), responses(
    (status = 200, body = CreateSessionResponse),
    (status = 401, body = ErrorBody),
    (status = 403, description = "Only tutors can subscribe. Please log in as a tutor.", body = ErrorBody),
    (status = 502, description = "The payment provider failed", body = ErrorBody),
))]
#[post("/payment/create-session")]
#[tracing::instrument(skip_all)]
pub async fn create_session(
    state: web::Data<AppState>,
    me: CurrentUser,
) -> Result<web::Json<CreateSessionResponse>, ApiError> {
    let session = state.payments.create_session(me.0.id).await?;
    Ok(web::Json(CreateSessionResponse {
        success: true,
        payment_session_id: session.session_id.clone(),
        session_id: session.session_id,
        order_id: session.order_id.clone(),
        order_id_snake: session.order_id,
        amount: session.amount_paise / 100,
        currency: hometutor_payments::CURRENCY.into(),
        provider: session.provider.into(),
        environment: state.cashfree_environment.clone(),
        message: hometutor_i18n::text(me.0.language, "done-payment-session", &[]),
    }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyRequest {
    #[serde(default, alias = "order_id")]
    #[schema(required = true, schema_with = order_id_schema)]
    pub order_id: String,
}

fn order_id_schema() -> utoipa::openapi::Object {
    let description = "The `orderId` of create-session (older clients send it as `order_id`, which is taken too).";
    crate::schemas::not_blank().description(Some(description)).build()
}

#[derive(Serialize, ToSchema)]
pub struct VerifiedUser {
    pub id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyResponse {
    pub success: bool,
    pub subscription_active: bool,
    pub subscription_expires: Option<DateTime<Utc>>,
    pub user: VerifiedUser,
    pub message: String,
}

/// Confirms the caller's order with the provider; activates the subscription when it is paid.
#[utoipa::path(tag = "payment", security(("bearer" = [])), request_body = VerifyRequest, responses(
    (status = 200, body = VerifyResponse),
    (status = 402, description = "Not paid (yet), cancelled or expired", body = ErrorBody),
    (status = 404, description = "No such order of the caller's", body = ErrorBody),
    (status = 502, description = "The payment provider failed", body = ErrorBody),
))]
#[post("/payment/verify")]
#[tracing::instrument(skip_all)]
pub async fn verify(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<VerifyRequest>,
) -> Result<web::Json<VerifyResponse>, ApiError> {
    if body.order_id.trim().is_empty() {
        return Err(ApiError::bad_request_text(hometutor_i18n::Message::new("error-payment-session-invalid")));
    }
    let sub = state.payments.verify(me.0.id, body.order_id.trim()).await?;
    Ok(web::Json(VerifyResponse {
        success: sub.active,
        subscription_active: sub.active,
        subscription_expires: sub.expires.map(|e| e.and_utc()),
        user: VerifiedUser { id: me.0.id.0 },
        message: hometutor_i18n::text(me.0.language, "done-payment-verified", &[]),
    }))
}

/// The caller's own subscription (a `userId` parameter, if sent, is ignored).
#[utoipa::path(tag = "payment", security(("bearer" = [])), responses(
    (status = 200, body = SubscriptionStatus),
    (status = 401, body = ErrorBody),
))]
#[get("/payment/subscription-status")]
#[tracing::instrument(skip_all)]
pub async fn subscription_status(
    state: web::Data<AppState>,
    me: CurrentUser,
) -> Result<web::Json<SubscriptionStatus>, ApiError> {
    Ok(web::Json(state.payments.subscription(me.0.id).await?))
}

#[derive(Serialize, ToSchema)]
pub struct WebhookResponse {
    pub message: String,
}

/// Cashfree's payment webhook: signature checked, then the order confirmed with Cashfree itself.
#[utoipa::path(tag = "payment", request_body(content = String, content_type = "application/json"), responses(
    (status = 200, body = WebhookResponse),
    (status = 401, description = "Invalid webhook signature.", body = ErrorBody),
))]
#[post("/payment/webhook")]
#[tracing::instrument(skip_all)]
pub async fn webhook(
    state: web::Data<AppState>,
    req: HttpRequest,
    body: web::Bytes,
) -> Result<web::Json<WebhookResponse>, ApiError> {
    let header = |name: &str| req.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    let outcome =
        state.payments.handle_webhook(&header("x-webhook-timestamp"), &body, &header("x-webhook-signature")).await?;
    Ok(web::Json(WebhookResponse { message: format!("{outcome:?}") }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SimulatePaymentRequest {
    #[serde(default, alias = "order_id")]
    pub order_id: String,
    /// What the person chose on the simulated checkout page; `paid` when left out.
    #[serde(default)]
    pub outcome: Option<SimulatedOutcome>,
    /// Sent by older clients; the server uses the order's own user and amount.
    #[serde(default)]
    pub user_email: Option<String>,
    #[serde(default)]
    pub amount: Option<f64>,
}

/// The two answers of the simulated checkout page; anything else is refused while the body is read.
#[derive(Deserialize, ToSchema, Clone, Copy, Default)]
#[serde(rename_all = "lowercase")]
pub enum SimulatedOutcome {
    #[default]
    Paid,
    Cancelled,
}

/// Development only (PAYMENT_MODE=simulated, else 404): records the simulated checkout's answer
/// for the caller's own order. It activates nothing by itself; `/payment/verify` does.
#[utoipa::path(tag = "payment", security(("bearer" = [])), request_body = SimulatePaymentRequest, responses(
    (status = 200, body = WebhookResponse),
    (status = 404, description = "Not in simulated mode, or not the caller's order", body = ErrorBody),
))]
#[post("/payment-dev/simulate-payment")]
#[tracing::instrument(skip_all)]
pub async fn simulate_payment(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<SimulatePaymentRequest>,
) -> Result<web::Json<WebhookResponse>, ApiError> {
    let paid = matches!(body.outcome.unwrap_or_default(), SimulatedOutcome::Paid);
    state.payments.simulate_checkout(me.0.id, body.order_id.trim(), paid).await?;
    Ok(web::Json(WebhookResponse { message: if paid { "Payment confirmed." } else { "Payment cancelled." }.into() }))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(create_session).service(verify).service(subscription_status).service(webhook).service(simulate_payment);
}
