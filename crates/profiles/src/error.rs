use chrono::{Datelike, NaiveDateTime};
use hometutor_core::{Arg, FieldError, Language, Message};
use hometutor_db::DbError;

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("Tutor not found.")]
    NotFound,
    #[error("You can only edit your own profile.")]
    NotYours,
    #[error("Only parents can review tutors.")]
    NotAParent,
    #[error("You can review a tutor after you have been in touch.")]
    NotInTouch,
    /// In touch, but no real contact yet: `opens_at` (UTC) when both have written and the day
    /// after has not passed, `None` while one side has not written.
    #[error("{}", too_soon(*.opens_at).render(Language::En))]
    ReviewTooSoon { opens_at: Option<NaiveDateTime> },
    #[error("Review not found.")]
    ReviewNotFound,
    #[error("Only the reviewed tutor can answer a review.")]
    NotAnswerable,
    #[error("This review already has an answer.")]
    AlreadyAnswered,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl ProfileError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// validation errors (their fields carry theirs) and database failures.
    pub fn text(&self) -> Option<Message> {
        let id = match self {
            ProfileError::Validation(_) | ProfileError::Db(_) => return None,
            ProfileError::ReviewTooSoon { opens_at } => return Some(too_soon(*opens_at)),
            ProfileError::NotFound => "error-tutor-not-found",
            ProfileError::NotYours => "error-profile-not-yours",
            ProfileError::NotAParent => "error-review-parents-only",
            ProfileError::NotInTouch => "error-review-not-in-touch",
            ProfileError::ReviewNotFound => "error-review-not-found",
            ProfileError::NotAnswerable => "error-review-not-answerable",
            ProfileError::AlreadyAnswered => "error-review-answered",
        };
        Some(Message::new(id))
    }
}

/// 'You can review this tutor from 5 January 2027, 14:30 UTC…', or that both must write first.
fn too_soon(opens_at: Option<NaiveDateTime>) -> Message {
    match opens_at {
        Some(at) => Message::new("error-review-too-soon")
            .arg("date", Arg::date(at.year(), at.month(), at.day()))
            .arg("time", at.format("%H:%M").to_string()),
        None => Message::new("error-review-both-write"),
    }
}

impl From<diesel::result::Error> for ProfileError {
    fn from(e: diesel::result::Error) -> Self {
        ProfileError::Db(DbError::Query(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The catalogue's English is the Display, word for word.
    #[test]
    fn every_message_renders_as_its_display_in_english() {
        use ProfileError as E;
        for e in [
            E::NotFound,
            E::NotYours,
            E::NotAParent,
            E::NotInTouch,
            E::ReviewTooSoon { opens_at: None },
            E::ReviewTooSoon {
                opens_at: chrono::NaiveDate::from_ymd_opt(2027, 1, 5).and_then(|d| d.and_hms_opt(14, 30, 0)),
            },
            E::ReviewNotFound,
            E::NotAnswerable,
            E::AlreadyAnswered,
        ] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
