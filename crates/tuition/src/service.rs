//! The tuition service: its handles, and what its parts share. Requests are written and read by
//! their parents in `requests`, searched by tutors in `nearby`, revealed in `interest`, closed in
//! `closing`; what tutors may see is the rule of `open`.

use hometutor_accounts as accounts;
use hometutor_core::UserId;
use hometutor_db::{now, Db, DbConnection};
use hometutor_notifications::Notifier;

use crate::location::LocationKey;
use crate::model::ParentContact;
use crate::trends::SearchTrends;
use crate::{TuitionError, SHOWN_DISTANCE_STEP_KM};

/// Requests one parent may post in any 24 hours unless configured otherwise.
pub const DEFAULT_REQUESTS_PER_DAY: u32 = 5;

/// The distance a tutor is shown: to the approximate point, rounded to 0.1 km.
/// The radius filter compares this same number, so a request listed at 1.7 km
/// is found with any radius of 1.7 km or more.
pub(crate) fn shown_distance(d: f64) -> f64 {
    (d / SHOWN_DISTANCE_STEP_KM).round() * SHOWN_DISTANCE_STEP_KM
}

#[derive(Clone)]
pub struct TuitionService {
    pub(crate) db: Db,
    /// Decides each parent's published offset (see [`crate::location`]).
    pub(crate) key: LocationKey,
    /// Tells tutors about new requests in their area (see [`crate::alerts`]), parents about
    /// interest, and tutors about closed requests.
    pub(crate) notifier: Notifier,
    /// Where searches leave their terms for the admins' trends (written in the background).
    pub(crate) trends: SearchTrends,
    /// Requests one parent may post in any 24 hours: each alerts every tutor around, so one
    /// account posting many would flood their inboxes (and the outbox).
    pub(crate) requests_per_day: i64,
}

impl TuitionService {
    pub fn new(db: Db, key: LocationKey) -> Self {
        let trends = SearchTrends::start(db.clone());
        Self { db, key, notifier: Notifier::default(), trends, requests_per_day: i64::MAX }
    }

    /// Lets a parent post at most `limit` requests in any 24 hours (the server's setting, by
    /// default [`DEFAULT_REQUESTS_PER_DAY`]); without it, as in tools and crate tests, any number.
    pub fn with_requests_per_day(mut self, limit: u32) -> Self {
        self.requests_per_day = i64::from(limit.max(1));
        self
    }

    /// Returns once the search terms recorded so far are in the database: for a stop, and
    /// for a test about to read the trends.
    pub fn flush_search_trends(&self) {
        self.trends.flush();
    }

    /// The handle that writes the queued search terms, for a server to keep until it stops.
    pub fn search_trends(&self) -> SearchTrends {
        self.trends.clone()
    }

    /// Where the alerts this service stores are announced once committed.
    pub fn with_notifier(mut self, notifier: Notifier) -> Self {
        self.notifier = notifier;
        self
    }
}

/// A parent's contacts, as a tutor who said they are interested is shown them.
pub(crate) fn contact_of(parent: accounts::Person) -> ParentContact {
    ParentContact { id: parent.id, fullname: parent.fullname, email: parent.email, phone: parent.phone }
}

/// Tutors without an active subscription see no requests and no contacts.
pub(crate) fn require_subscription(c: &mut DbConnection, tutor: UserId) -> Result<(), TuitionError> {
    if accounts::subscription(c, tutor)?.is_some_and(|s| s.at(now()).active) {
        Ok(())
    } else {
        Err(TuitionError::SubscriptionRequired)
    }
}
