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
use hometutor_core::{multi_line, too_long, FieldError, Message, Role, UserId};
use hometutor_db::schema::{reviews as rv, tutor_profiles as tp};
use hometutor_db::{now, Db, DbConnection};
use hometutor_notifications::Notifier;

mod answers;
pub mod completeness;
mod error;
mod review_access;
mod reviews;
pub mod demo;
pub mod verification;
pub use answers::Answer;
pub use completeness::{judgeable, Completeness, ProfileFacts, Step};
pub use error::ProfileError;
pub use review_access::{FirstMessages, ReviewAccess, REVIEW_WAIT};
pub use reviews::{ratings, Review};

/// A review's stars, from this many…
pub const MIN_RATING: i32 = 1;
/// …to this many.
pub const MAX_RATING: i32 = 5;
/// A review's comment: at most this many characters once trimmed.
pub const MAX_COMMENT_CHARS: usize = 1000;
/// A fee per hour: at most this many rupees.
pub const MAX_FEE_PER_HOUR: i64 = 100_000;

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
                    Some(too_long(field, field, *max))
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
    pub fields: ProfileFields,
    pub rating_average: Option<f64>,
    pub rating_count: i64,
    /// Rupees per hour, if the tutor said.
    pub fee_per_hour: Option<i32>,
    /// The stored name of the square photo, if any.
    pub photo: Option<String>,
    /// How many reviews gave 1, 2, 3, 4 and 5 stars (index 0 = 1 star).
    pub rating_counts: [i64; 5],
    /// The standing verification: the checks that passed and when (`None`: not verified).
    pub verification: Option<verification::Badge>,
}

/// Whether a tutor said they are interested in one of a parent's requests, as
/// `(connection, parent, tutor)`: tuition's answer (`hometutor_tuition::contacts::tutor_interested`),
/// handed in by whoever builds the service, since tuition depends on this crate and not the
/// other way round.
pub type TutorInterested = fn(&mut DbConnection, UserId, UserId) -> QueryResult<bool>;

/// Whether a demo class between `(connection, parent, tutor)` took place: the bookings' answer
/// (`hometutor_scheduling::bookings::took_place`), handed in likewise (scheduling depends on this crate).
pub type DemoTookPlace = fn(&mut DbConnection, UserId, UserId) -> QueryResult<bool>;

#[derive(Clone)]
pub struct ProfileService {
    db: Db,
    tutor_interested: TutorInterested,
    first_messages: FirstMessages,
    /// A demo that took place opens reviews at once (`None`: only the chat's rule).
    demo_took_place: Option<DemoTookPlace>,
    /// Tells a tutor of a new review (in the app, and by e-mail as they chose).
    notifier: Notifier,
}

/// The tutor behind a key that is either an id or an e-mail address.
pub(crate) fn find_tutor(c: &mut DbConnection, key: &str) -> Result<User, ProfileError> {
    let key = key.trim();
    let user = match key.parse::<i64>() {
        Ok(id) => accounts::find(c, UserId(id))?,
        Err(_) => accounts::find_by_email(c, &key.to_lowercase())?,
    };
    user.filter(|u| u.role == Role::Tutor).ok_or(ProfileError::NotFound)
}

impl ProfileService {
    /// `tutor_interested` answers the half of "in touch" that tuition knows (see [`TutorInterested`]),
    /// `first_messages` the half the chat knows (see [`FirstMessages`]).
    pub fn new(db: Db, tutor_interested: TutorInterested, first_messages: FirstMessages) -> Self {
        Self { db, tutor_interested, first_messages, demo_took_place: None, notifier: Notifier::default() }
    }

    /// Opens a parent's reviews of a tutor once a demo class between them took place.
    pub fn with_demos(mut self, took_place: DemoTookPlace) -> Self {
        self.demo_took_place = Some(took_place);
        self
    }

    /// Tells reviewed tutors through `notifier` (the server's; the default reaches no socket).
    pub fn with_notifier(mut self, notifier: Notifier) -> Self {
        self.notifier = notifier;
        self
    }

    /// The tutor a profile key (id or e-mail) names, found as [`ProfileService::get`] finds them:
    /// what reads shown beside the profile (free times) ask first.
    pub fn tutor_of(&self, key: &str) -> Result<UserId, ProfileError> {
        self.db.read(|c| find_tutor(c, key).map(|u| u.id))
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
            let badge = verification::badges(c, &[tutor.id.0])?.remove(&tutor.id.0);
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
                approved: tutor.approved && badge.is_some(),
                featured: tutor.featured,
                fields,
                rating_average: average,
                rating_count: count,
                fee_per_hour,
                photo,
                rating_counts,
                verification: badge,
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
            return Err(ProfileError::Validation(vec![FieldError::text(
                "feePerHour",
                Message::new("validation-fee-per-hour").arg("max", MAX_FEE_PER_HOUR),
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

    /// How complete the tutor's profile is, given what other crates hold of it in `facts` (the
    /// teaching area's and availability's steps): the fee, photo and about are read here.
    #[tracing::instrument(skip_all, fields(tutor = tutor.0))]
    pub fn completeness(&self, tutor: UserId, facts: ProfileFacts) -> Result<Completeness, ProfileError> {
        let own: Option<(Option<i32>, Option<String>, String)> = self.db.read(|c| -> Result<_, ProfileError> {
            Ok(tp::table.find(tutor.0).select((tp::fee_per_hour, tp::photo, tp::about)).first(c).optional()?)
        })?;
        let (fee, photo, about) = own.unwrap_or_default();
        let facts =
            ProfileFacts { fee: fee.is_some(), photo: photo.is_some(), about: !about.trim().is_empty(), ..facts };
        Ok(Completeness::of(&facts))
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

/// The stored photo name of one tutor (what a demo class booked with them shows beside their name).
pub fn photo_of(c: &mut DbConnection, tutor: UserId) -> QueryResult<Option<String>> {
    Ok(tp::table.find(tutor.0).select(tp::photo).first::<Option<String>>(c).optional()?.flatten())
}
