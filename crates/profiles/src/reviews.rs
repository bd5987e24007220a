//! Parents' reviews of tutors: who may review (`review_access`: a real contact), one review
//! per parent and tutor (a second replaces the first), the tutor told of a new one, and each
//! tutor's mean rating.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts as accounts;
use hometutor_core::{multi_line, too_long, FieldError, Message, Role, UserId};
use hometutor_db::schema::reviews as rv;
use hometutor_db::{now, DbConnection};

use crate::review_access::{in_touch, review_access, ReviewAccess};
use crate::{find_tutor, ProfileError, ProfileService, MAX_COMMENT_CHARS, MAX_RATING, MIN_RATING};

// Also what the API answers with (a tutor's reviews, a review just written).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = ReviewDto))]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub id: i64,
    pub rating: i32,
    pub comment: String,
    #[cfg_attr(feature = "openapi", schema(value_type = i64))]
    pub parent_id: UserId,
    /// The reviewer's name; their e-mail stays private.
    pub parent_name: String,
    #[serde(serialize_with = "hometutor_core::utc::serialize")]
    pub created_at: NaiveDateTime,
    /// 'In touch via HomeTutor': the parent and the tutor had a conversation, or the tutor
    /// was interested in one of the parent's requests.
    pub in_touch: bool,
    /// The reviewed tutor's one public answer, if they gave it, and when.
    pub answer: Option<String>,
    #[serde(serialize_with = "hometutor_core::utc::serialize_option")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, format = DateTime))]
    pub answered_at: Option<NaiveDateTime>,
}

/// Each tutor's mean rating (to one decimal, `None` without reviews) and review count,
/// read in one query: what a tutor's profile and a parent's list of interested tutors show.
pub fn ratings(c: &mut DbConnection, tutors: &[i64]) -> QueryResult<HashMap<i64, (Option<f64>, i64)>> {
    let rows: Vec<(i64, i32)> =
        rv::table.filter(rv::tutor_id.eq_any(tutors)).select((rv::tutor_id, rv::rating)).load(c)?;
    let mut sums: HashMap<i64, (i64, i64)> = HashMap::new();
    for (tutor, rating) in rows {
        let entry = sums.entry(tutor).or_default();
        entry.0 += i64::from(rating);
        entry.1 += 1;
    }
    Ok(sums
        .into_iter()
        .map(|(tutor, (sum, count))| {
            let mean = sum as f64 / count as f64;
            (tutor, (Some((mean * 10.0).round() / 10.0), count))
        })
        .collect())
}

impl ProfileService {
    /// Reviews of the tutor, newest first.
    #[tracing::instrument(skip_all)]
    pub fn reviews(&self, key: &str) -> Result<Vec<Review>, ProfileError> {
        self.db.read(|c| -> Result<_, ProfileError> {
            let tutor = find_tutor(c, key)?.id.0;
            type Row = (i64, i32, String, i64, NaiveDateTime, Option<String>, Option<NaiveDateTime>);
            let rows: Vec<Row> = rv::table
                .filter(rv::tutor_id.eq(tutor))
                .order(rv::updated_at.desc())
                .select((rv::id, rv::rating, rv::comment, rv::parent_id, rv::updated_at, rv::answer, rv::answered_at))
                .load(c)?;
            let mut parents: Vec<i64> = rows.iter().map(|r| r.3).collect();
            parents.sort_unstable();
            parents.dedup();
            let names = accounts::names(c, &parents)?;
            let mut touched = HashMap::new();
            for parent in &parents {
                touched.insert(
                    *parent,
                    in_touch(c, self.first_messages, self.tutor_interested, UserId(*parent), UserId(tutor))?,
                );
            }
            // A review is its parent's (deleting an account deletes its reviews), so every name is found.
            Ok(rows
                .into_iter()
                .filter_map(|(id, rating, comment, parent, created_at, answer, answered_at)| {
                    Some(Review {
                        id,
                        rating,
                        comment,
                        parent_id: UserId(parent),
                        parent_name: names.get(&UserId(parent))?.clone(),
                        created_at,
                        in_touch: touched.get(&parent).copied().unwrap_or(false),
                        answer,
                        answered_at,
                    })
                })
                .collect())
        })
    }

    /// Where `viewer` stands with reviewing the tutor: `None` for anyone but a parent (and for
    /// a tutor that is not found), else [`ReviewAccess`].
    #[tracing::instrument(skip_all)]
    pub fn review_access(
        &self,
        viewer: UserId,
        role: Role,
        tutor: UserId,
    ) -> Result<Option<ReviewAccess>, ProfileError> {
        if role != Role::Parent {
            return Ok(None);
        }
        self.db.read(|c| -> Result<_, ProfileError> {
            Ok(Some(review_access(c, (self.first_messages, self.tutor_interested, self.demo_took_place), viewer, tutor, now())?))
        })
    }

    /// A parent's review of a tutor; a second one from the same parent replaces the first.
    #[tracing::instrument(skip_all, fields(parent = parent.0))]
    pub fn review(
        &self,
        parent: UserId,
        role: Role,
        key: &str,
        rating: Option<i32>,
        comment: &str,
    ) -> Result<Review, ProfileError> {
        if role != Role::Parent {
            return Err(ProfileError::NotAParent);
        }
        let rating = rating.filter(|r| (MIN_RATING..=MAX_RATING).contains(r)).ok_or_else(|| {
            ProfileError::Validation(vec![FieldError::text("rating", Message::new("validation-rating"))])
        })?;
        multi_line("comment", "comment", comment).map_err(|e| ProfileError::Validation(vec![e]))?;
        let comment = comment.trim();
        if comment.chars().count() > MAX_COMMENT_CHARS {
            return Err(ProfileError::Validation(vec![too_long("comment", "comment", MAX_COMMENT_CHARS)]));
        }
        let (review, told) = self.db.write(|c| -> Result<_, ProfileError> {
            let tutor = find_tutor(c, key)?.id.0;
            let at = now();
            let access = review_access(c, (self.first_messages, self.tutor_interested, self.demo_took_place), parent, UserId(tutor), at)?;
            if let Some(refused) = access.refusal() {
                return Err(refused);
            }
            let updated = diesel::update(rv::table.filter(rv::tutor_id.eq(tutor).and(rv::parent_id.eq(parent.0))))
                .set((rv::rating.eq(rating), rv::comment.eq(comment), rv::updated_at.eq(at)))
                .execute(c)?;
            if updated == 0 {
                diesel::insert_into(rv::table)
                    .values((
                        rv::tutor_id.eq(tutor),
                        rv::parent_id.eq(parent.0),
                        rv::rating.eq(rating),
                        rv::comment.eq(comment),
                        rv::created_at.eq(at),
                        rv::updated_at.eq(at),
                    ))
                    .execute(c)?;
            }
            let (id, answer, answered_at): (i64, Option<String>, Option<NaiveDateTime>) = rv::table
                .filter(rv::tutor_id.eq(tutor).and(rv::parent_id.eq(parent.0)))
                .select((rv::id, rv::answer, rv::answered_at))
                .first(c)?;
            let name = accounts::find(c, parent)?.ok_or(diesel::result::Error::NotFound)?.fullname;
            // A new review is news to the tutor (a rewrite of one is not told again).
            let told = if updated == 0 {
                self.notifier.notify(c, &crate::answers::review_notice(UserId(tutor), id, &name, rating, comment))?
            } else {
                None
            };
            let review = Review {
                id,
                rating,
                comment: comment.to_string(),
                parent_id: parent,
                parent_name: name,
                created_at: at,
                in_touch: true,
                answer,
                answered_at,
            };
            Ok((review, told))
        })?;
        self.notifier.announce(told.as_slice());
        Ok(review)
    }
}
