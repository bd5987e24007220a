//! Every error leaves the server as `{"message", "code", "fields"?}` with one
//! status per domain error, mapped here and nowhere else. The body is built in English;
//! where the message came from the catalogue, [`ApiError::texts`] keeps its id and
//! arguments, and `crate::language::localize` renders it again in the request's language.

use std::collections::BTreeMap;

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use hometutor_admin::AdminError;
use hometutor_auth::AuthError;
use hometutor_discovery::DiscoveryError;
use hometutor_i18n::{Language, Message};
use hometutor_media::MediaError;
use hometutor_messaging::{MessagingError, WriteError};
use hometutor_notifications::NotificationError;
use hometutor_payments::PaymentError;
use hometutor_profiles::ProfileError;
use hometutor_scheduling::SchedulingError;
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
    /// Boxed: most errors carry none, and an `ApiError` is moved through every `Result`.
    pub texts: Box<ErrorTexts>,
}

/// The catalogue messages an error's body was rendered from: the message, and the fields'.
/// A part without one reads the same in every language.
#[derive(Debug, Default)]
pub struct ErrorTexts {
    pub message: Option<Message>,
    pub fields: BTreeMap<String, Message>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> Self {
        let body = ErrorBody { message: message.into(), code, fields: None };
        Self { status, body, retry_after: None, texts: Box::default() }
    }

    /// An error whose message is the catalogue's `text` (in English here).
    pub fn text(status: StatusCode, code: ErrorCode, text: Message) -> Self {
        let mut err = Self::new(status, code, text.render(Language::En));
        err.texts.message = Some(text);
        err
    }

    /// The error with `text` as its message's catalogue message, unless it has one already
    /// (a validation error's is its first field's; a database failure's its own).
    pub fn with_text(mut self, text: Option<Message>) -> Self {
        if self.texts.message.is_none() {
            self.texts.message = text;
        }
        self
    }

    /// The body in `language`: the message and each field's from the catalogue where they came from it.
    pub fn body_in(&self, language: Language) -> ErrorBody {
        let message = match &self.texts.message {
            Some(text) if language != Language::En => text.render(language),
            _ => self.body.message.clone(),
        };
        let fields = self.body.fields.as_ref().map(|fields| {
            fields
                .iter()
                .map(|(field, english)| {
                    let text = self.texts.fields.get(field).filter(|_| language != Language::En);
                    (field.clone(), text.map_or_else(|| english.clone(), |t| t.render(language)))
                })
                .collect()
        });
        ErrorBody { message, code: self.body.code, fields }
    }

    /// The answer, its body in `language` (for errors answered outside `language::localize`).
    pub fn response_in(&self, language: Language) -> HttpResponse {
        let mut response = self.error_response();
        if language != Language::En {
            if let Ok(bytes) = serde_json::to_vec(&self.body_in(language)) {
                response = response.set_body(actix_web::body::BoxBody::new(bytes));
            }
        }
        response
    }

    pub fn unauthenticated() -> Self {
        Self::text(StatusCode::UNAUTHORIZED, ErrorCode::Unauthenticated, Message::new("error-session-expired"))
    }

    /// A 400 `invalid_request` whose message is the catalogue's `text`.
    pub fn bad_request_text(text: Message) -> Self {
        Self::text(StatusCode::BAD_REQUEST, ErrorCode::InvalidRequest, text)
    }

    /// A validation error (400 `validation`) with a message for each named field.
    pub fn invalid_fields(message: impl Into<String>, fields: BTreeMap<String, String>) -> Self {
        let mut err = Self::new(StatusCode::BAD_REQUEST, ErrorCode::Validation, message);
        err.body.fields = Some(fields);
        err
    }

    pub fn not_found() -> Self {
        Self::text(StatusCode::NOT_FOUND, ErrorCode::NotFound, Message::new("error-not-found"))
    }

    /// Logs the cause with the request's span and answers without revealing it.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "internal error");
        Self::text(StatusCode::INTERNAL_SERVER_ERROR, ErrorCode::Internal, Message::new("error-internal"))
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
        let text = e.text();
        auth_error(e).with_text(text)
    }
}

fn auth_error(e: AuthError) -> ApiError {
    {
        let message = e.to_string();
        match e {
            AuthError::Validation(errors) => validation(message, &errors),
            AuthError::InvalidCredentials => {
                ApiError::new(StatusCode::UNAUTHORIZED, ErrorCode::InvalidCredentials, message)
            }
            AuthError::EmailNotVerified => ApiError::new(StatusCode::FORBIDDEN, ErrorCode::EmailNotVerified, message),
            AuthError::Deactivated => ApiError::new(StatusCode::FORBIDDEN, ErrorCode::AccountDeactivated, message),
            AuthError::InvalidCode => ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidCode, message),
            AuthError::InvalidLink => ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidLink, message),
            AuthError::RateLimited { retry_after_secs } | AuthError::TooManyCodeEmails { retry_after_secs } => {
                let mut err = ApiError::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited, message);
                err.retry_after = Some(retry_after_secs);
                err
            }
            AuthError::Busy { retry_after_secs } => {
                let mut err = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Busy, message);
                err.retry_after = Some(retry_after_secs);
                err
            }
            AuthError::Unauthenticated => ApiError::unauthenticated(),
            AuthError::AlreadyExists => ApiError::new(StatusCode::CONFLICT, ErrorCode::AlreadyExists, message),
            AuthError::NotFound => ApiError::not_found(),
            AuthError::Db(e) => database(e),
            AuthError::Internal(e) => ApiError::internal(e),
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
            let mut err = ApiError::text(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::DatabaseUnavailable,
                Message::new("error-database-unavailable"),
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
    ApiError::text(StatusCode::INSUFFICIENT_STORAGE, ErrorCode::StorageFull, Message::new("error-storage-full"))
}

/// A validation error with its per-field messages.
pub(crate) fn validation(message: String, errors: &[hometutor_core::FieldError]) -> ApiError {
    let mut err =
        ApiError::invalid_fields(message, errors.iter().map(|f| (f.field.to_string(), f.message.clone())).collect());
    // The message is the first field's (as each domain's Display has it).
    err.texts.message = errors.first().and_then(|f| f.text.clone());
    err.texts.fields = errors.iter().filter_map(|f| Some((f.field.to_string(), f.text.clone()?))).collect();
    err
}

impl From<TuitionError> for ApiError {
    fn from(e: TuitionError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
            TuitionError::Validation(errors) => validation(message, &errors),
            TuitionError::NotAParent => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotAParent, message),
            TuitionError::NotATutor => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotATutor, message),
            TuitionError::SubscriptionRequired => {
                Self::new(StatusCode::FORBIDDEN, ErrorCode::SubscriptionRequired, message)
            }
            TuitionError::NotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message),
            TuitionError::InterestLimit => Self::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::InterestLimit, message),
            TuitionError::RequestLimit(_) => Self::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RequestLimit, message),
            TuitionError::NotATutorArea => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotATutor, message),
            TuitionError::AreaNotSet => Self::new(StatusCode::NOT_FOUND, ErrorCode::AreaNotSet, message),
            TuitionError::Closed => Self::new(StatusCode::CONFLICT, ErrorCode::RequestClosed, message),
            TuitionError::AlreadyOpen => Self::new(StatusCode::CONFLICT, ErrorCode::RequestOpen, message),
            TuitionError::SharingBlocked => Self::new(StatusCode::FORBIDDEN, ErrorCode::Blocked, message),
            TuitionError::Db(e) => database(e),
        };
        err.with_text(text)
    }
}

impl From<MessagingError> for ApiError {
    fn from(e: MessagingError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
            MessagingError::Empty => Self::new(StatusCode::BAD_REQUEST, ErrorCode::EmptyMessage, message),
            MessagingError::TooLong => Self::new(StatusCode::BAD_REQUEST, ErrorCode::MessageTooLong, message),
            MessagingError::ControlCharacters => {
                let field = hometutor_core::FieldError::text("text", Message::new("error-message-control"));
                validation(message, &[field])
            }
            MessagingError::Blocked => Self::new(StatusCode::FORBIDDEN, ErrorCode::Blocked, message),
            MessagingError::ContactNotAllowed => {
                Self::new(StatusCode::FORBIDDEN, ErrorCode::ContactNotAllowed, message)
            }
            MessagingError::SelfBlock => Self::new(StatusCode::BAD_REQUEST, ErrorCode::SelfBlock, message),
            MessagingError::FirstContactLimit => {
                Self::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::FirstContactLimit, message)
            }
            MessagingError::NoSuchUser | MessagingError::NoSuchRequest => {
                Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
            }
            MessagingError::Db(e) => database(e),
        };
        err.with_text(text)
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
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
            ProfileError::NotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message),
            ProfileError::NotYours => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotYours, message),
            ProfileError::NotAParent => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotAParent, message),
            ProfileError::NotInTouch => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotInTouch, message),
            ProfileError::ReviewTooSoon { .. } => Self::new(StatusCode::FORBIDDEN, ErrorCode::ReviewTooSoon, message),
            ProfileError::ReviewNotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message),
            ProfileError::NotAnswerable => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotYours, message),
            ProfileError::AlreadyAnswered => Self::new(StatusCode::CONFLICT, ErrorCode::ReviewAnswered, message),
            ProfileError::Validation(errors) => validation(message, &errors),
            ProfileError::Db(e) => database(e),
        };
        err.with_text(text)
    }
}

impl From<MediaError> for ApiError {
    fn from(e: MediaError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
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
                let mut err = Self::text(
                    StatusCode::SERVICE_UNAVAILABLE,
                    ErrorCode::StorageUnavailable,
                    Message::new("error-storage-unavailable"),
                );
                err.retry_after = Some(5);
                err
            }
            MediaError::Db(e) => database(e),
        };
        err.with_text(text)
    }
}

impl From<PaymentError> for ApiError {
    fn from(e: PaymentError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
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
        };
        err.with_text(text)
    }
}

impl From<AdminError> for ApiError {
    fn from(e: AdminError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
            AdminError::NotFound(_) => Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message),
            AdminError::Validation(errors) => validation(message, &errors),
            AdminError::Refused(_) => Self::new(StatusCode::CONFLICT, ErrorCode::Refused, message),
            AdminError::NotAParent => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotAParent, message),
            AdminError::Auth(e) => e.into(),
            AdminError::Media(e) => e.into(),
            AdminError::Db(e) => database(e),
        };
        err.with_text(text)
    }
}

impl From<DiscoveryError> for ApiError {
    fn from(e: DiscoveryError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
            DiscoveryError::NotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message),
            DiscoveryError::NotAParent => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotAParent, message),
            // A request tutors cannot see takes no invitation, as a closed one.
            DiscoveryError::Closed | DiscoveryError::Hidden => {
                Self::new(StatusCode::CONFLICT, ErrorCode::RequestClosed, message)
            }
            DiscoveryError::TooManyInvites(_) => {
                Self::new(StatusCode::TOO_MANY_REQUESTS, ErrorCode::RateLimited, message)
            }
            DiscoveryError::Validation(errors) => validation(message, &errors),
            DiscoveryError::Db(e) => database(e),
        };
        err.with_text(text)
    }
}

impl From<NotificationError> for ApiError {
    fn from(e: NotificationError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
            NotificationError::Validation(errors) => validation(message, &errors),
            NotificationError::InvalidUnsubscribeLink => {
                Self::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidUnsubscribeLink, message)
            }
            NotificationError::NoSuchUser => Self::unauthenticated(),
            NotificationError::Db(e) => database(e),
        };
        err.with_text(text)
    }
}

impl From<SchedulingError> for ApiError {
    fn from(e: SchedulingError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
            SchedulingError::Validation(errors) => validation(message, &errors),
            SchedulingError::NotATutor => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotATutor, message),
            SchedulingError::TutorNotFound | SchedulingError::TimeOffNotFound => {
                Self::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
            }
            SchedulingError::NotAParent => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotAParent, message),
            SchedulingError::NoSuchTutor => Self::new(StatusCode::NOT_FOUND, ErrorCode::TutorNotFound, message),
            SchedulingError::BookingNotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::BookingNotFound, message),
            SchedulingError::TutorUnavailable => Self::new(StatusCode::CONFLICT, ErrorCode::TutorUnavailable, message),
            SchedulingError::BookingNotFree => Self::new(StatusCode::CONFLICT, ErrorCode::BookingNotFree, message),
            SchedulingError::NotAwaitingYou => {
                Self::new(StatusCode::CONFLICT, ErrorCode::BookingNotAwaitingYou, message)
            }
            SchedulingError::BookingClosed => Self::new(StatusCode::CONFLICT, ErrorCode::BookingClosed, message),
            SchedulingError::NoShowTooSoon => Self::new(StatusCode::CONFLICT, ErrorCode::NoShowTooSoon, message),
            SchedulingError::OutcomeTooSoon => Self::new(StatusCode::CONFLICT, ErrorCode::OutcomeTooSoon, message),
            SchedulingError::OutcomeLocked => Self::new(StatusCode::CONFLICT, ErrorCode::OutcomeLocked, message),
            SchedulingError::Db(e) => database(e),
        };
        err.with_text(text)
    }
}
