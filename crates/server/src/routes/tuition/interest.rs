//! A tutor says they are interested in a request, and is answered its parent's contacts; the
//! parent may stop sharing them with that tutor (and share again).

use actix_web::{post, put, web};
use hometutor_core::UserId;
use hometutor_tuition::ParentContact;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
pub struct InterestResponse {
    pub message: String,
    /// The parent's contacts, now revealed to the caller (and the reveal on record); null when
    /// the parent stopped sharing them with the caller.
    pub contact: Option<ParentContact>,
}

/// Tells the parent that the calling tutor is interested and answers the parent's
/// contacts; saying it twice is the same as once. At most 30 new interests and first messages to
/// parents together in 24 hours.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = InterestResponse),
    (status = 403, description = "Not a tutor, or no active subscription", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "The parent closed the request (`request_closed`)", body = ErrorBody),
    (status = 429, description = "Today's limit of first contacts (`interest_limit`)", body = ErrorBody),
))]
#[post("/tuition/{id}/interested")]
#[tracing::instrument(skip_all)]
pub async fn interested(
    state: web::Data<AppState>,
    me: CurrentUser,
    id: web::Path<i64>,
) -> Result<web::Json<InterestResponse>, ApiError> {
    let tuition = state.tuition.clone();
    let id = id.into_inner();
    let (user, role, language) = (me.0.id, me.0.role, me.0.language);
    let contact = blocking(move || tuition.express_interest(user, role, id)).await?;
    Ok(web::Json(InterestResponse { message: hometutor_i18n::text(language, "done-interest-sent", &[]), contact }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SharingBody {
    /// `false`: stop sharing your phone and e-mail with this tutor; `true`: share them again.
    pub shared: bool,
}

#[derive(Serialize, ToSchema)]
pub struct SharingResponse {
    pub shared: bool,
}

/// The request's parent stops or starts again sharing their phone and e-mail with one tutor
/// who is interested in it. It holds for every request of the parent: that tutor's nearby
/// results, interests and conversation list leave the contacts out while it is stopped.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), request_body = SharingBody,
    params(("id" = i64, Path,), ("tutorId" = i64, Path,)), responses(
    (status = 200, body = SharingResponse),
    (status = 403, description = "Not a parent, or sharing again with a tutor blocked either way (`blocked`)", body = ErrorBody),
    (status = 404, description = "Not the caller's request, or the tutor is not interested in it", body = ErrorBody),
))]
#[put("/tuition/{id}/interested/{tutorId}/sharing")]
#[tracing::instrument(skip_all)]
pub async fn sharing(
    state: web::Data<AppState>,
    me: CurrentUser,
    path: web::Path<(i64, i64)>,
    body: Json<SharingBody>,
) -> Result<web::Json<SharingResponse>, ApiError> {
    let tuition = state.tuition.clone();
    let (id, tutor) = path.into_inner();
    let shared = body.into_inner().shared;
    let (user, role) = (me.0.id, me.0.role);
    blocking(move || tuition.set_sharing(user, role, id, UserId(tutor), shared)).await?;
    Ok(web::Json(SharingResponse { shared }))
}
