//! Changing a password: with a code mailed to the owner, or set by an operator. Either ends every
//! session of the account and tells its owner by e-mail.

use chrono::Duration;
use hometutor_accounts as accounts;
use hometutor_core::{Email, Otp, Password, UserId};
use hometutor_mail::enqueue;

use super::setup::AuthService;
use crate::codes::{self, Purpose};
use crate::{emails, limits, AuthError};

impl AuthService {
    /// E-mails a reset code when the address has an account; answers the same either way.
    #[tracing::instrument(skip_all)]
    pub fn send_reset_otp(&self, email: &str, ip: &str) -> Result<(), AuthError> {
        let email = Email::parse(email)?;
        self.take_code_email(ip)?;
        self.db().write(|conn| {
            if let Err(retry_after_secs) = codes::allow_request(conn, email.as_str())? {
                return Ok(Err(AuthError::RateLimited { retry_after_secs }));
            }
            if let Some(owner) = accounts::find_by_email(conn, email.as_str())?.filter(|u| u.active) {
                let otp = codes::random_otp();
                codes::store(
                    conn,
                    self.key(),
                    Purpose::ResetPassword,
                    email.as_str(),
                    &otp,
                    Duration::minutes(codes::OTP_TTL_MINUTES),
                )?;
                enqueue(conn, &emails::password_reset(email.as_str(), &otp, owner.language))?;
            }
            Ok::<_, AuthError>(Ok(()))
        })??;
        self.inner.mail.notify();
        Ok(())
    }

    /// Sets a new password with a reset code; every earlier token stops working.
    /// Returns whose password changed, so the caller can close their chat sockets.
    #[tracing::instrument(skip_all)]
    pub fn reset_password(&self, email: &str, otp: &str, new_password: &str) -> Result<UserId, AuthError> {
        let email = Email::parse(email)?;
        let otp = Otp::parse(otp)?;
        let password = Password::parse(new_password, "newPassword")?;
        let hash = self.inner.hasher.hash(password.expose())?;
        let changed = self.db().write(|conn| {
            if !codes::check(conn, &self.inner.keys, Purpose::ResetPassword, email.as_str(), otp.as_str())? {
                return Ok(None);
            }
            let changed = accounts::reset_password(conn, email.as_str(), &hash)?;
            if let Some(id) = changed {
                let language = accounts::language_of(conn, id)?.unwrap_or_default();
                enqueue(conn, &emails::password_changed(email.as_str(), &self.login_url(), language))?;
            }
            Ok::<_, AuthError>(changed)
        })?;
        let id = changed.ok_or(AuthError::InvalidCode)?;
        self.inner.mail.notify();
        limits::forget_login_failures(&self.inner.config.limiter, email.as_str());
        Ok(id)
    }

    /// Sets a new password chosen by an operator and ends every session of the
    /// account (the token version moves on), as a password reset does; the owner
    /// is told by e-mail, queued in the same transaction.
    #[tracing::instrument(skip_all, fields(id = id.0))]
    pub fn set_password(&self, id: UserId, new_password: &str) -> Result<(), AuthError> {
        let password = Password::parse(new_password, "password")?;
        let hash = self.inner.hasher.hash(password.expose())?;
        let login_url = self.login_url();
        self.db().write(|conn| {
            let changed = accounts::set_password(conn, id, &hash)?;
            let Some(owner) = accounts::find(conn, id)?.filter(|_| changed) else {
                return Err(AuthError::NotFound);
            };
            enqueue(conn, &emails::password_changed(&owner.email, &login_url, owner.language))?;
            Ok(())
        })?;
        self.inner.mail.notify();
        Ok(())
    }

    fn login_url(&self) -> String {
        format!("{}/login", self.inner.config.public_url.trim_end_matches('/'))
    }
}
