//! A tutor says they are interested in a request, and is answered its parent's contacts.

use actix_web::{post, web};
use hometutor_tuition::ParentContact;
use serde::Serialize;
use utoipa::ToSchema;

use crate::errors::{blocking, ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::state::AppState;

/// A parent's contacts, revealed to a subscribed tutor who said they are interested.
#[derive(Serialize, ToSchema)]
pub struct ParentContactDto {
    /// The parent's user id, to start a chat.
    pub id: i64,
    pub fullname: String,
    pub email: String,
    pub phone: String,
}

impl From<ParentContact> for ParentContactDto {
    fn from(p: ParentContact) -> Self {
        Self { id: p.id.0, fullname: p.fullname, email: p.email, phone: p.phone }
    }
}

#[derive(Serialize, ToSchema)]
pub struct InterestResponse {
    pub message: String,
    /// The parent's contacts, now revealed to the caller (and the reveal on record).
    pub contact: ParentContactDto,
}

/// Tells the parent that the calling tutor is interested and answers the parent's
/// contacts; saying it twice is the same as once. At most 30 new interests in 24 hours.
#[utoipa::path(tag = "tuition", security(("bearer" = [])), params(("id" = i64, Path,)), responses(
    (status = 200, body = InterestResponse),
    (status = 403, description = "Not a tutor, or no active subscription", body = ErrorBody),
    (status = 404, body = ErrorBody),
    (status = 409, description = "The parent closed the request (`request_closed`)", body = ErrorBody),
    (status = 429, description = "'You have reached today's limit of interests. Try again tomorrow.'", body = ErrorBody),
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
    let contact = blocking(move || tuition.express_interest(me.0.id, me.0.role, id)).await?;
    Ok(web::Json(InterestResponse {
        message: "The parent can now see your interest and contact details.".into(),
        contact: contact.into(),
    }))
}
