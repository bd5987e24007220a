//! What each side does to one lesson: the parent confirms or disputes it once it has ended, the
//! tutor cancels it before its start and writes its diary entry. Each is one transaction under
//! the tutor's row lock that reads the lesson again inside it and judges its state on the clock
//! of that moment (a lesson 48 hours past its end has already confirmed itself).

use chrono::NaiveDateTime;
use hometutor_core::UserId;
use hometutor_db::{now, DbConnection};

use super::model::{Lesson, LessonStatus};
use super::rules::MAX_NOTE_CHARS;
use super::store::{self, LessonRow};
use super::{LessonError, Lessons};
use crate::bookings::rules::check_text;

/// Who acts on a lesson.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Actor {
    Tutor,
    Parent,
}

impl Lessons {
    /// The parent confirms a lesson that has ended (also one they disputed: the dispute is withdrawn).
    #[tracing::instrument(skip_all)]
    pub fn confirm(&self, me: UserId, id: i64) -> Result<Lesson, LessonError> {
        self.act(me, id, Actor::Parent, |c, row, at| match row.status(at) {
            (LessonStatus::Scheduled, _) => Err(LessonError::NotHeld),
            (LessonStatus::Held | LessonStatus::Disputed, _) => Ok(store::answer(c, row.id, "confirmed", None, at)?),
            // Pressed twice: the same answer again.
            (LessonStatus::Confirmed, false) => Ok(()),
            (LessonStatus::Confirmed, true) | (LessonStatus::Cancelled, _) => Err(LessonError::Closed),
        })
    }

    /// The parent disputes a lesson that has ended and is not yet confirmed, with a note; a
    /// disputed lesson never confirms itself.
    #[tracing::instrument(skip_all)]
    pub fn dispute(&self, me: UserId, id: i64, note: &str) -> Result<Lesson, LessonError> {
        let note = text("note", "Note", Some(note), true)?;
        self.act(me, id, Actor::Parent, |c, row, at| match row.status(at) {
            (LessonStatus::Scheduled, _) => Err(LessonError::NotHeld),
            (LessonStatus::Held, _) => Ok(store::answer(c, row.id, "disputed", note, at)?),
            _ => Err(LessonError::Closed),
        })
    }

    /// The tutor cancels a lesson before its start, with a note.
    #[tracing::instrument(skip_all)]
    pub fn cancel(&self, me: UserId, id: i64, note: &str) -> Result<Lesson, LessonError> {
        let note = text("note", "Note", Some(note), true)?.unwrap_or_default();
        self.act(me, id, Actor::Tutor, |c, row, at| {
            if row.cancelled_at.is_some() {
                return Err(LessonError::Closed);
            }
            if row.starts_at <= at {
                return Err(LessonError::Started);
            }
            Ok(store::cancel(c, row.id, note, at)?)
        })
    }

    /// The tutor writes the lesson's diary entry (topic and homework; blank clears one).
    #[tracing::instrument(skip_all)]
    pub fn write_diary(
        &self,
        me: UserId,
        id: i64,
        topic: Option<&str>,
        homework: Option<&str>,
    ) -> Result<Lesson, LessonError> {
        let topic = text("topic", "Topic", topic, false)?;
        let homework = text("homework", "Homework", homework, false)?;
        self.act(me, id, Actor::Tutor, |c, row, at| {
            if row.cancelled_at.is_some() {
                return Err(LessonError::Closed);
            }
            Ok(store::write_diary(c, row.id, topic, homework, at)?)
        })
    }

    /// Reads lesson `id` under its tutor's lock (neither side's: not found; the other side's
    /// action: refused), applies `change` and answers with the lesson as it now is.
    fn act(
        &self,
        me: UserId,
        id: i64,
        actor: Actor,
        change: impl FnOnce(&mut DbConnection, &LessonRow, NaiveDateTime) -> Result<(), LessonError>,
    ) -> Result<Lesson, LessonError> {
        self.db.write(|c| {
            let row = store::lesson(c, id)?
                .filter(|r| r.tutor_id == me.0 || r.parent_id == me.0)
                .ok_or(LessonError::LessonNotFound)?;
            match actor {
                Actor::Tutor if row.tutor_id != me.0 => return Err(LessonError::TutorOnly),
                Actor::Parent if row.parent_id != me.0 => return Err(LessonError::ParentOnly),
                _ => {}
            }
            hometutor_accounts::lock(c, UserId(row.tutor_id))?;
            let row = store::lesson(c, id)?.ok_or(LessonError::LessonNotFound)?;
            let at = now();
            change(c, &row, at)?;
            let row = store::lesson(c, id)?.ok_or(LessonError::LessonNotFound)?;
            Ok(row.view(at))
        })
    }
}

fn text(field: &'static str, label: &str, raw: Option<&str>, needed: bool) -> Result<Option<String>, LessonError> {
    check_text(field, label, raw, MAX_NOTE_CHARS, needed).map_err(|e| match e {
        crate::SchedulingError::Validation(v) => LessonError::Validation(v),
        crate::SchedulingError::Db(d) => LessonError::Db(d),
        other => LessonError::Validation(vec![hometutor_core::FieldError::new(field, other.to_string())]),
    })
}
