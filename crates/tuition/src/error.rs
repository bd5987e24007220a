use hometutor_core::{FieldError, Message};
use hometutor_db::DbError;

#[derive(Debug, thiserror::Error)]
pub enum TuitionError {
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    #[error("Only parents can post tuition requests.")]
    NotAParent,
    #[error("Only tutors can look for nearby requests.")]
    NotATutor,
    #[error("An active subscription is needed to see nearby requests and parent contact details. Please subscribe.")]
    SubscriptionRequired,
    #[error("You have reached today's limit of interests. Try again tomorrow.")]
    InterestLimit,
    /// The most requests one parent may post in any 24 hours (the number allowed).
    #[error("You can post at most {0} requests a day. Please try again tomorrow.")]
    RequestLimit(i64),
    #[error("Request not found.")]
    NotFound,
    #[error("Only tutors have a teaching area.")]
    NotATutorArea,
    #[error("You have not saved a teaching area yet.")]
    AreaNotSet,
    #[error("This request is closed.")]
    Closed,
    #[error("This request is already open.")]
    AlreadyOpen,
    /// Sharing contacts again with a tutor while either of the two blocks the other.
    #[error("You cannot share your phone and e-mail with this tutor while one of you blocks the other.")]
    SharingBlocked,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for TuitionError {
    fn from(e: diesel::result::Error) -> Self {
        TuitionError::Db(DbError::Query(e))
    }
}

impl From<FieldError> for TuitionError {
    fn from(e: FieldError) -> Self {
        TuitionError::Validation(vec![e])
    }
}

impl TuitionError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// validation errors (their fields carry theirs) and database failures.
    pub fn text(&self) -> Option<Message> {
        let id = match self {
            TuitionError::RequestLimit(max) => return Some(Message::new("error-request-limit").arg("max", *max)),
            TuitionError::Validation(_) | TuitionError::Db(_) => return None,
            TuitionError::NotAParent => "error-tuition-parents-only",
            TuitionError::NotATutor => "error-tuition-tutors-only",
            TuitionError::SubscriptionRequired => "error-subscription-required",
            TuitionError::InterestLimit => "error-interest-limit",
            TuitionError::NotFound => "error-request-not-found",
            TuitionError::NotATutorArea => "error-area-tutors-only",
            TuitionError::AreaNotSet => "error-area-not-set",
            TuitionError::Closed => "error-request-closed",
            TuitionError::AlreadyOpen => "error-request-open",
            TuitionError::SharingBlocked => "error-sharing-blocked",
        };
        Some(Message::new(id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_core::Language;

    /// The catalogue's English is the Display, word for word.
    #[test]
    fn every_message_renders_as_its_display_in_english() {
        use TuitionError as E;
        for e in [
            E::NotAParent,
            E::NotATutor,
            E::SubscriptionRequired,
            E::InterestLimit,
            E::RequestLimit(5),
            E::NotFound,
            E::NotATutorArea,
            E::AreaNotSet,
            E::Closed,
            E::AlreadyOpen,
            E::SharingBlocked,
        ] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
