//! Tuition requests: a parent's own list, post, edit, close and delete (`requests`); a
//! subscribed tutor's nearby search, its count and its filters' counts (`nearby`) and interest (`interest`).

mod interest;
mod nearby;
mod requests;
mod wire;

use utoipa_actix_web::service_config::ServiceConfig;

pub(crate) use wire::{parse_coordinates, vocabulary_id_schema, Coordinates};

pub fn config(cfg: &mut ServiceConfig) {
    // `nearby` before `{id}` routes, so the literal path wins.
    cfg.service(requests::my_requests)
        .service(nearby::nearby_count)
        .service(nearby::nearby_facets)
        .service(nearby::nearby)
        .service(requests::create_request)
        .service(requests::update_request)
        .service(requests::delete_request)
        .service(interest::interested)
        .service(interest::sharing)
        .service(requests::close_request)
        .service(requests::reopen_request);
}
