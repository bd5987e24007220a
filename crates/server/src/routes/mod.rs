//! One file per domain; each exposes `config` to register its handlers.

pub mod admin;
pub mod auth;
pub mod availability;
pub mod booking_outcomes;
pub mod bookings;
pub mod calendar;
pub mod completeness;
pub mod discovery;
pub mod health;
pub mod lessons;
pub mod messages;
pub mod moderation;
pub mod notifications;
pub mod payments;
pub mod places;
pub mod site;
pub mod teaching_area;
pub mod tuition;
pub mod tutors;
pub mod uploads;
pub mod verification;
pub mod vocabulary;

use utoipa_actix_web::service_config::ServiceConfig;

pub fn config(cfg: &mut ServiceConfig) {
    health::config(cfg);
    auth::config(cfg);
    payments::config(cfg);
    tuition::config(cfg);
    // Before `messages`: the literal `/chat/blocks` wins over `/chat/{partnerId}`.
    moderation::config(cfg);
    messages::config(cfg);
    notifications::config(cfg);
    // Before `tutors`: `/tutors/search` and `/tutors/me/photo` win over `/tutors/{idOrEmail}`.
    discovery::config(cfg);
    // The literal `me/area` before the `{idOrEmail}` routes.
    teaching_area::config(cfg);
    completeness::config(cfg);
    // The literal `me/availability` before `{idOrEmail}/availability`.
    availability::config(cfg);
    bookings::config(cfg);
    calendar::config(cfg);
    booking_outcomes::config(cfg);
    lessons::config(cfg);
    tutors::config(cfg);
    uploads::config(cfg);
    verification::config(cfg);
    places::config(cfg);
    site::config(cfg);
    vocabulary::config(cfg);
    admin::config(cfg);
}
