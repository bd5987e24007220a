//! The whole admin area (/api/admin/…) answers 401 without a valid token and
//! 403 to anyone but an admin, before a handler reads the request's body: a
//! parent probing an admin route learns nothing about what it expects.
//! Handlers still take [`crate::extract::AdminOnly`], which names the actor.

use actix_web::{HttpRequest, HttpResponse};

use crate::extract::{authenticate, forbidden_for_non_admins};

pub async fn refusal(req: &HttpRequest) -> Option<HttpResponse> {
    let admin_area = req.path().starts_with("/api/admin/") || req.path() == "/api/admin";
    if !admin_area {
        return None;
    }
    let error = match authenticate(req).await {
        Err(e) => e,
        Ok(user) if user.role != hometutor_core::Role::Admin => forbidden_for_non_admins(),
        Ok(_) => return None,
    };
    // Answered here, outside the layer that localizes handlers' errors: in the caller's language.
    Some(error.response_in(crate::language::of_request(req)))
}
