//! Tutors' public profiles and parents' reviews. A profile is public; only the
//! tutor themself (or an admin) changes it. Only parents review, once per tutor
//! (a second review replaces the first), with a rating from 1 to 5.
//!
//! For tutor discovery: a fee per hour in rupees (the free-text `fees` keeps the notes), a square
//! photo (stored by crates/media; its name here), the distribution of ratings, and on
//! each review whether its parent and the tutor were in touch through HomeTutor.

use std::collections::HashMap;

use chrono::NaiveDateTime;
use diesel::prelude::*;
use hometutor_accounts::{self as accounts, User};
use hometutor_core::{multi_line, FieldError, Role, UserId};
use hometutor_db::schema::{conversations as cv, reviews as rv, tutor_profiles as tp};
use hometutor_db::{now, Db, DbConnection, DbError};

/// A review's stars, from this many…
pub const MIN_RATING: i32 = 1;
/// …to this many.
pub const MAX_RATING: i32 = 5;
/// A review's comment: at most this many characters once trimmed.
pub const MAX_COMMENT_CHARS: usize = 1000;
/// A fee per hour: at most this many rupees.
pub const MAX_FEE_PER_HOUR: i64 = 100_000;

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("Tutor not found.")]
    NotFound,
    #[error("You can only edit your own profile.")]
    NotYours,
    #[error("Only parents can review tutors.")]
    NotAParent,
    #[error("You can review a tutor after you have been in touch.")]
    NotInTouch,
    #[error("{}", .0.first().map(|e| e.message.as_str()).unwrap_or("Invalid input."))]
    Validation(Vec<FieldError>),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<diesel::result::Error> for ProfileError {
    fn from(e: diesel::result::Error) -> Self {
        ProfileError::Db(DbError::Query(e))
    }
}

/// The eight fields a tutor writes about themself.
#[derive(Debug, Clone, Default, PartialEq, AsChangeset, Queryable, Selectable)]
#[diesel(table_name = tp)]
pub struct ProfileFields {
    pub about: String,
    pub subjects: String,
    pub availability: String,
    pub methodology: String,
    pub testimonials: String,
    pub education: String,
    pub fees: String,
    pub demo_offer: String,
}

impl ProfileFields {
    /// Each field's limit in characters.
    pub const MAX_ABOUT: usize = 2000;
    pub const MAX_SUBJECTS: usize = 500;
    pub const MAX_AVAILABILITY: usize = 500;
    pub const MAX_METHODOLOGY: usize = 1000;
    pub const MAX_TESTIMONIALS: usize = 2000;
    pub const MAX_EDUCATION: usize = 500;
    pub const MAX_FEES: usize = 200;
    pub const MAX_DEMO_OFFER: usize = 200;

    fn validate(&self) -> Result<(), ProfileError> {
        let limits: [(&'static str, &str, usize); 8] = [
            ("about", &self.about, Self::MAX_ABOUT),
            ("subjects", &self.subjects, Self::MAX_SUBJECTS),
            ("availability", &self.availability, Self::MAX_AVAILABILITY),
            ("methodology", &self.methodology, Self::MAX_METHODOLOGY),
            ("testimonials", &self.testimonials, Self::MAX_TESTIMONIALS),
            ("education", &self.education, Self::MAX_EDUCATION),
            ("fees", &self.fees, Self::MAX_FEES),
            ("demoOffer", &self.demo_offer, Self::MAX_DEMO_OFFER),
        ];
        let errors: Vec<FieldError> = limits
            .iter()
            .filter_map(|(field, value, max)| {
                if value.chars().count() > *max {
                    Some(FieldError::new(field, format!("{field} must be at most {max} characters.")))
                } else {
                    multi_line(field, field, value).err()
                }
            })
            .collect();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(ProfileError::Validation(errors))
        }
    }
}

/// A tutor as anyone may see them: no phone number.
#[derive(Debug, Clone, PartialEq)]
pub struct TutorProfile {
    pub id: UserId,
    pub fullname: String,
    pub email: String,
    /// Paid and not expired.
    pub subscription_active: bool,
    pub approved: bool,
    pub featured: bool,
    pub badges: Vec<String>,
    pub fields: ProfileFields,
    pub rating_average: Option<f64>,
    pub rating_count: i64,
    /// Rupees per hour, if the tutor said.
    pub fee_per_hour: Option<i32>,
    /// The stored name of the square photo, if any.
    pub photo: Option<String>,
    /// How many reviews gave 1, 2, 3, 4 and 5 stars (index 0 = 1 star).
    pub rating_counts: [i64; 5],
}

#[derive(Debug, Clone, PartialEq)]
pub struct Review {
    pub id: i64,
    pub rating: i32,
    pub comment: String,
    pub parent_id: UserId,
    /// The reviewer's name (their e-mail stays private).
    pub parent_name: String,
    pub created_at: NaiveDateTime,
    /// The parent and the tutor were in touch via HomeTutor (a conversation with a message,
    /// or the tutor's interest in one of the parent's requests).
    pub in_touch: bool,
}

/// Whether a tutor said they are interested in one of a parent's requests, as
/// `(connection, parent, tutor)`: tuition's answer (`hometutor_tuition::contacts::tutor_interested`),
/// handed in by whoever builds the service, since tuition depends on this crate and not the
/// other way round.
pub type TutorInterested = fn(&mut DbConnection, UserId, UserId) -> QueryResult<bool>;

#[derive(Clone)]
pub struct ProfileService {
    db: Db,
    tutor_interested: TutorInterested,
}

/// Whether a parent and a tutor have been in touch: a conversation with a message
/// in it, or the tutor's interest in one of the parent's requests. Only then may
/// the parent review the tutor, so ratings come from families who met them.
/// (Reads the chat's table, and asks tuition about interest; the rule is this module's.)
fn in_touch(
    c: &mut DbConnection,
    tutor_interested: TutorInterested,
    parent: UserId,
    tutor: UserId,
) -> QueryResult<bool> {
    let (a, b) = (parent.0.min(tutor.0), parent.0.max(tutor.0));
    let talked: i64 =
        cv::table.filter(cv::user_a.eq(a).and(cv::user_b.eq(b)).and(cv::last_seq.gt(0))).count().get_result(c)?;
    if talked > 0 {
        return Ok(true);
    }
    tutor_interested(c, parent, tutor)
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

/// The tutor behind a key that is either an id or an e-mail address.
fn find_tutor(c: &mut DbConnection, key: &str) -> Result<User, ProfileError> {
    let key = key.trim();
    let user = match key.parse::<i64>() {
        Ok(id) => accounts::find(c, UserId(id))?,
        Err(_) => accounts::find_by_email(c, &key.to_lowercase())?,
    };
    user.filter(|u| u.role == Role::Tutor).ok_or(ProfileError::NotFound)
}

impl ProfileService {
    /// `tutor_interested` answers the half of "in touch" that tuition knows (see [`TutorInterested`]).
    pub fn new(db: Db, tutor_interested: TutorInterested) -> Self {
        Self { db, tutor_interested }
    }

    /// The public profile of the tutor with this id or e-mail.
    #[tracing::instrument(skip_all)]
    pub fn get(&self, key: &str) -> Result<TutorProfile, ProfileError> {
        self.db.read(|c| -> Result<_, ProfileError> {
            let tutor = find_tutor(c, key)?;
            let fields: ProfileFields =
                tp::table.find(tutor.id.0).select(ProfileFields::as_select()).first(c).optional()?.unwrap_or_default();
            let (average, count) = ratings(c, &[tutor.id.0])?.remove(&tutor.id.0).unwrap_or_default();
            let (fee_per_hour, photo): (Option<i32>, Option<String>) = tp::table
                .find(tutor.id.0)
                .select((tp::fee_per_hour, tp::photo))
                .first(c)
                .optional()?
                .unwrap_or_default();
            let stars: Vec<i32> = rv::table.filter(rv::tutor_id.eq(tutor.id.0)).select(rv::rating).load(c)?;
            let mut rating_counts = [0i64; 5];
            for star in stars {
                if let Some(slot) = usize::try_from(star - MIN_RATING).ok().and_then(|i| rating_counts.get_mut(i)) {
                    *slot += 1;
                }
            }
            Ok(TutorProfile {
                id: tutor.id,
                fullname: tutor.fullname,
                email: tutor.email,
                subscription_active: tutor.subscription.at(now()).active,
                approved: tutor.approved,
                featured: tutor.featured,
                badges: tutor.badges,
                fields,
                rating_average: average,
                rating_count: count,
                fee_per_hour,
                photo,
                rating_counts,
            })
        })
    }

    /// The public profile of the tutor with this id or e-mail if they may be listed now
    /// (crates/accounts' rule: an active tutor with a verified e-mail and a paid subscription):
    /// what a shared link to their page previews. Unknown keys and unlisted tutors are `None`.
    #[tracing::instrument(skip_all)]
    pub fn listed(&self, key: &str) -> Result<Option<TutorProfile>, ProfileError> {
        let profile = match self.get(key) {
            Err(ProfileError::NotFound) => return Ok(None),
            other => other?,
        };
        let listable =
            self.db.read(|c| accounts::listable_tutors(c, &[profile.id.0], now()).map_err(ProfileError::from))?;
        Ok(listable.contains_key(&profile.id.0).then_some(profile))
    }

    /// Every tutor who may be listed now (as [`ProfileService::listed`]), in id order, with
    /// when their profile last changed (`None` for one never written): the sitemap's pages.
    #[tracing::instrument(skip_all)]
    pub fn listed_pages(&self) -> Result<Vec<(UserId, Option<NaiveDateTime>)>, ProfileError> {
        self.db.read(|c| -> Result<_, ProfileError> {
            let mut ids: Vec<i64> = accounts::every_listable_tutor(c, now())?.into_keys().collect();
            ids.sort_unstable();
            let mut changed: HashMap<i64, NaiveDateTime> = HashMap::with_capacity(ids.len());
            // In slices: SQLite bounds the number of parameters of one statement.
            for chunk in ids.chunks(5_000) {
                let rows: Vec<(i64, NaiveDateTime)> =
                    tp::table.filter(tp::user_id.eq_any(chunk)).select((tp::user_id, tp::updated_at)).load(c)?;
                changed.extend(rows);
            }
            Ok(ids.into_iter().map(|id| (UserId(id), changed.get(&id).copied())).collect())
        })
    }

    /// Saves the eight fields; only the tutor themself or an admin may.
    pub fn update(
        &self,
        caller: UserId,
        role: Role,
        key: &str,
        fields: ProfileFields,
    ) -> Result<TutorProfile, ProfileError> {
        self.update_with_fee(caller, role, key, fields, None)
    }

    /// Saves the eight fields and, when `fee` is given, the fee per hour (`Some(None)`
    /// clears it; 0 to [`MAX_FEE_PER_HOUR`] rupees); only the tutor themself or an admin may.
    #[tracing::instrument(skip_all, fields(caller = caller.0))]
    pub fn update_with_fee(
        &self,
        caller: UserId,
        role: Role,
        key: &str,
        fields: ProfileFields,
        fee: Option<Option<i64>>,
    ) -> Result<TutorProfile, ProfileError> {
        fields.validate()?;
        if fee.flatten().is_some_and(|f| !(0..=MAX_FEE_PER_HOUR).contains(&f)) {
            return Err(ProfileError::Validation(vec![FieldError::new(
                "feePerHour",
                format!("The fee per hour must be from 0 to {MAX_FEE_PER_HOUR} rupees."),
            )]));
        }
        self.db.write(|c| -> Result<_, ProfileError> {
            let tutor = find_tutor(c, key)?.id.0;
            if tutor != caller.0 && role != Role::Admin {
                return Err(ProfileError::NotYours);
            }
            let at = now();
            let exists: i64 = tp::table.filter(tp::user_id.eq(tutor)).count().get_result(c)?;
            if exists == 0 {
                diesel::insert_into(tp::table).values((tp::user_id.eq(tutor), tp::updated_at.eq(at))).execute(c)?;
            }
            diesel::update(tp::table.find(tutor)).set((&fields, tp::updated_at.eq(at))).execute(c)?;
            if let Some(fee) = fee {
                diesel::update(tp::table.find(tutor)).set(tp::fee_per_hour.eq(fee.map(|f| f as i32))).execute(c)?;
            }
            Ok(())
        })?;
        self.get(key)
    }

    /// Reviews of the tutor, newest first.
    #[tracing::instrument(skip_all)]
    pub fn reviews(&self, key: &str) -> Result<Vec<Review>, ProfileError> {
        self.db.read(|c| -> Result<_, ProfileError> {
            let tutor = find_tutor(c, key)?.id.0;
            let rows: Vec<(i64, i32, String, i64, NaiveDateTime)> = rv::table
                .filter(rv::tutor_id.eq(tutor))
                .order(rv::updated_at.desc())
                .select((rv::id, rv::rating, rv::comment, rv::parent_id, rv::updated_at))
                .load(c)?;
            let mut parents: Vec<i64> = rows.iter().map(|r| r.3).collect();
            parents.sort_unstable();
            parents.dedup();
            let names = accounts::names(c, &parents)?;
            let mut touched = HashMap::new();
            for parent in &parents {
                touched.insert(*parent, in_touch(c, self.tutor_interested, UserId(*parent), UserId(tutor))?);
            }
            // A review is its parent's (deleting an account deletes its reviews), so every name is found.
            Ok(rows
                .into_iter()
                .filter_map(|(id, rating, comment, parent, created_at)| {
                    Some(Review {
                        id,
                        rating,
                        comment,
                        parent_id: UserId(parent),
                        parent_name: names.get(&UserId(parent))?.clone(),
                        created_at,
                        in_touch: touched.get(&parent).copied().unwrap_or(false),
                    })
                })
                .collect())
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
            ProfileError::Validation(vec![FieldError::new("rating", "Please choose a rating from 1 to 5 stars.")])
        })?;
        multi_line("comment", "comment", comment).map_err(|e| ProfileError::Validation(vec![e]))?;
        let comment = comment.trim();
        if comment.chars().count() > MAX_COMMENT_CHARS {
            return Err(ProfileError::Validation(vec![FieldError::new(
                "comment",
                format!("comment must be at most {MAX_COMMENT_CHARS} characters."),
            )]));
        }
        self.db.write(|c| -> Result<_, ProfileError> {
            let tutor = find_tutor(c, key)?.id.0;
            if !in_touch(c, self.tutor_interested, parent, UserId(tutor))? {
                return Err(ProfileError::NotInTouch);
            }
            let at = now();
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
            let id: i64 =
                rv::table.filter(rv::tutor_id.eq(tutor).and(rv::parent_id.eq(parent.0))).select(rv::id).first(c)?;
            let name = accounts::find(c, parent)?.ok_or(diesel::result::Error::NotFound)?.fullname;
            Ok(Review {
                id,
                rating,
                comment: comment.to_string(),
                parent_id: parent,
                parent_name: name,
                created_at: at,
                in_touch: true,
            })
        })
    }

    /// Records the tutor's new photo (its stored name) and returns the one it replaces, for
    /// the caller to remove from the store. Tutors only.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0))]
    pub fn set_photo(&self, tutor: UserId, photo: &str) -> Result<Option<String>, ProfileError> {
        self.db.write(|c| -> Result<_, ProfileError> {
            let user = accounts::find(c, tutor)?.filter(|u| u.role == Role::Tutor).ok_or(ProfileError::NotFound)?;
            let old: Option<Option<String>> = tp::table.find(user.id.0).select(tp::photo).first(c).optional()?;
            let at = now();
            if old.is_none() {
                diesel::insert_into(tp::table).values((tp::user_id.eq(user.id.0), tp::updated_at.eq(at))).execute(c)?;
            }
            diesel::update(tp::table.find(user.id.0))
                .set((tp::photo.eq(Some(photo)), tp::updated_at.eq(at)))
                .execute(c)?;
            Ok(old.flatten())
        })
    }
}
