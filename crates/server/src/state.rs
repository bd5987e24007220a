use std::sync::Arc;

use hometutor_admin::AdminService;
use hometutor_auth::AuthService;
use hometutor_db::Db;
use hometutor_limits::Limiter;
use hometutor_media::MediaStore;
use hometutor_messaging::{ChatWriter, MessageStore, Tickets};
use hometutor_notifications::{DigestSignal, NotificationService, Notifier};
use hometutor_payments::PaymentService;
use hometutor_profiles::ProfileService;
use hometutor_tuition::TuitionService;

use crate::chat::Hub;
use crate::trusted_proxies::TrustedProxies;

/// What every handler may reach: the database and the domain services.
pub struct AppState {
    pub db: Db,
    pub auth: AuthService,
    pub payments: PaymentService,
    pub tuition: TuitionService,
    pub messages: MessageStore,
    pub profiles: ProfileService,
    pub media: MediaStore,
    pub admin: AdminService,
    pub tickets: Tickets,
    /// Stores chat messages in batches (group commit).
    pub chat_writer: ChatWriter,
    pub hub: Arc<Hub>,
    /// Writes notifications in services' transactions and pushes them live through `hub`.
    #[allow(dead_code)] // for handlers that notify outside a service; none yet
    pub notifier: Notifier,
    /// The notification centre's list, read marks, preferences and unsubscribe links.
    pub notifications: NotificationService,
    /// Wakes the daily digest job (`POST /api/testing/clock`, after moving the clock).
    #[allow(dead_code)] // read by the test clock's route (crate::testing_clock)
    pub digest_signal: DigestSignal,
    /// The site's own origin: WebSocket handshakes from any other are refused.
    pub public_url: String,
    /// The Content-Security-Policy of the web app's pages.
    pub content_security_policy: String,
    /// Every rate limit (`crate::rate_limit`), counted in shared storage; shared with `auth`.
    pub limiter: Limiter,
    /// Whose `X-Forwarded-For` names the client (`crate::client_address`).
    pub trusted_proxies: TrustedProxies,
    /// `sandbox` or `production` for Cashfree's browser SDK; `None` in simulated mode.
    pub cashfree_environment: Option<String>,
    /// Public answers kept for a moment, with their ETags (`crate::public_cache`).
    pub public_cache: Arc<crate::public_cache::PublicCache>,
}
