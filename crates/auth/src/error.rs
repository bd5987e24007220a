use hometutor_core::FieldError;
use hometutor_db::DbError;
use hometutor_i18n::Message;

#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    #[error("Invalid email or password.")]
    InvalidCredentials,
    #[error("Please verify your e-mail before logging in. Enter the code we sent you, or ask for a new one.")]
    EmailNotVerified,
    #[error("This account has been deactivated. Please contact support.")]
    Deactivated,
    #[error("Invalid or expired code. Please request a new one.")]
    InvalidCode,
    #[error("Invalid verification link.")]
    InvalidLink,
    #[error("Too many attempts. Please try again in {} minute(s).", .retry_after_secs.div_ceil(60))]
    RateLimited { retry_after_secs: u64 },
    /// Too many code e-mails asked for from one client address (register, resend, reset).
    #[error("Too many code e-mails were requested from your network. Please try again in {} minute(s).", .retry_after_secs.div_ceil(60))]
    TooManyCodeEmails { retry_after_secs: u64 },
    /// Every hashing thread is taken for longer than a login should wait (see `password.rs`).
    #[error("Too many sign-ins right now. Please try again in a few seconds.")]
    Busy { retry_after_secs: u64 },
    #[error("Session expired. Please log in again.")]
    Unauthenticated,
    #[error("An account with this e-mail already exists.")]
    AlreadyExists,
    #[error("Account not found.")]
    NotFound,
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<diesel::result::Error> for AuthError {
    fn from(e: diesel::result::Error) -> Self {
        AuthError::Db(DbError::Query(e))
    }
}

impl From<FieldError> for AuthError {
    fn from(e: FieldError) -> Self {
        AuthError::Validation(vec![e])
    }
}

impl AuthError {
    /// The catalogue message of this error (its Display is the English, for logs); `None` for
    /// validation errors (their fields carry theirs) and for failures a person is not shown.
    pub fn text(&self) -> Option<Message> {
        let minutes = |secs: &u64| secs.div_ceil(60);
        Some(match self {
            AuthError::Validation(_) | AuthError::Db(_) | AuthError::Internal(_) => return None,
            AuthError::InvalidCredentials => Message::new("error-invalid-credentials"),
            AuthError::EmailNotVerified => Message::new("error-email-not-verified"),
            AuthError::Deactivated => Message::new("error-deactivated"),
            AuthError::InvalidCode => Message::new("error-invalid-code"),
            AuthError::InvalidLink => Message::new("error-invalid-link"),
            AuthError::RateLimited { retry_after_secs } => {
                Message::new("error-rate-limited").arg("minutes", minutes(retry_after_secs))
            }
            AuthError::TooManyCodeEmails { retry_after_secs } => {
                Message::new("error-too-many-code-emails").arg("minutes", minutes(retry_after_secs))
            }
            AuthError::Busy { .. } => Message::new("error-busy"),
            AuthError::Unauthenticated => Message::new("error-session-expired"),
            AuthError::AlreadyExists => Message::new("error-already-exists"),
            AuthError::NotFound => Message::new("error-account-not-found"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use hometutor_i18n::Language;

    /// The catalogue's English is the Display, word for word.
    #[test]
    fn every_message_renders_as_its_display_in_english() {
        let errors = [
            AuthError::InvalidCredentials,
            AuthError::EmailNotVerified,
            AuthError::Deactivated,
            AuthError::InvalidCode,
            AuthError::InvalidLink,
            AuthError::RateLimited { retry_after_secs: 61 },
            AuthError::TooManyCodeEmails { retry_after_secs: 3600 },
            AuthError::Busy { retry_after_secs: 1 },
            AuthError::Unauthenticated,
            AuthError::AlreadyExists,
            AuthError::NotFound,
        ];
        for e in errors {
            let text = e.text().map(|t| t.render(Language::En));
            assert_eq!(text.as_deref(), Some(e.to_string().as_str()));
        }
    }
}
