//! The `code` of every error body: one word per kind of failure, for programs
//! (the `message` beside it is for people). An enum, so the OpenAPI document
//! lists every code the server can send and the web app's generated types carry
//! them as a union; a new code is a new variant here, and the wire spelling is
//! the variant's name in snake_case.

use serde::Serialize;
use utoipa::ToSchema;

/// A stable snake_case name for programs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    // Input the server cannot take (400, 404, 405, 408, 413, 414, 415).
    /// A malformed request: a body or query of the wrong shape, a missing parameter.
    InvalidRequest,
    /// Named fields are invalid: see `fields`.
    Validation,
    NotFound,
    /// No known place there (`/api/places/nearest` far from India).
    PlaceNotFound,
    MethodNotAllowed,
    RequestTimeout,
    /// A JSON body over the limit.
    TooLarge,
    UriTooLong,
    UnsupportedMediaType,

    // Sessions and permissions (401, 403).
    /// No token, or an expired, revoked or deactivated one.
    Unauthenticated,
    InvalidCredentials,
    EmailNotVerified,
    AccountDeactivated,
    AdminOnly,
    Forbidden,
    NotAParent,
    NotATutor,
    NotYours,
    NotInTouch,
    /// A parent reviewing a tutor before both have written to each other and a day has passed.
    ReviewTooSoon,
    SubscriptionRequired,
    /// A chat socket opened from a page of another origin.
    BadOrigin,

    // Accounts.
    /// A wrong, used or expired e-mailed code.
    InvalidCode,
    InvalidLink,
    AlreadyExists,
    /// A forged, altered or foreign e-mail unsubscribe link.
    InvalidUnsubscribeLink,

    // Limits (429, with Retry-After where a wait helps).
    RateLimited,
    InterestLimit,
    /// A tutor's first message to a parent past the daily cap of first contacts (shared with interests).
    FirstContactLimit,
    /// A parent posting more requests in 24 hours than the site allows (`PARENT_REQUESTS_PER_DAY`).
    RequestLimit,
    TooManySockets,

    // Tuition requests (409).
    /// Closing, or saying interest in, a request its parent has closed.
    RequestClosed,
    /// Reopening a request that is open.
    RequestOpen,

    // Chat.
    EmptyMessage,
    MessageTooLong,
    /// A chat socket's `sendMessage` over the message limit (an `error` event, never an HTTP answer).
    TooLong,
    Blocked,
    ContactNotAllowed,
    SelfBlock,

    // Demo classes (404, 409).
    /// Booking someone who is not a tutor, or no one.
    TutorNotFound,
    /// Booking a suspended tutor, or one of a pair where either blocks the other.
    TutorUnavailable,
    /// The time is not (or no longer) among the tutor's free times, or another booking holds it.
    BookingNotFree,
    BookingNotFound,
    /// Accepting or declining a booking that waits for the other side.
    BookingNotAwaitingYou,
    /// Changing a booking that was declined or cancelled, or has started.
    BookingClosed,
    /// Reporting a no-show before the class started.
    NoShowTooSoon,
    /// Saying how a demo went before it started.
    OutcomeTooSoon,
    /// Correcting an answer about a demo more than 48 hours after giving it.
    OutcomeLocked,

    // Lessons after a demo (404, 409).
    LessonPlanNotFound,
    LessonNotFound,
    /// A plan with a parent who is suspended, or one of the two blocks the other.
    LessonUnavailable,
    /// A planned lesson overlaps another lesson or a demo class of the tutor.
    LessonOverlap,
    /// Confirming or disputing a lesson before it ended.
    LessonNotHeld,
    /// Changing a cancelled lesson, or answering one already confirmed (by the parent or the 48 hours).
    LessonClosed,
    /// Cancelling a lesson that has started.
    LessonStarted,

    // Reviews (409).
    /// A tutor's second answer to a review.
    ReviewAnswered,

    // Teaching areas.
    /// A tutor without a saved teaching area asked for it (or for a count from it).
    AreaNotSet,

    // Uploads.
    FileTooLarge,
    UnsupportedFile,
    DamagedFile,
    ImageTooLarge,
    UploadQuotaFull,

    // Payments.
    OrderNotFound,
    PaymentNotCompleted,
    PaymentClosed,
    PaymentMismatch,
    ProviderUnavailable,
    BadSignature,

    // Admin.
    /// The change would break a rule (the last admin, one's own account, …).
    Refused,

    // The server's own state (500, 503, 507).
    Maintenance,
    DatabaseUnavailable,
    /// Every password-hashing thread is taken for longer than a sign-in should wait (with Retry-After).
    Busy,
    /// The object store holding uploaded files (`UPLOADS_URL`) cannot be reached.
    StorageUnavailable,
    StorageFull,
    Internal,
}
