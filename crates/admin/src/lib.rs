//! Running the site: users, tutors' standing, requests' moderation, site settings
//! and landing content, testimonials, support tickets, media assets, analytics,
//! and the audit log every admin action is written to. Plain blocking Rust.
//!
//! Every method that changes something takes the acting admin ([`Actor`]) and
//! writes its audit entry in the same transaction as the change.

mod analytics;
mod assets;
mod audit;
mod error;
mod mail;
mod report_queue;
mod reports;
mod requests;
mod site;
mod support;
mod testimonials;
mod tutors;
mod users;
mod verification;

use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use hometutor_auth::AuthService;
use hometutor_core::UserId;
use hometutor_db::Db;
use hometutor_media::MediaStore;
use hometutor_notifications::Notifier;

pub use analytics::{PopularTutor, Revenue, SearchTrend, UserStats};
pub use assets::{check_site_image, Asset, AssetLabel, AssetType, MAX_ASSET_DESCRIPTION_CHARS};
pub use audit::AuditEntry;
pub use error::AdminError;
/// An account as admins see it (never the password hash); the accounts crate owns the table.
pub use hometutor_accounts::User;
pub use mail::UndeliveredEmail;
pub use report_queue::{Decided, OpenReports, QueuedReport, REPORT_QUEUE_PAGE};
pub use reports::ReportInput;
pub use requests::{AdminRequest, MAX_FLAG_REASON_CHARS};
pub use site::{
    check_support_phone, SettingsChanges, SiteContent, SiteSettings, Theme, MAX_BANNER_CHARS, MAX_BROADCAST_CHARS,
    MAX_HOME_TEXT_CHARS, MAX_LIST_ITEMS, MAX_SITE_DESCRIPTION_CHARS, MAX_SITE_TITLE_CHARS, MAX_SUPPORT_PHONE_CHARS,
};
pub use support::{NewTicket, SupportTicket};
pub use support::{MAX_TICKET_MESSAGE_CHARS, MAX_TICKET_NAME_CHARS, MAX_TICKET_SUBJECT_CHARS};
pub use testimonials::Testimonial;
pub use testimonials::MAX_TESTIMONIAL_CHARS;
pub use users::{BulkAction, NewUser, UserFilter, UserPage, UserUpdate, MAX_PAGE_SIZE};
pub use verification::QUEUE_PAGE as VERIFICATION_QUEUE_PAGE;

/// The admin acting, as written to the audit log.
#[derive(Debug, Clone)]
pub struct Actor {
    pub id: UserId,
    pub email: String,
    /// The client address the request came from, as the server decided it (`TRUSTED_PROXIES`).
    pub address: String,
}

/// How long a process trusts its copy of the settings before reading them again;
/// a change made through another process is seen within this time.
const SETTINGS_TTL: Duration = Duration::from_secs(2);

#[derive(Clone)]
pub struct AdminService {
    db: Db,
    auth: AuthService,
    media: MediaStore,
    settings_cache: Arc<RwLock<Option<(Instant, SiteSettings)>>>,
    /// Tells parents when their request is flagged.
    notifier: Notifier,
}

impl AdminService {
    pub fn new(db: Db, auth: AuthService, media: MediaStore) -> Self {
        Self { db, auth, media, settings_cache: Arc::default(), notifier: Notifier::default() }
    }

    /// The same service, telling people through `notifier`.
    pub fn with_notifier(mut self, notifier: Notifier) -> Self {
        self.notifier = notifier;
        self
    }
}
