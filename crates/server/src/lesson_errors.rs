//! Lesson errors (crates/scheduling's lessons) as answers: one status per error, beside the
//! other domains' in `errors` (kept apart only for that file's length).

use actix_web::http::StatusCode;
use hometutor_scheduling::LessonError;

use crate::errors::{database, validation, ApiError, ErrorCode};

impl From<LessonError> for ApiError {
    fn from(e: LessonError) -> Self {
        let (message, text) = (e.to_string(), e.text());
        let err = match e {
            LessonError::Validation(errors) => validation(message, &errors),
            LessonError::PlanNotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::LessonPlanNotFound, message),
            LessonError::LessonNotFound => Self::new(StatusCode::NOT_FOUND, ErrorCode::LessonNotFound, message),
            LessonError::TutorOnly => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotATutor, message),
            LessonError::ParentOnly => Self::new(StatusCode::FORBIDDEN, ErrorCode::NotAParent, message),
            LessonError::Unavailable => Self::new(StatusCode::CONFLICT, ErrorCode::LessonUnavailable, message),
            LessonError::Overlap(_) => Self::new(StatusCode::CONFLICT, ErrorCode::LessonOverlap, message),
            LessonError::NotHeld => Self::new(StatusCode::CONFLICT, ErrorCode::LessonNotHeld, message),
            LessonError::Closed => Self::new(StatusCode::CONFLICT, ErrorCode::LessonClosed, message),
            LessonError::Started => Self::new(StatusCode::CONFLICT, ErrorCode::LessonStarted, message),
            LessonError::Db(e) => database(e),
        };
        err.with_text(text)
    }
}
