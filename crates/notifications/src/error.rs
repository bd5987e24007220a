use hometutor_core::{FieldError, Message};
use hometutor_db::DbError;

#[derive(Debug, thiserror::Error)]
pub enum NotificationError {
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    /// A forged, altered or foreign unsubscribe token, or one whose account is gone.
    #[error("This unsubscribe link is not valid. Change your e-mail choices on your profile instead.")]
    InvalidUnsubscribeLink,
    #[error("Account not found.")]
    NoSuchUser,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for NotificationError {
    fn from(e: diesel::result::Error) -> Self {
        NotificationError::Db(DbError::Query(e))
    }
}

impl From<FieldError> for NotificationError {
    fn from(e: FieldError) -> Self {
        NotificationError::Validation(vec![e])
    }
}

impl NotificationError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// validation errors (their fields carry theirs) and database failures.
    pub fn text(&self) -> Option<Message> {
        Some(match self {
            NotificationError::Validation(_) | NotificationError::Db(_) => return None,
            NotificationError::InvalidUnsubscribeLink => Message::new("error-unsubscribe-link"),
            NotificationError::NoSuchUser => Message::new("error-account-not-found"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_core::Language;

    /// The catalogue's English is the Display, word for word.
    #[test]
    fn every_message_renders_as_its_display_in_english() {
        use NotificationError as E;
        for e in [E::InvalidUnsubscribeLink, E::NoSuchUser] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
