//! Every error leaves the server as `{"message", "code", "fields"?}` with one
//! status per domain error, mapped here and nowhere else.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use hometutor_admin::AdminError;
use hometutor_auth::AuthError;
use hometutor_media::MediaError;
use hometutor_messaging::{MessagingError, WriteError};
use hometutor_notifications::NotificationError;
use hometutor_payments::PaymentError;
use hometutor_profiles::ProfileError;
use hometutor_tuition::TuitionError;
use serde::Serialize;
use utoipa::ToSchema;

pub use crate::error_code::ErrorCode;

#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// A sentence for a person.
    pub message: String,
    pub code: ErrorCode,
    /// Per-field messages of a validation error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub body: ErrorBody,
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        Self { status, body: ErrorBody { message: message.into(), code, fields: None }, retry_after: None }
    }

    pub fn unauthenticated() -> Self {
        Self::new(StatusCode::UNAUTHORIZED, ErrorCode::Unauthenticated, "Session expired. Please log in again.")
    }

    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, message)
    }

    /// A validation error (400 `validation`) with a message for each named field.
    pub fn invalid_fields(message: impl Into<String>, fields: BTreeMap<String, String>) -> Self {
        let mut err = Self::new(StatusCode::BAD_REQUEST, ErrorCode::Validation, message);
        err.body.fields = Some(fields);
        err
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, "Not found.")
    }

    /// Logs the cause with the request's span and answers without revealing it.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
            "An unexpected error occurred. Please try again.",
        )
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.status, self.body.message)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.status
    }

    fn error_response(&self) -> HttpResponse {
        let mut response = HttpResponse::build(self.status);
        if let Some(secs) = self.retry_after {
            response.insert_header(("Retry-After", secs.to_string()));
        }
        response.json(&self.body)
    }
}

impl From<AuthError> for ApiError {
    fn from(e: AuthError) -> Self {
        let message = e.to_string();
        match e {
            AuthError::Validation(errors) => validation(message, &errors),
            AuthError::InvalidCredentials => {
                Self::new(StatusCode::UNAUTHORIZED, ErrorCode::InvalidCredentials, message)
            }
            AuthError::EmailNotVerified => Self::new(StatusCode::FORBIDDEN, ErrorCode::EmailNotVerified, message),
            AuthError::Deactivated => Self::new(StatusCode::FORBIDDEN, ErrorCode::AccountDeactivated, message),
            AuthError::InvalidCode => Self::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidCode, message),
            AuthError::InvalidLink => Self::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidLink, message),
            AuthError::RateLimited { retry_after_secs } | AuthError::TooManyCodeEmails { retry_after_secs } => {
                let mut err = Self::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited, message);
                err.retry_after = Some(retry_after_secs);
                err
            }
            AuthError::Busy { retry_after_secs } => {
                let mut err = Self::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Busy, message);
                err.retry_after = Some(retry_after_secs);
                err
            }
            AuthError::Unauthenticated => Self::unauthenticated(),
            AuthError::AlreadyExists => Self::new(StatusCode::CONFLICT, ErrorCode::AlreadyExists, message),
            AuthError::NotFound => Self::not_found(),
            AuthError::Db(e) => database(e),
            AuthError::Internal(e) => Self::internal(e),
        }
    }
}

/// A failed database call: a person is told to retry when the database is
/// briefly unreachable or the disk is full; anything else is an internal error.
pub fn database(e: hometutor_db::DbError) -> ApiError {
    use hometutor_db::Failure;
    match e.failure() {
        Failure::Unavailable => {
            tracing::warn!(error = ?e, "database unavailable");
            let mut err = ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::DatabaseUnavailable,
                "The service is briefly unavailable. Please try again in a few seconds.",
            );
            err.retry_after = Some(5);
            err
        }
        Failure::StorageFull => storage_full(e),
        Failure::Other => ApiError::internal(e),
    }
}

/// The disk is full: nothing was saved; the operator has to free space.
pub fn storage_full(cause: impl std::fmt::Display) -> ApiError {
    tracing::error!(error = %cause, "storage full");
    ApiError::new(
        StatusCode::INSUFFICIENT_STORAGE,
        ErrorCode::StorageFull,
        "We cannot save anything right now because our storage is full. Please try again later.",
    )
}

/// A validation error with its per-field messages.
fn validation(message: String, errors: &[hometutor_core::FieldError]) -> ApiError {
    ApiError::invalid_fields(message, errors.iter().map(|f| (f.field.to_string(), f.message.clone())).collect())
}

impl From<TuitionError> for ApiError {
    fn from(e: TuitionError) -> Self {
        let message = e.to_string();
        match e {
            TuitionError::Validation(errors) => validation(message, &errors),
            TuitionError::NotAParent => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotAParent, message),
            TuitionError::NotATutor => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotATutor, message),
            TuitionError::SubscriptionRequired => {
                Self::new(StatusCode::FORBIDDEN, ErrorCode::SubscriptionRequired, message)
            }
            TuitionError::NotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message),
            TuitionError::InterestLimit => Self::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::InterestLimit, message),
            TuitionError::NotATutorArea => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotATutor, message),
            TuitionError::AreaNotSet => Self::new(StatusCode::NOT_FOUND, ErrorCode::AreaNotSet, message),
            TuitionError::Closed => Self::new(StatusCode::CONFLICT, ErrorCode::RequestClosed, message),
            TuitionError::AlreadyOpen => Self::new(StatusCode::CONFLICT, ErrorCode::RequestOpen, message),
            TuitionError::Db(e) => database(e),
        }
    }
}

impl From<MessagingError> for ApiError {
    fn from(e: MessagingError) -> Self {
        let message = e.to_string();
        match e {
            MessagingError::Empty => Self::new(StatusCode::BAD_REQUEST, ErrorCode::EmptyMessage, message),
            MessagingError::TooLong => Self::new(StatusCode::BAD_REQUEST, ErrorCode::MessageTooLong, message),
            MessagingError::ControlCharacters => {
                let field = hometutor_core::FieldError::new("text", message.clone());
                validation(message, &[field])
            }
            MessagingError::Blocked => Self::new(StatusCode::FORBIDDEN, ErrorCode::Blocked, message),
            MessagingError::ContactNotAllowed => {
                Self::new(StatusCode::FORBIDDEN, ErrorCode::ContactNotAllowed, message)
            }
            MessagingError::SelfBlock => Self::new(StatusCode::BAD_REQUEST, ErrorCode::SelfBlock, message),
            MessagingError::NoSuchUser | MessagingError::NoSuchRequest => {
                Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
            }
            MessagingError::Db(e) => database(e),
        }
    }
}

impl From<WriteError> for ApiError {
    fn from(e: WriteError) -> Self {
        match e {
            WriteError::Refused(e) => e.into(),
            // Never acknowledged: the sender hears an error and may send it again.
            WriteError::Stopped | WriteError::Dropped => Self::internal(e),
        }
    }
}

impl From<ProfileError> for ApiError {
    fn from(e: ProfileError) -> Self {
        let message = e.to_string();
        match e {
            ProfileError::NotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message),
            ProfileError::NotYours => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotYours, message),
            ProfileError::NotAParent => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotAParent, message),
            ProfileError::NotInTouch => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotInTouch, message),
            ProfileError::Validation(errors) => validation(message, &errors),
            ProfileError::Db(e) => database(e),
        }
    }
}

impl From<MediaError> for ApiError {
    fn from(e: MediaError) -> Self {
        let message = e.to_string();
        match e {
            MediaError::TooLarge { .. } => Self::new(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::FileTooLarge, message),
            MediaError::NotAllowed(_) | MediaError::Mismatch(_) => {
                Self::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, ErrorCode::UnsupportedFile, message)
            }
            MediaError::Damaged(_) => Self::new(StatusCode::BAD_REQUEST, ErrorCode::DamagedFile, message),
            MediaError::ImageTooLarge { .. } => Self::new(StatusCode::BAD_REQUEST, ErrorCode::ImageTooLarge, message),
            MediaError::QuotaFull { .. } => {
                Self::new(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::UploadQuotaFull, message)
            }
            MediaError::TooManyUploads { retry_after_secs, .. } => {
                let mut err = Self::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited, message);
                err.retry_after = Some(retry_after_secs);
                err
            }
            MediaError::NotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message),
            MediaError::NotYours => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotYours, message),
            MediaError::Io(e) if e.kind() == std::io::ErrorKind::StorageFull => storage_full(e),
            MediaError::Io(e) => Self::internal(e),
            MediaError::Unavailable(cause) => {
                tracing::warn!(error = %cause, "file storage unavailable");
                let mut err = Self::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    ErrorCode::StorageUnavailable,
                    "Uploaded files are briefly unavailable. Please try again in a few seconds.",
                );
                err.retry_after = Some(5);
                err
            }
            MediaError::Db(e) => database(e),
        }
    }
}

impl From<PaymentError> for ApiError {
    fn from(e: PaymentError) -> Self {
        let message = e.to_string();
        match e {
            PaymentError::NotATutor => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotATutor, message),
            PaymentError::OrderNotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::OrderNotFound, message),
            PaymentError::NotPaid => Self::new(StatusCode::PAYMENT_REQUIRED, ErrorCode::PaymentNotCompleted, message),
            PaymentError::Closed => Self::new(StatusCode::PAYMENT_REQUIRED, ErrorCode::PaymentClosed, message),
            PaymentError::Mismatch => Self::new(StatusCode::CONFLICT, ErrorCode::PaymentMismatch, message),
            PaymentError::Provider(cause) => {
                tracing::warn!(error = %cause, "payment provider");
                Self::new(StatusCode::BAD_GATEWAY, ErrorCode::ProviderUnavailable, message)
            }
            PaymentError::BadSignature => Self::new(StatusCode::UNAUTHORIZED, ErrorCode::BadSignature, message),
            PaymentError::SimulationDisabled => Self::not_found(),
            PaymentError::Db(e) => database(e),
            PaymentError::Internal(e) => Self::internal(e),
        }
    }
}

impl From<AdminError> for ApiError {
    fn from(e: AdminError) -> Self {
        let message = e.to_string();
        match e {
            AdminError::NotFound(_) => Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message),
            AdminError::Validation(errors) => validation(message, &errors),
            AdminError::Refused(_) => Self::new(StatusCode::CONFLICT, ErrorCode::Refused, message),
            AdminError::NotAParent => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotAParent, message),
            AdminError::Auth(e) => e.into(),
            AdminError::Media(e) => e.into(),
            AdminError::Db(e) => database(e),
        }
    }
}

impl From<NotificationError> for ApiError {
    fn from(e: NotificationError) -> Self {
        let message = e.to_string();
        match e {
            NotificationError::Validation(errors) => validation(message, &errors),
            NotificationError::InvalidUnsubscribeLink => {
                Self::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidUnsubscribeLink, message)
            }
            NotificationError::NoSuchUser => Self::unauthenticated(),
            NotificationError::Db(e) => database(e),
        }
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        Self::internal(e)
    }
}

/// Runs blocking domain work (diesel, bcrypt) on the blocking pool, off the reactor.
pub async fn blocking<T, E>(f: impl FnOnce() -> Result<T, E> + Send + 'static) -> Result<T, ApiError>
where
    T: Send + 'static,
    E: Into<ApiError> + Send + 'static,
{
    actix_web::web::block(f).await?.map_err(Into::into)
}
