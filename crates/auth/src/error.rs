use hometutor_core::FieldError;
use hometutor_db::DbError;

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
