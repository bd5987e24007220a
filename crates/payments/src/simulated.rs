//! A provider of our own for development and demos: the "checkout" is a page of
//! the app where the user confirms or cancels, and its answer is kept in the
//! order row, so the server still verifies before activating anything.

use async_trait::async_trait;
use diesel::prelude::*;
use hometutor_db::schema::payment_orders::dsl as po;
use hometutor_db::Db;

use crate::provider::{CheckoutOrder, PaymentProvider, ProviderOrder, ProviderStatus};
use crate::ProviderError;

pub struct SimulatedProvider {
    db: Db,
}

impl SimulatedProvider {
    pub fn new(db: Db) -> Self {
        Self { db }
    }
}

#[async_trait]
impl PaymentProvider for SimulatedProvider {
    fn name(&self) -> &'static str {
        "simulated"
    }

    async fn create_order(&self, order: &CheckoutOrder) -> Result<String, ProviderError> {
        Ok(format!("sim_session_{}", order.order_id))
    }

    async fn fetch_order(&self, order_id: &str) -> Result<ProviderOrder, ProviderError> {
        let db = self.db.clone();
        let id = order_id.to_string();
        let row = tokio::task::spawn_blocking(move || {
            db.read(|c| {
                po::payment_orders
                    .filter(po::order_id.eq(&id))
                    .select((po::amount_paise, po::currency, po::checkout_status))
                    .first::<(i64, String, Option<String>)>(c)
                    .optional()
                    .map_err(hometutor_db::DbError::from)
            })
        })
        .await
        .map_err(|e| ProviderError::Unreachable(e.to_string()))?
        .map_err(|e| ProviderError::Unreachable(e.to_string()))?;
        let (amount_paise, currency, checkout) =
            row.ok_or_else(|| ProviderError::Rejected { status: 404, message: "order not found".into() })?;
        let status = match checkout.as_deref() {
            Some("PAID") => ProviderStatus::Paid,
            Some("CANCELLED") => ProviderStatus::Closed,
            _ => ProviderStatus::Active,
        };
        Ok(ProviderOrder { order_id: order_id.to_string(), status, amount_paise, currency })
    }

    /// The simulated provider sends no webhooks.
    fn verify_webhook(&self, _timestamp: &str, _raw_body: &[u8], _signature: &str) -> bool {
        false
    }
}
