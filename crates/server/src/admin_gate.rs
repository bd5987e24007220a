//! The whole admin area (/api/admin/…) answers 401 without a valid token and
//! 403 to anyone but an admin, before a handler reads the request's body: a
//! parent probing an admin route learns nothing about what it expects.
//! Handlers still take [`crate::extract::AdminOnly`], which names the actor.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::ResponseError;

use crate::extract::{authenticate, forbidden_for_non_admins};

pub async fn guard(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let admin_area = req.path().starts_with("/api/admin/") || req.path() == "/api/admin";
    if admin_area {
        let refusal = match authenticate(req.request()).await {
            Err(e) => Some(e),
            Ok(user) if user.role != hometutor_core::Role::Admin => Some(forbidden_for_non_admins()),
            Ok(_) => None,
        };
        if let Some(error) = refusal {
            let response = error.error_response();
            return Ok(req.into_response(response).map_into_boxed_body());
        }
    }
    next.call(req).await.map(ServiceResponse::map_into_boxed_body)
}
