//! The admin panel's API (SPEC §7 "Admin"), one file per room of
//! `hometutor_admin`: users, tutors' standing, requests' moderation, the site
//! (settings, landing content, testimonials, broadcasts), support (tickets,
//! undelivered e-mails), media and analytics (with the audit log). Every handler
//! takes [`AdminOnly`](crate::extract::AdminOnly), so parents and tutors get 403;
//! every change is written to the audit log by the admin service. Response types
//! shared between rooms (and with `/api/site`) live in [`responses`].

mod analytics;
mod media;
mod reports;
mod request_enums;
mod requests;
mod responses;
mod site;
mod support;
mod tutors;
mod users;
mod verification;

use utoipa_actix_web::service_config::ServiceConfig;

pub use responses::Done;

pub fn config(cfg: &mut ServiceConfig) {
    users::config(cfg);
    tutors::config(cfg);
    requests::config(cfg);
    site::config(cfg);
    support::config(cfg);
    media::config(cfg);
    analytics::config(cfg);
    reports::config(cfg);
    verification::config(cfg);
}
