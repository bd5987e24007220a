//! Reminders of a confirmed demo class, 24 hours and 1 hour before its start, to the parent and
//! the tutor, each in their own language, in the app and by e-mail (with the class's `.ics`) as
//! their `booking` preference says. The server runs [`run`] every minute under a job lease; each
//! reminder is also claimed in its row (`reminded_day_at` / `reminded_hour_at`, set by an UPDATE
//! that only matches while the column is empty and the class is still confirmed at that time), so
//! however many processes run it at once, one sends it. A class that gets its time (accepted or
//! moved) less than 24 hours ahead has its 24-hour reminder marked done without sending (`store::update`):
//! it is only reminded an hour before. A cancelled class matches nothing; a moved one is reminded
//! at its new time.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use hometutor_core::UserId;
use hometutor_db::schema::bookings as b;
use hometutor_db::{Db, DbConnection};
use hometutor_notifications::{Kind, Message, Notice, Notification, Notifier};

use super::model::Status;
use super::notices::ist_label;
use super::store::{self, Row};
use crate::SchedulingError;

/// The job's name in `job_leases`: one process runs it per period.
pub const LEASE: &str = "booking-reminders";
/// How often the server runs [`run`]: a reminder goes out at most this late.
pub const EVERY: std::time::Duration = std::time::Duration::from_secs(60);

/// Which reminder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Due {
    Day,
    Hour,
}

impl Due {
    fn code(self) -> &'static str {
        match self {
            Due::Day => "reminder_day",
            Due::Hour => "reminder_hour",
        }
    }

    /// Starts in (from, to] at `at`. The day's reminder is sent only within its hour (a server down
    /// longer skips it), so it never says "tomorrow" of a class a few hours away.
    fn window(self, at: NaiveDateTime) -> (NaiveDateTime, NaiveDateTime) {
        match self {
            Due::Day => (at + Duration::hours(23), at + Duration::hours(24)),
            Due::Hour => (at, at + Duration::hours(1)),
        }
    }
}

/// Sends every reminder due at `at` that no one has claimed; returns how many notices were stored.
#[tracing::instrument(skip_all)]
pub fn run(db: &Db, notifier: &Notifier, at: NaiveDateTime) -> Result<usize, SchedulingError> {
    let mut count = 0;
    for due in [Due::Hour, Due::Day] {
        let ids = db.read(|c| -> Result<_, SchedulingError> { Ok(candidates(c, due, at)?) })?;
        for id in ids {
            let told = db.write(|c| -> Result<Vec<Notification>, SchedulingError> {
                if !claim(c, id, due, at)? {
                    return Ok(Vec::new());
                }
                let Some(row) = store::find(c, id)? else { return Ok(Vec::new()) };
                let mut told = Vec::new();
                for (to, other) in [(row.parent_id, row.tutor_id), (row.tutor_id, row.parent_id)] {
                    told.extend(remind(c, notifier, &row, UserId(to), UserId(other), due)?);
                }
                Ok(told)
            })?;
            notifier.announce(&told);
            count += told.len();
        }
    }
    Ok(count)
}

fn candidates(c: &mut DbConnection, due: Due, at: NaiveDateTime) -> QueryResult<Vec<i64>> {
    let (from, to) = due.window(at);
    let open = b::status.eq(Status::Confirmed.as_str()).and(b::starts_at.gt(from)).and(b::starts_at.le(to));
    match due {
        Due::Day => b::table.filter(open.and(b::reminded_day_at.is_null())).select(b::id).order(b::id).load(c),
        Due::Hour => b::table.filter(open.and(b::reminded_hour_at.is_null())).select(b::id).order(b::id).load(c),
    }
}

/// Claims booking `id`'s reminder: true for the one caller whose UPDATE found it unclaimed, still
/// confirmed and still in the window.
fn claim(c: &mut DbConnection, id: i64, due: Due, at: NaiveDateTime) -> QueryResult<bool> {
    let (from, to) = due.window(at);
    let open = b::id
        .eq(id)
        .and(b::status.eq(Status::Confirmed.as_str()))
        .and(b::starts_at.gt(from))
        .and(b::starts_at.le(to));
    let claimed = match due {
        Due::Day => diesel::update(b::table.filter(open.and(b::reminded_day_at.is_null())))
            .set(b::reminded_day_at.eq(at))
            .execute(c)?,
        Due::Hour => diesel::update(b::table.filter(open.and(b::reminded_hour_at.is_null())))
            .set(b::reminded_hour_at.eq(at))
            .execute(c)?,
    };
    Ok(claimed == 1)
}

/// Tells `to` of the class with `other`, named as `to` is shown them; the e-mail carries the `.ics`.
fn remind(
    c: &mut DbConnection,
    notifier: &Notifier,
    row: &Row,
    to: UserId,
    other: UserId,
    due: Due,
) -> Result<Option<Notification>, SchedulingError> {
    let name = hometutor_messaging::shown_name(c, to, other)?.unwrap_or_default();
    let when = row.starts_at.map(ist_label).unwrap_or_default();
    let title = match due {
        Due::Day => "notice-booking-reminder-day-title",
        Due::Hour => "notice-booking-reminder-hour-title",
    };
    let body = match &row.place {
        Some(place) => Message::new("notice-booking-reminder-body").arg("when", when).arg("place", place.clone()),
        None => Message::new("notice-booking-when").arg("when", when),
    };
    let notice = Notice {
        user: to,
        kind: Kind::Booking,
        title: Message::new(title).arg("name", name),
        body,
        link: Some(format!("/bookings/{}", row.id)),
        data: serde_json::json!({ "bookingId": row.id, "event": due.code() }),
        dedupe_key: None,
    };
    let files = super::calendar::attachment_for(c, row, to, notifier.public_url())?;
    Ok(notifier.notify_with(c, &notice, &files)?)
}
