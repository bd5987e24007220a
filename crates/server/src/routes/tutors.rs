//! Tutors' public profiles and reviews (a tutor's own teaching area: `teaching_area`).

use actix_web::{get, post, put, web, HttpRequest, HttpResponse};
use hometutor_profiles::{
    Answer, ProfileFields, Review, ReviewAccess, TutorProfile, MAX_COMMENT_CHARS, MAX_RATING, MIN_RATING,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::routes::discovery::{photo_url, terms};
use crate::routes::vocabulary::TermDto;
use crate::state::AppState;
use crate::term_labels::{self, Labels};
use hometutor_discovery::{AreaSummary, DiscoveryService};

/// A tutor as anyone may see them (never their phone number).
// Not `TutorProfile` itself: what the viewer may do (message, review) is per caller, the photo's
// name becomes its URL, and the area's terms are labelled in the reader's language.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TutorProfileDto {
    pub id: i64,
    pub fullname: String,
    pub email: String,
    pub subscription_active: bool,
    /// Verified (the same as `verified`).
    pub approved: bool,
    /// Featured by HomeTutor (an award of the site's, not a check).
    pub featured: bool,
    pub about: String,
    pub subjects: String,
    pub availability: String,
    pub methodology: String,
    pub testimonials: String,
    pub education: String,
    pub fees: String,
    pub demo_offer: String,
    /// Mean rating to one decimal; absent without reviews.
    pub rating_average: Option<f64>,
    pub rating_count: i64,
    /// Whether the caller may message this tutor now (the chat's first-contact rules and
    /// blocks); false when logged out and on one's own profile.
    pub can_message: bool,
    /// Whether the caller, a parent, may review this tutor now: both have written to each other
    /// in chat and a day has passed since the later first message. False for anyone else.
    pub can_review: bool,
    /// For a parent who may not review yet but both have written: when they may. Null while
    /// one side has not written, when `canReview`, and for anyone but a parent.
    pub review_opens_at: Option<chrono::DateTime<chrono::Utc>>,
    /// Rupees per hour; `fees` keeps the tutor's notes.
    pub fee_per_hour: Option<i32>,
    /// The square photo, served publicly.
    pub photo_url: Option<String>,
    /// Verified: an admin checked the tutor's documents (`verification` says which checks passed, and when).
    pub verified: bool,
    /// The checks that passed and their date; absent for a tutor not verified.
    pub verification: Option<hometutor_profiles::verification::Badge>,
    /// Mean rating to one decimal; null without reviews.
    pub rating: Option<f64>,
    pub review_count: i64,
    /// Reviews giving 1, 2, 3, 4 and 5 stars (index 0 = 1 star).
    #[schema(min_items = 5, max_items = 5)]
    pub rating_counts: [i64; 5],
    /// The teaching area's summary; null when the tutor saved none.
    pub area: Option<AreaSummaryDto>,
}

/// A teaching area as a profile shows it: roughly where, never the centre.
// Not `AreaSummary` itself: its terms are labelled in the reader's language (`term_labels`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AreaSummaryDto {
    /// 'Lajpat Nagar, South Delhi'.
    pub place_name: Option<String>,
    pub radius_km: f64,
    pub subjects: Vec<TermDto>,
    pub classes: Vec<TermDto>,
    pub boards: Vec<TermDto>,
    pub modes: Vec<TermDto>,
}

impl From<AreaSummary> for AreaSummaryDto {
    fn from(a: AreaSummary) -> Self {
        Self {
            place_name: a.place_name,
            radius_km: a.radius_km,
            subjects: terms(a.subjects),
            classes: terms(a.classes),
            boards: terms(a.boards),
            modes: terms(a.modes),
        }
    }
}

impl AreaSummaryDto {
    /// The area's terms in the reader's language.
    fn relabel(&mut self, labels: &Labels) {
        labels.relabel_all([&mut self.subjects, &mut self.classes, &mut self.boards, &mut self.modes]);
    }
}

impl From<TutorProfile> for TutorProfileDto {
    fn from(p: TutorProfile) -> Self {
        let f = p.fields;
        Self {
            id: p.id.0,
            fullname: p.fullname,
            email: p.email,
            subscription_active: p.subscription_active,
            approved: p.approved,
            featured: p.featured,
            about: f.about,
            subjects: f.subjects,
            availability: f.availability,
            methodology: f.methodology,
            testimonials: f.testimonials,
            education: f.education,
            fees: f.fees,
            demo_offer: f.demo_offer,
            rating_average: p.rating_average,
            rating_count: p.rating_count,
            can_message: false,
            can_review: false,
            review_opens_at: None,
            fee_per_hour: p.fee_per_hour,
            photo_url: photo_url(p.photo),
            verified: p.approved,
            verification: p.verification,
            rating: p.rating_average,
            review_count: p.rating_count,
            rating_counts: p.rating_counts,
            area: None,
        }
    }
}

/// The public profile; the id may be the tutor's id or e-mail (url-encoded).
///
/// The area's terms are labelled in the request's language (the signed-in caller's, else
/// `Accept-Language`); browsers and the server keep one answer per language.
#[utoipa::path(tag = "tutors", params(("idOrEmail" = String, Path,)), responses(
    (status = 200, body = TutorProfileDto, headers(("ETag" = String), ("Cache-Control" = String, description = "no-cache"), ("Vary" = String, description = "Authorization, Accept-Language"))),
    (status = 304, description = "Unchanged since the ETag in If-None-Match"),
    (status = 404, description = "Tutor not found.", body = ErrorBody),
))]
#[get("/tutors/{idOrEmail}")]
#[tracing::instrument(skip_all)]
pub async fn tutor_profile(
    state: web::Data<AppState>,
    req: HttpRequest,
    key: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let key = key.into_inner();
    // The profile is public: a missing or stale token reads as logged out, never as an error.
    let has_token = req.headers().contains_key(actix_web::http::header::AUTHORIZATION);
    // A visitor's answer is the same for every visitor of one language, so it is kept per
    // language; a signed-in one's says whether that person may message the tutor, so it is not.
    let cache_key = (!has_token).then(|| format!("tutor:{}:{key}", crate::language::accepted(&req).code()));
    let compute = || async {
        let viewer = if has_token { crate::extract::authenticate(&req).await.ok() } else { None };
        let labels =
            term_labels::labels(viewer.as_ref().map_or_else(|| crate::language::accepted(&req), |v| v.language));
        let profiles = state.profiles.clone();
        let discovery = DiscoveryService::new(state.db.clone(), state.notifier.clone());
        let messages = state.messages.clone();
        // One trip to the blocking pool for the three reads: each trip is two thread switches,
        // a quarter of this route's time in the profile (docs/benchmarks.md, 'HTTP hot paths').
        let dto = blocking(move || {
            let found = profiles.get(&key).map_err(ApiError::from)?;
            let tutor = found.id;
            // A tutor who blocked the viewer is not shown to them: as if there were no such tutor.
            if let Some(viewer) = &viewer {
                if messages.has_blocked(tutor, viewer.id).map_err(ApiError::from)? {
                    return Err(ApiError::from(hometutor_profiles::ProfileError::NotFound));
                }
            }
            let mut dto = TutorProfileDto::from(found);
            dto.area = discovery.area_summary(tutor.0).map_err(ApiError::from)?.map(|area| {
                let mut area = AreaSummaryDto::from(area);
                if let Some(labels) = labels {
                    area.relabel(labels);
                }
                area
            });
            if let Some(viewer) = viewer {
                dto.can_message = messages.can_message(viewer.id, tutor).map_err(ApiError::from)?;
                match profiles.review_access(viewer.id, viewer.role, tutor).map_err(ApiError::from)? {
                    Some(ReviewAccess::Open) => dto.can_review = true,
                    Some(ReviewAccess::OpensAt(at)) => dto.review_opens_at = Some(at.and_utc()),
                    _ => {}
                }
            }
            Ok::<_, ApiError>(dto)
        })
        .await?;
        serde_json::to_vec(&dto).map(Into::into).map_err(ApiError::internal)
    };
    let mut response = state.public_cache.answer(&req, cache_key, "no-cache", compute).await?;
    // Browsers keep one answer per language (the area's terms are labelled in it).
    response.headers_mut().insert(
        actix_web::http::header::VARY,
        actix_web::http::header::HeaderValue::from_static("Authorization, Accept-Language"),
    );
    Ok(response)
}

/// The eight fields a tutor writes about themself, each with the limit of `ProfileFields`.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileBody {
    #[serde(default)]
    #[schema(schema_with = about_schema)]
    pub about: Option<String>,
    #[serde(default)]
    #[schema(schema_with = subjects_schema)]
    pub subjects: Option<String>,
    #[serde(default)]
    #[schema(schema_with = availability_schema)]
    pub availability: Option<String>,
    #[serde(default)]
    #[schema(schema_with = methodology_schema)]
    pub methodology: Option<String>,
    #[serde(default)]
    #[schema(schema_with = testimonials_schema)]
    pub testimonials: Option<String>,
    #[serde(default)]
    #[schema(schema_with = education_schema)]
    pub education: Option<String>,
    #[serde(default)]
    #[schema(schema_with = fees_schema)]
    pub fees: Option<String>,
    #[serde(default)]
    #[schema(schema_with = demo_offer_schema)]
    pub demo_offer: Option<String>,
    /// Rupees per hour, 0–100000; null clears it; absent keeps it.
    #[serde(default, deserialize_with = "some_value")]
    #[schema(value_type = Option<i64>, minimum = 0, maximum = 100000)]
    pub fee_per_hour: Option<Option<i64>>,
}

/// A present field, null or not, as `Some` (absent stays `None` through `default`).
fn some_value<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(d).map(Some)
}

/// One schema function per profile field, for `schema_with`: multi-line text up to its limit.
macro_rules! profile_field_schemas {
    ($($name:ident => $max:ident),* $(,)?) => {
        $(fn $name() -> utoipa::openapi::Object {
            crate::schemas::multi_line(ProfileFields::$max).build()
        })*
    };
}

profile_field_schemas! {
    about_schema => MAX_ABOUT,
    subjects_schema => MAX_SUBJECTS,
    availability_schema => MAX_AVAILABILITY,
    methodology_schema => MAX_METHODOLOGY,
    testimonials_schema => MAX_TESTIMONIALS,
    education_schema => MAX_EDUCATION,
    fees_schema => MAX_FEES,
    demo_offer_schema => MAX_DEMO_OFFER,
}

/// Saves the profile fields the body names (a field left out keeps its saved text; `feePerHour` absent keeps
/// the fee, null clears it): the tutor themself or an admin only (others 403).
#[utoipa::path(tag = "tutors", security(("bearer" = [])), params(("idOrEmail" = String, Path,)), request_body = ProfileBody, responses(
    (status = 200, body = TutorProfileDto),
    (status = 400, body = ErrorBody),
    (status = 403, description = "Not your profile", body = ErrorBody),
    (status = 404, body = ErrorBody),
))]
#[put("/tutors/{idOrEmail}")]
#[tracing::instrument(skip_all)]
pub async fn update_tutor_profile(
    state: web::Data<AppState>,
    me: CurrentUser,
    key: web::Path<String>,
    body: Json<ProfileBody>,
) -> Result<web::Json<TutorProfileDto>, ApiError> {
    let b = body.into_inner();
    let profiles = state.profiles.clone();
    let fee = b.fee_per_hour;
    let saved = blocking(move || {
        // A field the body leaves out keeps its saved text (saving the fee alone keeps the about).
        let was = profiles.get(&key)?.fields;
        let fields = ProfileFields {
            about: b.about.unwrap_or(was.about),
            subjects: b.subjects.unwrap_or(was.subjects),
            availability: b.availability.unwrap_or(was.availability),
            methodology: b.methodology.unwrap_or(was.methodology),
            testimonials: b.testimonials.unwrap_or(was.testimonials),
            education: b.education.unwrap_or(was.education),
            fees: b.fees.unwrap_or(was.fees),
            demo_offer: b.demo_offer.unwrap_or(was.demo_offer),
        };
        profiles.update_with_fee(me.0.id, me.0.role, &key, fields, fee)
    })
    .await?;
    Ok(web::Json(saved.into()))
}

/// The tutor's reviews, newest first.
#[utoipa::path(tag = "tutors", params(("idOrEmail" = String, Path,)), responses(
    (status = 200, body = Vec<Review>),
    (status = 404, body = ErrorBody),
))]
#[get("/tutors/{idOrEmail}/reviews")]
#[tracing::instrument(skip_all)]
pub async fn tutor_reviews(
    state: web::Data<AppState>,
    key: web::Path<String>,
) -> Result<web::Json<Vec<Review>>, ApiError> {
    let profiles = state.profiles.clone();
    let list = blocking(move || profiles.reviews(&key)).await?;
    Ok(web::Json(list))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewBody {
    #[schema(required = true, schema_with = rating_schema)]
    pub rating: Option<i32>,
    /// Optional.
    #[serde(default)]
    #[schema(schema_with = comment_schema)]
    pub comment: String,
    /// Ignored: the reviewer is the caller.
    pub parent_id: Option<serde_json::Value>,
}

fn rating_schema() -> utoipa::openapi::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::Integer)
        .format(Some(utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int32)))
        .description(Some(format!("Stars, {MIN_RATING} to {MAX_RATING}.")))
        .minimum(Some(MIN_RATING))
        .maximum(Some(MAX_RATING))
        .build()
}

/// Checked as sent for control characters, counted once trimmed; may be blank.
fn comment_schema() -> utoipa::openapi::Object {
    crate::schemas::multi_line(MAX_COMMENT_CHARS).build()
}

/// A parent's review (one per parent and tutor; a second replaces the first).
#[utoipa::path(tag = "tutors", security(("bearer" = [])), params(("idOrEmail" = String, Path,)), request_body = ReviewBody, responses(
    (status = 201, body = Review),
    (status = 400, description = "No rating, or out of 1–5", body = ErrorBody),
    (status = 403, description = "Only parents review (`not_a_parent`), after contact (`not_in_touch`), once both wrote in chat and a day passed (`review_too_soon`)", body = ErrorBody),
))]
#[post("/tutors/{idOrEmail}/reviews")]
#[tracing::instrument(skip_all)]
pub async fn add_review(
    state: web::Data<AppState>,
    me: CurrentUser,
    key: web::Path<String>,
    body: Json<ReviewBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let profiles = state.profiles.clone();
    let review = blocking(move || profiles.review(me.0.id, me.0.role, &key, b.rating, &b.comment)).await?;
    Ok(HttpResponse::Created().json(review))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnswerBody {
    #[serde(default)]
    #[schema(required = true, schema_with = answer_schema)]
    pub text: String,
}

/// Checked as sent for control characters, counted once trimmed; not blank.
fn answer_schema() -> utoipa::openapi::Object {
    crate::schemas::multi_line_trimmed(MAX_COMMENT_CHARS).build()
}

/// The reviewed tutor answers a review of theirs, once and publicly (shown under it).
#[utoipa::path(tag = "tutors", security(("bearer" = [])), params(("idOrEmail" = String, Path,), ("reviewId" = i64, Path,)),
    request_body = AnswerBody, responses(
    (status = 201, body = Answer),
    (status = 400, description = "A blank or too long answer", body = ErrorBody),
    (status = 403, description = "Not the reviewed tutor (`not_yours`)", body = ErrorBody),
    (status = 404, description = "No such review of this tutor", body = ErrorBody),
    (status = 409, description = "The review already has an answer (`review_answered`)", body = ErrorBody),
))]
#[post("/tutors/{idOrEmail}/reviews/{reviewId}/answer")]
#[tracing::instrument(skip_all)]
pub async fn answer_review(
    state: web::Data<AppState>,
    me: CurrentUser,
    path: web::Path<(String, i64)>,
    body: Json<AnswerBody>,
) -> Result<HttpResponse, ApiError> {
    let (_tutor, review) = path.into_inner();
    let text = body.into_inner().text;
    let profiles = state.profiles.clone();
    let answer = blocking(move || profiles.answer(me.0.id, review, &text)).await?;
    Ok(HttpResponse::Created().json(answer))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(tutor_reviews)
        .service(add_review)
        .service(answer_review)
        .service(tutor_profile)
        .service(update_tutor_profile);
}
