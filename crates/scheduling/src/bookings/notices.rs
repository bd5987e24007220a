//! What the other side of a booking is told, in the app (and by e-mail as they chose), in their
//! own language: a tutor of a demo requested, proposed, moved or cancelled by the parent; a
//! parent of one accepted, declined, moved or cancelled by the tutor. Times read in IST.

use chrono::{Duration, NaiveDateTime};
use hometutor_core::UserId;
use hometutor_db::DbConnection;
use hometutor_notifications::{Kind, Message, Notice, Notification, Notifier};

use super::model::Side;
use super::store::Row;
use crate::ist;

/// What happened to a booking, as the other side is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Requested,
    Proposed,
    Accepted,
    Declined,
    Rescheduled,
    Cancelled,
}

impl Event {
    fn code(self) -> &'static str {
        match self {
            Event::Requested => "requested",
            Event::Proposed => "proposed",
            Event::Accepted => "accepted",
            Event::Declined => "declined",
            Event::Rescheduled => "rescheduled",
            Event::Cancelled => "cancelled",
        }
    }
}

/// `2027-01-11 17:00 IST`, the same in every language (the catalogue's words go around it).
pub fn ist_label(at: NaiveDateTime) -> String {
    (at + Duration::minutes(ist::OFFSET_MINUTES)).format("%Y-%m-%d %H:%M").to_string()
}

/// Tells the side that did not act (`by` did) of `event` on `row` (as it stands after it), in the
/// caller's transaction; the stored notification, for announcing once committed.
pub fn tell(
    c: &mut DbConnection,
    notifier: &Notifier,
    row: &Row,
    by: Side,
    by_name: &str,
    event: Event,
) -> diesel::QueryResult<Option<Notification>> {
    let to = match by {
        Side::Parent => UserId(row.tutor_id),
        Side::Tutor => UserId(row.parent_id),
    };
    let when = row.starts_at.map(ist_label).unwrap_or_default();
    let title = Message::new(format!("notice-booking-{}-title", event.code())).arg("name", by_name);
    let body = match event {
        Event::Proposed => Message::new("notice-booking-proposed-body"),
        Event::Declined => {
            Message::new("notice-booking-declined-body").arg("reason", row.decline_reason.clone().unwrap_or_default())
        }
        Event::Cancelled => Message::new("notice-booking-cancelled-body")
            .arg("when", when)
            .arg("note", row.cancel_note.clone().unwrap_or_default()),
        Event::Rescheduled => Message::new("notice-booking-rescheduled-body")
            .arg("when", when)
            .arg("note", row.reschedule_note.clone().unwrap_or_default()),
        Event::Requested | Event::Accepted => Message::new("notice-booking-when").arg("when", when),
    };
    let notice = Notice {
        user: to,
        kind: Kind::Booking,
        title,
        body,
        link: Some(format!("/bookings/{}", row.id)),
        data: serde_json::json!({ "bookingId": row.id, "event": event.code() }),
        dedupe_key: None,
    };
    // The e-mail carries the class as a calendar event (none while only proposed: no time yet).
    let files = super::calendar::attachment_for(c, row, to, notifier.public_url())?;
    notifier.notify_with(c, &notice, &files)
}
