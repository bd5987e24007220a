use hometutor_auth::AuthService;
use hometutor_db::Db;
use hometutor_messaging::MessageStore;
use hometutor_payments::PaymentService;
use hometutor_tuition::TuitionService;

/// What every handler may reach: the database and the domain services.
pub struct AppState {
    pub db: Db,
    pub auth: AuthService,
    pub payments: PaymentService,
    pub tuition: TuitionService,
    pub messages: MessageStore,
    /// `sandbox` or `production` for Cashfree's browser SDK; `None` in simulated mode.
    pub cashfree_environment: Option<String>,
}
