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
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for MessagingError {
    fn from(e: diesel::result::Error) -> Self {
        MessagingError::Db(DbError::Query(e))
    }
}
