//! Demo classes a parent books with a tutor: the `bookings` and `booking_proposals` tables'
//! one owner (`store`), the rules of a time (`rules`), what each side reads (`view`) and is
//! told (`notices`). A parent books one of the tutor's free times (it leaves the free times at
//! once) or proposes up to three; the side awaited accepts or declines; either side cancels
//! (late when less than 3 hours before the start) or moves it; a no-show is reported after the
//! start. Every write is one transaction under the tutor's row lock (`hometutor_accounts::lock`)
//! that checks freedom again inside it, so two parents racing for one time (in one process or
//! in two on one PostgreSQL database) get exactly one booking.

pub mod calendar;
pub mod feeds;
mod changes;
pub mod model;
mod notices;
mod outcome;
mod outcome_store;
pub mod reminders;
pub mod rules;
mod store;
mod view;

use chrono::NaiveDateTime;
use hometutor_core::{Role, UserId};
use hometutor_db::{now, Db, DbConnection};
use hometutor_notifications::Notifier;

pub use model::{
    Booking, BookingCount, BookingOutcome, BookingParent, BookingTime, BookingTutor, OutcomeAnswer, Side, Status,
};
pub use outcome::{took_place, OutcomeInput};
pub use outcome_store::CORRECTABLE_HOURS;
pub use rules::{Mode, TimeInput};

use crate::free::{self, Interval};
use crate::{ist, slots, time_off, SchedulingError, MAX_WEEKS};

/// A new booking as a parent sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewBooking {
    pub tutor: i64,
    pub request_id: Option<i64>,
    pub mode: Mode,
    pub times: Vec<TimeInput>,
    pub note: Option<String>,
}

/// Which of the caller's bookings to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum When {
    /// Not ended and not declined or cancelled, soonest first.
    #[default]
    Upcoming,
    /// The rest, newest first.
    Past,
}

/// At most this many past bookings are listed.
pub const MAX_PAST: usize = 200;

/// Books, answers and changes demo classes.
#[derive(Clone)]
pub struct Bookings {
    db: Db,
    notifier: Notifier,
}

impl Bookings {
    pub fn new(db: Db, notifier: Notifier) -> Self {
        Self { db, notifier }
    }

    /// A parent books `input.tutor`: one free time (`Slot`) or up to three proposed ones.
    #[tracing::instrument(skip_all)]
    pub fn create(&self, parent: UserId, role: Role, input: &NewBooking) -> Result<Booking, SchedulingError> {
        if role != Role::Parent {
            return Err(SchedulingError::NotAParent);
        }
        let at = now();
        let times = rules::check_times(input.mode, &input.times, at)?;
        let note = rules::check_text("note", "Note", input.note.as_deref(), rules::MAX_NOTE_CHARS, false)?;
        let tutor = UserId(input.tutor);
        let (booking, told) = self.db.write(|c| {
            bookable(c, parent, tutor)?;
            let label = match input.request_id {
                None => None,
                Some(id) => Some(hometutor_tuition::own_request_label(c, parent, id)?.ok_or_else(|| {
                    SchedulingError::field("requestId", hometutor_core::Message::new("validation-booking-request"))
                })?),
            };
            // Two parents racing for one time: the second waits here and then finds it taken.
            hometutor_accounts::lock(c, tutor)?;
            if input.mode == Mode::Slot {
                let free = free_for(c, tutor, at, None)?;
                if !times.iter().all(|t| rules::inside(&free, t)) {
                    return Err(SchedulingError::BookingNotFree);
                }
            }
            let place = match &label {
                Some(l) if l.place_name.is_some() => l.place_name.clone(),
                _ => tutor_place(c, tutor)?,
            };
            let (status, single) = match input.mode {
                Mode::Slot => (Status::Requested, times.first().copied()),
                Mode::Propose => (Status::Proposed, None),
            };
            let row = store::NewRow {
                tutor_id: tutor.0,
                parent_id: parent.0,
                request_id: input.request_id,
                status: status.as_str(),
                awaiting: Some(Side::Tutor.as_str()),
                starts_at: single.map(|t| t.start),
                ends_at: single.map(|t| t.end),
                subject: label.as_ref().map(|l| l.subject.clone()),
                subject_id: label.as_ref().and_then(|l| l.subject_id.clone()),
                place,
                note,
                created_at: at,
                updated_at: at,
            };
            let proposals = if input.mode == Mode::Propose { times.as_slice() } else { &[] };
            let id = store::insert(c, &row, proposals)?;
            let stored = store::find(c, id)?.ok_or(SchedulingError::BookingNotFound)?;
            let event = if input.mode == Mode::Slot { notices::Event::Requested } else { notices::Event::Proposed };
            let name = shown_to(c, tutor, parent)?;
            let told = notices::tell(c, &self.notifier, &stored, Side::Parent, &name, event)?;
            Ok::<_, SchedulingError>((view::one(c, parent, stored)?, told))
        })?;
        self.notifier.announce(&told.into_iter().collect::<Vec<_>>());
        Ok(booking)
    }

    /// The caller's bookings, as parent or tutor.
    #[tracing::instrument(skip_all)]
    pub fn list(&self, me: UserId, role: Role, when: When) -> Result<Vec<Booking>, SchedulingError> {
        let Some(side) = side_of_role(role) else { return Ok(Vec::new()) };
        let at = now();
        let mut list = self.db.read(|c| -> Result<_, SchedulingError> {
            let rows = store::of(c, me, side)?;
            Ok(view::read(c, me, rows)?)
        })?;
        match when {
            When::Upcoming => {
                list.retain(|b| b.upcoming(at));
                list.sort_by_key(|b| (b.first_start(), b.id));
            }
            When::Past => {
                list.retain(|b| !b.upcoming(at));
                list.sort_by_key(|b| std::cmp::Reverse((b.first_start(), b.id)));
                list.truncate(MAX_PAST);
            }
        }
        Ok(list)
    }

    /// How many upcoming bookings the caller has, and how many wait for their answer.
    #[tracing::instrument(skip_all)]
    pub fn count(&self, me: UserId, role: Role) -> Result<BookingCount, SchedulingError> {
        let upcoming = self.list(me, role, When::Upcoming)?;
        let mine = side_of_role(role);
        let awaiting_me = upcoming.iter().filter(|b| b.awaiting.is_some() && b.awaiting == mine).count();
        Ok(BookingCount { upcoming: upcoming.len() as i64, awaiting_me: awaiting_me as i64 })
    }

    /// One booking, for its parent or tutor only (anyone else: not found).
    #[tracing::instrument(skip_all)]
    pub fn get(&self, me: UserId, id: i64) -> Result<Booking, SchedulingError> {
        self.db.read(|c| {
            let row =
                store::find(c, id)?.filter(|r| r.side_of(me).is_some()).ok_or(SchedulingError::BookingNotFound)?;
            Ok(view::one(c, me, row)?)
        })
    }
}

fn side_of_role(role: Role) -> Option<Side> {
    match role {
        Role::Parent => Some(Side::Parent),
        Role::Tutor => Some(Side::Tutor),
        Role::Admin => None,
    }
}

/// Whether `parent` may book `tutor`: a tutor's account, active (not suspended), and neither
/// blocks the other (moderation's rule).
fn bookable(c: &mut DbConnection, parent: UserId, tutor: UserId) -> Result<(), SchedulingError> {
    let person = hometutor_accounts::people(c, &[tutor.0])?.remove(&tutor);
    let Some(person) = person.filter(|p| p.role == Role::Tutor) else {
        return Err(SchedulingError::NoSuchTutor);
    };
    if !person.active || hometutor_moderation::blocks::either_blocks(c, parent, tutor)? {
        return Err(SchedulingError::TutorUnavailable);
    }
    Ok(())
}

/// The tutor's free times from `at` over the weeks free times cover: their week minus time off
/// minus the bookings holding a time (but `except`'s own).
pub(crate) fn free_for(
    c: &mut DbConnection,
    tutor: UserId,
    at: NaiveDateTime,
    except: Option<i64>,
) -> Result<Vec<Interval>, SchedulingError> {
    let week = slots::of(c, tutor)?;
    let away = time_off::upcoming(c, tutor, ist::today(at))?;
    let free = free::occurrences(&week, &away, at, i64::from(MAX_WEEKS) * 7);
    let mut busy = store::busy(c, tutor, at, except)?;
    busy.extend(crate::lessons::store::busy(c, tutor, at)?);
    busy.sort();
    Ok(Interval::minus(&free, &busy))
}

/// The tutor's times held by demo classes (requested or confirmed) ending after `at`: what a
/// lesson plan may not overlap.
pub(crate) fn held_times(c: &mut DbConnection, tutor: UserId, at: NaiveDateTime) -> diesel::QueryResult<Vec<Interval>> {
    store::busy(c, tutor, at, None)
}

/// The parties of `tutor`'s demo `id` after which its parent said they continue: the parent,
/// the subject (words and vocabulary id) and the request, for a lesson plan.
#[allow(clippy::type_complexity)]
pub(crate) fn continued_with(
    c: &mut DbConnection,
    tutor: UserId,
    id: i64,
) -> diesel::QueryResult<Option<(UserId, Option<String>, Option<String>, Option<i64>)>> {
    let Some(row) = store::find(c, id)?.filter(|r| r.tutor_id == tutor.0) else { return Ok(None) };
    let parent = outcome_store::answer_of(c, id, Side::Parent)?;
    Ok(parent
        .and_then(|a| a.continues)
        .filter(|yes| *yes)
        .map(|_| (UserId(row.parent_id), row.subject, row.subject_id, row.request_id)))
}

/// The tutor's late cancellations so far, for whoever is about to book them.
pub(crate) fn late_cancellations_of(c: &mut DbConnection, tutor: UserId) -> Result<i64, SchedulingError> {
    Ok(store::late_cancellations(c, &[tutor.0], Side::Tutor)?.get(&tutor.0).copied().unwrap_or(0))
}

/// The locality of the tutor's teaching area, named after the point searches show of it
/// (tuition's `shown_center`), as the profile names it.
fn tutor_place(c: &mut DbConnection, tutor: UserId) -> Result<Option<String>, SchedulingError> {
    let area = hometutor_tuition::area::load(c, tutor)?;
    Ok(area.and_then(|a| {
        let shown = hometutor_tuition::area::shown_center(a.center);
        hometutor_places::Places::global().describe(shown.lat, shown.lng)
    }))
}

/// `person`'s name as `viewer` is shown it.
fn shown_to(c: &mut DbConnection, viewer: UserId, person: UserId) -> Result<String, SchedulingError> {
    Ok(hometutor_messaging::shown_name(c, viewer, person)?.unwrap_or_default())
}
