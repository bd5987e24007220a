use async_trait::async_trait;

use crate::ProviderError;

/// What the provider needs to open a checkout.
#[derive(Debug, Clone)]
pub struct CheckoutOrder {
    pub order_id: String,
    pub amount_paise: i64,
    pub currency: String,
    pub customer_id: String,
    pub customer_email: String,
    pub customer_phone: String,
    /// Where the provider sends the browser back to.
    pub return_url: String,
    /// Where the provider posts its webhook.
    pub notify_url: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProviderStatus {
    Paid,
    /// Open, not paid yet.
    Active,
    /// Closed without payment (expired, cancelled, terminated).
    Closed,
}

/// The provider's view of an order.
#[derive(Debug, Clone, PartialEq)]
pub struct ProviderOrder {
    pub order_id: String,
    pub status: ProviderStatus,
    pub amount_paise: i64,
    pub currency: String,
}

#[async_trait]
pub trait PaymentProvider: Send + Sync {
    /// `simulated` or `cashfree`, stored with each order.
    fn name(&self) -> &'static str;

    /// Opens a checkout; returns the session id the browser pays with.
    async fn create_order(&self, order: &CheckoutOrder) -> Result<String, ProviderError>;

    /// Asks the provider for the order's current state.
    async fn fetch_order(&self, order_id: &str) -> Result<ProviderOrder, ProviderError>;

    /// Checks a webhook's signature over the raw body.
    fn verify_webhook(&self, timestamp: &str, raw_body: &[u8], signature: &str) -> bool;
}
