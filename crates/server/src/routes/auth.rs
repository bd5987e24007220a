//! Accounts: registration, verification, login, profile, logout, password reset.

use actix_web::{get, post, put, web, HttpResponse};
use chrono::{DateTime, Utc};
use hometutor_auth::{LoginInput, ProfileChanges, RegisterInput, User, MAX_NAME_CHARS};
use hometutor_core::Role;
use hometutor_i18n::Language;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

use crate::blocking::blocking;
use crate::client_address::ClientAddress;
use crate::errors::{ApiError, ErrorBody};
use crate::extract::{Caller, CurrentUser};
use crate::input::Json;
use crate::language::Accepted;
use crate::schemas;
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
pub struct MessageResponse {
    pub message: String,
}

/// The catalogue's `id` in `language`.
fn message(language: Language, id: &str) -> MessageResponse {
    MessageResponse { message: hometutor_i18n::text(language, id, &[]) }
}

/// An account with its standing, as its owner and the admins see it (the password hash
/// and token version never leave the server).
// Not `User` itself: the subscription is read as of the moment of answering (`Subscription::at`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountDto {
    pub id: i64,
    pub fullname: String,
    pub email: String,
    pub phone: String,
    pub role: Role,
    pub active: bool,
    pub approved: bool,
    pub featured: bool,
    pub badges: Vec<String>,
    pub email_verified: bool,
    pub subscription_active: bool,
    pub subscription_expires: Option<DateTime<Utc>>,
    #[schema(example = "unpaid")]
    pub payment_status: String,
    pub created_at: DateTime<Utc>,
    #[schema(schema_with = crate::language::code_schema)]
    pub language: Language,
}

impl From<User> for AccountDto {
    fn from(u: User) -> Self {
        let subscription = u.subscription.at(hometutor_db::now());
        Self {
            id: u.id.0,
            fullname: u.fullname,
            email: u.email,
            phone: u.phone,
            role: u.role,
            active: u.active,
            approved: u.approved,
            featured: u.featured,
            badges: u.badges,
            email_verified: u.email_verified,
            subscription_active: subscription.active,
            subscription_expires: subscription.expires.map(|t| t.and_utc()),
            payment_status: u.payment_status,
            created_at: u.created_at.and_utc(),
            language: u.language,
        }
    }
}

// A missing field reads as "" so that the domain names it like a blank one (every
// field error at once); the document still lists the fields it refuses to go without.
#[derive(Deserialize, ToSchema)]
pub struct RegisterRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = fullname_schema)]
    pub fullname: String,
    /// `parent` (default) or `tutor`.
    #[serde(default = "default_role")]
    #[schema(value_type = SignupRole)]
    pub role: String,
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::email)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::phone)]
    pub phone: String,
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::new_password)]
    pub password: String,
    #[schema(schema_with = crate::language::registration_schema)]
    pub language: Option<String>,
}

/// A person's name (`hometutor_auth`'s rule).
fn fullname_schema() -> utoipa::openapi::Object {
    schemas::one_line(MAX_NAME_CHARS).build()
}

fn fullname_or_null_schema() -> utoipa::openapi::Object {
    schemas::one_line_or_null(MAX_NAME_CHARS).build()
}

/// The roles a person can sign up with (admins are made by admins). Only documents
/// `RegisterRequest::role`, which the domain parses so that a wrong one is a field error.
#[derive(ToSchema)]
#[schema(rename_all = "lowercase")]
#[allow(dead_code)] // a schema, never built
pub enum SignupRole {
    Parent,
    Tutor,
}

fn default_role() -> String {
    "parent".into()
}

#[derive(Serialize, ToSchema)]
pub struct RegisteredUser {
    pub email: String,
}

#[derive(Serialize, ToSchema)]
pub struct RegisterResponse {
    pub message: String,
    pub user: RegisteredUser,
}

/// Creates an account and e-mails a 6-digit code and a link. A taken address gets
/// the same answer (its owner is told by e-mail), so nobody learns who is registered.
/// Registering an address that is not verified yet replaces the earlier registration.
/// At most 10 code e-mails per client address an hour (with resend and reset).
#[utoipa::path(tag = "auth", request_body = RegisterRequest, responses(
    (status = 201, body = RegisterResponse),
    (status = 400, description = "Invalid fields", body = ErrorBody),
    (status = 429, description = "Too many code e-mails from this address", body = ErrorBody),
))]
#[post("/auth/register")]
#[tracing::instrument(skip_all)]
pub async fn register(
    state: web::Data<AppState>,
    client: ClientAddress,
    Accepted(browser): Accepted,
    body: Json<RegisterRequest>,
) -> Result<HttpResponse, ApiError> {
    let body = body.into_inner();
    let input = RegisterInput {
        fullname: body.fullname,
        role: body.role,
        email: body.email,
        phone: body.phone,
        password: body.password,
        ip: client.0.to_string(),
    };
    let auth = state.auth.clone();
    let chosen = body.language;
    // Answered in the language the account was given.
    let answer_in = chosen.as_deref().and_then(Language::parse).unwrap_or(browser);
    let email = blocking(move || auth.register_in(input, chosen.as_deref(), browser)).await?;
    Ok(HttpResponse::Created().json(RegisterResponse {
        message: message(answer_in, "done-registered").message,
        user: RegisteredUser { email },
    }))
}

#[derive(Deserialize, ToSchema)]
pub struct EmailOtpRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::email)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::otp)]
    pub otp: String,
}

/// Verifies the e-mail address with the code from the registration e-mail.
#[utoipa::path(tag = "auth", request_body = EmailOtpRequest, responses(
    (status = 200, body = MessageResponse),
    (status = 400, description = "Wrong, used or expired code", body = ErrorBody),
))]
#[post("/verify/email-otp")]
#[tracing::instrument(skip_all)]
pub async fn verify_email_otp(
    state: web::Data<AppState>,
    Accepted(language): Accepted,
    body: Json<EmailOtpRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let auth = state.auth.clone();
    blocking(move || auth.verify_email_otp(&body.email, &body.otp)).await?;
    Ok(web::Json(message(language, "done-email-verified")))
}

#[derive(Deserialize, ToSchema)]
pub struct EmailRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::email)]
    pub email: String,
}

/// Sends a new verification code (at most 3 code e-mails per address in 15 minutes,
/// and 10 per client address an hour).
#[utoipa::path(tag = "auth", request_body = EmailRequest, responses(
    (status = 200, body = MessageResponse),
    (status = 429, description = "Too many codes requested", body = ErrorBody),
))]
#[post("/verify/resend-otp")]
#[tracing::instrument(skip_all)]
pub async fn resend_otp(
    state: web::Data<AppState>,
    client: ClientAddress,
    Accepted(language): Accepted,
    body: Json<EmailRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let auth = state.auth.clone();
    let ip = client.0.to_string();
    blocking(move || auth.resend_verification(&body.email, &ip)).await?;
    Ok(web::Json(message(language, "done-code-resent")))
}

/// Both come from the link; a missing one makes the link invalid (400).
#[derive(Deserialize, IntoParams)]
pub struct VerifyLinkQuery {
    #[param(required = true, value_type = schemas::LinkTokenParameter, inline)]
    pub token: Option<String>,
    #[param(required = true, value_type = schemas::EmailParameter, inline)]
    pub email: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyLinkResponse {
    pub message: String,
    /// True when the address was verified before (the link followed a second time): nothing
    /// changed, and the person can sign in.
    pub already_verified: bool,
}

/// Verifies the e-mail address with the link from the registration e-mail. Followed again
/// once the address is verified, the link says so (200 with `alreadyVerified`).
#[utoipa::path(tag = "auth", params(VerifyLinkQuery), responses(
    (status = 200, body = VerifyLinkResponse),
    (status = 400, description = "Invalid verification link.", body = ErrorBody),
))]
#[get("/verify-email")]
#[tracing::instrument(skip_all)]
pub async fn verify_email_link(
    state: web::Data<AppState>,
    Accepted(language): Accepted,
    query: web::Query<VerifyLinkQuery>,
) -> Result<web::Json<VerifyLinkResponse>, ApiError> {
    let VerifyLinkQuery { token: Some(token), email: Some(email) } = query.into_inner() else {
        return Err(hometutor_auth::AuthError::InvalidLink.into());
    };
    let auth = state.auth.clone();
    let outcome = blocking(move || auth.verify_email_link(&email, &token)).await?;
    let already_verified = outcome == hometutor_auth::LinkOutcome::AlreadyVerified;
    let id = if already_verified { "done-already-verified" } else { "done-email-verified" };
    Ok(web::Json(VerifyLinkResponse { message: message(language, id).message, already_verified }))
}

#[derive(Deserialize, ToSchema)]
pub struct LoginRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::login_email)]
    pub email: String,
    /// Not empty (a wrong one is answered 401 like an unknown address).
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub password: String,
}

#[derive(Serialize, ToSchema)]
pub struct LoginResponse {
    pub token: String,
    pub role: Role,
    pub email: String,
    pub user: AccountDto,
}

/// Logs in; failures are throttled per account and per address (429 with Retry-After).
#[utoipa::path(tag = "auth", request_body = LoginRequest, responses(
    (status = 200, body = LoginResponse),
    (status = 401, description = "Invalid email or password.", body = ErrorBody),
    (status = 403, description = "E-mail not verified, or account deactivated", body = ErrorBody),
    (status = 429, description = "Too many failed attempts", body = ErrorBody),
))]
#[post("/auth/login")]
#[tracing::instrument(skip_all)]
pub async fn login(
    state: web::Data<AppState>,
    client: ClientAddress,
    body: Json<LoginRequest>,
) -> Result<web::Json<LoginResponse>, ApiError> {
    let ip = client.0.to_string();
    let body = body.into_inner();
    let auth = state.auth.clone();
    let session = blocking(move || auth.login(LoginInput { email: body.email, password: body.password, ip })).await?;
    Ok(web::Json(LoginResponse {
        token: session.token,
        role: session.user.role,
        email: session.user.email.clone(),
        user: session.user.into(),
    }))
}

#[derive(Serialize, ToSchema)]
pub struct ProfileResponse {
    pub user: AccountDto,
}

/// The caller's own account.
#[utoipa::path(tag = "auth", security(("bearer" = [])), responses(
    (status = 200, body = ProfileResponse),
    (status = 401, body = ErrorBody),
))]
#[get("/auth/profile")]
#[tracing::instrument(skip_all)]
pub async fn profile(state: web::Data<AppState>, me: Caller) -> Result<web::Json<ProfileResponse>, ApiError> {
    let auth = state.auth.clone();
    let user = me.blocking(move |me| auth.profile(me.id)).await?;
    Ok(web::Json(ProfileResponse { user: user.into() }))
}

/// Only these fields can be changed here: e-mail, role, subscription and approval cannot.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UpdateProfileRequest {
    #[schema(schema_with = fullname_or_null_schema)]
    pub fullname: Option<String>,
    #[schema(schema_with = schemas::phone_or_null)]
    pub phone: Option<String>,
    #[schema(schema_with = crate::language::code_or_null_schema)]
    pub language: Option<String>,
}

/// Changes the caller's name, phone and language (the language their e-mails,
/// notifications and the server's messages come in).
#[utoipa::path(tag = "auth", security(("bearer" = [])), request_body = UpdateProfileRequest, responses(
    (status = 200, body = ProfileResponse),
    (status = 400, description = "Invalid field, or a field that cannot be changed here", body = ErrorBody),
    (status = 401, body = ErrorBody),
))]
#[put("/auth/profile")]
#[tracing::instrument(skip_all)]
pub async fn update_profile(
    state: web::Data<AppState>,
    me: CurrentUser,
    body: Json<UpdateProfileRequest>,
) -> Result<web::Json<ProfileResponse>, ApiError> {
    let body = body.into_inner();
    let changes = ProfileChanges { fullname: body.fullname, phone: body.phone };
    let auth = state.auth.clone();
    let language = body.language;
    let user = blocking(move || auth.update_account(me.0.id, changes, language.as_deref())).await?;
    Ok(web::Json(ProfileResponse { user: user.into() }))
}

/// Revokes the token of this request.
#[utoipa::path(tag = "auth", security(("bearer" = [])), responses(
    (status = 200, body = MessageResponse),
    (status = 401, body = ErrorBody),
))]
#[post("/auth/logout")]
#[tracing::instrument(skip_all)]
pub async fn logout(state: web::Data<AppState>, me: CurrentUser) -> Result<web::Json<MessageResponse>, ApiError> {
    let (auth, user) = (state.auth.clone(), me.0.clone());
    blocking(move || auth.logout(&user)).await?;
    state.hub.end_session(me.0.id, &me.0.jti);
    Ok(web::Json(message(me.0.language, "done-logged-out")))
}

/// E-mails a password reset code; answers the same whether or not the address has an account.
#[utoipa::path(tag = "auth", request_body = EmailRequest, responses(
    (status = 200, body = MessageResponse),
    (status = 429, description = "Too many codes requested", body = ErrorBody),
))]
#[post("/auth/send-reset-otp")]
#[tracing::instrument(skip_all)]
pub async fn send_reset_otp(
    state: web::Data<AppState>,
    client: ClientAddress,
    Accepted(language): Accepted,
    body: Json<EmailRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let auth = state.auth.clone();
    let ip = client.0.to_string();
    blocking(move || auth.send_reset_otp(&body.email, &ip)).await?;
    Ok(web::Json(message(language, "done-reset-sent")))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordRequest {
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::email)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::otp)]
    pub otp: String,
    #[serde(default)]
    #[schema(required = true, schema_with = schemas::new_password)]
    pub new_password: String,
}

/// Sets a new password with the e-mailed code; every earlier session ends and the
/// owner gets a 'password was changed' e-mail.
#[utoipa::path(tag = "auth", request_body = ResetPasswordRequest, responses(
    (status = 200, body = MessageResponse),
    (status = 400, description = "Wrong or expired code, or invalid password", body = ErrorBody),
))]
#[post("/auth/reset-password")]
#[tracing::instrument(skip_all)]
pub async fn reset_password(
    state: web::Data<AppState>,
    Accepted(language): Accepted,
    body: Json<ResetPasswordRequest>,
) -> Result<web::Json<MessageResponse>, ApiError> {
    let auth = state.auth.clone();
    let user = blocking(move || auth.reset_password(&body.email, &body.otp, &body.new_password)).await?;
    // Every session ended with the old password, chat sockets included, in every process.
    state.hub.disconnect(user);
    Ok(web::Json(message(language, "done-password-reset")))
}

pub fn config(cfg: &mut ServiceConfig) {
    cfg.service(register)
        .service(verify_email_otp)
        .service(resend_otp)
        .service(verify_email_link)
        .service(login)
        .service(profile)
        .service(update_profile)
        .service(logout)
        .service(send_reset_otp)
        .service(reset_password);
}
