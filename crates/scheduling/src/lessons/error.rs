use hometutor_core::{FieldError, Message};
use hometutor_db::DbError;

/// Why a lesson plan, a lesson or the diary refused a change (or was not found).
#[derive(Debug, thiserror::Error)]
pub enum LessonError {
    /// Unknown, or someone else's: the same answer, so ids reveal nothing.
    #[error("Lesson plan not found.")]
    PlanNotFound,
    /// Unknown, or someone else's.
    #[error("Lesson not found.")]
    LessonNotFound,
    #[error("Only the tutor plans lessons, cancels them and writes the diary.")]
    TutorOnly,
    #[error("Only the parent confirms or disputes a lesson.")]
    ParentOnly,
    /// Suspended, or one of the two blocks the other.
    #[error("Lessons with this family cannot be planned.")]
    Unavailable,
    #[error("The lesson on {0} overlaps another of your classes.")]
    Overlap(String),
    #[error("A lesson can be confirmed or disputed once it has ended.")]
    NotHeld,
    #[error("This lesson can no longer be changed.")]
    Closed,
    #[error("A lesson can be cancelled only before it starts.")]
    Started,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl LessonError {
    /// The catalogue message (its Display is the English, for logs); `None` for validation
    /// errors (their fields carry theirs) and database failures.
    pub fn text(&self) -> Option<Message> {
        let id = match self {
            LessonError::Validation(_) | LessonError::Db(_) => return None,
            LessonError::Overlap(date) => return Some(Message::new("error-lesson-overlap").arg("date", date.clone())),
            LessonError::PlanNotFound => "error-lesson-plan-not-found",
            LessonError::LessonNotFound => "error-lesson-not-found",
            LessonError::TutorOnly => "error-lesson-tutor-only",
            LessonError::ParentOnly => "error-lesson-parent-only",
            LessonError::Unavailable => "error-lesson-unavailable",
            LessonError::NotHeld => "error-lesson-not-held",
            LessonError::Closed => "error-lesson-closed",
            LessonError::Started => "error-lesson-started",
        };
        Some(Message::new(id))
    }

    pub(crate) fn field(field: &'static str, text: Message) -> Self {
        LessonError::Validation(vec![FieldError::text(field, text)])
    }
}

impl From<diesel::result::Error> for LessonError {
    fn from(e: diesel::result::Error) -> Self {
        LessonError::Db(DbError::Query(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_core::Language;

    /// The catalogue's English is the Display, word for word.
    #[test]
    fn every_message_renders_as_its_display_in_english() {
        for e in [
            LessonError::PlanNotFound,
            LessonError::LessonNotFound,
            LessonError::TutorOnly,
            LessonError::ParentOnly,
            LessonError::Unavailable,
            LessonError::Overlap("2027-01-11".into()),
            LessonError::NotHeld,
            LessonError::Closed,
            LessonError::Started,
        ] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
