//! The caller of a request, resolved from `Authorization: Bearer <JWT>`.

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;

use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use hometutor_auth::AuthUser;

use crate::blocking::blocking;
use crate::errors::{ApiError, ErrorCode};
use crate::state::AppState;

/// A logged-in user; the role and active flag were just read from the database.
pub struct CurrentUser(pub AuthUser);

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { authenticate(&req).await.map(CurrentUser) })
    }
}

/// The request's caller, checked against the database once per request: the
/// admin gate, the maintenance guard and the handler's extractor share the answer.
pub(crate) async fn authenticate(req: &HttpRequest) -> Result<AuthUser, ApiError> {
    match Caller::of(req)? {
        Caller { pending: Pending::Known(user), .. } => Ok(user),
        caller => caller.blocking(|user| Ok::<_, ApiError>(user.clone())).await,
    }
}

/// A logged-in user for the hot reads (the nearby search, the profile): the token's signature
/// and expiry are checked here on the reactor, and the account (revoked token, deactivated,
/// role) is read by [`Caller::blocking`] in the same trip to the blocking pool as the handler's
/// own work. [`CurrentUser`] makes that trip first and alone: two thread hand-overs each way
/// instead of one. The same rules either way: no token or a bad one is 401 at once, a revoked
/// token or a deactivated account 401 before the handler's work starts.
pub struct Caller {
    pending: Pending,
    req: HttpRequest,
}

enum Pending {
    /// An earlier check in this request (the maintenance guard's) already read the account.
    Known(AuthUser),
    Verified(hometutor_auth::VerifiedToken, hometutor_auth::AuthService),
}

impl FromRequest for Caller {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut actix_web::dev::Payload) -> Self::Future {
        std::future::ready(Caller::of(req))
    }
}

impl Caller {
    fn of(req: &HttpRequest) -> Result<Self, ApiError> {
        let known = req.extensions().get::<AuthUser>().cloned();
        let pending = match known {
            Some(user) => Pending::Known(user),
            None => {
                let token = bearer_token(req).ok_or_else(ApiError::unauthenticated)?;
                let state = req.app_data::<web::Data<AppState>>().ok_or_else(ApiError::unauthenticated)?;
                Pending::Verified(state.auth.verify(&token)?, state.auth.clone())
            }
        };
        Ok(Self { pending, req: req.clone() })
    }

    /// Confirms the caller, then runs `work` for them, both on one blocking thread.
    pub async fn blocking<T, E>(
        self,
        work: impl FnOnce(&AuthUser) -> Result<T, E> + Send + 'static,
    ) -> Result<T, ApiError>
    where
        T: Send + 'static,
        E: Into<ApiError> + Send + 'static,
    {
        let Caller { pending, req } = self;
        let (user, answer) = blocking(move || {
            let user = match pending {
                Pending::Known(user) => user,
                Pending::Verified(token, auth) => auth.confirm(token)?,
            };
            let answer = work(&user).map_err(Into::into);
            Ok::<_, ApiError>((user, answer))
        })
        .await?;
        crate::access_log::record_user(&req, user.id.0);
        req.extensions_mut().insert(user);
        answer
    }
}

/// A logged-in admin; anyone else gets 403 (401 without a valid token). Carries the request's
/// client address for the audit log.
pub struct AdminOnly(pub AuthUser, IpAddr);

impl AdminOnly {
    /// The admin as the audit log names them.
    pub fn actor(&self) -> hometutor_admin::Actor {
        hometutor_admin::Actor { id: self.0.id, email: self.0.email.clone(), address: self.1.to_string() }
    }
}

impl FromRequest for AdminOnly {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut actix_web::dev::Payload) -> Self::Future {
        let user = CurrentUser::from_request(req, payload);
        let address = crate::client_address::client_address(req);
        Box::pin(async move {
            let CurrentUser(user) = user.await?;
            if user.role != hometutor_core::Role::Admin {
                return Err(forbidden_for_non_admins());
            }
            Ok(AdminOnly(user, address))
        })
    }
}

pub(crate) fn forbidden_for_non_admins() -> ApiError {
    let text = hometutor_i18n::Message::new("error-admin-only");
    ApiError::text(actix_web::http::StatusCode::FORBIDDEN, ErrorCode::AdminOnly, text)
}

fn bearer_token(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    (scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty()).then(|| token.trim().to_string())
}
