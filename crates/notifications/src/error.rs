use hometutor_core::FieldError;
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
