//! What every visitor may read or send about the site itself: its settings
//! (title, theme, logo, maintenance), the landing content with approved
//! testimonials, a parent's testimonial, and the Contact page's support ticket.

use actix_web::middleware::from_fn;
use actix_web::{get, post, web, HttpRequest, HttpResponse};
use hometutor_admin::{NewTicket, SiteContent, SiteSettings, Testimonial};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::CurrentUser;
use crate::input::Json;
use crate::rate_limit;
use crate::schemas;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
pub struct PublicTestimonial {
    pub id: i64,
    pub name: String,
    pub text: String,
}

#[derive(Serialize, ToSchema)]
pub struct SiteDto {
    pub settings: SiteSettings,
    pub content: SiteContent,
    /// Approved testimonials, newest first (at most 12).
    pub testimonials: Vec<PublicTestimonial>,
    /// True when PAYMENT_MODE is `simulated`: subscriptions cost nothing and tutors are told so.
    #[serde(rename = "demoPayments")]
    pub demo_payments: bool,
}

/// The site's settings and landing content, for every visitor (also during maintenance).
#[utoipa::path(tag = "site", responses(
    (status = 200, body = SiteDto, headers(("ETag" = String), ("Cache-Control" = String, description = "no-cache"))),
    (status = 304, description = "Unchanged since the ETag in If-None-Match"),
))]
#[get("/site")]
#[tracing::instrument(skip_all)]
pub async fn site(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let compute = || async {
        let service = state.admin.clone();
        let (settings, content, testimonials) = blocking(move || {
            Ok::<_, hometutor_admin::AdminError>((
                service.settings()?,
                service.content()?,
                service.approved_testimonials(12)?,
            ))
        })
        .await?;
        let body = SiteDto {
            settings,
            content,
            testimonials: testimonials
                .into_iter()
                .map(|t| PublicTestimonial { id: t.id, name: t.name, text: t.text })
                .collect(),
            demo_payments: state.cashfree_environment.is_none(),
        };
        serde_json::to_vec(&body).map(Into::into).map_err(ApiError::internal)
    };
    // Asked for on every page load: kept for a moment, revalidated by ETag.
    state.public_cache.answer(&req, Some("site".into()), "no-cache", compute).await
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TestimonialBody {
    #[schema(schema_with = testimonial_text_schema)]
    pub text: String,
}

fn testimonial_text_schema() -> utoipa::openapi::Object {
    schemas::not_blank_at_most(hometutor_admin::MAX_TESTIMONIAL_CHARS).build()
}

/// A parent's testimonial; it shows on the landing page once an admin approves it.
#[utoipa::path(tag = "site", security(("bearer" = [])), request_body = TestimonialBody, responses(
    (status = 201, body = Testimonial),
    (status = 400, body = ErrorBody),
    (status = 403, description = "Only parents", body = ErrorBody),
    (status = 409, description = "Too many waiting for approval", body = ErrorBody),
))]
#[post("/testimonials")]
#[tracing::instrument(skip_all)]
pub async fn submit_testimonial(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<TestimonialBody>,
) -> Result<HttpResponse, ApiError> {
    let (service, text) = (state.admin.clone(), body.into_inner().text);
    let saved = blocking(move || service.submit_testimonial(me.0.id, me.0.role, &text)).await?;
    Ok(HttpResponse::Created().json(saved))
}

// A missing field reads as "" so that the domain names it like a blank one (every
// field error at once); the document still lists the fields it refuses to go without.
/// The text fields are trimmed and must not be blank.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TicketBody {
    #[serde(default)]
    #[schema(required = true, schema_with = ticket_name_schema)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::email)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = ticket_subject_schema)]
    pub subject: String,
    #[serde(default)]
    #[schema(required = true, schema_with = ticket_message_schema)]
    pub message: String,
}

fn ticket_name_schema() -> utoipa::openapi::Object {
    schemas::not_blank_at_most(hometutor_admin::MAX_TICKET_NAME_CHARS).build()
}

fn ticket_subject_schema() -> utoipa::openapi::Object {
    schemas::not_blank_at_most(hometutor_admin::MAX_TICKET_SUBJECT_CHARS).build()
}

fn ticket_message_schema() -> utoipa::openapi::Object {
    schemas::not_blank_at_most(hometutor_admin::MAX_TICKET_MESSAGE_CHARS).build()
}

#[derive(Serialize, ToSchema)]
pub struct TicketCreated {
    pub id: i64,
    pub message: String,
}

/// The Contact page's message, kept as a support ticket (open to everyone).
#[utoipa::path(tag = "site", request_body = TicketBody, responses(
    (status = 201, body = TicketCreated),
    (status = 400, description = "A field is missing or invalid", body = ErrorBody),
    (status = 429, body = ErrorBody),
))]
#[post("/support-tickets", wrap = "from_fn(rate_limit::support_tickets)")]
#[tracing::instrument(skip_all)]
pub async fn submit_ticket(
    state: web::Data<AppState>,
    language: crate::language::Accepted,
    body: Json<TicketBody>,
) -> Result<HttpResponse, ApiError> {
    let b = body.into_inner();
    let ticket = NewTicket { name: b.name, email: b.email, subject: b.subject, message: b.message };
    let service = state.admin.clone();
    let saved = blocking(move || service.submit_ticket(&ticket)).await?;
    Ok(HttpResponse::Created()
        .json(TicketCreated { id: saved.id, message: hometutor_i18n::text(language.0, "done-ticket-sent", &[]) }))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(site).service(submit_testimonial).service(submit_ticket);
}
