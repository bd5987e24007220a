//! The reviewed tutor's one public answer to a review, shown under it on their profile. Only
//! that tutor answers, once: the answer is written by one conditional update (`answer IS
//! NULL`), so of two answers at once exactly one is kept, on SQLite and PostgreSQL alike.
//! A parent's later edit of their review keeps the answer.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_core::{multi_line, too_long, FieldError, Message, UserId};
use hometutor_db::now;
use hometutor_db::schema::reviews as rv;
use hometutor_notifications::{Kind, Message as NoticeText, Notice};

use crate::{ProfileError, ProfileService, MAX_COMMENT_CHARS};

// An answer as stored, and what the API answers with once it is written. (No doc comment:
// it would become the schema's description.)
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = AnswerDto))]
#[serde(rename_all = "camelCase")]
pub struct Answer {
    #[serde(rename = "reviewId")]
    pub review: i64,
    #[serde(rename = "answer")]
    pub text: String,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    #[cfg_attr(feature = "openapi", schema(value_type = String, format = DateTime))]
    pub answered_at: NaiveDateTime,
}

impl ProfileService {
    /// `tutor` answers review `review` of theirs, once.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0, review = review))]
    pub fn answer(&self, tutor: UserId, review: i64, text: &str) -> Result<Answer, ProfileError> {
        multi_line("text", "answer", text).map_err(|e| ProfileError::Validation(vec![e]))?;
        let text = text.trim();
        if text.is_empty() {
            let empty = FieldError::text("text", Message::new("validation-answer-empty"));
            return Err(ProfileError::Validation(vec![empty]));
        }
        if text.chars().count() > MAX_COMMENT_CHARS {
            return Err(ProfileError::Validation(vec![too_long("text", "answer", MAX_COMMENT_CHARS)]));
        }
        self.db.write(|c| -> Result<_, ProfileError> {
            let at = now();
            let written = diesel::update(
                rv::table.filter(rv::id.eq(review).and(rv::tutor_id.eq(tutor.0)).and(rv::answer.is_null())),
            )
            .set((rv::answer.eq(Some(text)), rv::answered_at.eq(Some(at))))
            .execute(c)?;
            if written == 1 {
                return Ok(Answer { review, text: text.to_string(), answered_at: at });
            }
            let found: Option<i64> = rv::table.find(review).select(rv::tutor_id).first(c).optional()?;
            Err(match found {
                None => ProfileError::ReviewNotFound,
                Some(owner) if owner != tutor.0 => ProfileError::NotAnswerable,
                Some(_) => ProfileError::AlreadyAnswered,
            })
        })
    }
}

/// What a tutor is told of a new review: in the app, and by e-mail as they chose, in their language.
pub(crate) fn review_notice(tutor: UserId, review: i64, parent_name: &str, rating: i32, comment: &str) -> Notice {
    Notice {
        user: tutor,
        kind: Kind::NewReview,
        title: NoticeText::new("notice-review-title").arg("parentName", parent_name).arg("rating", i64::from(rating)),
        // The parent's words are shown as written, in every language.
        body: if comment.is_empty() { NoticeText::new("notice-review-body-empty") } else { NoticeText::plain(comment) },
        link: Some(format!("/tutor/{}#review-{review}", tutor.0)),
        data: serde_json::json!({ "reviewId": review, "rating": rating }),
        dedupe_key: Some(format!("new_review:{review}")),
    }
}
