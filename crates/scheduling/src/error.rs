use hometutor_core::{FieldError, Message};
use hometutor_db::DbError;

#[derive(Debug, thiserror::Error)]
pub enum SchedulingError {
    #[error("Only tutors keep availability.")]
    NotATutor,
    #[error("Tutor not found.")]
    TutorNotFound,
    /// Unknown, or another tutor's: the same answer, so ids reveal nothing.
    #[error("Time off not found.")]
    TimeOffNotFound,
    #[error("Only parents book demo classes.")]
    NotAParent,
    /// A booking's tutor: unknown, or not a tutor.
    #[error("Tutor not found.")]
    NoSuchTutor,
    /// Suspended, or one of the two blocks the other.
    #[error("This tutor cannot be booked.")]
    TutorUnavailable,
    #[error("That time is no longer free. Please choose another.")]
    BookingNotFree,
    /// Unknown, or someone else's: the same answer, so ids reveal nothing.
    #[error("Booking not found.")]
    BookingNotFound,
    #[error("This booking is not waiting for your answer.")]
    NotAwaitingYou,
    #[error("This booking can no longer be changed.")]
    BookingClosed,
    #[error("A no-show can be reported once the class has started.")]
    NoShowTooSoon,
    #[error("You can say how the demo went once it has started.")]
    OutcomeTooSoon,
    #[error("Your answer can no longer be changed: 48 hours have passed since you gave it.")]
    OutcomeLocked,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl SchedulingError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// validation errors (their fields carry theirs) and database failures.
    pub fn text(&self) -> Option<Message> {
        let id = match self {
            SchedulingError::Validation(_) | SchedulingError::Db(_) => return None,
            SchedulingError::NotATutor => "error-availability-tutors-only",
            SchedulingError::TutorNotFound => "error-tutor-not-found",
            SchedulingError::TimeOffNotFound => "error-time-off-not-found",
            SchedulingError::NotAParent => "error-booking-parents-only",
            SchedulingError::NoSuchTutor => "error-tutor-not-found",
            SchedulingError::TutorUnavailable => "error-booking-tutor-unavailable",
            SchedulingError::BookingNotFree => "error-booking-not-free",
            SchedulingError::BookingNotFound => "error-booking-not-found",
            SchedulingError::NotAwaitingYou => "error-booking-not-awaiting-you",
            SchedulingError::BookingClosed => "error-booking-closed",
            SchedulingError::NoShowTooSoon => "error-booking-no-show-too-soon",
            SchedulingError::OutcomeTooSoon => "error-booking-outcome-too-soon",
            SchedulingError::OutcomeLocked => "error-booking-outcome-locked",
        };
        Some(Message::new(id))
    }

    pub(crate) fn field(field: &'static str, text: Message) -> Self {
        SchedulingError::Validation(vec![FieldError::text(field, text)])
    }
}

impl From<diesel::result::Error> for SchedulingError {
    fn from(e: diesel::result::Error) -> Self {
        SchedulingError::Db(DbError::Query(e))
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
            SchedulingError::NotATutor,
            SchedulingError::TutorNotFound,
            SchedulingError::TimeOffNotFound,
            SchedulingError::NotAParent,
            SchedulingError::NoSuchTutor,
            SchedulingError::TutorUnavailable,
            SchedulingError::BookingNotFree,
            SchedulingError::BookingNotFound,
            SchedulingError::NotAwaitingYou,
            SchedulingError::BookingClosed,
            SchedulingError::NoShowTooSoon,
            SchedulingError::OutcomeTooSoon,
            SchedulingError::OutcomeLocked,
        ] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
