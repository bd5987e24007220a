//! A tutor's own teaching area: where they teach, how far they travel and what they
//! teach; new requests inside it alert them.

use actix_web::{get, put, web};
use chrono::{DateTime, Utc};
use hometutor_profiles::Step;
use hometutor_tuition::{AreaInput, TutorArea, MAX_AREA_ITEMS, MAX_FIELD_CHARS, MAX_RADIUS_KM, MIN_RADIUS_KM};
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{ArrayBuilder, KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::routes::tuition::Coordinates;
use crate::routes::vocabulary::TermDto;
use crate::state::AppState;

/// Where a tutor teaches, how far they travel and what they teach (vocabulary terms, labelled in
/// the tutor's language; an entry the vocabulary does not have is `{id: "other", label: "<text>"}`).
// Not `TutorArea` itself: its terms are labelled in the tutor's language and the place is looked up
// from the centre.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TutorAreaDto {
    /// The centre of the area.
    pub location: Coordinates,
    pub radius_km: f64,
    /// Empty: any subject.
    pub subjects: Vec<TermDto>,
    /// Empty: any class.
    pub classes: Vec<TermDto>,
    /// Empty: any board.
    pub boards: Vec<TermDto>,
    /// Empty: any mode.
    pub modes: Vec<TermDto>,
    /// The place the centre lies in ('Lajpat Nagar, South Delhi'), if known.
    pub place_name: Option<String>,
    pub updated_at: DateTime<Utc>,
    /// The tutor's onboarding steps still to do, in the flow's order (`GET /api/tutors/me/completeness`
    /// has the rest): what the dashboard needs to know whether to show "Your profile is n% complete".
    pub profile_missing: Vec<Step>,
}

impl From<TutorArea> for TutorAreaDto {
    fn from(a: TutorArea) -> Self {
        Self {
            location: Coordinates([a.center.lng, a.center.lat]),
            radius_km: a.radius_km,
            subjects: a.subjects.iter().map(TermDto::of_choice).collect(),
            classes: a.classes.iter().map(TermDto::of_choice).collect(),
            boards: a.boards.iter().copied().map(TermDto::brief).collect(),
            modes: a.modes.iter().copied().map(TermDto::brief).collect(),
            place_name: hometutor_places::Places::global()
                .nearest(a.center.lat, a.center.lng)
                .map(|p| p.display_name()),
            updated_at: a.updated_at.and_utc(),
            profile_missing: Vec::new(),
        }
    }
}

impl TutorAreaDto {
    /// The area as a reader of `language` sees it: the terms labelled in it.
    fn in_language(area: TutorArea, language: hometutor_i18n::Language) -> Self {
        let mut dto = Self::from(area);
        if let Some(labels) = crate::term_labels::labels(language) {
            labels.relabel_all([&mut dto.subjects, &mut dto.classes, &mut dto.boards, &mut dto.modes]);
        }
        dto
    }
}

// A missing location or radius reads as none, so that the domain names it with the
// other fields' errors (400 `validation` with `fields`); missing lists mean "any".
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AreaBody {
    /// The centre of the area, picked on the map.
    #[serde(default)]
    #[schema(required = true, value_type = Coordinates)]
    pub location: Option<Coordinates>,
    #[serde(default)]
    #[schema(required = true, schema_with = area_radius_schema)]
    pub radius_km: Option<f64>,
    /// Subjects taught (empty: any): ids of `GET /api/vocabulary`, or text (mapped onto
    /// the vocabulary where it names a subject, else kept as other). Repeats are dropped.
    #[serde(default)]
    #[schema(schema_with = area_items_schema)]
    pub subjects: Vec<String>,
    /// Classes taught (empty: any): ids or text, like `subjects`.
    #[serde(default)]
    #[schema(schema_with = area_items_schema)]
    pub classes: Vec<String>,
    /// Board ids (empty: any); an unknown one is refused.
    #[serde(default)]
    #[schema(schema_with = area_boards_schema)]
    pub boards: Vec<String>,
    /// Mode ids (empty: any); an unknown one is refused.
    #[serde(default)]
    #[schema(schema_with = area_modes_schema)]
    pub modes: Vec<String>,
}

fn area_radius_schema() -> utoipa::openapi::Object {
    ObjectBuilder::new()
        .schema_type(Type::Number)
        .format(Some(SchemaFormat::KnownFormat(KnownFormat::Double)))
        .description(Some(format!("How far the tutor travels, {MIN_RADIUS_KM} to {MAX_RADIUS_KM} km.")))
        .minimum(Some(MIN_RADIUS_KM))
        .maximum(Some(MAX_RADIUS_KM))
        .build()
}

fn area_items_schema() -> utoipa::openapi::Array {
    ArrayBuilder::new().items(crate::schemas::one_line(MAX_FIELD_CHARS)).max_items(Some(MAX_AREA_ITEMS)).build()
}

fn area_terms_schema(facet: hometutor_vocabulary::Facet) -> utoipa::openapi::Array {
    ArrayBuilder::new()
        .items(crate::routes::tuition::vocabulary_id_schema(facet, false, false))
        .max_items(Some(MAX_AREA_ITEMS))
        .build()
}

fn area_boards_schema() -> utoipa::openapi::Array {
    area_terms_schema(hometutor_vocabulary::Facet::Board)
}

fn area_modes_schema() -> utoipa::openapi::Array {
    area_terms_schema(hometutor_vocabulary::Facet::Mode)
}

/// The calling tutor's teaching area, `null` before they save one (tutors only: others 403).
/// A new tutor having no area is the normal state, not a missing resource: a 404 here would
/// be logged by every browser as an error on the tutor's first pages.
#[utoipa::path(tag = "tutors", security(("bearer" = [])), responses(
    (status = 200, description = "The saved area, or `null` when none is saved yet", body = Option<TutorAreaDto>),
    (status = 403, description = "Not a tutor", body = ErrorBody),
))]
#[get("/tutors/me/area")]
#[tracing::instrument(skip_all)]
pub async fn my_area(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<Option<TutorAreaDto>>, ApiError> {
    let (tuition, language) = (state.tuition.clone(), me.0.language);
    let area = blocking(move || tuition.area(me.0.id, me.0.role)).await?;
    let Some(area) = area else { return Ok(web::Json(None)) };
    let missing = crate::routes::completeness::of(&state, me.0.id, me.0.role, Some(&area)).await?.missing;
    Ok(web::Json(Some(TutorAreaDto { profile_missing: missing, ..TutorAreaDto::in_language(area, language) })))
}

/// Saves the calling tutor's teaching area in place of the one they had (tutors only:
/// others 403). New requests inside it, for what it lists, alert the tutor.
#[utoipa::path(tag = "tutors", security(("bearer" = [])), request_body = AreaBody, responses(
    (status = 200, body = TutorAreaDto),
    (status = 400, description = "`validation`, with `fields`", body = ErrorBody),
    (status = 403, description = "Not a tutor", body = ErrorBody),
))]
#[put("/tutors/me/area")]
#[tracing::instrument(skip_all)]
pub async fn save_my_area(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<AreaBody>,
) -> Result<web::Json<TutorAreaDto>, ApiError> {
    let b = body.into_inner();
    let input = AreaInput {
        location: b.location.map(|c| c.0),
        radius_km: b.radius_km,
        subjects: b.subjects,
        classes: b.classes,
        boards: b.boards,
        modes: b.modes,
    };
    let (tuition, language) = (state.tuition.clone(), me.0.language);
    let saved = blocking(move || tuition.save_area(me.0.id, me.0.role, &input)).await?;
    let missing = crate::routes::completeness::of(&state, me.0.id, me.0.role, Some(&saved)).await?.missing;
    Ok(web::Json(TutorAreaDto { profile_missing: missing, ..TutorAreaDto::in_language(saved, language) }))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(my_area).service(save_my_area);
}
