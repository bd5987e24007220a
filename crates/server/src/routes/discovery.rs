//! Discovery: tutor search (public), a request's recommended tutors and the
//! parent's invitations. The rules are crates/discovery's; this file maps them onto HTTP.

use actix_web::http::StatusCode;
use actix_web::middleware::from_fn;
use actix_web::{get, post, web, HttpResponse};
use hometutor_core::Role;
use hometutor_discovery::{DiscoveryService, RecommendedTutor, TermRef, TutorCard, TutorQuery, MAX_RECOMMENDATIONS};
use hometutor_media::MediaError;
use hometutor_profiles::verification::Badge;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody, ErrorCode};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::rate_limit;
use crate::routes::tuition::parse_coordinates;
use crate::routes::vocabulary::TermDto;
use crate::schemas;
use crate::state::AppState;
use crate::term_labels::{self, Labels};

fn service(state: &AppState) -> DiscoveryService {
    DiscoveryService::new(state.db.clone(), state.notifier.clone())
}

pub(crate) fn terms(list: Vec<TermRef>) -> Vec<TermDto> {
    list.into_iter().map(Into::into).collect()
}

/// Where a stored upload (a profile photo) is served, publicly.
pub(crate) fn photo_url(photo: Option<String>) -> Option<String> {
    photo.map(|name| format!("/api/uploads/{name}"))
}

/// A tutor as search shows them: never an e-mail address or a phone number.
// Not `TutorCard` itself: its terms are labelled in the reader's language (`term_labels`) and the
// photo's name becomes its URL.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TutorCardDto {
    pub id: i64,
    pub fullname: String,
    pub photo_url: Option<String>,
    /// The profile's about, at most 160 characters.
    pub about: String,
    pub subjects: Vec<TermDto>,
    pub classes: Vec<TermDto>,
    pub boards: Vec<TermDto>,
    pub modes: Vec<TermDto>,
    /// Rupees per hour.
    pub fee_per_hour: Option<i32>,
    pub fee_notes: String,
    /// Mean to one decimal; null without reviews.
    pub rating: Option<f64>,
    pub review_count: i64,
    /// From the place searched to the centre of the tutor's teaching area, to 0.1 km.
    pub distance_km: f64,
    /// Roughly where the tutor teaches ('Lajpat Nagar, South Delhi').
    pub place_name: Option<String>,
    /// `[longitude, latitude]` of that place (a post office's public point, never the tutor's own):
    /// where the search map shows the tutor.
    #[schema(value_type = Option<Vec<f64>>, min_items = 2, max_items = 2, example = json!([77.2402, 28.5733]))]
    pub place_location: Option<[f64; 2]>,
    /// Verified: an admin checked the tutor's documents (`verification` says which checks passed, and when).
    pub verified: bool,
    /// Featured by HomeTutor (an award of the site's, not a check).
    pub featured: bool,
    /// The checks that passed and their date; absent for a tutor not verified.
    pub verification: Option<Badge>,
}

impl TutorCardDto {
    /// The card's terms in the reader's language.
    pub(crate) fn relabel(&mut self, labels: &Labels) {
        labels.relabel_all([&mut self.subjects, &mut self.classes, &mut self.boards, &mut self.modes]);
    }
}

impl From<TutorCard> for TutorCardDto {
    fn from(c: TutorCard) -> Self {
        Self {
            id: c.id,
            fullname: c.fullname,
            photo_url: photo_url(c.photo),
            about: c.about,
            subjects: terms(c.subjects),
            classes: terms(c.classes),
            boards: terms(c.boards),
            modes: terms(c.modes),
            fee_per_hour: c.fee_per_hour,
            fee_notes: c.fee_notes,
            rating: c.rating,
            review_count: c.review_count,
            distance_km: c.distance_km,
            place_name: c.place_name,
            place_location: c.place_location,
            verified: c.verified,
            featured: c.featured,
            verification: c.verification,
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct SearchParams {
    /// The place searched near.
    #[param(value_type = schemas::CoordinatesParameter, inline)]
    pub location: String,
    /// Only tutors whose centre is at most this far (km, 1–50).
    #[param(minimum = 1, maximum = 50)]
    pub radius_km: Option<f64>,
    /// A subject of /api/vocabulary (tutors who name it or 'All Subjects'): its id, or its name as
    /// people type it, in English, Hindi or Hinglish ('maths', 'गणित', 'ganit').
    pub subject: Option<String>,
    /// A class of /api/vocabulary: its id, or its name as people type it ('class 8th', 'कक्षा ८', '8vi').
    pub class_level: Option<String>,
    /// A board id of /api/vocabulary.
    pub board: Option<String>,
    /// `home` or `online`.
    pub mode: Option<String>,
    /// The lowest mean rating, 1–5 (tutors without reviews are left out).
    #[param(minimum = 1, maximum = 5)]
    pub min_rating: Option<f64>,
    /// The lowest fee per hour in rupees (tutors without a fee are left out).
    #[param(minimum = 0, maximum = 100000)]
    pub min_fee: Option<i64>,
    /// The highest fee per hour in rupees (tutors without a fee are left out); not below `minFee`.
    #[param(minimum = 0, maximum = 100000)]
    pub max_fee: Option<i64>,
    /// `true`: verified tutors only (an admin checked their documents).
    pub verified: Option<bool>,
    /// From 1.
    #[param(minimum = 1, maximum = 500)]
    pub page: Option<i64>,
}

/// One page of tutor search.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TutorSearchDto {
    pub tutors: Vec<TutorCardDto>,
    /// Tutors listed on every page together.
    pub total: usize,
    pub page: usize,
    pub page_size: usize,
}

/// Tutors who teach at a place (public). Nearest first, then the better (Bayesian) rating,
/// then the id; 20 to a page. Filters take vocabulary ids; an unknown id answers 400.
///
/// Terms are labelled in the request's language (the signed-in caller's, else `Accept-Language`).
#[utoipa::path(tag = "tutors", params(SearchParams), responses(
    (status = 200, body = TutorSearchDto),
    (status = 400, description = "`validation`: a bad location, radius, filter id, rating, fee or page", body = ErrorBody),
    (status = 429, description = "`rate_limited`: too many searches from this client (an IPv6 client counted by its /64), with Retry-After", body = ErrorBody),
))]
#[get("/tutors/search", wrap = "from_fn(rate_limit::tutor_searches)")]
#[tracing::instrument(skip_all)]
pub async fn search_tutors(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
    params: web::Query<SearchParams>,
) -> Result<web::Json<TutorSearchDto>, ApiError> {
    let p = params.into_inner();
    let location = match parse_coordinates(&p.location) {
        Some(point) => Some([point.lng, point.lat]),
        None => {
            return Err(ApiError::invalid_fields(
                "The location must be [longitude,latitude] of a real place.",
                [("location".to_string(), "The location must be [longitude,latitude] of a real place.".to_string())]
                    .into(),
            ))
        }
    };
    let query = TutorQuery {
        location,
        radius_km: p.radius_km,
        subject: p.subject,
        class_level: p.class_level,
        board: p.board,
        mode: p.mode,
        min_rating: p.min_rating,
        min_fee: p.min_fee,
        max_fee: p.max_fee,
        verified: p.verified,
        page: p.page,
    };
    let discovery = service(&state);
    let (subject, class) = (query.subject.clone(), query.class_level.clone());
    let mut found = blocking(move || discovery.search(&query)).await?;
    // A signed-in family is not shown the tutors who blocked them (a visitor's search is everyone's).
    if req.headers().contains_key(actix_web::http::header::AUTHORIZATION) {
        if let Ok(viewer) = crate::extract::authenticate(&req).await {
            let db = state.db.clone();
            let blockers = blocking(move || {
                db.read(|c| {
                    hometutor_moderation::blocks::blockers_of(c, viewer.id).map_err(hometutor_db::DbError::from)
                })
                .map_err(crate::errors::database)
            })
            .await?;
            let before = found.tutors.len();
            found.tutors.retain(|t| !blockers.contains(&t.id));
            found.total -= before - found.tutors.len();
        }
    }
    // A family's filters count in the admins' search trends beside tutors' (a valid search only).
    state.tuition.record_tutor_search_terms(subject.as_deref(), class.as_deref());
    // After the token was checked: a signed-in caller reads their own language.
    let labels = term_labels::labels(crate::language::of_request(&req));
    Ok(web::Json(TutorSearchDto {
        tutors: found
            .tutors
            .into_iter()
            .map(|card| {
                let mut card = TutorCardDto::from(card);
                if let Some(labels) = labels {
                    card.relabel(labels);
                }
                card
            })
            .collect(),
        total: found.total,
        page: found.page,
        page_size: found.page_size,
    }))
}

/// A recommended tutor: the card, a score from 0 to 100 and its reasons.
// Not `RecommendedTutor` itself: the reasons are catalogue messages rendered in the reader's language.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecommendedTutorDto {
    #[serde(flatten)]
    pub card: TutorCardDto,
    /// 0–100: distance 35, fit 30, rating 20, responsiveness 10, verified 5 (crates/discovery/src/score.rs).
    pub score: u8,
    /// Why, in words, in the caller's language ('2.1 km away', 'Teaches Mathematics for Class 8', 'CBSE', '★ 4.6 from 12 reviews', 'Verified', 'Usually replies within a day').
    pub reasons: Vec<String>,
    /// Already invited to this request.
    pub invited: bool,
}

impl RecommendedTutorDto {
    /// The tutor as a reader of `language` sees them: the card's terms and the reasons in it.
    fn in_language(r: RecommendedTutor, language: hometutor_i18n::Language) -> Self {
        let reasons = r.reasons.iter().map(|m| m.render(language)).collect();
        let mut dto = Self { card: r.card.into(), score: r.score, reasons, invited: r.invited };
        if let Some(labels) = term_labels::labels(language) {
            dto.card.relabel(labels);
        }
        dto
    }
}

#[derive(Serialize, ToSchema)]
pub struct RecommendationsDto {
    /// At most 10, best first.
    pub tutors: Vec<RecommendedTutorDto>,
}

/// The tutors best suited to one of the caller's own requests (parents only).
///
/// Terms and reasons are in the caller's language.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = RecommendationsDto),
    (status = 403, description = "`not_a_parent`: tutors and admins", body = ErrorBody),
    (status = 404, description = "No such request of the caller's", body = ErrorBody),
))]
#[get("/tuition/{id}/recommendations")]
#[tracing::instrument(skip_all)]
pub async fn recommendations(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<web::Json<RecommendationsDto>, ApiError> {
    let discovery = service(&state);
    let id = id.into_inner();
    let language = me.0.language;
    let found = blocking(move || discovery.recommendations(me.0.id, me.0.role, id)).await?;
    debug_assert!(found.tutors.len() <= MAX_RECOMMENDATIONS);
    let tutors = found.tutors.into_iter().map(|tutor| RecommendedTutorDto::in_language(tutor, language)).collect();
    Ok(web::Json(RecommendationsDto { tutors }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InviteBody {
    /// The tutor to invite.
    pub tutor_id: i64,
}

#[derive(Serialize, ToSchema)]
pub struct InvitedDto {
    pub invited: bool,
}

/// Invites a tutor to one of the caller's own open requests (parents only); the tutor is
/// notified (`tuition_invite`). 201 the first time, 200 when already invited.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(("id" = i64, Path,)), request_body = InviteBody, responses(
    (status = 201, description = "Invited", body = InvitedDto),
    (status = 200, description = "Already invited", body = InvitedDto),
    (status = 403, description = "`not_a_parent`", body = ErrorBody),
    (status = 404, description = "No such request of the caller's, or no such tutor", body = ErrorBody),
    (status = 409, description = "`request_closed`", body = ErrorBody),
    (status = 429, description = "`rate_limited`: 20 invitations for this request already", body = ErrorBody),
))]
#[post("/tuition/{id}/invite")]
#[tracing::instrument(skip_all)]
pub async fn invite(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
    body: Json<InviteBody>,
) -> Result<HttpResponse, ApiError> {
    let discovery = service(&state);
    let (id, tutor) = (id.into_inner(), body.into_inner().tutor_id);
    let created = blocking(move || discovery.invite(me.0.id, me.0.role, id, tutor)).await?;
    let status = if created { StatusCode::CREATED } else { StatusCode::OK };
    Ok(HttpResponse::build(status).json(InvitedDto { invited: true }))
}

/// A profile photo may be at most this many bytes as sent.
pub const MAX_PHOTO_BYTES: usize = 5 * 1024 * 1024;

/// The form of `POST /tutors/me/photo` (a schema only: the form is read part by part).
pub struct PhotoForm;

impl utoipa::PartialSchema for PhotoForm {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
        let file = ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary)))
            .description(Some("A JPEG, PNG or WebP image of at most 5 MB."));
        ObjectBuilder::new().property("photo", file).required("photo").build().into()
    }
}

impl ToSchema for PhotoForm {}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhotoDto {
    /// The new photo, served publicly: 400 × 400 JPEG.
    pub photo_url: String,
}

fn photo_refused(id: &'static str) -> ApiError {
    ApiError::text(StatusCode::BAD_REQUEST, ErrorCode::UnsupportedFile, hometutor_i18n::Message::new(id))
}

/// The bytes of the form's `photo` part (other parts are read and ignored).
async fn read_photo(mut form: actix_multipart::Multipart) -> Result<Vec<u8>, ApiError> {
    use futures_util::StreamExt;
    let bad = |e: actix_multipart::MultipartError| {
        ApiError::bad_request_text(hometutor_i18n::Message::new("error-form-invalid").arg("error", e.to_string()))
    };
    let mut photo: Option<Vec<u8>> = None;
    while let Some(part) = form.next().await {
        let mut part = part.map_err(bad)?;
        let is_photo = part.name() == Some("photo");
        if is_photo && photo.is_some() {
            return Err(ApiError::bad_request_text(hometutor_i18n::Message::new("error-photo-one")));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = part.next().await {
            let chunk = chunk.map_err(bad)?;
            if is_photo {
                if bytes.len() + chunk.len() > MAX_PHOTO_BYTES {
                    return Err(ApiError::text(
                        StatusCode::BAD_REQUEST,
                        ErrorCode::FileTooLarge,
                        hometutor_i18n::Message::new("error-photo-too-large"),
                    ));
                }
                bytes.extend_from_slice(&chunk);
            }
        }
        if is_photo {
            photo = Some(bytes);
        }
    }
    photo
        .filter(|p| !p.is_empty())
        .ok_or_else(|| ApiError::bad_request_text(hometutor_i18n::Message::new("error-photo-required")))
}

/// Sets the calling tutor's profile photo (multipart field `photo`: JPEG, PNG or WebP, at
/// most 5 MB). It is cropped to its centre square, resized to 400 × 400 and stored as a
/// new JPEG; the previous photo is removed. Tutors only.
#[utoipa::path(tag = "tutors", security(("bearer" = [])), request_body(content = PhotoForm, content_type = "multipart/form-data"), responses(
    (status = 200, body = PhotoDto),
    (status = 400, description = "Not a JPEG, PNG or WebP image, damaged, or over 5 MB", body = ErrorBody),
    (status = 403, description = "`not_a_tutor`", body = ErrorBody),
))]
#[post("/tutors/me/photo")]
#[tracing::instrument(skip_all)]
pub async fn upload_photo(
    state: web::Data<AppState>,
    me: CurrentUser,
    form: actix_multipart::Multipart,
) -> Result<web::Json<PhotoDto>, ApiError> {
    if me.0.role != Role::Tutor {
        return Err(ApiError::text(
            StatusCode::FORBIDDEN,
            ErrorCode::NotATutor,
            hometutor_i18n::Message::new("error-photo-tutors-only"),
        ));
    }
    let bytes = read_photo(form).await?;
    let (media, profiles, tutor) = (state.media.clone(), state.profiles.clone(), me.0.id);
    let stored = blocking(move || {
        media.store_photo(tutor, &bytes).map_err(|e| match e {
            MediaError::NotAllowed(_) | MediaError::Mismatch(_) => photo_refused("error-photo-type"),
            MediaError::Damaged(_) => photo_refused("error-photo-damaged"),
            other => ApiError::from(other),
        })
    })
    .await?;
    let (media, filename) = (state.media.clone(), stored.filename.clone());
    let old = blocking(move || {
        let old = profiles.set_photo(tutor, &filename);
        if old.is_err() {
            // Not recorded as the photo: do not keep it.
            let _ = media.delete(tutor, Role::Tutor, &filename);
        }
        old
    })
    .await?;
    if let Some(old) = old {
        let media = state.media.clone();
        if let Err(e) = blocking(move || media.delete(tutor, Role::Tutor, &old)).await {
            tracing::warn!(error = %e, "the previous photo stays until removed by hand");
        }
    }
    Ok(web::Json(PhotoDto { photo_url: format!("/api/uploads/{}", stored.filename) }))
}

pub fn config(cfg: &mut ServiceConfig) {
    // Literal paths before `tutors.rs`'s `/tutors/{idOrEmail}`.
    cfg.service(search_tutors).service(upload_photo).service(recommendations).service(invite);
}
