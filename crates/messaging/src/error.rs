use hometutor_core::Message;
use hometutor_db::DbError;

#[derive(Debug, thiserror::Error)]
pub enum MessagingError {
    #[error("Message cannot be empty")]
    Empty,
    #[error("Message is too long (at most 2000 characters).")]
    TooLong,
    #[error("Message must not contain control characters.")]
    ControlCharacters,
    #[error("This user is not accepting your messages.")]
    Blocked,
    #[error("You cannot block yourself.")]
    SelfBlock,
    #[error("User not found.")]
    NoSuchUser,
    #[error("You can message this person once they contact you or through one of their tuition requests.")]
    ContactNotAllowed,
    #[error("Tuition request not found.")]
    NoSuchRequest,
    #[error("You have reached today's limit of 30 new contacts with families (interests and first messages together). Try again tomorrow.")]
    FirstContactLimit,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for MessagingError {
    fn from(e: diesel::result::Error) -> Self {
        MessagingError::Db(DbError::Query(e))
    }
}

impl MessagingError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// database failures.
    pub fn text(&self) -> Option<Message> {
        let id = match self {
            MessagingError::Db(_) => return None,
            MessagingError::Empty => "error-message-empty",
            MessagingError::TooLong => "error-message-too-long",
            MessagingError::ControlCharacters => "error-message-control",
            MessagingError::Blocked => "error-blocked",
            MessagingError::SelfBlock => "error-self-block",
            MessagingError::NoSuchUser => "error-user-not-found",
            MessagingError::ContactNotAllowed => "error-contact-not-allowed",
            MessagingError::NoSuchRequest => "error-tuition-request-not-found",
            MessagingError::FirstContactLimit => "error-first-contact-limit",
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
        use MessagingError as E;
        for e in [
            E::Empty,
            E::TooLong,
            E::ControlCharacters,
            E::Blocked,
            E::SelfBlock,
            E::NoSuchUser,
            E::ContactNotAllowed,
            E::NoSuchRequest,
            E::FirstContactLimit,
        ] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
