//! Notifications: what a user is told, in the app and by e-mail. A notification is a
//! row written on the caller's connection, in the same transaction as the change
//! that causes it ([`Notifier::notify`]); once that transaction has committed, the
//! caller hands the rows to [`Notifier::announce`], which pushes them live (the
//! server's chat hub sends a `notification` event to the user's sockets, in every
//! process). In-app is always on; e-mails follow the user's per-kind preferences
//! (`preferences`): queued through the outbox in the same transaction (`immediate`; new
//! requests within a minute of another share one e-mail: `burst`),
//! collected for the daily digest (`digest`, new requests only: `digest`), or none (`off`).
//! Every e-mail carries a signed one-click unsubscribe link (`unsubscribe`).
//!
//! A notice with a `dedupe_key` is stored at most once per user and key (a unique
//! index), so an alert is never sent twice, however many processes try.

mod burst;
mod counts;
mod digest;
mod email;
mod error;
mod kind;
mod preferences;
mod service;
mod store;
mod unsubscribe;
mod worker;

use std::sync::Arc;

pub use burst::{send_due_bursts, BURST_CHECK_EVERY, BURST_WINDOW};
pub use counts::sent_since;
pub use digest::{send_digests_if_ours, send_due_digests, DIGEST_AFTER, DIGEST_CHECK_EVERY, DIGEST_MAX_ITEMS};
pub use error::NotificationError;
pub use kind::{EmailChoice, Kind};
pub use preferences::Preference;
pub use service::{NotificationService, Page, DEFAULT_PAGE, MAX_PAGE, MAX_READ_IDS};
pub use store::{recent, Notification};
pub use unsubscribe::{UnsubscribeKeys, KEY_LABEL as UNSUBSCRIBE_KEY_LABEL};
pub use worker::{run_digest_worker, DigestSignal};

use hometutor_core::UserId;
use hometutor_db::DbConnection;
pub use hometutor_i18n::{Arg, Language, Message};
pub use hometutor_mail::Attachment;

/// Something to tell one user. Its title and body are catalogue messages, stored with their
/// arguments and rendered in the language of whoever reads them (a text that is no message,
/// such as a chat preview, is a [`Message::plain`] and reads the same in every language).
#[derive(Debug, Clone)]
pub struct Notice {
    pub user: UserId,
    pub kind: Kind,
    pub title: Message,
    pub body: Message,
    /// Where the app takes the reader (a path such as `/tutor/12`).
    pub link: Option<String>,
    /// The kind's own fields (ids, names), a JSON object.
    pub data: serde_json::Value,
    /// Stored once per (user, key).
    pub dedupe_key: Option<String>,
}

/// Where announced notifications go: the server pushes them over the socket.
pub type LiveSink = Arc<dyn Fn(&Notification) + Send + Sync>;

/// What e-mails need of the site: its address (links are `{public_url}{link}`) and
/// the key unsubscribe links are signed with.
#[derive(Clone)]
struct Site {
    public_url: String,
    keys: UnsubscribeKeys,
}

/// Writes notifications (and their e-mails) and announces them once committed.
#[derive(Clone)]
pub struct Notifier {
    live: LiveSink,
    site: Arc<Site>,
}

impl Default for Notifier {
    /// Announces to nobody; links point at `http://localhost:8080` and unsubscribe
    /// tokens are signed with a random key (crate tests, tools).
    fn default() -> Self {
        Self::new(Arc::new(|_| {}))
    }
}

impl std::fmt::Debug for Notifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notifier").field("public_url", &self.site.public_url).finish_non_exhaustive()
    }
}

impl Notifier {
    /// A notifier whose announced notifications go to `live`.
    pub fn new(live: LiveSink) -> Self {
        let site = Site { public_url: "http://localhost:8080".into(), keys: UnsubscribeKeys::random() };
        Self { live, site: Arc::new(site) }
    }

    /// E-mails link to `public_url` (no trailing slash) and sign unsubscribe links with `keys`.
    pub fn with_site(self, public_url: &str, keys: UnsubscribeKeys) -> Self {
        let site = Site { public_url: public_url.trim_end_matches('/').to_string(), keys };
        Self { site: Arc::new(site), ..self }
    }

    /// Stores `notice` on the caller's connection (inside the caller's transaction), and
    /// queues its e-mail there too when the user wants this kind e-mailed at once (or
    /// marks it for the daily digest). `None` when a notification with the same dedupe
    /// key was already stored for this user: then nothing is sent either.
    ///
    /// The notification returned (and announced live) is in the recipient's language.
    pub fn notify(&self, conn: &mut DbConnection, notice: &Notice) -> diesel::QueryResult<Option<Notification>> {
        self.notify_with(conn, notice, &[])
    }

    /// [`Self::notify`] whose e-mail (if the user wants one) carries `attachments` (a booking's `.ics`).
    pub fn notify_with(
        &self,
        conn: &mut DbConnection,
        notice: &Notice,
        attachments: &[Attachment],
    ) -> diesel::QueryResult<Option<Notification>> {
        let choice = preferences::email_choice(conn, notice.user, notice.kind)?;
        // A new request within a minute of the last waits to share its e-mail (`burst`).
        let held =
            choice == EmailChoice::Immediate && notice.kind == Kind::NewRequest && burst::hold(conn, notice.user)?;
        let Some(created) = store::insert(conn, notice, choice == EmailChoice::Digest || held)? else {
            return Ok(None);
        };
        if choice == EmailChoice::Immediate && !held {
            email::send_one(conn, &self.site, notice, attachments)?;
        }
        let language = hometutor_accounts::language_of(conn, notice.user)?.unwrap_or_default();
        Ok(Some(created.in_language(language)))
    }

    /// Pushes committed notifications live. Call after the transaction that stored them.
    pub fn announce(&self, created: &[Notification]) {
        for n in created {
            (self.live)(n);
        }
    }

    /// The one-click unsubscribe address of `user`'s e-mails of `kind` (what the e-mails carry).
    pub fn unsubscribe_url(&self, user: UserId, kind: Kind) -> String {
        email::unsubscribe_url(&self.site, user, kind)
    }

    /// The site's address, no trailing slash (calendar UIDs are named after its host).
    pub fn public_url(&self) -> &str {
        &self.site.public_url
    }

    pub(crate) fn keys(&self) -> &UnsubscribeKeys {
        &self.site.keys
    }
}
