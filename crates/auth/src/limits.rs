//! The account limits counted by this crate through the shared [`Limiter`]: failed logins
//! (per account and per client address) and code e-mails per client address. Their numbers
//! are in the limiter's table; code e-mails per e-mail address are counted in the database
//! (`codes::allow_request`).

use hometutor_limits::{Bucket, Limiter, RetryAfter};

use crate::AuthError;

/// One login attempt's claim on the two login buckets. It is counted before the password is
/// checked, so guesses sent at once cannot slip past the limit while the first are being
/// checked; only a wrong password keeps the count ([`LoginAttempt::failed`]). A right password
/// clears the account's failures ([`LoginAttempt::password_matched`]); any other end (invalid
/// input, a database error) gives both back when the attempt is dropped.
pub(crate) struct LoginAttempt<'a> {
    limiter: &'a Limiter,
    account: &'a str,
    ip: &'a str,
    outcome: Outcome,
}

#[derive(PartialEq)]
enum Outcome {
    Undecided,
    Failed,
    PasswordMatched,
}

impl<'a> LoginAttempt<'a> {
    /// `account` is the e-mail as typed, trimmed and lower-cased (so it needs no valid form).
    pub(crate) fn start(limiter: &'a Limiter, account: &'a str, ip: &'a str) -> Result<Self, AuthError> {
        limiter.hit(Bucket::LoginFailuresPerAccount, account).map_err(|wait| throttled("account", wait))?;
        if let Err(wait) = limiter.hit(Bucket::LoginFailuresPerIp, ip) {
            limiter.give_back(Bucket::LoginFailuresPerAccount, account);
            return Err(throttled("address", wait));
        }
        Ok(Self { limiter, account, ip, outcome: Outcome::Undecided })
    }

    pub(crate) fn failed(mut self) {
        metrics::counter!("hometutor_login_failures_total").increment(1);
        self.outcome = Outcome::Failed;
    }

    pub(crate) fn password_matched(mut self) {
        self.outcome = Outcome::PasswordMatched;
    }
}

impl Drop for LoginAttempt<'_> {
    fn drop(&mut self) {
        match self.outcome {
            Outcome::Failed => {}
            Outcome::PasswordMatched => {
                self.limiter.clear(Bucket::LoginFailuresPerAccount, self.account);
                self.limiter.give_back(Bucket::LoginFailuresPerIp, self.ip);
            }
            Outcome::Undecided => {
                self.limiter.give_back(Bucket::LoginFailuresPerAccount, self.account);
                self.limiter.give_back(Bucket::LoginFailuresPerIp, self.ip);
            }
        }
    }
}

/// A login refused before its password was checked; `by` names the limit it hit (`account` or `address`).
fn throttled(by: &'static str, wait: RetryAfter) -> AuthError {
    metrics::counter!("hometutor_login_throttled_total", "by" => by).increment(1);
    AuthError::RateLimited { retry_after_secs: wait.secs() }
}

/// Counts one code e-mail asked for from `ip`, whatever the addresses.
pub(crate) fn take_code_email(limiter: &Limiter, ip: &str) -> Result<(), AuthError> {
    limiter
        .hit(Bucket::CodeEmailsPerIp, ip)
        .map_err(|wait| AuthError::TooManyCodeEmails { retry_after_secs: wait.secs() })
}

/// A new password: the account's failed logins no longer count against it.
pub(crate) fn forget_login_failures(limiter: &Limiter, account: &str) {
    limiter.clear(Bucket::LoginFailuresPerAccount, account);
}
