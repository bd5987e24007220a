//! The rules a demo class's time and words keep, as pure checks (no database): a time is
//! parsed from RFC 3339, lasts 30–120 minutes, starts and ends on a quarter hour, lies within
//! 06:00–22:00 IST on one day, is in the future and at most [`MAX_WEEKS`] weeks ahead; a
//! proposal has one to three times, none overlapping. Whether a time is free is the service's
//! question (it needs the tutor's week and bookings, read under the tutor's lock).

use chrono::{DateTime, Duration, NaiveDateTime, Timelike};
use hometutor_core::{multi_line, required, too_long, FieldError, Message};

use crate::free::Interval;
use crate::slots::{DAY_ENDS, DAY_STARTS};
use crate::{ist, SchedulingError, MAX_WEEKS};

/// A demo lasts at least this many minutes…
pub const MIN_MINUTES: i64 = 30;
/// …and at most this many.
pub const MAX_MINUTES: i64 = 120;
/// Demos start and end on a quarter hour.
pub const STEP_MINUTES: u32 = 15;
/// A parent proposes at most this many times.
pub const MAX_PROPOSALS: usize = 3;
/// A cancellation less than this many hours before the start is late.
pub const LATE_HOURS: i64 = 3;
/// The parent's message when booking, in characters.
pub const MAX_NOTE_CHARS: usize = 500;
/// A reason to decline, or a note with a cancellation or a new time, in characters.
pub const MAX_REASON_CHARS: usize = 300;

/// A time as the API sends it: two RFC 3339 instants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimeInput {
    pub starts_at: String,
    pub ends_at: String,
}

fn refusal(field: &'static str, id: &'static str) -> SchedulingError {
    SchedulingError::field(field, Message::new(id))
}

/// An RFC 3339 instant (any offset) as naive UTC.
pub fn parse_instant(field: &'static str, raw: &str) -> Result<NaiveDateTime, SchedulingError> {
    DateTime::parse_from_rfc3339(raw.trim())
        .map(|t| t.naive_utc())
        .map_err(|_| refusal(field, "validation-booking-time-format"))
}

/// Parses and checks one time against `now` (see the module's rules).
pub fn check_time(field: &'static str, input: &TimeInput, now: NaiveDateTime) -> Result<Interval, SchedulingError> {
    let (start, end) = (parse_instant(field, &input.starts_at)?, parse_instant(field, &input.ends_at)?);
    let minutes = (end - start).num_minutes();
    if end <= start || (end - start) != Duration::minutes(minutes) || !(MIN_MINUTES..=MAX_MINUTES).contains(&minutes) {
        return Err(SchedulingError::field(
            field,
            Message::new("validation-booking-length").arg("min", MIN_MINUTES).arg("max", MAX_MINUTES),
        ));
    }
    let on_step = |t: NaiveDateTime| t.second() == 0 && t.nanosecond() == 0 && t.minute().is_multiple_of(STEP_MINUTES);
    if !on_step(start) || !on_step(end) {
        return Err(refusal(field, "validation-booking-step"));
    }
    if start <= now {
        return Err(refusal(field, "validation-booking-past"));
    }
    let day = ist::today(start);
    if start < ist::to_utc(day, DAY_STARTS) || end > ist::to_utc(day, DAY_ENDS) {
        return Err(refusal(field, "validation-booking-hours"));
    }
    // The same window free times cover: today in India and the weeks after it.
    if day >= ist::today(now) + Duration::days(i64::from(MAX_WEEKS) * 7) {
        return Err(SchedulingError::field(field, Message::new("validation-booking-ahead").arg("weeks", MAX_WEEKS)));
    }
    Ok(Interval { start, end })
}

/// How a parent books: one free slot, or up to three times for the tutor to pick from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Slot,
    Propose,
}

/// Checks the times of a new booking: exactly one for a slot, one to [`MAX_PROPOSALS`] not
/// overlapping for a proposal, each by [`check_time`]. Sorted by start.
pub fn check_times(mode: Mode, inputs: &[TimeInput], now: NaiveDateTime) -> Result<Vec<Interval>, SchedulingError> {
    match mode {
        Mode::Slot if inputs.len() != 1 => return Err(refusal("times", "validation-booking-one-time")),
        Mode::Propose if inputs.is_empty() || inputs.len() > MAX_PROPOSALS => {
            return Err(SchedulingError::field(
                "times",
                Message::new("validation-booking-proposals").arg("max", MAX_PROPOSALS),
            ))
        }
        _ => {}
    }
    let mut times = inputs.iter().map(|t| check_time("times", t, now)).collect::<Result<Vec<_>, _>>()?;
    times.sort();
    if times.windows(2).any(|w| w[1].start < w[0].end) {
        return Err(refusal("times", "validation-booking-overlap"));
    }
    Ok(times)
}

/// Text a person typed with a booking: control characters but line breaks refused, trimmed,
/// at most `max` characters; blank is `None`, refused when `needed`.
pub fn check_text(
    field: &'static str,
    label: &str,
    raw: Option<&str>,
    max: usize,
    needed: bool,
) -> Result<Option<String>, SchedulingError> {
    let one = |e: FieldError| SchedulingError::Validation(vec![e]);
    let text = raw.map(str::trim).unwrap_or_default();
    multi_line(field, label, text).map_err(one)?;
    if text.is_empty() {
        return if needed { Err(one(required(field, label))) } else { Ok(None) };
    }
    if text.chars().count() > max {
        return Err(one(too_long(field, label, max)));
    }
    Ok(Some(text.to_string()))
}

/// Whether cancelling at `now` a class that starts at `start` is late.
pub fn is_late(start: NaiveDateTime, now: NaiveDateTime) -> bool {
    start - now < Duration::hours(LATE_HOURS)
}

/// Whether `time` lies wholly inside one of `free`.
pub fn inside(free: &[Interval], time: &Interval) -> bool {
    free.iter().any(|f| f.start <= time.start && time.end <= f.end)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Monday 4 January 2027, 10:00 IST.
    fn now() -> NaiveDateTime {
        NaiveDateTime::parse_from_str("2027-01-04 04:30", "%Y-%m-%d %H:%M").unwrap()
    }

    fn time(start: &str, end: &str) -> TimeInput {
        TimeInput { starts_at: start.into(), ends_at: end.into() }
    }

    fn message(r: Result<impl std::fmt::Debug, SchedulingError>) -> String {
        match r {
            Err(SchedulingError::Validation(e)) => e[0].message.clone(),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn a_good_time_is_taken_in_utc_from_any_offset() {
        let t = check_time("times", &time("2027-01-04T17:00:00+05:30", "2027-01-04T18:15:00+05:30"), now()).unwrap();
        assert_eq!(
            (t.start.to_string(), t.end.to_string()),
            ("2027-01-04 11:30:00".into(), "2027-01-04 12:45:00".into())
        );
        // 06:00–07:00 and 21:00–22:00 IST are the edges of the day.
        assert!(check_time("times", &time("2027-01-05T00:30:00Z", "2027-01-05T01:30:00Z"), now()).is_ok());
        assert!(check_time("times", &time("2027-01-05T15:30:00Z", "2027-01-05T16:30:00Z"), now()).is_ok());
    }

    #[test]
    fn each_broken_rule_is_named() {
        let check = |s: &str, e: &str| message(check_time("times", &time(s, e), now()));
        assert_eq!(
            check("2027-01-04T09:00:00Z", "2027-01-04 10:00"),
            "Write times as in 2027-01-11T11:30:00Z (RFC 3339)."
        );
        assert_eq!(check("2027-01-04T03:30:00Z", "2027-01-04T04:00:00Z"), "Choose a time in the future.");
        assert_eq!(
            check("2027-01-05T00:00:00Z", "2027-01-05T01:00:00Z"),
            "Demo classes lie between 06:00 and 22:00 IST."
        );
        assert_eq!(
            check("2027-01-05T16:00:00Z", "2027-01-05T16:45:00Z"),
            "Demo classes lie between 06:00 and 22:00 IST."
        );
        assert_eq!(check("2027-01-05T10:00:00Z", "2027-01-05T10:15:00Z"), "A demo class lasts 30 to 120 minutes.");
        assert_eq!(check("2027-01-05T10:00:00Z", "2027-01-05T12:15:00Z"), "A demo class lasts 30 to 120 minutes.");
        assert_eq!(check("2027-01-05T10:00:00Z", "2027-01-05T09:00:00Z"), "A demo class lasts 30 to 120 minutes.");
        assert_eq!(
            check("2027-01-05T10:10:00Z", "2027-01-05T10:40:00Z"),
            "Demo classes start and end on the quarter hour (:00, :15, :30 or :45)."
        );
        // Eight weeks from today in India: the 56th day after it is too far.
        assert!(check_time("times", &time("2027-02-28T10:00:00Z", "2027-02-28T11:00:00Z"), now()).is_ok());
        assert_eq!(check("2027-03-01T10:00:00Z", "2027-03-01T11:00:00Z"), "Book at most 8 weeks ahead.");
    }

    #[test]
    fn proposals_are_one_to_three_and_do_not_overlap() {
        let a = time("2027-01-05T10:00:00Z", "2027-01-05T11:00:00Z");
        let b = time("2027-01-05T10:30:00Z", "2027-01-05T11:30:00Z");
        let c = time("2027-01-05T11:00:00Z", "2027-01-05T12:00:00Z");
        let d = time("2027-01-06T11:00:00Z", "2027-01-06T12:00:00Z");
        let e = time("2027-01-07T11:00:00Z", "2027-01-07T12:00:00Z");
        assert_eq!(
            check_times(Mode::Propose, &[c.clone(), a.clone()], now()).unwrap()[0].start.to_string(),
            "2027-01-05 10:00:00"
        );
        assert_eq!(message(check_times(Mode::Propose, &[a.clone(), b.clone()], now())), "Two of the times overlap.");
        assert_eq!(
            message(check_times(Mode::Propose, &[a.clone(), c.clone(), d.clone(), e], now())),
            "Propose 1 to 3 times."
        );
        assert_eq!(message(check_times(Mode::Propose, &[], now())), "Propose 1 to 3 times.");
        assert_eq!(message(check_times(Mode::Slot, &[a.clone(), d], now())), "Choose exactly one time.");
        assert!(check_times(Mode::Slot, &[a], now()).is_ok());
    }

    #[test]
    fn texts_and_lateness() {
        assert_eq!(
            check_text("note", "Note", Some("  hi \n there "), 10, false).unwrap().as_deref(),
            Some("hi \n there")
        );
        assert_eq!(check_text("note", "Note", Some("  "), 10, false).unwrap(), None);
        assert!(check_text("reason", "Reason", None, 10, true).is_err());
        assert!(check_text("reason", "Reason", Some(&"x".repeat(11)), 10, true).is_err());
        assert!(check_text("reason", "Reason", Some("a\u{0}b"), 10, true).is_err());
        let start = now() + Duration::hours(3);
        assert!(!is_late(start, now()));
        assert!(is_late(start, now() + Duration::seconds(1)));
        let free = [Interval { start: now(), end: now() + Duration::hours(2) }];
        assert!(inside(&free, &Interval { start: now(), end: now() + Duration::hours(2) }));
        assert!(!inside(&free, &Interval { start: now(), end: now() + Duration::hours(3) }));
    }
}
