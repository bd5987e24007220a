//! Scheduling: a tutor's weekly availability in IST and their time off, and the free times
//! families read from it (bookings of demo classes and lessons build on these).
//!
//! Weekly slots are kept as IST wall-clock times (weekday, minutes after midnight), with the zone
//! stored beside them: a weekly slot is a promise about the clock on the wall in India ("Mondays
//! 17:00"), not about an instant, and the 06:00–22:00 rule is a rule of that clock. Time off is a
//! range of IST calendar days. Asia/Kolkata has no daylight saving, so every concrete occurrence
//! converts to UTC by a fixed offset; free times (and the bookings that will take them) are UTC
//! instants, shown in IST by the web app. Demo classes (`bookings`) take their times out of the
//! free times.

pub mod bookings;
pub mod error;
pub mod free;
pub mod ist;
pub mod lessons;
pub mod slots;
pub mod time_off;

use chrono::NaiveDateTime;
use hometutor_core::{Message, Role, UserId};
use hometutor_db::{now, Db};

pub use bookings::{Booking, BookingCount, Bookings, Mode, NewBooking, TimeInput, When};
pub use error::SchedulingError;
pub use free::Interval;
pub use ist::Weekday;
pub use lessons::{LessonError, Lessons};
pub use slots::{SlotInput, WeeklySlot};
pub use time_off::{TimeOff, TimeOffInput};

/// Free times are read this many weeks ahead unless asked otherwise…
pub const DEFAULT_WEEKS: u32 = 2;
/// …and at most this many.
pub const MAX_WEEKS: u32 = 8;

/// A tutor's availability as they edit it: the week and the time off that has not ended.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct MyAvailability {
    /// The zone of every time and date here: `Asia/Kolkata`.
    #[cfg_attr(feature = "openapi", schema(example = "Asia/Kolkata"))]
    pub time_zone: &'static str,
    /// Sorted by day and time.
    pub slots: Vec<WeeklySlot>,
    /// Soonest first.
    pub exceptions: Vec<TimeOff>,
}

/// A tutor's free times over the next weeks, as UTC intervals (sorted, not overlapping).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FreeTimes {
    /// The zone the tutor's week is kept in (and the web app shows times in): `Asia/Kolkata`.
    pub time_zone: &'static str,
    /// The instant the answer was computed for: nothing before it is offered.
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub from: NaiveDateTime,
    /// How many weeks ahead the answer covers (from today in India).
    pub weeks: u32,
    /// Less the times demo classes already hold.
    pub free: Vec<Interval>,
    /// How many bookings the tutor cancelled less than 3 hours before the start, so far.
    pub late_cancellations: i64,
}

/// Reads and edits availability; each edit is one transaction, so a refused one changes nothing.
#[derive(Clone)]
pub struct Availability {
    db: Db,
}

impl Availability {
    pub fn new(db: Db) -> Self {
        Self { db }
    }

    /// The calling tutor's week and time off.
    #[tracing::instrument(skip_all)]
    pub fn mine(&self, tutor: UserId, role: Role) -> Result<MyAvailability, SchedulingError> {
        tutor_only(role)?;
        self.db.read(|c| read_mine(c, tutor))
    }

    /// Puts `week` in place of the calling tutor's weekly slots (all of them, or none if a rule is broken).
    #[tracing::instrument(skip_all)]
    pub fn set_week(&self, tutor: UserId, role: Role, week: &[SlotInput]) -> Result<MyAvailability, SchedulingError> {
        tutor_only(role)?;
        let checked = slots::check_week(week)?;
        self.db.write(|c| {
            // Two saves of one week at once: the second waits and replaces the first, never merges with it.
            hometutor_accounts::lock(c, tutor)?;
            slots::replace(c, tutor, &checked)?;
            read_mine(c, tutor)
        })
    }

    /// Adds time off for the calling tutor.
    #[tracing::instrument(skip_all)]
    pub fn add_time_off(
        &self,
        tutor: UserId,
        role: Role,
        input: &TimeOffInput,
    ) -> Result<MyAvailability, SchedulingError> {
        tutor_only(role)?;
        let at = now();
        let checked = time_off::check(input, at)?;
        self.db.write(|c| {
            // The cap is counted and kept under the account's lock.
            hometutor_accounts::lock(c, tutor)?;
            time_off::add(c, tutor, checked, ist::today(at))?;
            read_mine(c, tutor)
        })
    }

    /// Removes the calling tutor's time off `id` (another tutor's is not found).
    #[tracing::instrument(skip_all)]
    pub fn remove_time_off(&self, tutor: UserId, role: Role, id: i64) -> Result<MyAvailability, SchedulingError> {
        tutor_only(role)?;
        self.db.write(|c| {
            time_off::remove(c, tutor, id)?;
            read_mine(c, tutor)
        })
    }

    /// The free times of `tutor` over `weeks` weeks (default [`DEFAULT_WEEKS`], 1 to [`MAX_WEEKS`])
    /// from now. Whether the reader may see this tutor at all is the profile's rule, asked first.
    #[tracing::instrument(skip_all)]
    pub fn free_times(&self, tutor: UserId, weeks: Option<u32>) -> Result<FreeTimes, SchedulingError> {
        let weeks = weeks.unwrap_or(DEFAULT_WEEKS);
        if !(1..=MAX_WEEKS).contains(&weeks) {
            return Err(SchedulingError::field("weeks", Message::new("validation-weeks").arg("max", MAX_WEEKS)));
        }
        let at = now();
        self.db.read(|c| {
            if hometutor_accounts::role_of(c, tutor)? != Some(Role::Tutor) {
                return Err(SchedulingError::TutorNotFound);
            }
            let mut free = bookings::free_for(c, tutor, at, None)?;
            // Computed over the longest window a booking may take, then cut to the one asked for.
            let until = ist::to_utc(ist::today(at) + chrono::Duration::days(i64::from(weeks) * 7), 0);
            free.retain(|f| f.start < until);
            let late_cancellations = bookings::late_cancellations_of(c, tutor)?;
            Ok(FreeTimes { time_zone: ist::TIME_ZONE, from: at, weeks, free, late_cancellations })
        })
    }
}

fn tutor_only(role: Role) -> Result<(), SchedulingError> {
    if role == Role::Tutor {
        Ok(())
    } else {
        Err(SchedulingError::NotATutor)
    }
}

fn read_mine(c: &mut hometutor_db::DbConnection, tutor: UserId) -> Result<MyAvailability, SchedulingError> {
    let week = slots::of(c, tutor)?;
    let exceptions = time_off::upcoming(c, tutor, ist::today(now()))?;
    Ok(MyAvailability {
        time_zone: ist::TIME_ZONE,
        slots: week.into_iter().map(WeeklySlot::from).collect(),
        exceptions,
    })
}
