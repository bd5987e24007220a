//! Sessions: logging in, resolving a bearer token to its account, logging out.

use diesel::prelude::*;
use hometutor_accounts::{self as accounts, User};
use hometutor_core::{single_line, FieldError, Password, UserId};
use hometutor_db::now;
use hometutor_db::schema::revoked_tokens;

use super::setup::AuthService;
use crate::limits::LoginAttempt;
use crate::tokens::{self, AuthUser, VerifiedToken};
use crate::AuthError;

#[derive(Debug, Clone)]
pub struct LoginInput {
    pub email: String,
    pub password: String,
    /// The caller's address, for the per-IP throttle.
    pub ip: String,
}

#[derive(Debug, Clone)]
pub struct Session {
    pub token: String,
    pub user: User,
}

impl AuthService {
    /// Checks the password and issues a session token. Failures are counted per
    /// account and per address; unknown and known e-mails fail alike.
    #[tracing::instrument(skip_all)]
    pub fn login(&self, input: LoginInput) -> Result<Session, AuthError> {
        let email = input.email.trim().to_lowercase();
        let attempt = LoginAttempt::start(&self.inner.config.limiter, &email, &input.ip)?;
        if input.email.trim().is_empty() || input.password.is_empty() {
            let text = hometutor_i18n::Message::new("validation-login-required");
            return Err(AuthError::Validation(vec![FieldError::text("email", text)]));
        }
        single_line("email", "Email", &input.email)?;
        let row = self.db().read(|conn| accounts::find_credentials(conn, &email).map_err(AuthError::from))?;
        let ok = input.password.len() <= Password::MAX_BYTES
            && self.inner.hasher.verify(&input.password, row.as_ref().map(|r| r.password_hash.as_str()))?;
        let Some(row) = row.filter(|_| ok) else {
            attempt.failed();
            return Err(AuthError::InvalidCredentials);
        };
        attempt.password_matched();
        if !row.user.active {
            return Err(AuthError::Deactivated);
        }
        if !row.user.email_verified {
            return Err(AuthError::EmailNotVerified);
        }
        let ver = row.token_version;
        let user = row.user;
        let claims = tokens::new_claims(user.id, user.role, &user.email, ver, self.inner.config.token_ttl);
        let token = tokens::issue(&self.inner.keys.current, &claims)?;
        Ok(Session { token, user })
    }

    /// Resolves a bearer token to its user, reading role and active flag from the
    /// database: a revoked token, a reset password or a deactivated account is out at once.
    #[tracing::instrument(skip_all)]
    pub fn authenticate(&self, token: &str) -> Result<AuthUser, AuthError> {
        self.confirm(self.verify(token)?)
    }

    /// The first half of [`AuthService::authenticate`], without the database: the token's
    /// signature, key, issuer, audience and expiry. Cheap enough for the reactor thread.
    pub fn verify(&self, token: &str) -> Result<VerifiedToken, AuthError> {
        tokens::verify(&self.inner.keys, token).map(VerifiedToken)
    }

    /// Whether the session whose token has this jti was logged out: what was handed out under
    /// it (a chat ticket) ends with it. Blocking: call it on the blocking pool.
    pub fn session_ended(&self, jti: &str) -> Result<bool, AuthError> {
        self.db().read(|conn| {
            let revoked: i64 = revoked_tokens::table.filter(revoked_tokens::jti.eq(jti)).count().get_result(conn)?;
            Ok::<_, AuthError>(revoked > 0)
        })
    }

    /// The second half of [`AuthService::authenticate`]: the account behind a verified
    /// token, read now. Blocking: call it on the blocking pool.
    pub fn confirm(&self, token: VerifiedToken) -> Result<AuthUser, AuthError> {
        let claims = token.0;
        let id = claims.sub.parse::<i64>().map_err(|_| AuthError::Unauthenticated)?;
        let (account, revoked) = self.db().read(|conn| {
            let account = accounts::token_check(conn, UserId(id))?;
            let revoked: i64 =
                revoked_tokens::table.filter(revoked_tokens::jti.eq(&claims.jti)).count().get_result(conn)?;
            Ok::<_, AuthError>((account, revoked > 0))
        })?;
        let Some(account) = account else {
            return Err(AuthError::Unauthenticated);
        };
        if revoked || !account.active || account.token_version != claims.ver {
            return Err(AuthError::Unauthenticated);
        }
        Ok(AuthUser {
            id: UserId(id),
            role: account.role,
            email: account.email,
            jti: claims.jti,
            expires_at: claims.exp,
            language: account.language,
        })
    }

    /// Revokes this one token.
    #[tracing::instrument(skip_all)]
    pub fn logout(&self, user: &AuthUser) -> Result<(), AuthError> {
        let expires = chrono::DateTime::from_timestamp(user.expires_at, 0).map(|t| t.naive_utc()).unwrap_or_else(now);
        self.db().write(|conn| {
            diesel::delete(revoked_tokens::table.filter(revoked_tokens::expires_at.lt(now()))).execute(conn)?;
            diesel::insert_into(revoked_tokens::table)
                .values((revoked_tokens::jti.eq(&user.jti), revoked_tokens::expires_at.eq(expires)))
                .execute(conn)?;
            Ok::<_, AuthError>(())
        })
    }
}
