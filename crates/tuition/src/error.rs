use hometutor_core::FieldError;
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
