//! A tutor's exceptions to their week: days they are away (a holiday, a busy week), from a first
//! to a last IST calendar day, both included. The `availability_exceptions` table's one owner.

use chrono::{NaiveDate, NaiveDateTime};
use diesel::prelude::*;
use hometutor_core::{single_line, too_long, Message, UserId};
use hometutor_db::schema::availability_exceptions as x;
use hometutor_db::{now, DbConnection};

use crate::{ist, SchedulingError};

/// Time off lasts at most this many days (longer: clear the week instead).
pub const MAX_DAYS: i64 = 366;
/// At most this many periods of time off that have not ended yet.
pub const MAX_UPCOMING: i64 = 30;
/// A note's length in characters.
pub const MAX_NOTE_CHARS: usize = 200;

/// Time off as a tutor sends it: `2026-12-24`, `2027-01-02`, an optional note.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TimeOffInput {
    pub start_date: String,
    pub end_date: String,
    pub note: Option<String>,
}

/// A period the tutor is away, as they read it back.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, Queryable, Selectable)]
#[diesel(table_name = x)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = AvailabilityException))]
#[serde(rename_all = "camelCase")]
pub struct TimeOff {
    pub id: i64,
    /// The first day away (IST calendar day).
    #[diesel(column_name = first_day)]
    pub start_date: NaiveDate,
    /// The last day away, included.
    #[diesel(column_name = last_day)]
    pub end_date: NaiveDate,
    pub note: Option<String>,
}

impl TimeOff {
    pub fn covers(&self, day: NaiveDate) -> bool {
        self.start_date <= day && day <= self.end_date
    }
}

fn date(field: &'static str, raw: &str) -> Result<NaiveDate, SchedulingError> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d")
        .ok()
        .filter(|_| raw.trim().len() == 10)
        .ok_or_else(|| SchedulingError::field(field, Message::new("validation-date")))
}

/// Checks time off against the IST day of `now`: real dates, not starting in the past, not
/// ending before they start, at most [`MAX_DAYS`] long, a one-line note of at most
/// [`MAX_NOTE_CHARS`] (blank reads as none).
pub fn check(
    input: &TimeOffInput,
    now: NaiveDateTime,
) -> Result<(NaiveDate, NaiveDate, Option<String>), SchedulingError> {
    let (first, last) = (date("startDate", &input.start_date)?, date("endDate", &input.end_date)?);
    if first < ist::today(now) {
        return Err(SchedulingError::field("startDate", Message::new("validation-time-off-past")));
    }
    if last < first {
        return Err(SchedulingError::field("endDate", Message::new("validation-time-off-order")));
    }
    if (last - first).num_days() + 1 > MAX_DAYS {
        return Err(SchedulingError::field("endDate", Message::new("validation-time-off-length").arg("max", MAX_DAYS)));
    }
    let note = match input.note.as_deref() {
        None => None,
        Some(raw) => {
            let note = single_line("note", "Note", raw).map_err(|e| SchedulingError::Validation(vec![e]))?;
            if note.chars().count() > MAX_NOTE_CHARS {
                return Err(SchedulingError::Validation(vec![too_long("note", "Note", MAX_NOTE_CHARS)]));
            }
            Some(note).filter(|n| !n.is_empty())
        }
    };
    Ok((first, last, note))
}

/// The tutor's time off that has not ended by `today` (IST), soonest first.
pub fn upcoming(c: &mut DbConnection, tutor: UserId, today: NaiveDate) -> QueryResult<Vec<TimeOff>> {
    x::table
        .filter(x::tutor_id.eq(tutor.0).and(x::last_day.ge(today)))
        .order((x::first_day, x::id))
        .select(TimeOff::as_select())
        .load(c)
}

/// Adds checked time off in the caller's transaction, refusing one past [`MAX_UPCOMING`]; periods
/// that have ended are dropped on the way (nothing reads them).
pub(crate) fn add(
    c: &mut DbConnection,
    tutor: UserId,
    (first, last, note): (NaiveDate, NaiveDate, Option<String>),
    today: NaiveDate,
) -> Result<(), SchedulingError> {
    diesel::delete(x::table.filter(x::tutor_id.eq(tutor.0).and(x::last_day.lt(today)))).execute(c)?;
    let count: i64 = x::table.filter(x::tutor_id.eq(tutor.0)).count().get_result(c)?;
    if count >= MAX_UPCOMING {
        return Err(SchedulingError::field(
            "startDate",
            Message::new("validation-time-off-max").arg("max", MAX_UPCOMING),
        ));
    }
    diesel::insert_into(x::table)
        .values((
            x::tutor_id.eq(tutor.0),
            x::first_day.eq(first),
            x::last_day.eq(last),
            x::note.eq(note),
            x::created_at.eq(now()),
        ))
        .execute(c)?;
    Ok(())
}

/// Removes the tutor's own time off `id`; another tutor's or an unknown id is not found.
pub(crate) fn remove(c: &mut DbConnection, tutor: UserId, id: i64) -> Result<(), SchedulingError> {
    let gone = diesel::delete(x::table.filter(x::id.eq(id).and(x::tutor_id.eq(tutor.0)))).execute(c)?;
    if gone == 0 {
        return Err(SchedulingError::TimeOffNotFound);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(date: &str) -> NaiveDateTime {
        NaiveDate::parse_from_str(date, "%Y-%m-%d").unwrap().and_hms_opt(12, 0, 0).unwrap()
    }

    fn input(start: &str, end: &str, note: Option<&str>) -> TimeOffInput {
        TimeOffInput { start_date: start.into(), end_date: end.into(), note: note.map(Into::into) }
    }

    fn refusal(i: &TimeOffInput) -> (&'static str, String) {
        match check(i, at("2027-01-10")) {
            Err(SchedulingError::Validation(e)) => (e[0].field, e[0].message.clone()),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn time_off_today_or_later_is_taken() {
        let (first, last, note) =
            check(&input("2027-01-10", "2027-01-10", Some("  Pongal  ")), at("2027-01-10")).unwrap();
        assert_eq!(
            (first.to_string(), last.to_string(), note.as_deref()),
            ("2027-01-10".into(), "2027-01-10".into(), Some("Pongal"))
        );
        assert_eq!(check(&input("2027-02-01", "2027-02-07", Some(" ")), at("2027-01-10")).unwrap().2, None);
    }

    #[test]
    fn each_broken_rule_is_named() {
        assert_eq!(
            refusal(&input("2027-01-09", "2027-01-12", None)),
            ("startDate", "Time off cannot start in the past.".into())
        );
        assert_eq!(
            refusal(&input("2027-01-12", "2027-01-11", None)),
            ("endDate", "Time off must end on or after the day it starts.".into())
        );
        assert_eq!(
            refusal(&input("2027-01-12", "2028-01-13", None)),
            ("endDate", "Time off can last at most 366 days.".into())
        );
        assert_eq!(
            refusal(&input("12/01/2027", "2027-01-13", None)),
            ("startDate", "Write dates as YYYY-MM-DD, for example 2027-01-26.".into())
        );
        assert_eq!(refusal(&input("2027-01-12", "2027-02-30", None)).0, "endDate");
        assert_eq!(refusal(&input("2027-01-12", "2027-01-13", Some("a\nb"))).0, "note");
        assert_eq!(refusal(&input("2027-01-12", "2027-01-13", Some(&"x".repeat(MAX_NOTE_CHARS + 1)))).0, "note");
    }

    #[test]
    fn the_past_is_judged_by_the_day_in_india() {
        // 20:00 UTC on the 9th is already the 10th in India: the 9th is past there.
        let evening = NaiveDate::from_ymd_opt(2027, 1, 9).unwrap().and_hms_opt(20, 0, 0).unwrap();
        assert!(check(&input("2027-01-09", "2027-01-09", None), evening).is_err());
        assert!(check(&input("2027-01-10", "2027-01-10", None), evening).is_ok());
    }
}
