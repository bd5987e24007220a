//! Lesson plans and lessons as the API answers with them, and a lesson's state, read from its
//! stored facts and the clock.

use chrono::{Duration, NaiveDate, NaiveDateTime};

use crate::ist::Weekday;

/// An undisputed lesson counts as confirmed this many hours after its end.
pub const AUTO_CONFIRM_HOURS: i64 = 48;

/// Where a lesson stands at a given time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum LessonStatus {
    /// Not ended yet.
    Scheduled,
    /// Ended; waiting for the parent (it confirms itself 48 hours after its end).
    Held,
    /// The parent confirmed it, or 48 hours passed after its end without a dispute.
    Confirmed,
    /// The parent said it did not happen as planned; it never confirms itself.
    Disputed,
    /// The tutor cancelled it before its start.
    Cancelled,
}

impl LessonStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            LessonStatus::Scheduled => "scheduled",
            LessonStatus::Held => "held",
            LessonStatus::Confirmed => "confirmed",
            LessonStatus::Disputed => "disputed",
            LessonStatus::Cancelled => "cancelled",
        }
    }
}

/// The stored facts a lesson's state is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts<'a> {
    pub ends_at: NaiveDateTime,
    pub cancelled: bool,
    /// The parent's word: `confirmed` or `disputed`.
    pub answer: Option<&'a str>,
}

/// The lesson's state at `now`, and whether it confirmed itself. Computed on every read, never
/// written by a job: every process reads the same state at the same time, a dispute (stored) is
/// never overtaken, and nothing is left half-done by a process that stops.
pub fn status_at(facts: Facts<'_>, now: NaiveDateTime) -> (LessonStatus, bool) {
    if facts.cancelled {
        return (LessonStatus::Cancelled, false);
    }
    match facts.answer {
        Some("confirmed") => (LessonStatus::Confirmed, false),
        Some(_) => (LessonStatus::Disputed, false),
        None if now < facts.ends_at => (LessonStatus::Scheduled, false),
        None if now < confirms_at(facts.ends_at) => (LessonStatus::Held, false),
        None => (LessonStatus::Confirmed, true),
    }
}

/// When a lesson ending at `end` confirms itself unless disputed.
pub fn confirms_at(end: NaiveDateTime) -> NaiveDateTime {
    end + Duration::hours(AUTO_CONFIRM_HOURS)
}

/// One lesson.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Lesson {
    pub id: i64,
    pub plan_id: i64,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub starts_at: NaiveDateTime,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub ends_at: NaiveDateTime,
    /// The IST date of the lesson (`YYYY-MM-DD`).
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "2027-01-11"))]
    pub date: NaiveDate,
    pub status: LessonStatus,
    /// Confirmed by the clock (48 hours after its end without a dispute), not by the parent.
    pub auto_confirmed: bool,
    /// While held: when it confirms itself unless the parent disputes it first.
    #[serde(serialize_with = "hometutor_core::utc::serialize_option")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<chrono::DateTime<chrono::Utc>>))]
    pub confirms_at: Option<NaiveDateTime>,
    pub cancel_note: Option<String>,
    pub dispute_note: Option<String>,
    /// The class diary: what was taught, written by the tutor.
    pub topic: Option<String>,
    /// The class diary: the homework set.
    pub homework: Option<String>,
}

/// A recurring schedule between a tutor and a family.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct LessonPlan {
    pub id: i64,
    pub tutor: PlanPerson,
    pub parent: PlanPerson,
    pub request_id: Option<i64>,
    pub booking_id: Option<i64>,
    pub subject: Option<String>,
    #[serde(skip)]
    pub subject_id: Option<String>,
    /// `Asia/Kolkata`: the zone of the weekdays, the start and the dates.
    pub time_zone: &'static str,
    pub weekdays: Vec<Weekday>,
    /// `HH:MM` IST.
    #[cfg_attr(feature = "openapi", schema(example = "17:00"))]
    pub start: String,
    pub minutes: i32,
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "2027-01-11"))]
    pub start_date: NaiveDate,
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "2027-06-30"))]
    pub end_date: NaiveDate,
    /// Whole rupees, agreed between the two; no money moves through the site.
    pub fee_per_lesson: i64,
    /// Every lesson, soonest first (in lists: empty).
    pub lessons: Vec<Lesson>,
}

/// A side of a plan, named as the reader is shown them.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PlanPerson {
    pub id: i64,
    pub name: String,
}

/// The class diary between the caller and one other person: lesson by lesson, newest first.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Diary {
    pub tutor: PlanPerson,
    pub parent: PlanPerson,
    /// Lessons that were not cancelled and have started or carry an entry, newest first.
    pub entries: Vec<DiaryEntry>,
}

#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct DiaryEntry {
    pub lesson_id: i64,
    pub plan_id: i64,
    pub subject: Option<String>,
    #[serde(skip)]
    pub subject_id: Option<String>,
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "2027-01-11"))]
    pub date: NaiveDate,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = chrono::DateTime<chrono::Utc>))]
    pub starts_at: NaiveDateTime,
    pub topic: Option<String>,
    pub homework: Option<String>,
}

/// A plan's month (IST), in numbers. No money moves: the total is what the family owes the tutor.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Statement {
    pub plan_id: i64,
    pub tutor: PlanPerson,
    pub parent: PlanPerson,
    pub subject: Option<String>,
    #[serde(skip)]
    pub subject_id: Option<String>,
    /// `YYYY-MM`, IST.
    #[cfg_attr(feature = "openapi", schema(example = "2027-01"))]
    pub month: String,
    /// Lessons that have ended and were not cancelled (confirmed, disputed or awaiting the parent).
    pub held: i64,
    pub confirmed: i64,
    /// Held, waiting for the parent's word (counted once confirmed).
    pub awaiting: i64,
    pub disputed: i64,
    pub cancelled: i64,
    /// Not yet held.
    pub scheduled: i64,
    pub fee_per_lesson: i64,
    /// `confirmed × feePerLesson`, rupees.
    pub total: i64,
    /// The month's lessons, soonest first.
    pub lessons: Vec<Lesson>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn a_lesson_confirms_itself_48_hours_after_its_end_unless_disputed() {
        let end = at("2027-01-04 12:30");
        let open = Facts { ends_at: end, cancelled: false, answer: None };
        assert_eq!(status_at(open, at("2027-01-04 12:00")), (LessonStatus::Scheduled, false));
        assert_eq!(status_at(open, end), (LessonStatus::Held, false));
        assert_eq!(status_at(open, at("2027-01-06 12:29")), (LessonStatus::Held, false));
        assert_eq!(status_at(open, at("2027-01-06 12:30")), (LessonStatus::Confirmed, true));
        let disputed = Facts { answer: Some("disputed"), ..open };
        assert_eq!(status_at(disputed, at("2028-01-01 00:00")), (LessonStatus::Disputed, false));
        let confirmed = Facts { answer: Some("confirmed"), ..open };
        assert_eq!(status_at(confirmed, end), (LessonStatus::Confirmed, false));
        let cancelled = Facts { cancelled: true, ..open };
        assert_eq!(status_at(cancelled, at("2028-01-01 00:00")), (LessonStatus::Cancelled, false));
    }
}
