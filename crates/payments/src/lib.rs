//! The tutor subscription: ₹499 a year, paid through a provider and confirmed
//! by the server alone. The browser never decides that a payment succeeded: a
//! subscription is extended only when the provider reports the order PAID, for
//! the server's own amount and currency, and only once per order.

mod cashfree;
mod error;
mod orders;
mod provider;
pub mod reminders;
mod service;
mod simulated;

pub use cashfree::{sign_webhook, CashfreeConfig, CashfreeProvider, API_VERSION};
pub use error::{PaymentError, ProviderError};
pub use provider::{CheckoutOrder, PaymentProvider, ProviderOrder, ProviderStatus};
pub use service::{CreatedSession, PaymentService, WebhookOutcome, RECONCILE_EVERY};
pub use simulated::SimulatedProvider;

/// The annual fee in paise (₹499.00).
pub const ANNUAL_FEE_PAISE: i64 = 49_900;
pub const CURRENCY: &str = "INR";
