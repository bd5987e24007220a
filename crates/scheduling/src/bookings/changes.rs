//! Answers and changes to a booking: accept, decline, cancel, reschedule, report a no-show.
//! Each is one transaction under the tutor's row lock that reads the booking again inside it,
//! so two answers at once (or an answer and a cancellation) never both apply.

use hometutor_core::{Message, UserId};
use hometutor_db::{now, DbConnection};
use hometutor_notifications::Notification;

use super::notices::{self, Event};
use super::outcome;
use super::store::{self, Change, Row};
use super::{free_for, rules, shown_to, view, Booking, Bookings, Side, Status};
use crate::free::Interval;
use crate::SchedulingError;

/// What a change did: the booking as the caller reads it now, and who was told.
type Done = (Booking, Option<Notification>);

impl Bookings {
    /// The side awaited accepts: a requested time, or (for a proposal) the one `starts_at` names.
    #[tracing::instrument(skip_all)]
    pub fn accept(&self, me: UserId, id: i64, starts_at: Option<&str>) -> Result<Booking, SchedulingError> {
        let picked = starts_at.map(|raw| rules::parse_instant("startsAt", raw)).transpose()?;
        self.change(me, id, |c, row, side| {
            awaited(row, side)?;
            let at = now();
            let time = match row.status() {
                Status::Proposed => {
                    let proposals = store::proposals(c, &[row.id])?.remove(&row.id).unwrap_or_default();
                    let chosen = proposals
                        .into_iter()
                        .find(|p| Some(p.start) == picked)
                        .ok_or_else(|| SchedulingError::field("startsAt", Message::new("validation-booking-pick")))?;
                    if chosen.start <= at {
                        return Err(SchedulingError::field("startsAt", Message::new("validation-booking-past")));
                    }
                    // The tutor's own slots do not bind them, but another booking's time does.
                    not_taken(c, row, &chosen)?;
                    chosen
                }
                _ => row.time().filter(|t| t.start > at).ok_or(SchedulingError::BookingClosed)?,
            };
            let change = Change {
                status: Some(Status::Confirmed.as_str()),
                awaiting: Some(None),
                starts_at: Some(Some(time.start)),
                ends_at: Some(Some(time.end)),
                updated_at: Some(at),
                ..Change::default()
            };
            Ok((change, true, Event::Accepted))
        })
    }

    /// The side awaited declines, with a reason: the time is free again.
    #[tracing::instrument(skip_all)]
    pub fn decline(&self, me: UserId, id: i64, reason: &str) -> Result<Booking, SchedulingError> {
        let reason = rules::check_text("reason", "Reason", Some(reason), rules::MAX_REASON_CHARS, true)?;
        self.change(me, id, |_, row, side| {
            awaited(row, side)?;
            let change = Change {
                status: Some(Status::Declined.as_str()),
                awaiting: Some(None),
                decline_reason: Some(reason),
                updated_at: Some(now()),
                ..Change::default()
            };
            Ok((change, false, Event::Declined))
        })
    }

    /// Either side cancels before the start, with a note; late when less than 3 hours before it.
    #[tracing::instrument(skip_all)]
    pub fn cancel(&self, me: UserId, id: i64, note: &str) -> Result<Booking, SchedulingError> {
        let note = rules::check_text("note", "Note", Some(note), rules::MAX_REASON_CHARS, true)?;
        self.change(me, id, |_, row, side| {
            let at = now();
            not_started(row, at)?;
            let change = Change {
                status: Some(Status::Cancelled.as_str()),
                awaiting: Some(None),
                cancelled_by: Some(Some(side.as_str())),
                cancel_note: Some(note),
                late_cancellation: Some(row.starts_at.is_some_and(|start| rules::is_late(start, at))),
                updated_at: Some(at),
                ..Change::default()
            };
            Ok((change, false, Event::Cancelled))
        })
    }

    /// Either side moves it before the start to a new time, with a note; it then waits for the
    /// other side. A parent's new time must be one of the tutor's free times; a tutor's may be
    /// any valid time not taken by another booking.
    #[tracing::instrument(skip_all)]
    pub fn reschedule(
        &self,
        me: UserId,
        id: i64,
        time: &rules::TimeInput,
        note: &str,
    ) -> Result<Booking, SchedulingError> {
        let at = now();
        let new = rules::check_time("startsAt", time, at)?;
        let note = rules::check_text("note", "Note", Some(note), rules::MAX_REASON_CHARS, true)?;
        self.change(me, id, |c, row, side| {
            not_started(row, at)?;
            match side {
                Side::Parent if !rules::inside(&free_for(c, UserId(row.tutor_id), at, Some(row.id))?, &new) => {
                    return Err(SchedulingError::BookingNotFree)
                }
                Side::Parent => {}
                Side::Tutor => not_taken(c, row, &new)?,
            }
            let change = Change {
                status: Some(Status::Requested.as_str()),
                awaiting: Some(Some(side.other().as_str())),
                starts_at: Some(Some(new.start)),
                ends_at: Some(Some(new.end)),
                reschedule_note: Some(note),
                updated_at: Some(at),
                ..Change::default()
            };
            Ok((change, true, Event::Rescheduled))
        })
    }

    /// Either side of a confirmed booking reports, once it has started, that the other did not
    /// come: that side's outcome answer "it did not take place" (`outcome`), marked as a no-show.
    #[tracing::instrument(skip_all)]
    pub fn no_show(&self, me: UserId, id: i64) -> Result<Booking, SchedulingError> {
        let (booking, _) = self.apply(me, id, |c, row, side| {
            if row.status() != Status::Confirmed || row.no_show_by.is_some() {
                return Err(SchedulingError::BookingClosed);
            }
            let at = now();
            if row.starts_at.is_none_or(|start| at < start) {
                return Err(SchedulingError::NoShowTooSoon);
            }
            outcome::record(c, row, side, (false, None, None), at)?;
            let change = Change { no_show_by: Some(Some(side.as_str())), updated_at: Some(at), ..Change::default() };
            Ok((change, false, None))
        })?;
        Ok(booking)
    }

    /// Applies `decide`'s change to booking `id` and tells the other side of its event.
    fn change(
        &self,
        me: UserId,
        id: i64,
        decide: impl FnOnce(&mut DbConnection, &Row, Side) -> Result<(Change<'static>, bool, Event), SchedulingError>,
    ) -> Result<Booking, SchedulingError> {
        let (booking, told) = self.apply(me, id, |c, row, side| {
            decide(c, row, side).map(|(change, timed, event)| (change, timed, Some(event)))
        })?;
        self.notifier.announce(&told.into_iter().collect::<Vec<_>>());
        Ok(booking)
    }

    /// Reads booking `id` under its tutor's lock (not the caller's: not found), applies what
    /// `decide` says and, for an event, tells the other side; one transaction.
    pub(super) fn apply(
        &self,
        me: UserId,
        id: i64,
        decide: impl FnOnce(
            &mut DbConnection,
            &Row,
            Side,
        ) -> Result<(Change<'static>, bool, Option<Event>), SchedulingError>,
    ) -> Result<Done, SchedulingError> {
        self.db.write(|c| {
            let found = store::find(c, id)?;
            let (row, side) =
                found.and_then(|r| r.side_of(me).map(|s| (r, s))).ok_or(SchedulingError::BookingNotFound)?;
            hometutor_accounts::lock(c, UserId(row.tutor_id))?;
            // Read again under the lock: what was decided before it may have changed since.
            let row = store::find(c, id)?.ok_or(SchedulingError::BookingNotFound)?;
            let (change, timed, event) = decide(c, &row, side)?;
            store::update(c, id, &change, timed)?;
            let row = store::find(c, id)?.ok_or(SchedulingError::BookingNotFound)?;
            let told = match event {
                Some(event) => {
                    let by = if side == Side::Parent { UserId(row.parent_id) } else { UserId(row.tutor_id) };
                    let to = if side == Side::Parent { UserId(row.tutor_id) } else { UserId(row.parent_id) };
                    let name = shown_to(c, to, by)?;
                    notices::tell(c, &self.notifier, &row, side, &name, event)?
                }
                None => None,
            };
            Ok((view::one(c, me, row)?, told))
        })
    }
}

/// Only the side a requested or proposed booking waits for answers it.
fn awaited(row: &Row, side: Side) -> Result<(), SchedulingError> {
    if !matches!(row.status(), Status::Requested | Status::Proposed) {
        return Err(SchedulingError::BookingClosed);
    }
    if row.awaiting.as_deref() != Some(side.as_str()) {
        return Err(SchedulingError::NotAwaitingYou);
    }
    Ok(())
}

/// Still open and not started (a proposal has not started).
fn not_started(row: &Row, at: chrono::NaiveDateTime) -> Result<(), SchedulingError> {
    if !row.status().open() || row.starts_at.is_some_and(|start| start <= at) {
        return Err(SchedulingError::BookingClosed);
    }
    Ok(())
}

/// Refuses `time` when another booking of the tutor holds any of it.
fn not_taken(c: &mut DbConnection, row: &Row, time: &Interval) -> Result<(), SchedulingError> {
    let mut busy = store::busy(c, UserId(row.tutor_id), now(), Some(row.id))?;
    busy.extend(crate::lessons::store::busy(c, UserId(row.tutor_id), now())?);
    if busy.iter().any(|b| b.start < time.end && time.start < b.end) {
        return Err(SchedulingError::BookingNotFree);
    }
    Ok(())
}
