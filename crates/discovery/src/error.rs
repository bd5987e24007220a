use hometutor_core::{FieldError, Message};
use hometutor_db::DbError;

#[derive(Debug, thiserror::Error)]
pub enum DiscoveryError {
    /// A request that is not the caller's, or none at all; an unknown tutor.
    #[error("Not found.")]
    NotFound,
    /// Tutors and admins do not get recommendations for a parent's request.
    #[error("Only the parent who posted the request can see its recommended tutors.")]
    NotAParent,
    #[error("This request is closed. Reopen it to invite tutors.")]
    Closed,
    /// Flagged by an admin (or not yet placed on the map): tutors cannot see it.
    #[error("This request is hidden from tutors, so you cannot invite tutors to it.")]
    Hidden,
    #[error("You have invited {0} tutors to this request, the most allowed. Wait for their answers.")]
    TooManyInvites(i64),
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for DiscoveryError {
    fn from(e: diesel::result::Error) -> Self {
        DiscoveryError::Db(DbError::Query(e))
    }
}

impl From<FieldError> for DiscoveryError {
    fn from(e: FieldError) -> Self {
        DiscoveryError::Validation(vec![e])
    }
}

impl DiscoveryError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// validation errors (their fields carry theirs) and database failures.
    pub fn text(&self) -> Option<Message> {
        Some(match self {
            DiscoveryError::Validation(_) | DiscoveryError::Db(_) => return None,
            DiscoveryError::NotFound => Message::new("error-not-found"),
            DiscoveryError::NotAParent => Message::new("error-recommend-parents-only"),
            DiscoveryError::Closed => Message::new("error-invite-closed"),
            DiscoveryError::Hidden => Message::new("error-invite-hidden"),
            DiscoveryError::TooManyInvites(count) => Message::new("error-too-many-invites").arg("count", *count),
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
        use DiscoveryError as E;
        for e in [E::NotFound, E::NotAParent, E::Closed, E::Hidden, E::TooManyInvites(20)] {
            assert_eq!(e.text().map(|t| t.render(Language::En)), Some(e.to_string()));
        }
    }
}
