//! How complete the calling tutor's profile is: the onboarding flow's meter and the dashboard's
//! "what is missing" card. The rule is crates/profiles' (`completeness`); the facts it needs of
//! the teaching area and the availability are read from their owners here.

use actix_web::{get, web};
use hometutor_core::{Role, UserId};
use hometutor_profiles::{Completeness, ProfileFacts};
use hometutor_scheduling::Availability;
use hometutor_tuition::TutorArea;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::state::AppState;

/// The calling tutor's onboarding steps done and missing (in the flow's order), the percentage
/// done, and whether public tutor search lists them yet (tutors only: others 403).
#[utoipa::path(tag = "tutors", security(("bearer" = [])), responses(
    (status = 200, body = Completeness),
    (status = 403, description = "Not a tutor", body = ErrorBody),
))]
#[get("/tutors/me/completeness")]
#[tracing::instrument(skip_all)]
pub async fn my_completeness(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<Completeness>, ApiError> {
    let tuition = state.tuition.clone();
    let (id, role) = (me.0.id, me.0.role);
    let area = blocking(move || tuition.area(id, role)).await?;
    Ok(web::Json(of(&state, id, role, area.as_ref()).await?))
}

/// The tutor's completeness, their teaching area (`None`: not saved) read already.
pub(crate) async fn of(
    state: &AppState,
    id: UserId,
    role: Role,
    area: Option<&TutorArea>,
) -> Result<Completeness, ApiError> {
    let (profiles, db) = (state.profiles.clone(), state.db.clone());
    let week = blocking(move || Availability::new(db).mine(id, role)).await?;
    let facts = ProfileFacts {
        subjects: area.is_some_and(|a| !a.subjects.is_empty()),
        classes: area.is_some_and(|a| !a.classes.is_empty()),
        boards: area.is_some_and(|a| !a.boards.is_empty()),
        modes: area.is_some_and(|a| !a.modes.is_empty()),
        area: area.is_some(),
        availability: !week.slots.is_empty(),
        ..ProfileFacts::default()
    };
    Ok(blocking(move || profiles.completeness(id, facts)).await?)
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(my_completeness);
}
