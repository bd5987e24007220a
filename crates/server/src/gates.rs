//! The refusals a request meets before routing, in this order: a NUL in its URL
//! ([`crate::input::nul_in_url_refusal`]), maintenance mode ([`crate::maintenance`]), the
//! admin area's gate ([`crate::admin_gate`]). Each module owns its rule; they share one
//! middleware layer because every `from_fn` layer costs each request a boxed future and a
//! service call (docs/benchmarks.md, 'HTTP hot paths': the profile of `/api/site`).

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;

use crate::{admin_gate, input, maintenance};

pub async fn refusals(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let refusal = match input::nul_in_url_refusal(req.request()) {
        Some(refused) => Some(refused),
        None => match maintenance::refusal(req.request()).await {
            Some(refused) => Some(refused),
            None => admin_gate::refusal(req.request()).await,
        },
    };
    match refusal {
        Some(response) => Ok(req.into_response(response)),
        None => next.call(req).await.map(ServiceResponse::map_into_boxed_body),
    }
}
