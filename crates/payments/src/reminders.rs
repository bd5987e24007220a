//! Subscription reminders: a tutor is told 7 days and 1 day before their
//! subscription ends, and once it has ended, each with a link to renew. Each
//! notice is keyed by the expiry it is about, so however often the job runs, and
//! in however many processes, a tutor hears each one once per expiry; a renewal
//! (a new expiry) starts the round again.

use chrono::{Datelike, Duration, NaiveDateTime};
use hometutor_accounts as accounts;
use hometutor_core::UserId;
use hometutor_db::Db;
use hometutor_notifications::{Arg, Kind, Message, Notice, Notification, Notifier};

use crate::PaymentError;

/// The job's name in `job_leases`: one process runs it per period.
pub const LEASE: &str = "subscription-reminders";
/// How often the server runs [`run`].
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(3600);
/// A subscription that ended longer ago than this is not announced (say, one that
/// lapsed before the reminders existed).
const EXPIRED_LOOKBACK_DAYS: i64 = 3;

/// Stores (and announces) every reminder due at `at`; returns how many were new.
#[tracing::instrument(skip_all)]
pub fn run(db: &Db, notifier: &Notifier, at: NaiveDateTime) -> Result<usize, PaymentError> {
    let told = db.write(|c| -> Result<Vec<Notification>, PaymentError> {
        let mut told = Vec::new();
        let windows = [
            (at + Duration::days(1), at + Duration::days(7), Due::InAWeek),
            (at, at + Duration::days(1), Due::Tomorrow),
            (at - Duration::days(EXPIRED_LOOKBACK_DAYS), at, Due::Ended),
        ];
        for (from, to, due) in windows {
            for (tutor, expires) in accounts::subscriptions_ending(c, from, to)? {
                told.extend(notifier.notify(c, &notice(tutor, expires, due))?);
            }
        }
        Ok(told)
    })?;
    notifier.announce(&told);
    Ok(told.len())
}

#[derive(Clone, Copy)]
enum Due {
    InAWeek,
    Tomorrow,
    Ended,
}

fn notice(tutor: UserId, expires: NaiveDateTime, due: Due) -> Notice {
    let date = Arg::date(expires.year(), expires.month(), expires.day());
    let (kind, key, texts) = match due {
        Due::InAWeek => (Kind::SubscriptionReminder, "reminder7", "notice-reminder-week"),
        Due::Tomorrow => (Kind::SubscriptionReminder, "reminder1", "notice-reminder-tomorrow"),
        Due::Ended => (Kind::SubscriptionExpired, "expired", "notice-expired"),
    };
    Notice {
        user: tutor,
        kind,
        title: Message::new(format!("{texts}-title")),
        body: Message::new(format!("{texts}-body")).arg("date", date),
        link: Some("/subscribe".into()),
        data: serde_json::json!({ "expiresAt": expires.and_utc().to_rfc3339(), "renewLink": "/subscribe" }),
        dedupe_key: Some(format!("{key}:{}", expires.and_utc().timestamp())),
    }
}
