//! The rules of a lesson plan, as pure checks (no database): weekdays, a start on a quarter hour
//! and a length of 30–180 minutes within 06:00–22:00 IST, a start date not in the past (IST), an
//! end date not before it and at most a year after it, a fee of 1 to 1,00,000 rupees, and at least
//! one lesson still to come. Whether the lessons are free of the tutor's other classes is the
//! service's question (under the tutor's lock).

use chrono::{Months, NaiveDate, NaiveDateTime};
use hometutor_core::Message;

use super::LessonError;
use crate::free::Interval;
use crate::ist::{self, Weekday};
use crate::slots::{DAY_ENDS, DAY_STARTS};

/// A lesson lasts at least this many minutes…
pub const MIN_MINUTES: i32 = 30;
/// …and at most this many.
pub const MAX_MINUTES: i32 = 180;
/// Lessons start, and last, in quarter hours.
pub const STEP_MINUTES: i32 = 15;
/// The highest fee per lesson, rupees.
pub const MAX_FEE: i64 = 100_000;
/// A note with a cancellation or a dispute, a topic or a homework note, in characters.
pub const MAX_NOTE_CHARS: usize = 500;

/// A plan as the tutor sends it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanInput {
    pub request_id: Option<i64>,
    pub booking_id: Option<i64>,
    pub weekdays: Vec<String>,
    /// `HH:MM` IST.
    pub start: String,
    pub minutes: i32,
    /// `YYYY-MM-DD`, IST.
    pub start_date: String,
    pub end_date: String,
    pub fee_per_lesson: i64,
}

/// A checked plan: its lessons are [`Checked::lessons`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub weekdays: Vec<Weekday>,
    pub start_minute: i32,
    pub minutes: i32,
    pub first_day: NaiveDate,
    pub last_day: NaiveDate,
    pub fee: i64,
    pub lessons: Vec<Interval>,
}

fn refusal(field: &'static str, id: &'static str) -> LessonError {
    LessonError::field(field, Message::new(id))
}

fn date(field: &'static str, raw: &str) -> Result<NaiveDate, LessonError> {
    NaiveDate::parse_from_str(raw.trim(), "%Y-%m-%d").map_err(|_| refusal(field, "validation-lesson-date"))
}

/// Checks `input` against `now`; the lessons are every chosen weekday from the start date to the
/// end date (both included) that starts after `now`, as UTC instants, soonest first.
pub fn check(input: &PlanInput, now: NaiveDateTime) -> Result<Checked, LessonError> {
    let mut weekdays = Vec::new();
    for raw in &input.weekdays {
        let day = Weekday::parse(raw).ok_or_else(|| refusal("weekdays", "validation-lesson-weekdays"))?;
        if !weekdays.contains(&day) {
            weekdays.push(day);
        }
    }
    if weekdays.is_empty() {
        return Err(refusal("weekdays", "validation-lesson-weekdays"));
    }
    weekdays.sort();
    let start = ist::parse_clock(&input.start).ok_or_else(|| refusal("start", "validation-lesson-start"))?;
    let minutes = input.minutes;
    if !(MIN_MINUTES..=MAX_MINUTES).contains(&minutes) || minutes % STEP_MINUTES != 0 {
        return Err(LessonError::field(
            "minutes",
            Message::new("validation-lesson-length").arg("min", MIN_MINUTES).arg("max", MAX_MINUTES),
        ));
    }
    if start % STEP_MINUTES != 0 {
        return Err(refusal("start", "validation-lesson-start"));
    }
    if start < DAY_STARTS || start + minutes > DAY_ENDS {
        return Err(refusal("start", "validation-lesson-hours"));
    }
    let (first_day, last_day) = (date("startDate", &input.start_date)?, date("endDate", &input.end_date)?);
    if first_day < ist::today(now) {
        return Err(refusal("startDate", "validation-lesson-past"));
    }
    if last_day < first_day {
        return Err(refusal("endDate", "validation-lesson-end-before-start"));
    }
    if first_day.checked_add_months(Months::new(12)).is_none_or(|limit| last_day > limit) {
        return Err(refusal("endDate", "validation-lesson-year"));
    }
    if !(1..=MAX_FEE).contains(&input.fee_per_lesson) {
        return Err(LessonError::field("feePerLesson", Message::new("validation-lesson-fee").arg("max", MAX_FEE)));
    }
    let lessons: Vec<Interval> = first_day
        .iter_days()
        .take_while(|d| *d <= last_day)
        .filter(|d| weekdays.contains(&Weekday::of(*d)))
        .map(|d| ist::to_utc(d, start))
        .filter(|s| *s > now)
        .map(|s| Interval { start: s, end: s + chrono::Duration::minutes(i64::from(minutes)) })
        .collect();
    if lessons.is_empty() {
        return Err(refusal("weekdays", "validation-lesson-none"));
    }
    Ok(Checked { weekdays, start_minute: start, minutes, first_day, last_day, fee: input.fee_per_lesson, lessons })
}

/// `YYYY-MM` as the first day of that month and the first day of the next.
pub fn month(raw: &str) -> Result<(NaiveDate, NaiveDate), LessonError> {
    let first = NaiveDate::parse_from_str(&format!("{}-01", raw.trim()), "%Y-%m-%d")
        .ok()
        .filter(|_| raw.trim().len() == 7)
        .ok_or_else(|| refusal("month", "validation-lesson-month"))?;
    let next = first.checked_add_months(Months::new(1)).ok_or_else(|| refusal("month", "validation-lesson-month"))?;
    Ok((first, next))
}

#[cfg(test)]
mod tests {
    use super::*;

    // Monday 4 January 2027, 10:00 IST.
    fn now() -> NaiveDateTime {
        NaiveDateTime::parse_from_str("2027-01-04 04:30", "%Y-%m-%d %H:%M").unwrap()
    }

    fn plan() -> PlanInput {
        PlanInput {
            request_id: Some(1),
            booking_id: None,
            weekdays: vec!["mon".into(), "wed".into(), "fri".into()],
            start: "17:00".into(),
            minutes: 60,
            start_date: "2027-01-04".into(),
            end_date: "2027-01-17".into(),
            fee_per_lesson: 500,
        }
    }

    fn message(r: Result<Checked, LessonError>) -> String {
        match r {
            Err(LessonError::Validation(e)) => e[0].message.clone(),
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    #[test]
    fn mon_wed_fri_for_two_weeks_is_six_lessons_in_utc() {
        let checked = check(&plan(), now()).unwrap();
        assert_eq!(checked.lessons.len(), 6);
        assert_eq!(checked.lessons[0].start.to_string(), "2027-01-04 11:30:00");
        assert_eq!(checked.lessons[0].end.to_string(), "2027-01-04 12:30:00");
        assert_eq!(checked.lessons[5].start.to_string(), "2027-01-15 11:30:00");
        // Today's lesson that has already started is not made.
        let late = NaiveDateTime::parse_from_str("2027-01-04 12:00", "%Y-%m-%d %H:%M").unwrap();
        assert_eq!(check(&plan(), late).unwrap().lessons.len(), 5);
    }

    #[test]
    fn each_broken_rule_is_named() {
        let with = |f: &dyn Fn(&mut PlanInput)| {
            let mut p = plan();
            f(&mut p);
            message(check(&p, now()))
        };
        assert_eq!(with(&|p| p.end_date = "2027-01-03".into()), "The end date is before the start date.");
        assert_eq!(with(&|p| p.end_date = "2028-01-05".into()), "A lesson plan lasts at most a year.");
        assert!(check(&PlanInput { end_date: "2028-01-04".into(), ..plan() }, now()).is_ok());
        assert_eq!(with(&|p| p.start = "21:30".into()), "Lessons lie between 06:00 and 22:00 IST.");
        assert_eq!(with(&|p| p.start = "05:45".into()), "Lessons lie between 06:00 and 22:00 IST.");
        assert_eq!(with(&|p| p.start_date = "2027-01-03".into()), "Choose a start date from today on.");
        assert_eq!(with(&|p| p.minutes = 20), "A lesson lasts 30 to 180 minutes, in quarter hours.");
        assert_eq!(with(&|p| p.weekdays = vec![]), "Choose the days of the week (mon … sun).");
        assert_eq!(with(&|p| p.fee_per_lesson = 0), "Write a fee per lesson from ₹1 to ₹100000.");
        assert_eq!(
            with(&|p| {
                p.weekdays = vec!["sun".into()];
                p.end_date = "2027-01-08".into();
            }),
            "No lesson falls on those days between the two dates."
        );
        assert_eq!(month("2027-01").unwrap().1.to_string(), "2027-02-01");
        assert!(month("2027-1").is_err() && month("2027-13").is_err());
    }
}
